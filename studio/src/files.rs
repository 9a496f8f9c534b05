//! Reading and writing lock files safely.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes a file atomically, creating its folder: the text goes to a temporary file beside it,
/// which is synced and then renamed over the target, so a crash leaves either the old file or
/// the new one.
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
/// it, so a crash leaves either the old file or the new one. A private file gets mode 0600;
/// otherwise the permissions of the file being replaced are kept.
fn write_via_temp(path: &Path, bytes: &[u8], private: bool) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".lockwright-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    if private {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o600))
                .with_context(|| format!("cannot make {} private", tmp.path().display()))?;
        }
    } else if let Ok(meta) = std::fs::metadata(path) {
        let _ = tmp.as_file().set_permissions(meta.permissions());
    }
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
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
}
