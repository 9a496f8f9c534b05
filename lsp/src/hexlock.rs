//! Hex locks (`.lock`): the pieces and springs said in the game's words, blocks and pivots as
//! named pieces (a letter or a digit in the picture, on `pivot` and `spring` lines), cell
//! references that lead to their cell, and the breadth-first solver's verdict.

use crate::family::{Completion, Family, Occurrence, Offer, Said, Verdict, Words};
use crate::position::Place;
use crate::syntax;
use engine::Hex;
use engine::hexlock::physics::Mechanism;
use engine::hexlock::search::{self, Goal, SearchOptions, Verdict as Found};
use engine::hexlock::{Anchor, Block, Lock, PieceRef, Pivot, Spring};
use engine::solving::{Cancel, Limits};
use lockfmt::hexlock::{HexLock, Item, Parsed, grid};
use lockfmt::words::{count, grouped, listed};

const KEYWORDS: Words = &[
    (
        "lockwright-lock",
        "the format and its version: `lockwright-lock 1`, first",
    ),
    ("name:", "the lock's title"),
    ("author:", "who designed it"),
    ("size:", "the hex radius of the playing area, 3 to 11"),
    ("note:", "one line of free text: an intro, a hint"),
    ("grid:", "the picture, its rows on the lines after it"),
    (
        "pivot",
        "`pivot D arms DIR…`: a fixed pivot and the directions of its arms",
    ),
    (
        "spring",
        "`spring R rRcC -> E rRcC natural N`: a spring from a piece to a block, and its natural length",
    ),
    ("hook", "`hook arm DIR`: the direction of the hook's arm"),
    (
        "wrench",
        "`wrench momentum DIR` or `wrench momentum none`: the wrench's momentum",
    ),
];

/// Words that follow the first on a line, and the directions.
const VALUES: Words = &[
    ("arms", "the directions of a pivot's arms from its hub"),
    ("arm", "the direction of the hook's arm from its hub"),
    (
        "natural",
        "the length at which a spring pushes and pulls on nothing",
    ),
    ("momentum", "the direction the wrench is moving in"),
    ("none", "the wrench is not moving"),
    ("E", "east, along the row to the right"),
    ("NE", "north-east, up a row to the right"),
    ("NW", "north-west, up a row to the left"),
    ("W", "west, along the row to the left"),
    ("SW", "south-west, down a row to the left"),
    ("SE", "south-east, down a row to the right"),
];

impl Family for HexLock {
    const KEYWORDS: Words = KEYWORDS;

    fn hover(text: &str, parsed: &Parsed, at: Place) -> Option<Said> {
        let lock = parsed.document.as_ref().map(|d| &d.lock);
        if let Some((&cell, &span)) = parsed.source_map.cells.iter().find(|(_, s)| at.within(s)) {
            let glyph = text
                .split('\n')
                .nth(span.line - 1)
                .and_then(|l| l.chars().nth(span.column - 1));
            return Some(Said {
                markdown: cell_words(lock, cell, glyph),
                span,
            });
        }
        if let Some((word, span)) = syntax::word_at(text, at)
            && let Some((_, what)) = KEYWORDS.iter().chain(VALUES).find(|(w, _)| *w == word)
        {
            let item = parsed
                .source_map
                .items
                .iter()
                .find(|(_, s)| at.on_lines_of(s));
            let more = item
                .and_then(|(item, _)| lock.and_then(|l| item_words(l, item)))
                .map(|w| format!("\n\n{w}"))
                .unwrap_or_default();
            return Some(Said {
                markdown: format!("`{word}`: {what}{more}"),
                span,
            });
        }
        let (item, span) = parsed
            .source_map
            .items
            .iter()
            .find(|(_, s)| at.on_lines_of(s))?;
        Some(Said {
            markdown: item_words(lock?, item)?,
            span: *span,
        })
    }

