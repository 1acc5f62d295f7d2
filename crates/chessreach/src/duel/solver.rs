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
//! each resolved position's unmoves walked once), 8 bytes per position (one `u32` holding the
//! status and the counter or length, so a step back touches one cache line, and a slot in the
//! `u32` queue) — 268 MB for 64×64. The counting pass
//! runs on every core; the backward pass is sequential. Memory is costed before anything is
//! allocated ([`Solution::bytes_needed`]) and refused beyond the [`Budget`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "table sizes were checked against the memory budget, so they fit usize"
)]
use rayon::prelude::*;

use super::game::Game;
use super::{Duel, DuelError};
use crate::geometry::{Coord, Square};
use crate::limits::{mul_add, Budget};
use crate::piece::Colour;
use crate::retro::moves::LeapTable;

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

/// A position's cell: bits 30–31 the winner (0 none yet, 1 White, 2 Black), bit 29 terminal,
/// bits 0–28 the moves left to refute while unresolved, the length in plies once resolved.
const WIN_SHIFT: u32 = 30;
const TERMINAL: u32 = 1 << 29;
const LOW: u32 = TERMINAL - 1;
const WHITE_WINS: u32 = 1;

const fn code(side: Colour) -> u32 {
    match side {
        Colour::White => WHITE_WINS << WIN_SHIFT,
        Colour::Black => 2 << WIN_SHIFT,
    }
}

pub use crate::limits::Progress;

/// One step back from a resolved position to its predecessor `p` (`mover` to move): won at
/// once if `mover` is the winner, else one fewer move left to refute — lost when none is left.
#[inline]
fn resolve(cells: &mut [u32], queue: &mut Vec<u32>, p: usize, winner: Colour, mover: Colour, plies: u32) {
    let c = cells[p];
    if c > LOW {
        return;
    }
    if winner != mover && c != 1 {
        cells[p] = c - 1;
        return;
    }
    cells[p] = code(winner) | plies.min(LOW);
    queue.push(u32::try_from(p).expect("positions < 2^32 by bytes_needed"));
}

/// One side's moves as the solver walks them when [`MoveGen::tables_apply`]: single leaps from
/// precomputed tables, rides square by square.
struct Tables {
    fwd: LeapTable,
    rev: LeapTable,
}

impl Tables {
    fn new(duel: &Duel, side: Colour) -> Option<Self> {
        let gen = duel.gen(side);
        gen.tables_apply().then(|| Self {
            fwd: gen.leap_table(false),
            rev: gen.leap_table(true),
        })
    }

    /// The number of moves from `me` with the other piece on `other`. O(moves).
    #[inline]
    fn count(&self, duel: &Duel, side: Colour, me: u32, other: u32) -> u32 {
        let row = self.fwd.row(me);
        let mut n = if self.fwd.plain {
            u32::try_from(row.len()).unwrap_or(u32::MAX)
        } else {
            let mut n = 0;
            for k in row {
                let (to, kind) = (self.fwd.ends[k], self.fwd.kinds[k]);
                let ok = if to == other {
                    kind.can_capture
                } else {
                    kind.can_move
                };
                n += u32::from(ok && kind.leg != other);
            }
            n
        };
        duel.gen(side).ride_moves(me, other, |_, _| n += 1);
        n
    }
}

/// Every position of a duel, solved.
#[derive(Clone, Debug)]
pub struct Solution {
    duel: Duel,
    squares: u32,
    /// Per position: winner, terminal flag, and the moves left to refute while unresolved or
    /// the length once resolved (see `WIN_SHIFT`).
    cells: Vec<u32>,
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
    /// The most positions (two squares and the side to move) the solver's 32-bit indices
    /// name: beyond them a duel is refused ([`DuelError::TooManyPositions`]) whatever the budget.
    pub const MAX_POSITIONS: u64 = u32::MAX as u64;

    /// Bytes the solver needs for `duel` (`None`: more than a `u64` counts): per position a
    /// cell and a queue slot (`u32` each); per square and leap its forward and reverse leap
    /// tables.
    #[must_use]
    pub fn bytes_needed(duel: &Duel) -> Option<u64> {
        let squares = duel.rect().len() as u64;
        let positions = squares.checked_mul(squares)?.checked_mul(2)?;
        let leaps: u64 = Colour::BOTH
            .iter()
            .map(|&s| duel.gen(s).leap_steps() as u64)
            .sum();
        // Two tables (forward, reverse) per side: 12 bytes a leap, 4 a row start; marks.
        let tables = squares.checked_mul(leaps.checked_mul(24)?.checked_add(16 + 4)?)?;
        mul_add(positions, 8, tables)
    }

