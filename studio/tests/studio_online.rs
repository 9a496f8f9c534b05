//! The player's client in the studio against real servers on 127.0.0.1: the studio's own
//! embedded server, and servers started by the test. Every task the studio returns is run for
//! real, so each request reaches the server and each file is written.

mod common;

use common::online::*;
use common::{Driver, sees};
use iced::futures::StreamExt;
use iced_test::Error;
use studio::app::{Message, Origin, Screen, Studio};
use studio::online::live::Live;
use studio::screen::folder;
use studio::screen::hexlock::play::{self, Play};
use studio::screen::online;
use studio::settings::Settings;

#[test]
fn out_of_the_box_the_studio_runs_its_own_server_on_loopback() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    let url = s
        .online()
        .url()
        .map(String::from)
        .expect("the embedded server runs");
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(
        home.path().join("data/server").is_dir(),
        "its database lives in the data folder"
    );
    assert!(
        sees(&s, &s.online().summary()),
        "the side panel always says which server"
    );
    assert!(s.online().summary().contains("the embedded server"));
    register(&d, &mut s, "AAA")?;
    assert!(
        sees(&s, "Your slots"),
        "after registering, the player's own slots show"
    );
    assert!(sees(&s, "Publish «Ball Stop» here"), "the editor's lock");
    // With a puzzle of another family in the editor, the slot says what it takes.
    common::editing::put_and_open(
        &d,
        &mut s,
        "dot.non",
        "width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n",
    );
    d.click(&mut s, "Online")?;
    assert!(sees(&s, "Open a hex lock in the editor to publish it here"));
    Ok(())
}

/// Two studios, one server: AAA's embedded server, which BBB's studio names as its remote.
#[test]
fn register_publish_pick_declare_and_see_the_score_move() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;

    // AAA publishes the open lock, which has no saved solution: the solver finds one once
    // AAA agrees.
    let name = publish_open_lock(&d, &mut a)?;
    assert!(
        a.online().status().starts_with("published lock"),
        "{}",
        a.online().status()
    );
    let me = a.online().me().expect("AAA's slots");
    assert_eq!(
        me.slots[0].lock.as_ref().map(|l| l.name.as_str()),
        Some(name.as_str())
    );
    assert!(sees(&a, &format!("Slot 1: «{name}» (lock 1, size 4)")));

    // BBB publishes with the solution saved beside the lock.
    let gate = b.folder().path().join("pivot-gate.lock");
    std::fs::write(
        gate.with_extension("solution"),
        include_str!("../../templates/hexlock/starter/pivot-gate.solution"),
    )
    .expect("solution");
    d.send(&mut b, Message::Folder(folder::Message::Open(gate)));
    d.click(&mut b, "Online")?;
    d.click(&mut b, "Publish «Pivot Gate» here")?;
    assert!(
        b.online().status().starts_with("published lock 2"),
        "{}",
        b.online().status()
    );
    d.send(&mut b, Message::Online(online::Message::Refresh));
    let before = total(&b);

    // BBB picks AAA's lock: it opens in play mode.
    d.click(&mut b, "AAA · score 0")?;
    assert!(sees(&b, "AAA's slots"));
    d.click(&mut b, "Pick")?;
    assert!(
        matches!(b.screen(), Screen::Play(_, Origin::Picked(_))),
        "the picked lock is in play"
    );
    // The solver is off for another player's lock: picking it is the game.
    assert!(sees(
        &b,
        "off for AAA's lock: picking it is the game (your own locks and files keep it)"
    ));
    assert!(!sees(&b, "Solve"), "no Solve button on AAA's lock");
    d.send(&mut b, Message::Play(play::Message::Solve));
    assert!(
        playing(&b).is_some_and(|p| p.solver().is_none() && p.solver_off().is_some()),
        "a Solve sent anyway (its key) starts nothing"
    );
    let solution = lockfmt::hexlock::parse_solution(include_str!(
        "../../templates/hexlock/starter/ball-stop.solution"
    ))
    .expect("solution");
    for &mv in &solution.moves {
        d.send(&mut b, Message::Play(play::Message::Move(mv)));
    }
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));

    // Opened: the declaration is offered, with the reason each slot cannot hold the note.
    assert!(sees(&b, "You opened AAA's «Ball Stop» in 1 move."));
    assert!(sees(&b, "slot 2 is empty"));
    d.click(&mut b, "slot 1: «Pivot Gate»")?;
    assert!(
        b.online().status().starts_with("declared"),
        "{}",
        b.online().status()
    );
    assert!(b.online().declaring().is_none());
    assert_eq!(
        total(&b),
        before + 3,
        "BBB accesses AAA's slot 1, then the two empty ones"
    );
    d.click(&mut b, "Back to online")?;
    assert!(sees(&b, "AAA · score +3"));

    // AAA sees the note on the lock, by BBB, behind BBB's slot 1, but has not read it.
    d.send(&mut a, Message::Online(online::Message::Refresh));
    assert_eq!(total(&a), -3);
    assert!(sees(&a, "note 1 by BBB, behind BBB:1 · not read"));
    // BBB has read the note: it is playable on the canvas.
    assert!(sees(&b, "Notes you have read"));
    assert!(sees(&b, "BBB's note on AAA:1 «Ball Stop»"));
    let moves = lockfmt::hexlock::format_moves(&solution.moves);
    assert!(sees(&b, &moves), "the note's solution is shown: {moves}");
    d.click(&mut b, "Play")?;
    assert!(matches!(b.screen(), Screen::Play(_, Origin::Note)));
    let p = playing(&b).expect("playing the note");
    assert_eq!(p.at(), 0, "the note starts at the beginning");
    assert_eq!(
        p.session().all_moves().len(),
        1,
        "with its moves ready to redo"
    );
    d.send(&mut b, Message::Play(play::Message::Redo));
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));

    // AAA's own lock, played from the server, keeps the solver: only picking another
    // player's lock is the game.
    let slot = a.online().me().expect("AAA's slots").slots[0]
        .lock
        .clone()
        .expect("AAA's lock");
    let text = common::starter("ball-stop.lock");
    let own = server::protocol::LockView {
        id: slot.id,
        owner: "AAA".into(),
        slot: 1,
        name: slot.name.clone(),
        size: slot.size,
        retired: false,
        public: slot.public,
        accessed: true,
        notes: Vec::new(),
        text: text.clone(),
    };
    let lock = lockfmt::hexlock::parse(&text)
        .valid_lock()
        .cloned()
        .expect("a lock");
    d.send(
        &mut a,
        Message::ServerLockRead(Box::new(own), None, Some(Box::new(lock))),
    );
    assert!(
        playing(&a).is_some_and(|p| p.solver_off().is_none()),
        "the author's own lock"
    );
    assert!(sees(&a, "Solve"), "Solve is offered on AAA's own lock");
    Ok(())
}

