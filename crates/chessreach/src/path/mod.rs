//! Shortest safe routes.
//!
//! A *mover* (any Betza rule, of one colour) travels among the pieces of a [`Position`]. It may
//! end a move only on a square no hostile piece attacks; it may not end on a piece, except by
//! capturing a hostile piece listed as capturable; a captured piece stops attacking and
//! blocking from that move on (rider lines it blocked reopen). A rider's move passes over empty
//! squares only (attacked or not: only where it stops matters). The mover itself is not part of
//! the position: it never blocks an attack, which is exact because it only ever stands on
//! unattacked squares. Its start square may be attacked (it stands there, it does not enter).
//! A variant's mover ([`Mover::by_square`]) moves as the variant says on each square: kept to
//! its mobility region (a palace), the soldier forward only before the river, Janggi's palace
//! diagonals, a pawn's double step from the variant's double-step region; a general under
//! Xiangqi's flying-general rule never stops where it faces a hostile general along an open
//! file or rank (a rule about moves: attack maps leave it out).
//! Walls (`*` in a FEN) are never entered or captured.
//!
//! [`ask`] is the one interface: a [`Question`] (mover, target, what may be captured) on any
//! board, answered as its target's kind says ([`Ask`]: a [`Target`] gets a [`Way`] or none,
//! an [`Area`] a [`DistanceMap`]) or refused with a typed [`RouteError`]. The
//! engines behind it share these rules:
//! - [`Router`] (bounded boards, any mover): breadth-first search over states (square, captured
//!   subset). The engine is shared (the safe squares of each subset computed once, lazily); a
//!   search's dense per-subset arrays live in a [`Scratch`] the caller reuses, made when the
//!   search first reaches the subset (`subsets`): never all `2^k` subsets up front, and the
//!   memory budget charged for the states reached, so `--may-capture all` in a middlegame
//!   searches only the subsets its captures make. Returns routes and distance maps.
//! - [`bitboard`] (boards of at most 64 squares, leaper movers): the same search with one `u64`
//!   per subset and layer, on the same checked [`Position`] with the same errors; distances
//!   only, for bulk queries (king-path).
//! - [`strip`] (unbounded files, the king): columns no piece influences are compressed into
//!   jumps; a bit-parallel breadth-first search over rank masks.
//! - `cross` (unbounded files, long empty stretches, any non-hopping mover without captures):
//!   each kind of stretch summarised by transfer matrices proven periodic in its width, the
//!   zones around the pieces searched one after another; routes with repeated rounds. How it
//!   works (threads, which zones it answers by rows, chain steps) is a [`Tuning`]; [`ask`](ask()) uses
//!   [`Tuning::default`].
//! - [`span`] (unbounded files, any other question): the [`Router`] on a window of files that
//!   a pigeonhole argument proves enough.
//!
//! [`Position`]: crate::attack::Position

mod ask;
pub mod bitboard;
mod bounded;
mod cross;
mod margin;
mod question;
mod router;
pub mod span;
pub mod strip;
mod subsets;
mod why;

pub use crate::attack::{Mover, SquareMoves};
pub use ask::{ask, ask_tuned, ask_with_progress, Ask};
pub use cross::{RowPolicy, Tuning};
pub use question::{Area, Capturable, Question, Repeat, RouteError, Target, Way};
pub use router::{DistanceMap, Goal, PathError, Route, Router, Scratch};
pub use why::{why, Why};
