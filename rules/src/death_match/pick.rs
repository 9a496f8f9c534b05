//! Solving: 5 minutes to pick the opponent's lock, shown to both players at once. Every
//! solution submitted is replayed on the lock and accepted only if it picks it; a player may
//! submit any number. A player may instead declare the lock impossible, which is final. Then
//! players with two or more solutions have 30 s to choose the one that counts: its time from
//! when the lock was shown, and its moves. The 30 s run whole for both players whatever either
//! found (unless both called impossible, when nobody has anything to choose and both know it):
//! were they skipped or cut short, their coming and going would tell a player whether the
//! opponent had two solutions before the answers are announced. Under [`Edition::First`] they
//! were. Reserve is never used here.

use super::phase::{Answer, Phase, Solution};
use super::{CHOOSE_MS, Edition, Event, Match, Ms, Pair, Player, Refusal, SOLVE_MS, Timing};
use engine::sliding::{Dir, Lock, Move, format_moves, parse_moves};

/// Replays moves written in the seed's notation on `lock`: their number as the seed counts
/// them and their canonical notation, when they pick it.
///
/// The seed counts "the number of times any piece is moved", so a slide continuing the last
/// move (the same piece, the same way) is part of it, as in the studio: `Key R1, Key R2` is one
/// move. Another piece, the other way, or a turn is a new move.
pub fn replay(lock: &Lock, text: &str) -> Result<(usize, String), Refusal> {
    let written = parse_moves(text).map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let mut now = lock.clone();
    let mut last: Option<(usize, Dir)> = None;
    let mut moves = 0;
    for (n, w) in written.iter().enumerate() {
        let refused = |r: engine::sliding::Refusal| Refusal::MoveRefused {
            number: n + 1,
            reason: r.to_string(),
        };
        let mv = now.resolve(w).map_err(refused)?;
        let next = now.apply(&mv).map_err(refused)?;
        match mv {
            Move::Slide { piece, dir, .. } => {
                if last != Some((piece, dir)) {
                    moves += 1;
                }
                last = Some((piece, dir));
            }
            Move::Turn { .. } => {
                moves += 1;
                last = None;
            }
        }
        now = next;
    }
    if !now.is_picked() {
        return Err(Refusal::NotPicked);
    }
    Ok((moves, format_moves(&written)))
}

impl Match {
    /// Both locks are shown: solving begins.
    pub(super) fn begin_solving(&mut self, at: Ms, events: &mut Vec<Event>) {
        let ends = at + SOLVE_MS;
        self.phase = Phase::Solve { shown_at: at, ends };
        events.push(Event::SolvingBegan { ends });
        for p in Player::BOTH {
            if let Some(lock) = self.locks[p.other()].clone() {
                events.push(Event::LockShown { player: p, lock });
            }
        }
    }

    /// A solver submits moves.
    pub(super) fn submit_solution(
        &mut self,
        at: Ms,
        player: Player,
        text: &str,
    ) -> Result<Vec<Event>, Refusal> {
        let Phase::Solve { shown_at, .. } = self.phase else {
            return Err(Refusal::NotNow {
                action: "submit a solution",
                phase: self.phase.name(),
            });
        };
        if let Some(refused) = self.sheets[player].refuses_solutions() {
            return Err(refused);
        }
        let lock = self.locks[player.other()].as_ref().ok_or(Refusal::NotNow {
            action: "submit a solution",
            phase: "building",
        })?;
        let (moves, written) = replay(lock, text)?;
        let time = at - shown_at;
        let sheet = &mut self.sheets[player];
        sheet.solutions.push(Solution {
            time,
            moves,
            written,
        });
        Ok(vec![Event::SolutionAccepted {
            player,
            index: sheet.solutions.len() - 1,
            time,
            moves,
        }])
    }

    /// A solver declares the opponent's lock impossible: final. Solving ends at once when both
    /// have.
    pub(super) fn declare_impossible(
        &mut self,
        at: Ms,
        player: Player,
    ) -> Result<Vec<Event>, Refusal> {
        let sheet = &mut self.sheets[player];
        if let Some(refused) = sheet.refuses_impossible_call() {
            return Err(refused);
        }
        sheet.impossible = true;
        let mut events = vec![Event::ImpossibleDeclared { player }];
        let both_called = self.sheets.challenger.impossible && self.sheets.challenged.impossible;
        let both_done = self.timing == Timing::EndWhenBothDone
            && Player::BOTH.into_iter().all(|p| self.done(p));
        if both_called || both_done {
            self.end_solving(at, &mut events);
        }
        Ok(events)
    }

