//! Self-checks of the test oracles (`common::xbetza_ref`, `common::endgame_ref`): facts
//! worked out by hand from the rules, so that the comparison tests lean on a checked oracle.

use crate::common;

use std::collections::BTreeSet;

use common::xbetza_ref::{attacked, attacked_moved, moves, RefMove, RefSide};

type Sq = (i32, i32);

/// A position: friends and foes of the moving piece.
struct Spots {
    friends: Vec<Sq>,
    foes: Vec<Sq>,
}

impl Spots {
    fn new(friends: &[Sq], foes: &[Sq]) -> Self {
        Self {
            friends: friends.to_vec(),
            foes: foes.to_vec(),
        }
    }

    fn at(&self, sq: Sq) -> Option<RefSide> {
        if self.friends.contains(&sq) {
            Some(RefSide::Friend)
        } else if self.foes.contains(&sq) {
            Some(RefSide::Foe)
        } else {
            None
        }
    }
}

struct Case<'a> {
    text: &'a str,
    size: (i32, i32),
    wrap: bool,
    from: Sq,
    black: bool,
    moved: bool,
    spots: Spots,
}

impl<'a> Case<'a> {
    fn new(text: &'a str, size: (i32, i32), from: Sq) -> Self {
        Self {
            text,
            size,
            wrap: false,
            from,
            black: false,
            moved: false,
            spots: Spots::new(&[], &[]),
        }
    }

    fn with(mut self, friends: &[Sq], foes: &[Sq]) -> Self {
        self.spots = Spots::new(friends, foes);
        self
    }

    fn black(mut self) -> Self {
        self.black = true;
        self
    }

    fn moved(mut self) -> Self {
        self.moved = true;
        self
    }

    fn wrapped(mut self) -> Self {
        self.wrap = true;
        self
    }

    fn moves(&self) -> Vec<RefMove> {
        let spots = &self.spots;
        moves(
            self.text,
            self.size.0,
            self.size.1,
            self.wrap,
            self.from,
            self.black,
            &|q| spots.at(q),
            self.moved,
        )
        .unwrap_or_else(|e| panic!("`{}`: {e}", self.text))
    }

    /// The destinations.
    fn targets(&self) -> BTreeSet<Sq> {
        self.moves().into_iter().map(|m| m.to).collect()
    }

    fn attacked(&self) -> BTreeSet<Sq> {
        let spots = &self.spots;
        let at = |q: Sq| spots.at(q);
        if self.moved {
            attacked_moved(
                self.text,
                self.size.0,
                self.size.1,
                self.wrap,
                self.from,
                self.black,
                &at,
                true,
            )
        } else {
            attacked(
                self.text,
                self.size.0,
                self.size.1,
                self.wrap,
                self.from,
                self.black,
                &at,
            )
        }
        .unwrap_or_else(|e| panic!("`{}`: {e}", self.text))
    }
}

fn set(sqs: &[Sq]) -> BTreeSet<Sq> {
    sqs.iter().copied().collect()
}

fn mv(to: Sq, captures: &[Sq]) -> RefMove {
    RefMove {
        to,
        captures: captures.to_vec(),
    }
}

