//! Two-knight duels (Knightmare, Codeforces 1201E2).
//!
//! An `n × m` board (`n` rows, `m` columns, both even), a white and a black knight; White moves
//! first and every turn is compulsory. White's target is `(n/2, m/2)`, Black's `(n/2+1, m/2)`
//! (row, column). After **every** move both win conditions are checked, the mover's first:
//! the mover wins by capturing, or by standing on its own target while the other knight does not
//! attack it; otherwise the other side wins if it stands on *its* target unattacked (a knight
//! that walks away from guarding the opponent's target loses).
//!
//! Squares are [`Coord`]s with `file` = column and `rank` = row. A knight move changes the
//! colour of its square, so only one knight can ever capture: White if the two start on
//! different colours, Black if on the same.
//!
//! - [`strategy`]: choose the winning side and play it, for every board and start.
//! - [`solver`]: exact retrograde analysis (win/loss/draw with distance) for small boards.
//! - [`verify`]: exhaustive proof that the strategy wins against every reply.
//! - [`policy`]: opponents for a judge: random, greedy, optimal.

pub mod policy;
pub mod solver;
pub mod strategy;
pub mod verify;

use thiserror::Error;

use crate::geometry::{Coord, Rect, Square};
use crate::piece::Colour;

/// The eight knight leaps.
pub const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// A duel board: its size and the two targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duel {
    rect: Rect,
    rows: i64,
    cols: i64,
}

/// Why a board is not a duel board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DuelError {
    /// Odd or too small.
    #[error("a duel board has an even number of rows and of columns, at least 4 each; got {0}x{1}")]
    Size(u64, u64),
    /// Bad start squares.
    #[error("{0}")]
    Start(String),
}

impl Duel {
    /// The duel on `rows × cols` (both even, at least 4; the strategy is proven for 6 and up).
    pub fn new(rows: u64, cols: u64) -> Result<Self, DuelError> {
        if rows < 4 || cols < 4 || rows % 2 == 1 || cols % 2 == 1 {
            return Err(DuelError::Size(rows, cols));
        }
        let rect = Rect::new(cols, rows).map_err(|_| DuelError::Size(rows, cols))?;
        Ok(Self {
            rect,
            rows: rows as i64,
            cols: cols as i64,
        })
    }

    /// Rows (`n`).
    pub fn rows(&self) -> i64 {
        self.rows
    }

    /// Columns (`m`).
    pub fn cols(&self) -> i64 {
        self.cols
    }

    /// The board as a rectangle (files = columns, ranks = rows).
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The square at row `x`, column `y`.
    pub const fn cell(x: i64, y: i64) -> Coord {
        Coord::new(y, x)
    }

    /// A side's target: White `(n/2, m/2)`, Black `(n/2+1, m/2)`.
    pub fn target(&self, side: Colour) -> Coord {
        match side {
            Colour::White => Self::cell(self.rows / 2, self.cols / 2),
            Colour::Black => Self::cell(self.rows / 2 + 1, self.cols / 2),
        }
    }

    /// Whether `c` is on the board.
    pub fn contains(&self, c: Coord) -> bool {
        self.rect.contains(c)
    }

    /// Dense index of a square.
    pub fn square(&self, c: Coord) -> Option<Square> {
        self.rect.square(c)
    }

    /// The knight moves from `c` that stay on the board.
    pub fn moves(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        KNIGHT
            .iter()
            .map(move |&(dx, dy)| Coord::new(c.file + dx, c.rank + dy))
            .filter(|&t| self.contains(t))
    }

    /// Whether a knight on `a` attacks `b`.
    pub fn attacks(a: Coord, b: Coord) -> bool {
        let (dx, dy) = ((a.file - b.file).abs(), (a.rank - b.rank).abs());
        (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
    }

    /// Checks a start: squares on the board and distinct, neither knight on its own target.
    pub fn check_start(&self, white: Coord, black: Coord) -> Result<(), DuelError> {
        for (c, who) in [(white, "white"), (black, "black")] {
            if !self.contains(c) {
                return Err(DuelError::Start(format!(
                    "the {who} knight's square ({},{}) is off the board",
                    c.rank, c.file
                )));
            }
        }
        if white == black {
            return Err(DuelError::Start("the knights start on the same square".into()));
        }
        if white == self.target(Colour::White) || black == self.target(Colour::Black) {
            return Err(DuelError::Start("a knight starts on its own target".into()));
        }
        Ok(())
    }

    /// Who has won once `mover` has moved and the knights stand on `white` and `black`.
    pub fn after_move(&self, mover: Colour, white: Coord, black: Coord) -> Option<Colour> {
        if white == black {
            return Some(mover);
        }
        let at = |side: Colour| if side == Colour::White { white } else { black };
        let holds =
            |side: Colour| at(side) == self.target(side) && !Self::attacks(at(side.opponent()), at(side));
        if holds(mover) {
            Some(mover)
        } else if holds(mover.opponent()) {
            Some(mover.opponent())
        } else {
            None
        }
    }
}

/// The colour of a square (which knights can ever meet on it).
pub(crate) fn parity(c: Coord) -> i64 {
    (c.file + c.rank).rem_euclid(2)
}
