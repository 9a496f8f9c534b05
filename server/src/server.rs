//! Running the server: open the database, load the game, listen, and stop gracefully.

use crate::api::{self, AppState};
use crate::config::Config;
use crate::game::{Game, GameError};
use crate::instance::Instance;
use crate::listener::Timeouts;
use crate::storage::{Checkpointer, Database, Storage, StorageError};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// Why the server cannot start or stopped with an error. Each says what failed; its source,
/// if any, says why, so that printing the chain says each cause once.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database cannot be opened.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The saved game cannot be loaded.
    #[error("cannot load the saved game: {0}")]
    Load(GameError),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why (e.g. "Address already in use").
        source: std::io::Error,
    },
    /// The connection loop failed.
    #[error("{0}")]
    Io(std::io::Error),
    /// Another server runs on the data folder, or it cannot be locked.
    #[error(transparent)]
    Instance(#[from] crate::instance::InstanceError),
    /// A backup cannot be made or restored.
    #[error(transparent)]
    Backup(#[from] crate::backups::BackupError),
}

impl From<GameError> for ServerError {
    fn from(e: GameError) -> ServerError {
        ServerError::Load(e)
    }
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> ServerError {
        ServerError::Io(e)
    }
}

/// Takes the data folder for this server alone (making it if need be): a second server on
/// it refuses to start.
pub fn take_folder(config: &Config) -> Result<Instance, ServerError> {
    std::fs::create_dir_all(&config.data).map_err(|source| crate::instance::InstanceError::Io {
        path: config.data.clone(),
        source,
    })?;
    Ok(Instance::take(&config.data)?)
}

/// Opens the database (SQLite in the data folder, or PostgreSQL), migrating it, and loads
/// the game. SQLite's writer leaves checkpoints to [`serve`], which runs them on another
/// connection.
pub fn open(config: &Config) -> Result<Game, ServerError> {
    let mut storage = Storage::open_database(&config.database, &config.data, config.durability)?;
    storage.claim()?;
    storage.set_auto_checkpoint(false)?;
    let game = Game::load(storage, config.max_lock_size)?
        .with_tokens(config.token_ttl.get(), config.tokens_per_player)
        .with_lock_lines(config.max_lock_lines);
    Ok(match config.smtp_url {
        Some(_) => game.with_mail(Arc::default()),
        None => game,
    })
}

/// How often the log is copied into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// How often token uses are written and expired tokens forgotten.
const TOKEN_UPKEEP_EVERY: u32 = 5;

/// Says a trouble once when it starts and once when it ends, not at every try.
struct Trouble {
    what: &'static str,
    failing: bool,
}

impl Trouble {
    fn outcome(&mut self, r: Result<(), String>) -> Option<String> {
        match r {
            Err(e) => {
                if !self.failing {
                    tracing::warn!(error = %e, "{} failed; retrying quietly until it works", self.what);
                    self.failing = true;
                }
                Some(e)
            }
            Ok(()) => {
                if self.failing {
                    tracing::info!("{} works again", self.what);
                    self.failing = false;
                }
                None
            }
        }
    }
}

/// Upkeep until the server stops: on SQLite a checkpoint every [`CHECKPOINT_EVERY`] on its
/// own connection (PostgreSQL checkpoints by itself), token upkeep every few ticks, and a last
/// token upkeep when it stops.
fn spawn_upkeep(
    config: &Config,
    game: Game,
    mut stop: watch::Receiver<bool>,
) -> Result<tokio::task::JoinHandle<()>, ServerError> {
    let checkpointer = match config.database {
        Database::Sqlite => Some(Arc::new(std::sync::Mutex::new(Checkpointer::open(
            &config.data,
        )?))),
        Database::Postgres(_) => None,
    };
    Ok(tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut checkpoints = Trouble {
            what: "checkpoint",
            failing: false,
        };
        let mut tokens = Trouble {
            what: "token upkeep",
            failing: false,
        };
        let mut n = 0u32;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => break,
            }
            if let Some(c) = checkpointer.clone() {
                let done = tokio::task::spawn_blocking(move || {
                    c.lock().unwrap_or_else(|e| e.into_inner()).run()
                })
                .await;
                let r = match done {
                    Ok(r) => r.map(|_| ()).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                game.set_checkpoint_trouble(checkpoints.outcome(r));
            }
            n += 1;
            if n.is_multiple_of(TOKEN_UPKEEP_EVERY) {
                let g = game.clone();
                let done = tokio::task::spawn_blocking(move || g.keep_tokens()).await;
                tokens.outcome(match done {
                    Ok(r) => r.map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                });
            }
        }
        let g = game.clone();
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || g.keep_tokens()).await {
            tracing::warn!(error = %e, "cannot write the tokens' last uses");
        }
    }))
}

