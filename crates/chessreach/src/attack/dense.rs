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
struct SparseSurface {
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
}

/// Boards up to this many squares list a piece's moves ([`Position::moves_of`]) on a dense
/// occupancy array with a bit per square to drop repeats, found in square order (an 8×8 board
/// in well under a microsecond); larger ones on a sparse view, sorted.
const DENSE_MOVES_MAX_SQUARES: usize = 4096;

impl Position {
    /// The moves piece `i` makes in this position, with what each captures (locust victims
    /// included) and hops: every step, its initial moves (`i`) when it stands on its side's
    /// second rank, each move once, sorted by (destination, captures, hops). A move onto a
    /// friend is none (but `d` legs capture friends); the screen of a plain hop (`pR`) is not
    /// listed. `None` on a strip. O(squares + p + squares walked) on boards of at most 4,096
    /// squares; O(p log p + squares walked · log p + m log m) for m moves beyond.
    ///
    /// # Panics
    ///
    /// When `i` is not a piece index of this position.
    #[must_use]
    pub fn moves_of(&self, i: usize) -> Option<Vec<super::PathMove>> {
        self.moves_of_progress(i, None)
    }

    /// [`Position::moves_of`] telling `progress` (stage `"moves"`) about every 2^16 moves
    /// found, repeats included: a callback that unwinds (a deadline) stops a piece of many
    /// legs, whose moves multiply, there.
    ///
    /// # Panics
    ///
    /// When `i` is not a piece index of this position.
    #[must_use]
    pub fn moves_of_progress(
        &self,
        i: usize,
        progress: Option<Progress<'_>>,
    ) -> Option<Vec<super::PathMove>> {
        let rect = self.rect()?;
        let mut ticks = Ticks::new(progress, "moves", 0, 1 << 16);
        if rect.len() <= DENSE_MOVES_MAX_SQUARES {
            let surface = DenseSurface::with_sides(self, rect, &|_| true, true);
            let mut found = MovesFound {
                plain: SquareSet::new(rect.len()),
                takes: SquareSet::new(rect.len()),
                rest: Vec::new(),
            };
            self.each_move_of(i, &surface, &mut |to, taken| {
                ticks.add(1);
                match taken {
                    [] => {
                        found
                            .plain
                            .insert(rect.square(to).expect("the walker stays on the board"));
                    }
                    &[(v, true)] if v == to => {
                        found
                            .takes
                            .insert(rect.square(to).expect("the walker stays on the board"));
                    }
                    _ => found.rest.push(super::PathMove::of(to, taken)),
                }
            });
            return Some(found.in_order(rect));
        }
        let surface = self.sparse_surface(rect);
        let mut out = Vec::new();
        self.each_move_of(i, &surface, &mut |to, taken| {
            ticks.add(1);
            out.push(super::PathMove::of(to, taken));
        });
        out.sort_by(|a, b| (a.to, &a.captures, &a.hops).cmp(&(b.to, &b.captures, &b.hops)));
        out.dedup();
        Some(out)
    }

    /// Every move of piece `i` told to `out` (a move may come more than once): its destination
    /// and the pieces it takes (`(square, captured?)` in move order). O(squares walked).
    fn each_move_of(&self, i: usize, surface: &impl Surface, out: &mut impl FnMut(Coord, &[(Coord, bool)])) {
        let p = self.pieces()[i];
        let rule = &self.kinds()[p.kind].rule;
        let ranks = self.rect().map_or(0, |r| u64::from(r.height()));
        let initial = if crate::piece::Rule::initial_region(p.colour, ranks) == Some(p.at.rank) {
            rule.initial_steps(p.colour)
        } else {
            Vec::new()
        };
        for st in self.steps_of(i).iter().chain(&initial) {
            let mut reached = |c: Coord| match surface.occupant(c) {
                Occupant::Empty => {
                    if st.can_move {
                        out(c, &[]);
                    }
                    false
                }
                Occupant::Piece(Some(side)) if side != p.colour && st.can_capture => {
                    out(c, &[(c, true)]);
                    true
                }
                Occupant::Piece(_) | Occupant::Wall => true,
            };
            match st.motion {
                Motion::Path { path } => match path.plan().filter(|_| surface.flat()) {
                    // Plain stops then a plain leap or ride: its landings as a leap's or a
                    // ride's.
                    Some(plan) => super::legs::plan_squares(plan, p.at, surface, false, &mut reached),
                    None => super::legs::each_move(&path, p.at, Some(p.colour), surface, out),
                },
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => {
                    super::walk::walk_step(st, p.at, surface, &mut |c: Coord| {
                        reached(c);
                    });
                }
            }
        }
    }

