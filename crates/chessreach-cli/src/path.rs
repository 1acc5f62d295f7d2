//! `chessreach path`: the shortest safe route of a mover.

use std::collections::BTreeSet;
use std::io::Write;

use anyhow::{Context, Result};
use chessreach::attack::{AttackQuery, Position, StripAttackMap};
use chessreach::geometry::{Board, Coord};
use chessreach::limits::Budget;
use chessreach::path::strip::king_route;
use chessreach::path::{Goal, Router};
use chessreach::piece::{Colour, Rule};
use chessreach::render::{self, Cell};
use serde_json::json;

use crate::attacks::{pieces_json, view_of, Window, DRAW_LIMIT};
use crate::output::{self, Format};
use crate::position_args::PositionArgs;
use crate::UsageError;

/// Arguments of `chessreach path`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    position: PositionArgs,

    /// The mover: PIECE@SQUARE, White unless prefixed `b:` (e.g. `K@e1`, `b:N@g8`, `fsW@c3`).
    /// PIECE is a letter (K Q R B N P or --define'd) or any Betza rule; on a strip, a king.
    #[arg(long, value_name = "SPEC", allow_hyphen_values = true)]
    mover: String,

    /// Go to this square.
    #[arg(
        long,
        value_name = "SQUARE",
        allow_hyphen_values = true,
        conflicts_with = "capture"
    )]
    to: Option<Coord>,

    /// Capture the piece on this square (it becomes capturable).
    #[arg(long, value_name = "SQUARE", allow_hyphen_values = true)]
    capture: Option<Coord>,

    /// Hostile pieces the mover may capture on the way: squares separated by `/`, or `all`.
    #[arg(long, value_name = "SQUARES|all", allow_hyphen_values = true)]
    may_capture: Option<String>,

    /// Print the distance to every square instead of one route (bounded boards).
    #[arg(long, conflicts_with_all = ["to", "capture"])]
    all: bool,

    /// Output: a text diagram, JSON, or an SVG picture.
    #[arg(long, value_enum, default_value_t)]
    format: Format,

    #[command(flatten)]
    window: Window,
}

struct MoverSpec {
    rule: Rule,
    colour: Colour,
    at: Coord,
}

fn mover(args: &Args) -> Result<MoverSpec> {
    let bad = |m: String| UsageError(format!("--mover {}: {m}", args.mover));
    let (colour, body) = match args.mover.split_once(':') {
        Some(("w", b)) => (Colour::White, b),
        Some(("b", b)) => (Colour::Black, b),
        Some((p, _)) => return Err(bad(format!("unknown colour prefix `{p}:` (use `w:` or `b:`)")).into()),
        None => (Colour::White, args.mover.as_str()),
    };
    let (piece, square) = body
        .split_once('@')
        .ok_or_else(|| bad("expected PIECE@SQUARE, e.g. `K@e1`".into()))?;
    let mut symbols = chessreach::attack::Symbols::default();
    for d in &args.position.define {
        symbols.define(d).map_err(|e| bad(e.to_string()))?;
    }
    let mut letters = piece.chars();
    let rule = match (letters.next(), letters.next()) {
        (Some(c), None) if symbols.get(c).is_some() => symbols.get(c).cloned().expect("checked"),
        _ => piece.parse().map_err(|e| bad(format!("{e}")))?,
    };
    let at = square.parse().map_err(|e| bad(format!("{e}")))?;
    Ok(MoverSpec { rule, colour, at })
}

fn capturable(args: &Args, pos: &Position, colour: Colour) -> Result<Vec<usize>> {
    let mut out = Vec::new();
    let hostile = |i: usize| pos.pieces()[i].colour != colour;
    if let Some(list) = &args.may_capture {
        if list == "all" {
            out.extend((0..pos.pieces().len()).filter(|&i| hostile(i)));
        } else {
            for sq in list.split('/') {
                let c: Coord = sq
                    .parse()
                    .map_err(|e| UsageError(format!("--may-capture {list}: {e}")))?;
                let i = pos
                    .piece_at(c)
                    .filter(|&i| hostile(i))
                    .ok_or_else(|| UsageError(format!("--may-capture: no hostile piece on {c}")))?;
                out.push(i);
            }
        }
    }
    if let Some(c) = args.capture {
        let i = pos
            .piece_at(c)
            .filter(|&i| hostile(i))
            .ok_or_else(|| UsageError(format!("--capture: no hostile piece on {c}")))?;
        out.push(i);
    }
    Ok(out)
}

