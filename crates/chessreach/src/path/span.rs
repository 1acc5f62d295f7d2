//! Routes on strips for any mover, with captures: an exact search on the span that matters.
//!
//! A king that captures nothing has its own compressed engine ([`super::strip`]). Every other
//! strip question — any Betza mover (leapers, riders, lame pieces, hoppers), hoppers or
//! periodic riders among the pieces, captures, distance maps over a window of files — is
//! answered by the bounded-board [`Router`](super::Router) on a window of files: every piece,
//! the start, the target (or the files asked for), the pieces' finite attack reach, and a
//! margin of `W` files on each side. Pieces and answers are shifted into and out of that
//! window, so coordinates anywhere in `i64` work alike.
//!
//! # Why a margin of `W` files is exact
//!
//! Let `X` be the rightmost file that matters: the pieces' files plus the farthest any hostile
//! piece's finite attack reaches (a leap, a limited ride, a ride or hop that changes rank — at
//! most `(ranks-1)/|dy|` leaps —, the limited part of a hop beyond its screen) and the farthest a
//! hop of the mover with a limited range lands behind a screen; and the start, the target and
//! the files asked for. Right of `X` no piece stands and no finite attack lands, so under any
//! capture subset the free (unattacked) ranks of the columns there repeat with period `P`, the
//! least common multiple of `|dx|` over the hostile pieces' and the mover's unlimited
//! horizontal steps (a rook ray covers every column, a `(2,0)` ray every other one). Moving a
//! stretch of route that lies right of `X` by a multiple of `P` maps legal moves onto legal
//! moves: nothing stands there, and the same squares are safe.
//!
//! Among the shortest routes take one with the least sum, over its stops, of how far right of
//! `X` they are, and say its highest stop, at time `t*`, is `m` files right of `X`. For a
//! threshold `c > X` let `u(c)` be the last move before `t*` from a file `< c` to a file
//! `>= c`, and `d(c)` the first move after `t*` from `>= c` to `< c` (both exist: the route
//! starts and ends at files `<= X`); between them the route stays at files `>= c`. Describe
//! `u(c)` by the rank it lands on and either the landing's offset `q - c` (in `0..B`, for a
//! move that spans at most `B` files) or its kind — an unlimited horizontal ride, or a
//! horizontal hop — with `(q - c) mod P`; describe `d(c)` the same way by the rank it leaves
//! and `p - c`. With `U` such kinds (0 to 2) there are `N = ranks · (B + U·P)` descriptions
//! of each. If two thresholds `c1 < c2` with `c2 - c1` a multiple of `P` have equal pairs of
//! descriptions, delete the stretch from `u(c1)` to `u(c2)` and the one from `d(c2)` to
//! `d(c1)`, and move what lay between `u(c2)` and `d(c2)` left by `c2 - c1`: `u(c1)`'s move
//! now lands where `u(c2)`'s did, moved (the same square for a bounded move; for a ride or
//! hop, a square farther along the same empty rank, reached by the same step), the moved
//! stretch stays right of `c1 > X`, and `d(c1)`'s move leaves from the moved start of
//! `d(c2)` (the same square, or farther along the same empty rank, over the same screen) to
//! its own landing. No capture happens right of `X`, so the capture subset does not change
//! along the moved stretch. The result is a legal route no longer than the first, with a
//! smaller sum — a contradiction. So fewer than `N² + 1` thresholds of one residue class
//! mod `P` fit: `m < W = P · (N² + 1)`. The left side is the mirror image. Hence some shortest
//! route stays within `W` files of the files that matter, and the search on that window is
//! exact (where the window would pass an end of `i64`, it stops there, as the board does).
//!
//! The margin is a proof's bound, not a typical distance: a knight on 8 ranks searches 257
//! files beyond the pieces, a queen 4,097, a nightrider 12,545. The window's states
//! (squares × capture subsets) are costed before anything is allocated.
//!
//! # Cost
//!
//! O(S · (span + 2W) · ranks · steps) for S capture subsets reached, as the
//! [`Router`](super::Router) on a board of that size; O(p) to build the window for p pieces.

use std::sync::Arc;

