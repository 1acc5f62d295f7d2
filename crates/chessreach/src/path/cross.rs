//! Routes on strips across long empty stretches: one transfer matrix per kind of stretch, a
//! sweep from zone to zone.
//!
//! Pieces 10^12 files apart leave stretches no search can walk, and a leaper crosses one in
//! moves proportional to its width. This engine never walks a stretch: it summarises each kind
//! of stretch by the distances between its two end blocks, proven to grow periodically with
//! its width, and searches only the *zones* around the pieces.
//!
//! # The mover as a graph of nodes
//!
//! A node is a square and a state: at rest, or (for each unlimited ride the model *ghosts*) a
//! ride passing over the square in that direction. A rest node leaps or makes a bounded ride
//! to a safe empty rest node (cost 1), or starts a ghosted ride onto the next empty square
//! (cost 1); a ghost node stops (cost 0, if its square is safe) or goes on to the next empty
//! square (cost 0). Shortest paths between rest nodes are shortest routes. Every unlimited
//! horizontal ride is ghosted, so no transition spans more than `b` files; the other rides
//! are ghosted too when that makes fewer nodes (a queen's diagonals), else walked as bounded
//! moves (a nightrider's). Blocks are `B` files wide, `B ≥ b` a multiple of the period `P` of
//! the stretches' columns: no transition skips a block.
//!
//! # Stretches and zones
//!
//! The files that matter ([`super::span`]: each piece's file with its finite reach, the start,
//! the target) are merged into intervals. Between two of them lies a *stretch* — no piece, no
//! finite attack, columns repeating with period `P` — and when it holds at least two whole
//! blocks besides two end blocks, aligned to the period, it gets a *core* of `M` blocks with
//! an end block `Lb` before it and `Rb` after it; the region `S = Lb ∪ core ∪ Rb` is uniform.
//! Everything else is a *zone*: from one core's `Rb` to the next core's `Lb` (the first and
//! last cores are half-infinite). Since no transition skips a block, a route enters `S` only
//! at a node of `Lb` or `Rb` and leaves it only from one, so each of its stays in `S` is a
//! path within `S` between two end-block nodes.
//!
//! # Transfer matrices, and why they are periodic
//!
//! `T_m` holds the shortest paths within `S` between the `2n` end-block nodes for a core of
//! `m` blocks (`n` nodes a block): `T_0` by breadth-first search on two blocks, and
//! `T_{m+1} = F(T_m)`, the closure of `T_m` (on `Lb ∪ X`) and `T_0` (on `X ∪ Rb`) over the
//! shared block `X` (`X*` the closure of both's `X`-to-`X` entries; `Lb`–`Lb` entries
//! `min(T_m, T_m·X*·T_m)`, crossing entries `T_m·X*·T_0` and `T_0·X*·T_m`, `Rb`–`Rb`
//! `min(T_0, T_0·X*·T_0)`). Same-side entries never increase with `m` (a wider core holds
//! every path of a narrower one, aligned at that side).
//!
//! *Certificate.* If `T_{m2} = T_{m1} + c·χ` for `p = m2 - m1` (same-side entries equal, each
//! crossing entry `+c`, `c ≥ 0`, infinite ones infinite), then `T_{m+p} = T_m + c·χ` for
//! every `m ≥ m1`. Same-side entries are non-increasing and equal at `m1` and `m2`, so
//! constant from `m1` on. In `F(T + c·χ)` a crossing entry's path crosses `T` exactly once
//! (it starts at `Lb`, never passes `Rb'` but at its end, and reaches `X` once through
//! `T`'s crossing entries, then stays on the `X ∪ Rb` side, where `X*` holds only same-side
//! entries), so it gains exactly `c`; an `Rb`–`Rb` entry gains nothing; an `Lb`–`Lb` entry is
//! `min(T(Lb,Lb), T(Lb,X) + c + X* + T(X,Lb) + c)`, which is `F(T)`'s entry unchanged when
//! `F(T)`'s is the direct one — true for every `m ≥ m1`, where same-side entries are
//! constant. Induction on `m` gives the claim. The iteration stops at the first certificate
//! (a period of at most 16, within 96 steps); without one the engine declines.
//!
//! # The search: zone by zone
//!
//! A shortest route is a sequence of stays in zones (transitions between zone nodes, and
//! same-side stays in a neighbouring core: its `Lb`–`Lb` or `Rb`–`Rb` entries, as edges) and
//! crossings of cores (its crossing entries). The engine runs Dijkstra's algorithm on that
//! graph zone by zone: the zone with the nearest pending seed is searched (Dijkstra inside it,
//! from every seed it has), and its end blocks' distances that improved are carried across both
//! neighbouring cores (`O(n²)` each) as seeds of the neighbours; a zone is searched again only
//! when a seed improves. It stops when no pending seed is nearer than the best distance to the
//! target found. Labels only decrease and every search is exact given its seeds, so the result
//! is the graph's shortest distance; a route that goes back across a core (a mover a stretch
//! splits into parts that only a zone joins) is found like any other. From left to right the
//! zones between the start and the target are each searched once.
//!
//! Seeds no nearer than the distance a searched zone already has at their node are dropped
//! (they change nothing), and a zone is searched from its new seeds alone, the result merged
//! with the last (a zone's distances are the least over its seeds).
//!
//! # Fewer edges
//!
//! A zone search uses only the same-side and crossing entries no shorter ones imply. A
//! same-side entry `d(i, j)` is left out when the block's own moves make it (the end block
//! is part of the zone, empty and as safe as the stretch), or when `d(i, k) + d(k, j) ≤
//! d(i, j)` with both parts positive, or with `d(k, j) = 0` for a ghost `k` stopping at a
//! rest `j`. A crossing entry `(u, v)` is left out when a same-side entry at `u`'s end
//! (positive, or a ghost `u`'s free stop at a rest node) and a crossing entry, or a crossing
//! entry and a same-side entry at `v`'s end (positive, or a ghost's free stop), make it as
//! short. By induction on (length, whether the entry starts at a ghost and whether it ends
//! at rest), every left-out entry is the length of a path of kept entries and the block's
//! moves, which the searches on both sides take (a zone's distances are closed under its kept
//! same-side edges), so no distance changes. A crossing is carried from the nodes with kept
//! edges only (on 8 ranks, 30 of a queen's 72 nodes: its other rides stop first).
//!
//! # Remembered work
//!
//! Zones of one shape (width, squares, neighbouring cores' same-side entries) searched from
//! the same seeds, moved to start at 0, search alike: each such search is made once (up to
//! 64 MB of them). A walk across a core (below) is remembered per kind and end nodes: on a
//! core wider by whole rounds (`t` rounds of `s` blocks), the walk is the same but for `t`
//! more rounds, since every distance it reads before its first round and after it is the
//! same up to a constant (the left part's entries are constant from `m1` blocks on, the right
//! part's shift by `c` every `p` blocks and `s` is a multiple of `p`); a walk whose first
//! found round was refused for want of blocks at the far end is kept for its width only.
//!
//! # Rows
//!
//! A zone whose shape many zones share (at least half as many as a block has nodes) and that holds
//! neither the start nor the target is not searched: its distances at its two end blocks are, for
//! each seed, the seed's distance plus its *row* — the distances from that end-block node to the
//! `2n` end-block nodes. A shape's rows from one end block are made at once, the first time one is
//! needed, by one search from the block's `n` nodes together: each zone node holds the set of those
//! that have reached it (`n` bits), and distance by distance the sets a node gets are merged and only
//! their new members go on (a length-0 transition within the same distance, a longer one to a later
//! one, those of length 1 merged per node as they come); a node's distance from a source is the
//! distance at which the source joined its set, exactly as the search from that source alone gives
//! it (the sets are the union of the single searches, each made in order of distance). The rows to
//! every zone node are kept in bytes with the transitions into each node; a row some of whose nodes
//! lie 255 or more away is left out and searched alone when needed (kept, like the searches, within
//! what the budget leaves, at most 64 MB). A seed whose node the nearer seeds already reach as soon
//! is skipped (a zone's distances obey the triangle inequality); the others are combined from the
//! nearest seed's distance in bytes where the seeds' spread and the rows fit (most do, and a zone
//! reads one shape's table), else in 32 bits (tight loops the compiler vectorises). Only end-block
//! nodes are seeds (crossings land there), and only their distances are carried on, so the sweep is
//! exact as before.
//!
//! Seeds from one neighbour alone are carried back to it only where that can help: per shape,
//! side and core index, the engine checks (two min-plus products) that every way `W(w, v)`
//! from a node `w` of the neighbour's facing block across the core into the zone's end block,
//! by the zone's rows to another of its nodes and back across the core to `v`, is at least
//! the core's same-side entry `E(w, v)`. Then a seed's `s_k ≥ R_w + T(w, k)` for the
//! neighbour's distance `R_w`, and whatever it brings back to `v` is at least `R_w + W(w, v) ≥
//! R_w + E(w, v) ≥ R_v`, since the neighbour's distances are closed under its same-side edges.
//! (A queen's zones never send anything back this way: half its carries.) Across a stretch safe on
//! every rank and at least `m1` blocks wide this holds without the products: such a way is a path
//! on squares of the stretch (the zone's squares are some of them, its moves some of the
//! stretch's, and the far core's same-side entries paths of squares beyond), so a path in the
//! stretch made wider by the zone, whose same-side entries are the core's own from `m1` blocks on.
//!
//! The route is traced through such a zone without a search: it entered the zone last at an
//! end-block node `v` with `d(v) + row_v(at) = d(at)` for the node `at` it leaves from, where
//! a crossing from the neighbour's distances reaches `v` as soon as `d(v)` (the sweep's
//! distances say which: the seed it entered by is no farther than `d(v)`, and no nearer since
//! the row's sum is at least `d(at)`); from `at` back to `v` each node's transition comes from
//! a node the row reaches as much sooner as the transition is long (no cycle of length-0
//! transitions exists: a ghost only goes on in its direction or stops).
//!
//! # Chains
//!
//! A zone by rows reached for the first time, all of whose seeds came from one side, that sends
//! nothing back there (above) and whose neighbour across the other side's core is not reached yet,
//! is carried on in one *chain step*: its seeds, nearest first, each skipped where those before it
//! reach its node as soon by their rows (rows obey the triangle inequality), give the distances at
//! its far end block (the rows' second halves, in saturating bytes from the least seed), and those
//! cross the core over the kept crossing edges (in bytes, each row over the span of nodes it keeps
//! edges to) to the neighbour's seeds. This is what the sweep does for such a zone but for the
//! carry back it skips and the end block's distances it does not make: the zone keeps its seeds
//! and the far block's distances alone (`2n` bytes), and its near block's distances are read from
//! them by its rows when anything asks (a later seed, a neighbour carrying in, which then keeps
//! them whole: the seeds are kept only while the neighbour they came from has not changed its
//! distances since). Where a byte could overflow (the seeds' spread, the rows' and the crossing's
//! longest entries summing to 255 or more) the zone is answered as before.
//!
//! The route is traced through a chained zone in `O(n)`: it entered at a seed whose distance and
//! row entry sum to the distance at the node it leaves from, and that seed is exactly the
//! crossing from the neighbour's far block, so the neighbour's node it left from is one whose
//! distance and crossing entry make the seed (a chained neighbour keeps those distances).
//!
//! # Two threads
//!
//! With a second core and zones by rows between the start and the target, the sweep has a
//! second thread work ahead of it, on the same engine (its memos under locks, its tables in
//! `OnceLock`s: whichever thread asks first makes one, the other waits for it):
//!
//! - It makes the tables the sweep will ask for, last first, while the sweep makes the first
//!   ones as it comes to them; they meet halfway.
//! - Then it makes chain steps from the middle of the way the sweep has left, from a guess
//!   (every node of the facing block at 0), zone by zone, and sends them on. A chain step is a
//!   function of its zone and its seeds up to where they start (their least is added to what it
//!   keeps and carries on), so the sweep, at each chain step, takes the step made ahead for that
//!   zone exactly when its own seeds from their least equal the step's, and the next step's
//!   seeds from the next step made: the same bytes it would have made. Chains forget where they
//!   started — the seeds of a nightrider's or a queen's chain meet the sweep's within a few
//!   hundred zones — so the sweep takes the rest of the way as made; a knight's keep the parity
//!   of their guess and never meet it, and after 2048 steps missed the other thread stops.
//!
//! Results are the same with one thread or two (tested: the same routes, and every step made
//! ahead before the sweep starts).
//!
//! # Routes
//!
//! The route is traced back zone by zone (zones not answered by rows searched again, their
//! seeds carried again), and put together in one list kept backwards; each stay in a core
//! is expanded by a greedy walk: from a node in block `j`, its distance to the exit is the
//! closure over block `j` of the core's left part (`T_{j-1}`) and right part (`T_{m-j}`), and
//! the walk takes the first transition that keeps to it. Far from both ends these distances
//! all shift by `c` when the walk moves `p` blocks on, so its choices repeat: the first rest
//! node that recurs (same node of its block, same block modulo `p`) closes a round, and the
//! round is made as many more times as fit, recorded as a [`Repeat`](super::Repeat) rather
//! than listed.
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

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "node indices and files inside a zone or block are small and non-negative (zones and blocks are a few hundred files; nodes fit u32)"
)]
#![expect(
    clippy::many_single_char_names,
    reason = "the matrices' names follow the module docs (n, m, b, T, X)"
)]
#![expect(
    clippy::too_many_lines,
    reason = "the sweep, the walk and the builder follow the module docs step by step"
)]
#![expect(
    clippy::option_option,
    reason = "the sweep's outer None declines (another engine answers), the inner one is no route"
)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use rustc_hash::FxHashMap as HashMap;

use super::ask::{Answer, Question, RouteError, Target, Way};
use super::span::{explicit_files, margin};
use super::{Capturable, Repeat};
use crate::attack::{attacks_of, Position};
use crate::geometry::{Board, Coord, Strip};
use crate::limits::Budget;
use crate::piece::{Colour, Motion, Step};

/// No path: kept small enough that two of them add without overflow.
const INF: u32 = u32::MAX / 4;
/// The most nodes a block may have (the matrices are `n × n`).
const MAX_NODES: usize = 192;
/// The most steps of `F` tried for a certificate, and the longest period looked for.
const MAX_STEPS: usize = 96;
/// The fewest zones left before the target for chain steps made ahead of the sweep (they
/// meet the sweep's seeds within a few hundred zones, when they do).
const AHEAD_LEAST: usize = if cfg!(test) { 200 } else { 2048 };
/// The steps made ahead the sweep finds not its own, none taken, before the other thread stops.
const AHEAD_MISSES: usize = 2048;
const MAX_PERIOD: usize = 16;
/// The fewest blocks a core has.
const MIN_CORE: i128 = 2;

/// The mover as nodes: `ranks` × `width` files × `states` per block.
struct Model {
    ranks: usize,
    width: usize,
    states: usize,
    /// Moves made at once: leaps, limited rides, rides not ghosted.
    bounded: Vec<Step>,
    /// Ghosted rides: one leap each, state `1 + index`.
    ghosts: Vec<(i64, i64)>,
}

impl Model {
    /// A column's mask with every rank set.
    const fn all_ranks(&self) -> u64 {
        if self.ranks == 64 {
            u64::MAX
        } else {
            (1 << self.ranks) - 1
        }
    }

    /// Nodes in a block.
    const fn n(&self) -> usize {
        self.nodes(self.width)
    }

    /// Nodes in `files` files (a zone's: its node indices run file by file).
    const fn nodes(&self, files: usize) -> usize {
        files * self.ranks * self.states
    }

    /// The node of file `x` (within its block or zone), rank `r` (0-based), state `s`.
    const fn node(&self, x: usize, r: usize, s: usize) -> usize {
        (x * self.ranks + r) * self.states + s
    }

    /// File, rank and state of a node.
    const fn split(&self, node: usize) -> (usize, usize, usize) {
        let s = node % self.states;
        let rest = node / self.states;
        (rest / self.ranks, rest % self.ranks, s)
    }

    /// Every transition from node (`f`, `r`, `s`) that lands on files `0..files`, told to `emit`
    /// as (file, rank, state, cost). `empty` and `safe` are asked about squares on those files.
    /// O(bounded steps × ride length + ghosts).
    fn moves(
        &self,
        (f, r, s): (i64, i64, usize),
        files: i64,
        empty: &impl Fn(i64, i64) -> bool,
        safe: &impl Fn(i64, i64) -> bool,
        emit: &mut impl FnMut(i64, i64, usize, u32),
    ) {
        let ranks = self.ranks as i64;
        let on = |f: i64, r: i64| (0..files).contains(&f) && (0..ranks).contains(&r);
        if s > 0 {
            if safe(f, r) {
                emit(f, r, 0, 0);
            }
            let (dx, dy) = self.ghosts[s - 1];
            if on(f + dx, r + dy) && empty(f + dx, r + dy) {
                emit(f + dx, r + dy, s, 0);
            }
            return;
        }
        for st in &self.bounded {
            // A leg blocks when a piece stands on it (off the board it does not: the walker's
            // rule); legs lie between the start and the landing.
            let blocked = st.legs().iter().any(|l| {
                let (lf, lr) = (f + l.dx, r + l.dy);
                on(lf, lr) && !empty(lf, lr)
            });
            if blocked {
                continue;
            }
            let (mut cf, mut cr) = (f, r);
            // 0: unlimited (hoppers never get here: `model` refuses them).
            let mut left = st.motion.leaps().unwrap_or(0);
            loop {
                cf += st.delta.dx;
                cr += st.delta.dy;
                if !on(cf, cr) || !empty(cf, cr) {
                    break;
                }
                if safe(cf, cr) {
                    emit(cf, cr, 0, 1);
                }
                if left == 1 {
                    break;
                }
                left = left.saturating_sub(1);
            }
        }
        for (g, &(dx, dy)) in self.ghosts.iter().enumerate() {
            if on(f + dx, r + dy) && empty(f + dx, r + dy) {
                emit(f + dx, r + dy, g + 1, 1);
            }
        }
    }
}

