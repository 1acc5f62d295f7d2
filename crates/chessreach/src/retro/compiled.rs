//! One rule compiled for one board, once: every step from every square as the list of squares
//! it passes (leaps one square, rides a ray), forwards and backwards, with the lame leg's
//! square; and, on boards of at most 64 squares, an attack table per pair of squares (`q`
//! attacks `s` when the squares between, as a `u64` set, are empty). What the royal endgame
//! solver walks millions of times instead of stepping coordinates.
//!
//! The walks are [`MoveGen::moves_in`] and [`MoveGen::unmoves_in`] exactly (same squares,
//! same order, same de-duplication), read from tables: O(squares walked) per call, with no
//! coordinate arithmetic. Building is O(S · Σ ray lengths) time; memory is bounded by
//! [`Compiled::bytes`].

use std::ops::ControlFlow;
use std::sync::Arc;

use super::moves::{Marks, MoveGen, Occupancy, NONE};

/// One step from one square: its squares `squares[at..at + len]` in walking order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub(crate) at: u32,
    pub(crate) len: u32,
    /// Forward rays: the lame leg's square from the start ([`NONE`]: none).
    pub(crate) leg: u32,
    pub(crate) can_move: bool,
    pub(crate) can_capture: bool,
}

/// Per pair `(q, s)` of a board of at most 64 squares: whether a capturing step from `q`
/// reaches `s` and which squares must then be empty, as one `u64` (8 bytes a pair): the
/// squares between (and the lame leg) when one step reaches `s`; `{s}` when none does (the
/// attacked piece always stands on `s`); `{q, s}` when several do (ask the generator). And
/// per square `q` the set of squares some step reaches on an empty board (8 bytes a square,
/// a table that stays in the nearest cache): most pairs are answered there, unread.
/// Shared (`Arc`): every table of a tablebase holds its slots' tables at hand.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attack64 {
    squares: usize,
    masks: Arc<[u64]>,
    reach: Arc<[u64]>,
}

impl Attack64 {
    /// Whether the piece on `q` attacks `s`, `occ` the occupied squares (`s` in it: the
    /// attacked piece stands there); `None` when several steps reach `s` (ask the generator).
    /// O(1).
    #[expect(
        clippy::inline_always,
        reason = "measured: left to the compiler, it is not inlined into the legality tests (+9 % instructions for KQvK)"
    )]
    #[inline(always)]
    pub(crate) fn hit(&self, q: u32, s: u32, occ: u64) -> Option<bool> {
        if self.reach[q as usize] >> s & 1 == 0 {
            return Some(false);
        }
        let m = self.masks[q as usize * self.squares + s as usize];
        if m & occ == 0 {
            Some(true)
        } else if m == (1u64 << q | 1u64 << s) && q != s {
            None
        } else {
            Some(false)
        }
    }
}

/// A rule's steps from every square, forwards and backwards (see the module's documentation).
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// Per square, its forward rays: `fwd[fwd_start[s]..fwd_start[s + 1]]`.
    fwd_start: Vec<u32>,
    fwd: Vec<Ray>,
    /// Per square, the backward rays of the non-capturing steps (the squares a move into it
    /// came from).
    back_start: Vec<u32>,
    back: Vec<Ray>,
    squares: Vec<u32>,
    /// Parallel to `squares` on backward rays: the lame leg's square from each origin.
    legs: Vec<u32>,
    dedup: bool,
    /// Boards of at most 64 squares, when asked for.
    pub(crate) attack64: Option<Attack64>,
}

impl Compiled {
    /// An upper bound of the bytes [`MoveGen::compile`] allocates for `gen` on `squares`
    /// squares (`None`: beyond a `u64`): per square and step a ray of at most `reach` squares
    /// each way, 8 bytes a square and 16 a ray, and the 64-square attack table (8 bytes a
    /// pair, twice while built, and 8 a square).
    pub(crate) fn bytes(steps: u64, reach: u64, squares: u64) -> Option<u64> {
        let per_square = steps.checked_mul(reach.checked_mul(16)?.checked_add(32)?)?;
        let pairs = if squares <= 64 {
            squares * squares * 16 + squares * 8
        } else {
            0
        };
        squares
            .checked_mul(per_square)?
            .checked_add(pairs)?
            .checked_add(16 * squares + 16)
    }

    /// Assembles the tables (see [`MoveGen::compile`]).
    pub(crate) fn from_parts(
        fwd: Vec<Vec<Ray>>,
        back: Vec<Vec<Ray>>,
        squares: Vec<u32>,
        legs: Vec<u32>,
        dedup: bool,
        attack64: Option<Attack64>,
    ) -> Self {
        let starts = |rows: &[Vec<Ray>]| {
            let mut start = Vec::with_capacity(rows.len() + 1);
            let mut k = 0u32;
            for r in rows {
                start.push(k);
                k += u32::try_from(r.len()).unwrap_or(u32::MAX);
            }
            start.push(k);
            start
        };
        Self {
            fwd_start: starts(&fwd),
            fwd: fwd.into_iter().flatten().collect(),
            back_start: starts(&back),
            back: back.into_iter().flatten().collect(),
            squares,
            legs,
            dedup,
            attack64,
        }
    }

