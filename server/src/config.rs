//! The server's configuration: defaults, then a TOML file, then the environment, then flags —
//! each later source overriding the earlier. Every key of [`Config`] can be set in all three:
//! the file's key `rate_limit` is the variable `LOCKWRIGHT_RATE_LIMIT` and the flag
//! `--rate-limit`. Values are read once, then checked together by [`ServeArgs::resolve`].

use crate::storage::{Database, Durability};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// Everything the server can be told.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The data folder; with SQLite, the database is one file in it. It also holds the
    /// instance's lock file and admin token.
    pub data: PathBuf,
    /// Where the world is kept: `sqlite` (the default: a file in the data folder) or a
    /// PostgreSQL server's `postgres://user@host:port/dbname` URL.
    pub database: Database,
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The largest lock size accepted (Intricacy's "tight size constraints").
    pub max_lock_size: i32,
    /// The largest request body, in bytes. A lock file is a few KiB; 64 KiB leaves room.
    pub body_limit: usize,
    /// Requests per second each client address may make on average; 0 turns limiting off.
    pub rate_limit: f64,
    /// How many requests a client may make at once before the average applies.
    pub rate_burst: f64,
    /// How hard a commit waits for the disk.
    pub durability: Durability,
    /// Memory cost of password hashing, in KiB.
    pub password_memory_kib: u32,
    /// Password checks run at once (each holds `password_memory_kib`); 0: one per core.
    pub password_workers: usize,
    /// Password checks that may wait for a worker; beyond them, logins and registrations are
    /// refused with 429 at once.
    pub password_queue: usize,
    /// Failed logins a codename (or, four times as many, an address) may make before each
    /// further attempt must wait, longer after each failure; 0 turns the throttle off.
    pub login_free_failures: u32,
    /// How long a connection may take to send a request's headers, counted from when it
    /// opened or its previous response ended; then it is closed.
    pub header_timeout: Period,
    /// How long a connection may go without a byte moving either way; then it is closed.
    /// Event streams send a comment at least twice as often, so followers stay connected.
    pub idle_timeout: Period,
    /// How long a request may take, body included, before it is answered `408 timeout`
    /// (event streams excepted).
    pub request_timeout: Period,
    /// How long a login token lasts unused; each use starts it again.
    pub token_ttl: Period,
    /// Login tokens a player may hold at once; logging in beyond drops the least recently
    /// used.
    pub tokens_per_player: usize,
    /// How logs are written to standard error: `text` or `json` (one object per line).
    pub log_format: LogFormat,
    /// How many times faster than real time Death Match clocks run: 1 for play; more to
    /// practise or test a whole match quickly (every clock scales alike).
    pub match_speed: f64,
    /// The most lines a published lock's text may have; a longer text is refused before it
    /// is read.
    pub max_lock_lines: usize,
    /// Locks and solutions checked at once (reading a lock, replaying a solution); 0: one
    /// per core.
    pub check_workers: usize,
    /// Checks that may wait for a worker; beyond them, publishes and declarations are
    /// refused with 429 `busy` at once.
    pub check_queue: usize,
    /// Proxies (addresses or networks, e.g. `127.0.0.1` or `10.0.0.0/8`) whose
    /// `X-Forwarded-For` or `Forwarded` header names the client; from any other peer those
    /// headers are ignored and the peer is the client.
    pub trusted_proxies: Vec<Network>,
    /// Connections one client address may hold open at once (trusted proxies excepted).
    pub connections_per_address: usize,
    /// Event streams one player may hold open at once.
    pub streams_per_player: usize,
    /// Event streams one client address may hold open at once.
    pub streams_per_address: usize,
    /// Locks one player may publish in an hour.
    pub publishes_per_hour: u32,
    /// Death Match challenges one player may have waiting for an answer.
    pub open_challenges_per_player: usize,
    /// Pieces one round of a challenge's round file may offer.
    pub pieces_per_round: usize,
    /// Where `/metrics` is served: unset, on the API's own address; set, only on this one
    /// (e.g. `127.0.0.1:9100`, for a scraper on the same machine or network).
    pub metrics_bind: Option<SocketAddr>,
    /// Where the other servers on the same PostgreSQL database reach this one (e.g.
    /// `http://10.0.0.5:27001`), for the Death Match requests they pass to it while it hosts
    /// the matches; unset: `http://` and the address it listens on (127.0.0.1 when it listens
    /// on every address).
    pub instance_url: Option<String>,
    /// How often the running server backs its database up; unset: never (back up with
    /// `lockwright-server backup` instead).
    pub backup_every: Option<Period>,
    /// How many scheduled backups are kept: the oldest beyond are deleted.
    pub backup_keep: usize,
    /// Where scheduled backups go; unset: `backups` in the data folder.
    pub backup_folder: Option<PathBuf>,
    /// The SMTP server mail is sent through (`smtp://localhost:25`,
    /// `smtp://user:password@mail.example.org:587?tls=required`, `smtps://…:465`); unset,
    /// the server sends no mail and players cannot give an address.
    pub smtp_url: Option<String>,
    /// The sender of the server's mail.
    pub mail_from: String,
    /// How long a mail that could not be sent waits before it is tried again; doubled after
    /// each failure, up to six hours, twelve tries in all.
    pub mail_retry: Period,
}

