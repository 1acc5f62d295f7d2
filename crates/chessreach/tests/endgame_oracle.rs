//! The endgame solver against a plain backward induction written from the rules
//! (`common::endgame_ref`), on random small cases: boards 3×3..5×5 (three pieces) and 3×3..4×4 (four), flat and wrapped, random
//! royal and other pieces (leapers, riders, move-only and capture-only parts, a pawn-like
//! piece that tests Black's turned orientation), identical pieces, both stalemate rules.
//! Each piece is written twice from one description: as Betza text for the product and as
//! vectors for the oracle.

use crate::common;

use chessreach::endgame::{Material, Rules, Stalemate, Tablebase, Tuning};
use chessreach::geometry::{Coord, Rect, Wrap};
use chessreach::limits::Budget;
use chessreach::piece::Colour;
use common::endgame_ref::{atom, solve, RefMotion, RefOutcome, RefPiece};
use proptest::prelude::*;

/// One part of a piece: an atom, ridden or not, moving and/or capturing.
#[derive(Clone, Copy, Debug)]
struct Part {
    atom: char,
    ride: bool,
    /// 0: moves and captures; 1: moves only; 2: captures only.
    mode: u8,
}

/// A piece: parts with distinct atoms, or the pawn-like `fmWfcF`.
#[derive(Clone, Debug)]
enum Desc {
    Parts(Vec<Part>),
    Pawn,
}

impl Desc {
    fn betza(&self) -> String {
        match self {
            Self::Pawn => "fmWfcF".to_owned(),
            Self::Parts(parts) => {
                let mut text = String::new();
                for p in parts {
                    text.push_str(["", "m", "c"][usize::from(p.mode)]);
                    match (p.atom, p.ride) {
                        ('W', true) => text.push('R'),
                        ('F', true) => text.push('B'),
                        (a, true) => text.extend([a, a]),
                        (a, false) => text.push(a),
                    }
                }
                text
            }
        }
    }

    /// The oracle's piece (vectors turned for Black).
    fn oracle(&self, white: bool, royal: bool) -> RefPiece {
        let turn = |m: RefMotion| {
            if white {
                m
            } else {
                match m {
                    RefMotion::Leap(x, y) => RefMotion::Leap(-x, -y),
                    RefMotion::Ride(x, y) => RefMotion::Ride(-x, -y),
                }
            }
        };
        let (mut moves, mut captures) = (Vec::new(), Vec::new());
        match self {
            Self::Pawn => {
                moves.push(RefMotion::Leap(0, 1));
                captures.extend([RefMotion::Leap(1, 1), RefMotion::Leap(-1, 1)]);
            }
            Self::Parts(parts) => {
                for p in parts {
                    for m in atom(p.atom) {
                        let m = match (m, p.ride) {
                            (RefMotion::Leap(x, y), true) => RefMotion::Ride(x, y),
                            (m, _) => m,
                        };
                        if p.mode != 2 {
                            moves.push(m);
                        }
                        if p.mode != 1 {
                            captures.push(m);
                        }
                    }
                }
            }
        }
        RefPiece {
            white,
            royal,
            moves: moves.into_iter().map(turn).collect(),
            captures: captures.into_iter().map(turn).collect(),
        }
    }
}

fn part() -> impl Strategy<Value = Part> {
    (
        prop::sample::select(vec!['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G']),
        prop::bool::weighted(0.3),
        prop::sample::select(vec![0u8, 0, 0, 1, 2]),
    )
        .prop_map(|(atom, ride, mode)| Part {
            // Rides only along the lines a small board has room for.
            ride: ride && matches!(atom, 'W' | 'F' | 'N' | 'D'),
            atom,
            mode,
        })
}

fn desc() -> impl Strategy<Value = Desc> {
    prop_oneof![
        9 => prop::collection::vec(part(), 1..=2).prop_map(|mut parts| {
            parts.dedup_by_key(|p| p.atom);
            Desc::Parts(parts)
        }),
        1 => Just(Desc::Pawn),
    ]
}

/// A royal that moves and captures alike (a check is a threat to capture).
fn royal() -> impl Strategy<Value = Desc> {
    prop_oneof![
        4 => Just(Desc::Parts(vec![Part { atom: 'W', ride: false, mode: 0 }, Part { atom: 'F', ride: false, mode: 0 }])),
        1 => prop::collection::vec(part(), 1..=2).prop_map(|mut parts| {
            parts.dedup_by_key(|p| p.atom);
            for p in &mut parts {
                p.mode = 0;
            }
            Desc::Parts(parts)
        }),
    ]
}

/// A case: board, wrap, the royal, the other pieces with their sides, the stalemate rule.
#[derive(Clone, Debug)]
struct Case {
    width: u64,
    height: u64,
    wrap: Wrap,
    royal: Desc,
    /// (White's?, piece); two of one side may be identical.
    others: Vec<(bool, Desc)>,
    stalemate_loss: bool,
}

