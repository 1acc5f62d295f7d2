//! The engine's vocabulary: the plain data its files pass to each other (parts of a transfer
//! matrix, cores, zones and their shapes, a sweep's goals and distances, a chain step's keep,
//! a remembered walk) and the position without some capturable pieces. A leaf: it uses no
//! other file of the engine, so the files that make and read these types use each other
//! without a cycle (the crate's `layers` test checks it).

use crate::attack::{Placed, Position};

/// Which part of a transfer matrix.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    Ll,
    Lr,
    Rl,
    Rr,
}

/// A core: its `Lb` block's first file (`Rb` is `B·(m+1)` files on), its blocks, its kind.
pub(super) struct Core {
    pub(super) lb: i128,
    pub(super) m: u64,
    pub(super) kind: usize,
}

/// A zone: files `start ..= start + width - 1`.
pub(super) struct Zone {
    pub(super) start: i64,
    pub(super) width: usize,
    /// Zones of one shape (width, squares, neighbouring cores' same-side entries) search
    /// alike.
    pub(super) shape: u32,
}

/// A zone shape's squares: emptiness and safety, per file a bit per rank.
pub(super) struct Shape {
    pub(super) empty: Vec<u64>,
    pub(super) safe: Vec<u64>,
}

/// A zone's end block facing a neighbour ([`Engine::sides`](super::Engine::sides)).
#[derive(Clone, Copy)]
pub(super) struct Side {
    /// The zone's first node of that end block.
    pub(super) first: usize,
    /// The core between the zone and the neighbour.
    pub(super) core: usize,
    /// The part of the core's crossing matrix out of the zone (`Rl` leftwards, `Lr`
    /// rightwards).
    pub(super) part: Part,
    /// The neighbour.
    pub(super) neighbour: usize,
    /// The neighbour's first node of its end block facing the zone.
    pub(super) facing: usize,
}

/// Where a sweep goes: nodes of one zone, each with the cost still to pay from it (a
/// capture's last move).
#[derive(Clone)]
pub(super) struct Goal {
    pub(super) zone: usize,
    pub(super) nodes: Vec<(usize, u64)>,
}

/// The sweep's distances: per zone reached, what it knows of its end blocks' distances, and
/// the target's.
pub(super) struct Swept {
    pub(super) ends: Vec<Option<Known>>,
    /// The sweep's bound: every seed nearer was searched (the target's distance, or with
    /// several goals the farthest of theirs; `u64::MAX` when some goal was not reached).
    pub(super) best: u64,
    /// Per goal ([`Goal`]): its distance (`u64::MAX`: not reached), and the node it is
    /// reached from with that node's own distance.
    pub(super) reached: Vec<(u64, usize, u64)>,
    /// Chain steps taken from the other thread ([`Engine::forward`](super::Engine::forward)).
    pub(super) ahead: usize,
}

/// What the sweep knows of a zone reached: its end blocks' distances, or what a chain step
/// kept ([`Chained`]), from which its rows give those distances ([`Engine::read_known`](super::Engine::read_known)).
pub(super) enum Known {
    Ends(Ends),
    Chained(Chained),
}

/// A zone's `2n` end-block distances (`u64::MAX` for none), kept compactly (a sweep keeps them
/// for every zone it reaches): from their least in 8 bits (`u8::MAX` for none) when their
/// spread fits (most do: a zone is crossed in a few moves), else in 16 bits (`u16::MAX` for
/// none) when it fits, else in full.
pub(super) enum Ends {
    Tiny(u64, Box<[u8]>),
    Narrow(u64, Box<[u16]>),
    Wide(Box<[u64]>),
}

