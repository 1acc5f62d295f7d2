//! One side's moves on a duel board, forwards (moves) and backwards (unmoves).
//!
//! A duel has exactly two pieces, so "occupied" means "the other piece stands there": a move
//! generator needs the mover's square and the other piece's square, nothing else. Leaps are
//! single offsets; rides walk square by square and stop at the other piece (which they may
//! capture) or the edge; a lame leap is blocked when the other piece stands on its leg.
//!
//! Two steps of a rule can reach the same square (`WR`, `WWDD`): when any two steps point the
//! same way the generator de-duplicates destinations with [`Marks`], so every count is a count
//! of distinct successor positions — the invariant the retrograde solver's counters rely on.
//!
//! On a wrapped board ([`crate::geometry::Wrap`]) coordinates are taken modulo the wrapped
//! sides: a leap onto its own square is no move, a ride stops before its own square when its
//! line comes back round (and so does a ride walked backwards, before the square it was
//! walked back from), a lame leg on the piece's own square is empty (the other piece never
//! stands there). Two leaps that agree modulo the wrapped sides land together, and rides
//! along different lines may meet round the board: then destinations are de-duplicated.

use super::DuelError;
use crate::geometry::{Delta, Rect};
use crate::piece::{Colour, Motion, Step};

/// One step of a rule as the generator walks it: offsets in `i64`, `range` 0 = unlimited.
#[derive(Clone, Copy, Debug)]
struct Walk {
    dx: i64,
    dy: i64,
    range: u32,
    leg: Option<Delta>,
    can_move: bool,
    can_capture: bool,
}

/// Epoch marks over the squares of a board: O(1) "seen in this generation" without clearing.
#[derive(Clone, Debug)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    epoch: u32,
}

impl Marks {
    /// Marks for `squares` squares.
    pub(crate) fn new(squares: usize) -> Self {
        Self {
            stamp: vec![0; squares],
            epoch: 0,
        }
    }

    fn next(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
    }

    fn insert(&mut self, s: u32) -> bool {
        let slot = &mut self.stamp[s as usize];
        let fresh = *slot != self.epoch;
        *slot = self.epoch;
        fresh
    }
}

/// How a leap may be used: the leg square that must be empty (`u32::MAX`: none), and whether
/// it may move and capture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeapKind {
    pub(crate) leg: u32,
    pub(crate) can_move: bool,
    pub(crate) can_capture: bool,
}

/// Every single leap (range-1 step) of a rule from every square of a board, forwards or
/// backwards, in compressed rows: what the solver walks millions of times, built once. The
/// other ends and the kinds are apart, so that a plain leaper (every leap moves and captures,
/// none is lame) reads 4 bytes per leap.
#[derive(Clone, Debug)]
pub(crate) struct LeapTable {
    start: Vec<u32>,
    /// The other end of each leap.
    pub(crate) ends: Vec<u32>,
    /// How each leap may be used.
    pub(crate) kinds: Vec<LeapKind>,
    /// Every leap moves and captures and none is lame: the kinds need not be read.
    pub(crate) plain: bool,
}

impl LeapTable {
    /// The positions in `ends`/`kinds` of the leaps of square `s`.
    #[inline]
    pub(crate) fn row(&self, s: u32) -> std::ops::Range<usize> {
        let s = s as usize;
        self.start[s] as usize..self.start[s + 1] as usize
    }
}

/// The moves of one side's rule on one board.
#[derive(Clone, Debug)]
pub(crate) struct MoveGen {
    width: i64,
    height: i64,
    walks: Vec<Walk>,
    /// The steps of range other than 1 (the riding ones), apart for the solver's tables.
    rides: Vec<Walk>,
    /// Whether two steps point the same way (or the board wraps), so that destinations can
    /// repeat.
    dedup: bool,
    /// Whether files wrap.
    wrap_files: bool,
    /// Whether ranks wrap.
    wrap_ranks: bool,
}

