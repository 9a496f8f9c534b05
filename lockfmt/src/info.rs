//! What an author says of a puzzle, as Quadrillion board files and sliding lock files write it:
//! `title`, `by`, `source`, `license` and `note` lines.

/// What a file says of its puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `title`.
    pub title: Option<String>,
    /// `by`: the author.
    pub by: Option<String>,
    /// `source`: where it comes from.
    pub source: Option<String>,
    /// `license`.
    pub license: Option<String>,
    /// `note` lines, in order.
    pub notes: Vec<String>,
}

impl Info {
    /// What `new` says differently, one sentence each: "the title is “New” (was “Old”)".
    pub fn changes(&self, new: &Info) -> Vec<String> {
        let mut out = crate::diff::said_each([
            ("title", &self.title, &new.title),
            ("author", &self.by, &new.by),
            ("source", &self.source, &new.source),
            ("licence", &self.license, &new.license),
        ]);
        if self.notes != new.notes {
            out.push("the notes changed".into());
        }
        out
    }
}
