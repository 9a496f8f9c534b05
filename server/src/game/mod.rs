//! The shared game handle: the world in memory for reading, the database for writing, and the
//! event channel. Every change runs the same way: check the rules on the world, commit the
//! change to the database, apply it to the world, announce it. One writer at a time (the
//! storage mutex), so nothing changes between the check and the apply; readers read the world
//! under a read lock and never wait for the disk.

use crate::events::{Batch, Event};
use crate::protocol::{
    LockRef, LockSummary, LockView, NoteView, PlayerSummary, PlayerView, Scores, SlotView,
};
use crate::storage::{Storage, StorageError};
use crate::verify::{self, VerifyError};
use engine::hexlock::Mechanism;
use rules::metagame::{Access, IdMap, LockId, NoteId, PlayerId, RuleError, Slot, World};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

mod accounts;
mod admin;
mod changes;
mod mail;
mod views;

pub use mail::Mailed;

use views::*;

/// Why a request to change or read the game fails.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The rules refuse it.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The lock or solution does not check out.
    #[error(transparent)]
    Verify(#[from] VerifyError),
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// No player has that codename.
    #[error("there is no player called {0}")]
    UnknownCodename(String),
    /// No note has that number.
    #[error("there is no note {0}")]
    UnknownNote(i64),
    /// The note exists but the caller has not read it.
    #[error("you have not read note {0}")]
    NotRead(i64),
    /// Mail settings refused.
    #[error(transparent)]
    Mail(#[from] crate::mail::MailError),
}

/// A player's name and password hash, kept in memory to answer logins without the disk.
#[derive(Clone, Debug)]
struct PlayerInfo {
    codename: String,
    password_hash: String,
    /// Banned by an operator: cannot log in.
    banned: bool,
}

/// What is kept in memory of a lock the rules can still reach: its name and size for views
/// and, while it is in a slot, its text and compiled mechanism, so that declarations replay
/// without reparsing. A retired lock's text is read from the database when asked for.
#[derive(Clone)]
struct LockInfo {
    text: Option<Arc<str>>,
    name: String,
    size: i32,
    mechanism: Option<Arc<Mechanism>>,
}

impl LockInfo {
    /// Keeps only what a retired lock needs.
    fn retire(&mut self) {
        self.text = None;
        self.mechanism = None;
    }
}

#[derive(Default)]
struct State {
    world: World,
    players: HashMap<PlayerId, PlayerInfo>,
    by_codename: HashMap<String, PlayerId>,
    locks: HashMap<LockId, LockInfo>,
    /// Declared solutions; served only to players who have read the note.
    solutions: HashMap<NoteId, Arc<str>>,
    /// Counts the changes to the world: access computed at one version holds until the next.
    version: u64,
}

/// Players' access, each computed at most once per version of the world: between two changes,
/// reads share it instead of each running the fixpoint again.
#[derive(Default)]
struct AccessCache {
    version: u64,
    by_player: IdMap<PlayerId, Arc<Access>>,
}

/// A login token in memory, by its hash.
#[derive(Clone, Copy, Debug)]
struct TokenEntry {
    player: PlayerId,
    /// When it was last used (ms since 1970): it expires `token_ttl` after.
    used_at_ms: i64,
    /// The use the database knows of; later uses are written now and then, not on each.
    stored_used_at_ms: i64,
}

/// Login tokens and how long they last.
struct Tokens {
    by_hash: HashMap<String, TokenEntry>,
    /// How long a token lasts unused.
    ttl_ms: i64,
    /// Tokens a player may hold.
    per_player: usize,
}

/// A player someone follows live: their access and count of read notes as of the last
/// change sent, so that a change is compared against them once, not once per stream.
struct Followed {
    /// Their open streams.
    streams: usize,
    access: Arc<Access>,
    read: usize,
}

/// Who changed what a player may have read: decides whose access a change must work out
/// again for the live events.
#[derive(Clone, Debug)]
enum Reach {
    /// No one's reading changes (a player registered, a lock placed in an empty slot).
    No,
    /// A note was secured behind `holder` by `author`: only the author and the players who
    /// access the holder read it, and only their access can grow.
    Declared { author: PlayerId, holder: LockId },
    /// A lock was retired and these notes behind it became public: everyone reads them, and
    /// a follower's access can grow only where [`World::public_notes_may_grow`] says.
    MadePublic(Vec<NoteId>),
}

/// The game: cheap to clone, shared by every request.
#[derive(Clone)]
pub struct Game {
    state: Arc<RwLock<State>>,
    storage: Arc<Mutex<Storage>>,
    events: broadcast::Sender<Arc<Batch>>,
    /// Batches announced and not yet sent, in the order of the changes. The request that made
    /// a change sends them once its answer is ready ([`Game::send_announced`]), so that its
    /// answer does not queue behind a thousand followers woken first; the server sends any
    /// left behind (a request given up) a moment later.
    unsent: Arc<Mutex<VecDeque<Arc<Batch>>>>,
    unsent_signal: Arc<tokio::sync::Notify>,
    max_size: i32,
    /// The most lines a published lock's text may have.
    max_lines: usize,
    access: Arc<Mutex<AccessCache>>,
    tokens: Arc<Mutex<Tokens>>,
    followed: Arc<Mutex<IdMap<PlayerId, Followed>>>,
    /// How many times a player's access was worked out (the fixpoint): what live events and
    /// reads cost.
    access_computed: Arc<AtomicU64>,
    /// The last readiness probe, reused for a second so that probes cannot load the disk.
    ready: Arc<Mutex<Option<Probed>>>,
    /// Why copying the log into the database file fails, while it does.
    checkpoint_trouble: Arc<Mutex<Option<String>>>,
    /// The Death Matches.
    death_matches: Arc<crate::death_match_host::Host>,
    /// Bumped at each revocation of tokens.
    revocations: Arc<tokio::sync::watch::Sender<u64>>,
    /// Works out the verdicts on impossible calls that stood (each a solver run of seconds):
    /// one at a time, however many stand at once.
    settling: Arc<crate::pool::Pool>,
    /// Woken when a mail is queued; `None` when this server sends no mail.
    mail_queued: Option<Arc<tokio::sync::Notify>>,
    /// Whether other servers write the same database (PostgreSQL): reads first look for
    /// their changes ([`Game::fresh`]).
    shared: bool,
    /// Whether this server hosts the Death Matches (always on SQLite); the backend clears it
    /// when it loses the lease.
    hosting: Arc<std::sync::atomic::AtomicBool>,
    /// The reads' checks of the change log: how many have begun, and the number of the last
    /// one done (see [`Game::fresh`]).
    freshness: Arc<changes::Freshness>,
}

/// How many locks memory holds, and of what (see [`Game::locks_in_memory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocksInMemory {
    /// Locks the rules can reach: in slots, or retired and named by a note.
    pub locks: usize,
    /// Of them, those whose text is held.
    pub texts: usize,
    /// Of them, those whose compiled mechanism is held.
    pub mechanisms: usize,
}

