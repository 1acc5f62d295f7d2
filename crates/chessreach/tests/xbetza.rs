//! The XBetza dialect: hand-checked diagrams of the famous multi-leg pieces (typed from the
//! notation's rules, not from the product's reader), both colours, among blockers; texts both
//! dialects read alike; the printer's round trip.

use std::collections::BTreeSet;

use chessreach::attack::{AttackMap, Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect};
use chessreach::piece::{xbetza, Colour, Rule};
use proptest::prelude::*;

fn sq(s: &str) -> Coord {
    s.parse().expect("square")
}

fn set(list: &str) -> BTreeSet<Coord> {
    list.split_whitespace().map(sq).collect()
}

/// A position with the piece `text` (XBetza) of `colour` on `at`, white blockers (kind: a
/// plain wazir) on `friends` and black ones on `foes`.
fn position(text: &str, colour: Colour, at: &str, white: &str, black: &str) -> Position {
    let rule = xbetza::parse(text).expect("reads");
    let kinds = vec![Kind::new('X', rule), Kind::new('P', "W".parse().expect("W"))];
    let mut pieces = vec![Placed {
        kind: 0,
        colour,
        at: sq(at),
    }];
    for (list, c) in [(white, Colour::White), (black, Colour::Black)] {
        pieces.extend(set(list).into_iter().map(|at| Placed {
            kind: 1,
            colour: c,
            at,
        }));
    }
    Position::new(Board::Rect(Rect::new(8, 8).expect("8x8")), kinds, pieces).expect("valid")
}

/// The squares piece 0 attacks (through the attack map: its attackers lists).
fn attacked(pos: &Position) -> BTreeSet<Coord> {
    let map = AttackMap::new(pos).expect("bounded");
    let rect = pos.rect().expect("bounded");
    rect.squares()
        .filter(|&s| map.attackers(s).contains(&0))
        .map(|s| rect.coord(s))
        .collect()
}

fn moves(pos: &Position) -> BTreeSet<(Coord, Vec<Coord>)> {
    pos.moves_of(0)
        .expect("bounded")
        .into_iter()
        .map(|m| (m.to, m.captures().to_vec()))
        .collect()
}

fn destinations(pos: &Position) -> BTreeSet<Coord> {
    moves(pos).into_iter().map(|m| m.0).collect()
}

#[test]
fn mao_is_a_knight_blocked_on_its_orthogonal_step() {
    let pos = position("afsW", Colour::White, "d4", "", "");
    assert_eq!(destinations(&pos), set("c6 e6 b5 b3 f5 f3 c2 e2"));
    assert_eq!(attacked(&pos), set("c6 e6 b5 b3 f5 f3 c2 e2"));
    // A piece on d5 blocks c6 and e6; a foe on e6 is captured, a friend on f5 is not.
    let pos = position("afsW", Colour::White, "d4", "d5 f5", "e2");
    assert_eq!(destinations(&pos), set("b5 b3 f3 c2 e2"));
    assert!(moves(&pos).contains(&(sq("e2"), vec![sq("e2")])));
    assert_eq!(attacked(&pos), set("b5 b3 f5 f3 c2 e2"));
}

#[test]
fn moa_is_a_knight_blocked_on_its_diagonal_step() {
    let pos = position("afsF", Colour::White, "d4", "e5", "");
    assert_eq!(destinations(&pos), set("c6 b5 b3 c2 e2 f3"));
}

#[test]
fn checker_captures_by_jumping_forward_onto_an_empty_square() {
    // No foe: no move, but both forward diagonals are attacked (the landings are empty).
    let pos = position("fmFfcafmF", Colour::White, "d4", "", "");
    assert_eq!(destinations(&pos), set("c5 e5"));
    assert_eq!(attacked(&pos), set("c5 e5"));
    // A foe on e5 with f6 empty: captured by jumping to f6; with b6 taken, c5 is not attacked.
    let pos = position("fmFfcafmF", Colour::White, "d4", "b6", "e5");
    assert_eq!(
        moves(&pos),
        [(sq("c5"), vec![]), (sq("f6"), vec![sq("e5")])]
            .into_iter()
            .collect()
    );
    assert_eq!(attacked(&pos), set("e5"));
    // Black jumps down the board.
    let pos = position("fmFfcafmF", Colour::Black, "d5", "e4", "");
    assert_eq!(
        moves(&pos),
        [(sq("c4"), vec![]), (sq("f3"), vec![sq("e4")])]
            .into_iter()
            .collect()
    );
    assert_eq!(attacked(&pos), set("c4 e4"));
}

