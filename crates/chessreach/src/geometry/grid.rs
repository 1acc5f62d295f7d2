use thiserror::Error;

/// An `rows × cols` grid of intersections whose edges carry a small type (0–255), as in the
/// roads model: `horizontal[r][c]` joins `(r, c)` and `(r, c+1)`, `vertical[r][c]` joins
/// `(r, c)` and `(r+1, c)`. Intersections are dense indices `r * cols + c`, row 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeGrid {
    rows: usize,
    cols: usize,
    horizontal: Vec<u8>,
    vertical: Vec<u8>,
}

/// Why edge lists do not make a grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// Fewer than one row or column.
    #[error("a grid needs at least one row and one column, got {0}x{1}")]
    Empty(usize, usize),
    /// Edge lists of the wrong length.
    #[error("expected {expected} {which} edges, got {got}")]
    Count {
        /// `horizontal` or `vertical`.
        which: &'static str,
        /// How many a grid of this size has.
        expected: usize,
        /// How many were given.
        got: usize,
    },
}

/// The four directions, as (row, column) steps.
pub const DIRECTIONS: [(isize, isize); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

impl EdgeGrid {
    /// A grid from its edges, row by row: `rows × (cols-1)` horizontal, `(rows-1) × cols`
    /// vertical.
    pub fn new(rows: usize, cols: usize, horizontal: Vec<u8>, vertical: Vec<u8>) -> Result<Self, GridError> {
        if rows == 0 || cols == 0 {
            return Err(GridError::Empty(rows, cols));
        }
        let (eh, ev) = (rows * (cols - 1), (rows - 1) * cols);
        if horizontal.len() != eh {
            return Err(GridError::Count {
                which: "horizontal",
                expected: eh,
                got: horizontal.len(),
            });
        }
        if vertical.len() != ev {
            return Err(GridError::Count {
                which: "vertical",
                expected: ev,
                got: vertical.len(),
            });
        }
        Ok(Self {
            rows,
            cols,
            horizontal,
            vertical,
        })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of intersections.
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Always `false`: a grid has at least one intersection.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The neighbour of `cell` in direction `d` (an index into [`DIRECTIONS`]) and the type of
    /// the edge between them, if the neighbour exists. O(1).
    #[inline]
    pub fn step(&self, cell: usize, d: usize) -> Option<(usize, u8)> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        match d {
            0 if c > 0 => Some((cell - 1, self.horizontal[r * (self.cols - 1) + c - 1])),
            1 if c + 1 < self.cols => Some((cell + 1, self.horizontal[r * (self.cols - 1) + c])),
            2 if r > 0 => Some((cell - self.cols, self.vertical[(r - 1) * self.cols + c])),
            3 if r + 1 < self.rows => Some((cell + self.cols, self.vertical[r * self.cols + c])),
            _ => None,
        }
    }

    /// The type of the edge from `cell` in direction `d`, 0 when there is none.
    #[inline]
    pub fn edge(&self, cell: usize, d: usize) -> u8 {
        self.step(cell, d).map_or(0, |(_, t)| t)
    }
}
