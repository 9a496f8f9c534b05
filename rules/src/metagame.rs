//! The metagame's rules, pure: slots, locks, notes, who accesses what, who has read what, and
//! the relative scores. No I/O, no clock: the storage layer persists what happens here, the API
//! layer decides who may ask. `docs/metagame.md` maps each rule to the test that checks it.
//!
//! The rules, from Intricacy's "Full details of the metagame mechanics":
//! - A player accesses a slot when they solved its lock and declared the solution; or they have
//!   read three notes on its lock; or the slot is empty and they access every filled slot of
//!   its owner.
//! - A player reads every note secured behind every lock they access; a note secured behind a
//!   retired lock is public and read by everyone.
//! - A lock with three public notes on it is therefore accessed by everyone: it is public, and
//!   a public lock cannot secure new notes.
//! - Score of A relative to B = B's slots A accesses − A's slots B accesses.
//!
//! Reading depends on access and access on reading, so access is a least fixpoint; see
//! [`World::access`]. Each player's fixpoint depends only on the world and that player's own
//! notes, never on other players' access, so it is computed per player, on demand.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for the numbers storage gives players, locks and notes: one multiplication, where
/// the default hasher spends most of the time of the fixpoint. The numbers are the server's
/// own, never chosen by a client, so they cannot be picked to collide.
#[derive(Clone, Copy, Debug, Default)]
pub struct IdHasher(u64);

const ID_HASH_FACTOR: u64 = 0x9E37_79B9_7F4A_7C15;

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(ID_HASH_FACTOR);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(ID_HASH_FACTOR);
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
}

/// A map keyed by players', locks' or notes' numbers.
pub type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// A set of players', locks' or notes' numbers.
pub type IdSet<K> = HashSet<K, BuildHasherDefault<IdHasher>>;

/// Slots each player has.
pub const SLOTS: usize = 3;

/// Notes on a lock a player must read to access it without solving it.
pub const NOTES_TO_ACCESS: usize = 3;

/// A player, by the number storage gave them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub i64);

/// A lock, by the number storage gave it. Retired locks keep their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LockId(pub i64);

/// A note, by the number storage gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoteId(pub i64);

/// One of a player's three slots, numbered 1 to 3 as players speak of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u8);

impl Slot {
    /// The slot numbered `n`, if `n` is 1, 2 or 3.
    pub fn new(n: i64) -> Option<Slot> {
        (1..=SLOTS as i64).contains(&n).then_some(Slot(n as u8))
    }

    /// The three slots in order.
    pub fn all() -> [Slot; SLOTS] {
        [Slot(1), Slot(2), Slot(3)]
    }

    /// Its number, 1 to 3.
    pub fn number(self) -> u8 {
        self.0
    }

    fn index(self) -> usize {
        usize::from(self.0 - 1)
    }
}

/// Why a change to the world is refused by the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// No player has this number.
    #[error("there is no such player")]
    UnknownPlayer,
    /// No lock has this number.
    #[error("there is no such lock")]
    UnknownLock,
    /// A player or lock number was given twice.
    #[error("that number is already taken")]
    IdTaken,
    /// Retiring a slot that holds no lock.
    #[error("slot {0} is empty: there is no lock to retire")]
    EmptySlot(u8),
    /// Declaring a solution to one's own lock.
    #[error("that lock is your own: declare solutions to other players' locks")]
    OwnLock,
    /// Declaring a solution to a lock that is no longer in a slot.
    #[error("that lock has been retired: it is no longer in a slot")]
    RetiredLock,
    /// Declaring twice on one lock.
    #[error("you have already declared a solution to that lock")]
    AlreadyDeclared,
    /// Securing a note behind an empty slot.
    #[error("your slot {0} is empty: a note must be secured behind one of your locks")]
    NoHolder(u8),
    /// Securing a note behind a public lock.
    #[error("the lock in your slot {0} is public: a public lock cannot secure new notes")]
    PublicHolder(u8),
    /// Taking out of the world a player who has placed a lock or declared a note: others'
    /// access and scores depend on them.
    #[error("this player has placed locks or declared notes: the world depends on them")]
    HasPlayed,
}

/// A lock as the rules see it: whose, where, and the notes that concern it.
#[derive(Clone, Debug)]
pub struct LockRec {
    /// Its owner.
    pub owner: PlayerId,
    /// The slot it was placed in.
    pub slot: Slot,
    /// Whether it has left its slot. A retired lock keeps its notes, which are then public.
    pub retired: bool,
    /// Notes declaring a solution to it, in the order they were placed.
    pub notes_on: Vec<NoteId>,
    /// Notes secured behind it, in the order they were placed.
    pub notes_behind: Vec<NoteId>,
    /// How many of `notes_on` are public: kept as a count so that the fixpoint starts from it
    /// instead of scanning every note.
    pub public_notes_on: usize,
}

