//! One route interface for every board: a [`Question`] in, an [`Answer`] or a [`RouteError`]
//! out. It picks the engine ([`Router`] on bounded boards, the strip king router on strips),
//! checks the memory budget before the search allocates, and names every square, so the CLI
//! and the Python package only parse and print.

use thiserror::Error;

use super::strip::{king_route, StripRouteError};
use super::{DistanceMap, Goal, Mover, PathError, Router};
use crate::attack::Position;
use crate::geometry::{Board, Coord};
use crate::limits::{Budget, TooLarge};
use crate::piece::{Colour, Rule};

/// Where the mover should go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Stand on this square.
    Square(Coord),
    /// Capture the hostile piece on this square (it becomes capturable).
    Capture(Coord),
    /// Every square: a distance map (bounded boards).
    Everywhere,
}

/// Which hostile pieces the mover may capture on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Capturable {
    /// None.
    #[default]
    Nothing,
    /// Every hostile piece.
    All,
    /// The hostile pieces on these squares.
    Squares(Vec<Coord>),
}

/// A route question: who moves, where to, what may be captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The travelling piece (not one of the position's pieces).
    pub mover: Mover,
    /// Where it should go.
    pub target: Target,
    /// What it may capture on the way.
    pub may_capture: Capturable,
}

/// A shortest route on any board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    /// Fewest moves (a strip route can be longer than any board could hold).
    pub moves: u64,
    /// The route from start to end: every square, one per move, unless `lines`.
    /// [`Way::squares`] lists every square either way.
    pub waypoints: Vec<Coord>,
    /// Whether consecutive waypoints are corners joined by a straight king line, one move per
    /// file or rank crossed (strip routes, which may be longer than memory holds).
    pub lines: bool,
    /// Squares of the pieces captured on the way, in order.
    pub captured: Vec<Coord>,
}

impl Way {
    /// Every square of the route, the start first, at most `limit` of them (a strip route may
    /// cross more squares than memory holds). O(min(limit, moves) + waypoints).
    #[must_use]
    pub fn squares(&self, limit: usize) -> Vec<Coord> {
        if !self.lines {
            return self.waypoints.iter().take(limit).copied().collect();
        }
        let mut out: Vec<Coord> = self.waypoints.first().copied().into_iter().collect();
        for w in self.waypoints.windows(2) {
            let (dx, dy) = ((w[1].file - w[0].file).signum(), (w[1].rank - w[0].rank).signum());
            let mut c = w[0];
            while c != w[1] && out.len() < limit {
                c = Coord::new(c.file + dx, c.rank + dy);
                out.push(c);
            }
        }
        out.truncate(limit);
        out
    }
}

/// What a [`Question`] gets back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A shortest route, `None` when there is none.
    Route(Option<Way>),
    /// Fewest moves to every square ([`Target::Everywhere`]).
    Distances(DistanceMap),
}

/// Why a route question cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RouteError {
    /// Refused by the bounded-board router.
    #[error(transparent)]
    Bounded(#[from] PathError),
    /// Refused by the strip router.
    #[error(transparent)]
    Strip(#[from] StripRouteError),
    /// A capture asked for where no hostile piece stands.
    #[error("no hostile piece stands on {0} to be captured")]
    NoHostilePiece(Coord),
    /// On a strip the mover must be a king.
    #[error("on a strip the mover must be a king (K), not {0}")]
    StripMover(Rule),
    /// On a strip only `Target::Square` without captures is answered.
    #[error(
        "on a strip only routes to a square without captures are answered (no captures, no distance maps)"
    )]
    StripQuestion,
    /// The search would need more memory than the budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// Answers `question` among the pieces of `pos` within `budget`.
///
/// Bounded boards: [`Router`], O(S · squares · steps) for S reached capture subsets. Strips: the
/// king router, linear in the pieces (columns no piece influences are compressed).
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
///     mover: Mover { rule: "N".parse()?, colour: Colour::White, at: "b1".parse()? },
///     target: Target::Capture("d5".parse()?),
///     may_capture: Capturable::Nothing,
/// };
/// let Answer::Route(Some(way)) = ask(&pos, &question, Budget::default())? else { panic!() };
/// assert_eq!(way.moves, 2); // b1-c3-d5, c3 is not on the rook's lines
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ask(pos: &Position, question: &Question, budget: Budget) -> Result<Answer, RouteError> {
    match pos.board() {
        Board::Rect(rect) => bounded(pos, rect.len(), question, budget),
        Board::Strip(_) => strip(pos, question),
    }
}

/// The hostile piece on `c`.
fn hostile_at(pos: &Position, colour: Colour, c: Coord) -> Result<usize, RouteError> {
    pos.piece_at(c)
        .filter(|&i| pos.pieces()[i].colour != colour)
        .ok_or(RouteError::NoHostilePiece(c))
}

fn bounded(pos: &Position, squares: usize, q: &Question, budget: Budget) -> Result<Answer, RouteError> {
    let colour = q.mover.colour;
    let mut caps: Vec<usize> = match &q.may_capture {
        Capturable::Nothing => Vec::new(),
        Capturable::All => (0..pos.pieces().len())
            .filter(|&i| pos.pieces()[i].colour != colour)
            .collect(),
        Capturable::Squares(list) => list
            .iter()
            .map(|&c| hostile_at(pos, colour, c))
            .collect::<Result<_, _>>()?,
    };
    let goal = match q.target {
        Target::Square(c) => Some(Goal::Reach(c)),
        Target::Capture(c) => {
            let i = hostile_at(pos, colour, c)?;
            caps.push(i);
            Some(Goal::Capture(i))
        }
        Target::Everywhere => None,
    };
    caps.sort_unstable();
    caps.dedup();
    budget.check(
        "the route search",
        Router::bytes_needed(squares, caps.len(), &q.mover.rule),
    )?;
    let mut router = Router::new(pos, &q.mover.rule, colour, &caps)?;
    let Some(goal) = goal else {
        return Ok(Answer::Distances(router.distances(q.mover.at)?));
    };
    let route = router.route(q.mover.at, goal)?;
    Ok(Answer::Route(route.map(|r| Way {
        moves: r.moves() as u64,
        captured: r.captured.iter().map(|&i| pos.pieces()[i].at).collect(),
        waypoints: r.squares,
        lines: false,
    })))
}

fn strip(pos: &Position, q: &Question) -> Result<Answer, RouteError> {
    if q.mover.rule != "K".parse::<Rule>().expect("the king") {
        return Err(RouteError::StripMover(q.mover.rule.clone()));
    }
    let (Target::Square(target), Capturable::Nothing) = (q.target, &q.may_capture) else {
        return Err(RouteError::StripQuestion);
    };
    let route = king_route(pos, q.mover.colour, q.mover.at, target, true)?;
    Ok(Answer::Route(route.map(|r| Way {
        moves: r.moves,
        waypoints: r.waypoints.unwrap_or_default(),
        lines: true,
        captured: Vec::new(),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(rule: &str, at: &str, target: Target, may_capture: Capturable) -> Question {
        Question {
            mover: Mover {
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
        let e = ask(
            &pos,
            &q("N", "1,1", Target::Square(sq("5,1")), Capturable::Nothing),
            Budget::default(),
        );
        assert!(matches!(e, Err(RouteError::StripMover(_))));
        let e = ask(
            &pos,
            &q("K", "1,1", Target::Everywhere, Capturable::Nothing),
            Budget::default(),
        );
        assert_eq!(e, Err(RouteError::StripQuestion));
    }
}
