//! The online verbs: `register`, `login`, `players`, `show`, `publish`, `retire`, `get`,
//! `declare`, `notes` and `scores`, spoken to a metagame server through its client.
//!
//! Tokens are kept in `tokens.toml` in the user's config folder, keyed by server URL and
//! codename, readable only by the user. A refusal from the server is printed with its reason
//! and exits 1; so does a server that cannot be reached.

use anyhow::{Context, Result, bail};
use serde::Serialize;
use server::client::{Client, ClientError};
use server::protocol::{ErrorBody, LockView, NoteView};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod print;
use print::{list_or_none, print_notes, print_player, print_players, print_scores};

/// The server spoken to when neither `--server` nor the settings name one.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:27001";

/// The environment variable a password may come from.
pub const PASSWORD_ENV: &str = "LOCKWRIGHT_PASSWORD";

// Not a doc comment: clap would take it as the help's description of every verb this is
// flattened into, over the verb's own (their arguments are added after the verb, when read).
// Where and how: shared by every online verb.
#[derive(clap::Args, Debug, Clone)]
pub struct Online {
    /// The server's URL; else the settings' `server-url`, else http://127.0.0.1:27001.
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Act as this player, logged in on this server before; else the player who logged in
    /// last.
    #[arg(long = "as", id = "as_player", value_name = "CODENAME")]
    pub as_player: Option<String>,
    /// Print JSON for tools (the server's answer).
    #[arg(long)]
    pub json: bool,
}

/// The online verbs, each a subcommand of `lockwright`.
#[derive(clap::Subcommand, Debug)]
#[command(defer = true)]
pub enum Verb {
    /// Register a player on the server and log in as them. The password comes from
    /// --password, or LOCKWRIGHT_PASSWORD, or standard input when it is not a terminal.
    Register {
        /// Three printable ASCII characters, none lowercase.
        codename: String,
        /// The password (prefer LOCKWRIGHT_PASSWORD or standard input: flags are visible to
        /// other users of the machine).
        #[arg(long)]
        password: Option<String>,
        #[command(flatten)]
        online: Online,
    },
    /// Log in as a player; the token is kept for later verbs. The password comes as for
    /// `register`.
    Login {
        /// The player's codename.
        codename: String,
        /// The password.
        #[arg(long)]
        password: Option<String>,
        #[command(flatten)]
        online: Online,
    },
    /// Log out: the server revokes the token and it is forgotten here. With --everywhere,
    /// every token of the player is revoked, on every machine.
    Logout {
        /// Revoke every token of the player, not only this one.
        #[arg(long)]
        everywhere: bool,
        #[command(flatten)]
        online: Online,
    },
    /// List the other players with your score relative to each.
    Players {
        #[command(flatten)]
        online: Online,
    },
    /// Show a player's slots: their locks, whether you access each, and the notes on them.
    Show {
        /// The player's codename.
        player: String,
        #[command(flatten)]
        online: Online,
    },
    /// Place a lock in one of your slots, with your solution (the server replays it and never
    /// shows it to anyone). A lock already in the slot is retired.
    Publish {
        /// The lock file.
        file: PathBuf,
        /// The slot, 1 to 3.
        #[arg(long)]
        slot: u8,
        /// Your solution file (or a file holding a move list).
        #[arg(long)]
        solution: PathBuf,
        #[command(flatten)]
        online: Online,
    },
    /// Retire the lock in one of your slots, leaving it empty: the notes behind it become
    /// public.
    Retire {
        /// The slot, 1 to 3.
        #[arg(long)]
        slot: u8,
        #[command(flatten)]
        online: Online,
    },
    /// Fetch a lock and save its file.
    Get {
        /// The lock: its number, or CODENAME:SLOT for the lock in a player's slot.
        lock: String,
        /// Where to save it (default: lock-NUMBER.lock).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        online: Online,
    },
    /// Declare a solution to another player's lock, securing the note behind the lock in one
    /// of your slots.
    Declare {
        /// The lock: its number, or CODENAME:SLOT.
        lock: String,
        /// The solution file (or a file holding a move list).
        solution: PathBuf,
        /// Your slot whose lock secures the note.
        #[arg(long)]
        behind: u8,
        #[command(flatten)]
        online: Online,
    },
    /// List every note you have read, with its solution.
    Notes {
        #[command(flatten)]
        online: Online,
    },
    /// Show your scores: your total and your score relative to each player.
    Scores {
        #[command(flatten)]
        online: Online,
    },
}

