//! The piece a route search moves: its rule, side and square, and a variant's moves that
//! change with its square. Made of pieces and their confinements (this module's), so the
//! variants that build them and the route engines that walk them both stand above it.

use std::sync::Arc;

use super::{Confinement, Kind, PieceSpec, SpecError, Symbols};
use crate::geometry::Coord;
use crate::piece::{Colour, Rule};

/// The piece that travels: its rule, side and square. It is not one of the position's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mover {
    /// How it moves (White's orientation; turned 180° when `colour` is Black).
    pub rule: Rule,
    /// Its side: pieces of the other side are hostile.
    pub colour: Colour,
    /// Where it starts.
    pub at: Coord,
    /// A variant's piece: how its moves change with its square
    /// ([`crate::variant::Variant::route_moves`]); they replace `rule`'s. `None`: `rule` on
    /// every square, initial moves from [`Rule::initial_region`].
    pub by_square: Option<Arc<SquareMoves>>,
}

/// Moves that change with the mover's square, as a variant's piece's do (Fairy-Stockfish's
/// `Position::moves_from`): on each square it moves as one of `kinds` (the rule, kept to the
/// region its confinement gives the mover's colour, with the confinement's extra moves onto
/// their squares; a kind that is `unhoppable` neither hops over nor captures a piece of an
/// unhoppable kind), and from some squares it may also make initial moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareMoves {
    /// The kinds it moves as (their symbols are not used).
    pub kinds: Vec<Kind>,
    /// Squares where it moves as another kind than `kinds[0]`, with that kind's index.
    pub squares: Vec<(Coord, usize)>,
    /// Initial moves (each rule's Betza `i` moves, move-only) and the squares it may make them
    /// from (a pawn's double step from the double-step region), kept to the region of the
    /// kind it has there.
    pub initial: Vec<(Rule, Vec<Coord>)>,
}

impl SquareMoves {
    /// The same moves on a board whose files are shifted by `files` (a strip's window). O(size).
    #[must_use]
    pub fn shifted(&self, files: i64) -> Self {
        let by = |c: Coord| Coord::new(c.file.wrapping_add(files), c.rank);
        let all = |v: &[Coord]| v.iter().map(|&c| by(c)).collect::<Vec<_>>();
        let kinds = self
            .kinds
            .iter()
            .map(|k| Kind {
                confine: k.confine.as_ref().map(|c| {
                    Arc::new(Confinement {
                        region: c.region.clone().map(|r| r.as_deref().map(all)),
                        extra: c
                            .extra
                            .iter()
                            .map(|(r, on)| (r.clone(), on.as_deref().map(all)))
                            .collect(),
                        unhoppable: c.unhoppable,
                        general: c.general,
                    })
                }),
                ..k.clone()
            })
            .collect();
        Self {
            kinds,
            squares: self.squares.iter().map(|&(c, k)| (by(c), k)).collect(),
            initial: self.initial.iter().map(|(r, on)| (r.clone(), all(on))).collect(),
        }
    }
}

impl Mover {
    /// Reads a mover from a piece spec with one square (`K@e1`, `b:N@g8`, `fsW@c3`, a letter
    /// `symbols` knows or any Betza rule), White unless prefixed or a lower-case letter; with the letter it is drawn
    /// with.
    ///
    /// # Errors
    ///
    /// [`SpecError`] for a malformed spec or one that does not name exactly one square.
    pub fn parse(spec: &str, symbols: &Symbols) -> Result<(Self, char), SpecError> {
        let (parsed, at) = PieceSpec::parse_one(spec, Colour::White, symbols)?;
        let mover = Self {
            rule: parsed.rule,
            colour: parsed.colour,
            at,
            by_square: None,
        };
        Ok((mover, parsed.symbol))
    }
}
