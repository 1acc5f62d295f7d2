//! Route engines against breadth-first search over explicitly enumerated states.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "test boards are small"
)]
use crate::common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chessreach::attack::{Confinement, Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect, Strip};
use chessreach::limits::Budget;
use chessreach::path::bitboard::{self, BitRouter, Target};
use chessreach::path::strip::king_route;
use chessreach::path::{
    self as route, ask, Area, Capturable, Goal, Mover, Question, Router, SquareMoves, Way,
};
use chessreach::piece::{Colour, Rule};
use common::{arb_piece, naive, naive_moves_within, naive_walk, TestPiece};
use proptest::prelude::*;

/// Squares attacked by `side`'s pieces once the pieces in `gone` are off the board, walking
/// each rule naively.
fn attacked_without(
    pos: &Position,
    kinds: &[TestPiece],
    gone: &BTreeSet<usize>,
    side: Colour,
    within: &dyn Fn(Coord) -> bool,
) -> BTreeSet<Coord> {
    let pieces: Vec<Placed> = pos
        .pieces()
        .iter()
        .enumerate()
        .filter(|(i, _)| !gone.contains(i))
        .map(|(_, p)| *p)
        .collect();
    let sub =
        Position::new(pos.board(), pos.kinds().to_vec(), pieces.clone()).expect("subset of a valid position");
    naive(&sub, kinds, within)
        .into_iter()
        .filter(|&(_, i)| pieces[i].colour == side)
        .map(|(c, _)| c)
        .collect()
}

/// The mover's moves from `at`: its families, and its initial moves when it stands on its
/// side's double-step rank (the second from its own edge, Fairy-Stockfish's default).
fn mover_moves(
    board: Board,
    mover: &TestPiece,
    colour: Colour,
    at: Coord,
    inside: &dyn Fn(Coord) -> bool,
    occupied: &dyn Fn(Coord) -> bool,
) -> Vec<(Coord, bool, bool)> {
    let height = match board {
        Board::Rect(r) => i64::from(r.height()),
        Board::Strip(s) => i64::from(s.ranks()),
    };
    let region = if colour == Colour::White { 2 } else { height - 1 };
    let mut found = naive_moves_within(&mover.fams, colour, at, inside, occupied);
    if at.rank == region && height >= 2 {
        found.extend(naive_walk(&mover.fams, true, colour, at, inside, occupied));
    }
    found
}

/// A mover's moves from a square, given the squares inside the board and those occupied:
/// (landing, may capture, may move).
type Moves<'a> = dyn Fn(Coord, &dyn Fn(Coord) -> bool, &dyn Fn(Coord) -> bool) -> Vec<Landing> + 'a;

/// A move a mover could make: landing, may capture, may move.
type Landing = (Coord, bool, bool);

/// A mover of one rule on every square ([`mover_moves`]).
fn plain(board: Board, mover: &TestPiece, colour: Colour) -> Box<Moves<'_>> {
    Box::new(move |at, inside, occupied| mover_moves(board, mover, colour, at, inside, occupied))
}

/// The mover's state graph, enumerated: (captured subset, square) → distance, on the squares of
/// the board `within` accepts.
fn oracle(
    pos: &Position,
    kinds: &[TestPiece],
    moves: &Moves<'_>,
    colour: Colour,
    start: Coord,
    capturable: &[usize],
    within: &dyn Fn(Coord) -> bool,
) -> BTreeMap<(u32, Coord), u32> {
    let board = pos.board();
    let inside = |c: Coord| board.contains(c) && within(c);
    let k = capturable.len();
    // Attacked squares per subset, walking each rule naively among the still active pieces.
    let attacked: Vec<BTreeSet<Coord>> = (0..1u32 << k)
        .map(|s| {
            let gone: BTreeSet<usize> = (0..k)
                .filter(|b| s >> b & 1 == 1)
                .map(|b| capturable[b])
                .collect();
            attacked_without(pos, kinds, &gone, colour.opponent(), &inside)
        })
        .collect();
    let mut dist = BTreeMap::new();
    let mut queue = VecDeque::new();
    dist.insert((0, start), 0);
    queue.push_back((0u32, start));
    let standing: BTreeMap<Coord, usize> = pos.pieces().iter().enumerate().map(|(i, p)| (p.at, i)).collect();
    while let Some((s, at)) = queue.pop_front() {
        let d = dist[&(s, at)];
        let active = |c: Coord| {
            standing.get(&c).copied().filter(|i| {
                capturable
                    .iter()
                    .position(|x| x == i)
                    .is_none_or(|b| s >> b & 1 == 0)
            })
        };
        for (t, can_capture, can_move) in moves(at, &inside, &|c| active(c).is_some()) {
            if attacked[s as usize].contains(&t) {
                continue;
            }
            let next = match active(t) {
                None if can_move => Some(s),
                Some(i) if can_capture => capturable.iter().position(|&x| x == i).map(|b| s | 1 << b),
                _ => None,
            };
            if let Some(n) = next {
                dist.entry((n, t)).or_insert_with(|| {
                    queue.push_back((n, t));
                    d + 1
                });
            }
        }
    }
    dist
}

fn mover() -> impl Strategy<Value = TestPiece> {
    prop_oneof![
        Just(TestPiece::named("K")),
        Just(TestPiece::named("N")),
        Just(TestPiece::named("Q")),
        Just(TestPiece::named("fmWfcF")),
        arb_piece(),
    ]
}

fn setup(
    w: u64,
    h: u64,
    kinds: &[TestPiece],
    spots: Vec<(usize, bool, i64, i64, bool)>,
    start: (i64, i64),
) -> Option<(Position, Vec<usize>, Coord)> {
    let rect = Rect::new(w, h).ok()?;
    let start = Coord::new(start.0, start.1);
    if !rect.contains(start) {
        return None;
    }
    let kinds = common::kinds(kinds);
    let mut seen = BTreeSet::from([start]);
    let mut pieces = Vec::new();
    let mut capturable = Vec::new();
    for (k, black, f, r, cap) in spots {
        let at = Coord::new(f, r);
        if rect.contains(at) && seen.insert(at) {
            if cap && black && capturable.len() < 4 {
                capturable.push(pieces.len());
            }
            pieces.push(Placed {
                kind: k % kinds.len(),
                colour: if black { Colour::Black } else { Colour::White },
                at,
            });
        }
    }
    Some((
        Position::new(Board::Rect(rect), kinds, pieces).ok()?,
        capturable,
        start,
    ))
}

