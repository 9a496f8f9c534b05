//! Play: pick a lock with the hook and the wrench, see why pieces did not move, step through a
//! turn's resolution, and let the solver find the way.

use crate::hexlock::canvas::{Camera, Event2, HexCanvas};
use crate::hexlock::describe;
use crate::hexlock::picture::{self, Overlay, P, Palette};
use engine::hexlock::Lock;
use engine::hexlock::model::PieceRef;
use engine::hexlock::physics::trace::{GroupOutcome, PhaseKind};
use engine::hexlock::physics::{
    Annotation, AnnotationKind, AnnotationMode, Force, Mechanism, Move, State, Trace, Workspace,
    annotations,
};
use engine::{Dir, Hex, Rotation};
use iced::widget::{button, canvas, column, container, row, scrollable, text, text_input};
use iced::{Element, Fill, Length};

/// A played lock: every state from the start, the moves between them and each turn's trace.
pub struct Session {
    mech: Mechanism,
    /// `states[0]` is the lock as designed; `states[i]` follows `moves[i - 1]`.
    states: Vec<State>,
    moves: Vec<Move>,
    traces: Vec<Trace>,
    /// How many of the moves are played (the rest can be redone).
    pub at: usize,
    /// Marks: positions in the move list to jump back to.
    pub marks: Vec<usize>,
    ws: Workspace,
}

impl Session {
    /// A session on a lock; `None` when the lock cannot be played (it is invalid).
    pub fn new(lock: &Lock) -> Option<Session> {
        let mech = Mechanism::new(lock).ok()?;
        let start = mech.initial_state();
        Some(Session {
            mech,
            states: vec![start],
            moves: Vec::new(),
            traces: Vec::new(),
            at: 0,
            marks: Vec::new(),
            ws: Workspace::new(),
        })
    }

    /// Plays a move after the current position, dropping moves that were undone.
    pub fn play(&mut self, mv: Move) {
        self.states.truncate(self.at + 1);
        self.moves.truncate(self.at);
        self.traces.truncate(self.at);
        let Some(state) = self.states.last() else {
            return;
        };
        // The state is this mechanism's own, so a turn cannot fail; if it ever did, the move
        // is simply not played.
        if let Ok((next, trace)) = self.mech.step_traced(state, mv, &mut self.ws) {
            self.states.push(next);
            self.moves.push(mv);
            self.traces.push(trace);
            self.at += 1;
        }
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    /// Plays again a move that was taken back.
    pub fn redo(&mut self) {
        self.at = (self.at + 1).min(self.moves.len());
    }

    /// Back to the lock as designed (the moves stay, to be redone).
    pub fn restart(&mut self) {
        self.at = 0;
    }

    /// Jumps to the state after `n` moves.
    pub fn jump(&mut self, n: usize) {
        self.at = n.min(self.moves.len());
    }

    /// Sets a mark here.
    pub fn mark(&mut self) {
        if !self.marks.contains(&self.at) {
            self.marks.push(self.at);
        }
    }

    /// Jumps back to the last mark at or before here, or the last mark.
    pub fn back_to_mark(&mut self) {
        let here = self.at;
        if let Some(&m) = self
            .marks
            .iter()
            .filter(|&&m| m <= here)
            .max()
            .or(self.marks.last())
        {
            self.at = m;
        }
    }

    /// The lock as it stands now.
    pub fn lock(&self) -> Lock {
        self.mech.to_lock(&self.states[self.at])
    }

    /// The lock before the last played move (for reading its trace).
    pub fn lock_before_last(&self) -> Lock {
        self.mech.to_lock(&self.states[self.at.saturating_sub(1)])
    }

    /// Whether the lock is open now.
    pub fn is_open(&self) -> bool {
        self.mech.is_open(&self.states[self.at])
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.at]
    }

    /// All moves, including those taken back.
    pub fn all_moves(&self) -> &[Move] {
        &self.moves
    }

    /// The trace of the last played move.
    pub fn last_trace(&self) -> Option<&Trace> {
        self.at.checked_sub(1).and_then(|i| self.traces.get(i))
    }

    /// Replaces the moves with a list (e.g. loaded from a solution file) and plays them all.
    pub fn load(&mut self, moves: &[Move]) {
        self.at = 0;
        self.states.truncate(1);
        self.moves.clear();
        self.traces.clear();
        for &m in moves {
            self.play(m);
        }
    }

    /// The mechanism being played.
    pub fn mechanism(&self) -> &Mechanism {
        &self.mech
    }
}

/// One step of a turn's resolution, for the debugger.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What happens, in words.
    pub text: String,
    /// The forces to draw at this step: piece, force, and whether it was blocked (orange).
    pub arrows: Vec<(PieceRef, Force, bool)>,
}

