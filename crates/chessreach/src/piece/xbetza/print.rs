//! The canonical XBetza printer: `parse(print(r)) == r`, as short as a greedy cover finds.

use std::cell::Cell;
use std::collections::HashSet;

use super::super::legs::{flag, stop};
use super::super::{Component, Leg, LegPath, Rule};
use super::{atom_of, parse, read, toggled_range, upgrade, Class, ROT};

/// The letters selecting exactly direction `bit` of a first leg of `class`, or of any
/// continuation leg (`King`).
fn single(class: Class, bit: u8) -> &'static str {
    let b = usize::from(bit);
    match class {
        Class::Orth | Class::King if bit.is_multiple_of(2) => ["f", "", "r", "", "b", "", "l", ""][b],
        Class::Diag | Class::King => ["", "fr", "", "br", "", "bl", "", "fl"][b],
        Class::Oblique => ["rf", "fr", "br", "rb", "lb", "bl", "fl", "lf"][b],
        Class::Orth => "",
    }
}

/// The mode letters of a leg (what [`Reader::legs`] reads back), `toggle` when the next leg
/// changes leaper ↔ rider.
fn modes(leg: Leg, last: bool, toggle: bool) -> String {
    let mut s = String::new();
    let hop = leg.stop & stop::HOP != 0;
    let empty = leg.stop & stop::EMPTY != 0;
    // `y` toggles `m`: written with `m` when the leg must not stop on an empty square.
    let y = toggle && !hop;
    let default = last && leg.stop == stop::EMPTY | stop::FOE;
    if !default && ((empty && !y) || (y && !empty)) {
        s.push('m');
    }
    if !default && leg.stop & stop::FOE != 0 {
        s.push('c');
    }
    if leg.stop & stop::FRIEND != 0 {
        s.push('d');
    }
    if leg.flags & flag::NO_FOE_HOP != 0 {
        s.push('t');
    }
    if last && leg.flags & flag::HOPPER != 0 {
        s.push(if leg.flags & flag::GRASS != 0 { 'g' } else { 'p' });
    }
    if hop {
        s.push(if toggle { 'g' } else { 'p' });
    }
    if leg.flags & flag::WRAP != 0 {
        s.push('o');
    }
    if y {
        s.push('y');
    }
    if leg.flags & flag::LAME != 0 {
        s.push('n');
    }
    if leg.flags & flag::SCREENED != 0 {
        s.push('j');
    }
    for _ in 0..leg.skip {
        s.push('j');
    }
    if !last {
        s.push('a');
    }
    s
}

/// The direction bit `keep` accepts of `(dx, dy)` as a step of `(x, y)` rotated, if it is one.
fn bit_of(dx: i16, dy: i16, x: i16, y: i16, keep: impl Fn(u8) -> bool) -> Option<u8> {
    (0..8u8).find(|&d| {
        let m = ROT[usize::from(d)];
        keep(d) && (x * m[0] + y * m[1], x * m[2] + y * m[3]) == (dx, dy)
    })
}

/// One move of a rule, the unit a printed text covers: one direction of a component that only
/// moves or only captures, one initial move, or one leg path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Unit {
    Single(Component),
    Initial(Component),
    Path(LegPath),
}

impl Unit {
    /// The rule of this move alone.
    fn rule(self) -> Rule {
        match self {
            Self::Single(c) => Rule::from_components([c]),
            Self::Initial(c) => Rule::default().with_initial([c]),
            Self::Path(p) => Rule::default().with_paths([p]),
        }
    }

    /// The path a single move's one leg is, for the candidate texts.
    fn path(self) -> Option<LegPath> {
        let c = match self {
            Self::Path(p) => return Some(p),
            Self::Single(c) | Self::Initial(c) => c,
        };
        let bits = c.moves | c.captures;
        let d = c.atom.image(bits.trailing_zeros() as usize);
        let leg = Leg {
            dx: i16::try_from(d.dx).ok()?,
            dy: i16::try_from(d.dy).ok()?,
            range: u8::try_from(if c.hop && c.range == 1 { 0 } else { c.range }).ok()?,
            skip: 0,
            stop: if c.moves != 0 { stop::EMPTY } else { 0 } | if c.captures != 0 { stop::FOE } else { 0 },
            flags: if c.lame { flag::LAME } else { 0 }
                | if c.hop { flag::HOPPER } else { 0 }
                | if c.hop && c.range == 1 { flag::GRASS } else { 0 },
        };
        LegPath::new(&[leg])
    }
}