    /// Solves every position of `duel`, refusing up front if its tables exceed `budget`.
    /// `progress`, if given, hears about each stage.
    ///
    /// # Errors
    ///
    /// [`DuelError::TooLarge`] when [`Solution::bytes_needed`] exceeds `budget`,
    /// [`DuelError::TooManyPositions`] beyond [`Solution::MAX_POSITIONS`].
    pub fn solve(duel: &Duel, budget: Budget, progress: Option<Progress<'_>>) -> Result<Self, DuelError> {
        let n = duel.rect().len() as u64;
        budget.check("the duel solver's tables", Self::bytes_needed(duel))?;
        let positions = u128::from(n) * u128::from(n) * 2;
        if positions > u128::from(Self::MAX_POSITIONS) {
            return Err(DuelError::TooManyPositions(positions));
        }
        let squares = u32::try_from(n).map_err(|_| DuelError::TooManyPositions(positions))?;
        let positions = 2 * (n as usize) * (n as usize);
        let mut s = Self {
            duel: duel.clone(),
            squares,
            cells: vec![0; positions],
        };
        let tables = Colour::BOTH.map(|side| Tables::new(duel, side));
        s.count(&tables, progress);
        s.propagate(&tables, progress);
        Ok(s)
    }

    #[inline]
    fn index(&self, w: u32, b: u32, to_move: Colour) -> usize {
        ((w as usize * self.squares as usize + b as usize) << 1) | to_move.index()
    }

