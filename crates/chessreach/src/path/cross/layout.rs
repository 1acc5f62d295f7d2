//! Stretches and zones: where the cores lie, the zones between them, and the engine built for
//! a question.
//!
//! The files that matter ([`span`](crate::path::span): each piece's file with its finite reach,
//! the start, the target) are merged into intervals. Between two of them lies a *stretch* — no
//! piece, no finite attack, columns repeating with period `P` — and when it holds at least two
//! whole blocks besides two end blocks, aligned to the period, it gets a *core* of `M` blocks
//! with an end block `Lb` before it and `Rb` after it; the region `S = Lb ∪ core ∪ Rb` is
//! uniform. Everything else is a *zone*: from one core's `Rb` to the next core's `Lb` (the
//! first and last cores are half-infinite). Since no transition skips a block, a route enters
//! `S` only at a node of `Lb` or `Rb` and leaves it only from one, so each of its stays in `S`
//! is a path within `S` between two end-block nodes.
//!
//! Cores whose stretches have the same columns share a kind ([`super::stretch`]); zones with
//! the same width, squares and neighbouring cores' same-side entries share a *shape*, and
//! search alike.

use std::sync::atomic::AtomicUsize;
use std::sync::Mutex;

use rustc_hash::FxHashMap as HashMap;

use super::model::model;
use super::parts::{Core, Part, Shape, Side, Zone, SEARCHES_BYTES};
use super::stretch::{Kind, ENDLESS};
use super::{Engine, RowPolicy, Tuning};
use crate::attack::{attacks_of, Position};
use crate::geometry::{Board, Coord, Strip};
use crate::limits::Budget;
use crate::path::margin::{explicit_files, margin};
use crate::path::question::{Question, RouteError, Target};
use crate::path::Capturable;
use crate::piece::Colour;

/// The fewest blocks a core has.
const MIN_CORE: i128 = 2;

/// The hostile attacks of a strip position, indexed for column queries.
struct Attacks {
    /// Finitely attacked squares, sorted.
    finite: Vec<Coord>,
    /// Per rank (0-based): groups of disjoint ray intervals (step, residue, sorted intervals).
    rays: Vec<Vec<RayGroup>>,
}

/// Unlimited horizontal rays of one step and residue on one rank: disjoint intervals.
struct RayGroup {
    dx: i64,
    residue: i64,
    /// `[lo, hi]` covered on files of the residue, sorted.
    spans: Vec<(i64, i64)>,
}

impl Attacks {
    /// O(p log p + attacks).
    fn new(pos: &Position, colour: Colour, ranks: usize) -> Option<Self> {
        let Board::Strip(strip) = pos.board() else {
            return None;
        };
        let (finite, all_rays) = attacks_of(pos, strip, |i| pos.is_hostile(i, colour));
        let mut rays: Vec<Vec<RayGroup>> = (0..ranks).map(|_| Vec::new()).collect();
        for ray in all_rays {
            let dx = ray.step.dx;
            let first = ray.from.file.checked_add(dx)?;
            let (lo, hi) = match (dx > 0, ray.until) {
                (true, Some(u)) => (first, u.file),
                (true, None) => (first, i64::MAX),
                (false, Some(u)) => (u.file, first),
                (false, None) => (i64::MIN, first),
            };
            let residue = ray.from.file.rem_euclid(dx.abs());
            let groups = &mut rays[usize::try_from(ray.from.rank - 1).ok()?];
            match groups.iter_mut().find(|g| g.dx == dx && g.residue == residue) {
                Some(g) => g.spans.push((lo, hi)),
                None => groups.push(RayGroup {
                    dx,
                    residue,
                    spans: vec![(lo, hi)],
                }),
            }
        }
        for g in rays.iter_mut().flatten() {
            g.spans.sort_unstable();
        }
        Some(Self { finite, rays })
    }

    /// Whether any ray is known.
    fn has_rays(&self) -> bool {
        self.rays.iter().any(|r| !r.is_empty())
    }

