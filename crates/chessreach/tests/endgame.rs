//! Royal endgames against published facts (never derived from this solver): the longest mates
//! on 8×8 with White to move (`KQvK` 19 plies, `KRvK` 31, `KBBvK` 37, `KBNvK` 65, `KQvKR` 69), `KNNvK`
//! winning only mates in one, V. Kotěšovec's n×n maxima (OEIS A225551 `KQvK`, A225552 `KRvK`,
//! A225556 `KBNvK`, in moves: plies = 2·moves − 1), and mating potential on 8×8. The small
//! boards run in the debug suite; 8×8 and the larger boards are `#[ignore]`d (release:
//! `cargo test --release -p chessreach --test suite endgame:: -- --include-ignored`).

use chessreach::endgame::{potential, EndgameError, Material, Rules, Stalemate, Tablebase};
use chessreach::geometry::{Rect, Wrap};
use chessreach::limits::Budget;
use chessreach::piece::Colour;

fn rules(n: u64) -> Rules {
    Rules::new(Rect::new(n, n).expect("a board"))
}

fn solve_with(rules: &Rules, material: &str) -> Tablebase {
    let m = Material::parse(material, 'K').expect("a material");
    Tablebase::solve(rules, &m, Budget::unlimited(), None).expect("solved")
}

fn solve(n: u64, material: &str) -> Tablebase {
    solve_with(&rules(n), material)
}

/// The longest mate with White to move; White must be the one mating.
fn longest_white(base: &Tablebase) -> u32 {
    let [white, _] = base.summary();
    let l = white.longest.expect("a decisive position");
    assert_eq!(l.winner, Colour::White, "{}", l.fen);
    l.plies
}

/// OEIS A225551 (`KQvK`), n = 3.., in moves.
const KQK: [u32; 14] = [1, 4, 6, 7, 8, 10, 11, 12, 14, 15, 17, 18, 20, 21];
/// OEIS A225552 (`KRvK`), n = 3.., in moves.
const KRK: [u32; 14] = [3, 7, 10, 12, 14, 16, 18, 21, 23, 25, 28, 30, 33, 35];

fn check_oeis(material: &str, table: &[u32], sizes: std::ops::RangeInclusive<u64>) {
    for n in sizes {
        let moves = table[usize::try_from(n - 3).expect("small")];
        assert_eq!(
            longest_white(&solve(n, material)),
            2 * moves - 1,
            "{material} on {n}x{n}"
        );
    }
}

#[test]
fn kqk_and_krk_small_boards_match_oeis() {
    check_oeis("KQvK", &KQK, 3..=5);
    check_oeis("KRvK", &KRK, 3..=5);
}

#[test]
#[ignore = "release: 3-piece tables up to 16x16"]
fn kqk_and_krk_up_to_16_match_oeis() {
    check_oeis("KQvK", &KQK, 6..=16);
    check_oeis("KRvK", &KRK, 6..=16);
}

#[test]
fn kbnk_4x4_matches_oeis() {
    // A225556: n = 4: 14 moves (odd boards count only the bishop on the corners' colour).
    assert_eq!(longest_white(&solve(4, "KBNvK")), 27);
}

#[test]
#[ignore = "release: four pieces on 6x6 and 8x8"]
fn kbnk_6x6_and_8x8_match_oeis() {
    assert_eq!(longest_white(&solve(6, "KNBvK")), 2 * 22 - 1);
    assert_eq!(longest_white(&solve(8, "KBNvK")), 65);
}

#[test]
#[ignore = "release: 8x8"]
fn orthodox_8x8_longest_mates() {
    assert_eq!(longest_white(&solve(8, "KQvK")), 19);
    assert_eq!(longest_white(&solve(8, "KRvK")), 31);
    assert_eq!(longest_white(&solve(8, "KBBvK")), 37);
}

#[test]
#[ignore = "release: four pieces on 8x8"]
fn kqkr_8x8_longest_mate_is_69_plies() {
    assert_eq!(longest_white(&solve(8, "KQvKR")), 69);
}

#[test]
#[ignore = "release: four pieces on 8x8"]
fn knnk_8x8_wins_only_mates_in_one() {
    let base = solve(8, "KNNvK");
    let [white, black] = base.summary();
    assert!(white.white > 0);
    assert_eq!(white.longest.expect("a mate").plies, 1);
    // With Black to move, White's only wins are Black already mated.
    assert!(black.longest.is_none_or(|l| l.plies == 0));
}

