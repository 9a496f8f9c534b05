//! The practice bot: registered on the studio's own server as an account that plays Death
//! Matches only — never among the metagame's players (its password kept beside the server's
//! data), it challenges the player and plays the match once accepted, taking about as
//! long to think as a player would. Its matches outlive the studio: when the studio starts
//! again, the bot takes up every match of its own that is not over, at the strength it was
//! asked for.
//!
//! A practice match is played at the player's pace: at the speed chosen on the screen
//! ([`SPEEDS`]), and each phase ends as soon as the player and the bot are done with it. Both
//! are terms of the match, carried by the bot's challenge and kept by the server with the
//! match (see docs/death-match.md#at-the-players-pace); other matches on the server keep real
//! time.

use super::{DeathMatch, Message, Reply};
use iced::Task;
use rules::death_match::Timing;
use server::client::Client;
use server::death_match_host::view::{Challenge, Status};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The practice bot's codename on the studio's own server.
pub const BOT: &str = "BOT";

/// The speeds a practice match may be played at, in times real time.
pub const SPEEDS: [u32; 4] = [1, 2, 5, 10];

/// The strength a bot plays at when the one it was asked for was not kept.
const KEPT_STRENGTH_MISSING: f32 = 0.5;

/// The matches a bot of this studio plays, and whether a new challenge is under way (its
/// match cannot be told from the list until it is known).
#[derive(Debug, Default)]
pub struct Bots {
    playing: BTreeSet<i64>,
    challenging: bool,
}

impl Bots {
    /// A challenge asked for came back: its match, or none.
    pub fn challenged(&mut self, id: Option<i64>) {
        self.challenging = false;
        self.playing.extend(id);
    }

    /// A bot stopped playing.
    pub fn done(&mut self, id: Option<i64>) {
        if let Some(id) = id {
            self.playing.remove(&id);
        }
    }
}

/// Logs the practice bot in on `url` with the password kept in `home`, registering it the
/// first time.
async fn log_in(url: &str, home: &Path) -> Result<Client, String> {
    let file = home.join("practice-bot.password");
    let password = match std::fs::read_to_string(&file) {
        Ok(p) => p.trim().to_string(),
        Err(_) => {
            let p = server::auth::new_token();
            std::fs::create_dir_all(home)
                .map_err(|e| format!("cannot keep the bot's password: {e}"))?;
            crate::files::write_private(&file, p.as_bytes())
                .map_err(|e| format!("cannot keep the bot's password: {e:#}"))?;
            p
        }
    };
    let mut bot = Client::new(url);
    if bot.login(BOT, &password).await.is_err() {
        bot.register_death_match_only(BOT, &password)
            .await
            .map_err(|e| format!("the bot cannot join this server: {e}"))?;
    } else if bot.player(BOT).await.is_ok() {
        leave_metagame(url, home).await;
    }
    Ok(bot)
}

/// A bot an earlier studio registered as a metagame player leaves the metagame: the studio
/// owns the server's data folder (`home`), so it holds the admin token the server wrote
/// there. Best effort: a bot still listed plays its matches all the same.
async fn leave_metagame(url: &str, home: &Path) {
    let Ok(token) = server::api::admin::read_admin_token(home) else {
        return;
    };
    let _ = Client::new(url)
        .with_token(token)
        .admin(BOT, "leave-metagame")
        .await;
}

/// Registers (or logs in) the practice bot on `url` with the password kept in `home`, and has
/// it challenge `me` to a match at `speed` times real time whose phases end once both are
/// done.
pub async fn bot_challenge(
    url: &str,
    home: &Path,
    me: &str,
    speed: u32,
) -> Result<(Client, i64), String> {
    let bot = log_in(url, home).await?;
    let summary = bot
        .challenge(&Challenge {
            opponent: me.to_string(),
            speed: Some(f64::from(speed)),
            timing: Some(Timing::EndWhenBothDone),
            ..Challenge::default()
        })
        .await
        .map_err(|e| format!("the bot cannot challenge you: {e}"))?;
    Ok((bot, summary.id))
}

/// Where the strength of the bot of match `id` is kept.
fn strength_file(home: &Path, id: i64) -> PathBuf {
    home.join(format!("practice-bot-match-{id}.strength"))
}

/// The strength the bot of match `id` was asked for.
fn kept_strength(home: &Path, id: i64) -> f32 {
    std::fs::read_to_string(strength_file(home, id))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .filter(|s: &f32| (0.0..=1.0).contains(s))
        .unwrap_or(KEPT_STRENGTH_MISSING)
}

/// The bot plays match `id` to its end.
async fn play(bot: Client, id: i64, strength: f32) -> Result<(), String> {
    let player = rules::death_match::bot::Bot::new(strength, id as u64);
    let pace = server::client::bot::Pace {
        thinking: 1.0,
        ..server::client::bot::Pace::default()
    };
    server::client::bot::play(&bot, id, player, pace)
        .await
        .map(|_| ())
        .map_err(|e| format!("the bot stopped: {e}"))
}

