//! The registry of puzzle families: which files each owns (by extension), what the folder panel
//! calls them, and how a file of each is pictured. Adding a family is adding an entry here (and
//! its screens); the folder panel, the file watcher and opening files follow the registry.

use std::path::Path;

/// A puzzle family the studio knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Intricacy's hex locks (`.lock`).
    HexLock,
    /// Nonograms, Picross (`.non`).
    Nonogram,
    /// Quadrillion boards (`.quad`).
    Quadrillion,
    /// Lockmaker's sliding locks (`.slide`).
    Sliding,
}

/// What the studio knows of a family.
pub struct FamilyInfo {
    /// The family.
    pub family: Family,
    /// Its name in the game's words, e.g. "hex lock".
    pub name: &'static str,
    /// Its name for several, e.g. "hex locks".
    pub plural: &'static str,
    /// The word `--kind` takes, e.g. "lock" (its format's).
    pub kind: &'static str,
    /// The extension of its files, without the dot (its format's).
    pub extension: &'static str,
    /// Its text format: reading, printing, highlighting and comparing its files.
    pub format: &'static dyn lockfmt::Text,
    /// Its built-in puzzles, as the New picker and the folder panel make them.
    pub templates: Templates,
    /// How it answers the command line's `new`, `solve`, `render`, `play` and `verify`.
    pub verbs: crate::cli::verbs::Verbs,
    /// A small picture of a file's text, `width` pixels wide, in the theme's shade, for the
    /// folder panel and the online screen; `None` when the text gives nothing to draw. Slow
    /// work.
    pub thumbnail: fn(&str, u32, Shade) -> Option<Thumbnail>,
    /// How the progress file keeps a game of it.
    pub games: crate::progress::Games,
    /// How the terminal client opens a puzzle of it (`lockwright term`), where it plays there.
    pub term: Option<crate::term::Open>,
}

/// A family's built-in puzzles.
pub struct Templates {
    /// The picker's word for the family, before each template's: "Hex lock".
    pub label: &'static str,
    /// What each template's name starts with ("" for the hex lock's).
    pub prefix: &'static str,
    /// What a new puzzle's file is called (then " 2", " 3"…): "New lock".
    pub new_name: &'static str,
    /// The template New makes when none was picked, for someone at a puzzle of the family.
    pub blank: &'static str,
    /// Every template's name, in the order the picker offers them.
    pub names: fn() -> Vec<&'static str>,
    /// A template's text, titled for its new file; `None` for a name it does not have.
    pub text_of: fn(&str, &str) -> Option<String>,
}

impl std::fmt::Debug for FamilyInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FamilyInfo")
            .field("family", &self.family)
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("extension", &self.extension)
            .finish_non_exhaustive()
    }
}

/// A family's entry, its kind word and extension taken from its format: what each family's
/// module gives as its `ENTRY`.
pub const fn entry<F: lockfmt::Format>(
    family: Family,
    (name, plural): (&'static str, &'static str),
    format: &'static F,
    templates: Templates,
    verbs: crate::cli::verbs::Verbs,
    thumbnail: fn(&str, u32, Shade) -> Option<Thumbnail>,
    games: crate::progress::Games,
) -> FamilyInfo {
    FamilyInfo {
        family,
        name,
        plural,
        kind: F::KIND,
        extension: F::EXTENSION,
        format,
        templates,
        verbs,
        thumbnail,
        games,
        term: None,
    }
}

impl FamilyInfo {
    /// This entry with the terminal client's game (`lockwright term`).
    pub const fn with_term(self, open: crate::term::Open) -> FamilyInfo {
        FamilyInfo {
            term: Some(open),
            ..self
        }
    }
}

/// Every family, in the order the studio lists them (the order of [`Family`]'s variants); each
/// entry stands in its family's own module.
pub const FAMILIES: &[FamilyInfo] = &[
    crate::hexlock::ENTRY,
    crate::nonogram::ENTRY,
    crate::quadrillion::ENTRY,
    crate::sliding::ENTRY,
];

/// The family a template belongs to, by its name.
pub fn of_template(name: &str) -> Option<Family> {
    FAMILIES
        .iter()
        .find(|f| (f.templates.names)().contains(&name))
        .map(|f| f.family)
}

