//! The Death Match screen against a real server on 127.0.0.1 with its clocks ×100: a player
//! in the studio accepts a challenge, drafts, builds in the sliding-lock editor with the
//! drafted pieces, and picks the opponent's lock with the solver off for it.

mod common;

use common::{Driver, sees};
use iced_test::Error;
use rules::death_match::{Action, DraftOrder, Phase, Player};
use server::client::Client;
use server::config::Config;
use server::death_match_host::view::{Challenge, MatchView, Status, Terms};
use server::server::Running;
use studio::app::{Message, Screen, Studio};
use studio::screen::death_match::{self, MOVES_ID, SOLVER_OFF};
use studio::screen::editor::Editing as _;
use studio::screen::online::{CODENAME_ID, PASSWORD_ID};
use studio::settings::{self, Settings};

const ROUNDS: &str = r#"
[[round]]
board = """
. . . . .
. . . . .
. . . . .
"""
pieces = ["h2", "v2"]
"#;

/// Reads the match again until `f` holds.
fn until(d: &Driver, s: &mut Studio, what: &str, f: impl Fn(&MatchView) -> bool) {
    for _ in 0..300 {
        if s.death_match().shown().is_some_and(&f) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        d.send(s, Message::DeathMatch(death_match::Message::Refresh));
    }
    panic!(
        "the match never reached {what}: {}",
        s.death_match().status()
    );
}

/// A server on 127.0.0.1 with its match clocks `speed` times as fast, and its data folder.
fn server(d: &Driver, speed: f64) -> (Running, tempfile::TempDir) {
    let data = tempfile::tempdir().expect("dir");
    let running =
        d.rt.block_on(Running::start(Config {
            match_speed: speed,
            ..server::testing::config(data.path())
        }))
        .expect("server");
    (running, data)
}

/// A server on 127.0.0.1 with its clocks ×100, and a studio where ANN has registered.
struct Table {
    d: Driver,
    running: Running,
    url: String,
    s: Studio,
    _dirs: [tempfile::TempDir; 2],
}

fn table() -> Result<Table, Error> {
    table_at(100.0)
}

/// A server on 127.0.0.1 with its clocks `speed` times as fast, and a studio where ANN has
/// registered.
fn table_at(speed: f64) -> Result<Table, Error> {
    let d = Driver::new();
    let (running, data) = server(&d, speed);
    let url = running.url();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(
        home.path(),
        Settings {
            server: settings::ServerChoice::Remote,
            server_url: Some(url.clone()),
            ..Settings::default()
        },
    );
    d.click(&mut s, "Online")?;
    d.type_into(&mut s, CODENAME_ID, "ANN")?;
    d.type_into(&mut s, PASSWORD_ID, "correct horse")?;
    d.click(&mut s, "Register")?;
    Ok(Table {
        d,
        running,
        url,
        s,
        _dirs: [data, home],
    })
}

/// BOB registers and challenges ANN to a match of these rounds.
fn bob_challenges(d: &Driver, url: &str, rounds: &str) -> (Client, i64) {
    let mut bob = Client::new(url);
    d.rt.block_on(bob.register("BOB", "pass-word"))
        .expect("BOB");
    let id =
        d.rt.block_on(bob.challenge(&Challenge {
            opponent: "ANN".into(),
            rounds: Some(rounds.into()),
            ..Challenge::default()
        }))
        .expect("challenge")
        .id;
    (bob, id)
}

/// BOB submits a lock of the Key and the Keyhole alone, one slide from picked (the round
/// offers nothing, or BOB drafted nothing), and the match reaches solving.
fn bob_builds_and_solving_begins(d: &Driver, s: &mut Studio, bob: &Client, id: i64) {
    d.rt.block_on(bob.act(id, &Action::SubmitLock(bob_lock())))
        .expect("BOB's lock");
    until(d, s, "solving", |v| {
        matches!(v.phase, Some(Phase::Solve { .. }))
    });
}