/// A readiness answer and when it was worked out.
type Probed = (Instant, Result<(), String>);

/// A live follower: receives every change's [`Batch`]; dropping it stops following.
pub struct Follower {
    game: Game,
    player: PlayerId,
    /// The changes, in order.
    pub rx: broadcast::Receiver<Arc<Batch>>,
    /// How many notes the player had read when following began.
    pub read: usize,
}

impl Drop for Follower {
    fn drop(&mut self) {
        let mut followed = self.game.followed();
        if let Some(f) = followed.get_mut(&self.player) {
            f.streams -= 1;
            if f.streams == 0 {
                followed.remove(&self.player);
            }
        }
    }
}

fn lock_info(text: &str, max_size: i32, retired: bool) -> LockInfo {
    // Stored locks were checked when placed; if one no longer parses (an older server with
    // other rules), it is still shown, and declarations on it are refused.
    let mut info = match verify::lock(
        text,
        max_size.max(engine::hexlock::model::frame::MAX_SIZE),
        usize::MAX,
    ) {
        Ok(lock) => LockInfo {
            text: Some(text.into()),
            name: lock.info.name.clone(),
            size: lock.size,
            mechanism: (!retired)
                .then(|| verify::mechanism(&lock).ok().map(Arc::new))
                .flatten(),
        },
        Err(_) => LockInfo {
            text: Some(text.into()),
            name: String::new(),
            size: 0,
            mechanism: None,
        },
    };
    if retired {
        info.retire();
    }
    info
}

