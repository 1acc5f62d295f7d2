//! Routes and distance maps of multi-leg movers (XBetza) against a breadth-first search over
//! explicitly enumerated states (square, pieces captured) whose moves and attacks come from the
//! reference generator written from the notation's rules (`common::xbetza_ref`, never the
//! product's code): hop legs, locust captures (the victim leaves the position for the rest of
//! the route, and lines it blocked reopen), capture lists, initial moves from the side's second
//! rank, both colours, flat boards and cylinders. Every route the product gives is replayed
//! move by move against the reference's moves.

use crate::common;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use chessreach::attack::{Kind, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect, Wrap};
use chessreach::limits::Budget;
use chessreach::path::{ask, Area, Capturable, Mover, PathError, Question, RouteError, Target, Way};
use chessreach::piece::{xbetza, Colour};
use common::xbetza_ref::{self, RefSide};
use proptest::prelude::*;

/// The position's piece texts (XBetza): plain pieces and multi-leg ones, hoppers and locusts.
const PIECES: [&str; 8] = ["K", "R", "N", "fmWfcF", "afsW", "mRcpR", "caK", "gQ"];

type Sq = (i32, i32);

/// A case: the mover's text, side and square, the board, the other pieces (square, kind,
/// white?), which hostile pieces may be captured (a mask over the hostile pieces in order) and
/// the target.
#[derive(Clone, Debug)]
struct Case {
    text: String,
    width: i32,
    height: i32,
    wrap: bool,
    from: Sq,
    black: bool,
    others: Vec<(Sq, usize, bool)>,
    capturable: u8,
    /// 0: a square (`to`), 1: capture the hostile piece nearest `to`, 2: the distance map.
    goal: u8,
    to: Sq,
}

/// The reference world: pieces, who may be captured, and memoised reference answers.
struct World<'a> {
    case: &'a Case,
    /// (square, text, white?) of the position's pieces (distinct squares, not the mover's).
    pieces: Vec<(Sq, &'static str, bool)>,
    /// Indices of the pieces the mover may capture.
    capturable: BTreeSet<usize>,
    safe: RefCell<BTreeMap<(Sq, u64), bool>>,
}