    /// Whether a ray covers file `f` of rank `r` (0-based). O(groups · log rays).
    fn ray_covers(&self, f: i64, r: usize) -> bool {
        self.rays[r].iter().any(|g| {
            f.rem_euclid(g.dx.abs()) == g.residue && {
                let k = g.spans.partition_point(|s| s.0 <= f);
                k > 0 && g.spans[k - 1].1 >= f
            }
        })
    }
}

/// The sweep's engine for a question it answers (`None` for one it declines).
pub(super) fn engine(
    pos: &Position,
    strip: Strip,
    q: &Question,
    budget: Budget,
    tuning: Tuning,
) -> Option<Result<Engine, RouteError>> {
    engine_also(pos, strip, q, &[], budget, tuning)
}

/// [`engine`] with the files `also` explicit too (squares a search starts or ends on besides
/// the question's start and target). Cost as [`engine`].
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "files inside a zone and node counts are small and non-negative (zones are a few hundred files)"
)]
#[expect(
    clippy::too_many_lines,
    reason = "the build follows the module docs step by step"
)]
pub(super) fn engine_also(
    pos: &Position,
    strip: Strip,
    q: &Question,
    also: &[i64],
    budget: Budget,
    tuning: Tuning,
) -> Option<Result<Engine, RouteError>> {
    let Target::Square(t) = q.target else {
        return None;
    };
    let start = q.mover.at;
    let nothing = match &q.may_capture {
        Capturable::Nothing => true,
        Capturable::Squares(list) => list.is_empty(),
        Capturable::All => false,
    };
    if !nothing
        || q.mover.by_square.is_some()
        || !q.mover.rule.initial_steps(q.mover.colour).is_empty()
        || !strip.contains(t)
        || !strip.contains(start)
        || pos.piece_at(start).is_some()
    {
        return None;
    }
    let colour = q.mover.colour;
    let steps = q.mover.rule.steps(colour);
    let spans = margin(pos, strip, &steps, colour)?;
    let period = i64::try_from(spans.period).ok()?;
    let ranks = i64::from(strip.ranks());
    let model = model(&steps, ranks, period)?;
    let bw = model.width as i128;
    let attacks = Attacks::new(pos, colour, model.ranks)?;
    let mut ends = vec![start.file, t.file];
    ends.extend_from_slice(also);
    let merged = explicit_files(pos, spans.reach, &ends);
    // The strip has no file beyond an end of i64, and this engine takes it to go on: it
    // answers only where the files that matter keep the margin `W` of the window's proof
    // ([`span`](crate::path::span) docs) from both ends, so that a shortest route of the
    // endless strip stays on the real one.
    let room = i128::try_from(spans.margin).ok()?;
    if i128::from(merged.first()?.0) - room < i128::from(i64::MIN)
        || i128::from(merged.last()?.1) + room > i128::from(i64::MAX)
    {
        return None;
    }
    // Cores between the intervals, and the half-infinite ones at both ends.
    let align_up = |f: i128| f + (-f).rem_euclid(i128::from(period));
    let mut cut: Vec<(i128, u64)> = Vec::new(); // (Lb's first file, blocks)
    let first = i128::from(merged.first()?.0);
    let rb0 = (first - bw).div_euclid(bw) * bw; // Rb of the left end: ends before `first`
    let rb0 = rb0 - rb0.rem_euclid(i128::from(period));
    cut.push((rb0 - bw * 3, ENDLESS));
    for w in merged.windows(2) {
        let (lo, hi) = (i128::from(w[0].1) + 1, i128::from(w[1].0) - 1);
        let core = align_up(lo + bw);
        let m = (hi + 1 - bw - core).div_euclid(bw);
        if m >= MIN_CORE {
            cut.push((core - bw, u64::try_from(m).ok()?));
        }
    }
    cut.push((align_up(i128::from(merged.last()?.1) + 1), ENDLESS));
    if cut.len() < 3 {
        return None;
    }
    // Memory, estimated before anything large is built: each kind's matrices (up to 97 steps
    // of four n×n tables, and per step the dense crossing rows), the zones' squares (two flags
    // each), per zone its seeds and end distances (2n of each), and one search's arrays over
    // the widest zone. Searches and rows are remembered only in what the budget leaves (at
    // most 64 MB).
    let n = model.n() as u64;
    let kinds_bytes = 97 * (4 * 4 + 4) * n * n;
    let zone_start = |w: &[(i128, u64)]| {
        if w[0].1 == ENDLESS {
            w[0].0 + 3 * bw
        } else {
            w[0].0 + bw * (i128::from(w[0].1) + 1)
        }
    };
    let zone_bytes: u64 = cut
        .windows(2)
        .map(|w| u64::try_from(w[1].0 + bw - zone_start(w)).unwrap_or(u64::MAX))
        .fold(0u64, u64::saturating_add);
    let needed = crate::limits::mul_add(zone_bytes, model.ranks as u64 * (2 + 24 * model.states as u64), 0)
        .and_then(|z| crate::limits::mul_add(cut.len() as u64, 2 * n * 64, z))
        .map(|b| b.saturating_add(kinds_bytes));
    if let Err(e) = budget.check("the strip route search across long stretches", needed) {
        return Some(Err(e.into()));
    }
    // Zones between cores; kinds by their columns.
    let h = model.ranks;
    let empty_at = {
        let mut occupied: Vec<Coord> = pos.pieces().iter().map(|p| p.at).collect();
        occupied.sort_unstable();
        occupied
    };
    let column = |f: i64| -> u64 {
        (0..h)
            .filter(|&r| !attacks.ray_covers(f, r))
            .fold(0u64, |m, r| m | 1 << r)
    };
    let mut kinds: Vec<Kind> = Vec::new();
    let mut kind_of: HashMap<Vec<u64>, usize> = HashMap::default();
    let mut cores = Vec::with_capacity(cut.len());
    for &(lb, m) in &cut {
        // The columns of a period from a file of phase 0 inside the stretch.
        let at = if m == ENDLESS && lb == cut[0].0 {
            lb + 3 * bw
        } else {
            lb
        };
        let f0 = i64::try_from(at).ok()?;
        let safe: Vec<u64> = (0..period).map(|i| column(f0 + i)).collect();
        let kind = if let Some(&k) = kind_of.get(&safe) {
            k
        } else {
            kinds.push(Kind::new(&model, safe.clone())?);
            kind_of.insert(safe, kinds.len() - 1);
            kinds.len() - 1
        };
        cores.push(Core { lb, m, kind });
    }
    let mut zones = Vec::with_capacity(cores.len() - 1);
    let mut shapes: Vec<Shape> = Vec::new();
    let mut shape_of = HashMap::default();
    let (mut empty, mut safe) = (Vec::new(), Vec::new());
    for w in cores.windows(2) {
        let start = zone_start(&[(w[0].lb, w[0].m)]);
        let end = w[1].lb + bw; // exclusive
        let width = usize::try_from(end - start).ok()?;
        let start = i64::try_from(start).ok()?;
        // Per file, a bit per rank: empty, and safe.
        let full = model.all_ranks();
        empty.clear();
        empty.resize(width, full);
        safe.clear();
        safe.resize(width, full);
        let lo = empty_at.partition_point(|c| c.file < start);
        for c in empty_at[lo..]
            .iter()
            .take_while(|c| (c.file - start) < width as i64)
        {
            empty[(c.file - start) as usize] &= !(1 << (c.rank - 1));
        }
        let lo = attacks.finite.partition_point(|c| c.file < start);
        for c in attacks.finite[lo..]
            .iter()
            .take_while(|c| (c.file - start) < width as i64)
        {
            if (1..=h as i64).contains(&c.rank) {
                safe[(c.file - start) as usize] &= !(1 << (c.rank - 1));
            }
        }
        if attacks.has_rays() {
            for (x, col) in safe.iter_mut().enumerate() {
                for r in 0..h {
                    if attacks.ray_covers(start + x as i64, r) {
                        *col &= !(1 << r);
                    }
                }
            }
        }
        let same_side = |c: &Core| {
            let kind = &kinds[c.kind];
            (c.kind, kind.index(c.m).0.min(kind.m1))
        };
        // Looked up without copying the squares; kept once per shape.
        let key = (
            std::mem::take(&mut empty),
            std::mem::take(&mut safe),
            same_side(&w[0]),
            same_side(&w[1]),
        );
        let shape = if let Some(&shape) = shape_of.get(&key) {
            shape
        } else {
            shapes.push(Shape {
                empty: key.0.clone(),
                safe: key.1.clone(),
            });
            let shape = (shapes.len() - 1) as u32;
            shape_of.insert((key.0.clone(), key.1.clone(), key.2, key.3), shape);
            shape
        };
        (empty, safe) = (key.0, key.1);
        zones.push(Zone { start, width, shape });
    }
    let spare = budget.bytes().saturating_sub(needed.unwrap_or(u64::MAX));
    // Rows pay when a shape has about as many zones as its end blocks have nodes (a row is a
    // search; a zone by rows saves two).
    let mut count = vec![0usize; shapes.len()];
    for z in &zones {
        count[z.shape as usize] += 1;
    }
    let n = model.n();
    let tabled: Vec<bool> = count
        .into_iter()
        .map(|c| match tuning.rows {
            RowPolicy::Auto => 2 * c >= n,
            RowPolicy::Never => false,
            RowPolicy::Always => true,
        })
        .collect();
    Some(Ok(Engine {
        model,
        kinds,
        cores,
        zones,
        shapes,
        searches: Mutex::default(),
        searches_cap: usize::try_from(spare).unwrap_or(usize::MAX).min(SEARCHES_BYTES),
        rows: (0..tabled.len()).map(|_| Default::default()).collect(),
        tabled,
        rows_bytes: AtomicUsize::default(),
        no_return: Mutex::default(),
        tuning,
    }))
}

