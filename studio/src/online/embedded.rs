//! The embedded server: the real metagame server, run on its own thread inside the studio,
//! listening on 127.0.0.1 on a port the system picks, with its database in the user's data
//! folder. One person on one machine gets the whole metagame with nothing set up.

use anyhow::{Context, Result, anyhow};
use server::config::Config;
use std::net::SocketAddr;
use std::path::Path;

/// A running embedded server. Dropping it stops the server and waits for it.
pub struct Embedded {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Embedded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Embedded")
            .field("addr", &self.addr)
            .finish()
    }
}

/// The configuration of an embedded server keeping its database in `data`.
pub fn config(data: &Path) -> Config {
    Config {
        data: data.to_path_buf(),
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        // One player on their own machine: nobody to limit.
        rate_limit: 0.0,
        ..Config::default()
    }
}

impl Embedded {
    /// Starts the server and returns once it listens.
    pub fn start(config: Config) -> Result<Embedded> {
        std::fs::create_dir_all(&config.data)
            .with_context(|| format!("cannot create {}", config.data.display()))?;
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<SocketAddr, String>>();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("embedded-server".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match server::server::Running::start(config).await {
                        Ok(running) => {
                            let _ = ready_tx.send(Ok(running.addr));
                            let _ = stop_rx.await;
                            // The studio is closing or switching servers: a failure to stop
                            // cleanly loses nothing, since every change is already committed.
                            let _ = running.stop().await;
                        }
                        Err(e) => {
                            let _ = ready_tx.send(Err(e.to_string()));
                        }
                    }
                });
            })
            .context("cannot start the embedded server's thread")?;
        let addr = ready_rx
            .recv()
            .map_err(|_| anyhow!("the embedded server's thread ended before it listened"))?
            .map_err(|e| anyhow!("the embedded server cannot start: {e}"))?;
        Ok(Embedded {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        })
    }

    /// Its base URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Embedded {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_server_listens_on_loopback_and_keeps_its_players() {
        let dir = tempfile::tempdir().expect("dir");
        let mut c = config(dir.path());
        c.password_memory_kib = 64;
        let first = Embedded::start(c.clone()).expect("starts");
        assert!(first.addr.ip().is_loopback());
        assert_ne!(first.addr.port(), 0, "the system picked a port");
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        let url = first.url();
        runtime
            .block_on(async {
                let mut client = server::client::Client::new(&url);
                client.register("ABC", "secret password").await
            })
            .expect("registers");
        drop(first);
        let second = Embedded::start(c).expect("starts again");
        let url = second.url();
        runtime
            .block_on(async {
                let mut client = server::client::Client::new(&url);
                client.login("ABC", "secret password").await
            })
            .expect("the player is in the database the second time");
    }
}
