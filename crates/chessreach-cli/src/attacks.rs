//! `chessreach attacks`: the attack map of a position.

use std::io::Write;

use anyhow::Result;
use chessreach::attack::{AttackMap, Position, StripAttackMap};
use chessreach::geometry::{counted, Board, Coord, Rect};
use chessreach::limits::Budget;
use chessreach::piece::{Colour, Dialect};
use chessreach::render::{self, attack_cell, attack_legend, View};
use serde_json::{json, Value};

use crate::output::{self, Format};
use crate::position_args::PositionArgs;

/// Arguments of `chessreach attacks`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) position: PositionArgs,

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
    /// Fit text diagrams to this many columns: wider ones show the files around the pieces
    /// and say so (default: the terminal's width, `COLUMNS` or its size, when stdout is a
    /// terminal; no limit when it is a pipe or a file).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(8..))]
    pub(crate) columns: Option<u64>,
    /// Draw the whole text diagram (up to 200 files), however wide the terminal.
    #[arg(long, conflicts_with = "columns")]
    pub(crate) full: bool,
}

impl Window {
    /// The columns a text diagram must fit: `--columns`, else (unless `--full`) the
    /// terminal's width when stdout is a terminal (`COLUMNS`, else its size); `None`: no limit.
    fn columns(self) -> Option<u64> {
        use std::io::IsTerminal;
        if self.full {
            return None;
        }
        self.columns.or_else(|| {
            if !std::io::stdout().is_terminal() {
                return None;
            }
            std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.trim().parse().ok())
                .or_else(|| {
                    console::Term::stdout()
                        .size_checked()
                        .map(|(_, cols)| u64::from(cols))
                })
        })
    }
}

/// Writes the text diagram of `view`, fitted to the window's [columns](Window::columns): a
/// diagram wider than them shows the files around `focus` (the pieces, a route's ends) and a
/// line saying which files are shown and how to see all. O(squares drawn).
pub(crate) fn write_diagram(
    out: &mut impl Write,
    view: &View,
    window: Window,
    focus: &[Coord],
    cell: impl Fn(Coord) -> render::Cell,
) -> std::io::Result<()> {
    let Some(fitted) = window
        .columns()
        .and_then(|columns| render::fit_columns(view, columns, focus))
    else {
        return write!(out, "{}", render::text(view, cell));
    };
    write!(out, "{}", render::text(&fitted, cell))?;
    let name = |f: i64| match view.axes {
        render::Axes::Board => Coord::file_name(f),
        _ => f.to_string(),
    };
    writeln!(
        out,
        "(files {} to {} of {} to {} shown, to fit {} columns: --full draws them all, --files LO..HI chooses)",
        name(*fitted.files.start()),
        name(*fitted.files.end()),
        name(*view.files.start()),
        name(*view.files.end()),
        window.columns().unwrap_or_default()
    )
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

/// The window to draw (see [`render::view_of`]), as a usage error about `--board` (or the
/// window asked for) when it cannot be drawn.
pub(crate) fn view_of(pos: &Position, window: Window, extra: &[Coord]) -> Result<View> {
    render::view_of(pos, window.into(), extra).map_err(|e| crate::bad_argument(view_flag(window), e))
}

/// The squares of the pieces (walls aside): what a fitted diagram centres on. O(pieces).
fn pieces_at(pos: &Position) -> Vec<Coord> {
    pos.pieces()
        .iter()
        .filter(|p| !pos.kinds()[p.kind].is_wall())
        .map(|p| p.at)
        .collect()
}

/// The flag a picture's refusal names: the window when one was asked for, else the board.
pub(crate) fn view_flag(window: Window) -> &'static str {
    match (window.files, window.ranks) {
        (None, None) => "--board",
        (Some(_), _) => "--files",
        (None, Some(_)) => "--ranks",
    }
}

impl From<Window> for render::Window {
    fn from(w: Window) -> Self {
        Self {
            files: w.files,
            ranks: w.ranks,
        }
    }
}

/// The pieces of a position as JSON objects (`betza`: the rule in the dialect the position was
/// read in, [`Dialect::describe`]; `colour`, `index`, `square`, `symbol`, `wall`), serialized
/// one by one: 10^5 pieces need no tree of values. O(pieces + kinds).
pub(crate) struct PiecesJson<'a>(pub(crate) &'a Position, pub(crate) Dialect);

