//! Multi-leg (XBetza) pieces: one piece's moves on 8×8 through the public API
//! ([`Position::moves_of`]), and distance maps of multi-leg movers on 1000×1000 beside the
//! single-leg pieces nearest them (the Mao `afsW` beside the knight `N`, which lands on the same
//! squares; the Griffon `FyafsF` beside `FR`, the ferz and rook it is bent from). The attack-map
//! row with a third of the pieces multi-leg is in `--bench attacks`.

#![expect(
    missing_docs,
    reason = "criterion's macros generate the undocumented entry points"
)]

use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect};
use chessreach::path::{Router, Scratch};
use chessreach::piece::{xbetza, Colour, Rule};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rule(text: &str) -> Rule {
    xbetza::parse(text).expect("an XBetza rule")
}

/// A White `piece` on d4 of 8×8 among foes on c5, e7 and f4 and a friend on d5: piece 0.
fn small(piece: &str) -> Position {
    let kinds = vec![Kind::new('X', rule(piece)), Kind::new('P', rule("fmWfcF"))];
    let at = |s: &str| s.parse::<Coord>().expect("square");
    let mut pieces = vec![Placed {
        kind: 0,
        colour: Colour::White,
        at: at("d4"),
    }];
    for (sq, colour) in [
        ("c5", Colour::Black),
        ("e7", Colour::Black),
        ("f4", Colour::Black),
        ("d5", Colour::White),
    ] {
        pieces.push(Placed {
            kind: 1,
            colour,
            at: at(sq),
        });
    }
    Position::new(Board::Rect(Rect::new(8, 8).expect("8x8")), kinds, pieces).expect("position")
}

/// 1000×1000 with `friends` random White pawns (blockers the mover can never take) and `foes`
/// random Black kings (squares it may not stop on), seed 1; the mover starts on 500,500.
fn big(friends: usize, foes: usize) -> Position {
    let mut rng = StdRng::seed_from_u64(1);
    let start = Coord::new(500, 500);
    let mut taken = std::collections::HashSet::from([start]);
    for c in [-1, 0, 1] {
        for r in [-1, 0, 1] {
            taken.insert(Coord::new(500 + c, 500 + r));
        }
    }
    let mut pieces = Vec::new();
    while pieces.len() < friends + foes {
        let at = Coord::new(rng.gen_range(1..=1000), rng.gen_range(1..=1000));
        if taken.insert(at) {
            pieces.push(Placed {
                kind: usize::from(pieces.len() >= friends),
                colour: if pieces.len() < friends {
                    Colour::White
                } else {
                    Colour::Black
                },
                at,
            });
        }
    }
    let kinds = vec![Kind::new('P', rule("fmWfcF")), Kind::new('K', rule("K"))];
    Position::new(Board::Rect(Rect::new(1000, 1000).expect("size")), kinds, pieces).expect("position")
}

fn bench(c: &mut Criterion) {
    for piece in ["KADcaKmabK", "FyafsF", "afsW", "fmFfcafmF"] {
        let pos = small(piece);
        c.bench_function(&format!("xbetza 8x8: moves of {piece} on d4, 4 blockers"), |b| {
            b.iter(|| std::hint::black_box(&pos).moves_of(0).expect("bounded"));
        });
    }
    let pos = big(20_000, 2_000);
    for piece in ["N", "afsW", "FR", "FyafsF"] {
        let r = rule(piece);
        let router = Router::new(&pos, &r, Colour::White, &[]).expect("router");
        let mut scratch = Scratch::default();
        c.bench_function(&format!("xbetza routes 1000x1000: distances of {piece}"), |b| {
            b.iter(|| router.distances(&mut scratch, Coord::new(500, 500)).expect("map"));
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
