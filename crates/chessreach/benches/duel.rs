//! Duels: a whole 1000×1000 knightmare game in process (decision and every move through the
//! referee, the opponent's moves replayed from a recorded game against the greedy policy), the
//! exhaustive proof of the strategy on every even board from 6×6 to 20×20 (one core), and the
//! exact solver on knight and rider pairs.

#![expect(missing_docs, reason = "criterion's macros generate undocumented items")]

use chessreach::duel::policy::Policy;
use chessreach::duel::solver::Solution;
use chessreach::duel::strategy::{Strategy, StrategyPlayer};
use chessreach::duel::verify::verify_board;
use chessreach::duel::{referee, Duel, Game, Player, PlayerError};
use chessreach::geometry::{Coord, Rect};
use chessreach::limits::Budget;
use chessreach::piece::Colour;
use criterion::{criterion_group, criterion_main, Criterion};

/// Plays back recorded moves.
struct Replay(Vec<Coord>, usize);

impl Player for Replay {
    fn choose(&mut self, _: &Game<'_>) -> Result<Coord, PlayerError> {
        self.1 += 1;
        self.0.get(self.1 - 1).copied().ok_or(PlayerError::Stopped)
    }
}

/// Records the moves of a player.
struct Record<'a>(Policy, &'a mut Vec<Coord>);

impl Player for Record<'_> {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        let mv = self.0.choose(game)?;
        self.1.push(mv);
        Ok(mv)
    }
}

fn game(duel: &Duel, w0: Coord, b0: Coord, other: &mut dyn Player) -> u32 {
    let mut engine = StrategyPlayer::new(Strategy::new(duel).expect("knightmare"), w0, b0);
    let side = engine.side();
    let mut game = Game::new(duel, w0, b0).expect("start").with_move_cap(side, 350);
    let verdict = match side {
        Colour::White => referee(&mut game, &mut engine, other),
        Colour::Black => referee(&mut game, other, &mut engine),
    };
    assert_eq!(verdict.winner(), Some(side));
    game.moves_made(side)
}

fn rect(f: u64, r: u64) -> Rect {
    Rect::new(f, r).expect("board")
}

fn bench(c: &mut Criterion) {
    let duel = Duel::knightmare(rect(1000, 1000)).expect("size");
    let (w0, b0) = (Coord::new(998, 3), Coord::new(2, 997));
    let mut script = Vec::new();
    let own = game(&duel, w0, b0, &mut Record(Policy::greedy(&duel, 1), &mut script));
    c.bench_function(
        &format!("knight duel: whole 1000x1000 game ({own} moves, replayed)"),
        |bch| {
            bch.iter(|| game(&duel, w0, b0, &mut Replay(script.clone(), 0)));
        },
    );
    c.bench_function("knight duel: verify every board 6x6..20x20 (one core)", |bch| {
        bch.iter(|| {
            for f in (6..=20).step_by(2) {
                for r in (6..=20).step_by(2) {
                    verify_board(rect(f, r), 350, Budget::default()).expect("proven");
                }
            }
        });
    });
    let mut group = c.benchmark_group("duel solver");
    group.sample_size(10);
    for (board, white, black) in [(32, "N", "N"), (64, "N", "N"), (32, "Q", "N"), (32, "R", "B")] {
        let d = Duel::new(
            rect(board, board),
            white.parse().expect("betza"),
            black.parse().expect("betza"),
            Some(Coord::new(16, 16)),
            Some(Coord::new(16, 17)),
        )
        .expect("duel");
        group.bench_function(
            format!("{white} vs {black} on {board}x{board}, every position"),
            |bch| {
                bch.iter(|| Solution::solve(&d, Budget::default(), None).expect("fits"));
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
