//! Attack maps against a naive ray walk over moves typed by the oracle (tests/common), never
//! the product's step tables.

#![expect(clippy::cast_possible_wrap, reason = "test boards are small")]
use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use chessreach::attack::{AttackMap, AttackQuery, StripAttackMap};
use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect, Strip};
use chessreach::piece::Colour;
use common::{arb_piece, naive, naive_walk, position, turned};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn bounded_map_equals_naive_walk(
        w in 1u64..12, h in 1u64..12,
        pieces in proptest::collection::vec(arb_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..12, 1i64..12), 0..14),
    ) {
        let rect = Rect::new(w, h).expect("size");
        let Some(pos) = position(Board::Rect(rect), &pieces, spots) else { return Ok(()); };
        let map = AttackMap::new(&pos).expect("bounded");
        let expect = naive(&pos, &pieces, |_| true);
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
        // One piece at a time (a sparse walk, no board-sized map): the same pairs.
        let mut single = BTreeSet::new();
        for i in 0..pos.pieces().len() {
            let squares = pos.attacks_of(i).expect("bounded");
            let distinct: BTreeSet<Coord> = squares.iter().copied().collect();
            prop_assert_eq!(distinct.len(), squares.len(), "each square once");
            single.extend(squares.into_iter().map(|c| (c, i)));
        }
        prop_assert_eq!(&got, &single);
        prop_assert_eq!(got, expect);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn strip_map_equals_naive_walk_on_a_wide_window(
        ranks in 1u64..9,
        pieces in proptest::collection::vec(arb_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), -10i64..20, 1i64..9), 0..14),
    ) {
        let strip = Strip::new(ranks).expect("ranks");
        let Some(pos) = position(Board::Strip(strip), &pieces, spots) else { return Ok(()); };
        let map = StripAttackMap::new(&pos).expect("strip");
        // Pieces lie in files -10..20 and leap at most 5 files per step; rays that reach the
        // naive window's edge (±400) are cut there, so compare on files -100..=110 only.
        let expect = naive(&pos, &pieces, |c| (-400..=400).contains(&c.file));
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Walls (`*`): they stop every line as a piece does, and are never attacked. The naive
    /// walk treats them as occupied squares and drops them from what it reports.
    #[test]
    fn walls_block_and_are_never_attacked(
        w in 1u64..10, h in 1u64..10,
        pieces in proptest::collection::vec(arb_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..10, 1i64..10), 0..10),
        walls in proptest::collection::vec((1i64..10, 1i64..10), 1..12),
    ) {
        let rect = Rect::new(w, h).expect("size");
        let Some(plain) = position(Board::Rect(rect), &pieces, spots) else { return Ok(()); };
        let mut kinds = plain.kinds().to_vec();
        kinds.push(Kind::wall());
        let mut placed = plain.pieces().to_vec();
        let wall_squares: BTreeSet<Coord> = walls
            .into_iter()
            .map(|(f, r)| Coord::new(f, r))
            .filter(|&c| rect.contains(c) && plain.piece_at(c).is_none())
            .collect();
        placed.extend(wall_squares.iter().map(|&at| Placed { kind: kinds.len() - 1, colour: Colour::White, at }));
        let pos = Position::new(Board::Rect(rect), kinds, placed).expect("distinct squares");
        let occupied: BTreeSet<Coord> = pos.pieces().iter().map(|p| p.at).collect();
        let mut expect = BTreeSet::new();
        for (i, p) in plain.pieces().iter().enumerate() {
            for m in turned(&pieces[p.kind].fams, p.colour).into_iter().filter(|m| m.cap && !m.init) {
                let reached = naive_walk(std::slice::from_ref(&m), false, Colour::White, p.at, &|c| rect.contains(c), &|c| occupied.contains(&c));
                expect.extend(reached.into_iter().map(|(c, ..)| c).filter(|c| !wall_squares.contains(c)).map(|c| (c, i)));
            }
        }
        let map = AttackMap::new(&pos).expect("bounded");
        let mut got = BTreeSet::new();
        for s in rect.squares() {
            for &p in map.attackers(s) {
                got.insert((rect.coord(s), p as usize));
            }
        }
        prop_assert_eq!(got, expect);
        // The same board read from its FEN placement (walls as `*`).
        let fen = pos.placement().expect("bounded");
        prop_assert_eq!(fen.matches('*').count(), wall_squares.len());
    }
}
