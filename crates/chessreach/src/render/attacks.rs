use std::collections::BTreeMap;

use super::Cell;
use crate::attack::{AttackQuery, Position};
use crate::geometry::Coord;
use crate::piece::Colour;

/// The legend of [`attack_cell`] marks.
#[must_use]
pub fn attack_legend(side: Option<Colour>) -> &'static str {
    match side {
        None => "+ attacked by White   - attacked by Black   # by both   . neither",
        Some(Colour::White) => "x attacked by White   . not attacked",
        Some(Colour::Black) => "x attacked by Black   . not attacked",
    }
}

/// How a square of an attack map looks: the piece on it, or a mark for who attacks it (only
/// `side`'s attacks when given); attack counts go in the SVG note. Building it is O(p log p).
pub fn attack_cell<'a>(
    pos: &'a Position,
    map: &'a (impl AttackQuery + ?Sized),
    side: Option<Colour>,
) -> impl Fn(Coord) -> Cell + 'a {
    let occupant: BTreeMap<Coord, usize> = pos.pieces().iter().enumerate().map(|(i, p)| (p.at, i)).collect();
    move |c| {
        let [w, b] = Colour::BOTH.map(|col| {
            if side.is_none_or(|s| s == col) {
                map.count(col, c)
            } else {
                0
            }
        });
        let piece = occupant
            .get(&c)
            .map(|&i| (pos.symbol_of(i), pos.pieces()[i].colour));
        let (mark, shade) = match (side, w > 0, b > 0) {
            (_, false, false) => (None, None),
            (Some(_), ..) => (Some('x'), Some("#d62728")),
            (None, true, false) => (Some('+'), Some("#d62728")),
            (None, false, true) => (Some('-'), Some("#1f77b4")),
            (None, true, true) => (Some('#'), Some("#9467bd")),
        };
        let note = match (w, b) {
            (0, 0) => None,
            (w, 0) => Some(w.to_string()),
            (0, b) => Some(b.to_string()),
            (w, b) => Some(format!("{w}/{b}")),
        };
        Cell {
            piece,
            mark,
            shade,
            note,
        }
    }
}