/// A route is legal: each step a move of the rule in the state it was made in, onto a safe
/// square; captures exactly where the route says.
fn check_route(
    pos: &Position,
    kinds: &[TestPiece],
    mover: &TestPiece,
    squares: &[Coord],
    captured: &[usize],
    capturable: &[usize],
    within: &dyn Fn(Coord) -> bool,
) -> Result<(), String> {
    let inside = |c: Coord| pos.board().contains(c) && within(c);
    let mut gone: Vec<usize> = Vec::new();
    // The attacked squares, walked again only when a capture changes them.
    let attacked_now = |gone: &[usize]| {
        attacked_without(
            pos,
            kinds,
            &gone.iter().copied().collect(),
            Colour::Black,
            &inside,
        )
    };
    let mut attacked = attacked_now(&gone);
    let standing: BTreeMap<Coord, usize> = pos.pieces().iter().enumerate().map(|(i, p)| (p.at, i)).collect();
    for w in squares.windows(2) {
        let active = |c: Coord| standing.get(&c).copied().filter(|i| !gone.contains(i));
        let options = mover_moves(pos.board(), mover, Colour::White, w[0], &inside, &|c| {
            active(c).is_some()
        });
        if attacked.contains(&w[1]) {
            return Err(format!("{} is attacked", w[1]));
        }
        let ok = options.iter().any(|&(t, cap, mv)| {
            t == w[1]
                && match active(t) {
                    None => mv,
                    Some(i) => cap && capturable.contains(&i),
                }
        });
        if !ok {
            return Err(format!("{} -> {} is not a legal move", w[0], w[1]));
        }
        if let Some(i) = active(w[1]) {
            gone.push(i);
            attacked = attacked_now(&gone);
        }
    }
    if gone != captured {
        return Err(format!("captured {gone:?}, route says {captured:?}"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn router_matches_state_enumeration(
        w in 1u64..8, h in 1u64..8,
        mover in mover(),
        kinds in proptest::collection::vec(arb_piece(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 1i64..8, 1i64..8, any::<bool>()), 0..9),
        start in (1i64..8, 1i64..8),
        goal in (1i64..8, 1i64..8),
    ) {
        let Some((pos, capturable, start)) = setup(w, h, &kinds, spots, start) else { return Ok(()) };
        let rule = mover.rule();
        let truth = oracle(&pos, &kinds, &plain(pos.board(), &mover, Colour::White), Colour::White, start, &capturable, &|_| true);
        let router = Router::new(&pos, &rule, Colour::White, &capturable).expect("router");
        let mut rs = route::Scratch::default();
        // Distance map: min over subsets.
        let map = router.distances(&mut rs, start).expect("map");
        let rect = pos.rect().expect("bounded");
        for s in rect.squares() {
            let c = rect.coord(s);
            let want = truth.iter().filter(|((_, at), _)| *at == c).map(|(_, &d)| d).min();
            prop_assert_eq!(map.distance[s.index()], want, "distance to {}", c);
        }
        // Reach a square, with a legal route.
        let target = Coord::new(goal.0, goal.1);
        if rect.contains(target) {
            let want = truth.iter().filter(|((_, at), _)| *at == target).map(|(_, &d)| d).min();
            let route = router.route(&mut rs, start, Goal::Reach(target)).expect("route");
            prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), want);
            if let Some(r) = route {
                prop_assert_eq!(r.squares[0], start);
                prop_assert_eq!(*r.squares.last().expect("end"), target);
                check_route(&pos, &kinds, &mover, &r.squares, &r.captured, &capturable, &|_| true).map_err(TestCaseError::fail)?;
            }
        }
        // Capture each capturable piece.
        for (b, &p) in capturable.iter().enumerate() {
            let at = pos.pieces()[p].at;
            let want = truth.iter().filter(|((s, c), _)| *c == at && s >> b & 1 == 1).map(|(_, &d)| d).min();
            let route = router.route(&mut rs, start, Goal::Capture(p)).expect("capture");
            prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), want);
            if let Some(r) = route {
                check_route(&pos, &kinds, &mover, &r.squares, &r.captured, &capturable, &|_| true).map_err(TestCaseError::fail)?;
            }
        }
    }

    /// A variant's mover (its kind changes with its square): per square one of up to three
    /// rules, each maybe kept to a region, with extra moves onto their own squares, maybe
    /// shy of unhoppable pieces (the Janggi cannon), and initial moves from some squares.
    /// The oracle reads Fairy-Stockfish's definition literally, family by family: a shy kind's
    /// moves are those made both with and without the unhoppable pieces on the board, never
    /// onto one.
    #[test]
    fn router_moves_a_variant_mover_by_its_square(
        w in 1u64..8, h in 1u64..8,
        movers in proptest::collection::vec((arb_piece(), any::<u64>(), any::<bool>(), any::<bool>()), 1..4),
        extra in (arb_piece(), any::<u64>()),
        kinds in proptest::collection::vec((arb_piece(), any::<bool>()), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 1i64..8, 1i64..8, any::<bool>()), 0..9),
        start in (1i64..8, 1i64..8),
        (layout, init_bits, colour) in (any::<u64>(), any::<u64>(), prop_oneof![Just(Colour::White), Just(Colour::Black)]),
        // Initial moves as a variant gives them: a rule's own (`i`) moves, made as they are.
        init in prop_oneof![Just(TestPiece::named("imN")), Just(TestPiece::named("fmWfceFifmnD"))],
    ) {
        let plain_kinds: Vec<TestPiece> = kinds.iter().map(|(k, _)| k.clone()).collect();
        let Some((pos, capturable, start)) = setup(w, h, &plain_kinds, spots, start) else { return Ok(()) };
        let rect = pos.rect().expect("bounded");
        // The mover's own pieces of some kinds are unhoppable (kinds n.. are unhoppable copies
        // of kinds ..n; hostile pieces keep plain kinds, so their attacks are the naive ones).
        let n = plain_kinds.len();
        let mut pos_kinds = common::kinds(&plain_kinds);
        pos_kinds.extend(common::kinds(&plain_kinds).into_iter().map(|k| Kind {
            confine: Some(std::sync::Arc::new(Confinement { unhoppable: true, ..Confinement::default() })),
            ..k
        }));
        let pieces: Vec<Placed> = pos
            .pieces()
            .iter()
            .map(|p| {
                // For a Black mover the sides swap, so the capturable pieces stay hostile.
                let side = if colour == Colour::Black { p.colour.opponent() } else { p.colour };
                Placed { kind: p.kind + if side == colour && kinds[p.kind].1 { n } else { 0 }, colour: side, ..*p }
            })
            .collect();
        let pos = Position::new(pos.board(), pos_kinds, pieces).expect("same pieces");
        let plain_kinds: Vec<TestPiece> = plain_kinds.iter().chain(&plain_kinds).cloned().collect();
        let unhoppable = |c: Coord| pos.pieces().iter().any(|p| p.at == c && p.kind >= n);
        let bit = |bits: u64, c: Coord| bits >> ((c.rank - 1) * 8 + c.file - 1) & 1 == 1;
        let squares = |bits: u64| -> Vec<Coord> { rect.squares().map(|s| rect.coord(s)).filter(|&c| bit(bits, c)).collect() };
        let kind_of = |c: Coord| (layout >> (((c.rank - 1) * 8 + c.file - 1) % 32 * 2) & 3) as usize % movers.len();
        let extra_on = squares(extra.1);
        let initial_on = squares(init_bits);
        let moves = SquareMoves {
            kinds: movers
                .iter()
                .enumerate()
                .map(|(i, (m, region, shy, with_extra))| Kind {
                    symbol: 'M',
                    rule: m.rule(),
                    confine: Some(std::sync::Arc::new(Confinement {
                        region: [Some(squares(*region)), Some(squares(region.rotate_left(7)))],
                        extra: if *with_extra { vec![(extra.0.rule(), Some(extra_on.clone()))] } else { Vec::new() },
                        unhoppable: *shy || i == 2,
                        general: false,
                    })),
                    promoted: false,
                })
                .collect(),
            squares: rect.squares().map(|s| rect.coord(s)).map(|c| (c, kind_of(c))).filter(|&(_, k)| k != 0).collect(),
            initial: vec![(init.rule(), initial_on.clone())],
        };
        let truth_moves = |at: Coord, inside: &dyn Fn(Coord) -> bool, occupied: &dyn Fn(Coord) -> bool| {
            let (m, region, shy, with_extra) = &movers[kind_of(at)];
            let region = squares(if colour == Colour::White { *region } else { region.rotate_left(7) });
            let shy = *shy || kind_of(at) == 2;
            let walk = |fams: &[common::Fam], init: bool, on: &[Coord]| -> Vec<(Coord, bool, bool)> {
                let mut all = Vec::new();
                for fam in fams {
                    let mut found = naive_walk(&[*fam], init, colour, at, inside, occupied);
                    if shy {
                        let without = naive_walk(&[*fam], init, colour, at, inside, &|c| occupied(c) && !unhoppable(c));
                        found.retain(|x| without.contains(x) && !(occupied(x.0) && unhoppable(x.0)));
                    }
                    all.extend(found.into_iter().filter(|x| on.contains(&x.0)));
                }
                all
            };
            let mut found = walk(&m.fams, false, &region);
            if *with_extra {
                found.extend(walk(&extra.0.fams, false, &extra_on));
            }
            if initial_on.contains(&at) {
                found.extend(walk(&init.fams, true, &region));
            }
            found
        };
        let truth = oracle(&pos, &plain_kinds, &truth_moves, colour, start, &capturable, &|_| true);
        let router = Router::new(&pos, &movers[0].0.rule(), colour, &capturable).expect("router").moving_by(&moves).expect("kinds named");
        let mut rs = route::Scratch::default();
        let map = router.distances(&mut rs, start).expect("map");
        for s in rect.squares() {
            let c = rect.coord(s);
            let want = truth.iter().filter(|((_, at), _)| *at == c).map(|(_, &d)| d).min();
            prop_assert_eq!(map.distance[s.index()], want, "distance to {}", c);
        }
    }

    #[test]
    fn bitboard_matches_router(
        w in 1u64..9, h in 1u64..9,
        rule in prop_oneof![Just("K"), Just("N"), Just("WfF"), Just("fmWfcF"), Just("DA"), Just("fsN")],
        kinds in proptest::collection::vec(arb_piece(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 1i64..9, 1i64..9, any::<bool>()), 0..9),
        start in (1i64..9, 1i64..9),
        goal in (1i64..9, 1i64..9),
    ) {
        let rule: Rule = rule.parse().expect("rule");
        let Some((pos, capturable, start)) = setup(w, h, &kinds, spots, start) else { return Ok(()) };
        let rect = pos.rect().expect("bounded");
        let engine = BitRouter::new(rect, &rule, Colour::White).expect("leaper on a small board");
        let mut scratch = bitboard::Scratch::default();
        let router = Router::new(&pos, &rule, Colour::White, &capturable).expect("router");
        let mut rs = route::Scratch::default();
        let target = Coord::new(goal.0, goal.1);
        let fast = engine.distance(&pos, Colour::White, start, &capturable, Target::Square(target), &mut scratch);
        // The same answers, and the same errors (a target off the board).
        prop_assert_eq!(fast, router.distance(&mut rs, start, Goal::Reach(target)).map_err(route::RouteError::from));
        for &p in &capturable {
            let fast = engine.distance(&pos, Colour::White, start, &capturable, Target::Piece(p), &mut scratch).expect("ok");
            prop_assert_eq!(fast, router.distance(&mut rs, start, Goal::Capture(p)).expect("router"));
        }
        if let Some(p) = pos.pieces().first() {
            // An occupied start is an error in both engines.
            let e = engine.distance(&pos, Colour::White, p.at, &capturable, Target::Square(start), &mut scratch);
            prop_assert_eq!(e, Err(route::PathError::StartOccupied(p.at).into()));
        }
    }
}

