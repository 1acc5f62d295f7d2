//! Variants against oracles written from the games' rules (not from Betza, the step tables or
//! the engine's confinement): Xiangqi and Janggi as their rule books describe each piece, shogi
//! with its promoted pieces, both colours, start positions and thousands of random placements.
//! The pyffish differential check (`scripts/check_variants.py`) compares the same maps with
//! Fairy-Stockfish itself.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chessreach::attack::AttackMap;
use chessreach::limits::Budget;
use chessreach::load::Loaded;
use chessreach::path::{ask, Area, Capturable, Question};
use chessreach::piece::Colour;
use chessreach::variant::{Catalogue, IniErrorKind, Variant};
use proptest::prelude::*;

type Sq = (i64, i64);
type Board = HashMap<Sq, char>;

fn variant(name: &str) -> &'static Variant {
    Catalogue::builtin().get(name).expect("built in")
}

fn fen_of(board: &Board, files: i64, ranks: i64) -> String {
    let mut rows = Vec::new();
    for r in (1..=ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 1..=files {
            match board.get(&(f, r)) {
                None => empty += 1,
                Some(&c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The engine's map as (colour is white, square) pairs.
fn engine(v: &Variant, board: &Board) -> BTreeSet<(bool, Sq)> {
    let files = i64::from(v.files);
    let ranks = i64::from(v.ranks);
    let pos = v.position(&fen_of(board, files, ranks)).expect("position");
    let map = AttackMap::new(&pos).expect("bounded");
    let rect = pos.rect().expect("bounded");
    let mut out = BTreeSet::new();
    for f in 1..=files {
        for r in 1..=ranks {
            let s = rect
                .square(chessreach::geometry::Coord::new(f, r))
                .expect("on board");
            for (white, c) in [(true, Colour::White), (false, Colour::Black)] {
                if map.is_attacked(c, s) {
                    out.insert((white, (f, r)));
                }
            }
        }
    }
    out
}

/// Xiangqi (`janggi == false`) and Janggi from their rules. Letters: K general, A advisor,
/// B elephant, N horse, R chariot, C cannon, P soldier; upper case is the side at the bottom.
#[expect(
    clippy::too_many_lines,
    reason = "one rule-book paragraph per piece, side by side"
)]
fn palace_oracle(board: &Board, janggi: bool) -> BTreeSet<(bool, Sq)> {
    let on = |s: Sq| (1..=9).contains(&s.0) && (1..=10).contains(&s.1);
    let in_palace = |s: Sq, white: bool| {
        (4..=6).contains(&s.0)
            && if white {
                (1..=3).contains(&s.1)
            } else {
                (8..=10).contains(&s.1)
            }
    };
    // Janggi's palace lines: the two diagonals through each palace's centre.
    let lines: BTreeSet<Sq> = [
        (4, 1),
        (6, 1),
        (5, 2),
        (4, 3),
        (6, 3),
        (4, 8),
        (6, 8),
        (5, 9),
        (4, 10),
        (6, 10),
    ]
    .into_iter()
    .collect();
    let is_cannon = |s: Sq| board.get(&s).is_some_and(|c| c.eq_ignore_ascii_case(&'c'));
    let mut out = BTreeSet::new();
    for (&at, &piece) in board {
        let white = piece.is_ascii_uppercase();
        let fwd = if white { 1 } else { -1 };
        let mut hit = |s: Sq| {
            if on(s) {
                out.insert((white, s));
            }
        };
        let add = |a: Sq, d: Sq| (a.0 + d.0, a.1 + d.1);
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        // Along palace lines: diagonal steps from a line square to a line square.
        let line_ride = |from: Sq, max: usize, hit: &mut dyn FnMut(Sq)| {
            if !janggi || !lines.contains(&from) {
                return;
            }
            for d in diag {
                let mut s = from;
                for _ in 0..max {
                    s = add(s, d);
                    if !lines.contains(&s) {
                        break;
                    }
                    hit(s);
                    if board.contains_key(&s) {
                        break;
                    }
                }
            }
        };
        match piece.to_ascii_uppercase() {
            'K' | 'A' if janggi => {
                for d in orth {
                    let s = add(at, d);
                    if in_palace(s, white) {
                        hit(s);
                    }
                }
                line_ride(at, 1, &mut hit);
            }
            // The flying general is a rule about legal moves, not an attack.
            'K' => {
                for d in orth {
                    let s = add(at, d);
                    if in_palace(s, white) {
                        hit(s);
                    }
                }
            }
            'A' => {
                for d in diag {
                    let s = add(at, d);
                    if in_palace(s, white) {
                        hit(s);
                    }
                }
            }
            'B' if janggi => {
                // One orthogonal step, then two diagonal steps outwards; both passed squares empty.
                for d in orth {
                    for side in [-1, 1] {
                        let first = add(at, d);
                        let diag_step = if d.0 == 0 { (side, d.1) } else { (d.0, side) };
                        let second = add(first, diag_step);
                        let target = add(second, diag_step);
                        if on(first)
                            && !board.contains_key(&first)
                            && on(second)
                            && !board.contains_key(&second)
                        {
                            hit(target);
                        }
                    }
                }
            }
            'B' => {
                for d in diag {
                    let eye = add(at, d);
                    let target = add(eye, d);
                    let own_side = if white { target.1 <= 5 } else { target.1 >= 6 };
                    if !board.contains_key(&eye) && own_side {
                        hit(target);
                    }
                }
            }
            'N' => {
                for d in orth {
                    let leg = add(at, d);
                    if board.contains_key(&leg) || !on(leg) {
                        continue;
                    }
                    for side in [-1, 1] {
                        let target = if d.0 == 0 {
                            (at.0 + side, at.1 + 2 * d.1)
                        } else {
                            (at.0 + 2 * d.0, at.1 + side)
                        };
                        hit(target);
                    }
                }
            }
            'R' => {
                for d in orth {
                    let mut s = add(at, d);
                    while on(s) {
                        hit(s);
                        if board.contains_key(&s) {
                            break;
                        }
                        s = add(s, d);
                    }
                }
                line_ride(at, 2, &mut hit);
            }
            'C' => {
                let hop = |d: Sq, only_lines: bool, hit: &mut dyn FnMut(Sq)| {
                    let ok = |s: Sq| on(s) && (!only_lines || lines.contains(&s));
                    let mut s = add(at, d);
                    while ok(s) && !board.contains_key(&s) {
                        s = add(s, d);
                    }
                    if !ok(s) || (janggi && is_cannon(s)) {
                        return; // no screen, or a cannon (Janggi cannons never hop cannons)
                    }
                    s = add(s, d);
                    while ok(s) {
                        if !(janggi && is_cannon(s)) {
                            hit(s);
                        }
                        if board.contains_key(&s) {
                            break;
                        }
                        s = add(s, d);
                    }
                };
                for d in orth {
                    hop(d, false, &mut hit);
                }
                if janggi && lines.contains(&at) {
                    for d in diag {
                        hop(d, true, &mut hit);
                    }
                }
            }
            'P' => {
                hit((at.0, at.1 + fwd));
                let crossed = if white { at.1 >= 6 } else { at.1 <= 5 };
                if janggi || crossed {
                    hit((at.0 - 1, at.1));
                    hit((at.0 + 1, at.1));
                }
                if janggi && lines.contains(&at) {
                    for dx in [-1, 1] {
                        let s = (at.0 + dx, at.1 + fwd);
                        if lines.contains(&s) {
                            hit(s);
                        }
                    }
                }
            }
            other => panic!("no such piece {other}"),
        }
    }
    out
}

/// Shogi from its rules; `+X` promoted pieces are given as lower-case-insensitive `X`
/// promoted via the map's `promoted` flag.
fn shogi_oracle(board: &HashMap<Sq, (char, bool)>, size: i64) -> BTreeSet<(bool, Sq)> {
    let on = |s: Sq| (1..=size).contains(&s.0) && (1..=size).contains(&s.1);
    let mut out = BTreeSet::new();
    for (&at, &(piece, promoted)) in board {
        let white = piece.is_ascii_uppercase();
        let f = if white { 1 } else { -1 };
        let gold = [(0, f), (1, f), (-1, f), (1, 0), (-1, 0), (0, -f)];
        let silver = [(0, f), (1, f), (-1, f), (1, -f), (-1, -f)];
        let king = [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ];
        let mut steps: Vec<Sq> = Vec::new();
        let mut rides: Vec<Sq> = Vec::new();
        match (piece.to_ascii_uppercase(), promoted) {
            ('P' | 'L' | 'N' | 'S', true) | ('G', _) => steps.extend(gold),
            ('P', false) => steps.push((0, f)),
            ('L', false) => rides.push((0, f)),
            ('N', false) => steps.extend([(1, 2 * f), (-1, 2 * f)]),
            ('S', false) => steps.extend(silver),
            ('K', _) => steps.extend(king),
            ('B', p) => {
                rides.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                if p {
                    steps.extend([(0, 1), (1, 0), (0, -1), (-1, 0)]);
                }
            }
            ('R', p) => {
                rides.extend([(0, 1), (1, 0), (0, -1), (-1, 0)]);
                if p {
                    steps.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                }
            }
            other => panic!("no such piece {other:?}"),
        }
        for d in steps {
            let s = (at.0 + d.0, at.1 + d.1);
            if on(s) {
                out.insert((white, s));
            }
        }
        for d in rides {
            let mut s = (at.0 + d.0, at.1 + d.1);
            while on(s) {
                out.insert((white, s));
                if board.contains_key(&s) {
                    break;
                }
                s = (s.0 + d.0, s.1 + d.1);
            }
        }
    }
    out
}

fn board_from_fen(fen: &str) -> Board {
    let placement = fen.split_whitespace().next().expect("placement");
    let rows: Vec<&str> = placement.split('/').collect();
    let mut board = Board::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = i64::try_from(rows.len() - i).expect("few ranks");
        let mut file = 0;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<i64>().unwrap_or(0);
            digits.clear();
            file += 1;
            board.insert((file, rank), c);
        }
    }
    board
}

#[test]
fn xiangqi_and_janggi_start_positions() {
    for (name, janggi) in [("xiangqi", false), ("janggi", true)] {
        let v = variant(name);
        let board = board_from_fen(&v.start_fen);
        assert_eq!(engine(v, &board), palace_oracle(&board, janggi), "{name}");
    }
}

/// Squares "a1 b2 …" as (file, rank).
fn squares(list: &str) -> BTreeSet<Sq> {
    list.split_whitespace()
        .map(|s| {
            let c: chessreach::geometry::Coord = s.parse().expect("square");
            (c.file, c.rank)
        })
        .collect()
}

#[test]
fn the_flying_general_is_not_an_attack() {
    // Fairy-Stockfish's attackers, from pyffish 0.0.90 as `scripts/check_variants.py` asks it
    // (legal captures in a king-less copy of the variant): the generals' open file is
    // attacked by neither.
    let cases = [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "b1 d1 f1 h1 a2 e2 i2 a3 c3 e3 g3 i3 a4 i4 a5 c5 e5 g5 i5 b9 h9 b10 h10",
            "b1 h1 b2 h2 a6 c6 e6 g6 i6 a7 i7 a8 c8 e8 g8 i8 a9 e9 i9 b10 d10 f10 h10",
        ),
        ("3k5/9/9/9/9/9/9/9/9/4K4", "d1 f1 e2", "d9 e10"),
    ];
    for (fen, white, black) in cases {
        let board = board_from_fen(fen);
        let map = engine(variant("xiangqi"), &board);
        let side = |w: bool| {
            map.iter()
                .filter(|x| x.0 == w)
                .map(|x| x.1)
                .collect::<BTreeSet<Sq>>()
        };
        assert_eq!(side(true), squares(white), "{fen}");
        assert_eq!(side(false), squares(black), "{fen}");
        assert_eq!(map, palace_oracle(&board, false), "{fen}");
    }
}

