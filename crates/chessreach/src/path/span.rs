//! Routes on strips for any mover, with captures: an exact search on the span that matters.
//!
//! A king that captures nothing has its own compressed engine ([`super::strip`]); movers that
//! do not hop cross long empty stretches by the crossing engine (`path::cross`), with
//! captures leg by leg between captures (`path::cross::capture`). Every other
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
//! # Shrinking long empty stretches
//!
//! Pieces far apart (10^12 files) make that window too wide to search. Between the explicit
//! files — each piece's file with its finite reach either side, the start, the target — lie
//! stretches where no piece stands and no finite attack lands, so their columns repeat with
//! period `P`. A stretch wider than `K + P` is shrunk to `K` files or a little more (the same
//! width modulo `P`), the pieces beyond it moved closer, and the window searches the shrunk
//! strip. Its answer of `d` moves is the real one when `K ≥ P · (d · (b + 2) + 3)`, for `b` the
//! most files a move of the mover spans other than an unlimited horizontal ride:
//!
//! - *Not longer*: a route of `d` moves on the shrunk strip crosses a stretch's file boundaries
//!   of its phase (every `P`-th) only by unlimited horizontal rides, except at most
//!   `d · (b/P + 1)` of them, fewer than the `K/P - 1` inside it. Put the removed files back at
//!   one such boundary: the part of the route beyond it moves with the pieces, and the rides
//!   over it ride farther over empty squares (the added files are a multiple of `P`, so of
//!   their step) to the same landing. Every square keeps its attackers: the columns added
//!   repeat those beside them. This is the route the shrink returns.
//! - *Not shorter*: a real route of fewer moves touches fewer than `d · (b + 2) + 1` of a
//!   stretch's blocks of `P` files (by a landing, or by a move other than such a ride passing
//!   over it), so at least as many untouched blocks as were removed remain; removing them
//!   gives a route of no more moves on the shrunk strip, which has none shorter than `d`.
//!
//! Captures change nothing in a stretch (no piece stands there), so the argument holds for
//! every capture subset. `K` is first set for routes of up to 8 moves, then for the length
//! found, once; when the bound still fails (a knight crossing a stretch spends moves in
//! proportion to its width), or the shrunk strip has no route (proven only when the target
//! is occupied or attacked: nothing is captured then), the window answers or refuses. So
//! queens, rooks and other movers that ride along ranks are routed across any distance; a
//! mover that crosses a stretch only by leaps is not (see `ARCHITECTURE.md`).
//!
//! # Cost
//!
//! O(S · (span + 2W) · ranks · steps) for S capture subsets reached, as the
//! [`Router`](super::Router) on a board of that size (the shrunk span, when shrunk, searched
//! at most twice); O(p log p) to build the window for p pieces.

use std::sync::Arc;

use super::bounded;
use super::margin::{explicit_files, margin, Spans};
use super::question::{Area, Capturable, Question, RouteError, Target, Way};
use super::{DistanceMap, Mover, PathError, Tuning};
use crate::attack::{Placed, Position, StripAttackMap};
use crate::geometry::{Board, Coord, Rect, Strip};
use crate::limits::{Budget, Progress};
use crate::piece::{Motion, Step};

