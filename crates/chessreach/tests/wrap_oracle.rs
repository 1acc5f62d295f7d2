//! Wrapped boards (cylinders and tori): the oracle of `tests/common/wrap.rs` checked by hand
//! and against the flat oracle, then the product against it.

#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "test boards are small"
)]
use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use chessreach::attack::{AttackMap, AttackQuery, Placed, Position};
use chessreach::geometry::{Board, Coord, Rect, Wrap};
use chessreach::limits::Budget;
use chessreach::path::{self as route, ask, Area, Capturable, Goal, Mover, Question, Router};
use chessreach::piece::Colour;
use common::wrap::{self, check_route, distances, mover_moves, reached, Torus};
use common::{all, arb_piece, naive_moves_within, naive_walk, turned, Fam, TestPiece};
use proptest::prelude::*;

const WHITE: Colour = Colour::White;
const BLACK: Colour = Colour::Black;

fn c(file: i64, rank: i64) -> Coord {
    Coord::new(file, rank)
}

/// A hand-checked case as a picture, its rows from the top rank down (spaces ignored): `P` the
/// piece, `x` an empty square it reaches, `@` a piece it reaches, `o` a piece it does not
/// reach, `.` an empty square it does not reach. The piece moves by `fams` (White's), turned
/// for `colour`; its initial moves are left out.
fn picture(files: bool, ranks: bool, fams: &[Fam], colour: Colour, rows: &[&str]) {
    let grid: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let t = Torus::new(grid[0].len() as i64, grid.len() as i64, files, ranks);
    assert!(grid.iter().all(|r| r.len() == t.width as usize), "a rectangle");
    let at = |c: Coord| grid[(t.height - c.rank) as usize][(c.file - 1) as usize];
    let from = t
        .squares()
        .into_iter()
        .find(|&c| at(c) == 'P')
        .expect("the piece");
    let occupied = |c: Coord| matches!(at(c), 'P' | 'o' | '@');
    let want: BTreeSet<Coord> = t
        .squares()
        .into_iter()
        .filter(|&c| matches!(at(c), 'x' | '@'))
        .collect();
    let mut got = BTreeSet::new();
    for m in turned(fams, colour).iter().filter(|m| !m.init) {
        got.extend(reached(t, m, from, &occupied));
    }
    let drawn: Vec<String> = (1..=t.height)
        .rev()
        .map(|r| {
            (1..=t.width)
                .map(|f| match (at(c(f, r)), got.contains(&c(f, r))) {
                    ('P', _) => 'P',
                    ('.' | 'x', true) => 'x',
                    ('.' | 'x', false) => '.',
                    (_, true) => '@',
                    (_, false) => 'o',
                })
                .collect()
        })
        .collect();
    assert_eq!(got, want, "the oracle draws\n{}", drawn.join("\n"));
}

fn named(text: &str) -> Vec<Fam> {
    TestPiece::named(text).fams
}

#[test]
fn land_wraps_only_wrapped_axes() {
    let t = Torus::new(3, 4, true, false);
    assert_eq!(t.land(c(0, 1)), Some(c(3, 1)));
    assert_eq!(t.land(c(4, 4)), Some(c(1, 4)));
    assert_eq!(t.land(c(-7, 2)), Some(c(2, 2)));
    assert_eq!(t.land(c(1, 0)), None);
    assert_eq!(t.land(c(1, 5)), None);
    let t = Torus::new(2, 5, false, true);
    assert_eq!(t.land(c(2, 11)), Some(c(2, 1)));
    assert_eq!(t.land(c(2, -5)), Some(c(2, 5)));
    assert_eq!(t.land(c(3, 1)), None);
    let t = Torus::new(1, 1, true, true);
    assert_eq!(t.land(c(-4, 9)), Some(c(1, 1)));
}

