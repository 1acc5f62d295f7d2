//! Duels: two pieces, one each side, any Betza rules, on any bounded board.
//!
//! The rules (the knightmare rules, generalised): White moves first and every move is
//! compulsory. A piece moves by its rule — Black's turned by 180°, as Fairy-Stockfish reads
//! it; riders stop at the other piece and may capture it. After **every** move both win
//! conditions are checked, the mover's first: a side wins by capturing the other piece, or by
//! standing on its own target (if it has one) while the other piece does not attack that
//! square — so a piece that walks away from guarding the opponent's target loses. A side
//! with no target wins only by capture; a side to move with no legal move draws; a game may
//! also carry a move cap (knightmare's 350 moves), reaching which is a draw.
//!
//! - [`Duel`]: the arena — board, both rules, both targets — and the win checks.
//! - [`Game`]: one game in progress, with [`Game::play`].
//! - [`Player`] and [`referee`]: anything that chooses moves, and the one turn loop that plays
//!   two of them to a [`Verdict`] (in-process players, programs over a line protocol, people).
//! - [`solver`]: exact retrograde analysis of every position (winner and length).
//! - [`strategy`]: knightmare's proven strategy, O(1) per move on any even board.
//! - [`policy`]: opponents for judging: random, greedy, optimal.
//! - [`protocol`]: the knightmare line protocol, from either end.
//! - [`verify`]: exhaustive proof that the knightmare strategy wins.
//!
//! ```
//! use chessreach::duel::{Duel, Game, Outcome, WinBy};
//! use chessreach::geometry::{Coord, Rect};
//! use chessreach::piece::Colour;
//!
//! // A rook against a knight on 5x5; White's target is the centre.
//! let duel = Duel::new(Rect::new(5, 5)?, "R".parse()?, "N".parse()?, Some("c3".parse()?), None)?;
//! let mut game = Game::new(&duel, "a1".parse()?, "e5".parse()?)?;
//! assert_eq!(game.play("a3".parse()?)?, Outcome::Ongoing);
//! game.play("d3".parse()?)?; // the knight steps onto the rook's rank
//! assert_eq!(game.play("d3".parse()?)?, Outcome::Won { side: Colour::White, by: WinBy::Capture });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game;
pub mod leaper;
pub mod policy;
pub mod protocol;
mod referee;
pub mod solver;
pub mod strategy;
pub mod verify;

pub use game::{DrawBy, Game, IllegalMove, Outcome, WinBy};
pub use referee::{referee, Player, PlayerError, ProtocolError, Verdict};

use thiserror::Error;

use crate::geometry::{Coord, Rect, Square};
use crate::limits::TooLarge;
use crate::piece::{Colour, Rule};
use crate::retro::moves::{GenError, Marks, MoveGen};

/// The arena of a duel: the board, both pieces' rules and both (optional) targets.
#[derive(Clone, Debug)]
pub struct Duel {
    rect: Rect,
    rules: [Rule; 2],
    gens: [MoveGen; 2],
    targets: [Option<Square>; 2],
    /// `guards[s]`: the squares from which side `s`'s piece attacks the other side's target,
    /// sorted (a few for a leaper, a few lines for a rider: never a whole-board table).
    guards: [Vec<u32>; 2],
}

impl From<GenError> for DuelError {
    fn from(e: GenError) -> Self {
        match e {
            GenError::Hopper(side) => Self::Hopper(side),
            GenError::TwoLegs(side) => Self::TwoLegs(side),
            GenError::Legs(side, kind) => Self::Legs(side, kind),
        }
    }
}

