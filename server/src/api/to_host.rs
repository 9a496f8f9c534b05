//! Death Match requests on a server that does not host the matches: passed, as they came, to
//! the server that does (see `Game::host_death_matches`), and its answer passed back —
//! streams included — so that a client may reach any server behind a proxy without sticky
//! sessions. The client's address goes along in `X-Forwarded-For`; the host counts it as the
//! client when this server is among its `trusted_proxies` (docs/operating.md).

use super::AppState;
use crate::client_address::ClientAddress;
use crate::error::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Marks a request passed on by another server: the host answers it, and a server that finds
/// it does not host after all refuses it rather than passing it on again.
const PASSED_ON: HeaderName = HeaderName::from_static("lockwright-passed-on");

/// Passes `/matches…` requests to the host when this server is not it.
pub async fn death_matches(
    State(state): State<AppState>,
    path: axum::extract::MatchedPath,
    request: Request,
    next: Next,
) -> Response {
    if !super::in_api(&path).starts_with("/matches") || state.game.hosts_death_matches() {
        return next.run(request).await;
    }
    if request.headers().contains_key(&PASSED_ON) {
        return changing_hands();
    }
    let game = state.game.clone();
    let host = match tokio::task::spawn_blocking(move || game.death_match_host()).await {
        Ok(Ok(Some(url))) => url,
        _ => return changing_hands(),
    };
    match pass_on(&state, &host, request).await {
        Ok(response) => response,
        Err(e) => {
            tracing::warn!(%host, error = %e, "cannot reach the Death Matches' host");
            changing_hands()
        }
    }
}

/// The client requests are passed on with: a host that does not answer within seconds, or
/// falls silent mid-stream for a minute (streams send a comment every 15 s), is given up.
pub fn host_client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(5))
        .read_timeout(std::time::Duration::from_secs(60))
        .build()
        .unwrap_or_default()
}

/// 503 while no server answers for the matches: the host is being replaced.
fn changing_hands() -> Response {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "the server hosting the Death Matches is changing; try again in a few seconds",
    )
    .retry_after(2)
    .into_response()
}

async fn pass_on(state: &AppState, host: &str, request: Request) -> Result<Response, String> {
    let client_ip = request.extensions().get::<ClientAddress>().map(|c| c.0);
    let (parts, body) = request.into_parts();
    // The nested router sees `/matches…`; the host is asked for the path the client asked for.
    let uri = parts
        .extensions
        .get::<axum::extract::OriginalUri>()
        .map_or(&parts.uri, |o| &o.0);
    let path = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    let body = axum::body::to_bytes(body, state.body_limit)
        .await
        .map_err(|e| e.to_string())?;
    let url = format!("{}{}", host.trim_end_matches('/'), path);
    let mut out = state
        .host_client
        .request(parts.method.clone(), &url)
        .header(PASSED_ON, "1");
    for (name, value) in &parts.headers {
        // Hop-by-hop headers stay here; the host works out the length itself.
        if name == header::HOST
            || name == header::CONNECTION
            || name == header::CONTENT_LENGTH
            || name == header::TRANSFER_ENCODING
        {
            continue;
        }
        out = out.header(name, value);
    }
    if let Some(ip) = client_ip {
        out = out.header("x-forwarded-for", ip.to_string());
    }
    let answer = out.body(body).send().await.map_err(|e| e.to_string())?;
    let mut response = Response::builder().status(answer.status());
    for (name, value) in answer.headers() {
        if name == header::CONNECTION || name == header::TRANSFER_ENCODING {
            continue;
        }
        response = response.header(name, value);
    }
    response
        .body(Body::from_stream(answer.bytes_stream()))
        .map_err(|e| e.to_string())
}
