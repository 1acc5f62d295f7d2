//! Exact retrograde analysis of a duel: every position's winner under best play and its length.
//!
//! A position is (White's square, Black's square, side to move) — `2·S²` of them on a board of
//! `S` squares, the diagonal included (a capture leaves both pieces on one square). A position
//! in which the last move ended the game is *terminal*: it is seeded with its winner and 0
//! plies. Every other position starts with a counter: the number of distinct moves of the side
//! to move. Results then flow backwards in breadth-first order of length, through *unmoves*
//! (the exact inverse of the move generator): a predecessor whose side to move is the winner is
//! won, one ply longer (the first time it is reached is the shortest win); otherwise its
//! counter drops, and at zero every move loses — it is lost, one ply longer than its longest
//! reply (the last to arrive). Positions never resolved are draws: no side can force a win
//! (including a side to move with no moves at all).
//!
//! Cost: O(S² · m) time for `m` moves per square (each position's moves are counted once and
//! each resolved position's unmoves walked once), 9 bytes per position (a status byte, a
//! counter-or-length `u32` and a slot in the `u32` queue) — 302 MB for 64×64. The counting pass
//! runs on every core; the backward pass is sequential. Memory is costed before anything is
//! allocated ([`Solution::bytes_needed`]) and refused beyond the [`Budget`].

use rayon::prelude::*;

use super::game::Game;
use super::{Duel, DuelError};
use crate::geometry::{Coord, Square};
use crate::limits::{mul_add, Budget};
use crate::piece::Colour;

/// The result of a position under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// No side can force a win.
    Draw,
    /// `side` wins; the game lasts `plies` more half-moves, the winning one included, when the
    /// winner hurries and the loser delays (0: the last move already won).
    Win {
        /// The winner.
        side: Colour,
        /// Half-moves to the end.
        plies: u32,
    },
}

/// Status byte: bits 0–1 the winner (0 none yet, 1 White, 2 Black), bit 2 terminal.
const WHITE_WINS: u8 = 1;
const BLACK_WINS: u8 = 2;
const TERMINAL: u8 = 4;

const fn code(side: Colour) -> u8 {
    match side {
        Colour::White => WHITE_WINS,
        Colour::Black => BLACK_WINS,
    }
}

