//! `chessreach path`: the shortest safe route of a mover.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::{AttackQuery, Position};
use chessreach::geometry::{counted, Board, Coord};
use chessreach::limits::Budget;
use chessreach::load::Map;
use chessreach::path::{
    ask_with_progress, Area, Ask, Capturable, DistanceMap, Mover, Question, RouteError, Target, Way,
};
use chessreach::piece::Dialect;
use chessreach::render::{self, view_of, DRAW_LIMIT};

use crate::attacks::{write_diagram, PiecesJson, Window};
use crate::output::{self, Format};
use crate::position_args::PositionArgs;
use crate::UsageError;

/// Arguments of `chessreach path`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) position: PositionArgs,

    /// The mover: PIECE@SQUARE, White unless prefixed `b:` or a lower-case letter (e.g. `K@e1`,
    /// `b:N@g8`, `n@g8`, `fsW@c3`; with --variant, `+P@e5` a promoted piece), or a square alone
    /// (`g1`): the piece standing there.
    /// PIECE is a letter (K Q R B N P or --define'd) or any Betza rule; with --variant, a variant letter moves as the variant moves it on each square (regions, the river, palace diagonals, double steps from its double-step region). A piece of the position named as the mover (`g1`, or `N@g1` where a knight of that side stands) leaves its square for the search: its own attacks stop.
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

    /// Print the distance to every square instead of one route (on a strip: of the files
    /// `--files LO..HI`, by default the pieces' and the mover's files and 2 more each side).
    #[arg(long, conflicts_with_all = ["to", "capture"])]
    all: bool,

    /// Output: a text diagram, JSON, or an SVG picture.
    #[arg(long, value_enum, default_value_t)]
    format: Format,

    /// List every waypoint of a long route in text (by default the first and last
    /// 500 of more than 1000; JSON always lists them all).
    #[arg(long)]
    all_squares: bool,

    #[command(flatten)]
    window: Window,
}

/// Waypoints a text route lists at most unless `--all-squares` (the first and last half).
const WAYPOINTS_LISTED: usize = 1000;

/// The question the arguments ask: a route, or (`--all`) a distance map.
enum Asked {
    Route(Question),
    Distances(Question<Area>),
}

/// The question the arguments ask.
fn question(args: &Args, pos: &Position, mover: Mover) -> Result<Asked> {
    let may_capture = match args.may_capture.as_deref() {
        None => Capturable::Nothing,
        Some(text) => text
            .parse()
            .map_err(|e| crate::bad_argument("--may-capture", e))?,
    };
    let route = |target| {
        Asked::Route(Question {
            mover: mover.clone(),
            target,
            may_capture: may_capture.clone(),
        })
    };
    Ok(match (args.to, args.capture, args.all) {
        (Some(t), None, false) => route(Target::Square(t)),
        (None, Some(c), false) => route(Target::Capture(c)),
        // A strip has no end: the map covers the files drawn.
        (None, None, true) => {
            let target = match pos.board() {
                Board::Rect(_) => Area::Everywhere,
                Board::Strip(_) => {
                    let view = view_of(pos, args.window.into(), &[mover.at])
                        .map_err(|e| crate::bad_argument(crate::attacks::view_flag(args.window), e))?;
                    Area::Files(*view.files.start(), *view.files.end())
                }
            };
            Asked::Distances(Question {
                mover,
                target,
                may_capture,
            })
        }
        _ => {
            return Err(UsageError("say where to go: --to SQUARE, --capture SQUARE, or --all".into()).into())
        }
    })
}

/// Asks `question`, with a progress bar on stderr (a terminal only: searches with many capture
/// subsets take seconds); a search over the budget says how to raise it.
fn search<T: Ask>(pos: &Position, question: &Question<T>, budget: Budget) -> Result<T::Answer> {
    let bar = crate::output::progress_bar(false, 0);
    let update = crate::output::progress_update(&bar);
    let answer = ask_with_progress(pos, question, budget, Some(&update));
    bar.finish_and_clear();
    answer.map_err(|e| match e {
        RouteError::TooLarge(e) => crate::OverBudget(e).into(),
        // A square named as this board names squares (`1,1` on a strip, not `a1`).
        e => match e.named_on(pos.board()) {
            Some(text) => crate::UsageError(text).into(),
            None => crate::usage(e),
        },
    })
}