/// A note: a declared solution to lock `on`, secured behind its author's lock `behind`.
/// It never moves once placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoteRec {
    /// The declarer.
    pub author: PlayerId,
    /// The lock it solves.
    pub on: LockId,
    /// The author's lock it is secured behind.
    pub behind: LockId,
}

#[derive(Clone, Debug, Default)]
struct PlayerRec {
    slots: [Option<LockId>; SLOTS],
    /// The notes this player declared: they read their own notes, and a note on a lock is how
    /// they hold that lock's solution.
    notes: Vec<NoteId>,
}

/// What retiring a lock did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retired {
    /// The lock that left its slot.
    pub lock: LockId,
    /// The notes secured behind it, now public.
    pub made_public: Vec<NoteId>,
}

/// The whole metagame state.
#[derive(Clone, Debug, Default)]
pub struct World {
    players: IdMap<PlayerId, PlayerRec>,
    locks: IdMap<LockId, LockRec>,
    notes: IdMap<NoteId, NoteRec>,
    /// Locks in slots with three public notes: accessed by everyone. Kept up to date so that
    /// a fixpoint does not scan every lock to find them.
    public_locks: BTreeSet<LockId>,
    /// Notes secured behind retired locks: read by everyone. Counted so that how many notes a
    /// player has read is worked out from their access without scanning every note.
    public_notes: usize,
}

/// What one player accesses: the locks (in slots, of other players) they access, from which
/// slot access and reading follow. Computed by [`World::access`].
#[derive(Clone, Debug)]
pub struct Access {
    player: PlayerId,
    locks: IdSet<LockId>,
}

impl World {
    /// An empty world.
    pub fn new() -> World {
        World::default()
    }

    /// Adds a player with three empty slots.
    pub fn add_player(&mut self, id: PlayerId) -> Result<(), RuleError> {
        if self.players.contains_key(&id) {
            return Err(RuleError::IdTaken);
        }
        self.players.insert(id, PlayerRec::default());
        Ok(())
    }

    /// Takes a player who never placed a lock nor declared a note out of the world (an
    /// account that turns out to play Death Matches only): no access or score depends on them.
    pub fn remove_player(&mut self, id: PlayerId) -> Result<(), RuleError> {
        self.check_remove_player(id)?;
        self.players.remove(&id);
        Ok(())
    }

    /// Why [`World::remove_player`] would refuse, without removing.
    pub fn check_remove_player(&self, id: PlayerId) -> Result<(), RuleError> {
        let rec = self.players.get(&id).ok_or(RuleError::UnknownPlayer)?;
        let played = rec.slots.iter().any(Option::is_some)
            || !rec.notes.is_empty()
            || self.locks.values().any(|l| l.owner == id);
        if played {
            return Err(RuleError::HasPlayed);
        }
        Ok(())
    }

    /// Whether a player exists.
    pub fn has_player(&self, id: PlayerId) -> bool {
        self.players.contains_key(&id)
    }

    /// Every player, in number order.
    pub fn players(&self) -> Vec<PlayerId> {
        let mut ids: Vec<PlayerId> = self.players.keys().copied().collect();
        ids.sort();
        ids
    }

    /// The lock in a player's slot, if any.
    pub fn slot(&self, owner: PlayerId, slot: Slot) -> Option<LockId> {
        self.players.get(&owner)?.slots[slot.index()]
    }

    /// A lock, retired or not.
    pub fn lock(&self, id: LockId) -> Option<&LockRec> {
        self.locks.get(&id)
    }

    /// A note.
    pub fn note(&self, id: NoteId) -> Option<&NoteRec> {
        self.notes.get(&id)
    }

    /// The notes a player declared, in the order they were placed.
    pub fn notes_by(&self, player: PlayerId) -> &[NoteId] {
        self.players
            .get(&player)
            .map(|p| p.notes.as_slice())
            .unwrap_or(&[])
    }

    /// Whether a lock is public: in a slot, with three public notes on it.
    pub fn is_public(&self, id: LockId) -> bool {
        self.public_locks.contains(&id)
    }

