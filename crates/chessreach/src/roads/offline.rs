//! Every placement's reach count, offline.
//!
//! Placements are undone in reverse: the board starts full (all q pieces) and each step removes
//! the piece whose count is wanted, so empty regions only ever merge. At the step of piece `i`
//! the board holds pieces `0..i` and piece `i`'s square has just become empty:
//!
//! - **type 3**: union-find over intersections joined by type-3 roads through empty
//!   intersections; the region `R` of the mover's square is what type-3 moves reach (its size
//!   minus the square itself). Each region keeps its *border pieces* (pieces joined to it by a
//!   type-3 road) in a mergeable segment tree keyed by colour and level rank, so "pieces of the
//!   other colour with a level not above mine" is one range count.
//! - **type 2**: union-find along rows and along columns over type-2 roads between empty
//!   intersections, keeping each run's ends; past each end, a piece (if the road goes on) is a
//!   capture candidate.
//! - **type 1**: the four neighbours.
//! - **counted once**: capture candidates are checked against the border set and each other;
//!   type-1 squares against `R`; and the run squares already in `R` are counted directly for
//!   a short run (one `find` per square, at most [`Offline::SHORT_RUN`]), else with a *merge forest*:
//!   every union of regions is a node whose leaves are its intersections, so in the forest's
//!   leaf order each region is an interval, and "squares of `R` in this run" is a 2D range
//!   count answered for all long runs at the end by one Fenwick sweep (skipped when there are
//!   none).
//!
//! Time O((n·m + q) log(n·m + q)), memory O(n·m + q log q); no recursion deeper than the
//! key space's log.

use super::dsu::Dsu;
use super::tree::Trees;
use super::{check, Piece, PlacementError};
use crate::geometry::{EdgeGrid, DIRECTIONS};

/// Per-colour level order: each piece's key (`colour · q + rank`) and each colour's levels.
struct Keys {
    key: Vec<u32>,
    levels: [Vec<i64>; 2],
    q: u32,
}

impl Keys {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn new(pieces: &[Piece]) -> Self {
        let q = pieces.len() as u32;
        let mut key = vec![0; pieces.len()];
        let levels = [0u8, 1].map(|c| {
            let mut idx: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].colour == c).collect();
            idx.sort_unstable_by_key(|&i| (pieces[i].level, i));
            for (rank, &i) in idx.iter().enumerate() {
                key[i] = u32::from(c) * q + rank as u32;
            }
            idx.iter().map(|&i| pieces[i].level).collect()
        });
        Self { key, levels, q }
    }

    /// The key range of the pieces `mover` may capture.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn capturable(&self, mover: &Piece) -> (u32, u32) {
        let other = 1 - mover.colour as usize;
        let below = self.levels[other].partition_point(|&l| l <= mover.level) as u32;
        (other as u32 * self.q, other as u32 * self.q + below)
    }
}

/// Type-3 regions: union-find, the merge forest, and each region's border pieces.
struct Regions {
    dsu: Dsu,
    /// Per set root: its node in the merge forest.
    node: Vec<u32>,
    /// Internal forest nodes (`n + k`): their two children.
    children: Vec<[u32; 2]>,
    /// Per set root: its border pieces.
    border: Vec<u32>,
    trees: Trees,
}

impl Regions {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn new(n: usize, keys: u32) -> Self {
        Self {
            dsu: Dsu::new(n, false),
            node: (0..n as u32).collect(),
            children: Vec::new(),
            border: vec![0; n],
            trees: Trees::new(keys),
        }
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn union(&mut self, a: u32, b: u32) {
        if let Some((r, gone)) = self.dsu.union(a, b) {
            let k = (self.node.len() + self.children.len()) as u32;
            self.children
                .push([self.node[r as usize], self.node[gone as usize]]);
            self.node[r as usize] = k;
            self.border[r as usize] = self
                .trees
                .merge(self.border[r as usize], self.border[gone as usize]);
            self.border[gone as usize] = 0;
        }
    }

    fn add_border(&mut self, cell: u32, key: u32) {
        let r = self.dsu.find(cell) as usize;
        self.border[r] = self.trees.insert(self.border[r], key);
    }

