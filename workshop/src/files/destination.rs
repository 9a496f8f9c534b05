//! Where a write goes. A regular file (or none yet) is replaced atomically; a terminal, a pipe or
//! a device such as `/dev/null` or `/dev/stdout` is written into, as a shell's `>` would, since
//! replacing it would put a regular file in its place; a folder, a block device, a socket and a
//! read-only file are refused before anything is written.

use anyhow::{Result, bail};
use std::io::Write;
use std::path::Path;

/// What a write to a path does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Destination {
    /// A regular file, or nothing yet: written beside and renamed over.
    File,
    /// A character device or a FIFO: written into as it is.
    Stream,
}

/// Decides where a write to `path` goes, or says why nothing may be written there; only a
/// regular file (or none yet) when `streams` is false. Every link is followed, the system's own
/// (`/dev/stdout` → `/proc/self/fd/1` → a pipe) included.
pub(super) fn destination(path: &Path, streams: bool) -> Result<Destination> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        // Nothing there yet, or a dangling link: the atomic writer creates the file.
        Err(_) => return Ok(Destination::File),
    };
    if meta.is_dir() {
        bail!("{} is a folder, not a file", path.display());
    }
    if meta.is_file() {
        if meta.permissions().readonly() {
            bail!(
                "{} is read-only, so it is left as it is: make it writable (chmod u+w) or write \
                 to another file",
                path.display()
            );
        }
        return Ok(Destination::File);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if streams && (kind.is_char_device() || kind.is_fifo()) {
            return Ok(Destination::Stream);
        }
        if kind.is_block_device() {
            bail!(
                "{} is a block device (a disk): it is not written to",
                path.display()
            );
        }
    }
    bail!(
        "{} is not a regular file, so it is not written to",
        path.display()
    )
}

/// Writes `bytes` into a terminal, a pipe or a device. A pipe nobody reads is refused at once
/// rather than waited on: the first open does not wait, and fails when nobody reads; once it has
/// succeeded, someone reads, and the second open, which writes as a shell would (waiting while
/// the reader is busy), returns at once.
#[cfg(unix)]
pub(super) fn write_into_stream(path: &Path, bytes: &[u8]) -> Result<()> {
    use anyhow::Context;
    use std::os::unix::fs::OpenOptionsExt;
    let open = |flags| {
        std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(flags)
            .open(path)
    };
    let probe = match open(libc::O_NONBLOCK | libc::O_NOCTTY) {
        Ok(file) => file,
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
            bail!("{} is a pipe that nobody is reading", path.display())
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
    };
    let mut file =
        open(libc::O_NOCTTY).with_context(|| format!("cannot write {}", path.display()))?;
    drop(probe);
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(not(unix))]
pub(super) fn write_into_stream(path: &Path, bytes: &[u8]) -> Result<()> {
    use anyhow::Context;
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut file| file.write_all(bytes))
        .with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Read;
    use std::time::Duration;

    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
    }

    #[test]
    fn a_terminal_or_a_device_is_written_into_not_replaced() {
        // Only decided here: a test must never risk putting a regular file in /dev.
        assert_eq!(
            destination(Path::new("/dev/null"), true).expect("a device"),
            Destination::Stream
        );
    }

    #[test]
    fn a_pipe_with_a_reader_gets_the_bytes_and_stays_a_pipe() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("out.png");
        mkfifo(&fifo);
        let reading = fifo.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut text = String::new();
            let read = std::fs::File::open(&reading).and_then(|mut f| f.read_to_string(&mut text));
            let _ = tx.send(read.map(|_| text));
        });
        // The reader opens the pipe in its own time: until then there is nobody to write to. A
        // minute only tells a reader that never comes from a busy machine.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            match super::super::write_atomic(&fifo, "through the pipe") {
                Ok(()) => break,
                Err(e) if std::time::Instant::now() < deadline => {
                    assert!(format!("{e:#}").contains("nobody is reading"), "{e:#}");
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => panic!("{e:#}"),
            }
        }
        // A write that replaced the pipe would leave the reader waiting for ever: a minute only
        // tells a hang from a busy machine.
        let read = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the reader got the bytes")
            .expect("read the pipe");
        assert_eq!(read, "through the pipe");
        let kind = std::fs::symlink_metadata(&fifo)
            .expect("still there")
            .file_type();
        assert!(kind.is_fifo(), "the pipe was replaced by {kind:?}");
    }

    #[test]
    fn a_pipe_nobody_reads_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("out.non");
        mkfifo(&fifo);
        // "At once" is what was answered, not a time: only the open that does not wait can say
        // that nobody reads (a waiting open blocks until someone does). A write that waited
        // would hang, so it runs beside the test, which gives up on it after a minute and
        // opens the pipe for reading to let it end.
        let (tx, rx) = std::sync::mpsc::channel();
        let writing = fifo.clone();
        std::thread::spawn(move || {
            let _ = tx.send(super::super::write_atomic(&writing, "x"));
        });
        let err = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(written) => written.expect_err("nobody reads"),
            Err(_) => {
                use std::os::unix::fs::OpenOptionsExt;
                let _ = std::fs::OpenOptions::new()
                    .read(true)
                    .custom_flags(libc::O_NONBLOCK)
                    .open(&fifo);
                panic!("the write waited for a reader");
            }
        };
        assert_eq!(
            err.to_string(),
            format!("{} is a pipe that nobody is reading", fifo.display())
        );
    }

    #[test]
    fn a_read_only_file_is_left_as_it_is() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("kept.lock");
        std::fs::write(&path, "kept").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
        let err = super::super::write_atomic(&path, "new").expect_err("read-only");
        assert!(err.to_string().contains("is read-only"), "{err:#}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "kept");
    }

    #[test]
    fn a_folder_is_said_to_be_a_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let err = super::super::write_atomic(dir.path(), "x").expect_err("a folder");
        assert_eq!(
            err.to_string(),
            format!("{} is a folder, not a file", dir.path().display())
        );
    }
}
