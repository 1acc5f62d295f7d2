//! WHAT moves: leaper atoms, movement rules and Betza notation.
//!
//! A [`Rule`] is a set of [`Component`]s, each an atom (a leap `(a, b)` and its 4 or 8
//! symmetric images), a range (1: leaper; 0: unlimited rider; n: at most n leaps), a lame flag
//! and two direction masks: the directions it may *move* in and those it may *capture* in.
//! Rules are always in normal form, so `==` compares movement, and
//! `parse(rule.to_string()) == rule` for every rule.
//!
//! ```
//! use chessreach::piece::Rule;
//!
//! let archbishop: Rule = "BN".parse()?;
//! assert_eq!(archbishop.to_string(), "BN");
//! let gold: Rule = "WfF".parse()?;
//! assert_eq!(gold.steps(chessreach::piece::Colour::White).len(), 6);
//! let pawn: Rule = "P".parse()?;
//! assert_eq!(pawn.to_string(), "fmWfcF");
//! # Ok::<(), chessreach::piece::BetzaError>(())
//! ```

mod atom;
mod betza;
mod legs;
mod rule;
pub mod xbetza;

pub use atom::{Atom, AtomKind};
pub use betza::{BetzaError, BetzaErrorKind};
pub use legs::{flag, stop, Leg, LegPath, MAX_LEGS};
pub(crate) use legs::{LegNode, LegPlan, LegTree};
pub use rule::{Component, Legs, Motion, Rule, Step};

use std::fmt;

/// Which Betza dialect a text is read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// Fairy-Stockfish's reading (the default; [`Rule`]'s `FromStr`).
    #[default]
    Fsf,
    /// H. G. Muller's XBetza as GNU XBoard reads it ([`xbetza`]).
    Xbetza,
}

impl Dialect {
    /// Reads `text` in this dialect.
    ///
    /// # Errors
    ///
    /// A [`BetzaError`] at the first character that cannot be read.
    pub fn parse(self, text: &str) -> Result<Rule, BetzaError> {
        match self {
            Self::Fsf => text.parse(),
            Self::Xbetza => xbetza::parse(text),
        }
    }

    /// Reads `text` in this dialect with the warnings of the reading: letters XBoard skips
    /// (XBetza); Fairy-Stockfish's reading has none. What every front end shows the user
    /// (`chessreach betza`, Python's `Rule`).
    ///
    /// # Errors
    ///
    /// A [`BetzaError`] at the first character that cannot be read.
    pub fn read(self, text: &str) -> Result<xbetza::Reading, BetzaError> {
        match self {
            Self::Fsf => Ok(xbetza::Reading {
                rule: text.parse()?,
                warnings: Vec::new(),
            }),
            Self::Xbetza => xbetza::read(text),
        }
    }

    /// The canonical text of `rule` in this dialect (a rule with legs prints in XBetza in
    /// either).
    #[must_use]
    pub fn print(self, rule: &Rule) -> String {
        match self {
            Self::Fsf => rule.to_string(),
            Self::Xbetza => xbetza::print(rule),
        }
    }

    /// `rule` as a user of this dialect reads it: [`Dialect::print`], or Fairy-Stockfish's
    /// text where XBetza has no word for a part (`?` in its print). One print.
    #[must_use]
    pub fn describe(self, rule: &Rule) -> String {
        match self {
            Self::Fsf => rule.to_string(),
            Self::Xbetza => {
                let text = xbetza::print(rule);
                if text.contains('?') {
                    rule.to_string()
                } else {
                    text
                }
            }
        }
    }

    /// `fsf` or `xbetza`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Fsf => "fsf",
            Self::Xbetza => "xbetza",
        }
    }
}

impl std::str::FromStr for Dialect {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "fsf" => Ok(Self::Fsf),
            "xbetza" => Ok(Self::Xbetza),
            _ => Err(format!(
                "unknown dialect `{s}`: expected `fsf` (Fairy-Stockfish) or `xbetza`"
            )),
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Moves "forward" towards higher ranks.
    White,
    /// Moves "forward" towards lower ranks: its rules are turned by 180° (as Fairy-Stockfish does).
    Black,
}

impl Colour {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Self {
        match self {
            Self::White => Self::Black,
            Self::Black => Self::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Both sides, White first.
    pub const BOTH: [Self; 2] = [Self::White, Self::Black];
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::White => "white",
            Self::Black => "black",
        })
    }
}
