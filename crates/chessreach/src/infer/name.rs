//! The simplest Betza name of a rule that draws a diagram.
//!
//! A rule draws a diagram exactly when it sends no piece onto a safe square (every offset of it
//! that lands on the board from some piece lies in the largest consistent rule,
//! [`Inference::offsets`](super::Inference::offsets)) and reaches every attacked square from
//! some piece. Offsets that only ever land on pieces or off the board are free.
//!
//! **Simplest** means: the shortest Betza text (characters, as [`Rule`]'s `Display` writes it:
//! shorthands `K Q R B`, fewest direction letters), then the fewest components, then the fewest
//! offsets on the board (`bW` before `bR`), then the first in byte order. The empty rule (no move: text `""`) names a diagram with no attacked square.
//!
//! **Search** (exact within [`SEARCH_NODES`]; only on diagrams with at most [`SEARCH_WORK`]
//! piece × attacked-square pairs):
//! 1. The useful offsets: from a piece onto an attacked square, allowed by the largest rule.
//! 2. Candidate components: for every atom that a useful offset is a multiple of, as a leaper,
//!    an unlimited rider and a rider of each range that reaches further, every set of its
//!    directions whose every step (every multiple, for a rider) stays allowed or off the
//!    offset grid. Within one atom and range, a direction set is dropped when another is no
//!    longer and reaches at least its attacked squares (strictly more when as long). Plus `K`
//!    and `Q` (W and F in every direction, leaping or riding: one letter for two atoms).
//! 3. A depth-first set cover: the attacked square with the fewest candidates left is covered
//!    by each of its candidates in turn, shortest text first, pruned as soon as the text so
//!    far (the sum of the candidates' texts) is longer than the best name found. Every full
//!    cover's rule is written out and compared by the order above.
//!
//! O(pieces × targets) for the useful offsets, O(atoms × ranges × 2^images) candidates
//! (2^8 at most per atom and range), and at most [`SEARCH_NODES`] search nodes of
//! O(targets × candidates / 64) each. Beyond the limits the caller falls back to naming the
//! offsets every piece can use ([`super::OffsetSet::named_within`]).

use std::collections::BTreeSet;

use rustc_hash::{FxHashMap, FxHashSet};

use super::OffsetSet;
use crate::limits::{Progress, Ticks};
use crate::piece::{Atom, Component, Rule};

/// The most piece × attacked-square pairs a name is searched for.
pub(super) const SEARCH_WORK: usize = 1 << 16;
/// The most nodes of the set-cover search; beyond them the best name found is kept.
pub(super) const SEARCH_NODES: usize = 200_000;
/// The most characters a name may have.
pub(super) const LONGEST: usize = 64;

/// The pieces and attacked squares of a diagram (row, column from the top left), kept by an
/// inference small enough to search names for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    pub(super) pieces: Vec<(usize, usize)>,
    pub(super) targets: Vec<(usize, usize)>,
}

/// One candidate component (or two, for `K` and `Q`): its text's length, the attacked squares
/// it reaches (bits over the targets), and the atom and range group it belongs to.
struct Candidate {
    comps: Vec<Component>,
    len: usize,
    cover: Vec<u64>,
}

