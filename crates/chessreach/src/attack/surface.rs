//! What the walker sees of a board (bounds, shape, occupancy) and where it reports: shared by
//! the one walker (`walk`) and its part for legs (`legs`).

use crate::geometry::{Coord, Delta};
use crate::piece::Colour;

/// What stands on a square, for the legs of multi-leg moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Occupant {
    /// Nothing.
    Empty,
    /// A piece, of this side when the surface knows it.
    Piece(Option<Colour>),
    /// A wall: a leg stops before it, as at the board's edge.
    Wall,
}

/// The board as the walker sees it: bounds, shape and occupancy.
pub(crate) trait Surface {
    /// Whether `c` is on the board.
    fn on_board(&self, c: Coord) -> bool;
    /// Where a step of `d` from `from` lands, `None` off the board: the board's shape
    /// ([`crate::geometry::Rect::step`] on wrapped boards). A flat board's default.
    #[inline]
    fn step(&self, from: Coord, d: Delta) -> Option<Coord> {
        from.offset(d).filter(|&c| self.on_board(c))
    }
    /// Whether a (still active) piece stands on `c`.
    fn occupied(&self, c: Coord) -> bool;
    /// On boards with unbounded files, unlimited horizontal riders are not walked square by
    /// square: the walker asks for the first blocker instead. `None`: never blocked.
    /// Bounded boards never get this call.
    fn first_blocker(&self, _from: Coord, _step: Delta) -> Option<Coord> {
        None
    }
    /// Whether files are unbounded (a strip).
    fn unbounded_files(&self) -> bool {
        false
    }
    /// What stands on `c` (legs of multi-leg moves tell foes from friends). By default a
    /// piece of unknown side.
    fn occupant(&self, c: Coord) -> Occupant {
        if self.occupied(c) {
            Occupant::Piece(None)
        } else {
            Occupant::Empty
        }
    }
    /// The first file and the width of a bounded board, round which an `o` leg wraps;
    /// `None` on a strip.
    fn files(&self) -> Option<(i64, i64)> {
        None
    }
    /// Whether no edge wraps (a step lands at `from + d` or nowhere).
    fn flat(&self) -> bool {
        true
    }
}

/// Receives what a walk covers.
pub(crate) trait WalkSink {
    /// A covered square.
    fn square(&mut self, c: Coord);
    /// An unlimited horizontal ray on a strip: every `from + k*step` for `k >= 1` up to and
    /// including `until` (`None`: forever).
    fn ray(&mut self, from: Coord, step: Delta, until: Option<Coord>);
}

impl<F: FnMut(Coord)> WalkSink for F {
    fn square(&mut self, c: Coord) {
        self(c);
    }
    fn ray(&mut self, _: Coord, _: Delta, _: Option<Coord>) {
        unreachable!("a plain callback is used on bounded boards only")
    }
}
