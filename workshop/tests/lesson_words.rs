//! The lessons speak of what the player sees: a lesson's notes are shown beside the board in
//! play, where pieces are drawn, not typed, so they never name a piece by its glyph in the text
//! format ("the three : cells", "the Keyhole (@)").

use std::path::Path;

/// The glyphs of the two formats that the board draws as shapes and colours.
const GLYPHS: &[char] = &[':', '@', '*', '+', '~', '%', '/', '\\', '#', '.'];

fn notes(folder: &str, extension: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../templates")
        .join(folder);
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("the lessons' folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("a lesson");
        for line in text.lines() {
            let note = line
                .strip_prefix("note:")
                .or_else(|| line.strip_prefix("note "))
                .map(|n| n.trim().trim_matches('"').to_string());
            if let Some(note) = note {
                out.push((path.display().to_string(), note));
            }
        }
    }
    assert!(!out.is_empty(), "{folder} has lessons with notes");
    out
}

/// Whether `note` names a glyph: alone between spaces or parentheses ("( @ )", " : "), or a
/// piece spelt out cell by cell ("K K").
fn names_a_glyph(note: &str) -> bool {
    let chars: Vec<char> = note.chars().collect();
    let alone = |i: usize| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        matches!(before, Some(' ' | '(')) && matches!(after, Some(' ' | ')'))
    };
    chars
        .iter()
        .enumerate()
        .any(|(i, c)| GLYPHS.contains(c) && alone(i))
        || note.contains("(K K)")
}

#[test]
fn lessons_name_pieces_as_the_board_shows_them() {
    for (folder, extension) in [
        ("hexlock/tutorial", "lock"),
        ("hexlock/starter", "lock"),
        ("sliding/tutorial", "slide"),
    ] {
        for (path, note) in notes(folder, extension) {
            assert!(!names_a_glyph(&note), "{path}: {note}");
        }
    }
}

#[test]
fn the_check_finds_what_it_looks_for() {
    assert!(names_a_glyph("the three : cells at the top right"));
    assert!(names_a_glyph("the Keyhole (@) so that"));
    assert!(names_a_glyph("Bring the Key (K K) against"));
    assert!(!names_a_glyph("the bolthole: the three gold cells"));
    assert!(!names_a_glyph("A slide goes as far as you like: one move."));
}