/// A lock as the command line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockName {
    /// By number.
    Id(i64),
    /// The lock in a player's slot.
    InSlot(String, u8),
}

impl std::str::FromStr for LockName {
    type Err = String;

    fn from_str(s: &str) -> Result<LockName, String> {
        if let Ok(id) = s.parse::<i64>() {
            return Ok(LockName::Id(id));
        }
        // Codenames may hold a colon themselves: the slot follows the last one.
        if let Some((codename, slot)) = s.rsplit_once(':')
            && let Ok(slot) = slot.parse::<u8>()
            && !codename.is_empty()
        {
            return Ok(LockName::InSlot(codename.to_string(), slot));
        }
        Err(format!(
            "`{s}` names no lock: give a lock number (e.g. 12) or CODENAME:SLOT (e.g. ABC:1)"
        ))
    }
}

/// How a verb failed in a way the user should read, rather than a bug.
pub(super) enum Failure {
    /// The server refused, with its reason.
    Refused(ErrorBody, u16),
    /// The server cannot be reached.
    Unreachable(String),
    /// Not logged in, or similar: a sentence.
    Plain(String),
}

impl Failure {
    pub(super) fn from_client(e: ClientError, url: &str) -> Failure {
        match e {
            ClientError::Refused { status, body } => Failure::Refused(body, status.as_u16()),
            ClientError::Http(e) if e.is_connect() || e.is_timeout() => {
                Failure::Unreachable(format!("the server cannot be reached at {url}"))
            }
            ClientError::Http(e) => {
                Failure::Unreachable(format!("the server at {url} answered unreadably: {e}"))
            }
            ClientError::NoToken => Failure::Plain(not_logged_in(url)),
            e @ ClientError::Setup(_) => Failure::Plain(e.to_string()),
        }
    }
}

fn not_logged_in(url: &str) -> String {
    format!("not logged in on {url}: run `lockwright login CODENAME --server {url}` first")
}

/// What a verb's diagnostics refer to, to show them with their lines.
pub(super) struct Sources<'a> {
    lock: Option<(&'a str, &'a str)>,
    solution: Option<(&'a str, &'a str)>,
}

pub(super) const NO_SOURCES: Sources<'static> = Sources {
    lock: None,
    solution: None,
};

pub(super) fn report(f: Failure, sources: &Sources<'_>, url: &str) -> ExitCode {
    let mut err = std::io::stderr().lock();
    match f {
        Failure::Refused(body, status) => {
            let _ = writeln!(
                err,
                "lockwright: the server refused: {} ({})",
                body.message, body.error
            );
            let source = if body.error == "bad-moves" {
                sources.solution
            } else {
                sources.lock
            };
            for d in &body.diagnostics {
                match source {
                    Some((path, text)) => {
                        let _ = write!(err, "{}", d.render(path, text));
                    }
                    None => {
                        let _ = writeln!(err, "  {}:{}: {}", d.span.line, d.span.column, d.message);
                    }
                }
            }
            // A refused login leaves any login already kept as it was.
            if body.refuses_token(status) {
                let _ = writeln!(err, "lockwright: {}", not_logged_in(url));
            }
        }
        Failure::Unreachable(s) | Failure::Plain(s) => {
            let _ = writeln!(err, "lockwright: {s}");
        }
    }
    ExitCode::from(1)
}

/// Runs an online verb.
pub fn run(verb: Verb) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the network runtime")?;
    runtime.block_on(run_async(verb))
}

