//! The one turn loop: two [`Player`]s, a [`Game`], a [`Verdict`].

use std::fmt;
use std::io;

use thiserror::Error;

use super::game::{Game, IllegalMove, Outcome};
use crate::geometry::Coord;
use crate::input::InputError;
use crate::piece::Colour;

/// Anything that plays one side of a duel: an engine, an opponent policy, a program over a
/// line protocol, a person at a terminal.
pub trait Player {
    /// The move to play; `game` is the position with this player's side to move.
    ///
    /// # Errors
    ///
    /// A [`PlayerError`] when no move can be given (a peer's protocol error, a timeout, a stop); the referee ends the game with it.
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError>;

    /// The other side played `mv`; `game` is the position after it (possibly over). A remote
    /// player forwards the move here.
    ///
    /// # Errors
    ///
    /// A [`PlayerError`] when the move cannot be passed on; the referee ends a game still going with it.
    fn observe(&mut self, game: &Game<'_>, mv: Coord) -> Result<(), PlayerError> {
        let _ = (game, mv);
        Ok(())
    }

    /// The game has ended with `verdict`; a remote player may tell its peer.
    fn finish(&mut self, game: &Game<'_>, verdict: &Verdict) {
        let _ = (game, verdict);
    }
}

/// How a player broke the line protocol.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// A line longer than the protocol allows.
    #[error("line {line}, column {}: the line is longer than {limit} bytes", limit + 1)]
    LineTooLong {
        /// 1-based line number.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// The program closed its output while a line was due.
    #[error("the program closed its output where {0} was expected")]
    Closed(&'static str),
    /// A line that is not what the protocol expects here.
    #[error("expected {expected}, got {}", crate::input::excerpt(found))]
    Unexpected {
        /// What the protocol wants here.
        expected: &'static str,
        /// The line received.
        found: String,
    },
    /// A policy with no move to play (a position it should never be asked about).
    #[error("the policy has no move to play")]
    NoMove,
}

/// Why a player could not give a move.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayerError {
    /// Its answer did not come in time.
    #[error("no answer within the time limit")]
    Timeout,
    /// It sent something that is not a move, or broke the protocol (said once: not also as
    /// the source).
    #[error("protocol error: {0}")]
    Protocol(ProtocolError),
    /// Its input was malformed at a known place.
    #[error(transparent)]
    Input(#[from] InputError),
    /// It stopped the game (a judge's `-1 -1`, a person quitting).
    #[error("the game was stopped")]
    Stopped,
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl From<ProtocolError> for PlayerError {
    fn from(e: ProtocolError) -> Self {
        Self::Protocol(e)
    }
}

/// How a refereed game ended.
#[derive(Debug)]
#[non_exhaustive]
pub enum Verdict {
    /// Played to the end by the rules (a win, or a draw by no moves or by the cap).
    Over(Outcome),
    /// A side asked for an illegal move.
    Illegal {
        /// Who.
        side: Colour,
        /// What was refused.
        error: IllegalMove,
    },
    /// A side failed to give a move or to take one.
    Failed {
        /// Who.
        side: Colour,
        /// Why.
        error: PlayerError,
    },
}

impl Verdict {
    /// The winner, if the game was won by the rules.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        match self {
            Self::Over(Outcome::Won { side, .. }) => Some(*side),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Over(o) => o.fmt(f),
            Self::Illegal { side, error } => write!(f, "illegal move by {side}: {error}"),
            Self::Failed { side, error } => write!(f, "{side} failed: {error}"),
        }
    }
}

/// Plays `game` to its end: the side to move chooses, the game checks the move, the other side
/// observes it. Every player is told the verdict at the end. The only turn loop of the crate:
/// knightmare, the judge, terminal play, the demo and the tests all run through it.
pub fn referee(game: &mut Game<'_>, white: &mut dyn Player, black: &mut dyn Player) -> Verdict {
    let mut players: [&mut dyn Player; 2] = [white, black];
    let verdict = loop {
        if game.outcome().is_over() {
            break Verdict::Over(game.outcome());
        }
        let side = game.to_move();
        let mv = match players[side.index()].choose(game) {
            Ok(mv) => mv,
            Err(error) => break Verdict::Failed { side, error },
        };
        if let Err(error) = game.play(mv) {
            break Verdict::Illegal { side, error };
        }
        if let Err(error) = players[side.opponent().index()].observe(game, mv) {
            // A peer that cannot take the last, winning move does not change the result.
            if !game.outcome().is_over() {
                break Verdict::Failed {
                    side: side.opponent(),
                    error,
                };
            }
        }
    };
    for p in &mut players {
        p.finish(game, &verdict);
    }
    verdict
}
