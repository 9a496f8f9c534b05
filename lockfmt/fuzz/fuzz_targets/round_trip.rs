//! What the family readers' round-trip targets share: a file read without errors is printed,
//! read again, and must be the same document, printed the same way.

/// Reads `data` with `read` (`None` when the text has errors); when it reads, checks that its
/// printed form reads back without errors, that `same` holds between the two documents, and
/// that printing is canonical.
pub fn check<D>(
    data: &[u8],
    read: impl Fn(&[u8]) -> Option<D>,
    print: impl Fn(&D) -> String,
    same: impl Fn(&D, &D, &str),
) {
    let Some(doc) = read(data) else {
        return;
    };
    let printed = print(&doc);
    let Some(back) = read(printed.as_bytes()) else {
        panic!("the printer wrote a file the reader rejects:\n{printed}");
    };
    same(&doc, &back, &printed);
    assert_eq!(print(&back), printed, "printing is not canonical");
}
