//! How the hex lock answers the command line's verbs (its registry entry's [`Verbs`]): each
//! verb's own module does the work (`new`, `solve`, `render`, `play`, `verify`).

use crate::cli::verbs::{NewArgs, PlayArgs, RenderArgs, Verbs};
use anyhow::{Result, bail};
use std::process::ExitCode;

/// The hex lock's verbs.
pub const VERBS: Verbs = Verbs {
    solve_flags: &["--analyse", "--threads", "--max-memory", "--write-solution"],
    render_flags: &["--distinct"],
    new,
    solve: crate::cli::solve::run,
    render,
    animate: crate::hexlock::animation::animate,
    play: Some(play),
    verify: Some(crate::cli::verify::run),
    own: None,
};

fn new(args: &NewArgs) -> Result<ExitCode> {
    if args.width.is_some() || args.height.is_some() {
        bail!(
            "a hex lock takes --size, not --width or --height (those are for --kind nonogram and --kind sliding)"
        );
    }
    crate::cli::new::run(args.name()?, args.size, args.force)
}

fn render(args: &RenderArgs) -> Result<ExitCode> {
    let colouring = if args.distinct {
        crate::hexlock::picture::Colouring::Distinct
    } else {
        crate::hexlock::picture::Colouring::ByKind
    };
    crate::cli::render::run(&args.file, &args.output, args.width, colouring, args.dark)
}

fn play(args: &PlayArgs) -> Result<ExitCode> {
    let moves = crate::cli::play::moves_from(&args.moves, args.solution.as_deref())?;
    let annotations = match args.annotations.as_str() {
        "all" => engine::hexlock::physics::AnnotationMode::All,
        "none" => engine::hexlock::physics::AnnotationMode::None,
        _ => engine::hexlock::physics::AnnotationMode::Blocking,
    };
    crate::cli::play::run(
        &args.file,
        &moves,
        &crate::cli::play::Options {
            final_only: args.final_only,
            trace: args.trace,
            json: args.json,
            annotations,
        },
    )
}
