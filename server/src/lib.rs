//! The Lockwright metagame server: players, slots, locks, notes and relative scores, served
//! over HTTP, with its storage and the client that speaks to it.
//!
//! # Layout
//! - [`rules`]: the metagame, pure — slots, notes, the access fixpoint, scores. The heart.
//! - [`verify`]: checking a lock's text and replaying a solution with the engine.

pub mod rules;
pub mod verify;

/// Intricacy's port, and the server's default.
pub const DEFAULT_PORT: u16 = 27001;

/// The address the server binds by default: loopback only.
pub fn default_bind() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT))
}

#[cfg(test)]
mod tests {
    #[test]
    fn default_bind_is_loopback_on_intricacys_port() {
        let addr = super::default_bind();
        assert!(addr.ip().is_loopback());
        assert_eq!(addr.port(), 27001);
    }
}
