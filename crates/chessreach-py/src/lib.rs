//! Python bindings of chessreach: the `chessreach._chessreach` extension module, re-exported by
//! the `chessreach` Python package. The library owns every rule and picture; this crate only
//! converts arguments, calls it (without the GIL for searches) and converts answers and
//! errors. The Python API is documented in `python/chessreach/__init__.pyi`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

mod endgame;
mod games;

use chessreach::attack::{FenError, Setup, SetupError, SpecError, Symbols};
use chessreach::geometry::{Board, Coord, CoordParseError, Wrap};
use chessreach::infer::{infer_within, Diagram, Inference as Found};
use chessreach::input::InputError as Place;
use chessreach::limits::{Budget, TooLarge};
use chessreach::load::{Loaded, Map, Moving};
use chessreach::path::{self, Area, Ask, Capturable, Question, RouteError, Target, Way};
use chessreach::piece::{BetzaError, Colour, Dialect, Rule as CoreRule};
use chessreach::problems::{self, Problem, SolveError};
use chessreach::render::{self, Window};
use pyo3::create_exception;
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PySet, PyString};

create_exception!(
    chessreach,
    ChessreachError,
    PyValueError,
    "Every error chessreach raises: a ValueError carrying the CLI's message."
);
create_exception!(
    chessreach,
    ParseError,
    ChessreachError,
    "A rule, FEN, square or piece spec that does not parse: `.text` and `.at` (0-based character)."
);
create_exception!(
    chessreach,
    InputError,
    ChessreachError,
    "Input text in a classic's format that does not parse: `.line`, `.column` (1-based), `.partial`."
);
create_exception!(
    chessreach,
    TooLargeError,
    PyMemoryError,
    "A question whose tables would exceed the memory budget: `.needed`, `.limit` (bytes)."
);

/// The memory budget of every search, in bytes (`set_max_memory`); 0 until set or first read,
/// then [`Budget::of_process`] (half of the least of memory, the cgroup's limit, `ulimit -v`).
static MAX_MEMORY: AtomicU64 = AtomicU64::new(0);

fn budget() -> Budget {
    match MAX_MEMORY.load(Ordering::Relaxed) {
        0 => {
            let b = Budget::of_process();
            // A concurrent `set_max_memory` wins.
            let _ = MAX_MEMORY.compare_exchange(0, b.bytes(), Ordering::Relaxed, Ordering::Relaxed);
            Budget::new(MAX_MEMORY.load(Ordering::Relaxed))
        }
        bytes => Budget::new(bytes),
    }
}

/// An exception of type `E` with the message of `e` and attributes.
fn raise<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: &impl std::fmt::Display,
    attrs: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::new::<E, _>(visible(message));
    for (name, value) in attrs {
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = err.value(py).setattr(*name, value);
    }
    err
}

fn parse_error(py: Python<'_>, message: String, text: &str, at: usize) -> PyErr {
    let message = python_terms(message);
    let attrs = [
        ("text", text.into_pyobject(py).map(|v| v.into_any().unbind())),
        ("at", at.into_pyobject(py).map(|v| v.into_any().unbind())),
    ];
    let attrs: Vec<(&str, Py<PyAny>)> = attrs
        .into_iter()
        .filter_map(|(k, v)| v.ok().map(|v| (k, v)))
        .collect();
    raise::<ParseError>(py, &message, &attrs)
}

fn betza_error(py: Python<'_>, e: &BetzaError) -> PyErr {
    parse_error(py, e.to_string(), &e.input, e.at)
}

fn fen_error(py: Python<'_>, e: &FenError) -> PyErr {
    parse_error(py, e.to_string(), &e.input, e.at)
}

fn spec_error(py: Python<'_>, e: &SpecError) -> PyErr {
    parse_error(py, e.to_string(), &e.input, e.at)
}

fn square_error(py: Python<'_>, text: &str, e: &CoordParseError) -> PyErr {
    parse_error(py, format!("{e}"), text, 0)
}

fn too_large(py: Python<'_>, e: &TooLarge) -> PyErr {
    let mut attrs = vec![("limit", e.limit.into_pyobject(py).map(|v| v.into_any().unbind()))];
    if let Some(n) = e.needed {
        attrs.push(("needed", n.into_pyobject(py).map(|v| v.into_any().unbind())));
    }
    let attrs: Vec<(&str, Py<PyAny>)> = attrs
        .into_iter()
        .filter_map(|(k, v)| v.ok().map(|v| (k, v)))
        .collect();
    raise::<TooLargeError>(py, &e, &attrs)
}

fn input_error(py: Python<'_>, e: &Place, partial: &str) -> PyErr {
    let attrs: Vec<(&str, Py<PyAny>)> = [
        ("line", e.line.into_pyobject(py).map(|v| v.into_any().unbind())),
        (
            "column",
            e.column.into_pyobject(py).map(|v| v.into_any().unbind()),
        ),
        (
            "expected",
            e.expected
                .to_string()
                .into_pyobject(py)
                .map(|v| v.into_any().unbind()),
        ),
        (
            "found",
            e.found
                .to_string()
                .into_pyobject(py)
                .map(|v| v.into_any().unbind()),
        ),
        (
            "partial",
            partial.into_pyobject(py).map(|v| v.into_any().unbind()),
        ),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.ok().map(|v| (k, v)))
    .collect();
    raise::<InputError>(py, &e, &attrs)
}

/// The built-in variants, plus those of a `variants.ini` text: a section that does not read
/// is skipped with a Python `UserWarning` naming the section, line and reason (and so is a
/// piece's Betza group Fairy-Stockfish gives no move, read as no move); with warnings turned
/// into errors (`warnings.simplefilter("error")`) the first one raises.
fn catalogue(py: Python<'_>, ini: Option<&str>) -> PyResult<chessreach::variant::Catalogue> {
    let mut c = chessreach::variant::Catalogue::with_builtin();
    if let Some(text) = ini {
        let report = c
            .read(text, "<ini>", chessreach::variant::Strictness::Lenient)
            .map_err(|e| chessreach_error(&e))?;
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        for w in report.warnings {
            let message = std::ffi::CString::new(visible(&w)).map_err(|e| chessreach_error(&e))?;
            PyErr::warn(py, &category, &message, 1)?;
        }
    }
    Ok(c)
}

