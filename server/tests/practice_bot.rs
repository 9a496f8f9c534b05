//! The practice bot plays Death Matches and nothing else: on the studio's own server it once
//! appeared in the Intricacy player list and gave the player access and score for nothing.
//! On SQLite and on PostgreSQL.

mod support;

use server::death_match_host::view::Challenge;
use support::{Backend, Locks, assert_refused};

/// Regression: the bot registered as any player does, so it was listed among the players,
/// had a score, and its three empty slots counted as accessed.
async fn a_death_match_only_account_never_appears_in_players_scores_or_accesses(backend: Backend) {
    let (srv, dir) = support::start_on(backend).await;
    let me = srv.player("YOU").await;
    let other = srv.player("OTH").await;
    let mut bot = srv.client();
    bot.register_death_match_only("BOT", "bot password")
        .await
        .expect("register the bot");
    let listed = |s: &server::protocol::Scores| s.scores.iter().any(|p| p.codename == "BOT");
    let scores = me.scores().await.expect("scores");
    assert!(!listed(&scores), "{scores:?}");
    assert!(!listed(&me.players().await.expect("players")));
    assert_eq!(scores.total, 0, "no score from an account with no slots");
    assert_refused(me.player("BOT").await, 404, "unknown-player");
    let with = other
        .player_with_accessors("YOU")
        .await
        .expect("view with accessors");
    assert!(
        with.slots
            .iter()
            .all(|s| !s.accessed_by.iter().flatten().any(|c| c == "BOT")),
        "{with:?}"
    );
    // The bot cannot take part in the metagame …
    let locks = Locks::load();
    assert!(
        bot.publish(1, &locks.spring, &locks.spring_solution)
            .await
            .is_err()
    );
    // … but plays Death Matches.
    let summary = bot
        .challenge(&Challenge {
            opponent: "YOU".into(),
            ..Challenge::default()
        })
        .await
        .expect("the bot challenges");
    me.accept(summary.id).await.expect("accept");
    // Still no one in the metagame after a restart.
    srv.running.stop().await.expect("stop");
    let database = srv.database;
    let running = server::server::Running::start(server::config::Config {
        database: database.clone(),
        ..support::test_config(dir.path())
    })
    .await
    .expect("restart");
    let again = support::Srv { running, database };
    let mut me = again.client();
    me.login("YOU", "pass-word").await.expect("login");
    assert!(!listed(&me.scores().await.expect("scores")));
}

/// A bot registered as a metagame player before accounts could say otherwise leaves the
/// metagame by the admin action, if it never played; a player who played cannot.
async fn a_bot_registered_earlier_leaves_the_metagame_by_the_admin_action(backend: Backend) {
    let (srv, dir) = support::start_on(backend).await;
    let me = srv.player("YOU").await;
    srv.player("BOT").await;
    let locks = Locks::load();
    me.publish(1, &locks.spring, &locks.spring_solution)
        .await
        .expect("publish");
    assert!(me.player("BOT").await.is_ok(), "listed before");
    let token = server::api::admin::read_admin_token(dir.path()).expect("admin token");
    let admin = srv.client().with_token(token);
    admin.admin("BOT", "leave-metagame").await.expect("leave");
    assert_refused(me.player("BOT").await, 404, "unknown-player");
    assert!(
        !me.scores()
            .await
            .expect("scores")
            .scores
            .iter()
            .any(|s| s.codename == "BOT")
    );
    assert_refused(
        admin.admin("YOU", "leave-metagame").await,
        409,
        "has-played",
    );
    // It stays out after a restart.
    srv.running.stop().await.expect("stop");
    let database = srv.database;
    let running = server::server::Running::start(server::config::Config {
        database: database.clone(),
        ..support::test_config(dir.path())
    })
    .await
    .expect("restart");
    let again = support::Srv { running, database };
    let mut me = again.client();
    me.login("YOU", "pass-word").await.expect("login");
    assert_refused(me.player("BOT").await, 404, "unknown-player");
}

on_both!(
    a_death_match_only_account_never_appears_in_players_scores_or_accesses,
    a_bot_registered_earlier_leaves_the_metagame_by_the_admin_action,
);
