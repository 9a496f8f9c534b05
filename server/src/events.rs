//! Live events: what changed in the game, sent to every connected player as server-sent
//! events. Placing, retiring and declaring are public facts (a lock's text and a note's
//! declarer are public), so every player may see them; what each player has newly read is
//! personal, and is sent only to that player as a `read` event.

use serde::{Deserialize, Serialize};

use crate::protocol::LockRef;

/// One change to the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Event {
    /// A player joined.
    Registered {
        /// Their codename.
        codename: String,
    },
    /// A lock was placed in a slot.
    Placed {
        /// The owner.
        owner: String,
        /// The slot.
        slot: u8,
        /// The new lock.
        lock: i64,
    },
    /// A lock left its slot; the notes behind it are public now.
    Retired {
        /// The owner.
        owner: String,
        /// The slot.
        slot: u8,
        /// The retired lock.
        lock: i64,
        /// The notes made public.
        made_public: Vec<i64>,
    },
    /// A solution was declared: a note was secured.
    Declared {
        /// The note.
        note: i64,
        /// The declarer.
        author: String,
        /// The lock solved.
        lock: LockRef,
        /// The lock the note is behind.
        behind: LockRef,
    },
    /// Sent to one player only: they have read new notes (their access grew).
    Read {
        /// How many notes they have read now.
        notes: usize,
    },
}

impl Event {
    /// The SSE event name.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Registered { .. } => "registered",
            Event::Placed { .. } => "placed",
            Event::Retired { .. } => "retired",
            Event::Declared { .. } => "declared",
            Event::Read { .. } => "read",
        }
    }
}

impl Event {
    /// The event written once for every follower: its name and its JSON.
    pub fn frame(&self) -> Frame {
        Frame {
            name: self.name(),
            data: serde_json::to_string(self).unwrap_or_else(|_| "{}".into()),
        }
    }
}

/// An event ready to send: serialized once, whatever the number of followers.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The SSE event name.
    pub name: &'static str,
    /// The JSON.
    pub data: String,
}

/// What one change sends to every follower: its public events, and the new count of notes
/// read of each followed player whose count changed. Each follower sends the events, then a
/// `read` event if its own player is in `reads`: the server works out access once per change
/// for the players it concerns, never once per follower.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// The public events, in order.
    pub frames: Vec<Frame>,
    /// Followed players whose count of read notes changed, with the new count.
    pub reads: rules::metagame::IdMap<rules::metagame::PlayerId, usize>,
}
