//! The knightmare line protocol (Codeforces 1201E2), from either end.
//!
//! The judge writes `n m` (rows, columns) and `x1 y1 x2 y2`; the program answers `WHITE` or
//! `BLACK`; then moves alternate as `x y` (row, column), one per line. The judge sends `-1 -1`
//! instead of a move when the program's move was illegal, when the judge's own move won, or
//! after the program's last allowed move; the program stops after its own winning move.
//!
//! Rows and columns are the protocol's words for ranks and files: `x y` is the square
//! `(file y, rank x)`. That conversion lives here and nowhere else.
//!
//! - [`JudgeLink`]: the judge as seen by a program (the opponent whose moves arrive on a
//!   reader); knightmare's `solve` plays the strategy against it.
//! - [`ProgramLink`]: a program as seen by a judge; `duel judge` referees it.
//!
//! Lines are capped ([`LINE_LIMIT`]): a peer that floods its output gets a protocol error, not
//! the reader's memory.

use std::io::{BufRead, Read, Write};

use super::referee::{Player, PlayerError, ProtocolError, Verdict};
use super::{Game, Outcome};
use crate::geometry::Coord;
use crate::input::{Expected, Found, Input, InputError};
use crate::piece::Colour;

/// The longest line accepted from a peer, in bytes.
pub const LINE_LIMIT: usize = 4096;

/// A square as the protocol writes it: `row column`.
#[must_use]
pub fn square_text(c: Coord) -> String {
    format!("{} {}", c.rank, c.file)
}

/// The square of the protocol's `row column`.
#[must_use]
pub const fn square_at(row: i64, column: i64) -> Coord {
    Coord::new(column, row)
}

