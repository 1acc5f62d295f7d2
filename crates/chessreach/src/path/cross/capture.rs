//! Strip routes with captures across long stretches: the crossing engine between captures.
//!
//! # Why it is exact
//!
//! A route that captures the pieces `c1, …, cj` in that order is a chain of `j + 1` *legs*:
//! the `i`-th leg starts where `c(i-1)` stood (the first at the start), is played in the
//! position without `c1 … c(i-1)`, captures nothing on its way, and ends with a move capturing
//! `ci` — the last leg ends on the target square (or capturing the piece the question names).
//! Within a leg the position does not change, so a leg is a route of the crossing engine on
//! that position, ending at a *goal node* one capture move from `ci`: a rest node from which a
//! move of the mover lands on `ci` (its legs and the squares a ride passes over empty; one
//! more move), or a node of a ride passing over the square just before `ci` (no more: the
//! ride was paid when it started). The capture lands on `ci`'s square only where no other
//! hostile piece attacks it, as every landing. Conversely every chain of such legs is a legal
//! route. So the fewest moves are a shortest path in the graph whose states are (where the
//! last leg ended, the pieces captured so far) and whose edges are the legs' fewest moves.
//!
//! A captured piece changes the strip only where it stood and along its rays: its square
//! empties, its attacks and the rays it blocked change. The stretches between the remaining
//! pieces are the same stretches, with the columns those rays give; the engine is built again
//! for each capture subset a state holds, so its stretches' kinds and its zones are those of
//! that position, and each leg's length is the engine's exact answer there
//! ([`super`] docs). Nothing else is assumed: no monotonicity in the subset (capturing a
//! piece may open a hostile rider's ray).
//!
//! The search is A* over those states: a popped state's legs are found by one sweep from its
//! square to every goal at once ([`Engine::sweep_goals`]): each piece not yet captured, and
//! the target (legs no shorter than the best end found so far are not looked for, nor legs
//! no shorter than this sweep's own leg to the end: a route that captures first is then no
//! shorter than that leg alone, since legs are never negative). It stops
//! when the best end found is no more than the least `d + h` pending, and the route is the
//! legs traced again, one sweep each, and joined.
//!
//! # The lower bounds `h`
//!
//! Where every hostile piece is a plain leaper (no ride, hop, lame leg or variant region:
//! removing a piece then only empties its square and takes its attacks away, so every square
//! safe or empty under a subset stays so under a larger one) and the mover's moves reversed
//! are its moves, `h(a)` is the fewest moves from `a` to the end in the position with every
//! capturable piece gone: a route from a state is a legal route there (its captures land on
//! squares now empty; it crosses only squares safe with more pieces present), so `h` never
//! overestimates; and each leg `a → c` is at least that position's `a → c`, so `h(a) ≤ w +
//! h(c)`: consistent, and A* pops each state at its distance. All of them come from one sweep
//! from the end, reversed (its landing on `a` needs `a` safe: a state's square was landed on
//! safely, and the start's bound is 0 where it is attacked). That sweep stops once it has
//! the start's bound `K`: every square it has not reached is at least `K` away, and `min(h,
//! K)` is still a lower bound and consistent (`min(h(a), K) ≤ min(w + h(c), K) ≤ w + min(h(c),
//! K)`); a question whose ends are near each other sweeps near them only, however far the
//! other capturable pieces stand. Elsewhere `h = 0` (Dijkstra).
//! The bounds are made after the start's sweep, and only where that sweep does not prove
//! captures useless on its own ([`super::no_capture`]: its distances a potential of the
//! position with every capturable piece gone); the start's own bound is not needed (no leg
//! ends there: it is popped first, at 0). A route that crosses the strip among far pieces
//! without needing a capture then costs one sweep and one zone search per capturable piece.
//!
//! # Cost
//!
//! At most `(k + 1) · 2^k` states for `k` capturable pieces, checked against the budget
//! before the search (the subsets themselves, `32` bytes a state); each state popped costs an
//! engine built for its position (`O(p log p)` for `p` pieces, and its kinds' matrices, [`super`]
//! docs) and one sweep to `k + 1` goals (`O(zone nodes)` per goal for its nodes); only states
//! with `d + h` below the answer are popped — all of them, in the worst case, where captures
//! on the way cost no detour and shorten nothing the bound does not see. The proof that
//! captures are useless: one more build and a zone search per capturable piece; the bounds,
//! where it fails: one more build and sweep. The route: one more build and sweep per leg
//! (none for the start's). Progress is told once per state popped (each a build and a
//! sweep, so the call costs nothing in comparison).
//!
//! *Two threads* ([`Tuning::threads`]): neither the bare position's engine nor the bounds'
//! sweep depends on the start's sweep, so they are made on a second thread while the first
//! builds the start's engine, sweeps and traces its leg to the end; the first then proves or
//! searches with the bounds as with one thread. Across a strip among far pieces the two
//! halves are about as long, so the wall time is about one build, one sweep and the output;
//! the CPU time is the same, plus the bounds' sweep and the trace where they turn out not
//! needed (the proof holds; the route captures), and the resident peak holds both sweeps.
//! The start's sweep runs without [`super::ahead`]'s second thread: never more than two.
//! The answers are the same either way (tested).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashMap as HashMap;

