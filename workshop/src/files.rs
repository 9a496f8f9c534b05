//! Writing and reading the user's files safely: atomic, durable writes that respect symlinks
//! and the umask, the cleanup of what a killed save leaves, and bounded reads of regular files
//! only (`files/read.rs`). `docs/files.md` sums the rules up.

mod destination;
mod read;

use destination::{Destination, destination, write_into_stream};
pub use read::{FileKind, ReadError, read_bytes, read_text};

/// The largest file an editor (or `duplicate`) reads: the largest any family reads
/// ([`lockfmt::LARGEST_FILE_BYTES`], a 4096×4096 nonogram's clues), so that a file is never
/// refused here that its family would read.
pub const MAX_FILE_BYTES: u64 = lockfmt::LARGEST_FILE_BYTES as u64;

use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the writer's temporary files are named: `.lockwright-XXXXXX.tmp` beside the target.
pub const TEMP_PREFIX: &str = ".lockwright-";
/// See [`TEMP_PREFIX`].
pub const TEMP_SUFFIX: &str = ".tmp";

/// The 64-bit FNV-1a hash: small, and the same in every version of the studio and of Rust
/// (unlike the standard library's `DefaultHasher`), so names and digests kept on disk stay
/// stable.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
}

/// Sets aside a file the studio cannot read, as `<name>.unreadable` (or `-2`, `-3`… when that
/// is taken) beside it, so that what the studio writes in its place never replaces it.
pub fn set_aside(file: &Path) -> Result<PathBuf, String> {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let aside = (1..1000)
        .map(|n| match n {
            1 => file.with_file_name(format!("{name}.unreadable")),
            n => file.with_file_name(format!("{name}.unreadable-{n}")),
        })
        .find(|p| !p.exists())
        .ok_or_else(|| format!("cannot set {} aside: no free name", file.display()))?;
    std::fs::rename(file, &aside)
        .map(|()| aside)
        .map_err(|e| format!("cannot set {} aside: {e}", file.display()))
}

/// Writes a file atomically, creating its folder: the text goes to a temporary file beside it,
/// which is synced and then renamed over the target, and the folder is synced, so a crash or a
/// power cut leaves either the old file or the new one. Through a symbolic link, the file the
/// link leads to is replaced and the link stays. A new file gets the mode the umask allows; a
/// replaced file keeps its permissions. A read-only file or a folder is refused; a terminal, a
/// pipe or a device (`-o /dev/stdout`) is written into as it is (`files/destination.rs`).
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    write_atomic_bytes(path, text.as_bytes())
}

/// [`write_atomic`] for bytes.
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    write_via_temp(path, bytes, false)
}

/// Writes a file atomically and readable only by its owner (mode 0600 on unix), creating its
/// folder: the temporary file is made private before anything is written to it.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<()> {
    write_via_temp(path, bytes, true)
}

/// The text goes to a temporary file beside the target, which is synced and then renamed over
/// it, so a crash leaves either the old file or the new one. A private file gets mode 0600; a
/// file being replaced keeps its permissions; a new file gets the mode `File::create` would give
/// it (see [`temp_permissions`]).
fn write_via_temp(path: &Path, bytes: &[u8], private: bool) -> Result<()> {
    // A private file (a login, a recovery entry) is only ever a regular file.
    if destination(path, !private)? == Destination::Stream {
        return write_into_stream(path, bytes);
    }
    // The rename must replace the file a symlink leads to, not the link, and the temporary
    // file must sit in that file's folder for the rename to stay atomic.
    let target = follow_links(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let existing = std::fs::metadata(&target).ok();
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    builder.permissions(temp_permissions(private, existing.is_some()));
    let mut tmp = builder
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    if private {
        // Set explicitly too, so that privacy does not depend on how the file was created.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o600))
                .with_context(|| format!("cannot make {} private", tmp.path().display()))?;
        }
    } else if let Some(meta) = &existing {
        let _ = tmp.as_file().set_permissions(meta.permissions());
    }
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(&target)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    sync_folder(dir).with_context(|| {
        format!(
            "{} was written, but its folder could not be synced to the disk",
            path.display()
        )
    })
}

