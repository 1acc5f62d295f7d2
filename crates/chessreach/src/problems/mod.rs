//! The five classic formats: parse → engine → print. Each is a thin adapter over the engine.
//!
//! [`solve`] reads a whole input and writes the exact expected output to a writer the caller
//! owns (the library never prints on its own); answers already computed are written before an
//! error is returned, so a bad line late in a file loses nothing before it.

pub mod infinite_chess;
pub mod king_path;
pub mod knightmare;
pub mod roads;
pub mod weird_chess;

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use thiserror::Error;

use crate::limits::Budget;

pub use crate::input::{Expected, Found, Input, InputError, Refusal};

/// A classic problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Black king on an 8-rank strip (Codeforces 1765I).
    InfiniteChess,
    /// King capturing a pawn, 8×8 (e-olymp 2621).
    KingPath,
    /// Two-knight duel, interactive (Codeforces 1201E2).
    Knightmare,
    /// Reach counts on typed roads (NOIP 2021 "棋局").
    Roads,
    /// Movement rule from an attack diagram (Codeforces 538D).
    WeirdChess,
}

impl Problem {
    /// Every problem, in the order of the spec.
    pub const ALL: [Self; 5] = [
        Self::InfiniteChess,
        Self::KingPath,
        Self::Knightmare,
        Self::Roads,
        Self::WeirdChess,
    ];

    /// The command-line name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::InfiniteChess => "infinite-chess",
            Self::KingPath => "king-path",
            Self::Knightmare => "knightmare",
            Self::Roads => "roads",
            Self::WeirdChess => "weird-chess",
        }
    }

    /// The input and output format, with the sample, for people (`solve --help`).
    #[must_use]
    pub const fn format(self) -> &'static str {
        match self {
            Self::InfiniteChess => {
                "\
infinite-chess: a black king on 8 ranks and unbounded files; white K Q R B N never move.
  input:  xs ys / xt yt / n / n lines `c x y` (c in K Q R B N; any i64 file x, rank y 1..8)
  output: the fewest king moves from start to target avoiding attacked and occupied squares, or -1
  sample: printf '1 8\\n7 8\\n2\\nN 4 8\\nB 4 6\\n' | chessreach solve infinite-chess   ->  10"
            }
            Self::KingPath => {
                "\
king-path: a white king captures black pawn A on 8x8, maybe pawn B on the way; pawns attack upwards.
  input:  any number of lines `K A B` (algebraic squares, all distinct)
  output: one line each: the fewest moves, or -1
  sample: printf 'c4 e6 d5\\n' | chessreach solve king-path   ->  2"
            }
            Self::Knightmare => {
                "\
knightmare (interactive): choose WHITE or BLACK and win a knight duel on an n x m board.
  input:  `n m`, then `x1 y1 x2 y2` (row, column); after that the judge's moves `x y`, or -1 -1
  output: WHITE or BLACK, then our moves `x y`, one per line, flushed
  sample: printf '8 8\\n2 3 1 8\\n' | chessreach solve knightmare   ->  WHITE / 4 4"
            }
            Self::Roads => {
                "\
roads: reach on a grid of typed roads, placement by placement.
  input:  `n m q`; n lines of m-1 horizontal road types (row by row); n-1 lines of m vertical road
          types; q lines `col lv x y` (colour 0/1, level, row, column). Types: 0 blocked, 1 normal
          (one edge), 2 straight (a run in one direction), 3 interconnected (any path of type 3).
          A move passes only empty intersections and ends on a piece only to capture one of the
          other colour and a level not higher.
  output: one line per placement: how many intersections the new piece could move to
  sample: the seed's 4x4 grid with 3 placements  ->  6 / 3 / 5"
            }
            Self::WeirdChess => {
                "\
weird-chess: which movement rule (a set of offsets) explains an attack diagram?
  input:  n, then n rows of n characters: o a piece, x attacked, . not attacked
  output: NO, or YES and the largest rule as a (2n-1)x(2n-1) diagram (o centre, x offsets)
  sample: printf '3\\no.x\\noxx\\no.x\\n' | chessreach solve weird-chess   ->  NO"
            }
        }
    }

    /// Where the problem comes from.
    #[must_use]
    pub const fn origin(self) -> &'static str {
        match self {
            Self::InfiniteChess => "Codeforces 1765I",
            Self::KingPath => "e-olymp 2621",
            Self::Knightmare => "Codeforces 1201E2 (interactive)",
            Self::Roads => "Luogu P7963 / NOIP 2021",
            Self::WeirdChess => "Codeforces 538D",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown problem name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown problem `{0}`; expected one of: infinite-chess, king-path, knightmare, roads, weird-chess")]
pub struct UnknownProblem(pub String);

impl FromStr for Problem {
    type Err = UnknownProblem;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownProblem(s.to_owned()))
    }
}

