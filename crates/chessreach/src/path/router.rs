#![expect(
    clippy::cast_possible_truncation,
    reason = "the router refuses boards of more than MAX_SQUARES (2^26) squares, so squares fit u32"
)]
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use rustc_hash::FxHashMap;

use thiserror::Error;

use crate::attack::legs;
use crate::attack::walk::{self, Occupant, Surface};
use crate::attack::{Position, SquareMoves};
use crate::geometry::{Coord, Delta, Line, Rect, Square, SquareSet, Wrap};
use crate::limits::{Budget, Progress, TooLarge};
use crate::piece::{Colour, LegPath, LegPlan, Motion, Rule, Step};

pub use super::subsets::Scratch;
use super::subsets::{state, unpack, Mask};

/// Where the mover wants to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Stand on this square (capturing what stands there, if it may).
    Reach(Coord),
    /// Capture this piece (an index into the position's pieces).
    Capture(usize),
}

/// Why a route question cannot be asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PathError {
    /// The board is a strip; see [`crate::path::strip`].
    #[error("this search needs a bounded board; on strips use the strip router (kings only)")]
    NotBounded,
    /// The mover is off the board.
    #[error("the mover's square {0} is off the board")]
    StartOffBoard(Coord),
    /// The mover stands on a piece.
    #[error("the mover's square {0} is occupied by another piece")]
    StartOccupied(Coord),
    /// A goal square off the board.
    #[error("the target {0} is off the board")]
    TargetOffBoard(Coord),
    /// A capturable piece that does not exist or is not hostile.
    #[error("piece {0} cannot be captured: it is not a hostile piece of the position")]
    NotCapturable(usize),
    /// Too many capturable pieces (`0`, more than [`Router::MAX_CAPTURABLE`]) or squares (`1`,
    /// more than [`Router::MAX_SQUARES`]).
    #[error("{}", too_many_states(*.0, *.1))]
    TooManyCapturable(usize, usize),
    /// The states a search reached would exceed its memory budget ([`Router::with_budget`]).
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// A mover moving in legs (XBetza) where the route engine does not walk them: on a strip,
    /// or as one of a variant mover's kinds ([`SquareMoves`]).
    #[error("the mover makes {0}; routes walk them on bounded and wrapped boards only, for a plain mover")]
    Legs(&'static str),
    /// A variant mover's square names a kind its [`SquareMoves`] does not have.
    #[error("the mover's moves on {square} name kind {kind}, but it has {kinds} kinds")]
    NoSuchMoverKind {
        /// The square.
        square: Coord,
        /// The kind it names.
        kind: usize,
        /// How many kinds there are.
        kinds: usize,
    },
}

fn too_many_states(k: usize, squares: usize) -> String {
    let max = Router::MAX_SQUARES;
    if squares > max {
        format!("a board of {squares} squares is more than the {max} the route search supports")
    } else {
        format!(
            "{k} capturable pieces are more than the {} the route search tracks: allow fewer captures",
            Router::MAX_CAPTURABLE
        )
    }
}

/// A shortest route: every square from the start to the end, and the pieces captured.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Route {
    /// Squares visited, the start first: `squares.len() - 1` moves.
    pub squares: Vec<Coord>,
    /// Indices of the pieces captured on the way, in order.
    pub captured: Vec<usize>,
}

impl Route {
    /// Number of moves.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.squares.len() - 1
    }
}

/// Fewest moves to each square (over every capture subset), `None` where unreachable: the
/// whole of a bounded board, or a window of files of a strip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    /// The shape of the map: its file 1 is the board's file `first_file`.
    pub rect: Rect,
    /// The board's file of the map's first file (1 on a bounded board).
    pub first_file: i64,
    /// Per square index of `rect`.
    pub distance: Vec<Option<u32>>,
}

impl DistanceMap {
    /// The board's square of the map's square `s`.
    #[must_use]
    pub fn coord(&self, s: Square) -> Coord {
        let c = self.rect.coord(s);
        Coord::new(self.first_file + (c.file - 1), c.rank)
    }

    /// The fewest moves to the board's square `c`; `None` where unreachable or off the map.
    #[must_use]
    pub fn get(&self, c: Coord) -> Option<u32> {
        if c.file < self.first_file {
            return None;
        }
        let file = i64::try_from(c.file.abs_diff(self.first_file))
            .ok()?
            .checked_add(1)?;
        let s = self.rect.square(Coord::new(file, c.rank))?;
        self.distance[s.index()]
    }

    /// Every square of the map with its distance, file by file within each rank as `rect` orders them.
    pub fn iter(&self) -> impl Iterator<Item = (Coord, Option<u32>)> + '_ {
        self.rect
            .squares()
            .map(|s| (self.coord(s), self.distance[s.index()]))
    }
}

/// Occupancy under a capture subset: the position's pieces minus the captured ones.
struct SubsetSurface<'a> {
    pos: &'a Position,
    rect: Rect,
    occupant: &'a [u32],
    cap_bit: &'a [Mask],
    captured: Mask,
}

impl SubsetSurface<'_> {
    /// The active piece on `s`, if any.
    #[inline]
    fn piece(&self, s: Square) -> Option<usize> {
        let o = self.occupant[s.index()];
        if o == 0 {
            return None;
        }
        let p = (o - 1) as usize;
        (self.cap_bit[p] & self.captured == 0).then_some(p)
    }
}

