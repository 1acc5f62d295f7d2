//! Routes on strips across long empty stretches: one transfer matrix per kind of stretch, a
//! sweep from zone to zone.
//!
//! Pieces 10^12 files apart leave stretches no search can walk, and a leaper crosses one in
//! moves proportional to its width. This engine never walks a stretch: it summarises each kind
//! of stretch by the distances between its two end blocks, proven to grow periodically with
//! its width, and searches only the *zones* around the pieces.
//!
//! # The files
//!
//! Each file's module docs hold its part of the argument, in this order:
//!
//! - [`model`]: the mover as a graph of nodes (rest and ghost nodes, blocks).
//! - [`layout`]: stretches and zones (cores, their end blocks, the zones between them, zone
//!   shapes), and the engine built for a question.
//! - [`minplus`]: transfer matrices, and why they are periodic (the certificate).
//! - [`stretch`]: a kind of stretch (its matrices up to a certificate) and the entries zone
//!   searches use (*fewer edges*).
//! - [`zone`]: a zone's transitions and its search, remembered per shape and seeds.
//! - [`sweep`]: the search, zone by zone.
//! - [`rows`]: zones answered by rows, and seeds that bring nothing back.
//! - [`chain`]: chain steps.
//! - [`ahead`]: the second thread.
//! - [`trace`]: the route traced back, and the walks across cores with their repeated rounds.
//! - [`capture`]: routes with captures, as legs between captures, each a route of this engine
//!   on the position of its capture subset.
//! - [`no_capture`]: captures proven useless from the start's sweep alone.
//! - [`capture_map`]: distance maps (`--all`) with or without captures, the same legs swept
//!   to every square of the map.
//!
//! [`parts`] holds the plain data the files pass each other (a leaf: the files use each other
//! without a cycle); [`Engine`] holds what they share; [`crossing`] is the entry (the strip dispatcher,
//! [`span`](crate::path::span), asks it first).
//!
//! # Cost
//!
//! Per kind of stretch: `O(n² · moves)` for `T_0` and `7n³` per step, at most 96 steps; `O(n³)` per
//! sequence index for its kept edges. The search: `O(Σ zone nodes · transitions · log + kept
//! edges)` per zone shape and seeds; for zones by rows, per shape and end block `O(distances · zone
//! nodes · transitions · n/64 + n · zone nodes)` for its rows and `O(n³)` per side and core index
//! for its carries back (`O(P)` across a stretch safe on every rank), then `O(seeds · n)` per zone
//! and `O(n² + squares)` at worst to trace (`O(n)` per end-block node tried); plus `O(n²)` per core
//! crossed (vectorised 16-bit steps over the kept crossing edges as dense rows, bytes in a chain
//! step), again to trace the route where a zone is searched again; `O(n + squares)` to trace
//! through a chained zone; memory `O(zone nodes + n per zone reached)` (a zone's end-block
//! distances in 8 or 16 bits from their least, a chained zone's `2n` bytes). The route's walks:
//! `O(n²)` per block walked (a round and the blocks near each end) the first time per kind, end
//! nodes and width class, then `O(squares)`; `O(n³)` per closure, `O(n²)` per closure, index and
//! end node for a block's distances to that end node.

mod ahead;
mod capture;
mod capture_map;
#[cfg(test)]
mod cases;
mod chain;
mod layout;
mod minplus;
mod model;
mod no_capture;
mod parts;
mod rows;
mod stretch;
mod sweep;
mod trace;
mod zone;

use std::sync::atomic::AtomicUsize;
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use rustc_hash::FxHashMap as HashMap;

use super::question::{Question, RouteError, Target, Way};
use crate::attack::Position;
use crate::geometry::Strip;
use crate::limits::Budget;
use layout::engine;
use model::Model;
use parts::{Core, Shape, Zone};
use rows::{ReturnKey, Rows};
use stretch::Kind;
use zone::Searches;

pub(super) use capture::with_captures;
pub(super) use capture_map::distances_with_captures;

/// No path: kept small enough that two of them add without overflow.
const INF: u32 = u32::MAX / 4;

/// The most nodes a block may have (the matrices are `n × n`).
const MAX_NODES: usize = 192;

