//! How a multi-leg move ([`Motion::Path`](crate::piece::Motion::Path)) covers squares: the
//! walker's part for XBetza's legs.
//!
//! A leg leaps `range` times from the square the previous leg stopped on (skipped squares
//! first, whatever stands there), checks each leap's midpoint when lame (`n`: empty) or
//! screened (`j`: occupied), and stops at the first occupied square. It may stop on a square
//! its modes allow: empty (`m`), a foe (`c`), a friend (`d`), any piece it then hops (`p`). The
//! piece's own square counts as empty (it has left it) unless a line comes back round to it,
//! where the line stops. A last hopping leg (`p`, `g`) slides to its screen and lands beyond.
//!
//! A piece **attacks** a square where one of its moves could capture: a square its last leg
//! reaches when that leg captures (the first occupied one included, as for a rider), and a
//! square a capturing non-final leg (a locust) reaches from which the rest of the move can be
//! completed, as if a foe stood there. A square only hopped or passed is not attacked.

use super::surface::{Occupant, Surface, WalkSink};
use crate::geometry::{Coord, Delta};
use crate::piece::{flag, stop, Colour, Leg, LegNode, LegPath, LegPlan, LegTree, MAX_LEGS};

/// The most pieces one move takes on its way (captured or hopped): a leg stops on at most
/// one piece, and the attack walker's probes start with one more.
pub(crate) const MAX_TAKEN: usize = MAX_LEGS + 1;

/// One real move along a path: where it ends, what it captures on the way (locust victims,
/// then the last leg's victim) and the pieces it hops. A plain value (no heap): the squares it
/// takes are held inline, the captured ones first, so a move list allocates only its own
/// array. Ordered by (destination, captures, hops).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PathMove {
    /// The square the piece ends on.
    pub to: Coord,
    /// The squares it takes: `taken[..captured]` captured, `taken[captured..len]` hopped, the
    /// rest `(0, 0)` (so derived equality is the squares' equality).
    taken: [Coord; MAX_TAKEN],
    captured: u8,
    len: u8,
}

impl PathMove {
    /// Squares of the pieces it captures, in move order. O(1).
    #[must_use]
    pub fn captures(&self) -> &[Coord] {
        &self.taken[..usize::from(self.captured)]
    }

    /// Squares of the pieces it hops without capturing, in move order. O(1).
    #[must_use]
    pub fn hops(&self) -> &[Coord] {
        &self.taken[usize::from(self.captured)..usize::from(self.len)]
    }

    /// Whether it captures the piece on `c`. O(legs).
    #[must_use]
    pub fn captures_on(&self, c: Coord) -> bool {
        self.captures().contains(&c)
    }
}

impl Ord for PathMove {
    /// By destination, then the captured squares, then the hopped ones (each in move order,
    /// compared as lists).
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.to, self.captures(), self.hops()).cmp(&(other.to, other.captures(), other.hops()))
    }
}

impl PartialOrd for PathMove {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The pieces a move takes on its way (`(square, captured?)`, in move order), on the stack: a
/// leg stops on at most one piece, and a probe starts with one more.
#[derive(Clone, Copy)]
struct Taken {
    len: usize,
    items: [(Coord, bool); MAX_TAKEN],
}

impl Taken {
    const fn new() -> Self {
        Self {
            len: 0,
            items: [(Coord::new(0, 0), false); MAX_TAKEN],
        }
    }

    fn push(&mut self, t: (Coord, bool)) {
        self.items[self.len] = t;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }

    fn as_slice(&self) -> &[(Coord, bool)] {
        &self.items[..self.len]
    }
}

/// What a square holds as the moving piece sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Rel {
    Empty,
    Foe,
    Friend,
    /// A piece of unknown side (a surface that does not know sides): foe or friend.
    Piece,
}