impl MoveGen {
    /// The generator of `side`'s `steps` (already turned for the side) on `rect`.
    ///
    /// # Errors
    ///
    /// [`DuelError::Hopper`] for a hop (with two pieces the only screen is the other piece: not
    /// handled yet) and [`DuelError::TwoLegs`] for a leap with two lame legs.
    pub(crate) fn new(rect: Rect, steps: &[Step], side: Colour) -> Result<Self, DuelError> {
        let walk = |s: &Step, range: u32, legs: crate::piece::Legs| {
            if legs.iter().nth(1).is_some() {
                return Err(DuelError::TwoLegs(side));
            }
            Ok(Walk {
                dx: s.delta.dx,
                dy: s.delta.dy,
                range,
                leg: legs.first(),
                can_move: s.can_move,
                can_capture: s.can_capture,
            })
        };
        let walks: Vec<Walk> = steps
            .iter()
            .map(|s| match s.motion {
                Motion::Leap { legs } => walk(s, 1, legs),
                Motion::Ride { range, legs } => walk(s, range, legs),
                Motion::Hop { .. } => Err(DuelError::Hopper(side)),
                Motion::Path { path } => Err(DuelError::Legs(side, path.kind_name())),
            })
            .collect::<Result<_, _>>()?;
        let same_way = |a: &Walk, b: &Walk| a.dx * b.dy == a.dy * b.dx && a.dx * b.dx + a.dy * b.dy > 0;
        let wrap = rect.wrap();
        let (width, height) = (i64::from(rect.width()), i64::from(rect.height()));
        // Round a wrapped side two leaps land together when they agree modulo it; two rides
        // along different lines can meet anywhere on their orbits.
        let agree = |x: i64, y: i64, side: i64, wraps: bool| {
            if wraps {
                (x - y).rem_euclid(side) == 0
            } else {
                x == y
            }
        };
        let same_square = |a: &Walk, b: &Walk| {
            agree(a.dx, b.dx, width, wrap.files()) && agree(a.dy, b.dy, height, wrap.ranks())
        };
        let dedup = walks.iter().enumerate().any(|(i, a)| {
            walks[i + 1..]
                .iter()
                .any(|b| same_way(a, b) || (!wrap.is_flat() && same_square(a, b)))
        }) || (!wrap.is_flat() && walks.iter().any(|w| w.range != 1));
        Ok(Self {
            width,
            height,
            rides: walks.iter().filter(|w| w.range != 1).copied().collect(),
            walks,
            dedup,
            wrap_files: wrap.files(),
            wrap_ranks: wrap.ranks(),
        })
    }

    fn xy(&self, s: u32) -> (i64, i64) {
        let s = i64::from(s);
        (s % self.width, s / self.width)
    }

    /// `(x, y)` reduced modulo the wrapped sides (unchanged on flat ones).
    #[inline]
    fn reduce(&self, x: i64, y: i64) -> (i64, i64) {
        (
            if self.wrap_files {
                x.rem_euclid(self.width)
            } else {
                x
            },
            if self.wrap_ranks {
                y.rem_euclid(self.height)
            } else {
                y
            },
        )
    }

    /// The square at 0-based `(x, y)`, taken modulo a wrapped side; `None` off the board.
    fn at(&self, x: i64, y: i64) -> Option<u32> {
        let x = if self.wrap_files {
            x.rem_euclid(self.width)
        } else {
            x
        };
        let y = if self.wrap_ranks {
            y.rem_euclid(self.height)
        } else {
            y
        };
        if (0..self.width).contains(&x) && (0..self.height).contains(&y) {
            // In range: y * width + x < width * height < 2^32 (Rect's invariant).
            u32::try_from(y * self.width + x).ok()
        } else {
            None
        }
    }

    /// Calls `f(to, captures)` once for every square the piece on `from` may move to, the other
    /// piece standing on `other`. O(squares reached + steps).
    pub(crate) fn moves(&self, from: u32, other: u32, marks: &mut Marks, mut f: impl FnMut(u32, bool)) {
        if self.dedup {
            marks.next();
        }
        let (x, y) = self.xy(from);
        for w in &self.walks {
            if let Some(leg) = w.leg {
                if self.at(x + leg.dx, y + leg.dy) == Some(other) {
                    continue;
                }
            }
            self.ride(w, (x, y), other, |to, capture| {
                if !self.dedup || marks.insert(to) {
                    f(to, capture);
                }
            });
        }
    }

