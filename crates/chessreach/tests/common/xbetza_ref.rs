//! A reference `XBetza` move generator, written from the notation's rules and from the facts of
//! GNU `XBoard`'s `MovesFromString` (moves.c), never from the product's code. Slow and plain: it
//! walks every leg of every move square by square and records each finished move.
//!
//! # The reading
//!
//! A text is a sequence of *moves*, each `i*` + lower-case prefix + one atom letter + an
//! optional range (one or two digits; `0` = unlimited). Atoms (documentation letters):
//! `W` (0,1), `F` (1,1), `D` (0,2), `N` (1,2), `A` (2,2), `H` (0,3), `C` and `L` (1,3, camel),
//! `J` and `Z` (2,3, zebra), `G` (3,3), the sliders `R`, `B`, `Q` and the king `K`. A doubled
//! letter not followed by a digit is a rider (`NN` = `N0`); followed by a digit it is two atoms
//! (`NN3` = `N` + `N3`). `O` (castling) and `e` (en passant) are refused (`Err`), as is any
//! other upper-case letter or character.
//!
//! The prefix is split into *legs* at each `a`. Each leg reads, in this order and each at most
//! once: leading `i`s, direction letters, then the modes `m c d t p g o y n`, any number of `j`,
//! and then `a` to start the next leg. A letter out of this order ends the reading of the
//! prefix: it and everything after it up to the atom are ignored (as `XBoard` does), so no later
//! leg exists.
//!
//! Directions. The eight directions of the king system are numbered clockwise from forward:
//! 0 f, 1 fr, 2 r, 3 br, 4 b, 5 bl, 6 l, 7 fl. A first leg reads its direction letters in the
//! atom's own system: orthogonal atoms (`W D H R`) join the letters' directions; diagonal ones
//! (`F A G B`) intersect a forward/backward letter with a following side letter (`fr`) and
//! otherwise take each letter's two diagonals; oblique ones (`N C L J Z`) have eight
//! directions numbered like the king's (0 = (1,2) "ffr", 1 = (2,1) "frr", … clockwise), a
//! single letter meaning its narrow pair (`f` = the two forward-most), `ff` the same, a letter
//! followed by a perpendicular one (or `s`/`v`) the wide set of the first intersected with the
//! narrow set of the second (`fr` = (2,1), `rf` = (1,2), `fs` = (±2,1)), a letter followed by
//! `h` its wide set, and `hr`/`hl` the two chiral sets; `K` and `Q` use the king system. Every
//! later leg uses the king system *relative to the previous leg's direction number* (`f` = go
//! on the same way, `fr` = 45° clockwise, …), whatever its atom: its steps are orthogonal or
//! diagonal with the atom's long side as length (so an `N` continuation steps (0,2) or (2,2),
//! as `XBoard` does). A later leg without direction letters takes all but backward for `N`-like
//! and `K`/`Q` atoms, and forward and sideways (relative 0, 2, 6) for the others.
//!
//! Modes. Final leg: `m` to an empty square, `c` capturing a foe, `d` capturing a friend (none
//! of them: `mc`); `p` hops (slides over empty squares to the first occupied one, the screen,
//! and continues beyond it within the range, counted from the leg's start); `g` the same but
//! exactly one step beyond the screen; `t`, `y` nothing (no royalty here). Non-final leg: `m`
//! the leg may end on an empty square, `c`/`d` on a foe/friend which is then captured (a
//! locust victim: it stays on its square, as an obstacle, for the later legs — `XBoard` leaves
//! the board unchanged), `p` and `g` on any occupied square which is passed over; `y` flips `m`
//! and cancels `p`/`g`; nothing of these: `m`. After a `g` or `y` leg the atom of all later legs
//! toggles slider/leaper (`B`↔`F`, `R`↔`W`, `Q`↔`K`, range dropped; a leaper's leg makes
//! them unlimited riders). `t` on a non-final leg: a foe cannot be passed over. `o`: the leg's
//! steps wrap around the files (modulo the width however narrow the board). `n`: a leap is
//! blocked by a piece on its midpoint square (the previous square plus half the step, rounded
//! toward zero); `j`: the midpoint must be occupied. On `W F K R B Q` atoms `j` skips that
//! many first squares of the ray whatever stands there (the ski-slider `jR`; skipped squares
//! count toward the range) and `n` leaves no move.
//!
//! Initial moves. A move starting with `i` is made only by a piece that has not moved
//! (`moved == false`) standing on its side's second rank (rank 1 for White, `height - 2` for
//! Black); `ii` only from the third rank (the moved flag ignored). An `i` leg after `a`: after a
//! slider leg it must end at the same distance as the last slider leg (`XBoard`'s rule); after
//! leaper legs only it is the initial condition above, and on a piece that does not meet it
//! that leg (so that move) gives nothing.
//!
//! Squares. The piece's own square counts as empty for every leg (a move may come back to it:
//! `mabK` is a null move to `from`, `cabK` captures without moving) and for lame midpoints. On
//! a wrapped board (`wrap_files`, every step wraps) or in an `o` leg, a ray that crosses an edge
//! and comes to the piece's own square stops there (no move, no screen, no continuation), and
//! a ray that comes back to its leg's start stops. Black's moves are White's turned 180°:
//! computed on the board turned 180°.
//!
//! `attacked`: a square `s` other than `from` is attacked when, with a foe placed on `s` and
//! every other square unchanged, some move removes the piece on `s` (a capturing destination
//! or a locust victim). Hop screens and passed-over squares are not attacked.

