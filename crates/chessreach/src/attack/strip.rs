use std::collections::BTreeMap;

use super::walk::{Surface, WalkSink};
use super::{AttackQuery, Position};
use crate::geometry::{Board, Coord, Delta, Strip};
use crate::limits::{mul_add, tell, Budget, Progress, Ticks, TooLarge};
use crate::piece::{Colour, Motion};

/// Occupancy of a strip: active pieces sorted by (rank, file), searched by bisection.
pub(crate) struct StripSurface {
    strip: Strip,
    /// (rank, file) of every active piece, sorted.
    cells: Vec<(i64, i64)>,
}

impl StripSurface {
    pub(crate) fn new(pos: &Position, strip: Strip, active: &impl Fn(usize) -> bool) -> Self {
        let mut cells: Vec<(i64, i64)> = pos
            .pieces()
            .iter()
            .enumerate()
            .filter(|(i, _)| active(*i))
            .map(|(_, p)| (p.at.rank, p.at.file))
            .collect();
        cells.sort_unstable();
        Self { strip, cells }
    }
}

impl Surface for StripSurface {
    fn on_board(&self, c: Coord) -> bool {
        self.strip.contains(c)
    }
    fn occupied(&self, c: Coord) -> bool {
        self.cells.binary_search(&(c.rank, c.file)).is_ok()
    }
    fn unbounded_files(&self) -> bool {
        true
    }
    /// O(log p) for unit steps; for longer steps the pieces of the rank are scanned in order
    /// until one lies on the ray's residue class (O(pieces on that side of the rank)).
    fn first_blocker(&self, from: Coord, step: Delta) -> Option<Coord> {
        let k = step.dx.unsigned_abs();
        let on_ray = |f: i64| (i128::from(f) - i128::from(from.file)).rem_euclid(i128::from(k)) == 0;
        let rank = from.rank;
        if step.dx > 0 {
            let i = self.cells.partition_point(|&c| c <= (rank, from.file));
            self.cells[i..]
                .iter()
                .take_while(|c| c.0 == rank)
                .find(|c| on_ray(c.1))
                .map(|c| Coord::new(c.1, rank))
        } else {
            let i = self.cells.partition_point(|&c| c < (rank, from.file));
            self.cells[..i]
                .iter()
                .rev()
                .take_while(|c| c.0 == rank)
                .find(|c| on_ray(c.1))
                .map(|c| Coord::new(c.1, rank))
        }
    }
}

/// The squares the pieces `keep` keeps attack finitely on a strip, sorted and without repeats,
/// and their unlimited horizontal rays: what [`StripAttackMap::new`] collects, for some pieces
/// and without the attackers (16 bytes a square, one sort in place: a route across 10^5 pieces
/// needs no more). Every piece blocks. O(p log p + attacks · log attacks).
pub(crate) fn attacks_of(
    pos: &Position,
    strip: Strip,
    keep: impl Fn(usize) -> bool,
) -> (Vec<Coord>, Vec<Ray>) {
    let (mut squares, rays) = collect(pos, strip, keep, |c, _| c, <[Coord]>::sort_unstable, None);
    squares.sort();
    squares.dedup();
    (squares, rays)
}

/// The attacks of the pieces `keep` keeps, every piece blocking: finite squares as `entry`
/// makes them, each piece's sorted by `sort_run`, pieces in file order — so the list is made
/// of long sorted runs (broken only where two pieces' attacks overlap), which a run-detecting
/// sort then merges in about linear time — and unlimited horizontal rays whole.
/// O(p log p + Σ finite ray lengths).
#[expect(
    clippy::cast_possible_truncation,
    reason = "piece indices fit u32: 2^32 pieces would take over 100 GB of input before a map is asked for"
)]
fn collect<T>(
    pos: &Position,
    strip: Strip,
    keep: impl Fn(usize) -> bool,
    entry: fn(Coord, u32) -> T,
    sort_run: impl Fn(&mut [T]),
    progress: Option<Progress<'_>>,
) -> (Vec<T>, Vec<Ray>) {
    let surface = StripSurface::new(pos, strip, &|_| true);
    let (mut finite, mut rays) = (Vec::new(), Vec::new());
    let mut order: Vec<u32> = (0..pos.pieces().len() as u32)
        .filter(|&i| keep(i as usize))
        .collect();
    order.sort_by_key(|&i| pos.pieces()[i as usize].at);
    let mut ticks = Ticks::new(progress, "attacks", order.len() as u64, 1 << 16);
    for i in order {
        let from = finite.len();
        let mut sink = Collect {
            piece: i,
            finite: &mut finite,
            entry,
            rays: &mut rays,
        };
        pos.walk_attacks(i as usize, &surface, &mut sink);
        sort_run(&mut finite[from..]);
        ticks.add((finite.len() - from) as u64 + 1);
    }
    (finite, rays)
}

