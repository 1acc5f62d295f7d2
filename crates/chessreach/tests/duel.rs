//! The knight duel: rules by hand, the strategy proven exhaustively, games against every
//! policy, and the interactive protocol.

use chessreach::duel::policy::{Policy, SplitMix};
use chessreach::duel::solver::{Outcome, Solved};
use chessreach::duel::strategy::Strategy;
use chessreach::duel::verify::verify_board;
use chessreach::duel::Duel;
use chessreach::geometry::Coord;
use chessreach::piece::Colour;
use chessreach::problems::knightmare::{play, Ending};
use chessreach::problems::SolveError;

const W: Colour = Colour::White;
const B: Colour = Colour::Black;

fn cell(x: i64, y: i64) -> Coord {
    Duel::cell(x, y)
}

#[test]
fn win_conditions_by_hand() {
    let d = Duel::new(8, 8).expect("8x8");
    assert_eq!(d.target(W), cell(4, 4));
    assert_eq!(d.target(B), cell(5, 4));
    // Capture: the mover wins.
    assert_eq!(d.after_move(W, cell(3, 3), cell(3, 3)), Some(W));
    // White on its target, not attacked: White wins.
    assert_eq!(d.after_move(W, cell(4, 4), cell(1, 1)), Some(W));
    // White on its target but attacked by Black (from (2,3)): nothing yet.
    assert_eq!(d.after_move(W, cell(4, 4), cell(2, 3)), None);
    // Black stands on its target; White moves away from guarding it: Black wins.
    assert_eq!(d.after_move(W, cell(1, 1), cell(5, 4)), Some(B));
    // Both on their targets after White's move: the mover's win counts first.
    assert_eq!(d.after_move(W, cell(4, 4), cell(5, 4)), Some(W));
    assert!(Duel::new(7, 8).is_err());
    assert!(d.check_start(cell(4, 4), cell(1, 1)).is_err());
    assert!(
        d.check_start(cell(5, 4), cell(4, 4)).is_ok(),
        "one may start on the other's target"
    );
}

#[test]
fn target_distances_have_the_closed_form() {
    use chessreach::path::leaper::{knight_distance, LeaperDistances};
    let steps = "N".parse::<chessreach::piece::Rule>().expect("knight").steps(W);
    let small = (6..=30)
        .step_by(2)
        .flat_map(|n| (6..=30).step_by(2).map(move |m| (n, m)));
    for (rows, cols) in small.chain([(1000, 1000), (6, 1000), (1000, 6)]) {
        let d = Duel::new(rows, cols).expect("size");
        for side in [W, B] {
            let t = d.target(side);
            let bfs = LeaperDistances::new(d.rect(), &steps, t);
            for s in d.rect().squares() {
                let c = d.rect().coord(s);
                let formula = knight_distance(c.file - t.file, c.rank - t.rank);
                assert_eq!(
                    bfs.get(s).map(u64::from),
                    Some(formula),
                    "{rows}x{cols}, {side} target, {c:?}"
                );
            }
        }
    }
}

#[test]
fn strategy_is_proven_on_every_board_up_to_10x10() {
    for rows in (6..=10).step_by(2) {
        for cols in (6..=10).step_by(2) {
            let report =
                verify_board(Duel::new(rows, cols).expect("size"), 350).unwrap_or_else(|e| panic!("{e}"));
            assert!(report.starts > 1000 && report.longest <= 350, "{report:?}");
        }
    }
}

#[test]
fn solver_knows_the_samples() {
    let d = Duel::new(8, 8).expect("8x8");
    let s = Solved::new(d);
    assert_eq!(
        s.outcome(cell(2, 3), cell(1, 8), W),
        Outcome::Win { side: W, plies: 1 }
    );
    let d = Duel::new(6, 6).expect("6x6");
    let s = Solved::new(d);
    assert!(matches!(
        s.outcome(cell(4, 4), cell(2, 2), W),
        Outcome::Win { side: B, .. }
    ));
}

