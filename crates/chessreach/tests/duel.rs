//! Duels: the rules by hand, the solver against a plain backward induction written here from the
//! rules (moves typed by hand from the Betza definitions, not taken from the product's step
//! tables), the knightmare strategy proven, games through the referee, and the protocol.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "test boards are at most 12x12"
)]
use crate::common;

use std::collections::{BTreeSet, HashMap};

use chessreach::duel::policy::{Policy, SplitMix};
use chessreach::duel::protocol::{ProgramLink, Tokens};
use chessreach::duel::solver::{Solution, Value};
use chessreach::duel::strategy::{Strategy, StrategyPlayer};
use chessreach::duel::verify::verify_board;
use chessreach::duel::{
    referee, DrawBy, Duel, DuelError, Game, Outcome, Player, PlayerError, ProtocolError, Verdict, WinBy,
};
use chessreach::geometry::{Coord, Rect, Wrap};
use chessreach::input::Found;
use chessreach::limits::Budget;
use chessreach::piece::{Colour, Rule};
use chessreach::problems::knightmare::{play, Ending};
use chessreach::problems::SolveError;
use common::wrap::{self, Torus};
use common::{table, turned, Fam};

const W: Colour = Colour::White;
const B: Colour = Colour::Black;

fn sq(s: &str) -> Coord {
    s.parse().expect("square")
}

fn rect(f: u64, r: u64) -> Rect {
    Rect::new(f, r).expect("board")
}

// ------------------------------------------------------------------ the oracle

/// The table's pieces duels take (not hoppers nor initial moves: duels refuse them).
fn pieces() -> Vec<(&'static str, Vec<Fam>)> {
    table()
        .into_iter()
        .filter(|(_, f)| !f.iter().any(|x| x.hop || x.init))
        .collect()
}

struct Oracle {
    files: i64,
    ranks: i64,
    fams: [Vec<Fam>; 2],
    targets: [Option<(i64, i64)>; 2],
    /// A wrapped board: moves from the wrapped-board oracle (`common::wrap`), written from
    /// the rules of wrapped edges.
    wrap: Option<Torus>,
}

type Pos = ((i64, i64), (i64, i64), usize);

impl Oracle {
    fn new(files: i64, ranks: i64, white: &[Fam], black: &[Fam], targets: [Option<(i64, i64)>; 2]) -> Self {
        // Black's moves turned by 180°.
        Self {
            files,
            ranks,
            fams: [white.to_vec(), turned(black, B)],
            targets,
            wrap: None,
        }
    }

    /// The same duel on a board whose edges wrap as `wrap` says.
    fn wrapped(self, wrap: Wrap) -> Self {
        let torus = Torus::new(self.files, self.ranks, wrap.files(), wrap.ranks());
        Self {
            wrap: (!wrap.is_flat()).then_some(torus),
            ..self
        }
    }

    fn on(&self, (x, y): (i64, i64)) -> bool {
        (1..=self.files).contains(&x) && (1..=self.ranks).contains(&y)
    }

    /// Destinations of `side` from `p` with the other piece on `q`.
    fn moves(&self, side: usize, p: (i64, i64), q: (i64, i64)) -> BTreeSet<(i64, i64)> {
        let mut out = BTreeSet::new();
        if let Some(torus) = self.wrap {
            let (from, other) = (Coord::new(p.0, p.1), Coord::new(q.0, q.1));
            for m in &self.fams[side] {
                for t in wrap::reached(torus, m, from, &|c| c == other) {
                    if if t == other { m.cap } else { m.mv } {
                        out.insert((t.file, t.rank));
                    }
                }
            }
            return out;
        }
        for m in &self.fams[side] {
            if let Some((lx, ly)) = m.leg {
                if (p.0 + lx, p.1 + ly) == q {
                    continue;
                }
            }
            let mut k = 1;
            loop {
                let t = (p.0 + k * m.dx, p.1 + k * m.dy);
                if !self.on(t) {
                    break;
                }
                if t == q {
                    if m.cap {
                        out.insert(t);
                    }
                    break;
                }
                if m.mv {
                    out.insert(t);
                }
                if m.range != 0 && k == i64::from(m.range) {
                    break;
                }
                k += 1;
            }
        }
        out
    }

