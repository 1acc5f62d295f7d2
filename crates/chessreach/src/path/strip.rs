//! Shortest safe routes for a king on a strip: a fixed number of ranks, every `i64` file.
//!
//! # Compression, and why it is exact
//!
//! Each hostile piece attacks finitely within `reach` files of its own (a leap's file
//! component times its range, or times `(ranks-1)/|dy|` for a rider that also changes rank);
//! unlimited horizontal riders are the exception and are handled as whole rays per rank. Every
//! piece (and the start and target) gets a *zone* of explicit columns: its reach plus one
//! margin column each side. Zones closer than 9 files merge (the columns between are filled
//! in), so what is left between two explicit columns `a < b` not adjacent is a gap of at least
//! 8 columns in which no piece stands and no finite attack lands. In such a gap every column,
//! and the margin columns `a` and `b` themselves, have one and the same blocked mask `M` (only
//! horizontal rays cover it, and a ray starts or ends only at a piece). Hence:
//!
//! - a king at `(a, r)` reaches `(b, r')` in exactly `b - a` moves when `r` and `r'` lie in the
//!   same run of free ranks of `M`: it needs at least `b - a` moves to change file that much,
//!   and with `b - a >= 9 > ranks - 1 + 2` it has moves to spare to shift rank inside the run;
//!   in a different run it cannot get there at all, since every column between blocks the way;
//! - a detour into the gap that comes back to the same side is never shorter than moving
//!   inside column `a` (same mask), and for the same reason nothing is gained beyond the
//!   outermost explicit columns.
//!
//! So the search runs on explicit columns, with one weighted *jump* per gap, `b - a` long.
//!
//! # Search
//!
//! Breadth-first by distance, a whole column at a time: the ranks newly reached in a column
//! form a mask, spread to the neighbouring columns by two shifts. Jump arrivals wait in a heap
//! until their distance comes up; empty distance ranges are skipped. Building the columns is
//! O(p log p + C) for p pieces and C explicit columns (C ≤ p · (2·reach + 3)); the search is
//! O(C · ranks) mask operations in the worst case, typically one or two visits per column, plus
//! O(g log g) for g jumps. Memory is linear in C.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use thiserror::Error;

use crate::attack::walk::{self, Surface, WalkSink};
use crate::attack::Position;
use crate::geometry::{Board, Coord, Delta};
use crate::piece::{Colour, Step};

/// Why a strip route question cannot be asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StripRouteError {
    /// The position is on a bounded board.
    #[error("the strip router needs a strip board (unbounded files)")]
    NotStrip,
    /// A square off the strip's ranks.
    #[error("{0} is off the strip")]
    OffStrip(Coord),
    /// The king starts on a piece.
    #[error("the king's start {0} is occupied by another piece")]
    StartOccupied(Coord),
    /// A hostile unlimited horizontal rider with a step longer than one file (its attacks on a
    /// rank are periodic, which the compression does not model).
    #[error("hostile piece {0} rides horizontally more than one file per step; strips support unit-step horizontal riders (R, Q, …) only")]
    PeriodicRider(usize),
}

/// The answer: distance and, when asked for, the route as waypoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StripRoute {
    /// Fewest king moves.
    pub moves: u64,
    /// Waypoints from start to target, when a route was asked for: consecutive waypoints are
    /// joined by king moves along one straight line (file, rank or diagonal), one move per file
    /// or rank crossed; long runs through empty stretches are a single leg.
    pub waypoints: Option<Vec<Coord>>,
}

/// One merged interval of explicit columns.
#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: i64,
    hi: i64,
    /// Dense index of column `lo`.
    base: usize,
}

/// The compressed board.
struct Columns {
    ranks: u32,
    full: u64,
    intervals: Vec<Interval>,
    /// Free (not occupied, not attacked) ranks per explicit column.
    free: Vec<u64>,
    /// Occupied ranks per explicit column.
    occupied: Vec<u64>,
    /// Whether each column is the first / last of its interval (bit 0 / bit 1).
    edge: Vec<u8>,
}

impl Columns {
    fn len(&self) -> usize {
        self.occupied.len()
    }