/// The node model of a mover's steps on a strip of `ranks` ranks whose stretches repeat every
/// `period` files: the one with fewer nodes of the two (ghost only unlimited horizontal rides,
/// or every unlimited ride). `None` for hoppers, lame unlimited rides, or too many nodes.
fn model(steps: &[Step], ranks: i64, period: i64) -> Option<Model> {
    let moving: Vec<&Step> = steps.iter().filter(|s| s.can_move).collect();
    for s in &moving {
        match s.motion {
            Motion::Hop { .. } => return None,
            Motion::Ride { range: 0, legs } if !legs.is_empty() => return None,
            Motion::Leap { .. } | Motion::Ride { .. } => {}
        }
    }
    // Files a bounded move spans; `None` when it cannot move on this strip.
    let span = |s: &Step| -> Option<i64> {
        let dy = s.delta.dy.abs();
        let limit = s.motion.leaps().map(i64::from);
        let leaps = if dy == 0 {
            limit.unwrap_or(0)
        } else {
            let most = (ranks - 1) / dy;
            limit.map_or(most, |l| most.min(l))
        };
        (leaps > 0).then(|| s.delta.dx.abs().saturating_mul(leaps))
    };
    let build = |ghost_all: bool| -> Option<Model> {
        let mut bounded = Vec::new();
        let mut ghosts = Vec::new();
        let mut b = 1i64;
        for s in &moving {
            let ghost = matches!(s.motion, Motion::Ride { range: 0, .. }) && (s.delta.dy == 0 || ghost_all);
            if ghost {
                if !ghosts.contains(&(s.delta.dx, s.delta.dy)) {
                    ghosts.push((s.delta.dx, s.delta.dy));
                }
                b = b.max(s.delta.dx.abs());
            } else if let Some(w) = span(s) {
                bounded.push(**s);
                b = b.max(w);
            }
        }
        let width = usize::try_from(period.checked_mul(b.checked_add(period - 1)? / period)?).ok()?;
        let m = Model {
            ranks: usize::try_from(ranks).ok()?,
            width,
            states: 1 + ghosts.len(),
            bounded,
            ghosts,
        };
        (width.checked_mul(m.ranks)?.checked_mul(m.states)? <= MAX_NODES).then_some(m)
    };
    match (build(false), build(true)) {
        (Some(a), Some(b)) => Some(if b.n() < a.n() { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Distances between the end blocks of a region (`l`: `Lb`, `r`: `Rb`), `n × n` each.
#[derive(Clone, PartialEq, Eq)]
struct Transfer {
    ll: Vec<u32>,
    lr: Vec<u32>,
    rl: Vec<u32>,
    rr: Vec<u32>,
}

/// Min-plus product of two `n × n` matrices, capped at [`INF`]. O(n³).
fn mul(a: &[u32], b: &[u32], n: usize) -> Vec<u32> {
    let mut c = vec![INF; n * n];
    for i in 0..n {
        let row = &mut c[i * n..(i + 1) * n];
        for k in 0..n {
            let x = a[i * n + k];
            if x >= INF {
                continue;
            }
            for (cj, &y) in row.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                *cj = (*cj).min(x + y);
            }
        }
    }
    for v in &mut c {
        *v = (*v).min(INF);
    }
    c
}

/// Elementwise minimum.
fn min_with(a: &mut [u32], b: &[u32]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x = (*x).min(y);
    }
}

/// All-pairs closure of an `n × n` matrix in place (Floyd–Warshall). O(n³).
fn close(d: &mut [u32], n: usize) {
    for k in 0..n {
        for i in 0..n {
            let x = d[i * n + k];
            if x >= INF {
                continue;
            }
            for j in 0..n {
                let y = d[k * n + j];
                if x + y < d[i * n + j] {
                    d[i * n + j] = x + y;
                }
            }
        }
    }
}

/// `F(T)`: the core one block wider (module docs). O(7n³).
fn widen(t: &Transfer, t0: &Transfer, n: usize) -> Transfer {
    let mut xs = t.rr.clone();
    min_with(&mut xs, &t0.ll);
    close(&mut xs, n);
    let p1 = mul(&t.lr, &xs, n);
    let p2 = mul(&t0.rl, &xs, n);
    let mut ll = mul(&p1, &t.rl, n);
    min_with(&mut ll, &t.ll);
    let mut rr = mul(&p2, &t0.lr, n);
    min_with(&mut rr, &t0.rr);
    Transfer {
        ll,
        lr: mul(&p1, &t0.lr, n),
        rl: mul(&p2, &t.rl, n),
        rr,
    }
}

/// `Some(c)` when `b = a + c·χ` (module docs' certificate).
fn shifted(a: &Transfer, b: &Transfer) -> Option<u32> {
    if a.ll != b.ll || a.rr != b.rr {
        return None;
    }
    let mut c = None;
    for (&x, &y) in a.lr.iter().chain(&a.rl).zip(b.lr.iter().chain(&b.rl)) {
        match (x >= INF, y >= INF) {
            (true, true) => {}
            (false, false) if y >= x => match c {
                None => c = Some(y - x),
                Some(c) if c == y - x => {}
                Some(_) => return None,
            },
            _ => return None,
        }
    }
    Some(c.unwrap_or(0))
}

/// Distances from `src` by 0-1 breadth-first search over `adj`, into `d` (all [`INF`]),
/// keeping to the nodes below `d.len()`. O(edges).
fn zero_one(adj: &[Vec<(usize, u32)>], src: usize, d: &mut [u32]) {
    let nodes = d.len();
    let mut deque = std::collections::VecDeque::from([src]);
    d[src] = 0;
    while let Some(u) = deque.pop_front() {
        for &(v, w) in adj[u].iter().filter(|&&(v, _)| v < nodes) {
            if d[u] + w < d[v] {
                d[v] = d[u] + w;
                if w == 0 {
                    deque.push_front(v);
                } else {
                    deque.push_back(v);
                }
            }
        }
    }
}

/// Which part of a transfer matrix.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Ll,
    Lr,
    Rl,
    Rr,
}

/// One kind of stretch: its columns' safe ranks, `T_0 ..` up to a certificate.
struct Kind {
    /// Per file of a period (from a multiple of `P`): the safe ranks.
    safe: Vec<u64>,
    seq: Vec<Transfer>,
    m1: usize,
    p: usize,
    c: u64,
    /// Closures over a block inside a core, by blocks to each end ([`Kind::closure`]).
    closures: Mutex<Closures>,
    /// Distances from a block inside a core to an end node ([`Kind::to_end`]).
    to_end: Mutex<ToEnd>,
    /// Walks made across cores of this kind, by their end nodes ([`Engine::walk`]).
    walks: Mutex<HashMap<(usize, usize), Vec<Walked>>>,
    /// Shortest paths between the nodes of one block by its own moves, `n × n`.
    inside: Vec<u32>,
    /// The edges zone searches use, per index of the sequence ([`Kind::sparse`]).
    sparse: Vec<OnceLock<Sparse>>,
}

/// Edges per node: (other node, length).
type Edges = Vec<Vec<(u32, u32)>>;

/// The entries of a transfer matrix a zone search needs (module docs, *Fewer edges*): `ll`
/// and `rr` same-side edges, `lr` and `rl` crossing edges, each only where no shorter
/// entries and the block's own moves imply it.
struct Sparse {
    ll: Edges,
    rr: Edges,
    lr: Edges,
    rl: Edges,
    /// Per node, the shortest kept crossing edge into it (`INF` for none): `lr`, `rl`.
    least_into: [Vec<u32>; 2],
    /// The kept crossing edges as dense `n × n` rows of 16-bit lengths (`i16::MAX` for none)
    /// and the longest, where every length is below 2^14: `lr`, `rl`.
    dense: [Option<(Vec<i16>, i16)>; 2],
    /// The same in bytes, where every length is below `u8::MAX`: `lr`, `rl`.
    bytes: [Option<ByteRows>; 2],
    /// The whole crossing matrices by columns (`v`'s entries from every `u` together, `INF`
    /// for none), to trace a route out of a chained zone: `lr`, `rl`.
    columns: [Vec<u32>; 2],
}

/// Kept crossing edges as dense `n × n` rows of byte lengths (`u8::MAX` for none), the
/// longest, and per row the span of nodes it keeps edges to (empty for none).
struct ByteRows {
    rows: Vec<u8>,
    top: u8,
    span: Vec<std::ops::Range<usize>>,
}

impl Sparse {
    /// O(n³).
    fn new(model: &Model, t: &Transfer, inside: &[u32]) -> Self {
        let n = model.n();
        let ghost = |k: usize| model.split(k).2 != 0;
        // Same side: (i, j) follows from the block's moves, from two positive entries, or
        // from a ghost's entry and its free stop (which the block's moves make).
        let same = |d: &[u32]| -> Edges {
            (0..n)
                .map(|i| {
                    (0..n)
                        .filter_map(|j| {
                            let w = d[i * n + j];
                            let implied = i == j
                                || w >= INF
                                || inside[i * n + j] <= w
                                || (0..n).any(|k| {
                                    let (a, b) = (d[i * n + k], d[k * n + j]);
                                    k != i
                                        && k != j
                                        && a < INF
                                        && b < INF
                                        && a + b <= w
                                        && ((a > 0 && b > 0) || (b == 0 && ghost(k) && !ghost(j)))
                                });
                            (!implied).then_some((j as u32, w))
                        })
                        .collect()
                })
                .collect()
        };
        // Crossing: (u, v) follows from a same-side entry at u's end (positive, or a ghost's
        // free stop) and a crossing entry, or a crossing entry and a same-side entry at v's
        // end (positive, or a ghost's free stop).
        let cross = |d: &[u32], from: &[u32], to: &[u32]| -> Edges {
            (0..n)
                .map(|u| {
                    (0..n)
                        .filter_map(|v| {
                            let w = d[u * n + v];
                            let implied = w >= INF
                                || (0..n).any(|k| {
                                    let (a, b) = (from[u * n + k], d[k * n + v]);
                                    k != u
                                        && a < INF
                                        && b < INF
                                        && a + b <= w
                                        && (a > 0 || (ghost(u) && !ghost(k)))
                                })
                                || (0..n).any(|k| {
                                    let (a, b) = (d[u * n + k], to[k * n + v]);
                                    k != v
                                        && a < INF
                                        && b < INF
                                        && a + b <= w
                                        && (b > 0 || (ghost(k) && !ghost(v)))
                                });
                            (!implied).then_some((v as u32, w))
                        })
                        .collect()
                })
                .collect()
        };
        let (lr, rl) = (cross(&t.lr, &t.ll, &t.rr), cross(&t.rl, &t.rr, &t.ll));
        let least_into = |edges: &Edges| {
            let mut least = vec![INF; n];
            for &(v, w) in edges.iter().flatten() {
                least[v as usize] = least[v as usize].min(w);
            }
            least
        };
        // The kept crossing edges again as dense rows of 16-bit lengths (`i16::MAX` for
        // none), where every length fits, with the longest.
        let dense = |edges: &Edges| -> Option<(Vec<i16>, i16)> {
            let mut rows = vec![i16::MAX; n * n];
            let mut top = 0;
            for (u, out) in edges.iter().enumerate() {
                for &(v, w) in out {
                    let w = i16::try_from(w).ok().filter(|&w| w < i16::MAX / 2)?;
                    rows[u * n + v as usize] = w;
                    top = top.max(w);
                }
            }
            Some((rows, top))
        };
        let bytes = |dense: &Option<(Vec<i16>, i16)>, edges: &Edges| {
            let (rows, top) = dense.as_ref()?;
            Some(ByteRows {
                rows: rows.iter().map(|&w| w.min(i16::from(u8::MAX)) as u8).collect(),
                top: u8::try_from(*top).ok().filter(|&t| t < u8::MAX)?,
                span: edges
                    .iter()
                    .map(|e| {
                        let lo = e.iter().map(|&(v, _)| v as usize).min().unwrap_or(0);
                        lo..e.iter().map(|&(v, _)| v as usize + 1).max().unwrap_or(0)
                    })
                    .collect(),
            })
        };
        let dense = [dense(&lr), dense(&rl)];
        let columns = |d: &[u32]| -> Vec<u32> { (0..n * n).map(|i| d[i % n * n + i / n]).collect() };
        Self {
            columns: [columns(&t.lr), columns(&t.rl)],
            ll: same(&t.ll),
            rr: same(&t.rr),
            least_into: [least_into(&lr), least_into(&rl)],
            bytes: [bytes(&dense[0], &lr), bytes(&dense[1], &rl)],
            dense,
            lr,
            rl,
        }
    }
}

/// A walk across a core of `m` blocks, remembered: its squares (files from the side of its
/// first node, after `split` squares from the side of its last), its repeats (`at` from the
/// walk's start), and when `step > 0` its first jump: `rounds` rounds of `step` blocks, made
/// by its repeat `jump_repeat` if it recorded one. With `step = 0` it holds for `m` only.
#[derive(Clone)]
struct Walked {
    m: u64,
    step: i128,
    rounds: u64,
    squares: Vec<(i128, i64)>,
    split: usize,
    repeats: Vec<(i64, usize, u64)>,
    jump_repeat: Option<usize>,
}

/// A walk's first jump: squares listed before it, rounds, blocks a round, and the repeat it
/// recorded (an index of the route's repeats).
struct Jump {
    at: usize,
    rounds: u64,
    step: i128,
    repeat: Option<usize>,
}

/// Closures over a block by blocks to each end, shared.
type Closures = HashMap<(u64, u64), Arc<Vec<u32>>>;

/// Distances from a block to an end node, by closure, index, end and node, shared.
type ToEnd = HashMap<(u64, u64, usize, bool, usize), Arc<Vec<u32>>>;

/// A zone's end block facing a neighbour: its first node, the core between them, the part of
/// the crossing matrix out of the zone, the neighbour, the neighbour's facing block's first
/// node.
type Side = (usize, usize, Part, usize, usize);

/// Blocks of a core that never ends (a half-infinite stretch).
const ENDLESS: u64 = u64::MAX;

impl Kind {
    /// The kind of stretch with these safe ranks per file, its sequence iterated to a
    /// certificate; `None` without one. O(n²·moves + 7n³ per step).
    fn new(model: &Model, safe: Vec<u64>) -> Option<Self> {
        let n = model.n();
        let period = safe.len();
        let files = 2 * model.width as i64;
        let is_safe = |f: i64, r: i64| safe[(f as usize) % period] >> r & 1 == 1;
        // T_0: 0-1 breadth-first search from every node of two blocks.
        let mut adj: Vec<Vec<(usize, u32)>> = vec![Vec::new(); 2 * n];
        for (u, out) in adj.iter_mut().enumerate() {
            let (x, r, s) = model.split(u);
            model.moves(
                (x as i64, r as i64, s),
                files,
                &|_, _| true,
                &is_safe,
                &mut |f, r, s, w| out.push((model.node(f as usize, r as usize, s), w)),
            );
        }
        let mut all = vec![INF; 4 * n * n];
        for (src, d) in all.chunks_mut(2 * n).enumerate() {
            zero_one(&adj, src, d);
        }
        // The block's own moves: the same search on one block.
        let mut inside = vec![INF; n * n];
        for (src, d) in inside.chunks_mut(n).enumerate() {
            zero_one(&adj, src, d);
        }
        let part = |rows: usize, cols: usize| -> Vec<u32> {
            (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .map(|(i, j)| all[(rows + i) * 2 * n + cols + j])
                .collect()
        };
        let t0 = Transfer {
            ll: part(0, 0),
            lr: part(0, n),
            rl: part(n, 0),
            rr: part(n, n),
        };
        let mut seq = vec![t0.clone()];
        let (mut m1, mut p, mut c) = (None, 0, 0);
        'grow: for m in 1..=MAX_STEPS {
            let next = widen(&seq[m - 1], &t0, n);
            seq.push(next);
            for q in 1..=MAX_PERIOD.min(m) {
                if let Some(cc) = shifted(&seq[m - q], &seq[m]) {
                    (m1, p, c) = (Some(m - q), q, u64::from(cc));
                    break 'grow;
                }
            }
        }
        let m1 = m1?;
        let sparse = (0..seq.len()).map(|_| OnceLock::new()).collect();
        Some(Self {
            safe,
            seq,
            m1,
            p,
            c,
            closures: Mutex::default(),
            to_end: Mutex::default(),
            walks: Mutex::default(),
            inside,
            sparse,
        })
    }

    /// The closure over a block `left` blocks from `Lb` and `right` from `Rb` of the block's
    /// own moves and both sides' same-side entries (constant beyond `m1` blocks). O(n³) the
    /// first time, then shared.
    fn closure(&self, left: u64, right: u64) -> Arc<Vec<u32>> {
        let key = (left.min(self.m1 as u64), right.min(self.m1 as u64));
        let n = self.seq[0].ll.len().isqrt();
        lock(&self.closures)
            .entry(key)
            .or_insert_with(|| {
                let mut xs = self.at(left).0.rr.clone();
                min_with(&mut xs, &self.at(right).0.ll);
                close(&mut xs, n);
                Arc::new(xs)
            })
            .clone()
    }

    /// Distances from every node of a block `left` blocks from `Lb` and `right` from `Rb` to
    /// node `bi` of `Rb` (`to_right`) or of `Lb`: the closure over the block and the crossing
    /// entries from there, less the crossing's added `k·c` (`INF` for none). O(n²) the first
    /// time per closure, index and end node, then shared.
    fn to_end(&self, left: u64, right: u64, to_right: bool, bi: usize) -> Arc<Vec<u32>> {
        let across = if to_right { right } else { left };
        let index = self.index(across).0;
        let key = (
            left.min(self.m1 as u64),
            right.min(self.m1 as u64),
            index,
            to_right,
            bi,
        );
        if let Some(known) = lock(&self.to_end).get(&key) {
            return known.clone();
        }
        let xs = self.closure(left, right);
        let n = self.inside.len().isqrt();
        let t = &self.seq[index];
        let cross = if to_right { &t.lr } else { &t.rl };
        let made: Arc<Vec<u32>> = Arc::new(
            xs.chunks(n)
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .map(|(k, &a)| a.saturating_add(cross[k * n + bi]))
                        .min()
                        .unwrap_or(INF)
                        .min(INF)
                })
                .collect(),
        );
        lock(&self.to_end).insert(key, made.clone());
        made
    }

    /// Where a core of `m` blocks reads its entries: the stored matrix and the crossing
    /// entries' added `k·c`.
    fn at(&self, m: u64) -> (&Transfer, u64) {
        let (i, add) = self.index(m);
        (&self.seq[i], add)
    }

    /// The index in the sequence a core of `m` blocks reads, and the crossing entries' added
    /// `k·c`.
    fn index(&self, m: u64) -> (usize, u64) {
        if m == ENDLESS {
            return (self.m1, 0);
        }
        match usize::try_from(m) {
            Ok(m) if m < self.seq.len() => (m, 0),
            _ => {
                let over = m - self.m1 as u64;
                let p = self.p as u64;
                (self.m1 + (over % p) as usize, over / p * self.c)
            }
        }
    }

    /// The entries of a core of `m` blocks a zone search must use (module docs, *Fewer
    /// edges*): per node, its same-side and crossing edges that no shorter ones imply. O(n³)
    /// the first time per index, then shared.
    fn sparse(&self, model: &Model, m: u64) -> &Sparse {
        let i = self.index(m).0;
        self.sparse[i].get_or_init(|| Sparse::new(model, &self.seq[i], &self.inside))
    }

    /// Column `j` of `part` for a core of `m` blocks: its entries `(i, j)` for every `i`
    /// (`u64::MAX` for none). O(n).
    fn column(&self, m: u64, part: Part, j: usize, n: usize) -> impl Iterator<Item = u64> + '_ {
        let (t, add) = self.at(m);
        let (d, add) = match part {
            Part::Ll => (&t.ll, 0),
            Part::Rr => (&t.rr, 0),
            Part::Lr => (&t.lr, add),
            Part::Rl => (&t.rl, add),
        };
        (0..n).map(move |i| match d[i * n + j] {
            v if v >= INF => u64::MAX,
            v => u64::from(v) + add,
        })
    }
}

/// The hostile attacks of a strip position, indexed for column queries.
struct Attacks {
    /// Finitely attacked squares, sorted.
    finite: Vec<Coord>,
    /// Per rank (0-based): groups of disjoint ray intervals (step, residue, sorted intervals).
    rays: Vec<Vec<RayGroup>>,
}

/// Unlimited horizontal rays of one step and residue on one rank: disjoint intervals.
struct RayGroup {
    dx: i64,
    residue: i64,
    /// `[lo, hi]` covered on files of the residue, sorted.
    spans: Vec<(i64, i64)>,
}

