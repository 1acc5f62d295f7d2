//! `chessreach variants`: the known variants, their boards and pieces.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::variant::Variant;
use serde_json::{json, Value};

use crate::output::Format;

/// Arguments of `chessreach variants`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Reads more variants from a Fairy-Stockfish `variants.ini`. A section that does not read
    /// is skipped with a warning on stderr naming the file, line, section and reason (and the
    /// sections inheriting from it); a piece's move Fairy-Stockfish gives none is read as no
    /// move, with a warning. Repeatable.
    #[arg(long, value_name = "FILE")]
    variants: Vec<PathBuf>,

    /// With --variants (or the lab's `variants_ini`): the first warning is an error (exit 1),
    /// and nothing is listed.
    #[arg(long)]
    strict: bool,

    /// Only the variant of this name (with its regions and rules).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,

    /// Output: a text table or JSON (`svg` is not offered here).
    #[arg(long, value_enum, default_value_t)]
    format: Format,

    /// `variants.ini` texts given directly (`chessreach serve`'s `"variants_ini"`), read after
    /// the files.
    #[arg(skip)]
    pub(crate) variants_ini: Vec<String>,
}

fn rules(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    if v.king_moves.0 != "king" {
        out.push(format!("king moves as {} ({})", v.king_moves.0, v.king_moves.1));
    }
    if v.flying_general {
        out.push("flying general".to_owned());
    }
    if v.pieces.iter().any(|p| p.kind == "soldier") && v.soldier_promotion_rank > 1 {
        out.push(format!(
            "soldiers move sideways from rank {}",
            v.soldier_promotion_rank
        ));
    }
    if !v.diagonal_lines.is_empty() {
        out.push(format!("palace diagonals on {} squares", v.diagonal_lines.len()));
    }
    for ((colour, kind), squares) in &v.regions {
        if v.pieces.iter().any(|p| &p.kind == kind) {
            out.push(format!("{colour} {kind} confined to {} squares", squares.len()));
        }
    }
    for (from, to) in &v.promoted {
        out.push(format!("+{from} moves as {to}"));
    }
    if v.pieces.iter().any(|p| p.kind == "pawn") {
        let [white, black] = &v.triple_step_region;
        if !white.is_empty() || !black.is_empty() {
            out.push(format!(
                "triple steps from {} squares (white), {} (black)",
                white.len(),
                black.len()
            ));
        }
    }
    if v.pieces.iter().any(|p| p.kind == "pawn" || p.rule.has_initial()) {
        let [white, black] = &v.double_step_region;
        if !v.double_step {
            out.push("no double step".to_owned());
        } else if white.is_some() || black.is_some() {
            let count = |r: &Option<Vec<_>>| {
                r.as_ref()
                    .map_or("rank 2/7".to_owned(), |s| format!("{} squares", s.len()))
            };
            out.push(format!(
                "double steps from {} (white), {} (black)",
                count(white),
                count(black)
            ));
        }
    }
    out
}

fn json_of(v: &Variant) -> Value {
    let name = |c: &chessreach::geometry::Coord| v.board().name(*c);
    let answer = json!({
        "name": v.name,
        "board": v.board().to_string(),
        "start_fen": v.start_fen,
        "pieces": v.pieces.iter().map(|p| json!({
            "letter": p.letter.to_string(),
            "type": p.kind,
            "betza": p.betza,
            "canonical": p.rule.to_string(),
        })).collect::<Vec<_>>(),
        "king_moves_as": v.king_moves.0,
        "flying_general": v.flying_general,
        "soldier_promotion_rank": v.soldier_promotion_rank,
        "diagonal_lines": v.diagonal_lines.iter().map(name).collect::<Vec<_>>(),
        "regions": v.regions.iter().map(|((c, k), s)| json!({
            "colour": c.to_string(), "type": k, "squares": s.iter().map(name).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "promoted": v.promoted.iter().map(|(f, t)| json!({"from": f, "to": t})).collect::<Vec<_>>(),
        "double_step": v.double_step,
        "double_step_region": {
            "white": v.double_step_region[0].as_ref().map(|s| s.iter().map(name).collect::<Vec<_>>()),
            "black": v.double_step_region[1].as_ref().map(|s| s.iter().map(name).collect::<Vec<_>>()),
        },
        "triple_step_region": {
            "white": v.triple_step_region[0].iter().map(name).collect::<Vec<_>>(),
            "black": v.triple_step_region[1].iter().map(name).collect::<Vec<_>>(),
        },
    });
    crate::output::with_wrap(answer, v.board())
}

pub(crate) fn run(args: &Args, mut out: &mut dyn Write) -> Result<()> {
    let catalogue = crate::position_args::catalogue(&args.variants, &args.variants_ini, args.strict)?;
    let chosen: Vec<&Variant> = match &args.name {
        Some(n) => vec![catalogue.get(n).ok_or_else(|| {
            crate::usage(crate::UsageError(format!(
                "--name: unknown variant `{n}`; `chessreach variants` lists them"
            )))
        })?],
        None => catalogue.variants().collect(),
    };
    match args.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &chosen.iter().map(|v| json_of(v)).collect::<Vec<_>>())?;
            writeln!(out)?;
        }
        Format::Text | Format::Svg => {
            if args.format == Format::Svg {
                return Err(crate::usage(crate::UsageError(
                    "--format svg: `variants` prints text or JSON".to_owned(),
                )));
            }
            for v in chosen {
                let pieces: Vec<String> = v
                    .pieces
                    .iter()
                    .map(|p| format!("{}={}({})", p.letter, p.kind, p.betza))
                    .collect();
                writeln!(
                    out,
                    "{:<18} {:<6} {}",
                    v.name,
                    v.board().label(),
                    pieces.join(" ")
                )?;
                if args.name.is_some() {
                    writeln!(out, "  start: {}", v.start_fen)?;
                    for r in rules(v) {
                        writeln!(out, "  {r}")?;
                    }
                }
            }
        }
    }
    Ok(())
}
