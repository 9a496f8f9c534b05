//! The client: every endpoint of the API as an async method, and the event stream read line
//! by line. The studio's online verbs are built on it.

pub mod bot;
mod death_match;

pub use death_match::MatchEvents;

use crate::events::Event;
use crate::protocol::{
    Credentials, Declare, ErrorBody, LockView, LoggedOut, NoteView, PlayerView, Publish, Published,
    RetiredView, Scores, Session,
};
use reqwest::{Method, RequestBuilder, StatusCode};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Why a call failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server answered with an error.
    #[error("{}: {}", .status.as_u16(), .body.message)]
    Refused {
        /// The status.
        status: StatusCode,
        /// What the server said.
        body: ErrorBody,
    },
    /// The server could not be reached, or answered something unreadable.
    #[error("cannot talk to the server: {0}")]
    Http(#[from] reqwest::Error),
    /// A call that needs a login was made without one.
    #[error("not logged in: run `lockwright login` first")]
    NoToken,
    /// The HTTP client could not be set up on this machine.
    #[error("cannot set up the connection: {0}")]
    Setup(String),
}

impl ClientError {
    /// The status of a refusal.
    pub fn status(&self) -> Option<StatusCode> {
        match self {
            ClientError::Refused { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// The error code of a refusal (`malformed-lock`, `public-holder`, ...).
    pub fn code(&self) -> Option<&str> {
        match self {
            ClientError::Refused { body, .. } => Some(&body.error),
            _ => None,
        }
    }
}

/// A connection to one server, logged in or not.
#[derive(Clone, Debug)]
pub struct Client {
    base: String,
    /// The HTTP client, or why it could not be set up (said by every call).
    http: Result<reqwest::Client, String>,
    token: Option<String>,
}

/// Percent-encodes a path segment: codenames may hold `/`, `?`, `#` or `%`.
pub fn encode_segment(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Why `base` cannot be a server's address, or `None` when it can: an address is an absolute
/// `http://` or `https://` URL naming a host, like `http://example.org:27001`. A client made on
/// anything else could only fail at every request.
pub fn address_problem(base: &str) -> Option<String> {
    const LIKE: &str = "give one like http://example.org:27001";
    let base = base.trim();
    match reqwest::Url::parse(base) {
        Err(e) => Some(format!("`{base}` is not a server address ({e}): {LIKE}")),
        Ok(u) if !matches!(u.scheme(), "http" | "https") => Some(format!(
            "`{base}` is not a server address: it starts with http:// or https://; {LIKE}"
        )),
        Ok(u) if u.host_str().is_none_or(str::is_empty) => {
            Some(format!("`{base}` names no host: {LIKE}"))
        }
        Ok(_) => None,
    }
}

impl Client {
    /// A client for a server at `base` (e.g. `http://127.0.0.1:27001`).
    pub fn new(base: &str) -> Client {
        // A server that is down should say so in seconds, not after the system's connect
        // timeout of minutes. There is no overall timeout: the event stream stays open.
        let builder =
            || reqwest::Client::builder().connect_timeout(std::time::Duration::from_secs(5));
        // A machine with no CA certificates cannot build the platform's TLS verifier: plain
        // HTTP (the embedded server, a server on loopback) still works with no trusted roots,
        // and an HTTPS server is refused with a certificate error when asked.
        let http = builder()
            .build()
            .or_else(|_| {
                builder()
                    .tls_certs_only(Vec::<reqwest::Certificate>::new())
                    .build()
            })
            .map_err(|e| e.to_string());
        Client {
            base: base.trim_end_matches('/').to_string(),
            http,
            token: None,
        }
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The same client, sending `token` with every call.
    pub fn with_token(mut self, token: impl Into<String>) -> Client {
        self.token = Some(token.into());
        self
    }

    /// The token, if logged in.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    fn request(&self, method: Method, path: &str) -> Result<RequestBuilder, ClientError> {
        let http = self
            .http
            .as_ref()
            .map_err(|e| ClientError::Setup(e.clone()))?;
        let rb = http.request(method, format!("{}/api/v1{path}", self.base));
        Ok(match &self.token {
            Some(t) => rb.bearer_auth(t),
            None => rb,
        })
    }

    async fn send<T: DeserializeOwned>(rb: RequestBuilder) -> Result<T, ClientError> {
        let response = rb.send().await?;
        let status = response.status();
        if status.is_success() {
            return Ok(response.json().await?);
        }
        let text = response.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(ErrorBody {
            error: "http".into(),
            message: text,
            diagnostics: Vec::new(),
        });
        Err(ClientError::Refused { status, body })
    }

    async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, ClientError> {
        Client::send(self.request(Method::GET, path)?).await
    }

    async fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: &B,
    ) -> Result<T, ClientError> {
        Client::send(self.request(method, path)?.json(body)).await
    }

    /// An operator's action on a player (`ban`, `unban`, `revoke-tokens`, `retire-locks`,
    /// `purge-locks`, `cancel-challenges`); the client's token must be the admin token.
    pub async fn admin(
        &self,
        codename: &str,
        action: &str,
    ) -> Result<crate::api::admin::Done, ClientError> {
        let path = format!(
            "/admin/players/{}/{}",
            encode_segment(codename),
            encode_segment(action)
        );
        self.post(Method::POST, &path, &()).await
    }

    /// Gives the player's mail address and what to be told; the server mails a code.
    pub async fn give_mail(
        &self,
        address: &str,
        notify: crate::storage::Notify,
    ) -> Result<crate::protocol::MailView, ClientError> {
        let body = crate::protocol::GiveMail {
            address: address.into(),
            notify,
        };
        self.post(Method::PUT, "/me/mail", &body).await
    }

    /// Confirms the address with the mailed code.
    pub async fn verify_mail(&self, code: &str) -> Result<crate::protocol::MailView, ClientError> {
        let body = crate::protocol::VerifyMail { code: code.into() };
        self.post(Method::POST, "/me/mail/verify", &body).await
    }

    /// Changes what the player is mailed about.
    pub async fn set_notify(
        &self,
        notify: crate::storage::Notify,
    ) -> Result<crate::protocol::MailView, ClientError> {
        self.post(Method::PUT, "/me/mail/notify", &notify).await
    }

    /// The player's mail settings.
    pub async fn mail(&self) -> Result<crate::protocol::MailView, ClientError> {
        self.get("/me/mail").await
    }

    /// Forgets the player's address.
    pub async fn forget_mail(&self) -> Result<serde_json::Value, ClientError> {
        Client::send(self.request(Method::DELETE, "/me/mail")?).await
    }

    /// Whether the server answers: `GET /health`.
    pub async fn health(&self) -> Result<(), ClientError> {
        let response = self.request(Method::GET, "/health")?.send().await?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        Err(ClientError::Refused {
            status,
            body: ErrorBody {
                error: "http".into(),
                message: response.text().await.unwrap_or_default(),
                diagnostics: Vec::new(),
            },
        })
    }

    /// Registers a player; the client is then logged in as them.
    pub async fn register(
        &mut self,
        codename: &str,
        password: &str,
    ) -> Result<Session, ClientError> {
        self.register_as(codename, password, false).await
    }

    /// Registers an account that plays Death Matches only (a practice bot): it is never a
    /// metagame player. The client keeps the token.
    pub async fn register_death_match_only(
        &mut self,
        codename: &str,
        password: &str,
    ) -> Result<Session, ClientError> {
        self.register_as(codename, password, true).await
    }

    async fn register_as(
        &mut self,
        codename: &str,
        password: &str,
        death_match_only: bool,
    ) -> Result<Session, ClientError> {
        let creds = Credentials {
            codename: codename.into(),
            password: password.into(),
            death_match_only,
        };
        let s: Session = self.post(Method::POST, "/players", &creds).await?;
        self.token = Some(s.token.clone());
        Ok(s)
    }

    /// Logs in; the client keeps the token.
    pub async fn login(&mut self, codename: &str, password: &str) -> Result<Session, ClientError> {
        let creds = Credentials {
            codename: codename.into(),
            password: password.into(),
            death_match_only: false,
        };
        let s: Session = self.post(Method::POST, "/login", &creds).await?;
        self.token = Some(s.token.clone());
        Ok(s)
    }

    /// Logs out: revokes this client's token on the server, or with `everywhere` every token
    /// of its player. The client forgets its token either way.
    pub async fn logout(&mut self, everywhere: bool) -> Result<LoggedOut, ClientError> {
        if self.token.is_none() {
            return Err(ClientError::NoToken);
        }
        let path = if everywhere {
            "/logout?all=true"
        } else {
            "/logout"
        };
        let r = Client::send(self.request(Method::POST, path)?).await;
        self.token = None;
        r
    }

    /// Whether the server can take changes now: `GET /ready` (a refusal says why).
    pub async fn ready(&self) -> Result<(), ClientError> {
        let response = self.request(Method::GET, "/ready")?.send().await?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let body = response.json().await.unwrap_or(ErrorBody {
            error: "http".into(),
            message: status.to_string(),
            diagnostics: Vec::new(),
        });
        Err(ClientError::Refused { status, body })
    }

    /// The caller's own slots.
    pub async fn me(&self) -> Result<PlayerView, ClientError> {
        self.get("/me").await
    }

    /// Every other player with the caller's score relative to them.
    pub async fn players(&self) -> Result<Scores, ClientError> {
        self.get("/players").await
    }

    /// The caller's scores.
    pub async fn scores(&self) -> Result<Scores, ClientError> {
        self.get("/scores").await
    }

    /// One player's slots as the caller sees them.
    pub async fn player(&self, codename: &str) -> Result<PlayerView, ClientError> {
        self.get(&format!("/players/{}", encode_segment(codename)))
            .await
    }

    /// One player's slots, with every other player who accesses each.
    pub async fn player_with_accessors(&self, codename: &str) -> Result<PlayerView, ClientError> {
        self.get(&format!(
            "/players/{}?accessors=true",
            encode_segment(codename)
        ))
        .await
    }

    /// Places a lock in a slot, with the author's solution.
    pub async fn publish(
        &self,
        slot: u8,
        lock: &str,
        solution: &str,
    ) -> Result<Published, ClientError> {
        let body = Publish {
            lock: lock.into(),
            solution: solution.into(),
        };
        self.post(Method::PUT, &format!("/slots/{slot}"), &body)
            .await
    }

    /// Retires the lock in a slot.
    pub async fn retire(&self, slot: u8) -> Result<RetiredView, ClientError> {
        Client::send(self.request(Method::DELETE, &format!("/slots/{slot}"))?).await
    }

    /// A lock by number.
    pub async fn lock(&self, id: i64) -> Result<LockView, ClientError> {
        self.get(&format!("/locks/{id}")).await
    }

    /// The lock in a player's slot.
    pub async fn lock_in(&self, codename: &str, slot: u8) -> Result<LockView, ClientError> {
        let view = self.player(codename).await?;
        let id = view
            .slots
            .iter()
            .find(|s| s.slot == slot)
            .and_then(|s| s.lock.as_ref())
            .map(|l| l.id)
            .ok_or_else(|| ClientError::Refused {
                status: StatusCode::NOT_FOUND,
                body: ErrorBody {
                    error: "empty-slot".into(),
                    message: format!("{codename}'s slot {slot} is empty"),
                    diagnostics: Vec::new(),
                },
            })?;
        self.lock(id).await
    }

    /// Declares a solution to a lock, securing the note behind the caller's slot `behind`.
    pub async fn declare(
        &self,
        lock: i64,
        behind: u8,
        solution: &str,
    ) -> Result<NoteView, ClientError> {
        let body = Declare {
            lock,
            behind,
            solution: solution.into(),
        };
        self.post(Method::POST, "/notes", &body).await
    }

    /// Every note the caller has read, with solutions.
    pub async fn notes(&self) -> Result<Vec<NoteView>, ClientError> {
        self.get("/notes").await
    }

    /// One note, if the caller has read it.
    pub async fn note(&self, id: i64) -> Result<NoteView, ClientError> {
        self.get(&format!("/notes/{id}")).await
    }

    /// Opens the event stream.
    pub async fn events(&self) -> Result<EventStream, ClientError> {
        Ok(Stream::new(self.stream("/events").await?))
    }

    /// Opens an event stream at `path`; a refusal comes back as the API's error.
    async fn stream(&self, path: &str) -> Result<reqwest::Response, ClientError> {
        if self.token.is_none() {
            return Err(ClientError::NoToken);
        }
        let response = self.request(Method::GET, path)?.send().await?;
        let status = response.status();
        if !status.is_success() {
            let body = response.json().await.unwrap_or(ErrorBody {
                error: "http".into(),
                message: status.to_string(),
                diagnostics: Vec::new(),
            });
            return Err(ClientError::Refused { status, body });
        }
        Ok(response)
    }
}

/// Server-sent events, each read as a `T` as it arrives; events of another shape are skipped.
#[derive(Debug)]
pub struct Stream<T> {
    response: reqwest::Response,
    buffer: String,
    shape: std::marker::PhantomData<fn() -> T>,
}

/// The metagame's live events.
pub type EventStream = Stream<Event>;

impl<T: DeserializeOwned> Stream<T> {
    fn new(response: reqwest::Response) -> Stream<T> {
        Stream {
            response,
            buffer: String::new(),
            shape: std::marker::PhantomData,
        }
    }

    /// The next event; `None` when the server closed the stream (for a match, once it is
    /// over and every event was read). Keep-alive comments and unknown events are skipped.
    pub async fn next(&mut self) -> Result<Option<T>, ClientError> {
        loop {
            match next_data(&mut self.response, &mut self.buffer).await? {
                None => return Ok(None),
                Some(data) => {
                    if let Ok(event) = serde_json::from_str(&data) {
                        return Ok(Some(event));
                    }
                }
            }
        }
    }
}

/// The data of the next server-sent event with any; `None` when the stream ends. Keep-alive
/// comments are skipped.
async fn next_data(
    response: &mut reqwest::Response,
    buffer: &mut String,
) -> Result<Option<String>, ClientError> {
    loop {
        // An event ends with a blank line.
        if let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let data: String = block
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim_start)
                .collect::<Vec<_>>()
                .join("\n");
            if data.is_empty() {
                continue;
            }
            return Ok(Some(data));
        }
        match response.chunk().await? {
            Some(bytes) => buffer.push_str(&String::from_utf8_lossy(&bytes).replace("\r\n", "\n")),
            None => return Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::address_problem;

    #[test]
    fn a_server_address_is_an_http_url_with_a_host() {
        for good in [
            "http://127.0.0.1:27001",
            "https://example.org",
            " http://example.org:27001/ ",
        ] {
            assert_eq!(address_problem(good), None, "{good}");
        }
        for (bad, says) in [
            ("ht!tp://:::bad url", "is not a server address"),
            ("localhost:27001", "starts with http:// or https://"),
            ("ftp://example.org", "starts with http:// or https://"),
            ("example.org", "is not a server address"),
            ("", "is not a server address"),
        ] {
            let problem = address_problem(bad).unwrap_or_default();
            assert!(problem.contains(says), "{bad}: {problem}");
            assert!(problem.contains("http://example.org:27001"), "{problem}");
        }
    }
}