use std::collections::BTreeSet;

use proptest::prelude::*;

/// What stands on a square, seen from the moving piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefSide {
    Friend,
    Foe,
}

/// One move: where the piece ends and which squares lose their piece (sorted, no repeats).
#[derive(Clone, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub struct RefMove {
    /// Where the piece ends.
    pub to: (i32, i32),
    /// Squares whose occupant is removed: the destination of a capture and locust victims
    /// (a foe, or a friend for `d`), sorted.
    pub captures: Vec<(i32, i32)>,
}

/// The king system's directions, clockwise from forward (White's view).
const KING_DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The eight images of an oblique atom `(a, b)` (`a < b`), numbered like the king's
/// directions: 0 = (a, b), 1 = (b, a), then clockwise.
fn oblique(a: i32, b: i32, d: usize) -> (i32, i32) {
    [
        (a, b),
        (b, a),
        (b, -a),
        (a, -b),
        (-a, -b),
        (-b, -a),
        (-b, a),
        (-a, b),
    ][d]
}

/// A set of direction numbers as a bit set (bit `d` = direction `d`).
fn bits(ds: &[usize]) -> u8 {
    ds.iter().fold(0, |acc, &d| acc | (1 << d))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sym {
    Ortho,
    Diag,
    Oblique,
    King,
}

#[derive(Clone, Copy, Debug)]
struct Atom {
    sym: Sym,
    /// Short side of the step (oblique atoms) — 0 for orthogonal, equal to `long` for diagonal.
    short: i32,
    /// Long side of the step: the step length of orthogonal/diagonal moves.
    long: i32,
    slider: bool,
}

fn atom_info(letter: char) -> Option<Atom> {
    let (sym, short, long, slider) = match letter {
        'W' => (Sym::Ortho, 0, 1, false),
        'D' => (Sym::Ortho, 0, 2, false),
        'H' => (Sym::Ortho, 0, 3, false),
        'R' => (Sym::Ortho, 0, 1, true),
        'F' => (Sym::Diag, 1, 1, false),
        'A' => (Sym::Diag, 2, 2, false),
        'G' => (Sym::Diag, 3, 3, false),
        'B' => (Sym::Diag, 1, 1, true),
        'N' => (Sym::Oblique, 1, 2, false),
        'C' | 'L' => (Sym::Oblique, 1, 3, false),
        'J' | 'Z' => (Sym::Oblique, 2, 3, false),
        'K' => (Sym::King, 1, 1, false),
        'Q' => (Sym::King, 1, 1, true),
        _ => return None,
    };
    Some(Atom {
        sym,
        short,
        long,
        slider,
    })
}

/// The atom a `g`/`y` leg hands to the later legs: sliders and their steppers swap.
fn toggled(letter: char) -> char {
    match letter {
        'B' => 'F',
        'F' => 'B',
        'R' => 'W',
        'W' => 'R',
        'Q' => 'K',
        'K' => 'Q',
        other => other,
    }
}

/// Direction letters: their kind (1 vertical, 2 lateral, 4 `h`, 5 `v`, 6 `s`), the narrow and
/// wide king-system sets, and for oblique atoms the narrow and wide sets of their own numbering.
struct DirLetter {
    kind: u8,
    king_narrow: u8,
    king_wide: u8,
    obl_narrow: u8,
    obl_wide: u8,
}

fn dir_letter(c: char) -> Option<DirLetter> {
    let (kind, king_narrow, king_wide, obl_narrow, obl_wide) = match c {
        'f' => (
            1,
            bits(&[0]),
            bits(&[7, 0, 1]),
            bits(&[7, 0]),
            bits(&[6, 7, 0, 1]),
        ),
        'b' => (
            1,
            bits(&[4]),
            bits(&[3, 4, 5]),
            bits(&[3, 4]),
            bits(&[2, 3, 4, 5]),
        ),
        'r' => (
            2,
            bits(&[2]),
            bits(&[1, 2, 3]),
            bits(&[1, 2]),
            bits(&[0, 1, 2, 3]),
        ),
        'l' => (
            2,
            bits(&[6]),
            bits(&[5, 6, 7]),
            bits(&[5, 6]),
            bits(&[4, 5, 6, 7]),
        ),
        's' => (
            6,
            bits(&[2, 6]),
            bits(&[1, 2, 3, 5, 6, 7]),
            bits(&[1, 2, 5, 6]),
            0,
        ),
        'v' => (
            5,
            bits(&[0, 4]),
            bits(&[7, 0, 1, 3, 4, 5]),
            bits(&[7, 0, 3, 4]),
            0,
        ),
        'h' => (4, 0xFF, 0xFF, 0xFF, 0),
        _ => return None,
    };
    Some(DirLetter {
        kind,
        king_narrow,
        king_wide,
        obl_narrow,
        obl_wide,
    })
}

/// Two letters are perpendicular when one is vertical and the other lateral (their kinds
/// together cover both bits 1 and 2). A non-direction letter has kind 0.
fn perpendicular(a: char, b: char) -> bool {
    let k = |c: char| dir_letter(c).map_or(0, |d| d.kind);
    (k(a) | k(b)) & 3 == 3
}

/// Reads the direction letters at the start of `s` for a first leg of an atom of symmetry
/// `sym`: the set (in the atom's numbering, defaulted when empty) and the letters used.
fn scan_first(sym: Sym, s: &[char]) -> (u8, usize) {
    let lower = |j: usize| s.get(j).is_some_and(char::is_ascii_lowercase);
    let mut set = 0u8;
    let mut j = 0;
    match sym {
        Sym::Ortho => {
            while let Some(d) = s.get(j).and_then(|&c| dir_letter(c)).filter(|d| d.kind != 4) {
                set |= d.king_narrow;
                j += 1;
            }
            set &= 0x55;
            if set == 0 {
                set = 0x55;
            }
        }
        Sym::Diag => {
            while let Some(d) = s.get(j).and_then(|&c| dir_letter(c)) {
                if lower(j + 1) && perpendicular(s[j], s[j + 1]) {
                    let e = dir_letter(s[j + 1]).map_or(0, |e| e.obl_wide);
                    set |= d.obl_wide & e;
                    j += 2;
                } else {
                    set |= d.obl_wide;
                    j += 1;
                }
            }
            set &= 0xAA;
            if set == 0 {
                set = 0xAA;
            }
        }
        Sym::Oblique => {
            if s.first() == Some(&'h') {
                set = if s.get(1) == Some(&'r') { 0x55 } else { 0xAA };
                j = 2.min(s.len());
            } else {
                while let Some(d) = s.get(j).and_then(|&c| dir_letter(c)) {
                    let next = s.get(j + 1).copied();
                    if next == Some('h') {
                        set |= d.obl_wide;
                        j += 2;
                    } else if next == Some(s[j])
                        || (lower(j + 1) && d.kind < 4 && perpendicular(s[j], s[j + 1]))
                    {
                        let e = next.and_then(dir_letter).map_or(0, |e| e.obl_narrow);
                        set |= d.obl_wide & e;
                        j += 2;
                    } else {
                        set |= d.obl_narrow;
                        j += 1;
                    }
                }
            }
            if set == 0 {
                set = 0xFF;
            }
        }
        Sym::King => {
            let (k, used) = scan_king(s);
            set = if k == 0 { 0xFF } else { k };
            j = used;
        }
    }
    (set, j)
}

/// Reads king-system direction letters (K/Q first legs and every later leg): 0 when none.
fn scan_king(s: &[char]) -> (u8, usize) {
    let lower = |j: usize| s.get(j).is_some_and(char::is_ascii_lowercase);
    let mut set = 0u8;
    let mut j = 0;
    while let Some(d) = s.get(j).and_then(|&c| dir_letter(c)) {
        if s.get(j + 1) == Some(&s[j]) {
            set |= d.king_narrow;
            j += 1;
        } else if lower(j + 1) && d.kind < 4 && perpendicular(s[j], s[j + 1]) {
            let e = dir_letter(s[j + 1]).map_or(0, |e| e.king_wide);
            set |= d.king_wide & e;
            j += 2;
        } else {
            set |= d.king_narrow;
            j += 1;
        }
    }
    (set, j)
}

/// One leg's letters.
#[derive(Clone, Debug, Default)]
#[expect(clippy::struct_excessive_bools, reason = "one flag per XBetza mode letter")]
struct Leg {
    initial: u8,
    /// First leg: the set in the atom's numbering. Later legs: relative king set, 0 = default.
    dirs: u8,
    m: bool,
    c: bool,
    d: bool,
    t: bool,
    p: bool,
    g: bool,
    o: bool,
    y: bool,
    n: bool,
    jumps: u8,
}

/// One move of the text: its legs, atom letter and written range.
#[derive(Clone, Debug)]
struct Chunk {
    legs: Vec<Leg>,
    atom: char,
    range: Option<u32>,
}

fn parse_prefix(pre: &[char], sym: Sym) -> Vec<Leg> {
    let mut legs = Vec::new();
    let mut j = 0;
    loop {
        let mut leg = Leg::default();
        while pre.get(j) == Some(&'i') {
            leg.initial += 1;
            j += 1;
        }
        let (dirs, used) = if legs.is_empty() {
            scan_first(sym, &pre[j..])
        } else {
            scan_king(&pre[j..])
        };
        leg.dirs = dirs;
        j += used;
        for (letter, flag) in [
            ('m', &mut leg.m),
            ('c', &mut leg.c),
            ('d', &mut leg.d),
            ('t', &mut leg.t),
            ('p', &mut leg.p),
            ('g', &mut leg.g),
            ('o', &mut leg.o),
            ('y', &mut leg.y),
            ('n', &mut leg.n),
        ] {
            if pre.get(j) == Some(&letter) {
                *flag = true;
                j += 1;
            }
        }
        while pre.get(j) == Some(&'j') {
            leg.jumps += 1;
            j += 1;
        }
        legs.push(leg);
        if pre.get(j) == Some(&'a') {
            j += 1;
        } else {
            return legs;
        }
    }
}

fn parse(text: &str) -> Result<Vec<Chunk>, String> {
    let s: Vec<char> = text.chars().collect();
    if let Some(bad) = s.iter().find(|&&c| c == 'e' || c == 'O') {
        return Err(format!("`{bad}` is game state (castling, en passant): refused"));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let start = i;
        while i < s.len() && s[i].is_ascii_lowercase() {
            i += 1;
        }
        let Some(&letter) = s.get(i) else {
            return Err("modifiers without an atom at the end".into());
        };
        let info = atom_info(letter).ok_or_else(|| format!("`{letter}` is not an atom"))?;
        let legs = parse_prefix(&s[start..i], info.sym);
        i += 1;
        let mut range = None;
        if s.get(i) == Some(&letter) && !s.get(i + 1).is_some_and(char::is_ascii_digit) {
            range = Some(0);
            i += 1;
        } else if s.get(i).is_some_and(char::is_ascii_digit) {
            let mut n = 0u32;
            let mut count = 0;
            while let Some(d) = s.get(i).and_then(|c| c.to_digit(10)) {
                n = n * 10 + d;
                i += 1;
                count += 1;
            }
            if count > 2 {
                return Err("a range has at most two digits".into());
            }
            range = Some(n);
        }
        out.push(Chunk {
            legs,
            atom: letter,
            range,
        });
    }
    Ok(out)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Occ {
    Empty,
    Friend,
    Foe,
}

/// The walk of one piece (White's view; Black's board is turned before).
struct Walk<'a> {
    width: i32,
    height: i32,
    wrap_files: bool,
    origin: (i32, i32),
    moved: bool,
    occupant: &'a dyn Fn((i32, i32)) -> Option<RefSide>,
    out: BTreeSet<RefMove>,
}

/// What a leg starts from: its square, the previous leg's direction number, the length of the
/// last slider leg (0: none) and the locust victims so far.
struct From<'v> {
    at: (i32, i32),
    angle: usize,
    slid: i32,
    victims: &'v [(i32, i32)],
}

