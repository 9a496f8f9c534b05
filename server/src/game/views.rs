//! What players read: access, slots, players, scores, locks and notes, each seen as the rules
//! let the reader see it.

use super::*;

impl Game {
    /// What a player accesses.
    pub fn access(&self, player: PlayerId) -> Access {
        self.read().world.access(player)
    }

    /// The lock numbers in a player's slots.
    pub fn slots(&self, player: PlayerId) -> [Option<LockId>; 3] {
        let st = self.read();
        Slot::all().map(|s| st.world.slot(player, s))
    }

    /// One player as `me` sees them.
    pub fn player_view(&self, me: PlayerId, codename: &str) -> Result<PlayerView, GameError> {
        self.player_view_with(me, codename, false)
    }

    /// [`Game::player_view`], with, when `accessors` is set, every other player who accesses
    /// each slot.
    pub fn player_view_with(
        &self,
        me: PlayerId,
        codename: &str,
        accessors: bool,
    ) -> Result<PlayerView, GameError> {
        let st = self.read();
        // An account that only plays Death Matches is no one in the metagame.
        let them = st
            .by_codename
            .get(codename)
            .copied()
            .filter(|&p| st.world.has_player(p))
            .ok_or_else(|| GameError::UnknownCodename(codename.to_string()))?;
        let mine = self.access_in(&st, me);
        let theirs = self.access_in(&st, them);
        let everyone: Vec<(PlayerId, Arc<Access>)> = if accessors {
            st.world
                .players()
                .into_iter()
                .filter(|&p| p != them)
                .map(|p| (p, self.access_in(&st, p)))
                .collect()
        } else {
            Vec::new()
        };
        let slots = Slot::all()
            .into_iter()
            .map(|s| SlotView {
                slot: s.number(),
                accessed: mine.slot(&st.world, them, s),
                lock: st.world.slot(them, s).map(|l| lock_summary(&st, &mine, l)),
                accessed_by: accessors.then(|| {
                    let mut names: Vec<String> = everyone
                        .iter()
                        .filter(|(_, a)| a.slot(&st.world, them, s))
                        .map(|(p, _)| codename_of(&st, *p))
                        .collect();
                    names.sort();
                    names
                }),
            })
            .collect();
        Ok(PlayerView {
            codename: codename.to_string(),
            score: st.world.score_between(&mine, &theirs),
            slots,
        })
    }

    /// Every player with `me`'s score relative to them, best first.
    pub fn scores(&self, me: PlayerId) -> Scores {
        let st = self.read();
        let mine = self.access_in(&st, me);
        let mut scores: Vec<PlayerSummary> = st
            .world
            .players()
            .into_iter()
            .filter(|&p| p != me)
            .map(|p| {
                let theirs = self.access_in(&st, p);
                PlayerSummary {
                    codename: codename_of(&st, p),
                    locks: Slot::all()
                        .iter()
                        .filter(|&&s| st.world.slot(p, s).is_some())
                        .count() as u8,
                    accessed: mine.slots_of(&st.world, p) as u8,
                    accessed_by: theirs.slots_of(&st.world, me) as u8,
                    score: st.world.score_between(&mine, &theirs),
                }
            })
            .collect();
        scores.sort_by(|a, b| b.score.cmp(&a.score).then(a.codename.cmp(&b.codename)));
        Scores {
            me: codename_of(&st, me),
            total: scores.iter().map(|s| s.score).sum(),
            scores,
        }
    }

    /// A lock as `me` sees it: its text is public; its notes show who declared and where the
    /// note is secured, never the solution.
    pub fn lock_view(&self, me: PlayerId, id: LockId) -> Result<LockView, GameError> {
        // A retired lock's text is in the database only. It is read before the world's lock
        // is taken: a writer holds the database and then waits for the world.
        let text_stored_only = self.read().locks.get(&id).is_some_and(|i| i.text.is_none());
        let retired_text = if text_stored_only {
            self.db().lock(id)?.map(|row| row.text)
        } else {
            None
        };
        let st = self.read();
        let (Some(rec), Some(info)) = (st.world.lock(id), st.locks.get(&id)) else {
            drop(st);
            return self.stored_lock_view(id);
        };
        let text = match (&info.text, retired_text) {
            (Some(t), _) => t.to_string(),
            (None, Some(t)) => t,
            (None, None) => return Err(RuleError::UnknownLock.into()),
        };
        let mine = self.access_in(&st, me);
        Ok(LockView {
            id: id.0,
            owner: codename_of(&st, rec.owner),
            slot: rec.slot.number(),
            name: info.name.clone(),
            size: info.size,
            retired: rec.retired,
            public: st.world.is_public(id),
            accessed: !rec.retired && mine.lock(&st.world, id),
            notes: rec
                .notes_on
                .iter()
                .map(|&n| note_view(&st, &mine, n, false))
                .collect(),
            text,
        })
    }

