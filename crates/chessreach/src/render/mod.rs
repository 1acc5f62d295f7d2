//! Pictures: text diagrams and SVG of boards, attacks, routes and reach sets.
//!
//! Every picture is a [`View`] (a window of files × ranks) and a function from square to
//! [`Cell`]; [`text`] and [`svg`] draw any such function, so each tool only says what a square
//! looks like.

mod attacks;
mod duel;
mod infer;
mod route;
mod view;

pub use attacks::{attack_cell, attack_legend};
pub use duel::{duel_cell, heat_cell, piece_letter, DUEL_LEGEND, HEAT_LEGEND};
pub use infer::{betza_line, inference_svg, inference_text, simplest_line};
pub use route::{distance_cell, route_cell, step_mark, DISTANCE_LEGEND, ROUTE_LEGEND};
pub use view::{view_of, ViewError, Window, DRAW_LIMIT, STRIP_SPAN};

use std::fmt::Write as _;
use std::ops::RangeInclusive;

use crate::geometry::Coord;
use crate::piece::Colour;

/// A rectangular window of a board, in board coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Files shown, left to right.
    pub files: RangeInclusive<i64>,
    /// Ranks shown (drawn top to bottom from the highest).
    pub ranks: RangeInclusive<i64>,
}

impl View {
    /// Whether the files have letter names (`a`–`z`).
    fn algebraic(&self) -> bool {
        *self.files.start() >= 1 && *self.files.end() <= 26
    }

    /// Number of files shown.
    #[must_use]
    pub fn width(&self) -> u64 {
        self.files.end().abs_diff(*self.files.start()) + 1
    }
}

/// What one square looks like.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// A piece standing there: its letter and side.
    pub piece: Option<(char, Colour)>,
    /// The character drawn on an empty square in text (`.` when `None`).
    pub mark: Option<char>,
    /// SVG fill over the square (a CSS colour), if highlighted.
    pub shade: Option<&'static str>,
    /// Small SVG text in the square's corner (a count, a distance …).
    pub note: Option<String>,
}

/// A text diagram: ranks labelled on the left, files below. Pieces show their letter (upper
/// case White, lower case Black); empty squares their mark.
pub fn text(view: &View, cell: impl Fn(Coord) -> Cell) -> String {
    let rank_w = [*view.ranks.start(), *view.ranks.end()]
        .iter()
        .map(|r| r.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for rank in view.ranks.clone().rev() {
        let _ = write!(out, "{rank:>rank_w$} ");
        for file in view.files.clone() {
            let c = cell(Coord::new(file, rank));
            let ch = match c.piece {
                Some((p, Colour::White)) => p.to_ascii_uppercase(),
                Some((p, Colour::Black)) => p.to_ascii_lowercase(),
                None => c.mark.unwrap_or('.'),
            };
            out.push(' ');
            out.push(ch);
        }
        out.push('\n');
    }
    let _ = write!(out, "{:rank_w$} ", "");
    if view.algebraic() {
        for file in view.files.clone() {
            let _ = write!(out, " {}", Coord::file_name(file));
        }
    } else {
        let _ = write!(out, " files {} to {}", view.files.start(), view.files.end());
    }
    out.push('\n');
    out
}

const SQ: i64 = 40;

/// An SVG picture (a complete, standalone document): light and dark squares, shaded cells,
/// pieces as discs with their letter, notes in the corner, coordinates along the edges.
#[expect(
    clippy::many_single_char_names,
    reason = "short mathematical names (coordinates, sizes, indices) read best here"
)]
pub fn svg(view: &View, title: &str, cell: impl Fn(Coord) -> Cell) -> String {
    let w = view.width() as i64;
    let h = view.ranks.end() - view.ranks.start() + 1;
    let (width, height) = (w * SQ + 30, h * SQ + 30);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    for (row, rank) in view.ranks.clone().rev().enumerate() {
        let y = row as i64 * SQ;
        for (col, file) in view.files.clone().enumerate() {
            let x = 30 + col as i64 * SQ;
            let c = cell(Coord::new(file, rank));
            let base = if (file + rank).rem_euclid(2) == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{base}"/>"#
            );
            if let Some(shade) = c.shade {
                let _ = writeln!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{shade}" fill-opacity="0.55"/>"#
                );
            }
            if let Some((p, colour)) = c.piece {
                let (fill, ink) = match colour {
                    Colour::White => ("#ffffff", "#000000"),
                    Colour::Black => ("#222222", "#ffffff"),
                };
                let (cx, cy) = (x + SQ / 2, y + SQ / 2);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="15" fill="{fill}" stroke="#000000" stroke-width="1.5"/>"##
                );
                let _ = writeln!(
                    out,
                    r#"<text x="{cx}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
                    cy + 6,
                    escape(&p.to_string())
                );
            } else if let Some(m) = c.mark.filter(|_| c.shade.is_none()) {
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="#333333">{}</text>"##,
                    x + SQ / 2,
                    y + SQ / 2 + 5,
                    escape(&m.to_string())
                );
            }
            if let Some(note) = &c.note {
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="10" fill="#000000">{}</text>"##,
                    x + 3,
                    y + 11,
                    escape(note)
                );
            }
        }
        let _ = writeln!(
            out,
            r#"<text x="24" y="{}" font-size="12" text-anchor="end">{rank}</text>"#,
            y + SQ / 2 + 4
        );
    }
    for (col, file) in view.files.clone().enumerate() {
        let label = if view.algebraic() {
            Coord::file_name(file)
        } else {
            file.to_string()
        };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
            30 + col as i64 * SQ + SQ / 2,
            h * SQ + 18,
            escape(&label)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_svg_shapes() {
        let view = View {
            files: 1..=3,
            ranks: 1..=2,
        };
        let cell = |c: Coord| Cell {
            piece: (c == Coord::new(2, 2)).then_some(('N', Colour::Black)),
            mark: (c.rank == 1).then_some('x'),
            ..Cell::default()
        };
        assert_eq!(text(&view, cell), "2  . n .\n1  x x x\n   a b c\n");
        let s = svg(&view, "t<1>", cell);
        assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(s.contains("<title>t&lt;1&gt;</title>"));
        assert!(s.trim_end().ends_with("</svg>"));
        let wide = View {
            files: 25..=28,
            ranks: 1..=1,
        };
        assert!(text(&wide, |_| Cell::default()).ends_with("files 25 to 28\n"));
    }
}
