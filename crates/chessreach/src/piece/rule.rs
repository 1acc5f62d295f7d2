use std::fmt;
use std::str::FromStr;

use super::{betza, Atom, BetzaError, Colour, LegPath};
use crate::geometry::Delta;

/// One part of a movement rule: an atom, how far it rides, and in which directions it may move
/// to an empty square (`moves`) or capture (`captures`), as bit masks over
/// [`Atom::image`] indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Component {
    /// The leap.
    pub atom: Atom,
    /// 1: a leaper; 0: an unlimited rider; n > 1: at most n leaps in one direction.
    pub range: u32,
    /// Lame (`n`): the leap is blocked by a piece on its intermediate square.
    pub lame: bool,
    /// A hopper (`p`, `g`): it slides to the first piece in its way (the screen), jumps it, and
    /// lands beyond; `range` then counts the leaps after the screen (0: any number, up to and
    /// including the next piece; 1: right behind it, the grasshopper).
    pub hop: bool,
    /// Directions it may move in, onto empty squares.
    pub moves: u8,
    /// Directions it may capture in.
    pub captures: u8,
}

impl Component {
    fn key(&self) -> (Atom, u32, bool, bool) {
        (self.atom, self.range, self.lame, self.hop)
    }
}

/// A movement rule in normal form: components sorted by (atom, range, lame), one per key, with
/// non-empty masks. `==` therefore compares what the rule can do, component by component.
///
/// Initial moves (Betza `i`, as Fairy-Stockfish reads them) are kept apart: they only move
/// (Fairy-Stockfish has no initial captures, so they never attack) and a piece may make them
/// while it stands in its side's double-step region (Fairy-Stockfish's `doubleStepRegion`; see
/// [`Rule::initial_steps`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rule {
    components: Vec<Component>,
    initial: Vec<Component>,
    /// Moves that need legs (XBetza's multi-leg moves, and single legs no component can say:
    /// `jR`, `oW`, `dK`), in White's orientation, sorted and without repeats.
    paths: Vec<LegPath>,
}

/// One concrete move direction of a rule, for one colour: what the attack and route engines
/// walk. How it travels is its [`Motion`]; every interpreter `match`es on it, so a new kind of
/// motion is listed by the compiler at each of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// One leap.
    pub delta: Delta,
    /// How the step travels along its leaps.
    pub motion: Motion,
    /// May end on an empty square.
    pub can_move: bool,
    /// May capture (and so attacks the squares it reaches).
    pub can_capture: bool,
}

/// The kinds of motion a step can make. The interpreters of this type are the attack walker
/// (`attack::walk`, which every attack map and the route engines' general path use), the
/// route engines' fast paths (`path::router`'s leap table and ray marks, `path::bitboard`,
/// `path::cross`, `path::span`, `path::strip`), the duel move generator (`duel::moves`) and
/// the inference's reach (`infer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    /// One leap to `from + delta`, provided the lame legs are empty.
    Leap {
        /// Squares (relative to the start) that must be empty: a lame leap's path.
        legs: Legs,
    },
    /// Leaps repeated in one direction, each square reached, stopping at the first occupied
    /// one (included) or the board's edge.
    Ride {
        /// 0: unlimited; `n ≥ 2`: at most `n` leaps.
        range: u32,
        /// Squares (relative to the start) that must be empty before the first leap.
        legs: Legs,
    },
    /// A hopper: it slides along its line to the first piece (the screen), passing over the
    /// squares before it (neither reached nor attacked), jumps it, and lands beyond.
    Hop {
        /// 1: right behind the screen (the grasshopper); 0: any square beyond it up to and
        /// including the next piece (the cannon); `n ≥ 2`: as the cannon, but at most `n`
        /// leaps from the piece itself (Fairy-Stockfish's limited hoppers `pR2`).
        range: u32,
        /// Squares (relative to the start) that must be empty before it moves.
        legs: Legs,
    },
    /// A move of legs (XBetza): each leg leaps or rides from where the previous one stopped,
    /// stopping where its modes allow (empty, a foe captured on the way, a piece hopped). The
    /// step's `delta` is the first leg's leap.
    Path {
        /// The legs, in the step's colour's orientation.
        path: LegPath,
    },
}

/// The squares a lame step needs empty, relative to its start: none, one (the horse's `N`)
/// or two (a `Z`'s path). Copy and fixed-size, so a [`Step`] stays a plain value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Legs([Option<Delta>; 2]);

impl Legs {
    /// No square to keep empty.
    pub const NONE: Self = Self([None, None]);

    /// The legs `first` and then `second`.
    #[must_use]
    pub const fn new(first: Option<Delta>, second: Option<Delta>) -> Self {
        Self([first, second])
    }

    /// Whether no square must be empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0].is_none() && self.0[1].is_none()
    }

    /// The squares, in order.
    pub fn iter(self) -> impl Iterator<Item = Delta> {
        self.0.into_iter().flatten()
    }

    /// The first square (the only one of every lame atom but `Z`).
    #[must_use]
    pub const fn first(self) -> Option<Delta> {
        self.0[0]
    }

    /// The legs turned by 180°, for Black.
    #[must_use]
    pub fn turned(self) -> Self {
        Self(self.0.map(|l| l.map(|d| -d)))
    }
}

