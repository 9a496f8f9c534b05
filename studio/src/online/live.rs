//! The server's live events as a subscription: while it runs, every change a server announces
//! reaches the online screen, and a dropped stream is reported once.

use super::Trouble;
use iced::Subscription;
use iced::futures::{SinkExt, Stream, channel::mpsc};
use server::client::Client;
use server::events::Event;

/// What the stream reports.
#[derive(Debug, Clone, PartialEq)]
pub enum Live {
    /// The stream is open.
    Connected,
    /// Something changed on the server.
    Event(Event),
    /// The stream broke or could not open (a server that no longer knows the token refuses
    /// it: [`Trouble::NotLoggedIn`]); the subscription ends with this.
    Lost(Trouble),
}

/// Follows the events of the server at `url` as the player holding `token`.
pub fn subscription(url: String, token: String) -> Subscription<Live> {
    Subscription::run_with((url, token), |(url, token)| {
        stream(url.clone(), token.clone())
    })
}

/// The events as a stream: `Connected`, then each event, then `Lost` once if it breaks.
pub fn stream(url: String, token: String) -> impl Stream<Item = Live> {
    iced::stream::channel(16, async move |mut out: mpsc::Sender<Live>| {
        let client = Client::new(&url).with_token(token);
        let mut events = match client.events().await {
            Ok(e) => e,
            Err(e) => {
                let _ = out.send(Live::Lost(Trouble::from_client(e))).await;
                return;
            }
        };
        if out.send(Live::Connected).await.is_err() {
            return;
        }
        loop {
            let next = match events.next().await {
                Ok(Some(event)) => Live::Event(event),
                Ok(None) => Live::Lost(Trouble::Unreachable(
                    "the server closed the event stream".into(),
                )),
                Err(e) => Live::Lost(Trouble::from_client(e)),
            };
            let lost = matches!(next, Live::Lost(_));
            if out.send(next).await.is_err() || lost {
                return;
            }
        }
    })
}
