//! `chessreach attacks`: the attack map of a position.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::{AttackMap, Position, StripAttackMap};
use chessreach::geometry::{Board, Coord, Rect, Strip};
use chessreach::limits::Budget;
use chessreach::piece::Colour;
use chessreach::render::{self, attack_cell, attack_legend, View};
use serde_json::{json, Value};

use crate::output::{self, Format};
use crate::position_args::PositionArgs;
use crate::UsageError;

/// Arguments of `chessreach attacks`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,

    /// Output: a text diagram, JSON, or an SVG picture.
    #[arg(long, value_enum, default_value_t)]
    format: Format,

    /// Show only one side's attacks.
    #[arg(long, value_enum)]
    side: Option<output::Side>,

    #[command(flatten)]
    window: Window,
}

/// The part of the board a picture shows.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(crate) struct Window {
    /// Files to draw, `LO..HI`: on a strip (default: the pieces' files and 2 more each side),
    /// or a window of a bounded board (default: all of it, up to 200 files).
    #[arg(long, value_parser = parse_files, allow_hyphen_values = true)]
    pub(crate) files: Option<(i64, i64)>,
    /// Ranks to draw on a bounded board, `LO..HI` (default: all, up to 200).
    #[arg(long, value_parser = parse_files, allow_hyphen_values = true)]
    pub(crate) ranks: Option<(i64, i64)>,
}

/// Reads `LO..HI`.
pub(crate) fn parse_files(s: &str) -> Result<(i64, i64), String> {
    let bad = || format!("expected LO..HI such as `-5..20`, found `{s}`");
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let (a, b): (i64, i64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b || b.abs_diff(a) >= 2000 {
        return Err(format!("{a}..{b}: need LO <= HI and at most 2000 files or ranks"));
    }
    Ok((a, b))
}

/// The window to draw (see [`render::view_of`]), as a usage error when it cannot be drawn.
pub(crate) fn view_of(pos: &Position, window: Window, extra: &[Coord]) -> Result<View> {
    render::view_of(pos, window.into(), extra).map_err(crate::usage)
}

impl From<Window> for render::Window {
    fn from(w: Window) -> Self {
        Self {
            files: w.files,
            ranks: w.ranks,
        }
    }
}

/// The pieces of a position as JSON objects (`betza`, `colour`, `index`, `square`, `symbol`,
/// `wall`), serialized one by one: 10^5 pieces need no tree of values. O(pieces + kinds).
pub(crate) struct PiecesJson<'a>(pub(crate) &'a Position);

