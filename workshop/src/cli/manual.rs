//! Shell completions and manual pages, made from the command line's own definition
//! ([`super::command`], the family verbs included), so that they never drift from it.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// The program's name, as the shell and `man` know it.
const PROGRAM: &str = "lockwright";

/// The command line with every verb's arguments defined, as the scripts and pages describe
/// them all.
fn whole_command() -> clap::Command {
    super::lazy::all_at_once();
    super::command()
}

/// Prints the completion script for `shell` on standard output.
pub fn completions(shell: clap_complete::Shell) -> Result<ExitCode> {
    let mut command = whole_command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, PROGRAM, &mut out);
    print(&out).context("cannot write the completion script")?;
    Ok(ExitCode::SUCCESS)
}

/// Writes to standard output; a reader that stopped early (`| head`) is no error.
fn print(bytes: &[u8]) -> std::io::Result<()> {
    match std::io::stdout().write_all(bytes) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Writes `lockwright.1` and a page for every verb (`lockwright-check.1`, …) into `folder`, or
/// prints the main page on standard output when no folder is given.
pub fn man(folder: Option<&Path>) -> Result<ExitCode> {
    let mut command = whole_command().name(PROGRAM);
    command.build();
    let Some(folder) = folder else {
        let mut out = Vec::new();
        clap_mangen::Man::new(command)
            .render(&mut out)
            .context("cannot write the manual page")?;
        print(&out).context("cannot write the manual page")?;
        return Ok(ExitCode::SUCCESS);
    };
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot make the folder {}", folder.display()))?;
    let mut written = 0;
    write_page(folder, PROGRAM, command.clone())?;
    written += 1;
    // clap's own `help` verb has no page: `lockwright.1` says what `--help` says.
    for verb in command
        .get_subcommands()
        .filter(|v| !v.is_hide_set() && v.get_name() != "help")
    {
        let name = format!("{PROGRAM}-{}", verb.get_name());
        write_page(folder, &name, verb.clone().name(name.clone()))?;
        written += 1;
    }
    crate::say!(
        "Wrote {written} manual pages to {}: `man -l {}/{PROGRAM}.1` reads the first; put the folder on MANPATH (its `man1`) for `man {PROGRAM}`.",
        folder.display(),
        folder.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn write_page(folder: &Path, name: &str, command: clap::Command) -> Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut out)
        .with_context(|| format!("cannot write the manual page of {name}"))?;
    let path = folder.join(format!("{name}.1"));
    crate::files::write_atomic(&path, &String::from_utf8_lossy(&out))
}
