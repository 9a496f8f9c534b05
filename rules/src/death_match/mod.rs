//! Lockmaker's Death Match, the seed's two-player match of sliding locks, as a pure state
//! machine: no clock is read and nothing is stored. Time comes in as milliseconds since the match
//! began ([`Ms`]), so a server, the command line and tests all drive the same rules and may
//! compress time as they like. `docs/death-match.md` lists every rule with its test, and every
//! choice made where the seed is silent.
//!
//! A [`Match`] begins with its first [`Round`] (the board and the pieces offered). Players act
//! through [`Match::act`]; the host calls [`Match::tick`] to let deadlines pass, and
//! [`Match::begin_round`] with the next round's board and pieces once a round is over. Each
//! returns the [`Event`]s that happened, each with the players who may see it.
//!
//! # Layout
//! - [`round`]: a round's board and offered pieces, checked before play.
//! - [`phase`]: the phases of a round and what each holds.
//! - [`event`]: the players' actions, the events, and why an action is refused.
//! - [`clock`]: the reserve: twenty 30-second periods, used only in Lockmaking.
//! - [`draft`]: the assessment, the draft order and the snake draft.
//! - [`build`]: building the lock with exactly the drafted pieces.
//! - [`pick`]: solving the opponent's lock, declaring it impossible, choosing the solution.
//! - [`counter`]: the builders' countersolves.
//! - [`score`]: the points, the lead, and who wins.
//! - [`generate`]: seeded rounds — board shapes and piece pools — for hosts without round files.
//! - [`bot`]: a player to practise against: its draft, its lock, its picking and its calls.

pub mod bot;
pub mod build;
pub mod clock;
pub mod counter;
pub mod draft;
pub mod event;
pub mod generate;
pub mod phase;
pub mod pick;
pub mod round;
pub mod score;
pub mod serial;

pub use event::{Action, Audience, DraftOrder, Event, Refusal};
pub use phase::{Answer, Build, BuildStatus, Clock, Draft, Phase, Sheet, Solution, Stage};
pub use round::{NOTATION, OfferedPiece, Round, SetupError, Shape};
pub use score::{Award, Call, Decider, LeadChange, Why};

use engine::sliding::{Board, Lock};
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};

/// Milliseconds since the match began.
pub type Ms = u64;

/// The latest time the match reads: later times are read as this one, so that no deadline
/// computed from it overflows (it is millions of years away).
pub const LATEST: Ms = Ms::MAX / 4;

/// The time to assess the board and the pieces offered, before the draft.
pub const ASSESS_MS: Ms = 90_000;
/// The time for each pick of the draft.
pub const DRAFT_TURN_MS: Ms = 45_000;
/// The time to build a lock.
pub const BUILD_MS: Ms = 420_000;
/// The time to pick the opponent's lock.
pub const SOLVE_MS: Ms = 300_000;
/// The time to choose the solution that counts.
pub const CHOOSE_MS: Ms = 30_000;
/// The time to decide whether to countersolve.
pub const DECIDE_MS: Ms = 30_000;
/// The time a builder has to solve their own lock declared impossible.
pub const IMPOSSIBLE_COUNTERSOLVE_MS: Ms = 300_000;
/// One period of reserve.
pub const RESERVE_PERIOD_MS: Ms = 30_000;
/// The periods of reserve each player has for the whole match.
pub const RESERVE_PERIODS: u8 = 20;
/// The most rounds a match lasts.
pub const ROUNDS: u8 = 5;
/// The score that ends the match at the end of a round.
pub const TARGET: u32 = 16;

/// The edition of the rules a match is played under. A match keeps the edition it began with
/// for good: a host replays a match's log through the rules to get it back, and a later edition
/// would score the same log differently, taking back what the players were told.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Edition {
    /// As the rules were first hosted: the 30 s to choose were skipped when nobody had two
    /// solutions and ended once every player with a choice had chosen (so their coming and
    /// going told a player whether the opponent had found two), and an impossible call that
    /// stood voided only the other player's "faster" and "fewer moves" points.
    #[default]
    First,
    /// The 30 s to choose always run whole after solving (unless both players called
    /// impossible), whatever either player found; an impossible call that stands holds the
    /// builder of the lock to the +1 for picking the caller's lock, as the seed says.
    Second,
}

impl Edition {
    /// The edition a match begun now is played under.
    pub const LATEST: Edition = Edition::Second;
}

