//! The route classics in process (parse + solve, no process start): infinite-chess at the
//! original limit and far past it, weird-chess at n = 50, 500, 2000, roads at 1000×1000 with
//! 10^5 placements, king-path on 100,000 lines. Inputs come from the same
//! generator as `benches/compare.sh` (`examples/gen.rs`, seed 1), run here as a library call.

#![expect(
    missing_docs,
    reason = "criterion's macros generate the undocumented entry points"
)]

use std::process::Command;

use chessreach::problems::{solve, Problem};
use criterion::{criterion_group, criterion_main, Criterion};

/// Generated input, via the example binary (built by `cargo bench` as a dev target).
fn input(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO"))
        .args([
            "run",
            "--release",
            "-q",
            "-p",
            "chessreach",
            "--example",
            "gen",
            "--",
        ])
        .args(args)
        .output()
        .expect("run the generator");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn bench(c: &mut Criterion) {
    for (n, layout) in [("2000", "spread"), ("200000", "sparse"), ("1000000", "sparse")] {
        let text = input(&["infinite-chess", n, "1", layout]);
        c.bench_function(&format!("infinite-chess n={n} {layout}"), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                solve(Problem::InfiniteChess, &text, &mut out).expect("solves");
                out
            });
        });
    }
    for n in ["50", "500", "2000"] {
        let text = input(&["weird-chess", n, "1", "30", "yes"]);
        c.bench_function(&format!("weird-chess n={n} yes"), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                solve(Problem::WeirdChess, &text, &mut out).expect("solves");
                out
            });
        });
    }
    for dist in ["uniform", "mix23"] {
        let text = input(&["roads", "1000", "1000", "100000", "1", dist, "huge"]);
        c.bench_function(&format!("roads 1000x1000 q=100000 {dist}"), |b| {
            b.iter(|| {
                let mut out = Vec::new();
                solve(Problem::Roads, &text, &mut out).expect("solves");
                out
            });
        });
    }
    let text = input(&["king-path", "100000", "1"]);
    c.bench_function("king-path 100000 lines", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            solve(Problem::KingPath, &text, &mut out).expect("solves");
            out
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