/// A turn's resolution as steps: phase by phase, the initial forces, each group as it
/// propagates force by force, clawing retries, inconsistencies and what they blocked, and the
/// forces applied.
pub fn steps(before: &Lock, trace: &Trace) -> Vec<Step> {
    let mut out = Vec::new();
    for phase in &trace.phases {
        let name = describe::phase_name(phase.kind);
        let initial: Vec<_> = phase
            .groups
            .iter()
            .map(|g| (g.initial.piece, g.initial.force, false))
            .collect();
        let list: Vec<String> = phase.groups.iter().map(|g| g.initial.to_string()).collect();
        out.push(Step {
            text: if list.is_empty() {
                format!("{name}: no forces")
            } else {
                format!("{name}: initial forces: {}", list.join("; "))
            },
            arrows: initial,
        });
        for (i, g) in phase.groups.iter().enumerate() {
            let mut arrows = Vec::new();
            for f in &g.forces {
                arrows.push((f.force.piece, f.force.force, false));
                out.push(Step {
                    text: format!("{name}, group {}: {}", i + 1, f.force),
                    arrows: arrows.clone(),
                });
            }
            for c in &g.claws {
                out.push(Step {
                    text: format!(
                        "{name}, group {}: claw — {}",
                        i + 1,
                        describe::trace_text_claw(before, c)
                    ),
                    arrows: vec![
                        (c.obvious.piece, c.obvious.force, true),
                        (c.clawing.piece, c.clawing.force, false),
                    ],
                });
            }
            match &g.outcome {
                GroupOutcome::Applied => {}
                GroupOutcome::Resisted(r) => out.push(Step {
                    text: format!(
                        "{name}, group {}: resisted — {}",
                        i + 1,
                        describe::resistance(before, r)
                    ),
                    arrows: vec![
                        (g.initial.piece, g.initial.force, true),
                        (r.force.piece, r.force.force, false),
                    ],
                }),
                GroupOutcome::Blocked(bs) => {
                    for b in bs {
                        out.push(Step {
                            text: format!(
                                "{name}, group {}: {}",
                                i + 1,
                                describe::blockage(before, b)
                            ),
                            arrows: vec![
                                (b.blocked.piece, b.blocked.force, true),
                                (b.blocking.piece, b.blocking.force, false),
                            ],
                        });
                    }
                }
            }
        }
        let applied: Vec<_> = phase
            .applied
            .iter()
            .map(|f| (f.piece, f.force, false))
            .collect();
        let list: Vec<String> = phase.applied.iter().map(ToString::to_string).collect();
        out.push(Step {
            text: if list.is_empty() {
                format!("{name}: nothing moves")
            } else {
                format!("{name}: applied: {}", list.join("; "))
            },
            arrows: applied,
        });
        let _ = PhaseKind::Player;
    }
    out
}

/// Messages of the play screen.
#[derive(Debug, Clone)]
pub enum Message {
    Move(Move),
    Canvas(Event2),
    Undo,
    Redo,
    Restart,
    Mark,
    BackToMark,
    Annotations(AnnotationMode),
    Jump(usize),
    StepInto,
    StepForward,
    StepBack,
    StopDebugging,
    MovesEdited(String),
    LoadMoves,
    Copy,
    SaveSolution,
    Solve,
    CancelSolve,
    Solver(SolverUpdate),
    PlaySolution,
    Back,
}

/// What the background solver reports.
#[derive(Debug, Clone)]
pub enum SolverUpdate {
    Progress {
        depth: u32,
        visited: u64,
        frontier: u64,
        rate: f64,
        bytes: u64,
    },
    Done(Result<SolverResult, String>),
}

/// The solver's answer, as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SolverResult {
    pub solution: Option<Vec<Move>>,
    pub verdict: String,
    pub visited: u64,
    pub unique: Option<bool>,
    /// When the lock has a saved solution that is longer than the shortest.
    pub shortcut: Option<(usize, usize)>,
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Leave play mode.
    Back,
    /// Write a solution file.
    SaveSolution(String),
    /// Put text on the clipboard.
    Copy(String),
    /// Start the solver.
    Solve,
    /// Stop the solver.
    CancelSolve,
}

/// The play screen.
pub struct Play {
    pub session: Session,
    pub mode: AnnotationMode,
    /// The step being shown while debugging the last turn.
    pub debugging: Option<usize>,
    pub moves_text: String,
    pub solver: Option<SolverState>,
    pub status: String,
    camera: Camera,
    /// The author's saved solution's length, if the lock has one beside it.
    pub saved_solution: Option<Vec<Move>>,
}