// Counts the folder syncs of this thread, so a test can see that each write made one (a thread
// local: tests run in parallel threads of one process).
#[cfg(test)]
thread_local! {
    static FOLDER_SYNCS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Makes a rename durable. On unix the rename is a change to the folder, which the system
/// writes to the disk on its own schedule: until the folder is synced, a power cut can bring
/// back the old file after the save said it was done.
#[cfg(unix)]
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(test)]
    FOLDER_SYNCS.with(|c| c.set(c.get() + 1));
    match std::fs::File::open(dir).and_then(|folder| folder.sync_all()) {
        // Some file systems cannot sync a folder at all (EINVAL): there is nothing more to do.
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

/// Elsewhere a rename is as durable as the system makes it.
#[cfg(not(unix))]
fn sync_folder(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// As many symbolic links as Linux follows before it gives up with ELOOP.
const MAX_LINKS: usize = 40;

/// The file a write to `path` replaces: `path` itself, or the file its chain of symbolic links
/// ends at. A relative link is relative to its own folder. A dangling link names the file to
/// create, as editors do. Only the last component is followed here: links among the folders on
/// the way are resolved by the system as it opens and renames, and do not change which folder
/// the file is in.
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&current)
                    .with_context(|| format!("cannot read the link {}", current.display()))?;
                // `join` keeps an absolute target as it is.
                current = match current.parent() {
                    Some(dir) => dir.join(to),
                    None => to,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(current),
            Err(e) => {
                return Err(e).with_context(|| format!("cannot look at {}", current.display()));
            }
        }
    }
    bail!(
        "cannot write {}: it leads through more than {MAX_LINKS} symbolic links (a loop?)",
        path.display()
    )
}

/// The mode the temporary file is created with. A new file asks for 0666, as `File::create`
/// does, and the kernel takes away what the umask (or the folder's default ACL) forbids as it
/// creates the file: that is exactly the mode an editor's new file would get there, found
/// without reading the umask (which cannot be read without setting it, through unsafe code) and
/// without a probe file. Private files and files being replaced start at 0600, so nobody else
/// can read the text while it is written; the latter get the old file's permissions before the
/// rename.
#[cfg(unix)]
fn temp_permissions(private: bool, replacing: bool) -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    let mode = if private || replacing { 0o600 } else { 0o666 };
    std::fs::Permissions::from_mode(mode)
}

/// How old a temporary file must be before [`remove_leftovers`] takes it for a leftover.
pub const LEFTOVER_AGE: Duration = Duration::from_secs(60);

