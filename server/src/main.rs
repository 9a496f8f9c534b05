//! `lockwright-server`: the metagame server. Flags, environment and a TOML file configure it
//! (see `--help`); it logs with `tracing` (set `RUST_LOG`), and stops gracefully on SIGINT or
//! SIGTERM.

use clap::Parser;

/// The Lockwright metagame server.
#[derive(Parser, Debug)]
#[command(name = "lockwright-server", version, about)]
struct Args {
    #[command(flatten)]
    serve: server::config::ServeArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    server::init_logging();
    let config = Args::parse().serve.resolve()?;
    server::server::run(config).await?;
    Ok(())
}
