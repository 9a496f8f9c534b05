//! The canonical printer: one text for each lock, stable under a second round.

use super::document::{Document, Item};
use super::grid;
use engine::Hex;
use engine::hexlock::model::frame;
use engine::hexlock::{Anchor, Lock};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The format line every lock file starts with.
pub const FORMAT_LINE: &str = "lockwright-lock 1";

/// Prints a lock in canonical form, without comments.
pub fn print(lock: &Lock) -> String {
    print_document(&Document::new(lock.clone()))
}

/// Prints a lock in canonical form, keeping its document's comments beside their items.
pub fn print_document(doc: &Document) -> String {
    let mut p = Printer {
        out: String::new(),
        doc,
    };
    let lock = &doc.lock;
    p.item(Item::Format, FORMAT_LINE);
    p.item(Item::Name, &field("name", &lock.info.name));
    p.item(Item::Author, &field("author", &lock.info.author));
    p.item(Item::Size, &format!("size: {}", lock.size));
    for (i, note) in lock.info.notes.iter().enumerate() {
        // One space after the colon; anything after it, leading spaces too, is the note.
        p.item(Item::Note(i), &field("note", note));
    }
    p.out.push('\n');
    p.item(Item::Grid, "grid:");
    for (i, row) in grid_rows(lock).into_iter().enumerate() {
        p.item(Item::GridRow(i), &row);
    }
    let statements = statements(lock);
    if !statements.is_empty() {
        p.out.push('\n');
    }
    for (item, line) in statements {
        p.item(item, &line);
    }
    for c in &doc.comments.tail {
        p.out.push_str(c);
        p.out.push('\n');
    }
    p.out
}

fn field(key: &str, value: &str) -> String {
    if value.is_empty() {
        format!("{key}:")
    } else {
        format!("{key}: {value}")
    }
}

struct Printer<'a> {
    out: String,
    doc: &'a Document,
}

impl Printer<'_> {
    fn item(&mut self, item: Item, line: &str) {
        if let Some(leading) = self.doc.comments.leading.get(&item) {
            for c in leading {
                self.out.push_str(c);
                self.out.push('\n');
            }
        }
        self.out.push_str(line);
        if let Some(c) = self.doc.comments.trailing.get(&item) {
            if !line.is_empty() {
                self.out.push_str("  ");
            }
            self.out.push_str(c);
        }
        self.out.push('\n');
    }
}

/// The glyph each occupied cell is drawn with.
fn glyphs(lock: &Lock) -> BTreeMap<Hex, char> {
    let mut g = BTreeMap::new();
    // Later pieces never overwrite earlier ones: an invalid lock with overlaps still prints.
    let mut put = |cell: Hex, c: char| {
        g.entry(cell).or_insert(c);
    };
    for b in &lock.blocks {
        for &c in &b.cells {
            put(c, b.name);
        }
    }
    for p in &lock.pivots {
        put(p.hub, p.name);
        for &d in &p.arms {
            put(p.hub.neighbour(d), grid::arm_glyph(d));
        }
    }
    for &b in &lock.balls {
        put(b, grid::BALL);
    }
    for h in &lock.hooks {
        put(h.hub, grid::HOOK_HUB);
        put(h.hub.neighbour(h.arm), grid::arm_glyph(h.arm));
    }
    for w in &lock.wrenches {
        for &c in &w.cells {
            put(c, grid::WRENCH);
        }
    }
    for s in &lock.springs {
        for c in s.run() {
            put(c, grid::SPRING);
        }
    }
    g
}

/// The grid's rows as text, indented to interlock.
pub fn grid_rows(lock: &Lock) -> Vec<String> {
    let glyphs = glyphs(lock);
    grid::rows(lock.size)
        .map(|cells| {
            let mut line = " ".repeat(cells.first().map_or(0, |c| c.r.unsigned_abs() as usize));
            for (i, c) in cells.iter().enumerate() {
                if i > 0 {
                    line.push(' ');
                }
                let glyph =
                    glyphs
                        .get(c)
                        .copied()
                        .unwrap_or(if frame::in_bolthole(lock.size, *c) {
                            grid::BOLTHOLE
                        } else {
                            grid::EMPTY
                        });
                line.push(glyph);
            }
            line
        })
        .collect()
}

fn statements(lock: &Lock) -> Vec<(Item, String)> {
    let mut out = Vec::new();
    for p in &lock.pivots {
        let mut line = format!("pivot {} arms", p.name);
        let mut arms = p.arms.clone();
        arms.sort();
        for d in arms {
            let _ = write!(line, " {d}");
        }
        out.push((Item::Pivot(p.name), line));
    }
    for s in &lock.springs {
        let root = match s.root {
            Anchor::Block(c) | Anchor::Pivot(c) => c,
        };
        out.push((
            Item::Spring(*s),
            format!(
                "spring {root} {} -> {} {} natural {}",
                grid::cell_ref(lock.size, s.root_cell),
                s.end,
                grid::cell_ref(lock.size, s.end_cell),
                s.natural_length
            ),
        ));
    }
    let mut hooks: Vec<_> = lock.hooks.iter().collect();
    hooks.sort_by_key(|h| (h.hub.r, h.hub.q));
    for (i, h) in hooks.into_iter().enumerate() {
        out.push((Item::Hook(i), format!("hook arm {}", h.arm)));
    }
    if let Some(w) = lock.wrenches.first() {
        let m = w.momentum.map_or("none", |d| d.name());
        out.push((Item::Wrench, format!("wrench momentum {m}")));
    }
    out
}