/// Why a duel, a start or a solver request was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DuelError {
    /// A target off the board.
    #[error("the {side} target {at} is off the {rect} board")]
    TargetOffBoard {
        /// Whose target.
        side: Colour,
        /// Where.
        at: Coord,
        /// The board.
        rect: Rect,
    },
    /// A start square off the board.
    #[error("the {side} piece's start {at} is off the {rect} board")]
    StartOffBoard {
        /// Whose piece.
        side: Colour,
        /// Where.
        at: Coord,
        /// The board.
        rect: Rect,
    },
    /// Both pieces on one square.
    #[error("both pieces start on {0}")]
    SameSquare(Coord),
    /// A piece starts on its own target (the game would be over before it began).
    #[error("the {side} piece starts on its own target {at}")]
    OnOwnTarget {
        /// Whose piece.
        side: Colour,
        /// Where.
        at: Coord,
    },
    /// Knightmare needs an even number of files and ranks, at least 6 each.
    #[error("a knightmare board has an even number of files and of ranks, at least 6 each; got {0}")]
    NotKnightmare(Rect),
    /// The request would not fit in memory.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// More positions than the solver's 32-bit indices name ([`solver::Solution::MAX_POSITIONS`]).
    #[error("the duel solver would index {0} positions, more than the 4294967295 it can name")]
    TooManyPositions(u128),
    /// A hopper: duels do not handle them yet (with two pieces, the only screen is the other
    /// piece).
    #[error("the {0} piece is a hopper; duels do not handle hoppers yet")]
    Hopper(Colour),
    /// Moves in legs (XBetza): duels do not handle this kind of leg yet.
    #[error("the {0} piece makes {1}; duels do not handle them yet")]
    Legs(Colour, &'static str),
    /// A lame Z leap (the Janggi elephant, blocked on two squares): not in duels yet.
    #[error("the {0} piece makes lame Z leaps (two blocking squares); duels do not handle them yet")]
    TwoLegs(Colour),
    /// Initial moves (Betza `i`): a duel has no rule yet for which pieces have moved.
    #[error("the {0} piece has initial moves (`i`); duels do not handle them yet")]
    InitialMoves(Colour),
}

impl Duel {
    /// The duel of `white` against `black` on `rect`, with optional targets. O(steps × board
    /// side): no table over the board, so any size a [`Rect`] allows is fine.
    ///
    /// # Errors
    ///
    /// [`DuelError::TargetOffBoard`] for a target off the board.
    pub fn new(
        rect: Rect,
        white: Rule,
        black: Rule,
        white_target: Option<Coord>,
        black_target: Option<Coord>,
    ) -> Result<Self, DuelError> {
        let target = |side: Colour, at: Option<Coord>| match at {
            None => Ok(None),
            Some(c) => rect
                .square(c)
                .map(Some)
                .ok_or(DuelError::TargetOffBoard { side, at: c, rect }),
        };
        for (side, rule) in [(Colour::White, &white), (Colour::Black, &black)] {
            if rule.has_initial() {
                return Err(DuelError::InitialMoves(side));
            }
        }
        let targets = [
            target(Colour::White, white_target)?,
            target(Colour::Black, black_target)?,
        ];
        let gens = [
            MoveGen::new(rect, &white.steps(Colour::White), Colour::White)?,
            MoveGen::new(rect, &black.steps(Colour::Black), Colour::Black)?,
        ];
        let guards = Colour::BOTH.map(|side| match targets[side.opponent().index()] {
            Some(t) => gens[side.index()].attackers_of(t.0),
            None => Vec::new(),
        });
        Ok(Self {
            rect,
            rules: [white, black],
            gens,
            targets,
            guards,
        })
    }

    /// Knightmare (Codeforces 1201E2) on `files × ranks` (both even, at least 6): knight
    /// against knight, White's target `(files/2, ranks/2)`, Black's `(files/2, ranks/2 + 1)`
    /// as `(file, rank)` — the problem's `(n/2, m/2)` and `(n/2+1, m/2)` in its rows and columns.
    ///
    /// # Errors
    ///
    /// [`DuelError::NotKnightmare`] unless both sides are even and at least 6.
    pub fn knightmare(rect: Rect) -> Result<Self, DuelError> {
        let (f, r) = (rect.width(), rect.height());
        if f < 6 || r < 6 || !f.is_multiple_of(2) || !r.is_multiple_of(2) {
            return Err(DuelError::NotKnightmare(rect));
        }
        let knight: Rule = "N".parse().map_err(|_| DuelError::NotKnightmare(rect))?;
        let (cf, cr) = (i64::from(f / 2), i64::from(r / 2));
        Self::new(
            rect,
            knight.clone(),
            knight,
            Some(Coord::new(cf, cr)),
            Some(Coord::new(cf, cr + 1)),
        )
    }

    /// Whether this is a knightmare duel (knights, knightmare's targets, even board ≥ 6×6).
    #[must_use]
    pub fn is_knightmare(&self) -> bool {
        Self::knightmare(self.rect).is_ok_and(|k| k.rules == self.rules && k.targets == self.targets)
    }

    /// The board.
    #[must_use]
    pub const fn rect(&self) -> Rect {
        self.rect
    }

