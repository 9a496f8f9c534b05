//! `lockwright`: the lock design studio, and its command-line interface.
//!
//! With no arguments it opens the studio; every job the studio does on a lock is also a
//! subcommand, scriptable, with exit codes and `--json`.

use clap::Parser;
use std::process::ExitCode;
use studio::cli;

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
        None => studio::open_studio(None),
    }
}
