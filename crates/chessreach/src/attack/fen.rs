use std::fmt;

use thiserror::Error;

use super::{Kind, Placed, Position, PositionError};
use crate::geometry::{Board, Coord, Rect, RectError};
use crate::piece::{BetzaError, BetzaErrorKind, Colour, Dialect, Rule};

/// Which rule each FEN letter stands for: `K Q R B N P` by default, more by [`Symbols::define`].
#[derive(Clone, Debug)]
pub struct Symbols {
    table: Vec<(char, Rule)>,
    /// The dialect definitions and piece specs are read in.
    dialect: Dialect,
}

/// Why a FEN (or a letter definition) was refused, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct FenError {
    /// The text.
    pub input: String,
    /// Character index of the problem.
    pub at: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}

/// What is wrong with a FEN or a letter definition.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// No placement at all.
    Empty,
    /// An empty-square count that is zero or does not fit.
    BadCount(String),
    /// A letter no rule is bound to.
    UnknownLetter(char),
    /// `+` (promoted) before a letter that does not promote here.
    Promoted(char),
    /// A variant's FEN for another board.
    WrongBoard {
        /// The variant's board.
        expected: Board,
        /// The FEN's.
        found: Board,
    },
    /// Ranks of different widths.
    Ragged {
        /// The rank that differs (1 = the bottom rank).
        rank: i64,
        /// Its width.
        files: u64,
        /// The first rank read (the top one).
        first: i64,
        /// Its width.
        first_files: u64,
    },
    /// The board the FEN describes cannot be made.
    Board(RectError),
    /// The pieces do not make a position.
    Position(PositionError),
    /// A definition without `=`.
    NoEquals,
    /// Not one ASCII letter before `=`.
    NotALetter(String),
    /// The rule after `=` does not parse.
    Rule(BetzaErrorKind),
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("empty FEN: expected ranks such as `8/8/8/8/8/8/8/8`"),
            Self::BadCount(n) => write!(f, "bad empty-square count `{n}`"),
            Self::UnknownLetter(c) => write!(
                f,
                "unknown piece letter `{c}`: define it, e.g. --define '{u}=BN' (Python: define={{'{u}': 'BN'}})",
                u = c.to_ascii_uppercase()
            ),
            Self::Promoted(c) => write!(
                f,
                "`+{c}`: `{c}` has no promoted form here (`+` marks promoted pieces in variants such as shogi)"
            ),
            Self::WrongBoard { expected, found } => {
                write!(f, "this variant is played on {expected}, the FEN describes {found}")
            }
            Self::Ragged {
                rank,
                files,
                first,
                first_files,
            } => write!(
                f,
                "rank {rank} holds {files} squares but rank {first} holds {first_files}: every rank needs the same width"
            ),
            Self::Board(e) => e.fmt(f),
            Self::Position(e) => e.fmt(f),
            Self::NoEquals => f.write_str("expected LETTER=BETZA, e.g. `A=BN`"),
            Self::NotALetter(found) => write!(
                f,
                "expected one ASCII letter (A-Z, a-z) before `=`, found {}",
                crate::input::excerpt(found)
            ),
            Self::Rule(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let caret = crate::input::Caret {
            text: &self.input,
            at: self.at,
        };
        write!(f, "{} {caret}", self.kind)
    }
}

impl Default for Symbols {
    /// The orthodox letters, read once per process.
    fn default() -> Self {
        static ORTHODOX: std::sync::LazyLock<Symbols> = std::sync::LazyLock::new(|| Symbols {
            table: Symbols::ORTHODOX
                .into_iter()
                .map(|c| (c, c.to_string().parse().expect("orthodox rule")))
                .collect(),
            dialect: Dialect::Fsf,
        });
        ORTHODOX.clone()
    }
}

