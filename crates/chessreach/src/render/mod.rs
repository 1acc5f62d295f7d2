//! Pictures: text diagrams and SVG of boards, attacks, routes and reach sets.
//!
//! Every picture is a [`View`] (a window of files × ranks) and a function from square to
//! [`Cell`]; [`text`] and [`svg`] draw any such function, so each tool only says what a square
//! looks like.

mod attacks;
mod betza;
mod duel;
mod infer;
mod roads;
mod route;
mod view;

pub use attacks::{attack_cell, attack_keys, attack_legend};
pub use betza::{betza_keys, betza_svg, betza_text};
pub use duel::{
    duel_cell, heat_cell, heat_svg, piece_letter, DUEL_KEYS, DUEL_LEGEND, HEAT_KEYS, HEAT_LEGEND,
};
pub use infer::{
    betza_line, inference_svg, inference_text, inference_text_named, simplest_line, simplest_line_named,
};
pub use roads::{roads_svg, roads_text, ROADS_LEGEND};
pub use route::{
    distance_cell, route_arrows, route_cell, step_mark, DISTANCE_KEYS, DISTANCE_LEGEND, ROUTE_KEYS,
    ROUTE_LEGEND,
};
pub use view::{
    fit_columns, of_variant, text_width, titled, view_of, ViewError, Window, DRAW_LIMIT, STRIP_SPAN,
};

use std::fmt::Write as _;
use std::ops::RangeInclusive;

use crate::geometry::{Coord, Wrap};
use crate::piece::Colour;

/// A rectangular window of a board, in board coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Files shown, left to right.
    pub files: RangeInclusive<i64>,
    /// Ranks shown (drawn top to bottom from the highest).
    pub ranks: RangeInclusive<i64>,
    /// Which edges of the board wrap: pictures mark them (text: a line under the diagram;
    /// SVG: dashed edges and a legend entry).
    pub wrap: Wrap,
    /// How the edges are labelled.
    pub axes: Axes,
}

/// How a picture's edges are labelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Axes {
    /// As a [lettered](crate::geometry::Board::lettered) board names squares: files `a`–`z`,
    /// ranks upward.
    #[default]
    Board,
    /// As a board that names squares `file,rank` (over 26 files, or a strip): files and ranks
    /// by number, ranks upward.
    Numeric,
    /// As a grid input names points: rows numbered from 1 at the top, columns from 1 at the
    /// left (a file's number is its column).
    RowColumn,
}

impl Axes {
    /// The axes of a picture of `board`: letters on a lettered board, numbers otherwise.
    #[must_use]
    pub fn of(board: crate::geometry::Board) -> Self {
        if board.lettered() {
            Self::Board
        } else {
            Self::Numeric
        }
    }
}

/// The colour of a wrapped edge in SVG pictures (purple: neither a square's nor a legend
/// shade's colour).
const WRAP_STROKE: &str = "#7b3294";

/// What a wrapped board's pictures say under the diagram.
fn wrap_note(wrap: Wrap) -> Option<&'static str> {
    match wrap {
        Wrap::None => None,
        Wrap::Files => Some("edges wrap: files (a cylinder: the first and last files are neighbours)"),
        Wrap::Ranks => Some("edges wrap: ranks (a cylinder: the first and last ranks are neighbours)"),
        Wrap::Both => Some("edges wrap: files and ranks (a torus)"),
    }
}

impl View {
    /// The whole of a bounded board, labelled as the board names its squares. O(1).
    #[must_use]
    pub fn whole(rect: crate::geometry::Rect) -> Self {
        Self {
            files: 1..=i64::from(rect.width()),
            ranks: 1..=i64::from(rect.height()),
            wrap: rect.wrap(),
            axes: Axes::of(rect.into()),
        }
    }

    /// Whether the files have letter names (`a`–`z`).
    fn algebraic(&self) -> bool {
        self.axes == Axes::Board && *self.files.start() >= 1 && *self.files.end() <= 26
    }