/// The largest request body a server may be set to take: far above any lock, far below memory.
const MAX_BODY_LIMIT: usize = 16 << 20;

/// The most memory one password check may be set to hold, in KiB: 1 GiB (the default is 19 MiB).
const MAX_PASSWORD_MEMORY_KIB: u32 = 1 << 20;

impl Default for Config {
    fn default() -> Config {
        Config {
            data: PathBuf::from("lockwright-data"),
            database: Database::Sqlite,
            bind: crate::default_bind(),
            max_lock_size: 8,
            body_limit: 64 * 1024,
            rate_limit: 50.0,
            rate_burst: 200.0,
            durability: Durability::Normal,
            password_memory_kib: 19 * 1024,
            password_workers: 0,
            password_queue: 32,
            login_free_failures: 5,
            header_timeout: Period::secs(10),
            idle_timeout: Period::secs(60),
            request_timeout: Period::secs(30),
            token_ttl: Period::secs(30 * 24 * 3600),
            tokens_per_player: 10,
            log_format: LogFormat::Text,
            match_speed: 1.0,
            max_lock_lines: crate::verify::DEFAULT_MAX_LOCK_LINES,
            check_workers: 0,
            check_queue: 64,
            trusted_proxies: Vec::new(),
            connections_per_address: 64,
            streams_per_player: 8,
            streams_per_address: 32,
            publishes_per_hour: 60,
            open_challenges_per_player: 5,
            pieces_per_round: 60,
            metrics_bind: None,
            instance_url: None,
            backup_every: None,
            backup_keep: 7,
            backup_folder: None,
            smtp_url: None,
            mail_from: "Lockwright <lockwright@localhost>".into(),
            mail_retry: Period::secs(60),
        }
    }
}

impl Config {
    /// Where scheduled backups go.
    pub fn backup_folder(&self) -> PathBuf {
        self.backup_folder
            .clone()
            .unwrap_or_else(|| self.data.join("backups"))
    }

    /// The number of password workers: the configured one, or one per core.
    pub fn password_workers(&self) -> usize {
        match self.password_workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        }
    }
}

/// An address or a network of addresses: `10.0.0.0/8`, `::1`, `192.168.1.7` (one address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network(pub ipnet::IpNet);

impl Network {
    /// Whether the network holds `addr` (an IPv4 address seen as IPv6, `::ffff:a.b.c.d`,
    /// counts as the IPv4 one).
    pub fn contains(&self, addr: std::net::IpAddr) -> bool {
        let addr = match addr {
            std::net::IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, std::net::IpAddr::V4),
            v4 => v4,
        };
        self.0.contains(&addr)
    }
}

impl std::str::FromStr for Network {
    type Err = String;