impl serde::Serialize for PiecesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        /// One piece, its fields in the order the objects have always had (alphabetical).
        struct Piece<'a> {
            betza: &'a str,
            colour: Option<Colour>,
            index: usize,
            square: &'a str,
            symbol: char,
            wall: bool,
        }
        impl serde::Serialize for Piece<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut o = s.serialize_struct("Piece", 6)?;
                o.serialize_field("betza", self.betza)?;
                o.serialize_field("colour", &self.colour)?;
                o.serialize_field("index", &self.index)?;
                o.serialize_field("square", self.square)?;
                o.serialize_field("symbol", &self.symbol)?;
                o.serialize_field("wall", &self.wall)?;
                o.end()
            }
        }
        let pos = self.0;
        let betza: Vec<String> = pos.kinds().iter().map(|k| k.rule.to_string()).collect();
        let mut seq = s.serialize_seq(Some(pos.pieces().len()))?;
        let mut square = String::new();
        for (i, p) in pos.pieces().iter().enumerate() {
            let wall = pos.kinds()[p.kind].is_wall();
            square.clear();
            p.at.push_name(&mut square);
            seq.serialize_element(&Piece {
                betza: &betza[p.kind],
                colour: (!wall).then_some(p.colour),
                index: i,
                square: &square,
                symbol: pos.symbol_of(i),
                wall,
            })?;
        }
        seq.end()
    }
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let pos = args.position.position()?;
    let mut out = output::stdout();
    match pos.board() {
        Board::Rect(rect) => bounded(args, &pos, rect, budget, &mut out)?,
        Board::Strip(strip) => unbounded(args, &pos, strip, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

/// Bytes of JSON text (and its tree in memory) per (square, attacker) pair, about.
const JSON_BYTES_PER_PAIR: u64 = 64;

fn bounded(args: &Args, pos: &Position, rect: Rect, budget: Budget, out: &mut impl Write) -> Result<()> {
    // A picture too large to draw is refused before anything is computed.
    let view = if args.format == Format::Json {
        None
    } else {
        Some(view_of(pos, args.window, &[])?)
    };
    let json = if args.format == Format::Json {
        AttackMap::pairs_bound(pos).and_then(|p| p.checked_mul(JSON_BYTES_PER_PAIR))
    } else {
        Some(0)
    };
    let needed = AttackMap::bytes_needed(pos)
        .zip(json)
        .and_then(|(a, b)| a.checked_add(b));
    budget
        .check("the attack map", needed)
        .map_err(|e| UsageError(format!("{e}; raise it with --max-memory")))?;
    let map = AttackMap::new(pos)?;
    match args.format {
        Format::Json => {
            let side_json = |c: Colour| {
                json!({
                    "count": map.attacked(c).count(),
                    "squares": map.attacked(c).iter().map(|s| rect.coord(s).to_string()).collect::<Vec<_>>(),
                })
            };
            let attackers: serde_json::Map<String, Value> = rect
                .squares()
                .filter(|&s| !map.attackers(s).is_empty())
                .map(|s| (rect.coord(s).to_string(), json!(map.attackers(s))))
                .collect();
            output::write_json(
                out,
                &json!({
                    "board": pos.board().to_string(),
                    "pieces": PiecesJson(pos),
                    "white": side_json(Colour::White),
                    "black": side_json(Colour::Black),
                    "attackers": attackers,
                }),
            )
        }
        Format::Svg | Format::Text => {
            let Some(view) = view else {
                unreachable!("a view is made for every picture above")
            };
            let cell = attack_cell(pos, &map, args.side.map(Colour::from));
            if args.format == Format::Svg {
                let keys = render::attack_keys(args.side.map(Colour::from));
                out.write_all(
                    render::svg(
                        &view,
                        &render::titled(&format!("Attacks on a {rect} board"), pos, &view),
                        keys,
                        &[],
                        cell,
                    )
                    .as_bytes(),
                )?;
            } else {
                write!(out, "{}", render::text(&view, cell))?;
                writeln!(out, "{}", attack_legend(args.side.map(Colour::from)))?;
                writeln!(
                    out,
                    "White attacks {} squares; Black attacks {} squares.",
                    map.attacked(Colour::White).count(),
                    map.attacked(Colour::Black).count()
                )?;
            }
            Ok(())
        }
    }
}

fn unbounded(args: &Args, pos: &Position, strip: Strip, out: &mut impl Write) -> Result<()> {
    let map = StripAttackMap::new(pos).expect("the board is a strip");
    match args.format {
        Format::Json => {
            let squares: Vec<Value> = map
                .finite()
                .chunk_by(|a, b| a.0 == b.0)
                .map(|run| json!({"square": run[0].0.to_string(), "attackers": run.iter().map(|x| x.1).collect::<Vec<_>>()}))
                .collect();
            let rays: Vec<Value> = map
                .rays()
                .map(|r| {
                    json!({
                        "piece": r.piece,
                        "from": r.from.to_string(),
                        "step": [r.step.dx, r.step.dy],
                        "until": r.until.map(|u| u.to_string()),
                    })
                })
                .collect();
            output::write_json(
                out,
                &json!({
                    "board": strip.to_string(),
                    "pieces": PiecesJson(pos),
                    "squares": squares,
                    "rays": rays,
                }),
            )
        }
        Format::Svg | Format::Text => {
            let view = view_of(pos, args.window, &[])?;
            let cell = attack_cell(pos, &map, args.side.map(Colour::from));
            if args.format == Format::Svg {
                let keys = render::attack_keys(args.side.map(Colour::from));
                out.write_all(
                    render::svg(&view, &render::titled("Attacks", pos, &view), keys, &[], cell).as_bytes(),
                )?;
            } else {
                write!(out, "{}", render::text(&view, cell))?;
                writeln!(out, "{}", attack_legend(args.side.map(Colour::from)))?;
                writeln!(
                    out,
                    "{} finitely attacked squares; {} horizontal rider rays (they run on past the picture unless blocked).",
                    map.finite().chunk_by(|a, b| a.0 == b.0).count(),
                    map.rays().count()
                )?;
            }
            Ok(())
        }
    }
}
