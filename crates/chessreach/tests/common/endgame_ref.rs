//! A plain backward induction for small endgames with royal pieces (issue #33), written from
//! the rules alone, never from the product's code.
//!
//! The rules. Each side may have one royal piece. A position is legal when no two pieces share
//! a square and the side *not* to move is not in check (its royal is not attacked). A move is
//! legal when afterwards the mover's royal is not attacked. A side with no legal move is
//! checkmated (in check: a loss) or stalemated (a draw, or a loss with `stalemate_loss`). A
//! capture removes the captured (non-royal) piece; royals are never captured in legal play.
//! No promotion, castling or en passant. When no non-royal piece is left (bare royals) the
//! position is a draw under every rule.
//!
//! Motions are absolute vectors (the caller turns Black's pieces and expands symmetry). A leap
//! moves to the square at its vector; a ride repeats its vector over empty squares and stops
//! at the first occupied square (which it may capture if hostile). On a wrapped axis a step
//! that leaves the board re-enters on the opposite edge; a leap landing on the piece's own
//! square is no move, and a ride stops before its own square when its line comes back round.
//! A piece attacks the squares its `captures` motions could capture on.
//!
//! Values (for the side to move): `Win(n)` / `Loss(n)` in `n` plies to the mate (or the
//! stalemate loss), the winner hurrying and the loser delaying, captures counted through (the
//! smaller material is part of the same table); `Draw` otherwise. The induction runs ply by
//! ply: a position is a win in `n` (odd) when some move reaches a loss in `n - 1`, a loss in `n`
//! (even) when every move reaches a win, the longest in `n - 1`.

use std::collections::HashMap;

/// One motion: a leap or a ride by a vector (absolute: Black's pieces come already turned).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefMotion {
    Leap(i32, i32),
    Ride(i32, i32),
}

/// A piece: its side, royalty, and its non-capturing and capturing motions.
#[derive(Clone, Debug)]
pub struct RefPiece {
    pub white: bool,
    pub royal: bool,
    pub moves: Vec<RefMotion>,
    pub captures: Vec<RefMotion>,
}

/// The result for the side to move, in plies to the end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefOutcome {
    Win(u32),
    Loss(u32),
    Draw,
}

/// The distinct images `(±a, ±b)`, `(±b, ±a)` of a vector.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !out.contains(&(sx * x, sy * y)) {
                out.push((sx * x, sy * y));
            }
        }
    }
    out
}

/// A named atom's motions: `W F D N A H C Z G` leaps (every image), `R B Q` rides, `K` the
/// W and F leaps. Any other letter: none.
pub fn atom(letter: char) -> Vec<RefMotion> {
    let leaps = |a, b| images(a, b).into_iter().map(|(x, y)| RefMotion::Leap(x, y));
    let rides = |a, b| images(a, b).into_iter().map(|(x, y)| RefMotion::Ride(x, y));
    match letter {
        'W' => leaps(1, 0).collect(),
        'F' => leaps(1, 1).collect(),
        'D' => leaps(2, 0).collect(),
        'N' => leaps(2, 1).collect(),
        'A' => leaps(2, 2).collect(),
        'H' => leaps(3, 0).collect(),
        'C' => leaps(3, 1).collect(),
        'Z' => leaps(3, 2).collect(),
        'G' => leaps(3, 3).collect(),
        'K' => leaps(1, 0).chain(leaps(1, 1)).collect(),
        'R' => rides(1, 0).collect(),
        'B' => rides(1, 1).collect(),
        'Q' => rides(1, 0).chain(rides(1, 1)).collect(),
        _ => Vec::new(),
    }
}

type Sq = (i32, i32);
type Placement = Vec<Option<Sq>>;

/// The board's size and wrapped axes.
#[derive(Clone, Copy)]
struct Board {
    width: i32,
    height: i32,
    wrap_files: bool,
    wrap_ranks: bool,
}

impl Board {
    /// One step from `at` by `v`: the square reached, `None` beyond an unwrapped edge.
    fn step(self, at: Sq, v: Sq) -> Option<Sq> {
        let axis = |x: i32, side: i32, wraps: bool| {
            if wraps {
                Some(x.rem_euclid(side))
            } else {
                (0..side).contains(&x).then_some(x)
            }
        };
        Some((
            axis(at.0 + v.0, self.width, self.wrap_files)?,
            axis(at.1 + v.1, self.height, self.wrap_ranks)?,
        ))
    }

