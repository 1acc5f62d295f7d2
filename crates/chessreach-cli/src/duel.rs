//! `chessreach duel`: judge a knight-duel program, prove the strategy, or play it.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use chessreach::duel::policy::{Policy, SplitMix};
use chessreach::duel::solver::Solved;
use chessreach::duel::strategy::Strategy;
use chessreach::duel::verify::verify_board;
use chessreach::duel::Duel;
use chessreach::geometry::Coord;
use chessreach::piece::Colour;
use chessreach::render::{self, Cell, View};
use rayon::prelude::*;

use crate::UsageError;

/// Arguments of `chessreach duel`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Referee any program speaking the knightmare protocol (chessreach itself by default).
    Judge(JudgeArgs),
    /// Prove the strategy on every board up to a size, every start, every reply.
    Verify(VerifyArgs),
    /// Play against the engine in the terminal.
    Play(PlayArgs),
}

/// Board sizes `RxC` or a range `RxC..RxC` (rows × columns, even, at least 6).
#[derive(Debug, Clone, Copy)]
struct Boards {
    lo: (u64, u64),
    hi: (u64, u64),
}

fn parse_size(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("expected ROWSxCOLS such as `8x8`, found `{s}`");
    let (r, c) = s.split_once('x').ok_or_else(bad)?;
    let (r, c): (u64, u64) = (
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    );
    if r < 6 || c < 6 || r % 2 == 1 || c % 2 == 1 || r > 1000 || c > 1000 {
        return Err(format!(
            "board {r}x{c}: rows and columns must be even, from 6 to 1000"
        ));
    }
    Ok((r, c))
}

fn parse_boards(s: &str) -> Result<Boards, String> {
    match s.split_once("..") {
        Some((a, b)) => Ok(Boards {
            lo: parse_size(a)?,
            hi: parse_size(b)?,
        }),
        None => {
            let x = parse_size(s)?;
            Ok(Boards { lo: x, hi: x })
        }
    }
}

impl Boards {
    fn all(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for r in (self.lo.0..=self.hi.0).step_by(2) {
            for c in (self.lo.1..=self.hi.1).step_by(2) {
                out.push((r, c));
            }
        }
        out
    }
}

#[derive(Debug, clap::Args)]
struct JudgeArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Board size, or a range of sizes to draw from: `8x8`, `6x6..10x10`.
    #[arg(long, value_parser = parse_boards, default_value = "8x8")]
    board: Boards,
    /// Seed for boards, starts and the random and greedy opponents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The opponent: random, greedy, optimal (exact; boards up to 30x30), or mixed (by game).
    #[arg(long, default_value = "mixed", value_parser = ["random", "greedy", "optimal", "mixed"])]
    policy: String,
    /// Time limit for each of the program's answers, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    /// Print every game's transcript, not only the failures'.
    #[arg(long)]
    transcript: bool,
    /// The program and its arguments (default: this chessreach, `solve knightmare`).
    #[arg(last = true)]
    program: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// Largest board, `ROWSxCOLS`; every even board from 6x6 up to it is checked.
    #[arg(long, value_parser = parse_size, default_value = "10x10")]
    max: (u64, u64),
    /// Smallest board.
    #[arg(long, value_parser = parse_size, default_value = "6x6")]
    min: (u64, u64),
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Board size `ROWSxCOLS`.
    #[arg(long, value_parser = parse_size, default_value = "8x8")]
    board: (u64, u64),
    /// White's start `row,col` (random when absent).
    #[arg(long)]
    white: Option<String>,
    /// Black's start `row,col` (random when absent).
    #[arg(long)]
    black: Option<String>,
    /// Seed for random starts.
    #[arg(long, default_value_t = 7)]
    seed: u64,
}

pub(crate) fn run(args: &Args) -> Result<()> {
    match &args.command {
        Sub::Judge(a) => judge(a),
        Sub::Verify(a) => verify(a),
        Sub::Play(a) => play(a),
    }
}

// ---------------------------------------------------------------- verify

