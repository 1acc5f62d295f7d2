//! Pictures of one piece's move diagram ([`crate::attack::move_diagram`]), drawn the way
//! fairy-chess people draw them (the chessvariants.com Interactive Diagram's habit): a colour
//! per kind of square — moves, captures, both, the victims of locust legs, the pieces hopped,
//! initial moves — each with a letter on it (so no square depends on its colour alone) and a
//! legend entry for each kind that appears.

use std::collections::BTreeMap;

use super::{draw, Axes, Cell, Ground, Key, View};
use crate::attack::Cell as Square;
use crate::geometry::{Coord, Rect, Wrap};
use crate::piece::Colour;

/// Each kind of square reached with its shade and legend entry, in legend order.
const KINDS: [(Square, Key); 7] = [
    (
        Square::MoveOrCapture,
        Key {
            swatch: "#3b6fb6",
            label: "* moves or captures there",
        },
    ),
    (
        Square::Move,
        Key {
            swatch: "#7ccf6b",
            label: "m moves there (an empty square) only",
        },
    ),
    (
        Square::Capture,
        Key {
            swatch: "#e0524f",
            label: "c captures there only",
        },
    ),
    (
        Square::Captured,
        Key {
            swatch: "#a8322b",
            label: "C captures the foe there",
        },
    ),
    (
        Square::Initial,
        Key {
            swatch: "#9bd6ee",
            label: "i moves there only as an initial move (i, from its second rank)",
        },
    ),
    (
        Square::Locust,
        Key {
            swatch: "#f2a23a",
            label: "x captures the piece there on the way and goes on (locust)",
        },
    ),
    (
        Square::Hop,
        Key {
            swatch: "#c9b3e6",
            label: "h hops the piece there",
        },
    ),
];

/// The letter of the diagram's piece and of its blockers (foes) on their discs.
const PIECE: char = 'X';
const BLOCKER: char = '#';

/// The SVG legend of a move diagram: an entry for each kind of square in `cells`, in a fixed
/// order. O(kinds × cells).
#[must_use]
pub fn betza_keys(cells: &BTreeMap<Coord, Square>) -> Vec<Key> {
    KINDS
        .iter()
        .filter(|(kind, _)| cells.values().any(|c| c == kind))
        .map(|&(_, key)| key)
        .collect()
}

/// A text move diagram: the piece `@`, blockers `#`, every square reached by its kind's letter
/// ([`Square::symbol`]), files and ranks labelled as the board names its squares, then the
/// legend of the kinds shown. O(squares of `rect` + cells).
#[must_use]
pub fn betza_text(rect: Rect, colour: Colour, cells: &BTreeMap<Coord, Square>) -> String {
    let mut out = super::text(&View::whole(rect), |c| Cell {
        mark: cells.get(&c).map(|k| k.symbol()),
        ..Cell::default()
    });
    let side = match colour {
        Colour::White => "(White)",
        Colour::Black => "(Black, turned 180°)",
    };
    let legend = Square::legend(cells.values());
    out.push_str(&legend.replacen("@ the piece", &format!("@ the piece {side}"), 1));
    out.push('\n');
    out
}

/// An SVG move diagram (a standalone document): the piece of `colour` and its blockers as
/// discs, the squares it reaches shaded by kind with their letter (a hopped or locust-captured
/// blocker keeps its disc and gets the letter in the corner), `title` above, the legend of
/// [`betza_keys`] below. O(squares of `rect` + cells).
#[must_use]
pub fn betza_svg(title: &str, rect: Rect, colour: Colour, cells: &BTreeMap<Coord, Square>) -> String {
    let view = View {
        files: 1..=i64::from(rect.width()),
        ranks: 1..=i64::from(rect.height()),
        wrap: Wrap::None,
        axes: Axes::Board,
    };
    let keys = betza_keys(cells);
    let shade = |kind: Square| KINDS.iter().find(|(k, _)| *k == kind).map(|(_, key)| key.swatch);
    draw(Ground::Plain, &view, title, &keys, &[], |c| {
        let Some(&kind) = cells.get(&c) else {
            return Cell::default();
        };
        match kind {
            Square::Piece => Cell {
                piece: Some((PIECE, colour)),
                ..Cell::default()
            },
            Square::Blocker => Cell {
                piece: Some((BLOCKER, colour.opponent())),
                ..Cell::default()
            },
            Square::Hop | Square::Locust | Square::Captured => Cell {
                piece: Some((BLOCKER, colour.opponent())),
                shade: shade(kind),
                note: Some(kind.symbol().to_string()),
                ..Cell::default()
            },
            Square::MoveOrCapture | Square::Move | Square::Capture | Square::Initial => Cell {
                mark: Some(kind.symbol()),
                shade: shade(kind),
                ..Cell::default()
            },
        }
    })
}
