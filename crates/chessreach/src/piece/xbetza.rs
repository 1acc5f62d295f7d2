//! XBetza, H. G. Muller's Betza dialect, read as GNU XBoard's move generator reads it
//! (`MovesFromString` in XBoard's `moves.c`), with the deviations its own documentation asks
//! for; and a canonical printer, `parse(print(r)) == r`.
//!
//! A text is a list of atoms. Before each: `i` (initial moves), then per leg its direction
//! letters, its modes in the fixed order `m c d t p g o y n j`, and `a` when another leg
//! follows; all legs share the atom letter and its range digits that end the group.
//!
//! | notation | reading |
//! |---|---|
//! | `W F D N A H C Z G`, `L` (= `C`), `J` (= `Z`), `K Q R B` | leaps (1,0) (1,1) (2,0) (2,1) (2,2) (3,0) (3,1) (3,2) (3,3); K and Q are W+F, R B Q ride |
//! | digits, doubled letter | `W3`: at most 3 leaps; `N0`, `NN`: a rider; `NN3` is `N` + `N3` |
//! | first-leg directions | per atom class, as XBoard pairs them: `fr` on `F` is one diagonal; `rf`/`fr` on `N` the steep/flat leap; `fh`, `hr`/`hl` on `N`; single letters or pairs on `K`/`Q` |
//! | `a` | another leg from where this one stopped; its directions in the king's eight, relative to the previous leg (`f` straight on, `s` square sideways… rotated); by default all but backward (oblique and 8-fold atoms) or forward and sideways (4-fold atoms); a continuation step is `(0,y)` or `(y,y)` for the atom's long side `y` |
//! | `m c d` | stop on empty, capture a foe, destroy a friend; last leg by default `mc`, other legs `m` (a `c` or `d` leg goes on after capturing: a locust) |
//! | `p`, `g` | last leg: hop the first piece, land anywhere beyond (`p`) or right behind (`g`); other legs: stop on a piece without capturing it (`g` also toggles the next leg leaper ↔ rider) |
//! | `y` | an `m` leg that toggles the next leg leaper ↔ rider (the Griffon `FyafsF`) |
//! | `n`, `j` | leaps' midpoints must be empty / occupied; `j` on one-step atoms skips the first square (the ski-slider `jR`); `n` on them moves nowhere |
//! | `o`, `t` | the leg wraps round the files (a cylinder); no hopping foes |
//! | `i` | initial moves, made from the side's second rank (as in the Fairy-Stockfish dialect) |
//!
//! Deviations from XBoard's code, following the XBetza documentation: `L` is the camel (1,3)
//! and `J` the zebra (2,3) (XBoard's table swaps them); `NN` is the nightrider (XBoard: `N`);
//! a Black piece is the White piece turned by 180° (XBoard keeps some diagonals of Black `K`/`Q`
//! first legs pointing up); an `o` leg wraps modulo the width however narrow the board; the
//! piece's own square is empty for lame (`n`) midpoints as for landings (it has left it).
//! Refused with a message: castling `O`, en passant `e`, `ii`, `i` on a continuation leg,
//! initial moves that capture or have legs, more than [`MAX_LEGS`] legs. Letters XBoard skips
//! (modifiers out of order) are skipped too, with a [`Warning`].
//!
//! Where the two dialects read one text differently:
//!
//! | text | Fairy-Stockfish dialect | XBetza dialect |
//! |---|---|---|
//! | `L`, `J` | `C`, `Z` | camel, zebra (the same) |
//! | `fNN`, `NN3` | `fN0`; `N3` | `fN0`; `N` + `N3` |
//! | `fsK`, `frK` | `sW`+`fF`; `rW`+`frF` | the two forward diagonals; one diagonal |
//! | `fsN` | four leaps `(±2,1)` | the four forward-sideways leaps `(±1,2)`… as XBoard pairs them |
//! | `nZ` | the Janggi elephant (two squares) | one midpoint `(1,1)` |
//! | `pR3`, `pW` | limited cannon; refused | the same; no move |
//! | `cmW` | `W` | `cW` (`m` out of order is skipped) |
//! | `a`, `j`, `y`, `o`, `d`, `t` | refused | legs and modes |
//! | `ifmnD` on a piece that moved | no move | no move |

