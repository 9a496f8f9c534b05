//! `lockwright match`: Lockmaker's Death Match from the command line — the verbs a player
//! uses on a server (challenge, accept, draft, submit a lock, solutions, choose, declare
//! impossible, countersolve, watch), and bots on a server in this process:
//! `lockwright match --bot --bot --speed 200` plays a whole match between two bots and prints
//! the table; `lockwright match --bot` hosts a match against one bot for you to play.

use super::online::{Failure, NO_SOURCES, Online, logged_in, print_json, report, server_url};
use anyhow::{Context, Result, bail};
use rules::death_match::bot::Bot;
use rules::death_match::{Action, DraftOrder, Event, Phase, Player, serial};
use server::client::Client;
use server::client::bot::{Pace, play};
use server::death_match_host::view::{Challenge, MatchView, Numbered};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// `lockwright match`: a verb, or bots.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    verb: Option<Verb>,
    /// Play with a bot on a server in this process: once to play against it yourself, twice
    /// for a whole match between two bots.
    #[arg(long, action = clap::ArgAction::Count)]
    bot: u8,
    /// How many times faster than real time the match clocks run.
    #[arg(long, default_value_t = 1.0)]
    speed: f64,
    /// The seed of the generated rounds.
    #[arg(long)]
    seed: Option<u64>,
    /// An organiser's round file instead of generated rounds (docs/death-match.md#round-files).
    #[arg(long)]
    rounds: Option<PathBuf>,
    /// The bots' strength, 0 to 1 (once for both, or once per bot).
    #[arg(long)]
    strength: Vec<f32>,
    /// How long the bots take to think, as a share of a player's time (0: at once; at most 100).
    #[arg(long, default_value_t = 1.0, value_parser = think_share)]
    think: f64,
    /// Playing against one bot: your codename on the server in this process.
    #[arg(long, default_value = "YOU")]
    me: String,
    /// Playing against one bot: where the server in this process listens.
    #[arg(long, default_value = "127.0.0.1:27001")]
    bind: std::net::SocketAddr,
}

// Not a doc comment: clap would take it as the help's description of every verb this is
// flattened into, over the verb's own (their arguments are added after the verb, when read).
// A match, and where and as whom.
#[derive(clap::Args, Debug, Clone)]
pub struct Target {
    /// The match's number.
    id: i64,
    #[command(flatten)]
    online: Online,
}

// Not a doc comment: clap would take it as the help's description of every verb this is
// flattened into, over the verb's own (their arguments are added after the verb, when read).
// A lock of the round to write to a file (`my-lock`, `to-pick`).
#[derive(clap::Args, Debug)]
struct LockFile {
    #[command(flatten)]
    target: Target,
    /// Where to write it; else `match-ID-round-R-my-lock.slide` (or `-to-pick.slide`) here.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace the file if it exists (it may be your work).
    #[arg(long)]
    force: bool,
}

