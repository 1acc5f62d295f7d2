//! One piece's move diagram, the way fairy-chess people draw it: where it moves, where it
//! captures, the victims of its locust legs, the pieces it hops; and where the two Betza
//! dialects read one text differently.

use std::collections::BTreeMap;

use super::{Kind, Placed, Position, PositionError};
use crate::geometry::{Board, Coord, Rect};
use crate::limits::Progress;
use crate::piece::{Colour, Dialect, Rule};

/// What a square of a move diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// The piece.
    Piece,
    /// A blocker (a foe of the piece) it does not capture.
    Blocker,
    /// A blocker it captures by moving there.
    Captured,
    /// It may move there (empty) and capture there.
    MoveOrCapture,
    /// It may move there only.
    Move,
    /// It may capture there only (it attacks the square).
    Capture,
    /// A locust leg captures the piece there on the way.
    Locust,
    /// It hops the piece there.
    Hop,
    /// It may move there only as an initial move (Betza `i`: from its side's second rank).
    Initial,
}

impl Cell {
    /// The diagram's letter.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Self::Piece => '@',
            Self::Blocker => '#',
            Self::Captured => 'C',
            Self::MoveOrCapture => '*',
            Self::Move => 'm',
            Self::Capture => 'c',
            Self::Locust => 'x',
            Self::Hop => 'h',
            Self::Initial => 'i',
        }
    }

    /// What the letter means, for the legend.
    #[must_use]
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::Piece => "the piece",
            Self::Blocker => "a blocker (a foe) in the way",
            Self::Captured => "a blocker it captures",
            Self::MoveOrCapture => "moves or captures",
            Self::Move => "moves only",
            Self::Capture => "captures only",
            Self::Locust => "locust victim (captured on the way)",
            Self::Hop => "hopped",
            Self::Initial => "initial move only",
        }
    }

    /// The legend of a diagram: an entry for each kind of cell it shows, in this type's order.
    /// O(cells).
    #[must_use]
    pub fn legend<'a>(cells: impl IntoIterator<Item = &'a Self>) -> String {
        let shown: std::collections::BTreeSet<Self> = cells.into_iter().copied().collect();
        shown
            .into_iter()
            .map(|c| format!("{} {}", c.symbol(), c.meaning()))
            .collect::<Vec<_>>()
            .join("   ")
    }
}

/// The cells of `rule`'s diagram: a piece of `colour` on `at` of `rect`, foes on `blockers`.
/// Squares not listed are empty and out of reach. Initial moves show from the side's second
/// rank: a square only they reach is [`Cell::Initial`]. O(p log p + squares walked · log p).
///
/// # Errors
///
/// [`PositionError`] for a square off the board or two pieces on one square.
pub fn move_diagram(
    rule: &Rule,
    rect: Rect,
    at: Coord,
    colour: Colour,
    blockers: &[Coord],
) -> Result<BTreeMap<Coord, Cell>, PositionError> {
    move_diagram_progress(rule, rect, at, colour, blockers, None)
}