impl Walk<'_> {
    fn occ(&self, sq: (i32, i32)) -> Occ {
        if sq == self.origin {
            return Occ::Empty;
        }
        match (self.occupant)(sq) {
            None => Occ::Empty,
            Some(RefSide::Friend) => Occ::Friend,
            Some(RefSide::Foe) => Occ::Foe,
        }
    }

    /// One step: the square reached and whether it crossed a (wrapped) edge; `None` off board.
    fn step(&self, at: (i32, i32), v: (i32, i32), wrap: bool) -> Option<((i32, i32), bool)> {
        let y = at.1 + v.1;
        if y < 0 || y >= self.height {
            return None;
        }
        let x = at.0 + v.0;
        if (0..self.width).contains(&x) {
            Some(((x, y), false))
        } else if wrap {
            Some(((x.rem_euclid(self.width), y), true))
        } else {
            None
        }
    }

    fn emit(&mut self, to: (i32, i32), victims: &[(i32, i32)], taken: Option<(i32, i32)>) {
        let mut captures: Vec<(i32, i32)> = victims.iter().copied().chain(taken).collect();
        captures.sort_unstable();
        captures.dedup();
        self.out.insert(RefMove { to, captures });
    }

    /// The steps of leg `k` (direction number, vector).
    fn directions(leg: &Leg, first: bool, info: Atom, angle: usize) -> Vec<(usize, (i32, i32))> {
        let king = |d: usize| (KING_DIRS[d].0 * info.long, KING_DIRS[d].1 * info.long);
        let mut out = Vec::new();
        for d in 0..8 {
            if first {
                if leg.dirs & (1 << d) == 0 {
                    continue;
                }
                let v = match info.sym {
                    Sym::Oblique => oblique(info.short, info.long, d),
                    _ => king(d),
                };
                out.push((d, v));
            } else {
                let rel = if leg.dirs != 0 {
                    leg.dirs
                } else if matches!(info.sym, Sym::Oblique | Sym::King) {
                    0xEF
                } else {
                    0x45
                };
                if rel & (1 << d) != 0 {
                    let abs = (d + angle) % 8;
                    out.push((abs, king(abs)));
                }
            }
        }
        out
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one leg's walk, read top to bottom as the rules say it"
    )]
    fn leg(&mut self, chunk: &Chunk, k: usize, atom: char, range: Option<u32>, from: &From<'_>) {
        let leg = &chunk.legs[k];
        let first = k == 0;
        let last = k + 1 == chunk.legs.len();
        let Some(info) = atom_info(atom) else {
            return;
        };
        let rank = self.origin.1;
        if leg.initial >= 2 {
            if rank != 2 {
                return;
            }
        } else if leg.initial == 1 && from.slid == 0 && (rank != 1 || self.moved) {
            return;
        }
        let same_length = leg.initial == 1 && from.slid != 0;
        let expo = i32::try_from(range.unwrap_or(u32::from(!info.slider))).unwrap_or(0);
        // Modes (see the module docs).
        let mut empty_ok = if last { leg.m } else { leg.m != leg.y };
        let mut foe_ok = leg.c;
        let friend_ok = leg.d;
        let pass = !last && (leg.p || leg.g) && !leg.y;
        if !(empty_ok || foe_ok || friend_ok || pass) {
            empty_ok = true;
            foe_ok = last;
        }
        let hop = last && (leg.p || leg.g);
        let (next_atom, next_range) = if !last && (leg.g || leg.y) {
            (toggled(atom), if expo == 1 { Some(0) } else { None })
        } else {
            (atom, range)
        };
        // Jumping: on unit atoms `j` skips squares, elsewhere it tests the midpoint.
        let jump = u8::from(!leg.n) + leg.jumps;
        let unit = info.long == 1;
        if unit && jump == 0 {
            return;
        }
        let skip = if unit { i32::from(jump) - 1 } else { 0 };
        let wrap = self.wrap_files || leg.o;
        for (d, v) in Self::directions(leg, first, info, from.angle) {
            let mut at = from.at;
            let mut looped = false;
            let mut limit = if expo == 0 { None } else { Some(expo) };
            let mut hopping = hop;
            let mut t = 0;
            loop {
                t += 1;
                if limit.is_some_and(|l| t > l) {
                    break;
                }
                let prev = at;
                let Some((next, crossed)) = self.step(at, v, wrap) else {
                    break;
                };
                at = next;
                looped |= crossed;
                if at == from.at || (at == self.origin && looped) {
                    break;
                }
                if t <= skip {
                    continue;
                }
                if !unit && jump != 1 {
                    let mid = ((prev.0 + v.0 / 2).rem_euclid(self.width), prev.1 + v.1 / 2);
                    let blocked = self.occ(mid) != Occ::Empty;
                    if (jump == 0 && blocked) || (jump > 1 && !blocked) {
                        break;
                    }
                }
                let occ = self.occ(at);
                if same_length && t != from.slid {
                    if occ == Occ::Empty {
                        continue;
                    }
                    break;
                }
                if !last {
                    let slid = if expo == 1 { from.slid } else { t };
                    let passable = occ != Occ::Empty && pass && !(leg.t && occ == Occ::Foe);
                    if (occ == Occ::Empty && empty_ok) || passable {
                        let victims = from.victims.to_vec();
                        self.leg(
                            chunk,
                            k + 1,
                            next_atom,
                            next_range,
                            &From {
                                at,
                                angle: d,
                                slid,
                                victims: &victims,
                            },
                        );
                    }
                    if (occ == Occ::Foe && foe_ok) || (occ == Occ::Friend && friend_ok) {
                        let mut victims = from.victims.to_vec();
                        victims.push(at);
                        self.leg(
                            chunk,
                            k + 1,
                            next_atom,
                            next_range,
                            &From {
                                at,
                                angle: d,
                                slid,
                                victims: &victims,
                            },
                        );
                    }
                    if occ != Occ::Empty {
                        break;
                    }
                    continue;
                }
                if hopping {
                    if occ != Occ::Empty {
                        hopping = false;
                        if leg.g {
                            limit = Some(limit.map_or(t + 1, |l| l.min(t + 1)));
                        }
                    }
                    continue;
                }
                match occ {
                    Occ::Empty if empty_ok => self.emit(at, from.victims, None),
                    Occ::Foe if foe_ok => self.emit(at, from.victims, Some(at)),
                    Occ::Friend if friend_ok => self.emit(at, from.victims, Some(at)),
                    _ => {}
                }
                if occ != Occ::Empty {
                    break;
                }
            }
        }
    }
}

