//! Death Matches hosted by a real server on 127.0.0.1: whole matches between two clients,
//! what each player may see, and a match surviving a restart with its clocks. Time is
//! compressed by the server's speed factor, through the same code paths as real time. Each
//! runs on SQLite and on PostgreSQL.

mod support;

use engine::sliding::{Board, Cell, Lock, Orientation, Piece};
use rules::death_match::bot::Bot;
use rules::death_match::{Action, Answer, DraftOrder, Event, Phase, Player, Timing};
use server::client::Client;
use server::client::bot::{Pace, play};
use server::config::Config;
use server::death_match_host::view::{Challenge, MatchView, Status, Terms};
use server::server::Running;
use server::storage::Database;
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

/// A round for bots: 6×6 with a notch, a few pieces.
const BOTS: &str = r#"
[[round]]
board = """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
# . . . . .
"""
pieces = ["h2", "v2", "h3", "v3", "h2", "v2"]
"#;

async fn start(dir: &std::path::Path, database: &Database, speed: f64) -> Running {
    Running::start(Config {
        match_speed: speed,
        database: database.clone(),
        ..support::test_config(dir)
    })
    .await
    .expect("start")
}

async fn player(running: &Running, codename: &str) -> Client {
    let mut c = Client::new(&running.url());
    c.register(codename, "pass-word").await.expect("register");
    c
}

async fn login(running: &Running, codename: &str) -> Client {
    let mut c = Client::new(&running.url());
    c.login(codename, "pass-word").await.expect("login");
    c
}

/// Waits until the match, as `c` sees it, is in a phase `f` accepts.
async fn until(c: &Client, id: i64, what: &str, f: impl Fn(&MatchView) -> bool) -> MatchView {
    for _ in 0..2000 {
        let v = c.death_match(id).await.expect("view");
        if f(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the match never reached {what}");
}

/// The Key on a2–b2 and the Keyhole on e2: "Key R2" picks it.
fn plain_lock() -> Lock {
    let lock = Lock::new(
        Board::new(5, 3),
        vec![
            Piece::key(Cell::new(0, 1), Orientation::Horizontal),
            Piece::keyhole(Cell::new(4, 1)),
        ],
    );
    assert!(lock.is_legal(), "{:?}", lock.problems());
    lock
}

async fn challenge(a: &Client, opponent: &str, rounds: &str) -> i64 {
    a.challenge(&Challenge {
        opponent: opponent.into(),
        seed: None,
        rounds: Some(rounds.into()),
        ..Challenge::default()
    })
    .await
    .expect("challenge")
    .id
}

/// `a` challenges `opponent` to a match of `rounds` at `speed`, at the players' pace.
async fn challenge_at_pace(a: &Client, opponent: &str, rounds: &str, speed: u32) -> i64 {
    a.challenge(&Challenge {
        opponent: opponent.into(),
        rounds: Some(rounds.into()),
        speed: Some(f64::from(speed)),
        timing: Some(Timing::EndWhenBothDone),
        ..Challenge::default()
    })
    .await
    .expect("challenge")
    .id
}

/// `a` challenges `b` (codename `b_name`) to a match of `SMALL`; neither drafts, both submit
/// the plain lock, and the match is left at the start of solving.
async fn to_solving(a: &Client, b: &Client, b_name: &str) -> i64 {
    let id = challenge(a, b_name, SMALL).await;
    b.accept(id).await.expect("accept");
    b.act(id, &Action::ChooseDraftOrder(DraftOrder::First))
        .await
        .expect("order");
    until(a, id, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    })
    .await;
    b.act(id, &Action::StopDrafting).await.expect("stop");
    a.act(id, &Action::EndDraft).await.expect("end");
    until(a, id, "building", |v| {
        matches!(v.phase, Some(Phase::Build(_)))
    })
    .await;
    for c in [a, b] {
        c.act(id, &Action::SubmitLock(plain_lock()))
            .await
            .expect("lock");
    }
    until(a, id, "solving", |v| {
        matches!(v.phase, Some(Phase::Solve { .. }))
    })
    .await;
    id
}

async fn a_whole_match_between_two_bots_ends_with_a_winner_and_a_round_table(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 400.0).await;
    let a = player(&running, "ALF").await;
    let b = player(&running, "BEA").await;
    let id = challenge(&a, "BEA", BOTS).await;
    b.accept(id).await.expect("accept");
    let pace = Pace {
        thinking: 0.0,
        build_budget: Duration::from_millis(300),
        pick_budget: Duration::from_millis(800),
    };
    let (ea, eb) = tokio::join!(
        play(&a, id, Bot::full(1), pace),
        play(&b, id, Bot::new(0.5, 2), pace)
    );
    let (ea, eb) = (ea.expect("challenger's bot"), eb.expect("challenged bot"));
    assert_eq!(ea.status, Status::Over);
    assert_eq!(eb.winner, ea.winner);
    let winner = ea.winner.expect("a winner");
    assert!(
        !ea.rounds.is_empty() && ea.rounds.len() <= 5,
        "{:?}",
        ea.rounds
    );
    // The table adds up: each round's points sum to the scores.
    let mut total = (0, 0);
    for r in &ea.rounds {
        total.0 += r.points.challenger;
        total.1 += r.points.challenged;
        assert_eq!(
            (total.0, total.1),
            (r.scores.challenger, r.scores.challenged)
        );
        assert!(r.locks.challenger.is_some() && r.locks.challenged.is_some());
    }
    assert_eq!(ea.scores.challenger, total.0);
    let (w, l) = (ea.scores[winner.player], ea.scores[winner.player.other()]);
    assert!(w >= l, "the winner has at least as many points: {w} vs {l}");
}

