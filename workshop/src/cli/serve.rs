//! `lockwright serve`: the metagame server in this process, configured exactly as
//! `lockwright-server` is (flags, environment, TOML file), stopped by SIGINT or SIGTERM.

use anyhow::{Context, Result};
use std::process::ExitCode;

/// Runs the server until it is told to stop.
pub fn run(args: &server::config::ServeArgs) -> Result<ExitCode> {
    server::init_logging();
    let config = args.resolve()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(server::server::run(config))?;
    Ok(ExitCode::SUCCESS)
}
