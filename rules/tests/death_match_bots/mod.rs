//! What the bot's tests and its bench share: the build's budget, a bot's draft alone, and a
//! host that plays a whole match between two bots on the match's own clock.
// The tests use all of it, the bench a part.
#![allow(dead_code)]

use engine::sliding::{Board, Lock};
use rules::death_match::Action::{
    ChooseDraftOrder, Countersolve, DeclareImpossible, Draft, StopDrafting, SubmitCountersolution,
    SubmitLock, SubmitSolution,
};
use rules::death_match::bot::{Bot, BuildWork, Picking};
use rules::death_match::generate::round;
use rules::death_match::pick::replay;
use rules::death_match::{
    Action, Answer as Final, BuildStatus, Event, Match, Ms, OfferedPiece, Pair, Phase, Player,
    Stage,
};
use std::collections::HashMap;
use std::time::Duration;

/// The build's budget in the tests: enough to climb, short enough for a quick suite.
pub const BUDGET: Duration = Duration::from_millis(150);

/// The pieces a bot drafts alone from a round's pool, as if its opponent took nothing.
pub fn drafted_alone(bot: &Bot, board: &Board, offered: &[OfferedPiece]) -> Vec<OfferedPiece> {
    let mut remaining = offered.to_vec();
    let mut mine = Vec::new();
    while let Some(id) = bot.pick(board, &remaining, &mine, &[]) {
        let i = remaining
            .iter()
            .position(|p| p.id == id)
            .expect("the bot picks an offered piece");
        mine.push(remaining.remove(i));
    }
    mine
}

/// A host for two bots: each asks its bot, and the earliest action is played. Each question is
/// asked once a round and player, its answer kept, so that the work a match takes is counted
/// in the answers kept (and `steps`), whatever the clock.
pub struct Host {
    pub seed: u64,
    pub bots: Pair<Bot>,
    /// Each round's locks, with the work each build did.
    pub builds: HashMap<(u8, Player), (Lock, BuildWork)>,
    pub pickings: HashMap<(u8, Player), Picking>,
    /// Whether to countersolve, and the countersolution, of each round and builder.
    pub countersolves: HashMap<(u8, Player), bool>,
    pub countersolutions: HashMap<(u8, Player), Option<String>>,
    /// Actions played and deadlines passed.
    pub steps: usize,
}

impl Host {
    pub fn new(seed: u64, bots: Pair<Bot>) -> Host {
        Host {
            seed,
            bots,
            builds: HashMap::new(),
            pickings: HashMap::new(),
            countersolves: HashMap::new(),
            countersolutions: HashMap::new(),
            steps: 0,
        }
    }

    /// The next thing each bot does, with when.
    fn wants(&mut self, m: &Match) -> Vec<(Ms, Player, Action)> {
        let now = m.now();
        let mut out = Vec::new();
        match m.phase().clone() {
            Phase::Assess { .. } => {
                if m.round() == 1 && m.first_drafter_of_match().is_none() {
                    let order = self.bots[Player::Challenged].draft_order();
                    out.push((now + 1_000, Player::Challenged, ChooseDraftOrder(order)));
                }
            }
            Phase::Draft(d) => {
                let p = d.clock.player;
                let pick =
                    self.bots[p].pick(m.board(), &d.remaining, m.drafted(p), m.drafted(p.other()));
                out.push((now + 2_000, p, pick.map_or(StopDrafting, Draft)));
            }
            Phase::Build(b) => {
                for p in Player::BOTH {
                    if b.builders[p] != BuildStatus::Done && m.lock(p).is_none() {
                        let (lock, _) = self
                            .builds
                            .entry((m.round(), p))
                            .or_insert_with(|| {
                                self.bots[p].build_counted(m.board(), m.drafted(p), BUDGET)
                            })
                            .clone();
                        out.push((now + 60_000, p, SubmitLock(lock)));
                    }
                }
            }
            Phase::Solve { shown_at, .. } => {
                for p in Player::BOTH {
                    let sheet = m.sheet(p);
                    if !sheet.solutions.is_empty() || sheet.impossible {
                        continue;
                    }
                    let Some(lock) = m.lock(p.other()) else {
                        continue;
                    };
                    let bot = self.bots[p];
                    let picking = self
                        .pickings
                        .entry((m.round(), p))
                        .or_insert_with(|| bot.pick_lock(lock, Duration::from_secs(2)));
                    match picking {
                        Picking::Solved { moves, count } => {
                            let at = shown_at + bot.think_time(*count).as_millis() as Ms;
                            out.push((at, p, SubmitSolution(moves.clone())));
                        }
                        Picking::Impossible => {
                            out.push((shown_at + 20_000, p, DeclareImpossible));
                        }
                        Picking::GaveUp => {}
                    }
                }
            }
            Phase::Choose { pending, .. } => {
                for p in Player::BOTH.into_iter().filter(|&p| pending[p]) {
                    out.push((now, p, Action::Choose(0)));
                }
            }
            Phase::Countersolve { stages } => {
                for p in Player::BOTH {
                    let (bot, Some(own)) = (self.bots[p], m.lock(p)) else {
                        continue;
                    };
                    match stages[p] {
                        Stage::Deciding { .. } => {
                            let (moves, time) = match m.answer(p.other()) {
                                Some(Final::Solution { moves, time, .. }) => {
                                    (Some(moves), Some(time))
                                }
                                _ => (None, None),
                            };
                            let yes = *self
                                .countersolves
                                .entry((m.round(), p))
                                .or_insert_with(|| bot.countersolve(own, moves, time));
                            out.push((now + 5_000, p, Countersolve(yes)));
                        }
                        Stage::Solving { started, ends, .. } => {
                            let text = self
                                .countersolutions
                                .entry((m.round(), p))
                                .or_insert_with(|| bot.countersolution(own))
                                .clone();
                            if let Some(text) = text {
                                let count = replay(own, &text).map_or(0, |r| r.0);
                                let at = started + bot.think_time(count).as_millis() as Ms;
                                if at < ends {
                                    out.push((at, p, SubmitCountersolution(text)));
                                }
                            }
                        }
                        Stage::Done => {}
                    }
                }
            }
            Phase::RoundOver { .. } | Phase::Over { .. } => {}
        }
        out.sort_by_key(|a| a.0);
        out
    }

    /// Plays a whole match; every bot action must be accepted and no reserve used.
    pub fn play(&mut self) -> Match {
        let (mut m, _) = Match::new(round(self.seed, 1)).expect("a generated round");
        for step in 0..10_000 {
            self.steps = step;
            let events = match m.phase().clone() {
                Phase::Over { .. } => return m,
                Phase::RoundOver { next } => m
                    .begin_round(m.now(), round(self.seed, next))
                    .expect("the next generated round"),
                _ => match self.wants(&m).into_iter().next() {
                    Some((at, p, action)) => {
                        let what = format!("{p:?} {}", action.name());
                        m.act(at, p, action)
                            .unwrap_or_else(|r| panic!("{what} refused: {r}"))
                    }
                    None => {
                        let due = m.deadline().expect("a deadline");
                        m.tick(due)
                    }
                },
            };
            for e in events {
                assert!(
                    !matches!(
                        e,
                        Event::ReservePeriodUsed { .. } | Event::OutOfReserve { .. }
                    ),
                    "a bot used reserve: {e:?}"
                );
            }
        }
        panic!("the match did not end");
    }
}
