//! Exhaustive proof that the strategy wins: for every start of a board, the chosen side is the
//! one the exact solver says wins, and playing the strategy against *every* reply keeps the
//! position won, never loops, and wins within the move cap.
//!
//! Game states reached (knights, side to move, plan progress) are memoised, so each is explored
//! once per board: O((n·m)² · 8) for the whole board on top of the solver.

use std::collections::{HashMap, HashSet};

use super::solver::{Outcome, Solved};
use super::strategy::{Choice, Plan, Strategy};
use super::Duel;
use crate::geometry::Coord;
use crate::piece::Colour;

/// What a verified board showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Rows.
    pub rows: i64,
    /// Columns.
    pub cols: i64,
    /// Starts checked.
    pub starts: usize,
    /// Game states explored.
    pub states: usize,
    /// The most moves the strategy ever needs (its own moves, worst reply).
    pub longest: u32,
}

/// A start the strategy does not win, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rows}x{cols}, white ({},{}) black ({},{}): {reason}", white.rank, white.file, black.rank, black.file)]
pub struct Counterexample {
    /// Rows.
    pub rows: i64,
    /// Columns.
    pub cols: i64,
    /// White's start (row = rank, column = file).
    pub white: Coord,
    /// Black's start.
    pub black: Coord,
    /// What went wrong.
    pub reason: String,
}

struct Explorer<'a> {
    strategy: &'a Strategy,
    solved: &'a Solved,
    duel: Duel,
    memo: HashMap<u64, u32>,
    open: HashSet<u64>,
}

fn key(w: Coord, b: Coord, ours: bool, c: Choice, duel: &Duel) -> u64 {
    let sq = |x: Coord| u64::from(duel.square(x).expect("on board").0);
    let bits = u64::from(ours)
        | u64::from(c.side == Colour::Black) << 1
        | u64::from(c.plan == Plan::Via) << 2
        | u64::from(c.reached) << 3;
    sq(w) << 36 | sq(b) << 4 | bits
}

impl Explorer<'_> {
    /// Own moves still needed, our side to move.
    fn ours(&mut self, w: Coord, b: Coord, choice: Choice) -> Result<u32, String> {
        let k = key(w, b, true, choice, &self.duel);
        if let Some(&v) = self.memo.get(&k) {
            return Ok(v);
        }
        if !self.open.insert(k) {
            return Err(format!(
                "the strategy can be kept going round in circles (white {w:?}, black {b:?})"
            ));
        }
        let side = choice.side;
        let (me, them) = if side == Colour::White { (w, b) } else { (b, w) };
        let mut next_choice = choice;
        let to = self.strategy.reply(&mut next_choice, me, them);
        if !Duel::attacks(me, to) || !self.duel.contains(to) {
            return Err(format!("illegal strategy move from {me:?} to {to:?}"));
        }
        let (nw, nb) = if side == Colour::White { (to, b) } else { (w, to) };
        let result = match self.duel.after_move(side, nw, nb) {
            Some(s) if s == side => Ok(1),
            Some(_) => Err(format!(
                "the strategy's move to {to:?} hands the win to the other side"
            )),
            None => match self.solved.outcome(nw, nb, side.opponent()) {
                Outcome::Win { side: s, .. } if s == side => self.theirs(nw, nb, next_choice).map(|r| r + 1),
                other => Err(format!(
                    "after the strategy's move to {to:?} the position is {other:?}"
                )),
            },
        };
        self.open.remove(&k);
        let r = result?;
        self.memo.insert(k, r);
        Ok(r)
    }

    /// Own moves still needed, the other side to move (worst reply).
    fn theirs(&mut self, w: Coord, b: Coord, choice: Choice) -> Result<u32, String> {
        let k = key(w, b, false, choice, &self.duel);
        if let Some(&v) = self.memo.get(&k) {
            return Ok(v);
        }
        let other = choice.side.opponent();
        let from = if other == Colour::White { w } else { b };
        let mut worst = 0;
        let replies: Vec<Coord> = self.duel.moves(from).collect();
        for to in replies {
            let (nw, nb) = if other == Colour::White { (to, b) } else { (w, to) };
            let r = match self.duel.after_move(other, nw, nb) {
                Some(s) if s == other => return Err(format!("the reply to {to:?} wins for the other side")),
                Some(_) => 0,
                None => self.ours(nw, nb, choice)?,
            };
            worst = worst.max(r);
        }
        self.memo.insert(k, worst);
        Ok(worst)
    }
}

/// Verifies every start of one board against the exact solver; `cap` is the most own moves
/// allowed (350 in the classic).
pub fn verify_board(duel: Duel, cap: u32) -> Result<Report, Counterexample> {
    let strategy = Strategy::new(duel);
    let solved = Solved::new(duel);
    verify_with(&strategy, &solved, cap)
}

/// As [`verify_board`], with a strategy and solver already built.
pub fn verify_with(strategy: &Strategy, solved: &Solved, cap: u32) -> Result<Report, Counterexample> {
    let duel = strategy.duel();
    let mut ex = Explorer {
        strategy,
        solved,
        duel,
        memo: HashMap::new(),
        open: HashSet::new(),
    };
    let rect = duel.rect();
    let mut report = Report {
        rows: duel.rows(),
        cols: duel.cols(),
        starts: 0,
        states: 0,
        longest: 0,
    };
    for ws in rect.squares() {
        for bs in rect.squares() {
            let (w, b) = (rect.coord(ws), rect.coord(bs));
            if duel.check_start(w, b).is_err() {
                continue;
            }
            let fail = |reason: String| Counterexample {
                rows: duel.rows(),
                cols: duel.cols(),
                white: w,
                black: b,
                reason,
            };
            let choice = strategy.choose(w, b);
            match solved.outcome(w, b, Colour::White) {
                Outcome::Win { side, .. } if side == choice.side => {}
                other => {
                    return Err(fail(format!(
                        "the strategy picks {} but the position is {other:?}",
                        choice.side
                    )))
                }
            }
            let needed = if choice.side == Colour::White {
                ex.ours(w, b, choice)
            } else {
                ex.theirs(w, b, choice)
            }
            .map_err(&fail)?;
            if needed > cap {
                return Err(fail(format!(
                    "the strategy may need {needed} moves, over the cap of {cap}"
                )));
            }
            report.starts += 1;
            report.longest = report.longest.max(needed);
        }
    }
    report.states = ex.memo.len();
    Ok(report)
}
