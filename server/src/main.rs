//! `lockwright-server`: the metagame server binary.

fn main() {
    eprintln!(
        "lockwright-server: the metagame server is not built yet; it will listen on {}",
        server::default_bind()
    );
    std::process::exit(1);
}