    /// A retired lock no note names, which only the database keeps: no notes, public to no
    /// one, accessed by no one.
    fn stored_lock_view(&self, id: LockId) -> Result<LockView, GameError> {
        let row = self.db().lock(id)?.ok_or(RuleError::UnknownLock)?;
        let parsed = lockfmt::hexlock::parse_bytes(row.text.as_bytes());
        let (name, size) = parsed
            .valid_lock()
            .map_or((String::new(), 0), |l| (l.info.name.clone(), l.size));
        let owner = self.codename(row.owner).unwrap_or_default();
        Ok(LockView {
            id: id.0,
            owner,
            slot: row.slot.number(),
            name,
            size,
            retired: row.retired,
            public: false,
            accessed: false,
            notes: Vec::new(),
            text: row.text,
        })
    }

    /// Every note `me` has read, solutions included, in number order.
    pub fn notes_read(&self, me: PlayerId) -> Vec<NoteView> {
        let st = self.read();
        let mine = self.access_in(&st, me);
        let mut ids: Vec<NoteId> = st
            .solutions
            .keys()
            .copied()
            .filter(|&n| mine.reads(&st.world, n))
            .collect();
        ids.sort();
        ids.into_iter()
            .map(|n| note_view(&st, &mine, n, true))
            .collect()
    }

    /// How many notes `me` has read.
    pub fn read_count(&self, me: PlayerId) -> usize {
        let st = self.read();
        let mine = self.access_in(&st, me);
        st.world.read_count(&mine)
    }

    /// One note; its solution only if `me` has read it.
    pub fn note(&self, me: PlayerId, id: NoteId) -> Result<NoteView, GameError> {
        let st = self.read();
        if st.world.note(id).is_none() {
            return Err(GameError::UnknownNote(id.0));
        }
        let mine = self.access_in(&st, me);
        if !mine.reads(&st.world, id) {
            return Err(GameError::NotRead(id.0));
        }
        Ok(note_view(&st, &mine, id, true))
    }
}

pub(super) fn codename_of(st: &State, p: PlayerId) -> String {
    st.players
        .get(&p)
        .map(|p| p.codename.clone())
        .unwrap_or_default()
}

pub(super) fn lock_ref(st: &State, l: LockId) -> LockRef {
    let rec = st.world.lock(l);
    LockRef {
        id: l.0,
        owner: rec.map(|r| codename_of(st, r.owner)).unwrap_or_default(),
        slot: rec.map(|r| r.slot.number()).unwrap_or(0),
        retired: rec.is_some_and(|r| r.retired),
    }
}

pub(super) fn lock_summary(st: &State, mine: &Access, l: LockId) -> LockSummary {
    let info = st.locks.get(&l);
    let notes = st
        .world
        .lock(l)
        .map(|r| r.notes_on.as_slice())
        .unwrap_or(&[]);
    LockSummary {
        id: l.0,
        name: info.map(|i| i.name.clone()).unwrap_or_default(),
        size: info.map(|i| i.size).unwrap_or(0),
        public: st.world.is_public(l),
        notes: notes
            .iter()
            .map(|&n| note_view(st, mine, n, false))
            .collect(),
    }
}

pub(super) fn note_view(st: &State, mine: &Access, n: NoteId, with_solution: bool) -> NoteView {
    let rec = st.world.note(n);
    let read = mine.reads(&st.world, n);
    NoteView {
        id: n.0,
        author: rec.map(|r| codename_of(st, r.author)).unwrap_or_default(),
        on: rec.map(|r| lock_ref(st, r.on)).unwrap_or_default(),
        behind: rec.map(|r| lock_ref(st, r.behind)).unwrap_or_default(),
        public: st.world.note_is_public(n),
        read,
        solution: if with_solution && read {
            st.solutions.get(&n).map(|s| s.to_string())
        } else {
            None
        },
    }
}