    /// The label of a rank: its number, or its row counted from the top.
    fn rank_label(&self, rank: i64) -> i64 {
        match self.axes {
            Axes::Board | Axes::Numeric => rank,
            Axes::RowColumn => self.ranks.end() - rank + 1,
        }
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
    /// Whether the piece is struck through in SVG (a piece captured on a route).
    pub struck: bool,
    /// Whether the piece is a promoted one (`+P`): SVG draws a `+` badge on its disc.
    pub promoted: bool,
}

/// What an SVG board is drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// Light and dark squares; shades are laid over them half transparent.
    Checkered,
    /// White squares in a grey grid; shades are opaque and each shaded square also shows its
    /// mark, so a result can never be mistaken for a square's colour (heat maps).
    Plain,
}

/// The number of characters of `n` written in decimal (its sign included). O(digits).
fn digits(n: i64) -> u64 {
    u64::try_from(n.to_string().len()).unwrap_or(u64::MAX)
}

/// A text diagram: ranks labelled on the left, files below. Pieces show their letter (upper
/// case White, lower case Black), a struck one (captured) its mark; empty squares their mark.
pub fn text(view: &View, cell: impl Fn(Coord) -> Cell) -> String {
    let rank_w = [*view.ranks.start(), *view.ranks.end()]
        .iter()
        .map(|r| r.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for rank in view.ranks.clone().rev() {
        let _ = write!(out, "{:>rank_w$} ", view.rank_label(rank));
        for file in view.files.clone() {
            let c = cell(Coord::new(file, rank));
            let ch = match c.piece {
                // Text cannot strike a letter through: a captured piece is its capture's mark.
                Some(_) if c.struck => c.mark.unwrap_or('X'),
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
    if let Some(note) = wrap_note(view.wrap) {
        let _ = writeln!(out, "({note})");
    }
    out
}

const SQ: i64 = 40;

/// The checkerboard's light and dark squares.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// One entry of a picture's legend: a swatch (a CSS colour `#rrggbb`, drawn as a shaded square,
/// or a mark drawn as text) and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// `#rrggbb` for a shade, anything else is drawn as text.
    pub swatch: &'static str,
    /// What it means.
    pub label: &'static str,
}

/// A count as a pixel factor: pictures are at most [`DRAW_LIMIT`] squares a side and a few
/// dozen lines, so this never saturates in practice.
fn count(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX / 4)
}

/// A line drawn over the board between two squares' centres (a road, a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// One end.
    pub from: Coord,
    /// The other end.
    pub to: Coord,
    /// A CSS colour.
    pub stroke: &'static str,
    /// Width in pixels.
    pub width: u8,
    /// Whether it ends in an arrowhead at `to` (a move).
    pub arrow: bool,
}

/// Width of the rank labels on the left of an SVG board.
const MARGIN: i64 = 30;
/// Height of one line of SVG title or legend.
const LINE: i64 = 18;

/// Cuts `text` into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let width = width.max(1);
    let chunks = text.split_whitespace().flat_map(|word| {
        // A word longer than a line (a long Betza name) is cut into lines of its own.
        let chars: Vec<char> = word.chars().collect();
        chars
            .chunks(width)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
    });
    for word in chunks {
        let word = word.as_str();
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// An SVG picture (a complete, standalone document): the title above the board, light and
/// dark squares, shaded cells, pieces as discs with their letter (White light, Black dark),
/// notes in the top-left corner clear of the disc, coordinates along the edges, and below the
/// board a legend: `keys`, then the piece colours drawn. `lines` are drawn over the squares and
/// under the pieces (those with an end outside the view are left out). O(view squares + lines
/// + title + keys).
pub fn svg(
    view: &View,
    title: &str,
    keys: &[Key],
    lines: &[Segment],
    cell: impl Fn(Coord) -> Cell,
) -> String {
    draw(Ground::Checkered, view, title, keys, lines, cell)
}

/// [`svg`] on a chosen [`Ground`]: [`Ground::Plain`] for pictures whose shades are results
/// (heat maps). O(view squares + lines + title + keys).
#[expect(
    clippy::many_single_char_names,
    reason = "short mathematical names (coordinates, sizes, indices) read best here"
)]
pub fn draw(
    ground: Ground,
    view: &View,
    title: &str,
    keys: &[Key],
    lines: &[Segment],
    cell: impl Fn(Coord) -> Cell,
) -> String {
    let w = count(view.width());
    let h = view.ranks.end() - view.ranks.start() + 1;
    let keys = &drawn_keys(ground, view, keys, lines, &cell);
    // Wide enough for the board and the longest legend line (about 7 px a character).
    let longest = keys.iter().map(|k| k.label.chars().count()).max().unwrap_or(0);
    let legend_width = MARGIN + 30 + 7 * i64::try_from(longest).unwrap_or(0);
    let width = (w * SQ + MARGIN + 10).max(360).max(legend_width);
    let title_lines = wrap(title, usize::try_from((width - 20) / 8).unwrap_or(40));
    let top = 8 + LINE * count(title_lines.len());
    let mut board = String::new();
    let mut above = String::new();
    let mut sides = [false; 2];
    let mut promoted = false;
    let centre = |c: Coord| {
        let col = c.file - view.files.start();
        let row = view.ranks.end() - c.rank;
        (MARGIN + col * SQ + SQ / 2, top + row * SQ + SQ / 2)
    };
    for (row, rank) in (0_i64..).zip(view.ranks.clone().rev()) {
        let y = top + row * SQ;
        for (col, file) in (0_i64..).zip(view.files.clone()) {
            let x = MARGIN + col * SQ;
            let c = cell(Coord::new(file, rank));
            let dark = ground == Ground::Checkered && (file + rank).rem_euclid(2) == 0;
            promoted |= c.promoted && c.piece.is_some();
            if let Some(colour) = square(ground, &mut board, &mut above, (x, y), dark, &c) {
                sides[colour.index()] = true;
            }
        }
        let _ = writeln!(
            board,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="end">{}</text>"#,
            MARGIN - 6,
            y + SQ / 2 + 4,
            view.rank_label(rank)
        );
    }
    let inside = |c: Coord| view.files.contains(&c.file) && view.ranks.contains(&c.rank);
    let heads = segments(
        &mut board,
        lines.iter().filter(|l| inside(l.from) && inside(l.to)),
        centre,
    );
    board.push_str(&above);
    wrapped_edges(
        &mut board,
        view.wrap,
        (MARGIN, top),
        (MARGIN + w * SQ, top + h * SQ),
    );
    file_labels(&mut board, view, top + h * SQ + 16);
    let note = wrap_note(view.wrap);
    let entries = keys.len()
        + sides.iter().filter(|&&s| s).count()
        + usize::from(promoted)
        + usize::from(note.is_some());
    let legend_top = top + h * SQ + 26;
    let height = legend_top + LINE * count(entries) + 6;
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
    for stroke in heads {
        // An arrowhead whose tip ends a few pixels before the square's centre.
        let _ = writeln!(
            out,
            r#"<defs><marker id="head{}" viewBox="0 0 10 10" refX="14" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{stroke}"/></marker></defs>"#,
            stroke.trim_start_matches('#')
        );
    }
    for (i, line) in (0_i64..).zip(&title_lines) {
        let _ = writeln!(
            out,
            r#"<text x="10" y="{}" font-size="13" font-weight="bold">{}</text>"#,
            LINE * (i + 1),
            escape(line)
        );
    }
    out.push_str(&board);
    legend(
        ground,
        &mut out,
        (keys, lines),
        (sides, promoted),
        legend_top,
        note,
    );
    out.push_str("</svg>\n");
    out
}