    /// The dense index of `file`, if explicit. O(log intervals).
    fn index(&self, file: i64) -> Option<usize> {
        let k = self.intervals.partition_point(|iv| iv.hi < file);
        let iv = self.intervals.get(k)?;
        (iv.lo <= file).then(|| iv.base + (file - iv.lo) as usize)
    }

    /// The file of a dense index. O(log intervals).
    fn file(&self, i: usize) -> i64 {
        let k = self.intervals.partition_point(|iv| iv.base <= i) - 1;
        let iv = self.intervals[k];
        iv.lo + (i - iv.base) as i64
    }

    /// The file distance from column `i` to the next explicit column on its `right` (or left).
    fn gap(&self, i: usize, right: bool) -> u64 {
        let j = if right { i + 1 } else { i - 1 };
        self.file(i).abs_diff(self.file(j))
    }
}

/// What a hostile piece does on the strip.
struct Reach {
    files: i64,
    rays_left: bool,
    rays_right: bool,
}

fn reach(steps: &[Step], ranks: u32, piece: usize) -> Result<Reach, StripRouteError> {
    let mut r = Reach {
        files: 0,
        rays_left: false,
        rays_right: false,
    };
    for st in steps.iter().filter(|s| s.can_capture) {
        let Delta { dx, dy } = st.delta;
        if st.range == 0 && dy == 0 {
            if dx.abs() != 1 {
                return Err(StripRouteError::PeriodicRider(piece));
            }
            if dx < 0 {
                r.rays_left = true;
            } else {
                r.rays_right = true;
            }
            continue;
        }
        let repeats = if st.range == 0 {
            i64::from(ranks.saturating_sub(1)) / dy.abs()
        } else {
            i64::from(st.range)
        };
        r.files = r.files.max(dx.abs().saturating_mul(repeats));
    }
    Ok(r)
}

/// Occupancy seen by the walker: one interval of explicit columns.
struct ZoneSurface<'a> {
    cols: &'a Columns,
    iv: Interval,
}

impl Surface for ZoneSurface<'_> {
    fn on_board(&self, c: Coord) -> bool {
        (1..=i64::from(self.cols.ranks)).contains(&c.rank) && (self.iv.lo..=self.iv.hi).contains(&c.file)
    }
    fn occupied(&self, c: Coord) -> bool {
        self.on_board(c)
            && self.cols.occupied[self.iv.base + (c.file - self.iv.lo) as usize] >> (c.rank - 1) & 1 == 1
    }
    fn unbounded_files(&self) -> bool {
        true
    }
}

struct MarkAttacks<'a> {
    iv: Interval,
    attacked: &'a mut [u64],
}

impl WalkSink for MarkAttacks<'_> {
    fn square(&mut self, c: Coord) {
        self.attacked[self.iv.base + (c.file - self.iv.lo) as usize] |= 1 << (c.rank - 1);
    }
    fn ray(&mut self, _: Coord, _: Delta, _: Option<Coord>) {
        // Horizontal rays are laid per rank in one sweep (see `lay_rays`).
    }
}