fn verify(a: &VerifyArgs) -> Result<()> {
    let boards = Boards { lo: a.min, hi: a.max }.all();
    if boards.is_empty() {
        bail!(UsageError(format!(
            "no board between {}x{} and {}x{}",
            a.min.0, a.min.1, a.max.0, a.max.1
        )));
    }
    let bar = if a.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(boards.len() as u64)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} boards {elapsed} {msg}")
            .expect("template"),
    );
    let start = std::time::Instant::now();
    let results: Vec<_> = boards
        .par_iter()
        .map(|&(r, c)| {
            let duel = Duel::new(r, c).expect("checked sizes");
            let out = verify_board(duel, 350);
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let mut out = io::stdout().lock();
    let (mut starts, mut states, mut longest) = (0usize, 0usize, 0u32);
    for r in &results {
        match r {
            Ok(rep) => {
                starts += rep.starts;
                states += rep.states;
                longest = longest.max(rep.longest);
            }
            Err(e) => {
                writeln!(out, "counterexample: {e}")?;
                bail!("the strategy fails on a start (above)");
            }
        }
    }
    writeln!(
        out,
        "verified {} boards ({}x{} to {}x{}): {starts} starts, {states} game states, every reply; \
         the chosen side always wins, at most {longest} own moves; {:.2?}",
        results.len(),
        a.min.0,
        a.min.1,
        a.max.0,
        a.max.1,
        start.elapsed()
    )?;
    Ok(())
}

// ---------------------------------------------------------------- judge

/// The program under test, with its output read on a thread so answers can time out.
struct Player {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
}

impl Player {
    fn spawn(program: &[String], timeout: Duration) -> Result<Self> {
        let mut child = Command::new(&program[0])
            .args(&program[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", program[0]))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
            timeout,
        })
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.stdin, "{text}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write to the program: {e}"))
    }

    fn read(&self) -> Result<String, Verdict> {
        match self.lines.recv_timeout(self.timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(Verdict::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                Err(Verdict::Protocol("the program closed its output".into()))
            }
        }
    }

    /// Waits for the program to exit after the game; kills it past the timeout.
    fn finish(mut self) -> Option<String> {
        drop(self.stdin);
        let deadline = std::time::Instant::now() + self.timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return None,
                Ok(None) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return Some("the program did not exit after the game".into());
                }
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Verdict {
    Win(u32),
    Loss(String),
    Illegal(String),
    Protocol(String),
    Timeout,
}

fn parse_move(line: &str) -> Option<Coord> {
    let mut it = line.split_whitespace().map(str::parse::<i64>);
    match (it.next(), it.next(), it.next()) {
        (Some(Ok(x)), Some(Ok(y)), None) => Some(Duel::cell(x, y)),
        _ => None,
    }
}

fn random_start(duel: &Duel, rng: &mut SplitMix) -> (Coord, Coord) {
    loop {
        let pick = |rng: &mut SplitMix| {
            Duel::cell(
                1 + rng.below(duel.rows() as usize) as i64,
                1 + rng.below(duel.cols() as usize) as i64,
            )
        };
        let (w, b) = (pick(rng), pick(rng));
        if duel.check_start(w, b).is_ok() {
            return (w, b);
        }
    }
}

