//! Mergeable sets of keys: sparse segment trees in one arena (the "segment tree merge"
//! technique). Each set answers how many of its keys fall in a range; merging two sets costs
//! the size of their overlap, so all merges together cost O(k log K) for k insertions over a
//! key space of K.

/// One tree node: children (0: none) and the number of keys present below it, side by side so
/// a visit touches one cache line.
#[derive(Clone, Copy, Default)]
struct Node {
    left: u32,
    right: u32,
    count: u32,
}

/// An arena of sparse segment trees over keys `0..keys`; a set is a root index, 0 is empty.
pub(super) struct Trees {
    keys: u32,
    nodes: Vec<Node>,
}

impl Trees {
    pub(super) fn new(keys: u32) -> Self {
        Self {
            keys: keys.max(1),
            nodes: vec![Node::default()],
        }
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "segment tree nodes are fewer than 2^32 (cells times log cells, within the budget)"
    )]
    fn node(&mut self) -> u32 {
        self.nodes.push(Node::default());
        (self.nodes.len() - 1) as u32
    }

    /// Whether `key` is in the set `root`.
    pub(super) fn contains(&self, root: u32, key: u32) -> bool {
        let (mut t, mut lo, mut hi) = (root, 0, self.keys);
        while t != 0 && hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if key < mid {
                (t, hi) = (self.nodes[t as usize].left, mid);
            } else {
                (t, lo) = (self.nodes[t as usize].right, mid);
            }
        }
        t != 0 && self.nodes[t as usize].count > 0
    }

    /// Adds `key` to the set `root` (returned, as it may be new). One descent, O(log K).
    pub(super) fn insert(&mut self, root: u32, key: u32) -> u32 {
        let root = if root == 0 { self.node() } else { root };
        // The path, for the counts once the key is known to be new (depth <= 32).
        let mut path = [0u32; 33];
        let mut depth = 0;
        let (mut t, mut lo, mut hi) = (root, 0, self.keys);
        loop {
            path[depth] = t;
            depth += 1;
            if hi - lo == 1 {
                break;
            }
            let mid = lo + (hi - lo) / 2;
            let go_left = key < mid;
            let child = if go_left {
                self.nodes[t as usize].left
            } else {
                self.nodes[t as usize].right
            };
            let child = if child == 0 {
                let c = self.node();
                if go_left {
                    self.nodes[t as usize].left = c;
                } else {
                    self.nodes[t as usize].right = c;
                }
                c
            } else {
                child
            };
            if go_left {
                hi = mid;
            } else {
                lo = mid;
            }
            t = child;
        }
        if self.nodes[t as usize].count == 0 {
            for &v in &path[..depth] {
                self.nodes[v as usize].count += 1;
            }
        }
        root
    }

    /// Removes `key` from the set `root`, if there. One descent, O(log K).
    pub(super) fn remove(&mut self, root: u32, key: u32) {
        let mut path = [0u32; 33];
        let mut depth = 0;
        let (mut t, mut lo, mut hi) = (root, 0, self.keys);
        while t != 0 {
            path[depth] = t;
            depth += 1;
            if hi - lo == 1 {
                break;
            }
            let mid = lo + (hi - lo) / 2;
            if key < mid {
                (t, hi) = (self.nodes[t as usize].left, mid);
            } else {
                (t, lo) = (self.nodes[t as usize].right, mid);
            }
        }
        if t == 0 || self.nodes[t as usize].count == 0 {
            return;
        }
        for &v in &path[..depth] {
            self.nodes[v as usize].count -= 1;
        }
    }

    /// The union of two sets; both roots are consumed. O(overlap · log K).
    pub(super) fn merge(&mut self, a: u32, b: u32) -> u32 {
        self.merge_in(a, b, 0, self.keys)
    }

    fn merge_in(&mut self, a: u32, b: u32, lo: u32, hi: u32) -> u32 {
        if a == 0 || b == 0 {
            return a | b;
        }
        if hi - lo == 1 {
            self.nodes[a as usize].count =
                u32::from(self.nodes[a as usize].count > 0 || self.nodes[b as usize].count > 0);
            return a;
        }
        let mid = lo + (hi - lo) / 2;
        let l = self.merge_in(self.nodes[a as usize].left, self.nodes[b as usize].left, lo, mid);
        let r = self.merge_in(
            self.nodes[a as usize].right,
            self.nodes[b as usize].right,
            mid,
            hi,
        );
        self.nodes[a as usize].left = l;
        self.nodes[a as usize].right = r;
        self.nodes[a as usize].count = self.nodes[l as usize].count + self.nodes[r as usize].count;
        a
    }

    /// How many keys of the set `root` lie in `from..to`. O(log K).
    pub(super) fn count(&self, root: u32, from: u32, to: u32) -> u32 {
        self.count_in(root, from, to, 0, self.keys)
    }

    fn count_in(&self, t: u32, from: u32, to: u32, lo: u32, hi: u32) -> u32 {
        if t == 0 || to <= lo || hi <= from {
            return 0;
        }
        if from <= lo && hi <= to {
            return self.nodes[t as usize].count;
        }
        let mid = lo + (hi - lo) / 2;
        self.count_in(self.nodes[t as usize].left, from, to, lo, mid)
            + self.count_in(self.nodes[t as usize].right, from, to, mid, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        #[test]
        fn behaves_like_sets(keys in 1u32..80, ops in proptest::collection::vec((0u8..4, 0usize..4, 0usize..4, 0u32..80, 0u32..80), 0..60)) {
            let mut t = Trees::new(keys);
            let mut roots = [0u32; 4];
            let mut model: [BTreeSet<u32>; 4] = Default::default();
            for (op, i, j, k, k2) in ops {
                let (k, k2) = (k % keys, k2 % keys);
                match op {
                    0 => { roots[i] = t.insert(roots[i], k); model[i].insert(k); }
                    1 => { t.remove(roots[i], k); model[i].remove(&k); }
                    2 if i != j => {
                        roots[i] = t.merge(roots[i], roots[j]);
                        roots[j] = 0;
                        let moved = std::mem::take(&mut model[j]);
                        model[i].extend(moved);
                    }
                    _ => {
                        let (a, b) = (k.min(k2), k.max(k2) + 1);
                        prop_assert_eq!(t.count(roots[i], a, b) as usize, model[i].range(a..b).count());
                        prop_assert_eq!(t.contains(roots[i], k), model[i].contains(&k));
                    }
                }
            }
        }
    }
}
