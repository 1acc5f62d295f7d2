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

/// The shade of a start White wins (Okabe–Ito orange: no board square's colour, and told
/// apart from [`BLACK_WINS`] with any colour vision).
const WHITE_WINS: &str = "#e69f00";
/// The shade of a start Black wins (Okabe–Ito blue).
const BLACK_WINS: &str = "#0072b2";
/// The shade of a drawn start (grey).
const DRAWN: &str = "#999999";

/// The SVG legend of [`heat_cell`], exactly the shades and marks it draws (on a plain board:
/// [`heat_svg`]).
pub const HEAT_KEYS: [Key; 4] = [
    Key {
        swatch: WHITE_WINS,
        label: "W: with Black here, White wins (plies in the corner)",
    },
    Key {
        swatch: BLACK_WINS,
        label: "B: with Black here, Black wins (plies in the corner)",
    },
    Key {
        swatch: DRAWN,
        label: "=: with Black here, a draw",
    },
    Key {
        swatch: "#ffffff",
        label: "blank: no game starts with Black here",
    },
];

/// The heat map of a solved duel as an SVG picture: [`heat_cell`] on a plain board (no
/// checkerboard under the results) with [`HEAT_KEYS`]. O(board squares).
#[must_use]
pub fn heat_svg(solution: &Solution, white: Coord, view: &super::View, title: &str) -> String {
    super::draw(
        super::Ground::Plain,
        view,
        title,
        &HEAT_KEYS,
        &[],
        heat_cell(solution, white),
    )
}

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
            struck: false,
            promoted: false,
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
            } => ('W', WHITE_WINS, plies),
            Value::Win {
                side: Colour::Black,
                plies,
            } => ('B', BLACK_WINS, plies),
            Value::Draw => {
                return Cell {
                    mark: Some('='),
                    shade: Some(DRAWN),
                    ..Cell::default()
                }
            }
        };
        Cell {
            piece: None,
            mark: Some(mark),
            shade: Some(shade),
            note: Some(note.to_string()),
            struck: false,
            promoted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Rect, Wrap};
    use crate::limits::Budget;
    use crate::render::{Axes, View};

    /// The `fill` colours of the board's squares (not the legend's swatches, drawn below the
    /// board's bottom edge).
    fn square_fills(svg: &str, bottom: i64) -> Vec<String> {
        svg.lines()
            .filter(|l| l.starts_with("<rect x="))
            .filter(|l| {
                let y = l.split("y=\"").nth(1).and_then(|r| r.split('"').next());
                y.and_then(|y| y.parse::<i64>().ok()).is_some_and(|y| y < bottom)
            })
            .filter_map(|l| l.split("fill=\"").nth(1)?.split('"').next().map(str::to_owned))
            .collect()
    }

    #[test]
    fn heat_map_legend_matches_what_is_drawn() {
        // Knightmare on 6x6: White and Black both win from some squares.
        let duel = Duel::knightmare(Rect::new(6, 6).expect("rect")).expect("duel");
        let solved = Solution::solve(&duel, Budget::unlimited(), None).expect("solved");
        let view = View {
            files: 1..=6,
            ranks: 1..=6,
            wrap: Wrap::None,
            axes: Axes::Board,
        };
        let white = Coord::new(1, 1);
        let svg = heat_svg(&solved, white, &view, "t");
        // The board ends above the file labels: the title's line plus 6 squares.
        let bottom = 8 + 18 + 6 * 40;
        let fills = square_fills(&svg, bottom);
        let cell = heat_cell(&solved, white);
        for key in HEAT_KEYS {
            let drawn = (1..=6)
                .flat_map(|f| (1..=6).map(move |r| Coord::new(f, r)))
                .map(&cell)
                .any(|c| c.piece.is_none() && c.shade.unwrap_or("#ffffff") == key.swatch);
            assert_eq!(
                fills.iter().any(|f| f == key.swatch),
                drawn,
                "{} appears on the board exactly when a square has that result",
                key.label
            );
            assert_eq!(
                svg.contains(&format!("fill=\"{}\" stroke", key.swatch)),
                drawn || key.swatch == "#ffffff",
                "{}: keyed (an opaque swatch, as on the board) exactly when drawn",
                key.label
            );
        }
        for fill in &fills {
            assert!(
                HEAT_KEYS.iter().any(|k| k.swatch == fill),
                "{fill}: every colour on the board is white or in the legend"
            );
        }
        let results = HEAT_KEYS[..3]
            .iter()
            .filter(|k| fills.iter().any(|f| f == k.swatch))
            .count();
        assert!(results >= 2, "the picture shows more than one result");
        assert!(!svg.contains("fill-opacity"), "nothing is half transparent");
        assert!(!svg.contains("#b58863"), "no dark checkerboard square");
    }
}