    /// One step's squares from `(x, y)`: each square it may end on, with whether that is a
    /// capture; it stops at the other piece or the edge. O(squares walked).
    #[inline]
    fn ride(&self, w: &Walk, (x, y): (i64, i64), other: u32, mut f: impl FnMut(u32, bool)) {
        let home = self.at(x, y);
        let (mut tx, mut ty, mut left) = (x, y, w.range);
        loop {
            // Kept reduced on wrapped sides, so coordinates stay small however long the ride.
            (tx, ty) = self.reduce(tx + w.dx, ty + w.dy);
            let Some(to) = self.at(tx, ty).filter(|&t| Some(t) != home) else {
                break;
            };
            let capture = to == other;
            if if capture { w.can_capture } else { w.can_move } {
                f(to, capture);
            }
            if capture || left == 1 {
                break;
            }
            left = left.saturating_sub(1);
        }
    }

    /// One step walked backwards from `(x, y)`: every square it could have come from (not
    /// through the other piece), with its coordinates. O(squares walked).
    #[inline]
    fn ride_back(&self, w: &Walk, (x, y): (i64, i64), other: u32, mut f: impl FnMut(u32, i64, i64)) {
        let home = self.at(x, y);
        let (mut fx, mut fy, mut left) = (x, y, w.range);
        loop {
            (fx, fy) = self.reduce(fx - w.dx, fy - w.dy);
            // A ride from a square never passes that square again: the walk back stops before
            // the square it started from.
            let Some(from) = self.at(fx, fy).filter(|&t| Some(t) != home) else {
                break;
            };
            if from == other {
                // The other piece stands in the way of every longer ride.
                break;
            }
            f(from, fx, fy);
            if left == 1 {
                break;
            }
            left = left.saturating_sub(1);
        }
    }

    /// Calls `f(from)` once for every square from which the piece could have moved to `to`, the
    /// other piece standing on `other` (`to == other`: the move was a capture). The exact inverse
    /// of [`MoveGen::moves`]. O(squares walked + steps).
    pub(crate) fn unmoves(&self, to: u32, other: u32, marks: &mut Marks, mut f: impl FnMut(u32)) {
        if self.dedup {
            marks.next();
        }
        let capture = to == other;
        let (x, y) = self.xy(to);
        for w in &self.walks {
            if !(if capture { w.can_capture } else { w.can_move }) {
                continue;
            }
            self.ride_back(w, (x, y), other, |from, fx, fy| {
                let leg_free = w
                    .leg
                    .is_none_or(|leg| self.at(fx + leg.dx, fy + leg.dy) != Some(other));
                if leg_free && (!self.dedup || marks.insert(from)) {
                    f(from);
                }
            });
        }
    }

    /// Whether the piece on `from` attacks `sq` when the other piece stands on `sq`: some
    /// capturing step reaches it (nothing else is on the board to block). O(steps).
    pub(crate) fn attacks(&self, from: u32, sq: u32) -> bool {
        if self.wrap_files || self.wrap_ranks {
            // Lines come round: walked (the other piece on `sq` ends each ride there).
            let mut hit = false;
            for w in self.walks.iter().filter(|w| w.can_capture) {
                self.ride(w, self.xy(from), sq, |to, _| hit |= to == sq);
            }
            return hit;
        }
        let ((x, y), (tx, ty)) = (self.xy(from), self.xy(sq));
        let (ex, ey) = (tx - x, ty - y);
        self.walks.iter().filter(|w| w.can_capture).any(|w| {
            // (ex, ey) = k * (dx, dy) for some 1 <= k <= range.
            let k = if w.dx != 0 { ex / w.dx } else { ey / w.dy };
            k >= 1 && k * w.dx == ex && k * w.dy == ey && (w.range == 0 || k <= i64::from(w.range))
        })
    }