impl Attacks {
    /// O(p log p + attacks).
    fn new(pos: &Position, colour: Colour, ranks: usize) -> Option<Self> {
        let Board::Strip(strip) = pos.board() else {
            return None;
        };
        let (finite, all_rays) = attacks_of(pos, strip, |i| pos.is_hostile(i, colour));
        let mut rays: Vec<Vec<RayGroup>> = (0..ranks).map(|_| Vec::new()).collect();
        for ray in all_rays {
            let dx = ray.step.dx;
            let first = ray.from.file.checked_add(dx)?;
            let (lo, hi) = match (dx > 0, ray.until) {
                (true, Some(u)) => (first, u.file),
                (true, None) => (first, i64::MAX),
                (false, Some(u)) => (u.file, first),
                (false, None) => (i64::MIN, first),
            };
            let residue = ray.from.file.rem_euclid(dx.abs());
            let groups = &mut rays[usize::try_from(ray.from.rank - 1).ok()?];
            match groups.iter_mut().find(|g| g.dx == dx && g.residue == residue) {
                Some(g) => g.spans.push((lo, hi)),
                None => groups.push(RayGroup {
                    dx,
                    residue,
                    spans: vec![(lo, hi)],
                }),
            }
        }
        for g in rays.iter_mut().flatten() {
            g.spans.sort_unstable();
        }
        Some(Self { finite, rays })
    }

    /// Whether any ray is known.
    fn has_rays(&self) -> bool {
        self.rays.iter().any(|r| !r.is_empty())
    }

    /// Whether a ray covers file `f` of rank `r` (0-based). O(groups · log rays).
    fn ray_covers(&self, f: i64, r: usize) -> bool {
        self.rays[r].iter().any(|g| {
            f.rem_euclid(g.dx.abs()) == g.residue && {
                let k = g.spans.partition_point(|s| s.0 <= f);
                k > 0 && g.spans[k - 1].1 >= f
            }
        })
    }
}

/// A core: its `Lb` block's first file (`Rb` is `B·(m+1)` files on), its blocks, its kind.
struct Core {
    lb: i128,
    m: u64,
    kind: usize,
}

/// A zone: files `start ..= start + width - 1`.
struct Zone {
    start: i64,
    width: usize,
    /// Zones of one shape (width, squares, neighbouring cores' same-side entries) search
    /// alike.
    shape: u32,
}

/// A zone shape's squares: emptiness and safety, per file a bit per rank.
struct Shape {
    empty: Vec<u64>,
    safe: Vec<u64>,
}

/// A zone search's distances and parents, from seeds moved to start at 0.
struct Searched {
    dist: Vec<u64>,
    via: Vec<Via>,
}

/// Searches made, by zone shape and seeds (moved to start at 0).
type Searches = HashMap<(u32, Vec<(u32, u64)>), Arc<Searched>>;

/// The most bytes of remembered searches, whatever the budget.
const SEARCHES_BYTES: usize = 64 << 20;

/// A square of the route with a node's state, on the real strip.
type Stop = (Coord, usize);

/// A piece of the route, forward: its rest squares and repeats, and whether its first node is
/// at rest (its first square is then the previous piece's last).
#[derive(Default)]
struct Built {
    squares: Vec<Coord>,
    repeats: Vec<Repeat>,
    starts_at_rest: bool,
}

impl Built {
    /// Empties the piece (keeping its lists' room) to start at this stop.
    fn restart(&mut self, stop: Stop) {
        self.squares.clear();
        self.repeats.clear();
        if stop.1 == 0 {
            self.squares.push(stop.0);
        }
        self.starts_at_rest = stop.1 == 0;
    }

    /// Goes on to this stop (a square when at rest).
    fn push(&mut self, stop: Stop) {
        if stop.1 == 0 {
            self.squares.push(stop.0);
        }
    }
}

/// Everything the sweep needs.
struct Engine {
    model: Model,
    kinds: Vec<Kind>,
    cores: Vec<Core>,
    zones: Vec<Zone>,
    shapes: Vec<Shape>,
    /// Searches made, shared by zones of one shape given the same seeds, and their bytes.
    searches: Mutex<(Searches, usize)>,
    /// The most bytes of remembered searches (and, apart, of remembered rows).
    searches_cap: usize,
    /// Per zone shape: whether its zones are answered by rows (module docs, *Rows*).
    tabled: Vec<bool>,
    /// Per zone shape answered by rows, its rows from each end block (made when first
    /// needed).
    rows: Vec<[OnceLock<Rows>; 2]>,
    /// The most threads the sweep uses: a second makes tables ahead ([`Engine::forward`]; with
    /// one, the tests, each is made where first needed).
    threads: usize,
    /// The bytes of rows made (on either thread).
    rows_bytes: AtomicUsize,
    /// Per zone shape answered by rows, side and neighbouring core's kind and index, whether
    /// seeds from that side alone bring nothing back there ([`Engine::no_return`]).
    no_return: Mutex<HashMap<(u32, usize, usize, usize), bool>>,
    /// Whether zones by rows seeded from one side are carried on in chain steps (module docs,
    /// *Chains*; else, the tests, as the other zones by rows).
    chained: bool,
    /// Whether rows are tabled in bytes where they fit ([`Rows`]; else each is searched).
    small_rows: bool,
    /// Whether a route through a zone by rows enters it where the sweep's distances say
    /// ([`Engine::entered`]; else, the tests, from the seeds carried again).
    entries: bool,
}

/// A zone shape's rows from the `n` nodes of one of its end blocks (module docs, *Rows*).
struct Rows {
    /// `n` rows of `2n` bytes: from each of the block's nodes, its distances to the `2n`
    /// end-block nodes (`Lb` side first, `u8::MAX` for none), where `tops` holds the row's
    /// largest entry; `u8::MAX` there for a row not in the table (or no table: the cap left
    /// no room).
    table: Vec<u8>,
    tops: Vec<u8>,
    /// The table by columns (each end-block node's entries from the `n` rows together), to
    /// trace a route into a chained zone: made the first time one is.
    columns: OnceLock<Vec<u8>>,
    /// The rows in the table again, to every zone node (`n` rows of `nodes` bytes), and the
    /// transitions into each node (`into[from[v]..from[v + 1]]`: how, packed, and length), to
    /// trace a route ([`Engine::via_table`]).
    reach: Vec<u8>,
    from: Vec<u32>,
    into: Vec<(u32, u32)>,
    /// Per node of the block, its search alone ([`Engine::row`]), made when needed: a row not
    /// in the table (its distances, and to trace a route through it).
    searched: Box<[OnceLock<Row>]>,
}

/// A row searched alone: from one end-block node of a zone shape, the distances to its `2n`
/// end-block nodes (`Lb` side first, `INF` for none), and how the search reached every zone
/// node ([`Via::pack`]), to trace a route through such a zone.
#[derive(Clone)]
struct Row {
    ports: Box<[u32]>,
    via: Box<[u32]>,
}

/// A row's distances as read: bytes from its shape's table (and the largest), or words.
enum RowView<'a> {
    Bytes(&'a [u8], u8),
    Words(&'a [u32]),
}

impl RowView<'_> {
    /// The distance to port `i`, `INF` for none.
    fn get(&self, i: usize) -> u32 {
        match self {
            Self::Bytes(d, _) if d[i] == u8::MAX => INF,
            Self::Bytes(d, _) => u32::from(d[i]),
            Self::Words(d) => d[i],
        }
    }
}

/// A set of the nodes of a zone's end block (at most `MAX_NODES`), a bit each.
#[derive(Clone, Copy, Default)]
struct Set([u64; MAX_NODES.div_ceil(64)]);

impl Set {
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn union(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// The members not in `other`.
    fn less(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        out
    }

    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// Zone `z`'s transitions (module docs: the mover's moves between its nodes, and same-side
/// stays in the neighbouring cores as edges between end-block nodes), prepared once. Plain
/// data borrowed: a table can be made from it on another thread ([`table`]).
struct Transitions<'a> {
    model: &'a Model,
    width: usize,
    shape: &'a Shape,
    left: &'a Sparse,
    right: &'a Sparse,
}

impl<'a> Transitions<'a> {
    /// Zone `z`'s.
    fn new(engine: &'a Engine, z: usize) -> Self {
        let zone = &engine.zones[z];
        let [left, right] = engine.sparse_around(z);
        Self {
            model: &engine.model,
            width: zone.width,
            shape: &engine.shapes[zone.shape as usize],
            left,
            right,
        }
    }

    /// Nodes in the zone.
    const fn nodes(&self) -> usize {
        self.model.nodes(self.width)
    }

    /// The first node of the zone's last block.
    const fn last(&self) -> usize {
        self.model.nodes(self.width - self.model.width)
    }

    /// Each transition out of node `u`: (node, length, how). O(transitions).
    fn each(&self, u: usize, mut emit: impl FnMut(usize, u32, Via)) {
        let model = self.model;
        let b = model.width;
        let empty = |f: i64, r: i64| self.shape.empty[f as usize] >> r & 1 == 1;
        let safe = |f: i64, r: i64| self.shape.safe[f as usize] >> r & 1 == 1;
        let (x, r, s) = model.split(u);
        model.moves(
            (x as i64, r as i64, s),
            self.width as i64,
            &empty,
            &safe,
            &mut |f, r, s, w| emit(model.node(f as usize, r as usize, s), w, Via::Move(u as u32)),
        );
        if x < b {
            for &(j, w) in &self.left.rr[u] {
                emit(j as usize, w, Via::Left(u as u32));
            }
        }
        if x + b >= self.width {
            let base = self.last();
            for &(j, w) in &self.right.ll[u - base] {
                emit(base + j as usize, w, Via::Right(u as u32));
            }
        }
    }
}

/// The rows of zone `z`'s shape from its `side` end block at once (module docs, *Rows*):
/// one search from the block's `n` nodes together, each zone node holding the set of those
/// that reached it, distance by distance (the sets a node gets at one distance merged,
/// only a set's new members going on). Every row's distances to every zone node in bytes,
/// its distances to the `2n` end-block nodes apart with its largest, and the transitions
/// into each node (to trace routes); a row some of whose nodes lie 255 or more away is
/// left out (searched alone when needed). `None` where `reserve` refuses the bytes they
/// take. O(distances · nodes · transitions · n/64 + n · nodes).
fn table(transitions: &Transitions, side: usize, reserve: impl FnOnce(usize) -> bool) -> Option<Rows> {
    let n = transitions.model.n();
    let n2 = 2 * n;
    let last = transitions.last();
    let nodes = transitions.nodes();
    // The transitions, flat: node u's are `adj[start[u]..start[u + 1]]`.
    let mut start = Vec::with_capacity(nodes + 1);
    let mut adj: Vec<(u32, u32, Via)> = Vec::new();
    for u in 0..nodes {
        start.push(adj.len());
        transitions.each(u, |v, w, how| adj.push((v as u32, w, how)));
    }
    start.push(adj.len());
    // The table, the rows to every node, the transitions into each, the sets.
    let bytes = n * n2 + n * nodes + (nodes + 1) * 4 + adj.len() * 8 + nodes * 2 * size_of::<Set>();
    if !reserve(bytes) {
        return None;
    }
    let node_of = |p: usize| if p < n { p } else { last + p - n };
    let mut reach = vec![u8::MAX; n * nodes];
    let mut reached = vec![Set::default(); nodes];
    // This distance's sets, merged per node (`work`: the nodes with a set to go on), the
    // next distance's by transitions of length 1 merged per node as they come (`soon`,
    // the nodes in `coming`), the later distances' sets as they come, and those that
    // would reach 255 or more.
    let mut now = vec![Set::default(); nodes];
    let mut work: Vec<u32> = Vec::new();
    let mut soon = vec![Set::default(); nodes];
    let mut coming: Vec<u32> = Vec::new();
    let mut later: Vec<Vec<(u32, Set)>> = vec![Vec::new(); usize::from(u8::MAX)];
    let mut beyond: Vec<(u32, Set)> = Vec::new();
    for i in 0..n {
        let mut set = Set::default();
        set.insert(i);
        later[0].push((node_of(side * n + i) as u32, set));
    }
    let mut pending = n;
    for d in 0..usize::from(u8::MAX) {
        if pending == 0 && coming.is_empty() {
            break;
        }
        let mut sets = std::mem::take(&mut later[d]);
        pending -= sets.len();
        sets.extend(
            coming
                .drain(..)
                .map(|v| (v, std::mem::take(&mut soon[v as usize]))),
        );
        for (v, set) in sets {
            let new = set.less(&reached[v as usize]);
            if !new.is_empty() {
                if now[v as usize].is_empty() {
                    work.push(v);
                }
                now[v as usize].union(&new);
            }
        }
        while let Some(u) = work.pop() {
            // Its members are new: each set merged into `now` was, and `reached[u]` grows
            // only here.
            let u = u as usize;
            let new = std::mem::take(&mut now[u]);
            if new.is_empty() {
                continue;
            }
            reached[u].union(&new);
            for s in new.members() {
                reach[s * nodes + u] = d as u8;
            }
            for &(v, w, _) in &adj[start[u]..start[u + 1]] {
                // What it already has is taken out when the next distance begins.
                if w == 1 && d + 1 < usize::from(u8::MAX) {
                    if soon[v as usize].is_empty() {
                        coming.push(v);
                    }
                    soon[v as usize].union(&new);
                    continue;
                }
                let add = new.less(&reached[v as usize]);
                if add.is_empty() {
                    continue;
                }
                let at = d + w as usize;
                if w == 0 {
                    if now[v as usize].is_empty() {
                        work.push(v);
                    }
                    now[v as usize].union(&add);
                } else if at < usize::from(u8::MAX) {
                    later[at].push((v, add));
                    pending += 1;
                } else {
                    beyond.push((v, add));
                }
            }
        }
    }
    // A set that would have reached a node 255 or more away which it never reached sooner:
    // those rows are left out.
    let mut far = Set::default();
    for (v, set) in beyond {
        far.union(&set.less(&reached[v as usize]));
    }
    let mut table = vec![u8::MAX; n * n2];
    let mut tops = vec![u8::MAX; n];
    for (i, (row, top)) in table.chunks_mut(n2).zip(&mut tops).enumerate() {
        if !far.contains(i) {
            for (q, t) in row.iter_mut().enumerate() {
                *t = reach[i * nodes + node_of(q)];
            }
            *top = row.iter().copied().filter(|&d| d < u8::MAX).max().unwrap_or(0);
        }
    }
    // The transitions into each node: `into[from[v]..from[v + 1]]`.
    let mut from = vec![0u32; nodes + 1];
    for &(v, _, _) in &adj {
        from[v as usize + 1] += 1;
    }
    for v in 0..nodes {
        from[v + 1] += from[v];
    }
    let mut into = vec![(0, 0); adj.len()];
    let mut fill = from.clone();
    for &(v, w, how) in &adj {
        into[fill[v as usize] as usize] = (how.pack(), w);
        fill[v as usize] += 1;
    }
    let rows = Rows {
        table,
        tops,
        columns: OnceLock::new(),
        reach,
        from,
        into,
        searched: (0..n).map(|_| OnceLock::new()).collect(),
    };
    Some(rows)
}

/// A lock on the engine's shared memos (a thread that panicked left nothing half made: each
/// is written whole under its lock).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Adds `bytes` to the rows' `made` if that stays within `cap` (from either thread); whether
/// it did.
fn reserve(made: &AtomicUsize, cap: usize, bytes: usize) -> bool {
    made.fetch_update(Ordering::AcqRel, Ordering::Acquire, |m| {
        m.checked_add(bytes).filter(|&total| total <= cap)
    })
    .is_ok()
}

/// Distances `from` and each byte on into `out` (`u8::MAX`: none). O(n).
fn from_bytes(from: u64, bytes: &[u8], out: &mut [u64]) {
    for (o, &b) in out.iter_mut().zip(bytes) {
        *o = if b < u8::MAX {
            from + u64::from(b)
        } else {
            u64::MAX
        };
    }
}

/// Sets its flag when dropped.
struct Stops<'a>(&'a AtomicBool);

impl Drop for Stops<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A chain step made on the other thread ahead of the sweep ([`Engine::forward`]): its zone,
/// the seeds' side, their least and what it keeps (the seeds and the far block's distances
/// from that least). The next step's seeds are what it carries on.
struct Made {
    z: usize,
    side: usize,
    base: u64,
    kept: Box<[u8]>,
}

/// The sweep's end of the chain steps made ahead: received in order along the route, each
/// taken by the zone it was made for (those the sweep passed dropped), the sweep's place told
/// back (the zone it carried on last), the steps it took and those it did not.
struct Ahead<'a> {
    made: std::sync::mpsc::Receiver<Made>,
    head: Option<Made>,
    rightwards: bool,
    at: &'a AtomicUsize,
    stop: &'a AtomicBool,
    taken: usize,
    missed: usize,
}

