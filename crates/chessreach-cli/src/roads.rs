//! `chessreach roads`: the roads model for people — reach sets per placement, drawn.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::limits::Budget;
use chessreach::problems::roads::parse;
use chessreach::render;
use chessreach::roads::{counts, reach};
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

pub(crate) fn run(args: &Args, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let input = output::read_input(args.file.as_deref(), budget.bytes())?;
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
    // Pictures are drawn up to DRAW_LIMIT intersections a side (a 1000x1000 SVG is 227 MB);
    // beyond, text says what each placement reaches and JSON lists it.
    let limit = render::DRAW_LIMIT as usize;
    let drawn = grid.rows() <= limit && grid.cols() <= limit;
    if args.format == Format::Svg && !drawn {
        return Err(UsageError(format!(
            "--format svg: {} {}x{} grid is too large to draw (at most {limit}x{limit}); --format json lists the reach",
            chessreach::geometry::article(&grid.rows().to_string()),
            grid.rows(),
            grid.cols()
        ))
        .into());
    }
    let fast = counts(grid, pieces)?;
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
                    "placement {k}: colour {} level {} at ({row}, {col}) reaches {}",
                    mover.colour,
                    mover.level,
                    chessreach::geometry::counted(total, "intersection", "intersections")
                )?;
                if !drawn {
                    writeln!(
                        out,
                        "({} {}x{cols} grid is not drawn: at most {limit}x{limit}; --format json lists the reach)",
                        chessreach::geometry::article(&grid.rows().to_string()),
                        grid.rows()
                    )?;
                    continue;
                }
                write!(out, "{}", render::roads_text(grid, pieces, k - 1, &got))?;
                if n + 1 == shown.len() {
                    writeln!(out, "{}", render::ROADS_LEGEND)?;
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
                out.write_all(render::roads_svg(grid, pieces, k - 1, &got).as_bytes())?;
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