/// One refereed game: the verdict and the transcript.
fn referee(
    program: &[String],
    duel: Duel,
    w0: Coord,
    b0: Coord,
    policy: &mut Policy,
    timeout: Duration,
) -> Result<(Verdict, Vec<String>)> {
    let mut p = Player::spawn(program, timeout)?;
    let mut log = vec![
        format!("{} {}", duel.rows(), duel.cols()),
        format!("{} {} {} {}", w0.rank, w0.file, b0.rank, b0.file),
    ];
    let (mut w, mut b) = (w0, b0);
    let verdict = (|| -> Verdict {
        if let Err(e) = p.send(&log[0]).and_then(|()| p.send(&log[1])) {
            return Verdict::Protocol(e);
        }
        let side = match p.read() {
            Ok(l) if l.trim() == "WHITE" => Colour::White,
            Ok(l) if l.trim() == "BLACK" => Colour::Black,
            Ok(l) => return Verdict::Protocol(format!("expected WHITE or BLACK, got `{l}`")),
            Err(v) => return v,
        };
        log.push(format!(
            "program: {}",
            if side == Colour::White { "WHITE" } else { "BLACK" }
        ));
        let mut own = 0u32;
        let mut to_move = Colour::White;
        loop {
            if to_move == side {
                let line = match p.read() {
                    Ok(l) => l,
                    Err(v) => return v,
                };
                let Some(to) = parse_move(&line) else {
                    return Verdict::Protocol(format!("expected a move `x y`, got `{line}`"));
                };
                log.push(format!("program: {line}"));
                let from = if side == Colour::White { w } else { b };
                if !duel.contains(to) || !Duel::attacks(from, to) {
                    let _ = p.send("-1 -1");
                    return Verdict::Illegal(format!(
                        "({},{}) -> ({},{})",
                        from.rank, from.file, to.rank, to.file
                    ));
                }
                own += 1;
                if side == Colour::White {
                    w = to;
                } else {
                    b = to;
                }
                match duel.after_move(side, w, b) {
                    Some(s) if s == side => return Verdict::Win(own),
                    Some(_) => {
                        let _ = p.send("-1 -1");
                        return Verdict::Loss("the program's move handed the win to the judge".into());
                    }
                    None if own >= 350 => {
                        let _ = p.send("-1 -1");
                        return Verdict::Loss("350 moves without a win".into());
                    }
                    None => {}
                }
            } else {
                let other = side.opponent();
                let to = policy.choose(&duel, other, w, b);
                if other == Colour::White {
                    w = to;
                } else {
                    b = to;
                }
                match duel.after_move(other, w, b) {
                    Some(s) if s == other => {
                        log.push(format!("judge: {} {} (wins)", to.rank, to.file));
                        let _ = p.send("-1 -1");
                        return Verdict::Loss("the judge won".into());
                    }
                    result => {
                        log.push(format!("judge: {} {}", to.rank, to.file));
                        if let Err(e) = p.send(&format!("{} {}", to.rank, to.file)) {
                            return Verdict::Protocol(e);
                        }
                        if result == Some(side) {
                            return Verdict::Win(own);
                        }
                    }
                }
            }
            to_move = to_move.opponent();
        }
    })();
    let verdict = match (verdict, p.finish()) {
        (Verdict::Win(n), Some(e)) => Verdict::Protocol(format!("won in {n} moves, but {e}")),
        (v, _) => v,
    };
    Ok((verdict, log))
}

fn judge(a: &JudgeArgs) -> Result<()> {
    let program: Vec<String> = if a.program.is_empty() {
        vec![
            std::env::current_exe()?.display().to_string(),
            "solve".into(),
            "knightmare".into(),
        ]
    } else {
        a.program.clone()
    };
    let boards = a.board.all();
    let mut rng = SplitMix::new(a.seed);
    let mut out = io::stdout().lock();
    let (mut wins, mut total_moves, mut failures) = (0u32, 0u64, 0u32);
    for game in 1..=a.games {
        let (r, c) = boards[rng.below(boards.len())];
        let duel = Duel::new(r, c).expect("checked sizes");
        let (w, b) = random_start(&duel, &mut rng);
        let name = match a.policy.as_str() {
            "mixed" => ["random", "greedy", "optimal"][game as usize % 3],
            p => p,
        };
        let name = if name == "optimal" && r * c > 900 {
            "greedy"
        } else {
            name
        };
        let mut policy = match name {
            "random" => Policy::Random(SplitMix::new(a.seed ^ u64::from(game))),
            "greedy" => Policy::greedy(duel, a.seed ^ u64::from(game)),
            _ => Policy::Optimal(Box::new(Solved::new(duel))),
        };
        let (verdict, log) = referee(
            &program,
            duel,
            w,
            b,
            &mut policy,
            Duration::from_millis(a.timeout_ms),
        )?;
        let text = match &verdict {
            Verdict::Win(n) => {
                wins += 1;
                total_moves += u64::from(*n);
                format!("win in {n} moves")
            }
            Verdict::Loss(why) => format!("LOSS: {why}"),
            Verdict::Illegal(m) => format!("ILLEGAL MOVE {m}"),
            Verdict::Protocol(e) => format!("PROTOCOL ERROR: {e}"),
            Verdict::Timeout => format!("TIMEOUT after {} ms", a.timeout_ms),
        };
        writeln!(
            out,
            "game {game}: {r}x{c}, white ({},{}) black ({},{}), {name} opponent: {text}",
            w.rank, w.file, b.rank, b.file
        )?;
        let failed = !matches!(verdict, Verdict::Win(_));
        if failed {
            failures += 1;
        }
        if failed || a.transcript {
            for l in &log {
                writeln!(out, "    {l}")?;
            }
        }
    }
    let avg = if wins > 0 {
        total_moves as f64 / f64::from(wins)
    } else {
        0.0
    };
    writeln!(
        out,
        "{wins} won, {failures} not won, of {} games; {avg:.1} moves per win on average",
        a.games
    )?;
    if failures > 0 {
        bail!("{failures} game(s) not won");
    }
    Ok(())
}

