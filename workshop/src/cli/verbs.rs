//! What the command line's verbs that take one puzzle — `new`, `solve`, `render`, `play` and
//! `verify` — are given, and how each family answers them: a family's [`Verbs`] stand in its
//! registry entry (`crate::family::FAMILIES`), so that a verb finds a file's family once and
//! asks it, and a new family is answered by its own module.

use super::solve::SolveArgs;
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `verify`: the lock file, the solution file, `--json`.
pub type Verify = fn(&Path, &Path, bool) -> Result<ExitCode>;

/// How a family answers the command line.
pub struct Verbs {
    /// The flags of `solve` its solver takes beyond `--json`, `--timeout` and
    /// `--max-states`, in the order the refusal of the others lists them.
    pub solve_flags: &'static [&'static str],
    /// The flags of `render` its picture takes beyond `--output`, `--width` and `--dark`.
    pub render_flags: &'static [&'static str],
    /// `new`: a new puzzle file.
    pub new: fn(&NewArgs) -> Result<ExitCode>,
    /// `solve`: the solver's answer.
    pub solve: fn(&SolveArgs) -> Result<ExitCode>,
    /// `render`: a PNG picture.
    pub render: fn(&RenderArgs) -> Result<ExitCode>,
    /// `render --animate` and the studio's Export animation: the solution played, frame by
    /// frame, from the puzzle's text (and a solution file's, for a family that has them).
    pub animate: crate::animation::Animate,
    /// `play`: moves played and shown; `None` for a family with no move notation.
    pub play: Option<fn(&PlayArgs) -> Result<ExitCode>>,
    /// `verify`: whether a solution opens the puzzle (the lock file, the solution file,
    /// `--json`); `None` for a family with no move notation.
    pub verify: Option<Verify>,
    /// The verbs only this family has, under its kind word (`lockwright quadrillion
    /// challenge`); `None` when it has none.
    pub own: Option<Own>,
}

/// A family's own verbs: a clap subcommand named by the family's kind word.
pub struct Own {
    /// What they are, as `lockwright --help` lists them.
    pub about: &'static str,
    /// Adds them to the command named by the kind word (the family's `Verb` enum's
    /// `augment_subcommands`).
    pub command: fn(clap::Command) -> clap::Command,
    /// Runs the one given.
    pub run: fn(&clap::ArgMatches) -> Result<ExitCode>,
}

/// `lockwright new`.
#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// The puzzle's name; the file is NAME.lock, NAME.non, NAME.quad or NAME.slide (a path
    /// may be given). Not needed with `--template list`.
    pub name: Option<String>,
    /// Which family: `lock`, `nonogram`, `quadrillion` or `sliding`; without it, the
    /// family the name's extension names, else a hex lock.
    #[arg(long, value_parser = crate::family::KINDS)]
    pub kind: Option<String>,
    /// A template to start from, of any family: `--template list` lists them all (with
    /// `--kind`, that family's); a name may leave out its family's prefix (`dancer` for
    /// `nonogram-dancer`).
    #[arg(long, short)]
    pub template: Option<String>,
    /// The size of an empty lock (3 to 11).
    #[arg(long, short)]
    pub size: Option<i32>,
    /// A nonogram's or a sliding lock's width, in cells.
    #[arg(long)]
    pub width: Option<usize>,
    /// A nonogram's or a sliding lock's height, in cells.
    #[arg(long)]
    pub height: Option<usize>,
    /// Write the file even if it exists.
    #[arg(long)]
    pub force: bool,
}

impl NewArgs {
    /// The puzzle's name: needed for anything but `--template list`.
    pub fn name(&self) -> Result<&str> {
        self.name.as_deref().ok_or_else(|| {
            anyhow::anyhow!(
                "`new` needs the puzzle's NAME: lockwright new NAME [--kind KIND] [--template T]"
            )
        })
    }
}

/// `lockwright render`.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// The puzzle file.
    pub file: PathBuf,
    /// Where to write the PNG (with `--animate`, the GIF).
    #[arg(long, short)]
    pub output: PathBuf,
    /// The picture's width in pixels (the height follows).
    #[arg(long, default_value_t = 800)]
    pub width: u32,
    /// A hex lock: colour touching pieces differently instead of by kind.
    #[arg(long)]
    pub distinct: bool,
    /// The dark theme's colours.
    #[arg(long)]
    pub dark: bool,
    /// A nonogram: draw its solution in the grid; a Quadrillion board: every shape placed.
    /// With `--animate`: play this solution file's moves (a hex lock's or a sliding lock's),
    /// or without FILE the solver's solution.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub solution: Option<Option<PathBuf>>,
    /// Write an animated GIF of the solution instead: the start, a frame a move (a nonogram's:
    /// a deduction of the line rule; a Quadrillion board's: a shape placed), the end held.
    #[arg(long)]
    pub animate: bool,
    /// With `--animate`: stop the solver after this many seconds (30 unless given).
    #[arg(long, value_parser = super::seconds)]
    pub timeout: Option<std::time::Duration>,
    /// With `--animate`: stop the solver after visiting this many states (a nonogram's or a
    /// Quadrillion board's: search nodes).
    #[arg(long)]
    pub max_states: Option<u64>,
}

/// `lockwright play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The lock file (.lock or .slide).
    pub file: PathBuf,
    /// The moves, in the move notation (`hE hCW wSW .`; a sliding lock's `BC1 L1 C34 D2
    /// Key R1`); see docs/moves.md and docs/sliding.md.
    pub moves: Vec<String>,
    /// Read moves from a solution file (before any given as MOVES).
    #[arg(long)]
    pub solution: Option<PathBuf>,
    /// Print only the state after the last move.
    #[arg(long = "final")]
    pub final_only: bool,
    /// Print the whole resolution of each turn, phase by phase.
    #[arg(long)]
    pub trace: bool,
    /// Blockage annotations: `blocking` (the default), `all` or `none`.
    #[arg(long, default_value = "blocking", value_parser = ["blocking", "all", "none"])]
    pub annotations: String,
    /// Print JSON for tools.
    #[arg(long)]
    pub json: bool,
}

/// `lockwright verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The lock file (.lock or .slide).
    pub file: PathBuf,
    /// The solution file (or a bare move list); without it, the one saved beside the lock
    /// (NAME.solution), where the studio saves it.
    pub solution: Option<PathBuf>,
    /// Print the answer as one JSON object on one line, whatever happens.
    #[arg(long)]
    pub json: bool,
}
