//! One route interface for every board: a [`Question`] in, an [`Answer`] or a [`RouteError`]
//! out. It picks the engine ([`Router`] on bounded boards; on strips the compressed king router
//! when it applies, else the router on the window of files [`super::span`] proves exact),
//! checks the memory budget before the search allocates, and names every square, so the CLI
//! and the Python package only parse and print.

use thiserror::Error;

use super::span::{king_only, on_strip};
use super::strip::{king_route, StripRouteError};
use super::{DistanceMap, Goal, Mover, PathError, Router, Scratch};
use crate::attack::Position;
use crate::geometry::{Board, Coord};
use crate::limits::{Budget, Progress, TooLarge};
use crate::piece::Colour;

/// Where the mover should go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Stand on this square.
    Square(Coord),
    /// Capture the hostile piece on this square (it becomes capturable).
    Capture(Coord),
    /// Every square: a distance map (bounded boards).
    Everywhere,
    /// Every square of files `LO..=HI`: a distance map of a window (on a strip, where
    /// `Everywhere` has no end; on a bounded board, those files of the whole board's map).
    Files(i64, i64),
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

impl std::str::FromStr for Capturable {
    type Err = crate::geometry::CoordParseError;

    /// `all`, or squares separated by `/` (`d5/e6`, `3,4/5,6`), as every face writes them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "all" {
            return Ok(Self::All);
        }
        s.split('/')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Self::Squares)
    }
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
    /// Rounds of moves made again and again (strip routes across long stretches), in order of
    /// `at`; empty elsewhere. [`Way::squares`] expands them.
    pub repeats: Vec<Repeat>,
    /// Squares of the pieces captured on the way, in order.
    pub captured: Vec<Coord>,
}

/// A round of moves the route makes again: after `waypoints[at..=at + len]` (one round of
/// `len` moves, already listed), the same `len` moves are made `times` more times, each round
/// moved on by `waypoints[at + len] - waypoints[at]`; `waypoints[at + len + 1]` follows the
/// last round. Its moves are counted in [`Way::moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// Index of the round's first waypoint.
    pub at: usize,
    /// Moves in a round.
    pub len: usize,
    /// Rounds made after the listed one.
    pub times: u64,
}

impl Way {
    /// Every square of the route, the start first, at most `limit` of them (a strip route may
    /// cross more squares than memory holds). O(min(limit, moves) + waypoints).
    #[must_use]
    pub fn squares(&self, limit: usize) -> Vec<Coord> {
        if !self.repeats.is_empty() {
            let mut out: Vec<Coord> = Vec::new();
            let mut next = self.repeats.iter().peekable();
            for (i, &c) in self.waypoints.iter().enumerate() {
                if out.len() >= limit {
                    break;
                }
                out.push(c);
                while let Some(r) = next.next_if(|r| r.at + r.len == i) {
                    let round = &self.waypoints[r.at..=i];
                    let (dx, dy) = (c.file - round[0].file, c.rank - round[0].rank);
                    let mut k = 1u64;
                    while k <= r.times && out.len() < limit {
                        let shift = |s: &Coord, k: i64| Coord::new(s.file + dx * k, s.rank + dy * k);
                        let k64 = i64::try_from(k).unwrap_or(i64::MAX);
                        out.extend(round[1..].iter().map(|s| shift(s, k64)).take(limit - out.len()));
                        k += 1;
                    }
                }
            }
            out.truncate(limit);
            return out;
        }
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
    /// Outside what the bitboard engine handles.
    #[error(transparent)]
    Bitboard(#[from] super::bitboard::Unsupported),
    /// A capture asked for where no hostile piece stands.
    #[error("no hostile piece stands on {0} to be captured")]
    NoHostilePiece(Coord),
    /// A distance map of a whole strip: it has no end, so a window of files is needed.
    #[error("a strip has no end: a distance map needs a window of files (Target::Files, --files LO..HI)")]
    StripWindow,
    /// An empty window of files.
    #[error("files {0}..{1} hold no file of the board")]
    NoFiles(i64, i64),
    /// The window of files a strip search needs (see [`super::span`]) is more than a search can
    /// hold: its width (`None`: beyond any count), the ranks and the margin each side.
    #[error(
        "the route search on this strip would span {} files x {ranks} ranks (the pieces, the route's ends and a margin of {} files each side that its exactness proof needs): more squares than a search can hold",
        files.map_or_else(|| "more than 2^64".to_string(), |f| f.to_string()),
        margin.map_or_else(|| "more than 2^64".to_string(), |m| m.to_string())
    )]
    StripSpan {
        /// Files the window would span.
        files: Option<u64>,
        /// Ranks of the strip.
        ranks: u32,
        /// The margin each side.
        margin: Option<u64>,
    },
    /// The search would need more memory than the budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// Answers `question` among the pieces of `pos` within `budget`.
///
/// Bounded boards: [`Router`], O(S · squares · steps) for S reached capture subsets. Strips: a
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
            on_strip(pos, strip, question, budget, progress)
        }
    }
}

/// The hostile piece on `c`.
fn hostile_at(pos: &Position, colour: Colour, c: Coord) -> Result<usize, RouteError> {
    pos.piece_at(c)
        .filter(|&i| pos.is_hostile(i, colour))
        .ok_or(RouteError::NoHostilePiece(c))
}

/// A bounded board's question, by the [`Router`].
pub(super) fn bounded(
    pos: &Position,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Answer, RouteError> {
    let rect = pos.rect().ok_or(PathError::NotBounded)?;
    let colour = q.mover.colour;
    let mut caps: Vec<usize> = match &q.may_capture {
        Capturable::Nothing => Vec::new(),
        Capturable::All => (0..pos.pieces().len())
            .filter(|&i| pos.is_hostile(i, colour))
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
        Target::Everywhere | Target::Files(..) => None,
    };
    caps.sort_unstable();
    caps.dedup();
    budget.check(
        "the route search",
        Router::bytes_needed(rect.len(), caps.len(), &q.mover.rule),
    )?;
    let mut router = Router::new(pos, &q.mover.rule, colour, &caps)?;
    if let Some(moves) = &q.mover.by_square {
        router = router.moving_by(moves)?;
    }
    if let Some(p) = progress {
        router = router.with_progress(p);
    }
    let Some(goal) = goal else {
        let map = router.distances(&mut Scratch::default(), q.mover.at)?;
        return Ok(Answer::Distances(match q.target {
            Target::Files(lo, hi) => {
                let (a, b) = (lo.max(1), hi.min(i64::from(rect.width())));
                if a > b {
                    return Err(RouteError::NoFiles(lo, hi));
                }
                map.files(a, b)
            }
            _ => map,
        }));
    };
    let route = router.route(&mut Scratch::default(), q.mover.at, goal)?;
    Ok(Answer::Route(route.map(|r| Way {
        moves: r.moves() as u64,
        captured: r.captured.iter().map(|&i| pos.pieces()[i].at).collect(),
        waypoints: r.squares,
        lines: false,
        repeats: Vec::new(),
    })))
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