/// One piece as [`PiecesJson`] writes it, its fields in the order the objects have always had
/// (alphabetical).
#[derive(serde::Serialize)]
struct PieceJson<'a> {
    betza: &'a str,
    colour: Option<Colour>,
    index: usize,
    square: &'a str,
    symbol: char,
    wall: bool,
}

impl PiecesJson<'_> {
    /// Piece `i` as its JSON object, its square's name put in `square`.
    fn piece<'s>(&self, i: usize, betza: &'s [String], square: &'s mut String) -> PieceJson<'s> {
        let pos = self.0;
        let p = pos.pieces()[i];
        let wall = pos.kinds()[p.kind].is_wall();
        square.clear();
        pos.board().push_name(p.at, square);
        PieceJson {
            betza: &betza[p.kind],
            colour: (!wall).then_some(p.colour),
            index: i,
            square,
            symbol: pos.symbol_of(i),
            wall,
        }
    }

    /// The kinds' rules in Betza, by kind.
    fn betza(&self) -> Vec<String> {
        self.0.kinds().iter().map(|k| self.1.describe(&k.rule)).collect()
    }

    /// Writes the list exactly as `serde_json`'s pretty printer does where it stands `depth`
    /// levels deep (the value of a top-level object's member: 1), without its per-token
    /// calls: each piece's object is its kind and colour's text around its index and square
    /// (which need no escaping: digits, letters, commas, minus signs). O(pieces + kinds), in
    /// chunks of 32 KiB.
    pub(crate) fn write_pretty(&self, depth: usize, out: &mut impl Write) -> std::io::Result<()> {
        let pos = self.0;
        if pos.pieces().is_empty() {
            return out.write_all(b"[]");
        }
        // A piece's object split where its index and square go: the text before the index,
        // between it and the square, after the square (per kind and colour, made once).
        let betza = self.betza();
        let mut parts: Vec<Option<[String; 3]>> = vec![None; 2 * pos.kinds().len()];
        let indent = |level: usize| "  ".repeat(level);
        let item = indent(depth + 1);
        let mut chunk = String::with_capacity(1 << 16);
        let mut square = String::new();
        chunk.push('[');
        for i in 0..pos.pieces().len() {
            let p = pos.pieces()[i];
            let slot = &mut parts[2 * p.kind + usize::from(p.colour == Colour::Black)];
            if slot.is_none() {
                // The object serde writes, with markers where the index and the square go.
                let mut one = self.piece(i, &betza, &mut square);
                (one.index, one.square) = (0, "\u{1}");
                let text = serde_json::to_string_pretty(&one)?.replace('\n', &format!("\n{item}"));
                let (before, rest) = text.split_once("\"index\": 0").unwrap_or_default();
                let (between, after) = rest.split_once("\\u0001").unwrap_or_default();
                *slot = Some([
                    format!("{before}\"index\": "),
                    between.to_owned(),
                    after.to_owned(),
                ]);
            }
            let Some([before, between, after]) = slot else {
                continue;
            };
            chunk.push_str(if i == 0 { "\n" } else { ",\n" });
            chunk.push_str(&item);
            chunk.push_str(before);
            chunk.push_str(itoa::Buffer::new().format(i));
            chunk.push_str(between);
            pos.board().push_name(p.at, &mut chunk);
            chunk.push_str(after);
            if chunk.len() > 1 << 15 {
                out.write_all(chunk.as_bytes())?;
                chunk.clear();
            }
        }
        chunk.push('\n');
        chunk.push_str(&indent(depth));
        chunk.push(']');
        out.write_all(chunk.as_bytes())
    }
}

impl serde::Serialize for PiecesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let betza = self.betza();
        let mut seq = s.serialize_seq(Some(self.0.pieces().len()))?;
        let mut square = String::new();
        for i in 0..self.0.pieces().len() {
            seq.serialize_element(&self.piece(i, &betza, &mut square))?;
        }
        seq.end()
    }
}

/// An attack map's attacked squares, gathered for its JSON answer: their names in one text
/// (sorted later, as a JSON object's keys are), the attacking pieces' indices in one list, and
/// which sides attack each. Per attacked square its name and [`Attacked::SQUARE_BYTES`], per
/// (square, attacker) 4 bytes: no tree of JSON values (which took about 340 bytes a pair).
#[derive(Default)]
struct Attacked {
    names: String,
    name_ends: Vec<usize>,
    who: Vec<u32>,
    who_ends: Vec<usize>,
    /// Bit 0: a White piece attacks the square; bit 1: a Black one.
    sides: Vec<u8>,
}

