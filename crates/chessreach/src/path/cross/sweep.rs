//! The search: zone by zone.
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
//! Zones of a shape many zones share are answered by rows instead of searched
//! ([`super::rows`]), some of them in one chain step ([`super::chain`]); a second thread may
//! work ahead ([`super::ahead`]). Then the route is traced back ([`super::trace`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::ahead::Ahead;
use super::parts::{Ends, Goal, Known, Part, Side, Swept};
use super::rows::RowView;
use super::stretch::DenseRows;
use super::zone::Scratch;
use super::{Engine, INF, MAX_NODES};
use crate::geometry::Coord;
use crate::path::question::Way;

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
    #[expect(clippy::cast_possible_truncation, reason = "zone node indices fit u32")]
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

impl Engine {
    /// Whether a crossing of `core` from `out` (`part` its direction, only the rows `carry`
    /// keeps) may bring some node `v` of the end block it reaches below `cap(v)`: the least
    /// distance it leaves from (at a node with kept edges) plus the shortest kept edge into
    /// `v`, a lower bound. O(n).
    pub(super) fn may_carry(
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
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the 16-bit sums are checked to fit first"
    )]
    pub(super) fn carry(
        &self,
        core: usize,
        part: Part,
        out: &[u64],
        carry: impl Fn(usize) -> bool,
        next: &mut [u64],
    ) {
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
                Some(DenseRows { rows, top }) if du - low < (i16::MAX - top) as u64 => {
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
    #[expect(
        clippy::option_option,
        reason = "the outer None declines (another engine answers), the inner one is no route"
    )]
    pub(super) fn sweep(&self, start: Coord, t: Coord) -> Option<Option<Way>> {
        let swept = self.forward(start, t);
        if swept.best == u64::MAX {
            return Some(None);
        }
        self.trace(start, t, &swept).map(Some)
    }

    /// [`Engine::forward`] on this thread alone.
    pub(super) fn sweep_zones(&self, start: Coord, t: Coord, ahead: Option<&mut Ahead>) -> Swept {
        let zt = self.zone_of(t.file);
        let goal = Goal {
            zone: zt,
            nodes: vec![(self.rest(zt, t), 0)],
        };
        self.sweep_goals(start, std::slice::from_ref(&goal), u64::MAX, None, ahead)
    }

    /// [`Engine::sweep_zones`] to several goals at once, each reached at the least over its
    /// nodes of the node's distance and its extra cost; it stops when no pending seed is
    /// nearer than every goal's distance, or than `cap`, or (`until`) than the distance of
    /// that goal once reached (goals no nearer are not reached, or reached at a distance that
    /// is only an upper bound). Goal zones are searched, never answered by rows.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "zone node indices fit u32, and distances from the base are checked to fit first"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "the sweep follows the module docs step by step"
    )]
    pub(super) fn sweep_goals(
        &self,
        start: Coord,
        goals: &[Goal],
        cap: u64,
        until: Option<usize>,
        mut ahead: Option<&mut Ahead>,
    ) -> Swept {
        let n = self.model.n();
        let zs = self.zone_of(start.file);
        let mut kept = vec![zs];
        kept.extend(goals.iter().map(|g| g.zone));
        let mut reached = vec![(u64::MAX, 0, u64::MAX); goals.len()];
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
        let mut best = cap;
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
            let rows = self.by_rows(z, &kept);
            if let Some(chained) = rows
                .then(|| self.chain_step(z, &list, |z| ends[z].is_some(), &mut next, ahead.as_deref_mut()))
                .flatten()
            {
                // Carried on in one chain step: what it keeps is what the sweep keeps.
                let far = self.sides(z)[1 - chained.side];
                ends[z] = Some(Known::Chained(chained));
                let Side {
                    neighbour: nz,
                    facing: to,
                    ..
                } = far.expect("a chain step's far side");
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
                let mut now = false;
                for (g, r) in goals.iter().zip(reached.iter_mut()).filter(|(g, _)| g.zone == z) {
                    for &(v, extra) in &g.nodes {
                        let d = found.dist[v].saturating_add(base);
                        if d != u64::MAX && d + extra < r.0 {
                            *r = (d + extra, v, d);
                        }
                    }
                    now = true;
                }
                if now {
                    best = reached.iter().map(|r| r.0).max().unwrap_or(u64::MAX).min(cap);
                    if let Some(g) = until {
                        best = best.min(reached[g].0);
                    }
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
                let Some(Side {
                    core,
                    part,
                    neighbour: nz,
                    facing: to,
                    ..
                }) = info
                else {
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
        Swept {
            ends,
            best,
            reached,
            ahead: 0,
        }
    }

    /// Zone `z`'s end-block distances from the `from`-th on into `out` (as many as it takes),
    /// from what the sweep knows of them: kept, or (a chain step's) at the seeds' end block
    /// each the least over the seeds of the seed's distance and its row's entry, at the far
    /// one as kept. O(its length), and O(n²) where it reaches the seeds' block.
    pub(super) fn read_known(&self, z: usize, known: &Known, from: usize, out: &mut [u64]) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
