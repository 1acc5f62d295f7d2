use std::ops::{BitAndAssign, BitOrAssign, SubAssign};

use super::Square;

/// A set of squares of one bounded board: one bit per square.
///
/// The common currency of attacks, routes and reach sets. Set algebra works in place, a word
/// (64 squares) at a time; iteration yields squares in index order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet {
    words: Vec<u64>,
    len: usize,
}

impl SquareSet {
    /// The empty set over a board of `len` squares.
    #[must_use]
    pub fn new(len: usize) -> Self {
        Self {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    /// The set of every square of a board of `len` squares.
    #[must_use]
    pub fn full(len: usize) -> Self {
        let mut s = Self {
            words: vec![u64::MAX; len.div_ceil(64)],
            len,
        };
        s.trim();
        s
    }

    fn trim(&mut self) {
        let extra = self.words.len() * 64 - self.len;
        if extra > 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= u64::MAX >> extra;
            }
        }
    }

    /// The number of squares of the board the set belongs to.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        self.len
    }

    /// Adds `s`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, s: Square) -> bool {
        let (w, b) = (s.index() / 64, s.index() % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] |= 1 << b;
        was == 0
    }

    /// Removes `s`.
    #[inline]
    pub fn remove(&mut self, s: Square) {
        self.words[s.index() / 64] &= !(1 << (s.index() % 64));
    }

    /// Whether `s` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, s: Square) -> bool {
        self.words[s.index() / 64] >> (s.index() % 64) & 1 == 1
    }

    /// Number of squares in the set.
    #[must_use]
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Removes every square.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Whether the two sets share a square.
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The squares of the set, in index order.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "bit positions are below the set's length, a Rect's square count, which fits u32"
    )]
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Square(i as u32 * 64 + b))
            })
        })
    }
}

impl BitOrAssign<&SquareSet> for SquareSet {
    /// Union. Both sets must belong to boards of one size.
    fn bitor_assign(&mut self, rhs: &SquareSet) {
        debug_assert_eq!(self.len, rhs.len);
        self.words.iter_mut().zip(&rhs.words).for_each(|(a, b)| *a |= b);
    }
}

impl BitAndAssign<&SquareSet> for SquareSet {
    /// Intersection.
    fn bitand_assign(&mut self, rhs: &SquareSet) {
        debug_assert_eq!(self.len, rhs.len);
        self.words.iter_mut().zip(&rhs.words).for_each(|(a, b)| *a &= b);
    }
}

impl SubAssign<&SquareSet> for SquareSet {
    /// Difference.
    fn sub_assign(&mut self, rhs: &SquareSet) {
        debug_assert_eq!(self.len, rhs.len);
        self.words.iter_mut().zip(&rhs.words).for_each(|(a, b)| *a &= !b);
    }
}

impl FromIterator<Square> for SquareSet {
    /// Collects squares into a set sized to the largest index seen; prefer
    /// [`SquareSet::new`] + [`SquareSet::insert`] when the board is known.
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let squares: Vec<Square> = iter.into_iter().collect();
        let len = squares.iter().map(|s| s.index() + 1).max().unwrap_or(0);
        let mut set = Self::new(len);
        for s in squares {
            set.insert(s);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        #[test]
        fn algebra_matches_btreeset(
            len in 1usize..300,
            a in proptest::collection::vec(0usize..300, 0..60),
            b in proptest::collection::vec(0usize..300, 0..60),
        ) {
            let a: BTreeSet<usize> = a.into_iter().filter(|&x| x < len).collect();
            let b: BTreeSet<usize> = b.into_iter().filter(|&x| x < len).collect();
            let mk = |s: &BTreeSet<usize>| {
                let mut set = SquareSet::new(len);
                for &x in s { set.insert(Square(u32::try_from(x).expect("below 300"))); }
                set
            };
            let (sa, sb) = (mk(&a), mk(&b));
            let ids = |s: &SquareSet| s.iter().map(Square::index).collect::<Vec<_>>();
            let mut u = sa.clone(); u |= &sb;
            prop_assert_eq!(ids(&u), a.union(&b).copied().collect::<Vec<_>>());
            let mut i = sa.clone(); i &= &sb;
            prop_assert_eq!(ids(&i), a.intersection(&b).copied().collect::<Vec<_>>());
            let mut d = sa.clone(); d -= &sb;
            prop_assert_eq!(ids(&d), a.difference(&b).copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.count(), a.len());
            prop_assert_eq!(sa.intersects(&sb), !a.is_disjoint(&b));
            prop_assert_eq!(SquareSet::full(len).count(), len);
        }
    }
}
