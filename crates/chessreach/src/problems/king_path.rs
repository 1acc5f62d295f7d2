//! king-path (e-olymp 2621): a king captures pawn A on 8×8, past pawn B which it may capture.
//!
//! Each input line `K A B` (algebraic squares) gets one output line: the fewest moves, or `-1`.
//! Pawns attack the two squares diagonally one rank up. In engine terms: the mover is a Black
//! king and the pawns are White `P` (whose captures point up the board), both capturable; the
//! bitboard engine answers each line in a few hundred word operations without allocating.

use std::io::Write;

use super::{Expected, Input, InputError, SolveError};
use crate::geometry::{Coord, Rect};
use crate::path::bitboard::{BitRouter, Piece, Scratch, Target};
use crate::piece::{Colour, Rule, Step};

/// The board, the king's and the pawns' steps: built once, reused for every line.
pub struct Solver {
    engine: BitRouter,
    pawn: Vec<Step>,
    scratch: Scratch,
}

impl Default for Solver {
    fn default() -> Self {
        let rect = Rect::new(8, 8).expect("8x8");
        let king: Rule = "K".parse().expect("king");
        let pawn: Rule = "P".parse().expect("pawn");
        Self {
            engine: BitRouter::new(rect, &king, Colour::Black).expect("a king is a leaper on 64 squares"),
            pawn: pawn.steps(Colour::White),
            scratch: Scratch::default(),
        }
    }
}

impl Solver {
    /// Fewest moves for a king on `king` to capture the pawn on `a`, past the pawn on `b`.
    ///
    /// # Panics
    /// Never: the two pawns are always capturable and a line has its three tokens by then.
    pub fn answer(&mut self, king: Coord, a: Coord, b: Coord) -> Option<u32> {
        let pawn = |at| Piece {
            steps: &self.pawn,
            colour: Colour::White,
            at,
            capturable: true,
        };
        let pieces = [pawn(a), pawn(b)];
        self.engine
            .distance_among(Colour::Black, king, &pieces, Target::Piece(0), &mut self.scratch)
            .expect("two capturable pieces")
    }

    /// Parses one line's three squares (no blank line here).
    fn line(text: &str, number: usize) -> Result<[Coord; 3], InputError> {
        let mut inp = Input::at_line(text, number);
        let labels = [
            "the king's square (a1 to h8)",
            "pawn A's square (a1 to h8)",
            "pawn B's square (a1 to h8)",
        ];
        let mut out = [Coord::new(0, 0); 3];
        for (slot, what) in out.iter_mut().zip(labels) {
            let t = inp.word(what)?;
            *slot = match *t.text.as_bytes() {
                [f @ (b'a'..=b'h' | b'A'..=b'H'), r @ b'1'..=b'8'] => {
                    Coord::new(i64::from(f.to_ascii_lowercase() - b'a') + 1, i64::from(r - b'0'))
                }
                _ => return Err(t.error(Expected::Item(what))),
            };
        }
        if let Some(t) = inp.next_token() {
            return Err(t.error(Expected::Item("the end of the line (three squares per line)")));
        }
        if out[0] == out[1] || out[0] == out[2] || out[1] == out[2] {
            let mut probe = Input::at_line(text, number);
            probe.next_token();
            let t = probe.next_token().expect("three tokens");
            return Err(t.error(Expected::Item("three different squares")));
        }
        Ok(out)
    }
}

/// Solves every line; answers are written as they are found, so an error on a later line
/// keeps every earlier answer.
///
/// # Errors
///
/// [`SolveError::Input`] at the first malformed line (the answers before it are written); [`SolveError::Io`] when writing fails.
pub fn solve(text: &str, out: &mut impl Write) -> Result<(), SolveError> {
    let mut solver = Solver::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let [k, a, b] = Solver::line(line, i + 1)?;
        match solver.answer(k, a, b) {
            Some(d) => writeln!(out, "{d}")?,
            None => writeln!(out, "-1")?,
        }
    }
    Ok(())
}
