//! What players do ([`Action`]), what happens ([`Event`], with who may see it), and why an
//! action is refused ([`Refusal`]).

use super::phase::Answer;
use super::round::{OfferedPiece, SetupError};
use super::score::{Award, Why};
use super::{Ms, Pair, Player};
use engine::sliding::Lock;
use lockfmt::words::count;
use serde::{Deserialize, Serialize};

/// Whether the challenged player drafts first or second in round 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DraftOrder {
    /// Draft first: A in the snake A BB AA ….
    First,
    /// Draft second.
    Second,
}

/// What a player does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Round 1's assessment, the challenged player only: draft first or second.
    ChooseDraftOrder(DraftOrder),
    /// On your turn: take the offered piece with this number.
    Draft(u32),
    /// Take no more pieces this round (at any point of the draft).
    StopDrafting,
    /// Once the opponent has stopped: end the draft.
    EndDraft,
    /// Submit a lock built on the round's board with exactly the drafted pieces, the Key and
    /// the Keyhole.
    SubmitLock(#[serde(with = "super::serial::lock")] Lock),
    /// Submit moves in the seed's notation that pick the opponent's lock.
    SubmitSolution(String),
    /// Declare the opponent's lock impossible: the final answer.
    DeclareImpossible,
    /// Choose the solution that counts, by its number from 0.
    Choose(usize),
    /// Decide whether to countersolve.
    Countersolve(bool),
    /// Submit moves that pick your own lock.
    SubmitCountersolution(String),
    /// Say you are done with the phase, in a match played at the players' pace
    /// ([`super::Timing::EndWhenBothDone`]): the phase ends as soon as both players are. In
    /// the assessment: ready to draft. In the draft: stop drafting. In building: the lock
    /// submitted is final (one must be in). In solving: your answer is in (your solutions, or
    /// none). In countersolving: give up your countersolve, as if its time ran out.
    Done,
}

