//! Distances on boards of at most 64 squares for leaper movers, one `u64` per capture subset.
//!
//! The same rules as [`Router`](super::Router), specialised for bulk queries: the mover's
//! reachable squares grow a whole layer at a time by shifting bitboards, so a query costs
//! O(d · 2^k · s) word operations for distance d, k capturable pieces and s mover steps, and
//! allocates nothing once its [`Scratch`] has grown.

#![expect(
    clippy::cast_possible_truncation,
    reason = "bitboard boards have at most 64 squares"
)]
use super::{PathError, RouteError};
use crate::attack::walk::{self, Surface};
use crate::attack::Position;
use crate::geometry::{Coord, Delta, Rect, Square};
use crate::piece::{Colour, Motion, Rule, Step};

/// A piece for the bitboard engine: its steps (already oriented for its colour), side and
/// square, and whether the mover may capture it.
#[derive(Clone, Copy, Debug)]
pub struct Piece<'a> {
    /// Steps it attacks with (as [`crate::piece::Rule::steps`] gives them for its colour).
    pub steps: &'a [Step],
    /// Its side.
    pub colour: Colour,
    /// Its square.
    pub at: Coord,
    /// Whether the mover may capture it.
    pub capturable: bool,
}

/// Reusable buffers: one per engine user, so repeated queries allocate nothing.
#[derive(Default, Debug)]
pub struct Scratch {
    frontier: Vec<u64>,
    next: Vec<u64>,
    visited: Vec<u64>,
    safe: Vec<Option<u64>>,
    caps: Vec<usize>,
    cap_bits: Vec<u64>,
}

/// One leaper step as a shift of the whole board.
#[derive(Clone, Copy, Debug)]
struct Shift {
    by: i32,
    /// Squares the step may leave from without leaving the board.
    from: u64,
    moves: bool,
    captures: bool,
}

/// Distance engine for one board size and one mover rule.
#[derive(Clone, Debug)]
pub struct BitRouter {
    rect: Rect,
    shifts: Vec<Shift>,
}

/// Why the bitboard engine does not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// The position is on another board than the engine's.
    #[error("the bitboard engine was built for another board than the position's")]
    WrongBoard,
    /// More than 64 squares.
    #[error("the bitboard engine needs a board of at most 64 squares")]
    BoardTooLarge,
    /// A rider or lame leap among the mover's steps.
    #[error("the bitboard engine needs a mover made of plain leaps (no riders, no lame leaps)")]
    NotLeaper,
    /// Initial moves (Betza `i`), which depend on the mover's rank.
    #[error("the bitboard engine does not make initial moves (Betza `i`)")]
    InitialMoves,
    /// More capturable pieces than it tracks.
    #[error("the bitboard engine tracks at most 16 capturable pieces")]
    TooManyCapturable,
    /// A wrapped board: its shifts are a flat board's.
    #[error("the bitboard engine needs a flat board")]
    Wrapped,
}

struct BitSurface {
    rect: Rect,
    occupied: u64,
}

impl Surface for BitSurface {
    #[inline]
    fn step(&self, from: Coord, d: Delta) -> Option<Coord> {
        self.rect.step(from, d)
    }
    fn on_board(&self, c: Coord) -> bool {
        self.rect.contains(c)
    }
    fn occupied(&self, c: Coord) -> bool {
        self.rect.square(c).is_some_and(|s| self.occupied >> s.0 & 1 == 1)
    }
}

#[inline]
fn shift(bb: u64, by: i32) -> u64 {
    if by >= 0 {
        bb << by
    } else {
        bb >> -by
    }
}

impl BitRouter {
    /// The engine for a mover of `rule` and `colour` on `rect`.
    ///
    /// # Errors
    ///
    /// [`Unsupported`] for boards over 64 squares, movers that ride or have initial moves.
    pub fn new(rect: Rect, rule: &Rule, colour: Colour) -> Result<Self, Unsupported> {
        if rect.len() > 64 {
            return Err(Unsupported::BoardTooLarge);
        }
        if rule.has_initial() {
            return Err(Unsupported::InitialMoves);
        }
        let steps = &rule.steps(colour);
        for s in steps {
            match s.motion {
                Motion::Leap { legs } if legs.is_empty() => {}
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => {
                    return Err(Unsupported::NotLeaper)
                }
            }
        }
        if !rect.wrap().is_flat() {
            return Err(Unsupported::Wrapped);
        }
        let w = i64::from(rect.width());
        let shifts = steps
            .iter()
            .map(|st| {
                let from = rect
                    .squares()
                    .filter(|&s| rect.coord(s).offset(st.delta).is_some_and(|c| rect.contains(c)))
                    .fold(0u64, |m, s| m | 1 << s.0);
                Shift {
                    by: (st.delta.dy * w + st.delta.dx) as i32,
                    from,
                    moves: st.can_move,
                    captures: st.can_capture,
                }
            })
            .collect();
        Ok(Self { rect, shifts })
    }

