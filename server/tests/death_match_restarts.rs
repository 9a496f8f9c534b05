//! A restart never takes back what a Death Match told its players. One match is played through
//! every phase on a real server on 127.0.0.1, and the server is stopped in each phase — just
//! after a deadline changed it, or just after an action did — and started again on the same
//! data folder: each player's events are still there, numbered as before, and the phase, the
//! locks shown and the scores are where they were or further on. Once with the clocks sped up
//! throughout, once stopping and checking at real speed (the deadlines between are passed by a
//! sped-up server, but for one that passes at real speed).

mod support;

use engine::sliding::{Board, Cell, Lock, Orientation, Piece};
use rules::death_match::{Action, DraftOrder, Phase, Player, Stage};
use server::client::Client;
use server::config::Config;
use server::death_match_host::view::{Challenge, MatchView, Numbered, Status};
use server::server::Running;
use server::storage::Database;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::Backend;

/// A small round: 5×3, nothing dark, two pieces on offer.
const SMALL: &str = r#"
[[round]]
board = """
. . . . .
. . . . .
. . . . .
"""
pieces = ["h2", "v2"]
"#;

/// The speed of the servers that pass the deadlines between stops at real speed.
const FAST: f64 = 200.0;

/// The speed of the match sped up throughout: slow enough for a test to act within a phase.
const SPED_UP: f64 = 100.0;

/// The Key on a2–b2 and the Keyhole on e2: "Key R2" picks it.
fn plain_lock() -> Lock {
    Lock::new(
        Board::new(5, 3),
        vec![
            Piece::key(Cell::new(0, 1), Orientation::Horizontal),
            Piece::keyhole(Cell::new(4, 1)),
        ],
    )
}

/// Where a match stands, in the order it goes: (round, phase).
fn progress(v: &MatchView) -> (u8, u8) {
    let rank = match &v.phase {
        None => 0,
        Some(Phase::Assess { .. }) => 1,
        Some(Phase::Draft(_)) => 2,
        Some(Phase::Build(_)) => 3,
        Some(Phase::Solve { .. }) => 4,
        Some(Phase::Choose { .. }) => 5,
        Some(Phase::Countersolve { .. }) => 6,
        Some(Phase::RoundOver { .. }) => 7,
        Some(Phase::Over { .. }) => 8,
    };
    (v.round, rank)
}

/// One player's side: their client and every event their stream has brought so far.
struct Side {
    codename: &'static str,
    client: Client,
    seen: Arc<Mutex<Vec<Numbered>>>,
    follow: tokio::task::JoinHandle<()>,
}

impl Side {
    /// Follows the match's events from the first, keeping each as it comes.
    fn follow(codename: &'static str, client: Client, id: i64) -> Side {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let kept = seen.clone();
        let c = client.clone();
        let follow = tokio::spawn(async move {
            let Ok(mut stream) = c.match_events(id, 0).await else {
                return;
            };
            while let Ok(Some(n)) = stream.next().await {
                kept.lock().expect("seen").push(n);
            }
        });
        Side {
            codename,
            client,
            seen,
            follow,
        }
    }

    fn seen(&self) -> Vec<Numbered> {
        self.seen.lock().expect("seen").clone()
    }
}

/// A match between ANN (the challenger) and BOB, on a server stopped and started at will.
struct Table {
    dir: tempfile::TempDir,
    /// The database every start of the server opens.
    database: Database,
    running: Option<Running>,
    id: i64,
    sides: Vec<Side>,
    restarts: usize,
}

async fn start(dir: &std::path::Path, database: &Database, speed: f64) -> Running {
    Running::start(Config {
        match_speed: speed,
        database: database.clone(),
        ..support::test_config(dir)
    })
    .await
    .expect("start")
}

