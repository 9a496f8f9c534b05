//! Death Matches: challenge, accept or decline, act, read, and follow a match live.

use super::{AppState, Body, Query, Segment};
use crate::auth::Me;
use crate::client_address::ClientAddress;
use crate::death_match_host::rounds::{RoundSource, read_round_file};
use crate::death_match_host::view::{
    Acted, ActionBody, Challenge, MatchSummary, MatchView, Status, Terms,
};
use crate::death_match_host::{HostError, MatchId};
use crate::error::ApiError;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{self, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use std::collections::VecDeque;
use std::convert::Infallible;

impl From<HostError> for ApiError {
    fn from(e: HostError) -> ApiError {
        let message = e.to_string();
        match e {
            HostError::NoSuchMatch(_) => ApiError::not_found("unknown-match", message),
            HostError::NotYourMatch(_) | HostError::NotYours(_) => {
                ApiError::new(StatusCode::FORBIDDEN, "not-your-match", message)
            }
            HostError::Wrong { .. } => ApiError::new(StatusCode::CONFLICT, "match-state", message),
            HostError::Yourself => ApiError::bad_request("bad-opponent", message),
            HostError::Rounds(_) => ApiError::bad_request("bad-rounds", message),
            HostError::Terms(_) => ApiError::bad_request("bad-speed", message),
            HostError::Refused(_) => ApiError::new(StatusCode::CONFLICT, "refused", message),
            HostError::Storage(s) if s.is_unavailable() => ApiError::unavailable(s),
            HostError::Storage(s) => ApiError::internal(s),
        }
    }
}

fn match_id(raw: &str) -> Result<MatchId, ApiError> {
    raw.parse::<MatchId>()
        .map_err(|_| ApiError::bad_request("bad-match", format!("`{raw}` is not a match number")))
}

/// `POST /api/v1/matches`: call a player to a Death Match.
pub async fn challenge(
    State(state): State<AppState>,
    Me(me): Me,
    Body(c): Body<Challenge>,
) -> Result<(StatusCode, Json<MatchSummary>), ApiError> {
    let game = state.game.clone();
    let opponent = game.player_id(&c.opponent).ok_or_else(|| {
        ApiError::not_found(
            "unknown-player",
            format!("there is no player called {}", c.opponent),
        )
    })?;
    let terms = Terms::asked(c.speed, c.timing).map_err(HostError::from)?;
    let source = match (&c.rounds, c.seed) {
        (Some(text), _) => {
            let rounds = read_round_file(text).map_err(HostError::from)?;
            if let Some((i, r)) = rounds
                .iter()
                .enumerate()
                .find(|(_, r)| r.offered.len() > state.pieces_per_round)
            {
                return Err(ApiError::bad_request(
                    "too-many-pieces",
                    format!(
                        "round {} offers {} pieces; this server takes at most {} a round",
                        i + 1,
                        r.offered.len(),
                        state.pieces_per_round
                    ),
                ));
            }
            if rounds.len() > MAX_ROUNDS_IN_A_FILE {
                return Err(ApiError::bad_request(
                    "too-many-rounds",
                    format!(
                        "the round file has {} rounds; a match plays at most {MAX_ROUNDS_IN_A_FILE}",
                        rounds.len()
                    ),
                ));
            }
            RoundSource::Written { rounds }
        }
        (None, Some(seed)) => RoundSource::Seeded { seed },
        (None, None) => RoundSource::Seeded {
            seed: crate::storage::now_ms() as u64 ^ 0x9E37_79B9_7F4A_7C15,
        },
    };
    let names = (game.codename(me), game.codename(opponent));
    let (Some(mine), Some(theirs)) = names else {
        return Err(ApiError::not_found("unknown-player", "no such player"));
    };
    let waiting = game
        .death_matches()
        .list(me)
        .iter()
        .filter(|m| m.status == Status::Challenged && m.challenger == mine)
        .count();
    if waiting >= state.open_challenges_per_player {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-challenges",
            format!(
                "you have {waiting} challenges waiting for an answer, this server's limit; withdraw one or wait"
            ),
        ));
    }
    let summary = super::blocking(move || {
        let summary = game.death_matches().challenge(
            (me, mine.clone()),
            (opponent, theirs),
            source,
            terms,
        )?;
        game.mail_challenged(opponent, &mine, summary.id);
        Ok(summary)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(summary)))
}

/// The most rounds a round file may hold: more than any match plays.
const MAX_ROUNDS_IN_A_FILE: usize = 4 * rules::death_match::ROUNDS as usize;

