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
//! form a mask (the narrowest integer that holds the ranks: `u8` for 8), spread to the
//! neighbouring columns by two shifts. Jump arrivals wait in a heap until their distance comes
//! up; empty distance ranges are skipped. Building the columns is one sort of the pieces by file
//! and then linear merge walks, O(p log p + C) for p pieces and C explicit columns
//! (C ≤ p · (2·reach + 3)); the search is O(C · ranks) mask operations in the worst case,
//! typically one or two visits per column, plus O(g log g) for g jumps. Memory is linear in C:
//! about 2 masks and a `u32` per column.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "column counts are bounded by the pieces (fewer than 2^32) and rank masks by 64 ranks; file gaps are i64 differences checked for overflow before the casts"
)]
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Shl, Shr};

use thiserror::Error;

use crate::attack::walk::{Surface, WalkSink};
use crate::attack::{Placed, Position};
use crate::geometry::{Board, Coord, Delta};
use crate::piece::{Colour, Motion, Step};

/// Why a strip route question cannot be asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StripRouteError {
    /// A hopper among the pieces: the compression argument does not cover them yet.
    #[error("piece {0} is a hopper: routes on strips do not handle hoppers yet")]
    Hopper(usize),
    /// A piece moving in legs (XBetza): strips refuse them.
    #[error("piece {0} makes {1}: routes on strips do not handle them")]
    Legs(usize, &'static str),
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

/// A set of ranks of one column, one bit per rank (rank 1 in bit 0).
trait Mask:
    Copy
    + Debug
    + Default
    + Ord
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ONE: Self;
    /// Every rank of a strip with `ranks` ranks.
    fn full(ranks: u32) -> Self;
    fn is_empty(self) -> bool {
        self == Self::default()
    }
    fn lowest(self) -> u32;
    fn rank(r: i64) -> Self {
        Self::ONE << (r - 1) as u32
    }
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const ONE: Self = 1;
            fn full(ranks: u32) -> Self {
                if ranks == <$t>::BITS { <$t>::MAX } else { (1 << ranks) - 1 }
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
        }
    )*};
}
mask!(u8, u16, u32, u64);

/// One merged interval of explicit columns.
#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: i64,
    hi: i64,
    /// Dense index of column `lo`.
    base: usize,
}

/// The compressed board.
struct Columns<M> {
    ranks: u32,
    full: M,
    intervals: Vec<Interval>,
    /// Free (not occupied, not attacked) ranks per explicit column.
    free: Vec<M>,
    /// Occupied ranks per explicit column.
    occupied: Vec<M>,
}

impl<M: Mask> Columns<M> {
    fn len(&self) -> usize {
        self.occupied.len()
    }

    /// The dense index of `file`, if explicit. O(log intervals); used for start and target.
    fn index(&self, file: i64) -> Option<usize> {
        let k = self.intervals.partition_point(|iv| iv.hi < file);
        let iv = self.intervals.get(k)?;
        (iv.lo <= file).then(|| iv.base + (file - iv.lo) as usize)
    }

    /// The interval holding column `i`. O(log intervals); the search carries it instead.
    fn interval_of(&self, i: usize) -> usize {
        self.intervals.partition_point(|iv| iv.base <= i) - 1
    }

    /// The file of column `i` of interval `k`.
    fn file(&self, i: usize, k: usize) -> i64 {
        let iv = self.intervals[k];
        iv.lo + (i - iv.base) as i64
    }

    /// Whether column `i` is the first (`right == false`) or last column of its interval `k`:
    /// the next explicit column that way is across a gap.
    #[inline]
    fn at_edge(&self, i: usize, k: usize, right: bool) -> bool {
        let iv = self.intervals[k];
        if right {
            i == iv.base + (iv.hi - iv.lo) as usize
        } else {
            i == iv.base
        }
    }

    /// The file distance across the gap on the `right` (or left) of interval `k`.
    fn gap(&self, k: usize, right: bool) -> u64 {
        if right {
            self.intervals[k + 1].lo.abs_diff(self.intervals[k].hi)
        } else {
            self.intervals[k].lo.abs_diff(self.intervals[k - 1].hi)
        }
    }
}

/// What a hostile piece does on the strip.
#[derive(Clone, Copy, Default)]
struct Reach {
    files: i64,
    rays_left: bool,
    rays_right: bool,
}