/// Length of the text of a rule of `comps`.
fn text_len(comps: &[Component]) -> usize {
    Rule::from_components(comps.iter().copied()).to_string().len()
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// The simplest name (see the module docs) of a rule inside `allowed` that reaches every
/// target of `marks`, when one of at most [`LONGEST`] characters exists and is found; `bound`
/// is a name known to draw the diagram (the search looks for one no longer).
#[expect(
    clippy::too_many_lines,
    reason = "the candidates' three steps (useful offsets, atoms and ranges, K and Q) share their tables"
)]
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "names are searched only on diagrams with at most SEARCH_WORK piece-target pairs, so squares and offsets convert exactly"
)]
pub(super) fn simplest(
    marks: &Marks,
    allowed: &OffsetSet,
    bound: Option<String>,
    progress: Option<Progress<'_>>,
) -> Option<String> {
    let targets = &marks.targets;
    // One unit a piece-target pair, an atom or a node of the search.
    let mut ticks = Ticks::new(progress, "naming", 0, 1 << 8);
    if targets.is_empty() {
        return Some(String::new());
    }
    let (w, h) = (allowed.width() as i64, allowed.height() as i64);
    let index: FxHashMap<(i64, i64), usize> = targets
        .iter()
        .enumerate()
        .map(|(i, &(r, c))| ((r as i64, c as i64), i))
        .collect();
    let words = targets.len().div_ceil(64);
    // The attacked squares offset `d` reaches from the pieces, as bits.
    let reach = |dx: i64, dy: i64, bits: &mut [u64]| {
        for &(r, c) in &marks.pieces {
            if let Some(&t) = index.get(&(r as i64 - dy, c as i64 + dx)) {
                bits[t / 64] |= 1 << (t % 64);
            }
        }
    };
    // Steps outside the offset grid never land: free.
    let free = |dx: i64, dy: i64| dx.abs() >= w || dy.abs() >= h || allowed.contains(dx, dy);
    let mut atoms: BTreeSet<Atom> = BTreeSet::new();
    let mut useful: FxHashSet<(i64, i64)> = FxHashSet::default();
    for &(pr, pc) in &marks.pieces {
        for &(tr, tc) in targets {
            ticks.add(1);
            let (dx, dy) = (tc as i64 - pc as i64, pr as i64 - tr as i64);
            if allowed.contains(dx, dy) && useful.insert((dx, dy)) {
                let g = gcd(dx, dy);
                for m in (1..=g).filter(|m| g % m == 0) {
                    atoms.extend(Atom::new(dx / g * m, dy / g * m));
                }
            }
        }
    }
    let mut cands: Vec<Candidate> = Vec::new();
    // W and F in every direction, with what they reach: the parts of `K` and `Q`.
    let mut full: FxHashMap<(char, u32), (Component, Vec<u64>)> = FxHashMap::default();
    for &atom in &atoms {
        ticks.add(1);
        let images: Vec<(i64, i64, i64)> = (0..atom.image_count())
            .map(|i| {
                let d = atom.image(i);
                let fit = |limit: i64, v: i64| if v == 0 { i64::MAX } else { (limit - 1) / v.abs() };
                (d.dx, d.dy, fit(w, d.dx).min(fit(h, d.dy)).max(0))
            })
            .collect();
        let most = images.iter().map(|i| i.2).max().unwrap_or(0);
        // Per image, the targets of each multiple k = 1..=kmax.
        let per_k: Vec<Vec<Vec<u64>>> = images
            .iter()
            .map(|&(dx, dy, km)| {
                (1..=km)
                    .map(|k| {
                        let mut bits = vec![0; words];
                        reach(dx * k, dy * k, &mut bits);
                        bits
                    })
                    .collect()
            })
            .collect();
        let mut ranges = vec![1u32];
        if most >= 2 {
            ranges.push(0);
            ranges.extend((2..most).map(|r| r as u32));
        }
        for range in ranges {
            let mut valid = 0u8;
            let mut covers: Vec<Vec<u64>> = Vec::with_capacity(images.len());
            for (i, &(dx, dy, km)) in images.iter().enumerate() {
                let reach_k = if range == 0 { km.max(1) } else { i64::from(range) };
                let ok = (1..=reach_k).all(|k| free(dx * k, dy * k));
                let mut bits = vec![0; words];
                for row in per_k[i].iter().take(reach_k as usize) {
                    for (b, r) in bits.iter_mut().zip(row) {
                        *b |= r;
                    }
                }
                if ok {
                    valid |= 1 << i;
                }
                covers.push(bits);
            }
            // A limited range that reaches nothing more than one step shorter is no candidate.
            if range >= 2 {
                let grows = images.iter().enumerate().any(|(i, _)| {
                    valid >> i & 1 == 1
                        && per_k[i]
                            .get(range as usize - 1)
                            .is_some_and(|b| b.iter().any(|&x| x != 0))
                });
                if !grows {
                    continue;
                }
            }
            let comp = |mask: u8| Component {
                atom,
                range,
                lame: false,
                hop: false,
                moves: mask,
                captures: mask,
            };
            if valid == atom.full_mask() {
                if let Some(l) = atom.letter().filter(|l| matches!(l, 'W' | 'F')) {
                    let mut bits = vec![0; words];
                    for c in &covers {
                        bits.iter_mut().zip(c).for_each(|(x, y)| *x |= y);
                    }
                    full.insert((l, range), (comp(valid), bits));
                }
            }
            group(valid, &covers, words, &comp, &mut cands);
        }
    }
    for range in [1, 0] {
        if let (Some((a, wa)), Some((b, fb))) = (full.get(&('W', range)), full.get(&('F', range))) {
            let cover: Vec<u64> = wa.iter().zip(fb).map(|(x, y)| x | y).collect();
            let comps = vec![*a, *b];
            cands.push(Candidate {
                len: text_len(&comps),
                comps,
                cover,
            });
        }
    }
    cands.sort_by_key(|c| c.len);
    let mut search = Search {
        ticks,
        cands: &cands,
        all: targets.len(),
        best: None,
        size: (allowed.width(), allowed.height()),
        nodes: 0,
    };
    search.best = bound
        .filter(|b| b.len() <= LONGEST)
        .and_then(|b| Some(search.key(&b.parse().ok()?)));
    let mut covered = vec![0u64; words];
    search.dfs(&mut covered, &mut Vec::new(), 0);
    search.best.map(|b| b.3)
}

