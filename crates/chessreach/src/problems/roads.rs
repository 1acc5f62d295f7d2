//! roads (Luogu P7963 / NOIP 2021 "棋局", the seed's own format): reach counts on typed roads.
//!
//! Input: `n m q`; `n` lines of `m-1` road types (horizontal roads, row by row); `n-1` lines of
//! `m` types (vertical roads); `q` lines `col lv x y`. Output: one count per placement. Road
//! types are 0–3, colours 0 or 1, levels any 64-bit integer, rows `1..=n`, columns `1..=m`;
//! a placement on an occupied intersection is an error naming its line.

use std::fmt::Write as _;
use std::io::Write;

use super::{Expected, Found, Input, InputError, SolveError};
use crate::geometry::EdgeGrid;
use crate::limits::{Budget, TooLarge};
use crate::roads::{counts, Piece};

/// A parsed input: the grid and the placements, with each placement's line.
pub struct Puzzle {
    /// The roads.
    pub grid: EdgeGrid,
    /// The placements, in order.
    pub pieces: Vec<Piece>,
    /// The input line of each placement.
    pub lines: Vec<usize>,
}

/// Why an input could not be read whole.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Malformed before the first placement: nothing can be answered.
    #[error(transparent)]
    Input(InputError),
    /// The grid and placements would not fit in the budget.
    #[error(transparent)]
    TooLarge(TooLarge),
}

impl From<ParseError> for SolveError {
    fn from(e: ParseError) -> Self {
        match e {
            ParseError::Input(e) => Self::Input(e),
            ParseError::TooLarge(e) => Self::TooLarge(e),
        }
    }
}

impl From<InputError> for ParseError {
    fn from(e: InputError) -> Self {
        Self::Input(e)
    }
}

/// Parses the input format: the puzzle with every placement up to the first bad one, and the
/// error there (if any), so that the placements before it can still be answered.
///
/// # Panics
/// Never: the road lists read have exactly the grid's counts.
#[expect(
    clippy::many_single_char_names,
    reason = "n, m, q, x, y are the problem statement's names"
)]
///
/// # Errors
///
/// [`ParseError::Input`] before the first placement, [`ParseError::TooLarge`] when [`crate::roads::bytes_needed`] exceeds `budget`.
pub fn parse(text: &str, budget: Budget) -> Result<(Puzzle, Option<InputError>), ParseError> {
    let mut inp = Input::new(text);
    let n = inp.int_in_as("the number of rows n", 1..=1usize << 14)?;
    let m = inp.int_in_as("the number of columns m", 1..=1usize << 14)?;
    // At most one placement per intersection: a larger q cannot be met.
    let most = (n * m).min(1 << 24);
    let q = inp.int_in_as(
        "the number of placements q (at most one per intersection)",
        0..=most,
    )?;
    budget
        .check(
            "the roads grid and placements",
            crate::roads::bytes_needed(n, m, q),
        )
        .map_err(ParseError::TooLarge)?;
    let mut roads = |count: usize, what: &'static str| -> Result<Vec<u8>, InputError> {
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            out.push(inp.int_in_as(what, 0..=3u8)?);
        }
        Ok(out)
    };
    let h = roads(n * (m - 1), "a horizontal road type")?;
    let v = roads((n - 1) * m, "a vertical road type")?;
    let grid = EdgeGrid::new(n, m, &h, &v).expect("counts match the grid");
    let mut pieces = Vec::with_capacity(q);
    let mut lines = Vec::with_capacity(q);
    let mut by = vec![u32::MAX; n * m];
    let mut placement = |inp: &mut Input<'_>| -> Result<(Piece, usize), InputError> {
        let (line, _) = inp.position();
        let colour = inp.int_in_as("a colour", 0..=1u8)?;
        let level = inp.parse::<i64>("a level (an integer)")?;
        let x = inp.int_in_as("a row x", 1..=n)?;
        let (yl, yc) = inp.position();
        let y = inp.int_in_as("a column y", 1..=m)?;
        let at = (x - 1) * m + (y - 1);
        if by[at] != u32::MAX {
            return Err(InputError {
                line: yl,
                column: yc,
                expected: Expected::Item("an empty intersection"),
                found: Found::Text(format!(
                    "({x}, {y}), occupied since the placement on line {}",
                    by[at]
                )),
            });
        }
        by[at] = u32::try_from(line).unwrap_or(u32::MAX - 1);
        Ok((Piece { colour, level, at }, line))
    };
    let mut error = None;
    for _ in 0..q {
        match placement(&mut inp) {
            Ok((piece, line)) => {
                pieces.push(piece);
                lines.push(line);
            }
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    if error.is_none() {
        error = inp.finish().err();
    }
    Ok((Puzzle { grid, pieces, lines }, error))
}

/// Solves one input: a count per placement.
/// Placements before a bad line are answered before the error is returned.
///
/// # Panics
/// Never: the placements were checked while parsing.
///
/// # Errors
///
/// [`SolveError::Input`] at the first bad token (placements before it are answered first), [`SolveError::TooLarge`] beyond `budget`, [`SolveError::Io`] when writing fails.
pub fn solve(text: &str, out: &mut impl Write, budget: Budget) -> Result<(), SolveError> {
    let (p, error) = parse(text, budget)?;
    let answers = counts(&p.grid, &p.pieces).expect("placements were checked while parsing");
    let mut buf = String::with_capacity(answers.len() * 7);
    for a in answers {
        let _ = writeln!(buf, "{a}");
    }
    out.write_all(buf.as_bytes())?;
    error.map_or(Ok(()), |e| Err(SolveError::Input(e)))
}
