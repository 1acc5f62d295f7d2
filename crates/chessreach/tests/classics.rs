//! The classic formats, data-driven: every `tests/data/<problem>/NNN.in` must produce
//! `NNN.out` exactly; then malformed inputs and the king-path oracle.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "test inputs are small"
)]
use std::path::Path;

use chessreach::problems::{solve, Problem, SolveError};
use proptest::prelude::*;

fn run(problem: Problem, input: &str) -> (String, Result<(), SolveError>) {
    let mut out = Vec::new();
    let r = if problem == Problem::Knightmare {
        // Interactive: the judge's replies are replayed from the file.
        chessreach::problems::knightmare::play(input.as_bytes(), &mut out).map(|_| ())
    } else {
        solve(problem, input, &mut out)
    };
    (String::from_utf8(out).expect("utf-8"), r)
}

#[test]
fn data_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut checked = 0;
    for problem in Problem::ALL {
        let dir = root.join(problem.name());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut inputs: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let text = std::fs::read_to_string(&input).expect("input");
            let want = std::fs::read_to_string(input.with_extension("out")).expect("expected output");
            let (got, r) = run(problem, &text);
            r.unwrap_or_else(|e| panic!("{}: {e}", input.display()));
            assert_eq!(got, want, "{}", input.display());
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} data files found");
}

fn error_at(problem: Problem, input: &str) -> (String, usize, usize, String) {
    let (out, r) = run(problem, input);
    match r {
        Err(SolveError::Input(e)) => (out, e.line, e.column, e.to_string()),
        other => panic!("expected an input error, got {other:?}"),
    }
}

#[test]
fn infinite_chess_errors_name_line_and_column() {
    let (_, line, col, msg) = error_at(Problem::InfiniteChess, "1 8\n7 9\n0\n");
    assert_eq!((line, col), (2, 3), "{msg}");
    assert!(msg.contains("rank (an integer from 1 to 8)"), "{msg}");
    let (_, line, _, msg) = error_at(Problem::InfiniteChess, "1 1\n5 1\n2\nN 3 3\nX 4 4\n");
    assert_eq!(line, 5, "{msg}");
    assert!(msg.contains("K, Q, R, B or N"));
    let (_, line, _, msg) = error_at(Problem::InfiniteChess, "1 1\n5 1\n2\nN 3 3\n");
    assert_eq!(line, 5, "{msg}");
    assert!(msg.contains("end of input"));
    let (_, line, _, msg) = error_at(Problem::InfiniteChess, "1 1\n5 1\n2\nN 3 3\nB 3 3\n");
    assert_eq!(line, 5, "{msg}");
    let (_, line, _, msg) = error_at(Problem::InfiniteChess, "1 1\n5 1\n1\nN 1 1\n");
    assert_eq!(line, 4, "{msg}");
    let (_, _, _, msg) = error_at(Problem::InfiniteChess, "1 1\n5 1\n0\nextra\n");
    assert!(msg.contains("expected end of input, found `extra`"), "{msg}");
}

#[test]
fn king_path_keeps_answers_before_a_bad_line() {
    let (out, line, col, msg) = error_at(Problem::KingPath, "c4 e6 d5\ng2 a8 a2\na3 b1 i1\nc4 e6 d5\n");
    assert_eq!(out, "2\n6\n");
    assert_eq!((line, col), (3, 7), "{msg}");
    let (_, _, _, msg) = error_at(Problem::KingPath, "c4 c4 d5\n");
    assert!(msg.contains("three different squares"), "{msg}");
    let (_, _, _, msg) = error_at(Problem::KingPath, "c4 e6\n");
    assert!(msg.contains("pawn B's square"), "{msg}");
    let (_, _, _, msg) = error_at(Problem::KingPath, "c4 e6 d5 e2\n");
    assert!(msg.contains("three squares per line"), "{msg}");
}

/// The editorial's formula with plain grid BFS: either go straight for A with B alive, or take
/// B first (with B alive) and then go for A (with B gone).
#[expect(
    clippy::many_single_char_names,
    reason = "short mathematical names (coordinates, sizes, indices) read best here"
)]
fn king_path_oracle(k: (i32, i32), a: (i32, i32), b: (i32, i32)) -> Option<u32> {
    let bfs = |from: (i32, i32), to: (i32, i32), pawns: &[(i32, i32)]| -> Option<u32> {
        let attacked = |x: i32, y: i32| pawns.iter().any(|&(px, py)| y == py + 1 && (x - px).abs() == 1);
        let mut dist = [[u32::MAX; 8]; 8];
        dist[from.0 as usize][from.1 as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some((x, y)) = queue.pop_front() {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if !(0..8).contains(&nx) || !(0..8).contains(&ny) || attacked(nx, ny) {
                        continue;
                    }
                    if dist[nx as usize][ny as usize] == u32::MAX {
                        dist[nx as usize][ny as usize] = dist[x as usize][y as usize] + 1;
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
        let d = dist[to.0 as usize][to.1 as usize];
        (d != u32::MAX).then_some(d)
    };
    let direct = bfs(k, a, &[a, b]);
    let via_b = bfs(k, b, &[a, b]).and_then(|d1| bfs(b, a, &[a]).map(|d2| d1 + d2));
    match (direct, via_b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    }
}

proptest! {
    // About 4% of triples repeat a square and are rejected: allow for them (proptest's default
    // of 1024 rejects made this test fail now and then).
    #![proptest_config(ProptestConfig { cases: 20_000, max_global_rejects: 100_000, ..ProptestConfig::default() })]
    #[test]
    fn king_path_matches_the_editorial_formula(k in (0i32..8, 0i32..8), a in (0i32..8, 0i32..8), b in (0i32..8, 0i32..8)) {
        prop_assume!(k != a && k != b && a != b);
        let name = |(x, y): (i32, i32)| format!("{}{}", char::from(b'a' + x as u8), y + 1);
        let (out, r) = run(Problem::KingPath, &format!("{} {} {}\n", name(k), name(a), name(b)));
        r.map_err(|e| TestCaseError::fail(e.to_string()))?;
        let want = king_path_oracle(k, a, b).map_or("-1".to_owned(), |d| d.to_string());
        prop_assert_eq!(out.trim(), want);
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,60}", t in "[0-9KQRBNa-h \n-]{0,60}") {
        for p in [Problem::InfiniteChess, Problem::KingPath] {
            let _ = run(p, &s);
            let _ = run(p, &t);
        }
    }
}
