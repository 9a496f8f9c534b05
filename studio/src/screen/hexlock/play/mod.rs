//! Play: pick a lock with the hook and the wrench, see why pieces did not move, step through a
//! turn's resolution, and let the solver find the way.
//!
//! The solver runs on a thread of its own; each run is numbered and an update of a run the
//! player has left behind (cancelled, or replaced by a new one) is dropped.

mod board;
mod view;

pub use board::move_for_click;

use crate::background::Generation;
use crate::hexlock::canvas::{Camera, Event2, Layers};
use crate::hexlock::debugger::{Step, steps};
use crate::hexlock::picture::Overlay;
use crate::hexlock::session::Session;
use crate::hexlock::solver::{self, Job, Running, Status, Update};
use crate::keys::Action;
use crate::progress;
use engine::hexlock::physics::{Annotation, AnnotationKind, AnnotationMode, Move, annotations};
use engine::hexlock::search::{Goal, Verdict};
use engine::hexlock::{Lock, PieceRef};
use engine::{Dir, Rotation};
use iced::Task;

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
    /// Blocking, all, none, and round again.
    NextAnnotations,
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
    /// An update of the solver run with this number.
    Solver(Generation, Update),
    PlaySolution,
    Back,
    /// A right-click on a button: rebind its key.
    Rebind(Action),
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
    /// The lock just opened, after these moves.
    Opened(Vec<Move>),
}

/// The solver panel's state.
#[derive(Debug, Clone, PartialEq)]
pub enum SolverState {
    Running(Status),
    Finished(SolverResult),
    Failed(String),
    Cancelled,
}

/// The play screen.
pub struct Play {
    session: Session,
    /// The digest of the lock's mechanism, as its game is kept under (worked out once: where
    /// the game stands is asked after every message).
    digest: String,
    mode: AnnotationMode,
    /// The step being shown while debugging the last turn.
    debugging: Option<usize>,
    moves_text: String,
    solver: Option<SolverState>,
    /// The search running now; dropping it calls it off.
    running: Option<Running>,
    runs: Generation,
    status: String,
    camera: Camera,
    /// The author's saved solution, if the lock has one beside it.
    saved_solution: Option<Vec<Move>>,
    /// The lock as it stands and what is drawn over it, kept between changes so that a redraw
    /// costs nothing.
    lock: Lock,
    overlay: Overlay,
    layers: Layers,
    /// What the way back is called, by where the lock came from.
    back: &'static str,
    /// Why the solver is not offered (another player's lock being picked online), if it is not.
    solver_off: Option<String>,
    /// Whether the status line still greets a game taken up: the first move clears it, or it
    /// would go on counting the moves it found.
    greeting: bool,
}

impl Play {
    /// Play on a lock; `None` when it cannot be played.
    pub fn new(lock: &Lock, saved_solution: Option<Vec<Move>>) -> Option<Play> {
        let session = Session::new(lock)?;
        let digest = lockfmt::hexlock::moves::lock_digest(session.mechanism().lock());
        let mut p = Play {
            digest: format!("{digest:016x}"),
            lock: session.lock(),
            session,
            mode: AnnotationMode::Blocking,
            debugging: None,
            moves_text: String::new(),
            solver: None,
            running: None,
            runs: Generation::default(),
            status: String::new(),
            camera: Camera::default(),
            saved_solution,
            overlay: Overlay::default(),
            layers: Layers::default(),
            back: "Back to editing",
            solver_off: None,
            greeting: false,
        };
        p.changed();
        Some(p)
    }

    /// Names the way back (`Back` leads there).
    pub fn back_to(&mut self, label: &'static str) {
        self.back = label;
    }

    /// Takes the solver away, saying why: picking another player's lock is the game itself.
    pub fn turn_solver_off(&mut self, why: impl Into<String>) {
        self.running = None;
        self.solver = None;
        self.solver_off = Some(why.into());
    }