/// The known variants' names (built in, plus those of `ini`, a `variants.ini` text).
#[pyfunction]
#[pyo3(signature = (ini = None))]
fn variants(py: Python<'_>, ini: Option<&str>) -> PyResult<Vec<String>> {
    Ok(catalogue(py, ini)?.variants().map(|v| v.name.clone()).collect())
}

fn chessreach_error(e: &impl std::fmt::Display) -> PyErr {
    ChessreachError::new_err(python_terms(e.to_string()))
}

/// A side as python-chess users write it: `chess.WHITE`/`chess.BLACK` (`True`/`False`), or
/// `"white"`/`"black"`/`"w"`/`"b"` in any case.
fn colour(value: &Bound<'_, PyAny>) -> PyResult<Colour> {
    if let Ok(white) = value.extract::<bool>() {
        return Ok(if white { Colour::White } else { Colour::Black });
    }
    if let Ok(name) = value.extract::<String>() {
        match name.to_ascii_lowercase().as_str() {
            "white" | "w" => return Ok(Colour::White),
            "black" | "b" => return Ok(Colour::Black),
            _ => {}
        }
    }
    Err(ChessreachError::new_err(format!(
        "colour: expected chess.WHITE or chess.BLACK (True/False), or \"white\"/\"black\", found {}",
        value.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    )))
}

/// The side given as `colour=` or `color=` (not both); `None` when neither is.
#[expect(clippy::similar_names, reason = "Python's keywords colour= and color=")]
fn either_colour(
    colour: Option<&Bound<'_, PyAny>>,
    color: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Colour>> {
    match (colour, color) {
        (Some(_), Some(_)) => Err(PyTypeError::new_err("give colour= or color=, not both")),
        (Some(c), None) | (None, Some(c)) => self::colour(c).map(Some),
        (None, None) => Ok(None),
    }
}

/// [`either_colour`], one of them required.
#[expect(clippy::similar_names, reason = "Python's keywords colour= and color=")]
fn required_colour(colour: Option<&Bound<'_, PyAny>>, color: Option<&Bound<'_, PyAny>>) -> PyResult<Colour> {
    either_colour(colour, color)?.ok_or_else(|| PyTypeError::new_err("missing the side: colour= (or color=)"))
}

/// A message of the library in Python's terms: the keywords the binding takes where the
/// library names the command line's flags or its own types.
fn python_terms(message: String) -> String {
    const TERMS: [(&str, &str); 8] = [
        ("(Target::Files, --files LO..HI)", "(files=(lo, hi))"),
        ("--define '", "define={'"),
        ("=BN'", "': 'BN'}"),
        ("--files/--ranks", "files=/ranks="),
        (
            "--files LO..HI --ranks LO..HI",
            "svg(files=(lo, hi), ranks=(lo, hi))",
        ),
        ("--files LO..HI", "svg(files=(lo, hi))"),
        ("use --format text or json", "use str() or offsets"),
        (", or use --format json", ""),
    ];
    let mut m = TERMS.iter().fold(message, |m, (cli, py)| m.replace(cli, py));
    // The library's aside for Python users repeats what the message now says: dropped.
    while let Some(at) = m.find(" (Python: ") {
        let Some(len) = m[at..].find(')') else { break };
        m.replace_range(at..=at + len, "");
    }
    visible(&m)
}

/// `message` with its control characters shown as the CLI shows them (`\x00`, `\t`,
/// `\u{9b}`; line breaks kept): a NUL or an escape sequence echoed from the input is visible
/// in a traceback, never blank or sent to the terminal. O(message).
fn visible(message: &impl std::fmt::Display) -> String {
    chessreach::input::escape_controls(&message.to_string()).into_owned()
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// Files and ranks whose algebraic names are kept as Python strings, made once.
const NAMED: i64 = 26;

/// The Python name of a square: shared strings for `a1`..`z26` (no allocation per answer),
/// a new string elsewhere. O(1).
fn name_object(py: Python<'_>, board: Board, c: Coord) -> Bound<'_, PyString> {
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let algebraic = board.lettered();
    if algebraic && (1..=NAMED).contains(&c.file) && (1..=NAMED).contains(&c.rank) {
        let names = NAMES.get_or_init(py, || {
            (1..=NAMED)
                .flat_map(|rank| (1..=NAMED).map(move |file| Coord::new(file, rank)))
                .map(|c| PyString::intern(py, &c.to_string()).unbind())
                .collect()
        });
        let i = usize::try_from((c.rank - 1) * NAMED + c.file - 1).unwrap_or_default();
        return names[i].bind(py).clone();
    }
    PyString::new(py, &board.name(c))
}

fn square(py: Python<'_>, text: &str) -> PyResult<Coord> {
    text.parse().map_err(|e| square_error(py, text, &e))
}

/// A movement rule in Betza notation, read as Fairy-Stockfish reads it (`dialect="fsf"`) or
/// as XBoard reads XBetza (`dialect="xbetza"`: multi-leg moves such as the Mao `afsW`).
///
/// `str(rule)` is the canonical form: `str(Rule("WF"))` is `"K"` (XBetza for a rule with
/// legs). A letter XBoard skips (`Rule("xW", dialect="xbetza")`) is skipped with a Python
/// `UserWarning` naming it, as `chessreach betza` warns.
#[pyclass(frozen, eq, hash, module = "chessreach")]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Rule {
    rule: CoreRule,
}

#[pymethods]
impl Rule {
    #[new]
    #[pyo3(signature = (betza, dialect = "fsf"))]
    fn new(py: Python<'_>, betza: &str, dialect: &str) -> PyResult<Self> {
        let reading = dialect_of(dialect)?
            .read(betza)
            .map_err(|e| betza_error(py, &e))?;
        // What `chessreach betza --dialect xbetza` prints as `warning: …`: letters XBoard skips.
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        for w in &reading.warnings {
            let message = std::ffi::CString::new(visible(w)).map_err(|e| chessreach_error(&e))?;
            PyErr::warn(py, &category, &message, 1)?;
        }
        Ok(Self { rule: reading.rule })
    }

    /// The canonical Betza form.
    #[getter]
    fn betza(&self) -> String {
        self.rule.to_string()
    }

    /// Whether the rule has no move at all (an immobile piece).
    fn is_empty(&self) -> bool {
        self.rule.is_empty()
    }

    fn __str__(&self) -> String {
        self.rule.to_string()
    }

    /// Pickling: `Rule(text, dialect)` of its canonical text, which reads back as itself.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let dialect = if self.rule.has_paths() { "xbetza" } else { "fsf" };
        let text = self.rule.to_string();
        if dialect_of(dialect)?.parse(&text).ok().as_ref() != Some(&self.rule) {
            return Err(PyTypeError::new_err(format!(
                "{} cannot be pickled: its canonical text reads as another rule",
                self.__repr__()
            )));
        }
        Ok((py.get_type::<Self>().into_any(), (text, dialect)))
    }

    fn __repr__(&self) -> String {
        if self.rule.has_paths() {
            format!("Rule('{}', dialect='xbetza')", self.rule)
        } else {
            format!("Rule('{}')", self.rule)
        }
    }
}

/// How to make a position again (its repr and its pickle).
enum Remake {
    /// `Position.from_variant(name, fen=…)`.
    Variant { name: String, fen: Option<String> },
    /// `Position.from_fen(fen, define=…, wrap=…, dialect=…)`.
    Fen {
        fen: String,
        define: Vec<(String, String)>,
        wrap: Option<&'static str>,
        dialect: &'static str,
    },
    /// `Position(board, pieces=…, black=…, define=…, dialect=…)`.
    Specs {
        board: String,
        white: Vec<String>,
        black: Vec<String>,
        define: Vec<(String, String)>,
        dialect: &'static str,
    },
}

impl Remake {
    /// The Python expression.
    fn expression(&self) -> String {
        use std::fmt::Write as _;
        let dict = |d: &[(String, String)]| {
            let items: Vec<String> = d.iter().map(|(k, v)| format!("'{k}': '{v}'")).collect();
            format!("{{{}}}", items.join(", "))
        };
        let list = |l: &[String]| {
            let items: Vec<String> = l.iter().map(|x| format!("'{x}'")).collect();
            format!("[{}]", items.join(", "))
        };
        match self {
            Self::Variant { name, fen: None } => format!("Position.from_variant('{name}')"),
            Self::Variant { name, fen: Some(f) } => {
                format!("Position.from_variant('{name}', fen='{f}')")
            }
            Self::Fen {
                fen,
                define,
                wrap,
                dialect,
            } => {
                let mut e = format!("Position.from_fen('{fen}'");
                if !define.is_empty() {
                    let _ = write!(e, ", define={}", dict(define));
                }
                if let Some(w) = wrap {
                    let _ = write!(e, ", wrap='{w}'");
                }
                if *dialect != "fsf" {
                    let _ = write!(e, ", dialect='{dialect}'");
                }
                e + ")"
            }
            Self::Specs {
                board,
                white,
                black,
                define,
                dialect,
            } => {
                let mut e = format!("Position('{board}', pieces={}", list(white));
                if !black.is_empty() {
                    let _ = write!(e, ", black={}", list(black));
                }
                if !define.is_empty() {
                    let _ = write!(e, ", define={}", dict(define));
                }
                if *dialect != "fsf" {
                    let _ = write!(e, ", dialect='{dialect}'");
                }
                e + ")"
            }
        }
    }

    /// The callable and its arguments, for `__reduce__`.
    fn call<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let class = py.get_type::<Position>().into_any();
        let dict = |d: &[(String, String)]| -> PyResult<Option<Bound<'py, PyDict>>> {
            if d.is_empty() {
                return Ok(None);
            }
            let out = PyDict::new(py);
            for (k, v) in d {
                out.set_item(k, v)?;
            }
            Ok(Some(out))
        };
        Ok(match self {
            Self::Variant { name, fen } => (
                class.getattr("from_variant")?,
                (name, fen).into_pyobject(py)?.into_any(),
            ),
            Self::Fen {
                fen,
                define,
                wrap,
                dialect,
            } => (
                class.getattr("from_fen")?,
                (fen, dict(define)?, *wrap, *dialect)
                    .into_pyobject(py)?
                    .into_any(),
            ),
            Self::Specs {
                board,
                white,
                black,
                define,
                dialect,
            } => (
                class,
                (board, white, black, dict(define)?, py.None(), *dialect)
                    .into_pyobject(py)?
                    .into_any(),
            ),
        })
    }
}

