//! One material's table: the index of its positions, its legal moves, and the retrograde
//! passes that solve it once its subgames are solved.
//!
//! **Index.** Pieces stand in slots: 0 White's royal, 1 Black's, then the other pieces (White's
//! first, each side in canonical letter order). A position is `(side to move, square per slot)`;
//! its index is `stm · half + (wk · S + bk) · E + e`, where `e` names the other pieces' squares:
//! none (`E = 1`), one (`E = S`), two different ones (`a · S + b`, `E = S²`), or two identical
//! ones as an unordered pair (`b(b-1)/2 + a` for `a < b`, `E = S(S-1)/2`: one position however
//! they are named). Index combinations that are not positions (two pieces on a square, the side
//! not to move in check) are marked illegal.
//!
//! **Cells**, 2 bytes a position (`u16`, atomic so both cores can work on one table): bits
//! 14–15 the state — unresolved (bits 0–12: moves not yet refuted, `0x1FFF` not counted yet,
//! 0 with no moves: a settled draw; bit 13: some capture leads into a subgame the opponent
//! wins), won or lost for the side to move (bits 0–13: plies to mate) — and `0xFFFF` illegal.
//!
//! **Solving.** A counting pass gives every position its state: illegal; mated or stalemated;
//! won at once through a capture into a subgame its opponent loses; lost when every move is a
//! capture into a subgame its opponent wins; otherwise *not counted yet*. It walks only the
//! captures and the first legal non-capture (most positions of the winning side are never
//! counted at all), stopping there when nothing can be captured; a side with fewer pieces than
//! its opponent (the lone royal of `KXvK`), whose positions are nearly all reached back from
//! wins and counted then, has every move counted at once instead. Then levels `d = 0, 1, 2 …`:
//! every position resolved at `d` plies is walked backwards through the unmoves of the side
//! that moved into it; a predecessor of a loss is won at `d + 1` (a capture win found at the
//! count is shortened if this is faster); a predecessor of a win has its moves counted when
//! first reached (the non-captures and the captures into drawn subgames), then loses one
//! unrefuted move and, at none left, is lost at `max(d + 1, its longest capture into a subgame
//! it loses)` (its captures walked again alone, [`Walk::Captures`], when its cell's flag says
//! there is one and it was not counted in the same step). Level order makes wins shortest and
//! losses longest. Unresolved positions at the end are draws. A level's pass reads each row's
//! side to move and royal squares from its loop counters (no division per cell), and the
//! shared maximum level and level bits are read before they are written (a read-modify-write
//! only when they change: the cores keep the cache lines shared). It sweeps White-to-move rows
//! White royal square by White royal square and Black-to-move rows Black royal square by Black
//! royal square: a Black-to-move position's predecessors include the White royal's unmoves,
//! the index's largest stride (`S · E` cells), and swept this way they all fall in the `S`
//! rows of one Black royal square of the other half (`2 · S · E` bytes, 512 KB for four pieces
//! on 8×8) instead of in eight chunks of `2 · S · E` bytes per White royal square. A
//! predecessor's index is the position's own moved by the moving slot's stride (one
//! multiplication; identical pieces: the whole index).
//!
//! **Paths.** Moves and unmoves are read from each rule's [`Compiled`] steps (lists of
//! squares, no coordinate arithmetic). On boards of at most 64 squares (the fast path,
//! [`super::Tuning::bitboards`]) occupancy is a `u64` set and an attack is one read of the
//! rule's table of square pairs (each table holds its slots' tables, shared, at hand); larger
//! boards (and `bitboards: false`) ask the pieces' squares one by one and the generator's
//! attack test. Both give the same answers.
//!
//! Cost: O(P · m) time for `P` positions and `m` moves a position (the counting pass
//! O(P · pieces · steps); an attack test O(pieces) on the fast path), plus per level a scan
//! of the blocks of positions (one side to move, one White royal square, a run of Black
//! royal squares: at least 512 cells or all of the White royal square's) that
//! hold a position resolved at that level modulo 64 (tens of levels); memory 2 bytes a
//! position plus 8 bytes per `e` (the decoding table) plus 8 bytes a block (at most 2⁻⁶
//! bytes a position; 2⁻⁹ once a Black royal square's row holds 4,096 positions, e.g. four
//! pieces on 8×8).

#![expect(
    clippy::cast_possible_truncation,
    reason = "indices were checked against the memory budget (every index below 2^48), so they fit usize, and squares fit u32 by Rect"
)]

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use super::{EndgameError, Material, Stalemate};
use crate::limits::Progress;
use crate::piece::Colour;
use crate::retro::compiled::{Attack64, Board64, Compiled};
use crate::retro::moves::{AttackTable, Marks, MoveGen, Occupancy};

/// One kind of piece of one colour: its generator, on flat boards its attack table, and its
/// steps compiled for the board (with the attack table of pairs on the fast path).
#[derive(Debug)]
pub(crate) struct Piece {
    pub(crate) gen: MoveGen,
    pub(crate) attacks: Option<AttackTable>,
    pub(crate) compiled: Compiled,
}

