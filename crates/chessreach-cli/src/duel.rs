//! `chessreach duel`: solve any two-piece duel, judge a program, play, prove knightmare.
//!
//! The rules, the solver, the referee and the protocol live in `chessreach::duel`; this file
//! parses arguments, spawns programs (with timeouts and process groups) and prints.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use chessreach::duel::policy::{Opponent, Policy, Solutions, SplitMix};
use chessreach::duel::protocol::{JudgeLink, Lines, ProgramLink, Tokens};
use chessreach::duel::solver::{Solution, Value};
use chessreach::duel::strategy::{Strategy, StrategyPlayer};
use chessreach::duel::verify::verify_board;
use chessreach::duel::{referee, DrawBy, Duel, DuelError, Game, Outcome, Player, PlayerError, Verdict};
use chessreach::geometry::{Coord, Rect, Wrap};
use chessreach::input::{Expected, Input};
use chessreach::limits::Budget;
use chessreach::piece::{Colour, Dialect, Rule};
use chessreach::render::{self, View};
use rayon::prelude::*;

use crate::output::{self, Format};
use crate::UsageError;

/// Arguments of `chessreach duel`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = RULES)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Sub,
}

const RULES: &str = "\
Rules: two pieces, White's and Black's, on a FILESxRANKS board; White moves first. A piece moves
by its Betza rule (Black's turned by 180°, as in Fairy-Stockfish); riders stop at the other piece
and may capture it. A side wins by capturing, or by standing on its own target after any move
while the other piece does not attack it (checked after every move, the mover first). A side with
no target wins only by capture; a side with no legal move draws.

Without any of --white, --black, --white-target, --black-target the duel is knightmare
(Codeforces 1201E2): knight against knight, White's target (F/2, R/2), Black's (F/2, R/2+1) on an
F x R board with both sides even. Squares are algebraic (`d4`) or `file,rank` (`4,4`). With
--wrap the board is a cylinder or a torus: a step off a wrapped edge re-enters on the other side.";

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Solve every start exactly: who wins under best play, and in how many plies.
    Solve(SolveArgs),
    /// Referee a program speaking the knightmare protocol (chessreach itself by default).
    Judge(JudgeArgs),
    /// Play against the engine in the terminal.
    Play(PlayArgs),
    /// Play the program side of the knightmare protocol on stdin/stdout for any duel.
    Serve(ServeArgs),
    /// Prove knightmare's strategy on every even board in a range, every start, every reply.
    Verify(VerifyArgs),
}

/// The two pieces and their targets.
#[derive(Debug, Clone, clap::Args)]
struct Pieces {
    /// White's piece: a Betza rule (`N`, `Q`, `fmWfcF`, `nN` …).
    #[arg(long, value_name = "BETZA")]
    white: Option<String>,
    /// Black's piece, written from White's side (it moves turned by 180°).
    #[arg(long, value_name = "BETZA")]
    black: Option<String>,
    /// The Betza dialect of --white and --black: `fsf` (Fairy-Stockfish's) or `xbetza`.
    #[arg(long, value_name = "fsf|xbetza", default_value = "fsf")]
    dialect: Dialect,
    /// White's target square (none: White wins only by capture).
    #[arg(long, value_name = "SQUARE")]
    white_target: Option<Coord>,
    /// Black's target square.
    #[arg(long, value_name = "SQUARE")]
    black_target: Option<Coord>,
    /// Knightmare's targets, (F/2, R/2) and (F/2, R/2+1), for whatever pieces are given.
    #[arg(long, conflicts_with_all = ["white_target", "black_target"])]
    knightmare_targets: bool,
    /// Wrapped edges: `files` (a cylinder), `ranks`, `both` (a torus) or `none`. A step off
    /// a wrapped edge re-enters on the other side; a ride stops before its own square.
    #[arg(long, value_name = "EDGES")]
    wrap: Option<Wrap>,
}

impl Pieces {
    fn is_knightmare(&self) -> bool {
        self.white.is_none()
            && self.black.is_none()
            && self.white_target.is_none()
            && self.black_target.is_none()
    }

