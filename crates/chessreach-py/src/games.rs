//! The duel solver and typed-road reach, from Python: convert, call the library (searches
//! without the GIL), convert.

use std::collections::BTreeMap;

use chessreach::geometry::{Board, Coord};
use chessreach::piece::{Colour, Rule as CoreRule};
use chessreach::problems;
use chessreach::render;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::{
    betza_error, budget, chessreach_error, colour, colour_name, input_error, parse_error, square, too_large,
    ChessreachError,
};

/// The exact results of a two-piece duel: every start's value, drawn as a heat map.
#[pyclass(frozen, module = "chessreach")]
pub(crate) struct DuelResult {
    solved: chessreach::duel::solver::Solution,
}

#[pymethods]
impl DuelResult {
    /// The board: `"8x8"`.
    #[getter]
    fn board(&self) -> String {
        self.solved.duel().rect().to_string()
    }

    /// `{"starts", "white", "black", "draws", "longest"}`: starts with White to move, wins of
    /// each side, draws, and the longest win in plies.
    #[getter]
    fn summary(&self) -> BTreeMap<&'static str, u64> {
        let s = self.solved.summary();
        BTreeMap::from([
            ("starts", s.starts),
            ("white", s.white),
            ("black", s.black),
            ("draws", s.draws),
            ("longest", u64::from(s.longest)),
        ])
    }

    /// Every start (White to move): `(white, black, winner, plies)`, the winner `"white"`,
    /// `"black"` or `None` (a draw, plies `None`).
    fn starts(&self) -> Vec<(String, String, Option<&'static str>, Option<u32>)> {
        let board = chessreach::geometry::Board::from(self.solved.duel().rect());
        self.solved
            .starts()
            .map(|(w, b, v)| {
                let (winner, plies) = value_of(v);
                (board.name(w), board.name(b), winner, plies)
            })
            .collect()
    }

    /// The value of one position: `(winner, plies)`, `(None, None)` for a draw.
    #[pyo3(signature = (white, black, to_move = None))]
    fn value(
        &self,
        py: Python<'_>,
        white: &str,
        black: &str,
        to_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Option<&'static str>, Option<u32>)> {
        let (w, b) = (self.on_board(py, white)?, self.on_board(py, black)?);
        let side = to_move.map(colour).transpose()?.unwrap_or(Colour::White);
        Ok(value_of(self.solved.value(w, b, side)))
    }

    /// The heat map with White on `white` as SVG (boards up to 200 squares a side).
    #[pyo3(signature = (white = "a1"))]
    fn svg(&self, py: Python<'_>, white: &str) -> PyResult<String> {
        let w = self.on_board(py, white)?;
        let rect = self.solved.duel().rect();
        let limit = render::DRAW_LIMIT;
        if rect.width() > limit || rect.height() > limit {
            return Err(ChessreachError::new_err(format!(
                "{} {rect} board is too large to draw (at most {limit}x{limit}); starts() lists every value",
                chessreach::geometry::article(&rect.to_string())
            )));
        }
        let view = render::View::whole(rect);
        let title = format!("Duel results on {rect} with White on {w}");
        Ok(render::heat_svg(&self.solved, w, &view, &title))
    }

    /// The heat map with White on a1, for Jupyter (`None` on a board too large to draw).
    fn _repr_svg_(&self, py: Python<'_>) -> Option<String> {
        self.svg(py, "a1").ok()
    }

    fn __repr__(&self) -> String {
        let s = self.solved.summary();
        format!(
            "<DuelResult {}: White wins {}, Black wins {}, draws {} of {} starts>",
            self.solved.duel().rect(),
            s.white,
            s.black,
            s.draws,
            s.starts
        )
    }
}

impl DuelResult {
    fn on_board(&self, py: Python<'_>, text: &str) -> PyResult<Coord> {
        let c = square(py, text)?;
        if self.solved.duel().rect().square(c).is_some() {
            Ok(c)
        } else {
            Err(parse_error(
                py,
                format!("square {text} is off the {} board", self.solved.duel().rect()),
                text,
                0,
            ))
        }
    }
}

fn value_of(v: chessreach::duel::solver::Value) -> (Option<&'static str>, Option<u32>) {
    match v {
        chessreach::duel::solver::Value::Draw => (None, None),
        chessreach::duel::solver::Value::Win { side, plies } => (Some(colour_name(side)), Some(plies)),
    }
}

