//! The editor: the hex canvas and the lock's source side by side, always in step.
//!
//! The source text is the truth. A canvas edit changes the lock, which is printed back into the
//! text (comments kept); a text edit is parsed and redrawn at once. While the text does not
//! parse, the last good picture stays on the canvas and the errors show under the source.

use crate::hexlock::canvas::{Camera, Event2, HexCanvas};
use crate::hexlock::edit;
use crate::hexlock::picture::{Colouring, Overlay, Palette};
use crate::highlight::{self, LockHighlighter};
use engine::Hex;
use engine::hexlock::Lock;
use engine::hexlock::model::PieceRef;
use iced::widget::{button, canvas, column, container, row, scrollable, text, text_editor};
use iced::{Element, Fill, Font, Length};
use lockfmt::Diagnostic;
use lockfmt::hexlock::Document;
use lockfmt::hexlock::highlight::Highlights;
use std::path::PathBuf;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "lock-source";

/// What a click on the canvas does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Pick a piece.
    Select,
    /// Paint cells into the selected block, or a new one.
    Block,
    /// Remove what covers a cell.
    Erase,
    /// Put down or take away a ball.
    Ball,
    /// Place a pivot; then click beside it to add or remove arms.
    Pivot,
    /// Click a root cell, then an end cell.
    Spring,
    /// Place the hook; click beside its hub to turn its arm.
    Hook,
    /// Add or take away wrench cells.
    Wrench,
    /// Click a piece, then where it should go.
    Move,
    /// Click a second block to merge it into the selected one.
    Merge,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 10] = [
        Tool::Select,
        Tool::Block,
        Tool::Erase,
        Tool::Ball,
        Tool::Pivot,
        Tool::Spring,
        Tool::Hook,
        Tool::Wrench,
        Tool::Move,
        Tool::Merge,
    ];

    /// Its name on the toolbar.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Block => "Block",
            Tool::Erase => "Erase",
            Tool::Ball => "Ball",
            Tool::Pivot => "Pivot",
            Tool::Spring => "Spring",
            Tool::Hook => "Hook",
            Tool::Wrench => "Wrench",
            Tool::Move => "Move",
            Tool::Merge => "Merge",
        }
    }
}

/// A change on disk while the buffer held unsaved edits: the user chooses.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// What the file now holds.
    pub theirs: String,
    /// Whether the comparison is open.
    pub comparing: bool,
}

/// The editor's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Source(text_editor::Action),
    Canvas(Event2),
    Tool(Tool),
    Undo,
    Redo,
    Save,
    DeleteSelection,
    SplitSelection,
    NaturalLength(i32),
    ToggleColouring,
    /// The file on disk now holds this text.
    DiskChanged(String),
    KeepMine,
    TakeTheirs,
    Compare,
    /// Show or hide the buffer against the file on disk.
    ToggleDiff,
    /// Play the lock.
    Play,
    /// Compare the buffer with another lock file: its name and text.
    CompareWith(String, String),
}

/// What the editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Write this text to the file, atomically.
    Save(PathBuf, String),
    /// Play this lock.
    Play(Lock),
}

/// The editor's state.
pub struct Editor {
    /// The file, if the lock has one.
    pub path: Option<PathBuf>,
    content: text_editor::Content,
    /// The text as last read from or written to disk.
    disk_text: String,
    /// The current text's diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// The last document that parsed well enough to draw.
    pub document: Option<Document>,
    source_map: lockfmt::hexlock::SourceMap,
    highlights: Highlights,
    highlight: highlight::Settings,
    undo: Vec<String>,
    redo: Vec<String>,
    /// The current tool.
    pub tool: Tool,
    /// The selected piece.
    pub selected: Option<PieceRef>,
    /// The first click of a two-click tool (spring root, piece to move).
    pending: Option<Hex>,
    camera: Camera,
    /// How pieces are coloured.
    pub colouring: Colouring,
    /// The last thing the editor has to say (a refused edit, a save).
    pub status: String,
    /// An outside change waiting for the user's choice.
    pub conflict: Option<Conflict>,
    /// Whether the buffer is shown against the file on disk.
    pub diffing: bool,
    /// The lock the file on disk holds, when it parses.
    disk_lock: Option<Lock>,
    /// Another lock file the buffer is compared with instead of the disk: its name, text and
    /// lock.
    other: Option<(String, String, Option<Lock>)>,
}

