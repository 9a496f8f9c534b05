//! The command-line interface: one subcommand per job the studio does on a lock.

pub(crate) mod animate;
pub(crate) mod answer;
mod check;
mod death_match;
mod diff;
mod fmt;
mod launch;
pub mod lazy;
mod manual;
pub(crate) mod new;
mod online;
pub use online::DEFAULT_SERVER;
pub mod output;
pub(crate) mod play;
pub(crate) mod render;
mod serve;
pub(crate) mod solve;
mod source;
pub(crate) mod thinking;
pub mod verbs;
pub(crate) mod verify;

use crate::family::Family;
use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Lockwright: a lock design studio for the hex-grid lockpicking game Intricacy.
///
/// With no command, opens the studio. Every command works without a display.
#[derive(Parser, Debug)]
#[command(
    name = "lockwright",
    version,
    about = "Lockwright: the lock design studio and its command-line interface",
    long_about = None
)]
pub struct Cli {
    /// What to do; with none, the studio opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Create a new puzzle file: a lock NAME.lock from a template or as an empty lock of a
    /// size, with `--kind nonogram` an empty nonogram NAME.non of a width and height, with
    /// `--kind quadrillion` the default Quadrillion board NAME.quad, or with `--kind sliding`
    /// a sliding lock NAME.slide of a width and height holding the Key and the Keyhole.
    New(lazy::Lazy<verbs::NewArgs>),
    /// Check puzzle files of every family: print nothing and exit 0 when all are valid, else
    /// print diagnostics and exit 1 (errors found) or 2 (a file could not be read at all).
    Check {
        /// The puzzle files (.lock, .non, .quad, .slide), or folders: every puzzle file in
        /// them and their subfolders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// One JSON object per file on standard output, a line each: its `status` (`valid`,
        /// `invalid` or `error`), its first error as `message`, and its `diagnostics`.
        #[arg(long)]
        json: bool,
        /// The family of standard input, named `-` among the files: `lock`, `nonogram`,
        /// `quadrillion` or `sliding` (a file's family is told by its extension).
        #[arg(long, value_parser = crate::family::KINDS)]
        kind: Option<String>,
    },
    /// Play moves on a lock: print the lock after each move, with the blockages of that turn
    /// (a sliding lock: the board after each move, and a refused move with its reason).
    Play(lazy::Lazy<verbs::PlayArgs>),
    /// Open the studio on a puzzle file or a folder of puzzles.
    Studio {
        /// The file or folder.
        path: PathBuf,
    },
    /// Show the difference between two puzzle files of one family: a line diff and what changed
    /// in the family's words (pieces, clues, grids and shapes).
    Diff {
        /// The old version.
        old: PathBuf,
        /// The new version.
        new: PathBuf,
        /// Print JSON for tools.
        #[arg(long)]
        json: bool,
    },
    /// Draw a puzzle as a PNG picture: a lock, a nonogram's clues and grid, a Quadrillion
    /// board, or a sliding lock; with `--animate`, its solution played, as a GIF.
    Render(lazy::Lazy<verbs::RenderArgs>),
    /// Rewrite puzzle files of every family in canonical form, keeping comments.
    Fmt {
        /// The puzzle files (.lock, .non, .quad, .slide), or folders: every puzzle file in
        /// them and their subfolders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing: exit 1 and name the files that are not in canonical form.
        #[arg(long)]
        check: bool,
        /// The family of standard input, named `-` among the files, whose canonical form is
        /// printed on standard output (as an editor's formatter takes it): `lock`,
        /// `nonogram`, `quadrillion` or `sliding`.
        #[arg(long, value_parser = crate::family::KINDS)]
        kind: Option<String>,
    },
    #[command(flatten)]
    Online(online::Verb),
    /// Lockmaker's Death Match: challenge, accept, draft, submit a lock and solutions, choose,
    /// countersolve, watch; `--bot --bot --speed N` plays a whole match between two bots,
    /// `--bot` hosts one against a bot for you to play.
    Match(lazy::Lazy<death_match::MatchArgs>),
    /// Run the metagame server in this process, with the same flags, environment and TOML
    /// configuration as `lockwright-server`; SIGINT or SIGTERM stops it.
    Serve(lazy::Lazy<Box<server::config::ServeArgs>>),
    /// Play in this terminal, full screen: the tutorial's lessons and a folder's puzzles, with
    /// the studio's keys and progress (without a terminal it says so and exits 2).
    Term {
        /// A puzzle file to play at once, or a folder whose puzzles to list (else the
        /// library folder).
        path: Option<PathBuf>,
        /// The metagame's server (else the settings' `server-url`, else
        /// http://127.0.0.1:27001).
        #[arg(long, value_name = "URL")]
        server: Option<String>,
    },
    /// Print the completion script of a shell for `lockwright` on standard output, e.g.
    /// `lockwright completions bash > ~/.local/share/bash-completion/completions/lockwright`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the manual pages, `lockwright.1` and one for every verb, into a folder (else
    /// print the main page on standard output).
    Man {
        /// The folder, e.g. `~/.local/share/man/man1`.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Speak the Language Server Protocol on standard input and output, for an editor:
    /// diagnostics, formatting, hover, completion, highlighting, names and the solver's
    /// verdict for every puzzle family (docs/editors.md shows each editor's setup).
    Lsp,
    /// Search a lock for a shortest solution, prove it cannot be opened, or analyse it; or
    /// solve a nonogram (unique, several or none), a Quadrillion board, or a sliding lock
    /// (fewest moves, or a proof it cannot be picked).
    Solve(lazy::Lazy<solve::SolveArgs>),
    /// Check a solution file: exit 0 exactly when its moves open the lock (or pick a sliding
    /// lock), else say why and exit 1.
    Verify(lazy::Lazy<verbs::VerifyArgs>),
}

/// The family of a file a verb was given: its extension's, or a hex lock's when its text
/// begins as one does. A file that cannot be read says why (a FIFO, a device, a folder), and
/// any other is refused, naming the families there are: nothing falls back to a hex lock.
pub fn family_of(path: &std::path::Path) -> Result<Family> {
    if let Some(family) = Family::of_path(path) {
        return Ok(family);
    }
    let bytes = crate::files::read_bytes(path, MAX_READ_BYTES)?;
    crate::family::of_file_text(path, &bytes).with_context(|| {
        crate::family::refusal_of_text(path, &bytes)
            .unwrap_or_else(|| format!("{} is no puzzle file", path.display()))
    })
}

/// A family with no move notation has nothing to play or verify: it is said so, with what
/// the user can do instead.
fn no_moves(file: &std::path::Path, family: Family) -> anyhow::Error {
    anyhow::anyhow!(
        "{} is a {}, which has no moves to play or verify: `play` and `verify` are for hex locks and sliding locks. Solve it with `lockwright solve {}`, or play it in the studio (`lockwright studio {}`)",
        file.display(),
        family.info().name,
        file.display(),
        file.display()
    )
}

/// The files named, with each folder among them replaced by the puzzle files in it and its
/// subfolders (as the studio lists a folder), so that `check locks/` checks a collection. A
/// folder holding none is refused rather than passed as checked.
fn in_folders(named: Vec<PathBuf>) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for path in named {
        if !path.is_dir() {
            out.push(path);
            continue;
        }
        let listed = crate::library::list(&path);
        if listed.is_empty() {
            anyhow::bail!(
                "{} holds no puzzle file (.lock, .non, .quad or .slide), in it or below",
                path.display()
            );
        }
        out.extend(listed.into_iter().map(|l| l.path));
    }
    Ok(out)
}

