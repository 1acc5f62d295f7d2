//! The [`Router`](super::Router)'s capture subsets, made as a search reaches them.
//!
//! A state of the search is (captured subset, square). The subsets are not numbered up front
//! (`2^k` of them for `k` capturable pieces: a chess middlegame's 16 hostile pieces make 65,536,
//! a variant's 30 make a billion): a search gives each subset an id the first time it reaches
//! it ([`Scratch::intern`], a hash map from the subset's [`Mask`] to its id) and makes the
//! subset's arrays then. So memory follows the states a search visits, and the [`Budget`] is
//! charged as they are reached: the search is refused, naming the bytes, only when what it
//! has reached would exceed the budget.
//!
//! Costs: interning a subset is O(1) expected (one hash look-up of a 16-byte mask) plus
//! O(squares × (1 + ray-marking steps) / 64) words cleared, and O(squares) more for parents when
//! a route is asked for; a visit is O(1).

use std::collections::VecDeque;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::geometry::{Square, SquareSet};
use crate::limits::{Budget, TooLarge};

/// A set of captured pieces: bit `b` for the `b`-th capturable piece. At most
/// [`Router::MAX_CAPTURABLE`](super::Router::MAX_CAPTURABLE) pieces.
pub(super) type Mask = u128;

/// What the memory check reports when a search outgrows its budget.
pub(super) const WHAT: &str = "the route search (the capture states it has reached)";

/// Bytes a reached state may hold: its queue entry (the queue holds at most every state).
const STATE_BYTES: u64 = 8;

/// Bytes of a locust capture's record ([`Scratch::came_from`]): a hash-map entry.
const CAME_FROM_BYTES: u64 = 24;

/// Bytes of bookkeeping per subset beside its arrays: the [`Subset`] itself, its hash-map entry,
/// the shared safe set's header.
const SUBSET_OVERHEAD: u64 = 128;

/// The working arrays of [`Router`](super::Router) searches, kept between questions: create
/// one ([`Scratch::default`]) and pass it to every question. The arrays of every subset a
/// search reaches are kept for the next search, which refills them (not reallocated); a
/// router with another board or mover starts them afresh.
#[derive(Debug, Default)]
pub struct Scratch {
    /// Squares and ray-marking steps the arrays are made for.
    shape: (usize, usize),
    /// Whether the current search records parents (a route is asked for, not a distance map).
    routes: bool,
    /// Per subset id: its arrays. The first `live` belong to the current search, the rest are
    /// kept from earlier searches for reuse.
    subsets: Vec<Subset>,
    live: usize,
    /// The id of each subset the current search has reached.
    ids: FxHashMap<Mask, u32>,
    /// The search queue (states packed by [`state`]) and one square's successors.
    pub(super) queue: VecDeque<u64>,
    pub(super) next: Vec<(Mask, Square)>,
    /// Bytes the current search has reached, and its limit.
    charged: u64,
    limit: u64,
    /// States the current search has reached.
    pub(super) reached: u64,
    /// For a mover with locust captures, searching for a route: the subset id each state
    /// reached by a capturing move came from (its victims need not stand on its square).
    came_from: FxHashMap<u64, u32>,
}

/// One capture subset's search arrays, side by side so a visit reads one entry.
#[derive(Debug)]
pub(super) struct Subset {
    /// The pieces captured.
    pub(super) mask: Mask,
    /// A bit per square reached (the search goes a layer of distance at a time, so distances
    /// need not be stored: a 64×64 subset's bits fit in 512 bytes, and checking a square
    /// already reached stays in cache).
    pub(super) seen: Box<[u64]>,
    /// The parent square (bit 31: reached by capture, so the parent's subset lacks the piece
    /// that stood here); empty until a search for a route reaches the subset.
    pub(super) parent: Vec<u32>,
    /// For each square and ray-marking step: whether a ray of that step has already run through
    /// the square in this search (`riders` bits a square).
    pub(super) passed: Box<[u64]>,
    /// The squares no active hostile piece attacks under this subset (shared with the router's
    /// cache).
    pub(super) safe: Arc<SquareSet>,
}

impl Scratch {
    /// Readies the arrays for a search on `squares` squares with `riders` ray-marking steps,
    /// within `budget` less `fixed` bytes the router already holds: the arrays of earlier
    /// searches of that shape are kept for reuse, others dropped. O(1) besides the hash map's
    /// clearing.
    pub(super) fn prepare(
        &mut self,
        (squares, riders): (usize, usize),
        routes: bool,
        budget: Budget,
        fixed: u64,
    ) {
        if self.shape != (squares, riders) {
            self.subsets.clear();
            self.shape = (squares, riders);
        }
        self.live = 0;
        self.ids.clear();
        self.routes = routes;
        self.queue.clear();
        self.came_from.clear();
        self.charged = fixed;
        self.limit = budget.bytes();
        self.reached = 0;
    }

