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

/// What the watcher reports of one burst: the paths under watch that changed, and the files
/// another program renamed (moved within what is watched), each from its old name to its new.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Changed {
    pub paths: Vec<PathBuf>,
    pub renamed: Vec<(PathBuf, PathBuf)>,
}

impl Changed {
    /// Paths changed, none renamed.
    pub fn paths(paths: Vec<PathBuf>) -> Changed {
        Changed {
            paths,
            renamed: Vec::new(),
        }
    }

    fn is_empty(&self) -> bool {
        self.paths.is_empty() && self.renamed.is_empty()
    }
}

/// Watches these paths (folders recursively); reports each burst of changes.
pub fn subscription(paths: Vec<PathBuf>) -> Subscription<Changed> {
    Subscription::run_with(paths, |paths| stream(paths.clone()))
}

fn stream(paths: Vec<PathBuf>) -> impl Stream<Item = Changed> {
    iced::stream::channel(16, async move |mut output: mpsc::Sender<Changed>| {
        let (tx, mut rx) = mpsc::unbounded::<Changed>();
        let Ok(mut debouncer) = new_debouncer(SETTLE, None, move |r: DebounceEventResult| {
            let changed = changed(r);
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
        while let Some(changed) = rx.next().await {
            if output.send(changed).await.is_err() {
                break;
            }
        }
        drop(debouncer);
    })
}

/// What a burst changed: its distinct paths whose contents changed, in order, and its renames.
/// This runs on the watcher's thread, so it may look at the files: a rename counts only when
/// its old name is gone at the end of the burst (an editor that renames the file to a backup
/// and writes it again has not renamed it).
fn changed(result: DebounceEventResult) -> Changed {
    use notify::event::{ModifyKind, RenameMode};
    let Ok(events) = result else {
        return Changed::default();
    };
    let renamed = events
        .iter()
        .filter(|e| {
            matches!(
                e.event.kind,
                notify::EventKind::Modify(ModifyKind::Name(RenameMode::Both))
            )
        })
        .filter_map(|e| match e.event.paths.as_slice() {
            [from, to] if !from.exists() => Some((from.clone(), to.clone())),
            _ => None,
        })
        .collect();
    let set: BTreeSet<PathBuf> = events
        .into_iter()
        .filter(|e| is_change(&e.event))
        .flat_map(|e| e.event.paths)
        .collect();
    Changed {
        paths: set.into_iter().collect(),
        renamed,
    }
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
/// once `after` has run: waiting up to `first` for the first, then until none comes for `quiet`.
/// No test holds the watcher to a time: `first` is as long as a test may wait for a burst that
/// should come (a generous bound against a hang, or the window in which none must), and `quiet`
/// how long it waits for one that should not.
#[cfg(test)]
pub fn bursts(
    path: &std::path::Path,
    first: Duration,
    quiet: Duration,
    after: impl FnOnce(),
) -> Vec<Changed> {
    let (tx, rx) = std::sync::mpsc::channel();
    let Ok(mut debouncer) = new_debouncer(SETTLE, None, move |r: DebounceEventResult| {
        let changed = changed(r);
        if !changed.is_empty() {
            let _ = tx.send(changed);
        }
    }) else {
        return Vec::new();
    };
    if debouncer.watch(path, RecursiveMode::Recursive).is_err() {
        return Vec::new();
    }
    after();
    let mut out = Vec::new();
    let mut wait = first;
    while let Ok(b) = rx.recv_timeout(wait) {
        out.push(b);
        wait = quiet;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As long as a test waits for a burst that should come: a bound against a hang only.
    const COMES: Duration = Duration::from_secs(60);
    /// How long a test waits for another burst after the last: a dozen settles.
    const QUIET: Duration = Duration::from_millis(1000);

    #[test]
    fn a_save_from_another_editor_is_one_burst() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "old").expect("write");
        let seen = bursts(dir.path(), COMES, QUIET, || {
            // An atomic save is several events: a temporary file made, written and renamed.
            crate::files::write_atomic(&file, "new").expect("save");
        });
        // One burst, not one per event: how soon it comes is the debouncer's SETTLE, which a
        // test does not time.
        assert_eq!(seen.len(), 1, "one burst: {seen:?}");
        let changed = &seen[0];
        assert!(changed.paths.contains(&file), "{changed:?}");
        assert!(
            changed.renamed.is_empty(),
            "a save renames nothing: {changed:?}"
        );
    }

    /// Regression: reading the watched files reported them as changed, the studio read them again
    /// to redraw, and the window spun for ever.
    #[test]
    fn reading_a_watched_file_is_not_a_change() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        std::fs::write(&file, "text").expect("write");
        let window = Duration::from_millis(400);
        let seen = bursts(dir.path(), window, window, || {
            for _ in 0..3 {
                let _ = std::fs::read_to_string(&file);
                let _ = std::fs::read_dir(dir.path()).map(|d| d.count());
            }
        });
        assert_eq!(seen, Vec::new());
    }

    /// Another program renamed a file: the burst says from which name to which, so that its
    /// game can follow it.
    #[test]
    fn a_file_renamed_by_another_program_is_reported_with_both_names() {
        let dir = tempfile::tempdir().expect("dir");
        let old = dir.path().join("a.lock");
        let new = dir.path().join("b.lock");
        std::fs::write(&old, "text").expect("write");
        let seen = bursts(dir.path(), COMES, QUIET, || {
            std::fs::rename(&old, &new).expect("rename");
        });
        let renamed: Vec<_> = seen.iter().flat_map(|c| c.renamed.clone()).collect();
        assert_eq!(renamed, vec![(old.clone(), new.clone())], "{seen:?}");
    }

    /// An editor that renames the file to a backup and writes it again has renamed nothing.
    #[test]
    fn a_file_moved_to_a_backup_and_written_again_is_not_renamed() {
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("a.lock");
        let backup = dir.path().join("a.lock~");
        std::fs::write(&file, "old").expect("write");
        let seen = bursts(dir.path(), COMES, QUIET, || {
            std::fs::rename(&file, &backup).expect("rename");
            std::fs::write(&file, "new").expect("write");
        });
        assert!(seen.iter().all(|c| c.renamed.is_empty()), "{seen:?}");
        assert!(seen.iter().any(|c| c.paths.contains(&file)), "{seen:?}");
    }
}
