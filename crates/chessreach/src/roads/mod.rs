//! Reach on a grid of typed roads (NOIP 2021 "棋局").
//!
//! Intersections joined by roads of four types: 0 blocked; 1 normal (a move crosses exactly one
//! such road); 2 straight (a move runs any number of consecutive type-2 roads in one direction);
//! 3 interconnected (a move runs any path of type-3 roads, turning freely). A move uses roads of
//! one type, never revisits an intersection, and passes only through empty intersections; it
//! may end on a piece only by capturing it (other colour, level not above the mover's), and a
//! capture ends the move. Pieces are placed one at a time; after each placement, how many
//! intersections could the new piece move to?
//!
//! - [`reach`]: the set for one piece in one position, by breadth-first search (O(n·m)).
//! - [`Offline`]: every placement's count at once, O((n·m + q) log(n·m + q)), by processing
//!   placements in reverse as removals (regions only merge); see its documentation.

mod dsu;
mod offline;
mod tree;

pub use offline::{counts, Offline};

use thiserror::Error;

use crate::geometry::{EdgeGrid, DIRECTIONS};

/// A piece: colour (0 or 1), level, intersection (dense index `row * cols + col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// 0 or 1.
    pub colour: u8,
    /// Its level: it captures pieces of the other colour with a level not above its own.
    pub level: i64,
    /// Where it stands.
    pub at: usize,
}

impl Piece {
    /// Whether this piece may capture `other`.
    #[must_use]
    pub fn captures(&self, other: &Piece) -> bool {
        self.colour != other.colour && other.level <= self.level
    }
}

/// Why a placement sequence is invalid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlacementError {
    /// Off the grid.
    #[error("placement {index} is off the grid")]
    OffGrid {
        /// 0-based placement number.
        index: usize,
    },
    /// Onto an occupied intersection.
    #[error("placement {index} is on an intersection occupied since placement {by}")]
    Occupied {
        /// 0-based placement number.
        index: usize,
        /// The earlier placement there.
        by: usize,
    },
    /// A colour other than 0 or 1.
    #[error("placement {index} has colour {colour}; colours are 0 and 1")]
    Colour {
        /// 0-based placement number.
        index: usize,
        /// The colour given.
        colour: u8,
    },
}

/// Bytes the offline engine may need for an `n × m` grid and `q` placements: measured about 100
/// bytes per intersection and 245 per placement at 1000×1000 (93 MB with 10^5 placements, 326 MB
/// with 10^6); 128 and 320 leave a margin. `None` if that overflows.
#[must_use]
pub fn bytes_needed(n: usize, m: usize, q: usize) -> Option<u64> {
    let cells = (n as u64).checked_mul(m as u64)?;
    crate::limits::mul_add(cells, 128, (q as u64).checked_mul(320)?)
}

/// Checks a placement sequence: on the grid, colours 0/1, each on an empty intersection.
///
/// # Errors
///
/// [`PlacementError`] for the first placement off the grid, on an occupied intersection, or of a colour other than 0 or 1.
#[expect(
    clippy::cast_possible_truncation,
    reason = "roads grids hold fewer than 2^32 cells (checked by the budget)"
)]
pub fn check(grid: &EdgeGrid, pieces: &[Piece]) -> Result<(), PlacementError> {
    let mut by = vec![u32::MAX; grid.len()];
    for (index, p) in pieces.iter().enumerate() {
        if p.at >= grid.len() {
            return Err(PlacementError::OffGrid { index });
        }
        if p.colour > 1 {
            return Err(PlacementError::Colour {
                index,
                colour: p.colour,
            });
        }
        if by[p.at] != u32::MAX {
            return Err(PlacementError::Occupied {
                index,
                by: by[p.at] as usize,
            });
        }
        by[p.at] = index as u32;
    }
    Ok(())
}

/// How an intersection is reached: by which road types (bit `t` for type `t`), and whether
/// reaching it captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// Bit 1, 2, 3: reached along roads of that type.
    pub types: u8,
    /// A piece stands there (and is captured).
    pub capture: bool,
}

/// Everything `mover` could move to, with `others` on the board (the mover is not among
/// them): per intersection, how it is reached. O(n·m).
#[must_use]
pub fn reach(grid: &EdgeGrid, others: &[Piece], mover: &Piece) -> Vec<Reached> {
    let mut at: Vec<Option<Piece>> = vec![None; grid.len()];
    for p in others {
        at[p.at] = Some(*p);
    }
    let mut out = vec![Reached::default(); grid.len()];
    let mark = |cell: usize, t: u8, out: &mut Vec<Reached>| match at[cell] {
        None => {
            out[cell].types |= 1 << t;
            true
        }
        Some(p) => {
            if mover.captures(&p) {
                out[cell].types |= 1 << t;
                out[cell].capture = true;
            }
            false
        }
    };
    for d in 0..DIRECTIONS.len() {
        if let Some((n, 1)) = grid.step(mover.at, d) {
            mark(n, 1, &mut out);
        }
        let mut cell = mover.at;
        while let Some((n, 2)) = grid.step(cell, d) {
            if !mark(n, 2, &mut out) {
                break;
            }
            cell = n;
        }
    }
    let mut seen = vec![false; grid.len()];
    seen[mover.at] = true;
    let mut stack = vec![mover.at];
    while let Some(cell) = stack.pop() {
        for d in 0..DIRECTIONS.len() {
            if let Some((n, 3)) = grid.step(cell, d) {
                if !seen[n] {
                    seen[n] = true;
                    if mark(n, 3, &mut out) {
                        stack.push(n);
                    }
                }
            }
        }
    }
    out[mover.at] = Reached::default();
    out
}