/// Whether `leg` (the move's last when `last`) may stop on a square holding `rel`. O(1).
pub(crate) fn stops(leg: Leg, last: bool, rel: Rel) -> bool {
    let foe = leg.stop & stop::FOE != 0;
    let friend = leg.stop & stop::FRIEND != 0;
    let hop = !last && leg.stop & stop::HOP != 0;
    match rel {
        Rel::Empty => leg.stop & stop::EMPTY != 0,
        Rel::Foe => foe || (hop && leg.flags & flag::NO_FOE_HOP == 0),
        Rel::Friend => friend || hop,
        Rel::Piece => foe || friend || hop,
    }
}

/// The ways `leg` (the move's last when `last`) may stop on a square holding `rel`:
/// `(captures, hops)`. A piece that the leg may both capture and hop gives two moves, as
/// XBoard makes both. O(1).
pub(crate) fn ways(leg: Leg, last: bool, rel: Rel) -> [bool; 2] {
    let (foe, friend) = (leg.stop & stop::FOE != 0, leg.stop & stop::FRIEND != 0);
    let hop = !last && leg.stop & stop::HOP != 0;
    match rel {
        Rel::Empty => [false, false],
        Rel::Foe => [foe, hop && leg.flags & flag::NO_FOE_HOP == 0],
        Rel::Friend => [friend, hop],
        Rel::Piece => [foe || friend, hop],
    }
}

/// An earlier leg of the move being walked: where it started, how many leaps it made, whether
/// its stop square would refuse a foe (it was empty, or held a piece the leg may stop on and a
/// foe it may not).
struct Seg {
    leg: usize,
    start: Coord,
    leaps: u32,
    empty_stop: bool,
}

struct Walk<'a, S: Surface> {
    legs: &'a [Leg],
    from: Coord,
    me: Option<Colour>,
    surface: &'a S,
    /// A square taken as holding a foe (the victim asked about).
    foe: Option<Coord>,
}

