//! One piece's moves on a small flat board from a table ([`Position::moves_of`](super::Position)
//! on boards of at most [`SMALL_MAX_SQUARES`] squares): per kind and colour, once per position,
//! every plain leg of the piece's moves (its leaps and rides, and the legs of its multi-leg
//! paths whose legs are all plain) as a tree of legs, each node with the squares its leg
//! reaches from every square of the board, in order. A query then reads only what stands on
//! those squares; what the table does not hold (hoppers, lame and screened legs, skips, legs
//! round a cylinder) is walked by the general walker beside it.
//!
//! Squares are numbered in coordinate order (file, then rank: `(file − 1) · height + rank −
//! 1`), so the numbers sort as the squares do.

use std::fmt;

use super::legs::{stops, ways, Rel};
use crate::geometry::{Coord, Rect};
use crate::piece::{flag, Leg, LegNode, LegPath, LegTree, Motion, Step};

/// Boards up to this many squares (16×16) list one piece's moves from a table: a square's
/// number fits a byte.
pub(crate) const SMALL_MAX_SQUARES: usize = 256;

/// The most ray entries (a byte each) one table may hold: a piece whose table would be larger
/// (hundreds of riding legs) is walked by the general walker instead. 1 MiB.
const SMALL_MAX_ENTRIES: usize = 1 << 20;

/// How a node's leg may stop on a square, for one kind of occupant: bits of the ways to go on
/// ([`way`]).
pub(crate) mod way {
    /// It captures the piece there.
    pub(crate) const CAPTURE: u8 = 1;
    /// It hops the piece there.
    pub(crate) const HOP: u8 = 2;
    /// The square is empty and it may stop there.
    pub(crate) const EMPTY: u8 = 4;
}

/// What a square of a small board holds, a byte: [`cell::EMPTY`], a piece of White, of Black,
/// or a wall.
pub(crate) mod cell {
    /// Nothing (the moving piece's own square counts as empty: it has left it).
    pub(crate) const EMPTY: u8 = 0;
    /// A White piece.
    pub(crate) const WHITE: u8 = 1;
    /// A Black piece.
    pub(crate) const BLACK: u8 = 2;
    /// A wall: a leg stops before it, as at the board's edge.
    pub(crate) const WALL: u8 = 3;
}

/// A node of the table's tree: how its leg may stop per occupant (empty, foe, friend), when a
/// path ends with it and when it goes on to its children.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SmallNode {
    /// [`way`] bits per occupant (0 empty, 1 foe, 2 friend) for the paths that end here.
    pub(crate) end: [u8; 3],
    /// [`way`] bits per occupant for the paths that go on to the children.
    pub(crate) go: [u8; 3],
    /// `nodes[first..first + count]` are the next legs.
    pub(crate) first: u32,
    /// How many next legs.
    pub(crate) count: u32,
}

/// The way bits a leg allows on a square holding `rel` (the move's last leg when `last`).
fn way_bits(leg: Leg, last: bool, rel: Rel) -> u8 {
    if !stops(leg, last, rel) {
        return 0;
    }
    if rel == Rel::Empty {
        return way::EMPTY;
    }
    let [capture, hop] = ways(leg, last, rel);
    (u8::from(capture) * way::CAPTURE) | (u8::from(hop) * way::HOP)
}

/// Words of a bit per square of a small board.
pub(crate) const SMALL_WORDS: usize = SMALL_MAX_SQUARES / 64;

/// A bit per square of a small board, in coordinate order.
pub(crate) type SmallBits = [u64; SMALL_WORDS];

/// Where a piece's one-leg leaps land from one square, a bit per square: those that may end
/// on an empty square, capture a foe, capture a friend (`d`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LeapBits {
    /// Landings of the leaps that may move there.
    pub(crate) empty: SmallBits,
    /// Landings of the leaps that may capture a foe there.
    pub(crate) foe: SmallBits,
    /// Landings of the leaps that may capture a friend there.
    pub(crate) friend: SmallBits,
}

