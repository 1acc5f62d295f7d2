//! The route vocabulary every face and engine speaks: the [`Question`] (who moves, where to,
//! what may be captured), typed by what it asks for — a [`Target`] gets a [`Way`] or none, an
//! [`Area`] a [`DistanceMap`](super::DistanceMap) — and the [`RouteError`]. It holds no
//! algorithm: the dispatcher (`ask`) and the engines use it.

use thiserror::Error;

use super::strip::StripRouteError;
use super::{Mover, PathError};
use crate::geometry::Coord;
use crate::limits::TooLarge;

/// Where the mover should go: a route question ([`Question`]), answered by a shortest
/// [`Way`] or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Stand on this square.
    Square(Coord),
    /// Capture the hostile piece on this square (it becomes capturable).
    Capture(Coord),
}

impl Target {
    /// The square the route ends on.
    #[must_use]
    pub fn square(self) -> Coord {
        match self {
            Self::Square(c) | Self::Capture(c) => c,
        }
    }
}

/// The squares a distance question (`Question<Area>`) measures, answered by a
/// [`DistanceMap`](super::DistanceMap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// Every square of a bounded board.
    Everywhere,
    /// Every square of files `LO..=HI`: a window (on a strip, where `Everywhere` has no end;
    /// on a bounded board, those files of the whole board's map).
    Files(i64, i64),
}

/// Which hostile pieces the mover may capture on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Capturable {
    /// None.
    #[default]
    Nothing,
    /// Every hostile piece.
    All,
    /// The hostile pieces on these squares.
    Squares(Vec<Coord>),
}

impl std::str::FromStr for Capturable {
    type Err = crate::geometry::CoordParseError;

    /// `all`, or squares separated by `/` (`d5/e6`, `3,4/5,6`), as every face writes them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "all" {
            return Ok(Self::All);
        }
        s.split('/')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Self::Squares)
    }
}

/// A question about a mover: who moves, where to ([`Target`], the default: a route) or which
/// squares to measure ([`Area`]: a distance map), and what may be captured. The kind of
/// `target` fixes the kind of answer (`path::Ask::Answer`), so no caller receives the wrong
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question<T = Target> {
    /// The travelling piece (not one of the position's pieces).
    pub mover: Mover,
    /// Where it should go, or what to measure.
    pub target: T,
    /// What it may capture on the way.
    pub may_capture: Capturable,
}

/// A shortest route on any board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    /// Fewest moves (a strip route can be longer than any board could hold).
    pub moves: u64,
    /// The route from start to end: every square, one per move, unless `lines`.
    /// [`Way::squares`] lists every square either way.
    pub waypoints: Vec<Coord>,
    /// Whether consecutive waypoints are corners joined by a straight king line, one move per
    /// file or rank crossed (strip routes, which may be longer than memory holds).
    pub lines: bool,
    /// Rounds of moves made again and again (strip routes across long stretches), in order of
    /// `at`; empty elsewhere. [`Way::squares`] expands them.
    pub repeats: Vec<Repeat>,
    /// Squares of the pieces captured on the way, in order.
    pub captured: Vec<Coord>,
}

/// A round of moves the route makes again: after `waypoints[at..=at + len]` (one round of
/// `len` moves, already listed), the same `len` moves are made `times` more times, each round
/// moved on by `waypoints[at + len] - waypoints[at]`; `waypoints[at + len + 1]` follows the
/// last round. Its moves are counted in [`Way::moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// Index of the round's first waypoint.
    pub at: usize,
    /// Moves in a round.
    pub len: usize,
    /// Rounds made after the listed one.
    pub times: u64,
}

