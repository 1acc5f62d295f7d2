#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "Rect::new keeps width·height below 2^32 − 1, so every side and square index fits u32; coordinates are checked with contains() before the cast"
)]
use std::fmt;

use thiserror::Error;

use super::Coord;

/// A dense square index, valid for the one [`Rect`] that made it: `(rank-1) * width + (file-1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u32);

impl Square {
    /// The index as `usize`, for flat arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A bounded board of `width` files by `height` ranks: files `1..=width`, ranks `1..=height`.
///
/// Invariant: `width, height >= 1` and `width * height < 2^32`, so every square has a `u32`
/// [`Square`] index (a 65536×65535 board at most; memory runs out long before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    width: u32,
    height: u32,
}

/// Why a board size was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RectError {
    /// A side of zero squares.
    #[error("a board needs at least one file and one rank, got {width}x{height}")]
    Empty {
        /// Files asked for.
        width: u64,
        /// Ranks asked for.
        height: u64,
    },
    /// More squares than a `u32` index can name.
    #[error("a {width}x{height} board has too many squares (at most 4294967294)")]
    TooLarge {
        /// Files asked for.
        width: u64,
        /// Ranks asked for.
        height: u64,
    },
}

impl Rect {
    /// A `width × height` board.
    ///
    /// # Errors
    ///
    /// [`RectError`] for a side of zero or 2^32 − 1 squares or more.
    pub fn new(width: u64, height: u64) -> Result<Self, RectError> {
        if width == 0 || height == 0 {
            return Err(RectError::Empty { width, height });
        }
        match width.checked_mul(height) {
            Some(n) if n < u64::from(u32::MAX) => Ok(Self {
                width: width as u32,
                height: height as u32,
            }),
            _ => Err(RectError::TooLarge { width, height }),
        }
    }

    /// Number of files.
    #[must_use]
    pub const fn width(self) -> u32 {
        self.width
    }

    /// Number of ranks.
    #[must_use]
    pub const fn height(self) -> u32 {
        self.height
    }

    /// Number of squares, the length of every flat array over this board.
    #[must_use]
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always `false`: a board has at least one square.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether `c` lies on the board.
    #[inline]
    #[must_use]
    pub fn contains(self, c: Coord) -> bool {
        (1..=i64::from(self.width)).contains(&c.file) && (1..=i64::from(self.height)).contains(&c.rank)
    }

    /// The dense index of `c`, or `None` off the board.
    #[inline]
    #[must_use]
    pub fn square(self, c: Coord) -> Option<Square> {
        if self.contains(c) {
            Some(Square((c.rank - 1) as u32 * self.width + (c.file - 1) as u32))
        } else {
            None
        }
    }

    /// The coordinate of a dense index of this board.
    #[inline]
    #[must_use]
    pub fn coord(self, s: Square) -> Coord {
        Coord::new(i64::from(s.0 % self.width) + 1, i64::from(s.0 / self.width) + 1)
    }

    /// Every square, in index order (`a1`, `b1`, …, then rank 2 …).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len() as u32).map(Square)
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sizes() {
        assert!(Rect::new(0, 5).is_err());
        assert!(Rect::new(1 << 16, 1 << 16).is_err());
        let r = Rect::new(1, 1).expect("1x1");
        assert_eq!(r.len(), 1);
        let big = Rect::new(10_000, 1_000).expect("10^7 squares");
        assert_eq!(big.len(), 10_000_000);
    }

    proptest! {
        #[test]
        fn index_round_trips(w in 1u64..300, h in 1u64..300, f in -2i64..302, r in -2i64..302) {
            let rect = Rect::new(w, h).expect("valid");
            let c = Coord::new(f, r);
            match rect.square(c) {
                Some(s) => {
                    prop_assert!(s.index() < rect.len());
                    prop_assert_eq!(rect.coord(s), c);
                }
                None => prop_assert!(!rect.contains(c)),
            }
        }
    }
}
