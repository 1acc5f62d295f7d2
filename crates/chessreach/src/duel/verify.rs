//! Exhaustive proof that the knightmare strategy wins: for every start of a board, the chosen
//! side is the one the exact solver says wins, and playing the strategy against *every* reply
//! keeps the position won, never loops, and wins within the move cap.
//!
//! Game states reached (knights, side to move, plan progress) are memoised, so each is explored
//! once per board: O(S² · 8) for a board of `S` squares on top of the solver.

use std::collections::{HashMap, HashSet};

use super::solver::{Solution, Value};
use super::strategy::{Choice, Plan, Strategy};
use super::{Duel, DuelError};
use crate::geometry::{Coord, Rect};
use crate::limits::{mul_add, Budget};
use crate::piece::Colour;

/// What a verified board showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The board.
    pub rect: Rect,
    /// Starts checked.
    pub starts: usize,
    /// Game states explored.
    pub states: usize,
    /// The most moves the strategy ever needs (its own moves, worst reply).
    pub longest: u32,
}

/// What went wrong at a start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Failure {
    /// The strategy picks a side the solver says does not win.
    #[error("the strategy picks {chosen} but the solver says {actual:?}")]
    WrongSide {
        /// The side picked.
        chosen: Colour,
        /// The solved value of the start.
        actual: Value,
    },
    /// A strategy move that is not a knight move on the board.
    #[error("the strategy plays the illegal move {from} to {to}")]
    IllegalMove {
        /// From.
        from: Coord,
        /// To.
        to: Coord,
    },
    /// A strategy move after which the position is no longer won.
    #[error("after the strategy's move to {to} the position is {value:?}")]
    Squanders {
        /// The move.
        to: Coord,
        /// The value after it.
        value: Value,
    },
    /// A strategy move that hands the win to the other side.
    #[error("the strategy's move to {0} hands the win to the other side")]
    HandsOver(Coord),
    /// A reply that wins for the other side.
    #[error("the reply {0} wins for the other side")]
    ReplyWins(Coord),
    /// Some replies keep the strategy going round in circles.
    #[error("the strategy can be kept going round in circles (white {white}, black {black})")]
    Loop {
        /// White's square in the repeated state.
        white: Coord,
        /// Black's square.
        black: Coord,
    },
    /// More own moves than the cap.
    #[error("the strategy may need {needed} moves, over the cap of {cap}")]
    OverCap {
        /// Moves needed against the worst replies.
        needed: u32,
        /// The cap.
        cap: u32,
    },
}

/// A start the strategy does not win, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rect}, white {white} black {black}: {failure}")]
pub struct Counterexample {
    /// The board.
    pub rect: Rect,
    /// White's start.
    pub white: Coord,
    /// Black's start.
    pub black: Coord,
    /// What went wrong.
    pub failure: Failure,
}

/// Why a board could not be verified.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// Not a knightmare board, or too large to solve within the budget.
    #[error(transparent)]
    Duel(#[from] DuelError),
    /// The strategy fails.
    #[error("counterexample: {0}")]
    Counterexample(#[from] Counterexample),
}

/// Bytes [`verify_board`] needs on the knightmare board `rect` (`None`: not a knightmare board
/// or too many): the solver's tables and the memo (at most one entry per game state, about 48
/// bytes each with the hash map's overhead).
#[must_use]
pub fn bytes_needed(rect: Rect) -> Option<u64> {
    let squares = rect.len() as u64;
    let solver = Solution::bytes_needed(&Duel::knightmare(rect).ok()?)?;
    let states = squares.checked_mul(squares)?.checked_mul(8)?;
    mul_add(states, 48, solver)
}

struct Explorer<'a> {
    strategy: &'a Strategy,
    solved: &'a Solution,
    rect: Rect,
    memo: HashMap<u64, u32>,
    open: HashSet<u64>,
}

fn key(rect: Rect, w: Coord, b: Coord, ours: bool, c: Choice) -> u64 {
    let sq = |x: Coord| u64::from(rect.square(x).map_or(u32::MAX, |s| s.0));
    let bits = u64::from(ours)
        | u64::from(c.side == Colour::Black) << 1
        | u64::from(c.plan == Plan::Via) << 2
        | u64::from(c.reached) << 3;
    sq(w) << 36 | sq(b) << 4 | bits
}