fn reach(steps: &[Step], ranks: u32, piece: usize) -> Result<Reach, StripRouteError> {
    let mut r = Reach::default();
    for st in steps.iter().filter(|s| s.can_capture) {
        let range = match st.motion {
            Motion::Hop { .. } => return Err(StripRouteError::Hopper(piece)),
            Motion::Path { path } => return Err(StripRouteError::Legs(piece, path.kind_name())),
            Motion::Leap { .. } => 1,
            Motion::Ride { range, .. } => range,
        };
        let Delta { dx, dy } = st.delta;
        if range == 0 && dy == 0 {
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
        let repeats = if range == 0 {
            i64::from(ranks.saturating_sub(1)) / dy.abs()
        } else {
            i64::from(range)
        };
        r.files = r.files.max(dx.abs().saturating_mul(repeats));
    }
    Ok(r)
}

/// Occupancy seen by the walker: one interval of explicit columns.
struct ZoneSurface<'a, M> {
    ranks: i64,
    occupied: &'a [M],
    iv: Interval,
}

impl<M: Mask> Surface for ZoneSurface<'_, M> {
    fn on_board(&self, c: Coord) -> bool {
        (1..=self.ranks).contains(&c.rank) && (self.iv.lo..=self.iv.hi).contains(&c.file)
    }
    fn occupied(&self, c: Coord) -> bool {
        self.on_board(c)
            && !(self.occupied[self.iv.base + (c.file - self.iv.lo) as usize] & M::rank(c.rank)).is_empty()
    }
    fn unbounded_files(&self) -> bool {
        true
    }
}

struct MarkAttacks<'a, M> {
    iv: Interval,
    blocked: &'a mut [M],
}

impl<M: Mask> WalkSink for MarkAttacks<'_, M> {
    fn square(&mut self, c: Coord) {
        self.blocked[self.iv.base + (c.file - self.iv.lo) as usize] |= M::rank(c.rank);
    }
    fn ray(&mut self, _: Coord, _: Delta, _: Option<Coord>) {
        // Horizontal rays are laid per rank in one sweep (see `lay_rays`).
    }
}

/// Merges zones (given in order of their pieces' files) into sorted disjoint intervals; zones
/// closer than 9 files merge, since jumps need gaps of at least 8 columns.
fn merge(zones: impl Iterator<Item = (i128, i128)>) -> Vec<Interval> {
    let mut stack: Vec<(i128, i128)> = Vec::new();
    for (lo, hi) in zones {
        stack.push((lo, hi));
        // A zone wider than its neighbours' may reach back over earlier intervals.
        while stack.len() >= 2 {
            let (b_lo, b_hi) = stack[stack.len() - 1];
            let (a_lo, a_hi) = stack[stack.len() - 2];
            if b_lo <= a_hi + 9 && a_lo <= b_hi + 9 {
                stack.pop();
                let last = stack.len() - 1;
                stack[last] = (a_lo.min(b_lo), a_hi.max(b_hi));
            } else {
                break;
            }
        }
    }
    let (min, max) = (i128::from(i64::MIN), i128::from(i64::MAX));
    let mut base = 0usize;
    stack
        .into_iter()
        .map(|(lo, hi)| {
            let (lo, hi) = (lo.max(min) as i64, hi.min(max) as i64);
            let iv = Interval { lo, hi, base };
            base += (hi - lo) as usize + 1;
            iv
        })
        .collect()
}

/// Builds the compressed board for hostile pieces of `enemy` (all pieces block).
/// A piece or an extra square in file order, with what the columns need of it (read in file
/// order, not the pieces' order).
#[derive(Clone, Copy)]
struct Entry {
    file: i64,
    /// Its reach in files (0 for an extra square or a friendly piece).
    reach: i64,
    /// The piece's index; extra squares past the pieces.
    index: u32,
    kind: u32,
    /// 0 for an extra square.
    rank: u16,
    enemy: bool,
}