impl Engine {
    /// Zone of a file.
    pub(super) fn zone_of(&self, f: i64) -> usize {
        self.zones.partition_point(|z| z.start <= f) - 1
    }

    /// Node of a rest square in zone `z`.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a square of the zone: a small non-negative file offset and a rank"
    )]
    pub(super) fn rest(&self, z: usize, c: Coord) -> usize {
        self.model
            .node((c.file - self.zones[z].start) as usize, (c.rank - 1) as usize, 0)
    }

    /// The first node of zone `z`'s last block.
    pub(super) fn last(&self, z: usize) -> usize {
        self.model.nodes(self.zones[z].width - self.model.width)
    }

    /// Whether zone `z` is answered by rows ([`rows`](super::rows) docs): many zones have its shape,
    /// and it holds neither the start nor a goal (`ends`).
    pub(super) fn by_rows(&self, z: usize, ends: &[usize]) -> bool {
        self.tabled[self.zones[z].shape as usize] && !ends.contains(&z)
    }

    /// The end blocks of zone `z` facing its neighbours, leftwards and rightwards (`None` at the
    /// ends of the strip).
    pub(super) fn sides(&self, z: usize) -> [Option<Side>; 2] {
        let last = |z: usize| self.last(z);
        [
            (z > 0).then(|| Side {
                first: 0,
                core: z,
                part: Part::Rl,
                neighbour: z - 1,
                facing: last(z - 1),
            }),
            (z + 1 < self.zones.len()).then(|| Side {
                first: last(z),
                core: z + 1,
                part: Part::Lr,
                neighbour: z + 1,
                facing: 0,
            }),
        ]
    }

    /// The end block (0 for `Lb`) of zone `z`'s end-block node `v` and its index there.
    pub(super) fn port_side(&self, z: usize, v: usize) -> (usize, usize) {
        let (p, n) = (self.port(z, v), self.model.n());
        (p / n, p % n)
    }

    /// The index among zone `z`'s `2n` end-block nodes (`Lb` side first) of its node `v`, one
    /// of them.
    pub(super) fn port(&self, z: usize, v: usize) -> usize {
        let n = self.model.n();
        if v < n {
            v
        } else {
            n + v - self.last(z)
        }
    }
}
