//! Lockwright's language server: every puzzle family's files in any editor that speaks the
//! Language Server Protocol — diagnostics as the author types (the same codes, messages and
//! places as `lockwright check`), formatting to the canonical text as the fewest line edits,
//! hover in the game's words, completion, semantic tokens from the grammars' highlights,
//! definitions, references and renames of named pieces, and the solver's verdict as a code
//! lens and an inlay hint.
//!
//! The server is a face over lockfmt's family contract ([`lockfmt::Format`]), never new rules:
//! what every family shares is said once here, and what only a family can say lives in its
//! module, as [`family::Family`] asks.
//!
//! # Layout
//! - [`server`]: the session — `initialize`, the message loop, debounced diagnostics, the
//!   solver's runs and their answers, every request, `shutdown` and `exit`.
//! - [`family`]: what the server asks of a family ([`family::Family`], typed over
//!   [`lockfmt::Format`]; [`family::Served`], any family's) and [`family::FAMILIES`].
//! - [`hexlock`], [`nonogram`], [`quadrillion`], [`sliding`]: each family's words, names and
//!   verdict.
//! - [`position`]: lockfmt's places (lines and character columns from 1) and the client's
//!   (UTF-16 or UTF-8 code units from 0), converted at the edge.
//! - [`syntax`]: the parse's tree read for names and words at a place.
//! - [`edits`]: the canonical text as whole-line edits.
//! - [`tokens`]: highlights as semantic tokens.
//! - [`transport`]: the protocol's framing over standard input and output, bounded.
//! - [`error`]: what ends a session early.
#![deny(missing_docs)]

pub mod edits;
pub mod error;
pub mod family;
pub mod hexlock;
pub mod nonogram;
pub mod position;
pub mod quadrillion;
pub mod server;
pub mod sliding;
pub mod sliding_solution;
pub mod syntax;
pub mod tokens;
pub mod transport;

pub use error::Error;
pub use server::Options;

/// Serves one client on a connection (standard input and output, or one in memory for tests)
/// until it shuts the server down and exits.
pub fn run(connection: &lsp_server::Connection) -> Result<(), Error> {
    server::run(connection)
}

/// The language server on standard input and output: what `lockwright lsp` runs.
pub fn serve_stdio() -> anyhow::Result<()> {
    let (connection, threads) = transport::stdio()?;
    let served = run(&connection);
    // Dropping the connection lets the writer send what it holds and end.
    drop(connection);
    threads.join()?;
    Ok(served?)
}
