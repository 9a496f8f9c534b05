//! The server's flags and environment variables, and how they resolve over the file and the
//! defaults into one checked [`Config`].

use super::*;

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