#[test]
fn rook_on_one_file() {
    let rook = named("R");
    // Ranks wrap: the rook goes round both ways.
    picture(false, true, &rook, WHITE, &["x", "x", "x", "P", "x"]);
    picture(false, true, &rook, WHITE, &["@", ".", "@", "P", "x"]);
    // Downwards it wraps onto rank 5 and stops at the piece on rank 4.
    picture(false, true, &rook, WHITE, &["x", "@", "@", "P", "x"]);
    // Files wrap on one file: a sideways step comes back to the rook's own square.
    picture(true, false, &rook, WHITE, &["x", "x", "x", "P", "x"]);
    picture(true, true, &rook, WHITE, &["P"]);
    // A two-leap rook on seven ranks: two each way.
    picture(
        false,
        true,
        &named("R2"),
        WHITE,
        &["x", "x", ".", ".", "x", "x", "P"],
    );
}

#[test]
fn rook_and_bishop_on_small_tori() {
    let rook = named("R");
    picture(true, true, &rook, WHITE, &["x .", "P x"]);
    picture(true, true, &rook, WHITE, &["x o", "P x"]);
    picture(true, true, &rook, WHITE, &["@ .", "P @"]);
    // Only files wrap: no vertical wrap.
    picture(true, false, &rook, WHITE, &["x .", "P x"]);
    picture(false, false, &rook, WHITE, &["x .", "P x"]);
    // A bishop on a 3×3 torus: each diagonal comes back after two squares.
    picture(true, true, &named("B"), WHITE, &[". x x", ". x x", "P . ."]);
    picture(true, true, &named("B"), WHITE, &[". x x", ". @ x", "P . ."]);
}

#[test]
fn knight_leaps_coincide_on_a_three_by_three_torus() {
    let knight = named("N");
    picture(true, true, &knight, WHITE, &["x . x", ". P .", "x . x"]);
    picture(true, true, &knight, WHITE, &[". x x", ". x x", "P . ."]);
    picture(true, true, &knight, BLACK, &[". x x", ". x x", "P . ."]);
    // On 3×3 the wrapped leaps on a cylinder land where the torus's do; flat, two of them.
    picture(true, false, &knight, WHITE, &[". x x", ". x x", "P . ."]);
    picture(false, true, &knight, WHITE, &[". x x", ". x x", "P . ."]);
    picture(false, false, &knight, WHITE, &[". x .", ". . x", "P . ."]);
}

#[test]
fn wazir_on_a_one_wide_cylinder() {
    let wazir = named("W");
    picture(true, false, &wazir, WHITE, &["x", "P", "x"]);
    picture(true, false, &wazir, WHITE, &["P", "x", "."]);
    picture(true, true, &wazir, WHITE, &["P"]);
    picture(true, false, &wazir, WHITE, &["P"]);
    // Two files, wrapped: both sideways steps land on the one other file.
    picture(true, false, &wazir, WHITE, &["P x", "x ."]);
}

#[test]
fn long_leap_on_a_two_wide_cylinder() {
    let h = all(&[(3, 0), (-3, 0), (0, 3), (0, -3)], 1);
    picture(true, false, &h, WHITE, &["x .", ". .", ". .", "P x"]);
    picture(true, true, &h, WHITE, &["x .", ". .", "x .", "P x"]);
    // (5,0) on three wrapped files moves two files one way, one file the other.
    let five = all(&[(5, 0), (-5, 0)], 1);
    picture(true, false, &five, WHITE, &["P x x"]);
    picture(true, false, &five, WHITE, &["x P x"]);
    // A leap of a multiple of the width lands on its own square: no move.
    picture(
        true,
        true,
        &all(&[(2, 0), (-2, 0), (0, 2), (0, -2)], 1),
        WHITE,
        &["P ."],
    );
}

