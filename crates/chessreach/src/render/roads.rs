//! Pictures of typed roads: the grid with its roads, the pieces, and what one placement reaches.

use super::{Cell, Key, Segment, View};
use crate::geometry::{Coord, EdgeGrid};
use crate::piece::Colour;
use crate::roads::{Piece, Reached};

/// The road characters: horizontal and vertical, by type 0–3.
const H: [char; 4] = [' ', '-', '=', '~'];
const V: [char; 4] = [' ', '|', '"', '$'];

/// The grid as text (one character per intersection, roads between; see [`ROADS_LEGEND`]): intersections marked by how placement `k` reaches them, roads between.
#[must_use]
#[expect(clippy::cast_possible_truncation, reason = "road types are 0..=3")]
pub fn roads_text(grid: &EdgeGrid, pieces: &[Piece], k: usize, got: &[Reached]) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mover = pieces[k];
    let mut owner = vec![None; grid.len()];
    for p in &pieces[..k] {
        owner[p.at] = Some(p);
    }
    let mut out = String::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            let ch = if cell == mover.at {
                '@'
            } else if got[cell].capture {
                'X'
            } else if let Some(p) = owner[cell] {
                if p.colour == 0 {
                    'b'
                } else {
                    'w'
                }
            } else {
                match got[cell].types {
                    0 => 'o',
                    t if t.count_ones() > 1 => '*',
                    t => char::from(b'0' + t.trailing_zeros() as u8),
                }
            };
            out.push(ch);
            if c + 1 < cols {
                out.push(H[grid.edge(cell, 1) as usize]);
            }
        }
        out.push('\n');
        if r + 1 < rows {
            for c in 0..cols {
                out.push(V[grid.edge(r * cols + c, 3) as usize]);
                if c + 1 < cols {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
    }
    out
}

/// The legend of [`roads_text`].
pub const ROADS_LEGEND: &str = "@ the piece; 1 2 3 reached by that road type, * by several, X captured; b w other pieces (colour 0, 1); \
     roads - | normal, = \" straight, ~ $ interconnected";

/// Road colours and widths by type 1–3.
const ROAD: [(&str, u8); 3] = [("#8c8c8c", 2), ("#1f77b4", 5), ("#9467bd", 8)];

/// The legend of [`roads_svg`].
const ROADS_KEYS: [Key; 8] = [
    Key {
        swatch: "#8c8c8c",
        label: "normal road (type 1): one intersection per move",
    },
    Key {
        swatch: "#1f77b4",
        label: "straight road (type 2): any distance in one direction",
    },
    Key {
        swatch: "#9467bd",
        label: "interconnected road (type 3): any path of type 3",
    },
    Key {
        swatch: "#2ca02c",
        label: "reached by a normal road",
    },
    Key {
        swatch: "#17becf",
        label: "reached by a straight road",
    },
    Key {
        swatch: "#e377c2",
        label: "reached by an interconnected road",
    },
    Key {
        swatch: "#ff7f0e",
        label: "reached by several types",
    },
    Key {
        swatch: "#d62728",
        label: "captured there",
    },
];

/// The side a roads colour (0 or 1) is drawn as: 0 Black, 1 White, as in the original problem.
fn side(colour: u8) -> Colour {
    if colour == 0 {
        Colour::Black
    } else {
        Colour::White
    }
}

/// The disc letter of a piece: its level when it is one digit, `+` above.
fn level_letter(level: i64) -> char {
    u8::try_from(level)
        .ok()
        .filter(|&l| l < 10)
        .map_or('+', |l| char::from(b'0' + l))
}

/// Placement `k` (0-based) and what it reaches (`got`, from [`crate::roads::reach`]), as an SVG
/// picture: roads drawn by type, earlier pieces by colour with their level, the new piece
/// ringed, reached intersections shaded by how they are reached, captures in red. O(n·m).
#[must_use]
pub fn roads_svg(grid: &EdgeGrid, pieces: &[Piece], k: usize, got: &[Reached]) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mover = pieces[k];
    let height = i64::try_from(rows).unwrap_or(i64::MAX);
    let view = View {
        files: 1..=i64::try_from(cols).unwrap_or(i64::MAX),
        ranks: 1..=height,
        wrap: crate::geometry::Wrap::None,
        axes: super::Axes::RowColumn,
    };
    // Row r (0-based from the top) is rank rows - r; column c is file c + 1.
    let coord = |cell: usize| {
        let (r, c) = (cell / cols, cell % cols);
        Coord::new(
            i64::try_from(c).unwrap_or(i64::MAX) + 1,
            height - i64::try_from(r).unwrap_or(i64::MAX),
        )
    };
    let index = |c: Coord| {
        let r = usize::try_from(height - c.rank).unwrap_or_default();
        r * cols + usize::try_from(c.file - 1).unwrap_or_default()
    };
    let mut lines = Vec::new();
    for cell in 0..grid.len() {
        for (d, next) in [(1, cell + 1), (3, cell + cols)] {
            let t = grid.edge(cell, d);
            if t != 0 {
                let (stroke, width) = ROAD[usize::from(t - 1)];
                lines.push(Segment {
                    from: coord(cell),
                    to: coord(next),
                    stroke,
                    width,
                    arrow: false,
                });
            }
        }
    }
    let mut owner: Vec<Option<Piece>> = vec![None; grid.len()];
    for p in &pieces[..k] {
        owner[p.at] = Some(*p);
    }
    let total = got.iter().filter(|r| r.types != 0).count();
    let cell = |c: Coord| {
        let i = index(c);
        let r = got[i];
        let piece = if i == mover.at { Some(mover) } else { owner[i] };
        Cell {
            piece: piece.map(|p| (level_letter(p.level), side(p.colour))),
            shade: if i == mover.at {
                Some("#f2c14e")
            } else {
                match (r.capture, r.types) {
                    (true, _) => Some("#d62728"),
                    (_, 0) => None,
                    (_, 2) => Some("#2ca02c"),
                    (_, 4) => Some("#17becf"),
                    (_, 8) => Some("#e377c2"),
                    _ => Some("#ff7f0e"),
                }
            },
            note: (r.types != 0).then(|| {
                (1..=3)
                    .filter(|t| r.types >> t & 1 == 1)
                    .map(|t| t.to_string())
                    .collect()
            }),
            mark: None,
            struck: false,
            promoted: false,
        }
    };
    let title = format!(
        "Placement {}: a colour-{} piece of level {} (gold) reaches {}; discs show levels; axes: row, column as in the input",
        k + 1,
        mover.colour,
        mover.level,
        crate::geometry::counted(total, "intersection", "intersections")
    );
    super::svg(&view, &title, &ROADS_KEYS, &lines, cell)
}
