//! The author's gestures on the canvas: presses, strokes and drags made into edits of the
//! document, each printed as the text.

use super::*;

impl Editor {
    /// Whether a canvas edit may print over the text now; if not, says why.
    pub(super) fn can_edit(&mut self) -> bool {
        if self.synced != Some(self.core.buffer.revision()) && !self.is_read() {
            self.core
                .buffer
                .say("a moment: the text is still being read");
            return false;
        }
        if !self.editable || self.synced != Some(self.core.buffer.revision()) {
            let first = self
                .core
                .diagnostics
                .iter()
                .find(|d| d.is_error() && !LOCK_CODES.contains(&d.code.as_str()));
            self.core.buffer.say(match first {
                Some(d) => format!(
                    "fix the text first — line {}: {} (the canvas shows the last picture that read)",
                    d.span.line, d.message
                ),
                None => "fix the text first: the canvas shows the last picture that read".into(),
            });
            return false;
        }
        true
    }

    /// Prints an edited document as the text: a new undo step, or (`join`) part of the last.
    pub(super) fn commit(&mut self, doc: Document, join: bool) -> Task<Message> {
        let text = lockfmt::sliding::print(&doc);
        if text == self.core.buffer.text() {
            return Task::none();
        }
        if join {
            self.core.buffer.replace_last(&text);
        } else {
            self.core.buffer.set_text(&text);
        }
        self.document = Some(doc);
        self.synced = Some(self.core.buffer.revision());
        self.editable = true;
        self.playable = false;
        self.read()
    }

    /// Applies an edit to the document now, or says why not.
    pub(super) fn edit(
        &mut self,
        join: bool,
        f: impl FnOnce(&Document) -> Result<Document, String>,
    ) -> (Task<Message>, bool) {
        let Some(doc) = self.document.as_ref() else {
            return (Task::none(), false);
        };
        match f(doc) {
            Ok(next) => {
                self.core.buffer.say("");
                (self.commit(next, join), true)
            }
            Err(why) => {
                self.core.buffer.say(why);
                (Task::none(), false)
            }
        }
    }

    pub(super) fn author_press(&mut self, spot: Spot, right: bool) -> Task<Message> {
        let Some(lock) = self.document.as_ref().map(|d| d.lock.clone()) else {
            return Task::none();
        };
        let Some(cell) = spot.cell(&lock.board) else {
            return Task::none();
        };
        if !self.can_edit() {
            return Task::none();
        }
        self.gesture_revision = self.core.buffer.revision();
        let tool = if right { Tool::Erase } else { self.tool };
        let piece = lock.piece_at(cell);
        match tool {
            Tool::Darken | Tool::Erase => {
                let paint = (tool == Tool::Darken).then(|| !lock.board.is_dark(cell));
                let verdict = self.shown();
                let (task, changed) = self.stroke(paint, cell, false);
                self.gesture = Some(Gesture::Stroke {
                    paint,
                    changed,
                    last: cell,
                    verdict,
                });
                task
            }
            Tool::Piece => {
                match piece {
                    Some(i)
                        if lock.pieces[i].kind == Kind::Slider
                            && (cell == lock.pieces[i].at || cell == lock.pieces[i].last()) =>
                    {
                        self.gesture = Some(Gesture::Stretch {
                            piece: lock.pieces[i],
                            end: cell,
                            to: spot,
                        });
                    }
                    Some(i) => self.core.buffer.say(format!(
                        "{cell} is taken by {}: drag from a free cell to draw a piece, or from a piece's end to stretch it",
                        author::describe(&lock, i)
                    )),
                    None => self.gesture = Some(Gesture::Draw { from: cell, to: spot }),
                }
                Task::none()
            }
            Tool::Key => {
                self.gesture = Some(Gesture::Key {
                    from: cell,
                    to: spot,
                });
                Task::none()
            }
            Tool::Keyhole => self.edit(false, |d| author::place_keyhole(d, cell)).0,
            Tool::Axis => self.edit(false, |d| author::place_axis(d, cell)).0,
            Tool::Move => {
                match piece {
                    Some(i) => {
                        self.gesture = Some(Gesture::Move {
                            piece: lock.pieces[i],
                            from: spot,
                            to: spot,
                        })
                    }
                    None => self.core.buffer.say(format!("no piece on {cell} to move")),
                }
                Task::none()
            }
        }
    }