#[test]
fn griffon_steps_diagonally_then_slides_outwards() {
    let pos = position("FyafsF", Colour::White, "d4", "", "");
    let expected = set("c3 c5 e3 e5 e6 e7 e8 f5 g5 h5 c6 c7 c8 b5 a5 e2 e1 f3 g3 h3 c2 c1 b3 a3");
    assert_eq!(destinations(&pos), expected);
    assert_eq!(attacked(&pos), expected);
    // A foe on e7 stops the ride there (captured); a piece on c5 stops everything through it.
    let pos = position("FyafsF", Colour::White, "d4", "c5", "e7");
    let d = destinations(&pos);
    assert!(
        d.contains(&sq("e7")) && !d.contains(&sq("e8")) && !d.contains(&sq("c6")) && !d.contains(&sq("b5"))
    );
    assert!(attacked(&pos).contains(&sq("c5")));
}

#[test]
fn ski_slider_skips_its_first_square() {
    let pos = position("jR", Colour::White, "a1", "a2", "a5");
    assert_eq!(destinations(&pos), set("a3 a4 a5 c1 d1 e1 f1 g1 h1"));
    assert_eq!(attacked(&pos), set("a3 a4 a5 c1 d1 e1 f1 g1 h1"));
}

#[test]
fn locust_king_attacks_what_it_can_capture_and_step_away_from() {
    // `caK`: capture a neighbour, then one more king step (not straight back). On a corner a1
    // with a foe on b2: b2 is captured and the piece goes on to any neighbour of b2 but a1.
    let pos = position("caK", Colour::White, "a1", "", "b2");
    let m = moves(&pos);
    assert_eq!(m.len(), 7, "{m:?}");
    assert!(m.iter().all(|(_, c)| c == &vec![sq("b2")]));
    // Every neighbour is attacked (a foe there could be captured, then stepped away from).
    // So is every square its last leg reaches from b2 (it may capture there).
    assert_eq!(attacked(&pos), set("a2 b1 b2 a3 b3 c1 c2 c3"));
}

#[test]
fn black_pieces_are_white_ones_turned() {
    // A forward-only bent move: White goes up, Black down.
    let white = position("fmafmW", Colour::White, "d4", "", "");
    let black = position("fmafmW", Colour::Black, "d5", "", "");
    assert_eq!(destinations(&white), set("d6"));
    assert_eq!(destinations(&black), set("d3"));
    // XBetza's diagonal pair on a king, for Black too (XBoard would keep it pointing up).
    let black = position("frK", Colour::Black, "d5", "", "");
    assert_eq!(destinations(&black), set("c4"));
}

#[test]
fn texts_both_dialects_read_alike_are_the_same_piece() {
    for text in [
        "N", "R", "B", "Q", "K", "fmWfcF", "mRcpR", "gQ", "nN", "nD", "KAD", "WD", "fR", "bW", "W3", "lrR",
        "vR", "sW", "ffN", "fhN", "rfN",
    ] {
        let fsf: Rule = text.parse().expect("fsf");
        let xb = xbetza::parse(text).expect("xbetza");
        assert_eq!(fsf, xb, "{text}");
    }
}

#[test]
fn dialects_differ_where_the_docs_say() {
    let fsf: Rule = "fsK".parse().expect("fsf");
    let xb = xbetza::parse("fsK").expect("xbetza");
    assert_ne!(fsf, xb);
    assert_eq!(xb, xbetza::parse("fF").expect("fF"));
    assert_eq!(xbetza::parse("L").expect("L"), xbetza::parse("C").expect("C"));
    assert_eq!(xbetza::parse("J").expect("J"), xbetza::parse("Z").expect("Z"));
    assert_eq!(xbetza::parse("NN").expect("NN"), xbetza::parse("N0").expect("N0"));
    assert_eq!(
        xbetza::parse("NN3").expect("NN3"),
        xbetza::parse("N3").expect("N3")
    );
}

#[test]
fn game_state_is_refused_and_skipped_letters_warned() {
    for text in ["O2", "feF", "iiW", "W("] {
        assert!(xbetza::parse(text).is_err(), "{text}");
    }
    let r = xbetza::read("cmW").expect("reads");
    assert_eq!(r.rule, xbetza::parse("cW").expect("cW"));
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].at, 1);
}

#[test]
fn famous_pieces_print_and_read_back() {
    for text in [
        "afsW",
        "afsF",
        "fmFfcafmF",
        "FyafsF",
        "jR",
        "KADcaKmabK",
        "caK",
        "oR",
        "dK",
        "nZ",
        "pafsR",
        "mpafsW",
        "fmWfcFifmnD",
        "gR2",
        "yafsF",
        "N0",
        "nNN",
        "jjD",
        "tpaR",
        "cacacaK",
    ] {
        let r = xbetza::parse(text).expect(text);
        let printed = xbetza::print(&r);
        assert!(!printed.contains('?'), "{text} → {printed}");
        assert_eq!(xbetza::parse(&printed).expect(&printed), r, "{text} → {printed}");
        assert!(
            printed.len() <= text.len(),
            "{text} → {printed}: longer than the text"
        );
    }
}