/// Builds the compressed board for hostile pieces of `enemy` (all pieces block).
fn build(pos: &Position, enemy: Colour, extra: &[Coord]) -> Result<Columns, StripRouteError> {
    let Board::Strip(strip) = pos.board() else {
        return Err(StripRouteError::NotStrip);
    };
    let ranks = strip.ranks();
    let full = if ranks == 64 {
        u64::MAX
    } else {
        (1u64 << ranks) - 1
    };
    let mut reaches = Vec::with_capacity(pos.pieces().len());
    let mut zones: Vec<(i128, i128)> = Vec::with_capacity(pos.pieces().len() + extra.len());
    for (i, p) in pos.pieces().iter().enumerate() {
        let r = if p.colour == enemy {
            reach(pos.steps_of(i), ranks, i)?
        } else {
            Reach {
                files: 0,
                rays_left: false,
                rays_right: false,
            }
        };
        let x = i128::from(p.at.file);
        zones.push((x - i128::from(r.files) - 1, x + i128::from(r.files) + 1));
        reaches.push(r);
    }
    zones.extend(
        extra
            .iter()
            .map(|c| (i128::from(c.file) - 1, i128::from(c.file) + 1)),
    );
    let (min, max) = (i128::from(i64::MIN), i128::from(i64::MAX));
    zones.sort_unstable();
    let mut intervals: Vec<Interval> = Vec::new();
    let mut base = 0usize;
    let mut cur: Option<(i128, i128)> = None;
    let mut close = |(lo, hi): (i128, i128), intervals: &mut Vec<Interval>| {
        let (lo, hi) = (lo.max(min) as i64, hi.min(max) as i64);
        intervals.push(Interval { lo, hi, base });
        base += (hi - lo) as usize + 1;
    };
    for (lo, hi) in zones {
        cur = match cur {
            // Gaps of at most 8 columns are filled: jumps need at least 9 files.
            Some((clo, chi)) if lo <= chi + 9 => Some((clo, chi.max(hi))),
            Some(done) => {
                close(done, &mut intervals);
                Some((lo, hi))
            }
            None => Some((lo, hi)),
        };
    }
    if let Some(done) = cur {
        close(done, &mut intervals);
    }
    let n = base;
    let mut cols = Columns {
        ranks,
        full,
        intervals,
        free: Vec::new(),
        occupied: vec![0; n],
        edge: vec![0; n],
    };
    for iv in &cols.intervals {
        cols.edge[iv.base] |= 1;
        cols.edge[iv.base + (iv.hi - iv.lo) as usize] |= 2;
    }
    let mut where_: Vec<usize> = Vec::with_capacity(pos.pieces().len());
    for p in pos.pieces() {
        let k = cols.intervals.partition_point(|iv| iv.hi < p.at.file);
        where_.push(k);
        let iv = cols.intervals[k];
        cols.occupied[iv.base + (p.at.file - iv.lo) as usize] |= 1 << (p.at.rank - 1);
    }
    let mut attacked = vec![0u64; n];
    for (i, p) in pos.pieces().iter().enumerate() {
        if p.colour != enemy {
            continue;
        }
        let iv = cols.intervals[where_[i]];
        let surface = ZoneSurface { cols: &cols, iv };
        let mut sink = MarkAttacks {
            iv,
            attacked: &mut attacked,
        };
        walk::attacks(pos.steps_of(i), p.at, &surface, &mut sink);
    }
    lay_rays(pos, &reaches, enemy, &cols, &mut attacked);
    cols.free = attacked
        .iter()
        .zip(&cols.occupied)
        .map(|(&a, &o)| full & !(a | o))
        .collect();
    Ok(cols)
}

/// Marks the horizontal rider rays: on each rank, the open stretch between two neighbouring
/// pieces is covered when the left one rides right or the right one rides left (and the ends
/// likewise). Laid with XOR toggles and one prefix pass: O(p log p + C).
fn lay_rays(pos: &Position, reaches: &[Reach], enemy: Colour, cols: &Columns, attacked: &mut [u64]) {
    let riders = |i: usize, right: bool| {
        pos.pieces()[i].colour == enemy
            && if right {
                reaches[i].rays_right
            } else {
                reaches[i].rays_left
            }
    };
    if !(0..pos.pieces().len()).any(|i| riders(i, true) || riders(i, false)) {
        return;
    }
    let mut order: Vec<usize> = (0..pos.pieces().len()).collect();
    order.sort_unstable_by_key(|&i| (pos.pieces()[i].at.rank, pos.pieces()[i].at.file));
    let mut toggle = vec![0u64; cols.len() + 1];
    // Dense index range of the explicit columns with files strictly between a and b.
    let span = |a: Option<i64>, b: Option<i64>| -> (usize, usize) {
        let lo = a.map_or(0, |a| {
            let k = cols.intervals.partition_point(|iv| iv.hi <= a);
            cols.intervals.get(k).map_or(cols.len(), |iv| {
                iv.base + (a + 1).saturating_sub(iv.lo).max(0) as usize
            })
        });
        let hi = b.map_or(cols.len(), |b| {
            let k = cols.intervals.partition_point(|iv| iv.hi < b);
            cols.intervals
                .get(k)
                .map_or(cols.len(), |iv| iv.base + b.saturating_sub(iv.lo).max(0) as usize)
        });
        (lo, hi.max(lo))
    };
    for run in order.chunk_by(|&a, &b| pos.pieces()[a].at.rank == pos.pieces()[b].at.rank) {
        let bit = 1u64 << (pos.pieces()[run[0]].at.rank - 1);
        let mut cover = |a: Option<i64>, b: Option<i64>| {
            let (lo, hi) = span(a, b);
            toggle[lo] ^= bit;
            toggle[hi] ^= bit;
        };
        let file = |i: usize| pos.pieces()[i].at.file;
        if riders(run[0], false) {
            cover(None, Some(file(run[0])));
        }
        for w in run.windows(2) {
            if riders(w[0], true) || riders(w[1], false) {
                cover(Some(file(w[0])), Some(file(w[1])));
            }
        }
        let last = run[run.len() - 1];
        if riders(last, true) {
            cover(Some(file(last)), None);
        }
    }
    let mut acc = 0u64;
    for (a, t) in attacked.iter_mut().zip(&toggle) {
        acc ^= t;
        *a |= acc;
    }
}

