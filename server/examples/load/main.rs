//! The load benchmark: reads and declarations against the real server, on loopback only.
//!
//! ```sh
//! cargo run --release -p lockwright-server --example load
//! cargo run --release -p lockwright-server --example load -- --reads 100000 --declares 5000
//! cargo run --release -p lockwright-server --example load -- --setups sqlite,postgres,postgres-2
//! ```
//!
//! `--setups` measures, in turn and in one run, one server on SQLite, one on PostgreSQL and two
//! on one PostgreSQL database (requests sent to each in turn, followers spread over both, and
//! an event's delivery to followers of the other server timed apart), then prints them side by
//! side. PostgreSQL is a throwaway cluster started from the installed binaries
//! (`tests/support/pg.rs`) with its default settings.
//!
//! Without `--server`, it seeds a fresh data folder through the storage API (1,000 players,
//! each with the three starter locks in their slots: 3,000 locks, and a token each), starts the
//! server in this process on 127.0.0.1 with rate limiting and the per-client caps off (every
//! request comes from one address), and measures:
//!
//! - reads: `GET /players/{codename}` and `GET /locks/{id}` alternately, by random players;
//! - declarations: `POST /notes` with valid solutions, each a different player and lock;
//!
//! each with a fixed number of requests, a time limit, and a number of requests in flight;
//! then both together at fixed rates; then live events: `--followers` players (1,000) follow
//! `GET /events` while a writer publishes at `--publish-rate` (50/s), and every follower must
//! receive every `placed` event. It prints requests per second and latency percentiles.
//!
//! With `--server URL` (127.0.0.1, `localhost` or `[::1]` only), it seeds through HTTP
//! instead: registering players (argon2 at the server's cost: tens of seconds for 1,000) and
//! publishing their locks; that server should run with `--rate-limit 0` and caps raised
//! (`--connections-per-address`, `--streams-per-address`, `--streams-per-player`,
//! `--publishes-per-hour`).

use anyhow::{Context, Result, bail};
use clap::Parser;
use rules::metagame::Slot;
use server::config::Config;
use server::protocol::Session;
use server::storage::Storage;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod followed;
#[allow(dead_code)]
#[path = "../../tests/support/pg.rs"]
mod pg;
mod setups;

use setups::{Setup, start_setup};

/// The load benchmark for the metagame server.
#[derive(Parser, Debug)]
#[command(name = "load")]
struct Args {
    /// A running server on loopback to measure (else one is started here).
    #[arg(long)]
    server: Option<String>,
    /// Players to seed.
    #[arg(long, default_value_t = 1000)]
    players: usize,
    /// Read requests to make.
    #[arg(long, default_value_t = 50_000)]
    reads: usize,
    /// Declarations to make (at most players × (players − 1) × 3 ÷ 3).
    #[arg(long, default_value_t = 3_000)]
    declares: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// Seconds each phase may last; it stops early when the limit is reached.
    #[arg(long, default_value_t = 20)]
    time_limit: u64,
    /// Seconds of the paced phase: reads and declarations together at fixed rates (0 skips
    /// it).
    #[arg(long, default_value_t = 10.0)]
    mixed_seconds: f64,
    /// Reads per second in the paced phase.
    #[arg(long, default_value_t = 5000.0)]
    mixed_reads: f64,
    /// Declarations per second in the paced phase.
    #[arg(long, default_value_t = 500.0)]
    mixed_declares: f64,
    /// Players following `/events` in the live-events phase (0 skips it).
    #[arg(long, default_value_t = 1000)]
    followers: usize,
    /// Publishes per second in the live-events phase.
    #[arg(long, default_value_t = 50.0)]
    publish_rate: f64,
    /// Seconds of the live-events phase.
    #[arg(long, default_value_t = 10.0)]
    publish_seconds: f64,
    /// Worker threads of the server started here (0: one per core).
    #[arg(long, default_value_t = 0)]
    server_threads: usize,
    /// What to measure, in turn, in one run: `sqlite` (one server on SQLite), `postgres` (one
    /// server on PostgreSQL), `postgres-2` (two servers on one PostgreSQL database, requests
    /// and followers spread over both). PostgreSQL is a throwaway cluster started from the
    /// installed binaries, with its default settings.
    #[arg(long, value_delimiter = ',', default_value = "sqlite")]
    setups: Vec<Setup>,
}

/// The three starter locks, one per slot, with their solutions.
struct Starters {
    locks: [String; 3],
    solutions: [String; 3],
}