async fn each_player_sees_only_what_the_rules_let_them_see(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 200.0).await;
    let a = player(&running, "ANN").await;
    let b = player(&running, "BOB").await;
    let watcher = player(&running, "CAT").await;
    let id = challenge(&a, "BOB", SMALL).await;
    // Only the challenged player accepts; a refusal says why.
    let e = a
        .accept(id)
        .await
        .expect_err("the challenger cannot accept");
    assert!(e.to_string().contains("challenged"), "{e}");
    b.accept(id).await.expect("accept");
    b.act(id, &Action::ChooseDraftOrder(DraftOrder::Second))
        .await
        .expect("order");
    let v = until(&a, id, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    })
    .await;
    assert_eq!(v.first_drafter, Some(Player::Challenger));
    // Nobody drafts: a stops, b ends the draft.
    a.act(id, &Action::StopDrafting).await.expect("stop");
    b.act(id, &Action::EndDraft).await.expect("end");
    until(&a, id, "building", |v| {
        matches!(v.phase, Some(Phase::Build(_)))
    })
    .await;
    let text = rules::death_match::serial::lock::write(&plain_lock());
    let lock = rules::death_match::serial::lock::read(&text).expect("reads");
    a.act(id, &Action::SubmitLock(lock.clone()))
        .await
        .expect("a's lock");
    b.act(id, &Action::SubmitLock(lock))
        .await
        .expect("b's lock");
    let va = a.death_match(id).await.expect("view");
    let vb = b.death_match(id).await.expect("view");
    assert!(va.your_lock.is_some() && vb.your_lock.is_some());
    assert!(
        va.opponent_lock.is_none() && vb.opponent_lock.is_none(),
        "no one sees the other's lock while building"
    );
    let vw = watcher.death_match(id).await.expect("a spectator's view");
    assert!(vw.you.is_none() && vw.your_lock.is_none());
    // Solving: each sees the other's lock now, and their own sheet only.
    let va = until(&a, id, "solving", |v| {
        matches!(v.phase, Some(Phase::Solve { .. }))
    })
    .await;
    assert!(va.opponent_lock.is_some());
    let acted = a
        .act(id, &Action::SubmitSolution("Key R2".into()))
        .await
        .expect("a picks b's lock");
    assert!(
        acted
            .events
            .iter()
            .any(|n| matches!(n.event, Event::SolutionAccepted { moves: 1, .. }))
    );
    let refused = b
        .act(id, &Action::SubmitSolution("Key L1".into()))
        .await
        .expect_err("a move off the board is refused");
    assert!(refused.to_string().contains("move 1"), "{refused}");
    let vb = b.death_match(id).await.expect("view");
    assert!(
        vb.your_sheet
            .as_ref()
            .is_some_and(|s| s.solutions.is_empty())
    );
    assert!(vb.announced.is_none(), "answers wait for the announcement");
    // After the announcement both read both answers; b had none.
    let vb = until(&b, id, "the announcement", |v| v.announced.is_some()).await;
    let announced = vb.announced.expect("announced");
    assert!(matches!(
        announced.challenger,
        Answer::Solution { moves: 1, .. }
    ));
    assert_eq!(announced.challenged, Answer::Nothing);
    // The whole stream of each: private events only to their player, none to a spectator.
    let seen = |c: Client| async move {
        let mut s = c.match_events(id, 0).await.expect("stream");
        let mut got = Vec::new();
        while let Ok(Ok(Some(n))) = tokio::time::timeout(Duration::from_millis(300), s.next()).await
        {
            got.push(n.event);
        }
        got
    };
    let (ea, eb, ew) = tokio::join!(seen(a.clone()), seen(b.clone()), seen(watcher.clone()));
    let private_of = |events: &[Event], p: Player| {
        events
            .iter()
            .any(|e| e.audience() == rules::death_match::Audience::Only(p))
    };
    assert!(private_of(&ea, Player::Challenger) && !private_of(&ea, Player::Challenged));
    assert!(private_of(&eb, Player::Challenged) && !private_of(&eb, Player::Challenger));
    assert!(!private_of(&ew, Player::Challenger) && !private_of(&ew, Player::Challenged));
    assert!(ew.iter().any(|e| matches!(e, Event::Announced { .. })));
    running.stop().await.expect("stop");
}