/// Mating potential on 8×8: with its king, a piece forces mate or not.
#[test]
#[ignore = "release: 8x8"]
fn mating_potential_8x8() {
    let mut r = rules(8);
    for d in ["A=BN", "C=RN", "M=K", "F=F", "L=C", "J=NN"] {
        r.symbols.define(d).expect("a definition");
    }
    for (letter, mates) in [
        ('B', false),
        ('N', false),
        ('F', false),
        ('L', false),
        ('J', false),
        ('R', true),
        ('Q', true),
        ('A', true),
        ('C', true),
        ('M', true),
    ] {
        let p = potential(&r, letter, Budget::unlimited(), None).expect("solved");
        assert_eq!(p.forces_mate, mates, "{letter} ({})", p.betza);
    }
}

/// A board with no position to judge (the three pieces do not fit) forces nothing.
#[test]
fn no_position_forces_no_mate() {
    for n in [1, 2] {
        let p = potential(&rules(n), 'Q', Budget::unlimited(), None).expect("solved");
        assert_eq!((p.positions, p.forces_mate), (0, false), "{n}x{n}");
    }
}

#[test]
fn bare_kings_draw_under_both_stalemate_rules() {
    for stalemate in [Stalemate::Draw, Stalemate::Loss] {
        let mut r = rules(3);
        r.stalemate = stalemate;
        let [white, black] = solve_with(&r, "KvK").summary();
        assert_eq!(white.draw, white.positions);
        assert_eq!(black.draw, black.positions);
        assert!(white.positions > 0);
    }
}

#[test]
fn letter_order_does_not_matter_and_identical_pieces_count_once() {
    let a = solve(4, "KBNvK").summary();
    let b = solve(4, "knbvk").summary();
    assert_eq!(a, b);
    // Two bishops: unordered pairs. Legal White-to-move positions of KBBvK on 4x4 are fewer
    // than the ordered placements 16*15*14*13 / 2.
    let [w, _] = solve(4, "KBBvK").summary();
    assert!(w.positions <= 16 * 15 * 14 * 13 / 2);
}

#[test]
fn probe_gives_mate_in_one_and_its_move() {
    let base = solve(4, "KQvK");
    // 4x4: Black's king on a4, White's king on c2, queen on b1: Qb3 mates.
    let p = base.probe("k3/4/2K1/1Q2 w").expect("a probe");
    assert_eq!(p.winner, Some(Colour::White));
    assert_eq!(p.plies, Some(1));
    assert_eq!(p.line.len(), 1);
    let best = p.best.expect("a move");
    assert!(best.starts_with('Q'), "{best}");
}

#[test]
fn probe_refuses_wrong_material_and_board() {
    let base = solve(4, "KQvK");
    assert!(matches!(
        base.probe("k3/4/2K1/1R2 w"),
        Err(EndgameError::WrongMaterial { .. })
    ));
    assert!(matches!(
        base.probe("k4/5/2K2/1Q3/5 w"),
        Err(EndgameError::WrongBoard { .. })
    ));
    assert!(matches!(
        base.probe("k3/1Q2/2K1/4 x"),
        Err(EndgameError::SideToMove(_))
    ));
    // Black to move in check is fine; White to move with Black in check is not a position.
    assert!(matches!(base.probe("kQ2/4/2K1/4 w"), Err(EndgameError::Illegal)));
}

#[test]
fn budget_is_checked_before_allocating() {
    let m = Material::parse("KQvKR", 'K').expect("a material");
    let r = rules(64);
    assert!(matches!(
        Tablebase::solve(&r, &m, Budget::new(1 << 30), None),
        Err(EndgameError::TooLarge(_))
    ));
}

#[test]
fn materials_are_checked() {
    for bad in ["KQK", "QvK", "KKvK", "KQRBvK", "K1vK"] {
        assert!(Material::parse(bad, 'K').is_err(), "{bad}");
    }
    assert_eq!(Material::parse("KNBvK", 'K').expect("ok").to_string(), "KBNvK");
}

#[test]
fn hoppers_are_refused_by_name() {
    let mut r = rules(4);
    r.symbols.define("G=gQ").expect("grasshopper");
    let m = Material::parse("KGvK", 'K').expect("a material");
    assert!(matches!(
        Tablebase::solve(&r, &m, Budget::unlimited(), None),
        Err(EndgameError::Movement { letter: 'G', .. })
    ));
}

#[test]
fn wrapped_board_solves() {
    let mut r = rules(4);
    r.rect = r.rect.with_wrap(Wrap::Both);
    let [white, _] = solve_with(&r, "KQvK").summary();
    assert!(white.positions > 0);
}

