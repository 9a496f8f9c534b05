//! The Quadrillion screen: one board, authored beside its source and played on the table.

pub mod editor;
