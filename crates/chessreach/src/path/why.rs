//! Why a route question has no route: the first simple cause that holds, in this order — the
//! target is occupied by a piece the mover may not take; the target is attacked by a hostile
//! piece the mover may not capture (so no stop there is ever safe); the mover is bound to
//! squares of one colour and the target is of the other; the mover cannot make a first move
//! (boxed in); else the target is out of reach within the captures allowed. Each cause is
//! checked from the rules and the position alone, after the engine has said there is no
//! route, so a reason never contradicts an answer: it explains it.

use std::collections::BTreeSet;

use super::question::{Area, Capturable, Question, Target};
use super::{ask, DistanceMap};
use crate::attack::{Position, StripAttackMap};
use crate::geometry::{Board, Coord};
use crate::limits::Budget;
use crate::piece::{flag, Colour, LegPath, Motion};

/// Why there is no route ([`why`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Why {
    /// A piece the mover may not capture stands on the target.
    Occupied {
        /// The index of that piece in the position.
        piece: usize,
    },
    /// Hostile pieces the mover may not capture attack the target: no stop there is safe.
    Attacked {
        /// Their indices in the position (empty on a strip, where only the fact is known).
        by: Vec<usize>,
    },
    /// Every move of the mover keeps the colour of its square (`dx + dy` even), and the
    /// target is of the other colour.
    Colour,
    /// The mover has no first move: every square it could go to is occupied, attacked or off
    /// the board.
    BoxedIn,
    /// The target lies beyond every square the mover can reach with the captures allowed.
    Unreachable,
}

impl Why {
    /// The cause's name in JSON (`"kind"`): `occupied`, `attacked`, `colour`, `boxed_in`,
    /// `unreachable`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Occupied { .. } => "occupied",
            Self::Attacked { .. } => "attacked",
            Self::Colour => "colour",
            Self::BoxedIn => "boxed_in",
            Self::Unreachable => "unreachable",
        }
    }

    /// The pieces in question (the one on the target, or those attacking it), as indices into
    /// the position.
    #[must_use]
    pub fn pieces(&self) -> &[usize] {
        match self {
            Self::Occupied { piece } => std::slice::from_ref(piece),
            Self::Attacked { by } => by,
            Self::Colour | Self::BoxedIn | Self::Unreachable => &[],
        }
    }

    /// The reason in words, squares and pieces named as `pos` names them.
    #[must_use]
    pub fn describe(&self, pos: &Position, target: Coord) -> String {
        let name = |c: Coord| pos.board().name(c);
        let piece = |i: usize| format!("{} on {}", pos.symbol_of(i), name(pos.pieces()[i].at));
        match self {
            Self::Occupied { piece: i } => {
                format!("{} stands on the target and may not be captured", piece(*i))
            }
            Self::Attacked { by } if by.is_empty() => {
                format!("{} is attacked by a piece that may not be captured", name(target))
            }
            Self::Attacked { by } => format!(
                "{} is attacked by {}, which may not be captured",
                name(target),
                by.iter().map(|&i| piece(i)).collect::<Vec<_>>().join(", ")
            ),
            Self::Colour => format!(
                "the mover keeps to squares of one colour and {} is of the other",
                name(target)
            ),
            Self::BoxedIn => {
                "the mover has no first move: every square it could go to is occupied or attacked".into()
            }
            Self::Unreachable => format!(
                "{} is beyond every square the mover can reach with the captures allowed",
                name(target)
            ),
        }
    }
}

