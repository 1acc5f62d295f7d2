//! Royal endgames from Python: convert, call `chessreach::endgame` (solves without the GIL),
//! convert. The dictionaries are the CLI's JSON (`chessreach endgame solve|probe --format
//! json`).

use chessreach::endgame::{EndgameError, Material, Probe, Rules, Stalemate, Summary, Tablebase};
use chessreach::geometry::{Board, Wrap};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{budget, chessreach_error, colour_name, fen_error, parse_error, symbols_from, too_large};

/// Every position of a royal endgame and its subgames, solved (`endgame_solve`).
#[pyclass(frozen, module = "chessreach")]
pub(crate) struct Endgame {
    base: Tablebase,
}

fn endgame_error(py: Python<'_>, e: EndgameError) -> PyErr {
    match e {
        EndgameError::TooLarge(t) => too_large(py, &t),
        EndgameError::Fen(f) => fen_error(py, &f),
        e => chessreach_error(&e),
    }
}

fn summary_dict<'py>(py: Python<'py>, s: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("positions", s.positions)?;
    d.set_item("white", s.white)?;
    d.set_item("black", s.black)?;
    d.set_item("draw", s.draw)?;
    match &s.longest {
        None => d.set_item("longest", py.None())?,
        Some(l) => {
            let ld = PyDict::new(py);
            ld.set_item("plies", l.plies)?;
            ld.set_item("winner", colour_name(l.winner))?;
            ld.set_item("fen", &l.fen)?;
            ld.set_item("line", PyList::new(py, &l.line)?)?;
            d.set_item("longest", ld)?;
        }
    }
    Ok(d)
}

fn probe_dict<'py>(py: Python<'py>, p: &Probe) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("result", p.winner.map_or("draw", colour_name))?;
    d.set_item("plies", p.plies)?;
    d.set_item("best", &p.best)?;
    d.set_item("line", PyList::new(py, &p.line)?)?;
    Ok(d)
}

#[pymethods]
impl Endgame {
    /// The board: `"8x8"`.
    #[getter]
    fn board(&self) -> String {
        self.base.rules().rect.label()
    }

    /// The material in canonical order: `"KBNvK"`.
    #[getter]
    fn material(&self) -> String {
        self.base.material().to_string()
    }

    /// As `chessreach endgame solve --format json`: `board`, `material`, `stalemate`,
    /// `white_to_move` and `black_to_move` (`positions`, `white`, `black`, `draw`, `longest`:
    /// `None` or `plies`, `winner`, `fen`, `line`). O(positions).
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let [white, black] = self.base.summary();
        let d = PyDict::new(py);
        d.set_item("board", self.board())?;
        d.set_item("material", self.material())?;
        d.set_item("stalemate", self.base.rules().stalemate.as_str())?;
        d.set_item("white_to_move", summary_dict(py, &white)?)?;
        d.set_item("black_to_move", summary_dict(py, &black)?)?;
        Ok(d)
    }

    /// As `chessreach endgame probe --format json`: `result` (`"white"`, `"black"` or
    /// `"draw"`), `plies`, `best` and `line` of the position `fen` (side to move `w`/`b`).
    fn probe<'py>(&self, py: Python<'py>, fen: &str) -> PyResult<Bound<'py, PyDict>> {
        let p = self.base.probe(fen).map_err(|e| endgame_error(py, e))?;
        probe_dict(py, &p)
    }

    fn __repr__(&self) -> String {
        format!("<Endgame {} on {}>", self.material(), self.board())
    }
}

