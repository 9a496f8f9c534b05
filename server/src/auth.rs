//! Players' identity: codenames, argon2 password hashes, bearer tokens, and the extractor that
//! turns `Authorization: Bearer TOKEN` into the calling player.

use crate::api::AppState;
use crate::error::ApiError;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use rules::metagame::PlayerId;
use sha2::{Digest, Sha256};

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

/// The argon2id parameters for a memory cost in KiB (the OWASP minimum, 19 MiB, unless
/// configured), two passes, one lane.
fn params(memory_kib: u32) -> Params {
    Params::new(memory_kib.max(Params::MIN_M_COST), 2, 1, None).unwrap_or_default()
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        format!("cannot hash the password: {e}"),
    )
}

/// Hashes a password with a fresh salt, as a PHC string, in `memory`: argon2's working memory
/// comes from the caller, so that a server reuses a few buffers instead of allocating (and
/// leaving to the allocator) megabytes per check.
pub fn hash_password_in(
    password: &str,
    memory_kib: u32,
    memory: &mut Vec<Block>,
) -> Result<String, ApiError> {
    let params = params(memory_kib);
    let salt = SaltString::generate(&mut OsRng);
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt
        .as_salt()
        .decode_b64(&mut salt_bytes)
        .map_err(internal)?;
    if memory.len() < params.block_count() {
        memory.resize(params.block_count(), Block::default());
    }
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, &mut memory[..])
        .map_err(internal)?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(internal)?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(internal)?),
    };
    Ok(hash.to_string())
}

/// Whether a password matches a stored hash (the hash carries its own parameters), computed
/// in `memory` as [`hash_password_in`] does.
pub fn verify_password_in(password: &str, hash: &str, memory: &mut Vec<Block>) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params), Some(expected), Some(salt)) = (
        Algorithm::try_from(parsed.algorithm),
        Params::try_from(&parsed),
        parsed.hash,
        parsed.salt,
    ) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from) {
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
        None => Version::default(),
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt_bytes) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    if memory.len() < params.block_count() {
        memory.resize(params.block_count(), Block::default());
    }
    let mut out = vec![0u8; expected.len()];
    if Argon2::new(algorithm, version, params)
        .hash_password_into_with_memory(password.as_bytes(), salt_bytes, &mut out, &mut memory[..])
        .is_err()
    {
        return false;
    }
    // `Output` compares in constant time.
    Output::new(&out).is_ok_and(|o| o == expected)
}

/// Hashes a password with a fresh salt, as a PHC string (working memory allocated for this
/// call: for tools, not for the server's requests).
pub fn hash_password(password: &str, memory_kib: u32) -> Result<String, ApiError> {
    hash_password_in(password, memory_kib, &mut Vec::new())
}

/// Whether a password matches a stored hash (working memory allocated for this call).
pub fn verify_password(password: &str, hash: &str) -> bool {
    verify_password_in(password, hash, &mut Vec::new())
}

/// A new bearer token: 32 random bytes from the OS, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// What the server stores of a token: its SHA-256, in hex. A token is 256 random bits, so a
/// plain hash suffices (no salt or stretching): whoever reads the database cannot log in.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The token of `Authorization: Bearer TOKEN`, if the header is there. The scheme is read
/// in any case and may be followed by several spaces, as HTTP has it (RFC 9110, 11.1):
/// `bearer TOKEN` was refused.
pub fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .trim();
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The calling player, from their bearer token. Handlers that take it refuse callers without
/// a valid token with 401.
#[derive(Clone, Copy, Debug)]
pub struct Me(pub PlayerId);

impl FromRequestParts<AppState> for Me {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Me, ApiError> {
        let token = bearer(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        let me = match state.game.token_player(token) {
            Some(me) => me,
            // Another server on the same database may have issued it.
            None if state.game.shared() => {
                let game = state.game.clone();
                let token = token.to_string();
                tokio::task::spawn_blocking(move || game.stored_token_player(&token))
                    .await
                    .ok()
                    .flatten()
                    .ok_or_else(ApiError::unauthorized)?
            }
            None => return Err(ApiError::unauthorized()),
        };
        if let Some(codename) = state.game.codename(me) {
            tracing::Span::current().record("player", codename.as_str());
        }
        Ok(Me(me))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        let token = |value: &str| {
            let mut h = axum::http::HeaderMap::new();
            h.insert(
                axum::http::header::AUTHORIZATION,
                value.parse().expect("a header value"),
            );
            bearer(&h).map(str::to_string)
        };
        for value in ["Bearer T0K", "bearer T0K", "BEARER   T0K", " Bearer T0K "] {
            assert_eq!(token(value).as_deref(), Some("T0K"), "{value:?}");
        }
        for value in [
            "Basic T0K",
            "BearerT0K",
            "Bearer",
            "Bearer   ",
            "Bearerx T0K",
        ] {
            assert_eq!(token(value), None, "{value:?}");
        }
        assert_eq!(bearer(&axum::http::HeaderMap::new()), None);
    }

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
        assert!(h.starts_with("$argon2id$v=19$m=64,t=2,p=1$"), "{h}");
        assert!(verify_password("sesame", &h));
        assert!(!verify_password("Sesame", &h));
        assert!(!verify_password("sesame", "not a hash"));
    }

    #[test]
    fn hashes_made_by_the_argon2_crate_still_verify() {
        use argon2::password_hash::PasswordHasher;
        let salt = SaltString::generate(&mut OsRng);
        let h = Argon2::new(Algorithm::Argon2id, Version::V0x13, params(64))
            .hash_password(b"sesame", &salt)
            .expect("hash")
            .to_string();
        let mut memory = Vec::new();
        assert!(verify_password_in("sesame", &h, &mut memory));
        assert!(!verify_password_in("sesam", &h, &mut memory));
    }

    #[test]
    fn a_token_is_stored_as_its_sha256() {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }
}