/// The puzzle files a verb reads (not `check` and `fmt`, which say so file by file).
fn puzzle_files(command: &Command) -> Vec<&std::path::Path> {
    match command {
        Command::Play(args) => vec![&args.file],
        Command::Render(args) => vec![&args.file],
        Command::Diff { old, new, .. } => vec![old, new],
        _ => Vec::new(),
    }
}

/// What both programs do with their arguments: a verb runs here; no verb (or `studio`) opens
/// the studio with `open_studio`. The studio's own program opens its window; the command-line
/// program hands over to the studio's, so that a verb's process never loads the windowing
/// system (its libraries are loaded by a static initialiser as soon as they are linked).
pub fn main(open_studio: fn(Option<PathBuf>) -> ExitCode, connected: Connected) -> ExitCode {
    let args = match parsed() {
        Parsed::Cli(args) => args,
        Parsed::Own(run, matches) => {
            return run(&matches).unwrap_or_else(|e| {
                eprintln!("lockwright: error: {e:#}");
                ExitCode::from(2)
            });
        }
    };
    match args.command {
        Some(command) => match run(command, open_studio, connected) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("lockwright: error: {e:#}");
                ExitCode::from(2)
            }
        },
        None => open_studio(None),
    }
}

/// The command line, read: one of the shared verbs (or none), or a family's own verb.
enum Parsed {
    Cli(Cli),
    Own(fn(&clap::ArgMatches) -> Result<ExitCode>, clap::ArgMatches),
}

