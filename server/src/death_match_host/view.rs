//! What a player reads of a match: the JSON bodies of `/api/v1/matches`, shared with the
//! client. A player sees only what the rules let them see: their own submissions, the
//! opponent's lock once solving begins, the opponent's answer once announced; a spectator sees
//! what both players see.

use rules::death_match::{
    Action, Answer, Event, Ms, OfferedPiece, Pair, Phase, Player, Round, Sheet, Timing, Why,
};
use serde::{Deserialize, Serialize};

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Called, waiting for the challenged player.
    Challenged,
    /// The challenged player said no, or the challenger withdrew.
    Declined,
    /// Being played.
    Playing,
    /// Over, with a winner.
    Over,
}

impl Status {
    /// As stored.
    pub fn word(self) -> &'static str {
        match self {
            Status::Challenged => "challenged",
            Status::Declined => "declined",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// From storage.
    pub fn from_word(word: &str) -> Option<Status> {
        Some(match word {
            "challenged" => Status::Challenged,
            "declined" => Status::Declined,
            "playing" => Status::Playing,
            "over" => Status::Over,
            _ => return None,
        })
    }
}

/// The fastest a match's own clock may run, in times real time.
pub const MAX_MATCH_SPEED: u32 = 100;

/// The terms a match is played on, chosen with the challenge (the challenged player reads
/// them before accepting) and fixed for the whole match: logged first in its log, so that a
/// restart replays the match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Terms {
    /// How many times faster than real time the match's clock runs: 1 (real time) to
    /// [`MAX_MATCH_SPEED`]. A server's own speed factor (`match_speed`, for tests) multiplies
    /// it.
    pub speed: u32,
    /// How its phases end: their full time, or as soon as both players are done.
    pub timing: Timing,
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            speed: 1,
            timing: Timing::FullTime,
        }
    }
}

/// Why the terms asked for in a challenge cannot be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TermsError {
    /// The speed is not a whole number from 1 to [`MAX_MATCH_SPEED`].
    #[error(
        "a match's speed is a whole number from 1 to {MAX_MATCH_SPEED} (times real time), not {0}"
    )]
    Speed(f64),
}

impl Terms {
    /// The terms a challenge asks for: real time and full time unless it says otherwise.
    pub fn asked(speed: Option<f64>, timing: Option<Timing>) -> Result<Terms, TermsError> {
        let speed = match speed {
            None => 1,
            Some(s) if s.fract() == 0.0 && (1.0..=f64::from(MAX_MATCH_SPEED)).contains(&s) => {
                s as u32
            }
            Some(s) => return Err(TermsError::Speed(s)),
        };
        Ok(Terms {
            speed,
            timing: timing.unwrap_or_default(),
        })
    }

    /// The terms in words, when they are not the default: `×5`, `at the players' pace`, or
    /// both.
    pub fn words(self) -> Option<String> {
        let speed = (self.speed != 1).then(|| format!("×{}", self.speed));
        let pace = (self.timing == Timing::EndWhenBothDone).then(|| "at the players' pace".into());
        let words: Vec<String> = speed.into_iter().chain(pace).collect();
        (!words.is_empty()).then(|| words.join(", "))
    }

    /// Whether the terms can be played: what a log read back is held to.
    pub fn check(self) -> Result<Terms, TermsError> {
        Terms::asked(Some(f64::from(self.speed)), Some(self.timing))
    }
}

/// `POST /api/v1/matches`: call a player to a Death Match.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Challenge {
    /// The player called.
    pub opponent: String,
    /// The generator's seed for the rounds (a random one when neither this nor `rounds`).
    #[serde(default)]
    pub seed: Option<u64>,
    /// An organiser's round file (TOML, see docs/death-match.md#round-files).
    #[serde(default)]
    pub rounds: Option<String>,
    /// How many times faster than real time the match's clock runs, a whole number from 1 to
    /// [`MAX_MATCH_SPEED`] (1 when absent). Read as a number of any kind, so that 2.5 or -1 is
    /// refused in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    /// How its phases end (`full-time` when absent, or `end-when-both-done`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
}

/// A match in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// Its number.
    pub id: i64,
    /// Who called it.
    pub challenger: String,
    /// Who was called.
    pub challenged: String,
    /// Where it stands.
    pub status: Status,
    /// The round being played (0 before the match begins).
    pub round: u8,
    /// The scores.
    pub scores: Pair<u32>,
    /// The winner, once over.
    pub winner: Option<Player>,
    /// The terms it is played on.
    #[serde(default)]
    pub terms: Terms,
}

fn name_of<'a>(challenger: &'a str, challenged: &'a str, p: Player) -> &'a str {
    match p {
        Player::Challenger => challenger,
        Player::Challenged => challenged,
    }
}

impl MatchSummary {
    /// A player's codename.
    pub fn name(&self, p: Player) -> &str {
        name_of(&self.challenger, &self.challenged, p)
    }