impl Ahead<'_> {
    /// The step made ahead for zone `z` and the one after it, if they have come. O(steps
    /// passed).
    fn take(&mut self, z: usize) -> Option<(Made, &Made)> {
        self.at.store(z, Ordering::Relaxed);
        let made = loop {
            let made = match self.head.take() {
                Some(made) => made,
                None => self.made.try_recv().ok()?,
            };
            if made.z == z {
                break made;
            }
            if (made.z < z) != self.rightwards {
                self.head = Some(made);
                return None;
            }
        };
        if self.head.is_none() {
            self.head = Some(self.made.try_recv().ok()?);
        }
        Some((made, self.head.as_ref()?))
    }

    /// A step made ahead whose seeds were not the sweep's: after [`AHEAD_MISSES`] of them
    /// and none taken, the other thread stops (its steps never meet the sweep's: a knight's
    /// keep the parity of where they started).
    fn missed(&mut self) {
        self.missed += 1;
        if self.taken == 0 && self.missed >= AHEAD_MISSES {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// A zone search's arrays, kept from one search to the next.
#[derive(Default)]
struct Scratch {
    dist: Vec<u64>,
    via: Vec<Via>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

/// How a zone node was reached.
#[derive(Clone, Copy)]
enum Via {
    Seed,
    Move(u32),
    /// Through the left core (same side, `Rb`) or the right core (`Lb`).
    Left(u32),
    Right(u32),
}

impl Via {
    /// In one word: the kind in the top two bits, the node below (a zone has fewer than 2^30
    /// nodes: the budget check costs 24 bytes a node).
    const fn pack(self) -> u32 {
        if let Self::Move(u) | Self::Left(u) | Self::Right(u) = self {
            debug_assert!(u < 1 << 30, "a zone of 2^30 nodes");
        }
        match self {
            Self::Seed => 0,
            Self::Move(u) => 1 << 30 | u,
            Self::Left(u) => 2 << 30 | u,
            Self::Right(u) => 3 << 30 | u,
        }
    }

    const fn unpack(w: u32) -> Self {
        let u = w & ((1 << 30) - 1);
        match w >> 30 {
            0 => Self::Seed,
            1 => Self::Move(u),
            2 => Self::Left(u),
            _ => Self::Right(u),
        }
    }
}

impl Engine {
    /// Dijkstra's search in zone `z` from `seeds` into `sc` (its `dist` and `via`).
    /// O(nodes · transitions · log nodes + same-side edges).
    fn search(&self, z: usize, seeds: &[(u32, u64)], sc: &mut Scratch) {
        let nodes = self.model.nodes(self.zones[z].width);
        let Scratch { dist, via, heap } = sc;
        dist.clear();
        dist.resize(nodes, u64::MAX);
        via.clear();
        via.resize(nodes, Via::Seed);
        heap.clear();
        for &(v, d) in seeds {
            if d < dist[v as usize] {
                dist[v as usize] = d;
                heap.push(Reverse((d, v)));
            }
        }
        let transitions = Transitions::new(self, z);
        while let Some(Reverse((d, u))) = heap.pop() {
            if d > dist[u as usize] {
                continue;
            }
            transitions.each(u as usize, |v, w, how| {
                let nd = d + u64::from(w);
                if nd < dist[v] {
                    dist[v] = nd;
                    via[v] = how;
                    heap.push(Reverse((nd, v as u32)));
                }
            });
        }
    }

    /// How row `p` of `rows` (in the table: from the end-block node that is zone node `node`)
    /// reaches zone node `v` on a shortest path: a transition into `v` from a node that row
    /// reaches that much sooner (zone nodes where the search from `node` stops are ones it
    /// reaches in a shortest path's transitions, none of length 0 in a cycle); `Seed` at
    /// `node`. O(transitions into `v`).
    fn via_table(rows: &Rows, p: usize, node: usize, v: usize) -> Via {
        let nodes = rows.from.len() - 1;
        let reach = &rows.reach[p * nodes..(p + 1) * nodes];
        if v == node {
            return Via::Seed;
        }
        let into = &rows.into[rows.from[v] as usize..rows.from[v + 1] as usize];
        into.iter()
            .map(|&(how, w)| (Via::unpack(how), w))
            .find(|&(how, w)| {
                let (Via::Move(u) | Via::Left(u) | Via::Right(u)) = how else {
                    return false;
                };
                let du = reach[u as usize];
                du < u8::MAX && u32::from(du) + w == u32::from(reach[v])
            })
            .map_or(Via::Seed, |(how, _)| how)
    }

    /// Zone `z` searched from `seeds`: the distances and parents less the nearest seed's
    /// distance, and that distance. A zone of the same shape searched from the same seeds
    /// (moved to start at 0) is not searched again. O(seeds · log seeds), and a search the
    /// first time.
    fn searched(&self, z: usize, seeds: &[(u32, u64)], sc: &mut Scratch) -> (Arc<Searched>, u64) {
        let base = seeds.iter().map(|s| s.1).min().unwrap_or(0);
        let mut moved: Vec<(u32, u64)> = seeds.iter().map(|&(v, d)| (v, d - base)).collect();
        moved.sort_unstable();
        moved.dedup_by_key(|s| s.0);
        let key = (self.zones[z].shape, moved);
        if let Some(found) = lock(&self.searches).0.get(&key) {
            return (found.clone(), base);
        }
        self.search(z, &key.1, sc);
        let found = Arc::new(Searched {
            dist: sc.dist.clone(),
            via: sc.via.clone(),
        });
        let mut searches = lock(&self.searches);
        let bytes = found.dist.len() * 16 + key.1.len() * 16;
        if searches.1 + bytes <= self.searches_cap {
            searches.1 += bytes;
            searches.0.insert(key, found.clone());
        }
        (found, base)
    }

    /// Zone `z`'s shape's rows from its `side` end block (module docs, *Rows*): their table
    /// made the first time (or made ahead, [`Engine::forward`]), if the cap leaves room (else
    /// every row is searched alone). Only for zones answered by rows. O(1), and [`table`] the
    /// first time.
    fn rows(&self, z: usize, side: usize) -> &Rows {
        let shape = self.zones[z].shape as usize;
        self.rows[shape][side].get_or_init(|| {
            let n = self.model.n();
            let transitions = Transitions::new(self, z);
            let reserve = |bytes| reserve(&self.rows_bytes, self.searches_cap, bytes);
            if let Some(rows) = self
                .small_rows
                .then(|| table(&transitions, side, reserve))
                .flatten()
            {
                rows
            } else {
                Rows {
                    table: Vec::new(),
                    tops: vec![u8::MAX; n],
                    columns: OnceLock::new(),
                    reach: Vec::new(),
                    from: Vec::new(),
                    into: Vec::new(),
                    searched: (0..n).map(|_| OnceLock::new()).collect(),
                }
            }
        })
    }

    /// The row of zone `z`'s end-block node `v` searched alone: its distances to the zone's
    /// `2n` end-block nodes in words and how the search reached every node. Remembered per
    /// shape and node (within the cap). O(1) when made before, else a search.
    fn row(&self, z: usize, v: u32, sc: &mut Scratch) -> std::borrow::Cow<'_, Row> {
        let (side, i) = self.port_side(z, v as usize);
        let slot = &self.rows(z, side).searched[i];
        if let Some(row) = slot.get() {
            return std::borrow::Cow::Borrowed(row);
        }
        let n = self.model.n();
        let last = self.last(z);
        self.search(z, &[(v, 0)], sc);
        let row = Row {
            ports: (0..n)
                .chain(last..last + n)
                .map(|p| sc.dist[p].min(u64::from(INF)) as u32)
                .collect(),
            via: sc.via.iter().map(|&how| how.pack()).collect(),
        };
        let bytes = row.ports.len() * 4 + row.via.len() * 4 + 64;
        if sc.via.len() < 1 << 30 && reserve(&self.rows_bytes, self.searches_cap, bytes) {
            std::borrow::Cow::Borrowed(slot.get_or_init(|| row))
        } else {
            std::borrow::Cow::Owned(row)
        }
    }

    /// The distances of zone `z`'s end-block node `v`'s row: from its shape's table, else
    /// from its search (kept in `hold`). O(1), or [`Engine::row`].
    fn view<'a>(
        &'a self,
        z: usize,
        v: u32,
        sc: &mut Scratch,
        hold: &'a mut Option<std::borrow::Cow<'a, Row>>,
    ) -> RowView<'a> {
        let (side, i) = self.port_side(z, v as usize);
        let rows = self.rows(z, side);
        let n2 = 2 * self.model.n();
        if rows.tops[i] < u8::MAX {
            RowView::Bytes(&rows.table[i * n2..(i + 1) * n2], rows.tops[i])
        } else {
            RowView::Words(&hold.insert(self.row(z, v, sc)).ports)
        }
    }

    /// Whether seeds that zone `z` (answered by rows) got from its neighbour on `side` alone
    /// can bring that neighbour nothing back (module docs, *Rows*): every way from the
    /// neighbour's facing end block across the core (`into`), to a node of the zone's end
    /// block by the zone's rows and back across the core (`back`) is no shorter than the core's
    /// same-side entry between its ends. Known at once across a stretch safe on every rank at
    /// least `m1` blocks wide ([`Engine::uniform_back`]), else per shape, side and core index:
    /// O(n³) the first time (two min-plus products), then O(1).
    fn no_return(&self, z: usize, side: usize) -> bool {
        self.uniform_back(z, side) || self.no_return_by_rows(z, side)
    }

    /// Whether the core on zone `z`'s `side` is a stretch safe on every rank, at least `m1`
    /// blocks wide: then every way through the zone and back (a path of squares of the stretch
    /// made wider, by moves it has) is no shorter than the core's same-side entry, constant
    /// from `m1` blocks on (module docs, *Rows*). O(P).
    fn uniform_back(&self, z: usize, side: usize) -> bool {
        let core = &self.cores[z + side];
        let kind = &self.kinds[core.kind];
        core.m >= kind.m1 as u64 && kind.safe.iter().all(|&c| c == self.model.all_ranks())
    }

    /// [`Engine::no_return`] by the zone's rows (two min-plus products).
    fn no_return_by_rows(&self, z: usize, side: usize) -> bool {
        let core = &self.cores[z + side];
        let kind = &self.kinds[core.kind];
        let index = kind.index(core.m).0;
        let key = (self.zones[z].shape, side, core.kind, index);
        if let Some(&known) = lock(&self.no_return).get(&key) {
            return known;
        }
        let n = self.model.n();
        let rows = self.rows(z, side);
        let t = &kind.seq[index];
        // Stored entries (crossing entries without the core's added `k·c`, which only
        // lengthens both crossings).
        let (into, back, same) = if side == 0 {
            (&t.lr, &t.rl, &t.ll)
        } else {
            (&t.rl, &t.lr, &t.rr)
        };
        let ports = side * n..(side + 1) * n;
        let answer = rows.tops.iter().all(|&top| top < u8::MAX) && {
            let within: Vec<u32> = rows
                .table
                .chunks(2 * n)
                .flat_map(|row| &row[ports.clone()])
                .map(|&w| if w == u8::MAX { INF } else { u32::from(w) })
                .collect();
            let round = mul(into, &mul(&within, back, n), n);
            round.iter().zip(same).all(|(&w, &d)| w >= d.min(INF))
        };
        lock(&self.no_return).insert(key, answer);
        answer
    }

    /// Zone `z` (by rows, reached for the first time) from `list`, its seeds, in one chain
    /// step (module docs, *Chains*) where it can be: all seeds from one side, the neighbour
    /// across the other side's core not reached yet, nothing to carry back
    /// ([`Engine::no_return`]), the seeds' rows in the table, and their spread, the rows and
    /// the crossing within a byte. Then the distances the crossing gives that neighbour's
    /// facing block go into `next`, and what to keep comes back. `reached` tells the zones the
    /// sweep has reached; a step made `ahead` for this zone from the same seeds (from their
    /// least) is taken instead of made (module docs, *Two threads*). O(n) per seed those before
    /// it do not reach as soon, O(1) for the others, O(n²) for the crossing, in vectorised byte
    /// steps; O(n) for a step taken.
    fn chain_step(
        &self,
        z: usize,
        list: &[(u32, u64)],
        reached: impl Fn(usize) -> bool,
        next: &mut [u64],
        ahead: Option<&mut Ahead>,
    ) -> Option<Chained> {
        let n = self.model.n();
        let side = usize::from(list.first()?.0 as usize >= n);
        let first = if side == 0 { 0 } else { self.last(z) };
        if !self.chained || reached(z) || list.iter().any(|s| !(first..first + n).contains(&(s.0 as usize))) {
            return None;
        }
        let (_, core, part, nz, _) = self.sides(z)[1 - side]?;
        if reached(nz) || !self.no_return(z, side) {
            return None;
        }
        let rows = self.rows(z, side);
        let top = rows.tops.iter().copied().max()?;
        let core = &self.cores[core];
        let kind = &self.kinds[core.kind];
        let sparse = kind.sparse(&self.model, core.m);
        let crossing = sparse.bytes[usize::from(part != Part::Lr)].as_ref()?;
        let (base, high) = list
            .iter()
            .fold((u64::MAX, 0), |(lo, hi), s| (lo.min(s.1), hi.max(s.1)));
        // Every finite sum below `u8::MAX` (a row not in the table has its top at `u8::MAX`).
        let spread = high - base;
        if spread + u64::from(top) + u64::from(crossing.top) >= u64::from(u8::MAX) {
            return None;
        }
        // The seeds from `base` in bytes.
        let mut seeds = [u8::MAX; MAX_NODES];
        let seeds = &mut seeds[..n];
        for &(v, d) in list {
            let w = &mut seeds[v as usize - first];
            *w = (*w).min((d - base) as u8);
        }
        // The same step made ahead from the same seeds (up to where they start) is this one,
        // and the next step's seeds are what it carries on (up to where they start).
        if let Some(ahead) = ahead {
            if let Some((made, then)) = ahead.take(z) {
                if made.side == side && made.kept[..n] == *seeds && then.z == nz {
                    from_bytes(base + (then.base - made.base), &then.kept[..n], next);
                    ahead.taken += 1;
                    return Some(Chained {
                        side,
                        base,
                        kept: made.kept,
                    });
                }
                ahead.missed();
            }
        }
        // Kept: the seeds and then the far end block's distances.
        let mut kept = vec![u8::MAX; 2 * n].into_boxed_slice();
        kept[..n].copy_from_slice(seeds);
        let (seeds, far) = kept.split_at_mut(n);
        // The nearest seeds first, then the others in turn; a seed whose node those before it
        // reach as soon by the zone's rows adds nothing (rows obey the triangle inequality).
        // Each row's first half updates what the seeds reach at their end block, its second
        // half the far one's.
        let mut order = [0u8; MAX_NODES];
        let mut at = 0u8;
        for (w, &d) in seeds.iter().enumerate() {
            order[usize::from(at)] = w as u8;
            at += u8::from(d == 0);
        }
        for (w, &d) in seeds.iter().enumerate() {
            order[usize::from(at)] = w as u8;
            at += u8::from(d > 0 && d < u8::MAX);
        }
        let mut reach = [u8::MAX; 2 * MAX_NODES];
        let reach = &mut reach[..2 * n];
        let (near_side, far_side) = if side == 0 { (0, n) } else { (n, 0) };
        for &w in &order[..usize::from(at)] {
            let w = usize::from(w);
            let dr = seeds[w];
            if reach[near_side + w] <= dr {
                continue;
            }
            let row = &rows.table[w * 2 * n..][..2 * n];
            for (r, &x) in reach.iter_mut().zip(row) {
                *r = (*r).min(dr.saturating_add(x));
            }
        }
        far.copy_from_slice(&reach[far_side..far_side + n]);
        // Across the core from the far end block's nodes with kept crossing edges.
        let mut near = [u8::MAX; MAX_NODES];
        let near = &mut near[..n];
        for ((&du, row), span) in far.iter().zip(crossing.rows.chunks(n)).zip(&crossing.span) {
            if du == u8::MAX || span.is_empty() {
                continue;
            }
            for (p, &x) in near[span.clone()].iter_mut().zip(&row[span.clone()]) {
                *p = (*p).min(du.saturating_add(x));
            }
        }
        from_bytes(base + kind.index(core.m).1, near, next);
        Some(Chained { side, base, kept })
    }

    /// Zone `z`'s end-block distances from the `from`-th on into `out` (as many as it takes),
    /// from what the sweep knows of them: kept, or (a chain step's) at the seeds' end block
    /// each the least over the seeds of the seed's distance and its row's entry, at the far
    /// one as kept. O(its length), and O(n²) where it reaches the seeds' block.
    fn read_known(&self, z: usize, known: &Known, from: usize, out: &mut [u64]) {
        let c = match known {
            Known::Ends(e) => return e.read_from(from, out),
            Known::Chained(c) => c,
        };
        let n = self.model.n();
        let (near, far) = (c.side * n, (1 - c.side) * n);
        let byte = |d: u8| {
            if d == u8::MAX {
                u64::MAX
            } else {
                c.base + u64::from(d)
            }
        };
        let mut here = [u64::MAX; MAX_NODES];
        if (from..from + out.len()).any(|p| (near..near + n).contains(&p)) {
            let rows = self.rows(z, c.side);
            for (w, &d) in c.kept[..n].iter().enumerate().filter(|&(_, &d)| d < u8::MAX) {
                let row = &rows.table[w * 2 * n + near..][..n];
                for (h, &r) in here.iter_mut().zip(row) {
                    if r < u8::MAX {
                        *h = (*h).min(byte(d) + u64::from(r));
                    }
                }
            }
        }
        for (p, o) in (from..).zip(out.iter_mut()) {
            *o = if p >= far && p < far + n {
                byte(c.kept[n + p - far])
            } else {
                here[p - near]
            };
        }
    }

    /// A seed of zone `z` (carried on in a chain step) whose row reaches its end-block node
    /// `at` as soon as the sweep did (`at_dist`), and its distance: the seed a shortest route
    /// to `at` last entered the zone by. O(n).
    fn entered_chained(&self, z: usize, c: &Chained, at: usize, at_dist: u64) -> Option<(u32, u64)> {
        let n = self.model.n();
        let rows = self.rows(z, c.side);
        let port = self.port(z, at);
        let first = if c.side == 0 { 0 } else { self.last(z) };
        let want = at_dist.checked_sub(c.base)?;
        let columns = rows.columns.get_or_init(|| {
            let n2 = 2 * n;
            (0..n * n2).map(|i| rows.table[i % n * n2 + i / n]).collect()
        });
        c.kept[..n]
            .iter()
            .zip(&columns[port * n..][..n])
            .position(|(&d, &r)| d < u8::MAX && r < u8::MAX && u64::from(d) + u64::from(r) == want)
            .map(|w| ((first + w) as u32, c.base + u64::from(c.kept[w])))
    }

    /// The node of zone `z` (carried on in a chain step) that the crossing into node `v` of
    /// the neighbour beyond its far end block's core leaves from, reaching `v` at `want`, and
    /// its distance. `None` where none does. O(n).
    fn left_chained(&self, z: usize, c: &Chained, v: usize, want: u64) -> Option<(usize, u64)> {
        let n = self.model.n();
        let core = &self.cores[z + 1 - c.side];
        let kind = &self.kinds[core.kind];
        let want = want.checked_sub(c.base + kind.index(core.m).1)?;
        let sparse = kind.sparse(&self.model, core.m);
        let column = &sparse.columns[c.side][v * n..][..n];
        c.kept[n..]
            .iter()
            .zip(column)
            .position(|(&d, &w)| d < u8::MAX && w < INF && u64::from(d) + u64::from(w) == want)
            .map(|u| (u, c.base + u64::from(c.kept[n + u])))
    }

    /// The end block (0 for `Lb`) of zone `z`'s end-block node `v` and its index there.
    fn port_side(&self, z: usize, v: usize) -> (usize, usize) {
        let (p, n) = (self.port(z, v), self.model.n());
        (p / n, p % n)
    }

    /// The index among zone `z`'s `2n` end-block nodes (`Lb` side first) of its node `v`, one
    /// of them.
    fn port(&self, z: usize, v: usize) -> usize {
        let n = self.model.n();
        if v < n {
            v
        } else {
            n + v - self.last(z)
        }
    }

    /// The stop of zone `z`'s node.
    fn stop(&self, z: usize, node: usize) -> Stop {
        let (x, r, s) = self.model.split(node);
        (Coord::new(self.zones[z].start + x as i64, r as i64 + 1), s)
    }

    /// The path of a stay in core `k` from node `a` to node `b` (indices of `2n`: `Lb` first,
    /// then `Rb`), into `out` (without its first stop), with repeats. `m` may be less than the
    /// core's blocks for a same-side stay (module docs); `lb` is then the first file of the
    /// block the walk calls 0.
    fn walk(&self, kind: &Kind, m: u64, lb: i128, a: usize, b: usize, out: &mut Built) -> Option<()> {
        let n = self.model.n();
        let bw = self.model.width as i128;
        let side = |i: usize| if i < n { lb } else { lb + (i128::from(m) + 1) * bw };
        let (from_a, from_b) = (side(a), side(b));
        let walks = lock(&kind.walks);
        let hit = walks.get(&(a, b)).and_then(|list| {
            list.iter().find_map(|w| {
                if w.step == 0 {
                    return (w.m == m).then_some((w, 0));
                }
                let diff = i128::from(m) - i128::from(w.m);
                let more = diff / w.step.abs();
                (diff % w.step.abs() == 0 && i128::from(w.rounds) + more >= 1).then_some((w, more))
            })
        });
        if let Some((w, more)) = hit {
            let base = out.squares.len() as i64;
            out.squares
                .extend(w.squares.iter().enumerate().map(|(i, &(f, r))| {
                    let origin = if i < w.split { from_a } else { from_b };
                    Coord::new(i64::try_from(origin + f).expect("a file of the strip"), r)
                }));
            out.repeats
                .extend(w.repeats.iter().enumerate().map(|(i, &(at, len, times))| Repeat {
                    at: (base + at) as usize,
                    len,
                    times: if Some(i) == w.jump_repeat {
                        times.saturating_add_signed(more as i64)
                    } else {
                        times
                    },
                }));
            return Some(());
        }
        drop(walks);
        let (base, repeats) = (out.squares.len(), out.repeats.len());
        let jump = self.walk_raw(kind, m, lb, a, b, out)?;
        // Remembered for the next core of this kind with the same ends (a core whose width
        // differs by whole rounds makes the same walk with more or fewer rounds, module docs).
        let mut walks = lock(&kind.walks);
        let list = walks.entry((a, b)).or_default();
        if list.len() < 16 {
            let (split, step, rounds, jump_repeat) = match jump {
                Some(Ok(j)) if (a < n) != (b < n) && (j.step > 0) == (b >= n) => {
                    (j.at - base, j.step, j.rounds, j.repeat.map(|r| r - repeats))
                }
                _ => (out.squares.len() - base, 0, 0, None),
            };
            list.push(Walked {
                m,
                step,
                rounds,
                squares: out.squares[base..]
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let origin = if i < split { from_a } else { from_b };
                        (i128::from(c.file) - origin, c.rank)
                    })
                    .collect(),
                split,
                repeats: out.repeats[repeats..]
                    .iter()
                    .map(|r| (r.at as i64 - base as i64, r.len, r.times))
                    .collect(),
                jump_repeat,
            });
        }
        Some(())
    }

    /// [`Engine::walk`] without the kind's memory; tells the walk's first jump (`Err` when a
    /// round was found but not taken before it). O(n²) per block walked.
    fn walk_raw(
        &self,
        kind: &Kind,
        m: u64,
        lb: i128,
        a: usize,
        b: usize,
        out: &mut Built,
    ) -> Option<Option<Result<Jump, ()>>> {
        let mut first = None;
        let model = &self.model;
        let n = model.n();
        let bw = model.width as i128;
        let last = i128::from(m) + 1;
        let period = kind.safe.len() as i64;
        let target_right = b >= n;
        let bi = b % n;
        // Distances from every node of block `j` to `b`, by block. O(n²) per block (the
        // closure over a block is the kind's, shared).
        let mut blocks: HashMap<i128, Vec<u64>> = HashMap::default();
        let mut dist = |j: i128, idx: usize| -> u64 {
            if blocks.len() > 64 {
                blocks.clear();
            }
            blocks.entry(j).or_insert_with(|| {
                if j == 0 || j == last {
                    let part = match (j == 0, target_right) {
                        (true, false) => Part::Ll,
                        (true, true) => Part::Lr,
                        (false, false) => Part::Rl,
                        (false, true) => Part::Rr,
                    };
                    return kind.column(m, part, bi, n).collect();
                }
                let left = u64::try_from(j - 1).expect("inside the core");
                let right = m - u64::try_from(j).expect("inside the core");
                let add = kind.index(if target_right { right } else { left }).1;
                kind.to_end(left, right, target_right, bi)
                    .iter()
                    .map(|&d| if d >= INF { u64::MAX } else { u64::from(d) + add })
                    .collect()
            })[idx]
        };
        let file_of =
            |j: i128, x: usize| i64::try_from(lb + j * bw + x as i128).expect("a file of the strip");
        let (mut j, mut idx) = (if a < n { 0 } else { last }, a % n);
        let goal = (if b < n { 0 } else { last }, b % n);
        let mut d = dist(j, idx);
        if d == u64::MAX {
            return None;
        }
        let (p, m1) = (kind.p as i128, kind.m1 as i128);
        let stable = |j: i128| j >= m1 + 2 && last - 1 - j >= m1 + p + 2;
        // Rest nodes seen in the stable middle: (node, block mod p) → (squares so far, block, d).
        let mut seen: HashMap<(usize, i128), (usize, i128, u64)> = HashMap::default();
        let mut lo_hi = (j, j);
        while (j, idx) != goal {
            let (x, r, s) = model.split(idx);
            // A rest node closes a round of moves; a ride's node a stretch of the same ride.
            if stable(j) {
                let count = out.squares.len();
                if let Some(&(seen_count, j0, d0)) = seen.get(&(idx, j.rem_euclid(p))) {
                    let step = j - j0;
                    let (lo, hi) = lo_hi;
                    // Rounds that keep every block they touch (and its neighbours) stable.
                    let rounds = if step > 0 {
                        (last - 1 - (m1 + p + 2) - (hi + 1)) / step
                    } else {
                        (lo - 1 - (m1 + 2)) / -step
                    };
                    let whole = s == 0 || seen_count == count;
                    if whole && rounds > 0 && stable(lo - 1) && stable(hi + 1) {
                        let rounds_u = u64::try_from(rounds).ok()?;
                        first.get_or_insert(Ok(Jump {
                            at: count,
                            rounds: rounds_u,
                            step,
                            repeat: (seen_count < count).then_some(out.repeats.len()),
                        }));
                        if seen_count < count {
                            out.repeats.push(Repeat {
                                at: seen_count - 1,
                                len: count - seen_count,
                                times: rounds_u,
                            });
                        }
                        // The walk goes on from the same node, `rounds` rounds on.
                        d -= rounds_u * (d0 - d);
                        j += rounds * step;
                        seen.clear();
                        lo_hi = (j, j);
                        continue;
                    }
                    // A round refused for want of blocks at the walk's own end is refused on
                    // any core; one refused for the far end makes the walk depend on `m`.
                    let near = if a < n { stable(lo - 1) } else { stable(hi + 1) };
                    if whole && near {
                        first.get_or_insert(Err(()));
                    }
                    // A refused round starts the search for one afresh; a ride's node met again
                    // on another ride only moves on (clearing then, a bishop's walk met its
                    // ghosts before its rest nodes for ever and never found a round).
                    if whole {
                        seen.clear();
                        lo_hi = (j, j);
                    }
                }
                seen.insert((idx, j.rem_euclid(p)), (count, j, d));
            }
            // The first transition that keeps to the distance.
            let files = i64::try_from((last + 1) * bw).ok()?;
            let local = i64::try_from(j * bw).ok()? + x as i64;
            let mut next = None;
            model.moves(
                (local, r as i64, s),
                files,
                &|_, _| true,
                &|f, r| kind.safe[(f.rem_euclid(period)) as usize] >> r & 1 == 1,
                &mut |f, r2, s2, w| {
                    if next.is_some() {
                        return;
                    }
                    let (j2, x2) = (i128::from(f) / bw, (f as usize) % model.width);
                    let i2 = model.node(x2, r2 as usize, s2);
                    let d2 = if (j2, i2) == goal { 0 } else { dist(j2, i2) };
                    if d2 != u64::MAX && d2 + u64::from(w) == d {
                        next = Some((j2, i2, d2));
                    }
                },
            );
            let (j2, i2, d2) = next?;
            (j, idx, d) = (j2, i2, d2);
            lo_hi = (lo_hi.0.min(j), lo_hi.1.max(j));
            let (x2, r2, s2) = model.split(i2);
            out.push((Coord::new(file_of(j, x2), r2 as i64 + 1), s2));
        }
        Some(first)
    }
}