/// How a match's phases end: a term of the match, chosen with the challenge and fixed for the
/// whole match (a host logs it before the first round).
///
/// The seed gives each phase its time, and the rules run every phase its full time
/// ([`Timing::FullTime`], the default). A match may instead be played at the players' pace
/// ([`Timing::EndWhenBothDone`]): each player says when they are done with a phase
/// ([`Action::Done`]), and the phase ends as soon as both are. Practice matches against the
/// bot are played so; see `docs/death-match.md#at-the-players-pace`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    /// Every phase runs its full time, as the seed gives it (an impossible call by both ends
    /// solving at once all the same).
    #[default]
    FullTime,
    /// A phase ends as soon as both players are done with it: the assessment once both say
    /// so, building once both locks are in and both say so, solving once both say so (or
    /// called the lock impossible), the choice once both chose (it is skipped when nobody
    /// has two solutions). [`Action::Done`] is refused in a match played at full time.
    EndWhenBothDone,
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    /// The player who called the Death Match.
    Challenger,
    /// The Death Match Opponent: the player called into it, who chooses the draft order.
    Challenged,
}

impl Player {
    /// Both players, the challenger first.
    pub const BOTH: [Player; 2] = [Player::Challenger, Player::Challenged];

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Challenger => Player::Challenged,
            Player::Challenged => Player::Challenger,
        }
    }
}

/// One value for each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pair<T> {
    /// The challenger's.
    pub challenger: T,
    /// The challenged player's.
    pub challenged: T,
}

impl<T> Pair<T> {
    /// The same value for both players.
    pub fn both(value: T) -> Pair<T>
    where
        T: Clone,
    {
        Pair {
            challenger: value.clone(),
            challenged: value,
        }
    }
}

impl<T> Index<Player> for Pair<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::Challenger => &self.challenger,
            Player::Challenged => &self.challenged,
        }
    }
}

impl<T> IndexMut<Player> for Pair<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::Challenger => &mut self.challenger,
            Player::Challenged => &mut self.challenged,
        }
    }
}

/// A Death Match: the scores, the reserve, the lead, and the round being played.
#[derive(Clone, Debug)]
pub struct Match {
    /// The latest time seen: time never goes back.
    now: Ms,
    /// The round being played, from 1.
    round: u8,
    /// This round's board and offered pieces.
    setup: Round,
    /// Who drafts first in round 1, once chosen.
    first_drafter: Option<Player>,
    scores: Pair<u32>,
    reserve: Pair<u8>,
    leads: Vec<LeadChange>,
    /// This round's drafted pieces, in the order drafted.
    drafted: Pair<Vec<OfferedPiece>>,
    /// This round's locks, each by its builder, once final.
    locks: Pair<Option<Lock>>,
    /// Each player's work on the opponent's lock this round.
    sheets: Pair<Sheet>,
    /// Each player's final answer this round, once announced or chosen.
    answers: Pair<Option<Answer>>,
    /// Points that wait on the impossible call on their earner's lock (see [`score`]).
    held: Pair<Vec<Award>>,
    /// Where the impossible call on each builder's lock stands this round.
    calls: Pair<Call>,
    /// The edition of the rules the match is played under.
    edition: Edition,
    /// How its phases end.
    timing: Timing,
    /// Who has said they are done with this round's assessment.
    assessed: Pair<bool>,
    phase: Phase,
}

impl Match {
    /// A match beginning at time 0 with its first round's assessment, under the latest edition
    /// of the rules.
    pub fn new(first: Round) -> Result<(Match, Vec<Event>), SetupError> {
        Match::under(Edition::LATEST, first)
    }

    /// A match beginning at time 0 with its first round's assessment, under `edition`: a host
    /// replaying a match begun under an earlier edition plays it on as it was played.
    pub fn under(edition: Edition, first: Round) -> Result<(Match, Vec<Event>), SetupError> {
        Match::timed(edition, Timing::FullTime, first)
    }

    /// A match beginning at time 0 with its first round's assessment, under `edition`, its
    /// phases ending as `timing` says.
    pub fn timed(
        edition: Edition,
        timing: Timing,
        first: Round,
    ) -> Result<(Match, Vec<Event>), SetupError> {
        first.check()?;
        let mut m = Match {
            now: 0,
            round: 1,
            setup: first,
            first_drafter: None,
            scores: Pair::default(),
            reserve: Pair::both(RESERVE_PERIODS),
            leads: Vec::new(),
            drafted: Pair::default(),
            locks: Pair::default(),
            sheets: Pair::default(),
            answers: Pair::default(),
            held: Pair::default(),
            calls: Pair::default(),
            edition,
            timing,
            assessed: Pair::default(),
            phase: Phase::RoundOver { next: 1 },
        };
        let mut events = Vec::new();
        m.begin_assess(0, &mut events);
        Ok((m, events))
    }

