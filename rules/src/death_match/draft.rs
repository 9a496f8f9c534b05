//! The assessment, the draft order and the snake draft.
//!
//! In round 1's assessment the challenged player chooses to draft first or second; the first
//! drafter then alternates every round. Picks follow the snake A BB AA BB … where A drafts
//! first: each pick is one turn of 45 s. A player may stop drafting at any point; the other then
//! takes every remaining turn, and may end the draft. The draft ends when both have stopped or
//! nothing is left on offer.

use super::phase::{Clock, Draft, Phase};
use super::{DRAFT_TURN_MS, DraftOrder, Event, Match, Ms, Pair, Player, Refusal};

/// Whose is the pick after `picks` picks in a snake draft `first` opens: A BB AA BB AA ….
pub fn snake(first: Player, picks: usize) -> Player {
    if picks.div_ceil(2).is_multiple_of(2) {
        first
    } else {
        first.other()
    }
}

impl Match {
    /// Who drafts first this round, once known: round 1's choice in odd rounds, the other
    /// player in even ones.
    pub fn first_drafter_of_round(&self) -> Option<Player> {
        let first = self.first_drafter?;
        Some(if self.round % 2 == 1 {
            first
        } else {
            first.other()
        })
    }

    /// The challenged player chooses the draft order in round 1's assessment.
    pub(super) fn choose_order(
        &mut self,
        player: Player,
        order: DraftOrder,
    ) -> Result<Vec<Event>, Refusal> {
        if self.round != 1 || player != Player::Challenged {
            return Err(Refusal::NotYourChoice);
        }
        if self.first_drafter.is_some() {
            return Err(Refusal::AlreadyChosen);
        }
        let first = match order {
            DraftOrder::First => Player::Challenged,
            DraftOrder::Second => Player::Challenger,
        };
        self.first_drafter = Some(first);
        Ok(vec![Event::DraftOrderChosen {
            first,
            by_default: false,
        }])
    }

    /// The assessment is over: the draft begins. In round 1, a challenged player who did not
    /// choose drafts first.
    pub(super) fn assess_over(&mut self, at: Ms, events: &mut Vec<Event>) {
        if self.first_drafter.is_none() {
            self.first_drafter = Some(Player::Challenged);
            events.push(Event::DraftOrderChosen {
                first: Player::Challenged,
                by_default: true,
            });
        }
        let first = self.first_drafter_of_round().unwrap_or(Player::Challenged);
        let draft = Draft {
            first,
            picks: 0,
            remaining: self.setup.offered.clone(),
            stopped: Pair::default(),
            clock: Clock::new(first, at, DRAFT_TURN_MS),
        };
        self.next_turn(draft, at, events);
    }

    /// Takes an offered piece on the player's turn.
    pub(super) fn pick_piece(
        &mut self,
        at: Ms,
        player: Player,
        id: u32,
    ) -> Result<Vec<Event>, Refusal> {
        let Phase::Draft(mut draft) = self.phase.clone() else {
            return Err(Refusal::NotNow {
                action: "draft a piece",
                phase: self.phase.name(),
            });
        };
        if draft.stopped[player] {
            return Err(Refusal::Stopped);
        }
        if draft.clock.player != player {
            return Err(Refusal::NotYourTurn);
        }
        let i = draft
            .remaining
            .iter()
            .position(|p| p.id == id)
            .ok_or(Refusal::NotOffered { id })?;
        let piece = draft.remaining.remove(i);
        self.drafted[player].push(piece);
        draft.picks += 1;
        let mut events = vec![Event::Drafted { player, piece }];
        self.next_turn(draft, at, &mut events);
        Ok(events)
    }

    /// A player stops drafting (`end`: ends the draft, which needs the opponent stopped).
    pub(super) fn stop_drafting(
        &mut self,
        at: Ms,
        player: Player,
        end: bool,
    ) -> Result<Vec<Event>, Refusal> {
        let Phase::Draft(mut draft) = self.phase.clone() else {
            return Err(Refusal::NotNow {
                action: "stop drafting",
                phase: self.phase.name(),
            });
        };
        if end && !draft.stopped[player.other()] {
            return Err(Refusal::OpponentStillDrafting);
        }
        if draft.stopped[player] {
            return Err(Refusal::Stopped);
        }
        draft.stopped[player] = true;
        let mut events = vec![Event::StoppedDrafting { player }];
        if draft.clock.player == player {
            self.next_turn(draft, at, &mut events);
        } else {
            self.phase = Phase::Draft(draft);
        }
        Ok(events)
    }

    /// The turn's time, or a reserve period, ran out: the next period begins, or the player is
    /// out of reserve.
    pub(super) fn draft_overrun(&mut self, at: Ms, events: &mut Vec<Event>) {
        let Phase::Draft(mut draft) = self.phase.clone() else {
            return;
        };
        if self.use_reserve(&mut draft.clock, at, events) {
            self.phase = Phase::Draft(draft);
        } else {
            self.out_of_reserve(&[draft.clock.player], events);
        }
    }

    /// After a pick or a stop on turn: the next turn, or the end of the draft.
    fn next_turn(&mut self, mut draft: Draft, at: Ms, events: &mut Vec<Event>) {
        let both_stopped = draft.stopped.challenger && draft.stopped.challenged;
        if draft.remaining.is_empty() || both_stopped {
            events.push(Event::DraftEnded {
                drafted: self.drafted.clone(),
            });
            self.begin_build(at, events);
            return;
        }
        let mut whose = snake(draft.first, draft.picks);
        if draft.stopped[whose] {
            whose = whose.other();
        }
        draft.clock = Clock::new(whose, at, DRAFT_TURN_MS);
        events.push(Event::DraftTurn {
            player: whose,
            ends: draft.clock.ends,
        });
        self.phase = Phase::Draft(draft);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snake_is_a_bb_aa_bb() {
        let a = Player::Challenged;
        let order: String = (0..9)
            .map(|k| if snake(a, k) == a { 'A' } else { 'B' })
            .collect();
        assert_eq!(order, "ABBAABBAA");
    }
}