use super::ask::{bounded, Answer, Question, RouteError, Target, Way};
use super::{DistanceMap, PathError};
use crate::attack::{Placed, Position};
use crate::geometry::{Board, Coord, Rect, Strip};
use crate::limits::{Budget, Progress};
use crate::piece::{Colour, Step};

/// The margin `W` of files the exactness proof needs beyond the files that matter, and the
/// finite reach to add to the pieces' files (see the module docs). `None` when it overflows.
/// O(steps of the mover and the pieces).
fn margin(pos: &Position, strip: Strip, mover: &[Step], colour: Colour) -> Option<(u128, i64)> {
    let ranks = i64::from(strip.ranks());
    // Files a step spans at most, `None` for an unlimited horizontal ride or a horizontal hop.
    let span = |s: &Step| -> Option<i64> {
        let (dx, dy) = (s.delta.dx.abs(), s.delta.dy.abs());
        if dy == 0 {
            return (s.range != 0 && !s.hop).then(|| dx.saturating_mul(i64::from(s.range)));
        }
        let most = (ranks - 1) / dy;
        let leaps = if s.range == 0 || s.hop {
            most
        } else {
            most.min(i64::from(s.range))
        };
        Some(dx.saturating_mul(leaps))
    };
    let lcm = |a: u128, b: u128| -> Option<u128> {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        (a / x).checked_mul(b)
    };
    let mut period = 1u128;
    let mut reach = 0i64;
    for (i, p) in pos.pieces().iter().enumerate() {
        if p.colour == colour {
            continue;
        }
        for s in pos.steps_of(i).iter().filter(|s| s.can_capture) {
            let dx = s.delta.dx.unsigned_abs();
            match span(s) {
                Some(b) => reach = reach.max(b),
                // A horizontal hop with a limited range lands near its screen, a piece.
                None if s.hop && s.range != 0 => {
                    reach = reach.max(s.delta.dx.abs().saturating_mul(i64::from(s.range)));
                }
                None => period = lcm(period, u128::from(dx))?,
            }
        }
    }
    let (mut bounded, mut ride, mut hop) = (0i64, false, false);
    for s in mover {
        if let Some(b) = span(s) {
            bounded = bounded.max(b);
            continue;
        }
        if s.delta.dx != 0 {
            period = lcm(period, u128::from(s.delta.dx.unsigned_abs()))?;
        }
        if s.hop {
            hop = true;
            if s.range != 0 {
                reach = reach.max(s.delta.dx.abs().saturating_mul(i64::from(s.range)));
            }
        } else {
            ride = true;
        }
    }
    let kinds = u128::from(ride) + u128::from(hop);
    let bounded = u128::try_from(bounded).ok()?;
    let n = u128::from(strip.ranks()).checked_mul(bounded.checked_add(kinds.checked_mul(period)?)?)?;
    let w = period.checked_mul(n.checked_mul(n)?.checked_add(1)?)?;
    Some((w, reach))
}