/// State bits of a cell.
const WIN: u16 = 1 << 14;
const LOSS: u16 = 2 << 14;
const STATE: u16 = 3 << 14;
const LOW: u16 = (1 << 14) - 1;
/// An unresolved cell's moves not yet refuted (bits 0–12).
const OPEN: u16 = (1 << 13) - 1;
/// An unresolved cell's flag: some legal capture leads into a subgame the opponent wins (the
/// longest of them is walked for when the position is lost; without it, none is).
const CAPTURE_LOSS: u16 = 1 << 13;
/// An unresolved position whose moves are not counted yet: they are counted when a successor
/// is first found won for the opponent (most positions of the winning side never are).
const UNCOUNTED: u16 = OPEN;
/// Not a position.
pub(crate) const ILLEGAL: u16 = u16::MAX;
/// Cells at least in a block of levels (see [`Table::levels`]).
const BLOCK_CELLS: u64 = 512;
/// The longest mate a cell holds (`LOW` itself is the illegal cell's low bits).
pub(crate) const MAX_PLIES: u32 = LOW as u32 - 1;

/// A position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rel {
    /// Not a position.
    Illegal,
    /// No side can force mate.
    Draw,
    /// The side to move mates in this many plies.
    Win(u32),
    /// The side to move is mated in this many plies (0: it is mated).
    Loss(u32),
}

pub(crate) fn decode(c: u16) -> Rel {
    if c == ILLEGAL {
        return Rel::Illegal;
    }
    match c & STATE {
        WIN => Rel::Win(u32::from(c & LOW)),
        LOSS => Rel::Loss(u32::from(c & LOW)),
        _ => Rel::Draw,
    }
}

/// One piece of a table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub(crate) colour: Colour,
    pub(crate) letter: char,
    pub(crate) royal: bool,
    /// Index of its generator in the tablebase.
    pub(crate) gen: usize,
}

/// The squares of a position's pieces (slot order; `n` of them).
pub(crate) type Squares = [u32; 4];

/// The pieces of a position as the generator sees them: every slot but those in `skip`,
/// capturable when in `enemy`.
#[derive(Clone, Copy)]
struct Occ<'a> {
    sq: &'a Squares,
    n: usize,
    skip: u8,
    enemy: u8,
}

impl Occupancy for Occ<'_> {
    #[inline]
    fn occupied(&self, s: u32) -> bool {
        (0..self.n).any(|i| self.skip & (1 << i) == 0 && self.sq[i] == s)
    }
    #[inline]
    fn capturable(&self, s: u32) -> bool {
        (0..self.n).any(|i| self.enemy & !self.skip & (1 << i) != 0 && self.sq[i] == s)
    }
}

/// The set bits of a slot mask, lowest first.
struct Bits(u8);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            i
        })
    }
}

/// Which legal moves [`Table::moves`] walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The captures and the first legal non-capture (the counting pass).
    First,
    /// Every legal move.
    All,
    /// The legal captures only (a lost position's longest capture).
    Captures,
}

/// Raises `top` to `v` (a read first: it rarely changes, and a read keeps the cache line
/// shared between the cores).
#[inline]
fn raise(top: &AtomicU32, v: u32) {
    if top.load(Relaxed) < v {
        top.fetch_max(v, Relaxed);
    }
}

/// A legal move: the slot that moves, where to, and the slot it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) slot: usize,
    pub(crate) to: u32,
    pub(crate) captured: Option<usize>,
}

/// One material's positions and their cells.
#[derive(Debug)]
pub(crate) struct Table {
    pub(crate) material: Material,
    pub(crate) slots: Vec<Slot>,
    /// Squares of the board.
    pub(crate) squares: u64,
    /// Combinations of the other pieces' squares.
    e: u64,
    /// Positions with one side to move.
    pub(crate) half: u64,
    /// The other pieces' squares by `e` (unused entries: `u32::MAX`).
    decode: Vec<[u32; 2]>,
    identical: bool,
    /// Slots per side, as bit masks.
    side_mask: [u8; 2],
    /// Per side to move, whether the counting pass counts its moves at once: a side with
    /// fewer pieces than its opponent's, whose positions are mostly reached back from the
    /// opponent's wins and counted then anyway (one walk of its moves instead of two).
    early: [bool; 2],
    /// Each slot's generator (`Slot::gen`, at hand).
    gen_of: [u8; 4],
    /// The fast path: a board of at most 64 squares, occupancy as `u64` sets and attacks
    /// read from every piece's [`crate::retro::compiled::Attack64`].
    bits: bool,
    /// The fast path: each slot's table of pairs at hand (shared with its [`Piece`]; one
    /// read an attacker instead of a walk through the generators).
    att: [Attack64; 4],
    /// How far the index moves when each slot's square moves by one (`0`: two identical
    /// pieces, whose index is not linear in either square).
    strides: [usize; 4],
    /// Table (in the tablebase) reached by capturing each slot (`usize::MAX`: a royal).
    pub(crate) subs: Vec<usize>,
    pub(crate) cells: Vec<AtomicU16>,
    /// Per block of positions (one side to move, one White royal square, `per_block` Black
    /// royal squares): bit `p mod 64` set when a position of the block is resolved at `p`
    /// plies, so that a level's pass skips the blocks with nothing at that level.
    levels: Vec<AtomicU64>,
    per_block: u64,
    blocks: u64,
}

