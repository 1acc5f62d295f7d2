//! One piece's moves on a board with a few other pieces, forwards (moves) and backwards
//! (unmoves): the generator every retrograde solver walks (duels and royal endgames).
//!
//! The board holds a handful of pieces, so occupancy is asked square by square of an
//! [`Occupancy`]: a duel's is the other piece's square (`u32`), an endgame's the three others.
//! Leaps are single offsets; rides walk square by square and stop at the first occupied square
//! (captured when it holds an enemy) or the edge; a lame leap is blocked when its leg is occupied.
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

use thiserror::Error;

use crate::geometry::{Delta, Rect};
use crate::piece::{Colour, Motion, Step};

/// No square (no lame leg, or a leg off the board, which never blocks).
pub(crate) const NONE: u32 = u32::MAX;

/// Movements the retrograde generator does not walk yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenError {
    /// A hopper (its screens would need the whole occupancy walked backwards).
    #[error("the {0} piece is a hopper; retrograde solvers do not handle hoppers yet")]
    Hopper(Colour),
    /// A lame Z leap (two blocking squares).
    #[error(
        "the {0} piece makes lame Z leaps (two blocking squares); retrograde solvers do not handle them yet"
    )]
    TwoLegs(Colour),
    /// A multi-leg piece (XBetza), by the kind of leg.
    #[error("the {0} piece moves in legs ({1}); retrograde solvers do not handle multi-leg moves yet")]
    Legs(Colour, &'static str),
}

/// The other pieces on the board, as the generator asks about them. O(1) per question for
/// the few pieces a retrograde table holds.
pub(crate) trait Occupancy {
    /// Whether a piece stands on `s`.
    fn occupied(&self, s: u32) -> bool;
    /// Whether the piece on `s` may be captured (an enemy; only asked of occupied squares).
    fn capturable(&self, s: u32) -> bool;
}

/// A duel's occupancy: the other piece's square, an enemy.
impl Occupancy for u32 {
    #[inline]
    fn occupied(&self, s: u32) -> bool {
        s == *self
    }
    #[inline]
    fn capturable(&self, s: u32) -> bool {
        s == *self
    }
}

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

    pub(super) fn next(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
    }

    pub(super) fn insert(&mut self, s: u32) -> bool {
        let slot = &mut self.stamp[s as usize];
        let fresh = *slot != self.epoch;
        *slot = self.epoch;
        fresh
    }
}

/// An occupancy with one more (capturable) piece on `extra`.
struct With<'a, O> {
    occ: &'a O,
    extra: u32,
}

impl<O: Occupancy> Occupancy for With<'_, O> {
    #[inline]
    fn occupied(&self, s: u32) -> bool {
        s == self.extra || self.occ.occupied(s)
    }
    #[inline]
    fn capturable(&self, s: u32) -> bool {
        s == self.extra || self.occ.capturable(s)
    }
}

/// Per offset from a piece on a flat board (rows of `cols`): 0 when no capturing step reaches
/// it, else the step's index + 1 (bits 0–11) and its leaps (bits 12–31), [`AttackTable::MANY`]
/// when several steps do.
#[derive(Clone, Debug)]
pub(crate) struct AttackTable {
    cols: i64,
    entries: Vec<u32>,
}

impl AttackTable {
    /// Several steps reach the offset.
    const MANY: u32 = u32::MAX;

