//! Setting up a position piece by piece: the piece-spec syntax `[w:|b:]PIECE@SQ[/SQ…]` that
//! the CLI's `--piece`/`--black` and the Python package's `Position(board, pieces)` share.

use std::fmt;

use thiserror::Error;

use super::{FenError, Kind, Placed, Position, PositionError, Symbols};
use crate::geometry::{Board, Coord, CoordParseError};
use crate::input::Caret;
use crate::piece::{BetzaErrorKind, Colour, Rule};

/// One piece spec read: a colour, the letter it is drawn with, its rule, its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// Whose pieces.
    pub colour: Colour,
    /// The letter drawn for them (upper case): the spec's own letter, the orthodox letter its
    /// rule equals, the first capital of its Betza, or `X`.
    pub symbol: char,
    /// How they move.
    pub rule: Rule,
    /// Where they stand.
    pub squares: Vec<Coord>,
}

/// Why a piece spec was refused, and where (a character index into it).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct SpecError {
    /// The spec.
    pub input: String,
    /// Character index of the problem.
    pub at: usize,
    /// What is wrong.
    pub kind: SpecErrorKind,
}

/// What is wrong with a piece spec.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// A prefix other than `w:` or `b:`.
    UnknownColour(String),
    /// No `@` between piece and squares.
    NoAt,
    /// The piece is neither a known letter nor a Betza rule.
    Rule(BetzaErrorKind),
    /// A square that does not parse.
    Square(CoordParseError),
    /// A spec that must name one square (a mover) names this many.
    NotOneSquare(usize),
    /// A mover named by its square alone (`g1`), where no piece stands.
    NoPieceOn(Coord),
    /// `+X`, a promoted piece, where `X` does not promote (or no variant is loaded).
    NotPromoted(char),
    /// A lower-case letter (Black, as in FEN) under a `w:` prefix.
    ColourClash(char),
    /// A single letter that is neither known (these are, upper case) nor a Betza rule.
    UnknownLetter(char, String),
}

impl fmt::Display for SpecErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownColour(p) => write!(
                f,
                "unknown colour prefix {}: use `w:` or `b:`",
                crate::input::excerpt(&format!("{p}:"))
            ),
            Self::NoAt => f.write_str("expected PIECE@SQUARE, e.g. `N@b1`: no `@` found"),
            Self::Rule(e) => e.fmt(f),
            Self::Square(e) => e.fmt(f),
            Self::NotOneSquare(n) => write!(f, "expected one square, found {n}"),
            Self::NoPieceOn(c) => write!(
                f,
                "no piece stands on {c} to be the mover: name one (`N@{c}`) to travel from there"
            ),
            Self::NotPromoted(c) => write!(
                f,
                "`+{c}` is a promoted piece, but `{c}` does not promote here (a variant's `promotedPieceType` says what does)"
            ),
            Self::ColourClash(c) => write!(
                f,
                "`{c}` is lower case, a Black piece (as in FEN), but `w:` asks for White: write `{}` or `b:`",
                c.to_ascii_uppercase()
            ),
            Self::UnknownLetter(c, known) => write!(
                f,
                "unknown piece letter `{c}` (known: {known}): define it, e.g. --define '{u}=BN' (Python: \
                 define={{'{u}': 'BN'}}), or give a Betza rule",
                u = c.to_ascii_uppercase()
            ),
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let caret = Caret {
            text: &self.input,
            at: self.at,
        };
        write!(f, "{} {caret}", self.kind)
    }
}