/// Pieces on a board: bounded (`8x8`, `12x10`, any size) or a strip with unbounded files
/// (`infx8`). Immutable; the attack map is computed once, on first use.
#[pyclass(frozen, module = "chessreach")]
struct Position {
    /// The position, its letters and the variant it was read in (routes move a variant's
    /// pieces as it moves them, square by square): the library's one entry for the faces.
    loaded: Loaded,
    map: OnceLock<Map>,
}

/// Piece specs given as one string or a list of them.
fn specs(what: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    if let Ok(one) = value.extract::<String>() {
        return Ok(vec![one]);
    }
    value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what}: expected a piece spec or a list of them, such as 'N@b1/g1' or ['K@e1', 'Q@d1']"
        ))
    })
}

/// The dialect named `name` (`"fsf"` or `"xbetza"`), else `ValueError`.
fn dialect_of(name: &str) -> PyResult<Dialect> {
    name.parse()
        .map_err(|e: <Dialect as std::str::FromStr>::Err| PyValueError::new_err(visible(&e)))
}

fn symbols_from(py: Python<'_>, define: Option<&Bound<'_, PyDict>>, dialect: &str) -> PyResult<Symbols> {
    let mut symbols = Symbols::default();
    symbols.set_dialect(dialect_of(dialect)?);
    if let Some(define) = define {
        for (k, v) in define.iter() {
            let spec = format!("{}={}", k.extract::<String>()?, v.extract::<String>()?);
            symbols.define(&spec).map_err(|e| fen_error(py, &e))?;
        }
    }
    Ok(symbols)
}

/// `pos` with the edges `wrap` names (`"none"`, `"files"`, `"ranks"`, `"both"`; `None`: as it is).
fn wrapped(
    py: Python<'_>,
    pos: chessreach::attack::Position,
    wrap: Option<&str>,
) -> PyResult<chessreach::attack::Position> {
    let Some(text) = wrap else { return Ok(pos) };
    let wrap: Wrap = text
        .parse()
        .map_err(|e| parse_error(py, format!("wrap: {e}"), text, 0))?;
    pos.with_wrap(wrap).map_err(|e| chessreach_error(&e))
}

impl Position {
    fn wrap(pos: chessreach::attack::Position, symbols: Symbols) -> Self {
        Self::of(Loaded::new(pos, symbols))
    }

    fn of(loaded: Loaded) -> Self {
        Self {
            loaded,
            map: OnceLock::new(),
        }
    }

