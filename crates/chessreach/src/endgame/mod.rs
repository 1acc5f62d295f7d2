//! Royal endgames: one royal piece a side (`K` by default), any other Betza pieces, two to four
//! pieces in all, on any bounded board, flat or wrapped — solved exactly by retrograde analysis.
//!
//! The rules: a position is legal when the side not to move is not in check; a move is legal
//! when afterwards the mover's royal is not attacked; captures of non-royal pieces take them
//! out (the smaller material, a *subgame*, is solved first); no legal move is checkmate (in
//! check: a loss) or stalemate (a draw, or a loss under [`Stalemate::Loss`]); bare royals are a
//! draw under every rule. No promotion, castling or en passant. Values are the winner under
//! best play and the distance to mate in plies (the mating move included; the winner hurries,
//! the loser delays; captures counted through).
//!
//! - [`Material`]: `KQvK`, `KBNvK`, `KQvKR` (letters in any order).
//! - [`Rules`]: the board, the letters' rules, the royal letter, the stalemate rule.
//! - [`Tablebase`]: every position of a material and its subgames, solved; probes, best moves,
//!   lines, summaries; [`potential`] for mating-potential tables.
//!
//! ```
//! use chessreach::endgame::{Material, Rules, Tablebase};
//! use chessreach::geometry::Rect;
//! use chessreach::limits::Budget;
//!
//! let rules = Rules::new(Rect::new(4, 4)?);
//! let material = Material::parse("KQvK", 'K')?;
//! let base = Tablebase::solve(&rules, &material, Budget::unlimited(), None)?;
//! assert!(base.summary()[0].white > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod base;
mod read;
mod squares;
mod table;

pub use base::{potential, Longest, Potential, Probe, Summary, Tablebase, Tuning};

use std::fmt;

use thiserror::Error;

use crate::attack::{FenError, Symbols};
use crate::geometry::Rect;
use crate::limits::TooLarge;
use crate::piece::Colour;
use crate::retro::GenError;

/// What the stalemated side gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stalemate {
    /// A draw (orthodox chess).
    #[default]
    Draw,
    /// A loss for the stalemated side (some variants).
    Loss,
}

impl Stalemate {
    /// `draw` or `loss`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Draw => "draw",
            Self::Loss => "loss",
        }
    }
}

/// The rules of an endgame: the board (flat or wrapped), the letters' movement rules, the royal
/// letter and the stalemate rule.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The board.
    pub rect: Rect,
    /// The letters (orthodox `K Q R B N P` and any `--define`d ones).
    pub symbols: Symbols,
    /// The royal letter (upper case), one per side.
    pub royal: char,
    /// What stalemate is.
    pub stalemate: Stalemate,
}

impl Rules {
    /// Orthodox letters, royal `K`, stalemate a draw, on `rect`.
    #[must_use]
    pub fn new(rect: Rect) -> Self {
        Self {
            rect,
            symbols: Symbols::default(),
            royal: 'K',
            stalemate: Stalemate::Draw,
        }
    }
}

/// The pieces of an endgame: each side's royal and its other pieces (upper-case letters, in
/// the canonical order `Q R B N P`, then the rest alphabetically).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    royal: char,
    sides: [Vec<char>; 2],
}

/// The canonical order of letters: `Q R B N P` first (as players write `KQvK`, `KBNvK`), then
/// the rest alphabetically.
fn letter_rank(c: char) -> (usize, char) {
    ("QRBNP".find(c).unwrap_or(5), c)
}

impl Material {
    /// Reads `KQvK`, `kbnvk`, `KNBvK` (any order, any case; `v` separates White from Black).
    /// Each side holds exactly one `royal`; at most four pieces in all.
    ///
    /// # Errors
    ///
    /// [`EndgameError::Material`] naming the character at fault.
    pub fn parse(text: &str, royal: char) -> Result<Self, EndgameError> {
        let royal = royal.to_ascii_uppercase();
        let fail = |at: usize, kind: MaterialErrorKind| EndgameError::Material {
            input: text.to_owned(),
            at,
            kind,
        };
        let lower = text.to_ascii_lowercase();
        // The separator: the `v` not standing for a piece (with royal `V`, the last one).
        let split = if royal == 'V' {
            lower.rfind('v')
        } else {
            lower.find('v')
        };
        let Some(split) = split else {
            return Err(fail(0, MaterialErrorKind::NoSeparator));
        };
        let mut sides: [Vec<char>; 2] = [Vec::new(), Vec::new()];
        for (side, (start, part)) in [(0, &text[..split]), (split + 1, &text[split + 1..])]
            .into_iter()
            .enumerate()
        {
            let mut royals = 0;
            for (i, c) in part.char_indices() {
                if !c.is_ascii_alphabetic() {
                    return Err(fail(start + i, MaterialErrorKind::NotALetter(c)));
                }
                let c = c.to_ascii_uppercase();
                if c == royal {
                    royals += 1;
                    if royals > 1 {
                        return Err(fail(
                            start + i,
                            MaterialErrorKind::Royals {
                                side: Colour::BOTH[side],
                                royal,
                            },
                        ));
                    }
                } else {
                    sides[side].push(c);
                }
            }
            if royals == 0 {
                return Err(fail(
                    start,
                    MaterialErrorKind::Royals {
                        side: Colour::BOTH[side],
                        royal,
                    },
                ));
            }
            sides[side].sort_by_key(|&c| letter_rank(c));
        }
        let extras = sides[0].len() + sides[1].len();
        if extras > 2 {
            return Err(fail(0, MaterialErrorKind::TooMany(extras + 2)));
        }
        Ok(Self { royal, sides })
    }

