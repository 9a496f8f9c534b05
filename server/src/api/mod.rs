//! The HTTP API, `/api/v1/...`: the router and one module per resource. `docs/api.md`
//! documents every endpoint.
//!
//! Bodies are read by [`Body`], which answers malformed JSON and oversized bodies with the
//! same JSON errors as everything else; the router's fallback does the same for unknown paths.

mod events;
mod locks;
mod notes;
mod players;
mod slots;

use crate::error::ApiError;
use crate::game::Game;
use crate::rate::RateLimiter;
use axum::Router;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tokio::sync::watch;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The game.
    pub game: Game,
    /// Per-client rate limiting.
    pub limiter: Arc<RateLimiter>,
    /// Memory cost of password hashing, in KiB.
    pub password_memory_kib: u32,
    /// Becomes true when the server is shutting down, so that event streams end and the
    /// graceful shutdown does not wait for them forever.
    pub shutdown: watch::Receiver<bool>,
}

/// The router.
pub fn router(state: AppState, body_limit: usize) -> Router {
    let api = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/players", post(players::register).get(players::list))
        .route("/players/{codename}", get(players::show))
        .route("/login", post(players::login))
        .route("/me", get(players::me))
        .route("/scores", get(players::scores))
        .route("/slots/{slot}", put(slots::publish).delete(slots::retire))
        .route("/locks/{id}", get(locks::show))
        .route("/notes", post(notes::declare).get(notes::list))
        .route("/notes/{id}", get(notes::show))
        .route("/events", get(events::stream));
    Router::new()
        .nest("/api/v1", api)
        .fallback(|| async {
            ApiError::not_found("no-such-endpoint", "no such endpoint; see docs/api.md")
        })
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::rate::limit,
        ))
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

/// A JSON body, with errors in the API's shape: 413 beyond the body limit, 400 when it is not
/// JSON of the expected form.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes =
            axum::body::Bytes::from_request(req, state)
                .await
                .map_err(|e: BytesRejection| {
                    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                        ApiError::new(
                            StatusCode::PAYLOAD_TOO_LARGE,
                            "too-large",
                            "the request body is larger than this server accepts",
                        )
                    } else {
                        ApiError::bad_request("bad-body", e.body_text())
                    }
                })?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::bad_request("bad-json", format!("the body is not valid: {e}")))
    }
}

/// Runs blocking work (the database, password hashing, replaying a solution) off the async
/// threads.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        tracing::error!(error = %e, "a blocking task failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed; the change was not made",
        )
    })?
}
