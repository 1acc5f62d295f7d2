//! One game of a duel: the pieces' squares, the side to move, the plies played, the verdict.

use std::fmt;

use thiserror::Error;

use super::{Duel, DuelError};
use crate::geometry::{Coord, Square};
use crate::piece::Colour;
use crate::retro::moves::Marks;

/// How a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// It captured the other piece.
    Capture,
    /// It stood on its own target while the other piece did not attack it.
    Target,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawBy {
    /// The side to move had no legal move.
    NoMoves,
    /// The move cap was reached without a win.
    MoveCap,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Not over.
    Ongoing,
    /// Over: `side` won.
    Won {
        /// The winner.
        side: Colour,
        /// How.
        by: WinBy,
    },
    /// Over, drawn.
    Drawn(DrawBy),
}

impl Outcome {
    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Self::Ongoing)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ongoing => f.write_str("the game goes on"),
            Self::Won {
                side,
                by: WinBy::Capture,
            } => write!(f, "{side} wins by capture"),
            Self::Won {
                side,
                by: WinBy::Target,
            } => write!(f, "{side} wins on its target"),
            Self::Drawn(DrawBy::NoMoves) => f.write_str("draw: no legal move"),
            Self::Drawn(DrawBy::MoveCap) => f.write_str("draw: the move cap was reached"),
        }
    }
}

/// A move [`Game::play`] refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// Not a move of the piece to play.
    #[error("{side} cannot move from {from} to {to}")]
    NotAMove {
        /// The side to move.
        side: Colour,
        /// Where its piece stands.
        from: Coord,
        /// Where it was asked to go.
        to: Coord,
    },
}

/// A game in progress on a [`Duel`].
#[derive(Clone, Debug)]
pub struct Game<'d> {
    duel: &'d Duel,
    at: [Square; 2],
    to_move: Colour,
    plies: u32,
    max_plies: Option<u32>,
    outcome: Outcome,
    marks: Marks,
}

impl<'d> Game<'d> {
    /// A game from a start (checked by [`Duel::check_start`]), White to move, no move cap.
    ///
    /// # Errors
    ///
    /// [`DuelError`] when [`Duel::check_start`] refuses the start.
    pub fn new(duel: &'d Duel, white: Coord, black: Coord) -> Result<Self, DuelError> {
        let (w, b) = duel.check_start(white, black)?;
        let mut game = Self {
            duel,
            at: [w, b],
            to_move: Colour::White,
            plies: 0,
            max_plies: None,
            outcome: Outcome::Ongoing,
            marks: duel.new_marks(),
        };
        if game.no_moves() {
            game.outcome = Outcome::Drawn(DrawBy::NoMoves);
        }
        Ok(game)
    }

    /// The same game with a cap of `plies` half-moves: after the last one, a game not won is
    /// drawn ([`DrawBy::MoveCap`]).
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    /// The same game capped so that `side` makes at most `moves` moves (knightmare: 350 for the
    /// program's side): `2·moves − 1` plies for White, `2·moves` for Black.
    #[must_use]
    pub fn with_move_cap(self, side: Colour, moves: u32) -> Self {
        let plies = match side {
            Colour::White => (2 * moves).saturating_sub(1),
            Colour::Black => 2 * moves,
        };
        self.with_max_plies(plies)
    }

    /// The arena.
    #[must_use]
    pub const fn duel(&self) -> &'d Duel {
        self.duel
    }

    /// Where `side`'s piece stands.
    #[must_use]
    pub fn square(&self, side: Colour) -> Coord {
        self.duel.rect().coord(self.at[side.index()])
    }

    /// The side to move.
    #[must_use]
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Half-moves played.
    #[must_use]
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// The moves `side` has made so far.
    #[must_use]
    pub const fn moves_made(&self, side: Colour) -> u32 {
        match side {
            Colour::White => self.plies.div_ceil(2),
            Colour::Black => self.plies / 2,
        }
    }

    /// Where the game stands.
    #[must_use]
    pub const fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The legal moves of the side to move (empty once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Coord> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let s = self.to_move;
        self.duel.moves(s, self.square(s), self.square(s.opponent()))
    }

    fn no_moves(&mut self) -> bool {
        let s = self.to_move;
        let mut any = false;
        self.duel.gen(s).moves(
            self.at[s.index()].0,
            self.at[s.opponent().index()].0,
            &mut self.marks,
            |_, _| any = true,
        );
        !any
    }

    /// Plays the side to move's piece to `to`. O(squares the piece reaches).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when the game is over or `to` is not a move of the side to play.
    pub fn play(&mut self, to: Coord) -> Result<Outcome, IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver(self.outcome));
        }
        let side = self.to_move;
        let (me, other) = (self.at[side.index()], self.at[side.opponent().index()]);
        let target = self.duel.rect().square(to);
        let mut legal = false;
        if let Some(t) = target {
            self.duel
                .gen(side)
                .moves(me.0, other.0, &mut self.marks, |s, _| legal |= s == t.0);
        }
        let Some(t) = target.filter(|_| legal) else {
            return Err(IllegalMove::NotAMove {
                side,
                from: self.square(side),
                to,
            });
        };
        self.at[side.index()] = t;
        self.plies += 1;
        self.to_move = side.opponent();
        self.outcome = match self.duel.winner_after(side, self.at[0], self.at[1]) {
            Some((winner, by)) => Outcome::Won { side: winner, by },
            None if self.no_moves() => Outcome::Drawn(DrawBy::NoMoves),
            None if self.max_plies.is_some_and(|m| self.plies >= m) => Outcome::Drawn(DrawBy::MoveCap),
            None => Outcome::Ongoing,
        };
        Ok(self.outcome)
    }
}