impl Surface for SubsetSurface<'_> {
    fn occupant(&self, c: Coord) -> Occupant {
        match self.rect.square(c).and_then(|s| self.piece(s)) {
            Some(p) => self.pos.occupant_of(p),
            None => Occupant::Empty,
        }
    }
    fn files(&self) -> Option<(i64, i64)> {
        Some((1, i64::from(self.rect.width())))
    }
    fn flat(&self) -> bool {
        self.rect.wrap().is_flat()
    }
    #[inline]
    fn step(&self, from: Coord, d: Delta) -> Option<Coord> {
        self.rect.step(from, d)
    }
    #[inline]
    fn on_board(&self, c: Coord) -> bool {
        self.rect.contains(c)
    }
    #[inline]
    fn occupied(&self, c: Coord) -> bool {
        self.rect.square(c).is_some_and(|s| self.piece(s).is_some())
    }
}

/// Shortest safe routes on a bounded board, for one position, mover rule and capture list.
///
/// Build once, ask many questions: tables (occupancy, steps) are built in `new`, the safe
/// squares of each capture subset on first use (and kept: the router is shared, `Sync`, and
/// its searches only add to that cache). A search's working arrays live in a [`Scratch`] the
/// caller passes in and may reuse for every question, of this router or another: it keeps its
/// arrays and refills them, so repeated questions allocate little. Capture subsets are made as
/// a search reaches them, never all `2^k` up front (`path::subsets`); the search is charged
/// against its [`Budget`] ([`Router::with_budget`]) as it reaches states and refused, with
/// [`PathError::TooLarge`], only when they would exceed it. A search is O(S · squares · (l + u + Σr)) for S reached subsets, l leap steps, u unlimited
/// rider and hopper steps (each (square, step) is walked once per subset: a ray stops where an
/// earlier ray of the same step ran; a hop limited to n ≥ 2 leaps looks n leaps far) and Σr
/// the ranges of limited riders and hoppers. The mover's initial moves are walked from its
/// double-step rank only.
pub struct Router<'a> {
    pos: &'a Position,
    rect: Rect,
    colour: Colour,
    steps: Vec<Step>,
    /// `piece + 1` per square, 0 when empty.
    occupant: Vec<u32>,
    /// Per piece: its bit in the capture mask, 0 when not capturable.
    cap_bit: Vec<Mask>,
    /// Safe squares per subset, built when a search first reaches the subset and kept.
    safe: RwLock<FxHashMap<Mask, Arc<SquareSet>>>,
    /// Per step: its index among the ray-marking steps, if it is one.
    rider: Vec<Option<usize>>,
    /// Per step: a multi-leg step compiled to fixed offsets (`LegPath::plan`; flat boards
    /// only), walked as a lame leap or a marked ride instead of by the general leg walker.
    plans: Vec<Option<LegPlan>>,
    /// Per step: its line on the board ([`Rect::line`]), made once: a wrapped board's rays
    /// step by it (made per ray, it cost more than the short rays it walks).
    lines: Vec<Line>,
    /// When every step is a plain leap (no ride, hop or lame leg) and some piece may be
    /// captured: per square and step, the square it lands on (`NO_SQUARE` off the board).
    /// Built once, O(squares × steps).
    leaps: Option<Vec<u32>>,
    riders: usize,
    /// The mover's initial moves (Betza `i`) and the rank it may make them from
    /// ([`Rule::initial_region`]); walked square by square, from that rank only.
    initial: Vec<Step>,
    initial_rank: Option<i64>,
    /// Squares attacked by hostile pieces that cannot be captured (so in every subset), built
    /// on the first route question.
    fixed_attacks: OnceLock<SquareSet>,
    /// A variant's mover ([`crate::attack::Mover::by_square`]): its moves per square.
    by_square: Option<BySquare>,
    /// Whether a move of the mover may capture a piece it does not end on (a locust capture,
    /// XBetza `ca`): the search then records where such states came from.
    locust: bool,
    /// Told the states reached and their bound (squares × subsets reached) after each layer.
    progress: Option<Progress<'a>>,
    /// What a search may hold: its states and the router's tables, which take
    /// `fixed_bytes` ([`Router::bytes_needed`]).
    budget: Budget,
    fixed_bytes: u64,
}

/// [`SquareMoves`] ready to walk: the kind per square, and each kind's steps with the squares
/// they may end on.
struct BySquare {
    /// Per square: its kind's index.
    kind_at: Vec<u32>,
    kinds: Vec<KindSteps>,
    /// Initial steps with the squares they start from.
    initial: Vec<(Vec<Step>, SquareSet)>,
    /// A general under the flying-general rule ([`crate::attack::Confinement::general`]): it
    /// never stops where it faces a hostile general along an open line.
    general: bool,
}

/// One kind's steps for the mover's colour, each with the squares it may end on.
struct KindSteps {
    steps: Vec<(Step, Option<Vec<Coord>>)>,
    /// Its rule's region, for initial moves.
    region: Option<Vec<Coord>>,
    unhoppable: bool,
}

const NO_SQUARE: u32 = u32::MAX;
/// Marks the end of a layer of distance in the search queue (no state packs to it: subset ids
/// are below `u32::MAX`).
const LAYER: u64 = u64::MAX;

impl<'a> Router<'a> {
    /// The most capturable pieces: a capture subset is a 128-bit mask. (The subsets a search
    /// reaches are what its budget limits, not their count `2^k`.)
    pub const MAX_CAPTURABLE: usize = Mask::BITS as usize;
    /// The most squares of a board: a square and a capture flag share a `u32`.
    pub const MAX_SQUARES: usize = 1 << 26;