impl Table {
    /// ANN challenges BOB to a match of `SMALL` on a server at `speed`; BOB accepts.
    async fn new(backend: Backend, speed: f64) -> Table {
        let dir = tempfile::tempdir().expect("dir");
        let database = backend.database();
        let running = start(dir.path(), &database, speed).await;
        let mut sides = Vec::new();
        let mut clients = Vec::new();
        for codename in ["ANN", "BOB"] {
            let mut c = Client::new(&running.url());
            c.register(codename, "pass-word").await.expect("register");
            clients.push(c);
        }
        let id = clients[0]
            .challenge(&Challenge {
                opponent: "BOB".into(),
                seed: None,
                rounds: Some(SMALL.into()),
                ..Challenge::default()
            })
            .await
            .expect("challenge")
            .id;
        clients[1].accept(id).await.expect("accept");
        for (codename, c) in ["ANN", "BOB"].into_iter().zip(clients) {
            sides.push(Side::follow(codename, c, id));
        }
        Table {
            dir,
            database,
            running: Some(running),
            id,
            sides,
            restarts: 0,
        }
    }

    fn client(&self, p: Player) -> &Client {
        match p {
            Player::Challenger => &self.sides[0].client,
            Player::Challenged => &self.sides[1].client,
        }
    }

    async fn act(&self, p: Player, action: Action) {
        let what = format!("{p:?}: {action:?}");
        self.client(p)
            .act(self.id, &action)
            .await
            .unwrap_or_else(|e| panic!("{what} refused: {e}"));
    }

    async fn view(&self, p: Player) -> MatchView {
        self.client(p).death_match(self.id).await.expect("view")
    }

    /// Waits until the match, as the challenger sees it, is in a state `f` accepts.
    async fn until(&self, what: &str, f: impl Fn(&MatchView) -> bool) -> MatchView {
        for _ in 0..10_000 {
            let v = self.view(Player::Challenger).await;
            if f(&v) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the match never reached {what}");
    }

    /// Stops the server as the match stands, starts it again at `speed` on the same data
    /// folder, and checks that nothing either player was told is taken back.
    async fn restart(&mut self, speed: f64, when: &str) {
        self.restarts += 1;
        let before = [
            self.view(Player::Challenger).await,
            self.view(Player::Challenged).await,
        ];
        if let Some(running) = self.running.take() {
            running.stop().await.expect("stop");
        }
        // The streams end with the server: what they brought is all each player was told.
        let mut seen = Vec::new();
        for side in self.sides.drain(..) {
            let _ = side.follow.await;
            let events = side.seen.lock().expect("seen").clone();
            seen.push((side.codename, events));
        }
        let running = start(self.dir.path(), &self.database, speed).await;
        let mut clients = Vec::new();
        for (codename, _) in &seen {
            let mut c = Client::new(&running.url());
            c.login(codename, "pass-word").await.expect("login");
            clients.push(c);
        }
        self.running = Some(running);
        // First the match as each reads it at once: a deadline the restart forgot would pass
        // again soon after, so this is read before anything else.
        let mut now = Vec::new();
        for c in &clients {
            now.push(c.death_match(self.id).await.expect("view"));
        }
        for (((codename, told), was), is) in seen.iter().zip(&before).zip(&now) {
            let told_count = told.last().map_or(0, |n| n.id + 1);
            assert!(
                is.events >= told_count,
                "{codename}, restart {} ({when}): {} events told, {} after the restart",
                self.restarts,
                told_count,
                is.events
            );
            assert!(
                progress(is) >= progress(was),
                "{codename}, restart {} ({when}): the match went back from {:?} to {:?}",
                self.restarts,
                was.phase,
                is.phase
            );
            if progress(is) == progress(was) {
                assert_eq!(is.opponent_lock, was.opponent_lock, "{codename} ({when})");
                assert_eq!(is.your_lock, was.your_lock, "{codename} ({when})");
                assert_eq!(is.your_sheet, was.your_sheet, "{codename} ({when})");
                assert_eq!(is.announced, was.announced, "{codename} ({when})");
            }
            for p in Player::BOTH {
                assert!(
                    is.scores[p] >= was.scores[p],
                    "{codename} ({when}): scores went back from {:?} to {:?}",
                    was.scores,
                    is.scores
                );
            }
            assert!(
                is.rounds.len() >= was.rounds.len()
                    && is.rounds[..was.rounds.len()] == was.rounds[..],
                "{codename} ({when}): the rounds' table changed"
            );
            if was.status == Status::Over {
                assert_eq!(is.winner, was.winner, "{codename} ({when})");
            }
        }
        for ((codename, _), c) in seen.iter().zip(clients) {
            self.sides.push(Side::follow(codename, c, self.id));
        }
        for ((codename, told), side) in seen.iter().zip(&self.sides) {
            // Every event told is told again, with its number and its words: none taken back
            // or changed. (The wait is for the stream to bring them, not a measure of time.)
            let mut again = side.seen();
            for _ in 0..1000 {
                if again.len() >= told.len() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
                again = side.seen();
            }
            assert!(
                again.len() >= told.len() && again[..told.len()] == told[..],
                "{codename}, restart {} ({when}): events taken back\nbefore: {told:#?}\nafter: {:#?}",
                self.restarts,
                &again[..again.len().min(told.len() + 2)]
            );
        }
    }

    async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.stop().await.expect("stop");
        }
    }
}

