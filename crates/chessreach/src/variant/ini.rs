//! Fairy-Stockfish's `variants.ini` format, read line by line with places for every error.

use std::collections::BTreeMap;
use std::fmt;

use thiserror::Error;

use super::{Catalogue, Variant, VariantPiece, PIECE_TYPES};
use crate::attack::FenError;
use crate::geometry::{Coord, Wrap};
use crate::piece::{BetzaError, BetzaErrorKind, Colour, Rule};

/// A `variants.ini` that does not read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: {kind}")]
pub struct IniError {
    /// The file's name as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub column: usize,
    /// What is wrong.
    pub kind: IniErrorKind,
}

/// What is wrong in a `variants.ini`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum IniErrorKind {
    /// A section header without its closing `]`.
    NoClosingBracket,
    /// A section without a name.
    NoName,
    /// A line in a section that is neither `key = value`, a comment nor blank.
    NoEquals,
    /// `[name:template]` with a template nobody defined before.
    UnknownTemplate(String),
    /// A variant defined twice.
    Duplicate(String),
    /// A value that does not read as the key needs.
    BadValue {
        /// The key.
        key: String,
        /// What it needs.
        expected: &'static str,
        /// What stood there (an excerpt).
        found: String,
    },
    /// A Betza rule that does not read.
    Betza(BetzaError),
    /// A byte that is not UTF-8.
    NotUtf8(u8),
    /// `[name:template]` whose template was itself skipped (at this line).
    SkippedTemplate {
        /// The template.
        name: String,
        /// The line of its section.
        line: usize,
    },
    /// A start position that does not read in the variant (`startFen`, or the template's).
    StartPosition(FenError),
}

impl fmt::Display for IniErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoClosingBracket => f.write_str("expected `]` closing the section name"),
            Self::NoName => f.write_str("expected a variant name in `[…]`"),
            Self::NoEquals => {
                f.write_str("expected `key = value`, a section `[name]` or a comment (`;`, `#`)")
            }
            Self::UnknownTemplate(t) => write!(
                f,
                "unknown template `{t}`: a built-in variant (see `chessreach variants`) or one defined above"
            ),
            Self::Duplicate(n) => write!(f, "variant `{n}` is already defined"),
            Self::BadValue { key, expected, found } => {
                write!(
                    f,
                    "{key}: expected {expected}, found {}",
                    crate::input::excerpt(found)
                )
            }
            Self::Betza(e) => e.fmt(f),
            Self::NotUtf8(b) => write!(f, "expected text (UTF-8), found the byte 0x{b:02x}"),
            Self::SkippedTemplate { name, line } => {
                write!(f, "its template `{name}` was skipped (line {line})")
            }
            Self::StartPosition(e) => write!(f, "the start position does not read: {e}"),
        }
    }
}

/// Something in a `variants.ini` that was not read as written: a section skipped, or a part of
/// a piece's Betza read as no move. [`Strictness::Strict`] makes the first one an error.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}:{}:{}: [{section}] {outcome}: {}", error.file, error.line, error.column, error.kind)]
pub struct IniWarning {
    /// The section's name (its header as written when the header does not read).
    pub section: String,
    /// What became of it.
    pub outcome: Outcome,
    /// Why, and where: the line and column of what does not read.
    pub error: IniError,
}

/// What became of something a [`IniWarning`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The whole section was skipped: no variant of its name was added.
    Skipped,
    /// A group of a piece's Betza that Fairy-Stockfish gives no move (`nC`, `sfN`, `icW`) was
    /// read as no move, as Fairy-Stockfish reads it; the rest of the piece's rule stands.
    NoMove,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Skipped => "section skipped",
            Self::NoMove => "read as no move",
        })
    }
}

/// How a `variants.ini` is read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Strictness {
    /// A section that does not read is skipped, and the rest is read; each is an [`IniWarning`].
    #[default]
    Lenient,
    /// The first [`IniWarning`] is an error, and nothing is added.
    Strict,
}

/// What a `variants.ini` added, and what in it was not read as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IniReport {
    /// The variants added, in the order they were defined.
    pub names: Vec<String>,
    /// Sections skipped and pieces read with no move, in the file's order.
    pub warnings: Vec<IniWarning>,
}