/// A white general's fewest moves to each square from `start`, from Xiangqi's rules: one
/// orthogonal step inside its palace, onto an empty square or (when `capture`) a black piece,
/// never stopping where a black piece attacks (the palace oracle on the board without the
/// pieces captured so far) nor where it faces a black general along an open file or rank.
fn general_oracle(board: &Board, start: Sq, capture: bool) -> BTreeMap<Sq, u32> {
    let in_palace = |s: Sq| (4..=6).contains(&s.0) && (1..=3).contains(&s.1);
    let on = |s: Sq| (1..=9).contains(&s.0) && (1..=10).contains(&s.1);
    let mut out = BTreeMap::new();
    let mut seen = BTreeSet::new();
    let mut queue = std::collections::VecDeque::from([(start, Vec::<Sq>::new(), 0u32)]);
    while let Some((at, captured, d)) = queue.pop_front() {
        if !seen.insert((at, captured.clone())) {
            continue;
        }
        out.entry(at).or_insert(d);
        for step in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let to = (at.0 + step.0, at.1 + step.1);
            if !in_palace(to) {
                continue;
            }
            let mut left = board.clone();
            left.retain(|s, _| !captured.contains(s));
            let mut now = captured.clone();
            match left.get(&to) {
                None => {}
                Some(c) if capture && c.is_ascii_lowercase() => {
                    left.remove(&to);
                    now.push(to);
                    now.sort_unstable();
                }
                Some(_) => continue,
            }
            let attacked = palace_oracle(&left, false).contains(&(false, to));
            let faces = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|d| {
                let mut s = (to.0 + d.0, to.1 + d.1);
                while on(s) && !left.contains_key(&s) {
                    s = (s.0 + d.0, s.1 + d.1);
                }
                left.get(&s) == Some(&'k')
            });
            if !attacked && !faces {
                queue.push_back((to, now, d + 1));
            }
        }
    }
    out
}

