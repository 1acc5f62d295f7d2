//! One route interface for every board: a [`Question`] in, an [`Answer`] or a [`RouteError`]
//! out. It picks the engine ([`Router`](super::Router) on bounded boards; on strips the compressed king router
//! when it applies, else the router on the window of files [`super::span`] proves exact),
//! checks the memory budget before the search allocates, and names every square, so the CLI
//! and the Python package only parse and print.

use super::bounded::bounded;
use super::question::{Answer, Question, RouteError, Way};
use super::span::{king_only, on_strip};
use super::strip::{king_route, StripRouteError};
use super::Tuning;
use crate::attack::Position;
use crate::geometry::{Board, Coord};
use crate::limits::{Budget, Progress};

/// Answers `question` among the pieces of `pos` within `budget`.
///
/// Bounded boards: [`Router`](super::Router), O(S · squares · steps) for S reached capture subsets. Strips: a
/// king that captures nothing goes by the compressed king router, linear in the pieces (files
/// no piece influences are compressed); any other question by the router on the window of files
/// `path::span` proves exact. [`ask_with_progress`] reports on long searches.
///
/// # Errors
///
/// [`RouteError`]: a square off the board or occupied, a capture where no hostile piece
/// stands, a question the board's engine does not answer, or a search over the budget.
///
/// ```
/// use chessreach::attack::Position;
/// use chessreach::limits::Budget;
/// use chessreach::path::{ask, Answer, Capturable, Mover, Question, Target};
/// use chessreach::piece::Colour;
///
/// let pos = Position::from_fen("8/8/8/3r4/8/8/8/8")?;
/// let question = Question {
///     mover: Mover { rule: "N".parse()?, colour: Colour::White, at: "b1".parse()?, by_square: None },
///     target: Target::Capture("d5".parse()?),
///     may_capture: Capturable::Nothing,
/// };
/// let Answer::Route(Some(way)) = ask(&pos, &question, Budget::default())? else { panic!() };
/// assert_eq!(way.moves, 2); // b1-c3-d5, c3 is not on the rook's lines
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ask(pos: &Position, question: &Question, budget: Budget) -> Result<Answer, RouteError> {
    ask_with_progress(pos, question, budget, None)
}

/// [`ask`], telling `progress` (when given) the states a search has reached and their bound
/// after each layer of distance: for a progress bar on searches with many capture subsets.
///
/// # Errors
///
/// As [`ask`].
pub fn ask_with_progress(
    pos: &Position,
    question: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Answer, RouteError> {
    ask_tuned(pos, question, budget, progress, Tuning::default())
}

/// [`ask_with_progress`] with the strip crossing engine's [`Tuning`] chosen by the caller (one
/// thread for a host that has its own threads, rows or chain steps off to compare): the answer
/// is the same whatever the tuning; only time and memory change.
///
/// # Errors
///
/// As [`ask`].
pub fn ask_tuned(
    pos: &Position,
    question: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
    tuning: Tuning,
) -> Result<Answer, RouteError> {
    match pos.board() {
        Board::Rect(_) => bounded(pos, question, budget, progress),
        Board::Strip(strip) => {
            if let Some(target) = king_only(question) {
                match king(pos, question, target) {
                    // Hoppers and periodic riders among the pieces: the window search.
                    Err(RouteError::Strip(
                        StripRouteError::Hopper(_) | StripRouteError::PeriodicRider(_),
                    )) => {}
                    answer => return answer,
                }
            }
            on_strip(pos, strip, question, budget, progress, tuning)
        }
    }
}

/// A king that captures nothing, to a square of a strip: the compressed king router.
fn king(pos: &Position, q: &Question, target: Coord) -> Result<Answer, RouteError> {
    let route = king_route(pos, q.mover.colour, q.mover.at, target, true)?;
    Ok(Answer::Route(route.map(|r| Way {
        moves: r.moves,
        waypoints: r.waypoints.unwrap_or_default(),
        lines: true,
        repeats: Vec::new(),
        captured: Vec::new(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::{Capturable, Mover, PathError, Target};
    use crate::piece::Colour;

    fn q(rule: &str, at: &str, target: Target, may_capture: Capturable) -> Question {
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
        let Answer::Route(Some(way)) = a else {
            panic!("{a:?}")
        };
        assert_eq!((way.moves, way.captured.clone()), (3, vec![sq("c3")])); // b2 is the pawn's
        assert_eq!(way.squares(usize::MAX), way.waypoints);
        let pos = Position::from_fen("8/8/8/3r4/8/8/8/8").expect("fen");
        let a = ask(
            &pos,
            &q("N", "b1", Target::Capture(sq("d5")), Capturable::Nothing),
            Budget::default(),
        )
        .expect("n");
        let Answer::Route(Some(way)) = a else {
            panic!("{a:?}")
        };
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
            &q("K", "a1", Target::Everywhere, Capturable::Nothing),
            Budget::default(),
        )
        .expect("map");
        assert!(matches!(a, Answer::Distances(_)));
        let e = ask(
            &pos,
            &q("Q", "a1", Target::Everywhere, Capturable::All),
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
    fn strip_questions() {
        let pos = Position::new("infx3".parse().expect("strip"), Vec::new(), Vec::new()).expect("pos");
        let a = ask(
            &pos,
            &q("K", "1,1", Target::Square(sq("1000001,3")), Capturable::Nothing),
            Budget::default(),
        )
        .expect("ask");
        let Answer::Route(Some(way)) = a else {
            panic!("{a:?}")
        };
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
        let Answer::Route(Some(way)) = a else {
            panic!("{a:?}")
        };
        assert_eq!((way.moves, way.lines), (2, false));
        assert_eq!(way.waypoints, [sq("1,1"), sq("3,2"), sq("5,1")]);
        let e = ask(
            &pos,
            &q("K", "1,1", Target::Everywhere, Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::StripWindow));
        let e = ask(
            &pos,
            &q("K", "1,1", Target::Files(3, 2), Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::NoFiles(3, 2)));
        let a = ask(
            &pos,
            &q("K", "1,1", Target::Files(-1, 3), Capturable::Nothing),
            Budget::default(),
        )
        .expect("map");
        let Answer::Distances(map) = a else {
            panic!("{a:?}")
        };
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
        let Ok(Answer::Route(Some(way))) = far else {
            panic!("{far:?}")
        };
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
        let Answer::Route(Some(way)) = a else {
            panic!("{a:?}")
        };
        assert_eq!(way.moves, 2);
        assert_eq!(way.waypoints.first(), Some(&sq("1,1")));
        assert_eq!(way.waypoints.last(), Some(&sq("10000000000,2")));
    }
}
