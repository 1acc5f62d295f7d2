//! The XBetza dialect against the reference generator written from the notation's rules and
//! XBoard's facts (`common::xbetza_ref`, never the product's code): the moves (destination and
//! captured squares) and the attacked squares of famous multi-leg pieces and of random texts of
//! one to three legs, on random positions, both colours, flat boards and cylinders.

use crate::common;

use std::collections::BTreeSet;

use chessreach::attack::{AttackMap, Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect, Wrap};
use chessreach::piece::{xbetza, Colour, Dialect};
use common::xbetza_ref::{self, RefSide};
use proptest::prelude::*;

/// A case: the piece's text, the board, its square and side, the other pieces (square, white?).
#[derive(Clone, Debug)]
struct Case {
    text: String,
    width: i32,
    height: i32,
    wrap: bool,
    from: (i32, i32),
    black: bool,
    others: Vec<((i32, i32), bool)>,
}

fn coord(s: (i32, i32)) -> Coord {
    Coord::new(i64::from(s.0) + 1, i64::from(s.1) + 1)
}

fn back(c: Coord) -> (i32, i32) {
    (
        i32::try_from(c.file - 1).expect("small"),
        i32::try_from(c.rank - 1).expect("small"),
    )
}

/// Moves as (destination, captured squares sorted).
type MoveSet = BTreeSet<((i32, i32), Vec<(i32, i32)>)>;

/// Compares the product with the oracle on one case; `None` when the product refuses the text.
fn check(case: &Case) -> Option<Result<(), String>> {
    let rule = xbetza::parse(&case.text).ok()?;
    let side = if case.black { Colour::Black } else { Colour::White };
    let kinds = vec![Kind::new('X', rule), Kind::new('P', "W".parse().expect("W"))];
    let mut pieces = vec![Placed {
        kind: 0,
        colour: side,
        at: coord(case.from),
    }];
    let mut seen = BTreeSet::from([case.from]);
    let mut others = Vec::new();
    for &(sq, white) in &case.others {
        if seen.insert(sq) {
            others.push((sq, white));
            pieces.push(Placed {
                kind: 1,
                colour: if white { Colour::White } else { Colour::Black },
                at: coord(sq),
            });
        }
    }
    let rect = Rect::new(u64::try_from(case.width).ok()?, u64::try_from(case.height).ok()?).ok()?;
    let pos = Position::new(Board::Rect(rect), kinds, pieces).ok()?;
    let pos = if case.wrap {
        pos.with_wrap(Wrap::Files).ok()?
    } else {
        pos
    };
    let occupant = |q: (i32, i32)| {
        others.iter().find(|o| o.0 == q).map(|o| {
            if o.1 == case.black {
                RefSide::Foe
            } else {
                RefSide::Friend
            }
        })
    };
    let args = (case.width, case.height, case.wrap, case.from, case.black);
    let expected = match xbetza_ref::moves(
        &case.text, args.0, args.1, args.2, args.3, args.4, &occupant, false,
    ) {
        Ok(m) => m,
        Err(e) => {
            return Some(Err(format!(
                "the oracle refuses {:?} ({e}), the product reads it",
                case.text
            )))
        }
    };
    let expected: MoveSet = expected
        .into_iter()
        .filter(|m| m.to != case.from || !m.captures.is_empty())
        .map(|m| (m.to, m.captures))
        .collect();
    let got: MoveSet = pos
        .moves_of(0)
        .expect("bounded")
        .into_iter()
        .map(|m| {
            let mut c: Vec<(i32, i32)> = m.captures().iter().copied().map(back).collect();
            c.sort_unstable();
            c.dedup();
            (back(m.to), c)
        })
        .collect();
    if got != expected {
        return Some(Err(format!(
            "moves of {case:?}:\n  product only {:?}\n  oracle only  {:?}",
            got.difference(&expected).collect::<Vec<_>>(),
            expected.difference(&got).collect::<Vec<_>>()
        )));
    }
    let attacked = xbetza_ref::attacked(&case.text, args.0, args.1, args.2, args.3, args.4, &occupant)
        .expect("read once already");
    let map = AttackMap::new(&pos).expect("bounded");
    let mine: BTreeSet<(i32, i32)> = rect
        .squares()
        .filter(|&s| map.attackers(s).contains(&0))
        .map(|s| back(rect.coord(s)))
        .collect();
    if mine != attacked {
        return Some(Err(format!(
            "attacks of {case:?}:\n  product only {:?}\n  oracle only  {:?}",
            mine.difference(&attacked).collect::<Vec<_>>(),
            attacked.difference(&mine).collect::<Vec<_>>()
        )));
    }
    Some(Ok(()))
}

fn case(text: impl Strategy<Value = String>) -> impl Strategy<Value = Case> {
    (
        text,
        4..=8i32,
        4..=8i32,
        proptest::bool::weighted(0.25),
        any::<bool>(),
    )
        .prop_flat_map(|(text, w, h, wrap, black)| {
            let sq = (0..w, 0..h);
            (
                Just(text),
                Just(w),
                Just(h),
                Just(wrap),
                sq.clone(),
                Just(black),
                proptest::collection::vec((sq, any::<bool>()), 0..12),
            )
        })
        .prop_map(|(text, width, height, wrap, from, black, others)| Case {
            text,
            width,
            height,
            wrap,
            from,
            black,
            others,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn famous_pieces_agree_with_the_oracle(c in case(proptest::sample::select(xbetza_ref::FAMOUS.to_vec()).prop_map(str::to_owned))) {
        if let Some(Err(e)) = check(&c) {
            prop_assert!(false, "{}", e);
        }
    }

    /// The printed (canonical) form reads back as the same piece, in each dialect, for random
    /// texts of one to three moves of one to three legs.
    #[test]
    fn printed_forms_read_back_in_each_dialect(texts in proptest::collection::vec(xbetza_ref::arb_text(), 1..=3)) {
        let text = texts.concat();
        for d in [Dialect::Fsf, Dialect::Xbetza] {
            if let Ok(r) = d.parse(&text) {
                let printed = d.print(&r);
                prop_assert_eq!(d.parse(&printed).ok(), Some(r), "{}: {} → {}", d, text, printed);
            }
        }
    }

    #[test]
    fn random_texts_agree_with_the_oracle(c in case(xbetza_ref::arb_text())) {
        if let Some(Err(e)) = check(&c) {
            prop_assert!(false, "{}", e);
        }
    }
}