fn build<M: Mask>(
    pos: &Position,
    ranks: u32,
    enemy: Colour,
    extra: &[Coord],
) -> Result<Columns<M>, StripRouteError> {
    let pieces = pos.pieces();
    // Reaches per kind (the enemy's), told per piece.
    let mut reaches = vec![Reach::default(); pieces.len()];
    let mut by_kind: Vec<Option<Reach>> = Vec::new();
    for (i, p) in pieces.iter().enumerate().filter(|(_, p)| p.colour == enemy) {
        if by_kind.len() <= p.kind {
            by_kind.resize(p.kind + 1, None);
        }
        reaches[i] = match by_kind[p.kind] {
            Some(r) => r,
            None => *by_kind[p.kind].insert(reach(pos.steps_of(i), ranks, i)?),
        };
    }
    // Pieces (by value: read in file order, not the pieces' order) and the extra squares in
    // file order; extras carry indices past the pieces.
    let mut order: Vec<Entry> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Entry {
            file: p.at.file,
            reach: reaches[i].files,
            index: i as u32,
            kind: p.kind as u32,
            rank: p.at.rank as u16,
            enemy: p.colour == enemy,
        })
        .collect();
    order.extend(extra.iter().enumerate().map(|(k, c)| Entry {
        file: c.file,
        reach: 0,
        index: (pieces.len() + k) as u32,
        kind: 0,
        rank: 0,
        enemy: false,
    }));
    order.sort_unstable_by_key(|e| (e.file, e.index));
    let intervals = merge(order.iter().map(
        |&Entry {
             file: x, reach: r, ..
         }| {
            (
                i128::from(x) - i128::from(r) - 1,
                i128::from(x) + i128::from(r) + 1,
            )
        },
    ));
    let n = intervals
        .last()
        .map_or(0, |iv| iv.base + (iv.hi - iv.lo) as usize + 1);
    let mut occupied = vec![M::default(); n];
    // The interval of each entry of `order`, by a merge walk.
    let mut where_: Vec<u32> = Vec::with_capacity(order.len());
    let mut k = 0;
    for e in &order {
        while intervals[k].hi < e.file {
            k += 1;
        }
        where_.push(k as u32);
        if e.rank > 0 {
            let iv = intervals[k];
            occupied[iv.base + (e.file - iv.lo) as usize] |= M::rank(i64::from(e.rank));
        }
    }
    let mut blocked = occupied.clone();
    for (e, &k) in order.iter().zip(&where_) {
        if !e.enemy {
            continue;
        }
        let p = Placed {
            kind: e.kind as usize,
            colour: enemy,
            at: Coord::new(e.file, i64::from(e.rank)),
        };
        let iv = intervals[k as usize];
        let surface = ZoneSurface {
            ranks: i64::from(ranks),
            occupied: &occupied,
            iv,
        };
        let mut sink = MarkAttacks {
            iv,
            blocked: &mut blocked,
        };
        pos.walk_attacks_of(p, &surface, &mut sink);
    }
    let full = M::full(ranks);
    let mut cols = Columns {
        ranks,
        full,
        intervals,
        free: Vec::new(),
        occupied,
    };
    lay_rays(pos, &order, &reaches, enemy, &cols, &mut blocked);
    for b in &mut blocked {
        *b = full & !*b;
    }
    cols.free = blocked;
    Ok(cols)
}

/// Marks the horizontal rider rays: on each rank, the open stretch between two neighbouring
/// pieces is covered when the left one rides right or the right one rides left (and the ends
/// likewise). Pieces come in file order, so each rank is one merge walk over the intervals.
fn lay_rays<M: Mask>(
    pos: &Position,
    order: &[Entry],
    reaches: &[Reach],
    enemy: Colour,
    cols: &Columns<M>,
    blocked: &mut [M],
) {
    let pieces = pos.pieces();
    let riders = |i: usize, right: bool| {
        pieces[i].colour == enemy
            && if right {
                reaches[i].rays_right
            } else {
                reaches[i].rays_left
            }
    };
    if !(0..pieces.len()).any(|i| riders(i, true) || riders(i, false)) {
        return;
    }
    let mut by_rank: Vec<Vec<usize>> = vec![Vec::new(); cols.ranks as usize];
    for e in order.iter().filter(|e| e.rank > 0) {
        by_rank[usize::from(e.rank) - 1].push(e.index as usize);
    }
    let n = cols.len();
    for (r, run) in by_rank.iter().enumerate().filter(|(_, run)| !run.is_empty()) {
        let bit = M::ONE << r as u32;
        // Dense index of the first explicit column with file > a, for increasing a.
        let mut k = 0;
        let mut after = |a: i64| -> usize {
            while k < cols.intervals.len() && cols.intervals[k].hi <= a {
                k += 1;
            }
            cols.intervals
                .get(k)
                .map_or(n, |iv| iv.base + (a + 1).saturating_sub(iv.lo).max(0) as usize)
        };
        let mut cover = |lo: usize, hi: usize| blocked[lo..hi].iter_mut().for_each(|m| *m |= bit);
        let file = |i: usize| pieces[i].at.file;
        // Stretch before the first piece, between neighbours, after the last; the pieces'
        // own squares are occupied anyway.
        if riders(run[0], false) {
            let hi = after(file(run[0]).saturating_sub(1));
            cover(0, hi);
        }
        for w in run.windows(2) {
            let lo = after(file(w[0]));
            let hi = after(file(w[1]).saturating_sub(1));
            if riders(w[0], true) || riders(w[1], false) {
                cover(lo, hi.max(lo));
            }
        }
        let last = run[run.len() - 1];
        if riders(last, true) {
            let lo = after(file(last));
            cover(lo, n);
        }
    }
}

