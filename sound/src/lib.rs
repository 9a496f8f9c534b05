//! The studio's sounds: a few short cues for a move, a blocked force, a lock opened, a note
//! declared and a Death Match turn, as in the Intricacy client.
//!
//! Sound is off by default in the studio; the player turns it on and sets its volume in the
//! settings. The cues are synthesized in code ([`samples`]), so the crate ships no sound files,
//! and a [`Speaker`] plays them on the machine's default audio output. A machine with no audio
//! device (a server, CI, a container) is no problem: the speaker stays silent, says why
//! ([`Speaker::silent_because`]) and never fails, blocks or panics.
//!
//! ```
//! use sound::{Cue, Speaker};
//!
//! let speaker = Speaker::new(); // opens nothing yet
//! speaker.play(Cue::Opened, 0.8); // returns at once; opens the device the first time
//! assert!(!sound::samples(Cue::Move, 48_000).is_empty());
//! ```
//!
//! # Layout
//! - [`Cue`] (here): the sounds there are and when each plays.
//! - `synth`: [`samples`], a pure function from a cue and a sample rate to mono samples.
//! - `speaker`: [`Speaker`], the audio output: opened lazily on a background thread, silent for
//!   good after any error, with the reason kept for the settings screen.
//! - `error`: why a speaker is silent.
//!
//! `docs/sound.md` describes each sound and how the studio uses them.

#![deny(missing_docs)]

mod error;
mod speaker;
mod synth;

pub use speaker::Speaker;
pub use synth::{MAX_DURATION_MS, samples};

/// One of the studio's sounds: what just happened in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A move was taken: a turn of the hex player, a slide in the sliding player or a cell set in
    /// the nonogram player. A soft, short tick.
    Move,
    /// A move was taken but its force was blocked: nothing (or not what was pushed) moved. A low,
    /// dull thud.
    Blocked,
    /// A lock was opened, or a puzzle solved. A rising three-note chime.
    Opened,
    /// A note was declared online (a solution noted on the server). A bell-like ping.
    Note,
    /// A Death Match phase turned: the other side is now to play. A two-tone knock.
    Turn,
}

impl Cue {
    /// Every cue, in declaration order: for a settings screen's "try it" buttons, and for tests.
    pub const ALL: [Cue; 5] = [Cue::Move, Cue::Blocked, Cue::Opened, Cue::Note, Cue::Turn];
}
