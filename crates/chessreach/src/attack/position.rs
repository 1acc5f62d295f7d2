use std::sync::{Arc, LazyLock, OnceLock};

use thiserror::Error;

use super::small::SmallTable;
use super::walk::{self, Surface, WalkSink};
use crate::geometry::{Board, Coord, Rect, Wrap};
use crate::piece::{Colour, LegTree, Rule, Step};

/// A kind of piece: the letter that shows it, and its rule (as White plays it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Shown upper-case for White, lower-case for Black.
    pub symbol: char,
    /// Movement rule, White's orientation.
    pub rule: Rule,
    /// What a variant adds to or takes from the rule (regions, lines, the Janggi cannon's
    /// screens); `None` for a plain Betza piece.
    pub confine: Option<Arc<Confinement>>,
    /// Whether it is a promoted piece (`+P` in a variant's FEN): pictures mark it.
    pub promoted: bool,
}

impl Kind {
    /// The symbol of walls (`*` in Fairy-Stockfish's FENs: duck chess's duck, petrified
    /// pieces, blocked corners). No letter definition can take it.
    pub const WALL: char = '*';

    /// The wall: a square nothing moves onto, attacks or captures, that blocks every line
    /// through it. A wall belongs to neither side (its `Placed::colour` means nothing) and
    /// moves nowhere.
    #[must_use]
    pub fn wall() -> Self {
        Self::new(Self::WALL, Rule::default())
    }

    /// Whether this kind is the wall.
    #[must_use]
    pub fn is_wall(&self) -> bool {
        self.symbol == Self::WALL
    }

    /// A plain kind: the rule, nothing confining it.
    #[must_use]
    pub fn new(symbol: char, rule: Rule) -> Self {
        Self {
            symbol,
            rule,
            confine: None,
            promoted: false,
        }
    }
}

/// How a variant changes where a kind of piece attacks, as Fairy-Stockfish's `attackers_to`
/// does (see [`crate::variant`]). Only on bounded boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Confinement {
    /// The squares its rule's moves may end on, per colour (White, Black), sorted; `None`:
    /// anywhere (Fairy-Stockfish's mobility regions: the palace, one side of the river).
    pub region: [Option<Vec<Coord>>; 2],
    /// Further moves, each with the squares they may end on (sorted; `None`: anywhere), not
    /// confined by `region`: Janggi's palace diagonals, the flying general's file.
    pub extra: Vec<(Rule, Option<Vec<Coord>>)>,
    /// It neither hops over nor captures a piece whose kind is also `unhoppable` (the Janggi
    /// cannon and cannons).
    pub unhoppable: bool,
    /// A general of a variant with Fairy-Stockfish's `flyingGeneral` (Xiangqi's "the generals
    /// may not face each other"): a general of the other side may not stop where it would face
    /// this one along an open file or rank. A rule about legal moves, not an attack
    /// (Fairy-Stockfish's `Position::legal`, not `attackers_to`): attack maps leave it out, and
    /// a route moving a general keeps it (the router asks `Position::walk_facing`).
    pub general: bool,
}

/// A piece on the board: index into [`Position::kinds`], colour and square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Index into the position's kinds.
    pub kind: usize,
    /// Its side.
    pub colour: Colour,
    /// Its square.
    pub at: Coord,
}

