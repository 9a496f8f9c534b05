//! `/api/v1/admin/...`: what an operator does to a player, authorized by the server's admin
//! token — written at each start to `admin.token` in the data folder, readable by its owner
//! only, so that whoever may read the data folder may administer the server, and no one
//! else. `lockwright-server admin` reads it there and calls these. Every action is written to
//! the log as an audit line (`audit=true`).

use super::AppState;
use crate::error::ApiError;
use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Serialize;
use std::path::Path;

/// The file in the data folder holding the admin token.
pub const TOKEN_FILE: &str = "admin.token";

/// A fresh admin token, written to the data folder (owner-only on Unix); returns the token's
/// hash, which is all the server keeps.
pub fn new_admin_token(data: &Path) -> std::io::Result<String> {
    use std::io::Write;
    let token = crate::auth::new_token();
    let path = data.join(TOKEN_FILE);
    let _ = std::fs::remove_file(&path);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&path)?;
    file.write_all(format!("{token}\n").as_bytes())?;
    file.sync_all()?;
    Ok(crate::auth::token_hash(&token))
}

/// A request carrying the admin token.
pub struct Admin;

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Admin, ApiError> {
        let refused = || {
            ApiError::new(
                StatusCode::FORBIDDEN,
                "not-admin",
                "this needs the server's admin token (admin.token in its data folder)",
            )
        };
        let token = crate::auth::bearer(&parts.headers).ok_or_else(refused)?;
        let hash = crate::auth::token_hash(token);
        // Both are SHA-256 hex of the same length; compare every byte whatever the first
        // difference, so that timing says nothing.
        let expected = state.admin.as_bytes();
        let same = hash.len() == expected.len()
            && hash
                .bytes()
                .zip(expected)
                .fold(0u8, |d, (a, b)| d | (a ^ b))
                == 0;
        if !same || expected.is_empty() {
            return Err(refused());
        }
        Ok(Admin)
    }
}

/// What an admin action did.
#[derive(Debug, Serialize, serde::Deserialize)]
pub struct Done {
    /// The player.
    pub codename: String,
    /// The action.
    pub action: String,
    /// What it changed, in words.
    pub result: String,
}

/// `POST /api/v1/admin/players/{codename}/{action}`: `ban`, `unban`, `revoke-tokens`,
/// `retire-locks`, `purge-locks`, `cancel-challenges` or `leave-metagame`.
pub async fn act(
    State(state): State<AppState>,
    _: Admin,
    axum::extract::Path((codename, action)): axum::extract::Path<(String, String)>,
) -> Result<Json<Done>, ApiError> {
    let game = state.game.clone();
    let who = codename.clone();
    let what = action.clone();
    let result = super::changing(&state.game, move || {
        let player = game.any_player(&who)?;
        Ok(match what.as_str() {
            "ban" => {
                game.set_banned(player, true)?;
                "banned: their tokens are revoked and logins refused".to_string()
            }
            "unban" => {
                game.set_banned(player, false)?;
                "unbanned: they may log in again".to_string()
            }
            "revoke-tokens" => {
                let n = game.revoke_tokens_of(player)?;
                format!("{n} tokens revoked")
            }
            "retire-locks" | "purge-locks" => {
                let done = game.retire_locks_of(player, what == "purge-locks")?;
                format!(
                    "{} locks retired{}",
                    done.retired.len(),
                    if what == "purge-locks" {
                        format!(", {} retired locks deleted", done.purged)
                    } else {
                        String::new()
                    }
                )
            }
            "leave-metagame" => {
                game.leave_metagame(player)?;
                "plays Death Matches only: no longer among the players, scores or accesses"
                    .to_string()
            }
            "cancel-challenges" => {
                let host = game.death_matches();
                let mut n = 0;
                for m in host.list(player) {
                    if m.status == crate::death_match_host::view::Status::Challenged {
                        host.decline(m.id, player)?;
                        n += 1;
                    }
                }
                format!("{n} open challenges cancelled")
            }
            other => {
                return Err(ApiError::not_found(
                    "no-such-action",
                    format!(
                        "`{other}` is not an admin action: ban, unban, revoke-tokens, retire-locks, purge-locks, cancel-challenges, leave-metagame"
                    ),
                ));
            }
        })
    })
    .await?;
    tracing::warn!(audit = true, %codename, %action, %result, "admin action");
    Ok(Json(Done {
        codename,
        action,
        result,
    }))
}

/// Reads the admin token a running server wrote in `data`.
pub fn read_admin_token(data: &Path) -> std::io::Result<String> {
    Ok(std::fs::read_to_string(data.join(TOKEN_FILE))?
        .trim()
        .to_string())
}
