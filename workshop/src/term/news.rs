//! The live news in the terminal: the server's events as lines, followed on a thread of their
//! own and followed again when the stream ends.

use server::client::{Client, ClientError};
use server::events::Event;
use std::sync::mpsc;

/// Follows the events of the server `client` is logged in to, on a thread of its own: each
/// event as a news line, and a line when the stream is lost and when it is followed again. It
/// ends when the receiver is dropped or the server refuses the token.
pub fn follow(client: &Client) -> std::io::Result<mpsc::Receiver<String>> {
    let (tx, rx) = mpsc::channel();
    // A client of its own: the pooled connections of the screen's client are driven by the
    // screen's runtime, which runs only while the screen waits on a request, and a stream
    // opened again on one of them would wait for ever.
    let mut own = Client::new(client.base());
    if let Some(token) = client.token() {
        own = own.with_token(token.to_string());
    }
    let client = own;
    std::thread::Builder::new()
        .name("term-events".into())
        .spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async move {
                // A stream that ends (its server restarted, or went away behind a proxy
                // that has others) is opened again, waiting longer after each failure; a
                // refused token ends the following.
                let mut wait = std::time::Duration::from_secs(1);
                let mut lost = false;
                loop {
                    match client.events().await {
                        Ok(mut stream) => {
                            wait = std::time::Duration::from_secs(1);
                            // Said, so that the player knows from when the news is whole:
                            // what happened before the stream opened is not told.
                            let following = if lost {
                                "Following the live news again."
                            } else {
                                "Following the live news."
                            };
                            lost = false;
                            if tx.send(following.to_string()).is_err() {
                                return;
                            }
                            while let Ok(Some(event)) = stream.next().await {
                                if tx.send(news_line(&event)).is_err() {
                                    return;
                                }
                            }
                        }
                        Err(ClientError::Refused { status, body })
                            if body.refuses_token(status.as_u16()) =>
                        {
                            let _ = tx.send(format!(
                                "The live news could not be followed: {}",
                                body.message
                            ));
                            return;
                        }
                        Err(_) => {}
                    }
                    if !lost {
                        lost = true;
                        let said =
                            "The live news was lost; following again when the server answers.";
                        if tx.send(said.to_string()).is_err() {
                            return;
                        }
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(std::time::Duration::from_secs(30));
                }
            });
        })?;
    Ok(rx)
}

/// An event as the news line says it.
pub fn news_line(event: &Event) -> String {
    match event {
        Event::Registered { codename } => format!("{codename} joined."),
        Event::Placed { owner, slot, lock } => {
            format!("{owner} placed lock {lock} in slot {slot}.")
        }
        Event::Retired {
            owner, slot, lock, ..
        } => format!("{owner} retired lock {lock} from slot {slot}."),
        Event::Declared {
            author,
            lock,
            behind,
            ..
        } => format!(
            "{author} declared a note on {}'s lock {}, behind their slot {}.",
            lock.owner, lock.id, behind.slot
        ),
        Event::Read { notes } => format!("You have read {notes} notes now."),
    }
}