    /// The squares a motion from `from` reaches: a leap's one square, a ride's squares up to
    /// and including the first occupied one. The piece's own square is never reached.
    fn reach(self, from: Sq, motion: RefMotion, occupied: &dyn Fn(Sq) -> bool) -> Vec<Sq> {
        let mut out = Vec::new();
        match motion {
            RefMotion::Leap(x, y) => {
                if let Some(to) = self.step(from, (x, y)).filter(|&to| to != from) {
                    out.push(to);
                }
            }
            RefMotion::Ride(x, y) => {
                let mut at = from;
                while let Some(to) = self.step(at, (x, y)).filter(|&to| to != from) {
                    out.push(to);
                    if occupied(to) || out.len() > usize::try_from(self.width * self.height).unwrap_or(0) {
                        break;
                    }
                    at = to;
                }
            }
        }
        out
    }
}

impl Board {
    /// A motion from `from` could capture on `target` (every square before it empty).
    fn hits(self, from: Sq, motion: RefMotion, target: Sq, occupied: &dyn Fn(Sq) -> bool) -> bool {
        match motion {
            RefMotion::Leap(x, y) => target != from && self.step(from, (x, y)) == Some(target),
            RefMotion::Ride(x, y) => {
                let mut at = from;
                while let Some(to) = self.step(at, (x, y)).filter(|&to| to != from) {
                    if to == target {
                        return true;
                    }
                    if occupied(to) {
                        return false;
                    }
                    at = to;
                }
                false
            }
        }
    }
}

struct Game<'a> {
    board: Board,
    pieces: &'a [RefPiece],
}

impl Game<'_> {
    fn who(place: &Placement, sq: Sq) -> Option<usize> {
        place.iter().position(|&p| p == Some(sq))
    }

    /// Some piece of side `white` could capture on `target`.
    fn attacked(&self, place: &Placement, white: bool, target: Sq) -> bool {
        let occupied = |sq: Sq| Self::who(place, sq).is_some();
        self.pieces.iter().zip(place).any(|(p, at)| {
            p.white == white
                && at.is_some_and(|from| {
                    p.captures
                        .iter()
                        .any(|&m| self.board.hits(from, m, target, &occupied))
                })
        })
    }

    /// The royal of side `white` is attacked.
    fn in_check(&self, place: &Placement, white: bool) -> bool {
        self.pieces.iter().zip(place).any(|(p, at)| {
            p.white == white && p.royal && at.is_some_and(|sq| self.attacked(place, !white, sq))
        })
    }

    fn legal(&self, place: &Placement, white_to_move: bool) -> bool {
        let squares: Vec<Sq> = place.iter().flatten().copied().collect();
        let distinct = squares
            .iter()
            .enumerate()
            .all(|(i, a)| !squares[i + 1..].contains(a));
        distinct && !self.in_check(place, !white_to_move)
    }

    /// The placements after each legal move of side `white`.
    fn successors(&self, place: &Placement, white: bool) -> Vec<Placement> {
        let occupied = |sq: Sq| Self::who(place, sq).is_some();
        let mut out = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let Some(from) = place[i].filter(|_| p.white == white) else {
                continue;
            };
            let mut after = Vec::new();
            for &m in &p.moves {
                for to in self.board.reach(from, m, &occupied) {
                    if !occupied(to) {
                        let mut next = place.clone();
                        next[i] = Some(to);
                        after.push(next);
                    }
                }
            }
            for &m in &p.captures {
                for to in self.board.reach(from, m, &occupied) {
                    let Some(j) = Self::who(place, to) else {
                        continue;
                    };
                    if self.pieces[j].white != white && !self.pieces[j].royal {
                        let mut next = place.clone();
                        next[j] = None;
                        next[i] = Some(to);
                        after.push(next);
                    }
                }
            }
            out.extend(after.into_iter().filter(|next| !self.in_check(next, white)));
        }
        out
    }
}

