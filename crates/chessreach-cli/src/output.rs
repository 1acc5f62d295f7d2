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

/// The whole text of `file`, or of stdin when there is none, up to `limit` bytes; bytes that
/// are not UTF-8 are an error at their line and column.
pub(crate) fn read_input(file: Option<&Path>, limit: u64) -> anyhow::Result<String> {
    let bytes = read_bytes(file, limit)?;
    Ok(chessreach::input::decode(&bytes)?.to_owned())
}

/// A progress bar on stderr for long work (`{bar} done/total stage elapsed`); hidden when
/// `quiet`, and drawn only when stderr is a terminal.
pub(crate) fn progress_bar(quiet: bool, len: u64) -> indicatif::ProgressBar {
    let bar = if quiet {
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
