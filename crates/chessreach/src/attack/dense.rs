use super::walk::{Occupant, Surface};
use super::{AttackQuery, Position};
use crate::geometry::{Coord, Delta, Rect, Square, SquareSet};
use crate::limits::{mul_add, tell, Budget, Progress, Ticks, TooLarge};
use crate::piece::{Colour, Motion};

/// Occupancy of a bounded board: which active piece stands on each square.
pub(crate) struct DenseSurface {
    rect: Rect,
    /// `piece index + 1` per square, 0 when empty.
    occupant: Vec<u32>,
    /// What each piece is, by index, when some kind moves in legs (empty otherwise: sides are
    /// asked only by legs).
    sides: Vec<Occupant>,
}

impl DenseSurface {
    /// The occupancy of the `active` pieces; sides told apart when some kind moves in legs.
    /// O(squares + p).
    pub(crate) fn new(pos: &Position, rect: Rect, active: &impl Fn(usize) -> bool) -> Self {
        Self::with_sides(pos, rect, active, pos.has_paths())
    }

    /// [`DenseSurface::new`], telling pieces' sides apart when `sides` (else only when some
    /// kind moves in legs). O(squares + p).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "piece indices fit u32: pieces stand on distinct squares of a Rect, which has fewer than 2^32"
    )]
    fn with_sides(pos: &Position, rect: Rect, active: &impl Fn(usize) -> bool, sides: bool) -> Self {
        let mut occupant = vec![0u32; rect.len()];
        for (i, p) in pos.pieces().iter().enumerate().filter(|(i, _)| active(*i)) {
            if let Some(s) = rect.square(p.at) {
                occupant[s.index()] = i as u32 + 1;
            }
        }
        let sides = if sides || pos.has_paths() {
            (0..pos.pieces().len()).map(|i| pos.occupant_of(i)).collect()
        } else {
            Vec::new()
        };
        Self {
            rect,
            occupant,
            sides,
        }
    }
}

/// A sparse view of a position's occupancy, for questions about a single piece: O(p log p) to
/// build, O(log p) a probe, no board-sized array.
pub(super) struct SparseSurface {
    rect: Rect,
    /// Occupied squares and the piece on each.
    occupied: std::collections::BTreeMap<Coord, Occupant>,
}

impl Surface for SparseSurface {
    fn occupant(&self, c: Coord) -> Occupant {
        self.occupied.get(&c).copied().unwrap_or(Occupant::Empty)
    }
    fn files(&self) -> Option<(i64, i64)> {
        Some((1, i64::from(self.rect.width())))
    }
    fn flat(&self) -> bool {
        self.rect.wrap().is_flat()
    }
    #[inline]
    fn step(&self, from: Coord, d: Delta) -> Option<Coord> {
        self.rect.step(from, d)
    }
    fn on_board(&self, c: Coord) -> bool {
        self.rect.contains(c)
    }
    fn occupied(&self, c: Coord) -> bool {
        self.occupied.contains_key(&c)
    }
}

impl Position {
    /// The squares piece `i` attacks, in walk order, each once; `None` on a strip (a rook's
    /// ray there never ends). O(p log p + squares covered · log p), whatever the board's size.
    ///
    /// # Panics
    ///
    /// When `i` is not a piece index of this position.
    #[must_use]
    pub fn attacks_of(&self, i: usize) -> Option<Vec<Coord>> {
        self.attacks_of_progress(i, None)
    }

    /// [`Position::attacks_of`] telling `progress` (stage `"attacks"`) about every 2^16
    /// squares reached, repeats included: a callback that unwinds (a deadline) stops a walk of
    /// many legs there.
    ///
    /// # Panics
    ///
    /// When `i` is not a piece index of this position.
    #[must_use]
    pub fn attacks_of_progress(&self, i: usize, progress: Option<Progress<'_>>) -> Option<Vec<Coord>> {
        let rect = self.rect()?;
        let surface = self.sparse_surface(rect);
        let mut seen = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        let mut ticks = Ticks::new(progress, "attacks", 0, 1 << 16);
        self.walk_attacks(i, &surface, &mut |c: Coord| {
            ticks.add(1);
            if seen.insert(c) {
                out.push(c);
            }
        });
        Some(out)
    }

    /// A sparse view of the position's occupancy on `rect`. O(p log p).
    pub(super) fn sparse_surface(&self, rect: Rect) -> SparseSurface {
        SparseSurface {
            rect,
            occupied: self
                .pieces()
                .iter()
                .enumerate()
                .map(|(i, p)| (p.at, self.occupant_of(i)))
                .collect(),
        }
    }
}

