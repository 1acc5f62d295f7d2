//! WHO covers WHAT: positions and their attack maps.
//!
//! A square is *attacked* by a piece when the piece could capture there in one move: its
//! capture-capable steps (plain and `c` components, not `m` ones). Riders stop at the first
//! occupied square, which is attacked ("defended"); nothing behind it is. Leapers jump; a lame
//! leap (`n`) needs its intermediate square empty.
//!
//! ```
//! use chessreach::attack::{AttackMap, Position};
//! use chessreach::piece::Colour;
//!
//! let pos = Position::from_fen("8/8/8/8/8/8/8/1N6")?;
//! let map = AttackMap::new(&pos)?;
//! let a3 = pos.rect().and_then(|r| r.square("a3".parse().ok()?)).expect("on board");
//! assert!(map.is_attacked(Colour::White, a3));
//! assert_eq!(map.attacked(Colour::White).count(), 3); // a3, c3, d2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dense;
mod diagram;
mod fen;
pub(crate) mod legs;
mod mover;
mod moves;
mod position;
mod setup;
mod small;
mod strip;
mod surface;
pub(crate) mod walk;

pub use dense::{AttackMap, MapError, NotBounded};
pub use diagram::{
    compare_dialects, compare_dialects_progress, move_diagram, move_diagram_progress, Cell, Comparison,
};
pub(crate) use fen::read_placement;
pub use fen::{FenError, FenErrorKind, Symbols};
pub use legs::PathMove;
pub use mover::{Mover, SquareMoves};
pub use position::{Confinement, Kind, Placed, Position, PositionError};
pub use setup::{PieceSpec, Setup, SetupError, SpecError, SpecErrorKind};
pub(crate) use strip::attacks_of;
pub use strip::{Ray, StripAttackMap};

use crate::geometry::Coord;
use crate::piece::Colour;

/// What every attack map answers, whatever the board: used by renderers and tools.
pub trait AttackQuery {
    /// How many pieces of `colour` attack `c` (0 off the board).
    fn count(&self, colour: Colour, c: Coord) -> u32;
}
