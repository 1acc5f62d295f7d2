//! The lone royal's map (`Tablebase::royal_squares`, the lab's endgame view) against the plain
//! backward induction written from the rules (`common::endgame_ref`): random boards 3×3..5×5,
//! `KQvK` or `KRvK`, random placements of White's pieces and side to move. The FEN is written
//! here by hand, square by square, never by the product's placement writer.

use crate::common;

use chessreach::endgame::{Material, Rules, Tablebase};
use chessreach::geometry::{Coord, Rect};
use chessreach::limits::Budget;
use chessreach::piece::Colour;
use common::endgame_ref::{atom, solve, RefMotion, RefOutcome, RefPiece};
use proptest::prelude::*;

fn piece(white: bool, royal: bool, letter: char) -> RefPiece {
    let moves: Vec<RefMotion> = if letter == 'K' {
        atom('W').into_iter().chain(atom('F')).collect()
    } else {
        atom(letter)
    };
    RefPiece {
        white,
        royal,
        captures: moves.clone(),
        moves,
    }
}

/// A FEN of a `w`×`h` board with `pieces` (letter, file, rank from 0), written by hand.
fn fen(w: i32, h: i32, pieces: &[(char, i32, i32)], white_to_move: bool) -> String {
    let mut ranks = Vec::new();
    for y in (0..h).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..w {
            match pieces.iter().find(|p| p.1 == x && p.2 == y) {
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    empty = 0;
                    row.push(p.0);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    format!("{} {}", ranks.join("/"), if white_to_move { "w" } else { "b" })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn every_square_is_the_oracles(
        w in 3..=5i32,
        h in 3..=5i32,
        letter in prop::sample::select(vec!['Q', 'R']),
        seed in any::<[u8; 3]>(),
        white_to_move in any::<bool>(),
    ) {
        let cells = w * h;
        let (wk, wq, bk) = (i32::from(seed[0]) % cells, i32::from(seed[1]) % cells, i32::from(seed[2]) % cells);
        prop_assume!(wk != wq && bk != wk && bk != wq);
        let xy = |i: i32| (i % w, i / w);
        let size = |n: i32| u64::try_from(n).expect("positive");
        let rules = Rules::new(Rect::new(size(w), size(h)).expect("a board"));
        let material = Material::parse(&format!("K{letter}vK"), 'K').expect("material");
        let base = Tablebase::solve(&rules, &material, Budget::unlimited(), None).expect("solved");
        let (k, q, b) = (xy(wk), xy(wq), xy(bk));
        let text = fen(w, h, &[('K', k.0, k.1), (letter, q.0, q.1), ('k', b.0, b.1)], white_to_move);
        let map = base.royal_squares(&text).expect("a map");

        let truth = solve(w, h, false, false,
            &[piece(true, true, 'K'), piece(false, true, 'K'), piece(true, false, letter)], false);
        let stm = if white_to_move { Colour::White } else { Colour::Black };
        let mut squares = 0;
        for y in 0..h {
            for x in 0..w {
                if (x, y) == k || (x, y) == q {
                    continue;
                }
                squares += 1;
                let want = truth
                    .get(&(vec![Some(k), Some((x, y)), Some(q)], white_to_move))
                    .map(|o| match *o {
                        RefOutcome::Draw => (None, None),
                        RefOutcome::Win(n) => (Some(stm), Some(n)),
                        RefOutcome::Loss(n) => (Some(stm.opponent()), Some(n)),
                    });
                let at = Coord::new(i64::from(x) + 1, i64::from(y) + 1);
                let got = map.get(&at).map(|p| p.as_ref().map(|p| (p.winner, p.plies)));
                prop_assert_eq!(got, Some(want), "{} square {}", text, at);
            }
        }
        prop_assert_eq!(map.len(), squares, "{}: one entry per free square", text);
    }
}