/// One `key = value` line: value and where it starts.
struct Attr<'a> {
    value: &'a str,
    line: usize,
    column: usize,
}

struct Section<'a> {
    name: &'a str,
    template: Option<&'a str>,
    line: usize,
    attrs: BTreeMap<&'a str, Attr<'a>>,
    /// The first line of it that does not read (its header, or a line without `=`): where,
    /// and what.
    broken: Option<(usize, usize, IniErrorKind)>,
}

/// Parses `text`: the variants it defines (inheriting from `known` or earlier sections), and a
/// warning for each section skipped or piece read with no move. A section that does not read
/// (its header, a line, a value, its template, its start position) is skipped whole; the
/// others are read. O(length + sections × (pieces + start position)).
pub(super) fn parse(text: &str, file: &str, known: &Catalogue) -> (Vec<Variant>, Vec<IniWarning>) {
    let err = |line: usize, column: usize, kind: IniErrorKind| IniError {
        file: file.to_owned(),
        line,
        column,
        kind,
    };
    let mut sections: Vec<Section<'_>> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(rest) = l.strip_prefix('[') {
            let (head, broken) = match rest.find(']') {
                Some(close) => (&rest[..close], None),
                None => (
                    rest,
                    Some((line, l.chars().count() + 1, IniErrorKind::NoClosingBracket)),
                ),
            };
            let (name, template) = match head.split_once(':') {
                Some((n, t)) => (n, Some(t)),
                None => (head, None),
            };
            let broken = broken.or_else(|| name.is_empty().then_some((line, 2, IniErrorKind::NoName)));
            sections.push(Section {
                name: if broken.is_some() { rest } else { name },
                template,
                line,
                attrs: BTreeMap::new(),
                broken,
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue; // Fairy-Stockfish skips everything before the first section.
        };
        if l.starts_with([';', '#']) || l.trim().is_empty() || section.broken.is_some() {
            continue;
        }
        let Some((key, value)) = l.split_once('=') else {
            let column = l.chars().take_while(|c| c.is_whitespace()).count() + 1;
            section.broken = Some((line, column, IniErrorKind::NoEquals));
            continue;
        };
        let key = key.trim_end();
        let lead = value.chars().take_while(|c| c.is_whitespace()).count();
        let column = l[..l.len() - value.len()].chars().count() + lead + 1;
        section.attrs.insert(
            key.trim_start(),
            Attr {
                value: value.trim(),
                line,
                column,
            },
        );
    }
    let mut out: Vec<Variant> = Vec::new();
    let mut warnings = Vec::new();
    // Sections skipped so far: name → line.
    let mut skipped: BTreeMap<&str, usize> = BTreeMap::new();
    for s in sections {
        let mut notes = Vec::new();
        match section(&s, &out, known, &skipped, &mut notes) {
            Ok(v) => {
                warnings.extend(notes.into_iter().map(|(line, column, kind)| IniWarning {
                    section: s.name.to_owned(),
                    outcome: Outcome::NoMove,
                    error: err(line, column, kind),
                }));
                out.push(v);
            }
            Err((line, column, kind)) => {
                skipped.insert(s.name, s.line);
                warnings.push(IniWarning {
                    section: s.name.to_owned(),
                    outcome: Outcome::Skipped,
                    error: err(line, column, kind),
                });
            }
        }
    }
    (out, warnings)
}

/// A place and what is wrong there.
type Problem = (usize, usize, IniErrorKind);

/// The variant of one section, or why it is skipped; `notes` gets the Betza groups read as no
/// move.
fn section(
    s: &Section<'_>,
    out: &[Variant],
    known: &Catalogue,
    skipped: &BTreeMap<&str, usize>,
    notes: &mut Vec<Problem>,
) -> Result<Variant, Problem> {
    if let Some(broken) = &s.broken {
        return Err(broken.clone());
    }
    if known.get(s.name).is_some() || out.iter().any(|v| v.name == s.name) {
        return Err((s.line, 2, IniErrorKind::Duplicate(s.name.to_owned())));
    }
    let mut v = match s.template {
        None => Variant::empty(s.name),
        Some(t) => {
            let base = out.iter().find(|v| v.name == t).or_else(|| known.get(t));
            let column = s.name.chars().count() + 3;
            let base = match (base, skipped.get(t)) {
                (Some(b), _) => b,
                (None, Some(&line)) => {
                    return Err((
                        s.line,
                        column,
                        IniErrorKind::SkippedTemplate {
                            name: t.to_owned(),
                            line,
                        },
                    ))
                }
                (None, None) => return Err((s.line, column, IniErrorKind::UnknownTemplate(t.to_owned()))),
            };
            Variant {
                name: s.name.to_owned(),
                ..base.clone()
            }
        }
    };
    apply(&mut v, &s.attrs, notes).map_err(|(a, kind)| (a.line, a.column, kind))?;
    if let Err(e) = v.start_position() {
        let (line, column) = s
            .attrs
            .get("startFen")
            .map_or((s.line, 1), |a| (a.line, a.column));
        return Err((line, column, IniErrorKind::StartPosition(e)));
    }
    Ok(v)
}

type Fail<'a, 'b> = (&'b Attr<'a>, IniErrorKind);

fn bad<'a, 'b>(a: &'b Attr<'a>, key: &str, expected: &'static str) -> Fail<'a, 'b> {
    (
        a,
        IniErrorKind::BadValue {
            key: key.to_owned(),
            expected,
            found: a.value.to_owned(),
        },
    )
}

/// The attributes of one section, applied in Fairy-Stockfish's order: the board, then the
/// piece types in its type order (a letter taken by a later type moves to it), the king, the
/// regions, then the rules.
#[expect(
    clippy::too_many_lines,
    reason = "one key after another, in Fairy-Stockfish's order: splitting it would hide the order"
)]
fn apply<'a, 'b>(
    v: &mut Variant,
    attrs: &'b BTreeMap<&'a str, Attr<'a>>,
    notes: &mut Vec<Problem>,
) -> Result<(), Fail<'a, 'b>> {
    if let Some(a) = attrs.get("maxRank") {
        v.ranks = a
            .value
            .parse()
            .ok()
            .filter(|r| (1..=99).contains(r))
            .ok_or_else(|| bad(a, "maxRank", "a number of ranks, 1 to 99"))?;
    }
    if let Some(a) = attrs.get("maxFile") {
        let files = match a.value.as_bytes() {
            [c] if c.is_ascii_lowercase() => Some(u32::from(c - b'a') + 1),
            _ => a.value.parse().ok(),
        };
        v.files = files.filter(|f| (1..=26).contains(f)).ok_or_else(|| {
            bad(
                a,
                "maxFile",
                "a number of files, 1 to 26, or the last file's letter",
            )
        })?;
    }
    let customs: Vec<String> = (1..=CUSTOM_PIECES).map(|i| format!("customPiece{i}")).collect();
    let types = PIECE_TYPES
        .iter()
        .filter(|(n, _)| *n != "king")
        .map(|&(n, b)| (n.to_owned(), Some(b)))
        .chain(customs.into_iter().map(|n| (n, None)))
        .chain(std::iter::once(("king".to_owned(), Some("K"))));
    for (name, builtin) in types {
        let Some(a) = attrs.get(name.as_str()) else {
            continue;
        };
        let mut chars = a.value.chars();
        match chars.next() {
            Some(l) if l.is_ascii_alphabetic() => {
                let letter = l.to_ascii_lowercase();
                let written = chars.as_str().strip_prefix(':');
                let betza = match (builtin, written) {
                    (None, Some(b)) => b.to_owned(),
                    (None, None) => return Err(bad(a, &name, "`letter:BETZA`, e.g. `a:BN`")),
                    (Some(_), Some(b)) if name == "king" => {
                        v.king_moves = ("customRoyal".to_owned(), b.to_owned());
                        b.to_owned()
                    }
                    (Some(b), _) => {
                        if name == "king" {
                            v.king_moves = ("king".to_owned(), "K".to_owned());
                        }
                        b.to_owned()
                    }
                };
                let rule = read_betza(&betza, a, notes)?;
                v.pieces.retain(|p| p.kind != name && p.letter != letter);
                v.pieces.push(VariantPiece {
                    letter,
                    kind: name.clone(),
                    betza,
                    rule,
                });
            }
            Some('-') => v.pieces.retain(|p| p.kind != name),
            _ => return Err(bad(a, &name, "a piece letter, `letter:BETZA` or `-`")),
        }
    }
    if let Some(a) = attrs.get("kingType") {
        let (name, betza) = PIECE_TYPES
            .iter()
            .find(|(n, _)| *n == a.value)
            .ok_or_else(|| bad(a, "kingType", "a built-in piece type such as `wazir`"))?;
        betza.parse::<Rule>().map_err(|e| (a, IniErrorKind::Betza(e)))?;
        v.king_moves = ((*name).to_owned(), (*betza).to_owned());
    }
    let king_betza = v.king_moves.1.clone();
    let king_rule: Rule = king_betza
        .parse()
        .expect("a king's moves are read where they are written");
    for p in v.pieces.iter_mut().filter(|p| p.kind == "king") {
        p.betza.clone_from(&king_betza);
        p.rule = king_rule.clone();
    }
    for (key, a) in attrs {
        let Some(rest) = key.strip_prefix("mobilityRegion") else {
            continue;
        };
        let (colour, kind) = if let Some(k) = rest.strip_prefix("White") {
            (Colour::White, k)
        } else if let Some(k) = rest.strip_prefix("Black") {
            (Colour::Black, k)
        } else {
            continue;
        };
        let mut lower = kind.to_owned();
        if let Some(first) = lower.get_mut(..1) {
            first.make_ascii_lowercase();
        }
        let squares = region(v, a, key)?;
        if squares.is_empty() {
            v.regions.remove(&(colour, lower));
        } else {
            v.regions.insert((colour, lower), squares);
        }
    }
    if let Some(a) = attrs.get("doubleStep") {
        v.double_step = match a.value {
            "true" => true,
            "false" => false,
            _ => return Err(bad(a, "doubleStep", "`true` or `false`")),
        };
    }
    for (i, side) in ["White", "Black"].into_iter().enumerate() {
        let key = format!("doubleStepRegion{side}");
        if let Some(a) = attrs.get(key.as_str()) {
            v.double_step_region[i] = Some(region(v, a, &key)?);
        }
        let key = format!("tripleStepRegion{side}");
        if let Some(a) = attrs.get(key.as_str()) {
            v.triple_step_region[i] = region(v, a, &key)?;
        }
    }
    if let Some(a) = attrs.get("diagonalLines") {
        v.diagonal_lines = region(v, a, "diagonalLines")?;
    }
    if let Some(a) = attrs.get("startFen") {
        a.value.clone_into(&mut v.start_fen);
    }
    // Fairy-Stockfish-X's wrapped boards: `toroidal` joins files and ranks, `cylindrical` files.
    for (key, wrap) in [("cylindrical", Wrap::Files), ("toroidal", Wrap::Both)] {
        if let Some(a) = attrs.get(key) {
            match a.value {
                "true" => v.wrap = v.wrap.max(wrap),
                "false" => {}
                _ => return Err(bad(a, key, "`true` or `false`")),
            }
        }
    }
    if let Some(a) = attrs.get("flyingGeneral") {
        v.flying_general = match a.value {
            "true" => true,
            "false" => false,
            _ => return Err(bad(a, "flyingGeneral", "`true` or `false`")),
        };
    }
    if let Some(a) = attrs.get("soldierPromotionRank") {
        v.soldier_promotion_rank = a
            .value
            .parse()
            .ok()
            .filter(|r| (1..=99).contains(r))
            .ok_or_else(|| bad(a, "soldierPromotionRank", "a rank, 1 to 99"))?;
    }
    if let Some(a) = attrs.get("promotedPieceType") {
        for pair in a.value.split_whitespace() {
            let mut letters = pair.split(':').map(|s| {
                let mut c = s.chars();
                match (c.next(), c.next()) {
                    (Some(l), None) => Some(l),
                    _ => None,
                }
            });
            let (Some(Some(from)), Some(Some(to)), None) = (letters.next(), letters.next(), letters.next())
            else {
                return Err(bad(
                    a,
                    "promotedPieceType",
                    "pairs `from:to` of piece letters, e.g. `p:g s:g`",
                ));
            };
            let find = |l: char| v.piece(l).map(|p| p.kind.clone());
            let (Some(from), Some(to)) = (find(from), find(to)) else {
                return Err(bad(a, "promotedPieceType", "letters of this variant's pieces"));
            };
            v.promoted.insert(from, to);
        }
    }
    Ok(())
}