    /// The attack map, built once on first use (positions never change).
    fn map(&self, py: Python<'_>) -> PyResult<&Map> {
        if let Some(m) = self.map.get() {
            return Ok(m);
        }
        let built = self.loaded.attack_map(budget()).map_err(|e| match e {
            chessreach::attack::MapError::TooLarge(t) => too_large(py, &t),
            e => chessreach_error(&e),
        })?;
        Ok(self.map.get_or_init(|| built))
    }

    fn name(&self, c: Coord) -> String {
        self.loaded.position.board().name(c)
    }

    /// A square as a name (`"e4"`, `"5,4"`) or, on an 8x8 board, python-chess's integer
    /// (`chess.E4`, 0 = a1 … 63 = h8).
    fn square_arg(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Coord> {
        if let Ok(text) = value.extract::<String>() {
            return self.on_board(py, &text);
        }
        let index: i64 = match value.extract::<bool>() {
            Ok(_) => Err(PyTypeError::new_err(
                "square: expected a name or an integer, found a bool",
            )),
            Err(_) => value.extract().map_err(|_| {
                PyTypeError::new_err("square: expected a name such as 'e4' or python-chess's integer square")
            }),
        }?;
        let board = self.loaded.position.board();
        if !matches!(board, Board::Rect(r) if r.width() == 8 && r.height() == 8) {
            return Err(parse_error(
                py,
                format!("square {index}: integer squares (chess.E4 …) name an 8x8 board's; this is {board}: give a name such as 'e4'"),
                &index.to_string(),
                0,
            ));
        }
        if !(0..64).contains(&index) {
            return Err(parse_error(
                py,
                format!("square {index}: an 8x8 board's squares are 0 (a1) to 63 (h8)"),
                &index.to_string(),
                0,
            ));
        }
        Ok(Coord::new(index % 8 + 1, index / 8 + 1))
    }

    /// What two equal positions share: board, edges, variant, and every piece (square,
    /// colour, letter, rule), sorted. O(p log p).
    fn key(&self) -> String {
        let pos = &self.loaded.position;
        let mut pieces: Vec<String> = pos
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let kind = &pos.kinds()[p.kind];
                format!(
                    "{}:{}:{}:{}",
                    self.name(p.at),
                    colour_name(p.colour),
                    pos.symbol_of(i),
                    kind.rule
                )
            })
            .collect();
        pieces.sort_unstable();
        format!(
            "{}|{}|{}|{}",
            pos.board(),
            pos.board().wrap().as_str(),
            self.loaded.variant.as_ref().map_or("", |v| v.name.as_str()),
            pieces.join(";")
        )
    }

    /// The call that makes an equal position, when there is one: `from_variant` for a built-in
    /// variant's, `from_fen` (with the letters it defines) for a bounded board's, the
    /// constructor's piece specs for a strip's.
    fn remake(&self) -> Option<Remake> {
        let pos = &self.loaded.position;
        let wrap = (!pos.board().wrap().is_flat()).then(|| pos.board().wrap().as_str());
        if let Some(v) = &self.loaded.variant {
            let builtin = chessreach::variant::Catalogue::with_builtin();
            if builtin.get(&v.name) != Some(v) || wrap.is_some() {
                return None;
            }
            let fen = pos.placement()?;
            let again = Loaded::of_variant(v, Some(&fen)).ok()?;
            if Self::of(again).key() != self.key() {
                return None;
            }
            let start = v.start_position().ok().and_then(|p| p.placement());
            let fen = (start.as_deref() != Some(fen.as_str())).then_some(fen);
            return Some(Remake::Variant {
                name: v.name.clone(),
                fen,
            });
        }
        let mut define: Vec<(String, String)> = Vec::new();
        let mut rules = Vec::new();
        for k in pos.kinds().iter().filter(|k| !k.is_wall()) {
            let letter = k.symbol.to_ascii_uppercase();
            if Symbols::default().get(letter) != Some(&k.rule)
                && !define.iter().any(|(l, _)| l.starts_with(letter))
            {
                define.push((letter.to_string(), k.rule.to_string()));
                rules.push(&k.rule);
            }
        }
        // A rule with legs is written in XBetza, and then every definition is read so: each
        // must read back as itself, else there is no expression that makes this position.
        let dialect = if rules.iter().any(|r| r.has_paths()) {
            Dialect::Xbetza
        } else {
            Dialect::Fsf
        };
        if !rules
            .iter()
            .all(|&r| dialect.parse(&r.to_string()).is_ok_and(|again| again == *r))
        {
            return None;
        }
        let dialect = match dialect {
            Dialect::Xbetza => "xbetza",
            Dialect::Fsf => "fsf",
        };
        if let Some(fen) = pos.placement() {
            return Some(Remake::Fen {
                fen,
                define,
                wrap,
                dialect,
            });
        }
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for (i, p) in pos.pieces().iter().enumerate() {
            if pos.kinds()[p.kind].is_wall() {
                return None;
            }
            let spec = format!("{}@{}", pos.symbol_of(i).to_ascii_uppercase(), self.name(p.at));
            match p.colour {
                Colour::White => white.push(spec),
                Colour::Black => black.push(spec),
            }
        }
        Some(Remake::Specs {
            board: pos.board().to_string(),
            white,
            black,
            define,
            dialect,
        })
    }

    fn on_board(&self, py: Python<'_>, text: &str) -> PyResult<Coord> {
        let c = square(py, text)?;
        if self.loaded.position.board().contains(c) {
            Ok(c)
        } else {
            Err(parse_error(
                py,
                format!("square {text} is off the {} board", self.loaded.position.board()),
                text,
                0,
            ))
        }
    }
}

