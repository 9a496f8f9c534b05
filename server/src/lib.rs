//! The Lockwright metagame server: players, slots, locks, notes and relative scores, served
//! over HTTP, with its storage and the client that speaks to it.
//!
//! # Layout
//! - [`rules`]: the metagame, pure — slots, notes, the access fixpoint, scores. The heart.
//! - [`verify`]: checking a lock's text and replaying a solution with the engine.
//! - [`storage`]: the SQLite database; every SQL statement is there.
//! - [`game`]: the shared handle — the world in memory, the database, the events.
//! - [`api`]: the HTTP router, one module per resource; [`error`] turns failures into
//!   answers; [`auth`] passwords and tokens; [`rate`] per-client limits; [`events`] the live
//!   events.
//! - [`protocol`]: the JSON bodies, shared with [`client`].
//! - [`config`] and [`server`]: configuration, starting and stopping.

pub mod api;
pub mod auth;
pub mod client;
pub mod config;
pub mod error;
pub mod events;
pub mod game;
pub mod protocol;
pub mod rate;
pub mod rules;
pub mod server;
pub mod storage;
pub mod verify;

/// Intricacy's port, and the server's default.
pub const DEFAULT_PORT: u16 = 27001;

/// The address the server binds by default: loopback only.
pub fn default_bind() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT))
}

/// Structured logs to standard error, filtered by `RUST_LOG` (default `info`).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A second call (the studio starting a server twice) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    #[test]
    fn default_bind_is_loopback_on_intricacys_port() {
        let addr = super::default_bind();
        assert!(addr.ip().is_loopback());
        assert_eq!(addr.port(), 27001);
    }
}