/// The direction sets of one atom and range worth trying: every nonempty subset of `valid`
/// reaching something, minus those another no longer set of the group dominates.
fn group(
    valid: u8,
    covers: &[Vec<u64>],
    words: usize,
    comp: &impl Fn(u8) -> Component,
    out: &mut Vec<Candidate>,
) {
    let mut sets: Vec<(usize, u8, Vec<u64>)> = Vec::new();
    let mut mask = valid;
    while mask != 0 {
        let mut bits = vec![0; words];
        for (_, c) in covers.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1) {
            bits.iter_mut().zip(c).for_each(|(x, y)| *x |= y);
        }
        if bits.iter().any(|&b| b != 0) {
            sets.push((text_len(&[comp(mask)]), mask, bits));
        }
        mask = (mask - 1) & valid;
    }
    sets.sort_by_key(|s| {
        (
            s.0,
            std::cmp::Reverse(s.2.iter().map(|b| b.count_ones()).sum::<u32>()),
        )
    });
    let mut kept: Vec<usize> = Vec::new();
    for (i, (_, _, bits)) in sets.iter().enumerate() {
        // Kept sets come first: no longer, and as long only when they reach at least as much.
        let dominated = kept
            .iter()
            .any(|&j| bits.iter().zip(&sets[j].2).all(|(a, b)| a & !b == 0));
        if !dominated {
            kept.push(i);
        }
    }
    out.extend(kept.into_iter().map(|i| Candidate {
        comps: vec![comp(sets[i].1)],
        len: sets[i].0,
        cover: sets[i].2.clone(),
    }));
}

/// The set-cover search's state: the best name so far as (length, components, offsets, text).
struct Search<'a> {
    /// Told every 2^8 nodes.
    ticks: Ticks<'a>,
    cands: &'a [Candidate],
    all: usize,
    best: Option<(usize, usize, usize, String)>,
    /// The diagram's width and height.
    size: (usize, usize),
    nodes: usize,
}

impl Search<'_> {
    /// A rule's place in the order of simplicity.
    fn key(&self, rule: &Rule) -> (usize, usize, usize, String) {
        let text = rule.to_string();
        let offsets = OffsetSet::from_rule(rule, self.size.0, self.size.1).len();
        (text.len(), rule.components().len(), offsets, text)
    }

    fn dfs(&mut self, covered: &mut Vec<u64>, chosen: &mut Vec<usize>, cost: usize) {
        self.nodes += 1;
        self.ticks.add(1);
        if self.nodes > SEARCH_NODES {
            return;
        }
        // The uncovered target with the fewest candidates.
        let mut pick: Option<(usize, usize)> = None;
        for t in (0..self.all).filter(|t| covered[t / 64] >> (t % 64) & 1 == 0) {
            let n = self
                .cands
                .iter()
                .filter(|c| c.cover[t / 64] >> (t % 64) & 1 == 1)
                .count();
            if pick.is_none_or(|(_, m)| n < m) {
                pick = Some((t, n));
            }
        }
        let Some((t, _)) = pick else {
            let comps: Vec<Component> = chosen
                .iter()
                .flat_map(|&i| self.cands[i].comps.iter().copied())
                .collect();
            let key = self.key(&Rule::from_components(comps));
            if key.0 <= LONGEST && self.best.as_ref().is_none_or(|b| key < *b) {
                self.best = Some(key);
            }
            return;
        };
        for (i, c) in self.cands.iter().enumerate() {
            if cost + c.len > self.best.as_ref().map_or(LONGEST, |b| b.0) {
                break;
            }
            if c.cover[t / 64] >> (t % 64) & 1 == 0 {
                continue;
            }
            let before = covered.clone();
            covered.iter_mut().zip(&c.cover).for_each(|(x, y)| *x |= y);
            chosen.push(i);
            self.dfs(covered, chosen, cost + c.len);
            chosen.pop();
            *covered = before;
            if self.nodes > SEARCH_NODES {
                return;
            }
        }
    }
}
