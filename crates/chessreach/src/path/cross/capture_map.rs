//! Distance maps on strips (`path --all`, files `LO..=HI`) with captures among pieces any
//! distance apart: the legs of [`super::capture`] swept to every square of the map.
//!
//! # Why it is exact
//!
//! A route to a square `x` of the map that captures `c1, …, cj` (`j ≥ 0`) is, as in the
//! [`super::capture`] docs, `j` legs each ending with the move capturing `ci` — the edges of
//! the graph whose states are (where the last leg ended, the pieces captured so far) — and a
//! last leg that captures nothing and ends on `x`, played in the position of the state it
//! starts from; or `x` holds a capturable piece and the route's last leg captures it. Each
//! leg's fewest moves are the crossing engine's exact answer in its state's position (built
//! again for each subset: a captured piece changes the strip only where it stood and along its
//! rays, and the stretches between the pieces left are stretches of that position). So the
//! fewest moves to `x` are the least, over the states `s` reached at distance `d(s)`, of
//! `d(s)` plus the fewest moves from `s`'s square to `x` in `s`'s position; for a capturable
//! piece's square, the least `d` of the states whose last capture it is. Dijkstra over the
//! states pops each at its distance, and one sweep from its square reaches every goal at
//! once: the pieces it may capture next, and every square of the map.
//!
//! *When it stops.* A state popped at `d` adds `d + w ≥ d` to any square. So once `d` is at
//! least the best found for every *open* square of the map, no later state improves any,
//! and the search stops (else it runs until every reachable state is popped). A square is
//! open unless a piece that may not be captured stands on it or such a hostile piece that
//! neither hops nor moves in legs attacks it in the position as given: its finite attacks
//! only grow as pieces are removed (a ray runs farther, a lame leap's leg empties), so it is
//! attacked under every subset and never landed on; a capturable piece such a piece attacks
//! is never captured (a capture lands only where no other hostile piece attacks), so it is
//! fixed too (repeated until no piece is added). The start is 0 wherever it is. Legs
//! no shorter than the largest best found (all open squares reached) are not looked for.
//!
//! *Rounds.* A sweep to a square no route reaches in its position (boxed in, or attacked by a
//! capturable piece not yet captured) would go on over the whole strip to the farthest
//! capturable pieces. So the search is made in rounds: in a round, legs of `R` moves or more
//! are not looked for (each sweep stops at `R`). A route of fewer than `R` moves has every leg
//! shorter than `R`, so the round finds every square whose distance is below `R` at that
//! distance, and every square it finds farther is at least `R` away (its best is a real
//! route); so once every open square's best is below `R`, the map is exact. Else a second
//! round looks for every leg (`R` = 256 first, [`Tuning::map_first_reach`]). (Rounds growing
//! 16 times each were tried: each rebuilds the engines of the states it pops, and a map
//! whose square no route reaches paid that nine times.)
//!
//! # Cost
//!
//! At most `(k + 1) · 2^k` states for `k` capturable pieces (`k = 0`: one state, the map
//! without captures), checked against the budget with the map (`8` bytes a square) before
//! anything is built. Each state popped costs an engine built for its position with the map's
//! files explicit (`O(p log p + width)` for `p` pieces, and its kinds' matrices, [`super`]
//! docs) and one sweep to `k + squares` goals (`O(zone nodes)` per zone searched and
//! `O(nodes)` per goal in it), in each round (at most 2: the second looks for every leg);
//! the fixed attacks `O(p log p)` per capturable piece found fixed; progress is told once per state popped (a
//! build and a sweep each, so the call costs nothing in comparison), counted again each round.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap as HashMap;

use super::capture::{capturable, capture_goal, State};
use super::layout::engine_also;
use super::parts::without;
use super::parts::Goal;
use super::{Engine, Tuning};
use crate::attack::{attacks_of, Position};
use crate::geometry::{Coord, Rect, Strip};
use crate::limits::{Budget, Progress};
use crate::path::question::{Area, Capturable, Question, RouteError, Target};
use crate::path::DistanceMap;
use crate::piece::Motion;

/// Bytes a search state takes (its distance and queue entry).
const STATE_BYTES: u64 = 32;

/// Bytes a square of the map takes while searching (its distance, its goal).
const SQUARE_BYTES: u64 = 64;

/// What the progress callback is told, per state popped.
const STAGE: &str = "capture subsets searched (strip map)";