/// Plays the strategy against a policy in process; returns the strategy's own moves.
fn game(duel: Duel, strategy: &Strategy, w0: Coord, b0: Coord, policy: &mut Policy) -> u32 {
    let mut choice = strategy.choose(w0, b0);
    let side = choice.side;
    let (mut w, mut b) = (w0, b0);
    let (mut to_move, mut own) = (W, 0);
    loop {
        if to_move == side {
            let (me, them) = if side == W { (w, b) } else { (b, w) };
            let to = strategy.reply(&mut choice, me, them);
            assert!(
                Duel::attacks(me, to) && duel.contains(to),
                "illegal strategy move"
            );
            if side == W {
                w = to;
            } else {
                b = to;
            }
            own += 1;
        } else {
            let to = policy.choose(&duel, to_move, w, b);
            if to_move == W {
                w = to;
            } else {
                b = to;
            }
        }
        match duel.after_move(to_move, w, b) {
            Some(s) if s == side => return own,
            Some(_) => panic!(
                "strategy lost from {w0:?} {b0:?} on {}x{}",
                duel.rows(),
                duel.cols()
            ),
            None => assert!(own < 350, "over the move cap"),
        }
        to_move = to_move.opponent();
    }
}

#[test]
fn strategy_beats_every_policy_on_random_boards() {
    let mut rng = SplitMix::new(2026);
    for g in 0..600u64 {
        let (rows, cols) = if g % 10 == 0 {
            (2 * (3 + rng.below(498) as u64), 2 * (3 + rng.below(498) as u64))
        } else {
            (2 * (3 + rng.below(5) as u64), 2 * (3 + rng.below(5) as u64))
        };
        let duel = Duel::new(rows, cols).expect("size");
        let strategy = Strategy::new(duel);
        let (w, b) = loop {
            let pick = |rng: &mut SplitMix| {
                cell(
                    1 + rng.below(rows as usize) as i64,
                    1 + rng.below(cols as usize) as i64,
                )
            };
            let (w, b) = (pick(&mut rng), pick(&mut rng));
            if duel.check_start(w, b).is_ok() {
                break (w, b);
            }
        };
        let mut policy = match g % 3 {
            0 => Policy::Random(SplitMix::new(g)),
            1 => Policy::greedy(duel, g),
            _ if rows * cols <= 400 => Policy::Optimal(Box::new(Solved::new(duel))),
            _ => Policy::greedy(duel, g + 1),
        };
        let own = game(duel, &strategy, w, b, &mut policy);
        assert!(own <= 350);
    }
}

fn run(input: &str) -> (String, Result<Ending, SolveError>) {
    let mut out = Vec::new();
    let r = play(input.as_bytes(), &mut out);
    (String::from_utf8(out).expect("utf-8"), r)
}

#[test]
fn protocol_samples_and_errors() {
    let (out, r) = run("8 8\n2 3 1 8\n");
    assert_eq!((out.as_str(), r.ok()), ("WHITE\n4 4\n", Some(Ending::Won)));
    let (out, r) = run("6 6\n4 4 2 2\n6 3\n");
    assert_eq!((out.as_str(), r.ok()), ("BLACK\n4 3\n", Some(Ending::Won)));
    // The judge stops the game.
    let (out, r) = run("6 6\n4 4 2 2\n-1 -1\n");
    assert_eq!((out.as_str(), r.ok()), ("BLACK\n", Some(Ending::Stopped)));
    // Illegal, malformed, missing replies are errors, not hangs.
    let (_, r) = run("6 6\n4 4 2 2\n6 6\n");
    assert!(
        matches!(r, Err(SolveError::Protocol(ref m)) if m.contains("illegal")),
        "{r:?}"
    );
    let (_, r) = run("6 6\n4 4 2 2\n6 x\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if (e.line, e.column) == (3, 3)),
        "{r:?}"
    );
    let (_, r) = run("6 6\n4 4 2 2\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if e.found == "end of input"),
        "{r:?}"
    );
    let (_, r) = run("7 6\n1 1 2 2\n");
    assert!(matches!(r, Err(SolveError::Protocol(_))), "{r:?}");
    let (_, r) = run("6 6\n3 3 3 3\n");
    assert!(matches!(r, Err(SolveError::Protocol(_))), "{r:?}");
}

proptest::proptest! {
    /// Arbitrary judge text never panics or hangs the protocol: it ends with a win, a stop, or
    /// an error.
    #[test]
    fn protocol_never_panics(s in "[0-9 \n-]{0,60}", t in "\\PC{0,60}") {
        for text in [&s, &t] {
            let _ = run(text);
        }
        let _ = run(&format!("8 8\n2 3 1 8\n{s}"));
        let _ = run(&format!("6 6\n4 4 2 2\n{s}"));
    }
}
