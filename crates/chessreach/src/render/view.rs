//! The one drawing policy: which window of a board a picture shows.

use thiserror::Error;

use super::View;
use crate::attack::Position;
use crate::geometry::{Board, Coord, Rect};

/// The most files or ranks a picture draws: larger boards are drawn through a window or
/// summarised.
pub const DRAW_LIMIT: u32 = 200;

/// The most files a strip picture shows around its pieces without a window asked for.
pub const STRIP_SPAN: u64 = 120;

/// The files and ranks asked for (`None`: the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// Files `lo..=hi`.
    pub files: Option<(i64, i64)>,
    /// Ranks `lo..=hi` (bounded boards).
    pub ranks: Option<(i64, i64)>,
}

/// Why a picture cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The window asked for lies off the board.
    #[error("the window --files/--ranks misses the {0} board")]
    Misses(Rect),
    /// More than [`DRAW_LIMIT`] files or ranks.
    #[error(
        "{an} {rect} board is too large to draw (at most {DRAW_LIMIT}x{DRAW_LIMIT}); choose a window with \
         --files LO..HI --ranks LO..HI, or use --format json",
        an = crate::geometry::article(&.0.to_string()),
        rect = .0
    )]
    TooLarge(Rect),
    /// A diagram too large to draw.
    #[error(
        "a {width}x{height} diagram is too large to draw (at most {DRAW_LIMIT} squares a side, the rule's picture twice the diagram); use --format text or json"
    )]
    DiagramTooLarge {
        /// Squares per row.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Strip pieces spread over more than [`STRIP_SPAN`] files.
    #[error("the pieces span files {0} to {1}, too wide to draw; choose a window with --files LO..HI")]
    TooWide(i64, i64),
}

/// The window to draw: on a bounded board the whole board or the window asked for (at most
/// [`DRAW_LIMIT`] files and ranks), on a strip `window.files` or the files of the pieces and
/// `extra` squares with two more each side. O(pieces).
///
/// # Errors
///
/// [`ViewError`] when the window misses the board or is too large to draw.
pub fn view_of(pos: &Position, window: Window, extra: &[Coord]) -> Result<View, ViewError> {
    match pos.board() {
        Board::Rect(r) => {
            let clamp = |want: Option<(i64, i64)>, n: u32| {
                let (lo, hi) = want.unwrap_or((1, i64::from(n)));
                (lo.max(1), hi.min(i64::from(n)))
            };
            let (f, rk) = (clamp(window.files, r.width()), clamp(window.ranks, r.height()));
            if f.0 > f.1 || rk.0 > rk.1 {
                return Err(ViewError::Misses(r));
            }
            let limit = i64::from(DRAW_LIMIT);
            if f.1 - f.0 >= limit || rk.1 - rk.0 >= limit {
                return Err(ViewError::TooLarge(r));
            }
            Ok(View {
                files: f.0..=f.1,
                ranks: rk.0..=rk.1,
                wrap: r.wrap(),
                axes: super::Axes::of(Board::Rect(r)),
            })
        }
        Board::Strip(s) => {
            let (lo, hi) = if let Some(f) = window.files {
                f
            } else {
                let fs = pos
                    .pieces()
                    .iter()
                    .map(|p| p.at.file)
                    .chain(extra.iter().map(|c| c.file));
                let (lo, hi) = fs.fold((i64::MAX, i64::MIN), |(l, h), f| (l.min(f), h.max(f)));
                if lo > hi {
                    (1, 8)
                } else if hi.abs_diff(lo) > STRIP_SPAN {
                    return Err(ViewError::TooWide(lo, hi));
                } else {
                    (lo.saturating_sub(2), hi.saturating_add(2))
                }
            };
            Ok(View {
                files: lo..=hi,
                ranks: 1..=i64::from(s.ranks()),
                wrap: crate::geometry::Wrap::None,
                axes: super::Axes::Numeric,
            })
        }
    }
}

/// The width in characters of [`text`](super::text)'s diagram of `view`: the rank labels, a
/// space, and two characters a file. O(1).
#[must_use]
pub fn text_width(view: &View) -> u64 {
    let label = |r: i64| super::digits(view.rank_label(r));
    let rank_w = label(*view.ranks.start()).max(label(*view.ranks.end()));
    rank_w + 1 + 2 * view.width()
}

