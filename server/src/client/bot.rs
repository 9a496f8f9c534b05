//! A bot playing a Death Match through the API, as any player does: it reads the match as its
//! player may see it, and acts with the decisions of [`rules::death_match::bot`]. It wakes on
//! the match's events, and looks again every so often in case one was missed.

use super::{Client, ClientError};
use crate::death_match_host::view::{MatchView, Status};
use rules::death_match::bot::{Bot, Picking};
use rules::death_match::{Action, Answer, BuildStatus, Phase, Player, Stage, Timing, serial};
use std::time::Duration;

/// How a bot paces itself.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// How long the bot may think before it submits, as a share of its
    /// [`Bot::think_time`] (0: at once; 1: as long as a player would).
    pub thinking: f64,
    /// At most this long (real time) on building a lock.
    pub build_budget: Duration,
    /// At most this long (real time) on picking a lock.
    pub pick_budget: Duration,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            thinking: 0.0,
            build_budget: Duration::from_secs(3),
            pick_budget: Duration::from_secs(5),
        }
    }
}

/// What the bot has done this round, so that it acts once per decision.
#[derive(Default)]
struct Done {
    round: u8,
    built: bool,
    picked: bool,
    decided: bool,
    countersolved: bool,
}

/// Plays match `id` as the player `client` is logged in as, until it is over; returns the
/// match as it ended.
pub async fn play(
    client: &Client,
    id: i64,
    bot: Bot,
    pace: Pace,
) -> Result<MatchView, ClientError> {
    let mut events = client.match_events(id, 0).await?;
    let mut done = Done::default();
    loop {
        let view = client.death_match(id).await?;
        match view.status {
            Status::Over | Status::Declined => return Ok(view),
            Status::Challenged => {}
            Status::Playing => {
                if view.round != done.round {
                    done = Done {
                        round: view.round,
                        ..Done::default()
                    };
                }
                if let Some(action) = decide(&view, bot, pace, &mut done).await {
                    match client.act(id, &action).await {
                        Ok(_) => continue,
                        // The match moved on meanwhile (a deadline passed): look again.
                        Err(ClientError::Refused { status, .. }) if status.as_u16() == 409 => {}
                        Err(e) => return Err(e),
                    }
                }
            }
        }
        // Wait for news, but look again now and then whatever comes.
        let wait = Duration::from_millis(250);
        match tokio::time::timeout(wait, events.next()).await {
            Ok(Ok(Some(_))) | Err(_) => {}
            Ok(Ok(None)) | Ok(Err(_)) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                events = client.match_events(id, view.events).await?;
            }
        }
    }
}

/// Match time, scaled to real time at the server's speed.
fn real(view: &MatchView, match_time: Duration) -> Duration {
    match_time.div_f64(view.speed.max(0.001))
}

/// The bot's next action, if any. In a match played at the players' pace it says it is done
/// with each phase once it has nothing more to do there, so that its opponent never waits on
/// it.
async fn decide(view: &MatchView, bot: Bot, pace: Pace, done: &mut Done) -> Option<Action> {
    let me = view.you?;
    let setup = view.setup.as_ref()?;
    let say_done =
        (view.terms.timing == Timing::EndWhenBothDone && !view.done).then_some(Action::Done);
    match view.phase.as_ref()? {
        Phase::Assess { .. } => {
            if view.round == 1 && me == Player::Challenged && view.first_drafter.is_none() {
                Some(Action::ChooseDraftOrder(bot.draft_order()))
            } else {
                say_done
            }
        }
        Phase::Draft(d) => {
            if d.clock.player != me || d.stopped[me] {
                return None;
            }
            let pick = bot.pick(
                &setup.board,
                &d.remaining,
                &view.drafted[me],
                &view.drafted[me.other()],
            );
            Some(match pick {
                Some(id) => Action::Draft(id),
                None if d.stopped[me.other()] => Action::EndDraft,
                None => Action::StopDrafting,
            })
        }
        Phase::Build(b) => {
            if matches!(b.builders[me], BuildStatus::Done) {
                return None;
            }
            if done.built {
                // Its lock in (a refused one leaves it to the clock and its reserve).
                return view.your_lock.as_ref().and(say_done);
            }
            done.built = true;
            let board = setup.board.clone();
            let drafted = view.drafted[me].clone();
            let budget = pace.build_budget.min(real(view, Duration::from_secs(100)));
            let lock = tokio::task::spawn_blocking(move || bot.build(&board, &drafted, budget))
                .await
                .ok()?;
            Some(Action::SubmitLock(lock))
        }
        Phase::Solve { .. } => {
            if done.picked {
                // Its answer is in, or it gave up.
                return say_done;
            }
            done.picked = true;
            let lock = serial::lock::read(view.opponent_lock.as_deref()?).ok()?;
            let budget = pace.pick_budget.min(real(view, Duration::from_secs(120)));
            let picking = tokio::task::spawn_blocking(move || bot.pick_lock(&lock, budget))
                .await
                .ok()?;
            match picking {
                Picking::Solved { moves, count } => {
                    let think = bot.think_time(count).mul_f64(pace.thinking.max(0.0));
                    tokio::time::sleep(real(view, think)).await;
                    Some(Action::SubmitSolution(moves))
                }
                Picking::Impossible => Some(Action::DeclareImpossible),
                Picking::GaveUp => None,
            }
        }
        Phase::Choose { pending, .. } => {
            if !pending[me] {
                return None;
            }
            let sheet = view.your_sheet.as_ref()?;
            let best = sheet
                .solutions
                .iter()
                .enumerate()
                .min_by_key(|(i, s)| (s.moves, s.time, *i))
                .map(|(i, _)| i)?;
            Some(Action::Choose(best))
        }
        Phase::Countersolve { stages } => match stages[me] {
            Stage::Deciding { .. } if !done.decided => {
                done.decided = true;
                let own = serial::lock::read(view.your_lock.as_deref()?).ok()?;
                let theirs = view.announced?[me.other()];
                let (moves, time) = match theirs {
                    Answer::Solution { moves, time, .. } => (Some(moves), Some(time)),
                    _ => (None, None),
                };
                let yes = tokio::task::spawn_blocking(move || bot.countersolve(&own, moves, time))
                    .await
                    .ok()?;
                Some(Action::Countersolve(yes))
            }
            // It has no countersolution: it gives up.
            Stage::Solving { .. } if done.countersolved => say_done,
            Stage::Solving { .. } => {
                done.countersolved = true;
                let own = serial::lock::read(view.your_lock.as_deref()?).ok()?;
                let moves = tokio::task::spawn_blocking(move || bot.countersolution(&own))
                    .await
                    .ok()??;
                Some(Action::SubmitCountersolution(moves))
            }
            _ => None,
        },
        Phase::RoundOver { .. } | Phase::Over { .. } => None,
    }
}