/// All free ranks connected to `m` inside `mask` (the runs of `mask` that `m` touches).
fn closure<M: Mask>(m: M, mask: M) -> M {
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
///
/// # Errors
///
/// [`StripRouteError`] when the position is not on a strip or the start or target is off it or on a piece.
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
    match strip.ranks() {
        0..=8 => route_with::<u8>(pos, strip.ranks(), mover, start, target, want_route),
        9..=16 => route_with::<u16>(pos, strip.ranks(), mover, start, target, want_route),
        17..=32 => route_with::<u32>(pos, strip.ranks(), mover, start, target, want_route),
        _ => route_with::<u64>(pos, strip.ranks(), mover, start, target, want_route),
    }
}

fn route_with<M: Mask>(
    pos: &Position,
    ranks: u32,
    mover: Colour,
    start: Coord,
    target: Coord,
    want_route: bool,
) -> Result<Option<StripRoute>, StripRouteError> {
    let cols = build::<M>(pos, ranks, mover.opponent(), &[start, target])?;
    let s = cols.index(start.file).expect("the start's column is explicit");
    let t = cols.index(target.file).expect("the target's column is explicit");
    let sk = cols.interval_of(s);
    let (sb, tb) = (M::rank(start.rank), M::rank(target.rank));
    if !(cols.occupied[s] & sb).is_empty() {
        return Err(StripRouteError::StartOccupied(start));
    }
    if start == target {
        return Ok(Some(StripRoute {
            moves: 0,
            waypoints: want_route.then(|| vec![start]),
        }));
    }
    if (cols.free[t] & tb).is_empty() {
        return Ok(None);
    }
    let mut search = Search::new(&cols, want_route);
    let Some(length) = search.run(s, sk, sb, t, tb) else {
        return Ok(None);
    };
    let waypoints = want_route.then(|| search.backtrack(t, target.rank, length, start));
    Ok(Some(StripRoute {
        moves: length,
        waypoints,
    }))
}

/// Fewest king moves, or `None` when unreachable. See [`king_route`].
///
/// # Errors
///
/// As [`king_route`].
pub fn king_distance(
    pos: &Position,
    mover: Colour,
    start: Coord,
    target: Coord,
) -> Result<Option<u64>, StripRouteError> {
    Ok(king_route(pos, mover, start, target, false)?.map(|r| r.moves))
}

struct Search<'a, M> {
    cols: &'a Columns<M>,
    settled: Vec<M>,
    /// Distance per (column, rank), kept only when a route is wanted.
    dist: Option<Vec<u64>>,
}

impl<'a, M: Mask> Search<'a, M> {
    fn new(cols: &'a Columns<M>, want_route: bool) -> Self {
        Self {
            cols,
            settled: vec![M::default(); cols.len()],
            dist: want_route.then(|| vec![u64::MAX; cols.len() * cols.ranks as usize]),
        }
    }

    /// Settles the ranks `m` of column `i` at distance `d`; returns the newly settled ones.
    #[inline]
    fn settle(&mut self, i: usize, m: M, d: u64) -> M {
        let new = m & !self.settled[i];
        if !new.is_empty() {
            self.settled[i] |= new;
            if let Some(dist) = &mut self.dist {
                let row = &mut dist[i * self.cols.ranks as usize..];
                let mut bits = new;
                while !bits.is_empty() {
                    let r = bits.lowest();
                    row[r as usize] = d;
                    bits = bits & !(M::ONE << r);
                }
            }
        }
        new
    }