/// Answers a strip question on the window the module docs prove enough.
pub(super) fn on_strip(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Answer, RouteError> {
    let colour = q.mover.colour;
    let start = q.mover.at;
    // In the router's order: the target, then the start.
    let mut matter: Vec<i64> = vec![start.file];
    match q.target {
        Target::Square(t) | Target::Capture(t) => {
            if !strip.contains(t) {
                return Err(PathError::TargetOffBoard(t).into());
            }
            matter.push(t.file);
        }
        Target::Files(lo, hi) => matter.extend([lo, hi]),
        Target::Everywhere => return Err(RouteError::StripWindow),
    }
    if !strip.contains(start) {
        return Err(PathError::StartOffBoard(start).into());
    }
    if pos.piece_at(start).is_some() {
        return Err(PathError::StartOccupied(start).into());
    }
    let files = match q.target {
        Target::Files(lo, hi) if lo <= hi => Some((lo, hi)),
        Target::Files(lo, hi) => return Err(RouteError::NoFiles(lo, hi)),
        _ => None,
    };
    // Initial moves (from one rank) count as moves of the mover: the margin for the union of
    // both sets of steps holds for the mover that makes some of them from one rank only.
    let mut steps = q.mover.rule.steps(colour);
    steps.extend(q.mover.rule.initial_steps(colour));
    let (w, reach) = margin(pos, strip, &steps, colour).ok_or(RouteError::StripSpan {
        files: None,
        ranks: strip.ranks(),
        margin: None,
    })?;
    let files_of = pos.pieces().iter().map(|p| p.at.file);
    let (mut lo, mut hi) = (i128::MAX, i128::MIN);
    for f in files_of {
        lo = lo.min(i128::from(f) - i128::from(reach));
        hi = hi.max(i128::from(f) + i128::from(reach));
    }
    for &f in &matter {
        lo = lo.min(i128::from(f));
        hi = hi.max(i128::from(f));
    }
    let w = i128::try_from(w).unwrap_or(i128::MAX);
    let lo = lo.saturating_sub(w).max(i128::from(i64::MIN));
    let hi = hi.saturating_add(w).min(i128::from(i64::MAX));
    let (lo, hi) = (
        i64::try_from(lo).expect("clamped to i64"),
        i64::try_from(hi).expect("clamped to i64"),
    );
    let width = hi.abs_diff(lo).saturating_add(1);
    let rect = Rect::new(width, u64::from(strip.ranks())).map_err(|_| RouteError::StripSpan {
        files: Some(width),
        ranks: strip.ranks(),
        margin: u64::try_from(w).ok(),
    })?;
    // Window file 1 is strip file `lo`.
    let into = |c: Coord| Coord::new(c.file.wrapping_sub(lo).wrapping_add(1), c.rank);
    let back = |c: Coord| Coord::new(c.file.wrapping_add(lo).wrapping_sub(1), c.rank);
    let pieces: Vec<Placed> = pos
        .pieces()
        .iter()
        .map(|p| Placed { at: into(p.at), ..*p })
        .collect();
    let window = Position::new(Board::Rect(rect), pos.kinds().to_vec(), pieces)
        .expect("the window holds every piece of a checked position");
    let mut inner = q.clone();
    inner.mover.at = into(start);
    if let Some(moves) = &inner.mover.by_square {
        inner.mover.by_square = Some(Arc::new(moves.shifted(1i64.wrapping_sub(lo))));
    }
    inner.target = match q.target {
        Target::Square(t) => Target::Square(into(t)),
        Target::Capture(t) => Target::Capture(into(t)),
        Target::Files(..) | Target::Everywhere => Target::Everywhere,
    };
    if let super::Capturable::Squares(list) = &mut inner.may_capture {
        for c in list.iter_mut() {
            *c = into(*c);
        }
    }
    let answer = bounded(&window, &inner, budget, progress).map_err(|e| match e {
        RouteError::NoHostilePiece(c) => RouteError::NoHostilePiece(back(c)),
        e => e,
    })?;
    Ok(match answer {
        Answer::Route(way) => Answer::Route(way.map(|w| Way {
            waypoints: w.waypoints.into_iter().map(back).collect(),
            captured: w.captured.into_iter().map(back).collect(),
            ..w
        })),
        Answer::Distances(dm) => {
            let (flo, fhi) = files.expect("checked above");
            Answer::Distances(DistanceMap { first_file: lo, ..dm }.files(flo, fhi))
        }
    })
}

/// The target, when the compressed king engine answers this question: a king that captures
/// nothing, going to a square.
pub(super) fn king_only(q: &Question) -> Option<Coord> {
    match (q.target, &q.may_capture) {
        (Target::Square(t), super::Capturable::Nothing)
            if q.mover.by_square.is_none() && q.mover.rule == "K".parse().expect("the king") =>
        {
            Some(t)
        }
        _ => None,
    }
}

impl DistanceMap {
    /// The part of this map on the board's files `lo..=hi`. O(squares kept).
    pub(super) fn files(&self, lo: i64, hi: i64) -> Self {
        let width = hi.abs_diff(lo) + 1;
        let rect = Rect::new(width, u64::from(self.rect.height())).expect("a part of a board");
        let distance = rect
            .squares()
            .map(|s| {
                let c = rect.coord(s);
                self.get(Coord::new(lo + (c.file - 1), c.rank))
            })
            .collect();
        Self {
            rect,
            first_file: lo,
            distance,
        }
    }
}
