//! `lockwright`: the lock design studio, and its command-line interface.
//!
//! With no arguments it opens the studio; every job the studio does on a lock is also a
//! subcommand, scriptable, with exit codes and `--json`.

mod cli;
mod describe;
mod display;
mod files;
mod templates;

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
        None => open_studio(),
    }
}

fn open_studio() -> ExitCode {
    if let Err(why) = display::check() {
        eprintln!(
            "lockwright: the studio needs a display, and this machine has none ({why}); \
             the command-line interface works without one: run `lockwright --help`."
        );
        return ExitCode::from(1);
    }
    eprintln!(
        "lockwright: this build has no studio window yet; \
         the command-line interface does the same jobs: run `lockwright --help`."
    );
    ExitCode::from(1)
}