mod print;

pub use print::{print, printable};

use super::legs::{flag, stop};
use super::{Atom, BetzaError, BetzaErrorKind, Component, Leg, LegPath, Rule, MAX_LEGS};

/// A letter XBoard skips, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Character index into the text.
    pub at: usize,
    /// What XBoard does with it.
    pub message: String,
}

/// `message (character N)`, N counted from 1: as the CLI and Python show it.
impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (character {})", self.message, self.at + 1)
    }
}

/// A rule read from XBetza, with the warnings of its reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The piece.
    pub rule: Rule,
    /// Letters XBoard would skip, moves it would not make.
    pub warnings: Vec<Warning>,
}

/// Reads an XBetza text (warnings dropped: [`read`] keeps them).
///
/// # Errors
///
/// A [`BetzaError`] with the place of the first character that cannot be read.
pub fn parse(input: &str) -> Result<Rule, BetzaError> {
    read(input).map(|r| r.rule)
}

// XBoard's tables, indexed by letter - 'a' (direction letters) and by atom letter.
const DIR_TYPE: [u8; 26] = [
    0, 1, 0, 0, 0, 1, 0, 4, 0, 0, 0, 2, 0, 0, 0, 0, 0, 2, 6, 0, 0, 5, 0, 0, 0, 0,
];
const DIRS1: [u8; 26] = [
    0, 0x3C, 0, 0, 0, 0xC3, 0, 0, 0, 0, 0, 0xF0, 0, 0, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0, 0, 0, 0,
];
const DIRS2: [u8; 26] = [
    0, 0x18, 0, 0, 0, 0x81, 0, 0xFF, 0, 0, 0, 0x60, 0, 0, 0, 0, 0, 0x06, 0x66, 0, 0, 0x99, 0, 0, 0, 0,
];
const DIRS3: [u8; 26] = [
    0, 0x38, 0, 0, 0, 0x83, 0, 0xFF, 0, 0, 0, 0xE0, 0, 0, 0, 0, 0, 0x0E, 0xEE, 0, 0, 0xBB, 0, 0, 0, 0,
];
const DIRS4: [u8; 26] = [
    0, 0x10, 0, 0, 0, 0x01, 0, 0xFF, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0x04, 0x44, 0, 0, 0x11, 0, 0, 0, 0,
];
/// Direction `d`'s rotation of a step `(x, y)`: `(x·m0 + y·m1, x·m2 + y·m3)`. Direction 0 is
/// straight ahead, then clockwise in eighths.
const ROT: [[i16; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

/// The symmetry class of an atom letter: how its first leg reads direction letters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// 4 orthogonal images (`W D H`, `R`).
    Orth,
    /// 4 diagonal images (`F A G`, `B`).
    Diag,
    /// 8 oblique images (`N C Z`, `L J`).
    Oblique,
    /// 8 directions of the king system (`K`, `Q`).
    King,
}

/// An atom letter's class, step `(x, y)` (y the long side) and whether it slides by default.
fn atom_of(letter: char) -> Option<(Class, i16, i16, bool)> {
    Some(match letter {
        'W' => (Class::Orth, 0, 1, false),
        'R' => (Class::Orth, 0, 1, true),
        'D' => (Class::Orth, 0, 2, false),
        'H' => (Class::Orth, 0, 3, false),
        'F' => (Class::Diag, 1, 1, false),
        'B' => (Class::Diag, 1, 1, true),
        'A' => (Class::Diag, 2, 2, false),
        'G' => (Class::Diag, 3, 3, false),
        'N' => (Class::Oblique, 1, 2, false),
        'C' | 'L' => (Class::Oblique, 1, 3, false),
        'Z' | 'J' => (Class::Oblique, 2, 3, false),
        'K' => (Class::King, 0, 1, false),
        'Q' => (Class::King, 0, 1, true),
        _ => return None,
    })
}

/// The letter a `g` or `y` leg turns the next leg's atom into (XBoard's `upgrade`).
fn upgrade(letter: char) -> char {
    match letter {
        'B' => 'F',
        'F' => 'B',
        'K' => 'Q',
        'Q' => 'K',
        'R' => 'W',
        'W' => 'R',
        l => l,
    }
}

/// The range of a leg after a `g` or `y` leg of range `before` turned its atom into
/// `letter`: a leaper becomes a rider (range 0), a rider a leaper; `B R Q` always slide.
fn toggled_range(letter: char, before: u32) -> u32 {
    u32::from(!(matches!(letter, 'B' | 'R' | 'Q') || before == 1))
}

/// Bit `d` of a direction set rotated by `angle` eighths.
fn rotate(set: u8, angle: u8) -> u8 {
    set.rotate_left(u32::from(angle % 8))
}

fn dir_index(c: char) -> Option<usize> {
    c.is_ascii_lowercase().then(|| c as usize - 'a' as usize)
}

/// The atom a leg moves with: its letter and range (0: unlimited).
#[derive(Clone, Copy, Debug)]
struct LegAtom {
    letter: char,
    range: u32,
}

/// Modes of one leg as XBoard's bits.
const M_EMPTY: u16 = 4;
const M_FOE: u16 = 2;
const M_FRIEND: u16 = 1;
const M_TAME: u16 = 16;
const M_HOP: u16 = 32;
const M_GRASS: u16 = 64;
const M_WRAP: u16 = 128;
const M_PASS: u16 = 256;
const M_TOGGLE: u16 = 512;

struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    used: Vec<bool>,
    warnings: Vec<Warning>,
}

