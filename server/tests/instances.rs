//! Several servers on one PostgreSQL database do not serve one world yet (docs/operating.md):
//! until they do, a second server on a database another one serves refuses to start, saying
//! why, and one started after the first stopped serves the world the first left.

mod support;

use server::client::Client;
use server::config::Config;
use server::server::Running;
use server::storage::Database;

fn config(dir: &std::path::Path, database: &Database) -> Config {
    Config {
        database: database.clone(),
        ..support::test_config(dir)
    }
}

#[tokio::test]
async fn a_second_server_on_one_postgres_database_refuses_to_start() {
    if let Some(why) = support::pg::skip() {
        eprintln!("skipped on PostgreSQL: {why}");
        return;
    }
    let database = Database::Postgres(support::pg::database());
    let (one, two) = (
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    );
    let first = Running::start(config(one.path(), &database))
        .await
        .expect("the first server");
    let mut ann = Client::new(&first.url());
    ann.register("ANN", "pass-word").await.expect("register");

    // Two data folders, so that only the database is shared.
    let refused = match Running::start(config(two.path(), &database)).await {
        Ok(_) => panic!("a second server started on a served database"),
        Err(e) => e.to_string(),
    };
    assert!(
        refused.contains("another lockwright-server serves the database"),
        "{refused}"
    );
    assert!(refused.contains("not supported yet"), "{refused}");
    assert_eq!(ann.me().await.expect("the first serves on").codename, "ANN");

    // Through the binary, as an operator would start it: exit 2 and the reason.
    let Database::Postgres(url) = &database else {
        unreachable!()
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lockwright-server"))
        .arg("--data")
        .arg(two.path().join("binary"))
        .args(["--bind", "127.0.0.1:0", "--database", url])
        .env_remove("LOCKWRIGHT_CONFIG")
        .output()
        .expect("run the server");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("another lockwright-server serves the database"),
        "{stderr}"
    );

    first.stop().await.expect("stop");
    let second = Running::start(config(two.path(), &database))
        .await
        .expect("once the first stopped, another starts");
    let token = ann.token().expect("token").to_string();
    let ann = Client::new(&second.url()).with_token(token);
    assert_eq!(
        ann.me()
            .await
            .expect("the world, ANN's token in it")
            .codename,
        "ANN"
    );
    second.stop().await.expect("stop");
}