impl<S: Surface> Walk<'_, S> {
    fn rel(&self, c: Coord) -> Option<Rel> {
        if self.foe == Some(c) {
            return Some(Rel::Foe);
        }
        if c == self.from {
            return Some(Rel::Empty);
        }
        Some(match self.surface.occupant(c) {
            Occupant::Empty => Rel::Empty,
            Occupant::Wall => return None,
            Occupant::Piece(side) => match (side, self.me) {
                (Some(s), Some(me)) if s == me => Rel::Friend,
                (Some(_), Some(_)) => Rel::Foe,
                _ => Rel::Piece,
            },
        })
    }

    fn occupied(&self, c: Coord) -> bool {
        self.foe == Some(c) || self.surface.occupied(c)
    }

    /// One leap of `leg` from `at`: the landing and whether the line came round.
    fn leap(&self, leg: Leg, at: Coord, d: Delta) -> Option<(Coord, bool)> {
        let plain = at.offset(d);
        let next = match self.surface.step(at, d) {
            Some(n) => n,
            None if leg.flags & flag::WRAP != 0 => {
                let (first, width) = self.surface.files()?;
                let p = plain?;
                let c = Coord::new(first + (p.file - first).rem_euclid(width), p.rank);
                self.surface.on_board(c).then_some(c)?
            }
            None => return None,
        };
        Some((next, plain != Some(next)))
    }

    /// The squares leg `k` may stop on from `start`, with what they hold, in order: `visit`
    /// returns whether to go on. A hopping last leg yields only the squares beyond its screen.
    /// `visit` gets the square, what it holds, the leaps made, and whether the square was the
    /// midpoint of an earlier leap of this leg (lame legs: a foe there would have blocked it).
    /// Returns the empty midpoint that stopped a screened (`j`) leg: a foe there would have
    /// let it go on.
    fn squares(
        &self,
        k: usize,
        start: Coord,
        visit: &mut impl FnMut(Coord, Rel, u32, bool) -> bool,
    ) -> Option<Coord> {
        self.leg_squares(self.legs[k], start, visit)
    }

    /// [`Walk::squares`] of a leg given by value (a node of a [`LegTree`]).
    fn leg_squares(
        &self,
        leg: Leg,
        start: Coord,
        visit: &mut impl FnMut(Coord, Rel, u32, bool) -> bool,
    ) -> Option<Coord> {
        let d = leg.delta();
        if leg.flags == 0 && leg.skip == 0 && self.surface.flat() {
            // A plain leap or ride on a flat board: no midpoint, skip, hop or line coming
            // round; what the loop below does for it, without its bookkeeping.
            let (mut at, mut left, mut leaps) = (start, u32::from(leg.range), 0u32);
            loop {
                at = self.surface.step(at, d)?;
                leaps += 1;
                let rel = self.rel(at)?;
                if !visit(at, rel, leaps, false) || rel != Rel::Empty || left == 1 {
                    return None;
                }
                left = left.saturating_sub(1);
            }
        }
        let mid = leg.midpoint();
        let mut at = start;
        let mut left = u32::from(leg.range);
        let mut skip = leg.skip;
        let mut round = false;
        let mut hopping = leg.flags & flag::HOPPER != 0;
        let mut leaps = 0u32;
        let mut mids: Vec<Coord> = Vec::new();
        loop {
            let (next, came_round) = self.leap(leg, at, d)?;
            round |= came_round;
            // A line that comes round stops before the piece's own square, and before the
            // square its leg started from (or it would go round for ever).
            if round && (next == self.from || next == start) {
                return None;
            }
            if leg.flags & (flag::LAME | flag::SCREENED) != 0 {
                // The piece's own square is empty for its midpoints too: it has left it
                // (XBoard's board still holds it there; the XBetza page's reading).
                let m = self
                    .surface
                    .step(at, mid)
                    .or_else(|| self.leap(leg, at, mid).map(|x| x.0));
                let full = m.is_some_and(|m| m != self.from && self.occupied(m));
                if full == (leg.flags & flag::LAME != 0) {
                    return m.filter(|_| leg.flags & flag::SCREENED != 0);
                }
                if let Some(m) = m.filter(|_| leg.flags & flag::LAME != 0) {
                    mids.push(m);
                }
            }
            at = next;
            leaps += 1;
            let last_leap = left == 1;
            left = left.saturating_sub(1);
            if skip > 0 {
                skip -= 1;
            } else {
                let rel = self.rel(at)?;
                if hopping {
                    if rel != Rel::Empty {
                        hopping = false;
                        if leg.flags & flag::GRASS != 0 && !last_leap {
                            left = 1;
                        }
                    }
                } else if !visit(at, rel, leaps, mids.contains(&at)) || rel != Rel::Empty {
                    return None;
                }
            }
            if last_leap {
                return None;
            }
        }
    }

    /// Whether leg `k` may stop on a square holding `rel`.
    fn stops(&self, k: usize, rel: Rel) -> bool {
        stops(self.legs[k], k + 1 == self.legs.len(), rel)
    }

    /// The ways leg `k` may stop on a square holding `rel` ([`ways`]).
    fn ways(&self, k: usize, rel: Rel) -> [bool; 2] {
        ways(self.legs[k], k + 1 == self.legs.len(), rel)
    }

    /// Whether the move can be completed from leg `k` on, starting at `start`.
    fn completes(&self, k: usize, start: Coord) -> bool {
        let mut done = false;
        self.squares(k, start, &mut |q, rel, _, _| {
            done = self.stops(k, rel) && (k + 1 == self.legs.len() || self.completes(k + 1, q));
            !done
        });
        done
    }

    /// Whether an earlier leg of this move (`trail`) found `s` empty: a foe there would
    /// change the move, so it does not capture on `s`. O(legs) on a flat board (a leg is a
    /// straight run of leaps), O(squares passed) on a wrapped one or for `o` legs.
    fn passed(&self, trail: &[Seg], target: Coord) -> bool {
        trail.iter().any(|seg| {
            let leg = self.legs[seg.leg];
            let lame = leg.flags & flag::LAME != 0;
            let first = u32::from(leg.skip) + 1;
            let last = seg.leaps - u32::from(!seg.empty_stop);
            if self.surface.flat() && leg.flags & flag::WRAP == 0 {
                let step = leg.delta();
                let on = |base: Coord, lo: u32, hi: u32| {
                    let (dx, dy) = (target.file - base.file, target.rank - base.rank);
                    let times = if step.dx == 0 { dy / step.dy } else { dx / step.dx };
                    dx == times * step.dx
                        && dy == times * step.dy
                        && times >= i64::from(lo)
                        && times <= i64::from(hi)
                };
                let m = leg.midpoint();
                on(seg.start, first, last)
                    || (lame
                        && on(
                            Coord::new(seg.start.file + m.dx, seg.start.rank + m.dy),
                            0,
                            seg.leaps - 1,
                        ))
            } else {
                let mut at = seg.start;
                (1..=seg.leaps).any(|j| {
                    let before = at;
                    at = self.leap(leg, at, leg.delta()).map_or(at, |x| x.0);
                    let mid = lame
                        && self
                            .leap(leg, before, leg.midpoint())
                            .is_some_and(|m| m.0 == target);
                    mid || (j >= first && j <= last && at == target)
                })
            }
        })
    }

    fn attacks(&self, k: usize, start: Coord, trail: &mut Vec<Seg>, sink: &mut dyn FnMut(Coord)) {
        let last = k + 1 == self.legs.len();
        let captures = self.legs[k].stop & stop::FOE != 0;
        let screen = self.squares(k, start, &mut |q, rel, leaps, mid| {
            if captures && q != self.from && !mid && !self.passed(trail, q) {
                if last {
                    sink(q);
                } else {
                    let probe = Walk {
                        foe: Some(q),
                        ..*self
                    };
                    if probe.completes(k + 1, q) {
                        sink(q);
                    }
                }
            } else if !last
                && rel == Rel::Empty
                && self.legs[k].stop & stop::HOP != 0
                && self.legs[k].flags & flag::NO_FOE_HOP == 0
                && q != self.from
                && !mid
                && !self.passed(trail, q)
            {
                // A foe on `q` would be a platform to hop: a later leg may come back and
                // capture it. Rare (hopping legs), so the probe lists the moves.
                let probe = Walk {
                    foe: Some(q),
                    ..*self
                };
                let mut hopped = Taken::new();
                hopped.push((q, false));
                let found = probe.move_list(k + 1, q, &mut hopped);
                if found.iter().any(|m| m.captures_on(q)) {
                    sink(q);
                }
            }
            if !last && self.stops(k, rel) {
                trail.push(Seg {
                    leg: k,
                    start,
                    leaps,
                    // A foe there instead would stop this leg only if its modes allow it.
                    empty_stop: rel == Rel::Empty || (rel != Rel::Foe && !self.stops(k, Rel::Foe)),
                });
                self.attacks(k + 1, q, trail, sink);
                trail.pop();
            }
            true
        });
        if let Some(m) = screen.filter(|&m| m != self.from && !self.passed(trail, m)) {
            // A foe on the empty screen square would let this leg go on: a later leg may
            // capture it. Rare (screened legs), so the probe lists the moves.
            let probe = Walk {
                foe: Some(m),
                ..*self
            };
            let found = probe.move_list(k, start, &mut Taken::new());
            if found.iter().any(|mv| mv.captures_on(m)) {
                sink(m);
            }
        }
    }

    /// Every move from leg `k` on, starting at `start`, told to `out` with its destination and
    /// the pieces it takes on the way (`(square, captured?)`, in move order; `false`: hopped).
    fn moves(
        &self,
        k: usize,
        start: Coord,
        taken: &mut Taken,
        out: &mut impl FnMut(Coord, &[(Coord, bool)]),
    ) {
        let last = k + 1 == self.legs.len();
        self.squares(k, start, &mut |q, rel, _, _| {
            if !self.stops(k, rel) {
                return true;
            }
            let [capture, hop] = self.ways(k, rel);
            for (take, ok) in [(true, capture), (false, hop), (false, rel == Rel::Empty)] {
                if !ok {
                    continue;
                }
                if rel != Rel::Empty {
                    taken.push((q, take));
                }
                if last {
                    if q != self.from || taken.as_slice().iter().any(|t| t.1) {
                        out(q, taken.as_slice());
                    }
                } else {
                    self.moves(k + 1, q, taken, out);
                }
                if rel != Rel::Empty {
                    taken.pop();
                }
            }
            true
        });
    }

    /// Every move of the paths under `nodes` of `tree`, their legs before these having
    /// stopped on `start` and taken `taken`: what [`Walk::moves`] finds for each path, each
    /// leg shared by several paths (the same earlier legs) walked once. O(nodes visited ×
    /// squares per leg).
    fn tree_moves(
        &self,
        tree: &LegTree,
        nodes: &[LegNode],
        start: Coord,
        taken: &mut Taken,
        out: &mut impl FnMut(Coord, &[(Coord, bool)]),
    ) {
        for node in nodes {
            let leg = node.leg;
            let children = tree.children(node);
            self.leg_squares(leg, start, &mut |q, rel, _, _| {
                if node.ends && stops(leg, true, rel) {
                    let [capture, hop] = ways(leg, true, rel);
                    for (take, ok) in [(true, capture), (false, hop), (false, rel == Rel::Empty)] {
                        if ok {
                            if rel != Rel::Empty {
                                taken.push((q, take));
                            }
                            if q != self.from || taken.as_slice().iter().any(|t| t.1) {
                                out(q, taken.as_slice());
                            }
                            if rel != Rel::Empty {
                                taken.pop();
                            }
                        }
                    }
                }
                if !children.is_empty() && stops(leg, false, rel) {
                    let [capture, hop] = ways(leg, false, rel);
                    for (take, ok) in [(true, capture), (false, hop), (false, rel == Rel::Empty)] {
                        if ok {
                            if rel != Rel::Empty {
                                taken.push((q, take));
                            }
                            self.tree_moves(tree, children, q, taken, out);
                            if rel != Rel::Empty {
                                taken.pop();
                            }
                        }
                    }
                }
                true
            });
        }
    }

    /// The moves from leg `k` on, collected.
    fn move_list(&self, k: usize, start: Coord, taken: &mut Taken) -> Vec<PathMove> {
        let mut out = Vec::new();
        self.moves(k, start, taken, &mut |to, taken| {
            out.push(PathMove::of(to, taken));
        });
        out
    }
}

