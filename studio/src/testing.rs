//! Running the studio's tasks in tests, as the window's runtime would: every task a screen
//! returns runs for real (files are read and written, servers answer), and each message it
//! produces is fed back to the screen, until nothing is left to run.

use iced::Task;
use iced::futures::StreamExt;

/// A runtime for the tasks: tokio, as the studio's window uses.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime for the tests")
}

/// Runs a task and every task its messages lead to, feeding each message to `update`.
/// Panics if the tasks never settle (a loop that keeps asking).
pub fn settle<S, M: Send + 'static>(
    rt: &tokio::runtime::Runtime,
    state: &mut S,
    task: Task<M>,
    mut update: impl FnMut(&mut S, M) -> Task<M>,
) {
    let mut queue = vec![task];
    let mut rounds = 0;
    while let Some(task) = queue.pop() {
        rounds += 1;
        assert!(rounds < 10_000, "the tasks never settle");
        let Some(stream) = iced_runtime::task::into_stream(task) else {
            continue;
        };
        // One action at a time: an action for the window (there is none here) is dropped at
        // once, so that a task awaiting the window's answer ends instead of waiting forever.
        let mut stream = stream;
        let mut outputs = Vec::new();
        while let Some(action) = rt.block_on(stream.next()) {
            if let iced_runtime::Action::Output(m) = action {
                outputs.push(m);
            }
        }
        for m in outputs {
            queue.push(update(state, m));
        }
    }
}

/// How many of a task's actions work on the window's widgets (focus, scrolling), which only a
/// window carries out: a test sees that they were asked for.
pub fn widget_actions<M: Send + 'static>(rt: &tokio::runtime::Runtime, task: Task<M>) -> usize {
    let Some(stream) = iced_runtime::task::into_stream(task) else {
        return 0;
    };
    let actions: Vec<_> = rt.block_on(stream.collect());
    actions
        .iter()
        .filter(|a| matches!(a, iced_runtime::Action::Widget(_)))
        .count()
}

/// The messages a click on the button labelled `label` sends: none when it is disabled. Panics
/// when no such label is shown.
#[cfg(test)]
pub fn click<'a, M: Send + 'static>(
    view: impl Into<iced::Element<'a, M, iced::Theme, iced::Renderer>>,
    label: &str,
) -> Vec<M> {
    let mut ui = iced_test::simulator(view);
    let _ = ui
        .click(label)
        .unwrap_or_else(|e| panic!("no {label:?} shown: {e}"));
    ui.into_messages().collect()
}

/// An editor's Undo and Redo are pressable exactly when they would change the text: neither on
/// a text just opened, Undo after an edit, Redo after that edit is taken back.
#[cfg(test)]
pub fn undo_and_redo_are_offered_only_when_they_change_the_text<E, M: Send + 'static>(
    editor: &mut E,
    view: impl for<'a> Fn(&'a E) -> iced::Element<'a, M>,
    mut update: impl FnMut(&mut E, M),
    text: impl Fn(&E) -> String,
    edit: M,
) {
    let opened = text(editor);
    assert!(
        click(view(editor), "Undo").is_empty(),
        "nothing to undo yet"
    );
    assert!(
        click(view(editor), "Redo").is_empty(),
        "nothing to redo yet"
    );
    update(editor, edit);
    let edited = text(editor);
    assert_ne!(edited, opened, "the edit changed the text");
    assert!(
        click(view(editor), "Redo").is_empty(),
        "nothing undone to redo"
    );
    let undo = click(view(editor), "Undo");
    assert!(!undo.is_empty(), "Undo takes the edit back");
    undo.into_iter().for_each(|m| update(editor, m));
    assert_eq!(text(editor), opened);
    assert!(
        click(view(editor), "Undo").is_empty(),
        "back at the opened text"
    );
    let redo = click(view(editor), "Redo");
    assert!(!redo.is_empty(), "Redo makes the edit again");
    redo.into_iter().for_each(|m| update(editor, m));
    assert_eq!(text(editor), edited);
}