/// The words `--kind` takes, one a family, in the registry's order.
pub const KINDS: [&str; FAMILIES.len()] = {
    let mut kinds = [""; FAMILIES.len()];
    let mut i = 0;
    while i < FAMILIES.len() {
        kinds[i] = FAMILIES[i].kind;
        i += 1;
    }
    kinds
};

/// The theme a picture is drawn for: each family has a palette of each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Shade {
    /// The light theme's.
    #[default]
    Light,
    /// The dark theme's.
    Dark,
}

impl Shade {
    /// The dark theme's shade when `dark`, else the light one's.
    pub fn of_theme(dark: bool) -> Shade {
        if dark { Shade::Dark } else { Shade::Light }
    }
}

/// A small picture of a file, as straight RGBA pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thumbnail {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// Straight (not premultiplied) RGBA, row by row.
    pub rgba: Vec<u8>,
}

impl Thumbnail {
    /// A drawn picture's pixels, straightened.
    pub fn of(pixmap: &tiny_skia::Pixmap) -> Thumbnail {
        Thumbnail {
            width: pixmap.width(),
            height: pixmap.height(),
            rgba: crate::shape::straight_rgba(pixmap),
        }
    }
}

impl Family {
    /// The family of a file, by its extension.
    pub fn of_path(path: &Path) -> Option<Family> {
        let ext = path.extension()?.to_str()?;
        FAMILIES
            .iter()
            .find(|f| f.extension.eq_ignore_ascii_case(ext))
            .map(|f| f.family)
    }

    /// The family `--kind` names.
    pub fn of_kind(kind: &str) -> Option<Family> {
        FAMILIES.iter().find(|f| f.kind == kind).map(|f| f.family)
    }

    /// What the studio knows of this family: its entry, which stands at its variant's place
    /// (a test holds the table to that).
    pub fn info(self) -> &'static FamilyInfo {
        &FAMILIES[self as usize]
    }

    /// A picture of a file of this family `width` pixels wide; `None` when the text does not
    /// describe a puzzle that can be drawn. Slow work: call it off the UI thread.
    pub fn thumbnail(self, text: &str, width: u32, shade: Shade) -> Option<Thumbnail> {
        (self.info().thumbnail)(text, width, shade)
    }

    /// What changed from `old` to `new` (two versions of a file of this family), one sentence
    /// each in the family's words: pieces, clues, grids and shapes. `Err` lists which of the two
    /// (0 for `old`, 1 for `new`) does not read cleanly.
    pub fn changes(self, old: &[u8], new: &[u8]) -> Result<Vec<String>, Vec<usize>> {
        self.info().format.changes(old, new).map(|c| c.said)
    }
}

/// Why `file`, which no family's extension names, is no puzzle file — or nothing, when it is
/// webpbn XML (read as the nonogram it holds) or a hex lock under another name (its text
/// begins with the lock format's first line; comments and blank lines may come before). A
/// file there is but that cannot be read is left to the reader, which says why.
pub fn refusal(file: &Path) -> Option<String> {
    use std::io::Read;
    if Family::of_path(file).is_some() || crate::nonogram::webpbn::is_webpbn(file) {
        return None;
    }
    let mut head = Vec::new();
    // Only a regular file is opened here: opening a FIFO waits for a writer, and the readers
    // refuse FIFOs and devices at once, saying what they are.
    if std::fs::metadata(file).is_ok_and(|m| !m.is_file()) {
        return None;
    }
    match std::fs::File::open(file) {
        Ok(f) => {
            if f.take(4096).read_to_end(&mut head).is_err() {
                return None;
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Some(format!(
                "{} is no puzzle file name: {}; to make one, give its name with \
                 its family's extension, or run `lockwright new NAME`",
                file.display(),
                puzzle_files()
            ));
        }
        Err(_) => return None,
    }
    refusal_of_text(file, &head)
}

/// Whether a text's first line that is neither blank nor a comment is a hex lock's format
/// line (`lockwright-lock 1`): a lock, whatever its file is called.
pub fn begins_as_a_hex_lock(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(lockfmt::hexlock::print::FORMAT_LINE))
}

