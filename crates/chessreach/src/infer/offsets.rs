use std::collections::{BTreeMap, BTreeSet};

use super::grid::BitGrid;
use crate::geometry::Delta;
use crate::piece::{flag, stop, Atom, Colour, Component, Leg, LegPath, Motion, Rule};

/// A movement rule as a set of offsets for one board size: offsets `(dx, dy)` with
/// `|dx| < width`, `|dy| < height`, `dx` to the right and `dy` up the board (Betza's forward),
/// `(0, 0)` excluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffsetSet {
    width: usize,
    height: usize,
    /// `(2H-1) × (2W-1)`; row `i` is `dr = i - (H-1)` rows *down*, column `j` is
    /// `dx = j - (W-1)`.
    grid: BitGrid,
}

/// The most characters a Betza name may have before it stops being a name.
const SHORT: usize = 64;

impl OffsetSet {
    /// The offsets not in `forbidden` (a grid as [`super::correlate::correlate`] makes),
    /// without `(0, 0)`.
    pub(super) fn complement_of(forbidden: &BitGrid, width: usize, height: usize) -> Self {
        let mut grid = BitGrid::new(2 * height - 1, 2 * width - 1);
        for i in 0..2 * height - 1 {
            for j in 0..2 * width - 1 {
                if !forbidden.get(i, j) && (i, j) != (height - 1, width - 1) {
                    grid.set(i, j);
                }
            }
        }
        Self { width, height, grid }
    }

    /// The board width the offsets are for.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board height the offsets are for.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The offsets of `self` whose bit is set in `grid` (a grid of the same shape).
    pub(super) fn intersect(&self, grid: &BitGrid) -> Self {
        let mut out = BitGrid::new(self.grid.rows(), self.grid.cols());
        for (i, j) in self.grid.ones().filter(|&(i, j)| grid.get(i, j)) {
            out.set(i, j);
        }
        Self {
            width: self.width,
            height: self.height,
            grid: out,
        }
    }

    /// The offset grid (row `i` = `i - (H-1)` rows down, column `j` = `j - (W-1)` files right).
    #[must_use]
    pub fn grid(&self) -> &BitGrid {
        &self.grid
    }