    fn completions(text: &str, parsed: &Parsed, at: Place) -> Vec<Completion> {
        let typed = crate::family::typed_before(text, at);
        if !typed.contains(char::is_whitespace) {
            return crate::family::line_start_keywords::<HexLock>(text, at);
        }
        let last = typed.rsplit(char::is_whitespace).next().unwrap_or("");
        let mut out: Vec<Completion> = VALUES
            .iter()
            .filter(|(w, _)| w.starts_with(last))
            .map(|&(w, what)| Completion::new(w, what, Offer::Value))
            .collect();
        if typed.starts_with("spring")
            && let Some(lock) = parsed.document.as_ref().map(|d| &d.lock)
        {
            let names = lock
                .blocks
                .iter()
                .map(|b| (b.name, "block"))
                .chain(lock.pivots.iter().map(|p| (p.name, "pivot")));
            out.extend(names.filter(|(n, _)| n.to_string().starts_with(last)).map(
                |(name, what)| {
                    Completion::new(
                        name.to_string(),
                        format!("{what} {name}, {}", piece_words(lock, name)),
                        Offer::Piece,
                    )
                },
            ));
        }
        out
    }

    fn symbol(name: &str) -> String {
        if name.chars().all(|c| c.is_ascii_digit()) {
            format!("pivot {name}")
        } else {
            format!("block {name}")
        }
    }

    fn occurrences(text: &str, parsed: &Parsed) -> Vec<Occurrence> {
        syntax::nodes_of(
            text,
            parsed.tree.as_ref(),
            &["block_cell", "pivot_hub", "piece_name"],
        )
        .into_iter()
        .filter(|f| f.text != "o" && f.text != "O")
        .map(|f| Occurrence {
            name: f.text.to_string(),
            span: f.span,
            defines: f.kind != "piece_name",
        })
        .collect()
    }

    fn target(text: &str, parsed: &Parsed, at: Place) -> Option<lockfmt::Span> {
        let node = syntax::node_at(text, parsed.tree.as_ref(), at)?;
        if node.kind != "cell_ref" {
            return None;
        }
        let size = parsed.document.as_ref()?.lock.size;
        let (row, col) = grid::parse_cell_ref(node.text)?;
        let cell = grid::cell_at(size, row.checked_sub(1)?, col.checked_sub(1)?)?;
        parsed.source_map.cells.get(&cell).copied()
    }

    fn renamable(old: &str, new: &str, taken: &[String]) -> Result<(), String> {
        let (Some(old), Some(new)) = (single(old), single(new)) else {
            return Err("a piece of a hex lock is named by one letter or one digit".into());
        };
        if Pivot::is_valid_name(old) && !Pivot::is_valid_name(new) {
            return Err(format!("pivot {old} must keep a digit for its name"));
        }
        if Block::is_valid_name(old) && !Block::is_valid_name(new) {
            return Err(format!(
                "block {old} must keep a letter for its name (not o or O, which draw balls)"
            ));
        }
        if taken.iter().any(|t| t == &new.to_string()) {
            return Err(format!("{new} already names a piece of this lock"));
        }
        Ok(())
    }

    fn verdict(
        document: &lockfmt::hexlock::Document,
        limits: &Limits,
        cancel: Cancel<'_>,
    ) -> Option<Verdict> {
        let mech = Mechanism::new(&document.lock).ok()?;
        let options = SearchOptions {
            threads: 1,
            limits: *limits,
            goal: Goal::AllShortest,
        };
        let report = search::solve_cancellable(&mech, &options, &mut |_| {}, cancel).ok()?;
        let said = match report.verdict() {
            Found::Solved => {
                let moves = report.solution.as_ref().map_or(0, Vec::len);
                let shortest = match report.shortest {
                    Some(c) if c.unique() => ", unique".to_string(),
                    Some(c) => format!(", {} shortest solutions", grouped(c.state_paths)),
                    None => String::new(),
                };
                format!("opens in {}{shortest}", count(moves, "move"))
            }
            Found::Unsolvable => "cannot be opened".to_string(),
            Found::GaveUp { limit } => format!("no answer yet: the solver {}", limit.stopped()),
        };
        // The file `lockwright solve --write-solution` writes.
        let solution = report.solution.map(|moves| {
            let solution = lockfmt::hexlock::Solution::for_lock(&document.lock, moves);
            lockfmt::hexlock::print_solution(&solution)
        });
        Some(Verdict { said, solution })
    }
}