    fn from_str(s: &str) -> Result<Network, String> {
        let s = s.trim();
        s.parse::<ipnet::IpNet>()
            .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
            .map(Network)
            .map_err(|_| {
                format!("`{s}` is not an address or a network (e.g. 10.0.0.1 or 10.0.0.0/8)")
            })
    }
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for Network {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Network {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Network, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// How logs are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Lines for people; coloured only when standard error is a terminal and `NO_COLOR` is
    /// unset.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// A length of time, written `500ms`, `10s`, `5m`, `12h`, `30d` or as a bare number of
/// seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Period(pub std::time::Duration);

impl Period {
    /// Whole seconds.
    pub const fn secs(s: u64) -> Period {
        Period(std::time::Duration::from_secs(s))
    }

    /// Milliseconds.
    pub const fn millis(ms: u64) -> Period {
        Period(std::time::Duration::from_millis(ms))
    }

    /// The duration.
    pub fn get(self) -> std::time::Duration {
        self.0
    }
}

impl std::str::FromStr for Period {
    type Err = String;

    fn from_str(s: &str) -> Result<Period, String> {
        let s = s.trim();
        let split = s
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(s.len());
        let (number, unit) = s.split_at(split);
        let n: f64 = number.parse().map_err(|_| {
            format!("`{s}` is not a length of time (e.g. 500ms, 10s, 5m, 12h, 30d)")
        })?;
        let scale = match unit.trim() {
            "ms" => 0.001,
            "" | "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            "d" => 86400.0,
            other => {
                return Err(format!(
                    "`{other}` is not a unit of time: use ms, s, m, h or d"
                ));
            }
        };
        std::time::Duration::try_from_secs_f64(n * scale)
            .map(Period)
            .map_err(|_| format!("`{s}` is out of range"))
    }
}

impl std::fmt::Display for Period {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = self.0.as_millis();
        for (unit, size) in [
            ("d", 86_400_000),
            ("h", 3_600_000),
            ("m", 60_000),
            ("s", 1000),
        ] {
            if ms >= size && ms.is_multiple_of(size) {
                return write!(f, "{}{unit}", ms / size);
            }
        }
        write!(f, "{ms}ms")
    }
}

impl Serialize for Period {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Period, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(f64),
        }
        match Raw::deserialize(d)? {
            Raw::Text(t) => t.parse().map_err(serde::de::Error::custom),
            Raw::Number(n) => std::time::Duration::try_from_secs_f64(n)
                .map(Period)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// Why the configuration cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {path}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML for this configuration.
    #[error("{path}: {detail}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// Why, with the line.
        detail: Box<toml::de::Error>,
    },
    /// A value is out of its range.
    #[error("{key}: {why}")]
    Invalid {
        /// The key.
        key: &'static str,
        /// What is wrong.
        why: String,
    },
}

/// The server's flags, shared by `lockwright-server` and `lockwright serve`. Each also reads
/// its environment variable (a flag wins over the variable, the variable over the file).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// A TOML configuration file; its keys are the long flags' names with `_` for `-`.
    #[arg(long, env = "LOCKWRIGHT_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The data folder [default: ./lockwright-data].
    #[arg(long, env = "LOCKWRIGHT_DATA", value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The address to listen on [default: 127.0.0.1:27001].
    #[arg(long, env = "LOCKWRIGHT_BIND", value_name = "ADDR")]
    pub bind: Option<SocketAddr>,
    /// Where the world is kept: `sqlite` or a `postgres://user@host:port/dbname` URL
    /// [default: sqlite, in the data folder].
    #[arg(long, env = "LOCKWRIGHT_DATABASE", value_name = "URL", value_parser = Database::parse)]
    pub database: Option<Database>,
    /// The largest lock size accepted [default: 8].
    #[arg(long, env = "LOCKWRIGHT_MAX_LOCK_SIZE", value_name = "N")]
    pub max_lock_size: Option<i32>,
    /// The largest request body in bytes [default: 65536].
    #[arg(long, env = "LOCKWRIGHT_BODY_LIMIT", value_name = "BYTES")]
    pub body_limit: Option<usize>,
    /// Requests per second per client address, 0 for no limit [default: 50].
    #[arg(long, env = "LOCKWRIGHT_RATE_LIMIT", value_name = "N")]
    pub rate_limit: Option<f64>,
    /// Requests a client address may make at once before the rate applies [default: 200].
    #[arg(long, env = "LOCKWRIGHT_RATE_BURST", value_name = "N")]
    pub rate_burst: Option<f64>,
    /// How hard a commit waits for the disk: normal or full [default: normal].
    #[arg(long, env = "LOCKWRIGHT_DURABILITY", value_name = "HOW", value_parser = parse_durability)]
    pub durability: Option<Durability>,
    /// Memory cost of password hashing in KiB [default: 19456].
    #[arg(long, env = "LOCKWRIGHT_PASSWORD_MEMORY_KIB", value_name = "KIB")]
    pub password_memory_kib: Option<u32>,
    /// Password checks at once, 0 for one per core [default: 0].
    #[arg(long, env = "LOCKWRIGHT_PASSWORD_WORKERS", value_name = "N")]
    pub password_workers: Option<usize>,
    /// Password checks that may wait; beyond, 429 [default: 32].
    #[arg(long, env = "LOCKWRIGHT_PASSWORD_QUEUE", value_name = "N")]
    pub password_queue: Option<usize>,
    /// Failed logins per codename before delays start, 0 for no throttle [default: 5].
    #[arg(long, env = "LOCKWRIGHT_LOGIN_FREE_FAILURES", value_name = "N")]
    pub login_free_failures: Option<u32>,
    /// Time to send a request's headers [default: 10s].
    #[arg(long, env = "LOCKWRIGHT_HEADER_TIMEOUT", value_name = "TIME")]
    pub header_timeout: Option<Period>,
    /// Time a connection may stay silent [default: 60s].
    #[arg(long, env = "LOCKWRIGHT_IDLE_TIMEOUT", value_name = "TIME")]
    pub idle_timeout: Option<Period>,
    /// Time a request may take [default: 30s].
    #[arg(long, env = "LOCKWRIGHT_REQUEST_TIMEOUT", value_name = "TIME")]
    pub request_timeout: Option<Period>,
    /// How long a login token lasts unused [default: 30d].
    #[arg(long, env = "LOCKWRIGHT_TOKEN_TTL", value_name = "TIME")]
    pub token_ttl: Option<Period>,
    /// Login tokens per player [default: 10].
    #[arg(long, env = "LOCKWRIGHT_TOKENS_PER_PLAYER", value_name = "N")]
    pub tokens_per_player: Option<usize>,
    /// Logs as text or json [default: text].
    #[arg(long, env = "LOCKWRIGHT_LOG_FORMAT", value_name = "FORMAT")]
    pub log_format: Option<LogFormat>,
    /// Death Match clocks run this many times faster than real time [default: 1].
    #[arg(long, env = "LOCKWRIGHT_MATCH_SPEED", value_name = "FACTOR")]
    pub match_speed: Option<f64>,
    /// The most lines a published lock may have [default: 1000].
    #[arg(long, env = "LOCKWRIGHT_MAX_LOCK_LINES", value_name = "N")]
    pub max_lock_lines: Option<usize>,
    /// Lock and solution checks at once, 0 for one per core [default: 0].
    #[arg(long, env = "LOCKWRIGHT_CHECK_WORKERS", value_name = "N")]
    pub check_workers: Option<usize>,
    /// Lock and solution checks that may wait; beyond, 429 [default: 64].
    #[arg(long, env = "LOCKWRIGHT_CHECK_QUEUE", value_name = "N")]
    pub check_queue: Option<usize>,
    /// Proxies whose forwarded-client headers are believed, comma-separated addresses or
    /// networks [default: none].
    #[arg(
        long,
        env = "LOCKWRIGHT_TRUSTED_PROXIES",
        value_name = "NETS",
        value_delimiter = ','
    )]
    pub trusted_proxies: Option<Vec<Network>>,
    /// Connections per client address [default: 64].
    #[arg(long, env = "LOCKWRIGHT_CONNECTIONS_PER_ADDRESS", value_name = "N")]
    pub connections_per_address: Option<usize>,
    /// Event streams per player [default: 8].
    #[arg(long, env = "LOCKWRIGHT_STREAMS_PER_PLAYER", value_name = "N")]
    pub streams_per_player: Option<usize>,
    /// Event streams per client address [default: 32].
    #[arg(long, env = "LOCKWRIGHT_STREAMS_PER_ADDRESS", value_name = "N")]
    pub streams_per_address: Option<usize>,
    /// Locks a player may publish in an hour [default: 60].
    #[arg(long, env = "LOCKWRIGHT_PUBLISHES_PER_HOUR", value_name = "N")]
    pub publishes_per_hour: Option<u32>,
    /// Death Match challenges a player may have waiting [default: 5].
    #[arg(long, env = "LOCKWRIGHT_OPEN_CHALLENGES_PER_PLAYER", value_name = "N")]
    pub open_challenges_per_player: Option<usize>,
    /// Pieces a round of a round file may offer [default: 60].
    #[arg(long, env = "LOCKWRIGHT_PIECES_PER_ROUND", value_name = "N")]
    pub pieces_per_round: Option<usize>,
    /// Serve /metrics only on this address [default: the API's address].
    #[arg(long, env = "LOCKWRIGHT_METRICS_BIND", value_name = "ADDR")]
    pub metrics_bind: Option<SocketAddr>,
    /// Where other servers on the same PostgreSQL database reach this one [default:
    /// http:// and the address listened on].
    #[arg(long, env = "LOCKWRIGHT_INSTANCE_URL", value_name = "URL")]
    pub instance_url: Option<String>,
    /// Back the database up this often, e.g. 6h [default: never].
    #[arg(long, env = "LOCKWRIGHT_BACKUP_EVERY", value_name = "TIME")]
    pub backup_every: Option<Period>,
    /// Scheduled backups kept [default: 7].
    #[arg(long, env = "LOCKWRIGHT_BACKUP_KEEP", value_name = "N")]
    pub backup_keep: Option<usize>,
    /// Where scheduled backups go [default: DATA/backups].
    #[arg(long, env = "LOCKWRIGHT_BACKUP_FOLDER", value_name = "DIR")]
    pub backup_folder: Option<PathBuf>,
    /// The SMTP server to send mail through, e.g. smtp://localhost:25 [default: no mail].
    #[arg(long, env = "LOCKWRIGHT_SMTP_URL", value_name = "URL")]
    pub smtp_url: Option<String>,
    /// The sender of the server's mail [default: Lockwright <lockwright@localhost>].
    #[arg(long, env = "LOCKWRIGHT_MAIL_FROM", value_name = "MAILBOX")]
    pub mail_from: Option<String>,
    /// Wait before a failed mail is tried again, doubling [default: 60s].
    #[arg(long, env = "LOCKWRIGHT_MAIL_RETRY", value_name = "TIME")]
    pub mail_retry: Option<Period>,
}

