//! The studio's side of the metagame, without the window: the embedded server, the cache kept
//! on disk, the live event stream, and what a failed request means to the player.

pub mod cache;
pub mod embedded;
pub mod live;

use server::client::ClientError;

/// Why a request did not give its answer, in the words the online screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The server cannot be reached: the one "offline" state, not an error per request.
    Unreachable(String),
    /// The server answered and refused: its code and sentence.
    Refused { code: String, message: String },
    /// The request needs a login.
    NotLoggedIn,
}

impl Trouble {
    /// Sorts a client error: connection trouble, or the server's refusal.
    pub fn from_client(e: ClientError) -> Trouble {
        match e {
            // A refused login is said as the server says it ("unknown codename or wrong
            // password"), as other refusals are.
            ClientError::Refused { status, body } if body.refuses_token(status.as_u16()) => {
                Trouble::NotLoggedIn
            }
            ClientError::Refused { body, .. } => Trouble::Refused {
                code: body.error,
                message: body.message,
            },
            ClientError::Http(e) => Trouble::Unreachable(if e.is_connect() {
                "the server does not answer".into()
            } else if e.is_timeout() {
                "the server took too long to answer".into()
            } else {
                format!("the connection failed: {e}")
            }),
            ClientError::NoToken => Trouble::NotLoggedIn,
            e @ ClientError::Setup(_) => Trouble::Unreachable(e.to_string()),
        }
    }

    /// The sentence to show.
    pub fn message(&self) -> String {
        match self {
            Trouble::Unreachable(why) => format!("cannot reach the server: {why}"),
            Trouble::Refused { message, .. } => message.clone(),
            Trouble::NotLoggedIn => "log in first".into(),
        }
    }
}

/// Runs a client call and sorts its failure.
pub async fn ask<T>(
    call: impl std::future::Future<Output = Result<T, ClientError>>,
) -> Result<T, Trouble> {
    call.await.map_err(Trouble::from_client)
}