fn phase(v: &MatchView) -> Option<&Phase> {
    v.phase.as_ref()
}

fn is_draft(v: &MatchView) -> bool {
    matches!(phase(v), Some(Phase::Draft(_)))
}

fn is_build(v: &MatchView) -> bool {
    matches!(phase(v), Some(Phase::Build(_)))
}

fn is_solve(v: &MatchView) -> bool {
    matches!(phase(v), Some(Phase::Solve { .. }))
}

fn is_choose(v: &MatchView) -> bool {
    matches!(phase(v), Some(Phase::Choose { .. }))
}

fn is_deciding(v: &MatchView) -> bool {
    matches!(phase(v), Some(Phase::Countersolve { stages }) if matches!(stages.challenger, Stage::Deciding { .. }))
}

/// Once the locks are shown: a lock submitted now is refused, as solving has begun.
async fn no_lock_after_solving_began(t: &Table) {
    let refused = t
        .client(Player::Challenged)
        .act(t.id, &Action::SubmitLock(plain_lock()))
        .await
        .expect_err("solving has begun: no lock is taken");
    assert!(refused.to_string().contains("solving"), "{refused}");
    let v = t.view(Player::Challenger).await;
    assert!(v.opponent_lock.is_some(), "the lock shown is still shown");
}

/// The challenged player picks the lock late in solving, so that a countersolve in their time
/// lasts long enough to be stopped in.
async fn pick_late(t: &Table) {
    let v = t
        .until("late in solving", |v| {
            is_solve(v) && v.deadline_ms.is_some_and(|d| v.now_ms + 90_000 >= d)
        })
        .await;
    assert!(is_solve(&v));
    t.act(Player::Challenged, Action::SubmitSolution("Key R2".into()))
        .await;
}