    /// Why the solver is not offered here, if it is not.
    pub fn solver_off(&self) -> Option<&str> {
        self.solver_off.as_deref()
    }

    /// Where the game stands, to be taken up later.
    pub fn game_now(&self) -> progress::Now {
        progress::Now {
            puzzle: self.digest.clone(),
            play: progress::Play::of(&crate::hexlock::progress::HexLockPlay {
                moves: lockfmt::hexlock::format_moves(self.session.all_moves()),
                at: self.session.at,
            }),
            finished: self.session.is_open(),
        }
    }

    /// Takes up a game left earlier. False, and nothing changes, when it is not a hex lock's
    /// or a move does not play on this lock.
    pub fn resume(&mut self, play: &progress::Play) -> bool {
        let Some(crate::hexlock::progress::HexLockPlay { moves, at }) = play.as_() else {
            return false;
        };
        let Ok(solution) = lockfmt::hexlock::parse_solution(&moves) else {
            return false;
        };
        let Some(mut session) = Session::new(self.designed()) else {
            return false;
        };
        session.load(&solution.moves);
        if session.all_moves().len() != solution.moves.len() {
            return false;
        }
        session.jump(at);
        self.session = session;
        self.debugging = None;
        self.changed();
        self.status = progress::taken_up(play);
        self.greeting = true;
        true
    }

    /// The game in progress.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// How many moves are played.
    pub fn at(&self) -> usize {
        self.session.at
    }

    /// The lock being played, as designed.
    pub fn designed(&self) -> &Lock {
        self.session.mechanism().lock()
    }

    /// The annotation mode.
    pub fn mode(&self) -> AnnotationMode {
        self.mode
    }

    /// The debugger's step, while stepping through the last turn.
    pub fn debugging(&self) -> Option<usize> {
        self.debugging
    }

    /// The move list as text.
    pub fn moves_text(&self) -> &str {
        &self.moves_text
    }

    /// The solver panel.
    pub fn solver(&self) -> Option<&SolverState> {
        self.solver.as_ref()
    }

    /// The last thing the screen said.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Says something above the board.
    pub fn set_status(&mut self, status: impl Into<String>) {
        self.status = status.into();
        self.greeting = false;
    }

    /// Loads a solution to be played move by move from the start (Redo plays each move).
    pub fn load_solution(&mut self, moves: &[Move], status: impl Into<String>) {
        self.session.load(moves);
        self.session.restart();
        self.debugging = None;
        self.status = status.into();
        self.changed();
    }

    /// The position or the mode changed: the lock and its arrows are drawn again.
    fn changed(&mut self) {
        self.moves_text = lockfmt::hexlock::format_moves(self.session.played());
        let lock = self.session.lock();
        if lock != self.lock {
            self.lock = lock;
            self.layers.lock_changed();
        }
        let arrows: Vec<(PieceRef, engine::hexlock::physics::Force, bool)> = match self.debugging {
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
            arrows: board::arrows_in(&self.lock, &arrows),
            ..Overlay::default()
        };
        if overlay != self.overlay {
            self.overlay = overlay;
            self.layers.overlay_changed();
        }
    }