/// All free ranks connected to `m` inside `mask` (the runs of `mask` that `m` touches).
fn closure(m: u64, mask: u64) -> u64 {
    let mut x = m & mask;
    loop {
        let y = (x | x << 1 | x >> 1) & mask;
        if y == x {
            return x;
        }
        x = y;
    }
}

/// Fewest moves for a king of colour `mover` from `start` to `target` among the pieces of
/// `pos` (hostile pieces attack; every piece blocks), with the route when `want_route`.
///
/// `Ok(None)`: unreachable, which includes a target that is occupied or attacked (unless it is
/// the start). The start may be attacked (the king stands there; it does not enter it).
pub fn king_route(
    pos: &Position,
    mover: Colour,
    start: Coord,
    target: Coord,
    want_route: bool,
) -> Result<Option<StripRoute>, StripRouteError> {
    let Board::Strip(strip) = pos.board() else {
        return Err(StripRouteError::NotStrip);
    };
    for c in [start, target] {
        if !strip.contains(c) {
            return Err(StripRouteError::OffStrip(c));
        }
    }
    let cols = build(pos, mover.opponent(), &[start, target])?;
    let s = cols.index(start.file).expect("the start's column is explicit");
    let t = cols.index(target.file).expect("the target's column is explicit");
    let (sb, tb) = (1u64 << (start.rank - 1), 1u64 << (target.rank - 1));
    if cols.occupied[s] & sb != 0 {
        return Err(StripRouteError::StartOccupied(start));
    }
    if start == target {
        return Ok(Some(StripRoute {
            moves: 0,
            waypoints: want_route.then(|| vec![start]),
        }));
    }
    if cols.free[t] & tb == 0 {
        return Ok(None);
    }
    let mut search = Search::new(&cols, want_route);
    let Some(moves) = search.run(s, sb, t, tb) else {
        return Ok(None);
    };
    let waypoints = want_route.then(|| search.backtrack(t, target.rank, moves, start));
    Ok(Some(StripRoute { moves, waypoints }))
}

/// Fewest king moves, or `None` when unreachable. See [`king_route`].
pub fn king_distance(
    pos: &Position,
    mover: Colour,
    start: Coord,
    target: Coord,
) -> Result<Option<u64>, StripRouteError> {
    Ok(king_route(pos, mover, start, target, false)?.map(|r| r.moves))
}

struct Search<'a> {
    cols: &'a Columns,
    settled: Vec<u64>,
    /// Distance per (column, rank), kept only when a route is wanted.
    dist: Option<Vec<u64>>,
}

impl<'a> Search<'a> {
    fn new(cols: &'a Columns, want_route: bool) -> Self {
        Self {
            cols,
            settled: vec![0; cols.len()],
            dist: want_route.then(|| vec![u64::MAX; cols.len() * cols.ranks as usize]),
        }
    }

    /// Settles the ranks `m` of column `i` at distance `d`; returns the newly settled ones.
    #[inline]
    fn settle(&mut self, i: usize, m: u64, d: u64) -> u64 {
        let new = m & !self.settled[i];
        if new != 0 {
            self.settled[i] |= new;
            if let Some(dist) = &mut self.dist {
                let row = &mut dist[i * self.cols.ranks as usize..];
                let mut bits = new;
                while bits != 0 {
                    row[bits.trailing_zeros() as usize] = d;
                    bits &= bits - 1;
                }
            }
        }
        new
    }