fn starters() -> Result<Starters> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock/starter");
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).with_context(|| format!("cannot read {name}"))
    };
    Ok(Starters {
        locks: [
            read("spring-pull.lock")?,
            read("pivot-gate.lock")?,
            read("ball-stop.lock")?,
        ],
        solutions: [
            read("spring-pull.solution")?,
            read("pivot-gate.solution")?,
            read("ball-stop.solution")?,
        ],
    })
}

/// The `i`th seeded codename: `L` and two base-36 digits (1,296 of them).
fn codename(i: usize) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    format!(
        "L{}{}",
        DIGITS[(i / 36) % 36] as char,
        DIGITS[i % 36] as char
    )
}

/// A seeded player: codename, token, and lock numbers by slot.
#[derive(Clone, Debug)]
struct Seeded {
    codename: String,
    token: String,
    locks: [i64; 3],
}

const PASSWORD: &str = "load-benchmark";

/// Seeds a database through the storage API.
fn seed_storage(mut db: Storage, players: usize, st: &Starters) -> Result<Vec<Seeded>> {
    // One hash for every player: logging in is not measured.
    let hash = server::auth::hash_password(PASSWORD, Config::default().password_memory_kib)
        .map_err(|e| anyhow::anyhow!("cannot hash: {}", e.body.message))?;
    let mut seeded = Vec::with_capacity(players);
    for i in 0..players {
        let codename = codename(i);
        let id = db.add_player(&codename, &hash, true)?;
        let token = server::auth::new_token();
        db.add_token(
            &server::auth::token_hash(&token),
            id,
            server::storage::now_ms(),
            1,
        )?;
        let mut locks = [0; 3];
        for (k, slot) in Slot::all().into_iter().enumerate() {
            locks[k] = db.place_lock(id, slot, &st.locks[k], &st.solutions[k])?.0;
        }
        seeded.push(Seeded {
            codename,
            token,
            locks,
        });
    }
    Ok(seeded)
}

/// Seeds a running server through HTTP.
async fn seed_http(url: &str, players: usize, st: &Starters) -> Result<Vec<Seeded>> {
    let mut seeded = Vec::with_capacity(players);
    for i in 0..players {
        let codename = codename(i);
        let mut client = server::client::Client::new(url);
        let session: Session = match client.register(&codename, PASSWORD).await {
            Ok(s) => s,
            Err(e) if e.code() == Some("codename-taken") => client
                .login(&codename, PASSWORD)
                .await
                .with_context(|| format!("{codename} is taken and its password is not ours"))?,
            Err(e) => return Err(e).context("cannot register"),
        };
        let mut locks = [0; 3];
        for (k, (lock, solution)) in st.locks.iter().zip(&st.solutions).enumerate() {
            locks[k] = client
                .publish(k as u8 + 1, lock, solution)
                .await
                .context("cannot publish")?
                .lock;
        }
        seeded.push(Seeded {
            codename,
            token: session.token,
            locks,
        });
        if (i + 1) % 100 == 0 {
            eprintln!("  seeded {} players", i + 1);
        }
    }
    Ok(seeded)
}

/// Whether a URL names this machine's loopback.
fn is_loopback(url: &str) -> bool {
    let rest = url.strip_prefix("http://").unwrap_or("");
    let host = rest.split('/').next().unwrap_or("");
    let host = host.rsplit_once(':').map(|(h, _)| h).unwrap_or(host);
    host == "127.0.0.1" || host == "localhost" || host == "[::1]"
}

