//! OR-correlation and OR-convolution of bit grids: the two products rule inference needs.
//!
//! Two engines with one contract. *Bitset*: iterate the set bits of the sparser operand and OR
//! shifted rows of the other, O(k · rows · cols/64) for k set bits. *FFT*: count products with
//! a 2D real FFT of the zero-padded grids (rows in parallel), O(R·C log(R·C)) for the padded
//! size, exact after rounding since the counts stay far below 2^52. [`correlate`] and
//! [`convolve`] pick the cheaper by a cost estimate.

use std::sync::Arc;

use rayon::prelude::*;
use realfft::num_complex::Complex;
use realfft::RealFftPlanner;
use rustfft::FftPlanner;

use super::grid::BitGrid;
use crate::limits::{Progress, Ticks};

/// Which engine to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Choose by cost.
    Auto,
    /// Shifted word ORs.
    Bitset,
    /// 2D FFT.
    Fft,
}

/// The least `m >= n` whose only prime factors are 2, 3 and 5 (fast FFT sizes).
fn smooth_at_least(n: usize) -> usize {
    let smooth = |mut x: usize| {
        for p in [2, 3, 5] {
            while x.is_multiple_of(p) {
                x /= p;
            }
        }
        x == 1
    };
    let mut m = n.max(1);
    while !smooth(m) {
        m += 1;
    }
    m
}

#[expect(
    clippy::cast_precision_loss,
    reason = "diagrams are costed at 128 bytes a square against the budget, so sides, indices and offsets stay far below 2^52 and convert exactly between usize, isize and f64"
)]
fn fft_cheaper(k: usize, rows: usize, out_rows: usize, out_cols: usize) -> bool {
    let bitset = k as f64 * rows as f64 * (out_cols.div_ceil(64) as f64 + 1.0);
    let (m, n) = (smooth_at_least(out_rows) as f64, smooth_at_least(out_cols) as f64);
    let fft = 3.0 * m * n * (m * n).log2() * 2.0;
    fft < bitset
}

/// `F[dr][dc] = OR over a in A, b in B with b - a = (dr, dc)` for grids of equal size `H × W`;
/// `F` is `(2H-1) × (2W-1)`, offset `(dr, dc)` at `(dr + H - 1, dc + W - 1)`. `progress`
/// hears of it about every 2^20 words combined (bitset) or every row and column transformed
/// (FFT), stage `"correlate"`.
#[must_use]
#[expect(
    clippy::many_single_char_names,
    reason = "the FFT's sizes and indices (m, n, r, c, i, j) as in the algorithm"
)]
#[expect(
    clippy::cast_possible_wrap,
    reason = "diagrams are costed at 128 bytes a square against the budget, so sides, indices and offsets stay far below 2^52 and convert exactly between usize, isize and f64"
)]
pub fn correlate(a: &BitGrid, b: &BitGrid, engine: Engine, progress: Option<Progress<'_>>) -> BitGrid {
    let (h, w) = (a.rows(), a.cols());
    let (ka, kb) = (a.count(), b.count());
    let use_fft = match engine {
        Engine::Fft => true,
        Engine::Bitset => false,
        Engine::Auto => fft_cheaper(ka.min(kb), h, 2 * h - 1, 2 * w - 1),
    };
    if use_fft {
        return fft_correlate(a, b, progress);
    }
    let mut f = BitGrid::new(2 * h - 1, 2 * w - 1);
    // One unit a row ORed: a row is about W/64 words.
    let mut ticks = Ticks::new(progress, "correlate", 0, (1 << 20) / (w as u64 / 64 + 1) + 1);
    if ka <= kb {
        for (ar, ac) in a.ones() {
            ticks.add(h as u64);
            for r in (0..h).filter(|&r| b.row_any(r)) {
                f.or_shifted(r + h - 1 - ar, b.row(r), (w - 1 - ac) as isize);
            }
        }
    } else {
        // Offsets b - a for a in a row of A run backwards: use A mirrored.
        let am = a.mirrored();
        for (br, bc) in b.ones() {
            ticks.add(h as u64);
            for r in (0..h).filter(|&r| am.row_any(r)) {
                f.or_shifted(br + h - 1 - r, am.row(r), bc as isize);
            }
        }
    }
    f
}

