//! Watching the lock folder and the open file, so that a save from any other editor shows at
//! once. Events are debounced: a save is often several events (a temporary file created,
//! written, renamed), and the studio should react once, with every path that changed.

use iced::Subscription;
use iced::futures::{SinkExt, Stream, StreamExt, channel::mpsc};
use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

/// How long the watcher waits for a burst of events to settle before it reports them.
pub const SETTLE: Duration = Duration::from_millis(80);

/// What the watcher reports: the paths under watch that changed in one burst.
#[derive(Debug, Clone, PartialEq)]
pub struct Changed(pub Vec<PathBuf>);

/// Watches these paths (folders recursively); reports each burst of changes.
pub fn subscription(paths: Vec<PathBuf>) -> Subscription<Changed> {
    Subscription::run_with(paths, |paths| stream(paths.clone()))
}

fn stream(paths: Vec<PathBuf>) -> impl Stream<Item = Changed> {
    iced::stream::channel(16, async move |mut output: mpsc::Sender<Changed>| {
        let (tx, mut rx) = mpsc::unbounded::<Vec<PathBuf>>();
        let Ok(mut debouncer) = new_debouncer(SETTLE, None, move |r: DebounceEventResult| {
            let changed = changed_paths(r);
            if !changed.is_empty() {
                let _ = tx.unbounded_send(changed);
            }
        }) else {
            return;
        };
        for p in &paths {
            let mode = if p.is_dir() {
                RecursiveMode::Recursive
            } else {
                RecursiveMode::NonRecursive
            };
            let _ = debouncer.watch(p, mode);
        }
        while let Some(paths) = rx.next().await {
            if output.send(Changed(paths)).await.is_err() {
                break;
            }
        }
        drop(debouncer);
    })
}

/// The distinct paths of a burst whose contents changed, in order.
fn changed_paths(result: DebounceEventResult) -> Vec<PathBuf> {
    let Ok(events) = result else {
        return Vec::new();
    };
    let set: BTreeSet<PathBuf> = events
        .into_iter()
        .filter(|e| is_change(&e.event))
        .flat_map(|e| e.event.paths)
        .collect();
    set.into_iter().collect()
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

/// Blocking form for tests: watches `path` as the studio does and returns the bursts reported
/// within `timeout` of `after` running, each with when it arrived.
#[cfg(test)]
pub fn bursts(
    path: &std::path::Path,
    timeout: Duration,
    after: impl FnOnce(),
) -> Vec<(Vec<PathBuf>, std::time::Instant)> {
    let (tx, rx) = std::sync::mpsc::channel();
    let Ok(mut debouncer) = new_debouncer(SETTLE, None, move |r: DebounceEventResult| {
        let changed = changed_paths(r);
        if !changed.is_empty() {
            let _ = tx.send((changed, std::time::Instant::now()));
        }
    }) else {
        return Vec::new();
    };
    if debouncer.watch(path, RecursiveMode::Recursive).is_err() {
        return Vec::new();
    }
    after();
    let end = std::time::Instant::now() + timeout;
    let mut out = Vec::new();
    while let Some(left) = end.checked_duration_since(std::time::Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(b) => out.push(b),
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_save_from_another_editor_is_one_burst_seen_at_once() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "old").expect("write");
        let mut written = Instant::now();
        let seen = bursts(dir.path(), Duration::from_millis(1500), || {
            written = Instant::now();
            // An atomic save is several events: a temporary file made, written and renamed.
            crate::files::write_atomic(&file, "new").expect("save");
        });
        assert_eq!(seen.len(), 1, "one burst: {seen:?}");
        let (paths, at) = &seen[0];
        assert!(paths.contains(&file), "{paths:?}");
        let latency = at.saturating_duration_since(written);
        assert!(latency < Duration::from_millis(500), "took {latency:?}");
    }

    /// Regression: reading the watched files reported them as changed, the studio read them again
    /// to redraw, and the window spun for ever.
    #[test]
    fn reading_a_watched_file_is_not_a_change() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "text").expect("write");
        let seen = bursts(dir.path(), Duration::from_millis(400), || {
            for _ in 0..3 {
                let _ = std::fs::read_to_string(&file);
                let _ = std::fs::read_dir(dir.path()).map(|d| d.count());
            }
        });
        assert_eq!(seen, Vec::new());
    }
}
