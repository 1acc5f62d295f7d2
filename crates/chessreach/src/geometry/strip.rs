use std::fmt;

use thiserror::Error;

use super::Coord;

/// A board with `ranks` ranks (`1..=ranks`) and unbounded files (every `i64`).
///
/// Invariant: `1 <= ranks <= 64`, so one file's squares fit in a `u64` mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Strip {
    ranks: u32,
}

/// Why a strip was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a strip has 1 to {max} ranks, got {0}", max = Strip::MAX_RANKS)]
pub struct StripError(pub u64);

impl Strip {
    /// The most ranks a strip may have.
    pub const MAX_RANKS: u32 = 64;

    /// A strip of `ranks` ranks.
    ///
    /// # Errors
    ///
    /// [`StripError`] unless there are 1 to 64 ranks.
    pub fn new(ranks: u64) -> Result<Self, StripError> {
        match u32::try_from(ranks) {
            Ok(r) if (1..=Self::MAX_RANKS).contains(&r) => Ok(Self { ranks: r }),
            _ => Err(StripError(ranks)),
        }
    }

    /// Number of ranks.
    #[must_use]
    pub const fn ranks(self) -> u32 {
        self.ranks
    }

    /// Whether `c` lies on the strip (any file; rank in `1..=ranks`).
    #[inline]
    #[must_use]
    pub fn contains(self, c: Coord) -> bool {
        (1..=i64::from(self.ranks)).contains(&c.rank)
    }
}

impl fmt::Display for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "infx{}", self.ranks)
    }
}