    /// The play screen's message for a key action, if it has one.
    pub fn message_for(action: Action) -> Option<Message> {
        let m = Message::Move;
        Some(match action {
            Action::HookNw => m(Move::Hook(Dir::NW)),
            Action::HookNe => m(Move::Hook(Dir::NE)),
            Action::HookW => m(Move::Hook(Dir::W)),
            Action::HookE => m(Move::Hook(Dir::E)),
            Action::HookSw => m(Move::Hook(Dir::SW)),
            Action::HookSe => m(Move::Hook(Dir::SE)),
            Action::HookCw => m(Move::HookTurn(Rotation::Clockwise)),
            Action::HookCcw => m(Move::HookTurn(Rotation::Anticlockwise)),
            Action::WrenchNw => m(Move::Wrench(Dir::NW)),
            Action::WrenchNe => m(Move::Wrench(Dir::NE)),
            Action::WrenchW => m(Move::Wrench(Dir::W)),
            Action::WrenchE => m(Move::Wrench(Dir::E)),
            Action::WrenchSw => m(Move::Wrench(Dir::SW)),
            Action::WrenchSe => m(Move::Wrench(Dir::SE)),
            Action::Wait => m(Move::Wait),
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Restart => Message::Restart,
            Action::Mark => Message::Mark,
            Action::BackToMark => Message::BackToMark,
            Action::Step => Message::StepForward,
            Action::StepBack => Message::StepBack,
            Action::Save => Message::SaveSolution,
            Action::Annotations => Message::NextAnnotations,
            Action::Play => Message::Back,
            _ => return None,
        })
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let was_open = self.session.is_open();
        if self.greeting && matches!(message, Message::Move(_) | Message::Undo | Message::Redo) {
            self.greeting = false;
            self.status.clear();
        }
        let task = match message {
            Message::Move(m) => {
                self.session.play(m);
                self.debugging = None;
                Task::none()
            }
            Message::Canvas(Event2::Clicked(cell)) => {
                if let Some(m) = move_for_click(&self.lock, cell) {
                    return self.update(Message::Move(m));
                }
                Task::none()
            }
            // Play moves by clicks; a drag means nothing here.
            Message::Canvas(Event2::Dragged { .. }) => return (Task::none(), None),
            Message::Canvas(Event2::Panned(p)) => {
                self.camera.pan = p;
                return (Task::none(), None);
            }
            Message::Canvas(Event2::Zoomed(z)) => {
                self.camera.zoom = z;
                return (Task::none(), None);
            }
            Message::Undo => {
                self.session.undo();
                self.debugging = None;
                Task::none()
            }
            Message::Redo => {
                self.session.redo();
                Task::none()
            }
            Message::Restart => {
                self.session.restart();
                self.debugging = None;
                Task::none()
            }
            Message::Mark => {
                self.session.mark();
                self.status = format!("marked after move {}", self.session.at);
                Task::none()
            }
            Message::BackToMark => {
                self.session.back_to_mark();
                self.debugging = None;
                Task::none()
            }
            Message::Annotations(m) => {
                self.mode = m;
                Task::none()
            }
            Message::NextAnnotations => {
                self.mode = match self.mode {
                    AnnotationMode::Blocking => AnnotationMode::All,
                    AnnotationMode::All => AnnotationMode::None,
                    AnnotationMode::None => AnnotationMode::Blocking,
                };
                Task::none()
            }
            Message::Jump(n) => {
                self.session.jump(n);
                self.debugging = None;
                Task::none()
            }
            Message::StepInto => {
                self.debugging = self.session.last_trace().map(|_| 0);
                Task::none()
            }
            Message::StepForward => {
                let n = self.current_steps().len();
                if let Some(i) = &mut self.debugging {
                    *i = (*i + 1).min(n.saturating_sub(1));
                }
                Task::none()
            }
            Message::StepBack => {
                if let Some(i) = &mut self.debugging {
                    *i = i.saturating_sub(1);
                }
                Task::none()
            }
            Message::StopDebugging => {
                self.debugging = None;
                Task::none()
            }
            Message::MovesEdited(t) => {
                self.moves_text = t;
                return (Task::none(), None);
            }
            Message::LoadMoves => {
                match lockfmt::hexlock::parse_solution(&self.moves_text) {
                    Ok(s) => {
                        self.session.load(&s.moves);
                        self.status =
                            format!("replayed {}", lockfmt::words::count(s.moves.len(), "move"));
                    }
                    Err(d) => {
                        self.status = d.first().map(|d| d.message.clone()).unwrap_or_default();
                        return (Task::none(), None);
                    }
                }
                Task::none()
            }
            Message::Copy => {
                let moves = lockfmt::hexlock::format_moves(self.session.played());
                return (Task::none(), Some(Event::Copy(moves)));
            }
            Message::SaveSolution => {
                let s = lockfmt::hexlock::Solution::for_lock(
                    self.designed(),
                    self.session.played().to_vec(),
                );
                let text = lockfmt::hexlock::print_solution(&s);
                return (Task::none(), Some(Event::SaveSolution(text)));
            }
            Message::Solve if self.solver_off.is_some() => Task::none(),
            Message::Solve => return (self.solve(), None),
            Message::CancelSolve => {
                // Dropping the run calls it off; its late answer carries an old number.
                self.running = None;
                self.runs.advance();
                self.solver = Some(SolverState::Cancelled);
                return (Task::none(), None);
            }
            Message::Solver(run, update) => {
                if self.runs.is_current(run) {
                    self.solver_update(update);
                }
                return (Task::none(), None);
            }
            Message::PlaySolution => {
                if let Some(SolverState::Finished(SolverResult {
                    solution: Some(s), ..
                })) = &self.solver
                {
                    let s = s.clone();
                    self.load_solution(&s, "the solution is loaded: Redo plays it move by move");
                }
                Task::none()
            }
            Message::Back => {
                self.running = None;
                return (Task::none(), Some(Event::Back));
            }
            // The studio takes it before the screen does; nothing to do here.
            Message::Rebind(_) => return (Task::none(), None),
        };
        self.changed();
        let opened = (!was_open && self.session.is_open())
            .then(|| Event::Opened(self.session.played().to_vec()));
        (task, opened)
    }

