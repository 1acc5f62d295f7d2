//! Routes with many capturable pieces (`--may-capture all` in real positions) against the plain
//! breadth-first search over (square, captured set) of `common::subsets_ref`, which makes its
//! subsets as reached and walks attacks from the rules' families.
//!
//! Positions: chess after random legal play (`tests/data/middlegames/fens.txt`, written by
//! `scripts/gen_middlegames.py`), and Capablanca chess's start (10×8, archbishop and chancellor)
//! with pieces removed and moved at random.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    reason = "test boards are small"
)]
use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use chessreach::attack::{Placed, Position};
use chessreach::geometry::{Board, Coord, Rect};
use chessreach::limits::Budget;
use chessreach::path::{ask, Area, Capturable, Goal, Mover, PathError, Question, Router, Scratch, Target};
use chessreach::piece::Colour;
use common::subsets_ref::{Search, State};
use common::{arb_piece, TestPiece};
use proptest::prelude::*;

const FENS: &str = include_str!("data/middlegames/fens.txt");

/// The pieces a FEN letter names, as the oracle's families (Betza text and moves typed by hand).
fn piece(letter: char) -> TestPiece {
    let named = TestPiece::named;
    let union = |a: &str, b: &str| {
        let (a, b) = (named(a), named(b));
        TestPiece {
            text: format!("{}{}", a.text, b.text),
            fams: [a.fams, b.fams].concat(),
        }
    };
    match letter.to_ascii_uppercase() {
        'P' => named("fmWfcF"),
        'A' => union("B", "N"),
        'C' => union("R", "N"),
        other => named(&other.to_string()),
    }
}

/// A position from a FEN board field, its kinds in the order `letters` gives them.
fn from_fen(board: &str, width: u64, letters: &str) -> (Position, Vec<TestPiece>) {
    let kinds: Vec<TestPiece> = letters.chars().map(piece).collect();
    let rows: Vec<&str> = board.split('/').collect();
    let height = rows.len() as i64;
    let mut placed = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let mut file = 1i64;
        let mut digits = String::new();
        for ch in row.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<i64>().expect("digits");
                digits.clear();
            }
            let kind = letters.find(ch.to_ascii_uppercase()).expect("a known letter");
            let colour = if ch.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            placed.push(Placed {
                kind,
                colour,
                at: Coord::new(file, height - r as i64),
            });
            file += 1;
        }
    }
    let rect = Rect::new(width, rows.len() as u64).expect("board");
    let pos = Position::new(Board::Rect(rect), common::kinds(&kinds), placed).expect("position");
    (pos, kinds)
}

const CHESS: &str = "PNBRQK";
const CAPABLANCA: &str = "PNBRQKAC";
const CAPABLANCA_START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR";

/// A Capablanca position: the start, with the pieces `drop` picks removed and those `moves`
/// picks moved to other empty squares.
fn capablanca(drop: &[bool], moves: &[(usize, i64, i64)]) -> (Position, Vec<TestPiece>) {
    let (start, kinds) = from_fen(CAPABLANCA_START, 10, CAPABLANCA);
    let mut pieces: Vec<Placed> = start
        .pieces()
        .iter()
        .zip(drop.iter().chain(std::iter::repeat(&false)))
        .filter(|(_, &d)| !d)
        .map(|(p, _)| *p)
        .collect();
    for &(i, f, r) in moves {
        let at = Coord::new(f, r);
        if !pieces.is_empty() && !pieces.iter().any(|p| p.at == at) {
            let n = pieces.len();
            pieces[i % n].at = at;
        }
    }
    let pos = Position::new(start.board(), start.kinds().to_vec(), pieces).expect("position");
    (pos, kinds)
}

/// The mover's possible pieces: the chess pieces, Capablanca's compounds and any random rule
/// without initial moves (the oracle here does not walk them).
fn mover() -> impl Strategy<Value = TestPiece> {
    prop_oneof![
        Just(piece('Q')),
        Just(piece('K')),
        Just(piece('N')),
        Just(piece('R')),
        Just(piece('A')),
        arb_piece().prop_filter("no initial moves", |p| p.fams.iter().all(|f| !f.init)),
    ]
}