/// [`move_diagram`] telling `progress` how far it is (the stages of
/// [`Position::attacks_of_progress`] and [`Position::moves_of_progress`]): a piece of many
/// legs, whose moves multiply, is stopped there by a callback that unwinds (a deadline).
///
/// # Errors
///
/// [`PositionError`] as [`move_diagram`].
pub fn move_diagram_progress(
    rule: &Rule,
    rect: Rect,
    at: Coord,
    colour: Colour,
    blockers: &[Coord],
    progress: Option<Progress<'_>>,
) -> Result<BTreeMap<Coord, Cell>, PositionError> {
    let kinds = vec![Kind::new('X', rule.clone()), Kind::new('B', Rule::default())];
    let mut pieces = vec![Placed { kind: 0, colour, at }];
    pieces.extend(blockers.iter().map(|&b| Placed {
        kind: 1,
        colour: colour.opponent(),
        at: b,
    }));
    let later = rule.has_initial().then(|| {
        let mut kinds = kinds.clone();
        kinds[0] = Kind::new('X', rule.without_initial());
        kinds
    });
    let pos = Position::new(Board::Rect(rect), kinds, pieces.clone())?;
    let mut cells = BTreeMap::new();
    cells.insert(at, Cell::Piece);
    for &b in blockers {
        cells.insert(b, Cell::Blocker);
    }
    for c in pos.attacks_of_progress(0, progress).unwrap_or_default() {
        let cell = cells.entry(c).or_insert(Cell::Capture);
        if *cell == Cell::Blocker {
            *cell = Cell::Captured;
        }
    }
    for m in pos.moves_of_progress(0, progress).unwrap_or_default() {
        for &h in m.hops() {
            cells.insert(h, Cell::Hop);
        }
        for &v in m.captures().iter().filter(|&&v| v != m.to) {
            cells.insert(v, Cell::Locust);
        }
        // A move that ends on an empty square (a locust's landing included) moves there.
        if !m.captures_on(m.to) {
            let cell = cells.entry(m.to).or_insert(Cell::Move);
            if *cell == Cell::Capture {
                *cell = Cell::MoveOrCapture;
            }
        }
    }
    if let Some(kinds) = later {
        // Squares only an initial move reaches: moves of the rule without them, compared.
        let later = Position::new(Board::Rect(rect), kinds, pieces)?;
        let reached: std::collections::BTreeSet<Coord> = later
            .moves_of_progress(0, progress)
            .unwrap_or_default()
            .into_iter()
            .map(|m| m.to)
            .collect();
        for (c, cell) in &mut cells {
            if *cell == Cell::Move && !reached.contains(c) {
                *cell = Cell::Initial;
            }
        }
    }
    Ok(cells)
}

/// Where Fairy-Stockfish's and XBetza's readings of `text` draw different diagrams (`None`:
/// the same piece in both); a dialect that cannot read the text is its error message.
///
/// # Errors
///
/// [`PositionError`] as [`move_diagram`].
pub fn compare_dialects(
    text: &str,
    rect: Rect,
    at: Coord,
    colour: Colour,
    blockers: &[Coord],
) -> Result<Comparison, PositionError> {
    compare_dialects_progress(text, rect, at, colour, blockers, None)
}

/// [`compare_dialects`] telling `progress` as [`move_diagram_progress`] does.
///
/// # Errors
///
/// [`PositionError`] as [`move_diagram`].
pub fn compare_dialects_progress(
    text: &str,
    rect: Rect,
    at: Coord,
    colour: Colour,
    blockers: &[Coord],
    progress: Option<Progress<'_>>,
) -> Result<Comparison, PositionError> {
    let read = |d: Dialect| d.parse(text).map_err(|e| e.to_string());
    let (fsf, xb) = (read(Dialect::Fsf), read(Dialect::Xbetza));
    let (Ok(fsf), Ok(xb)) = (&fsf, &xb) else {
        return Ok(Comparison::Unreadable {
            fsf: fsf.err(),
            xbetza: xb.err(),
        });
    };
    if fsf == xb {
        return Ok(Comparison::Same);
    }
    let (a, b) = (
        move_diagram_progress(fsf, rect, at, colour, blockers, progress)?,
        move_diagram_progress(xb, rect, at, colour, blockers, progress)?,
    );
    let squares: Vec<Coord> = a
        .keys()
        .chain(b.keys())
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .filter(|c| a.get(c) != b.get(c))
        .collect();
    Ok(Comparison::Differ(squares))
}

/// What [`compare_dialects`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Both read the same piece.
    Same,
    /// The readings differ on these squares (empty: different rules, the same diagram here).
    Differ(Vec<Coord>),
    /// A dialect cannot read the text: its message.
    Unreadable {
        /// Fairy-Stockfish's dialect's error.
        fsf: Option<String>,
        /// XBetza's error.
        xbetza: Option<String>,
    },
}
