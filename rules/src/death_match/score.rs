//! The points, the lead, and who wins.
//!
//! Solving: +1 for picking the opponent's lock within the 5 minutes, +1 for a faster time than
//! the opponent's, +2 for fewer moves than the opponent's on your lock. A player without a valid
//! solution has neither a time nor a move count, so any solution is faster and shorter than
//! none; equal times or moves earn nothing.
//!
//! The cap of an impossible call: "if you successfully declare a Lock impossible, the other
//! player can earn only one point (if they solve your Lock)". So while the call on a builder's
//! lock waits on their countersolve, every point they earn but the +1 for picking the caller's
//! lock is held ([`Event::PointsHeld`]); if the call stands, those points are void
//! ([`Event::PointsVoided`]), and so is any they earn afterwards that round; if it fails (they
//! pick their own lock in time), they count. Under [`Edition::First`] only "faster" and "fewer
//! moves" were held, silently.
//!
//! The lead is noted after each group of points earned at one moment; the player who most
//! recently led breaks a tie. If the scores never differed, the challenged player wins.

use super::phase::Answer;
use super::{Edition, Event, Match, Ms, Pair, Player, ROUNDS, TARGET};
use serde::{Deserialize, Serialize};

/// A reason to earn points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Award {
    /// +1: picked the opponent's lock within the 5 minutes.
    Solved,
    /// +1: picked it faster than the opponent picked yours.
    Faster,
    /// +2: picked it in fewer moves than the opponent picked yours.
    FewerMoves,
    /// +3 to the solver: the builder failed to countersolve in the solver's time.
    CountersolveFailed,
    /// +1 to the countersolver: their solution has fewer moves than the solver's.
    CountersolveShorter,
    /// +2 to the solver: the countersolution has as many moves as the solver's, or more.
    CountersolveNotShorter,
    /// +5: the lock declared impossible was not solved by its builder in 5 minutes.
    ImpossibleStands,
    /// +1 to a builder who solved their own lock declared impossible.
    SolvedOwnImpossible,
}

impl Award {
    /// Its points.
    pub fn points(self) -> u32 {
        match self {
            Award::Solved
            | Award::Faster
            | Award::CountersolveShorter
            | Award::SolvedOwnImpossible => 1,
            Award::FewerMoves | Award::CountersolveNotShorter => 2,
            Award::CountersolveFailed => 3,
            Award::ImpossibleStands => 5,
        }
    }
}

impl std::fmt::Display for Award {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Award::Solved => "picked within the 5 minutes",
            Award::Faster => "picked faster",
            Award::FewerMoves => "picked in fewer moves",
            Award::CountersolveFailed => "the builder did not countersolve in time",
            Award::CountersolveShorter => "countersolved in fewer moves",
            Award::CountersolveNotShorter => "the countersolution was not shorter",
            Award::ImpossibleStands => "the impossible call stood",
            Award::SolvedOwnImpossible => "picked their own lock declared impossible",
        })
    }
}

impl std::fmt::Display for Decider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decider::MorePoints => "more points",
            Decider::MostRecentlyLed => "tied, and led most recently",
            Decider::NeverDiffered => "tied all along: the challenged player wins",
        })
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::OpponentOutOfReserve => f.write_str("the opponent ran out of reserve"),
            Why::BothOutOfReserve(d) => write!(f, "both ran out of reserve at once; {d}"),
            Why::OnlyOneAtSixteen => f.write_str("16 points or more"),
            Why::BothAtSixteen(d) => write!(f, "both at 16 points or more; {d}"),
            Why::AfterFiveRounds(d) => write!(f, "after five rounds; {d}"),
        }
    }
}

impl Why {
    /// Why the match is over, with the loser named where the words would say "the opponent":
    /// "YOU ran out of reserve".
    pub fn naming(&self, loser: &str) -> String {
        match self {
            Why::OpponentOutOfReserve => format!("{loser} ran out of reserve"),
            other => other.to_string(),
        }
    }
}

/// What decides between equal or unequal scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decider {
    /// The winner has more points.
    MorePoints,
    /// The scores are tied: the winner most recently led.
    MostRecentlyLed,
    /// The scores are tied and never differed: the challenged player wins.
    NeverDiffered,
}

/// Why the match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Why {
    /// The loser ran out of reserve.
    OpponentOutOfReserve,
    /// Both players ran out of reserve at the same moment: the scores decide.
    BothOutOfReserve(Decider),
    /// At the end of a round, only the winner had 16 points or more.
    OnlyOneAtSixteen,
    /// At the end of a round, both had 16 points or more.
    BothAtSixteen(Decider),
    /// Five rounds played, neither at 16.
    AfterFiveRounds(Decider),
}

/// A change of the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeadChange {
    /// The round it happened in.
    pub round: u8,
    /// When.
    pub at: Ms,
    /// Who leads from then.
    pub leader: Player,
}

/// Where the impossible call on a builder's lock stands in a round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Call {
    /// Nobody called it impossible (or the answers are not announced yet).
    #[default]
    NotMade,
    /// Called impossible: its builder is countersolving it, with 5 minutes.
    Waiting,
    /// Its builder did not pick it in the 5 minutes: the call stood.
    Stood,
    /// Its builder picked it: the call failed.
    Failed,
}

