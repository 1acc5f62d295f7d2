//! Pictures of routes and distance maps.

use std::collections::BTreeMap;

use super::{Cell, Key, Segment};
use crate::attack::{AttackQuery, Position};
use crate::geometry::Coord;
use crate::path::{DistanceMap, Way};
use crate::piece::Colour;

/// The legend of [`route_cell`] marks.
pub const ROUTE_LEGEND: &str =
    "the mover at its start; 1-9, a-z (* beyond): the route, move by move; X captures there; x attacked";

/// The SVG legend of [`route_cell`].
pub const ROUTE_KEYS: [Key; 3] = [
    Key {
        swatch: "#2ca02c",
        label: "the route: arrows move by move, the move number in the corner",
    },
    Key {
        swatch: "#ff7f0e",
        label: "a capture on the route: the piece taken, struck through",
    },
    Key {
        swatch: "x",
        label: "attacked by the other side: no move may end here",
    },
];

/// The SVG legend of [`distance_cell`].
pub const DISTANCE_KEYS: [Key; 2] = [
    Key {
        swatch: "#2ca02c",
        label: "reachable: the fewest moves in the corner",
    },
    Key {
        swatch: "x",
        label: "attacked by the other side: no move may end here",
    },
];

/// The legend of [`distance_cell`] marks.
pub const DISTANCE_LEGEND: &str = "S start; 1-9, a-z: moves needed (* more); x attacked; . unreachable";

/// The mark for the k-th square of a route: `S`, then 1–9, then a–z, then `*`.
#[must_use]
pub fn step_mark(k: u64) -> char {
    let k = u32::try_from(k).unwrap_or(u32::MAX);
    match k {
        0 => 'S',
        1..=35 => char::from_digit(k, 36).unwrap_or('*'),
        _ => '*',
    }
}

/// The squares of a board picture: the piece, or `x` where `hostile` attacks (with no map,
/// nothing is marked).
fn board_cell<'a>(
    pos: &'a Position,
    map: Option<&'a dyn AttackQuery>,
    hostile: Colour,
) -> impl Fn(Coord) -> Cell + 'a {
    move |c| Cell {
        piece: pos
            .piece_at(c)
            .map(|i| (pos.symbol_of(i), pos.pieces()[i].colour)),
        mark: map.is_some_and(|m| m.count(hostile, c) > 0).then_some('x'),
        promoted: pos
            .piece_at(c)
            .is_some_and(|i| pos.kinds()[pos.pieces()[i].kind].promoted),
        ..Cell::default()
    }
}

/// How a square of a route picture looks: the mover at its start, the route's squares numbered
/// move by move, `X` (shaded orange in SVG) where it captures (on the route, or a locust
/// victim beside it), attacked squares
/// marked `x` when `map` is given. Only the first `limit` squares of a strip route are
/// numbered. Building it is O(min(moves, limit) · log).
pub fn route_cell<'a>(
    pos: &'a Position,
    map: Option<&'a dyn AttackQuery>,
    mover: (char, Colour),
    way: Option<&Way>,
    limit: usize,
) -> impl Fn(Coord) -> Cell + 'a {
    let mut step: BTreeMap<Coord, u64> = BTreeMap::new();
    let mut captured: Vec<Coord> = Vec::new();
    if let Some(way) = way {
        for (k, c) in way.squares(limit).into_iter().enumerate() {
            step.insert(c, k as u64);
        }
        captured.clone_from(&way.captured);
    }
    let base = board_cell(pos, map, mover.1.opponent());
    move |c| {
        let mut cell = base(c);
        if let Some(&k) = step.get(&c) {
            let taken = captured.contains(&c);
            cell.mark = Some(if taken { 'X' } else { step_mark(k) });
            cell.note = Some(k.to_string());
            cell.shade = Some(if taken { "#ff7f0e" } else { "#2ca02c" });
            if k == 0 {
                cell.piece = Some(mover);
            } else if !taken {
                cell.piece = None;
            }
            cell.struck = taken && cell.piece.is_some();
        } else if captured.contains(&c) {
            // A locust victim (XBetza): captured on the way, off the route's squares.
            cell.mark = Some('X');
            cell.shade = Some("#ff7f0e");
            cell.struck = cell.piece.is_some();
        }
        cell
    }
}

/// The moves of a route as arrows from square to square (the first `limit` squares, as
/// [`route_cell`] numbers them), for [`super::svg`]'s `lines`. O(min(moves, limit)).
#[must_use]
pub fn route_arrows(way: Option<&Way>, limit: usize) -> Vec<Segment> {
    let squares = way.map(|w| w.squares(limit)).unwrap_or_default();
    squares
        .windows(2)
        .map(|pair| Segment {
            from: pair[0],
            to: pair[1],
            stroke: "#00582a",
            width: 3,
            arrow: true,
        })
        .collect()
}

/// How a square of a distance map looks: its distance as a mark and a note, attacked squares
/// `x` when `map` is given. O(1) per square.
pub fn distance_cell<'a>(
    pos: &'a Position,
    map: Option<&'a dyn AttackQuery>,
    hostile: Colour,
    distances: &'a DistanceMap,
) -> impl Fn(Coord) -> Cell + 'a {
    let base = board_cell(pos, map, hostile);
    move |c| {
        let mut cell = base(c);
        if let Some(d) = distances.get(c) {
            cell.mark = Some(step_mark(u64::from(d)));
            cell.note = Some(d.to_string());
            cell.shade = Some("#2ca02c");
        }
        cell
    }
}
