//! The user's lock folder: where it is, what it holds, and the file operations of the side
//! panel. Plain, blocking file system work, so that it is tested without a window; the studio
//! runs it in the background.

use crate::family::Family;
use crate::files::write_atomic;
use crate::hexlock::templates;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A puzzle file in the folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Where it is.
    pub path: PathBuf,
    /// Its family, by its extension.
    pub family: Family,
    /// When it last changed, if the system says.
    pub modified: Option<SystemTime>,
}

/// The platform's lock folder, e.g. `~/.local/share/lockwright/locks`.
pub fn default_folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "lockwright").map(|d| d.data_dir().join("locks"))
}

/// The folder the side panel shows for a path given at start, and the file to open at once: a
/// folder is shown itself; a file, there or not yet, in the folder that holds it, which for a
/// bare name is the current folder. Both are absolute (links left as named), so that the
/// list's and the watcher's paths are the open file's own: `spade.non` and `./spade.non` are
/// one file to the eye but not to a comparison.
pub fn folder_for(path: PathBuf) -> (PathBuf, Option<PathBuf>) {
    let folder = names_a_folder(&path);
    let path = std::path::absolute(&path).unwrap_or(path);
    if folder {
        return (path, None);
    }
    // A bare name's parent is the empty path, which names no folder at all.
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    (folder, Some(path))
}

/// Whether a path given at start names a folder: one that is there, or one to make, written
/// with a slash at its end (`lockwright studio my-locks/`).
pub fn names_a_folder(path: &Path) -> bool {
    path.is_dir()
        || path
            .as_os_str()
            .to_string_lossy()
            .ends_with(std::path::is_separator)
}

/// Creates the folder with the starter locks on first use; returns whether it was created. A
/// starter never takes the place of a file already there.
pub fn ensure(folder: &Path) -> Result<bool> {
    // The empty path is no folder to make (and joined to a name, it is the current folder).
    if folder.as_os_str().is_empty() || folder.exists() {
        return Ok(false);
    }
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    for t in templates::ALL.iter().filter(|t| t.folder == "starter") {
        let path = folder.join(format!("{}.lock", t.name));
        if !path.exists() {
            write_atomic(&path, t.text)?;
        }
    }
    Ok(true)
}

/// Every puzzle file under a folder, subfolders included, sorted by path as people count
/// (`lock 2` before `lock 10`, see [`natural_order`]): the regular files
/// (or links to regular files) whose extension a family owns. Folders reached through a link
/// are not entered, so a link loop cannot trap the listing; a FIFO or a device named like a
/// puzzle is not listed, so that nothing ever blocks opening it.
pub fn list(folder: &Path) -> Vec<Listed> {
    let mut out = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let Some(family) = Family::of_path(&path) else {
                continue;
            };
            // Follows a link to what it names: only regular files are puzzles.
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_file() => out.push(Listed {
                    path,
                    family,
                    modified: meta.modified().ok(),
                }),
                _ => {}
            }
        }
    }
    out.sort_by(|a, b| natural_order(&a.path, &b.path));
    out
}

/// Paths in the order people count: folder by folder, each name compared with its runs of
/// digits as numbers (`t2` before `t10`) and its letters ignoring case, then as written.
pub fn natural_order(a: &Path, b: &Path) -> std::cmp::Ordering {
    // The folders, then the file's name without its extension ("t1" before "t1 copy"), then
    // the extension.
    let names = |p: &'_ Path| -> Vec<String> {
        let mut names: Vec<String> = p
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        names.push(
            p.extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
        names
    };
    let (a, b) = (names(a), names(b));
    a.iter()
        .zip(&b)
        .map(|(x, y)| natural_names(x, y))
        .find(|o| o.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}

fn natural_names(a: &str, b: &str) -> std::cmp::Ordering {
    /// A name cut into runs of digits and runs of anything else.
    fn runs(s: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[i - 1].is_ascii_digit() {
                out.push(&s[start..i]);
                start = i;
            }
        }
        out
    }
    let (ra, rb) = (runs(a), runs(b));
    for (x, y) in ra.iter().zip(&rb) {
        let digits = |r: &str| r.bytes().all(|c| c.is_ascii_digit());
        let order = if digits(x) && digits(y) {
            let (tx, ty) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            tx.len().cmp(&ty.len()).then_with(|| tx.cmp(ty))
        } else {
            x.to_lowercase().cmp(&y.to_lowercase())
        };
        if order.is_ne() {
            return order;
        }
    }
    ra.len().cmp(&rb.len()).then_with(|| a.cmp(b))
}

