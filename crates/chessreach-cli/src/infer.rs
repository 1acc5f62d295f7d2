//! `chessreach infer`: the movement rule behind an attack diagram.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::geometry::Coord;
use chessreach::infer::{infer_within, Diagram, Inference, Mark};
use chessreach::limits::Budget;
use chessreach::piece::Colour;
use chessreach::problems::weird_chess::parse_diagram;
use chessreach::render::{self, Cell, View};
use serde_json::json;

use crate::output::{self, Format};

/// Arguments of `chessreach infer`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The diagram: rows of `o` (piece), `x` (attacked), `.` (safe), optionally after a line
    /// with the size (the weird-chess format). Read from stdin when absent.
    file: Option<PathBuf>,

    /// Output: text, JSON, or an SVG picture (the rule, or the unexplained squares).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let text = output::read_input(args.file.as_deref())?;
    let d = parse_diagram(&text, false)?;
    let found = infer_within(&d, budget)?;
    let mut out = output::stdout();
    match args.format {
        Format::Json => json_out(&d, &found, &mut out)?,
        Format::Svg => svg_out(&d, &found, &mut out)?,
        Format::Text => text_out(&d, &found, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn name_line(found: &Inference) -> String {
    match found.offsets.betza() {
        Some(name) => format!("Betza: {name}"),
        None if found.offsets.is_empty() => "Betza: none (the rule has no move)".into(),
        None => format!(
            "Betza: no short exact name ({} offsets); the diagram above is the rule",
            found.offsets.len()
        ),
    }
}

fn simplest_line(found: &Inference) -> String {
    match found.simplest_name() {
        Some(name) => format!(
            "Simplest rule found that draws the same diagram: {name} ({} of the offsets above can be used by some piece here; the rest are free to take or leave)",
            found.usable.len()
        ),
        None => "No short rule name draws the same diagram.".into(),
    }
}

fn text_out(d: &Diagram, found: &Inference, out: &mut impl Write) -> Result<()> {
    if found.unexplained.is_empty() {
        writeln!(
            out,
            "YES: the largest rule that explains the diagram (o the piece, x where it may go):"
        )?;
        out.write_all(found.offsets.diagram().as_bytes())?;
        writeln!(out, "{}", name_line(found))?;
        writeln!(out, "{}", simplest_line(found))?;
    } else {
        writeln!(
            out,
            "NO: {} attacked square(s) (!) are out of reach of every rule that keeps off the safe squares:",
            found.unexplained.len()
        )?;
        for r in 0..d.height() {
            let line: String = (0..d.width())
                .map(|c| {
                    if found.unexplained.binary_search(&(r, c)).is_ok() {
                        '!'
                    } else {
                        d.mark(r, c).char()
                    }
                })
                .collect();
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

fn json_out(d: &Diagram, found: &Inference, out: &mut impl Write) -> Result<()> {
    output::write_json(
        out,
        &json!({
            "width": d.width(),
            "height": d.height(),
            "consistent": found.unexplained.is_empty(),
            "offsets": found.offsets.iter().map(|(dx, dy)| [dx, dy]).collect::<Vec<_>>(),
            "betza": found.offsets.betza(),
            "simplest_betza": found.simplest_name(),
            "usable_offsets": found.usable.iter().map(|(dx, dy)| [dx, dy]).collect::<Vec<_>>(),
            "rule_diagram": found.offsets.diagram(),
            "unexplained": found.unexplained.iter().map(|&(r, c)| json!({"row": r + 1, "column": c + 1})).collect::<Vec<_>>(),
        }),
    )
}

fn svg_out(d: &Diagram, found: &Inference, out: &mut impl Write) -> Result<()> {
    // Rows are drawn top first: row r of a picture of height h is rank h - r.
    if found.unexplained.is_empty() {
        let (w, h) = (d.width() as i64, d.height() as i64);
        let view = View {
            files: 1..=2 * w - 1,
            ranks: 1..=2 * h - 1,
        };
        let cell = |c: Coord| {
            let (dx, dy) = (c.file - w, c.rank - h);
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
        let title = format!("Inferred rule: {}. {}", name_line(found), simplest_line(found));
        out.write_all(render::svg(&view, &title, cell).as_bytes())?;
    } else {
        let (w, h) = (d.width() as i64, d.height() as i64);
        let view = View {
            files: 1..=w,
            ranks: 1..=h,
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
        out.write_all(render::svg(&view, "No rule explains the squares marked !", cell).as_bytes())?;
    }
    Ok(())
}