/// Why `question` has no route among the pieces of `pos` (call it when [`ask`] answered
/// `None`): the first cause of the module docs that holds. O(pieces × squares a piece attacks)
/// for the attackers, and one distance search for "boxed in" (within `budget`; skipped beyond
/// it and on strips).
#[must_use]
pub fn why(pos: &Position, question: &Question, budget: Budget) -> Why {
    let colour = question.mover.colour;
    let target = question.target.square();
    let capturable: BTreeSet<usize> = match &question.may_capture {
        Capturable::Nothing => BTreeSet::new(),
        Capturable::All => (0..pos.pieces().len())
            .filter(|&i| pos.is_hostile(i, colour))
            .collect(),
        Capturable::Squares(list) => list.iter().filter_map(|&c| pos.piece_at(c)).collect(),
    };
    let victim = match question.target {
        Target::Capture(c) => pos.piece_at(c),
        Target::Square(_) => None,
    };
    let may_take = |i: usize| pos.is_hostile(i, colour) && (capturable.contains(&i) || victim == Some(i));
    if let Some(i) = pos.piece_at(target).filter(|&i| !may_take(i)) {
        return Why::Occupied { piece: i };
    }
    // A mover with locust captures may take its victim without standing on its square.
    let stands_on_target = victim.is_none() || !question.mover.rule.paths().iter().any(LegPath::is_locust);
    if let Some(by) = attackers(pos, colour, target, &|i| may_take(i)).filter(|_| stands_on_target) {
        return Why::Attacked { by };
    }
    if colour_bound(pos, question)
        && (question.mover.at.file + question.mover.at.rank + target.file + target.rank) % 2 != 0
    {
        return Why::Colour;
    }
    if let Board::Rect(_) = pos.board() {
        let first = Question {
            mover: question.mover.clone(),
            target: Area::Everywhere,
            may_capture: question.may_capture.clone(),
        };
        if let Ok(map) = ask(pos, &first, budget) {
            if !moves_at_all(&map, question.mover.at) {
                return Why::BoxedIn;
            }
        }
    }
    Why::Unreachable
}

/// Whether a distance map reaches any square but its start.
fn moves_at_all(map: &DistanceMap, start: Coord) -> bool {
    map.iter().any(|(c, d)| c != start && d.is_some())
}

/// The hostile pieces the mover may not take that attack `target`, when there is one (on a
/// strip: an empty list when some piece attacks it and none may be taken).
fn attackers(
    pos: &Position,
    colour: Colour,
    target: Coord,
    may_take: &dyn Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    if let Board::Strip(_) = pos.board() {
        let hostile_takeable = (0..pos.pieces().len()).any(|i| pos.is_hostile(i, colour) && may_take(i));
        let attacked = StripAttackMap::new(pos).is_some_and(|m| m.is_attacked(colour.opponent(), target));
        return (attacked && !hostile_takeable).then(Vec::new);
    }
    let by: Vec<usize> = (0..pos.pieces().len())
        .filter(|&i| pos.is_hostile(i, colour) && !may_take(i))
        .filter(|&i| pos.attacks_of(i).is_some_and(|a| a.contains(&target)))
        .collect();
    (!by.is_empty()).then_some(by)
}

/// Whether every move of the mover keeps the colour of its square: each step's `dx + dy` is
/// even, on a board whose wrapped sides (if any) are even (crossing an odd wrapped side
/// changes colour). A variant's mover (moves by square) is not judged.
fn colour_bound(pos: &Position, question: &Question) -> bool {
    let mover = &question.mover;
    if mover.by_square.is_some() {
        return false;
    }
    if let Board::Rect(r) = pos.board() {
        if (r.wrap().files() && r.width() % 2 == 1) || (r.wrap().ranks() && r.height() % 2 == 1) {
            return false;
        }
    }
    let mut steps = mover.rule.steps(mover.colour);
    steps.extend(mover.rule.initial_steps(mover.colour));
    let even = |dx: i64, dy: i64| (dx + dy) % 2 == 0;
    // A leg round a cylinder (`o`) on a board of odd width changes colour as it wraps.
    let odd_width = pos.rect().is_some_and(|r| r.width() % 2 == 1);
    !steps.is_empty()
        && steps.iter().all(|s| match s.motion {
            // Each leg may make any number of leaps: every leap must keep the colour.
            Motion::Path { path } => path
                .legs()
                .iter()
                .all(|l| even(i64::from(l.dx), i64::from(l.dy)) && !(odd_width && l.flags & flag::WRAP != 0)),
            Motion::Leap { .. } | Motion::Ride { .. } | Motion::Hop { .. } => even(s.delta.dx, s.delta.dy),
        })
}