/// Plain BFS for a king on a window of files, walking attacks naively.
fn strip_oracle(
    pos: &Position,
    kinds: &[TestPiece],
    start: Coord,
    target: Coord,
    files: std::ops::RangeInclusive<i64>,
) -> Option<u32> {
    let attacked: BTreeSet<Coord> = naive(pos, kinds, |c| files.contains(&c.file))
        .into_iter()
        .filter(|&(_, i)| pos.pieces()[i].colour == Colour::White)
        .map(|(c, _)| c)
        .collect();
    let occupied: BTreeSet<Coord> = pos.pieces().iter().map(|p| p.at).collect();
    let mut dist = BTreeMap::from([(start, 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        if at == target {
            return Some(dist[&at]);
        }
        for dx in -1..=1 {
            for dy in -1..=1 {
                let t = Coord::new(at.file + dx, at.rank + dy);
                if (dx, dy) == (0, 0) || !pos.board().contains(t) || !files.contains(&t.file) {
                    continue;
                }
                if occupied.contains(&t) || attacked.contains(&t) || dist.contains_key(&t) {
                    continue;
                }
                dist.insert(t, dist[&at] + 1);
                queue.push_back(t);
            }
        }
    }
    None
}

fn strip_piece() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("K"), Just("Q"), Just("R"), Just("B"), Just("N")]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The window: every piece, the start and the target lie in files 0..=40. Beyond 12 files
    /// outside that, columns are uniform (no finite attack reaches past 7 files on 8 ranks), so
    /// by the compression argument no shortest route leaves files -12..=52; the oracle walks
    /// -30..=70 to be generous.
    #[test]
    fn strip_king_matches_window_bfs(
        ranks in 1u64..9,
        kinds in proptest::collection::vec(strip_piece(), 1..6),
        spots in proptest::collection::vec((0usize..6, 0i64..41, 1i64..9), 0..12),
        start in (0i64..41, 1i64..9),
        target in (0i64..41, 1i64..9),
        shift in prop_oneof![Just(0i64), Just(1_000_000_000_000_000_000i64), Just(-4_000_000_000_000_000_000i64)],
    ) {
        let strip = Strip::new(ranks).expect("ranks");
        let tests: Vec<TestPiece> = kinds.iter().map(|s| TestPiece::named(s)).collect();
        let kinds: Vec<Kind> = tests.iter().map(|p| Kind::new(p.text.chars().next().expect("letter"), p.rule())).collect();
        let fold = |r: i64| (r - 1) % ranks as i64 + 1;
        let (start, target) = (Coord::new(start.0, fold(start.1)), Coord::new(target.0, fold(target.1)));
        let mut seen = BTreeSet::from([start]);
        let pieces: Vec<Placed> = spots
            .into_iter()
            .map(|(k, f, r)| Placed { kind: k % kinds.len(), colour: Colour::White, at: Coord::new(f, fold(r)) })
            .filter(|p| strip.contains(p.at) && seen.insert(p.at))
            .collect();
        let pos = Position::new(Board::Strip(strip), kinds.clone(), pieces.clone()).expect("position");
        let want = strip_oracle(&pos, &tests, start, target, -30..=70);
        let mv = |c: Coord| Coord::new(c.file + shift, c.rank);
        let moved: Vec<Placed> = pieces.iter().map(|p| Placed { at: mv(p.at), ..*p }).collect();
        let pos = Position::new(Board::Strip(strip), kinds, moved).expect("shifted");
        let got = king_route(&pos, Colour::Black, mv(start), mv(target), true).expect("route");
        prop_assert_eq!(got.as_ref().map(|r| r.moves as u32), want);
        if let Some(r) = got {
            // Expand the waypoints and check every move.
            let w = r.waypoints.expect("asked for");
            prop_assert_eq!(w[0], mv(start));
            prop_assert_eq!(*w.last().expect("end"), mv(target));
            let mut n = 0u64;
            let attacked: BTreeSet<Coord> = naive(&pos, &tests, |c| (shift - 30..=shift + 70).contains(&c.file)).into_iter().map(|(c, _)| c).collect();
            let occupied: BTreeSet<Coord> = pos.pieces().iter().map(|p| p.at).collect();
            for leg in w.windows(2) {
                let (dx, dy) = (leg[1].file - leg[0].file, leg[1].rank - leg[0].rank);
                prop_assert!(dx == 0 || dy == 0 || dx.abs() == dy.abs(), "leg {} -> {} is not straight", leg[0], leg[1]);
                let len = dx.abs().max(dy.abs());
                for k in 1..=len {
                    let c = Coord::new(leg[0].file + dx.signum() * k, leg[0].rank + dy.signum() * k);
                    prop_assert!(!attacked.contains(&c) && !occupied.contains(&c) && strip.contains(c), "{} is not safe", c);
                }
                n += len as u64;
            }
            prop_assert_eq!(n, r.moves);
        }
    }
}