    /// The offsets of `rule` (as White) that fit a `width × height` board; riders contribute
    /// every multiple of their leap up to their range, with nothing blocking (weird-chess
    /// pieces jump).
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "offset tables are twice a budget-costed diagram per side, so offsets and indices stay far below 2^56 and convert exactly between usize and i64"
    )]
    pub fn from_rule(rule: &Rule, width: usize, height: usize) -> Self {
        let mut grid = BitGrid::new(2 * height - 1, 2 * width - 1);
        let (w, h) = (width as i64, height as i64);
        for st in rule.steps(Colour::White) {
            // Every leap of the line counts: nothing blocks here (a hopper's offsets are its
            // line's, as far as its range).
            let range = match st.motion {
                Motion::Leap { .. } => 1,
                Motion::Ride { range, .. } | Motion::Hop { range, .. } => range,
                // A move in legs covers where its legs end on an empty board.
                Motion::Path { path } => {
                    for d in path_offsets(&path, w, h) {
                        grid.set((h - 1 - d.1) as usize, (d.0 + w - 1) as usize);
                    }
                    continue;
                }
            };
            let mut k = 1i64;
            loop {
                let (dx, dy) = (st.delta.dx * k, st.delta.dy * k);
                if dx.abs() >= w || dy.abs() >= h || (range != 0 && k > i64::from(range)) {
                    break;
                }
                grid.set((h - 1 - dy) as usize, (dx + w - 1) as usize);
                k += 1;
            }
        }
        Self { width, height, grid }
    }

    /// Whether `(dx, dy)` is in the set.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "offset tables are twice a budget-costed diagram per side, so offsets and indices stay far below 2^56 and convert exactly between usize and i64"
    )]
    pub fn contains(&self, dx: i64, dy: i64) -> bool {
        let (w, h) = (self.width as i64, self.height as i64);
        dx.abs() < w && dy.abs() < h && self.grid.get((h - 1 - dy) as usize, (dx + w - 1) as usize)
    }

    /// Number of offsets.
    #[must_use]
    pub fn len(&self) -> usize {
        self.grid.count()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every offset `(dx, dy)`.
    #[expect(
        clippy::cast_possible_wrap,
        reason = "offset tables are twice a budget-costed diagram per side, so offsets and indices stay far below 2^56 and convert exactly between usize and i64"
    )]
    pub fn iter(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        let (w, h) = (self.width as i64, self.height as i64);
        self.grid
            .ones()
            .map(move |(i, j)| (j as i64 - (w - 1), h - 1 - i as i64))
    }

    /// The diagram of the rule: `2H-1` lines of `2W-1` characters, `o` in the centre, `x` on
    /// each offset, `.` elsewhere (the weird-chess output format).
    #[must_use]
    pub fn diagram(&self) -> String {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let mut out = String::with_capacity(rows * (cols + 1));
        for i in 0..rows {
            for j in 0..cols {
                out.push(if (i, j) == (self.height - 1, self.width - 1) {
                    'o'
                } else if self.grid.get(i, j) {
                    'x'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out
    }

    /// A rule with exactly these offsets on this board: along each line through the centre,
    /// a run of offsets from the first leap outwards becomes a rider (unlimited when it reaches
    /// the board's edge, else limited), anything else single leaps; directions merge per atom.
    #[must_use]
    pub fn to_rule(&self) -> Rule {
        self.simplest_within(self)
    }

    /// The simplest rule `R` found with `self ⊆ R ⊆ allowed` (offsets of `allowed` outside
    /// `self` are free to take or leave): rider lines run through free offsets, and each
    /// atom's directions are completed wherever the completion stays inside `allowed`.
    ///
    /// # Panics
    /// Never: the rule it builds only from this set's own offsets always has a Betza name.
    #[must_use]
    pub fn simplest_within(&self, allowed: &Self) -> Rule {
        self.named_within(allowed, usize::MAX)
            .expect("no limit on the number of atoms")
    }

    /// [`OffsetSet::simplest_within`], or `None` as soon as the rule would have more than
    /// `atoms` atoms (its name then has more than `atoms` characters: components of different
    /// atoms never cover each other). O(cells/64 + offsets · log) to find the directions, plus
    /// O(n) per direction for an `n × n` board, stopping after `atoms` atoms: so naming a
    /// random 2000×2000 diagram's rule gives up after a few directions instead of building a
    /// rule of millions of components.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "offset tables are twice a budget-costed diagram per side, so offsets and indices stay far below 2^56 and convert exactly between usize and i64"
    )]
    pub(crate) fn named_within(&self, allowed: &Self, atoms: usize) -> Option<Rule> {
        let (w, h) = (self.width as i64, self.height as i64);
        let gcd = |mut a: i64, mut b: i64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a.abs()
        };
        // How many multiples of (dx, dy) fit in the offset grid.
        let kmax = |dx: i64, dy: i64| {
            let fit = |limit: i64, d: i64| if d == 0 { i64::MAX } else { (limit - 1) / d.abs() };
            fit(w, dx).min(fit(h, dy)).max(1)
        };
        let mut masks: BTreeMap<(Atom, u32), u8> = BTreeMap::new();
        let mut seen_atoms: BTreeSet<Atom> = BTreeSet::new();
        let mut add = |d: Delta, range: u32| -> bool {
            let atom = Atom::new(d.dx, d.dy).expect("nonzero offsets within the leap limit");
            let i = atom.index_of(d).expect("an image of its own atom");
            *masks.entry((atom, range)).or_default() |= 1 << i;
            seen_atoms.insert(atom);
            seen_atoms.len() <= atoms
        };
        // Each primitive direction of a needed offset, once (marked in a grid of its own).
        let mut done = BitGrid::new(self.grid.rows(), self.grid.cols());
        for (ox, oy) in self.iter() {
            let divisor = gcd(ox, oy);
            let (dx, dy) = (ox / divisor, oy / divisor);
            let (row, col) = ((h - 1 - dy) as usize, (dx + w - 1) as usize);
            if done.get(row, col) {
                continue;
            }
            done.set(row, col);
            let km = kmax(dx, dy);
            // The run from k = 1 that stays allowed, and how far it must reach.
            let run = (1..=km)
                .take_while(|&k| allowed.contains(dx * k, dy * k))
                .last()
                .unwrap_or(0);
            let needed: Vec<i64> = (1..=km).filter(|&k| self.contains(dx * k, dy * k)).collect();
            let inside = needed.iter().filter(|&&k| k <= run).count();
            let rider = run >= 2 && inside >= 2;
            if rider && !add(Delta::new(dx, dy), if run == km { 0 } else { run as u32 }) {
                return None;
            }
            for k in needed.into_iter().filter(|&k| !rider || k > run) {
                if !add(Delta::new(dx * k, dy * k), 1) {
                    return None;
                }
            }
        }
        // Complete each atom's directions where that stays allowed: `N` rather than `fNbN…`.
        for ((atom, range), mask) in &mut masks {
            for i in 0..atom.image_count() {
                let d = atom.image(i);
                let fits = (1..=kmax(d.dx, d.dy))
                    .take_while(|&k| *range == 0 || k <= i64::from(*range))
                    .all(|k| {
                        (d.dx * k).abs() >= w || (d.dy * k).abs() >= h || allowed.contains(d.dx * k, d.dy * k)
                    });
                if fits {
                    *mask |= 1 << i;
                }
            }
        }
        Some(Rule::from_components(masks.into_iter().map(
            |((atom, range), mask)| Component {
                atom,
                range,
                lame: false,
                hop: false,
                moves: mask,
                captures: mask,
            },
        )))
    }

    /// Whether every offset of `self` is in `other`.
    #[must_use]
    pub fn is_subset(&self, other: &Self) -> bool {
        self.iter().all(|(dx, dy)| other.contains(dx, dy))
    }

    /// The rule in Betza notation, when a short exact name exists: the name's offsets on this
    /// board are exactly this set (checked), and it has at most 64 characters.
    #[must_use]
    pub fn betza(&self) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let name = self.named_within(self, SHORT)?.to_string();
        if name.len() > SHORT {
            return None;
        }
        let back: Rule = name.parse().ok()?;
        (Self::from_rule(&back, self.width, self.height) == *self).then_some(name)
    }
}

