//! Players' mail addresses, what they asked to be told, and the queue of mail to send.

use super::StorageError;
use rules::metagame::PlayerId;

/// What a player asked to be mailed about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notify {
    /// Someone declared a note on one of their locks.
    #[serde(default)]
    pub declared: bool,
    /// One of their locks was made public (three of its notes became public).
    #[serde(default)]
    pub made_public: bool,
    /// Someone challenged them to a Death Match.
    #[serde(default)]
    pub challenged: bool,
}

/// A player's mail address and settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    /// The address.
    pub address: String,
    /// Whether its owner proved it is theirs with the mailed code.
    pub verified: bool,
    /// What they asked to be told.
    pub notify: Notify,
    /// The hash of the code mailed to verify it, while unverified.
    pub code_hash: Option<String>,
    /// When that code expires.
    pub code_expires_ms: Option<i64>,
}

/// A mail waiting to be sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    /// Its number in the queue.
    pub id: i64,
    /// To whom.
    pub address: String,
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub body: String,
    /// Tries so far.
    pub attempts: i64,
}

/// What a backend stores of mail: players' addresses and what they asked to be told, and the queue
/// of mail to send (see [`super::Backend`]).
pub trait MailStore {
    /// Sets a player's address (unverified, with the hash of the code mailed to them) and
    /// what they want to be told, replacing any earlier address.
    fn set_mail(
        &mut self,
        player: PlayerId,
        address: &str,
        notify: Notify,
        code_hash: &str,
        code_expires_ms: i64,
    ) -> Result<(), StorageError>;
    /// Changes only what a player wants to be told.
    fn set_notify(&mut self, player: PlayerId, notify: Notify) -> Result<bool, StorageError>;
    /// Marks a player's address as theirs.
    fn verify_mail(&mut self, player: PlayerId) -> Result<(), StorageError>;
    /// Forgets a player's address.
    fn forget_mail(&mut self, player: PlayerId) -> Result<bool, StorageError>;
    /// A player's address and settings.
    fn mail(&self, player: PlayerId) -> Result<Option<MailSettings>, StorageError>;
    /// Queues a mail, to be sent at once.
    fn queue_mail(&mut self, address: &str, subject: &str, body: &str) -> Result<(), StorageError>;
    /// Takes up to `limit` mail whose time has come, holding each back from every server
    /// (this one included) until `hold_until_ms`: the sender then says it was sent or when
    /// to try again. Two servers never take the same mail; a server that dies while sending
    /// leaves it to be taken again once the hold lapses.
    fn claim_mail(
        &mut self,
        limit: usize,
        hold_until_ms: i64,
    ) -> Result<Vec<QueuedMail>, StorageError>;
    /// When the next queued mail is due, if any is queued.
    fn next_mail_at(&self) -> Result<Option<i64>, StorageError>;
    /// A mail was sent: it leaves the queue.
    fn mail_sent(&mut self, id: i64) -> Result<(), StorageError>;
    /// A try failed: it waits until `next_at_ms`.
    fn mail_failed(&mut self, id: i64, next_at_ms: i64) -> Result<(), StorageError>;
    /// Mail waiting in the queue.
    fn queued_mail(&self) -> Result<i64, StorageError>;
}
