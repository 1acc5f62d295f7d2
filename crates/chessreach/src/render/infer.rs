//! Pictures of inferred rules: the rule as a diagram around its piece, or the attacked squares
//! no rule explains.

use std::fmt::Write as _;

use super::{Cell, Key, View, ViewError};
use crate::geometry::Coord;
use crate::infer::{Diagram, Inference, Mark};
use crate::piece::Colour;

/// The rule's Betza name, in words: `Betza: N`, or why there is none.
#[must_use]
pub fn betza_line(found: &Inference) -> String {
    match found.offsets.betza() {
        Some(name) => format!("Betza: {name}"),
        None if found.offsets.is_empty() => "Betza: none (the rule has no move)".into(),
        None => format!(
            "Betza: no short exact name ({} offsets); the diagram above is the rule",
            found.offsets.len()
        ),
    }
}

/// The simplest rule that draws the same diagram, in words.
#[must_use]
pub fn simplest_line(found: &Inference) -> String {
    simplest_line_named(found, found.simplest_name())
}

/// [`simplest_line`] of a name already found ([`Inference::simplest_name`]).
#[must_use]
pub fn simplest_line_named(found: &Inference, name: Option<String>) -> String {
    match name {
        Some(name) if name.is_empty() => {
            "Simplest rule found that draws the same diagram: the empty rule (no move: nothing is attacked)".into()
        }
        Some(name) => format!(
            "Simplest rule found that draws the same diagram: {name} ({} of the offsets above can be used by some piece here; the rest are free to take or leave)",
            found.usable.len()
        ),
        None => "No short rule name draws the same diagram.".into(),
    }
}

/// The answer in text: `YES`, the rule's diagram and its names, or `NO` and the diagram with
/// the unexplained squares marked `!`. O(diagram).
#[must_use]
pub fn inference_text(d: &Diagram, found: &Inference) -> String {
    inference_text_named(d, found, || found.simplest_name())
}

/// [`inference_text`], the simplest name found by `name` when it is asked for (a caller's
/// [`Inference::simplest_name_progress`]). O(diagram) besides `name`.
#[must_use]
pub fn inference_text_named(d: &Diagram, found: &Inference, name: impl FnOnce() -> Option<String>) -> String {
    let mut out = String::new();
    if found.unexplained.is_empty() {
        out.push_str("YES: the largest rule that explains the diagram (o the piece, x where it may go):\n");
        out.push_str(&found.offsets.diagram());
        let _ = writeln!(out, "{}", betza_line(found));
        let _ = writeln!(out, "{}", simplest_line_named(found, name()));
    } else {
        let _ = writeln!(
            out,
            "NO: {} (!) {} out of reach of every rule that keeps off the safe squares:",
            crate::geometry::counted(found.unexplained.len(), "attacked square", "attacked squares"),
            if found.unexplained.len() == 1 { "is" } else { "are" }
        );
        for r in 0..d.height() {
            out.extend((0..d.width()).map(|c| {
                if found.unexplained.binary_search(&(r, c)).is_ok() {
                    '!'
                } else {
                    d.mark(r, c).char()
                }
            }));
            out.push('\n');
        }
    }
    out
}

/// The answer as SVG: the rule drawn around its piece, or the diagram with the unexplained
/// squares marked. O(diagram).
///
/// # Errors
///
/// [`ViewError::DiagramTooLarge`] when the picture would be wider or taller than
/// [`DRAW_LIMIT`](super::DRAW_LIMIT) squares (the rule's picture is twice the diagram).
pub fn inference_svg(d: &Diagram, found: &Inference) -> Result<String, ViewError> {
    let scale = if found.unexplained.is_empty() { 2 } else { 1 };
    let limit = usize::try_from(super::DRAW_LIMIT).unwrap_or(usize::MAX);
    if d.width() * scale > limit + 1 || d.height() * scale > limit + 1 {
        return Err(ViewError::DiagramTooLarge {
            width: d.width(),
            height: d.height(),
        });
    }
    Ok(draw(d, found))
}

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "pictures are drawn of budget-costed diagrams, whose sides and rows convert exactly between usize and i64"
)]
fn draw(d: &Diagram, found: &Inference) -> String {
    // Rows are drawn top first: row r of a picture of height h is rank h - r.
    if found.unexplained.is_empty() {
        let (w, h) = (d.width() as i64, d.height() as i64);
        // Squares are offsets from the piece, so the axes read -n..n around it.
        let view = View {
            files: 1 - w..=w - 1,
            ranks: 1 - h..=h - 1,
            wrap: crate::geometry::Wrap::None,
            axes: super::Axes::Board,
        };
        let cell = |c: Coord| {
            let (dx, dy) = (c.file, c.rank);
            if (dx, dy) == (0, 0) {
                Cell {
                    piece: Some(('o', Colour::White)),
                    ..Cell::default()
                }
            } else if found.offsets.contains(dx, dy) {
                Cell {
                    mark: Some('x'),
                    shade: Some("#d62728"),
                    ..Cell::default()
                }
            } else {
                Cell::default()
            }
        };
        let title = format!(
            "Inferred rule: {}. {} — axes: offsets from the piece o (across, up)",
            betza_line(found),
            simplest_line(found)
        );
        let keys = [Key {
            swatch: "#d62728",
            label: "an offset of the rule: where the piece in the centre attacks",
        }];
        super::svg(&view, &title, &keys, &[], cell)
    } else {
        let (w, h) = (d.width() as i64, d.height() as i64);
        let view = View {
            files: 1..=w,
            ranks: 1..=h,
            wrap: crate::geometry::Wrap::None,
            axes: super::Axes::Board,
        };
        let cell = |c: Coord| {
            let (r, col) = ((h - c.rank) as usize, (c.file - 1) as usize);
            match d.mark(r, col) {
                Mark::Piece => Cell {
                    piece: Some(('o', Colour::White)),
                    ..Cell::default()
                },
                Mark::Attacked if found.unexplained.binary_search(&(r, col)).is_ok() => Cell {
                    mark: Some('!'),
                    shade: Some("#ff7f0e"),
                    note: Some("?".into()),
                    ..Cell::default()
                },
                Mark::Attacked => Cell {
                    mark: Some('x'),
                    shade: Some("#d62728"),
                    ..Cell::default()
                },
                Mark::Safe => Cell::default(),
            }
        };
        let keys = [
            Key {
                swatch: "#d62728",
                label: "attacked, explained",
            },
            Key {
                swatch: "#ff7f0e",
                label: "attacked, but no rule reaches it without also reaching a safe square",
            },
        ];
        super::svg(
            &view,
            "No rule explains the squares marked in orange",
            &keys,
            &[],
            cell,
        )
    }
}