/// BOB's lock of the Key and the Keyhole alone, on the 5×3 board.
fn bob_lock() -> engine::sliding::Lock {
    engine::sliding::Lock::new(
        engine::sliding::Board::new(5, 3),
        vec![
            engine::sliding::Piece::key(
                engine::sliding::Cell::new(0, 1),
                engine::sliding::Orientation::Horizontal,
            ),
            engine::sliding::Piece::keyhole(engine::sliding::Cell::new(4, 1)),
        ],
    )
}

#[test]
fn a_match_is_accepted_drafted_built_and_picked_in_the_studio() -> Result<(), Error> {
    let Table {
        d,
        running,
        url,
        mut s,
        _dirs,
    } = table()?;
    // Connected as soon as the player logs in, before the screen is shown: its practice bots
    // (on the studio's own server) play on at once.
    assert_eq!(s.death_match().codename(), Some("ANN"));
    assert!(!matches!(s.screen(), Screen::DeathMatch));

    let (bob, id) = bob_challenges(&d, &url, ROUNDS);

    // The lobby lists the challenge; ANN accepts and drafts first.
    d.click(&mut s, "Death Match")?;
    assert!(matches!(s.screen(), Screen::DeathMatch));
    assert!(sees(&s, &format!("#{id}  BOB v ANN  challenged")));
    assert!(!sees(&s, "round 0"), "a match not begun has no round");
    d.click(&mut s, "Accept")?;
    assert!(sees(&s, "Draft first"), "{}", s.death_match().status());
    assert!(sees(
        &s,
        "Choose whether you draft first or second (first, if you do not choose)."
    ));
    // The offer's notation is said in words.
    assert!(sees(&s, studio::screen::death_match::SHAPES));
    d.click(&mut s, "Draft first")?;
    // The choice is said until the draft begins.
    assert!(sees(&s, "You draft first when the assessment ends."));
    until(&d, &mut s, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    });
    assert!(sees(&s, "Your turn to draft."));
    assert!(sees(&s, studio::screen::death_match::SHAPES));
    let place = |s: &Studio| {
        iced_test::simulator(s.view())
            .find("Draft 1: h2")
            .map(|w| w.bounds())
    };
    let before = place(&s)?;
    d.click(&mut s, "Draft 1: h2")?;
    // The piece drafted keeps its place, faded: the others do not move under the cursor.
    assert_eq!(place(&s)?, before, "the drafted piece's place is kept");
    d.rt.block_on(bob.act(id, &Action::StopDrafting))
        .expect("BOB stops");
    d.send(&mut s, Message::DeathMatch(death_match::Message::Refresh));
    d.click(&mut s, "End the draft")?;
    until(&d, &mut s, "building", |v| {
        matches!(v.phase, Some(Phase::Build(_)))
    });

    // Building: the editor opens a lock of exactly ANN's drafted pieces, which is submitted.
    d.click(&mut s, "Open my lock in the editor")?;
    assert!(matches!(s.screen(), Screen::Editor));
    let mine = s
        .document()
        .path()
        .map(|p| p.to_path_buf())
        .expect("a file");
    assert!(
        mine.to_string_lossy().ends_with("-my-lock.slide"),
        "{}",
        mine.display()
    );
    d.click(&mut s, "Death Match")?;
    assert!(sees(&s, "Board 5×3"), "building shows the empty board");
    d.click(&mut s, "Submit the editor's lock")?;
    assert!(
        s.death_match().status().contains("your lock is accepted"),
        "{}",
        s.death_match().status()
    );
    bob_builds_and_solving_begins(&d, &mut s, &bob, id);
    assert_eq!(
        s.death_match().status(),
        "",
        "building's words stay in building"
    );
    // The board and the lock to pick are drawn as the editor draws them, not as text.
    assert!(sees(&s, "BOB's lock:"));
    // The lock shows the board: the empty board is no longer drawn above it, where it pushed
    // the moves and their buttons below the window's foot.
    assert!(
        !sees(&s, "Board 5×3"),
        "the empty board gives way to the lock"
    );
    assert!(s.death_match().pictured(), "both are drawn");
    let shown = s
        .death_match()
        .shown()
        .and_then(|v| v.opponent_lock.clone())
        .expect("the lock to pick");
    assert!(!sees(&s, shown.trim_end()), "the lock is not shown as text");
    // In the dark theme they are drawn again in its colours (they were a white page in a dark
    // window).
    d.click(&mut s, "Theme")?;
    assert!(s.death_match().is_dark());
    assert!(s.death_match().pictured(), "drawn again in the dark theme");
    d.click(&mut s, "Theme")?;
    assert!(!s.death_match().is_dark());

    // Solving: the lock to pick opens in the editor, whose solver is off for it.
    d.click(&mut s, "Open the lock to pick")?;
    let editor = s
        .document()
        .editor::<studio::screen::sliding::editor::Editor>()
        .expect("a sliding lock");
    assert!(
        editor
            .path()
            .is_some_and(|p| p.to_string_lossy().ends_with("-to-pick.slide")),
        "{:?}",
        editor.path()
    );
    assert_eq!(editor.solver_forbidden(), Some(SOLVER_OFF));
    assert!(
        !editor.is_solving(),
        "the solver does not run on the opponent's lock"
    );
    d.click(&mut s, "Death Match")?;
    d.type_into(&mut s, MOVES_ID, "Key R2")?;
    d.click(&mut s, "Submit moves")?;
    assert!(
        s.death_match()
            .status()
            .contains("solution 1 accepted: 1 move at"),
        "{}",
        s.death_match().status()
    );
    let sheet = s
        .death_match()
        .shown()
        .and_then(|v| v.your_sheet.clone())
        .expect("my sheet");
    assert_eq!(sheet.solutions.len(), 1);
    // A pick is no impossible call: the rules would refuse one now, so none is offered.
    assert!(!sees(&s, "Declare impossible"));
    assert!(sees(&s, "Submit moves"), "more solutions may follow");
    let t = sheet.solutions[0].time / 1000;
    assert!(sees(
        &s,
        &format!("Solution 1: 1 move at {}:{:02} — Key R2", t / 60, t % 60)
    ));
    // Back in the lobby, the match still runs: the solver stays off for that lock.
    d.click(&mut s, "Lobby")?;
    assert!(s.death_match().shown().is_none());
    assert_eq!(
        s.document()
            .editor::<studio::screen::sliding::editor::Editor>()
            .and_then(|e| e.solver_forbidden()),
        Some(SOLVER_OFF)
    );
    d.rt.block_on(running.stop()).expect("stop");
    Ok(())
}