/// The family of `file`, read (its first bytes at least) as `text`: its extension's, or a hex
/// lock's when the text begins as one does (a lock under another name); nothing for any other
/// file, whose refusal [`refusal_of_text`] words.
pub fn of_file_text(file: &Path, text: &[u8]) -> Option<Family> {
    Family::of_path(file).or_else(|| {
        let head = String::from_utf8_lossy(&text[..text.len().min(4096)]);
        begins_as_a_hex_lock(&head).then_some(Family::HexLock)
    })
}

/// The family of a buffer: its file's ([`of_file_text`]), or, for the untitled buffer, a hex
/// lock's (the blank lock the studio starts on is the only buffer without a file); nothing for a
/// file of no family.
pub fn of_buffer(file: Option<&Path>, text: &str) -> Option<Family> {
    match file {
        Some(file) => of_file_text(file, text.as_bytes()),
        None => Some(Family::HexLock),
    }
}

/// Why `file`, read (its first bytes at least) as `text`, is no puzzle file: nothing when its
/// extension names a family, or when the text begins as a hex lock does.
pub fn refusal_of_text(file: &Path, text: &[u8]) -> Option<String> {
    if Family::of_path(file).is_some() || crate::nonogram::webpbn::is_webpbn(file) {
        return None;
    }
    let text = String::from_utf8_lossy(&text[..text.len().min(4096)]);
    if begins_as_a_hex_lock(&text) {
        return None;
    }
    Some(format!(
        "{} is no puzzle file: {}, and webpbn .xml and Olšák .g files hold nonograms (a hex \
         lock under another name begins with the line `{}`)",
        file.display(),
        puzzle_files(),
        lockfmt::hexlock::print::FORMAT_LINE
    ))
}