/// Where a move in legs ends on an empty board, relative to its start, within `w × h`
/// offsets: each non-final leg stops on empty squares only (an empty board has nothing to hop
/// or capture on the way), screened leaps and hops never move. O(Π leg lengths).
fn path_offsets(path: &LegPath, w: i64, h: i64) -> Vec<(i64, i64)> {
    fn walk(legs: &[Leg], at: (i64, i64), w: i64, h: i64, out: &mut Vec<(i64, i64)>) {
        let Some((leg, rest)) = legs.split_first() else {
            return;
        };
        if leg.flags & (flag::SCREENED | flag::HOPPER) != 0
            || (!rest.is_empty() && leg.stop & stop::EMPTY == 0)
        {
            return;
        }
        let (dx, dy) = (i64::from(leg.dx), i64::from(leg.dy));
        let most = if leg.range == 0 {
            w.max(h)
        } else {
            i64::from(leg.range)
        };
        for k in 1..=most {
            let p = (at.0 + dx * k, at.1 + dy * k);
            if p.0.abs() >= w || p.1.abs() >= h {
                return;
            }
            if k <= i64::from(leg.skip) {
                continue;
            }
            if rest.is_empty() {
                if p != (0, 0) {
                    out.push(p);
                }
            } else {
                walk(rest, p, w, h, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(path.legs(), (0, 0), w, h, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(rule: &str, n: usize) -> Option<String> {
        OffsetSet::from_rule(&rule.parse().expect("rule"), n, n).betza()
    }

    #[test]
    fn names_of_familiar_rules() {
        assert_eq!(named("R", 8).as_deref(), Some("R"));
        assert_eq!(named("Q", 5).as_deref(), Some("Q"));
        assert_eq!(named("N", 8).as_deref(), Some("N"));
        assert_eq!(named("BN", 8).as_deref(), Some("BN"));
        assert_eq!(named("K", 3).as_deref(), Some("K"));
        assert_eq!(named("fR", 6).as_deref(), Some("fR"));
        assert_eq!(named("R3", 8).as_deref(), Some("R3"));
        // On a 3×3 board a rook's line is two leaps long: still `R`.
        assert_eq!(named("WD", 3).as_deref(), Some("R"));
        assert_eq!(named("fmWfcF", 5).as_deref(), Some("fWfF"));
    }
}
