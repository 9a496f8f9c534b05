//! Lockwright without a window: everything the studio does on puzzle files that needs no
//! display, and the command line built on it. The `lockwright` program links only this crate,
//! so that a script's verb never loads the windowing system; the studio (`studio`) builds its
//! screens on top and re-exports these modules under the same names.
//!
//! # Layout
//! - [`family`]: the registry of puzzle families, by file extension; each family's entry stands
//!   in its own module: [`hexlock`], [`nonogram`], [`quadrillion`], [`sliding`] (pictures, PNGs,
//!   templates and what else of the family needs no window).
//! - [`cli`]: the command line, one file per verb.
//! - [`files`], [`library`], [`template`], [`settings`], [`keys`], [`tokens`]: files written and
//!   read safely, the puzzle folder, the built-in puzzles, settings, key actions and login
//!   tokens.
//! - [`shape`]: pictures as plain shapes, painted into PNGs here and on canvases in the studio;
//!   [`lettering`]: their text, in the studio's font; [`animation`]: a solution played as a GIF.
//! - [`background`]: slow work as tasks, and generations that drop stale answers.

pub mod animation;
pub mod background;
pub mod cli;
pub mod family;
pub mod files;
pub mod hexlock;
pub mod keys;
pub mod lettering;
pub mod library;
pub mod nonogram;
pub mod progress;
pub mod quadrillion;
pub mod settings;
pub mod shape;
pub mod sliding;
pub mod template;
pub mod term;
pub mod tokens;
pub mod tutorial;