async fn a_match_survives_a_restart_with_its_clocks(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "DAN").await;
    let b = player(&running, "EVE").await;
    let id = challenge(&a, "EVE", SMALL).await;
    b.accept(id).await.expect("accept");
    b.act(id, &Action::ChooseDraftOrder(DraftOrder::First))
        .await
        .expect("order");
    let before = a.death_match(id).await.expect("view");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    running.stop().await.expect("stop");
    // Down for a while: the match's clocks do not run meanwhile.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let running = start(dir.path(), &database, 1.0).await;
    let a = login(&running, "DAN").await;
    let after = a.death_match(id).await.expect("view after the restart");
    assert_eq!(after.status, Status::Playing);
    assert_eq!(after.first_drafter, Some(Player::Challenged));
    assert_eq!(
        after.phase, before.phase,
        "still assessing, with the same deadline"
    );
    assert!(
        after.now_ms >= before.now_ms + 1000 && after.now_ms < before.now_ms + 2500,
        "the clock resumes where it was recorded: {} then {}",
        before.now_ms,
        after.now_ms
    );
    running.stop().await.expect("stop");
}

async fn bad_requests_about_matches_get_clear_errors(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "FOX").await;
    let _b = player(&running, "GUS").await;
    let e = a
        .challenge(&Challenge {
            opponent: "NOP".into(),
            ..Challenge::default()
        })
        .await
        .expect_err("unknown player");
    assert!(e.to_string().contains("NOP"), "{e}");
    let e = a
        .challenge(&Challenge {
            opponent: "FOX".into(),
            ..Challenge::default()
        })
        .await
        .expect_err("yourself");
    assert!(e.to_string().contains("yourself"), "{e}");
    let e = a
        .challenge(&Challenge {
            opponent: "GUS".into(),
            rounds: Some(SMALL.replace("\"v2\"", "\"v1\"")),
            ..Challenge::default()
        })
        .await
        .expect_err("a bad round file");
    assert!(
        e.to_string().contains("round 1") && e.to_string().contains("piece 2"),
        "{e}"
    );
    let e = a.death_match(999).await.expect_err("no such match");
    assert!(e.to_string().contains("999"), "{e}");
    let id = challenge(&a, "GUS", SMALL).await;
    let e = a
        .act(id, &Action::StopDrafting)
        .await
        .expect_err("not begun");
    assert!(e.to_string().contains("challenged"), "{e}");
    a.decline(id).await.expect("the challenger withdraws");
    running.stop().await.expect("stop");
}

