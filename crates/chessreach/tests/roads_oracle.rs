//! Reach counts on typed roads: the offline engine and the per-query BFS against a brute force.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "test grids are small"
)]
use std::collections::{BTreeSet, VecDeque};

use chessreach::geometry::EdgeGrid;
use chessreach::roads::{counts, reach, Offline, Piece};
use proptest::prelude::*;

/// Squares a piece reaches, straight from the statement: every walk of one road type.
#[expect(
    clippy::many_single_char_names,
    reason = "short mathematical names (coordinates, sizes, indices) read best here"
)]
fn brute(
    rows: usize,
    cols: usize,
    h: &[u8],
    v: &[u8],
    board: &[Option<(u8, i64)>],
    at: usize,
    me: (u8, i64),
) -> usize {
    let road = |a: usize, b: usize| -> u8 {
        let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
        if ra == rb {
            h[ra * (cols - 1) + ca.min(cb)]
        } else {
            v[ra.min(rb) * cols + ca]
        }
    };
    let neighbours = |a: usize| {
        let (r, c) = (a / cols, a % cols);
        let mut out = Vec::new();
        if c > 0 {
            out.push(a - 1);
        }
        if c + 1 < cols {
            out.push(a + 1);
        }
        if r > 0 {
            out.push(a - cols);
        }
        if r + 1 < rows {
            out.push(a + cols);
        }
        out
    };
    let can_take = |b: usize| board[b].is_some_and(|(col, lv)| col != me.0 && lv <= me.1);
    let mut got = BTreeSet::new();
    for b in neighbours(at) {
        if road(at, b) == 1 && (board[b].is_none() || can_take(b)) {
            got.insert(b);
        }
    }
    // Straight: each direction, while roads are type 2.
    for (dr, dc) in [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)] {
        let (mut r, mut c) = ((at / cols) as i64, (at % cols) as i64);
        loop {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                break;
            }
            let (a, b) = (
                (r as usize) * cols + c as usize,
                (nr as usize) * cols + nc as usize,
            );
            if road(a, b) != 2 {
                break;
            }
            if board[b].is_some() {
                if can_take(b) {
                    got.insert(b);
                }
                break;
            }
            got.insert(b);
            (r, c) = (nr, nc);
        }
    }
    // Interconnected: flood through empty squares; occupied ones end a move.
    let mut seen = vec![false; rows * cols];
    seen[at] = true;
    let mut queue = VecDeque::from([at]);
    while let Some(a) = queue.pop_front() {
        for b in neighbours(a) {
            if road(a, b) == 3 && !seen[b] {
                seen[b] = true;
                if board[b].is_none() {
                    got.insert(b);
                    queue.push_back(b);
                } else if can_take(b) {
                    got.insert(b);
                }
            }
        }
    }
    got.len()
}

/// Rows, columns, horizontal and vertical roads, and (colour, level, square) placements.
type Instance = (usize, usize, Vec<u8>, Vec<u8>, Vec<(u8, i64, usize)>);

fn instance() -> impl Strategy<Value = Instance> {
    (2usize..9, 2usize..9, 0u8..6).prop_flat_map(|(rows, cols, mix)| {
        // Road mixes: uniform, mostly 3, mostly 2, 2+3, 1+2, …
        let road = match mix {
            0 => prop_oneof![Just(0u8), Just(1), Just(2), Just(3)].boxed(),
            1 => prop_oneof![1 => Just(0u8), 1 => Just(1), 1 => Just(2), 6 => Just(3)].boxed(),
            2 => prop_oneof![1 => Just(0u8), 1 => Just(1), 6 => Just(2), 1 => Just(3)].boxed(),
            3 => prop_oneof![Just(2u8), Just(3)].boxed(),
            4 => prop_oneof![Just(1u8), Just(2)].boxed(),
            _ => prop_oneof![Just(0u8), Just(3)].boxed(),
        };
        let level = if mix.is_multiple_of(2) {
            (0i64..3).boxed()
        } else {
            (0i64..1_000_000_000).boxed()
        };
        (
            Just(rows),
            Just(cols),
            proptest::collection::vec(road.clone(), rows * (cols - 1)),
            proptest::collection::vec(road, (rows - 1) * cols),
            proptest::collection::vec((0u8..2, level, 0usize..64), 1..40),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn offline_counts_match_brute_force((rows, cols, h, v, raw) in instance()) {
        let grid = EdgeGrid::new(rows, cols, &h, &v).expect("grid");
        let mut used = BTreeSet::new();
        let pieces: Vec<Piece> = raw
            .into_iter()
            .map(|(colour, level, at)| Piece { colour, level, at: at % (rows * cols) })
            .filter(|p| used.insert(p.at))
            .collect();
        let fast = counts(&grid, &pieces).expect("valid placements");
        // Every run through the merge-forest sweep, too.
        let swept = Offline::new(&grid, &pieces).expect("valid placements").with_short_runs(0).counts();
        prop_assert_eq!(&swept, &fast);
        let mut board: Vec<Option<(u8, i64)>> = vec![None; rows * cols];
        for (i, p) in pieces.iter().enumerate() {
            let want = brute(rows, cols, &h, &v, &board, p.at, (p.colour, p.level));
            prop_assert_eq!(fast[i] as usize, want, "placement {}", i);
            let online = reach(&grid, &pieces[..i], p).iter().filter(|r| r.types != 0).count();
            prop_assert_eq!(online, want, "online, placement {}", i);
            board[p.at] = Some((p.colour, p.level));
        }
    }
}

fn error(input: &str) -> (usize, usize, String) {
    let mut out = Vec::new();
    match chessreach::problems::solve(chessreach::problems::Problem::Roads, input, &mut out) {
        Err(chessreach::problems::SolveError::Input(e)) => (e.line, e.column, e.to_string()),
        other => panic!("expected an input error, got {other:?}"),
    }
}

#[test]
fn roads_errors_name_line_and_value() {
    let (line, col, msg) = error("2 2 1\n1\n4\n3 3\n1 7 1 1\n");
    assert_eq!((line, col), (3, 1), "{msg}");
    assert!(
        msg.contains("road type (an integer from 0 to 3), found `4`"),
        "{msg}"
    );
    let (line, _, msg) = error("2 2 2\n1\n3\n3 3\n1 7 1 1\n0 2 1 1\n");
    assert_eq!(line, 6, "{msg}");
    assert!(msg.contains("occupied since the placement on line 5"), "{msg}");
    let (_, _, msg) = error("2 2 1\n1\n3\n3 3\n2 7 1 1\n");
    assert!(msg.contains("colour"), "{msg}");
    let (_, _, msg) = error("2 2 1\n1\n3\n3 3\n1 7 3 1\n");
    assert!(msg.contains("row x (an integer from 1 to 2), found `3`"), "{msg}");
    let (_, _, msg) = error("2 2 2\n1\n3\n3 3\n1 7 1 1\n");
    assert!(msg.contains("end of input"), "{msg}");
}

proptest! {
    #[test]
    fn roads_parser_never_panics(s in "[0-9 \n-]{0,60}", t in "\\PC{0,40}") {
        for text in [&s, &t] {
            let mut out = Vec::new();
            let _ = chessreach::problems::solve(chessreach::problems::Problem::Roads, text, &mut out);
        }
    }
}