impl Attacked {
    /// Bytes per attacked square besides its name: two ends, the sides byte and its place in
    /// the sorted order.
    const SQUARE_BYTES: u64 = 25;

    /// Bytes gathering `squares` attacked squares with names of at most `name_len` bytes and
    /// `pairs` (square, attacker) pairs may take. `None` on overflow.
    fn bytes_needed(squares: u64, pairs: u64, name_len: u64) -> Option<u64> {
        squares
            .checked_mul(Self::SQUARE_BYTES.checked_add(name_len)?)?
            .checked_add(pairs.checked_mul(4)?)
    }

    /// The squares `attackers` lists, in its order. O(squares + attackers).
    fn gather(pos: &Position, attackers: impl Iterator<Item = (Coord, impl AsRef<[u32]>)>) -> Self {
        let mut a = Self::default();
        for (c, who) in attackers {
            let who = who.as_ref();
            pos.board().push_name(c, &mut a.names);
            a.name_ends.push(a.names.len());
            let mut sides = 0;
            for &i in who {
                if let Some(p) = usize::try_from(i).ok().and_then(|i| pos.pieces().get(i)) {
                    sides |= 1 << p.colour.index();
                }
            }
            a.who.extend_from_slice(who);
            a.who_ends.push(a.who.len());
            a.sides.push(sides);
        }
        a
    }

    fn name(&self, i: usize) -> &str {
        &self.names[i.checked_sub(1).map_or(0, |j| self.name_ends[j])..self.name_ends[i]]
    }

    fn who(&self, i: usize) -> &[u32] {
        &self.who[i.checked_sub(1).map_or(0, |j| self.who_ends[j])..self.who_ends[i]]
    }
}

/// Text written into `chunk`, passed on to `out` every 32 KiB.
fn spill(chunk: &mut String, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
    if chunk.len() > 1 << 15 {
        out.write_all(chunk.as_bytes())?;
        chunk.clear();
    }
    Ok(())
}

/// Writes an attack map's JSON answer, one shape on every board: `board`, `pieces`, per side
/// `{count, squares}`, `attackers` (square → the attacking pieces' indices), `rays` (on a
/// strip the horizontal rider rays, each attacking from `from` by `step` up to `until`, the
/// blocker, included, or without end when null; empty on bounded boards, whose squares are all
/// listed) and `wrap` where the board wraps. Squares are named as the board names them.
///
/// Written as it goes, byte for byte what `serde_json`'s pretty printer makes of the answer
/// as one value (members in key order, `attackers` by square name; each side's squares in
/// `attackers`' order), holding only [`Attacked`]. O(s log s + attackers + rays) for s
/// attacked squares.
fn write_map_json(
    out: &mut impl Write,
    pos: &Position,
    dialect: Dialect,
    attackers: impl Iterator<Item = (Coord, impl AsRef<[u32]>)>,
    rays: &[Value],
) -> Result<()> {
    use std::fmt::Write as _;
    let board = pos.board();
    let a = Attacked::gather(pos, attackers);
    let mut order: Vec<usize> = (0..a.name_ends.len()).collect();
    order.sort_unstable_by(|&i, &j| a.name(i).cmp(a.name(j)));
    let mut chunk = String::with_capacity(1 << 16);
    // Square names are letters, digits, commas and minus signs: nothing JSON escapes.
    chunk.push_str("{\n  \"attackers\": {");
    for (n, &i) in order.iter().enumerate() {
        if n % (1 << 16) == 0 {
            output::check_deadline();
        }
        let _ = write!(
            chunk,
            "{}\n    \"{}\": [",
            if n == 0 { "" } else { "," },
            a.name(i)
        );
        for (k, w) in a.who(i).iter().enumerate() {
            let _ = write!(chunk, "{}\n      {w}", if k == 0 { "" } else { "," });
        }
        chunk.push_str("\n    ]");
        spill(&mut chunk, out)?;
    }
    chunk.push_str(if order.is_empty() { "},\n" } else { "\n  },\n" });
    drop(order);
    let side = |chunk: &mut String, out: &mut dyn Write, key: &str, bit: u8| -> std::io::Result<()> {
        let count = a.sides.iter().filter(|&&s| s & bit != 0).count();
        let _ = write!(
            chunk,
            "  \"{key}\": {{\n    \"count\": {count},\n    \"squares\": ["
        );
        let mut first = true;
        for i in (0..a.sides.len()).filter(|&i| a.sides[i] & bit != 0) {
            let _ = write!(chunk, "{}\n      \"{}\"", if first { "" } else { "," }, a.name(i));
            first = false;
            spill(chunk, out)?;
        }
        chunk.push_str(if first { "]\n  }" } else { "\n    ]\n  }" });
        Ok(())
    };
    side(&mut chunk, out, "black", 2)?;
    let _ = write!(
        chunk,
        ",\n  \"board\": {},\n  \"pieces\": ",
        Value::from(board.to_string())
    );
    out.write_all(chunk.as_bytes())?;
    chunk.clear();
    PiecesJson(pos, dialect).write_pretty(1, out)?;
    let rays = serde_json::to_string_pretty(rays)?.replace('\n', "\n  ");
    let _ = write!(chunk, ",\n  \"rays\": {rays},\n");
    side(&mut chunk, out, "white", 1)?;
    if let Some(w) = output::wrap_of(board) {
        let _ = write!(chunk, ",\n  \"wrap\": {}", Value::from(w));
    }
    chunk.push_str("\n}\n");
    out.write_all(chunk.as_bytes())?;
    Ok(())
}