/// An unlimited horizontal ray of a piece on a strip: it covers `from + k*step` for `k >= 1`,
/// up to and including `until` (the blocking piece) or forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Ray {
    /// The attacking piece.
    pub piece: u32,
    /// Its square.
    pub from: Coord,
    /// One leap, `(±k, 0)`.
    pub step: Delta,
    /// The last square covered, `None` when the ray never ends.
    pub until: Option<Coord>,
}

impl Ray {
    /// Whether the ray covers `c`.
    #[must_use]
    pub fn covers(&self, c: Coord) -> bool {
        if c.rank != self.from.rank {
            return false;
        }
        let d = i128::from(c.file) - i128::from(self.from.file);
        let k = i128::from(self.step.dx);
        if d == 0 || d.signum() != k.signum() || d % k != 0 {
            return false;
        }
        match self.until {
            None => true,
            Some(u) => (i128::from(u.file) - i128::from(c.file)).signum() != -k.signum(),
        }
    }
}

/// The attack map of a position on a strip (unbounded files).
///
/// Finite attacks (everything except unlimited horizontal riders) are stored as a sorted list of
/// (square, piece) pairs; horizontal rider rays are stored whole, never walked, so a rook 10^18
/// files from its blocker costs O(log p). Built in O(p log p + Σ finite ray lengths).
#[derive(Clone, Debug)]
pub struct StripAttackMap {
    strip: Strip,
    /// (square, attacking piece), sorted.
    finite: Vec<(Coord, u32)>,
    /// Horizontal rays by rank.
    rays: BTreeMap<i64, Vec<Ray>>,
    colours: Vec<Colour>,
}

/// One piece's attacks as [`collect`] keeps them.
struct Collect<'a, T> {
    piece: u32,
    finite: &'a mut Vec<T>,
    entry: fn(Coord, u32) -> T,
    rays: &'a mut Vec<Ray>,
}

impl<T> WalkSink for Collect<'_, T> {
    fn square(&mut self, c: Coord) {
        self.finite.push((self.entry)(c, self.piece));
    }
    fn ray(&mut self, from: Coord, step: Delta, until: Option<Coord>) {
        self.rays.push(Ray {
            piece: self.piece,
            from,
            step,
            until,
        });
    }
}

impl StripAttackMap {
    /// The most (square, attacker) pairs [`StripAttackMap::new`] lists: per piece and step, one
    /// square for a leap, for a ride or a hop its range across the files (an unlimited one is a
    /// ray: none) and at most the strip's ranks up or down them. O(pieces × steps); `None` on a
    /// bounded board or on overflow.
    #[must_use]
    pub fn pairs_bound(pos: &Position) -> Option<u64> {
        let Board::Strip(strip) = pos.board() else {
            return None;
        };
        let ranks = u64::from(strip.ranks());
        (0..pos.pieces().len()).try_fold(0u64, |acc, i| {
            pos.steps_of(i)
                .iter()
                .filter(|s| s.can_capture)
                .try_fold(acc, |acc, s| {
                    let reach = match s.motion {
                        Motion::Leap { .. } | Motion::Hop { range: 1, .. } => 1,
                        Motion::Ride { range, .. } | Motion::Hop { range, .. } if s.delta.dy != 0 => {
                            if range == 0 {
                                ranks
                            } else {
                                u64::from(range).min(ranks)
                            }
                        }
                        Motion::Ride { range, .. } | Motion::Hop { range, .. } => u64::from(range),
                        // Multi-leg pieces are refused on strips (`Position::new`): no bound.
                        Motion::Path { .. } => return None,
                    };
                    acc.checked_add(reach)
                })
        })
    }

    /// Bytes [`StripAttackMap::new`] may need: 24 per (square, attacker) pair, twice (the
    /// sort's buffer), and 48 per piece and step (its rays). `None` on a bounded board or on
    /// overflow.
    #[must_use]
    pub fn bytes_needed(pos: &Position) -> Option<u64> {
        let steps: u64 = (0..pos.pieces().len())
            .map(|i| pos.steps_of(i).len() as u64)
            .sum();
        mul_add(Self::pairs_bound(pos)?, 48, steps.checked_mul(48)?)
    }

    /// [`StripAttackMap::new`], refused up front beyond `budget` (ranged riders across the
    /// files list every square they reach); `Ok(None)` when the board is bounded.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when [`StripAttackMap::bytes_needed`] exceeds `budget`.
    pub fn within(pos: &Position, budget: Budget) -> Result<Option<Self>, TooLarge> {
        if !matches!(pos.board(), Board::Strip(_)) {
            return Ok(None);
        }
        budget.check("the strip's attack map", Self::bytes_needed(pos))?;
        Ok(Self::with_progress(pos, None))
    }

    /// [`StripAttackMap::within`] telling `progress` how far it is (as
    /// [`StripAttackMap::with_progress`]).
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when [`StripAttackMap::bytes_needed`] exceeds `budget`.
    pub fn within_progress(
        pos: &Position,
        budget: Budget,
        progress: Option<Progress<'_>>,
    ) -> Result<Option<Self>, TooLarge> {
        if !matches!(pos.board(), Board::Strip(_)) {
            return Ok(None);
        }
        budget.check("the strip's attack map", Self::bytes_needed(pos))?;
        Ok(Self::with_progress(pos, progress))
    }