use super::layout::{engine, engine_also};
use super::no_capture;
use super::parts::{without, without_all, Goal, Swept};
use super::{Engine, Tuning};
use crate::attack::Position;
use crate::geometry::{Coord, Strip};
use crate::limits::{Budget, Progress};
use crate::path::question::{Capturable, Question, RouteError, Target, Way};
use crate::piece::Colour;

/// Bytes a search state takes (its distance, parent and queue entry).
const STATE_BYTES: u64 = 32;

/// The start state's engine, sweep and goals (the piece each captures, `None` the end), kept
/// to trace its leg.
type StartSweep = (Engine, Swept, Vec<(Option<usize>, Goal)>);

/// The start state's turn, made before the search (its engine, goals, the goals' nodes, the
/// end's goal and the sweep), and, with two threads, its leg to the end traced ahead while
/// the other thread makes the bounds (where the trace fails, it is made again and fails there).
struct Head {
    e: Engine,
    goals: Vec<(Option<usize>, Goal)>,
    only: Vec<Goal>,
    until: Option<usize>,
    swept: Swept,
    traced: Option<Way>,
}

/// The start's leg to its goal `g` (of `goals`, reached by `swept` on `e` from `from`),
/// traced. O(the trace, [`Engine::trace_to`]).
fn trace_start(
    e: &Engine,
    from: Coord,
    swept: &Swept,
    goals: &[(Option<usize>, Goal)],
    g: usize,
) -> Option<Way> {
    let (_, node, at) = swept.reached[g];
    let mut kept = vec![e.zone_of(from.file)];
    kept.extend(goals.iter().map(|(_, g)| g.zone));
    e.trace_to(from, &kept, (goals[g].1.zone, node, at), swept)
}

/// A search state: the capturable piece whose square the last leg ended on (`k` for the
/// start), and the subset captured (the route search's and the map's).
pub(super) type State = (u32, u64);