    /// Leaf order of the merge forest: the leaf at each position, and each node's interval of
    /// positions.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn intervals(&self) -> (Vec<u32>, Vec<[u32; 2]>) {
        let n = self.node.len();
        let total = n + self.children.len();
        let mut has_parent = vec![false; total];
        for c in &self.children {
            has_parent[c[0] as usize] = true;
            has_parent[c[1] as usize] = true;
        }
        let mut leaf_at = Vec::with_capacity(n);
        let mut span = vec![[0u32; 2]; total];
        let mut stack: Vec<(u32, bool)> = Vec::new();
        for root in (0..total as u32).filter(|&r| !has_parent[r as usize]) {
            stack.push((root, false));
            while let Some((v, done)) = stack.pop() {
                let vi = v as usize;
                if vi < n {
                    span[vi] = [leaf_at.len() as u32; 2];
                    leaf_at.push(v);
                } else if done {
                    let [a, b] = self.children[vi - n];
                    span[vi] = [span[a as usize][0], span[b as usize][1]];
                } else {
                    let [a, b] = self.children[vi - n];
                    stack.push((v, true));
                    stack.push((b, false));
                    stack.push((a, false));
                }
            }
        }
        (leaf_at, span)
    }
}

/// A placement's count, waiting for the run squares that lie in its region.
struct Pending {
    base: u32,
    node: u32,
    /// Per axis (row, column): the run's first and last intersection.
    runs: [(u32, u32); 2],
}

/// The offline engine: build it on the full board, then [`Offline::counts`].
pub struct Offline<'g> {
    grid: &'g EdgeGrid,
    pieces: &'g [Piece],
    occupant: Vec<u32>,
    keys: Keys,
    regions: Regions,
    runs: [Dsu; 2],
    short_run: u32,
}

impl<'g> Offline<'g> {
    /// Runs of up to this many intersections have their overlap with the region counted on
    /// the spot; longer ones go to the final sweep.
    pub const SHORT_RUN: u32 = 64;

    /// Sets the short-run limit (0: every run goes to the sweep). Both paths give the same
    /// counts; the setting exists so tests can hold each to the brute force.
    #[must_use]
    pub fn with_short_runs(mut self, limit: u32) -> Self {
        self.short_run = limit;
        self
    }

    /// The board with every piece placed: regions, runs and border sets built. O(n·m + q log q).
    ///
    /// # Errors
    ///
    /// As [`crate::roads::check`].
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    pub fn new(grid: &'g EdgeGrid, pieces: &'g [Piece]) -> Result<Self, PlacementError> {
        check(grid, pieces)?;
        let n = grid.len();
        let mut occupant = vec![0u32; n];
        for (i, p) in pieces.iter().enumerate() {
            occupant[p.at] = i as u32 + 1;
        }
        let keys = Keys::new(pieces);
        let mut s = Self {
            grid,
            pieces,
            occupant,
            regions: Regions::new(n, 2 * keys.q),
            keys,
            runs: [Dsu::new(n, true), Dsu::new(n, true)],
            short_run: Self::SHORT_RUN,
        };
        for cell in 0..n {
            if s.occupant[cell] != 0 {
                continue;
            }
            // Right and down only: each road once.
            for d in [1, 3] {
                if let Some((u, 3)) = grid.step(cell, d) {
                    if s.occupant[u] == 0 {
                        s.regions.union(cell as u32, u as u32);
                    }
                }
            }
        }
        // Straight runs are contiguous: chain each maximal run of empty intersections joined
        // by type-2 roads directly, from its first intersection.
        for (axis, d) in [(0, 1), (1, 3)] {
            let step = if axis == 0 { 1 } else { grid.cols() as u32 };
            let mut start = vec![true; n];
            for cell in 0..n {
                if let Some((u, 2)) = grid.step(cell, d) {
                    if s.occupant[cell] == 0 && s.occupant[u] == 0 {
                        start[u] = false;
                    }
                }
            }
            for first in (0..n).filter(|&c| start[c] && s.occupant[c] == 0) {
                let mut last = first;
                while let Some((u, 2)) = grid.step(last, d) {
                    if s.occupant[u] != 0 {
                        break;
                    }
                    last = u;
                }
                if last != first {
                    s.runs[axis].chain(first as u32, last as u32, step);
                }
            }
        }
        for (i, p) in pieces.iter().enumerate() {
            for d in 0..DIRECTIONS.len() {
                if let Some((u, 3)) = grid.step(p.at, d) {
                    if s.occupant[u] == 0 {
                        s.regions.add_border(u as u32, s.keys.key[i]);
                    }
                }
            }
        }
        Ok(s)
    }