/// Every legal position of `pieces` (each on a square or captured; royals always on the
/// board) and its value for the side to move. Keys: the square of each piece in order (`None`
/// = captured) and whether White is to move.
pub fn solve(
    width: i32,
    height: i32,
    wrap_files: bool,
    wrap_ranks: bool,
    pieces: &[RefPiece],
    stalemate_loss: bool,
) -> HashMap<(Placement, bool), RefOutcome> {
    let game = Game {
        board: Board {
            width,
            height,
            wrap_files,
            wrap_ranks,
        },
        pieces,
    };
    // Every placement, royals always on the board, numbered in mixed radix: piece `i` on
    // square `x + y * width`, or captured (`cells`); then the side to move (0: White).
    let cells = usize::try_from(width * height).unwrap_or(0);
    let radix: Vec<usize> = pieces.iter().map(|p| cells + usize::from(!p.royal)).collect();
    let total = radix.iter().product::<usize>() * 2;
    let w = usize::try_from(width).unwrap_or(1);
    let decode = |code: usize| -> (Placement, bool) {
        let mut rest = code / 2;
        let mut place = vec![None; pieces.len()];
        for i in (0..pieces.len()).rev() {
            let d = rest % radix[i];
            rest /= radix[i];
            place[i] = (d < cells).then(|| {
                (
                    i32::try_from(d % w).unwrap_or(0),
                    i32::try_from(d / w).unwrap_or(0),
                )
            });
        }
        (place, code.is_multiple_of(2))
    };
    let encode = |place: &Placement, white: bool| -> usize {
        let mut code = 0;
        for (i, at) in place.iter().enumerate() {
            let d = at.map_or(cells, |(x, y)| {
                usize::try_from(x).unwrap_or(0) + usize::try_from(y).unwrap_or(0) * w
            });
            code = code * radix[i] + d;
        }
        code * 2 + usize::from(!white)
    };
    let legal: Vec<bool> = (0..total)
        .map(|code| {
            let (place, white) = decode(code);
            game.legal(&place, white)
        })
        .collect();
    let successors: Vec<Vec<usize>> = (0..total)
        .map(|code| {
            if !legal[code] {
                return Vec::new();
            }
            let (place, white) = decode(code);
            game.successors(&place, white)
                .iter()
                .map(|next| encode(next, !white))
                .collect()
        })
        .collect();
    let mut value: Vec<Option<RefOutcome>> = (0..total)
        .map(|code| {
            if !legal[code] {
                return None;
            }
            let (place, white) = decode(code);
            let bare = pieces.iter().zip(&place).all(|(p, at)| p.royal || at.is_none());
            if bare {
                Some(RefOutcome::Draw)
            } else if successors[code].is_empty() {
                if stalemate_loss || game.in_check(&place, white) {
                    Some(RefOutcome::Loss(0))
                } else {
                    Some(RefOutcome::Draw)
                }
            } else {
                None
            }
        })
        .collect();
    induce(&legal, &successors, &mut value);
    (0..total)
        .filter(|&code| legal[code])
        .map(|code| (decode(code), value[code].unwrap_or(RefOutcome::Draw)))
        .collect()
}

/// The ply-by-ply induction: values of ply 1, 2, … until two plies in a row add nothing.
fn induce(legal: &[bool], successors: &[Vec<usize>], value: &mut [Option<RefOutcome>]) {
    let mut ply = 1u32;
    let mut quiet = 0;
    while quiet < 2 {
        let mut found = Vec::new();
        for (i, next) in successors.iter().enumerate() {
            if !legal[i] || value[i].is_some() {
                continue;
            }
            if !ply.is_multiple_of(2) {
                if next.iter().any(|&j| value[j] == Some(RefOutcome::Loss(ply - 1))) {
                    found.push((i, RefOutcome::Win(ply)));
                }
            } else if next.iter().all(|&j| matches!(value[j], Some(RefOutcome::Win(_)))) {
                found.push((i, RefOutcome::Loss(ply)));
            }
        }
        quiet = if found.is_empty() { quiet + 1 } else { 0 };
        for (i, v) in found {
            value[i] = Some(v);
        }
        ply += 1;
    }
}