    /// Winner after `mover` moved to give (w, b), mover first.
    fn after(&self, mover: usize, w: (i64, i64), b: (i64, i64)) -> Option<usize> {
        if w == b {
            return Some(mover);
        }
        let at = [w, b];
        let holds = |s: usize| {
            self.targets[s] == Some(at[s]) && !self.moves(1 - s, at[1 - s], at[s]).contains(&at[s])
        };
        [mover, 1 - mover].into_iter().find(|&s| holds(s))
    }

    /// Plain backward induction: round k resolves wins in k plies (some move reaches a
    /// position won in k-1) and losses in k (every move reaches a loss, the longest in k-1).
    fn solve(&self) -> HashMap<Pos, (usize, u32)> {
        let squares: Vec<(i64, i64)> = (1..=self.ranks)
            .flat_map(|y| (1..=self.files).map(move |x| (x, y)))
            .collect();
        let mut res: HashMap<Pos, (usize, u32)> = HashMap::new();
        let mut live = Vec::new();
        for &w in &squares {
            for &b in &squares {
                for s in 0..2 {
                    match self.after(1 - s, w, b) {
                        Some(win) => {
                            res.insert((w, b, s), (win, 0));
                        }
                        None => live.push((w, b, s)),
                    }
                }
            }
        }
        for k in 1.. {
            let mut new = Vec::new();
            for &(w, b, s) in &live {
                if res.contains_key(&(w, b, s)) {
                    continue;
                }
                let (me, other) = if s == 0 { (w, b) } else { (b, w) };
                let succ: Vec<Option<(usize, u32)>> = self
                    .moves(s, me, other)
                    .into_iter()
                    .map(|t| {
                        let (nw, nb) = if s == 0 { (t, b) } else { (w, t) };
                        res.get(&(nw, nb, 1 - s)).copied()
                    })
                    .collect();
                if succ.iter().any(|r| *r == Some((s, k - 1))) {
                    new.push(((w, b, s), (s, k)));
                } else if !succ.is_empty()
                    && succ.iter().all(|r| matches!(r, Some((x, _)) if *x == 1 - s))
                    && succ.iter().flatten().map(|r| r.1).max() == Some(k - 1)
                {
                    new.push(((w, b, s), (1 - s, k)));
                }
            }
            if new.is_empty() {
                break;
            }
            res.extend(new);
        }
        res
    }
}

#[test]
fn oracle_piece_table_matches_the_product_on_an_empty_board() {
    // A sanity check of the hand-typed table itself (so a typo there is not a silent weaker
    // oracle): on 9x9 from the centre, with the other piece far away, both agree.
    for (text, fams) in pieces() {
        let duel = Duel::new(
            rect(9, 9),
            text.parse().expect("betza"),
            text.parse().expect("betza"),
            None,
            None,
        )
        .expect("duel");
        let o = Oracle::new(9, 9, &fams, &fams, [None, None]);
        for side in [W, B] {
            let s = side.index();
            let got: BTreeSet<(i64, i64)> = duel
                .moves(side, Coord::new(5, 5), Coord::new(1, 9))
                .into_iter()
                .map(|c| (c.file, c.rank))
                .collect();
            assert_eq!(got, o.moves(s, (5, 5), (1, 9)), "{text} as {side}");
        }
    }
}

fn check_against_oracle(files: i64, ranks: i64, wi: usize, bi: usize, targets: [Option<(i64, i64)>; 2]) {
    check_wrapped(files, ranks, wi, bi, targets, Wrap::None);
}