#[test]
fn far_apart_strip_route_jumps() {
    let strip = Board::Strip(Strip::new(8).expect("8"));
    let k: Vec<Kind> = vec![
        Kind::new('R', "R".parse().expect("R")),
        Kind::new('N', "N".parse().expect("N")),
    ];
    let knight = Position::new(
        strip,
        k.clone(),
        vec![Placed {
            kind: 1,
            colour: Colour::White,
            at: Coord::new(0, 4),
        }],
    )
    .expect("pos");
    let r = king_route(
        &knight,
        Colour::Black,
        Coord::new(-1_000_000_000_000, 1),
        Coord::new(1_000_000_000_000, 8),
        true,
    )
    .expect("ok")
    .expect("reachable");
    assert_eq!(r.moves, 2_000_000_000_000);
    let pos = Position::new(
        strip,
        k.clone(),
        vec![Placed {
            kind: 0,
            colour: Colour::White,
            at: Coord::new(0, 4),
        }],
    )
    .expect("pos");
    // A lone rook walls off its whole file.
    let r = king_route(&pos, Colour::Black, Coord::new(-5, 1), Coord::new(5, 1), false).expect("ok");
    assert_eq!(r, None);
    // Start on a piece is an error; target attacked is unreachable; start attacked is fine.
    assert!(king_route(&pos, Colour::Black, Coord::new(0, 4), Coord::new(5, 1), false).is_err());
    assert_eq!(
        king_route(&pos, Colour::Black, Coord::new(-5, 1), Coord::new(-9, 4), false).expect("ok"),
        None
    );
    assert_eq!(
        king_route(&pos, Colour::Black, Coord::new(-5, 4), Coord::new(-9, 4), false).expect("ok"),
        None
    );
    let from_attacked =
        king_route(&pos, Colour::Black, Coord::new(-5, 4), Coord::new(-9, 5), false).expect("ok");
    assert_eq!(from_attacked.map(|r| r.moves), Some(4));
    assert_eq!(
        king_route(&pos, Colour::Black, Coord::new(3, 3), Coord::new(3, 3), false)
            .expect("ok")
            .map(|r| r.moves),
        Some(0)
    );
    // Coordinates at the ends of i64.
    let edge = Position::new(strip, k, vec![]).expect("empty");
    let r = king_route(
        &edge,
        Colour::Black,
        Coord::new(i64::MIN, 1),
        Coord::new(i64::MAX, 8),
        false,
    )
    .expect("ok");
    assert_eq!(r.map(|r| r.moves), Some(u64::MAX));
}

fn strip_mover() -> impl Strategy<Value = TestPiece> {
    prop_oneof![
        Just(TestPiece::named("K")),
        Just(TestPiece::named("N")),
        Just(TestPiece::named("Q")),
        Just(TestPiece::named("R")),
        Just(TestPiece::named("NN")),
        Just(TestPiece::named("fmWfcF")),
        Just(TestPiece::named("pR")),
        Just(TestPiece::named("gQ")),
        arb_piece(),
    ]
}

fn strip_kind() -> impl Strategy<Value = TestPiece> {
    prop_oneof![
        Just(TestPiece::named("R")),
        Just(TestPiece::named("N")),
        Just(TestPiece::named("B")),
        Just(TestPiece::named("pR")),
        arb_piece(),
    ]
}

/// The files the strip oracle walks: the test puts every piece, start and target in files
/// 0..=12, and no test piece attacks more than 16 files away on 5 ranks.
const STRIP_ORACLE: std::ops::RangeInclusive<i64> = -40..=52;