/// The file labels under the board, on the line at `y`. O(view files).
fn file_labels(board: &mut String, view: &View, y: i64) {
    for (col, file) in (0_i64..).zip(view.files.clone()) {
        let label = if view.algebraic() {
            Coord::file_name(file)
        } else {
            file.to_string()
        };
        let _ = writeln!(
            board,
            r#"<text x="{}" y="{y}" font-size="12" text-anchor="middle">{}</text>"#,
            MARGIN + col * SQ + SQ / 2,
            escape(&label)
        );
    }
}

/// The `keys` a picture shows: a mark (text) always; a colour only when a square of the view
/// is shaded with it (on a plain ground an unshaded square is white) or a line is drawn in
/// it, so the legend never names a colour the picture does not hold. O(view squares + keys ×
/// colours drawn).
fn drawn_keys(
    ground: Ground,
    view: &View,
    keys: &[Key],
    lines: &[Segment],
    cell: &impl Fn(Coord) -> Cell,
) -> Vec<Key> {
    let mut shades: Vec<&str> = lines.iter().map(|l| l.stroke).collect();
    for rank in view.ranks.clone() {
        for file in view.files.clone() {
            let shade = cell(Coord::new(file, rank))
                .shade
                .or((ground == Ground::Plain).then_some("#ffffff"));
            if let Some(shade) = shade.filter(|s| !shades.contains(s)) {
                shades.push(shade);
            }
        }
    }
    keys.iter()
        .copied()
        .filter(|k| !k.swatch.starts_with('#') || shades.contains(&k.swatch))
        .collect()
}