    /// Joins two empty intersections along a road of type `t` in direction `d`.
    fn join(&mut self, a: u32, b: u32, d: usize, t: u8) {
        match t {
            3 => self.regions.union(a, b),
            2 => {
                self.runs[d / 2].union(a, b);
            }
            _ => {}
        }
    }

    /// Every placement's count, in placement order.
    #[must_use]
    pub fn counts(mut self) -> Vec<u32> {
        let q = self.pieces.len();
        let mut pending: Vec<Pending> = Vec::with_capacity(q);
        for i in (0..q).rev() {
            pending.push(self.undo(i));
        }
        pending.reverse();
        self.finish(&pending)
    }

    /// Empties piece `i`'s square and counts what it reaches, but for the run squares in its
    /// region.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn undo(&mut self, i: usize) -> Pending {
        let grid = self.grid;
        let mover = self.pieces[i];
        let p = mover.at;
        self.occupant[p] = 0;
        for d in 0..DIRECTIONS.len() {
            if let Some((u, t)) = grid.step(p, d) {
                if self.occupant[u] == 0 {
                    self.join(p as u32, u as u32, d, t);
                }
            }
        }
        let r = self.regions.dsu.find(p as u32);
        let border = self.regions.border[r as usize];
        self.regions.trees.remove(border, self.keys.key[i]);
        for d in 0..DIRECTIONS.len() {
            if let Some((u, 3)) = grid.step(p, d) {
                if self.occupant[u] != 0 {
                    self.regions
                        .add_border(p as u32, self.keys.key[self.occupant[u] as usize - 1]);
                }
            }
        }
        let border = self.regions.border[r as usize];
        let (lo, hi) = self.keys.capturable(&mover);
        let mut count = self.regions.dsu.size(r) - 1 + self.regions.trees.count(border, lo, hi);
        // Capture candidates outside the border set: past the runs' ends, and type-1 neighbours.
        let mut extra: [u32; 8] = [u32::MAX; 8];
        let mut n_extra = 0;
        let consider = |this: &Self, cell: usize, extra: &mut [u32; 8], n: &mut usize| {
            let j = this.occupant[cell] as usize - 1;
            if mover.captures(&this.pieces[j])
                && !this.regions.trees.contains(border, this.keys.key[j])
                && !extra[..*n].contains(&(j as u32))
            {
                extra[*n] = j as u32;
                *n += 1;
            }
        };
        let mut runs = [(p as u32, p as u32); 2];
        for (axis, run) in runs.iter_mut().enumerate() {
            let root = self.runs[axis].find(p as u32);
            *run = self.runs[axis].span(root);
            for (end, d) in [(run.0, 2 * axis), (run.1, 2 * axis + 1)] {
                if let Some((u, 2)) = grid.step(end as usize, d) {
                    consider(self, u, &mut extra, &mut n_extra);
                }
            }
            let step = if axis == 0 { 1 } else { grid.cols() as u32 };
            let len = (run.1 - run.0) / step + 1;
            if len <= self.short_run {
                // Squares of the run outside R, counted now; the run is then settled.
                let (lo, hi) = *run;
                let mut cell = lo;
                while cell <= hi {
                    if self.regions.dsu.find(cell) != r {
                        count += 1;
                    }
                    cell += step;
                }
                *run = (p as u32, p as u32);
            }
        }
        for d in 0..DIRECTIONS.len() {
            if let Some((u, 1)) = grid.step(p, d) {
                if self.occupant[u] != 0 {
                    consider(self, u, &mut extra, &mut n_extra);
                } else if self.regions.dsu.find(u as u32) != r {
                    count += 1;
                }
            }
        }
        Pending {
            base: count + n_extra as u32,
            node: self.regions.node[r as usize],
            runs,
        }
    }

    /// Adds the long runs' squares outside each region, by one sweep over the merge forest's
    /// leaves (short runs were settled on the spot).
    #[expect(
        clippy::many_single_char_names,
        reason = "short mathematical names (coordinates, sizes, indices) read best here"
    )]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "roads grids and placements hold fewer than 2^32 cells and queries (checked by the budget)"
    )]
    fn finish(&self, pending: &[Pending]) -> Vec<u32> {
        if pending.iter().all(|pd| pd.runs.iter().all(|&(lo, hi)| lo == hi)) {
            return pending.iter().map(|pd| pd.base).collect();
        }
        let (rows, cols) = (self.grid.rows() as u32, self.grid.cols() as u32);
        let (leaf_at, span) = self.regions.intervals();
        let n = leaf_at.len();
        // Column-major order makes a column's run a contiguous key range.
        let key = |axis: usize, cell: u32| {
            if axis == 0 {
                cell
            } else {
                (cell % cols) * rows + cell / cols
            }
        };
        // Events: (leaf position, pending index, axis, sign); count = F(last) - F(first - 1).
        let mut events: Vec<(u32, u32, u8, bool)> = Vec::new();
        for (k, pd) in pending.iter().enumerate() {
            let [a, b] = span[pd.node as usize];
            for (axis, &(lo, hi)) in pd.runs.iter().enumerate() {
                if lo != hi {
                    events.push((b, k as u32, axis as u8, true));
                    if a > 0 {
                        events.push((a - 1, k as u32, axis as u8, false));
                    }
                }
            }
        }
        events.sort_unstable_by_key(|e| e.0);
        let mut fenwick = [vec![0u32; n + 1], vec![0u32; n + 1]];
        let mut overlap = vec![[0i64; 2]; pending.len()];
        let mut e = 0;
        // Only an intersection with a type-2 road along an axis can lie in a run of that axis.
        let on_run = |axis: usize, cell: u32| {
            self.grid.edge(cell as usize, 2 * axis) == 2 || self.grid.edge(cell as usize, 2 * axis + 1) == 2
        };
        for (pos, &cell) in leaf_at.iter().enumerate() {
            for (axis, f) in fenwick.iter_mut().enumerate() {
                if !on_run(axis, cell) {
                    continue;
                }
                let mut i = key(axis, cell) as usize + 1;
                while i <= n {
                    f[i] += 1;
                    i += i & i.wrapping_neg();
                }
            }
            while e < events.len() && events[e].0 as usize == pos {
                let (_, k, axis, plus) = events[e];
                let (lo, hi) = pending[k as usize].runs[axis as usize];
                let prefix = |f: &[u32], upto: u32| {
                    let (mut i, mut s) = (upto as usize, 0i64);
                    while i > 0 {
                        s += i64::from(f[i]);
                        i &= i - 1;
                    }
                    s
                };
                let f = &fenwick[axis as usize];
                let inside = prefix(f, key(axis as usize, hi) + 1) - prefix(f, key(axis as usize, lo));
                overlap[k as usize][axis as usize] += if plus { inside } else { -inside };
                e += 1;
            }
        }
        pending
            .iter()
            .zip(&overlap)
            .map(|(pd, ov)| {
                let mut c = i64::from(pd.base);
                for (axis, &(lo, hi)) in pd.runs.iter().enumerate() {
                    if lo != hi {
                        let len = if axis == 0 {
                            hi - lo + 1
                        } else {
                            (hi - lo) / cols + 1
                        };
                        c += i64::from(len) - ov[axis];
                    }
                }
                c as u32
            })
            .collect()
    }
}

/// Every placement's reach count: [`Offline::new`] then [`Offline::counts`].
///
/// # Errors
///
/// As [`crate::roads::check`].
pub fn counts(grid: &EdgeGrid, pieces: &[Piece]) -> Result<Vec<u32>, PlacementError> {
    Ok(Offline::new(grid, pieces)?.counts())
}