/// Sends the mail queue in the background, when the server sends mail.
fn spawn_mailer(config: &Config, game: &Game, stop: watch::Receiver<bool>) {
    let (Some(url), Some(waker)) = (&config.smtp_url, game.mail_waker()) else {
        return;
    };
    match crate::mail::Mailer::new(url, &config.mail_from, config.mail_retry.get()) {
        Ok(mailer) => {
            tokio::spawn(mailer.run(game.storage(), waker, stop));
        }
        Err(e) => tracing::warn!(error = %e, "mail cannot be sent"),
    }
}

/// Backs the database up every `backup_every`, keeping the newest `backup_keep`, until the
/// server stops.
fn spawn_backups(config: &Config, mut stop: watch::Receiver<bool>) {
    let Some(every) = config.backup_every else {
        return;
    };
    let data = config.data.clone();
    let folder = config.backup_folder();
    let keep = config.backup_keep;
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every.get());
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The first tick is at once: the first backup waits a whole period.
        tick.tick().await;
        let mut trouble = Trouble {
            what: "the scheduled backup",
            failing: false,
        };
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => break,
            }
            let (d, f) = (data.clone(), folder.clone());
            let done =
                tokio::task::spawn_blocking(move || crate::backups::back_up(&d, &f, keep)).await;
            let r = match done {
                Ok(Ok(path)) => {
                    tracing::info!(path = %path.display(), "backed up");
                    Ok(())
                }
                Ok(Err(e)) => Err(e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            trouble.outcome(r);
        }
    });
}