fn check_wrapped(files: i64, ranks: i64, wi: usize, bi: usize, targets: [Option<(i64, i64)>; 2], wrap: Wrap) {
    let table = pieces();
    let (wt, wf) = &table[wi];
    let (bt, bf) = &table[bi];
    let c = |t: Option<(i64, i64)>| t.map(|(x, y)| Coord::new(x, y));
    let duel = Duel::new(
        rect(files as u64, ranks as u64).with_wrap(wrap),
        wt.parse().expect("betza"),
        bt.parse().expect("betza"),
        c(targets[0]),
        c(targets[1]),
    )
    .expect("duel");
    let solved = Solution::solve(&duel, Budget::unlimited(), None).expect("solves");
    let oracle = Oracle::new(files, ranks, wf, bf, targets).wrapped(wrap).solve();
    for x1 in 1..=files {
        for y1 in 1..=ranks {
            for x2 in 1..=files {
                for y2 in 1..=ranks {
                    for s in 0..2 {
                        let side = if s == 0 { W } else { B };
                        let want = match oracle.get(&((x1, y1), (x2, y2), s)) {
                            None => Value::Draw,
                            Some(&(win, plies)) => Value::Win {
                                side: if win == 0 { W } else { B },
                                plies,
                            },
                        };
                        let got = solved.value(Coord::new(x1, y1), Coord::new(x2, y2), side);
                        assert_eq!(
                            got, want,
                            "{wt} vs {bt} on {files}x{ranks} ({wrap}), targets {targets:?}: W ({x1},{y1}) B ({x2},{y2}) {side} to move"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn solver_matches_backward_induction_on_random_duels() {
    let n = pieces().len();
    let mut rng = SplitMix::new(11);
    for case in 0..1000 {
        // Mostly 3..6 a side; every tenth duel up to 8x8.
        let most = if case % 10 == 0 { 6 } else { 4 };
        let (files, ranks) = (3 + rng.below(most) as i64, 3 + rng.below(most) as i64);
        let target = |rng: &mut SplitMix| {
            (rng.below(3) > 0).then(|| {
                (
                    1 + rng.below(files as usize) as i64,
                    1 + rng.below(ranks as usize) as i64,
                )
            })
        };
        let targets = [target(&mut rng), target(&mut rng)];
        check_against_oracle(files, ranks, rng.below(n), rng.below(n), targets);
    }
}

#[test]
fn solver_matches_backward_induction_on_wrapped_boards() {
    // Cylinders and tori from 1xN and 2x2 up: leaps that coincide or come home, rides that
    // come round, lame legs across the edge; the same backward induction, its moves from the
    // wrapped-board oracle.
    let n = pieces().len();
    let mut rng = SplitMix::new(29);
    for case in 0..400 {
        let (files, ranks) = if case % 8 == 0 {
            (1 + rng.below(2) as i64, 2 + rng.below(5) as i64)
        } else {
            (2 + rng.below(4) as i64, 2 + rng.below(4) as i64)
        };
        let wrap = [Wrap::Files, Wrap::Ranks, Wrap::Both][rng.below(3)];
        let target = |rng: &mut SplitMix| {
            (rng.below(3) > 0).then(|| {
                (
                    1 + rng.below(files as usize) as i64,
                    1 + rng.below(ranks as usize) as i64,
                )
            })
        };
        let targets = [target(&mut rng), target(&mut rng)];
        check_wrapped(files, ranks, rng.below(n), rng.below(n), targets, wrap);
    }
}

#[test]
fn solver_matches_backward_induction_on_every_pair_and_larger_boards() {
    let n = pieces().len();
    for wi in 0..n {
        for bi in 0..n {
            check_against_oracle(4, 5, wi, bi, [Some((2, 2)), Some((3, 4))]);
        }
    }
    // Knightmare itself, against the same oracle, on non-square boards up to 8x8.
    for (f, r) in [(6, 6), (6, 8), (8, 6), (8, 8)] {
        check_against_oracle(f, r, 0, 0, [Some((f / 2, r / 2)), Some((f / 2, r / 2 + 1))]);
    }
}

// ------------------------------------------------------------------ rules by hand

#[test]
fn win_conditions_by_hand() {
    let d = Duel::knightmare(rect(8, 8)).expect("8x8");
    assert_eq!(d.target(W), Some(sq("d4")));
    assert_eq!(d.target(B), Some(sq("d5")));
    // Capture: the mover wins.
    assert_eq!(d.after_move(W, sq("c3"), sq("c3")), Some((W, WinBy::Capture)));
    // White on its target, not attacked: White wins.
    assert_eq!(d.after_move(W, sq("d4"), sq("a1")), Some((W, WinBy::Target)));
    // White on its target but attacked by Black (from c2): nothing yet.
    assert_eq!(d.after_move(W, sq("d4"), sq("c2")), None);
    // Black stands on its target; White moves away from guarding it: Black wins.
    assert_eq!(d.after_move(W, sq("a1"), sq("d5")), Some((B, WinBy::Target)));
    // Both on their targets after White's move: the mover's win counts first.
    assert_eq!(d.after_move(W, sq("d4"), sq("d5")), Some((W, WinBy::Target)));
    assert!(Duel::knightmare(rect(7, 8)).is_err());
    assert!(Duel::knightmare(rect(4, 4)).is_err());
    assert!(d.check_start(sq("d4"), sq("a1")).is_err());
    assert!(
        d.check_start(sq("d5"), sq("d4")).is_ok(),
        "one may start on the other's target"
    );
    assert!(d.check_start(sq("a1"), sq("a1")).is_err());
    assert!(d.check_start(sq("i1"), sq("a1")).is_err());
}

#[test]
fn black_is_turned_by_180_degrees() {
    // rW: one step to the right. Black's right is White's left.
    let d = Duel::new(
        rect(5, 5),
        "rW".parse().expect("rW"),
        "rW".parse().expect("rW"),
        None,
        None,
    )
    .expect("duel");
    assert_eq!(d.moves(W, sq("c3"), sq("a5")), vec![sq("d3")]);
    assert_eq!(d.moves(B, sq("c3"), sq("a5")), vec![sq("b3")]);
    // A pawn captures forward for its side.
    let p = Duel::new(
        rect(5, 5),
        "P".parse().expect("P"),
        "P".parse().expect("P"),
        None,
        None,
    )
    .expect("duel");
    assert!(p.attacks(W, sq("c3"), sq("d4")) && !p.attacks(W, sq("c3"), sq("d2")));
    assert!(p.attacks(B, sq("c3"), sq("d2")) && !p.attacks(B, sq("c3"), sq("d4")));
}

#[test]
fn duels_refuse_hoppers_and_initial_moves() {
    let e = Duel::new(
        rect(5, 5),
        "pR".parse().expect("pR"),
        "N".parse().expect("N"),
        None,
        None,
    );
    assert!(matches!(e, Err(chessreach::duel::DuelError::Hopper(W))), "{e:?}");
    let e = Duel::new(
        rect(5, 5),
        "N".parse().expect("N"),
        "fmWfceFifmnD".parse().expect("pawn"),
        None,
        None,
    );
    assert!(
        matches!(e, Err(chessreach::duel::DuelError::InitialMoves(B))),
        "{e:?}"
    );
}

#[test]
fn game_play_and_draws() {
    let d = Duel::new(
        rect(3, 3),
        "fR".parse().expect("fR"),
        "fR".parse().expect("fR"),
        None,
        None,
    )
    .expect("duel");
    // White a1 goes up the a-file, Black c3 goes down the c-file: they never meet.
    let mut g = Game::new(&d, sq("a1"), sq("c3")).expect("start");
    assert_eq!(g.play(sq("a3")), Ok(Outcome::Ongoing));
    assert_eq!(g.play(sq("c1")), Ok(Outcome::Drawn(DrawBy::NoMoves)));
    assert!(g.play(sq("a2")).is_err());
    // An immobile White piece: drawn before the first move.
    let e = Duel::new(rect(3, 3), Rule::default(), "K".parse().expect("K"), None, None).expect("duel");
    let g = Game::new(&e, sq("a1"), sq("c3")).expect("start");
    assert_eq!(g.outcome(), Outcome::Drawn(DrawBy::NoMoves));
    // The cap.
    let k = Duel::new(
        rect(8, 8),
        "K".parse().expect("K"),
        "K".parse().expect("K"),
        None,
        None,
    )
    .expect("duel");
    let mut g = Game::new(&k, sq("a1"), sq("h8"))
        .expect("start")
        .with_move_cap(W, 1);
    assert_eq!(g.play(sq("b1")), Ok(Outcome::Drawn(DrawBy::MoveCap)));
    let mut g = Game::new(&k, sq("a1"), sq("h8")).expect("start");
    assert!(matches!(
        g.play(sq("c1")),
        Err(chessreach::duel::IllegalMove::NotAMove { .. })
    ));
}

#[test]
fn solver_refuses_what_does_not_fit() {
    let d = Duel::knightmare(rect(200, 200)).expect("duel");
    let e = Solution::solve(&d, Budget::new(1 << 30), None).expect_err("too large");
    assert!(e.to_string().contains("would need 25.6 GB"), "{e}");
    let e = verify_board(rect(200, 200), 350, Budget::new(1 << 30)).expect_err("too large");
    assert!(e.to_string().contains("over the memory budget"), "{e}");
    // A size in the refusal, not a saturated one (250x250: about 62 GB, never "18 EB").
    let d = Duel::knightmare(rect(250, 250)).expect("duel");
    let e = Solution::solve(&d, Budget::new(1 << 30), None).expect_err("too large");
    assert!(e.to_string().contains("would need 62."), "{e}");
    let d = Duel::knightmare(rect(1 << 10, 1 << 10)).expect("duel");
    assert!(Solution::bytes_needed(&d).is_some_and(|b| b > 1 << 44));
    assert!(matches!(
        Solution::solve(&d, Budget::unlimited(), None),
        Err(chessreach::duel::DuelError::TooManyPositions(_))
    ));
}

// ------------------------------------------------------------------ knightmare

#[test]
fn target_distances_have_the_closed_form() {
    use chessreach::duel::leaper::{knight_distance, LeaperDistances};
    let steps = "N".parse::<Rule>().expect("knight").steps(W);
    let small = (6..=30)
        .step_by(2)
        .flat_map(|n| (6..=30).step_by(2).map(move |m| (n, m)));
    for (files, ranks) in small.chain([(1000, 1000), (6, 1000), (1000, 6)]) {
        let d = Duel::knightmare(rect(files, ranks)).expect("size");
        for side in [W, B] {
            let t = d.target(side).expect("target");
            let bfs = LeaperDistances::new(d.rect(), &steps, t);
            for s in d.rect().squares() {
                let c = d.rect().coord(s);
                let formula = knight_distance(c.file - t.file, c.rank - t.rank);
                assert_eq!(
                    bfs.get(s).map(u64::from),
                    Some(formula),
                    "{files}x{ranks}, {side} target, {c}"
                );
            }
        }
    }
}

#[test]
fn strategy_is_proven_on_every_board_up_to_12x12() {
    for files in (6..=12).step_by(2) {
        for ranks in (6..=12).step_by(2) {
            let report =
                verify_board(rect(files, ranks), 350, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
            assert!(report.starts > 1000 && report.longest <= 350, "{report:?}");
        }
    }
}

#[test]
fn solver_knows_the_samples() {
    let d = Duel::knightmare(rect(8, 8)).expect("8x8");
    let s = Solution::solve(&d, Budget::default(), None).expect("solves");
    // Sample 1: rows/columns (2,3) and (1,8) are c2 and h1.
    assert_eq!(s.value(sq("c2"), sq("h1"), W), Value::Win { side: W, plies: 1 });
    let d = Duel::knightmare(rect(6, 6)).expect("6x6");
    let s = Solution::solve(&d, Budget::default(), None).expect("solves");
    assert!(matches!(
        s.value(sq("d4"), sq("b2"), W),
        Value::Win { side: B, .. }
    ));
}

/// A player that counts its moves and checks every one it is asked for is legal.
struct Counting<P>(P, u32);

impl<P: Player> Player for Counting<P> {
    fn choose(&mut self, game: &Game<'_>) -> Result<Coord, PlayerError> {
        self.1 += 1;
        let mv = self.0.choose(game)?;
        assert!(game.legal_moves().contains(&mv), "illegal move {mv}");
        Ok(mv)
    }
}

#[test]
fn strategy_beats_every_policy_on_random_boards() {
    let mut rng = SplitMix::new(2026);
    let mut solutions: HashMap<Rect, std::sync::Arc<Solution>> = HashMap::new();
    for g in 0..600u64 {
        let (files, ranks) = if g % 10 == 0 {
            (2 * (3 + rng.below(498) as u64), 2 * (3 + rng.below(498) as u64))
        } else {
            (2 * (3 + rng.below(5) as u64), 2 * (3 + rng.below(5) as u64))
        };
        let duel = Duel::knightmare(rect(files, ranks)).expect("size");
        let (w, b) = loop {
            let mut pick = || {
                Coord::new(
                    1 + rng.below(files as usize) as i64,
                    1 + rng.below(ranks as usize) as i64,
                )
            };
            let (w, b) = (pick(), pick());
            if duel.check_start(w, b).is_ok() {
                break (w, b);
            }
        };
        let mut policy = match g % 3 {
            0 => Policy::Random(SplitMix::new(g)),
            1 => Policy::greedy(&duel, g),
            _ if files * ranks <= 400 => {
                let s = solutions.entry(duel.rect()).or_insert_with(|| {
                    std::sync::Arc::new(Solution::solve(&duel, Budget::default(), None).expect("solves"))
                });
                Policy::Optimal(std::sync::Arc::clone(s))
            }
            _ => Policy::greedy(&duel, g + 1),
        };
        let mut engine = Counting(
            StrategyPlayer::new(Strategy::new(&duel).expect("knightmare"), w, b),
            0,
        );
        let side = engine.0.side();
        let mut game = Game::new(&duel, w, b).expect("start").with_move_cap(side, 350);
        let verdict = match side {
            W => referee(&mut game, &mut engine, &mut policy),
            B => referee(&mut game, &mut policy, &mut engine),
        };
        assert_eq!(
            verdict.winner(),
            Some(side),
            "{verdict} from {w} {b} on {files}x{ranks}"
        );
        assert!(engine.1 <= 350);
    }
}

#[test]
fn policies_play_any_duel_to_a_verdict() {
    // Hundreds of games between policies on random small duels: every verdict is a game over
    // by the rules (no illegal moves, no failures), and an optimal player never loses a start
    // the solver says it wins.
    let table = pieces();
    let mut rng = SplitMix::new(5);
    for g in 0..300u64 {
        let (files, ranks) = (3 + rng.below(5) as u64, 3 + rng.below(5) as u64);
        let (wt, bt) = (table[rng.below(table.len())].0, table[rng.below(table.len())].0);
        let targets = [
            Some(Coord::new(1, 1)),
            Some(Coord::new(files as i64, ranks as i64)),
        ];
        let duel = Duel::new(
            rect(files, ranks),
            wt.parse().expect("b"),
            bt.parse().expect("b"),
            targets[0],
            targets[1],
        )
        .expect("duel");
        let Some((w, b)) = (0..50).find_map(|_| {
            let mut pick = || {
                Coord::new(
                    1 + rng.below(files as usize) as i64,
                    1 + rng.below(ranks as usize) as i64,
                )
            };
            let (w, b) = (pick(), pick());
            duel.check_start(w, b).is_ok().then_some((w, b))
        }) else {
            continue;
        };
        let solved = std::sync::Arc::new(Solution::solve(&duel, Budget::default(), None).expect("solves"));
        let mut optimal = Policy::Optimal(std::sync::Arc::clone(&solved));
        let mut other = if g.is_multiple_of(2) {
            Policy::Random(SplitMix::new(g))
        } else {
            Policy::greedy(&duel, g)
        };
        let mut game = Game::new(&duel, w, b).expect("start").with_max_plies(400);
        let value = solved.value(w, b, W);
        let verdict = if g % 4 < 2 {
            referee(&mut game, &mut optimal, &mut other)
        } else {
            referee(&mut game, &mut other, &mut optimal)
        };
        let opt_side = if g % 4 < 2 { W } else { B };
        assert!(matches!(verdict, Verdict::Over(_)), "{verdict}");
        if let Value::Win { side, plies } = value {
            if side == opt_side {
                assert_eq!(
                    verdict.winner(),
                    Some(side),
                    "{wt} v {bt} {files}x{ranks} {w} {b}"
                );
                assert!(game.plies() <= plies, "the winner hurries");
            }
        }
    }
}

// ------------------------------------------------------------------ the protocol

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
    // Illegal, malformed, missing replies are errors naming their line, not hangs.
    let (_, r) = run("6 6\n4 4 2 2\n6 6\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if e.line == 3 && e.found == Found::Text("the illegal move 6 6".into())),
        "{r:?}"
    );
    let (_, r) = run("6 6\n4 4 2 2\n6 x\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if (e.line, e.column) == (3, 3)),
        "{r:?}"
    );
    let (_, r) = run("6 6\n4 4 2 2\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if e.found == Found::End),
        "{r:?}"
    );
    let (_, r) = run("7 6\n1 1 2 2\n");
    assert!(matches!(r, Err(SolveError::Input(ref e)) if e.line == 1), "{r:?}");
    let (_, r) = run("6 6\n3 3 3 3\n");
    assert!(matches!(r, Err(SolveError::Input(ref e)) if e.line == 2), "{r:?}");
    let (_, r) = run("6 6\n9 9 3 3\n");
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if e.line == 2 && matches!(e.found, Found::Refused(ref r) if r.downcast_ref::<DuelError>().is_some()) && e.to_string().contains("off")),
        "{r:?}"
    );
    // Bytes that are not UTF-8 are an error at their line.
    let mut out = Vec::new();
    let r = play(&b"6 6\n4 4 2 2\n6 \xff\n"[..], &mut out);
    assert!(
        matches!(r, Err(SolveError::Input(ref e)) if (e.line, e.column) == (3, 3)),
        "{r:?}"
    );
    // A flood on one line is cut off.
    let flood = format!("6 6\n4 4 2 2\n{}\n", "7".repeat(100_000));
    let (_, r) = run(&flood);
    assert!(
        matches!(
            r,
            Err(SolveError::Player(PlayerError::Protocol(
                ProtocolError::LineTooLong { line: 3, limit: 4096 }
            )))
        ),
        "{r:?}"
    );
}

/// The judge's end of the protocol against the program's end, in process.
#[test]
fn program_link_referees_knightmare_in_process() {
    use std::io::{BufReader, Read};
    let duel = Duel::knightmare(rect(8, 8)).expect("8x8");
    let game = Game::new(&duel, sq("c2"), sq("h1")).expect("start");
    // A scripted program: chooses WHITE, then plays the sample's winning move d4 (row 4, col 4).
    let program_output = "WHITE\n4 4\n";
    let mut to_program = Vec::new();
    let mut link = ProgramLink::open(BufReader::new(program_output.as_bytes()), &mut to_program, &game)
        .map_err(|(e, _)| e)
        .expect("opens");
    assert_eq!(link.side(), W);
    let mut game = game;
    let mut opponent = Policy::Random(SplitMix::new(1));
    let verdict = referee(&mut game, &mut link, &mut opponent);
    assert_eq!(verdict.winner(), Some(W));
    drop(link);
    let mut sent = String::new();
    to_program.as_slice().read_to_string(&mut sent).expect("utf-8");
    assert_eq!(sent, "8 8\n2 3 1 8\n");
    // Tokens name lines and columns.
    let mut t = Tokens::new(&b"1 2\n  x"[..]);
    assert_eq!(t.int("a").ok(), Some(1));
    assert_eq!(t.int("b").ok(), Some(2));
    let e = t.int("c").expect_err("x");
    assert!(
        matches!(e, PlayerError::Input(ref i) if (i.line, i.column) == (2, 3)),
        "{e}"
    );
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
