//! Listening for the changes the other servers on the database commit (`LISTEN`), on a
//! connection of its own.

use super::*;

/// Listens for the changes other servers on the database commit: calls `told` for each
/// notification on [`journal::CHANNEL`], and once each time it has connected (a notification
/// sent while it was not connected is not lost: `told` reads the log, which holds it). The
/// connection runs on a thread of its own and is opened again a second after it is lost; it
/// ends when `stop` turns true.
pub fn listen(
    url: &str,
    told: impl Fn() + Send + 'static,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), StorageError> {
    let config: tokio_postgres::Config = url.parse().map_err(|e| StorageError::Connect {
        url: hide_password(url),
        why: format!("{e}"),
    })?;
    let shown = hide_password(url);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StorageError::Connect {
            url: shown.clone(),
            why: format!("cannot start the listener's runtime: {e}"),
        })?;
    std::thread::Builder::new()
        .name("postgres-listen".into())
        .spawn(move || {
            runtime.block_on(async move {
                while !*stop.borrow() {
                    match listen_once(&config, &told, &mut stop).await {
                        Ok(()) => {}
                        Err(e) => {
                            tracing::warn!(database = %shown, error = %e, "not listening for other servers' changes")
                        }
                    }
                    tokio::select! {
                        () = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
                        _ = stop.changed() => {}
                    }
                }
            })
        })
        .map_err(|e| StorageError::Connect {
            url: hide_password(url),
            why: format!("cannot start the listener's thread: {e}"),
        })?;
    Ok(())
}

/// One connection of [`listen`]: until it is lost or `stop` turns true.
async fn listen_once(
    config: &tokio_postgres::Config,
    told: &(impl Fn() + Send),
    stop: &mut tokio::sync::watch::Receiver<bool>,
) -> Result<(), tokio_postgres::Error> {
    use futures_util::StreamExt;
    let (client, mut connection) = config.connect(NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    // The connection's messages, notifications among them, read as they come.
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(tokio_postgres::AsyncMessage::Notification(_)) => {
                    if tx.send(()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the listening connection to PostgreSQL ended");
                    break;
                }
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {}", journal::CHANNEL))
        .await?;
    told();
    loop {
        tokio::select! {
            m = rx.recv() => match m {
                Some(()) => told(),
                None => break,
            },
            _ = stop.changed() => {
                if *stop.borrow() {
                    break;
                }
            }
        }
    }
    driver.abort();
    Ok(())
}