impl Table {
    /// Positions and decoding entries of `material` on `squares` squares (`None`: overflow).
    pub(crate) fn sizes(material: &Material, squares: u64) -> Option<(u64, u64)> {
        let others: Vec<(Colour, char)> = Colour::BOTH
            .iter()
            .flat_map(|&c| material.others(c).iter().map(move |&l| (c, l)))
            .collect();
        let e = match others.as_slice() {
            [] => 1,
            [_] => squares,
            [a, b] if a == b => squares.checked_mul(squares.checked_sub(1)?)? / 2,
            _ => squares.checked_mul(squares)?,
        };
        let half = squares.checked_mul(squares)?.checked_mul(e)?;
        Some((half.checked_mul(2)?, e))
    }

    /// Bytes of `material`'s table: 2 a position, 8 per decoding entry.
    pub(crate) fn bytes(material: &Material, squares: u64) -> Option<u64> {
        let (positions, e) = Self::sizes(material, squares)?;
        let (_, blocks) = Self::blocks(squares, e);
        positions
            .checked_mul(2)?
            .checked_add(e.checked_mul(8)?)?
            .checked_add(squares.checked_mul(blocks)?.checked_mul(16)?)
    }

    /// Black royal squares per block of levels, and blocks per White royal square: blocks of
    /// at least [`BLOCK_CELLS`] cells (one `u64` of level bits per block, so at most 2⁻⁶ bytes
    /// a position).
    fn blocks(squares: u64, e: u64) -> (u64, u64) {
        let per = BLOCK_CELLS.div_ceil(e.max(1)).clamp(1, squares.max(1));
        (per, squares.div_ceil(per))
    }

    /// The block of levels holding a position.
    #[inline]
    fn block(&self, stm: Colour, sq: &Squares) -> usize {
        ((stm.index() as u64 * self.squares + u64::from(sq[0])) * self.blocks
            + u64::from(sq[1]) / self.per_block) as usize
    }

    /// Notes that a position of the block is resolved at `plies`.
    #[inline]
    fn note(&self, block: usize, plies: u16) {
        let (level, bit) = (&self.levels[block], 1u64 << (plies & 63));
        // Read first: the bit is usually set already, and a read shares the cache line
        // where a read-modify-write would take it from the other core.
        if level.load(Relaxed) & bit == 0 {
            level.fetch_or(bit, Relaxed);
        }
    }

    /// The table of `material` (cells allocated, all zero), its budget already checked;
    /// `bits`: take the fast path (every piece of `gens` compiled with its table of pairs).
    pub(crate) fn new(
        material: Material,
        slots: Vec<Slot>,
        squares: u64,
        subs: Vec<usize>,
        bits: bool,
        gens: &[Piece],
    ) -> Self {
        let (positions, e) = Self::sizes(&material, squares).expect("sizes checked by the budget");
        let identical =
            slots.len() == 4 && slots[2].colour == slots[3].colour && slots[2].letter == slots[3].letter;
        let s = squares as u32;
        let decode: Vec<[u32; 2]> = match slots.len() {
            2 => vec![[u32::MAX; 2]],
            3 => (0..s).map(|a| [a, u32::MAX]).collect(),
            _ if identical => (1..s).flat_map(|b| (0..b).map(move |a| [a, b])).collect(),
            _ => (0..s).flat_map(|a| (0..s).map(move |b| [a, b])).collect(),
        };
        let (per_block, blocks) = Self::blocks(squares, e);
        let mut gen_of = [0u8; 4];
        for (g, sl) in gen_of.iter_mut().zip(&slots) {
            // At most eight generators: four letters a side.
            *g = sl.gen as u8;
        }
        let mut side_mask = [0u8; 2];
        for (i, sl) in slots.iter().enumerate() {
            side_mask[sl.colour.index()] |= 1 << i;
        }
        let mut att: [Attack64; 4] = Default::default();
        if bits {
            for (a, sl) in att.iter_mut().zip(&slots) {
                if let Some(t) = &gens[sl.gen].compiled.attack64 {
                    a.clone_from(t);
                }
            }
        }
        let strides = match slots.len() {
            2 => [(squares * e) as usize, e as usize, 0, 0],
            3 => [(squares * e) as usize, e as usize, 1, 0],
            _ if identical => [(squares * e) as usize, e as usize, 0, 0],
            _ => [(squares * e) as usize, e as usize, squares as usize, 1],
        };
        let pieces = side_mask.map(u8::count_ones);
        let early = [pieces[0] < pieces[1], pieces[1] < pieces[0]];
        Self {
            material,
            slots,
            squares,
            e,
            half: positions / 2,
            decode,
            identical,
            side_mask,
            early,
            gen_of,
            bits,
            att,
            strides,
            subs,
            cells: (0..positions).map(|_| AtomicU16::new(0)).collect(),
            levels: (0..2 * squares * blocks).map(|_| AtomicU64::new(0)).collect(),
            per_block,
            blocks,
        }
    }

