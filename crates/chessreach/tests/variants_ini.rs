//! Reading real `variants.ini` files: Fairy-Stockfish's shipped file (read from
//! `../shared/data` beside the repository or from `CHESSREACH_FSF_INI`, never copied in),
//! sections skipped with warnings at the right lines, every custom piece slot, pawns' triple
//! steps, Reversi's and Ataxx's pieces, promoted movers.
//! The pyffish differential check (`scripts/check_variants.py --ini`) compares the attack maps
//! of every section with Fairy-Stockfish itself.

use chessreach::attack::{AttackMap, SpecErrorKind};
use chessreach::limits::Budget;
use chessreach::load::Loaded;
use chessreach::path::{ask, Area, Capturable, Question};
use chessreach::piece::Colour;
use chessreach::variant::{Catalogue, IniErrorKind, Outcome, Strictness, Variant};

/// Fairy-Stockfish's shipped `variants.ini`: the file `CHESSREACH_FSF_INI` names, else the
/// project's shared data beside the repository's root (`../shared/data/fairy-stockfish/`).
fn shipped() -> String {
    let beside = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/fairy-stockfish/variants.ini"
    );
    let path = std::env::var("CHESSREACH_FSF_INI").unwrap_or_else(|_| beside.to_owned());
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{path}: {e}: this test reads Fairy-Stockfish's shipped variants.ini (outside test \
             data, never copied in); set CHESSREACH_FSF_INI to its path"
        )
    })
}

/// The squares a variant's mover reaches in one move, from a route question's distance map.
fn one_move(loaded: &Loaded, spec: &str) -> Vec<String> {
    let moving = loaded.mover(spec).expect("mover");
    let question = Question {
        mover: moving.mover.clone(),
        target: Area::Everywhere,
        may_capture: Capturable::Nothing,
    };
    let map = ask(&moving.position, &question, Budget::unlimited()).expect("a distance map");
    let mut out: Vec<String> = map
        .iter()
        .filter(|&(_, d)| d == Some(1))
        .map(|(c, _)| c.to_string())
        .collect();
    out.sort();
    out
}

fn squares(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_owned).collect();
    v.sort();
    v
}

