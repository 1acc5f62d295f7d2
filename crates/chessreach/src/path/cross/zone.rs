//! A zone's graph and its search.
//!
//! A zone's nodes are those of its files ([`super::model`]), numbered file by file; its
//! transitions are the mover's moves between them and, at each end block, the same-side stays
//! in the neighbouring core (that core's `Lb`–`Lb` or `Rb`–`Rb` entries the search uses,
//! [`super::stretch`]) as edges between end-block nodes. The sweep ([`super::sweep`]) searches
//! a zone by Dijkstra's algorithm from the seeds it has.
//!
//! # Remembered searches
//!
//! Zones of one shape (width, squares, neighbouring cores' same-side entries) searched from
//! the same seeds, moved to start at 0, search alike: each such search is made once (up to
//! 64 MB of them).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use super::model::Model;
use super::parts::Shape;
use super::stretch::Sparse;
use super::{lock, Engine};

/// A zone search's distances and parents, from seeds moved to start at 0.
pub(super) struct Searched {
    pub(super) dist: Vec<u64>,
    pub(super) via: Vec<Via>,
}

/// Searches made, by zone shape and seeds, and their bytes.
#[derive(Default)]
pub(super) struct Searches {
    made: HashMap<SearchKey, Arc<Searched>>,
    bytes: usize,
}

/// A search's zone shape and seeds (moved to start at 0, by node, one a node).
#[derive(PartialEq, Eq, Hash)]
struct SearchKey {
    shape: u32,
    seeds: Vec<(u32, u64)>,
}

/// Zone `z`'s transitions (module docs: the mover's moves between its nodes, and same-side
/// stays in the neighbouring cores as edges between end-block nodes), prepared once. Plain
/// data borrowed: a table can be made from it on another thread ([`Engine::rows`](super::Engine::rows)).
pub(super) struct Transitions<'a> {
    pub(super) model: &'a Model,
    width: usize,
    shape: &'a Shape,
    left: &'a Sparse,
    right: &'a Sparse,
}

impl<'a> Transitions<'a> {
    /// Zone `z`'s.
    pub(super) fn new(engine: &'a Engine, z: usize) -> Self {
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
    pub(super) const fn nodes(&self) -> usize {
        self.model.nodes(self.width)
    }

    /// The first node of the zone's last block.
    pub(super) const fn last(&self) -> usize {
        self.model.nodes(self.width - self.model.width)
    }

    /// Each transition out of node `u`: (node, length, how). O(transitions).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "files, ranks and nodes inside a zone are small and non-negative, and zone node indices fit u32"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    pub(super) fn each(&self, u: usize, mut emit: impl FnMut(usize, u32, Via)) {
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

/// A zone search's arrays, kept from one search to the next.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) dist: Vec<u64>,
    pub(super) via: Vec<Via>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

/// How a zone node was reached.
#[derive(Clone, Copy)]
pub(super) enum Via {
    Seed,
    Move(u32),
    /// Through the left core (same side, `Rb`) or the right core (`Lb`).
    Left(u32),
    Right(u32),
}

impl Via {
    /// In one word: the kind in the top two bits, the node below (a zone has fewer than 2^30
    /// nodes: the budget check costs 24 bytes a node).
    pub(super) const fn pack(self) -> u32 {
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

    pub(super) const fn unpack(w: u32) -> Self {
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
    #[expect(clippy::cast_possible_truncation, reason = "zone node indices fit u32")]
    pub(super) fn search(&self, z: usize, seeds: &[(u32, u64)], sc: &mut Scratch) {
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

    /// Zone `z` searched from `seeds`: the distances and parents less the nearest seed's
    /// distance, and that distance. A zone of the same shape searched from the same seeds
    /// (moved to start at 0) is not searched again. O(seeds · log seeds), and a search the
    /// first time.
    pub(super) fn searched(&self, z: usize, seeds: &[(u32, u64)], sc: &mut Scratch) -> (Arc<Searched>, u64) {
        let base = seeds.iter().map(|s| s.1).min().unwrap_or(0);
        let mut moved: Vec<(u32, u64)> = seeds.iter().map(|&(v, d)| (v, d - base)).collect();
        moved.sort_unstable();
        moved.dedup_by_key(|s| s.0);
        let key = SearchKey {
            shape: self.zones[z].shape,
            seeds: moved,
        };
        if let Some(found) = lock(&self.searches).made.get(&key) {
            return (found.clone(), base);
        }
        self.search(z, &key.seeds, sc);
        let found = Arc::new(Searched {
            dist: sc.dist.clone(),
            via: sc.via.clone(),
        });
        let mut searches = lock(&self.searches);
        let bytes = found.dist.len() * 16 + key.seeds.len() * 16;
        if searches.bytes + bytes <= self.searches_cap {
            searches.bytes += bytes;
            searches.made.insert(key, found.clone());
        }
        (found, base)
    }

    /// Zone `z`'s neighbouring cores' edges ([`Kind::sparse`](super::stretch::Kind::sparse)), left and right.
    fn sparse_around(&self, z: usize) -> [&Sparse; 2] {
        [z, z + 1].map(|c| {
            let core = &self.cores[c];
            self.kinds[core.kind].sparse(&self.model, core.m)
        })
    }
}