impl World<'_> {
    fn white(&self) -> bool {
        !self.case.black
    }

    fn piece_at(&self, q: Sq, gone: u64) -> Option<usize> {
        (0..self.pieces.len()).find(|&i| gone >> i & 1 == 0 && self.pieces[i].0 == q)
    }

    /// The reference's moves of `text` for a piece of side `white` on `at`, the pieces in
    /// `gone` off the board and a foe added on `foe`.
    fn moves(&self, text: &str, white: bool, at: Sq, gone: u64, foe: Option<Sq>) -> Vec<xbetza_ref::RefMove> {
        let c = self.case;
        let occupant = |q: Sq| {
            if foe == Some(q) {
                return Some(RefSide::Foe);
            }
            self.piece_at(q, gone).map(|i| {
                if self.pieces[i].2 == white {
                    RefSide::Friend
                } else {
                    RefSide::Foe
                }
            })
        };
        // Initial moves: from the side's second rank whenever it stands there (the reading's
        // rule: the reader keeps no "moved" state, as Fairy-Stockfish's dialect does).
        xbetza_ref::moves(text, c.width, c.height, c.wrap, at, !white, &occupant, false)
            .expect("a text the product reads")
    }

    /// Whether the mover may stand on `q` once the pieces in `gone` are captured: no hostile
    /// piece left attacks it (the mover itself is no piece of the position).
    fn safe(&self, q: Sq, gone: u64) -> bool {
        if let Some(&v) = self.safe.borrow().get(&(q, gone)) {
            return v;
        }
        let v = (0..self.pieces.len())
            .filter(|&i| gone >> i & 1 == 0 && self.pieces[i].2 != self.white())
            .all(|i| {
                let (at, text, white) = self.pieces[i];
                at == q
                    || !self
                        .moves(text, white, at, gone, Some(q))
                        .iter()
                        .any(|m| m.captures.contains(&q))
            });
        self.safe.borrow_mut().insert((q, gone), v);
        v
    }

    /// The mover's legal moves from `at` with `gone` captured: (destination, new `gone`, the
    /// pieces captured).
    fn steps(&self, at: Sq, gone: u64) -> Vec<(Sq, u64, BTreeSet<usize>)> {
        let mut out = Vec::new();
        'moves: for m in self.moves(&self.case.text, self.white(), at, gone, None) {
            if m.to == at && m.captures.is_empty() {
                continue;
            }
            let mut now = gone;
            let mut taken = BTreeSet::new();
            for &v in &m.captures {
                match self.piece_at(v, gone) {
                    Some(i) if self.capturable.contains(&i) => {
                        now |= 1 << i;
                        taken.insert(i);
                    }
                    _ => continue 'moves,
                }
            }
            if self.piece_at(m.to, now).is_none() && self.safe(m.to, now) {
                out.push((m.to, now, taken));
            }
        }
        out
    }

    /// Breadth-first search: the distance of every state reached.
    fn bfs(&self) -> BTreeMap<(Sq, u64), u32> {
        let mut dist = BTreeMap::from([((self.case.from, 0u64), 0u32)]);
        let mut queue = VecDeque::from([(self.case.from, 0u64)]);
        while let Some((at, gone)) = queue.pop_front() {
            let d = dist[&(at, gone)];
            for (to, now, _) in self.steps(at, gone) {
                if let std::collections::btree_map::Entry::Vacant(e) = dist.entry((to, now)) {
                    e.insert(d + 1);
                    queue.push_back((to, now));
                }
            }
        }
        dist
    }

    /// Replays `way` from (`at`, `gone`): some choice of the reference's moves leads through
    /// its waypoints capturing its pieces in order, and ends where `done` says.
    fn replays(
        &self,
        way: &Way,
        k: usize,
        at: Sq,
        gone: u64,
        taken: usize,
        done: &dyn Fn(Sq, u64) -> bool,
    ) -> bool {
        if k + 1 == way.waypoints.len() {
            return taken == way.captured.len() && done(at, gone);
        }
        let next = back(way.waypoints[k + 1]);
        self.steps(at, gone).into_iter().any(|(to, now, victims)| {
            let n = victims.len();
            let listed: Option<BTreeSet<usize>> = way
                .captured
                .get(taken..taken + n)
                .map(|sqs| sqs.iter().filter_map(|&c| self.piece_at(back(c), gone)).collect());
            to == next && listed == Some(victims) && self.replays(way, k + 1, to, now, taken + n, done)
        })
    }
}

fn coord(s: Sq) -> Coord {
    Coord::new(i64::from(s.0) + 1, i64::from(s.1) + 1)
}

fn back(c: Coord) -> Sq {
    (
        i32::try_from(c.file - 1).expect("small"),
        i32::try_from(c.rank - 1).expect("small"),
    )
}

