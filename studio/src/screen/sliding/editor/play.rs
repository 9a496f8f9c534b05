//! Playing: presses and drags on the canvas, and the keys, made into moves of the game.

use super::*;

impl Editor {
    pub(super) fn start_game(&mut self, lock: Lock) {
        let digest = lockfmt::sliding::solution::lock_digest(&lock);
        self.game_digest = format!("{digest:016x}");
        self.game = Some(Game::new(lock));
        self.selected = None;
        self.refusal = None;
        self.gesture = None;
        self.playing_back = false;
    }

    pub(super) fn set_mode(&mut self, mode: Mode) -> Task<Message> {
        if mode == self.mode {
            return Task::none();
        }
        match mode {
            Mode::Play => {
                let lock = self
                    .document
                    .as_ref()
                    .filter(|_| self.playable && self.is_read())
                    .map(|d| d.lock.clone());
                let Some(lock) = lock else {
                    let first = self.core.diagnostics.iter().find(|d| d.is_error());
                    self.core.buffer.say(match first {
                        Some(d) => format!(
                            "fix the lock before playing it — line {}: {}",
                            d.span.line, d.message
                        ),
                        None => "a moment: the text is still being read".into(),
                    });
                    return Task::none();
                };
                self.mode = Mode::Play;
                self.start_game(lock);
                self.core.buffer.say(if self.lesson {
                    "drag a piece along its line, click an axis to turn it"
                } else {
                    "playing: drag a piece along its line, click an axis to turn it; the file does not change"
                });
                Task::none()
            }
            Mode::Author => {
                self.mode = Mode::Author;
                self.game = None;
                self.selected = None;
                self.refusal = None;
                self.gesture = None;
                self.playing_back = false;
                // A search from a position of the game is of no use to the author.
                if self.asked.as_ref() != self.document.as_ref().map(|d| &d.lock) {
                    self.stop_solver();
                }
                self.core
                    .buffer
                    .say("authoring: the board and its pieces are the file");
                let start = self
                    .document
                    .as_ref()
                    .filter(|_| self.playable)
                    .map(|d| d.lock.clone());
                match start {
                    Some(lock) if self.said.as_ref().is_some_and(|s| s.lock == lock) => {
                        Task::none()
                    }
                    Some(lock) => self.ask_about(lock),
                    None => Task::none(),
                }
            }
        }
    }