    /// A solver says their answer is in, in a match played at the players' pace: solving
    /// ends once both have (an impossible call counts).
    pub(super) fn done_solving(&mut self, at: Ms, player: Player) -> Result<Vec<Event>, Refusal> {
        if self.done(player) {
            return Err(Refusal::AlreadyDone);
        }
        self.sheets[player].done = true;
        let mut events = vec![Event::Done { player }];
        if self.done(player.other()) {
            self.end_solving(at, &mut events);
        }
        Ok(events)
    }

    /// Whether the 30 s to choose are skipped when nobody has two solutions, and end once
    /// every player with a choice has chosen: under the first edition, and in a match played
    /// at the players' pace (its players have chosen to end phases early, and so to learn
    /// when the other is done).
    fn choice_ends_early(&self) -> bool {
        self.edition == Edition::First || self.timing == Timing::EndWhenBothDone
    }

    /// Solving is over: answers with nothing to choose are fixed; players with two or more
    /// solutions choose, and the others wait as long.
    pub(super) fn end_solving(&mut self, at: Ms, events: &mut Vec<Event>) {
        let mut pending = Pair::both(false);
        for p in Player::BOTH {
            let sheet = &self.sheets[p];
            self.answers[p] = match sheet.solutions.len() {
                _ if sheet.impossible => Some(Answer::Impossible),
                0 => Some(Answer::Nothing),
                1 => Some(self.answer_of(p, 0)),
                _ => {
                    pending[p] = true;
                    None
                }
            };
        }
        let both_called = self.sheets.challenger.impossible && self.sheets.challenged.impossible;
        let choosing = if self.choice_ends_early() {
            pending.challenger || pending.challenged
        } else {
            !both_called
        };
        if choosing {
            let ends = at + CHOOSE_MS;
            self.phase = Phase::Choose { ends, pending };
            events.push(Event::ChoosingBegan { ends });
        } else {
            self.announce(at, events);
        }
    }

    /// A solver chooses the solution that counts.
    pub(super) fn choose(
        &mut self,
        at: Ms,
        player: Player,
        index: usize,
    ) -> Result<Vec<Event>, Refusal> {
        let Phase::Choose { ends, mut pending } = self.phase else {
            return Err(Refusal::NotNow {
                action: "choose a solution",
                phase: self.phase.name(),
            });
        };
        if !pending[player] {
            return Err(Refusal::NothingToChoose);
        }
        if index >= self.sheets[player].solutions.len() {
            return Err(Refusal::NoSuchSolution { index });
        }
        self.answers[player] = Some(self.answer_of(player, index));
        pending[player] = false;
        let mut events = vec![Event::SolutionChosen {
            player,
            index,
            by_default: false,
        }];
        let everyone_chose = !pending.challenger && !pending.challenged;
        if self.choice_ends_early() && everyone_chose {
            self.announce(at, &mut events);
        } else {
            self.phase = Phase::Choose { ends, pending };
        }
        Ok(events)
    }

    /// The choice is over: a player who did not choose gets the solution with the fewest
    /// moves, the earliest of those.
    pub(super) fn choose_over(&mut self, at: Ms, events: &mut Vec<Event>) {
        let Phase::Choose { pending, .. } = self.phase else {
            return;
        };
        for p in Player::BOTH.into_iter().filter(|&p| pending[p]) {
            let index = self.sheets[p]
                .solutions
                .iter()
                .enumerate()
                .min_by_key(|(i, s)| (s.moves, s.time, *i))
                .map_or(0, |(i, _)| i);
            self.answers[p] = Some(self.answer_of(p, index));
            events.push(Event::SolutionChosen {
                player: p,
                index,
                by_default: true,
            });
        }
        self.announce(at, events);
    }

    fn answer_of(&self, player: Player, index: usize) -> Answer {
        let s = &self.sheets[player].solutions[index];
        Answer::Solution {
            index,
            time: s.time,
            moves: s.moves,
        }
    }
}