    /// Whether a note is public: the lock it is secured behind has been retired.
    pub fn note_is_public(&self, id: NoteId) -> bool {
        self.notes
            .get(&id)
            .and_then(|n| self.locks.get(&n.behind))
            .is_some_and(|l| l.retired)
    }

    /// Places a new lock in a slot; a lock already there is retired first (its notes become
    /// public). The lock has been checked (valid, within the size cap, solved by its author)
    /// before it gets here.
    pub fn place(
        &mut self,
        owner: PlayerId,
        slot: Slot,
        lock: LockId,
    ) -> Result<Option<Retired>, RuleError> {
        if !self.players.contains_key(&owner) {
            return Err(RuleError::UnknownPlayer);
        }
        if self.locks.contains_key(&lock) {
            return Err(RuleError::IdTaken);
        }
        let retired = match self.slot(owner, slot) {
            Some(_) => Some(self.retire(owner, slot)?),
            None => None,
        };
        self.locks.insert(
            lock,
            LockRec {
                owner,
                slot,
                retired: false,
                notes_on: Vec::new(),
                notes_behind: Vec::new(),
                public_notes_on: 0,
            },
        );
        if let Some(p) = self.players.get_mut(&owner) {
            p.slots[slot.index()] = Some(lock);
        }
        Ok(retired)
    }

    /// Retires the lock in a slot and leaves the slot empty: every note secured behind it
    /// becomes public.
    pub fn retire(&mut self, owner: PlayerId, slot: Slot) -> Result<Retired, RuleError> {
        let player = self
            .players
            .get_mut(&owner)
            .ok_or(RuleError::UnknownPlayer)?;
        let lock = player.slots[slot.index()]
            .take()
            .ok_or(RuleError::EmptySlot(slot.number()))?;
        self.public_locks.remove(&lock);
        let behind = match self.locks.get_mut(&lock) {
            Some(rec) => {
                rec.retired = true;
                rec.notes_behind.clone()
            }
            None => Vec::new(),
        };
        self.public_notes += behind.len();
        for &n in &behind {
            let Some(on) = self.notes.get(&n).map(|n| n.on) else {
                continue;
            };
            if let Some(target) = self.locks.get_mut(&on) {
                target.public_notes_on += 1;
                if !target.retired && target.public_notes_on >= NOTES_TO_ACCESS {
                    self.public_locks.insert(on);
                }
            }
        }
        Ok(Retired {
            lock,
            made_public: behind,
        })
    }

    /// Forgets a retired lock that no note names (none declared on it, none secured behind
    /// it): nothing in the rules can reach it again, since no one declares on a retired lock
    /// and no note is secured behind one. Returns whether it was forgotten; a lock in a slot
    /// or named by a note is kept. A server keeps such a lock's record in its database only,
    /// so that memory does not grow with republishing.
    pub fn forget_if_unnamed(&mut self, id: LockId) -> bool {
        let unnamed = self
            .locks
            .get(&id)
            .is_some_and(|r| r.retired && r.notes_on.is_empty() && r.notes_behind.is_empty());
        if unnamed {
            self.locks.remove(&id);
        }
        unnamed
    }

    /// Checks that `author` may declare a solution to lock `on`, securing the note behind their
    /// own slot `behind`; returns the lock in that slot. The solution itself is checked by
    /// replaying it, outside the rules.
    pub fn check_declare(
        &self,
        author: PlayerId,
        on: LockId,
        behind: Slot,
    ) -> Result<LockId, RuleError> {
        let player = self.players.get(&author).ok_or(RuleError::UnknownPlayer)?;
        let target = self.locks.get(&on).ok_or(RuleError::UnknownLock)?;
        if target.owner == author {
            return Err(RuleError::OwnLock);
        }
        if target.retired {
            return Err(RuleError::RetiredLock);
        }
        if target
            .notes_on
            .iter()
            .any(|n| self.notes.get(n).is_some_and(|n| n.author == author))
        {
            return Err(RuleError::AlreadyDeclared);
        }
        let holder = player.slots[behind.index()].ok_or(RuleError::NoHolder(behind.number()))?;
        if self.is_public(holder) {
            return Err(RuleError::PublicHolder(behind.number()));
        }
        Ok(holder)
    }

