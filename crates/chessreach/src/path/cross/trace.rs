//! Routes: traced back through the sweep's distances.
//!
//! The route is traced back zone by zone (zones not answered by rows searched again, their
//! seeds carried again), and put together in one list kept backwards; each stay in a core
//! is expanded by a greedy walk: from a node in block `j`, its distance to the exit is the
//! closure over block `j` of the core's left part (`T_{j-1}`) and right part (`T_{m-j}`), and
//! the walk takes the first transition that keeps to it. Far from both ends these distances
//! all shift by `c` when the walk moves `p` blocks on, so its choices repeat: the first rest
//! node that recurs (same node of its block, same block modulo `p`) closes a round, and the
//! round is made as many more times as fit, recorded as a [`Repeat`] rather than listed.
//!
//! # Through a zone by rows
//!
//! The route is traced through a zone by rows ([`super::rows`]) without a search: it entered
//! the zone last at an end-block node `v` with `d(v) + row_v(at) = d(at)` for the node `at` it
//! leaves from, where a crossing from the neighbour's distances reaches `v` as soon as `d(v)`
//! (the sweep's distances say which: the seed it entered by is no farther than `d(v)`, and no
//! nearer since the row's sum is at least `d(at)`); from `at` back to `v` each node's
//! transition comes from a node the row reaches as much sooner as the transition is long (no
//! cycle of length-0 transitions exists: a ghost only goes on in its direction or stops).
//!
//! # Through a chained zone
//!
//! The route is traced through a chained zone ([`super::chain`]) in `O(n)`: it entered at a
//! seed whose distance and row entry sum to the distance at the node it leaves from, and that
//! seed is exactly the crossing from the neighbour's far block, so the neighbour's node it left
//! from is one whose distance and crossing entry make the seed (a chained neighbour keeps those
//! distances).
//!
//! # Remembered walks
//!
//! A walk across a core is remembered per kind and end nodes: on a core wider by whole rounds
//! (`t` rounds of `s` blocks), the walk is the same but for `t` more rounds, since every
//! distance it reads before its first round and after it is the same up to a constant (the
//! left part's entries are constant from `m1` blocks on, the right part's shift by `c` every
//! `p` blocks and `s` is a multiple of `p`); a walk whose first found round was refused for
//! want of blocks at the far end is kept for its width only.

use rustc_hash::FxHashMap as HashMap;

use super::parts::{Chained, Known, Part, Side, Swept, Walked, WalkedRepeat};
use super::stretch::Kind;
use super::zone::{Scratch, Via};
use super::{lock, Engine, INF, MAX_NODES};
use crate::geometry::Coord;
use crate::path::question::Way;
use crate::path::Repeat;

/// A square of the route with a node's state, on the real strip.
#[derive(Clone, Copy)]
struct Stop {
    square: Coord,
    /// 0 at rest, else a ghost's ([`super::model`]).
    state: usize,
}

/// A piece of the route, forward: its rest squares and repeats, and whether its first node is
/// at rest (its first square is then the previous piece's last).
#[derive(Default)]
struct Built {
    squares: Vec<Coord>,
    repeats: Vec<Repeat>,
    starts_at_rest: bool,
}

impl Built {
    /// Empties the piece (keeping its lists' room) to start at this stop.
    fn restart(&mut self, stop: Stop) {
        self.squares.clear();
        self.repeats.clear();
        if stop.state == 0 {
            self.squares.push(stop.square);
        }
        self.starts_at_rest = stop.state == 0;
    }

    /// Goes on to this stop (a square when at rest).
    fn push(&mut self, stop: Stop) {
        if stop.state == 0 {
            self.squares.push(stop.square);
        }
    }
}

/// A walk's first jump: squares listed before it, rounds, blocks a round, and the repeat it
/// recorded (an index of the route's repeats).
struct Jump {
    at: usize,
    rounds: u64,
    step: i128,
    repeat: Option<usize>,
}

/// A route put together from its pieces, last first, in one list kept backwards: a piece
/// that starts at rest repeats the previous piece's last square (every piece but the route's
/// first: it starts on the start square, which is listed).
#[derive(Default)]
struct Backwards {
    squares: Vec<Coord>,
    /// Repeats, each `at` counted from the end of the route.
    repeats: Vec<Repeat>,
    /// Whether the piece added last starts at rest: its first square goes if a piece comes
    /// before it.
    at_rest: bool,
}

