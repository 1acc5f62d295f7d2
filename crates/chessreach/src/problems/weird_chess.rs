//! weird-chess (Codeforces 538D): the movement rule behind an attack diagram.
//!
//! Input: `n`, then `n` rows of `n` characters from `o x .`. Output: `NO`, or `YES` and the
//! largest consistent rule as a `(2n-1)×(2n-1)` diagram with `o` in the centre (any consistent
//! rule is accepted; the largest is canonical). Blank lines and trailing spaces are ignored;
//! any `n ≥ 1` that fits in memory is accepted (n = 2000 takes seconds).

use std::io::Write;

use super::{Expected, Found, Input, InputError, Refusal, SolveError};
use crate::infer::{infer_within, Diagram, DiagramError, Mark};
use crate::limits::Budget;

/// Reads a diagram: with `sized`, a first line holding `n` and then exactly `n` rows of `n`
/// marks (the weird-chess format); otherwise rows of equal length, an optional leading size
/// line skipped when present.
///
/// # Errors
///
/// [`InputError`] (line and column) for a bad size line, a character other than `o x .`, ragged or missing rows, or no piece.
pub fn parse_diagram(text: &str, sized: bool) -> Result<Diagram, InputError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty());
    let first = lines.clone().next();
    let n = match first {
        Some((no, l)) if sized || l.trim().bytes().all(|b| b.is_ascii_digit()) => {
            let mut inp = Input::at_line(l, no);
            let n = usize::from(inp.int_in_as("the board size n", 1..=u16::MAX)?);
            inp.finish()?;
            lines.next();
            Some(n)
        }
        _ => None,
    };
    let mut rows = Vec::new();
    let mut last_line = first.map_or(1, |f| f.0);
    for (no, line) in lines {
        last_line = no;
        let width = n.unwrap_or_else(|| rows.first().map_or(line.chars().count(), Vec::len));
        if n.is_some_and(|n| rows.len() == n) {
            let mut inp = Input::at_line(line, no);
            return Err(inp.error_here(Expected::Item("the end of input (all n rows are read)")));
        }
        let row: Vec<Mark> = line
            .chars()
            .enumerate()
            .map(|(c, ch)| {
                Mark::from_char(ch).ok_or_else(|| InputError {
                    line: no,
                    column: c + 1,
                    expected: Expected::Item("`o`, `x` or `.`"),
                    found: Found::token(ch.encode_utf8(&mut [0; 4])),
                })
            })
            .collect::<Result<_, _>>()?;
        if row.len() != width {
            return Err(InputError {
                line: no,
                column: 1,
                expected: Expected::Row(width),
                found: Found::Squares(row.len()),
            });
        }
        rows.push(row);
    }
    if let Some(n) = n.filter(|&n| rows.len() < n) {
        return Err(InputError {
            line: last_line + 1,
            column: 1,
            expected: Expected::Rows(n),
            found: Found::Rows(rows.len()),
        });
    }
    Diagram::from_rows(rows).map_err(|e| InputError {
        line: first.map_or(1, |f| f.0),
        column: 1,
        expected: Expected::Item("a diagram with at least one piece `o`"),
        found: match e {
            DiagramError::NoPiece => Found::Item("no piece"),
            e => Found::Refused(Refusal::new(e)),
        },
    })
}

/// Solves one input: `NO`, or `YES` and the rule diagram.
///
/// # Errors
///
/// [`SolveError::Input`] (line and column) for a malformed diagram, [`SolveError::TooLarge`] beyond `budget`, [`SolveError::Io`] when writing fails.
pub fn solve(text: &str, out: &mut impl Write, budget: Budget) -> Result<(), SolveError> {
    let d = parse_diagram(text, true)?;
    let found = infer_within(&d, budget)?;
    if found.unexplained.is_empty() {
        out.write_all(b"YES\n")?;
        out.write_all(found.offsets.diagram().as_bytes())?;
    } else {
        out.write_all(b"NO\n")?;
    }
    Ok(())
}