/// Answers a strip route question with this engine; `None` when it does not apply (captures,
/// hoppers, initial moves, a variant's mover, no long stretch, more than 192 nodes a block, no
/// certificate), and the other strip engines answer.
pub(super) fn crossing(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
) -> Option<Result<Answer, RouteError>> {
    crossing_with(pos, strip, q, budget, ByRows::Auto)
}

/// How zones are answered (module docs, *Rows*): by rows where they pay, or (the tests) never,
/// or always, their distances in bytes where they fit or always in words, and the route
/// traced through them from the entry the sweep's distances name or from the seeds carried
/// again.
#[derive(Clone, Copy)]
#[cfg_attr(not(test), expect(dead_code, reason = "only the tests force rows on or off"))]
enum ByRows {
    Auto,
    Never,
    Always {
        small: bool,
        carried: bool,
        chained: bool,
    },
}

/// [`crossing`], zones answered by rows as `rows` says.
fn crossing_with(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    rows: ByRows,
) -> Option<Result<Answer, RouteError>> {
    let engine = match engine(pos, strip, q, budget, rows)? {
        Ok(engine) => engine,
        Err(e) => return Some(Err(e)),
    };
    let Target::Square(t) = q.target else {
        return None;
    };
    Some(Ok(Answer::Route(engine.sweep(q.mover.at, t)?)))
}