    /// Bytes a router for a mover of `rule` needs on `squares` squares with `capturable` pieces
    /// before its search reaches any state: per square occupancy, a distance map's entry and
    /// a leap table's row (12 + 4 per step); per capturable piece its mask (16); and the first
    /// capture subset's arrays (a parent, a reached and a safe bit per square and a bit per
    /// ray-marking step). The states a search then reaches are charged as it reaches them
    /// ([`Router::with_budget`]). `None` on overflow.
    #[must_use]
    pub fn bytes_needed(squares: usize, capturable: usize, rule: &Rule) -> Option<u64> {
        let steps = rule.steps(Colour::White);
        let riders = steps.iter().filter(|s| marks_rays(s, Wrap::None)).count() as u64;
        let per_square = (16 + 4 * steps.len() as u64).checked_add((2 + riders).div_ceil(8))?;
        crate::limits::mul_add(squares as u64, per_square, 16 * capturable as u64 + 256)
    }

    /// A router for a mover of `rule` and `colour` among the pieces of `pos`, which may capture
    /// the hostile pieces listed in `capturable`.
    ///
    /// # Panics
    /// Never: a checked [`Position`] has every piece on its board.
    ///
    /// # Errors
    ///
    /// [`PathError`] on a strip, for a piece that cannot be captured, or for more capturable
    /// pieces or squares than [`Router::MAX_CAPTURABLE`] and [`Router::MAX_SQUARES`].
    pub fn new(
        pos: &'a Position,
        rule: &Rule,
        colour: Colour,
        capturable: &[usize],
    ) -> Result<Self, PathError> {
        let rect = pos.rect().ok_or(PathError::NotBounded)?;
        let mut capturable: Vec<usize> = capturable.to_vec();
        capturable.sort_unstable();
        capturable.dedup();
        if capturable.len() > Self::MAX_CAPTURABLE || rect.len() > Self::MAX_SQUARES {
            return Err(PathError::TooManyCapturable(capturable.len(), rect.len()));
        }
        let mut cap_bit: Vec<Mask> = vec![0; pos.pieces().len()];
        for (b, &p) in capturable.iter().enumerate() {
            if p < pos.pieces().len() && pos.is_hostile(p, colour) {
                cap_bit[p] = 1 << b;
            } else {
                return Err(PathError::NotCapturable(p));
            }
        }
        let mut occupant = vec![0u32; rect.len()];
        for (i, p) in pos.pieces().iter().enumerate() {
            let s = rect
                .square(p.at)
                .expect("a checked position has its pieces on the board");
            occupant[s.index()] = i as u32 + 1;
        }
        let steps = rule.steps(colour);
        let initial = rule.initial_steps(colour);
        let initial_rank =
            Rule::initial_region(colour, u64::from(rect.height())).filter(|_| !initial.is_empty());
        let lines = steps.iter().map(|st| rect.line(st.delta)).collect();
        let plans = steps
            .iter()
            .map(|st| match st.motion {
                Motion::Path { path } if rect.wrap().is_flat() => path.plan().copied(),
                Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => None,
            })
            .collect();
        let mut riders = 0;
        let rider = steps
            .iter()
            .map(|s| {
                marks_rays(s, rect.wrap()).then(|| {
                    riders += 1;
                    riders - 1
                })
            })
            .collect();
        // The table pays when squares are expanded once per capture subset; without capturable
        // pieces each square is expanded at most once, and building it for the whole board
        // would cost more than a search that reaches a few squares (a trapped knight).
        let plain = !capturable.is_empty()
            && steps.iter().all(|s| match s.motion {
                Motion::Leap { legs } => legs.is_empty(),
                Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => false,
            });
        let leaps = plain.then(|| {
            rect.squares()
                .flat_map(|s| {
                    let from = rect.coord(s);
                    steps.iter().map(move |st| {
                        // A wrapped leap back onto its own square is no move.
                        rect.step(from, st.delta)
                            .filter(|&c| c != from)
                            .and_then(|c| rect.square(c))
                            .map_or(NO_SQUARE, |t| t.0)
                    })
                })
                .collect()
        });
        Ok(Self {
            pos,
            rect,
            colour,
            leaps,
            steps,
            occupant,
            cap_bit,
            safe: RwLock::default(),
            lines,
            rider,
            plans,
            riders,
            initial,
            initial_rank,
            fixed_attacks: OnceLock::new(),
            by_square: None,
            locust: rule.paths().iter().any(LegPath::is_locust),
            progress: None,
            budget: Budget::default(),
            fixed_bytes: Self::bytes_needed(rect.len(), capturable.len(), rule).unwrap_or(u64::MAX),
        })
    }