/// The memory the strip test lets a window search use: the proof's margin grows with the square
/// of the pieces' periods, and a rare random case would search millions of states in a debug
/// build. Larger windows are checked to be refused as too large instead.
const STRIP_BUDGET: Budget = Budget::new(96 << 20);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Any mover on a strip, with captures, routes and distance maps: `ask` (the router on the
    /// window of files `path::span` proves exact, or the king engine) against the enumerated
    /// state graph on files -40..=52, with every position also shifted far along the strip.
    /// Every route is re-checked move by move.
    #[test]
    fn strip_any_mover_matches_state_enumeration(
        ranks in 1u64..6,
        mover in strip_mover(),
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 0i64..13, 1i64..6, any::<bool>()), 0..7),
        start in (0i64..13, 1i64..6),
        goal in (0i64..13, 1i64..6),
        shift in prop_oneof![Just(0i64), Just(1_000_000_000_000_000_000i64), Just(-4_000_000_000_000_000_000i64), -1000i64..1000],
    ) {
        let strip = Strip::new(ranks).expect("ranks");
        let fold = |r: i64| (r - 1) % ranks as i64 + 1;
        let start = Coord::new(start.0, fold(start.1));
        let target = Coord::new(goal.0, fold(goal.1));
        let mut seen = BTreeSet::from([start]);
        let mut pieces = Vec::new();
        let mut capturable = Vec::new();
        for (k, black, f, r, cap) in spots {
            let at = Coord::new(f, fold(r));
            if seen.insert(at) {
                if cap && black && capturable.len() < 3 {
                    capturable.push(pieces.len());
                }
                pieces.push(Placed { kind: k % kinds.len(), colour: if black { Colour::Black } else { Colour::White }, at });
            }
        }
        let pos = Position::new(Board::Strip(strip), common::kinds(&kinds), pieces.clone()).expect("position");
        let window = |c: Coord| STRIP_ORACLE.contains(&c.file);
        let truth = oracle(&pos, &kinds, &plain(pos.board(), &mover, Colour::White), Colour::White, start, &capturable, &window);
        let mv = |c: Coord| Coord::new(c.file + shift, c.rank);
        let moved: Vec<Placed> = pieces.iter().map(|p| Placed { at: mv(p.at), ..*p }).collect();
        let far = Position::new(Board::Strip(strip), common::kinds(&kinds), moved).expect("shifted");
        let may_capture = Capturable::Squares(capturable.iter().map(|&i| mv(pieces[i].at)).collect());
        let question = |target| Question {
            mover: Mover { rule: mover.rule(), colour: Colour::White, at: mv(start), by_square: None },
            target,
            may_capture: may_capture.clone(),
        };
        let route_check = |way: &Way| {
            let back: Vec<Coord> = way.squares(usize::MAX).iter().map(|c| Coord::new(c.file - shift, c.rank)).collect();
            let captured: Vec<usize> = way.captured.iter().map(|c| pos.piece_at(Coord::new(c.file - shift, c.rank)).expect("a piece")).collect();
            check_route(&pos, &kinds, &mover, &back, &captured, &capturable, &window)
        };
        // The distance map of files -3..=15.
        // The map's window holds the other questions' windows (the same pieces, ends within
        // -3..=15): when the proof's margin makes it larger than the test's budget, it must be
        // refused as too large, naming its size, and the case ends there.
        let files = Question {
            mover: Mover { rule: mover.rule(), colour: Colour::White, at: mv(start), by_square: None },
            target: Area::Files(mv(Coord::new(-3, 1)).file, mv(Coord::new(15, 1)).file),
            may_capture: may_capture.clone(),
        };
        let map = match ask(&far, &files, STRIP_BUDGET) {
            Err(route::RouteError::TooLarge(e)) => {
                prop_assert!(e.to_string().contains("would need"), "{}", e);
                return Ok(());
            }
            Err(e @ route::RouteError::StripSpan { files: Some(_), .. }) => {
                prop_assert!(e.to_string().contains("files"), "{}", e);
                return Ok(());
            }
            got => got.expect("map"),
        };
        for f in -3..=15 {
            for r in 1..=ranks as i64 {
                let c = Coord::new(f, r);
                let want = truth.iter().filter(|((_, at), _)| *at == c).map(|(_, &d)| d).min();
                prop_assert_eq!(map.get(mv(c)), want, "distance to {}", c);
            }
        }
        // Reach the target square.
        if pos.piece_at(target).is_none_or(|i| capturable.contains(&i)) {
            let want = truth.iter().filter(|((_, at), _)| *at == target).map(|(_, &d)| d).min();
            let way = ask(&far, &question(route::Target::Square(mv(target))), STRIP_BUDGET).expect("ask");
            prop_assert_eq!(way.as_ref().map(|w| w.moves as u32), want);
            if let Some(w) = way {
                prop_assert_eq!(w.squares(usize::MAX).last().copied(), Some(mv(target)));
                route_check(&w).map_err(TestCaseError::fail)?;
            }
        }
        // Capture each capturable piece.
        for (b, &p) in capturable.iter().enumerate() {
            let at = pieces[p].at;
            let want = truth.iter().filter(|((s, c), _)| *c == at && s >> b & 1 == 1).map(|(_, &d)| d).min();
            let way = ask(&far, &question(route::Target::Capture(mv(at))), STRIP_BUDGET).expect("capture");
            prop_assert_eq!(way.as_ref().map(|w| w.moves as u32), want);
            if let Some(w) = way {
                route_check(&w).map_err(TestCaseError::fail)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Long empty stretches shrunk (`path::span`): pieces, start and target in two groups of
    /// files `gap` apart, a mover that rides (or not) along ranks; `ask`'s answer against the
    /// enumerated state graph on files -40..=gap+52, and its route re-checked move by move on
    /// the real strip, also shifted far along it.
    #[test]
    fn strip_routes_across_long_empty_stretches(
        ranks in 1u64..6,
        mover in prop_oneof![Just(TestPiece::named("Q")), Just(TestPiece::named("R")), Just(TestPiece::named("K")), Just(TestPiece::named("N")), arb_piece()],
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 0i64..13, 1i64..6, any::<bool>(), any::<bool>()), 0..7),
        ends in ((0i64..13, 1i64..6, any::<bool>()), (0i64..13, 1i64..6, any::<bool>())),
        gap in prop_oneof![4 => 100i64..260, 1 => 600i64..900],
        shift in prop_oneof![Just(0i64), Just(3_000_000_000_000_000_000i64), -1000i64..1000],
        capture in any::<bool>(),
    ) {
        let strip = Strip::new(ranks).expect("ranks");
        let fold = |r: i64| (r - 1) % ranks as i64 + 1;
        let place = |(f, r, far): (i64, i64, bool)| Coord::new(f + if far { gap } else { 0 }, fold(r));
        let (start, target) = (place(ends.0), place(ends.1));
        let mut seen = BTreeSet::from([start]);
        let mut pieces = Vec::new();
        let mut capturable = Vec::new();
        for (k, black, f, r, far, cap) in spots {
            let at = place((f, r, far));
            if seen.insert(at) {
                if capture && cap && black && capturable.len() < 2 {
                    capturable.push(pieces.len());
                }
                pieces.push(Placed { kind: k % kinds.len(), colour: if black { Colour::Black } else { Colour::White }, at });
            }
        }
        let pos = Position::new(Board::Strip(strip), common::kinds(&kinds), pieces.clone()).expect("position");
        let window = |c: Coord| (-40..=gap + 52).contains(&c.file);
        let truth = oracle(&pos, &kinds, &plain(pos.board(), &mover, Colour::White), Colour::White, start, &capturable, &window);
        let mv = |c: Coord| Coord::new(c.file + shift, c.rank);
        let moved: Vec<Placed> = pieces.iter().map(|p| Placed { at: mv(p.at), ..*p }).collect();
        let far = Position::new(Board::Strip(strip), common::kinds(&kinds), moved).expect("shifted");
        if pos.piece_at(target).is_some_and(|i| !capturable.contains(&i)) {
            return Ok(());
        }
        let question = Question {
            mover: Mover { rule: mover.rule(), colour: Colour::White, at: mv(start), by_square: None },
            target: route::Target::Square(mv(target)),
            may_capture: Capturable::Squares(capturable.iter().map(|&i| mv(pieces[i].at)).collect()),
        };
        let way = match ask(&far, &question, STRIP_BUDGET) {
            // Not shrunk (not proven) and too wide for the window: nothing to compare.
            Err(route::RouteError::TooLarge(_) | route::RouteError::StripSpan { .. }) => return Ok(()),
            got => got.expect("ask"),
        };
        let want = truth.iter().filter(|((_, at), _)| *at == target).map(|(_, &d)| d).min();
        prop_assert_eq!(way.as_ref().map(|w| w.moves as u32), want);
        if let Some(w) = way {
            let back: Vec<Coord> = w.squares(usize::MAX).iter().map(|c| Coord::new(c.file - shift, c.rank)).collect();
            prop_assert_eq!(back.last().copied(), Some(target));
            let captured: Vec<usize> = w.captured.iter().map(|c| pos.piece_at(Coord::new(c.file - shift, c.rank)).expect("a piece")).collect();
            check_route(&pos, &kinds, &mover, &back, &captured, &capturable, &window).map_err(TestCaseError::fail)?;
        }
    }
}

