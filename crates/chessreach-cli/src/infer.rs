//! `chessreach infer`: the movement rule behind an attack diagram.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use chessreach::infer::{infer_within_progress, Diagram, Inference};
use chessreach::limits::Budget;
use chessreach::problems::weird_chess::parse_diagram;
use chessreach::render;

use crate::output::{self, Format};

/// Arguments of `chessreach infer`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The diagram: rows of `o` (piece), `x` (attacked), `.` (safe), optionally after a line
    /// with the size (the weird-chess format). Read from stdin when absent.
    file: Option<PathBuf>,

    /// Output: text, JSON, or an SVG picture (the rule, or the unexplained squares).
    #[arg(long, value_enum, default_value_t)]
    format: Format,

    /// The diagram's text given directly (`chessreach serve`'s `"diagram"`), read instead of
    /// the file or stdin.
    #[arg(skip)]
    pub(crate) diagram: Option<String>,
}

pub(crate) fn run(args: &Args, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let text = match &args.diagram {
        Some(text) => text.clone(),
        None => output::read_input(args.file.as_deref(), budget.bytes())?,
    };
    let d = parse_diagram(&text, false)?;
    let bar = output::progress_bar(false, 0);
    let update = output::progress_update(&bar);
    let found = infer_within_progress(&d, budget, Some(&update))?;
    // The name search of a large diagram takes seconds: with the bar, under the deadline.
    let name = || found.simplest_name_progress(Some(&update));
    match args.format {
        Format::Json => json_out(&d, &found, name, &mut out)?,
        Format::Svg => out.write_all(render::inference_svg(&d, &found)?.as_bytes())?,
        Format::Text => out.write_all(render::inference_text_named(&d, &found, name).as_bytes())?,
    }
    bar.finish_and_clear();
    Ok(())
}

/// The JSON answer, written member by member as `serde_json`'s pretty printer writes the
/// object (members in its order, alphabetical): the lists are serialized straight from the
/// inference, never as a tree of values (a 1500×1500 diagram has 6.75 million offsets: a tree
/// of them took 700 MB), and a server's deadline is checked every 2^16 items. O(offsets +
/// squares) time, O(1) memory beyond the answer's text.
fn json_out(
    d: &Diagram,
    found: &Inference,
    name: impl FnOnce() -> Option<String>,
    out: &mut impl Write,
) -> Result<()> {
    use serde::ser::{SerializeMap, Serializer};
    let pair = |(a, b): (i64, i64)| [a, b];
    let mut ser = serde_json::Serializer::pretty(&mut *out);
    let mut map = ser.serialize_map(None)?;
    map.serialize_entry("betza", &found.offsets.betza())?;
    map.serialize_entry("consistent", &found.unexplained.is_empty())?;
    map.serialize_entry("height", &d.height())?;
    map.serialize_entry("offsets", &Listed::new(found.offsets.iter().map(pair)))?;
    map.serialize_entry("rule_diagram", &found.offsets.diagram())?;
    map.serialize_entry("simplest_betza", &name())?;
    map.serialize_entry(
        "unexplained",
        &Listed::new(found.unexplained.iter().map(|&(r, c)| Square {
            column: c + 1,
            row: r + 1,
        })),
    )?;
    map.serialize_entry("usable_offsets", &Listed::new(found.usable.iter().map(pair)))?;
    map.serialize_entry("width", &d.width())?;
    map.end()?;
    writeln!(out)?;
    Ok(())
}

/// An unexplained square as the answer lists it.
#[derive(serde::Serialize)]
struct Square {
    column: usize,
    row: usize,
}

/// A list serialized from an iterator, once, checking the deadline every 2^16 items.
struct Listed<I>(std::cell::Cell<Option<I>>);

impl<I> Listed<I> {
    const fn new(items: I) -> Self {
        Self(std::cell::Cell::new(Some(items)))
    }
}

impl<I: Iterator<Item = T>, T: serde::Serialize> serde::Serialize for Listed<I> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let items = self.0.take().into_iter().flatten().enumerate().map(|(i, item)| {
            if i % (1 << 16) == 0 {
                output::check_deadline();
            }
            item
        });
        s.collect_seq(items)
    }
}

#[cfg(test)]
mod tests {
    use chessreach::infer::infer;
    use chessreach::problems::weird_chess::parse_diagram;
    use serde_json::json;

    /// The streamed answer is the tree `serde_json` prints, on consistent and inconsistent
    /// diagrams.
    #[test]
    fn streamed_json_is_the_tree_printed() {
        for text in [
            "...\n.o.\nx..\n",
            "x.x\n.o.\nx.x\n",
            "o..\n...\n..x\n",
            "o\n",
            "o..x\n.x..\n",
        ] {
            let d = parse_diagram(text, false).expect("a diagram");
            let found = infer(&d);
            let tree = json!({
                "width": d.width(),
                "height": d.height(),
                "consistent": found.unexplained.is_empty(),
                "offsets": found.offsets.iter().map(|(dx, dy)| [dx, dy]).collect::<Vec<_>>(),
                "betza": found.offsets.betza(),
                "simplest_betza": found.simplest_name(),
                "usable_offsets": found.usable.iter().map(|(dx, dy)| [dx, dy]).collect::<Vec<_>>(),
                "rule_diagram": found.offsets.diagram(),
                "unexplained": found.unexplained.iter().map(|&(r, c)| json!({"row": r + 1, "column": c + 1})).collect::<Vec<_>>(),
            });
            let mut want = serde_json::to_string_pretty(&tree).expect("text");
            want.push('\n');
            let mut got = Vec::new();
            super::json_out(&d, &found, || found.simplest_name(), &mut got).expect("written");
            assert_eq!(String::from_utf8(got).expect("UTF-8"), want, "{text:?}");
        }
    }
}