/// `lines` drawn into `board` between square centres; returns the colours of the arrowheads
/// used (each needs its marker). O(lines).
fn segments<'a>(
    board: &mut String,
    lines: impl Iterator<Item = &'a Segment>,
    centre: impl Fn(Coord) -> (i64, i64),
) -> Vec<&'static str> {
    let mut heads = Vec::new();
    for line in lines {
        let ((x1, y1), (x2, y2)) = (centre(line.from), centre(line.to));
        let head = if line.arrow {
            if !heads.contains(&line.stroke) {
                heads.push(line.stroke);
            }
            format!(
                r#" marker-end="url(#head{})""#,
                line.stroke.trim_start_matches('#')
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            board,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="{}" stroke-linecap="round"{head}/>"#,
            line.stroke, line.width
        );
    }
    heads
}

/// Dashed bars along the edges of the board `(left, top)..(right, bottom)` that wrap.
fn wrapped_edges(out: &mut String, wrap: Wrap, (left, up): (i64, i64), (right, down): (i64, i64)) {
    let mut edges = Vec::new();
    if wrap.files() {
        edges.extend([(left, up, left, down), (right, up, right, down)]);
    }
    if wrap.ranks() {
        edges.extend([(left, up, right, up), (left, down, right, down)]);
    }
    for (x1, y1, x2, y2) in edges {
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{WRAP_STROKE}" stroke-width="4" stroke-dasharray="8 5"/>"#
        );
    }
}

/// One square at `(x, y)`: its colour and shade into `board`, its piece, mark and note into
/// `above` (drawn over lines). Returns the colour of the piece drawn, if any.
fn square(
    ground: Ground,
    board: &mut String,
    above: &mut String,
    (x, y): (i64, i64),
    dark: bool,
    c: &Cell,
) -> Option<Colour> {
    let _ = match ground {
        Ground::Plain => writeln!(
            board,
            r##"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#ffffff" stroke="#c8c8c8"/>"##
        ),
        Ground::Checkered => writeln!(
            board,
            r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{}"/>"#,
            if dark { DARK } else { LIGHT }
        ),
    };
    if let Some(shade) = c.shade {
        let _ = writeln!(
            board,
            r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{shade}"{}/>"#,
            opacity(ground)
        );
    }
    // Text over an opaque shade takes the ink that reads on it.
    let ink = c
        .shade
        .filter(|_| ground == Ground::Plain)
        .map_or("#333333", ink_on);
    if let Some((p, colour)) = c.piece {
        // The disc sits low and right, so a note in the corner never touches it.
        let (cx, cy) = (x + SQ / 2 + 2, y + SQ / 2 + 3);
        let _ = writeln!(above, "{}", disc(cx, cy, colour, p));
        if c.promoted {
            let _ = writeln!(
                above,
                r##"<circle cx="{}" cy="{}" r="7" fill="#cc79a7" stroke="#000000"/><text x="{}" y="{}" font-size="12" font-weight="bold" text-anchor="middle" fill="#000000">+</text>"##,
                cx + 11,
                cy - 10,
                cx + 11,
                cy - 6
            );
        }
        if c.struck {
            let _ = writeln!(
                above,
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#d55e00" stroke-width="3.5" stroke-linecap="round"/>"##,
                cx - 12,
                cy - 12,
                cx + 12,
                cy + 12,
                cx + 12,
                cy - 12,
                cx - 12,
                cy + 12
            );
        }
    } else if let Some(m) = c.mark.filter(|_| c.shade.is_none() || ground == Ground::Plain) {
        let _ = writeln!(
            above,
            r#"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="{ink}">{}</text>"#,
            x + SQ / 2 + 4,
            y + SQ / 2 + 10,
            escape(&m.to_string())
        );
    }
    if let Some(note) = &c.note {
        let _ = writeln!(
            above,
            r#"<text x="{}" y="{}" font-size="12" font-weight="bold" fill="{}">{}</text>"#,
            x + 2,
            y + 12,
            if ink == "#333333" { "#000000" } else { ink },
            escape(note)
        );
    }
    c.piece.map(|(_, colour)| colour)
}

