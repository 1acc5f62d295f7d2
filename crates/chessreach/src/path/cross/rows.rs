//! Rows: zones of a shape many zones share, answered without a search.
//!
//! A zone whose shape many zones share (at least half as many as a block has nodes) and that holds
//! neither the start nor the target is not searched: its distances at its two end blocks are, for
//! each seed, the seed's distance plus its *row* — the distances from that end-block node to the
//! `2n` end-block nodes. A shape's rows from one end block are made at once, the first time one is
//! needed, by one search from the block's `n` nodes together: each zone node holds the set of those
//! that have reached it (`n` bits), and distance by distance the sets a node gets are merged and only
//! their new members go on (a length-0 transition within the same distance, a longer one to a later
//! one, those of length 1 merged per node as they come); a node's distance from a source is the
//! distance at which the source joined its set, exactly as the search from that source alone gives
//! it (the sets are the union of the single searches, each made in order of distance). The rows to
//! every zone node are kept in bytes with the transitions into each node; a row some of whose nodes
//! lie 255 or more away is left out and searched alone when needed (kept, like the searches, within
//! what the budget leaves, at most 64 MB). A seed whose node the nearer seeds already reach as soon
//! is skipped (a zone's distances obey the triangle inequality); the others are combined from the
//! nearest seed's distance in bytes where the seeds' spread and the rows fit (most do, and a zone
//! reads one shape's table), else in 32 bits (tight loops the compiler vectorises). Only end-block
//! nodes are seeds (crossings land there), and only their distances are carried on, so the sweep is
//! exact as before.
//!
//! # Nothing back
//!
//! Seeds from one neighbour alone are carried back to it only where that can help: per shape,
//! side and core index, the engine checks (two min-plus products) that every way `W(w, v)`
//! from a node `w` of the neighbour's facing block across the core into the zone's end block,
//! by the zone's rows to another of its nodes and back across the core to `v`, is at least
//! the core's same-side entry `E(w, v)`. Then a seed's `s_k ≥ R_w + T(w, k)` for the
//! neighbour's distance `R_w`, and whatever it brings back to `v` is at least `R_w + W(w, v) ≥
//! R_w + E(w, v) ≥ R_v`, since the neighbour's distances are closed under its same-side edges.
//! (A queen's zones never send anything back this way: half its carries.) Across a stretch safe on
//! every rank and at least `m1` blocks wide this holds without the products: such a way is a path
//! on squares of the stretch (the zone's squares are some of them, its moves some of the
//! stretch's, and the far core's same-side entries paths of squares beyond), so a path in the
//! stretch made wider by the zone, whose same-side entries are the core's own from `m1` blocks on.
//!
//! A route through such a zone is traced without a search ([`super::trace`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use super::minplus::mul;
use super::zone::{Scratch, Transitions, Via};
use super::{lock, Engine, INF, MAX_NODES};

/// A zone shape's rows from the `n` nodes of one of its end blocks (module docs).
pub(super) struct Rows {
    /// `n` rows of `2n` bytes: from each of the block's nodes, its distances to the `2n`
    /// end-block nodes (`Lb` side first, `u8::MAX` for none), where `tops` holds the row's
    /// largest entry; `u8::MAX` there for a row not in the table (or no table: the cap left
    /// no room).
    pub(super) table: Vec<u8>,
    pub(super) tops: Vec<u8>,
    /// The table by columns (each end-block node's entries from the `n` rows together), to
    /// trace a route into a chained zone: made the first time one is.
    pub(super) columns: OnceLock<Vec<u8>>,
    /// The rows in the table again, to every zone node (`n` rows of `nodes` bytes), and the
    /// transitions into each node (`into[from[v]..from[v + 1]]`: how, packed, and length), to
    /// trace a route ([`Engine::via_table`]).
    reach: Vec<u8>,
    from: Vec<u32>,
    into: Vec<(u32, u32)>,
    /// Per node of the block, its search alone ([`Engine::row`]), made when needed: a row not
    /// in the table (its distances, and to trace a route through it).
    searched: Box<[OnceLock<Row>]>,
}

