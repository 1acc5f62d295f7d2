//! The mover as a graph of nodes.
//!
//! A node is a square and a state: at rest, or (for each unlimited ride the model *ghosts*) a
//! ride passing over the square in that direction. A rest node leaps or makes a bounded ride
//! to a safe empty rest node (cost 1), or starts a ghosted ride onto the next empty square
//! (cost 1); a ghost node stops (cost 0, if its square is safe) or goes on to the next empty
//! square (cost 0). Shortest paths between rest nodes are shortest routes. Every unlimited
//! horizontal ride is ghosted, so no transition spans more than `b` files; the other rides
//! are ghosted too when that makes fewer nodes (a queen's diagonals), else walked as bounded
//! moves (a nightrider's). Blocks are `B` files wide, `B ≥ b` a multiple of the period `P` of
//! the stretches' columns: no transition skips a block.

use super::MAX_NODES;
use crate::piece::{Motion, Step};

/// The mover as nodes: `ranks` × `width` files × `states` per block.
pub(super) struct Model {
    pub(super) ranks: usize,
    pub(super) width: usize,
    pub(super) states: usize,
    /// Moves made at once: leaps, limited rides, rides not ghosted.
    bounded: Vec<Step>,
    /// Ghosted rides: one leap each, state `1 + index`.
    ghosts: Vec<(i64, i64)>,
}

impl Model {
    /// A column's mask with every rank set.
    pub(super) const fn all_ranks(&self) -> u64 {
        if self.ranks == 64 {
            u64::MAX
        } else {
            (1 << self.ranks) - 1
        }
    }

    /// Nodes in a block.
    pub(super) const fn n(&self) -> usize {
        self.nodes(self.width)
    }

    /// Nodes in `files` files (a zone's: its node indices run file by file).
    pub(super) const fn nodes(&self, files: usize) -> usize {
        files * self.ranks * self.states
    }

    /// The node of file `x` (within its block or zone), rank `r` (0-based), state `s`.
    pub(super) const fn node(&self, x: usize, r: usize, s: usize) -> usize {
        (x * self.ranks + r) * self.states + s
    }

    /// File, rank and state of a node.
    pub(super) const fn split(&self, node: usize) -> (usize, usize, usize) {
        let s = node % self.states;
        let rest = node / self.states;
        (rest / self.ranks, rest % self.ranks, s)
    }

    /// Every transition from node (`f`, `r`, `s`) that lands on files `0..files`, told to `emit`
    /// as (file, rank, state, cost). `empty` and `safe` are asked about squares on those files.
    /// O(bounded steps × ride length + ghosts).
    #[expect(clippy::cast_possible_wrap, reason = "a strip has at most 64 ranks")]
    pub(super) fn moves(
        &self,
        (f, r, s): (i64, i64, usize),
        files: i64,
        empty: &impl Fn(i64, i64) -> bool,
        safe: &impl Fn(i64, i64) -> bool,
        emit: &mut impl FnMut(i64, i64, usize, u32),
    ) {
        let ranks = self.ranks as i64;
        let on = |f: i64, r: i64| (0..files).contains(&f) && (0..ranks).contains(&r);
        if s > 0 {
            if safe(f, r) {
                emit(f, r, 0, 0);
            }
            let (dx, dy) = self.ghosts[s - 1];
            if on(f + dx, r + dy) && empty(f + dx, r + dy) {
                emit(f + dx, r + dy, s, 0);
            }
            return;
        }
        for st in &self.bounded {
            // A leg blocks when a piece stands on it (off the board it does not: the walker's
            // rule); legs lie between the start and the landing.
            let blocked = st.legs().iter().any(|l| {
                let (lf, lr) = (f + l.dx, r + l.dy);
                on(lf, lr) && !empty(lf, lr)
            });
            if blocked {
                continue;
            }
            let (mut cf, mut cr) = (f, r);
            // 0: unlimited (hoppers never get here: `model` refuses them).
            let mut left = st.motion.leaps().unwrap_or(0);
            loop {
                cf += st.delta.dx;
                cr += st.delta.dy;
                if !on(cf, cr) || !empty(cf, cr) {
                    break;
                }
                if safe(cf, cr) {
                    emit(cf, cr, 0, 1);
                }
                if left == 1 {
                    break;
                }
                left = left.saturating_sub(1);
            }
        }
        for (g, &(dx, dy)) in self.ghosts.iter().enumerate() {
            if on(f + dx, r + dy) && empty(f + dx, r + dy) {
                emit(f + dx, r + dy, g + 1, 1);
            }
        }
    }
}