/// The sweep's engine for a question it answers (`None` for one it declines).
fn engine(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    rows: ByRows,
) -> Option<Result<Engine, RouteError>> {
    let Target::Square(t) = q.target else {
        return None;
    };
    let start = q.mover.at;
    let nothing = match &q.may_capture {
        Capturable::Nothing => true,
        Capturable::Squares(list) => list.is_empty(),
        Capturable::All => false,
    };
    if !nothing
        || q.mover.by_square.is_some()
        || !q.mover.rule.initial_steps(q.mover.colour).is_empty()
        || !strip.contains(t)
        || !strip.contains(start)
        || pos.piece_at(start).is_some()
    {
        return None;
    }
    let colour = q.mover.colour;
    let steps = q.mover.rule.steps(colour);
    let spans = margin(pos, strip, &steps, colour)?;
    let period = i64::try_from(spans.period).ok()?;
    let ranks = i64::from(strip.ranks());
    let model = model(&steps, ranks, period)?;
    let bw = model.width as i128;
    let attacks = Attacks::new(pos, colour, model.ranks)?;
    let merged = explicit_files(pos, spans.reach, [start.file, t.file]);
    // Cores between the intervals, and the half-infinite ones at both ends.
    let align_up = |f: i128| f + (-f).rem_euclid(i128::from(period));
    let mut cut: Vec<(i128, u64)> = Vec::new(); // (Lb's first file, blocks)
    let first = i128::from(merged.first()?.0);
    let rb0 = (first - bw).div_euclid(bw) * bw; // Rb of the left end: ends before `first`
    let rb0 = rb0 - rb0.rem_euclid(i128::from(period));
    cut.push((rb0 - bw * 3, ENDLESS));
    for w in merged.windows(2) {
        let (lo, hi) = (i128::from(w[0].1) + 1, i128::from(w[1].0) - 1);
        let core = align_up(lo + bw);
        let m = (hi + 1 - bw - core).div_euclid(bw);
        if m >= MIN_CORE {
            cut.push((core - bw, u64::try_from(m).ok()?));
        }
    }
    cut.push((align_up(i128::from(merged.last()?.1) + 1), ENDLESS));
    if cut.len() < 3 {
        return None;
    }
    // Memory, estimated before anything large is built: each kind's matrices (up to 97 steps
    // of four n×n tables, and per step the dense crossing rows), the zones' squares (two flags
    // each), per zone its seeds and end distances (2n of each), and one search's arrays over
    // the widest zone. Searches and rows are remembered only in what the budget leaves (at
    // most 64 MB).
    let n = model.n() as u64;
    let kinds_bytes = 97 * (4 * 4 + 4) * n * n;
    let zone_start = |w: &[(i128, u64)]| {
        if w[0].1 == ENDLESS {
            w[0].0 + 3 * bw
        } else {
            w[0].0 + bw * (i128::from(w[0].1) + 1)
        }
    };
    let zone_bytes: u64 = cut
        .windows(2)
        .map(|w| u64::try_from(w[1].0 + bw - zone_start(w)).unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let needed = crate::limits::mul_add(zone_bytes, model.ranks as u64 * (2 + 24 * model.states as u64), 0)
        .and_then(|z| crate::limits::mul_add(cut.len() as u64, 2 * n * 64, z))
        .map(|b| b.saturating_add(kinds_bytes));
    if let Err(e) = budget.check("the strip route search across long stretches", needed) {
        return Some(Err(e.into()));
    }
    // Zones between cores; kinds by their columns.
    let h = model.ranks;
    let empty_at = {
        let mut occupied: Vec<Coord> = pos.pieces().iter().map(|p| p.at).collect();
        occupied.sort_unstable();
        occupied
    };
    let column = |f: i64| -> u64 {
        (0..h)
            .filter(|&r| !attacks.ray_covers(f, r))
            .fold(0u64, |m, r| m | 1 << r)
    };
    let mut kinds: Vec<Kind> = Vec::new();
    let mut kind_of: HashMap<Vec<u64>, usize> = HashMap::default();
    let mut cores = Vec::with_capacity(cut.len());
    for &(lb, m) in &cut {
        // The columns of a period from a file of phase 0 inside the stretch.
        let at = if m == ENDLESS && lb == cut[0].0 {
            lb + 3 * bw
        } else {
            lb
        };
        let f0 = i64::try_from(at).ok()?;
        let safe: Vec<u64> = (0..period).map(|i| column(f0 + i)).collect();
        let kind = if let Some(&k) = kind_of.get(&safe) {
            k
        } else {
            kinds.push(Kind::new(&model, safe.clone())?);
            kind_of.insert(safe, kinds.len() - 1);
            kinds.len() - 1
        };
        cores.push(Core { lb, m, kind });
    }
    let mut zones = Vec::with_capacity(cores.len() - 1);
    let mut shapes: Vec<Shape> = Vec::new();
    let mut shape_of = HashMap::default();
    let (mut empty, mut safe) = (Vec::new(), Vec::new());
    for w in cores.windows(2) {
        let start = zone_start(&[(w[0].lb, w[0].m)]);
        let end = w[1].lb + bw; // exclusive
        let width = usize::try_from(end - start).ok()?;
        let start = i64::try_from(start).ok()?;
        // Per file, a bit per rank: empty, and safe.
        let full = model.all_ranks();
        empty.clear();
        empty.resize(width, full);
        safe.clear();
        safe.resize(width, full);
        let lo = empty_at.partition_point(|c| c.file < start);
        for c in empty_at[lo..]
            .iter()
            .take_while(|c| (c.file - start) < width as i64)
        {
            empty[(c.file - start) as usize] &= !(1 << (c.rank - 1));
        }
        let lo = attacks.finite.partition_point(|c| c.file < start);
        for c in attacks.finite[lo..]
            .iter()
            .take_while(|c| (c.file - start) < width as i64)
        {
            if (1..=h as i64).contains(&c.rank) {
                safe[(c.file - start) as usize] &= !(1 << (c.rank - 1));
            }
        }
        if attacks.has_rays() {
            for (x, col) in safe.iter_mut().enumerate() {
                for r in 0..h {
                    if attacks.ray_covers(start + x as i64, r) {
                        *col &= !(1 << r);
                    }
                }
            }
        }
        let same_side = |c: &Core| {
            let kind = &kinds[c.kind];
            (c.kind, kind.index(c.m).0.min(kind.m1))
        };
        // Looked up without copying the squares; kept once per shape.
        let key = (
            std::mem::take(&mut empty),
            std::mem::take(&mut safe),
            same_side(&w[0]),
            same_side(&w[1]),
        );
        let shape = if let Some(&shape) = shape_of.get(&key) {
            shape
        } else {
            shapes.push(Shape {
                empty: key.0.clone(),
                safe: key.1.clone(),
            });
            let shape = (shapes.len() - 1) as u32;
            shape_of.insert((key.0.clone(), key.1.clone(), key.2, key.3), shape);
            shape
        };
        (empty, safe) = (key.0, key.1);
        zones.push(Zone { start, width, shape });
    }
    let spare = budget.bytes().saturating_sub(needed.unwrap_or(u64::MAX));
    // Rows pay when a shape has about as many zones as its end blocks have nodes (a row is a
    // search; a zone by rows saves two).
    let mut count = vec![0usize; shapes.len()];
    for z in &zones {
        count[z.shape as usize] += 1;
    }
    let n = model.n();
    let tabled: Vec<bool> = count
        .into_iter()
        .map(|c| match rows {
            ByRows::Auto => 2 * c >= n,
            ByRows::Never => false,
            ByRows::Always { .. } => true,
        })
        .collect();
    Some(Ok(Engine {
        model,
        kinds,
        cores,
        zones,
        shapes,
        searches: Mutex::default(),
        searches_cap: usize::try_from(spare).unwrap_or(usize::MAX).min(SEARCHES_BYTES),
        rows: (0..tabled.len()).map(|_| Default::default()).collect(),
        threads: 2,
        tabled,
        small_rows: !matches!(rows, ByRows::Always { small: false, .. }),
        entries: !matches!(rows, ByRows::Always { carried: true, .. }),
        rows_bytes: AtomicUsize::default(),
        no_return: Mutex::default(),
        chained: !matches!(rows, ByRows::Always { chained: false, .. }),
    }))
}

impl Engine {
    /// Zone of a file.
    fn zone_of(&self, f: i64) -> usize {
        self.zones.partition_point(|z| z.start <= f) - 1
    }

    /// Node of a rest square in zone `z`.
    fn rest(&self, z: usize, c: Coord) -> usize {
        self.model
            .node((c.file - self.zones[z].start) as usize, (c.rank - 1) as usize, 0)
    }

    /// The first node of zone `z`'s last block.
    fn last(&self, z: usize) -> usize {
        self.model.nodes(self.zones[z].width - self.model.width)
    }

    /// Whether zone `z` is answered by rows (module docs, *Rows*): many zones have its shape,
    /// and it holds neither the start nor the target.
    fn by_rows(&self, z: usize, ends: [usize; 2]) -> bool {
        self.tabled[self.zones[z].shape as usize] && !ends.contains(&z)
    }

    /// The end blocks of zone `z` (first node, core between it and the neighbour, part of the
    /// crossing matrix, neighbour, neighbour's first node of its facing end block), leftwards
    /// and rightwards.
    fn sides(&self, z: usize) -> [Option<Side>; 2] {
        let last = |z: usize| self.last(z);
        [
            (z > 0).then(|| (0, z, Part::Rl, z - 1, last(z - 1))),
            (z + 1 < self.zones.len()).then(|| (last(z), z + 1, Part::Lr, z + 1, 0)),
        ]
    }

    /// Whether a crossing of `core` from `out` (`part` its direction, only the rows `carry`
    /// keeps) may bring some node `v` of the end block it reaches below `cap(v)`: the least
    /// distance it leaves from (at a node with kept edges) plus the shortest kept edge into
    /// `v`, a lower bound. O(n).
    fn may_carry(
        &self,
        core: usize,
        part: Part,
        out: &[u64],
        carry: impl Fn(usize) -> bool,
        cap: impl Fn(usize) -> u64,
    ) -> bool {
        let core = &self.cores[core];
        let kind = &self.kinds[core.kind];
        let sparse = kind.sparse(&self.model, core.m);
        let edges = if part == Part::Lr { &sparse.lr } else { &sparse.rl };
        let Some(low) = (0..out.len())
            .filter(|&u| out[u] != u64::MAX && !edges[u].is_empty() && carry(u))
            .map(|u| out[u])
            .min()
        else {
            return false;
        };
        let low = low + kind.index(core.m).1;
        sparse.least_into[usize::from(part != Part::Lr)]
            .iter()
            .enumerate()
            .any(|(v, &w)| w < INF && low + u64::from(w) < cap(v))
    }

    /// Distances at the `n` nodes of the end block a crossing of `core` reaches from `out`
    /// (`part`: `Lr` rightwards, `Rl` leftwards), counting only the rows `carry` keeps, into
    /// `next`. O(n²) in vectorised 16-bit steps, or O(kept edges) for rows that do not fit.
    fn carry(&self, core: usize, part: Part, out: &[u64], carry: impl Fn(usize) -> bool, next: &mut [u64]) {
        let core = &self.cores[core];
        let kind = &self.kinds[core.kind];
        let add = kind.index(core.m).1;
        let sparse = kind.sparse(&self.model, core.m);
        let edges = if part == Part::Lr { &sparse.lr } else { &sparse.rl };
        next.fill(u64::MAX);
        // From the least distance out, in 16 bits over dense rows (saturating adds and mins
        // the compiler vectorises) where a row's sums cannot saturate, else edge by edge.
        let low = (0..out.len())
            .filter(|&u| out[u] != u64::MAX && carry(u))
            .map(|u| out[u])
            .min()
            .unwrap_or(0);
        let dense = sparse.dense[usize::from(part != Part::Lr)].as_ref();
        let mut near = [i16::MAX; MAX_NODES];
        let near = &mut near[..next.len()];
        for (u, &du) in out.iter().enumerate() {
            if du == u64::MAX || edges[u].is_empty() || !carry(u) {
                continue;
            }
            match dense {
                Some((rows, top)) if du - low < (i16::MAX - top) as u64 => {
                    let dr = (du - low) as i16;
                    let n = near.len();
                    for (p, &w) in near.iter_mut().zip(&rows[u * n..(u + 1) * n]) {
                        *p = (*p).min(dr.saturating_add(w));
                    }
                }
                _ => {
                    let du = du + add;
                    for &(v, w) in &edges[u] {
                        let nv = &mut next[v as usize];
                        *nv = (*nv).min(du + u64::from(w));
                    }
                }
            }
        }
        for (nv, &p) in next.iter_mut().zip(near.iter()) {
            if p < i16::MAX {
                *nv = (*nv).min(low + add + p as u64);
            }
        }
    }

    /// Zone by zone, in the order of their nearest pending seed (module docs): each zone
    /// searched from the seeds it got since its last search, its end blocks' distances that
    /// improved carried across both neighbouring cores; a seed no nearer than what a searched
    /// zone already has is dropped. Stops when no pending seed is nearer than the target.
    /// Then the route is traced back. `None` inside when a walk fails (it cannot: the
    /// distances say a path exists).
    fn sweep(&self, start: Coord, t: Coord) -> Option<Option<Way>> {
        let swept = self.forward(start, t);
        if swept.best == u64::MAX {
            return Some(None);
        }
        self.trace(start, t, &swept).map(Some)
    }

    /// The sweep from `start` (module docs, *The search*), with the tables it will ask for
    /// first made ahead on another thread where that pays ([`Engine::planned`]): last first,
    /// each unless the sweep needed it sooner (then the sweep's thread made it, or waits for
    /// the one being made), so that the sweep, which makes the first ones itself as it comes
    /// to them, meets the other thread halfway; the other thread stops when the sweep does.
    /// The tables are the same either way, and within the same cap.
    fn forward(&self, start: Coord, t: Coord) -> Swept {
        let (zs, zt) = (self.zone_of(start.file), self.zone_of(t.file));
        let plan = self.planned(zs, zt);
        if plan.is_empty() {
            return self.sweep_zones(start, t, None);
        }
        let (stop, at) = (AtomicBool::new(false), AtomicUsize::new(zs));
        let (send, made) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let (plan, stop, at) = (&plan, &stop, &at);
            scope.spawn(move || {
                for &(z, side) in plan.iter().rev() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    self.rows(z, side);
                }
                self.chain_ahead([zs, zt], at, stop, &send);
            });
            let mut ahead = Ahead {
                made,
                head: None,
                rightwards: zs < zt,
                at,
                stop,
                taken: 0,
                missed: 0,
            };
            // The other thread stops when the sweep does, however it ends (a panic included).
            let stops = Stops(stop);
            let mut swept = self.sweep_zones(start, t, Some(&mut ahead));
            drop(stops);
            swept.ahead = ahead.taken;
            swept
        })
    }

    /// Chain steps made ahead of the sweep from zone `zs` to zone `zt` (on the other thread,
    /// [`Engine::forward`]): from the middle of the way the sweep has left when they start,
    /// from seeds all at 0 on the facing block — a guess, but a step is the sweep's own once
    /// its seeds are the sweep's up to where they start (the sweep compares them), and chain
    /// steps soon forget where they started — zone by zone, each sent as made, until one is
    /// not a chain step, the sweep comes as far or stops. O(n²) a step.
    fn chain_ahead(&self, [zs, zt]: [usize; 2], at: &AtomicUsize, stop: &AtomicBool, send: &Sender<Made>) {
        let n = self.model.n();
        let rightwards = zs < zt;
        let from = at.load(Ordering::Relaxed);
        let left = from.abs_diff(zt);
        if left < AHEAD_LEAST || !self.chained {
            return;
        }
        let mut z = if rightwards {
            from + left / 2
        } else {
            from - left / 2
        };
        let first = if rightwards { 0 } else { self.last(z) };
        let mut list: Vec<(u32, u64)> = (0..n).map(|w| ((first + w) as u32, 0)).collect();
        let mut next = vec![u64::MAX; n];
        while !stop.load(Ordering::Relaxed) && self.by_rows(z, [zs, zt]) {
            let sweep = at.load(Ordering::Relaxed);
            if (sweep >= z) == rightwards {
                return;
            }
            let Some(c) = self.chain_step(z, &list, |_| false, &mut next, None) else {
                return;
            };
            let Some((_, _, _, nz, to)) = self.sides(z)[1 - c.side] else {
                return;
            };
            list.clear();
            list.extend(
                (to..)
                    .zip(&next)
                    .filter(|&(_, &d)| d < u64::MAX)
                    .map(|(v, &d)| (v as u32, d)),
            );
            let made = Made {
                z,
                side: c.side,
                base: c.base,
                kept: c.kept,
            };
            if send.send(made).is_err() {
                return;
            }
            z = nz;
        }
    }

    /// The tables the sweep from zone `zs` to zone `zt` asks for first, in that order, each
    /// once: for the zones by rows between them, their shape's table from the end block facing
    /// `zs` (where their first seeds come from). None where another thread would not pay:
    /// fewer than two, one core, tables off. O(zones between).
    fn planned(&self, zs: usize, zt: usize) -> Vec<(usize, usize)> {
        if self.threads < 2 || !self.small_rows || zs.abs_diff(zt) < 3 {
            return Vec::new();
        }
        let (between, side): (Box<dyn Iterator<Item = usize>>, usize) = if zs < zt {
            (Box::new(zs + 1..zt), 0)
        } else {
            (Box::new((zt + 1..zs).rev()), 1)
        };
        let mut planned = vec![false; self.shapes.len()];
        let plan: Vec<(usize, usize)> = between
            .filter(|&z| {
                let shape = self.zones[z].shape as usize;
                self.tabled[shape] && !std::mem::replace(&mut planned[shape], true)
            })
            .map(|z| (z, side))
            .collect();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        if plan.len() < 2 || cores < 2 {
            return Vec::new();
        }
        plan
    }

    /// Zone `z`'s neighbouring cores' edges ([`Kind::sparse`]), left and right.
    fn sparse_around(&self, z: usize) -> [&Sparse; 2] {
        [z, z + 1].map(|c| {
            let core = &self.cores[c];
            self.kinds[core.kind].sparse(&self.model, core.m)
        })
    }

    /// [`Engine::forward`] on this thread alone.
    fn sweep_zones(&self, start: Coord, t: Coord, mut ahead: Option<&mut Ahead>) -> Swept {
        let n = self.model.n();
        let (zs, zt) = (self.zone_of(start.file), self.zone_of(t.file));
        let goal = self.rest(zt, t);
        let first = self.rest(zs, start) as u32;
        // Per zone: seeds not yet searched, and what is known of its end blocks' distances.
        let mut pending = Pending {
            seeds: vec![Vec::new(); self.zones.len()],
            pool: Vec::new(),
            queue: BinaryHeap::from([Reverse((0u64, zs))]),
        };
        pending.seeds[zs].push((first, 0));
        let mut ends: Vec<Option<Known>> = (0..self.zones.len()).map(|_| None).collect();
        let mut known = vec![u64::MAX; 2 * n];
        let mut there = vec![u64::MAX; n];
        let mut sc = Scratch::default();
        let mut best = u64::MAX;
        // Distances at the end blocks' 2n nodes (`Lb` side first), which improved, and a
        // crossing's distances: kept from zone to zone.
        let mut ports = vec![u64::MAX; 2 * n];
        let mut near = vec![INF; 2 * n];
        let mut small = vec![u8::MAX; 2 * n];
        let mut improved = vec![false; 2 * n];
        let mut next = vec![u64::MAX; n];
        while let Some(Reverse((key, z))) = pending.queue.pop() {
            if key >= best {
                break;
            }
            let mut list = std::mem::take(&mut pending.seeds[z]);
            if list.is_empty() {
                continue;
            }
            // A zone's distances are the least over its seeds, so the new seeds alone are
            // searched and merged with the last ones.
            ports.fill(u64::MAX);
            // The sides this batch's seeds came from (a seed is a node of the end block a
            // crossing reaches).
            let from = [
                list.iter().any(|s| (s.0 as usize) < n),
                list.iter().any(|s| s.0 as usize >= n),
            ];
            let rows = self.by_rows(z, [zs, zt]);
            if let Some(chained) = rows
                .then(|| self.chain_step(z, &list, |z| ends[z].is_some(), &mut next, ahead.as_deref_mut()))
                .flatten()
            {
                // Carried on in one chain step: what it keeps is what the sweep keeps.
                let far = self.sides(z)[1 - chained.side];
                ends[z] = Some(Known::Chained(chained));
                let (_, _, _, nz, to) = far.expect("a chain step's far side");
                list.clear();
                pending.pool.push(list);
                pending.seed((nz, to), &next, None, best);
                continue;
            }
            if rows {
                // Nearest seeds first; a seed its node already has as near adds nothing (a
                // zone's distances obey the triangle inequality).
                list.sort_unstable_by_key(|s| s.1);
                // From the nearest seed's distance, in bytes (saturating at 255, none) where
                // the seed's spread and its row fit, else in 32 bits (a row's entries and the
                // seeds' spread are far below 2^29 but for a seed a zone never joins to the
                // others, which is added on its own): tight loops the compiler vectorises.
                let base = list.first().map_or(0, |s| s.1);
                near.fill(INF);
                small.fill(u8::MAX);
                for &(v, d) in &list {
                    let port = self.port(z, v as usize);
                    let reached = u64::from(small[port]).min(u64::from(near[port]));
                    if (reached < u64::from(u8::MAX) && base + reached <= d)
                        || (near[port] < INF && base + u64::from(near[port]) <= d)
                        || ports[port] <= d
                    {
                        continue;
                    }
                    let mut hold = None;
                    let view = self.view(z, v, &mut sc, &mut hold);
                    match view {
                        // No sum of a finite entry saturates.
                        RowView::Bytes(w, top) if d - base + u64::from(top) < u64::from(u8::MAX) => {
                            let dr = (d - base) as u8;
                            for (p, &w) in small.iter_mut().zip(w.iter()) {
                                *p = (*p).min(dr.saturating_add(w));
                            }
                        }
                        row if d - base < 1 << 29 => {
                            let dr = (d - base) as u32;
                            for (i, p) in near.iter_mut().enumerate() {
                                *p = (*p).min(dr + row.get(i));
                            }
                        }
                        row => {
                            for (i, p) in ports.iter_mut().enumerate() {
                                let w = row.get(i);
                                if w < INF {
                                    *p = (*p).min(d + u64::from(w));
                                }
                            }
                        }
                    }
                }
                for ((p, &w), &b) in ports.iter_mut().zip(&near).zip(&small) {
                    if w < INF {
                        *p = (*p).min(base + u64::from(w));
                    }
                    if b < u8::MAX {
                        *p = (*p).min(base + u64::from(b));
                    }
                }
            } else {
                let (found, base) = self.searched(z, &list, &mut sc);
                if z == zt {
                    best = best.min(found.dist[goal].saturating_add(base));
                }
                let last_block = self.last(z);
                for (p, v) in ports.iter_mut().zip((0..n).chain(last_block..last_block + n)) {
                    *p = found.dist[v].saturating_add(base);
                }
            }
            // Kept for the next zone with seeds (its allocation).
            list.clear();
            pending.pool.push(list);
            match &ends[z] {
                Some(e) => self.read_known(z, e, 0, &mut known),
                None => known.fill(u64::MAX),
            }
            for ((o, &d), better) in known.iter_mut().zip(&ports).zip(improved.iter_mut()) {
                *better = d < *o;
                *o = (*o).min(d);
            }
            ends[z] = Some(Known::Ends(Ends::new(&known)));
            for (side, info) in self.sides(z).into_iter().enumerate() {
                let Some((_, core, part, nz, to)) = info else {
                    continue;
                };
                let mine = &improved[side * n..(side + 1) * n];
                if !mine.contains(&true) {
                    continue;
                }
                let known = &known[side * n..(side + 1) * n];
                // (A neighbour a chain step carried on keeps its end blocks' distances whole
                // from now on: the trace reads a chained zone's seeds only where the neighbour
                // they came from has its distances as when it seeded them.)
                if let Some(chained @ Known::Chained(_)) = &ends[nz] {
                    let mut all = vec![u64::MAX; 2 * n];
                    self.read_known(nz, chained, 0, &mut all);
                    ends[nz] = Some(Known::Ends(Ends::new(&all)));
                }
                let there = if let Some(e) = &ends[nz] {
                    self.read_known(nz, e, (1 - side) * n, &mut there[..n]);
                    Some(&there[..n])
                } else {
                    None
                };
                // Seeds the neighbour has as near already are not carried (mostly the way
                // back across a core just crossed).
                if !self.may_carry(
                    core,
                    part,
                    known,
                    |u| mine[u],
                    |v| there.map_or(best, |k| k[v].min(best)),
                ) {
                    continue;
                }
                // Seeds from one side alone bring it nothing back where no way does (known
                // once per shape, side and core index).
                if rows && !from[1 - side] && self.no_return(z, side) {
                    continue;
                }
                self.carry(core, part, known, |u| mine[u], &mut next);
                pending.seed((nz, to), &next, there, best);
            }
        }
        Swept { ends, best, ahead: 0 }
    }

    /// A seed of zone `z` (answered by rows, so neither the start's nor the target's) whose
    /// row reaches its end-block node `at` as soon as the sweep did (`at_dist`), from the
    /// sweep's distances: an end-block node `v` facing a neighbour, with `ends[z][v] +
    /// row_v[at] = at_dist`, that a crossing from the neighbour's distances reaches as soon
    /// as `ends[z][v]`. The seed a shortest route to `at` last entered the zone by is one
    /// (its seed is at least `ends[z][v]`, and no less: the row's sum is at least `at_dist`),
    /// so `None` only where the sweep's distances miss it. O(n) per node, O(n) more per node
    /// passing the first test.
    fn entered(
        &self,
        z: usize,
        at: usize,
        at_dist: u64,
        ends: &[Option<Known>],
        sc: &mut Scratch,
    ) -> Option<(u32, u64)> {
        let n = self.model.n();
        let port = self.port(z, at);
        let mut here = [u64::MAX; MAX_NODES];
        let mut there = [u64::MAX; MAX_NODES];
        let mine = ends[z].as_ref()?;
        for (side, info) in self.sides(z).into_iter().enumerate() {
            let Some((first, core, _, nz, _)) = info else {
                continue;
            };
            let Some(e) = &ends[nz] else {
                continue;
            };
            self.read_known(z, mine, side * n, &mut here[..n]);
            self.read_known(nz, e, (1 - side) * n, &mut there[..n]);
            let out = &there[..n];
            let core = &self.cores[core];
            let kind = &self.kinds[core.kind];
            let (t, add) = kind.at(core.m);
            let cross = if side == 0 { &t.lr } else { &t.rl };
            let rows = self.rows(z, side);
            for v in 0..n {
                let d = here[v];
                if d == u64::MAX {
                    continue;
                }
                // The row's entry from the table where it is there, else from its search.
                let w = if rows.tops[v] < u8::MAX {
                    match rows.table[v * 2 * n + port] {
                        u8::MAX => INF,
                        w => u32::from(w),
                    }
                } else {
                    let mut hold = None;
                    self.view(z, (first + v) as u32, sc, &mut hold).get(port)
                };
                if w >= INF || d + u64::from(w) != at_dist {
                    continue;
                }
                let seeded = (0..n).any(|u| {
                    let c = cross[u * n + v];
                    out[u] != u64::MAX && c < INF && out[u] + add + u64::from(c) == d
                });
                if seeded {
                    return Some(((first + v) as u32, d));
                }
            }
        }
        None
    }

    fn trace(&self, start: Coord, t: Coord, swept: &Swept) -> Option<Way> {
        let n = self.model.n();
        let (zs, zt) = (self.zone_of(start.file), self.zone_of(t.file));
        let goal = self.rest(zt, t);
        let first = self.rest(zs, start) as u32;
        let Swept { ends, best, .. } = swept;
        let best = *best;
        let mut sc = Scratch::default();
        // A zone's seeds, again: from its neighbours' end blocks and the start. Every seed
        // nearer than `best` was searched, so these give each zone the distances it had (up
        // to `best`, the ones a route uses).
        // (Those no farther than `bound`: the others lead to no node a route through the zone
        // reaches as soon.)
        let seeds_of = |z: usize, bound: u64| -> Vec<(u32, u64)> {
            let mut list = Vec::new();
            if z == zs {
                list.push((first, 0));
            }
            for (side, info) in self.sides(z).iter().enumerate() {
                // `at`: the zone's first node of that end block.
                let Some((at, core, _, nz, _)) = *info else {
                    continue;
                };
                let Some(e) = &ends[nz] else {
                    continue;
                };
                let mut e_buf = [u64::MAX; MAX_NODES];
                let (from_side, part) = if side == 0 { (1, Part::Lr) } else { (0, Part::Rl) };
                self.read_known(nz, e, from_side * n, &mut e_buf[..n]);
                let out = &e_buf[..n];
                let mut mine_buf = [u64::MAX; MAX_NODES];
                let mine = ends[z].as_ref().map(|e| {
                    self.read_known(z, e, side * n, &mut mine_buf[..n]);
                    &mine_buf[..n]
                });
                let bound = bound.min(best);
                let cap = |v: usize| mine.map_or(bound, |k| k[v].min(bound)).saturating_add(1);
                if !self.may_carry(core, part, out, |_| true, cap) {
                    continue;
                }
                let mut next = vec![u64::MAX; n];
                self.carry(core, part, out, |_| true, &mut next);
                list.extend(
                    next.iter()
                        .enumerate()
                        .filter(|&(v, &d)| d < cap(v))
                        .map(|(v, &d)| ((at + v) as u32, d)),
                );
            }
            list
        };
        let target = best;
        // Traced back: pieces of the route, last first (each made in `piece`), and a
        // neighbour's end-block distances.
        let b = self.model.width;
        let mut route = Backwards::default();
        let mut piece = Built::default();
        let mut there = [u64::MAX; MAX_NODES];
        // The node the route reaches its zone's part at, and its distance.
        let (mut at, mut at_dist) = (goal, best);
        let mut z = zt;
        // Zones traced: after a sixty-fourth of those between the target and the start (at
        // least 256), the route's room is reserved from the squares so far (an eighth more),
        // so that millions of squares are not moved and their memory touched again as the list
        // grows.
        let (span, mut traced) = (zt.abs_diff(zs), 0usize);
        loop {
            traced += 1;
            if traced == (span / 64).max(256) {
                route.expect(traced, span);
            }
            // The zone from one of its seeds to `at` (its nodes, each with how it was reached),
            // and the distance at that seed: from the zone searched again, or (by rows) from the
            // row of the seed that reaches `at` (an end-block node) soonest.
            let mut path: Vec<(usize, Via)> = Vec::new();
            // (`false` for a trail that never ends: it cannot, a shortest path holds no cycle.)
            let trail = |path: &mut Vec<(usize, Via)>, via: &dyn Fn(usize) -> Via| {
                let mut u = at;
                loop {
                    let how = via(u);
                    path.push((u, how));
                    match how {
                        Via::Move(p) | Via::Left(p) | Via::Right(p) => u = p as usize,
                        Via::Seed => break,
                    }
                    if path.len() > self.model.nodes(self.zones[z].width) {
                        return false;
                    }
                }
                path.reverse();
                true
            };
            let want = if self.by_rows(z, [zs, zt]) {
                // A seed whose row reaches `at` as soon as the sweep did (one does: `at` is an
                // end-block node, its distance the least over the seeds): found from the
                // sweep's distances, else among the seeds carried again.
                let entry = match &ends[z] {
                    Some(Known::Chained(c)) if self.entries => self.entered_chained(z, c, at, at_dist),
                    _ => self
                        .entries
                        .then(|| self.entered(z, at, at_dist, ends, &mut sc))
                        .flatten(),
                };
                let (v, d) = if let Some(found) = entry {
                    found
                } else {
                    let port = self.port(z, at);
                    *seeds_of(z, at_dist).iter().find(|&&(v, d)| {
                        let mut hold = None;
                        let w = self.view(z, v, &mut sc, &mut hold).get(port);
                        w < INF && d + u64::from(w) == at_dist
                    })?
                };
                let (side, i) = self.port_side(z, v as usize);
                let rows = self.rows(z, side);
                let ended = if rows.tops[i] < u8::MAX {
                    trail(&mut path, &|u| Self::via_table(rows, i, v as usize, u))
                } else {
                    let row = self.row(z, v, &mut sc);
                    trail(&mut path, &|u| Via::unpack(row.via[u]))
                };
                if !ended || path[0].0 != v as usize {
                    return None;
                }
                d
            } else {
                let (found, base) = self.searched(z, &seeds_of(z, at_dist), &mut sc);
                if !trail(&mut path, &|u| found.via[u]) {
                    return None;
                }
                found.dist[path[0].0] + base
            };
            piece.restart(self.stop(z, path[0].0));
            for w in path.windows(2) {
                let ((from, _), (to, how)) = (w[0], w[1]);
                match how {
                    Via::Move(_) => piece.push(self.stop(z, to)),
                    Via::Left(_) | Via::Right(_) => {
                        let left = matches!(how, Via::Left(_));
                        let core = &self.cores[if left { z } else { z + 1 }];
                        let kind = &self.kinds[core.kind];
                        let m = core.m.min(kind.m1 as u64);
                        let bw = b as i128;
                        let zone = &self.zones[z];
                        let base = if left { 0 } else { self.model.nodes(zone.width - b) };
                        let (a, bb) = (from - base, to - base);
                        if left {
                            let lb = i128::from(zone.start) - bw * (i128::from(m) + 1);
                            self.walk(kind, m, lb, n + a, n + bb, &mut piece)?;
                        } else {
                            let lb = i128::from(zone.start) + (zone.width - b) as i128;
                            self.walk(kind, m, lb, a, bb, &mut piece)?;
                        }
                    }
                    Via::Seed => return None,
                }
            }
            let entry = path[0].0;
            route.add(&piece);
            if z == zs && entry == self.rest(zs, start) {
                break;
            }
            // The crossing that seeded `entry`: from the neighbour on that side.
            let side = usize::from(entry >= n);
            let (to, core_idx, _, pz, _) = self.sides(z)[side]?;
            let (from, _, part, _, _) = self.sides(pz)[1 - side]?;
            let core = &self.cores[core_idx];
            let kind = &self.kinds[core.kind];
            let v = entry - to;
            // The neighbour's node the crossing leaves from: by the distances its searches left
            // at its end block, else (a seed as far as the target, never searched) searched
            // again.
            let leaves = |known: &dyn Fn(usize) -> u64| {
                kind.column(core.m, part, v, n)
                    .enumerate()
                    .map(|(u, w)| (u, known(u), w))
                    .find(|&(_, du, w)| du != u64::MAX && w != u64::MAX && du + w == want)
                    .map(|(u, du, _)| (u, du))
            };
            let chained = match &ends[pz] {
                Some(Known::Chained(c)) if c.side == side => self.left_chained(pz, c, v, want),
                _ => None,
            };
            let (u, du) = if let Some(found) = chained {
                found
            } else if let Some(found) = ends[pz].as_ref().and_then(|e| {
                self.read_known(pz, e, (1 - side) * n, &mut there[..n]);
                leaves(&|u| there[u])
            }) {
                found
            } else {
                let (there, from_base) = self.searched(pz, &seeds_of(pz, best), &mut sc);
                leaves(&|u| there.dist[from + u].saturating_add(from_base))?
            };
            piece.restart(self.stop(pz, from + u));
            let (a, bb) = if part == Part::Lr { (u, n + v) } else { (n + u, v) };
            self.walk(kind, core.m, core.lb, a, bb, &mut piece)?;
            route.add(&piece);
            (at, at_dist, z) = (from + u, du, pz);
        }
        let (waypoints, repeats) = route.finish();
        Some(Way {
            moves: target,
            waypoints,
            lines: false,
            repeats,
            captured: Vec::new(),
        })
    }
}

