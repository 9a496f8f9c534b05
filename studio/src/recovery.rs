//! The crash-recovery store: the unsaved text of each buffer, kept in a folder every few
//! seconds so that the studio can offer it back when it starts again after a crash or a kill.
//!
//! Each buffer has one entry, a small JSON file in the folder: `file-<hash>.json` for a buffer
//! with a file, where the hash is the 64-bit FNV-1a of the file's absolute path in hexadecimal,
//! and `untitled.json` for the buffer with no file yet. An entry is
//! `{"format":"lockwright-recovery 1","file":"/abs/path.lock","saved_at_ms":…,"text":"…"}`;
//! a path that is not UTF-8 is kept as `"file_bytes":[…]` instead of `"file"`, and the untitled
//! buffer has neither. JSON escaping makes any text round-trip exactly. Entries are written
//! atomically and privately (0600), since they may hold a lock that is not published yet.

use crate::files::{self, fnv1a64};
use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The largest entry [`Recovery::pending`] reads, and [`Recovery::store`] writes: room for the
/// largest file the studio opens, its text escaped in JSON (a line break takes two bytes).
pub const MAX_ENTRY_BYTES: u64 = 2 * files::MAX_FILE_BYTES + (64 << 10);

/// Written in each entry, so that a future format is skipped rather than misread.
const FORMAT: &str = "lockwright-recovery 1";

/// The entry name of the buffer with no file.
const UNTITLED: &str = "untitled";

/// The recovery folder.
#[derive(Debug, Clone)]
pub struct Recovery {
    dir: PathBuf,
}

/// The unsaved state of one buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The buffer's file, as an absolute path; `None` for the buffer with no file yet.
    pub file: Option<PathBuf>,
    /// The buffer's text, exactly as it was.
    pub text: String,
    /// When the text was stored.
    pub saved_at: SystemTime,
    /// The entry's name in the folder, without `.json`.
    id: String,
}

/// An entry [`Recovery::pending`] could not read, and why. It is left in the folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub why: String,
}

/// An entry as it is written.
#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    /// The file's path as bytes, when it is not UTF-8 (unix only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file_bytes: Option<Vec<u8>>,
    saved_at_ms: u64,
    text: String,
}

impl Recovery {
    /// The store in `dir`, which is created when the first entry is stored.
    pub fn new(dir: PathBuf) -> Recovery {
        Recovery { dir }
    }

    /// The store in the studio's data folder: `<data>/recovery`.
    pub fn in_data_dir(data_dir: &Path) -> Recovery {
        Recovery::new(data_dir.join("recovery"))
    }

    /// The folder the entries are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Keeps `text` as the unsaved state of `file` (`None`: the buffer with no file yet),
    /// replacing what was kept for it. Atomic and private (0600): it may hold an unpublished
    /// lock. A relative path is made absolute against the current folder.
    pub fn store(&self, file: Option<&Path>, text: &str) -> Result<()> {
        let (id, file) = identify(file)?;
        let (file, file_bytes) = match &file {
            None => (None, None),
            Some(path) => match path.to_str() {
                Some(s) => (Some(s.to_string()), None),
                None => (None, Some(path_bytes(path)?)),
            },
        };
        let saved_at_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        let stored = Stored {
            format: FORMAT.to_string(),
            file,
            file_bytes,
            saved_at_ms,
            text: text.to_string(),
        };
        let json = serde_json::to_vec(&stored).context("cannot write a recovery entry")?;
        if json.len() as u64 > MAX_ENTRY_BYTES {
            bail!(
                "the unsaved text is too large to keep for recovery ({} bytes; at most {})",
                json.len(),
                MAX_ENTRY_BYTES
            );
        }
        self.create_dir()?;
        files::write_private(&self.entry_path(&id), &json)
    }

    /// Forgets the entry of `file` (after a save, a discard, or the user's choice); no error if
    /// there is none.
    pub fn forget(&self, file: Option<&Path>) -> Result<()> {
        let (id, _) = identify(file)?;
        self.remove(&id)
    }

