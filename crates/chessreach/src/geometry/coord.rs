use std::fmt;
use std::ops::Neg;
use std::str::FromStr;

use thiserror::Error;

/// A square on any board: `file` (column, `a` = 1) and `rank` (row, `1` = 1), both `i64`.
///
/// Displays algebraically (`c4`) when the file is `1..=26` and the rank positive, and as the
/// numeral pair `x,y` otherwise; [`FromStr`] accepts both forms, so printing round-trips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Coord {
    /// Column, 1-based (`a` = 1). Any `i64` on a strip.
    pub file: i64,
    /// Row, 1-based (`1` = 1).
    pub rank: i64,
}

/// A displacement between two coordinates: `dx` files to the right, `dy` ranks up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Delta {
    /// Files to the right (negative: to the left).
    pub dx: i64,
    /// Ranks up (negative: down).
    pub dy: i64,
}

impl Coord {
    /// The coordinate `(file, rank)`.
    #[must_use]
    pub const fn new(file: i64, rank: i64) -> Self {
        Self { file, rank }
    }

    /// `self + d`, or `None` when a component would overflow `i64`.
    #[inline]
    #[must_use]
    pub fn offset(self, d: Delta) -> Option<Self> {
        Some(Self {
            file: self.file.checked_add(d.dx)?,
            rank: self.rank.checked_add(d.dy)?,
        })
    }

    /// The delta that leads from `self` to `to`, or `None` on overflow.
    #[must_use]
    pub fn delta_to(self, to: Self) -> Option<Delta> {
        Some(Delta {
            dx: to.file.checked_sub(self.file)?,
            dy: to.rank.checked_sub(self.rank)?,
        })
    }

    /// Whether the square has an algebraic name (`a1` … `z…`).
    #[must_use]
    pub fn has_algebraic_name(self) -> bool {
        (1..=26).contains(&self.file) && self.rank >= 1
    }

    /// The numeral form `x,y`, whatever the square.
    #[must_use]
    pub fn numeric(self) -> String {
        let mut s = String::new();
        self.push_numeric(&mut s);
        s
    }

    /// Appends the numeral form `x,y` to `out`, without the formatting machinery (routes of
    /// millions of squares are written this way). O(digits).
    pub fn push_numeric(self, out: &mut String) {
        let mut digits = itoa::Buffer::new();
        out.push_str(digits.format(self.file));
        out.push(',');
        out.push_str(digits.format(self.rank));
    }

    /// Appends the square's name as [`Display`](fmt::Display) writes it (algebraic where it
    /// has one, else `x,y`) to `out`. O(digits).
    pub fn push_name(self, out: &mut String) {
        if self.has_algebraic_name() {
            out.push(file_letter(self.file));
            out.push_str(itoa::Buffer::new().format(self.rank));
        } else {
            self.push_numeric(out);
        }
    }

    /// The name of a file: `a` … `z` for 1..=26, the numeral otherwise.
    #[must_use]
    pub fn file_name(file: i64) -> String {
        if (1..=26).contains(&file) {
            file_letter(file).to_string()
        } else {
            file.to_string()
        }
    }
}

impl Delta {
    /// The delta `(dx, dy)`.
    #[must_use]
    pub const fn new(dx: i64, dy: i64) -> Self {
        Self { dx, dy }
    }

    /// Whether the delta is `(0, 0)`.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.dx == 0 && self.dy == 0
    }
}

impl Neg for Delta {
    type Output = Self;
    fn neg(self) -> Self {
        Self {
            dx: -self.dx,
            dy: -self.dy,
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_algebraic_name() {
            write!(f, "{}{}", Self::file_name(self.file), self.rank)
        } else {
            write!(f, "{},{}", self.file, self.rank)
        }
    }
}

impl fmt::Display for Delta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.dx, self.dy)
    }
}

/// Why a square name did not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CoordParseError {
    /// Nothing to parse.
    #[error("expected a square such as `e4` or `5,4`, found nothing")]
    Empty,
    /// Neither an algebraic name nor a numeral pair.
    #[error("expected a square such as `e4` or `5,4`, found `{0}`")]
    Malformed(String),
    /// A numeral did not fit in `i64`.
    #[error("square `{0}` is out of range (coordinates are 64-bit integers)")]
    OutOfRange(String),
}

impl FromStr for Coord {
    type Err = CoordParseError;

    /// Parses `e4` (file letter `a`–`z`, rank numeral ≥ 1) or `x,y` (two integers, any sign).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() {
            return Err(CoordParseError::Empty);
        }
        let malformed = || CoordParseError::Malformed(s.to_owned());
        if let Some((x, y)) = s.split_once(',') {
            let parse = |t: &str| -> Result<i64, CoordParseError> {
                let t = t.trim();
                let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(malformed());
                }
                t.parse::<i64>()
                    .map_err(|_| CoordParseError::OutOfRange(s.to_owned()))
            };
            return Ok(Self::new(parse(x)?, parse(y)?));
        }
        let mut chars = s.chars();
        let letter = chars.next().ok_or(CoordParseError::Empty)?;
        if !letter.is_ascii_lowercase() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(malformed());
        }
        let rank = digits
            .parse::<i64>()
            .map_err(|_| CoordParseError::OutOfRange(s.to_owned()))?;
        Ok(Self::new(i64::from(letter as u8 - b'a') + 1, rank))
    }
}

/// The letter of a file `1..=26` (`a` … `z`).
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "called only for files 1..=26"
)]
fn file_letter(file: i64) -> char {
    debug_assert!((1..=26).contains(&file));
    char::from(b'a' + (file - 1) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn algebraic_and_numeric_forms() {
        assert_eq!("a1".parse(), Ok(Coord::new(1, 1)));
        assert_eq!("h8".parse(), Ok(Coord::new(8, 8)));
        assert_eq!("z99".parse(), Ok(Coord::new(26, 99)));
        assert_eq!("-5,3".parse(), Ok(Coord::new(-5, 3)));
        assert_eq!(Coord::new(3, 4).to_string(), "c4");
        assert_eq!(Coord::new(27, 4).to_string(), "27,4");
        assert_eq!(Coord::new(0, 1).to_string(), "0,1");
        assert!("a0".parse::<Coord>().is_err());
        assert!("A1".parse::<Coord>().is_err());
        assert!("e".parse::<Coord>().is_err());
        assert!("1,".parse::<Coord>().is_err());
        assert!(matches!(
            "99999999999999999999,1".parse::<Coord>(),
            Err(CoordParseError::OutOfRange(_))
        ));
    }

    #[test]
    fn offsets_overflow_to_none() {
        let c = Coord::new(i64::MAX, 1);
        assert_eq!(c.offset(Delta::new(1, 0)), None);
        assert_eq!(c.offset(Delta::new(-1, 0)), Some(Coord::new(i64::MAX - 1, 1)));
    }

    proptest! {
        #[test]
        fn display_round_trips(file in any::<i64>(), rank in any::<i64>()) {
            let c = Coord::new(file, rank);
            prop_assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
        }

        #[test]
        fn parser_never_panics(s in "\\PC{0,12}") {
            let _ = s.parse::<Coord>();
        }
    }
}
