//! Opponents for judging a duel program, as [`Player`]s: random, greedy, or optimal.

use std::collections::VecDeque;
use std::sync::Arc;

use super::referee::{Player, PlayerError};
use super::solver::Solution;
use super::{Duel, DuelError, Game};
use crate::geometry::{Coord, Rect};
use crate::limits::{Budget, Bytes};
use crate::piece::Colour;

/// A small seeded generator (`SplitMix64`), enough for picking moves reproducibly.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        let n64 = n as u64;
        usize::try_from(self.next_u64() % n64).unwrap_or(0)
    }
}

/// How an opponent picks its moves.
#[derive(Clone, Debug)]
pub enum Policy {
    /// Uniformly random legal moves (seeded: games replay).
    Random(SplitMix),
    /// Wins when it can; otherwise keeps off moves that lose at once or stand where the other
    /// piece captures, and heads for its target (or, without one, towards the other piece);
    /// ties broken at random.
    Greedy(SplitMix, Arc<[Option<Vec<u32>>; 2]>),
    /// Best play from the exact solver: the fastest win, else a draw, else the longest loss.
    Optimal(Arc<Solution>),
}

/// Which opponent a referee plays: one policy, or random, greedy and optimal in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Uniformly random legal moves.
    Random,
    /// Wins when it can, avoids losing at once, heads for its target.
    Greedy,
    /// Exact best play from the solver (greedy where the solver would not fit in the budget).
    Optimal,
    /// Random, greedy and optimal in turn, game by game.
    Mixed,
}

/// Solutions kept between games, one per board: an optimal opponent solves a board once.
#[derive(Clone, Debug, Default)]
pub struct Solutions(Vec<(Rect, Arc<Solution>)>);

impl Policy {
    /// The policy `opponent` plays in game `game` (seeded from `seed` and the game's number),
    /// with the name a referee reports: an optimal opponent's solution is taken from
    /// `solutions` or made and kept there; where it would not fit in `budget` the opponent is
    /// greedy and its name says why. O(1), or the solver's cost on a board met first.
    ///
    /// # Errors
    ///
    /// [`DuelError`] when the solver fails within a budget its estimate fitted.
    pub fn for_game(
        opponent: Opponent,
        game: u32,
        duel: &Duel,
        seed: u64,
        budget: Budget,
        solutions: &mut Solutions,
    ) -> Result<(Self, String), DuelError> {
        let kind = match opponent {
            Opponent::Mixed => [Opponent::Random, Opponent::Greedy, Opponent::Optimal][game as usize % 3],
            o => o,
        };
        let seed = seed ^ u64::from(game);
        Ok(match kind {
            Opponent::Random => (Self::Random(SplitMix::new(seed)), "random".into()),
            Opponent::Greedy | Opponent::Mixed => (Self::greedy(duel, seed), "greedy".into()),
            Opponent::Optimal => {
                if let Some((_, s)) = solutions.0.iter().find(|(r, _)| *r == duel.rect()) {
                    return Ok((Self::Optimal(Arc::clone(s)), "optimal".into()));
                }
                let needed = Solution::bytes_needed(duel);
                if budget.check("the optimal opponent", needed).is_err() {
                    (
                        Self::greedy(duel, seed),
                        format!("greedy (optimal would need {})", Bytes(needed)),
                    )
                } else {
                    let s = Arc::new(Solution::solve(duel, budget, None)?);
                    solutions.0.push((duel.rect(), Arc::clone(&s)));
                    (Self::Optimal(s), "optimal".into())
                }
            }
        })
    }

    /// A greedy policy for a duel: builds each side's distances to its target, O(squares ×
    /// moves per square).
    #[must_use]
    pub fn greedy(duel: &Duel, seed: u64) -> Self {
        let to = Colour::BOTH.map(|s| target_distances(duel, s));
        Self::Greedy(SplitMix::new(seed), Arc::new(to))
    }

    /// A short name: `random`, `greedy`, `optimal`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Random(_) => "random",
            Self::Greedy(..) => "greedy",
            Self::Optimal(_) => "optimal",
        }
    }

    /// The move of the side to play in `game` (`None` when it has none or the game is over).
    pub fn choose_move(&mut self, game: &Game<'_>) -> Option<Coord> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let side = game.to_move();
        let duel = game.duel();
        let them = game.square(side.opponent());
        let after = |t: Coord| {
            let (w, b) = if side == Colour::White {
                (t, them)
            } else {
                (them, t)
            };
            duel.after_move(side, w, b)
        };
        match self {
            Self::Random(rng) => Some(moves[rng.below(moves.len())]),
            Self::Greedy(rng, to) => {
                if let Some(&win) = moves.iter().find(|&&t| after(t).is_some_and(|(s, _)| s == side)) {
                    return Some(win);
                }
                let rect = duel.rect();
                let score = |t: Coord| {
                    // Only two pieces: the other one captures on `t` exactly when it attacks it.
                    let loses = after(t).is_some() || duel.attacks(side.opponent(), them, t);
                    let far = match &to[side.index()] {
                        Some(d) => rect.square(t).map_or(u32::MAX, |s| d[s.index()]),
                        None => u32::try_from((t.file - them.file).abs().max((t.rank - them.rank).abs()))
                            .unwrap_or(u32::MAX),
                    };
                    (loses, far)
                };
                let best = moves.iter().map(|&t| score(t)).min()?;
                let ties: Vec<Coord> = moves.iter().copied().filter(|&t| score(t) == best).collect();
                Some(ties[rng.below(ties.len())])
            }
            Self::Optimal(solution) => solution.best_in(game),
        }
    }
}

impl Player for Policy {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        self.choose_move(game)
            .ok_or(PlayerError::Protocol(super::ProtocolError::NoMove))
    }
}

/// Moves `side`'s piece needs from each square to its own target on an otherwise empty board
/// (`u32::MAX`: never), by breadth-first search over unmoves from the target; `None` without a
/// target. O(squares × moves per square).
fn target_distances(duel: &Duel, side: Colour) -> Option<Vec<u32>> {
    let target = duel.target_square(side)?;
    let n = duel.rect().len();
    let mut dist = vec![u32::MAX; n];
    let mut marks = duel.new_marks();
    let mut queue = VecDeque::from([target.0]);
    dist[target.index()] = 0;
    while let Some(s) = queue.pop_front() {
        let d = dist[s as usize] + 1;
        // No other piece: u32::MAX is never a square (Rect has fewer than 2^32 - 1).
        duel.gen(side).unmoves(s, u32::MAX, &mut marks, |from| {
            if dist[from as usize] == u32::MAX {
                dist[from as usize] = d;
                queue.push_back(from);
            }
        });
    }
    Some(dist)
}