impl Backwards {
    /// Room for the squares of `of` zones, as many a zone as the `traced` ones had (an eighth
    /// more). O(1), and the squares so far moved once.
    fn expect(&mut self, traced: usize, of: usize) {
        self.squares.reserve(self.squares.len() / traced * of / 8 * 9);
    }

    /// The piece before those added. O(its squares and repeats).
    fn add(&mut self, piece: &Built) {
        if self.at_rest {
            self.squares.pop();
        }
        // Its square `i` lands `base + len - 1 - i` from the end (its first, if it goes, where
        // the next piece puts its last: the same square).
        let (base, len) = (self.squares.len(), piece.squares.len());
        self.repeats.extend(piece.repeats.iter().rev().map(|r| Repeat {
            at: base + len - 1 - r.at,
            ..*r
        }));
        self.squares.extend(piece.squares.iter().rev());
        self.at_rest = piece.starts_at_rest;
    }

    /// The route's squares and repeats, forward. O(squares + repeats).
    fn finish(mut self) -> (Vec<Coord>, Vec<Repeat>) {
        self.squares.reverse();
        self.repeats.reverse();
        let last = self.squares.len() - 1;
        for r in &mut self.repeats {
            r.at = last - r.at;
        }
        (self.squares, self.repeats)
    }
}

