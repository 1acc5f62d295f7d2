//! Movement rule from an attack diagram (weird chess).
//!
//! A diagram marks every square: a piece (`o`), an empty square some piece attacks (`x`), an
//! empty square none attacks (`.`). All pieces share one unknown rule, a set of offsets; a piece
//! attacks `p + d` for every offset `d` of the rule that lands on an empty square (pieces jump).
//!
//! The largest consistent rule allows every offset that sends no piece onto a safe square: the
//! forbidden offsets are the OR-correlation of the piece mask with the safe mask. That rule
//! explains the diagram iff it reaches every `x` (the OR-convolution of the piece mask with the
//! rule); if it does not, no rule can, since every rule that avoids the safe squares is a
//! subset of it. Both products run as word-parallel bitsets or as a 2D FFT, whichever is
//! cheaper ([`correlate`]): O(min(k) · n²/64) or O(n² log n) for an n×n board.
//!
//! ```
//! use chessreach::infer::{infer, Diagram};
//!
//! let d: Diagram = "..x..\n..x..\nxxoxx\n..x..\n..x..".parse()?;
//! let found = infer(&d);
//! assert!(found.unexplained.is_empty());
//! assert_eq!(found.simplest_name().as_deref(), Some("R"));
//! # Ok::<(), chessreach::infer::DiagramError>(())
//! ```

pub mod correlate;
mod grid;
mod name;
mod offsets;

pub use correlate::Engine;
pub use grid::BitGrid;
pub use offsets::OffsetSet;

use crate::limits::{Budget, Progress, Ticks, TooLarge};
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What a diagram says about one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A piece stands here (`o`).
    Piece,
    /// Empty, and attacked (`x`).
    Attacked,
    /// Empty, and not attacked (`.`).
    Safe,
}

impl Mark {
    /// The diagram character.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Self::Piece => 'o',
            Self::Attacked => 'x',
            Self::Safe => '.',
        }
    }

    /// The mark of a diagram character.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'o' => Some(Self::Piece),
            'x' => Some(Self::Attacked),
            '.' => Some(Self::Safe),
            _ => None,
        }
    }
}

/// A checked attack diagram: `height` rows (row 0 at the top) of `width` marks, with at least
/// one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    width: usize,
    height: usize,
    marks: Vec<Mark>,
}

/// Why rows of marks are not a diagram.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// No rows, or an empty row.
    #[error("the diagram is empty")]
    Empty,
    /// A row of another length than the first.
    #[error("row {row} has {len} squares, but row 1 has {width}: a diagram is a rectangle")]
    Ragged {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        width: usize,
    },
    /// A character other than `o x .`.
    #[error("row {row}, column {column}: expected `o`, `x` or `.`, found `{found}`")]
    BadMark {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// Not a single piece: nothing could attack.
    #[error("the diagram has no piece (`o`)")]
    NoPiece,
}

impl Diagram {
    /// A diagram from rows of marks.
    ///
    /// # Errors
    ///
    /// [`DiagramError`] for ragged rows or a diagram without a piece.
    pub fn from_rows(rows: Vec<Vec<Mark>>) -> Result<Self, DiagramError> {
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err(DiagramError::Empty);
        }
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(DiagramError::Ragged {
                row: i + 1,
                len: r.len(),
                width,
            });
        }
        let height = rows.len();
        let marks: Vec<Mark> = rows.into_iter().flatten().collect();
        if !marks.contains(&Mark::Piece) {
            return Err(DiagramError::NoPiece);
        }
        Ok(Self { width, height, marks })
    }

    /// Squares per row.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The mark at row `r` (from the top), column `c`.
    #[must_use]
    pub fn mark(&self, r: usize, c: usize) -> Mark {
        self.marks[r * self.width + c]
    }

    fn grid(&self, m: Mark) -> BitGrid {
        let mut g = BitGrid::new(self.height, self.width);
        for (i, _) in self.marks.iter().enumerate().filter(|(_, &x)| x == m) {
            g.set(i / self.width, i % self.width);
        }
        g
    }
}