    /// Searches from column `s` (of interval `sk`), ranks `sb`, to column `t`, ranks `tb`.
    /// Frontier entries are (column, its interval, newly reached ranks).
    #[expect(
        clippy::many_single_char_names,
        reason = "ranks, files and masks of the compression argument, named as in its proof"
    )]
    fn run(&mut self, s: usize, sk: usize, sb: M, t: usize, tb: M) -> Option<u64> {
        let cols = self.cols;
        let mut frontier: Vec<(u32, u32, M)> = vec![(s as u32, sk as u32, sb)];
        let mut next: Vec<(u32, u32, M)> = Vec::new();
        let mut jumps: BinaryHeap<Reverse<(u64, u32, u32, M)>> = BinaryHeap::new();
        self.settle(s, sb, 0);
        let mut d = 0u64;
        loop {
            while let Some(&Reverse((at, i, k, m))) = jumps.peek() {
                if at != d {
                    break;
                }
                jumps.pop();
                let new = self.settle(i as usize, m, d);
                if !new.is_empty() {
                    if i as usize == t && !(new & tb).is_empty() {
                        return Some(d);
                    }
                    frontier.push((i, k, new));
                }
            }
            if frontier.is_empty() {
                let Reverse((k, ..)) = *jumps.peek()?;
                d = k;
                continue;
            }
            for &(i, k, m) in &frontier {
                let i = i as usize;
                let spread = (m | m << 1 | m >> 1) & cols.full;
                let mut go = |j: usize, this: &mut Self| {
                    let new = this.settle(j, spread & cols.free[j], d + 1);
                    if !new.is_empty() {
                        next.push((j as u32, k, new));
                    }
                };
                go(i, self);
                for right in [false, true] {
                    let j = if right { i + 1 } else { i.wrapping_sub(1) };
                    if j >= cols.len() {
                        continue;
                    }
                    if cols.at_edge(i, k as usize, right) {
                        // A jump over an empty gap to the next explicit column.
                        let gap = cols.gap(k as usize, right);
                        let to = if right { k + 1 } else { k - 1 };
                        jumps.push(Reverse((
                            d.saturating_add(gap),
                            j as u32,
                            to,
                            closure(m, cols.free[i]),
                        )));
                    } else {
                        go(j, self);
                    }
                }
            }
            if next
                .iter()
                .any(|&(i, _, m)| i as usize == t && !(m & tb).is_empty())
            {
                return Some(d + 1);
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
            d += 1;
        }
    }

    /// Walks back from the target along decreasing distances, as waypoints.
    #[expect(
        clippy::many_single_char_names,
        reason = "ranks, files and masks of the compression argument, named as in its proof"
    )]
    fn backtrack(&self, t: usize, rank: i64, moves: u64, start: Coord) -> Vec<Coord> {
        let cols = self.cols;
        let r = cols.ranks as usize;
        let dist = self.dist.as_ref().expect("distances were kept");
        let at = |i: usize, k: usize| dist[i * r + k];
        let file = |i: usize| cols.file(i, cols.interval_of(i));
        let mut out = vec![Coord::new(file(t), rank)];
        let (mut i, mut k, mut d) = (t, (rank - 1) as usize, moves);
        while d > 0 {
            let mut found = None;
            let iv = cols.interval_of(i);
            'look: for j in [Some(i), i.checked_sub(1), Some(i + 1)] {
                let Some(j) = j.filter(|&j| j < cols.len()) else {
                    continue;
                };
                let step = if j == i || !cols.at_edge(i, iv, j > i) {
                    1
                } else {
                    cols.gap(iv, j > i)
                };
                if step > d {
                    continue;
                }
                for kk in 0..r {
                    let near = if step == 1 {
                        kk.abs_diff(k) <= 1
                    } else {
                        // Across a jump: the same run of the gap's free ranks.
                        !(closure(M::ONE << kk as u32, cols.free[j]) & M::ONE << k as u32).is_empty()
                    };
                    if near && at(j, kk) == d - step && (j != i || kk != k) {
                        found = Some((j, kk, step));
                        break 'look;
                    }
                }
            }
            let (j, kk, step) = found.expect("every settled square has a predecessor one step closer");
            if step > 1 {
                // Through the gap: straight along the rank, then diagonally onto the new rank.
                let (fj, fi) = (file(j), file(i));
                let shift = kk.abs_diff(k) as i64;
                let turn = if fj < fi { fi - shift } else { fi + shift };
                out.push(Coord::new(turn, kk as i64 + 1));
            }
            out.push(Coord::new(file(j), kk as i64 + 1));
            (i, k, d) = (j, kk, d - step);
        }
        out.dedup();
        out.reverse();
        debug_assert_eq!(out[0], start);
        out
    }
}
