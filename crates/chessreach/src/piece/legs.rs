//! Multi-leg moves (XBetza's `a`): a fixed-size sequence of legs, each a leap or a ride in one
//! absolute direction with its own modes. Copy and small, so a [`super::Step`] stays a plain
//! value and the single-leg hot paths are untouched.

use crate::geometry::Delta;

/// The most legs one move may have (XBetza's pieces use two or three).
pub const MAX_LEGS: usize = 4;

/// Where a leg may stop, as bits of [`Leg::stop`].
pub mod stop {
    /// On an empty square (`m`): a final leg moves there, a non-final leg goes on from it.
    pub const EMPTY: u8 = 1;
    /// On a foe (`c`): a final leg captures it; a non-final leg captures it and goes on (a
    /// locust capture).
    pub const FOE: u8 = 2;
    /// On a friend (`d`, destroy): captured as a foe would be.
    pub const FRIEND: u8 = 4;
    /// On any piece without capturing it (`p`, `g` on a non-final leg): the move hops it and
    /// goes on from its square.
    pub const HOP: u8 = 8;
}

/// Bits of [`Leg::flags`].
pub mod flag {
    /// `n`: each leap's midpoint must be empty (truncated half of the leap, from the square
    /// the leap starts on).
    pub const LAME: u8 = 1;
    /// `j` on leaps longer than one square: each leap's midpoint must be occupied.
    pub const SCREENED: u8 = 2;
    /// `o`: the leg wraps round the board's files (a cylinder) modulo its width.
    pub const WRAP: u8 = 4;
    /// `t`: a foe is no platform to hop (on a non-final leg).
    pub const NO_FOE_HOP: u8 = 8;
    /// A final leg that slides to the first piece (its screen), passes it and lands beyond
    /// (`p`: up to and including the next piece; with `flag::GRASS`, right behind it).
    pub const HOPPER: u8 = 16;
    /// With `flag::HOPPER`: one leap after the screen (`g`).
    pub const GRASS: u8 = 32;
}

/// One leg: a leap of `(dx, dy)` repeated up to `range` times (0: unlimited) from the square
/// the previous leg stopped on, the first `skip` squares passed over whatever stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Leg {
    /// File offset of one leap.
    pub dx: i16,
    /// Rank offset of one leap.
    pub dy: i16,
    /// 1: one leap; 0: unlimited; n: at most n leaps (skipped squares count).
    pub range: u8,
    /// Squares passed first whatever their occupant (`j` on one-step atoms: the ski-slider).
    pub skip: u8,
    /// [`stop`] bits.
    pub stop: u8,
    /// [`flag`] bits.
    pub flags: u8,
}

impl Leg {
    /// One leap.
    #[must_use]
    pub fn delta(self) -> Delta {
        Delta::new(i64::from(self.dx), i64::from(self.dy))
    }

    /// The leg turned by 180°.
    #[must_use]
    pub fn turned(self) -> Self {
        Self {
            dx: -self.dx,
            dy: -self.dy,
            ..self
        }
    }

    /// The midpoint of one leap, relative to the square it starts from (halves truncated
    /// towards zero: `N` (1,2) → (0,1)).
    #[must_use]
    pub fn midpoint(self) -> Delta {
        Delta::new(i64::from(self.dx / 2), i64::from(self.dy / 2))
    }
}

/// A move of one or more legs, each starting where the previous one stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LegPath {
    len: u8,
    legs: [Leg; MAX_LEGS],
    /// The legs as fixed offsets when they compile ([`LegPlan`]): made with the path.
    plan: Option<LegPlan>,
}

/// A multi-leg move compiled to fixed offsets, so the engines walk it as they walk a lame leap
/// or a plain ride instead of through the general leg walker. A path compiles when every leg
/// but the last is one plain leap that may stop on an empty square only (no skip, lameness,
/// screen, wrap or hop: XBetza's default `m` continuation legs, as in the Mao `afsW`, the Moa
/// `afsF`, the Griffon `FyafsF`, two king steps `mabK`) and its last leg is one plain leap or an
/// unlimited plain ride (no skip, flags, range limit or capture of friends). On a flat board such a move from `s`
/// is: the earlier legs' stops, fixed squares relative to `s`, on the board and empty (`s`
/// itself counts as empty: the piece has left it); then the last leg from the last stop, as a
/// plain leap or ride of its delta, passing over `s` and the earlier stops (empty) but never
/// ending or capturing on them. It captures nothing on the way (no locust).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct LegPlan {
    /// The stops of the legs before the last, relative to the start (each leg's sum so far).
    stops: [(i32, i32); MAX_LEGS - 1],
    /// How many of `stops` there are.
    len: u8,
    /// The last leg's leap.
    step: (i16, i16),
    /// Whether the last leg rides without limit (else it leaps once).
    rides: bool,
}

