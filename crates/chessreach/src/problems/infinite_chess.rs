//! infinite-chess (Codeforces 1765I): a black king among white `K Q R B N` on 8 ranks.
//!
//! Input `xs ys / xt yt / n / c x y …`; output the fewest king moves or `-1`. Beyond the
//! original limits: any `i64` file, any number of pieces. A start square holding a piece is
//! an error (no king can stand there); an attacked start is fine (the king leaves it); a target
//! that is occupied or attacked is unreachable (`-1`) unless it is the start (`0`).

use std::io::Write;

use super::{Expected, Found, Input, InputError, Refusal, SolveError};
use crate::attack::{Kind, Placed, Position, PositionError};
use crate::geometry::{Board, Coord, Strip};
use crate::path::strip::{king_distance, StripRouteError};
use crate::piece::Colour;

const RANKS: i64 = 8;
const LETTERS: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

/// A parsed input: the position (white pieces on the strip), the start and the target.
pub struct Puzzle {
    /// The white pieces.
    pub position: Position,
    /// The black king's square.
    pub start: Coord,
    /// Where it wants to go.
    pub target: Coord,
    /// Input line of each piece, for messages.
    lines: Vec<usize>,
}

/// A square as `x y`; `labels` name the file and the rank in messages.
fn square(inp: &mut Input<'_>, labels: [&'static str; 2]) -> Result<Coord, InputError> {
    let x = inp.parse::<i64>(labels[0])?;
    let y = inp.int_in(labels[1], 1..=RANKS)?;
    Ok(Coord::new(x, y))
}

/// Parses the input format.
///
/// # Panics
/// Never: the orthodox letters are Betza and 8 ranks make a strip.
///
/// # Errors
///
/// [`InputError`] (line and column, expected and found) for malformed input or a start on a piece.
pub fn parse(text: &str) -> Result<Puzzle, InputError> {
    let mut inp = Input::new(text);
    let start = square(&mut inp, ["the start file (an integer)", "the start rank"])?;
    let target = square(&mut inp, ["the target file (an integer)", "the target rank"])?;
    let n = inp.parse::<usize>("the piece count n (a non-negative integer)")?;
    let kinds: Vec<Kind> = LETTERS
        .iter()
        .map(|&c| Kind::new(c, c.to_string().parse().expect("orthodox piece")))
        .collect();
    let mut pieces = Vec::with_capacity(n.min(1 << 24));
    let mut lines = Vec::with_capacity(n.min(1 << 24));
    for _ in 0..n {
        let t = inp.word("a piece letter (K, Q, R, B or N)")?;
        let kind = match t.text.as_bytes() {
            [b] => LETTERS.iter().position(|&c| c as u8 == *b),
            _ => None,
        }
        .ok_or_else(|| t.error(Expected::Item("a piece letter (K, Q, R, B or N)")))?;
        let at = square(&mut inp, ["the piece's file (an integer)", "the piece's rank"])?;
        pieces.push(Placed {
            kind,
            colour: Colour::White,
            at,
        });
        lines.push(t.line);
    }
    inp.finish()?;
    let strip = Strip::new(RANKS as u64).expect("8 ranks");
    let position = Position::new(Board::Strip(strip), kinds, pieces.clone()).map_err(|e| {
        let (line, expected, found) = match e {
            PositionError::Occupied(c) => {
                let i = pieces.iter().rposition(|p| p.at == c).unwrap_or(0);
                (
                    lines.get(i).copied().unwrap_or(1),
                    Expected::Text(format!("a free square (another piece stands on {})", c.numeric())),
                    Found::Item("a second piece there"),
                )
            }
            other => (
                1,
                Expected::Item("a position"),
                Found::Refused(Refusal::new(other)),
            ),
        };
        InputError {
            line,
            column: 1,
            expected,
            found,
        }
    })?;
    Ok(Puzzle {
        position,
        start,
        target,
        lines,
    })
}

/// Solves one input: writes the answer line.
///
/// # Errors
///
/// [`SolveError::Input`] (line and column) for malformed input; [`SolveError::Io`] when writing fails.
pub fn solve(text: &str, out: &mut impl Write) -> Result<(), SolveError> {
    let p = parse(text)?;
    let answer = match king_distance(&p.position, Colour::Black, p.start, p.target) {
        Ok(d) => d,
        Err(StripRouteError::StartOccupied(c)) => {
            let i = p.position.pieces().iter().position(|q| q.at == c).unwrap_or(0);
            return Err(InputError {
                line: p.lines.get(i).copied().unwrap_or(1),
                column: 1,
                expected: Expected::Item("a piece off the king's start square"),
                found: Found::Text(format!("a piece on the start {}", c.numeric())),
            }
            .into());
        }
        Err(e) => unreachable!("orthodox pieces on an 8-rank strip: {e}"),
    };
    match answer {
        Some(d) => writeln!(out, "{d}")?,
        None => writeln!(out, "-1")?,
    }
    Ok(())
}
