//! Reproducible input generator for the classics' benchmarks and stress tests.
//!
//! ```sh
//! cargo run --release -p chessreach --example gen -- infinite-chess N SEED LAYOUT > in.txt
//! cargo run --release -p chessreach --example gen -- king-path LINES SEED > in.txt
//! cargo run --release -p chessreach --example gen -- king-path all > in.txt
//! cargo run --release -p chessreach --example gen -- weird-chess N SEED DENSITY% yes|no > in.txt
//! cargo run --release -p chessreach --example gen -- roads N M Q SEED uniform|mostly3|lines2|mix23 ties|distinct|huge > in.txt
//! ```
//!
//! infinite-chess layouts: `spread` (pieces uniform over files 1..=10^8, kinds K Q R B N
//! alike), `clustered` (in 20 clusters 2000 files wide), `sparse` (the far-past-the-limit mix:
//! kings and knights, 1% bishops). The king goes from file 1 to file 10^8. Every target is
//! reachable: a random king corridor joins start and target, and a piece is placed only where
//! neither it nor any square it could attack (blockers ignored) lies on the corridor; rooks and
//! queens come boxed in by kings so their lines stop at once.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "the generator's sizes and coordinates are small by construction (command-line sizes are checked)"
)]
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A king's corridor from file 1 to file `span`: one rank per file, changing by at most one
/// from file to file, so consecutive squares are king moves.
struct Corridor {
    /// (first file, rank at that file, slope) pieces, sorted by file.
    legs: Vec<(i64, i64, i64)>,
}

impl Corridor {
    fn new(rng: &mut StdRng, span: i64) -> Self {
        let mut legs = Vec::new();
        let (mut x, mut y) = (1i64, rng.gen_range(1..=8i64));
        while x <= span {
            legs.push((x, y, 0));
            x += rng.gen_range(200..5000);
            let to = rng.gen_range(1..=8i64);
            if to != y {
                legs.push((x, y, (to - y).signum()));
                x += (to - y).abs();
                y = to;
            }
        }
        Self { legs }
    }

    fn rank(&self, x: i64) -> i64 {
        let k = self.legs.partition_point(|l| l.0 <= x).max(1) - 1;
        let (x0, y0, slope) = self.legs[k];
        y0 + slope * (x - x0)
    }

    fn hits(&self, (x, y): (i64, i64)) -> bool {
        self.rank(x) == y
    }
}

/// Squares a piece of `kind` on `at` could attack if nothing blocked it (a superset).
fn reach(kind: u8, (x, y): (i64, i64)) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let lines = |dirs: &[(i64, i64)], max: i64, out: &mut Vec<(i64, i64)>| {
        for &(dx, dy) in dirs {
            for k in 1..=max {
                out.push((x + dx * k, y + dy * k));
            }
        }
    };
    match kind {
        b'K' => lines(
            &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            1,
            &mut out,
        ),
        b'N' => lines(
            &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ],
            1,
            &mut out,
        ),
        _ => lines(&[(1, 1), (1, -1), (-1, 1), (-1, -1)], 7, &mut out),
    }
    out.retain(|&(_, r)| (1..=8).contains(&r));
    out
}