    fn run(&mut self, s: usize, sb: u64, t: usize, tb: u64) -> Option<u64> {
        let cols = self.cols;
        let mut frontier: Vec<(u32, u64)> = vec![(s as u32, sb)];
        let mut next: Vec<(u32, u64)> = Vec::new();
        let mut jumps: BinaryHeap<Reverse<(u64, u32, u64)>> = BinaryHeap::new();
        self.settle(s, sb, 0);
        let mut d = 0u64;
        loop {
            while let Some(&Reverse((k, i, m))) = jumps.peek() {
                if k != d {
                    break;
                }
                jumps.pop();
                let new = self.settle(i as usize, m, d);
                if new != 0 {
                    if i as usize == t && new & tb != 0 {
                        return Some(d);
                    }
                    frontier.push((i, new));
                }
            }
            if frontier.is_empty() {
                let Reverse((k, ..)) = *jumps.peek()?;
                d = k;
                continue;
            }
            for &(i, m) in &frontier {
                let i = i as usize;
                let spread = (m | m << 1 | m >> 1) & cols.full;
                let edge = cols.edge[i];
                let mut go = |j: usize, this: &mut Self| {
                    let new = this.settle(j, spread & cols.free[j], d + 1);
                    if new != 0 {
                        next.push((j as u32, new));
                    }
                };
                go(i, self);
                for right in [false, true] {
                    let at_edge = edge & if right { 2 } else { 1 } != 0;
                    let j = if right { i + 1 } else { i.wrapping_sub(1) };
                    if j >= cols.len() {
                        continue;
                    }
                    if at_edge {
                        // A jump over an empty gap to the next explicit column.
                        let gap = cols.gap(i, right);
                        jumps.push(Reverse((
                            d.saturating_add(gap),
                            j as u32,
                            closure(m, cols.free[i]),
                        )));
                    } else {
                        go(j, self);
                    }
                }
            }
            if next.iter().any(|&(i, m)| i as usize == t && m & tb != 0) {
                return Some(d + 1);
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
            d += 1;
        }
    }

    /// Walks back from the target along decreasing distances, as waypoints.
    fn backtrack(&self, t: usize, rank: i64, moves: u64, start: Coord) -> Vec<Coord> {
        let cols = self.cols;
        let r = cols.ranks as usize;
        let dist = self.dist.as_ref().expect("distances were kept");
        let at = |i: usize, k: usize| dist[i * r + k];
        let mut out = vec![Coord::new(cols.file(t), rank)];
        let (mut i, mut k, mut d) = (t, (rank - 1) as usize, moves);
        while d > 0 {
            let mut found = None;
            'look: for (j, cost) in [(Some(i), 1), (i.checked_sub(1), 0), (Some(i + 1), 0)] {
                let Some(j) = j.filter(|&j| j < cols.len()) else {
                    continue;
                };
                let adjacent = j == i
                    || (if j < i {
                        cols.edge[i] & 1 == 0
                    } else {
                        cols.edge[i] & 2 == 0
                    });
                let step = if cost == 1 || adjacent {
                    1
                } else {
                    cols.gap(i, j > i)
                };
                if step > d {
                    continue;
                }
                for kk in 0..r {
                    let near = if step == 1 {
                        kk.abs_diff(k) <= 1
                    } else {
                        // Across a jump: the same run of the gap's free ranks.
                        closure(1 << kk, cols.free[j]) & 1 << k != 0
                    };
                    if near && at(j, kk) == d - step && (j != i || kk != k) {
                        found = Some((j, kk, step));
                        break 'look;
                    }
                }
            }
            let (j, kk, step) = found.expect("every settled square has a predecessor one step closer");
            if step > 1 {
                // Through the gap: straight along the file, then diagonally onto the rank.
                let (fj, fi) = (cols.file(j), cols.file(i));
                let shift = kk.abs_diff(k) as i64;
                let turn = if fj < fi { fi - shift } else { fi + shift };
                out.push(Coord::new(turn, kk as i64 + 1));
            }
            out.push(Coord::new(cols.file(j), kk as i64 + 1));
            (i, k, d) = (j, kk, d - step);
        }
        out.dedup();
        out.reverse();
        debug_assert_eq!(out[0], start);
        out
    }
}
