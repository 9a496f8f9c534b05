//! Lockwright's studio, as a library so that its program stays thin and the studio's flows can
//! be tested from `tests/`. What needs no window (the family registry, files, templates,
//! pictures, settings, tokens and the command line) is the `workshop` crate, re-exported here
//! under the same names.
//!
//! # Layout
//! - [`app`]: the root of the studio window; it only routes between screens.
//! - [`screen`]: one module per screen, each with its state, `Message`, `Event`, `update` and
//!   `view`; [`screen::hexlock`] holds the hex lock's editor and play screens, [`screen::tutorial`] the
//!   lessons of every series.
//! - [`hexlock`]: the hex lock's canvas, picture, canvas edits, templates and tutorial series.
//! - [`nonogram`]: the nonogram's canvas and picture.
//! - [`family`]: the registry of puzzle families, by file extension.
//! - [`cli`]: the command line, one file per verb.
//! - [`files`], [`library`], [`watch`], [`settings`], [`keys`], [`tokens`], [`online`]: files
//!   written and read safely, the lock folder, file watching, settings, key actions, login tokens
//!   and the player's side of the metagame.
//! - [`recovery`]: the unsaved text of each buffer, kept to be offered back after a crash.
//! - [`background`]: slow work off the UI thread, and generations that drop stale answers.
//! - [`testing`]: runs the studio's tasks for real in tests.
//! - [`tutorial`]: the lesson series of every family that has one, and the player's progress.
//! - [`stroke`]: the cells a drag crosses on a square grid; [`template`]: the puzzles built
//!   into the binary, as the picker offers them.
//! - [`shape`]: pictures as plain shapes, painted on a canvas and into a PNG alike;
//!   [`refresh`]: what every canvas adds so that the default renderer on OpenGL leaves no stale
//!   frames.

pub use workshop::{
    background, cli, family, files, keys, library, progress, settings, template, tokens, tutorial,
};

pub mod app;
pub mod display;
pub mod hexlock;
pub mod highlight;
pub mod nonogram;
pub mod online;
pub mod quadrillion;
pub mod recovery;
pub mod refresh;
pub mod screen;
pub mod shape;
pub mod sliding;
pub mod stroke;
pub mod testing;
pub mod watch;

use std::process::ExitCode;

/// Opens the studio on the user's lock folder, or on a given file or folder.
pub fn open_studio(path: Option<std::path::PathBuf>) -> ExitCode {
    if let Some(why) = path
        .as_deref()
        .filter(|p| !library::names_a_folder(p))
        .and_then(family::refusal)
    {
        eprintln!("lockwright: {why}");
        return ExitCode::from(2);
    }
    if let Err(why) = display::check() {
        eprintln!(
            "lockwright: the studio needs a display, and this machine has none ({why}); \
             the command-line interface works without one: run `lockwright --help`."
        );
        return ExitCode::from(1);
    }
    let settings_path = settings::Settings::default_path();
    let settings = match settings_path.as_deref().map(settings::Settings::load) {
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("lockwright: {e:#}; using the default settings");
            match settings_path.as_deref() {
                Some(path) => settings::Settings::in_place_of_unreadable(path, &e),
                None => settings::Settings::default(),
            }
        }
        None => settings::Settings::default(),
    };
    let default_folder = settings
        .lock_folder
        .clone()
        .or_else(library::default_folder);
    let (folder, file) = match path {
        Some(p) => library::folder_for(p),
        None => match default_folder {
            Some(f) => (f, None),
            None => {
                eprintln!(
                    "lockwright: cannot find a home folder for the locks; run `lockwright studio FOLDER`"
                );
                return ExitCode::from(1);
            }
        },
    };
    // A webpbn XML file opens as the nonogram it holds, unsaved, not as a hex lock in error.
    let imported = match file.as_deref().filter(|f| nonogram::webpbn::is_webpbn(f)) {
        Some(xml) => match nonogram::webpbn::import(xml) {
            Ok(imported) => Some(imported),
            Err(nonogram::webpbn::Refused::Read(e)) => {
                eprintln!("lockwright: {e:#}");
                return ExitCode::from(2);
            }
            Err(nonogram::webpbn::Refused::Xml(text, e)) => {
                cli::print_diagnostics(&xml.display().to_string(), &text, &[e.into()]);
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    let start = app::Start {
        folder,
        file,
        imported,
        settings,
        settings_path,
        online: screen::online::Setup::for_user(),
    };
    match display::open(|| app::run(start)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("lockwright: the studio window could not open: {e}");
            ExitCode::from(1)
        }
        Err(why) => {
            eprintln!(
                "lockwright: the studio could not open a window on the display {} ({why}); \
                 the command-line interface works without one: run `lockwright --help`.",
                display::named()
            );
            ExitCode::from(1)
        }
    }
}