/// The table of one kind and colour on a board of one size: see the module's docs.
pub(crate) struct SmallTable {
    width: u32,
    height: u32,
    squares: usize,
    /// Per square, the one-leg leaps' landings (not in the tree: a leap's landing depends on
    /// nothing but its own square).
    leaps: Vec<LeapBits>,
    /// Per square number, its coordinates.
    coords: Vec<Coord>,
    nodes: Vec<SmallNode>,
    roots: u32,
    /// Per node and square (`node · squares + square`), where its ray starts in `rays`; one
    /// more entry at the end.
    ray_at: Vec<u32>,
    /// The squares each node's leg reaches from each square, in order, nearest first.
    rays: Vec<u8>,
    /// The steps the table does not hold, walked by the general walker.
    others: Vec<Step>,
}

impl fmt::Debug for SmallTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmallTable")
            .field("board", &(self.width, self.height))
            .field("nodes", &self.nodes.len())
            .field("rays", &self.rays.len())
            .field("others", &self.others.len())
            .finish_non_exhaustive()
    }
}

/// A leg the table holds: no skip, and nothing that changes which squares it reaches (a lame,
/// screened, hopping or wrapping leg is walked by the general walker). `t` (no hopping foes)
/// changes only how it stops.
fn plain(leg: Leg) -> bool {
    leg.skip == 0 && leg.flags & !flag::NO_FOE_HOP == 0
}

/// The step as one plain leg, when it is a leap or ride with no lame squares (its stops: an
/// empty square when it may move, a foe when it may capture).
fn leg_of(st: &Step) -> Option<Leg> {
    let range = match st.motion {
        Motion::Leap { legs } if legs.is_empty() => 1,
        Motion::Ride { range, legs } if legs.is_empty() => u8::try_from(range).ok()?,
        Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => return None,
    };
    let stop = (u8::from(st.can_move) * crate::piece::stop::EMPTY)
        | (u8::from(st.can_capture) * crate::piece::stop::FOE);
    Some(Leg {
        dx: i16::try_from(st.delta.dx).ok()?,
        dy: i16::try_from(st.delta.dy).ok()?,
        range,
        skip: 0,
        stop,
        flags: 0,
    })
}

