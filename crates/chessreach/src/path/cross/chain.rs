//! Chain steps.
//!
//! A zone by rows reached for the first time, all of whose seeds came from one side, that sends
//! nothing back there ([`super::rows`]) and whose neighbour across the other side's core is not
//! reached yet, is carried on in one *chain step*: its seeds, nearest first, each skipped where
//! those before it reach its node as soon by their rows (rows obey the triangle inequality), give
//! the distances at its far end block (the rows' second halves, in saturating bytes from the least
//! seed), and those cross the core over the kept crossing edges (in bytes, each row over the span
//! of nodes it keeps edges to) to the neighbour's seeds. This is what the sweep does for such a
//! zone but for the carry back it skips and the end block's distances it does not make: the zone
//! keeps its seeds and the far block's distances alone (`2n` bytes), and its near block's
//! distances are read from them by its rows when anything asks (a later seed, a neighbour carrying
//! in, which then keeps them whole: the seeds are kept only while the neighbour they came from has
//! not changed its distances since). Where a byte could overflow (the seeds' spread, the rows' and
//! the crossing's longest entries summing to 255 or more) the zone is answered as before.
//!
//! A route through a chained zone is traced in `O(n)` ([`super::trace`]).

use super::ahead::Ahead;
use super::parts::{Chained, Part, Side};
use super::{Engine, MAX_NODES};

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

impl Engine {
    /// Zone `z` (by rows, reached for the first time) from `list`, its seeds, in one chain
    /// step (module docs) where it can be: all seeds from one side, the neighbour
    /// across the other side's core not reached yet, nothing to carry back
    /// ([`Engine::no_return`]), the seeds' rows in the table, and their spread, the rows and
    /// the crossing within a byte. Then the distances the crossing gives that neighbour's
    /// facing block go into `next`, and what to keep comes back. `reached` tells the zones the
    /// sweep has reached; a step made `ahead` for this zone from the same seeds (from their
    /// least) is taken instead of made ([`ahead`](super::ahead) docs). O(n) per seed those before
    /// it do not reach as soon, O(1) for the others, O(n²) for the crossing, in vectorised byte
    /// steps; O(n) for a step taken.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "node indices are below MAX_NODES and byte distances are checked below u8::MAX"
    )]
    pub(super) fn chain_step(
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
        if !self.tuning.chain_steps
            || reached(z)
            || list.iter().any(|s| !(first..first + n).contains(&(s.0 as usize)))
        {
            return None;
        }
        let Side {
            core,
            part,
            neighbour: nz,
            ..
        } = self.sides(z)[1 - side]?;
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
}

#[cfg(test)]
mod tests {
    use super::super::cases::engines_apart;
    use super::super::parts::Known;
    use super::super::zone::Scratch;
    use crate::path::question::Target;

    /// What a chain step keeps reads back as the zone's end-block distances: for every zone a
    /// sweep carried on in a chain step, the distances read from its seeds and far block
    /// equal those of the zone searched plainly (Dijkstra over its nodes, no rows) from the
    /// same seeds. The cases above, groups 60 to 99 and 12 to 41 files apart. Planted: the
    /// seeds' block read one too short where a row's entry exceeds 2, or the far block one
    /// too long, fails here.
    #[test]
    #[expect(clippy::cast_possible_truncation, reason = "zone node indices fit u32")]
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
}