/// Numbered lines of a reader, each at most [`LINE_LIMIT`] bytes and valid UTF-8.
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, numbered from 1.
    pub const fn new(reader: R) -> Self {
        Self {
            reader,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The number of the last line read.
    pub const fn number(&self) -> usize {
        self.number
    }

    /// The next line without its end, or `None` at the end of input.
    ///
    /// # Errors
    ///
    /// [`PlayerError::Protocol`] for a line over [`LINE_LIMIT`] bytes, [`PlayerError::Input`] for bytes that are not UTF-8, [`PlayerError::Timeout`] or [`PlayerError::Io`] from the reader.
    pub fn next_line(&mut self) -> Result<Option<String>, PlayerError> {
        self.buf.clear();
        let limit = u64::try_from(LINE_LIMIT).unwrap_or(u64::MAX) + 1;
        let read = self
            .reader
            .by_ref()
            .take(limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| match e.kind() {
                // A reader with a deadline (the judge's) reports it as `TimedOut`.
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock => PlayerError::Timeout,
                _ => PlayerError::Io(e),
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        if self.buf.len() > LINE_LIMIT {
            return Err(ProtocolError::LineTooLong {
                line: self.number,
                limit: LINE_LIMIT,
            }
            .into());
        }
        while self.buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            self.buf.pop();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(s) => Ok(Some(s.to_owned())),
            Err(e) => {
                let good = &self.buf[..e.valid_up_to()];
                Err(PlayerError::Input(InputError {
                    line: self.number,
                    column: String::from_utf8_lossy(good).chars().count() + 1,
                    expected: Expected::Utf8,
                    found: Found::Byte(self.buf[e.valid_up_to()]),
                }))
            }
        }
    }
}

/// Whitespace-separated integers over [`Lines`], each error naming its line and column.
#[derive(Debug)]
pub struct Tokens<R> {
    lines: Lines<R>,
    line: String,
    used: usize,
}

impl<R: BufRead> Tokens<R> {
    /// Tokens of `reader`.
    pub const fn new(reader: R) -> Self {
        Self {
            lines: Lines::new(reader),
            line: String::new(),
            used: 0,
        }
    }

    /// The line of the last token read.
    pub const fn line(&self) -> usize {
        self.lines.number()
    }

    /// The next integer; `what` names it in errors.
    ///
    /// # Errors
    ///
    /// [`PlayerError::Input`] (line and column) for a token that is not an integer or the end of input; [`PlayerError::Protocol`] for an overlong line; [`PlayerError::Timeout`] or [`PlayerError::Io`] from the reader.
    pub fn int(&mut self, what: &'static str) -> Result<i64, PlayerError> {
        self.int_as(&Expected::Item(what))
    }

    /// The next integer; errors say `expected`.
    fn int_as(&mut self, expected: &Expected) -> Result<i64, PlayerError> {
        loop {
            let rest = &self.line[self.used..];
            let mut inp = Input::at_line(rest, self.lines.number());
            if let Some(t) = inp.next_token() {
                let start = t.text.as_ptr() as usize - rest.as_ptr() as usize;
                let column = self.line[..self.used + start].chars().count() + 1;
                self.used += start + t.text.len();
                return t.text.parse().map_err(|_| {
                    PlayerError::Input(InputError {
                        line: self.lines.number(),
                        column,
                        expected: expected.clone(),
                        found: Found::token(t.text),
                    })
                });
            }
            self.used = 0;
            if let Some(l) = self.lines.next_line()? {
                self.line = l;
            } else {
                self.line.clear();
                return Err(PlayerError::Input(InputError {
                    line: self.lines.number() + 1,
                    column: 1,
                    expected: expected.clone(),
                    found: Found::End,
                }));
            }
        }
    }

    /// A square `row column`, or `None` for `-1 -1`.
    ///
    /// # Errors
    ///
    /// As [`Tokens::int`].
    pub fn square(&mut self, what: &'static str) -> Result<Option<Coord>, PlayerError> {
        let x = self.int_as(&Expected::Part {
            of: what,
            part: "row",
        })?;
        let y = self.int_as(&Expected::Part {
            of: what,
            part: "column",
        })?;
        Ok(((x, y) != (-1, -1)).then(|| square_at(x, y)))
    }
}

/// The judge, seen from the program: its moves arrive as tokens, ours leave as lines.
#[derive(Debug)]
pub struct JudgeLink<R, W> {
    tokens: Tokens<R>,
    out: W,
}

impl<R: BufRead, W: Write> JudgeLink<R, W> {
    /// The link over the judge's remaining input (after the setup) and our output.
    pub const fn new(tokens: Tokens<R>, out: W) -> Self {
        Self { tokens, out }
    }

    /// The line of the judge's last move.
    pub const fn line(&self) -> usize {
        self.tokens.line()
    }
}

impl<R: BufRead, W: Write> Player for JudgeLink<R, W> {
    fn choose(&mut self, _game: &Game<'_>) -> Result<Coord, PlayerError> {
        self.tokens
            .square("the opponent's move")?
            .ok_or(PlayerError::Stopped)
    }

    fn observe(&mut self, _game: &Game<'_>, mv: Coord) -> Result<(), PlayerError> {
        writeln!(self.out, "{}", square_text(mv))?;
        self.out.flush()?;
        Ok(())
    }
}

/// A program, seen from the judge: we send the setup and our moves, it answers with its side
/// and its moves. Keeps a transcript of the exchange.
#[derive(Debug)]
pub struct ProgramLink<R, W> {
    lines: Lines<R>,
    out: W,
    side: Colour,
    stopped: bool,
    transcript: Vec<String>,
}

impl<R: BufRead, W: Write> ProgramLink<R, W> {
    /// Sends the board and the start of `game` and reads the side the program chooses.
    ///
    /// # Errors
    ///
    /// The [`PlayerError`] that stopped the exchange (a write that failed, no answer, an answer other than `WHITE`/`BLACK`), with the transcript so far.
    pub fn open(reader: R, out: W, game: &Game<'_>) -> Result<Self, (PlayerError, Vec<String>)> {
        let rect = game.duel().rect();
        let mut link = Self {
            lines: Lines::new(reader),
            out,
            side: Colour::White,
            stopped: false,
            transcript: Vec::new(),
        };
        let setup = [
            format!("{} {}", rect.height(), rect.width()),
            format!(
                "{} {}",
                square_text(game.square(Colour::White)),
                square_text(game.square(Colour::Black))
            ),
        ];
        let answer = setup
            .iter()
            .try_for_each(|l| link.send(l))
            .and_then(|()| link.read("WHITE or BLACK"));
        let answer = match answer {
            Ok(a) => a,
            Err(e) => return Err((e, link.transcript)),
        };
        link.side = match answer.trim() {
            "WHITE" => Colour::White,
            "BLACK" => Colour::Black,
            other => {
                let e = PlayerError::from(ProtocolError::Unexpected {
                    expected: "WHITE or BLACK",
                    found: other.to_owned(),
                });
                return Err((e, link.transcript));
            }
        };
        Ok(link)
    }

    /// The side the program chose.
    pub const fn side(&self) -> Colour {
        self.side
    }

    /// Every line exchanged so far, `judge:` or `program:` first.
    pub fn transcript(&self) -> &[String] {
        &self.transcript
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        self.transcript.push(format!("judge: {line}"));
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    fn read(&mut self, what: &'static str) -> Result<String, PlayerError> {
        match self.lines.next_line()? {
            Some(l) => {
                self.transcript.push(format!("program: {l}"));
                Ok(l)
            }
            None => Err(ProtocolError::Closed(what).into()),
        }
    }
}

impl<R: BufRead, W: Write> Player for ProgramLink<R, W> {
    fn choose(&mut self, _game: &Game<'_>) -> Result<Coord, PlayerError> {
        let line = self.read("a move `x y`")?;
        let mut it = line.split_whitespace().map(str::parse::<i64>);
        match (it.next(), it.next(), it.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) => Ok(square_at(x, y)),
            _ => Err(ProtocolError::Unexpected {
                expected: "a move `x y`",
                found: line,
            }
            .into()),
        }
    }

    fn observe(&mut self, game: &Game<'_>, mv: Coord) -> Result<(), PlayerError> {
        match game.outcome() {
            Outcome::Won { side, .. } if side != self.side => {
                self.stopped = true;
                self.send("-1 -1")
            }
            _ => self.send(&square_text(mv)),
        }
    }

    fn finish(&mut self, _game: &Game<'_>, verdict: &Verdict) {
        if !self.stopped && verdict.winner() != Some(self.side) {
            self.stopped = true;
            // The program may already be gone; the verdict stands either way.
            let _ = self.send("-1 -1");
        }
    }
}
