//! `/api/v1/me/mail`: a player's mail address, confirmed by a mailed code, and what they want
//! to be mailed about.

use super::{AppState, Body, blocking};
use crate::auth::Me;
use crate::error::ApiError;
use crate::protocol::{GiveMail, MailView, VerifyMail};
use crate::storage::Notify;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

/// `GET /api/v1/me/mail`.
pub async fn show(State(state): State<AppState>, Me(me): Me) -> Result<Json<MailView>, ApiError> {
    let game = state.game.clone();
    Ok(Json(
        blocking(move || Ok(game.mail_settings(me)?.into())).await?,
    ))
}

/// `PUT /api/v1/me/mail`: gives an address (unconfirmed until the mailed code comes back) and
/// what to be told.
pub async fn give(
    State(state): State<AppState>,
    Me(me): Me,
    Body(g): Body<GiveMail>,
) -> Result<(StatusCode, Json<MailView>), ApiError> {
    let game = state.game.clone();
    let view = blocking(move || Ok(game.give_mail(me, g.address.trim(), g.notify)?.into())).await?;
    Ok((StatusCode::ACCEPTED, Json(view)))
}

/// `POST /api/v1/me/mail/verify`: the code mailed to the address.
pub async fn verify(
    State(state): State<AppState>,
    Me(me): Me,
    Body(v): Body<VerifyMail>,
) -> Result<Json<MailView>, ApiError> {
    let game = state.game.clone();
    Ok(Json(
        blocking(move || Ok(game.verify_mail(me, &v.code)?.into())).await?,
    ))
}

/// `PUT /api/v1/me/mail/notify`: what to be mailed about.
pub async fn notify(
    State(state): State<AppState>,
    Me(me): Me,
    Body(n): Body<Notify>,
) -> Result<Json<MailView>, ApiError> {
    let game = state.game.clone();
    Ok(Json(
        blocking(move || Ok(game.set_notify(me, n)?.into())).await?,
    ))
}

/// `DELETE /api/v1/me/mail`: forget the address.
pub async fn forget(
    State(state): State<AppState>,
    Me(me): Me,
) -> Result<Json<serde_json::Value>, ApiError> {
    let game = state.game.clone();
    let forgotten = blocking(move || Ok(game.forget_mail(me)?)).await?;
    Ok(Json(serde_json::json!({ "forgotten": forgotten })))
}
