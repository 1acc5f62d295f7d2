//! Shared oracles and generators for the integration tests.

#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeSet;

use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord};
use chessreach::piece::{Atom, Colour, Component, Rule};
use proptest::prelude::*;

pub fn arb_rule() -> impl Strategy<Value = Rule> {
    let atoms = prop_oneof![
        (1i64..4, 0i64..4).prop_filter_map("zero leap", |(a, b)| Atom::new(a, b)),
        Just(Atom::new(1, 0).expect("W")),
        Just(Atom::new(1, 1).expect("F")),
        Just(Atom::new(2, 1).expect("N")),
    ];
    let comp =
        (atoms, 0u32..4, any::<bool>(), any::<u8>(), any::<u8>()).prop_map(|(atom, range, lame, m, c)| {
            let lame = lame && atom.can_be_lame();
            Component {
                atom,
                range: if lame { 1 } else { range },
                lame,
                moves: m,
                captures: if c % 3 == 0 { 0xFF } else { c },
            }
        });
    proptest::collection::vec(comp, 1..3).prop_map(Rule::from_components)
}

/// Every (square, attacker) pair, walking each component's images directly.
pub fn naive(pos: &Position, window: impl Fn(Coord) -> bool) -> BTreeSet<(Coord, usize)> {
    let occupied: BTreeSet<Coord> = pos.pieces().iter().map(|p| p.at).collect();
    let mut out = BTreeSet::new();
    for (i, p) in pos.pieces().iter().enumerate() {
        for c in pos.kinds()[p.kind].rule.components() {
            for k in 0..c.atom.image_count() {
                if c.captures >> k & 1 == 0 {
                    continue;
                }
                let mut d = c.atom.image(k);
                if p.colour == Colour::Black {
                    d = -d;
                }
                if c.lame {
                    let leg = c.atom.lame_leg(d);
                    if occupied.contains(&Coord::new(p.at.file + leg.dx, p.at.rank + leg.dy)) {
                        continue;
                    }
                }
                let mut n = 0;
                let mut at = p.at;
                loop {
                    at = Coord::new(at.file + d.dx, at.rank + d.dy);
                    n += 1;
                    if !pos.board().contains(at) || !window(at) {
                        break;
                    }
                    out.insert((at, i));
                    if occupied.contains(&at) || (c.range != 0 && n >= c.range) {
                        break;
                    }
                }
            }
        }
    }
    out
}

pub fn position(board: Board, rules: Vec<Rule>, spots: Vec<(usize, bool, i64, i64)>) -> Option<Position> {
    let kinds: Vec<Kind> = rules
        .into_iter()
        .enumerate()
        .map(|(i, rule)| Kind {
            symbol: char::from(b'A' + i as u8),
            rule,
        })
        .collect();
    let mut seen = BTreeSet::new();
    let pieces: Vec<Placed> = spots
        .into_iter()
        .filter(|&(_, _, f, r)| seen.insert((f, r)))
        .map(|(k, black, f, r)| Placed {
            kind: k % kinds.len(),
            colour: if black { Colour::Black } else { Colour::White },
            at: Coord::new(f, r),
        })
        .filter(|p| board.contains(p.at))
        .collect();
    Position::new(board, kinds, pieces).ok()
}

/// The moves of a rule from `from` (components walked directly; Black turned 180°): every
/// (square, capture-capable, move-capable) the mover could end on, given occupancy.
pub fn naive_moves(
    rule: &Rule,
    colour: Colour,
    from: Coord,
    board: Board,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    let mut out = Vec::new();
    for c in rule.components() {
        for k in 0..c.atom.image_count() {
            let (mv, cap) = (c.moves >> k & 1 == 1, c.captures >> k & 1 == 1);
            if !mv && !cap {
                continue;
            }
            let mut d = c.atom.image(k);
            if colour == Colour::Black {
                d = -d;
            }
            if c.lame {
                let leg = c.atom.lame_leg(d);
                if occupied(Coord::new(from.file + leg.dx, from.rank + leg.dy)) {
                    continue;
                }
            }
            let mut at = from;
            let mut n = 0;
            loop {
                at = Coord::new(at.file + d.dx, at.rank + d.dy);
                n += 1;
                if !board.contains(at) {
                    break;
                }
                out.push((at, cap, mv));
                if occupied(at) || (c.range != 0 && n >= c.range) {
                    break;
                }
            }
        }
    }
    out
}