/// The legend below an SVG board: `keys`, then a disc for each piece colour drawn, the
/// promoted badge when one is drawn, then the wrapped edges (a dashed bar and `wrap`, the
/// note) when the board wraps. Each swatch is drawn as its key is drawn on the board, so the
/// legend shows the very colours of the picture: a key whose colour is one of `lines`' is a
/// line; a shade on the checkerboard is laid over a light half and a dark half, as over the
/// squares; a shade on a plain ground is opaque.
fn legend(
    ground: Ground,
    out: &mut String,
    (keys, lines): (&[Key], &[Segment]),
    (sides, promoted): ([bool; 2], bool),
    top: i64,
    wrap: Option<&str>,
) {
    let pieces = [(Colour::White, "a White piece"), (Colour::Black, "a Black piece")];
    let mut y = top;
    for key in keys {
        if lines.iter().any(|l| l.stroke == key.swatch) {
            let _ = writeln!(
                out,
                r#"<line x1="{MARGIN}" y1="{y8}" x2="{}" y2="{y8}" stroke="{}" stroke-width="4"/>"#,
                MARGIN + 12,
                key.swatch,
                y8 = y + 8
            );
        } else if key.swatch.starts_with('#') {
            if ground == Ground::Checkered {
                let _ = writeln!(
                    out,
                    r#"<rect x="{MARGIN}" y="{y2}" width="6" height="12" fill="{LIGHT}"/><rect x="{}" y="{y2}" width="6" height="12" fill="{DARK}"/>"#,
                    MARGIN + 6,
                    y2 = y + 2
                );
            }
            let _ = writeln!(
                out,
                r##"<rect x="{MARGIN}" y="{}" width="12" height="12" fill="{}"{} stroke="#555555"/>"##,
                y + 2,
                key.swatch,
                opacity(ground)
            );
        } else {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="13" text-anchor="middle">{}</text>"#,
                MARGIN + 6,
                y + 12,
                escape(key.swatch)
            );
        }
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="12">{}</text>"#,
            MARGIN + 20,
            y + 12,
            escape(key.label)
        );
        y += LINE;
    }
    for (colour, label) in pieces.into_iter().filter(|(c, _)| sides[c.index()]) {
        let _ = writeln!(
            out,
            "{}",
            disc(MARGIN + 6, y + 8, colour, ' ').replace("r=\"13\"", "r=\"6\"")
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="12">{label}</text>"#,
            MARGIN + 20,
            y + 12
        );
        y += LINE;
    }
    if promoted {
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="6" fill="#cc79a7" stroke="#000000"/><text x="{}" y="{}" font-size="12">a promoted piece (+ in a FEN)</text>"##,
            MARGIN + 6,
            y + 8,
            MARGIN + 20,
            y + 12
        );
        y += LINE;
    }
    if let Some(note) = wrap {
        let _ = writeln!(
            out,
            r#"<line x1="{MARGIN}" y1="{}" x2="{}" y2="{}" stroke="{WRAP_STROKE}" stroke-width="4" stroke-dasharray="8 5"/>"#,
            y + 8,
            MARGIN + 12,
            y + 8
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="12">{}</text>"#,
            MARGIN + 20,
            y + 12,
            escape(note)
        );
    }
}

/// The opacity attribute of a shade: opaque on a plain ground, half over the checkerboard.
fn opacity(ground: Ground) -> &'static str {
    match ground {
        Ground::Plain => "",
        Ground::Checkered => r#" fill-opacity="0.55""#,
    }
}