    /// Forgets an entry [`Recovery::pending`] returned, whatever its file's path is now.
    pub fn discard(&self, entry: &Entry) -> Result<()> {
        self.remove(&entry.id)
    }

    /// Every entry in the folder, newest first. An entry that cannot be read or is corrupt is
    /// skipped, never a panic: it is reported on standard error and left in the folder (it may
    /// come from a newer studio). [`Recovery::pending_and_skipped`] returns the skipped ones.
    pub fn pending(&self) -> Vec<Entry> {
        let (entries, skipped) = self.pending_and_skipped();
        for s in skipped {
            eprintln!(
                "lockwright: skipping the recovery entry {}: {}",
                s.path.display(),
                s.why
            );
        }
        entries
    }

    /// [`Recovery::pending`], with the entries it skipped and why. Temporary files left by a
    /// store that was killed are removed on the way.
    pub fn pending_and_skipped(&self) -> (Vec<Entry>, Vec<Skipped>) {
        let _ = files::remove_leftovers(&self.dir);
        let mut entries = Vec::new();
        let mut skipped = Vec::new();
        let list = match std::fs::read_dir(&self.dir) {
            Ok(list) => list,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (entries, skipped),
            Err(e) => {
                let why = format!("cannot list the folder: {e}");
                skipped.push(Skipped {
                    path: self.dir.clone(),
                    why,
                });
                return (entries, skipped);
            }
        };
        for item in list.flatten() {
            let path = item.path();
            let Some(id) = entry_id(&path) else { continue };
            match read_entry(&path, id) {
                Ok(entry) => entries.push(entry),
                Err(why) => skipped.push(Skipped { path, why }),
            }
        }
        entries.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        skipped.sort_by(|a, b| a.path.cmp(&b.path));
        (entries, skipped)
    }

    fn entry_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    fn remove(&self, id: &str) -> Result<()> {
        let path = self.entry_path(id);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("cannot remove {}", path.display()))
            }
            _ => Ok(()),
        }
    }

    /// Creates the folder, private on unix: file names hint at what is being worked on.
    fn create_dir(&self) -> Result<()> {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
            .create(&self.dir)
            .with_context(|| format!("cannot create {}", self.dir.display()))
    }
}

