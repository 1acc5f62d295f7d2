//! Output formats shared by the tools.

use std::io::{self, BufWriter, StdoutLock, Write};

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

/// Buffered, locked stdout.
pub(crate) fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes a JSON value, pretty, with a trailing newline.
pub(crate) fn write_json(out: &mut impl Write, value: &serde_json::Value) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