fn error(input: &str, at: usize, kind: BetzaErrorKind) -> BetzaError {
    BetzaError {
        input: input.to_owned(),
        at,
        kind,
    }
}

impl Reader<'_> {
    fn at(&self, i: usize) -> char {
        self.chars.get(i).copied().unwrap_or('\0')
    }

    fn lower(&self, i: usize) -> Option<usize> {
        dir_index(self.at(i))
    }

    fn err(&self, at: usize, kind: BetzaErrorKind) -> BetzaError {
        error(self.text, at, kind)
    }

    fn mark(&mut self, from: usize, to: usize) {
        for u in &mut self.used[from..to] {
            *u = true;
        }
    }

    /// Direction letters from `d` in `class`'s system; the set and where they end.
    fn directions(
        &mut self,
        mut d: usize,
        end: usize,
        class: Class,
        continuation: bool,
        all: u8,
    ) -> (u8, usize) {
        let start = d;
        let mut set = 0u8;
        match class {
            Class::Diag if !continuation => {
                while let Some(i) = self.lower(d).filter(|&i| DIR_TYPE[i] != 0) {
                    let mut b = DIRS1[i];
                    match self.lower(d + 1) {
                        Some(j) if (DIR_TYPE[i] | DIR_TYPE[j]) & 3 == 3 => {
                            b = DIRS1[i] & DIRS1[j];
                            d += 2;
                        }
                        _ => d += 1,
                    }
                    set |= b;
                }
                set &= 0xAA;
                if set == 0 {
                    set = 0xAA;
                }
            }
            Class::Orth if !continuation => {
                while let Some(i) = self.lower(d).filter(|&i| DIR_TYPE[i] & !4 != 0) {
                    set |= DIRS2[i];
                    d += 1;
                }
                set &= 0x55;
                if set == 0 {
                    set = 0x55;
                }
            }
            Class::Oblique if !continuation => {
                if self.at(d) == 'h' {
                    set = if self.at(d + 1) == 'r' { 0x55 } else { 0xAA };
                    d = (d + 2).min(end);
                } else {
                    while let Some(i) = self.lower(d).filter(|&i| DIR_TYPE[i] != 0) {
                        let mut b = DIRS2[i];
                        let next = self.lower(d + 1);
                        if self.at(d + 1) == 'h' {
                            b = DIRS1[i];
                            d += 2;
                        } else if let Some(j) = next
                            .filter(|&j| j == i || (DIR_TYPE[i] < 4 && (DIR_TYPE[i] | DIR_TYPE[j]) & 3 == 3))
                        {
                            b = DIRS1[i] & DIRS2[j];
                            d += 2;
                        } else {
                            d += 1;
                        }
                        set |= b;
                    }
                }
                if set == 0 {
                    set = 0xFF;
                }
            }
            _ => {
                while let Some(i) = self.lower(d).filter(|&i| DIR_TYPE[i] != 0) {
                    let mut b = DIRS4[i];
                    let next = self.lower(d + 1);
                    if next == Some(i) {
                        d += 1;
                    } else if let Some(j) =
                        next.filter(|&j| DIR_TYPE[i] < 4 && (DIR_TYPE[i] | DIR_TYPE[j]) & 3 == 3)
                    {
                        b = DIRS3[i] & DIRS3[j];
                        d += 2;
                    } else {
                        d += 1;
                    }
                    set |= b;
                }
                if set == 0 {
                    set = match (continuation, all) {
                        (false, _) => 0xFF,
                        (true, 0xFF) => 0xEF,
                        (true, _) => 0x45,
                    };
                }
            }
        }
        self.mark(start, d);
        (set, d)
    }

    /// Reads the legs from `d` (this leg's first letter) to the atom at `end`, moving with
    /// `atom`; `angle` is the previous leg's direction (`None` for the first leg). Appends every
    /// path (legs so far in `prefix`) to `out`.
    #[expect(clippy::too_many_lines, reason = "one leg's reading, in XBoard's order")]
    fn legs(
        &mut self,
        d: usize,
        end: usize,
        atom: LegAtom,
        angle: Option<u8>,
        prefix: &mut Vec<Leg>,
        out: &mut Vec<Vec<Leg>>,
    ) -> Result<(), BetzaError> {
        if self.at(d) == 'i' {
            return Err(self.err(
                d,
                BetzaErrorKind::Unsupported(
                    "`i` on a continuation leg (XBoard: a leg as long as the last slide)",
                ),
            ));
        }
        let (class, x, y, _) = atom_of(atom.letter).expect("checked atom letter");
        let all = match class {
            Class::Orth => 0x55,
            Class::Diag => 0xAA,
            Class::Oblique | Class::King => 0xFF,
        };
        let continuation = angle.is_some();
        let (set, mut d) = self.directions(d, end, class, continuation, all);
        let set = rotate(set, angle.unwrap_or(0));
        let mut mode = 0u16;
        let mut jump = 1u32;
        let modes_at = d;
        for (letter, bit) in [
            ('m', M_EMPTY),
            ('c', M_FOE),
            ('d', M_FRIEND),
            ('e', 0),
            ('t', M_TAME),
            ('p', M_HOP),
            ('g', M_GRASS),
            ('o', M_WRAP),
            ('y', M_TOGGLE),
        ] {
            if self.at(d) == letter {
                if letter == 'e' {
                    return Err(self.err(
                        d,
                        BetzaErrorKind::Unsupported(
                            "en passant `e` (game state: a position has no last move)",
                        ),
                    ));
                }
                mode |= bit;
                d += 1;
            }
        }
        if self.at(d) == 'n' {
            jump = 0;
            d += 1;
        }
        while self.at(d) == 'j' {
            jump += 1;
            d += 1;
        }
        let cont = (self.at(d) == 'a').then_some(d + 1);
        self.mark(modes_at, d + usize::from(cont.is_some()));
        if cont.is_none() && d < end {
            for i in d..end {
                if !self.used[i] {
                    self.used[i] = true;
                    self.warnings.push(Warning {
                        at: i,
                        message: format!(
                            "XBoard skips `{}` here: a leg's letters go directions, then m c d t p g o y n j, then a",
                            self.chars[i]
                        ),
                    });
                }
            }
        }
        let (mut stops, mut flags) = (0u8, 0u8);
        let mut next_atom = atom;
        if cont.is_some() {
            if mode & M_HOP != 0 {
                mode ^= M_PASS + M_HOP;
            }
            if mode & (M_GRASS + M_TOGGLE) != 0 {
                mode |= M_PASS;
                if mode & M_TOGGLE != 0 {
                    mode ^= M_PASS + M_TOGGLE + M_EMPTY;
                }
                let letter = upgrade(atom.letter);
                next_atom = LegAtom {
                    letter,
                    range: toggled_range(letter, atom.range),
                };
            }
            if mode & (M_PASS + M_TOGGLE + M_EMPTY + M_FOE + M_FRIEND) == 0 {
                mode |= M_EMPTY;
            }
            if mode & M_PASS != 0 {
                stops |= stop::HOP;
            }
            if mode & M_TAME != 0 {
                flags |= flag::NO_FOE_HOP;
            }
        } else {
            if mode & (M_EMPTY + M_FOE + M_FRIEND) == 0 {
                mode |= M_EMPTY + M_FOE;
            }
            if mode & (M_HOP + M_GRASS) != 0 {
                flags |= flag::HOPPER;
                if mode & M_GRASS != 0 {
                    flags |= flag::GRASS;
                }
            }
            if mode & M_TAME != 0 {
                self.warnings.push(Warning {
                    at: modes_at,
                    message: "`t` on a last leg keeps XBoard's piece from capturing a royal piece; \
                              chessreach has no royal pieces here and ignores it"
                        .into(),
                });
            }
            if mode & M_TOGGLE != 0 {
                self.warnings.push(Warning {
                    at: modes_at,
                    message: "XBoard ignores `y` on a last leg".into(),
                });
            }
        }
        if mode & M_EMPTY != 0 {
            stops |= stop::EMPTY;
        }
        if mode & M_FOE != 0 {
            stops |= stop::FOE;
        }
        if mode & M_FRIEND != 0 {
            stops |= stop::FRIEND;
        }
        if mode & M_WRAP != 0 {
            flags |= flag::WRAP;
        }
        let mut skip = 0u8;
        if y == 1 {
            if jump == 0 {
                self.warnings.push(Warning {
                    at: modes_at,
                    message: "`n` on a one-step atom: XBoard gives that leg no move".into(),
                });
                return Ok(());
            }
            skip = u8::try_from(jump - 1).map_err(|_| self.err(modes_at, BetzaErrorKind::BadRange))?;
        } else if jump == 0 {
            flags |= flag::LAME;
        } else if jump > 1 {
            flags |= flag::SCREENED;
        }
        let range = u8::try_from(atom.range).map_err(|_| self.err(end, BetzaErrorKind::BadRange))?;
        for dir in 0..8u8 {
            if set >> dir & 1 == 0 {
                continue;
            }
            let (sx, sy) = match (continuation || class == Class::King, dir.is_multiple_of(2)) {
                (true, true) => (0, y),
                (true, false) => (y, y),
                (false, _) => (x, y),
            };
            let m = ROT[usize::from(dir)];
            let leg = Leg {
                dx: sx * m[0] + sy * m[1],
                dy: sx * m[2] + sy * m[3],
                range,
                skip,
                stop: stops,
                flags,
            };
            prefix.push(leg);
            match cont {
                Some(next) => {
                    if prefix.len() >= MAX_LEGS {
                        return Err(
                            self.err(next, BetzaErrorKind::Unsupported("moves of more than four legs"))
                        );
                    }
                    self.legs(next, end, next_atom, Some(dir), prefix, out)?;
                }
                None => out.push(prefix.clone()),
            }
            prefix.pop();
        }
        Ok(())
    }
}