#[test]
fn the_practice_bot_joins_the_studios_own_server_once_and_challenges_the_player() {
    let d = Driver::new();
    let (running, _data) = server(&d, 1.0);
    let url = running.url();
    let mut me = Client::new(&url);
    d.rt.block_on(me.register("ME1", "pass-word"))
        .expect("register");
    let home = tempfile::tempdir().expect("home");
    let (_, first) =
        d.rt.block_on(death_match::bot_challenge(&url, home.path(), "ME1", 1))
            .expect("the bot registers and challenges");
    // Again later: the bot logs in with the password it kept, and challenges anew.
    let (_, second) =
        d.rt.block_on(death_match::bot_challenge(&url, home.path(), "ME1", 1))
            .expect("the bot logs in again");
    assert_ne!(first, second);
    let list = d.rt.block_on(me.matches()).expect("my matches");
    assert!(
        list.iter()
            .all(|m| m.challenger == death_match::BOT && m.challenged == "ME1")
    );
    assert_eq!(list.len(), 2);
    d.rt.block_on(running.stop()).expect("stop");
}

/// In a match at the players' pace, each phase offers the button that says I am done; once
/// pressed the screen says the phase waits on the opponent, and it ends the moment they are
/// done too. At real time, where the clock alone would take 90 s and 420 s.
#[test]
fn at_the_players_pace_the_studio_offers_done_and_a_phase_ends_once_both_are() -> Result<(), Error>
{
    let Table {
        d,
        running,
        url,
        mut s,
        _dirs,
    } = table_at(1.0)?;
    let mut bob = Client::new(&url);
    d.rt.block_on(bob.register("BOB", "pass-word"))
        .expect("BOB");
    let rounds = ROUNDS.replace(r#"pieces = ["h2", "v2"]"#, "pieces = []");
    let id =
        d.rt.block_on(bob.challenge(&Challenge {
            opponent: "ANN".into(),
            rounds: Some(rounds),
            timing: Some(rules::death_match::Timing::EndWhenBothDone),
            ..Challenge::default()
        }))
        .expect("challenge")
        .id;
    d.click(&mut s, "Death Match")?;
    assert!(sees(
        &s,
        &format!("#{id}  BOB v ANN  challenged  at the players' pace")
    ));
    d.click(&mut s, "Accept")?;
    d.click(&mut s, "Ready to draft")?;
    assert!(sees(&s, "You are done: the phase ends as soon as BOB is."));
    assert!(
        matches!(
            s.death_match().shown().and_then(|v| v.phase.as_ref()),
            Some(Phase::Assess { .. })
        ),
        "one player done is not enough"
    );
    d.rt.block_on(bob.act(id, &Action::Done))
        .expect("BOB is done");
    // Nothing on offer: the draft ends as it begins, and building begins.
    until(&d, &mut s, "building", |v| {
        matches!(v.phase, Some(Phase::Build(_)))
    });
    assert!(
        !sees(&s, "My lock is final: done building"),
        "done building needs a lock in"
    );
    d.click(&mut s, "Open my lock in the editor")?;
    d.click(&mut s, "Death Match")?;
    d.click(&mut s, "Submit the editor's lock")?;
    d.click(&mut s, "My lock is final: done building")?;
    assert!(sees(&s, "You are done: the phase ends as soon as BOB is."));
    d.rt.block_on(bob.act(id, &Action::SubmitLock(bob_lock())))
        .expect("BOB's lock");
    d.send(&mut s, Message::DeathMatch(death_match::Message::Refresh));
    assert!(
        matches!(
            s.death_match().shown().and_then(|v| v.phase.as_ref()),
            Some(Phase::Build(_))
        ),
        "BOB's lock is in but not final: building goes on"
    );
    d.rt.block_on(bob.act(id, &Action::Done))
        .expect("BOB is done");
    until(&d, &mut s, "solving", |v| {
        matches!(v.phase, Some(Phase::Solve { .. }))
    });
    let v = s.death_match().shown().expect("the match");
    assert!(v.now_ms < 90_000, "no phase ran its time: {} ms", v.now_ms);
    assert!(sees(&s, "My answer is in: done solving"));
    d.rt.block_on(running.stop()).expect("stop");
    Ok(())
}

/// Clicks `label` on the Death Match screen alone, and runs what follows.
fn click_screen(
    d: &Driver,
    screen: &mut death_match::DeathMatch,
    label: &str,
) -> Result<(), Error> {
    let messages: Vec<death_match::Message> = {
        let mut ui = iced_test::simulator(screen.view());
        let _ = ui.click(label)?;
        ui.into_messages().collect()
    };
    for m in messages {
        let task = screen.update(m).0;
        studio::testing::settle(&d.rt, screen, task, |s, m| s.update(m).0);
    }
    Ok(())
}

/// The practice screen offers the speed before the bot; the speed chosen goes with the bot's
/// challenge, at the players' pace, and the server keeps it with the match.
#[test]
fn the_practice_screen_offers_a_speed_and_the_bots_challenge_carries_it() -> Result<(), Error> {
    let d = Driver::new();
    let (running, _data) = server(&d, 1.0);
    let url = running.url();
    let mut me = Client::new(&url);
    d.rt.block_on(me.register("ME1", "pass-word"))
        .expect("register");
    let token = me.token().expect("logged in").to_string();
    let home = tempfile::tempdir().expect("home");
    let folder = tempfile::tempdir().expect("folder");
    let mut screen = death_match::DeathMatch::default();
    let task = screen.connect(
        Some((&url, &token)),
        Some("ME1"),
        folder.path().to_path_buf(),
        Some(home.path().to_path_buf()),
    );
    studio::testing::settle(&d.rt, &mut screen, task, |s, m| s.update(m).0);
    {
        let mut ui = iced_test::simulator(screen.view());
        for speed in death_match::SPEEDS {
            let _ = ui.find(format!("{speed}×").as_str())?;
        }
        let _ = ui.find(
            "Practice matches run at real time, and each phase ends as soon as you and the bot \
             are done.",
        )?;
    }
    click_screen(&d, &mut screen, "5×")?;
    assert_eq!(screen.practice_speed(), 5);
    {
        let mut ui = iced_test::simulator(screen.view());
        let _ = ui.find(
            "Practice matches run at 5× real time, and each phase ends as soon as you and the \
             bot are done.",
        )?;
    }
    // The player reads the bot's challenge from another window and declines it: the bot
    // stops, and the screen's work settles.
    let answer = {
        let (url, token) = (url.clone(), token.clone());
        std::thread::spawn(move || {
            let rt = studio::testing::runtime();
            rt.block_on(async move {
                let me = Client::new(&url).with_token(token);
                for _ in 0..1000 {
                    let list = me.matches().await.expect("my matches");
                    if let Some(m) = list.iter().find(|m| {
                        m.challenger == death_match::BOT && m.status == Status::Challenged
                    }) {
                        me.decline(m.id).await.expect("decline");
                        return Some(m.terms);
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                None
            })
        })
    };
    click_screen(&d, &mut screen, "an easy bot")?;
    let terms = answer.join().expect("the player's window");
    assert_eq!(
        terms,
        Some(Terms {
            speed: 5,
            timing: rules::death_match::Timing::EndWhenBothDone,
        }),
        "the challenge carries the speed chosen, at the players' pace"
    );
    d.rt.block_on(running.stop()).expect("stop");
    Ok(())
}

/// Fifteen pieces on offer, as the generated rounds offer: more buttons than one line holds.
const MANY_PIECES: &str = r#"
[[round]]
board = """
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
"""
pieces = ["v4", "h3", "v2", "h3", "v2", "axis", "h4", "h3", "h4", "v3", "v4", "h4", "v3", "v2", "h2"]
"#;

#[test]
fn every_offered_piece_can_be_drafted_and_the_lobbys_words_stay_in_the_lobby() -> Result<(), Error>
{
    let Table {
        d,
        running,
        url,
        mut s,
        _dirs,
    } = table()?;
    let _bob = bob_challenges(&d, &url, MANY_PIECES);
    d.click(&mut s, "Death Match")?;
    // A challenge without a name is refused in the lobby; the words stay there.
    d.click(&mut s, "Challenge")?;
    assert!(s.death_match().status().contains("name the player"));
    d.click(&mut s, "Accept")?;
    assert_eq!(
        s.death_match().status(),
        "",
        "the lobby's words followed the match"
    );
    d.click(&mut s, "Draft first")?;
    until(&d, &mut s, "the draft", |v| {
        matches!(v.phase, Some(Phase::Draft(_)))
    });
    // Every piece offered is drawn; the turn's buttons show whole in the smallest window, above
    // fifteen pictures (below them, they were past the window's foot).
    assert!(s.death_match().pictured());
    assert!(common::shown_whole(
        &s,
        studio::app::SMALLEST_WINDOW,
        "Stop drafting"
    ));
    // The last button of fifteen is on the page (a single row pushed it off the right edge).
    d.click(&mut s, "Draft 15: h2")?;
    // The drafted pieces are drawn over their notation; BOB has none yet.
    assert!(sees(&s, "Drafted — you:"));
    assert!(sees(&s, "h2") && sees(&s, "BOB:") && sees(&s, "none"));
    assert!(s.death_match().pictured());
    // The studio says what the action did, naming the players as they are called.
    assert_eq!(
        s.death_match().status(),
        "ANN drafts piece 15: a horizontal 2×1 piece"
    );
    d.rt.block_on(running.stop()).expect("stop");
    Ok(())
}

#[test]
fn logged_out_the_lobby_says_once_how_to_log_in_and_leads_there() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(
        home.path(),
        Settings {
            server: settings::ServerChoice::Remote,
            server_url: Some("http://127.0.0.1:9".into()),
            ..Settings::default()
        },
    );
    d.click(&mut s, "Death Match")?;
    assert!(sees(
        &s,
        "Log in on the Online screen to challenge players and play matches."
    ));
    // The status line under it said the same again in other words.
    assert_eq!(s.death_match().status(), "");
    assert!(!sees(&s, OWN_SERVER), "a remote server is no one's own");
    d.click(&mut s, "Go to Online")?;
    assert!(matches!(s.screen(), Screen::Online));
    Ok(())
}

const OWN_SERVER: &str = "This is the studio's own server: a codename registered there stays on this computer, and once you are logged in a bot is here to practise against.";

/// Logged out on the studio's own server, the lobby says that a codename made there is for
/// this computer alone and that a bot waits to practise against.
#[test]
fn logged_out_on_the_studios_own_server_the_lobby_offers_practice_after_a_login()
-> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    d.click(&mut s, "Death Match")?;
    assert!(sees(&s, OWN_SERVER));
    Ok(())
}

#[test]
fn the_practice_bot_takes_up_its_match_again_when_the_studio_starts_again() {
    let d = Driver::new();
    let (running, _data) = server(&d, 2000.0);
    let url = running.url();
    let mut me = Client::new(&url);
    d.rt.block_on(me.register("ME1", "pass-word"))
        .expect("register");
    // A match the bot challenged before the studio closed: no bot plays it now.
    let home = tempfile::tempdir().expect("home");
    let (_, id) =
        d.rt.block_on(death_match::bot_challenge(&url, home.path(), "ME1", 1))
            .expect("the bot challenges");
    d.rt.block_on(me.accept(id)).expect("accept");
    d.rt.block_on(me.act(id, &Action::ChooseDraftOrder(DraftOrder::Second)))
        .expect("the bot drafts first");

    // The screen as the studio starts it again on its own server. The player never acts: a
    // bot that plays wins on the clock; one that does not would lose on its own.
    let mut screen = death_match::DeathMatch::default();
    let folder = tempfile::tempdir().expect("folder");
    let token = me.token().expect("logged in").to_string();
    let task = screen.connect(
        Some((&url, &token)),
        Some("ME1"),
        folder.path().to_path_buf(),
        Some(home.path().to_path_buf()),
    );
    studio::testing::settle(&d.rt, &mut screen, task, |s, m| s.update(m).0);
    let v = d.rt.block_on(me.death_match(id)).expect("the match");
    assert_eq!(v.status, Status::Over);
    assert_eq!(
        v.winner.map(|w| w.player),
        Some(Player::Challenger),
        "the bot played and won"
    );
    assert!(!v.drafted.challenger.is_empty(), "the bot drafted");
    d.rt.block_on(running.stop()).expect("stop");
}

/// Regression: after an impossible call, its button and the moves' stayed offered, and each press
/// was refused by the rules ("you declared this lock impossible: that is your final answer").
#[test]
fn an_impossible_call_is_final_and_nothing_the_rules_refuse_is_offered_after_it()
-> Result<(), Error> {
    let Table {
        d,
        running,
        url,
        mut s,
        _dirs,
    } = table()?;
    // Nothing on offer: the round goes straight to building, with the Key and the Keyhole alone.
    let rounds = ROUNDS.replace(r#"pieces = ["h2", "v2"]"#, "pieces = []");
    let (bob, id) = bob_challenges(&d, &url, &rounds);
    d.click(&mut s, "Death Match")?;
    d.click(&mut s, "Accept")?;
    until(&d, &mut s, "building", |v| {
        matches!(v.phase, Some(Phase::Build(_)))
    });
    d.click(&mut s, "Open my lock in the editor")?;
    d.click(&mut s, "Death Match")?;
    d.click(&mut s, "Submit the editor's lock")?;
    bob_builds_and_solving_begins(&d, &mut s, &bob, id);
    assert!(sees(&s, "Declare impossible") && sees(&s, "Submit moves"));
    d.click(&mut s, "Declare impossible")?;
    assert!(
        s.death_match().status().contains("impossible"),
        "{}",
        s.death_match().status()
    );
    assert!(sees(&s, "You declared this lock impossible."));
    assert!(!sees(&s, "Declare impossible"), "a call is made once");
    assert!(!sees(&s, "Submit moves"), "no moves after the final answer");
    assert!(!sees(&s, "Submit my moves on the board"));
    assert!(
        sees(&s, "Open the lock to pick"),
        "the lock may still be looked at"
    );
    d.rt.block_on(running.stop()).expect("stop");
    Ok(())
}