#[pymethods]
impl Position {
    /// A position on `board` with White's `pieces` and Black's `black`, each a piece spec
    /// `PIECE@SQ[/SQ…]` (`N@b1/g1`, `fmWfcF@e2`, `b:K@e8`); `define` maps letters to Betza.
    #[new]
    #[pyo3(signature = (board = "8x8", pieces = None, black = None, define = None, wrap = None, dialect = "fsf"))]
    fn new(
        py: Python<'_>,
        board: &str,
        pieces: Option<&Bound<'_, PyAny>>,
        black: Option<&Bound<'_, PyAny>>,
        define: Option<&Bound<'_, PyDict>>,
        wrap: Option<&str>,
        dialect: &str,
    ) -> PyResult<Self> {
        let pieces = specs("pieces", pieces)?;
        let black = specs("black", black)?;
        let board: Board = board
            .parse()
            .map_err(|e| parse_error(py, format!("board: {e}"), board, 0))?;
        let symbols = symbols_from(py, define, dialect)?;
        let mut setup = Setup::with_symbols(board, symbols.clone());
        let all = pieces
            .into_iter()
            .map(|s| (s, Colour::White))
            .chain(black.into_iter().map(|s| (s, Colour::Black)));
        for (spec, side) in all {
            setup.place(&spec, side).map_err(|e| spec_error(py, &e))?;
        }
        let pos = setup
            .build()
            .map_err(|e| chessreach_error(&SetupError::Position(e)))?;
        Ok(Self::wrap(wrapped(py, pos, wrap)?, symbols))
    }

    /// A position from a FEN placement of any size (side to move and the rest are ignored);
    /// `define` maps extra letters to Betza rules: `{"A": "BN"}`.
    #[staticmethod]
    #[pyo3(signature = (fen, define = None, wrap = None, dialect = "fsf"))]
    fn from_fen(
        py: Python<'_>,
        fen: &str,
        define: Option<&Bound<'_, PyDict>>,
        wrap: Option<&str>,
        dialect: &str,
    ) -> PyResult<Self> {
        let symbols = symbols_from(py, define, dialect)?;
        let pos =
            chessreach::attack::Position::from_fen_with(fen, &symbols).map_err(|e| fen_error(py, &e))?;
        Ok(Self::wrap(wrapped(py, pos, wrap)?, symbols))
    }

    /// A position of a Fairy-Stockfish variant (`"xiangqi"`, `"shogi"`, `"janggi"` …; see
    /// `variants()`): its start position, or `fen` in its syntax (`+P` promoted pieces).
    /// `ini` is the text of a `variants.ini` whose variants may be named too. Pieces attack as
    /// the variant says (palace, river, palace diagonals, the flying general).
    #[staticmethod]
    #[pyo3(signature = (name, fen = None, ini = None))]
    fn from_variant(py: Python<'_>, name: &str, fen: Option<&str>, ini: Option<&str>) -> PyResult<Self> {
        let catalogue = catalogue(py, ini)?;
        let v = catalogue.get(name).ok_or_else(|| {
            ChessreachError::new_err(format!(
                "unknown variant {name:?}; chessreach.variants() lists them"
            ))
        })?;
        let loaded = Loaded::of_variant(v, fen).map_err(|e| fen_error(py, &e))?;
        Ok(Self::of(loaded))
    }

    /// The board: `"8x8"`, `"infx8"`.
    #[getter]
    fn board(&self) -> String {
        self.loaded.position.board().to_string()
    }

