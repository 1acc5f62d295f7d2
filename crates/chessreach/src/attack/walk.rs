//! The one place that knows how a piece's steps cover squares.

use crate::geometry::{Coord, Delta};
use crate::piece::Step;

/// The board as the walker sees it: bounds and occupancy.
pub(crate) trait Surface {
    /// Whether `c` is on the board.
    fn on_board(&self, c: Coord) -> bool;
    /// Whether a (still active) piece stands on `c`.
    fn occupied(&self, c: Coord) -> bool;
    /// On boards with unbounded files, unlimited horizontal riders are not walked square by
    /// square: the walker asks for the first blocker instead. `None`: never blocked.
    /// Bounded boards never get this call.
    fn first_blocker(&self, _from: Coord, _step: Delta) -> Option<Coord> {
        None
    }
    /// Whether files are unbounded (a strip).
    fn unbounded_files(&self) -> bool {
        false
    }
}

/// Receives what a walk covers.
pub(crate) trait WalkSink {
    /// A covered square.
    fn square(&mut self, c: Coord);
    /// An unlimited horizontal ray on a strip: every `from + k*step` for `k >= 1` up to and
    /// including `until` (`None`: forever).
    fn ray(&mut self, from: Coord, step: Delta, until: Option<Coord>);
}

impl<F: FnMut(Coord)> WalkSink for F {
    fn square(&mut self, c: Coord) {
        self(c);
    }
    fn ray(&mut self, _: Coord, _: Delta, _: Option<Coord>) {
        unreachable!("a plain callback is used on bounded boards only")
    }
}

/// Walks the capture-capable `steps` of a piece on `from` and reports every square it attacks.
///
/// O(squares covered): one occupancy probe per square of each ray.
pub(crate) fn attacks(steps: &[Step], from: Coord, surface: &impl Surface, sink: &mut impl WalkSink) {
    for st in steps.iter().filter(|s| s.can_capture) {
        walk_step(st, from, surface, sink);
    }
}

/// Walks one step from `from`: the squares it reaches, the first occupied one included. A
/// hopper first slides to its screen (the first occupied square, not reached) and rides from
/// there. O(squares walked); on unbounded files a horizontal slide is found by bisection.
#[inline]
pub(crate) fn walk_step(st: &Step, from: Coord, surface: &impl Surface, sink: &mut impl WalkSink) {
    walk_step_screened(st, from, surface, sink, &|_| true);
}

/// [`walk_step`] for a hopper that may use only screens `screen_ok` accepts (the Janggi
/// cannon never hops a cannon): a refused screen ends the step.
#[inline]
pub(crate) fn walk_step_screened(
    st: &Step,
    from: Coord,
    surface: &impl Surface,
    sink: &mut impl WalkSink,
    screen_ok: &impl Fn(Coord) -> bool,
) {
    for leg in [st.leg, st.leg2].into_iter().flatten() {
        match from.offset(leg) {
            Some(l) if !surface.occupied(l) => {}
            _ => return,
        }
    }
    let horizontal_on_strip = st.delta.dy == 0 && surface.unbounded_files();
    // A hopper's range: 1 lands right behind the screen (the grasshopper), 0 anywhere beyond
    // it, n ≥ 2 anywhere beyond it at most n leaps from the piece (Fairy-Stockfish's limited
    // hoppers `pR2`: a cannon within that distance).
    let mut range = st.range;
    let start = if st.hop {
        let screen = if horizontal_on_strip {
            surface.first_blocker(from, st.delta)
        } else {
            // A limited hop needs its screen within range - 1 leaps: look no farther.
            first_occupied(
                from,
                st.delta,
                surface,
                range.checked_sub(1).filter(|_| range >= 2),
            )
        };
        let screen = match screen {
            Some(s) if screen_ok(s) => s,
            _ => return,
        };
        if range >= 2 {
            // Leaps from the piece to its screen (the delta's larger side is never zero).
            let (dx, dy) = (st.delta.dx.unsigned_abs(), st.delta.dy.unsigned_abs());
            let leaps = if dx >= dy {
                screen.file.abs_diff(from.file) / dx
            } else {
                screen.rank.abs_diff(from.rank) / dy
            };
            match u64::from(range).checked_sub(leaps).filter(|&l| l > 0) {
                Some(left) => range = u32::try_from(left).expect("below the range"),
                None => return,
            }
        }
        screen
    } else {
        from
    };
    if range == 1 {
        // One leap: nothing to stop at.
        if let Some(t) = start.offset(st.delta).filter(|&t| surface.on_board(t)) {
            sink.square(t);
        }
        return;
    }
    if range == 0 && horizontal_on_strip {
        sink.ray(start, st.delta, surface.first_blocker(start, st.delta));
        return;
    }
    let mut at = start;
    let mut left = range;
    loop {
        match at.offset(st.delta) {
            Some(next) if surface.on_board(next) => at = next,
            _ => return,
        }
        sink.square(at);
        if surface.occupied(at) {
            return;
        }
        if left == 1 {
            return;
        }
        left = left.saturating_sub(1);
    }
}

/// The first occupied square from `from` along `step` on the board (bounded in this
/// direction), if any, within `most` leaps when given. O(leaps walked).
fn first_occupied(from: Coord, step: Delta, surface: &impl Surface, most: Option<u32>) -> Option<Coord> {
    let mut at = from;
    let mut left = most;
    loop {
        if let Some(l) = left.as_mut() {
            *l = l.checked_sub(1)?;
        }
        at = at.offset(step).filter(|&n| surface.on_board(n))?;
        if surface.occupied(at) {
            return Some(at);
        }
    }
}