/// Every move of the piece `text` (`XBetza`) standing on `from`, sorted and without repeats.
/// `black` turns the piece 180°; `moved` says whether it has moved (for `i`).
///
/// # Errors
/// A text that is not `XBetza`, or uses castling (`O`) or en passant (`e`).
#[expect(
    clippy::too_many_arguments,
    reason = "the comparison tests' contract: one plain call per question"
)]
pub fn moves(
    text: &str,
    width: i32,
    height: i32,
    wrap_files: bool,
    from: (i32, i32),
    black: bool,
    occupant: &dyn Fn((i32, i32)) -> Option<RefSide>,
    moved: bool,
) -> Result<Vec<RefMove>, String> {
    let chunks = parse(text)?;
    let turn = move |sq: (i32, i32)| {
        if black {
            (width - 1 - sq.0, height - 1 - sq.1)
        } else {
            sq
        }
    };
    let seen = move |sq: (i32, i32)| occupant(turn(sq));
    let mut walk = Walk {
        width,
        height,
        wrap_files,
        origin: turn(from),
        moved,
        occupant: &seen,
        out: BTreeSet::new(),
    };
    for chunk in &chunks {
        walk.leg(
            chunk,
            0,
            chunk.atom,
            chunk.range,
            &From {
                at: walk.origin,
                angle: 0,
                slid: 0,
                victims: &[],
            },
        );
    }
    let mut out: Vec<RefMove> = walk
        .out
        .into_iter()
        .map(|m| {
            let mut captures: Vec<(i32, i32)> = m.captures.into_iter().map(turn).collect();
            captures.sort_unstable();
            RefMove {
                to: turn(m.to),
                captures,
            }
        })
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

/// The squares the piece attacks (see the module docs): with an unmoved piece for `i` moves.
///
/// # Errors
/// As [`moves`].
pub fn attacked(
    text: &str,
    width: i32,
    height: i32,
    wrap_files: bool,
    from: (i32, i32),
    black: bool,
    occupant: &dyn Fn((i32, i32)) -> Option<RefSide>,
) -> Result<BTreeSet<(i32, i32)>, String> {
    attacked_moved(text, width, height, wrap_files, from, black, occupant, false)
}

/// [`attacked`] for a piece that has (`moved`) or has not moved.
///
/// # Errors
/// As [`moves`].
#[expect(
    clippy::too_many_arguments,
    reason = "the comparison tests' contract: one plain call per question"
)]
pub fn attacked_moved(
    text: &str,
    width: i32,
    height: i32,
    wrap_files: bool,
    from: (i32, i32),
    black: bool,
    occupant: &dyn Fn((i32, i32)) -> Option<RefSide>,
    moved: bool,
) -> Result<BTreeSet<(i32, i32)>, String> {
    let mut out = BTreeSet::new();
    for x in 0..width {
        for y in 0..height {
            let s = (x, y);
            if s == from {
                continue;
            }
            let with_foe = |q: (i32, i32)| if q == s { Some(RefSide::Foe) } else { occupant(q) };
            let ms = moves(text, width, height, wrap_files, from, black, &with_foe, moved)?;
            if ms.iter().any(|m| m.captures.contains(&s)) {
                out.insert(s);
            }
        }
    }
    Ok(out)
}

