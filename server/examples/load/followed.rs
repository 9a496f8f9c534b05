//! The live-events phase: players follow `/events` on the servers measured while locks are
//! published through them, and every follower must hear every publish.

use crate::{Phase, Starters, Target, mix};
use anyhow::{Context, Result};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the live-events phase saw.
pub struct Followed {
    pub publishes: Phase,
    pub followers: usize,
    /// Followers who received a `placed` event for every publish that succeeded.
    pub complete: usize,
    /// From a publish's answer to the moment its event reached each follower of the server
    /// it was published through.
    pub delivery: Vec<Duration>,
    /// The same, for followers of another server than the one published through.
    pub delivery_across: Vec<Duration>,
}

/// `followers` players follow `/events` while publishes are sent at `rate` per second for
/// `seconds`, each at its scheduled time (latency counts from then). Every follower then waits
/// for a `placed` event per successful publish.
pub async fn followed(
    target: Target,
    st: Arc<Starters>,
    followers: usize,
    rate: f64,
    seconds: f64,
    refusals: Arc<Mutex<Vec<String>>>,
) -> Result<Followed> {
    use server::events::Event;
    use std::collections::HashMap;
    let followers = followers.min(target.seeded.len());
    // Open the streams, a few at a time, before anything is published.
    let mut streams = Vec::with_capacity(followers);
    for (c, chunk) in target.seeded[..followers].chunks(50).enumerate() {
        let opened = futures_util::future::join_all(chunk.iter().enumerate().map(|(k, p)| {
            let k = c * 50 + k;
            let client = server::client::Client::new(target.url(k)).with_token(p.token.clone());
            let instance = target.instance(k);
            async move { (instance, client.events().await) }
        }))
        .await;
        for (instance, s) in opened {
            streams.push((instance, s.context("cannot follow /events")?));
        }
    }
    // When each lock's publish was answered and through which server, to time delivery.
    let answered: Arc<Mutex<HashMap<i64, (Instant, usize)>>> = Arc::default();
    let (total_tx, total_rx) = tokio::sync::watch::channel(None::<usize>);
    let mut listeners = Vec::with_capacity(followers);
    for (mine, mut stream) in streams {
        let mut total_rx = total_rx.clone();
        let answered = answered.clone();
        listeners.push(tokio::spawn(async move {
            let mut seen = 0usize;
            let mut arrivals = Vec::new();
            loop {
                if let Some(total) = *total_rx.borrow()
                    && seen >= total
                {
                    break;
                }
                tokio::select! {
                    next = tokio::time::timeout(Duration::from_secs(30), stream.next()) => {
                        match next {
                            Ok(Ok(Some(Event::Placed { lock, .. }))) => {
                                seen += 1;
                                arrivals.push((lock, Instant::now()));
                            }
                            Ok(Ok(Some(_))) => {}
                            _ => break,
                        }
                    }
                    _ = total_rx.changed() => {}
                }
            }
            let answered = answered.lock().map(|a| a.clone()).unwrap_or_default();
            let (mut here, mut across) = (Vec::new(), Vec::new());
            for (lock, at) in &arrivals {
                if let Some((t, through)) = answered.get(lock) {
                    let delay = at.saturating_duration_since(*t);
                    if *through == mine {
                        here.push(delay);
                    } else {
                        across.push(delay);
                    }
                }
            }
            (seen, here, across)
        }));
    }
    // The writer: publish i is by a random player (who may be following too), in slot i mod 3.
    let total = (rate * seconds) as usize;
    let start = Instant::now();
    let mut sent = Vec::with_capacity(total);
    for i in 0..total {
        let due = start + Duration::from_secs_f64(i as f64 / rate);
        tokio::time::sleep_until(due.into()).await;
        let n = target.seeded.len();
        let who = &target.seeded[mix(i) % n];
        let k = i % 3;
        let request = target
            .http
            .put(format!("{}/api/v1/slots/{}", target.url(i), k + 1))
            .bearer_auth(&who.token)
            .json(&server::protocol::Publish {
                lock: st.locks[k].clone(),
                solution: st.solutions[k].clone(),
            });
        let (refusals, answered) = (refusals.clone(), answered.clone());
        let through = target.instance(i);
        sent.push(tokio::spawn(async move {
            let lock = match request.send().await {
                Ok(r) if r.status().is_success() => r
                    .json::<server::protocol::Published>()
                    .await
                    .ok()
                    .map(|p| p.lock),
                Ok(r) => {
                    let text = format!("{}: {}", r.status(), r.text().await.unwrap_or_default());
                    if let Ok(mut f) = refusals.lock()
                        && f.len() < 3
                    {
                        f.push(text);
                    }
                    None
                }
                Err(e) => {
                    if let Ok(mut f) = refusals.lock()
                        && f.len() < 3
                    {
                        f.push(e.to_string());
                    }
                    None
                }
            };
            if let (Some(lock), Ok(mut a)) = (lock, answered.lock()) {
                a.insert(lock, (Instant::now(), through));
            }
            (due.elapsed(), lock.is_some())
        }));
    }
    let mut publishes = Phase::empty();
    for h in sent {
        if let Ok((latency, ok)) = h.await {
            publishes.latencies.push(latency);
            publishes.done += 1;
            publishes.failed += usize::from(!ok);
        }
    }
    publishes.elapsed = start.elapsed();
    let succeeded = publishes.done - publishes.failed;
    let _ = total_tx.send(Some(succeeded));
    let mut complete = 0;
    let (mut delivery, mut delivery_across) = (Vec::new(), Vec::new());
    for l in listeners {
        if let Ok((seen, here, across)) = l.await {
            complete += usize::from(seen == succeeded);
            delivery.extend(here);
            delivery_across.extend(across);
        }
    }
    Ok(Followed {
        publishes,
        followers,
        complete,
        delivery,
        delivery_across,
    })
}
