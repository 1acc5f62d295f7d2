//! knightmare (Codeforces 1201E2), interactive: choose the winning knight and win.
//!
//! Reads `n m` and `x1 y1 x2 y2`, prints `WHITE` or `BLACK`, then alternates: its own move as
//! `x y` (flushed at once) and the judge's reply. It stops at once after its own winning move,
//! and when the judge sends `-1 -1`. A malformed line, an illegal judge move, or input ending
//! mid-game is an error naming the line (and column), never a hang.
//!
//! The game itself is [`duel::referee`](crate::duel::referee) between the proven
//! [`StrategyPlayer`] and a [`JudgeLink`]; rows and columns are translated in
//! [`crate::duel::protocol`] only.

use std::io::{BufRead, Write};

use super::{Expected, Found, InputError, Refusal, SolveError};
use crate::duel::protocol::{JudgeLink, Tokens};
use crate::duel::strategy::{Strategy, StrategyPlayer};
use crate::duel::{referee, Duel, Game, IllegalMove, Outcome, PlayerError, Verdict};
use crate::geometry::Rect;
use crate::piece::Colour;

/// How an interactive game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Our move won (or the judge's move handed us the win).
    Won,
    /// The judge sent `-1 -1`.
    Stopped,
}

fn at_line(line: usize, expected: Expected, found: Found) -> SolveError {
    SolveError::Input(InputError {
        line,
        column: 1,
        expected,
        found,
    })
}

fn from_player(e: PlayerError) -> SolveError {
    match e {
        PlayerError::Input(e) => SolveError::Input(e),
        PlayerError::Io(e) => SolveError::Io(e),
        other => SolveError::Player(other),
    }
}

/// Plays one game on `input`/`output`.
///
/// # Errors
///
/// [`SolveError::Input`] (line and column) for malformed, illegal or missing judge input or a bad setup; [`SolveError::Player`] or [`SolveError::Ended`] when the exchange breaks otherwise; [`SolveError::Io`] when writing fails.
pub fn play(input: impl BufRead, mut output: impl Write) -> Result<Ending, SolveError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.int("the number of rows n").map_err(from_player)?;
    let m = tokens.int("the number of columns m").map_err(from_player)?;
    let board = Expected::Item("an even number of rows and columns, at least 6 each");
    let rect = u64::try_from(m)
        .ok()
        .zip(u64::try_from(n).ok())
        .and_then(|(m, n)| Rect::new(m, n).ok());
    let duel = rect
        .and_then(|r| Duel::knightmare(r).ok())
        .ok_or_else(|| at_line(tokens.line(), board, Found::Text(format!("{n} {m}"))))?;
    let white = tokens.square("the white knight").map_err(from_player)?;
    let black = tokens.square("the black knight").map_err(from_player)?;
    let start_line = tokens.line();
    let (Some(white), Some(black)) = (white, black) else {
        return Err(at_line(
            start_line,
            Expected::Item("two squares on the board"),
            Found::token("-1 -1"),
        ));
    };
    let game = Game::new(&duel, white, black).map_err(|e| {
        at_line(
            start_line,
            Expected::Item("two distinct squares on the board, neither knight on its own target"),
            Found::Refused(Refusal::new(e)),
        )
    })?;
    let strategy = Strategy::new(&duel)?;
    let mut ours = StrategyPlayer::new(strategy, white, black);
    let side = ours.side();
    writeln!(
        output,
        "{}",
        if side == Colour::White { "WHITE" } else { "BLACK" }
    )?;
    output.flush()?;
    let mut judge = JudgeLink::new(tokens, output);
    let mut game = game;
    let verdict = match side {
        Colour::White => referee(&mut game, &mut ours, &mut judge),
        Colour::Black => referee(&mut game, &mut judge, &mut ours),
    };
    match verdict {
        Verdict::Over(Outcome::Won { side: s, .. }) if s == side => Ok(Ending::Won),
        Verdict::Over(Outcome::Won { .. }) => Err(at_line(
            judge.line(),
            Expected::Item("-1 -1 (the judge's move wins)"),
            Found::Item("a move"),
        )),
        Verdict::Failed {
            error: PlayerError::Stopped,
            ..
        } => Ok(Ending::Stopped),
        Verdict::Failed { error, .. } => Err(from_player(error)),
        Verdict::Illegal {
            error: IllegalMove::NotAMove { from, to, .. },
            side: s,
        } if s != side => Err(at_line(
            judge.line(),
            Expected::Text(format!("a knight move from {} {}", from.rank, from.file)),
            Found::Text(format!("the illegal move {} {}", to.rank, to.file)),
        )),
        other => Err(SolveError::Ended(Box::new(other))),
    }
}
