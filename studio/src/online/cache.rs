//! What the online screen last heard from a server, kept on disk per server and player, so that
//! it shows at once on start and stays readable offline.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use server::protocol::{LockView, NoteView, PlayerView, Scores};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One player's picture of one server.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cache {
    /// The players with my score relative to each.
    pub scores: Option<Scores>,
    /// Players' slots as I see them, mine included, by codename.
    pub players: BTreeMap<String, PlayerView>,
    /// Lock texts by number: a lock never changes, so these never go stale.
    pub locks: BTreeMap<i64, LockView>,
    /// The notes I have read, with their solutions.
    pub notes: Vec<NoteView>,
    /// When anything was last heard from the server, in seconds since the Unix epoch.
    pub heard_at: Option<u64>,
}

/// The cache file of a player on a server, under the cache folder.
pub fn path(folder: &Path, server: &str, codename: &str) -> PathBuf {
    folder
        .join(file_safe(server))
        .join(format!("{}.json", file_safe(codename)))
}

/// A name safe in any file system: letters and digits kept, the rest as `_XX` hex.
fn file_safe(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("_{b:02X}")
            }
        })
        .collect()
}

impl Cache {
    /// Reads a cache file; a missing or unreadable one is an empty cache (it is only a cache).
    pub fn load(path: &Path) -> Cache {
        std::fs::read(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Writes the cache atomically (its folder is created).
    pub fn save(&self, path: &Path) -> Result<()> {
        let bytes = serde_json::to_vec(self).context("cannot write the cache as JSON")?;
        crate::files::write_atomic_bytes(path, &bytes)
    }

    /// Notes that something was heard now.
    pub fn heard(&mut self) {
        self.heard_at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .map(|d| d.as_secs());
    }

    /// The numbers of locks shown in players' slots whose texts are not cached yet.
    pub fn missing_locks(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self
            .players
            .values()
            .flat_map(|p| p.slots.iter())
            .filter_map(|s| s.lock.as_ref().map(|l| l.id))
            .chain(self.notes.iter().map(|n| n.on.id))
            .filter(|id| !self.locks.contains_key(id))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_round_trips_and_a_broken_file_reads_as_empty() {
        let dir = tempfile::tempdir().expect("dir");
        let p = path(dir.path(), "http://127.0.0.1:1234", "A/B");
        assert!(p.starts_with(dir.path()));
        assert_eq!(p.file_name().and_then(|n| n.to_str()), Some("A_2FB.json"));
        let mut c = Cache::default();
        c.heard();
        c.notes.push(server::protocol::NoteView {
            id: 4,
            author: "ABC".into(),
            on: Default::default(),
            behind: Default::default(),
            public: false,
            read: true,
            solution: Some("hW".into()),
        });
        c.save(&p).expect("save");
        let back = Cache::load(&p);
        assert_eq!(back.notes.len(), 1);
        assert_eq!(back.heard_at, c.heard_at);
        std::fs::write(&p, "{ not json").expect("write");
        assert!(Cache::load(&p).notes.is_empty());
    }
}
