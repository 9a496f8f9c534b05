//! The physics of one turn, as Intricacy resolves it.
//!
//! A turn has two phases. In the player phase the forces from the player's move and from the
//! moving wrench are resolved; in the spring phase, those from every spring away from its
//! natural length. To resolve a phase, each initial force is propagated to a force group; groups
//! that are inconsistent with one another are blocked, unless one dominates the other through
//! spring ancestry; then every force of every unblocked group is applied. `docs/physics.md`
//! maps each sentence of the rules to the code here and to the test that checks it.
//!
//! # Layout
//! - [`force`]: pushes and torques.
//! - [`moves`]: the player's move.
//! - [`mechanism`]: a lock compiled for play, the compact [`State`] that changes, and
//!   [`problems`], what stops a lock being played.
//! - `propagate`: one initial force to one force group — overlap, arms, clawing, springs,
//!   resistance.
//! - `resolve`: one phase — groups, inconsistency, domination, application.
//! - `turn`: the two phases and the wrench's momentum; [`turn()`] plays one move on a [`Lock`].
//! - [`trace`]: the record of a turn; [`annotate`]: blockage annotations drawn from it.
//!
//! [`Lock`]: crate::hexlock::model::Lock

pub mod annotate;
pub mod error;
pub mod force;
pub mod mechanism;
pub mod moves;
mod propagate;
mod resolve;
pub mod trace;
mod turn;

pub use annotate::{Annotation, AnnotationKind, AnnotationMode, annotations};
pub use error::PhysicsError;
pub use force::{Force, ForceOn};
pub use mechanism::{Mechanism, State, problems};
pub use moves::Move;
pub use resolve::Workspace;
pub use trace::Trace;
pub use turn::{TurnOutcome, turn};
