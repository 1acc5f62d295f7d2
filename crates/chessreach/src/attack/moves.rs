//! One piece's moves ([`Position::moves_of`]): on flat boards of at most 256 squares from its
//! kind's table ([`SmallTable`]: every plain leg's squares from every square, built once per
//! position), reading only what stands on them; on other boards of at most 4,096 squares every
//! step walked once, the leg paths through the kind's [`LegTree`](crate::piece::LegTree) (legs
//! that paths share walked once), on a board-sized array of occupants (a sparse view beyond).

use super::legs::{self, PathMove, MAX_TAKEN};
use super::small::{cell, way as small_way, SmallBits, SmallTable, SMALL_MAX_SQUARES, SMALL_WORDS};
use super::walk::{Occupant, Surface};
use super::{Placed, Position};
use crate::geometry::{Coord, Delta, Rect};
use crate::limits::{Progress, Ticks};
use crate::piece::{Colour, Motion, Rule, Step};

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
    /// allocation for the moves.
    ///
    /// On a flat board of at most 256 squares the piece's plain legs (leaps, rides, and the
    /// legs of paths made only of them) come from its kind's table, built at the first query
    /// of that kind and colour and kept with the position (O(legs × squares × ray length)
    /// once); a query is then O(p + squares / 64 + squares probed + m log m) for m locust and
    /// hopping moves, with no allocation but the result (and a list of those m moves): on 8×8
    /// the Lion-like `KADcaKmabK` in about 0.55 µs of CPU, see benches/README.md. Elsewhere, on
    /// boards of at most 4,096 squares, O(squares + p + squares walked + m log m), the legs
    /// that several of its leg paths begin with walked once (a tree of legs per kind and
    /// colour, built with the position); O(p log p + squares walked · log p + m log m) beyond.
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
        if rect.wrap().is_flat() && rect.len() <= SMALL_MAX_SQUARES {
            if let Some(table) = self.small_table(i).filter(|t| t.fits(rect)) {
                return Some(self.small_moves(i, rect, table, &mut ticks));
            }
        }
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
        // The leg paths of `steps_of` are the tree's; initial steps are walked one by one.
        let steps = self
            .steps_of(i)
            .iter()
            .filter(|s| !matches!(s.motion, Motion::Path { .. }));
        for st in steps.chain(&self.initial_steps_of(p)) {
            each_step_move(st, p, surface, out);
        }
        let tree = self.tree_of(i);
        if !tree.is_empty() {
            legs::each_tree_move(tree, p.at, Some(p.colour), surface, out);
        }
    }

    /// The initial steps (`i`) of piece `p` when it stands on its side's second rank (else
    /// none). O(components) when it does.
    fn initial_steps_of(&self, p: Placed) -> Vec<Step> {
        let ranks = self.rect().map_or(0, |r| u64::from(r.height()));
        if Rule::initial_region(p.colour, ranks) == Some(p.at.rank) {
            self.kinds()[p.kind].rule.initial_steps(p.colour)
        } else {
            Vec::new()
        }
    }

    /// [`Position::moves_of`] on a flat board of at most 256 squares from the kind's `table`
    /// (built for this board's size): what stands on each square in a byte on the stack, the
    /// table's tree walked reading it, the steps it does not hold (and initial steps) walked by
    /// the general walker on the same bytes. O(p + squares / 64 + squares probed + m log m).
    fn small_moves(&self, i: usize, rect: Rect, table: &SmallTable, ticks: &mut Ticks<'_>) -> Vec<PathMove> {
        let p = self.pieces()[i];
        let height = rect.height();
        let mut cells = [cell::EMPTY; SMALL_MAX_SQUARES];
        let me = side_cell(p.colour);
        // Foes, friends and every occupied square (walls too), a bit per square.
        let mut sides: [SmallBits; 2] = [[0; SMALL_WORDS]; 2];
        let mut full: SmallBits = [0; SMALL_WORDS];
        for q in self.pieces() {
            let s = small_index(q.at, height);
            full[s / 64] |= 1 << (s % 64);
            cells[s] = if self.kinds()[q.kind].is_wall() {
                cell::WALL
            } else {
                sides[usize::from(q.colour == p.colour)][s / 64] |= 1 << (s % 64);
                side_cell(q.colour)
            };
        }
        let from = small_index(p.at, height);
        // The piece has left its square: its legs see it empty (on a flat board no line
        // comes back round to it, and no leap lands on it).
        cells[from] = cell::EMPTY;
        let from = u8::try_from(from).unwrap_or(u8::MAX);
        let mut found = SmallFound::default();
        let leaps = table.leaps(from);
        let [foes, friends] = sides;
        let mut count = 0;
        for (w, (plain, takes)) in found.plain.iter_mut().zip(&mut found.takes).enumerate() {
            *plain = leaps.empty[w] & !full[w];
            *takes = leaps.foe[w] & foes[w] | leaps.friend[w] & friends[w];
            count += plain.count_ones() + takes.count_ones();
        }
        ticks.add(u64::from(count));
        let mut walk = SmallWalk {
            table,
            cells: &cells,
            me,
            from,
            taken: [(0, false); MAX_TAKEN],
            len: 0,
            found,
            ticks,
        };
        walk.tree(table.roots(), walk.from);
        let others = table.others();
        let initial = self.initial_steps_of(p);
        if !others.is_empty() || !initial.is_empty() {
            let surface = SmallSurface { rect, cells: &cells };
            let SmallWalk { found, ticks, .. } = &mut walk;
            for st in others.iter().chain(&initial) {
                each_step_move(st, p, &surface, &mut |to, taken| {
                    ticks.add(1);
                    found.add_coords(to, taken, height);
                });
            }
        }
        walk.found.in_order(table)
    }
}

