//! The knight duel: a whole 1000×1000 game in process (decision and every move, the opponent's
//! moves replayed from a recorded game against the greedy policy), and the exhaustive proof of
//! the strategy on every even board from 6×6 to 20×20 (one core).

#![allow(missing_docs)]

use chessreach::duel::policy::Policy;
use chessreach::duel::strategy::Strategy;
use chessreach::duel::verify::verify_board;
use chessreach::duel::Duel;
use chessreach::geometry::Coord;
use chessreach::piece::Colour;
use criterion::{criterion_group, criterion_main, Criterion};

/// Plays the strategy; the opponent either chooses (recording) or replays `script`.
fn game(duel: Duel, w0: Coord, b0: Coord, policy: Option<&mut Policy>, script: &mut Vec<Coord>) -> u32 {
    let strategy = Strategy::new(duel);
    let mut choice = strategy.choose(w0, b0);
    let side = choice.side;
    let (mut w, mut b, mut to_move, mut own, mut k) = (w0, b0, Colour::White, 0, 0);
    let mut policy = policy;
    loop {
        let to = if to_move == side {
            own += 1;
            let (me, them) = if side == Colour::White { (w, b) } else { (b, w) };
            strategy.reply(&mut choice, me, them)
        } else if let Some(p) = policy.as_deref_mut() {
            let t = p.choose(&duel, to_move, w, b);
            script.push(t);
            t
        } else {
            k += 1;
            script[k - 1]
        };
        if to_move == Colour::White {
            w = to;
        } else {
            b = to;
        }
        if duel.after_move(to_move, w, b).is_some() {
            return own;
        }
        to_move = to_move.opponent();
    }
}

fn bench(c: &mut Criterion) {
    let duel = Duel::new(1000, 1000).expect("size");
    let (w0, b0) = (Duel::cell(3, 998), Duel::cell(997, 2));
    let mut script = Vec::new();
    let own = game(duel, w0, b0, Some(&mut Policy::greedy(duel, 1)), &mut script);
    c.bench_function(
        &format!("knight duel: whole 1000x1000 game ({own} moves, replayed)"),
        |bch| {
            bch.iter(|| game(duel, w0, b0, None, &mut script.clone()));
        },
    );
    c.bench_function("knight duel: verify every board 6x6..20x20 (one core)", |bch| {
        bch.iter(|| {
            for r in (6..=20).step_by(2) {
                for m in (6..=20).step_by(2) {
                    verify_board(Duel::new(r, m).expect("size"), 350).expect("proven");
                }
            }
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
