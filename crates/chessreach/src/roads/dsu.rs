//! Union-find over dense indices, with set size and, when asked for, the smallest and largest
//! member.

/// Disjoint sets with union by size and path halving: near-O(1) amortised per operation.
pub(super) struct Dsu {
    parent: Vec<u32>,
    size: Vec<u32>,
    lo: Vec<u32>,
    hi: Vec<u32>,
}

impl Dsu {
    /// `n` singletons; `spans`: keep each set's smallest and largest member.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "roads grids hold fewer than 2^32 cells (checked by the budget)"
    )]
    pub(super) fn new(n: usize, spans: bool) -> Self {
        let ids = || {
            if spans {
                (0..n as u32).collect()
            } else {
                Vec::new()
            }
        };
        Self {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
            lo: ids(),
            hi: ids(),
        }
    }

    #[inline]
    pub(super) fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = self.parent[x as usize];
        }
        x
    }

    /// Joins the sets of `a` and `b`; returns `(new root, absorbed root)` if they differed.
    pub(super) fn union(&mut self, a: u32, b: u32) -> Option<(u32, u32)> {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        if self.size[ra as usize] < self.size[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        self.size[ra as usize] += self.size[rb as usize];
        if !self.lo.is_empty() {
            self.lo[ra as usize] = self.lo[ra as usize].min(self.lo[rb as usize]);
            self.hi[ra as usize] = self.hi[ra as usize].max(self.hi[rb as usize]);
        }
        Some((ra, rb))
    }

    /// Makes `first, first+step, …, last` (all singletons still) one set rooted at `first`, in
    /// one pass: how the initial straight runs, contiguous by nature, are built.
    pub(super) fn chain(&mut self, first: u32, last: u32, step: u32) {
        let mut x = first + step;
        while x <= last {
            self.parent[x as usize] = first;
            x += step;
        }
        self.size[first as usize] = (last - first) / step + 1;
        if !self.lo.is_empty() {
            self.lo[first as usize] = first;
            self.hi[first as usize] = last;
        }
    }

    /// Size of the set whose root is `r`.
    pub(super) fn size(&self, r: u32) -> u32 {
        self.size[r as usize]
    }

    /// Smallest and largest member of the set whose root is `r`.
    pub(super) fn span(&self, r: u32) -> (u32, u32) {
        (self.lo[r as usize], self.hi[r as usize])
    }
}