async fn nothing_told_is_taken_back_by_a_restart_in_any_phase_sped_up(backend: Backend) {
    let mut t = Table::new(backend, SPED_UP).await;
    t.restart(SPED_UP, "the assessment").await;
    t.act(
        Player::Challenged,
        Action::ChooseDraftOrder(DraftOrder::First),
    )
    .await;
    t.until("the draft", is_draft).await;
    t.restart(SPED_UP, "the draft, begun by the clock").await;
    t.act(Player::Challenged, Action::StopDrafting).await;
    t.act(Player::Challenger, Action::EndDraft).await;
    t.until("building", is_build).await;
    t.act(Player::Challenger, Action::SubmitLock(plain_lock()))
        .await;
    t.restart(SPED_UP, "building").await;
    t.act(Player::Challenged, Action::SubmitLock(plain_lock()))
        .await;
    t.until("solving", is_solve).await;
    t.restart(SPED_UP, "solving, begun by the clock").await;
    no_lock_after_solving_began(&t).await;
    for moves in ["Key R2", "Key R1, Key L1, Key R2"] {
        t.act(Player::Challenger, Action::SubmitSolution(moves.into()))
            .await;
    }
    pick_late(&t).await;
    t.until("choosing", is_choose).await;
    t.restart(SPED_UP, "choosing, begun by the clock").await;
    t.until("the countersolve decisions", is_deciding).await;
    t.restart(SPED_UP, "deciding, begun by the clock").await;
    t.act(Player::Challenger, Action::Countersolve(true)).await;
    t.act(Player::Challenged, Action::Countersolve(false)).await;
    t.restart(SPED_UP, "countersolving").await;
    t.until("round 2", |v| v.round == 2).await;
    t.restart(SPED_UP, "the next round, begun by the clock")
        .await;
    // Nobody acts: the first drafter's turn and reserve run out, and the match is over.
    t.until("the end", |v| v.status == Status::Over).await;
    t.restart(SPED_UP, "the end, by the clock").await;
    let v = t.view(Player::Challenged).await;
    assert_eq!(v.status, Status::Over);
    assert_eq!(v.rounds.len(), 1);
    t.stop().await;
}

async fn nothing_told_is_taken_back_by_a_restart_in_any_phase_at_real_speed(backend: Backend) {
    // Each phase is stopped in at real speed, and acted in at real speed; a sped-up server
    // passes the long deadlines between (90 s, 420 s, 5 minutes), and the choice's 30 s pass
    // at real speed.
    let mut t = Table::new(backend, 1.0).await;
    t.restart(1.0, "the assessment").await;
    t.act(
        Player::Challenged,
        Action::ChooseDraftOrder(DraftOrder::First),
    )
    .await;
    t.restart(FAST, "the assessment, the order chosen").await;
    t.until("the draft", is_draft).await;
    t.restart(1.0, "the draft, begun by the clock").await;
    t.act(Player::Challenged, Action::StopDrafting).await;
    t.act(Player::Challenger, Action::EndDraft).await;
    t.until("building", is_build).await;
    t.act(Player::Challenger, Action::SubmitLock(plain_lock()))
        .await;
    t.restart(1.0, "building").await;
    t.act(Player::Challenged, Action::SubmitLock(plain_lock()))
        .await;
    t.restart(FAST, "building, both locks in").await;
    t.until("solving", is_solve).await;
    t.restart(1.0, "solving, begun by the clock").await;
    no_lock_after_solving_began(&t).await;
    for moves in ["Key R2", "Key R1, Key L1, Key R2"] {
        t.act(Player::Challenger, Action::SubmitSolution(moves.into()))
            .await;
    }
    t.restart(FAST, "solving, two solutions in").await;
    pick_late(&t).await;
    t.until("choosing", is_choose).await;
    t.restart(1.0, "choosing, begun by the clock").await;
    // The 30 s to choose pass at real speed; the server is stopped as soon as they are over.
    t.until("the countersolve decisions", is_deciding).await;
    t.restart(1.0, "deciding, begun by the clock at real speed")
        .await;
    t.act(Player::Challenger, Action::Countersolve(true)).await;
    t.act(Player::Challenged, Action::Countersolve(false)).await;
    t.restart(1.0, "countersolving").await;
    t.restart(FAST, "countersolving, once more").await;
    t.until("round 2", |v| v.round == 2).await;
    t.restart(1.0, "the next round, begun by the clock").await;
    t.restart(FAST, "the next round, once more").await;
    t.until("the end", |v| v.status == Status::Over).await;
    t.restart(1.0, "the end, by the clock").await;
    assert_eq!(t.view(Player::Challenger).await.status, Status::Over);
    t.stop().await;
}

on_both!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    nothing_told_is_taken_back_by_a_restart_in_any_phase_sped_up,
    nothing_told_is_taken_back_by_a_restart_in_any_phase_at_real_speed,
);