impl PieceSpec {
    /// Reads `[w:|b:]PIECE@SQ[/SQ…]`: `PIECE` is a letter `symbols` knows or any Betza rule;
    /// squares are `e4` or `x,y`. A letter's case is its colour as in FEN: a lower-case letter
    /// is Black (refused under `w:`); an upper-case letter or a Betza rule is the prefix's
    /// colour, else `default`'s. O(length).
    ///
    /// # Errors
    ///
    /// [`SpecError`] at the character that is wrong.
    pub fn parse(spec: &str, default: Colour, symbols: &Symbols) -> Result<Self, SpecError> {
        let fail = |at: usize, kind: SpecErrorKind| SpecError {
            input: spec.to_owned(),
            at,
            kind,
        };
        let (prefix, body, skip) = match spec.split_once(':') {
            Some(("w", rest)) => (Some(Colour::White), rest, 2),
            Some(("b", rest)) => (Some(Colour::Black), rest, 2),
            Some((p, _)) => return Err(fail(0, SpecErrorKind::UnknownColour(p.to_owned()))),
            None => (None, spec, 0),
        };
        let (piece, squares) = body
            .split_once('@')
            .ok_or_else(|| fail(spec.chars().count(), SpecErrorKind::NoAt))?;
        let mut letters = piece.chars();
        let single = match (letters.next(), letters.next()) {
            (Some(c), None) => symbols.get(c).map(|r| (c.to_ascii_uppercase(), r.clone())),
            _ => None,
        };
        let lower = single.is_some() && piece.starts_with(|c: char| c.is_ascii_lowercase());
        let colour = match (prefix, lower) {
            (Some(Colour::White), true) => {
                return Err(fail(
                    skip,
                    SpecErrorKind::ColourClash(piece.chars().next().unwrap_or('?')),
                ));
            }
            (_, true) => Colour::Black,
            (Some(c), false) => c,
            (None, false) => default,
        };
        let (symbol, rule) = if let Some(found) = single {
            found
        } else {
            let rule: Rule = symbols
                .dialect()
                .parse(piece)
                .map_err(|e: crate::piece::BetzaError| {
                    let mut chars = piece.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) if c.is_ascii_alphabetic() => fail(
                            skip,
                            SpecErrorKind::UnknownLetter(
                                c,
                                symbols.letters().map(String::from).collect::<Vec<_>>().join(" "),
                            ),
                        ),
                        _ => fail(skip + e.at, SpecErrorKind::Rule(e.kind)),
                    }
                })?;
            let symbol = Symbols::ORTHODOX
                .into_iter()
                .find(|&l| symbols.get(l) == Some(&rule))
                .or_else(|| piece.chars().find(char::is_ascii_uppercase))
                .unwrap_or('X');
            (symbol, rule)
        };
        let mut at = skip + piece.chars().count() + 1;
        let mut parsed = Vec::new();
        for s in squares.split('/') {
            parsed.push(
                s.parse::<Coord>()
                    .map_err(|e| fail(at, SpecErrorKind::Square(e)))?,
            );
            at += s.chars().count() + 1;
        }
        Ok(Self {
            colour,
            symbol,
            rule,
            squares: parsed,
        })
    }
}

impl PieceSpec {
    /// Reads a spec that names exactly one square (a mover): its square and the rest.
    ///
    /// # Errors
    ///
    /// [`SpecError`] as [`PieceSpec::parse`], or [`SpecErrorKind::NotOneSquare`] at the `@`.
    pub fn parse_one(spec: &str, default: Colour, symbols: &Symbols) -> Result<(Self, Coord), SpecError> {
        let parsed = Self::parse(spec, default, symbols)?;
        match parsed.squares[..] {
            [at] => Ok((parsed, at)),
            _ => Err(SpecError {
                input: spec.to_owned(),
                at: spec.chars().take_while(|&c| c != '@').count(),
                kind: SpecErrorKind::NotOneSquare(parsed.squares.len()),
            }),
        }
    }
}

/// Why a setup was refused: a letter definition, a piece spec, or the position they make.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A `LETTER=BETZA` definition.
    #[error(transparent)]
    Define(#[from] FenError),
    /// A piece spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The pieces do not make a position on the board.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A position being set up: letter definitions, then pieces, then [`Setup::build`].
///
/// ```
/// use chessreach::attack::Setup;
/// use chessreach::piece::Colour;
///
/// let mut setup = Setup::new("8x8".parse()?);
/// setup.define("A=BN")?;
/// setup.place("A@d4", Colour::White)?;
/// setup.place("b:fmWfcF@e5", Colour::White)?;
/// let position = setup.build()?;
/// assert_eq!(position.pieces().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    board: Board,
    symbols: Symbols,
    kinds: Vec<Kind>,
    pieces: Vec<Placed>,
}

impl Setup {
    /// An empty setup on `board` with the orthodox letters.
    #[must_use]
    pub fn new(board: Board) -> Self {
        Self {
            board,
            symbols: Symbols::default(),
            kinds: Vec::new(),
            pieces: Vec::new(),
        }
    }

    /// An empty setup on `board` with the letters of `symbols`.
    #[must_use]
    pub fn with_symbols(board: Board, symbols: Symbols) -> Self {
        Self {
            symbols,
            ..Self::new(board)
        }
    }

    /// Reads later definitions and piece specs in `dialect`.
    pub fn set_dialect(&mut self, dialect: crate::piece::Dialect) {
        self.symbols.set_dialect(dialect);
    }

    /// The letters known so far.
    #[must_use]
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Defines a letter: `A=BN` (see [`Symbols::define`]).
    ///
    /// # Errors
    ///
    /// [`FenError`] for a malformed definition.
    pub fn define(&mut self, definition: &str) -> Result<(), FenError> {
        self.symbols.define(definition)
    }

    /// Places the pieces of one spec (see [`PieceSpec::parse`]). Pieces with the same letter
    /// and rule share a kind. O(kinds + squares).
    ///
    /// # Errors
    ///
    /// [`SpecError`] for a malformed spec.
    pub fn place(&mut self, spec: &str, default: Colour) -> Result<(), SpecError> {
        let spec = PieceSpec::parse(spec, default, &self.symbols)?;
        self.add(spec);
        Ok(())
    }

