//! The lone royal's map: one placement of a material with Black's royal moved over every
//! square, each position probed (the lab's endgame view, `endgame solve --fen`).

use std::collections::BTreeMap;

use super::{EndgameError, Probe, Tablebase};
use crate::attack::{Placed, Position};
use crate::geometry::Coord;
use crate::piece::Colour;

impl Tablebase {
    /// The placement `fen` (this material; side to move `w`/`b` after a space, White when
    /// absent) with Black's royal moved to each square no other piece stands on: `Some` probe
    /// for a legal position, `None` for an illegal one (the side not to move in check).
    /// O(squares · (pieces + line)): one probe per square.
    ///
    /// # Errors
    ///
    /// [`EndgameError`] as [`Tablebase::probe`] for a FEN that does not read or holds another
    /// board or material; an illegal placement itself is fine (its squares are still mapped).
    pub fn royal_squares(&self, fen: &str) -> Result<BTreeMap<Coord, Option<Probe>>, EndgameError> {
        match self.probe(fen) {
            Ok(_) | Err(EndgameError::Illegal) => {}
            Err(e) => return Err(e),
        }
        let pos = Position::from_fen_with(fen, &self.rules().symbols).map_err(EndgameError::Fen)?;
        let royal = self.rules().royal;
        let kinds = pos.kinds();
        let Some(lone) = pos
            .pieces()
            .iter()
            .position(|p| p.colour == Colour::Black && kinds[p.kind].symbol == royal)
        else {
            // The probe above accepted the material: it has Black's royal.
            return Err(EndgameError::Illegal);
        };
        let side = fen.split_once(char::is_whitespace).map_or("", |(_, s)| s.trim());
        let rect = self.rules().rect;
        let mut map = BTreeMap::new();
        for rank in 1..=i64::from(rect.height()) {
            for file in 1..=i64::from(rect.width()) {
                let at = Coord::new(file, rank);
                if pos
                    .pieces()
                    .iter()
                    .enumerate()
                    .any(|(i, p)| i != lone && p.at == at)
                {
                    continue;
                }
                let mut pieces: Vec<Placed> = pos.pieces().to_vec();
                pieces[lone].at = at;
                // One piece moved to an empty square of the same board: always a position.
                let Some(placement) = Position::new(pos.board(), kinds.to_vec(), pieces)
                    .ok()
                    .and_then(|p| p.placement())
                else {
                    map.insert(at, None);
                    continue;
                };
                let text = if side.is_empty() {
                    placement
                } else {
                    format!("{placement} {side}")
                };
                match self.probe(&text) {
                    Ok(p) => map.insert(at, Some(p)),
                    Err(EndgameError::Illegal) => map.insert(at, None),
                    Err(e) => return Err(e),
                };
            }
        }
        Ok(map)
    }
}
