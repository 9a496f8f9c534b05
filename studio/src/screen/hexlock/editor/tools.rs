//! The canvas tools: what a click on a cell does to the lock.

use super::{Editor, Message};
use crate::hexlock::edit;
use crate::screen::editor::Editing as _;
use engine::Hex;
use engine::hexlock::PieceRef;
use iced::Task;

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

    /// The key action that picks it (Merge has none).
    pub fn action(self) -> Option<crate::keys::Action> {
        use crate::keys::Action;
        Some(match self {
            Tool::Select => Action::ToolSelect,
            Tool::Block => Action::ToolBlock,
            Tool::Erase => Action::ToolErase,
            Tool::Ball => Action::ToolBall,
            Tool::Pivot => Action::ToolPivot,
            Tool::Spring => Action::ToolSpring,
            Tool::Hook => Action::ToolHook,
            Tool::Wrench => Action::ToolWrench,
            Tool::Move => Action::ToolMove,
            Tool::Merge => return None,
        })
    }

    /// Its icon on the toolbar.
    pub fn icon(self) -> crate::screen::toolbar::Icon {
        use crate::screen::toolbar::Icon;
        match self {
            Tool::Select => Icon::Pointer,
            Tool::Block => Icon::Hexagon,
            Tool::Erase => Icon::Eraser,
            Tool::Ball => Icon::Disc,
            Tool::Pivot => Icon::Pivot,
            Tool::Spring => Icon::Spring,
            Tool::Hook => Icon::Hook,
            Tool::Wrench => Icon::Wrench,
            Tool::Move => Icon::Move,
            Tool::Merge => Icon::Merge,
        }
    }

    /// What it does, as its tooltip says it.
    pub fn tip(self) -> &'static str {
        match self {
            Tool::Select => "Select: pick a piece",
            Tool::Block => "Block: paint cells into the selected block, or a new one",
            Tool::Erase => "Erase: remove what covers a cell",
            Tool::Ball => "Ball: put down or take away a ball",
            Tool::Pivot => "Pivot: place a pivot, then click beside it to add or remove arms",
            Tool::Spring => "Spring: click a root cell, then an end cell",
            Tool::Hook => "Hook: place the hook; click beside its hub to turn its arm",
            Tool::Wrench => "Wrench: add or take away wrench cells",
            Tool::Move => "Move: click a piece, then where it should go",
            Tool::Merge => "Merge: click a second block to merge it into the selected one",
        }
    }

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

/// What a drag goes on doing after the click that began it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stroke {
    /// Painting free cells into this block (the Block tool's click added a cell).
    Paint(char),
    /// Taking cells away from this block (the Block tool's click took one).
    Unpaint(char),
    /// Erasing whatever lies under the pointer (the Erase tool).
    Erase,
}

impl Editor {
    /// A click on a cell, as the current tool takes it.
    pub(super) fn click(&mut self, cell: Hex) -> Task<Message> {
        self.stroke = None;
        self.stroke_cells.clear();
        self.stroke_stepped = false;
        let Some(lock) = self.lock() else {
            return Task::none();
        };
        let under = lock.occupancy().get(&cell).copied();
        let pivot_arm = match self.selected {
            Some(PieceRef::Pivot(n)) => lock
                .pivot(n)
                .filter(|p| p.hub.distance(cell) == 1)
                .map(|_| n),
            _ => None,
        };
        match self.tool {
            Tool::Select => {
                self.selected = under;
                self.pending = Some(cell);
                Task::none()
            }
            Tool::Block => {
                if let Some(PieceRef::Block(n)) = under
                    && under == self.selected
                {
                    self.stroke = Some(Stroke::Unpaint(n));
                    return self.edit_lock(|l| {
                        edit::erase(l, cell);
                        Ok(())
                    });
                }
                let into = match self.selected {
                    Some(PieceRef::Block(n)) => Some(n),
                    _ => None,
                };
                let mut made = None;
                let task = self.edit_lock(|l| match edit::paint_block(l, cell, into) {
                    Some(n) => {
                        made = Some(n);
                        Ok(())
                    }
                    None => Err("that cell is taken or outside the lock".into()),
                });
                if let Some(n) = made {
                    self.selected = Some(PieceRef::Block(n));
                    self.stroke = Some(Stroke::Paint(n));
                }
                task
            }
            Tool::Erase => {
                self.stroke = Some(Stroke::Erase);
                self.edit_lock(|l| {
                    if edit::erase(l, cell) {
                        Ok(())
                    } else {
                        Err("nothing to erase there".into())
                    }
                })
            }
            Tool::Ball => self.edit_lock(|l| {
                if edit::toggle_ball(l, cell) {
                    Ok(())
                } else {
                    Err("that cell is taken".into())
                }
            }),
            Tool::Pivot => {
                if let Some(n) = pivot_arm {
                    return self.edit_lock(|l| {
                        if edit::toggle_arm(l, n, cell) {
                            Ok(())
                        } else {
                            Err("that cell is taken".into())
                        }
                    });
                }
                if let Some(PieceRef::Pivot(_)) = under {
                    self.selected = under;
                    return Task::none();
                }
                let mut made = None;
                let task = self.edit_lock(|l| match edit::place_pivot(l, cell) {
                    Some(n) => {
                        made = Some(n);
                        Ok(())
                    }
                    None => Err("that cell is taken, or the lock has ten pivots".into()),
                });
                if let Some(n) = made {
                    self.selected = Some(PieceRef::Pivot(n));
                }
                task
            }
            Tool::Spring => match self.pending.take() {
                None => {
                    self.pending = Some(cell);
                    self.core.buffer.say("now click the end block's cell");
                    Task::none()
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
                    self.core.buffer.say("now click where it should go");
                    Task::none()
                }
                None => Task::none(),
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
                (_, Some(PieceRef::Block(_))) => {
                    self.selected = under;
                    Task::none()
                }
                _ => {
                    self.core
                        .buffer
                        .say("click a block, then another to merge into it");
                    Task::none()
                }
            },
        }
    }
}

impl Editor {
    /// Paints the cells a drag has passed over, as its stroke does, once the text of the last
    /// edit is read (a fast drag outruns the reading: its cells wait, none is lost). Cells a
    /// stroke cannot take (taken, outside, another piece's) are passed over quietly.
    pub(super) fn paint_stroke(&mut self) -> Task<Message> {
        let Some(stroke) = self.stroke else {
            self.stroke_cells.clear();
            return Task::none();
        };
        if self.stroke_cells.is_empty() || !self.is_read() {
            return Task::none();
        }
        let cells = std::mem::take(&mut self.stroke_cells);
        self.stroke_continues = true;
        let task = self.edit_lock(|l| {
            for cell in cells {
                match stroke {
                    Stroke::Paint(n) => {
                        edit::paint_block(l, cell, Some(n));
                    }
                    Stroke::Unpaint(n) => {
                        if l.occupancy().get(&cell) == Some(&PieceRef::Block(n)) {
                            edit::erase(l, cell);
                        }
                    }
                    Stroke::Erase => {
                        edit::erase(l, cell);
                    }
                }
            }
            Ok(())
        });
        self.stroke_continues = false;
        task
    }
}
