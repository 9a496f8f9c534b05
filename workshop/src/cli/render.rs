//! `lockwright render FILE -o out.png [--width PX]`

use super::read_lock;
use crate::files::write_atomic_bytes;
use crate::hexlock::picture::{Colouring, Palette};
use anyhow::{Result, bail};
use std::path::Path;
use std::process::ExitCode;

/// Refuses the flags the picture of `family` does not take (`--distinct` is a hex lock's,
/// `--solution` a nonogram's and a Quadrillion board's, and every family's with `--animate`):
/// a flag that changes nothing would leave the user believing it did.
pub fn only_for(family: crate::family::Family, distinct: bool, solution: bool) -> Result<()> {
    let takes = family.info().verbs.render_flags;
    if distinct && !takes.contains(&"--distinct") {
        bail!(
            "--distinct is for hex locks (it colours touching pieces apart), not for a {}",
            family.info().name
        );
    }
    if solution && !takes.contains(&"--solution") {
        let takers: Vec<&str> = crate::family::FAMILIES
            .iter()
            .filter(|f| f.verbs.render_flags.contains(&"--solution"))
            .map(|f| f.plural)
            .collect();
        bail!(
            "--solution is for {}, not for a {}: play its solution with `lockwright play`, or draw it played with `--animate`",
            lockfmt::words::listed(&takers),
            family.info().name
        );
    }
    Ok(())
}

/// Refuses, for a still picture, the flags only `--animate` takes: a solution file, and the
/// bounds on its solver.
pub fn only_animations_take(args: &super::verbs::RenderArgs) -> Result<()> {
    if args.timeout.is_some() || args.max_states.is_some() {
        bail!(
            "--timeout and --max-states bound the solver of --animate; a picture's solution is found within 10 s"
        );
    }
    if let Some(Some(given)) = &args.solution {
        bail!(
            "--solution {} is for --animate, which plays a solution file's moves; a picture shows the solver's solution with --solution alone",
            given.display()
        );
    }
    Ok(())
}

/// `render` writes PNG: an output named for another picture format (`x.jpg`) would hold PNG
/// bytes under a name that says otherwise, as it did. A name without an extension (a device,
/// `/dev/stdout`) is taken as given.
pub fn png_output(out: &Path) -> Result<()> {
    match out.extension().and_then(|e| e.to_str()) {
        Some(e) if !e.eq_ignore_ascii_case("png") => bail!(
            "{} names a .{e} file, and render writes PNG pictures: name it {}",
            out.display(),
            out.with_extension("png").display()
        ),
        _ => Ok(()),
    }
}

pub fn run(
    file: &Path,
    out: &Path,
    width: u32,
    colouring: Colouring,
    dark: bool,
) -> Result<ExitCode> {
    if !(16..=8192).contains(&width) {
        bail!("--width {width} is out of range: from 16 to 8192 pixels");
    }
    let (text, parsed) = read_lock(file);
    let Some(doc) = parsed.document.as_ref().filter(|_| !parsed.has_errors()) else {
        let shown = file.display().to_string();
        super::print_diagnostics(&shown, &text, &parsed.diagnostics);
        return Ok(ExitCode::from(2));
    };
    let palette = Palette::of_theme(dark);
    let bytes = crate::hexlock::render::png(&doc.lock, width, colouring, &palette)?;
    write_atomic_bytes(out, &bytes)?;
    Ok(ExitCode::SUCCESS)
}