impl Symbols {
    /// The letters every table starts with: king, queen, rook, bishop, knight, pawn.
    pub const ORTHODOX: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];

    /// Defines or redefines a letter: `A=BN`. The letter is case-insensitive.
    ///
    /// # Errors
    ///
    /// [`FenError`] when `spec` is not `LETTER=BETZA` with an ASCII letter and a rule that parses.
    pub fn define(&mut self, spec: &str) -> Result<(), FenError> {
        let fail = |at: usize, kind: FenErrorKind| FenError {
            input: spec.to_owned(),
            at,
            kind,
        };
        let Some((name, betza)) = spec.split_once('=') else {
            return Err(fail(0, FenErrorKind::NoEquals));
        };
        let mut letters = name.trim().chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(letter), None) if letter.is_ascii_alphabetic() => letter,
            _ => return Err(fail(0, FenErrorKind::NotALetter(name.to_owned()))),
        };
        let offset = name.chars().count() + 1;
        let rule: Rule = self
            .dialect
            .parse(betza)
            .map_err(|e: BetzaError| fail(offset + e.at, FenErrorKind::Rule(e.kind)))?;
        self.insert(letter, rule);
        Ok(())
    }

    /// The dialect [`Symbols::define`] and piece specs read rules in.
    #[must_use]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Reads later definitions and piece specs in `dialect` (the letters already bound keep
    /// their rules).
    pub fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    /// Binds `letter` (case-insensitive) to `rule`.
    pub fn insert(&mut self, letter: char, rule: Rule) {
        let letter = letter.to_ascii_uppercase();
        self.table.retain(|(l, _)| *l != letter);
        self.table.push((letter, rule));
    }

    /// The rule of a letter, either case.
    #[must_use]
    pub fn get(&self, letter: char) -> Option<&Rule> {
        let letter = letter.to_ascii_uppercase();
        self.table.iter().find(|(l, _)| *l == letter).map(|(_, r)| r)
    }

    /// The letters known, upper case, in the order they were bound.
    pub fn letters(&self) -> impl Iterator<Item = char> + '_ {
        self.table.iter().map(|&(l, _)| l)
    }
}

impl Position {
    /// A position from the placement field of a FEN with the orthodox letters. See
    /// [`Position::from_fen_with`].
    ///
    /// # Errors
    ///
    /// [`FenError`], naming the character, for a malformed placement or an unknown letter.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(fen, &Symbols::default())
    }

    /// A position from the placement field of a FEN: ranks from the top, separated by `/`;
    /// upper case White, lower case Black; digits (any number of them) count empty squares; `*`
    /// is a wall (nothing moves onto, attacks or captures it; it blocks lines). The
    /// board's size is the FEN's own: as many ranks as fields, as many files as each rank holds.
    /// Anything after the first space (side to move, castling …) is ignored.
    ///
    /// # Errors
    ///
    /// [`FenError`], naming the character, for a malformed placement or a letter `symbols` does not know.
    pub fn from_fen_with(fen: &str, symbols: &Symbols) -> Result<Self, FenError> {
        read_placement(fen, |kinds, c, promoted, _| {
            if promoted {
                return Err(FenErrorKind::Promoted(c));
            }
            let rule = symbols.get(c).ok_or(FenErrorKind::UnknownLetter(c))?;
            let symbol = c.to_ascii_uppercase();
            Ok(if let Some(k) = kinds.iter().position(|k| k.symbol == symbol) {
                k
            } else {
                kinds.push(Kind::new(symbol, rule.clone()));
                kinds.len() - 1
            })
        })
    }
}