impl Engine {
    /// The stop of zone `z`'s node.
    #[expect(
        clippy::cast_possible_wrap,
        reason = "a file offset inside a zone and a rank are small"
    )]
    fn stop(&self, z: usize, node: usize) -> Stop {
        let (x, r, s) = self.model.split(node);
        Stop {
            square: Coord::new(self.zones[z].start + x as i64, r as i64 + 1),
            state: s,
        }
    }

    /// A seed of zone `z` (carried on in a chain step) whose row reaches its end-block node
    /// `at` as soon as the sweep did (`at_dist`), and its distance: the seed a shortest route
    /// to `at` last entered the zone by. O(n).
    #[expect(clippy::cast_possible_truncation, reason = "zone node indices fit u32")]
    fn entered_chained(&self, z: usize, c: &Chained, at: usize, at_dist: u64) -> Option<(u32, u64)> {
        let n = self.model.n();
        let rows = self.rows(z, c.side);
        let port = self.port(z, at);
        let first = if c.side == 0 { 0 } else { self.last(z) };
        let want = at_dist.checked_sub(c.base)?;
        let columns = rows.columns.get_or_init(|| {
            let n2 = 2 * n;
            (0..n * n2).map(|i| rows.table[i % n * n2 + i / n]).collect()
        });
        c.kept[..n]
            .iter()
            .zip(&columns[port * n..][..n])
            .position(|(&d, &r)| d < u8::MAX && r < u8::MAX && u64::from(d) + u64::from(r) == want)
            .map(|w| ((first + w) as u32, c.base + u64::from(c.kept[w])))
    }

    /// The node of zone `z` (carried on in a chain step) that the crossing into node `v` of
    /// the neighbour beyond its far end block's core leaves from, reaching `v` at `want`, and
    /// its distance. `None` where none does. O(n).
    fn left_chained(&self, z: usize, c: &Chained, v: usize, want: u64) -> Option<(usize, u64)> {
        let n = self.model.n();
        let core = &self.cores[z + 1 - c.side];
        let kind = &self.kinds[core.kind];
        let want = want.checked_sub(c.base + kind.index(core.m).1)?;
        let sparse = kind.sparse(&self.model, core.m);
        let column = &sparse.columns[c.side][v * n..][..n];
        c.kept[n..]
            .iter()
            .zip(column)
            .position(|(&d, &w)| d < u8::MAX && w < INF && u64::from(d) + u64::from(w) == want)
            .map(|u| (u, c.base + u64::from(c.kept[n + u])))
    }

    /// A seed of zone `z` (answered by rows, so neither the start's nor the target's) whose
    /// row reaches its end-block node `at` as soon as the sweep did (`at_dist`), from the
    /// sweep's distances: an end-block node `v` facing a neighbour, with `ends[z][v] +
    /// row_v[at] = at_dist`, that a crossing from the neighbour's distances reaches as soon
    /// as `ends[z][v]`. The seed a shortest route to `at` last entered the zone by is one
    /// (its seed is at least `ends[z][v]`, and no less: the row's sum is at least `at_dist`),
    /// so `None` only where the sweep's distances miss it. O(n) per node, O(n) more per node
    /// passing the first test.
    #[expect(clippy::cast_possible_truncation, reason = "zone node indices fit u32")]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    fn entered(
        &self,
        z: usize,
        at: usize,
        at_dist: u64,
        ends: &[Option<Known>],
        sc: &mut Scratch,
    ) -> Option<(u32, u64)> {
        let n = self.model.n();
        let port = self.port(z, at);
        let mut here = [u64::MAX; MAX_NODES];
        let mut there = [u64::MAX; MAX_NODES];
        let mine = ends[z].as_ref()?;
        for (side, info) in self.sides(z).into_iter().enumerate() {
            let Some(Side {
                first,
                core,
                neighbour: nz,
                ..
            }) = info
            else {
                continue;
            };
            let Some(e) = &ends[nz] else {
                continue;
            };
            self.read_known(z, mine, side * n, &mut here[..n]);
            self.read_known(nz, e, (1 - side) * n, &mut there[..n]);
            let out = &there[..n];
            let core = &self.cores[core];
            let kind = &self.kinds[core.kind];
            let (t, add) = kind.at(core.m);
            let cross = if side == 0 { &t.lr } else { &t.rl };
            let rows = self.rows(z, side);
            for v in 0..n {
                let d = here[v];
                if d == u64::MAX {
                    continue;
                }
                // The row's entry from the table where it is there, else from its search.
                let w = if rows.tops[v] < u8::MAX {
                    match rows.table[v * 2 * n + port] {
                        u8::MAX => INF,
                        w => u32::from(w),
                    }
                } else {
                    let mut hold = None;
                    self.view(z, (first + v) as u32, sc, &mut hold).get(port)
                };
                if w >= INF || d + u64::from(w) != at_dist {
                    continue;
                }
                let seeded = (0..n).any(|u| {
                    let c = cross[u * n + v];
                    out[u] != u64::MAX && c < INF && out[u] + add + u64::from(c) == d
                });
                if seeded {
                    return Some(((first + v) as u32, d));
                }
            }
        }
        None
    }

    /// The route a sweep found from `start` to the square `t` (its target), traced back.
    pub(super) fn trace(&self, start: Coord, t: Coord, swept: &Swept) -> Option<Way> {
        let (zs, zt) = (self.zone_of(start.file), self.zone_of(t.file));
        self.trace_to(start, &[zs, zt], (zt, self.rest(zt, t), swept.best), swept)
    }

    /// [`Engine::trace`] to node `goal` of zone `zt` at distance `at` (at most the sweep's
    /// bound), for a sweep whose zones `kept` were searched, never answered by rows
    /// ([`Engine::sweep_goals`]). A goal that is a ghost node ends the route where its ride
    /// began.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "zone node indices fit u32, and offsets inside a zone are small"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "the trace follows the module docs step by step"
    )]
    pub(super) fn trace_to(
        &self,
        start: Coord,
        kept: &[usize],
        (zt, goal, at): (usize, usize, u64),
        swept: &Swept,
    ) -> Option<Way> {
        let n = self.model.n();
        let zs = self.zone_of(start.file);
        let first = self.rest(zs, start) as u32;
        let Swept { ends, best, .. } = swept;
        let best = *best;
        let goal_dist = at;
        let mut sc = Scratch::default();
        // A zone's seeds, again: from its neighbours' end blocks and the start. Every seed
        // nearer than `best` was searched, so these give each zone the distances it had (up
        // to `best`, the ones a route uses).
        // (Those no farther than `bound`: the others lead to no node a route through the zone
        // reaches as soon.)
        let seeds_of = |z: usize, bound: u64| -> Vec<(u32, u64)> {
            let mut list = Vec::new();
            if z == zs {
                list.push((first, 0));
            }
            for (side, info) in self.sides(z).iter().enumerate() {
                // `at`: the zone's first node of that end block.
                let Some(Side {
                    first: at,
                    core,
                    neighbour: nz,
                    ..
                }) = *info
                else {
                    continue;
                };
                let Some(e) = &ends[nz] else {
                    continue;
                };
                let mut e_buf = [u64::MAX; MAX_NODES];
                let (from_side, part) = if side == 0 { (1, Part::Lr) } else { (0, Part::Rl) };
                self.read_known(nz, e, from_side * n, &mut e_buf[..n]);
                let out = &e_buf[..n];
                let mut mine_buf = [u64::MAX; MAX_NODES];
                let mine = ends[z].as_ref().map(|e| {
                    self.read_known(z, e, side * n, &mut mine_buf[..n]);
                    &mine_buf[..n]
                });
                let bound = bound.min(best);
                let cap = |v: usize| mine.map_or(bound, |k| k[v].min(bound)).saturating_add(1);
                if !self.may_carry(core, part, out, |_| true, cap) {
                    continue;
                }
                let mut next = vec![u64::MAX; n];
                self.carry(core, part, out, |_| true, &mut next);
                list.extend(
                    next.iter()
                        .enumerate()
                        .filter(|&(v, &d)| d < cap(v))
                        .map(|(v, &d)| ((at + v) as u32, d)),
                );
            }
            list
        };
        let target = goal_dist;
        // Traced back: pieces of the route, last first (each made in `piece`), and a
        // neighbour's end-block distances.
        let b = self.model.width;
        let mut route = Backwards::default();
        let mut piece = Built::default();
        let mut there = [u64::MAX; MAX_NODES];
        // The node the route reaches its zone's part at, and its distance.
        let (mut at, mut at_dist) = (goal, goal_dist);
        let mut z = zt;
        // Zones traced: after a sixty-fourth of those between the target and the start (at
        // least 256), the route's room is reserved from the squares so far (an eighth more),
        // so that millions of squares are not moved and their memory touched again as the list
        // grows.
        let (span, mut traced) = (zt.abs_diff(zs), 0usize);
        loop {
            traced += 1;
            if traced == (span / 64).max(256) {
                route.expect(traced, span);
            }
            // The zone from one of its seeds to `at` (its nodes, each with how it was reached),
            // and the distance at that seed: from the zone searched again, or (by rows) from the
            // row of the seed that reaches `at` (an end-block node) soonest.
            let mut path: Vec<(usize, Via)> = Vec::new();
            // (`false` for a trail that never ends: it cannot, a shortest path holds no cycle.)
            let trail = |path: &mut Vec<(usize, Via)>, via: &dyn Fn(usize) -> Via| {
                let mut u = at;
                loop {
                    let how = via(u);
                    path.push((u, how));
                    match how {
                        Via::Move(p) | Via::Left(p) | Via::Right(p) => u = p as usize,
                        Via::Seed => break,
                    }
                    if path.len() > self.model.nodes(self.zones[z].width) {
                        return false;
                    }
                }
                path.reverse();
                true
            };
            let want = if self.by_rows(z, kept) {
                // A seed whose row reaches `at` as soon as the sweep did (one does: `at` is an
                // end-block node, its distance the least over the seeds): found from the
                // sweep's distances, else among the seeds carried again.
                let entry = match &ends[z] {
                    Some(Known::Chained(c)) if self.tuning.sweep_entries => {
                        self.entered_chained(z, c, at, at_dist)
                    }
                    _ => self
                        .tuning
                        .sweep_entries
                        .then(|| self.entered(z, at, at_dist, ends, &mut sc))
                        .flatten(),
                };
                let (v, d) = if let Some(found) = entry {
                    found
                } else {
                    let port = self.port(z, at);
                    *seeds_of(z, at_dist).iter().find(|&&(v, d)| {
                        let mut hold = None;
                        let w = self.view(z, v, &mut sc, &mut hold).get(port);
                        w < INF && d + u64::from(w) == at_dist
                    })?
                };
                let (side, i) = self.port_side(z, v as usize);
                let rows = self.rows(z, side);
                let ended = if rows.tops[i] < u8::MAX {
                    trail(&mut path, &|u| Self::via_table(rows, i, v as usize, u))
                } else {
                    let row = self.row(z, v, &mut sc);
                    trail(&mut path, &|u| Via::unpack(row.via[u]))
                };
                if !ended || path[0].0 != v as usize {
                    return None;
                }
                d
            } else {
                let (found, base) = self.searched(z, &seeds_of(z, at_dist), &mut sc);
                if !trail(&mut path, &|u| found.via[u]) {
                    return None;
                }
                found.dist[path[0].0] + base
            };
            piece.restart(self.stop(z, path[0].0));
            for w in path.windows(2) {
                let ((from, _), (to, how)) = (w[0], w[1]);
                match how {
                    Via::Move(_) => piece.push(self.stop(z, to)),
                    Via::Left(_) | Via::Right(_) => {
                        let left = matches!(how, Via::Left(_));
                        let core = &self.cores[if left { z } else { z + 1 }];
                        let kind = &self.kinds[core.kind];
                        let m = core.m.min(kind.m1 as u64);
                        let bw = b as i128;
                        let zone = &self.zones[z];
                        let base = if left { 0 } else { self.model.nodes(zone.width - b) };
                        let (a, bb) = (from - base, to - base);
                        if left {
                            let lb = i128::from(zone.start) - bw * (i128::from(m) + 1);
                            self.walk(kind, m, lb, n + a, n + bb, &mut piece)?;
                        } else {
                            let lb = i128::from(zone.start) + (zone.width - b) as i128;
                            self.walk(kind, m, lb, a, bb, &mut piece)?;
                        }
                    }
                    Via::Seed => return None,
                }
            }
            let entry = path[0].0;
            route.add(&piece);
            if z == zs && entry == self.rest(zs, start) {
                break;
            }
            // The crossing that seeded `entry`: from the neighbour on that side.
            let side = usize::from(entry >= n);
            let Side {
                first: to,
                core: core_idx,
                neighbour: pz,
                ..
            } = self.sides(z)[side]?;
            let Side {
                first: from, part, ..
            } = self.sides(pz)[1 - side]?;
            let core = &self.cores[core_idx];
            let kind = &self.kinds[core.kind];
            let v = entry - to;
            // The neighbour's node the crossing leaves from: by the distances its searches left
            // at its end block, else (a seed as far as the target, never searched) searched
            // again.
            let leaves = |known: &dyn Fn(usize) -> u64| {
                kind.column(core.m, part, v, n)
                    .enumerate()
                    .map(|(u, w)| (u, known(u), w))
                    .find(|&(_, du, w)| du != u64::MAX && w != u64::MAX && du + w == want)
                    .map(|(u, du, _)| (u, du))
            };
            let chained = match &ends[pz] {
                Some(Known::Chained(c)) if c.side == side => self.left_chained(pz, c, v, want),
                _ => None,
            };
            let (u, du) = if let Some(found) = chained {
                found
            } else if let Some(found) = ends[pz].as_ref().and_then(|e| {
                self.read_known(pz, e, (1 - side) * n, &mut there[..n]);
                leaves(&|u| there[u])
            }) {
                found
            } else {
                let (there, from_base) = self.searched(pz, &seeds_of(pz, best), &mut sc);
                leaves(&|u| there.dist[from + u].saturating_add(from_base))?
            };
            piece.restart(self.stop(pz, from + u));
            let (a, bb) = if part == Part::Lr { (u, n + v) } else { (n + u, v) };
            self.walk(kind, core.m, core.lb, a, bb, &mut piece)?;
            route.add(&piece);
            (at, at_dist, z) = (from + u, du, pz);
        }
        let (waypoints, repeats) = route.finish();
        Some(Way {
            moves: target,
            waypoints,
            lines: false,
            repeats,
            captured: Vec::new(),
        })
    }

    /// The path of a stay in a core of `kind` and `m` blocks from node `a` to node `b` (indices
    /// of `2n`: `Lb` first, then `Rb`), into `out` (without its first stop), with repeats. `m`
    /// may be less than the core's blocks for a same-side stay (same-side entries are constant
    /// from `m1` blocks on, [`minplus`](super::minplus) docs); `lb` is then the first file of
    /// the block the walk calls 0.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "squares and repeats of one walk are far fewer than 2^63, and their files fit the strip"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    fn walk(&self, kind: &Kind, m: u64, lb: i128, a: usize, b: usize, out: &mut Built) -> Option<()> {
        let n = self.model.n();
        let bw = self.model.width as i128;
        let side = |i: usize| if i < n { lb } else { lb + (i128::from(m) + 1) * bw };
        let (from_a, from_b) = (side(a), side(b));
        let walks = lock(&kind.walks);
        let hit = walks.get(&(a, b)).and_then(|list| {
            list.iter().find_map(|w| {
                if w.step == 0 {
                    return (w.m == m).then_some((w, 0));
                }
                let diff = i128::from(m) - i128::from(w.m);
                let more = diff / w.step.abs();
                (diff % w.step.abs() == 0 && i128::from(w.rounds) + more >= 1).then_some((w, more))
            })
        });
        if let Some((w, more)) = hit {
            let base = out.squares.len() as i64;
            out.squares
                .extend(w.squares.iter().enumerate().map(|(i, &(f, r))| {
                    let origin = if i < w.split { from_a } else { from_b };
                    Coord::new(i64::try_from(origin + f).expect("a file of the strip"), r)
                }));
            out.repeats.extend(
                w.repeats
                    .iter()
                    .enumerate()
                    .map(|(i, &WalkedRepeat { at, len, times })| Repeat {
                        at: (base + at) as usize,
                        len,
                        times: if Some(i) == w.jump_repeat {
                            times.saturating_add_signed(more as i64)
                        } else {
                            times
                        },
                    }),
            );
            return Some(());
        }
        drop(walks);
        let (base, repeats) = (out.squares.len(), out.repeats.len());
        let jump = self.walk_raw(kind, m, lb, a, b, out)?;
        // Remembered for the next core of this kind with the same ends (a core whose width
        // differs by whole rounds makes the same walk with more or fewer rounds, module docs).
        let mut walks = lock(&kind.walks);
        let list = walks.entry((a, b)).or_default();
        if list.len() < 16 {
            let (split, step, rounds, jump_repeat) = match jump {
                Some(Ok(j)) if (a < n) != (b < n) && (j.step > 0) == (b >= n) => {
                    (j.at - base, j.step, j.rounds, j.repeat.map(|r| r - repeats))
                }
                _ => (out.squares.len() - base, 0, 0, None),
            };
            list.push(Walked {
                m,
                step,
                rounds,
                squares: out.squares[base..]
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let origin = if i < split { from_a } else { from_b };
                        (i128::from(c.file) - origin, c.rank)
                    })
                    .collect(),
                split,
                repeats: out.repeats[repeats..]
                    .iter()
                    .map(|r| WalkedRepeat {
                        at: r.at as i64 - base as i64,
                        len: r.len,
                        times: r.times,
                    })
                    .collect(),
                jump_repeat,
            });
        }
        Some(())
    }

    /// [`Engine::walk`] without the kind's memory; tells the walk's first jump (`Err` when a
    /// round was found but not taken before it). O(n²) per block walked.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "files and nodes inside a block are small and non-negative; rounds fit the core"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "the walk follows the module docs step by step"
    )]
    #[expect(
        clippy::option_option,
        reason = "the outer None is a walk that failed (it cannot: the distances say a path exists), the inner one a walk without a jump"
    )]
    fn walk_raw(
        &self,
        kind: &Kind,
        m: u64,
        lb: i128,
        a: usize,
        b: usize,
        out: &mut Built,
    ) -> Option<Option<Result<Jump, ()>>> {
        let mut first = None;
        let model = &self.model;
        let n = model.n();
        let bw = model.width as i128;
        let last = i128::from(m) + 1;
        let period = kind.safe.len() as i64;
        let target_right = b >= n;
        let bi = b % n;
        // Distances from every node of block `j` to `b`, by block. O(n²) per block (the
        // closure over a block is the kind's, shared).
        let mut blocks: HashMap<i128, Vec<u64>> = HashMap::default();
        let mut dist = |j: i128, idx: usize| -> u64 {
            if blocks.len() > 64 {
                blocks.clear();
            }
            blocks.entry(j).or_insert_with(|| {
                if j == 0 || j == last {
                    let part = match (j == 0, target_right) {
                        (true, false) => Part::Ll,
                        (true, true) => Part::Lr,
                        (false, false) => Part::Rl,
                        (false, true) => Part::Rr,
                    };
                    return kind.column(m, part, bi, n).collect();
                }
                let left = u64::try_from(j - 1).expect("inside the core");
                let right = m - u64::try_from(j).expect("inside the core");
                let add = kind.index(if target_right { right } else { left }).1;
                kind.to_end(left, right, target_right, bi)
                    .iter()
                    .map(|&d| if d >= INF { u64::MAX } else { u64::from(d) + add })
                    .collect()
            })[idx]
        };
        let file_of =
            |j: i128, x: usize| i64::try_from(lb + j * bw + x as i128).expect("a file of the strip");
        let (mut j, mut idx) = (if a < n { 0 } else { last }, a % n);
        let goal = (if b < n { 0 } else { last }, b % n);
        let mut d = dist(j, idx);
        if d == u64::MAX {
            return None;
        }
        let (p, m1) = (kind.p as i128, kind.m1 as i128);
        let stable = |j: i128| j >= m1 + 2 && last - 1 - j >= m1 + p + 2;
        // Rest nodes seen in the stable middle: (node, block mod p) → (squares so far, block, d).
        let mut seen: HashMap<(usize, i128), (usize, i128, u64)> = HashMap::default();
        let mut lo_hi = (j, j);
        while (j, idx) != goal {
            let (x, r, s) = model.split(idx);
            // A rest node closes a round of moves; a ride's node a stretch of the same ride.
            if stable(j) {
                let count = out.squares.len();
                if let Some(&(seen_count, j0, d0)) = seen.get(&(idx, j.rem_euclid(p))) {
                    let step = j - j0;
                    let (lo, hi) = lo_hi;
                    // Rounds that keep every block they touch (and its neighbours) stable.
                    let rounds = if step > 0 {
                        (last - 1 - (m1 + p + 2) - (hi + 1)) / step
                    } else {
                        (lo - 1 - (m1 + 2)) / -step
                    };
                    let whole = s == 0 || seen_count == count;
                    if whole && rounds > 0 && stable(lo - 1) && stable(hi + 1) {
                        let rounds_u = u64::try_from(rounds).ok()?;
                        first.get_or_insert(Ok(Jump {
                            at: count,
                            rounds: rounds_u,
                            step,
                            repeat: (seen_count < count).then_some(out.repeats.len()),
                        }));
                        if seen_count < count {
                            out.repeats.push(Repeat {
                                at: seen_count - 1,
                                len: count - seen_count,
                                times: rounds_u,
                            });
                        }
                        // The walk goes on from the same node, `rounds` rounds on.
                        d -= rounds_u * (d0 - d);
                        j += rounds * step;
                        seen.clear();
                        lo_hi = (j, j);
                        continue;
                    }
                    // A round refused for want of blocks at the walk's own end is refused on
                    // any core; one refused for the far end makes the walk depend on `m`.
                    let near = if a < n { stable(lo - 1) } else { stable(hi + 1) };
                    if whole && near {
                        first.get_or_insert(Err(()));
                    }
                    // A refused round starts the search for one afresh; a ride's node met again
                    // on another ride only moves on (clearing then, a bishop's walk met its
                    // ghosts before its rest nodes for ever and never found a round).
                    if whole {
                        seen.clear();
                        lo_hi = (j, j);
                    }
                }
                seen.insert((idx, j.rem_euclid(p)), (count, j, d));
            }
            // The first transition that keeps to the distance.
            let files = i64::try_from((last + 1) * bw).ok()?;
            let local = i64::try_from(j * bw).ok()? + x as i64;
            let mut next = None;
            model.moves(
                (local, r as i64, s),
                files,
                &|_, _| true,
                &|f, r| kind.safe[(f.rem_euclid(period)) as usize] >> r & 1 == 1,
                &mut |f, r2, s2, w| {
                    if next.is_some() {
                        return;
                    }
                    let (j2, x2) = (i128::from(f) / bw, (f as usize) % model.width);
                    let i2 = model.node(x2, r2 as usize, s2);
                    let d2 = if (j2, i2) == goal { 0 } else { dist(j2, i2) };
                    if d2 != u64::MAX && d2 + u64::from(w) == d {
                        next = Some((j2, i2, d2));
                    }
                },
            );
            let (j2, i2, d2) = next?;
            (j, idx, d) = (j2, i2, d2);
            lo_hi = (lo_hi.0.min(j), lo_hi.1.max(j));
            let (x2, r2, s2) = model.split(i2);
            out.push(Stop {
                square: Coord::new(file_of(j, x2), r2 as i64 + 1),
                state: s2,
            });
        }
        Some(first)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::sync::Mutex;

    use super::super::cases::tuning;
    use super::super::model::model;
    use super::super::parts::SEARCHES_BYTES;
    use super::super::{crossing, RowPolicy, Tuning};
    use super::*;
    use crate::attack::Position;
    use crate::geometry::Strip;
    use crate::limits::Budget;
    use crate::path::question::{Question, Target};
    use crate::path::Capturable;
    use crate::piece::{Colour, Rule};

    /// A bishop's walk across a long core finds its round (it once met its ghost nodes again
    /// on every ride and, starting the search for a round afresh each time, listed every move:
    /// 10^12 files took days). On 8 ranks a bishop gains at most 7 files a move, so from a1
    /// to file `t = 1 + 7k` (k odd: the zigzag ends on rank 8) `k` moves are a lower bound,
    /// and the zigzag makes it.
    #[test]
    #[expect(clippy::cast_sign_loss, reason = "the target files are positive")]
    fn a_bishops_walk_repeats() {
        use crate::attack::{Kind as PieceKind, Placed};
        use crate::geometry::Board;
        use crate::path::Mover;
        let strip = Strip::new(8).expect("ranks");
        let kinds = vec![PieceKind::new('K', "K".parse().expect("king"))];
        let king = Placed {
            kind: 0,
            colour: Colour::Black,
            at: Coord::new(500, 3),
        };
        let pos = Position::new(Board::Strip(strip), kinds, vec![king]).expect("position");
        for t in [1_000_000, 7_000_000_008, 1_000_000_000_000_i64] {
            let q = Question {
                mover: Mover {
                    rule: "B".parse().expect("bishop"),
                    colour: Colour::White,
                    at: Coord::new(1, 1),
                    by_square: None,
                },
                target: Target::Square(Coord::new(t, 8)),
                may_capture: Capturable::Nothing,
            };
            let Some(Ok(Some(way))) =
                crossing(&pos, strip, &q, Budget::new(1 << 30), tuning(RowPolicy::Auto))
            else {
                panic!("no route to {t}");
            };
            assert_eq!(way.moves, (t as u64 - 1) / 7, "to file {t}");
            assert!(
                way.waypoints.len() < 100,
                "{} squares listed to {t}",
                way.waypoints.len()
            );
        }
    }

    #[test]
    #[expect(clippy::cast_possible_wrap, reason = "a file offset inside a block is small")]
    fn remembered_walks_are_the_walks_made_afresh() {
        for (betza, ranks, safe) in [
            ("N", 3, vec![0b111]),
            ("N", 5, vec![0b11011, 0b11111]),
            ("Q", 4, vec![0b1111]),
            ("NN", 5, vec![0b11111]),
            ("K", 3, vec![0b101, 0b111]),
            ("WnA", 4, vec![0b1111]),
        ] {
            let rule: Rule = betza.parse().expect("betza");
            let steps = rule.steps(Colour::White);
            let model = model(&steps, ranks, safe.len() as i64).expect("a model");
            let kind = Kind::new(&model, safe.clone()).expect("a certificate");
            let n = model.n();
            let engine = Engine {
                model,
                kinds: Vec::new(),
                cores: Vec::new(),
                zones: Vec::new(),
                shapes: Vec::new(),
                searches: Mutex::default(),
                searches_cap: SEARCHES_BYTES,
                tabled: Vec::new(),
                rows: Vec::new(),
                tuning: Tuning {
                    threads: 1,
                    ..tuning(RowPolicy::Auto)
                },
                rows_bytes: AtomicUsize::default(),
                no_return: Mutex::default(),
            };
            let widths = (20..90).chain([1_000_000_007, 1_000_000_008, 77_777_777_777]);
            let mut walks = 0;
            for (a, b) in [(0, n), (n - 1, n + 1), (n, 0), (n + 2, 1)] {
                if engine.model.split(a).2 != 0 || engine.model.split(b % n).2 != 0 {
                    continue;
                }
                for m in widths.clone() {
                    let lb = -3 * i128::from(m);
                    let (x, r, _) = engine.model.split(a % n);
                    let first = lb
                        + if a < n {
                            0
                        } else {
                            (i128::from(m) + 1) * engine.model.width as i128
                        };
                    let stop = Stop {
                        square: Coord::new(i64::try_from(first).expect("file") + x as i64, r as i64 + 1),
                        state: 0,
                    };
                    let (mut fresh, mut kept) = (Built::default(), Built::default());
                    fresh.restart(stop);
                    kept.restart(stop);
                    let made = engine.walk_raw(&kind, m, lb, a, b, &mut fresh);
                    let again = engine.walk(&kind, m, lb, a, b, &mut kept);
                    assert_eq!(made.is_some(), again.is_some(), "{betza} {m}");
                    assert_eq!(
                        fresh.squares, kept.squares,
                        "{betza} on {ranks} ranks, {m} blocks, {a} to {b}"
                    );
                    assert_eq!(fresh.repeats, kept.repeats, "{betza} {m}");
                    walks += usize::from(made.is_some());
                }
            }
            let kept: usize = lock(&kind.walks).values().map(Vec::len).sum();
            assert!(
                walks > 0 && kept * 4 < walks,
                "{betza}: {kept} walks kept for {walks}"
            );
        }
    }
}