/// The solver panel's state.
#[derive(Debug, Clone, PartialEq)]
pub enum SolverState {
    Running {
        visited: u64,
        frontier: u64,
        depth: u32,
        rate: f64,
        bytes: u64,
    },
    Finished(SolverResult),
    Failed(String),
    Cancelled,
}

impl Play {
    /// Play on a lock; `None` when it cannot be played.
    pub fn new(lock: &Lock, saved_solution: Option<Vec<Move>>) -> Option<Play> {
        Some(Play {
            session: Session::new(lock)?,
            mode: AnnotationMode::Blocking,
            debugging: None,
            moves_text: String::new(),
            solver: None,
            status: String::new(),
            camera: Camera::default(),
            saved_solution,
        })
    }

    fn sync_text(&mut self) {
        self.moves_text = lockfmt::hexlock::format_moves(self.session.played());
    }

    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Move(m) => {
                self.session.play(m);
                self.debugging = None;
                self.sync_text();
            }
            Message::Canvas(Event2::Clicked(cell)) => {
                if let Some(m) = move_for_click(&self.session.lock(), cell) {
                    return self.update(Message::Move(m));
                }
            }
            Message::Canvas(Event2::Panned(p)) => self.camera.pan = p,
            Message::Canvas(Event2::Zoomed(z)) => self.camera.zoom = z,
            Message::Undo => {
                self.session.undo();
                self.debugging = None;
                self.sync_text();
            }
            Message::Redo => {
                self.session.redo();
                self.sync_text();
            }
            Message::Restart => {
                self.session.restart();
                self.debugging = None;
                self.sync_text();
            }
            Message::Mark => {
                self.session.mark();
                self.status = format!("marked after move {}", self.session.at);
            }
            Message::BackToMark => {
                self.session.back_to_mark();
                self.debugging = None;
                self.sync_text();
            }
            Message::Annotations(m) => self.mode = m,
            Message::Jump(n) => {
                self.session.jump(n);
                self.debugging = None;
                self.sync_text();
            }
            Message::StepInto => self.debugging = self.session.last_trace().map(|_| 0),
            Message::StepForward => {
                let n = self.current_steps().len();
                if let Some(i) = &mut self.debugging {
                    *i = (*i + 1).min(n.saturating_sub(1));
                }
            }
            Message::StepBack => {
                if let Some(i) = &mut self.debugging {
                    *i = i.saturating_sub(1);
                }
            }
            Message::StopDebugging => self.debugging = None,
            Message::MovesEdited(t) => self.moves_text = t,
            Message::LoadMoves => match lockfmt::hexlock::parse_solution(&self.moves_text) {
                Ok(s) => {
                    self.session.load(&s.moves);
                    self.status = format!("replayed {} moves", s.moves.len());
                }
                Err(d) => self.status = d.first().map(|d| d.message.clone()).unwrap_or_default(),
            },
            Message::Copy => {
                return Some(Event::Copy(lockfmt::hexlock::format_moves(
                    self.session.played(),
                )));
            }
            Message::SaveSolution => {
                let lock = self.session.mechanism().lock().clone();
                let s = lockfmt::hexlock::Solution::for_lock(&lock, self.session.played().to_vec());
                return Some(Event::SaveSolution(lockfmt::hexlock::print_solution(&s)));
            }
            Message::Solve => {
                self.solver = Some(SolverState::Running {
                    visited: 0,
                    frontier: 0,
                    depth: 0,
                    rate: 0.0,
                    bytes: 0,
                });
                return Some(Event::Solve);
            }
            Message::CancelSolve => {
                self.solver = Some(SolverState::Cancelled);
                return Some(Event::CancelSolve);
            }
            Message::Solver(SolverUpdate::Progress {
                depth,
                visited,
                frontier,
                rate,
                bytes,
            }) => {
                if matches!(self.solver, Some(SolverState::Running { .. })) {
                    self.solver = Some(SolverState::Running {
                        visited,
                        frontier,
                        depth,
                        rate,
                        bytes,
                    });
                }
            }
            Message::Solver(SolverUpdate::Done(result)) => {
                if self.solver != Some(SolverState::Cancelled) {
                    self.solver = Some(match result {
                        Ok(mut r) => {
                            if let (Some(found), Some(saved)) = (&r.solution, &self.saved_solution)
                                && found.len() < saved.len()
                            {
                                r.shortcut = Some((found.len(), saved.len()));
                            }
                            SolverState::Finished(r)
                        }
                        Err(e) => SolverState::Failed(e),
                    });
                }
            }
            Message::PlaySolution => {
                if let Some(SolverState::Finished(SolverResult {
                    solution: Some(s), ..
                })) = &self.solver
                {
                    let s = s.clone();
                    self.session.load(&s);
                    // Back to the start, with the solution ready to redo move by move.
                    self.session.restart();
                    self.sync_text();
                    self.status = "the solution is loaded: Redo plays it move by move".into();
                }
            }
            Message::Back => return Some(Event::Back),
        }
        None
    }

    fn current_steps(&self) -> Vec<Step> {
        match self.session.last_trace() {
            Some(t) => steps(&self.session.lock_before_last(), t),
            None => Vec::new(),
        }
    }

    /// The annotations shown now: the last turn's, in the chosen mode.
    pub fn annotations(&self) -> Vec<Annotation> {
        self.session
            .last_trace()
            .map(|t| annotations(t, self.mode))
            .unwrap_or_default()
    }

    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let lock = self.session.lock();
        let arrows: Vec<(PieceRef, Force, bool)> = match self.debugging {
            Some(i) => self
                .current_steps()
                .get(i)
                .map(|s| s.arrows.clone())
                .unwrap_or_default(),
            None => self
                .annotations()
                .into_iter()
                .map(|a| (a.piece, a.force, a.kind == AnnotationKind::Blocked))
                .collect(),
        };
        let overlay = Overlay {
            arrows: arrows_in(&lock, &arrows),
            ..Overlay::default()
        };
        let board = PlayBoard {
            lock,
            camera: self.camera,
            palette,
            overlay,
        };
        let counter = if self.session.is_open() {
            text(format!(
                "Move {} — OPEN! The bolthole is empty.",
                self.session.at
            ))
            .size(18)
            .color(iced::Color::from_rgb8(0x27, 0xae, 0x60))
        } else {
            text(format!("Move {}", self.session.at)).size(18)
        };
        let pad =
            |label: &'static str, m: Move| button(text(label).size(13)).on_press(Message::Move(m));
        let hook = column![
            text("Hook").size(13),
            row![
                pad("NW", Move::Hook(Dir::NW)),
                pad("NE", Move::Hook(Dir::NE))
            ]
            .spacing(2),
            row![pad("W", Move::Hook(Dir::W)), pad("E", Move::Hook(Dir::E))].spacing(2),
            row![
                pad("SW", Move::Hook(Dir::SW)),
                pad("SE", Move::Hook(Dir::SE))
            ]
            .spacing(2),
            row![
                pad("⟲", Move::HookTurn(Rotation::Anticlockwise)),
                pad("⟳", Move::HookTurn(Rotation::Clockwise))
            ]
            .spacing(2),
        ]
        .spacing(2);
        let wrench = column![
            text("Wrench").size(13),
            row![
                pad("NW", Move::Wrench(Dir::NW)),
                pad("NE", Move::Wrench(Dir::NE))
            ]
            .spacing(2),
            row![
                pad("W", Move::Wrench(Dir::W)),
                pad("E", Move::Wrench(Dir::E))
            ]
            .spacing(2),
            row![
                pad("SW", Move::Wrench(Dir::SW)),
                pad("SE", Move::Wrench(Dir::SE))
            ]
            .spacing(2),
            pad("Wait", Move::Wait),
        ]
        .spacing(2);
        let mode = |label: &'static str, m: AnnotationMode| {
            let b = button(text(label).size(12)).on_press(Message::Annotations(m));
            if self.mode == m {
                b.style(button::primary)
            } else {
                b.style(button::secondary)
            }
        };
        let controls = row![
            button(text("Back to editing").size(13)).on_press(Message::Back),
            button(text("Undo").size(13)).on_press(Message::Undo),
            button(text("Redo").size(13)).on_press(Message::Redo),
            button(text("Restart").size(13)).on_press(Message::Restart),
            button(text("Mark").size(13)).on_press(Message::Mark),
            button(text("Back to mark").size(13)).on_press(Message::BackToMark),
            text("Blockages:").size(13),
            mode("blocking", AnnotationMode::Blocking),
            mode("all", AnnotationMode::All),
            mode("none", AnnotationMode::None),
        ]
        .spacing(4)
        .align_y(iced::Center);
        let timeline = row(std::iter::once(
            button(text("start").size(12))
                .on_press(Message::Jump(0))
                .into(),
        )
        .chain(self.session.all_moves().iter().enumerate().map(|(i, &m)| {
            let b = button(text(lockfmt::hexlock::format_move(m)).size(12))
                .on_press(Message::Jump(i + 1));
            (if i + 1 == self.session.at {
                b.style(button::primary)
            } else if i < self.session.at {
                b.style(button::secondary)
            } else {
                b.style(button::text)
            })
            .into()
        })))
        .spacing(2)
        .wrap();
        let moves = column![
            text("Moves").size(14),
            timeline,
            text_input("moves, e.g. hE hCW . wSW", &self.moves_text)
                .on_input(Message::MovesEdited)
                .on_submit(Message::LoadMoves)
                .size(13),
            row![
                button(text("Replay these").size(12)).on_press(Message::LoadMoves),
                button(text("Copy").size(12)).on_press(Message::Copy),
                button(text("Save solution").size(12)).on_press(Message::SaveSolution),
            ]
            .spacing(4),
        ]
        .spacing(4);
        let debugger: Element<'_, Message> = match self.debugging {
            None => column![
                text("Debugger").size(14),
                button(text("Step into the last turn").size(12))
                    .on_press_maybe(self.session.last_trace().map(|_| Message::StepInto)),
            ]
            .spacing(4)
            .into(),
            Some(i) => {
                let steps = self.current_steps();
                let list = column(steps.iter().enumerate().map(|(k, s)| {
                    let t = text(s.text.clone()).size(12);
                    (if k == i {
                        t.color(iced::Color::from_rgb8(0xd0, 0x8a, 0x1c))
                    } else {
                        t
                    })
                    .into()
                }))
                .spacing(2);
                column![
                    text(format!("Debugger: step {} of {}", i + 1, steps.len())).size(14),
                    row![
                        button(text("Step back").size(12)).on_press(Message::StepBack),
                        button(text("Step").size(12)).on_press(Message::StepForward),
                        button(text("Done").size(12)).on_press(Message::StopDebugging),
                    ]
                    .spacing(4),
                    scrollable(list).height(Length::Fixed(180.0)),
                ]
                .spacing(4)
                .into()
            }
        };
        let solver: Element<'_, Message> = {
            let mut c = column![text("Solver").size(14)].spacing(4);
            match &self.solver {
                None => c = c.push(button(text("Solve").size(12)).on_press(Message::Solve)),
                Some(SolverState::Running {
                    visited,
                    frontier,
                    depth,
                    rate,
                    bytes,
                }) => {
                    c = c.push(text(format!("searching: depth {depth}, {visited} states, frontier {frontier}, {:.0} states/s, {:.1} MB", rate, *bytes as f64 / 1e6)).size(12));
                    c = c.push(button(text("Cancel").size(12)).on_press(Message::CancelSolve));
                }
                Some(SolverState::Cancelled) => {
                    c = c.push(text("cancelled").size(12));
                    c = c.push(button(text("Solve").size(12)).on_press(Message::Solve));
                }
                Some(SolverState::Failed(e)) => {
                    c = c.push(text(e.clone()).size(12));
                    c = c.push(button(text("Solve").size(12)).on_press(Message::Solve));
                }
                Some(SolverState::Finished(r)) => {
                    c = c.push(text(r.verdict.clone()).size(12));
                    if let Some(s) = &r.solution {
                        c = c.push(
                            text(format!(
                                "shortest: {} moves: {}",
                                s.len(),
                                lockfmt::hexlock::format_moves(s)
                            ))
                            .size(12),
                        );
                        if let Some(u) = r.unique {
                            c = c.push(
                                text(if u {
                                    "the shortest solution is unique"
                                } else {
                                    "there is more than one shortest solution"
                                })
                                .size(12),
                            );
                        }
                        if let Some((found, saved)) = r.shortcut {
                            c = c.push(
                                text(format!(
                                    "shortcut! {found} moves, the saved solution takes {saved}"
                                ))
                                .size(12)
                                .color(iced::Color::from_rgb8(0xc0, 0x39, 0x2b)),
                            );
                        }
                        c = c
                            .push(button(text("Play it").size(12)).on_press(Message::PlaySolution));
                    }
                    c = c.push(text(format!("{} states explored", r.visited)).size(12));
                    c = c.push(button(text("Solve again").size(12)).on_press(Message::Solve));
                }
            }
            c.into()
        };
        let side = column![
            counter,
            row![hook, wrench].spacing(12),
            moves,
            debugger,
            solver,
            text(self.status.clone()).size(12)
        ]
        .spacing(10)
        .width(Length::Fixed(380.0));
        column![
            controls,
            row![
                container(
                    Element::from(canvas(board).width(Fill).height(Fill)).map(Message::Canvas)
                )
                .width(Fill)
                .height(Fill),
                scrollable(side),
            ]
            .spacing(8)
            .height(Fill),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}