impl Motion {
    /// How many leaps the motion may make along its line: `Some(1)` a leap, `Some(n)` a limited
    /// ride, `None` unlimited (an unlimited ride; and a hopper, whose slide to its screen is
    /// unlimited).
    #[must_use]
    pub const fn leaps(self) -> Option<u32> {
        match self {
            Self::Leap { .. } => Some(1),
            Self::Ride { range: 0, .. } | Self::Hop { .. } | Self::Path { .. } => None,
            Self::Ride { range, .. } => Some(range),
        }
    }

    /// The lame legs.
    #[must_use]
    pub const fn legs(self) -> Legs {
        match self {
            Self::Leap { legs } | Self::Ride { legs, .. } | Self::Hop { legs, .. } => legs,
            Self::Path { .. } => Legs::NONE,
        }
    }

    /// The motion of a component: its range, lameness legs and hopping.
    const fn of(range: u32, hop: bool, legs: Legs) -> Self {
        match (hop, range) {
            (true, range) => Self::Hop { range, legs },
            (false, 1) => Self::Leap { legs },
            (false, range) => Self::Ride { range, legs },
        }
    }
}

impl Step {
    /// Whether the step moves square by square along its line (a ride, or a hopper, which
    /// always slides to its screen).
    #[must_use]
    pub const fn rides(&self) -> bool {
        !matches!(self.motion, Motion::Leap { .. })
    }

    /// Whether the step is a hop.
    #[must_use]
    pub const fn hops(&self) -> bool {
        matches!(self.motion, Motion::Hop { .. })
    }

    /// The lame legs (squares relative to the start that must be empty).
    #[must_use]
    pub const fn legs(&self) -> Legs {
        self.motion.legs()
    }
}

impl Rule {
    /// The rule made of these components, normalised: components with the same atom, range and
    /// lameness merge; empty ones vanish.
    pub fn from_components(parts: impl IntoIterator<Item = Component>) -> Self {
        Self {
            components: normalise(parts, &[]),
            initial: Vec::new(),
            paths: Vec::new(),
        }
    }

    /// The rule with these leg paths (White's orientation) added: sorted, repeats dropped.
    #[must_use]
    pub fn with_paths(mut self, paths: impl IntoIterator<Item = LegPath>) -> Self {
        self.paths.extend(paths);
        self.paths.sort_unstable();
        self.paths.dedup();
        self
    }

    /// The leg paths (XBetza's multi-leg moves and the single legs no component can say), in
    /// White's orientation.
    #[must_use]
    pub fn paths(&self) -> &[LegPath] {
        &self.paths
    }

    /// Whether some move needs legs.
    #[must_use]
    pub fn has_paths(&self) -> bool {
        !self.paths.is_empty()
    }

    /// The rule with these initial moves (Betza `i`) added: their capture masks are dropped
    /// (Fairy-Stockfish has no initial captures) and so are moves the rule's other components
    /// already make; they are normalised like components.
    #[must_use]
    pub fn with_initial(self, parts: impl IntoIterator<Item = Component>) -> Self {
        let parts: Vec<Component> = parts
            .into_iter()
            .map(|c| Component { captures: 0, ..c })
            .collect();
        let initial = normalise(parts, &self.components);
        Self { initial, ..self }
    }

    /// The rule without its initial moves (Betza `i`): what the piece does once it has left
    /// its side's second rank.
    #[must_use]
    pub fn without_initial(&self) -> Self {
        Self {
            initial: Vec::new(),
            ..self.clone()
        }
    }

    /// The initial moves' components (Betza `i`), in normal-form order; move-only.
    #[must_use]
    pub fn initial_components(&self) -> &[Component] {
        &self.initial
    }
}