impl Action {
    /// The action in words, for refusals.
    pub fn name(&self) -> &'static str {
        match self {
            Action::ChooseDraftOrder(_) => "choose the draft order",
            Action::Draft(_) => "draft a piece",
            Action::StopDrafting => "stop drafting",
            Action::EndDraft => "end the draft",
            Action::SubmitLock(_) => "submit a lock",
            Action::SubmitSolution(_) => "submit a solution",
            Action::DeclareImpossible => "declare the lock impossible",
            Action::Choose(_) => "choose a solution",
            Action::Countersolve(_) => "decide whether to countersolve",
            Action::SubmitCountersolution(_) => "submit a countersolution",
            Action::Done => "say you are done",
        }
    }
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Both players (and any spectator).
    Everyone,
    /// One player only: a private submission and what came of it.
    Only(Player),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// A round began with its assessment; `first_drafter` is known except in round 1.
    RoundBegan {
        /// The round, from 1.
        round: u8,
        /// When the assessment ends.
        assess_ends: Ms,
        /// Who drafts first this round.
        first_drafter: Option<Player>,
    },
    /// The draft order of round 1 is fixed: `first` drafts first in rounds 1, 3 and 5.
    DraftOrderChosen {
        /// Who drafts first in round 1.
        first: Player,
        /// Whether it was fixed because the challenged player did not choose in time.
        by_default: bool,
    },
    /// A player's turn in the draft.
    DraftTurn {
        /// Whose turn.
        player: Player,
        /// When it ends (reserve follows).
        ends: Ms,
    },
    /// A piece drafted.
    Drafted {
        /// By whom.
        player: Player,
        /// The piece.
        piece: OfferedPiece,
    },
    /// A player takes no more pieces this round.
    StoppedDrafting {
        /// Who.
        player: Player,
    },
    /// The draft is over.
    DraftEnded {
        /// What each player drafted.
        drafted: Pair<Vec<OfferedPiece>>,
    },
    /// Building began.
    BuildBegan {
        /// When the 420 s end.
        ends: Ms,
    },
    /// A valid lock was received (the builder alone sees it).
    LockAccepted {
        /// The builder.
        player: Player,
        /// Whether it came in reserve (and so is final).
        in_reserve: bool,
    },
    /// A player said they are done with the phase (they alone see it: in solving, it says
    /// their answer is in).
    Done {
        /// Who.
        player: Player,
    },
    /// A builder's lock is final.
    LockFinal {
        /// The builder.
        player: Player,
    },
    /// A reserve period began and is used.
    ReservePeriodUsed {
        /// Whose.
        player: Player,
        /// Periods left after this one.
        left: u8,
        /// When this period ends.
        ends: Ms,
    },
    /// A player's reserve ran out.
    OutOfReserve {
        /// Who.
        player: Player,
    },
    /// The locks are shown: solving begins.
    SolvingBegan {
        /// When solving ends.
        ends: Ms,
    },
    /// The lock a player is to pick (they alone see it).
    LockShown {
        /// The player picking it.
        player: Player,
        /// The opponent's lock.
        #[serde(with = "super::serial::lock")]
        lock: Lock,
    },
    /// A solution was accepted (the solver alone sees it).
    SolutionAccepted {
        /// The solver.
        player: Player,
        /// Its number, from 0.
        index: usize,
        /// Its time from when the lock was shown.
        time: Ms,
        /// Its moves.
        moves: usize,
    },
    /// A player declared the opponent's lock impossible (they alone see it until the
    /// announcement).
    ImpossibleDeclared {
        /// Who declared it.
        player: Player,
    },
    /// Players with two or more solutions choose one, until `ends`. Who has a choice is
    /// each player's own: a player reads theirs in their sheet.
    ChoosingBegan {
        /// When the choice ends.
        ends: Ms,
    },
    /// A player's solution that counts (they alone see it until the announcement).
    SolutionChosen {
        /// Who.
        player: Player,
        /// Its number, from 0.
        index: usize,
        /// Whether it was chosen for them (fewest moves, then earliest) when time ran out.
        by_default: bool,
    },
    /// The final answers, announced.
    Announced {
        /// Each player's answer on the opponent's lock.
        answers: Pair<Answer>,
    },
    /// Points earned.
    Points {
        /// Who earns them.
        player: Player,
        /// Why.
        award: Award,
        /// How many.
        points: u32,
        /// Their score after.
        total: u32,
    },
    /// Points that wait on the impossible call on their earner's lock: they count if the
    /// builder picks it in time, and are void if the call stands.
    PointsHeld {
        /// Whose.
        player: Player,
        /// Which.
        awards: Vec<Award>,
    },
    /// Points not counted because the impossible call on their earner's lock stood.
    PointsVoided {
        /// Whose.
        player: Player,
        /// Which.
        awards: Vec<Award>,
    },
    /// A builder may countersolve, deciding by `ends`.
    CountersolveOffered {
        /// The builder.
        player: Player,
        /// When the decision ends.
        ends: Ms,
    },
    /// A builder decided.
    CountersolveDecided {
        /// The builder.
        player: Player,
        /// Whether they countersolve.
        yes: bool,
        /// Whether time ran out (and so it is no).
        by_default: bool,
    },
    /// A countersolve began.
    CountersolveBegan {
        /// The builder.
        player: Player,
        /// When it ends.
        ends: Ms,
        /// Whether the lock was declared impossible (5 minutes, no choice).
        called_impossible: bool,
    },
    /// A countersolve ended.
    CountersolveEnded {
        /// The builder.
        player: Player,
        /// The countersolution's moves, or `None` when time ran out.
        moves: Option<usize>,
    },
    /// A player leads now, for the first time or taking it from the other.
    LeadChanged {
        /// The leader.
        leader: Player,
    },
    /// A round is over.
    RoundEnded {
        /// The round.
        round: u8,
        /// The scores after it.
        scores: Pair<u32>,
    },
    /// The match is over.
    MatchOver {
        /// The winner.
        winner: Player,
        /// Why.
        why: Why,
        /// The final scores.
        scores: Pair<u32>,
    },
}