/// The knight's squares around `c`.
fn knight(c: Sq) -> BTreeSet<Sq> {
    [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .iter()
    .map(|&(x, y)| (c.0 + x, c.1 + y))
    .collect()
}

#[test]
fn plain_atoms_and_ranges() {
    let c = (3, 3);
    assert_eq!(Case::new("N", (8, 8), c).targets(), knight(c));
    assert_eq!(
        Case::new("W", (8, 8), c).targets(),
        set(&[(3, 4), (4, 3), (3, 2), (2, 3)])
    );
    // L is the camel (3,1), J the zebra (3,2) (the documentation's letters).
    assert_eq!(Case::new("L", (8, 8), (0, 0)).targets(), set(&[(1, 3), (3, 1)]));
    assert_eq!(Case::new("J", (8, 8), (0, 0)).targets(), set(&[(2, 3), (3, 2)]));
    // A doubled letter is a rider; followed by a number it is two atoms.
    let nn = Case::new("NN", (12, 12), (0, 0)).targets();
    let line = set(&[
        (1, 2),
        (2, 4),
        (3, 6),
        (4, 8),
        (5, 10),
        (2, 1),
        (4, 2),
        (6, 3),
        (8, 4),
        (10, 5),
    ]);
    assert_eq!(nn, line);
    assert_eq!(Case::new("N0", (12, 12), (0, 0)).targets(), line);
    let nn3 = Case::new("NN3", (12, 12), (0, 0)).targets();
    assert_eq!(nn3, set(&[(1, 2), (2, 4), (3, 6), (2, 1), (4, 2), (6, 3)]));
    // A rider stops at the first piece: a friend ends it before, a foe is taken.
    let blocked = Case::new("NN", (12, 12), (0, 0)).with(&[(2, 4)], &[(4, 2)]);
    assert_eq!(blocked.targets(), set(&[(1, 2), (2, 1), (4, 2)]));
    assert_eq!(
        Case::new("R2", (8, 8), (0, 0)).targets(),
        set(&[(0, 1), (0, 2), (1, 0), (2, 0)])
    );
    // Refused: castling, en passant, non-atoms.
    let none = |_: Sq| None;
    for bad in ["O2", "mfeW", "X", "fmW(1,2)", "fm"] {
        assert!(moves(bad, 8, 8, false, c, false, &none, false).is_err(), "{bad}");
    }
}

#[test]
fn directions_and_black() {
    let c = (3, 3);
    // Oblique: `fr` is the lower of the right pair, `rf` the right of the forward pair.
    assert_eq!(Case::new("frN", (8, 8), c).targets(), set(&[(5, 4)]));
    assert_eq!(Case::new("rfN", (8, 8), c).targets(), set(&[(4, 5)]));
    assert_eq!(Case::new("fN", (8, 8), c).targets(), set(&[(4, 5), (2, 5)]));
    assert_eq!(Case::new("fsN", (8, 8), c).targets(), set(&[(5, 4), (1, 4)]));
    assert_eq!(
        Case::new("fhN", (8, 8), c).targets(),
        set(&[(4, 5), (2, 5), (5, 4), (1, 4)])
    );
    assert_eq!(
        Case::new("hrN", (8, 8), c).targets(),
        set(&[(4, 5), (5, 2), (2, 1), (1, 4)])
    );
    assert_eq!(Case::new("frF", (8, 8), c).targets(), set(&[(4, 4)]));
    assert_eq!(Case::new("fF", (8, 8), c).targets(), set(&[(4, 4), (2, 4)]));
    assert_eq!(Case::new("frK", (8, 8), c).targets(), set(&[(4, 4)]));
    assert_eq!(Case::new("fK", (8, 8), c).targets(), set(&[(3, 4)]));
    assert_eq!(Case::new("fsK", (8, 8), c).targets(), set(&[(4, 4), (2, 4)]));
    assert_eq!(Case::new("sW", (8, 8), c).targets(), set(&[(4, 3), (2, 3)]));
    // Black is White turned 180°: every direction negated, the K's diagonals too.
    assert_eq!(Case::new("frK", (8, 8), c).black().targets(), set(&[(2, 2)]));
    assert_eq!(Case::new("frN", (8, 8), c).black().targets(), set(&[(1, 2)]));
    assert_eq!(Case::new("rW", (8, 8), c).black().targets(), set(&[(2, 3)]));
    assert_eq!(
        Case::new("fsK", (8, 8), c).black().targets(),
        set(&[(2, 2), (4, 2)])
    );
    // A pawn: moves forward, captures forward-diagonally.
    let pawn = Case::new("fmWfcF", (8, 8), c).with(&[], &[(4, 4), (3, 4)]);
    assert_eq!(pawn.moves(), vec![mv((4, 4), &[(4, 4)])]);
    let pawn = Case::new("fmWfcF", (8, 8), c).with(&[], &[(2, 2)]).black();
    assert_eq!(pawn.moves(), vec![mv((2, 2), &[(2, 2)]), mv((3, 2), &[])]);
}

#[test]
fn mao_moa_moo() {
    let c = (3, 3);
    // Mao: W to an empty square, then outward diagonally; blocked by an orthogonal neighbour.
    assert_eq!(Case::new("afsW", (8, 8), c).targets(), knight(c));
    let blocked = Case::new("afsW", (8, 8), c).with(&[(3, 4)], &[]);
    let mut expected = knight(c);
    expected.remove(&(4, 5));
    expected.remove(&(2, 5));
    assert_eq!(blocked.targets(), expected);
    // A foe as the blocker blocks as well (the first leg only moves); one on the target is taken.
    let foes = Case::new("afsW", (8, 8), c).with(&[], &[(4, 3), (5, 4)]);
    let mut expected = knight(c);
    expected.remove(&(5, 4));
    expected.remove(&(5, 2));
    assert_eq!(foes.targets(), expected);
    let taken = Case::new("afsW", (8, 8), c).with(&[], &[(5, 4)]);
    assert!(taken.moves().contains(&mv((5, 4), &[(5, 4)])));
    // Moa: F first, then outward orthogonally; blocked by a diagonal neighbour.
    assert_eq!(Case::new("afsF", (8, 8), c).targets(), knight(c));
    let blocked = Case::new("afsF", (8, 8), c).with(&[(4, 4)], &[]);
    let mut expected = knight(c);
    expected.remove(&(5, 4));
    expected.remove(&(4, 5));
    assert_eq!(blocked.targets(), expected);
    // Moo: either path; (4,5) needs both (3,4) and (4,4) blocked.
    let one = Case::new("afsWafsF", (8, 8), c).with(&[(3, 4)], &[]);
    assert_eq!(one.targets(), knight(c));
    let both = Case::new("afsWafsF", (8, 8), c).with(&[(3, 4), (4, 4)], &[]);
    let mut expected = knight(c);
    expected.remove(&(4, 5));
    assert_eq!(both.targets(), expected);
    // The attack map of the Mao among blockers: the squares it could capture on.
    assert_eq!(blocked.attacked(), expected_moa_attacks());
}

fn expected_moa_attacks() -> BTreeSet<Sq> {
    // The Moa from (3,3) with a friend on (4,4): the knight squares but (5,4) and (4,5).
    let mut s = knight((3, 3));
    s.remove(&(5, 4));
    s.remove(&(4, 5));
    s
}

#[test]
fn checker_captures_and_locusts() {
    // fcafmF: capture a foe diagonally forward and land right behind it.
    let c = (2, 2);
    let jumps = Case::new("fcafmF", (6, 6), c).with(&[(1, 3)], &[(3, 3), (3, 1)]);
    assert_eq!(jumps.moves(), vec![mv((4, 4), &[(3, 3)])]);
    // The victim's square is attacked, not the landing square; a victim whose landing square is
    // occupied or off the board is not.
    assert_eq!(jumps.attacked(), set(&[(1, 3), (3, 3)]));
    let blocked = Case::new("fcafmF", (6, 6), (3, 3)).with(&[(1, 5)], &[]);
    assert_eq!(blocked.attacked(), set(&[(4, 4)]));
    assert!(Case::new("fcafmF", (6, 6), (4, 4)).attacked().is_empty());
    // A black checker jumps downwards.
    let black = Case::new("fcafmF", (6, 6), c).with(&[], &[(1, 1)]).black();
    assert_eq!(black.moves(), vec![mv((0, 0), &[(1, 1)])]);
    // caK: capture an adjacent foe, then a king step anywhere but straight back.
    let lion = Case::new("KADcaKmabK", (5, 5), c).with(&[], &[(3, 2)]);
    let ms = lion.moves();
    let locust: BTreeSet<Sq> = ms
        .iter()
        .filter(|m| m.captures == [(3, 2)] && m.to != (3, 2))
        .map(|m| m.to)
        .collect();
    assert_eq!(
        locust,
        set(&[(3, 3), (4, 3), (4, 2), (4, 1), (3, 1), (2, 1), (2, 3)])
    );
    // mabK: step to an empty neighbour and back: a null move to the piece's own square.
    assert!(ms.contains(&mv(c, &[])));
    // K 8 (one capture), A 4, D 4, locust 7, null move 1.
    assert_eq!(ms.len(), 24);
    // cabK: capture without moving (igui).
    let igui = Case::new("cabK", (5, 5), c).with(&[(1, 1)], &[(2, 3)]);
    assert_eq!(igui.moves(), vec![mv(c, &[(2, 3)])]);
    assert_eq!(igui.attacked().len(), 8);
}

#[test]
fn bent_riders() {
    // The Griffon: F, or an F step to an empty square and then a rook outward.
    let c = (2, 2);
    let griffon = Case::new("FyafsF", (5, 5), c);
    assert_eq!(
        griffon.targets(),
        set(&[
            (1, 1),
            (3, 1),
            (1, 3),
            (3, 3),
            (4, 3),
            (3, 4),
            (0, 3),
            (1, 4),
            (4, 1),
            (3, 0),
            (0, 1),
            (1, 0),
        ])
    );
    // On 8x8 from d4 the rides go to the edges; a foe on a ride is taken, a piece on the F
    // square stops that bend.
    let g = Case::new("FyafsF", (8, 8), (3, 3)).with(&[(2, 2)], &[(4, 6)]);
    let t = g.targets();
    assert!(t.contains(&(4, 6)) && !t.contains(&(4, 7)));
    assert!(t.contains(&(7, 4)) && t.contains(&(4, 5)));
    assert!(!t.contains(&(2, 2)) && !t.contains(&(0, 2)) && !t.contains(&(2, 0)));
    // F: 3; bends from (4,4): 2 + 3, from (2,4): 3 + 2, from (4,2): 3 + 2.
    assert_eq!(t.len(), 18);
    // The Ship: the Griffon's vertical half (an F step, then a vertical rook outward).
    let ship = Case::new("fryaflFflyafrFbryafrFblyaflF", (8, 8), (3, 3));
    assert_eq!(
        ship.targets(),
        set(&[
            (4, 5),
            (4, 6),
            (4, 7),
            (2, 5),
            (2, 6),
            (2, 7),
            (4, 1),
            (4, 0),
            (2, 1),
            (2, 0),
        ])
    );
    // g in a first leg: slide to a screen, then (toggled to K) one step on: a grasshopper.
    let hopper = Case::new("gafQ", (8, 8), (0, 0)).with(&[(0, 3), (2, 2)], &[(5, 0)]);
    assert_eq!(hopper.targets(), set(&[(0, 4), (3, 3), (6, 0)]));
    assert_eq!(
        Case::new("gQ", (8, 8), (0, 0))
            .with(&[(0, 3), (2, 2)], &[(5, 0)])
            .targets(),
        hopper.targets()
    );
    // The cannon attacks only beyond its screen; the screen is not attacked.
    let cannon = Case::new("mRcpR", (5, 1), (0, 0)).with(&[(2, 0)], &[]);
    assert_eq!(cannon.attacked(), set(&[(3, 0), (4, 0)]));
    assert_eq!(cannon.targets(), set(&[(1, 0)]));
}

#[test]
fn toggles_and_hopping_legs() {
    // The Aanca: W to an empty square, then (y: W becomes R) a bishop ride outward.
    let aanca = Case::new("WyafsW", (5, 5), (2, 2));
    let expected = set(&[
        (2, 3),
        (3, 2),
        (2, 1),
        (1, 2),
        (3, 4),
        (1, 4),
        (4, 1),
        (4, 3),
        (1, 0),
        (3, 0),
        (0, 3),
        (0, 1),
    ]);
    assert_eq!(aanca.targets(), expected);
    // y on a slider leg: R becomes W: slide, then one diagonal step outward.
    let slide_step = Case::new("yafsR", (4, 4), (0, 0));
    assert_eq!(slide_step.targets(), set(&[(1, 2), (1, 3), (2, 1), (3, 1)]));
    // p on a first leg passes over the first piece: `pafR` is the cannon `pR`.
    let spots: [(&[Sq], &[Sq]); 3] = [
        (&[(0, 2)], &[(0, 4), (3, 0)]),
        (&[(2, 0), (0, 1)], &[(4, 0), (0, 3)]),
        (&[], &[(0, 1), (0, 2), (1, 0)]),
    ];
    for (friends, foes) in spots {
        let a = Case::new("pafR", (6, 6), (0, 0)).with(friends, foes);
        let b = Case::new("pR", (6, 6), (0, 0)).with(friends, foes);
        assert_eq!(a.moves(), b.moves(), "{friends:?} {foes:?}");
        assert!(!a.moves().is_empty());
    }
    // t: a foe is no screen; a friend is.
    let tame = Case::new("tpafR", (1, 6), (0, 0)).with(&[(0, 3)], &[(0, 1)]);
    assert!(tame.targets().is_empty());
    let tame = Case::new("tpafR", (1, 6), (0, 0)).with(&[(0, 1)], &[(0, 3)]);
    assert_eq!(tame.moves(), vec![mv((0, 2), &[]), mv((0, 3), &[(0, 3)])]);
}

#[test]
fn ski_slider_and_jumps() {
    // jR skips the first square whatever stands on it.
    let ski = Case::new("jR", (8, 8), (0, 0)).with(&[(1, 0)], &[(0, 3)]);
    assert_eq!(
        ski.targets(),
        set(&[(2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (0, 2), (0, 3)])
    );
    // nD is blocked by a piece on its midpoint, jD needs one there.
    let c = (2, 2);
    let lame = Case::new("nD", (5, 5), c).with(&[(2, 3)], &[(1, 2)]);
    assert_eq!(lame.targets(), set(&[(4, 2), (2, 0)]));
    let must = Case::new("jD", (5, 5), c).with(&[(2, 3)], &[(1, 2)]);
    assert_eq!(must.targets(), set(&[(2, 4), (0, 2)]));
    // The Xiangqi horse: the orthogonal square along the long side blocks.
    let horse = Case::new("nN", (8, 8), (3, 3)).with(&[(3, 4)], &[]);
    let mut expected = knight((3, 3));
    expected.remove(&(4, 5));
    expected.remove(&(2, 5));
    assert_eq!(horse.targets(), expected);
}

#[test]
fn initial_moves() {
    // A pawn with a double step from the second rank, unmoved.
    let text = "fmWifmnD";
    assert_eq!(Case::new(text, (8, 8), (1, 1)).targets(), set(&[(1, 2), (1, 3)]));
    assert_eq!(Case::new(text, (8, 8), (1, 1)).moved().targets(), set(&[(1, 2)]));
    assert_eq!(Case::new(text, (8, 8), (1, 2)).targets(), set(&[(1, 3)]));
    assert_eq!(
        Case::new(text, (8, 8), (1, 6)).black().targets(),
        set(&[(1, 5), (1, 4)])
    );
    assert_eq!(Case::new(text, (8, 8), (1, 1)).black().targets(), set(&[(1, 0)]));
    assert_eq!(
        Case::new(text, (8, 8), (1, 1)).with(&[(1, 2)], &[]).targets(),
        set(&[])
    );
    // ii: from the third rank only.
    assert_eq!(Case::new("iifW", (8, 8), (1, 2)).targets(), set(&[(1, 3)]));
    assert_eq!(Case::new("iifW", (8, 8), (1, 1)).targets(), set(&[]));
    assert_eq!(
        Case::new("iifW", (8, 8), (1, 5)).black().targets(),
        set(&[(1, 4)])
    );
    // An initial capture is an attack only while the piece has not moved.
    let icap = Case::new("icF", (8, 8), (1, 1));
    assert_eq!(icap.attacked().len(), 4);
    assert_eq!(icap.moved().attacked().len(), 0);
    // An `i` leg after a slider leg ends at the same distance as that slider leg: a rook
    // move, then as far to the right.
    let same = Case::new("mairR", (8, 8), (0, 0));
    assert_eq!(same.targets(), (1..8).map(|t| (t, t)).collect());
    // An `i` leg after a leaper leg is the initial condition: no move once moved.
    let after = set(&[(3, 3), (4, 2), (2, 2), (5, 1), (4, 0), (2, 0), (1, 1)]);
    assert_eq!(Case::new("maiW", (8, 8), (3, 1)).targets(), after);
    assert!(Case::new("maiW", (8, 8), (3, 1)).moved().targets().is_empty());
    assert!(Case::new("maiW", (8, 8), (3, 3)).targets().is_empty());
}

#[test]
fn cylinders() {
    // o: a rook on a 4-wide board goes round and stops before its own square.
    let o = Case::new("oR", (4, 2), (0, 0));
    assert_eq!(o.targets(), set(&[(1, 0), (2, 0), (3, 0), (0, 1)]));
    let blocked = Case::new("oR", (4, 1), (0, 0)).with(&[(2, 0)], &[]);
    assert_eq!(blocked.targets(), set(&[(1, 0), (3, 0)]));
    // However narrow the board, a step wraps modulo its width.
    assert_eq!(Case::new("oN", (1, 3), (0, 0)).targets(), set(&[(0, 1), (0, 2)]));
    // A leap that lands on its own square is no move.
    assert_eq!(Case::new("oD", (2, 1), (0, 0)).targets(), set(&[]));
    // Without `o` a plain board stops at the edge; a wrapped board wraps every leg.
    assert_eq!(Case::new("N", (3, 3), (0, 0)).targets(), set(&[(1, 2), (2, 1)]));
    assert_eq!(
        Case::new("N", (3, 3), (0, 0)).wrapped().targets(),
        set(&[(1, 2), (2, 1), (2, 2), (1, 1)])
    );
    assert_eq!(
        Case::new("afsW", (3, 3), (0, 0)).wrapped().targets(),
        set(&[(1, 2), (2, 1), (2, 2), (1, 1)])
    );
}

/// Texts that mean the same piece in Fairy-Stockfish's Betza and in `XBetza`: the hand-typed
/// families of the FSF-dialect oracle (`common::table`) and this oracle agree on positions with
/// friends and foes, both colours (a cross-check of two oracles written apart).
#[test]
fn agrees_with_the_fsf_oracle_on_shared_texts() {
    use chessreach::geometry::Coord;
    use chessreach::piece::Colour;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    let shared = [
        "N", "K", "R", "B", "Q", "NN", "R2", "W", "D", "fR", "fN", "fsN", "rW", "lfN", "frF", "WfF", "vR",
        "sW", "bB", "fmWfcF", "mWcF", "mRcF", "mWcB", "nN", "nA", "nD", "WR", "nDmR", "pR", "mRcpR", "gQ",
        "pB", "fpR3", "pB2",
    ];
    let (w, h) = (7, 6);
    let mut rng = StdRng::seed_from_u64(31);
    for text in shared {
        let fams = common::TestPiece::named(text).fams;
        for _ in 0..60 {
            let from = (rng.gen_range(0..w), rng.gen_range(0..h));
            let mut spots = Spots::new(&[], &[]);
            for _ in 0..rng.gen_range(0..8) {
                let sq = (rng.gen_range(0..w), rng.gen_range(0..h));
                if sq != from && spots.at(sq).is_none() {
                    if rng.gen_bool(0.5) {
                        spots.friends.push(sq);
                    } else {
                        spots.foes.push(sq);
                    }
                }
            }
            let black = rng.gen_bool(0.5);
            let colour = if black { Colour::Black } else { Colour::White };
            let coord = |(x, y): Sq| Coord::new(i64::from(x), i64::from(y));
            let to_sq = |c: Coord| {
                (
                    i32::try_from(c.file).unwrap_or(-1),
                    i32::try_from(c.rank).unwrap_or(-1),
                )
            };
            let inside =
                |c: Coord| (0..i64::from(w)).contains(&c.file) && (0..i64::from(h)).contains(&c.rank);
            let occupied = |c: Coord| spots.at(to_sq(c)).is_some();
            let mut fsf = BTreeSet::new();
            for (c, cap, mv) in common::naive_moves_within(&fams, colour, coord(from), &inside, &occupied) {
                let sq = to_sq(c);
                match spots.at(sq) {
                    None if mv => {
                        fsf.insert(mv_to(sq, false));
                    }
                    Some(RefSide::Foe) if cap => {
                        fsf.insert(mv_to(sq, true));
                    }
                    _ => {}
                }
            }
            let ours: BTreeSet<RefMove> = moves(text, w, h, false, from, black, &|q| spots.at(q), true)
                .unwrap_or_else(|e| panic!("{text}: {e}"))
                .into_iter()
                .collect();
            assert_eq!(ours, fsf, "{text} from {from:?} black {black}");
        }
    }
}

fn mv_to(sq: Sq, capture: bool) -> RefMove {
    RefMove {
        to: sq,
        captures: if capture { vec![sq] } else { Vec::new() },
    }
}

mod endgame {
    use std::collections::HashMap;

    use super::common::endgame_ref::{atom, solve, RefMotion, RefOutcome, RefPiece};

    type Table = HashMap<(Vec<Option<(i32, i32)>>, bool), RefOutcome>;

    fn piece(white: bool, royal: bool, letters: &str) -> RefPiece {
        let motions: Vec<RefMotion> = letters.chars().flat_map(atom).collect();
        RefPiece {
            white,
            royal,
            moves: motions.clone(),
            captures: motions,
        }
    }

    /// White king, a white piece, black king.
    fn kxk(letters: &str) -> Vec<RefPiece> {
        vec![
            piece(true, true, "K"),
            piece(true, false, letters),
            piece(false, true, "K"),
        ]
    }

    fn at(table: &Table, squares: &[Option<(i32, i32)>], white_to_move: bool) -> Option<RefOutcome> {
        table.get(&(squares.to_vec(), white_to_move)).copied()
    }

    /// With White to move and the piece on the board every position is a win; with Black to
    /// move the only draws are stalemates and positions where Black takes the piece.
    fn wins_everywhere(table: &Table) -> u32 {
        let mut longest = 0;
        for ((squares, white), v) in table {
            let alive = squares[1].is_some();
            match (*white, alive, *v) {
                (true, true, RefOutcome::Win(n)) => longest = longest.max(n),
                (true, true, other) => panic!("{squares:?} white to move: {other:?}"),
                (_, false, other) => assert_eq!(other, RefOutcome::Draw, "{squares:?}"),
                (false, true, RefOutcome::Loss(_)) => {}
                (false, true, RefOutcome::Draw) => {
                    // Black takes the piece, or has no move at all (a stalemate: no king step
                    // reaches a square where White to move is a legal position).
                    let (k, x) = (squares[2].unwrap_or((0, 0)), squares[1].unwrap_or((0, 0)));
                    let takes = (k.0 - x.0).abs() <= 1 && (k.1 - x.1).abs() <= 1;
                    let steps = (-1..=1)
                        .flat_map(|dx| (-1..=1).map(move |dy| (k.0 + dx, k.1 + dy)))
                        .filter(|&d| d != k && Some(d) != squares[0] && Some(d) != squares[1]);
                    let stalemate = steps
                        .filter(|&d| table.contains_key(&(vec![squares[0], squares[1], Some(d)], true)))
                        .count()
                        == 0;
                    assert!(takes || stalemate, "{squares:?} black to move: a draw");
                }
                (false, true, other) => panic!("{squares:?} black to move: {other:?}"),
            }
        }
        longest
    }

    #[test]
    fn bare_kings_draw() {
        let kings = vec![piece(true, true, "K"), piece(false, true, "K")];
        let table = solve(4, 4, false, false, &kings, true);
        assert!(!table.is_empty());
        assert!(table.values().all(|&v| v == RefOutcome::Draw));
        // On a 3x3 torus a king touches every square: no legal position. On a 3x3 cylinder the
        // kings stand on opposite edge ranks: 3 * 3 * 2 placements, either side to move.
        assert!(solve(3, 3, true, true, &kings, false).is_empty());
        let cylinder = solve(3, 3, true, false, &kings, false);
        assert_eq!(cylinder.len(), 36);
        assert!(cylinder.values().all(|&v| v == RefOutcome::Draw));
    }

    #[test]
    fn mate_in_one_and_stalemate_by_hand() {
        let table = solve(4, 4, false, false, &kxk("Q"), false);
        // White Kb2, Qd2, Black Ka4: Qd4 mates.
        let mate = [Some((1, 1)), Some((3, 1)), Some((0, 3))];
        assert_eq!(at(&table, &mate, true), Some(RefOutcome::Win(1)));
        let mated = [Some((1, 1)), Some((3, 3)), Some((0, 3))];
        assert_eq!(at(&table, &mated, false), Some(RefOutcome::Loss(0)));
        // Black Ka4, White Qc3, Kd1, Black to move: stalemate, a loss under the other rule.
        let stale = [Some((3, 0)), Some((2, 2)), Some((0, 3))];
        assert_eq!(at(&table, &stale, false), Some(RefOutcome::Draw));
        let lossy = solve(4, 4, false, false, &kxk("Q"), true);
        assert_eq!(at(&lossy, &stale, false), Some(RefOutcome::Loss(0)));
        // White to move with Black in check is no position.
        assert_eq!(
            at(&table, &[Some((1, 1)), Some((3, 0)), Some((0, 3))], true),
            None
        );
        // The queen taken: bare kings.
        assert_eq!(
            at(&table, &[Some((1, 1)), None, Some((0, 3))], true),
            Some(RefOutcome::Draw)
        );
    }

    #[test]
    fn captures_lead_into_the_smaller_table() {
        // KQvKN on 4x4: White Kb2, Qd2, Black Ka4, Nd4. Qxd4 mates at once (the KQvK mate
        // above); the table links the capture to the KQvK position without the knight.
        let mut pieces = kxk("Q");
        pieces.push(piece(false, false, "N"));
        let table = solve(4, 4, false, false, &pieces, false);
        let start = [Some((1, 1)), Some((3, 1)), Some((0, 3)), Some((3, 3))];
        assert_eq!(at(&table, &start, true), Some(RefOutcome::Win(1)));
        let mated = [Some((1, 1)), Some((3, 3)), Some((0, 3)), None];
        assert_eq!(at(&table, &mated, false), Some(RefOutcome::Loss(0)));
        // The KQvK part of this table is the KQvK table.
        let small = solve(4, 4, false, false, &kxk("Q"), false);
        for ((squares, white), v) in &small {
            let mut key = squares.clone();
            key.push(None);
            assert_eq!(at(&table, &key, *white), Some(*v), "{squares:?}");
        }
    }

    #[test]
    fn wrapped_mate_in_one() {
        // A 4x3 cylinder: White Kb1, Rd1, Black Kb3. Rd3 mates: the rook covers c3 and a3 (also
        // across the edge), the king a2, b2, c2.
        let pieces = kxk("R");
        let start = [Some((1, 0)), Some((3, 0)), Some((1, 2))];
        let mated = [Some((1, 0)), Some((3, 2)), Some((1, 2))];
        let cylinder = solve(4, 3, true, false, &pieces, false);
        assert_eq!(at(&cylinder, &start, true), Some(RefOutcome::Win(1)));
        assert_eq!(at(&cylinder, &mated, false), Some(RefOutcome::Loss(0)));
        // White Kb1, Rc3, Black Ka3 in check: mate on the flat board; on the cylinder the king
        // escapes across the edge to d2.
        let corner = [Some((1, 0)), Some((2, 2)), Some((0, 2))];
        let flat = solve(4, 3, false, false, &pieces, false);
        assert_eq!(at(&flat, &corner, false), Some(RefOutcome::Loss(0)));
        assert!(matches!(at(&cylinder, &corner, false), Some(v) if v != RefOutcome::Loss(0)));
        // On a torus the rook's file comes round too: a 3x3 torus has no legal KRvK position
        // with the kings apart... every king touches all squares.
        assert!(solve(3, 3, true, true, &pieces, false).is_empty());
    }

    #[test]
    fn queen_and_rook_win_small_boards() {
        let table = solve(5, 5, false, false, &kxk("Q"), false);
        assert!(wins_everywhere(&table) > 1, "KQvK 5x5");
        let table = solve(4, 4, false, false, &kxk("R"), false);
        assert!(wins_everywhere(&table) > 1, "KRvK 4x4");
    }

    #[test]
    #[ignore = "slow in debug builds; run with --release -- --ignored"]
    fn queen_wins_on_6x6() {
        let table = solve(6, 6, false, false, &kxk("Q"), false);
        assert!(wins_everywhere(&table) > 1, "KQvK 6x6");
    }

    /// The published longest `KQvK` mate on 8x8: 10 moves, 19 plies (slow in debug builds).
    #[test]
    #[ignore = "about a minute in debug; run with --release -- --ignored"]
    fn queen_mates_in_19_plies_on_8x8() {
        let table = solve(8, 8, false, false, &kxk("Q"), false);
        let longest = table
            .iter()
            .filter_map(|((_, white), v)| match (white, v) {
                (true, RefOutcome::Win(n)) => Some(*n),
                _ => None,
            })
            .max();
        assert_eq!(longest, Some(19));
    }
}
