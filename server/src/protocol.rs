//! The API's JSON bodies, defined once for the server and the client. `docs/api.md` shows
//! each with its endpoint.

use serde::{Deserialize, Serialize};

/// `POST /api/v1/players` and `POST /api/v1/login`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Credentials {
    /// Three printable ASCII characters, no lowercase letters.
    pub codename: String,
    /// The password.
    pub password: String,
    /// Registering only: an account that plays Death Matches and not the metagame (a
    /// practice bot): it never appears among the players, their scores or accesses.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub death_match_only: bool,
}

/// A bearer token for a player.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Session {
    /// Whose.
    pub codename: String,
    /// Send as `Authorization: Bearer TOKEN`.
    pub token: String,
}

/// What `POST /api/v1/logout` did.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LoggedOut {
    /// How many tokens were revoked: 1 (or 0 if it had just expired), or every token of the
    /// player with `?all=true`.
    pub revoked: usize,
}

/// `PUT /api/v1/slots/{slot}`: place a lock.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Publish {
    /// The lock's text.
    pub lock: String,
    /// The author's solution: a solution file or a list of moves. Never served to anyone.
    pub solution: String,
}

/// What placing a lock did.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Published {
    /// The new lock's number.
    pub lock: i64,
    /// The slot.
    pub slot: u8,
    /// The lock retired from the slot, if it was filled.
    pub retired: Option<RetiredView>,
}

/// A lock that left its slot.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RetiredView {
    /// Its number.
    pub lock: i64,
    /// The notes secured behind it, now public.
    pub made_public: Vec<i64>,
}

/// `POST /api/v1/notes`: declare a solution.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Declare {
    /// The lock solved (another player's, in a slot).
    pub lock: i64,
    /// The declarer's own slot whose lock secures the note.
    pub behind: u8,
    /// The solution: a solution file or a list of moves.
    pub solution: String,
}

/// A lock named by number, with where it is (or was).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockRef {
    /// Its number.
    pub id: i64,
    /// Its owner's codename.
    pub owner: String,
    /// Its slot.
    pub slot: u8,
    /// Whether it has left the slot.
    pub retired: bool,
}

/// A note. Who declared, on which lock, behind which: public. The solution: only to players
/// who have read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoteView {
    /// Its number.
    pub id: i64,
    /// The declarer.
    pub author: String,
    /// The lock it solves.
    pub on: LockRef,
    /// The lock it is secured behind.
    pub behind: LockRef,
    /// Whether it is public (its holder was retired).
    pub public: bool,
    /// Whether the caller has read it.
    pub read: bool,
    /// The solution, when the caller has read it and asked for notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
}

/// A lock in a slot, in a player's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockSummary {
    /// Its number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its size.
    pub size: i32,
    /// Whether it has three public notes.
    pub public: bool,
    /// The notes on it (solutions left out).
    pub notes: Vec<NoteView>,
}

/// One slot of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    /// 1 to 3.
    pub slot: u8,
    /// Whether the caller accesses it.
    pub accessed: bool,
    /// Its lock, if filled.
    pub lock: Option<LockSummary>,
    /// Every other player who accesses it, by codename, when asked for with
    /// `?accessors=true` (working it out takes every player's access, so plain reads skip it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accessed_by: Option<Vec<String>>,
}

/// `GET /api/v1/players/{codename}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player.
    pub codename: String,
    /// The caller's score relative to this player.
    pub score: i64,
    /// The three slots.
    pub slots: Vec<SlotView>,
}

/// One line of the scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSummary {
    /// The other player.
    pub codename: String,
    /// Their filled slots.
    pub locks: u8,
    /// Their slots the caller accesses.
    pub accessed: u8,
    /// The caller's slots they access.
    pub accessed_by: u8,
    /// `accessed - accessed_by`.
    pub score: i64,
}

/// `GET /api/v1/players` and `GET /api/v1/scores`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scores {
    /// The caller.
    pub me: String,
    /// The sum of the caller's scores.
    pub total: i64,
    /// One line per other player, best score first.
    pub scores: Vec<PlayerSummary>,
}

/// `GET /api/v1/locks/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockView {
    /// Its number.
    pub id: i64,
    /// Its owner.
    pub owner: String,
    /// Its slot (where it was, if retired).
    pub slot: u8,
    /// Its name.
    pub name: String,
    /// Its size.
    pub size: i32,
    /// Whether it has left its slot.
    pub retired: bool,
    /// Whether it has three public notes.
    pub public: bool,
    /// Whether the caller accesses it.
    pub accessed: bool,
    /// The notes on it (solutions left out).
    pub notes: Vec<NoteView>,
    /// The lock's text: public.
    pub text: String,
}

/// The body of every error.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ErrorBody {
    /// A short stable code, e.g. `malformed-lock`, `public-holder`.
    pub error: String,
    /// A sentence in the game's words.
    pub message: String,
    /// For a malformed lock or solution: where, by line and column.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<lockfmt::Diagnostic>,
}

impl ErrorBody {
    /// The code of a login refused for its codename or password: a 401, as a refused token is.
    pub const BAD_LOGIN: &'static str = "bad-login";

    /// Whether a refusal with this HTTP status is of the token the request carried (none,
    /// unknown, revoked or expired: log in again), and not a refused login, which says why
    /// itself.
    pub fn refuses_token(&self, status: u16) -> bool {
        status == 401 && self.error != Self::BAD_LOGIN
    }
}

/// `PUT /api/v1/me/mail`: an address, and what to be told once it is confirmed.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiveMail {
    /// The address.
    pub address: String,
    /// What to be mailed about (nothing unless asked).
    #[serde(default)]
    pub notify: crate::storage::Notify,
}

/// `POST /api/v1/me/mail/verify`: the code mailed to the address.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerifyMail {
    /// The code.
    pub code: String,
}

/// A player's mail settings as they see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailView {
    /// The address.
    pub address: String,
    /// Whether they confirmed it with the mailed code; nothing is mailed before.
    pub verified: bool,
    /// What they are mailed about.
    pub notify: crate::storage::Notify,
}

impl From<crate::storage::MailSettings> for MailView {
    fn from(s: crate::storage::MailSettings) -> MailView {
        MailView {
            address: s.address,
            verified: s.verified,
            notify: s.notify,
        }
    }
}