fn parse_durability(s: &str) -> Result<Durability, String> {
    match s {
        "normal" => Ok(Durability::Normal),
        "full" => Ok(Durability::Full),
        _ => Err(format!("`{s}` is not a durability: normal or full")),
    }
}

/// The most of a configuration file read: far more than any configuration.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads a regular file of at most [`MAX_CONFIG_BYTES`]: a named pipe or a device is refused
/// at once, never waited on.
fn read_bounded(path: &Path) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(Error::new(ErrorKind::IsADirectory, "it is a folder"));
    }
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "it is not a regular file (a named pipe, a socket or a device)",
        ));
    }
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(Error::new(
            ErrorKind::FileTooLarge,
            format!("it is over the limit of {MAX_CONFIG_BYTES} bytes"),
        ));
    }
    Ok(text)
}

impl Config {
    /// Reads a TOML configuration file over the defaults.
    pub fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = read_bounded(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        toml::from_str(&text).map_err(|e| ConfigError::Toml {
            path: path.to_path_buf(),
            detail: Box::new(e),
        })
    }

    /// Checks the values together; a server never starts with a value it cannot honour.
    pub fn check(&self) -> Result<(), ConfigError> {
        let invalid = |key, why: &str| {
            Err(ConfigError::Invalid {
                key,
                why: why.to_string(),
            })
        };
        if !(1024..=MAX_BODY_LIMIT).contains(&self.body_limit) {
            return invalid(
                "body_limit",
                "from 1024 bytes (a lock file needs room) to 16 MiB (16777216)",
            );
        }
        let sizes =
            engine::hexlock::model::frame::MIN_SIZE..=engine::hexlock::model::frame::MAX_SIZE;
        if !sizes.contains(&self.max_lock_size) {
            return invalid(
                "max_lock_size",
                &format!("a lock size from {} to {}", sizes.start(), sizes.end()),
            );
        }
        if !(8..=MAX_PASSWORD_MEMORY_KIB).contains(&self.password_memory_kib) {
            return invalid(
                "password_memory_kib",
                "from 8 KiB (argon2's minimum) to 1048576 KiB (1 GiB a check)",
            );
        }
        if !(self.rate_limit.is_finite() && self.rate_limit >= 0.0) {
            return invalid(
                "rate_limit",
                "requests a second, 0 or more (0 turns limiting off)",
            );
        }
        if !(self.rate_burst.is_finite() && self.rate_burst >= 0.0) {
            return invalid("rate_burst", "a number of requests, 0 or more");
        }
        if !(self.match_speed.is_finite() && (0.001..=100_000.0).contains(&self.match_speed)) {
            return invalid("match_speed", "a factor from 0.001 to 100000");
        }
        for (key, n) in [
            ("tokens_per_player", self.tokens_per_player),
            ("connections_per_address", self.connections_per_address),
            ("streams_per_player", self.streams_per_player),
            ("streams_per_address", self.streams_per_address),
            ("publishes_per_hour", self.publishes_per_hour as usize),
            ("backup_keep", self.backup_keep),
            (
                "open_challenges_per_player",
                self.open_challenges_per_player,
            ),
            ("pieces_per_round", self.pieces_per_round),
        ] {
            if n == 0 {
                return invalid(key, "at least 1");
            }
        }
        if !(40..=100_000).contains(&self.max_lock_lines) {
            return invalid(
                "max_lock_lines",
                "from 40 lines (a size-11 lock needs 32) to 100000",
            );
        }
        for (key, p) in [
            ("header_timeout", self.header_timeout),
            ("idle_timeout", self.idle_timeout),
            ("request_timeout", self.request_timeout),
            ("token_ttl", self.token_ttl),
            ("mail_retry", self.mail_retry),
        ] {
            if p.get() < std::time::Duration::from_millis(10) {
                return invalid(key, "at least 10ms");
            }
        }
        if let Some(url) = &self.smtp_url
            && let Err(why) = crate::mail::Mailer::new(url, &self.mail_from, self.mail_retry.get())
        {
            return Err(ConfigError::Invalid {
                key: "smtp_url",
                why,
            });
        }
        if self
            .backup_every
            .is_some_and(|p| p.get() < std::time::Duration::from_millis(100))
        {
            return invalid("backup_every", "at least 100ms (a backup takes a moment)");
        }
        if self.backup_every.is_some() && matches!(self.database, Database::Postgres(_)) {
            return invalid(
                "backup_every",
                "unset on PostgreSQL: scheduled backups copy SQLite's file; back PostgreSQL up \
                 with pg_dump or its own tools (docs/operating.md)",
            );
        }
        Ok(())
    }
}