    /// One cell of a stroke: darken, lighten or erase it.
    pub(super) fn stroke(
        &mut self,
        paint: Option<bool>,
        cell: Cell,
        join: bool,
    ) -> (Task<Message>, bool) {
        match paint {
            Some(dark) => {
                if self
                    .document
                    .as_ref()
                    .is_some_and(|d| d.lock.board.is_dark(cell) == dark)
                {
                    return (Task::none(), false);
                }
                self.edit(join, |d| author::set_dark(d, cell, dark))
            }
            None => self.edit(join, |d| author::erase(d, cell)),
        }
    }

    pub(super) fn author_drag(&mut self, spot: Spot) -> Task<Message> {
        let Some(board) = self.document.as_ref().map(|d| d.lock.board.clone()) else {
            return Task::none();
        };
        match &mut self.gesture {
            Some(Gesture::Stroke {
                paint,
                changed,
                last,
                ..
            }) => {
                let Some(cell) = spot.cell(&board).filter(|c| c != last) else {
                    return Task::none();
                };
                // Every cell on the way from the last one: a quick drag skips cells.
                let way = crate::stroke::between(
                    (usize::from(last.col), usize::from(last.row)),
                    (usize::from(cell.col), usize::from(cell.row)),
                );
                *last = cell;
                let (paint, mut join) = (*paint, *changed);
                // Each cell's edit reads its text; only the last reading is wanted (the ones
                // before it would be dropped as stale).
                let mut read = Task::none();
                for (col, row) in way {
                    let (task, did) = self.stroke(paint, Cell::new(col as u8, row as u8), join);
                    if did {
                        read = task;
                    }
                    join |= did;
                }
                if join && let Some(Gesture::Stroke { changed, .. }) = &mut self.gesture {
                    *changed = true;
                }
                read
            }
            Some(
                Gesture::Draw { to, .. }
                | Gesture::Stretch { to, .. }
                | Gesture::Key { to, .. }
                | Gesture::Move { to, .. },
            ) => {
                *to = spot;
                Task::none()
            }
            _ => Task::none(),
        }
    }

    /// What a gesture would make of the document, on release here.
    pub(super) fn gesture_result(&self, gesture: &Gesture) -> Option<Result<Document, String>> {
        let doc = self.document.as_ref()?;
        let board = &doc.lock.board;
        // A piece is found by where it lies: a read may have put the pieces in another order.
        let index = |piece: Piece| {
            doc.lock
                .pieces
                .iter()
                .position(|p| *p == piece)
                .ok_or_else(|| "the piece is no longer there".to_string())
        };
        Some(match *gesture {
            Gesture::Draw { from, to } => author::draw_piece(doc, from, to.clamped(board)),
            Gesture::Stretch { piece, end, to } => {
                index(piece).and_then(|i| author::stretch(doc, i, end, to.clamped(board)))
            }
            Gesture::Key { from, to } => author::place_key(doc, from, to.clamped(board)),
            Gesture::Move { piece, from, to } => index(piece)
                .and_then(|i| author::move_piece(doc, i, to.col - from.col, to.row - from.row)),
            Gesture::Stroke { .. } | Gesture::Slide { .. } => return None,
        })
    }

    pub(super) fn author_release(&mut self) -> Task<Message> {
        let Some(gesture) = self.gesture.take() else {
            return Task::none();
        };
        if self.core.buffer.revision() != self.gesture_revision
            && !matches!(gesture, Gesture::Stroke { .. })
        {
            self.core
                .buffer
                .say("the text changed meanwhile: the drag is dropped");
            return Task::none();
        }
        let still = match gesture {
            Gesture::Draw { from, to } => Some(from) == to.cell(&self.board()),
            Gesture::Stretch { end, to, .. } => Some(end) == to.cell(&self.board()),
            Gesture::Move { from, to, .. } => from == to,
            _ => false,
        };
        if still {
            self.core.buffer.say(self.tool.hint());
            return Task::none();
        }
        match self.gesture_result(&gesture) {
            Some(Ok(doc)) => {
                self.core.buffer.say("");
                self.commit(doc, false)
            }
            Some(Err(why)) => {
                self.core.buffer.say(why);
                Task::none()
            }
            None => Task::none(),
        }
    }

    pub(super) fn board(&self) -> engine::sliding::Board {
        self.document.as_ref().map_or_else(
            || engine::sliding::Board::new(2, 2),
            |d| d.lock.board.clone(),
        )
    }

    pub(super) fn resize(&mut self, width: u8, height: u8) -> Task<Message> {
        if self.mode != Mode::Author || !self.can_edit() {
            return Task::none();
        }
        self.edit(false, |d| author::resize(d, width, height)).0
    }
}