/// Answers a strip route question with captures by the crossing engine between captures
/// (module docs); `None` when it does not apply (no capture allowed, a mover whose moves and
/// captures differ, initial moves, a variant's mover, or the crossing engine declines the
/// position), and the other strip engines answer.
#[expect(
    clippy::too_many_lines,
    reason = "the search follows the module docs step by step"
)]
#[expect(
    clippy::many_single_char_names,
    reason = "short names as in the module docs (q the question, k pieces, d and f distances, h the bound, s a state, e an engine)"
)]
pub(in crate::path) fn with_captures(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Option<Result<Option<Way>, RouteError>> {
    let colour = q.mover.colour;
    let steps = q.mover.rule.steps(colour);
    if q.mover.by_square.is_some()
        || !q.mover.rule.initial_steps(colour).is_empty()
        || steps.iter().any(|s| s.can_move != s.can_capture)
    {
        return None;
    }
    let hostile = |c: Coord| pos.piece_at(c).filter(|&i| pos.is_hostile(i, colour));
    // The capturable pieces, and the one the question names, if any.
    let mut caps = match capturable(pos, colour, &q.may_capture) {
        Ok(caps) => caps,
        Err(e) => return Some(Err(e)),
    };
    let end = q.target.square();
    let victim = match q.target {
        Target::Capture(c) => match hostile(c) {
            Some(i) => Some(i),
            None => return Some(Err(RouteError::NoHostilePiece(c))),
        },
        Target::Square(_) => None,
    };
    caps.extend(victim);
    caps.sort_unstable();
    caps.dedup();
    if caps.is_empty() || !strip.contains(end) || !strip.contains(q.mover.at) {
        return None;
    }
    let k = caps.len();
    // The piece on the target square ends the route when captured: a goal of the end.
    let at_end = victim.or_else(|| caps.iter().copied().find(|&i| pos.pieces()[i].at == end));
    let bit = |i: usize| 1u64 << caps.binary_search(&i).expect("a capturable piece");
    let start_state: State = (u32::try_from(k).ok()?, 0);
    let square_of = |(last, _): State| {
        if last as usize == k {
            q.mover.at
        } else {
            pos.pieces()[caps[last as usize]].at
        }
    };
    // The engine of a state's position, for legs from its square.
    let build = |s: State| -> Option<Result<Engine, RouteError>> {
        let left = without(pos, &caps, s.1)?;
        let mut leg = q.clone();
        leg.mover.at = square_of(s);
        leg.target = Target::Square(end);
        leg.may_capture = Capturable::Nothing;
        engine(&left, strip, &leg, budget, tuning)
    };
    // A state's goals: the pieces it may capture next (`Some(index)`) and the end (`None`).
    let goals_of = |e: &Engine, s: State| -> Vec<(Option<usize>, Goal)> {
        let mut goals = Vec::new();
        for &i in &caps {
            if s.1 & bit(i) == 0 && Some(i) != at_end {
                goals.push((Some(i), capture_goal(e, pos.pieces()[i].at)));
            }
        }
        // (The piece on the end is never captured before: it is no goal but the end.)
        if let Some(i) = at_end {
            goals.push((None, capture_goal(e, pos.pieces()[i].at)));
        } else if pos.piece_at(end).is_none() {
            let z = e.zone_of(end.file);
            goals.push((
                None,
                Goal {
                    zone: z,
                    nodes: vec![(e.rest(z, end), 0)],
                },
            ));
        }
        goals
    };
    let states = u64::try_from(k).ok().filter(|&k| k < 58).map(|k| (k + 1) << k);
    let fits = budget.check(
        "the capture subsets of the strip route search ((capturable pieces + 1) x 2^capturable states)",
        states.and_then(|s| s.checked_mul(STATE_BYTES)),
    );
    // The start state's engine and sweep, made before the search; with two threads, the bare
    // engine and the bounds on the other one meanwhile, and the route without captures traced
    // while it is still at work (module docs, "Cost").
    let stop = AtomicBool::new(false);
    let fits_ok = fits.is_ok();
    let (first, early) = std::thread::scope(|scope| {
        let other = (tuning.threads >= 2 && fits_ok)
            .then(|| scope.spawn(|| bare_and_bounds(pos, strip, q, &caps, (budget, tuning), &stop)));
        let first = match build(start_state) {
            None => None,
            Some(Err(err)) => Some(Err(err)),
            // (The engine was built: the states' budget answers.)
            Some(Ok(_)) if !fits_ok => fits.clone().err().map(|e| Err(e.into())),
            Some(Ok(e)) => {
                let goals: Vec<(Option<usize>, Goal)> = goals_of(&e, start_state)
                    .into_iter()
                    .filter(|(_, g)| !g.nodes.is_empty())
                    .collect();
                let only: Vec<Goal> = goals.iter().map(|(_, g)| g.clone()).collect();
                // A leg to a capture no nearer than the end is no start of a shorter route:
                // the sweep stops at the end's distance.
                let until = goals.iter().position(|(p, _)| p.is_none());
                let swept = e.sweep_goals(q.mover.at, &only, u64::MAX, until, None);
                // (Traced whether or not it is the answer: on the other thread's time, as a
                // rule — its build and sweep are as long as this one's.)
                let traced = other
                    .as_ref()
                    .and(until)
                    .filter(|&g| swept.reached[g].0 != u64::MAX)
                    .and_then(|g| trace_start(&e, q.mover.at, &swept, &goals, g));
                Some(Ok(Head {
                    e,
                    goals,
                    only,
                    until,
                    swept,
                    traced,
                }))
            }
        };
        if !matches!(first, Some(Ok(_))) {
            stop.store(true, Ordering::Relaxed);
        }
        (first, other.and_then(|o| o.join().ok()))
    });
    // The engine declines the position with nothing captured: the other engines answer.
    let mut first = match first? {
        Ok(head) => Some(head),
        Err(err) => return Some(Err(err)),
    };
    let mut early = early;
    // Lower bounds of the way left from each square a state may stand on (index `k`: the
    // start), where they are proven; else 0 (plain Dijkstra). Made after the start's sweep,
    // unless that sweep proves captures useless ([`super::no_capture`]); the start's own
    // bound is not needed (no leg ends there), so it is popped first at 0.
    let mut lower: Option<Vec<u64>> = None;
    let mut dist: HashMap<State, (u64, State)> = HashMap::default();
    dist.insert(start_state, (0, start_state));
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0u64, start_state)));
    let mut best: Option<(u64, State)> = None;
    // Progress: states popped, of the most there may be.
    let (mut popped, total) = (0u64, states.unwrap_or(u64::MAX));
    let mut at_start: Option<StartSweep> = None;
    // The start's leg to the end, traced ahead.
    let mut traced: Option<Way> = None;
    while let Some(Reverse((f, d, s))) = queue.pop() {
        if best.is_some_and(|(b, _)| f >= b) {
            break;
        }
        if dist.get(&s).is_some_and(|&(known, _)| known < d) {
            continue;
        }
        popped += 1;
        if let Some(p) = progress {
            p("capture subsets searched (strip route)", popped, total);
        }
        let (e, goals, only, until, swept) = if let Some(head) = first.take() {
            traced = head.traced;
            (head.e, head.goals, head.only, head.until, head.swept)
        } else {
            let e = match build(s)? {
                Ok(e) => e,
                Err(err) => return Some(Err(err)),
            };
            // Goals no capture move reaches are left out; legs no shorter than the best end
            // found so far are not looked for.
            let goals: Vec<(Option<usize>, Goal)> = goals_of(&e, s)
                .into_iter()
                .filter(|(_, g)| !g.nodes.is_empty())
                .collect();
            let only: Vec<Goal> = goals.iter().map(|(_, g)| g.clone()).collect();
            let cap = best.map_or(u64::MAX, |(b, _)| b - d);
            let until = goals.iter().position(|(p, _)| p.is_none());
            let swept = e.sweep_goals(square_of(s), &only, cap, until, None);
            (e, goals, only, until, swept)
        };
        if s == start_state {
            // The route without captures, proven shortest from this sweep alone, or the
            // bounds for the states it reaches.
            let d = until.map_or(u64::MAX, |g| swept.reached[g].0);
            let (bare, h) = match early.take() {
                // (Where the sweep did not reach the end no proof is tried: an error of the
                // proof's engine is then no answer, and the bounds are made as without it.)
                Some((Err(_), _)) if d == u64::MAX => (Ok(None), None),
                Some((bare, h)) => (bare, h),
                None if tuning.prove_no_capture && d != u64::MAX => (
                    no_capture::bare_engine(pos, strip, q, &caps, budget, tuning),
                    None,
                ),
                None => (Ok(None), None),
            };
            let bare = match bare {
                Ok(bare) => bare,
                Err(err) => return Some(Err(err)),
            };
            if bare
                .as_ref()
                .is_some_and(|b| no_capture::shortest(&e, b, q, (&swept, &only), d))
            {
                best = Some((d, s));
                at_start = Some((e, swept, goals));
                break;
            }
            let h = match h {
                Some(h) => h,
                None => bounds(pos, strip, q, &caps, (budget, tuning), bare.as_ref()),
            };
            lower = Some(match h {
                Some(Ok(h)) => h,
                Some(Err(err)) => return Some(Err(err)),
                None => vec![0; k + 1],
            });
        }
        let h = |s: State| lower.as_ref().map_or(0, |l| l[s.0 as usize]);
        for ((piece, _), &(w, _, _)) in goals.iter().zip(&swept.reached) {
            if w == u64::MAX {
                continue;
            }
            let nd = d + w;
            match piece {
                None => {
                    if best.is_none_or(|(b, _)| nd < b) {
                        best = Some((nd, s));
                    }
                }
                &Some(i) => {
                    let next = (u32::try_from(caps.binary_search(&i).ok()?).ok()?, s.1 | bit(i));
                    if h(next) != u64::MAX && dist.get(&next).is_none_or(|&(known, _)| nd < known) {
                        dist.insert(next, (nd, s));
                        queue.push(Reverse((nd + h(next), nd, next)));
                    }
                }
            }
        }
        // The start's sweep is kept: its legs are traced from it (no build again).
        if s == start_state {
            at_start = Some((e, swept, goals));
        }
    }
    let Some((moves, last)) = best else {
        return Some(Ok(None));
    };
    // The legs, last first, each traced again: (from state, goal piece or the end).
    let mut legs: Vec<(State, Option<usize>)> = vec![(last, None)];
    let mut s = last;
    while s != start_state {
        let from = dist[&s].1;
        legs.push((from, Some(caps[s.0 as usize])));
        s = from;
    }
    legs.reverse();
    let mut way = Way {
        moves,
        waypoints: vec![q.mover.at],
        lines: false,
        repeats: Vec::new(),
        captured: Vec::new(),
    };
    for (s, piece) in legs {
        let from = square_of(s);
        let ahead = traced.take().filter(|_| s == start_state && piece.is_none());
        let leg = if let Some(leg) = ahead {
            leg
        } else if let Some((e, swept, goals)) = at_start.as_ref().filter(|_| s == start_state) {
            let g = goals.iter().position(|(p, _)| *p == piece)?;
            trace_start(e, from, swept, goals, g)?
        } else {
            let e = match build(s)? {
                Ok(e) => e,
                Err(err) => return Some(Err(err)),
            };
            let goal = goals_of(&e, s).into_iter().find(|(p, _)| *p == piece)?.1;
            let swept = e.sweep_goals(from, std::slice::from_ref(&goal), u64::MAX, None, None);
            let (_, node, at) = swept.reached[0];
            let zs = e.zone_of(from.file);
            e.trace_to(from, &[zs, goal.zone], (goal.zone, node, at), &swept)?
        };
        let offset = way.waypoints.len() - 1;
        way.repeats
            .extend(leg.repeats.iter().map(|r| crate::path::question::Repeat {
                at: r.at + offset,
                ..*r
            }));
        way.waypoints.extend(leg.waypoints.iter().skip(1));
        let captured = piece.or(if s.1 & at_end.map_or(0, bit) == 0 {
            at_end
        } else {
            None
        });
        if let Some(i) = captured {
            let c = pos.pieces()[i].at;
            way.waypoints.push(c);
            way.captured.push(c);
        }
    }
    Some(Ok(Some(way)))
}

