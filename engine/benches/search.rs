//! Search speed: filled in below.
fn main() {}