/// Answers a strip distance map question (files `LO..=HI`) with or without captures by the
/// crossing engine between captures (module docs); `None` when it does not apply (a mover
/// whose moves and captures differ, initial moves, a variant's mover, an occupied start, or
/// the crossing engine declines a position: no long stretch), and the window answers.
#[expect(
    clippy::too_many_lines,
    reason = "the search follows the module docs step by step"
)]
#[expect(
    clippy::many_single_char_names,
    reason = "short names as in the module docs (q the question, k pieces, d and w distances, s a state, e an engine)"
)]
pub(in crate::path) fn distances_with_captures(
    pos: &Position,
    strip: Strip,
    q: &Question<Area>,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Option<Result<DistanceMap, RouteError>> {
    let colour = q.mover.colour;
    let steps = q.mover.rule.steps(colour);
    let Area::Files(lo, hi) = q.target else {
        return None;
    };
    if lo > hi
        || q.mover.by_square.is_some()
        || !q.mover.rule.initial_steps(colour).is_empty()
        || steps.iter().any(|s| s.can_move != s.can_capture)
        || !strip.contains(q.mover.at)
        || pos.piece_at(q.mover.at).is_some()
    {
        return None;
    }
    let caps = match capturable(pos, colour, &q.may_capture) {
        Ok(caps) => caps,
        Err(e) => return Some(Err(e)),
    };
    let k = caps.len();
    let ranks = u64::from(strip.ranks());
    let width = hi.abs_diff(lo).checked_add(1)?;
    // The states and the map, before anything is built.
    let states = u64::try_from(k).ok().filter(|&k| k < 58).map(|k| (k + 1) << k);
    if let Err(e) = budget.check(
        "the capture subsets of the strip distance map ((capturable pieces + 1) x 2^capturable states)",
        states.and_then(|s| s.checked_mul(STATE_BYTES)),
    ) {
        return Some(Err(e.into()));
    }
    let squares = width.checked_mul(ranks);
    if let Err(e) = budget.check(
        "the strip distance map's squares",
        squares.and_then(|s| s.checked_mul(SQUARE_BYTES)),
    ) {
        return Some(Err(e.into()));
    }
    let rect = Rect::new(width, ranks).ok()?;
    let index = |c: Coord| {
        rect.square(Coord::new(c.file - lo + 1, c.rank))
            .map(crate::geometry::Square::index)
            .filter(|_| (lo..=hi).contains(&c.file))
    };
    let bit = |j: usize| 1u64 << j;
    let square_of = |(last, _): State| {
        if last as usize == k {
            q.mover.at
        } else {
            pos.pieces()[caps[last as usize]].at
        }
    };
    // The open squares (module docs): neither a piece that may not be captured nor attacked
    // for good.
    // Capturable pieces no capture can ever take (a fixed piece attacks their square) are
    // fixed too, and so on until none is added.
    let plain = |i: usize| {
        pos.steps_of(i)
            .iter()
            .all(|s| !matches!(s.motion, Motion::Hop { .. } | Motion::Path { .. }))
    };
    let mut never = vec![false; caps.len()];
    let attacked = loop {
        let fixed = |i: usize| {
            pos.is_hostile(i, colour) && caps.binary_search(&i).map_or(true, |j| never[j]) && plain(i)
        };
        let (attacked, _) = attacks_of(pos, strip, fixed);
        let mut added = false;
        for (j, &i) in caps.iter().enumerate() {
            if !never[j] && attacked.binary_search(&pos.pieces()[i].at).is_ok() {
                never[j] = true;
                added = true;
            }
        }
        if !added {
            break attacked;
        }
    };
    let mut open: Vec<Coord> = Vec::new();
    for f in lo..=hi {
        for r in 1..=i64::from(strip.ranks()) {
            let c = Coord::new(f, r);
            let shut = pos
                .piece_at(c)
                .is_some_and(|i| caps.binary_search(&i).map_or(true, |j| never[j]))
                || attacked.binary_search(&c).is_ok()
                || c == q.mover.at;
            if !shut {
                open.push(c);
            }
        }
    }
    let files: Vec<i64> = (lo..=hi).collect();
    // The engine of a state's position, with the map's files explicit.
    let build = |s: State| -> Option<Result<Engine, RouteError>> {
        let left = without(pos, &caps, s.1)?;
        let leg = Question {
            mover: crate::path::Mover {
                at: square_of(s),
                ..q.mover.clone()
            },
            target: Target::Square(Coord::new(lo, 1)),
            may_capture: Capturable::Nothing,
        };
        engine_also(&left, strip, &leg, &files, budget, tuning)
    };
    // Rounds: every leg shorter than `reach` (module docs, *Rounds*), until every open square's
    // best is below it.
    let mut reach = tuning.map_first_reach.max(1);
    let best = loop {
        let mut popped = 0u64;
        let mut best: Vec<Option<u64>> = vec![None; rect.len()];
        if let Some(i) = index(q.mover.at) {
            best[i] = Some(0);
        }
        let start: State = (u32::try_from(k).ok()?, 0);
        let mut dist: HashMap<State, u64> = HashMap::default();
        dist.insert(start, 0);
        let mut queue = BinaryHeap::from([Reverse((0u64, start))]);
        let total = states.unwrap_or(u64::MAX);
        while let Some(Reverse((d, s))) = queue.pop() {
            if dist.get(&s).is_some_and(|&known| known < d) {
                continue;
            }
            // The farthest open square's best, once every open square has one.
            let far = open
                .iter()
                .map(|&c| index(c).and_then(|i| best[i]))
                .try_fold(0u64, |m, b| b.map(|b| m.max(b)));
            if far.is_some_and(|far| d >= far) {
                break;
            }
            popped += 1;
            if let Some(p) = progress {
                p(STAGE, popped, total);
            }
            let e = match build(s)? {
                Ok(e) => e,
                Err(err) => return Some(Err(err)),
            };
            // Goals: the pieces it may capture next (`Some(j)`), the open squares empty here;
            // each with its square.
            let mut goals: Vec<(Option<usize>, Coord)> = Vec::new();
            let mut only: Vec<Goal> = Vec::new();
            for (j, &i) in caps.iter().enumerate() {
                let c = pos.pieces()[i].at;
                if s.1 & bit(j) == 0 {
                    let g = capture_goal(&e, c);
                    if !g.nodes.is_empty() {
                        goals.push((Some(j), c));
                        only.push(g);
                    }
                }
            }
            for &c in &open {
                let taken = pos
                    .piece_at(c)
                    .and_then(|i| caps.binary_search(&i).ok())
                    .is_some_and(|j| s.1 & bit(j) == 0);
                if !taken {
                    let z = e.zone_of(c.file);
                    goals.push((None, c));
                    only.push(Goal {
                        zone: z,
                        nodes: vec![(e.rest(z, c), 0)],
                    });
                }
            }
            let cap = far.map_or(u64::MAX, |far| far - d).min(reach);
            let swept = e.sweep_goals(square_of(s), &only, cap, None, None);
            for (&(piece, c), &(w, _, _)) in goals.iter().zip(&swept.reached) {
                if w == u64::MAX {
                    continue;
                }
                let nd = d + w;
                if let Some(i) = index(c) {
                    if best[i].is_none_or(|b| nd < b) {
                        best[i] = Some(nd);
                    }
                }
                if let Some(j) = piece {
                    let next = (u32::try_from(j).ok()?, s.1 | bit(j));
                    if dist.get(&next).is_none_or(|&known| nd < known) {
                        dist.insert(next, nd);
                        queue.push(Reverse((nd, next)));
                    }
                }
            }
        }
        let exact = reach == u64::MAX
            || open
                .iter()
                .all(|&c| index(c).and_then(|i| best[i]).is_some_and(|b| b < reach));
        if exact {
            break best;
        }
        reach = u64::MAX;
    };
    // (A distance beyond a map's 32 bits: declined, the window answers or refuses.)
    let distance = best
        .into_iter()
        .map(|b| b.map(u32::try_from).transpose().ok())
        .collect::<Option<Vec<Option<u32>>>>()?;
    Some(Ok(DistanceMap {
        rect,
        first_file: lo,
        distance,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::cases::{groups_apart, numbers};
    use super::*;

    /// Compares, on `cases` random groups of pieces (`groups_apart(least, spread, groups)`,
    /// the first `caps` pieces of every other one capturable), the map of `files` searched
    /// in rounds from each first reach of `firsts` with the map searched for every leg at
    /// once; at least `want_compared` cases must be ones the engine answers.
    fn rounds_agree(
        seed: u64,
        cases: usize,
        (least, spread, groups): (i64, u64, usize),
        (files, caps): ((i64, i64), usize),
        firsts: &[u64],
        want_compared: usize,
    ) {
        let mut next = numbers(seed);
        let budget = Budget::new(1 << 30);
        let mut compared = 0;
        for case in 0..cases {
            let (pos, strip, q) = groups_apart(case, &mut next, least, spread, groups);
            let caps: Vec<Coord> = pos.pieces().iter().step_by(2).take(caps).map(|p| p.at).collect();
            let area = Question {
                mover: q.mover.clone(),
                target: Area::Files(files.0, files.1),
                may_capture: Capturable::Squares(caps),
            };
            let with = |first: u64| {
                let tuning = Tuning {
                    map_first_reach: first,
                    ..Tuning::default()
                };
                distances_with_captures(&pos, strip, &area, budget, None, tuning)
            };
            let want = with(u64::MAX);
            if want.is_none() {
                continue;
            }
            compared += 1;
            for &first in firsts {
                assert_eq!(with(first), want, "case {case}, first reach {first}");
            }
        }
        assert!(
            compared >= want_compared,
            "the engine declined most cases ({compared} compared)"
        );
    }

    /// Maps searched in rounds from a short first reach (1, 3, 16 moves: several rounds, legs
    /// cut short) are the map searched for every leg at once, on random groups of pieces
    /// 60–99 files apart with three of them capturable.
    #[test]
    fn rounds_give_the_map_of_every_leg() {
        rounds_agree(0x5eed_0030, 12, (60, 40, 5), ((-12, 90), 3), &[1, 3, 16], 6);
    }

    /// Rounds on groups close to the start, every first reach from 2 to 16: a round that
    /// reaches every open square through short legs between captures may still have found
    /// some of them farther than a long leg would (the round must go on, *Rounds*).
    #[test]
    fn a_round_reaching_every_square_is_exact_only_below_its_reach() {
        let firsts: Vec<u64> = (2..=16).collect();
        rounds_agree(0x5eed_0031, 60, (14, 10, 3), ((-8, 30), 4), &firsts, 8);
    }
}
