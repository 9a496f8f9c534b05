//! `lockwright render FILE --animate [--solution [SOLUTION]] -o out.gif`: the solution played
//! as an animated GIF, in every family, answered as `solve` answers: exit 0 written, 1 no
//! solution exists, 2 the puzzle or the solution cannot be read, 3 the solver's limit stopped it.

use super::answer::{STOPPED, UNREADABLE};
use super::verbs::RenderArgs;
use crate::animation::{Animated, Error, Look};
use crate::family::Family;
use crate::files::write_atomic_bytes;
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::ExitCode;

/// `render --animate` writes GIF: an output named for another format would hold GIF bytes
/// under a name that says otherwise. A name without an extension (a device) is taken as given.
pub fn gif_output(out: &Path) -> Result<()> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if !e.eq_ignore_ascii_case("gif") => bail!(
            "{} names a .{e} file, and render --animate writes GIF animations: name it {}",
            out.display(),
            out.with_extension("gif").display()
        ),
        _ => Ok(()),
    }
}

pub fn run(family: Family, args: &RenderArgs) -> Result<ExitCode> {
    let shown = args.file.display().to_string();
    let text = super::read_text(&args.file)?;
    let solution = match &args.solution {
        Some(Some(path)) => {
            let solution = super::read_text(path)?;
            super::verify::refuse_a_puzzle_as_solution(path, &solution)?;
            Some((path, solution))
        }
        _ => None,
    };
    let mut look = Look::new(args.width, args.dark);
    look.distinct = args.distinct;
    if let Some(timeout) = args.timeout {
        look.limits.timeout = Some(timeout);
    }
    look.limits.max_steps = args.max_states;
    let given = solution.as_ref().map(|(_, text)| text.as_str());
    let animated = super::thinking::while_solving(&shown, || {
        (family.info().verbs.animate)(&text, given, &look)
    });
    match animated {
        Ok(Animated::Film(film)) => {
            let gif = film.gif().with_context(|| shown.clone())?;
            write_atomic_bytes(&args.output, &gif)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(Animated::NoSolution(why)) => {
            eprintln!("{shown}: {why}, so there is no solution to animate");
            Ok(ExitCode::from(1))
        }
        Ok(Animated::Stopped(why)) => {
            eprintln!("{shown}: {why}, so there is no solution to animate");
            Ok(ExitCode::from(STOPPED))
        }
        Err(Error::Unreadable(diagnostics)) => {
            super::print_diagnostics(&shown, &text, &diagnostics);
            Ok(ExitCode::from(UNREADABLE))
        }
        Err(Error::SolutionDoesNotRead(diagnostics)) => {
            if let Some((path, text)) = &solution {
                super::print_diagnostics(&path.display().to_string(), text, &diagnostics);
            }
            Ok(ExitCode::from(UNREADABLE))
        }
        Err(e) => Err(anyhow::Error::new(e).context(shown)),
    }
}