/// Which files are puzzles, in the words a refusal says it: "Lockwright's puzzles are .lock,
/// .non, .quad and .slide files".
fn puzzle_files() -> String {
    format!(
        "Lockwright's puzzles are {} files",
        lockfmt::format::extensions_listed()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_belong_to_families_by_extension() {
        assert_eq!(
            Family::of_path(Path::new("a/b.lock")),
            Some(Family::HexLock)
        );
        assert_eq!(Family::of_path(Path::new("b.LOCK")), Some(Family::HexLock));
        assert_eq!(Family::of_path(Path::new("b.solution")), None);
        assert_eq!(
            Family::of_path(Path::new("dancer.non")),
            Some(Family::Nonogram)
        );
        assert_eq!(
            Family::of_path(Path::new("challenge-49.quad")),
            Some(Family::Quadrillion)
        );
        assert_eq!(
            Family::of_path(Path::new("seed-example.slide")),
            Some(Family::Sliding)
        );
        assert_eq!(Family::of_path(Path::new("lock")), None);
    }

    /// Every family has its entry, at its variant's place, with the kind word and extension
    /// of its own format, and no two share a kind word or an extension.
    #[test]
    fn every_family_has_a_complete_entry_of_its_own() {
        let all = [
            Family::HexLock,
            Family::Nonogram,
            Family::Quadrillion,
            Family::Sliding,
        ];
        assert_eq!(FAMILIES.len(), all.len(), "one entry a family");
        for (i, family) in all.into_iter().enumerate() {
            let info = family.info();
            assert_eq!(
                FAMILIES[i].family, family,
                "entry {i} stands for another family"
            );
            assert!(!info.name.is_empty(), "{family:?} has no name");
            assert!(
                info.plural.starts_with(info.name) && info.plural.len() > info.name.len(),
                "{family:?}: {} is the plural of {}",
                info.plural,
                info.name
            );
            assert_eq!(info.kind, info.format.kind(), "{family:?}");
            assert_eq!(info.extension, info.format.extension(), "{family:?}");
            assert_eq!(Family::of_kind(info.kind), Some(family));
            let file = format!("x.{}", info.extension);
            assert_eq!(Family::of_path(Path::new(&file)), Some(family));
            let t = &info.templates;
            assert!(!t.label.is_empty() && !t.new_name.is_empty(), "{family:?}");
            let names = (t.names)();
            assert!(names.contains(&t.blank), "{family:?}: its blank is offered");
            for name in names {
                assert!(name.starts_with(t.prefix), "{family:?}: {name}");
                assert_eq!(of_template(name), Some(family), "{name}");
                let text = (t.text_of)(name, "Title").expect("every offered template has a text");
                let checked = info.format.check(text.as_bytes());
                assert!(
                    checked.diagnostics.iter().all(|d| !d.is_error()),
                    "{name}: {:?}",
                    checked.diagnostics
                );
            }
        }
        let mut kinds: Vec<_> = FAMILIES.iter().map(|f| f.kind).collect();
        let mut extensions: Vec<_> = FAMILIES.iter().map(|f| f.extension).collect();
        kinds.sort_unstable();
        kinds.dedup();
        extensions.sort_unstable();
        extensions.dedup();
        assert_eq!((kinds.len(), extensions.len()), (all.len(), all.len()));
        assert_eq!(Family::of_kind("hexlock"), None, "no kind but the four");
    }

    /// A file of no family's extension is a hex lock only when its text begins as one does:
    /// nothing falls back to a hex lock.
    #[test]
    fn a_file_of_no_family_is_a_hex_lock_only_by_its_first_line() {
        let lock = b"# a lock\nlockwright-lock 1\nsize: 3\n";
        assert_eq!(
            of_file_text(Path::new("mine.txt"), lock),
            Some(Family::HexLock)
        );
        assert_eq!(of_file_text(Path::new("notes.txt"), b"width 3\n"), None);
        let why = refusal_of_text(Path::new("notes.txt"), b"width 3\n").expect("refused");
        assert!(
            why.contains(".lock, .non, .quad and .slide"),
            "the refusal names the kinds there are: {why}"
        );
    }

    #[test]
    fn a_starter_lock_has_a_thumbnail_and_garbage_has_none() {
        let text = crate::hexlock::templates::find("ball-stop").map(|t| t.text);
        let thumb = Family::HexLock.thumbnail(text.unwrap_or_default(), 72, Shade::Light);
        let thumb = thumb.expect("a picture");
        assert_eq!(thumb.width, 72);
        assert_eq!(thumb.rgba.len(), (thumb.width * thumb.height * 4) as usize);
        assert_eq!(
            Family::HexLock.thumbnail("not a lock", 72, Shade::Light),
            None
        );
        let non = "width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n\ngoal \"111100\"\n";
        let thumb = Family::Nonogram
            .thumbnail(non, 72, Shade::Light)
            .expect("a nonogram's picture");
        assert_eq!((thumb.width, thumb.height), (72, 48));
        // The same puzzle written as clues only: the solver finds its one picture.
        let clues_only = non.replace("\ngoal \"111100\"\n", "\n");
        assert_eq!(
            Family::Nonogram.thumbnail(&clues_only, 72, Shade::Light),
            Some(thumb)
        );
    }

    /// Regression: thumbnails stayed light in the dark theme; each family draws one in each
    /// shade, and the two differ.
    #[test]
    fn every_family_draws_its_thumbnails_in_both_shades() {
        let samples = [
            crate::hexlock::templates::find("ball-stop").map(|t| t.text.to_string()),
            Some("width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n\ngoal \"111100\"\n".into()),
            (crate::quadrillion::templates::text_of)(
                crate::quadrillion::templates::DEFAULT,
                "Board",
            ),
            (crate::sliding::templates::text_of)(crate::sliding::templates::BLANK[0].0, "Lock"),
        ];
        for (info, text) in FAMILIES.iter().zip(samples) {
            let text = text.expect("a sample");
            let light = info.family.thumbnail(&text, 64, Shade::Light);
            let dark = info.family.thumbnail(&text, 64, Shade::Dark);
            let (light, dark) = (light.expect(info.name), dark.expect(info.name));
            assert_eq!(
                (light.width, light.height),
                (dark.width, dark.height),
                "{}",
                info.name
            );
            assert_ne!(
                light.rgba, dark.rgba,
                "{}: the dark one is drawn dark",
                info.name
            );
        }
    }

    /// Regression: garbage in a `.non` file drew an empty picture, and in a `.slide` file a
    /// blank 2×2 board, where a hex lock's garbage shows it has no picture.
    #[test]
    fn garbage_of_every_family_has_no_thumbnail() {
        for info in FAMILIES {
            assert!(
                info.family
                    .thumbnail("garbage\n", 72, Shade::Dark)
                    .is_none(),
                "{}",
                info.name
            );
        }
    }
}
