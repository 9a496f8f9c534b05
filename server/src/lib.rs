//! The Lockwright metagame server: players, slots, notes and relative scores, served over HTTP.
//!
//! # Layout
//! This crate is the server's home; for now it holds only the port it will listen on, so that
//! the workspace's dependency order (engine ← lockfmt ← server ← studio) is in place.

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