/// A row searched alone: from one end-block node of a zone shape, the distances to its `2n`
/// end-block nodes (`Lb` side first, `INF` for none), and how the search reached every zone
/// node ([`Via::pack`]), to trace a route through such a zone.
#[derive(Clone)]
pub(super) struct Row {
    ports: Box<[u32]>,
    pub(super) via: Box<[u32]>,
}

/// A row's distances as read: bytes from its shape's table (and the largest), or words.
pub(super) enum RowView<'a> {
    Bytes(&'a [u8], u8),
    Words(&'a [u32]),
}

impl RowView<'_> {
    /// The distance to port `i`, `INF` for none.
    pub(super) fn get(&self, i: usize) -> u32 {
        match self {
            Self::Bytes(d, _) if d[i] == u8::MAX => INF,
            Self::Bytes(d, _) => u32::from(d[i]),
            Self::Words(d) => d[i],
        }
    }
}

/// What [`Engine::no_return`] depends on, remembered by: the zone's shape, the side, and the
/// core's kind and index in its sequence.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct ReturnKey {
    shape: u32,
    side: usize,
    kind: usize,
    index: usize,
}

/// A set of the nodes of a zone's end block (at most `MAX_NODES`), a bit each.
#[derive(Clone, Copy, Default)]
struct Set([u64; MAX_NODES.div_ceil(64)]);

