//! Reading files the user names: only regular files, bounded, and never blocking.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read. Each message names the file. An I/O error's own message is part
/// of the text rather than a `source`, so that printing the error alone says everything.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{} does not exist", path.display())]
    NotFound { path: PathBuf },
    #[error("{} is {what}, not a regular file", path.display())]
    NotRegular { path: PathBuf, what: FileKind },
    #[error("{} is {size} bytes, over the limit of {limit} bytes", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error(
        "{} is not UTF-8 text: the byte at offset {offset} does not begin a character",
        path.display()
    )]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error(
        "{} is UTF-16 text ({order}: it begins with UTF-16's byte-order mark); it is read as \
         UTF-8: save it as UTF-8",
        path.display()
    )]
    Utf16 { path: PathBuf, order: &'static str },
    #[error("cannot read {}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl ReadError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::NotFound { path }
            | ReadError::NotRegular { path, .. }
            | ReadError::TooLarge { path, .. }
            | ReadError::NotUtf8 { path, .. }
            | ReadError::Utf16 { path, .. }
            | ReadError::Io { path, .. } => path,
        }
    }
}

/// What a path that is not a regular file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Folder,
    Fifo,
    CharDevice,
    BlockDevice,
    Socket,
    Other,
}

impl FileKind {
    fn of(file_type: std::fs::FileType) -> FileKind {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return FileKind::Fifo;
            } else if file_type.is_char_device() {
                return FileKind::CharDevice;
            } else if file_type.is_block_device() {
                return FileKind::BlockDevice;
            } else if file_type.is_socket() {
                return FileKind::Socket;
            }
        }
        if file_type.is_dir() {
            FileKind::Folder
        } else {
            FileKind::Other
        }
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a FIFO (a named pipe)",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Other => "an unusual kind of file",
        })
    }
}

/// Reads a regular file of at most `limit` bytes as UTF-8 text; see [`read_bytes`].
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bytes(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let path = path.to_path_buf();
        match lockfmt::utf16_order(e.as_bytes()) {
            Some(order) => ReadError::Utf16 { path, order },
            None => ReadError::NotUtf8 {
                path,
                offset: e.utf8_error().valid_up_to(),
            },
        }
    })
}

