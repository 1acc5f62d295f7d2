//! Shared oracles and generators for the integration tests.
//!
//! The oracles never use the product's movement code (atoms, images, lame legs, steps): a
//! random piece is generated *as Betza text together with its moves*, typed by hand here from
//! the notation's definitions, and the product reads only the text. So a planted bug in the
//! product's leap tables, lame legs, Black's orientation or rider blocking makes the product
//! and the oracle disagree.

// Each test crate includes this module and uses a different part of it, so an `expect` would
// go unfulfilled in some of them: this is the one `allow`, scoped to the shared test module.
#![allow(dead_code, unreachable_pub)]

use std::collections::{BTreeMap, BTreeSet};

use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord};
use chessreach::piece::{Colour, Rule};
use proptest::prelude::*;

pub mod endgame_ref;
pub mod subsets_ref;
pub mod wrap;
pub mod xbetza_ref;

/// One move family, for White: a leap `(dx, dy)` repeated up to `range` times (0: unlimited),
/// whether it may move to an empty square and whether it may capture, and for a lame leap the
/// square (relative to the start) that must be empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "a family's flags are the rule's own modifiers, one each"
)]
pub struct Fam {
    pub dx: i64,
    pub dy: i64,
    pub range: u32,
    pub mv: bool,
    pub cap: bool,
    pub leg: Option<(i64, i64)>,
    /// A hopper: slides to the first piece (the screen), jumps it, and `range` counts leaps
    /// beyond it.
    pub hop: bool,
    /// An initial move (Betza `i`): move-only, made only from the side's double-step rank
    /// (Fairy-Stockfish's default: the second rank from the side's own edge). The attack
    /// oracles never see it (it cannot capture); the route oracle adds it on that rank.
    pub init: bool,
}

pub const fn f(dx: i64, dy: i64, range: u32) -> Fam {
    Fam {
        dx,
        dy,
        range,
        mv: true,
        cap: true,
        leg: None,
        hop: false,
        init: false,
    }
}

/// The same families as initial moves: move-only, from the double-step rank.
pub fn initial(fams: &[Fam]) -> Vec<Fam> {
    fams.iter()
        .map(|x| Fam {
            init: true,
            mv: true,
            cap: false,
            ..*x
        })
        .collect()
}

/// The same families as hoppers with `beyond` leaps past the screen (0: any).
pub fn hopping(fams: &[Fam], beyond: u32) -> Vec<Fam> {
    fams.iter()
        .map(|x| Fam {
            hop: true,
            range: beyond,
            ..*x
        })
        .collect()
}

pub const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
pub const ORTHO: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAG: [(i64, i64); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub fn all(dirs: &[(i64, i64)], range: u32) -> Vec<Fam> {
    dirs.iter().map(|&(x, y)| f(x, y, range)).collect()
}

/// Makes every family move-only (`moves`) or capture-only.
pub fn only(fams: &mut [Fam], moves: bool) {
    for x in fams {
        x.mv = moves;
        x.cap = !moves;
    }
}

/// The distinct images `(±a, ±b)`, `(±b, ±a)` of a leap, computed here from the definition.
pub fn images(a: i64, b: i64) -> Vec<(i64, i64)> {
    let mut set = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            set.insert((sx * x, sy * y));
        }
    }
    set.into_iter().collect()
}