/// The engine's distances of a white general starting on `start` (a route question of the
/// variant's mover).
fn general_engine(board: &Board, start: Sq, capture: bool) -> BTreeMap<Sq, u32> {
    let loaded = Loaded::of_variant(variant("xiangqi"), Some(&fen_of(board, 9, 10))).expect("position");
    let at = chessreach::geometry::Coord::new(start.0, start.1);
    let moving = loaded.mover(&format!("K@{at}")).expect("mover");
    let question = Question {
        mover: moving.mover.clone(),
        target: Area::Everywhere,
        may_capture: if capture {
            Capturable::All
        } else {
            Capturable::Nothing
        },
    };
    let map = ask(&moving.position, &question, Budget::unlimited()).expect("a distance map");
    map.iter()
        .filter_map(|(c, d)| d.map(|d| ((c.file, c.rank), d)))
        .collect()
}

#[test]
fn a_generals_route_never_stops_facing_the_other_general() {
    // The d-file is open from d1 to the black general on d10: d1, d2, d3 are never stops.
    let open = board_from_fen("3k5/9/9/9/9/9/9/9/9/9");
    let map = general_engine(&open, (5, 1), false);
    assert_eq!(
        map,
        BTreeMap::from([
            ((5, 1), 0),
            ((5, 2), 1),
            ((6, 1), 1),
            ((6, 2), 2),
            ((5, 3), 2),
            ((6, 3), 3)
        ])
    );
    // A piece on the file closes it; capturing it opens it again.
    let closed = board_from_fen("3k5/9/9/9/3p5/9/9/9/9/9");
    assert_eq!(general_engine(&closed, (5, 1), false)[&(4, 1)], 1);
    let screen = board_from_fen("3k5/9/9/9/9/9/9/9/3r5/9");
    let with = general_engine(&screen, (5, 1), true);
    assert_eq!(with, general_oracle(&screen, (5, 1), true));
    assert!(
        !with.contains_key(&(4, 2)),
        "the chariot on d2 attacks d1 and d3 and faces nothing once taken"
    );
}