/// Reads a FEN's placement field into a position: ranks from the top, separated by `/`; upper
/// case White, lower case Black; digits (any number of them) count empty squares; `*` is a
/// wall ([`Kind::wall`]); `+` before a
/// letter marks a promoted piece, `~` after one is ignored (Fairy-Stockfish's promoted-pawn
/// mark), and a `[…]` suffix (pieces in hand) is ignored. `kind_of(kinds, letter, promoted,
/// square)` names the kind of each piece, adding kinds as it needs. O(length + p log p).
#[expect(
    clippy::cast_possible_wrap,
    reason = "FEN widths and heights are below 2^32 (Rect::new refuses more) and so fit i64"
)]
pub(crate) fn read_placement(
    fen: &str,
    mut kind_of: impl FnMut(&mut Vec<Kind>, char, bool, Coord) -> Result<usize, FenErrorKind>,
) -> Result<Position, FenError> {
    let fail = |at: usize, kind: FenErrorKind| FenError {
        input: fen.to_owned(),
        at,
        kind,
    };
    let placement = fen.split_whitespace().next().unwrap_or("");
    let placement = match placement.find('[') {
        Some(b) if placement.ends_with(']') => &placement[..b],
        _ => placement,
    };
    let lead = fen.chars().take_while(|c| c.is_whitespace()).count();
    if placement.is_empty() {
        return Err(fail(0, FenErrorKind::Empty));
    }
    let rows: Vec<&str> = placement.split('/').collect();
    let height = rows.len() as u64;
    let mut kinds: Vec<Kind> = Vec::new();
    let mut pieces = Vec::new();
    let mut width: Option<(u64, usize)> = None;
    let mut at = lead;
    for (r, row) in rows.iter().enumerate() {
        let rank = height as i64 - r as i64;
        let mut file: u64 = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let n: String = chars[start..i].iter().collect();
                let n: u64 = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| fail(at + start, FenErrorKind::BadCount(n.clone())))?;
                file = file.saturating_add(n);
                continue;
            }
            let promoted = c == '+';
            let (c, place) = if promoted {
                match chars.get(i + 1) {
                    Some(&l) if l.is_alphabetic() => (l, i + 1),
                    _ => return Err(fail(at + i, FenErrorKind::UnknownLetter('+'))),
                }
            } else {
                (c, i)
            };
            file += 1;
            let square = Coord::new(file as i64, rank);
            let kind = if c == Kind::WALL && !promoted {
                kinds.iter().position(Kind::is_wall).unwrap_or_else(|| {
                    kinds.push(Kind::wall());
                    kinds.len() - 1
                })
            } else {
                kind_of(&mut kinds, c, promoted, square).map_err(|e| fail(at + place, e))?
            };
            let colour = if c.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            pieces.push(Placed {
                kind,
                colour,
                at: square,
            });
            i = place + 1;
            if chars.get(i) == Some(&'~') {
                i += 1;
            }
        }
        match width {
            None => width = Some((file, r)),
            Some((w, first)) if w != file => {
                return Err(fail(
                    at,
                    FenErrorKind::Ragged {
                        rank,
                        files: file,
                        first: height as i64 - first as i64,
                        first_files: w,
                    },
                ));
            }
            Some(_) => {}
        }
        at += chars.len() + 1;
    }
    let width = width.map_or(0, |w| w.0);
    let rect = Rect::new(width, height).map_err(|e: RectError| fail(lead, FenErrorKind::Board(e)))?;
    Position::new(Board::Rect(rect), kinds, pieces).map_err(|e| fail(lead, FenErrorKind::Position(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let pos =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").expect("fen");
        assert_eq!(pos.board().to_string(), "8x8");
        assert_eq!(pos.pieces().len(), 32);
        let e1 = pos.piece_at("e1".parse().expect("sq")).expect("king");
        assert_eq!(pos.symbol_of(e1), 'K');
        let d8 = pos.piece_at("d8".parse().expect("sq")).expect("queen");
        assert_eq!(pos.symbol_of(d8), 'q');
    }

    #[test]
    fn fairy_board_with_definitions() {
        let mut sym = Symbols::default();
        sym.define("A=BN").expect("define");
        sym.define("c=RN").expect("define");
        let pos = Position::from_fen_with(
            "rnabqkbcnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
            &sym,
        )
        .expect("fen");
        assert_eq!(pos.board().to_string(), "10x10");
        let pos = Position::from_fen_with("12/12/12/12/12/12/12/12/12/5A6", &sym).expect("12x10");
        assert_eq!(pos.board().to_string(), "12x10");
    }

    #[test]
    fn placement_round_trips() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "8/8/8/8/8/8/8/8",
            "12/12/3K8/12/12/12/12/12/12/k11",
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            assert_eq!(pos.placement().as_deref(), Some(fen));
        }
    }

    #[test]
    fn errors() {
        let e = Position::from_fen("8/8/8/8/8/8/8/7X").expect_err("unknown");
        assert_eq!(e.at, 15);
        assert_eq!(e.kind, FenErrorKind::UnknownLetter('X'));
        assert!(e.to_string().contains("--define 'X=BN'"));
        let e = Position::from_fen("8/7/8").expect_err("ragged");
        assert!(
            matches!(
                e.kind,
                FenErrorKind::Ragged {
                    rank: 2,
                    files: 7,
                    first: 3,
                    first_files: 8
                }
            ),
            "{e}"
        );
        assert!(Position::from_fen("").is_err());
        assert!(Position::from_fen("0").is_err());
        assert!(Symbols::default().define("AB=N").is_err());
        let e = Symbols::default().define("A=BX").expect_err("bad betza");
        assert_eq!(e.at, 3);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "[KQRBNPkqrbnpX0-9/ ]{0,30}") {
            let _ = Position::from_fen(&s);
        }
    }
}
