//! Slots: placing a lock (with its author's solution) and retiring one.

use super::{AppState, Body, Segment};
use crate::auth::Me;
use crate::error::ApiError;
use crate::protocol::{Publish, Published, RetiredView};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rules::metagame::Slot;

/// Reads a slot number from the path: 1, 2 or 3.
pub fn slot(raw: &str) -> Result<Slot, ApiError> {
    raw.parse::<i64>().ok().and_then(Slot::new).ok_or_else(|| {
        ApiError::bad_request(
            "bad-slot",
            format!("`{raw}` is not a slot: slots are 1, 2 and 3"),
        )
    })
}

fn retired_view(r: rules::metagame::Retired) -> RetiredView {
    RetiredView {
        lock: r.lock.0,
        made_public: r.made_public.iter().map(|n| n.0).collect(),
    }
}

/// `PUT /api/v1/slots/{slot}`: place a lock in one of the caller's slots.
pub async fn publish(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
    Body(p): Body<Publish>,
) -> Result<(StatusCode, Json<Published>), ApiError> {
    let slot = slot(&raw)?;
    if let Err(wait) = state.publishes.take(me, std::time::Instant::now()) {
        let minutes = wait.as_secs().div_ceil(60).max(1);
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "publish-quota",
            format!(
                "you have published {} locks in the last hour, this server's limit; the next may be published in {minutes} min",
                state.publishes.cap()
            ),
        )
        .retry_after(wait.as_secs()));
    }
    let game = state.game.clone();
    let published = super::checked(&state, move || {
        Ok(game.publish(me, slot, &p.lock, &p.solution)?)
    })
    .await;
    let (lock, retired) = published.inspect_err(|_| state.publishes.give_back(&me))?;
    tracing::info!(lock = lock.0, slot = slot.number(), "lock placed");
    Ok((
        StatusCode::CREATED,
        Json(Published {
            lock: lock.0,
            slot: slot.number(),
            retired: retired.map(retired_view),
        }),
    ))
}

/// `DELETE /api/v1/slots/{slot}`: retire the lock in one of the caller's slots.
pub async fn retire(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<RetiredView>, ApiError> {
    let slot = slot(&raw)?;
    let game = state.game.clone();
    let retired = super::changing(&state.game, move || Ok(game.retire(me, slot)?)).await?;
    Ok(Json(retired_view(retired)))
}
