use thiserror::Error;

/// An `rows × cols` grid of intersections whose edges carry a small type (1–255; 0 means no
/// edge), as in the roads model: `horizontal[r][c]` joins `(r, c)` and `(r, c+1)`,
/// `vertical[r][c]` joins `(r, c)` and `(r+1, c)`. Intersections are dense indices
/// `r * cols + c`, row 0 at the top. Each intersection stores its four edge types side by side,
/// so a step is one load and one addition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeGrid {
    rows: usize,
    cols: usize,
    /// Per intersection: edge types towards left, right, up, down (0: none).
    types: Vec<[u8; 4]>,
    /// Index offsets of the four directions.
    offset: [isize; 4],
}

/// Why edge lists do not make a grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
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
    ///
    /// # Errors
    ///
    /// [`GridError`] when the road lists do not have the grid's counts or a road type is above 3.
    pub fn new(rows: usize, cols: usize, horizontal: &[u8], vertical: &[u8]) -> Result<Self, GridError> {
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
        let mut types = vec![[0u8; 4]; rows * cols];
        for r in 0..rows {
            for c in 0..cols - 1 {
                let t = horizontal[r * (cols - 1) + c];
                types[r * cols + c][1] = t;
                types[r * cols + c + 1][0] = t;
            }
        }
        for r in 0..rows - 1 {
            for c in 0..cols {
                let t = vertical[r * cols + c];
                types[r * cols + c][3] = t;
                types[(r + 1) * cols + c][2] = t;
            }
        }
        let w = cols.cast_signed();
        Ok(Self {
            rows,
            cols,
            types,
            offset: [-1, 1, -w, w],
        })
    }

    /// Rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of intersections.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Always `false`: a grid has at least one intersection.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The neighbour of `cell` in direction `d` (an index into [`DIRECTIONS`]) and the type of
    /// the edge between them, when there is an edge (type > 0). O(1), no division.
    #[inline]
    #[must_use]
    pub fn step(&self, cell: usize, d: usize) -> Option<(usize, u8)> {
        let t = self.types[cell][d];
        (t != 0).then(|| (cell.wrapping_add_signed(self.offset[d]), t))
    }

    /// The type of the edge from `cell` in direction `d`, 0 when there is none.
    #[inline]
    #[must_use]
    pub fn edge(&self, cell: usize, d: usize) -> u8 {
        self.types[cell][d]
    }
}
