//! Distance maps of a leaper on an empty bounded board.
//!
//! Plain breadth-first search over a grid padded by the leap's reach, so a step is one index
//! addition and the padding stops it at the edge: O(squares · steps) with no bounds checks.
//! 1000×1000 for a knight takes a few milliseconds.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "leaper tables cover boards of at most 2^32 squares; steps are at most 2^20"
)]
use crate::geometry::{Coord, Rect, Square};
use crate::piece::Step;

/// Fewest leaps from a square to every square of an empty board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaperDistances {
    rect: Rect,
    /// Per square index; `u32::MAX` where unreachable.
    dist: Vec<u32>,
}

impl LeaperDistances {
    /// Distances of a leaper with `steps` (range-1 steps only; others are ignored) from `from`.
    #[must_use]
    #[expect(
        clippy::many_single_char_names,
        reason = "the closed form's variables as in the formula (a, b, x, y, d)"
    )]
    pub fn new(rect: Rect, steps: &[Step], from: Coord) -> Self {
        let (w, h) = (rect.width() as usize, rect.height() as usize);
        let pad = steps
            .iter()
            .filter(|s| !s.rides())
            .map(|s| s.delta.dx.unsigned_abs().max(s.delta.dy.unsigned_abs()) as usize)
            .max()
            .unwrap_or(0);
        let pw = w + 2 * pad;
        let ph = h + 2 * pad;
        let moves: Vec<isize> = steps
            .iter()
            .filter(|s| !s.rides() && s.can_move)
            .map(|s| s.delta.dy as isize * pw as isize + s.delta.dx as isize)
            .collect();
        // 0 = border, u32::MAX = unvisited board square.
        let mut grid = vec![0u32; pw * ph];
        for r in 0..h {
            grid[(r + pad) * pw + pad..(r + pad) * pw + pad + w].fill(u32::MAX);
        }
        let mut queue: Vec<u32> = Vec::with_capacity(w * h);
        if let Some(s) = rect.square(from) {
            let (c, r) = (s.index() % w, s.index() / w);
            let i = (r + pad) * pw + c + pad;
            grid[i] = 1;
            queue.push(i as u32);
        }
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let d = grid[i] + 1;
            for &m in &moves {
                let j = (i as isize + m) as usize;
                if grid[j] == u32::MAX {
                    grid[j] = d;
                    queue.push(j as u32);
                }
            }
        }
        let mut dist = Vec::with_capacity(w * h);
        for r in 0..h {
            dist.extend(
                grid[(r + pad) * pw + pad..(r + pad) * pw + pad + w]
                    .iter()
                    .map(|&g| if g == u32::MAX { u32::MAX } else { g - 1 }),
            );
        }
        Self { rect, dist }
    }

    /// The board.
    #[must_use]
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Fewest leaps to `s`, `None` when unreachable.
    #[inline]
    #[must_use]
    pub fn get(&self, s: Square) -> Option<u32> {
        let d = self.dist[s.index()];
        (d != u32::MAX).then_some(d)
    }

    /// Fewest leaps to `c`, `None` off the board or unreachable.
    #[must_use]
    pub fn at(&self, c: Coord) -> Option<u32> {
        self.rect.square(c).and_then(|s| self.get(s))
    }
}

/// Fewest knight moves between two squares `(dx, dy)` apart on an unbounded board. O(1).
///
/// With `x >= y >= 0` the components: 3 for (1,0), 4 for (2,2); otherwise, for `d = x - y`,
/// `d - 2·⌊(d - y)/3⌋` when `y > d` and `d - 2·⌊(d - y)/4⌋` else (floor division). On a bounded
/// board edges can only lengthen routes; the duel uses this only where tests show they do not.
#[must_use]
#[expect(
    clippy::many_single_char_names,
    reason = "the closed form's variables as in the formula (a, b, x, y, d)"
)]
pub fn knight_distance(dx: i64, dy: i64) -> u64 {
    let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
    let (x, y) = (i128::from(a.max(b)), i128::from(a.min(b)));
    if (x, y) == (1, 0) {
        return 3;
    }
    if (x, y) == (2, 2) {
        return 4;
    }
    let d = x - y;
    let r = if y > d {
        d - 2 * (d - y).div_euclid(3)
    } else {
        d - 2 * (d - y).div_euclid(4)
    };
    r as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attack::Position;
    use crate::geometry::Board;
    use crate::path::{Router, Scratch};
    use crate::piece::{Colour, Rule};
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_bfs_on_a_wide_board() {
        let rect = Rect::new(61, 61).expect("size");
        let steps = "N".parse::<Rule>().expect("knight").steps(Colour::White);
        let centre = Coord::new(31, 31);
        let bfs = LeaperDistances::new(rect, &steps, centre);
        // Within 14 files/ranks of the centre no route needs to pass the edge.
        for s in rect.squares() {
            let c = rect.coord(s);
            if (c.file - 31).abs() <= 14 && (c.rank - 31).abs() <= 14 {
                let want = u64::from(bfs.get(s).expect("reachable"));
                assert_eq!(knight_distance(c.file - 31, c.rank - 31), want, "{c}");
            }
        }
        assert_eq!(knight_distance(0, 0), 0);
        assert_eq!(knight_distance(1, 2), 1);
        assert_eq!(knight_distance(-1, 0), 3);
        assert_eq!(knight_distance(0, 1000), 500);
    }

    proptest! {
        #[test]
        fn matches_the_router(w in 1u64..12, h in 1u64..12, fx in 1i64..12, fy in 1i64..12, rule in prop_oneof![Just("N"), Just("K"), Just("fsN"), Just("DA"), Just("(3,1)")]) {
            let rect = Rect::new(w, h).expect("size");
            let from = Coord::new(fx, fy);
            prop_assume!(rect.contains(from));
            let rule: Rule = rule.parse().expect("rule");
            let fast = LeaperDistances::new(rect, &rule.steps(Colour::White), from);
            let pos = Position::new(Board::Rect(rect), vec![], vec![]).expect("empty");
            let slow = Router::new(&pos, &rule, Colour::White, &[])
                .expect("router")
                .distances(&mut Scratch::default(), from)
                .expect("map");
            for s in rect.squares() {
                prop_assert_eq!(fast.get(s), slow.distance[s.index()]);
            }
        }
    }
}