/// The verbs of a player in a match.
#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
enum Verb {
    /// Call a player to a Death Match.
    Challenge {
        /// Their codename.
        opponent: String,
        /// The seed of the generated rounds.
        #[arg(long)]
        seed: Option<u64>,
        /// An organiser's round file instead of generated rounds.
        #[arg(long)]
        rounds: Option<PathBuf>,
        /// The match's own clock, in times real time (1 to 100): a term of the match, read by
        /// your opponent before accepting. Other matches on the server keep their own.
        #[arg(long, default_value_t = 1)]
        speed: u32,
        /// Play at the players' pace: each phase ends as soon as both players are done
        /// (`lockwright match done ID`), instead of running its full time.
        #[arg(long)]
        at_pace: bool,
        #[command(flatten)]
        online: Online,
    },
    /// Your matches: challenges, matches being played, matches over.
    List {
        #[command(flatten)]
        online: Online,
    },
    /// A match as you may see it: the phase and its clock, the board, the pieces, the locks.
    Show(Target),
    /// Accept a challenge: the match begins.
    Accept(Target),
    /// Decline a challenge, or withdraw your own.
    Decline(Target),
    /// Round 1, the challenged player: draft `first` or `second`.
    Order {
        #[command(flatten)]
        target: Target,
        /// `first` or `second`.
        #[arg(value_parser = ["first", "second"])]
        order: String,
    },
    /// Draft the offered piece with this number.
    Draft {
        #[command(flatten)]
        target: Target,
        /// The piece's number.
        piece: u32,
    },
    /// Take no more pieces this round.
    Stop(Target),
    /// Once your opponent has stopped: end the draft.
    EndDraft(Target),
    /// Write a lock to build on, as the studio's "Open my lock" does: the round's board with
    /// the Key, the Keyhole and your drafted pieces laid out so that it is legal (or the lock
    /// you submitted this round); edit it, then submit it with `match lock`.
    MyLock(LockFile),
    /// Write the lock to pick (your opponent's, once solving begins) to a file, as the
    /// studio's "Open the lock to pick" does: `play` moves on it, then `match solve` them.
    ToPick(LockFile),
    /// Submit your lock: a `.slide` file on the round's board with exactly your drafted
    /// pieces, the Key and the Keyhole.
    Lock {
        #[command(flatten)]
        target: Target,
        /// The lock file.
        file: PathBuf,
    },
    /// Submit moves that pick your opponent's lock (`BC1 L1, C34 D2, Key R1`).
    Solve {
        #[command(flatten)]
        target: Target,
        /// The moves.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Declare your opponent's lock impossible: your final answer.
    Impossible(Target),
    /// Say you are done with the phase, in a match played at the players' pace: it ends as soon
    /// as both players are. Building: your lock in is final. Solving: your answer is in.
    /// Countersolving: you give up.
    Done(Target),
    /// Choose the solution that counts, by its number (from 1, as `show` and the events number
    /// them).
    Choose {
        #[command(flatten)]
        target: Target,
        /// The solution's number, from 1.
        #[arg(value_parser = clap::value_parser!(u32).range(1..))]
        number: u32,
    },
    /// Decide whether to countersolve your own lock.
    Countersolve {
        #[command(flatten)]
        target: Target,
        /// `yes` or `no`.
        #[arg(value_parser = ["yes", "no"])]
        decision: String,
    },
    /// Submit moves that pick your own lock, countersolving.
    Countersolution {
        #[command(flatten)]
        target: Target,
        /// The moves.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Print the match's events as they happen, until it is over.
    Watch(Target),
}

/// Runs `lockwright match`.
pub fn run(mut args: MatchArgs) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the network runtime")?;
    runtime.block_on(async move {
        match (args.verb.take(), args.bot) {
            (Some(verb), _) => verb_run(verb).await,
            (None, 2) => bots(&args).await,
            (None, 1) => practise(&args).await,
            (None, 0) => bail!(
                "say what to do: a verb (see `lockwright match --help`), or --bot --bot for a \
                 match between two bots, or --bot to play one"
            ),
            (None, n) => bail!("--bot is given once or twice, not {n} times"),
        }
    })
}

fn challenge_body(
    opponent: String,
    seed: Option<u64>,
    rounds: Option<PathBuf>,
    speed: u32,
    at_pace: bool,
) -> Result<Challenge> {
    let rounds = rounds.map(|p| super::read_text(&p)).transpose()?;
    Ok(Challenge {
        opponent,
        seed,
        rounds,
        speed: (speed != 1).then_some(f64::from(speed)),
        timing: at_pace.then_some(rules::death_match::Timing::EndWhenBothDone),
    })
}

async fn verb_run(verb: Verb) -> Result<ExitCode> {
    let online = match &verb {
        Verb::Challenge { online, .. } | Verb::List { online } => online.clone(),
        Verb::Show(t)
        | Verb::Accept(t)
        | Verb::Decline(t)
        | Verb::Stop(t)
        | Verb::EndDraft(t)
        | Verb::Impossible(t)
        | Verb::Done(t)
        | Verb::Watch(t)
        | Verb::Order { target: t, .. }
        | Verb::Draft { target: t, .. }
        | Verb::Lock { target: t, .. }
        | Verb::MyLock(LockFile { target: t, .. })
        | Verb::ToPick(LockFile { target: t, .. })
        | Verb::Solve { target: t, .. }
        | Verb::Choose { target: t, .. }
        | Verb::Countersolve { target: t, .. }
        | Verb::Countersolution { target: t, .. } => t.online.clone(),
    };
    // What the verb sends is made before the server is asked anything: a file it names that
    // cannot be read, or a lock that does not read, is said at once, logged in or not.
    let body = match &verb {
        Verb::Challenge {
            opponent,
            seed,
            rounds,
            speed,
            at_pace,
            ..
        } => Some(challenge_body(
            opponent.clone(),
            *seed,
            rounds.clone(),
            *speed,
            *at_pace,
        )?),
        _ => None,
    };
    let action = action_of(&verb)?;
    let url = server_url(online.server.as_deref())?;
    let client = match logged_in(
        &crate::tokens::default_path()?,
        &url,
        online.as_player.as_deref(),
    )? {
        Ok(c) => c,
        Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
    };
    let json = online.json;
    let outcome = match (verb, body, action) {
        (_, Some(body), _) => client.challenge(&body).await.map(|s| {
            if json {
                let _ = print_json(&s);
            } else {
                crate::say!(
                    "Match {}: {} challenges {}. They accept with `lockwright match accept {}`.",
                    s.id,
                    s.challenger,
                    s.challenged,
                    s.id
                );
            }
        }),
        (_, _, Some((id, action))) => {
            let acted = client.act(id, &action).await;
            let names = if json { None } else { names(&client, id).await };
            acted.map(|acted| {
                if json {
                    let _ = print_json(&acted);
                } else {
                    for n in &acted.events {
                        crate::say!("{}", n.event.sentence_naming(|p| name(&names, p)));
                    }
                }
            })
        }
        (Verb::List { .. }, ..) => client.matches().await.map(|list| {
            if json {
                let _ = print_json(&list);
            } else if list.is_empty() {
                crate::say!("No matches yet: `lockwright match challenge CODENAME` calls one.");
            }
            for s in &list {
                crate::say!(
                    "{}{}",
                    s.line(),
                    s.winner
                        .map_or(String::new(), |w| format!("  won by {}", s.name(w)))
                );
            }
        }),
        (Verb::Show(t), ..) => client.death_match(t.id).await.map(|v| {
            if json {
                let _ = print_json(&v);
            } else {
                print_view(&v);
            }
        }),
        (Verb::Accept(t), ..) => client.accept(t.id).await.map(|v| {
            if json {
                let _ = print_json(&v);
            } else {
                crate::say!("Match {} begins.", v.id);
                print_view(&v);
            }
        }),
        (Verb::Decline(t), ..) => client.decline(t.id).await.map(|s| {
            if json {
                let _ = print_json(&s);
            } else {
                crate::say!("Match {} is off.", s.id);
            }
        }),
        (Verb::Watch(t), ..) => return watch(&client, t.id, json, &url).await,
        (Verb::MyLock(f), ..) => match client.death_match(f.target.id).await {
            Ok(v) => return write_my_lock(&v, f, json),
            Err(e) => Err(e),
        },
        (Verb::ToPick(f), ..) => match client.death_match(f.target.id).await {
            Ok(v) => return write_lock_to_pick(&v, f, json),
            Err(e) => Err(e),
        },
        // Every other verb is a challenge or an action, made above.
        _ => bail!("not a verb of a match"),
    };
    match outcome {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Ok(report(Failure::from_client(e, &url), &NO_SOURCES, &url)),
    }
}

/// The action a verb asks of a match, or `None` for a verb that is not one.
fn action_of(verb: &Verb) -> Result<Option<(i64, Action)>> {
    Ok(Some(match verb {
        Verb::Order { target, order } => (
            target.id,
            Action::ChooseDraftOrder(if order == "first" {
                DraftOrder::First
            } else {
                DraftOrder::Second
            }),
        ),
        Verb::Draft { target, piece } => (target.id, Action::Draft(*piece)),
        Verb::Stop(t) => (t.id, Action::StopDrafting),
        Verb::EndDraft(t) => (t.id, Action::EndDraft),
        Verb::Lock { target, file } => {
            let text = super::read_text(file)?;
            let lock = serial::lock::read(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            (target.id, Action::SubmitLock(lock))
        }
        Verb::Solve { target, moves } => (target.id, Action::SubmitSolution(moves.join(" "))),
        Verb::Impossible(t) => (t.id, Action::DeclareImpossible),
        Verb::Done(t) => (t.id, Action::Done),
        Verb::Choose { target, number } => (target.id, Action::Choose(*number as usize - 1)),
        Verb::Countersolve { target, decision } => {
            (target.id, Action::Countersolve(decision == "yes"))
        }
        Verb::Countersolution { target, moves } => {
            (target.id, Action::SubmitCountersolution(moves.join(" ")))
        }
        _ => return Ok(None),
    }))
}

/// `match my-lock`: the lock to build on, written where asked (an existing file is kept unless
/// `force`: it may be the player's work).
fn write_my_lock(v: &MatchView, file: LockFile, json: bool) -> Result<ExitCode> {
    let Some(me) = v.you else {
        bail!("you are not a player of match {}", v.id);
    };
    let Some(setup) = &v.setup else {
        bail!("match {} has no round being played", v.id);
    };
    let lock = match &v.your_lock {
        Some(text) => serial::lock::read(text).map_err(|e| anyhow::anyhow!("{e}"))?,
        None => {
            rules::death_match::bot::first_fit(&setup.board, &v.drafted[me]).ok_or_else(|| {
                anyhow::anyhow!(
                    "your drafted pieces do not fit on this board as they are laid out: draw \
                     the lock on the board `match show {}` draws",
                    v.id
                )
            })?
        }
    };
    let path = lock_file(v, "my-lock", file, &serial::lock::write(&lock))?;
    if json {
        print_json(&serde_json::json!({ "path": path, "submitted": v.your_lock.is_some() }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let what = if v.your_lock.is_some() {
        "the lock you submitted".to_string()
    } else {
        format!(
            "the round's board with the Key, the Keyhole and your {}",
            lockfmt::words::count(v.drafted[me].len(), "drafted piece")
        )
    };
    crate::say!(
        "{}: {what}. Edit it, then `lockwright match lock {} {}`.",
        path.display(),
        v.id,
        path.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `match to-pick`: the opponent's lock, once solving begins, written where asked.
fn write_lock_to_pick(v: &MatchView, file: LockFile, json: bool) -> Result<ExitCode> {
    let Some(text) = &v.opponent_lock else {
        bail!(
            "match {} has no lock to pick yet: it is shown when solving begins",
            v.id
        );
    };
    let path = lock_file(v, "to-pick", file, text)?;
    if json {
        print_json(&serde_json::json!({ "path": path }))?;
        return Ok(ExitCode::SUCCESS);
    }
    crate::say!(
        "{}: the lock to pick. `lockwright play {} MOVES` tries moves; `lockwright match solve {} MOVES` submits them.",
        path.display(),
        path.display(),
        v.id
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes a lock of the round to the file asked for, else `match-ID-round-R-WHAT.slide` here;
/// an existing file is kept unless `--force`.
fn lock_file(v: &MatchView, what: &str, file: LockFile, text: &str) -> Result<PathBuf> {
    let LockFile { output, force, .. } = file;
    let path = output
        .unwrap_or_else(|| PathBuf::from(format!("match-{}-round-{}-{what}.slide", v.id, v.round)));
    super::refuse_existing(&path, force)?;
    crate::files::write_atomic(&path, text)?;
    Ok(path)
}

/// The codenames of match `id`'s players, when the match can be read.
async fn names(client: &Client, id: i64) -> Option<(String, String)> {
    let v = client.death_match(id).await.ok()?;
    Some((v.challenger, v.challenged))
}

/// A player by codename in sentences, or by role when the names are not known.
fn name(names: &Option<(String, String)>, p: Player) -> String {
    match (names, p) {
        (Some((challenger, _)), Player::Challenger) => challenger.clone(),
        (Some((_, challenged)), Player::Challenged) => challenged.clone(),
        (None, p) => format!("{p:?}"),
    }
}

async fn watch(client: &Client, id: i64, json: bool, url: &str) -> Result<ExitCode> {
    let mut events = match client.match_events(id, 0).await {
        Ok(e) => e,
        Err(e) => return Ok(report(Failure::from_client(e, url), &NO_SOURCES, url)),
    };
    let names = if json { None } else { names(client, id).await };
    loop {
        match events.next().await {
            Ok(Some(n)) => {
                if json {
                    print_json(&n)?;
                } else {
                    let said = n.event.sentence_naming(|p| name(&names, p));
                    crate::say!("{:>5}  {said}", n.id);
                }
            }
            Ok(None) => return Ok(ExitCode::SUCCESS),
            Err(e) => return Ok(report(Failure::from_client(e, url), &NO_SOURCES, url)),
        }
    }
}

fn secs(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn print_view(v: &MatchView) {
    crate::say!(
        "Match {}: {} v {}, {}, round {}, {}–{}",
        v.id,
        v.challenger,
        v.challenged,
        v.status.word(),
        v.round,
        v.scores.challenger,
        v.scores.challenged
    );
    if let Some(phase) = &v.phase {
        crate::say!(
            "Phase: {}{}",
            phase.name(),
            v.deadline_ms.map_or(String::new(), |d| format!(
                ", until {} (now {})",
                secs(d),
                secs(v.now_ms)
            ))
        );
    }
    crate::say!(
        "Reserve: {} {} periods, {} {} periods",
        v.challenger,
        v.reserve.challenger,
        v.challenged,
        v.reserve.challenged
    );
    if let Some(setup) = &v.setup {
        crate::say!(
            "Board {}×{}; offered: {}",
            setup.board.width(),
            setup.board.height(),
            setup.offered_line(" ")
        );
        crate::say!("({})", rules::death_match::NOTATION);
        // The board's dark cells, drawn as a lock file draws them, to build the lock on.
        for line in crate::sliding::cli::board_picture(&setup.board) {
            crate::say!("  {line}");
        }
    }
    for p in Player::BOTH {
        if !v.drafted[p].is_empty() {
            crate::say!(
                "{} drafted: {}",
                v.name(p),
                v.drafted[p]
                    .iter()
                    .map(|p| String::from(p.shape))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    if let Some(Phase::Draft(d)) = &v.phase {
        // What is left and whose pick it is: the offer above is the whole of it.
        let left = rules::death_match::round::pieces_line(&d.remaining, " ");
        crate::say!(
            "Left to draft: {}",
            if left.is_empty() { "nothing" } else { &left }
        );
        crate::say!(
            "{} to draft{}",
            v.name(d.clock.player),
            if d.clock.in_reserve {
                ", in reserve"
            } else {
                ""
            }
        );
        for p in Player::BOTH {
            if d.stopped[p] {
                crate::say!("{} has stopped drafting", v.name(p));
            }
        }
    }
    if let Some(lock) = &v.opponent_lock {
        crate::say!("The lock to pick:\n{}", lock.trim_end());
    }
    print_table(v);
}

/// The round-by-round table and the winner (a match can be over before a round is: then the
/// winner alone).
pub fn print_table(v: &MatchView) {
    if !v.rounds.is_empty() {
        crate::say!("round  {:>6}  {:>6}  score", v.challenger, v.challenged);
    }
    for r in &v.rounds {
        crate::say!(
            "{:>5}  {:>+6}  {:>+6}  {}–{}",
            r.round,
            r.points.challenger,
            r.points.challenged,
            r.scores.challenger,
            r.scores.challenged
        );
        for p in Player::BOTH {
            if let Some(verdict) = &r.verdicts[p] {
                crate::say!("       {}'s lock: {verdict}", v.name(p));
            }
        }
    }
    if let Some(w) = v.winner {
        crate::say!(
            "Winner: {} ({}–{}, {})",
            v.name(w.player),
            v.scores[w.player],
            v.scores[w.player.other()],
            w.why.naming(v.name(w.player.other()))
        );
    }
}

/// A server in this process with match clocks at `speed`, on a fresh data folder.
async fn embedded(
    speed: f64,
    bind: std::net::SocketAddr,
) -> Result<(server::server::Running, tempfile::TempDir)> {
    let dir = tempfile::tempdir().context("cannot make a data folder for the match")?;
    let config = server::config::Config {
        data: dir.path().to_path_buf(),
        bind,
        match_speed: speed,
        rate_limit: 0.0,
        password_memory_kib: 1024,
        ..server::config::Config::default()
    };
    config.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    let running = server::server::Running::start(config)
        .await
        .map_err(|e| anyhow::anyhow!("cannot start the match's server: {e}"))?;
    Ok((running, dir))
}

async fn player(url: &str, codename: &str) -> Result<Client> {
    let mut c = Client::new(url);
    c.register_death_match_only(codename, "practice-only")
        .await
        .map_err(|e| anyhow::anyhow!("cannot register {codename}: {e}"))?;
    Ok(c)
}

fn strengths(given: &[f32]) -> Result<(f32, f32)> {
    let ok = |s: f32| (0.0..=1.0).contains(&s);
    match given {
        [] => Ok((1.0, 1.0)),
        [s] if ok(*s) => Ok((*s, *s)),
        [a, b] if ok(*a) && ok(*b) => Ok((*a, *b)),
        _ => bail!("--strength is 0 to 1, given once or twice"),
    }
}

/// `--think`: 0 to 100 (a thinking time built from `1e300` of a player's panicked).
fn think_share(given: &str) -> Result<f64, String> {
    match given.trim().parse::<f64>() {
        Ok(n) if (0.0..=100.0).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{given}`: a share of a player's time from 0 (at once) to 100"
        )),
    }
}

fn pace(speed: f64, think: f64) -> Pace {
    Pace {
        thinking: think.max(0.0),
        build_budget: Duration::from_secs(3).min(Duration::from_secs_f64(100.0 / speed)),
        pick_budget: Duration::from_secs(5).min(Duration::from_secs_f64(120.0 / speed)),
    }
}

/// `lockwright match --bot --bot`: a whole match between two bots.
async fn bots(args: &MatchArgs) -> Result<ExitCode> {
    let (speed, seed, rounds) = (args.speed, args.seed, args.rounds.clone());
    let (sa, sb) = strengths(&args.strength)?;
    let (running, _dir) = embedded(speed, "127.0.0.1:0".parse()?).await?;
    let url = running.url();
    let a = player(&url, "BT1").await?;
    let b = player(&url, "BT2").await?;
    let body = challenge_body("BT2".into(), Some(seed.unwrap_or(1)), rounds, 1, false)?;
    let id = a.challenge(&body).await?.id;
    b.accept(id).await?;
    crate::say!("Match {id}: BT1 (strength {sa}) v BT2 (strength {sb}), clocks ×{speed}");
    let watcher = a.clone();
    let watching = tokio::spawn(async move {
        let Ok(mut events) = watcher.match_events(id, 0).await else {
            return;
        };
        while let Ok(Some(Numbered { event, .. })) = events.next().await {
            if let Event::RoundEnded { .. } | Event::MatchOver { .. } = event {
                let names = Some(("BT1".to_string(), "BT2".to_string()));
                crate::say!("{}", event.sentence_naming(|p| name(&names, p)));
            }
        }
    });
    let (ra, rb) = tokio::join!(
        play(&a, id, Bot::new(sa, 1), pace(speed, args.think)),
        play(&b, id, Bot::new(sb, 2), pace(speed, args.think))
    );
    let _ = watching.await;
    let view = ra
        .or(rb)
        .map_err(|e| anyhow::anyhow!("the match stopped: {e}"))?;
    print_table(&view);
    let _ = running.stop().await;
    Ok(ExitCode::SUCCESS)
}

/// `lockwright match --bot`: a server here, a bot on it, and a challenge to you.
async fn practise(args: &MatchArgs) -> Result<ExitCode> {
    let (strength, _) = strengths(&args.strength)?;
    let (running, _dir) = embedded(args.speed, args.bind).await?;
    let url = running.url();
    let bot = player(&url, "BOT").await?;
    let me = player(&url, &args.me).await?;
    if let Some(token) = me.token() {
        crate::tokens::save(&crate::tokens::default_path()?, &url, &args.me, token)?;
    }
    // At the player's pace: each phase ends as soon as the player and the bot are done.
    let body = challenge_body(args.me.clone(), args.seed, args.rounds.clone(), 1, true)?;
    let id = bot.challenge(&body).await?.id;
    crate::say!(
        "A server runs at {url} with match clocks ×{}. BOT (strength {strength}) challenges {}: \
         match {id}, at your pace: each phase ends as soon as you both are done (`lockwright match done {id}`).\nIn another terminal (you are logged in as {}):\n  lockwright match accept {id} --server {url}\n  lockwright match show {id} --server {url}\n  lockwright match watch {id} --server {url}\nCtrl-C stops the server.",
        args.speed,
        args.me,
        args.me
    );
    tokio::select! {
        r = play(&bot, id, Bot::new(strength, 7), pace(args.speed, args.think)) => {
            let view = r.map_err(|e| anyhow::anyhow!("the match stopped: {e}"))?;
            print_table(&view);
            // The player reads the end from the other terminal: the server stays, as said.
            crate::say!(
                "The match is over. The server stays up for `lockwright match show {id} --server {url}`; Ctrl-C stops it."
            );
            server::server::signal().await;
        }
        () = server::server::signal() => {}
    }
    let _ = running.stop().await;
    Ok(ExitCode::SUCCESS)
}
