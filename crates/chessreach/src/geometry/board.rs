use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Coord, Delta, Rect, RectError, Strip, StripError, Wrap};

/// Any board the engine knows: bounded, or a strip unbounded in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// `width × height` squares.
    Rect(Rect),
    /// Fixed ranks, unbounded files.
    Strip(Strip),
}

impl Board {
    /// Whether `c` lies on the board.
    #[inline]
    #[must_use]
    pub fn contains(self, c: Coord) -> bool {
        match self {
            Self::Rect(r) => r.contains(c),
            Self::Strip(s) => s.contains(c),
        }
    }

    /// Where a step of `d` from `from` lands on this board, `None` off it ([`Rect::step`]:
    /// across a wrapped edge it re-enters; strips never wrap). O(1).
    #[inline]
    #[must_use]
    pub fn step(self, from: Coord, d: Delta) -> Option<Coord> {
        match self {
            Self::Rect(r) => r.step(from, d),
            Self::Strip(s) => from.offset(d).filter(|&c| s.contains(c)),
        }
    }

    /// The board as people name it: its size, with its shape when it wraps ([`Rect::label`]).
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Rect(r) => r.label(),
            Self::Strip(s) => s.to_string(),
        }
    }

    /// Which edges wrap ([`Wrap::None`] on strips).
    #[inline]
    #[must_use]
    pub fn wrap(self) -> Wrap {
        match self {
            Self::Rect(r) => r.wrap(),
            Self::Strip(_) => Wrap::None,
        }
    }

    /// Whether this board names its squares algebraically (`e4`): a bounded board of at most
    /// 26 files. Wider boards and strips name every square `file,rank`, so one board never
    /// mixes the two namings (`z51` beside `27,53`).
    #[must_use]
    pub fn lettered(self) -> bool {
        matches!(self, Self::Rect(r) if r.width() <= 26)
    }

    /// The name of a square on this board: algebraic (`e4`) on a [lettered](Board::lettered)
    /// board, `file,rank` on any other (boards over 26 files, strips). O(digits).
    #[must_use]
    pub fn name(self, c: Coord) -> String {
        let mut s = String::new();
        self.push_name(c, &mut s);
        s
    }

    /// Appends [`Board::name`] of `c` to `out`, without the formatting machinery. O(digits).
    pub fn push_name(self, c: Coord, out: &mut String) {
        if self.lettered() {
            c.push_name(out);
        } else {
            c.push_numeric(out);
        }
    }

    /// Number of ranks.
    #[must_use]
    pub fn ranks(self) -> u32 {
        match self {
            Self::Rect(r) => r.height(),
            Self::Strip(s) => s.ranks(),
        }
    }
}

impl From<Rect> for Board {
    fn from(r: Rect) -> Self {
        Self::Rect(r)
    }
}

impl From<Strip> for Board {
    fn from(s: Strip) -> Self {
        Self::Strip(s)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rect(r) => r.fmt(f),
            Self::Strip(s) => s.fmt(f),
        }
    }
}

/// Why a board size did not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BoardParseError {
    /// Not of the form `WxH`.
    #[error("expected a board size such as `8x8`, `12x10` or `infx8`, found `{0}`")]
    Malformed(String),
    /// A bounded size that is refused.
    #[error(transparent)]
    Rect(#[from] RectError),
    /// A strip that is refused.
    #[error(transparent)]
    Strip(#[from] StripError),
}

impl FromStr for Board {
    type Err = BoardParseError;

    /// `WxH` (files × ranks, e.g. `8x8`, `12x10`), or a strip `infxH` with unbounded files and
    /// `H` ranks. `Hxinf` is accepted for the same strip: a strip's files are always the
    /// unbounded side.
    #[expect(
        clippy::many_single_char_names,
        reason = "short mathematical names (coordinates, sizes, indices) read best here"
    )]
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || BoardParseError::Malformed(s.to_owned());
        let lower = s.trim().to_ascii_lowercase();
        let (a, b) = lower.split_once(['x', '×']).ok_or_else(malformed)?;
        let num = |t: &str| -> Result<u64, BoardParseError> {
            if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) {
                return Err(malformed());
            }
            t.parse().map_err(|_| malformed())
        };
        match (a.trim(), b.trim()) {
            ("inf", "inf") => Err(malformed()),
            ("inf", h) | (h, "inf") => Ok(Self::Strip(Strip::new(num(h)?)?)),
            (w, h) => Ok(Self::Rect(Rect::new(num(w)?, num(h)?)?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_sizes() {
        assert_eq!("8x8".parse::<Board>().map(|b| b.to_string()), Ok("8x8".into()));
        assert_eq!("12x10".parse::<Board>().map(Board::ranks), Ok(10));
        assert_eq!(
            "8xinf".parse::<Board>().map(|b| b.to_string()),
            Ok("infx8".into())
        );
        assert_eq!("infx8".parse::<Board>().map(Board::ranks), Ok(8));
        assert!("0x8".parse::<Board>().is_err());
        assert!("infx65".parse::<Board>().is_err());
        assert!("8by8".parse::<Board>().is_err());
    }

    proptest! {
        /// One naming per board, written from the rule: a board of at most 26 files names
        /// every square `letter rank`, any wider board and every strip `file,rank`.
        #[test]
        fn one_naming_per_board(width in 1_u64..80, height in 1_u64..80, f in 0_u64..80, r in 0_u64..80) {
            let rect = Rect::new(width, height).expect("a board");
            let (file, rank) = (f % width + 1, r % height + 1);
            let c = Coord::new(i64::try_from(file).expect("file"), i64::try_from(rank).expect("rank"));
            let want = if width <= 26 {
                format!("{}{rank}", char::from(b'a' + u8::try_from(file - 1).expect("a letter")))
            } else {
                format!("{file},{rank}")
            };
            prop_assert_eq!(Board::Rect(rect).name(c), want);
            let strip = Board::Strip(Strip::new(height.min(64)).expect("a strip"));
            prop_assert_eq!(strip.name(c), format!("{file},{rank}"));
        }

        #[test]
        fn parser_never_panics(s in "\\PC{0,10}") {
            let _ = s.parse::<Board>();
        }
    }
}
