//! Locks: anyone logged in may read a lock's text and who declared on it.

use super::{AppState, Segment};
use crate::auth::Me;
use crate::error::ApiError;
use crate::protocol::LockView;
use axum::Json;
use axum::extract::State;
use rules::metagame::LockId;

/// Reads a lock number from the path.
pub fn lock_id(raw: &str) -> Result<LockId, ApiError> {
    raw.parse::<i64>()
        .map(LockId)
        .map_err(|_| ApiError::bad_request("bad-lock", format!("`{raw}` is not a lock number")))
}

/// `GET /api/v1/locks/{id}`.
pub async fn show(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<LockView>, ApiError> {
    Ok(Json(state.game.lock_view(me, lock_id(&raw)?)?))
}
