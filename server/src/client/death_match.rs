//! The Death Match endpoints, and a match's event stream.

use super::{Client, ClientError, Stream};
use crate::death_match_host::view::{Acted, Challenge, MatchSummary, MatchView, Numbered};
use reqwest::Method;
use rules::death_match::Action;

impl Client {
    /// `POST /matches`: call a player to a Death Match.
    pub async fn challenge(&self, challenge: &Challenge) -> Result<MatchSummary, ClientError> {
        self.post(Method::POST, "/matches", challenge).await
    }

    /// `GET /matches`: your matches, newest first.
    pub async fn matches(&self) -> Result<Vec<MatchSummary>, ClientError> {
        self.get("/matches").await
    }

    /// `GET /matches/{id}`: a match as you may see it.
    pub async fn death_match(&self, id: i64) -> Result<MatchView, ClientError> {
        self.get(&format!("/matches/{id}")).await
    }

    /// `POST /matches/{id}/accept`.
    pub async fn accept(&self, id: i64) -> Result<MatchView, ClientError> {
        self.post(Method::POST, &format!("/matches/{id}/accept"), &())
            .await
    }

    /// `POST /matches/{id}/decline`: decline a challenge, or withdraw your own.
    pub async fn decline(&self, id: i64) -> Result<MatchSummary, ClientError> {
        self.post(Method::POST, &format!("/matches/{id}/decline"), &())
            .await
    }

    /// `POST /matches/{id}/actions`: act in a match.
    pub async fn act(&self, id: i64, action: &Action) -> Result<Acted, ClientError> {
        self.post(Method::POST, &format!("/matches/{id}/actions"), action)
            .await
    }

    /// `GET /matches/{id}/events?from=N`: the match's events you may see, from number `from`,
    /// then live until it is over.
    pub async fn match_events(&self, id: i64, from: usize) -> Result<MatchEvents, ClientError> {
        Ok(Stream::new(
            self.stream(&format!("/matches/{id}/events?from={from}"))
                .await?,
        ))
    }
}

/// A match's events, as one player may see them.
pub type MatchEvents = Stream<Numbered>;