/// A FEN checked against the rules before anything is solved: the probe's errors, the rules'
/// first; no table needed (a 10x10 `KQvKR` would take seconds and 400 MB).
#[test]
fn fens_are_checked_before_solving() {
    let big = rules(10);
    let m = Material::parse("KQvKR", 'K').expect("a material");
    let check = |fen: &str| Tablebase::check_fen(&big, &m, fen);
    assert!(matches!(
        check("k7/8/8/8/8/8/8/K6Q w"),
        Err(EndgameError::WrongBoard { .. })
    ));
    assert!(matches!(
        check("k9/10/10/10/10/10/10/10/10/K8Q w"),
        Err(EndgameError::WrongMaterial { .. })
    ));
    assert!(matches!(
        check("k8r/10/10/10/10/10/10/10/10/K8Q x"),
        Err(EndgameError::SideToMove(_))
    ));
    assert!(matches!(
        check("k8r/10/10/10/10/10/10/10/10/K8Q? w"),
        Err(EndgameError::Fen(_))
    ));
    // White to move while Black's king on a10 stands on the queen's diagonal: not a position.
    assert!(matches!(
        check("k8r/10/10/10/10/10/10/10/10/K8Q w"),
        Err(EndgameError::Illegal)
    ));
    assert!(check("k8r/10/10/10/10/10/10/10/10/K8Q b").is_ok());
    // A rook between them blocks the check.
    assert!(check("k9/1r8/10/10/10/10/10/10/10/K8Q w").is_ok());
    // The rules before the FEN, as the solve checks them.
    let mut hopper = rules(4);
    hopper.symbols.define("G=gQ").expect("grasshopper");
    let g = Material::parse("KGvK", 'K').expect("a material");
    assert!(matches!(
        Tablebase::check_fen(&hopper, &g, "k3/4/4/4 w"),
        Err(EndgameError::Movement { letter: 'G', .. })
    ));
    let a = Material::parse("KAvK", 'K').expect("a material");
    assert!(matches!(
        Tablebase::check_fen(&rules(4), &a, "k3/4/4/KA2 w"),
        Err(EndgameError::UnknownLetter('A'))
    ));
}

/// The FEN of `pieces` (letter, square index) on a `w`×`h` board, `stm` to move.
fn fen_of(w: u32, h: u32, pieces: &[(char, u32)], stm: char) -> String {
    let mut out = String::new();
    for rank in (0..h).rev() {
        let mut empty = 0;
        for file in 0..w {
            match pieces.iter().find(|p| p.1 == rank * w + file) {
                Some(&(l, _)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(l);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(stm);
    out
}

/// Every placement of a few small endgames, flat and wrapped: the check before solving says
/// what the solved table's probe says (the same error, or none).
#[test]
fn checked_fens_agree_with_the_solved_probe() {
    for (w, h, wrap, material, letters) in [
        (4u32, 4u32, Wrap::None, "KRvK", "KkR"),
        (4, 3, Wrap::Both, "KQvK", "KkQ"),
        (3, 3, Wrap::None, "KRvKN", "KkRn"),
        (3, 3, Wrap::Files, "KBvKN", "KkBn"),
    ] {
        let mut r = Rules::new(
            Rect::new(u64::from(w), u64::from(h))
                .expect("a board")
                .with_wrap(wrap),
        );
        r.stalemate = Stalemate::Draw;
        let m = Material::parse(material, 'K').expect("a material");
        let base = solve_with(&r, material);
        let n = w * h;
        let letters: Vec<char> = letters.chars().collect();
        let mut squares = vec![0u32; letters.len()];
        let mut seen = 0;
        'all: loop {
            let distinct =
                (0..squares.len()).all(|i| (i + 1..squares.len()).all(|j| squares[i] != squares[j]));
            if distinct {
                let pieces: Vec<(char, u32)> = letters.iter().copied().zip(squares.iter().copied()).collect();
                for stm in ['w', 'b'] {
                    let fen = fen_of(w, h, &pieces, stm);
                    let early = Tablebase::check_fen(&r, &m, &fen);
                    let late = base.probe(&fen).map(|_| ());
                    assert_eq!(early, late, "{fen} on {}", r.rect.label());
                    seen += 1;
                }
            }
            for s in &mut squares {
                *s += 1;
                if *s < n {
                    continue 'all;
                }
                *s = 0;
            }
            break;
        }
        assert!(seen > 0);
    }
}
