//! Players' identity: codenames, argon2 password hashes, bearer tokens, and the extractor that
//! turns `Authorization: Bearer TOKEN` into the calling player.

use crate::api::AppState;
use crate::error::ApiError;
use crate::rules::PlayerId;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// The longest password accepted: hashing cost grows with length, and no one needs more.
pub const MAX_PASSWORD_BYTES: usize = 256;

/// Whether a codename is valid: three characters, each printable ASCII but not a space and
/// not a lowercase letter (a space would make codenames hard to type and to show).
pub fn valid_codename(codename: &str) -> bool {
    codename.len() == 3
        && codename
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b.is_ascii_lowercase())
}

/// Checks a codename and password for registering.
pub fn check_credentials(codename: &str, password: &str) -> Result<(), ApiError> {
    if !valid_codename(codename) {
        return Err(ApiError::bad_request(
            "bad-codename",
            "a codename is three printable ASCII characters, none of them lowercase or a space",
        ));
    }
    if password.is_empty() || password.len() > MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request(
            "bad-password",
            format!("a password is 1 to {MAX_PASSWORD_BYTES} bytes"),
        ));
    }
    Ok(())
}

/// The argon2 hasher with a memory cost in KiB (the OWASP minimum, 19 MiB, unless configured).
fn hasher(memory_kib: u32) -> Argon2<'static> {
    let params = Params::new(memory_kib.max(Params::MIN_M_COST), 2, 1, None)
        .unwrap_or_else(|_| Params::default());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password with a fresh salt, as a PHC string.
pub fn hash_password(password: &str, memory_kib: u32) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    hasher(memory_kib)
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                format!("cannot hash the password: {e}"),
            )
        })
}

/// Whether a password matches a stored hash (the hash carries its own parameters).
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A new bearer token: 32 random bytes from the OS, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The calling player, from their bearer token. Handlers that take it refuse callers without
/// a valid token with 401.
#[derive(Clone, Copy, Debug)]
pub struct Me(pub PlayerId);

impl FromRequestParts<AppState> for Me {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Me, ApiError> {
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(ApiError::unauthorized)?;
        let token = header
            .strip_prefix("Bearer ")
            .ok_or_else(ApiError::unauthorized)?;
        state
            .game
            .token_player(token.trim())
            .map(Me)
            .ok_or_else(ApiError::unauthorized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codenames_are_three_printable_characters_without_lowercase() {
        for good in ["ABC", "A1_", "#!~", "X-Y", "999"] {
            assert!(valid_codename(good), "{good}");
        }
        for bad in ["AB", "ABCD", "abc", "ABc", "A C", "AB\n", "ÅBC", ""] {
            assert!(!valid_codename(bad), "{bad:?}");
        }
    }

    #[test]
    fn a_password_hash_verifies_only_its_password() {
        let h = hash_password("sesame", 64).expect("hash");
        assert!(verify_password("sesame", &h));
        assert!(!verify_password("Sesame", &h));
        assert!(!verify_password("sesame", "not a hash"));
    }

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }
}
