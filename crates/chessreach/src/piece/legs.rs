//! Multi-leg moves (XBetza's `a`): a fixed-size sequence of legs, each a leap or a ride in one
//! absolute direction with its own modes. Copy and small, so a [`super::Step`] stays a plain
//! value and the single-leg hot paths are untouched.

use crate::geometry::Delta;

/// The most legs one move may have (XBetza's pieces use two or three).
pub const MAX_LEGS: usize = 4;

/// Where a leg may stop, as bits of [`Leg::stop`].
pub mod stop {
    /// On an empty square (`m`): a final leg moves there, a non-final leg goes on from it.
    pub const EMPTY: u8 = 1;
    /// On a foe (`c`): a final leg captures it; a non-final leg captures it and goes on (a
    /// locust capture).
    pub const FOE: u8 = 2;
    /// On a friend (`d`, destroy): captured as a foe would be.
    pub const FRIEND: u8 = 4;
    /// On any piece without capturing it (`p`, `g` on a non-final leg): the move hops it and
    /// goes on from its square.
    pub const HOP: u8 = 8;
}

/// Bits of [`Leg::flags`].
pub mod flag {
    /// `n`: each leap's midpoint must be empty (truncated half of the leap, from the square
    /// the leap starts on).
    pub const LAME: u8 = 1;
    /// `j` on leaps longer than one square: each leap's midpoint must be occupied.
    pub const SCREENED: u8 = 2;
    /// `o`: the leg wraps round the board's files (a cylinder) modulo its width.
    pub const WRAP: u8 = 4;
    /// `t`: a foe is no platform to hop (on a non-final leg).
    pub const NO_FOE_HOP: u8 = 8;
    /// A final leg that slides to the first piece (its screen), passes it and lands beyond
    /// (`p`: up to and including the next piece; with `flag::GRASS`, right behind it).
    pub const HOPPER: u8 = 16;
    /// With `flag::HOPPER`: one leap after the screen (`g`).
    pub const GRASS: u8 = 32;
}

/// One leg: a leap of `(dx, dy)` repeated up to `range` times (0: unlimited) from the square
/// the previous leg stopped on, the first `skip` squares passed over whatever stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Leg {
    /// File offset of one leap.
    pub dx: i16,
    /// Rank offset of one leap.
    pub dy: i16,
    /// 1: one leap; 0: unlimited; n: at most n leaps (skipped squares count).
    pub range: u8,
    /// Squares passed first whatever their occupant (`j` on one-step atoms: the ski-slider).
    pub skip: u8,
    /// [`stop`] bits.
    pub stop: u8,
    /// [`flag`] bits.
    pub flags: u8,
}

impl Leg {
    /// One leap.
    #[must_use]
    pub fn delta(self) -> Delta {
        Delta::new(i64::from(self.dx), i64::from(self.dy))
    }

    /// The leg turned by 180°.
    #[must_use]
    pub fn turned(self) -> Self {
        Self {
            dx: -self.dx,
            dy: -self.dy,
            ..self
        }
    }

    /// The midpoint of one leap, relative to the square it starts from (halves truncated
    /// towards zero: `N` (1,2) → (0,1)).
    #[must_use]
    pub fn midpoint(self) -> Delta {
        Delta::new(i64::from(self.dx / 2), i64::from(self.dy / 2))
    }
}

/// A move of one or more legs, each starting where the previous one stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LegPath {
    len: u8,
    legs: [Leg; MAX_LEGS],
}

impl LegPath {
    /// The path of these legs; `None` when there are none or more than [`MAX_LEGS`].
    #[must_use]
    pub fn new(legs: &[Leg]) -> Option<Self> {
        if legs.is_empty() || legs.len() > MAX_LEGS {
            return None;
        }
        let mut all = [Leg::default(); MAX_LEGS];
        all[..legs.len()].copy_from_slice(legs);
        Some(Self {
            len: u8::try_from(legs.len()).ok()?,
            legs: all,
        })
    }

    /// The legs, first to last.
    #[must_use]
    pub fn legs(&self) -> &[Leg] {
        &self.legs[..usize::from(self.len)]
    }

    /// The first leg.
    #[must_use]
    pub fn first(&self) -> Leg {
        self.legs[0]
    }

    /// The last leg.
    #[must_use]
    pub fn last(&self) -> Leg {
        self.legs[usize::from(self.len) - 1]
    }

    /// The path turned by 180° (for Black): every leg turned.
    #[must_use]
    pub fn turned(self) -> Self {
        let mut out = self;
        for l in &mut out.legs[..usize::from(self.len)] {
            *l = l.turned();
        }
        out
    }

    /// Whether a move along it may end on an empty square.
    #[must_use]
    pub fn can_move(&self) -> bool {
        self.last().stop & stop::EMPTY != 0
    }

    /// Whether it captures a foe somewhere (its last leg, or a locust leg): it attacks.
    #[must_use]
    pub fn can_capture(&self) -> bool {
        self.legs().iter().any(|l| l.stop & stop::FOE != 0)
    }

    /// Whether a move along it may capture a piece it does not end on (a locust: a non-final
    /// leg that stops on a foe, or on a friend for `d`).
    #[must_use]
    pub fn is_locust(&self) -> bool {
        let legs = self.legs();
        legs[..legs.len() - 1]
            .iter()
            .any(|l| l.stop & (stop::FOE | stop::FRIEND) != 0)
    }

    /// What kind of leg move this is, in words, for engines that refuse it.
    #[must_use]
    pub fn kind_name(&self) -> &'static str {
        let legs = self.legs();
        let (init, last) = legs.split_at(legs.len() - 1);
        if self.is_locust() {
            "locust captures (a capturing leg that goes on, XBetza `ca`)"
        } else if init.iter().any(|l| l.stop & stop::HOP != 0) {
            "legs that hop a piece and go on (XBetza `pa`, `ga`)"
        } else if !init.is_empty() {
            "bent moves of two or more legs (XBetza `a`)"
        } else if legs.iter().any(|l| l.flags & flag::WRAP != 0) {
            "legs round a cylinder (XBetza `o`)"
        } else if last[0].stop & stop::FRIEND != 0 {
            "captures of friends (XBetza `d`)"
        } else if last[0].skip > 0 || last[0].flags & flag::SCREENED != 0 {
            "jumping legs (XBetza `j`)"
        } else if last[0].flags & flag::HOPPER != 0 {
            "hops of XBetza's kind (`g` with a range, `p` on leaps)"
        } else {
            "lame legs of XBetza's kind (`n` on riders and long leaps)"
        }
    }

    /// Whether it has more than one leg.
    #[must_use]
    pub fn is_multi(&self) -> bool {
        self.len > 1
    }
}
