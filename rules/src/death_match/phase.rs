//! The phases of a round, in order, and what each holds. Lockmaking: [`Phase::Assess`],
//! [`Phase::Draft`], [`Phase::Build`]. Lockpicking: [`Phase::Solve`], [`Phase::Choose`],
//! [`Phase::Countersolve`]. Then [`Phase::RoundOver`] until the host gives the next round, or
//! [`Phase::Over`].

use super::event::Refusal;
use super::round::OfferedPiece;
use super::score::Why;
use super::{Ms, Pair, Player};
use serde::{Deserialize, Serialize};

/// Where a round stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// 90 s to assess the board and the offered pieces; in round 1 the challenged player
    /// chooses the draft order meanwhile.
    Assess {
        /// When the draft begins.
        ends: Ms,
    },
    /// The snake draft.
    Draft(Draft),
    /// 420 s to build, then reserve for a builder without a valid lock.
    Build(Build),
    /// 5 minutes to pick the opponent's lock, shown at `shown_at`.
    Solve {
        /// When the locks were shown: solving times count from here.
        shown_at: Ms,
        /// When solving ends.
        ends: Ms,
    },
    /// 30 s for players with two or more solutions to choose the one that counts.
    Choose {
        /// When the choice ends.
        ends: Ms,
        /// Who has still to choose. Each player's flag is theirs alone until the answers are
        /// announced: it says whether they found two solutions.
        pending: Pair<bool>,
    },
    /// Each builder's countersolve, on their own clock.
    Countersolve {
        /// Each player's countersolve of their own lock.
        stages: Pair<Stage>,
    },
    /// The round is over and the match is not: the host begins round `next`.
    RoundOver {
        /// The next round's number.
        next: u8,
    },
    /// The match is over.
    Over {
        /// The winner.
        winner: Player,
        /// Why they won.
        why: Why,
    },
}

impl Phase {
    /// The phase's name in words, for refusals.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Assess { .. } => "the assessment",
            Phase::Draft(_) => "the draft",
            Phase::Build(_) => "building",
            Phase::Solve { .. } => "solving",
            Phase::Choose { .. } => "choosing solutions",
            Phase::Countersolve { .. } => "countersolving",
            Phase::RoundOver { .. } => "the break between rounds",
            Phase::Over { .. } => "the end of the match",
        }
    }

    /// The next time the phase changes unless someone acts.
    pub fn deadline(&self) -> Option<Ms> {
        match self {
            Phase::Assess { ends } | Phase::Solve { ends, .. } | Phase::Choose { ends, .. } => {
                Some(*ends)
            }
            Phase::Draft(d) => Some(d.clock.ends),
            Phase::Build(b) => b.deadline(),
            Phase::Countersolve { stages } => [stages.challenger, stages.challenged]
                .iter()
                .filter_map(Stage::ends)
                .min(),
            Phase::RoundOver { .. } | Phase::Over { .. } => None,
        }
    }
}

/// A Lockmaking clock: a draft turn, or a builder in reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Whose clock it is.
    pub player: Player,
    /// When the turn began.
    pub started: Ms,
    /// When the turn's time, or the reserve period being used, ends.
    pub ends: Ms,
    /// Whether the player is in reserve.
    pub in_reserve: bool,
}

/// The draft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// Who drafts first this round: A in the snake A BB AA BB ….
    pub first: Player,
    /// The number of picks made so far: the snake's position.
    pub picks: usize,
    /// The pieces not yet drafted.
    pub remaining: Vec<OfferedPiece>,
    /// Who has stopped drafting.
    pub stopped: Pair<bool>,
    /// The turn being played: whose it is and when it ends.
    pub clock: Clock,
}

/// Building.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    /// When the 420 s end.
    pub ends: Ms,
    /// Each builder.
    pub builders: Pair<BuildStatus>,
}

impl Build {
    fn deadline(&self) -> Option<Ms> {
        let both = [self.builders.challenger, self.builders.challenged];
        if both.iter().any(|b| matches!(b, BuildStatus::Building)) {
            return Some(self.ends);
        }
        both.iter()
            .filter_map(|b| match b {
                BuildStatus::InReserve(c) => Some(c.ends),
                _ => None,
            })
            .min()
    }
}

/// Where a builder stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum BuildStatus {
    /// Within the 420 s: the latest valid lock counts.
    Building,
    /// Past the 420 s without a valid lock: the first valid lock counts.
    InReserve(Clock),
    /// The lock is final.
    Done,
}

/// A player's work on the opponent's lock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// The solutions accepted, in order.
    pub solutions: Vec<Solution>,
    /// Whether the player declared the lock impossible.
    pub impossible: bool,
    /// Whether the player said their answer is in, in a match played at the players' pace.
    #[serde(default)]
    pub done: bool,
}

impl Sheet {
    /// Why the rules refuse another solution from this sheet's player, if they do: an
    /// impossible call is a final answer.
    pub fn refuses_solutions(&self) -> Option<Refusal> {
        self.impossible.then_some(Refusal::DeclaredImpossible)
    }

    /// Why the rules refuse an impossible call from this sheet's player, if they do: one is
    /// made once, and never on a lock the player has picked.
    pub fn refuses_impossible_call(&self) -> Option<Refusal> {
        if self.impossible {
            Some(Refusal::DeclaredImpossible)
        } else if !self.solutions.is_empty() {
            Some(Refusal::YouPickedIt)
        } else {
            None
        }
    }
}

/// A solution accepted in Solving: every one picks the lock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// Its time, from when the lock was shown.
    pub time: Ms,
    /// Its moves, counted as the seed counts them.
    pub moves: usize,
    /// Its moves in the seed's notation.
    pub written: String,
}

/// A player's final answer on the opponent's lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Answer {
    /// The solution that counts: its number in the sheet (from 0), time and moves.
    Solution {
        /// Its number among the player's solutions, from 0.
        index: usize,
        /// Its time, from when the lock was shown.
        time: Ms,
        /// Its moves.
        moves: usize,
    },
    /// The lock declared impossible.
    Impossible,
    /// No valid solution: neither a time nor a move count.
    Nothing,
}

/// A builder's countersolve of their own lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "kebab-case")]
pub enum Stage {
    /// Deciding whether to countersolve, until `ends`.
    Deciding {
        /// When the decision ends (no decision is no).
        ends: Ms,
    },
    /// Countersolving.
    Solving {
        /// When the countersolve began.
        started: Ms,
        /// When it ends: the solver's time after `started`, or 5 minutes for a lock declared
        /// impossible.
        ends: Ms,
        /// Whether the lock was declared impossible.
        called_impossible: bool,
    },
    /// Nothing more to do this round.
    Done,
}

impl Stage {
    /// When the stage ends unless the player acts.
    pub fn ends(&self) -> Option<Ms> {
        match *self {
            Stage::Deciding { ends } | Stage::Solving { ends, .. } => Some(ends),
            Stage::Done => None,
        }
    }
}