#[test]
fn retiring_asks_first_and_an_empty_or_public_slot_cannot_hold_a_note() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut a = d.studio_at(home.path(), Settings::default());
    register(&d, &mut a, "CCC")?;
    assert_eq!(
        a.online().holders()[0].1,
        Err("slot 1 is empty".to_string()),
        "nothing to secure a note behind yet"
    );
    d.click(&mut a, "Publish «Ball Stop» here")?;
    d.click(&mut a, "Solve and publish")?;
    assert!(a.online().holders()[0].1.is_ok());
    d.click(&mut a, "Retire")?;
    assert!(
        a.online().me().is_some_and(|m| m.slots[0].lock.is_some()),
        "nothing is retired before the player confirms"
    );
    assert!(sees(
        &a,
        "Retire the lock in slot 1? The notes behind it become public."
    ));
    d.send(
        &mut a,
        Message::Online(online::Message::ConfirmRetire(true)),
    );
    assert!(
        a.online().status().starts_with("retired lock 1"),
        "{}",
        a.online().status()
    );
    assert!(a.online().me().is_some_and(|m| m.slots[0].lock.is_none()));
    Ok(())
}

#[test]
fn live_events_from_the_server_update_the_screen() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;

    // The studio follows the events while it is online and logged in.
    let (live_url, token) = a.online().live().expect("AAA follows the events");
    let mut events = Box::pin(studio::online::live::stream(live_url, token));
    assert_eq!(d.rt.block_on(events.next()), Some(Live::Connected));

    d.click(&mut b, "Publish «Ball Stop» here")?;
    d.click(&mut b, "Solve and publish")?;
    let listed = |a: &Studio| {
        a.online()
            .cache()
            .scores
            .as_ref()
            .and_then(|s| s.scores.iter().find(|p| p.codename == "BBB"))
            .map(|p| p.locks)
    };
    assert_eq!(listed(&a), None, "AAA has not heard of BBB yet");

    // The event arrives on its own, and AAA's screen shows BBB's new lock without a click.
    let event = loop {
        let next = d.rt.block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(10), events.next()).await
        });
        match next {
            Ok(Some(Live::Event(e @ server::events::Event::Placed { .. }))) => break e,
            Ok(Some(_)) => continue,
            other => panic!("no placed event: {other:?}"),
        }
    };
    d.send(
        &mut a,
        Message::Online(online::Message::Live(Live::Event(event))),
    );
    assert_eq!(listed(&a), Some(1), "the placed lock is counted");
    // AAA has no locks, so BBB accesses all three of AAA's slots.
    assert!(sees(&a, "BBB · score -3"));
    Ok(())
}

