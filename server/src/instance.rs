//! One server per data folder. Two servers on one SQLite file each keep the world in memory
//! and silently diverge (a token issued by one is unknown to the other; one accepts a
//! declaration on a lock the other retired), so a server holds an exclusive lock on
//! `server.lock` in its data folder while it runs, and writes there who it is. A second
//! server on the folder refuses to start and names the first. The lock is the operating
//! system's (`flock`): it goes with the process, however the process ends, so a crash never
//! leaves a folder that cannot be served.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The file in the data folder that the running server locks.
pub const LOCK_FILE: &str = "server.lock";

/// Why the data folder cannot be taken.
#[derive(Debug, thiserror::Error)]
pub enum InstanceError {
    /// Another server runs on the folder.
    #[error(
        "another server is already running on {data}: {holder}; stop it first, or give this one another data folder"
    )]
    Running {
        /// The data folder.
        data: PathBuf,
        /// What the running server wrote of itself.
        holder: String,
    },
    /// The lock file cannot be made or locked.
    #[error("cannot lock {path}")]
    Io {
        /// The lock file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The data folder, held: dropping it lets another server take the folder.
#[derive(Debug)]
pub struct Instance {
    file: File,
    path: PathBuf,
}

impl Instance {
    /// Takes the data folder `data` (which must exist), or says who holds it.
    pub fn take(data: &Path) -> Result<Instance, InstanceError> {
        let path = data.join(LOCK_FILE);
        let io = |source| InstanceError::Io {
            path: path.clone(),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(InstanceError::Running {
                    data: data.to_path_buf(),
                    holder: if holder.is_empty() {
                        "a server that has not said who it is yet".into()
                    } else {
                        holder.to_string()
                    },
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let mut instance = Instance {
            file,
            path: path.clone(),
        };
        instance
            .say(&format!("process {}, starting", std::process::id()))
            .map_err(io)?;
        Ok(instance)
    }

    /// Writes who holds the folder, for a second server to name.
    pub fn say(&mut self, who: &str) -> std::io::Result<()> {
        self.file.set_len(0)?;
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(format!("{who}\n").as_bytes())?;
        self.file.flush()
    }

    /// Says the server listens on `addr`.
    pub fn listening(&mut self, addr: std::net::SocketAddr) {
        let since = crate::storage::now_ms() / 1000;
        if let Err(e) = self.say(&format!(
            "process {} listening on {addr} since {since} (seconds since 1970)",
            std::process::id()
        )) {
            tracing::warn!(error = %e, path = %self.path.display(), "cannot write who holds the data folder");
        }
    }
}

/// The address the server running on `data` listens on, from what it wrote of itself; an
/// unspecified address (`0.0.0.0`, `::`) becomes the loopback one, which reaches it too.
pub fn address_of(data: &Path) -> Option<std::net::SocketAddr> {
    let said = std::fs::read_to_string(data.join(LOCK_FILE)).ok()?;
    let addr: std::net::SocketAddr = said
        .split("listening on ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(match addr.ip() {
        std::net::IpAddr::V4(ip) if ip.is_unspecified() => {
            std::net::SocketAddr::from(([127, 0, 0, 1], addr.port()))
        }
        std::net::IpAddr::V6(ip) if ip.is_unspecified() => {
            std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, addr.port()))
        }
        _ => addr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_server_on_a_folder_is_refused_and_told_who_runs() {
        let dir = tempfile::tempdir().expect("dir");
        let mut first = Instance::take(dir.path()).expect("first");
        first.listening("127.0.0.1:4000".parse().expect("addr"));
        match Instance::take(dir.path()) {
            Err(InstanceError::Running { holder, .. }) => {
                assert!(holder.contains("listening on 127.0.0.1:4000"), "{holder}");
                assert!(holder.contains(&std::process::id().to_string()), "{holder}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            address_of(dir.path()),
            Some("127.0.0.1:4000".parse().expect("addr"))
        );
        first.listening("0.0.0.0:4001".parse().expect("addr"));
        assert_eq!(
            address_of(dir.path()),
            Some("127.0.0.1:4001".parse().expect("addr")),
            "reached on loopback"
        );
        drop(first);
        // A process another test forks in this moment holds a copy of the lock's descriptor
        // until its exec closes it: the folder is free once that copy is gone too.
        let mut free = Instance::take(dir.path());
        for _ in 0..200 {
            if !matches!(free, Err(InstanceError::Running { .. })) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            free = Instance::take(dir.path());
        }
        free.expect("free once the first has gone");
    }
}
