//! `chessreach roads`: the roads model for people — reach sets per placement, drawn.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::geometry::{Coord, EdgeGrid};
use chessreach::limits::Budget;
use chessreach::problems::roads::parse;
use chessreach::render::{self, Cell, View};
use chessreach::roads::{counts, reach, Piece, Reached};
use serde_json::json;

use crate::output::{self, Format};
use crate::UsageError;

/// Arguments of `chessreach roads`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = chessreach::problems::Problem::Roads.format())]
pub(crate) struct Args {
    /// The roads input (format below, as `solve roads` reads it); stdin when absent.
    file: Option<PathBuf>,

    /// Placements to show, 1-based, comma-separated (e.g. `1,5,9`).
    #[arg(long, value_delimiter = ',', conflicts_with = "all")]
    show: Vec<usize>,

    /// Show every placement.
    #[arg(long)]
    all: bool,

    /// Output: text diagrams, JSON, or an SVG picture (of the first placement shown).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The road characters: horizontal and vertical, by type 0–3.
const H: [char; 4] = [' ', '-', '=', '~'];
const V: [char; 4] = [' ', '|', '"', '$'];

/// The grid as text: intersections marked by how placement `k` reaches them, roads between.
pub(crate) fn text(grid: &EdgeGrid, pieces: &[Piece], k: usize, got: &[Reached]) -> String {
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

/// Placement `k` (1-based) and what it reaches, as an SVG picture.
fn svg(grid: &EdgeGrid, pieces: &[Piece], k: usize, got: &[Reached], total: usize) -> String {
    let cols = grid.cols();
    let mover = pieces[k - 1];
    let rows = grid.rows() as i64;
    let view = View {
        files: 1..=cols as i64,
        ranks: 1..=rows,
    };
    let at = |c: Coord| (rows - c.rank) as usize * cols + (c.file - 1) as usize;
    let others: Vec<Option<u8>> = {
        let mut v = vec![None; grid.len()];
        for p in &pieces[..k - 1] {
            v[p.at] = Some(p.colour);
        }
        v
    };
    let cell = |c: Coord| {
        let i = at(c);
        let r = got[i];
        Cell {
            piece: if i == mover.at {
                Some(('@', chessreach::piece::Colour::White))
            } else {
                others[i].map(|col| (if col == 0 { 'b' } else { 'w' }, chessreach::piece::Colour::Black))
            },
            shade: match (r.capture, r.types) {
                (true, _) => Some("#d62728"),
                (_, 0) => None,
                (_, 2) => Some("#2ca02c"),
                (_, 4) => Some("#1f77b4"),
                (_, 8) => Some("#9467bd"),
                _ => Some("#ff7f0e"),
            },
            note: (r.types != 0).then(|| {
                (1..=3)
                    .filter(|t| r.types >> t & 1 == 1)
                    .map(|t| t.to_string())
                    .collect()
            }),
            mark: None,
        }
    };
    let title =
        format!("Placement {k}: reaches {total} (green 1, blue 2, purple 3, orange several, red capture)");
    render::svg(&view, &title, cell)
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let input = output::read_input(args.file.as_deref())?;
    let (puzzle, error) = parse(&input, budget)?;
    if let Some(e) = error {
        return Err(e.into());
    }
    let (grid, pieces) = (&puzzle.grid, &puzzle.pieces);
    let shown: Vec<usize> = if args.all {
        (1..=pieces.len()).collect()
    } else {
        args.show.clone()
    };
    if shown.is_empty() {
        return Err(UsageError("choose placements with --show 1,5,9 or --all".into()).into());
    }
    if let Some(&bad) = shown.iter().find(|&&k| k == 0 || k > pieces.len()) {
        return Err(UsageError(format!(
            "--show {bad}: placements are numbered 1 to {}",
            pieces.len()
        ))
        .into());
    }
    let fast = counts(grid, pieces)?;
    let mut out = output::stdout();
    let cols = grid.cols();
    let mut report = Vec::new();
    for (n, &k) in shown.iter().enumerate() {
        let mover = pieces[k - 1];
        let got = reach(grid, &pieces[..k - 1], &mover);
        let total = got.iter().filter(|r| r.types != 0).count();
        debug_assert_eq!(total, fast[k - 1] as usize);
        let (row, col) = (mover.at / cols + 1, mover.at % cols + 1);
        match args.format {
            Format::Text => {
                writeln!(
                    out,
                    "placement {k}: colour {} level {} at ({row}, {col}) reaches {total} intersection(s)",
                    mover.colour, mover.level
                )?;
                write!(out, "{}", text(grid, pieces, k - 1, &got))?;
                if n + 1 == shown.len() {
                    writeln!(
                        out,
                        "@ the piece; 1 2 3 reached by that road type, * by several, X captured; b w other pieces (colour 0, 1); \
                         roads - | normal, = \" straight, ~ $ interconnected"
                    )?;
                } else {
                    writeln!(out)?;
                }
            }
            Format::Json => report.push(json!({
                "placement": k,
                "colour": mover.colour,
                "level": mover.level,
                "row": row,
                "column": col,
                "count": total,
                "reached": got.iter().enumerate().filter(|(_, r)| r.types != 0).map(|(cell, r)| json!({
                    "row": cell / cols + 1,
                    "column": cell % cols + 1,
                    "types": (1..=3).filter(|t| r.types >> t & 1 == 1).collect::<Vec<_>>(),
                    "capture": r.capture,
                })).collect::<Vec<_>>(),
            })),
            Format::Svg => {
                out.write_all(svg(grid, pieces, k, &got, total).as_bytes())?;
                break;
            }
        }
    }
    if args.format == Format::Json {
        output::write_json(
            &mut out,
            &json!({"rows": grid.rows(), "columns": cols, "counts": fast, "shown": report}),
        )?;
    }
    out.flush()?;
    Ok(())
}