/// The command line: [`Cli`] with each family's own verbs under its kind word, from the
/// registry.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    crate::family::FAMILIES
        .iter()
        .filter_map(|f| Some((f.kind, f.verbs.own.as_ref()?)))
        .fold(Cli::command(), |cli, (kind, own)| {
            // After the family's verbs, whose enum's own words would stand otherwise.
            let verbs = lazy::defer(
                clap::Command::new(kind).subcommand_required(true),
                family_verbs,
            );
            cli.subcommand(verbs.about(own.about))
        })
}

/// A family's own verbs under its kind word, added when that word is read.
fn family_verbs(kind: clap::Command) -> clap::Command {
    let own = crate::family::FAMILIES
        .iter()
        .find(|f| f.kind == kind.get_name())
        .and_then(|f| f.verbs.own.as_ref());
    match own {
        Some(own) => lazy::keeping_about(kind, own.command),
        None => kind,
    }
}

/// Reads the process's arguments; a mistake in them is said, with the usage, and exits.
fn parsed() -> Parsed {
    use clap::FromArgMatches;
    let mut command = command();
    let matches = command
        .try_get_matches_from_mut(std::env::args_os())
        .unwrap_or_else(|e| refused(e));
    // The tree is not needed again and the process ends soon: dropping it would cost as much
    // as building what was built.
    std::mem::forget(command);
    let own = matches.subcommand().and_then(|(name, matches)| {
        let family = crate::family::FAMILIES.iter().find(|f| f.kind == name)?;
        Some((family.verbs.own.as_ref()?.run, matches.clone()))
    });
    match own {
        Some((run, matches)) => Parsed::Own(run, matches),
        None => Parsed::Cli(Cli::from_arg_matches(&matches).unwrap_or_else(|e| refused(e))),
    }
}

/// Arguments clap refuses (a flag unknown or out of its range, a file missing): said with
/// the usage on standard error, exit 2. A script that asked for `--json` gets the contract's
/// error object on standard output as well, so that it never reads nothing. Help and the
/// version are no mistake and are printed as they are.
fn refused(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    let asked_json = std::env::args_os().skip(1).any(|a| a == "--json");
    let mistake = !matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if asked_json && mistake {
        // The first paragraph, without clap's "error: " (the usage follows a blank line).
        let said = e.to_string();
        let first: Vec<&str> = said
            .lines()
            .map(str::trim)
            .take_while(|l| !l.is_empty())
            .collect();
        let first = first.join(" ");
        let why = first.strip_prefix("error: ").unwrap_or(&first);
        answer::failed("", &anyhow::anyhow!("{why}"), true);
    }
    e.exit()
}

/// Opens the studio from the command-line program: its own program, beside this one, takes
/// over the process with the same arguments.
pub fn hand_over_to_studio(_path: Option<PathBuf>) -> ExitCode {
    launch::studio()
}

/// How a program runs the connected verbs: those that serve the metagame, talk to a server,
/// hold a terminal full screen or an editor's connection (`serve`, `match`, the online verbs,
/// `term`, `lsp`). They are reached only through this pointer, so that a program which hands
/// them over does not link the server, its HTTP stack and its databases at all: the dynamic
/// loader's work at every start grows with what is linked, and scripts start `lockwright`
/// thousands of times.
pub type Connected = fn(Command) -> Result<ExitCode>;

/// Runs a connected verb in this process (`lockwright-connected` and the studio's program do).
pub fn connected_here(command: Command) -> Result<ExitCode> {
    match command {
        Command::Online(verb) => online::run(verb),
        Command::Serve(args) => serve::run(&args.0),
        Command::Term { path, server } => crate::term::run(path, server),
        Command::Lsp => lockwright_lsp::serve_stdio().map(|()| ExitCode::SUCCESS),
        Command::Match(args) => death_match::run(args.0),
        other => anyhow::bail!("not a connected verb: {other:?}"),
    }
}

/// Hands a connected verb over to `lockwright-connected` beside this one, with the same
/// arguments (the command-line program does).
pub fn connected_elsewhere(_command: Command) -> Result<ExitCode> {
    Ok(launch::connected())
}