/// `R[r][c] = OR over p in P, d in D with p + d = (r, c)`, for `P` of size `H × W` and `D` an
/// offset grid `(2H-1) × (2W-1)` as [`correlate`] makes; `R` is `H × W`. `progress` as
/// [`correlate`]'s, stage `"convolve"`.
#[must_use]
#[expect(
    clippy::many_single_char_names,
    reason = "the FFT's sizes and indices (m, n, r, c, i, j) as in the algorithm"
)]
#[expect(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "diagrams are costed at 128 bytes a square against the budget, so sides, indices and offsets stay far below 2^52 and convert exactly between usize, isize and f64"
)]
pub fn convolve(p: &BitGrid, d: &BitGrid, engine: Engine, progress: Option<Progress<'_>>) -> BitGrid {
    let (h, w) = (p.rows(), p.cols());
    let (kp, kd) = (p.count(), d.count());
    let use_fft = match engine {
        Engine::Fft => true,
        Engine::Bitset => false,
        Engine::Auto => fft_cheaper(kp.min(kd), 2 * h, 2 * h - 1, 2 * w - 1),
    };
    if use_fft {
        return fft_convolve(p, d, progress);
    }
    let mut out = BitGrid::new(h, w);
    let mut ticks = Ticks::new(progress, "convolve", 0, (1 << 20) / (w as u64 / 64 + 1) + 1);
    if kp <= kd {
        for (pr, pc) in p.ones() {
            ticks.add(2 * h as u64);
            for i in (0..2 * h - 1).filter(|&i| d.row_any(i)) {
                let r = pr as isize + i as isize - (h as isize - 1);
                if (0..h as isize).contains(&r) {
                    out.or_shifted(r as usize, d.row(i), pc as isize - (w as isize - 1));
                }
            }
        }
    } else {
        for (i, j) in d.ones() {
            ticks.add(h as u64);
            let (dr, dc) = (i as isize - (h as isize - 1), j as isize - (w as isize - 1));
            for r in (0..h).filter(|&r| p.row_any(r)) {
                let t = r as isize + dr;
                if (0..h as isize).contains(&t) {
                    out.or_shifted(t as usize, p.row(r), dc);
                }
            }
        }
    }
    out
}

/// A 2D real FFT of one fixed padded size, its plans built once.
struct Plan2d {
    m: usize,
    n: usize,
    half: usize,
    row_fwd: Arc<dyn realfft::RealToComplex<f64>>,
    row_inv: Arc<dyn realfft::ComplexToReal<f64>>,
    col_fwd: Arc<dyn rustfft::Fft<f64>>,
    col_inv: Arc<dyn rustfft::Fft<f64>>,
}

impl Plan2d {
    fn new(rows: usize, cols: usize) -> Self {
        let (m, n) = (smooth_at_least(rows), smooth_at_least(cols));
        let mut real = RealFftPlanner::<f64>::new();
        let mut cplx = FftPlanner::<f64>::new();
        Self {
            m,
            n,
            half: n / 2 + 1,
            row_fwd: real.plan_fft_forward(n),
            row_inv: real.plan_fft_inverse(n),
            col_fwd: cplx.plan_fft_forward(m),
            col_inv: cplx.plan_fft_inverse(m),
        }
    }

