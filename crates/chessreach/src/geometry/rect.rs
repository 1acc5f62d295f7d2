use std::fmt;

use thiserror::Error;

use super::{Coord, Delta};

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

/// One delta's steps on a [`Rect`] ([`Rect::line`]): [`Line::squares`] walks a line as
/// [`Rect::step`] would, cheaper square after square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    width: i64,
    height: i64,
    /// The delta, reduced to `0..side` on a wrapped axis.
    dx: i64,
    dy: i64,
    wrap_files: bool,
    wrap_ranks: bool,
    /// Whether the first step leaves the board whatever the square (a step as long as a flat
    /// side; this also keeps the index arithmetic small).
    empty: bool,
}

impl Line {
    /// The squares of the line from `from` (whose index is `start`), one step after another,
    /// until it leaves the board or comes back to `from` (`from` itself is never given): the
    /// index kept along with the coordinates, so each square costs additions and comparisons
    /// only. O(1) a square.
    #[inline]
    #[must_use]
    pub fn squares(self, from: Coord, start: Square) -> LineSquares {
        LineSquares {
            line: self,
            file: from.file,
            rank: from.rank,
            index: i64::from(start.0),
            start: i64::from(start.0),
            done: self.empty,
        }
    }
}

/// The squares of a [`Line`] from one square ([`Line::squares`]).
#[derive(Clone, Debug)]
pub struct LineSquares {
    line: Line,
    file: i64,
    rank: i64,
    index: i64,
    start: i64,
    done: bool,
}

impl Iterator for LineSquares {
    type Item = Square;

    #[inline]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "index is the dense index of a square on the board (checked above), below 2^32 − 1 by Rect::new"
    )]
    fn next(&mut self) -> Option<Square> {
        if self.done {
            return None;
        }
        let Line {
            width,
            height,
            dx,
            dy,
            wrap_files,
            wrap_ranks,
            ..
        } = self.line;
        let (mut file, mut rank) = (self.file + dx, self.rank + dy);
        let mut index = self.index + dx + dy * width;
        if wrap_files {
            if file > width {
                file -= width;
                index -= width;
            }
        } else if file < 1 || file > width {
            self.done = true;
            return None;
        }
        if wrap_ranks {
            if rank > height {
                rank -= height;
                index -= height * width;
            }
        } else if rank < 1 || rank > height {
            self.done = true;
            return None;
        }
        if index == self.start {
            self.done = true;
            return None;
        }
        (self.file, self.rank, self.index) = (file, rank, index);
        Some(Square(index as u32))
    }
}

/// A bounded board of `width` files by `height` ranks: files `1..=width`, ranks `1..=height`,
/// flat or wrapped ([`Wrap`]: a cylinder or a torus).
///
/// Invariant: `width, height >= 1` and `width * height < 2^32`, so every square has a `u32`
/// [`Square`] index (a 65536×65535 board at most; memory runs out long before).
///
/// **The board's shape is this type's business alone**: "where does a step from here land, and
/// is that square on the board" is [`Rect::step`], which every walker asks (attack maps, route
/// engines, duel move generators). Engines that precompute geometry of their own (leap tables,
/// ray marks, bitboards) ask [`Rect::wrap`] and either build their tables through
/// [`Rect::step`] or refuse a wrapped board by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    width: u32,
    height: u32,
    wrap: Wrap,
}

/// Which edges of a bounded board are joined: a step that leaves the board across a wrapped
/// edge re-enters on the opposite one. Strips never wrap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Wrap {
    /// A flat board: every edge is an edge.
    #[default]
    None,
    /// A cylinder: file `width` and file 1 are neighbours.
    Files,
    /// A cylinder on its side: rank `height` and rank 1 are neighbours.
    Ranks,
    /// A torus: both.
    Both,
}

impl Wrap {
    /// Every shape, flat first.
    pub const ALL: [Self; 4] = [Self::None, Self::Files, Self::Ranks, Self::Both];

    /// Whether files wrap (file `width` neighbours file 1).
    #[must_use]
    pub const fn files(self) -> bool {
        matches!(self, Self::Files | Self::Both)
    }

    /// Whether ranks wrap (rank `height` neighbours rank 1).
    #[must_use]
    pub const fn ranks(self) -> bool {
        matches!(self, Self::Ranks | Self::Both)
    }

    /// Whether no edge wraps.
    #[must_use]
    pub const fn is_flat(self) -> bool {
        matches!(self, Self::None)
    }