impl ServeArgs {
    /// The configuration: defaults, the file, then the environment and flags (which clap has
    /// already merged), checked.
    pub fn resolve(&self) -> Result<Config, ConfigError> {
        let mut c = match &self.config {
            Some(p) => Config::from_file(p)?,
            None => Config::default(),
        };
        macro_rules! over {
            ($($field:ident),*) => {
                $(if let Some(v) = &self.$field {
                    c.$field = v.clone();
                })*
            };
        }
        over!(
            data,
            database,
            bind,
            max_lock_size,
            body_limit,
            rate_limit,
            rate_burst,
            durability,
            password_memory_kib,
            password_workers,
            password_queue,
            login_free_failures,
            header_timeout,
            idle_timeout,
            request_timeout,
            token_ttl,
            tokens_per_player,
            log_format,
            match_speed,
            max_lock_lines,
            check_workers,
            check_queue,
            trusted_proxies,
            connections_per_address,
            streams_per_player,
            streams_per_address,
            publishes_per_hour,
            open_challenges_per_player,
            pieces_per_round,
            mail_from,
            mail_retry
        );
        if self.smtp_url.is_some() {
            c.smtp_url = self.smtp_url.clone();
        }
        if self.metrics_bind.is_some() {
            c.metrics_bind = self.metrics_bind;
        }
        if self.instance_url.is_some() {
            c.instance_url = self.instance_url.clone();
        }
        if self.backup_every.is_some() {
            c.backup_every = self.backup_every;
        }
        if self.backup_keep.is_some() {
            c.backup_keep = self.backup_keep.unwrap_or(c.backup_keep);
        }
        if self.backup_folder.is_some() {
            c.backup_folder = self.backup_folder.clone();
        }
        c.check()?;
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn the_database_is_sqlite_unless_a_postgres_url_is_named() {
        assert_eq!(Config::default().database, Database::Sqlite);
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(&path, "database = \"postgres://lw@127.0.0.1:5432/world\"\n")
            .expect("write");
        let from_file = ServeArgs {
            config: Some(path.clone()),
            ..ServeArgs::default()
        };
        assert_eq!(
            from_file.resolve().expect("config").database,
            Database::Postgres("postgres://lw@127.0.0.1:5432/world".into())
        );
        let flag = Cli::try_parse_from([
            "x",
            "--config",
            path.to_str().expect("path"),
            "--database",
            "sqlite",
        ])
        .expect("flags");
        assert_eq!(
            flag.serve.resolve().expect("config").database,
            Database::Sqlite
        );
        for wrong in ["mysql://x", "postgres://lw@host:notaport/db"] {
            assert!(
                Cli::try_parse_from(["x", "--database", wrong]).is_err(),
                "{wrong} accepted"
            );
        }
        std::fs::write(
            &path,
            "database = \"postgres://lw:secret@h/w\"\nbackup_every = \"1h\"\n",
        )
        .expect("write");
        let why = from_file
            .resolve()
            .expect_err("backups on PostgreSQL")
            .to_string();
        assert!(why.contains("backup_every"), "{why}");
        assert_eq!(
            Database::parse("postgres://lw:secret@h/w")
                .expect("url")
                .shown(),
            "postgres://lw:***@h/w"
        );
    }

    #[test]
    fn a_file_overrides_defaults_and_flags_override_the_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(
            &path,
            "bind = \"127.0.0.1:4000\"\nmax_lock_size = 6\ndurability = \"full\"\n\
             idle_timeout = \"2m\"\ntoken_ttl = 3600\n",
        )
        .expect("write");
        let args = ServeArgs {
            config: Some(path),
            max_lock_size: Some(7),
            ..ServeArgs::default()
        };
        let c = args.resolve().expect("config");
        assert_eq!(c.bind.port(), 4000);
        assert_eq!(c.max_lock_size, 7);
        assert_eq!(c.durability, Durability::Full);
        assert_eq!(c.idle_timeout, Period::secs(120));
        assert_eq!(c.token_ttl, Period::secs(3600));
    }