/// The hand-typed pieces with direction letters, modes, lameness and shorthands: Betza text
/// and its moves for White.
pub fn table() -> Vec<(&'static str, Vec<Fam>)> {
    let mut v: Vec<(&'static str, Vec<Fam>)> = vec![
        ("N", all(&KNIGHT, 1)),
        ("K", [all(&ORTHO, 1), all(&DIAG, 1)].concat()),
        ("R", all(&ORTHO, 0)),
        ("B", all(&DIAG, 0)),
        ("Q", [all(&ORTHO, 0), all(&DIAG, 0)].concat()),
        ("NN", all(&KNIGHT, 0)),
        ("R2", all(&ORTHO, 2)),
        ("W", all(&ORTHO, 1)),
        ("D", all(&[(2, 0), (-2, 0), (0, 2), (0, -2)], 1)),
        ("fR", vec![f(0, 1, 0)]),
        ("fN", vec![f(1, 2, 1), f(-1, 2, 1)]),
        ("fsN", vec![f(2, 1, 1), f(-2, 1, 1)]),
        // Chiral pieces: Black's versions must be turned by 180°, not mirrored.
        ("rW", vec![f(1, 0, 1)]),
        ("lfN", vec![f(-1, 2, 1)]),
        ("frF", vec![f(1, 1, 1)]),
        ("WfF", [all(&ORTHO, 1), vec![f(1, 1, 1), f(-1, 1, 1)]].concat()),
        ("vR", vec![f(0, 1, 0), f(0, -1, 0)]),
        ("sW", vec![f(1, 0, 1), f(-1, 0, 1)]),
        ("bB", vec![f(1, -1, 0), f(-1, -1, 0)]),
    ];
    let mut pawn = vec![f(0, 1, 1), f(1, 1, 1), f(-1, 1, 1)];
    only(&mut pawn[..1], true);
    only(&mut pawn[1..], false);
    v.push(("fmWfcF", pawn.clone()));
    v.push(("P", pawn));
    let mut mw = all(&ORTHO, 1);
    only(&mut mw, true);
    let mut cf = all(&DIAG, 1);
    only(&mut cf, false);
    v.push(("mWcF", [mw.clone(), cf.clone()].concat()));
    // Riders that only move or only capture: a move-only ray stops at any piece, a
    // capture-only ray passes over empty squares to capture at a distance.
    let mut m_r = all(&ORTHO, 0);
    only(&mut m_r, true);
    v.push(("mRcF", [m_r, cf].concat()));
    let mut c_b = all(&DIAG, 0);
    only(&mut c_b, false);
    v.push(("mWcB", [mw, c_b].concat()));
    // Lame leaps: the Xiangqi horse is blocked by a piece on the orthogonal step along the
    // long side; the elephant (nA) and the lame dabbaba (nD) halfway.
    let horse = KNIGHT
        .iter()
        .map(|&(x, y)| {
            let leg = if y.abs() == 2 { (0, y / 2) } else { (x / 2, 0) };
            Fam {
                leg: Some(leg),
                ..f(x, y, 1)
            }
        })
        .collect();
    v.push(("nN", horse));
    for (text, (a, b)) in [("nA", (2, 2)), ("nD", (2, 0))] {
        let fams = images(a, b)
            .into_iter()
            .map(|(x, y)| Fam {
                leg: Some((x / 2, y / 2)),
                ..f(x, y, 1)
            })
            .collect();
        v.push((text, fams));
    }
    // A rider that overlaps a leaper (the same squares from two families), and one that
    // overlaps a lame leaper.
    v.push(("WR", [all(&ORTHO, 1), all(&ORTHO, 0)].concat()));
    let lame_d: Vec<Fam> = images(2, 0)
        .into_iter()
        .map(|(x, y)| Fam {
            leg: Some((x / 2, y / 2)),
            ..f(x, y, 1)
        })
        .collect();
    // (The rook only moves: were it to capture, a piece on the lame leg could always be taken
    // instead, and a wrong leg test in the de-duplicating generator would go unnoticed.)
    let mut m_rook = all(&ORTHO, 0);
    only(&mut m_rook, true);
    v.push(("nDmR", [lame_d, m_rook].concat()));
    // Hoppers: the cannon (`pR`), the Xiangqi cannon (moves as a rook, captures over a screen),
    // the grasshopper (`gQ`, lands right behind its screen) and a bishop cannon.
    v.push(("pR", hopping(&all(&ORTHO, 0), 0)));
    let mut rook_moves = all(&ORTHO, 0);
    only(&mut rook_moves, true);
    let mut cannon_captures = hopping(&all(&ORTHO, 0), 0);
    only(&mut cannon_captures, false);
    v.push(("mRcpR", [rook_moves, cannon_captures].concat()));
    v.push(("gQ", hopping(&[all(&ORTHO, 0), all(&DIAG, 0)].concat(), 1)));
    v.push(("pB", hopping(&all(&DIAG, 0), 0)));
    // Limited hoppers as Fairy-Stockfish reads them: cannon landings at most 3 leaps from the
    // piece, forward only; a grasshopper written with a range.
    v.push(("fpR3", hopping(&[f(0, 1, 0)], 3)));
    v.push(("pB2", hopping(&all(&DIAG, 0), 2)));
    v.push(("pR1", hopping(&all(&ORTHO, 0), 1)));
    // Initial moves: Fairy-Stockfish's pawn (the double step is a lame forward dabbaba), a
    // forward rider of two, and a knight that moves only from its starting rank.
    let mut pawn = vec![f(0, 1, 1), f(1, 1, 1), f(-1, 1, 1)];
    only(&mut pawn[..1], true);
    only(&mut pawn[1..], false);
    let double = initial(&[Fam {
        leg: Some((0, 1)),
        ..f(0, 2, 1)
    }]);
    v.push(("fmWfceFifmnD", [pawn, double].concat()));
    v.push((
        "KifR2",
        [all(&ORTHO, 1), all(&DIAG, 1), initial(&[f(0, 1, 2)])].concat(),
    ));
    v.push(("imN", initial(&all(&KNIGHT, 1))));
    v
}