impl LegPlan {
    /// The plan of these legs when they compile (see [`LegPlan`]). O(legs).
    fn of(legs: &[Leg]) -> Option<Self> {
        let (last, before) = legs.split_last()?;
        let plain = |l: &Leg| l.skip == 0 && l.flags == 0;
        if !plain(last) || last.range > 1 || last.stop & !(stop::EMPTY | stop::FOE) != 0 {
            return None;
        }
        let mut stops = [(0, 0); MAX_LEGS - 1];
        let mut at = (0i32, 0i32);
        for (slot, leg) in stops.iter_mut().zip(before) {
            if !plain(leg) || leg.range != 1 || leg.stop != stop::EMPTY {
                return None;
            }
            at = (at.0 + i32::from(leg.dx), at.1 + i32::from(leg.dy));
            *slot = at;
        }
        Some(Self {
            stops,
            len: u8::try_from(before.len()).ok()?,
            step: (last.dx, last.dy),
            rides: last.range == 0,
        })
    }

    /// The stops of the earlier legs, relative to the start, in move order.
    pub(crate) fn stops(&self) -> impl Iterator<Item = Delta> + '_ {
        self.stops[..usize::from(self.len)]
            .iter()
            .map(|&(dx, dy)| Delta::new(i64::from(dx), i64::from(dy)))
    }

    /// Whether `d` (relative to the start) is one of the earlier legs' stops.
    pub(crate) fn is_stop(&self, d: Delta) -> bool {
        self.stops().any(|s| s == d)
    }

    /// Where the last leg starts, relative to the start (the last stop, or the start itself).
    pub(crate) fn base(&self) -> Delta {
        self.stops().last().unwrap_or(Delta::new(0, 0))
    }

    /// The last leg's leap.
    pub(crate) fn step(&self) -> Delta {
        Delta::new(i64::from(self.step.0), i64::from(self.step.1))
    }

    /// Whether the last leg rides without limit (else it leaps once).
    pub(crate) fn rides(&self) -> bool {
        self.rides
    }
}

/// A piece's leg paths (one colour's) as a tree of legs: paths that begin with the same legs
/// share those nodes, so a move generator walks each shared leg once from a square (the
/// Lion-like `KADcaKmabK`'s 128 two-leg paths are 16 first legs, each with 8 second legs).
/// Built once per kind and colour with the position. Paths are exactly the root-to-node
/// sequences of nodes marked `ends`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LegTree {
    /// Every node; a node's children are contiguous, the roots are `nodes[..roots]`.
    nodes: Vec<LegNode>,
    roots: u32,
}

/// A node of a [`LegTree`]: one leg, whether a path ends with it, and where its children are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LegNode {
    /// The leg.
    pub(crate) leg: Leg,
    /// Whether a path ends with this leg (it is then that path's last leg).
    pub(crate) ends: bool,
    /// `nodes[first..first + count]` are the next legs of the paths through this node.
    first: u32,
    count: u32,
}

impl LegTree {
    /// The tree of these paths. O(paths × legs × distinct legs per level), once per kind.
    pub(crate) fn new(paths: &[LegPath]) -> Self {
        let all: Vec<&[Leg]> = paths.iter().map(LegPath::legs).collect();
        let mut nodes = Vec::new();
        let (_, roots) = Self::level(&mut nodes, &all);
        Self { nodes, roots }
    }

    /// Adds the nodes of the first legs of `paths` (each non-empty), contiguous, then their
    /// subtrees; returns where they start and how many there are.
    fn level(nodes: &mut Vec<LegNode>, paths: &[&[Leg]]) -> (u32, u32) {
        let mut legs: Vec<Leg> = paths.iter().map(|p| p[0]).collect();
        legs.sort_unstable();
        legs.dedup();
        let first = nodes.len();
        nodes.extend(legs.iter().map(|&leg| LegNode {
            leg,
            ends: paths.iter().any(|p| p.len() == 1 && p[0] == leg),
            first: 0,
            count: 0,
        }));
        for (j, &leg) in legs.iter().enumerate() {
            let rest: Vec<&[Leg]> = paths
                .iter()
                .filter(|p| p.len() > 1 && p[0] == leg)
                .map(|p| &p[1..])
                .collect();
            if !rest.is_empty() {
                let (f, c) = Self::level(nodes, &rest);
                nodes[first + j].first = f;
                nodes[first + j].count = c;
            }
        }
        let to_u32 = |n: usize| u32::try_from(n).expect("a rule has few paths");
        (to_u32(first), to_u32(legs.len()))
    }

    /// The first legs of the paths.
    pub(crate) fn roots(&self) -> &[LegNode] {
        &self.nodes[..self.roots as usize]
    }

    /// The legs that follow `node` on the paths through it (empty when every path through it
    /// ends there).
    pub(crate) fn children(&self, node: &LegNode) -> &[LegNode] {
        &self.nodes[node.first as usize..(node.first + node.count) as usize]
    }

    /// Whether it has no path.
    pub(crate) fn is_empty(&self) -> bool {
        self.roots == 0
    }
}