/// Why a set of pieces is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A piece off the board.
    #[error("piece {piece} ({symbol}) on {at} is off the {board} board")]
    OffBoard {
        /// Index of the piece.
        piece: usize,
        /// Its symbol.
        symbol: char,
        /// Its square.
        at: Coord,
        /// The board.
        board: Board,
    },
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    Occupied(Coord),
    /// A confined kind (a variant's piece) on a board with unbounded files.
    #[error("piece {piece} ({symbol}) is a variant's piece, confined to regions: only on bounded boards")]
    ConfinedOnStrip {
        /// Index of the piece.
        piece: usize,
        /// Its symbol.
        symbol: char,
    },
    /// A piece with multi-leg moves (XBetza) on a board with unbounded files.
    #[error("piece {piece} ({symbol}) moves in legs (XBetza): only on bounded boards")]
    LegsOnStrip {
        /// Index of the piece.
        piece: usize,
        /// Its symbol.
        symbol: char,
    },
    /// A wrap asked of a strip (strips never wrap).
    #[error("an {0} strip cannot wrap: only bounded boards are cylinders or tori")]
    StripWraps(Board),
    /// A piece whose kind does not exist.
    #[error("piece {piece} names kind {kind}, but there are only {kinds} kinds")]
    NoSuchKind {
        /// Index of the piece.
        piece: usize,
        /// The kind it names.
        kind: usize,
        /// How many kinds there are.
        kinds: usize,
    },
}

/// A kind's [`SmallTable`] for one colour, once built.
type SmallCache = OnceLock<Option<Arc<SmallTable>>>;

/// A confinement's extra steps and the squares they may end on (`None`: anywhere).
type ExtraSteps = (Vec<Step>, Option<Vec<Coord>>);

/// A checked position: a board, piece kinds and pieces, every piece on the board, no two on a
/// square. Steps of every kind and colour are built once here.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    kinds: Vec<Kind>,
    pieces: Vec<Placed>,
    steps: Vec<[Vec<Step>; 2]>,
    /// Per kind and colour, its leg paths as a tree ([`LegTree`]): what
    /// [`Position::moves_of`] walks.
    trees: Vec<[LegTree; 2]>,
    /// Per kind and colour, its moves' table on this board ([`SmallTable`]: flat boards of at
    /// most 256 squares), built at the first [`Position::moves_of`] that needs it and shared by
    /// the position's copies (its board's size never changes; `None`: no table for it).
    small: Vec<[SmallCache; 2]>,
    /// Per kind and colour, the confinement's extra steps with their squares.
    extra: Vec<[Vec<ExtraSteps>; 2]>,
    /// Squares of the pieces whose kind is unhoppable, sorted.
    unhoppable: Vec<Coord>,
    /// Wall squares, sorted.
    walls: Vec<Coord>,
}

