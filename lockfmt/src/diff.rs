//! Differences between two versions of a text file, line by line, for every family: a line
//! diff, a unified diff, and a change carried over to another layout of the same text.

use serde::Serialize;
use similar::{ChangeTag, DiffTag, TextDiff};

/// One line of a line diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiffLine {
    /// `equal`, `delete` (only in the old text) or `insert` (only in the new).
    pub tag: &'static str,
    /// Its line number in the old text, from 1.
    pub old: Option<usize>,
    /// Its line number in the new text, from 1.
    pub new: Option<usize>,
    /// The line, without its newline.
    pub text: String,
}

/// The line diff of two texts.
pub fn line_diff(old: &str, new: &str) -> Vec<DiffLine> {
    TextDiff::from_lines(old, new)
        .iter_all_changes()
        .map(|c| DiffLine {
            tag: match c.tag() {
                ChangeTag::Equal => "equal",
                ChangeTag::Delete => "delete",
                ChangeTag::Insert => "insert",
            },
            old: c.old_index().map(|i| i + 1),
            new: c.new_index().map(|i| i + 1),
            text: c.value().trim_end_matches(['\n', '\r']).to_string(),
        })
        .collect()
}

/// One row of a side-by-side diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// A line both texts have.
    Same {
        /// Its number in the old text, from 1.
        old: usize,
        /// Its number in the new text, from 1.
        new: usize,
        /// The line, without its newline.
        text: String,
    },
    /// A line only the old text has, only the new one has, or both, side by side where the
    /// new replaced the old.
    Changed {
        /// The old text's line and its number from 1.
        old: Option<(usize, String)>,
        /// The new text's line and its number from 1.
        new: Option<(usize, String)>,
    },
    /// This many lines the texts share, left out between the changes.
    Unchanged(usize),
}

/// The two texts side by side, as an editor shows them: each change with `context` shared
/// lines around it, the lines between changes counted instead of shown, and a replaced run
/// of lines paired up row by row. Empty when the texts have the same lines.
pub fn side_by_side(old: &str, new: &str, context: usize) -> Vec<Row> {
    let diff = TextDiff::from_lines(old, new);
    let olds: Vec<&str> = diff.iter_old_slices().collect();
    let news: Vec<&str> = diff.iter_new_slices().collect();
    let line = |s: &str| s.trim_end_matches(['\n', '\r']).to_string();
    let mut rows = Vec::new();
    let mut shown_to = 0;
    for group in diff.grouped_ops(context) {
        for op in &group {
            let (tag, o, n) = op.as_tag_tuple();
            if o.start > shown_to {
                rows.push(Row::Unchanged(o.start - shown_to));
            }
            if tag == DiffTag::Equal {
                rows.extend(o.clone().zip(n).map(|(i, j)| Row::Same {
                    old: i + 1,
                    new: j + 1,
                    text: line(olds[i]),
                }));
            } else {
                let side = |range: &std::ops::Range<usize>, lines: &[&str], k: usize| {
                    let i = range.start + k;
                    (i < range.end).then(|| (i + 1, line(lines[i])))
                };
                rows.extend((0..o.len().max(n.len())).map(|k| Row::Changed {
                    old: side(&o, &olds, k),
                    new: side(&n, &news, k),
                }));
            }
            shown_to = o.end;
        }
    }
    if !rows.is_empty() && olds.len() > shown_to {
        rows.push(Row::Unchanged(olds.len() - shown_to));
    }
    rows
}

/// A property of a puzzle (its title, its author…) said differently in two versions, in words:
/// "the title is “New” (was “Old”)"; `None` when both say the same.
pub fn said(what: &str, old: Option<&str>, new: Option<&str>) -> Option<String> {
    match (old, new) {
        _ if old == new => None,
        (Some(a), Some(b)) => Some(format!("the {what} is “{b}” (was “{a}”)")),
        (None, Some(b)) => Some(format!("the {what} is “{b}” (there was none)")),
        (Some(a), None) => Some(format!("the {what} is left out (was “{a}”)")),
        (None, None) => None,
    }
}

/// Each property said differently, as [`said`] words it, in the order given.
pub fn said_each<'a>(
    fields: impl IntoIterator<Item = (&'a str, &'a Option<String>, &'a Option<String>)>,
) -> Vec<String> {
    fields
        .into_iter()
        .filter_map(|(what, a, b)| said(what, a.as_deref(), b.as_deref()))
        .collect()
}

/// A unified diff, as `diff -u` prints it.
pub fn unified(old: &str, new: &str, old_name: &str, new_name: &str) -> String {
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .to_string()
}

