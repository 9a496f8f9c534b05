//! `GET /api/v1/events`: server-sent events. Every public change is sent as it happens; after
//! each, if the caller has read more notes than before, a `read` event follows.

use super::AppState;
use crate::auth::Me;
use crate::events::Event;
use axum::extract::State;
use axum::response::sse::{self, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use std::convert::Infallible;
use tokio::sync::broadcast::error::RecvError;

struct Follow {
    state: AppState,
    me: crate::rules::PlayerId,
    rx: tokio::sync::broadcast::Receiver<Event>,
    read: usize,
    pending: Option<Event>,
}

fn frame(event: &Event) -> sse::Event {
    let data = serde_json::to_string(event).unwrap_or_else(|_| "{}".into());
    sse::Event::default().event(event.name()).data(data)
}

/// The stream.
pub async fn stream(
    State(state): State<AppState>,
    Me(me): Me,
) -> Sse<impl Stream<Item = Result<sse::Event, Infallible>>> {
    let follow = Follow {
        rx: state.game.subscribe(),
        read: state.game.read_count(me),
        state,
        me,
        pending: None,
    };
    let events = stream::unfold(follow, |mut f| async move {
        if let Some(e) = f.pending.take() {
            return Some((Ok(frame(&e)), f));
        }
        let mut shutdown = f.state.shutdown.clone();
        loop {
            if *shutdown.borrow() {
                return None;
            }
            tokio::select! {
                _ = shutdown.changed() => return None,
                got = f.rx.recv() => match got {
                    Ok(e) => {
                        let read = f.state.game.read_count(f.me);
                        if read != f.read {
                            f.read = read;
                            f.pending = Some(Event::Read { notes: read });
                        }
                        return Some((Ok(frame(&e)), f));
                    }
                    // A slow reader missed events: carry on from the newest.
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                }
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}