async fn an_impossible_call_that_stands_is_settled_by_the_solver_and_shown_to_both(
    backend: Backend,
) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 400.0).await;
    let a = player(&running, "HAL").await;
    let b = player(&running, "IDA").await;
    let id = to_solving(&a, &b, "IDA").await;
    // HAL calls IDA's lock impossible; IDA, sent to countersolve it, never does.
    a.act(id, &Action::DeclareImpossible)
        .await
        .expect("the call");
    let v = until(&a, id, "the round's end", |v| !v.rounds.is_empty()).await;
    let r = &v.rounds[0];
    assert_eq!(r.answers.challenger, Some(Answer::Impossible));
    assert!(r.points.challenger >= 5, "the call stood: {r:?}");
    // The verdict comes from the solver a moment later, for both players to read.
    for c in [&a, &b] {
        let v = until(c, id, "the verdict", |v| {
            v.rounds[0].verdicts.challenged.is_some()
        })
        .await;
        let verdict = v.rounds[0].verdicts.challenged.clone().expect("verdict");
        assert!(verdict.contains("picks it in 1 move: Key R2"), "{verdict}");
        assert!(
            v.rounds[0].locks.challenged.is_some(),
            "both read the lock after the round"
        );
    }
    running.stop().await.expect("stop");
}

async fn a_player_who_reconnects_reads_the_events_from_where_they_left(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "JOE").await;
    let b = player(&running, "KIM").await;
    let id = challenge(&a, "KIM", SMALL).await;
    b.accept(id).await.expect("accept");
    let mut first = b.match_events(id, 0).await.expect("stream");
    let began = first.next().await.expect("read").expect("an event");
    assert_eq!(began.id, 0);
    drop(first);
    // Gone for a while: meanwhile the draft order is chosen.
    b.act(id, &Action::ChooseDraftOrder(DraftOrder::Second))
        .await
        .expect("order");
    let mut again = b.match_events(id, began.id + 1).await.expect("stream");
    let next = again.next().await.expect("read").expect("an event");
    assert_eq!(next.id, 1, "nothing repeated, nothing missed");
    assert!(matches!(
        next.event,
        Event::DraftOrderChosen {
            first: Player::Challenger,
            ..
        }
    ));
    running.stop().await.expect("stop");
}

async fn a_match_ended_by_the_clock_is_over_after_a_restart(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 2000.0).await;
    let a = player(&running, "LEO").await;
    let b = player(&running, "MIA").await;
    let id = challenge(&a, "MIA", SMALL).await;
    b.accept(id).await.expect("accept");
    // Nobody drafts: the first drafter's turn and then their whole reserve run out.
    let over = until(&a, id, "the end", |v| v.status == Status::Over).await;
    let winner = over.winner.expect("a winner");
    running.stop().await.expect("stop");
    let running = start(dir.path(), &database, 2000.0).await;
    let a = login(&running, "LEO").await;
    let after = a.death_match(id).await.expect("view after the restart");
    assert_eq!(after.status, Status::Over);
    assert_eq!(after.winner, Some(winner));
    let list = a.matches().await.expect("list");
    assert_eq!(list[0].status, Status::Over);
    running.stop().await.expect("stop");
}

