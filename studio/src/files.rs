//! Reading and writing lock files safely.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes a file atomically: the text goes to a temporary file beside it, which is synced and
/// then renamed over the target, so a crash leaves either the old file or the new one.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    write_atomic_bytes(path, text.as_bytes())
}

/// [`write_atomic`] for bytes.
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".lockwright-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    if let Ok(meta) = std::fs::metadata(path) {
        // Keep the permissions of the file being replaced.
        let _ = tmp.as_file().set_permissions(meta.permissions());
    }
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