/// The mark for the k-th square of a route: 1–9, then a–z, then `*`.
fn step_mark(k: usize) -> char {
    match k {
        0 => 'S',
        1..=9 => char::from(b'0' + k as u8),
        10..=35 => char::from(b'a' + (k - 10) as u8),
        _ => '*',
    }
}

pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let mut out = output::stdout();
    run_to(args, budget, &mut out)?;
    out.flush()?;
    Ok(())
}

/// Runs `path`, writing to `out`.
pub(crate) fn run_to(args: &Args, budget: Budget, out: &mut impl Write) -> Result<()> {
    let pos = args.position.position()?;
    let m = mover(args)?;
    match pos.board() {
        Board::Rect(_) => bounded(args, &pos, &m, budget, out),
        Board::Strip(_) => unbounded(args, &pos, &m, out),
    }
}

/// `path` arguments from words, as on the command line (for the demo).
pub(crate) fn args_from(words: &[&str]) -> Result<Args> {
    #[derive(clap::Parser)]
    struct Words {
        #[command(flatten)]
        args: Args,
    }
    use clap::Parser as _;
    Ok(Words::try_parse_from(std::iter::once("path").chain(words.iter().copied()))?.args)
}

fn bounded(args: &Args, pos: &Position, m: &MoverSpec, budget: Budget, out: &mut impl Write) -> Result<()> {
    let caps = capturable(args, pos, m.colour)?;
    let squares = pos.rect().map_or(0, chessreach::geometry::Rect::len);
    let needed = Router::bytes_needed(squares, caps.len(), &m.rule)
        .zip(chessreach::attack::AttackMap::bytes_needed(pos))
        .and_then(|(a, b)| a.checked_add(b));
    budget
        .check("the route search", needed)
        .map_err(|e| UsageError(format!("{e}; raise it with --max-memory")))?;
    let rect = pos.rect().context("a bounded board")?;
    // Text and SVG draw the board, or the window asked for; a text answer on a board too large
    // to draw lists the route or summarises the distances instead (SVG is refused up front).
    let view = match args.format {
        Format::Json => None,
        Format::Svg => Some(view_of(pos, args.window, &[])?),
        Format::Text => view_of(pos, args.window, &[]).ok(),
    };
    let drawn = view.is_some();
    let mut router = Router::new(pos, &m.rule, m.colour, &caps).map_err(crate::usage)?;
    // The attack map only marks attacked squares in pictures: not built for JSON or summaries.
    let map = if drawn && args.format != Format::Json {
        Some(chessreach::attack::AttackMap::new(pos)?)
    } else {
        None
    };
    let hostile = m.colour.opponent();
    let base = |c: Coord| Cell {
        piece: pos
            .piece_at(c)
            .map(|i| (pos.symbol_of(i), pos.pieces()[i].colour)),
        mark: map
            .as_ref()
            .is_some_and(|map| map.count(hostile, c) > 0)
            .then_some('x'),
        ..Cell::default()
    };
    if args.all {
        return distance_map(args, pos, m, &mut router, &base, view.as_ref(), out);
    }
    let goal = match (args.to, args.capture) {
        (Some(t), None) => Goal::Reach(t),
        (None, Some(c)) => Goal::Capture(pos.piece_at(c).context("checked above")?),
        _ => {
            return Err(UsageError("say where to go: --to SQUARE, --capture SQUARE, or --all".into()).into())
        }
    };
    let route = router.route(m.at, goal).map_err(crate::usage)?;
    match args.format {
        Format::Json => output::write_json(
            out,
            &json!({
                "board": pos.board().to_string(),
                "mover": m.rule.to_string(),
                "pieces": pieces_json(pos),
                "moves": route.as_ref().map(chessreach::path::Route::moves),
                "route": route.as_ref().map(|r| r.squares.iter().map(ToString::to_string).collect::<Vec<_>>()),
                "captured": route.as_ref().map(|r| r.captured.iter().map(|&i| pos.pieces()[i].at.to_string()).collect::<Vec<_>>()),
            }),
        )?,
        Format::Text | Format::Svg => {
            let squares: Vec<Coord> = route.as_ref().map(|r| r.squares.clone()).unwrap_or_default();
            let cell = |c: Coord| {
                let mut cell = base(c);
                if let Some(k) = squares.iter().rposition(|&s| s == c) {
                    cell.piece = None;
                    cell.mark = Some(step_mark(k));
                    cell.note = Some(k.to_string());
                    cell.shade = Some("#2ca02c");
                }
                cell
            };
            if args.format == Format::Svg {
                if let Some(view) = &view {
                    out.write_all(
                        render::svg(view, &format!("Route of {} from {}", m.rule, m.at), cell).as_bytes(),
                    )?;
                }
            } else {
                write_route_line(route.as_ref(), pos, out)?;
                if let Some(view) = &view {
                    write!(out, "{}", render::text(view, cell))?;
                    writeln!(out, "S start; 1-9, a-z: the route, move by move; x attacked")?;
                } else {
                    writeln!(
                        out,
                        "(a {rect} board is not drawn: at most {DRAW_LIMIT}x{DRAW_LIMIT}; --files LO..HI --ranks LO..HI draw a window)"
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// A distance map too large to draw: how many squares are reachable, the farthest, and how
/// many squares lie at each distance. O(squares).
fn write_summary(
    distance: &[Option<u32>],
    rect: chessreach::geometry::Rect,
    out: &mut impl Write,
) -> Result<()> {
    let mut histogram: Vec<u64> = Vec::new();
    for d in distance.iter().flatten() {
        let d = *d as usize;
        if histogram.len() <= d {
            histogram.resize(d + 1, 0);
        }
        histogram[d] += 1;
    }
    let reachable: u64 = histogram.iter().sum();
    writeln!(
        out,
        "{reachable} of {} squares reachable; the farthest {} moves away (a {rect} board is not drawn: at most {DRAW_LIMIT}x{DRAW_LIMIT})",
        rect.len(),
        histogram.len().saturating_sub(1)
    )?;
    // At most about 20 rows: distances grouped into equal ranges.
    let width = histogram.len().div_ceil(20).max(1);
    writeln!(out, "{:>11}  squares", "moves")?;
    for (k, group) in histogram.chunks(width).enumerate() {
        let (lo, hi) = (k * width, k * width + group.len() - 1);
        let label = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        writeln!(out, "{label:>11}  {}", group.iter().sum::<u64>())?;
    }
    Ok(())
}

/// The route in words: its length and squares, and what it captures.
fn write_route_line(
    route: Option<&chessreach::path::Route>,
    pos: &Position,
    out: &mut impl Write,
) -> Result<()> {
    let Some(r) = route else {
        writeln!(out, "no route")?;
        return Ok(());
    };
    let names: Vec<String> = r.squares.iter().map(ToString::to_string).collect();
    writeln!(out, "{} moves: {}", r.moves(), names.join(" "))?;
    if !r.captured.is_empty() {
        let caps: Vec<String> = r
            .captured
            .iter()
            .map(|&i| pos.pieces()[i].at.to_string())
            .collect();
        writeln!(out, "captures on {}", caps.join(", "))?;
    }
    Ok(())
}

/// `path --all`: the distance to every square.
fn distance_map(
    args: &Args,
    pos: &Position,
    m: &MoverSpec,
    router: &mut Router<'_>,
    base: &dyn Fn(Coord) -> Cell,
    view: Option<&chessreach::render::View>,
    out: &mut impl Write,
) -> Result<()> {
    let dm = router.distances(m.at).map_err(crate::usage)?;
    let rect = dm.rect;
    match args.format {
        Format::Json => {
            // Streamed: a million distances need no tree of values in memory.
            let text = |s: String| serde_json::Value::from(s).to_string();
            write!(
                out,
                "{{\"board\":{},\"mover\":{},\"from\":{},\"distances\":{{",
                text(pos.board().to_string()),
                text(m.rule.to_string()),
                text(m.at.to_string())
            )?;
            let mut first = true;
            for s in rect.squares() {
                if let Some(d) = dm.distance[s.index()] {
                    let sep = if first { "" } else { "," };
                    first = false;
                    write!(out, "{sep}\"{}\":{d}", rect.coord(s))?;
                }
            }
            writeln!(out, "}}}}")?;
        }
        Format::Text | Format::Svg => {
            let cell = |c: Coord| {
                let mut cell = base(c);
                if let Some(d) = rect.square(c).and_then(|s| dm.distance[s.index()]) {
                    cell.mark = Some(if d == 0 { 'S' } else { step_mark(d as usize) });
                    cell.note = Some(d.to_string());
                    cell.shade = Some("#2ca02c");
                }
                cell
            };
            let Some(view) = view else {
                return write_summary(&dm.distance, rect, out);
            };
            if args.format == Format::Svg {
                out.write_all(
                    render::svg(view, &format!("Distances of {} from {}", m.rule, m.at), cell).as_bytes(),
                )?;
            } else {
                write!(out, "{}", render::text(view, cell))?;
                writeln!(
                    out,
                    "S start; 1-9, a-z: moves needed (* more); x attacked; . unreachable"
                )?;
            }
        }
    }
    Ok(())
}

fn unbounded(args: &Args, pos: &Position, m: &MoverSpec, out: &mut impl Write) -> Result<()> {
    if m.rule != "K".parse::<Rule>()? {
        return Err(UsageError(format!("on a strip the mover must be a king (K), not {}", m.rule)).into());
    }
    if args.all || args.capture.is_some() || args.may_capture.is_some() {
        return Err(UsageError("on a strip, path supports --to only (no captures, no --all)".into()).into());
    }
    let target = args
        .to
        .ok_or_else(|| UsageError("say where to go: --to SQUARE".into()))?;
    let route = king_route(pos, m.colour, m.at, target, true).map_err(crate::usage)?;
    let waypoints = route
        .as_ref()
        .and_then(|r| r.waypoints.clone())
        .unwrap_or_default();
    match args.format {
        Format::Json => output::write_json(
            out,
            &json!({
                "board": pos.board().to_string(),
                "pieces": pieces_json(pos),
                "moves": route.as_ref().map(|r| output::json_int(r.moves)),
                "waypoints": route.as_ref().map(|_| waypoints.iter().map(|c| c.numeric()).collect::<Vec<_>>()),
            }),
        )?,
        Format::Text | Format::Svg => {
            let map = StripAttackMap::new(pos).expect("strip");
            let on_route: BTreeSet<Coord> = expand(&waypoints, 4000).into_iter().collect();
            let hostile = m.colour.opponent();
            let cell = |c: Coord| Cell {
                piece: pos
                    .piece_at(c)
                    .map(|i| (pos.symbol_of(i), pos.pieces()[i].colour)),
                mark: if c == m.at {
                    Some('S')
                } else if c == target {
                    Some('T')
                } else if on_route.contains(&c) {
                    Some('o')
                } else {
                    (map.count(hostile, c) > 0).then_some('x')
                },
                shade: on_route.contains(&c).then_some("#2ca02c"),
                note: None,
            };
            let drawable = view_of(pos, args.window, &[m.at, target]);
            if args.format == Format::Svg {
                let view = drawable?;
                out.write_all(render::svg(&view, "King route on a strip", cell).as_bytes())?;
                return Ok(());
            }
            match &route {
                Some(r) => {
                    let names: Vec<String> = waypoints.iter().map(|c| c.numeric()).collect();
                    writeln!(
                        out,
                        "{} moves; waypoints (straight king lines between them): {}",
                        r.moves,
                        names.join(" ")
                    )?;
                }
                None => writeln!(out, "no route")?,
            }
            match drawable {
                Ok(view) => {
                    write!(out, "{}", render::text(&view, cell))?;
                    writeln!(out, "S start; T target; o route; x attacked")?;
                }
                Err(_) => writeln!(out, "(too wide to draw: choose files with --files LO..HI)")?,
            }
        }
    }
    Ok(())
}

/// The squares of a waypoint route, up to `limit` of them (for drawing).
fn expand(waypoints: &[Coord], limit: usize) -> Vec<Coord> {
    let mut out: Vec<Coord> = waypoints.first().copied().into_iter().collect();
    for w in waypoints.windows(2) {
        let (dx, dy) = ((w[1].file - w[0].file).signum(), (w[1].rank - w[0].rank).signum());
        let mut c = w[0];
        while c != w[1] && out.len() < limit {
            c = Coord::new(c.file + dx, c.rank + dy);
            out.push(c);
        }
    }
    out
}