/// Lets go of what memory holds of a lock just retired: all of it when no note names it (the
/// database keeps it), else its text and mechanism.
fn forget_retired(st: &mut State, lock: LockId) {
    if st.world.forget_if_unnamed(lock) {
        st.locks.remove(&lock);
    } else if let Some(info) = st.locks.get_mut(&lock) {
        info.retire();
    }
}

impl Game {
    /// Loads the game from storage.
    pub fn load(storage: Storage, max_size: i32) -> Result<Game, GameError> {
        let snap = storage.load()?;
        let mut st = State::default();
        for p in snap.players {
            if p.metagame {
                st.world.add_player(p.id)?;
            }
            st.by_codename.insert(p.codename.clone(), p.id);
            st.players.insert(
                p.id,
                PlayerInfo {
                    codename: p.codename,
                    password_hash: p.password_hash,
                    banned: p.banned,
                },
            );
        }
        let tokens = snap
            .tokens
            .into_iter()
            .map(|t| {
                let entry = TokenEntry {
                    player: t.player,
                    used_at_ms: t.used_at_ms,
                    stored_used_at_ms: t.used_at_ms,
                };
                (t.hash, entry)
            })
            .collect();
        for l in snap.locks {
            st.world.restore_lock(l.id, l.owner, l.slot, l.retired)?;
            st.locks
                .insert(l.id, lock_info(&l.text, max_size, l.retired));
        }
        for n in snap.notes {
            st.world.restore_note(
                n.id,
                rules::metagame::NoteRec {
                    author: n.author,
                    on: n.on,
                    behind: n.behind,
                },
            )?;
            st.solutions.insert(n.id, n.solution.into());
        }
        let (events, _) = broadcast::channel(1024);
        let defaults = crate::config::Config::default();
        let stored_matches = storage.death_matches()?;
        let shared = storage.shared();
        let hosting = storage.hosting();
        let storage = Arc::new(Mutex::new(storage));
        let death_matches =
            crate::death_match_host::Host::load(storage.clone(), stored_matches, |id| {
                st.players
                    .get(&id)
                    .map_or_else(|| format!("#{}", id.0), |p| p.codename.clone())
            })?;
        Ok(Game {
            state: Arc::new(RwLock::new(st)),
            storage,
            events,
            unsent: Arc::default(),
            unsent_signal: Arc::default(),
            max_size,
            max_lines: verify::DEFAULT_MAX_LOCK_LINES,
            access: Arc::default(),
            tokens: Arc::new(Mutex::new(Tokens {
                by_hash: tokens,
                ttl_ms: defaults.token_ttl.get().as_millis() as i64,
                per_player: defaults.tokens_per_player,
            })),
            followed: Arc::default(),
            access_computed: Arc::default(),
            ready: Arc::default(),
            checkpoint_trouble: Arc::default(),
            death_matches: Arc::new(death_matches),
            revocations: Arc::new(tokio::sync::watch::Sender::new(0)),
            settling: Arc::new(crate::pool::Pool::new(
                "settling impossible calls",
                1,
                usize::MAX / 2,
            )),
            mail_queued: None,
            shared,
            hosting,
            freshness: Arc::default(),
        })
    }

    /// Whether other servers may write the same database (PostgreSQL).
    pub fn shared(&self) -> bool {
        self.shared
    }

    /// Whether this server hosts the Death Matches now: it alone runs their clocks and
    /// takes their requests; the others pass those to it.
    pub fn hosts_death_matches(&self) -> bool {
        self.hosting.load(Ordering::SeqCst)
    }

    /// Takes the lease on the Death Matches when no server holds it (see
    /// [`Backend::host_death_matches`](crate::storage::Backend::host_death_matches)), taking
    /// every match up from the database on becoming their host. Returns whether this server
    /// hosts them. Blocks on the database.
    pub fn host_death_matches(&self, url: &str) -> Result<bool, GameError> {
        if self.hosts_death_matches() {
            return Ok(true);
        }
        let mut db = self.db();
        if !db.host_death_matches(url)? {
            return Ok(false);
        }
        let stored = db.death_matches()?;
        drop(db);
        let st = self.read();
        self.death_matches
            .reload(stored, |id| codename_of(&st, id))?;
        drop(st);
        self.hosting.store(true, Ordering::SeqCst);
        tracing::info!(%url, "hosting the Death Matches");
        Ok(true)
    }

    /// Where the server hosting the Death Matches is reached, as recorded by it.
    pub fn death_match_host(&self) -> Result<Option<String>, GameError> {
        Ok(self.db().death_match_host()?)
    }