    /// Which edges wrap: `"none"`, `"files"` (a cylinder), `"ranks"` or `"both"` (a torus).
    #[getter(wrap)]
    fn wrap_edges(&self) -> &'static str {
        self.loaded.position.board().wrap().as_str()
    }

    /// The FEN placement (bounded boards), else `None`.
    fn fen(&self) -> Option<String> {
        self.loaded.position.placement()
    }

    /// Every piece: `(square, letter, colour, betza)`, letters upper case for White; a wall
    /// (`*`) has the colour `"wall"`.
    #[getter]
    fn pieces(&self) -> Vec<(String, String, &'static str, String)> {
        (0..self.loaded.position.pieces().len())
            .map(|i| {
                let p = self.loaded.position.pieces()[i];
                (
                    self.name(p.at),
                    self.loaded.position.symbol_of(i).to_string(),
                    if self.loaded.position.kinds()[p.kind].is_wall() {
                        "wall"
                    } else {
                        colour_name(p.colour)
                    },
                    self.loaded.position.kinds()[p.kind].rule.to_string(),
                )
            })
            .collect()
    }

    /// The squares `colour` attacks, as names (`colour`/`color`: `chess.WHITE`, `"white"` …).
    /// Bounded boards. O(attacked squares) after the map is built once.
    #[pyo3(signature = (colour = None, *, color = None))]
    #[expect(clippy::similar_names, reason = "Python's keywords colour= and color=")]
    fn attacked<'py>(
        &self,
        py: Python<'py>,
        colour: Option<&Bound<'py, PyAny>>,
        color: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PySet>> {
        let side = required_colour(colour, color)?;
        match self.map(py)? {
            Map::Dense(m) => {
                let rect = m.rect();
                let set = PySet::empty(py)?;
                for s in m.attacked(side).iter() {
                    set.add(name_object(py, self.loaded.position.board(), rect.coord(s)))?;
                }
                Ok(set)
            }
            Map::Strip(_) => Err(ChessreachError::new_err(
                "a strip's attacked squares can be unbounded: ask is_attacked(square, colour)",
            )),
        }
    }

    /// The squares the piece on `square` attacks (as python-chess's `Board.attacks`: an empty
    /// set for an empty square); bounded boards.
    fn attacks<'py>(&self, py: Python<'py>, square: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PySet>> {
        let c = self.square_arg(py, square)?;
        let set = PySet::empty(py)?;
        let Some(i) = self.loaded.position.piece_at(c) else {
            return Ok(set);
        };
        let squares = self.loaded.position.attacks_of(i).ok_or_else(|| {
            ChessreachError::new_err("a strip's rays can be unbounded: ask is_attacked(square, colour)")
        })?;
        for c in squares {
            set.add(name_object(py, self.loaded.position.board(), c))?;
        }
        Ok(set)
    }

    /// Whether `colour` attacks `square`.
    #[pyo3(signature = (square, colour = None, *, color = None))]
    #[expect(clippy::similar_names, reason = "Python's keywords colour= and color=")]
    fn is_attacked(
        &self,
        py: Python<'_>,
        square: &Bound<'_, PyAny>,
        colour: Option<&Bound<'_, PyAny>>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let side = required_colour(colour, color)?;
        let c = self.square_arg(py, square)?;
        Ok(self.map(py)?.query().count(side, c) > 0)
    }

    /// The squares of the pieces attacking `square` (both colours unless `colour` is given),
    /// in the position's piece order.
    #[pyo3(signature = (square, colour = None, *, color = None))]
    #[expect(clippy::similar_names, reason = "Python's keywords colour= and color=")]
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'py, PyAny>,
        colour: Option<&Bound<'py, PyAny>>,
        color: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyString>>> {
        let side = either_colour(colour, color)?;
        let c = self.square_arg(py, square)?;
        let ids: Vec<u32> = match self.map(py)? {
            Map::Dense(m) => m
                .rect()
                .square(c)
                .map(|s| m.attackers(s).to_vec())
                .unwrap_or_default(),
            Map::Strip(m) => m.attackers(c),
        };
        Ok(ids
            .into_iter()
            .map(|i| self.loaded.position.pieces()[i as usize])
            .filter(|p| side.is_none_or(|s| s == p.colour))
            .map(|p| name_object(py, self.loaded.position.board(), p.at))
            .collect())
    }

    /// The position of a python-chess board (`chess.Board` or any `chess.variant` board: their
    /// pieces move as in chess), by its placement. O(64).
    #[staticmethod]
    fn from_board(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Self> {
        let fen: String = board.call_method0("board_fen")?.extract()?;
        Self::from_fen(py, &fen, None, None, "fsf")
    }

    /// A python-chess board with these pieces (White to move, no castling): 8x8, flat, only
    /// chess's pieces moving as in chess. `variant` names a `chess.variant` board
    /// (`"atomic"`, `"crazyhouse"` …) to make instead.
    #[pyo3(signature = (variant = None))]
    fn to_board<'py>(&self, py: Python<'py>, variant: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let pos = &self.loaded.position;
        let chess_like = pos.rect().is_some_and(|r| r.width() == 8 && r.height() == 8)
            && pos.board().wrap().is_flat()
            && pos.kinds().iter().all(|k| {
                k.confine.is_none()
                    && Symbols::default()
                        .get(k.symbol.to_ascii_uppercase())
                        .is_some_and(|r| *r == k.rule)
            });
        let fen = pos.placement().filter(|_| chess_like).ok_or_else(|| {
            ChessreachError::new_err(format!(
                "to_board: only a flat 8x8 position of chess's pieces is a chess.Board; this is {}",
                self.__repr__()
            ))
        })?;
        let class = match variant {
            None => py.import("chess")?.getattr("Board")?,
            Some(name) => py
                .import("chess.variant")?
                .call_method1("find_variant", (name,))?,
        };
        let board = class.call1((py.None(),))?;
        board.call_method1("set_board_fen", (fen,))?;
        Ok(board)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|o| self.key() == o.get().key())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }

    /// Pickling: the call that makes an equal position.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.remake()
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "{} cannot be pickled: a variant read from ini=, walls on a strip, or \
                     definitions no one dialect reads back",
                    self.__repr__()
                ))
            })?
            .call(py)
    }

    /// `{square: (white, black)}`: how many pieces of each colour attack each attacked square.
    /// Bounded boards. O(attacked squares).
    fn attack_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match self.map(py)? {
            Map::Dense(m) => {
                let rect = m.rect();
                let dict = PyDict::new(py);
                for s in m
                    .attacked(Colour::White)
                    .iter()
                    .chain(m.attacked(Colour::Black).iter())
                {
                    let counts = (m.count_at(Colour::White, s), m.count_at(Colour::Black, s));
                    dict.set_item(
                        name_object(py, self.loaded.position.board(), rect.coord(s)),
                        counts,
                    )?;
                }
                Ok(dict)
            }
            Map::Strip(_) => Err(ChessreachError::new_err(
                "a strip's attack counts can be unbounded: ask attackers(square)",
            )),
        }
    }

    /// A text diagram (`+` White attacks, `-` Black, `#` both); on a board too large to draw,
    /// what stands where it could not be drawn.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let view = match render::view_of(&self.loaded.position, Window::default(), &[]) {
            Ok(view) => view,
            Err(e) => return Ok(format!("{} ({e})", self.__repr__())),
        };
        let map = self.map(py)?;
        let cell = render::attack_cell(&self.loaded.position, map.query(), None);
        Ok(format!(
            "{}{}",
            render::text(&view, cell),
            render::attack_legend(None)
        ))
    }

    fn __repr__(&self) -> String {
        match self.remake().map(|r| r.expression()) {
            Some(e) if e.len() <= 300 => e,
            _ => format!(
                "<Position {} with {} pieces>",
                self.loaded.position.board(),
                self.loaded.position.pieces().len()
            ),
        }
    }

    /// An SVG picture of the attack map, for Jupyter.
    /// `None` (Jupyter falls back to the text) when the board is too large to draw whole;
    /// `svg(files=, ranks=)` draws a window of it.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        match self.svg(py, None, None) {
            Ok(svg) => Ok(Some(svg)),
            Err(e) if e.is_instance_of::<ChessreachError>(py) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// An SVG picture of the attack map: the whole board, or the files `(lo, hi)` and ranks
    /// `(lo, hi)` asked for (at most 200 a side).
    #[pyo3(signature = (files = None, ranks = None))]
    fn svg(&self, py: Python<'_>, files: Option<(i64, i64)>, ranks: Option<(i64, i64)>) -> PyResult<String> {
        let view = render::view_of(&self.loaded.position, Window { files, ranks }, &[])
            .map_err(|e| chessreach_error(&e))?;
        let map = self.map(py)?;
        let cell = render::attack_cell(&self.loaded.position, map.query(), None);
        let title = render::titled(
            &format!(
                "Attacks on {} {} board",
                chessreach::geometry::article(&self.loaded.position.board().to_string()),
                self.loaded.position.board()
            ),
            &self.loaded.position,
            &view,
        );
        Ok(render::svg(&view, &title, render::attack_keys(None), &[], cell))
    }
}

/// The answer to a route question.
#[pyclass(frozen, module = "chessreach")]
struct Route {
    #[pyo3(get)]
    /// Fewest moves, `None` when the target cannot be reached.
    moves: Option<u64>,
    way: Option<Way>,
    position: Py<Position>,
    mover: (char, Colour),
    start: Coord,
    /// Why there is no route: kind, reason, squares of the pieces in question.
    why: Option<(&'static str, String, Vec<String>)>,
}

impl Route {
    /// The names of some squares of the route, `[]` when there is none.
    fn names(&self, squares: impl Fn(&Way) -> Vec<Coord>) -> Vec<String> {
        let pos = self.position.get();
        self.way
            .as_ref()
            .map(|w| squares(w).into_iter().map(|c| pos.name(c)).collect())
            .unwrap_or_default()
    }
}

/// Squares listed at most by `Route.squares` (a strip route can be longer than memory).
const SQUARES_LIMIT: usize = 1_000_000;

#[pymethods]
impl Route {
    /// Every square from the start to the end (at most a million), `[]` when unreachable.
    #[getter]
    fn squares(&self) -> Vec<String> {
        self.names(|w| w.squares(SQUARES_LIMIT))
    }

