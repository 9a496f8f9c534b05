//! Standard output for the verbs. A reader that closes the pipe early (`lockwright diff … | head`)
//! ends the command quietly, as ripgrep and the Unix tools do, instead of a panic; any other
//! failure to write is said once on standard error.

use std::io::Write;

/// Writes to standard output; on a closed pipe the process ends quietly with status 0.
pub fn write(args: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("lockwright: cannot write to standard output: {e}");
        std::process::exit(2);
    }
}

/// `println!` for the verbs: see [`write`].
#[macro_export]
macro_rules! say {
    () => {
        $crate::cli::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for the verbs: see [`write`].
#[macro_export]
macro_rules! say_raw {
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!($($arg)*))
    };
}