    /// Makes a move in the game, or says why the rules refuse it.
    pub(super) fn play_move(&mut self, mv: Move) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let written = game.now().write(&mv);
        match game.play(mv) {
            Ok(()) => {
                self.refusal = None;
                if game.is_picked() {
                    self.playing_back = false;
                    self.selected = None;
                    self.core.buffer.say(picked_words(game.count()));
                } else {
                    self.core.buffer.say(written.sentence());
                }
            }
            Err(why) => {
                let why = why.to_string();
                self.core.buffer.say(why.clone());
                self.refusal = Some(why);
                self.playing_back = false;
            }
        }
    }

    pub(super) fn play_press(&mut self, spot: Spot, right: bool, shift: bool) {
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return;
        };
        let Some(piece) = spot.cell(&lock.board).and_then(|c| lock.piece_at(c)) else {
            self.selected = None;
            return;
        };
        self.playing_back = false;
        match lock.pieces[piece].kind {
            Kind::Axis => {
                self.selected = Some(piece);
                let turn = match (shift, right) {
                    (true, _) => Turn::Half,
                    (false, true) => Turn::Anticlockwise,
                    (false, false) => Turn::Clockwise,
                };
                self.play_move(Move::Turn { axis: piece, turn });
            }
            Kind::Keyhole => {
                self.selected = None;
                self.core
                    .buffer
                    .say("the Keyhole never moves: bring the Key to it");
            }
            Kind::Key | Kind::Slider => {
                self.selected = Some(piece);
                if !right {
                    self.gesture = Some(Gesture::Slide {
                        piece,
                        from: spot,
                        to: spot,
                    });
                }
            }
        }
    }

    /// Where a slide drag from `from` to `to` takes `piece`: the move, or why not; `None` when
    /// the pointer is back where it started.
    pub(super) fn slide_for(
        lock: &Lock,
        piece: usize,
        from: Spot,
        to: Spot,
    ) -> Option<Result<Move, engine::sliding::Refusal>> {
        let p = lock.pieces.get(piece)?;
        let (dc, dr) = (to.col - from.col, to.row - from.row);
        let (along, across) = match p.orientation {
            Orientation::Horizontal => (dc, dr),
            Orientation::Vertical => (dr, dc),
        };
        let forward = p.orientation.forward();
        if along == 0 {
            if across == 0 {
                return None;
            }
            let dir = if across > 0 {
                forward.turned(Turn::Anticlockwise)
            } else {
                forward.turned(Turn::Clockwise)
            };
            return Some(
                lock.apply(&Move::Slide {
                    piece,
                    dir,
                    distance: 1,
                })
                .map(|_| Move::Slide {
                    piece,
                    dir,
                    distance: 1,
                }),
            );
        }
        let dir = if along > 0 {
            forward
        } else {
            forward.opposite()
        };
        Some(furthest(
            lock,
            piece,
            dir,
            along.unsigned_abs().min(u8::MAX as u32) as u8,
        ))
    }

    pub(super) fn play_release(&mut self) {
        let Some(Gesture::Slide { piece, from, to }) = self.gesture.take() else {
            return;
        };
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return;
        };
        match Editor::slide_for(&lock, piece, from, to) {
            None => self.core.buffer.say(format!(
                "{} selected: drag it along its line, or use the arrow keys",
                lock.name(piece)
            )),
            Some(Ok(mv)) => self.play_move(mv),
            Some(Err(why)) => {
                let why = why.to_string();
                self.core.buffer.say(why.clone());
                self.refusal = Some(why);
            }
        }
    }

    pub(super) fn play_key(&mut self, key: GameKey) -> Task<Message> {
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return Task::none();
        };
        match key {
            GameKey::Arrow(dir) => {
                let Some(piece) = self.selected else {
                    self.core
                        .buffer
                        .say("select a piece first: click it, or press Tab");
                    return Task::none();
                };
                self.playing_back = false;
                if lock.pieces[piece].kind == Kind::Axis {
                    let turn = match dir {
                        Dir::Right => Turn::Clockwise,
                        Dir::Left => Turn::Anticlockwise,
                        Dir::Up | Dir::Down => Turn::Half,
                    };
                    self.play_move(Move::Turn { axis: piece, turn });
                } else {
                    self.play_move(Move::Slide {
                        piece,
                        dir,
                        distance: 1,
                    });
                }
                Task::none()
            }
            GameKey::Next => {
                // Pieces that move or turn, in reading order: top row first, left to right.
                let mut order: Vec<usize> = (0..lock.pieces.len())
                    .filter(|&i| lock.pieces[i].kind != Kind::Keyhole)
                    .collect();
                order.sort_by_key(|&i| {
                    let p = lock.pieces[i];
                    let top = p.cells().map(|c| c.row).max().unwrap_or(0);
                    (std::cmp::Reverse(top), p.at.col)
                });
                let next = match self
                    .selected
                    .and_then(|s| order.iter().position(|&i| i == s))
                {
                    Some(k) => order.get(k + 1).or(order.first()),
                    None => order.first(),
                };
                self.selected = next.copied();
                if let Some(i) = self.selected {
                    let what = if lock.pieces[i].kind == Kind::Axis {
                        "→ turns it clockwise, ← anticlockwise, ↑ or ↓ 180°"
                    } else {
                        "the arrows slide it"
                    };
                    self.core
                        .buffer
                        .say(format!("{} selected: {what}", author::describe(&lock, i)));
                }
                Task::none()
            }
            GameKey::Escape => {
                self.selected = None;
                self.gesture = None;
                self.playing_back = false;
                Task::none()
            }
            GameKey::Letter('f') => self.update(Message::Solve).0,
            GameKey::Letter('n') => self.update(Message::Step).0,
            GameKey::Letter(_) => Task::none(),
        }
    }
}