#[test]
fn horse_legs_wrap() {
    let horse = named("nN");
    // One file, wrapped: the sideways legs fall on the horse's own square, which is empty; the
    // forward leg (rank 4) is blocked.
    picture(true, false, &horse, WHITE, &[".", "@", "P", "x", "x"]);
    picture(true, false, &horse, WHITE, &["x", "x", "P", "x", "x"]);
    // Two files, wrapped: both sideways legs fall on the one other file of the horse's rank.
    picture(true, false, &horse, WHITE, &[". x", ". .", "P o", ". .", ". x"]);
    picture(true, false, &horse, WHITE, &[". x", "x .", "P .", "x .", ". x"]);
    // The elephant's leg on a 2×2 torus is the square diagonally next to it, and its landing
    // its own square.
    picture(true, true, &named("nA"), WHITE, &[". .", "P ."]);
    // A lame dabbaba on three wrapped ranks: the leap two up has its leg on rank 2 and lands
    // on rank 3; the leap two down has its leg on rank 3 (round the bottom) and lands on rank 2.
    picture(false, true, &named("nD"), WHITE, &["@", ".", "P"]);
    picture(false, true, &named("nD"), WHITE, &[".", "@", "P"]);
    picture(false, true, &named("nD"), WHITE, &["o", "o", "P"]);
    picture(false, true, &named("nD"), WHITE, &["x", "x", "P"]);
}

#[test]
fn cannon_on_a_cylinder_row() {
    let cannon = named("pR");
    picture(true, false, &cannon, WHITE, &["P x o x x"]);
    picture(true, false, &cannon, WHITE, &["P . @ @ ."]);
    // Alone, or with its only screen its own square: no move.
    picture(true, false, &cannon, WHITE, &["P . . . ."]);
    picture(true, true, &cannon, WHITE, &["P"]);
    // Unwrapped, the same row as on a flat board.
    picture(false, false, &cannon, WHITE, &["P . o x x"]);
    // A screen next to it on a wrapped pair of files: beyond it the line is back home.
    picture(true, false, &cannon, WHITE, &["P o"]);
    // On a torus the ranks count too: screen (1,2), then (1,3) and back to (1,1).
    // Left, the screen is (3,1) round the edge, then (2,1).
    picture(true, true, &cannon, WHITE, &["x . .", "o . .", "P x o"]);
}

#[test]
fn grasshopper_screens_round_the_cylinder() {
    let hopper = named("gQ");
    // Its only screen lies behind it, round the cylinder: it lands on the square past it;
    // the other way the line reaches its own square first.
    picture(true, false, &hopper, WHITE, &["P x o"]);
    picture(true, false, &hopper, WHITE, &["o x . . P x"]);
    picture(true, false, &hopper, WHITE, &["P . ."]);
    // Landing on a piece: reached.
    picture(true, false, &hopper, WHITE, &["P @ @"]);
    // A 3×3 torus: the only screen is on one diagonal, next to it; the other way along that
    // diagonal the screen is followed by its own square.
    picture(true, true, &hopper, WHITE, &[". . x", ". o .", "P . ."]);
    // Limited hoppers count leaps from the piece: `fpR3` forward on six wrapped ranks.
    let fp = named("fpR3");
    picture(false, true, &fp, WHITE, &["o", "P", ".", ".", "x", "x"]);
    picture(false, true, &fp, WHITE, &[".", "P", ".", ".", "@", "o"]);
    picture(false, true, &fp, WHITE, &["o", "P", ".", ".", "o", "@"]);
    picture(false, true, &fp, WHITE, &[".", "P", "o", ".", ".", "."]);
    picture(false, true, &fp, BLACK, &["x", "x", ".", ".", "P", "o"]);
    picture(false, true, &fp, BLACK, &["x", "@", ".", ".", "P", "o"]);
}

#[test]
fn black_pieces_are_turned() {
    let forward = named("fR");
    picture(false, true, &forward, WHITE, &["@", "x", "P", "."]);
    picture(false, true, &forward, BLACK, &["@", ".", "P", "x"]);
    picture(false, true, &forward, BLACK, &["x", "x", "P", "x"]);
    picture(true, false, &named("rW"), WHITE, &["P x ."]);
    picture(true, false, &named("rW"), BLACK, &["P . x"]);
    let left = named("lfN");
    picture(true, true, &left, WHITE, &[". . x", ". . .", "P . ."]);
    picture(true, true, &left, BLACK, &[". . .", ". x .", "P . ."]);
}

