//! `chessreach endgame`: royal endgames solved exactly, one position probed, mating potential.
//!
//! The rules, the solver and the tables live in `chessreach::endgame`; this file parses
//! arguments, shows progress and prints.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::Symbols;
use chessreach::endgame::{potential, EndgameError, Material, Probe, Rules, Stalemate, Summary, Tablebase};
use chessreach::geometry::{counted, Rect, Wrap};
use chessreach::limits::Budget;
use chessreach::piece::Dialect;
use serde_json::json;

use crate::output::{self, Format};

/// Arguments of `chessreach endgame`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = RULES)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Sub,
}

const RULES: &str = "\
Rules: one royal piece a side (K unless --royal), any other pieces (K Q R B N P, more with
--define X=BETZA), two to four pieces in all. A position is legal when the side not to move is
not in check; a move is legal when afterwards the mover's royal is not attacked; captures of
non-royal pieces take them out (the smaller endgame is solved first); no legal move: checkmate
(in check, a loss) or stalemate (a draw; --stalemate loss makes it a loss); bare royals draw. No
promotion, castling or en passant. Plies count to mate, the mating move included, the winner
hurrying and the loser delaying, through captures. Materials: `KQvK`, `KBNvK` (letters in any
order), `KQvKR`. With --wrap the board is a cylinder or a torus.";

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Solve every position of a material: counts, the longest mate and its line.
    Solve(SolveArgs),
    /// One position (FEN): its result, plies to mate, best move and line.
    Probe(ProbeArgs),
    /// The mating-potential table: which pieces force mate with their king on which boards.
    Potential(PotentialArgs),
}