    /// Regression: `--rate-limit=-1`, `--max-lock-size=-3` and `--password-memory-kib
    /// 40000000` were taken; each is refused naming its key and the range it takes.
    #[test]
    fn nonsense_values_are_refused_with_their_key_and_range() {
        let refused = |args: ServeArgs, key: &str, range: &str| match args.resolve() {
            Err(ConfigError::Invalid { key: k, why }) => {
                assert_eq!(k, key);
                assert!(why.contains(range), "{why}");
            }
            other => panic!("{key}: {other:?}"),
        };
        refused(
            ServeArgs {
                rate_limit: Some(-1.0),
                ..ServeArgs::default()
            },
            "rate_limit",
            "0 or more",
        );
        refused(
            ServeArgs {
                max_lock_size: Some(-3),
                ..ServeArgs::default()
            },
            "max_lock_size",
            "from 3 to 11",
        );
        refused(
            ServeArgs {
                password_memory_kib: Some(40_000_000),
                ..ServeArgs::default()
            },
            "password_memory_kib",
            "1048576 KiB",
        );
        refused(
            ServeArgs {
                rate_burst: Some(f64::INFINITY),
                ..ServeArgs::default()
            },
            "rate_burst",
            "0 or more",
        );
        refused(
            ServeArgs {
                body_limit: Some(1 << 40),
                ..ServeArgs::default()
            },
            "body_limit",
            "16 MiB",
        );
        let fine = ServeArgs {
            rate_limit: Some(0.0),
            max_lock_size: Some(11),
            password_memory_kib: Some(8),
            ..ServeArgs::default()
        };
        assert!(fine.resolve().is_ok(), "the ends of each range are taken");
    }

