//! The reserve: each player has twenty 30-second periods for the whole match, used only in
//! Lockmaking, when a draft turn or the building time runs out. A period begun is a period used:
//! it is taken from the reserve the moment it begins, however soon the player then acts. A
//! player whose time runs out with no period left has run out of reserve and loses the match.

use super::phase::Clock;
use super::score::{Decider, Why};
use super::{Event, Match, Ms, Player, RESERVE_PERIOD_MS};

impl Clock {
    /// A clock for `player` from `started`, `limit` long.
    pub fn new(player: Player, started: Ms, limit: Ms) -> Clock {
        Clock {
            player,
            started,
            ends: started + limit,
            in_reserve: false,
        }
    }
}

impl Match {
    /// `clock` ran out at `at`: the player's next reserve period begins and is used, and the
    /// clock now ends with it. `false` when no period is left.
    pub(super) fn use_reserve(
        &mut self,
        clock: &mut Clock,
        at: Ms,
        events: &mut Vec<Event>,
    ) -> bool {
        let left = &mut self.reserve[clock.player];
        if *left == 0 {
            events.push(Event::OutOfReserve {
                player: clock.player,
            });
            return false;
        }
        *left -= 1;
        clock.in_reserve = true;
        clock.ends = at + RESERVE_PERIOD_MS;
        events.push(Event::ReservePeriodUsed {
            player: clock.player,
            left: *left,
            ends: clock.ends,
        });
        true
    }

    /// Players ran out of reserve at once: one loses; two at the same moment leave the match
    /// to the scores, as after the last round.
    pub(super) fn out_of_reserve(&mut self, out: &[Player], events: &mut Vec<Event>) {
        match out {
            [] => {}
            [loser] => self.finish(loser.other(), Why::OpponentOutOfReserve, events),
            _ => {
                let (winner, decider): (Player, Decider) = self.decide();
                self.finish(winner, Why::BothOutOfReserve(decider), events)
            }
        }
    }
}