/// The move a click asks for: beside the hook's hub, push the hook that way; on the hook's arm,
/// turn it clockwise; beside the wrench, push the wrench that way.
pub fn move_for_click(lock: &Lock, cell: Hex) -> Option<Move> {
    if let Some(h) = lock.hook() {
        if cell == h.hub.neighbour(h.arm) {
            return Some(Move::HookTurn(Rotation::Clockwise));
        }
        if let Some(d) = Dir::ALL.into_iter().find(|&d| h.hub.neighbour(d) == cell) {
            return Some(Move::Hook(d));
        }
    }
    if let Some(w) = lock.wrench() {
        for &c in &w.cells {
            if let Some(d) = Dir::ALL
                .into_iter()
                .find(|&d| c.neighbour(d) == cell && !w.cells.contains(&cell))
            {
                return Some(Move::Wrench(d));
            }
        }
    }
    None
}

/// Arrows in lock space for forces on pieces: from the piece's first cell in the push's
/// direction, or round its hub for a torque.
fn arrows_in(lock: &Lock, forces: &[(PieceRef, Force, bool)]) -> Vec<(P, P, bool)> {
    let pieces = lock.pieces();
    forces
        .iter()
        .filter_map(|&(piece, force, blocked)| {
            let cells = &pieces.iter().find(|(p, _)| *p == piece)?.1;
            let from = *cells.first()?;
            let a = picture::centre(from);
            let (b_cell, scale) = match force {
                Force::Push(d) => (from.neighbour(d), 0.8),
                Force::Torque(r) => {
                    // Round the hub: from its first arm (or east) a sixth of a turn.
                    let arm = match piece {
                        PieceRef::Pivot(n) => lock.pivot(n).and_then(|p| p.arms.first().copied()),
                        PieceRef::Hook(_) => lock.hook().map(|h| h.arm),
                        _ => None,
                    }
                    .unwrap_or(Dir::E);
                    (from.neighbour(arm.rotate(r)), 0.8)
                }
            };
            let b = picture::centre(b_cell);
            Some((
                a,
                P(a.0 + (b.0 - a.0) * scale, a.1 + (b.1 - a.1) * scale),
                blocked,
            ))
        })
        .collect()
}

