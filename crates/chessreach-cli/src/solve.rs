//! `chessreach solve`: the classic formats.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use chessreach::limits::Budget;
use chessreach::problems::{self, knightmare, Problem};

use crate::output;

/// Arguments of `chessreach solve`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = formats())]
pub(crate) struct Args {
    /// The problem (`--help` shows each one's input, output and sample).
    #[arg(value_parser = problems())]
    problem: Problem,

    /// Read the input from FILE instead of stdin.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
}

/// The problem names, listed in `--help` and checked by clap.
fn problems() -> impl clap::builder::TypedValueParser<Value = Problem> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Problem::ALL.map(Problem::name))
        .try_map(|s| s.parse::<Problem>())
}

/// Every classic's format and sample, for `solve --help`.
fn formats() -> String {
    let mut text =
        String::from("Formats (each classic's original; answers before a bad line are written):\n\n");
    for p in Problem::ALL {
        text.push_str(p.format());
        text.push_str("\n\n");
    }
    text
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    if args.problem == Problem::Knightmare {
        // Interactive: moves go out as they are made, each line flushed.
        let stdout = std::io::stdout();
        let result = match &args.input {
            Some(path) => {
                let file =
                    std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
                knightmare::play(std::io::BufReader::new(file), stdout.lock())
            }
            None => knightmare::play(std::io::stdin().lock(), stdout.lock()),
        };
        return result
            .map(|_| ())
            .with_context(|| format!("{} ({})", args.problem, args.problem.origin()));
    }
    let bytes = output::read_bytes(args.input.as_deref(), budget.bytes())?;
    let mut out = output::stdout();
    let result = problems::solve_bytes(args.problem, &bytes, &mut out, budget);
    // Answers computed before an error are kept.
    out.flush()?;
    result.with_context(|| format!("{} ({})", args.problem, args.problem.origin()))
}