impl PathMove {
    /// The move to `to` taking nothing. O(1).
    pub(crate) const fn plain(to: Coord) -> Self {
        Self {
            to,
            taken: [Coord::new(0, 0); MAX_TAKEN],
            captured: 0,
            len: 0,
        }
    }

    /// The move to `to` capturing the piece there and nothing else. O(1).
    pub(crate) const fn capture(to: Coord) -> Self {
        let mut out = Self::plain(to);
        out.taken[0] = to;
        out.captured = 1;
        out.len = 1;
        out
    }

    /// The move to `to` capturing `captures` (each once, in move order) and hopping `hops`
    /// (at most `MAX_LEGS + 1` squares in all). O(legs).
    pub(crate) fn from_parts(
        to: Coord,
        captures: impl IntoIterator<Item = Coord>,
        hops: impl IntoIterator<Item = Coord>,
    ) -> Self {
        let mut out = Self::plain(to);
        for c in captures {
            out.taken[usize::from(out.len)] = c;
            out.len += 1;
        }
        out.captured = out.len;
        for c in hops {
            out.taken[usize::from(out.len)] = c;
            out.len += 1;
        }
        out
    }

    /// The move to `to` taking `taken` (`(square, captured?)`, in move order; at most
    /// `MAX_LEGS + 1` squares, as the walker's moves take). O(legs).
    pub(crate) fn of(to: Coord, taken: &[(Coord, bool)]) -> Self {
        let mut out = Self::plain(to);
        for &(c, _) in taken.iter().filter(|t| t.1) {
            // A locust victim stays on its square for the later legs: a move ending there
            // takes that one piece once.
            if out.taken[..usize::from(out.len)].contains(&c) {
                continue;
            }
            out.taken[usize::from(out.len)] = c;
            out.len += 1;
        }
        out.captured = out.len;
        for &(c, _) in taken.iter().filter(|t| !t.1) {
            out.taken[usize::from(out.len)] = c;
            out.len += 1;
        }
        out
    }
}