impl Set {
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn union(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    /// The members not in `other`.
    fn less(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        out
    }

    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// The rows of zone `z`'s shape from its `side` end block at once (module docs):
/// one search from the block's `n` nodes together, each zone node holding the set of those
/// that reached it, distance by distance (the sets a node gets at one distance merged,
/// only a set's new members going on). Every row's distances to every zone node in bytes,
/// its distances to the `2n` end-block nodes apart with its largest, and the transitions
/// into each node (to trace routes); a row some of whose nodes lie 255 or more away is
/// left out (searched alone when needed). `None` where `reserve` refuses the bytes they
/// take. O(distances · nodes · transitions · n/64 + n · nodes).
#[expect(
    clippy::cast_possible_truncation,
    reason = "zone node indices fit u32, and distances below u8::MAX fit a byte"
)]
#[expect(
    clippy::too_many_lines,
    reason = "the rows' search follows the module docs step by step"
)]
fn table(transitions: &Transitions, side: usize, reserve: impl FnOnce(usize) -> bool) -> Option<Rows> {
    let n = transitions.model.n();
    let n2 = 2 * n;
    let last = transitions.last();
    let nodes = transitions.nodes();
    // The transitions, flat: node u's are `adj[start[u]..start[u + 1]]`.
    let mut start = Vec::with_capacity(nodes + 1);
    let mut adj: Vec<(u32, u32, Via)> = Vec::new();
    for u in 0..nodes {
        start.push(adj.len());
        transitions.each(u, |v, w, how| adj.push((v as u32, w, how)));
    }
    start.push(adj.len());
    // The table, the rows to every node, the transitions into each, the sets.
    let bytes = n * n2 + n * nodes + (nodes + 1) * 4 + adj.len() * 8 + nodes * 2 * size_of::<Set>();
    if !reserve(bytes) {
        return None;
    }
    let node_of = |p: usize| if p < n { p } else { last + p - n };
    let mut reach = vec![u8::MAX; n * nodes];
    let mut reached = vec![Set::default(); nodes];
    // This distance's sets, merged per node (`work`: the nodes with a set to go on), the
    // next distance's by transitions of length 1 merged per node as they come (`soon`,
    // the nodes in `coming`), the later distances' sets as they come, and those that
    // would reach 255 or more.
    let mut now = vec![Set::default(); nodes];
    let mut work: Vec<u32> = Vec::new();
    let mut soon = vec![Set::default(); nodes];
    let mut coming: Vec<u32> = Vec::new();
    let mut later: Vec<Vec<(u32, Set)>> = vec![Vec::new(); usize::from(u8::MAX)];
    let mut beyond: Vec<(u32, Set)> = Vec::new();
    for i in 0..n {
        let mut set = Set::default();
        set.insert(i);
        later[0].push((node_of(side * n + i) as u32, set));
    }
    let mut pending = n;
    for d in 0..usize::from(u8::MAX) {
        if pending == 0 && coming.is_empty() {
            break;
        }
        let mut sets = std::mem::take(&mut later[d]);
        pending -= sets.len();
        sets.extend(
            coming
                .drain(..)
                .map(|v| (v, std::mem::take(&mut soon[v as usize]))),
        );
        for (v, set) in sets {
            let new = set.less(&reached[v as usize]);
            if !new.is_empty() {
                if now[v as usize].is_empty() {
                    work.push(v);
                }
                now[v as usize].union(&new);
            }
        }
        while let Some(u) = work.pop() {
            // Its members are new: each set merged into `now` was, and `reached[u]` grows
            // only here.
            let u = u as usize;
            let new = std::mem::take(&mut now[u]);
            if new.is_empty() {
                continue;
            }
            reached[u].union(&new);
            for s in new.members() {
                reach[s * nodes + u] = d as u8;
            }
            for &(v, w, _) in &adj[start[u]..start[u + 1]] {
                // What it already has is taken out when the next distance begins.
                if w == 1 && d + 1 < usize::from(u8::MAX) {
                    if soon[v as usize].is_empty() {
                        coming.push(v);
                    }
                    soon[v as usize].union(&new);
                    continue;
                }
                let add = new.less(&reached[v as usize]);
                if add.is_empty() {
                    continue;
                }
                let at = d + w as usize;
                if w == 0 {
                    if now[v as usize].is_empty() {
                        work.push(v);
                    }
                    now[v as usize].union(&add);
                } else if at < usize::from(u8::MAX) {
                    later[at].push((v, add));
                    pending += 1;
                } else {
                    beyond.push((v, add));
                }
            }
        }
    }
    // A set that would have reached a node 255 or more away which it never reached sooner:
    // those rows are left out.
    let mut far = Set::default();
    for (v, set) in beyond {
        far.union(&set.less(&reached[v as usize]));
    }
    let mut table = vec![u8::MAX; n * n2];
    let mut tops = vec![u8::MAX; n];
    for (i, (row, top)) in table.chunks_mut(n2).zip(&mut tops).enumerate() {
        if !far.contains(i) {
            for (q, t) in row.iter_mut().enumerate() {
                *t = reach[i * nodes + node_of(q)];
            }
            *top = row.iter().copied().filter(|&d| d < u8::MAX).max().unwrap_or(0);
        }
    }
    // The transitions into each node: `into[from[v]..from[v + 1]]`.
    let mut from = vec![0u32; nodes + 1];
    for &(v, _, _) in &adj {
        from[v as usize + 1] += 1;
    }
    for v in 0..nodes {
        from[v + 1] += from[v];
    }
    let mut into = vec![(0, 0); adj.len()];
    let mut fill = from.clone();
    for &(v, w, how) in &adj {
        into[fill[v as usize] as usize] = (how.pack(), w);
        fill[v as usize] += 1;
    }
    let rows = Rows {
        table,
        tops,
        columns: OnceLock::new(),
        reach,
        from,
        into,
        searched: (0..n).map(|_| OnceLock::new()).collect(),
    };
    Some(rows)
}

/// Adds `bytes` to the rows' `made` if that stays within `cap` (from either thread); whether
/// it did.
fn reserve(made: &AtomicUsize, cap: usize, bytes: usize) -> bool {
    made.fetch_update(Ordering::AcqRel, Ordering::Acquire, |m| {
        m.checked_add(bytes).filter(|&total| total <= cap)
    })
    .is_ok()
}