/// Every move of one step of piece `p` told to `out`, as [`Position::moves_of`] lists them
/// (a leap's or ride's empty squares and the foe it stops on; a path's moves through the leg
/// walker). O(squares walked).
fn each_step_move(
    st: &Step,
    p: Placed,
    surface: &impl Surface,
    out: &mut impl FnMut(Coord, &[(Coord, bool)]),
) {
    match st.motion {
        Motion::Path { path } => legs::each_move(&path, p.at, Some(p.colour), surface, out),
        Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => {
            super::walk::walk_step(st, p.at, surface, &mut |c: Coord| match surface.occupant(c) {
                Occupant::Empty => {
                    if st.can_move {
                        out(c, &[]);
                    }
                }
                Occupant::Piece(Some(side)) if side != p.colour && st.can_capture => {
                    out(c, &[(c, true)]);
                }
                Occupant::Piece(_) | Occupant::Wall => {}
            });
        }
    }
}

/// The byte of a piece of `colour` ([`cell`]).
const fn side_cell(colour: Colour) -> u8 {
    match colour {
        Colour::White => cell::WHITE,
        Colour::Black => cell::BLACK,
    }
}

/// The number of square `c` (on a board of `height` ranks and at most 256 squares) in
/// coordinate order: `(file − 1) · height + rank − 1`.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a square of a board of at most 256 squares: file and rank from 1, the number below 256"
)]
fn small_index(c: Coord, height: u32) -> usize {
    ((c.file - 1) * i64::from(height) + c.rank - 1) as usize
}

/// A move found on a small board that the bits cannot hold (a locust, a hop): its destination
/// then its captured squares and its hopped ones, each square's number plus one, 0 after the
/// last: compared as arrays they sort as [`PathMove`]s do (destination, captures, hops).
type SmallKey = [u16; 1 + 2 * MAX_TAKEN];

/// What [`SmallWalk`] found: a bit per square (coordinate order) for the moves that take
/// nothing and for those that capture only where they end, the other moves as keys.
#[derive(Default)]
struct SmallFound {
    plain: SmallBits,
    takes: SmallBits,
    rest: Vec<SmallKey>,
}

impl SmallFound {
    /// Records the move to square `to` taking `taken` (`(square, captured?)`, in move order;
    /// a victim taken twice is captured once). O(legs).
    fn add(&mut self, to: u8, taken: &[(u8, bool)]) {
        let bit = |s: u8| (usize::from(s) / 64, 1u64 << (s % 64));
        match taken {
            [] => {
                let (w, m) = bit(to);
                self.plain[w] |= m;
            }
            &[(v, true)] if v == to => {
                let (w, m) = bit(to);
                self.takes[w] |= m;
            }
            _ => {
                let mut key = [0u16; 1 + 2 * MAX_TAKEN];
                key[0] = u16::from(to);
                let mut n = 1;
                for &(c, _) in taken.iter().filter(|t| t.1) {
                    let c = u16::from(c) + 1;
                    if !key[1..n].contains(&c) {
                        key[n] = c;
                        n += 1;
                    }
                }
                let mut h = 1 + MAX_TAKEN;
                for &(c, _) in taken.iter().filter(|t| !t.1) {
                    key[h] = u16::from(c) + 1;
                    h += 1;
                }
                if key[1..] == [0; 2 * MAX_TAKEN] {
                    let (w, m) = bit(to);
                    self.plain[w] |= m;
                } else if n == 2 && key[1] == u16::from(to) + 1 && h == 1 + MAX_TAKEN {
                    // Its one victim is where it ends (taken twice, captured once).
                    let (w, m) = bit(to);
                    self.takes[w] |= m;
                } else {
                    if self.rest.capacity() == 0 {
                        // One allocation for the usual few (a Lion's eight locust moves).
                        self.rest.reserve(32);
                    }
                    self.rest.push(key);
                }
            }
        }
    }

