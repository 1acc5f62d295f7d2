//! knightmare (Codeforces 1201E2), interactive: choose the winning knight and win.
//!
//! Reads `n m` and `x1 y1 x2 y2`, prints `WHITE` or `BLACK`, then alternates: its own move as
//! `x y` (flushed at once) and the judge's reply. It stops at once after its own winning move,
//! and when the judge sends `-1 -1`. A malformed line, an illegal judge move, or input ending
//! mid-game is an error (line and column named), never a hang.

use std::io::{BufRead, Write};

use super::{Input, InputError, SolveError};
use crate::duel::strategy::Strategy;
use crate::duel::Duel;
use crate::geometry::Coord;
use crate::piece::Colour;

/// How an interactive game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Our move won.
    Won,
    /// The judge sent `-1 -1`.
    Stopped,
}

/// Tokens of a line-oriented stream, each with its line and column.
struct Tokens<R> {
    reader: R,
    line: String,
    number: usize,
    used: usize,
}

impl<R: BufRead> Tokens<R> {
    fn new(reader: R) -> Self {
        Self {
            reader,
            line: String::new(),
            number: 0,
            used: 0,
        }
    }

    /// The next integer; `what` names it in errors.
    fn int(&mut self, what: &str) -> Result<i64, SolveError> {
        loop {
            let rest = &self.line[self.used..];
            let mut inp = Input::at_line(rest, self.number);
            if let Some(t) = inp.next_token() {
                let start = rest.find(t.text).unwrap_or(0);
                self.used += start + t.text.len();
                let column = self.line[..self.used - t.text.len()].chars().count() + 1;
                return t.text.parse().map_err(|_| {
                    SolveError::Input(InputError {
                        line: self.number,
                        column,
                        expected: what.to_owned(),
                        found: format!("`{}`", t.text),
                    })
                });
            }
            self.line.clear();
            self.used = 0;
            if self.reader.read_line(&mut self.line)? == 0 {
                return Err(SolveError::Input(InputError {
                    line: self.number + 1,
                    column: 1,
                    expected: what.to_owned(),
                    found: "end of input".into(),
                }));
            }
            self.number += 1;
        }
    }

    fn square(&mut self, what: &str) -> Result<Option<Coord>, SolveError> {
        let x = self.int(&format!("{what}: a row"))?;
        let y = self.int(&format!("{what}: a column"))?;
        Ok(if (x, y) == (-1, -1) {
            None
        } else {
            Some(Duel::cell(x, y))
        })
    }
}

fn protocol(message: String) -> SolveError {
    SolveError::Protocol(message)
}

/// Plays one game on `input`/`output`.
pub fn play(input: impl BufRead, mut output: impl Write) -> Result<Ending, SolveError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.int("the number of rows n")?;
    let m = tokens.int("the number of columns m")?;
    if n < 6 || m < 6 || n % 2 == 1 || m % 2 == 1 || n > 1 << 20 || m > 1 << 20 {
        return Err(protocol(format!(
            "the board must have an even number of rows and columns, at least 6 each; got {n}x{m}"
        )));
    }
    let duel = Duel::new(n as u64, m as u64).map_err(|e| protocol(e.to_string()))?;
    let mut white = tokens
        .square("the white knight")?
        .ok_or_else(|| protocol("no white knight".into()))?;
    let mut black = tokens
        .square("the black knight")?
        .ok_or_else(|| protocol("no black knight".into()))?;
    duel.check_start(white, black)
        .map_err(|e| protocol(e.to_string()))?;
    let strategy = Strategy::new(duel);
    let mut choice = strategy.choose(white, black);
    let side = choice.side;
    writeln!(
        output,
        "{}",
        if side == Colour::White { "WHITE" } else { "BLACK" }
    )?;
    output.flush()?;
    let mut to_move = Colour::White;
    loop {
        if to_move == side {
            let (me, them) = if side == Colour::White {
                (white, black)
            } else {
                (black, white)
            };
            let to = strategy.reply(&mut choice, me, them);
            writeln!(output, "{} {}", to.rank, to.file)?;
            output.flush()?;
            if side == Colour::White {
                white = to;
            } else {
                black = to;
            }
            if duel.after_move(side, white, black) == Some(side) {
                return Ok(Ending::Won);
            }
        } else {
            let Some(to) = tokens.square("the opponent's move")? else {
                return Ok(Ending::Stopped);
            };
            let from = if side == Colour::White { black } else { white };
            if !duel.contains(to) || !Duel::attacks(from, to) {
                return Err(protocol(format!(
                    "illegal opponent move to ({}, {}) from ({}, {})",
                    to.rank, to.file, from.rank, from.file
                )));
            }
            if side == Colour::White {
                black = to;
            } else {
                white = to;
            }
            match duel.after_move(side.opponent(), white, black) {
                Some(s) if s == side => return Ok(Ending::Won),
                Some(_) => {
                    return Err(protocol(
                        "the opponent's move wins: the judge should have sent -1 -1".into(),
                    ))
                }
                None => {}
            }
        }
        to_move = to_move.opponent();
    }
}
