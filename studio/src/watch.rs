//! Watching the lock folder and the open file, so that a save from any other editor shows at
//! once.

use iced::Subscription;
use iced::futures::{SinkExt, Stream, StreamExt, channel::mpsc};
use notify::{RecursiveMode, Watcher};
use std::path::PathBuf;

/// What the watcher reports: a path under watch changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Changed(pub PathBuf);

/// Watches these paths (folders recursively); reports each changed path.
pub fn subscription(paths: Vec<PathBuf>) -> Subscription<Changed> {
    Subscription::run_with(paths, |paths| stream(paths.clone()))
}

fn stream(paths: Vec<PathBuf>) -> impl Stream<Item = Changed> {
    iced::stream::channel(64, async move |mut output: mpsc::Sender<Changed>| {
        let (tx, mut rx) = mpsc::unbounded::<PathBuf>();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event
                && is_change(&event)
            {
                for p in event.paths {
                    let _ = tx.unbounded_send(p);
                }
            }
        });
        let Ok(mut watcher) = watcher else { return };
        for p in &paths {
            let mode = if p.is_dir() {
                RecursiveMode::Recursive
            } else {
                RecursiveMode::NonRecursive
            };
            let _ = watcher.watch(p, mode);
        }
        while let Some(p) = rx.next().await {
            if output.send(Changed(p)).await.is_err() {
                break;
            }
        }
        drop(watcher);
    })
}

/// Whether an event changes what a path holds. Opening and reading a file is reported too, and
/// must not count: the studio reads the files it is told about, which would report them again,
/// and so on for ever.
pub fn is_change(event: &notify::Event) -> bool {
    use notify::EventKind;
    matches!(
        event.kind,
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_)
    ) && !matches!(
        event.kind,
        EventKind::Modify(notify::event::ModifyKind::Metadata(_))
    )
}

/// Blocking form for tests: watches `path`, returning the first change's path and
/// when it arrived, or `None` after `timeout`.
#[cfg(test)]
pub fn first_change(
    path: &std::path::Path,
    timeout: std::time::Duration,
    after: impl FnOnce(),
) -> Option<(PathBuf, std::time::Instant)> {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && is_change(&event)
        {
            for p in event.paths {
                let _ = tx.send((p, std::time::Instant::now()));
            }
        }
    })
    .ok()?;
    watcher.watch(path, RecursiveMode::Recursive).ok()?;
    after();
    rx.recv_timeout(timeout).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_save_from_another_editor_is_seen_within_50_ms() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "old").expect("write");
        let mut written = Instant::now();
        let seen = first_change(dir.path(), Duration::from_secs(2), || {
            written = Instant::now();
            crate::files::write_atomic(&file, "new").expect("save");
        });
        let (_, at) = seen.expect("a change was reported");
        let latency = at.saturating_duration_since(written);
        assert!(latency < Duration::from_millis(50), "took {latency:?}");
    }

    /// Regression: reading the watched files reported them as changed, the studio read them again
    /// to redraw, and the window spun for ever.
    #[test]
    fn reading_a_watched_file_is_not_a_change() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "text").expect("write");
        let seen = first_change(dir.path(), Duration::from_millis(300), || {
            for _ in 0..3 {
                let _ = std::fs::read_to_string(&file);
                let _ = std::fs::read_dir(dir.path()).map(|d| d.count());
            }
        });
        assert_eq!(seen, None);
    }
}