    /// The duel on `rect` (wrapped as `--wrap` says).
    fn duel(&self, rect: Rect) -> Result<Duel> {
        let rect = rect.with_wrap(self.wrap.unwrap_or_default());
        if self.is_knightmare() && !rect.wrap().is_flat() {
            return Err(UsageError(format!(
                "--wrap {}: knightmare is played on a flat board; for a wrapped duel give the pieces, \
                 e.g. --white N --black N --knightmare-targets",
                rect.wrap()
            ))
            .into());
        }
        if self.is_knightmare() {
            return Duel::knightmare(rect).map_err(|e| {
                UsageError(format!(
                    "{e}; for other boards give the pieces, e.g. --white N --black N"
                ))
                .into()
            });
        }
        let knight = || "N".parse::<Rule>().expect("N is Betza");
        let rule = |flag: &'static str, text: Option<&str>| -> Result<Rule> {
            text.map_or_else(
                || Ok(knight()),
                |t| self.dialect.parse(t).map_err(|e| crate::bad_argument(flag, e)),
            )
        };
        let (wt, bt) = if self.knightmare_targets {
            let (f, r) = (i64::from(rect.width() / 2), i64::from(rect.height() / 2));
            (
                Some(Coord::new(f.max(1), r.max(1))),
                Some(Coord::new(f.max(1), r + 1)),
            )
        } else {
            (self.white_target, self.black_target)
        };
        Duel::new(
            rect,
            rule("--white", self.white.as_deref())?,
            rule("--black", self.black.as_deref())?,
            wt,
            bt,
        )
        .map_err(crate::usage)
    }
}

