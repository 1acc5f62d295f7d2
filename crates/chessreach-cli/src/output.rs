//! Output formats shared by the tools.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::Path;

use anyhow::Context;
use chessreach::limits::read_within;

/// How a tool prints its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Format {
    /// A text diagram and a summary.
    #[default]
    Text,
    /// Machine-readable JSON.
    Json,
    /// A standalone SVG picture.
    Svg,
}

/// A side, as options name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Side {
    /// White, who moves first.
    #[value(alias = "w")]
    White,
    /// Black.
    #[value(alias = "b")]
    Black,
}

impl From<Side> for chessreach::piece::Colour {
    fn from(s: Side) -> Self {
        match s {
            Side::White => Self::White,
            Side::Black => Self::Black,
        }
    }
}

/// Buffered (64 KiB: a route of millions of squares is written in few calls), locked stdout.
pub(crate) fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// An integer for JSON: a number up to 2^53 (what every JSON reader holds exactly), a string
/// beyond (a route 10^18 files long).
pub(crate) fn json_int(n: u64) -> serde_json::Value {
    if n <= 1 << 53 {
        serde_json::Value::from(n)
    } else {
        serde_json::Value::from(n.to_string())
    }
}

/// Writes a JSON value, pretty, with a trailing newline.
/// The `"wrap"` member of a JSON answer: `files`, `ranks` or `both` on a wrapped board, absent
/// on a flat one (so flat answers keep the shape they have always had).
pub(crate) fn wrap_of(board: chessreach::geometry::Board) -> Option<&'static str> {
    let wrap = board.wrap();
    (!wrap.is_flat()).then(|| wrap.as_str())
}

/// `value` (an object) with [`wrap_of`]'s member added where the board wraps.
pub(crate) fn with_wrap(
    mut value: serde_json::Value,
    board: chessreach::geometry::Board,
) -> serde_json::Value {
    if let (Some(w), Some(object)) = (wrap_of(board), value.as_object_mut()) {
        object.insert("wrap".into(), w.into());
    }
    value
}

pub(crate) fn write_json(out: &mut impl Write, value: &serde_json::Value) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// The whole content of `file`, or of stdin when there is none, as bytes (the caller decides
/// what to do with text that is not UTF-8), refused past `limit` bytes (the memory budget: the
/// input is held in memory).
pub(crate) fn read_bytes(file: Option<&Path>, limit: u64) -> anyhow::Result<Vec<u8>> {
    if let Some(p) = file {
        let f = std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
        read_within(f, limit).with_context(|| p.display().to_string())
    } else {
        read_within(io::stdin().lock(), limit).context("stdin")
    }
}

/// The whole text of `file`, or of stdin when there is none, up to `limit` bytes (held once:
/// no copy); bytes that are not UTF-8 are an error at their line and column.
pub(crate) fn read_input(file: Option<&Path>, limit: u64) -> anyhow::Result<String> {
    let bytes = read_bytes(file, limit)?;
    chessreach::input::decode(&bytes)?;
    // Checked above; kept without a copy (the text may be as large as the budget).
    Ok(String::from_utf8(bytes).map_err(|e| e.utf8_error())?)
}

/// A progress bar on stderr for long work (`{bar} done/total stage elapsed`); hidden when
/// `quiet` or under [`with_deadline`] (a server's request), and drawn only when stderr is a
/// terminal.
pub(crate) fn progress_bar(quiet: bool, len: u64) -> indicatif::ProgressBar {
    // Under a deadline (a server request) stderr is the server's log: no bar there.
    let bar = if quiet || DEADLINE.with(std::cell::Cell::get).is_some() {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(len)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

thread_local! {
    /// When the computation on this thread must stop (a server request's time limit).
    static DEADLINE: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
}

/// A computation stopped at a progress step because its deadline had passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cancelled;

/// Runs `f` on this thread with `deadline`: the engines' progress steps (reported through
/// [`progress_update`]) stop it once the deadline has passed, unwinding out of the engine
/// (its tables are dropped on the way, every lock it holds is its own), so a computation
/// beyond a server request's time limit frees its worker at its next progress step instead of
/// running to the end. A panic that is not a cancellation goes on unwinding. O(1) besides `f`.
///
/// # Errors
///
/// [`Cancelled`] when the deadline stopped `f`.
pub(crate) fn with_deadline<T>(deadline: std::time::Instant, f: impl FnOnce() -> T) -> Result<T, Cancelled> {
    let previous = DEADLINE.with(|d| d.replace(Some(deadline)));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    DEADLINE.with(|d| d.set(previous));
    match result {
        Ok(v) => Ok(v),
        Err(payload) if payload.is::<Cancelled>() => Err(Cancelled),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// The progress callback of an engine: it moves `bar`, and, under [`with_deadline`] (the
/// deadline of the thread that makes the callback, read once here), stops the computation
/// once the deadline has passed. Engines may call it from any thread: the stop unwinds to the
/// engine's caller through its scoped threads and rayon's joins. O(1) a call.
pub(crate) fn progress_update(bar: &indicatif::ProgressBar) -> impl Fn(&'static str, u64, u64) + Sync + '_ {
    let deadline = DEADLINE.with(std::cell::Cell::get);
    move |stage, done, total| {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            // Not `panic!`: no message, no hook; `with_deadline` catches exactly this payload.
            std::panic::resume_unwind(Box::new(Cancelled));
        }
        bar.set_length(total);
        bar.set_position(done);
        bar.set_message(stage);
    }
}

/// Stops the computation on this thread, as a progress step does, when its [`with_deadline`]
/// deadline has passed: for loops of the faces themselves (writing a long answer). O(1).
pub(crate) fn check_deadline() {
    if DEADLINE
        .with(std::cell::Cell::get)
        .is_some_and(|d| std::time::Instant::now() >= d)
    {
        std::panic::resume_unwind(Box::new(Cancelled));
    }
}
