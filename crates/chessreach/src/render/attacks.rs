use std::collections::BTreeMap;

use super::{Cell, Key};
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

/// The SVG legend of [`attack_cell`]: the shades of attacked squares (the corner notes count
/// the attackers, `White/Black` where both attack).
#[must_use]
pub fn attack_keys(side: Option<Colour>) -> &'static [Key] {
    const BOTH: [Key; 3] = [
        Key {
            swatch: "#d62728",
            label: "attacked by White (count in the corner)",
        },
        Key {
            swatch: "#1f77b4",
            label: "attacked by Black (count in the corner)",
        },
        Key {
            swatch: "#9467bd",
            label: "attacked by both (White/Black counts)",
        },
    ];
    const ONE: [Key; 1] = [Key {
        swatch: "#d62728",
        label: "attacked (count in the corner)",
    }];
    if side.is_some() {
        &ONE
    } else {
        &BOTH
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
            struck: false,
            promoted: occupant
                .get(&c)
                .is_some_and(|&i| pos.kinds()[pos.pieces()[i].kind].promoted),
        }
    }
}