    /// The match in a line: `#3  ABC v XYZ  playing  round 2  5–4`; a match not begun has
    /// neither round nor scores (`#4  ABC v XYZ  challenged`). Terms other than the default
    /// follow the status, so that a player reads them before accepting
    /// (`#5  BOT v XYZ  challenged  ×5, at the players' pace`).
    pub fn line(&self) -> String {
        let mut head = format!(
            "#{}  {} v {}  {}",
            self.id,
            self.challenger,
            self.challenged,
            self.status.word()
        );
        if let Some(terms) = self.terms.words() {
            head.push_str("  ");
            head.push_str(&terms);
        }
        if self.round == 0 {
            return head;
        }
        format!(
            "{head}  round {}  {}–{}",
            self.round, self.scores.challenger, self.scores.challenged
        )
    }
}

/// A round played, as both players may read it once it is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// The round, from 1.
    pub round: u8,
    /// Each builder's lock, as a `.slide` file.
    pub locks: Pair<Option<String>>,
    /// Each player's final answer on the opponent's lock.
    pub answers: Pair<Option<Answer>>,
    /// The points each earned this round.
    pub points: Pair<u32>,
    /// The scores after it.
    pub scores: Pair<u32>,
    /// For each lock whose impossible call stood: what the solver says of it, shown to both.
    #[serde(default)]
    pub verdicts: Pair<Option<String>>,
}

/// The winner and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winner {
    /// Who.
    pub player: Player,
    /// Why.
    pub why: Why,
}

/// `GET /api/v1/matches/{id}`: the match as the caller may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchView {
    /// Its number.
    pub id: i64,
    /// Who called it.
    pub challenger: String,
    /// Who was called.
    pub challenged: String,
    /// Which player the caller is, if either.
    pub you: Option<Player>,
    /// Where it stands.
    pub status: Status,
    /// How many times faster than real time the match's clock runs: its terms' speed times
    /// the server's own factor.
    pub speed: f64,
    /// The terms it is played on.
    #[serde(default)]
    pub terms: Terms,
    /// Whether you are done with the phase (see `Match::done`): each player reads their own.
    #[serde(default)]
    pub done: bool,
    /// The match time now, in ms since the match began.
    pub now_ms: Ms,
    /// The round being played (0 before the match begins).
    pub round: u8,
    /// Who drafts first in round 1 (and so in rounds 3 and 5), once chosen.
    pub first_drafter: Option<Player>,
    /// The phase, once the match has begun.
    pub phase: Option<Phase>,
    /// When the phase next changes unless someone acts.
    pub deadline_ms: Option<Ms>,
    /// The scores.
    pub scores: Pair<u32>,
    /// The reserve periods left.
    pub reserve: Pair<u8>,
    /// This round's board and every piece offered.
    pub setup: Option<Round>,
    /// The pieces each player drafted this round.
    pub drafted: Pair<Vec<OfferedPiece>>,
    /// Your lock this round: the latest valid one you submitted.
    pub your_lock: Option<String>,
    /// The lock you are to pick, once solving has begun.
    pub opponent_lock: Option<String>,
    /// Your work on the opponent's lock.
    pub your_sheet: Option<Sheet>,
    /// Your final answer, once chosen.
    pub your_answer: Option<Answer>,
    /// Both final answers, once announced.
    pub announced: Option<Pair<Answer>>,
    /// The rounds played.
    pub rounds: Vec<RoundRecord>,
    /// The winner, once over.
    pub winner: Option<Winner>,
    /// How many events the match has told so far (yours and everyone's): stream from here.
    pub events: usize,
}

impl MatchView {
    /// A player's codename.
    pub fn name(&self, p: Player) -> &str {
        name_of(&self.challenger, &self.challenged, p)
    }
}

/// An event with its number in the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Numbered {
    /// Its number, from 0, counting every event of the match (so a player's numbers have gaps
    /// where another player's private events fell).
    pub id: usize,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

/// `POST /api/v1/matches/{id}/actions`: what the action did, as the actor may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acted {
    /// The events, in order (deadlines that passed first, then the action's).
    pub events: Vec<Numbered>,
}

/// An action, as sent: the rules' [`Action`].
pub type ActionBody = Action;

#[cfg(test)]
mod tests {
    use super::*;

    /// A player reads a match's terms in its line before accepting; default terms say nothing.
    #[test]
    fn a_matchs_line_names_its_terms_unless_they_are_the_default() {
        let mut m = MatchSummary {
            id: 5,
            challenger: "BOT".into(),
            challenged: "XYZ".into(),
            status: Status::Challenged,
            round: 0,
            scores: Pair::default(),
            winner: None,
            terms: Terms::default(),
        };
        assert_eq!(m.line(), "#5  BOT v XYZ  challenged");
        m.terms = Terms {
            speed: 5,
            timing: Timing::EndWhenBothDone,
        };
        assert_eq!(
            m.line(),
            "#5  BOT v XYZ  challenged  ×5, at the players' pace"
        );
    }
}
