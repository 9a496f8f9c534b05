//! `GET /api/v1/events`: server-sent events. Every public change is sent as it happens; after
//! each, if the caller has read more notes than before, a `read` event follows.
//!
//! The writer works out, once per change, whose count of read notes changed
//! ([`crate::game::Game::follow`]); a stream only looks its own player up in what it receives,
//! so a thousand followers cost a thousand writes per change, not a thousand fixpoints.

use super::AppState;
use super::open_stream::OpenStream;
use crate::auth::Me;
use crate::client_address::ClientAddress;
use crate::error::ApiError;
use crate::events::{Event, Frame};
use crate::game::Follower;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{self, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use std::collections::VecDeque;
use std::convert::Infallible;
use tokio::sync::broadcast::error::RecvError;

struct Follow {
    state: AppState,
    open: OpenStream,
    me: rules::metagame::PlayerId,
    follower: Follower,
    /// Frames received and not yet sent.
    pending: VecDeque<sse::Event>,
}

fn frame(f: &Frame) -> sse::Event {
    sse::Event::default().event(f.name).data(&f.data)
}

impl Follow {
    /// A `read` event when the count differs from the last one sent.
    fn read_now(&mut self, read: usize) {
        if read != self.follower.read {
            self.follower.read = read;
            self.pending
                .push_back(frame(&Event::Read { notes: read }.frame()));
        }
    }
}

/// The stream; it ends when the server stops or the caller's token is revoked or expires.
pub async fn stream(
    State(state): State<AppState>,
    Me(me): Me,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<sse::Event, Infallible>>>, ApiError> {
    let keep_alive = state.keep_alive;
    let open = OpenStream::open(&state, me, client, &headers)?;
    let follow = Follow {
        open,
        follower: state.game.follow(me),
        state,
        me,
        pending: VecDeque::new(),
    };
    let events = stream::unfold(follow, |mut f| async move {
        loop {
            if f.open.over() {
                return None;
            }
            if let Some(e) = f.pending.pop_front() {
                return Some((Ok(e), f));
            }
            tokio::select! {
                () = f.open.ends() => return None,
                got = f.follower.rx.recv() => match got {
                    Ok(batch) => {
                        f.pending.extend(batch.frames.iter().map(frame));
                        if let Some(&read) = batch.reads.get(&f.me) {
                            f.read_now(read);
                        }
                    }
                    // A slow reader missed events: carry on from the newest, with its count
                    // of read notes worked out afresh.
                    Err(RecvError::Lagged(_)) => {
                        let read = f.state.game.read_count(f.me);
                        f.read_now(read);
                    }
                    Err(RecvError::Closed) => return None,
                }
            }
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(keep_alive)))
}