/// A free file name in `folder` for a file called `stem` with extension `ext`: `stem.ext`,
/// else `stem 2.ext`, …
pub fn free_name(folder: &Path, stem: &str, ext: &str) -> PathBuf {
    let first = folder.join(format!("{stem}.{ext}"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| folder.join(format!("{stem} {n}.{ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// `name` without `.extension` at its end (any case), if it ends so.
fn strip_extension<'a>(name: &'a str, extension: &str) -> Option<&'a str> {
    let cut = name.len().checked_sub(extension.len() + 1)?;
    let (stem, end) = (name.get(..cut)?, name.get(cut..)?);
    (end.starts_with('.') && end[1..].eq_ignore_ascii_case(extension)).then_some(stem)
}

/// A file's extension, for a copy or a new name of it.
fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "lock".into())
}

/// Creates a new puzzle from a template — a lock's, a nonogram's, a Quadrillion board's or a
/// sliding lock's — named after its file.
pub fn new_from_template(folder: &Path, template: &str) -> Result<PathBuf> {
    let info = crate::family::of_template(template)
        .with_context(|| format!("no template is called {template}"))?
        .info();
    let path = free_name(folder, info.templates.new_name, info.extension);
    let title = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = (info.templates.text_of)(template, &title)
        .with_context(|| format!("the template {template} does not read"))?;
    write_atomic(&path, &text)?;
    Ok(path)
}

/// A new puzzle from a template, under the name the user gave it (without its extension, which
/// is the family's), titled so. A file already there is never replaced: the user names another.
pub fn new_named(folder: &Path, template: &str, name: &str) -> Result<PathBuf> {
    let info = crate::family::of_template(template)
        .with_context(|| format!("no template is called {template}"))?
        .info();
    let stem = typed_stem(name, info.extension)?;
    let path = folder.join(format!("{stem}.{}", info.extension));
    if path.exists() {
        bail!(
            "{} already exists: give the new puzzle another name",
            path.display()
        );
    }
    let text = (info.templates.text_of)(template, stem)
        .with_context(|| format!("the template {template} does not read"))?;
    write_atomic(&path, &text)?;
    Ok(path)
}

/// The file name typed for a puzzle whose extension is `own`, without that extension: refused
/// when it cannot name a file in the folder.
fn typed_stem<'a>(typed: &'a str, own: &str) -> Result<&'a str> {
    let stem = typed.trim();
    // The file's own extension typed with the name is the one it keeps.
    let stem = strip_extension(stem, own).unwrap_or(stem);
    if stem.is_empty() || stem.contains(['/', '\\']) || stem.starts_with('.') {
        bail!("`{typed}` cannot be a file name");
    }
    // Another family's extension (or a solution's) would hide in the name before the real one:
    // `gate.non.slide`, listed as a nonogram's name, and read as a sliding lock.
    let others = crate::family::FAMILIES
        .iter()
        .map(|f| (f.extension, f.name))
        .chain([("solution", "solution")]);
    for (extension, name) in others {
        if extension != own && strip_extension(stem, extension).is_some() {
            bail!(
                "`{typed}` ends in .{extension}, a {name}'s extension: this file stays a .{own} file; give its name without an extension"
            );
        }
    }
    Ok(stem)
}

/// Copies a puzzle file beside itself.
pub fn duplicate(path: &Path) -> Result<PathBuf> {
    let text = crate::files::read_text(path, crate::files::MAX_FILE_BYTES)?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let copy = free_name(folder, &format!("{stem} copy"), &extension(path));
    write_atomic(&copy, &text)?;
    Ok(copy)
}

/// The solution file a puzzle keeps beside it (`NAME.solution`), which goes where it goes.
pub fn solution_beside(path: &Path) -> PathBuf {
    path.with_extension("solution")
}

/// The saved solution that belongs to this puzzle alone, if there is one: none when another
/// family's puzzle of the same name lies beside it (`gate.lock`, `gate.slide`), for then
/// `gate.solution` may be the other's, and renaming or deleting this puzzle leaves it alone.
pub fn own_solution(path: &Path) -> Option<PathBuf> {
    let solution = solution_beside(path);
    let shared = crate::family::FAMILIES.iter().any(|f| {
        Some(f.family) != Family::of_path(path) && path.with_extension(f.extension).exists()
    });
    (solution.is_file() && !shared).then_some(solution)
}