impl DeathMatch {
    /// Whether a practice bot may play on this server (the studio's own).
    pub fn can_practise(&self) -> bool {
        self.bot_home.is_some() && self.codename.is_some()
    }

    /// The speed the next practice match runs at.
    pub fn practice_speed(&self) -> u32 {
        self.practice_speed.max(1)
    }

    /// Chooses the speed of the next practice match: one of [`SPEEDS`].
    pub(super) fn choose_practice_speed(&mut self, speed: u32) {
        if SPEEDS.contains(&speed) {
            self.practice_speed = speed;
        }
    }

    /// The bot challenges me, and plays once I accept.
    pub(super) fn practise(&mut self, strength: f32) -> Task<Message> {
        let (Some(home), Some(me), Some(client)) = (
            self.bot_home.clone(),
            self.codename.clone(),
            self.client.as_ref(),
        ) else {
            self.status = "the bot plays on the studio's own server: choose it in Settings".into();
            return Task::none();
        };
        self.bots.challenging = true;
        let url = client.base().to_string();
        let generation = self.generation;
        let speed = self.practice_speed();
        let (tx, rx) = tokio::sync::oneshot::channel::<(Client, i64)>();
        let challenge = Task::perform(
            async move {
                let (bot, id) = bot_challenge(&url, &home, &me, speed).await?;
                // Kept for a restart; without it the bot plays at middling strength.
                let _ = std::fs::write(strength_file(&home, id), strength.to_string());
                let _ = tx.send((bot, id));
                Ok(id)
            },
            move |r| Message::Got(generation, Reply::BotChallenged(r)),
        );
        let play = Task::perform(
            async move {
                let Ok((bot, id)) = rx.await else {
                    return (None, Ok(()));
                };
                (Some(id), play(bot, id, strength).await)
            },
            move |(id, r)| Message::Got(generation, Reply::BotDone(id, r)),
        );
        Task::batch([challenge, play])
    }

    /// Takes up the bot's part in every match of mine against it that is not over and that no
    /// bot of this studio plays: matches begun before the studio last closed.
    pub(super) fn resume_bots(&mut self) -> Task<Message> {
        let (Some(home), Some(me), Some(client)) = (
            self.bot_home.clone(),
            self.codename.clone(),
            self.client.as_ref(),
        ) else {
            return Task::none();
        };
        if self.bots.challenging {
            return Task::none();
        }
        let url = client.base().to_string();
        let generation = self.generation;
        let mut tasks = Vec::new();
        for m in &self.matches {
            let against_bot = (m.challenger == BOT && m.challenged == me)
                || (m.challenged == BOT && m.challenger == me);
            // A challenge the bot made waits for my answer with the bot at its side; one
            // made to the bot (by its codename) it never accepts.
            let open = m.status == Status::Playing
                || (m.status == Status::Challenged && m.challenger == BOT);
            if !against_bot || !open || !self.bots.playing.insert(m.id) {
                continue;
            }
            let (id, url, home) = (m.id, url.clone(), home.clone());
            tasks.push(Task::perform(
                async move {
                    let bot = log_in(&url, &home).await?;
                    play(bot, id, kept_strength(&home, id)).await
                },
                move |r| Message::Got(generation, Reply::BotDone(Some(id), r)),
            ));
        }
        Task::batch(tasks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use server::death_match_host::view::MatchSummary;

    fn summary(id: i64, challenger: &str, challenged: &str, status: Status) -> MatchSummary {
        MatchSummary {
            id,
            challenger: challenger.into(),
            challenged: challenged.into(),
            status,
            round: 0,
            scores: Default::default(),
            winner: None,
            terms: Default::default(),
        }
    }

    /// The bot takes up its own challenges and the matches being played against it; a
    /// challenge made to the bot it never accepts, so a bot waiting on it would wait for ever.
    #[test]
    fn the_bot_takes_up_its_challenges_and_matches_being_played_only() {
        let home = tempfile::tempdir().expect("home");
        let mut screen = DeathMatch {
            client: Some(Client::new("http://127.0.0.1:9")),
            codename: Some("ME1".into()),
            bot_home: Some(home.path().to_path_buf()),
            matches: vec![
                summary(1, BOT, "ME1", Status::Challenged),
                summary(2, "ME1", BOT, Status::Challenged),
                summary(3, "ME1", BOT, Status::Playing),
                summary(4, BOT, "ME1", Status::Over),
                summary(5, "ME1", "ANN", Status::Playing),
            ],
            ..DeathMatch::default()
        };
        let _ = screen.resume_bots();
        assert_eq!(screen.bots.playing, BTreeSet::from([1, 3]));
        // Taken up once: a second read of the list starts no second bot.
        let _ = screen.resume_bots();
        assert_eq!(screen.bots.playing, BTreeSet::from([1, 3]));
    }
}