impl Surface for DenseSurface {
    #[inline]
    fn step(&self, from: Coord, d: Delta) -> Option<Coord> {
        self.rect.step(from, d)
    }
    #[inline]
    fn on_board(&self, c: Coord) -> bool {
        self.rect.contains(c)
    }
    #[inline]
    fn occupied(&self, c: Coord) -> bool {
        self.rect.square(c).is_some_and(|s| self.occupant[s.index()] != 0)
    }
    fn occupant(&self, c: Coord) -> Occupant {
        match self.rect.square(c).map(|s| self.occupant[s.index()]) {
            None | Some(0) => Occupant::Empty,
            Some(i) => self
                .sides
                .get(i as usize - 1)
                .copied()
                .unwrap_or(Occupant::Piece(None)),
        }
    }
    fn files(&self) -> Option<(i64, i64)> {
        Some((1, i64::from(self.rect.width())))
    }
    fn flat(&self) -> bool {
        self.rect.wrap().is_flat()
    }
}

/// The attack map of a position on a bounded board.
///
/// Built once per position in O(squares + Σ ray lengths); answers `is_attacked` in O(1) and
/// lists a square's attackers from a compressed per-square table.
#[derive(Clone, Debug)]
pub struct AttackMap {
    rect: Rect,
    attacked: [SquareSet; 2],
    /// `start[s]..start[s+1]` indexes `by` for square `s`.
    start: Vec<u32>,
    /// Attacking piece indices, grouped by square.
    by: Vec<u32>,
    colours: Vec<Colour>,
}

/// Why an attack map was not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this attack map needs a bounded board; the position is on {an} {board} strip (use StripAttackMap)", an = crate::geometry::article(&.0.to_string()), board = .0)]
pub struct NotBounded(pub crate::geometry::Board);