impl FromStr for Diagram {
    type Err = DiagramError;

    /// Rows of `o x .`, one per line; blank lines and surrounding spaces are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let rows = s
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
            .map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .map(|(c, ch)| {
                        Mark::from_char(ch).ok_or(DiagramError::BadMark {
                            row: r + 1,
                            column: c + 1,
                            found: ch,
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_rows(rows)
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.marks.chunks(self.width) {
            let line: String = row.iter().map(|m| m.char()).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// What inference found: the largest rule that sends no piece onto a safe square, the
/// offsets of it that some piece can use on this board, and the attacked squares it still
/// cannot explain (row, column from the top left), in order. The diagram is consistent exactly
/// when nothing is unexplained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// The largest consistent rule.
    pub offsets: OffsetSet,
    /// The offsets of `offsets` that land on the board from some piece: any rule between these
    /// and `offsets` draws the same diagram.
    pub usable: OffsetSet,
    /// `x` squares no piece reaches with it, sorted by row then column (binary-searchable).
    pub unexplained: Vec<(usize, usize)>,
    /// The pieces and attacked squares, kept when the diagram is small enough to search names
    /// for ([`name::SEARCH_WORK`]).
    marks: Option<name::Marks>,
}

impl Inference {
    /// The simplest Betza name of a rule that draws the same diagram: the shortest text, then
    /// the fewest components, then the first in byte order; at most 64 characters. The empty
    /// rule (`""`) when nothing is attacked; `None` when no rule draws the diagram (something is
    /// unexplained) or no name of at most 64 characters was found.
    ///
    /// How it searches (candidate components of every atom the diagram needs, then an exact
    /// set cover of the attacked squares bounded by length and by 200,000 nodes) is told in
    /// the `infer::name` module. A diagram with more than 65,536 piece × attacked-square pairs
    /// is not searched: it gets the name of a rule holding every offset some piece can use
    /// (`usable`) and inside the largest rule, which draws it too but may be longer.
    #[must_use]
    pub fn simplest_name(&self) -> Option<String> {
        self.simplest_name_progress(None)
    }

    /// [`Inference::simplest_name`] telling `progress` (stage `"naming"`) every 2^8 nodes of
    /// its search, piece-target pairs or atoms: a callback that unwinds (a deadline) stops
    /// it there.
    #[must_use]
    pub fn simplest_name_progress(&self, progress: Option<Progress<'_>>) -> Option<String> {
        if !self.unexplained.is_empty() {
            return None;
        }
        let fallback = (!self.usable.is_empty())
            .then(|| self.usable.named_within(&self.offsets, name::LONGEST))
            .flatten()
            .map(|r| r.to_string())
            .filter(|n| n.len() <= name::LONGEST && self.draws(n));
        match &self.marks {
            Some(marks) => name::simplest(marks, &self.offsets, fallback.clone(), progress)
                .filter(|n| self.draws(n))
                .or(fallback),
            None => fallback,
        }
    }

    /// Whether the rule named `name` draws the diagram: its offsets on the board stay inside
    /// the largest rule, and (when the marks are kept) reach every attacked square; without
    /// the marks, it holds every usable offset. O(offsets + pieces × targets).
    #[expect(
        clippy::cast_possible_wrap,
        reason = "marks are kept only for diagrams of at most SEARCH_WORK piece-target pairs"
    )]
    fn draws(&self, name: &str) -> bool {
        let Ok(rule) = name.parse() else { return false };
        let back = OffsetSet::from_rule(&rule, self.offsets.width(), self.offsets.height());
        if !back.is_subset(&self.offsets) {
            return false;
        }
        match &self.marks {
            Some(m) => m.targets.iter().all(|&(tr, tc)| {
                m.pieces
                    .iter()
                    .any(|&(pr, pc)| back.contains(tc as i64 - pc as i64, pr as i64 - tr as i64))
            }),
            None => self.usable.is_subset(&back),
        }
    }
}

/// Bytes inference may need on a `height × width` diagram: its FFT planes cover (2h)×(2w)
/// reals (measured: 99 bytes per square at 2000×2000, where the padded size is exact); 128
/// per square leaves room for padding to a smooth size. `None` if that overflows.
#[must_use]
pub fn bytes_needed(height: usize, width: usize) -> Option<u64> {
    let squares = (height as u64).checked_mul(width as u64)?;
    squares.checked_mul(128)
}

/// [`infer`], refused up front when [`bytes_needed`] exceeds `budget`.
///
/// # Errors
///
/// [`TooLarge`] when [`bytes_needed`] exceeds `budget`.
pub fn infer_within(d: &Diagram, budget: Budget) -> Result<Inference, TooLarge> {
    budget.check(
        "inferring the rule of this diagram",
        bytes_needed(d.height, d.width),
    )?;
    Ok(infer(d))
}

/// [`infer_within`] telling `progress` how far it is: the products' stages (`"correlate"`,
/// `"fft"`, `"convolve"`: about every 2^20 words combined, or every row and column of an FFT)
/// and `"unexplained"` per 2^20 squares checked. A callback that unwinds (a deadline) stops
/// it there. O(k · rows · cols/64) or O(R·C log(R·C)) as [`infer`].
///
/// # Errors
///
/// [`TooLarge`] when [`bytes_needed`] exceeds `budget`.
pub fn infer_within_progress(
    d: &Diagram,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Inference, TooLarge> {
    budget.check(
        "inferring the rule of this diagram",
        bytes_needed(d.height, d.width),
    )?;
    Ok(infer_engine(d, Engine::Auto, progress))
}

/// Infers the rule of a diagram, choosing the product engine by cost.
#[must_use]
pub fn infer(d: &Diagram) -> Inference {
    infer_with(d, Engine::Auto)
}

/// The pieces and attacked squares of `d`, when there are at most [`name::SEARCH_WORK`] pairs
/// of them. O(squares).
fn marks(d: &Diagram) -> Option<name::Marks> {
    let at = |m: Mark| -> Vec<(usize, usize)> {
        (0..d.marks.len())
            .filter(|&i| d.marks[i] == m)
            .map(|i| (i / d.width, i % d.width))
            .collect()
    };
    let count = |m: Mark| d.marks.iter().filter(|&&x| x == m).count();
    (count(Mark::Piece).saturating_mul(count(Mark::Attacked)) <= name::SEARCH_WORK).then(|| name::Marks {
        pieces: at(Mark::Piece),
        targets: at(Mark::Attacked),
    })
}

/// Infers the rule of a diagram with a chosen product engine.
#[must_use]
pub fn infer_with(d: &Diagram, engine: Engine) -> Inference {
    infer_engine(d, engine, None)
}

/// [`infer_with`], telling `progress` (see [`infer_within_progress`]).
fn infer_engine(d: &Diagram, engine: Engine, progress: Option<Progress<'_>>) -> Inference {
    let pieces = d.grid(Mark::Piece);
    let safe = d.grid(Mark::Safe);
    let forbidden = correlate::correlate(&pieces, &safe, engine, progress);
    let offsets = OffsetSet::complement_of(&forbidden, d.width, d.height);
    let board = BitGrid::full(d.height, d.width);
    let landing = correlate::correlate(&pieces, &board, engine, progress);
    let usable = offsets.intersect(&landing);
    let reach = correlate::convolve(&pieces, offsets.grid(), engine, progress);
    let mut ticks = Ticks::new(
        progress,
        "unexplained",
        d.height as u64,
        (1 << 20) / (d.width as u64 + 1) + 1,
    );
    let unexplained = (0..d.height)
        .flat_map(|r| (0..d.width).map(move |c| (r, c)))
        .filter(|&(r, c)| {
            if c == 0 {
                ticks.add(1);
            }
            d.mark(r, c) == Mark::Attacked && !reach.get(r, c)
        })
        .collect();
    Inference {
        offsets,
        usable,
        unexplained,
        marks: marks(d),
    }
}