    /// The route's corners: every square on bounded boards; on strips the ends of straight
    /// king lines, or every square but repeated rounds (see `repeats`).
    #[getter]
    fn waypoints(&self) -> Vec<String> {
        self.names(|w| w.waypoints.clone())
    }

    /// Rounds of moves made again (strip routes across long empty stretches), as
    /// `(at, moves, times)`: after `waypoints[at..=at+moves]`, the same moves `times` more
    /// times, each round moved on by `waypoints[at+moves]` minus `waypoints[at]`. `squares`
    /// expands them.
    #[getter]
    fn repeats(&self) -> Vec<(usize, usize, u64)> {
        self.way
            .as_ref()
            .map(|w| w.repeats.iter().map(|r| (r.at, r.len, r.times)).collect())
            .unwrap_or_default()
    }

    /// Squares of the pieces captured on the way, in order.
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.names(|w| w.captured.clone())
    }

    fn __bool__(&self) -> bool {
        self.way.is_some()
    }

    /// Why there is no route (`None` when there is one): `{"kind": "occupied" | "attacked" |
    /// "colour" | "boxed_in" | "unreachable", "reason": words, "by": squares of the pieces in
    /// question}`, as the binary's JSON `"why"`.
    #[getter]
    fn why<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((kind, reason, by)) = &self.why else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("kind", kind)?;
        d.set_item("reason", reason)?;
        d.set_item("by", by.clone())?;
        Ok(Some(d))
    }

    fn __repr__(&self) -> String {
        match &self.way {
            None => match &self.why {
                Some((_, reason, _)) => format!("<Route: unreachable: {reason}>"),
                None => "<Route: unreachable>".into(),
            },
            Some(w) => {
                let pos = self.position.get();
                let shown: Vec<String> = w.waypoints.iter().take(12).map(|&c| pos.name(c)).collect();
                let more = if w.waypoints.len() > 12 { " …" } else { "" };
                format!(
                    "<Route: {}, {}{more}>",
                    chessreach::geometry::counted(w.moves, "move", "moves"),
                    shown.join(" ")
                )
            }
        }
    }

    /// An SVG picture of the route, for Jupyter.
    /// `None` (Jupyter falls back to the text) when the board is too large to draw.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let pos = self.position.get();
        let mut ends = vec![self.start];
        ends.extend(self.way.as_ref().and_then(|w| w.waypoints.last().copied()));
        let Ok(view) = render::view_of(&pos.loaded.position, Window::default(), &ends) else {
            return Ok(None);
        };
        let map = pos.map(py)?;
        let cell = render::route_cell(
            &pos.loaded.position,
            Some(map.query()),
            self.mover,
            self.way.as_ref(),
            4000,
        );
        let title = match &self.way {
            Some(w) => format!(
                "A route of {}",
                chessreach::geometry::counted(w.moves, "move", "moves")
            ),
            None => "No route".into(),
        };
        Ok(Some(render::svg(&view, &title, &render::ROUTE_KEYS, &[], cell)))
    }
}

/// The mover of `spec`; a variant's piece moves as the variant says, square by square, as by
/// the binary.
fn mover_of<'a>(py: Python<'_>, pos: &'a Position, spec: &str) -> PyResult<Moving<'a>> {
    pos.loaded.mover(spec).map_err(|e| spec_error(py, &e))
}

fn capturable(py: Python<'_>, may_capture: Option<&Bound<'_, PyAny>>) -> PyResult<Capturable> {
    let Some(m) = may_capture else {
        return Ok(Capturable::Nothing);
    };
    if let Ok(s) = m.extract::<String>() {
        if s == "all" {
            return Ok(Capturable::All);
        }
        return Ok(Capturable::Squares(vec![square(py, &s)?]));
    }
    let list: Vec<String> = m.extract()?;
    Ok(Capturable::Squares(
        list.iter().map(|s| square(py, s)).collect::<PyResult<_>>()?,
    ))
}

fn route_error(py: Python<'_>, e: &RouteError, board: Board) -> PyErr {
    match e {
        RouteError::TooLarge(t) => too_large(py, t),
        // A square named as this board names squares (`1,1` on a strip, not `a1`).
        e => e
            .named_on(board)
            .map_or_else(|| chessreach_error(e), |text| chessreach_error(&text)),
    }
}

/// Asks a route or distance question without the GIL.
fn answer<T: Ask + Send + Sync>(
    py: Python<'_>,
    pos: &chessreach::attack::Position,
    question: &Question<T>,
) -> PyResult<T::Answer>
where
    T::Answer: Send,
{
    let budget = budget();
    py.detach(|| path::ask(pos, question, budget))
        .map_err(|e| route_error(py, &e, pos.board()))
}

/// The shortest safe route of `mover` (a piece spec with one square: `"N@b1"`, `"b:K@e8"`,
/// `"fmWfcF@e2"`) to the square `to`, or capturing the piece on `capture`, among the pieces
/// of `position`: it may end a move only on squares no hostile piece attacks, and capture on
/// the way the hostile pieces `may_capture` lists (`"all"` or squares). In a position read from
/// a variant, a mover given by the variant's letter moves as the variant moves that piece on
/// each square (its region, the river, palace diagonals, double steps).
#[pyfunction]
#[pyo3(signature = (position, mover, to = None, capture = None, may_capture = None))]
fn route(
    py: Python<'_>,
    position: &Bound<'_, Position>,
    mover: &str,
    to: Option<&str>,
    capture: Option<&str>,
    may_capture: Option<&Bound<'_, PyAny>>,
) -> PyResult<Route> {
    let pos = position.get();
    let moving = mover_of(py, pos, mover)?;
    let (m, symbol) = (moving.mover.clone(), moving.symbol);
    let target = match (to, capture) {
        (Some(t), None) => Target::Square(square(py, t)?),
        (None, Some(c)) => Target::Capture(square(py, c)?),
        _ => {
            return Err(PyValueError::new_err(
                "route: give exactly one of to=SQUARE or capture=SQUARE",
            ))
        }
    };
    let start = m.at;
    let colour = m.colour;
    let question = Question {
        mover: m,
        target,
        may_capture: capturable(py, may_capture)?,
    };
    let way = answer(py, &moving.position, &question)?;
    let why = way.is_none().then(|| {
        let travel = &moving.position;
        let why = path::why(travel, &question, budget());
        let by = why
            .pieces()
            .iter()
            .map(|&i| travel.board().name(travel.pieces()[i].at))
            .collect();
        (why.kind(), why.describe(travel, question.target.square()), by)
    });
    Ok(Route {
        moves: way.as_ref().map(|w| w.moves),
        way,
        position: position.clone().unbind(),
        mover: (symbol, colour),
        start,
        why,
    })
}

