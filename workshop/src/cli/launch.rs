//! The command-line program's way into the studio: the studio is a program of its own,
//! `lockwright-studio`, installed and built beside `lockwright`, which takes over the process.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// The studio's program's name.
pub const STUDIO: &str = "lockwright-studio";

/// Where the studio's program is: beside this one.
fn studio_program() -> Result<PathBuf, String> {
    let me = std::env::current_exe()
        .map_err(|e| format!("cannot tell where this program is, to find the studio: {e}"))?;
    let studio = me.with_file_name(format!("{STUDIO}{}", std::env::consts::EXE_SUFFIX));
    if studio.is_file() {
        Ok(studio)
    } else {
        Err(format!(
            "the studio is its own program, {STUDIO}, and it is not beside this one ({} is \
             missing): build it with `cargo build --release -p lockwright-studio`, or run it \
             with `cargo run --release`; every command works without it",
            studio.display()
        ))
    }
}

/// Runs the studio with this process's arguments, in this process's place where the system
/// allows it, and gives back its exit code otherwise.
pub fn studio() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let program = match studio_program() {
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
            "lockwright: cannot start the studio ({}): {e}",
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
                "lockwright: cannot start the studio ({}): {e}",
                program.display()
            );
            ExitCode::from(2)
        }
    }
}