// ---------------------------------------------------------------- play

fn parse_cell(s: &str) -> Option<Coord> {
    let s = s.trim();
    if let Some((x, y)) = s.split_once([',', ' ']) {
        return Some(Duel::cell(x.trim().parse().ok()?, y.trim().parse().ok()?));
    }
    // Algebraic: file letter = column, number = row.
    s.parse::<Coord>().ok()
}

/// The board with both knights (`N` White, `n` Black) and the targets (`+` White's, `-` Black's).
pub(crate) fn picture(duel: &Duel, w: Coord, b: Coord) -> String {
    let view = View {
        files: 1..=duel.cols(),
        ranks: 1..=duel.rows(),
    };
    render::text(&view, |c| Cell {
        piece: if c == w {
            Some(('N', Colour::White))
        } else if c == b {
            Some(('N', Colour::Black))
        } else {
            None
        },
        mark: if c == duel.target(Colour::White) {
            Some('+')
        } else if c == duel.target(Colour::Black) {
            Some('-')
        } else {
            None
        },
        ..Cell::default()
    })
}

fn play(a: &PlayArgs) -> Result<()> {
    let duel = Duel::new(a.board.0, a.board.1)?;
    let mut rng = SplitMix::new(a.seed);
    let (mut w, mut b) = random_start(&duel, &mut rng);
    if let Some(s) = &a.white {
        w = parse_cell(s).ok_or_else(|| UsageError(format!("--white {s}: expected row,col")))?;
    }
    if let Some(s) = &a.black {
        b = parse_cell(s).ok_or_else(|| UsageError(format!("--black {s}: expected row,col")))?;
    }
    duel.check_start(w, b).map_err(|e| UsageError(e.to_string()))?;
    let strategy = Strategy::new(duel);
    let mut choice = strategy.choose(w, b);
    let engine = choice.side;
    let you = engine.opponent();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Knight duel on {}x{}. N is White, n is Black; + is White's target, - Black's.",
        duel.rows(),
        duel.cols()
    )?;
    writeln!(
        out,
        "Win by capturing, or by standing on your target while the other knight does not attack it."
    )?;
    writeln!(out, "The engine plays {engine}; you play {you}. Moves: `row col`, `row,col` or algebraic (c4 = column 3, row 4); q quits.")?;
    let mut to_move = Colour::White;
    loop {
        write!(out, "\n{}", picture(&duel, w, b))?;
        if to_move == engine {
            let (me, them) = if engine == Colour::White { (w, b) } else { (b, w) };
            let to = strategy.reply(&mut choice, me, them);
            writeln!(out, "engine ({engine}) moves to {} {}", to.rank, to.file)?;
            if engine == Colour::White {
                w = to;
            } else {
                b = to;
            }
        } else {
            let from = if you == Colour::White { w } else { b };
            let to = loop {
                write!(out, "your move ({you}, from {} {}): ", from.rank, from.file)?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 || line.trim() == "q" {
                    writeln!(out, "\nbye")?;
                    return Ok(());
                }
                match parse_cell(&line) {
                    Some(t) if duel.contains(t) && Duel::attacks(from, t) => break t,
                    Some(_) => writeln!(
                        out,
                        "that is not a knight move from {} {} on the board; try again",
                        from.rank, from.file
                    )?,
                    None => writeln!(
                        out,
                        "could not read `{}`: type `row col`, e.g. `3 4`",
                        line.trim()
                    )?,
                }
            };
            if you == Colour::White {
                w = to;
            } else {
                b = to;
            }
        }
        if let Some(winner) = duel.after_move(to_move, w, b) {
            write!(out, "\n{}", picture(&duel, w, b))?;
            writeln!(
                out,
                "{} wins{}",
                winner,
                if winner == engine {
                    " (the engine)"
                } else {
                    " (you!)"
                }
            )?;
            return Ok(());
        }
        to_move = to_move.opponent();
    }
}
