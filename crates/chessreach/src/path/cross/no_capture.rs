//! Captures proven useless from one sweep: the route without captures is shortest when the
//! distances of its sweep are a potential of the position with every capturable piece gone.
//!
//! # Why it is exact
//!
//! Let the hostile pieces be plain leapers (no ride, hop, lame leg or region), as for the
//! lower bounds of [`super::capture`]. Then every route with captures is a legal route of the
//! *bare* position, the one with every capturable piece gone: its legs are played in positions
//! with some of them gone, and removing a leaper only empties its square and takes its attacks
//! away; its capture moves land on squares empty in the bare position and attacked there by no
//! more pieces. So no route with captures is shorter than the bare position's distance `D'`
//! from the start to the end, and the route without captures, of `D` moves, is shortest as
//! soon as `D' ≥ D`.
//!
//! The sweep from the start without captures gives `φ(v)`, the distance of every end-block
//! node of every zone it reached, exact below `D` (it stops at `D`); let `φ'(v) = min(φ(v),
//! D)`, `D` for a node not reached — a potential: `φ'(y) ≤ φ'(x) + w` along any path of the
//! position from `x` to `y` of `w` moves. Build the bare position's engine with the same
//! explicit files (each capturable piece's file with its finite reach, so that its zones and
//! cores are those of the full engine; checked, else no proof is tried). Its graph differs
//! from the full one only inside the zones whose squares differ (the cores, of the same kinds,
//! are the same). For each such zone, search the bare zone from the seeds `φ'(v) < D` at its
//! end-block nodes (and the start, at 0, if it lies there), giving `ψ`. If `ψ(v) ≥ φ'(v)` at
//! each of its end-block nodes and `ψ(end) ≥ D` where the end lies there, then `D' ≥ D`:
//! cut a shortest bare route at its visits to those zones' end-block nodes; between two cuts it
//! either stays inside one such zone (bare transitions: a zone's graph, whose search from
//! every seed gave `ψ`) or outside them all (transitions of the full position too, where `φ'`
//! is a potential), so by induction the route's length up to each cut is at least `φ'` there,
//! and at the end at least `D`. (A route enters and leaves a zone only through its end blocks:
//! no transition skips a block.)
//!
//! # Cost
//!
//! One more engine build (`O(p log p)`, [`super`] docs) and one zone search per zone whose
//! squares differ (at most one per capturable piece) — instead of the bounds' sweep over every
//! zone between the ends.

use rustc_hash::FxHashMap as HashMap;

use super::layout::engine_also;
use super::parts::{without_all, Goal, Swept};
use super::zone::Scratch;
use super::{Engine, Tuning};
use crate::attack::{Placed, Position};
use crate::geometry::{Coord, Strip};
use crate::limits::Budget;
use crate::path::margin::margin;
use crate::path::question::{Capturable, Question, RouteError, Target};
use crate::piece::Colour;
use crate::piece::Motion;

/// The most files of finite reach around each capturable piece made explicit (beyond it no
/// proof is tried).
const MAX_REACH: i64 = 4096;

/// The engine of the bare position (every capturable piece of `caps` gone) that the proof
/// compares with the full one (module docs: each capturable piece's file with its finite
/// reach explicit), for `q` without captures; `None` where no proof is tried (a hostile piece
/// that is not a plain leaper, an occupied end, a reach beyond [`MAX_REACH`], or the engine
/// declines); its error where its build fails (its memory). It does not depend on the start's
/// sweep, so it may be built while that sweep runs. O(an engine build).
pub(super) fn bare_engine(
    pos: &Position,
    strip: Strip,
    q: &Question,
    caps: &[usize],
    budget: Budget,
    tuning: Tuning,
) -> Result<Option<Engine>, RouteError> {
    let colour = q.mover.colour;
    let end = q.target.square();
    if !hostiles_leap_plainly(pos, colour) || pos.piece_at(end).is_some() {
        return Ok(None);
    }
    let steps = q.mover.rule.steps(colour);
    let Some(reach) = margin(pos, strip, &steps, colour).map(|s| s.reach) else {
        return Ok(None);
    };
    if !(0..=MAX_REACH).contains(&reach) {
        return Ok(None);
    }
    let mut files: Vec<i64> = Vec::new();
    for &i in caps {
        let f = pos.pieces()[i].at.file;
        files.extend((-reach..=reach).filter_map(|r| f.checked_add(r)));
    }
    let Some(bare_pos) = without_all(pos, caps) else {
        return Ok(None);
    };
    let mut plain = q.clone();
    plain.may_capture = Capturable::Nothing;
    plain.target = Target::Square(end);
    engine_also(&bare_pos, strip, &plain, &files, budget, tuning).transpose()
}