#[test]
fn the_shipped_file_loads_every_section() {
    let text = shipped();
    let sections = text.lines().filter(|l| l.starts_with('[')).count();
    let mut c = Catalogue::with_builtin();
    let report = c
        .read(&text, "variants.ini", Strictness::Lenient)
        .expect("lenient");
    assert_eq!(report.names.len(), sections, "every section loads");
    // Elgam's `o:nC`: Fairy-Stockfish gives a lame camel no move, and so does chessreach.
    let notes: Vec<_> = report
        .warnings
        .iter()
        .map(|w| (w.section.as_str(), w.outcome, w.error.line, w.error.column))
        .collect();
    assert_eq!(notes, [("elgam", Outcome::NoMove, 2100, 18)]);
    let elgam = c.get("elgam").expect("loaded");
    assert!(elgam.piece('o').expect("the piece").rule.is_empty());
    for name in &report.names {
        let v = c.get(name).expect("loaded");
        let pos = v.start_position().unwrap_or_else(|e| panic!("{name}: {e}"));
        AttackMap::new(&pos).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // Strictly, the first warning is the error, and nothing is added.
    let mut strict = Catalogue::with_builtin();
    let e = strict.load(&text, "variants.ini").expect_err("elgam");
    assert_eq!((e.line, e.column), (2100, 18));
    assert!(matches!(e.kind, IniErrorKind::Betza(_)));
    assert!(strict.get("elgam").is_none() && strict.get("wildebeest").is_none());
}

const BROKEN: &str = "; a comment
[good:chess]
customPiece25 = z:NN
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1

[bad:chess]
maxFile = 40

[child:bad]
[nohdr
x = 1
[also:chess]
this has no equals
[fine:good]
customPiece3 = y:WsfN
[chess]
[wrongstart:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1
";

#[test]
fn a_section_that_does_not_read_is_skipped_with_its_line() {
    let mut c = Catalogue::with_builtin();
    let report = c.read(BROKEN, "f.ini", Strictness::Lenient).expect("lenient");
    assert_eq!(report.names, ["good", "fine"]);
    let got: Vec<_> = report
        .warnings
        .iter()
        .map(|w| (w.section.as_str(), w.outcome, w.error.line, w.error.column))
        .collect();
    assert_eq!(
        got,
        [
            ("bad", Outcome::Skipped, 7, 11),
            ("child", Outcome::Skipped, 9, 8),
            ("nohdr", Outcome::Skipped, 10, 7),
            ("also", Outcome::Skipped, 13, 1),
            ("fine", Outcome::NoMove, 15, 19),
            ("chess", Outcome::Skipped, 16, 2),
            ("wrongstart", Outcome::Skipped, 18, 12),
        ]
    );
    let kinds: Vec<&IniErrorKind> = report.warnings.iter().map(|w| &w.error.kind).collect();
    assert!(matches!(kinds[0], IniErrorKind::BadValue { .. }));
    assert!(matches!(kinds[1], IniErrorKind::SkippedTemplate { name, line: 6 } if name == "bad"));
    assert!(matches!(kinds[2], IniErrorKind::NoClosingBracket));
    assert!(matches!(kinds[3], IniErrorKind::NoEquals));
    assert!(matches!(kinds[4], IniErrorKind::Betza(_)));
    assert!(matches!(kinds[5], IniErrorKind::Duplicate(_)));
    assert!(matches!(kinds[6], IniErrorKind::StartPosition(_)));
    let first = report.warnings[0].to_string();
    assert!(
        first.starts_with("f.ini:7:11: [bad] section skipped: maxFile"),
        "{first}"
    );
    // `WsfN`: the group Fairy-Stockfish gives no move goes, the wazir stays.
    assert_eq!(
        c.get("fine").expect("read").piece('y').expect("y").rule,
        "W".parse().expect("W")
    );
    // The 25th custom piece, inherited.
    let z = c.get("fine").expect("read").piece('z').expect("z");
    assert_eq!(
        (z.kind.as_str(), z.rule.to_string()),
        ("customPiece25", "NN".to_owned())
    );
    // Strictly: the first warning is the error; nothing is added.
    let mut strict = Catalogue::with_builtin();
    let e = strict
        .read(BROKEN, "f.ini", Strictness::Strict)
        .expect_err("strict");
    assert_eq!((e.line, e.column), (7, 11));
    assert!(strict.get("good").is_none());
}

fn wildebeest() -> Variant {
    let mut c = Catalogue::with_builtin();
    c.read(&shipped(), "variants.ini", Strictness::Lenient)
        .expect("lenient");
    c.get("wildebeest").expect("loaded").clone()
}

#[test]
fn pawns_triple_step_from_their_region() {
    let v = wildebeest();
    assert_eq!(v.triple_step_region[0].len(), 11);
    let empty = Loaded::of_variant(&v, Some("k10/11/11/11/11/11/11/11/11/10K w - - 0 1")).expect("fen");
    // From the second rank: one, two or three squares (the triple-step region is rank 2).
    assert_eq!(one_move(&empty, "P@c2"), squares("c3 c4 c5"));
    // From the third rank (double-step region only): one or two.
    assert_eq!(one_move(&empty, "P@c3"), squares("c4 c5"));
    // Black's region is rank 9, moving down.
    assert_eq!(one_move(&empty, "b:P@c9"), squares("c8 c7 c6"));
    // Both squares passed must be empty.
    let blocked = Loaded::of_variant(&v, Some("k10/11/11/11/11/11/11/2N8/11/10K w - - 0 1")).expect("fen");
    assert_eq!(one_move(&blocked, "P@c2"), squares(""));
    let far = Loaded::of_variant(&v, Some("k10/11/11/11/11/2N8/11/11/11/10K w - - 0 1")).expect("fen");
    assert_eq!(one_move(&far, "P@c2"), squares("c3 c4"));
}

#[test]
fn reversi_and_ataxx_pieces_move_as_fairy_stockfish_moves_them() {
    let builtin = Catalogue::builtin();
    for name in ["flipersi", "flipello", "flipello10", "ataxx"] {
        let v = builtin.get(name).expect("built in");
        let pos = v.start_position().expect("start");
        // Nothing captures: enclosing flips colours, it is not an attack.
        let map = AttackMap::new(&pos).expect("map");
        assert_eq!(
            map.attacked(Colour::White).count() + map.attacked(Colour::Black).count(),
            0,
            "{name}"
        );
    }
    let flipello = Loaded::of_variant(builtin.get("flipello").expect("built in"), None).expect("start");
    assert_eq!(one_move(&flipello, "P@c3"), squares(""));
    // Ataxx: a jump of two squares (the one-square clone is a drop).
    let ataxx = Loaded::of_variant(
        builtin.get("ataxx").expect("built in"),
        Some("7/7/7/7/7/7/7 w 0 1"),
    )
    .expect("fen");
    assert_eq!(
        one_move(&ataxx, "P@d4"),
        squares("b2 c2 d2 e2 f2 b3 f3 b4 f4 b5 f5 b6 c6 d6 e6 f6")
    );
}

#[test]
fn a_promoted_piece_is_a_mover() {
    let shogi = Loaded::of_variant(
        Catalogue::builtin().get("shogi").expect("built in"),
        Some("9/9/9/9/9/9/9/9/9[-] w 0 1"),
    )
    .expect("fen");
    // `+P` moves as a gold general, each side forward.
    assert_eq!(one_move(&shogi, "+P@e5"), squares("d6 e6 f6 d5 f5 e4"));
    assert_eq!(one_move(&shogi, "b:+P@e5"), squares("d4 e4 f4 d5 f5 e6"));
    let moving = shogi.mover("+R@e5").expect("a dragon");
    assert_eq!(
        (moving.symbol, moving.mover.rule),
        ('R', "RF".parse().expect("the dragon king"))
    );
    // Pieces that do not promote, and promotion outside a variant.
    let e = shogi.mover("b:+K@e5").expect_err("a king does not promote");
    assert_eq!((e.at, e.kind), (2, SpecErrorKind::NotPromoted('K')));
    let plain = Loaded::new(shogi.position.clone(), chessreach::attack::Symbols::default());
    assert!(matches!(
        plain.mover("+P@e5").map_err(|e| e.kind),
        Err(SpecErrorKind::NotPromoted('P'))
    ));
    // A malformed square is placed in the spec as written.
    let e = shogi.mover("+P@zz").expect_err("square");
    assert_eq!(e.at, 3);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Any text reads without a panic, leniently: each warning is placed on a line of the
    /// text, and a section either loads or has a warning.
    #[test]
    fn any_text_reads_with_placed_warnings(
        lines in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::string::string_regex("\\[[a-z]{0,3}(:(chess|xiangqi|[a-z]{1,3}))?\\]?").expect("regex"),
                proptest::string::string_regex("(maxFile|maxRank|customPiece[0-9]{1,2}|startFen|promotedPieceType|tripleStepRegionWhite) ?= ?[a-z0-9:*+ ]{0,8}").expect("regex"),
                proptest::string::string_regex("customPiece[1-9] = [a-z]:[a-zA-Z()0-9,]{0,6}").expect("regex"),
                "\\PC{0,12}",
            ],
            0..16,
        )
    ) {
        let text = lines.join("\n");
        let mut c = Catalogue::with_builtin();
        let report = c.read(&text, "p.ini", Strictness::Lenient).expect("lenient never fails");
        let count = text.lines().count();
        for w in &report.warnings {
            proptest::prop_assert!(w.error.line >= 1 && w.error.line <= count, "{w}");
        }
        let sections = text.lines().filter(|l| l.starts_with('[')).count();
        let skipped = report.warnings.iter().filter(|w| w.outcome == Outcome::Skipped).count();
        proptest::prop_assert_eq!(report.names.len() + skipped, sections);
    }
}