    /// Begins the next round with its board and offered pieces, once the last is over.
    pub fn begin_round(&mut self, now: Ms, round: Round) -> Result<Vec<Event>, Refusal> {
        let mut events = self.tick(now);
        let Phase::RoundOver { next } = self.phase else {
            return Err(match self.phase {
                Phase::Over { .. } => Refusal::MatchOver,
                _ => Refusal::RoundNotOver,
            });
        };
        round.check()?;
        self.round = next;
        self.setup = round;
        self.begin_assess(self.now, &mut events);
        Ok(events)
    }

    /// A player acts at `now`. Deadlines up to `now` pass first (their events come first). A
    /// refused action changes nothing, not even the time: call [`Match::tick`] to let it pass.
    pub fn act(&mut self, now: Ms, player: Player, action: Action) -> Result<Vec<Event>, Refusal> {
        let mut next = self.clone();
        let mut events = next.tick(now);
        let at = next.now;
        let name = action.name();
        let more = match (&next.phase, action) {
            (Phase::Over { .. }, _) => Err(Refusal::MatchOver),
            (_, Action::Done) if next.timing == Timing::FullTime => Err(Refusal::FullTime),
            (Phase::Assess { .. }, Action::Done) => next.done_assessing(at, player),
            (Phase::Draft(_), Action::Done) => next.stop_drafting(at, player, false),
            (Phase::Build(_), Action::Done) => next.done_building(at, player),
            (Phase::Solve { .. }, Action::Done) => next.done_solving(at, player),
            (Phase::Countersolve { .. }, Action::Done) => next.give_up_countersolve(at, player),
            (Phase::Assess { .. }, Action::ChooseDraftOrder(order)) => {
                next.choose_order(player, order)
            }
            (Phase::Draft(_), Action::Draft(id)) => next.pick_piece(at, player, id),
            (Phase::Draft(_), Action::StopDrafting) => next.stop_drafting(at, player, false),
            (Phase::Draft(_), Action::EndDraft) => next.stop_drafting(at, player, true),
            (Phase::Build(_), Action::SubmitLock(lock)) => next.submit_lock(at, player, lock),
            (Phase::Solve { .. }, Action::SubmitSolution(text)) => {
                next.submit_solution(at, player, &text)
            }
            (Phase::Solve { .. }, Action::DeclareImpossible) => next.declare_impossible(at, player),
            (Phase::Choose { .. }, Action::Choose(index)) => next.choose(at, player, index),
            (Phase::Countersolve { .. }, Action::Countersolve(yes)) => {
                next.decide_countersolve(at, player, yes)
            }
            (Phase::Countersolve { .. }, Action::SubmitCountersolution(text)) => {
                next.countersolve(at, player, &text)
            }
            (phase, _) => Err(Refusal::NotNow {
                action: name,
                phase: phase.name(),
            }),
        }?;
        events.extend(more);
        *self = next;
        Ok(events)
    }

    /// Lets every deadline up to `now` pass, in order, using reserve where the rules allow. A
    /// time before the latest seen is read as the latest, and one past [`LATEST`] as that.
    pub fn tick(&mut self, now: Ms) -> Vec<Event> {
        self.now = self.now.max(now.min(LATEST));
        let mut events = Vec::new();
        while let Some(due) = self.deadline() {
            if due > self.now {
                break;
            }
            match self.phase {
                Phase::Assess { .. } => self.assess_over(due, &mut events),
                Phase::Draft(_) => self.draft_overrun(due, &mut events),
                Phase::Build(_) => self.build_due(due, &mut events),
                Phase::Solve { .. } => self.end_solving(due, &mut events),
                Phase::Choose { .. } => self.choose_over(due, &mut events),
                Phase::Countersolve { .. } => self.countersolve_due(due, &mut events),
                Phase::RoundOver { .. } | Phase::Over { .. } => break,
            }
        }
        events
    }

    /// When the current phase next changes unless someone acts: the end of a turn, of a
    /// reserve period, of a phase. `None` between rounds and once the match is over.
    pub fn deadline(&self) -> Option<Ms> {
        self.phase.deadline()
    }

    /// The latest time seen.
    pub fn now(&self) -> Ms {
        self.now
    }

