//! Running the server: open the database, load the game, listen, and stop gracefully.

use crate::api::{self, AppState};
use crate::config::Config;
use crate::game::{Game, GameError};
use crate::rate::RateLimiter;
use crate::storage::{Checkpointer, Storage, StorageError};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// Why the server cannot start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database cannot be opened.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The saved game cannot be loaded.
    #[error("cannot load the saved game: {0}")]
    Load(#[from] GameError),
    /// The address cannot be bound or the connection loop failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Opens the data folder and loads the game.
/// The writer leaves checkpoints to [`serve`], which runs them on another connection.
pub fn open(config: &Config) -> Result<Game, ServerError> {
    let storage = Storage::open(&config.data, config.durability)?;
    storage.set_auto_checkpoint(false)?;
    Ok(Game::load(storage, config.max_lock_size)?)
}

/// How often the log is copied into the database file.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Checkpoints the database every [`CHECKPOINT_EVERY`] on its own connection, until the
/// server stops.
fn spawn_checkpoints(config: &Config, mut stop: watch::Receiver<bool>) -> Result<(), ServerError> {
    let checkpointer = Arc::new(std::sync::Mutex::new(Checkpointer::open(&config.data)?));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => break,
            }
            let c = checkpointer.clone();
            let done = tokio::task::spawn_blocking(move || {
                c.lock().unwrap_or_else(|e| e.into_inner()).run()
            })
            .await;
            if let Ok(Err(e)) = done {
                tracing::warn!(error = %e, "checkpoint failed; the next one will try again");
            }
        }
    });
    Ok(())
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
    spawn_checkpoints(config, stop_rx.clone())?;
    let state = AppState {
        game,
        limiter: Arc::new(RateLimiter::new(config.rate_limit, config.rate_burst)),
        password_memory_kib: config.password_memory_kib,
        shutdown: stop_rx,
    };
    let app = api::router(state, config.body_limit);
    tracing::info!(addr = %listener.local_addr()?, data = %config.data.display(), "listening");
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        tracing::info!("shutting down");
        let _ = stop_tx.send(true);
    })
    .await?;
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
    let game = open(&config)?;
    let listener = TcpListener::bind(config.bind).await?;
    serve(&config, game, listener, signal()).await
}

/// A server running in this process, for tests and the studio: stop it with [`Running::stop`].
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), ServerError>>,
}

impl Running {
    /// Starts a server on `config.bind` (port 0 picks a free port).
    pub async fn start(config: Config) -> Result<Running, ServerError> {
        let game = open(&config)?;
        let listener = TcpListener::bind(config.bind).await?;
        let addr = listener.local_addr()?;
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve(&config, game, listener, async {
                let _ = rx.await;
            })
            .await
        });
        Ok(Running {
            addr,
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