/// Compares the router (a distance map, a route to `goal`, the capture of one hostile piece)
/// with the oracle for a mover of `colour` on the `start`-th empty square, capturing every
/// hostile piece.
fn check(
    pos: &Position,
    kinds: &[TestPiece],
    mover: &TestPiece,
    colour: Colour,
    (start, goal, victim): (usize, usize, usize),
) -> Result<(), TestCaseError> {
    let rect = pos.rect().expect("bounded");
    let empty: Vec<Coord> = rect
        .squares()
        .map(|s| rect.coord(s))
        .filter(|&c| pos.piece_at(c).is_none())
        .collect();
    let start = empty[start % empty.len()];
    let hostile: Vec<usize> = (0..pos.pieces().len())
        .filter(|&i| pos.is_hostile(i, colour))
        .collect();
    let capturable: BTreeSet<usize> = hostile.iter().copied().collect();
    let mut oracle = Search::new(pos, kinds, mover, colour, &capturable);
    // A mover that reaches too many states for the slow oracle is skipped (rare: a rider
    // among many undefended pieces).
    let Some(truth) = oracle.all(start, 60_000) else {
        return Ok(());
    };
    let rule = mover.rule();
    let router = Router::new(pos, &rule, colour, &hostile).expect("router");
    let mut sc = Scratch::default();
    let map = router.distances(&mut sc, start).expect("map");
    let mut best: BTreeMap<Coord, u32> = BTreeMap::new();
    for ((c, _), &d) in &truth {
        let e = best.entry(*c).or_insert(d);
        *e = (*e).min(d);
    }
    for s in rect.squares() {
        let c = rect.coord(s);
        prop_assert_eq!(
            map.distance[s.index()],
            best.get(&c).copied(),
            "distance to {}",
            c
        );
    }
    let goal = rect.coord(chessreach::geometry::Square((goal % rect.len()) as u32));
    let route = router.route(&mut sc, start, Goal::Reach(goal)).expect("route");
    prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), best.get(&goal).copied());
    if let Some(r) = route {
        replay(&mut oracle, &r.squares, &r.captured, start, goal)?;
    }
    if let Some(&p) = hostile.get(victim % hostile.len().max(1)) {
        let at = pos.pieces()[p].at;
        let want = truth
            .iter()
            .filter(|((c, g), _)| *c == at && g.contains(&p))
            .map(|(_, &d)| d)
            .min();
        let route = router.route(&mut sc, start, Goal::Capture(p)).expect("capture");
        prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), want);
        if let Some(r) = route {
            replay(&mut oracle, &r.squares, &r.captured, start, at)?;
        }
    }
    Ok(())
}

/// A route is made of the oracle's moves, from `start` to `end`, capturing what it says.
fn replay(
    oracle: &mut Search<'_>,
    squares: &[Coord],
    captured: &[usize],
    start: Coord,
    end: Coord,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(squares.first(), Some(&start));
    prop_assert_eq!(squares.last(), Some(&end));
    let mut at: State = (start, BTreeSet::new());
    let mut taken = Vec::new();
    for &next in &squares[1..] {
        let step = oracle.successors(&at).into_iter().find(|(c, _)| *c == next);
        let Some(step) = step else {
            return Err(TestCaseError::fail(format!("{} -> {next} is no move", at.0)));
        };
        taken.extend(step.1.difference(&at.1).copied());
        at = step;
    }
    prop_assert_eq!(taken, captured.to_vec());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Chess after random legal play: every hostile piece capturable (16 at most).
    #[test]
    fn middlegame_routes_match_the_plain_search(
        line in 0usize..2000,
        mover in mover(),
        black in any::<bool>(),
        spots in (0usize..64, 0usize..64, 0usize..16),
    ) {
        let fen = FENS.lines().nth(line % FENS.lines().count()).expect("a line");
        let (pos, kinds) = from_fen(fen, 8, CHESS);
        let colour = if black { Colour::Black } else { Colour::White };
        check(&pos, &kinds, &mover, colour, spots)?;
    }

    /// Capablanca's start, thinned and stirred: up to 20 capturable pieces on 10×8.
    #[test]
    fn variant_routes_match_the_plain_search(
        drop in proptest::collection::vec(proptest::bool::weighted(0.4), 40),
        moves in proptest::collection::vec((0usize..40, 1i64..=10, 1i64..=8), 0..12),
        mover in mover(),
        black in any::<bool>(),
        spots in (0usize..80, 0usize..80, 0usize..20),
    ) {
        let (pos, kinds) = capablanca(&drop, &moves);
        let colour = if black { Colour::Black } else { Colour::White };
        check(&pos, &kinds, &mover, colour, spots)?;
    }
}