impl Way {
    /// Every square of the route, the start first, at most `limit` of them (a strip route may
    /// cross more squares than memory holds). O(min(limit, moves) + waypoints).
    #[must_use]
    pub fn squares(&self, limit: usize) -> Vec<Coord> {
        if !self.repeats.is_empty() {
            let mut out: Vec<Coord> = Vec::new();
            let mut next = self.repeats.iter().peekable();
            for (i, &c) in self.waypoints.iter().enumerate() {
                if out.len() >= limit {
                    break;
                }
                out.push(c);
                while let Some(r) = next.next_if(|r| r.at + r.len == i) {
                    let round = &self.waypoints[r.at..=i];
                    let (dx, dy) = (c.file - round[0].file, c.rank - round[0].rank);
                    let mut k = 1u64;
                    while k <= r.times && out.len() < limit {
                        let shift = |s: &Coord, k: i64| Coord::new(s.file + dx * k, s.rank + dy * k);
                        let k64 = i64::try_from(k).unwrap_or(i64::MAX);
                        out.extend(round[1..].iter().map(|s| shift(s, k64)).take(limit - out.len()));
                        k += 1;
                    }
                }
            }
            out.truncate(limit);
            return out;
        }
        if !self.lines {
            return self.waypoints.iter().take(limit).copied().collect();
        }
        let mut out: Vec<Coord> = self.waypoints.first().copied().into_iter().collect();
        for w in self.waypoints.windows(2) {
            let (dx, dy) = ((w[1].file - w[0].file).signum(), (w[1].rank - w[0].rank).signum());
            let mut c = w[0];
            while c != w[1] && out.len() < limit {
                c = Coord::new(c.file + dx, c.rank + dy);
                out.push(c);
            }
        }
        out.truncate(limit);
        out
    }
}

/// Why a route question cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RouteError {
    /// Refused by the bounded-board router.
    #[error(transparent)]
    Bounded(#[from] PathError),
    /// Refused by the strip router.
    #[error(transparent)]
    Strip(#[from] StripRouteError),
    /// Outside what the bitboard engine handles.
    #[error(transparent)]
    Bitboard(#[from] super::bitboard::Unsupported),
    /// A capture asked for where no hostile piece stands.
    #[error("no hostile piece stands on {0} to be captured")]
    NoHostilePiece(Coord),
    /// A distance map of a whole strip: it has no end, so a window of files is needed.
    #[error("a strip has no end: a distance map needs a window of files (Area::Files, --files LO..HI)")]
    StripWindow,
    /// An empty window of files.
    #[error("files {0}..{1} hold no file of the board")]
    NoFiles(i64, i64),
    /// The window of files a strip search needs (see [`super::span`]) is more than a search can
    /// hold: its width (`None`: beyond any count), the ranks and the margin each side.
    #[error(
        "the route search on this strip would span {} files x {ranks} ranks (the pieces, the route's ends and a margin of {} files each side that its exactness proof needs): more squares than a search can hold{}",
        files.map_or_else(|| "more than 2^64".to_string(), |f| f.to_string()),
        margin.map_or_else(|| "more than 2^64".to_string(), |m| m.to_string()),
        if *at_end { "; and it reaches an end of the files a coordinate can name (-9223372036854775808 and 9223372036854775807, the i64 range), where the engine for long empty stretches does not answer (it takes the strip to go on beyond the pieces and the route's ends)" } else { "" }
    )]
    StripSpan {
        /// Files the window would span.
        files: Option<u64>,
        /// Ranks of the strip.
        ranks: u32,
        /// The margin each side.
        margin: Option<u64>,
        /// Whether the window stops at an end of the `i64` files (the strip has no file
        /// beyond), where the engine for long empty stretches does not apply.
        at_end: bool,
    },
    /// The search would need more memory than the budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

impl RouteError {
    /// The message with its square named as `board` names squares (`1,1` on a strip or a
    /// board of more than 26 files, where the plain message's `a1` would be another naming),
    /// for the errors that name a square on the board; `None` for the others, whose plain
    /// message serves. O(1).
    #[must_use]
    pub fn named_on(&self, board: crate::geometry::Board) -> Option<String> {
        let name = |c: Coord| board.name(c);
        Some(match self {
            Self::Bounded(PathError::StartOccupied(c)) | Self::Strip(StripRouteError::StartOccupied(c)) => {
                format!("the mover's square {} is occupied by another piece", name(*c))
            }
            Self::NoHostilePiece(c) => format!("no hostile piece stands on {} to be captured", name(*c)),
            _ => return None,
        })
    }
}