/// Everything the sweep needs.
struct Engine {
    model: Model,
    kinds: Vec<Kind>,
    cores: Vec<Core>,
    zones: Vec<Zone>,
    shapes: Vec<Shape>,
    /// Searches made, shared by zones of one shape given the same seeds, and their bytes.
    searches: Mutex<Searches>,
    /// The most bytes of remembered searches (and, apart, of remembered rows).
    searches_cap: usize,
    /// Per zone shape: whether its zones are answered by rows ([`rows`] docs).
    tabled: Vec<bool>,
    /// Per zone shape answered by rows, its rows from each end block (made when first
    /// needed).
    rows: Vec<[OnceLock<Rows>; 2]>,
    /// The bytes of rows made (on either thread).
    rows_bytes: AtomicUsize,
    /// Per zone shape answered by rows, side and neighbouring core's kind and index, whether
    /// seeds from that side alone bring nothing back there ([`Engine::no_return`]).
    no_return: Mutex<HashMap<ReturnKey, bool>>,
    /// How it works ([`Tuning`]).
    tuning: Tuning,
}

/// How the strip engine for long empty stretches works: choices of speed, never of the
/// answer's length (every choice gives a shortest route; where several are shortest, another
/// choice may give another). [`Tuning::default`] is what [`ask`](crate::path::ask()) uses for
/// the strip route questions that engine answers (a mover that does not hop, some long empty
/// stretch; with captures, leg by leg); a caller passes its own to [`ask_tuned`](crate::path::ask_tuned()).
/// Made from [`Tuning::default`] and changed field by field (it may gain fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches of speed, each on by default; not states"
)]
pub struct Tuning {
    /// The most threads a sweep uses: 1, or 2 for a second thread that makes the tables and
    /// chain steps the sweep will need ahead of it (more count as 2); with 2, a strip route
    /// with captures makes its lower bounds on the second thread while the first sweeps from
    /// the start (`path::cross::capture` docs). Default: 2 where
    /// [`std::thread::available_parallelism`] is at least 2, else 1.
    pub threads: usize,
    /// Which zones are answered by rows instead of searched. Default: [`RowPolicy::Auto`].
    pub rows: RowPolicy,
    /// Whether a zone shape's rows from one end block are made at once, in one table of bytes
    /// where they fit; else each row is searched alone when needed. Default: `true`.
    pub row_tables: bool,
    /// Whether zones by rows seeded from one side alone are carried on in chain steps (only
    /// their seeds and far distances kept); else they are answered as the other zones by rows.
    /// Default: `true`.
    pub chain_steps: bool,
    /// Whether a route is traced through a zone by rows from the entry the sweep's distances
    /// name; else from the zone's seeds carried again. Default: `true`.
    pub sweep_entries: bool,
    /// The fewest zones left before the target for the second thread to make chain steps
    /// ahead of the sweep (they meet the sweep's own within a few hundred zones, when they
    /// do). Default: 2048.
    pub ahead_least: usize,
    /// Whether a strip route with captures first tries to prove, from the start's sweep alone,
    /// that no capture shortens the route without captures (`path::cross::no_capture` docs);
    /// else the lower bounds' sweep is made at once. Default: `true`.
    pub prove_no_capture: bool,
    /// A strip distance map with captures is searched first in a round of legs shorter than
    /// this `R`, exact once every open square of the map is nearer than `R`, else in a second
    /// round with every leg (`path::cross::capture_map` docs; `u64::MAX`: one round, every
    /// leg). Default: 256.
    pub map_first_reach: u64,
}

impl Default for Tuning {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self {
            threads: if cores >= 2 { 2 } else { 1 },
            rows: RowPolicy::Auto,
            row_tables: true,
            chain_steps: true,
            sweep_entries: true,
            ahead_least: 2048,
            prove_no_capture: true,
            map_first_reach: 256,
        }
    }
}

/// Which zones of the strip engine for long empty stretches (the stretches between them
/// crossed by transfer matrices) are answered by rows (distances from each end-block node,
/// made once per zone shape) instead of searched. Never the zones of the start and the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RowPolicy {
    /// Where they pay: zones whose shape is shared by at least half as many zones as a block
    /// has nodes.
    #[default]
    Auto,
    /// Every zone.
    Always,
    /// None: every zone is searched.
    Never,
}

/// Answers a strip route question with this engine, working as `tuning` says; `None` when it
/// does not apply (captures — [`with_captures`] answers those, leg by leg —, hoppers, initial
/// moves, a variant's mover, no long stretch, more than 192 nodes a block, no certificate), and
/// the other strip engines answer.
pub(super) fn crossing(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    tuning: Tuning,
) -> Option<Result<Option<Way>, RouteError>> {
    let engine = match engine(pos, strip, q, budget, tuning)? {
        Ok(engine) => engine,
        Err(e) => return Some(Err(e)),
    };
    let Target::Square(t) = q.target else {
        return None;
    };
    Some(Ok(engine.sweep(q.mover.at, t)?))
}

/// A lock on the engine's shared memos (a thread that panicked left nothing half made: each
/// is written whole under its lock).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