/// The board: the lock with its arrows, taking clicks.
struct PlayBoard {
    lock: Lock,
    camera: Camera,
    palette: Palette,
    overlay: Overlay,
}

impl canvas::Program<Event2> for PlayBoard {
    type State = crate::hexlock::canvas::Interaction;

    fn update(
        &self,
        state: &mut Self::State,
        event: &canvas::Event,
        bounds: iced::Rectangle,
        cursor: iced::mouse::Cursor,
    ) -> Option<canvas::Action<Event2>> {
        self.inner().update(state, event, bounds, cursor)
    }

    fn draw(
        &self,
        state: &Self::State,
        renderer: &iced::Renderer,
        theme: &iced::Theme,
        bounds: iced::Rectangle,
        cursor: iced::mouse::Cursor,
    ) -> Vec<canvas::Geometry> {
        self.inner().draw(state, renderer, theme, bounds, cursor)
    }
}

impl PlayBoard {
    fn inner(&self) -> HexCanvas<'_> {
        HexCanvas {
            lock: &self.lock,
            camera: self.camera,
            colouring: crate::hexlock::picture::Colouring::ByKind,
            palette: self.palette,
            overlay: self.overlay.clone(),
            labels: true,
            interactive: true,
        }
    }
}

/// Runs the solver on a lock, sending progress and the answer; stops soon after `cancel` is
/// set. Blocking: the studio runs it on a thread of its own.
pub fn run_solver(
    lock: &Lock,
    saved: Option<&[Move]>,
    cancel: &std::sync::atomic::AtomicBool,
    send: &mut dyn FnMut(SolverUpdate),
) {
    use engine::hexlock::search::{Goal, SearchOptions, Verdict, solve_cancellable};
    let mech = match Mechanism::new(lock) {
        Ok(m) => m,
        Err(e) => {
            return send(SolverUpdate::Done(Err(format!(
                "the lock cannot be played: {e}"
            ))));
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = SearchOptions {
        threads,
        goal: Goal::AllShortest,
        ..SearchOptions::default()
    };
    let mut last = std::time::Instant::now();
    let mut progress = |p: &engine::hexlock::search::Progress| {
        // A few updates a second are plenty for the panel.
        if last.elapsed().as_millis() >= 100 {
            last = std::time::Instant::now();
            send(SolverUpdate::Progress {
                depth: p.depth,
                visited: p.visited,
                frontier: p.frontier,
                rate: p.generated as f64 / p.elapsed.as_secs_f64().max(1e-6),
                bytes: p.bytes,
            });
        }
    };
    let report = solve_cancellable(&mech, &options, &mut progress, cancel);
    let result = report.map_err(|e| e.to_string()).map(|r| {
        let verdict = match r.verdict() {
            Verdict::Solved => "the lock opens".to_string(),
            Verdict::Unsolvable => {
                "the lock cannot be opened: every reachable state was tried".to_string()
            }
            Verdict::GaveUp { limit } => format!("stopped by {limit}"),
        };
        let shortcut = match (&r.solution, saved) {
            (Some(found), Some(saved)) if found.len() < saved.len() => {
                Some((found.len(), saved.len()))
            }
            _ => None,
        };
        SolverResult {
            unique: r.shortest.map(|c| c.unique()),
            solution: r.solution,
            verdict,
            visited: r.stats.visited,
            shortcut,
        }
    });
    send(SolverUpdate::Done(result));
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_test::{Error, simulator};

    fn starter(name: &str) -> (Lock, Vec<Move>) {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
        let text = std::fs::read_to_string(dir.join(format!("{name}.lock"))).expect("lock");
        let lock = lockfmt::hexlock::parse(&text)
            .valid_lock()
            .cloned()
            .expect("valid");
        let sol = std::fs::read_to_string(dir.join(format!("{name}.solution"))).expect("solution");
        (
            lock,
            lockfmt::hexlock::parse_solution(&sol)
                .expect("parses")
                .moves,
        )
    }

    fn shows(play: &Play, text: &str) -> Result<(), Error> {
        let mut ui = simulator(play.view(Palette::LIGHT));
        ui.find(text).map(|_| ())
    }

    fn press(play: &mut Play, label: &str) -> Result<Vec<Event>, Error> {
        let mut ui = simulator(play.view(Palette::LIGHT));
        let _ = ui.click(label)?;
        Ok(ui.into_messages().filter_map(|m| play.update(m)).collect())
    }

    #[test]
    fn moves_undo_redo_and_the_open_moment() -> Result<(), Error> {
        let (lock, _) = starter("pivot-gate");
        let mut play = Play::new(&lock, None).expect("playable");
        press(&mut play, "Wait")?;
        assert_eq!(play.session.at, 1);
        assert!(!play.session.is_open());
        // The hook's west push, from the pad: the second "W" is the wrench's, so use the message.
        play.update(Message::Move(Move::Hook(Dir::W)));
        assert!(play.session.is_open());
        shows(&play, "Move 2 — OPEN! The bolthole is empty.")?;
        press(&mut play, "Undo")?;
        assert_eq!(play.session.at, 1);
        assert!(!play.session.is_open());
        press(&mut play, "Redo")?;
        assert!(play.session.is_open());
        assert_eq!(play.moves_text, ". hW");
        press(&mut play, "Restart")?;
        assert_eq!(play.session.at, 0);
        Ok(())
    }

    #[test]
    fn marks_take_the_player_back() -> Result<(), Error> {
        let (lock, _) = starter("spring-pull");
        let mut play = Play::new(&lock, None).expect("playable");
        play.update(Message::Move(Move::Wait));
        press(&mut play, "Mark")?;
        play.update(Message::Move(Move::Hook(Dir::W)));
        play.update(Message::Move(Move::Hook(Dir::W)));
        assert_eq!(play.session.at, 3);
        press(&mut play, "Back to mark")?;
        assert_eq!(play.session.at, 1);
        Ok(())
    }

    #[test]
    fn clicking_beside_the_hook_pushes_it() {
        let (lock, _) = starter("spring-pull");
        let hook = *lock.hook().expect("hook");
        assert_eq!(
            move_for_click(&lock, hook.hub.neighbour(Dir::W)),
            Some(Move::Hook(Dir::W))
        );
        assert_eq!(
            move_for_click(&lock, hook.hub.neighbour(hook.arm)),
            Some(Move::HookTurn(Rotation::Clockwise))
        );
        let w = lock.wrench().expect("wrench").cells[0];
        assert_eq!(
            move_for_click(&lock, w.neighbour(Dir::E)),
            Some(Move::Wrench(Dir::E))
        );
    }

    #[test]
    fn annotations_follow_the_three_modes() -> Result<(), Error> {
        // Ball Stop: waiting, the bolt's spring pushes the ball into the hook's arm: resisted.
        let (lock, _) = starter("pivot-gate");
        let mut play = Play::new(&lock, None).expect("playable");
        play.update(Message::Move(Move::Wait));
        press(&mut play, "all")?;
        assert_eq!(play.mode, AnnotationMode::All);
        assert!(
            !play.annotations().is_empty(),
            "a resisted push is drawn in mode all"
        );
        press(&mut play, "none")?;
        assert!(play.annotations().is_empty());
        press(&mut play, "blocking")?;
        assert_eq!(play.mode, AnnotationMode::Blocking);
        Ok(())
    }

    #[test]
    fn stepping_through_a_turn_forward_and_back() -> Result<(), Error> {
        let (lock, _) = starter("pivot-gate");
        let mut play = Play::new(&lock, None).expect("playable");
        play.update(Message::Move(Move::Hook(Dir::W)));
        press(&mut play, "Step into the last turn")?;
        assert_eq!(play.debugging, Some(0));
        shows(&play, "player phase: initial forces: push W on the hook")?;
        let steps = play.current_steps();
        assert!(
            steps.iter().any(|s| s.text.starts_with("spring phase")),
            "both phases"
        );
        assert!(
            steps
                .iter()
                .any(|s| s.text.contains("torque clockwise on pivot 1")),
            "the pivot turns"
        );
        for _ in 0..steps.len() + 2 {
            press(&mut play, "Step")?;
        }
        assert_eq!(
            play.debugging,
            Some(steps.len() - 1),
            "stepping stops at the last step"
        );
        press(&mut play, "Step back")?;
        assert_eq!(play.debugging, Some(steps.len() - 2));
        press(&mut play, "Done")?;
        assert_eq!(play.debugging, None);
        Ok(())
    }

    #[test]
    fn the_timeline_jumps_to_any_turn() -> Result<(), Error> {
        let (lock, _) = starter("ball-stop");
        let mut play = Play::new(&lock, None).expect("playable");
        for m in [Move::Wait, Move::Wait, Move::Hook(Dir::NW)] {
            play.update(Message::Move(m));
        }
        press(&mut play, "start")?;
        assert_eq!(play.session.at, 0);
        press(&mut play, "hNW")?;
        assert_eq!(play.session.at, 3);
        assert!(play.session.is_open());
        Ok(())
    }

    #[test]
    fn moves_are_copied_saved_and_replayed() -> Result<(), Error> {
        let (lock, solution) = starter("ball-stop");
        let mut play = Play::new(&lock, None).expect("playable");
        play.update(Message::MovesEdited(lockfmt::hexlock::format_moves(
            &solution,
        )));
        press(&mut play, "Replay these")?;
        assert!(play.session.is_open());
        assert_eq!(
            press(&mut play, "Copy")?,
            vec![Event::Copy(lockfmt::hexlock::format_moves(&solution))]
        );
        let saved = press(&mut play, "Save solution")?;
        let [Event::SaveSolution(text)] = saved.as_slice() else {
            panic!("{saved:?}")
        };
        let back = lockfmt::hexlock::parse_solution(text).expect("a solution file");
        assert!(back.names(&lock));
        assert_eq!(back.moves, solution);
        Ok(())
    }

    #[test]
    fn the_solver_panel_starts_reports_cancels_and_plays_the_result() -> Result<(), Error> {
        let (lock, _) = starter("spring-pull");
        let long = vec![Move::Wait, Move::Wait, Move::HookTurn(Rotation::Clockwise)];
        let mut play = Play::new(&lock, Some(long)).expect("playable");
        assert_eq!(press(&mut play, "Solve")?, vec![Event::Solve]);
        // The real search, run here as the studio runs it on its thread.
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let mut updates = Vec::new();
        run_solver(&lock, play.saved_solution.as_deref(), &cancel, &mut |u| {
            updates.push(u)
        });
        play.update(Message::Solver(SolverUpdate::Progress {
            depth: 1,
            visited: 10,
            frontier: 5,
            rate: 100.0,
            bytes: 1000,
        }));
        shows(&play, "Cancel")?;
        for u in updates {
            play.update(Message::Solver(u));
        }
        let Some(SolverState::Finished(r)) = &play.solver else {
            panic!("{:?}", play.solver)
        };
        assert_eq!(r.solution.as_ref().map(Vec::len), Some(1));
        assert_eq!(r.shortcut, Some((1, 3)), "shorter than the saved solution");
        shows(&play, "shortcut! 1 moves, the saved solution takes 3")?;
        press(&mut play, "Play it")?;
        assert_eq!(play.session.at, 0);
        press(&mut play, "Redo")?;
        assert!(
            play.session.is_open(),
            "the found solution plays back move by move"
        );

        // Cancelling: the panel says so, and a late answer does not overwrite it.
        press(&mut play, "Solve again")?;
        assert_eq!(press(&mut play, "Cancel")?, vec![Event::CancelSolve]);
        play.update(Message::Solver(SolverUpdate::Done(Err("late".into()))));
        assert_eq!(play.solver, Some(SolverState::Cancelled));
        Ok(())
    }

    #[test]
    fn a_cancelled_solver_stops() {
        let mut lock = Lock::starter(8);
        lock.blocks.push(engine::hexlock::Block {
            name: 'B',
            cells: lock.bolthole().to_vec(),
        });
        let cancel = std::sync::atomic::AtomicBool::new(true);
        let mut last = None;
        run_solver(&lock, None, &cancel, &mut |u| last = Some(u));
        let Some(SolverUpdate::Done(Ok(r))) = last else {
            panic!("{last:?}")
        };
        assert_eq!(r.verdict, "stopped by a cancellation");
    }
}