fn single(name: &str) -> Option<char> {
    let mut chars = name.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// What a cell of the picture holds, in the game's words.
fn cell_words(lock: Option<&Lock>, cell: Hex, glyph: Option<char>) -> String {
    let Some(lock) = lock else {
        return format!("{}.", glyph_words(glyph));
    };
    let place = grid::cell_ref(lock.size, cell);
    let piece = lock.occupancy().get(&cell).copied();
    let what = match piece {
        Some(PieceRef::Block(name)) => format!("**Block {name}**: {}", piece_words(lock, name)),
        Some(PieceRef::Pivot(name)) => format!("**Pivot {name}**: {}", piece_words(lock, name)),
        Some(PieceRef::Ball(_)) => "**A ball**: it rolls wherever it is pushed".to_string(),
        Some(PieceRef::Hook(i)) => match lock.hooks.get(i) {
            Some(hook) => format!(
                "**The hook**: the player moves it and turns it about its hub; its arm points {}",
                hook.arm
            ),
            None => "**The hook**".to_string(),
        },
        Some(PieceRef::Wrench(i)) => {
            let momentum = lock
                .wrenches
                .get(i)
                .and_then(|w| w.momentum)
                .map_or("it is still".to_string(), |d| format!("it is moving {d}"));
            format!("**The wrench**: the player pushes it, and it keeps going; {momentum}")
        }
        None if lock.bolthole().contains(&cell) => {
            "A cell of the **bolthole**: the lock opens when nothing is in it".to_string()
        }
        None => match lock.springs.iter().find(|s| s.run().contains(&cell)) {
            Some(s) => format!(
                "An empty cell the spring from {} to block {} runs through",
                anchor_words(s.root),
                s.end
            ),
            None => "An empty cell".to_string(),
        },
    };
    format!("{what}. Cell `{place}`.")
}

/// A glyph's meaning, for a picture whose lock could not be read.
fn glyph_words(glyph: Option<char>) -> &'static str {
    match glyph {
        Some('.') => "An empty cell",
        Some(':') => "An empty cell of the bolthole",
        Some('~') => "An empty cell a spring runs through",
        Some('o') => "A ball",
        Some('@') => "The hook's hub",
        Some('%') => "A cell of the wrench",
        Some('-' | '/' | '\\') => "An arm, along its line from the hub",
        Some(c) if c.is_ascii_digit() => "The hub of a pivot",
        Some(c) if c.is_ascii_alphabetic() => "A cell of a block",
        _ => "A cell",
    }
}

/// What a block or a pivot is and does.
fn piece_words(lock: &Lock, name: char) -> String {
    if let Some(pivot) = lock.pivot(name) {
        let arms: Vec<String> = pivot.arms.iter().map(ToString::to_string).collect();
        return match arms.len() {
            0 => "a fixed pivot with no arms".to_string(),
            _ => format!(
                "a fixed pivot whose arms ({}) turn about its hub when pushed",
                listed(&arms)
            ),
        };
    }
    let Some(block) = lock.block(name) else {
        return "not in the picture".to_string();
    };
    let cells = count(block.cells.len(), "cell");
    let bolt = if block.cells.iter().any(|c| lock.bolthole().contains(c)) {
        "; it is in the bolthole: the lock opens when it leaves"
    } else {
        ""
    };
    let ends: Vec<&Spring> = lock.springs.iter().filter(|s| s.end == name).collect();
    let moves = match ends.as_slice() {
        [] => "stationary: no spring ends at it".to_string(),
        springs => {
            let from: Vec<String> = springs.iter().map(|s| anchor_words(s.root)).collect();
            format!("it moves, held by the spring from {}", listed(&from))
        }
    };
    format!("{cells}, {moves}{bolt}")
}