impl Editor {
    /// An editor on some text, from a file or not.
    pub fn new(path: Option<PathBuf>, text: &str) -> Editor {
        let mut e = Editor {
            path,
            content: text_editor::Content::with_text(text),
            disk_text: text.to_string(),
            diagnostics: Vec::new(),
            document: None,
            source_map: Default::default(),
            highlights: Highlights::new(),
            highlight: highlight::Settings::default(),
            undo: Vec::new(),
            redo: Vec::new(),
            tool: Tool::Select,
            selected: None,
            pending: None,
            camera: Camera::default(),
            colouring: Colouring::ByKind,
            status: String::new(),
            conflict: None,
            diffing: false,
            disk_lock: None,
            other: None,
        };
        e.set_disk(text.to_string());
        e.reparse();
        e
    }

    fn set_disk(&mut self, text: String) {
        self.disk_lock = lockfmt::hexlock::parse(&text).document.map(|d| d.lock);
        self.disk_text = text;
    }

    /// The buffer's text.
    pub fn text(&self) -> String {
        self.content.text()
    }

    /// Whether the buffer differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.text() != self.disk_text
    }

    /// The lock on the canvas.
    pub fn lock(&self) -> Option<&Lock> {
        self.document.as_ref().map(|d| &d.lock)
    }

    fn reparse(&mut self) {
        let text = self.content.text();
        let parsed = lockfmt::hexlock::parse(&text);
        self.diagnostics = parsed.diagnostics;
        if let Some(doc) = parsed.document {
            self.document = Some(doc);
            self.source_map = parsed.source_map;
        }
        self.highlight = highlight::Settings::new(&text, &self.diagnostics, &self.highlights);
    }

    /// Replaces the whole text, as one undoable step.
    fn set_text(&mut self, text: &str) {
        let old = self.content.text();
        if old == text {
            return;
        }
        self.undo.push(old);
        self.redo.clear();
        self.content = text_editor::Content::with_text(text);
        self.reparse();
    }

    /// Applies a canvas edit to the lock and writes it back into the text.
    fn edit_lock(&mut self, f: impl FnOnce(&mut Lock) -> Result<(), String>) {
        let Some(mut doc) = self.document.clone() else {
            return;
        };
        if self
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.code == "syntax")
        {
            self.status = "fix the text's syntax errors before editing on the canvas".into();
            return;
        }
        let before = lockfmt::hexlock::print_document(&doc);
        match f(&mut doc.lock) {
            Ok(()) => {
                let after = lockfmt::hexlock::print_document(&doc);
                // Keep the buffer's own layout where the change does not reach, as long as the
                // result reads back as the edited lock; else write the canonical text.
                let text = lockfmt::diff::carry_over(&self.content.text(), &before, &after)
                    .filter(|t| {
                        lockfmt::hexlock::parse(t)
                            .document
                            .is_some_and(|d| d.lock == doc.lock)
                    })
                    .unwrap_or(after);
                self.set_text(&text);
                self.status.clear();
            }
            Err(why) => self.status = why,
        }
    }

    /// Handles a message; may ask the studio to do something.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Source(action) => {
                let is_edit = action.is_edit();
                let before = is_edit.then(|| self.content.text());
                self.content.perform(action);
                if let Some(before) = before
                    && before != self.content.text()
                {
                    self.undo.push(before);
                    self.redo.clear();
                    self.reparse();
                }
            }
            Message::Canvas(Event2::Panned(pan)) => self.camera.pan = pan,
            Message::Canvas(Event2::Zoomed(zoom)) => self.camera.zoom = zoom,
            Message::Canvas(Event2::Clicked(cell)) => self.click(cell),
            Message::Tool(tool) => {
                self.tool = tool;
                self.pending = None;
            }
            Message::Undo => {
                if let Some(text) = self.undo.pop() {
                    self.redo.push(self.content.text());
                    self.content = text_editor::Content::with_text(&text);
                    self.reparse();
                }
            }
            Message::Redo => {
                if let Some(text) = self.redo.pop() {
                    self.undo.push(self.content.text());
                    self.content = text_editor::Content::with_text(&text);
                    self.reparse();
                }
            }
            Message::Save => {
                if let Some(path) = self.path.clone() {
                    let text = self.content.text();
                    self.set_disk(text.clone());
                    self.status = format!("saved {}", path.display());
                    return Some(Event::Save(path, text));
                }
            }
            Message::DeleteSelection => {
                if let Some(piece) = self.selected.take() {
                    self.edit_lock(|l| {
                        edit::delete_piece(l, piece);
                        Ok(())
                    });
                }
            }
            Message::SplitSelection => {
                if let Some(PieceRef::Block(n)) = self.selected {
                    self.edit_lock(|l| {
                        if edit::split_block(l, n).is_empty() {
                            Err(format!("block {n} is already in one piece"))
                        } else {
                            Ok(())
                        }
                    });
                }
            }
            Message::NaturalLength(delta) => {
                let cell = self.pending.or(self.selected_cell())?;
                self.edit_lock(|l| {
                    let i = l
                        .springs
                        .iter()
                        .position(|s| s.root_cell == cell || s.end_cell == cell);
                    match i {
                        Some(i) if edit::adjust_natural_length(l, i, delta) => Ok(()),
                        Some(_) => Err("that is as far as the natural length goes".into()),
                        None => Err("select a piece with a spring attached".into()),
                    }
                });
            }
            Message::ToggleColouring => {
                self.colouring = match self.colouring {
                    Colouring::ByKind => Colouring::Distinct,
                    Colouring::Distinct => Colouring::ByKind,
                }
            }
            Message::DiskChanged(theirs) => {
                if theirs == self.disk_text || theirs == self.content.text() {
                    self.set_disk(theirs);
                } else if self.is_dirty() {
                    self.conflict = Some(Conflict {
                        theirs,
                        comparing: false,
                    });
                } else {
                    self.set_disk(theirs.clone());
                    self.set_text(&theirs);
                    self.status = "reloaded: the file changed on disk".into();
                }
            }
            Message::KeepMine => {
                if let Some(c) = self.conflict.take() {
                    // Mine stays in the buffer; the file keeps theirs until I save.
                    self.set_disk(c.theirs);
                }
            }
            Message::TakeTheirs => {
                if let Some(c) = self.conflict.take() {
                    self.set_disk(c.theirs.clone());
                    self.set_text(&c.theirs);
                }
            }
            Message::ToggleDiff => {
                self.diffing = !self.diffing;
                self.other = None;
            }
            Message::CompareWith(name, text) => {
                let lock = lockfmt::hexlock::parse(&text).document.map(|d| d.lock);
                self.other = Some((name, text, lock));
                self.diffing = true;
            }
            Message::Play => {
                if self.diagnostics.iter().any(Diagnostic::is_error) {
                    self.status = "fix the lock's problems before playing it".into();
                } else if let Some(lock) = self.lock() {
                    return Some(Event::Play(lock.clone()));
                }
            }
            Message::Compare => {
                if let Some(c) = &mut self.conflict {
                    c.comparing = !c.comparing;
                }
            }
        }
        None
    }

    fn selected_cell(&self) -> Option<Hex> {
        let lock = self.lock()?;
        let piece = self.selected?;
        lock.pieces()
            .into_iter()
            .find(|(p, _)| *p == piece)
            .and_then(|(_, cells)| cells.first().copied())
    }

    fn click(&mut self, cell: Hex) {
        let Some(lock) = self.lock().cloned() else {
            return;
        };
        let under = lock.occupancy().get(&cell).copied();
        match self.tool {
            Tool::Select => {
                self.selected = under;
                self.pending = Some(cell);
            }
            Tool::Block => {
                let into = match self.selected {
                    Some(PieceRef::Block(n)) => Some(n),
                    _ => None,
                };
                if under.is_some() && under == self.selected {
                    self.edit_lock(|l| {
                        edit::erase(l, cell);
                        Ok(())
                    });
                    return;
                }
                let mut made = None;
                self.edit_lock(|l| match edit::paint_block(l, cell, into) {
                    Some(n) => {
                        made = Some(n);
                        Ok(())
                    }
                    None => Err("that cell is taken or outside the lock".into()),
                });
                if let Some(n) = made {
                    self.selected = Some(PieceRef::Block(n));
                }
            }
            Tool::Erase => self.edit_lock(|l| {
                if edit::erase(l, cell) {
                    Ok(())
                } else {
                    Err("nothing to erase there".into())
                }
            }),
            Tool::Ball => self.edit_lock(|l| {
                if edit::toggle_ball(l, cell) {
                    Ok(())
                } else {
                    Err("that cell is taken".into())
                }
            }),
            Tool::Pivot => {
                if let Some(PieceRef::Pivot(n)) = self.selected
                    && lock.pivot(n).is_some_and(|p| p.hub.distance(cell) == 1)
                {
                    self.edit_lock(|l| {
                        if edit::toggle_arm(l, n, cell) {
                            Ok(())
                        } else {
                            Err("that cell is taken".into())
                        }
                    });
                    return;
                }
                if let Some(PieceRef::Pivot(_)) = under {
                    self.selected = under;
                    return;
                }
                let mut made = None;
                self.edit_lock(|l| match edit::place_pivot(l, cell) {
                    Some(n) => {
                        made = Some(n);
                        Ok(())
                    }
                    None => Err("that cell is taken, or the lock has ten pivots".into()),
                });
                if let Some(n) = made {
                    self.selected = Some(PieceRef::Pivot(n));
                }
            }
            Tool::Spring => match self.pending.take() {
                None => {
                    self.pending = Some(cell);
                    self.status = "now click the end block's cell".into();
                }
                Some(root) => {
                    self.edit_lock(|l| edit::add_spring(l, root, cell).map_err(String::from))
                }
            },
            Tool::Hook => self.edit_lock(|l| {
                if edit::place_hook(l, cell) {
                    Ok(())
                } else {
                    Err("the hook does not fit there".into())
                }
            }),
            Tool::Wrench => self.edit_lock(|l| {
                if edit::toggle_wrench_cell(l, cell) {
                    Ok(())
                } else {
                    Err("that cell is taken".into())
                }
            }),
            Tool::Move => match self.pending.take() {
                None if under.is_some() => {
                    self.pending = Some(cell);
                    self.selected = under;
                    self.status = "now click where it should go".into();
                }
                None => {}
                Some(from) => self.edit_lock(|l| {
                    if edit::move_piece(l, from, cell) {
                        Ok(())
                    } else {
                        Err("it does not fit there".into())
                    }
                }),
            },
            Tool::Merge => match (self.selected, under) {
                (Some(PieceRef::Block(into)), Some(PieceRef::Block(other))) if into != other => {
                    self.edit_lock(|l| {
                        edit::merge_blocks(l, into, other);
                        Ok(())
                    })
                }
                (_, Some(PieceRef::Block(_))) => self.selected = under,
                _ => self.status = "click a block, then another to merge into it".into(),
            },
        }
    }

    fn overlay(&self) -> Overlay {
        let mut problems = Vec::new();
        let mut notes = Vec::new();
        for d in self.diagnostics.iter().filter(|d| d.is_error()) {
            for (cell, span) in &self.source_map.cells {
                if span.line == d.span.line && span.column == d.span.column {
                    problems.push(*cell);
                    notes.push((*cell, d.message.clone()));
                }
            }
        }
        let mut selected = Vec::new();
        if let (Some(lock), Some(piece)) = (self.lock(), self.selected)
            && let Some((_, cells)) = lock.pieces().into_iter().find(|(p, _)| *p == piece)
        {
            selected = cells;
        }
        Overlay {
            problems,
            selected,
            arrows: Vec::new(),
            notes,
        }
    }

    /// The file on disk against the buffer: both pictures with the cells that changed outlined,
    /// what changed in words, and the line diff.
    fn diff_view<'a>(&'a self, palette: Palette) -> Element<'a, Message> {
        let (other_name, other_text, other_lock) = match &self.other {
            Some((name, text, lock)) => (name.as_str(), text.as_str(), lock.as_ref()),
            None => ("on disk", self.disk_text.as_str(), self.disk_lock.as_ref()),
        };
        let (Some(disk), Some(mine)) = (other_lock, self.lock()) else {
            return column![
                text(format!(
                    "{other_name} or the buffer does not parse; the line diff:"
                ))
                .size(13),
                crate::screen::diff_view(&self.text(), other_text),
            ]
            .into();
        };
        let changed = changed_cells(disk, mine);
        let changes = lockfmt::hexlock::diff::semantic(disk, mine);
        let picture = |lock: &'a Lock, title: &'a str| -> Element<'a, Message> {
            let program = HexCanvas {
                lock,
                camera: Camera::default(),
                colouring: self.colouring,
                palette,
                overlay: Overlay {
                    selected: changed.clone(),
                    ..Overlay::default()
                },
                labels: true,
                interactive: false,
            };
            column![
                text(title).size(13),
                Element::from(canvas(program).width(Fill).height(Fill)).map(Message::Canvas)
            ]
            .width(Fill)
            .into()
        };
        let summary: Vec<Element<'a, Message>> = if changes.is_empty() {
            vec![text("No pieces changed.").size(13).into()]
        } else {
            changes
                .iter()
                .map(|c| text(c.to_string()).size(13).into())
                .collect()
        };
        column![
            row![picture(disk, other_name), picture(mine, "this buffer")]
                .spacing(8)
                .height(Length::FillPortion(3)),
            column(summary).spacing(2),
            container(crate::screen::diff_view(&self.text(), other_text))
                .height(Length::FillPortion(2)),
        ]
        .spacing(6)
        .into()
    }

    /// The editor's view.
    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let play = button(text("▶ Play").size(13))
            .on_press(Message::Play)
            .style(button::success);
        let tools = row(
            std::iter::once(play.into()).chain(Tool::ALL.iter().map(|&t| {
                let b = button(text(t.label()).size(13));
                let b = if t == self.tool {
                    b.style(button::primary)
                } else {
                    b.style(button::secondary)
                };
                b.on_press(Message::Tool(t)).into()
            })),
        )
        .spacing(4)
        .wrap();
        let actions = row![
            button(text("Undo").size(13)).on_press(Message::Undo),
            button(text("Redo").size(13)).on_press(Message::Redo),
            button(text("Delete").size(13)).on_press(Message::DeleteSelection),
            button(text("Split").size(13)).on_press(Message::SplitSelection),
            button(text("Spring −").size(13)).on_press(Message::NaturalLength(-1)),
            button(text("Spring +").size(13)).on_press(Message::NaturalLength(1)),
            button(text("Colours").size(13)).on_press(Message::ToggleColouring),
            button(text("Save").size(13)).on_press(Message::Save),
            button(
                text(if self.diffing {
                    "Back"
                } else {
                    "Diff with disk"
                })
                .size(13)
            )
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4);
        let canvas_view: Element<'_, Message> = match self.lock() {
            Some(lock) => {
                let program = HexCanvas {
                    lock,
                    camera: self.camera,
                    colouring: self.colouring,
                    palette,
                    overlay: self.overlay(),
                    labels: true,
                    interactive: true,
                };
                Element::from(canvas(program).width(Fill).height(Fill)).map(Message::Canvas)
            }
            None => container(text(
                "Nothing to draw yet: the text has no usable grid and size.",
            ))
            .center(Fill)
            .into(),
        };
        let canvas_view = if self.diffing {
            self.diff_view(palette)
        } else {
            canvas_view
        };
        let source = text_editor(&self.content)
            .id(SOURCE_ID)
            .font(Font::MONOSPACE)
            .size(14)
            .height(Fill)
            .on_action(Message::Source)
            .highlight_with::<LockHighlighter>(self.highlight.clone(), highlight::format);
        let problems = column(self.diagnostics.iter().map(|d| {
            let kind = if d.is_error() { "error" } else { "warning" };
            text(format!(
                "{}:{}: {kind}: {}",
                d.span.line, d.span.column, d.message
            ))
            .size(13)
            .into()
        }))
        .spacing(2);
        let problems_title = if self.diagnostics.is_empty() {
            "No problems".to_string()
        } else {
            format!("{} problem(s)", self.diagnostics.len())
        };
        let mut right = column![
            source,
            text(problems_title).size(14),
            scrollable(problems).height(Length::Fixed(120.0)),
        ]
        .spacing(6)
        .width(Length::FillPortion(2));
        if let Some(c) = &self.conflict {
            let mut prompt = column![
                text("The file changed on disk while you have unsaved edits.").size(14),
                row![
                    button(text("Keep mine")).on_press(Message::KeepMine),
                    button(text("Take theirs")).on_press(Message::TakeTheirs),
                    button(text("Compare")).on_press(Message::Compare),
                ]
                .spacing(6),
            ]
            .spacing(6);
            if c.comparing {
                prompt = prompt.push(crate::screen::diff_view(&self.text(), &c.theirs));
            }
            right = right.push(container(prompt).padding(8).style(container::rounded_box));
        }
        let status = text(if self.status.is_empty() {
            format!(
                "{}{}",
                self.path
                    .as_ref()
                    .map_or("(no file)".to_string(), |p| p.display().to_string()),
                if self.is_dirty() { " — unsaved" } else { "" }
            )
        } else {
            self.status.clone()
        })
        .size(13);
        column![
            tools,
            actions,
            row![
                container(canvas_view)
                    .width(Length::FillPortion(3))
                    .height(Fill),
                right
            ]
            .spacing(8)
            .height(Fill),
            status,
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}

