//! How far a strip question's moves reach: the pieces' and the mover's spans and the period of
//! their unlimited horizontal rides ([`Spans`], see `span`'s module docs), and the files that
//! stay explicit around the pieces. Shared by the window search (`span`) and the crossing
//! engine (`cross`), which both reason from them.

use crate::attack::Position;
use crate::geometry::Strip;
use crate::piece::{Colour, Motion, Step};

/// What the window and the shrink need to know of the pieces and the mover (`span`'s module docs).
pub(super) struct Spans {
    /// The margin `W` of files the window's exactness proof needs beyond the files that matter.
    pub(super) margin: u128,
    /// The finite reach to add to the pieces' files.
    pub(super) reach: i64,
    /// The period `P` of the free ranks where no finite attack lands.
    pub(super) period: u128,
    /// The most files a move of the mover spans, other than an unlimited horizontal ride.
    pub(super) mover: i64,
    /// Whether the mover hops.
    pub(super) hops: bool,
}

/// The [`Spans`] of a question (see `span`'s module docs). `None` when they overflow.
/// O(steps of the mover and the pieces).
pub(super) fn margin(pos: &Position, strip: Strip, mover: &[Step], colour: Colour) -> Option<Spans> {
    let ranks = i64::from(strip.ranks());
    // Files a step spans at most, `None` for an unlimited horizontal ride or a horizontal hop.
    let span = |s: &Step| -> Option<i64> {
        let (dx, dy) = (s.delta.dx.abs(), s.delta.dy.abs());
        // Leaps along the line (`None`: unlimited; a hopper's slide to its screen is).
        let limit = s.motion.leaps().map(i64::from);
        if dy == 0 {
            return limit.map(|l| dx.saturating_mul(l));
        }
        let most = (ranks - 1) / dy;
        Some(dx.saturating_mul(limit.map_or(most, |l| most.min(l))))
    };
    // A hopper's range beyond its screen, when limited: it lands near the screen, a piece.
    let hop_range = |s: &Step| match s.motion {
        Motion::Hop { range, .. } if range != 0 => Some(i64::from(range)),
        Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } | Motion::Path { .. } => None,
    };
    let lcm = |a: u128, b: u128| -> Option<u128> {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        (a / x).checked_mul(b)
    };
    let mut period = 1u128;
    let mut reach = 0i64;
    for (i, p) in pos.pieces().iter().enumerate() {
        if p.colour == colour {
            continue;
        }
        for s in pos.steps_of(i).iter().filter(|s| s.can_capture) {
            let dx = s.delta.dx.unsigned_abs();
            match (span(s), hop_range(s)) {
                (Some(b), _) => reach = reach.max(b),
                // A horizontal hop with a limited range lands near its screen, a piece.
                (None, Some(range)) => reach = reach.max(s.delta.dx.abs().saturating_mul(range)),
                (None, None) => period = lcm(period, u128::from(dx))?,
            }
        }
    }
    let (mut bounded, mut ride, mut hop) = (0i64, false, false);
    for s in mover {
        if let Some(b) = span(s) {
            bounded = bounded.max(b);
            continue;
        }
        if s.delta.dx != 0 {
            period = lcm(period, u128::from(s.delta.dx.unsigned_abs()))?;
        }
        if s.hops() {
            hop = true;
            if let Some(range) = hop_range(s) {
                reach = reach.max(s.delta.dx.abs().saturating_mul(range));
            }
        } else {
            ride = true;
        }
    }
    let kinds = u128::from(ride) + u128::from(hop);
    let span = u128::try_from(bounded).ok()?;
    let n = u128::from(strip.ranks()).checked_mul(span.checked_add(kinds.checked_mul(period)?)?)?;
    let w = period.checked_mul(n.checked_mul(n)?.checked_add(1)?)?;
    Some(Spans {
        margin: w,
        reach,
        period,
        mover: bounded,
        hops: hop,
    })
}

/// The files that stay explicit: every piece's file with its finite `reach` either side, and
/// the files in `ends`, merged into sorted disjoint intervals. O(p log p).
pub(super) fn explicit_files(pos: &Position, reach: i64, ends: &[i64]) -> Vec<(i64, i64)> {
    let mut zones: Vec<(i64, i64)> = pos
        .pieces()
        .iter()
        .map(|p| (p.at.file.saturating_sub(reach), p.at.file.saturating_add(reach)))
        .chain(ends.iter().map(|&f| (f, f)))
        .collect();
    zones.sort_unstable();
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(zones.len());
    for (lo, hi) in zones {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}
