//! `lockwright-connected`: the command line's connected verbs (`serve`, `match`, the online
//! verbs, `term`, `lsp`), to which `lockwright` hands them over. It takes the same arguments
//! as `lockwright` (every verb works here too) and, like it, never links the windowing
//! system; it links what `lockwright` leaves out so that `lockwright` starts fast: the server,
//! its HTTP stack and databases, the terminal client and the language server.

use std::process::ExitCode;

fn main() -> ExitCode {
    workshop::cli::main(
        workshop::cli::hand_over_to_studio,
        workshop::cli::connected_here,
    )
}