/// Renames a puzzle file within its folder (the new name without its extension, which stays),
/// and its own saved solution with it ([`own_solution`]). The same name again changes nothing.
pub fn rename(path: &Path, new_stem: &str) -> Result<PathBuf> {
    let own = extension(path);
    let stem = typed_stem(new_stem, &own)?;
    let target = path.with_file_name(format!("{stem}.{own}"));
    if target == path {
        return Ok(target);
    }
    if target.exists() {
        bail!("{} already exists", target.display());
    }
    let solution = solution_beside(path);
    let moved_solution = solution_beside(&target);
    let has_solution = own_solution(path).is_some();
    if has_solution && moved_solution.exists() {
        bail!(
            "{} already exists: the solution of {} would replace it",
            moved_solution.display(),
            path.display()
        );
    }
    std::fs::rename(path, &target).with_context(|| format!("cannot rename {}", path.display()))?;
    if has_solution && let Err(e) = std::fs::rename(&solution, &moved_solution) {
        // The puzzle goes back to its name rather than lose its solution.
        let back = std::fs::rename(&target, path);
        return Err(anyhow::Error::new(e).context(match back {
            Ok(()) => format!("cannot rename {}: nothing was renamed", solution.display()),
            Err(_) => format!(
                "cannot rename {}: the puzzle is now {}",
                solution.display(),
                target.display()
            ),
        }));
    }
    Ok(target)
}