    /// [`SmallFound::add`] of a move given by coordinates (the general walker's), on a board
    /// of `height` ranks. O(legs).
    fn add_coords(&mut self, to: Coord, taken: &[(Coord, bool)], height: u32) {
        let num = |c: Coord| u8::try_from(small_index(c, height)).unwrap_or(u8::MAX);
        let mut small = [(0u8, false); MAX_TAKEN];
        for (slot, &(c, captured)) in small.iter_mut().zip(taken) {
            *slot = (num(c), captured);
        }
        self.add(num(to), &small[..taken.len().min(MAX_TAKEN)]);
    }

    /// The moves sorted by (destination, captures, hops), each once. O(squares / 64 + m log m)
    /// for m listed moves, O(1) a bit.
    fn in_order(mut self, table: &SmallTable) -> Vec<PathMove> {
        self.rest.sort_unstable();
        self.rest.dedup();
        let bits: usize = self
            .plain
            .iter()
            .chain(&self.takes)
            .map(|w| w.count_ones() as usize)
            .sum();
        let mut out = Vec::with_capacity(bits + self.rest.len());
        let to_move = |k: &SmallKey| {
            PathMove::from_parts(
                table.coord(k[0]),
                listed(&k[1..=MAX_TAKEN], table),
                listed(&k[1 + MAX_TAKEN..], table),
            )
        };
        let mut rest = self.rest.iter().peekable();
        for (w, (&plain, &takes)) in self.plain.iter().zip(&self.takes).enumerate() {
            let mut word = plain | takes;
            while word != 0 {
                let b = word.trailing_zeros();
                word &= word - 1;
                let s = u16::try_from(w * 64).unwrap_or(0) + u16::try_from(b).unwrap_or(0);
                let to = table.coord(s);
                if plain >> b & 1 == 1 {
                    let mut key = [0u16; 1 + 2 * MAX_TAKEN];
                    key[0] = s;
                    while let Some(k) = rest.next_if(|k| **k < key) {
                        out.push(to_move(k));
                    }
                    out.push(PathMove::plain(to));
                }
                if takes >> b & 1 == 1 {
                    let mut key = [0u16; 1 + 2 * MAX_TAKEN];
                    key[0] = s;
                    key[1] = s + 1;
                    while let Some(k) = rest.next_if(|k| **k < key) {
                        out.push(to_move(k));
                    }
                    out.push(PathMove::capture(to));
                }
            }
        }
        out.extend(rest.map(to_move));
        out
    }
}
/// The squares of a [`SmallKey`]'s part (numbers plus one, 0 after the last).
fn listed<'a>(part: &'a [u16], table: &'a SmallTable) -> impl Iterator<Item = Coord> + 'a {
    part.iter().take_while(|&&s| s != 0).map(|&s| table.coord(s - 1))
}

/// A piece's walk through its kind's [`SmallTable`] on a small board.
struct SmallWalk<'a, 't> {
    table: &'a SmallTable,
    /// What stands on each square ([`cell`]), the piece's own square empty.
    cells: &'a [u8; SMALL_MAX_SQUARES],
    /// The piece's side's byte.
    me: u8,
    /// The piece's square.
    from: u8,
    /// The pieces the move being walked takes (`(square, captured?)`, in move order).
    taken: [(u8, bool); MAX_TAKEN],
    len: usize,
    found: SmallFound,
    ticks: &'a mut Ticks<'t>,
}