fn infinite_chess(n: usize, seed: u64, layout: &str) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let span = 100_000_000i64;
    let corridor = Corridor::new(&mut rng, span);
    let (start, target) = ((1i64, corridor.rank(1)), (span, corridor.rank(span)));
    let mut taken: HashSet<(i64, i64)> = HashSet::new();
    let centres: Vec<i64> = (0..20).map(|_| rng.gen_range(10_000..span - 10_000)).collect();
    let mut pieces: Vec<(u8, i64, i64)> = Vec::with_capacity(n);
    while pieces.len() < n {
        let x = match layout {
            "clustered" => centres[rng.gen_range(0..20)] + rng.gen_range(-1000..=1000),
            _ => rng.gen_range(3..span - 2),
        };
        let y = rng.gen_range(1..=8i64);
        let kind = match layout {
            "sparse" => match rng.gen_range(0..100) {
                0 => b'B',
                1..=50 => b'K',
                _ => b'N',
            },
            _ => b"KQRBN"[rng.gen_range(0..5)],
        };
        // A rook or queen comes boxed in by kings, so its lines stop at once.
        let mut group: Vec<(u8, i64, i64)> = vec![(kind, x, y)];
        if matches!(kind, b'R' | b'Q') {
            for (dx, dy) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                if (1..=8).contains(&(y + dy)) && (kind == b'Q' || dx == 0 || dy == 0) {
                    group.push((b'K', x + dx, y + dy));
                }
            }
        }
        let fits = group.iter().all(|&(k, gx, gy)| {
            (gx - start.0).abs() > 8
                && (gx - target.0).abs() > 8
                && !taken.contains(&(gx, gy))
                && !corridor.hits((gx, gy))
                && (matches!(k, b'R' | b'Q') || reach(k, (gx, gy)).into_iter().all(|sq| !corridor.hits(sq)))
        });
        if !fits || pieces.len() + group.len() > n {
            continue;
        }
        for &(k, gx, gy) in &group {
            taken.insert((gx, gy));
            pieces.push((k, gx, gy));
        }
    }
    let mut out = String::with_capacity(n * 20 + 64);
    let _ = writeln!(out, "{} {}\n{} {}\n{n}", start.0, start.1, target.0, target.1);
    for (k, x, y) in pieces {
        let _ = writeln!(out, "{} {x} {y}", char::from(k));
    }
    out
}

fn king_path(lines: Option<usize>, seed: u64) -> String {
    let name = |s: u32| format!("{}{}", char::from(b'a' + (s % 8) as u8), s / 8 + 1);
    let attacked_by = |p: u32, s: u32| s / 8 == p / 8 + 1 && (s % 8).abs_diff(p % 8) == 1;
    let mut out = String::new();
    let mut emit = |k: u32, a: u32, b: u32| {
        if k != a && k != b && a != b && !attacked_by(a, k) && !attacked_by(b, k) {
            let _ = writeln!(out, "{} {} {}", name(k), name(a), name(b));
            true
        } else {
            false
        }
    };
    match lines {
        None => {
            for k in 0..64 {
                for a in 0..64 {
                    for b in 0..64 {
                        emit(k, a, b);
                    }
                }
            }
        }
        Some(n) => {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut made = 0;
            while made < n {
                if emit(rng.gen_range(0..64), rng.gen_range(0..64), rng.gen_range(0..64)) {
                    made += 1;
                }
            }
        }
    }
    out
}

/// A weird-chess board: a random rule (a few leaps and two rider lines) drawn exactly for
/// pieces on `density`% of the squares; `no` then flips 5% of the empty squares (attacked to
/// safe and back), which leaves no consistent rule in practice.
fn weird_chess(n: usize, seed: u64, density: u32, no: bool) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let n_i = n as i64;
    let mut rule: Vec<(i64, i64)> = (0..6)
        .map(|_| (rng.gen_range(-4..=4i64), rng.gen_range(-4..=4i64)))
        .collect();
    for (dr, dc) in [(0i64, 1i64), (1, 1)] {
        rule.extend((1..n_i).flat_map(|k| [(dr * k, dc * k), (-dr * k, -dc * k)]));
    }
    rule.retain(|&d| d != (0, 0));
    let mut board = vec![b'.'; n * n];
    for cell in &mut board {
        if rng.gen_range(0..100) < density {
            *cell = b'o';
        }
    }
    if !board.contains(&b'o') {
        board[0] = b'o';
    }
    for r in 0..n_i {
        for c in 0..n_i {
            if board[(r * n_i + c) as usize] != b'o' {
                continue;
            }
            for &(dr, dc) in &rule {
                let (tr, tc) = (r + dr, c + dc);
                if (0..n_i).contains(&tr) && (0..n_i).contains(&tc) && board[(tr * n_i + tc) as usize] == b'.'
                {
                    board[(tr * n_i + tc) as usize] = b'x';
                }
            }
        }
    }
    if no {
        for cell in board.iter_mut().filter(|c| **c != b'o') {
            if rng.gen_range(0..20) == 0 {
                *cell = if *cell == b'x' { b'.' } else { b'x' };
            }
        }
    }
    let mut out = format!("{n}\n");
    for row in board.chunks(n) {
        out.push_str(std::str::from_utf8(row).expect("ascii"));
        out.push('\n');
    }
    out
}

