//! Two threads: a second one working ahead of the sweep.
//!
//! With two threads ([`Tuning::threads`](super::Tuning::threads): by default where a second core
//! is there) and zones by rows between the start and the target, the sweep has a second thread
//! work ahead of it, on the same engine (its memos under locks, its tables in `OnceLock`s:
//! whichever thread asks first makes one, the other waits for it):
//!
//! - It makes the tables the sweep will ask for, last first, while the sweep makes the first
//!   ones as it comes to them; they meet halfway.
//! - Then it makes chain steps from the middle of the way the sweep has left, from a guess
//!   (every node of the facing block at 0), zone by zone, and sends them on. A chain step is a
//!   function of its zone and its seeds up to where they start (their least is added to what it
//!   keeps and carries on), so the sweep, at each chain step, takes the step made ahead for that
//!   zone exactly when its own seeds from their least equal the step's, and the next step's
//!   seeds from the next step made: the same bytes it would have made. Chains forget where they
//!   started — the seeds of a nightrider's or a queen's chain meet the sweep's within a few
//!   hundred zones — so the sweep takes the rest of the way as made; a knight's keep the parity
//!   of their guess and never meet it, and after 2048 steps missed the other thread stops. It
//!   makes none where fewer than [`Tuning::ahead_least`](super::Tuning::ahead_least) zones are
//!   left (2048 by default).
//!
//! Results are the same with one thread or two (tested: the same routes, and every step made
//! ahead before the sweep starts).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;

use super::parts::{Side, Swept};
use super::Engine;
use crate::geometry::Coord;

/// The steps made ahead the sweep finds not its own, none taken, before the other thread stops.
const AHEAD_MISSES: usize = 2048;

/// Sets its flag when dropped.
struct Stops<'a>(&'a AtomicBool);

impl Drop for Stops<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A chain step made on the other thread ahead of the sweep ([`Engine::forward`]): its zone,
/// the seeds' side, their least and what it keeps (the seeds and the far block's distances
/// from that least). The next step's seeds are what it carries on.
pub(super) struct Made {
    pub(super) z: usize,
    pub(super) side: usize,
    pub(super) base: u64,
    pub(super) kept: Box<[u8]>,
}

/// The sweep's end of the chain steps made ahead: received in order along the route, each
/// taken by the zone it was made for (those the sweep passed dropped), the sweep's place told
/// back (the zone it carried on last), the steps it took and those it did not.
pub(super) struct Ahead<'a> {
    made: std::sync::mpsc::Receiver<Made>,
    head: Option<Made>,
    rightwards: bool,
    at: &'a AtomicUsize,
    stop: &'a AtomicBool,
    pub(super) taken: usize,
    missed: usize,
}