fn run(
    command: Command,
    open_studio: fn(Option<PathBuf>) -> ExitCode,
    connected: Connected,
) -> Result<ExitCode> {
    match &command {
        Command::Verify(args) => {
            if let Some(solution) = &args.solution {
                verify::arguments_in_order(&args.file, solution)?
            }
        }
        Command::Play(args) => play::moves_are_no_files(&args.moves)?,
        _ => {}
    }
    if let Some(xml) = puzzle_files(&command)
        .into_iter()
        .find(|f| crate::nonogram::webpbn::is_webpbn(f))
    {
        anyhow::bail!("{}", crate::nonogram::cli::webpbn_is_no_puzzle_file(xml));
    }
    // A text file that no family owns is said to be none, rather than read as a hex lock
    // with an error on every line. `diff` compares the lines of any two texts.
    if !matches!(command, Command::Diff { .. })
        && let Some(why) = puzzle_files(&command)
            .into_iter()
            .find_map(crate::family::refusal)
    {
        anyhow::bail!("{why}");
    }
    match command {
        Command::New(args) => new::dispatch(&args.0),
        Command::Check { files, json, kind } => {
            let shown = shown_all(&files);
            // Refused arguments (`-` without `--kind`, a folder of no puzzles) are answered
            // in the contract's shape too.
            match source::stdin_family(&files, kind.as_deref())
                .and_then(|stdin| Ok((in_folders(files)?, stdin)))
            {
                Ok((files, stdin)) => check::run(&files, json, stdin),
                Err(e) => Ok(answer::failed(&shown, &e, json)),
            }
        }
        Command::Fmt { files, check, kind } => {
            let stdin = source::stdin_family(&files, kind.as_deref())?;
            fmt::run(&in_folders(files)?, check, stdin)
        }
        Command::Solve(args) => solve_all(&args.0),
        Command::Verify(lazy::Lazy(args)) => {
            let json = args.json;
            let shown = args.file.display().to_string();
            let verified = (|| {
                a_puzzle_file(&args.file)?;
                let family = family_of(&args.file)?;
                let verify = family
                    .info()
                    .verbs
                    .verify
                    .ok_or_else(|| no_moves(&args.file, family))?;
                let solution = verify::given_or_saved(&args.file, args.solution)?;
                verify(&args.file, &solution, json)
            })();
            Ok(verified.unwrap_or_else(|e| answer::failed(&shown, &e, json)))
        }
        Command::Studio { path } => Ok(open_studio(Some(path))),
        Command::Diff { old, new, json } => diff::run(&old, &new, json),
        Command::Completions { shell } => manual::completions(shell),
        Command::Man { out } => manual::man(out.as_deref()),
        Command::Online(_)
        | Command::Serve(_)
        | Command::Term { .. }
        | Command::Lsp
        | Command::Match(_) => connected(command),
        Command::Render(lazy::Lazy(args)) => {
            let family = family_of(&args.file)?;
            if args.animate {
                render::only_for(family, args.distinct, false)?;
                animate::gif_output(&args.output)?;
                return animate::run(family, &args);
            }
            render::only_for(family, args.distinct, args.solution.is_some())?;
            render::only_animations_take(&args)?;
            render::png_output(&args.output)?;
            (family.info().verbs.render)(&args)
        }
        Command::Play(lazy::Lazy(args)) => {
            let played = (|| {
                let family = family_of(&args.file)?;
                let play = family
                    .info()
                    .verbs
                    .play
                    .ok_or_else(|| no_moves(&args.file, family))?;
                play(&args)
            })();
            let shown = args.file.display().to_string();
            Ok(played.unwrap_or_else(|e| answer::failed(&shown, &e, args.json)))
        }
    }
}

/// `solve FILE...`: each file (each puzzle file in each folder) in turn, in this one process;
/// a file that fails is answered as such (in JSON with `--json`) and the next is solved. The
/// exit status is the highest of the files' (see [`answer`]).
fn solve_all(args: &solve::SolveArgs) -> Result<ExitCode> {
    let files = match in_folders(args.files.clone()) {
        Ok(files) => files,
        Err(e) => {
            return Ok(answer::failed(&shown_all(&args.files), &e, args.json));
        }
    };
    let mut codes = Vec::with_capacity(files.len());
    for file in files {
        let mut one = args.clone();
        one.file = file;
        let code = solve_one(&one)
            .unwrap_or_else(|e| answer::failed(&one.file.display().to_string(), &e, args.json));
        codes.push(answer::code_of(code));
    }
    Ok(answer::worst(codes))
}

/// The files named, as an answer about all of them names them.
fn shown_all(files: &[PathBuf]) -> String {
    let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    shown.join(" ")
}

