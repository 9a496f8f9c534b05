//! The limits a user sets on a search, and which of them stopped it: the solvers' shared
//! [`Limits`](crate::solving::Limits) and [`Stop`](crate::solving::Stop), by the names the
//! hex lock's search has always used.

pub use crate::solving::Limits;

/// The limit that stopped a search before it could answer.
pub type Limit = crate::solving::Stop;
