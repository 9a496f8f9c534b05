//! `lockwright new NAME [--template T] [--size N]`

use crate::family::Family;
use crate::files::write_atomic;
use crate::hexlock::templates;
use anyhow::{Context, Result, bail};
use engine::hexlock::model::frame;
use std::path::Path;
use std::process::ExitCode;

/// The family a new puzzle is of: `--kind`, else the extension its name is given with, else a
/// hex lock. The two disagreeing is refused: `new a.non` made a hex lock `a.lock`, and `new
/// a.non --kind sliding` a sliding lock `a.slide`, without a word.
pub fn family_of_new(name: &str, kind: Option<&str>) -> Result<Family> {
    let named = Family::of_path(Path::new(name));
    let asked = kind.and_then(Family::of_kind);
    match (asked, named) {
        (Some(asked), Some(named)) if asked != named => bail!(
            "{name} ends in .{}, a {}'s extension, but --kind {} makes a {}: give the one or the other",
            named.info().extension,
            named.info().name,
            kind.unwrap_or_default(),
            asked.info().name
        ),
        (Some(family), _) | (None, Some(family)) => Ok(family),
        (None, None) => Ok(Family::HexLock),
    }
}

pub fn run(name: &str, template: Option<&str>, size: Option<i32>, force: bool) -> Result<ExitCode> {
    if template == Some("list") {
        for t in templates::ALL {
            crate::say!("{:<12} {}", t.name, t.folder);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let (path, title) = super::new_file(name, crate::family::Family::HexLock)?;
    let mut lock = match (template, size) {
        (Some(_), Some(_)) => bail!("give either --template or --size, not both"),
        (Some(t), None) => {
            let t = templates::find(t).with_context(|| {
                format!(
                    "no template is called `{t}`; `lockwright new X --template list` lists them"
                )
            })?;
            lockfmt::hexlock::parse(t.text)
                .valid_lock()
                .cloned()
                .with_context(|| format!("the built-in template `{}` does not parse", t.name))?
        }
        (None, size) => {
            let size = size.unwrap_or(6);
            if !frame::size_in_range(size) {
                bail!(
                    "size {size} is out of range: a lock's size is from {} to {}",
                    frame::MIN_SIZE,
                    frame::MAX_SIZE
                );
            }
            engine::hexlock::Lock::starter(size)
        }
    };
    lock.info.name = title;
    super::refuse_existing(&path, force)?;
    write_atomic(&path, &lockfmt::hexlock::print(&lock))?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
