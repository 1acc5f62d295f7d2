//! Knightmare's winning side and how to play it, for every even board from 6×6 and every start.
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
//! is proven here by [`super::verify`] (every board up to 20×20 in the tests, every start,
//! every reply) and it finishes within `max(d) + 3` own moves: at most 337 on 1000×1000, under
//! knightmare's cap of 350. Past about 1000×1000 a far corner start needs more moves than the
//! cap allows (a 4096×4096 corner start needs 1365): the strategy still wins, later.
//!
//! Distances are only ever needed *from the targets*, which stand in the middle of the board,
//! where the edges never lengthen a knight's route: the unbounded board's closed form
//! ([`knight_distance`]) gives them in O(1). That equality is checked square by square against
//! breadth-first search on every even board from 6×6 to 30×30 and on 1000×1000, 6×1000 and
//! 1000×6 (tests), and `duel verify` re-proves the whole strategy on top of it. So a strategy
//! costs nothing to build and each move is O(1).

use super::leaper::knight_distance;
use super::referee::{Player, PlayerError};
use super::{parity, Duel, DuelError, Game};
use crate::geometry::{Coord, Rect};
use crate::piece::{Atom, Colour};

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

/// The strategy for one knightmare board.
#[derive(Clone, Copy, Debug)]
pub struct Strategy {
    rect: Rect,
    targets: [Coord; 2],
}

fn leaps(a: Coord, b: Coord) -> bool {
    let (dx, dy) = ((a.file - b.file).abs(), (a.rank - b.rank).abs());
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

impl Strategy {
    /// The strategy for a knightmare duel ([`Duel::knightmare`]). O(1).
    ///
    /// # Errors
    ///
    /// [`DuelError::NotKnightmare`] unless `duel` is knightmare's ([`Duel::is_knightmare`]).
    pub fn new(duel: &Duel) -> Result<Self, DuelError> {
        if !duel.is_knightmare() {
            return Err(DuelError::NotKnightmare(duel.rect()));
        }
        let target = |s| duel.target(s).ok_or(DuelError::NotKnightmare(duel.rect()));
        Ok(Self {
            rect: duel.rect(),
            targets: [target(Colour::White)?, target(Colour::Black)?],
        })
    }

    fn target(&self, side: Colour) -> Coord {
        self.targets[side.index()]
    }

    /// Knight distance from `c` (on the board) to `side`'s target.
    #[must_use]
    pub fn distance(&self, c: Coord, side: Colour) -> u64 {
        let t = self.target(side);
        knight_distance(c.file - t.file, c.rank - t.rank)
    }

    /// The side to play from a start (White to move) and its plan.
    #[must_use]
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

    fn moves(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        Atom::new(2, 1)
            .into_iter()
            .flat_map(Atom::images)
            .filter_map(move |d| c.offset(d))
            .filter(|&t| self.rect.contains(t))
    }

    /// Our move, our knight on `me`, theirs on `them`; updates the plan's progress. O(1).
    pub fn reply(&self, choice: &mut Choice, me: Coord, them: Coord) -> Coord {
        let own = self.target(choice.side);
        if leaps(me, them) {
            return them;
        }
        if leaps(me, own) && !leaps(them, own) && them != own {
            return own;
        }
        let other = self.target(choice.side.opponent());
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
            .moves(me)
            .filter(|&t| t != them && self.distance(t, goal) < here)
            .min_by_key(|&t| (leaps(them, t), t.rank, t.file))
            .or_else(|| self.moves(me).find(|&t| t != them))
            .unwrap_or(them);
        if choice.plan == Plan::Via && next == other {
            choice.reached = true;
        }
        next
    }
}

/// The strategy as a [`Player`] of its chosen side.
#[derive(Clone, Copy, Debug)]
pub struct StrategyPlayer {
    strategy: Strategy,
    choice: Choice,
}

impl StrategyPlayer {
    /// The player for a start (White to move): it plays [`StrategyPlayer::side`].
    #[must_use]
    pub fn new(strategy: Strategy, white: Coord, black: Coord) -> Self {
        Self {
            strategy,
            choice: strategy.choose(white, black),
        }
    }

    /// The side the strategy plays.
    #[must_use]
    pub const fn side(&self) -> Colour {
        self.choice.side
    }

    /// The plan and its progress.
    #[must_use]
    pub const fn choice(&self) -> Choice {
        self.choice
    }
}

impl Player for StrategyPlayer {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        let side = self.choice.side;
        Ok(self
            .strategy
            .reply(&mut self.choice, game.square(side), game.square(side.opponent())))
    }
}