/// `?limit=N&before=ID`: a page of the caller's matches.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// At most this many (default 50, at most 500).
    limit: Option<usize>,
    /// Only matches numbered below this one: the next page.
    before: Option<i64>,
}

/// `GET /api/v1/matches[?limit=N&before=ID]`: the caller's matches, newest first, a page at a
/// time (50 by default): a long history of matches never makes one huge answer.
pub async fn list(
    State(state): State<AppState>,
    Me(me): Me,
    Query(q): Query<ListQuery>,
) -> Json<Vec<MatchSummary>> {
    let limit = q.limit.unwrap_or(50).clamp(1, 500);
    Json(
        state
            .game
            .death_matches()
            .list(me)
            .into_iter()
            .filter(|m| q.before.is_none_or(|b| m.id < b))
            .take(limit)
            .collect(),
    )
}

/// `GET /api/v1/matches/{id}`: a match as the caller may see it.
pub async fn show(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<MatchView>, ApiError> {
    Ok(Json(state.game.death_matches().view(match_id(&raw)?, me)?))
}

/// `POST /api/v1/matches/{id}/accept`: the challenged player accepts; the match begins.
pub async fn accept(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<MatchView>, ApiError> {
    let id = match_id(&raw)?;
    let game = state.game.clone();
    let view = super::blocking(move || Ok(game.death_matches().accept(id, me)?)).await?;
    Ok(Json(view))
}

/// `POST /api/v1/matches/{id}/decline`: the challenged player declines, or the challenger
/// withdraws.
pub async fn decline(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
) -> Result<Json<MatchSummary>, ApiError> {
    let id = match_id(&raw)?;
    let game = state.game.clone();
    let summary = super::blocking(move || Ok(game.death_matches().decline(id, me)?)).await?;
    Ok(Json(summary))
}

/// `POST /api/v1/matches/{id}/actions`: a player acts; the answer holds the events the
/// actor may see.
pub async fn act(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
    Body(action): Body<ActionBody>,
) -> Result<Json<Acted>, ApiError> {
    let id = match_id(&raw)?;
    let game = state.game.clone();
    let (events, jobs) =
        super::blocking(move || Ok(game.death_matches().act(id, me, action)?)).await?;
    crate::server::settle(&state.game, jobs);
    Ok(Json(Acted { events }))
}

/// `?from=N`: the first event wanted.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FromQuery {
    from: Option<usize>,
}

/// `GET /api/v1/matches/{id}/events`: the match's events the caller may see, from `?from=N`
/// (or the `Last-Event-ID` header's next), then live until the match is over.
pub async fn events(
    State(state): State<AppState>,
    Me(me): Me,
    Segment(raw): Segment,
    Query(q): Query<FromQuery>,
    ClientAddress(client): ClientAddress,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<sse::Event, Infallible>>>, ApiError> {
    let id = match_id(&raw)?;
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map(|n| n + 1);
    let from = q.from.or(resume).unwrap_or(0);
    // Refuse an unknown match now, with the API's error, rather than in the stream.
    let first = state.game.death_matches().events(id, me, from)?;
    let keep_alive = state.keep_alive;
    let open = super::open_stream::OpenStream::open(&state, me, client, &headers)?;
    struct Follow {
        state: AppState,
        open: super::open_stream::OpenStream,
        id: MatchId,
        me: rules::metagame::PlayerId,
        next: usize,
        pending: VecDeque<sse::Event>,
        more: bool,
        news: tokio::sync::watch::Receiver<usize>,
    }
    let frame = |n: &crate::death_match_host::view::Numbered| {
        let name = serde_json::to_value(&n.event)
            .ok()
            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
            .unwrap_or_else(|| "event".into());
        sse::Event::default()
            .id(n.id.to_string())
            .event(name)
            .data(serde_json::to_string(n).unwrap_or_default())
    };
    let follow = Follow {
        pending: first.events.iter().map(frame).collect(),
        next: first.next,
        more: first.more,
        news: first.news,
        state,
        open,
        id,
        me,
    };
    let stream = stream::unfold(follow, move |mut f| async move {
        loop {
            if f.open.over() {
                return None;
            }
            if let Some(e) = f.pending.pop_front() {
                return Some((Ok(e), f));
            }
            if !f.more {
                return None;
            }
            tokio::select! {
                () = f.open.ends() => return None,
                changed = f.news.changed() => if changed.is_err() { return None },
            }
            match f.state.game.death_matches().events(f.id, f.me, f.next) {
                Ok(told) => {
                    f.pending.extend(told.events.iter().map(frame));
                    f.next = told.next;
                    f.more = told.more;
                }
                Err(_) => return None,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(keep_alive)))
}
