//! `lockwright`: the lock design studio, and its command-line interface.
//!
//! With no arguments it opens the studio; every job the studio does on a lock is also a
//! subcommand, scriptable, with exit codes and `--json`.

mod app;
mod cli;
mod describe;
mod display;
mod edit;
mod files;
mod highlight;
mod library;
mod online;
mod picture;
mod render;
mod screen;
mod settings;
mod templates;
mod tokens;
mod tutorial;
mod watch;
mod widget;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        Some(command) => match cli::run(command) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("lockwright: error: {e:#}");
                ExitCode::from(2)
            }
        },
        None => open_studio(None),
    }
}

/// Opens the studio on the user's lock folder, or on a given file or folder.
pub fn open_studio(path: Option<std::path::PathBuf>) -> ExitCode {
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
            settings::Settings::default()
        }
        None => settings::Settings::default(),
    };
    let default_folder = settings
        .lock_folder
        .clone()
        .or_else(library::default_folder);
    let (folder, file) = match path {
        Some(p) if p.is_dir() => (p, None),
        Some(p) => (
            p.parent()
                .map(|d| d.to_path_buf())
                .unwrap_or_else(|| ".".into()),
            Some(p),
        ),
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
    let start = app::Start {
        folder,
        file,
        settings,
        settings_path,
        online: screen::online::Setup::for_user(),
    };
    match app::run(start) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lockwright: the studio window could not open: {e}");
            ExitCode::from(1)
        }
    }
}