/// Fairy-Stockfish's custom piece slots: `customPiece1` … `customPiece25`.
const CUSTOM_PIECES: u32 = 25;

/// A piece's Betza as Fairy-Stockfish reads it: a group it gives no move (`nC`, `sfN`, `icW`)
/// moves nowhere and the rest stands; each such group is a note at the value. O(length²).
fn read_betza<'a, 'b>(betza: &str, a: &'b Attr<'a>, notes: &mut Vec<Problem>) -> Result<Rule, Fail<'a, 'b>> {
    let mut text = betza.to_owned();
    let mut dropped = 0;
    loop {
        if text.trim().is_empty() {
            return Ok(Rule::default());
        }
        let e = match text.parse::<Rule>() {
            Ok(rule) => return Ok(rule),
            Err(e) => e,
        };
        let no_move = matches!(
            e.kind,
            BetzaErrorKind::LameNoMove | BetzaErrorKind::NoDirection { .. } | BetzaErrorKind::InitialCaptures
        );
        let Some((rest, removed)) = no_move.then(|| without_group(&text, e.at)).flatten() else {
            // Report the error at its place in the text as written.
            let shifted = BetzaError {
                input: betza.to_owned(),
                at: e.at + dropped,
                kind: e.kind,
            };
            return Err((a, IniErrorKind::Betza(shifted)));
        };
        let at = e.at + dropped;
        notes.push((
            a.line,
            a.column + 2 + at,
            IniErrorKind::Betza(BetzaError {
                input: betza.to_owned(),
                at,
                kind: e.kind,
            }),
        ));
        dropped += removed;
        text = rest;
    }
}

