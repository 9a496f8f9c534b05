//! What a player reads of a match: the JSON bodies of `/api/v1/matches`, shared with the
//! client. A player sees only what the rules let them see: their own submissions, the
//! opponent's lock once solving begins, the opponent's answer once announced; a spectator sees
//! what both players see.

use rules::death_match::{
    Action, Answer, Event, Ms, OfferedPiece, Pair, Phase, Player, Round, Sheet, Why,
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
    /// neither round nor scores (`#4  ABC v XYZ  challenged`).
    pub fn line(&self) -> String {
        let head = format!(
            "#{}  {} v {}  {}",
            self.id,
            self.challenger,
            self.challenged,
            self.status.word()
        );
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
    /// How many times faster than real time the server's match clocks run.
    pub speed: f64,
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
