//! How the family targets read their input: only a text without errors counts.

/// A family reader: `$parse` (a module's `parse_bytes`) whose document counts
/// only when the text has no errors.
macro_rules! reader {
    ($parse:path) => {
        |bytes: &[u8]| {
            let parsed = $parse(bytes);
            if parsed.has_errors() {
                None
            } else {
                parsed.document
            }
        }
    };
}
