//! Transfer matrices, and why they are periodic.
//!
//! `T_m` holds the shortest paths within `S` between the `2n` end-block nodes for a core of
//! `m` blocks (`n` nodes a block): `T_0` by breadth-first search on two blocks, and
//! `T_{m+1} = F(T_m)`, the closure of `T_m` (on `Lb ∪ X`) and `T_0` (on `X ∪ Rb`) over the
//! shared block `X` (`X*` the closure of both's `X`-to-`X` entries; `Lb`–`Lb` entries
//! `min(T_m, T_m·X*·T_m)`, crossing entries `T_m·X*·T_0` and `T_0·X*·T_m`, `Rb`–`Rb`
//! `min(T_0, T_0·X*·T_0)`). Same-side entries never increase with `m` (a wider core holds
//! every path of a narrower one, aligned at that side).
//!
//! *Certificate.* If `T_{m2} = T_{m1} + c·χ` for `p = m2 - m1` (same-side entries equal, each
//! crossing entry `+c`, `c ≥ 0`, infinite ones infinite), then `T_{m+p} = T_m + c·χ` for
//! every `m ≥ m1`. Same-side entries are non-increasing and equal at `m1` and `m2`, so
//! constant from `m1` on. In `F(T + c·χ)` a crossing entry's path crosses `T` exactly once
//! (it starts at `Lb`, never passes `Rb'` but at its end, and reaches `X` once through
//! `T`'s crossing entries, then stays on the `X ∪ Rb` side, where `X*` holds only same-side
//! entries), so it gains exactly `c`; an `Rb`–`Rb` entry gains nothing; an `Lb`–`Lb` entry is
//! `min(T(Lb,Lb), T(Lb,X) + c + X* + T(X,Lb) + c)`, which is `F(T)`'s entry unchanged when
//! `F(T)`'s is the direct one — true for every `m ≥ m1`, where same-side entries are
//! constant. Induction on `m` gives the claim. The iteration stops at the first certificate
//! (a period of at most 16, within 96 steps); without one the engine declines.

use super::INF;

/// The most steps of `F` tried for a certificate.
const MAX_STEPS: usize = 96;
/// The longest period looked for.
const MAX_PERIOD: usize = 16;

/// Distances between the end blocks of a region (`l`: `Lb`, `r`: `Rb`), `n × n` each.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Transfer {
    pub(super) ll: Vec<u32>,
    pub(super) lr: Vec<u32>,
    pub(super) rl: Vec<u32>,
    pub(super) rr: Vec<u32>,
}

/// Min-plus product of two `n × n` matrices, capped at [`INF`]. O(n³).
#[expect(
    clippy::many_single_char_names,
    reason = "short names as in the module docs (n, m, b, T, X; x, r, s: a node's file, rank, state)"
)]
pub(super) fn mul(a: &[u32], b: &[u32], n: usize) -> Vec<u32> {
    let mut c = vec![INF; n * n];
    for i in 0..n {
        let row = &mut c[i * n..(i + 1) * n];
        for k in 0..n {
            let x = a[i * n + k];
            if x >= INF {
                continue;
            }
            for (cj, &y) in row.iter_mut().zip(&b[k * n..(k + 1) * n]) {
                *cj = (*cj).min(x + y);
            }
        }
    }
    for v in &mut c {
        *v = (*v).min(INF);
    }
    c
}

/// Elementwise minimum.
pub(super) fn min_with(a: &mut [u32], b: &[u32]) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x = (*x).min(y);
    }
}

/// All-pairs closure of an `n × n` matrix in place (Floyd–Warshall). O(n³).
pub(super) fn close(d: &mut [u32], n: usize) {
    for k in 0..n {
        for i in 0..n {
            let x = d[i * n + k];
            if x >= INF {
                continue;
            }
            for j in 0..n {
                let y = d[k * n + j];
                if x + y < d[i * n + j] {
                    d[i * n + j] = x + y;
                }
            }
        }
    }
}

/// `F(T)`: the core one block wider (module docs). O(7n³).
fn widen(t: &Transfer, t0: &Transfer, n: usize) -> Transfer {
    let mut xs = t.rr.clone();
    min_with(&mut xs, &t0.ll);
    close(&mut xs, n);
    let p1 = mul(&t.lr, &xs, n);
    let p2 = mul(&t0.rl, &xs, n);
    let mut ll = mul(&p1, &t.rl, n);
    min_with(&mut ll, &t.ll);
    let mut rr = mul(&p2, &t0.lr, n);
    min_with(&mut rr, &t0.rr);
    Transfer {
        ll,
        lr: mul(&p1, &t0.lr, n),
        rl: mul(&p2, &t.rl, n),
        rr,
    }
}

/// `Some(c)` when `b = a + c·χ` (module docs' certificate).
fn shifted(a: &Transfer, b: &Transfer) -> Option<u32> {
    if a.ll != b.ll || a.rr != b.rr {
        return None;
    }
    let mut c = None;
    for (&x, &y) in a.lr.iter().chain(&a.rl).zip(b.lr.iter().chain(&b.rl)) {
        match (x >= INF, y >= INF) {
            (true, true) => {}
            (false, false) if y >= x => match c {
                None => c = Some(y - x),
                Some(c) if c == y - x => {}
                Some(_) => return None,
            },
            _ => return None,
        }
    }
    Some(c.unwrap_or(0))
}

/// Distances from `src` by 0-1 breadth-first search over `adj`, into `d` (all [`INF`]),
/// keeping to the nodes below `d.len()`. O(edges).
pub(super) fn zero_one(adj: &[Vec<(usize, u32)>], src: usize, d: &mut [u32]) {
    let nodes = d.len();
    let mut deque = std::collections::VecDeque::from([src]);
    d[src] = 0;
    while let Some(u) = deque.pop_front() {
        for &(v, w) in adj[u].iter().filter(|&&(v, _)| v < nodes) {
            if d[u] + w < d[v] {
                d[v] = d[u] + w;
                if w == 0 {
                    deque.push_front(v);
                } else {
                    deque.push_back(v);
                }
            }
        }
    }
}

/// The sequence `T_0, T_1, ..` up to its first certificate `T_{m2} = T_{m1} + c·χ`, `m2 = m1 + p`.
pub(super) struct Periodic {
    pub(super) seq: Vec<Transfer>,
    pub(super) m1: usize,
    pub(super) p: usize,
    pub(super) c: u64,
}

/// `t0` iterated by `F` to the first certificate (a period of at most [`MAX_PERIOD`], within
/// [`MAX_STEPS`] steps); `None` without one. O(7n³) per step.
pub(super) fn periodic(t0: &Transfer, n: usize) -> Option<Periodic> {
    let mut seq = vec![t0.clone()];
    let (mut m1, mut p, mut c) = (None, 0, 0);
    'grow: for m in 1..=MAX_STEPS {
        let next = widen(&seq[m - 1], t0, n);
        seq.push(next);
        for q in 1..=MAX_PERIOD.min(m) {
            if let Some(cc) = shifted(&seq[m - q], &seq[m]) {
                (m1, p, c) = (Some(m - q), q, u64::from(cc));
                break 'grow;
            }
        }
    }
    Some(Periodic { seq, m1: m1?, p, c })
}