async fn a_round_played_keeps_its_locks_and_answers_after_a_restart(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 400.0).await;
    let a = player(&running, "NED").await;
    let b = player(&running, "OLA").await;
    let id = to_solving(&a, &b, "OLA").await;
    for c in [&a, &b] {
        c.act(id, &Action::SubmitSolution("Key R2".into()))
            .await
            .expect("solution");
    }
    let before = until(&a, id, "round 2", |v| v.round == 2).await;
    let played = before.rounds[0].clone();
    assert!(matches!(
        played.answers.challenger,
        Some(Answer::Solution { moves: 1, .. })
    ));
    assert!(played.locks.challenger.is_some() && played.locks.challenged.is_some());
    running.stop().await.expect("stop");

    // Replayed from the log, the round's record is the same: its locks and answers were read
    // after the next round had cleared them.
    let running = start(dir.path(), &database, 400.0).await;
    let a = login(&running, "NED").await;
    let after = a.death_match(id).await.expect("view after the restart");
    assert_eq!(after.rounds[0], played);
    running.stop().await.expect("stop");
}

async fn nobody_reads_whether_the_opponent_has_a_choice_before_the_answers_are_announced(
    backend: Backend,
) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    // Slow enough that the 30 s to choose (0.3 s here) are read by three viewers.
    let running = start(dir.path(), &database, 100.0).await;
    let a = player(&running, "PAM").await;
    let b = player(&running, "QUI").await;
    let watcher = player(&running, "RAY").await;
    let id = to_solving(&a, &b, "QUI").await;
    // PAM finds two solutions and so has a choice; QUI finds one and has none.
    for moves in ["Key R2", "Key R1, Key L1, Key R2"] {
        a.act(id, &Action::SubmitSolution(moves.into()))
            .await
            .expect("PAM's solution");
    }
    b.act(id, &Action::SubmitSolution("Key R2".into()))
        .await
        .expect("QUI's solution");
    let pending = |v: &MatchView| match &v.phase {
        Some(Phase::Choose { pending, .. }) => Some(*pending),
        _ => None,
    };
    let is_choosing = |v: &MatchView| pending(v).is_some();
    let va = until(&a, id, "choosing", is_choosing).await;
    let vb = until(&b, id, "choosing", is_choosing).await;
    let vw = until(&watcher, id, "choosing", is_choosing).await;
    // Each reads their own flag only: QUI cannot tell that PAM has a choice, nor can a
    // spectator.
    let flags = |v: &MatchView| pending(v).map(|p| (p.challenger, p.challenged));
    assert_eq!(flags(&va), Some((true, false)));
    assert_eq!(flags(&vb), Some((false, false)));
    assert_eq!(flags(&vw), Some((false, false)));
    for v in [&va, &vb, &vw] {
        assert!(v.announced.is_none(), "nothing announced yet");
    }
    assert_eq!(
        vb.your_sheet.as_ref().map(|s| s.solutions.len()),
        Some(1),
        "QUI reads their own sheet only"
    );
    // Nor do the events everyone reads say who chooses.
    let mut s = b.match_events(id, 0).await.expect("stream");
    loop {
        let n = s.next().await.expect("read").expect("an event");
        let json = serde_json::to_value(&n.event).expect("json");
        if let Event::ChoosingBegan { .. } = n.event {
            assert_eq!(
                json.as_object().map(|o| o.len()),
                Some(2),
                "its type and when it ends, nothing of who chooses: {json}"
            );
        }
        if let Event::Announced { .. } = n.event {
            break;
        }
        assert!(
            !matches!(
                n.event,
                Event::SolutionAccepted {
                    player: Player::Challenger,
                    ..
                } | Event::SolutionChosen {
                    player: Player::Challenger,
                    ..
                }
            ),
            "QUI reads none of PAM's solutions: {:?}",
            n.event
        );
    }
    running.stop().await.expect("stop");
}