    /// The spectrum of a grid of 0/1 placed with `place(r, c) -> (row, col)` in the padded
    /// plane, stored column-major: `half` columns of `m` values.
    #[expect(
        clippy::similar_names,
        reason = "`place` (where a cell goes) and `plane` (the FFT plane) are the algorithm's words"
    )]
    #[expect(
        clippy::many_single_char_names,
        reason = "the FFT's sizes and indices (m, n, r, c, i, j) as in the algorithm"
    )]
    fn forward(
        &self,
        g: &BitGrid,
        place: impl Fn(usize, usize) -> (usize, usize) + Sync,
        progress: Option<Progress<'_>>,
    ) -> Vec<Complex<f64>> {
        let tell = |done: usize, total: usize| {
            if let Some(p) = progress {
                p("fft", done as u64, total as u64);
            }
        };
        let (m, n, half) = (self.m, self.n, self.half);
        let mut plane = vec![0.0f64; m * n];
        for (r, c) in g.ones() {
            let (i, j) = place(r, c);
            plane[i * n + j] = 1.0;
        }
        let mut rows = vec![Complex::default(); m * half];
        plane
            .par_chunks_mut(n)
            .zip(rows.par_chunks_mut(half))
            .enumerate()
            .for_each(|(r, (input, output))| {
                tell(r, m);
                if input.iter().any(|&x| x != 0.0) {
                    self.row_fwd.process(input, output).expect("sizes match the plan");
                }
            });
        drop(plane);
        let mut cols = transpose(&rows, m, half);
        drop(rows);
        cols.par_chunks_mut(m).enumerate().for_each(|(c, col)| {
            tell(c, half);
            self.col_fwd.process(col);
        });
        cols
    }

    /// The real plane (`m × n`, row-major, unscaled) of a column-major spectrum.
    fn inverse(&self, mut cols: Vec<Complex<f64>>, progress: Option<Progress<'_>>) -> Vec<f64> {
        let (m, n, half) = (self.m, self.n, self.half);
        let tell = |done: usize, total: usize| {
            if let Some(p) = progress {
                p("fft", done as u64, total as u64);
            }
        };
        cols.par_chunks_mut(m).enumerate().for_each(|(c, col)| {
            tell(c, half);
            self.col_inv.process(col);
        });
        let mut rows = transpose(&cols, half, m);
        drop(cols);
        let mut plane = vec![0.0f64; m * n];
        rows.par_chunks_mut(half)
            .zip(plane.par_chunks_mut(n))
            .enumerate()
            .for_each(|(r, (input, output))| {
                tell(r, m);
                // The spectrum of a real plane is Hermitian; rounding leaves tiny imaginary parts
                // where the real inverse wants exact zeros.
                input[0].im = 0.0;
                if n.is_multiple_of(2) {
                    input[half - 1].im = 0.0;
                }
                self.row_inv.process(input, output).expect("sizes match the plan");
            });
        plane
    }
}

/// Transposes a `rows × cols` row-major matrix.
fn transpose(a: &[Complex<f64>], rows: usize, cols: usize) -> Vec<Complex<f64>> {
    const B: usize = 32;
    let mut out = vec![Complex::default(); a.len()];
    for r0 in (0..rows).step_by(B) {
        for c0 in (0..cols).step_by(B) {
            for r in r0..(r0 + B).min(rows) {
                for c in c0..(c0 + B).min(cols) {
                    out[c * rows + r] = a[r * cols + c];
                }
            }
        }
    }
    out
}

#[expect(
    clippy::many_single_char_names,
    reason = "the FFT's sizes and indices (m, n, r, c, i, j) as in the algorithm"
)]
#[expect(
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss,
    reason = "diagrams are costed at 128 bytes a square against the budget, so sides, indices and offsets stay far below 2^52 and convert exactly between usize, isize and f64"
)]
fn fft_correlate(a: &BitGrid, b: &BitGrid, progress: Option<Progress<'_>>) -> BitGrid {
    let (h, w) = (a.rows(), a.cols());
    let plan = Plan2d::new(2 * h - 1, 2 * w - 1);
    let fa = plan.forward(a, |r, c| (r, c), progress);
    let mut fb = plan.forward(b, |r, c| (r, c), progress);
    // Correlation: B times the conjugate of A.
    fb.par_iter_mut().zip(&fa).for_each(|(x, y)| *x *= y.conj());
    drop(fa);
    let plane = plan.inverse(fb, progress);
    let scale = 0.5 * (plan.m * plan.n) as f64;
    let mut f = BitGrid::new(2 * h - 1, 2 * w - 1);
    for i in 0..2 * h - 1 {
        let dr = i as isize - (h as isize - 1);
        let pi = dr.rem_euclid(plan.m as isize) as usize;
        for j in 0..2 * w - 1 {
            let dc = j as isize - (w as isize - 1);
            let pj = dc.rem_euclid(plan.n as isize) as usize;
            if plane[pi * plan.n + pj] > scale {
                f.set(i, j);
            }
        }
    }
    f
}