fn case(max_side: u64, others: usize) -> impl Strategy<Value = Case> {
    (
        3..=max_side,
        3..=max_side,
        prop::sample::select(vec![Wrap::None, Wrap::None, Wrap::Files, Wrap::Ranks, Wrap::Both]),
        royal(),
        prop::collection::vec((prop::bool::weighted(0.7), desc()), others),
        any::<bool>(),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(width, height, wrap, royal, mut others, stalemate_loss, twin)| {
            if twin && others.len() == 2 {
                others[1] = others[0].clone();
            }
            Case {
                width,
                height,
                wrap,
                royal,
                others,
                stalemate_loss,
            }
        })
}

/// Letters for the other pieces (none of K Q R B N P, so the canonical order is alphabetical).
const LETTERS: [char; 2] = ['D', 'E'];

fn check(case: &Case) -> Result<(), TestCaseError> {
    // Letters: a twin shares its letter; White's pieces first in the canonical order, which
    // for `D` < `E` is the order below once White's come first.
    let mut others: Vec<(bool, char, &Desc)> = Vec::new();
    for (i, (white, d)) in case.others.iter().enumerate() {
        let twin = i == 1 && case.others[0].0 == *white && case.others[0].1.betza() == d.betza();
        let letter = if twin { LETTERS[0] } else { LETTERS[i] };
        others.push((*white, letter, d));
    }
    others.sort_by_key(|&(white, letter, _)| (!white, letter));
    let mut rules = Rules::new(
        Rect::new(case.width, case.height)
            .expect("a board")
            .with_wrap(case.wrap),
    );
    rules.stalemate = if case.stalemate_loss {
        Stalemate::Loss
    } else {
        Stalemate::Draw
    };
    rules
        .symbols
        .define(&format!("K={}", case.royal.betza()))
        .expect("royal");
    for &(_, letter, d) in &others {
        rules
            .symbols
            .define(&format!("{letter}={}", d.betza()))
            .expect("piece");
    }
    let side = |white: bool| -> String {
        std::iter::once('K')
            .chain(others.iter().filter(|o| o.0 == white).map(|o| o.1))
            .collect()
    };
    let material = Material::parse(&format!("{}v{}", side(true), side(false)), 'K').expect("material");
    let mut pieces = vec![case.royal.oracle(true, true), case.royal.oracle(false, true)];
    pieces.extend(others.iter().map(|&(white, _, d)| d.oracle(white, false)));
    let (w, h) = (
        i32::try_from(case.width).expect("small"),
        i32::try_from(case.height).expect("small"),
    );
    let truth = solve(
        w,
        h,
        case.wrap.files(),
        case.wrap.ranks(),
        &pieces,
        case.stalemate_loss,
    );
    // Both paths: the fast one (boards of at most 64 squares, all of these) and the general
    // one every larger board takes.
    for bitboards in [true, false] {
        let base = Tablebase::solve_tuned(&rules, &material, Budget::unlimited(), None, Tuning { bitboards })
            .expect("solved");
        let at = |(x, y): (i32, i32)| Coord::new(i64::from(x) + 1, i64::from(y) + 1);
        let mut legal = [0u64; 2];
        for ((place, white_to_move), outcome) in &truth {
            if place.iter().any(Option::is_none) {
                continue;
            }
            let stm = if *white_to_move {
                Colour::White
            } else {
                Colour::Black
            };
            let sq: Vec<Coord> = place.iter().map(|p| at(p.expect("on the board"))).collect();
            let mine = base.value_at(stm, sq[0], sq[1], &sq[2..]);
            let expected = match *outcome {
                RefOutcome::Draw => (None, 0),
                RefOutcome::Win(n) => (Some(stm), n),
                RefOutcome::Loss(n) => (Some(stm.opponent()), n),
            };
            prop_assert_eq!(
                mine,
                Some(expected),
                "{:?} {:?} to move, {}",
                place,
                stm,
                rules.rect.label()
            );
            legal[stm.index()] += 1;
        }
        let twins = others.len() == 2 && others[0].0 == others[1].0 && others[0].1 == others[1].1;
        let summary = base.summary();
        for stm in Colour::BOTH {
            let oracle = if twins {
                legal[stm.index()] / 2
            } else {
                legal[stm.index()]
            };
            prop_assert_eq!(
                summary[stm.index()].positions,
                oracle,
                "legal positions, {:?} to move",
                stm
            );
        }
    }
    Ok(())
}

/// Cases per property: `ENDGAME_ORACLE_CASES` (release runs use thousands), else `default`
/// (the debug suite stays within seconds).
fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("ENDGAME_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(n)
}

proptest! {
    #![proptest_config(cases(20))]

    /// Three pieces (a royal each and one more), boards up to 5×5.
    #[test]
    fn three_pieces_match_backward_induction(c in case(5, 1)) {
        check(&c)?;
    }
}

proptest! {
    #![proptest_config(cases(6))]

    /// Four pieces (two more, on one side or one each; twins), boards up to 4×4.
    #[test]
    fn four_pieces_match_backward_induction(c in case(4, 2)) {
        check(&c)?;
    }
}
