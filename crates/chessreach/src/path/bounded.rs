//! A bounded board's question, by the [`Router`]: the capture list made from the question,
//! the memory budget checked before the router's tables are made and charged as the search
//! reaches states, the route or distance map named.
//! Used by the dispatcher for bounded boards and by the strip window search (`span`) for the
//! window it proves exact.

use super::question::{Area, Capturable, Question, RouteError, Target, Way};
use super::{DistanceMap, Goal, Mover, PathError, Router, Scratch};
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

/// The router for `mover` among the pieces of `pos`, capturing what `may_capture` lists and
/// the piece on `victim`, with the budget checked before it allocates; and the victim's index.
fn router<'a>(
    pos: &'a Position,
    mover: &Mover,
    may_capture: &Capturable,
    victim: Option<Coord>,
    budget: Budget,
    progress: Option<Progress<'a>>,
) -> Result<(Router<'a>, Option<usize>), RouteError> {
    let rect = pos.rect().ok_or(PathError::NotBounded)?;
    let colour = mover.colour;
    let mut caps: Vec<usize> = match may_capture {
        Capturable::Nothing => Vec::new(),
        Capturable::All => (0..pos.pieces().len())
            .filter(|&i| pos.is_hostile(i, colour))
            .collect(),
        Capturable::Squares(list) => list
            .iter()
            .map(|&c| hostile_at(pos, colour, c))
            .collect::<Result<_, _>>()?,
    };
    let victim = victim.map(|c| hostile_at(pos, colour, c)).transpose()?;
    caps.extend(victim);
    caps.sort_unstable();
    caps.dedup();
    budget.check(
        "the route search",
        Router::bytes_needed(rect.len(), caps.len(), &mover.rule),
    )?;
    let mut router = Router::new(pos, &mover.rule, colour, &caps)?.with_budget(budget);
    if let Some(moves) = &mover.by_square {
        router = router.moving_by(moves)?;
    }
    if let Some(p) = progress {
        router = router.with_progress(p);
    }
    Ok((router, victim))
}

/// A search that outgrew the budget is refused as every face expects ([`RouteError::TooLarge`]).
fn refused(e: PathError) -> RouteError {
    match e {
        PathError::TooLarge(t) => RouteError::TooLarge(t),
        e => e.into(),
    }
}

/// A bounded board's route question, by the [`Router`].
pub(super) fn route(
    pos: &Position,
    q: &Question,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<Option<Way>, RouteError> {
    let victim = match q.target {
        Target::Square(_) => None,
        Target::Capture(c) => Some(c),
    };
    let (router, victim) = router(pos, &q.mover, &q.may_capture, victim, budget, progress)?;
    let goal = victim.map_or(Goal::Reach(q.target.square()), Goal::Capture);
    let route = router
        .route(&mut Scratch::default(), q.mover.at, goal)
        .map_err(refused)?;
    Ok(route.map(|r| Way {
        moves: r.moves() as u64,
        captured: r.captured.iter().map(|&i| pos.pieces()[i].at).collect(),
        waypoints: r.squares,
        lines: false,
        repeats: Vec::new(),
    }))
}

/// A bounded board's distance question, by the [`Router`].
pub(super) fn distances(
    pos: &Position,
    q: &Question<Area>,
    budget: Budget,
    progress: Option<Progress<'_>>,
) -> Result<DistanceMap, RouteError> {
    let (router, _) = router(pos, &q.mover, &q.may_capture, None, budget, progress)?;
    let map = router
        .distances(&mut Scratch::default(), q.mover.at)
        .map_err(refused)?;
    Ok(match q.target {
        Area::Files(lo, hi) => {
            let width = map.rect.width();
            let (a, b) = (lo.max(1), hi.min(i64::from(width)));
            if a > b {
                return Err(RouteError::NoFiles(lo, hi));
            }
            map.files(a, b)
        }
        Area::Everywhere => map,
    })
}
