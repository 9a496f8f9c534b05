//! Why the server stopped other than by the client's `shutdown` and `exit`.

/// What ended a session early.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The client's stream ended (or broke) before `exit`.
    #[error("the client hung up before asking the server to exit")]
    Disconnected,
    /// The first request was not `initialize`.
    #[error("the client's first message was `{0}`, where `initialize` must come first")]
    NotInitialize(String),
    /// `initialize` carried parameters the protocol does not have.
    #[error("the client's `initialize` could not be read: {0}")]
    Initialize(#[source] serde_json::Error),
    /// `exit` came without `shutdown` before it: the protocol asks for a failing exit code.
    #[error("the client asked the server to exit without shutting it down first")]
    ExitWithoutShutdown,
    /// Reading or writing standard input or output failed, or a message was malformed.
    #[error("the connection to the client broke: {0}")]
    Io(#[from] std::io::Error),
}