/// Solves the royal endgame `material` (`"KQvK"`, `"KBNvK"`, `"KQvKR"`) on `board` with the
/// letters of `define` (`{"A": "BN"}`, read in `dialect`), the royal letter, the stalemate
/// rule (`"draw"` or `"loss"`) and `wrap` (`"files"`, `"ranks"`, `"both"`). Without the GIL;
/// refused beyond the memory budget.
#[pyfunction]
#[pyo3(signature = (material, board = "8x8", define = None, royal = "K", stalemate = "draw", wrap = None, dialect = "fsf"))]
#[expect(clippy::too_many_arguments, reason = "the CLI's flags, as keyword arguments")]
pub(crate) fn endgame_solve(
    py: Python<'_>,
    material: &str,
    board: &str,
    define: Option<&Bound<'_, PyDict>>,
    royal: &str,
    stalemate: &str,
    wrap: Option<&str>,
    dialect: &str,
) -> PyResult<Endgame> {
    let (rules, material) = endgame_args(py, material, board, define, royal, stalemate, wrap, dialect)?;
    solved(py, &rules, &material)
}

/// Solves without the GIL, refused beyond the memory budget.
fn solved(py: Python<'_>, rules: &Rules, material: &Material) -> PyResult<Endgame> {
    let budget = budget();
    let base = py
        .detach(|| Tablebase::solve(rules, material, budget, None))
        .map_err(|e| endgame_error(py, e))?;
    Ok(Endgame { base })
}

/// The rules and material of `endgame_solve`'s arguments.
#[expect(clippy::too_many_arguments, reason = "the CLI's flags, as keyword arguments")]
fn endgame_args(
    py: Python<'_>,
    material: &str,
    board: &str,
    define: Option<&Bound<'_, PyDict>>,
    royal: &str,
    stalemate: &str,
    wrap: Option<&str>,
    dialect: &str,
) -> PyResult<(Rules, Material)> {
    let rect = match board.parse::<Board>() {
        Ok(Board::Rect(r)) => r,
        Ok(other) => {
            return Err(parse_error(
                py,
                format!("board: an endgame needs a bounded board, not {other}"),
                board,
                0,
            ))
        }
        Err(e) => return Err(parse_error(py, format!("board: {e}"), board, 0)),
    };
    let rect = match wrap {
        None => rect,
        Some(text) => rect.with_wrap(
            text.parse::<Wrap>()
                .map_err(|e| parse_error(py, format!("wrap: {e}"), text, 0))?,
        ),
    };
    let mut letters = royal.chars();
    let royal = match (letters.next(), letters.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => {
            return Err(parse_error(
                py,
                format!("royal: expected one letter, found `{royal}`"),
                royal,
                0,
            ))
        }
    };
    let stalemate = match stalemate {
        "draw" => Stalemate::Draw,
        "loss" => Stalemate::Loss,
        other => {
            return Err(parse_error(
                py,
                format!("stalemate: expected \"draw\" or \"loss\", found `{other}`"),
                other,
                0,
            ))
        }
    };
    let rules = Rules {
        rect,
        symbols: symbols_from(py, define, dialect)?,
        royal,
        stalemate,
    };
    let material = Material::parse(material, royal).map_err(|e| match &e {
        EndgameError::Material { input, at, .. } => parse_error(py, e.to_string(), input, *at),
        _ => chessreach_error(&e),
    })?;
    Ok((rules, material))
}

/// One position of `material` probed (solving the endgame first; keep an `endgame_solve`
/// result to probe many): as `Endgame.probe`. A FEN the probe would refuse (another board or
/// material, a bad side to move, an illegal position) is refused before anything is solved.
#[pyfunction]
#[pyo3(signature = (material, fen, board = "8x8", define = None, royal = "K", stalemate = "draw", wrap = None, dialect = "fsf"))]
#[expect(clippy::too_many_arguments, reason = "the CLI's flags, as keyword arguments")]
pub(crate) fn endgame_probe<'py>(
    py: Python<'py>,
    material: &str,
    fen: &str,
    board: &str,
    define: Option<&Bound<'_, PyDict>>,
    royal: &str,
    stalemate: &str,
    wrap: Option<&str>,
    dialect: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (rules, material) = endgame_args(py, material, board, define, royal, stalemate, wrap, dialect)?;
    Tablebase::check_fen(&rules, &material, fen).map_err(|e| endgame_error(py, e))?;
    solved(py, &rules, &material)?.probe(py, fen)
}