    /// The round being played, from 1 (the last played, between rounds).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The current phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// This round's board.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// This round's offered pieces, all of them.
    pub fn offered(&self) -> &[OfferedPiece] {
        &self.setup.offered
    }

    /// A player's score.
    pub fn score(&self, player: Player) -> u32 {
        self.scores[player]
    }

    /// Both scores.
    pub fn scores(&self) -> Pair<u32> {
        self.scores
    }

    /// A player's reserve periods left.
    pub fn reserve(&self, player: Player) -> u8 {
        self.reserve[player]
    }

    /// Who drafts first in round 1, once chosen.
    pub fn first_drafter_of_match(&self) -> Option<Player> {
        self.first_drafter
    }

    /// The pieces a player drafted this round.
    pub fn drafted(&self, player: Player) -> &[OfferedPiece] {
        &self.drafted[player]
    }

    /// A builder's lock this round, once final.
    pub fn lock(&self, builder: Player) -> Option<&Lock> {
        self.locks[builder].as_ref()
    }

    /// A player's work on the opponent's lock this round.
    pub fn sheet(&self, player: Player) -> &Sheet {
        &self.sheets[player]
    }

    /// A player's final answer this round, once known.
    pub fn answer(&self, player: Player) -> Option<Answer> {
        self.answers[player]
    }

    /// The edition of the rules the match is played under.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// How the match's phases end.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// Whether `player` is done with the current phase: has said so in the assessment or in
    /// solving (an impossible call is a final answer, so it counts), has stopped drafting, has
    /// a final lock, has nothing left to choose, or has finished countersolving. In a match
    /// played [`Timing::EndWhenBothDone`] the phase ends once both are.
    pub fn done(&self, player: Player) -> bool {
        match &self.phase {
            Phase::Assess { .. } => self.assessed[player],
            Phase::Draft(d) => d.stopped[player],
            Phase::Build(b) => matches!(b.builders[player], BuildStatus::Done),
            Phase::Solve { .. } => {
                let sheet = &self.sheets[player];
                sheet.done || sheet.impossible
            }
            Phase::Choose { pending, .. } => !pending[player],
            Phase::Countersolve { stages } => stages[player] == Stage::Done,
            Phase::RoundOver { .. } | Phase::Over { .. } => true,
        }
    }

    /// A player is done with the assessment; the draft begins once both are.
    fn done_assessing(&mut self, at: Ms, player: Player) -> Result<Vec<Event>, Refusal> {
        if self.assessed[player] {
            return Err(Refusal::AlreadyDone);
        }
        self.assessed[player] = true;
        let mut events = vec![Event::Done { player }];
        if self.assessed.challenger && self.assessed.challenged {
            self.assess_over(at, &mut events);
        }
        Ok(events)
    }

    /// Where the impossible call on `builder`'s lock stands this round.
    pub fn call_on(&self, builder: Player) -> Call {
        self.calls[builder]
    }

    /// Points `player` has earned this round that wait on the impossible call on their lock.
    pub fn held(&self, player: Player) -> &[Award] {
        &self.held[player]
    }

    /// Every change of the lead, in order: a player leads when their score is higher.
    pub fn lead_changes(&self) -> &[LeadChange] {
        &self.leads
    }

    /// The player who most recently led, if the scores ever differed.
    pub fn most_recent_leader(&self) -> Option<Player> {
        self.leads.last().map(|l| l.leader)
    }

    /// The winner, once the match is over, and why.
    pub fn winner(&self) -> Option<(Player, Why)> {
        match self.phase {
            Phase::Over { winner, why } => Some((winner, why)),
            _ => None,
        }
    }

    /// Starts the assessment of the round in `self.setup`, clearing the last round's state.
    fn begin_assess(&mut self, at: Ms, events: &mut Vec<Event>) {
        self.drafted = Pair::default();
        self.locks = Pair::default();
        self.sheets = Pair::default();
        self.answers = Pair::default();
        self.held = Pair::default();
        self.calls = Pair::default();
        self.assessed = Pair::default();
        let ends = at + ASSESS_MS;
        self.phase = Phase::Assess { ends };
        events.push(Event::RoundBegan {
            round: self.round,
            assess_ends: ends,
            first_drafter: self.first_drafter_of_round(),
        });
    }

    /// Ends the match.
    fn finish(&mut self, winner: Player, why: Why, events: &mut Vec<Event>) {
        self.phase = Phase::Over { winner, why };
        events.push(Event::MatchOver {
            winner,
            why,
            scores: self.scores,
        });
    }
}
