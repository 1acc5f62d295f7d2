//! WHERE: coordinates, offsets, boards and square sets.
//!
//! Coordinates are 1-based as people write them: `a1` is `(1, 1)`, file first, and both
//! components are `i64` so that unbounded strips can use any file. A bounded [`Rect`] maps its
//! coordinates to dense [`Square`] indices (`0..width*height`), the index every flat array and
//! [`SquareSet`] of that board uses.

mod board;
mod coord;
mod grid;
mod rect;
mod square_set;
mod strip;

pub use board::{Board, BoardParseError};
pub use coord::{Coord, CoordParseError, Delta};
pub use grid::{EdgeGrid, GridError, DIRECTIONS};
pub use rect::{Line, LineSquares, Rect, RectError, Square, Wrap, WrapParseError};
pub use square_set::SquareSet;
pub use strip::{Strip, StripError};

/// `n` and the noun that agrees with it: `counted(1, "move", "moves")` is `1 move`, any other
/// count takes `many` (`0 moves`, `2 plies`). O(digits).
#[must_use]
pub fn counted(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// `a` or `an` before `text` read aloud: `an 8x8`, `an 11x11`, `an 18x5`, `an infx8`, `a 12x10`.
/// O(length).
#[must_use]
pub fn article(text: &str) -> &'static str {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let vowel_sound = if digits.is_empty() {
        text.starts_with(|c: char| "aeiouAEIOU".contains(c))
    } else {
        // eight…, eighty…, eleven, eighteen (also as thousands: 11000, 18000000)
        digits.starts_with('8')
            || (digits.len() % 3 == 2 && (digits.starts_with("11") || digits.starts_with("18")))
    };
    if vowel_sound {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts() {
        assert_eq!(super::counted(1, "move", "moves"), "1 move");
        assert_eq!(super::counted(0_u64, "move", "moves"), "0 moves");
        assert_eq!(super::counted(2_usize, "ply", "plies"), "2 plies");
        assert_eq!(super::counted(11, "ply", "plies"), "11 plies");
    }

    #[test]
    fn articles() {
        for (text, a) in [
            ("8x8", "an"),
            ("11x11", "an"),
            ("18x5", "an"),
            ("80x2", "an"),
            ("11000x1", "an"),
            ("infx8", "an"),
            ("12x10", "a"),
            ("110x3", "a"),
            ("1x1", "a"),
            ("100x100", "a"),
            ("board", "a"),
        ] {
            assert_eq!(super::article(text), a, "{text}");
        }
    }
}