impl Ends {
    /// O(n).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "each distance less the least is checked to fit first"
    )]
    pub(super) fn new(d: &[u64]) -> Self {
        let (low, high) = d
            .iter()
            .filter(|&&x| x != u64::MAX)
            .fold((u64::MAX, 0), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let spread = high.saturating_sub(low);
        if spread < u64::from(u8::MAX) {
            Self::Tiny(
                low,
                d.iter()
                    .map(|&x| if x == u64::MAX { u8::MAX } else { (x - low) as u8 })
                    .collect(),
            )
        } else if spread < u64::from(u16::MAX) {
            Self::Narrow(
                low,
                d.iter()
                    .map(|&x| if x == u64::MAX { u16::MAX } else { (x - low) as u16 })
                    .collect(),
            )
        } else {
            Self::Wide(d.into())
        }
    }

    /// The distances from the `from`-th on into `out` (as many as it holds). O(its length).
    pub(super) fn read_from(&self, from: usize, out: &mut [u64]) {
        match self {
            Self::Tiny(low, d) => {
                for (o, &x) in out.iter_mut().zip(&d[from..]) {
                    *o = if x == u8::MAX {
                        u64::MAX
                    } else {
                        low + u64::from(x)
                    };
                }
            }
            Self::Narrow(low, d) => {
                for (o, &x) in out.iter_mut().zip(&d[from..]) {
                    *o = if x == u16::MAX {
                        u64::MAX
                    } else {
                        low + u64::from(x)
                    };
                }
            }
            Self::Wide(d) => out.copy_from_slice(&d[from..from + out.len()]),
        }
    }
}

/// What a chain step keeps of a zone by rows whose seeds all came from one side (module
/// docs, *Chains*): the seeds at that side's end block, then the far end block's distances,
/// from `base` in bytes (`u8::MAX` for none).
pub(super) struct Chained {
    pub(super) side: usize,
    pub(super) base: u64,
    pub(super) kept: Box<[u8]>,
}

/// A walk across a core of `m` blocks, remembered: its squares (files from the side of its
/// first node, after `split` squares from the side of its last), its repeats (`at` from the
/// walk's start), and when `step > 0` its first jump: `rounds` rounds of `step` blocks, made
/// by its repeat `jump_repeat` if it recorded one. With `step = 0` it holds for `m` only.
#[derive(Clone)]
pub(super) struct Walked {
    pub(super) m: u64,
    pub(super) step: i128,
    pub(super) rounds: u64,
    pub(super) squares: Vec<(i128, i64)>,
    pub(super) split: usize,
    pub(super) repeats: Vec<WalkedRepeat>,
    pub(super) jump_repeat: Option<usize>,
}

/// A repeat of a remembered walk: a [`Repeat`](crate::path::Repeat) with `at` counted from the walk's start (one
/// before it where the round starts on the walk's first square).
#[derive(Clone, Copy)]
pub(super) struct WalkedRepeat {
    pub(super) at: i64,
    pub(super) len: usize,
    pub(super) times: u64,
}

/// The most bytes of remembered searches, whatever the budget.
pub(super) const SEARCHES_BYTES: usize = 64 << 20;

/// The position without the capturable pieces `caps` (sorted) whose bits `subset` sets (bit
/// `j` for `caps[j]`). O(p log k).
pub(super) fn without(pos: &Position, caps: &[usize], subset: u64) -> Option<Position> {
    keeping(pos, |i| {
        caps.binary_search(&i).map_or(true, |j| subset >> j & 1 == 0)
    })
}

/// The position without any of the capturable pieces `caps` (sorted). O(p log k).
pub(super) fn without_all(pos: &Position, caps: &[usize]) -> Option<Position> {
    keeping(pos, |i| caps.binary_search(&i).is_err())
}

/// The position with the pieces `keep` holds for (by index). O(p) calls of `keep`.
fn keeping(pos: &Position, keep: impl Fn(usize) -> bool) -> Option<Position> {
    let pieces: Vec<Placed> = pos
        .pieces()
        .iter()
        .enumerate()
        .filter(|&(i, _)| keep(i))
        .map(|(_, p)| *p)
        .collect();
    Position::new(pos.board(), pos.kinds().to_vec(), pieces).ok()
}