    #[test]
    fn every_key_has_a_flag() {
        // The file's keys, from the defaults written out: each must be a flag too.
        let text = toml::to_string(&Config::default()).expect("toml");
        let table: toml::Table = text.parse().expect("table");
        let mut argv = vec!["x".to_string()];
        for (key, value) in &table {
            let value = match value {
                toml::Value::String(s) => s.clone(),
                // A list is one comma-separated flag; an empty one is the default.
                toml::Value::Array(items) if items.is_empty() => continue,
                toml::Value::Array(items) => items
                    .iter()
                    .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(","),
                other => other.to_string(),
            };
            argv.push(format!("--{}", key.replace('_', "-")));
            argv.push(value);
        }
        let cli = Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cli.serve.resolve().expect("config"), Config::default());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let cli = Cli::try_parse_from(["x", "--trusted-proxies", "127.0.0.1, 10.0.0.0/8,::1"])
            .unwrap_or_else(|e| panic!("{e}"));
        let c = cli.serve.resolve().expect("config");
        let nets: Vec<String> = c.trusted_proxies.iter().map(|n| n.to_string()).collect();
        assert_eq!(nets, ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]);
        assert!(c.trusted_proxies[1].contains("10.9.8.7".parse().expect("ip")));
        assert!(
            c.trusted_proxies[0].contains("::ffff:127.0.0.1".parse().expect("ip")),
            "an IPv4 address seen over IPv6 is the same address"
        );
        assert!(!c.trusted_proxies[0].contains("127.0.0.2".parse().expect("ip")));
        let file: Config = toml::from_str("trusted_proxies = [\"192.168.0.0/16\"]").expect("toml");
        assert_eq!(file.trusted_proxies[0].to_string(), "192.168.0.0/16");
        assert!(toml::from_str::<Config>("trusted_proxies = [\"proxy.example\"]").is_err());
    }

    #[test]
    fn periods_read_and_print() {
        for (text, ms) in [
            ("500ms", 500),
            ("10s", 10_000),
            ("1.5", 1500),
            ("5m", 300_000),
        ] {
            let p: Period = text.parse().expect(text);
            assert_eq!(p.get().as_millis(), ms, "{text}");
            assert_eq!(p.to_string().parse::<Period>(), Ok(p));
        }
        assert_eq!(Period::secs(30 * 86400).to_string(), "30d");
        assert!("ten".parse::<Period>().is_err());
        assert!("5y".parse::<Period>().is_err());
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_place() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(&path, "bindd = 1\n").expect("write");
        let err = Config::from_file(&path).expect_err("unknown key");
        assert!(err.to_string().contains("bindd"), "{err}");
    }

    #[test]
    fn values_out_of_range_are_refused() {
        let args = ServeArgs {
            tokens_per_player: Some(0),
            ..ServeArgs::default()
        };
        assert!(matches!(
            args.resolve(),
            Err(ConfigError::Invalid {
                key: "tokens_per_player",
                ..
            })
        ));
    }

    /// Regression: a named pipe given as the configuration was waited on for ever.
    #[cfg(unix)]
    #[test]
    fn a_configuration_that_is_not_a_regular_file_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("dir");
        let fifo = dir.path().join("server.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|m| m.success()), "mkfifo");
        let (done, answered) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let said = match Config::from_file(&fifo) {
                Err(ConfigError::Read { source, .. }) => source.to_string(),
                other => format!("not a read error: {other:?}"),
            };
            let _ = done.send(said);
        });
        let said = answered
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("answered within 10 s");
        assert!(said.contains("not a regular file"), "{said}");
        assert!(matches!(
            Config::from_file(dir.path()),
            Err(ConfigError::Read { .. })
        ));
    }
}