/// Fewest moves of `mover` to every square it can reach: `{square: moves}`, of the whole board,
/// or of the files `files=(lo, hi)` (needed on a strip, which has no end).
#[pyfunction]
#[pyo3(signature = (position, mover, may_capture = None, files = None))]
fn distances(
    py: Python<'_>,
    position: &Bound<'_, Position>,
    mover: &str,
    may_capture: Option<&Bound<'_, PyAny>>,
    files: Option<(i64, i64)>,
) -> PyResult<BTreeMap<String, u32>> {
    let pos = position.get();
    let moving = mover_of(py, pos, mover)?;
    let m = moving.mover.clone();
    let question = Question {
        mover: m,
        target: files.map_or(Area::Everywhere, |(lo, hi)| Area::Files(lo, hi)),
        may_capture: capturable(py, may_capture)?,
    };
    let dm = answer(py, &moving.position, &question)?;
    Ok(dm
        .iter()
        .filter_map(|(c, d)| d.map(|d| (pos.name(c), d)))
        .collect())
}

/// What `infer` found.
#[pyclass(frozen, module = "chessreach")]
struct Inference {
    diagram: Diagram,
    found: Found,
}

#[pymethods]
impl Inference {
    /// Whether some rule explains every attacked square.
    #[getter]
    fn explained(&self) -> bool {
        self.found.unexplained.is_empty()
    }

    /// The largest consistent rule's exact Betza name, when it has a short one.
    #[getter]
    fn betza(&self) -> Option<String> {
        self.found.offsets.betza()
    }

    /// The simplest Betza rule that draws the same diagram.
    #[getter]
    fn simplest(&self) -> Option<String> {
        self.found.simplest_name()
    }

    /// The largest consistent rule's offsets `(dx, dy)` (dy up).
    #[getter]
    fn offsets(&self) -> Vec<(i64, i64)> {
        self.found.offsets.iter().collect()
    }

    /// Attacked squares no rule explains: `(row, column)`, 1-based from the top left.
    #[getter]
    fn unexplained(&self) -> Vec<(usize, usize)> {
        self.found
            .unexplained
            .iter()
            .map(|&(r, c)| (r + 1, c + 1))
            .collect()
    }

    fn __str__(&self) -> String {
        render::inference_text(&self.diagram, &self.found)
    }

    fn __repr__(&self) -> String {
        if self.found.unexplained.is_empty() {
            format!(
                "<Inference: explained, {} offsets, simplest {}>",
                self.found.offsets.len(),
                self.found.simplest_name().as_deref().unwrap_or("(no short name)")
            )
        } else {
            format!(
                "<Inference: {} squares unexplained>",
                self.found.unexplained.len()
            )
        }
    }

    /// An SVG picture of the rule (or of the unexplained squares), for Jupyter.
    /// `None` (Jupyter falls back to the text) when the diagram is too large to draw.
    fn _repr_svg_(&self) -> Option<String> {
        render::inference_svg(&self.diagram, &self.found).ok()
    }
}

/// The movement rule behind an attack diagram: rows of `o` (a piece), `x` (attacked) and `.`
/// (not attacked), optionally after a line with the size.
#[pyfunction]
fn infer(py: Python<'_>, diagram: &str) -> PyResult<Inference> {
    let d = problems::weird_chess::parse_diagram(diagram, false).map_err(|e| input_error(py, &e, ""))?;
    let budget = budget();
    let found = py
        .detach(|| infer_within(&d, budget))
        .map_err(|e| too_large(py, &e))?;
    Ok(Inference { diagram: d, found })
}

/// Solves a classic (`"infinite-chess"`, `"king-path"`, `"roads"`, `"weird-chess"`) from its
/// original input text, returning its exact output.
#[pyfunction]
fn solve(py: Python<'_>, problem: &str, text: &str) -> PyResult<String> {
    let p: Problem = problem.parse().map_err(|e| PyValueError::new_err(visible(&e)))?;
    let budget = budget();
    let mut out = Vec::new();
    let result = py.detach(|| problems::solve_within(p, text, &mut out, budget));
    let written = String::from_utf8_lossy(&out).into_owned();
    match result {
        Ok(()) => Ok(written),
        Err(SolveError::Input(e)) => Err(input_error(py, &e, &written)),
        Err(SolveError::TooLarge(t)) => Err(too_large(py, &t)),
        Err(e) => Err(chessreach_error(&e)),
    }
}

/// Sets the memory budget of every search and table, in bytes (default: half of the least of
/// the machine's memory, the cgroup's limit and `ulimit -v`); questions that would need more
/// raise `TooLargeError` before allocating.
#[pyfunction]
fn set_max_memory(bytes: u64) {
    MAX_MEMORY.store(bytes.max(1), Ordering::Relaxed);
}

/// The memory budget in bytes.
#[pyfunction]
fn max_memory() -> u64 {
    budget().bytes()
}

/// The extension module.
#[pymodule]
fn _chessreach(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Rule>()?;
    m.add_class::<Position>()?;
    m.add_class::<Route>()?;
    m.add_class::<Inference>()?;
    m.add_class::<games::DuelResult>()?;
    m.add_class::<games::Roads>()?;
    m.add_class::<endgame::Endgame>()?;
    m.add_function(wrap_pyfunction!(endgame::endgame_solve, m)?)?;
    m.add_function(wrap_pyfunction!(endgame::endgame_probe, m)?)?;
    m.add_function(wrap_pyfunction!(games::duel_solve, m)?)?;
    m.add_function(wrap_pyfunction!(games::roads, m)?)?;
    m.add_function(wrap_pyfunction!(route, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add_function(wrap_pyfunction!(infer, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_max_memory, m)?)?;
    m.add_function(wrap_pyfunction!(max_memory, m)?)?;
    m.add("ChessreachError", py.get_type::<ChessreachError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("TooLargeError", py.get_type::<TooLargeError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