/// Refuses a file no family owns (webpbn's XML, a text of none), saying what it is.
fn a_puzzle_file(path: &std::path::Path) -> Result<()> {
    if crate::nonogram::webpbn::is_webpbn(path) {
        anyhow::bail!("{}", crate::nonogram::cli::webpbn_is_no_puzzle_file(path));
    }
    if let Some(why) = crate::family::refusal(path) {
        anyhow::bail!("{why}");
    }
    Ok(())
}

/// `solve` on one file: its family's solver.
fn solve_one(args: &solve::SolveArgs) -> Result<ExitCode> {
    a_puzzle_file(&args.file)?;
    let family = family_of(&args.file)?;
    args.only_for(family)?;
    (family.info().verbs.solve)(args)
}

/// The file `new NAME` writes for a family (NAME, with the family's extension unless it has
/// it) and the title the puzzle takes from the name. A blank name is refused.
pub(crate) fn new_file(
    name: &str,
    family: crate::family::Family,
) -> Result<(std::path::PathBuf, String)> {
    let mut path = std::path::PathBuf::from(name);
    if crate::family::Family::of_path(&path) != Some(family) {
        path.set_extension(family.info().extension);
    }
    let title = path
        .file_stem()
        .and_then(|s| s.to_str())
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .with_context(|| format!("a new {} needs a name", family.info().name))?
        .to_string();
    Ok((path, title))
}

/// Refuses to write over `path` unless `--force` was given.
pub(crate) fn refuse_existing(path: &std::path::Path, force: bool) -> Result<()> {
    if path.exists() && !force {
        anyhow::bail!(
            "{} already exists (use --force to replace it)",
            path.display()
        );
    }
    Ok(())
}

/// `--timeout`: a number of seconds, 0 or more, no longer than a clock can count (a
/// `Duration` built from `1e300` seconds panicked).
pub fn seconds(given: &str) -> Result<std::time::Duration, String> {
    let n: f64 = given
        .trim()
        .parse()
        .map_err(|_| format!("`{given}` is not a number of seconds"))?;
    if !(n.is_finite() && n >= 0.0) {
        return Err(format!("`{given}`: a number of seconds is 0 or more"));
    }
    std::time::Duration::try_from_secs_f64(n)
        .map_err(|_| format!("{given} seconds is longer than a clock can count"))
}

/// Prints diagnostics on standard error, as rustc does, against the text they are about.
pub fn print_diagnostics(path: &str, text: &str, diagnostics: &[lockfmt::Diagnostic]) {
    for d in diagnostics {
        eprint!("{}", d.render(path, text));
    }
}

/// Reads a lock file and parses it; an unreadable file becomes a diagnostic at its start.
///
/// Only a regular file of at most [`MAX_READ_BYTES`] is read (through
/// [`crate::files::read_bytes`]): a FIFO or a device is refused at once instead of waited on,
/// and `/dev/zero` cannot grow the process. The bytes are parsed as they are, so text that is
/// not UTF-8 still gets the parser's diagnostic, with its line and column.
pub fn read_lock(path: &std::path::Path) -> (String, lockfmt::hexlock::Parsed) {
    parse_read(crate::files::read_bytes(path, MAX_READ_BYTES).map_err(|e| e.to_string()))
}

/// The most any verb reads of a file: the largest file any family reads (a 4096×4096
/// nonogram's clues, 40 MiB), far less than a machine's memory.
pub const MAX_READ_BYTES: u64 = crate::files::MAX_FILE_BYTES;

/// Reads a text file a verb was given (a solution, a rounds file, a lock for a match): a
/// regular file of at most [`MAX_READ_BYTES`], refused at once otherwise; the error names it.
pub fn read_text(path: &std::path::Path) -> Result<String, crate::files::ReadError> {
    crate::files::read_text(path, MAX_READ_BYTES)
}

fn parse_read(read: Result<Vec<u8>, String>) -> (String, lockfmt::hexlock::Parsed) {
    match read {
        Ok(bytes) => {
            let parsed = lockfmt::hexlock::parse_bytes(&bytes);
            (String::from_utf8_lossy(&bytes).into_owned(), parsed)
        }
        Err(message) => {
            let d = lockfmt::Diagnostic::error(lockfmt::Span::START, "io", message);
            (
                String::new(),
                lockfmt::hexlock::Parsed {
                    diagnostics: vec![d],
                    ..Default::default()
                },
            )
        }
    }
}