/// Compares the product with the reference on one case; `None` when the product refuses the
/// mover's text or the case is degenerate.
#[expect(
    clippy::too_many_lines,
    reason = "one case end to end: the position, the reference search, both questions and the replay"
)]
fn check(case: &Case) -> Option<Result<(), String>> {
    let rule = xbetza::parse(&case.text).ok()?;
    let colour = if case.black { Colour::Black } else { Colour::White };
    let mut pieces = Vec::new();
    let mut placed = Vec::new();
    for &(sq, kind, white) in &case.others {
        if sq != case.from && pieces.iter().all(|p: &(Sq, &str, bool)| p.0 != sq) {
            pieces.push((sq, PIECES[kind], white));
            placed.push(Placed {
                kind,
                colour: if white { Colour::White } else { Colour::Black },
                at: coord(sq),
            });
        }
    }
    let kinds = PIECES
        .iter()
        .zip('A'..)
        .map(|(t, symbol)| Kind::new(symbol, xbetza::parse(t).expect("a piece text")))
        .collect();
    let rect = Rect::new(u64::try_from(case.width).ok()?, u64::try_from(case.height).ok()?).ok()?;
    let pos = Position::new(Board::Rect(rect), kinds, placed).ok()?;
    let pos = if case.wrap {
        pos.with_wrap(Wrap::Files).ok()?
    } else {
        pos
    };
    let hostile: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].2 == case.black).collect();
    let mut capturable: BTreeSet<usize> = hostile
        .iter()
        .enumerate()
        .filter(|(k, _)| case.capturable >> k & 1 == 1)
        .map(|(_, &i)| i)
        .collect();
    let may_capture = Capturable::Squares(capturable.iter().map(|&i| coord(pieces[i].0)).collect());
    let mover = Mover {
        rule,
        colour,
        at: coord(case.from),
        by_square: None,
    };
    let victim = (case.goal == 1)
        .then(|| {
            hostile
                .iter()
                .copied()
                .min_by_key(|&i| (pieces[i].0 .0 - case.to.0).abs() + (pieces[i].0 .1 - case.to.1).abs())
        })
        .flatten();
    capturable.extend(victim);
    let world = World {
        case,
        pieces,
        capturable,
        safe: RefCell::new(BTreeMap::new()),
    };
    let dist = world.bfs();
    if case.goal == 2 {
        let q = Question {
            mover,
            target: Area::Everywhere,
            may_capture,
        };
        let map = match ask(&pos, &q, Budget::default()) {
            Ok(m) => m,
            Err(e) => return Some(Err(format!("{case:?}: refused: {e}"))),
        };
        for x in 0..case.width {
            for y in 0..case.height {
                let want = dist
                    .iter()
                    .filter(|((q, _), _)| *q == (x, y))
                    .map(|(_, &d)| d)
                    .min();
                let got = map.get(coord((x, y)));
                if got != want {
                    return Some(Err(format!(
                        "{case:?}: distance to {:?}: product {got:?}, oracle {want:?}",
                        (x, y)
                    )));
                }
            }
        }
        return Some(Ok(()));
    }
    let (target, done): (Target, Box<dyn Fn(Sq, u64) -> bool>) = match victim {
        Some(v) => (
            Target::Capture(coord(world.pieces[v].0)),
            Box::new(move |_, gone| gone >> v & 1 == 1),
        ),
        None if case.goal == 1 => return None,
        None => (Target::Square(coord(case.to)), Box::new(|at, _| at == case.to)),
    };
    let want = dist
        .iter()
        .filter(|(&(q, g), _)| done(q, g))
        .map(|(_, &d)| d)
        .min();
    let q = Question {
        mover,
        target,
        may_capture,
    };
    let got = match ask(&pos, &q, Budget::default()) {
        Ok(w) => w,
        Err(e) => return Some(Err(format!("{case:?}: refused: {e}"))),
    };
    if got.as_ref().map(|w| w.moves) != want.map(u64::from) {
        return Some(Err(format!("{case:?}: product {got:?}, oracle {want:?} moves")));
    }
    if let Some(way) = got {
        if way.waypoints.first() != Some(&coord(case.from))
            || !world.replays(&way, 0, case.from, 0, 0, &*done)
        {
            return Some(Err(format!("{case:?}: the route {way:?} does not replay")));
        }
    }
    Some(Ok(()))
}