    /// The Death Matches this server hosts.
    pub fn death_matches(&self) -> &crate::death_match_host::Host {
        &self.death_matches
    }

    /// The worker that settles impossible calls.
    pub fn settling(&self) -> &Arc<crate::pool::Pool> {
        &self.settling
    }

    /// Sets how long tokens last unused and how many a player may hold.
    pub fn with_tokens(self, ttl: Duration, per_player: usize) -> Game {
        {
            let mut t = self.tokens();
            t.ttl_ms = ttl.as_millis() as i64;
            t.per_player = per_player.max(1);
        }
        self
    }

    /// Turns mail on: changes queue mail for those who asked for it, and `waker` is woken.
    pub fn with_mail(mut self, waker: Arc<tokio::sync::Notify>) -> Game {
        self.mail_queued = Some(waker);
        self
    }

    /// The database, shared with the mailer.
    pub fn storage(&self) -> Arc<Mutex<Storage>> {
        self.storage.clone()
    }

    /// Sets the most lines a published lock's text may have.
    pub fn with_lock_lines(mut self, max_lines: usize) -> Game {
        self.max_lines = max_lines;
        self
    }

    fn tokens(&self) -> MutexGuard<'_, Tokens> {
        self.tokens.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn followed(&self) -> MutexGuard<'_, IdMap<PlayerId, Followed>> {
        self.followed.lock().unwrap_or_else(|e| e.into_inner())
    }

    // A panic elsewhere poisons a lock; the data under it is still consistent, because every
    // change is applied only after its commit succeeded, so carry on with it.
    fn read(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, State> {
        self.state.write().unwrap_or_else(|e| e.into_inner())
    }

    fn db(&self) -> MutexGuard<'_, Storage> {
        self.storage.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Lets go of the database once serving has stopped, so that another server may serve
    /// it (see [`Backend::claim`](crate::storage::Backend::claim)).
    pub fn let_go(&self) {
        if let Err(e) = self.db().release() {
            tracing::warn!(error = %e, "cannot let go of the database");
        }
    }

    /// A player's access at the version of the world `st` holds, from the cache when another
    /// read computed it already.
    fn access_in(&self, st: &State, player: PlayerId) -> Arc<Access> {
        {
            let mut cache = self.access.lock().unwrap_or_else(|e| e.into_inner());
            if cache.version != st.version {
                cache.by_player.clear();
                cache.version = st.version;
            }
            if let Some(a) = cache.by_player.get(&player) {
                return a.clone();
            }
        }
        // Computed without holding the cache: other players' reads go on meanwhile.
        self.access_computed.fetch_add(1, Ordering::Relaxed);
        let access = Arc::new(st.world.access(player));
        let mut cache = self.access.lock().unwrap_or_else(|e| e.into_inner());
        if cache.version == st.version {
            cache.by_player.insert(player, access.clone());
        }
        access
    }

    /// How many times a player's access has been worked out since the server started.
    pub fn access_computations(&self) -> u64 {
        self.access_computed.load(Ordering::Relaxed)
    }

    /// Follows the changes live, as `player`.
    pub fn follow(&self, player: PlayerId) -> Follower {
        // Under the followers' lock, as the writers send: no change falls between the count
        // taken here and the first batch received.
        let mut followed = self.followed();
        // Batches worked out before this follower joined go out first: it must not receive
        // them, as its count of read notes is taken now.
        self.send_announced();
        let rx = self.events.subscribe();
        let st = self.read();
        let access = self.access_in(&st, player);
        let read = st.world.read_count(&access);
        drop(st);
        followed
            .entry(player)
            .or_insert(Followed {
                streams: 0,
                access,
                read,
            })
            .streams += 1;
        Follower {
            game: self.clone(),
            player,
            rx,
            read,
        }
    }

    /// Sends a change's events to every follower, with the new count of read notes of each
    /// followed player whose count changed. Called by the writer after applying the change,
    /// still holding the storage lock, so batches go out in the order of the changes; access
    /// is worked out only for the players the change can reach.
    fn announce(&self, events: Vec<Event>, reach: Reach) {
        let mut followed = self.followed();
        let mut batch = Batch {
            frames: events.iter().map(Event::frame).collect(),
            reads: IdMap::default(),
        };
        if !followed.is_empty() {
            let st = self.read();
            for (&p, f) in followed.iter_mut() {
                let (counts, grows) = match &reach {
                    Reach::No => (false, false),
                    Reach::Declared { author, holder } => {
                        let concerned = p == *author || f.access.lock(&st.world, *holder);
                        (concerned, concerned)
                    }
                    Reach::MadePublic(notes) => (
                        !notes.is_empty(),
                        st.world.public_notes_may_grow(&f.access, notes),
                    ),
                };
                if !counts {
                    continue;
                }
                if grows {
                    f.access = self.access_in(&st, p);
                }
                // Without growth the old access stands (its retired lock counts for nothing).
                let read = st.world.read_count(&f.access);
                if read != f.read {
                    f.read = read;
                    batch.reads.insert(p, read);
                }
            }
        }
        self.unsent
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(Arc::new(batch));
        self.unsent_signal.notify_one();
    }

    /// Sends the announced batches to the followers, in order.
    pub fn send_announced(&self) {
        let mut unsent = self.unsent.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(batch) = unsent.pop_front() {
            // No follower is not an error.
            let _ = self.events.send(batch);
        }
    }

    /// Completes when a change has been announced since the last call.
    pub async fn announced(&self) {
        self.unsent_signal.notified().await;
    }

    /// The largest lock size accepted.
    pub fn max_size(&self) -> i32 {
        self.max_size
    }

    /// Whether the game can take changes now: the database accepts a write (committed and
    /// synced like any change) and its log is being copied into the file. Blocks on the disk;
    /// the answer is reused for a second.
    pub fn ready(&self) -> Result<(), String> {
        let mut last = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, r)) = &*last
            && at.elapsed() < Duration::from_secs(1)
        {
            return r.clone();
        }
        if self.missed_changes() {
            let r = Err(
                "the change log no longer holds changes this server has not applied: restart it to load the world afresh"
                    .to_string(),
            );
            *last = Some((Instant::now(), r.clone()));
            return r;
        }
        let r = match self.db().probe_write() {
            Err(e) => Err(format!("the database cannot be written: {e}")),
            Ok(()) => match &*self
                .checkpoint_trouble
                .lock()
                .unwrap_or_else(|e| e.into_inner())
            {
                Some(why) => Err(format!(
                    "the database's log cannot be copied into its file: {why}"
                )),
                None => Ok(()),
            },
        };
        *last = Some((Instant::now(), r.clone()));
        r
    }

    /// Records whether checkpoints fail, for the readiness check.
    pub fn set_checkpoint_trouble(&self, trouble: Option<String>) {
        *self
            .checkpoint_trouble
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = trouble;
    }

    /// Places a lock in a slot: checks the lock (valid, within the cap) and replays its
    /// author's solution, then stores it, retiring the lock that was there.
    pub fn publish(
        &self,
        owner: PlayerId,
        slot: Slot,
        text: &str,
        solution: &str,
    ) -> Result<(LockId, Option<rules::metagame::Retired>), GameError> {
        // The expensive checks run before any lock is taken.
        let lock = verify::lock(text, self.max_size, self.max_lines)?;
        verify::shut(&lock)?;
        let mechanism = verify::mechanism(&lock)?;
        verify::solution(solution, &mechanism)?;
        let mut db = self.db();
        let (id, publicity) = self.changing(&mut db, |game, db| {
            if !game.read().world.has_player(owner) {
                return Err(RuleError::UnknownPlayer.into());
            }
            let st = game.read();
            let publicity = mail::publicity_behind(&st, st.world.slot(owner, slot));
            drop(st);
            Ok((db.place_lock(owner, slot, text, solution)?, publicity))
        })?;
        let info = LockInfo {
            text: Some(text.into()),
            name: lock.info.name.clone(),
            size: lock.size,
            mechanism: Some(Arc::new(mechanism)),
        };
        let row = crate::storage::LockRow {
            id,
            owner,
            slot,
            text: text.to_string(),
            retired: false,
        };
        let retired = self.apply(crate::storage::Change::Placed(row), Some(info))?;
        self.mail_made_public(&mut db, publicity);
        drop(db);
        Ok((id, retired))
    }

    /// Retires the lock in a slot, leaving it empty.
    pub fn retire(
        &self,
        owner: PlayerId,
        slot: Slot,
    ) -> Result<rules::metagame::Retired, GameError> {
        let mut db = self.db();
        let publicity = self.changing(&mut db, |game, db| {
            // Check first, so an empty slot is refused without touching the database.
            let st = game.read();
            let Some(lock) = st.world.slot(owner, slot) else {
                return Err(RuleError::EmptySlot(slot.number()).into());
            };
            let publicity = mail::publicity_behind(&st, Some(lock));
            drop(st);
            db.retire(owner, slot)?;
            Ok(publicity)
        })?;
        let retired = self
            .apply(crate::storage::Change::Retired { owner, slot }, None)?
            .ok_or(RuleError::EmptySlot(slot.number()))?;
        self.mail_made_public(&mut db, publicity);
        drop(db);
        Ok(retired)
    }

    /// Declares a solution to lock `on`, securing the note behind the author's slot `behind`.
    pub fn declare(
        &self,
        author: PlayerId,
        on: LockId,
        behind: Slot,
        solution: &str,
    ) -> Result<NoteId, GameError> {
        // Refuse by the rules before replaying, and replay before taking the writer's lock.
        let mechanism = {
            let st = self.read();
            match st.world.check_declare(author, on, behind) {
                Err(RuleError::UnknownLock) => {
                    drop(st);
                    return Err(self.forgotten_lock(author, on));
                }
                r => r?,
            };
            st.locks.get(&on).and_then(|l| l.mechanism.clone())
        };
        let mechanism = mechanism.ok_or_else(|| {
            VerifyError::Unplayable("this lock cannot be played on this server".into())
        })?;
        verify::solution(solution, &mechanism)?;
        let mut db = self.db();
        // The world may have changed while the solution was replayed, here or through another
        // server: check again, on the world the note will land in.
        let (id, holder) = self.changing(&mut db, |game, db| {
            let holder = game.read().world.check_declare(author, on, behind)?;
            Ok((db.add_note(author, on, holder, solution)?, holder))
        })?;
        let note = crate::storage::NoteRow {
            id,
            author,
            on,
            behind: holder,
            solution: solution.to_string(),
        };
        self.apply(crate::storage::Change::Declared(note), None)?;
        let st = self.read();
        let owner = st.world.lock(on).map(|r| r.owner);
        let author_name = codename_of(&st, author);
        drop(st);
        if let Some(owner) = owner {
            self.mail_to(
                &mut db,
                owner,
                Mailed::Declared,
                &format!("{author_name} declared a note on your lock #{}", on.0),
                &format!(
                    "{author_name} solved your lock #{} and declared a note on it, secured behind their lock #{}.",
                    on.0, holder.0
                ),
            );
        }
        drop(db);
        Ok(id)
    }

    /// Players of the metagame.
    pub fn player_count(&self) -> usize {
        self.read().world.players().len()
    }

    /// The database's size when its backend must be asked (PostgreSQL); `None` for SQLite's
    /// file, which the caller measures, or when the database cannot say.
    pub fn database_bytes(&self) -> Option<i64> {
        self.db().size_bytes().ok().flatten()
    }

    /// Death Matches challenged or being played (0 when the database cannot say).
    pub fn death_matches_in_progress(&self) -> i64 {
        self.db().matches_in_progress().unwrap_or(0)
    }

    /// What memory holds of the locks: those the rules can reach, and of them the texts and
    /// compiled mechanisms kept (those of locks in slots).
    pub fn locks_in_memory(&self) -> LocksInMemory {
        let st = self.read();
        LocksInMemory {
            locks: st.locks.len(),
            texts: st.locks.values().filter(|l| l.text.is_some()).count(),
            mechanisms: st.locks.values().filter(|l| l.mechanism.is_some()).count(),
        }
    }

    /// Why a declaration on a lock the rules do not know is refused: it may be a retired lock
    /// kept only in the database.
    fn forgotten_lock(&self, author: PlayerId, on: LockId) -> GameError {
        match self.db().lock(on) {
            Ok(Some(row)) if row.owner == author => RuleError::OwnLock.into(),
            Ok(Some(_)) => RuleError::RetiredLock.into(),
            Ok(None) => RuleError::UnknownLock.into(),
            Err(e) => e.into(),
        }
    }

    /// Checks the database (integrity and foreign keys).
    pub fn check_storage(&self) -> Result<Vec<String>, GameError> {
        Ok(self.db().check()?)
    }
}