/// `text` without the Betza group (modifiers, atom, range) around character `at`, and how
/// many characters went; `None` when `at` is not in a group's modifiers.
fn without_group(text: &str, at: usize) -> Option<(String, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let modifier = |i: usize| chars.get(i).is_some_and(char::is_ascii_lowercase);
    if !modifier(at) {
        return None;
    }
    let mut start = at;
    while start > 0 && modifier(start - 1) {
        start -= 1;
    }
    let mut end = at;
    while modifier(end) {
        end += 1;
    }
    match chars.get(end) {
        Some('(') => end += chars[end..].iter().position(|&c| c == ')')? + 1,
        Some(c) if c.is_ascii_uppercase() => end += 1,
        _ => return None,
    }
    while chars.get(end).is_some_and(char::is_ascii_digit) {
        end += 1;
    }
    let rest: String = chars[..start].iter().chain(&chars[end..]).collect();
    Some((rest, end - start))
}

/// A Fairy-Stockfish bitboard value: squares `a1`, files `c*`, ranks `*3`; `-` ends it. Sorted.
fn region<'a, 'b>(v: &Variant, a: &'b Attr<'a>, key: &str) -> Result<Vec<Coord>, Fail<'a, 'b>> {
    let mut out = Vec::new();
    let (files, ranks) = (i64::from(v.files), i64::from(v.ranks));
    for token in a.value.split_whitespace() {
        if token == "-" {
            break;
        }
        if let Some(f) = token.strip_suffix('*') {
            let [c] = f.as_bytes() else {
                return Err(bad(a, key, "squares (`a1`), files (`c*`) or ranks (`*3`)"));
            };
            if !c.is_ascii_lowercase() {
                return Err(bad(a, key, "squares (`a1`), files (`c*`) or ranks (`*3`)"));
            }
            let file = i64::from(c - b'a') + 1;
            out.extend((1..=ranks).map(|r| Coord::new(file, r)));
        } else if let Some(r) = token.strip_prefix('*') {
            let rank: i64 = r
                .parse()
                .ok()
                .filter(|&r| r >= 1)
                .ok_or_else(|| bad(a, key, "squares (`a1`), files (`c*`) or ranks (`*3`)"))?;
            out.extend((1..=files).map(|f| Coord::new(f, rank)));
        } else {
            let c: Coord = token
                .parse()
                .ok()
                .filter(|c: &Coord| c.has_algebraic_name())
                .ok_or_else(|| bad(a, key, "squares (`a1`), files (`c*`) or ranks (`*3`)"))?;
            out.push(c);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}