/// Reads an XBetza text, with warnings where XBoard skips letters.
///
/// # Errors
///
/// A [`BetzaError`] with the place of the first character that cannot be read: an unknown
/// atom, a missing atom, castling `O`, `e`, `ii`, initial moves with captures or legs, more
/// than [`MAX_LEGS`] legs, a range above 99.
pub fn read(input: &str) -> Result<Reading, BetzaError> {
    let chars: Vec<char> = input.chars().collect();
    let n = chars.len();
    let mut r = Reader {
        text: input,
        used: vec![false; n],
        chars,
        warnings: Vec::new(),
    };
    let (mut parts, mut initial, mut paths) = (Vec::new(), Vec::new(), Vec::new());
    let mut p = 0;
    while p < n {
        let mut times = 0;
        while r.at(p) == 'i' {
            times += 1;
            p += 1;
        }
        if times > 1 {
            return Err(r.err(
                p - 1,
                BetzaErrorKind::Unsupported("`ii` (initial moves from the third rank)"),
            ));
        }
        let desc = p;
        while r.at(p).is_ascii_lowercase() {
            p += 1;
        }
        if p == n {
            return Err(r.err(n, BetzaErrorKind::MissingAtom));
        }
        let letter = r.at(p);
        if letter == 'O' {
            return Err(r.err(
                p,
                BetzaErrorKind::Unsupported("castling `O` (game state: which pieces have moved)"),
            ));
        }
        let Some((_, _, _, slides)) = atom_of(letter) else {
            return Err(r.err(p, BetzaErrorKind::UnexpectedXbetza(letter)));
        };
        let end = p;
        p += 1;
        let digits: String = r.chars[p..].iter().take_while(|c| c.is_ascii_digit()).collect();
        let range = if digits.is_empty() {
            if r.at(p) == letter && !r.at(p + 1).is_ascii_digit() {
                p += 1;
                0
            } else {
                u32::from(!slides)
            }
        } else {
            if digits.len() > 2 {
                return Err(r.err(p, BetzaErrorKind::BadRange));
            }
            p += digits.len();
            digits
                .parse::<u32>()
                .map_err(|_| r.err(p, BetzaErrorKind::BadRange))?
        };
        let mut out = Vec::new();
        r.legs(
            desc,
            end,
            LegAtom { letter, range },
            None,
            &mut Vec::new(),
            &mut out,
        )?;
        for legs in out {
            match (component(&legs), times) {
                (Some(c), 0) => parts.push(c),
                (Some(c), _) if c.captures == 0 => initial.push(c),
                (_, 0) => paths.push(LegPath::new(&legs).ok_or_else(|| {
                    r.err(desc, BetzaErrorKind::Unsupported("moves of more than four legs"))
                })?),
                _ => {
                    return Err(r.err(
                        desc.saturating_sub(1),
                        BetzaErrorKind::Unsupported("initial moves that capture or have legs"),
                    ))
                }
            }
        }
    }
    let rule = Rule::from_components(parts)
        .with_initial(initial)
        .with_paths(paths);
    let mut warnings = r.warnings;
    warnings.sort_by(|a, b| (a.at, &a.message).cmp(&(b.at, &b.message)));
    warnings.dedup();
    Ok(Reading { rule, warnings })
}