    /// The material with the given other pieces (letters upper case, sorted here).
    pub(crate) fn from_sides(royal: char, mut sides: [Vec<char>; 2]) -> Self {
        for s in &mut sides {
            s.sort_by_key(|&c| letter_rank(c));
        }
        Self { royal, sides }
    }

    /// The royal letter.
    #[must_use]
    pub const fn royal(&self) -> char {
        self.royal
    }

    /// A side's other (non-royal) pieces, in canonical order.
    #[must_use]
    pub fn others(&self, side: Colour) -> &[char] {
        &self.sides[side.index()]
    }

    /// Pieces in all, royals included.
    #[must_use]
    pub fn pieces(&self) -> usize {
        2 + self.sides[0].len() + self.sides[1].len()
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: &[char]| {
            std::iter::once(self.royal)
                .chain(s.iter().copied())
                .collect::<String>()
        };
        write!(f, "{}v{}", side(&self.sides[0]), side(&self.sides[1]))
    }
}

/// What is wrong with a material.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MaterialErrorKind {
    /// No `v` between the sides.
    NoSeparator,
    /// Not a letter.
    NotALetter(char),
    /// A side without its royal, or with two.
    Royals {
        /// The side.
        side: Colour,
        /// The royal letter.
        royal: char,
    },
    /// More than four pieces.
    TooMany(usize),
}

impl fmt::Display for MaterialErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSeparator => f.write_str("expected two sides separated by `v`, e.g. `KQvK`"),
            Self::NotALetter(c) => write!(f, "`{c}` is not a piece letter"),
            Self::Royals { side, royal } => {
                write!(f, "the {side} side needs exactly one royal `{royal}`")
            }
            Self::TooMany(n) => write!(f, "{n} pieces: endgames hold two to four"),
        }
    }
}

/// Why an endgame request was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// A material that does not parse.
    #[error("material `{input}`, character {}: {kind}", at + 1)]
    Material {
        /// The text.
        input: String,
        /// Character index of the problem.
        at: usize,
        /// What is wrong.
        kind: MaterialErrorKind,
    },
    /// A letter of the material without a rule.
    #[error("unknown piece letter `{0}` in the material: define it, e.g. --define '{0}=BN' (Python: define={{'{0}': 'BN'}})")]
    UnknownLetter(char),
    /// A rule the generator does not walk.
    #[error("piece `{letter}`: {source}")]
    Movement {
        /// The letter.
        letter: char,
        /// Why.
        source: GenError,
    },
    /// Initial moves (Betza `i`): endgames have no record of which pieces have moved.
    #[error("piece `{0}` has initial moves (`i`); endgames do not handle them")]
    InitialMoves(char),
    /// Memory.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// A distance to mate beyond what a table cell holds.
    #[error("a mate longer than {0} plies: beyond what the tables hold")]
    TooLong(u32),
    /// More moves from one position than a table cell counts.
    #[error("a position with more than {0} moves: beyond what the tables count")]
    TooManyMoves(u32),
    /// A FEN that does not read.
    #[error("{0}")]
    Fen(FenError),
    /// A FEN of another board size.
    #[error("the FEN describes {} {found} board, the endgame is on {expected}", crate::geometry::article(.found))]
    WrongBoard {
        /// The endgame's board.
        expected: String,
        /// The FEN's.
        found: String,
    },
    /// A FEN with other pieces than the material.
    #[error("the FEN holds {found}, the endgame is {expected}")]
    WrongMaterial {
        /// The endgame's material.
        expected: String,
        /// What the FEN holds.
        found: String,
    },
    /// A FEN whose side-to-move field is not `w` or `b`.
    #[error("side to move `{0}`: expected `w` or `b`")]
    SideToMove(String),
    /// A FEN in which the side not to move is in check (or two pieces share a square).
    #[error("not a legal position (the side not to move is in check)")]
    Illegal,
}

impl EndgameError {
    /// Whether the error is about a FEN (its syntax, board, material, side to move or
    /// legality) rather than the rules, the material text or the memory budget: what a caller
    /// names the FEN argument for.
    #[must_use]
    pub const fn is_about_fen(&self) -> bool {
        matches!(
            self,
            Self::Fen(_)
                | Self::WrongBoard { .. }
                | Self::WrongMaterial { .. }
                | Self::SideToMove(_)
                | Self::Illegal
        )
    }
}