    /// The router for a variant's mover, whose moves change with its square (see
    /// [`SquareMoves`]; they replace the rule's). Its squares off the board are ignored.
    /// O(squares + size of `moves`).
    ///
    /// # Errors
    ///
    /// [`PathError::NoSuchMoverKind`] when a square of `moves` names a kind it does not have
    /// (or it has none).
    pub fn moving_by(self, moves: &SquareMoves) -> Result<Self, PathError> {
        let colour = self.colour;
        let legs = moves.kinds.iter().flat_map(|k| {
            let extra = k.confine.as_deref().map_or(&[][..], |c| &c.extra[..]);
            k.rule
                .paths()
                .iter()
                .chain(extra.iter().flat_map(|(r, _)| r.paths()))
        });
        if let Some(path) = legs
            .chain(moves.initial.iter().flat_map(|(r, _)| r.paths()))
            .next()
        {
            return Err(PathError::Legs(path.kind_name()));
        }
        let kinds = moves
            .kinds
            .iter()
            .map(|k| {
                let confine = k.confine.as_deref();
                // The walk looks squares up by binary search: sorted here whatever the caller gave.
                let sorted = |on: &Option<Vec<Coord>>| {
                    on.clone().map(|mut v| {
                        v.sort_unstable();
                        v
                    })
                };
                let region = confine.and_then(|c| sorted(&c.region[colour.index()]));
                let mut steps: Vec<_> = k
                    .rule
                    .steps(colour)
                    .into_iter()
                    .map(|s| (s, region.clone()))
                    .collect();
                for (rule, on) in confine.map_or(&[][..], |c| &c.extra[..]) {
                    let on = sorted(on);
                    steps.extend(rule.steps(colour).into_iter().map(|s| (s, on.clone())));
                }
                KindSteps {
                    steps,
                    region,
                    unhoppable: confine.is_some_and(|c| c.unhoppable),
                }
            })
            .collect();
        let mut kind_at = vec![0u32; self.rect.len()];
        for &(c, k) in &moves.squares {
            let named = u32::try_from(k).ok().filter(|_| k < moves.kinds.len());
            let kind = named.ok_or(PathError::NoSuchMoverKind {
                square: c,
                kind: k,
                kinds: moves.kinds.len(),
            })?;
            if let Some(s) = self.rect.square(c) {
                kind_at[s.index()] = kind;
            }
        }
        let initial = moves
            .initial
            .iter()
            .map(|(rule, on)| {
                let mut set = SquareSet::new(self.rect.len());
                for s in on.iter().filter_map(|&c| self.rect.square(c)) {
                    set.insert(s);
                }
                (rule.initial_steps(colour), set)
            })
            .collect();
        if moves.kinds.is_empty() {
            return Err(PathError::NoSuchMoverKind {
                square: self.rect.coord(Square(0)),
                kind: 0,
                kinds: 0,
            });
        }
        let general = moves
            .kinds
            .iter()
            .any(|k| k.confine.as_ref().is_some_and(|c| c.general));
        Ok(Self {
            by_square: Some(BySquare {
                kind_at,
                kinds,
                initial,
                general,
            }),
            // The leap table is for one set of steps on every square.
            leaps: None,
            ..self
        })
    }

    /// The router, telling `progress` the states reached and their bound (squares × capture
    /// subsets) after each layer of distance of every search.
    #[must_use]
    pub fn with_progress(self, progress: Progress<'a>) -> Self {
        Self {
            progress: Some(progress),
            ..self
        }
    }

    /// The router, its searches refused when the states they reach, with the router's own
    /// tables ([`Router::bytes_needed`]), would exceed `budget` (without it: [`Budget::default`]).
    #[must_use]
    pub fn with_budget(self, budget: Budget) -> Self {
        Self { budget, ..self }
    }

