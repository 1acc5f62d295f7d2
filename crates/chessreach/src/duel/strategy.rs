//! The winning side and how to play it, for every even board from 6×6 and every start.
//!
//! With `d(a, b)` the knight distance, `Tw`, `Tb` the targets and `W`, `B` the knights:
//!
//! - knights on **different** colours (only White can capture):
//!   White if `d(W,Tw) <= d(B,Tb)` (go straight home); else White if `d(W,Tb) <= d(B,Tb) + 1`
//!   (reach Black's target first, then go home, three moves); else Black (straight home);
//! - knights on the **same** colour (only Black can capture):
//!   Black if `d(B,Tb) < d(W,Tw)` (straight); else Black if `d(B,Tw) <= d(W,Tw)` (via White's
//!   target); else White (straight).
//!
//! Each move, in order: capture if the other knight is a leap away; step onto our own target
//! if the other knight does not attack it; else step along a shortest path to the current goal,
//! preferring squares the other knight does not attack. The choice is the seed editorial's; it
//! is proven here by [`super::verify`] (every board up to 20×20, every start, every reply) and
//! it finishes within `max(d) + 3 <= 337` moves on 1000×1000, under the 350 cap.
//!
//! Distances are only ever needed *from the targets*, which stand in the middle of the board,
//! where the edges never lengthen a knight's route: the unbounded board's closed form
//! ([`knight_distance`]) gives them in O(1). That equality is checked square by square against
//! breadth-first search on every even board from 6×6 to 60×60 and on 1000×1000, 6×1000 and
//! 1000×6 (tests and `duel verify`). So a strategy costs nothing to build and each move is O(1).

use super::{parity, Duel};
use crate::geometry::Coord;
use crate::path::leaper::knight_distance;
use crate::piece::Colour;

/// How the chosen side plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Plan {
    /// Straight to its own target.
    Straight,
    /// To the other side's target first, then home.
    Via,
}

/// The side to play, the plan, and where in the plan we are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The side that wins.
    pub side: Colour,
    /// How.
    pub plan: Plan,
    /// For [`Plan::Via`]: the other target has been reached.
    pub reached: bool,
}

/// The strategy for one board.
#[derive(Clone, Debug)]
pub struct Strategy {
    duel: Duel,
}

impl Strategy {
    /// The strategy for a board. O(1).
    pub fn new(duel: Duel) -> Self {
        Self { duel }
    }

    /// The board.
    pub fn duel(&self) -> Duel {
        self.duel
    }

    /// Knight distance from `c` (on the board) to `side`'s target.
    pub fn distance(&self, c: Coord, side: Colour) -> u64 {
        let t = self.duel.target(side);
        knight_distance(c.file - t.file, c.rank - t.rank)
    }

    /// The side to play from a start (White to move) and its plan.
    pub fn choose(&self, white: Coord, black: Coord) -> Choice {
        let d = |c, s| self.distance(c, s);
        let (ww, bb) = (d(white, Colour::White), d(black, Colour::Black));
        let (wb, bw) = (d(white, Colour::Black), d(black, Colour::White));
        let pick = |side, plan| Choice {
            side,
            plan,
            reached: false,
        };
        if parity(white) != parity(black) {
            if ww <= bb {
                pick(Colour::White, Plan::Straight)
            } else if wb <= bb + 1 {
                pick(Colour::White, Plan::Via)
            } else {
                pick(Colour::Black, Plan::Straight)
            }
        } else if bb < ww {
            pick(Colour::Black, Plan::Straight)
        } else if bw <= ww {
            pick(Colour::Black, Plan::Via)
        } else {
            pick(Colour::White, Plan::Straight)
        }
    }

    /// Our move, our knight on `me`, theirs on `them`; updates the plan's progress. O(1).
    pub fn reply(&self, choice: &mut Choice, me: Coord, them: Coord) -> Coord {
        let own = self.duel.target(choice.side);
        if Duel::attacks(me, them) {
            return them;
        }
        if Duel::attacks(me, own) && !Duel::attacks(them, own) && them != own {
            return own;
        }
        let other = self.duel.target(choice.side.opponent());
        if choice.plan == Plan::Via && me == other {
            choice.reached = true;
        }
        let goal = if choice.plan == Plan::Via && !choice.reached {
            choice.side.opponent()
        } else {
            choice.side
        };
        let here = self.distance(me, goal);
        let next = self
            .duel
            .moves(me)
            .filter(|&t| t != them && self.distance(t, goal) < here)
            .min_by_key(|&t| (Duel::attacks(them, t), t.rank, t.file))
            .or_else(|| self.duel.moves(me).find(|&t| t != them))
            .expect("a knight on a board of 4×4 or more always has a move");
        if choice.plan == Plan::Via && next == other {
            choice.reached = true;
        }
        next
    }
}
