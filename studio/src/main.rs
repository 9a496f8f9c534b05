//! `lockwright`: the command-line interface of the lock design studio.
//!
//! Every job the studio does on a puzzle is a subcommand, scriptable, with exit codes and
//! `--json`. With no arguments (or `studio PATH`) it hands over to the studio's own program,
//! `lockwright-studio`, beside it, and the connected verbs (`serve`, `match`, the online
//! verbs, `term`, `lsp`) to `lockwright-connected`. This program links only `workshop`'s local verbs: never
//! the studio's windowing crates, whose libraries a static initialiser loads at start as soon
//! as they are linked, nor the server with its HTTP stack and databases, whose relocations the
//! dynamic loader applies at every start. A script running it thousands of times pays only for
//! the work it asks for.

use std::process::ExitCode;

fn main() -> ExitCode {
    workshop::cli::main(
        workshop::cli::hand_over_to_studio,
        workshop::cli::connected_elsewhere,
    )
}