impl Entry {
    /// The entry's name in the recovery folder, without `.json` (for logs).
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// The entry name of `file`, and its absolute path.
fn identify(file: Option<&Path>) -> Result<(String, Option<PathBuf>)> {
    let Some(file) = file else {
        return Ok((UNTITLED.to_string(), None));
    };
    // Lexical, not canonical: the key must not change when the file is created or removed,
    // so symbolic links are not resolved; the studio passes the path it opened.
    let absolute = std::path::absolute(file)
        .with_context(|| format!("cannot find the absolute path of {}", file.display()))?;
    let id = format!("file-{:016x}", fnv1a64(&path_bytes(&absolute)?));
    Ok((id, Some(absolute)))
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Result<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    Ok(path.as_os_str().as_bytes().to_vec())
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Result<Vec<u8>> {
    match path.to_str() {
        Some(s) => Ok(s.as_bytes().to_vec()),
        None => bail!("{} is not a Unicode path", path.display()),
    }
}

#[cfg(unix)]
fn path_from_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(std::ffi::OsString::from_vec(bytes).into())
}

#[cfg(not(unix))]
fn path_from_bytes(_bytes: Vec<u8>) -> Option<PathBuf> {
    None
}

/// The id of an entry file: its name without `.json`, if it is one.
fn entry_id(path: &Path) -> Option<&str> {
    if path.extension()? != "json" {
        return None;
    }
    path.file_stem()?.to_str()
}

fn read_entry(path: &Path, id: &str) -> Result<Entry, String> {
    let text = files::read_text(path, MAX_ENTRY_BYTES).map_err(|e| e.to_string())?;
    let stored: Stored = serde_json::from_str(&text).map_err(|e| format!("not an entry: {e}"))?;
    if stored.format != FORMAT {
        return Err(format!("an entry of another format, `{}`", stored.format));
    }
    let file = match (stored.file, stored.file_bytes) {
        (Some(file), None) => Some(PathBuf::from(file)),
        (None, Some(bytes)) => {
            Some(path_from_bytes(bytes).ok_or("a path this system cannot name")?)
        }
        (None, None) => None,
        (Some(_), Some(_)) => return Err("an entry with two paths".to_string()),
    };
    Ok(Entry {
        file,
        text: stored.text,
        saved_at: UNIX_EPOCH + Duration::from_millis(stored.saved_at_ms),
        id: id.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_in(dir: &tempfile::TempDir) -> Recovery {
        Recovery::new(dir.path().join("recovery"))
    }

    #[test]
    fn store_pending_and_forget_round_trip() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        assert!(
            recovery.pending().is_empty(),
            "nothing before the first store"
        );
        let file = dir.path().join("a.lock");
        recovery.store(Some(&file), "unsaved").expect("store");
        let pending = recovery.pending();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].file.as_deref(), Some(file.as_path()));
        assert_eq!(pending[0].text, "unsaved");
        let age = SystemTime::now()
            .duration_since(pending[0].saved_at)
            .expect("in the past");
        assert!(age < Duration::from_secs(60), "{age:?}");

        recovery.store(Some(&file), "later").expect("store");
        let pending = recovery.pending();
        assert_eq!(pending.len(), 1, "one entry per file");
        assert_eq!(pending[0].text, "later");

        recovery.forget(Some(&file)).expect("forget");
        assert!(recovery.pending().is_empty());
        recovery
            .forget(Some(&file))
            .expect("forgetting twice is fine");
        Recovery::new(dir.path().join("none"))
            .forget(None)
            .expect("forgetting in a missing folder is fine");
    }

