//! Attack maps against a naive ray walk written straight from the components of each rule.

use std::collections::{BTreeMap, BTreeSet};

use chessreach::attack::{AttackMap, AttackQuery, Kind, Placed, Position, StripAttackMap};
use chessreach::geometry::{Board, Coord, Rect, Strip};
use chessreach::piece::{Atom, Colour, Component, Rule};
use proptest::prelude::*;

fn arb_rule() -> impl Strategy<Value = Rule> {
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
fn naive(pos: &Position, window: impl Fn(Coord) -> bool) -> BTreeSet<(Coord, usize)> {
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
                    d.dy = -d.dy;
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

fn position(board: Board, rules: Vec<Rule>, spots: Vec<(usize, bool, i64, i64)>) -> Option<Position> {
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn bounded_map_equals_naive_walk(
        w in 1u64..12, h in 1u64..12,
        rules in proptest::collection::vec(arb_rule(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..12, 1i64..12), 0..14),
    ) {
        let rect = Rect::new(w, h).expect("size");
        let Some(pos) = position(Board::Rect(rect), rules, spots) else { return Ok(()); };
        let map = AttackMap::new(&pos).expect("bounded");
        let expect = naive(&pos, |_| true);
        let mut got = BTreeSet::new();
        for s in rect.squares() {
            for &p in map.attackers(s) {
                got.insert((rect.coord(s), p as usize));
            }
            for colour in Colour::BOTH {
                let n = expect.iter().filter(|(c, i)| *c == rect.coord(s) && pos.pieces()[*i].colour == colour).count();
                prop_assert_eq!(map.count(colour, rect.coord(s)) as usize, n);
                prop_assert_eq!(map.is_attacked(colour, s), n > 0);
            }
        }
        prop_assert_eq!(got, expect);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn strip_map_equals_naive_walk_on_a_wide_window(
        ranks in 1u64..9,
        rules in proptest::collection::vec(arb_rule(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), -10i64..20, 1i64..9), 0..14),
    ) {
        let strip = Strip::new(ranks).expect("ranks");
        let Some(pos) = position(Board::Strip(strip), rules, spots) else { return Ok(()); };
        let map = StripAttackMap::new(&pos).expect("strip");
        // Pieces lie in files -10..20 and leap at most 3 files per step; rays that reach the
        // naive window's edge (±400) are cut there, so compare on files -100..=110 only.
        let expect = naive(&pos, |c| (-400..=400).contains(&c.file));
        let mut by_square: BTreeMap<Coord, BTreeSet<usize>> = BTreeMap::new();
        for &(c, i) in &expect {
            by_square.entry(c).or_default().insert(i);
        }
        for file in -100..=110 {
            for rank in 1..=ranks as i64 {
                let c = Coord::new(file, rank);
                let got: BTreeSet<usize> = map.attackers(c).into_iter().map(|p| p as usize).collect();
                let want = by_square.remove(&c).unwrap_or_default();
                prop_assert_eq!(&got, &want, "attackers of {}", c);
                for colour in Colour::BOTH {
                    let n = want.iter().filter(|&&i| pos.pieces()[i].colour == colour).count();
                    prop_assert_eq!(map.count(colour, c) as usize, n);
                }
            }
        }
    }
}