/// Progress of a long solve: the stage, work done and the total (for a progress bar).
pub type Progress<'a> = &'a (dyn Fn(&'static str, u64, u64) + Sync);

/// Every position of a duel, solved.
#[derive(Clone, Debug)]
pub struct Solution {
    duel: Duel,
    squares: u32,
    status: Vec<u8>,
    /// Per position: the moves left to refute while unresolved, the length once resolved.
    value: Vec<u32>,
}

/// Summary of every start (White to move, distinct squares, neither piece on its own target).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Starts counted.
    pub starts: u64,
    /// Won by White.
    pub white: u64,
    /// Won by Black.
    pub black: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest win, in plies.
    pub longest: u32,
}

impl Solution {
    /// Bytes the solver needs on a board of `squares` squares (`None`: more than a `u64`, or
    /// more positions than its 32-bit indices can name — refused either way).
    pub fn bytes_needed(squares: u64) -> Option<u64> {
        let positions = squares.checked_mul(squares)?.checked_mul(2)?;
        if positions > u64::from(u32::MAX) {
            return None;
        }
        // status (1) + value (4) + queue (4) per position; marks per thread.
        mul_add(positions, 9, squares.checked_mul(16)?)
    }

    /// Solves every position of `duel`, refusing up front if its tables exceed `budget`.
    /// `progress`, if given, hears about each stage.
    pub fn solve(duel: &Duel, budget: Budget, progress: Option<Progress<'_>>) -> Result<Self, DuelError> {
        let n = duel.rect().len() as u64;
        budget.check("the duel solver's tables", Self::bytes_needed(n))?;
        let squares = u32::try_from(n).map_err(|_| {
            DuelError::TooLarge(crate::limits::TooLarge {
                what: "the duel solver's tables",
                needed: None,
                limit: budget.bytes(),
            })
        })?;
        let positions = 2 * (n as usize) * (n as usize);
        let mut s = Self {
            duel: duel.clone(),
            squares,
            status: vec![0; positions],
            value: vec![0; positions],
        };
        s.count(progress);
        s.propagate(progress);
        Ok(s)
    }

    #[inline]
    fn index(&self, w: u32, b: u32, to_move: Colour) -> usize {
        ((w as usize * self.squares as usize + b as usize) << 1) | to_move.index()
    }

    /// Seeds terminal positions and counts every other position's moves, a row of White
    /// squares per task.
    fn count(&mut self, progress: Option<Progress<'_>>) {
        let n = self.squares;
        let duel = &self.duel;
        let row = 2 * n as usize;
        let done = std::sync::atomic::AtomicU64::new(0);
        self.status
            .par_chunks_mut(row)
            .zip(self.value.par_chunks_mut(row))
            .enumerate()
            .for_each_init(
                || duel.new_marks(),
                |marks, (w, (status, value))| {
                    let w = u32::try_from(w).expect("fewer than 2^32 squares by Rect");
                    for b in 0..n {
                        for to_move in Colour::BOTH {
                            let k = ((b as usize) << 1) | to_move.index();
                            let mover = to_move.opponent();
                            if let Some((winner, _)) = duel.winner_after(mover, Square(w), Square(b)) {
                                status[k] = TERMINAL | code(winner);
                                continue;
                            }
                            let (me, other) = if to_move == Colour::White { (w, b) } else { (b, w) };
                            let mut moves = 0u32;
                            duel.gen(to_move).moves(me, other, marks, |_, _| moves += 1);
                            value[k] = moves;
                        }
                    }
                    if let Some(p) = progress {
                        let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        p("counting moves", d, u64::from(n));
                    }
                },
            );
    }

    /// Resolves positions backwards from the terminal ones, shortest first.
    fn propagate(&mut self, progress: Option<Progress<'_>>) {
        let n = self.squares;
        let total = self.status.len();
        let mut queue: Vec<u32> = Vec::with_capacity(total);
        queue.extend(
            self.status
                .iter()
                .enumerate()
                .filter(|(_, &st)| st & TERMINAL != 0)
                .map(|(i, _)| u32::try_from(i).expect("positions < 2^32 by bytes_needed")),
        );
        let mut marks = self.duel.new_marks();
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            if head % (1 << 20) == 0 {
                if let Some(p) = progress {
                    p("resolving positions", head as u64, total as u64);
                }
            }
            let i = i as usize;
            let to_move = if i & 1 == 0 { Colour::White } else { Colour::Black };
            let pair = i >> 1;
            let (w, b) = ((pair / n as usize) as u32, (pair % n as usize) as u32);
            let winner = if self.status[i] & 3 == WHITE_WINS {
                Colour::White
            } else {
                Colour::Black
            };
            let plies = self.value[i] + 1;
            let mover = to_move.opponent();
            let (moved, still) = if mover == Colour::White { (w, b) } else { (b, w) };
            let (status, value) = (&mut self.status, &mut self.value);
            self.duel.gen(mover).unmoves(moved, still, &mut marks, |from| {
                let (pw, pb) = if mover == Colour::White {
                    (from, b)
                } else {
                    (w, from)
                };
                let p = ((pw as usize * n as usize + pb as usize) << 1) | mover.index();
                if status[p] != 0 {
                    return;
                }
                let resolve = if winner == mover {
                    true
                } else {
                    value[p] -= 1;
                    value[p] == 0
                };
                if resolve {
                    status[p] = code(winner);
                    value[p] = plies;
                    queue.push(u32::try_from(p).expect("positions < 2^32 by bytes_needed"));
                }
            });
        }
    }

    /// The duel solved.
    pub const fn duel(&self) -> &Duel {
        &self.duel
    }

    fn squares_of(&self, white: Coord, black: Coord) -> Option<(u32, u32)> {
        let r = self.duel.rect();
        Some((r.square(white)?.0, r.square(black)?.0))
    }

    /// The value of a position with `to_move` to play; for a terminal position (the last move
    /// ended the game) the winner with 0 plies. `Draw` for squares off the board.
    pub fn value(&self, white: Coord, black: Coord, to_move: Colour) -> Value {
        match self.squares_of(white, black) {
            Some((w, b)) => self.value_at(self.index(w, b, to_move)),
            None => Value::Draw,
        }
    }

    fn value_at(&self, i: usize) -> Value {
        let plies = |st: u8| if st & TERMINAL != 0 { 0 } else { self.value[i] };
        match self.status[i] {
            0 => Value::Draw,
            st if st & 3 == WHITE_WINS => Value::Win {
                side: Colour::White,
                plies: plies(st),
            },
            st => Value::Win {
                side: Colour::Black,
                plies: plies(st),
            },
        }
    }

    /// Whether the last move into this position ended the game.
    pub fn is_terminal(&self, white: Coord, black: Coord, to_move: Colour) -> bool {
        self.squares_of(white, black)
            .is_some_and(|(w, b)| self.status[self.index(w, b, to_move)] & TERMINAL != 0)
    }

    /// The best move of the side to move: the fastest win, else a draw, else the longest loss
    /// (ties: the first in generation order). `None` when the game is over or has no move.
    pub fn best_move(&self, white: Coord, black: Coord, to_move: Colour) -> Option<Coord> {
        let (me, other) = match to_move {
            Colour::White => (white, black),
            Colour::Black => (black, white),
        };
        if self.is_terminal(white, black, to_move) {
            return None;
        }
        self.duel.moves(to_move, me, other).into_iter().min_by_key(|&t| {
            let (w, b) = if to_move == Colour::White {
                (t, black)
            } else {
                (white, t)
            };
            match self.value(w, b, to_move.opponent()) {
                Value::Win { side, plies } if side == to_move => (0, i64::from(plies)),
                Value::Draw => (1, 0),
                Value::Win { plies, .. } => (2, -i64::from(plies)),
            }
        })
    }

    /// The best move in a game in progress (see [`Solution::best_move`]).
    pub fn best_in(&self, game: &Game<'_>) -> Option<Coord> {
        self.best_move(
            game.square(Colour::White),
            game.square(Colour::Black),
            game.to_move(),
        )
    }

    /// The principal line from a start with White to move: the moves both sides play under best
    /// play until the win (empty for a draw, whose best play never ends).
    pub fn principal_line(&self, white: Coord, black: Coord) -> Vec<Coord> {
        let mut line = Vec::new();
        let Value::Win { plies, .. } = self.value(white, black, Colour::White) else {
            return line;
        };
        let (mut w, mut b, mut side) = (white, black, Colour::White);
        for _ in 0..plies {
            let Some(mv) = self.best_move(w, b, side) else {
                break;
            };
            line.push(mv);
            if side == Colour::White {
                w = mv;
            } else {
                b = mv;
            }
            side = side.opponent();
        }
        line
    }

    /// Every start — White to move, distinct squares, neither piece on its own target — with its
    /// value, White's square major, in board order.
    pub fn starts(&self) -> impl Iterator<Item = (Coord, Coord, Value)> + '_ {
        let r = self.duel.rect();
        let n = self.squares;
        (0..n).flat_map(move |w| {
            (0..n).filter_map(move |b| {
                let (ws, bs) = (r.coord(Square(w)), r.coord(Square(b)));
                self.duel
                    .check_start(ws, bs)
                    .ok()
                    .map(|_| (ws, bs, self.value_at(self.index(w, b, Colour::White))))
            })
        })
    }

    /// Counts of every start's result.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for (_, _, v) in self.starts() {
            s.starts += 1;
            match v {
                Value::Draw => s.draws += 1,
                Value::Win { side, plies } => {
                    s.longest = s.longest.max(plies);
                    match side {
                        Colour::White => s.white += 1,
                        Colour::Black => s.black += 1,
                    }
                }
            }
        }
        s
    }
}