/// Carries the change from `old` to `new` over to `text`, a version of `old` with its own
/// layout: each changed run of lines is replaced where `text` holds the same lines, so the lines
/// the change does not touch keep their layout and comments. `None` when a changed line of `old`
/// is not in `text` as it is (the caller then uses `new` whole).
pub fn carry_over(text: &str, old: &str, new: &str) -> Option<String> {
    if text == old {
        return Some(new.to_string());
    }
    let t: Vec<&str> = text.split_inclusive('\n').collect();
    let o: Vec<&str> = old.split_inclusive('\n').collect();
    let n: Vec<&str> = new.split_inclusive('\n').collect();
    // Where each line of `old` stands in `text`, when it stands there unchanged.
    let mut at: Vec<Option<usize>> = vec![None; o.len()];
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &o, &t) {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for k in 0..len {
                at[old_index + k] = Some(new_index + k);
            }
        }
    }
    // The edits, in `text`'s terms: replace text[a..b] with these lines.
    let mut edits: Vec<(usize, usize, Vec<&str>)> = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &o, &n) {
        let (oi, ol, ni, nl) = match op {
            similar::DiffOp::Equal { .. } => continue,
            similar::DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => (old_index, old_len, new_index, 0),
            similar::DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => (old_index, 0, new_index, new_len),
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (old_index, old_len, new_index, new_len),
        };
        let lines = n[ni..ni + nl].to_vec();
        if ol == 0 {
            // An insertion goes after the line before it, or before the line after it.
            let pos = match oi.checked_sub(1) {
                Some(p) => at[p].map(|x| x + 1),
                None => Some(0),
            }
            .or_else(|| at.get(oi).copied().flatten())?;
            edits.push((pos, pos, lines));
        } else {
            let spots: Vec<usize> = (oi..oi + ol).map(|i| at[i]).collect::<Option<_>>()?;
            let (a, b) = (spots[0], spots[spots.len() - 1] + 1);
            if b - a != ol {
                return None;
            }
            edits.push((a, b, lines));
        }
    }
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = String::new();
    let mut cur = 0;
    for (a, b, lines) in edits {
        if a < cur {
            return None;
        }
        out.extend(t[cur..a].iter().copied());
        out.extend(lines);
        cur = b;
    }
    out.extend(t[cur..].iter().copied());
    Some(out)
}

#[cfg(test)]
mod carry_over_tests {
    use super::carry_over;

    #[test]
    fn a_change_lands_on_the_same_line_in_another_layout() {
        let old = "a\nb\nc\nd\n";
        let new = "a\nB\nc\nd\n";
        // The text has an extra comment and its lines in another order.
        let text = "# mine\nd\na\nb\nc\n";
        assert_eq!(
            carry_over(text, old, new).as_deref(),
            Some("# mine\nd\na\nB\nc\n")
        );
    }

    #[test]
    fn insertions_and_deletions_follow_their_neighbours() {
        let old = "a\nb\nc\n";
        let new = "a\nb\nx\nc\n";
        assert_eq!(
            carry_over("a\n  # note\nb\nc\n", old, new).as_deref(),
            Some("a\n  # note\nb\nx\nc\n")
        );
        assert_eq!(
            carry_over("a\nb\n# c next\nc\n", "a\nb\nc\n", "a\nc\n").as_deref(),
            Some("a\n# c next\nc\n")
        );
    }

    #[test]
    fn a_changed_line_written_differently_gives_up() {
        assert_eq!(carry_over("a\n  b\nc\n", "a\nb\nc\n", "a\nB\nc\n"), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_by_side_pairs_replaced_lines_and_counts_the_shared_ones_between_changes() {
        let old: String = (1..=20).map(|i| format!("{i}\n")).collect();
        let new: String = (1..=20)
            .map(|i| match i {
                5 => "five\nFIVE\n".to_string(),
                18 => String::new(),
                _ => format!("{i}\n"),
            })
            .collect();
        let rows = side_by_side(&old, &new, 1);
        let same = |o: usize, n: usize| Row::Same {
            old: o,
            new: n,
            text: o.to_string(),
        };
        assert_eq!(
            rows,
            [
                Row::Unchanged(3),
                same(4, 4),
                Row::Changed {
                    old: Some((5, "5".into())),
                    new: Some((5, "five".into())),
                },
                Row::Changed {
                    old: None,
                    new: Some((6, "FIVE".into())),
                },
                same(6, 7),
                Row::Unchanged(10),
                same(17, 18),
                Row::Changed {
                    old: Some((18, "18".into())),
                    new: None,
                },
                same(19, 19),
                Row::Unchanged(1),
            ]
        );
    }

    #[test]
    fn side_by_side_of_the_same_lines_is_empty_and_shows_a_change_at_either_end() {
        assert!(side_by_side("a\nb\n", "a\nb\n", 3).is_empty());
        assert_eq!(
            side_by_side("a\nb", "a\nc", 0),
            [
                Row::Unchanged(1),
                Row::Changed {
                    old: Some((2, "b".into())),
                    new: Some((2, "c".into())),
                }
            ]
        );
        assert_eq!(
            side_by_side("", "x\n", 3),
            [Row::Changed {
                old: None,
                new: Some((1, "x".into())),
            }]
        );
    }

    #[test]
    fn line_diff_numbers_both_sides() {
        let d = line_diff("a\nb\nc\n", "a\nB\nc\n");
        let tags: Vec<_> = d.iter().map(|l| l.tag).collect();
        assert_eq!(tags, ["equal", "delete", "insert", "equal"]);
        assert_eq!((d[1].old, d[2].new), (Some(2), Some(2)));
    }
}