impl Model {
    /// The cost of a capture of the piece on (`cf`, `cr`) from node (`f`, `r`, `s`), on files
    /// `0..files`: 0 from a ride's node whose next square it is, 1 from a rest node one move
    /// away (its legs and the squares a ride passes over empty); `None` if none. For a mover
    /// whose moves and captures are the same steps. O(bounded steps × ride length + ghosts).
    #[expect(clippy::cast_possible_wrap, reason = "a strip has at most 64 ranks")]
    #[expect(
        clippy::many_single_char_names,
        reason = "a node's file, rank and state (f, r, s), as in the module docs"
    )]
    pub(super) fn capture_cost(
        &self,
        (f, r, s): (i64, i64, usize),
        (cf, cr): (i64, i64),
        files: i64,
        empty: &impl Fn(i64, i64) -> bool,
    ) -> Option<u64> {
        let ranks = self.ranks as i64;
        let on = |f: i64, r: i64| (0..files).contains(&f) && (0..ranks).contains(&r);
        if s > 0 {
            let (dx, dy) = self.ghosts[s - 1];
            return (f + dx == cf && r + dy == cr).then_some(0);
        }
        if self.ghosts.iter().any(|&(dx, dy)| f + dx == cf && r + dy == cr) {
            return Some(1);
        }
        for st in &self.bounded {
            let blocked = st.legs().iter().any(|l| {
                let (lf, lr) = (f + l.dx, r + l.dy);
                on(lf, lr) && !empty(lf, lr)
            });
            if blocked {
                continue;
            }
            let (mut x, mut y) = (f, r);
            let mut left = st.motion.leaps().unwrap_or(0);
            loop {
                x += st.delta.dx;
                y += st.delta.dy;
                if (x, y) == (cf, cr) {
                    return Some(1);
                }
                if !on(x, y) || !empty(x, y) || left == 1 {
                    break;
                }
                left = left.saturating_sub(1);
            }
        }
        None
    }
}

/// The node model of a mover's steps on a strip of `ranks` ranks whose stretches repeat every
/// `period` files: the one with fewer nodes of the two (ghost only unlimited horizontal rides,
/// or every unlimited ride). `None` for hoppers, lame unlimited rides, or too many nodes.
pub(super) fn model(steps: &[Step], ranks: i64, period: i64) -> Option<Model> {
    let moving: Vec<&Step> = steps.iter().filter(|s| s.can_move).collect();
    for s in &moving {
        match s.motion {
            Motion::Hop { .. } | Motion::Path { .. } => return None,
            Motion::Ride { range: 0, legs } if !legs.is_empty() => return None,
            Motion::Leap { .. } | Motion::Ride { .. } => {}
        }
    }
    // Files a bounded move spans; `None` when it cannot move on this strip.
    let span = |s: &Step| -> Option<i64> {
        let dy = s.delta.dy.abs();
        let limit = s.motion.leaps().map(i64::from);
        let leaps = if dy == 0 {
            limit.unwrap_or(0)
        } else {
            let most = (ranks - 1) / dy;
            limit.map_or(most, |l| most.min(l))
        };
        (leaps > 0).then(|| s.delta.dx.abs().saturating_mul(leaps))
    };
    let build = |ghost_all: bool| -> Option<Model> {
        let mut bounded = Vec::new();
        let mut ghosts = Vec::new();
        let mut b = 1i64;
        for s in &moving {
            let ghost = matches!(s.motion, Motion::Ride { range: 0, .. }) && (s.delta.dy == 0 || ghost_all);
            if ghost {
                if !ghosts.contains(&(s.delta.dx, s.delta.dy)) {
                    ghosts.push((s.delta.dx, s.delta.dy));
                }
                b = b.max(s.delta.dx.abs());
            } else if let Some(w) = span(s) {
                bounded.push(**s);
                b = b.max(w);
            }
        }
        let width = usize::try_from(period.checked_mul(b.checked_add(period - 1)? / period)?).ok()?;
        let m = Model {
            ranks: usize::try_from(ranks).ok()?,
            width,
            states: 1 + ghosts.len(),
            bounded,
            ghosts,
        };
        (width.checked_mul(m.ranks)?.checked_mul(m.states)? <= MAX_NODES).then_some(m)
    };
    match (build(false), build(true)) {
        (Some(a), Some(b)) => Some(if b.n() < a.n() { b } else { a }),
        (a, b) => a.or(b),
    }
}