    fn bit(&self, c: Coord) -> Option<u64> {
        self.rect.square(c).map(|s: Square| 1u64 << s.0)
    }

    /// Fewest moves for a mover (of `colour`, on `start`) among the pieces of `pos`, which may
    /// capture the hostile pieces `capturable` lists (indices into the position's pieces), to
    /// stand on a square or capture a piece; `None` when impossible. The same rules and the
    /// same errors as [`Router`](super::Router): O(d · 2^k · s) word operations.
    ///
    /// # Errors
    ///
    /// [`RouteError::Bounded`] for a start off the board or on a piece, a target off the board,
    /// or a piece that cannot be captured; [`RouteError::Bitboard`] when `pos` is on another
    /// board than the engine's or more than 16 pieces are capturable.
    pub fn distance(
        &self,
        pos: &Position,
        colour: Colour,
        start: Coord,
        capturable: &[usize],
        target: Target,
        scratch: &mut Scratch,
    ) -> Result<Option<u32>, RouteError> {
        if pos.rect() != Some(self.rect) {
            return Err(Unsupported::WrongBoard.into());
        }
        // In the router's order: the capture list, the target, then the start.
        let hostile = |i: usize| i < pos.pieces().len() && pos.is_hostile(i, colour);
        if let Some(&i) = capturable.iter().find(|&&i| !hostile(i)) {
            return Err(PathError::NotCapturable(i).into());
        }
        match target {
            Target::Square(c) if !self.rect.contains(c) => return Err(PathError::TargetOffBoard(c).into()),
            Target::Piece(i) if !capturable.contains(&i) => return Err(PathError::NotCapturable(i).into()),
            _ => {}
        }
        if !self.rect.contains(start) {
            return Err(PathError::StartOffBoard(start).into());
        }
        if pos.piece_at(start).is_some() {
            return Err(PathError::StartOccupied(start).into());
        }
        let pieces: Vec<Piece<'_>> = pos
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| Piece {
                steps: pos.steps_of(i),
                colour: p.colour,
                at: p.at,
                capturable: capturable.contains(&i),
            })
            .collect();
        Ok(self.distance_among(colour, start, &pieces, target, scratch)?)
    }

    /// [`BitRouter::distance`] for callers that checked their pieces themselves (king-path's
    /// hot loop: no position is built per line). `None` also when a square is off the board
    /// or the start is occupied.
    ///
    /// # Errors
    ///
    /// [`Unsupported::TooManyCapturable`] beyond 16 capturable pieces.
    pub(crate) fn distance_among(
        &self,
        colour: Colour,
        start: Coord,
        pieces: &[Piece<'_>],
        target: Target,
        scratch: &mut Scratch,
    ) -> Result<Option<u32>, Unsupported> {
        let sc = scratch;
        let mut caps = std::mem::take(&mut sc.caps);
        let mut cap_bits = std::mem::take(&mut sc.cap_bits);
        caps.clear();
        caps.extend((0..pieces.len()).filter(|&i| pieces[i].capturable && pieces[i].colour != colour));
        cap_bits.clear();
        cap_bits.extend(caps.iter().map(|&i| self.bit(pieces[i].at).unwrap_or(0)));
        let result = self.search(colour, start, pieces, target, &caps, &cap_bits, sc);
        sc.caps = caps;
        sc.cap_bits = cap_bits;
        result
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the search state is passed apart so the scratch buffers can be borrowed mutably"
    )]
    fn search(
        &self,
        colour: Colour,
        start: Coord,
        pieces: &[Piece<'_>],
        target: Target,
        caps: &[usize],
        cap_bits: &[u64],
        sc: &mut Scratch,
    ) -> Result<Option<u32>, Unsupported> {
        if caps.len() > 16 {
            return Err(Unsupported::TooManyCapturable);
        }
        let Some(start_bit) = self.bit(start) else {
            return Ok(None);
        };
        let mut occupied = 0u64;
        for p in pieces {
            match self.bit(p.at) {
                Some(b) => occupied |= b,
                None => return Ok(None),
            }
        }
        if occupied & start_bit != 0 {
            return Ok(None);
        }
        let (goal_bit, goal_piece) = match target {
            Target::Square(c) => match self.bit(c) {
                Some(b) => (b, caps.iter().position(|&i| pieces[i].at == c)),
                None => return Ok(None),
            },
            Target::Piece(i) => match caps.iter().position(|&j| j == i) {
                Some(k) => (cap_bits[k], Some(k)),
                None => return Ok(None),
            },
        };
        if goal_piece.is_none() && goal_bit == start_bit {
            return Ok(Some(0));
        }
        let subsets = 1usize << caps.len();
        for v in [&mut sc.frontier, &mut sc.next, &mut sc.visited] {
            v.clear();
            v.resize(subsets, 0);
        }
        sc.safe.clear();
        sc.safe.resize(subsets, None);
        sc.frontier[0] = start_bit;
        sc.visited[0] = start_bit;
        let max_layers = subsets as u32 * self.rect.len() as u32;
        for d in 1..=max_layers {
            let mut any = false;
            for s in 0..subsets {
                let f = sc.frontier[s];
                if f == 0 {
                    continue;
                }
                let safe = *sc.safe[s]
                    .get_or_insert_with(|| self.safe_squares(colour, pieces, caps, cap_bits, s, occupied));
                let (mut to_move, mut to_capture) = (0u64, 0u64);
                for sh in &self.shifts {
                    let t = shift(f & sh.from, sh.by);
                    if sh.moves {
                        to_move |= t;
                    }
                    if sh.captures {
                        to_capture |= t;
                    }
                }
                let active = occupied & !caps_taken(cap_bits, s);
                let fresh = to_move & !active & safe & !sc.visited[s];
                sc.next[s] |= fresh;
                for (k, &b) in cap_bits.iter().enumerate() {
                    if s >> k & 1 == 0 && to_capture & b & safe != 0 {
                        let t = s | 1 << k;
                        if sc.visited[t] & b == 0 {
                            sc.next[t] |= b;
                        }
                    }
                }
            }
            for s in 0..subsets {
                let n = sc.next[s] & !sc.visited[s];
                sc.next[s] = 0;
                sc.frontier[s] = n;
                sc.visited[s] |= n;
                if n == 0 {
                    continue;
                }
                any = true;
                let hit = match goal_piece {
                    Some(k) => s >> k & 1 == 1 && n & goal_bit != 0,
                    None => n & goal_bit != 0,
                };
                if hit {
                    return Ok(Some(d));
                }
            }
            if !any {
                break;
            }
        }
        Ok(None)
    }

    /// Squares not attacked by the hostile pieces still on the board under `subset`.
    fn safe_squares(
        &self,
        colour: Colour,
        pieces: &[Piece<'_>],
        caps: &[usize],
        cap_bits: &[u64],
        subset: usize,
        occupied: u64,
    ) -> u64 {
        let taken = caps_taken(cap_bits, subset);
        let surface = BitSurface {
            rect: self.rect,
            occupied: occupied & !taken,
        };
        let mut attacked = 0u64;
        for (i, p) in pieces.iter().enumerate() {
            let captured = caps
                .iter()
                .position(|&j| j == i)
                .is_some_and(|k| subset >> k & 1 == 1);
            if p.colour == colour || captured {
                continue;
            }
            let rect = self.rect;
            let mut sink = |c: Coord| {
                if let Some(s) = rect.square(c) {
                    attacked |= 1 << s.0;
                }
            };
            walk::attacks(p.steps, p.at, &surface, &mut sink);
        }
        let all = if self.rect.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.rect.len()) - 1
        };
        all & !attacked
    }
}

fn caps_taken(cap_bits: &[u64], subset: usize) -> u64 {
    cap_bits
        .iter()
        .enumerate()
        .filter(|(k, _)| subset >> k & 1 == 1)
        .fold(0, |m, (_, &b)| m | b)
}

/// What a bitboard query aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Stand on a square.
    Square(Coord),
    /// Capture piece `i` (it must be capturable).
    Piece(usize),
}
