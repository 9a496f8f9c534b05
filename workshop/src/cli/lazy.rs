//! Arguments whose definitions clap builds only when their verb is the one being read.
//!
//! Building the whole command tree was most of the command-line program's start: every verb's
//! arguments, with their help texts, made and dropped again for `lockwright --version` or a
//! one-line `solve`. A verb's argument struct wrapped in [`Lazy`] is handed to clap as a
//! deferred builder (`Command::defer`), which clap runs when it descends into that verb, for
//! its help, or when a whole tree is wanted (completions, manual pages).
//!
//! A family's verbs, the online verbs and the match verbs are deferred whole instead, each
//! enum by `#[command(defer = true)]`. The two do not nest (clap keeps one deferred builder a
//! command, and a second set while the first runs is never run), so the verbs of those enums
//! take their arguments plain, and the argument structs flattened into them carry no doc
//! comment, which clap would show as each verb's description over its own.

use clap::{ArgMatches, Args, Command, FromArgMatches};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the whole tree is wanted at once: clap makes its `help` verb's tree of every verb
/// when the root is built, before a deferred verb has its own verbs.
static EAGER: AtomicBool = AtomicBool::new(false);

/// From now on every verb is defined at once (completions, manual pages).
pub fn all_at_once() {
    EAGER.store(true, Ordering::Relaxed);
}

/// `augment`'s arguments on `cmd`, now or when the verb is read.
pub(crate) fn defer(cmd: Command, augment: fn(Command) -> Command) -> Command {
    if EAGER.load(Ordering::Relaxed) {
        augment(cmd)
    } else {
        cmd.defer(augment)
    }
}

/// A verb's arguments, defined only when the verb is read.
#[derive(Debug, Clone)]
pub struct Lazy<T>(pub T);

impl<T> Deref for Lazy<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Lazy<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }
    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
    fn augment_args(cmd: Command) -> Command {
        defer(cmd, |cmd| keeping_about(cmd, T::augment_args))
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        defer(cmd, |cmd| keeping_about(cmd, T::augment_args_for_update))
    }
}

/// Adds the arguments, keeping the verb's own description: the struct's documentation would
/// replace it otherwise, as clap applies it after the verb's when the arguments come late.
pub(crate) fn keeping_about(cmd: Command, augment: fn(Command) -> Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd,
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd,
    }
}