impl<S: Surface> Clone for Walk<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Surface> Copy for Walk<'_, S> {}

/// Reports every square the path attacks from `from` (a square may come more than once). The
/// moving piece's side is read from `from` when the surface knows it (else pieces count as
/// either side). O(Π of the legs' lengths) at worst: a few squares for XBetza's pieces.
pub(crate) fn attacks(path: &LegPath, from: Coord, surface: &impl Surface, sink: &mut impl WalkSink) {
    if let Some(plan) = path.plan().filter(|_| surface.flat()) {
        if path.can_capture() {
            plan_squares(plan, from, surface, true, &mut |c| {
                sink.square(c);
                surface.occupied(c)
            });
        }
        return;
    }
    let me = match surface.occupant(from) {
        Occupant::Piece(side) => side,
        Occupant::Empty | Occupant::Wall => None,
    };
    let walk = Walk {
        legs: path.legs(),
        from,
        me,
        surface,
        foe: None,
    };
    walk.attacks(0, from, &mut Vec::new(), &mut |c| sink.square(c));
}

/// The moves a piece of side `me` makes along `path` from `from` on `surface` (the piece itself
/// need not stand there) told one by one to `out`: the destination and the pieces taken on the
/// way (`(square, captured?)` in move order; `false`: hopped); a move back onto `from` that
/// captures nothing (a pass) is left out. Allocates nothing but a
/// lame leg's midpoints. Same cost as [`attacks`].
pub(crate) fn each_move(
    path: &LegPath,
    from: Coord,
    me: Option<Colour>,
    surface: &impl Surface,
    out: &mut impl FnMut(Coord, &[(Coord, bool)]),
) {
    let walk = Walk {
        legs: path.legs(),
        from,
        me,
        surface,
        foe: None,
    };
    walk.moves(0, from, &mut Taken::new(), out);
}

