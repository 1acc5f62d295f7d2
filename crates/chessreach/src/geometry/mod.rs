//! WHERE: coordinates, offsets, boards and square sets.
//!
//! Coordinates are 1-based as people write them: `a1` is `(1, 1)`, file first, and both
//! components are `i64` so that unbounded strips can use any file. A bounded [`Rect`] maps its
//! coordinates to dense [`Square`] indices (`0..width*height`), the index every flat array and
//! [`SquareSet`] of that board uses.

mod board;
mod coord;
mod grid;
mod rect;
mod square_set;
mod strip;

pub use board::{Board, BoardParseError};
pub use coord::{Coord, CoordParseError, Delta};
pub use grid::{EdgeGrid, GridError, DIRECTIONS};
pub use rect::{Line, LineSquares, Rect, RectError, Square, Wrap, WrapParseError};
pub use square_set::SquareSet;
pub use strip::{Strip, StripError};
