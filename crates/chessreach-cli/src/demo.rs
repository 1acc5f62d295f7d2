//! `chessreach demo`: every capability on bundled examples, each shown as the command that
//! asks it and its answer. The commands run through the same parser and code as the command
//! line ([`crate::Command::run_to`]), so what the demo prints is what the command prints.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chessreach::limits::Budget;
use chessreach::problems::{self, Problem};
use clap::Parser;

use crate::output;

/// Arguments of `chessreach demo`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Where the demo writes its pictures (SVG) and input files (default: a new directory in
    /// the system's temporary directory, named in the output).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// What the demo keeps of a command's answer.
#[derive(Clone, Copy)]
enum Keep {
    /// All of it.
    All,
    /// Its first lines, then how many more there are.
    Lines(usize),
    /// Written to this file in the demo's directory (a picture), named with its size.
    File(&'static str),
}

/// One step of the tour: a title, a command line (`{dir}` is the demo's directory) and what
/// to keep of its answer.
struct Step {
    title: &'static str,
    args: &'static [&'static str],
    keep: Keep,
}

/// The roads classic's sample: a 4x4 grid, three placements.
const ROADS: &str =
    "4 4 3\n1 3 1\n2 2 2\n3 3 0\n1 1 1\n2 3 1 1\n3 2 2 1\n1 0 3 3\n0 5 2 2\n1 3 2 3\n1 6 3 2\n";

/// Files the steps read, written into the demo's directory first: (name, content).
const INPUTS: [(&str, &str); 2] = [
    ("diagram.txt", ".x.x.\nx...x\n..o..\nx...x\n.x.x.\n"),
    ("roads.in", ROADS),
];

/// The tour, in the README's order.
const STEPS: &[Step] = &[
    Step {
        title: "attacks: Capablanca chess, fairy pieces by letter (A=BN, C=RN)",
        args: &[
            "attacks",
            "--fen",
            "r1a1kbc1nr/pp1ppppppp/2n7/2p7/10/5N4/PPPPPPPPPP/RNABQKBC1R",
            "--define",
            "A=BN",
            "--define",
            "C=RN",
        ],
        keep: Keep::All,
    },
    Step {
        title: "a variant by name: Xiangqi's start (palace, river, cannons)",
        args: &["attacks", "--variant", "xiangqi"],
        keep: Keep::All,
    },
    Step {
        title: "a wall (`*`, as Fairy-Stockfish's duck): it stops every line",
        args: &["attacks", "--fen", "8/8/8/3*4/8/8/3R4/8"],
        keep: Keep::All,
    },
    Step {
        title: "a cylinder: files wrap, a and f are neighbours",
        args: &[
            "attacks", "--board", "6x5", "--piece", "R@b2", "--black", "N@f5", "--wrap", "files",
        ],
        keep: Keep::All,
    },
    Step {
        title: "a strip: 8 ranks, every integer file",
        args: &[
            "attacks", "--board", "infx8", "--piece", "N@4,8", "--piece", "B@4,6", "--files", "0..10",
        ],
        keep: Keep::All,
    },
    Step {
        title: "an SVG picture: Janggi's start",
        args: &["attacks", "--variant", "janggi", "--format", "svg"],
        keep: Keep::File("janggi.svg"),
    },
    Step {
        title: "a safe shortest route with a capture",
        args: &[
            "path",
            "--board",
            "8x8",
            "--black",
            "P@e6/d5",
            "--mover",
            "K@c4",
            "--capture",
            "e6",
        ],
        keep: Keep::All,
    },
    Step {
        title: "the same route as JSON",
        args: &[
            "path",
            "--board",
            "8x8",
            "--black",
            "P@e6/d5",
            "--mover",
            "K@c4",
            "--capture",
            "e6",
            "--format",
            "json",
        ],
        keep: Keep::Lines(12),
    },
    Step {
        title: "and as a picture",
        args: &[
            "path",
            "--board",
            "8x8",
            "--black",
            "P@e6/d5",
            "--mover",
            "K@c4",
            "--capture",
            "e6",
            "--format",
            "svg",
        ],
        keep: Keep::File("route.svg"),
    },
    Step {
        title: "a knight 10^12 files from its target on a strip: each long stretch's round said once",
        args: &[
            "path",
            "--board",
            "infx8",
            "--piece",
            "b:R@500000000000,3",
            "--mover",
            "N@1,1",
            "--to",
            "1000000000000,5",
        ],
        keep: Keep::All,
    },
    Step {
        title: "a variant's mover: the Xiangqi general stays in its palace",
        args: &[
            "path",
            "--variant",
            "xiangqi",
            "--fen",
            "9/9/9/9/9/9/9/9/9/9",
            "--mover",
            "K@e1",
            "--to",
            "f3",
        ],
        keep: Keep::All,
    },
    Step {
        title: "XBetza: the Mao (afsW), a bent leaper a piece on d5 blocks",
        args: &[
            "betza",
            "--dialect",
            "xbetza",
            "afsW",
            "--board",
            "7x7",
            "--at",
            "d4",
            "--blockers",
            "d5",
        ],
        keep: Keep::All,
    },
    Step {
        title: "which rule drew this diagram? (infer)",
        args: &["infer", "{dir}/diagram.txt"],
        keep: Keep::All,
    },
    Step {
        title: "a duel solved exactly: a rook against a knight, each with a target",
        args: &[
            "duel",
            "solve",
            "--board",
            "5x5",
            "--white",
            "R",
            "--black",
            "N",
            "--white-target",
            "c3",
            "--black-target",
            "c4",
            "--from",
            "a1,e5",
        ],
        keep: Keep::All,
    },
    Step {
        title: "knightmare's strategy, proven on every board up to 10x10",
        args: &["duel", "verify", "--max", "10x10"],
        keep: Keep::All,
    },
    Step {
        title: "a royal endgame: KQvK on 5x5, every position solved",
        args: &["endgame", "solve", "--board", "5x5", "--material", "KQvK"],
        keep: Keep::All,
    },
    Step {
        title: "reach on typed roads (NOIP 2021's format)",
        args: &["roads", "{dir}/roads.in", "--show", "3"],
        keep: Keep::All,
    },
];