    /// Places the pieces of a spec already read.
    pub fn add(&mut self, spec: PieceSpec) {
        let kind = if let Some(k) = self
            .kinds
            .iter()
            .position(|k| k.rule == spec.rule && k.symbol == spec.symbol)
        {
            k
        } else {
            self.kinds.push(Kind::new(spec.symbol, spec.rule));
            self.kinds.len() - 1
        };
        let colour = spec.colour;
        self.pieces
            .extend(spec.squares.into_iter().map(|at| Placed { kind, colour, at }));
    }

    /// The position.
    ///
    /// # Errors
    ///
    /// [`PositionError`] for a square off the board or two pieces on one square.
    pub fn build(self) -> Result<Position, PositionError> {
        Position::new(self.board, self.kinds, self.pieces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str, c: Colour) -> Result<PieceSpec, SpecError> {
        PieceSpec::parse(s, c, &Symbols::default())
    }

    #[test]
    fn specs() {
        let s = spec("b:N@b1/g1", Colour::White).expect("spec");
        assert_eq!((s.colour, s.symbol, s.squares.len()), (Colour::Black, 'N', 2));
        let s = spec("fmWfcF@e2", Colour::White).expect("pawn");
        assert_eq!(s.symbol, 'P');
        let s = spec("BN@-3,4/5,5", Colour::White).expect("archbishop");
        assert_eq!((s.symbol, s.squares[0]), ('B', Coord::new(-3, 4)));
        assert_eq!(
            spec("N", Colour::White).expect_err("no @").kind,
            SpecErrorKind::NoAt
        );
        let e = spec("x:N@a1", Colour::White).expect_err("prefix");
        assert_eq!(e.kind, SpecErrorKind::UnknownColour("x".into()));
        let e = spec("b:NX@a1", Colour::White).expect_err("bad rule");
        assert_eq!((e.at, e.to_string().contains('^')), (3, true));
        let e = spec("N@a1/zz", Colour::White).expect_err("bad square");
        assert_eq!(e.at, 5);
        assert!(matches!(e.kind, SpecErrorKind::Square(_)));
        let (one, at) = PieceSpec::parse_one("b:K@e8", Colour::White, &Symbols::default()).expect("one");
        assert_eq!((one.colour, at), (Colour::Black, Coord::new(5, 8)));
        let e = PieceSpec::parse_one("K@a1/b2", Colour::White, &Symbols::default()).expect_err("two");
        assert_eq!((e.at, e.kind), (1, SpecErrorKind::NotOneSquare(2)));
    }

    #[test]
    fn a_letters_case_is_its_colour() {
        let colour = |s: &str, c: Colour| spec(s, c).map(|p| (p.colour, p.symbol));
        assert_eq!(colour("k@e8", Colour::White), Ok((Colour::Black, 'K')));
        assert_eq!(colour("K@e1", Colour::White), Ok((Colour::White, 'K')));
        assert_eq!(colour("K@e8", Colour::Black), Ok((Colour::Black, 'K')));
        assert_eq!(colour("b:K@e8", Colour::White), Ok((Colour::Black, 'K')));
        assert_eq!(colour("b:n@e8", Colour::White), Ok((Colour::Black, 'N')));
        // Betza rules are case-sensitive text, not colours.
        assert_eq!(colour("fmWfcF@e2", Colour::White), Ok((Colour::White, 'P')));
        let e = spec("w:k@e8", Colour::White).expect_err("clash");
        assert_eq!((e.at, &e.kind), (2, &SpecErrorKind::ColourClash('k')));
        assert!(e.to_string().contains("write `K` or `b:`"), "{e}");
    }

    #[test]
    fn an_unknown_letter_names_the_known_ones() {
        let mut symbols = Symbols::default();
        symbols.define("A=BN").expect("define");
        let e = PieceSpec::parse("b:X@e4", Colour::White, &symbols).expect_err("unknown");
        assert_eq!(e.at, 2);
        assert_eq!(e.kind, SpecErrorKind::UnknownLetter('X', "K Q R B N P A".into()));
        assert!(e.to_string().contains("--define 'X=BN'"), "{e}");
        assert_eq!(
            PieceSpec::parse("x@e4", Colour::White, &symbols).map_err(|e| e.kind),
            Err(SpecErrorKind::UnknownLetter('x', "K Q R B N P A".into()))
        );
        // A single Betza atom is still a rule.
        assert!(PieceSpec::parse("W@e4", Colour::White, &symbols).is_ok());
    }

    #[test]
    fn kinds_are_shared() {
        let mut setup = Setup::new("8x8".parse().expect("board"));
        setup.place("N@b1", Colour::White).expect("n");
        setup.place("b:N@b8", Colour::White).expect("n");
        setup.place("NN@c3", Colour::White).expect("nn");
        let pos = setup.build().expect("position");
        assert_eq!((pos.kinds().len(), pos.pieces().len()), (2, 3));
    }

    proptest::proptest! {
        #[test]
        fn spec_parser_never_panics(s in "\\PC{0,30}", t in "[wb:KQRBNPfmcW@a-h1-9,/-]{0,20}") {
            let _ = spec(&s, Colour::White);
            let _ = spec(&t, Colour::Black);
        }
    }
}
