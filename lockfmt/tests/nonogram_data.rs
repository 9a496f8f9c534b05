//! The public puzzles in `../shared/data/nonograms`: each written out as a `.non` file (from its
//! JSON's clues and solution) parses back to the same clues and goal, its canonical form is
//! stable, both spellings of an empty line read the same, and the webpbn XML round-trips it.

use engine::nonogram::{Grid, Puzzle};
use lockfmt::nonogram::{format, parse, print, webpbn};
use std::path::PathBuf;

/// One puzzle of the shared data, as its JSON gives it.
struct Data {
    name: String,
    width: usize,
    height: usize,
    rows: Vec<Vec<u32>>,
    columns: Vec<Vec<u32>>,
    /// The goal's rows (`#` filled, `.` empty); some puzzles of the data have none.
    solution: Option<Vec<String>>,
    source: String,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/nonograms")
}

fn load() -> Vec<Data> {
    let dir = data_dir();
    let mut out = Vec::new();
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the shared data at {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let v: serde_json::Value = serde_json::from_str(&text).expect("json");
        let clues = |k: &str| -> Vec<Vec<u32>> {
            v[k].as_array()
                .expect("clues")
                .iter()
                .map(|c| {
                    let runs: Vec<u32> = c
                        .as_array()
                        .expect("clue")
                        .iter()
                        .map(|n| n.as_u64().expect("run") as u32)
                        .collect();
                    // Some of the data write an empty line's clue as `[0]`.
                    if runs == [0] { Vec::new() } else { runs }
                })
                .collect()
        };
        out.push(Data {
            name: v["name"].as_str().expect("name").to_string(),
            width: v["width"].as_u64().expect("width") as usize,
            height: v["height"].as_u64().expect("height") as usize,
            rows: clues("rows"),
            columns: clues("cols"),
            solution: v["solution"].as_array().map(|rows| {
                rows.iter()
                    .map(|r| r.as_str().expect("row").to_string())
                    .collect()
            }),
            source: v["source"].as_str().unwrap_or("").to_string(),
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(
        out.len() >= 30,
        "expected the shared nonograms, found {}",
        out.len()
    );
    out
}

/// A clue as the community format writes it; an empty clue as `empty`.
fn clue_line(clue: &[u32], empty: &str) -> String {
    if clue.is_empty() {
        return empty.to_string();
    }
    clue.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The `.non` file of a puzzle of the data, as nonogram-db lays it out, with empty lines
/// written `empty` (`0` or a blank line).
fn non_file(d: &Data, empty: &str) -> String {
    let mut s = format!(
        "catalogue \"{}\"\ntitle \"{}\"\nwidth {}\nheight {}\n\nrows\n",
        d.source.replace('"', "&quot;"),
        d.name,
        d.width,
        d.height
    );
    for c in &d.rows {
        s.push_str(&clue_line(c, empty));
        s.push('\n');
    }
    s.push_str("\ncolumns\n");
    for c in &d.columns {
        s.push_str(&clue_line(c, empty));
        s.push('\n');
    }
    if let Some(rows) = &d.solution {
        let goal: String = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| if c == '#' { '1' } else { '0' })
            .collect();
        s.push_str(&format!("\ngoal \"{goal}\"\n"));
    }
    s
}

fn read(text: &str, name: &str) -> Puzzle {
    let parsed = parse(text);
    assert!(
        !parsed.has_errors(),
        "{name}: {:#?}\n{text}",
        parsed.diagnostics
    );
    parsed.document.expect("a document").puzzle
}

#[test]
fn every_shared_puzzle_written_as_non_parses_back_to_its_clues_and_goal() {
    for d in load() {
        let puzzle = read(&non_file(&d, "0"), &d.name);
        assert_eq!(
            (puzzle.width, puzzle.height),
            (d.width, d.height),
            "{}",
            d.name
        );
        assert_eq!(puzzle.rows, d.rows, "{}", d.name);
        assert_eq!(puzzle.columns, d.columns, "{}", d.name);
        let goal = d
            .solution
            .as_ref()
            .map(|rows| Grid::from_rows(rows).expect("a grid"));
        assert_eq!(puzzle.goal, goal, "{}", d.name);
        assert_eq!(puzzle.info.title.as_deref(), Some(d.name.as_str()));
        assert_eq!(puzzle.info.catalogue.as_deref(), Some(d.source.as_str()));
        assert!(puzzle.validate().is_empty(), "{}", d.name);
    }
}

#[test]
fn every_shared_puzzle_reads_the_same_with_empty_lines_as_blank_lines() {
    let mut with_empty_lines = 0;
    for d in load() {
        let zero = read(&non_file(&d, "0"), &d.name);
        let blank = read(&non_file(&d, ""), &d.name);
        assert_eq!(zero, blank, "{}", d.name);
        if d.rows.iter().chain(&d.columns).any(Vec::is_empty) {
            with_empty_lines += 1;
        }
    }
    assert!(
        with_empty_lines >= 3,
        "only {with_empty_lines} puzzles have empty lines"
    );
}

#[test]
fn every_shared_puzzle_has_a_stable_canonical_form() {
    for d in load() {
        for empty in ["0", ""] {
            let once = format(&non_file(&d, empty)).expect("formats");
            assert_eq!(format(&once).as_deref(), Ok(once.as_str()), "{}", d.name);
            assert_eq!(once, print(&read(&once, &d.name)), "{}", d.name);
        }
    }
}

#[test]
fn every_shared_puzzle_round_trips_through_webpbn_xml() {
    for d in load() {
        let puzzle = read(&non_file(&d, "0"), &d.name);
        let xml = webpbn::export(&puzzle);
        assert_eq!(webpbn::import(&xml), Ok(puzzle), "{}", d.name);
    }
}
