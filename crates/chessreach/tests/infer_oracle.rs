//! Rule inference against brute force: diagrams made from known rules, and noisy diagrams.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "test diagrams are small"
)]
use std::collections::BTreeSet;

use chessreach::infer::{infer, infer_with, Diagram, Engine, Mark, OffsetSet};
use chessreach::problems::{solve, Problem, SolveError};
use proptest::prelude::*;

/// The diagram a rule (offsets as (down, right)) draws for pieces on an h×w board.
fn draw(h: usize, w: usize, pieces: &BTreeSet<(usize, usize)>, rule: &BTreeSet<(i64, i64)>) -> Diagram {
    let mut rows = vec![vec![Mark::Safe; w]; h];
    for &(r, c) in pieces {
        rows[r][c] = Mark::Piece;
    }
    for &(r, c) in pieces {
        for &(dr, dc) in rule {
            let (tr, tc) = (r as i64 + dr, c as i64 + dc);
            if (0..h as i64).contains(&tr)
                && (0..w as i64).contains(&tc)
                && rows[tr as usize][tc as usize] != Mark::Piece
            {
                rows[tr as usize][tc as usize] = Mark::Attacked;
            }
        }
    }
    Diagram::from_rows(rows).expect("at least one piece")
}

/// The largest rule and its verdict, by the O(n^4) definition.
fn brute(d: &Diagram) -> (BTreeSet<(i64, i64)>, bool) {
    let (h, w) = (d.height() as i64, d.width() as i64);
    let cells: Vec<(i64, i64, Mark)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .map(|(r, c)| (r, c, d.mark(r as usize, c as usize)))
        .collect();
    let mut rule = BTreeSet::new();
    for dr in -(h - 1)..h {
        for dc in -(w - 1)..w {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let bad = cells.iter().filter(|x| x.2 == Mark::Piece).any(|&(r, c, _)| {
                cells
                    .iter()
                    .any(|&(sr, sc, m)| m == Mark::Safe && sr - r == dr && sc - c == dc)
            });
            if !bad {
                rule.insert((dr, dc));
            }
        }
    }
    let ok = cells.iter().filter(|x| x.2 == Mark::Attacked).all(|&(r, c, _)| {
        cells
            .iter()
            .filter(|x| x.2 == Mark::Piece)
            .any(|&(pr, pc, _)| rule.contains(&(r - pr, c - pc)))
    });
    (rule, ok)
}

/// Offsets as (down, right), from the library's (right, up).
fn as_down_right(o: &OffsetSet) -> BTreeSet<(i64, i64)> {
    o.iter().map(|(dx, dy)| (-dy, dx)).collect()
}