/// What one phase measured.
struct Phase {
    done: usize,
    failed: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Phase {
    fn empty() -> Phase {
        Phase {
            done: 0,
            failed: 0,
            elapsed: Duration::ZERO,
            latencies: Vec::new(),
        }
    }

    /// Requests per second.
    fn rate(&self) -> f64 {
        self.done as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The latency at quantile `q`, in milliseconds.
    fn ms(&self, q: f64) -> f64 {
        let mut l = self.latencies.clone();
        l.sort();
        l.get(((l.len() as f64 * q) as usize).min(l.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    }

    fn print(&self, what: &str) {
        let mut l = self.latencies.clone();
        l.sort();
        let at = |q: f64| {
            l.get(((l.len() as f64 * q) as usize).min(l.len().saturating_sub(1)))
                .map(|d| d.as_secs_f64() * 1000.0)
                .unwrap_or(0.0)
        };
        println!(
            "{what}: {} in {:.2} s = {:.0}/s; failed {}; latency ms p50 {:.2} p90 {:.2} p99 {:.2} max {:.2}",
            self.done,
            self.elapsed.as_secs_f64(),
            self.done as f64 / self.elapsed.as_secs_f64(),
            self.failed,
            at(0.50),
            at(0.90),
            at(0.99),
            l.last().map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0),
        );
    }
}

/// Runs `total` requests made by `make(i)` with `concurrency` in flight, until done or the
/// time limit.
async fn phase<F, Fut>(total: usize, concurrency: usize, limit: Duration, make: F) -> Phase
where
    F: Fn(usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let next = Arc::new(AtomicUsize::new(0));
    let make = Arc::new(make);
    let start = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..concurrency.max(1) {
        let (next, make) = (next.clone(), make.clone());
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut failed = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total || start.elapsed() > limit {
                    break;
                }
                let t = Instant::now();
                let ok = make(i).await;
                latencies.push(t.elapsed());
                if !ok {
                    failed += 1;
                }
            }
            (latencies, failed)
        }));
    }
    let mut all = Vec::new();
    let mut failed = 0;
    for w in workers {
        if let Ok((l, f)) = w.await {
            all.extend(l);
            failed += f;
        }
    }
    Phase {
        done: all.len(),
        failed,
        elapsed: start.elapsed(),
        latencies: all,
    }
}

/// A small deterministic generator: the same requests on every run.
fn mix(i: usize) -> usize {
    let mut x = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 32)) as usize
}

/// What the requests need: the client, the server and the seeded players.
#[derive(Clone)]
struct Target {
    http: reqwest::Client,
    /// The servers measured: requests go to each in turn, followers are spread over them.
    urls: Arc<[String]>,
    seeded: Arc<Vec<Seeded>>,
    solutions: Arc<[String; 3]>,
}

impl Target {
    /// The server the `i`th request goes to.
    fn url(&self, i: usize) -> &str {
        &self.urls[i % self.urls.len()]
    }

    /// Which server the `i`th request goes to.
    fn instance(&self, i: usize) -> usize {
        i % self.urls.len()
    }

    /// The `i`th read (of a run salted by `salt`): a player's view or a lock, alternately, as
    /// a random player.
    fn read(&self, i: usize, salt: usize) -> reqwest::RequestBuilder {
        let n = self.seeded.len();
        let me = &self.seeded[mix(i ^ salt) % n];
        let them = &self.seeded[mix(i ^ salt ^ 0x55) % n];
        let path = if i.is_multiple_of(2) {
            format!(
                "{}/api/v1/players/{}",
                self.url(i),
                server::client::encode_segment(&them.codename)
            )
        } else {
            format!(
                "{}/api/v1/locks/{}",
                self.url(i),
                them.locks[mix(i ^ salt ^ 0xAA) % 3]
            )
        };
        self.http.get(path).bearer_auth(&me.token)
    }

    /// The `j`th declaration: by player j mod P, on the lock of the k-th player after them
    /// (k = j div P + 1), in slot k mod 3, behind their own slot j mod 3. No two are alike,
    /// and each solution opens its lock.
    fn declare(&self, j: usize) -> reqwest::RequestBuilder {
        let n = self.seeded.len();
        let author = j % n;
        let k = j / n + 1;
        let target = (author + k) % n;
        let slot = k % 3;
        let body = serde_json::json!({
            "lock": self.seeded[target].locks[slot],
            "behind": (j % 3) + 1,
            "solution": self.solutions[slot],
        });
        self.http
            .post(format!("{}/api/v1/notes", self.url(j)))
            .bearer_auth(&self.seeded[author].token)
            .json(&body)
    }

    /// How many distinct declarations there are.
    fn declarations(&self) -> usize {
        let n = self.seeded.len();
        n * (n - 1)
    }
}

/// Sends a request; true when it succeeded and its body arrived. The first few refusals are
/// kept to show.
async fn send(request: reqwest::RequestBuilder, refusals: Arc<Mutex<Vec<String>>>) -> bool {
    match request.send().await {
        Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
        Ok(r) => {
            let status = r.status();
            let text = r.text().await.unwrap_or_default();
            if let Ok(mut f) = refusals.lock()
                && f.len() < 3
            {
                f.push(format!("{status}: {text}"));
            }
            false
        }
        Err(e) => {
            if let Ok(mut f) = refusals.lock()
                && f.len() < 3
            {
                f.push(e.to_string());
            }
            false
        }
    }
}

