//! What every family's round-trip target does, over the families' one contract
//! (`lockfmt::Format`): a file read without errors is printed, read again, and must be the same
//! document, printed the same way.

use lockfmt::Format;

/// Reads `data` as a file of `F`; when it reads without errors, checks that its printed form
/// reads back without errors, that `same` holds between the two documents, and that printing
/// is canonical.
pub fn check<F: Format>(data: &[u8], same: impl Fn(&F::Document, &F::Document, &str)) {
    let Some(doc) = F::parse_bytes(data).into_valid() else {
        return;
    };
    let printed = F::print(&doc);
    let Some(back) = F::parse(&printed).into_valid() else {
        panic!("the printer wrote a file the reader rejects:\n{printed}");
    };
    same(&doc, &back, &printed);
    assert_eq!(F::print(&back), printed, "printing is not canonical");
}