fn anchor_words(anchor: Anchor) -> String {
    match anchor {
        Anchor::Block(c) => format!("block {c}"),
        Anchor::Pivot(c) => format!("pivot {c}"),
    }
}

/// What a line of the file says, beyond its words.
fn item_words(lock: &Lock, item: &Item) -> Option<String> {
    Some(match item {
        Item::Spring(spring) => spring_words(lock, spring),
        Item::Pivot(name) => format!("**Pivot {name}**: {}", piece_words(lock, *name)),
        Item::Size => format!(
            "**Size {}**: the picture has {} rows, of {} to {} cells",
            lock.size,
            grid::row_count(lock.size),
            lock.size + 1,
            2 * lock.size + 1
        ),
        Item::Hook(i) => {
            let hook = lock.hooks.get(*i)?;
            format!("**The hook**: its arm points {}", hook.arm)
        }
        Item::Wrench => {
            let wrench = lock.wrenches.first()?;
            match wrench.momentum {
                Some(d) => format!("**The wrench** is moving {d}"),
                None => "**The wrench** is still".to_string(),
            }
        }
        _ => return None,
    })
}

fn spring_words(lock: &Lock, spring: &Spring) -> String {
    let at = |cell| grid::cell_ref(lock.size, cell);
    let natural = spring.natural_length;
    let state = match spring.line() {
        Some((_, now)) if now > natural => format!(
            "now {now}: stretched, it pulls block {} towards its root",
            spring.end
        ),
        Some((_, now)) if now < natural => format!(
            "now {now}: compressed, it pushes block {} away from its root",
            spring.end
        ),
        Some((_, now)) => format!("now {now}: at rest"),
        None => "its two ends are not on one hex line".to_string(),
    };
    format!(
        "**Spring** from {} at `{}` to block {} at `{}`: natural length {natural}, {state}. It may be from 0 to {} long.",
        anchor_words(spring.root),
        at(spring.root_cell),
        spring.end,
        at(spring.end_cell),
        spring.max_length()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Served;

    const SPRING_PULL: &str = include_str!("../../templates/hexlock/starter/spring-pull.lock");

    fn hover(text: &str, line: usize, column: usize) -> String {
        HexLock
            .hover(text, Place { line, column })
            .map(|s| s.markdown)
            .unwrap_or_default()
    }

    #[test]
    fn a_block_a_spring_and_a_keyword_are_said_in_the_games_words() {
        let spring_line = SPRING_PULL
            .lines()
            .position(|l| l.starts_with("spring"))
            .expect("a spring")
            + 1;
        let spring = hover(SPRING_PULL, spring_line, 10);
        assert!(spring.contains("natural length 1"), "{spring}");
        assert!(spring.contains("stretched"), "{spring}");
        let keyword = hover(SPRING_PULL, spring_line, 2);
        assert!(keyword.starts_with("`spring`"), "{keyword}");
        let (row, line) = SPRING_PULL
            .lines()
            .enumerate()
            .find(|(_, l)| l.trim_end().ends_with('B'))
            .expect("block B");
        let column = line.chars().count();
        let block = hover(SPRING_PULL, row + 1, column);
        assert!(block.contains("**Block B**"), "{block}");
        assert!(block.contains("bolthole"), "{block}");
    }

    #[test]
    fn a_pivot_keeps_a_digit_and_a_block_a_letter() {
        let taken = ["A".to_string(), "B".to_string()];
        assert!(HexLock.renamable("A", "C", &taken).is_ok());
        assert!(HexLock.renamable("A", "B", &taken).is_err());
        assert!(HexLock.renamable("A", "o", &taken).is_err());
        assert!(HexLock.renamable("1", "2", &taken).is_ok());
        assert!(HexLock.renamable("1", "x", &taken).is_err());
        assert!(HexLock.renamable("A", "CD", &taken).is_err());
    }
}
