//! `chessreach infer`: the movement rule behind an attack diagram.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::infer::{infer_within_progress, Diagram, Inference};
use chessreach::limits::Budget;
use chessreach::problems::weird_chess::parse_diagram;
use chessreach::render;
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

    /// The diagram's text given directly (`chessreach serve`'s `"diagram"`), read instead of
    /// the file or stdin.
    #[arg(skip)]
    pub(crate) diagram: Option<String>,
}

pub(crate) fn run(args: &Args, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let text = match &args.diagram {
        Some(text) => text.clone(),
        None => output::read_input(args.file.as_deref(), budget.bytes())?,
    };
    let d = parse_diagram(&text, false)?;
    let bar = output::progress_bar(false, 0);
    let update = output::progress_update(&bar);
    let found = infer_within_progress(&d, budget, Some(&update))?;
    bar.finish_and_clear();
    match args.format {
        Format::Json => json_out(&d, &found, &mut out)?,
        Format::Svg => out.write_all(render::inference_svg(&d, &found)?.as_bytes())?,
        Format::Text => out.write_all(render::inference_text(&d, &found).as_bytes())?,
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
