//! What the nonogram tests and the benchmark share: the public puzzles of `../shared/data`, read
//! into the engine's model, and a check of a solution against the clues.
#![allow(dead_code)]

use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Grid, Puzzle, PuzzleInfo, rule};
use std::path::PathBuf;

/// One public puzzle and what its file says of it.
pub struct DataPuzzle {
    /// The file's name, without `.json`.
    pub name: String,
    /// The puzzle (its goal is the file's solution, when it gives one).
    pub puzzle: Puzzle,
    /// Whether the file says the line rule alone solves it.
    pub line_solvable: bool,
    /// Whether the file says it has one solution.
    pub unique: bool,
    /// The cells the file says the line rule alone leaves unknown.
    pub line_unknown: usize,
}

/// The folder of public nonograms: `../shared/data/nonograms` from the workspace, or
/// `$LOCKWRIGHT_DATA/nonograms`.
pub fn data_dir() -> PathBuf {
    if let Ok(d) = std::env::var("LOCKWRIGHT_DATA") {
        return PathBuf::from(d).join("nonograms");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/nonograms")
}

fn clues(v: &serde_json::Value) -> Vec<Vec<u32>> {
    v.as_array()
        .expect("a list of clues")
        .iter()
        .map(|c| {
            c.as_array()
                .expect("a clue")
                .iter()
                .map(|n| n.as_u64().expect("a run") as u32)
                .collect()
        })
        .collect()
}

/// Every public puzzle, by name.
pub fn data_puzzles() -> Vec<DataPuzzle> {
    let dir = data_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("readable");
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let goal = v["solution"].as_array().map(|rows| {
                let rows: Vec<&str> = rows.iter().map(|r| r.as_str().expect("a row")).collect();
                Grid::from_rows(&rows).expect("a grid of # and .")
            });
            DataPuzzle {
                name: v["name"].as_str().expect("a name").to_string(),
                puzzle: Puzzle {
                    info: PuzzleInfo {
                        title: v["name"].as_str().map(str::to_string),
                        ..PuzzleInfo::default()
                    },
                    width: v["width"].as_u64().expect("a width") as usize,
                    height: v["height"].as_u64().expect("a height") as usize,
                    rows: clues(&v["rows"]),
                    columns: clues(&v["cols"]),
                    goal,
                },
                line_solvable: v["line_solvable"].as_bool().expect("line_solvable"),
                unique: v["unique"].as_bool().expect("unique"),
                line_unknown: v["line_unknown"].as_u64().expect("line_unknown") as usize,
            }
        })
        .collect()
}

/// Whether a grid is complete and gives every line of the puzzle its clue (a clue's 0s count
/// for nothing).
pub fn gives_the_clues(p: &Puzzle, g: &Grid) -> bool {
    g.width() == p.width
        && g.height() == p.height
        && g.is_complete()
        && p.lines().all(|l| {
            let want: Vec<u32> = p.clue(l).iter().copied().filter(|&n| n > 0).collect();
            clue_of(&g.line(l)) == want
        })
}

/// A picture from a seeded generator: `density` of its cells filled (xorshift, reproducible).
pub fn random_picture(width: usize, height: usize, density: f64, seed: u64) -> Grid {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || (engine::random::xorshift64(&mut s) >> 11) as f64 / (1u64 << 53) as f64;
    let rows: Vec<String> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| if next() < density { '#' } else { '.' })
                .collect()
        })
        .collect();
    Grid::from_rows(&rows).expect("a grid")
}

/// Every picture with these clues, up to `cap`, by listing each row's placements (the seed's
/// own "generate") and checking the columns: the reference the solver is compared with.
pub fn every_solution(p: &Puzzle, cap: usize) -> Vec<Grid> {
    rule::every_picture(p, cap)
}

/// The answer in one word, for tables and for comparing two solves.
pub fn answer_word(a: &Answer) -> &'static str {
    match a {
        Answer::Unique(_) => "unique",
        Answer::Several(..) => "several",
        Answer::None(_) => "none",
        Answer::Stopped { .. } => "stopped",
    }
}

/// A puzzle with the rows of one picture and the columns of another: with two pictures, often
/// one without a solution.
pub fn rows_and_columns_of(rows: &Grid, columns: &Grid) -> Puzzle {
    Puzzle {
        info: PuzzleInfo::default(),
        width: rows.width(),
        height: rows.height(),
        rows: (0..rows.height()).map(|y| clue_of(rows.row(y))).collect(),
        columns: (0..columns.width())
            .map(|x| clue_of(&columns.column(x)))
            .collect(),
        goal: None,
    }
}

/// The puzzle in nonogrid's plain "nin" format, for the benchmarks that run it: `width
/// height`, a line per row clue, a line per column clue.
pub fn nin(p: &Puzzle) -> String {
    let mut s = format!("{} {}\n", p.width, p.height);
    for c in p.rows.iter().chain(&p.columns) {
        let runs: Vec<String> = c.iter().filter(|&&n| n > 0).map(u32::to_string).collect();
        s += &if runs.is_empty() {
            "0".to_string()
        } else {
            runs.join(" ")
        };
        s += "\n";
    }
    s
}
