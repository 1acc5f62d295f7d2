use thiserror::Error;

use crate::geometry::{Board, Coord, Rect};
use crate::piece::{Colour, Rule, Step};

/// A kind of piece: the letter that shows it, and its rule (as White plays it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Shown upper-case for White, lower-case for Black.
    pub symbol: char,
    /// Movement rule, White's orientation.
    pub rule: Rule,
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

/// A checked position: a board, piece kinds and pieces, every piece on the board, no two on a
/// square. Steps of every kind and colour are built once here.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    kinds: Vec<Kind>,
    pieces: Vec<Placed>,
    steps: Vec<[Vec<Step>; 2]>,
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
        Ok(Self {
            board,
            kinds,
            pieces,
            steps,
        })
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
