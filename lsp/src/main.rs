//! The language server as a program of its own: `lockwright-lsp` speaks the protocol on
//! standard input and output, as `lockwright lsp` will.

fn main() -> std::process::ExitCode {
    match lockwright_lsp::serve_stdio() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lockwright-lsp: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