fn arb_palace_board(letters: &'static str) -> impl Strategy<Value = Board> {
    let letters: Vec<char> = letters.chars().collect();
    proptest::collection::vec(((1i64..=9, 1i64..=10), 0..letters.len(), any::<bool>()), 1..24).prop_map(
        move |v| {
            v.into_iter()
                .map(|(s, l, white)| {
                    let c = letters[l];
                    (s, if white { c } else { c.to_ascii_lowercase() })
                })
                .collect()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn xiangqi_matches_its_rules(board in arb_palace_board("KABNRCP")) {
        prop_assert_eq!(engine(variant("xiangqi"), &board), palace_oracle(&board, false));
    }

    #[test]
    fn a_generals_routes_match_the_rules(
        board in arb_palace_board("KABNRCPkkk"),
        start in (4i64..=6, 1i64..=3),
        capture in any::<bool>(),
    ) {
        // Few pieces, so that every capture subset stays small.
        let board: Board = board.into_iter().take(10).collect();
        prop_assume!(!board.contains_key(&start));
        prop_assert_eq!(general_engine(&board, start, capture), general_oracle(&board, start, capture));
    }

    #[test]
    fn janggi_matches_its_rules(board in arb_palace_board("KABNRCP")) {
        prop_assert_eq!(engine(variant("janggi"), &board), palace_oracle(&board, true));
    }

    #[test]
    fn shogi_matches_its_rules(
        pieces in proptest::collection::vec(((1i64..=9, 1i64..=9), 0usize..8, any::<bool>(), any::<bool>()), 1..30)
    ) {
        let letters = ['P', 'L', 'N', 'S', 'G', 'B', 'R', 'K'];
        let mut board: HashMap<Sq, (char, bool)> = HashMap::new();
        for (s, l, white, promoted) in pieces {
            let c = letters[l];
            let promoted = promoted && !matches!(c, 'G' | 'K');
            board.insert(s, (if white { c } else { c.to_ascii_lowercase() }, promoted));
        }
        let mut rows = Vec::new();
        for r in (1..=9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 1..=9 {
                match board.get(&(f, r)) {
                    None => empty += 1,
                    Some(&(c, p)) => {
                        if empty > 0 { row += &empty.to_string(); empty = 0; }
                        if p { row.push('+'); }
                        row.push(c);
                    }
                }
            }
            if empty > 0 { row += &empty.to_string(); }
            rows.push(row);
        }
        let fen = format!("{}[-] w 0 1", rows.join("/"));
        let v = variant("shogi");
        let pos = v.position(&fen).expect("shogi position");
        let map = AttackMap::new(&pos).expect("bounded");
        let rect = pos.rect().expect("bounded");
        let mut mine = BTreeSet::new();
        for f in 1..=9 {
            for r in 1..=9 {
                let s = rect.square(chessreach::geometry::Coord::new(f, r)).expect("on board");
                for (white, c) in [(true, Colour::White), (false, Colour::Black)] {
                    if map.is_attacked(c, s) {
                        mine.insert((white, (f, r)));
                    }
                }
            }
        }
        prop_assert_eq!(mine, shogi_oracle(&board, 9), "{}", fen);
    }
}

#[test]
fn every_builtin_start_position_reads() {
    for v in Catalogue::builtin().variants() {
        let pos = v.start_position().unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert_eq!(pos.board(), v.board(), "{}", v.name);
        // Reversi (flipersi) starts with every disc in hand.
        assert!(
            !pos.pieces().is_empty() || v.start_fen.contains('['),
            "{}",
            v.name
        );
    }
}

#[test]
fn a_copied_section_reads_as_the_builtin() {
    let text = include_str!("../src/variant/builtin.ini");
    // Xiangqi written out in full, under another name, inheriting from nothing built in.
    let start = text.find("[minixiangqi]").expect("section");
    let end = text.find("[manchu:xiangqi]").expect("section");
    let copy = text[start..end]
        .replace("[minixiangqi]", "[mini2]")
        .replace("[xiangqi:minixiangqi]", "[xiangqi2:mini2]");
    let mut c = Catalogue::default();
    c.load(&copy, "copy.ini").expect("reads");
    let mut mine = c.get("xiangqi2").expect("defined").clone();
    mine.name = "xiangqi".to_owned();
    assert_eq!(&mine, variant("xiangqi"));
}

#[test]
fn user_variants_inherit_and_define_pieces() {
    let mut c = Catalogue::builtin().clone();
    let names = c
        .load(
            "; a comment\n[cannonchess:chess]\nmaxFile = j\ncustomPiece1 = c:mRcpR\n# another\nknight = -\nstartFen = 10/10/10/10/10/10/10/C8k w - - 0 1\n",
            "mine.ini",
        )
        .expect("reads");
    assert_eq!(names, ["cannonchess"]);
    let v = c.get("cannonchess").expect("defined");
    assert_eq!(v.files, 10);
    assert!(v.piece('n').is_none());
    assert_eq!(v.piece('C').map(|p| p.kind.as_str()), Some("customPiece1"));
    let pos = v.start_position().expect("start");
    let map = AttackMap::new(&pos).expect("map");
    // The cannon on a1 sees the king on j1 but has no screen: it attacks nothing.
    assert_eq!(map.attacked(Colour::White).count(), 0);
}

#[test]
fn bad_files_name_file_line_and_column() {
    type Case = (&'static str, usize, usize, fn(&IniErrorKind) -> bool);
    let cases: [Case; 7] = [
        ("[a:chess]\nmaxFile = 40\n", 2, 11, |k| {
            matches!(k, IniErrorKind::BadValue { .. })
        }),
        ("[a:chess]\nthis line has no equals\n", 2, 1, |k| {
            matches!(k, IniErrorKind::NoEquals)
        }),
        ("[a:nosuch]\n", 1, 4, |k| {
            matches!(k, IniErrorKind::UnknownTemplate(_))
        }),
        ("[a\n", 1, 3, |k| matches!(k, IniErrorKind::NoClosingBracket)),
        ("[chess]\n", 1, 2, |k| matches!(k, IniErrorKind::Duplicate(_))),
        ("[a:chess]\ncustomPiece1 = x:Nq\n", 2, 16, |k| {
            matches!(k, IniErrorKind::Betza(_))
        }),
        ("[a:chess]\nmobilityRegionWhiteKing = e1 z\n", 2, 27, |k| {
            matches!(k, IniErrorKind::BadValue { .. })
        }),
    ];
    for (text, line, column, kind) in cases {
        let e = Catalogue::builtin().clone().load(text, "f.ini").expect_err(text);
        assert_eq!(
            (e.file.as_str(), e.line, e.column),
            ("f.ini", line, column),
            "{text:?}: {e}"
        );
        assert!(kind(&e.kind), "{text:?}: {e}");
        assert!(
            e.to_string().starts_with(&format!("f.ini:{line}:{column}: ")),
            "{e}"
        );
    }
}

#[test]
fn variant_fens_are_checked() {
    let v = variant("shogi");
    assert!(
        v.position("9/9/9/9/9/9/9/9/+K8").is_err(),
        "a king does not promote"
    );
    assert!(v.position("8/8/8/8/8/8/8/8").is_err(), "shogi is 9x9");
    assert!(v.position("9/9/9/9/9/9/9/9/X8").is_err(), "no X in shogi");
    assert!(v.position("9/9/9/9/9/9/9/9/+P8[Pp] b 1").is_ok());
}
