//! The rules of Lockwright's games between players, pure: no I/O, no clock, no storage. The
//! server hosts them (storage, HTTP, clocks); the studio and the command line ask them what a
//! player may do and what a match shows, without linking a server.
//!
//! # Layout
//! - [`metagame`]: Intricacy's metagame — slots, notes, the access fixpoint, relative scores.
//! - [`death_match`]: Lockmaker's two-player Death Match of sliding locks, as a state machine
//!   driven by time values, with its seeded rounds and its practice bot.
//!
//! Below this crate are the engine (the sliding lock's rules, which the Death Match plays) and
//! the formats (a lock travels as the text of its `.slide` file).
#![deny(missing_docs)]

pub mod death_match;
pub mod metagame;
