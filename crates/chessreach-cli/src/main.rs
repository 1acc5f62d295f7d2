//! `chessreach`: movement questions on chess-like boards, from the command line.
//!
//! parse → config → run → `ExitCode`: 0 success, 2 usage error (bad arguments), 1 bad input
//! or failure; messages with their cause chain on stderr; a closed pipe exits quietly.

mod attacks;
mod demo;
mod duel;
mod infer;
mod output;
mod path;
mod position_args;
mod roads;
mod solve;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Movement questions on chess-like boards: attack maps, safe routes, knight duels, rule
/// inference and typed-road reach.
#[derive(Debug, Parser)]
#[command(name = "chessreach", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve a classic problem: its original input on stdin (or --input), its exact output on stdout.
    Solve(solve::Args),
    /// Attack map of a position: which squares each side attacks (text, SVG or JSON).
    Attacks(attacks::Args),
    /// Shortest safe route of a mover (any Betza piece on bounded boards, a king on strips).
    Path(path::Args),
    /// Two-knight duels: judge a program, prove the strategy, or play against it.
    Duel(duel::Args),
    /// The movement rule behind an attack diagram, as a diagram and in Betza notation.
    Infer(infer::Args),
    /// Reach on a grid of typed roads, placement by placement, drawn.
    Roads(roads::Args),
    /// Every capability on bundled examples, with pictures.
    Demo(demo::Args),
}

/// An error in the arguments (as opposed to the input data): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub(crate) String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(a) => solve::run(&a),
        Command::Attacks(a) => attacks::run(&a),
        Command::Path(a) => path::run(&a),
        Command::Infer(a) => infer::run(&a),
        Command::Duel(a) => duel::run(&a),
        Command::Roads(a) => roads::run(&a),
        Command::Demo(a) => demo::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let usage = e.downcast_ref::<UsageError>().is_some();
            eprint!("error: {e}");
            for cause in e.chain().skip(1) {
                eprint!(": {cause}");
            }
            eprintln!();
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