/// `view` narrowed to files that fit a text diagram in `columns` characters (at least one
/// file), centred on the files of `focus` (the pieces, a route's ends: what the picture is
/// about) and kept inside `view`; `None` when the whole view fits. O(focus).
#[must_use]
pub fn fit_columns(view: &View, columns: u64, focus: &[Coord]) -> Option<View> {
    if text_width(view) <= columns {
        return None;
    }
    let label_w = text_width(view) - 2 * view.width();
    let fit = i64::try_from((columns.saturating_sub(label_w) / 2).max(1)).unwrap_or(1);
    let (lo, hi) = (*view.files.start(), *view.files.end());
    let inside = focus.iter().map(|c| c.file.clamp(lo, hi));
    let (a, b) = inside.fold((hi, lo), |(a, b), f| (a.min(f), b.max(f)));
    let centre = if a > b { lo } else { a + (b - a) / 2 };
    let start = (centre - (fit - 1) / 2).clamp(lo, hi - fit + 1);
    Some(View {
        files: start..=start + fit - 1,
        ..view.clone()
    })
}

/// A picture's title naming the variant the position comes from, if any:
/// `Attacks on a 9x10 board in xiangqi`.
#[must_use]
pub fn of_variant(what: &str, variant: Option<&str>) -> String {
    match variant {
        Some(name) => format!("{what} in {name}"),
        None => what.to_owned(),
    }
}

/// A picture's title with the window it shows: on a strip, which files of the unbounded board
/// are drawn and that it goes on both ways.
#[must_use]
pub fn titled(what: &str, pos: &Position, view: &crate::render::View) -> String {
    match pos.board() {
        Board::Rect(r)
            if view.width() < u64::from(r.width())
                || view.ranks.end() - view.ranks.start() + 1 < i64::from(r.height()) =>
        {
            format!(
                "{what} (a window of the {r} board: files {} to {}, ranks {} to {})",
                view.files.start(),
                view.files.end(),
                view.ranks.start(),
                view.ranks.end()
            )
        }
        Board::Rect(r) if !r.wrap().is_flat() => format!("{what} (on a {})", r.wrap().shape_name()),
        Board::Rect(_) => what.to_owned(),
        Board::Strip(_) => format!(
            "{what} (files {} to {} of a strip unbounded both ways: ◀ more files ▶)",
            view.files.start(),
            view.files.end()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Wrap;
    use proptest::prelude::*;

    proptest! {
        /// A fitted diagram, drawn, is at most `columns` wide (when one file fits), lies inside
        /// the view, and shows the focus when the focus fits: measured on the drawn text.
        #[test]
        fn fitted_diagrams_fit(
            lo in -300_i64..300,
            width in 1_i64..250,
            ranks in 1_i64..120,
            columns in 8_u64..400,
            focus in proptest::collection::vec(0_i64..250, 0..3),
        ) {
            let view = View {
                files: lo..=lo + width - 1,
                ranks: 1..=ranks,
                wrap: Wrap::None,
                axes: crate::render::Axes::Numeric,
            };
            let focus: Vec<Coord> = focus.iter().map(|&f| Coord::new(lo + f % width, 1)).collect();
            let drawn_width = |v: &View| {
                let text = crate::render::text(v, |_| crate::render::Cell::default());
                text.lines().take(usize::try_from(ranks).expect("ranks")).map(|l| l.chars().count()).max().unwrap_or(0)
            };
            let whole = u64::try_from(drawn_width(&view)).expect("width");
            match fit_columns(&view, columns, &focus) {
                None => prop_assert!(whole <= columns),
                Some(fitted) => {
                    prop_assert!(whole > columns);
                    prop_assert!(fitted.files.start() >= view.files.start());
                    prop_assert!(fitted.files.end() <= view.files.end());
                    prop_assert_eq!(&fitted.ranks, &view.ranks);
                    let got = u64::try_from(drawn_width(&fitted)).expect("width");
                    // One file always shows, however narrow the terminal.
                    prop_assert!(got <= columns || fitted.width() == 1, "{got} > {columns}");
                    // One more file would not have fitted.
                    prop_assert!(got + 2 > columns);
                    let (a, b) = focus.iter().fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.file), b.max(c.file)));
                    if a <= b && i64::try_from(fitted.width()).expect("width") > b - a {
                        prop_assert!(fitted.files.contains(&a) && fitted.files.contains(&b));
                    }
                }
            }
        }
    }
}
