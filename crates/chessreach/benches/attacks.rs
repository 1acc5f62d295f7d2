//! Attack maps at scale: 1,000 random fairy pieces on 1000×1000 (and the same with a third of
//! them hoppers, and with a third of them multi-leg XBetza pieces), 100,000 pieces on a strip;
//! and the 8×8 FEN-to-attacked-squares path the Python package calls.

#![expect(
    missing_docs,
    reason = "criterion's macros generate the undocumented entry points"
)]
#![expect(
    clippy::cast_possible_truncation,
    reason = "the benchmark's kind indices are below 26"
)]

use chessreach::attack::{AttackMap, Kind, Placed, Position, StripAttackMap};
use chessreach::geometry::{Board, Coord, Rect, Strip};
use chessreach::piece::{Colour, Dialect};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const FAIRY: [&str; 10] = ["K", "Q", "R", "B", "N", "BN", "RN", "NN", "nN", "fmWfcF"];
/// The same mix with a third of the kinds hoppers (cannons, the Xiangqi cannon, grasshoppers).
const WITH_HOPPERS: [&str; 9] = ["K", "Q", "R", "BN", "NN", "fmWfcF", "pR", "mRcpR", "gQ"];
/// `FAIRY` and five multi-leg XBetza pieces (a third of the kinds): the Mao, the Griffon (a bent
/// rider), the ski-slider, the Lion-like piece (locust and two-step king moves) and a double
/// locust on king steps. Read as XBetza (the single-leg texts mean the same in both dialects).
const WITH_LEGS: [&str; 15] = [
    "K",
    "Q",
    "R",
    "B",
    "N",
    "BN",
    "RN",
    "NN",
    "nN",
    "fmWfcF",
    "afsW",
    "FyafsF",
    "jR",
    "KADcaKmabK",
    "cafcaW",
];

fn random_position(board: Board, count: usize, files: std::ops::Range<i64>, seed: u64) -> Position {
    random_position_of(&FAIRY, Dialect::Fsf, board, count, files, seed)
}

fn random_position_of(
    rules: &[&str],
    dialect: Dialect,
    board: Board,
    count: usize,
    files: std::ops::Range<i64>,
    seed: u64,
) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let kinds: Vec<Kind> = rules
        .iter()
        .enumerate()
        .map(|(i, s)| Kind::new(char::from(b'A' + i as u8), dialect.parse(s).expect("rule")))
        .collect();
    let mut taken = std::collections::HashSet::new();
    let mut pieces = Vec::with_capacity(count);
    while pieces.len() < count {
        let at = Coord::new(
            rng.gen_range(files.clone()),
            rng.gen_range(1..=i64::from(board.ranks())),
        );
        if taken.insert(at) {
            pieces.push(Placed {
                kind: rng.gen_range(0..kinds.len()),
                colour: if rng.gen() { Colour::White } else { Colour::Black },
                at,
            });
        }
    }
    Position::new(board, kinds, pieces).expect("valid")
}

fn bench(c: &mut Criterion) {
    // The Rust work behind the Python package's `Position.from_fen(fen).attacked("white")`: a
    // middlegame FEN read, its map built, the attacked squares named.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    c.bench_function("8x8: FEN, attack map, White's attacked squares named", |b| {
        b.iter(|| {
            let pos = Position::from_fen(fen).expect("fen");
            let map = AttackMap::new(&pos).expect("bounded");
            let rect = map.rect();
            map.attacked(Colour::White)
                .iter()
                .map(|s| rect.coord(s).to_string())
                .collect::<Vec<_>>()
        });
    });
    let big = random_position(
        Board::Rect(Rect::new(1000, 1000).expect("size")),
        1000,
        1..1001,
        1,
    );
    for (name, fen) in [
        (
            "xiangqi",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
        ),
        (
            "shogi",
            "ln1g1gsnl/1r1sk2b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] w 0 4",
        ),
    ] {
        let pos = chessreach::variant::Catalogue::builtin()
            .get(name)
            .expect("built in")
            .position(fen)
            .expect("position");
        c.bench_function(&format!("attack map: a {name} position"), |b| {
            b.iter(|| AttackMap::new(std::hint::black_box(&pos)).expect("bounded"));
        });
    }
    c.bench_function("attack map: 1000 fairy pieces on 1000x1000", |b| {
        b.iter(|| AttackMap::new(&big).expect("bounded"));
    });
    let hopping = random_position_of(
        &WITH_HOPPERS,
        Dialect::Fsf,
        Board::Rect(Rect::new(1000, 1000).expect("size")),
        1000,
        1..1001,
        1,
    );
    c.bench_function("attack map: 1000 pieces, a third hoppers, on 1000x1000", |b| {
        b.iter(|| AttackMap::new(&hopping).expect("bounded"));
    });
    let legs = random_position_of(
        &WITH_LEGS,
        Dialect::Xbetza,
        Board::Rect(Rect::new(1000, 1000).expect("size")),
        1000,
        1..1001,
        1,
    );
    c.bench_function("attack map: 1000 pieces, a third multi-leg, on 1000x1000", |b| {
        b.iter(|| AttackMap::new(&legs).expect("bounded"));
    });
    let strip = random_position(
        Board::Strip(Strip::new(8).expect("8 ranks")),
        100_000,
        -50_000_000..50_000_000,
        2,
    );
    c.bench_function("attack map: 100000 fairy pieces on an 8-rank strip", |b| {
        b.iter(|| StripAttackMap::new(&strip).expect("strip"));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