/// The movers: famous multi-leg pieces (locusts, hoppers, bent riders) most of the time.
fn mover_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(xbetza_ref::FAMOUS.to_vec()).prop_map(str::to_owned),
        1 => proptest::sample::select(vec!["cafsW", "mafsWcaW", "cabK", "cafcafW", "pafsW", "ifmnDafsW"]).prop_map(str::to_owned),
        2 => xbetza_ref::arb_text(),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        mover_text(),
        3..=6i32,
        3..=6i32,
        proptest::bool::weighted(0.3),
        any::<bool>(),
    )
        .prop_flat_map(|(text, w, h, wrap, black)| {
            let sq = (0..w, 0..h);
            (
                Just(text),
                Just(w),
                Just(h),
                Just(wrap),
                sq.clone(),
                Just(black),
                proptest::collection::vec((sq.clone(), 0..PIECES.len(), any::<bool>()), 0..7),
                any::<u8>(),
                0..3u8,
                sq,
            )
        })
        .prop_map(
            |(text, width, height, wrap, from, black, others, capturable, goal, to)| Case {
                text,
                width,
                height,
                wrap,
                from,
                black,
                others,
                capturable: capturable & 0b1111,
                goal,
                to,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn multi_leg_routes_match_state_enumeration(c in case()) {
        if let Some(Err(e)) = check(&c) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The Mao is a knight that can be blocked: a wazir beside it closes the two knight moves over
/// that square, so the route goes round.
#[test]
fn mao_routes_round_its_blocker() {
    let pos = Position::from_fen("8/8/8/8/8/8/8/1P6 w").expect("fen");
    let rule = xbetza::parse("afsW").expect("Mao");
    let q = |to: &str| Question {
        mover: Mover {
            rule: rule.clone(),
            colour: Colour::White,
            at: "a1".parse().expect("a1"),
            by_square: None,
        },
        target: Target::Square(to.parse().expect("square")),
        may_capture: Capturable::Nothing,
    };
    // The knight's c2 goes through b1 (blocked) or b2: b2-c2? No: a1→c2 is (2,1), first leg
    // r (b1, blocked); a1→b3 is (1,2), first leg f (a2, free).
    let way = ask(&pos, &q("b3"), Budget::default())
        .expect("asks")
        .expect("a route");
    assert_eq!(way.moves, 1);
    let way = ask(&pos, &q("c2"), Budget::default())
        .expect("asks")
        .expect("a route");
    assert!(way.moves > 1, "{way:?}");
}

/// A locust capture takes its victim off the board for the rest of the route: the checker
/// (`fmFfcafmF`) jumps the black piece on b2 to c3, and the rook behind it on b8 then sees b3.
#[test]
fn a_locust_victim_leaves_the_position() {
    let pos = Position::from_fen("1r6/8/8/8/8/8/1p6/8 w").expect("fen");
    let rule = xbetza::parse("fmFfcafmF").expect("checker");
    let mover = Mover {
        rule,
        colour: Colour::White,
        at: "a1".parse().expect("a1"),
        by_square: None,
    };
    let q = Question {
        mover: mover.clone(),
        target: Target::Capture("b2".parse().expect("b2")),
        may_capture: Capturable::Nothing,
    };
    let way = ask(&pos, &q, Budget::default()).expect("asks").expect("a route");
    assert_eq!(way.moves, 1);
    assert_eq!(
        way.waypoints,
        vec!["a1".parse().expect("a1"), "c3".parse().expect("c3")]
    );
    assert_eq!(way.captured, vec!["b2".parse().expect("b2")]);
    // Without the capture the pawn blocks nothing the checker needs: c3 is out of its reach
    // (it would pass b2).
    let q = Question {
        mover,
        target: Target::Square("c3".parse().expect("c3")),
        may_capture: Capturable::Nothing,
    };
    assert_eq!(ask(&pos, &q, Budget::default()).expect("asks"), None);
}

/// On a strip the multi-leg mover is refused by name.
#[test]
fn strips_refuse_multi_leg_movers_by_name() {
    let strip = Board::Strip(chessreach::geometry::Strip::new(8).expect("strip"));
    let strip = Position::new(strip, Vec::new(), Vec::new()).expect("an empty strip");
    let q = Question {
        mover: Mover {
            rule: xbetza::parse("afsW").expect("Mao"),
            colour: Colour::White,
            at: "a1".parse().expect("a1"),
            by_square: None,
        },
        target: Target::Square("h8".parse().expect("h8")),
        may_capture: Capturable::Nothing,
    };
    let e = ask(&strip, &q, Budget::default()).expect_err("refused");
    assert!(matches!(e, RouteError::Bounded(PathError::Legs(_))), "{e:?}");
    assert!(e.to_string().contains("bent moves"), "{e}");
}