/// Sends the live events of changes whose request did not (it was given up mid-way), a
/// moment after they were announced: the request itself normally sends them first, right
/// after its answer is ready.
fn spawn_announcer(game: Game, mut stop: watch::Receiver<bool>) {
    tokio::spawn(async move {
        loop {
            tokio::select! {
                () = game.announced() => {}
                _ = stop.changed() => break,
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
            game.send_announced();
        }
        game.send_announced();
    });
}

/// On a database other servers share, applies their changes as PostgreSQL tells of them
/// (and every few seconds besides, should a notification be lost), and sends their events to
/// this server's followers: a follower here learns of a change made through another server
/// within moments of its commit.
fn spawn_catching_up(
    config: &Config,
    game: Game,
    mut stop: watch::Receiver<bool>,
) -> Result<(), ServerError> {
    let Database::Postgres(url) = &config.database else {
        return Ok(());
    };
    let told = Arc::new(tokio::sync::Notify::new());
    let wake = told.clone();
    crate::storage::postgres::listen(url, move || wake.notify_one(), stop.clone())?;
    tokio::spawn(async move {
        let mut trouble = Trouble {
            what: "reading other servers' changes",
            failing: false,
        };
        loop {
            tokio::select! {
                () = told.notified() => {}
                () = tokio::time::sleep(CATCH_UP_AT_LEAST_EVERY) => {}
                _ = stop.changed() => break,
            }
            let g = game.clone();
            let done = tokio::task::spawn_blocking(move || g.catch_up()).await;
            let outcome = match done {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(e)) => Err(e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            let _ = trouble.outcome(outcome);
            game.send_announced();
        }
    });
    Ok(())
}

/// How often a server on a shared database says it is alive, and counts the servers alive.
const HEARTBEAT_EVERY: Duration = Duration::from_secs(1);

/// A server unheard of for this long is no longer counted alive.
const ALIVE_WITHIN: Duration = Duration::from_secs(5);

/// On a shared database, says every second that this server is alive (the table
/// `instances`) and takes its share of every client's rate: the configured rate divided by the
/// servers alive. On stopping, leaves the table, so that the others take back its share at once.
fn spawn_heartbeat(
    game: &Game,
    limiter: Arc<crate::rate::RateLimiter>,
    instance: String,
    mut stop: watch::Receiver<bool>,
) {
    if !game.shared() {
        return;
    }
    let storage = game.storage();
    tokio::spawn(async move {
        let mut trouble = Trouble {
            what: "counting the servers alive",
            failing: false,
        };
        loop {
            let (s, id) = (storage.clone(), instance.clone());
            let beat = tokio::task::spawn_blocking(move || {
                let now = crate::storage::now_ms();
                let window = ALIVE_WITHIN.as_millis() as i64;
                s.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .heartbeat(&id, now, now - window)
            })
            .await;
            match beat {
                Ok(Ok(servers)) => {
                    limiter.set_share(servers);
                    let _ = trouble.outcome(Ok(()));
                }
                Ok(Err(e)) => {
                    let _ = trouble.outcome(Err(e.to_string()));
                }
                Err(e) => {
                    let _ = trouble.outcome(Err(e.to_string()));
                }
            }
            tokio::select! {
                () = tokio::time::sleep(HEARTBEAT_EVERY) => {}
                _ = stop.changed() => break,
            }
        }
        let left = tokio::task::spawn_blocking(move || {
            storage
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .leave(&instance)
        })
        .await;
        if let Ok(Err(e)) = left {
            tracing::warn!(error = %e, "cannot leave the servers alive");
        }
    });
}

/// How long the change log keeps a change every server has applied: a server cut off from the
/// database for longer must restart to catch up (docs/operating.md).
const CHANGES_KEPT: Duration = Duration::from_secs(3600);

/// How often the change log is cut back.
const TRIM_CHANGES_EVERY: Duration = Duration::from_secs(600);

/// Cuts the change log back every few minutes, on either backend: it would otherwise grow
/// with every change for ever.
fn spawn_log_trimming(game: Game, mut stop: watch::Receiver<bool>) {
    tokio::spawn(async move {
        loop {
            tokio::select! {
                () = tokio::time::sleep(TRIM_CHANGES_EVERY) => {}
                _ = stop.changed() => break,
            }
            let g = game.clone();
            let before = crate::storage::now_ms() - CHANGES_KEPT.as_millis() as i64;
            match tokio::task::spawn_blocking(move || g.trim_changes(before)).await {
                Ok(Ok(n)) if n > 0 => tracing::info!(removed = n, "change log cut back"),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "cannot cut the change log back"),
                Err(e) => tracing::warn!(error = %e, "cannot cut the change log back"),
            }
        }
    });
}

/// How long a server on a shared database goes at most without reading the change log.
const CATCH_UP_AT_LEAST_EVERY: Duration = Duration::from_secs(2);

/// How often a server that does not host the Death Matches tries to take their lease.
const TAKE_THE_LEASE_EVERY: Duration = Duration::from_millis(500);

/// The Death Match clock: sleeps until the next deadline of any match (or a change, or a
/// second at most), lets the deadlines pass, and has the solver settle impossible calls that
/// stood, off the async threads.
fn spawn_match_clock(game: Game, url: String, mut stop: watch::Receiver<bool>) {
    tokio::spawn(async move {
        let mut trouble = Trouble {
            what: "the Death Match clock",
            failing: false,
        };
        loop {
            // On a shared database one server hosts the matches; the others wait to take the
            // lease over when it lapses.
            if !game.hosts_death_matches() {
                let (g, u) = (game.clone(), url.clone());
                let taken = tokio::task::spawn_blocking(move || g.host_death_matches(&u)).await;
                if !matches!(taken, Ok(Ok(true))) {
                    if let Ok(Err(e)) = taken {
                        tracing::warn!(error = %e, "cannot take the Death Matches' lease");
                    }
                    tokio::select! {
                        () = tokio::time::sleep(TAKE_THE_LEASE_EVERY) => {}
                        _ = stop.changed() => break,
                    }
                    continue;
                }
            }
            let host = game.death_matches();
            let sleep = host.next_deadline_in().map_or(Duration::from_secs(1), |d| {
                d.clamp(Duration::from_millis(1), Duration::from_secs(1))
            });
            tokio::select! {
                () = tokio::time::sleep(sleep) => {}
                () = host.changed() => {}
                _ = stop.changed() => break,
            }
            let g = game.clone();
            let done = tokio::task::spawn_blocking(move || g.death_matches().tick_all()).await;
            let jobs = match done {
                Ok(Ok(jobs)) => {
                    trouble.outcome(Ok(()));
                    jobs
                }
                Ok(Err(e)) => {
                    trouble.outcome(Err(e.to_string()));
                    Vec::new()
                }
                Err(e) => {
                    trouble.outcome(Err(e.to_string()));
                    Vec::new()
                }
            };
            settle(&game, jobs);
        }
    });
}

/// Works out the verdicts on locks whose impossible call stood, one at a time on the game's
/// settling worker (each is a solver run of up to [`VERDICT_TIME`]), however many stand at
/// once.
///
/// [`VERDICT_TIME`]: crate::death_match_host::settle::VERDICT_TIME
pub fn settle(game: &Game, jobs: Vec<crate::death_match_host::ToSettle>) {
    for job in jobs {
        let g = game.clone();
        tokio::spawn(async move {
            let pool = g.settling().clone();
            let settled = pool
                .run(move || {
                    let verdict = crate::death_match_host::settle::verdict(
                        &job.lock,
                        crate::death_match_host::settle::VERDICT_TIME,
                    );
                    g.death_matches()
                        .settle(&job, verdict)
                        .map_err(|e| format!("match {}: {e}", job.id))
                })
                .await;
            match settled {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::warn!(error = %e, "cannot record a verdict"),
                Err(e) => tracing::warn!(error = %e, "cannot settle an impossible call"),
            }
        });
    }
}

/// Serves on a bound listener until `shutdown` completes, then lets requests in flight
/// finish and closes event streams.
pub async fn serve(
    config: &Config,
    game: Game,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let (stop_tx, stop_rx) = watch::channel(false);
    let upkeep = spawn_upkeep(config, game.clone(), stop_rx.clone())?;
    spawn_announcer(game.clone(), stop_rx.clone());
    spawn_catching_up(config, game.clone(), stop_rx.clone())?;
    spawn_log_trimming(game.clone(), stop_rx.clone());
    spawn_backups(config, stop_rx.clone());
    spawn_mailer(config, &game, stop_rx.clone());
    game.death_matches().set_speed(config.match_speed);
    let local = listener.local_addr()?;
    let instance_url = config.instance_url.clone().unwrap_or_else(|| {
        let ip = match local.ip() {
            ip if ip.is_unspecified() => std::net::IpAddr::from([127, 0, 0, 1]),
            ip => ip,
        };
        format!("http://{}", SocketAddr::new(ip, local.port()))
    });
    // Before the first request: the first server on a database hosts the matches at once.
    let (g, u) = (game.clone(), instance_url.clone());
    match tokio::task::spawn_blocking(move || g.host_death_matches(&u)).await {
        Ok(Ok(true)) => {}
        Ok(Ok(false)) => tracing::info!("another server hosts the Death Matches"),
        Ok(Err(e)) => tracing::warn!(error = %e, "cannot take the Death Matches' lease"),
        Err(e) => tracing::warn!(error = %e, "cannot take the Death Matches' lease"),
    }
    spawn_match_clock(game.clone(), instance_url.clone(), stop_rx.clone());
    match game.ready() {
        Ok(()) => {}
        Err(why) => tracing::warn!(%why, "the server is not ready: /api/v1/ready answers 503"),
    }
    let stopping = game.clone();
    let mut state = AppState::new(game, config, stop_rx.clone());
    spawn_heartbeat(
        &state.game,
        state.limiter.clone(),
        format!("{instance_url} {}", std::process::id()),
        stop_rx.clone(),
    );
    match api::admin::new_admin_token(&config.data) {
        Ok(hash) => state.admin = Arc::new(hash),
        Err(e) => {
            tracing::warn!(error = %e, "cannot write the admin token: admin actions are refused")
        }
    }
    if let Some(addr) = config.metrics_bind {
        let metrics = bind(addr).await?;
        let app = api::metrics_router(state.clone());
        let mut stop = stop_rx.clone();
        tracing::info!(addr = %metrics.local_addr()?, "metrics served");
        tokio::spawn(async move {
            let stopped = async move {
                let _ = stop.wait_for(|s| *s).await;
            };
            if let Err(e) = axum::serve(metrics, app)
                .with_graceful_shutdown(stopped)
                .await
            {
                tracing::warn!(error = %e, "the metrics listener stopped");
            }
        });
    }
    let metrics = state.metrics.clone();
    let app = api::router(state, config);
    tracing::info!(
        addr = %listener.local_addr()?,
        data = %config.data.display(),
        database = %config.database.shown(),
        "listening"
    );
    let timeouts = Timeouts {
        header: config.header_timeout.get(),
        idle: config.idle_timeout.get(),
    };
    let cap = crate::listener::ConnectionCap {
        per_address: config.connections_per_address,
        trusted: crate::client_address::TrustedProxies::new(config.trusted_proxies.clone()),
        metrics,
    };
    crate::listener::serve_connections(listener, app, timeouts, cap, shutdown, stop_tx).await;
    let _ = upkeep.await;
    // Clones of the game (a stream's last task, a blocking call) may outlive serving for a
    // while; the next server on the database need not wait for them.
    let _ = tokio::task::spawn_blocking(move || stopping.let_go()).await;
    Ok(())
}

/// Completes on SIGINT (Ctrl-C) or, on Unix, SIGTERM.
pub async fn signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// Runs the server with its configuration until SIGINT or SIGTERM: what both
/// `lockwright-server` and `lockwright serve` do.
pub async fn run(config: Config) -> Result<(), ServerError> {
    crate::set_log_format(config.log_format);
    let mut instance = take_folder(&config)?;
    let game = open(&config)?;
    let listener = bind(config.bind).await?;
    instance.listening(listener.local_addr()?);
    let served = serve(&config, game, listener, signal()).await;
    drop(instance);
    served
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServerError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| ServerError::Bind { addr, source })
}

/// A server running in this process, for tests and the studio: stop it with [`Running::stop`].
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// The game it serves (for tests and the studio to look inside).
    pub game: Game,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), ServerError>>,
}

impl Running {
    /// Starts a server on `config.bind` (port 0 picks a free port).
    pub async fn start(config: Config) -> Result<Running, ServerError> {
        let mut instance = take_folder(&config)?;
        let game = open(&config)?;
        let listener = bind(config.bind).await?;
        let addr = listener.local_addr()?;
        instance.listening(addr);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let served = game.clone();
        let task = tokio::spawn(async move {
            let r = serve(&config, game, listener, async {
                let _ = rx.await;
            })
            .await;
            drop(instance);
            r
        });
        Ok(Running {
            addr,
            game: served,
            stop: Some(tx),
            task,
        })
    }

    /// The base URL, `http://ADDR`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops it gracefully and waits.
    pub async fn stop(mut self) -> Result<(), ServerError> {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        match self.task.await {
            Ok(r) => r,
            Err(e) => Err(ServerError::Io(std::io::Error::other(e))),
        }
    }
}