impl Position {
    /// Checks and builds a position. O(p log p) for p pieces.
    ///
    /// # Errors
    ///
    /// [`PositionError`] for a piece off the board, two pieces on one square, or a kind that does not exist.
    pub fn new(board: Board, kinds: Vec<Kind>, pieces: Vec<Placed>) -> Result<Self, PositionError> {
        for (i, p) in pieces.iter().enumerate() {
            let kind = kinds.get(p.kind).ok_or(PositionError::NoSuchKind {
                piece: i,
                kind: p.kind,
                kinds: kinds.len(),
            })?;
            if kind.rule.has_paths() && matches!(board, Board::Strip(_)) {
                return Err(PositionError::LegsOnStrip {
                    piece: i,
                    symbol: kind.symbol,
                });
            }
            if kind.confine.is_some() && matches!(board, Board::Strip(_)) {
                return Err(PositionError::ConfinedOnStrip {
                    piece: i,
                    symbol: kind.symbol,
                });
            }
            if !board.contains(p.at) {
                return Err(PositionError::OffBoard {
                    piece: i,
                    symbol: kind.symbol,
                    at: p.at,
                    board,
                });
            }
        }
        let mut squares: Vec<Coord> = pieces.iter().map(|p| p.at).collect();
        squares.sort_unstable();
        if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::Occupied(w[0]));
        }
        let steps = kinds
            .iter()
            .map(|k| [k.rule.steps(Colour::White), k.rule.steps(Colour::Black)])
            .collect();
        let trees = kinds
            .iter()
            .map(|k| {
                let white = LegTree::new(k.rule.paths());
                let black: Vec<_> = k.rule.paths().iter().map(|p| p.turned()).collect();
                [white, LegTree::new(&black)]
            })
            .collect();
        let extra = kinds
            .iter()
            .map(|k| {
                let of = |colour| {
                    k.confine.as_ref().map_or_else(Vec::new, |c| {
                        c.extra
                            .iter()
                            .map(|(rule, on)| (rule.steps(colour), on.clone()))
                            .collect()
                    })
                };
                [of(Colour::White), of(Colour::Black)]
            })
            .collect();
        let mut unhoppable: Vec<Coord> = pieces
            .iter()
            .filter(|p| kinds[p.kind].confine.as_ref().is_some_and(|c| c.unhoppable))
            .map(|p| p.at)
            .collect();
        unhoppable.sort_unstable();
        let mut walls: Vec<Coord> = pieces
            .iter()
            .filter(|p| kinds[p.kind].is_wall())
            .map(|p| p.at)
            .collect();
        walls.sort_unstable();
        let small = (0..kinds.len()).map(|_| Default::default()).collect();
        Ok(Self {
            board,
            kinds,
            pieces,
            steps,
            trees,
            small,
            extra,
            unhoppable,
            walls,
        })
    }

    /// The same position without piece `i` (a mover lifted off its square): the other pieces
    /// keep their order, their indices above `i` one less; a position with no piece `i` is
    /// returned as it is. O(p): nothing is checked again.
    #[must_use]
    pub fn without(&self, i: usize) -> Self {
        let mut out = self.clone();
        if i < out.pieces.len() {
            let at = out.pieces.remove(i).at;
            out.unhoppable.retain(|&c| c != at);
            out.walls.retain(|&c| c != at);
        }
        out
    }

    /// Walks what piece `i` attacks, with its kind's confinement, and reports every square (a
    /// square may come twice when two components reach it) but walls. The one entry every
    /// engine uses to ask what a piece attacks. O(squares covered), × log(region) for a
    /// confined kind, × log(walls) for a square a piece or wall stands on when there are walls.
    pub(crate) fn walk_attacks(&self, i: usize, surface: &impl Surface, sink: &mut impl WalkSink) {
        self.walk_attacks_where(i, surface, sink, |_| true);
    }

    /// [`Position::walk_attacks`] of a piece given by value (one of this position's: a caller
    /// walking them in its own order reads no piece list).
    pub(crate) fn walk_attacks_of(&self, p: Placed, surface: &impl Surface, sink: &mut impl WalkSink) {
        self.walk_placed_where(p, surface, sink, |_| true);
    }

    /// Where a general of the other side may not stop because it would face piece `i`, a
    /// [`Confinement::general`], along an open file or rank: each orthogonal line from it up to
    /// and including the first piece (a general standing there, having captured it, would
    /// face it). Nothing for a piece of another kind. O(squares on its lines).
    pub(crate) fn walk_facing(&self, i: usize, surface: &impl Surface, sink: &mut impl WalkSink) {
        static LINES: LazyLock<Vec<Step>> = LazyLock::new(|| {
            "R".parse::<Rule>()
                .expect("the rook's lines")
                .steps(Colour::White)
        });
        let p = self.pieces[i];
        if self.kinds[p.kind].confine.as_ref().is_some_and(|c| c.general) {
            for st in LINES.iter() {
                walk::walk_step(st, p.at, surface, sink);
            }
        }
    }

    /// Whether some kind moves in legs (XBetza's multi-leg moves). O(kinds).
    #[must_use]
    pub fn has_paths(&self) -> bool {
        self.kinds.iter().any(|k| k.rule.has_paths())
    }

    /// What piece `i` is to the legs of a multi-leg move: a wall, or a piece of its side.
    pub(crate) fn occupant_of(&self, i: usize) -> super::walk::Occupant {
        let p = self.pieces[i];
        if self.kinds[p.kind].is_wall() {
            super::walk::Occupant::Wall
        } else {
            super::walk::Occupant::Piece(Some(p.colour))
        }
    }

    /// Whether a wall stands on `c`. O(log walls).
    #[must_use]
    pub fn is_wall(&self, c: Coord) -> bool {
        !self.walls.is_empty() && self.walls.binary_search(&c).is_ok()
    }

    /// Whether piece `i` is hostile to a piece of `colour`: of the other side, and not a wall.
    #[must_use]
    pub fn is_hostile(&self, i: usize, colour: Colour) -> bool {
        let p = self.pieces[i];
        p.colour != colour && !self.kinds[p.kind].is_wall()
    }

    /// [`Position::walk_attacks`] over the steps `keep` accepts only.
    pub(crate) fn walk_attacks_where(
        &self,
        i: usize,
        surface: &impl Surface,
        sink: &mut impl WalkSink,
        keep: impl Fn(&Step) -> bool,
    ) {
        self.walk_placed_where(self.pieces[i], surface, sink, keep);
    }

    /// [`Position::walk_attacks_where`] of a piece given by value.
    fn walk_placed_where(
        &self,
        p: Placed,
        surface: &impl Surface,
        sink: &mut impl WalkSink,
        keep: impl Fn(&Step) -> bool,
    ) {
        if !self.walls.is_empty() {
            // Walls stop lines as pieces do, and are never attacked.
            let mut inner = |c: Coord| {
                if !surface.occupied(c) || !self.is_wall(c) {
                    sink.square(c);
                }
            };
            return self.walk_confined(p, surface, &mut inner, &keep);
        }
        self.walk_confined(p, surface, sink, &keep);
    }

    /// [`Position::walk_attacks_where`] once walls are taken care of.
    fn walk_confined(
        &self,
        p: Placed,
        surface: &impl Surface,
        sink: &mut impl WalkSink,
        keep: &impl Fn(&Step) -> bool,
    ) {
        let steps = self.steps[p.kind][p.colour.index()]
            .iter()
            .filter(|s| s.can_capture && keep(s));
        let Some(confine) = &self.kinds[p.kind].confine else {
            for st in steps {
                walk::walk_step(st, p.at, surface, sink);
            }
            return;
        };
        let shy = confine.unhoppable;
        let region = confine.region[p.colour.index()].as_deref();
        for st in steps {
            self.walk_confined_step(st, p.at, region, shy, surface, sink);
        }
        for (extra, on) in &self.extra[p.kind][p.colour.index()] {
            for st in extra.iter().filter(|s| s.can_capture && keep(s)) {
                self.walk_confined_step(st, p.at, on.as_deref(), shy, surface, sink);
            }
        }
    }

    /// Walks one step from `from` as a confined kind does: it ends only on `on`'s squares
    /// (sorted; `None`: anywhere) and, when `shy` (the Janggi cannon), neither hops over nor
    /// lands on a piece whose kind is unhoppable. Shared by the attack walk and the routes of
    /// a variant's piece. O(squares covered × log(on)).
    pub(crate) fn walk_confined_step(
        &self,
        st: &Step,
        from: Coord,
        on: Option<&[Coord]>,
        shy: bool,
        surface: &impl Surface,
        sink: &mut impl WalkSink,
    ) {
        let screen_ok = |c: Coord| !shy || self.unhoppable.binary_search(&c).is_err();
        let mut inner = |c: Coord| {
            if on.is_none_or(|r| r.binary_search(&c).is_ok())
                && (!shy || !surface.occupied(c) || screen_ok(c))
            {
                sink.square(c);
            }
        };
        walk::walk_step_screened(st, from, surface, &mut inner, &screen_ok);
    }

    /// The same position on the same board with these edges wrapped ([`Wrap`]: a cylinder or
    /// a torus; [`Wrap::None`] flattens it). The squares are the same, so nothing is checked
    /// again. O(1).
    ///
    /// # Errors
    ///
    /// [`PositionError::StripWraps`] for a wrap other than [`Wrap::None`] on a strip.
    pub fn with_wrap(mut self, wrap: Wrap) -> Result<Self, PositionError> {
        match self.board {
            Board::Rect(r) => self.board = Board::Rect(r.with_wrap(wrap)),
            Board::Strip(_) if wrap.is_flat() => {}
            Board::Strip(_) => return Err(PositionError::StripWraps(self.board)),
        }
        Ok(self)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The board when it is bounded.
    #[must_use]
    pub fn rect(&self) -> Option<Rect> {
        match self.board {
            Board::Rect(r) => Some(r),
            Board::Strip(_) => None,
        }
    }

    /// The piece kinds.
    #[must_use]
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The pieces.
    #[must_use]
    pub fn pieces(&self) -> &[Placed] {
        &self.pieces
    }

    /// The steps piece `i` moves and attacks with (turned 180° for Black).
    #[must_use]
    pub fn steps_of(&self, i: usize) -> &[Step] {
        let p = self.pieces[i];
        &self.steps[p.kind][p.colour.index()]
    }

    /// The leg paths of piece `i` (its kind's, turned for Black) as a tree. O(1).
    pub(crate) fn tree_of(&self, i: usize) -> &LegTree {
        let p = self.pieces[i];
        &self.trees[p.kind][p.colour.index()]
    }

    /// The [`SmallTable`] of piece `i`'s kind and colour on this board, built at the first
    /// call (O(legs × squares × ray length)); `None` on a board of more than 256 squares or
    /// for a piece whose table would be too large. The caller checks the board is flat.
    pub(crate) fn small_table(&self, i: usize) -> Option<&SmallTable> {
        let p = self.pieces[i];
        let rect = self.rect()?;
        self.small[p.kind][p.colour.index()]
            .get_or_init(|| SmallTable::new(self.steps_of(i), rect).map(Arc::new))
            .as_deref()
    }

    /// The letter shown for piece `i`: upper-case for White, lower-case for Black.
    #[must_use]
    pub fn symbol_of(&self, i: usize) -> char {
        let p = self.pieces[i];
        let s = self.kinds[p.kind].symbol;
        match p.colour {
            Colour::White => s.to_ascii_uppercase(),
            Colour::Black => s.to_ascii_lowercase(),
        }
    }

    /// The FEN placement of a position on a bounded board (`None` on strips): ranks from the
    /// top, upper case White, empty runs as counts. Letters are the kinds' symbols, so a FEN
    /// read back with the same letter definitions gives the same position. O(p log p + ranks).
    #[must_use]
    pub fn placement(&self) -> Option<String> {
        let rect = self.rect()?;
        let mut order: Vec<usize> = (0..self.pieces.len()).collect();
        order.sort_unstable_by_key(|&i| (std::cmp::Reverse(self.pieces[i].at.rank), self.pieces[i].at.file));
        let mut out = String::new();
        let mut next = order.iter().peekable();
        for rank in (1..=i64::from(rect.height())).rev() {
            let mut file = 1;
            while let Some(&&i) = next.peek() {
                if self.pieces[i].at.rank != rank {
                    break;
                }
                let gap = self.pieces[i].at.file - file;
                if gap > 0 {
                    out.push_str(&gap.to_string());
                }
                out.push(self.symbol_of(i));
                file = self.pieces[i].at.file + 1;
                next.next();
            }
            let gap = i64::from(rect.width()) + 1 - file;
            if gap > 0 {
                out.push_str(&gap.to_string());
            }
            if rank > 1 {
                out.push('/');
            }
        }
        Some(out)
    }

    /// The index of the piece on `c`, if any. O(p); engines use their own occupancy arrays.
    #[must_use]
    pub fn piece_at(&self, c: Coord) -> Option<usize> {
        self.pieces.iter().position(|p| p.at == c)
    }
}