/// A piece for the tests: Betza text, and its moves typed by the oracle.
#[derive(Clone, Debug)]
pub struct TestPiece {
    pub text: String,
    pub fams: Vec<Fam>,
}

impl TestPiece {
    /// The product's reading of the text.
    pub fn rule(&self) -> Rule {
        self.text
            .parse()
            .unwrap_or_else(|e| panic!("the test piece `{}` must parse: {e}", self.text))
    }

    /// A piece of the hand-typed table, by its text.
    pub fn named(text: &str) -> Self {
        let (t, fams) = table()
            .into_iter()
            .find(|(t, _)| *t == text)
            .unwrap_or_else(|| panic!("`{text}` is not in the table"));
        Self {
            text: t.to_owned(),
            fams,
        }
    }
}

/// Named atoms as the notation defines them.
const ATOMS: [(&str, i64, i64); 9] = [
    ("W", 1, 0),
    ("F", 1, 1),
    ("D", 2, 0),
    ("N", 2, 1),
    ("A", 2, 2),
    ("H", 3, 0),
    ("C", 3, 1),
    ("Z", 3, 2),
    ("G", 3, 3),
];

/// A symmetric chunk: an optional mode (`m`, `c`), an atom (named, or an `(x,y)` leap), and a
/// range (leaper, doubled rider, or a digit 2–4).
fn arb_chunk() -> impl Strategy<Value = TestPiece> {
    (0usize..3, 0usize..12, 0usize..4).prop_map(|(mode, atom, range)| {
        let (name, a, b) = match atom {
            0..=8 => (ATOMS[atom].0.to_owned(), ATOMS[atom].1, ATOMS[atom].2),
            9 => ("(4,1)".to_owned(), 4, 1),
            10 => ("(5,0)".to_owned(), 5, 0),
            _ => ("(1,4)".to_owned(), 1, 4),
        };
        let (suffix, r) = match range {
            0 => (String::new(), 1),
            // Doubling: only on a named atom (the notation for `(x,y)` riders is a range).
            1 if atom <= 8 => (name.clone(), 0),
            1 => ("0".to_owned(), 0),
            k => (k.to_string(), u32::try_from(k).unwrap_or(2)),
        };
        let (prefix, mv, cap) = [("", true, true), ("m", true, false), ("c", false, true)][mode];
        let fams = images(a, b)
            .into_iter()
            .map(|(x, y)| Fam {
                mv,
                cap,
                ..f(x, y, r)
            })
            .collect();
        TestPiece {
            text: format!("{prefix}{name}{suffix}"),
            fams,
        }
    })
}

/// A chunk: from the hand-typed table or symmetric.
fn arb_part() -> impl Strategy<Value = TestPiece> {
    let table = table();
    prop_oneof![
        (0..table.len()).prop_map(move |i| TestPiece {
            text: table[i].0.to_owned(),
            fams: table[i].1.clone(),
        }),
        arb_chunk(),
    ]
}

