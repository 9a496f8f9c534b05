//! The Lockwright metagame server: players, slots, locks, notes and relative scores, served
//! over HTTP, with its storage and the client that speaks to it.
//!
//! # Layout
//! - The metagame's and the Death Match's rules are pure and live below the server, in the
//!   `rules` crate; the server hosts them.
//! - [`verify`]: checking a lock's text and replaying a solution with the engine.
//! - [`death_match_host`]: hosting Death Matches — the clock, the log in the database, round
//!   sources, and what each player may see.
//! - [`storage`]: the database, SQLite or PostgreSQL behind one trait; every SQL statement
//!   is there, and `storage::copy` moves a whole world from one database to another.
//! - [`game`]: the shared handle — the world in memory, the database, the events.
//! - [`api`]: the HTTP router, one module per resource; [`error`] turns failures into
//!   answers; [`auth`] passwords and tokens; [`passwords`] the bounded password workers;
//!   [`rate`] per-client limits, [`login_throttle`] failed logins; [`events`] the live events.
//! - [`protocol`]: the JSON bodies, shared with [`client`].
//! - [`mail`]: players' mail, queued and sent over SMTP. [`metrics`]: Prometheus metrics. [`pool`]: bounded workers for expensive work (passwords, lock checks); [`quota`]:
//!   per-client caps; [`client_address`]: who the client is, behind trusted proxies.
//! - [`config`], [`listener`] and [`server`]: configuration, connections with their
//!   timeouts and caps, starting and stopping; [`instance`]: one server per data folder;
//!   [`backups`]: backups on a schedule, and restoring one.

pub mod api;
pub mod auth;
pub mod backups;
pub mod client;
pub mod client_address;
pub mod config;
pub mod death_match_host;
pub mod error;
pub mod events;
pub mod game;
pub mod instance;
pub mod listener;
pub mod login_throttle;
pub mod mail;
pub mod metrics;
pub mod passwords;
pub mod pool;
pub mod protocol;
pub mod quota;
pub mod rate;
pub mod server;
pub mod storage;
#[doc(hidden)]
pub mod testing;
pub mod verify;

/// Intricacy's port, and the server's default.
pub const DEFAULT_PORT: u16 = 27001;

/// The address the server binds by default: loopback only.
pub fn default_bind() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT))
}

type LogLayer = Box<dyn tracing_subscriber::Layer<tracing_subscriber::Registry> + Send + Sync>;

/// Switches the log format once the configuration is known.
static LOG_FORMAT: std::sync::OnceLock<
    tracing_subscriber::reload::Handle<LogLayer, tracing_subscriber::Registry>,
> = std::sync::OnceLock::new();

fn log_layer(format: config::LogFormat) -> LogLayer {
    use std::io::IsTerminal;
    use tracing_subscriber::Layer;
    let layer = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    match format {
        config::LogFormat::Text => {
            let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            layer.with_ansi(colour).boxed()
        }
        config::LogFormat::Json => layer.json().with_ansi(false).boxed(),
    }
}

/// Logs to standard error, filtered by `RUST_LOG` (default `info`): text, coloured only on a
/// terminal, until [`set_log_format`] says otherwise. A second call (the studio starting a
/// server twice) keeps the first.
pub fn init_logging() {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let (layer, handle) =
        tracing_subscriber::reload::Layer::new(log_layer(config::LogFormat::Text));
    if tracing_subscriber::registry()
        .with(layer)
        .with(filter)
        .try_init()
        .is_ok()
    {
        let _ = LOG_FORMAT.set(handle);
    }
}

/// Writes the logs in `format` from now on (after [`init_logging`]; otherwise nothing).
pub fn set_log_format(format: config::LogFormat) {
    if let Some(handle) = LOG_FORMAT.get() {
        let _ = handle.reload(log_layer(format));
    }
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