    /// Bytes of a table on a `width × height` board.
    pub(crate) fn bytes(width: u64, height: u64) -> Option<u64> {
        (2 * width)
            .checked_sub(1)?
            .checked_mul((2 * height).checked_sub(1)?)?
            .checked_mul(4)
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
    /// [`GenError::Hopper`] for a hop and [`GenError::TwoLegs`] for a leap with two lame legs.
    pub(crate) fn new(rect: Rect, steps: &[Step], side: Colour) -> Result<Self, GenError> {
        let walk = |s: &Step, range: u32, legs: crate::piece::Legs| {
            if legs.iter().nth(1).is_some() {
                return Err(GenError::TwoLegs(side));
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
                Motion::Hop { .. } => Err(GenError::Hopper(side)),
                Motion::Path { path } => Err(GenError::Legs(side, path.kind_name())),
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

    /// Squares of the board.
    pub(crate) fn squares(&self) -> usize {
        usize::try_from(self.width * self.height).unwrap_or(0)
    }

    /// Steps of the rule.
    pub(crate) fn steps(&self) -> usize {
        self.walks.len()
    }

    /// The squares step number `step` passes from `from` on an empty board (`backward`: the
    /// squares a move along it into `from` may come from), in walking order, each with its lame leg's square
    /// when walked backwards; returns the leg's square from `from` (forwards) and whether the
    /// step moves and captures. Exactly the squares [`MoveGen::ride`] and
    /// [`MoveGen::ride_back`] visit. O(squares walked).
    pub(crate) fn path(
        &self,
        step: usize,
        from: u32,
        backward: bool,
        mut visit: impl FnMut(u32, u32),
    ) -> (u32, bool, bool) {
        let w = &self.walks[step];
        let (x, y) = self.xy(from);
        let leg_at = |(x, y): (i64, i64)| w.leg.and_then(|l| self.at(x + l.dx, y + l.dy)).unwrap_or(NONE);
        let sign = if backward { -1 } else { 1 };
        let home = self.at(x, y);
        let (mut tx, mut ty, mut left) = (x, y, w.range);
        loop {
            (tx, ty) = self.reduce(tx + sign * w.dx, ty + sign * w.dy);
            let Some(to) = self.at(tx, ty).filter(|&sq| Some(sq) != home) else {
                break;
            };
            visit(to, if backward { leg_at((tx, ty)) } else { NONE });
            if left == 1 {
                break;
            }
            left = left.saturating_sub(1);
        }
        (leg_at((x, y)), w.can_move, w.can_capture)
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
    pub(crate) fn moves(&self, from: u32, other: u32, marks: &mut Marks, f: impl FnMut(u32, bool)) {
        self.moves_in(from, &other, marks, f);
    }

    /// Calls `f(to, captures)` once for every square the piece on `from` may move to among the
    /// pieces of `occ` (the mover not among them). O(squares reached + steps).
    pub(crate) fn moves_in(
        &self,
        from: u32,
        occ: &impl Occupancy,
        marks: &mut Marks,
        mut f: impl FnMut(u32, bool),
    ) {
        if self.dedup {
            marks.next();
        }
        let (x, y) = self.xy(from);
        for w in &self.walks {
            if self.leg_blocked(w, (x, y), occ) {
                continue;
            }
            self.ride(w, (x, y), occ, |to, capture| {
                if !self.dedup || marks.insert(to) {
                    f(to, capture);
                }
            });
        }
    }

    /// Whether the lame leg of `w` from `(x, y)` is occupied.
    #[inline]
    fn leg_blocked(&self, w: &Walk, (x, y): (i64, i64), occ: &impl Occupancy) -> bool {
        w.leg
            .is_some_and(|leg| self.at(x + leg.dx, y + leg.dy).is_some_and(|l| occ.occupied(l)))
    }

    /// One step's squares from `(x, y)`: each square it may end on, with whether that is a
    /// capture; it stops at the first occupied square or the edge. O(squares walked).
    #[inline]
    fn ride(&self, w: &Walk, (x, y): (i64, i64), occ: &impl Occupancy, mut f: impl FnMut(u32, bool)) {
        let home = self.at(x, y);
        let (mut tx, mut ty, mut left) = (x, y, w.range);
        loop {
            // Kept reduced on wrapped sides, so coordinates stay small however long the ride.
            (tx, ty) = self.reduce(tx + w.dx, ty + w.dy);
            let Some(to) = self.at(tx, ty).filter(|&t| Some(t) != home) else {
                break;
            };
            let occupied = occ.occupied(to);
            if occupied {
                if w.can_capture && occ.capturable(to) {
                    f(to, true);
                }
                break;
            }
            if w.can_move {
                f(to, false);
            }
            if left == 1 {
                break;
            }
            left = left.saturating_sub(1);
        }
    }

    /// One step walked backwards from `(x, y)`: every square it could have come from (not
    /// through an occupied square), with its coordinates. O(squares walked).
    #[inline]
    fn ride_back(
        &self,
        w: &Walk,
        (x, y): (i64, i64),
        occ: &impl Occupancy,
        mut f: impl FnMut(u32, i64, i64),
    ) {
        let home = self.at(x, y);
        let (mut fx, mut fy, mut left) = (x, y, w.range);
        loop {
            (fx, fy) = self.reduce(fx - w.dx, fy - w.dy);
            // A ride from a square never passes that square again: the walk back stops before
            // the square it started from.
            let Some(from) = self.at(fx, fy).filter(|&t| Some(t) != home) else {
                break;
            };
            if occ.occupied(from) {
                // An occupied square stands in the way of every longer ride.
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
    pub(crate) fn unmoves(&self, to: u32, other: u32, marks: &mut Marks, f: impl FnMut(u32)) {
        self.unmoves_in(to, &other, to == other, marks, f);
    }

    /// Calls `f(from)` once for every square from which the piece could have moved to `to`
    /// among the pieces of `occ` (the mover not among them), by a capture when `capture` (the
    /// captured piece stood on `to`). The exact inverse of [`MoveGen::moves_in`]. O(squares
    /// walked + steps).
    pub(crate) fn unmoves_in(
        &self,
        to: u32,
        occ: &impl Occupancy,
        capture: bool,
        marks: &mut Marks,
        mut f: impl FnMut(u32),
    ) {
        if self.dedup {
            marks.next();
        }
        let (x, y) = self.xy(to);
        for w in &self.walks {
            if !(if capture { w.can_capture } else { w.can_move }) {
                continue;
            }
            self.ride_back(w, (x, y), occ, |from, fx, fy| {
                let leg_free = !self.leg_blocked(w, (fx, fy), occ);
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
                self.ride(w, self.xy(from), &sq, |to, _| hit |= to == sq);
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

    /// Whether the piece on `from` attacks `sq` among the pieces of `occ`, which block its lines
    /// and legs (`sq` counts as occupied: the attacked piece stands there, or is about to).
    /// Flat boards: O(steps + squares between `from` and `sq`) by arithmetic; wrapped boards
    /// walk every capturing step.
    pub(crate) fn attacks_in(&self, from: u32, sq: u32, occ: &impl Occupancy) -> bool {
        let with = With { occ, extra: sq };
        let (x, y) = self.xy(from);
        if self.wrap_files || self.wrap_ranks {
            let mut hit = false;
            for w in self.walks.iter().filter(|w| w.can_capture) {
                if !self.leg_blocked(w, (x, y), &with) {
                    self.ride(w, (x, y), &with, |to, _| hit |= to == sq);
                }
            }
            return hit;
        }
        let (tx, ty) = self.xy(sq);
        let (ex, ey) = (tx - x, ty - y);
        self.walks.iter().filter(|w| w.can_capture).any(|w| {
            // (ex, ey) = k * (dx, dy) for some 1 <= k <= range, nothing on the squares between.
            let k = if w.dx != 0 { ex / w.dx } else { ey / w.dy };
            k >= 1
                && k * w.dx == ex
                && k * w.dy == ey
                && (w.range == 0 || k <= i64::from(w.range))
                && !self.leg_blocked(w, (x, y), &with)
                && (1..k).all(|j| {
                    self.at(x + j * w.dx, y + j * w.dy)
                        .is_none_or(|s| !occ.occupied(s))
                })
        })
    }

    /// On a flat board, the capturing step (and its number of leaps) that reaches each offset
    /// from the piece: what [`MoveGen::attacks_by`] reads instead of trying every step.
    /// `None` on wrapped boards or with more than 4,095 steps. O((2W−1)(2H−1) + Σ ray lengths)
    /// time and 4 bytes an offset.
    pub(crate) fn attack_table(&self) -> Option<AttackTable> {
        if self.wrap_files || self.wrap_ranks || self.walks.len() >= 1 << 12 {
            return None;
        }
        let (cols, rows) = (2 * self.width - 1, 2 * self.height - 1);
        let mut entries = vec![0u32; usize::try_from(cols * rows).ok()?];
        for (i, w) in self.walks.iter().enumerate().filter(|(_, w)| w.can_capture) {
            let mut k = 1i64;
            loop {
                let (ex, ey) = (k * w.dx, k * w.dy);
                if ex.abs() >= self.width
                    || ey.abs() >= self.height
                    || (w.range != 0 && k > i64::from(w.range))
                {
                    break;
                }
                let slot = &mut entries
                    [usize::try_from((ey + self.height - 1) * cols + ex + self.width - 1).ok()?];
                *slot = if *slot == 0 {
                    u32::try_from(i + 1).ok()? | (u32::try_from(k).ok()? << 12)
                } else {
                    AttackTable::MANY
                };
                k += 1;
            }
        }
        Some(AttackTable { cols, entries })
    }

    /// [`MoveGen::attacks_in`] through the piece's [`AttackTable`] when it has one: one lookup,
    /// then the leg and the squares between. O(1 + squares between); several steps reaching
    /// one offset fall back to trying every step.
    #[inline]
    pub(crate) fn attacks_by(
        &self,
        table: Option<&AttackTable>,
        from: u32,
        sq: u32,
        occ: &impl Occupancy,
    ) -> bool {
        let Some(table) = table else {
            return self.attacks_in(from, sq, occ);
        };
        let (fx, fy) = self.xy(from);
        let (tx, ty) = self.xy(sq);
        let Ok(at) = usize::try_from((ty - fy + self.height - 1) * table.cols + tx - fx + self.width - 1)
        else {
            return false;
        };
        match table.entries.get(at).copied().unwrap_or(0) {
            0 => false,
            AttackTable::MANY => self.attacks_in(from, sq, occ),
            entry => {
                let step = &self.walks[(entry & 0xFFF) as usize - 1];
                let leaps = i64::from(entry >> 12);
                !self.leg_blocked(step, (fx, fy), &With { occ, extra: sq })
                    && (1..leaps).all(|j| {
                        self.at(fx + j * step.dx, fy + j * step.dy)
                            .is_none_or(|s| !occ.occupied(s))
                    })
            }
        }
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
            self.ride(w, xy, &other, &mut f);
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
            self.ride_back(w, xy, &other, |from, _, _| f(from));
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