/// A random piece: one to three chunks written one after the other (Betza's union). A chunk
/// that would run into the one before (`N` then `N` reads as the rider `NN`) is dropped.
pub fn arb_piece() -> impl Strategy<Value = TestPiece> {
    proptest::collection::vec(arb_part(), 1..4).prop_map(|parts| {
        let mut text = String::new();
        let mut fams: Vec<Fam> = Vec::new();
        for p in parts {
            let joins = text
                .chars()
                .last()
                .is_some_and(|l| l.is_ascii_uppercase() && p.text.starts_with(l));
            // A chunk that would cut a grasshopper short (refused by the product) is dropped.
            let with: Vec<Fam> = fams.iter().chain(&p.fams).copied().collect();
            if !joins && line_classes(&with).is_some() {
                text.push_str(&p.text);
                fams = with;
            }
        }
        let fams = line_classes(&fams).expect("checked while adding chunks");
        TestPiece { text, fams }
    })
}

/// Fairy-Stockfish's rides on W and F lines (src/bitboard.cpp): in each mode a piece's rides
/// are computed per kind (slider, cannon, grasshopper) and line class (files, ranks,
/// diagonals) and then masked by the union of its parts' reach from the square along each
/// direction (a slider's or limited hopper's range, all of the line for an unlimited hopper or
/// a grasshopper). So every kind present in a class rides each direction of that class as far
/// as the union reaches. `None` when a grasshopper would be cut short by that reach.
pub fn line_classes(fams: &[Fam]) -> Option<Vec<Fam>> {
    const ALL: u32 = u32::MAX;
    let class = |dx: i64, dy: i64| match (dx, dy) {
        (0, _) => 0,
        (_, 0) => 1,
        _ => 2,
    };
    let dirs: [&[(i64, i64)]; 3] = [&[(0, 1), (0, -1)], &[(1, 0), (-1, 0)], &DIAG];
    let mut out = fams.to_vec();
    for init in [false, true] {
        for capture in [false, true] {
            let mut reach: BTreeMap<(i64, i64), u32> = BTreeMap::new();
            let mut kinds: BTreeSet<(u8, usize)> = BTreeSet::new();
            for x in fams
                .iter()
                .filter(|x| x.init == init && if capture { x.cap } else { x.mv })
            {
                let unit = x.dx.abs() <= 1 && x.dy.abs() <= 1 && x.leg.is_none();
                if !unit || (x.range == 1 && !x.hop) {
                    continue;
                }
                let (kind, far) = match (x.hop, x.range) {
                    (false, 0) => (0, ALL),
                    (false, n) => (0, n),
                    (true, 0) => (1, ALL),
                    (true, 1) => (2, ALL),
                    (true, n) => (1, n),
                };
                let r = reach.entry((x.dx, x.dy)).or_insert(0);
                *r = (*r).max(far);
                kinds.insert((kind, class(x.dx, x.dy)));
            }
            for &(kind, c) in &kinds {
                for &(dx, dy) in dirs[c] {
                    let Some(&far) = reach.get(&(dx, dy)) else {
                        continue;
                    };
                    let (range, hop) = match (kind, far) {
                        (0, ALL) => (0, false),
                        (0, n) => (n, false),
                        (1, ALL) => (0, true),
                        (1, 1) => continue,
                        (1, n) => (n, true),
                        (_, ALL) => (1, true),
                        _ => return None,
                    };
                    out.push(Fam {
                        hop,
                        mv: !capture,
                        cap: capture,
                        init,
                        ..f(dx, dy, range)
                    });
                }
            }
        }
    }
    Some(out)
}

/// The families of a piece for a side: Black's turned by 180° (every offset and leg negated).
pub fn turned(fams: &[Fam], colour: Colour) -> Vec<Fam> {
    fams.iter()
        .map(|x| match colour {
            Colour::White => *x,
            Colour::Black => Fam {
                dx: -x.dx,
                dy: -x.dy,
                leg: x.leg.map(|(a, b)| (-a, -b)),
                ..*x
            },
        })
        .collect()
}

/// Every (square, capture-capable, move-capable) a piece of `colour` on `from` could end a
/// move on, walking its families.
pub fn naive_moves(
    fams: &[Fam],
    colour: Colour,
    from: Coord,
    board: Board,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    naive_moves_within(fams, colour, from, &|c| board.contains(c), occupied)
}

/// [`naive_moves`] on the squares `inside` accepts (a window of a strip: rides stop at its ends).
/// Initial moves are left out: [`naive_walk`] walks them.
pub fn naive_moves_within(
    fams: &[Fam],
    colour: Colour,
    from: Coord,
    inside: &dyn Fn(Coord) -> bool,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    naive_walk(fams, false, colour, from, inside, occupied)
}