/// Runs `path`, writing to `out`.
pub(crate) fn run(args: &Args, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let out = &mut out;
    let loaded = args.position.load()?;
    // A variant's piece moves as the variant says, square by square; a piece of the position
    // named as the mover leaves its square for the search.
    let moving = loaded
        .mover(&args.mover)
        .map_err(|e| crate::bad_argument("--mover", e))?;
    let (pos, symbol) = (&*moving.position, moving.symbol);
    let asked = question(args, pos, moving.mover.clone())?;
    // Text and SVG draw the board, or the window asked for; a text answer on a board too large
    // to draw lists the route or summarises the distances instead (SVG is refused up front).
    let extra = match &asked {
        Asked::Route(q) => vec![q.mover.at, q.target.square()],
        Asked::Distances(q) => vec![q.mover.at],
    };
    let view = match args.format {
        Format::Json => None,
        Format::Svg => Some(
            view_of(pos, args.window.into(), &extra)
                .map_err(|e| crate::bad_argument(crate::attacks::view_flag(args.window), e))?,
        ),
        Format::Text => view_of(pos, args.window.into(), &extra).ok(),
    };
    // The attack map only marks attacked squares in pictures.
    let attack_map = || -> Result<Option<Map>> {
        Ok(match &view {
            None => None,
            Some(_) => Some(Map::of(pos, budget).map_err(crate::usage)?),
        })
    };
    let question = match asked {
        Asked::Distances(q) => {
            let dm = search(pos, &q, budget)?;
            let map = attack_map()?;
            return distance_map(
                args,
                pos,
                &q.mover,
                &dm,
                map.as_ref().map(Map::query),
                view.as_ref(),
                out,
            );
        }
        Asked::Route(q) => q,
    };
    let way = search(pos, &question, budget)?;
    let map = attack_map()?;
    let map = map.as_ref().map(Map::query);
    let mover = &question.mover;
    let way = way.as_ref();
    // Why there is none, in words and by kind.
    let why = way
        .is_none()
        .then(|| chessreach::path::why(pos, &question, budget))
        .map(|w| WhyJson {
            kind: w.kind(),
            reason: w.describe(pos, question.target.square()),
            by: w
                .pieces()
                .iter()
                .map(|&i| pos.board().name(pos.pieces()[i].at))
                .collect(),
        });
    match args.format {
        Format::Json => write_route_json(pos, mover, args.position.dialect, way, why.as_ref(), out)?,
        Format::Svg | Format::Text => {
            let cell = render::route_cell(pos, map, (symbol, mover.colour), way, ROUTE_DRAWN);
            let cell = mover_kept(cell, way.is_none(), mover.at, (symbol, mover.colour));
            if let (Format::Svg, Some(view)) = (args.format, &view) {
                let what = match way {
                    Some(w) => format!(
                        "A route of {} for {} from {}",
                        counted(w.moves, "move", "moves"),
                        args.position.dialect.describe(&mover.rule),
                        names(pos, &[mover.at])[0]
                    ),
                    None => {
                        format!(
                            "No route for {} from {}",
                            args.position.dialect.describe(&mover.rule),
                            names(pos, &[mover.at])[0]
                        )
                    }
                };
                let what = render::of_variant(&what, args.position.variant.as_deref());
                let title = render::titled(&what, pos, view);
                let arrows = render::route_arrows(way, ROUTE_DRAWN);
                out.write_all(render::svg(view, &title, &render::ROUTE_KEYS, &arrows, cell).as_bytes())?;
                return Ok(());
            }
            write_route_line(way, pos, args.all_squares, why.as_ref(), out)?;
            if let Some(view) = &view {
                let end = way.and_then(|w| w.waypoints.last().copied());
                let ends: Vec<Coord> = std::iter::once(mover.at).chain(end).collect();
                write_diagram(out, view, args.window, &ends, cell)?;
                writeln!(out, "{}", render::ROUTE_LEGEND)?;
            } else {
                let why = view_of(pos, args.window.into(), &extra)
                    .err()
                    .map_or_else(String::new, |e| e.to_string());
                writeln!(out, "(not drawn: {why})")?;
            }
        }
    }
    Ok(())
}

/// `cell` with the mover standing at `start` when there is no route (`routeless`): a route's
/// cells draw it at its first square, and without one the legend still says "the mover at its
/// start". O(1) a cell.
fn mover_kept<'a>(
    cell: impl Fn(Coord) -> render::Cell + 'a,
    routeless: bool,
    start: Coord,
    piece: (char, chessreach::piece::Colour),
) -> impl Fn(Coord) -> render::Cell + 'a {
    move |c| {
        let mut drawn = cell(c);
        if routeless && c == start {
            drawn.piece = Some(piece);
        }
        drawn
    }
}

/// Route squares drawn at most (a strip route may cross billions).
const ROUTE_DRAWN: usize = 4000;

