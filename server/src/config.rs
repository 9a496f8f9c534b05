//! The server's configuration: defaults, then a TOML file, then the environment, then flags —
//! each later source overriding the earlier.

use crate::storage::Durability;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// Everything the server can be told.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The data folder; the database is one file in it.
    pub data: PathBuf,
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
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data: PathBuf::from("lockwright-data"),
            bind: crate::default_bind(),
            max_lock_size: 8,
            body_limit: 64 * 1024,
            rate_limit: 50.0,
            rate_burst: 200.0,
            durability: Durability::Normal,
            password_memory_kib: 19 * 1024,
        }
    }
}

/// Why the configuration cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML for this configuration.
    #[error("{path}: {source}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// Why, with the line.
        source: Box<toml::de::Error>,
    },
    /// An environment variable holds something unreadable.
    #[error("environment variable {name}: cannot read `{value}`")]
    Env {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
}

/// The server's flags, shared by `lockwright-server` and `lockwright serve`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ServeArgs {
    /// The data folder (env LOCKWRIGHT_DATA; default ./lockwright-data).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The address to listen on (env LOCKWRIGHT_BIND; default 127.0.0.1:27001).
    #[arg(long)]
    pub bind: Option<SocketAddr>,
    /// A TOML configuration file (env LOCKWRIGHT_CONFIG); its keys are the fields of the
    /// configuration: data, bind, max_lock_size, body_limit, rate_limit, rate_burst,
    /// durability ("normal" or "full"), password_memory_kib.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// The largest lock size accepted (env LOCKWRIGHT_MAX_LOCK_SIZE; default 8).
    #[arg(long)]
    pub max_lock_size: Option<i32>,
    /// Requests per second per client address, 0 for no limit (env LOCKWRIGHT_RATE_LIMIT).
    #[arg(long)]
    pub rate_limit: Option<f64>,
}

fn env<T: std::str::FromStr>(name: &'static str) -> Result<Option<T>, ConfigError> {
    match std::env::var(name) {
        Ok(value) => value
            .parse()
            .map(Some)
            .map_err(|_| ConfigError::Env { name, value }),
        Err(_) => Ok(None),
    }
}

impl Config {
    /// Reads a TOML configuration file over the defaults.
    pub fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        toml::from_str(&text).map_err(|source| ConfigError::Toml {
            path: path.to_path_buf(),
            source: Box::new(source),
        })
    }
}

impl ServeArgs {
    /// The configuration: defaults, the file, the environment, then these flags.
    pub fn resolve(&self) -> Result<Config, ConfigError> {
        let file = match &self.config {
            Some(p) => Some(p.clone()),
            None => env::<PathBuf>("LOCKWRIGHT_CONFIG")?,
        };
        let mut c = match file {
            Some(p) => Config::from_file(&p)?,
            None => Config::default(),
        };
        if let Some(v) = env("LOCKWRIGHT_DATA")? {
            c.data = v;
        }
        if let Some(v) = env("LOCKWRIGHT_BIND")? {
            c.bind = v;
        }
        if let Some(v) = env("LOCKWRIGHT_MAX_LOCK_SIZE")? {
            c.max_lock_size = v;
        }
        if let Some(v) = env("LOCKWRIGHT_RATE_LIMIT")? {
            c.rate_limit = v;
        }
        if let Some(v) = &self.data {
            c.data = v.clone();
        }
        if let Some(v) = self.bind {
            c.bind = v;
        }
        if let Some(v) = self.max_lock_size {
            c.max_lock_size = v;
        }
        if let Some(v) = self.rate_limit {
            c.rate_limit = v;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_overrides_defaults_and_flags_override_the_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(
            &path,
            "bind = \"127.0.0.1:4000\"\nmax_lock_size = 6\ndurability = \"full\"\n",
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
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_place() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("server.toml");
        std::fs::write(&path, "bindd = 1\n").expect("write");
        let err = Config::from_file(&path).expect_err("unknown key");
        assert!(err.to_string().contains("bindd"), "{err}");
    }
}
