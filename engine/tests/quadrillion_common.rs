//! What the Quadrillion tests and the benchmark share: the seed's boards and challenges of
//! `../shared/data/quadrillion.json`, read into the engine's model, and solutions read from the
//! seed's pictures.
#![allow(dead_code)]

use engine::quadrillion::{
    Board, Challenge, Dot, GridId, GridPlacement, Orientation, Placement, ShapeId, Side, Solution,
};
use std::path::PathBuf;

/// One board of the data: the default board, or a saved challenge.
pub struct DataBoard {
    /// Its name: `default`, `game00`, `game49` … `game60`.
    pub name: String,
    /// The challenge in the seed's dot space.
    pub challenge: Challenge,
    /// The seed's open dots, row by row from the board's corner: `o` open, `x` closed, ` ` none.
    pub open_mask: Vec<String>,
    /// The first solution the seed's solver finds, drawn as letters.
    pub first_solution: Vec<String>,
    /// How many solutions the data says it has, when it says.
    pub solutions: Option<u64>,
}

/// `../shared/data/quadrillion.json`, or `$LOCKWRIGHT_DATA/quadrillion.json`.
pub fn data_file() -> PathBuf {
    if let Ok(d) = std::env::var("LOCKWRIGHT_DATA") {
        return PathBuf::from(d).join("quadrillion.json");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/quadrillion.json")
}

pub fn data() -> serde_json::Value {
    let text = std::fs::read_to_string(data_file()).expect("the Quadrillion data");
    serde_json::from_str(&text).expect("JSON")
}

fn dot(v: &serde_json::Value) -> Dot {
    Dot::new(v[0].as_i64().unwrap() as i32, v[1].as_i64().unwrap() as i32)
}

fn lines(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// Every board of the data.
pub fn data_boards() -> Vec<DataBoard> {
    let d = data();
    d["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let grids = b["grids"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| GridPlacement {
                    grid: GridId::from_number(g["id"].as_str().unwrap()[1..].parse().unwrap())
                        .unwrap(),
                    side: match g["side_up"].as_str().unwrap() {
                        "white" => Side::White,
                        _ => Side::Black,
                    },
                    turns: g["rotations_cw"].as_u64().unwrap() as u8,
                    at: dot(&g["origin"]),
                })
                .collect();
            let placed = b["preplaced_shapes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| Placement {
                    shape: ShapeId::from_letter(
                        s["id"].as_str().unwrap()[1..].chars().next().unwrap(),
                    )
                    .unwrap(),
                    orientation: Orientation::new(
                        s["flips"].as_u64().unwrap() == 1,
                        s["rotations_cw"].as_u64().unwrap() as u8,
                    ),
                    at: dot(&s["location"]),
                })
                .collect();
            DataBoard {
                name: b["name"].as_str().unwrap().to_string(),
                challenge: Challenge {
                    board: Board { grids },
                    placed,
                },
                open_mask: lines(&b["open_mask"]),
                first_solution: lines(&b["repo_solver_first_solution"]),
                solutions: b["solution_count"].as_u64(),
            }
        })
        .collect()
}

/// The saved challenges (`game49` … `game60`).
pub fn saved_challenges() -> Vec<DataBoard> {
    data_boards()
        .into_iter()
        .filter(|b| b.name.starts_with("game") && b.name != "game00")
        .collect()
}

/// A solution drawn as letters from `board`'s corner, read back into placements.
pub fn read_picture(board: &Board, picture: &[String]) -> Solution {
    let corner = board.corner();
    let mut placements = Vec::new();
    for s in ShapeId::ALL {
        let mut dots = Vec::new();
        for (r, line) in picture.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == s.letter() {
                    dots.push(Dot::new(corner.row + r as i32, corner.col + c as i32));
                }
            }
        }
        dots.sort();
        let top = dots.iter().map(|d| d.row).min().unwrap();
        let left = dots.iter().map(|d| d.col).min().unwrap();
        let at = Dot::new(top, left);
        let (orientation, _) = s
            .distinct_orientations()
            .into_iter()
            .find(|(_, cells)| {
                let mut moved: Vec<Dot> = cells.iter().map(|d| d.offset(at)).collect();
                moved.sort();
                moved == dots
            })
            .unwrap_or_else(|| panic!("shape {s} drawn in no orientation"));
        placements.push(Placement {
            shape: s,
            orientation,
            at,
        });
    }
    Solution::new(placements)
}

/// Checks a solution against a challenge by the table's rules: every shape the challenge did
/// not place is picked, moved to its place and released, and the table is then solved.
pub fn replay(ch: &Challenge, solution: &Solution) {
    use engine::quadrillion::Table;
    let mut table = Table::new(ch, true);
    let by = {
        let c = ch.board.corner();
        let moved = table.board().corner();
        Dot::new(moved.row - c.row, moved.col - c.col)
    };
    for p in &solution.placements {
        if ch.placed.iter().any(|q| q.shape == p.shape) {
            assert_eq!(
                table.shape(p.shape).dots(),
                Placement {
                    at: p.at.offset(by),
                    ..*p
                }
                .dots(),
                "the challenge's shape {} is where the solution has it",
                p.shape
            );
            continue;
        }
        table
            .place(Placement {
                at: p.at.offset(by),
                ..*p
            })
            .unwrap_or_else(|e| panic!("placing {}: {e}", p.shape));
    }
    assert!(table.is_solved(), "every shape lies on the board");
}