/// Another player's lock being picked is taken up where it was left, as a file's game is; left
/// open before the declaration, the declaration is offered again.
#[test]
fn a_picked_lock_is_taken_up_where_it_was_left() -> Result<(), Error> {
    let d = Driver::new();
    let (mut a, mut b, _homes) = two_players(&d)?;
    publish_open_lock(&d, &mut a)?;
    d.send(&mut b, Message::Online(online::Message::Refresh));
    // One lock, in the singular (it said "1 locks").
    assert!(sees(&b, "1 lock; you access 0, they access 3 of yours"));
    let pick = |d: &Driver, b: &mut Studio| -> Result<(), Error> {
        d.send(
            b,
            Message::Online(online::Message::SelectPlayer("AAA".into())),
        );
        d.click(b, "Pick")?;
        assert!(matches!(b.screen(), Screen::Play(_, Origin::Picked(_))));
        Ok(())
    };
    pick(&d, &mut b)?;
    d.click(&mut b, "Wait")?;
    d.send(&mut b, Message::Play(play::Message::Back));
    assert!(sees(&b, "in progress"), "the slot says it");
    pick(&d, &mut b)?;
    assert_eq!(playing(&b).map(Play::at), Some(1), "taken up at its move");
    assert!(sees(
        &b,
        "taken up where you left it: 1 move. Restart starts again"
    ));
    // Opened, then left before declaring: back on it, the declaration waits again.
    d.click(&mut b, "Restart")?;
    let solution = lockfmt::hexlock::parse_solution(include_str!(
        "../../templates/hexlock/starter/ball-stop.solution"
    ))
    .expect("solution");
    for &mv in &solution.moves {
        d.send(&mut b, Message::Play(play::Message::Move(mv)));
    }
    assert!(b.online().declaring().is_some());
    d.send(&mut b, Message::Play(play::Message::Back));
    assert!(b.online().declaring().is_none(), "withdrawn on leaving");
    assert!(sees(&b, "✓ opened"));
    pick(&d, &mut b)?;
    assert!(playing(&b).is_some_and(|p| p.session().is_open()));
    assert!(b.online().declaring().is_some(), "offered again");
    assert!(sees(&b, "You opened AAA's «Ball Stop» in 1 move."));
    Ok(())
}

/// Regression: a long lock name pushed the online screen's buttons out of the window: the
/// publish prompt's "Solve and publish" had no room left at all, and a slot's Retire was cut
/// to "Re". The prompt's question wraps in the room the buttons leave, and a slot's buttons
/// go to the next line.
#[test]
fn a_long_lock_name_never_pushes_the_online_buttons_out_of_the_window() -> Result<(), Error> {
    let d = Driver::new();
    let home = tempfile::tempdir().expect("home");
    let mut s = d.studio_at(home.path(), Settings::default());
    let name = "The Very Long Name of a Lock With Springs";
    let text =
        common::starter("ball-stop.lock").replace("name: Ball Stop", &format!("name: {name}"));
    common::editing::put_and_open(&d, &mut s, "long.lock", &text);
    register(&d, &mut s, "AAA")?;
    d.click(&mut s, &format!("Publish «{name}» here"))?;
    d.click(&mut s, "Solve and publish")?;
    assert!(
        s.online().status().starts_with("published lock 1"),
        "{}",
        s.online().status()
    );
    d.click(&mut s, "Retire")?;
    assert!(sees(
        &s,
        "Retire the lock in slot 1? The notes behind it become public."
    ));
    Ok(())
}
