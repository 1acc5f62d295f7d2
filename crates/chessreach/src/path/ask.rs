//! One route interface for every board: a [`Question`] in, its typed answer (a [`Way`] or none
//! for a [`Target`], a [`DistanceMap`] for an [`Area`]) or a [`RouteError`] out. It picks the
//! engine, in this order: on bounded boards the [`Router`](super::Router); on strips, for
//! routes, the compressed king router when it applies, then the crossing engine (`cross`),
//! then the shrunk strip, then the router on the window of files [`super::span`] proves
//! exact; for distance maps on strips, that window. The budget is checked before a search
//! allocates and every square is named, so the CLI and the Python package only parse and
//! print.

use super::bounded;
use super::question::{Area, Question, RouteError, Target, Way};
use super::span::{king_only, on_strip, strip_distances};
use super::strip::{king_route, StripRouteError};
use super::{DistanceMap, Tuning};
use crate::attack::Position;
use crate::geometry::{Board, Coord};
use crate::limits::{Budget, Progress};

/// What a [`Question`] asks for, and so what it gets back: a [`Target`] a shortest [`Way`] or
/// `None`, an [`Area`] a [`DistanceMap`].
pub trait Ask: Copy {
    /// The answer to a question about `Self`.
    type Answer;

    /// Answers `q` among the pieces of `pos` (see [`ask_tuned`]).
    ///
    /// # Errors
    ///
    /// As [`ask`].
    fn answer(
        pos: &Position,
        q: &Question<Self>,
        budget: Budget,
        progress: Option<Progress<'_>>,
        tuning: Tuning,
    ) -> Result<Self::Answer, RouteError>;
}

impl Ask for Target {
    type Answer = Option<Way>;

    fn answer(
        pos: &Position,
        q: &Question,
        budget: Budget,
        progress: Option<Progress<'_>>,
        tuning: Tuning,
    ) -> Result<Option<Way>, RouteError> {
        match pos.board() {
            Board::Rect(_) => bounded::route(pos, q, budget, progress),
            Board::Strip(strip) => {
                if let Some(target) = king_only(q) {
                    match king(pos, q, target) {
                        // Hoppers and periodic riders among the pieces: the window search.
                        Err(RouteError::Strip(
                            StripRouteError::Hopper(_) | StripRouteError::PeriodicRider(_),
                        )) => {}
                        answer => return answer,
                    }
                }
                on_strip(pos, strip, q, budget, progress, tuning)
            }
        }
    }
}

impl Ask for Area {
    type Answer = DistanceMap;

    fn answer(
        pos: &Position,
        q: &Question<Area>,
        budget: Budget,
        progress: Option<Progress<'_>>,
        tuning: Tuning,
    ) -> Result<DistanceMap, RouteError> {
        match pos.board() {
            Board::Rect(_) => bounded::distances(pos, q, budget, progress),
            Board::Strip(strip) => strip_distances(pos, strip, q, budget, progress, tuning),
        }
    }
}

/// Answers `question` among the pieces of `pos` within `budget`: a route question
/// (`Question<Target>`) gets `Option<Way>`, a distance question (`Question<Area>`) a
/// [`DistanceMap`].
///
/// Bounded boards: [`Router`](super::Router), O(S · squares · steps) for S reached capture subsets. Strips: a
/// king that captures nothing goes by the compressed king router, linear in the pieces (files
/// no piece influences are compressed); a mover that does not hop, across long empty stretches,
/// by the crossing engine (routes and distance maps, captures leg by leg between them); any
/// other question by the router on the window of files `path::span` proves exact. [`ask_with_progress`] reports on long searches.
///
/// # Errors
///
/// [`RouteError`]: a square off the board or occupied, a capture where no hostile piece
/// stands, a question the board's engine does not answer, or a search over the budget.
///
/// ```
/// use chessreach::attack::Position;
/// use chessreach::limits::Budget;
/// use chessreach::path::{ask, Area, Capturable, Mover, Question, Target};
/// use chessreach::piece::Colour;
///
/// let pos = Position::from_fen("8/8/8/3r4/8/8/8/8")?;
/// let mover = Mover { rule: "N".parse()?, colour: Colour::White, at: "b1".parse()?, by_square: None };
/// let question = Question {
///     mover: mover.clone(),
///     target: Target::Capture("d5".parse()?),
///     may_capture: Capturable::Nothing,
/// };
/// let way = ask(&pos, &question, Budget::default())?.expect("a route");
/// assert_eq!(way.moves, 2); // b1-c3-d5, c3 is not on the rook's lines
/// let map = ask(&pos, &Question { mover, target: Area::Everywhere, may_capture: Capturable::Nothing }, Budget::default())?;
/// assert_eq!(map.get("c3".parse()?), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ask<T: Ask>(pos: &Position, question: &Question<T>, budget: Budget) -> Result<T::Answer, RouteError> {
    ask_with_progress(pos, question, budget, None)
}