    /// Pieces in a position.
    pub(crate) fn n(&self) -> usize {
        self.slots.len()
    }

    /// The index of a position (identical pieces in either order).
    #[inline]
    pub(crate) fn index(&self, stm: Colour, sq: &Squares) -> usize {
        let s = self.squares;
        let e = match self.slots.len() {
            2 => 0,
            3 => u64::from(sq[2]),
            _ if self.identical => {
                let (a, b) = (u64::from(sq[2].min(sq[3])), u64::from(sq[2].max(sq[3])));
                b * (b - 1) / 2 + a
            }
            _ => u64::from(sq[2]) * s + u64::from(sq[3]),
        };
        (stm.index() as u64 * self.half + (u64::from(sq[0]) * s + u64::from(sq[1])) * self.e + e) as usize
    }

    /// The index of the first position with `stm` to move and the royals on `wk` and `bk`:
    /// its `e` positions follow, in [`Table::decode`]'s order.
    #[inline]
    fn row(&self, stm: Colour, wk: u32, bk: u32) -> usize {
        (stm.index() as u64 * self.half + (u64::from(wk) * self.squares + u64::from(bk)) * self.e) as usize
    }

    /// The position at an index.
    pub(crate) fn position(&self, index: usize) -> (Colour, Squares) {
        let index = index as u64;
        let stm = Colour::BOTH[(index / self.half) as usize];
        let rest = index % self.half;
        let (kings, others) = (rest / self.e, rest % self.e);
        let [a, b] = self.decode[others as usize];
        let sq = [(kings / self.squares) as u32, (kings % self.squares) as u32, a, b];
        (stm, sq)
    }

    /// The value of a position.
    pub(crate) fn value(&self, stm: Colour, sq: &Squares) -> Rel {
        decode(self.cells[self.index(stm, sq)].load(Relaxed))
    }

    /// The slot of a side's royal.
    const fn royal(side: Colour) -> usize {
        side.index()
    }

    /// Whether `side`'s royal is attacked in `sq`, the slots in `skip` off the board. The
    /// fast path: O(pieces), one table read per attacker; otherwise (or when several steps
    /// reach the royal) O(pieces × steps) plus the squares between on rides.
    #[inline]
    pub(crate) fn attacked(&self, gens: &[Piece], side: Colour, sq: &Squares, skip: u8) -> bool {
        if self.bits {
            return self.attacked64(gens, side, sq, skip, self.occupied64(sq, skip));
        }
        let target = sq[Self::royal(side)];
        let mut them = self.side_mask[side.opponent().index()] & !skip;
        while them != 0 {
            let j = them.trailing_zeros() as usize;
            them &= them - 1;
            if self.attacks_by(gens, j, sq, target, skip) {
                return true;
            }
        }
        false
    }