/// Whether the route without captures of `d` moves (`u64::MAX`: none) that `swept` found on
/// `full` is proven shortest by `bare` ([`bare_engine`]): the same layout, and the sweep's
/// distances a potential of the bare position (module docs). O(zones, and a zone search per
/// zone whose squares differ).
pub(super) fn shortest(
    full: &Engine,
    bare: &Engine,
    q: &Question,
    (swept, goals): (&Swept, &[Goal]),
    d: u64,
) -> bool {
    d != u64::MAX
        && same_layout(full, bare)
        && potential_holds(full, bare, (q.mover.at, q.target.square()), (swept, goals), d)
}

/// Whether the sweep's distances (module docs: `φ'`, from `swept` to `goals`, the end `d`
/// away) are a potential of `bare`, checked in each zone whose squares differ from `full`'s.
/// O(zones, and a zone search per zone whose squares differ).
fn potential_holds(
    full: &Engine,
    bare: &Engine,
    (start, end): (Coord, Coord),
    (swept, goals): (&Swept, &[Goal]),
    d: u64,
) -> bool {
    // The zones whose squares differ (compared once per pair of shapes).
    let mut differ: HashMap<(u32, u32), bool> = HashMap::default();
    let n = full.model.n();
    let mut phi = vec![u64::MAX; 2 * n];
    let mut sc = Scratch::default();
    let (zs, ze) = (full.zone_of(start.file), full.zone_of(end.file));
    for (z, (a, b)) in full.zones.iter().zip(&bare.zones).enumerate() {
        let key = (a.shape, b.shape);
        let shapes_differ = *differ.entry(key).or_insert_with(|| {
            let (x, y) = (&full.shapes[a.shape as usize], &bare.shapes[b.shape as usize]);
            x.empty != y.empty || x.safe != y.safe
        });
        if !shapes_differ {
            continue;
        }
        // Its distances are exact below `d` where the sweep searched it (the start's zone and
        // the goals': never answered by rows), and only there is the proof tried.
        if z != zs && !goals.iter().any(|g| g.zone == z) {
            return false;
        }
        match &swept.ends[z] {
            Some(known) => full.read_known(z, known, 0, &mut phi),
            None => phi.fill(u64::MAX),
        }
        for p in &mut phi {
            *p = (*p).min(d);
        }
        let node = |p: usize| if p < n { p } else { full.last(z) + p - n };
        let mut seeds: Vec<(u32, u64)> = (0..2 * n)
            .filter(|&p| phi[p] < d)
            .filter_map(|p| Some((u32::try_from(node(p)).ok()?, phi[p])))
            .collect();
        if z == zs {
            let Ok(v) = u32::try_from(full.rest(z, start)) else {
                return false;
            };
            seeds.push((v, 0));
        }
        if seeds.is_empty() {
            continue;
        }
        bare.search(z, &seeds, &mut sc);
        if (0..2 * n).any(|p| sc.dist[node(p)] < phi[p]) {
            return false;
        }
        if z == ze && sc.dist[full.rest(z, end)] < d {
            return false;
        }
    }
    true
}