/// [`ask`], telling `progress` (when given) the states a search has reached and their bound
/// after each layer of distance: for a progress bar on searches with many capture subsets.
///
/// # Errors
///
/// As [`ask`].
pub fn ask_with_progress<T: Ask>(
    pos: &Position,
    question: &Question<T>,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<T::Answer, RouteError> {
    ask_tuned(pos, question, budget, progress, Tuning::default())
}

/// [`ask_with_progress`] with the strip crossing engine's [`Tuning`] chosen by the caller (one
/// thread for a host that has its own threads, rows or chain steps off to compare): the answer
/// is the same whatever the tuning; only time and memory change.
///
/// # Errors
///
/// As [`ask`].
pub fn ask_tuned<T: Ask>(
    pos: &Position,
    question: &Question<T>,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Result<T::Answer, RouteError> {
    T::answer(pos, question, budget, progress, tuning)
}

/// A king that captures nothing, to a square of a strip: the compressed king router.
fn king(pos: &Position, q: &Question, target: Coord) -> Result<Option<Way>, RouteError> {
    let route = king_route(pos, q.mover.colour, q.mover.at, target, true)?;
    Ok(route.map(|r| Way {
        moves: r.moves,
        waypoints: r.waypoints.unwrap_or_default(),
        lines: true,
        repeats: Vec::new(),
        captured: Vec::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::{Capturable, Mover, PathError};
    use crate::piece::Colour;

    fn q<T>(rule: &str, at: &str, target: T, may_capture: Capturable) -> Question<T> {
        Question {
            mover: Mover {
                by_square: None,
                rule: rule.parse().expect("rule"),
                colour: Colour::White,
                at: at.parse().expect("square"),
            },
            target,
            may_capture,
        }
    }

    fn sq(s: &str) -> Coord {
        s.parse().expect("square")
    }

    #[test]
    fn bounded_questions() {
        let pos = Position::from_fen("8/8/8/8/8/2p5/8/8").expect("fen");
        let a = ask(
            &pos,
            &q("K", "a1", Target::Square(sq("c3")), Capturable::All),
            Budget::default(),
        )
        .expect("ask");
        let Some(way) = a else { panic!("{a:?}") };
        assert_eq!((way.moves, way.captured.clone()), (3, vec![sq("c3")])); // b2 is the pawn's
        assert_eq!(way.squares(usize::MAX), way.waypoints);
        let pos = Position::from_fen("8/8/8/3r4/8/8/8/8").expect("fen");
        let a = ask(
            &pos,
            &q("N", "b1", Target::Capture(sq("d5")), Capturable::Nothing),
            Budget::default(),
        )
        .expect("n");
        let Some(way) = a else { panic!("{a:?}") };
        assert_eq!(way.squares(usize::MAX), [sq("b1"), sq("c3"), sq("d5")]);
        assert_eq!(way.squares(2), [sq("b1"), sq("c3")]);
        let e = ask(
            &pos,
            &q("K", "a1", Target::Capture(sq("d4")), Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::NoHostilePiece(sq("d4"))));
        let a = ask(
            &pos,
            &q("K", "a1", Area::Everywhere, Capturable::Nothing),
            Budget::default(),
        )
        .expect("map");
        assert_eq!((a.get(sq("c3")), a.get(sq("h8"))), (Some(2), None)); // the d-file is the rook's
        let e = ask(
            &pos,
            &q("Q", "a1", Area::Everywhere, Capturable::All),
            Budget::new(10),
        );
        assert!(matches!(e, Err(RouteError::TooLarge(_))));
    }

    #[test]
    fn a_variant_mover_naming_no_kind_is_an_error() {
        let pos = Position::from_fen("8/8/8/8/8/8/8/8").expect("fen");
        let king = crate::attack::Kind::new('K', "K".parse().expect("king"));
        for (kinds, squares) in [(vec![], vec![]), (vec![king], vec![(sq("c3"), 5)])] {
            let mut question = q("K", "a1", Target::Square(sq("c3")), Capturable::Nothing);
            question.mover.by_square = Some(std::sync::Arc::new(super::super::SquareMoves {
                kinds,
                squares,
                initial: Vec::new(),
            }));
            let e = ask(&pos, &question, Budget::default());
            assert!(
                matches!(e, Err(RouteError::Bounded(PathError::NoSuchMoverKind { .. }))),
                "{e:?}"
            );
        }
    }

    #[test]
    fn strip_questions_across_the_whole_i64_range_are_refused_naming_the_limit() {
        // The crossing engine takes the strip to go on beyond the route's ends; the window
        // (which stops at the ends of i64) would span 2^64 files.
        let pos = Position::new("infx8".parse().expect("strip"), Vec::new(), Vec::new()).expect("pos");
        let (lo, hi) = (i64::MIN, i64::MAX);
        for mover in ["N", "NN"] {
            let e = ask(
                &pos,
                &q(
                    mover,
                    &format!("{lo},1"),
                    Target::Square(sq(&format!("{hi},8"))),
                    Capturable::Nothing,
                ),
                Budget::default(),
            );
            let Err(e @ RouteError::StripSpan { at_end: true, .. }) = e else {
                panic!("{mover}: {e:?}")
            };
            assert!(e.to_string().contains("the i64 range"), "{e}");
        }
        // A queen's window is shrunk (its empty stretch is crossed by rides): it answers.
        let q2 = ask(
            &pos,
            &q(
                "Q",
                &format!("{lo},1"),
                Target::Square(sq(&format!("{hi},8"))),
                Capturable::Nothing,
            ),
            Budget::default(),
        );
        assert_eq!(q2.map(|w| w.map(|w| w.moves)), Ok(Some(2)));
        // Near one end only, the window (stopping at it) answers.
        let e = ask(
            &pos,
            &q(
                "N",
                &format!("{},1", hi - 3),
                Target::Square(sq(&format!("{},2", hi - 1))),
                Capturable::Nothing,
            ),
            Budget::default(),
        );
        assert_eq!(e.map(|w| w.map(|w| w.moves)), Ok(Some(1)));
    }

    #[test]
    fn strip_questions() {
        let pos = Position::new("infx3".parse().expect("strip"), Vec::new(), Vec::new()).expect("pos");
        let a = ask(
            &pos,
            &q("K", "1,1", Target::Square(sq("1000001,3")), Capturable::Nothing),
            Budget::default(),
        )
        .expect("ask");
        let Some(way) = a else { panic!("{a:?}") };
        assert_eq!(way.moves, 1_000_000);
        let squares = way.squares(10);
        assert_eq!(squares.len(), 10);
        assert!(squares
            .windows(2)
            .all(|w| (w[1].file - w[0].file).abs() <= 1 && (w[1].rank - w[0].rank).abs() <= 1));
        // Any mover: a knight on 3 ranks, 4 files in 2 moves (a one-rank detour each).
        let a = ask(
            &pos,
            &q("N", "1,1", Target::Square(sq("5,1")), Capturable::Nothing),
            Budget::default(),
        )
        .expect("knight");
        let Some(way) = a else { panic!("{a:?}") };
        assert_eq!((way.moves, way.lines), (2, false));
        assert_eq!(way.waypoints, [sq("1,1"), sq("3,2"), sq("5,1")]);
        let e = ask(
            &pos,
            &q("K", "1,1", Area::Everywhere, Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::StripWindow));
        let e = ask(
            &pos,
            &q("K", "1,1", Area::Files(3, 2), Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::NoFiles(3, 2)));
        let a = ask(
            &pos,
            &q("K", "1,1", Area::Files(-1, 3), Capturable::Nothing),
            Budget::default(),
        )
        .expect("map");
        let map = a;
        assert_eq!((map.first_file, map.rect.width()), (-1, 5));
        assert_eq!(map.get(sq("-1,3")), Some(2));
        assert_eq!(map.get(sq("4,1")), None);
        // Far apart, the window would be too wide: the stretch is crossed by transfer matrices
        // (`path::cross`), the route's middle given as a repeated round.
        let far = ask(
            &pos,
            &q(
                "N",
                "1,1",
                Target::Square(sq("10000000000,1")),
                Capturable::Nothing,
            ),
            Budget::default(),
        );
        let Ok(Some(way)) = far else { panic!("{far:?}") };
        assert_eq!(way.moves, 5_000_000_001);
        assert_eq!(way.waypoints.last(), Some(&sq("10000000000,1")));
        assert_eq!(way.repeats.len(), 1);
        let listed = way.waypoints.len() as u64 - 1;
        let r = way.repeats[0];
        assert_eq!(listed + r.len as u64 * r.times, way.moves);
        // Its memory is estimated first and refused beyond the budget.
        let small = ask(
            &pos,
            &q(
                "N",
                "1,1",
                Target::Square(sq("10000000000,1")),
                Capturable::Nothing,
            ),
            Budget::new(1 << 10),
        );
        assert!(matches!(small, Err(RouteError::TooLarge(_))), "{small:?}");
        // A queen rides it: the empty stretch is shrunk, the route stretched back.
        let a = ask(
            &pos,
            &q(
                "Q",
                "1,1",
                Target::Square(sq("10000000000,2")),
                Capturable::Nothing,
            ),
            Budget::default(),
        )
        .expect("queen");
        let Some(way) = a else { panic!("{a:?}") };
        assert_eq!(way.moves, 2);
        assert_eq!(way.waypoints.first(), Some(&sq("1,1")));
        assert_eq!(way.waypoints.last(), Some(&sq("10000000000,2")));
    }
}