    fn surface(&self, captured: Mask) -> SubsetSurface<'_> {
        SubsetSurface {
            pos: self.pos,
            rect: self.rect,
            occupant: &self.occupant,
            cap_bit: &self.cap_bit,
            captured,
        }
    }

    /// Squares no active hostile piece attacks, for one capture subset — nor, for a general
    /// under the flying-general rule, faces along an open line: built on first use,
    /// O(squares + rays), then kept (O(1) expected: a hash look-up).
    fn safe_set(&self, captured: Mask) -> Arc<SquareSet> {
        let cached = self
            .safe
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&captured)
            .cloned();
        if let Some(safe) = cached {
            return safe;
        }
        let safe = Arc::new({
            let rect = self.rect;
            let mut safe = SquareSet::full(rect.len());
            let surface = self.surface(captured);
            let general = self.by_square.as_ref().is_some_and(|b| b.general);
            for (i, p) in self.pos.pieces().iter().enumerate() {
                if p.colour == self.colour || self.cap_bit[i] & captured != 0 {
                    continue;
                }
                let mut sink = |c: Coord| {
                    if let Some(s) = rect.square(c) {
                        safe.remove(s);
                    }
                };
                self.pos.walk_attacks(i, &surface, &mut sink);
                if general {
                    self.pos.walk_facing(i, &surface, &mut sink);
                }
            }
            safe
        });
        let mut cache = self.safe.write().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(cache.entry(captured).or_insert(safe))
    }

    /// The start's square: on the board and empty.
    fn check_start(&self, start: Coord) -> Result<Square, PathError> {
        let s0 = self.rect.square(start).ok_or(PathError::StartOffBoard(start))?;
        if self.occupant[s0.index()] != 0 {
            return Err(PathError::StartOccupied(start));
        }
        Ok(s0)
    }

    /// Breadth-first search from `start` in `scratch`, recording parents when `routes`;
    /// `stop(captured, square, distance)` ends it early. Returns the state that stopped it
    /// (packed with its subset's id in `scratch`). Capture subsets get their ids and arrays as
    /// the search reaches them, charged against the budget with the states reached.
    fn search(
        &self,
        scratch: &mut Scratch,
        start: Coord,
        routes: bool,
        mut stop: impl FnMut(Mask, Square, u32) -> bool,
    ) -> Result<Option<u64>, PathError> {
        let s0 = self.check_start(start)?;
        let sc = scratch;
        sc.prepare(
            (self.rect.len(), self.riders),
            routes,
            self.budget,
            self.fixed_bytes,
        );
        let id0 = sc.intern(0, |m| self.safe_set(m))?;
        sc.visit(id0, s0, u32::MAX)?;
        if stop(0, s0, 0) {
            return Ok(Some(state(id0, s0)));
        }
        sc.queue.push_back(LAYER);
        let mut next = std::mem::take(&mut sc.next);
        let mut found = None;
        // The distance of the states being expanded: the queue holds one layer, a LAYER mark,
        // then the next layer.
        let mut d = 0u32;
        let squares = self.rect.len() as u64;
        'bfs: while let Some(st) = sc.queue.pop_front() {
            if st == LAYER {
                if let Some(p) = self.progress {
                    p(
                        "searching routes",
                        sc.reached,
                        squares * sc.reached_subsets() as u64,
                    );
                }
                if sc.queue.is_empty() {
                    break;
                }
                d += 1;
                sc.queue.push_back(LAYER);
                continue;
            }
            let (id, s) = unpack(st);
            next.clear();
            let sub = sc.subset_mut(id);
            let captured = sub.mask;
            self.expand(captured, s, (&sub.seen, &sub.safe), &mut sub.passed, &mut next);
            for &(c, t) in &next {
                let (to, from) = if c == captured {
                    (id, s.0)
                } else {
                    (sc.intern(c, |m| self.safe_set(m))?, s.0 | 1 << 31)
                };
                if sc.visit(to, t, from)? {
                    if routes && self.locust && c != captured {
                        sc.came_from(state(to, t), id)?;
                    }
                    if stop(c, t, d + 1) {
                        found = Some(state(to, t));
                        break 'bfs;
                    }
                }
            }
        }
        sc.next = next;
        Ok(found)
    }

    /// One marked ride's ray from `from` on a wrapped board ([`marks_rays`]: hops are not
    /// marked there): it offers each square until a piece (included), a mark of an earlier ray
    /// of the same step (`r`-th marking step) in this subset, or the square it left — its line
    /// came round. O(squares entered).
    #[inline]
    fn ride_wrapped(
        &self,
        line: &Line,
        r: usize,
        (from, s): (Coord, Square),
        surface: &SubsetSurface<'_>,
        passed: &mut [u64],
        offer: &mut impl FnMut(Square),
    ) {
        for t in line.squares(from, s) {
            let bit = t.index() * self.riders + r;
            if passed[bit / 64] >> (bit % 64) & 1 == 1 {
                return;
            }
            passed[bit / 64] |= 1 << (bit % 64);
            offer(t);
            if surface.piece(t).is_some() {
                return;
            }
        }
    }

    /// The states one move from square `s` under `captured`, pushed onto `next`: each step
    /// walked as [`Router`]'s docs say (a leap table, marked rays, the walker), and the initial
    /// moves from the double-step rank.
    #[expect(
        clippy::too_many_lines,
        reason = "the hot loop: a flat board's marked rays stay inline (measured: 4 % fewer instructions than through a helper)"
    )]
    fn expand(
        &self,
        captured: Mask,
        s: Square,
        (seen, safe): (&[u64], &SquareSet),
        passed: &mut [u64],
        next: &mut Vec<(Mask, Square)>,
    ) {
        let steps = &self.steps[..];
        // Most moves stay in this subset and reach a square reached before: dropped here, on
        // the subset at hand, before the general visit.
        let fresh = |t: Square| seen[t.index() / 64] >> (t.index() % 64) & 1 == 0;
        let surface = self.surface(captured);
        if let Some(leaps) = &self.leaps {
            // Plain leaps: one table lookup per step, no walker. A square reached before in
            // this subset holds no piece of it (the mover never stands on one), so it is
            // dropped first.
            let row = &leaps[s.index() * steps.len()..(s.index() + 1) * steps.len()];
            for (step, &t) in steps.iter().zip(row) {
                let t = Square(t);
                if t.0 == NO_SQUARE || !fresh(t) || !safe.contains(t) {
                    continue;
                }
                match surface.piece(t) {
                    None if step.can_move => next.push((captured, t)),
                    Some(p) if step.can_capture && self.cap_bit[p] != 0 => {
                        next.push((captured | self.cap_bit[p], t));
                    }
                    _ => {}
                }
            }
        }
        let from = self.rect.coord(s);
        // A landing `t` of `step`: to an empty safe square, or capturing a capturable piece.
        let offer = |step: &Step, t: Square, next: &mut Vec<(Mask, Square)>| match surface.piece(t) {
            None if step.can_move && safe.contains(t) && fresh(t) => next.push((captured, t)),
            Some(p) if step.can_capture && self.cap_bit[p] != 0 && safe.contains(t) => {
                next.push((captured | self.cap_bit[p], t));
            }
            _ => {}
        };
        if let Some(by) = &self.by_square {
            // A variant's mover: its kind on this square, walked with its confinement.
            let kind = &by.kinds[by.kind_at[s.index()] as usize];
            let initial = by.initial.iter().filter(|(_, on)| on.contains(s));
            let steps = kind.steps.iter().map(|(st, on)| (st, on.as_deref()));
            let initial = initial.flat_map(|(steps, _)| steps.iter().map(|st| (st, kind.region.as_deref())));
            for (step, on) in steps.chain(initial) {
                let mut sink = |c: Coord| {
                    offer(
                        step,
                        self.rect.square(c).expect("the walker stays on the board"),
                        next,
                    );
                };
                self.pos
                    .walk_confined_step(step, from, on, kind.unhoppable, &surface, &mut sink);
            }
            return;
        }
        for (k, step) in steps.iter().enumerate().filter(|_| self.leaps.is_none()) {
            if let Motion::Path { path } = step.motion {
                if let Some(plan) = &self.plans[k] {
                    // A compiled path: its earlier legs' stops must be empty (the mover's own
                    // square is), then its last leg is a plain leap, or a ride marked as a
                    // rider's (`LegPath::plan`). The subset changes only by the piece it
                    // ends on, as a leap's or a ride's does.
                    let stops_empty = plan.stops().all(|d| {
                        from.offset(d)
                            .and_then(|c| self.rect.square(c))
                            .is_some_and(|q| surface.piece(q).is_none())
                    });
                    let base = from.offset(plan.base());
                    match (stops_empty, base, self.rider[k]) {
                        (true, Some(mut at), Some(r)) => {
                            while let Some(t) = at.offset(plan.step()).and_then(|c| {
                                at = c;
                                self.rect.square(c)
                            }) {
                                let bit = t.index() * self.riders + r;
                                if passed[bit / 64] >> (bit % 64) & 1 == 1 {
                                    break;
                                }
                                passed[bit / 64] |= 1 << (bit % 64);
                                offer(step, t, next);
                                if surface.piece(t).is_some() {
                                    break;
                                }
                            }
                        }
                        (true, Some(at), None) => {
                            if let Some(t) = at.offset(plan.step()).and_then(|c| self.rect.square(c)) {
                                offer(step, t, next);
                            }
                        }
                        _ => {}
                    }
                    continue;
                }
                self.path_moves(&path, from, captured, &surface, (&fresh, safe), next);
                continue;
            }
            let mut offer = |t: Square| offer(step, t, next);
            // A ray stops where an earlier ray of the same step (from a square no
            // farther from the start) has already run: everything beyond was offered
            // then, one move from a square at most as far ([`marks_rays`]). So each
            // (square, step) is walked once per subset: O(squares × steps).
            if let Some(r) = self.rider[k] {
                if self.rect.wrap().is_flat() {
                    // Coordinates stepped directly: no division per square (a flat board's
                    // line never comes back, so its own loop).
                    let hop = step.hops();
                    let mut at = from;
                    let mut screen = None;
                    while let Some(t) = at.offset(step.delta).and_then(|c| {
                        at = c;
                        self.rect.square(c)
                    }) {
                        let bit = t.index() * self.riders + r;
                        if passed[bit / 64] >> (bit % 64) & 1 == 1 {
                            break;
                        }
                        passed[bit / 64] |= 1 << (bit % 64);
                        if !hop {
                            offer(t);
                        }
                        if surface.piece(t).is_some() {
                            screen = hop.then_some(at);
                            break;
                        }
                    }
                    if let Some(screen) = screen {
                        let beyond = match step.motion {
                            Motion::Hop { range, legs } => Step {
                                motion: Motion::Ride { range, legs },
                                ..*step
                            },
                            Motion::Leap { .. } | Motion::Ride { .. } | Motion::Path { .. } => *step,
                        };
                        let mut sink =
                            |c: Coord| offer(self.rect.square(c).expect("the walker stays on the board"));
                        walk::walk_step(&beyond, screen, &surface, &mut sink);
                    }
                } else {
                    self.ride_wrapped(&self.lines[k], r, (from, s), &surface, passed, &mut offer);
                }
            } else {
                let mut sink = |c: Coord| offer(self.rect.square(c).expect("the walker stays on the board"));
                walk::walk_step(step, from, &surface, &mut sink);
            }
        }
        // Initial moves (move-only), from the region's rank only.
        if self.initial_rank == Some(from.rank) {
            for step in &self.initial {
                let mut sink = |c: Coord| {
                    offer(
                        step,
                        self.rect.square(c).expect("the walker stays on the board"),
                        next,
                    );
                };
                walk::walk_step(step, from, &surface, &mut sink);
            }
        }
    }

    /// The states one move along `path` from `from` under `captured` leads to, pushed onto
    /// `next`: every piece the move captures (where it ends, or on the way: a locust victim)
    /// must be capturable — a friend (`d`) never is — and it must end on an empty square, or
    /// on the piece it captured there, that is safe once its victims are gone (a victim may
    /// have blocked a line to it). Pieces it hops stay. O(the path's walk)
    /// ([`legs::each_move`]: a few squares for XBetza's pieces, a ray's length for each
    /// riding leg).
    fn path_moves(
        &self,
        path: &LegPath,
        from: Coord,
        captured: Mask,
        surface: &SubsetSurface<'_>,
        (fresh, safe): (&impl Fn(Square) -> bool, &SquareSet),
        next: &mut Vec<(Mask, Square)>,
    ) {
        legs::each_move(path, from, Some(self.colour), surface, &mut |to, taken| {
            let mut c = captured;
            for &(v, take) in taken.iter().filter(|t| t.1) {
                match self.rect.square(v).and_then(|q| surface.piece(q)) {
                    Some(p) if self.cap_bit[p] != 0 && take => c |= self.cap_bit[p],
                    _ => return,
                }
            }
            let Some(t) = self.rect.square(to) else { return };
            if (c == captured && !fresh(t)) || surface.piece(t).is_some_and(|p| c & self.cap_bit[p] == 0) {
                return;
            }
            // Nothing captured: the subset at hand's safe squares, without the shared cache.
            let safe_after = if c == captured {
                safe.contains(t)
            } else {
                self.safe_set(c).contains(t)
            };
            if safe_after {
                next.push((c, t));
            }
        });
    }

    /// The pieces a move from `from` under subset `before` to `to` under `after` captured, in
    /// the order the move takes them: found again among the mover's leg moves (a locust may
    /// take two), else in index order. O(the mover's leg moves from `from`).
    fn victims(&self, from: Square, before: Mask, to: Square, after: Mask) -> Vec<usize> {
        let bits = after & !before;
        let surface = self.surface(before);
        let mut found = None;
        for step in &self.steps {
            if let (Motion::Path { path }, None) = (step.motion, &found) {
                let (from, to) = (self.rect.coord(from), self.rect.coord(to));
                legs::each_move(&path, from, Some(self.colour), &surface, &mut |t, taken| {
                    let pieces: Option<Vec<usize>> = taken
                        .iter()
                        .filter(|v| v.1)
                        .map(|v| self.rect.square(v.0).and_then(|q| surface.piece(q)))
                        .collect();
                    // A locust victim stays on its square for the later legs, so a move may
                    // end where it took one (`coafrmtnabtnJ`): that is one piece, taken once.
                    let pieces = pieces.map(|mut ps| {
                        let mut seen = 0;
                        ps.retain(|&p| {
                            seen & self.cap_bit[p] == 0 && {
                                seen |= self.cap_bit[p];
                                true
                            }
                        });
                        ps
                    });
                    let Some(pieces) = pieces.filter(|ps| ps.iter().all(|&p| self.cap_bit[p] != 0)) else {
                        return;
                    };
                    let mask: Mask = pieces.iter().fold(0, |m, &p| m | self.cap_bit[p]);
                    if found.is_none() && t == to && mask == bits {
                        found = Some(pieces);
                    }
                });
            }
        }
        found.unwrap_or_else(|| {
            (0..self.cap_bit.len())
                .filter(|&p| self.cap_bit[p] & bits != 0)
                .collect()
        })
    }

    fn route_to(&self, scratch: &Scratch, end: u64) -> Route {
        let mut squares = Vec::new();
        let mut captured = Vec::new();
        let (id, mut s) = unpack(end);
        let mut mask = scratch.subset(id).mask;
        let mut id = id;
        loop {
            squares.push(self.rect.coord(s));
            let prev = scratch.subset(id).parent[s.index()];
            if prev == u32::MAX {
                break;
            }
            let parent = Square(prev & !(1 << 31));
            if let Some(before) = scratch.came_from_of(state(id, s)) {
                // A locust mover's capture: the subset it came from was recorded.
                let before_mask = scratch.subset(before).mask;
                captured.extend(self.victims(parent, before_mask, s, mask).into_iter().rev());
                mask = before_mask;
                id = before;
            } else if prev >> 31 == 1 {
                // Reached by capturing the piece that stood here: before, it was not captured.
                let piece = self.occupant[s.index()] as usize - 1;
                captured.push(piece);
                mask &= !self.cap_bit[piece];
                id = scratch.id(mask).expect("a route's subsets were reached");
            }
            s = parent;
        }
        squares.reverse();
        captured.reverse();
        Route { squares, captured }
    }

    /// Whether the mover can never stand on `s`: a piece that cannot be captured stands there,
    /// or a hostile piece that cannot be captured attacks it. Attacks of such pieces only grow
    /// as capturable pieces leave (fewer blockers, fewer blocked legs), so attacked with nothing
    /// captured means attacked in every subset — hoppers excepted (a captured screen takes their
    /// attack away), so their hops are not counted. O(squares + rays) on the first call, O(1) after.
    fn never_safe(&self, s: Square, start: Coord) -> bool {
        let o = self.occupant[s.index()];
        if o != 0 && self.cap_bit[o as usize - 1] == 0 {
            return true;
        }
        if self.rect.coord(s) == start {
            return false;
        }
        let fixed = self.fixed_attacks.get_or_init(|| {
            let rect = self.rect;
            let mut set = SquareSet::new(rect.len());
            let surface = self.surface(0);
            for (i, p) in self.pos.pieces().iter().enumerate() {
                if p.colour != self.colour && self.cap_bit[i] == 0 {
                    let mut sink = |c: Coord| {
                        if let Some(q) = rect.square(c) {
                            set.insert(q);
                        }
                    };
                    // Hoppers are left out: capturing their screen takes their attack away; so
                    // are leg moves (a hopped piece, a screen, a second victim may leave).
                    self.pos.walk_attacks_where(i, &surface, &mut sink, |st| {
                        !st.hops() && !matches!(st.motion, Motion::Path { .. })
                    });
                }
            }
            set
        });
        fixed.contains(s)
    }

    /// A shortest route from `start` to `goal`, or `None` when there is none. A goal the mover
    /// can never stand on (a piece that cannot be captured stands there, or one attacks it) is
    /// answered without a search.
    ///
    /// # Panics
    /// Never: a capturable piece of a checked position stands on its board.
    ///
    /// # Errors
    ///
    /// [`PathError`] for a start off the board or on a piece, a target off the board, or a goal piece that cannot be captured.
    pub fn route(&self, scratch: &mut Scratch, start: Coord, goal: Goal) -> Result<Option<Route>, PathError> {
        let end = match goal {
            Goal::Reach(t) => {
                let ts = self.rect.square(t).ok_or(PathError::TargetOffBoard(t))?;
                self.check_start(start)?;
                if self.never_safe(ts, start) {
                    return Ok(None);
                }
                self.search(scratch, start, true, |_, s, _| s == ts)?
            }
            Goal::Capture(p) => {
                let bit = *self
                    .cap_bit
                    .get(p)
                    .filter(|&&b| b != 0)
                    .ok_or(PathError::NotCapturable(p))?;
                let ts = self.rect.square(self.pos.pieces()[p].at).expect("on board");
                self.check_start(start)?;
                // A locust mover may capture it without standing on its square.
                if !self.locust && self.never_safe(ts, start) {
                    return Ok(None);
                }
                // The first state without the piece is reached by the move that captures it.
                self.search(scratch, start, true, |c, _, _| c & bit != 0)?
            }
        };
        Ok(end.map(|e| self.route_to(scratch, e)))
    }

    /// Fewest moves from `start` to `goal`, or `None` when unreachable.
    ///
    /// # Errors
    ///
    /// As [`Router::route`].
    pub fn distance(
        &self,
        scratch: &mut Scratch,
        start: Coord,
        goal: Goal,
    ) -> Result<Option<u32>, PathError> {
        Ok(self.route(scratch, start, goal)?.map(|r| r.moves() as u32))
    }

    /// Fewest moves from `start` to every square (over every capture subset).
    ///
    /// # Errors
    ///
    /// [`PathError`] for a start off the board or on a piece.
    pub fn distances(&self, scratch: &mut Scratch, start: Coord) -> Result<DistanceMap, PathError> {
        let mut distance = vec![None; self.rect.len()];
        self.search(scratch, start, false, |_, s, d| {
            if distance[s.index()].is_none() {
                distance[s.index()] = Some(d);
            }
            false
        })?;
        Ok(DistanceMap {
            rect: self.rect,
            first_file: 1,
            distance,
        })
    }
}