/// The sweep's seeds not yet searched: per zone its list (reused from a pool: only zones with
/// pending seeds hold one), and the zones queued by their nearest.
struct Pending {
    seeds: Vec<Vec<(u32, u64)>>,
    pool: Vec<Vec<(u32, u64)>>,
    queue: BinaryHeap<Reverse<(u64, usize)>>,
}

impl Pending {
    /// The distances a crossing gives zone `nz`'s end block from its node `to` on (`next`) as
    /// its seeds, those nearer than `best` and than what it has (`there`, once searched); the
    /// zone queued at the nearest. O(n).
    fn seed(&mut self, (nz, to): (usize, usize), next: &[u64], there: Option<&[u64]>, best: u64) {
        let seeds = &mut self.seeds[nz];
        if seeds.capacity() == 0 {
            *seeds = self.pool.pop().unwrap_or_default();
        }
        let mut nearest = u64::MAX;
        for (v, &d) in next.iter().enumerate() {
            if d < best && there.is_none_or(|k| d < k[v]) {
                seeds.push(((to + v) as u32, d));
                nearest = nearest.min(d);
            }
        }
        if nearest != u64::MAX {
            self.queue.push(Reverse((nearest, nz)));
        }
    }
}

/// A route put together from its pieces, last first, in one list kept backwards: a piece
/// that starts at rest repeats the previous piece's last square (every piece but the route's
/// first: it starts on the start square, which is listed).
#[derive(Default)]
struct Backwards {
    squares: Vec<Coord>,
    /// Repeats, each `at` counted from the end of the route.
    repeats: Vec<Repeat>,
    /// Whether the piece added last starts at rest: its first square goes if a piece comes
    /// before it.
    at_rest: bool,
}

impl Backwards {
    /// Room for the squares of `of` zones, as many a zone as the `traced` ones had (an eighth
    /// more). O(1), and the squares so far moved once.
    fn expect(&mut self, traced: usize, of: usize) {
        self.squares.reserve(self.squares.len() / traced * of / 8 * 9);
    }

    /// The piece before those added. O(its squares and repeats).
    fn add(&mut self, piece: &Built) {
        if self.at_rest {
            self.squares.pop();
        }
        // Its square `i` lands `base + len - 1 - i` from the end (its first, if it goes, where
        // the next piece puts its last: the same square).
        let (base, len) = (self.squares.len(), piece.squares.len());
        self.repeats.extend(piece.repeats.iter().rev().map(|r| Repeat {
            at: base + len - 1 - r.at,
            ..*r
        }));
        self.squares.extend(piece.squares.iter().rev());
        self.at_rest = piece.starts_at_rest;
    }

    /// The route's squares and repeats, forward. O(squares + repeats).
    fn finish(mut self) -> (Vec<Coord>, Vec<Repeat>) {
        self.squares.reverse();
        self.repeats.reverse();
        let last = self.squares.len() - 1;
        for r in &mut self.repeats {
            r.at = last - r.at;
        }
        (self.squares, self.repeats)
    }
}

/// The sweep's distances: per zone reached, what it knows of its end blocks' distances, and
/// the target's.
struct Swept {
    ends: Vec<Option<Known>>,
    best: u64,
    /// Chain steps taken from the other thread ([`Engine::forward`]).
    ahead: usize,
}

/// What the sweep knows of a zone reached: its end blocks' distances, or what a chain step
/// kept ([`Chained`]), from which its rows give those distances ([`Engine::read_known`]).
enum Known {
    Ends(Ends),
    Chained(Chained),
}

/// What a chain step keeps of a zone by rows whose seeds all came from one side (module
/// docs, *Chains*): the seeds at that side's end block, then the far end block's distances,
/// from `base` in bytes (`u8::MAX` for none).
struct Chained {
    side: usize,
    base: u64,
    kept: Box<[u8]>,
}

/// A zone's `2n` end-block distances (`u64::MAX` for none), kept compactly (a sweep keeps them
/// for every zone it reaches): from their least in 8 bits (`u8::MAX` for none) when their
/// spread fits (most do: a zone is crossed in a few moves), else in 16 bits (`u16::MAX` for
/// none) when it fits, else in full.
enum Ends {
    Tiny(u64, Box<[u8]>),
    Narrow(u64, Box<[u16]>),
    Wide(Box<[u64]>),
}

impl Ends {
    /// O(n).
    fn new(d: &[u64]) -> Self {
        let (low, high) = d
            .iter()
            .filter(|&&x| x != u64::MAX)
            .fold((u64::MAX, 0), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let spread = high.saturating_sub(low);
        if spread < u64::from(u8::MAX) {
            Self::Tiny(
                low,
                d.iter()
                    .map(|&x| if x == u64::MAX { u8::MAX } else { (x - low) as u8 })
                    .collect(),
            )
        } else if spread < u64::from(u16::MAX) {
            Self::Narrow(
                low,
                d.iter()
                    .map(|&x| if x == u64::MAX { u16::MAX } else { (x - low) as u16 })
                    .collect(),
            )
        } else {
            Self::Wide(d.into())
        }
    }

    /// The distances from the `from`-th on into `out` (as many as it holds). O(its length).
    fn read_from(&self, from: usize, out: &mut [u64]) {
        match self {
            Self::Tiny(low, d) => {
                for (o, &x) in out.iter_mut().zip(&d[from..]) {
                    *o = if x == u8::MAX {
                        u64::MAX
                    } else {
                        low + u64::from(x)
                    };
                }
            }
            Self::Narrow(low, d) => {
                for (o, &x) in out.iter_mut().zip(&d[from..]) {
                    *o = if x == u16::MAX {
                        u64::MAX
                    } else {
                        low + u64::from(x)
                    };
                }
            }
            Self::Wide(d) => out.copy_from_slice(&d[from..from + out.len()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Rule;

    /// End distances read back as stored, in 8 or 16 bits or wide (a spread of 2^8 - 1 no
    /// longer fits in 8 bits beside the mark for none, 2^16 - 1 in 16).
    #[test]
    fn ends_read_back_as_stored() {
        for d in [
            vec![u64::MAX; 4],
            vec![7, u64::MAX, 7 + 254, 9],
            vec![7, u64::MAX, 7 + 255, 9],
            vec![7, u64::MAX, 7 + 65534, 9],
            vec![7, u64::MAX, 7 + 65535, 9],
            vec![u64::MAX - 5, 3, u64::MAX, 0],
        ] {
            let mut out = vec![0; d.len()];
            Ends::new(&d).read_from(0, &mut out);
            assert_eq!(out, d);
        }
        assert!(matches!(Ends::new(&[u64::MAX, 1, 255]), Ends::Tiny(..)));
        assert!(matches!(Ends::new(&[0, 255]), Ends::Narrow(..)));
        assert!(matches!(Ends::new(&[1, 65535]), Ends::Narrow(..)));
        assert!(matches!(Ends::new(&[0, 65535]), Ends::Wide(..)));
    }

    /// A bishop's walk across a long core finds its round (it once met its ghost nodes again
    /// on every ride and, starting the search for a round afresh each time, listed every move:
    /// 10^12 files took days). On 8 ranks a bishop gains at most 7 files a move, so from a1
    /// to file `t = 1 + 7k` (k odd: the zigzag ends on rank 8) `k` moves are a lower bound,
    /// and the zigzag makes it.
    #[test]
    fn a_bishops_walk_repeats() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        use crate::path::Mover;
        let strip = Strip::new(8).expect("ranks");
        let kinds = vec![PieceKind::new('K', "K".parse().expect("king"))];
        let king = Placed {
            kind: 0,
            colour: Colour::Black,
            at: Coord::new(500, 3),
        };
        let pos = Position::new(Board::Strip(strip), kinds, vec![king]).expect("position");
        for t in [1_000_000, 7_000_000_008, 1_000_000_000_000_i64] {
            let q = Question {
                mover: Mover {
                    rule: "B".parse().expect("bishop"),
                    colour: Colour::White,
                    at: Coord::new(1, 1),
                    by_square: None,
                },
                target: Target::Square(Coord::new(t, 8)),
                may_capture: Capturable::Nothing,
            };
            let Some(Ok(Answer::Route(Some(way)))) = crossing(&pos, strip, &q, Budget::new(1 << 30)) else {
                panic!("no route to {t}");
            };
            assert_eq!(way.moves, (t as u64 - 1) / 7, "to file {t}");
            assert!(
                way.waypoints.len() < 100,
                "{} squares listed to {t}",
                way.waypoints.len()
            );
        }
    }

    /// One group of pieces (knights, kings, rooks) repeated 30 times on 3 to 5 ranks, a mover
    /// with ghosts, rides or leaps (by `case`), start and target beyond the groups.
    fn repeated_groups(case: usize, next: &mut impl FnMut(u64) -> u64) -> (Position, Strip, Question) {
        groups_apart(case, next, 60, 40, 30)
    }

    /// [`repeated_groups`] with the groups `least + next(spread)` files apart.
    fn groups_apart(
        case: usize,
        next: &mut impl FnMut(u64) -> u64,
        least: i64,
        spread: u64,
        groups: usize,
    ) -> (Position, Strip, Question) {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        use crate::path::Mover;
        let ranks = 3 + next(3);
        let strip = Strip::new(ranks).expect("ranks");
        let kinds = vec![
            PieceKind::new('N', "N".parse().expect("knight")),
            PieceKind::new('K', "K".parse().expect("king")),
            PieceKind::new('R', "R".parse().expect("rook")),
        ];
        let group: Vec<(usize, i64, i64)> = (0..=next(3))
            .map(|_| (next(3) as usize, next(6) as i64, 1 + next(ranks) as i64))
            .collect();
        let mut pieces: Vec<Placed> = Vec::new();
        let mut at = 0;
        for _ in 0..groups {
            at += least + next(spread) as i64;
            for &(kind, f, r) in &group {
                let c = Coord::new(at + f, r);
                if pieces.iter().all(|p| p.at != c) {
                    pieces.push(Placed {
                        kind,
                        colour: Colour::Black,
                        at: c,
                    });
                }
            }
        }
        let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
        let mover = ["Q", "N", "NN", "WnA", "B", "FD"][case % 6];
        let q = Question {
            mover: Mover {
                rule: mover.parse().expect("mover"),
                colour: Colour::White,
                at: Coord::new(-5, 1 + next(ranks) as i64),
                by_square: None,
            },
            target: Target::Square(Coord::new(at + 90, 1 + next(ranks) as i64)),
            may_capture: Capturable::Nothing,
        };
        (pos, strip, q)
    }

    /// The crossing engines (by rows always, chain steps on) of `cases` cases of
    /// [`groups_apart`], the first half 60 to 99 files apart, the others 12 to 41, each
    /// position as `edit` makes it; cases the engine declines are left out.
    fn engines_apart(
        seed: u64,
        cases: usize,
        edit: impl Fn(usize, Position) -> Position,
    ) -> Vec<(usize, Question, Engine)> {
        let mut next = numbers(seed);
        let rows = ByRows::Always {
            small: true,
            carried: false,
            chained: true,
        };
        (0..cases)
            .filter_map(|case| {
                let (least, spread) = if 2 * case < cases { (60, 40) } else { (12, 30) };
                let (pos, strip, q) = groups_apart(case, &mut next, least, spread, 30);
                let pos = edit(case, pos);
                let Some(Ok(engine)) = engine(&pos, strip, &q, Budget::new(1 << 30), rows) else {
                    return None;
                };
                Some((case, q, engine))
            })
            .collect()
    }

    /// A small random number generator for the tests (xorshift), `next(m)` below `m`.
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        }
    }

    /// Zones answered by rows (module docs, *Rows*) give the distances plain zone searches
    /// give (those are checked against the state graph in `tests/path_oracle.rs`), and their
    /// routes are routes of that length. Planted: a row that drops a seed's distance fails
    /// here.
    #[test]
    fn zones_by_rows_are_zones_searched() {
        let mut next = numbers(0x2545_f491_4f6c_dd1d);
        let mut by_rows = 0;
        for case in 0..24 {
            let (pos, strip, q) = repeated_groups(case, &mut next);
            let mover = q.mover.rule.to_string();
            let Target::Square(target) = q.target else {
                unreachable!("a square")
            };
            let budget = Budget::new(1 << 30);
            let answer = |rows| match crossing_with(&pos, strip, &q, budget, rows) {
                Some(Ok(Answer::Route(way))) => Some(way),
                Some(Err(e)) => panic!("{mover}: {e}"),
                _ => None,
            };
            let Some(plain) = answer(ByRows::Never) else {
                continue;
            };
            by_rows += 1;
            // Rows in bytes and in words, entered where the sweep's distances say or from the
            // seeds carried again.
            for (small, carried, chained) in [
                (true, false, true),
                (false, false, true),
                (true, true, true),
                (true, false, false),
            ] {
                let rows = answer(ByRows::Always {
                    small,
                    carried,
                    chained,
                })
                .unwrap_or_else(|| panic!("{mover}: no answer by rows"));
                let length = |w: &Option<Way>| w.as_ref().map(|w| w.moves);
                assert_eq!(
                    length(&rows),
                    length(&plain),
                    "{mover} on {} ranks, rows in bytes: {small}, seeds carried: {carried}, chain steps: {chained}",
                    strip.ranks()
                );
                // The route by rows: as many moves, each square empty, ending on the target.
                if let Some(w) = rows {
                    let squares = w.squares(usize::MAX);
                    assert_eq!(squares.len() as u64, w.moves + 1, "{mover}: one square a move");
                    assert_eq!(squares.last(), Some(&target));
                    assert!(
                        squares.iter().all(|&c| pos.piece_at(c).is_none()),
                        "{mover}: through a piece"
                    );
                }
            }
        }
        assert!(by_rows >= 12, "the crossing engine answered only {by_rows} cases");
    }

    /// What a chain step keeps reads back as the zone's end-block distances: for every zone a
    /// sweep carried on in a chain step, the distances read from its seeds and far block
    /// equal those of the zone searched plainly (Dijkstra over its nodes, no rows) from the
    /// same seeds. The cases above, groups 60 to 99 and 12 to 41 files apart. Planted: the
    /// seeds' block read one too short where a row's entry exceeds 2, or the far block one
    /// too long, fails here.
    #[test]
    fn chained_zones_read_back_as_searched() {
        let mut compared = 0;
        for (case, q, engine) in engines_apart(0x5851_f42d_4c95_7f2d, 48, |_, pos| pos) {
            let Target::Square(t) = q.target else {
                unreachable!("a square")
            };
            let swept = engine.forward(q.mover.at, t);
            let n = engine.model.n();
            let mut sc = Scratch::default();
            for (z, known) in swept.ends.iter().enumerate() {
                let Some(known @ Known::Chained(c)) = known else {
                    continue;
                };
                let first = if c.side == 0 { 0 } else { engine.last(z) };
                let seeds: Vec<(u32, u64)> = c.kept[..n]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &d)| d < u8::MAX)
                    .map(|(w, &d)| ((first + w) as u32, c.base + u64::from(d)))
                    .collect();
                let (found, base) = engine.searched(z, &seeds, &mut sc);
                let rb = engine.last(z);
                let want: Vec<u64> = (0..n)
                    .chain(rb..rb + n)
                    .map(|v| found.dist[v].saturating_add(base))
                    .collect();
                let mut read = vec![0; 2 * n];
                engine.read_known(z, known, 0, &mut read);
                assert_eq!(read, want, "case {case}, zone {z}");
                // And any part of it alone.
                let mut part = vec![0; n];
                engine.read_known(z, known, n / 2, &mut part);
                assert_eq!(part[..], want[n / 2..n / 2 + n], "case {case}, zone {z}");
                compared += 1;
            }
        }
        assert!(compared >= 300, "only {compared} chained zones compared");
    }

