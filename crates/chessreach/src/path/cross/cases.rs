//! The tests' cases: random groups of pieces repeated along a strip, and their engines.

use super::{engine, Engine, RowPolicy, Tuning};
use crate::attack::Position;
use crate::geometry::{Coord, Strip};
use crate::limits::Budget;
use crate::path::question::{Question, Target};
use crate::path::Capturable;
use crate::piece::Colour;

/// One group of pieces (knights, kings, rooks) repeated 30 times on 3 to 5 ranks, a mover
/// with ghosts, rides or leaps (by `case`), start and target beyond the groups.
pub(super) fn repeated_groups(case: usize, next: &mut impl FnMut(u64) -> u64) -> (Position, Strip, Question) {
    groups_apart(case, next, 60, 40, 30)
}

/// [`repeated_groups`] with the groups `least + next(spread)` files apart.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    reason = "the cases' random numbers are small"
)]
pub(super) fn groups_apart(
    case: usize,
    next: &mut impl FnMut(u64) -> u64,
    least: i64,
    spread: u64,
    groups: usize,
) -> (Position, Strip, Question) {
    use crate::attack::{Kind as PieceKind, Placed};
    use crate::geometry::Board;
    use crate::path::Mover;
    let ranks = 3 + next(3);
    let strip = Strip::new(ranks).expect("ranks");
    let kinds = vec![
        PieceKind::new('N', "N".parse().expect("knight")),
        PieceKind::new('K', "K".parse().expect("king")),
        PieceKind::new('R', "R".parse().expect("rook")),
    ];
    let group: Vec<(usize, i64, i64)> = (0..=next(3))
        .map(|_| (next(3) as usize, next(6) as i64, 1 + next(ranks) as i64))
        .collect();
    let mut pieces: Vec<Placed> = Vec::new();
    let mut at = 0;
    for _ in 0..groups {
        at += least + next(spread) as i64;
        for &(kind, f, r) in &group {
            let c = Coord::new(at + f, r);
            if pieces.iter().all(|p| p.at != c) {
                pieces.push(Placed {
                    kind,
                    colour: Colour::Black,
                    at: c,
                });
            }
        }
    }
    let pos = Position::new(Board::Strip(strip), kinds, pieces).expect("position");
    let mover = ["Q", "N", "NN", "WnA", "B", "FD"][case % 6];
    let q = Question {
        mover: Mover {
            rule: mover.parse().expect("mover"),
            colour: Colour::White,
            at: Coord::new(-5, 1 + next(ranks) as i64),
            by_square: None,
        },
        target: Target::Square(Coord::new(at + 90, 1 + next(ranks) as i64)),
        may_capture: Capturable::Nothing,
    };
    (pos, strip, q)
}

/// The crossing engines (by rows always, chain steps on) of `cases` cases of
/// [`groups_apart`], the first half 60 to 99 files apart, the others 12 to 41, each
/// position as `edit` makes it; cases the engine declines are left out.
pub(super) fn engines_apart(
    seed: u64,
    cases: usize,
    edit: impl Fn(usize, Position) -> Position,
) -> Vec<(usize, Question, Engine)> {
    let mut next = numbers(seed);
    (0..cases)
        .filter_map(|case| {
            let (least, spread) = if 2 * case < cases { (60, 40) } else { (12, 30) };
            let (pos, strip, q) = groups_apart(case, &mut next, least, spread, 30);
            let pos = edit(case, pos);
            let Some(Ok(engine)) = engine(&pos, strip, &q, Budget::new(1 << 30), tuning(RowPolicy::Always))
            else {
                return None;
            };
            Some((case, q, engine))
        })
        .collect()
}

/// The tests' tuning: zones by rows as `rows` says, chain steps made ahead from 200 zones left
/// (the cases are a few hundred zones long), the rest as by default.
pub(super) fn tuning(rows: RowPolicy) -> Tuning {
    Tuning {
        rows,
        ahead_least: 200,
        ..Tuning::default()
    }
}

/// A small random number generator for the tests (xorshift), `next(m)` below `m`.
pub(super) fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    }
}