/// Answers a strip route question: by the crossing engine when it applies, else on the window
/// the module docs prove enough, with long empty stretches shrunk first where that is proven
/// exact.
pub(super) fn on_strip(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Result<Option<Way>, RouteError> {
    refuse_legs(&q.mover)?;
    if let Some(answer) = super::cross::crossing(pos, strip, q, budget, tuning) {
        return answer;
    }
    let refused = match super::cross::with_captures(pos, strip, q, budget, progress, tuning) {
        // Too many capture subsets for the legs between captures: the window, which counts
        // the states it visits, may still answer where its span is small.
        Some(Err(e @ RouteError::TooLarge(_))) => Some(e),
        Some(answer) => return answer,
        None => None,
    };
    let answer = match shrunk(pos, strip, q, budget, progress) {
        Some(answer) => Ok(answer),
        None => window_route(pos, strip, q, budget, progress),
    };
    match (answer, refused) {
        (Err(RouteError::StripSpan { .. }), Some(e)) => Err(e),
        (answer, _) => answer,
    }
}

/// A strip question moved onto the window of files the module docs prove enough: a bounded
/// board whose file 1 is the strip's file `lo`, holding every piece, and the mover and the
/// capturable squares moved with it.
struct Window {
    position: Position,
    lo: i64,
    mover: Mover,
    may_capture: Capturable,
}

impl Window {
    /// The window's square of the strip's square `c`.
    fn inward(&self, c: Coord) -> Coord {
        Coord::new(c.file.wrapping_sub(self.lo).wrapping_add(1), c.rank)
    }

    /// The strip's square of the window's square `c`.
    fn back(&self, c: Coord) -> Coord {
        Coord::new(c.file.wrapping_add(self.lo).wrapping_sub(1), c.rank)
    }

    /// An error of the window's search, its square named on the strip.
    fn error_back(&self, e: RouteError) -> RouteError {
        match e {
            RouteError::NoHostilePiece(c) => RouteError::NoHostilePiece(self.back(c)),
            e => e,
        }
    }

    /// The window of `pos` for `mover` (capturing what `may_capture` lists), wide enough for
    /// the files in `matter` (the start, the target or the files of a distance map): the
    /// pieces' files widened by their reach, and by the margin of the module docs.
    fn of(
        pos: &Position,
        strip: Strip,
        mover: &Mover,
        may_capture: &Capturable,
        matter: &[i64],
    ) -> Result<Self, RouteError> {
        let colour = mover.colour;
        let start = mover.at;
        if !strip.contains(start) {
            return Err(PathError::StartOffBoard(start).into());
        }
        if pos.piece_at(start).is_some() {
            return Err(PathError::StartOccupied(start).into());
        }
        // Initial moves (from one rank) count as moves of the mover: the margin for the union
        // of both sets of steps holds for the mover that makes some of them from one rank only.
        let mut steps = mover.rule.steps(colour);
        steps.extend(mover.rule.initial_steps(colour));
        let Spans { margin: w, reach, .. } =
            margin(pos, strip, &steps, colour).ok_or(RouteError::StripSpan {
                files: None,
                ranks: strip.ranks(),
                margin: None,
                at_end: false,
            })?;
        let files_of = pos.pieces().iter().map(|p| p.at.file);
        let (mut lo, mut hi) = (i128::MAX, i128::MIN);
        for f in files_of {
            lo = lo.min(i128::from(f) - i128::from(reach));
            hi = hi.max(i128::from(f) + i128::from(reach));
        }
        for &f in matter {
            lo = lo.min(i128::from(f));
            hi = hi.max(i128::from(f));
        }
        let w = i128::try_from(w).unwrap_or(i128::MAX);
        let (lo, hi) = (lo.saturating_sub(w), hi.saturating_add(w));
        let at_end = lo < i128::from(i64::MIN) || hi > i128::from(i64::MAX);
        let lo = lo.max(i128::from(i64::MIN));
        let hi = hi.min(i128::from(i64::MAX));
        let (lo, hi) = (
            i64::try_from(lo).expect("clamped to i64"),
            i64::try_from(hi).expect("clamped to i64"),
        );
        let width = hi.abs_diff(lo).saturating_add(1);
        let rect = Rect::new(width, u64::from(strip.ranks())).map_err(|_| RouteError::StripSpan {
            files: Some(width),
            ranks: strip.ranks(),
            margin: u64::try_from(w).ok(),
            at_end,
        })?;
        let into = |c: Coord| Coord::new(c.file.wrapping_sub(lo).wrapping_add(1), c.rank);
        let pieces: Vec<Placed> = pos
            .pieces()
            .iter()
            .map(|p| Placed { at: into(p.at), ..*p })
            .collect();
        let mut mover = mover.clone();
        mover.at = into(start);
        if let Some(moves) = &mover.by_square {
            mover.by_square = Some(Arc::new(moves.shifted(1i64.wrapping_sub(lo))));
        }
        let mut may_capture = may_capture.clone();
        if let Capturable::Squares(list) = &mut may_capture {
            for c in list.iter_mut() {
                *c = into(*c);
            }
        }
        let window = Self {
            position: Position::new(Board::Rect(rect), pos.kinds().to_vec(), pieces)
                .expect("the window holds every piece of a checked position"),
            lo,
            mover,
            may_capture,
        };
        Ok(window)
    }
}

/// Answers a strip route question on the window the module docs prove enough.
fn window_route(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Option<Way>, RouteError> {
    let t = q.target.square();
    if !strip.contains(t) {
        return Err(PathError::TargetOffBoard(t).into());
    }
    let window = Window::of(pos, strip, &q.mover, &q.may_capture, &[q.mover.at.file, t.file])?;
    let inner = Question {
        mover: window.mover.clone(),
        target: match q.target {
            Target::Square(t) => Target::Square(window.inward(t)),
            Target::Capture(t) => Target::Capture(window.inward(t)),
        },
        may_capture: window.may_capture.clone(),
    };
    let way = bounded::route(&window.position, &inner, budget, progress).map_err(|e| window.error_back(e))?;
    Ok(way.map(|w| Way {
        waypoints: w.waypoints.into_iter().map(|c| window.back(c)).collect(),
        captured: w.captured.into_iter().map(|c| window.back(c)).collect(),
        ..w
    }))
}

/// A mover that moves in legs (XBetza) is refused by name on strips: the window's margin is
/// proven for single-leg steps only.
fn refuse_legs(mover: &Mover) -> Result<(), RouteError> {
    match mover.rule.paths().first() {
        Some(path) => Err(PathError::Legs(path.kind_name()).into()),
        None => Ok(()),
    }
}

/// Answers a strip distance question (files `LO..=HI`): by the crossing engine between
/// captures where it applies (long stretches; `path::cross::capture_map`), else on the
/// window the module docs prove enough.
pub(super) fn strip_distances(
    pos: &Position,
    strip: Strip,
    q: &Question<Area>,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Result<DistanceMap, RouteError> {
    refuse_legs(&q.mover)?;
    let (flo, fhi) = match q.target {
        Area::Everywhere => return Err(RouteError::StripWindow),
        Area::Files(lo, hi) if lo <= hi => (lo, hi),
        Area::Files(lo, hi) => return Err(RouteError::NoFiles(lo, hi)),
    };
    let refused = match super::cross::distances_with_captures(pos, strip, q, budget, progress, tuning) {
        // Too many capture subsets for the legs between captures: the window, which counts
        // the states it visits, may still answer where its span is small.
        Some(Err(e @ RouteError::TooLarge(_))) => Some(e),
        Some(answer) => return answer,
        None => None,
    };
    match (
        window_distances(pos, strip, q, budget, progress, (flo, fhi)),
        refused,
    ) {
        (Err(RouteError::StripSpan { .. }), Some(e)) => Err(e),
        (answer, _) => answer,
    }
}

/// Answers a strip distance question on the window the module docs prove enough.
fn window_distances(
    pos: &Position,
    strip: Strip,
    q: &Question<Area>,
    budget: Budget,
    progress: Option<Progress<'_>>,
    (flo, fhi): (i64, i64),
) -> Result<DistanceMap, RouteError> {
    let window = Window::of(pos, strip, &q.mover, &q.may_capture, &[q.mover.at.file, flo, fhi])?;
    let inner = Question {
        mover: window.mover.clone(),
        target: Area::Everywhere,
        may_capture: window.may_capture.clone(),
    };
    let map =
        bounded::distances(&window.position, &inner, budget, progress).map_err(|e| window.error_back(e))?;
    Ok(DistanceMap {
        first_file: window.lo,
        ..map
    }
    .files(flo, fhi))
}

/// The target, when the compressed king engine answers this question: a king that captures
/// nothing, going to a square.
pub(super) fn king_only(q: &Question) -> Option<Coord> {
    match (q.target, &q.may_capture) {
        (Target::Square(t), Capturable::Nothing)
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

/// The most squares a shrunk strip's explicit files may hold to be searched (about a second).
const SHRUNK_SQUARES: i128 = 1 << 24;

/// One empty stretch shrunk: the first file of its interior on the real strip and on the
/// shrunk one, and its width on each.
#[derive(Clone, Copy, Debug)]
struct Shrunk {
    real: i64,
    at: i64,
    /// Files removed: the width minus the files kept (a multiple of the period).
    removed: i128,
    kept: i64,
}

/// A route question with its long empty stretches shrunk (see the module docs), answered on
/// the shrunk strip and mapped back, when the answer's length proves the shrink exact; `None`
/// when it does not apply or cannot be proven (the window then answers or refuses). Builds the
/// stretches in O(p log p) for p pieces, then the window's cost on the shrunk strip, at most
/// twice.
#[expect(
    clippy::option_option,
    reason = "outer None: the shrink is not proven (the window answers); inner: the route or none"
)]
fn shrunk(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Option<Option<Way>> {
    let t = q.target.square();
    if q.mover.by_square.is_some() || !strip.contains(t) || !strip.contains(q.mover.at) {
        return None;
    }
    let colour = q.mover.colour;
    let mut steps = q.mover.rule.steps(colour);
    steps.extend(q.mover.rule.initial_steps(colour));
    let spans = margin(pos, strip, &steps, colour)?;
    if spans.hops {
        return None;
    }
    let period = i64::try_from(spans.period).ok()?;
    let merged = explicit_files(pos, spans.reach, &[q.mover.at.file, t.file]);
    // A stretch keeps `keep` files or more: first for routes of up to 8 moves, then for the
    // length found (the proof's bound, module docs).
    let per_move = spans.mover.checked_add(2)?;
    let keep_for = |d: u64| -> Option<i64> {
        let d = i64::try_from(d).ok()?;
        period.checked_mul(d.checked_mul(per_move)?.checked_add(3)?)
    };
    let mut keep = keep_for(8)?;
    for _ in 0..2 {
        let cuts = stretches(&merged, keep, period)?;
        if cuts.is_empty() {
            return None;
        }
        // A shrunk strip that is still huge (tens of thousands of pieces, or a long route) is
        // not searched on the chance that the bound holds: the window refuses it at once.
        let (first, last) = (merged.first()?.0, merged.last()?.1);
        let files = i128::from(last) - i128::from(first) + 1 - cuts.iter().map(|c| c.removed).sum::<i128>();
        if files.saturating_mul(i128::from(strip.ranks())) > SHRUNK_SQUARES {
            return None;
        }
        // Every explicit file moves left by the files removed before it (the result lies
        // between the strip's ends: those files were right of it).
        let shift = |c: Coord| {
            let k = cuts.partition_point(|s| s.real <= c.file);
            let by: i128 = cuts[..k].iter().map(|s| s.removed).sum();
            Coord::new(
                i64::try_from(i128::from(c.file) - by).expect("within the strip"),
                c.rank,
            )
        };
        let pieces: Vec<Placed> = pos
            .pieces()
            .iter()
            .map(|p| Placed {
                at: shift(p.at),
                ..*p
            })
            .collect();
        let small = Position::new(pos.board(), pos.kinds().to_vec(), pieces).ok()?;
        let mut inner = q.clone();
        inner.mover.at = shift(q.mover.at);
        inner.target = match q.target {
            Target::Capture(_) => Target::Capture(shift(t)),
            Target::Square(_) => Target::Square(shift(t)),
        };
        if let Capturable::Squares(list) = &mut inner.may_capture {
            for c in list.iter_mut() {
                *c = shift(*c);
            }
        }
        let way = match window_route(&small, strip, &inner, budget, progress) {
            Ok(Some(way)) => way,
            // No route: proven only where the target is a square nothing may ever stand on.
            Ok(None) if q.may_capture == Capturable::Nothing && q.target == Target::Square(t) => {
                let never = pos.piece_at(t).is_some()
                    || StripAttackMap::new(pos).is_some_and(|m| m.is_attacked(colour.opponent(), t));
                return never.then_some(None);
            }
            // A refusal is the window's to give, with the real strip's figures.
            _ => return None,
        };
        let need = keep_for(way.moves)?;
        if keep >= need {
            return Some(Some(stretched(&small, &steps, period, &cuts, &way)?));
        }
        keep = need;
    }
    None
}

/// The stretches between `merged` intervals wider than `keep` files plus a period, each
/// shrunk to `keep` files or a little more (the same width modulo `period`). `None` on
/// overflow. O(intervals).
fn stretches(merged: &[(i64, i64)], keep: i64, period: i64) -> Option<Vec<Shrunk>> {
    let mut cuts: Vec<Shrunk> = Vec::new();
    let mut removed = 0i128;
    for w in merged.windows(2) {
        // Widths in i128: pieces may be 2^64 files apart.
        let width = i128::from(w[1].0) - i128::from(w[0].1) - 1;
        if width > i128::from(keep) + i128::from(period) {
            let kept = keep + i64::try_from((width - i128::from(keep)) % i128::from(period)).ok()?;
            let real = w[0].1 + 1;
            cuts.push(Shrunk {
                real,
                at: i64::try_from(i128::from(real) - removed).ok()?,
                removed: width - i128::from(kept),
                kept,
            });
            removed += width - i128::from(kept);
        }
    }
    Some(cuts)
}

/// The shrunk strip's route `way` on the real strip: in each shrunk stretch, the files removed
/// go back in at a file of the stretch's phase that no move crosses but an unlimited horizontal
/// ride, which just rides farther (module docs). `None` if some stretch has no such file (the
/// bound says it has).
fn stretched(small: &Position, steps: &[Step], period: i64, cuts: &[Shrunk], way: &Way) -> Option<Way> {
    let squares = &way.waypoints;
    // The pieces by rank and file, to see whether a ride passes over one.
    let mut occupied: Vec<(i64, i64)> = small.pieces().iter().map(|p| (p.at.rank, p.at.file)).collect();
    occupied.sort_unstable();
    // Whether the move a → b is an unlimited horizontal ride of the mover over squares no piece
    // stands on (captured or not: stricter than needed) that stays one when `period` files are
    // added to it, moving or capturing as the move did. O(steps + log p).
    let rides = |a: Coord, b: Coord| -> bool {
        let len = b.file - a.file;
        let (lo, hi) = (a.file.min(b.file), a.file.max(b.file));
        let first = occupied.partition_point(|&x| x <= (a.rank, lo));
        a.rank == b.rank
            && steps.iter().any(|s| {
                matches!(s.motion, Motion::Ride { range: 0, .. })
                    && s.delta.dy == 0
                    && s.delta.dx.signum() == len.signum()
                    && len % s.delta.dx == 0
                    && period % s.delta.dx == 0
                    && if small.piece_at(b).is_some() {
                        s.can_capture
                    } else {
                        s.can_move
                    }
            })
            && occupied.get(first).is_none_or(|&x| x >= (a.rank, hi))
    };
    // The files no removed file may go back before: (lo, hi] of every move but such a ride,
    // merged and sorted.
    let mut blocked: Vec<(i64, i64)> = squares
        .windows(2)
        .filter(|m| !rides(m[0], m[1]))
        .map(|m| (m[0].file.min(m[1].file), m[0].file.max(m[1].file)))
        .collect();
    blocked.sort_unstable();
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(blocked.len());
    for (lo, hi) in blocked {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    // Per stretch, the shrunk file before which its removed files go back: the first of its
    // phase inside it that no blocked interval holds. O(log moves) per interval skipped.
    let mut at = Vec::with_capacity(cuts.len());
    for s in cuts {
        let last = s.at + (s.kept / period - 1) * period;
        let mut c = s.at + period;
        loop {
            if c > last {
                return None;
            }
            let k = merged.partition_point(|&(lo, _)| lo < c);
            match k.checked_sub(1).map(|k| merged[k]) {
                Some((_, hi)) if c <= hi => c += (hi - c) / period * period + period,
                _ => break,
            }
        }
        at.push(c);
    }
    // Files removed before each cut, summed: a square moves right by those at or before it.
    let mut before = Vec::with_capacity(cuts.len() + 1);
    before.push(0i128);
    for s in cuts {
        before.push(before.last().copied().unwrap_or(0) + s.removed);
    }
    let back = |c: Coord| {
        let by = before[at.partition_point(|&a| a <= c.file)];
        Coord::new(
            i64::try_from(i128::from(c.file) + by).expect("a file of the strip"),
            c.rank,
        )
    };
    Some(Way {
        waypoints: way.waypoints.iter().map(|&c| back(c)).collect(),
        captured: way.captured.iter().map(|&c| back(c)).collect(),
        repeats: Vec::new(),
        ..*way
    })
}