/// The moves a piece of side `me` makes along every path of `tree` from `from` on `surface`,
/// told to `out` as [`each_move`] tells them (a move may come more than once, from two paths).
/// The legs the paths share are walked once. O(nodes visited × squares per leg): for the
/// Lion-like `KADcaKmabK` 16 first legs and the second legs of those that stop, instead of
/// 128 two-leg walks.
pub(crate) fn each_tree_move(
    tree: &LegTree,
    from: Coord,
    me: Option<Colour>,
    surface: &impl Surface,
    out: &mut impl FnMut(Coord, &[(Coord, bool)]),
) {
    let walk = Walk {
        legs: &[],
        from,
        me,
        surface,
        foe: None,
    };
    walk.tree_moves(tree, tree.roots(), from, &mut Taken::new(), out);
}

/// The squares a compiled path ([`LegPath::plan`]) reaches from `from` on a flat board, in
/// order, told to `visit`, which returns whether the square holds a piece (its last leg stops
/// there). Nothing when a stop of an earlier leg is off the board or holds a piece (`from`
/// counts as empty: the piece has left it). The last leg passes over `from` without visiting
/// it, and over the earlier stops (empty) visiting them unless `skip_stops` (attacks: a foe
/// there would have stopped an earlier leg). O(legs + squares walked × legs).
pub(crate) fn plan_squares(
    plan: &LegPlan,
    from: Coord,
    surface: &impl Surface,
    skip_stops: bool,
    visit: &mut impl FnMut(Coord) -> bool,
) {
    for d in plan.stops() {
        match surface.step(from, d) {
            Some(c) if c == from || !surface.occupied(c) => {}
            _ => return,
        }
    }
    let Some(mut at) = from.offset(plan.base()) else {
        return;
    };
    let step = plan.step();
    while let Some(next) = surface.step(at, step) {
        at = next;
        let passed =
            at == from || (skip_stops && plan.is_stop(Delta::new(at.file - from.file, at.rank - from.rank)));
        if !passed && visit(at) {
            return;
        }
        if !plan.rides() {
            return;
        }
    }
}