    /// Seeds terminal positions and counts every other position's moves, a row of White
    /// squares per task.
    #[expect(
        clippy::similar_names,
        reason = "`mover` (the side that just moved) and `moves` (a count) are the domain's words"
    )]
    fn count(&mut self, tables: &[Option<Tables>; 2], progress: Option<Progress<'_>>) {
        let n = self.squares;
        let duel = &self.duel;
        let row = 2 * n as usize;
        let done = std::sync::atomic::AtomicU64::new(0);
        self.cells.par_chunks_mut(row).enumerate().for_each_init(
            || duel.new_marks(),
            |marks, (w, cells)| {
                let w = u32::try_from(w).expect("fewer than 2^32 squares by Rect");
                for b in 0..n {
                    for to_move in Colour::BOTH {
                        let k = ((b as usize) << 1) | to_move.index();
                        let mover = to_move.opponent();
                        if let Some((winner, _)) = duel.winner_after(mover, Square(w), Square(b)) {
                            cells[k] = TERMINAL | code(winner);
                            continue;
                        }
                        let (me, other) = if to_move == Colour::White { (w, b) } else { (b, w) };
                        let moves = if let Some(t) = &tables[to_move.index()] {
                            t.count(duel, to_move, me, other)
                        } else {
                            let mut moves = 0u32;
                            duel.gen(to_move).moves(me, other, marks, |_, _| moves += 1);
                            moves
                        };
                        // Moves per square < steps x board side < 2^29: never clipped.
                        cells[k] = moves.min(LOW);
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
    #[expect(
        clippy::similar_names,
        reason = "`mover` and `moved` (its square) are the domain's words"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short mathematical names (coordinates, sizes, indices) read best here"
    )]
    fn propagate(&mut self, tables: &[Option<Tables>; 2], progress: Option<Progress<'_>>) {
        let n = self.squares;
        let total = self.cells.len();
        let mut queue: Vec<u32> = Vec::with_capacity(total);
        queue.extend(
            self.cells
                .iter()
                .enumerate()
                .filter(|(_, &c)| c & TERMINAL != 0)
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
            let to_move = if i & 1 == 0 { Colour::White } else { Colour::Black };
            // 32-bit arithmetic: positions < 2^32 (bytes_needed), so pairs < 2^31.
            let pair = i >> 1;
            let (w, b) = (pair / n, pair % n);
            let i = i as usize;
            let cell = self.cells[i];
            let winner = if cell >> WIN_SHIFT == WHITE_WINS {
                Colour::White
            } else {
                Colour::Black
            };
            // Terminal cells hold no length: they are 0 plies from the end.
            let plies = if cell & TERMINAL != 0 { 1 } else { (cell & LOW) + 1 };
            let mover = to_move.opponent();
            let (moved, still) = if mover == Colour::White { (w, b) } else { (b, w) };
            let cells = &mut self.cells;
            let pred = |from: u32| {
                let (pw, pb) = if mover == Colour::White {
                    (from, b)
                } else {
                    (w, from)
                };
                ((pw as usize * n as usize + pb as usize) << 1) | mover.index()
            };
            let gen = self.duel.gen(mover);
            match &tables[mover.index()] {
                Some(t) => {
                    // The hot loop: written out so nothing stands between it and the arrays.
                    let capture = moved == still;
                    let row = t.rev.row(moved);
                    if t.rev.plain {
                        for &from in &t.rev.ends[row] {
                            if from != still {
                                resolve(cells, &mut queue, pred(from), winner, mover, plies);
                            }
                        }
                    } else {
                        for k in row {
                            let (from, kind) = (t.rev.ends[k], t.rev.kinds[k]);
                            let ok = if capture { kind.can_capture } else { kind.can_move };
                            if ok && from != still && kind.leg != still {
                                resolve(cells, &mut queue, pred(from), winner, mover, plies);
                            }
                        }
                    }
                    gen.ride_unmoves(moved, still, |from| {
                        resolve(cells, &mut queue, pred(from), winner, mover, plies);
                    });
                }
                None => gen.unmoves(moved, still, &mut marks, |from| {
                    resolve(cells, &mut queue, pred(from), winner, mover, plies);
                }),
            }
        }
    }

    /// The duel solved.
    #[must_use]
    pub const fn duel(&self) -> &Duel {
        &self.duel
    }

    fn squares_of(&self, white: Coord, black: Coord) -> Option<(u32, u32)> {
        let r = self.duel.rect();
        Some((r.square(white)?.0, r.square(black)?.0))
    }

    /// The value of a position with `to_move` to play; for a terminal position (the last move
    /// ended the game) the winner with 0 plies. `Draw` for squares off the board.
    #[must_use]
    pub fn value(&self, white: Coord, black: Coord, to_move: Colour) -> Value {
        match self.squares_of(white, black) {
            Some((w, b)) => self.value_at(self.index(w, b, to_move)),
            None => Value::Draw,
        }
    }

    fn value_at(&self, i: usize) -> Value {
        let c = self.cells[i];
        let plies = if c & TERMINAL != 0 { 0 } else { c & LOW };
        match c >> WIN_SHIFT {
            0 => Value::Draw,
            WHITE_WINS => Value::Win {
                side: Colour::White,
                plies,
            },
            _ => Value::Win {
                side: Colour::Black,
                plies,
            },
        }
    }

    /// Whether the last move into this position ended the game.
    #[must_use]
    pub fn is_terminal(&self, white: Coord, black: Coord, to_move: Colour) -> bool {
        self.squares_of(white, black)
            .is_some_and(|(w, b)| self.cells[self.index(w, b, to_move)] & TERMINAL != 0)
    }

    /// The best move of the side to move: the fastest win, else a draw, else the longest loss
    /// (ties: the first in generation order). `None` when the game is over or has no move.
    #[must_use]
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
    #[must_use]
    pub fn best_in(&self, game: &Game<'_>) -> Option<Coord> {
        self.best_move(
            game.square(Colour::White),
            game.square(Colour::Black),
            game.to_move(),
        )
    }

    /// The principal line from a start with White to move: the moves both sides play under best
    /// play until the win (empty for a draw, whose best play never ends).
    #[must_use]
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

    /// Counts of every start's result. O(S²): one pass over the White-to-move cells, without a
    /// branch on the result (as unpredictable as the game).
    #[must_use]
    pub fn summary(&self) -> Summary {
        let own = Colour::BOTH.map(|side| self.duel.target_square(side).map_or(u32::MAX, |t| t.0));
        let mut by_code = [0u64; 4];
        let mut longest = 0;
        let n = self.squares as usize;
        for (w, row) in self.cells.chunks_exact(2 * n).enumerate() {
            if w == own[0] as usize {
                continue;
            }
            for (b, pair) in row.chunks_exact(2).enumerate() {
                // Starts have distinct squares and Black off its own target.
                let keep = u64::from(b != w && b != own[1] as usize);
                let c = pair[0];
                by_code[(c >> WIN_SHIFT) as usize] += keep;
                // Starts are never terminal; a draw's low bits are a move count, not a length.
                let len = if c >> WIN_SHIFT == 0 { 0 } else { c & LOW };
                longest = longest.max(len * u32::from(keep != 0));
            }
        }
        Summary {
            starts: by_code.iter().sum(),
            white: by_code[1],
            black: by_code[2],
            draws: by_code[0],
            longest,
        }
    }
}