    #[test]
    fn any_text_round_trips_exactly() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        let text =
            "lockwright-lock 1\r\nname: \"Ünï\\code\" 🔒\n\0\t{\"format\":\"x\"}\n\u{2028}\n\n";
        recovery.store(None, text).expect("store");
        assert_eq!(recovery.pending()[0].text, text);
    }

    #[test]
    fn the_untitled_buffer_has_its_own_entry() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        let file = dir.path().join("a.lock");
        recovery.store(None, "draft").expect("store");
        recovery.store(Some(&file), "file").expect("store");
        let pending = recovery.pending();
        assert_eq!(pending.len(), 2);
        let untitled = pending.iter().find(|e| e.file.is_none()).expect("untitled");
        assert_eq!(untitled.text, "draft");
        recovery.forget(None).expect("forget");
        let pending = recovery.pending();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].file.as_deref(), Some(file.as_path()));
    }

    #[test]
    fn two_files_are_kept_apart_newest_first() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        let a = dir.path().join("a.lock");
        let b = dir.path().join("sub/a.lock");
        recovery.store(Some(&a), "text of a").expect("store");
        std::thread::sleep(Duration::from_millis(20));
        recovery.store(Some(&b), "text of b").expect("store");
        let pending = recovery.pending();
        let files: Vec<_> = pending.iter().map(|e| e.file.as_deref()).collect();
        assert_eq!(files, [Some(b.as_path()), Some(a.as_path())]);
        assert_eq!(pending[0].text, "text of b");
        assert_eq!(pending[1].text, "text of a");
        recovery.discard(&pending[1]).expect("discard");
        assert_eq!(recovery.pending(), [pending[0].clone()]);
    }

    #[test]
    fn a_relative_path_is_kept_as_the_absolute_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        recovery
            .store(Some(Path::new("relative.lock")), "text")
            .expect("store");
        let absolute = std::path::absolute("relative.lock").expect("absolute");
        assert_eq!(
            recovery.pending()[0].file.as_deref(),
            Some(absolute.as_path())
        );
        recovery.forget(Some(&absolute)).expect("forget");
        assert!(recovery.pending().is_empty());
    }

    #[test]
    fn corrupt_entries_are_skipped_and_left_in_place() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        recovery.store(None, "good").expect("store");
        let folder = recovery.dir();
        std::fs::write(folder.join("file-0000000000000001.json"), "{\"format\":").expect("w");
        std::fs::write(
            folder.join("file-0000000000000002.json"),
            r#"{"format":"lockwright-recovery 99","saved_at_ms":0,"text":""}"#,
        )
        .expect("write");
        std::fs::write(folder.join("file-0000000000000003.json"), b"\xff\xfe").expect("w");
        std::fs::create_dir(folder.join("file-0000000000000004.json")).expect("mkdir");
        std::fs::write(folder.join("notes.txt"), "not an entry").expect("write");

        let (entries, skipped) = recovery.pending_and_skipped();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].text, "good");
        let names: Vec<_> = skipped
            .iter()
            .map(|s| s.path.file_name().and_then(|n| n.to_str()).unwrap_or(""))
            .collect();
        assert_eq!(
            names,
            [
                "file-0000000000000001.json",
                "file-0000000000000002.json",
                "file-0000000000000003.json",
                "file-0000000000000004.json",
            ]
        );
        assert!(
            skipped[1].why.contains("another format"),
            "{:?}",
            skipped[1]
        );
        assert!(skipped[3].why.contains("folder"), "{:?}", skipped[3]);
        assert_eq!(recovery.pending().len(), 1);
        assert!(folder.join("file-0000000000000001.json").exists());
    }

    #[test]
    fn an_entry_over_the_limit_is_skipped_unread() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        recovery.store(None, "good").expect("store");
        let big = recovery.dir().join("file-00000000000000ff.json");
        // A sparse file: its size is refused before any of it is read.
        let f = std::fs::File::create(&big).expect("create");
        f.set_len(MAX_ENTRY_BYTES + 1).expect("grow");
        let (entries, skipped) = recovery.pending_and_skipped();
        assert_eq!(entries.len(), 1);
        assert_eq!(skipped.len(), 1);
        assert!(
            skipped[0].why.contains("over the limit"),
            "{:?}",
            skipped[0]
        );
    }

    #[cfg(unix)]
    #[test]
    fn entries_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        recovery.store(None, "secret lock").expect("store");
        let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
        assert_eq!(
            format!("{:o}", mode(&recovery.dir().join("untitled.json"))),
            "600"
        );
        assert_eq!(format!("{:o}", mode(recovery.dir())), "700");
    }

    #[cfg(unix)]
    #[test]
    fn a_path_that_is_not_utf8_round_trips() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        let file = dir
            .path()
            .join(std::ffi::OsStr::from_bytes(b"caf\xe9.lock"));
        recovery.store(Some(&file), "text").expect("store");
        assert_eq!(recovery.pending()[0].file.as_deref(), Some(file.as_path()));
        recovery.forget(Some(&file)).expect("forget");
        assert!(recovery.pending().is_empty());
    }

    #[test]
    fn entry_names_use_a_stable_hash() {
        // The published FNV-1a test vectors: a change here would orphan every stored entry.
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn leftovers_of_a_killed_store_are_cleared() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = store_in(&dir);
        recovery.store(None, "x").expect("store");
        let leftover = recovery.dir().join(format!(
            "{}killed{}",
            files::TEMP_PREFIX,
            files::TEMP_SUFFIX
        ));
        let f = std::fs::File::create(&leftover).expect("create");
        f.set_modified(SystemTime::now() - Duration::from_secs(3600))
            .expect("mtime");
        assert_eq!(recovery.pending().len(), 1);
        assert!(!leftover.exists());
    }
}