fn parse_rect(s: &str) -> Result<Rect, String> {
    let bad = || format!("expected FILESxRANKS such as `8x8`, found `{s}`");
    let (f, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let f: u64 = f.trim().parse().map_err(|_| bad())?;
    let r: u64 = r.trim().parse().map_err(|_| bad())?;
    Rect::new(f, r).map_err(|e| e.to_string())
}

/// A start `WSQ,BSQ` (or `WSQ/BSQ`): each square algebraic or `file,rank`.
fn parse_start(s: &str) -> Result<(Coord, Option<Coord>), String> {
    if let Ok(w) = s.parse::<Coord>() {
        return Ok((w, None));
    }
    let parts: Vec<&str> = s.split([',', '/']).collect();
    let found: Vec<(Coord, Coord)> = (1..parts.len())
        .filter_map(|k| {
            let (a, b) = (parts[..k].join(","), parts[k..].join(","));
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect();
    match found.as_slice() {
        [(w, b)] => Ok((*w, Some(*b))),
        _ => Err(format!(
            "expected White's square, or White's and Black's: `a1,b3`, `1,1,2,3` or `a1/b3`; found `{s}`"
        )),
    }
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Board size `FILESxRANKS`.
    #[arg(long, value_parser = parse_rect, default_value = "8x8")]
    board: Rect,
    #[command(flatten)]
    pieces: Pieces,
    /// A start `WSQ,BSQ` (text: its result and principal line) or White's square `WSQ` alone
    /// (text and SVG: the result from every Black square, a heat map).
    #[arg(long, value_name = "WSQ[,BSQ]", value_parser = parse_start)]
    from: Option<(Coord, Option<Coord>)>,
    /// Output: text (a summary), json (every start), svg (a heat map for White's --from square).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Board sizes `FxR` or a range `FxR..FxR`.
#[derive(Debug, Clone, Copy)]
struct Boards {
    lo: Rect,
    hi: Rect,
}

fn parse_boards(s: &str) -> Result<Boards, String> {
    let (lo, hi) = if let Some((a, b)) = s.split_once("..") {
        (parse_rect(a)?, parse_rect(b)?)
    } else {
        let x = parse_rect(s)?;
        (x, x)
    };
    if lo.width() > hi.width() || lo.height() > hi.height() {
        return Err(format!(
            "the range {lo}..{hi} is empty: the first size must be at most the second in files and in ranks"
        ));
    }
    Ok(Boards { lo, hi })
}

impl Boards {
    /// Every size in the range (only even ones for knightmare).
    fn all(&self, even_only: bool) -> Vec<Rect> {
        let keep = |x: u32| !even_only || x.is_multiple_of(2);
        let mut out = Vec::new();
        for f in (self.lo.width()..=self.hi.width()).filter(|&x| keep(x)) {
            for r in (self.lo.height()..=self.hi.height()).filter(|&x| keep(x)) {
                if let Ok(rect) = Rect::new(u64::from(f), u64::from(r)) {
                    out.push(rect);
                }
            }
        }
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PolicyName {
    /// Uniformly random legal moves.
    Random,
    /// Wins when it can, avoids losing at once, heads for its target.
    Greedy,
    /// Exact best play from the solver (refused when the solver would not fit in memory).
    Optimal,
    /// Random, greedy and optimal in turn (greedy where optimal would not fit).
    Mixed,
}

impl From<PolicyName> for Opponent {
    fn from(name: PolicyName) -> Self {
        match name {
            PolicyName::Random => Self::Random,
            PolicyName::Greedy => Self::Greedy,
            PolicyName::Optimal => Self::Optimal,
            PolicyName::Mixed => Self::Mixed,
        }
    }
}

#[derive(Debug, clap::Args)]
struct JudgeArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Board size `FILESxRANKS`, or a range to draw from: `8x8`, `6x6..12x12`.
    #[arg(long, value_parser = parse_boards, default_value = "8x8")]
    board: Boards,
    #[command(flatten)]
    pieces: Pieces,
    /// Seed for boards, starts and the random and greedy opponents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The opponent.
    #[arg(long, value_enum, default_value_t = PolicyName::Mixed)]
    policy: PolicyName,
    /// Most moves the program may make without winning (knightmare: 350).
    #[arg(long, default_value_t = 350)]
    cap: u32,
    /// Time limit for each of the program's answers, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    /// Print every game's transcript, not only the failures'.
    #[arg(long)]
    transcript: bool,
    /// The program and its arguments (default: this chessreach, `solve knightmare` for
    /// knightmare, else `duel serve` with the same pieces).
    #[arg(last = true)]
    program: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Board size `FILESxRANKS`.
    #[arg(long, value_parser = parse_rect, default_value = "8x8")]
    board: Rect,
    #[command(flatten)]
    pieces: Pieces,
    /// The start `WSQ,BSQ` (random when absent).
    #[arg(long, value_name = "WSQ,BSQ", value_parser = parse_start)]
    from: Option<(Coord, Option<Coord>)>,
    /// Your side (default: the engine takes the side that wins).
    #[arg(long, value_enum)]
    side: Option<output::Side>,
    /// Seed for a random start.
    #[arg(long, default_value_t = 7)]
    seed: u64,
}

#[derive(Debug, clap::Args)]
struct ServeArgs {
    #[command(flatten)]
    pieces: Pieces,
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// Largest board `FILESxRANKS`; every even board from --min up to it is checked.
    #[arg(long, value_parser = parse_rect, default_value = "10x10")]
    max: Rect,
    /// Smallest board.
    #[arg(long, value_parser = parse_rect, default_value = "6x6")]
    min: Rect,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Runs `duel`; `solve` writes to `out`, the other subcommands to the terminal or programs.
pub(crate) fn run(args: &Args, budget: Budget, out: &mut dyn Write) -> Result<()> {
    match &args.command {
        Sub::Solve(a) => solve(a, budget, out),
        Sub::Judge(a) => judge(a, budget),
        Sub::Play(a) => play(a, budget),
        Sub::Serve(a) => serve(&a.pieces, budget),
        Sub::Verify(a) => verify(a, budget, out),
    }
}

/// Solves `duel`, refusing (a usage error: the arguments asked for it) beyond the budget.
fn solve_duel(duel: &Duel, budget: Budget, quiet: bool) -> Result<Solution> {
    let bar = crate::output::progress_bar(quiet, 0);
    let update = crate::output::progress_update(&bar);
    let solved = Solution::solve(duel, budget, Some(&update));
    bar.finish_and_clear();
    solved.map_err(|e| match e {
        DuelError::TooLarge(e) => crate::OverBudget(e).into(),
        e => crate::usage(e),
    })
}

/// A square of the duel's board, named as the board names its squares (`x,y` past 26 files).
fn name(duel: &Duel, c: Coord) -> String {
    chessreach::geometry::Board::from(duel.rect()).name(c)
}

fn describe(duel: &Duel) -> String {
    let target = |s: Colour| {
        duel.target(s)
            .map_or_else(|| "none".to_owned(), |t| name(duel, t))
    };
    format!(
        "{} (White) against {} (Black) on {}; targets: White {}, Black {}",
        duel.rule(Colour::White),
        duel.rule(Colour::Black),
        duel.rect().label(),
        target(Colour::White),
        target(Colour::Black)
    )
}

fn value_text(v: Value) -> String {
    match v {
        Value::Draw => "draw".into(),
        Value::Win { side, plies } => format!(
            "{side} wins in {}",
            chessreach::geometry::counted(plies, "ply", "plies")
        ),
    }
}

// ---------------------------------------------------------------- solve

fn solve(a: &SolveArgs, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let duel = a.pieces.duel(a.board)?;
    if let Some((w, b)) = a.from {
        let check = duel.check_start(w, b.unwrap_or(w));
        match (check, b) {
            (Err(DuelError::SameSquare(_)), None) => {}
            (Err(e), _) => bail!(UsageError(format!("--from: {e}"))),
            _ => {}
        }
    }
    let solved = solve_duel(&duel, budget, a.quiet)?;
    match a.format {
        Format::Json => write_json(&mut out, &solved)?,
        Format::Text => write_text(&mut out, &solved, a.from)?,
        Format::Svg => {
            let white = a.from.map_or(Coord::new(1, 1), |(w, _)| w);
            let view = View::whole(duel.rect());
            let title = format!(
                "{}: results with White on {}",
                describe(&duel),
                name(&duel, white)
            );
            out.write_all(render::heat_svg(&solved, white, &view, &title).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Boards up to this many files and ranks are drawn in text.
const DRAW_LIMIT: u32 = 40;

fn write_text(out: &mut impl Write, solved: &Solution, from: Option<(Coord, Option<Coord>)>) -> Result<()> {
    let duel = solved.duel();
    let s = solved.summary();
    writeln!(out, "{}", describe(duel))?;
    let longest = if s.white + s.black == 0 {
        "no start is won".to_owned()
    } else {
        format!(
            "the longest win takes {}",
            chessreach::geometry::counted(s.longest, "ply", "plies")
        )
    };
    writeln!(
        out,
        "{} (White to move): White wins {}, Black wins {}, draws {}; {longest}",
        chessreach::geometry::counted(s.starts, "start", "starts"),
        s.white,
        s.black,
        s.draws
    )?;
    match from {
        None => {}
        Some((w, Some(b))) => {
            writeln!(
                out,
                "from White {}, Black {}: {}",
                name(duel, w),
                name(duel, b),
                value_text(solved.value(w, b, Colour::White))
            )?;
            let line = solved.principal_line(w, b);
            if !line.is_empty() {
                let moves: Vec<String> = line
                    .chunks(2)
                    .enumerate()
                    .map(|(i, pair)| {
                        let mv: Vec<String> = pair.iter().map(|&c| name(duel, c)).collect();
                        format!("{}. {}", i + 1, mv.join(" "))
                    })
                    .collect();
                writeln!(out, "best play: {}", moves.join("  "))?;
            }
        }
        Some((w, None)) => {
            writeln!(out, "White on {}, White to move, Black anywhere:", name(duel, w))?;
            let rect = duel.rect();
            if rect.width() <= DRAW_LIMIT && rect.height() <= DRAW_LIMIT {
                write!(
                    out,
                    "{}",
                    render::text(&View::whole(rect), render::heat_cell(solved, w))
                )?;
                writeln!(out, "{}", render::HEAT_LEGEND)?;
            } else {
                writeln!(out, "(the board is larger than {DRAW_LIMIT}x{DRAW_LIMIT}: not drawn; use --format json or svg)")?;
            }
        }
    }
    Ok(())
}

/// Streams the JSON of every start (one entry per start: the list can be long). Each square's
/// name is quoted once (S strings); the entries are assembled in one reused buffer, written out
/// every 64 KiB, with no allocation per entry. O(S² + bytes written).
fn write_json(out: &mut impl Write, solved: &Solution) -> Result<()> {
    let duel = solved.duel();
    let rect = duel.rect();
    let target = |s: Colour| {
        duel.target(s).map_or_else(
            || "null".to_owned(),
            |t| serde_json::Value::from(name(duel, t)).to_string(),
        )
    };
    let text = |s: String| serde_json::Value::from(s).to_string();
    write!(
        out,
        "{{\"board\":{},\"white\":{},\"black\":{},\"white_target\":{},\"black_target\":{},\"starts\":[",
        text(rect.to_string()),
        text(duel.rule(Colour::White).to_string()),
        text(duel.rule(Colour::Black).to_string()),
        target(Colour::White),
        target(Colour::Black)
    )?;
    // Every square's name as a JSON string, by square index.
    let quoted: Vec<String> = rect.squares().map(|s| text(name(duel, rect.coord(s)))).collect();
    let quoted_at = |c: Coord| rect.square(c).map_or("null", |s| quoted[s.0 as usize].as_str());
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 17);
    for (i, (w, b, v)) in solved.starts().enumerate() {
        if i != 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(b"\n{\"white\":");
        buf.extend_from_slice(quoted_at(w).as_bytes());
        buf.extend_from_slice(b",\"black\":");
        buf.extend_from_slice(quoted_at(b).as_bytes());
        match v {
            Value::Draw => buf.extend_from_slice(b",\"winner\":\"draw\",\"plies\":null}"),
            Value::Win { side, plies } => {
                buf.extend_from_slice(match side {
                    Colour::White => b",\"winner\":\"white\",\"plies\":",
                    Colour::Black => b",\"winner\":\"black\",\"plies\":",
                });
                push_decimal(&mut buf, plies);
                buf.push(b'}');
            }
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    match crate::output::wrap_of(rect.into()) {
        Some(w) => writeln!(out, "\n],\"wrap\":\"{w}\"}}")?,
        None => writeln!(out, "\n]}}")?,
    }
    Ok(())
}

/// Appends `n` in decimal. O(digits).
fn push_decimal(buf: &mut Vec<u8>, n: u32) {
    let mut digits = [0u8; 10];
    let mut k = digits.len();
    let mut n = n;
    loop {
        k -= 1;
        digits[k] = b"0123456789"[(n % 10) as usize];
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[k..]);
}

// ---------------------------------------------------------------- verify

fn verify(a: &VerifyArgs, budget: Budget, out: &mut dyn Write) -> Result<()> {
    let boards = parse_boards(&format!("{}..{}", a.min, a.max))
        .map_err(|e| UsageError(format!("--min {} --max {}: {e}", a.min, a.max)))?
        .all(true);
    let boards: Vec<Rect> = boards
        .into_iter()
        .filter(|r| r.width() >= 6 && r.height() >= 6)
        .collect();
    let Some(largest) = boards.iter().max_by_key(|r| r.len()) else {
        bail!(UsageError(format!(
            "--min {} --max {}: no knightmare board (even sides, at least 6) between them",
            a.min, a.max
        )));
    };
    // Two boards are verified at once (one per core): the two largest must fit together.
    let needed = chessreach::duel::verify::bytes_needed(*largest).and_then(|b| b.checked_mul(2));
    budget
        .check("verifying the largest boards, two at a time,", needed)
        .map_err(crate::usage)?;
    let bar = crate::output::progress_bar(a.quiet, boards.len() as u64);
    bar.set_message("boards");
    let start = Instant::now();
    let results: Vec<_> = boards
        .par_iter()
        .map(|&rect| {
            let out = verify_board(rect, 350, Budget::unlimited());
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let (mut starts, mut states, mut longest) = (0usize, 0usize, 0u32);
    for r in results {
        let rep = r?;
        starts += rep.starts;
        states += rep.states;
        longest = longest.max(rep.longest);
    }
    writeln!(
        out,
        "verified {} ({} to {}): {starts} starts, {states} game states, every reply; \
         the chosen side always wins, at most {}; {:.2?}",
        chessreach::geometry::counted(boards.len(), "board", "boards"),
        a.min,
        a.max,
        chessreach::geometry::counted(longest, "own move", "own moves"),
        start.elapsed()
    )?;
    out.flush()?;
    Ok(())
}

// ---------------------------------------------------------------- judge

/// A reader over a child's output that gives up after a timeout (as `io::ErrorKind::TimedOut`).
/// A thread reads the pipe in chunks into a bounded channel, so a flooding program blocks on
/// its pipe instead of filling the judge's memory.
struct TimedReader {
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    at: usize,
    timeout: Duration,
}

impl TimedReader {
    fn new(mut source: impl Read + Send + 'static, timeout: Duration) -> Self {
        let (tx, chunks) = mpsc::sync_channel::<Vec<u8>>(4);
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 4096];
            while let Ok(n) = source.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            chunks,
            pending: Vec::new(),
            at: 0,
            timeout,
        }
    }
}

impl Read for TimedReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            match self.chunks.recv_timeout(self.timeout) {
                Ok(chunk) => {
                    self.pending = chunk;
                    self.at = 0;
                }
                Err(RecvTimeoutError::Timeout) => return Err(io::ErrorKind::TimedOut.into()),
                Err(RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The program under test: a child in its own process group, killed whole when done.
struct Program {
    child: Child,
}

impl Program {
    fn spawn(program: &[String], timeout: Duration) -> Result<(Self, BufReader<TimedReader>, ChildStdin)> {
        let mut cmd = Command::new(&program[0]);
        cmd.args(&program[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start {}", program[0]))?;
        let stdin = child.stdin.take().context("the program has no stdin")?;
        let stdout = child.stdout.take().context("the program has no stdout")?;
        Ok((
            Self { child },
            BufReader::new(TimedReader::new(stdout, timeout)),
            stdin,
        ))
    }

    /// Waits up to `timeout` for the program to exit; then kills its whole process group (what
    /// it started dies with it). Returns whether it exited by itself.
    fn finish(mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let exited = loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break true,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
                _ => break false,
            }
        };
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            use nix::sys::signal::{killpg, Signal};
            // The group may be gone already: nothing to do then.
            let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        exited
    }
}

#[expect(
    clippy::cast_possible_wrap,
    reason = "board sides are below 2^32, so a file or rank fits i64"
)]
fn random_start(duel: &Duel, rng: &mut SplitMix) -> (Coord, Coord) {
    let rect = duel.rect();
    loop {
        let mut pick = || {
            Coord::new(
                1 + rng.below(rect.width() as usize) as i64,
                1 + rng.below(rect.height() as usize) as i64,
            )
        };
        let (w, b) = (pick(), pick());
        if duel.check_start(w, b).is_ok() {
            return (w, b);
        }
    }
}

/// What one refereed game came to, in words, and the program's moves when it won.
fn judge_text(
    verdict: &Verdict,
    program: Colour,
    game: &Game<'_>,
    cap: u32,
    timeout_ms: u64,
) -> (Option<u32>, String) {
    match verdict {
        Verdict::Over(Outcome::Won { side, .. }) if *side == program => {
            let moves = game.moves_made(program);
            let plural = if moves == 1 { "" } else { "s" };
            (Some(moves), format!("win in {moves} move{plural}"))
        }
        Verdict::Over(Outcome::Won { .. }) if game.to_move() == program => {
            (None, "LOSS: the judge won".into())
        }
        Verdict::Over(Outcome::Won { .. }) => (
            None,
            "LOSS: the program's move handed the win to the judge".into(),
        ),
        Verdict::Over(Outcome::Drawn(DrawBy::MoveCap)) => (
            None,
            format!(
                "LOSS: {} without a win",
                chessreach::geometry::counted(cap, "move", "moves")
            ),
        ),
        Verdict::Over(o) => (None, format!("LOSS: {o}")),
        Verdict::Illegal { side, error } if *side == program => (None, format!("ILLEGAL MOVE: {error}")),
        Verdict::Failed {
            side,
            error: PlayerError::Timeout,
        } if *side == program => (None, format!("TIMEOUT after {timeout_ms} ms")),
        Verdict::Failed { side, error } if *side == program => (None, format!("PROTOCOL ERROR: {error}")),
        other => (None, format!("JUDGE ERROR: {other}")),
    }
}

fn judge(a: &JudgeArgs, budget: Budget) -> Result<()> {
    let knightmare = a.pieces.is_knightmare();
    let boards = a.board.all(knightmare);
    if boards.is_empty() {
        bail!(UsageError(format!(
            "--board {}..{}: no board of even sides in the range (knightmare needs them)",
            a.board.lo, a.board.hi
        )));
    }
    // Every board must make a duel: check them all before the first game.
    let duels: Vec<Duel> = boards.iter().map(|&r| a.pieces.duel(r)).collect::<Result<_>>()?;
    if a.policy == PolicyName::Optimal {
        let largest = duels
            .iter()
            .max_by_key(|d| d.rect().len())
            .map(Solution::bytes_needed);
        budget
            .check("the optimal opponent", largest.flatten())
            .map_err(|e| UsageError(format!("{e}; choose a smaller board or --policy greedy")))?;
    }
    let program: Vec<String> = if a.program.is_empty() {
        let me = std::env::current_exe()?.display().to_string();
        if knightmare {
            vec![me, "solve".into(), "knightmare".into()]
        } else {
            let mut v = vec![me, "duel".into(), "serve".into()];
            v.extend(serve_args(&a.pieces));
            v
        }
    } else {
        a.program.clone()
    };
    let timeout = Duration::from_millis(a.timeout_ms);
    let mut rng = SplitMix::new(a.seed);
    let mut solutions = Solutions::default();
    let mut out = output::stdout();
    let (mut wins, mut total_moves, mut failures) = (0u32, 0u64, 0u32);
    for game_no in 1..=a.games {
        let duel = &duels[rng.below(duels.len())];
        let (w, b) = random_start(duel, &mut rng);
        let (mut policy, name) =
            Policy::for_game(a.policy.into(), game_no, duel, a.seed, budget, &mut solutions)?;
        let game = Game::new(duel, w, b)?;
        let (proc_, reader, stdin) = Program::spawn(&program, timeout)?;
        let (won, text, log) = match ProgramLink::open(reader, stdin, &game) {
            // No side chosen in time (a grandchild holding the output open included).
            Err((PlayerError::Timeout, log)) => (None, format!("TIMEOUT after {} ms", a.timeout_ms), log),
            Err((e, log)) => (None, format!("PROTOCOL ERROR: {e}"), log),
            Ok(mut link) => {
                let side = link.side();
                let mut game = game.with_move_cap(side, a.cap);
                let verdict = match side {
                    Colour::White => referee(&mut game, &mut link, &mut policy),
                    Colour::Black => referee(&mut game, &mut policy, &mut link),
                };
                let (won, text) = judge_text(&verdict, side, &game, a.cap, a.timeout_ms);
                (won, text, link.transcript().to_vec())
            }
        };
        let exited = proc_.finish(timeout);
        let (won, text) = if won.is_some() && !exited {
            (
                None,
                format!("PROTOCOL ERROR: {text}, but the program did not exit after the game"),
            )
        } else {
            (won, text)
        };
        writeln!(
            out,
            "game {game_no}: {}, white {} black {}, {name} opponent: {text}",
            duel.rect(),
            self::name(duel, w),
            self::name(duel, b)
        )?;
        if let Some(moves) = won {
            wins += 1;
            total_moves += u64::from(moves);
        } else {
            failures += 1;
        }
        if won.is_none() || a.transcript {
            for l in &log {
                writeln!(out, "    {l}")?;
            }
        }
        out.flush()?;
    }
    writeln!(out, "{}", series_summary(wins, failures, a.games, total_moves))?;
    out.flush()?;
    if failures > 0 {
        bail!("{failures} game(s) not won");
    }
    Ok(())
}

/// The last line of a judged series: `3 won, 1 not won, of 4 games; 2.7 moves per win on
/// average` (`of 1 game`, `no wins`).
#[expect(
    clippy::cast_precision_loss,
    reason = "an average shown to one decimal: f64's rounding of a move count is invisible"
)]
fn series_summary(wins: u32, failures: u32, games: u32, total_moves: u64) -> String {
    let average = if wins > 0 {
        format!(
            "{:.1} moves per win on average",
            total_moves as f64 / f64::from(wins)
        )
    } else {
        "no wins".to_owned()
    };
    let plural = if games == 1 { "" } else { "s" };
    format!("{wins} won, {failures} not won, of {games} game{plural}; {average}")
}

/// The arguments that make `duel serve` play the same pieces.
fn serve_args(p: &Pieces) -> Vec<String> {
    let mut v = Vec::new();
    let mut push = |flag: &str, value: Option<String>| {
        if let Some(x) = value {
            v.push(flag.to_owned());
            v.push(x);
        }
    };
    push("--white", p.white.clone());
    push("--black", p.black.clone());
    push("--dialect", Some(p.dialect.to_string()));
    push("--white-target", p.white_target.map(|c| c.to_string()));
    push("--black-target", p.black_target.map(|c| c.to_string()));
    push("--wrap", p.wrap.map(|w| w.to_string()));
    if p.knightmare_targets {
        v.push("--knightmare-targets".into());
    }
    v
}

// ---------------------------------------------------------------- engines

/// The engine's side of a duel: the knightmare strategy where it applies and the solver does
/// not fit (or is not needed), otherwise exact play from the solver.
enum Engine {
    Strategy(StrategyPlayer),
    Solver(Policy),
}

impl Engine {
    /// The engine for a start, and the side it plays (`want`, or the side that wins).
    fn new(duel: &Duel, w: Coord, b: Coord, want: Option<Colour>, budget: Budget) -> Result<(Self, Colour)> {
        if let Ok(strategy) = Strategy::new(duel) {
            let player = StrategyPlayer::new(strategy, w, b);
            if want.is_none_or(|s| s == player.side()) {
                return Ok((Self::Strategy(player), player.side()));
            }
        }
        let solved = Solution::solve(duel, budget, None).map_err(|e| {
            anyhow::Error::new(UsageError(format!("the engine needs the exact solution: {e}")))
        })?;
        let side = want.unwrap_or(match solved.value(w, b, Colour::White) {
            Value::Win { side, .. } => side,
            Value::Draw => Colour::White,
        });
        Ok((Self::Solver(Policy::Optimal(Arc::new(solved))), side))
    }
}

impl Player for Engine {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        match self {
            Self::Strategy(p) => p.choose(game),
            Self::Solver(p) => p.choose(game),
        }
    }
}

// ---------------------------------------------------------------- serve

fn serve(pieces: &Pieces, budget: Budget) -> Result<()> {
    let stdin = io::stdin();
    let mut tokens = Tokens::new(stdin.lock());
    let rows = tokens.int("the number of rows n")?;
    let cols = tokens.int("the number of columns m")?;
    let rect = u64::try_from(cols)
        .ok()
        .zip(u64::try_from(rows).ok())
        .and_then(|(f, r)| Rect::new(f, r).ok())
        .with_context(|| format!("line 1: expected a board size, found {rows} {cols}"))?;
    let duel = pieces.duel(rect)?;
    let (Some(w), Some(b)) = (tokens.square("White's start")?, tokens.square("Black's start")?) else {
        bail!("line {}: expected the two starts, found -1 -1", tokens.line());
    };
    let mut game = Game::new(&duel, w, b).with_context(|| format!("line {}", tokens.line()))?;
    let (mut engine, side) = Engine::new(&duel, w, b, None, budget)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}", if side == Colour::White { "WHITE" } else { "BLACK" })?;
    out.flush()?;
    let mut judge = JudgeLink::new(tokens, out);
    let verdict = match side {
        Colour::White => referee(&mut game, &mut engine, &mut judge),
        Colour::Black => referee(&mut game, &mut judge, &mut engine),
    };
    match verdict {
        Verdict::Over(_)
        | Verdict::Failed {
            error: PlayerError::Stopped,
            ..
        } => Ok(()),
        other => bail!("{other}"),
    }
}

// ---------------------------------------------------------------- play

/// Lines in a row that are not a move before `duel play` gives up: a person never needs so
/// many, endless input (`yes | …`) would answer each for ever.
const RETRIES: usize = 100;

/// A person at the terminal.
struct Human<R, W> {
    input: Lines<R>,
    out: W,
}

impl<R: BufRead, W: Write> Human<R, W> {
    fn draw(&mut self, game: &Game<'_>) -> io::Result<()> {
        let duel = game.duel();
        let rect = duel.rect();
        let (w, b) = (game.square(Colour::White), game.square(Colour::Black));
        if rect.width() <= DRAW_LIMIT && rect.height() <= DRAW_LIMIT {
            write!(
                self.out,
                "\n{}",
                render::text(&View::whole(rect), render::duel_cell(duel, w, b))
            )
        } else {
            writeln!(
                self.out,
                "\nWhite on {}, Black on {}",
                name(duel, w),
                name(duel, b)
            )
        }
    }
}

impl<R: BufRead, W: Write> Player for Human<R, W> {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        self.draw(game)?;
        let side = game.to_move();
        let from = game.square(side);
        let legal = game.legal_moves();
        let mut last = String::new();
        for _ in 0..RETRIES {
            write!(self.out, "your move ({side}, from {from}): ")?;
            self.out.flush()?;
            // Lines are read bounded (`LINE_LIMIT`): endless input without a line break ends
            // the game with a protocol error instead of filling memory.
            let Some(line) = self.input.next_line()?.filter(|l| l.trim() != "q") else {
                return Err(PlayerError::Stopped);
            };
            match line.trim().parse::<Coord>() {
                Ok(t) if legal.contains(&t) => return Ok(t),
                Ok(t) => writeln!(self.out, "{t} is not a move from {from}; try again")?,
                Err(_) => writeln!(
                    self.out,
                    "could not read `{}`: type a square, `e4` or `5,4`",
                    line.trim().chars().take(32).collect::<String>()
                )?,
            }
            last = line;
        }
        // Endless wrong input (`yes | chessreach duel play`) ends the game, at its last line.
        let mut at = Input::at_line(last.trim(), self.input.number());
        Err(at
            .error_here(Expected::Text(format!(
                "a move from {from} within {RETRIES} tries in a row"
            )))
            .into())
    }

    fn observe(&mut self, game: &Game<'_>, mv: Coord) -> Result<(), PlayerError> {
        writeln!(
            self.out,
            "the engine ({}) moves to {mv}",
            game.to_move().opponent()
        )?;
        Ok(())
    }

    fn finish(&mut self, game: &Game<'_>, verdict: &Verdict) {
        let _ = match verdict {
            Verdict::Failed {
                error: PlayerError::Stopped,
                ..
            } => writeln!(self.out, "\nbye"),
            _ => self.draw(game).and_then(|()| writeln!(self.out, "{verdict}")),
        };
    }
}

fn play(a: &PlayArgs, budget: Budget) -> Result<()> {
    let duel = a.pieces.duel(a.board)?;
    let (w, b) = match a.from {
        Some((w, Some(b))) => (w, b),
        Some((_, None)) => bail!(UsageError("--from: give both squares, `WSQ,BSQ`".into())),
        None => random_start(&duel, &mut SplitMix::new(a.seed)),
    };
    let mut game = Game::new(&duel, w, b).map_err(|e| UsageError(format!("--from: {e}")))?;
    let want = a.side.map(|s| match s {
        output::Side::White => Colour::Black,
        output::Side::Black => Colour::White,
    });
    let (mut engine, engine_side) = Engine::new(&duel, w, b, want, budget)?;
    let you = engine_side.opponent();
    {
        let mut out = io::stdout().lock();
        writeln!(out, "{}", describe(&duel))?;
        writeln!(
            out,
            "The engine plays {engine_side}; you play {you}. {}. Moves: a square (`e4`, `5,4`); q quits.",
            render::DUEL_LEGEND
        )?;
    }
    let stdin = io::stdin();
    let mut human = Human {
        input: Lines::new(stdin.lock()),
        out: io::stdout(),
    };
    let verdict = match you {
        Colour::White => referee(&mut game, &mut human, &mut engine),
        Colour::Black => referee(&mut game, &mut engine, &mut human),
    };
    match verdict {
        Verdict::Failed { error, .. } if !matches!(error, PlayerError::Stopped) => Err(error.into()),
        _ => Ok(()),
    }
}