/// Components in normal form: those with the same atom, range and lameness merge, empty ones
/// vanish, and moves another component (of `parts` or of `cover`) already makes are dropped.
/// O(k log k + Σ g²) for k components in groups of g sharing an atom (an inferred rule has
/// thousands of atoms, each in a group of one).
fn normalise(parts: impl IntoIterator<Item = Component>, cover: &[Component]) -> Vec<Component> {
    let mut all: Vec<Component> = parts
        .into_iter()
        .map(|mut c| {
            c.moves &= c.atom.full_mask();
            c.captures &= c.atom.full_mask();
            c
        })
        .filter(|c| c.moves | c.captures != 0)
        .collect();
    all.sort_by_key(Component::key);
    let mut components: Vec<Component> = Vec::with_capacity(all.len());
    for c in all {
        match components.last_mut() {
            Some(x) if x.key() == c.key() => {
                x.moves |= c.moves;
                x.captures |= c.captures;
            }
            _ => components.push(c),
        }
    }
    // Moves another component already makes are dropped: a limited or single leap under an
    // unlimited rider (or a longer range) of the same atom, a lame leap under the plain one.
    // A component of `cover` with the same key makes the very same moves. Both are sorted by
    // atom first, so a component's rivals are one run of each.
    let snapshot: Vec<Component> = components.clone();
    let mut covers: Vec<Component> = cover.to_vec();
    covers.sort_by_key(Component::key);
    let run = |list: &[Component], atom| {
        let lo = list.partition_point(|d| d.atom < atom);
        let hi = list.partition_point(|d| d.atom <= atom);
        lo..hi
    };
    for c in &mut components {
        let (key, atom, hop) = (c.key(), c.atom, c.hop);
        // Hoppers reach other squares than plain moves: neither covers the other.
        let others = snapshot[run(&snapshot, atom)]
            .iter()
            .filter(|d| d.key() != key && !d.hop && !hop);
        for d in others.chain(&covers[run(&covers, atom)]) {
            // A plain component reaching at least as far makes every move of `c` (lame or not).
            let longer = !d.lame && (d.range == 0 || (c.range != 0 && c.range <= d.range)) && !d.hop && !hop;
            if longer || d.key() == key {
                c.moves &= !d.moves;
                c.captures &= !d.captures;
            }
        }
    }
    components.retain(|c| c.moves | c.captures != 0);
    components
}

impl Rule {
    /// The components, in normal-form order.
    #[must_use]
    pub fn components(&self) -> &[Component] {
        &self.components
    }

    /// Whether the rule has no move at all (initial moves included).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.components.is_empty() && self.initial.is_empty() && self.paths.is_empty()
    }

    /// Whether the rule has initial moves (Betza `i`).
    #[must_use]
    pub fn has_initial(&self) -> bool {
        !self.initial.is_empty()
    }

    /// The concrete steps of this rule for a piece of `colour`, initial moves not included.
    /// Black's rule is White's turned by 180° (every step negated, so `f`/`b` and `l`/`r` both
    /// swap), as Fairy-Stockfish reads it. Build once per piece kind and colour; the engines
    /// walk these.
    #[must_use]
    pub fn steps(&self, colour: Colour) -> Vec<Step> {
        let mut out = steps_of(&self.components, colour);
        out.extend(self.paths.iter().map(|&p| {
            let path = match colour {
                Colour::White => p,
                Colour::Black => p.turned(),
            };
            Step {
                delta: path.first().delta(),
                motion: Motion::Path { path },
                can_move: path.can_move(),
                can_capture: path.can_capture(),
            }
        }));
        out
    }

    /// The concrete steps of the initial moves (Betza `i`) for a piece of `colour`: moves only,
    /// allowed as well as [`Rule::steps`] while the piece stands in its side's double-step
    /// region. Fairy-Stockfish's default region is the second rank from the side's own edge
    /// (ranks 2 and 7 on 8 ranks); [`Rule::initial_region`] says which rank that is.
    #[must_use]
    pub fn initial_steps(&self, colour: Colour) -> Vec<Step> {
        steps_of(&self.initial, colour)
    }

    /// The rank of a board of `ranks` ranks on which a piece of `colour` may make its initial
    /// moves: 2 for White, `ranks - 1` for Black (Fairy-Stockfish's default `doubleStepRegion`,
    /// ranks 2 and 7 of its 8-rank boards). `None` on a board of one rank.
    #[must_use]
    pub fn initial_region(colour: Colour, ranks: u64) -> Option<i64> {
        let ranks = i64::try_from(ranks).ok().filter(|&r| r >= 2)?;
        Some(match colour {
            Colour::White => 2,
            Colour::Black => ranks - 1,
        })
    }
}

/// The concrete steps of components for a piece of `colour`.
fn steps_of(components: &[Component], colour: Colour) -> Vec<Step> {
    let mut out = Vec::new();
    for c in components {
        for i in 0..c.atom.image_count() {
            let (m, k) = (c.moves >> i & 1 == 1, c.captures >> i & 1 == 1);
            if m || k {
                let white = c.atom.image(i);
                let legs = match c.lame.then(|| c.atom.lame_path(white)) {
                    Some((a, b)) => Legs::new(Some(a), b),
                    None => Legs::NONE,
                };
                let (delta, legs) = match colour {
                    Colour::White => (white, legs),
                    Colour::Black => (-white, legs.turned()),
                };
                out.push(Step {
                    delta,
                    motion: Motion::of(c.range, c.hop, legs),
                    can_move: m,
                    can_capture: k,
                });
            }
        }
    }
    out
}

impl fmt::Display for Rule {
    /// Canonical Betza: shorthands `Q K R B` where they fit, atoms in the order
    /// `W F D N A H C Z G (x,y)`, and the fewest direction letters. A rule with leg paths
    /// (read from XBetza) prints in XBetza ([`super::xbetza::print`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_paths() {
            return f.write_str(&super::xbetza::print(self));
        }
        f.write_str(&betza::print(self))
    }
}

impl FromStr for Rule {
    type Err = BetzaError;

    /// Parses Betza notation; see [`crate::piece`] for the accepted subset.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        betza::parse(s)
    }
}
