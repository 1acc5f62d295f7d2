//! How a multi-leg move ([`Motion::Path`](crate::piece::Motion::Path)) covers squares: the
//! walker's part for XBetza's legs.
//!
//! A leg leaps `range` times from the square the previous leg stopped on (skipped squares
//! first, whatever stands there), checks each leap's midpoint when lame (`n`: empty) or
//! screened (`j`: occupied), and stops at the first occupied square. It may stop on a square
//! its modes allow: empty (`m`), a foe (`c`), a friend (`d`), any piece it then hops (`p`). The
//! piece's own square counts as empty (it has left it) unless a line comes back round to it,
//! where the line stops. A last hopping leg (`p`, `g`) slides to its screen and lands beyond.
//!
//! A piece **attacks** a square where one of its moves could capture: a square its last leg
//! reaches when that leg captures (the first occupied one included, as for a rider), and a
//! square a capturing non-final leg (a locust) reaches from which the rest of the move can be
//! completed, as if a foe stood there. A square only hopped or passed is not attacked.

use super::walk::{Occupant, Surface, WalkSink};
use crate::geometry::{Coord, Delta};
use crate::piece::{flag, stop, Colour, Leg, LegPath, MAX_LEGS};

/// One real move along a path: where it ends, what it captures on the way (locust victims,
/// then the last leg's victim) and the pieces it hops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathMove {
    /// The square the piece ends on.
    pub to: Coord,
    /// Squares of the pieces it captures, in move order.
    pub captures: Vec<Coord>,
    /// Squares of the pieces it hops without capturing.
    pub hops: Vec<Coord>,
}

/// What a square holds as the moving piece sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rel {
    Empty,
    Foe,
    Friend,
    /// A piece of unknown side (a surface that does not know sides): foe or friend.
    Piece,
}

struct Walk<'a, S: Surface> {
    legs: &'a [Leg],
    from: Coord,
    me: Option<Colour>,
    surface: &'a S,
    /// A square taken as holding a foe (the victim asked about).
    foe: Option<Coord>,
}