/// Deletes a puzzle file and its own saved solution ([`own_solution`]; the studio asks first,
/// naming both).
pub fn delete(path: &Path) -> Result<()> {
    let own = own_solution(path);
    std::fs::remove_file(path).with_context(|| format!("cannot delete {}", path.display()))?;
    if let Some(solution) = own {
        std::fs::remove_file(&solution)
            .with_context(|| format!("cannot delete {}", solution.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: `lockwright studio spade.non` showed the folder named by the empty path,
    /// which does not exist, so the starter locks were "made" in it: written over the user's
    /// own `pivot-gate.lock` and the others of those names in the current folder.
    ///
    /// Regression too: started on a bare name, the open file was not reloaded when another
    /// program saved it, nor marked in the list: the watcher and the list said `./spade.non`.
    #[test]
    fn a_bare_file_name_is_shown_in_the_current_folder_and_nothing_is_made_there() {
        let dir = tempfile::tempdir().expect("dir");
        let here = std::env::current_dir().expect("current folder");
        assert_eq!(
            folder_for(PathBuf::from("spade.non")),
            (here.clone(), Some(here.join("spade.non")))
        );
        assert_eq!(folder_for(PathBuf::from(".")), (here.clone(), None));
        let file = dir.path().join("new.non");
        assert_eq!(folder_for(file.clone()), (dir.path().into(), Some(file)));
        assert_eq!(folder_for(dir.path().into()), (dir.path().into(), None));
        assert!(!ensure(Path::new("")).expect("nothing to make"));
        assert!(!ensure(Path::new(".")).expect("nothing to make"));
    }

    #[test]
    fn a_path_written_with_a_slash_at_its_end_names_a_folder_to_make() {
        let dir = tempfile::tempdir().expect("dir");
        let given = format!("{}/my-locks/", dir.path().display());
        let (folder, file) = folder_for(PathBuf::from(&given));
        assert_eq!(file, None);
        assert!(folder.ends_with("my-locks"), "{}", folder.display());
        assert!(names_a_folder(Path::new(&given)) && !names_a_folder(Path::new("gate.lock")));
        // Without the slash, a name that is not there is a file to make.
        let (_, file) = folder_for(dir.path().join("gate.lock"));
        assert_eq!(file, Some(dir.path().join("gate.lock")));
    }

    #[test]
    fn the_starter_locks_go_only_into_a_folder_made_for_them() {
        let dir = tempfile::tempdir().expect("dir");
        let mine = dir.path().join("pivot-gate.lock");
        std::fs::write(&mine, "mine").expect("write");
        assert!(!ensure(dir.path()).expect("there already"));
        assert_eq!(std::fs::read_to_string(&mine).expect("read"), "mine");
        let made = dir.path().join("locks");
        assert!(ensure(&made).expect("made"));
        assert!(made.join("pivot-gate.lock").is_file());
    }

    /// Regression: `gate.solution` beside `gate.lock` and `gate.slide` went with whichever was
    /// renamed or deleted first, though it may be the other's.
    #[test]
    fn a_solution_two_puzzles_of_one_name_could_own_stays_where_it_is() {
        let dir = tempfile::tempdir().expect("dir");
        let file = |n: &str| dir.path().join(n);
        for n in ["gate.lock", "gate.slide", "gate.solution"] {
            std::fs::write(file(n), n).expect("write");
        }
        assert_eq!(own_solution(&file("gate.lock")), None);
        let renamed = rename(&file("gate.slide"), "arch").expect("renamed");
        assert!(renamed.ends_with("arch.slide"));
        assert!(file("gate.solution").exists() && !file("arch.solution").exists());
        // Alone now, the lock owns it.
        assert_eq!(
            own_solution(&file("gate.lock")),
            Some(file("gate.solution"))
        );
        delete(&file("gate.lock")).expect("deleted");
        assert!(!file("gate.solution").exists());
    }

    #[test]
    fn files_are_listed_in_the_order_people_count() {
        let mut names = vec![
            "t10.non",
            "t2.non",
            "T1.non",
            "t1.non",
            "a/t3.non",
            "t02.non",
            "b.lock",
            "t1 copy.non",
        ];
        names.sort_by(|a, b| natural_order(Path::new(a), Path::new(b)));
        assert_eq!(
            names,
            [
                "a/t3.non",
                "b.lock",
                "T1.non",
                "t1.non",
                "t1 copy.non",
                "t02.non",
                "t2.non",
                "t10.non"
            ]
        );
    }

    /// Regression: New wrote "New nonogram.non" without asking; the name is the user's, and a
    /// file already there is never replaced.
    #[test]
    fn a_new_puzzle_takes_the_name_given_and_never_replaces_a_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = new_named(dir.path(), "nonogram-blank-10x10", "Ann's cat").expect("made");
        assert_eq!(path, dir.path().join("Ann's cat.non"));
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.contains("title \"Ann's cat\""), "{text}");
        std::fs::write(&path, "mine").expect("write");
        let refused = new_named(dir.path(), "nonogram-blank-10x10", "Ann's cat.non");
        assert!(
            refused.is_err_and(|e| e.to_string().contains("already exists")),
            "refused"
        );
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "mine");
        assert!(new_named(dir.path(), "size-5", "").is_err());
        assert!(new_named(dir.path(), "size-5", "a/b").is_err());
        assert!(new_named(dir.path(), "size-5", "gate.non").is_err());
        let lock = new_named(dir.path(), "size-5", "Gate").expect("a lock");
        assert_eq!(lock, dir.path().join("Gate.lock"));
    }

    #[test]
    fn first_use_fills_the_folder_with_starter_locks() {
        let dir = tempfile::tempdir().expect("dir");
        let folder = dir.path().join("locks");
        assert!(ensure(&folder).expect("created"));
        assert!(!ensure(&folder).expect("exists"));
        let locks = list(&folder);
        assert_eq!(locks.len(), 6);
        for l in locks {
            assert_eq!(l.family, Family::HexLock);
            let text = std::fs::read_to_string(l.path).expect("read");
            assert!(lockfmt::hexlock::parse(&text).valid_lock().is_some());
        }
    }

    #[test]
    fn new_duplicate_rename_and_delete() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::create_dir_all(dir.path().join("sub")).expect("sub");
        let a = new_from_template(dir.path(), "size-5").expect("new");
        assert_eq!(
            a.file_name().and_then(|n| n.to_str()),
            Some("New lock.lock")
        );
        let b = new_from_template(dir.path(), "size-5").expect("new");
        assert_eq!(
            b.file_name().and_then(|n| n.to_str()),
            Some("New lock 2.lock")
        );
        let c = duplicate(&a).expect("copy");
        assert_eq!(
            c.file_name().and_then(|n| n.to_str()),
            Some("New lock copy.lock")
        );
        let d = rename(&c, "Tangle").expect("rename");
        assert!(d.ends_with("Tangle.lock") && !c.exists());
        assert!(rename(&d, "../escape").is_err());
        // Regression: the extension typed with the name was kept before the file's own
        // ("Knot.lock.lock"), and another family's hid in the name ("Knot.non.lock").
        let knot = rename(&d, "Knot.LOCK").expect("rename");
        assert!(knot.ends_with("Knot.lock"), "{}", knot.display());
        let refused = rename(&knot, "Knot.non").expect_err("refused");
        assert!(
            format!("{refused}").contains("ends in .non, a nonogram's extension"),
            "{refused}"
        );
        assert!(rename(&knot, "Knot.solution").is_err());
        assert!(
            rename(&knot, ".lock").is_err(),
            "no name before the extension"
        );
        let d = rename(&knot, "Tangle").expect("rename");
        std::fs::write(dir.path().join("sub/inner.lock"), "x").expect("write");
        assert_eq!(list(dir.path()).len(), 4);
        delete(&d).expect("delete");
        assert_eq!(list(dir.path()).len(), 3);
        let n = new_from_template(dir.path(), "nonogram-blank-10x10").expect("a nonogram");
        assert!(n.ends_with("New nonogram.non"));
        assert_eq!(list(dir.path()).len(), 4);
    }

    /// Regression: renaming a lock left its solution behind under the old name (where a new
    /// lock of that name would have taken it for its own), and deleting it did the same; the
    /// same name again was refused as "already exists".
    #[test]
    fn a_saved_solution_is_renamed_and_deleted_with_its_puzzle() {
        let dir = tempfile::tempdir().expect("dir");
        let lock = dir.path().join("Gate.lock");
        std::fs::write(&lock, "lock").expect("lock");
        std::fs::write(dir.path().join("Gate.solution"), "hE").expect("solution");
        assert_eq!(rename(&lock, "Gate").expect("the same name"), lock);
        let moved = rename(&lock, "Arch").expect("rename");
        assert!(!dir.path().join("Gate.solution").exists());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("Arch.solution")).expect("moved"),
            "hE"
        );
        // A solution already under the new name is never replaced.
        std::fs::write(dir.path().join("Bolt.solution"), "wE").expect("another solution");
        let refused = rename(&moved, "Bolt").expect_err("refused");
        assert!(refused.to_string().contains("Bolt.solution"), "{refused}");
        assert!(moved.exists() && dir.path().join("Arch.solution").exists());
        delete(&moved).expect("delete");
        assert!(!dir.path().join("Arch.solution").exists());
        assert!(dir.path().join("Bolt.solution").exists());
    }

    /// Regression: a FIFO named `x.lock` in the folder was listed, and opening it blocked the
    /// studio for ever.
    #[cfg(unix)]
    #[test]
    fn a_sliding_lock_is_made_from_its_templates_and_listed_as_one() {
        let dir = tempfile::tempdir().expect("dir");
        let a = new_from_template(dir.path(), "sliding-seed-example").expect("new");
        assert_eq!(
            a.file_name().and_then(|n| n.to_str()),
            Some("New sliding lock.slide")
        );
        let b = new_from_template(dir.path(), "sliding-blank-8x8").expect("new");
        let text = std::fs::read_to_string(&b).expect("read");
        let doc = lockfmt::sliding::parse(&text).document.expect("reads");
        assert_eq!(doc.lock.board.width(), 8);
        assert_eq!(doc.info.title.as_deref(), Some("New sliding lock 2"));
        let listed: Vec<Family> = list(dir.path()).into_iter().map(|f| f.family).collect();
        assert_eq!(listed, vec![Family::Sliding, Family::Sliding]);
    }

    /// Regression: the folder panel's New offered no Quadrillion board.
    #[test]
    fn a_quadrillion_board_is_made_from_its_templates_and_listed_as_one() {
        let dir = tempfile::tempdir().expect("dir");
        let a = new_from_template(dir.path(), "quadrillion-default").expect("new");
        assert!(a.ends_with("New Quadrillion board.quad"), "{}", a.display());
        let text = std::fs::read_to_string(&a).expect("read");
        let parsed = lockfmt::quadrillion::parse(&text);
        assert!(
            parsed.valid_challenge().is_some(),
            "{:?}",
            parsed.diagnostics
        );
        assert!(text.contains("title \"New Quadrillion board\""), "{text}");
        let b = new_from_template(dir.path(), "quadrillion-challenge-52").expect("new");
        assert!(b.ends_with("New Quadrillion board 2.quad"));
        let listed: Vec<Family> = list(dir.path()).into_iter().map(|f| f.family).collect();
        assert_eq!(listed, vec![Family::Quadrillion, Family::Quadrillion]);
    }

    #[test]
    fn only_regular_files_of_a_family_are_listed() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(dir.path().join("a.lock"), "x").expect("write");
        std::fs::write(dir.path().join("notes.txt"), "x").expect("write");
        let fifo = dir.path().join("x.lock");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        std::os::unix::fs::symlink(dir.path().join("a.lock"), dir.path().join("link.lock"))
            .expect("link");
        std::os::unix::fs::symlink(dir.path(), dir.path().join("loop")).expect("loop");
        let names: Vec<String> = list(dir.path())
            .into_iter()
            .filter_map(|l| Some(l.path.file_name()?.to_str()?.to_string()))
            .collect();
        assert_eq!(names, ["a.lock", "link.lock"]);
    }
}
