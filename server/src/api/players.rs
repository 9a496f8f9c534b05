//! Players: registering, logging in and out, the list with scores, one player's slots.

use super::{AppState, Body, Query, Segment, blocking};
use crate::auth::{self, Me};
use crate::client_address::ClientAddress;
use crate::error::ApiError;
use crate::protocol::{Credentials, ErrorBody, LoggedOut, PlayerView, Scores, Session};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

/// `POST /api/v1/players`: register; answers a session for the new player.
pub async fn register(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> Result<(StatusCode, Json<Session>), ApiError> {
    auth::check_credentials(&c.codename, &c.password)?;
    if state.game.player_id(&c.codename).is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "codename-taken",
            "that codename is taken",
        ));
    }
    let hash = state.passwords.hash(c.password).await?;
    let game = state.game.clone();
    let session = super::changing(&state.game, move || {
        let id = game.register(&c.codename, &hash, !c.death_match_only)?;
        new_session(&game, id, c.codename)
    })
    .await?;
    tracing::info!(codename = %session.codename, "registered");
    Ok((StatusCode::CREATED, Json(session)))
}

/// A new bearer token for a player who has just registered or proved their password.
fn new_session(
    game: &crate::game::Game,
    id: rules::metagame::PlayerId,
    codename: String,
) -> Result<Session, ApiError> {
    let token = auth::new_token();
    game.add_token(&token, id)?;
    Ok(Session { codename, token })
}

/// `POST /api/v1/login`: a new bearer token for a codename and password. Failures are
/// throttled per codename and per address; an unknown codename costs as much time as a wrong
/// password, so that timing does not tell which codenames exist.
pub async fn login(
    State(state): State<AppState>,
    ClientAddress(addr): ClientAddress,
    Body(c): Body<Credentials>,
) -> Result<Json<Session>, ApiError> {
    let refused = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            ErrorBody::BAD_LOGIN,
            "unknown codename or wrong password",
        )
    };
    // No such codename can exist: nothing to learn from refusing at once.
    if c.password.len() > auth::MAX_PASSWORD_BYTES || !auth::valid_codename(&c.codename) {
        return Err(refused());
    }
    let throttle = state.throttle.clone();
    let codename = c.codename.clone();
    let now = crate::storage::now_ms();
    let begun = blocking(move || {
        throttle
            .begin(&codename, addr, now)
            .map_err(|e| crate::game::GameError::Storage(e).into())
    })
    .await?;
    if let Err(wait) = begun {
        let seconds = wait.as_secs_f64().ceil() as u64;
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "login-throttled",
            format!("too many failed logins for this codename; try again in {seconds} s"),
        )
        .retry_after(seconds));
    }
    let known = state.game.password_hash(&c.codename);
    let matches = match state
        .passwords
        .verify(c.password, known.as_ref().map(|(_, h)| h.clone()))
        .await
    {
        Ok(matches) => matches,
        Err(e) => {
            // Not checked (the server is busy): the attempt does not count.
            let (throttle, codename) = (state.throttle.clone(), c.codename.clone());
            let _ = blocking(move || {
                throttle
                    .not_checked(&codename, addr, now)
                    .map_err(|e| crate::game::GameError::Storage(e).into())
            })
            .await;
            return Err(e.into());
        }
    };
    // The attempt already counts as a failure: only a correct password takes it back.
    let Some((id, _)) = known.filter(|_| matches) else {
        return Err(refused());
    };
    let (throttle, codename) = (state.throttle.clone(), c.codename.clone());
    blocking(move || {
        throttle
            .succeeded(&codename, addr, now)
            .map_err(|e| crate::game::GameError::Storage(e).into())
    })
    .await?;
    if state.game.is_banned(id) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "banned",
            "this player is banned from this server",
        ));
    }
    let game = state.game.clone();
    let session = blocking(move || new_session(&game, id, c.codename)).await?;
    Ok(Json(session))
}

/// The query of `POST /api/v1/logout`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogoutQuery {
    /// Revoke every token of the player, not only this one.
    #[serde(default)]
    pub all: bool,
}

/// `POST /api/v1/logout[?all=true]`: revokes the token the request carries, or with
/// `all=true` every token of its player (logging out everywhere).
pub async fn logout(
    State(state): State<AppState>,
    Me(me): Me,
    Query(q): Query<LogoutQuery>,
    headers: axum::http::HeaderMap,
) -> Result<Json<LoggedOut>, ApiError> {
    let token = auth::bearer(&headers)
        .ok_or_else(ApiError::unauthorized)?
        .to_string();
    let game = state.game.clone();
    let revoked = blocking(move || {
        Ok(if q.all {
            game.revoke_tokens_of(me)?
        } else {
            usize::from(game.revoke_token(&token)?)
        })
    })
    .await?;
    Ok(Json(LoggedOut { revoked }))
}

/// `GET /api/v1/me`: who the token belongs to.
pub async fn me(State(state): State<AppState>, Me(me): Me) -> Result<Json<PlayerView>, ApiError> {
    let codename = state.game.codename(me).ok_or_else(ApiError::unauthorized)?;
    Ok(Json(state.game.player_view(me, &codename)?))
}

/// `GET /api/v1/players`: every other player with the caller's score relative to them.
pub async fn list(State(state): State<AppState>, Me(me): Me) -> Json<Scores> {
    Json(state.game.scores(me))
}

/// `GET /api/v1/scores`: the same table; kept as its own path for clients that only want
/// scores.
pub async fn scores(State(state): State<AppState>, Me(me): Me) -> Json<Scores> {
    Json(state.game.scores(me))
}

/// The query of `GET /api/v1/players/{codename}`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowQuery {
    /// List, for each slot, every other player who accesses it.
    #[serde(default)]
    pub accessors: bool,
}

/// `GET /api/v1/players/{codename}[?accessors=true]`: a player's slots as the caller sees
/// them, and who accesses each when asked.
pub async fn show(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(codename): Segment,
    Query(q): Query<ShowQuery>,
) -> Result<Json<PlayerView>, ApiError> {
    Ok(Json(state.game.player_view_with(
        me,
        &codename,
        q.accessors,
    )?))
}