fn board() -> impl Strategy<Value = (usize, usize, BTreeSet<(usize, usize)>)> {
    (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
        (
            Just(h),
            Just(w),
            proptest::collection::btree_set((0..h, 0..w), 1..=(h * w).min(12)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn diagrams_of_real_rules_are_explained(
        (h, w, pieces) in board(),
        rule in proptest::collection::btree_set((-8i64..9, -8i64..9), 0..12),
    ) {
        let rule: BTreeSet<(i64, i64)> = rule.into_iter().filter(|&d| d != (0, 0)).collect();
        let d = draw(h, w, &pieces, &rule);
        let found = infer(&d);
        prop_assert!(found.unexplained.is_empty());
        let inferred = as_down_right(&found.offsets);
        // Every offset of the true rule that fits the offset grid survives.
        for &(dr, dc) in &rule {
            if dr.abs() < h as i64 && dc.abs() < w as i64 {
                prop_assert!(inferred.contains(&(dr, dc)), "lost {:?}", (dr, dc));
            }
        }
        // The inferred rule draws the same diagram.
        prop_assert_eq!(&draw(h, w, &pieces, &inferred), &d);
        // A short Betza name, when given, means exactly these offsets.
        if let Some(name) = found.offsets.betza() {
            let back = OffsetSet::from_rule(&name.parse().expect("own name parses"), w, h);
            prop_assert_eq!(back, found.offsets.clone(), "{}", name);
        }
        // The simplest name draws the very same diagram.
        if let Some(name) = found.simplest_name() {
            let back = OffsetSet::from_rule(&name.parse().expect("own name parses"), w, h);
            prop_assert_eq!(draw(h, w, &pieces, &as_down_right(&back)), d.clone(), "{}", name);
        }
    }

    #[test]
    fn noisy_diagrams_match_brute_force(
        (h, w) in (1usize..8, 1usize..8),
        marks in proptest::collection::vec(0u8..3, 64),
    ) {
        let rows: Vec<Vec<Mark>> = (0..h)
            .map(|r| (0..w).map(|c| [Mark::Piece, Mark::Attacked, Mark::Safe][marks[r * 8 + c] as usize]).collect())
            .collect();
        let Ok(d) = Diagram::from_rows(rows) else { return Ok(()) };
        let (rule, ok) = brute(&d);
        for engine in [Engine::Bitset, Engine::Fft, Engine::Auto] {
            let found = infer_with(&d, engine);
            prop_assert_eq!(as_down_right(&found.offsets), rule.clone(), "{:?}", engine);
            prop_assert_eq!(found.unexplained.is_empty(), ok, "{:?}", engine);
        }
        if ok {
            prop_assert_eq!(draw(h, w, &(0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| d.mark(r, c) == Mark::Piece).collect(), &rule), d);
        }
    }

    #[test]
    fn weird_chess_parser_never_panics(s in "[0-9ox. \n]{0,40}", t in "\\PC{0,40}") {
        for text in [&s, &t] {
            let mut out = Vec::new();
            let _ = solve(Problem::WeirdChess, text, &mut out);
        }
    }
}

fn error(input: &str) -> (usize, usize, String) {
    let mut out = Vec::new();
    match solve(Problem::WeirdChess, input, &mut out) {
        Err(SolveError::Input(e)) => (e.line, e.column, e.to_string()),
        other => panic!("expected an input error, got {other:?}"),
    }
}

#[test]
fn simplest_names_of_familiar_diagrams() {
    let name = |text: &str| infer(&text.parse().expect("diagram")).simplest_name();
    assert_eq!(name("..x..\n..x..\nxxoxx\n..x..\n..x.."), Some("R".into()));
    assert_eq!(name(".x.x.\nx...x\n..o..\nx...x\n.x.x."), Some("N".into()));
    assert_eq!(name("xxx\nxox\nxxx"), Some("K".into()));
    assert_eq!(name("...\n.o.\n.x."), Some("bW".into()));
    // Two rooks in opposite corners: their rook lines cover every attacked square; the
    // offsets from one rook onto the other's lines are free to leave out.
    assert_eq!(name("oxxxx\nx...x\nx...x\nx...x\nxxxxo"), Some("R".into()));
    // Two knights' attacks: exactly a knight's moves.
    let knights: BTreeSet<(i64, i64)> = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .into();
    let d = draw(8, 8, &[(7, 1), (7, 6)].into(), &knights);
    assert_eq!(infer(&d).simplest_name(), Some("N".into()), "{d}");
    let d = draw(8, 8, &[(3, 3), (4, 5)].into(), &knights);
    assert_eq!(infer(&d).simplest_name(), Some("N".into()), "{d}");
    // A lone piece that attacks nothing: the empty rule.
    assert_eq!(name("...\n.o.\n..."), Some(String::new()));
    assert_eq!(name("o"), Some(String::new()));
}

/// Atoms as the notation defines them: letter and leap.
const ATOMS: [(&str, i64, i64); 9] = [
    ("W", 1, 0),
    ("F", 1, 1),
    ("D", 2, 0),
    ("N", 2, 1),
    ("A", 2, 2),
    ("H", 3, 0),
    ("C", 3, 1),
    ("Z", 3, 2),
    ("G", 3, 3),
];

/// A random rule of up to 6 distinct atoms as Betza text, with its offsets (right, up) typed
/// here from the notation: each orthogonal or diagonal atom maybe limited to one side (`f`
/// forward: up, `b`, `l`, `r`; oblique atoms' single letters name narrower sets and are left
/// out), a leaper, a rider (letter doubled) or a rider of 2 or 3 leaps; riders as far as `reach`.
fn arb_rule(reach: i64) -> impl Strategy<Value = (String, BTreeSet<(i64, i64)>)> {
    proptest::collection::btree_map(0usize..9, (0usize..5, 0usize..4), 1..=6).prop_map(move |parts| {
        let mut text = String::new();
        let mut offsets = BTreeSet::new();
        for (atom, (side, range)) in parts {
            let (letter, a, b) = ATOMS[atom];
            let side = if b != 0 && a != b { 0 } else { side };
            let (prefix, keep): (&str, fn(i64, i64) -> bool) = [
                ("", (|_, _| true) as fn(i64, i64) -> bool),
                ("f", |_, y| y > 0),
                ("b", |_, y| y < 0),
                ("l", |x, _| x < 0),
                ("r", |x, _| x > 0),
            ][side];
            let (suffix, most) = match range {
                0 => (String::new(), 1),
                1 => (letter.to_owned(), reach),
                k => (k.to_string(), k as i64),
            };
            text.extend([prefix, letter, &suffix]);
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (dx, dy) = (sx * x, sy * y);
                    if keep(dx, dy) {
                        offsets.extend((1..=most).map(|k| (dx * k, dy * k)));
                    }
                }
            }
        }
        (text, offsets)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A rule of up to 6 atoms on a random board: the simplest name draws the very same diagram
    /// and is no longer than the text the rule was written as.
    #[test]
    fn simplest_names_are_no_longer_than_the_rule((h, w, pieces) in board(), (text, offsets) in arb_rule(8)) {
        let rule: BTreeSet<(i64, i64)> = offsets.iter().map(|&(dx, dy)| (-dy, dx)).collect();
        let d = draw(h, w, &pieces, &rule);
        let found = infer(&d);
        let name = found.simplest_name();
        let Some(name) = name else { return Err(TestCaseError::fail(format!("no name for {text}:\n{d}"))) };
        prop_assert!(name.len() <= text.len(), "{} is longer than {}:\n{}", name, text, d);
        let back = OffsetSet::from_rule(&name.parse().expect("own name parses"), w, h);
        prop_assert_eq!(draw(h, w, &pieces, &as_down_right(&back)), d.clone(), "{} for {}", name, text);
    }
}

#[test]
fn weird_chess_errors() {
    let (line, col, msg) = error("3\no.x\nox\no.x\n");
    assert_eq!((line, col), (3, 1), "{msg}");
    assert!(msg.contains("a row of 3 squares"), "{msg}");
    let (line, col, msg) = error("3\no.x\noxq\no.x\n");
    assert_eq!((line, col), (3, 3), "{msg}");
    let (_, _, msg) = error("2\n..\n..\n");
    assert!(msg.contains("no piece"), "{msg}");
    let (line, _, msg) = error("3\no.x\n");
    assert_eq!(line, 3, "{msg}");
    assert!(msg.contains("3 rows"), "{msg}");
    let (_, _, msg) = error("1\no\nx\n");
    assert!(msg.contains("all n rows are read"), "{msg}");
    let (_, _, msg) = error("zero\no\n");
    assert!(msg.contains("board size"), "{msg}");
}

proptest! {
    #[test]
    fn diagram_parser_never_panics(s in "[ox. \n]{0,40}", t in "\\PC{0,40}") {
        let _ = s.parse::<Diagram>();
        let _ = t.parse::<Diagram>();
    }
}