impl<S: Surface> Walk<'_, S> {
    fn rel(&self, c: Coord) -> Option<Rel> {
        if self.foe == Some(c) {
            return Some(Rel::Foe);
        }
        if c == self.from {
            return Some(Rel::Empty);
        }
        Some(match self.surface.occupant(c) {
            Occupant::Empty => Rel::Empty,
            Occupant::Wall => return None,
            Occupant::Piece(side) => match (side, self.me) {
                (Some(s), Some(me)) if s == me => Rel::Friend,
                (Some(_), Some(_)) => Rel::Foe,
                _ => Rel::Piece,
            },
        })
    }

    fn occupied(&self, c: Coord) -> bool {
        self.foe == Some(c) || self.surface.occupied(c)
    }

    /// One leap of `leg` from `at`: the landing and whether the line came round.
    fn leap(&self, leg: Leg, at: Coord, d: Delta) -> Option<(Coord, bool)> {
        let plain = at.offset(d);
        let next = match self.surface.step(at, d) {
            Some(n) => n,
            None if leg.flags & flag::WRAP != 0 => {
                let (first, width) = self.surface.files()?;
                let p = plain?;
                let c = Coord::new(first + (p.file - first).rem_euclid(width), p.rank);
                self.surface.on_board(c).then_some(c)?
            }
            None => return None,
        };
        Some((next, plain != Some(next)))
    }

    /// The squares leg `k` may stop on from `start`, with what they hold, in order: `visit`
    /// returns whether to go on. A hopping last leg yields only the squares beyond its screen.
    fn squares(&self, k: usize, start: Coord, visit: &mut impl FnMut(Coord, Rel) -> bool) {
        let leg = self.legs[k];
        let d = leg.delta();
        let mid = leg.midpoint();
        let mut at = start;
        let mut left = u32::from(leg.range);
        let mut skip = leg.skip;
        let mut round = false;
        let mut hopping = leg.flags & flag::HOPPER != 0;
        loop {
            let Some((next, came_round)) = self.leap(leg, at, d) else {
                return;
            };
            round |= came_round;
            if round && next == self.from {
                return;
            }
            if leg.flags & (flag::LAME | flag::SCREENED) != 0 {
                // The mover still stands on its square for its midpoints.
                let m = self
                    .surface
                    .step(at, mid)
                    .or_else(|| self.leap(leg, at, mid).map(|x| x.0));
                let full = m.is_some_and(|m| m == self.from || self.occupied(m));
                if full == (leg.flags & flag::LAME != 0) {
                    return;
                }
            }
            at = next;
            let last_leap = left == 1;
            left = left.saturating_sub(1);
            if skip > 0 {
                skip -= 1;
            } else {
                let Some(rel) = self.rel(at) else { return };
                if hopping {
                    if rel != Rel::Empty {
                        hopping = false;
                        if leg.flags & flag::GRASS != 0 && !last_leap {
                            left = 1;
                        }
                    }
                } else if !visit(at, rel) || rel != Rel::Empty {
                    return;
                }
            }
            if last_leap {
                return;
            }
        }
    }

    /// Whether leg `k` may stop on a square holding `rel`.
    fn stops(&self, k: usize, rel: Rel) -> bool {
        let leg = self.legs[k];
        let last = k + 1 == self.legs.len();
        let foe = leg.stop & stop::FOE != 0;
        let friend = leg.stop & stop::FRIEND != 0;
        let hop = !last && leg.stop & stop::HOP != 0;
        match rel {
            Rel::Empty => leg.stop & stop::EMPTY != 0,
            Rel::Foe => foe || (hop && leg.flags & flag::NO_FOE_HOP == 0),
            Rel::Friend => friend || hop,
            Rel::Piece => foe || friend || hop,
        }
    }

    /// Whether the move can be completed from leg `k` on, starting at `start`.
    fn completes(&self, k: usize, start: Coord) -> bool {
        let mut done = false;
        self.squares(k, start, &mut |q, rel| {
            done = self.stops(k, rel) && (k + 1 == self.legs.len() || self.completes(k + 1, q));
            !done
        });
        done
    }

    fn attacks(&self, k: usize, start: Coord, sink: &mut dyn FnMut(Coord)) {
        let last = k + 1 == self.legs.len();
        let captures = self.legs[k].stop & stop::FOE != 0;
        self.squares(k, start, &mut |q, rel| {
            if captures && q != self.from {
                if last {
                    sink(q);
                } else {
                    let probe = Walk {
                        foe: Some(q),
                        ..*self
                    };
                    if probe.completes(k + 1, q) {
                        sink(q);
                    }
                }
            }
            if !last && self.stops(k, rel) {
                self.attacks(k + 1, q, sink);
            }
            true
        });
    }

    fn moves(&self, k: usize, start: Coord, taken: &mut Vec<(Coord, bool)>, out: &mut Vec<PathMove>) {
        let last = k + 1 == self.legs.len();
        self.squares(k, start, &mut |q, rel| {
            if self.stops(k, rel) {
                let capture = match rel {
                    Rel::Empty => false,
                    Rel::Foe => self.legs[k].stop & stop::FOE != 0,
                    Rel::Friend => self.legs[k].stop & stop::FRIEND != 0,
                    Rel::Piece => self.legs[k].stop & (stop::FOE | stop::FRIEND) != 0,
                };
                if rel != Rel::Empty {
                    taken.push((q, capture));
                }
                if last {
                    let captures: Vec<Coord> = taken.iter().filter(|t| t.1).map(|t| t.0).collect();
                    if q != self.from || !captures.is_empty() {
                        out.push(PathMove {
                            to: q,
                            captures,
                            hops: taken.iter().filter(|t| !t.1).map(|t| t.0).collect(),
                        });
                    }
                } else {
                    self.moves(k + 1, q, taken, out);
                }
                if rel != Rel::Empty {
                    taken.pop();
                }
            }
            true
        });
    }
}

impl<S: Surface> Clone for Walk<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Surface> Copy for Walk<'_, S> {}

/// Reports every square the path attacks from `from` (a square may come more than once). The
/// moving piece's side is read from `from` when the surface knows it (else pieces count as
/// either side). O(Π of the legs' lengths) at worst: a few squares for XBetza's pieces.
pub(crate) fn attacks(path: &LegPath, from: Coord, surface: &impl Surface, sink: &mut impl WalkSink) {
    let me = match surface.occupant(from) {
        Occupant::Piece(side) => side,
        Occupant::Empty | Occupant::Wall => None,
    };
    let walk = Walk {
        legs: path.legs(),
        from,
        me,
        surface,
        foe: None,
    };
    walk.attacks(0, from, &mut |c| sink.square(c));
}

/// The moves a piece of side `me` makes along `path` from `from` on `surface` (the piece itself
/// need not stand there), each with its captures and hops; a move back onto `from` that
/// captures nothing (a pass) is left out. Same cost as [`attacks`].
pub(crate) fn moves(
    path: &LegPath,
    from: Coord,
    me: Option<Colour>,
    surface: &impl Surface,
) -> Vec<PathMove> {
    let walk = Walk {
        legs: path.legs(),
        from,
        me,
        surface,
        foe: None,
    };
    let mut out = Vec::new();
    walk.moves(0, from, &mut Vec::with_capacity(MAX_LEGS), &mut out);
    out
}