    /// Bytes a subset's arrays take when it is first reached.
    fn subset_bytes(&self) -> u64 {
        let (squares, riders) = self.shape;
        let words = |bits: usize| 8 * bits.div_ceil(64) as u64;
        let parents = if self.routes { 4 * squares as u64 } else { 0 };
        SUBSET_OVERHEAD + 2 * words(squares) + words(squares * riders) + parents
    }

    /// Charges `bytes` to the search; the refusal when the budget is exceeded.
    fn charge(&mut self, bytes: u64) -> Result<(), TooLarge> {
        self.charged = self.charged.saturating_add(bytes);
        if self.charged > self.limit {
            return Err(TooLarge {
                what: WHAT,
                needed: Some(self.charged),
                limit: self.limit,
            });
        }
        Ok(())
    }

    /// The id of subset `mask`, its arrays made (or refilled) and charged when the search
    /// first reaches it; `safe` gives its safe squares then. O(1) expected once reached.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the subset's arrays would exceed the budget.
    #[inline]
    pub(super) fn intern(
        &mut self,
        mask: Mask,
        safe: impl FnOnce(Mask) -> Arc<SquareSet>,
    ) -> Result<u32, TooLarge> {
        if let Some(&id) = self.ids.get(&mask) {
            return Ok(id);
        }
        self.charge(self.subset_bytes())?;
        let id = u32::try_from(self.live)
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or(TooLarge {
                what: WHAT,
                needed: None,
                limit: self.limit,
            })?;
        let (squares, riders) = self.shape;
        let safe = safe(mask);
        if let Some(sub) = self.subsets.get_mut(self.live) {
            sub.mask = mask;
            sub.seen.fill(0);
            sub.passed.fill(0);
            sub.safe = safe;
        } else {
            self.subsets.push(Subset {
                mask,
                seen: vec![0; squares.div_ceil(64)].into_boxed_slice(),
                parent: Vec::new(),
                passed: vec![0; (squares * riders).div_ceil(64)].into_boxed_slice(),
                safe,
            });
        }
        if self.routes && self.subsets[self.live].parent.is_empty() {
            self.subsets[self.live].parent = vec![u32::MAX; squares];
        }
        self.live += 1;
        self.ids.insert(mask, id);
        Ok(id)
    }

    /// Records that state `st` was reached by a locust mover's capturing move from subset
    /// `from` (the route's victims are found again from it). O(1) expected.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the record would exceed the budget.
    pub(super) fn came_from(&mut self, st: u64, from: u32) -> Result<(), TooLarge> {
        self.charge(CAME_FROM_BYTES)?;
        self.came_from.insert(st, from);
        Ok(())
    }

    /// The subset a locust capture reaching `st` came from, if it was one.
    pub(super) fn came_from_of(&self, st: u64) -> Option<u32> {
        self.came_from.get(&st).copied()
    }

    /// The id of a subset the search has reached.
    pub(super) fn id(&self, mask: Mask) -> Option<u32> {
        self.ids.get(&mask).copied()
    }

    /// Subset `id`'s arrays.
    #[inline]
    pub(super) fn subset(&self, id: u32) -> &Subset {
        &self.subsets[id as usize]
    }

    /// Subset `id`'s arrays, to be changed.
    #[inline]
    pub(super) fn subset_mut(&mut self, id: u32) -> &mut Subset {
        &mut self.subsets[id as usize]
    }

    /// Subsets the current search has reached.
    pub(super) fn reached_subsets(&self) -> usize {
        self.live
    }

    /// Records state (subset `id`, `s`), reached from square `from` (`u32::MAX` for the start;
    /// bit 31 set when the move captured); `Ok(false)` when it was reached before. O(1).
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when the states reached would exceed the budget.
    #[inline]
    pub(super) fn visit(&mut self, id: u32, s: Square, from: u32) -> Result<bool, TooLarge> {
        let routes = self.routes;
        let sub = &mut self.subsets[id as usize];
        let (word, bit) = (s.index() / 64, 1u64 << (s.index() % 64));
        if sub.seen[word] & bit != 0 {
            return Ok(false);
        }
        sub.seen[word] |= bit;
        if routes {
            sub.parent[s.index()] = from;
        }
        self.queue.push_back(state(id, s));
        self.reached += 1;
        self.charge(STATE_BYTES)?;
        Ok(true)
    }
}

/// A state packed for the queue: the subset's id above the square.
#[inline]
pub(super) fn state(id: u32, s: Square) -> u64 {
    u64::from(id) << 32 | u64::from(s.0)
}

/// The subset id and square of a packed state.
#[inline]
pub(super) fn unpack(st: u64) -> (u32, Square) {
    #[expect(clippy::cast_possible_truncation, reason = "the low half is the square")]
    ((st >> 32) as u32, Square(st as u32))
}