    /// [`Table::attacked`] on the fast path, `occupied` the squares of the slots not in
    /// `skip` (the caller often knows them). O(pieces): one table read per attacker.
    #[expect(
        clippy::inline_always,
        reason = "measured: left to the compiler, it is not inlined into the legality tests (+9 % instructions for KQvK)"
    )]
    #[inline(always)]
    fn attacked64(&self, gens: &[Piece], side: Colour, sq: &Squares, skip: u8, occupied: u64) -> bool {
        let target = sq[Self::royal(side)];
        let mut them = self.side_mask[side.opponent().index()] & !skip;
        while them != 0 {
            let j = them.trailing_zeros() as usize;
            them &= them - 1;
            match self.att[j].hit(sq[j], target, occupied) {
                Some(true) => return true,
                Some(false) => {}
                None => {
                    if self.attacks_by(gens, j, sq, target, skip) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether slot `j` attacks `target`, the slots in `skip` off the board, by the
    /// generator (the general path). O(steps) plus the squares between on rides.
    #[inline(never)]
    fn attacks_by(&self, gens: &[Piece], j: usize, sq: &Squares, target: u32, skip: u8) -> bool {
        let occ = Occ {
            sq,
            n: self.n(),
            skip: skip | (1 << j),
            enemy: 0,
        };
        let piece = &gens[usize::from(self.gen_of[j])];
        piece.gen.attacks_by(piece.attacks.as_ref(), sq[j], target, &occ)
    }

    /// The squares of the slots not in `skip`, as a set (the fast path's boards: squares
    /// below 64). O(pieces).
    #[inline]
    fn occupied64(&self, sq: &Squares, skip: u8) -> u64 {
        let mut occ = 0u64;
        for (i, &s) in sq.iter().enumerate().take(self.n()) {
            if skip & (1 << i) == 0 {
                occ |= 1u64 << s;
            }
        }
        occ
    }

    /// The enemy slots' squares of a slot mask, as a set (fast path). O(pieces).
    #[inline]
    fn squares64(sq: &Squares, mask: u8) -> u64 {
        Bits(mask).fold(0u64, |acc, i| acc | 1u64 << sq[i])
    }

    /// Whether two pieces share a square.
    pub(crate) fn overlaps(&self, sq: &Squares) -> bool {
        let n = self.n();
        (0..n).any(|i| (i + 1..n).any(|j| sq[i] == sq[j]))
    }

    /// Calls `f` for the legal moves of `stm` in a legal position: every one when `all`;
    /// otherwise every legal capture and the first legal non-capture found, the pieces without
    /// an enemy to capture left unwalked once that is found (what the counting pass needs to
    /// tell mates, stalemates and capture results from the rest; the royal, whose moves all
    /// need checking, walked last). A non-royal piece whose removal leaves its royal safe moves
    /// freely (placing it anywhere only blocks, and captures only remove attackers); every
    /// other move is checked. O(moves × pieces × steps) when `all`; O(pieces × steps) plus the
    /// captures and the moves checked before the first legal one for [`Walk::First`]; for
    /// [`Walk::Captures`] the non-captures are skipped before their check.
    pub(crate) fn moves(
        &self,
        gens: &[Piece],
        stm: Colour,
        sq: &Squares,
        marks: &mut Marks,
        walk: Walk,
        f: impl FnMut(Move),
    ) {
        let n = self.n();
        let enemy = self.side_mask[stm.opponent().index()] & !(1 << Self::royal(stm.opponent()));
        if self.bits {
            let occupied = self.occupied64(sq, 0);
            let enemy = Self::squares64(sq, enemy);
            self.moves_with(gens, stm, sq, marks, walk, f, Some(occupied), |i| Board64 {
                occupied: occupied & !(1u64 << sq[i]),
                enemy,
            });
        } else {
            self.moves_with(gens, stm, sq, marks, walk, f, None, |i| Occ {
                sq,
                n,
                skip: 1 << i,
                enemy,
            });
        }
    }

    /// [`Table::moves`] with `occ_of(i)` the occupancy without slot `i`, and on the fast path
    /// `occupied` every piece's square.
    #[expect(
        clippy::too_many_arguments,
        reason = "Table::moves' arguments and the occupancy"
    )]
    #[inline]
    fn moves_with<O: Occupancy>(
        &self,
        gens: &[Piece],
        stm: Colour,
        sq: &Squares,
        marks: &mut Marks,
        walk: Walk,
        mut f: impl FnMut(Move),
        occupied: Option<u64>,
        occ_of: impl Fn(usize) -> O,
    ) {
        let n = self.n();
        let royal = Self::royal(stm);
        let enemy = self.side_mask[stm.opponent().index()] & !(1 << Self::royal(stm.opponent()));
        if walk == Walk::Captures && enemy == 0 {
            return;
        }
        let all = walk != Walk::First;
        let only_captures = walk == Walk::Captures;
        // Whether the royal is attacked in `sq`, `skip` off the board; on the fast path the
        // occupied squares are `occupied` less `empty`, plus `fill` (a move's from and to).
        let attacked = |sq: &Squares, skip: u8, (empty, fill): (u64, u64)| match occupied {
            Some(o) => self.attacked64(gens, stm, sq, skip, o & !empty | fill),
            None => self.attacked(gens, stm, sq, skip),
        };
        // Asked only for a non-royal piece (a lone royal's moves are all checked anyway).
        let mut in_check = None;
        let mut quiet = false;
        let mine = self.side_mask[stm.index()];
        // Lazily, the royal last (its moves all need checking); else in slot order (the
        // order best moves are chosen in among equals).
        let order = if all {
            Bits(mine).chain(None)
        } else {
            Bits(mine & !(1 << royal)).chain(Some(royal))
        };
        for i in order {
            if !all && quiet && enemy == 0 {
                return;
            }
            let from = 1u64.checked_shl(sq[i]).unwrap_or(0);
            let free = i != royal
                && !*in_check.get_or_insert_with(|| attacked(sq, 0, (0, 0)))
                && !attacked(sq, 1 << i, (from, 0));
            let walked = gens[self.slots[i].gen]
                .compiled
                .moves(sq[i], &occ_of(i), marks, |to, capture| {
                    if !capture && (only_captures || (!all && quiet)) {
                        // Once a legal non-capture is known, the counting pass needs only
                        // the captures: none left to find when there is nothing to take.
                        return if enemy == 0 && !only_captures {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        };
                    }
                    let captured = capture.then(|| (0..n).find(|&j| j != i && sq[j] == to)).flatten();
                    let legal = free || {
                        let mut q = *sq;
                        q[i] = to;
                        let to = 1u64.checked_shl(to).unwrap_or(0);
                        !attacked(&q, captured.map_or(0, |j| 1 << j), (from, to))
                    };
                    if legal {
                        quiet |= !capture;
                        f(Move {
                            slot: i,
                            to,
                            captured,
                        });
                    }
                    ControlFlow::Continue(())
                });
            if walked.is_break() {
                return;
            }
        }
    }

    /// The squares after a move.
    pub(crate) fn after(sq: &Squares, m: Move) -> Squares {
        let mut q = *sq;
        q[m.slot] = m.to;
        q
    }

    /// The squares of the subgame after a capture (the captured slot taken out).
    pub(crate) fn without(sq: &Squares, n: usize, captured: usize) -> Squares {
        let mut q = [u32::MAX; 4];
        let mut k = 0;
        for (i, &s) in sq.iter().enumerate().take(n) {
            if i != captured {
                q[k] = s;
                k += 1;
            }
        }
        q
    }
}

/// What the solver needs of the tablebase: the generators, the solved subgames, the rules.
pub(crate) struct Context<'a> {
    pub(crate) gens: &'a [Piece],
    pub(crate) tables: &'a [Table],
    pub(crate) stalemate: Stalemate,
    pub(crate) marks: usize,
    pub(crate) progress: Option<Progress<'a>>,
}

