//! `chessreach betza`: one piece's move diagram, its canonical form, and where the two
//! dialects read its text differently.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::{compare_dialects_progress, move_diagram_progress, Comparison};
use chessreach::geometry::{Board, Coord, Rect};
use chessreach::piece::{Colour, Dialect};
use serde_json::json;

use crate::output;

/// Arguments of `chessreach betza`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The piece's Betza text, e.g. `afsW` (the Mao, XBetza) or `fmWfcF` (a pawn).
    text: String,
    /// The dialect the text is read in: `fsf` (Fairy-Stockfish's) or `xbetza`.
    #[arg(long, value_name = "fsf|xbetza", default_value = "fsf")]
    dialect: Dialect,
    /// The board, `FILESxRANKS`.
    #[arg(long, default_value = "8x8", value_parser = parse_rect)]
    board: Rect,
    /// The piece's square (default: the board's middle).
    #[arg(long, value_name = "SQUARE")]
    at: Option<Coord>,
    /// Draw the Black piece (White's rule turned by 180°).
    #[arg(long)]
    black: bool,
    /// Foes on these squares, separated by `/` as `path --may-capture` takes them (`d5/e6`,
    /// `28,2/27,3` on boards over 26 files); letter squares may also be separated by commas
    /// (`d5,e6`).
    #[arg(long, value_name = "SQ/…", value_parser = parse_squares)]
    blockers: Option<Squares>,
    /// Instead of the diagram, the squares where the two dialects' readings differ.
    #[arg(long)]
    compare: bool,
    /// Output: `text`, `json`, or `svg` (the diagram as a picture with a legend; not with
    /// `--compare`).
    #[arg(long, default_value = "text", value_parser = ["text", "json", "svg"])]
    format: String,
}

/// Squares given as one list.
#[derive(Clone, Debug, Default)]
struct Squares(Vec<Coord>);

/// A list of squares: `/` (or white space) between squares; a part that is not one square is
/// read as letter squares separated by commas (`d5,e6`).
fn parse_squares(s: &str) -> Result<Squares, String> {
    let mut out = Vec::new();
    for part in s
        .split(|c: char| c == '/' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        match part.parse::<Coord>() {
            Ok(c) => out.push(c),
            Err(whole) => {
                let listed: Result<Vec<Coord>, _> = part.split(',').map(str::parse).collect();
                out.extend(
                    listed.map_err(|_| {
                        format!("{whole} (squares are separated by `/`: `d5/e6`, `28,2/27,3`)")
                    })?,
                );
            }
        }
    }
    Ok(Squares(out))
}

fn parse_rect(s: &str) -> Result<Rect, String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("expected FILESxRANKS such as `8x8`, found `{s}`"))?;
    let bad = |_| format!("expected FILESxRANKS such as `8x8`, found `{s}`");
    Rect::new(w.trim().parse().map_err(bad)?, h.trim().parse().map_err(bad)?).map_err(|e| e.to_string())
}

/// The piece's square and the blockers' are on the board, each given once, none on the piece.
fn check_squares(board: Rect, at: Coord, blockers: &[Coord]) -> Result<()> {
    let name = |c: Coord| Board::Rect(board).name(c);
    let off =
        |flag: &str, c: Coord| crate::UsageError(format!("{flag}: {c} is off the {board} board")).into();
    if !board.contains(at) {
        return Err(off("--at", at));
    }
    for (i, &b) in blockers.iter().enumerate() {
        if !board.contains(b) {
            return Err(off("--blockers", b));
        }
        if b == at {
            return Err(
                crate::UsageError(format!("--blockers: {} is the piece's square (--at)", name(b))).into(),
            );
        }
        if blockers[..i].contains(&b) {
            return Err(crate::UsageError(format!("--blockers: {} is given twice", name(b))).into());
        }
    }
    Ok(())
}

pub(crate) fn run(args: &Args, mut out: &mut dyn Write) -> Result<()> {
    if args.board.width() > 40 || args.board.height() > 40 {
        return Err(
            crate::UsageError("--board: a move diagram is drawn on boards of at most 40x40".into()).into(),
        );
    }
    let colour = if args.black { Colour::Black } else { Colour::White };
    let at = args.at.unwrap_or_else(|| {
        Coord::new(
            i64::from(args.board.width().div_ceil(2)),
            i64::from(args.board.height().div_ceil(2)),
        )
    });
    let blockers = args.blockers.as_ref().map_or(&[][..], |b| &b.0[..]);
    check_squares(args.board, at, blockers)?;
    // A piece of many legs on a large board walks millions of moves: a bar, and a
    // server's deadline stops it.
    let bar = output::progress_bar(false, 0);
    let update = output::progress_update(&bar);
    if args.compare {
        if args.format == "svg" {
            return Err(crate::UsageError("--format svg draws a diagram: not with --compare".into()).into());
        }
        let found = compare_dialects_progress(&args.text, args.board, at, colour, blockers, Some(&update))
            .map_err(crate::usage)?;
        bar.finish_and_clear();
        let (json, text) = match &found {
            Comparison::Same => (
                json!({"same": true}),
                "the same piece in both dialects".to_owned(),
            ),
            Comparison::Differ(sq) => {
                let list: Vec<String> = sq.iter().map(ToString::to_string).collect();
                (
                    json!({"same": false, "squares": list}),
                    if list.is_empty() {
                        "different rules, the same diagram on this board".to_owned()
                    } else {
                        format!("the dialects differ on: {}", list.join(" "))
                    },
                )
            }
            Comparison::Unreadable { fsf, xbetza } => (
                json!({"fsf_error": fsf, "xbetza_error": xbetza}),
                format!(
                    "fsf: {}\nxbetza: {}",
                    fsf.as_deref().unwrap_or("reads it"),
                    xbetza.as_deref().unwrap_or("reads it")
                ),
            ),
        };
        if args.format == "json" {
            output::write_json(&mut out, &json)?;
        } else {
            writeln!(out, "{text}")?;
        }
        out.flush()?;
        return Ok(());
    }
    let reading = args
        .dialect
        .read(&args.text)
        .map_err(|e| crate::bad_argument("TEXT", e))?;
    let cells = move_diagram_progress(&reading.rule, args.board, at, colour, blockers, Some(&update))
        .map_err(crate::usage)?;
    bar.finish_and_clear();
    let canonical = args.dialect.print(&reading.rule);
    if args.format == "svg" {
        let side = if args.black { "Black" } else { "White" };
        let title = format!("{} ({}): {side} on {at}", args.text, args.dialect);
        out.write_all(chessreach::render::betza_svg(&title, args.board, colour, &cells).as_bytes())?;
    } else if args.format == "json" {
        let squares: serde_json::Map<String, serde_json::Value> = cells
            .iter()
            .map(|(&c, cell)| (Board::Rect(args.board).name(c), json!(cell)))
            .collect();
        let warnings: Vec<String> = reading.warnings.iter().map(|w| w.message.clone()).collect();
        output::write_json(
            &mut out,
            &json!({"canonical": canonical, "dialect": args.dialect.as_str(), "squares": squares, "warnings": warnings}),
        )?;
    } else {
        out.write_all(chessreach::render::betza_text(args.board, colour, &cells).as_bytes())?;
        writeln!(out, "canonical ({}): {canonical}", args.dialect)?;
        for w in &reading.warnings {
            writeln!(out, "warning: {w}")?;
        }
    }
    out.flush()?;
    Ok(())
}