/// Famous multi-leg pieces (Mao, Moa, checker, Griffon-like, Lion-like, ski-slider, …) and
/// single legs only `XBetza` says.
pub const FAMOUS: [&str; 22] = [
    "afsW",
    "afsF",
    "afafsW",
    "fmFfcafmF",
    "FyafsF",
    "WyafsW",
    "jR",
    "KADcaKmabK",
    "caK",
    "cabK",
    "mpafsW",
    "pafsR",
    "yafsF",
    "gQ",
    "mRcpR",
    "oR",
    "dK",
    "nZ",
    "nNN",
    "jjD",
    "tpaR",
    "fmWfcFifmnD",
];

/// One leg's prefix: direction letters and random modes.
fn arb_leg() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(vec![
            "", "f", "b", "l", "r", "s", "v", "fr", "fl", "bl", "fs", "fh", "hr", "rf", "ff",
        ]),
        proptest::collection::vec(proptest::bool::weighted(0.25), 10),
    )
        .prop_map(|(dirs, on)| {
            let mut s = dirs.to_owned();
            for (letter, o) in "mcdtpgoynj".chars().zip(on) {
                if o {
                    s.push(letter);
                }
            }
            s
        })
}

/// A random `XBetza` text of one to three legs on a random atom and range.
pub fn arb_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(arb_leg(), 1..=3),
        proptest::sample::select(vec![
            'W', 'F', 'D', 'N', 'A', 'C', 'Z', 'K', 'Q', 'R', 'B', 'H', 'G', 'L', 'J',
        ]),
        proptest::sample::select(vec!["", "", "", "2", "3", "0"]),
    )
        .prop_map(|(legs, atom, range)| format!("{}{atom}{range}", legs.join("a")))
}