    /// Starts a search for every shortest solution, leaving any earlier one behind.
    fn solve(&mut self) -> Task<Message> {
        let run = self.runs.advance();
        let (task, running) = solver::start(
            run,
            Job::shortest(self.designed().clone(), Goal::AllShortest),
        );
        self.running = Some(running);
        self.solver = Some(SolverState::Running(Status {
            depth: 0,
            visited: 0,
            frontier: 0,
            rate: 0.0,
            bytes: 0,
        }));
        task.map(|(run, u)| Message::Solver(run, u))
    }

    fn solver_update(&mut self, update: Update) {
        match update {
            Update::Progress(status) => {
                if matches!(self.solver, Some(SolverState::Running(_))) {
                    self.solver = Some(SolverState::Running(status));
                }
            }
            Update::Done(answer) => {
                self.running = None;
                self.solver = Some(match answer {
                    Ok(a) => SolverState::Finished(self.result(&a.report)),
                    Err(e) => SolverState::Failed(e),
                });
            }
        }
    }

    fn result(&self, r: &engine::hexlock::SearchReport) -> SolverResult {
        let verdict = match r.verdict() {
            Verdict::Solved => "the lock opens".to_string(),
            Verdict::Unsolvable => {
                "the lock cannot be opened: every reachable state was tried".to_string()
            }
            Verdict::GaveUp { limit } => format!("stopped by {limit}"),
        };
        let shortcut = match (&r.solution, &self.saved_solution) {
            (Some(found), Some(saved)) if found.len() < saved.len() => {
                Some((found.len(), saved.len()))
            }
            _ => None,
        };
        SolverResult {
            unique: r.shortest.map(|c| c.unique()),
            solution: r.solution.clone(),
            verdict,
            visited: r.stats.visited,
            shortcut,
        }
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

    /// Whether the last turn blocked a force of the player's tools, whatever arrows show.
    pub fn was_blocked(&self) -> bool {
        self.session.last_trace().is_some_and(|t| {
            annotations(t, AnnotationMode::Blocking)
                .iter()
                .any(|a| a.kind == AnnotationKind::Blocked)
        })
    }

    /// The sound a move just made calls for: the lock opened, a tool's force blocked, or a
    /// plain move.
    pub fn cue_of_move(&self) -> sound::Cue {
        if self.session.is_open() {
            sound::Cue::Opened
        } else if self.was_blocked() {
            sound::Cue::Blocked
        } else {
            sound::Cue::Move
        }
    }
}

#[cfg(test)]
mod tests;
