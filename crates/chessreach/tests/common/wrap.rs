//! An oracle for wrapped boards (cylinders and tori), written from the rules alone, never from
//! the product's movement code.
//!
//! The rules: a step that leaves the board across a wrapped edge re-enters on the opposite
//! edge (coordinates modulo the side, however long the leap); across an unwrapped edge it
//! leaves the board. A piece never attacks, blocks or screens its own square: a leap landing
//! on it is no move, a lame leg on it is empty, a rider's or hopper's line stops before it when
//! it comes back round, and a hopper never uses it as a screen.
//!
//! Everything here takes the pieces as a plain list ([`Placed`]) and the board as a [`Torus`],
//! so it needs nothing of the product but its data types.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chessreach::attack::Placed;
use chessreach::geometry::Coord;
use chessreach::piece::Colour;

use super::{turned, Fam, TestPiece};

/// A bounded board of `width` files by `height` ranks (files `1..=width`, ranks
/// `1..=height`), whose files and/or ranks wrap: `files` joins file `width` to file 1 (a
/// cylinder), `ranks` joins rank `height` to rank 1, both make a torus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torus {
    pub width: i64,
    pub height: i64,
    pub files: bool,
    pub ranks: bool,
}

impl Torus {
    /// A board of the given size and wrap.
    pub const fn new(width: i64, height: i64, files: bool, ranks: bool) -> Self {
        Self {
            width,
            height,
            files,
            ranks,
        }
    }

    /// The square `c` is on this board: brought back onto it modulo the side along a wrapped
    /// axis, `None` when it lies beyond an unwrapped edge.
    pub fn land(self, c: Coord) -> Option<Coord> {
        let axis = |x: i64, side: i64, wraps: bool| {
            if wraps {
                Some((x - 1).rem_euclid(side) + 1)
            } else if (1..=side).contains(&x) {
                Some(x)
            } else {
                None
            }
        };
        Some(Coord::new(
            axis(c.file, self.width, self.files)?,
            axis(c.rank, self.height, self.ranks)?,
        ))
    }

    /// Whether `c` is one of the board's squares as written (not brought back).
    pub fn contains(self, c: Coord) -> bool {
        (1..=self.width).contains(&c.file) && (1..=self.height).contains(&c.rank)
    }

    /// Every square, rank 1 first.
    pub fn squares(self) -> Vec<Coord> {
        (1..=self.height)
            .flat_map(|r| (1..=self.width).map(move |f| Coord::new(f, r)))
            .collect()
    }

    /// One leap `(dx, dy)` from `from`, wrapping.
    pub fn step(self, from: Coord, (dx, dy): (i64, i64)) -> Option<Coord> {
        self.land(Coord::new(from.file + dx, from.rank + dy))
    }

    /// The line of a piece on `from` along `(dx, dy)`: the squares one leap after another
    /// (each leap wraps), ending before the first leap that leaves the board or comes back to
    /// `from`. Entry `k` is `k + 1` leaps from the piece.
    pub fn line(self, from: Coord, d: (i64, i64)) -> Vec<Coord> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(next) = self.step(at, d) {
            if next == from {
                break;
            }
            assert!(
                !out.contains(&next),
                "a line returns to its start before any other square"
            );
            out.push(next);
            at = next;
        }
        out
    }
}

/// The squares one family `m` (already turned for its side) of a piece on `from` reaches,
/// given which squares hold a piece. `occupied` is never asked about `from`: the piece's own
/// square is empty to it (it neither blocks nor screens itself).
///
/// - A lame leap needs its leg square (wrapped) empty.
/// - A rider (or leaper, range 1) goes along its line to the first occupied square
///   (included), its range, the board's unwrapped edge, or just before its own square.
/// - A hopper slides along its line to the first occupied square, the screen (not reached);
///   none: no move. Beyond it, range 1 (grasshopper) lands on the next square of the line
///   only; range 0 (cannon) rides on up to and including the next occupied square; range
///   n ≥ 2 as the cannon but only squares at most n leaps from the piece.
pub fn reached(t: Torus, m: &Fam, from: Coord, occupied: &dyn Fn(Coord) -> bool) -> Vec<Coord> {
    let full = |c: Coord| c != from && occupied(c);
    if let Some(leg) = m.leg {
        if t.step(from, leg).is_some_and(full) {
            return Vec::new();
        }
    }
    let line = t.line(from, (m.dx, m.dy));
    let limit = usize::try_from(m.range).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    if m.hop {
        let Some(screen) = line.iter().position(|&c| full(c)) else {
            return out;
        };
        // Squares beyond the screen, with their leaps from the piece (the screen is
        // `screen + 1` leaps away).
        let beyond = line.iter().enumerate().skip(screen + 1);
        for (k, &c) in beyond {
            let leaps = k + 1;
            if m.range >= 2 && leaps > limit {
                break;
            }
            out.push(c);
            if m.range == 1 || full(c) {
                break;
            }
        }
    } else {
        for (k, &c) in line.iter().enumerate() {
            let leaps = k + 1;
            if m.range != 0 && leaps > limit {
                break;
            }
            out.push(c);
            if full(c) {
                break;
            }
        }
    }
    out
}

/// Every (square, attacker) pair: each piece's capture-capable families, turned for its side,
/// initial moves left out. Kind `k` moves by `kinds[k]`.
pub fn naive(t: Torus, kinds: &[TestPiece], pieces: &[Placed]) -> BTreeSet<(Coord, usize)> {
    let occupied: BTreeSet<Coord> = pieces.iter().map(|p| p.at).collect();
    let mut out = BTreeSet::new();
    for (i, p) in pieces.iter().enumerate() {
        for m in turned(&kinds[p.kind].fams, p.colour) {
            if m.cap && !m.init {
                for c in reached(t, &m, p.at, &|c| occupied.contains(&c)) {
                    out.insert((c, i));
                }
            }
        }
    }
    out
}