/// The component a one-leg move is, when its leg is a plain leap, ride, lame leap of `D N A`
/// or a hop Fairy-Stockfish's hoppers make the same way.
fn component(legs: &[Leg]) -> Option<Component> {
    let [leg] = legs else { return None };
    let plain = leg.skip == 0
        && leg.flags & !(flag::LAME | flag::HOPPER | flag::GRASS) == 0
        && leg.stop & !(stop::EMPTY | stop::FOE) == 0;
    let d = leg.delta();
    let atom = Atom::new(d.dx, d.dy)?;
    let lame = leg.flags & flag::LAME != 0;
    let hop = leg.flags & flag::HOPPER != 0;
    let range = u32::from(leg.range);
    let ok = plain
        && (!lame || (atom.can_be_lame() && atom.a() != 3 && range == 1 && !hop))
        && (!hop || range == 0 || (leg.flags & flag::GRASS == 0 && range >= 2));
    if !ok {
        return None;
    }
    let bit = 1u8 << atom.index_of(d)?;
    let range = match (hop, leg.flags & flag::GRASS != 0) {
        (true, true) => 1,
        _ => range,
    };
    Some(Component {
        atom,
        range,
        lame,
        hop,
        moves: if leg.stop & stop::EMPTY != 0 { bit } else { 0 },
        captures: if leg.stop & stop::FOE != 0 { bit } else { 0 },
    })
}