/// The Solving points of `solver` given both final answers: +1 for picking the lock, +1 for
/// the faster time, +2 for fewer moves. What the cap of an impossible call does with them is
/// [`Match::earn`]'s part.
pub fn solving_awards(solver: Player, answers: &Pair<Answer>) -> Vec<Award> {
    let Answer::Solution { time, moves, .. } = answers[solver] else {
        return Vec::new();
    };
    let (faster, fewer) = match answers[solver.other()] {
        Answer::Solution {
            time: t, moves: m, ..
        } => (time < t, moves < m),
        Answer::Impossible | Answer::Nothing => (true, true),
    };
    let mut awards = vec![Award::Solved];
    if faster {
        awards.push(Award::Faster);
    }
    if fewer {
        awards.push(Award::FewerMoves);
    }
    awards
}

impl Award {
    /// Whether the cap of an impossible call on its earner's lock reaches it. The +1 for
    /// picking the caller's lock is the one point the seed leaves the builder, and the +1 for
    /// picking their own lock is earned only by making the call fail.
    fn capped(self, edition: Edition) -> bool {
        match edition {
            Edition::First => matches!(self, Award::Faster | Award::FewerMoves),
            Edition::Second => !matches!(self, Award::Solved | Award::SolvedOwnImpossible),
        }
    }
}

impl Match {
    /// Points earned at one moment, under the cap of an impossible call on each earner's lock:
    /// granted, held while the call waits, or void once it has stood.
    pub(super) fn earn(&mut self, at: Ms, earned: &[(Player, Award)], events: &mut Vec<Event>) {
        let mut grants = Vec::new();
        let mut held = Pair::<Vec<Award>>::default();
        let mut voided = Pair::<Vec<Award>>::default();
        for &(player, award) in earned {
            if !award.capped(self.edition) {
                grants.push((player, award));
                continue;
            }
            match self.calls[player] {
                Call::NotMade | Call::Failed => grants.push((player, award)),
                Call::Waiting => held[player].push(award),
                Call::Stood => voided[player].push(award),
            }
        }
        for player in Player::BOTH {
            let awards = std::mem::take(&mut held[player]);
            if awards.is_empty() {
                continue;
            }
            self.held[player].extend(awards.iter().copied());
            // The first edition held points without a word; its matches replay as told.
            if self.edition >= Edition::Second {
                events.push(Event::PointsHeld { player, awards });
            }
        }
        for player in Player::BOTH {
            let awards = std::mem::take(&mut voided[player]);
            if !awards.is_empty() {
                events.push(Event::PointsVoided { player, awards });
            }
        }
        self.award(at, &grants, events);
    }

    /// Grants points earned at one moment, then notes the lead.
    pub(super) fn award(&mut self, at: Ms, grants: &[(Player, Award)], events: &mut Vec<Event>) {
        if grants.is_empty() {
            return;
        }
        for &(player, award) in grants {
            self.scores[player] += award.points();
            events.push(Event::Points {
                player,
                award,
                points: award.points(),
                total: self.scores[player],
            });
        }
        let (c, d) = (self.scores.challenger, self.scores.challenged);
        let leader = match c.cmp(&d) {
            std::cmp::Ordering::Greater => Player::Challenger,
            std::cmp::Ordering::Less => Player::Challenged,
            std::cmp::Ordering::Equal => return,
        };
        if self.most_recent_leader() != Some(leader) {
            self.leads.push(super::LeadChange {
                round: self.round,
                at,
                leader,
            });
            events.push(Event::LeadChanged { leader });
        }
    }

    /// The winner by the scores: more points, else the player who most recently led, else
    /// (the scores never differed) the challenged player.
    pub(super) fn decide(&self) -> (Player, Decider) {
        let (c, d) = (self.scores.challenger, self.scores.challenged);
        if c != d {
            let p = if c > d {
                Player::Challenger
            } else {
                Player::Challenged
            };
            return (p, Decider::MorePoints);
        }
        match self.most_recent_leader() {
            Some(p) => (p, Decider::MostRecentlyLed),
            None => (Player::Challenged, Decider::NeverDiffered),
        }
    }

    /// The round is over: the match ends if a player has 16 points or five rounds are played.
    pub(super) fn end_round(&mut self, events: &mut Vec<Event>) {
        events.push(Event::RoundEnded {
            round: self.round,
            scores: self.scores,
        });
        let at16 = Player::BOTH.map(|p| self.scores[p] >= TARGET);
        match at16 {
            [true, true] => {
                let (w, d) = self.decide();
                self.finish(w, Why::BothAtSixteen(d), events);
            }
            [true, false] => self.finish(Player::Challenger, Why::OnlyOneAtSixteen, events),
            [false, true] => self.finish(Player::Challenged, Why::OnlyOneAtSixteen, events),
            [false, false] if self.round >= ROUNDS => {
                let (w, d) = self.decide();
                self.finish(w, Why::AfterFiveRounds(d), events);
            }
            [false, false] => {
                self.phase = super::Phase::RoundOver {
                    next: self.round + 1,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Winner: BOT (0–0, the opponent ran out of reserve)" left the reader to work out whose
    /// opponent: the loser is named.
    #[test]
    fn a_match_lost_on_the_clock_names_the_loser() {
        assert_eq!(
            Why::OpponentOutOfReserve.naming("YOU"),
            "YOU ran out of reserve"
        );
        assert_eq!(
            Why::OnlyOneAtSixteen.naming("YOU"),
            "16 points or more",
            "other reasons name no one"
        );
    }
}