/// Black or white ink, whichever reads on the CSS colour `#rrggbb` (by its luminance).
fn ink_on(shade: &str) -> &'static str {
    let channel = |i: usize| {
        shade
            .get(i..i + 2)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .unwrap_or(255)
    };
    let luma = 299 * channel(1) + 587 * channel(3) + 114 * channel(5);
    if luma < 128_000 {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// A piece: a disc of its colour with its letter; a wall (`*`): a grey block.
fn disc(cx: i64, cy: i64, colour: Colour, letter: char) -> String {
    if letter == crate::attack::Kind::WALL {
        return format!(
            r##"<rect x="{}" y="{}" width="26" height="26" fill="#6b6b6b" stroke="#000000" stroke-width="1.5"/>"##,
            cx - 13,
            cy - 13
        );
    }
    let (fill, ink) = match colour {
        Colour::White => ("#ffffff", "#000000"),
        Colour::Black => ("#222222", "#ffffff"),
    };
    format!(
        r##"<circle cx="{cx}" cy="{cy}" r="13" fill="{fill}" stroke="#000000" stroke-width="1.5"/><text x="{cx}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"##,
        cy + 6,
        escape(&letter.to_string())
    )
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
            wrap: Wrap::None,
            axes: Axes::Board,
        };
        let cell = |c: Coord| Cell {
            piece: (c == Coord::new(2, 2)).then_some(('N', Colour::Black)),
            mark: (c.rank == 1).then_some('x'),
            shade: (c.rank == 1).then_some("#d62728"),
            ..Cell::default()
        };
        assert_eq!(text(&view, cell), "2  . n .\n1  x x x\n   a b c\n");
        let keys = [Key {
            swatch: "#d62728",
            label: "attacked",
        }];
        let road = Segment {
            from: Coord::new(1, 1),
            to: Coord::new(2, 1),
            stroke: "#555555",
            width: 3,
            arrow: false,
        };
        let off = Segment {
            to: Coord::new(9, 1),
            ..road
        };
        let s = svg(&view, "t<1>", &keys, &[road, off], cell);
        assert_eq!(s.matches("<line ").count(), 1, "lines off the view are left out");
        assert!(!s.contains("marker"), "a road has no arrowhead");
        let arrow = Segment { arrow: true, ..road };
        let s2 = svg(&view, "t", &keys, &[arrow, arrow], cell);
        assert_eq!(
            s2.matches("<marker id=\"head555555\"").count(),
            1,
            "one head per colour"
        );
        assert_eq!(s2.matches("marker-end=\"url(#head555555)\"").count(), 2);
        let struck = svg(&view, "t", &keys, &[], |c| Cell {
            struck: true,
            ..cell(c)
        });
        assert_eq!(
            struck.matches("<path d=\"M").count(),
            1,
            "only the piece is struck through"
        );
        assert!(!s2.contains("promoted"), "no badge keyed when none is drawn");
        let promoted = svg(&view, "t", &keys, &[], |c| Cell {
            promoted: true,
            ..cell(c)
        });
        assert_eq!(
            promoted.matches("fill=\"#cc79a7\"").count(),
            2,
            "the badge and its key"
        );
        assert!(promoted.contains(">a promoted piece (+ in a FEN)</text>"));
        assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(s.contains("<title>t&lt;1&gt;</title>"));
        assert!(s.contains(">t&lt;1&gt;</text>"), "the title is drawn");
        assert!(s.contains(">attacked</text>") && s.contains(">a Black piece</text>"));
        let unshaded = svg(&view, "t", &keys, &[], |c| Cell {
            shade: None,
            ..cell(c)
        });
        assert!(
            !unshaded.contains(">attacked</text>"),
            "a colour no square shows is not keyed"
        );
        assert!(
            !s.contains(">a White piece</text>"),
            "only the colours drawn are keyed"
        );
        assert!(s.trim_end().ends_with("</svg>"));
        assert_eq!(of_variant("Attacks", Some("shogi")), "Attacks in shogi");
        assert_eq!(of_variant("Attacks", None), "Attacks");
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
        let wide = View {
            files: 25..=28,
            ranks: 1..=1,
            wrap: Wrap::None,
            axes: Axes::Board,
        };
        assert!(text(&wide, |_| Cell::default()).ends_with("files 25 to 28\n"));
        let torus = View {
            wrap: Wrap::Both,
            axes: Axes::Board,
            ..view
        };
        assert!(text(&torus, cell).ends_with("   a b c\n(edges wrap: files and ranks (a torus))\n"));
        let s = svg(&torus, "t", &keys, &[], cell);
        assert_eq!(
            s.matches("stroke-dasharray").count(),
            5,
            "four edges and the legend"
        );
        assert!(s.contains("a torus"));
    }
}