/// The hostile pieces `may` names (indices, sorted), or the square it names where no hostile
/// piece stands. O(p) for `All`, O(squares · log p) else.
pub(super) fn capturable(pos: &Position, colour: Colour, may: &Capturable) -> Result<Vec<usize>, RouteError> {
    Ok(match may {
        Capturable::Nothing => Vec::new(),
        Capturable::All => (0..pos.pieces().len())
            .filter(|&i| pos.is_hostile(i, colour))
            .collect(),
        Capturable::Squares(list) => {
            let mut caps = Vec::with_capacity(list.len());
            for &c in list {
                match pos.piece_at(c).filter(|&i| pos.is_hostile(i, colour)) {
                    Some(i) => caps.push(i),
                    None => return Err(RouteError::NoHostilePiece(c)),
                }
            }
            caps.sort_unstable();
            caps.dedup();
            caps
        }
    })
}

/// Lower bounds of the moves left from the start (last) and from each capturable piece's
/// square to the end, under any capture subset (module docs): the fewest moves in the
/// position with every capturable piece gone, found by one sweep from the end (the mover's
/// moves reversed are its moves). `None` where they are not proven: a hostile piece that is
/// not a plain leaper (a ride or hop a capture could open), or a mover whose moves reversed
/// differ. O(an engine build, unless `bare` is that position's, and a sweep).
fn bounds(
    pos: &Position,
    strip: Strip,
    q: &Question,
    caps: &[usize],
    (budget, tuning): (Budget, Tuning),
    bare: Option<&Engine>,
) -> Option<Result<Vec<u64>, RouteError>> {
    let colour = q.mover.colour;
    if !no_capture::hostiles_leap_plainly(pos, colour) {
        return None;
    }
    let steps = q.mover.rule.steps(colour);
    let reversible = steps.iter().all(|s| {
        s.legs().is_empty()
            && steps.iter().any(|r| {
                (r.delta.dx, r.delta.dy) == (-s.delta.dx, -s.delta.dy)
                    && r.motion == s.motion
                    && (r.can_move, r.can_capture) == (s.can_move, s.can_capture)
            })
    });
    let end = q.target.square();
    if !reversible || pos.piece_at(end).is_some_and(|i| caps.binary_search(&i).is_err()) {
        return None;
    }
    let bare_pos = without_all(pos, caps)?;
    let mut back = q.clone();
    back.mover.at = end;
    back.target = Target::Square(q.mover.at);
    back.may_capture = Capturable::Nothing;
    let files: Vec<i64> = caps.iter().map(|&i| pos.pieces()[i].at.file).collect();
    // The engine built for the proof (the same position, its explicit files the start's, the
    // end's and every capturable piece's) serves; else one is built.
    let own;
    let e = if let Some(e) = bare {
        e
    } else {
        own = match engine_also(&bare_pos, strip, &back, &files, budget, tuning)? {
            Ok(e) => e,
            Err(err) => return Some(Err(err)),
        };
        &own
    };
    let squares: Vec<Coord> = caps
        .iter()
        .map(|&i| pos.pieces()[i].at)
        .chain([q.mover.at])
        .collect();
    let goals: Vec<Goal> = squares
        .iter()
        .map(|&c| {
            let z = e.zone_of(c.file);
            Goal {
                zone: z,
                nodes: vec![(e.rest(z, c), 0)],
            }
        })
        .collect();
    // The sweep stops at the start's distance `K` (where the start is safe): every square not
    // reached by then is at least `K` away, and `min(h, K)` is still a consistent bound.
    let safe = e.safe_at(q.mover.at);
    let swept = e.sweep_goals(end, &goals, u64::MAX, safe.then_some(caps.len()), None);
    let top = if safe {
        swept.reached[caps.len()].0
    } else {
        u64::MAX
    };
    let mut h: Vec<u64> = swept.reached.iter().map(|r| r.0.min(top)).collect();
    // The start need not be safe: where it is not, the reversed route cannot end there, and
    // the bound is 0.
    if !safe {
        h[caps.len()] = 0;
    }
    Some(Ok(h))
}