/// A roads input: `n × m` intersections, `q` placements on distinct random intersections.
/// Roads `uniform` (types 0–3 alike), `mostly3` (70 % type 3), `lines2` (whole rows and
/// columns of type 2, half of them, the rest uniform), `mix23` (types 2 and 3); levels `ties`
/// (1–5), `distinct` (a permutation of 1..=q) or `huge` (uniform up to 10^9).
fn roads(n: usize, m: usize, q: usize, seed: u64, dist: &str, levels: &str) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let row2: Vec<bool> = (0..n).map(|_| rng.gen()).collect();
    let col2: Vec<bool> = (0..m).map(|_| rng.gen()).collect();
    let road = |rng: &mut StdRng, line2: bool| -> u8 {
        match dist {
            "mostly3" => [0, 1, 2, 3, 3, 3, 3, 3, 3, 3][rng.gen_range(0..10)],
            "lines2" if line2 => 2,
            "mix23" => rng.gen_range(2..=3),
            _ => rng.gen_range(0..=3),
        }
    };
    let mut out = String::with_capacity(2 * n * m + 24 * q + 32);
    let _ = writeln!(out, "{n} {m} {q}");
    for &line2 in &row2 {
        let row: Vec<String> = (0..m - 1).map(|_| road(&mut rng, line2).to_string()).collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    for _ in 0..n - 1 {
        let row: Vec<String> = (0..m).map(|c| road(&mut rng, col2[c]).to_string()).collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    let mut cells: Vec<usize> = (0..n * m).collect();
    for i in 0..q.min(n * m) {
        let j = rng.gen_range(i..n * m);
        cells.swap(i, j);
    }
    let mut perm: Vec<u64> = (1..=q as u64).collect();
    for i in (1..perm.len()).rev() {
        let j = rng.gen_range(0..=i);
        perm.swap(i, j);
    }
    for (i, &cell) in cells.iter().take(q).enumerate() {
        let lv = match levels {
            "ties" => rng.gen_range(1..=5u64),
            "distinct" => perm[i],
            _ => rng.gen_range(1..=1_000_000_000u64),
        };
        let _ = writeln!(
            out,
            "{} {lv} {} {}",
            rng.gen_range(0..=1u8),
            cell / m + 1,
            cell % m + 1
        );
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let text = match arg(0, "").as_str() {
        "infinite-chess" => infinite_chess(
            arg(1, "2000").parse().expect("N"),
            arg(2, "1").parse().expect("SEED"),
            &arg(3, "spread"),
        ),
        "king-path" if arg(1, "") == "all" => king_path(None, 0),
        "roads" => roads(
            arg(1, "1000").parse().expect("N"),
            arg(2, "1000").parse().expect("M"),
            arg(3, "100000").parse().expect("Q"),
            arg(4, "1").parse().expect("SEED"),
            &arg(5, "uniform"),
            &arg(6, "huge"),
        ),
        "weird-chess" => weird_chess(
            arg(1, "50").parse().expect("N"),
            arg(2, "1").parse().expect("SEED"),
            arg(3, "30").parse().expect("DENSITY %"),
            arg(4, "yes") == "no",
        ),
        "king-path" => king_path(
            Some(arg(1, "100000").parse().expect("LINES")),
            arg(2, "1").parse().expect("SEED"),
        ),
        other => {
            eprintln!(
                "usage: gen infinite-chess N SEED [spread|clustered|sparse] | gen king-path LINES SEED | \
                 gen king-path all | gen weird-chess N SEED DENSITY% yes|no | \
                 gen roads N M Q SEED DIST LEVELS (got `{other}`)"
            );
            std::process::exit(2);
        }
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .expect("stdout");
}