    fn sparse_surface(&self, rect: Rect) -> SparseSurface {
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

/// A piece's moves on a small board as [`Position::moves_of`] finds them: a bit per square for
/// moves that take nothing and for those that take only the piece they end on, the others
/// (locusts, hops) listed.
struct MovesFound {
    plain: SquareSet,
    takes: SquareSet,
    rest: Vec<super::PathMove>,
}

impl MovesFound {
    /// The moves sorted by (destination, captures, hops), each once: the board's squares in
    /// coordinate order (file, then rank), each square's moves in order. O(squares + m log m)
    /// for m listed moves.
    fn in_order(mut self, rect: Rect) -> Vec<super::PathMove> {
        self.rest
            .sort_by(|a, b| (a.to, &a.captures, &a.hops).cmp(&(b.to, &b.captures, &b.hops)));
        self.rest.dedup();
        let mut others = self.rest.into_iter().peekable();
        let mut out = Vec::with_capacity(self.plain.count() + self.takes.count() + others.len());
        for file in 1..=i64::from(rect.width()) {
            for rank in 1..=i64::from(rect.height()) {
                let to = Coord::new(file, rank);
                let s = rect.square(to).expect("on the board");
                if self.plain.contains(s) {
                    out.push(super::PathMove::of(to, &[]));
                }
                let took = [to];
                while let Some(m) = others.next_if(|m| {
                    m.to == to && (m.captures.as_slice(), m.hops.as_slice()) < (&took[..], &[][..])
                }) {
                    out.push(m);
                }
                if self.takes.contains(s) {
                    out.push(super::PathMove::of(to, &[(to, true)]));
                }
                while let Some(m) = others.next_if(|m| m.to == to) {
                    out.push(m);
                }
            }
        }
        out
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

    /// Bytes the map and its JSON answer (text and tree, 384 bytes per (square, attacker)
    /// pair) may need together: what a face that writes the JSON checks against its budget.
    /// `None` on a strip or on overflow. Measured on the CLI's `attacks --format json` (peak
    /// resident memory over the map's): 12,000 knights on 999×999, about 340 bytes per pair
    /// once the pieces' objects are set aside (64, the figure used before, let the tree outgrow
    /// the budget five times); 300 queens on 4000×4000, 130 per pair of
    /// [`AttackMap::pairs_bound`] (riders' bounds count whole lines).
    #[must_use]
    pub fn bytes_needed_with_json(pos: &Position) -> Option<u64> {
        const JSON_BYTES_PER_PAIR: u64 = 384;
        Self::bytes_needed(pos)?.checked_add(Self::pairs_bound(pos)?.checked_mul(JSON_BYTES_PER_PAIR)?)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::{Kind, Placed};
    use crate::geometry::Board;
    use crate::piece::xbetza;
    use proptest::prelude::*;

    /// The mover (index 0, `text`, White) and pawns of both sides on 8×8 at the corner of a `w`×`w`
    /// board; on a larger board, a band of walls four squares deep closes the 8×8 corner off.
    fn position(w: i64, text: &str, pieces: &[((i64, i64), bool)]) -> Option<Position> {
        let kinds = vec![
            Kind::new('X', xbetza::parse(text).ok()?),
            Kind::new('P', xbetza::parse("fmWfcF").ok()?),
            Kind::wall(),
        ];
        let mut placed: Vec<Placed> = pieces
            .iter()
            .enumerate()
            .map(|(i, &((f, r), white))| Placed {
                kind: usize::from(i > 0),
                // White's initial moves are from rank 2 whatever the board's height.
                colour: if white || i == 0 {
                    Colour::White
                } else {
                    Colour::Black
                },
                at: Coord::new(f, r),
            })
            .collect();
        if w > 8 {
            for f in 1..=12 {
                for r in 1..=12 {
                    if f > 8 || r > 8 {
                        placed.push(Placed {
                            kind: 2,
                            colour: Colour::White,
                            at: Coord::new(f, r),
                        });
                    }
                }
            }
        }
        let side = u64::try_from(w).ok()?;
        Position::new(Board::Rect(Rect::new(side, side).ok()?), kinds, placed).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// A small board's moves (dense, a bit per square, found in square order) equal the
        /// same pieces' moves walled in at the corner of a board too large for that path (each
        /// move walked, then sorted and deduplicated), in the same order.
        #[test]
        fn small_boards_list_moves_as_large_ones(
            text in proptest::sample::select(vec![
                "KADcaKmabK", "FyafsF", "afsW", "fmFfcafmF", "jR", "cafcaW", "mpafsW", "Q",
                "ifmnDfmW", "WyafsW", "afafsW", "pafsR", "mRcpR", "gQ", "NN",
            ]),
            pieces in proptest::collection::btree_map((1..=8i64, 1..=8i64), any::<bool>(), 1..10),
        ) {
            let pieces: Vec<_> = pieces.into_iter().collect();
            let small = position(8, text, &pieces).expect("position");
            let large = position(80, text, &pieces).expect("position");
            let want = large.moves_of(0).expect("bounded");
            let mut sorted = want.clone();
            sorted.sort_by(|a, b| (a.to, &a.captures, &a.hops).cmp(&(b.to, &b.captures, &b.hops)));
            sorted.dedup();
            prop_assert_eq!(&sorted, &want);
            // A hopper may hop the walls and land beyond them.
            let want: Vec<_> = want.into_iter().filter(|m| m.to.file <= 8 && m.to.rank <= 8).collect();
            prop_assert_eq!(small.moves_of(0).expect("bounded"), want);
        }
    }
}