impl Event {
    /// Who may see the event: private submissions only their player, the rest everyone.
    pub fn audience(&self) -> Audience {
        match *self {
            Event::LockAccepted { player, .. }
            | Event::LockShown { player, .. }
            | Event::SolutionAccepted { player, .. }
            | Event::ImpossibleDeclared { player }
            | Event::Done { player }
            | Event::SolutionChosen { player, .. } => Audience::Only(player),
            _ => Audience::Everyone,
        }
    }
}

/// Why an action is refused. A refused action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The action belongs to another phase.
    #[error("you cannot {action} during {phase}")]
    NotNow {
        /// The action in words.
        action: &'static str,
        /// The phase in words.
        phase: &'static str,
    },
    /// The draft order is the challenged player's choice, in round 1.
    #[error("only the challenged player chooses the draft order, in round 1's assessment")]
    NotYourChoice,
    /// The draft order was already chosen.
    #[error("the draft order is already chosen")]
    AlreadyChosen,
    /// Another player's turn.
    #[error("it is not your turn to draft")]
    NotYourTurn,
    /// The piece is not on offer.
    #[error("piece {id} is not on offer")]
    NotOffered {
        /// The number asked.
        id: u32,
    },
    /// The player stopped drafting.
    #[error("you have stopped drafting this round")]
    Stopped,
    /// The draft is ended only once the opponent has stopped.
    #[error("your opponent is still drafting: you may stop drafting, not end the draft")]
    OpponentStillDrafting,
    /// The match runs every phase its full time: nobody ends one early.
    #[error("this match runs every phase its full time: the phase ends when its time is up")]
    FullTime,
    /// The player has already said they are done with this phase.
    #[error("you have already said you are done with this phase")]
    AlreadyDone,
    /// A builder says they are done before a valid lock of theirs is in.
    #[error("submit a valid lock before you say you are done building")]
    NoLockYet,
    /// The builder's lock is final.
    #[error("your lock is already in")]
    LockAlreadyIn,
    /// The lock is not on the round's board.
    #[error("the lock is not on this round's board")]
    WrongBoard,
    /// The lock breaks the rules of a lock.
    #[error("the lock is not legal: {}", .0.join("; "))]
    IllegalLock(Vec<String>),
    /// The lock's pieces are not the drafted ones.
    #[error("the lock must use exactly your drafted pieces: {0}")]
    WrongPieces(String),
    /// The moves do not read.
    #[error("the moves do not read: {0}")]
    Unreadable(String),
    /// A move breaks the rules.
    #[error("move {number} cannot be made: {reason}")]
    MoveRefused {
        /// The move's number, from 1.
        number: usize,
        /// Why, in the game's words.
        reason: String,
    },
    /// The moves are played but the Key is not at the Keyhole.
    #[error("after these moves the Key does not touch the Keyhole end-on: the lock is not picked")]
    NotPicked,
    /// The player declared the lock impossible: that is final.
    #[error("you declared this lock impossible: that is your final answer")]
    DeclaredImpossible,
    /// The player has picked the lock, so cannot call it impossible.
    #[error("you have picked this lock: it is not impossible")]
    YouPickedIt,
    /// No solution with that number (said counting from 1, as players count).
    #[error("you have no solution number {}", .index + 1)]
    NoSuchSolution {
        /// The index asked, from 0.
        index: usize,
    },
    /// Nothing to choose: none, one solution, an impossible call, or the choice made.
    #[error("you have no solution to choose")]
    NothingToChoose,
    /// No countersolve is offered to this player.
    #[error("you have no countersolve to decide")]
    NoCountersolve,
    /// The player is not countersolving.
    #[error("you are not countersolving")]
    NotCountersolving,
    /// The round is still being played.
    #[error("the round is not over")]
    RoundNotOver,
    /// The next round's board or pieces cannot be played.
    #[error("the round cannot be played: {0}")]
    BadRound(#[from] SetupError),
}