impl Context<'_> {
    /// The value of a move's result for the side that then moves.
    pub(crate) fn after_move(&self, t: &Table, stm: Colour, sq: &Squares, m: Move) -> Rel {
        let q = Table::after(sq, m);
        match m.captured {
            None => t.value(stm.opponent(), &q),
            Some(c) => {
                let sub = &self.tables[t.subs[c]];
                sub.value(stm.opponent(), &Table::without(&q, t.n(), c))
            }
        }
    }

    /// The first state of a position (see the module's documentation): illegal, mated or
    /// stalemated, won or lost through captures, unresolved with its moves counted (a side
    /// with fewer pieces than its opponent, [`Table::early`]) or [`UNCOUNTED`]. Walks the
    /// captures and the first legal non-capture only (see [`Table::moves`]), or every move
    /// when counting.
    fn initial(&self, t: &Table, stm: Colour, sq: &Squares, marks: &mut Marks) -> Result<u16, EndgameError> {
        if t.overlaps(sq) || t.attacked(self.gens, stm.opponent(), sq, 0) {
            return Ok(ILLEGAL);
        }
        if t.n() == 2 {
            // Bare royals: a draw under every rule.
            return Ok(0);
        }
        let early = t.early[stm.index()];
        let walk = if early { Walk::All } else { Walk::First };
        let (mut any, mut win, mut tally) = (false, u32::MAX, Tally::default());
        t.moves(self.gens, stm, sq, marks, walk, |m| {
            any = true;
            let after = m.captured.map(|_| self.after_move(t, stm, sq, m));
            if let Some(Rel::Loss(p)) = after {
                win = win.min(p + 1);
            }
            tally.add(after);
        });
        Ok(if !any {
            if self.stalemate == Stalemate::Loss || t.attacked(self.gens, stm, sq, 0) {
                LOSS
            } else {
                0
            }
        } else if win != u32::MAX {
            WIN | plies(win)?
        } else if tally.open == 0 {
            LOSS | plies(tally.loss)?
        } else if early {
            tally.cell()?
        } else {
            UNCOUNTED
        })
    }

    /// A position's unresolved cell: its moves not refuted at the counting pass (non-captures
    /// and captures into drawn subgames) and [`CAPTURE_LOSS`], with its longest loss through
    /// captures (0: none). O(moves × pieces × steps).
    fn count(
        &self,
        t: &Table,
        stm: Colour,
        sq: &Squares,
        marks: &mut Marks,
    ) -> Result<(u16, u32), EndgameError> {
        let mut tally = Tally::default();
        t.moves(self.gens, stm, sq, marks, Walk::All, |m| {
            tally.add(m.captured.map(|_| self.after_move(t, stm, sq, m)));
        });
        Ok((tally.cell()?, tally.loss))
    }

    /// A position's longest loss through captures (0: none), as [`Context::count`]'s second
    /// half, walking the legal captures only. O(captures × pieces × steps) plus O(pieces)
    /// per piece for its freedom test.
    fn capture_loss(&self, t: &Table, stm: Colour, sq: &Squares, marks: &mut Marks) -> u32 {
        let mut loss = 0u32;
        t.moves(self.gens, stm, sq, marks, Walk::Captures, |m| {
            if let Some(Rel::Win(p)) = m.captured.map(|_| self.after_move(t, stm, sq, m)) {
                loss = loss.max(p + 1);
            }
        });
        loss
    }

    /// Solves `t`, its subgames already solved: the counting pass over chunks of one side to
    /// move and one White royal square (no divisions inside), then one pass a level. Both
    /// walk chunks on every core rayon has. O(P · m) time for P positions and m moves each,
    /// plus a scan of the cells a level.
    pub(crate) fn solve(&self, t: &Table) -> Result<(), EndgameError> {
        let chunk = (t.squares * t.e) as usize;
        let chunks = 2 * t.squares;
        let failed: Mutex<Option<EndgameError>> = Mutex::new(None);
        let fail = |e: EndgameError| {
            *failed.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
        };
        let top = AtomicU32::new(0);
        let done = AtomicU64::new(0);
        t.cells.par_chunks(chunk).enumerate().for_each_init(
            || Marks::new(self.marks),
            |marks, (k, cells)| {
                let stm = Colour::BOTH[k / t.squares as usize];
                let wk = (k % t.squares as usize) as u32;
                let mut cells = cells.iter();
                let mut high = 0u32;
                for bk in 0..t.squares as u32 {
                    let mut seen = 0u64;
                    for &[third, fourth] in &t.decode {
                        let sq = [wk, bk, third, fourth];
                        let cell = cells.next().expect("a chunk holds S·E cells");
                        let c = match self.initial(t, stm, &sq, marks) {
                            Ok(c) => c,
                            Err(e) => return fail(e),
                        };
                        if c != ILLEGAL && c & STATE != 0 {
                            high = high.max(u32::from(c & LOW));
                            seen |= 1u64 << (c & 63);
                        }
                        cell.store(c, Relaxed);
                    }
                    if seen != 0 {
                        t.levels[t.block(stm, &[wk, bk, 0, 0])].fetch_or(seen, Relaxed);
                    }
                }
                raise(&top, high);
                if let Some(p) = self.progress {
                    p("counting moves", done.fetch_add(1, Relaxed) + 1, chunks);
                }
            },
        );
        let mut d = 0u32;
        while d <= top.load(Relaxed) && failed.lock().unwrap_or_else(PoisonError::into_inner).is_none() {
            if d >= MAX_PLIES {
                return Err(EndgameError::TooLong(MAX_PLIES));
            }
            // d < MAX_PLIES: fits the low bits.
            let (won, lost) = (WIN | d as u16, LOSS | d as u16);
            let bit = 1u64 << (d & 63);
            let (squares, e) = (t.squares as usize, t.e as usize);
            let level_done = AtomicU64::new(0);
            (0..chunks as usize).into_par_iter().for_each_init(
                || (Marks::new(self.marks), Vec::new()),
                |(marks, scratch), k| {
                    // One side to move and one royal square, the other royal's squares
                    // inner; rows of `e` cells (no divisions per cell). White to move: the
                    // White royal outer (Black's predecessors stay in its half-chunk); Black
                    // to move: the Black royal outer, so that the White royal's unmoves (the
                    // largest stride) land in the same `S` rows of the other half while it
                    // sweeps, instead of eight chunks per White royal square.
                    let stm = Colour::BOTH[k / squares];
                    let outer = (k % squares) as u32;
                    for inner in 0..squares as u32 {
                        let (wk, bk) = match stm {
                            Colour::White => (outer, inner),
                            Colour::Black => (inner, outer),
                        };
                        let start = t.row(stm, wk, bk);
                        if t.levels[t.block(stm, &[wk, bk, 0, 0])].load(Relaxed) & bit == 0 {
                            continue;
                        }
                        let row = &t.cells[start..start + e];
                        for (cell, &[third, fourth]) in row.iter().zip(&t.decode) {
                            let c = cell.load(Relaxed);
                            if c != won && c != lost {
                                continue;
                            }
                            let sq = [wk, bk, third, fourth];
                            if let Err(e) = self.back(t, stm, &sq, c == lost, d, marks, scratch, &top) {
                                return fail(e);
                            }
                        }
                    }
                    // Told a chunk at a time (levels by chunks): a caller's deadline is
                    // heard within a level's pass, not only between levels.
                    if let Some(p) = self.progress {
                        let done = u64::from(d) * chunks + level_done.fetch_add(1, Relaxed) + 1;
                        p(
                            "resolving positions",
                            done,
                            (u64::from(top.load(Relaxed)) + 1) * chunks,
                        );
                    }
                },
            );
            d += 1;
        }
        match failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `f(from)` for every square slot `i`'s piece could have moved from to stand where it
    /// stands (non-captures; `occupied`: every piece's square on the fast path). O(squares
    /// walked).
    #[inline]
    fn unmoves(
        &self,
        t: &Table,
        sq: &Squares,
        i: usize,
        occupied: u64,
        marks: &mut Marks,
        f: impl FnMut(u32),
    ) {
        let piece = &self.gens[t.slots[i].gen].compiled;
        if t.bits {
            let occ = Board64 {
                occupied: occupied & !(1u64 << sq[i]),
                enemy: 0,
            };
            piece.unmoves(sq[i], &occ, marks, f);
        } else {
            let occ = Occ {
                sq,
                n: t.n(),
                skip: 1 << i,
                enemy: 0,
            };
            piece.unmoves(sq[i], &occ, marks, f);
        }
    }

    /// Walks one position resolved at `d` plies back to its predecessors (see the module's
    /// documentation); a predecessor of a win still [`UNCOUNTED`] has its moves counted
    /// first. O(unmoves × pieces), plus O(moves × pieces × steps) per predecessor counted or
    /// lost.
    #[expect(clippy::too_many_arguments, reason = "the pass's shared state, passed down")]
    fn back(
        &self,
        t: &Table,
        stm: Colour,
        sq: &Squares,
        lost: bool,
        d: u32,
        marks: &mut Marks,
        fresh: &mut Vec<u32>,
        top: &AtomicU32,
    ) -> Result<(), EndgameError> {
        let mover = stm.opponent();
        let next = d + 1;
        let next16 = plies(next)?;
        let occupied = if t.bits { t.occupied64(sq, 0) } else { 0 };
        for i in Bits(t.side_mask[mover.index()]) {
            // The predecessors' indices: this position's, moved by the slot's stride (one
            // multiplication a predecessor), or computed whole for identical pieces.
            let (here, stride) = (t.index(mover, sq), t.strides[i]);
            let at = |p: &Squares| {
                if stride == 0 {
                    t.index(mover, p)
                } else {
                    here.wrapping_add((p[i] as usize).wrapping_sub(sq[i] as usize).wrapping_mul(stride))
                }
            };
            if lost {
                // Each predecessor won at `next` unless won at once already (a shorter
                // capture win stays), as the unmoves come.
                self.unmoves(t, sq, i, occupied, marks, |from| {
                    let mut p = *sq;
                    p[i] = from;
                    let cell = &t.cells[at(&p)];
                    let mut cur = cell.load(Relaxed);
                    while (cur & STATE == 0 && cur != 0) || (cur & STATE == WIN && cur & LOW > next16) {
                        match cell.compare_exchange_weak(cur, WIN | next16, Relaxed, Relaxed) {
                            Ok(_) => {
                                raise(top, next);
                                t.note(t.block(mover, &p), next16);
                                break;
                            }
                            Err(now) => cur = now,
                        }
                    }
                });
                continue;
            }
            // Counting a predecessor walks moves with `marks`: the unmoves gathered first.
            fresh.clear();
            self.unmoves(t, sq, i, occupied, marks, |from| fresh.push(from));
            for &from in fresh.iter() {
                let mut p = *sq;
                p[i] = from;
                let cell = &t.cells[at(&p)];
                let mut cur = cell.load(Relaxed);
                // The predecessor's count and capture loss, once computed.
                let mut counted: Option<(u16, u32)> = None;
                while cur & STATE == 0 && cur != 0 {
                    let left = if cur == UNCOUNTED {
                        if counted.is_none() {
                            counted = Some(self.count(t, mover, &p, marks)?);
                        }
                        counted.map_or(0, |c| c.0)
                    } else {
                        cur
                    };
                    let new = if left & OPEN > 1 {
                        left - 1
                    } else {
                        // The longest capture loss: from this call's count, none without
                        // the flag, or walking the captures alone.
                        let longest = match counted {
                            Some((_, known)) => known,
                            None if left & CAPTURE_LOSS == 0 => 0,
                            None => self.capture_loss(t, mover, &p, marks),
                        };
                        LOSS | plies(next.max(longest))?
                    };
                    match cell.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
                        Ok(_) => {
                            if new & STATE != 0 {
                                raise(top, u32::from(new & LOW));
                                t.note(t.block(mover, &p), new & LOW);
                            }
                            break;
                        }
                        Err(now) => cur = now,
                    }
                }
            }
        }
        Ok(())
    }
}