#[test]
fn attack_pairs_of_both_sides() {
    let t = Torus::new(3, 3, true, true);
    let kinds = vec![
        TestPiece::named("fR"),
        TestPiece::named("fmWfceFifmnD"),
        TestPiece::named("pR"),
    ];
    let p = |kind, colour, at| Placed { kind, colour, at };
    // A White forward rook, a Black pawn (captures diagonally downwards, its double step
    // never attacks), a White cannon.
    let pieces = [p(0, WHITE, c(1, 1)), p(1, BLACK, c(2, 2)), p(2, WHITE, c(3, 3))];
    let got = wrap::naive(t, &kinds, &pieces);
    let want = BTreeSet::from([
        // The rook: up the file and back home.
        (c(1, 2), 0),
        (c(1, 3), 0),
        // The pawn: (1,1) (the White rook) and (3,1).
        (c(1, 1), 1),
        (c(3, 1), 1),
        // The cannon on (3,3): each of its lines crosses two empty squares and comes home,
        // so it has no screen and attacks nothing.
    ]);
    assert_eq!(got, want);
    // A Black forward rook on (2,3): the cannon's line to the right goes (1,3), then the
    // screen (2,3), then home (nothing); to the left the screen (2,3), then (1,3), then home.
    let mut more = pieces.to_vec();
    more.push(p(0, BLACK, c(2, 3)));
    let got = wrap::naive(t, &kinds, &more);
    let want = BTreeSet::from([
        (c(1, 2), 0),
        (c(1, 3), 0),
        (c(1, 1), 1),
        (c(3, 1), 1),
        (c(1, 3), 2),
        // The Black rook on (2,3) goes down: (2,2) is the pawn.
        (c(2, 2), 3),
    ]);
    assert_eq!(got, want);
}

#[test]
fn routes_by_hand() {
    // A wazir on a six-file cylinder row, a capturable Black piece on file 4 that attacks
    // nothing (it captures diagonally, and the ranks end).
    let t = Torus::new(6, 1, true, false);
    let kinds = vec![TestPiece::named("mWcF")];
    let pieces = [Placed {
        kind: 0,
        colour: BLACK,
        at: c(4, 1),
    }];
    let wazir = TestPiece::named("W");
    let got = distances(t, &kinds, &pieces, &wazir, WHITE, c(1, 1), &[0]);
    let want = BTreeMap::from([
        ((0, c(1, 1)), 0),
        ((0, c(2, 1)), 1),
        ((0, c(6, 1)), 1),
        ((0, c(3, 1)), 2),
        ((0, c(5, 1)), 2),
        ((1, c(4, 1)), 3),
        ((1, c(3, 1)), 4),
        ((1, c(5, 1)), 4),
        ((1, c(2, 1)), 5),
        ((1, c(6, 1)), 5),
        ((1, c(1, 1)), 6),
    ]);
    assert_eq!(got, want);
    // Not capturable: file 4 is a wall.
    let got = distances(t, &kinds, &pieces, &wazir, WHITE, c(1, 1), &[]);
    assert_eq!(got.len(), 5);
    assert_eq!(got.get(&(0, c(4, 1))), None);
    assert_eq!(got[&(0, c(5, 1))], 2);
    // Flat, the far side of file 4 is walled off.
    let flat = Torus::new(6, 1, false, false);
    let got = distances(flat, &kinds, &pieces, &wazir, WHITE, c(1, 1), &[]);
    assert_eq!(got.len(), 3);
    // A Black pawn on three files by four wrapped ranks: its double step from rank 3 (the
    // second from the top), then single steps down and round to rank 4.
    let t = Torus::new(3, 4, false, true);
    let pawn = TestPiece::named("fmWfceFifmnD");
    let got = distances(t, &kinds, &[], &pawn, BLACK, c(2, 3), &[]);
    let want = BTreeMap::from([
        ((0, c(2, 3)), 0),
        ((0, c(2, 2)), 1),
        ((0, c(2, 1)), 1),
        ((0, c(2, 4)), 2),
    ]);
    assert_eq!(got, want);
    // A White one from rank 2: up to 3 and 4, round to 1, then 2 is home.
    let got = distances(t, &kinds, &[], &pawn, WHITE, c(2, 2), &[]);
    let want = BTreeMap::from([
        ((0, c(2, 2)), 0),
        ((0, c(2, 3)), 1),
        ((0, c(2, 4)), 1),
        ((0, c(2, 1)), 2),
    ]);
    assert_eq!(got, want);
    // A rook kept off squares a hostile rook attacks round a 3×3 torus: the hostile rook on
    // (2,2) attacks file 2 and rank 2; the mover on (1,1) reaches (3,1), (1,3), (3,3) only.
    let t = Torus::new(3, 3, true, true);
    let rooks = vec![TestPiece::named("R")];
    let hostile = [Placed {
        kind: 0,
        colour: BLACK,
        at: c(2, 2),
    }];
    let got = distances(t, &rooks, &hostile, &rooks[0], WHITE, c(1, 1), &[]);
    let want = BTreeMap::from([
        ((0, c(1, 1)), 0),
        ((0, c(3, 1)), 1),
        ((0, c(1, 3)), 1),
        ((0, c(3, 3)), 2),
    ]);
    assert_eq!(got, want);
    assert_eq!(
        check_route(
            t,
            &rooks,
            &hostile,
            &rooks[0],
            WHITE,
            &[c(1, 1), c(3, 1), c(3, 3)],
            &[],
            &[]
        ),
        Ok(())
    );
    assert!(check_route(
        t,
        &rooks,
        &hostile,
        &rooks[0],
        WHITE,
        &[c(1, 1), c(2, 1)],
        &[],
        &[]
    )
    .is_err());
}

