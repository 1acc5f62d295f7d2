//! One entry for the faces (the command line, the Python package, the web server): a position
//! as a person loaded it — its board (wrapped or not), the letters its piece specs read, the
//! variant it came from — and what every face asks of it: the mover of a piece spec (a
//! variant's piece moving as the variant moves it, square by square), and the attack map that
//! fits its board. The faces parse and print; this is the glue they would otherwise each write.

use std::borrow::Cow;
use std::sync::Arc;

use crate::attack::{
    AttackMap, AttackQuery, FenError, MapError, Mover, Placed, Position, PositionError, SpecError,
    SpecErrorKind, StripAttackMap, Symbols,
};
use crate::geometry::{Coord, Wrap};
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

/// A mover and the position it travels in ([`Loaded::mover`]).
#[derive(Clone, Debug)]
pub struct Moving<'a> {
    /// The mover.
    pub mover: Mover,
    /// The letter it is drawn with.
    pub symbol: char,
    /// The position it travels in: the loaded one, less the mover when it stood there.
    pub position: Cow<'a, Position>,
    /// Whether the mover is a piece of the loaded position, lifted off its square.
    pub lifted: bool,
}

impl Map {
    /// The attack map of `position`, within `budget` on bounded boards. O(squares + rays).
    ///
    /// # Errors
    ///
    /// [`MapError::TooLarge`] beyond the budget.
    pub fn of(position: &Position, budget: Budget) -> Result<Self, MapError> {
        // A strip's map, else (a bounded board) the dense one.
        Ok(match StripAttackMap::within(position, budget)? {
            Some(strip) => Self::Strip(strip),
            None => Self::Dense(AttackMap::within(position, budget)?),
        })
    }

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
    /// it is drawn with, and the position it travels in; in a variant's position a piece given
    /// by the variant's letter moves as the variant moves it on each square
    /// ([`Variant::route_moves`]), and `+X@sq` (`+P@e5`, `b:+P@e5`) is the piece a promoted `X`
    /// moves as, drawn as `X` (as in the position).
    ///
    /// The mover may be a piece of the position: named by its square alone (`g1`: the piece
    /// standing there, its colour and its moves), or by a spec whose piece stands on that square
    /// (`N@g1` where a White knight stands). It then leaves its square for the search — its own
    /// attacks stop, it blocks nothing — and everything else is the position as given
    /// ([`Moving::position`]). A spec naming a square where another piece stands keeps the
    /// position whole (the route engines refuse an occupied start). O(spec + pieces), and
    /// O(squares) for a variant's piece.
    ///
    /// # Errors
    ///
    /// [`SpecError`] for a malformed spec, one that does not name exactly one square, a lone
    /// square where no piece stands, or a `+X` whose `X` does not promote here.
    pub fn mover(&self, spec: &str) -> Result<Moving<'_>, SpecError> {
        let pos = &self.position;
        let (mover, symbol, lifted) = if let Ok(at) = spec.trim().parse::<Coord>() {
            let i = pos
                .piece_at(at)
                .filter(|&i| !pos.kinds()[pos.pieces()[i].kind].is_wall())
                .ok_or_else(|| SpecError {
                    input: spec.to_owned(),
                    at: 0,
                    kind: SpecErrorKind::NoPieceOn(at),
                })?;
            let p = pos.pieces()[i];
            let symbol = pos.symbol_of(i);
            let mut mover = Mover {
                rule: pos.kinds()[p.kind].rule.clone(),
                colour: p.colour,
                at,
                by_square: None,
            };
            if let Some(v) = &self.variant {
                mover.by_square = v.route_moves(symbol, &mover.rule, mover.colour).map(Arc::new);
            }
            (mover, symbol, Some(i))
        } else {
            let (mover, symbol) = self.parse_mover(spec)?;
            // The piece standing on the mover's square, when it is the mover itself.
            let same = |i: usize| {
                let p: Placed = pos.pieces()[i];
                p.colour == mover.colour
                    && (pos.symbol_of(i) == symbol || pos.kinds()[p.kind].rule == mover.rule)
            };
            let lifted = pos.piece_at(mover.at).filter(|&i| same(i));
            (mover, symbol, lifted)
        };
        let position = lifted.map_or(Cow::Borrowed(pos), |i| Cow::Owned(pos.without(i)));
        Ok(Moving {
            mover,
            symbol,
            position,
            lifted: lifted.is_some(),
        })
    }

    /// The mover a spec names (a variant's piece moving as the variant says, `+X` a promoted
    /// piece), with its letter.
    fn parse_mover(&self, spec: &str) -> Result<(Mover, char), SpecError> {
        let prefix = spec.find(':').map_or(0, |i| i + 1);
        let Some(after) = spec.get(prefix..).and_then(|s| s.strip_prefix('+')) else {
            let (mut mover, symbol) = Mover::parse(spec, &self.symbols)?;
            if let Some(v) = &self.variant {
                mover.by_square = v.route_moves(symbol, &mover.rule, mover.colour).map(Arc::new);
            }
            return Ok((mover, symbol));
        };
        let plus = spec[..prefix].chars().count();
        let not_promoted = |c: char| SpecError {
            input: spec.to_owned(),
            at: plus,
            kind: SpecErrorKind::NotPromoted(c),
        };
        let letter = after.chars().next().unwrap_or('+');
        let piece = self
            .variant
            .as_ref()
            .and_then(|v| v.promoted_piece(letter))
            .ok_or_else(|| not_promoted(letter))?;
        let mut symbols = self.symbols.clone();
        symbols.insert(letter, piece.rule.clone());
        let plain = format!("{}{after}", &spec[..prefix]);
        let (mut mover, symbol) = Mover::parse(&plain, &symbols).map_err(|e| SpecError {
            input: spec.to_owned(),
            at: if e.at >= plus { e.at + 1 } else { e.at },
            kind: e.kind,
        })?;
        if let Some(v) = &self.variant {
            mover.by_square = v.piece_route_moves(piece, mover.colour).map(Arc::new);
        }
        Ok((mover, symbol))
    }

    /// The attack map of the position, within `budget`. O(squares + rays).
    ///
    /// # Errors
    ///
    /// [`MapError::TooLarge`] beyond the budget.
    pub fn attack_map(&self, budget: Budget) -> Result<Map, MapError> {
        Map::of(&self.position, budget)
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
        let moving = loaded.mover("K@e1").expect("a king");
        assert_eq!(moving.symbol, 'K');
        assert!(
            moving.mover.by_square.is_some(),
            "the general keeps to its palace"
        );
        // The general standing on e1 (the Red general of the start position) is lifted.
        assert!(moving.lifted);
        assert_eq!(moving.position.pieces().len() + 1, loaded.position.pieces().len());
        let plain = Loaded::new(loaded.position.clone(), Symbols::default());
        assert!(plain.mover("K@e1").expect("a king").mover.by_square.is_none());
        assert!(matches!(
            loaded.attack_map(Budget::unlimited()),
            Ok(Map::Dense(_))
        ));
        assert_eq!("all".parse::<Capturable>(), Ok(Capturable::All));
        assert!(matches!("d5/3,4".parse::<Capturable>(), Ok(Capturable::Squares(v)) if v.len() == 2));
        assert!("d5/zz".parse::<Capturable>().is_err());
    }
}