/// One group of pieces repeated at the given gaps on a strip, the start before the first copy
/// and the target `tail` files after the last: `ask`'s answer against the enumerated state
/// graph on the whole span, its route re-checked move by move.
fn repeated_group_routes(
    ranks: u64,
    mover: &TestPiece,
    kinds: &[TestPiece],
    group: &[(usize, i64, i64)],
    gaps: &[i64],
    ends: (i64, i64),
    tail: i64,
) -> Result<(), TestCaseError> {
    let strip = Strip::new(ranks).expect("ranks");
    let fold = |r: i64| (r - 1) % ranks as i64 + 1;
    let mut pieces = Vec::new();
    let mut seen = BTreeSet::new();
    let mut at = 0;
    for gap in gaps {
        at += gap;
        for &(k, f, r) in group {
            let c = Coord::new(at + f, fold(r));
            if seen.insert(c) {
                pieces.push(Placed {
                    kind: k % kinds.len(),
                    colour: Colour::Black,
                    at: c,
                });
            }
        }
    }
    let (start, target) = (Coord::new(0, fold(ends.0)), Coord::new(at + tail, fold(ends.1)));
    let pos = Position::new(Board::Strip(strip), common::kinds(kinds), pieces).expect("position");
    let window = |c: Coord| (-40..=target.file + 40).contains(&c.file);
    let truth = oracle(
        &pos,
        kinds,
        &plain(pos.board(), mover, Colour::White),
        Colour::White,
        start,
        &[],
        &window,
    );
    let question = Question {
        mover: Mover {
            rule: mover.rule(),
            colour: Colour::White,
            at: start,
            by_square: None,
        },
        target: route::Target::Square(target),
        may_capture: Capturable::Nothing,
    };
    let way = match ask(&pos, &question, STRIP_BUDGET) {
        Err(route::RouteError::TooLarge(_) | route::RouteError::StripSpan { .. }) => return Ok(()),
        got => got.expect("ask"),
    };
    let want = truth
        .iter()
        .filter(|((_, c), _)| *c == target)
        .map(|(_, &d)| d)
        .min();
    prop_assert_eq!(way.as_ref().map(|w| w.moves as u32), want);
    if let Some(w) = way {
        let squares = w.squares(usize::MAX);
        prop_assert_eq!(squares.last().copied(), Some(target));
        check_route(&pos, kinds, mover, &squares, &[], &[], &window).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Many long stretches (the crossing engine's zones of one shape, its remembered searches
    /// and walks, its pruned edges): one group of pieces repeated at 2 to 4 gaps of 90 to 200
    /// files.
    #[test]
    fn strip_routes_across_many_stretches(
        ranks in 2u64..6,
        mover in prop_oneof![Just(TestPiece::named("Q")), Just(TestPiece::named("N")), Just(TestPiece::named("NN")), Just(TestPiece::named("K")), arb_piece()],
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        group in proptest::collection::vec((0usize..3, 0i64..6, 1i64..6), 1..3),
        gaps in proptest::collection::vec(90i64..200, 2..5),
        ends in ((1i64..6), (1i64..6)),
    ) {
        repeated_group_routes(ranks, &mover, &kinds, &group, &gaps, ends, gaps[0] + 6)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    /// Zones answered by rows (`path::cross::rows` docs: a zone shape at least half as many
    /// zones share as a block has nodes — here 24 copies of one group at one gap, so all but
    /// the ends share a shape, and a queen on 5 ranks has 35 nodes a block, a nightrider 40):
    /// a route traced through tables of rows, entered where the sweep's distances say.
    #[test]
    fn strip_routes_through_zones_by_rows(
        ranks in 2u64..6,
        mover in prop_oneof![Just(TestPiece::named("Q")), Just(TestPiece::named("N")), Just(TestPiece::named("NN")), Just(TestPiece::named("K")), arb_piece()],
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        group in proptest::collection::vec((0usize..3, 0i64..6, 1i64..6), 1..3),
        gap in 50i64..80,
        ends in ((1i64..6), (1i64..6)),
    ) {
        repeated_group_routes(ranks, &mover, &kinds, &group, &[gap; 24], ends, gap + 6)?;
    }
}

/// Initial moves (Betza `i`) by hand: Fairy-Stockfish's pawn makes its double step only from its
/// side's second rank (rank 2 for White; for Black the second from the top), never captures with
/// it, and is blocked by a piece on the square it passes.
#[test]
fn initial_moves_from_each_sides_double_step_rank() {
    let rule: Rule = "fmWfceFifmnD".parse().expect("pawn");
    let one_move = |h: u64, colour: Colour, at: Coord, blocker: Option<Coord>| -> BTreeSet<Coord> {
        let rect = Rect::new(8, h).expect("board");
        let kinds = vec![Kind::new('N', "N".parse().expect("knight"))];
        let owner = colour.opponent();
        let pieces = blocker
            .map(|c| Placed {
                kind: 0,
                colour: owner,
                at: c,
            })
            .into_iter()
            .collect();
        let pos = Position::new(Board::Rect(rect), kinds, pieces).expect("position");
        let router = Router::new(&pos, &rule, colour, &[]).expect("router");
        let mut rs = route::Scratch::default();
        let map = router.distances(&mut rs, at).expect("map");
        rect.squares()
            .filter(|&s| map.distance[s.index()] == Some(1))
            .map(|s| rect.coord(s))
            .collect()
    };
    let c = Coord::new;
    assert_eq!(
        one_move(8, Colour::White, c(4, 2), None),
        BTreeSet::from([c(4, 3), c(4, 4)])
    );
    assert_eq!(
        one_move(8, Colour::White, c(4, 3), None),
        BTreeSet::from([c(4, 4)])
    );
    assert_eq!(
        one_move(8, Colour::White, c(4, 7), None),
        BTreeSet::from([c(4, 8)])
    );
    assert_eq!(
        one_move(8, Colour::Black, c(4, 7), None),
        BTreeSet::from([c(4, 6), c(4, 5)])
    );
    assert_eq!(
        one_move(8, Colour::Black, c(4, 2), None),
        BTreeSet::from([c(4, 1)])
    );
    // On five ranks Black's double-step rank is the fourth.
    assert_eq!(
        one_move(5, Colour::Black, c(4, 4), None),
        BTreeSet::from([c(4, 3), c(4, 2)])
    );
    assert_eq!(
        one_move(5, Colour::Black, c(4, 3), None),
        BTreeSet::from([c(4, 2)])
    );
    // A piece on the passed square blocks the double step (the lame `n`); one on the landing
    // square is not captured by it. The knights are placed where they attack neither square.
    assert_eq!(
        one_move(8, Colour::White, c(1, 2), Some(c(1, 3))),
        BTreeSet::new()
    );
    assert_eq!(
        one_move(8, Colour::White, c(1, 2), Some(c(1, 4))),
        BTreeSet::from([c(1, 3)])
    );
}

/// A strip question with captures among groups of pieces: `ask` against the enumerated state
/// graph of `oracle` on the files `window` accepts (its distances to `target`, or to each
/// capturable piece captured), every route re-checked move by move there. `far` shifts the
/// files at or beyond `split` right by that many files on the asked strip (the oracle's
/// strip is not shifted); the answers must not change (the test places nothing the shift
/// could change within reach). The distance map (`Area::Files`) on the files `map` (left of
/// `split`) is checked square by square against the least over subsets. Returns how many
/// questions were asked, and how many were answered (not refused as too large or too wide).
#[expect(clippy::too_many_arguments, reason = "one strip case, spelled out")]
fn strip_capture_case(
    ranks: u64,
    mover: &TestPiece,
    kinds: &[TestPiece],
    pieces: &[Placed],
    capturable: &[usize],
    (start, target): (Coord, Coord),
    window: &dyn Fn(Coord) -> bool,
    (split, far): (i64, i64),
    map: (i64, i64),
) -> Result<(usize, usize), TestCaseError> {
    let strip = Strip::new(ranks).expect("ranks");
    let pos = Position::new(Board::Strip(strip), common::kinds(kinds), pieces.to_vec()).expect("position");
    let truth = oracle(
        &pos,
        kinds,
        &plain(pos.board(), mover, Colour::White),
        Colour::White,
        start,
        capturable,
        window,
    );
    let mv = |c: Coord| {
        if c.file >= split {
            Coord::new(c.file + far, c.rank)
        } else {
            c
        }
    };
    let back = |c: Coord| {
        if c.file >= split + far {
            Coord::new(c.file - far, c.rank)
        } else {
            c
        }
    };
    let shifted: Vec<Placed> = pieces.iter().map(|p| Placed { at: mv(p.at), ..*p }).collect();
    let asked = Position::new(Board::Strip(strip), common::kinds(kinds), shifted).expect("moved");
    let question = |target| Question {
        mover: Mover {
            rule: mover.rule(),
            colour: Colour::White,
            at: mv(start),
            by_square: None,
        },
        target,
        may_capture: Capturable::Squares(capturable.iter().map(|&i| mv(pieces[i].at)).collect()),
    };
    let (mut questions, mut answered) = (0, 0);
    let mut check = |target: route::Target, want: Option<u32>, end: Coord| -> Result<(), TestCaseError> {
        questions += 1;
        let way = match ask(&asked, &question(target), STRIP_BUDGET) {
            Err(route::RouteError::TooLarge(_) | route::RouteError::StripSpan { .. }) => return Ok(()),
            got => got.expect("ask"),
        };
        answered += 1;
        // With the far files shifted, a ray of the first group may run until a far piece
        // blocks it, and a route may go round beyond that piece: where the window has no
        // route, one at least 10^9 moves long (out there and back) is no contradiction.
        if want.is_none() && far > 0 && way.as_ref().is_some_and(|w| w.moves >= 1_000_000_000) {
            return Ok(());
        }
        prop_assert_eq!(way.as_ref().map(|w| w.moves), want.map(u64::from), "to {}", end);
        if let Some(w) = way {
            // A route that went the far way is checked where it lands: its moves, unshifted.
            let squares: Vec<Coord> = w.squares(1 << 16).into_iter().map(back).collect();
            prop_assert_eq!(squares.len() as u64, w.moves + 1, "a route listed whole");
            prop_assert_eq!(squares.last().copied(), Some(end));
            let captured: Vec<usize> = w
                .captured
                .iter()
                .map(|&c| pos.piece_at(back(c)).expect("a piece"))
                .collect();
            check_route(&pos, kinds, mover, &squares, &captured, capturable, window)
                .map_err(TestCaseError::fail)?;
        }
        Ok(())
    };
    if pos.piece_at(target).is_none_or(|i| capturable.contains(&i)) {
        let want = truth
            .iter()
            .filter(|((_, at), _)| *at == target)
            .map(|(_, &d)| d)
            .min();
        check(route::Target::Square(mv(target)), want, target)?;
    }
    // (Capturing a piece off the window is a question the oracle cannot answer.)
    for (b, &p) in capturable
        .iter()
        .enumerate()
        .filter(|&(_, &p)| window(pieces[p].at))
    {
        let at = pieces[p].at;
        let want = truth
            .iter()
            .filter(|((s, c), _)| *c == at && s >> b & 1 == 1)
            .map(|(_, &d)| d)
            .min();
        check(route::Target::Capture(mv(at)), want, at)?;
    }
    // The distance map (`--all`) on the files `map` (not shifted), square by square.
    questions += 1;
    let routed = question(route::Target::Square(mv(start)));
    let area = Question {
        mover: routed.mover,
        target: Area::Files(map.0, map.1),
        may_capture: routed.may_capture,
    };
    answered += usize::from(strip_map_case(&asked, &area, &truth, ranks, far > 0)?);
    Ok((questions, answered))
}

/// The strip distance map `area` asks on `asked` against the least over subsets of `truth`,
/// square by square on its files (which the test does not shift). `far`: pieces far along
/// the strip, where a square the window cannot reach may be reached the far way round (at
/// least 10^9 moves). Whether it was answered (not refused as too large or too wide).
fn strip_map_case(
    asked: &Position,
    area: &Question<Area>,
    truth: &BTreeMap<(u32, Coord), u32>,
    ranks: u64,
    far: bool,
) -> Result<bool, TestCaseError> {
    let Area::Files(lo, hi) = area.target else {
        return Ok(false);
    };
    let got = match ask(asked, area, STRIP_BUDGET) {
        Err(route::RouteError::TooLarge(_) | route::RouteError::StripSpan { .. }) => return Ok(false),
        got => got.expect("ask"),
    };
    for f in lo..=hi {
        for r in 1..=ranks as i64 {
            let c = Coord::new(f, r);
            let want = truth
                .iter()
                .filter(|((_, at), _)| *at == c)
                .map(|(_, &d)| d)
                .min();
            let have = got.get(c);
            if want.is_none() && far && have.is_some_and(|d| d >= 1_000_000_000) {
                continue;
            }
            prop_assert_eq!(have, want, "map at {}", c);
        }
    }
    Ok(true)
}

/// A strip map's rounds (`path::cross::capture_map` docs, *Rounds*) stop only when every open
/// square is nearer than the round's reach: a round that reaches them all, but some farther,
/// may have gone the long way round. A wazir from (0,3) on 3 ranks, the map on file 80, a
/// black pawn to capture on (35,1) (it attacks nothing), one more piece 10^12 files on (the
/// crossing engine answers: the window would span the strip). With a first reach of 50 the
/// first round's sweep from the start stops before the map's zone (about 75 moves on), but
/// reaches the pawn (37 moves), and from there the map (45 to 47 moves more): every square
/// of the map, (80,3) in 84 moves where the wazir goes straight in 80. Against the state
/// enumeration on files -40..=130, for first reaches 50, 60 and the default.
#[test]
fn strip_map_rounds_go_on_until_every_square_is_nearer() {
    let kinds = [TestPiece::named("fmWfcF")];
    let near = vec![Placed {
        kind: 0,
        colour: Colour::Black,
        at: Coord::new(35, 1),
    }];
    let capturable = [0];
    let strip = Strip::new(3).expect("ranks");
    let start = Coord::new(0, 3);
    let wazir = TestPiece::named("W");
    let window = |c: Coord| (-40..=130).contains(&c.file);
    let shown = Position::new(Board::Strip(strip), common::kinds(&kinds), near.clone()).expect("position");
    let truth = oracle(
        &shown,
        &kinds,
        &plain(shown.board(), &wazir, Colour::White),
        Colour::White,
        start,
        &capturable,
        &window,
    );
    let mut pieces = near.clone();
    pieces.push(Placed {
        kind: 0,
        colour: Colour::Black,
        at: Coord::new(1_000_000_000_000, 2),
    });
    let pos = Position::new(Board::Strip(strip), common::kinds(&kinds), pieces).expect("position");
    let area = Question {
        mover: Mover {
            rule: wazir.rule(),
            colour: Colour::White,
            at: start,
            by_square: None,
        },
        target: Area::Files(80, 80),
        may_capture: Capturable::Squares(vec![near[0].at]),
    };
    let least = |c: Coord| {
        truth
            .iter()
            .filter(|((_, at), _)| *at == c)
            .map(|(_, &d)| d)
            .min()
    };
    assert_eq!(
        [1, 2, 3].map(|r| least(Coord::new(80, r))),
        [Some(82), Some(81), Some(80)],
        "the case as described"
    );
    for first in [50, 60, route::Tuning::default().map_first_reach] {
        let mut tuning = route::Tuning::default();
        tuning.map_first_reach = first;
        let map = route::ask_tuned(&pos, &area, Budget::new(1 << 28), None, tuning).expect("answered");
        for r in 1..=3 {
            let c = Coord::new(80, r);
            assert_eq!(map.get(c), least(c), "first reach {first}: {c}");
        }
    }
}

/// Movers the crossing engine takes whose moves and captures are the same steps.
fn crossing_mover() -> impl Strategy<Value = TestPiece> {
    prop_oneof![
        Just(TestPiece::named("N")),
        Just(TestPiece::named("Q")),
        Just(TestPiece::named("NN")),
        Just(TestPiece::named("R")),
        Just(TestPiece::named("B")),
        Just(TestPiece::named("K")),
        arb_piece(),
    ]
}

/// Pieces of up to three groups `gap` files apart (a group: files 0..=12), up to four of them
/// capturable, and the start and target among the groups.
type Groups = (Vec<Placed>, Vec<usize>, (Coord, Coord));

fn groups(
    ranks: u64,
    kinds: usize,
    spots: Vec<(usize, bool, i64, i64, usize, bool)>,
    ends: ((i64, i64, usize), (i64, i64, usize)),
    gap: i64,
    groups: usize,
) -> Groups {
    let fold = |r: i64| (r - 1) % ranks as i64 + 1;
    let place = |f: i64, r: i64, g: usize| Coord::new(f + gap * (g % groups) as i64, fold(r));
    let (start, target) = (
        place(ends.0 .0, ends.0 .1, ends.0 .2),
        place(ends.1 .0, ends.1 .1, ends.1 .2),
    );
    let mut seen = BTreeSet::from([start]);
    let (mut pieces, mut capturable) = (Vec::new(), Vec::new());
    for (k, black, f, r, g, cap) in spots {
        let at = place(f, r, g);
        if seen.insert(at) {
            if cap && black && capturable.len() < 4 {
                capturable.push(pieces.len());
            }
            pieces.push(Placed {
                kind: k % kinds,
                colour: if black { Colour::Black } else { Colour::White },
                at,
            });
        }
    }
    (pieces, capturable, (start, target))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Captures among groups of pieces 100 to 260 files apart (long stretches: the crossing
    /// engine between captures, `path::cross::capture`): `ask` against the enumerated state
    /// graph on every file the groups and a margin span, routes re-checked move by move.
    #[test]
    fn strip_captures_across_stretches_match_state_enumeration(
        ranks in 1u64..6,
        mover in crossing_mover(),
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 0i64..13, 1i64..6, 0usize..3, any::<bool>()), 0..9),
        ends in ((0i64..13, 1i64..6, 0usize..3), (0i64..13, 1i64..6, 0usize..3)),
        gap in 100i64..260,
        n in 2usize..4,
    ) {
        let (pieces, capturable, ends) = groups(ranks, kinds.len(), spots, ends, gap, n);
        let window = |c: Coord| (-40..=gap * (n as i64 - 1) + 52).contains(&c.file);
        strip_capture_case(ranks, &mover, &kinds, &pieces, &capturable, ends, &window, (i64::MAX, 0), (-6, gap + 6))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Captures among pieces 10^12 files apart: the start, the target and some capturable
    /// pieces in one group, more capturable leapers (knights and kings: no ray reaches back)
    /// 10^12 files on. The answer is the state enumeration's on the first group's files (a
    /// proven window: nothing far away attacks there, and going there and back is longer
    /// than any route within it — but where it has none: a first group's ray a far piece
    /// blocks may leave a way round out there), and the route is re-checked move by move.
    #[test]
    fn strip_captures_among_pieces_far_apart(
        ranks in 1u64..6,
        mover in prop_oneof![Just(TestPiece::named("N")), Just(TestPiece::named("Q")), Just(TestPiece::named("NN")), Just(TestPiece::named("R")), arb_piece()],
        kinds in proptest::collection::vec(strip_kind(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 0i64..13, 1i64..6, any::<bool>()), 0..7),
        far in proptest::collection::vec((any::<bool>(), 0i64..13, 1i64..6), 1..4),
        ends in ((0i64..13, 1i64..6), (0i64..13, 1i64..6)),
    ) {
        let fold = |r: i64| (r - 1) % ranks as i64 + 1;
        let mut kinds = kinds;
        kinds.push(TestPiece::named("N"));
        kinds.push(TestPiece::named("K"));
        let spots: Vec<_> = spots.into_iter().map(|(k, b, f, r, c)| (k % (kinds.len() - 2), b, f, r, 0, c)).collect();
        let ((s, t), n) = (ends, kinds.len());
        let (mut pieces, mut capturable, ends) = groups(ranks, n, spots, ((s.0, s.1, 0), (t.0, t.1, 0)), 0, 1);
        // The far group, at files 1000.. before the shift (its own window's side).
        let mut seen: BTreeSet<Coord> = pieces.iter().map(|p| p.at).collect();
        for (king, f, r) in far {
            let at = Coord::new(1000 + f, fold(r));
            if seen.insert(at) {
                capturable.push(pieces.len());
                pieces.push(Placed { kind: n - 2 + usize::from(king), colour: Colour::Black, at });
            }
        }
        let window = |c: Coord| (-40..=52).contains(&c.file);
        // The oracle sees only the first group: the far pieces are off its window.
        let (asked, answered) = strip_capture_case(ranks, &mover, &kinds, &pieces, &capturable, ends, &window, (500, 1_000_000_000_000), (-6, 18))?;
        // (On fewer than 3 ranks a knight has no move the crossing engine models.)
        if ranks >= 3 && ["N", "Q", "NN", "R"].contains(&mover.text.as_str()) {
            prop_assert!(asked == 0 || answered > 0, "refused every question");
        }
    }
}