/// A rule's moves, one [`Unit`] each.
fn units(rule: &Rule) -> Vec<Unit> {
    let split = |c: &Component| {
        let c = *c;
        (0..8u8).flat_map(move |i| {
            let bit = 1u8 << i;
            let m = (c.moves & bit != 0).then_some(Component {
                moves: bit,
                captures: 0,
                ..c
            });
            let k = (c.captures & bit != 0).then_some(Component {
                moves: 0,
                captures: bit,
                ..c
            });
            m.into_iter().chain(k)
        })
    };
    let mut out: Vec<Unit> = rule
        .components()
        .iter()
        .flat_map(split)
        .map(Unit::Single)
        .collect();
    out.extend(
        rule.initial_components()
            .iter()
            .flat_map(split)
            .map(Unit::Initial),
    );
    out.extend(rule.paths().iter().copied().map(Unit::Path));
    out
}

/// One text, leg by leg: `i` for initial moves, each leg's direction letters and mode letters
/// (with `a` on all but the last), then the atom letter and its range.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Template {
    initial: bool,
    legs: Vec<(String, String)>,
    atom: String,
}

impl Template {
    fn text(&self) -> String {
        let mut out = String::from(if self.initial { "i" } else { "" });
        for (dirs, modes) in &self.legs {
            out.push_str(dirs);
            out.push_str(modes);
        }
        out.push_str(&self.atom);
        out
    }
}

/// Candidate texts of one path: every atom letter and range text whose geometry fits, every
/// choice of toggles; the caller keeps those that read back as the path.
fn path_candidates(path: &LegPath) -> Vec<Template> {
    let legs = path.legs();
    let mut out = Vec::new();
    let letters = ['W', 'R', 'F', 'B', 'D', 'A', 'H', 'G', 'N', 'C', 'Z', 'K', 'Q'];
    for first in letters {
        let (class, x, y, slides) = atom_of(first).expect("letter");
        for toggles in 0..1u32 << (legs.len() - 1) {
            let mut parts = Vec::new();
            let mut letter = first;
            let mut range = u32::from(legs[0].range);
            let mut ok = true;
            let mut angle = None;
            for (k, leg) in legs.iter().enumerate() {
                let (lclass, _, ly, _) = atom_of(letter).expect("letter");
                let bit = match angle {
                    None if class == Class::King => bit_of(leg.dx, leg.dy, 0, y, |b| b.is_multiple_of(2))
                        .or_else(|| bit_of(leg.dx, leg.dy, y, y, |b| !b.is_multiple_of(2))),
                    None => bit_of(leg.dx, leg.dy, x, y, |b| match class {
                        Class::Orth => b.is_multiple_of(2),
                        Class::Diag => !b.is_multiple_of(2),
                        Class::Oblique | Class::King => true,
                    }),
                    Some(_) => bit_of(leg.dx, leg.dy, 0, ly, |b| b.is_multiple_of(2))
                        .or_else(|| bit_of(leg.dx, leg.dy, ly, ly, |b| !b.is_multiple_of(2))),
                };
                let Some(bit) = bit else {
                    ok = false;
                    break;
                };
                if u32::from(leg.range) != range {
                    ok = false;
                    break;
                }
                let rel = match angle {
                    None => single(lclass, bit),
                    Some(a) => single(Class::King, (bit + 8 - a) % 8),
                };
                let last = k + 1 == legs.len();
                let toggle = !last && toggles >> k & 1 == 1;
                parts.push((rel.to_owned(), modes(*leg, last, toggle)));
                if toggle {
                    let up = upgrade(letter);
                    range = toggled_range(up, range);
                    letter = up;
                }
                angle = Some(bit);
            }
            if !ok {
                continue;
            }
            let base = u32::from(legs[0].range);
            let range_text = match (slides, base) {
                (true, 0) | (false, 1) => String::new(),
                (_, r) => r.to_string(),
            };
            out.push(Template {
                initial: false,
                legs: parts,
                atom: format!("{first}{range_text}"),
            });
        }
    }
    out
}

