//! A rectangle of bits, one `u64` word run per row.

/// `rows × cols` bits, row-major; each row is `words` words, bit `c` of a row is column `c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitGrid {
    rows: usize,
    cols: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitGrid {
    /// All clear.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Self {
        let words = cols.div_ceil(64).max(1);
        Self {
            rows,
            cols,
            words,
            bits: vec![0; rows * words],
        }
    }

    /// All set.
    #[must_use]
    pub fn full(rows: usize, cols: usize) -> Self {
        let mut g = Self::new(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                g.set(r, c);
            }
        }
        g
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Sets bit (r, c).
    pub fn set(&mut self, r: usize, c: usize) {
        self.bits[r * self.words + c / 64] |= 1 << (c % 64);
    }

    /// Bit (r, c).
    #[must_use]
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.bits[r * self.words + c / 64] >> (c % 64) & 1 == 1
    }

    /// Row `r` as words.
    #[must_use]
    pub fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.words..(r + 1) * self.words]
    }

    /// Number of set bits.
    #[must_use]
    pub fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Every set bit, row by row.
    pub fn ones(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.rows).flat_map(move |r| {
            self.row(r).iter().enumerate().flat_map(move |(k, &w)| {
                let mut bits = w;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some((r, k * 64 + b))
                })
            })
        })
    }

    /// Whether row `r` has any bit.
    #[must_use]
    pub fn row_any(&self, r: usize) -> bool {
        self.row(r).iter().any(|&w| w != 0)
    }

    /// The grid with each row mirrored (column `c` becomes `cols - 1 - c`).
    #[must_use]
    pub fn mirrored(&self) -> Self {
        let mut out = Self::new(self.rows, self.cols);
        for (r, c) in self.ones() {
            out.set(r, self.cols - 1 - c);
        }
        out
    }

    /// ORs `src` shifted by `shift` columns (bit `c` to bit `c + shift`) into row `r`; bits that
    /// land outside the row are dropped. O(words).
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "grids are costed against the budget, so sides and offsets stay far below 2^56 and convert exactly between usize and i64"
    )]
    pub fn or_shifted(&mut self, r: usize, src: &[u64], shift: isize) {
        let cols = self.cols;
        let dst = self.row_mut(r);
        let (word, bit) = (shift.div_euclid(64), shift.rem_euclid(64) as u32);
        for (k, &w) in src.iter().enumerate() {
            if w == 0 {
                continue;
            }
            let at = k as isize + word;
            if (0..dst.len() as isize).contains(&at) {
                dst[at as usize] |= w << bit;
            }
            if bit > 0 && (0..dst.len() as isize).contains(&(at + 1)) {
                dst[(at + 1) as usize] |= w >> (64 - bit);
            }
        }
        let spare = dst.len() * 64 - cols;
        if spare > 0 {
            if let Some(last) = dst.last_mut() {
                *last &= u64::MAX >> spare;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn shifted_or_matches_bit_by_bit(src_cols in 1usize..200, dst_cols in 1usize..200, shift in -250isize..250, bits in proptest::collection::vec(0usize..200, 0..40)) {
            let mut src = BitGrid::new(1, src_cols);
            for b in bits.into_iter().filter(|&b| b < src_cols) {
                src.set(0, b);
            }
            let mut dst = BitGrid::new(1, dst_cols);
            dst.or_shifted(0, src.row(0), shift);
            let mut want = BitGrid::new(1, dst_cols);
            for (_, c) in src.ones() {
                let t = c.cast_signed() + shift;
                if (0..dst_cols.cast_signed()).contains(&t) {
                    want.set(0, t.cast_unsigned());
                }
            }
            prop_assert_eq!(dst, want);
        }
    }
}