impl SmallTable {
    /// The table of a piece whose steps (one colour's, its leg paths included) are `steps` on a
    /// flat board the size of `rect`; `None` when the board has more than
    /// [`SMALL_MAX_SQUARES`] squares or the table would hold more than a mebibyte of rays.
    /// O(nodes × squares × ray length), the size counted before anything is allocated.
    pub(crate) fn new(steps: &[Step], rect: Rect) -> Option<Self> {
        let squares = rect.len();
        if squares > SMALL_MAX_SQUARES {
            return None;
        }
        let mut paths = Vec::new();
        let mut others = Vec::new();
        for st in steps {
            let path = match st.motion {
                Motion::Path { path } => Some(path).filter(|p| p.legs().iter().all(|&l| plain(l))),
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => {
                    leg_of(st).and_then(|l| LegPath::new(&[l]))
                }
            };
            match path {
                Some(p) => paths.push(p),
                None => others.push(*st),
            }
        }
        let (width, height) = (rect.width(), rect.height());
        let geometry = Geometry { width, height };
        // One-leg leaps become bits per square; moves that can only come back to the piece's
        // square taking nothing (passes, which are no moves: `mabK`) are dropped.
        let mut leaps = vec![LeapBits::default(); squares];
        paths.retain(|p| {
            let legs = p.legs();
            if let [leg] = legs {
                if leg.range == 1 && leg.flags == 0 {
                    for (s, bits) in leaps.iter_mut().enumerate() {
                        for q in geometry.ray(*leg, s) {
                            let (w, m) = (usize::from(q) / 64, 1u64 << (q % 64));
                            for (stop, set) in [
                                (crate::piece::stop::EMPTY, &mut bits.empty),
                                (crate::piece::stop::FOE, &mut bits.foe),
                                (crate::piece::stop::FRIEND, &mut bits.friend),
                            ] {
                                if leg.stop & stop != 0 {
                                    set[w] |= m;
                                }
                            }
                        }
                    }
                    return false;
                }
            }
            let takes = crate::piece::stop::FOE | crate::piece::stop::FRIEND;
            // Its last leg lands on the piece's own square, empty: it captures nothing there.
            let before = &legs[..legs.len() - 1];
            let back = legs.iter().all(|l| l.range == 1)
                && before.iter().all(|l| l.stop & takes == 0)
                && legs
                    .iter()
                    .map(|l| (i32::from(l.dx), i32::from(l.dy)))
                    .fold((0, 0), |a, d| (a.0 + d.0, a.1 + d.1))
                    == (0, 0);
            !back
        });
        let coords = (0..squares)
            .map(|s| {
                let s = i64::try_from(s).unwrap_or(0);
                Coord::new(s / i64::from(height) + 1, s % i64::from(height) + 1)
            })
            .collect();
        let tree = LegTree::new(&paths);
        let mut nodes = Vec::new();
        let mut legs = Vec::new();
        let (_, roots) = flatten(&tree, tree.roots(), &mut nodes, &mut legs);
        // Count first: the rays' size is known before they are allocated.
        let mut total = 0usize;
        for &leg in &legs {
            for s in 0..squares {
                total += geometry.ray(leg, s).count();
            }
            if total > SMALL_MAX_ENTRIES {
                return None;
            }
        }
        let mut ray_at = Vec::with_capacity(legs.len() * squares + 1);
        let mut rays = Vec::with_capacity(total);
        for &leg in &legs {
            for s in 0..squares {
                ray_at.push(u32::try_from(rays.len()).ok()?);
                rays.extend(geometry.ray(leg, s));
            }
        }
        ray_at.push(u32::try_from(rays.len()).ok()?);
        Some(Self {
            width,
            height,
            squares,
            leaps,
            coords,
            nodes,
            roots,
            ray_at,
            rays,
            others,
        })
    }

    /// Whether it was built for a board of `rect`'s size.
    pub(crate) fn fits(&self, rect: Rect) -> bool {
        (self.width, self.height) == (rect.width(), rect.height())
    }

    /// The roots' indices.
    pub(crate) fn roots(&self) -> std::ops::Range<u32> {
        0..self.roots
    }

    /// Node `n`.
    pub(crate) fn node(&self, n: u32) -> &SmallNode {
        &self.nodes[n as usize]
    }

    /// The squares node `n`'s leg reaches from square `s`, nearest first. O(1).
    #[inline]
    pub(crate) fn ray(&self, n: u32, s: u8) -> &[u8] {
        let k = n as usize * self.squares + usize::from(s);
        &self.rays[self.ray_at[k] as usize..self.ray_at[k + 1] as usize]
    }

    /// The one-leg leaps' landings from square `s`.
    #[inline]
    pub(crate) fn leaps(&self, s: u8) -> &LeapBits {
        &self.leaps[usize::from(s)]
    }

    /// The coordinates of square number `s`.
    #[inline]
    pub(crate) fn coord(&self, s: u16) -> Coord {
        self.coords[usize::from(s)]
    }

    /// The steps the table does not hold.
    pub(crate) fn others(&self) -> &[Step] {
        &self.others
    }
}

/// Adds the nodes of `level` (contiguous), then their subtrees, to `nodes` (and their legs to
/// `legs`, index for index); returns where they start and how many there are.
fn flatten(tree: &LegTree, level: &[LegNode], nodes: &mut Vec<SmallNode>, legs: &mut Vec<Leg>) -> (u32, u32) {
    let first = nodes.len();
    for n in level {
        let rels = [Rel::Empty, Rel::Foe, Rel::Friend];
        let has_children = !tree.children(n).is_empty();
        nodes.push(SmallNode {
            end: rels.map(|r| if n.ends { way_bits(n.leg, true, r) } else { 0 }),
            go: rels.map(|r| {
                if has_children {
                    way_bits(n.leg, false, r)
                } else {
                    0
                }
            }),
            first: 0,
            count: 0,
        });
        legs.push(n.leg);
    }
    for (j, n) in level.iter().enumerate() {
        let children = tree.children(n);
        if !children.is_empty() {
            let (f, c) = flatten(tree, children, nodes, legs);
            nodes[first + j].first = f;
            nodes[first + j].count = c;
        }
    }
    let to_u32 = |n: usize| u32::try_from(n).expect("a rule has few legs");
    (to_u32(first), to_u32(level.len()))
}

