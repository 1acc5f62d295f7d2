//! The retrograde machinery the exact solvers share: one piece's moves and unmoves among a
//! few others (`moves`), used by the duel solver (two pieces) and the royal endgame solver
//! (three and four pieces).

pub(crate) mod compiled;
pub(crate) mod moves;

pub use moves::GenError;