/// Writes a route (or its absence) as pretty JSON, its keys in the order they have always had
/// (alphabetical): every square (`route`, `null` without one), or the corners of king lines
/// on a strip (`waypoints`). Each member is written as `serde_json`'s pretty printer lays it
/// out; the pieces and the squares — millions on a long strip — directly, in chunks.
/// O(squares + pieces).
/// Why there is no route, as JSON: `kind` (`occupied`, `attacked`, `colour`, `boxed_in`,
/// `unreachable`), `reason` in words, `by` the squares of the pieces in question.
#[derive(serde::Serialize)]
struct WhyJson {
    by: Vec<String>,
    kind: &'static str,
    reason: String,
}

fn write_route_json(
    pos: &Position,
    mover: &Mover,
    dialect: Dialect,
    way: Option<&Way>,
    why: Option<&WhyJson>,
    out: &mut impl Write,
) -> Result<()> {
    let board = pos.board();
    let name = serde_json::to_string(&board.to_string())?;
    write!(out, "{{\n  \"board\": {name}")?;
    let captured = way.map(|w| Names {
        board,
        squares: &w.captured,
    });
    member(out, "captured", &captured)?;
    member(out, "mover", &dialect.describe(&mover.rule))?;
    member(out, "moves", &way.map(|w| output::json_int(w.moves)))?;
    write!(out, ",\n  \"pieces\": ")?;
    PiecesJson(pos, dialect).write_pretty(1, out)?;
    // Rounds of moves made again (strip routes across long stretches).
    if let Some(w) = way.filter(|w| !w.repeats.is_empty()) {
        let repeats: Vec<RepeatJson> = w
            .repeats
            .iter()
            .map(|r| RepeatJson {
                at: r.at,
                moves: r.len,
                times: output::json_int(r.times),
            })
            .collect();
        member(out, "repeats", &repeats)?;
    }
    let key = if way.is_some_and(|w| w.lines) {
        "waypoints"
    } else {
        "route"
    };
    write!(out, ",\n  \"{key}\": ")?;
    match way {
        None => out.write_all(b"null")?,
        Some(w) if w.waypoints.is_empty() => out.write_all(b"[]")?,
        Some(w) => {
            // Square names need no escaping (letters, digits, commas, minus signs).
            let mut chunk = String::with_capacity(1 << 16);
            chunk.push_str("[\n");
            for (i, &c) in w.waypoints.iter().enumerate() {
                if i > 0 {
                    chunk.push_str(",\n");
                }
                chunk.push_str("    \"");
                board.push_name(c, &mut chunk);
                chunk.push('"');
                if chunk.len() > 1 << 15 {
                    out.write_all(chunk.as_bytes())?;
                    chunk.clear();
                }
            }
            chunk.push_str("\n  ]");
            out.write_all(chunk.as_bytes())?;
        }
    }
    if let Some(why) = why {
        member(out, "why", why)?;
    }
    if let Some(w) = output::wrap_of(board) {
        member(out, "wrap", &w)?;
    }
    out.write_all(b"\n}\n")?;
    Ok(())
}

/// A member of a top-level JSON object after the members before it, as `serde_json`'s
/// pretty printer writes it: on its own line, the value's lines one level in.
fn member(out: &mut impl Write, key: &str, value: &impl serde::Serialize) -> Result<()> {
    // (A raw line break in pretty JSON is always layout: strings escape theirs.)
    let value = serde_json::to_string_pretty(value)?.replace('\n', "\n  ");
    write!(out, ",\n  \"{key}\": {value}")?;
    Ok(())
}

/// A round of moves made again: after `at`, the `moves` before it `times` more times.
#[derive(serde::Serialize)]
struct RepeatJson {
    at: usize,
    moves: usize,
    times: serde_json::Value,
}

/// Squares named as the board writes them, a JSON list of strings. O(squares).
#[derive(Clone, Copy)]
struct Names<'a> {
    board: Board,
    squares: &'a [Coord],
}

impl serde::Serialize for Names<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.squares.len()))?;
        let mut name = String::new();
        for &c in self.squares {
            name.clear();
            self.board.push_name(c, &mut name);
            seq.serialize_element(name.as_str())?;
        }
        seq.end()
    }
}