fn online_of(verb: &Verb) -> &Online {
    match verb {
        Verb::Register { online, .. }
        | Verb::Login { online, .. }
        | Verb::Logout { online, .. }
        | Verb::Players { online }
        | Verb::Show { online, .. }
        | Verb::Publish { online, .. }
        | Verb::Retire { online, .. }
        | Verb::Get { online, .. }
        | Verb::Declare { online, .. }
        | Verb::Notes { online }
        | Verb::Scores { online } => online,
    }
}

/// A registration or a login answered: the token is kept for the later verbs and the player
/// told who they are (`said` of the codename), or the refusal reported.
fn signed_in(
    answer: Result<server::protocol::Session, ClientError>,
    url: &str,
    tokens_path: &Path,
    json: bool,
    said: impl FnOnce(&str) -> String,
) -> Result<ExitCode> {
    match answer {
        Ok(session) => {
            crate::tokens::save(tokens_path, url, &session.codename, &session.token)?;
            if json {
                print_json(&serde_json::json!({ "codename": session.codename }))?;
            } else {
                crate::say!("{}", said(&session.codename));
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(report(Failure::from_client(e, url), &NO_SOURCES, url)),
    }
}

async fn run_async(verb: Verb) -> Result<ExitCode> {
    let online = online_of(&verb).clone();
    let url = server_url(online.server.as_deref())?;
    let tokens_path = crate::tokens::default_path()?;
    let json = online.json;
    match verb {
        Verb::Register {
            codename, password, ..
        } => {
            let password = read_password(password)?;
            let answer = Client::new(&url).register(&codename, &password).await;
            signed_in(answer, &url, &tokens_path, json, |who| {
                format!("Registered {who} on {url}; logged in as them.")
            })
        }
        Verb::Login {
            codename, password, ..
        } => {
            let password = read_password(password)?;
            let answer = Client::new(&url).login(&codename, &password).await;
            signed_in(answer, &url, &tokens_path, json, |who| {
                format!("Logged in as {who} on {url}.")
            })
        }
        Verb::Logout { everywhere, .. } => {
            let tokens = crate::tokens::load(&tokens_path)?;
            let Some((codename, token)) = tokens.login(&url, online.as_player.as_deref()) else {
                let who = online.as_player.as_deref().unwrap_or("anyone");
                return Ok(report(
                    Failure::Plain(format!(
                        "{who} is not logged in on {url}: nothing to log out"
                    )),
                    &NO_SOURCES,
                    &url,
                ));
            };
            let mut client = Client::new(&url).with_token(token);
            let revoked = match client.logout(everywhere).await {
                Ok(out) => Some(out.revoked),
                // The server had already forgotten the token (expired or revoked elsewhere):
                // forgetting it here is all that is left to do.
                Err(e) if e.status().map(|s| s.as_u16()) == Some(401) => None,
                Err(e) => return Ok(report(Failure::from_client(e, &url), &NO_SOURCES, &url)),
            };
            crate::tokens::forget(&tokens_path, &url, Some(&codename))?;
            if json {
                print_json(
                    &serde_json::json!({ "codename": codename, "revoked": revoked.unwrap_or(0) }),
                )?;
            } else {
                match revoked {
                    Some(n) if everywhere => crate::say!(
                        "Logged {codename} out of {url} everywhere ({n} {}).",
                        if n == 1 { "login" } else { "logins" }
                    ),
                    Some(_) => crate::say!("Logged {codename} out of {url}."),
                    None => crate::say!(
                        "{codename}'s login on {url} had already ended; forgotten here."
                    ),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Verb::Players { .. } => {
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            answer(client.players().await, json, print_players, &url)
        }
        Verb::Scores { .. } => {
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            answer(client.scores().await, json, print_scores, &url)
        }
        Verb::Show { player, .. } => {
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            answer(
                client.player_with_accessors(&player).await,
                json,
                print_player,
                &url,
            )
        }
        Verb::Publish {
            file,
            slot,
            solution,
            ..
        } => {
            use crate::family::Family;
            if let Some(family) = Family::of_path(&file).filter(|&f| f != Family::HexLock) {
                anyhow::bail!(
                    "{} is a {}: the server's metagame is played with hex locks (.lock files)",
                    file.display(),
                    family.info().name
                );
            }
            let lock_text = read_text(&file)?;
            let solution_text = read_text(&solution)?;
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            let (lock_shown, solution_shown) =
                (file.display().to_string(), solution.display().to_string());
            let sources = Sources {
                lock: Some((&lock_shown, &lock_text)),
                solution: Some((&solution_shown, &solution_text)),
            };
            match client.publish(slot, &lock_text, &solution_text).await {
                Ok(done) => {
                    if json {
                        print_json(&done)?;
                    } else {
                        crate::say!(
                            "Placed {} as lock {} in slot {}.",
                            file.display(),
                            done.lock,
                            done.slot
                        );
                        if let Some(r) = &done.retired {
                            crate::say!(
                                "Retired lock {} from the slot; notes made public: {}.",
                                r.lock,
                                list_or_none(&r.made_public)
                            );
                        }
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => Ok(report(Failure::from_client(e, &url), &sources, &url)),
            }
        }
        Verb::Retire { slot, .. } => {
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            match client.retire(slot).await {
                Ok(r) => {
                    if json {
                        print_json(&r)?;
                    } else {
                        crate::say!(
                            "Retired lock {} from slot {slot}; notes made public: {}.",
                            r.lock,
                            list_or_none(&r.made_public)
                        );
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => Ok(report(Failure::from_client(e, &url), &NO_SOURCES, &url)),
            }
        }
        Verb::Get {
            lock,
            output,
            force,
            ..
        } => {
            let name: LockName = lock.parse().map_err(anyhow::Error::msg)?;
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            let view = match fetch_lock(&client, &name).await {
                Ok(v) => v,
                Err(e) => return Ok(report(Failure::from_client(e, &url), &NO_SOURCES, &url)),
            };
            let path = output.unwrap_or_else(|| PathBuf::from(format!("lock-{}.lock", view.id)));
            if path.exists() && !force {
                bail!(
                    "{} exists; give --force to replace it, or -o another file",
                    path.display()
                );
            }
            crate::files::write_atomic(&path, &view.text)?;
            if json {
                print_json(&view)?;
            } else {
                crate::say!(
                    "Saved lock {} ({}'s slot {}{}, \"{}\", size {}) to {}.",
                    view.id,
                    view.owner,
                    view.slot,
                    if view.retired { ", retired" } else { "" },
                    view.name,
                    view.size,
                    path.display()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Verb::Declare {
            lock,
            solution,
            behind,
            ..
        } => {
            let name: LockName = lock.parse().map_err(anyhow::Error::msg)?;
            let solution_text = read_text(&solution)?;
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            let solution_shown = solution.display().to_string();
            let sources = Sources {
                lock: None,
                solution: Some((&solution_shown, &solution_text)),
            };
            let id = match &name {
                LockName::Id(id) => *id,
                LockName::InSlot(..) => match fetch_lock(&client, &name).await {
                    Ok(v) => v.id,
                    Err(e) => return Ok(report(Failure::from_client(e, &url), &sources, &url)),
                },
            };
            match client.declare(id, behind, &solution_text).await {
                Ok(note) => {
                    if json {
                        print_json(&note)?;
                    } else {
                        crate::say!(
                            "Declared note {} on lock {} ({}:{}), secured behind your lock {} in slot {}.",
                            note.id,
                            note.on.id,
                            note.on.owner,
                            note.on.slot,
                            note.behind.id,
                            note.behind.slot
                        );
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => Ok(report(Failure::from_client(e, &url), &sources, &url)),
            }
        }
        Verb::Notes { .. } => {
            let client = match logged_in(&tokens_path, &url, online.as_player.as_deref())? {
                Ok(c) => c,
                Err(f) => return Ok(report(f, &NO_SOURCES, &url)),
            };
            answer(
                client.notes().await,
                json,
                |n: &Vec<NoteView>| print_notes(n),
                &url,
            )
        }
    }
}

/// A read verb's answer: JSON for tools, else printed for people; a failure is reported.
fn answer<T: Serialize>(
    result: Result<T, ClientError>,
    json: bool,
    print: impl Fn(&T),
    url: &str,
) -> Result<ExitCode> {
    match result {
        Ok(value) => {
            if json {
                print_json(&value)?;
            } else {
                print(&value);
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => Ok(report(Failure::from_client(e, url), &NO_SOURCES, url)),
    }
}

async fn fetch_lock(client: &Client, name: &LockName) -> Result<LockView, ClientError> {
    match name {
        LockName::Id(id) => client.lock(*id).await,
        LockName::InSlot(codename, slot) => client.lock_in(codename, *slot).await,
    }
}

pub(super) fn print_json<T: Serialize>(value: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    match writeln!(std::io::stdout().lock(), "{text}") {
        // A reader that stopped reading (`| head`) is not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r?),
    }
}

fn read_text(path: &Path) -> Result<String> {
    Ok(super::read_text(path)?)
}

/// The server: the flag, else the settings' `server-url`, else the default; refused when it is
/// no server address, before any request could fail on it.
pub(super) fn server_url(flag: Option<&str>) -> Result<String> {
    let from_settings = || {
        let path = crate::settings::Settings::default_path()?;
        match crate::settings::Settings::load(&path) {
            Ok(s) => s.server_url,
            Err(e) => {
                eprintln!("lockwright: {e:#}; using the default server");
                None
            }
        }
    };
    let url = flag
        .map(str::to_string)
        .or_else(from_settings)
        .unwrap_or_else(|| DEFAULT_SERVER.to_string());
    if let Some(problem) = server::client::address_problem(&url) {
        bail!("{problem}");
    }
    Ok(url.trim().trim_end_matches('/').to_string())
}

/// The password: the flag, the environment, or standard input when it is not a terminal.
/// It is never echoed.
pub(super) fn read_password(flag: Option<String>) -> Result<String> {
    if let Some(p) = flag {
        return Ok(p);
    }
    if let Ok(p) = std::env::var(PASSWORD_ENV) {
        return Ok(p);
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        bail!(
            "give the password with --password, in {PASSWORD_ENV}, or on standard input \
             (e.g. `lockwright login ABC < password-file`)"
        );
    }
    let mut text = String::new();
    stdin
        .lock()
        .read_to_string(&mut text)
        .context("cannot read the password from standard input")?;
    let password = text.lines().next().unwrap_or("").to_string();
    if password.is_empty() {
        bail!("standard input holds no password");
    }
    Ok(password)
}

/// A client logged in on `url`, as `player` or the player who logged in last.
pub(super) fn logged_in(
    path: &Path,
    url: &str,
    player: Option<&str>,
) -> Result<std::result::Result<Client, Failure>> {
    let tokens = crate::tokens::load(path)?;
    match tokens.login(url, player) {
        Some((_, token)) => Ok(Ok(Client::new(url).with_token(token))),
        None => Ok(Err(Failure::Plain(match player {
            Some(codename) => format!(
                "{codename} has not logged in on {url}: run `lockwright login {codename} --server {url}` first"
            ),
            None => not_logged_in(url),
        }))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        crate::cli::command().debug_assert();
    }

    #[test]
    fn locks_are_named_by_number_or_codename_and_slot() {
        assert_eq!("12".parse(), Ok(LockName::Id(12)));
        assert_eq!("ABC:2".parse(), Ok(LockName::InSlot("ABC".into(), 2)));
        assert_eq!("A:C:3".parse(), Ok(LockName::InSlot("A:C".into(), 3)));
        assert!("ABC".parse::<LockName>().is_err());
        assert!(":1".parse::<LockName>().is_err());
    }
}