/// Why an attack map was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MapError {
    /// The position is on a strip.
    #[error(transparent)]
    NotBounded(#[from] NotBounded),
    /// The map would exceed the memory budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

impl AttackMap {
    /// The most (square, attacker) pairs a position's map can hold: per piece and step, one
    /// square for a leap, and for a ride or a hop its range or the longest line
    /// ([`Rect::line_len`]: to the edge, or round a wrapped board's orbit). O(pieces × steps);
    /// `None` on a strip or on overflow.
    #[must_use]
    pub fn pairs_bound(pos: &Position) -> Option<u64> {
        let rect = pos.rect()?;

        (0..pos.pieces().len()).try_fold(0u64, |acc, i| {
            pos.steps_of(i)
                .iter()
                .filter(|s| s.can_capture)
                .try_fold(acc, |acc, s| {
                    let line = rect.line_len(s.delta);
                    let reach = match s.motion {
                        Motion::Leap { .. } | Motion::Hop { range: 1, .. } => 1,
                        Motion::Ride { range: 0, .. } | Motion::Hop { range: 0, .. } => line,
                        Motion::Ride { range, .. } | Motion::Hop { range, .. } => u64::from(range).min(line),
                        // Each leg multiplies the squares the next may start from.
                        Motion::Path { path } => path
                            .legs()
                            .iter()
                            .map(|l| match l.range {
                                0 => rect.line_len(l.delta()),
                                r => u64::from(r).min(rect.line_len(l.delta())),
                            })
                            .fold(1u64, u64::saturating_mul)
                            .min(rect.len() as u64),
                    };
                    acc.checked_add(reach)
                })
        })
    }

    /// Bytes [`AttackMap::new`] may need: 13 per square (occupancy, marks, row starts, two bit
    /// sets) and 12 per (square, attacker) pair ([`AttackMap::pairs_bound`]).
    #[must_use]
    pub fn bytes_needed(pos: &Position) -> Option<u64> {
        let squares = pos.rect()?.len() as u64;
        mul_add(squares, 13, Self::pairs_bound(pos)?.checked_mul(12)?)
    }

    /// [`AttackMap::new`], refused up front beyond `budget`.
    ///
    /// # Errors
    ///
    /// [`MapError::NotBounded`] on a strip, [`MapError::TooLarge`] when [`AttackMap::bytes_needed`] exceeds `budget`.
    pub fn within(pos: &Position, budget: Budget) -> Result<Self, MapError> {
        pos.rect().ok_or(NotBounded(pos.board()))?;
        budget.check("the attack map", Self::bytes_needed(pos))?;
        Ok(Self::new(pos)?)
    }

    /// The attack map of every piece of a position on a bounded board.
    ///
    /// # Errors
    ///
    /// [`NotBounded`] when the position is on a strip.
    pub fn new(pos: &Position) -> Result<Self, NotBounded> {
        Self::build(pos, |_| true)
    }

    /// The attack map of the pieces for which `active(index)` holds; the others are as if
    /// captured: they neither attack nor block.
    ///
    /// # Errors
    ///
    /// [`NotBounded`] when the position is on a strip.
    pub fn build(pos: &Position, active: impl Fn(usize) -> bool) -> Result<Self, NotBounded> {
        Self::build_with_progress(pos, active, None)
    }

    /// [`AttackMap::new`] telling `progress` how far it is: stage `"attacks"`, in squares
    /// walked plus one per piece (the total is the pieces: a lower bound), about every 2^16,
    /// then stage `"table"` once before the table is sorted. A callback that unwinds (a
    /// deadline) stops it there. O(squares + Σ ray lengths), like [`AttackMap::new`].
    ///
    /// # Errors
    ///
    /// [`NotBounded`] when the position is on a strip.
    pub fn with_progress(pos: &Position, progress: Option<Progress<'_>>) -> Result<Self, NotBounded> {
        Self::build_with_progress(pos, |_| true, progress)
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "piece indices fit u32: pieces stand on distinct squares of a Rect, which has fewer than 2^32"
    )]
    fn build_with_progress(
        pos: &Position,
        active: impl Fn(usize) -> bool,
        progress: Option<Progress<'_>>,
    ) -> Result<Self, NotBounded> {
        let rect = pos.rect().ok_or(NotBounded(pos.board()))?;
        let mut ticks = Ticks::new(progress, "attacks", pos.pieces().len() as u64, 1 << 16);
        let surface = DenseSurface::new(pos, rect, &active);
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        // `seen[s] == i + 1`: piece i already covers s (two components may reach one square).
        let mut seen = vec![0u32; rect.len()];
        for i in (0..pos.pieces().len()).filter(|&i| active(i)) {
            let stamp = i as u32 + 1;
            let before = pairs.len();
            let mut sink = |c: Coord| {
                if let Some(s) = rect.square(c) {
                    if seen[s.index()] != stamp {
                        seen[s.index()] = stamp;
                        pairs.push((s.0, i as u32));
                    }
                }
            };
            pos.walk_attacks(i, &surface, &mut sink);
            ticks.add((pairs.len() - before) as u64 + 1);
        }
        tell(progress, "table", 0, rect.len() as u64);
        // Counting sort by square: the compressed table.
        let mut start = vec![0u32; rect.len() + 1];
        for &(s, _) in &pairs {
            start[s as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut fill = start.clone();
        let mut by = vec![0u32; pairs.len()];
        let mut attacked = [SquareSet::new(rect.len()), SquareSet::new(rect.len())];
        for &(s, piece) in &pairs {
            by[fill[s as usize] as usize] = piece;
            fill[s as usize] += 1;
            attacked[pos.pieces()[piece as usize].colour.index()].insert(Square(s));
        }
        Ok(Self {
            rect,
            attacked,
            start,
            by,
            colours: pos.pieces().iter().map(|p| p.colour).collect(),
        })
    }

    /// The board.
    #[must_use]
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The squares `colour` attacks.
    #[must_use]
    pub fn attacked(&self, colour: Colour) -> &SquareSet {
        &self.attacked[colour.index()]
    }

    /// Whether `colour` attacks `s`. O(1).
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, colour: Colour, s: Square) -> bool {
        self.attacked[colour.index()].contains(s)
    }

    /// Indices of the pieces (either colour) attacking `s`, in piece order.
    #[must_use]
    pub fn attackers(&self, s: Square) -> &[u32] {
        &self.by[self.start[s.index()] as usize..self.start[s.index() + 1] as usize]
    }

    /// How many pieces of `colour` attack `s`.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "piece indices fit u32: pieces stand on distinct squares of a Rect, which has fewer than 2^32"
    )]
    pub fn count_at(&self, colour: Colour, s: Square) -> u32 {
        self.attackers(s)
            .iter()
            .filter(|&&p| self.colours[p as usize] == colour)
            .count() as u32
    }
}

impl AttackQuery for AttackMap {
    fn count(&self, colour: Colour, c: Coord) -> u32 {
        self.rect.square(c).map_or(0, |s| self.count_at(colour, s))
    }
}