    /// The attack map of a position on a strip; `None` when the board is bounded.
    #[must_use]
    pub fn new(pos: &Position) -> Option<Self> {
        Self::with_progress(pos, None)
    }

    /// [`StripAttackMap::new`] telling `progress` how far it is: stage `"attacks"`, in squares
    /// found plus one per piece (the total is the pieces), about every 2^16, then `"sort"` once.
    /// A callback that unwinds (a deadline) stops it there. O(p log p + attacks · log attacks).
    #[must_use]
    pub fn with_progress(pos: &Position, progress: Option<Progress<'_>>) -> Option<Self> {
        let Board::Strip(strip) = pos.board() else {
            return None;
        };
        // One integer per entry compares faster than the tuple (a strip's ranks are 1..=64).
        let key = |&(c, p): &(Coord, u32)| {
            (u128::from(c.file.cast_unsigned() ^ (1 << 63)) << 64)
                | (u128::from(u32::try_from(c.rank).unwrap_or(u32::MAX)) << 32)
                | u128::from(p)
        };
        let (mut finite, list) = collect(
            pos,
            strip,
            |_| true,
            |c, p| (c, p),
            |run| {
                run.sort_unstable_by_key(key);
            },
            progress,
        );
        tell(progress, "sort", 0, finite.len() as u64);
        finite.sort_by_key(key);
        finite.dedup();
        let mut rays: BTreeMap<i64, Vec<Ray>> = BTreeMap::new();
        for ray in list {
            rays.entry(ray.from.rank).or_default().push(ray);
        }
        for list in rays.values_mut() {
            list.sort_by_key(|r: &Ray| r.piece);
        }
        Some(Self {
            strip,
            finite,
            rays,
            colours: pos.pieces().iter().map(|p| p.colour).collect(),
        })
    }

    /// The strip.
    #[must_use]
    pub fn strip(&self) -> Strip {
        self.strip
    }

    /// Every finitely attacked square with its attacker, sorted by square.
    #[must_use]
    pub fn finite(&self) -> &[(Coord, u32)] {
        &self.finite
    }

    /// Every horizontal rider ray, by rank.
    pub fn rays(&self) -> impl Iterator<Item = &Ray> {
        self.rays.values().flatten()
    }

    /// Indices of the pieces attacking `c`. O(log n + rays on its rank).
    #[must_use]
    pub fn attackers(&self, c: Coord) -> Vec<u32> {
        let lo = self.finite.partition_point(|&(s, _)| s < c);
        let mut out: Vec<u32> = self.finite[lo..]
            .iter()
            .take_while(|&&(s, _)| s == c)
            .map(|&(_, p)| p)
            .collect();
        if let Some(rays) = self.rays.get(&c.rank) {
            out.extend(rays.iter().filter(|r| r.covers(c)).map(|r| r.piece));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether `colour` attacks `c`.
    #[must_use]
    pub fn is_attacked(&self, colour: Colour, c: Coord) -> bool {
        self.count(colour, c) > 0
    }
}

impl AttackQuery for StripAttackMap {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "piece indices fit u32: 2^32 pieces would take over 100 GB of input before a map is asked for"
    )]
    fn count(&self, colour: Colour, c: Coord) -> u32 {
        if !self.strip.contains(c) {
            return 0;
        }
        self.attackers(c)
            .iter()
            .filter(|&&p| self.colours[p as usize] == colour)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::{Setup, Symbols};

    fn strip_position(specs: &[&str]) -> Position {
        let mut setup = Setup::with_symbols("infx8".parse().expect("a strip"), Symbols::default());
        for s in specs {
            setup.place(s, Colour::White).expect("a spec");
        }
        setup.build().expect("a position")
    }

    #[test]
    fn ranged_riders_are_costed_before_they_are_walked() {
        // W99999999 lists 2 * 10^8 squares across the files and 8 up and down: refused under 1 GB.
        let far = strip_position(&["W99999999@1,1"]);
        assert_eq!(StripAttackMap::pairs_bound(&far), Some(2 * 99_999_999 + 2 * 8));
        let e = StripAttackMap::within(&far, Budget::new(1 << 30)).expect_err("too large");
        assert_eq!(e.what, "the strip's attack map");
        // An unlimited rook is rays (none listed across the files), at most 8 up and down.
        let rook = strip_position(&["R@1,1", "W3@9,4"]);
        let bound = StripAttackMap::pairs_bound(&rook).expect("small");
        let map = StripAttackMap::within(&rook, Budget::new(1 << 20))
            .expect("fits")
            .expect("a strip");
        assert!(
            map.finite().len() as u64 <= bound,
            "{} > {bound}",
            map.finite().len()
        );
    }
}