    /// Declares a solution: secures note `id` on lock `on` behind the author's slot `behind`.
    pub fn declare(
        &mut self,
        id: NoteId,
        author: PlayerId,
        on: LockId,
        behind: Slot,
    ) -> Result<LockId, RuleError> {
        if self.notes.contains_key(&id) {
            return Err(RuleError::IdTaken);
        }
        let holder = self.check_declare(author, on, behind)?;
        self.notes.insert(
            id,
            NoteRec {
                author,
                on,
                behind: holder,
            },
        );
        if let Some(l) = self.locks.get_mut(&on) {
            l.notes_on.push(id);
        }
        if let Some(l) = self.locks.get_mut(&holder) {
            l.notes_behind.push(id);
        }
        if let Some(p) = self.players.get_mut(&author) {
            p.notes.push(id);
        }
        Ok(holder)
    }

    /// Puts back a note exactly as it was stored, without checking the rules of declaring:
    /// loading a saved world must reproduce it even where the rules at the time allowed
    /// something they would refuse now (a note behind a lock that has since become public).
    pub fn restore_note(&mut self, id: NoteId, note: NoteRec) -> Result<(), RuleError> {
        if self.notes.contains_key(&id) {
            return Err(RuleError::IdTaken);
        }
        if !self.locks.contains_key(&note.on) || !self.locks.contains_key(&note.behind) {
            return Err(RuleError::UnknownLock);
        }
        if !self.players.contains_key(&note.author) {
            return Err(RuleError::UnknownPlayer);
        }
        self.notes.insert(id, note);
        let behind_retired = self.locks.get(&note.behind).is_some_and(|l| l.retired);
        if let Some(l) = self.locks.get_mut(&note.on) {
            l.notes_on.push(id);
            if behind_retired {
                self.public_notes += 1;
                l.public_notes_on += 1;
                if !l.retired && l.public_notes_on >= NOTES_TO_ACCESS {
                    self.public_locks.insert(note.on);
                }
            }
        }
        if let Some(l) = self.locks.get_mut(&note.behind) {
            l.notes_behind.push(id);
        }
        if let Some(p) = self.players.get_mut(&note.author) {
            p.notes.push(id);
        }
        Ok(())
    }

    /// Puts back a lock as stored: in its slot when `retired` is false, else only on record.
    /// Locks are restored in number order and before the notes that concern them.
    pub fn restore_lock(
        &mut self,
        id: LockId,
        owner: PlayerId,
        slot: Slot,
        retired: bool,
    ) -> Result<(), RuleError> {
        if self.locks.contains_key(&id) {
            return Err(RuleError::IdTaken);
        }
        let player = self
            .players
            .get_mut(&owner)
            .ok_or(RuleError::UnknownPlayer)?;
        if !retired {
            player.slots[slot.index()] = Some(id);
        }
        self.locks.insert(
            id,
            LockRec {
                owner,
                slot,
                retired,
                notes_on: Vec::new(),
                notes_behind: Vec::new(),
                public_notes_on: 0,
            },
        );
        Ok(())
    }

    /// What `player` accesses: the least fixpoint of "access a lock when you declared on it or
    /// have read three notes on it" and "read every note behind a lock you access, every public
    /// note and your own".
    ///
    /// A worklist: each newly accessed lock's notes are read once, each adds one to the count
    /// of the lock it is on, and a lock whose count reaches three joins the worklist. Every
    /// note is read by exactly one route (public, own, or behind an accessed lock of someone
    /// else), so counts never count a note twice. Linear in the notes the player reads.
    pub fn access(&self, player: PlayerId) -> Access {
        let mut access = Access {
            player,
            locks: IdSet::default(),
        };
        let mut queue: Vec<LockId> = Vec::new();
        // Read, but not public, notes on each lock; public ones are in `public_notes_on`.
        let mut read_on: IdMap<LockId, usize> = IdMap::default();
        let grant = |l: LockId, access: &mut Access, queue: &mut Vec<LockId>| {
            if access.locks.insert(l) {
                queue.push(l);
            }
        };
        for &l in &self.public_locks {
            if self.locks.get(&l).is_some_and(|r| r.owner != player) {
                grant(l, &mut access, &mut queue);
            }
        }
        for &n in self.notes_by(player) {
            let Some(note) = self.notes.get(&n) else {
                continue;
            };
            // Solved and declared: a declaration on a lock still in its slot gives access.
            if self.locks.get(&note.on).is_some_and(|l| !l.retired) {
                grant(note.on, &mut access, &mut queue);
            }
        }
        while let Some(l) = queue.pop() {
            let Some(rec) = self.locks.get(&l) else {
                continue;
            };
            for n in &rec.notes_behind {
                let Some(note) = self.notes.get(n) else {
                    continue;
                };
                let Some(target) = self.locks.get(&note.on) else {
                    continue;
                };
                if target.retired || target.owner == player || access.locks.contains(&note.on) {
                    continue;
                }
                let count = read_on.entry(note.on).or_insert(0);
                *count += 1;
                if *count + target.public_notes_on >= NOTES_TO_ACCESS {
                    grant(note.on, &mut access, &mut queue);
                }
            }
        }
        access
    }

