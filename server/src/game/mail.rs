//! Players' mail settings, and the mail a change queues for those who asked for it.

use super::*;
use crate::mail::{CODE_LIFETIME, MailError};
use crate::storage::{MailSettings, Notify};

/// What a player is mailed about (see [`Notify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mailed {
    /// A note declared on one of their locks.
    Declared,
    /// One of their locks made public.
    MadePublic,
    /// A Death Match challenge.
    Challenged,
}

impl Mailed {
    fn wanted(self, notify: Notify) -> bool {
        match self {
            Mailed::Declared => notify.declared,
            Mailed::MadePublic => notify.made_public,
            Mailed::Challenged => notify.challenged,
        }
    }
}

/// The locks that notes behind `lock` are declared on, and whether each is public now: what
/// retiring `lock` may make public.
pub(super) fn publicity_behind(st: &State, lock: Option<LockId>) -> Vec<(LockId, bool)> {
    let Some(rec) = lock.and_then(|l| st.world.lock(l)) else {
        return Vec::new();
    };
    let mut on: Vec<LockId> = rec
        .notes_behind
        .iter()
        .filter_map(|n| st.world.note(*n).map(|n| n.on))
        .collect();
    on.sort();
    on.dedup();
    on.into_iter().map(|l| (l, st.world.is_public(l))).collect()
}

impl Game {
    /// Whether this server sends mail.
    pub fn mail_on(&self) -> bool {
        self.mail_queued.is_some()
    }

    /// Gives a player's address and what they want to be told; mails them a code to prove the
    /// address is theirs. Nothing else is mailed until they send it back.
    pub fn give_mail(
        &self,
        player: PlayerId,
        address: &str,
        notify: Notify,
    ) -> Result<MailSettings, GameError> {
        if !self.mail_on() {
            return Err(MailError::Off.into());
        }
        crate::mail::check_address(address)?;
        let code = crate::mail::new_code();
        let expires = crate::storage::now_ms() + CODE_LIFETIME.as_millis() as i64;
        let mut db = self.db();
        db.set_mail(
            player,
            address,
            notify,
            &crate::auth::token_hash(&code),
            expires,
        )?;
        let codename = self.codename(player).unwrap_or_default();
        db.queue_mail(
            address,
            "Your Lockwright code",
            &format!(
                "Someone, probably you, gave this address to the Lockwright server as {codename}'s.\n\n\
                 To confirm it, enter this code: {code}\n\n\
                 It holds for a day. If it was not you, ignore this mail: nothing more will be sent."
            ),
        )?;
        let settings = db.mail(player)?.ok_or(MailError::NoAddress)?;
        drop(db);
        self.mail_queued();
        Ok(settings)
    }

    /// Confirms a player's address with the code mailed to it.
    pub fn verify_mail(&self, player: PlayerId, code: &str) -> Result<MailSettings, GameError> {
        let mut db = self.db();
        let settings = db.mail(player)?.ok_or(MailError::NoAddress)?;
        if settings.verified {
            return Ok(settings);
        }
        let hash = crate::auth::token_hash(code.trim().to_ascii_uppercase().as_str());
        let fresh = settings
            .code_expires_ms
            .is_some_and(|at| at > crate::storage::now_ms());
        if !fresh || settings.code_hash.as_deref() != Some(hash.as_str()) {
            return Err(MailError::WrongCode.into());
        }
        db.verify_mail(player)?;
        Ok(db.mail(player)?.ok_or(MailError::NoAddress)?)
    }

    /// Changes what a player wants to be told.
    pub fn set_notify(&self, player: PlayerId, notify: Notify) -> Result<MailSettings, GameError> {
        let mut db = self.db();
        if !db.set_notify(player, notify)? {
            return Err(MailError::NoAddress.into());
        }
        Ok(db.mail(player)?.ok_or(MailError::NoAddress)?)
    }

    /// A player's address and settings.
    pub fn mail_settings(&self, player: PlayerId) -> Result<MailSettings, GameError> {
        Ok(self.db().mail(player)?.ok_or(MailError::NoAddress)?)
    }

    /// Forgets a player's address; returns whether there was one.
    pub fn forget_mail(&self, player: PlayerId) -> Result<bool, GameError> {
        Ok(self.db().forget_mail(player)?)
    }

    /// Mails `player` about something, if this server mails, their address is verified and
    /// they asked to be told of it. Called with the database held, after the change
    /// committed; a failure to queue is logged, never the change's failure.
    pub(super) fn mail_to(
        &self,
        db: &mut Storage,
        player: PlayerId,
        what: Mailed,
        subject: &str,
        body: &str,
    ) {
        if !self.mail_on() {
            return;
        }
        let queued = db.mail(player).and_then(|settings| match settings {
            Some(s) if s.verified && what.wanted(s.notify) => {
                db.queue_mail(&s.address, subject, body).map(|()| true)
            }
            _ => Ok(false),
        });
        match queued {
            Ok(true) => self.mail_queued(),
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, ?what, "cannot queue a mail"),
        }
    }

    /// Mails the owners of locks that a retirement made public.
    pub(super) fn mail_made_public(&self, db: &mut Storage, before: Vec<(LockId, bool)>) {
        if !self.mail_on() {
            return;
        }
        let now_public: Vec<(LockId, PlayerId)> = {
            let st = self.read();
            before
                .into_iter()
                .filter(|&(l, was)| !was && st.world.is_public(l))
                .filter_map(|(l, _)| st.world.lock(l).map(|r| (l, r.owner)))
                .collect()
        };
        for (lock, owner) in now_public {
            self.mail_to(
                db,
                owner,
                Mailed::MadePublic,
                &format!("Your lock #{} is public", lock.0),
                &format!(
                    "Three notes on your lock #{} became public: every player now accesses it.",
                    lock.0
                ),
            );
        }
    }

    /// Mails a player challenged to a Death Match, if they asked for it.
    pub fn mail_challenged(&self, challenged: PlayerId, challenger: &str, match_id: i64) {
        let mut db = self.db();
        self.mail_to(
            &mut db,
            challenged,
            Mailed::Challenged,
            &format!("{challenger} challenges you to a Death Match"),
            &format!(
                "{challenger} challenged you to a Death Match (match {match_id}). Accept or decline it in Lockwright."
            ),
        );
    }

    /// What wakes the mailer when a mail is queued; `None` when this server sends no mail.
    pub fn mail_waker(&self) -> Option<Arc<tokio::sync::Notify>> {
        self.mail_queued.clone()
    }

    fn mail_queued(&self) {
        if let Some(n) = &self.mail_queued {
            n.notify_one();
        }
    }

    /// Mail waiting to be sent.
    pub fn queued_mail(&self) -> i64 {
        self.db().queued_mail().unwrap_or(0)
    }
}