/// Reads a regular file of at most `limit` bytes. Anything else (a folder, a FIFO, a device…)
/// is refused without waiting on it, and a file over the limit is refused before it is read.
///
/// The path is looked at first, so that a device is usually refused without being opened at
/// all; the file is then opened with `O_NONBLOCK` (opening a FIFO for reading would otherwise
/// wait for a writer) and `O_NOCTTY` (a terminal must not become ours), and the opened file is
/// looked at again, since the path may have been replaced in between. At most `limit + 1` bytes
/// are read, so a file that grows meanwhile cannot exceed the limit either. `O_NONBLOCK` makes
/// no difference to reading a regular file.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound {
            path: path.to_path_buf(),
        },
        _ => ReadError::Io {
            path: path.to_path_buf(),
            error,
        },
    };
    let regular = |meta: &std::fs::Metadata| {
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(ReadError::NotRegular {
                path: path.to_path_buf(),
                what: FileKind::of(meta.file_type()),
            })
        }
    };
    regular(&std::fs::metadata(path).map_err(io)?)?;
    let file = open_without_waiting(path).map_err(io)?;
    let size = regular(&file.metadata().map_err(io)?)?;
    let too_large = |size| ReadError::TooLarge {
        path: path.to_path_buf(),
        size,
        limit,
    };
    if size > limit {
        return Err(too_large(size));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).map_or(0, |s| s.saturating_add(1)));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let read = bytes.len() as u64;
    if read > limit {
        let now = std::fs::metadata(path).map_or(read, |m| m.len().max(read));
        return Err(too_large(now));
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Runs `f` on another thread and fails the test if it has not finished within a minute,
    /// calling `unblock` first so that the thread can end. The minute is no bound on speed:
    /// what is guarded against blocks for ever, and a busy machine must not be taken for it.
    fn within_seconds<T: Send + 'static>(
        f: impl FnOnce() -> T + Send + 'static,
        unblock: impl FnOnce(),
    ) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(value) => value,
            Err(_) => {
                unblock();
                panic!("still blocked after a minute");
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("pipe.lock");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let path = fifo.clone();
        let result = within_seconds(
            move || read_text(&path, 1024),
            // A writer lets a reader blocked in `open` go on.
            || drop(std::fs::OpenOptions::new().write(true).open(&fifo)),
        );
        let err = result.expect_err("a FIFO is not a file");
        assert!(
            matches!(
                err,
                ReadError::NotRegular {
                    what: FileKind::Fifo,
                    ..
                }
            ),
            "{err:?}"
        );
        let message = err.to_string();
        assert!(
            message.contains("FIFO") && message.contains("pipe.lock"),
            "{message}"
        );
    }

    /// The path is looked at before it is opened, so the test above never opens the FIFO; this
    /// one checks the opening itself, which matters when a file is swapped for a FIFO between
    /// the look and the open.
    #[cfg(unix)]
    #[test]
    fn opening_a_fifo_does_not_wait_for_a_writer() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let path = fifo.clone();
        let opened = within_seconds(
            move || open_without_waiting(&path).and_then(|f| f.metadata()),
            || drop(std::fs::OpenOptions::new().write(true).open(&fifo)),
        );
        let kind = FileKind::of(opened.expect("opened").file_type());
        assert_eq!(kind, FileKind::Fifo);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_quickly() {
        let zero = Path::new("/dev/zero");
        if !zero.exists() {
            return;
        }
        let result = within_seconds(move || read_bytes(zero, 1 << 20), || ());
        assert!(
            matches!(
                result,
                Err(ReadError::NotRegular {
                    what: FileKind::CharDevice,
                    ..
                })
            ),
            "{result:?}"
        );
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let err = read_text(dir.path(), 1024).expect_err("a folder is not a file");
        assert!(
            matches!(
                err,
                ReadError::NotRegular {
                    what: FileKind::Folder,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("is a folder"), "{err}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_at_the_limit_reads() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("big.lock");
        std::fs::write(&path, "x".repeat(101)).expect("write");
        let err = read_text(&path, 100).expect_err("too large");
        assert!(
            matches!(
                err,
                ReadError::TooLarge {
                    size: 101,
                    limit: 100,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("101 bytes"), "{err}");
        assert_eq!(read_text(&path, 101).expect("at the limit").len(), 101);
    }

    #[test]
    fn a_good_file_reads_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("good.lock");
        let text = "lockwright-lock 1\r\nname: Ünïcode 🔒\n\ttab\n";
        std::fs::write(&path, text).expect("write");
        assert_eq!(read_text(&path, 1024).expect("read"), text);
        assert_eq!(read_bytes(&path, 1024).expect("read"), text.as_bytes());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_file_reads_the_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("real.lock"), "text").expect("write");
        let link = dir.path().join("link.lock");
        std::os::unix::fs::symlink("real.lock", &link).expect("symlink");
        assert_eq!(read_text(&link, 1024).expect("read"), "text");
    }

    #[test]
    fn a_missing_file_is_not_found_and_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("gone.lock");
        let err = read_text(&path, 1024).expect_err("missing");
        assert!(matches!(err, ReadError::NotFound { .. }), "{err:?}");
        assert!(err.to_string().contains("gone.lock"), "{err}");
        assert_eq!(err.path(), path);
    }

    #[test]
    fn utf16_text_is_said_to_be_utf16() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("notepad.non");
        let bytes: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain("rows\r\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        std::fs::write(&path, bytes).expect("write");
        let err = read_text(&path, 1024).expect_err("UTF-16");
        assert!(
            matches!(
                err,
                ReadError::Utf16 {
                    order: "little-endian",
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().ends_with("save it as UTF-8"), "{err}");
        assert_eq!(err.path(), path);
    }

    #[test]
    fn text_that_is_not_utf8_gives_the_offset() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("latin1.lock");
        std::fs::write(&path, b"ab\xffcd").expect("write");
        let err = read_text(&path, 1024).expect_err("not UTF-8");
        assert!(
            matches!(err, ReadError::NotUtf8 { offset: 2, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("offset 2"), "{err}");
    }
}
