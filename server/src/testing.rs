//! A server started for real by a test, or by a benchmark, on this machine: what every such
//! start shares, so that each says only what it changes.

use crate::config::Config;
use std::path::Path;

/// A server on 127.0.0.1 at a port the system picks, its data in `data`, without a rate limit
/// (every test client is one address) and with password hashing cheap enough for a two-core
/// machine that registers many players.
pub fn config(data: &Path) -> Config {
    Config {
        data: data.to_path_buf(),
        bind: "127.0.0.1:0".parse().expect("a loopback address"),
        rate_limit: 0.0,
        password_memory_kib: 64,
        ..Config::default()
    }
}

/// A runtime for the server and the test's own requests beside it.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