/// Why a classic could not be answered.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Malformed input.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Writing the answer failed.
    #[error("cannot write the answer: {0}")]
    Io(#[from] io::Error),
    /// The other side of an interactive exchange broke the protocol.
    #[error(transparent)]
    Player(#[from] crate::duel::PlayerError),
    /// An interactive game ended in a way the exchange does not allow.
    #[error("{0}")]
    Ended(Box<crate::duel::Verdict>),
    /// The interactive game cannot be set up.
    #[error(transparent)]
    Duel(#[from] crate::duel::DuelError),
    /// The input asks for more memory than the budget allows.
    #[error(transparent)]
    TooLarge(#[from] crate::limits::TooLarge),
    /// The problem is interactive: see [`knightmare::play`].
    #[error("`{0}` is interactive: it is played over a reader and a writer, not solved from text")]
    Interactive(Problem),
}

/// Solves one classic: reads `input` in its original format and writes the exact output.
/// Interactive problems (knightmare) are not solved here; see the `duel` module.
///
/// # Errors
///
/// As [`solve_within`] with the default budget.
pub fn solve(problem: Problem, input: &str, out: &mut impl Write) -> Result<(), SolveError> {
    solve_within(problem, input, out, Budget::default())
}

/// [`solve`] within a memory budget: inputs whose tables would exceed it (a large roads grid,
/// a large weird-chess board) are refused with the size they would need.
///
/// # Errors
///
/// [`SolveError::Input`] for malformed input (answers before it are written), [`SolveError::TooLarge`] beyond `budget`, [`SolveError::Interactive`] for knightmare, [`SolveError::Io`] when writing fails.
pub fn solve_within(
    problem: Problem,
    input: &str,
    out: &mut impl Write,
    budget: Budget,
) -> Result<(), SolveError> {
    match problem {
        Problem::InfiniteChess => infinite_chess::solve(input, out),
        Problem::KingPath => king_path::solve(input, out),
        Problem::WeirdChess => weird_chess::solve(input, out, budget),
        Problem::Knightmare => Err(SolveError::Interactive(problem)),
        Problem::Roads => roads::solve(input, out, budget),
    }
}

/// [`solve_within`] on raw bytes: text that is not UTF-8 is an error at the line and column of
/// its first bad byte, after the answers of the complete lines before it.
///
/// # Errors
///
/// As [`solve_within`], and [`SolveError::Input`] at the first byte that is not UTF-8.
pub fn solve_bytes(
    problem: Problem,
    input: &[u8],
    out: &mut impl Write,
    budget: Budget,
) -> Result<(), SolveError> {
    let bad = match std::str::from_utf8(input) {
        Ok(text) => return solve_within(problem, text, out, budget),
        Err(e) => e.valid_up_to(),
    };
    // The valid text up to the start of the bad line: its answers are written first.
    let line_start = input[..bad]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let before = std::str::from_utf8(&input[..line_start]).unwrap_or_default();
    let utf8 = crate::input::utf8_error(input, bad);
    let line = utf8.line;
    match solve_within(problem, before, out, budget) {
        // An error inside the valid lines comes first; running out of input there is the
        // bad byte's doing.
        Err(SolveError::Input(e)) if e.line < line => Err(SolveError::Input(e)),
        Err(SolveError::Input(_)) | Ok(()) => Err(SolveError::Input(utf8)),
        Err(other) => Err(other),
    }
}