#[inline]
/// Whether a step's rays are marked square by square in a search: an unlimited ride, or a hop
/// with any range beyond its screen or just behind it, without a lame leg. What such a step
/// offers from a square depends only on the first piece along its line from there (a rider:
/// every square up to and including it; a hopper: the squares beyond it), so a ray that enters
/// a square an earlier ray of the same step entered (in the same subset) would offer nothing
/// new, and stops. (A hop limited to `n ≥ 2` leaps from the piece depends on where it starts.)
fn marks_rays(s: &Step, wrap: Wrap) -> bool {
    match s.motion {
        // A compiled path riding on: its ray from the last stop is a plain ride's.
        Motion::Path { path } if wrap.is_flat() => path.plan().is_some_and(LegPlan::rides),
        Motion::Ride { range: 0, legs } => legs.is_empty(),
        // On a wrapped board a hop's landings stop before the mover's own square, which the
        // landings walked from the screen would not know: hops are walked whole there.
        Motion::Hop { range: 0 | 1, legs } => legs.is_empty() && wrap.is_flat(),
        Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::{Kind, Placed};
    use crate::geometry::Board;

    fn position(w: u64, h: u64, rooks: &[(i64, i64)]) -> Position {
        let rect = Rect::new(w, h).expect("board");
        let kinds = vec![Kind::new('R', "R".parse().expect("rook"))];
        let pieces = rooks
            .iter()
            .map(|&(f, r)| Placed {
                kind: 0,
                colour: Colour::Black,
                at: Coord::new(f, r),
            })
            .collect();
        Position::new(Board::Rect(rect), kinds, pieces).expect("position")
    }

    /// A wall blocks the mover's lines and is never captured, whichever side the mover is.
    #[test]
    fn walls_block_and_cannot_be_captured() {
        let pos = Position::from_fen("8/8/8/8/8/8/8/4*3 w").expect("fen");
        let rook: Rule = "R".parse().expect("rook");
        for colour in Colour::BOTH {
            let r = Router::new(&pos, &rook, colour, &[]).expect("router");
            let mut sc = Scratch::default();
            let d = r.distance(&mut sc, Coord::new(1, 1), Goal::Reach(Coord::new(8, 1)));
            assert_eq!(d, Ok(Some(3)), "{colour:?}: around the wall");
            let on = r.distance(&mut sc, Coord::new(1, 1), Goal::Reach(Coord::new(5, 1)));
            assert_eq!(on, Ok(None), "{colour:?}: onto the wall");
            assert_eq!(
                Router::new(&pos, &rook, colour, &[0]).err(),
                Some(PathError::NotCapturable(0))
            );
        }
    }

    /// One scratch serves routers of other shapes in turn, and one router serves two threads
    /// with a scratch each: every answer equals a fresh scratch's.
    #[test]
    fn scratch_is_reused_and_the_router_shared() {
        let big = position(9, 9, &[(5, 5), (2, 7)]);
        let small = position(5, 4, &[(3, 3)]);
        let knight: Rule = "N".parse().expect("knight");
        let queen: Rule = "Q".parse().expect("queen");
        let a = Router::new(&big, &knight, Colour::White, &[0, 1]).expect("router");
        let b = Router::new(&small, &queen, Colour::White, &[]).expect("router");
        let fresh_a = a
            .distances(&mut Scratch::default(), Coord::new(1, 1))
            .expect("map");
        let fresh_b = b
            .distances(&mut Scratch::default(), Coord::new(1, 1))
            .expect("map");
        let mut scratch = Scratch::default();
        for _ in 0..2 {
            assert_eq!(a.distances(&mut scratch, Coord::new(1, 1)), Ok(fresh_a.clone()));
            assert_eq!(b.distances(&mut scratch, Coord::new(1, 1)), Ok(fresh_b.clone()));
        }
        let goal = Goal::Capture(0);
        let want = a
            .route(&mut Scratch::default(), Coord::new(1, 1), goal)
            .expect("route");
        assert!(want.as_ref().is_some_and(|r| r.captured.contains(&0)), "{want:?}");
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    let mut mine = Scratch::default();
                    assert_eq!(a.route(&mut mine, Coord::new(1, 1), goal), Ok(want.clone()));
                    assert_eq!(a.distances(&mut mine, Coord::new(1, 1)), Ok(fresh_a.clone()));
                });
            }
        });
    }
}