/// The classics on their samples, as `printf … | chessreach solve PROBLEM` (knightmare is
/// interactive: `duel verify` above proves its strategy).
const CLASSICS: [(Problem, &str); 4] = [
    (Problem::InfiniteChess, "1 8\n7 8\n2\nN 4 8\nB 4 6\n"),
    (Problem::KingPath, "c4 e6 d5\ng2 a8 a2\na3 b1 c1\n"),
    (Problem::WeirdChess, "5\noxxxx\nx...x\nx...x\nx...x\nxxxxo\n"),
    (Problem::Roads, ROADS),
];

/// A word as a shell reads it back: quoted when it holds anything but plain characters.
fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,/@:=+".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The demo's directory: `--dir`, else a fresh one in the temporary directory.
fn directory(args: &Args) -> Result<PathBuf> {
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("chessreach-demo-{}", std::process::id())));
    std::fs::create_dir_all(&dir).with_context(|| format!("--dir {}", dir.display()))?;
    Ok(dir)
}

/// Runs one step as the command line would and prints it. O(the command's work).
fn step(out: &mut impl Write, dir: &Path, step: &Step, budget: Budget) -> Result<()> {
    let dir_text = dir.display().to_string();
    let args: Vec<String> = step.args.iter().map(|a| a.replace("{dir}", &dir_text)).collect();
    let shown: Vec<String> = args.iter().map(|a| quoted(a)).collect();
    writeln!(out, "== {}\n$ chessreach {}", step.title, shown.join(" "))?;
    let cli = crate::Cli::try_parse_from(std::iter::once("chessreach".to_owned()).chain(args))
        .with_context(|| format!("the demo's command `{}`", shown.join(" ")))?;
    let mut answer = Vec::new();
    cli.command
        .run_to(budget, &mut answer)
        .context("the demo runs only commands that answer in full")??;
    match step.keep {
        Keep::All => out.write_all(&answer)?,
        Keep::Lines(n) => {
            let text = String::from_utf8_lossy(&answer);
            let lines: Vec<&str> = text.lines().collect();
            for line in lines.iter().take(n) {
                writeln!(out, "{line}")?;
            }
            if lines.len() > n {
                writeln!(out, "… ({} more lines)", lines.len() - n)?;
            }
        }
        Keep::File(name) => {
            let path = dir.join(name);
            std::fs::write(&path, &answer).with_context(|| path.display().to_string())?;
            writeln!(out, "(wrote {}: {} bytes of SVG)", path.display(), answer.len())?;
        }
    }
    writeln!(out)?;
    Ok(())
}

/// The classics on their samples: input piped in, the exact output.
fn classics(out: &mut impl Write) -> Result<()> {
    for (problem, input) in CLASSICS {
        writeln!(out, "== {problem} ({}), on its sample", problem.origin())?;
        writeln!(
            out,
            "$ printf {} | chessreach solve {problem}",
            quoted(&input.replace('\n', "\\n"))
        )?;
        problems::solve(problem, input, out)?;
        writeln!(out)?;
    }
    Ok(())
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let dir = directory(args)?;
    for (name, content) in INPUTS {
        let path = dir.join(name);
        std::fs::write(&path, content).with_context(|| path.display().to_string())?;
    }
    let mut out = output::stdout();
    writeln!(
        out,
        "chessreach demo: every capability on a bundled example, as the command that asks it and its \
         answer.\nPictures and input files go to {}\n",
        dir.display()
    )?;
    for s in STEPS {
        step(&mut out, &dir, s, budget)?;
    }
    classics(&mut out)?;
    out.flush()?;
    Ok(())
}
