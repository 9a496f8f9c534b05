//! A sliding lock's solution file (`NAME.solution` beside `NAME.slide`): each move names its
//! piece by the cells it covers before that move (`BC1 L1, C34 D2, Key R1`), so the same piece
//! goes by several names along the file. Replaying the moves on the lock beside it tells which
//! piece each name is: the server's hover, definition and references read it.

use engine::sliding::{Kind, Lock, parse_moves};
use lockfmt::Span;

/// A piece's name written in a `moves:` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// Where the name is written.
    pub span: Span,
    /// The piece, by its place in the lock's pieces.
    pub piece: usize,
    /// The move's number, from 1.
    pub number: usize,
    /// The move as written (`BC1 L1`).
    pub written: String,
}

/// Every piece name the solution's moves write, with the piece each is, as far as the moves
/// play on `lock` (a move the rules refuse ends the reading: the names after it name nothing).
pub fn named(solution: &str, lock: &Lock) -> Vec<Named> {
    let mut out = Vec::new();
    let mut now = lock.clone();
    let mut number = 0;
    for (index, line) in solution.split('\n').enumerate() {
        let Some(moves) = line.strip_prefix("moves:") else {
            continue;
        };
        // Columns count characters from 1, as lockfmt's spans do.
        let mut column = "moves:".chars().count() + 1;
        for chunk in moves.split(',') {
            let chunk_columns = chunk.chars().count();
            let lead = chunk.chars().take_while(|c| c.is_whitespace()).count();
            let word: String = chunk
                .trim_start()
                .chars()
                .take_while(|c| !c.is_whitespace())
                .collect();
            let written = chunk.trim();
            if !written.is_empty() && !written.starts_with('#') {
                number += 1;
                let Ok(moves) = parse_moves(written) else {
                    return out;
                };
                let Some(w) = moves.first() else {
                    return out;
                };
                let Some(piece) = now.find(&w.piece) else {
                    return out;
                };
                let start = column + lead;
                out.push(Named {
                    span: Span {
                        line: index + 1,
                        column: start,
                        end_line: index + 1,
                        end_column: start + word.chars().count(),
                    },
                    piece,
                    number,
                    written: written.to_string(),
                });
                match now.resolve(w).and_then(|mv| now.apply(&mv)) {
                    Ok(next) => now = next,
                    Err(_) => return out,
                }
            }
            column += chunk_columns + 1;
        }
    }
    out
}

/// What a name in a solution is, in the game's words.
pub fn hover(named: &Named, lock: &Lock, letter: char, lock_file: &str) -> String {
    let piece = &lock.pieces[named.piece];
    let what = match piece.kind {
        Kind::Key => "the Key".to_string(),
        Kind::Keyhole => "the Keyhole".to_string(),
        Kind::Axis => format!("the axis `{letter}`"),
        Kind::Slider => format!("the piece `{letter}`, {} cells long", piece.length),
    };
    format!(
        "**{}**: {what}, named by the cells it covers before move {} (`{}`); in {lock_file} it starts at {}.",
        named.written.split_whitespace().next().unwrap_or(""),
        named.number,
        named.written,
        lock.name(named.piece)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = "4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n";

    #[test]
    fn each_name_is_the_piece_it_covers_before_its_move() {
        let lock = lockfmt::sliding::parse(LOCK)
            .valid()
            .expect("valid")
            .lock
            .clone();
        let solution = "lockwright-solution 1\nmoves: BC1 L1, C34 D2, Key R1\n";
        let named = named(solution, &lock);
        assert_eq!(named.len(), 3);
        let names: Vec<String> = named.iter().map(|n| lock.name(n.piece)).collect();
        // The pieces as they start: b at B1–C1, a at C3–C4, the Key.
        assert_eq!(names, ["BC1", "C34", "Key"]);
        assert_eq!(
            (
                named[1].span.line,
                named[1].span.column,
                named[1].span.end_column
            ),
            (2, 16, 19),
            "C34 in `moves: BC1 L1, C34 D2, Key R1`"
        );
    }

    #[test]
    fn a_piece_renamed_by_its_move_is_still_the_same_piece() {
        let lock = lockfmt::sliding::parse(LOCK)
            .valid()
            .expect("valid")
            .lock
            .clone();
        // b slides left: it covers A1–B1 after, and the second move names it so.
        let named = named("moves: BC1 L1, AB1 R1\n", &lock);
        assert_eq!(named.len(), 2);
        assert_eq!(named[0].piece, named[1].piece);
    }

    #[test]
    fn a_refused_move_ends_the_reading() {
        let lock = lockfmt::sliding::parse(LOCK)
            .valid()
            .expect("valid")
            .lock
            .clone();
        // The Key cannot go through a: its name is read, the names after it are not.
        let named = named("moves: Key R1, C34 D2\n", &lock);
        assert_eq!(named.len(), 1, "{named:?}");
        assert_eq!(lock.name(named[0].piece), "Key");
    }
}
