//! Players' mail addresses, what they asked to be told, and the queue of mail to send.

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