impl Engine {
    /// How row `p` of `rows` (in the table: from the end-block node that is zone node `node`)
    /// reaches zone node `v` on a shortest path: a transition into `v` from a node that row
    /// reaches that much sooner (zone nodes where the search from `node` stops are ones it
    /// reaches in a shortest path's transitions, none of length 0 in a cycle); `Seed` at
    /// `node`. O(transitions into `v`).
    pub(super) fn via_table(rows: &Rows, p: usize, node: usize, v: usize) -> Via {
        let nodes = rows.from.len() - 1;
        let reach = &rows.reach[p * nodes..(p + 1) * nodes];
        if v == node {
            return Via::Seed;
        }
        let into = &rows.into[rows.from[v] as usize..rows.from[v + 1] as usize];
        into.iter()
            .map(|&(how, w)| (Via::unpack(how), w))
            .find(|&(how, w)| {
                let (Via::Move(u) | Via::Left(u) | Via::Right(u)) = how else {
                    return false;
                };
                let du = reach[u as usize];
                du < u8::MAX && u32::from(du) + w == u32::from(reach[v])
            })
            .map_or(Via::Seed, |(how, _)| how)
    }

    /// Zone `z`'s shape's rows from its `side` end block (module docs): their table
    /// made the first time (or made ahead, [`Engine::forward`]), if the cap leaves room (else
    /// every row is searched alone). Only for zones answered by rows. O(1), and [`table`] the
    /// first time.
    pub(super) fn rows(&self, z: usize, side: usize) -> &Rows {
        let shape = self.zones[z].shape as usize;
        self.rows[shape][side].get_or_init(|| {
            let n = self.model.n();
            let transitions = Transitions::new(self, z);
            let reserve = |bytes| reserve(&self.rows_bytes, self.searches_cap, bytes);
            if let Some(rows) = self
                .tuning
                .row_tables
                .then(|| table(&transitions, side, reserve))
                .flatten()
            {
                rows
            } else {
                Rows {
                    table: Vec::new(),
                    tops: vec![u8::MAX; n],
                    columns: OnceLock::new(),
                    reach: Vec::new(),
                    from: Vec::new(),
                    into: Vec::new(),
                    searched: (0..n).map(|_| OnceLock::new()).collect(),
                }
            }
        })
    }

