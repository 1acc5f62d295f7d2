#![expect(
    clippy::cast_possible_truncation,
    reason = "leap components are at most Atom::MAX_LEAP (2^20)"
)]
use crate::geometry::Delta;

/// A symmetric leap `(a, b)` with `a >= b >= 0`, `a > 0`: the 4 or 8 moves `(±a, ±b)`, `(±b, ±a)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    a: u32,
    b: u32,
}

/// How many distinct images an atom has, which decides what direction letters mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// `(a, 0)`: four moves along files and ranks (`W`, `D`, `H`).
    Orthogonal,
    /// `(a, a)`: four diagonal moves (`F`, `A`, `G`).
    Diagonal,
    /// `(a, b)`, `a != b`, `b > 0`: eight moves (`N`, `C`, `Z`).
    Oblique,
}

/// Named atoms of Betza notation, in the conventional order.
pub(crate) const LETTERS: [(char, u32, u32); 9] = [
    ('W', 1, 0),
    ('F', 1, 1),
    ('D', 2, 0),
    ('N', 2, 1),
    ('A', 2, 2),
    ('H', 3, 0),
    ('C', 3, 1),
    ('Z', 3, 2),
    ('G', 3, 3),
];

impl Atom {
    /// The largest leap component accepted, so that sums of leaps never overflow.
    pub const MAX_LEAP: u32 = 1 << 20;

    /// The atom of leap `(x, y)` in any order and sign; `None` for `(0, 0)` or a component
    /// above [`Atom::MAX_LEAP`].
    #[must_use]
    pub fn new(x: i64, y: i64) -> Option<Self> {
        let (x, y) = (x.unsigned_abs(), y.unsigned_abs());
        let (a, b) = (x.max(y), x.min(y));
        if a == 0 || a > u64::from(Self::MAX_LEAP) {
            return None;
        }
        Some(Self {
            a: a as u32,
            b: b as u32,
        })
    }

    /// The atom named by a Betza letter (`W F D N A H C Z G`, and `L`/`J` as `C`/`Z`).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Self> {
        let c = match c {
            'L' => 'C',
            'J' => 'Z',
            c => c,
        };
        LETTERS
            .iter()
            .find(|&&(l, ..)| l == c)
            .map(|&(_, a, b)| Self { a, b })
    }

    /// The Betza letter of a named atom.
    #[must_use]
    pub fn letter(self) -> Option<char> {
        LETTERS
            .iter()
            .find(|&&(_, a, b)| a == self.a && b == self.b)
            .map(|&(l, ..)| l)
    }

    /// The larger component.
    #[must_use]
    pub const fn a(self) -> u32 {
        self.a
    }

    /// The smaller component.
    #[must_use]
    pub const fn b(self) -> u32 {
        self.b
    }

    /// Orthogonal, diagonal or oblique.
    #[must_use]
    pub const fn kind(self) -> AtomKind {
        if self.b == 0 {
            AtomKind::Orthogonal
        } else if self.a == self.b {
            AtomKind::Diagonal
        } else {
            AtomKind::Oblique
        }
    }

    /// Number of distinct images: 4 or 8.
    #[must_use]
    pub const fn image_count(self) -> usize {
        match self.kind() {
            AtomKind::Oblique => 8,
            _ => 4,
        }
    }

    /// The `i`-th image (`i < image_count()`), in a fixed order: for 8 images
    /// `(b,a) (-b,a) (a,b) (-a,b) (a,-b) (-a,-b) (b,-a) (-b,-a)`; for orthogonal
    /// `(0,a) (-a,0) (a,0) (0,-a)`; for diagonal `(a,a) (-a,a) (a,-a) (-a,-a)`.
    #[must_use]
    pub fn image(self, i: usize) -> Delta {
        let (a, b) = (i64::from(self.a), i64::from(self.b));
        let d = match self.kind() {
            AtomKind::Oblique => [
                (b, a),
                (-b, a),
                (a, b),
                (-a, b),
                (a, -b),
                (-a, -b),
                (b, -a),
                (-b, -a),
            ][i],
            AtomKind::Orthogonal => [(0, a), (-a, 0), (a, 0), (0, -a)][i],
            AtomKind::Diagonal => [(a, a), (-a, a), (a, -a), (-a, -a)][i],
        };
        Delta::new(d.0, d.1)
    }

    /// All images.
    pub fn images(self) -> impl Iterator<Item = Delta> {
        (0..self.image_count()).map(move |i| self.image(i))
    }

    /// The mask with every image selected.
    #[must_use]
    pub const fn full_mask(self) -> u8 {
        if self.image_count() == 8 {
            0xFF
        } else {
            0x0F
        }
    }

    /// The index of `d` among the images, if it is one.
    #[must_use]
    pub fn index_of(self, d: Delta) -> Option<usize> {
        (0..self.image_count()).find(|&i| self.image(i) == d)
    }

    /// Whether a lame (`n`) version exists: the blockable leaps `D`, `A`, `N`, and `Z` (the
    /// Janggi elephant) — Fairy-Stockfish's lame leapers.
    #[must_use]
    pub fn can_be_lame(self) -> bool {
        (self.a == 2 && self.b <= 2) || (self.a == 3 && self.b == 2)
    }

    /// The squares a lame leap passes over, relative to the start, as Fairy-Stockfish walks
    /// them: [`Atom::lame_leg`], then for `Z` one diagonal step further (the Janggi elephant:
    /// `(2,3)` passes `(0,1)` and `(1,2)`).
    #[must_use]
    pub fn lame_path(self, d: Delta) -> (Delta, Option<Delta>) {
        let first = self.lame_leg(d);
        let second = Delta::new(first.dx + d.dx.signum(), first.dy + d.dy.signum());
        (first, (second != d).then_some(second))
    }

    /// The intermediate square a lame leap passes over, relative to the start: half the leap
    /// for `D`/`A`, the orthogonal first step along the long side for `N` (the Xiangqi horse).
    #[must_use]
    pub fn lame_leg(self, d: Delta) -> Delta {
        if d.dx.abs() == d.dy.abs() || d.dx == 0 || d.dy == 0 {
            Delta::new(d.dx / 2, d.dy / 2)
        } else if d.dy.abs() > d.dx.abs() {
            Delta::new(0, d.dy.signum())
        } else {
            Delta::new(d.dx.signum(), 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_distinct_and_mirrors_involutive() {
        for (l, ..) in LETTERS {
            let atom = Atom::from_letter(l).expect("letter");
            let imgs: std::collections::BTreeSet<Delta> = atom.images().collect();
            assert_eq!(imgs.len(), atom.image_count());
        }
        assert_eq!(Atom::from_letter('L'), Atom::from_letter('C'));
        assert_eq!(Atom::new(0, 0), None);
        assert_eq!(Atom::new(-1, 2), Atom::from_letter('N'));
    }
}