#[expect(
    clippy::many_single_char_names,
    reason = "the FFT's sizes and indices (m, n, r, c, i, j) as in the algorithm"
)]
#[expect(
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss,
    reason = "diagrams are costed at 128 bytes a square against the budget, so sides, indices and offsets stay far below 2^52 and convert exactly between usize, isize and f64"
)]
fn fft_convolve(p: &BitGrid, d: &BitGrid, progress: Option<Progress<'_>>) -> BitGrid {
    let (h, w) = (p.rows(), p.cols());
    let plan = Plan2d::new(2 * h - 1, 2 * w - 1);
    let (m, n) = (plan.m as isize, plan.n as isize);
    let fp = plan.forward(p, |r, c| (r, c), progress);
    let mut fd = plan.forward(
        d,
        |i, j| {
            let (dr, dc) = (i as isize - (h as isize - 1), j as isize - (w as isize - 1));
            (dr.rem_euclid(m) as usize, dc.rem_euclid(n) as usize)
        },
        progress,
    );
    fd.par_iter_mut().zip(&fp).for_each(|(x, y)| *x *= y);
    drop(fp);
    let plane = plan.inverse(fd, progress);
    let scale = 0.5 * (plan.m * plan.n) as f64;
    let mut out = BitGrid::new(h, w);
    for r in 0..h {
        for c in 0..w {
            if plane[r * plan.n + c] > scale {
                out.set(r, c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn grid(rows: usize, cols: usize, bits: &[(usize, usize)]) -> BitGrid {
        let mut g = BitGrid::new(rows, cols);
        for &(r, c) in bits {
            g.set(r % rows, c % cols);
        }
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn engines_agree_with_brute_force(
            h in 1usize..9, w in 1usize..70,
            a in proptest::collection::vec((0usize..9, 0usize..70), 0..30),
            b in proptest::collection::vec((0usize..9, 0usize..70), 0..30),
        ) {
            let (ga, gb) = (grid(h, w, &a), grid(h, w, &b));
            let mut want = BitGrid::new(2 * h - 1, 2 * w - 1);
            for (ar, ac) in ga.ones() {
                for (br, bc) in gb.ones() {
                    want.set(br + h - 1 - ar, bc + w - 1 - ac);
                }
            }
            for e in [Engine::Bitset, Engine::Fft, Engine::Auto] {
                prop_assert_eq!(&correlate(&ga, &gb, e, None), &want, "{:?}", e);
            }
            // Convolve A with the offsets just found: every b reachable from some a, and more.
            let mut reach = BitGrid::new(h, w);
            for (ar, ac) in ga.ones() {
                for (i, j) in want.ones() {
                    let (r, c) = (
                        ar.cast_signed() + i.cast_signed() - (h.cast_signed() - 1),
                        ac.cast_signed() + j.cast_signed() - (w.cast_signed() - 1),
                    );
                    if (0..h.cast_signed()).contains(&r) && (0..w.cast_signed()).contains(&c) {
                        reach.set(r.cast_unsigned(), c.cast_unsigned());
                    }
                }
            }
            for e in [Engine::Bitset, Engine::Fft, Engine::Auto] {
                prop_assert_eq!(&convolve(&ga, &want, e, None), &reach, "{:?}", e);
            }
        }
    }
}
