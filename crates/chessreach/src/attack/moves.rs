//! One piece's moves ([`Position::moves_of`]): every step walked once, the leg paths through
//! the kind's [`LegTree`](crate::piece::LegTree) (legs that paths share walked once), on a
//! board-sized array of occupants for boards of at most 4,096 squares (a sparse view beyond).

use super::legs::{self, PathMove};
use super::walk::{Occupant, Surface};
use super::Position;
use crate::geometry::{Coord, Delta, Rect};
use crate::limits::{Progress, Ticks};
use crate::piece::{Motion, Rule};

/// Boards up to this many squares list a piece's moves ([`Position::moves_of`]) on an array
/// with what stands on each square and a bit per square to drop repeats, found in square
/// order; larger ones on a sparse view, sorted.
const DENSE_MOVES_MAX_SQUARES: usize = 4096;

impl Position {
    /// The moves piece `i` makes in this position, with what each captures (locust victims
    /// included) and hops: every step, its initial moves (`i`) when it stands on its side's
    /// second rank, each move once, sorted by (destination, captures, hops). A move onto a
    /// friend is none (but `d` legs capture friends); the screen of a plain hop (`pR`) is not
    /// listed. `None` on a strip. A [`PathMove`] is a plain value: the list is the one
    /// allocation for the moves. The legs that several of its leg paths begin with are walked
    /// once (a tree of legs per kind and colour, built with the position). O(squares + p +
    /// squares walked + m log m) for m locust and hopping moves on boards of at most 4,096
    /// squares (a byte and a bit per square; on 8×8 the Mao `afsW` in about 0.4 µs of CPU,
    /// the Lion-like `KADcaKmabK` in about 1.6 µs, see benches/README.md); O(p log p + squares
    /// walked · log p + m log m) for m moves beyond.
    ///
    /// # Panics
    ///
    /// When `i` is not a piece index of this position.
    #[must_use]
    pub fn moves_of(&self, i: usize) -> Option<Vec<PathMove>> {
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
    pub fn moves_of_progress(&self, i: usize, progress: Option<Progress<'_>>) -> Option<Vec<PathMove>> {
        let rect = self.rect()?;
        let mut ticks = Ticks::new(progress, "moves", 0, 1 << 16);
        if rect.len() <= DENSE_MOVES_MAX_SQUARES {
            let surface = CellSurface::new(self, rect);
            let mut found = MovesFound::new(rect);
            self.each_move_of(i, &surface, &mut |to, taken| {
                ticks.add(1);
                found.add(to, taken);
            });
            return Some(found.in_order());
        }
        let surface = self.sparse_surface(rect);
        let mut out = Vec::new();
        self.each_move_of(i, &surface, &mut |to, taken| {
            ticks.add(1);
            out.push(PathMove::of(to, taken));
        });
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// Every move of piece `i` told to `out` (a move may come more than once): its destination
    /// and the pieces it takes (`(square, captured?)` in move order). Its leg paths through
    /// its tree ([`Position::tree_of`]). O(squares walked).
    fn each_move_of(&self, i: usize, surface: &impl Surface, out: &mut impl FnMut(Coord, &[(Coord, bool)])) {
        let p = self.pieces()[i];
        let rule = &self.kinds()[p.kind].rule;
        let ranks = self.rect().map_or(0, |r| u64::from(r.height()));
        let initial = if Rule::initial_region(p.colour, ranks) == Some(p.at.rank) {
            rule.initial_steps(p.colour)
        } else {
            Vec::new()
        };
        // The leg paths of `steps_of` are the tree's; initial steps are walked one by one.
        let steps = self
            .steps_of(i)
            .iter()
            .filter(|s| !matches!(s.motion, Motion::Path { .. }));
        for st in steps.chain(&initial) {
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
                Motion::Path { path } => legs::each_move(&path, p.at, Some(p.colour), surface, out),
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => {
                    super::walk::walk_step(st, p.at, surface, &mut |c: Coord| {
                        reached(c);
                    });
                }
            }
        }
        let tree = self.tree_of(i);
        if !tree.is_empty() {
            legs::each_tree_move(tree, p.at, Some(p.colour), surface, out);
        }
    }
}

/// What stands on each square of a bounded board, a byte a square: the occupancy one piece's
/// moves are walked on. O(squares + p) to build, O(1) a probe.
struct CellSurface {
    rect: Rect,
    /// Per square ([`Rect::square`]'s index), what stands there.
    cells: Vec<Occupant>,
}

impl CellSurface {
    /// The occupants of every piece of `pos` on `rect` (its board). O(squares + p).
    fn new(pos: &Position, rect: Rect) -> Self {
        let mut cells = vec![Occupant::Empty; rect.len()];
        for (i, p) in pos.pieces().iter().enumerate() {
            if let Some(s) = rect.square(p.at) {
                cells[s.index()] = pos.occupant_of(i);
            }
        }
        Self { rect, cells }
    }
}

impl Surface for CellSurface {
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
        self.occupant(c) != Occupant::Empty
    }
    #[inline]
    fn occupant(&self, c: Coord) -> Occupant {
        self.rect
            .square(c)
            .map_or(Occupant::Empty, |s| self.cells[s.index()])
    }
    fn files(&self) -> Option<(i64, i64)> {
        Some((1, i64::from(self.rect.width())))
    }
    fn flat(&self) -> bool {
        self.rect.wrap().is_flat()
    }
}

