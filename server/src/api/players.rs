//! Players: registering, logging in, the list with scores, one player's slots.

use super::{AppState, Body, blocking};
use crate::auth::{self, Me};
use crate::error::ApiError;
use crate::protocol::{Credentials, PlayerView, Scores, Session};
use axum::Json;
use axum::extract::{Path, State};
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
    let game = state.game.clone();
    let cost = state.password_memory_kib;
    let session = blocking(move || {
        let hash = auth::hash_password(&c.password, cost)?;
        let id = game.register(&c.codename, &hash)?;
        new_session(&game, id, c.codename)
    })
    .await?;
    tracing::info!(codename = %session.codename, "registered");
    Ok((StatusCode::CREATED, Json(session)))
}

/// A new bearer token for a player who has just registered or proved their password.
fn new_session(
    game: &crate::game::Game,
    id: crate::rules::PlayerId,
    codename: String,
) -> Result<Session, ApiError> {
    let token = auth::new_token();
    game.add_token(&token, id)?;
    Ok(Session { codename, token })
}

/// `POST /api/v1/login`: a new bearer token for a codename and password.
pub async fn login(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> Result<Json<Session>, ApiError> {
    let refused = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "bad-login",
            "unknown codename or wrong password",
        )
    };
    if c.password.len() > auth::MAX_PASSWORD_BYTES {
        return Err(refused());
    }
    let (id, hash) = state.game.password_hash(&c.codename).ok_or_else(refused)?;
    let game = state.game.clone();
    let session = blocking(move || {
        if !auth::verify_password(&c.password, &hash) {
            return Err(refused());
        }
        new_session(&game, id, c.codename)
    })
    .await?;
    Ok(Json(session))
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
    Path(codename): Path<String>,
    axum::extract::Query(q): axum::extract::Query<ShowQuery>,
) -> Result<Json<PlayerView>, ApiError> {
    Ok(Json(state.game.player_view_with(
        me,
        &codename,
        q.accessors,
    )?))
}