/// Direction letters a leg may be widened to: XBoard's single letters, pairs and `h` sets
/// (a lone `h` before the atom reads as `hl`, as XBoard reads it).
const WIDER: [&str; 29] = [
    "", "f", "b", "l", "r", "v", "s", "h", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fs", "bs", "lv",
    "rv", "fh", "bh", "lh", "rh", "hl", "hr", "ff", "bb", "ll",
];

/// How many moves the candidate texts of one cover may say in all: past it the cover gives up
/// and the printer says each move on its own. Bounds a print at a fraction of a second however
/// many moves the rule has (a four-leg locust `cacacaK` has 4,096).
const WORK: usize = 2_000_000;

/// One cover's target moves and the work it has left.
struct Search {
    target: HashSet<Unit>,
    left: Cell<usize>,
}

impl Search {
    /// The moves a text reads as, when it reads with no warning and the work allows.
    fn units_of(&self, text: &str) -> Option<Vec<Unit>> {
        if self.left.get() == 0 {
            return None;
        }
        let reading = read(text).ok()?;
        let said = reading.warnings.is_empty().then(|| units(&reading.rule))?;
        self.left.set(self.left.get().saturating_sub(said.len().max(1)));
        Some(said)
    }

    /// How many moves `t` says, when every one of them is in the target; `None` otherwise.
    fn coverage(&self, t: &Template) -> Option<usize> {
        let said = self.units_of(&t.text())?;
        said.iter().all(|u| self.target.contains(u)).then_some(said.len())
    }

    /// Widens `t` (which says only moves of the target) as far as it stays inside the target:
    /// each leg's direction letters replaced by a wider set, or another set added, and mode
    /// letters that are defaults dropped; the most moves said, then the shortest text.
    /// O(legs · |WIDER| · parse) a round, a few rounds, within the work left.
    fn widen(&self, mut t: Template) -> Template {
        let mut best = self.coverage(&t).unwrap_or(0);
        loop {
            let mut improved = false;
            for k in 0..t.legs.len() {
                let current = t.legs[k].0.clone();
                let options = WIDER.iter().map(|&w| w.to_owned()).chain(
                    WIDER
                        .iter()
                        .filter(|w| !w.is_empty())
                        .flat_map(|w| [format!("{current}{w}"), format!("{w}{current}")]),
                );
                for dirs in options {
                    let mut c = t.clone();
                    c.legs[k].0 = dirs;
                    if let Some(n) = self.coverage(&c) {
                        if n > best || (n == best && c.text().len() < t.text().len()) {
                            (t, best, improved) = (c, n, true);
                        }
                    }
                }
                for drop in 0..t.legs[k].1.len() {
                    let mut c = t.clone();
                    c.legs[k].1.remove(drop);
                    if let Some(n) = self.coverage(&c) {
                        if n > best || (n == best && c.text().len() < t.text().len()) {
                            (t, best, improved) = (c, n, true);
                            break;
                        }
                    }
                }
            }
            if !improved || best == self.target.len() {
                return t;
            }
        }
    }
}

