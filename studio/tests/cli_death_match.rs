//! `lockwright match`: the player's verbs against a real server on 127.0.0.1, and a whole
//! match between two bots on a server inside the command.

use server::server::Running;
use std::path::Path;
use std::process::{Command, Output};

/// Two tiny rounds, so that bots build and pick quickly.
const ROUNDS: &str = r#"
[[round]]
board = """
. . . . .
. # . . .
. . . . .
"""
pieces = ["h2", "v2"]
"#;

fn lockwright(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env_remove("LOCKWRIGHT_PASSWORD")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[track_caller]
fn ok(out: Output) -> String {
    let (o, e) = text(&out);
    assert!(out.status.success(), "stdout: {o}\nstderr: {e}");
    o
}

/// A server on 127.0.0.1 with a data folder of its own; its matches run `match_speed` times
/// faster than the seed's when given.
struct Served {
    runtime: tokio::runtime::Runtime,
    running: Running,
    url: String,
    _data: tempfile::TempDir,
}

impl Served {
    fn start(match_speed: Option<f64>) -> Served {
        let runtime = server::testing::runtime();
        let data = tempfile::tempdir().expect("dir");
        let mut config = server::testing::config(data.path());
        if let Some(speed) = match_speed {
            config.match_speed = speed;
        }
        let running = runtime.block_on(Running::start(config)).expect("server");
        let url = running.url();
        Served {
            runtime,
            running,
            url,
            _data: data,
        }
    }

    fn stop(self) {
        self.runtime.block_on(self.running.stop()).expect("stop");
    }
}

/// ANA and BEN registered from `home`, and the rounds file they challenge with.
fn two_players(home: &Path, url: &str) -> std::path::PathBuf {
    for name in ["ANA", "BEN"] {
        ok(lockwright(
            home,
            &["register", name, "--password", "pw", "--server", url],
        ));
    }
    let rounds = home.join("rounds.toml");
    std::fs::write(&rounds, ROUNDS).expect("write");
    rounds
}

#[test]
fn two_bots_play_a_whole_match_and_the_table_and_winner_are_printed() {
    let home = tempfile::tempdir().expect("dir");
    let rounds = home.path().join("rounds.toml");
    std::fs::write(&rounds, ROUNDS).expect("write");
    let out = ok(lockwright(
        home.path(),
        &[
            "match",
            "--bot",
            "--bot",
            "--speed",
            "1500",
            "--rounds",
            rounds.to_str().expect("utf-8"),
        ],
    ));
    assert!(out.contains("round     BT1     BT2  score"), "{out}");
    assert!(out.contains("Winner: BT"), "{out}");
    assert!(out.contains("round 1 is over"), "{out}");
    // The players are named as they are called, not by their roles.
    assert!(out.contains("the match is over: BT"), "{out}");
    assert!(!out.contains("Challenge"), "{out}");
}

#[test]
fn a_player_challenges_accepts_drafts_builds_and_reads_the_match() {
    let served = Served::start(Some(100.0));
    let url = served.url.clone();
    let home = tempfile::tempdir().expect("dir");
    let h = home.path();
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--server", &url]);
        lockwright(h, &all)
    };
    let rounds = two_players(h, &url);
    let out = ok(run(&[
        "match",
        "challenge",
        "BEN",
        "--rounds",
        rounds.to_str().expect("utf-8"),
        "--as",
        "ANA",
    ]));
    assert!(out.contains("Match 1: ANA challenges BEN"), "{out}");
    let listed = ok(run(&["match", "list", "--as", "BEN"]));
    assert!(listed.contains("challenged"), "{listed}");
    // Only BEN accepts; ANA is told why, exit 1.
    let refused = run(&["match", "accept", "1", "--as", "ANA"]);
    let (_, err) = text(&refused);
    assert_eq!(refused.status.code(), Some(1));
    assert!(err.contains("only the challenged player"), "{err}");
    ok(run(&["match", "accept", "1", "--as", "BEN"]));
    ok(run(&["match", "order", "1", "second", "--as", "BEN"]));
    let shown = ok(run(&["match", "show", "1", "--json", "--as", "ANA"]));
    let view: serde_json::Value = serde_json::from_str(&shown).expect("json");
    assert_eq!(view["first_drafter"], "challenger");
    assert_eq!(view["setup"]["offered"][0]["shape"], "h2");
    // In words, the offer's notation is explained under it.
    let shown = ok(run(&["match", "show", "1", "--as", "ANA"]));
    assert!(shown.contains("offered: 1=h2"), "{shown}");
    // The board is drawn as a lock file draws it: without it, its dark cells went unsaid.
    assert!(
        shown.contains("  3 . . . . .\n  2 . * . . .\n  1 . . . . .\n    A B C D E"),
        "{shown}"
    );
    assert!(
        shown.contains("(h3: a horizontal piece 3 cells long, sliding left and right;"),
        "{shown}"
    );
    // The assessment lasts 90 s, 0.9 s at ×100: then ANA drafts.
    let mut drafted = None;
    for _ in 0..100 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let out = run(&["match", "draft", "1", "1", "--as", "ANA"]);
        if out.status.success() {
            drafted = Some(text(&out).0);
            break;
        }
    }
    let drafted = drafted.expect("ANA drafts once the assessment is over");
    assert!(drafted.contains("ANA drafts piece 1"), "{drafted}");
    // The offer is the whole of it: what is left, and whose pick, were unsaid.
    let shown = ok(run(&["match", "show", "1", "--as", "BEN"]));
    assert!(
        shown.contains("Left to draft: 2=v2\nBEN to draft"),
        "{shown}"
    );
    // A lock to build on, as the studio's "Open my lock" writes it: the command line had none.
    let wrote = ok(run(&["match", "my-lock", "1", "--as", "ANA"]));
    assert!(
        wrote.contains("match-1-round-1-my-lock.slide: the round's board with the Key, the Keyhole and your 1 drafted piece"),
        "{wrote}"
    );
    let mine = h.join("match-1-round-1-my-lock.slide");
    let parsed = lockfmt::sliding::parse(&std::fs::read_to_string(&mine).expect("written"));
    let lock = parsed.document.expect("a lock").lock;
    assert!(lock.is_legal(), "laid out so that it is legal");
    assert_eq!(lock.pieces.len(), 3, "the Key, the Keyhole and the h2");
    let json = ok(run(&[
        "match",
        "my-lock",
        "1",
        "-o",
        "other.slide",
        "--json",
        "--as",
        "ANA",
    ]));
    let said: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(said["path"], "other.slide");
    assert_eq!(said["submitted"], false);
    let again = run(&["match", "my-lock", "1", "--as", "ANA"]);
    assert!(
        !again.status.success() && text(&again).1.contains("already exists"),
        "{:?}",
        text(&again)
    );
    // Solutions are numbered from 1, as the sentences number them.
    let out = run(&["match", "choose", "1", "0", "--as", "ANA"]);
    assert!(
        !out.status.success() && text(&out).1.contains("0 is not in 1.."),
        "{:?}",
        text(&out)
    );
    // A lock file that does not read is refused before it is sent, with its place.
    let bad = h.join("bad.slide");
    std::fs::write(&bad, "this is not a lock\n").expect("write");
    let out = run(&[
        "match",
        "lock",
        "1",
        bad.to_str().expect("utf-8"),
        "--as",
        "ANA",
    ]);
    let (_, err) = text(&out);
    assert!(!out.status.success() && err.contains("line 1"), "{err}");
    // Before solving there is no lock to pick, and it is said so.
    let early = run(&["match", "to-pick", "1", "--as", "ANA"]);
    assert!(
        !early.status.success() && text(&early).1.contains("no lock to pick yet"),
        "{:?}",
        text(&early)
    );
    // BEN drafts the last piece, both submit the locks `my-lock` lays out, and ANA writes the
    // lock to pick as the studio's "Open the lock to pick" does.
    ok(run(&["match", "draft", "1", "2", "--as", "BEN"]));
    let mine = mine.to_str().expect("utf-8");
    ok(run(&["match", "lock", "1", mine, "--as", "ANA"]));
    ok(run(&[
        "match",
        "my-lock",
        "1",
        "-o",
        "ben.slide",
        "--as",
        "BEN",
    ]));
    ok(run(&["match", "lock", "1", "ben.slide", "--as", "BEN"]));
    // Solving begins with the host's next tick once both locks are in.
    let mut wrote = None;
    for _ in 0..100 {
        let out = run(&["match", "to-pick", "1", "--as", "ANA"]);
        if out.status.success() {
            wrote = Some(text(&out).0);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let wrote = wrote.expect("the lock to pick once solving begins");
    assert!(
        wrote.starts_with("match-1-round-1-to-pick.slide: the lock to pick."),
        "{wrote}"
    );
    let read = |name: &str| {
        let text = std::fs::read_to_string(h.join(name)).expect("written");
        lockfmt::sliding::parse(&text)
            .document
            .expect("a lock")
            .lock
    };
    assert_eq!(read("match-1-round-1-to-pick.slide"), read("ben.slide"));
    served.stop();
}

/// `match --bot` hosted a match against the bot and, once it was over, stopped its server at
/// once, saying nothing when no round had ended: the player's `show` in the other terminal
/// found no server, though the banner said Ctrl-C stops it.
#[test]
fn a_practice_match_over_says_who_won_and_its_server_stays_for_the_player() {
    use std::io::BufRead;
    use std::process::Stdio;
    let home = tempfile::tempdir().expect("dir");
    let h = home.path();
    let mut host = Command::new(env!("CARGO_BIN_EXE_lockwright"))
        .args(["match", "--bot", "--speed", "2000", "--think", "0"])
        .args(["--bind", "127.0.0.1:0"])
        .current_dir(h)
        .env("HOME", h)
        .env("XDG_CONFIG_HOME", h.join(".config"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let (said, lines) = std::sync::mpsc::channel();
    let stdout = host.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if said.send(line).is_err() {
                break;
            }
        }
    });
    let next = || {
        lines
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the host says more")
    };
    let banner = next();
    let url = banner
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("the banner names the server")
        .to_string();
    ok(lockwright(h, &["match", "accept", "1", "--server", &url]));
    // YOU makes no move: the clocks run out and the bot wins before a round ends.
    let mut heard = Vec::new();
    while !heard
        .iter()
        .any(|l: &String| l.starts_with("The match is over"))
    {
        heard.push(next());
    }
    assert!(
        heard.iter().any(|l| l.starts_with("Winner: BOT")),
        "{heard:?}"
    );
    let shown = ok(lockwright(h, &["match", "show", "1", "--server", &url]));
    assert!(shown.contains("Winner: BOT"), "{shown}");
    host.kill().expect("stopped");
    let _ = host.wait();
}

