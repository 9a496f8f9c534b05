//! `lockwright new NAME [--kind K] [--template T] [--size N | --width W --height H]`, and
//! `lockwright new --template list`: every family's templates, as the studio's New offers them.

use super::verbs::NewArgs;
use crate::family::{FAMILIES, Family};
use crate::files::write_atomic;
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

/// `lockwright new`: from a template of any family, or the family's own empty puzzle.
pub fn dispatch(args: &NewArgs) -> Result<ExitCode> {
    let asked = match args.kind.as_deref() {
        Some(kind) => Some(
            Family::of_kind(kind)
                .with_context(|| format!("no puzzle family is called `{kind}`"))?,
        ),
        None => None,
    };
    match args.template.as_deref() {
        Some("list") => {
            list(asked);
            Ok(ExitCode::SUCCESS)
        }
        Some(template) => from_template(args, template, asked),
        None => {
            let family = family_of_new(args.name()?, args.kind.as_deref())?;
            (family.info().verbs.new)(args)
        }
    }
}

/// Every template the studio's New offers, of one family or all: its name, then its words.
fn list(only: Option<Family>) {
    for f in FAMILIES
        .iter()
        .filter(|f| only.is_none_or(|o| o == f.family))
    {
        for name in (f.templates.names)() {
            crate::say!("{name:<34} {}", crate::template::label(name));
        }
    }
}

/// The template called `name`, as the picker names it or without its family's prefix: of the
/// family asked, else of whichever family has it.
fn find_template(name: &str, asked: Option<Family>) -> Result<(Family, &'static str)> {
    let found: Vec<(Family, &'static str)> = FAMILIES
        .iter()
        .filter(|f| asked.is_none_or(|a| a == f.family))
        .flat_map(|f| {
            (f.templates.names)()
                .into_iter()
                .filter(move |n| *n == name || n.strip_prefix(f.templates.prefix) == Some(name))
                .map(move |n| (f.family, n))
        })
        .collect();
    let list = match asked {
        Some(f) => format!("lockwright new --kind {} --template list", f.info().kind),
        None => "lockwright new --template list".to_string(),
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => match asked {
            Some(f) => bail!(
                "no {} template is called `{name}`; `{list}` lists them",
                f.info().name
            ),
            None => bail!("no template is called `{name}`; `{list}` lists them"),
        },
        many => bail!(
            "`{name}` names templates of several families ({}): give --kind",
            many.iter()
                .map(|(f, _)| f.info().kind)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A new puzzle from a template: its text as the studio's New makes it, titled by the name.
fn from_template(args: &NewArgs, template: &str, asked: Option<Family>) -> Result<ExitCode> {
    let name = args.name()?;
    let named = Family::of_path(Path::new(name));
    let (family, full) = find_template(template, asked.or(named))?;
    if let Some(named) = named.filter(|&n| n != family) {
        bail!(
            "{name} ends in .{}, a {}'s extension, but the template `{full}` is a {}",
            named.info().extension,
            named.info().name,
            family.info().name
        );
    }
    if args.size.is_some() || args.width.is_some() || args.height.is_some() {
        bail!(
            "give either --template or a size (--size, --width, --height), not both: a template's puzzle has its own size"
        );
    }
    let (path, title) = super::new_file(name, family)?;
    let text = (family.info().templates.text_of)(full, &title)
        .with_context(|| format!("the built-in template `{full}` cannot be made"))?;
    super::refuse_existing(&path, args.force)?;
    write_atomic(&path, &text)?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// A new empty hex lock of a size (6 when none is given).
pub fn run(name: &str, size: Option<i32>, force: bool) -> Result<ExitCode> {
    let (path, title) = super::new_file(name, Family::HexLock)?;
    let size = size.unwrap_or(6);
    if !frame::size_in_range(size) {
        bail!(
            "size {size} is out of range: a lock's size is from {} to {}",
            frame::MIN_SIZE,
            frame::MAX_SIZE
        );
    }
    let mut lock = engine::hexlock::Lock::starter(size);
    lock.info.name = title;
    super::refuse_existing(&path, force)?;
    write_atomic(&path, &lockfmt::hexlock::print(&lock))?;
    crate::say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}