    /// Across a stretch safe on every rank at least `m1` blocks wide nothing comes back
    /// ([`Engine::uniform_back`]): wherever it says so, the zone's rows and the core's entries
    /// say so too. The cases above, the same with groups 12 to 41 files apart (cores of a few
    /// blocks, some near `m1`), every mover also with its rooks removed. (Planted: the rule
    /// for cores narrower than `m1` too passes here, a queen's cores of 7 blocks, `m1` 8,
    /// among them: the bound is the proof's, no case found needs it.)
    /// Tables made ahead on another thread ([`Engine::forward`]) are the tables the sweep makes
    /// in turn: the same routes from the same engines with and without, both with room for
    /// every table and with a cap that leaves some out (the threads then share what room there
    /// is, so only the lengths must agree).
    #[test]
    fn tables_made_ahead_change_nothing() {
        const SEED: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut ahead = 0;
        for cap in [SEARCHES_BYTES, 40_000] {
            // The same cases twice (the generator is seeded): fresh engines, no table made.
            let pairs = engines_apart(SEED, 40, |_, pos| pos)
                .into_iter()
                .zip(engines_apart(SEED, 40, |_, pos| pos));
            for ((case, q, mut with), (_, _, mut without)) in pairs {
                let Target::Square(t) = q.target else {
                    unreachable!("a square")
                };
                let (zs, zt) = (with.zone_of(q.mover.at.file), with.zone_of(t.file));
                (with.searches_cap, without.searches_cap) = (cap, cap);
                without.threads = 1;
                ahead += usize::from(!with.planned(zs, zt).is_empty());
                let made_ahead = with.sweep(q.mover.at, t).expect("an answer");
                let in_turn = without.sweep(q.mover.at, t).expect("an answer");
                let moves = |w: &Option<Way>| w.as_ref().map(|w| w.moves);
                assert_eq!(moves(&made_ahead), moves(&in_turn), "case {case}, cap {cap}");
                if cap == SEARCHES_BYTES {
                    let squares = |w: &Option<Way>| w.as_ref().map(|w| w.squares(usize::MAX));
                    assert_eq!(squares(&made_ahead), squares(&in_turn), "case {case}");
                }
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        assert!(
            cores < 2 || ahead >= 20,
            "tables made ahead in only {ahead} sweeps"
        );
    }

    /// Chain steps made ahead ([`Engine::chain_ahead`]) are taken only where they are the
    /// sweep's own: across 600 groups (enough zones for steps made ahead to meet the sweep's),
    /// rightwards and leftwards, the same routes from a sweep given every step made ahead
    /// first (on this thread: the test does not hang on the threads' timing), from a sweep
    /// with the other thread, and from one alone; and thousands taken.
    #[test]
    fn chain_steps_made_ahead_are_the_sweeps() {
        let mut next = numbers(0xd1b5_4a32_d192_ed03);
        let mut taken = 0;
        for case in 0..16 {
            let (pos, strip, mut q) = groups_apart(case, &mut next, 60, 40, 600);
            let Target::Square(mut t) = q.target else {
                unreachable!("a square")
            };
            if case % 4 == 3 {
                (q.mover.at, t) = (t, q.mover.at);
                q.target = Target::Square(t);
            }
            let start = q.mover.at;
            let route = |engine: &Engine, swept: &Swept| {
                (swept.best < u64::MAX).then(|| {
                    let way = engine.trace(start, t, swept).expect("a route");
                    (way.moves, way.squares(usize::MAX))
                })
            };
            let fresh = |threads| {
                let Some(Ok(mut engine)) = engine(&pos, strip, &q, Budget::new(1 << 30), ByRows::Auto) else {
                    return None;
                };
                engine.threads = threads;
                Some(engine)
            };
            let Some(alone) = fresh(1) else {
                continue;
            };
            let want = route(&alone, &alone.forward(start, t));
            let two = fresh(2).expect("the same engine");
            assert_eq!(
                route(&two, &two.forward(start, t)),
                want,
                "case {case}: two threads"
            );
            // Every step made ahead before the sweep starts.
            let made_first = fresh(1).expect("the same engine");
            let (zs, zt) = (made_first.zone_of(start.file), made_first.zone_of(t.file));
            let (stop, at) = (AtomicBool::new(false), AtomicUsize::new(zs));
            let (send, made) = std::sync::mpsc::channel();
            made_first.chain_ahead([zs, zt], &at, &stop, &send);
            let mut ahead = Ahead {
                made,
                head: None,
                rightwards: zs < zt,
                at: &at,
                stop: &stop,
                taken: 0,
                missed: 0,
            };
            let swept = made_first.sweep_zones(start, t, Some(&mut ahead));
            assert_eq!(route(&made_first, &swept), want, "case {case}: {}", q.mover.rule);
            taken += ahead.taken;
        }
        assert!(taken >= 1000, "only {taken} steps made ahead taken");
    }

    #[test]
    fn uniform_stretches_bring_nothing_back() {
        let (mut checked, mut narrow) = (0, 0);
        let without_rooks = |case: usize, pos: Position| {
            if (case / 6) % 2 == 1 {
                let kinds = pos.kinds().to_vec();
                let pieces = pos.pieces().iter().filter(|p| p.kind != 2).copied().collect();
                Position::new(pos.board(), kinds, pieces).expect("position")
            } else {
                pos
            }
        };
        for (case, _, engine) in engines_apart(0x2545_f491_4f6c_dd1d, 96, without_rooks) {
            for z in 0..engine.zones.len() {
                for side in 0..2 {
                    if engine.sides(z)[side].is_none() || !engine.uniform_back(z, side) {
                        continue;
                    }
                    assert!(
                        engine.no_return_by_rows(z, side),
                        "case {case}, zone {z}, side {side}"
                    );
                    checked += 1;
                    let core = &engine.cores[z + side];
                    narrow += usize::from(core.m < engine.kinds[core.kind].m1 as u64 + 4);
                }
            }
        }
        assert!(
            checked >= 200 && narrow >= 20,
            "{checked} checked, {narrow} narrow"
        );
    }

    /// Routes that must go back across a core through zones answered by rows: one rank
    /// attacked everywhere (black rooks' rays) but in pockets between white pieces in six like
    /// zones, the start and the target both on one side of them, on ranks the pocket rank
    /// separates (a mover that jumps the rooks' files). Case 0: a wazir that also leaps two
    /// files sideways (`WsD`) on three ranks, from rank 1 to rank 3 far left — it goes right to
    /// the first pocket, up, and back, its distance counted by hand; the first pocket zone's
    /// seeds all come from the left, and what it carries back is the route (a zone that
    /// skipped it as bringing nothing back would answer no route). Then random pockets, ranks,
    /// movers and sides (the route going left and back), by rows always, where they pay, and
    /// never: the same distances.
    #[test]
    fn ways_back_through_zones_by_rows() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        use crate::path::Mover;
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        let mut routes = 0;
        for case in 0..40 {
            let ranks = if case == 0 { 3 } else { 3 + next(3) as i64 };
            let strip = Strip::new(ranks as u64).expect("ranks");
            let kinds = vec![
                PieceKind::new('R', "R".parse().expect("rook")),
                PieceKind::new('P', "W".parse().expect("wazir")),
            ];
            let pocket_rank = if case == 0 {
                2
            } else {
                2 + next(ranks as u64 - 2) as i64
            };
            let wide = if case == 0 { 2 } else { 1 + next(3) as i64 };
            let at = |kind, colour, file| Placed {
                kind,
                colour,
                at: Coord::new(file, pocket_rank),
            };
            // A black rook at 0 attacks the pocket rank leftwards for ever; each pocket zone
            // holds two white pieces (the pocket between them) and a black rook attacking the
            // rank on to the next zone.
            let mut pieces = vec![at(0, Colour::Black, 0)];
            for i in 0..6 {
                let x = 10_000 + i * 10_000;
                pieces.extend([
                    at(1, Colour::White, x),
                    at(1, Colour::White, x + wide + 1),
                    at(0, Colour::Black, x + wide + 3),
                ]);
            }
            let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
            let mover = if case == 0 {
                "WsD"
            } else {
                ["WsD", "N", "WsH", "FsD", "WnsD"][next(5) as usize]
            };
            // Both ends left of the pockets, or (mirrored) right of them.
            let below = 1 + next(pocket_rank as u64 - 1) as i64;
            let above = pocket_rank + 1 + next((ranks - pocket_rank) as u64) as i64;
            let shift = |next: &mut dyn FnMut(u64) -> u64| if case == 0 { 0 } else { next(100) as i64 };
            let (mut from, mut to) = (
                Coord::new(-1_000 - shift(&mut next), below),
                Coord::new(-500 + shift(&mut next), above),
            );
            if case % 2 == 1 {
                from.file = 200_000 - from.file;
                to.file = 200_000 - to.file;
            }
            if case > 0 && next(2) == 0 {
                std::mem::swap(&mut from, &mut to);
            }
            let q = Question {
                mover: Mover {
                    rule: mover.parse().expect("mover"),
                    colour: Colour::White,
                    at: from,
                    by_square: None,
                },
                target: Target::Square(to),
                may_capture: Capturable::Nothing,
            };
            let budget = Budget::new(1 << 30);
            let length = |rows| match crossing_with(&pos, strip, &q, budget, rows) {
                Some(Ok(Answer::Route(way))) => Some(way.map(|w| w.moves)),
                Some(Err(e)) => panic!("{mover}: {e}"),
                _ => None,
            };
            let Some(plain) = length(ByRows::Never) else {
                continue;
            };
            if case == 0 {
                // Right on rank 1 to the first pocket (file 10001: 5501 leaps of two files),
                // up two, back on rank 3 (10501 files: 5251 moves, one a wazir's step).
                assert_eq!(plain, Some(5_501 + 2 + 5_251));
            }
            routes += usize::from(plain.is_some());
            for rows in [
                ByRows::Auto,
                ByRows::Always {
                    small: true,
                    carried: false,
                    chained: true,
                },
                ByRows::Always {
                    small: true,
                    carried: false,
                    chained: false,
                },
            ] {
                assert_eq!(
                    length(rows),
                    Some(plain),
                    "case {case}: {mover} from {from:?} to {to:?}"
                );
            }
        }
        assert!(routes >= 15, "only {routes} routes");
    }

    /// A shape's tables (the rows from each end block from one search of the sets of its
    /// nodes) hold each row's distances as the zone searched from that node alone gives them,
    /// and each row's largest; a row left out has a node 255 or more away. Every zone shape of
    /// the cases above, and zones 400 files long a wazir crosses in as many moves. Planted: a
    /// same-side edge's length off by one, or a row with an end-block node 255 away left in
    /// the table (as no path), fails here.
    #[test]
    fn tables_are_rows_searched_alone() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        let (mut compared, mut left_out) = (0, 0);
        for case in 0..26 {
            let (pos, strip, q) = if case < 24 {
                repeated_groups(case, &mut next)
            } else {
                // Kings every 3 files on the top rank of 3, 400 files long, twice: a wazir
                // (or a ferz-less king's file speed) crosses such a zone in 400 moves.
                let strip = Strip::new(3).expect("ranks");
                let pieces = (0..2)
                    .flat_map(|g| (0..134).map(move |i| g * 10_000 + 3 * i))
                    .map(|f| Placed {
                        kind: 0,
                        colour: Colour::Black,
                        at: Coord::new(f, 3),
                    })
                    .collect();
                let kinds = vec![PieceKind::new('K', "K".parse().expect("king"))];
                let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
                let mut q = repeated_groups(0, &mut next).2;
                q.mover.rule = ["W", "WD"][case - 24].parse().expect("mover");
                q.mover.at = Coord::new(-50, 1);
                q.target = Target::Square(Coord::new(30_000, 1));
                (pos, strip, q)
            };
            let Some(Ok(engine)) = engine(
                &pos,
                strip,
                &q,
                Budget::new(1 << 30),
                ByRows::Always {
                    small: true,
                    carried: false,
                    chained: false,
                },
            ) else {
                continue;
            };
            let n = engine.model.n();
            let mut seen = vec![false; engine.shapes.len()];
            let mut sc = Scratch::default();
            for z in 0..engine.zones.len() {
                if std::mem::replace(&mut seen[engine.zones[z].shape as usize], true) {
                    continue;
                }
                let transitions = Transitions::new(&engine, z);
                let tables = [0, 1].map(|side| table(&transitions, side, |_| true).expect("room"));
                let last = engine.last(z);
                let ports: Vec<usize> = (0..n).chain(last..last + n).collect();
                for (p, &from) in ports.iter().enumerate() {
                    // Row `i` of the rows from `p`'s end block.
                    let (rows, i) = (&tables[p / n], p % n);
                    let (table, tops) = (&rows.table, &rows.tops);
                    engine.search(z, &[(from as u32, 0)], &mut sc);
                    let far = sc.dist.iter().any(|&d| (255..u64::MAX).contains(&d));
                    if tops[i] == u8::MAX {
                        assert!(far, "case {case}, zone {z}: row {p} left out");
                        left_out += 1;
                        continue;
                    }
                    // None only for no path: a row with an end-block node 255 or more away
                    // is left out.
                    let want: Vec<u8> = ports
                        .iter()
                        .map(|&to| match sc.dist[to] {
                            d @ 0..255 => d as u8,
                            u64::MAX => u8::MAX,
                            d => panic!("case {case}, zone {z}: row {p} in the table, {d} away"),
                        })
                        .collect();
                    assert_eq!(
                        &table[i * 2 * n..(i + 1) * 2 * n],
                        &want[..],
                        "case {case}, zone {z}: row {p}"
                    );
                    let top = want.iter().copied().filter(|&d| d < u8::MAX).max().unwrap_or(0);
                    assert_eq!(tops[i], top, "case {case}, zone {z}: row {p}'s largest");
                    // Every zone node's distance, and a trail from each back to the row's
                    // node, each transition as long as the distances say.
                    let nodes = sc.dist.len();
                    for (v, &d) in sc.dist.iter().enumerate() {
                        let kept = rows.reach[i * nodes + v];
                        assert_eq!(
                            u64::from(kept),
                            d.min(255),
                            "case {case}, zone {z}: row {p} to {v}"
                        );
                        let mut at = v;
                        while d != u64::MAX && at != from {
                            let how = Engine::via_table(rows, i, from, at);
                            let (Via::Move(u) | Via::Left(u) | Via::Right(u)) = how else {
                                panic!("case {case}, zone {z}: row {p}'s trail to {v} stops at {at}");
                            };
                            let u = u as usize;
                            let mut length = None;
                            Transitions::new(&engine, z).each(u, |x, w, h| {
                                if x == at && h.pack() == how.pack() {
                                    length = Some(length.map_or(w, |l: u32| l.min(w)));
                                }
                            });
                            let w = length.expect("a transition");
                            assert_eq!(sc.dist[u] + u64::from(w), sc.dist[at], "case {case}, zone {z}");
                            at = u;
                        }
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared >= 2000, "only {compared} rows compared");
        assert!(left_out >= 2, "only {left_out} rows left out");
    }

    #[test]
    fn remembered_walks_are_the_walks_made_afresh() {
        for (betza, ranks, safe) in [
            ("N", 3, vec![0b111]),
            ("N", 5, vec![0b11011, 0b11111]),
            ("Q", 4, vec![0b1111]),
            ("NN", 5, vec![0b11111]),
            ("K", 3, vec![0b101, 0b111]),
            ("WnA", 4, vec![0b1111]),
        ] {
            let rule: Rule = betza.parse().expect("betza");
            let steps = rule.steps(Colour::White);
            let model = model(&steps, ranks, safe.len() as i64).expect("a model");
            let kind = Kind::new(&model, safe.clone()).expect("a certificate");
            let n = model.n();
            let engine = Engine {
                model,
                kinds: Vec::new(),
                cores: Vec::new(),
                zones: Vec::new(),
                shapes: Vec::new(),
                searches: Mutex::default(),
                searches_cap: SEARCHES_BYTES,
                tabled: Vec::new(),
                rows: Vec::new(),
                threads: 1,
                rows_bytes: AtomicUsize::default(),
                no_return: Mutex::default(),
                small_rows: true,
                entries: true,
                chained: true,
            };
            let widths = (20..90).chain([1_000_000_007, 1_000_000_008, 77_777_777_777]);
            let mut walks = 0;
            for (a, b) in [(0, n), (n - 1, n + 1), (n, 0), (n + 2, 1)] {
                if engine.model.split(a).2 != 0 || engine.model.split(b % n).2 != 0 {
                    continue;
                }
                for m in widths.clone() {
                    let lb = -3 * i128::from(m);
                    let (x, r, _) = engine.model.split(a % n);
                    let first = lb
                        + if a < n {
                            0
                        } else {
                            (i128::from(m) + 1) * engine.model.width as i128
                        };
                    let stop = (
                        Coord::new(i64::try_from(first).expect("file") + x as i64, r as i64 + 1),
                        0,
                    );
                    let (mut fresh, mut kept) = (Built::default(), Built::default());
                    fresh.restart(stop);
                    kept.restart(stop);
                    let made = engine.walk_raw(&kind, m, lb, a, b, &mut fresh);
                    let again = engine.walk(&kind, m, lb, a, b, &mut kept);
                    assert_eq!(made.is_some(), again.is_some(), "{betza} {m}");
                    assert_eq!(
                        fresh.squares, kept.squares,
                        "{betza} on {ranks} ranks, {m} blocks, {a} to {b}"
                    );
                    assert_eq!(fresh.repeats, kept.repeats, "{betza} {m}");
                    walks += usize::from(made.is_some());
                }
            }
            let kept: usize = lock(&kind.walks).values().map(Vec::len).sum();
            assert!(
                walks > 0 && kept * 4 < walks,
                "{betza}: {kept} walks kept for {walks}"
            );
        }
    }
}