/// `match challenge --speed 5 --at-pace` carries the terms (the opponent reads them in the
/// list), and `match done` from each player ends the assessment at once, not before both.
#[test]
fn a_match_challenged_at_pace_ends_a_phase_when_both_players_say_done() {
    let served = Served::start(None);
    let url = served.url.clone();
    let home = tempfile::tempdir().expect("dir");
    let h = home.path();
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--server", &url]);
        lockwright(h, &all)
    };
    let rounds = two_players(h, &url);
    let rounds = rounds.to_str().expect("utf-8");
    let args = [
        "match",
        "challenge",
        "BEN",
        "--rounds",
        rounds,
        "--as",
        "ANA",
    ];
    let too_fast = run(&[&args[..], &["--speed", "500"]].concat());
    assert_eq!(too_fast.status.code(), Some(1));
    assert!(
        text(&too_fast).1.contains("1 to 100"),
        "{:?}",
        text(&too_fast)
    );
    ok(run(&[&args[..], &["--speed", "5", "--at-pace"]].concat()));
    let listed = ok(run(&["match", "list", "--as", "BEN"]));
    assert!(
        listed.contains("challenged  ×5, at the players' pace"),
        "{listed}"
    );
    ok(run(&["match", "accept", "1", "--as", "BEN"]));
    ok(run(&["match", "done", "1", "--as", "ANA"]));
    let phase = |who: &str| {
        let shown = ok(run(&["match", "show", "1", "--json", "--as", who]));
        let view: serde_json::Value = serde_json::from_str(&shown).expect("json");
        view["phase"]["phase"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(phase("ANA"), "assess", "one player done is not enough");
    ok(run(&["match", "done", "1", "--as", "BEN"]));
    assert_eq!(phase("BEN"), "draft", "both done: the draft begins");
    served.stop();
}
