//! A kind of stretch: its columns' safe ranks, its transfer matrices `T_0 ..` up to a
//! certificate ([`super::minplus`]), read for a core of any width as a stored matrix and the
//! crossing entries' added `k·c`, and the entries of those matrices a zone search uses.
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

use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::FxHashMap as HashMap;

use super::minplus::{close, min_with, periodic, zero_one, Periodic, Transfer};
use super::model::Model;
use super::parts::{Part, Walked};
use super::{lock, INF};

/// One kind of stretch: its columns' safe ranks, `T_0 ..` up to a certificate.
pub(super) struct Kind {
    /// Per file of a period (from a multiple of `P`): the safe ranks.
    pub(super) safe: Vec<u64>,
    pub(super) seq: Vec<Transfer>,
    pub(super) m1: usize,
    pub(super) p: usize,
    c: u64,
    /// Closures over a block inside a core, by blocks to each end ([`Kind::closure`]).
    closures: Mutex<Closures>,
    /// Distances from a block inside a core to an end node ([`Kind::to_end`]).
    to_end: Mutex<ToEnd>,
    /// Walks made across cores of this kind, by their end nodes ([`Engine::walk`](super::Engine::walk)).
    pub(super) walks: Mutex<HashMap<(usize, usize), Vec<Walked>>>,
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
pub(super) struct Sparse {
    pub(super) ll: Edges,
    pub(super) rr: Edges,
    pub(super) lr: Edges,
    pub(super) rl: Edges,
    /// Per node, the shortest kept crossing edge into it (`INF` for none): `lr`, `rl`.
    pub(super) least_into: [Vec<u32>; 2],
    /// The kept crossing edges as dense rows of 16-bit lengths, where every length is below
    /// 2^14: `lr`, `rl`.
    pub(super) dense: [Option<DenseRows>; 2],
    /// The same in bytes, where every length is below `u8::MAX`: `lr`, `rl`.
    pub(super) bytes: [Option<ByteRows>; 2],
    /// The whole crossing matrices by columns (`v`'s entries from every `u` together, `INF`
    /// for none), to trace a route out of a chained zone: `lr`, `rl`.
    pub(super) columns: [Vec<u32>; 2],
}

/// Kept crossing edges as dense `n × n` rows of 16-bit lengths (`i16::MAX` for none), and the
/// longest.
pub(super) struct DenseRows {
    pub(super) rows: Vec<i16>,
    pub(super) top: i16,
}

/// Kept crossing edges as dense `n × n` rows of byte lengths (`u8::MAX` for none), the
/// longest, and per row the span of nodes it keeps edges to (empty for none).
pub(super) struct ByteRows {
    pub(super) rows: Vec<u8>,
    pub(super) top: u8,
    pub(super) span: Vec<std::ops::Range<usize>>,
}

impl Sparse {
    /// O(n³).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "node indices are below MAX_NODES, and byte lengths are checked below u8::MAX"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "both kinds of entries follow the module docs, *Fewer edges*, step by step"
    )]
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
        let dense = |edges: &Edges| -> Option<DenseRows> {
            let mut rows = vec![i16::MAX; n * n];
            let mut top = 0;
            for (u, out) in edges.iter().enumerate() {
                for &(v, w) in out {
                    let w = i16::try_from(w).ok().filter(|&w| w < i16::MAX / 2)?;
                    rows[u * n + v as usize] = w;
                    top = top.max(w);
                }
            }
            Some(DenseRows { rows, top })
        };
        let bytes = |dense: &Option<DenseRows>, edges: &Edges| {
            let DenseRows { rows, top } = dense.as_ref()?;
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

/// Closures over a block by blocks to each end, shared.
type Closures = HashMap<(u64, u64), Arc<Vec<u32>>>;

/// Distances from a block to an end node ([`Kind::to_end`]), shared.
type ToEnd = HashMap<EndKey, Arc<Vec<u32>>>;

/// What a block's distances to an end node depend on: its closure (its blocks to each end,
/// up to `m1`), the index in the sequence the crossing reads, and the end node.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct EndKey {
    left: u64,
    right: u64,
    index: usize,
    to_right: bool,
    node: usize,
}

/// Blocks of a core that never ends (a half-infinite stretch).
pub(super) const ENDLESS: u64 = u64::MAX;

impl Kind {
    /// The kind of stretch with these safe ranks per file, its sequence iterated to a
    /// certificate; `None` without one. O(n²·moves + 7n³ per step).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "files and ranks of two blocks are small and non-negative"
    )]
    pub(super) fn new(model: &Model, safe: Vec<u64>) -> Option<Self> {
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
        let Periodic { seq, m1, p, c } = periodic(&t0, n)?;
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
    pub(super) fn to_end(&self, left: u64, right: u64, to_right: bool, bi: usize) -> Arc<Vec<u32>> {
        let across = if to_right { right } else { left };
        let index = self.index(across).0;
        let key = EndKey {
            left: left.min(self.m1 as u64),
            right: right.min(self.m1 as u64),
            index,
            to_right,
            node: bi,
        };
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
    pub(super) fn at(&self, m: u64) -> (&Transfer, u64) {
        let (i, add) = self.index(m);
        (&self.seq[i], add)
    }

    /// The index in the sequence a core of `m` blocks reads, and the crossing entries' added
    /// `k·c`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the index is below the sequence's length"
    )]
    pub(super) fn index(&self, m: u64) -> (usize, u64) {
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
    pub(super) fn sparse(&self, model: &Model, m: u64) -> &Sparse {
        let i = self.index(m).0;
        self.sparse[i].get_or_init(|| Sparse::new(model, &self.seq[i], &self.inside))
    }

    /// Column `j` of `part` for a core of `m` blocks: its entries `(i, j)` for every `i`
    /// (`u64::MAX` for none). O(n).
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    pub(super) fn column(&self, m: u64, part: Part, j: usize, n: usize) -> impl Iterator<Item = u64> + '_ {
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