    /// The attack table of pairs from the forward rays (capturing steps only): the squares
    /// before `s` on the ray and the leg must be empty; a leg on `s` itself never lets the
    /// step reach `s`, a leg on `q` is empty (the attacker stands there). O(S · Σ ray lengths).
    pub(crate) fn attack_pairs(fwd: &[Vec<Ray>], squares: &[u32]) -> Attack64 {
        let n = fwd.len();
        // 0: no step yet, 1: one, 2: several.
        let mut kind = vec![0u8; n * n];
        let mut masks = vec![0u64; n * n];
        for (q, rays) in fwd.iter().enumerate() {
            for r in rays.iter().filter(|r| r.can_capture) {
                let mut between = if r.leg == NONE || r.leg as usize == q {
                    0
                } else {
                    1u64 << r.leg
                };
                for &s in &squares[r.at as usize..(r.at + r.len) as usize] {
                    if s != r.leg {
                        let i = q * n + s as usize;
                        if kind[i] == 0 {
                            kind[i] = 1;
                            masks[i] = between;
                        } else {
                            kind[i] = 2;
                        }
                    }
                    between |= 1u64 << s;
                }
            }
        }
        let mut reach = vec![0u64; n];
        for (i, (k, m)) in kind.iter().zip(&mut masks).enumerate() {
            let (q, s) = (i / n, i % n);
            match k {
                0 => *m = 1u64 << s,
                1 => {}
                _ => *m = 1u64 << q | 1u64 << s,
            }
            if *k != 0 {
                reach[q] |= 1u64 << s;
            }
        }
        Attack64 {
            squares: n,
            masks: masks.into(),
            reach: reach.into(),
        }
    }

    #[inline]
    fn row<'a>(start: &[u32], rays: &'a [Ray], s: u32) -> &'a [Ray] {
        let s = s as usize;
        &rays[start[s] as usize..start[s + 1] as usize]
    }

    /// As [`MoveGen::moves_in`]: `f(to, captures)` once for every square the piece on `from`
    /// may move to among the pieces of `occ`, in order, until `f` breaks. O(squares walked).
    #[inline]
    pub(crate) fn moves(
        &self,
        from: u32,
        occ: &impl Occupancy,
        marks: &mut Marks,
        mut f: impl FnMut(u32, bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.dedup {
            marks.next();
        }
        for r in Self::row(&self.fwd_start, &self.fwd, from) {
            if r.leg != NONE && occ.occupied(r.leg) {
                continue;
            }
            for &to in &self.squares[r.at as usize..(r.at + r.len) as usize] {
                if occ.occupied(to) {
                    if r.can_capture && occ.capturable(to) && (!self.dedup || marks.insert(to)) {
                        f(to, true)?;
                    }
                    break;
                }
                if r.can_move && (!self.dedup || marks.insert(to)) {
                    f(to, false)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// As [`MoveGen::unmoves_in`] for non-captures: `f(from)` once for every empty square
    /// from which the piece could have moved to `to` among the pieces of `occ`. O(squares
    /// walked).
    #[inline]
    pub(crate) fn unmoves(&self, to: u32, occ: &impl Occupancy, marks: &mut Marks, mut f: impl FnMut(u32)) {
        if self.dedup {
            marks.next();
        }
        for r in Self::row(&self.back_start, &self.back, to) {
            for k in r.at as usize..(r.at + r.len) as usize {
                let from = self.squares[k];
                if occ.occupied(from) {
                    break;
                }
                let leg = self.legs[k];
                if (leg == NONE || !occ.occupied(leg)) && (!self.dedup || marks.insert(from)) {
                    f(from);
                }
            }
        }
    }
}

/// The occupancy of a board of at most 64 squares as two sets: occupied, and capturable.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board64 {
    pub(crate) occupied: u64,
    pub(crate) enemy: u64,
}

impl Occupancy for Board64 {
    #[inline]
    fn occupied(&self, s: u32) -> bool {
        self.occupied >> s & 1 != 0
    }
    #[inline]
    fn capturable(&self, s: u32) -> bool {
        self.enemy >> s & 1 != 0
    }
}

impl MoveGen {
    /// Compiles the rule for its board (see the module's documentation); `pairs` asks for the
    /// attack table of pairs, built only on boards of at most 64 squares. Memory within
    /// [`Compiled::bytes`]; O(S · Σ ray lengths) time.
    pub(crate) fn compile(&self, pairs: bool) -> Compiled {
        let n = self.squares();
        let (mut fwd, mut back) = (Vec::with_capacity(n), Vec::with_capacity(n));
        let (mut squares, mut legs) = (Vec::new(), Vec::new());
        for s in 0..n {
            let s = u32::try_from(s).unwrap_or(u32::MAX);
            let mut rays = Vec::new();
            for w in 0..self.steps() {
                let at = u32::try_from(squares.len()).unwrap_or(u32::MAX);
                let (leg, can_move, can_capture) = self.path(w, s, false, |sq, _| {
                    squares.push(sq);
                    legs.push(NONE);
                });
                let len = u32::try_from(squares.len()).unwrap_or(u32::MAX) - at;
                rays.push(Ray {
                    at,
                    len,
                    leg,
                    can_move,
                    can_capture,
                });
            }
            fwd.push(rays);
            let mut rays = Vec::new();
            for w in 0..self.steps() {
                let at = u32::try_from(squares.len()).unwrap_or(u32::MAX);
                let (_, can_move, can_capture) = self.path(w, s, true, |sq, leg| {
                    squares.push(sq);
                    legs.push(leg);
                });
                let len = u32::try_from(squares.len()).unwrap_or(u32::MAX) - at;
                if can_move {
                    rays.push(Ray {
                        at,
                        len,
                        leg: NONE,
                        can_move,
                        can_capture,
                    });
                } else {
                    squares.truncate(at as usize);
                    legs.truncate(at as usize);
                }
            }
            back.push(rays);
        }
        let attack64 = (pairs && n <= 64).then(|| Compiled::attack_pairs(&fwd, &squares));
        Compiled::from_parts(fwd, back, squares, legs, self.needs_marks(), attack64)
    }
}