/// The squares `side`'s pieces attack once the pieces numbered in `gone` are off the board.
pub fn attacked_by(
    t: Torus,
    kinds: &[TestPiece],
    pieces: &[Placed],
    gone: &BTreeSet<usize>,
    side: Colour,
) -> BTreeSet<Coord> {
    let left: Vec<Placed> = pieces
        .iter()
        .enumerate()
        .filter(|(i, _)| !gone.contains(i))
        .map(|(_, p)| *p)
        .collect();
    naive(t, kinds, &left)
        .into_iter()
        .filter(|&(_, i)| left[i].colour == side)
        .map(|(c, _)| c)
        .collect()
}

/// The mover's one-move set from `at`: (landing, may capture, may move) for each of its
/// families, turned for `colour`; its initial moves too when it stands on its side's
/// double-step rank (rank 2 for White, `height - 1` for Black, on boards of two ranks or more).
pub fn mover_moves(
    t: Torus,
    mover: &TestPiece,
    colour: Colour,
    at: Coord,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    let double_step = if colour == Colour::White { 2 } else { t.height - 1 };
    let initial = t.height >= 2 && at.rank == double_step;
    let mut out = Vec::new();
    for m in turned(&mover.fams, colour) {
        if !m.init || initial {
            for c in reached(t, &m, at, occupied) {
                out.push((c, m.cap, m.mv));
            }
        }
    }
    out
}

/// The mover's state graph by breadth-first search: (captured subset, square) → fewest moves.
/// Bit `b` of a subset is `capturable[b]` (an index into `pieces`) taken. The mover is not one
/// of the pieces. It ends a move only on a square no hostile piece attacks (with the pieces it
/// has taken removed), and on a piece only by taking a capturable hostile one with a
/// capture-capable family; a move-capable family ends on an empty square.
pub fn distances(
    t: Torus,
    kinds: &[TestPiece],
    pieces: &[Placed],
    mover: &TestPiece,
    colour: Colour,
    start: Coord,
    capturable: &[usize],
) -> BTreeMap<(u32, Coord), u32> {
    let k = capturable.len();
    let gone_of = |s: u32| -> BTreeSet<usize> {
        (0..k)
            .filter(|b| s >> b & 1 == 1)
            .map(|b| capturable[b])
            .collect()
    };
    let attacked: Vec<BTreeSet<Coord>> = (0..1u32 << k)
        .map(|s| attacked_by(t, kinds, pieces, &gone_of(s), colour.opponent()))
        .collect();
    let mut dist = BTreeMap::from([((0u32, start), 0u32)]);
    let mut queue = VecDeque::from([(0u32, start)]);
    while let Some((s, at)) = queue.pop_front() {
        let d = dist[&(s, at)];
        let gone = gone_of(s);
        let standing = |c: Coord| {
            pieces
                .iter()
                .enumerate()
                .position(|(i, p)| p.at == c && !gone.contains(&i))
        };
        for (c, can_capture, can_move) in mover_moves(t, mover, colour, at, &|c| standing(c).is_some()) {
            if attacked[s as usize].contains(&c) {
                continue;
            }
            let next = match standing(c) {
                None if can_move => Some(s),
                Some(i) if can_capture && pieces[i].colour != colour => {
                    capturable.iter().position(|&x| x == i).map(|b| s | 1 << b)
                }
                _ => None,
            };
            if let Some(n) = next {
                dist.entry((n, c)).or_insert_with(|| {
                    queue.push_back((n, c));
                    d + 1
                });
            }
        }
    }
    dist
}

/// Fewest moves to `c` over every subset, from a [`distances`] map.
pub fn nearest(dist: &BTreeMap<(u32, Coord), u32>, c: Coord) -> Option<u32> {
    dist.iter().filter(|((_, at), _)| *at == c).map(|(_, &d)| d).min()
}

/// A route is legal: each step one of the mover's moves in the state it is made in, onto a
/// square no hostile piece attacks then, onto a piece only to take a capturable hostile one
/// with a capture-capable family; the pieces taken are exactly `captured`, in order.
#[expect(
    clippy::too_many_arguments,
    reason = "the route's board, pieces, mover and what it says, each needed"
)]
pub fn check_route(
    t: Torus,
    kinds: &[TestPiece],
    pieces: &[Placed],
    mover: &TestPiece,
    colour: Colour,
    squares: &[Coord],
    captured: &[usize],
    capturable: &[usize],
) -> Result<(), String> {
    let mut gone: Vec<usize> = Vec::new();
    for w in squares.windows(2) {
        let gone_set: BTreeSet<usize> = gone.iter().copied().collect();
        let standing = |c: Coord| {
            pieces
                .iter()
                .enumerate()
                .position(|(i, p)| p.at == c && !gone_set.contains(&i))
        };
        if attacked_by(t, kinds, pieces, &gone_set, colour.opponent()).contains(&w[1]) {
            return Err(format!("{} is attacked", w[1]));
        }
        let options = mover_moves(t, mover, colour, w[0], &|c| standing(c).is_some());
        let ok = options.iter().any(|&(c, cap, mv)| {
            c == w[1]
                && match standing(c) {
                    None => mv,
                    Some(i) => cap && pieces[i].colour != colour && capturable.contains(&i),
                }
        });
        if !ok {
            return Err(format!("{} -> {} is not a legal move", w[0], w[1]));
        }
        if let Some(i) = standing(w[1]) {
            gone.push(i);
        }
    }
    if gone != captured {
        return Err(format!("captured {gone:?}, route says {captured:?}"));
    }
    Ok(())
}
