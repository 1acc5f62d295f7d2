//! A bounded board's question, by the [`Router`]: the capture list made from the question,
//! the memory budget checked before the search allocates, the route or distance map named.
//! Used by the dispatcher for bounded boards and by the strip window search (`span`) for the
//! window it proves exact.

use super::question::{Answer, Capturable, Question, RouteError, Target, Way};
use super::{Goal, PathError, Router, Scratch};
use crate::attack::Position;
use crate::geometry::Coord;
use crate::limits::{Budget, Progress};
use crate::piece::Colour;

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
