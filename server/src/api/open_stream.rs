//! What every event stream holds while it is open: its place under the per-player and
//! per-address caps, and a watch on its token, so that it ends when the server stops, when
//! its token is revoked (logging out, here or everywhere) and when its token expires.

use super::AppState;
use crate::error::ApiError;
use crate::game::Game;
use crate::quota::Hold;
use axum::http::{HeaderMap, StatusCode};
use rules::metagame::PlayerId;
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::watch;

/// An open event stream's hold on the server.
pub struct OpenStream {
    _player: Hold<PlayerId>,
    _address: Hold<IpAddr>,
    game: Game,
    token_hash: String,
    revocations: watch::Receiver<u64>,
    shutdown: watch::Receiver<bool>,
}

fn too_many(what: &str, cap: usize) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-streams",
        format!(
            "{what} already has {cap} event streams open, this server's limit; close one first"
        ),
    )
    .retry_after(5)
}

impl OpenStream {
    /// Takes a place for a stream of `me`, from `client`, carrying the request's token; or
    /// refuses with 429 `too-many-streams`.
    pub fn open(
        state: &AppState,
        me: PlayerId,
        client: IpAddr,
        headers: &HeaderMap,
    ) -> Result<OpenStream, ApiError> {
        let token = crate::auth::bearer(headers).ok_or_else(ApiError::unauthorized)?;
        let player = state
            .streams_by_player
            .take(me)
            .ok_or_else(|| too_many("this player", state.streams_by_player.cap()))?;
        let address = state
            .streams_by_address
            .take(client)
            .ok_or_else(|| too_many("this address", state.streams_by_address.cap()))?;
        Ok(OpenStream {
            _player: player,
            _address: address,
            game: state.game.clone(),
            token_hash: crate::auth::token_hash(token),
            revocations: state.game.revocations(),
            shutdown: state.shutdown.clone(),
        })
    }

    /// Whether the stream must end now.
    pub fn over(&self) -> bool {
        *self.shutdown.borrow() || self.game.token_expires_in(&self.token_hash).is_none()
    }

    /// Completes when the stream must end: the server stops, or the token is revoked or
    /// expires (a use elsewhere puts its expiry off, and is seen when the first comes).
    pub async fn ends(&mut self) {
        loop {
            let Some(left) = self.game.token_expires_in(&self.token_hash) else {
                return;
            };
            if *self.shutdown.borrow() {
                return;
            }
            tokio::select! {
                _ = self.shutdown.changed() => return,
                _ = self.revocations.changed() => {}
                () = tokio::time::sleep(left + Duration::from_millis(1)) => {}
            }
        }
    }
}