/// The board and the rules every subcommand shares.
#[derive(Debug, Clone, clap::Args)]
struct Common {
    /// Board size `FILESxRANKS`.
    #[arg(long, value_parser = parse_rect, default_value = "8x8")]
    board: Rect,
    /// Wrapped edges: `files` (a cylinder), `ranks`, `both` (a torus) or `none`.
    #[arg(long, value_name = "EDGES")]
    wrap: Option<Wrap>,
    /// A piece letter's rule, `X=BETZA` (repeatable): `A=BN`, `C=RN`, `M=K` (a non-royal king).
    #[arg(long = "define", value_name = "X=BETZA")]
    defines: Vec<String>,
    /// The Betza dialect of --define: `fsf` (Fairy-Stockfish's) or `xbetza` (XBoard's).
    /// Multi-leg XBetza moves (`afsW`) are refused by name: the retrograde generator walks
    /// leaps, rides and lame leaps.
    #[arg(long, value_name = "fsf|xbetza", default_value = "fsf")]
    dialect: Dialect,
    /// The royal letter.
    #[arg(long, default_value = "K", value_parser = parse_letter)]
    royal: char,
    /// What stalemate is for the stalemated side.
    #[arg(long, value_enum, default_value_t = StalemateArg::Draw)]
    stalemate: StalemateArg,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum StalemateArg {
    /// A draw (orthodox chess).
    Draw,
    /// A loss.
    Loss,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    #[command(flatten)]
    common: Common,
    /// The pieces: `KQvK`, `KBNvK`, `KQvKR` (White's, `v`, Black's).
    #[arg(long)]
    material: String,
    /// Output: text (a summary) or json (with --fen, each square of the lone royal).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// A placement whose lone royal (Black's) is moved over every free square: with json, each
    /// square's result and plies (`placement.squares`, null where illegal).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
}

#[derive(Debug, clap::Args)]
struct ProbeArgs {
    #[command(flatten)]
    common: Common,
    /// The pieces: `KQvK`, `KBNvK`, `KQvKR`.
    #[arg(long)]
    material: String,
    /// The position: ranks from the top, side to move `w`/`b` after a space (White if absent).
    #[arg(long)]
    fen: String,
    /// Output: text or json.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct PotentialArgs {
    #[command(flatten)]
    common: Common,
    /// The pieces, comma-separated letters: `N,B,R,Q`.
    #[arg(long, value_delimiter = ',', value_parser = parse_letter, default_value = "Q,R,B,N")]
    pieces: Vec<char>,
    /// Boards, comma-separated: `8x8,10x10`.
    #[arg(long, value_delimiter = ',', value_parser = parse_rect, default_value = "8x8")]
    boards: Vec<Rect>,
    /// Output: text or json.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

fn parse_rect(s: &str) -> Result<Rect, String> {
    let bad = || format!("expected FILESxRANKS such as `8x8`, found `{s}`");
    let (f, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let f: u64 = f.trim().parse().map_err(|_| bad())?;
    let r: u64 = r.trim().parse().map_err(|_| bad())?;
    Rect::new(f, r).map_err(|e| e.to_string())
}

fn parse_letter(s: &str) -> Result<char, String> {
    let mut c = s.trim().chars();
    match (c.next(), c.next()) {
        (Some(l), None) if l.is_ascii_alphabetic() => Ok(l.to_ascii_uppercase()),
        _ => Err(format!("expected one piece letter, found `{s}`")),
    }
}

impl Common {
    fn rules(&self, rect: Rect) -> Result<Rules> {
        let mut symbols = Symbols::default();
        symbols.set_dialect(self.dialect);
        for d in &self.defines {
            symbols
                .define(d)
                .map_err(|e| crate::bad_argument("--define", e))?;
        }
        Ok(Rules {
            rect: rect.with_wrap(self.wrap.unwrap_or_default()),
            symbols,
            royal: self.royal,
            stalemate: match self.stalemate {
                StalemateArg::Draw => Stalemate::Draw,
                StalemateArg::Loss => Stalemate::Loss,
            },
        })
    }
}

pub(crate) fn run(args: &Args, budget: Budget, out: &mut dyn Write) -> Result<()> {
    // Refused before any table is solved (a solve takes seconds): no endgame answer is drawn.
    let (format, sub) = match &args.command {
        Sub::Solve(a) => (a.format, "solve"),
        Sub::Probe(a) => (a.format, "probe"),
        Sub::Potential(a) => (a.format, "potential"),
    };
    if format == Format::Svg {
        return Err(no_svg(sub));
    }
    if let Sub::Solve(SolveArgs {
        fen: Some(_),
        format: Format::Text,
        ..
    }) = &args.command
    {
        return Err(crate::UsageError(
            "--fen: the lone royal's squares are listed in JSON: add --format json".into(),
        )
        .into());
    }
    match &args.command {
        Sub::Solve(a) => solve(a, budget, out),
        Sub::Probe(a) => probe(a, budget, out),
        Sub::Potential(a) => potential_table(a, budget, out),
    }
}

impl Args {
    /// No progress bar (the server's requests draw none).
    pub(crate) fn quiet(&mut self) {
        match &mut self.command {
            Sub::Solve(a) => a.common.quiet = true,
            Sub::Probe(a) => a.common.quiet = true,
            Sub::Potential(a) => a.common.quiet = true,
        }
    }
}

/// `--format svg` refused: endgame answers are text or JSON.
fn no_svg(sub: &str) -> anyhow::Error {
    crate::UsageError(format!(
        "--format: endgame {sub} answers in text or json, not svg"
    ))
    .into()
}

/// Solves with a progress bar, refusals as usage errors (the arguments asked for them). A
/// `fen` (`probe`, or `solve --fen` when `placement`: an illegal one is fine) is checked
/// first, before anything is solved.
fn solve_base(
    common: &Common,
    material: &str,
    fen: Option<(&str, bool)>,
    budget: Budget,
) -> Result<Tablebase> {
    let rules = common.rules(common.board)?;
    let material =
        Material::parse(material, common.royal).map_err(|e| crate::bad_argument("--material", e))?;
    if let Some((fen, placement)) = fen {
        match Tablebase::check_fen(&rules, &material, fen) {
            Ok(()) => {}
            Err(EndgameError::Illegal) if placement => {}
            Err(e) if e.is_about_fen() => return Err(crate::bad_argument("--fen", e)),
            Err(e) => return Err(crate::usage(e)),
        }
    }
    let bar = output::progress_bar(common.quiet, 0);
    let update = output::progress_update(&bar);
    let base = Tablebase::solve(&rules, &material, budget, Some(&update));
    bar.finish_and_clear();
    base.map_err(crate::usage)
}

fn summary_json(s: &Summary) -> serde_json::Value {
    json!({
        "positions": s.positions,
        "white": s.white,
        "black": s.black,
        "draw": s.draw,
        "longest": s.longest.as_ref().map(|l| json!({
            "plies": l.plies,
            "winner": l.winner.to_string().to_lowercase(),
            "fen": l.fen,
            "line": l.line,
        })),
    })
}

fn board_label(rules: &Rules) -> String {
    rules.rect.label()
}

fn solve(a: &SolveArgs, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let base = solve_base(
        &a.common,
        &a.material,
        a.fen.as_deref().map(|f| (f, true)),
        budget,
    )?;
    let [white, black] = base.summary();
    match a.format {
        Format::Json => {
            let mut answer = json!({
                "board": board_label(base.rules()),
                "material": base.material().to_string(),
                "stalemate": base.rules().stalemate.as_str(),
                "white_to_move": summary_json(&white),
                "black_to_move": summary_json(&black),
            });
            if let Some(fen) = &a.fen {
                answer["placement"] = placement_json(&base, fen)?;
            }
            output::write_json(&mut out, &answer)?;
        }
        Format::Text => {
            writeln!(
                out,
                "{} on {} (stalemate: {})",
                base.material(),
                board_label(base.rules()),
                base.rules().stalemate.as_str()
            )?;
            for (side, s) in [("White", &white), ("Black", &black)] {
                writeln!(
                    out,
                    "{side} to move: {}: White wins {}, Black wins {}, draws {}",
                    counted(s.positions, "position", "positions"),
                    s.white,
                    s.black,
                    s.draw
                )?;
                match &s.longest {
                    // Every decisive position is already over: the side to move has no move.
                    Some(l) if l.plies == 0 => writeln!(
                        out,
                        "  longest: none to play; {} wins at once where {} has no legal move, e.g. {}",
                        l.winner,
                        l.winner.opponent(),
                        l.fen
                    )?,
                    Some(l) => writeln!(
                        out,
                        "  longest: {} mates in {} from {}\n  line: {}",
                        l.winner,
                        counted(l.plies, "ply", "plies"),
                        l.fen,
                        l.line.join(" ")
                    )?,
                    None => writeln!(out, "  longest: none (no decisive position)")?,
                }
            }
        }
        Format::Svg => return Err(no_svg("solve")),
    }
    out.flush()?;
    Ok(())
}

/// `--fen`'s placement with Black's royal on each free square: `{"fen", "squares": {"e4":
/// {"result", "plies"} or null (illegal)}}`.
fn placement_json(base: &Tablebase, fen: &str) -> Result<serde_json::Value> {
    let map = base
        .royal_squares(fen)
        .map_err(|e| crate::bad_argument("--fen", e))?;
    let squares: serde_json::Map<String, serde_json::Value> = map
        .iter()
        .map(|(c, p)| {
            let value = p.as_ref().map_or(
                serde_json::Value::Null,
                |p| json!({"result": result_name(p.winner), "plies": p.plies}),
            );
            (c.to_string(), value)
        })
        .collect();
    Ok(json!({"fen": fen, "squares": squares}))
}

/// `white`, `black` or `draw`.
fn result_name(winner: Option<chessreach::piece::Colour>) -> String {
    winner.map_or("draw".to_owned(), |w| w.to_string().to_lowercase())
}

fn probe_json(p: &Probe) -> serde_json::Value {
    json!({
        "result": result_name(p.winner),
        "plies": p.plies,
        "best": p.best,
        "line": p.line,
    })
}

fn probe(a: &ProbeArgs, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let base = solve_base(&a.common, &a.material, Some((&a.fen, false)), budget)?;
    let p = base.probe(&a.fen).map_err(|e| crate::bad_argument("--fen", e))?;
    match a.format {
        Format::Json => output::write_json(&mut out, &probe_json(&p))?,
        Format::Text | Format::Svg => {
            match (p.winner, p.plies) {
                (Some(w), Some(0)) => writeln!(out, "{w} wins: {} has no legal move", w.opponent())?,
                (Some(w), Some(n)) => writeln!(out, "{w} mates in {}", counted(n, "ply", "plies"))?,
                _ => writeln!(out, "draw")?,
            }
            if let Some(b) = &p.best {
                writeln!(out, "best move: {b}")?;
            }
            if !p.line.is_empty() {
                writeln!(out, "line: {}", p.line.join(" "))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn potential_table(a: &PotentialArgs, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let mut rows = Vec::new();
    let bar = output::progress_bar(a.common.quiet, 0);
    let update = output::progress_update(&bar);
    // The rows solved before a refusal (a board over the budget) are still written, then the
    // refusal is the error.
    let mut failed = None;
    'boards: for &rect in &a.boards {
        let rules = a.common.rules(rect)?;
        for &letter in &a.pieces {
            match potential(&rules, letter, budget, Some(&update)) {
                Ok(p) => rows.push((rules.rect.label(), p)),
                Err(e) => {
                    failed = Some(crate::usage(e));
                    break 'boards;
                }
            }
        }
    }
    bar.finish_and_clear();
    if rows.is_empty() {
        if let Some(e) = failed {
            return Err(e);
        }
    }
    match a.format {
        Format::Json => {
            let v: Vec<_> = rows
                .iter()
                .map(|(board, p)| {
                    json!({
                        "board": board,
                        "piece": p.letter.to_string(),
                        "betza": p.betza,
                        "forces_mate": p.forces_mate,
                        "longest": p.longest,
                        "positions": p.positions,
                        "won": p.won,
                    })
                })
                .collect();
            output::write_json(&mut out, &serde_json::Value::Array(v))?;
        }
        Format::Text | Format::Svg => {
            writeln!(
                out,
                "{:<10} {:<6} {:<10} {:<7} {:>8}",
                "board", "piece", "betza", "mates", "longest"
            )?;
            for (board, p) in &rows {
                writeln!(
                    out,
                    "{:<10} {:<6} {:<10} {:<7} {:>8}",
                    board,
                    p.letter,
                    p.betza,
                    if p.forces_mate { "yes" } else { "no" },
                    p.longest.map_or_else(|| "-".to_owned(), |l| l.to_string())
                )?;
            }
            if rows.iter().any(|(_, p)| p.longest.is_none()) {
                writeln!(out, "longest -: no position with White to move is won by White")?;
            }
        }
    }
    out.flush()?;
    failed.map_or(Ok(()), Err)
}
