//! API errors: every failure becomes a status and an [`ErrorBody`]. Bad input is always a 4xx;
//! a 5xx means the server itself failed (the database), never the caller.

use crate::game::GameError;
use crate::protocol::ErrorBody;
use crate::storage::StorageError;
use crate::verify::VerifyError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use rules::metagame::RuleError;

/// An error answered to a client.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
    /// Seconds to wait before trying again, sent as `Retry-After` (429 and 503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with a status, a code and a message.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error: code.into(),
                message: message.into(),
                diagnostics: Vec::new(),
            },
            retry_after: None,
        }
    }

    /// The same error, telling the client when to try again.
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds.max(1));
        self
    }

    /// 503: the database cannot be written for now (read-only, full or failing disk).
    pub fn unavailable(e: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %e, "the database cannot be written");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the server cannot write to its database right now; the change was not made, try again later",
        )
        .retry_after(30)
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(code: &str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 401: no valid bearer token.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "log in first: send `Authorization: Bearer TOKEN`",
        )
    }

    /// 404.
    pub fn not_found(code: &str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, message)
    }

    /// 500: the server failed; the cause is logged, not shown.
    pub fn internal(e: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %e, "internal error");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed; the change was not made",
        )
    }
}

impl From<RuleError> for ApiError {
    fn from(e: RuleError) -> ApiError {
        let message = e.to_string();
        let (status, code) = match e {
            RuleError::UnknownPlayer => (StatusCode::NOT_FOUND, "unknown-player"),
            RuleError::UnknownLock => (StatusCode::NOT_FOUND, "unknown-lock"),
            RuleError::IdTaken => return ApiError::internal(message),
            RuleError::EmptySlot(_) => (StatusCode::CONFLICT, "empty-slot"),
            RuleError::OwnLock => (StatusCode::FORBIDDEN, "own-lock"),
            RuleError::RetiredLock => (StatusCode::CONFLICT, "retired-lock"),
            RuleError::AlreadyDeclared => (StatusCode::CONFLICT, "already-declared"),
            RuleError::NoHolder(_) => (StatusCode::CONFLICT, "no-holder"),
            RuleError::PublicHolder(_) => (StatusCode::CONFLICT, "public-holder"),
            RuleError::HasPlayed => (StatusCode::CONFLICT, "has-played"),
        };
        ApiError::new(status, code, message)
    }
}

impl From<VerifyError> for ApiError {
    fn from(e: VerifyError) -> ApiError {
        let message = e.to_string();
        let code = match &e {
            VerifyError::MalformedLock(_) => "malformed-lock",
            VerifyError::TooLarge { .. } => "lock-too-large",
            VerifyError::TooManyLines { .. } => "lock-too-many-lines",
            VerifyError::AlreadyOpen => "already-open",
            VerifyError::Unplayable(_) => "unplayable-lock",
            VerifyError::MalformedSolution(_) => "bad-moves",
            VerifyError::OtherLock => "other-lock",
            VerifyError::TooLong(_) => "solution-too-long",
            VerifyError::DoesNotOpen(_) => "does-not-open",
        };
        let mut err = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message);
        if let VerifyError::MalformedLock(d) | VerifyError::MalformedSolution(d) = e {
            err.body.diagnostics = d;
        }
        err
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        match e {
            GameError::Rule(r) => r.into(),
            GameError::Verify(v) => v.into(),
            GameError::Storage(StorageError::CodenameTaken) => ApiError::new(
                StatusCode::CONFLICT,
                "codename-taken",
                "that codename is taken",
            ),
            GameError::Storage(s) if s.is_unavailable() => ApiError::unavailable(s),
            GameError::Storage(s) => ApiError::internal(s),
            e @ GameError::UnknownCodename(_) => {
                ApiError::not_found("unknown-player", e.to_string())
            }
            e @ GameError::UnknownNote(_) => ApiError::not_found("unknown-note", e.to_string()),
            e @ GameError::NotRead(_) => {
                ApiError::new(StatusCode::FORBIDDEN, "not-read", e.to_string())
            }
            GameError::Mail(m) => {
                use crate::mail::MailError;
                let message = m.to_string();
                match m {
                    MailError::Off => ApiError::new(StatusCode::CONFLICT, "mail-off", message),
                    MailError::BadAddress(_) => ApiError::bad_request("bad-address", message),
                    MailError::WrongCode => ApiError::bad_request("wrong-code", message),
                    MailError::NoAddress => ApiError::not_found("no-address", message),
                    MailError::Storage(s) if s.is_unavailable() => ApiError::unavailable(s),
                    MailError::Storage(s) => ApiError::internal(s),
                }
            }
        }
    }
}

impl From<crate::pool::PoolError> for ApiError {
    fn from(e: crate::pool::PoolError) -> ApiError {
        match e {
            crate::pool::PoolError::Busy(_) => {
                ApiError::new(StatusCode::TOO_MANY_REQUESTS, "busy", e.to_string()).retry_after(1)
            }
            e @ crate::pool::PoolError::Failed(_) => ApiError::internal(e),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let refusal = crate::metrics::Refusal(self.body.error.clone());
        let mut response = (self.status, Json(self.body)).into_response();
        response.extensions_mut().insert(refusal);
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        response
    }
}
