//! The installed command line, which the command-line benches time beside this build's.

use std::path::{Path, PathBuf};

/// The `lockwright` that is installed: `STARTUP_DIST`, else what `scripts/build-release` put in
/// the target folder's `dist/` (`CARGO_TARGET_DIR`, else `target/`), whether or not it is there.
pub fn lockwright() -> PathBuf {
    std::env::var_os("STARTUP_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let target = std::env::var_os("CARGO_TARGET_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
            target.join("dist/lockwright")
        })
}