/// A greedy cover of a rule's moves by texts each widened as far as it says only moves of the
/// rule (`afsW` for the Mao's eight paths, not eight texts): each round widens every text
/// that says one of the first few uncovered moves alone and keeps the one saying the most
/// uncovered moves, then the shortest. `None` when some move has no XBetza text or the work
/// ([`WORK`]) runs out.
fn cover(rule: &Rule) -> Option<String> {
    let all = units(rule);
    let search = Search {
        target: all.iter().copied().collect(),
        left: Cell::new(WORK),
    };
    let mut uncovered: HashSet<Unit> = search.target.clone();
    let mut order = all;
    let mut out = String::new();
    while !uncovered.is_empty() {
        order.retain(|u| uncovered.contains(u));
        let mut best: Option<(Template, usize)> = None;
        // A seed per uncovered move would be quadratic on a Lion; a few suffice for a cover.
        for &u in order.iter().take(4) {
            let expected = u.rule();
            let initial = matches!(u, Unit::Initial(_));
            let seeds: Vec<Template> = path_candidates(&u.path()?)
                .into_iter()
                .map(|t| Template { initial, ..t })
                .filter(|t| parse(&t.text()).is_ok_and(|r| r == expected))
                .collect();
            if seeds.is_empty() {
                return None;
            }
            for seed in seeds {
                let t = search.widen(seed);
                let said = search.units_of(&t.text())?;
                let fresh = said.iter().filter(|q| uncovered.contains(q)).count();
                if best
                    .as_ref()
                    .is_none_or(|(b, n)| fresh > *n || (fresh == *n && t.text().len() < b.text().len()))
                {
                    best = Some((t, fresh));
                }
            }
        }
        let (t, fresh) = best?;
        if fresh == 0 {
            return None;
        }
        for q in search.units_of(&t.text())? {
            uncovered.remove(&q);
        }
        out.push_str(&t.text());
    }
    Some(out)
}

/// Whether `text` reads back as `rule` with no warning.
fn says(text: &str, rule: &Rule) -> bool {
    read(text).is_ok_and(|r| r.warnings.is_empty() && r.rule == *rule)
}

/// The canonical XBetza text of a rule: the shorter of a greedy cover of its moves by widened
/// texts (`afsW`, `lvfN`) and the Fairy-Stockfish printer's text for its single-leg moves (`R`,
/// `fmWfcF`, `NN`) followed by the cover of its paths — whichever reads back as the rule with
/// no warning; failing both, every move printed on its own. Parts no XBetza text says
/// (Fairy-Stockfish's `nZ`, `(x,y)` leaps, ranges above 99) are printed as `?`.
///
/// The cover is greedy, not minimal: most texts people write come back as written or
/// shorter (`tests/xbetza.rs` lists them), some come back longer (`avsW` as `vlrasfbK`).
///
/// Cost: each widened text costs a few hundred parses (microseconds each, the parse linear in
/// the moves said); a rule of `u` moves widens at most 4 seeds' candidates a text, O(u) texts.
#[must_use]
pub fn print(rule: &Rule) -> String {
    let single = Rule::from_components(rule.components().iter().copied())
        .with_initial(rule.initial_components().iter().copied());
    let fsf = super::super::betza::print(&single);
    let paths = Rule::default().with_paths(rule.paths().iter().copied());
    let mixed = (says(&fsf, &single))
        .then(|| {
            if rule.has_paths() {
                cover(&paths).map(|p| fsf.clone() + &p)
            } else {
                Some(fsf)
            }
        })
        .flatten()
        .filter(|t| says(t, rule));
    // A rule of paths only: the cover of its paths is the cover of the rule.
    let only_paths = single.is_empty();
    let covered = if only_paths {
        None
    } else {
        cover(rule).filter(|t| says(t, rule))
    };
    match (mixed, covered) {
        (Some(a), Some(b)) => {
            if b.len() < a.len() {
                b
            } else {
                a
            }
        }
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => units(rule)
            .into_iter()
            .map(|u| {
                let text = u.path().and_then(|p| {
                    let expected = u.rule();
                    path_candidates(&p)
                        .into_iter()
                        .map(|t| {
                            Template {
                                initial: matches!(u, Unit::Initial(_)),
                                ..t
                            }
                            .text()
                        })
                        .find(|t| parse(t).is_ok_and(|r| r == expected))
                });
                text.unwrap_or_else(|| "?".into())
            })
            .collect(),
    }
}

/// Whether [`print()`] says every part of the rule in XBetza.
#[must_use]
pub fn printable(rule: &Rule) -> bool {
    !print(rule).contains('?')
}