/// Square names as the board writes them ([`Board::name`]).
fn names(pos: &Position, squares: &[Coord]) -> Vec<String> {
    squares.iter().map(|&c| pos.board().name(c)).collect()
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
    let far = histogram.len().saturating_sub(1);
    writeln!(
        out,
        "{reachable} of {} squares reachable; the farthest {far} move{} away ({} {rect} board is not drawn: at most {DRAW_LIMIT}x{DRAW_LIMIT})",
        rect.len(),
        if far == 1 { "" } else { "s" },
        chessreach::geometry::article(&rect.to_string()),
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

/// The route in words: its length and squares (corners on strips), and what it captures.
/// More than [`WAYPOINTS_LISTED`] waypoints are cut to the first and last half (with the
/// rounds said among them) unless `all`.
fn write_route_line(
    way: Option<&Way>,
    pos: &Position,
    all: bool,
    why: Option<&WhyJson>,
    out: &mut impl Write,
) -> Result<()> {
    let Some(w) = way else {
        match why {
            Some(why) => writeln!(out, "no route: {}", why.reason)?,
            None => writeln!(out, "no route")?,
        }
        return Ok(());
    };
    // A repeated round, said after its listed squares (repeats come in order). O(squares).
    let say = |r: &chessreach::path::Repeat| {
        let (a, b) = (w.waypoints[r.at], w.waypoints[r.at + r.len]);
        format!(
            "(the last {} {} more times, each {} and {} on)",
            counted(r.len, "move", "moves"),
            r.times,
            counted(b.file - a.file, "file", "files"),
            counted(b.rank - a.rank, "rank", "ranks")
        )
    };
    let n = w.waypoints.len();
    let cut = (!all && n > WAYPOINTS_LISTED).then(|| WAYPOINTS_LISTED / 2..n - WAYPOINTS_LISTED / 2);
    let hidden = |i: usize| cut.as_ref().is_some_and(|c| c.contains(&i));
    let mut rounds = w.repeats.iter().peekable();
    let mut squares = String::with_capacity(n.min(WAYPOINTS_LISTED + 1) * 12);
    let board = pos.board();
    for (i, &c) in w.waypoints.iter().enumerate() {
        while let Some(r) = rounds.next_if(|r| r.at + r.len + 1 == i) {
            if !hidden(i - 1) {
                squares.push_str(&say(r));
                squares.push(' ');
            }
        }
        if let Some(c) = cut.as_ref().filter(|c| c.start == i) {
            squares.push_str("… ");
            squares.push_str(&c.len().to_string());
            squares.push_str(" waypoints not listed (--all-squares or --format json lists them) … ");
        }
        if !hidden(i) {
            board.push_name(c, &mut squares);
            squares.push(' ');
        }
    }
    for r in rounds {
        squares.push_str(&say(r));
        squares.push(' ');
    }
    squares.pop();
    if w.lines {
        writeln!(
            out,
            "{}; waypoints (straight king lines between them): {squares}",
            counted(w.moves, "move", "moves")
        )?;
    } else {
        writeln!(out, "{}: {squares}", counted(w.moves, "move", "moves"))?;
    }
    if !w.captured.is_empty() {
        writeln!(out, "captures on {}", names(pos, &w.captured).join(", "))?;
    }
    Ok(())
}

/// `path --all`: the distance to every square.
fn distance_map(
    args: &Args,
    pos: &Position,
    m: &Mover,
    dm: &DistanceMap,
    map: Option<&dyn AttackQuery>,
    view: Option<&chessreach::render::View>,
    out: &mut impl Write,
) -> Result<()> {
    let rect = dm.rect;
    match args.format {
        Format::Json => {
            // Streamed: a million distances need no tree of values in memory.
            let text = |s: String| serde_json::Value::from(s).to_string();
            write!(
                out,
                "{{\"board\":{},\"mover\":{},\"from\":{},\"distances\":{{",
                text(pos.board().to_string()),
                text(args.position.dialect.describe(&m.rule)),
                text(pos.board().name(m.at))
            )?;
            let mut first = true;
            for (c, d) in dm.iter() {
                if let Some(d) = d {
                    let sep = if first { "" } else { "," };
                    first = false;
                    write!(out, "{sep}\"{}\":{d}", pos.board().name(c))?;
                }
            }
            match output::wrap_of(pos.board()) {
                Some(w) => writeln!(out, "}},\"wrap\":\"{w}\"}}")?,
                None => writeln!(out, "}}}}")?,
            }
        }
        Format::Text | Format::Svg => {
            let Some(view) = view else {
                return write_summary(&dm.distance, rect, out);
            };
            let cell = render::distance_cell(pos, map, m.colour.opponent(), dm);
            if args.format == Format::Svg {
                out.write_all(
                    render::svg(
                        view,
                        &render::titled(
                            &render::of_variant(
                                &format!(
                                    "Fewest moves of {} from {}",
                                    args.position.dialect.describe(&m.rule),
                                    pos.board().name(m.at)
                                ),
                                args.position.variant.as_deref(),
                            ),
                            pos,
                            view,
                        ),
                        &render::DISTANCE_KEYS,
                        &[],
                        cell,
                    )
                    .as_bytes(),
                )?;
            } else {
                write_diagram(out, view, args.window, &[m.at], cell)?;
                writeln!(out, "{}", render::DISTANCE_LEGEND)?;
            }
        }
    }
    Ok(())
}
