//! Notes: declaring a solution, and reading the notes the caller has read.

use super::{AppState, Body, Segment};
use crate::auth::Me;
use crate::error::ApiError;
use crate::protocol::{Declare, NoteView};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rules::metagame::{LockId, NoteId, Slot};

/// `POST /api/v1/notes`: declare a solution to another player's lock, securing the note
/// behind one of the caller's own locks.
pub async fn declare(
    State(state): State<AppState>,
    Me(me): Me,
    Body(d): Body<Declare>,
) -> Result<(StatusCode, Json<NoteView>), ApiError> {
    let behind = Slot::new(i64::from(d.behind)).ok_or_else(|| {
        ApiError::bad_request(
            "bad-slot",
            format!("`{}` is not a slot: slots are 1, 2 and 3", d.behind),
        )
    })?;
    let game = state.game.clone();
    let note = super::checked(&state, move || {
        let id = game.declare(me, LockId(d.lock), behind, &d.solution)?;
        Ok(game.note(me, id)?)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(note)))
}

/// `GET /api/v1/notes`: every note the caller has read, with its solution.
pub async fn list(State(state): State<AppState>, Me(me): Me) -> Json<Vec<NoteView>> {
    Json(state.game.notes_read(me))
}

/// `GET /api/v1/notes/{id}`: one note, only if the caller has read it.
pub async fn show(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<NoteView>, ApiError> {
    let id = raw
        .parse::<i64>()
        .map(NoteId)
        .map_err(|_| ApiError::bad_request("bad-note", format!("`{raw}` is not a note number")))?;
    Ok(Json(state.game.note(me, id)?))
}
