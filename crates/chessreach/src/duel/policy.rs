//! Opponents for judging a duel program: random, greedy, or optimal (from the exact solver).

use super::solver::{Outcome, Solved};
use super::Duel;
use crate::geometry::Coord;
use crate::path::leaper::LeaperDistances;
use crate::piece::{Colour, Rule};

/// How an opponent picks its moves.
pub enum Policy {
    /// Uniformly random legal moves (seeded: games replay).
    Random(SplitMix),
    /// Win or capture when it can, else head for its target, keeping off squares the other
    /// knight could capture on; ties broken at random.
    Greedy(SplitMix, Box<[LeaperDistances; 2]>),
    /// Best play from the exact solver: the fastest win, else a draw, else the longest loss.
    Optimal(Box<Solved>),
}

/// A small seeded generator (`SplitMix64`), enough for picking moves reproducibly.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

impl Policy {
    /// A greedy policy for a board.
    pub fn greedy(duel: Duel, seed: u64) -> Self {
        let steps = "N".parse::<Rule>().expect("knight").steps(Colour::White);
        let to = Colour::BOTH.map(|s| LeaperDistances::new(duel.rect(), &steps, duel.target(s)));
        Self::Greedy(SplitMix::new(seed), Box::new(to))
    }

    /// The move of `side` (to play) with the knights on `white` and `black`.
    pub fn choose(&mut self, duel: &Duel, side: Colour, white: Coord, black: Coord) -> Coord {
        let (me, them) = if side == Colour::White {
            (white, black)
        } else {
            (black, white)
        };
        let moves: Vec<Coord> = duel.moves(me).collect();
        let after = |to: Coord| {
            if side == Colour::White {
                (to, black)
            } else {
                (white, to)
            }
        };
        match self {
            Self::Random(rng) => moves[rng.below(moves.len())],
            Self::Greedy(rng, to) => {
                if let Some(&win) = moves.iter().find(|&&t| {
                    let (w, b) = after(t);
                    duel.after_move(side, w, b) == Some(side)
                }) {
                    return win;
                }
                let own = &to[side.index()];
                let score = |t: Coord| {
                    let (w, b) = after(t);
                    let loses = duel.after_move(side, w, b).is_some() || Duel::attacks(them, t);
                    (loses, own.at(t).unwrap_or(u32::MAX))
                };
                let best = moves
                    .iter()
                    .map(|&t| score(t))
                    .min()
                    .expect("a knight always has a move");
                let ties: Vec<Coord> = moves.iter().copied().filter(|&t| score(t) == best).collect();
                ties[rng.below(ties.len())]
            }
            Self::Optimal(solved) => {
                let rank = |t: Coord| {
                    let (w, b) = after(t);
                    match solved.outcome(w, b, side.opponent()) {
                        Outcome::Win { side: s, plies } if s == side => (0, i64::from(plies)),
                        Outcome::Draw => (1, 0),
                        Outcome::Win { plies, .. } => (2, -i64::from(plies)),
                    }
                };
                moves
                    .into_iter()
                    .min_by_key(|&t| rank(t))
                    .expect("a knight always has a move")
            }
        }
    }
}
