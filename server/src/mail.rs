//! Mail, as the seed's server offers it. A player may give an address; the server mails it a
//! code, and only once the player sends the code back does it mail them — and then only what
//! they asked for: a note declared on one of their locks, one of their locks made public, a
//! Death Match challenge. Nothing is mailed without a verified address and that consent.
//!
//! Requests never wait for mail: a change only adds a row to the queue in the database (so a
//! mail survives a restart), and the [`Mailer`] sends the queue over SMTP in the background,
//! trying a failed mail again later, longer after each failure, up to [`MAX_ATTEMPTS`].

use crate::storage::{Storage, StorageError};
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Tries before a mail is given up (logged as a warning).
pub const MAX_ATTEMPTS: i64 = 12;

/// How long a mail taken for sending is held back from every server: longer than any SMTP
/// exchange takes, so that only a server that died while sending lets it be taken again.
const HOLD_WHILE_SENDING_MS: i64 = 10 * 60 * 1000;

/// The longest wait between two tries.
const MAX_RETRY: Duration = Duration::from_secs(6 * 3600);

/// How long a mailed verification code holds.
pub const CODE_LIFETIME: Duration = Duration::from_secs(24 * 3600);

/// Why mail settings are refused.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// This server has no SMTP server configured.
    #[error("this server does not send mail (no smtp_url is configured)")]
    Off,
    /// The address cannot be a mail address.
    #[error("`{0}` is not a mail address")]
    BadAddress(String),
    /// The code does not match, or has expired.
    #[error("that code is wrong or has expired; ask for a new one by giving your address again")]
    WrongCode,
    /// No address was given.
    #[error("you have not given a mail address")]
    NoAddress,
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Checks a mail address: what SMTP will take as one.
pub fn check_address(address: &str) -> Result<(), MailError> {
    if address.len() > 254 {
        return Err(MailError::BadAddress(address.chars().take(40).collect()));
    }
    address
        .parse::<lettre::Address>()
        .map(|_| ())
        .map_err(|_| MailError::BadAddress(address.to_string()))
}

/// A fresh verification code: eight characters, easy to type, no look-alikes.
pub fn new_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    crate::auth::new_token()
        .as_bytes()
        .chunks(2)
        .take(8)
        .map(|pair| {
            let byte =
                u8::from_str_radix(std::str::from_utf8(pair).unwrap_or("00"), 16).unwrap_or(0);
            ALPHABET[usize::from(byte) % ALPHABET.len()] as char
        })
        .collect()
}

/// The wait before try `attempts + 1`: `base`, doubling after each failure, at most six hours.
pub fn retry_after(base: Duration, attempts: i64) -> Duration {
    let doublings = attempts.clamp(0, 20) as u32;
    base.saturating_mul(1 << doublings).min(MAX_RETRY)
}

/// How the server sends mail.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: lettre::message::Mailbox,
    retry: Duration,
}

impl Mailer {
    /// A mailer for an SMTP URL (`smtp://host:25`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host:465`), from a sender such as `Lockwright <lockwright@example.org>`, trying
    /// failed mail again after `retry` (doubling).
    pub fn new(url: &str, from: &str, retry: Duration) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("smtp_url `{url}`: {e}"))?
            .timeout(Some(Duration::from_secs(30)))
            .build();
        let from = from
            .parse()
            .map_err(|e| format!("mail_from `{from}`: {e}"))?;
        Ok(Mailer {
            transport,
            from,
            retry,
        })
    }

    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.parse().map_err(|e| format!("{to}: {e}"))?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| e.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Sends the queue until `stop`: what is due, then sleeps until the next is due or a
    /// mail is queued.
    pub async fn run(
        self,
        storage: Arc<Mutex<Storage>>,
        queued: Arc<tokio::sync::Notify>,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) {
        let db = |storage: &Arc<Mutex<Storage>>| {
            storage
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .claim_mail(16, crate::storage::now_ms() + HOLD_WHILE_SENDING_MS)
        };
        loop {
            let due = {
                let s = storage.clone();
                tokio::task::spawn_blocking(move || db(&s)).await
            };
            let due = match due {
                Ok(Ok(due)) => due,
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "cannot read the mail queue");
                    Vec::new()
                }
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read the mail queue");
                    Vec::new()
                }
            };
            for mail in &due {
                let outcome = self.send(&mail.address, &mail.subject, &mail.body).await;
                let s = storage.clone();
                let (id, attempts, retry) = (mail.id, mail.attempts, self.retry);
                let failed = outcome.as_ref().err().cloned();
                let recorded = tokio::task::spawn_blocking(move || {
                    let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
                    match &failed {
                        None => st.mail_sent(id),
                        Some(_) if attempts + 1 >= MAX_ATTEMPTS => st.mail_sent(id),
                        Some(_) => {
                            let wait = retry_after(retry, attempts);
                            st.mail_failed(id, crate::storage::now_ms() + wait.as_millis() as i64)
                        }
                    }
                })
                .await;
                match (outcome, recorded) {
                    (Ok(()), _) => tracing::info!(id, "mail sent"),
                    (Err(e), _) if attempts + 1 >= MAX_ATTEMPTS => {
                        tracing::warn!(id, error = %e, "mail given up after {MAX_ATTEMPTS} tries")
                    }
                    (Err(e), _) => {
                        tracing::info!(id, error = %e, tries = attempts + 1, "mail not sent yet; it will be tried again")
                    }
                }
            }
            if due.len() == 16 {
                continue;
            }
            let next = {
                let s = storage.clone();
                tokio::task::spawn_blocking(move || {
                    s.lock().unwrap_or_else(|e| e.into_inner()).next_mail_at()
                })
                .await
            };
            let wait = match next {
                Ok(Ok(Some(at))) => {
                    Duration::from_millis((at - crate::storage::now_ms()).clamp(1, 3_600_000) as u64)
                }
                _ => Duration::from_secs(3600),
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = queued.notified() => {}
                _ = stop.changed() => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_eight_unambiguous_characters_and_differ() {
        let (a, b) = (new_code(), new_code());
        assert_eq!(a.len(), 8);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        );
        assert!(!a.contains(['0', 'O', '1', 'I']));
        assert_ne!(a, b);
    }

    #[test]
    fn retries_wait_longer_after_each_failure_up_to_six_hours() {
        let base = Duration::from_secs(60);
        assert_eq!(retry_after(base, 0), base);
        assert_eq!(retry_after(base, 3), Duration::from_secs(480));
        assert_eq!(retry_after(base, 40), MAX_RETRY);
    }

    #[test]
    fn addresses_are_checked() {
        assert!(check_address("ann@example.org").is_ok());
        for bad in ["", "ann", "ann@", "@example.org", "a b@example.org"] {
            assert!(check_address(bad).is_err(), "{bad:?}");
        }
        assert!(check_address(&format!("{}@example.org", "a".repeat(300))).is_err());
    }
}
