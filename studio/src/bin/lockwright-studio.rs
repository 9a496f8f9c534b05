//! `lockwright-studio`: the lock design studio's window. It takes the same arguments as
//! `lockwright` (every verb works here too); with none it opens the studio.

use std::process::ExitCode;

fn main() -> ExitCode {
    workshop::cli::main(studio::open_studio, workshop::cli::connected_here)
}