pub(crate) fn run(args: &Args, budget: Budget, mut out: &mut dyn Write) -> Result<()> {
    let pos = args.position.position()?;
    match pos.board() {
        Board::Rect(rect) => bounded(args, &pos, rect, budget, &mut out),
        Board::Strip(_) => unbounded(args, &pos, budget, &mut out),
    }
}

fn bounded(args: &Args, pos: &Position, rect: Rect, budget: Budget, out: &mut impl Write) -> Result<()> {
    // A picture too large to draw is refused before anything is computed.
    let view = if args.format == Format::Json {
        None
    } else {
        Some(view_of(pos, args.window, &[])?)
    };
    let needed = if args.format == Format::Json {
        // The map, and its attacked squares gathered for the answer (at most one a pair).
        let pairs = AttackMap::pairs_bound(pos);
        let name_len = pos
            .board()
            .name(Coord::new(i64::from(rect.width()), i64::from(rect.height())))
            .len() as u64;
        pairs
            .and_then(|p| Attacked::bytes_needed(p.min(rect.len() as u64), p, name_len))
            .zip(AttackMap::bytes_needed(pos))
            .and_then(|(json, map)| json.checked_add(map))
    } else {
        AttackMap::bytes_needed(pos)
    };
    budget
        .check("the attack map", needed)
        .map_err(crate::OverBudget)?;
    let bar = output::progress_bar(false, 0);
    let update = output::progress_update(&bar);
    let map = AttackMap::with_progress(pos, Some(&update))?;
    bar.finish_and_clear();
    match args.format {
        Format::Json => {
            let attackers = rect
                .squares()
                .filter(|&s| {
                    // A deadline stops a long answer too (16 million squares on 4000×4000).
                    if s.0 % (1 << 16) == 0 {
                        output::check_deadline();
                    }
                    !map.attackers(s).is_empty()
                })
                .map(|s| (rect.coord(s), map.attackers(s)));
            write_map_json(out, pos, args.position.dialect, attackers, &[])
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
                        &render::titled(
                            &render::of_variant(
                                &format!(
                                    "Attacks on {} {rect} board",
                                    chessreach::geometry::article(&rect.to_string())
                                ),
                                args.position.variant.as_deref(),
                            ),
                            pos,
                            &view,
                        ),
                        keys,
                        &[],
                        cell,
                    )
                    .as_bytes(),
                )?;
            } else {
                write_diagram(out, &view, args.window, &pieces_at(pos), cell)?;
                writeln!(out, "{}", attack_legend(args.side.map(Colour::from)))?;
                writeln!(
                    out,
                    "White attacks {}; Black attacks {}.",
                    counted(map.attacked(Colour::White).count(), "square", "squares"),
                    counted(map.attacked(Colour::Black).count(), "square", "squares")
                )?;
            }
            Ok(())
        }
    }
}