/// A practice match's clock runs at its own speed while a match on the same server keeps real
/// time; its terms come back after a restart. Match times only: the fast match is accepted
/// first and read last, so its clock has run at least as long as the other's.
async fn a_practice_match_runs_at_its_speed_while_another_keeps_real_time(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "PRA").await;
    let b = player(&running, "PRB").await;
    let c = player(&running, "REA").await;
    let d = player(&running, "REB").await;
    let fast = challenge_at_pace(&a, "PRB", SMALL, 50).await;
    let real = challenge(&c, "REB", SMALL).await;
    let asked = b.matches().await.expect("list")[0].clone();
    assert_eq!(
        asked.terms,
        Terms {
            speed: 50,
            timing: Timing::EndWhenBothDone
        },
        "the challenged player reads the terms before accepting"
    );
    b.accept(fast).await.expect("accept");
    d.accept(real).await.expect("accept");
    // The fast match's 90 s assessment passes on its clock alone.
    let fast_view = until(&a, fast, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    })
    .await;
    let real_view = c.death_match(real).await.expect("view");
    let fast_later = a.death_match(fast).await.expect("view");
    assert_eq!((fast_view.speed, real_view.speed), (50.0, 1.0));
    assert_eq!(real_view.terms, Terms::default());
    assert!(
        matches!(real_view.phase, Some(Phase::Assess { .. })),
        "the other match keeps real time: {:?}",
        real_view.phase
    );
    assert!(
        fast_later.now_ms >= 90_000 && real_view.now_ms * 10 <= fast_later.now_ms,
        "match times {} (×1) and {} (×50)",
        real_view.now_ms,
        fast_later.now_ms
    );
    running.stop().await.expect("stop");
    let running = start(dir.path(), &database, 1.0).await;
    let a = login(&running, "PRA").await;
    let after = a.death_match(fast).await.expect("view after a restart");
    assert_eq!(after.terms.speed, 50, "the terms are replayed from the log");
    assert_eq!(after.speed, 50.0);
    assert_eq!(after.terms.timing, Timing::EndWhenBothDone);
    running.stop().await.expect("stop");
}

/// At the players' pace, the host ends a phase the moment both players are done, and not
/// before: at real time, where the assessment alone would take 90 s. A player's word survives
/// a restart.
async fn at_the_players_pace_the_host_ends_a_phase_when_both_players_are_done(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "PAA").await;
    let b = player(&running, "PAB").await;
    let id = challenge_at_pace(&a, "PAB", SMALL, 1).await;
    b.accept(id).await.expect("accept");
    a.act(id, &Action::Done).await.expect("done");
    let v = a.death_match(id).await.expect("view");
    assert!(v.done, "the challenger reads that they are done");
    assert!(
        matches!(v.phase, Some(Phase::Assess { .. })),
        "one player done is not enough: {:?}",
        v.phase
    );
    assert!(!b.death_match(id).await.expect("view").done);
    // A restart between the two replays the first player's word from the log.
    running.stop().await.expect("stop");
    let running = start(dir.path(), &database, 1.0).await;
    let (a, b) = (login(&running, "PAA").await, login(&running, "PAB").await);
    assert!(a.death_match(id).await.expect("view").done, "replayed");
    b.act(id, &Action::Done).await.expect("done");
    let v = a.death_match(id).await.expect("view");
    assert!(
        matches!(v.phase, Some(Phase::Draft(_))),
        "both done: the draft begins: {:?}",
        v.phase
    );
    assert!(v.now_ms < 90_000, "the assessment did not run its time");
    b.act(id, &Action::StopDrafting).await.expect("stop");
    a.act(id, &Action::EndDraft).await.expect("end");
    for c in [&a, &b] {
        c.act(id, &Action::SubmitLock(plain_lock()))
            .await
            .expect("lock");
        c.act(id, &Action::Done).await.expect("done");
    }
    let v = a.death_match(id).await.expect("view");
    assert!(
        matches!(v.phase, Some(Phase::Solve { .. })),
        "both locks final: solving begins: {:?}",
        v.phase
    );
    assert!(v.now_ms < 90_000 + 420_000);
    running.stop().await.expect("stop");
}