/// The moves of the families whose `init` flag is `init`: the initial moves (Betza `i`) of a
/// piece on its double-step rank with `true`.
pub fn naive_walk(
    fams: &[Fam],
    init: bool,
    colour: Colour,
    from: Coord,
    inside: &dyn Fn(Coord) -> bool,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    let mut out = Vec::new();
    for m in turned(fams, colour).into_iter().filter(|m| m.init == init) {
        for at in reached(&m, from, inside, occupied) {
            out.push((at, m.cap, m.mv));
        }
    }
    out
}

/// The squares one family reaches from `from`: a lame leap needs its leg empty; a hopper first
/// slides to its screen (not reached); then the ride stops at the first occupied square
/// (included), the board's edge, or its range.
fn reached(
    m: &Fam,
    from: Coord,
    inside: &dyn Fn(Coord) -> bool,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<Coord> {
    let mut out = Vec::new();
    if let Some((lx, ly)) = m.leg {
        if occupied(Coord::new(from.file + lx, from.rank + ly)) {
            return out;
        }
    }
    let mut start = from;
    if m.hop {
        let mut k = 1i64;
        loop {
            let at = Coord::new(from.file + k * m.dx, from.rank + k * m.dy);
            if !inside(at) {
                return out;
            }
            if occupied(at) {
                start = at;
                break;
            }
            k += 1;
        }
    }
    // Fairy-Stockfish's limited hopper (`pR2`): the cannon's landings, kept within `range`
    // leaps of the piece itself.
    let limited_hop = m.hop && m.range >= 2;
    let beyond = if limited_hop { 0 } else { m.range };
    let mut k = 1i64;
    loop {
        let at = Coord::new(start.file + k * m.dx, start.rank + k * m.dy);
        if !inside(at) {
            break;
        }
        out.push(at);
        if occupied(at) || (beyond != 0 && k >= i64::from(beyond)) {
            break;
        }
        k += 1;
    }
    if limited_hop {
        let leaps = |c: Coord| {
            if m.dx != 0 {
                (c.file - from.file) / m.dx
            } else {
                (c.rank - from.rank) / m.dy
            }
        };
        out.retain(|&c| leaps(c) <= i64::from(m.range));
    }
    out
}

/// Every (square, attacker) pair of a position whose kinds are `pieces` (kind `i` moves by
/// `pieces[i]`), walking each family; rides are cut where `window` says no (strips).
pub fn naive(
    pos: &Position,
    pieces: &[TestPiece],
    window: impl Fn(Coord) -> bool,
) -> BTreeSet<(Coord, usize)> {
    let occupied: BTreeSet<Coord> = pos.pieces().iter().map(|p| p.at).collect();
    let board = pos.board();
    let mut out = BTreeSet::new();
    for (i, p) in pos.pieces().iter().enumerate() {
        let inside = |c: Coord| board.contains(c) && window(c);
        for m in turned(&pieces[p.kind].fams, p.colour) {
            if m.cap {
                for at in reached(&m, p.at, &inside, &|c| occupied.contains(&c)) {
                    out.insert((at, i));
                }
            }
        }
    }
    out
}

/// The kinds of a position made of these pieces, lettered A, B, ….
pub fn kinds(pieces: &[TestPiece]) -> Vec<Kind> {
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| Kind::new(char::from(b'A' + u8::try_from(i).unwrap_or(0)), p.rule()))
        .collect()
}

/// A position of the given kinds (symbols A, B, …) with pieces on distinct squares of the board.
pub fn position(board: Board, pieces: &[TestPiece], spots: Vec<(usize, bool, i64, i64)>) -> Option<Position> {
    let kinds = kinds(pieces);
    let mut seen = BTreeSet::new();
    let placed: Vec<Placed> = spots
        .into_iter()
        .filter(|&(_, _, f, r)| seen.insert((f, r)))
        .map(|(k, black, f, r)| Placed {
            kind: k % kinds.len(),
            colour: if black { Colour::Black } else { Colour::White },
            at: Coord::new(f, r),
        })
        .filter(|p| board.contains(p.at))
        .collect();
    Position::new(board, kinds, placed).ok()
}