impl SmallWalk<'_, '_> {
    /// Every move of the paths through `nodes`, their earlier legs having stopped on `start`
    /// and taken `taken[..len]`: each node's ray from `start` read up to its first piece, the
    /// moves ending there recorded, its children walked from each square it may stop on.
    /// O(nodes visited × squares per ray).
    fn tree(&mut self, nodes: std::ops::Range<u32>, start: u8) {
        let table = self.table;
        for n in nodes {
            let node = *table.node(n);
            for &q in table.ray(n, start) {
                let rel = match self.cells[usize::from(q)] {
                    cell::EMPTY => 0,
                    cell::WALL => break,
                    c if c == self.me => 2,
                    _ => 1,
                };
                let (end, go) = (node.end[rel], node.go[rel]);
                if end != 0 {
                    self.each_way(end, q, &mut |w| w.record(q));
                }
                if go != 0 {
                    let children = node.first..node.first + node.count;
                    self.each_way(go, q, &mut |w| w.tree(children.clone(), q));
                }
                if rel != 0 {
                    break;
                }
            }
        }
    }

    /// Calls `then` once for each way in `ways` ([`SmallNode`]'s bits) of stopping on `q`,
    /// with `q` pushed on the taken pieces as captured or hopped (nothing for an empty one).
    fn each_way(&mut self, ways: u8, q: u8, then: &mut impl FnMut(&mut Self)) {
        if ways & small_way::EMPTY != 0 {
            then(self);
        }
        for (bit, captured) in [(small_way::CAPTURE, true), (small_way::HOP, false)] {
            if ways & bit != 0 {
                self.taken[self.len] = (q, captured);
                self.len += 1;
                then(self);
                self.len -= 1;
            }
        }
    }

    /// Records the move ending on `to` with the pieces taken so far, unless it comes back to
    /// the piece's square capturing nothing (a pass). O(legs).
    fn record(&mut self, to: u8) {
        let taken = &self.taken[..self.len];
        if to != self.from || taken.iter().any(|t| t.1) {
            self.ticks.add(1);
            self.found.add(to, taken);
        }
    }
}

/// A small board's bytes ([`cell`]) as the general walker sees them: for the steps a
/// [`SmallTable`] does not hold. Flat.
struct SmallSurface<'a> {
    rect: Rect,
    cells: &'a [u8; SMALL_MAX_SQUARES],
}

impl Surface for SmallSurface<'_> {
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
        if !self.rect.contains(c) {
            return Occupant::Empty;
        }
        match self.cells[small_index(c, self.rect.height())] {
            cell::EMPTY => Occupant::Empty,
            cell::WHITE => Occupant::Piece(Some(Colour::White)),
            cell::BLACK => Occupant::Piece(Some(Colour::Black)),
            _ => Occupant::Wall,
        }
    }
    fn files(&self) -> Option<(i64, i64)> {
        Some((1, i64::from(self.rect.width())))
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
        /// A small board's moves (its kind's table, 8×8) and a mid-sized board's (dense, a bit
        /// per square, found in square order; 20×20, walled in at the corner) equal the same
        /// pieces' moves walled in at the corner of a board too large for either path (each
        /// move walked, then sorted and deduplicated), in the same order.
        #[test]
        fn small_boards_list_moves_as_large_ones(
            text in proptest::sample::select(vec![
                "KADcaKmabK", "FyafsF", "afsW", "fmFfcafmF", "jR", "cafcaW", "mpafsW", "Q",
                "ifmnDfmW", "WyafsW", "afafsW", "pafsR", "mRcpR", "gQ", "NN", "dN", "cdKmR",
                "cabK", "mabKcaW", "tpafsR", "nN", "FcaF",
            ]),
            pieces in proptest::collection::btree_map((1..=8i64, 1..=8i64), any::<bool>(), 1..10),
        ) {
            let pieces: Vec<_> = pieces.into_iter().collect();
            let small = position(8, text, &pieces).expect("position");
            let dense = position(20, text, &pieces).expect("position");
            let large = position(80, text, &pieces).expect("position");
            let want = large.moves_of(0).expect("bounded");
            let mut sorted = want.clone();
            sorted.sort();
            sorted.dedup();
            prop_assert_eq!(&sorted, &want);
            // A hopper may hop the walls and land beyond them.
            let want: Vec<_> = want.into_iter().filter(|m| m.to.file <= 8 && m.to.rank <= 8).collect();
            let inside = |m: &PathMove| m.to.file <= 8 && m.to.rank <= 8;
            let mid: Vec<_> = dense.moves_of(0).expect("bounded").into_iter().filter(inside).collect();
            prop_assert_eq!(&mid, &want);
            prop_assert_eq!(small.moves_of(0).expect("bounded"), want);
        }
    }
}