/// Removes the temporary files left in `dir` (not in its subfolders) by saves that were killed
/// before their rename, returning how many it removed. Only regular files named like the writer's
/// temporary files and last modified more than [`LEFTOVER_AGE`] ago are removed, so a save in
/// progress in another process is never disturbed. A folder that does not exist has none; a
/// leftover that cannot be removed is left and not counted; only a folder that cannot be listed
/// is an error.
pub fn remove_leftovers(dir: &Path) -> std::io::Result<usize> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let now = std::time::SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours = name.len() > TEMP_PREFIX.len() + TEMP_SUFFIX.len()
            && name.starts_with(TEMP_PREFIX)
            && name.ends_with(TEMP_SUFFIX);
        // The entry's own type: a symlink named like a leftover is not ours to follow.
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if !ours || !is_file {
            continue;
        }
        // A time in the future (a clock set back) is not old.
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age > LEFTOVER_AGE));
        if old && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_content_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.lock");
        std::fs::write(&path, "old").expect("write");
        write_atomic(&path, "new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(names.len(), 1);
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o7777
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_mode_file_create_gives_beside_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let probe = dir.path().join("probe");
        std::fs::File::create(&probe).expect("probe");
        let path = dir.path().join("new.lock");
        write_atomic(&path, "new").expect("atomic write");
        assert_eq!(format!("{:o}", mode(&path)), format!("{:o}", mode(&probe)));
    }

    #[cfg(unix)]
    #[test]
    fn an_existing_file_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.lock");
        std::fs::write(&path, "old").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        write_atomic(&path, "new").expect("atomic write");
        assert_eq!(format!("{:o}", mode(&path)), "640");
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_0600_whether_new_or_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let new = dir.path().join("new.toml");
        write_private(&new, b"secret").expect("write");
        assert_eq!(format!("{:o}", mode(&new)), "600");
        let old = dir.path().join("old.toml");
        std::fs::write(&old, "old").expect("write");
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        write_private(&old, b"secret").expect("write");
        assert_eq!(format!("{:o}", mode(&old)), "600");
    }

    #[cfg(unix)]
    #[test]
    fn a_write_through_a_symlink_replaces_the_target_and_keeps_the_link() {
        let dir = tempfile::tempdir().expect("temp dir");
        let real = dir.path().join("real.lock");
        let link = dir.path().join("link.lock");
        std::fs::write(&real, "old").expect("write");
        std::os::unix::fs::symlink("real.lock", &link).expect("symlink");
        write_atomic(&link, "new").expect("atomic write");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read_link(&link).expect("link"),
            Path::new("real.lock")
        );
        assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_chain_of_symlinks_across_folders_leads_to_the_final_target() {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["a", "b", "c"] {
            std::fs::create_dir(dir.path().join(sub)).expect("mkdir");
        }
        let real = dir.path().join("c/real.lock");
        std::fs::write(&real, "old").expect("write");
        // A relative link is relative to its own folder; the second one is absolute.
        std::os::unix::fs::symlink("../b/two", dir.path().join("a/one")).expect("symlink");
        std::os::unix::fs::symlink(&real, dir.path().join("b/two")).expect("symlink");
        write_atomic(&dir.path().join("a/one"), "new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
        for (sub, name) in [("a", "one"), ("b", "two")] {
            let link = dir.path().join(sub).join(name);
            assert!(
                std::fs::symlink_metadata(&link)
                    .expect("link")
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(
                std::fs::read_dir(dir.path().join(sub))
                    .expect("list")
                    .count(),
                1
            );
        }
        assert_eq!(
            std::fs::read_dir(dir.path().join("c"))
                .expect("list")
                .count(),
            1
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_symlink_gets_the_file_it_names() {
        let dir = tempfile::tempdir().expect("temp dir");
        let link = dir.path().join("link.lock");
        std::os::unix::fs::symlink("named.lock", &link).expect("symlink");
        write_atomic(&link, "new").expect("atomic write");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("link")
                .file_type()
                .is_symlink()
        );
        let named = dir.path().join("named.lock");
        assert_eq!(std::fs::read_to_string(&named).expect("read"), "new");
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_symlinks_is_an_error_not_a_hang() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::os::unix::fs::symlink("b", dir.path().join("a")).expect("symlink");
        std::os::unix::fs::symlink("a", dir.path().join("b")).expect("symlink");
        let err = write_atomic(&dir.path().join("a"), "new").expect_err("a loop");
        assert!(format!("{err:#}").contains("symbolic links"), "{err:#}");
        assert!(
            std::fs::symlink_metadata(dir.path().join("a"))
                .expect("a")
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn each_write_syncs_the_folder_once_after_the_rename() {
        let dir = tempfile::tempdir().expect("temp dir");
        let before = FOLDER_SYNCS.with(|c| c.get());
        write_atomic(&dir.path().join("a.lock"), "one").expect("write");
        write_atomic(&dir.path().join("a.lock"), "two").expect("write");
        write_private(&dir.path().join("t.toml"), b"secret").expect("write");
        assert_eq!(FOLDER_SYNCS.with(|c| c.get()) - before, 3);
    }

    /// Creates a file whose last modification was `age` ago.
    fn file_aged(path: &Path, age: Duration) {
        let file = std::fs::File::create(path).expect("create");
        let when = std::time::SystemTime::now() - age;
        file.set_modified(when).expect("set mtime");
    }

    #[test]
    fn old_leftovers_are_removed_and_fresh_ones_and_other_files_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let old = Duration::from_secs(3600);
        let leftover = dir.path().join(format!("{TEMP_PREFIX}aB3xYz{TEMP_SUFFIX}"));
        file_aged(&leftover, old);
        let kept = [
            // A save in progress in another process.
            (
                format!("{TEMP_PREFIX}fresh1{TEMP_SUFFIX}"),
                Duration::from_secs(5),
            ),
            // Someone's own files, however old.
            ("notes.tmp".to_string(), old),
            (format!("{TEMP_PREFIX}notes.lock"), old),
            ("a.lock".to_string(), old),
        ];
        for (name, age) in &kept {
            file_aged(&dir.path().join(name), *age);
        }
        // Not a file, and not this folder's: both stay.
        std::fs::create_dir(dir.path().join(format!("{TEMP_PREFIX}dir{TEMP_SUFFIX}")))
            .expect("mkdir");
        std::fs::create_dir(dir.path().join("sub")).expect("mkdir");
        let deeper = dir
            .path()
            .join(format!("sub/{TEMP_PREFIX}deeper{TEMP_SUFFIX}"));
        file_aged(&deeper, old);

        assert_eq!(remove_leftovers(dir.path()).expect("cleaned"), 1);
        assert!(!leftover.exists());
        for (name, _) in &kept {
            assert!(dir.path().join(name).exists(), "{name} is kept");
        }
        assert!(deeper.exists());
        assert_eq!(remove_leftovers(dir.path()).expect("cleaned"), 0);
    }

    #[test]
    fn a_missing_folder_has_no_leftovers() {
        let dir = tempfile::tempdir().expect("temp dir");
        assert_eq!(remove_leftovers(&dir.path().join("none")).expect("ok"), 0);
    }
}
