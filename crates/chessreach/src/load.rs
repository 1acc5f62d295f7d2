//! One entry for the faces (the command line, the Python package, the web server): a position
//! as a person loaded it — its board (wrapped or not), the letters its piece specs read, the
//! variant it came from — and what every face asks of it: the mover of a piece spec (a
//! variant's piece moving as the variant moves it, square by square), and the attack map that
//! fits its board. The faces parse and print; this is the glue they would otherwise each write.

use std::sync::Arc;

use crate::attack::{
    AttackMap, AttackQuery, FenError, MapError, Mover, Position, PositionError, SpecError, StripAttackMap,
    Symbols,
};
use crate::geometry::Wrap;
use crate::limits::Budget;
use crate::variant::Variant;

/// A position as loaded: the position, the letters its piece specs read (the variant's, or
/// K Q R B N P and the defined ones), and the variant it was read in.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The checked position.
    pub position: Position,
    /// The letters `--mover`/`--piece` specs read.
    pub symbols: Symbols,
    /// The variant it was read in: its pieces move as it says.
    pub variant: Option<Variant>,
}

/// The attack map that fits a position's board: dense on bounded boards, rays on strips.
#[derive(Clone, Debug)]
pub enum Map {
    /// A bounded board's.
    Dense(AttackMap),
    /// A strip's.
    Strip(StripAttackMap),
}

impl Map {
    /// The map as counts of attackers per square, whichever board it is.
    #[must_use]
    pub fn query(&self) -> &dyn AttackQuery {
        match self {
            Self::Dense(m) => m,
            Self::Strip(m) => m,
        }
    }
}

impl Loaded {
    /// A position with the letters it was read with, of no variant.
    #[must_use]
    pub fn new(position: Position, symbols: Symbols) -> Self {
        Self {
            position,
            symbols,
            variant: None,
        }
    }

    /// The variant's start position, or `fen` in its syntax; wrapped as the variant says.
    ///
    /// # Errors
    ///
    /// [`FenError`] for a FEN the variant does not read.
    pub fn of_variant(variant: &Variant, fen: Option<&str>) -> Result<Self, FenError> {
        let position = match fen {
            Some(f) => variant.position(f)?,
            None => variant.start_position()?,
        };
        Ok(Self {
            position,
            symbols: variant.symbols(),
            variant: Some(variant.clone()),
        })
    }

    /// The same position with these edges wrapped. O(1).
    ///
    /// # Errors
    ///
    /// [`PositionError::StripWraps`] on a strip.
    pub fn with_wrap(mut self, wrap: Wrap) -> Result<Self, PositionError> {
        self.position = self.position.with_wrap(wrap)?;
        Ok(self)
    }

    /// The mover of a piece spec with one square (`K@e1`, `b:N@g8`, `fsW@c3`), with the letter
    /// it is drawn with; in a variant's position a piece given by the variant's letter moves as
    /// the variant moves it on each square ([`Variant::route_moves`]). O(spec), and O(squares)
    /// for a variant's piece.
    ///
    /// # Errors
    ///
    /// [`SpecError`] for a malformed spec or one that does not name exactly one square.
    pub fn mover(&self, spec: &str) -> Result<(Mover, char), SpecError> {
        let (mut mover, symbol) = Mover::parse(spec, &self.symbols)?;
        if let Some(v) = &self.variant {
            mover.by_square = v.route_moves(symbol, &mover.rule, mover.colour).map(Arc::new);
        }
        Ok((mover, symbol))
    }

    /// The attack map of the position, within `budget` on bounded boards. O(squares + rays).
    ///
    /// # Errors
    ///
    /// [`MapError::TooLarge`] beyond the budget.
    pub fn attack_map(&self, budget: Budget) -> Result<Map, MapError> {
        // A strip's map, else (a bounded board) the dense one.
        Ok(match StripAttackMap::new(&self.position) {
            Some(strip) => Map::Strip(strip),
            None => Map::Dense(AttackMap::within(&self.position, budget)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::Capturable;
    use crate::variant::Catalogue;

    #[test]
    fn a_variants_piece_moves_as_the_variant_says() {
        let xiangqi = Catalogue::with_builtin();
        let loaded = Loaded::of_variant(xiangqi.get("xiangqi").expect("built in"), None).expect("start");
        let (mover, symbol) = loaded.mover("K@e1").expect("a king");
        assert_eq!(symbol, 'K');
        assert!(mover.by_square.is_some(), "the general keeps to its palace");
        let plain = Loaded::new(loaded.position.clone(), Symbols::default());
        assert!(plain.mover("K@e1").expect("a king").0.by_square.is_none());
        assert!(matches!(
            loaded.attack_map(Budget::unlimited()),
            Ok(Map::Dense(_))
        ));
        assert_eq!("all".parse::<Capturable>(), Ok(Capturable::All));
        assert!(matches!("d5/3,4".parse::<Capturable>(), Ok(Capturable::Squares(v)) if v.len() == 2));
        assert!("d5/zz".parse::<Capturable>().is_err());
    }
}