impl Event {
    /// The event in a sentence, for people, with the players by their roles ("Challenger
    /// drafts…"), for when their names are not known.
    pub fn sentence(&self) -> String {
        self.sentence_naming(|p| format!("{p:?}"))
    }

    /// The event in a sentence with the players by the names `name` gives them: "BOT drafts",
    /// as the studio and the command line say it.
    pub fn sentence_naming(&self, name: impl Fn(Player) -> String) -> String {
        let who = match self {
            Event::DraftOrderChosen { first: p, .. }
            | Event::DraftTurn { player: p, .. }
            | Event::Drafted { player: p, .. }
            | Event::StoppedDrafting { player: p }
            | Event::LockFinal { player: p }
            | Event::ReservePeriodUsed { player: p, .. }
            | Event::OutOfReserve { player: p }
            | Event::Points { player: p, .. }
            | Event::PointsHeld { player: p, .. }
            | Event::PointsVoided { player: p, .. }
            | Event::CountersolveOffered { player: p, .. }
            | Event::CountersolveDecided { player: p, .. }
            | Event::CountersolveBegan { player: p, .. }
            | Event::CountersolveEnded { player: p, .. }
            | Event::LeadChanged { leader: p }
            | Event::MatchOver { winner: p, .. } => name(*p),
            _ => String::new(),
        };
        match self {
            Event::RoundBegan {
                round, assess_ends, ..
            } => {
                format!(
                    "round {round} begins: assess the board until {}",
                    secs(*assess_ends)
                )
            }
            Event::DraftOrderChosen { by_default, .. } => format!(
                "{who} drafts first in round 1{}",
                if *by_default {
                    " (no choice was made)"
                } else {
                    ""
                }
            ),
            Event::DraftTurn { ends, .. } => {
                format!("{who} drafts, until {}", secs(*ends))
            }
            Event::Drafted { piece, .. } => {
                format!("{who} drafts piece {}: {}", piece.id, piece.shape)
            }
            Event::StoppedDrafting { .. } => format!("{who} stops drafting"),
            Event::DraftEnded { .. } => "the draft is over".into(),
            Event::BuildBegan { ends } => format!("build your locks, until {}", secs(*ends)),
            Event::LockAccepted { in_reserve, .. } => format!(
                "your lock is accepted{}",
                if *in_reserve {
                    ", in reserve: it is final"
                } else {
                    ""
                }
            ),
            Event::LockFinal { .. } => format!("{who}'s lock is final"),
            Event::ReservePeriodUsed { left, ends, .. } => format!(
                "{who} is in reserve until {} ({left} periods left)",
                secs(*ends)
            ),
            Event::OutOfReserve { .. } => format!("{who} is out of reserve"),
            Event::SolvingBegan { ends } => {
                format!("pick your opponent's lock, until {}", secs(*ends))
            }
            Event::LockShown { lock, .. } => format!(
                "the lock to pick:\n{}",
                super::serial::lock::write(lock).trim_end()
            ),
            Event::SolutionAccepted {
                index, time, moves, ..
            } => format!(
                "solution {} accepted: {} at {}",
                index + 1,
                count(*moves, "move"),
                secs(*time)
            ),
            Event::ImpossibleDeclared { .. } => "you declared the lock impossible".into(),
            Event::Done { .. } => "you are done with this phase".into(),
            Event::ChoosingBegan { ends } => format!(
                "with two solutions or more, choose the one that counts, until {}",
                secs(*ends)
            ),
            Event::SolutionChosen {
                index, by_default, ..
            } => format!(
                "solution {} counts{}",
                index + 1,
                if *by_default { " (chosen for you)" } else { "" }
            ),
            Event::Announced { answers } => format!(
                "answers: {} {}, {} {}",
                name(Player::Challenger),
                answer(&answers.challenger),
                name(Player::Challenged),
                answer(&answers.challenged)
            ),
            Event::Points {
                award,
                points,
                total,
                ..
            } => {
                format!("{who} +{points} ({award}), now {total}")
            }
            Event::PointsHeld { awards, .. } => {
                format!(
                    "{who}'s points ({}) wait on the impossible call",
                    awards
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            Event::PointsVoided { awards, .. } => {
                format!(
                    "{who}'s points ({}) do not count: the impossible call stood",
                    awards
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            Event::CountersolveOffered { ends, .. } => {
                format!("{who} may countersolve: decide by {}", secs(*ends))
            }
            Event::CountersolveDecided { yes, .. } => format!(
                "{who} {}",
                if *yes {
                    "countersolves"
                } else {
                    "does not countersolve"
                }
            ),
            Event::CountersolveBegan { ends, .. } => {
                format!("{who} countersolves until {}", secs(*ends))
            }
            Event::CountersolveEnded { moves, .. } => match moves {
                Some(m) => format!("{who} countersolved in {}", count(*m, "move")),
                None => format!("{who} did not countersolve in time"),
            },
            Event::LeadChanged { .. } => format!("{who} leads"),
            Event::RoundEnded { round, scores } => format!(
                "round {round} is over: {}–{}",
                scores.challenger, scores.challenged
            ),
            // The winner's score first, as a winner's score is said.
            Event::MatchOver {
                winner,
                why,
                scores,
            } => format!(
                "the match is over: {who} wins {}–{} ({why})",
                scores[*winner],
                scores[winner.other()]
            ),
        }
    }
}

fn secs(ms: Ms) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn answer(a: &Answer) -> String {
    match a {
        Answer::Solution { moves, time, .. } => {
            format!("{} in {}", count(*moves, "move"), secs(*time))
        }
        Answer::Impossible => "impossible".into(),
        Answer::Nothing => "no solution".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::death_match::score::Decider;

    /// Regression: the sentences said why in the code's own words ("(BothAtSixteen(MorePoints))",
    /// "[Solved, Faster] do not count"), and so did the studio's and the command line's winner;
    /// a challenged winner's score came second ("BOB wins 16–18").
    #[test]
    fn awards_and_the_end_of_a_match_are_said_in_words() {
        let name = |p: Player| match p {
            Player::Challenger => "ANN".to_string(),
            Player::Challenged => "BOB".to_string(),
        };
        let over = Event::MatchOver {
            winner: Player::Challenged,
            why: Why::BothAtSixteen(Decider::MorePoints),
            scores: Pair {
                challenger: 16,
                challenged: 18,
            },
        };
        assert_eq!(
            over.sentence_naming(name),
            "the match is over: BOB wins 18–16 (both at 16 points or more; more points)"
        );
        let points = Event::Points {
            player: Player::Challenger,
            award: Award::FewerMoves,
            points: 2,
            total: 5,
        };
        assert_eq!(
            points.sentence_naming(name),
            "ANN +2 (picked in fewer moves), now 5"
        );
        let voided = Event::PointsVoided {
            player: Player::Challenger,
            awards: vec![Award::Solved, Award::Faster],
        };
        assert_eq!(
            voided.sentence_naming(name),
            "ANN's points (picked within the 5 minutes, picked faster) do not count: the impossible call stood"
        );
    }

    /// Players count solutions from 1; the sentences said "solution 0 accepted".
    #[test]
    fn solutions_are_numbered_from_one_in_words() {
        let accepted = Event::SolutionAccepted {
            player: Player::Challenger,
            index: 0,
            time: 61_000,
            moves: 3,
        };
        assert_eq!(
            accepted.sentence(),
            "solution 1 accepted: 3 moves at 61.0 s"
        );
        let chosen = Event::SolutionChosen {
            player: Player::Challenger,
            index: 1,
            by_default: true,
        };
        assert_eq!(chosen.sentence(), "solution 2 counts (chosen for you)");
        assert_eq!(
            Refusal::NoSuchSolution { index: 2 }.to_string(),
            "you have no solution number 3"
        );
    }
}
