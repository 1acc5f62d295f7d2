//! `chessreach`: movement questions on chess-like boards, from the command line.
//!
//! parse → config → run → `ExitCode`: 0 success, 2 usage error (bad arguments), 1 bad input
//! or failure; messages with their cause chain on stderr; a closed pipe exits quietly.

mod attacks;
mod betza;
mod demo;
mod duel;
mod endgame;
mod infer;
mod output;
mod path;
mod position_args;
mod roads;
mod serve;
mod solve;
mod variants;

use std::io::{self, Write};
use std::process::ExitCode;

use chessreach::input::escape_controls;
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
    /// half of the least of this machine's memory, the cgroup's limit and `ulimit -v` (4.3 GB
    /// where none is known).
    #[arg(long, global = true, value_name = "SIZE", value_parser = parse_memory)]
    max_memory: Option<u64>,
}

fn parse_memory(s: &str) -> Result<u64, String> {
    chessreach::limits::parse_bytes(s)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("expected a size such as `8G`, `512M` or `1000000`, found `{s}`"))
}

/// The budget: `--max-memory`, else half of the least of physical memory, the cgroup's limit
/// and the address-space limit (`ulimit -v`).
fn budget(given: Option<u64>) -> Budget {
    given.map_or_else(Budget::of_process, Budget::new)
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
    /// One piece's move diagram (moves, captures, locust victims, hops, initial moves; text,
    /// JSON or SVG), its canonical form, and where the Fairy-Stockfish and XBetza dialects
    /// read its text differently.
    Betza(betza::Args),
    /// Reach on a grid of typed roads, placement by placement, drawn.
    Roads(roads::Args),
    /// Every capability on bundled examples: each command and its answer (SVG pictures written
    /// to a temporary directory it names, or `--dir`).
    Demo(demo::Args),
    /// The known variants (built in, and from --variants FILE): boards, pieces, rules.
    Variants(variants::Args),
    /// The Betza lab: a local web page and JSON API over these commands (loopback by default).
    Serve(serve::Args),
    /// A shell completion script on stdout, e.g. `chessreach completions bash >
    /// ~/.local/share/bash-completion/completions/chessreach`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: Shell,
    },
}

/// The shells `chessreach completions` writes for.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// Writes the completion script of `shell` for this command line. Made in memory first:
/// `clap_complete` panics on a failed write (a closed pipe), this returns the error.
fn completions(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    use clap_complete::shells;
    let mut cli = <Cli as clap::CommandFactory>::command();
    let mut script = Vec::new();
    match shell {
        Shell::Bash => clap_complete::generate(shells::Bash, &mut cli, "chessreach", &mut script),
        Shell::Zsh => clap_complete::generate(shells::Zsh, &mut cli, "chessreach", &mut script),
        Shell::Fish => clap_complete::generate(shells::Fish, &mut cli, "chessreach", &mut script),
    }
    out.write_all(&script)?;
    out.flush()
}

impl Command {
    /// Runs a command that writes its whole answer to `out` (what `chessreach serve` answers
    /// with); `None` for the commands that talk to the terminal, programs or files themselves.
    fn run_to(&self, budget: Budget, out: &mut dyn Write) -> Option<anyhow::Result<()>> {
        Some(match self {
            Self::Attacks(a) => attacks::run(a, budget, out),
            Self::Path(a) => path::run(a, budget, out),
            Self::Infer(a) => infer::run(a, budget, out),
            Self::Duel(a) => duel::run(a, budget, out),
            Self::Variants(a) => variants::run(a, out),
            Self::Betza(a) => betza::run(a, out),
            Self::Roads(a) => roads::run(a, budget, out),
            Self::Endgame(a) => endgame::run(a, budget, out),
            Self::Solve(_) | Self::Demo(_) | Self::Serve(_) | Self::Completions { .. } => return None,
        })
    }
}

/// A request beyond the memory budget, refused before allocating: exit status 2 (the
/// arguments asked for it), `413` from `chessreach serve`.
#[derive(Debug, thiserror::Error)]
#[error("{0}; raise it with --max-memory")]
pub(crate) struct OverBudget(pub(crate) chessreach::limits::TooLarge);

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

/// The first argument that is not UTF-8, as a usage message naming its flag: `--board` for
/// `--board X` and `--board=X`, else its position. O(arguments).
fn non_utf8_argument(args: &[std::ffi::OsString]) -> Option<String> {
    let bad = args.iter().position(|a| a.to_str().is_none())?;
    let mut shown = args[bad].to_string_lossy().into_owned();
    let flag = match shown.clone().split_once('=') {
        Some((flag, value)) if flag.starts_with('-') => {
            value.clone_into(&mut shown);
            Some(flag.to_owned())
        }
        _ => bad
            .checked_sub(1)
            .and_then(|i| args[i].to_str())
            .filter(|prev| prev.starts_with('-'))
            .map(str::to_owned),
    };
    let what = flag.unwrap_or_else(|| format!("argument {bad}"));
    Some(format!("{what}: `{shown}` is not UTF-8 text"))
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(message) = non_utf8_argument(&args) {
        eprintln!("error: {}", escape_controls(&message));
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // Help and version on stdout as clap prints them; errors with the input's control
        // characters escaped.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprint!("{}", escape_controls(&e.to_string()));
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    let budget = budget(cli.max_memory);
    let result = match &cli.command {
        Command::Solve(a) => solve::run(a, budget),
        Command::Demo(a) => demo::run(a, budget),
        Command::Serve(a) => serve::run(a, budget),
        Command::Completions { shell } => completions(*shell, &mut output::stdout()).map_err(Into::into),
        command => {
            let mut out = output::stdout();
            command
                .run_to(budget, &mut out)
                .unwrap_or(Ok(()))
                .and_then(|()| Ok(out.flush()?))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let usage = e.downcast_ref::<UsageError>().is_some()
                || e.downcast_ref::<Usage>().is_some()
                || e.downcast_ref::<OverBudget>().is_some();
            eprintln!("error: {}", escape_controls(&chain_message(&e)));
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

/// An error and its causes, `: `-joined, leaving out a cause whose text the message already
/// holds (an error that writes its source into its own text: `piece `A`: the white piece is a
/// hopper…` is not followed by `: the white piece is a hopper…` again). O(length²) of a short
/// chain.
pub(crate) fn chain_message(e: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if message.is_empty() {
            message = text;
        } else if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
    }
    message
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

    #[cfg(unix)]
    #[test]
    fn a_non_utf8_argument_names_its_flag() {
        use std::ffi::OsString;
        use std::os::unix::ffi::OsStringExt;
        let bad = || OsString::from_vec(b"8x\xff".to_vec());
        let mut eq = OsString::from("--board=");
        eq.push(bad());
        let args = |v: Vec<OsString>| super::non_utf8_argument(&v);
        let message = args(vec!["c".into(), "attacks".into(), "--board".into(), bad()]);
        assert_eq!(
            message.as_deref(),
            Some("--board: `8x\u{fffd}` is not UTF-8 text")
        );
        let message = args(vec!["c".into(), "attacks".into(), eq]).unwrap_or_default();
        assert!(message.starts_with("--board: "), "{message}");
        assert_eq!(args(vec!["c".into(), "x".into()]), None);
    }
}