/// A board size: narrow ones (one or two files or ranks) as often as the rest.
fn side() -> impl Strategy<Value = i64> {
    prop_oneof![1i64..3, 1i64..13]
}

/// A random piece, or now and then one whose legs and screens wrapping affects most: the lame
/// leapers, the hoppers, the pawn with its lame double step.
fn wrap_piece() -> impl Strategy<Value = TestPiece> {
    const SPECIAL: [&str; 12] = [
        "nN",
        "nA",
        "nD",
        "nDmR",
        "pR",
        "mRcpR",
        "gQ",
        "pB",
        "fpR3",
        "pB2",
        "pR1",
        "fmWfceFifmnD",
    ];
    prop_oneof![
        3 => arb_piece(),
        1 => proptest::sample::select(&SPECIAL[..]).prop_map(TestPiece::named),
    ]
}

/// Files and ranks wrapped or not: the four shapes.
fn shape() -> impl Strategy<Value = (bool, bool)> {
    (any::<bool>(), any::<bool>())
}

/// A random square `(file, rank)`, from 1 up, folded onto `t` (so narrow boards get as many
/// pieces as wide ones).
fn fold(t: Torus, (file, rank): (i64, i64)) -> Coord {
    c((file - 1) % t.width + 1, (rank - 1) % t.height + 1)
}

/// Pieces on distinct squares of `t` (folded onto it; a square taken twice keeps the first).
fn placed(t: Torus, kinds: usize, spots: Vec<(usize, bool, i64, i64)>) -> Vec<Placed> {
    let mut seen = BTreeSet::new();
    spots
        .into_iter()
        .map(|(k, black, f, r)| Placed {
            kind: k % kinds,
            colour: if black { BLACK } else { WHITE },
            at: fold(t, (f, r)),
        })
        .filter(|p| seen.insert(p.at))
        .collect()
}

