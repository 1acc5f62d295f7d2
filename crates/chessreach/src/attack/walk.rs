//! The one place that knows how a piece's steps cover squares.

pub(crate) use super::surface::{Occupant, Surface, WalkSink};
use crate::geometry::{Coord, Delta};
use crate::piece::{Motion, Step};

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
/// there. On a wrapped board a line that comes back round stops before `from` (a piece never
/// reaches, is blocked or screened by its own square), and a leap onto `from` is no move.
/// O(squares walked); on unbounded files a horizontal slide is found by bisection.
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
    let (range, legs) = match st.motion {
        Motion::Leap { legs } => (1, legs),
        Motion::Ride { range, legs } | Motion::Hop { range, legs } => (range, legs),
        Motion::Path { path } => {
            super::legs::attacks(&path, from, surface, sink);
            return;
        }
    };
    for leg in legs.iter() {
        match surface.step(from, leg) {
            // A leg on the piece's own square (a wrapped board) is empty.
            Some(l) if l == from || !surface.occupied(l) => {}
            _ => return,
        }
    }
    let horizontal_on_strip = st.delta.dy == 0 && surface.unbounded_files();
    let mut range = range;
    let start = if let Motion::Hop { .. } = st.motion {
        // A hopper's range: 1 lands right behind the screen (the grasshopper), 0 anywhere
        // beyond it, n ≥ 2 anywhere beyond it at most n leaps from the piece
        // (Fairy-Stockfish's limited hoppers `pR2`: a cannon within that distance).
        let screen = if horizontal_on_strip {
            surface.first_blocker(from, st.delta).map(|s| (s, 0))
        } else {
            // A limited hop needs its screen within range - 1 leaps: look no farther.
            first_occupied(
                from,
                st.delta,
                surface,
                range.checked_sub(1).filter(|_| range >= 2),
            )
        };
        let (screen, leaps) = match screen {
            Some((s, k)) if screen_ok(s) => (s, k),
            _ => return,
        };
        if range >= 2 {
            // Leaps from the piece to its screen, counted along the way (on strips, where
            // the screen is found by bisection, from the coordinates: the delta's larger side
            // is never zero and strips never wrap).
            let leaps = if horizontal_on_strip {
                screen.file.abs_diff(from.file) / st.delta.dx.unsigned_abs()
            } else {
                leaps
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
        // One leap: nothing to stop at, but a leap back onto the piece's own square.
        if let Some(t) = surface.step(start, st.delta).filter(|&t| t != from) {
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
        match surface.step(at, st.delta) {
            Some(next) if next != from => at = next,
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
/// direction, or wrapped: the line stops before `from`), if any, within `most` leaps when
/// given, with the leaps it took. O(leaps walked).
fn first_occupied(
    from: Coord,
    step: Delta,
    surface: &impl Surface,
    most: Option<u32>,
) -> Option<(Coord, u64)> {
    let mut at = from;
    let mut left = most;
    let mut leaps = 0u64;
    loop {
        if let Some(l) = left.as_mut() {
            *l = l.checked_sub(1)?;
        }
        at = surface.step(at, step).filter(|&n| n != from)?;
        leaps += 1;
        if surface.occupied(at) {
            return Some((at, leaps));
        }
    }
}