    /// A side's rule (as written for White; Black's piece moves by it turned 180°).
    #[must_use]
    pub fn rule(&self, side: Colour) -> &Rule {
        &self.rules[side.index()]
    }

    /// A side's target, if it has one.
    #[must_use]
    pub fn target(&self, side: Colour) -> Option<Coord> {
        self.targets[side.index()].map(|s| self.rect.coord(s))
    }

    pub(crate) fn target_square(&self, side: Colour) -> Option<Square> {
        self.targets[side.index()]
    }

    pub(crate) fn gen(&self, side: Colour) -> &MoveGen {
        &self.gens[side.index()]
    }

    /// De-duplication marks sized for this duel's generators (empty when no rule needs them).
    pub(crate) fn new_marks(&self) -> Marks {
        let needed = self.gens.iter().any(MoveGen::needs_marks);
        Marks::new(if needed { self.rect.len() } else { 0 })
    }

    /// Whether `side`'s piece on `from` attacks the other side's target. O(log guards).
    #[inline]
    pub(crate) fn guards(&self, side: Colour, from: Square) -> bool {
        self.guards[side.index()].binary_search(&from.0).is_ok()
    }

    /// Whether `side`'s piece on `from` attacks `sq` with the other piece standing on `sq`.
    #[must_use]
    pub fn attacks(&self, side: Colour, from: Coord, sq: Coord) -> bool {
        match (self.rect.square(from), self.rect.square(sq)) {
            (Some(f), Some(s)) if f != s => self.gens[side.index()].attacks(f.0, s.0),
            _ => false,
        }
    }

    /// Who has won once `mover` has moved and the pieces stand on `white` and `black` (dense
    /// squares): the mover first. O(1).
    pub(crate) fn winner_after(
        &self,
        mover: Colour,
        white: Square,
        black: Square,
    ) -> Option<(Colour, WinBy)> {
        if white == black {
            return Some((mover, WinBy::Capture));
        }
        let at = [white, black];
        let holds = |side: Colour| {
            self.targets[side.index()] == Some(at[side.index()])
                && !self.guards(side.opponent(), at[side.opponent().index()])
        };
        [mover, mover.opponent()]
            .into_iter()
            .find(|&s| holds(s))
            .map(|s| (s, WinBy::Target))
    }

    /// Who has won once `mover` has moved and the pieces stand on `white` and `black`, and how.
    /// `None`: the game goes on (or a square is off the board).
    #[must_use]
    pub fn after_move(&self, mover: Colour, white: Coord, black: Coord) -> Option<(Colour, WinBy)> {
        let (w, b) = (self.rect.square(white)?, self.rect.square(black)?);
        self.winner_after(mover, w, b)
    }

    /// The squares `side`'s piece on `from` may move to, the other piece on `other`, in board
    /// order of generation (each once). O(squares reached).
    #[must_use]
    pub fn moves(&self, side: Colour, from: Coord, other: Coord) -> Vec<Coord> {
        let (Some(f), Some(o)) = (self.rect.square(from), self.rect.square(other)) else {
            return Vec::new();
        };
        let mut marks = self.new_marks();
        let mut out = Vec::new();
        self.gens[side.index()].moves(f.0, o.0, &mut marks, |t, _| out.push(self.rect.coord(Square(t))));
        out
    }

    /// Checks a start: both squares on the board and distinct, neither piece on its own target.
    ///
    /// # Errors
    ///
    /// [`DuelError`] for a square off the board, both pieces on one square, or a piece on its own target.
    pub fn check_start(&self, white: Coord, black: Coord) -> Result<(Square, Square), DuelError> {
        let on = |side: Colour, at: Coord| {
            self.rect.square(at).ok_or(DuelError::StartOffBoard {
                side,
                at,
                rect: self.rect,
            })
        };
        let (w, b) = (on(Colour::White, white)?, on(Colour::Black, black)?);
        if w == b {
            return Err(DuelError::SameSquare(white));
        }
        for (side, sq, at) in [(Colour::White, w, white), (Colour::Black, b, black)] {
            if self.targets[side.index()] == Some(sq) {
                return Err(DuelError::OnOwnTarget { side, at });
            }
        }
        Ok((w, b))
    }
}

/// The colour of a square (a knight changes it every move).
pub(crate) fn parity(c: Coord) -> i64 {
    (c.file + c.rank).rem_euclid(2)
}