/// Every chess position of the data file, a queen and a king capturing every hostile piece:
/// the thousands of cases the issue asks for (a few seconds in release, minutes at opt-level 1).
#[test]
#[ignore = "slow at opt-level 1: run with --release --ignored"]
fn every_middlegame_matches_the_plain_search() {
    for (line, fen) in FENS.lines().enumerate() {
        let (pos, kinds) = from_fen(fen, 8, CHESS);
        for (k, mover) in [piece('Q'), piece('K'), piece('N')].iter().enumerate() {
            let colour = if line % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            check(&pos, &kinds, mover, colour, (line * 7 + k, line * 13 + k, line))
                .unwrap_or_else(|e| panic!("line {}: {fen}: {e}", line + 1));
        }
    }
}

/// `--may-capture all` in a middlegame answers: the subsets are made as reached, so a queen
/// among 16 capturable pieces and a king's distance map among 30 pieces search only what they
/// reach; a budget smaller than what they reach refuses them, naming the bytes.
#[test]
fn may_capture_all_answers_and_a_small_budget_refuses() {
    // 27 pieces, every black one defended: the king's map searches what it reaches.
    let quiet = Position::from_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R").expect("fen");
    // A random middlegame: the queen reaches a8 only by capturing.
    let pos = Position::from_fen("4kbr1/1pq2p2/2r3p1/2pp1bp1/PBR2P2/4PKNB/1p1P3P/1N2Q2R").expect("fen");
    let mover = |rule: &str, at: &str| Mover {
        rule: rule.parse().expect("rule"),
        colour: Colour::White,
        at: at.parse().expect("square"),
        by_square: None,
    };
    let mut q = Question {
        mover: mover("Q", "e4"),
        target: Target::Square("a8".parse().expect("square")),
        may_capture: Capturable::Nothing,
    };
    assert_eq!(ask(&pos, &q, Budget::default()), Ok(None));
    q.may_capture = Capturable::All;
    let way = ask(&pos, &q, Budget::default())
        .expect("answers")
        .expect("a route");
    assert!(!way.captured.is_empty(), "{way:?}");
    let all = Question {
        mover: mover("K", "e5"),
        target: Area::Everywhere,
        may_capture: Capturable::All,
    };
    let map = ask(&quiet, &all, Budget::default()).expect("a distance map");
    assert_eq!(map.get("e5".parse().expect("square")), Some(0));
    let small = ask(&pos, &q, Budget::new(4_300));
    let Err(chessreach::path::RouteError::TooLarge(t)) = small else {
        panic!("{small:?}")
    };
    assert!(t.needed.is_some_and(|n| n > 4_300), "{t:?}");
    assert!(t.to_string().contains("states"), "{t}");
    // The router alone: the same refusal as a typed error.
    let hostile: Vec<usize> = (0..pos.pieces().len())
        .filter(|&i| pos.is_hostile(i, Colour::White))
        .collect();
    let rule = "Q".parse().expect("queen");
    let router = Router::new(&pos, &rule, Colour::White, &hostile)
        .expect("router")
        .with_budget(Budget::new(4_300));
    let e = router.distances(&mut Scratch::default(), "e4".parse().expect("square"));
    assert!(matches!(e, Err(PathError::TooLarge(_))), "{e:?}");
}