#[test]
fn canonical_texts_are_the_ones_people_write() {
    for (text, canonical) in [
        ("R", "R"),
        ("afsW", "afsW"),
        ("mafsW", "afsW"),
        ("fcafmF", "fcafmF"),
        ("FyafsF", "FyafsF"),
        ("jR", "jR"),
        ("KADcaKmabK", "KDAcaKabK"),
        ("lmaflWrmafrW", "laflWrafrW"),
        ("fsK", "fF"),
        ("NN", "NN"),
    ] {
        let printed = xbetza::print(&xbetza::parse(text).expect(text));
        assert_eq!(printed, canonical, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn printing_reads_back(text in "[fblrsvhmcdtpgoynja]{0,6}[WFDNAHCZGKQRB][0-3]?") {
        if let Ok(r) = xbetza::parse(&text) {
            let printed = xbetza::print(&r);
            prop_assert!(!printed.contains('?'), "{} → {}", text, printed);
            prop_assert_eq!(xbetza::parse(&printed).expect("reads back"), r, "{} → {}", text, printed);
        }
    }

    #[test]
    fn any_text_reads_or_fails_cleanly(text in "\\PC{0,12}") {
        let _ = xbetza::read(&text);
    }
}

#[test]
fn move_diagram_draws_moves_locust_victims_and_landings() {
    use chessreach::attack::{compare_dialects, move_diagram, Cell, Comparison};
    let rect = Rect::new(8, 8).expect("8x8");
    let rule = xbetza::parse("fmFfcafmF").expect("checker");
    let cells = move_diagram(&rule, rect, sq("d4"), Colour::White, &[sq("e5")]).expect("diagram");
    assert_eq!(cells.get(&sq("e5")), Some(&Cell::Locust));
    assert_eq!(cells.get(&sq("f6")), Some(&Cell::Move));
    assert_eq!(cells.get(&sq("c5")), Some(&Cell::MoveOrCapture));
    assert_eq!(
        compare_dialects("fsK", rect, sq("d4"), Colour::White, &[]).expect("compare"),
        Comparison::Differ(vec![sq("c4"), sq("e4")])
    );
    assert_eq!(
        compare_dialects("N", rect, sq("d4"), Colour::White, &[]).expect("compare"),
        Comparison::Same
    );
}

#[test]
fn move_diagram_tells_captured_blockers_from_blockers_in_the_way() {
    use chessreach::attack::{move_diagram, Cell};
    let rect = Rect::new(8, 8).expect("8x8");
    let rook = xbetza::parse("R").expect("R");
    let blockers = [sq("d6"), sq("d7"), sq("f6")];
    let cells = move_diagram(&rook, rect, sq("d4"), Colour::White, &blockers).expect("diagram");
    assert_eq!(cells.get(&sq("d6")), Some(&Cell::Captured));
    assert_eq!(
        cells.get(&sq("d7")),
        Some(&Cell::Blocker),
        "behind d6: out of reach"
    );
    assert_eq!(
        cells.get(&sq("f6")),
        Some(&Cell::Blocker),
        "not on the rook's lines"
    );
    assert_eq!(cells.get(&sq("d5")), Some(&Cell::MoveOrCapture));
    // The legend names what the diagram shows, nothing else.
    let legend = Cell::legend(cells.values());
    assert_eq!(
        legend,
        "@ the piece   # a blocker (a foe) in the way   C a blocker it captures   * moves or captures"
    );
}

/// A locust victim stays on its square for the later legs (as in XBoard), so a path may end
/// where it took one: `cafmabW` takes d5, steps on to d6 and comes back onto d5 — one piece
/// taken once, not twice (a route replayed it twice before).
#[test]
fn a_path_ending_on_its_locust_victim_takes_it_once() {
    let pos = position("cafmabW", Colour::White, "d4", "", "d5");
    let all = moves(&pos);
    assert!(all.contains(&(sq("d5"), vec![sq("d5")])), "{all:?}");
    assert!(all.iter().all(|(_, taken)| taken.len() == 1), "{all:?}");
}

/// A long walk of one piece's moves tells its progress as it goes (the lab stops a request
/// at its deadline on such a step), not only when it starts.
#[test]
fn a_long_move_walk_tells_its_progress() {
    let rule = xbetza::parse("mpasmpasQ").expect("reads");
    let rect = Rect::new(40, 40).expect("40x40");
    let pos = Position::new(
        Board::Rect(rect),
        vec![Kind::new('X', rule)],
        vec![Placed {
            kind: 0,
            colour: Colour::White,
            at: Coord::new(20, 20),
        }],
    )
    .expect("valid");
    let heard = std::sync::Mutex::new(Vec::new());
    let record = |_: &'static str, done: u64, _: u64| heard.lock().expect("not poisoned").push(done);
    let moves = pos.moves_of_progress(0, Some(&record)).expect("bounded");
    assert!(!moves.is_empty());
    let heard = heard.into_inner().expect("not poisoned");
    assert!(heard.iter().any(|&done| done > 0), "told only {heard:?}");
}