    /// Whether notes just made public (by retiring a lock) could let `access`'s player access
    /// more: some lock a note is on, not yet accessed, now has three notes the player reads
    /// (public ones, and private ones behind locks they access). When it cannot, their access
    /// is what it was, less the retired lock, and only their count of read notes changed; live
    /// events then skip working the fixpoint out again for them.
    pub fn public_notes_may_grow(&self, access: &Access, made_public: &[NoteId]) -> bool {
        made_public.iter().any(|n| {
            let Some(note) = self.notes.get(n) else {
                return false;
            };
            let Some(target) = self.locks.get(&note.on) else {
                return false;
            };
            if target.retired || target.owner == access.player || access.locks.contains(&note.on) {
                return false;
            }
            let private = target
                .notes_on
                .iter()
                .filter(|&&m| {
                    !self.note_is_public(m)
                        && self
                            .notes
                            .get(&m)
                            .is_some_and(|m| access.locks.contains(&m.behind))
                })
                .count();
            target.public_notes_on + private >= NOTES_TO_ACCESS
        })
    }

    /// How many notes the player whose access this is has read: their own, the public ones,
    /// and those behind the locks they access. The three never overlap (an accessed lock is
    /// another player's and in its slot), so this is linear in the locks they access, not in
    /// every note: live events compare it after each change for every follower.
    pub fn read_count(&self, access: &Access) -> usize {
        let own = self.notes_by(access.player);
        let own_public = own.iter().filter(|&&n| self.note_is_public(n)).count();
        let behind: usize = access
            .locks
            .iter()
            .filter_map(|l| self.locks.get(l))
            .filter(|r| !r.retired)
            .map(|r| r.notes_behind.len())
            .sum();
        own.len() + self.public_notes - own_public + behind
    }

    /// The score of `a` relative to `b`: `b`'s slots `a` accesses minus `a`'s slots `b`
    /// accesses.
    pub fn score(&self, a: PlayerId, b: PlayerId) -> i64 {
        let of_a = self.access(a);
        let of_b = self.access(b);
        self.score_between(&of_a, &of_b)
    }

    /// The score between two players whose access is already computed (scoring one player
    /// against many computes each access once).
    pub fn score_between(&self, a: &Access, b: &Access) -> i64 {
        a.slots_of(self, b.player) as i64 - b.slots_of(self, a.player) as i64
    }
}

impl Access {
    /// Whose access this is.
    pub fn player(&self) -> PlayerId {
        self.player
    }

    /// Whether the player accesses a lock. Their own locks count as accessed: they hold the
    /// solutions (this never enters a score, which only compares two different players).
    pub fn lock(&self, world: &World, lock: LockId) -> bool {
        self.locks.contains(&lock) || world.lock(lock).is_some_and(|l| l.owner == self.player)
    }

    /// Whether the player accesses a slot: its lock is accessed; or it is empty and every
    /// filled slot of its owner is accessed (so every slot of a player with no locks is).
    pub fn slot(&self, world: &World, owner: PlayerId, slot: Slot) -> bool {
        match world.slot(owner, slot) {
            Some(l) => self.lock(world, l),
            None => Slot::all()
                .iter()
                .filter_map(|&s| world.slot(owner, s))
                .all(|l| self.lock(world, l)),
        }
    }

    /// How many of `owner`'s slots the player accesses.
    pub fn slots_of(&self, world: &World, owner: PlayerId) -> usize {
        if !world.has_player(owner) {
            return 0;
        }
        Slot::all()
            .iter()
            .filter(|&&s| self.slot(world, owner, s))
            .count()
    }

    /// Whether the player has read a note: it is public, or their own, or secured behind a
    /// lock they access.
    pub fn reads(&self, world: &World, note: NoteId) -> bool {
        match world.note(note) {
            Some(n) => {
                n.author == self.player
                    || world.note_is_public(note)
                    || self.locks.contains(&n.behind)
            }
            None => false,
        }
    }

    /// The locks of other players the player accesses, in number order.
    pub fn locks(&self) -> Vec<LockId> {
        let mut v: Vec<LockId> = self.locks.iter().copied().collect();
        v.sort();
        v
    }
}

#[cfg(test)]
mod tests;
