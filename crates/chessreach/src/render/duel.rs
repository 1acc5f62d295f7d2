use super::{Cell, Key};
use crate::duel::solver::{Solution, Value};
use crate::duel::Duel;
use crate::geometry::Coord;
use crate::piece::{Colour, Rule};

/// The letter a duel piece is drawn with: the first capital of its canonical Betza (`N` for a
/// knight, `W` for `fmWfcF`), `?` for the empty rule.
pub fn piece_letter(rule: &Rule) -> char {
    rule.to_string()
        .chars()
        .find(char::is_ascii_uppercase)
        .unwrap_or('?')
}

/// The legend of [`duel_cell`].
pub const DUEL_LEGEND: &str = "upper case White, lower case Black; + White's target, - Black's";

/// The SVG legend of [`duel_cell`].
pub const DUEL_KEYS: [Key; 2] = [
    Key {
        swatch: "#f2c14e",
        label: "White's target",
    },
    Key {
        swatch: "#7fb3d5",
        label: "Black's target",
    },
];

/// The SVG legend of [`heat_cell`].
pub const HEAT_KEYS: [Key; 3] = [
    Key {
        swatch: "#f0f0f0",
        label: "Black here: White wins (plies in the corner)",
    },
    Key {
        swatch: "#303030",
        label: "Black here: Black wins (plies in the corner)",
    },
    Key {
        swatch: "#9e9e9e",
        label: "Black here: a draw",
    },
];

/// How a square of a duel looks: the pieces on `white` and `black`, the targets marked.
pub fn duel_cell(duel: &Duel, white: Coord, black: Coord) -> impl Fn(Coord) -> Cell + '_ {
    let letters = Colour::BOTH.map(|s| piece_letter(duel.rule(s)));
    move |c| {
        let piece = if c == white {
            Some((letters[0], Colour::White))
        } else if c == black {
            Some((letters[1], Colour::Black))
        } else {
            None
        };
        let mark = if Some(c) == duel.target(Colour::White) {
            Some('+')
        } else if Some(c) == duel.target(Colour::Black) {
            Some('-')
        } else {
            None
        };
        Cell {
            piece,
            mark,
            shade: mark.map(|m| if m == '+' { "#f2c14e" } else { "#7fb3d5" }),
            note: None,
        }
    }
}

/// The legend of [`heat_cell`].
pub const HEAT_LEGEND: &str =
    "for each Black square, White to move: W White wins, B Black wins, = draw (SVG: the plies to the win)";

/// The heat map of a solved duel for White standing on `white`: every Black square coloured by
/// the result of the start (White to move), with the length of the win as a note; squares
/// that are no start (White's own square, a piece on its own target) stay plain.
pub fn heat_cell(solution: &Solution, white: Coord) -> impl Fn(Coord) -> Cell + '_ {
    let duel = solution.duel();
    let wl = piece_letter(duel.rule(Colour::White));
    move |c| {
        if c == white {
            return Cell {
                piece: Some((wl, Colour::White)),
                ..Cell::default()
            };
        }
        if duel.check_start(white, c).is_err() {
            return Cell::default();
        }
        let (mark, shade, note) = match solution.value(white, c, Colour::White) {
            Value::Win {
                side: Colour::White,
                plies,
            } => ('W', "#f0f0f0", plies),
            Value::Win {
                side: Colour::Black,
                plies,
            } => ('B', "#303030", plies),
            Value::Draw => {
                return Cell {
                    mark: Some('='),
                    shade: Some("#9e9e9e"),
                    ..Cell::default()
                }
            }
        };
        Cell {
            piece: None,
            mark: Some(mark),
            shade: Some(shade),
            note: Some(note.to_string()),
        }
    }
}