/// Whether two engines of one mover have the same zones and cores, the cores of kinds with
/// the same columns (their graphs then differ only inside zones). O(zones).
fn same_layout(a: &Engine, b: &Engine) -> bool {
    a.model.n() == b.model.n()
        && a.model.width == b.model.width
        && a.zones.len() == b.zones.len()
        && a.cores.len() == b.cores.len()
        && a.zones
            .iter()
            .zip(&b.zones)
            .all(|(x, y)| (x.start, x.width) == (y.start, y.width))
        && a.cores
            .iter()
            .zip(&b.cores)
            .all(|(x, y)| (x.lb, x.m) == (y.lb, y.m) && a.kinds[x.kind].safe == b.kinds[y.kind].safe)
}

/// Whether every piece hostile to `colour` moves by plain leaps only (no ride, lame leg,
/// initial step or region), judged once per kind. O(p + kinds' steps).
pub(super) fn hostiles_leap_plainly(pos: &Position, colour: Colour) -> bool {
    let plain_leaper = |p: &Placed| {
        let kind = &pos.kinds()[p.kind];
        kind.confine.is_none()
            && kind.rule.initial_steps(p.colour).is_empty()
            && kind
                .rule
                .steps(p.colour)
                .iter()
                .all(|s| matches!(s.motion, Motion::Leap { .. }) && s.legs().is_empty())
    };
    let mut kinds_seen = vec![false; pos.kinds().len()];
    for (i, p) in pos.pieces().iter().enumerate() {
        if pos.is_hostile(i, colour) && !kinds_seen[p.kind] {
            if !plain_leaper(p) {
                return false;
            }
            kinds_seen[p.kind] = true;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::cases::{groups_apart, numbers};
    use super::super::with_captures;
    use super::*;
    use crate::geometry::Coord;

    /// With the proof and without it (the lower bounds' sweep and the capture subsets searched
    /// at once), routes with captures among knights and kings have the same length, and the
    /// proof's routes capture nothing; with one thread or two, the same routes.
    #[test]
    fn the_proof_answers_as_the_capture_search() {
        let mut next = numbers(0x5eed_0031);
        let budget = Budget::new(1 << 30);
        let (mut compared, mut captured) = (0, 0);
        for case in 0..30 {
            let (pos, strip, q) = groups_apart(case, &mut next, 60, 40, 8);
            // Knights and kings only (no rook: plain leapers).
            let pieces: Vec<Placed> = pos.pieces().iter().filter(|p| p.kind != 2).copied().collect();
            let pos = Position::new(pos.board(), pos.kinds().to_vec(), pieces).expect("position");
            let caps: Vec<Coord> = pos.pieces().iter().step_by(3).take(4).map(|p| p.at).collect();
            let q = Question {
                may_capture: Capturable::Squares(caps),
                ..q
            };
            let ask = |prove_no_capture: bool, threads: usize| {
                let tuning = Tuning {
                    threads,
                    prove_no_capture,
                    ..Tuning::default()
                };
                with_captures(&pos, strip, &q, budget, None, tuning)
            };
            let (with, without) = (ask(true, 2), ask(false, 2));
            // One thread or two (the bounds made meanwhile, the route traced ahead): the
            // same routes, square for square.
            assert_eq!(ask(true, 1), with, "case {case}: one thread");
            assert_eq!(ask(false, 1), without, "case {case}: one thread, no proof");
            let moves = |a: &Option<Result<Option<crate::path::Way>, RouteError>>| {
                a.clone().map(|r| r.map(|w| w.map(|w| w.moves)))
            };
            assert_eq!(moves(&with), moves(&without), "case {case}");
            if let Some(Ok(Some(w))) = &without {
                compared += 1;
                captured += usize::from(!w.captured.is_empty());
            }
        }
        assert!(
            compared >= 10,
            "the engine declined most cases ({compared} compared)"
        );
        assert!(captured >= 1, "no case needed a capture ({compared} compared)");
    }
}