/// Reads and declarations at fixed rates together, for `seconds`: each request starts at its
/// scheduled time, and its latency counts from then, so a slow server cannot hide its delays
/// by slowing the generator down.
async fn paced(
    target: Target,
    seconds: f64,
    read_rate: f64,
    declare_rate: f64,
    first_declaration: usize,
    refusals: Arc<Mutex<Vec<String>>>,
) -> (Phase, Phase) {
    let total_reads = (read_rate * seconds) as usize;
    let total_declares = ((declare_rate * seconds) as usize)
        .min(target.declarations().saturating_sub(first_declaration));
    let start = Instant::now();
    let mut reads = Vec::with_capacity(total_reads);
    let mut declares = Vec::with_capacity(total_declares);
    let (mut r, mut d) = (0, 0);
    while r < total_reads || d < total_declares {
        let now = start.elapsed().as_secs_f64();
        while r < total_reads && r as f64 / read_rate <= now {
            let due = start + Duration::from_secs_f64(r as f64 / read_rate);
            let request = target.read(r, 0x5EED);
            let refusals = refusals.clone();
            reads.push(tokio::spawn(async move {
                let ok = send(request, refusals).await;
                (due.elapsed(), ok)
            }));
            r += 1;
        }
        while d < total_declares && d as f64 / declare_rate <= now {
            let due = start + Duration::from_secs_f64(d as f64 / declare_rate);
            let request = target.declare(first_declaration + d);
            let refusals = refusals.clone();
            declares.push(tokio::spawn(async move {
                let ok = send(request, refusals).await;
                (due.elapsed(), ok)
            }));
            d += 1;
        }
        tokio::time::sleep(Duration::from_micros(500)).await;
    }
    let mut out = Vec::new();
    for handles in [reads, declares] {
        let mut phase = Phase {
            done: 0,
            failed: 0,
            elapsed: Duration::ZERO,
            latencies: Vec::with_capacity(handles.len()),
        };
        for h in handles {
            if let Ok((latency, ok)) = h.await {
                phase.latencies.push(latency);
                phase.done += 1;
                phase.failed += usize::from(!ok);
            }
        }
        phase.elapsed = start.elapsed();
        out.push(phase);
    }
    let declares = out.pop().unwrap_or_else(Phase::empty);
    let reads = out.pop().unwrap_or_else(Phase::empty);
    (reads, declares)
}

/// What one setup measured, for the table that compares them.
struct Measured {
    setup: &'static str,
    reads: Phase,
    declares: Phase,
    mixed: Option<(Phase, Phase)>,
    followed: Option<followed::Followed>,
}

/// Every phase against the servers at `urls`, printed as it goes.
fn measure(
    setup: &'static str,
    args: &Args,
    client_rt: &tokio::runtime::Runtime,
    urls: Vec<String>,
    seeded: Vec<Seeded>,
    st: &Arc<Starters>,
) -> Result<Measured> {
    let target = Target {
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(args.concurrency.max(64))
            .build()?,
        urls: urls.into(),
        seeded: Arc::new(seeded),
        solutions: Arc::new(st.solutions.clone()),
    };
    let refusals = Arc::new(Mutex::new(Vec::<String>::new()));
    let limit = Duration::from_secs(args.time_limit);

    let reads = {
        let (t, f) = (target.clone(), refusals.clone());
        client_rt.block_on(phase(args.reads, args.concurrency, limit, move |i| {
            send(t.read(i, 0), f.clone())
        }))
    };
    reads.print("reads, flat out (GET /players/{codename}, GET /locks/{id})");

    let declares = args.declares.min(target.declarations());
    let decl = {
        let (t, f) = (target.clone(), refusals.clone());
        client_rt.block_on(phase(declares, args.concurrency, limit, move |j| {
            send(t.declare(j), f.clone())
        }))
    };
    decl.print("declares, flat out (POST /notes)");

    let reads_after = {
        let (t, f) = (target.clone(), refusals.clone());
        client_rt.block_on(phase(args.reads, args.concurrency, limit, move |i| {
            send(t.read(i, 0xD0_0D), f.clone())
        }))
    };
    reads_after.print("reads, flat out, after the declarations");

    let mut mixed = None;
    if args.mixed_seconds > 0.0 {
        let (r, d) = client_rt.block_on(paced(
            target.clone(),
            args.mixed_seconds.min(args.time_limit as f64),
            args.mixed_reads,
            args.mixed_declares,
            declares,
            refusals.clone(),
        ));
        r.print("reads, paced, mixed with declares");
        d.print("declares, paced, mixed with reads");
        mixed = Some((r, d));
    }

    let mut live = None;
    if args.followers > 0 {
        let f = client_rt.block_on(followed::followed(
            target.clone(),
            st.clone(),
            args.followers,
            args.publish_rate,
            args.publish_seconds.min(args.time_limit as f64),
            refusals.clone(),
        ))?;
        f.publishes.print(&format!(
            "publishes, paced, with {} players following /events",
            f.followers
        ));
        for (what, delays) in [
            ("events delivered (from the publish's answer)", &f.delivery),
            (
                "events delivered through another server (from the publish's answer)",
                &f.delivery_across,
            ),
        ] {
            if !delays.is_empty() {
                Phase {
                    done: delays.len(),
                    failed: 0,
                    elapsed: f.publishes.elapsed,
                    latencies: delays.clone(),
                }
                .print(what);
            }
        }
        println!(
            "followers who received every event: {} of {}",
            f.complete, f.followers
        );
        live = Some(f);
    }

    if let Ok(f) = refusals.lock() {
        for f in f.iter() {
            eprintln!("  a failed request: {f}");
        }
    }
    Ok(Measured {
        setup,
        reads,
        declares: decl,
        mixed,
        followed: live,
    })
}