/// A board's size, for numbering its squares.
#[derive(Clone, Copy)]
struct Geometry {
    width: u32,
    height: u32,
}

impl Geometry {
    /// The squares `leg` reaches from square `s` on the empty board, nearest first: its leaps
    /// repeated up to its range (0: to the edge). O(squares reached).
    fn ray(self, leg: Leg, s: usize) -> impl Iterator<Item = u8> {
        let h = i64::from(self.height);
        let w = i64::from(self.width);
        let s = i64::try_from(s).unwrap_or(0);
        let (file, rank) = (s / h, s % h);
        let (dx, dy) = (i64::from(leg.dx), i64::from(leg.dy));
        let range = if leg.range == 0 {
            i64::MAX
        } else {
            i64::from(leg.range)
        };
        (1..=range)
            .map(move |k| (file + k * dx, rank + k * dy))
            .take_while(move |&(f, r)| (dx, dy) != (0, 0) && (0..w).contains(&f) && (0..h).contains(&r))
            .map(move |(f, r)| u8::try_from(f * h + r).unwrap_or(u8::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{xbetza, Colour};

    /// The table from the rules: a knight's leaps on a1 of 8×8 land on b3 and c2 (bits), a
    /// rook's rays from d4 are 14 squares in order outward, a Mao's W legs come before its
    /// diagonal legs, a cannon's hops are left to the walker, a step out and back is dropped.
    #[test]
    fn rays_follow_the_board() {
        let rect = Rect::new(8, 8).expect("8x8");
        let table = |text: &str| {
            SmallTable::new(&xbetza::parse(text).expect("rule").steps(Colour::White), rect).expect("table")
        };
        let n = table("N");
        assert_eq!(n.roots().len(), 0, "leaps are bits");
        // b3 = (1, 2) → 8 + 2 = 10; c2 = (2, 1) → 16 + 1 = 17.
        assert_eq!(n.leaps(0).empty[0], 1 << 10 | 1 << 17);
        assert_eq!(n.leaps(0).foe[0], 1 << 10 | 1 << 17);
        assert_eq!(n.leaps(0).friend[0], 0);
        assert_eq!(table("mN").leaps(0).foe[0], 0);
        assert_eq!(table("dN").leaps(0).friend[0], 1 << 10 | 1 << 17);
        assert_eq!(n.coord(17), Coord::new(3, 2));
        let r = table("R");
        let d4 = 3 * 8 + 3;
        let lens: Vec<usize> = r.roots().map(|k| r.ray(k, d4).len()).collect();
        assert_eq!(lens.iter().sum::<usize>(), 14);
        for k in r.roots() {
            let ray = r.ray(k, d4);
            let first = i32::from(ray[0]) - i32::from(d4);
            for w in ray.windows(2) {
                assert_eq!(
                    i32::from(w[1]) - i32::from(w[0]),
                    first,
                    "a ray is one step repeated"
                );
            }
        }
        let mao = table("afsW");
        assert_eq!(mao.roots().len(), 4);
        assert!(mao.others().is_empty());
        for k in mao.roots() {
            assert_eq!(mao.node(k).count, 2);
        }
        let cannon = table("mRcpR");
        assert_eq!(cannon.roots().len(), 4);
        assert_eq!(cannon.others().len(), 4, "the hops are walked");
        assert_eq!(table("mabK").roots().len(), 0, "passes are no moves");
        assert_eq!(
            table("cabK").roots().len(),
            8,
            "a locust that comes back captures"
        );
    }
}