/// A position's legal moves as the counting pass sees them, one at a time: the value each
/// leaves the opponent (`None`: a non-capture).
#[derive(Default)]
struct Tally {
    /// Moves not refuted yet: non-captures and captures into drawn subgames.
    open: u32,
    /// The longest loss through a capture (0: none).
    loss: u32,
}

impl Tally {
    #[inline]
    fn add(&mut self, after: Option<Rel>) {
        match after {
            None | Some(Rel::Draw) => self.open += 1,
            Some(Rel::Win(p)) => self.loss = self.loss.max(p + 1),
            Some(Rel::Loss(_) | Rel::Illegal) => {}
        }
    }

    /// The unresolved cell: the open moves and [`CAPTURE_LOSS`] when a capture loses.
    fn cell(&self) -> Result<u16, EndgameError> {
        let open = u16::try_from(self.open)
            .ok()
            .filter(|&c| c < UNCOUNTED)
            .ok_or(EndgameError::TooManyMoves(u32::from(UNCOUNTED) - 1))?;
        Ok(if self.loss > 0 { open | CAPTURE_LOSS } else { open })
    }
}

/// Plies as a cell's low bits.
fn plies(p: u32) -> Result<u16, EndgameError> {
    u16::try_from(p)
        .ok()
        .filter(|&p| u32::from(p) <= MAX_PLIES)
        .ok_or(EndgameError::TooLong(MAX_PLIES))
}