impl Explorer<'_> {
    fn after(&self, mover: Colour, w: Coord, b: Coord) -> Option<Colour> {
        self.solved.duel().after_move(mover, w, b).map(|(s, _)| s)
    }

    /// Own moves still needed, our side to move.
    fn ours(&mut self, w: Coord, b: Coord, choice: Choice) -> Result<u32, Failure> {
        let k = key(self.rect, w, b, true, choice);
        if let Some(&v) = self.memo.get(&k) {
            return Ok(v);
        }
        if !self.open.insert(k) {
            return Err(Failure::Loop { white: w, black: b });
        }
        let side = choice.side;
        let (me, them) = if side == Colour::White { (w, b) } else { (b, w) };
        let mut next_choice = choice;
        let to = self.strategy.reply(&mut next_choice, me, them);
        let result = if self.solved.duel().moves(side, me, them).contains(&to) {
            let (nw, nb) = if side == Colour::White { (to, b) } else { (w, to) };
            match self.after(side, nw, nb) {
                Some(s) if s == side => Ok(1),
                Some(_) => Err(Failure::HandsOver(to)),
                None => match self.solved.value(nw, nb, side.opponent()) {
                    Value::Win { side: s, .. } if s == side => {
                        self.theirs(nw, nb, next_choice).map(|r| r + 1)
                    }
                    value => Err(Failure::Squanders { to, value }),
                },
            }
        } else {
            Err(Failure::IllegalMove { from: me, to })
        };
        self.open.remove(&k);
        let r = result?;
        self.memo.insert(k, r);
        Ok(r)
    }

    /// Own moves still needed, the other side to move (worst reply).
    fn theirs(&mut self, w: Coord, b: Coord, choice: Choice) -> Result<u32, Failure> {
        let k = key(self.rect, w, b, false, choice);
        if let Some(&v) = self.memo.get(&k) {
            return Ok(v);
        }
        let other = choice.side.opponent();
        let (from, still) = if other == Colour::White { (w, b) } else { (b, w) };
        let mut worst = 0;
        for to in self.solved.duel().moves(other, from, still) {
            let (nw, nb) = if other == Colour::White { (to, b) } else { (w, to) };
            let r = match self.after(other, nw, nb) {
                Some(s) if s == other => return Err(Failure::ReplyWins(to)),
                Some(_) => 0,
                None => self.ours(nw, nb, choice)?,
            };
            worst = worst.max(r);
        }
        self.memo.insert(k, worst);
        Ok(worst)
    }
}

/// Verifies every start of the knightmare board `rect` against the exact solver; `cap` is the
/// most own moves allowed (350 in the classic). Refuses boards whose tables exceed `budget`.
///
/// # Errors
///
/// [`VerifyError::Duel`] for a board that is not knightmare's or too large for `budget`; [`VerifyError::Counterexample`] for a start the strategy does not win.
pub fn verify_board(rect: Rect, cap: u32, budget: Budget) -> Result<Report, VerifyError> {
    let duel = Duel::knightmare(rect)?;
    budget
        .check("verifying the strategy", bytes_needed(rect))
        .map_err(DuelError::from)?;
    let strategy = Strategy::new(&duel)?;
    let solved = Solution::solve(&duel, Budget::unlimited(), None)?;
    let mut ex = Explorer {
        strategy: &strategy,
        solved: &solved,
        rect,
        memo: HashMap::new(),
        open: HashSet::new(),
    };
    let mut report = Report {
        rect,
        starts: 0,
        states: 0,
        longest: 0,
    };
    for (w, b, value) in solved.starts() {
        let fail = |failure| Counterexample {
            rect,
            white: w,
            black: b,
            failure,
        };
        let choice = strategy.choose(w, b);
        match value {
            Value::Win { side, .. } if side == choice.side => {}
            actual => {
                return Err(fail(Failure::WrongSide {
                    chosen: choice.side,
                    actual,
                })
                .into())
            }
        }
        let needed = if choice.side == Colour::White {
            ex.ours(w, b, choice)
        } else {
            ex.theirs(w, b, choice)
        }
        .map_err(&fail)?;
        if needed > cap {
            return Err(fail(Failure::OverCap { needed, cap }).into());
        }
        report.starts += 1;
        report.longest = report.longest.max(needed);
    }
    report.states = ex.memo.len();
    Ok(report)
}