/// The flat walker of `tests/common` on the plane tiled with copies of the board along its
/// wrapped axes, where the copies of the piece's own square are off the board (a line stops
/// before them, a leap onto one is no move, a hopper never screens on one) and hold no piece
/// (a lame leg there is empty); brought back onto the board.
fn unrolled(t: Torus, m: &Fam, from: Coord, occupied: &BTreeSet<Coord>) -> BTreeSet<Coord> {
    // A line comes back home within width × height leaps of at most five squares.
    let span = 6 * t.width * t.height + 10;
    let near = |x: i64, at: i64, side: i64, wraps: bool| {
        if wraps {
            (x - at).abs() <= span
        } else {
            (1..=side).contains(&x)
        }
    };
    let inside = |p: Coord| {
        near(p.file, from.file, t.width, t.files)
            && near(p.rank, from.rank, t.height, t.ranks)
            && t.land(p) != Some(from)
    };
    let full = |p: Coord| t.land(p).is_some_and(|q| q != from && occupied.contains(&q));
    naive_walk(std::slice::from_ref(m), m.init, WHITE, from, &inside, &full)
        .into_iter()
        .map(|(p, ..)| t.land(p).expect("inside"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Unwrapped, the oracle is the flat one of `tests/common`: attack pairs and the mover's
    /// moves (initial ones from its double-step rank).
    #[test]
    fn unwrapped_oracle_is_the_flat_one(
        w in side(), h in side(),
        pieces in proptest::collection::vec(wrap_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..13, 1i64..13), 0..14),
        mover in wrap_piece(),
        black in any::<bool>(),
        at in (1i64..13, 1i64..13),
    ) {
        let t = Torus::new(w, h, false, false);
        let placed = placed(t, pieces.len(), spots);
        let rect = Rect::new(w as u64, h as u64).expect("size");
        let pos = Position::new(Board::Rect(rect), common::kinds(&pieces), placed.clone()).expect("distinct squares");
        prop_assert_eq!(wrap::naive(t, &pieces, &placed), common::naive(&pos, &pieces, |_| true));
        let at = fold(t, at);
        let colour = if black { BLACK } else { WHITE };
        let occupied: BTreeSet<Coord> = placed.iter().map(|p| p.at).filter(|&p| p != at).collect();
        let full = |p: Coord| occupied.contains(&p);
        let inside = |p: Coord| t.contains(p);
        let mut want = naive_moves_within(&mover.fams, colour, at, &inside, &full);
        let double_step = if black { h - 1 } else { 2 };
        if h >= 2 && at.rank == double_step {
            want.extend(naive_walk(&mover.fams, true, colour, at, &inside, &full));
        }
        let mut got = mover_moves(t, &mover, colour, at, &full);
        want.sort_unstable();
        got.sort_unstable();
        prop_assert_eq!(got, want);
    }

    /// Every shape: each family's squares are those the flat walker reaches on the plane
    /// tiled with the board ([`unrolled`]).
    #[test]
    fn wrapped_oracle_is_the_flat_walker_unrolled(
        w in side(), h in side(), (files, ranks) in shape(),
        pieces in proptest::collection::vec(wrap_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..13, 1i64..13), 1..14),
    ) {
        let t = Torus::new(w, h, files, ranks);
        let placed = placed(t, pieces.len(), spots);
        let occupied: BTreeSet<Coord> = placed.iter().map(|p| p.at).collect();
        for p in &placed {
            for m in turned(&pieces[p.kind].fams, p.colour) {
                let got: BTreeSet<Coord> = reached(t, &m, p.at, &|q| occupied.contains(&q)).into_iter().collect();
                prop_assert_eq!(&got, &unrolled(t, &m, p.at, &occupied), "{:?} from {}", m, p.at);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Unwrapped, the oracle's route distances are the flat router's (which `path_oracle`
    /// checks against its own state enumeration), for either side.
    #[test]
    fn unwrapped_routes_are_the_flat_ones(
        w in 1i64..8, h in 1i64..8,
        mover in wrap_piece(),
        black in any::<bool>(),
        kinds in proptest::collection::vec(wrap_piece(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 1i64..8, 1i64..8), 0..9),
        start in (1i64..8, 1i64..8),
    ) {
        let t = Torus::new(w, h, false, false);
        let start = fold(t, start);
        let colour = if black { BLACK } else { WHITE };
        let placed: Vec<Placed> = placed(t, kinds.len(), spots).into_iter().filter(|p| p.at != start).collect();
        let capturable: Vec<usize> = (0..placed.len()).filter(|&i| placed[i].colour != colour).take(3).collect();
        let rect = Rect::new(w as u64, h as u64).expect("size");
        let pos = Position::new(Board::Rect(rect), common::kinds(&kinds), placed.clone()).expect("position");
        let truth = distances(t, &kinds, &placed, &mover, colour, start, &capturable);
        let rule = mover.rule();
        let router = Router::new(&pos, &rule, colour, &capturable).expect("router");
        let map = router.distances(&mut route::Scratch::default(), start).expect("map");
        for s in rect.squares() {
            prop_assert_eq!(map.distance[s.index()], wrap::nearest(&truth, rect.coord(s)));
        }
    }
}

// The product against the oracle.

fn wrap_of(files: bool, ranks: bool) -> Wrap {
    match (files, ranks) {
        (false, false) => Wrap::None,
        (true, false) => Wrap::Files,
        (false, true) => Wrap::Ranks,
        (true, true) => Wrap::Both,
    }
}

/// The product's board for `t`.
fn board(t: Torus) -> Rect {
    let rect = Rect::new(t.width as u64, t.height as u64)
        .expect("size")
        .with_wrap(wrap_of(t.files, t.ranks));
    assert_eq!(rect.wrap(), wrap_of(t.files, t.ranks));
    rect
}

/// A case in words, for failure messages: the board, its wrap, each piece (Betza text, side,
/// square, index).
fn describe(t: Torus, kinds: &[TestPiece], pieces: &[Placed]) -> String {
    let words = pieces.iter().enumerate().map(|(i, p)| {
        let text = &kinds[p.kind].text;
        let (file, rank) = (p.at.file, p.at.rank);
        format!(" #{i} {:?} {text} on ({file},{rank});", p.colour)
    });
    format!("{}x{} {:?}:", t.width, t.height, wrap_of(t.files, t.ranks)) + &words.collect::<String>()
}

fn any_colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(WHITE), Just(BLACK)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The attack map's (square, attacker) pairs, and its counts per side, are the oracle's.
    #[test]
    fn attack_map_matches_the_oracle(
        w in side(), h in side(), (files, ranks) in shape(),
        pieces in proptest::collection::vec(wrap_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..13, 1i64..13), 0..14),
    ) {
        let t = Torus::new(w, h, files, ranks);
        let rect = board(t);
        let placed = placed(t, pieces.len(), spots);
        let pos = Position::new(Board::Rect(rect), common::kinds(&pieces), placed.clone()).expect("position");
        let want = wrap::naive(t, &pieces, &placed);
        let map = AttackMap::new(&pos).expect("bounded");
        let mut got = BTreeSet::new();
        for s in rect.squares() {
            let at = rect.coord(s);
            got.extend(map.attackers(s).iter().map(|&p| (at, p as usize)));
            for colour in Colour::BOTH {
                let n = want.iter().filter(|&&(q, i)| q == at && placed[i].colour == colour).count();
                prop_assert_eq!(map.count(colour, at) as usize, n, "{:?} count on {} in {}", colour, at, describe(t, &pieces, &placed));
                prop_assert_eq!(map.is_attacked(colour, s), n > 0);
            }
        }
        prop_assert_eq!(got, want, "{}", describe(t, &pieces, &placed));
    }

    /// Each piece's attacks, one at a time: each square once, the oracle's squares.
    #[test]
    fn attacks_of_match_the_oracle(
        w in side(), h in side(), (files, ranks) in shape(),
        pieces in proptest::collection::vec(wrap_piece(), 1..4),
        spots in proptest::collection::vec((0usize..4, any::<bool>(), 1i64..13, 1i64..13), 0..14),
    ) {
        let t = Torus::new(w, h, files, ranks);
        let placed = placed(t, pieces.len(), spots);
        let pos = Position::new(Board::Rect(board(t)), common::kinds(&pieces), placed.clone()).expect("position");
        let want = wrap::naive(t, &pieces, &placed);
        for i in 0..placed.len() {
            let squares = pos.attacks_of(i).expect("bounded");
            let distinct: BTreeSet<Coord> = squares.iter().copied().collect();
            prop_assert_eq!(distinct.len(), squares.len(), "each square once: {:?}", squares);
            let mine: BTreeSet<Coord> = want.iter().filter(|&&(_, j)| j == i).map(|&(q, _)| q).collect();
            prop_assert_eq!(distinct, mine, "piece #{} in {}", i, describe(t, &pieces, &placed));
        }
    }

    /// Routes with captures: the router's distance map (and `ask`'s), its routes to a square
    /// and to each capturable piece, against the oracle's state graph; each route re-checked
    /// move by move with the oracle's moves.
    #[test]
    fn routes_match_the_oracle(
        w in side(), h in side(), (files, ranks) in shape(),
        mover in prop_oneof![
            Just(TestPiece::named("K")),
            Just(TestPiece::named("N")),
            Just(TestPiece::named("Q")),
            Just(TestPiece::named("fmWfceFifmnD")),
            wrap_piece(),
        ],
        colour in any_colour(),
        kinds in proptest::collection::vec(wrap_piece(), 1..3),
        spots in proptest::collection::vec((0usize..3, any::<bool>(), 1i64..13, 1i64..13, any::<bool>()), 0..9),
        start in (1i64..13, 1i64..13),
        goal in (1i64..13, 1i64..13),
    ) {
        let t = Torus::new(w, h, files, ranks);
        let rect = board(t);
        let start = fold(t, start);
        let mut seen = BTreeSet::from([start]);
        let mut placed = Vec::new();
        let mut capturable = Vec::new();
        for (k, black, f, r, cap) in spots {
            let at = fold(t, (f, r));
            let side = if black { BLACK } else { WHITE };
            if seen.insert(at) {
                if cap && side != colour && capturable.len() < 4 {
                    capturable.push(placed.len());
                }
                placed.push(Placed { kind: k % kinds.len(), colour: side, at });
            }
        }
        let pos = Position::new(Board::Rect(rect), common::kinds(&kinds), placed.clone()).expect("position");
        let case = format!("{} {:?} mover {} from ({},{}), capturable {:?}", describe(t, &kinds, &placed), colour, mover.text, start.file, start.rank, capturable);
        let truth = distances(t, &kinds, &placed, &mover, colour, start, &capturable);
        let rule = mover.rule();
        let router = Router::new(&pos, &rule, colour, &capturable).expect("router");
        let mut rs = route::Scratch::default();
        let map = router.distances(&mut rs, start).expect("map");
        for s in rect.squares() {
            let at = rect.coord(s);
            prop_assert_eq!(map.distance[s.index()], wrap::nearest(&truth, at), "distance to {} in {}", at, case);
        }
        // The same map through `ask`.
        let question = |target| Question {
            mover: Mover { rule: rule.clone(), colour, at: start, by_square: None },
            target,
            may_capture: Capturable::Squares(capturable.iter().map(|&i| placed[i].at).collect()),
        };
        let asked = ask(&pos, &question(Area::Everywhere), Budget::default()).expect("ask");
        for at in t.squares() {
            prop_assert_eq!(asked.get(at), wrap::nearest(&truth, at), "ask: distance to {} in {}", at, case);
        }
        let recheck = |r: &route::Route| check_route(t, &kinds, &placed, &mover, colour, &r.squares, &r.captured, &capturable);
        // Reach a square.
        let target = fold(t, goal);
        let route = router.route(&mut rs, start, Goal::Reach(target)).expect("route");
        prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), wrap::nearest(&truth, target), "route to {} in {}", target, case);
        if let Some(r) = route {
            prop_assert_eq!(r.squares[0], start);
            prop_assert_eq!(*r.squares.last().expect("end"), target);
            recheck(&r).map_err(|e| TestCaseError::fail(format!("{e}: {:?} in {case}", r.squares)))?;
        }
        // Capture each capturable piece.
        for (b, &p) in capturable.iter().enumerate() {
            let at = placed[p].at;
            let want = truth.iter().filter(|((s, q), _)| *q == at && s >> b & 1 == 1).map(|(_, &d)| d).min();
            let route = router.route(&mut rs, start, Goal::Capture(p)).expect("capture");
            prop_assert_eq!(route.as_ref().map(|r| r.moves() as u32), want, "capture #{} in {}", p, case);
            if let Some(r) = route {
                recheck(&r).map_err(|e| TestCaseError::fail(format!("{e}: {:?} in {case}", r.squares)))?;
            }
        }
    }
}
