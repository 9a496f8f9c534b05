//! The command-line program's ways into its siblings, installed and built beside it, which
//! take over the process: the studio (`lockwright-studio`) to open its window, and
//! `lockwright-connected` to run a connected verb (see [`super::Connected`]).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// The studio's program's name.
pub const STUDIO: &str = "lockwright-studio";

/// The name of the program that runs the connected verbs.
pub const CONNECTED: &str = "lockwright-connected";

/// Where a sibling program is: beside this one. `wanted` says what it is wanted for.
fn sibling(name: &str, wanted: &str) -> Result<PathBuf, String> {
    let me = std::env::current_exe()
        .map_err(|e| format!("cannot tell where this program is, to find {name}: {e}"))?;
    let program = me.with_file_name(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if program.is_file() {
        Ok(program)
    } else {
        Err(format!(
            "{wanted} {name}, and it is not beside this one ({} is missing): build it with \
             `cargo build --release -p lockwright-studio`",
            program.display()
        ))
    }
}

/// Runs the studio with this process's arguments, in this process's place where the system
/// allows it, and gives back its exit code otherwise.
pub fn studio() -> ExitCode {
    hand_over(STUDIO, "the studio is its own program,", "the studio")
}

/// Runs a connected verb in its own program, with this process's arguments.
pub fn connected() -> ExitCode {
    hand_over(
        CONNECTED,
        "this command (it serves, talks to a server, or holds the terminal or an editor's \
         connection) runs in",
        "this command",
    )
}

/// Hands this process over to the sibling program `name`, with the same arguments.
fn hand_over(name: &str, wanted: &str, what: &str) -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let program = match sibling(name, wanted) {
        Ok(p) => p,
        Err(why) => {
            eprintln!("lockwright: {why}");
            return ExitCode::from(2);
        }
    };
    let mut command = Command::new(&program);
    command.args(&args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt as _;
        let e = command.exec();
        eprintln!(
            "lockwright: cannot start {what} ({}): {e}",
            program.display()
        );
        ExitCode::from(2)
    }
    #[cfg(not(unix))]
    match command.status() {
        Ok(status) => match status.code() {
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            None => ExitCode::from(1),
        },
        Err(e) => {
            eprintln!(
                "lockwright: cannot start {what} ({}): {e}",
                program.display()
            );
            ExitCode::from(2)
        }
    }
}
