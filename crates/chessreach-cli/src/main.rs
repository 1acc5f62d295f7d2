//! `chessreach`: movement questions on chess-like boards, from the command line.
//!
//! parse → config → run → `ExitCode`: 0 success, 2 usage error (bad arguments), 1 bad input
//! or failure; messages with their cause chain on stderr; a closed pipe exits quietly.

mod attacks;
mod demo;
mod duel;
mod endgame;
mod infer;
mod output;
mod path;
mod position_args;
mod roads;
mod solve;
mod variants;

use std::io;
use std::process::ExitCode;

use chessreach::limits::Budget;
use clap::{Parser, Subcommand};

/// Movement questions on chess-like boards: attack maps, safe routes, duels, rule
/// inference and typed-road reach.
#[derive(Debug, Parser)]
#[command(name = "chessreach", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,

    /// Memory budget for the large tables a command builds (solver states, boards), e.g. `8G`,
    /// `512M`, `1.5GB`, `2Gi`; a request beyond it is refused with the size it needs. Default:
    /// half of this machine's memory (4.3 GB where that is unknown).
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_memory)]
    max_memory: Option<u64>,
}

fn parse_memory(s: &str) -> Result<u64, String> {
    chessreach::limits::parse_bytes(s)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("expected a size such as `8G`, `512M` or `1000000`, found `{s}`"))
}

/// The budget: `--max-memory`, else half of the physical memory (`/proc/meminfo`).
fn budget(given: Option<u64>) -> Budget {
    given
        .or_else(|| physical_memory().map(|b| b / 2))
        .map_or_else(Budget::default, Budget::new)
}

fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a classic problem: its original input on stdin (or --input), its exact output on stdout.
    Solve(solve::Args),
    /// Attack map of a position: which squares each side attacks (text, SVG or JSON).
    Attacks(attacks::Args),
    /// Shortest safe route of a mover (any Betza piece, on bounded boards and strips).
    Path(path::Args),
    /// Duels between two pieces: solve every start, judge a program, play, prove knightmare's strategy.
    Duel(duel::Args),
    /// Royal endgames (3 and 4 pieces, any pieces and board): solve, probe a FEN, mating potential.
    Endgame(endgame::Args),
    /// The movement rule behind an attack diagram, as a diagram and in Betza notation.
    Infer(infer::Args),
    /// Reach on a grid of typed roads, placement by placement, drawn.
    Roads(roads::Args),
    /// Every capability on bundled examples, with pictures.
    Demo(demo::Args),
    /// The known variants (built in, and from --variants FILE): boards, pieces, rules.
    Variants(variants::Args),
}

/// An error in the arguments (as opposed to the input data): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub(crate) String);

/// A library error caused by the arguments: exit status 2, its message and source chain kept.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub(crate) struct Usage(Box<dyn std::error::Error + Send + Sync>);

/// A typed library error about one argument: shown as `ARG: error`, exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{arg}")]
pub(crate) struct BadArgument {
    /// The argument (`--fen`).
    pub(crate) arg: &'static str,
    /// What is wrong with it.
    #[source]
    pub(crate) source: Box<dyn std::error::Error + Send + Sync>,
}

/// A usage error about `arg`, keeping the typed error as its source.
pub(crate) fn bad_argument(
    arg: &'static str,
    e: impl std::error::Error + Send + Sync + 'static,
) -> anyhow::Error {
    usage(BadArgument {
        arg,
        source: Box::new(e),
    })
}

/// Marks a typed error from the library as a usage error (exit 2), keeping its chain.
pub(crate) fn usage(e: impl std::error::Error + Send + Sync + 'static) -> anyhow::Error {
    anyhow::Error::new(Usage(Box::new(e)))
}

/// mimalloc: the route engines make millions of small allocations and touch much fresh memory,
/// which it serves with far fewer page faults than the system allocator (ARCHITECTURE.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let budget = budget(cli.max_memory);
    let result = match cli.command {
        Command::Solve(a) => solve::run(&a, budget),
        Command::Attacks(a) => attacks::run(&a, budget),
        Command::Path(a) => path::run(&a, budget),
        Command::Infer(a) => infer::run(&a, budget),
        Command::Duel(a) => duel::run(&a, budget),
        Command::Endgame(a) => endgame::run(&a, budget),
        Command::Roads(a) => roads::run(&a, budget),
        Command::Demo(a) => demo::run(&a),
        Command::Variants(a) => variants::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let usage = e.downcast_ref::<UsageError>().is_some() || e.downcast_ref::<Usage>().is_some();
            eprint!("error: {e}");
            for cause in e.chain().skip(1) {
                eprint!(": {cause}");
            }
            eprintln!();
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

/// A closed output pipe (`| head`), however deep in the chain it sits: an `io::Error`, or
/// one inside a JSON writer's error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        let kind = c
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            .or_else(|| {
                c.downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            })
            .or_else(|| match c.downcast_ref::<chessreach::problems::SolveError>() {
                Some(chessreach::problems::SolveError::Io(io)) => Some(io.kind()),
                _ => None,
            });
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
