//! A FEN read against an endgame's rules and material — board size, material, side to move,
//! legality — before anything is solved, so a bad `--fen` is refused at once rather than after
//! a solve of minutes ([`Tablebase::check_fen`]); probes read it the same way.

use super::table::{Slot, Squares};
use super::{EndgameError, Material, Rules, Tablebase};
use crate::attack::Position;
use crate::piece::Colour;
use crate::retro::moves::{MoveGen, Occupancy};

/// A FEN of the material: the side to move and each slot's square (slot order: the royals,
/// then the other pieces in the material's order, White's first).
#[derive(Clone, Copy, Debug)]
pub(super) struct Read {
    pub(super) stm: Colour,
    pub(super) sq: Squares,
}

/// Reads `fen` (side to move `w`/`b`, White when absent) as a position of `material` whose
/// pieces stand in `slots`: the FEN's syntax, its board size against `rules.rect`, the side to
/// move, the pieces against the material exactly. Not legality ([`legal`]). O(FEN length +
/// pieces²).
pub(super) fn read(
    rules: &Rules,
    material: &Material,
    slots: &[Slot],
    fen: &str,
) -> Result<Read, EndgameError> {
    let pos = Position::from_fen_with(fen, &rules.symbols).map_err(EndgameError::Fen)?;
    let rect = rules.rect;
    let board = pos.rect();
    if board.is_none_or(|b| b.width() != rect.width() || b.height() != rect.height()) {
        return Err(EndgameError::WrongBoard {
            expected: format!("{}x{}", rect.width(), rect.height()),
            found: pos.board().to_string(),
        });
    }
    let stm = match fen.split_whitespace().nth(1) {
        None | Some("w" | "W") => Colour::White,
        Some("b" | "B") => Colour::Black,
        Some(other) => return Err(EndgameError::SideToMove(other.to_owned())),
    };
    let royal = rules.royal;
    let mut sides = [Vec::new(), Vec::new()];
    let mut royals = [Vec::new(), Vec::new()];
    for p in pos.pieces() {
        let letter = pos.kinds()[p.kind].symbol;
        let s = rect.square(p.at).map_or(u32::MAX, |s| s.0);
        if letter == royal {
            royals[p.colour.index()].push(s);
        } else {
            sides[p.colour.index()].push((letter, s));
        }
    }
    let found = Material::from_sides(
        royal,
        sides.clone().map(|v| v.into_iter().map(|(l, _)| l).collect()),
    );
    if royals.iter().any(|r| r.len() != 1) || found != *material {
        let name = |c: Colour| {
            let k: String = royals[c.index()].iter().map(|_| royal).collect();
            let o: String = sides[c.index()].iter().map(|(l, _)| l).collect();
            format!("{k}{o}")
        };
        return Err(EndgameError::WrongMaterial {
            expected: material.to_string(),
            found: format!("{}v{}", name(Colour::White), name(Colour::Black)),
        });
    }
    let mut sq = [royals[0][0], royals[1][0], u32::MAX, u32::MAX];
    let mut used = [false; 4];
    for (colour, list) in Colour::BOTH.iter().zip(&sides) {
        for &(letter, s) in list {
            let i = (2..slots.len())
                .find(|&i| !used[i] && slots[i].colour == *colour && slots[i].letter == letter)
                .expect("the material matched");
            used[i] = true;
            sq[i] = s;
        }
    }
    Ok(Read { stm, sq })
}

/// The pieces of a position but the attacker: what blocks its lines and legs.
struct Others<'a> {
    sq: &'a [u32],
    attacker: usize,
}

impl Occupancy for Others<'_> {
    fn occupied(&self, s: u32) -> bool {
        self.sq
            .iter()
            .enumerate()
            .any(|(i, &q)| i != self.attacker && q == s)
    }
    fn capturable(&self, s: u32) -> bool {
        self.occupied(s)
    }
}

/// Whether the position is legal: no two pieces on one square and the side not to move's
/// royal not attacked (by the generators the solver uses, `gens[slots[i].gen]`).
/// O(pieces × steps) plus the squares between on rides.
pub(super) fn legal(gens: &[MoveGen], slots: &[Slot], at: &Read) -> bool {
    let sq = &at.sq[..slots.len()];
    if (0..sq.len()).any(|i| (i + 1..sq.len()).any(|j| sq[i] == sq[j])) {
        return false;
    }
    // Slot 0 is White's royal, slot 1 Black's.
    let target = sq[at.stm.opponent().index()];
    !slots.iter().enumerate().any(|(j, s)| {
        s.colour == at.stm && gens[s.gen].attacks_in(sq[j], target, &Others { sq, attacker: j })
    })
}

impl Tablebase {
    /// Checks, without solving anything, what [`Tablebase::probe`] would refuse in `fen` once
    /// `material` is solved under `rules`: first the rules themselves as
    /// [`Tablebase::solve`] checks them (an unknown letter, a movement the generator does not
    /// walk, initial moves), then the FEN (syntax, board size, material, side to move) and
    /// last its legality ([`EndgameError::Illegal`]: a placement for
    /// [`Tablebase::royal_squares`] may be illegal). The errors are the probe's own.
    /// O(FEN length + pieces × steps); no table is allocated.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::solve`] for the rules, as [`Tablebase::probe`] for the FEN.
    pub fn check_fen(rules: &Rules, material: &Material, fen: &str) -> Result<(), EndgameError> {
        let (gens, slots) = Self::generators(rules, std::slice::from_ref(material))?;
        let slots = &slots[0];
        let at = read(rules, material, slots, fen)?;
        if legal(&gens, slots, &at) {
            Ok(())
        } else {
            Err(EndgameError::Illegal)
        }
    }
}