/// A match played at full time refuses `Done` in words; a speed out of range is refused in
/// words before anything is stored.
async fn a_challenge_at_a_speed_out_of_range_or_done_at_full_time_is_refused(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "SPA").await;
    let b = player(&running, "SPB").await;
    for speed in [0.0, -3.0, 2.5, 101.0, 1e9] {
        let e = a
            .challenge(&Challenge {
                opponent: "SPB".into(),
                speed: Some(speed),
                ..Challenge::default()
            })
            .await
            .expect_err("a speed out of range");
        assert_eq!(e.code(), Some("bad-speed"), "{speed}: {e}");
        assert!(e.to_string().contains("1 to 100"), "{speed}: {e}");
    }
    assert!(
        a.matches().await.expect("list").is_empty(),
        "nothing stored"
    );
    let id = challenge(&a, "SPB", SMALL).await;
    b.accept(id).await.expect("accept");
    let e = a.act(id, &Action::Done).await.expect_err("full time");
    assert!(e.to_string().contains("full time"), "{e}");
    running.stop().await.expect("stop");
}

/// Two bots play a whole match at their pace: every phase ends as both are done, so the match
/// takes a small part of the match time one round at full time would (at least 90 s to assess,
/// 420 s to build and 5 min to solve).
async fn a_whole_match_between_bots_at_their_pace_waits_out_no_phase(backend: Backend) {
    let dir = tempfile::tempdir().expect("dir");
    let database = backend.database();
    let running = start(dir.path(), &database, 1.0).await;
    let a = player(&running, "BPA").await;
    let b = player(&running, "BPB").await;
    let id = challenge_at_pace(&a, "BPB", BOTS, 1).await;
    b.accept(id).await.expect("accept");
    let pace = Pace {
        thinking: 0.0,
        build_budget: Duration::from_millis(150),
        pick_budget: Duration::from_millis(300),
    };
    let (ea, eb) = tokio::join!(
        play(&a, id, Bot::full(1), pace),
        play(&b, id, Bot::new(0.5, 2), pace)
    );
    let (ea, eb) = (ea.expect("challenger's bot"), eb.expect("challenged bot"));
    assert_eq!(ea.status, Status::Over);
    assert_eq!(eb.winner, ea.winner);
    assert!(!ea.rounds.is_empty());
    assert!(
        ea.now_ms < 90_000 + 420_000 + 300_000,
        "{} rounds in {} ms of match time",
        ea.rounds.len(),
        ea.now_ms
    );
    running.stop().await.expect("stop");
}

on_both!(
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_practice_match_runs_at_its_speed_while_another_keeps_real_time,
    at_the_players_pace_the_host_ends_a_phase_when_both_players_are_done,
    a_challenge_at_a_speed_out_of_range_or_done_at_full_time_is_refused,
    a_whole_match_between_bots_at_their_pace_waits_out_no_phase,
    a_whole_match_between_two_bots_ends_with_a_winner_and_a_round_table,
    each_player_sees_only_what_the_rules_let_them_see,
    a_match_survives_a_restart_with_its_clocks,
    bad_requests_about_matches_get_clear_errors,
    an_impossible_call_that_stands_is_settled_by_the_solver_and_shown_to_both,
    a_player_who_reconnects_reads_the_events_from_where_they_left,
    a_match_ended_by_the_clock_is_over_after_a_restart,
    a_round_played_keeps_its_locks_and_answers_after_a_restart,
    nobody_reads_whether_the_opponent_has_a_choice_before_the_answers_are_announced,
);