/// A piece's moves on a small board as [`Position::moves_of`] finds them: a bit per square for
/// moves that take nothing and for those that take only the piece they end on, the others
/// (locusts, hops) listed. Bits are in coordinate order (file, then rank: bit
/// `(file - 1) · height + rank - 1`), so the set bits come out sorted.
struct MovesFound {
    height: u64,
    plain: Vec<u64>,
    takes: Vec<u64>,
    rest: Vec<PathMove>,
}

impl MovesFound {
    /// Nothing found yet on `rect`. O(squares / 64).
    fn new(rect: Rect) -> Self {
        let words = rect.len().div_ceil(64);
        Self {
            height: u64::from(rect.height()),
            plain: vec![0; words],
            takes: vec![0; words],
            rest: Vec::new(),
        }
    }

    /// The bit of `to` (on the board) in coordinate order: (word, mask).
    #[expect(
        clippy::cast_sign_loss,
        reason = "a square of a board of at most 4,096 squares: file and rank from 1, the index below 4,096"
    )]
    fn bit(&self, to: Coord) -> (usize, u64) {
        let i = (to.file - 1) as u64 * self.height + (to.rank - 1) as u64;
        ((i / 64) as usize, 1 << (i % 64))
    }

    /// Records the move to `to` taking `taken` (`(square, captured?)` in move order).
    fn add(&mut self, to: Coord, taken: &[(Coord, bool)]) {
        match taken {
            [] => {
                let (w, m) = self.bit(to);
                self.plain[w] |= m;
            }
            &[(v, true)] if v == to => {
                let (w, m) = self.bit(to);
                self.takes[w] |= m;
            }
            _ => self.rest.push(PathMove::of(to, taken)),
        }
    }

    /// The moves sorted by (destination, captures, hops), each once. O(squares / 64 + m log m)
    /// for m listed moves, O(1) a bit.
    #[expect(
        clippy::cast_possible_wrap,
        reason = "a square index below 4,096 and a height of at most 4,096"
    )]
    fn in_order(mut self) -> Vec<PathMove> {
        self.rest.sort_unstable();
        self.rest.dedup();
        let bits: usize = self
            .plain
            .iter()
            .chain(&self.takes)
            .map(|w| w.count_ones() as usize)
            .sum();
        let mut out = Vec::with_capacity(bits + self.rest.len());
        let mut others = self.rest.into_iter().peekable();
        let height = self.height as i64;
        for (w, (&plain, &takes)) in self.plain.iter().zip(&self.takes).enumerate() {
            let mut word = plain | takes;
            while word != 0 {
                let b = word.trailing_zeros();
                word &= word - 1;
                let i = (w * 64) as i64 + i64::from(b);
                let to = Coord::new(i / height + 1, i % height + 1);
                while let Some(m) = others.next_if(|m| m.to < to) {
                    out.push(m);
                }
                if plain >> b & 1 == 1 {
                    out.push(PathMove::plain(to));
                }
                if takes >> b & 1 == 1 {
                    // The listed moves to `to` before the plain capture there: those that
                    // capture nothing (hops only), or first a square before `to`.
                    let took = [to];
                    while let Some(m) =
                        others.next_if(|m| m.to == to && (m.captures(), m.hops()) < (&took[..], &[][..]))
                    {
                        out.push(m);
                    }
                    out.push(PathMove::capture(to));
                }
            }
        }
        out.extend(others);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::{Kind, Placed};
    use crate::geometry::Board;
    use crate::piece::xbetza;
    use crate::piece::Colour;
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
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(&sorted, &want);
            // A hopper may hop the walls and land beyond them.
            let want: Vec<_> = want.into_iter().filter(|m| m.to.file <= 8 && m.to.rank <= 8).collect();
            prop_assert_eq!(small.moves_of(0).expect("bounded"), want);
        }
    }
}