    /// The shape with these edges wrapped.
    #[must_use]
    pub const fn from_edges(files: bool, ranks: bool) -> Self {
        match (files, ranks) {
            (false, false) => Self::None,
            (true, false) => Self::Files,
            (false, true) => Self::Ranks,
            (true, true) => Self::Both,
        }
    }

    /// The word used on the command line and in JSON: `none`, `files`, `ranks`, `both`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Files => "files",
            Self::Ranks => "ranks",
            Self::Both => "both",
        }
    }

    /// What people call the shape: `flat`, `cylinder` (files), `cylinder (ranks)`, `torus`.
    #[must_use]
    pub const fn shape_name(self) -> &'static str {
        match self {
            Self::None => "flat",
            Self::Files => "cylinder",
            Self::Ranks => "cylinder (ranks)",
            Self::Both => "torus",
        }
    }
}

impl fmt::Display for Wrap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a wrap did not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("expected a wrap `none`, `files`, `ranks` or `both`, found `{0}`")]
pub struct WrapParseError(pub String);

impl std::str::FromStr for Wrap {
    type Err = WrapParseError;

    /// `none` (or `flat`), `files` (or `cylinder`), `ranks`, `both` (or `torus`), any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "flat" => Ok(Self::None),
            "files" | "cylinder" => Ok(Self::Files),
            "ranks" => Ok(Self::Ranks),
            "both" | "torus" => Ok(Self::Both),
            _ => Err(WrapParseError(s.to_owned())),
        }
    }
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
    #[error("{} {width}x{height} board has too many squares (at most 4294967294)", super::article(&width.to_string()))]
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
        match (
            width.checked_mul(height),
            u32::try_from(width),
            u32::try_from(height),
        ) {
            (Some(n), Ok(width), Ok(height)) if n < u64::from(u32::MAX) => Ok(Self {
                width,
                height,
                wrap: Wrap::None,
            }),
            _ => Err(RectError::TooLarge { width, height }),
        }
    }

    /// The same board with these edges wrapped.
    #[must_use]
    pub const fn with_wrap(self, wrap: Wrap) -> Self {
        Self { wrap, ..self }
    }

    /// The board as people name it: `8x8` when flat, else with its shape (`8x8 cylinder`,
    /// `8x8 torus`).
    #[must_use]
    pub fn label(self) -> String {
        if self.wrap.is_flat() {
            self.to_string()
        } else {
            format!("{self} {}", self.wrap.shape_name())
        }
    }

    /// Which edges wrap.
    #[inline]
    #[must_use]
    pub const fn wrap(self) -> Wrap {
        self.wrap
    }

    /// Where a step of `d` from `from` (a square of this board) lands: `from + d` when that is
    /// on the board; across a wrapped edge, the square it re-enters at (coordinates taken
    /// modulo the side, however far the step goes and however narrow the board); `None` when
    /// it leaves the board. A wrapped step may land on `from` itself: callers decide what that
    /// means (a leap onto its own square is no move; a ride stops before it). O(1).
    #[inline]
    #[must_use]
    pub fn step(self, from: Coord, d: Delta) -> Option<Coord> {
        let to = from.offset(d)?;
        if self.wrap.is_flat() {
            return self.contains(to).then_some(to);
        }
        let fold = |x: i64, side: u32, wraps: bool| -> Option<i64> {
            let side = i64::from(side);
            if !wraps {
                return (1..=side).contains(&x).then_some(x);
            }
            // A step shorter than the side crosses the edge at most once: no division.
            Some(if x > side && x <= 2 * side {
                x - side
            } else if x < 1 && x > -side {
                x + side
            } else if (1..=side).contains(&x) {
                x
            } else {
                (x - 1).rem_euclid(side) + 1
            })
        };
        Some(Coord::new(
            fold(to.file, self.width, self.wrap.files())?,
            fold(to.rank, self.height, self.wrap.ranks())?,
        ))
    }

    /// [`Rect::step`] for one delta taken again and again (a rider's line): the delta reduced
    /// once on each wrapped axis, so each step of [`Line::squares`] is additions and a
    /// comparison per axis — no division. O(1) to make (two remainders): make it once per
    /// step kind, not per ray.
    #[inline]
    #[must_use]
    pub fn line(self, d: Delta) -> Line {
        let (width, height) = (i64::from(self.width), i64::from(self.height));
        let (wrap_files, wrap_ranks) = (self.wrap.files(), self.wrap.ranks());
        Line {
            width,
            height,
            dx: if wrap_files { d.dx.rem_euclid(width) } else { d.dx },
            dy: if wrap_ranks { d.dy.rem_euclid(height) } else { d.dy },
            wrap_files,
            wrap_ranks,
            empty: (!wrap_files && d.dx.unsigned_abs() >= width.unsigned_abs())
                || (!wrap_ranks && d.dy.unsigned_abs() >= height.unsigned_abs()),
        }
    }

    /// The most squares a line of leaps `d` from one square can enter before it leaves the
    /// board or comes back to where it started: along an edge that does not wrap, until the
    /// edge; round wrapped sides, until every coordinate is back (`side / gcd(side, step)`
    /// leaps along a wrapped axis, the lcm of both on a torus), which a line also moving along
    /// an unwrapped axis never is. O(log side).
    #[must_use]
    pub fn line_len(self, d: Delta) -> u64 {
        let gcd = |mut a: u64, mut b: u64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let mut most = u64::MAX;
        let mut period = Some(1u64);
        for (side, c, wraps) in [
            (u64::from(self.width), d.dx, self.wrap.files()),
            (u64::from(self.height), d.dy, self.wrap.ranks()),
        ] {
            let c = c.unsigned_abs();
            if wraps {
                let p = side / gcd(side, c % side);
                period = period.map(|q| q / gcd(q, p) * p);
            } else if let Some(leaps) = (side - 1).checked_div(c) {
                most = most.min(leaps);
                // It never comes back along this axis.
                period = None;
            }
        }
        if let Some(p) = period.filter(|_| !self.wrap.is_flat()) {
            most = most.min(p - 1);
        }
        most.min(self.len() as u64 - 1)
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
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "c is on the board (checked first), so file − 1 and rank − 1 fit u32"
    )]
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
        (0..self.width * self.height).map(Square)
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
    fn wrapped_steps_re_enter_on_the_other_edge() {
        let flat = Rect::new(8, 6).expect("8x6");
        let a1 = Coord::new(1, 1);
        assert_eq!(flat.step(a1, Delta::new(-1, 0)), None);
        let cyl = flat.with_wrap(Wrap::Files);
        assert_eq!(cyl.step(a1, Delta::new(-1, 0)), Some(Coord::new(8, 1)));
        assert_eq!(cyl.step(a1, Delta::new(0, -1)), None);
        assert_eq!(cyl.step(a1, Delta::new(17, 2)), Some(Coord::new(2, 3)));
        let torus = flat.with_wrap(Wrap::Both);
        assert_eq!(torus.step(a1, Delta::new(-1, -2)), Some(Coord::new(8, 5)));
        // A leap of a whole side comes home.
        assert_eq!(torus.step(a1, Delta::new(8, 6)), Some(a1));
        let ranks = flat.with_wrap(Wrap::Ranks);
        assert_eq!(ranks.step(a1, Delta::new(0, -1)), Some(Coord::new(1, 6)));
        assert_eq!(ranks.step(a1, Delta::new(-1, 0)), None);
        // Overflow leaves the board.
        assert_eq!(torus.step(Coord::new(8, 6), Delta::new(i64::MAX, 0)), None);
        // Far leaps wrap as often as they must.
        assert_eq!(cyl.step(a1, Delta::new(-17, 0)), Some(Coord::new(8, 1)));
        // Lines: to the edge on a flat board, round the orbit on a wrapped one.
        assert_eq!(flat.line_len(Delta::new(1, 0)), 7);
        assert_eq!(flat.line_len(Delta::new(1, 2)), 2);
        assert_eq!(cyl.line_len(Delta::new(1, 0)), 7);
        assert_eq!(cyl.line_len(Delta::new(2, 0)), 3);
        assert_eq!(cyl.line_len(Delta::new(8, 0)), 0);
        assert_eq!(cyl.line_len(Delta::new(8, 1)), 5);
        assert_eq!(torus.line_len(Delta::new(1, 1)), 23);
        assert_eq!(torus.line_len(Delta::new(2, 2)), 11);
        for w in Wrap::ALL {
            assert_eq!(w.as_str().parse::<Wrap>(), Ok(w));
            assert_eq!(Wrap::from_edges(w.files(), w.ranks()), w);
        }
        assert_eq!("torus".parse::<Wrap>(), Ok(Wrap::Both));
        assert!("sphere".parse::<Wrap>().is_err());
    }

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