/// The bare engine ([`no_capture::bare_engine`], where the proof is tried) and the lower
/// bounds ([`bounds`], on that engine where it was built), made together on another thread
/// while the start's sweep runs (the bounds are not made where the engine's build fails: its
/// error is the answer). O(an engine build and a sweep).
type BareAndBounds = (
    Result<Option<Engine>, RouteError>,
    Option<Option<Result<Vec<u64>, RouteError>>>,
);

/// [`BareAndBounds`] for the question `q` with the capturable pieces `caps`; the bounds are
/// not made once `stop` is set (the start's engine was not built: no search follows).
fn bare_and_bounds(
    pos: &Position,
    strip: Strip,
    q: &Question,
    caps: &[usize],
    (budget, tuning): (Budget, Tuning),
    stop: &AtomicBool,
) -> BareAndBounds {
    let bare = if tuning.prove_no_capture {
        no_capture::bare_engine(pos, strip, q, caps, budget, tuning)
    } else {
        Ok(None)
    };
    let h = match &bare {
        Ok(_) if stop.load(Ordering::Relaxed) => None,
        Ok(b) => Some(bounds(pos, strip, q, caps, (budget, tuning), b.as_ref())),
        Err(_) => None,
    };
    (bare, h)
}

/// The goal nodes of a capture of the piece on `c` (module docs): every node of its zone
/// one capture move from it, with that move's cost; none where another hostile piece attacks
/// `c`. O(zone nodes × moves).
#[expect(
    clippy::cast_possible_wrap,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "files inside a zone and ranks are small and non-negative"
)]
#[expect(
    clippy::many_single_char_names,
    reason = "a node's file, rank and state (x, r, s), as in the model's docs"
)]
pub(super) fn capture_goal(e: &Engine, c: Coord) -> Goal {
    let z = e.zone_of(c.file);
    let zone = &e.zones[z];
    let shape = &e.shapes[zone.shape as usize];
    let (cf, cr) = (c.file - zone.start, c.rank - 1);
    let mut nodes = Vec::new();
    if shape.safe[cf as usize] >> cr & 1 == 1 {
        let empty = |f: i64, r: i64| shape.empty[f as usize] >> r & 1 == 1;
        let files = zone.width as i64;
        for v in 0..e.model.nodes(zone.width) {
            let (x, r, s) = e.model.split(v);
            let (x, r) = (x as i64, r as i64);
            if !empty(x, r) {
                continue;
            }
            if let Some(cost) = e.model.capture_cost((x, r, s), (cf, cr), files, &empty) {
                nodes.push((v, cost));
            }
        }
    }
    Goal { zone: z, nodes }
}

impl Engine {
    /// Whether no hostile piece attacks the square `c` (of an explicit file). O(log zones).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a file inside a zone and a rank are small and non-negative"
    )]
    fn safe_at(&self, c: Coord) -> bool {
        let zone = &self.zones[self.zone_of(c.file)];
        self.shapes[zone.shape as usize].safe[(c.file - zone.start) as usize] >> (c.rank - 1) & 1 == 1
    }
}