    /// The squares from which the piece attacks `sq` when the other piece stands there (nothing
    /// else to block), sorted. O(squares walked + steps).
    pub(crate) fn attackers_of(&self, sq: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let (x, y) = self.xy(sq);
        for w in self.walks.iter().filter(|w| w.can_capture) {
            let (mut fx, mut fy, mut left) = (x, y, w.range);
            loop {
                (fx, fy) = self.reduce(fx - w.dx, fy - w.dy);
                let Some(from) = self.at(fx, fy).filter(|&f| f != sq) else {
                    break;
                };
                out.push(from);
                if left == 1 {
                    break;
                }
                left = left.saturating_sub(1);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of single-leap steps: each square's row in a [`LeapTable`] has at most this many.
    pub(crate) fn leap_steps(&self) -> usize {
        self.walks.iter().filter(|w| w.range == 1).count()
    }

    /// The table of single leaps from every square (`reverse`: into every square). O(squares ×
    /// leap steps).
    pub(crate) fn leap_table(&self, reverse: bool) -> LeapTable {
        let squares = usize::try_from(self.width * self.height).unwrap_or(0);
        let mut start = Vec::with_capacity(squares + 1);
        let (mut ends, mut kinds) = (Vec::new(), Vec::new());
        for s in 0..squares {
            start.push(u32::try_from(ends.len()).unwrap_or(u32::MAX));
            let (x, y) = self.xy(u32::try_from(s).unwrap_or(u32::MAX));
            for w in self.walks.iter().filter(|w| w.range == 1) {
                // Forwards: from s to s + d; backwards: from s - d to s (the leg counts from the
                // start of the leap either way).
                let (fx, fy) = if reverse { (x - w.dx, y - w.dy) } else { (x, y) };
                let Some(other_end) = self
                    .at(
                        if reverse { fx } else { x + w.dx },
                        if reverse { fy } else { y + w.dy },
                    )
                    // A wrapped leap onto its own square is no move.
                    .filter(|&e| e != u32::try_from(s).unwrap_or(u32::MAX))
                else {
                    continue;
                };
                let leg = match w.leg {
                    None => u32::MAX,
                    Some(l) => match self.at(fx + l.dx, fy + l.dy) {
                        Some(sq) => sq,
                        None => continue,
                    },
                };
                ends.push(other_end);
                kinds.push(LeapKind {
                    leg,
                    can_move: w.can_move,
                    can_capture: w.can_capture,
                });
            }
        }
        start.push(u32::try_from(ends.len()).unwrap_or(u32::MAX));
        let plain = self
            .walks
            .iter()
            .filter(|w| w.range == 1)
            .all(|w| w.can_move && w.can_capture && w.leg.is_none());
        LeapTable {
            start,
            ends,
            kinds,
            plain,
        }
    }

    /// As [`MoveGen::moves`] for the riding steps only (range other than 1), no de-duplication:
    /// for rules whose steps never repeat a destination.
    pub(crate) fn ride_moves(&self, from: u32, other: u32, mut f: impl FnMut(u32, bool)) {
        if self.rides.is_empty() {
            return;
        }
        let xy = self.xy(from);
        for w in &self.rides {
            self.ride(w, xy, other, &mut f);
        }
    }

    /// As [`MoveGen::unmoves`] for the riding steps only, no de-duplication.
    pub(crate) fn ride_unmoves(&self, to: u32, other: u32, mut f: impl FnMut(u32)) {
        if self.rides.is_empty() {
            return;
        }
        let capture = to == other;
        let xy = self.xy(to);
        for w in self
            .rides
            .iter()
            .filter(|w| if capture { w.can_capture } else { w.can_move })
        {
            self.ride_back(w, xy, other, |from, _, _| f(from));
        }
    }

    /// Whether [`MoveGen::leap_table`] plus the ride walks give exactly the moves: no repeated
    /// destinations and no lame rides.
    pub(crate) fn tables_apply(&self) -> bool {
        !self.dedup && self.walks.iter().all(|w| w.range == 1 || w.leg.is_none())
    }

    /// Whether destinations can repeat, so that [`Marks`] over the board are needed.
    pub(crate) fn needs_marks(&self) -> bool {
        self.dedup
    }
}