/// The cells whose piece differs between two locks, and the runs of springs that differ.
pub fn changed_cells(old: &Lock, new: &Lock) -> Vec<Hex> {
    let (a, b) = (old.occupancy(), new.occupancy());
    let mut cells: Vec<Hex> = a
        .keys()
        .chain(b.keys())
        .copied()
        .filter(|c| a.get(c) != b.get(c))
        .collect();
    for s in old
        .springs
        .iter()
        .filter(|s| !new.springs.contains(s))
        .chain(new.springs.iter().filter(|s| !old.springs.contains(s)))
    {
        cells.extend([s.root_cell, s.end_cell]);
    }
    cells.sort();
    cells.dedup();
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexlock::picture;
    use iced::keyboard::key::Named;
    use iced::{Element, Theme};
    use iced_test::{Error, Simulator, selector, simulator};

    const CANVAS: f32 = 600.0;

    fn starter(size: i32) -> String {
        lockfmt::hexlock::print(&engine::hexlock::Lock::starter(size))
    }

    fn template(path: &str) -> String {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../templates/hexlock")
                .join(path),
        )
        .expect("template")
    }

    fn canvas_only(editor: &Editor) -> Element<'_, Event2> {
        let lock = editor.lock().expect("a lock");
        canvas(HexCanvas {
            lock,
            camera: Camera::default(),
            colouring: editor.colouring,
            palette: Palette::LIGHT,
            overlay: editor.overlay(),
            labels: false,
            interactive: true,
        })
        .width(CANVAS)
        .height(CANVAS)
        .into()
    }

    /// Clicks the centre of a cell on a canvas-only view and feeds what the canvas says back.
    fn click_cell(editor: &mut Editor, cell: Hex) {
        let size = editor.lock().expect("lock").size;
        let point =
            Camera::default().project(picture::centre(cell), size, iced::Size::new(CANVAS, CANVAS));
        let mut ui =
            Simulator::with_size(Default::default(), (CANVAS, CANVAS), canvas_only(editor));
        ui.point_at(point);
        let _ = ui.simulate(iced_test::simulator::click());
        let events: Vec<Event2> = ui.into_messages().collect();
        assert!(!events.is_empty(), "the canvas reported the click");
        for e in events {
            editor.update(Message::Canvas(e));
        }
    }

    #[test]
    fn opening_a_lock_shows_its_source_and_no_problems() -> Result<(), Error> {
        let editor = Editor::new(None, &template("starter/ball-stop.lock"));
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.find("No problems")?;
        let _ = ui.find("Block")?;
        assert_eq!(
            editor.lock().map(|l| l.info.name.as_str()),
            Some("Ball Stop")
        );
        Ok(())
    }

    #[test]
    fn painting_a_cell_on_the_canvas_changes_the_text() -> Result<(), Error> {
        let mut editor = Editor::new(None, &starter(3));
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.click("Block")?;
        for m in ui.into_messages() {
            editor.update(m);
        }
        assert_eq!(editor.tool, Tool::Block);
        click_cell(&mut editor, Hex::ORIGIN);
        let text = editor.text();
        // The centre of a size-3 lock is row 4, cell 4.
        assert!(text.contains("\n. . . A . . .\n"), "{text}");
        assert!(editor.diagnostics.is_empty());
        // Only the painted row changed.
        let changed = starter(3)
            .lines()
            .zip(text.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(changed, 1);
        // And it can be undone and redone.
        editor.update(Message::Undo);
        assert_eq!(editor.text(), starter(3));
        editor.update(Message::Redo);
        assert_eq!(editor.text(), text);
        Ok(())
    }

    #[test]
    fn typing_in_the_source_changes_the_canvas() -> Result<(), Error> {
        let mut editor = Editor::new(None, &starter(3));
        assert!(editor.lock().is_some_and(|l| l.balls.is_empty()));
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.click(selector::id(SOURCE_ID))?;
        // Up to the first line wherever the click left the cursor, then down to the middle grid
        // row (line 10), to its fourth cell, and put a ball there.
        for _ in 0..30 {
            let _ = ui.tap_key(Named::ArrowUp);
        }
        let _ = ui.tap_key(Named::Home);
        for _ in 0..9 {
            let _ = ui.tap_key(Named::ArrowDown);
        }
        for _ in 0..6 {
            let _ = ui.tap_key(Named::ArrowRight);
        }
        let _ = ui.typewrite("o");
        let _ = ui.tap_key(Named::Delete);
        for m in ui.into_messages() {
            editor.update(m);
        }
        assert!(
            editor.text().contains("\n. . . o . . .\n"),
            "{}",
            editor.text()
        );
        assert_eq!(
            editor.lock().map(|l| l.balls.clone()),
            Some(vec![Hex::ORIGIN])
        );
        Ok(())
    }

    #[test]
    fn while_the_text_does_not_parse_the_last_picture_stays() {
        let mut editor = Editor::new(None, &template("starter/spring-pull.lock"));
        let before = editor.lock().cloned();
        editor.update(Message::DiskChanged(
            "lockwright-lock 1\nthis is not a lock".into(),
        ));
        assert!(!editor.diagnostics.is_empty());
        assert_eq!(editor.lock().cloned(), before);
    }

    #[test]
    fn a_change_on_disk_reloads_a_clean_buffer() {
        let mut editor = Editor::new(None, &starter(3));
        editor.update(Message::DiskChanged(starter(4)));
        assert_eq!(editor.text(), starter(4));
        assert_eq!(editor.lock().map(|l| l.size), Some(4));
        assert!(editor.conflict.is_none());
    }

    #[test]
    fn unsaved_edits_and_a_change_on_disk_ask_which_to_keep() -> Result<(), Error> {
        let mut editor = Editor::new(None, &starter(3));
        editor.update(Message::Tool(Tool::Ball));
        editor.click(Hex::ORIGIN);
        let mine = editor.text();
        assert!(editor.is_dirty());
        editor.update(Message::DiskChanged(starter(5)));
        assert_eq!(editor.text(), mine, "nothing is dropped silently");
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.find("Keep mine")?;
        let _ = ui.click("Compare")?;
        for m in ui.into_messages() {
            editor.update(m);
        }
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.find("on disk")?;
        let _ = ui.click("Take theirs")?;
        for m in ui.into_messages() {
            editor.update(m);
        }
        assert_eq!(editor.text(), starter(5));
        assert!(editor.conflict.is_none());
        // Taking theirs is one undo step: mine comes back.
        editor.update(Message::Undo);
        assert_eq!(editor.text(), mine);
        Ok(())
    }

    #[test]
    fn keep_mine_keeps_the_buffer_until_it_is_saved() {
        let mut editor = Editor::new(Some("x.lock".into()), &starter(3));
        editor.update(Message::Tool(Tool::Ball));
        editor.click(Hex::ORIGIN);
        let mine = editor.text();
        editor.update(Message::DiskChanged(starter(5)));
        editor.update(Message::KeepMine);
        assert_eq!(editor.text(), mine);
        assert!(editor.is_dirty());
        assert_eq!(
            editor.update(Message::Save),
            Some(Event::Save("x.lock".into(), mine))
        );
        assert!(!editor.is_dirty());
    }

    #[test]
    fn problems_are_listed_with_their_line_and_column() -> Result<(), Error> {
        let text = starter(3).replace("\n. . . . . . .\n", "\n. . . $ . . .\n");
        let editor = Editor::new(None, &text);
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.find("1 problem(s)")?;
        let _ = ui.find("10:7: error: unknown glyph `$`: a cell is `.` (empty), `:` (bolthole), `~` (spring), `o` (ball), `@` (hook), `%` (wrench), `-` `/` `\\` (arm), a letter (block) or a digit (pivot)")?;
        Ok(())
    }

    #[test]
    fn an_invalid_lock_marks_its_problem_cells_on_the_canvas() {
        let text = starter(3).replace("\n. . . . . . .\n", "\n. . A . A . .\n");
        let editor = Editor::new(None, &text);
        assert!(
            !editor.overlay().problems.is_empty(),
            "the disconnected block is marked"
        );
    }

    #[test]
    fn a_canvas_edit_keeps_the_layout_of_untouched_lines() {
        // A hand-written file: statements out of canonical order, an indented comment, extra
        // blank lines.
        let text = starter(3).replace(
            "hook arm E\nwrench momentum none\n",
            "wrench momentum none\n\n   # the hook\nhook arm E\n",
        );
        let mut editor = Editor::new(None, &text);
        assert!(editor.diagnostics.is_empty());
        editor.update(Message::Tool(Tool::Ball));
        editor.click(Hex::ORIGIN);
        let after = editor.text();
        let changed: Vec<(&str, &str)> = text
            .lines()
            .zip(after.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed, vec![(". . . . . . .", ". . . o . . .")], "{after}");
        assert_eq!(after.lines().count(), text.lines().count());
    }

    #[test]
    fn the_buffer_against_the_disk_shows_what_changed() -> Result<(), Error> {
        let mut editor = Editor::new(Some("x.lock".into()), &starter(3));
        editor.update(Message::Tool(Tool::Ball));
        editor.click(Hex::ORIGIN);
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.click("Diff with disk")?;
        for m in ui.into_messages() {
            editor.update(m);
        }
        assert!(editor.diffing);
        let mut ui = simulator(editor.view(Palette::LIGHT));
        let _ = ui.find("on disk")?;
        let _ = ui.find("this buffer")?;
        let _ = ui.find("added a ball (1 cells)")?;
        let _ = ui.find(". . . o . . .")?;
        assert_eq!(
            changed_cells(
                &engine::hexlock::Lock::starter(3),
                editor.lock().expect("lock")
            ),
            vec![Hex::ORIGIN]
        );
        Ok(())
    }

    #[test]
    fn canvas_snapshots_of_three_templates_match() -> Result<(), Error> {
        for name in ["spring-pull", "pivot-gate", "ball-stop"] {
            let editor = Editor::new(None, &template(&format!("starter/{name}.lock")));
            let mut ui =
                Simulator::with_size(Default::default(), (CANVAS, CANVAS), canvas_only(&editor));
            let snapshot = ui.snapshot(&Theme::Light)?;
            assert!(
                snapshot.matches_hash(format!("tests/snapshots/canvas-{name}"))?,
                "{name} looks different"
            );
        }
        Ok(())
    }
}