fn main() -> Result<()> {
    let args = Args::parse();
    if args.players < 2 {
        bail!("--players must be at least 2");
    }
    let st = Arc::new(starters()?);
    let mut server_threads = args.server_threads;
    if server_threads == 0 {
        server_threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    }
    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(server_threads)
        .enable_all()
        .build()?;
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;

    if let Some(url) = &args.server {
        if !is_loopback(url) {
            bail!("the load benchmark runs only against 127.0.0.1, localhost or [::1]");
        }
        let url = url.trim_end_matches('/').to_string();
        let started = Instant::now();
        let seeded = client_rt.block_on(seed_http(&url, args.players, &st))?;
        eprintln!(
            "seeded {} players in {:.1} s; measuring {url}",
            seeded.len(),
            started.elapsed().as_secs_f64()
        );
        measure(
            "the server named",
            &args,
            &client_rt,
            vec![url],
            seeded,
            &st,
        )?;
        return Ok(());
    }

    let mut all = Vec::new();
    for &setup in &args.setups {
        let started = Instant::now();
        let (mut folders, mut running) = (Vec::new(), Vec::new());
        let (urls, seeded) =
            start_setup(setup, &args, &st, &server_rt, &mut folders, &mut running)?;
        println!("\n## {}", setup.name());
        eprintln!(
            "seeded {} players and {} locks in {:.1} s; measuring {}",
            seeded.len(),
            seeded.len() * 3,
            started.elapsed().as_secs_f64(),
            urls.join(" and ")
        );
        let measured = measure(setup.name(), &args, &client_rt, urls, seeded, &st)?;
        for r in running {
            server_rt.block_on(r.stop())?;
        }
        drop(folders);
        all.push(measured);
    }
    if all.len() > 1 {
        print_table(&all);
    }
    Ok(())
}

/// The setups side by side, as a Markdown table.
fn print_table(all: &[Measured]) {
    println!(
        "\n| setup | reads, flat out | declares, flat out | paced reads p99 | paced declares p99 | publishes with followers, p99 | event delivery p50 / p99 | through another server p50 / p99 | followers who heard all |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for m in all {
        let mixed = m
            .mixed
            .as_ref()
            .map_or(("–".to_string(), "–".to_string()), |(r, d)| {
                (
                    format!("{:.1} ms", r.ms(0.99)),
                    format!("{:.1} ms", d.ms(0.99)),
                )
            });
        let delays = |d: &Vec<Duration>| {
            let p = Phase {
                done: d.len(),
                failed: 0,
                elapsed: Duration::from_secs(1),
                latencies: d.clone(),
            };
            if d.is_empty() {
                "–".to_string()
            } else {
                format!("{:.1} / {:.1} ms", p.ms(0.5), p.ms(0.99))
            }
        };
        let (publishes, here, across, heard) = m.followed.as_ref().map_or(
            ("–".into(), "–".into(), "–".into(), "–".into()),
            |f| {
                (
                    format!("{:.1} ms", f.publishes.ms(0.99)),
                    delays(&f.delivery),
                    delays(&f.delivery_across),
                    format!("{} of {}", f.complete, f.followers),
                )
            },
        );
        println!(
            "| {} | {:.0}/s, p99 {:.1} ms | {:.0}/s, p99 {:.1} ms | {} | {} | {} | {} | {} | {} |",
            m.setup,
            m.reads.rate(),
            m.reads.ms(0.99),
            m.declares.rate(),
            m.declares.ms(0.99),
            mixed.0,
            mixed.1,
            publishes,
            here,
            across,
            heard
        );
    }
}