    /// The row of zone `z`'s end-block node `v` searched alone: its distances to the zone's
    /// `2n` end-block nodes in words and how the search reached every node. Remembered per
    /// shape and node (within the cap). O(1) when made before, else a search.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "distances are capped at INF, below u32::MAX"
    )]
    pub(super) fn row(&self, z: usize, v: u32, sc: &mut Scratch) -> std::borrow::Cow<'_, Row> {
        let (side, i) = self.port_side(z, v as usize);
        let slot = &self.rows(z, side).searched[i];
        if let Some(row) = slot.get() {
            return std::borrow::Cow::Borrowed(row);
        }
        let n = self.model.n();
        let last = self.last(z);
        self.search(z, &[(v, 0)], sc);
        let row = Row {
            ports: (0..n)
                .chain(last..last + n)
                .map(|p| sc.dist[p].min(u64::from(INF)) as u32)
                .collect(),
            via: sc.via.iter().map(|&how| how.pack()).collect(),
        };
        let bytes = row.ports.len() * 4 + row.via.len() * 4 + 64;
        if sc.via.len() < 1 << 30 && reserve(&self.rows_bytes, self.searches_cap, bytes) {
            std::borrow::Cow::Borrowed(slot.get_or_init(|| row))
        } else {
            std::borrow::Cow::Owned(row)
        }
    }

    /// The distances of zone `z`'s end-block node `v`'s row: from its shape's table, else
    /// from its search (kept in `hold`). O(1), or [`Engine::row`].
    pub(super) fn view<'a>(
        &'a self,
        z: usize,
        v: u32,
        sc: &mut Scratch,
        hold: &'a mut Option<std::borrow::Cow<'a, Row>>,
    ) -> RowView<'a> {
        let (side, i) = self.port_side(z, v as usize);
        let rows = self.rows(z, side);
        let n2 = 2 * self.model.n();
        if rows.tops[i] < u8::MAX {
            RowView::Bytes(&rows.table[i * n2..(i + 1) * n2], rows.tops[i])
        } else {
            RowView::Words(&hold.insert(self.row(z, v, sc)).ports)
        }
    }

    /// Whether seeds that zone `z` (answered by rows) got from its neighbour on `side` alone
    /// can bring that neighbour nothing back (module docs, *Nothing back*): every way from the
    /// neighbour's facing end block across the core (`into`), to a node of the zone's end
    /// block by the zone's rows and back across the core (`back`) is no shorter than the core's
    /// same-side entry between its ends. Known at once across a stretch safe on every rank at
    /// least `m1` blocks wide ([`Engine::uniform_back`]), else per shape, side and core index:
    /// O(n³) the first time (two min-plus products), then O(1).
    pub(super) fn no_return(&self, z: usize, side: usize) -> bool {
        self.uniform_back(z, side) || self.no_return_by_rows(z, side)
    }

    /// Whether the core on zone `z`'s `side` is a stretch safe on every rank, at least `m1`
    /// blocks wide: then every way through the zone and back (a path of squares of the stretch
    /// made wider, by moves it has) is no shorter than the core's same-side entry, constant
    /// from `m1` blocks on (module docs, *Nothing back*). O(P).
    fn uniform_back(&self, z: usize, side: usize) -> bool {
        let core = &self.cores[z + side];
        let kind = &self.kinds[core.kind];
        core.m >= kind.m1 as u64 && kind.safe.iter().all(|&c| c == self.model.all_ranks())
    }

    /// [`Engine::no_return`] by the zone's rows (two min-plus products).
    fn no_return_by_rows(&self, z: usize, side: usize) -> bool {
        let core = &self.cores[z + side];
        let kind = &self.kinds[core.kind];
        let index = kind.index(core.m).0;
        let key = ReturnKey {
            shape: self.zones[z].shape,
            side,
            kind: core.kind,
            index,
        };
        if let Some(&known) = lock(&self.no_return).get(&key) {
            return known;
        }
        let n = self.model.n();
        let rows = self.rows(z, side);
        let t = &kind.seq[index];
        // Stored entries (crossing entries without the core's added `k·c`, which only
        // lengthens both crossings).
        let (into, back, same) = if side == 0 {
            (&t.lr, &t.rl, &t.ll)
        } else {
            (&t.rl, &t.lr, &t.rr)
        };
        let ports = side * n..(side + 1) * n;
        let answer = rows.tops.iter().all(|&top| top < u8::MAX) && {
            let within: Vec<u32> = rows
                .table
                .chunks(2 * n)
                .flat_map(|row| &row[ports.clone()])
                .map(|&w| if w == u8::MAX { INF } else { u32::from(w) })
                .collect();
            let round = mul(into, &mul(&within, back, n), n);
            round.iter().zip(same).all(|(&w, &d)| w >= d.min(INF))
        };
        lock(&self.no_return).insert(key, answer);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::super::cases::{engines_apart, numbers, repeated_groups, tuning};
    use super::super::layout::engine;
    use super::super::{crossing, RowPolicy, Tuning};
    use super::*;
    use crate::attack::Position;
    use crate::geometry::{Coord, Strip};
    use crate::limits::Budget;
    use crate::path::question::{Question, Target, Way};
    use crate::path::Capturable;
    use crate::piece::Colour;

    /// Zones answered by rows (module docs) give the distances plain zone searches
    /// give (those are checked against the state graph in `tests/path_oracle.rs`), and their
    /// routes are routes of that length. Planted: a row that drops a seed's distance fails
    /// here.
    #[test]
    fn zones_by_rows_are_zones_searched() {
        let mut next = numbers(0x2545_f491_4f6c_dd1d);
        let mut by_rows = 0;
        for case in 0..24 {
            let (pos, strip, q) = repeated_groups(case, &mut next);
            let mover = q.mover.rule.to_string();
            let target = q.target.square();
            let budget = Budget::new(1 << 30);
            let answer = |rows| match crossing(&pos, strip, &q, budget, rows) {
                Some(Ok(way)) => Some(way),
                Some(Err(e)) => panic!("{mover}: {e}"),
                _ => None,
            };
            let Some(plain) = answer(tuning(RowPolicy::Never)) else {
                continue;
            };
            by_rows += 1;
            // Rows in bytes and in words, entered where the sweep's distances say or from the
            // seeds carried again.
            for (small, carried, chained) in [
                (true, false, true),
                (false, false, true),
                (true, true, true),
                (true, false, false),
            ] {
                let rows = answer(Tuning {
                    row_tables: small,
                    sweep_entries: !carried,
                    chain_steps: chained,
                    ..tuning(RowPolicy::Always)
                })
                .unwrap_or_else(|| panic!("{mover}: no answer by rows"));
                let length = |w: &Option<Way>| w.as_ref().map(|w| w.moves);
                assert_eq!(
                    length(&rows),
                    length(&plain),
                    "{mover} on {} ranks, rows in bytes: {small}, seeds carried: {carried}, chain steps: {chained}",
                    strip.ranks()
                );
                // The route by rows: as many moves, each square empty, ending on the target.
                if let Some(w) = rows {
                    let squares = w.squares(usize::MAX);
                    assert_eq!(squares.len() as u64, w.moves + 1, "{mover}: one square a move");
                    assert_eq!(squares.last(), Some(&target));
                    assert!(
                        squares.iter().all(|&c| pos.piece_at(c).is_none()),
                        "{mover}: through a piece"
                    );
                }
            }
        }
        assert!(by_rows >= 12, "the crossing engine answered only {by_rows} cases");
    }

    /// Across a stretch safe on every rank at least `m1` blocks wide nothing comes back
    /// ([`Engine::uniform_back`]): wherever it says so, the zone's rows and the core's entries
    /// say so too. The cases above, the same with groups 12 to 41 files apart (cores of a few
    /// blocks, some near `m1`), every mover also with its rooks removed. (Planted: the rule
    /// for cores narrower than `m1` too passes here, a queen's cores of 7 blocks, `m1` 8,
    /// among them: the bound is the proof's, no case found needs it.)
    #[test]
    fn uniform_stretches_bring_nothing_back() {
        let (mut checked, mut narrow) = (0, 0);
        let without_rooks = |case: usize, pos: Position| {
            if (case / 6) % 2 == 1 {
                let kinds = pos.kinds().to_vec();
                let pieces = pos.pieces().iter().filter(|p| p.kind != 2).copied().collect();
                Position::new(pos.board(), kinds, pieces).expect("position")
            } else {
                pos
            }
        };
        for (case, _, engine) in engines_apart(0x2545_f491_4f6c_dd1d, 96, without_rooks) {
            for z in 0..engine.zones.len() {
                for side in 0..2 {
                    if engine.sides(z)[side].is_none() || !engine.uniform_back(z, side) {
                        continue;
                    }
                    assert!(
                        engine.no_return_by_rows(z, side),
                        "case {case}, zone {z}, side {side}"
                    );
                    checked += 1;
                    let core = &engine.cores[z + side];
                    narrow += usize::from(core.m < engine.kinds[core.kind].m1 as u64 + 4);
                }
            }
        }
        assert!(
            checked >= 200 && narrow >= 20,
            "{checked} checked, {narrow} narrow"
        );
    }

    /// Routes that must go back across a core through zones answered by rows: one rank
    /// attacked everywhere (black rooks' rays) but in pockets between white pieces in six like
    /// zones, the start and the target both on one side of them, on ranks the pocket rank
    /// separates (a mover that jumps the rooks' files). Case 0: a wazir that also leaps two
    /// files sideways (`WsD`) on three ranks, from rank 1 to rank 3 far left — it goes right to
    /// the first pocket, up, and back, its distance counted by hand; the first pocket zone's
    /// seeds all come from the left, and what it carries back is the route (a zone that
    /// skipped it as bringing nothing back would answer no route). Then random pockets, ranks,
    /// movers and sides (the route going left and back), by rows always, where they pay, and
    /// never: the same distances.
    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "the cases' random numbers are small"
    )]
    fn ways_back_through_zones_by_rows() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        use crate::path::Mover;
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        let mut routes = 0;
        for case in 0..40 {
            let ranks = if case == 0 { 3 } else { 3 + next(3) as i64 };
            let strip = Strip::new(ranks as u64).expect("ranks");
            let kinds = vec![
                PieceKind::new('R', "R".parse().expect("rook")),
                PieceKind::new('P', "W".parse().expect("wazir")),
            ];
            let pocket_rank = if case == 0 {
                2
            } else {
                2 + next(ranks as u64 - 2) as i64
            };
            let wide = if case == 0 { 2 } else { 1 + next(3) as i64 };
            let at = |kind, colour, file| Placed {
                kind,
                colour,
                at: Coord::new(file, pocket_rank),
            };
            // A black rook at 0 attacks the pocket rank leftwards for ever; each pocket zone
            // holds two white pieces (the pocket between them) and a black rook attacking the
            // rank on to the next zone.
            let mut pieces = vec![at(0, Colour::Black, 0)];
            for i in 0..6 {
                let x = 10_000 + i * 10_000;
                pieces.extend([
                    at(1, Colour::White, x),
                    at(1, Colour::White, x + wide + 1),
                    at(0, Colour::Black, x + wide + 3),
                ]);
            }
            let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
            let mover = if case == 0 {
                "WsD"
            } else {
                ["WsD", "N", "WsH", "FsD", "WnsD"][next(5) as usize]
            };
            // Both ends left of the pockets, or (mirrored) right of them.
            let below = 1 + next(pocket_rank as u64 - 1) as i64;
            let above = pocket_rank + 1 + next((ranks - pocket_rank) as u64) as i64;
            let shift = |next: &mut dyn FnMut(u64) -> u64| if case == 0 { 0 } else { next(100) as i64 };
            let (mut from, mut to) = (
                Coord::new(-1_000 - shift(&mut next), below),
                Coord::new(-500 + shift(&mut next), above),
            );
            if case % 2 == 1 {
                from.file = 200_000 - from.file;
                to.file = 200_000 - to.file;
            }
            if case > 0 && next(2) == 0 {
                std::mem::swap(&mut from, &mut to);
            }
            let q = Question {
                mover: Mover {
                    rule: mover.parse().expect("mover"),
                    colour: Colour::White,
                    at: from,
                    by_square: None,
                },
                target: Target::Square(to),
                may_capture: Capturable::Nothing,
            };
            let budget = Budget::new(1 << 30);
            let length = |rows| match crossing(&pos, strip, &q, budget, rows) {
                Some(Ok(way)) => Some(way.map(|w| w.moves)),
                Some(Err(e)) => panic!("{mover}: {e}"),
                _ => None,
            };
            let Some(plain) = length(tuning(RowPolicy::Never)) else {
                continue;
            };
            if case == 0 {
                // Right on rank 1 to the first pocket (file 10001: 5501 leaps of two files),
                // up two, back on rank 3 (10501 files: 5251 moves, one a wazir's step).
                assert_eq!(plain, Some(5_501 + 2 + 5_251));
            }
            routes += usize::from(plain.is_some());
            for rows in [
                tuning(RowPolicy::Auto),
                tuning(RowPolicy::Always),
                Tuning {
                    chain_steps: false,
                    ..tuning(RowPolicy::Always)
                },
            ] {
                assert_eq!(
                    length(rows),
                    Some(plain),
                    "case {case}: {mover} from {from:?} to {to:?}"
                );
            }
        }
        assert!(routes >= 15, "only {routes} routes");
    }

    /// A shape's tables (the rows from each end block from one search of the sets of its
    /// nodes) hold each row's distances as the zone searched from that node alone gives them,
    /// and each row's largest; a row left out has a node 255 or more away. Every zone shape of
    /// the cases above, and zones 400 files long a wazir crosses in as many moves. Planted: a
    /// same-side edge's length off by one, or a row with an end-block node 255 away left in
    /// the table (as no path), fails here.
    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "zone node indices fit u32, and distances below 255 fit a byte"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    #[expect(clippy::too_many_lines, reason = "one case after another, each checked whole")]
    fn tables_are_rows_searched_alone() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        let (mut compared, mut left_out) = (0, 0);
        for case in 0..26 {
            let (pos, strip, q) = if case < 24 {
                repeated_groups(case, &mut next)
            } else {
                // Kings every 3 files on the top rank of 3, 400 files long, twice: a wazir
                // (or a ferz-less king's file speed) crosses such a zone in 400 moves.
                let strip = Strip::new(3).expect("ranks");
                let pieces = (0..2)
                    .flat_map(|g| (0..134).map(move |i| g * 10_000 + 3 * i))
                    .map(|f| Placed {
                        kind: 0,
                        colour: Colour::Black,
                        at: Coord::new(f, 3),
                    })
                    .collect();
                let kinds = vec![PieceKind::new('K', "K".parse().expect("king"))];
                let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
                let mut q = repeated_groups(0, &mut next).2;
                q.mover.rule = ["W", "WD"][case - 24].parse().expect("mover");
                q.mover.at = Coord::new(-50, 1);
                q.target = Target::Square(Coord::new(30_000, 1));
                (pos, strip, q)
            };
            let Some(Ok(engine)) = engine(
                &pos,
                strip,
                &q,
                Budget::new(1 << 30),
                Tuning {
                    chain_steps: false,
                    ..tuning(RowPolicy::Always)
                },
            ) else {
                continue;
            };
            let n = engine.model.n();
            let mut seen = vec![false; engine.shapes.len()];
            let mut sc = Scratch::default();
            for z in 0..engine.zones.len() {
                if std::mem::replace(&mut seen[engine.zones[z].shape as usize], true) {
                    continue;
                }
                let transitions = Transitions::new(&engine, z);
                let tables = [0, 1].map(|side| table(&transitions, side, |_| true).expect("room"));
                let last = engine.last(z);
                let ports: Vec<usize> = (0..n).chain(last..last + n).collect();
                for (p, &from) in ports.iter().enumerate() {
                    // Row `i` of the rows from `p`'s end block.
                    let (rows, i) = (&tables[p / n], p % n);
                    let (table, tops) = (&rows.table, &rows.tops);
                    engine.search(z, &[(from as u32, 0)], &mut sc);
                    let far = sc.dist.iter().any(|&d| (255..u64::MAX).contains(&d));
                    if tops[i] == u8::MAX {
                        assert!(far, "case {case}, zone {z}: row {p} left out");
                        left_out += 1;
                        continue;
                    }
                    // None only for no path: a row with an end-block node 255 or more away
                    // is left out.
                    let want: Vec<u8> = ports
                        .iter()
                        .map(|&to| match sc.dist[to] {
                            d @ 0..255 => d as u8,
                            u64::MAX => u8::MAX,
                            d => panic!("case {case}, zone {z}: row {p} in the table, {d} away"),
                        })
                        .collect();
                    assert_eq!(
                        &table[i * 2 * n..(i + 1) * 2 * n],
                        &want[..],
                        "case {case}, zone {z}: row {p}"
                    );
                    let top = want.iter().copied().filter(|&d| d < u8::MAX).max().unwrap_or(0);
                    assert_eq!(tops[i], top, "case {case}, zone {z}: row {p}'s largest");
                    // Every zone node's distance, and a trail from each back to the row's
                    // node, each transition as long as the distances say.
                    let nodes = sc.dist.len();
                    for (v, &d) in sc.dist.iter().enumerate() {
                        let kept = rows.reach[i * nodes + v];
                        assert_eq!(
                            u64::from(kept),
                            d.min(255),
                            "case {case}, zone {z}: row {p} to {v}"
                        );
                        let mut at = v;
                        while d != u64::MAX && at != from {
                            let how = Engine::via_table(rows, i, from, at);
                            let (Via::Move(u) | Via::Left(u) | Via::Right(u)) = how else {
                                panic!("case {case}, zone {z}: row {p}'s trail to {v} stops at {at}");
                            };
                            let u = u as usize;
                            let mut length = None;
                            Transitions::new(&engine, z).each(u, |x, w, h| {
                                if x == at && h.pack() == how.pack() {
                                    length = Some(length.map_or(w, |l: u32| l.min(w)));
                                }
                            });
                            let w = length.expect("a transition");
                            assert_eq!(sc.dist[u] + u64::from(w), sc.dist[at], "case {case}, zone {z}");
                            at = u;
                        }
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared >= 2000, "only {compared} rows compared");
        assert!(left_out >= 2, "only {left_out} rows left out");
    }
}
