//! The sliding lock screen (Lockmaker's locks): the canvas beside the `.slide` source, for
//! authoring and playing.
//!
//! - [`editor`]: the screen — its state, messages, update and view.
//! - [`author`]: the author's canvas edits, as functions from one document to the next.
//! - [`game`]: a game in progress: moves counted as the seed counts them, undo, redo, restart.
//! - [`solver`]: the solver run off the UI thread, and its answer in words.

pub mod author;
pub mod editor;
pub use crate::sliding::game;
pub mod solver;