/// Solves a duel of two pieces exactly: `white` and `black` Betza rules (Black's written from
/// White's side), targets as squares; with no pieces and no targets, knightmare (two knights,
/// its targets). `board` as `"8x8"`. Without the GIL; refused beyond the memory budget.
#[pyfunction]
#[pyo3(signature = (board = "8x8", white = None, black = None, white_target = None, black_target = None))]
pub(crate) fn duel_solve(
    py: Python<'_>,
    board: &str,
    white: Option<&str>,
    black: Option<&str>,
    white_target: Option<&str>,
    black_target: Option<&str>,
) -> PyResult<DuelResult> {
    let rect = match board.parse::<Board>() {
        Ok(Board::Rect(r)) => r,
        Ok(other) => {
            return Err(parse_error(
                py,
                format!("board: a duel needs a bounded board, not {other}"),
                board,
                0,
            ))
        }
        Err(e) => return Err(parse_error(py, format!("board: {e}"), board, 0)),
    };
    let rule = |text: Option<&str>| -> PyResult<CoreRule> {
        text.unwrap_or("N").parse().map_err(|e| betza_error(py, &e))
    };
    let target = |text: Option<&str>| text.map(|t| square(py, t)).transpose();
    let knightmare = white.is_none() && black.is_none() && white_target.is_none() && black_target.is_none();
    let duel = if knightmare {
        chessreach::duel::Duel::knightmare(rect)
    } else {
        chessreach::duel::Duel::new(
            rect,
            rule(white)?,
            rule(black)?,
            target(white_target)?,
            target(black_target)?,
        )
    }
    .map_err(|e| chessreach_error(&e))?;
    let budget = budget();
    let solved = py
        .detach(|| chessreach::duel::solver::Solution::solve(&duel, budget, None))
        .map_err(|e| match e {
            chessreach::duel::DuelError::TooLarge(t) => too_large(py, &t),
            e => chessreach_error(&e),
        })?;
    Ok(DuelResult { solved })
}

/// Typed-road reach (the roads classic): the grid, its placements and what each reaches.
#[pyclass(frozen, module = "chessreach")]
pub(crate) struct Roads {
    puzzle: problems::roads::Puzzle,
    #[pyo3(get)]
    /// How many intersections each placement reaches, in order (the classic's answers).
    counts: Vec<u32>,
}

#[pymethods]
impl Roads {
    /// Rows of intersections.
    #[getter]
    fn rows(&self) -> usize {
        self.puzzle.grid.rows()
    }

    /// Columns of intersections.
    #[getter]
    fn columns(&self) -> usize {
        self.puzzle.grid.cols()
    }

    /// The intersections placement `k` (1-based) reaches, as `(row, column)`, 1-based.
    /// O(rows × columns).
    fn reach(&self, k: usize) -> PyResult<std::collections::BTreeSet<(usize, usize)>> {
        let pieces = &self.puzzle.pieces;
        if k == 0 || k > pieces.len() {
            return Err(PyIndexError::new_err(format!(
                "placement {k}: placements are numbered 1 to {}",
                pieces.len()
            )));
        }
        let cols = self.puzzle.grid.cols();
        let got = chessreach::roads::reach(&self.puzzle.grid, &pieces[..k - 1], &pieces[k - 1]);
        Ok(got
            .iter()
            .enumerate()
            .filter(|(_, r)| r.types != 0)
            .map(|(cell, _)| (cell / cols + 1, cell % cols + 1))
            .collect())
    }

    fn __len__(&self) -> usize {
        self.counts.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Roads {}x{}: {} placements>",
            self.puzzle.grid.rows(),
            self.puzzle.grid.cols(),
            self.counts.len()
        )
    }
}

/// Reads a roads input (the classic's text) and counts what every placement reaches.
#[pyfunction]
pub(crate) fn roads(py: Python<'_>, text: &str) -> PyResult<Roads> {
    let budget = budget();
    let (puzzle, error) = problems::roads::parse(text, budget).map_err(|e| match e {
        problems::roads::ParseError::Input(e) => input_error(py, &e, ""),
        problems::roads::ParseError::TooLarge(t) => too_large(py, &t),
        e => chessreach_error(&e),
    })?;
    if let Some(e) = error {
        return Err(input_error(py, &e, ""));
    }
    let counts = chessreach::roads::counts(&puzzle.grid, &puzzle.pieces).map_err(|e| chessreach_error(&e))?;
    Ok(Roads { puzzle, counts })
}
