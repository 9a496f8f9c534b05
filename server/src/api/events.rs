//! `GET /api/v1/events`: server-sent events. Every public change is sent as it happens; after
//! each, if the caller has read more notes than before, a `read` event follows.
//!
//! The writer works out, once per change, whose count of read notes changed
//! ([`crate::game::Game::follow`]); a stream only looks its own player up in what it receives,
//! so a thousand followers cost a thousand writes per change, not a thousand fixpoints.

use super::AppState;
use crate::auth::Me;
use crate::events::{Event, Frame};
use crate::game::Follower;
use axum::extract::State;
use axum::response::sse::{self, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use std::collections::VecDeque;
use std::convert::Infallible;
use tokio::sync::broadcast::error::RecvError;

struct Follow {
    state: AppState,
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

/// The stream.
pub async fn stream(
    State(state): State<AppState>,
    Me(me): Me,
) -> Sse<impl Stream<Item = Result<sse::Event, Infallible>>> {
    let keep_alive = state.keep_alive;
    let follow = Follow {
        follower: state.game.follow(me),
        state,
        me,
        pending: VecDeque::new(),
    };
    let events = stream::unfold(follow, |mut f| async move {
        let mut shutdown = f.state.shutdown.clone();
        loop {
            if let Some(e) = f.pending.pop_front() {
                return Some((Ok(e), f));
            }
            if *shutdown.borrow() {
                return None;
            }
            tokio::select! {
                _ = shutdown.changed() => return None,
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
    Sse::new(events).keep_alive(KeepAlive::new().interval(keep_alive))
}