impl LegPath {
    /// The path of these legs; `None` when there are none or more than [`MAX_LEGS`].
    #[must_use]
    pub fn new(legs: &[Leg]) -> Option<Self> {
        if legs.is_empty() || legs.len() > MAX_LEGS {
            return None;
        }
        let mut all = [Leg::default(); MAX_LEGS];
        all[..legs.len()].copy_from_slice(legs);
        Some(Self {
            len: u8::try_from(legs.len()).ok()?,
            legs: all,
            plan: LegPlan::of(legs),
        })
    }

    /// The path compiled to fixed offsets, when it compiles ([`LegPlan`]).
    pub(crate) fn plan(&self) -> Option<&LegPlan> {
        self.plan.as_ref()
    }

    /// The legs, first to last.
    #[must_use]
    pub fn legs(&self) -> &[Leg] {
        &self.legs[..usize::from(self.len)]
    }

    /// The first leg.
    #[must_use]
    pub fn first(&self) -> Leg {
        self.legs[0]
    }

    /// The last leg.
    #[must_use]
    pub fn last(&self) -> Leg {
        self.legs[usize::from(self.len) - 1]
    }

    /// The path turned by 180° (for Black): every leg turned.
    #[must_use]
    pub fn turned(self) -> Self {
        let mut out = self;
        for l in &mut out.legs[..usize::from(self.len)] {
            *l = l.turned();
        }
        out.plan = LegPlan::of(out.legs());
        out
    }

    /// Whether a move along it may end on an empty square.
    #[must_use]
    pub fn can_move(&self) -> bool {
        self.last().stop & stop::EMPTY != 0
    }

    /// Whether it captures a foe somewhere (its last leg, or a locust leg): it attacks.
    #[must_use]
    pub fn can_capture(&self) -> bool {
        self.legs().iter().any(|l| l.stop & stop::FOE != 0)
    }

    /// Whether a move along it may capture a piece it does not end on (a locust: a non-final
    /// leg that stops on a foe, or on a friend for `d`).
    #[must_use]
    pub fn is_locust(&self) -> bool {
        let legs = self.legs();
        legs[..legs.len() - 1]
            .iter()
            .any(|l| l.stop & (stop::FOE | stop::FRIEND) != 0)
    }

    /// What kind of leg move this is, in words, for engines that refuse it.
    #[must_use]
    pub fn kind_name(&self) -> &'static str {
        let legs = self.legs();
        let (init, last) = legs.split_at(legs.len() - 1);
        if self.is_locust() {
            "locust captures (a capturing leg that goes on, XBetza `ca`)"
        } else if init.iter().any(|l| l.stop & stop::HOP != 0) {
            "legs that hop a piece and go on (XBetza `pa`, `ga`)"
        } else if !init.is_empty() {
            "bent moves of two or more legs (XBetza `a`)"
        } else if legs.iter().any(|l| l.flags & flag::WRAP != 0) {
            "legs round a cylinder (XBetza `o`)"
        } else if last[0].stop & stop::FRIEND != 0 {
            "captures of friends (XBetza `d`)"
        } else if last[0].skip > 0 || last[0].flags & flag::SCREENED != 0 {
            "jumping legs (XBetza `j`)"
        } else if last[0].flags & flag::HOPPER != 0 {
            "hops of XBetza's kind (`g` with a range, `p` on leaps)"
        } else {
            "lame legs of XBetza's kind (`n` on riders and long leaps)"
        }
    }

    /// Whether it has more than one leg.
    #[must_use]
    pub fn is_multi(&self) -> bool {
        self.len > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{xbetza, Colour, Motion};

    fn plans(text: &str) -> Vec<Option<LegPlan>> {
        let rule = xbetza::parse(text).expect("rule");
        Colour::BOTH
            .into_iter()
            .flat_map(|c| rule.steps(c))
            .filter_map(|s| match s.motion {
                Motion::Path { path } => Some(path.plan().copied()),
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => None,
            })
            .collect()
    }

    /// The Mao's moves are a W stop then a diagonal leap, landing on knight squares; the
    /// Griffon rides from its ferz square; locusts, hoppers, ski-sliders, lame riders and
    /// cylinder legs do not compile. Black's plans are White's turned.
    #[test]
    fn which_paths_compile() {
        let mao = plans("afsW");
        assert_eq!(mao.len(), 16);
        for p in &mao {
            let p = p.expect("the Mao compiles");
            assert_eq!(p.stops().count(), 1);
            assert!(!p.rides());
            let to = Delta::new(p.base().dx + p.step().dx, p.base().dy + p.step().dy);
            assert_eq!(
                (to.dx.abs().min(to.dy.abs()), to.dx.abs().max(to.dy.abs())),
                (1, 2)
            );
            assert_eq!(p.base().dx.abs() + p.base().dy.abs(), 1, "first a W step");
            assert!(p.is_stop(p.base()));
        }
        let griffon = plans("FyafsF");
        assert_eq!(griffon.len(), 16);
        assert!(griffon
            .iter()
            .all(|p| p.is_some_and(|p| p.rides() && p.stops().count() == 1)));
        for text in ["cafcaW", "caK", "jR", "pafsW", "oW", "dK", "afsR"] {
            assert!(plans(text).iter().all(Option::is_none), "{text} compiles");
        }
    }
}