impl Ahead<'_> {
    /// The step made ahead for zone `z` and the one after it, if they have come. O(steps
    /// passed).
    pub(super) fn take(&mut self, z: usize) -> Option<(Made, &Made)> {
        self.at.store(z, Ordering::Relaxed);
        let made = loop {
            let made = match self.head.take() {
                Some(made) => made,
                None => self.made.try_recv().ok()?,
            };
            if made.z == z {
                break made;
            }
            if (made.z < z) != self.rightwards {
                self.head = Some(made);
                return None;
            }
        };
        if self.head.is_none() {
            self.head = Some(self.made.try_recv().ok()?);
        }
        Some((made, self.head.as_ref()?))
    }

    /// A step made ahead whose seeds were not the sweep's: after [`AHEAD_MISSES`] of them
    /// and none taken, the other thread stops (its steps never meet the sweep's: a knight's
    /// keep the parity of where they started).
    pub(super) fn missed(&mut self) {
        self.missed += 1;
        if self.taken == 0 && self.missed >= AHEAD_MISSES {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl Engine {
    /// The sweep from `start` ([`sweep`](super::sweep) docs), with the tables it will ask for
    /// first made ahead on another thread where that pays ([`Engine::planned`]): last first,
    /// each unless the sweep needed it sooner (then the sweep's thread made it, or waits for
    /// the one being made), so that the sweep, which makes the first ones itself as it comes
    /// to them, meets the other thread halfway; the other thread stops when the sweep does.
    /// The tables are the same either way, and within the same cap.
    pub(super) fn forward(&self, start: Coord, t: Coord) -> Swept {
        let (zs, zt) = (self.zone_of(start.file), self.zone_of(t.file));
        let plan = self.planned(zs, zt);
        if plan.is_empty() {
            return self.sweep_zones(start, t, None);
        }
        let (stop, at) = (AtomicBool::new(false), AtomicUsize::new(zs));
        let (send, made) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let (plan, stop, at) = (&plan, &stop, &at);
            scope.spawn(move || {
                for &(z, side) in plan.iter().rev() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    self.rows(z, side);
                }
                self.chain_ahead([zs, zt], at, stop, &send);
            });
            let mut ahead = Ahead {
                made,
                head: None,
                rightwards: zs < zt,
                at,
                stop,
                taken: 0,
                missed: 0,
            };
            // The other thread stops when the sweep does, however it ends (a panic included).
            let stops = Stops(stop);
            let mut swept = self.sweep_zones(start, t, Some(&mut ahead));
            drop(stops);
            swept.ahead = ahead.taken;
            swept
        })
    }

    /// Chain steps made ahead of the sweep from zone `zs` to zone `zt` (on the other thread,
    /// [`Engine::forward`]): from the middle of the way the sweep has left when they start,
    /// from seeds all at 0 on the facing block — a guess, but a step is the sweep's own once
    /// its seeds are the sweep's up to where they start (the sweep compares them), and chain
    /// steps soon forget where they started — zone by zone, each sent as made, until one is
    /// not a chain step, the sweep comes as far or stops. None where fewer than
    /// [`Tuning::ahead_least`](super::Tuning::ahead_least) zones are left or chain steps are
    /// off. O(n²) a step.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "zone node indices fit u32 (a zone has fewer than 2^30 nodes: the budget check)"
    )]
    fn chain_ahead(&self, [zs, zt]: [usize; 2], at: &AtomicUsize, stop: &AtomicBool, send: &Sender<Made>) {
        let n = self.model.n();
        let rightwards = zs < zt;
        let from = at.load(Ordering::Relaxed);
        let left = from.abs_diff(zt);
        if left < self.tuning.ahead_least || !self.tuning.chain_steps {
            return;
        }
        let mut z = if rightwards {
            from + left / 2
        } else {
            from - left / 2
        };
        let first = if rightwards { 0 } else { self.last(z) };
        let mut list: Vec<(u32, u64)> = (0..n).map(|w| ((first + w) as u32, 0)).collect();
        let mut next = vec![u64::MAX; n];
        while !stop.load(Ordering::Relaxed) && self.by_rows(z, &[zs, zt]) {
            let sweep = at.load(Ordering::Relaxed);
            if (sweep >= z) == rightwards {
                return;
            }
            let Some(c) = self.chain_step(z, &list, |_| false, &mut next, None) else {
                return;
            };
            let Some(Side {
                neighbour: nz,
                facing: to,
                ..
            }) = self.sides(z)[1 - c.side]
            else {
                return;
            };
            list.clear();
            list.extend(
                (to..)
                    .zip(&next)
                    .filter(|&(_, &d)| d < u64::MAX)
                    .map(|(v, &d)| (v as u32, d)),
            );
            let made = Made {
                z,
                side: c.side,
                base: c.base,
                kept: c.kept,
            };
            if send.send(made).is_err() {
                return;
            }
            z = nz;
        }
    }

    /// The tables the sweep from zone `zs` to zone `zt` asks for first, in that order, each
    /// once: for the zones by rows between them, their shape's table from the end block facing
    /// `zs` (where their first seeds come from). None where another thread would not pay or is
    /// not wanted: fewer than two, one thread ([`Tuning::threads`](super::Tuning::threads)),
    /// tables off. O(zones between).
    fn planned(&self, zs: usize, zt: usize) -> Vec<(usize, usize)> {
        if self.tuning.threads < 2 || !self.tuning.row_tables || zs.abs_diff(zt) < 3 {
            return Vec::new();
        }
        let (between, side): (Box<dyn Iterator<Item = usize>>, usize) = if zs < zt {
            (Box::new(zs + 1..zt), 0)
        } else {
            (Box::new((zt + 1..zs).rev()), 1)
        };
        let mut planned = vec![false; self.shapes.len()];
        let plan: Vec<(usize, usize)> = between
            .filter(|&z| {
                let shape = self.zones[z].shape as usize;
                self.tabled[shape] && !std::mem::replace(&mut planned[shape], true)
            })
            .map(|z| (z, side))
            .collect();
        if plan.len() < 2 {
            return Vec::new();
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::super::cases::{engines_apart, groups_apart, numbers, tuning};
    use super::super::layout::engine;
    use super::super::parts::SEARCHES_BYTES;
    use super::super::{RowPolicy, Tuning};
    use super::*;
    use crate::limits::Budget;
    use crate::path::question::{Target, Way};

    /// Tables made ahead on another thread ([`Engine::forward`]) are the tables the sweep makes
    /// in turn: the same routes from the same engines with and without, both with room for
    /// every table and with a cap that leaves some out (the threads then share what room there
    /// is, so only the lengths must agree).
    #[test]
    fn tables_made_ahead_change_nothing() {
        const SEED: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut ahead = 0;
        for cap in [SEARCHES_BYTES, 40_000] {
            // The same cases twice (the generator is seeded): fresh engines, no table made.
            let pairs = engines_apart(SEED, 40, |_, pos| pos)
                .into_iter()
                .zip(engines_apart(SEED, 40, |_, pos| pos));
            for ((case, q, mut with), (_, _, mut without)) in pairs {
                let Target::Square(t) = q.target else {
                    unreachable!("a square")
                };
                let (zs, zt) = (with.zone_of(q.mover.at.file), with.zone_of(t.file));
                (with.searches_cap, without.searches_cap) = (cap, cap);
                (with.tuning.threads, without.tuning.threads) = (2, 1);
                ahead += usize::from(!with.planned(zs, zt).is_empty());
                let made_ahead = with.sweep(q.mover.at, t).expect("an answer");
                let in_turn = without.sweep(q.mover.at, t).expect("an answer");
                let moves = |w: &Option<Way>| w.as_ref().map(|w| w.moves);
                assert_eq!(moves(&made_ahead), moves(&in_turn), "case {case}, cap {cap}");
                if cap == SEARCHES_BYTES {
                    let squares = |w: &Option<Way>| w.as_ref().map(|w| w.squares(usize::MAX));
                    assert_eq!(squares(&made_ahead), squares(&in_turn), "case {case}");
                }
            }
        }
        assert!(ahead >= 20, "tables made ahead in only {ahead} sweeps");
    }

    /// Chain steps made ahead ([`Engine::chain_ahead`]) are taken only where they are the
    /// sweep's own: across 600 groups (enough zones for steps made ahead to meet the sweep's),
    /// rightwards and leftwards, the same routes from a sweep given every step made ahead
    /// first (on this thread: the test does not hang on the threads' timing), from a sweep
    /// with the other thread, and from one alone; and thousands taken.
    #[test]
    fn chain_steps_made_ahead_are_the_sweeps() {
        let mut next = numbers(0xd1b5_4a32_d192_ed03);
        let mut taken = 0;
        for case in 0..16 {
            let (pos, strip, mut q) = groups_apart(case, &mut next, 60, 40, 600);
            let Target::Square(mut t) = q.target else {
                unreachable!("a square")
            };
            if case % 4 == 3 {
                (q.mover.at, t) = (t, q.mover.at);
                q.target = Target::Square(t);
            }
            let start = q.mover.at;
            let route = |engine: &Engine, swept: &Swept| {
                (swept.best < u64::MAX).then(|| {
                    let way = engine.trace(start, t, swept).expect("a route");
                    (way.moves, way.squares(usize::MAX))
                })
            };
            let fresh = |threads| {
                let tuning = Tuning {
                    threads,
                    ..tuning(RowPolicy::Auto)
                };
                let Some(Ok(engine)) = engine(&pos, strip, &q, Budget::new(1 << 30), tuning) else {
                    return None;
                };
                Some(engine)
            };
            let Some(alone) = fresh(1) else {
                continue;
            };
            let want = route(&alone, &alone.forward(start, t));
            let two = fresh(2).expect("the same engine");
            assert_eq!(
                route(&two, &two.forward(start, t)),
                want,
                "case {case}: two threads"
            );
            // Every step made ahead before the sweep starts.
            let made_first = fresh(1).expect("the same engine");
            let (zs, zt) = (made_first.zone_of(start.file), made_first.zone_of(t.file));
            let (stop, at) = (AtomicBool::new(false), AtomicUsize::new(zs));
            let (send, made) = std::sync::mpsc::channel();
            made_first.chain_ahead([zs, zt], &at, &stop, &send);
            let mut ahead = Ahead {
                made,
                head: None,
                rightwards: zs < zt,
                at: &at,
                stop: &stop,
                taken: 0,
                missed: 0,
            };
            let swept = made_first.sweep_zones(start, t, Some(&mut ahead));
            assert_eq!(route(&made_first, &swept), want, "case {case}: {}", q.mover.rule);
            taken += ahead.taken;
        }
        assert!(taken >= 1000, "only {taken} steps made ahead taken");
    }
}