fn unbounded(args: &Args, pos: &Position, budget: Budget, out: &mut impl Write) -> Result<()> {
    let bar = output::progress_bar(false, 0);
    let update = output::progress_update(&bar);
    let map = StripAttackMap::within_progress(pos, budget, Some(&update))
        .map_err(crate::usage)?
        .expect("the board is a strip");
    bar.finish_and_clear();
    match args.format {
        Format::Json => {
            let runs = map.finite().chunk_by(|a, b| a.0 == b.0);
            // The map, and its attacked squares gathered for the answer.
            let name_len = [map.finite().first(), map.finite().last()]
                .into_iter()
                .flatten()
                .map(|&(c, _)| {
                    pos.board()
                        .name(Coord::new(c.file, i64::from(pos.board().ranks())))
                        .len()
                })
                .max()
                .unwrap_or(0);
            let needed = Attacked::bytes_needed(
                runs.clone().count() as u64,
                map.finite().len() as u64,
                name_len as u64,
            )
            .zip(StripAttackMap::bytes_needed(pos))
            .and_then(|(json, map)| json.checked_add(map));
            budget
                .check("the attack map's JSON answer", needed)
                .map_err(crate::OverBudget)?;
            let attackers = runs.map(|run| (run[0].0, run.iter().map(|x| x.1).collect::<Vec<u32>>()));
            let rays: Vec<Value> = map
                .rays()
                .map(|r| {
                    json!({
                        "piece": r.piece,
                        "from": pos.board().name(r.from),
                        "step": [r.step.dx, r.step.dy],
                        "until": r.until.map(|u| pos.board().name(u)),
                    })
                })
                .collect();
            write_map_json(out, pos, args.position.dialect, attackers, &rays)
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
                write_diagram(out, &view, args.window, &pieces_at(pos), cell)?;
                writeln!(out, "{}", attack_legend(args.side.map(Colour::from)))?;
                writeln!(
                    out,
                    "{}; {} (they run on past the picture unless blocked).",
                    counted(
                        map.finite().chunk_by(|a, b| a.0 == b.0).count(),
                        "finitely attacked square",
                        "finitely attacked squares"
                    ),
                    counted(
                        map.rays().count(),
                        "horizontal rider ray",
                        "horizontal rider rays"
                    )
                )?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use chessreach::attack::{AttackMap, Kind, Placed, Position, StripAttackMap};
    use chessreach::geometry::{Board, Coord};
    use chessreach::piece::{Colour, Dialect};
    use serde_json::{json, Value};

    use super::{write_map_json, PiecesJson};
    use crate::output;

    /// The answer as one `serde_json` value, pretty-printed: what [`write_map_json`] must write
    /// byte for byte.
    fn map_json_as_one_value(pos: &Position, attackers: &[(Coord, Vec<u32>)], rays: &[Value]) -> String {
        let mut sides: [Vec<String>; 2] = Default::default();
        let mut by_square = serde_json::Map::new();
        for (c, who) in attackers {
            let name = pos.board().name(*c);
            for colour in [Colour::White, Colour::Black] {
                if who.iter().any(|&i| pos.pieces()[i as usize].colour == colour) {
                    sides[colour.index()].push(name.clone());
                }
            }
            by_square.insert(name, json!(who));
        }
        let side = |c: Colour| json!({"count": sides[c.index()].len(), "squares": sides[c.index()]});
        let answer = json!({
            "board": pos.board().to_string(),
            "pieces": PiecesJson(pos, Dialect::Fsf),
            "white": side(Colour::White),
            "black": side(Colour::Black),
            "attackers": by_square,
            "rays": rays,
        });
        let mut text = serde_json::to_string_pretty(&output::with_wrap(answer, pos.board())).expect("text");
        text.push('\n');
        text
    }

    /// The map's JSON written as it goes is the answer as one value: flat, wrapped and strip
    /// boards, lettered and numbered squares (names sorting apart from squares: `a10` before
    /// `a2`), both colours, no piece or no attacked square, rays.
    #[test]
    fn the_map_json_is_written_as_one_value_would_be() {
        let mut seed = 11u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for board in [
            "8x8",
            "12x12",
            "30x9",
            "10x10@both",
            "7x5@files",
            "infx5",
            "infx12",
        ] {
            let (name, wrap) = board.split_once('@').unwrap_or((board, ""));
            let mut board: Board = name.parse().expect("board");
            if let (Board::Rect(r), false) = (board, wrap.is_empty()) {
                board = Board::Rect(r.with_wrap(if wrap == "both" {
                    chessreach::geometry::Wrap::from_edges(true, true)
                } else {
                    chessreach::geometry::Wrap::from_edges(true, false)
                }));
            }
            for count in [0, 1, 3, 9] {
                let mut pieces: Vec<Placed> = Vec::new();
                while pieces.len() < count {
                    let file = match board {
                        Board::Strip(_) => next(41).cast_signed() - 20,
                        Board::Rect(r) => 1 + next(u64::from(r.width())).cast_signed(),
                    };
                    let at = Coord::new(file, 1 + next(u64::from(board.ranks())).cast_signed());
                    if pieces.iter().all(|p| p.at != at) {
                        let colour = [Colour::White, Colour::Black][usize::from(next(2) == 0)];
                        pieces.push(Placed {
                            kind: usize::try_from(next(4)).expect("a kind"),
                            colour,
                            at,
                        });
                    }
                }
                let kinds = ["N", "R", "K", "fmWfcF"]
                    .map(|b| Kind::new(b.chars().next().expect("letter"), b.parse().expect("rule")));
                let pos = Position::new(board, kinds.to_vec(), pieces).expect("position");
                let (attackers, rays): (Vec<(Coord, Vec<u32>)>, Vec<Value>) = match board {
                    Board::Rect(rect) => {
                        let map = AttackMap::new(&pos).expect("bounded");
                        let attackers = rect
                            .squares()
                            .filter(|&s| !map.attackers(s).is_empty())
                            .map(|s| (rect.coord(s), map.attackers(s).to_vec()))
                            .collect();
                        (attackers, Vec::new())
                    }
                    Board::Strip(_) => {
                        let map = StripAttackMap::new(&pos).expect("a strip");
                        let attackers = map
                            .finite()
                            .chunk_by(|a, b| a.0 == b.0)
                            .map(|run| (run[0].0, run.iter().map(|x| x.1).collect()))
                            .collect();
                        let rays = map
                            .rays()
                            .map(|r| json!({"piece": r.piece, "until": null}))
                            .collect();
                        (attackers, rays)
                    }
                };
                let mut got = Vec::new();
                write_map_json(
                    &mut got,
                    &pos,
                    Dialect::Fsf,
                    attackers.iter().map(|(c, w)| (*c, w)),
                    &rays,
                )
                .expect("written");
                assert_eq!(
                    String::from_utf8(got).expect("utf-8"),
                    map_json_as_one_value(&pos, &attackers, &rays),
                    "{board}, {count} pieces"
                );
            }
        }
    }

    /// The pieces written directly are the pieces as `serde_json` pretty-prints them, at every
    /// depth: on boards naming squares by letter and by number, with walls, both colours,
    /// symbols JSON escapes, Betza rules of several kinds, and none at all.
    #[test]
    fn pieces_written_directly_are_serde_pretty() {
        let kinds = || {
            vec![
                Kind::new('N', "N".parse().expect("knight")),
                Kind::new('"', "fmWfcF".parse().expect("pawn")),
                Kind::new(Kind::WALL, "K".parse().expect("wall's rule")),
                Kind::new('é', "B3nN".parse().expect("rule")),
            ]
        };
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % m).cast_signed()
        };
        for board in ["8x8", "40x30", "infx5"] {
            let board: Board = board.parse().expect("board");
            for count in [0, 1, 2, 17] {
                let mut pieces: Vec<Placed> = Vec::new();
                while pieces.len() < count {
                    let file = match board {
                        Board::Strip(_) => next(2_000_000_000_000) - 1_000_000_000_000,
                        Board::Rect(r) => 1 + next(u64::from(r.width())),
                    };
                    let at = Coord::new(file, 1 + next(u64::from(board.ranks())));
                    if pieces.iter().all(|p| p.at != at) {
                        let colour = if next(2) == 0 {
                            Colour::White
                        } else {
                            Colour::Black
                        };
                        pieces.push(Placed {
                            kind: usize::try_from(next(4)).expect("a kind"),
                            colour,
                            at,
                        });
                    }
                }
                let pos = Position::new(board, kinds(), pieces).expect("position");
                for depth in 0..3 {
                    let mut nested = serde_json::to_value(PiecesJson(&pos, Dialect::Fsf)).expect("value");
                    for _ in 0..depth {
                        nested = serde_json::json!({ "p": nested });
                    }
                    let want = serde_json::to_string_pretty(&nested).expect("text");
                    let mut got = Vec::new();
                    for k in 0..depth {
                        got.extend(format!("{{\n{}\"p\": ", "  ".repeat(k + 1)).bytes());
                    }
                    PiecesJson(&pos, Dialect::Fsf)
                        .write_pretty(depth, &mut got)
                        .expect("written");
                    for k in (0..depth).rev() {
                        got.extend(format!("\n{}}}", "  ".repeat(k)).bytes());
                    }
                    assert_eq!(
                        String::from_utf8(got).expect("utf-8"),
                        want,
                        "{board}, {count}, depth {depth}"
                    );
                }
            }
        }
    }
}
