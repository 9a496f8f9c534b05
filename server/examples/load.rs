//! The load benchmark: reads and declarations against the real server, on loopback only.
//!
//! ```sh
//! cargo run --release -p lockwright-server --example load
//! cargo run --release -p lockwright-server --example load -- --reads 100000 --declares 5000
//! ```
//!
//! Without `--server`, it seeds a fresh data folder through the storage API (1,000 players,
//! each with the three starter locks in their slots: 3,000 locks, and a token each), starts the
//! server in this process on 127.0.0.1 with rate limiting off (every request comes from one
//! address), and measures:
//!
//! - reads: `GET /players/{codename}` and `GET /locks/{id}` alternately, by random players;
//! - declarations: `POST /notes` with valid solutions, each a different player and lock;
//!
//! each with a fixed number of requests, a time limit, and a number of requests in flight.
//! It prints requests per second and latency percentiles.
//!
//! With `--server URL` (127.0.0.1, `localhost` or `[::1]` only), it seeds through HTTP
//! instead: registering players (argon2 at the server's cost: tens of seconds for 1,000) and
//! publishing their locks; that server should run with `--rate-limit 0`.

use anyhow::{Context, Result, bail};
use clap::Parser;
use server::config::Config;
use server::protocol::Session;
use server::rules::Slot;
use server::server::Running;
use server::storage::{Durability, Storage};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
    /// Worker threads of the server started here (0: one per core).
    #[arg(long, default_value_t = 0)]
    server_threads: usize,
}

/// The three starter locks, one per slot, with their solutions.
struct Starters {
    locks: [String; 3],
    solutions: [String; 3],
}

fn starters() -> Result<Starters> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/starter");
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

/// Seeds a data folder through the storage API.
fn seed_storage(dir: &std::path::Path, players: usize, st: &Starters) -> Result<Vec<Seeded>> {
    let mut db = Storage::open(dir, Durability::Normal)?;
    // One hash for every player: logging in is not measured.
    let hash = server::auth::hash_password(PASSWORD, Config::default().password_memory_kib)
        .map_err(|e| anyhow::anyhow!("cannot hash: {}", e.body.message))?;
    let mut seeded = Vec::with_capacity(players);
    for i in 0..players {
        let codename = codename(i);
        let id = db.add_player(&codename, &hash)?;
        let token = server::auth::new_token();
        db.add_token(&token, id)?;
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

fn main() -> Result<()> {
    let args = Args::parse();
    if args.players < 2 {
        bail!("--players must be at least 2");
    }
    let st = starters()?;
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

    let mut data = None;
    let mut running = None;
    let started = Instant::now();
    let (url, seeded) = match &args.server {
        Some(url) => {
            if !is_loopback(url) {
                bail!("the load benchmark runs only against 127.0.0.1, localhost or [::1]");
            }
            let url = url.trim_end_matches('/').to_string();
            let seeded = client_rt.block_on(seed_http(&url, args.players, &st))?;
            (url, seeded)
        }
        None => {
            let dir = tempfile::tempdir()?;
            let seeded = seed_storage(dir.path(), args.players, &st)?;
            let config = Config {
                data: dir.path().to_path_buf(),
                bind: "127.0.0.1:0".parse()?,
                rate_limit: 0.0,
                ..Config::default()
            };
            let r = server_rt.block_on(Running::start(config))?;
            let url = r.url();
            running = Some(r);
            data = Some(dir);
            (url, seeded)
        }
    };
    eprintln!(
        "seeded {} players and {} locks in {:.1} s; measuring {url}",
        seeded.len(),
        seeded.len() * 3,
        started.elapsed().as_secs_f64()
    );

    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency)
        .build()?;
    let seeded = Arc::new(seeded);
    let limit = Duration::from_secs(args.time_limit);

    // Reads: a player's view and a lock, alternately, as random players.
    let reads = {
        let (http, seeded, url) = (http.clone(), seeded.clone(), url.clone());
        client_rt.block_on(phase(args.reads, args.concurrency, limit, move |i| {
            let n = seeded.len();
            let me = &seeded[mix(i) % n];
            let them = &seeded[mix(i + 1) % n];
            let path = if i % 2 == 0 {
                format!(
                    "{url}/api/v1/players/{}",
                    server::client::encode_segment(&them.codename)
                )
            } else {
                format!("{url}/api/v1/locks/{}", them.locks[mix(i + 2) % 3])
            };
            let request = http.get(path).bearer_auth(&me.token);
            async move {
                match request.send().await {
                    Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
                    Err(_) => false,
                }
            }
        }))
    };
    reads.print("reads (GET /players/{codename}, GET /locks/{id})");

    // Declarations: the j-th by player j mod P, on the lock of the k-th player after them
    // (k = j div P + 1), in slot k mod 3, behind their own slot j mod 3. No two are alike.
    let n = seeded.len();
    let declares = args.declares.min(n * (n - 1));
    let solutions = Arc::new(st.solutions.clone());
    let failures = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let decl = {
        let (http, seeded, url, failures) =
            (http.clone(), seeded.clone(), url.clone(), failures.clone());
        client_rt.block_on(phase(declares, args.concurrency, limit, move |j| {
            let author = j % n;
            let k = j / n + 1;
            let target = (author + k) % n;
            let slot = k % 3;
            let body = serde_json::json!({
                "lock": seeded[target].locks[slot],
                "behind": (j % 3) + 1,
                "solution": solutions[slot],
            });
            let request = http
                .post(format!("{url}/api/v1/notes"))
                .bearer_auth(&seeded[author].token)
                .json(&body);
            let failures = failures.clone();
            async move {
                match request.send().await {
                    Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
                    Ok(r) => {
                        let status = r.status();
                        let text = r.text().await.unwrap_or_default();
                        if let Ok(mut f) = failures.lock()
                            && f.len() < 3
                        {
                            f.push(format!("{status}: {text}"));
                        }
                        false
                    }
                    Err(_) => false,
                }
            }
        }))
    };
    decl.print("declares (POST /notes)");
    if let Ok(f) = failures.lock() {
        for f in f.iter() {
            eprintln!("  a refused declaration: {f}");
        }
    }

    // Reads again, now that the notes make access wider.
    let reads_after = {
        let (http, seeded, url) = (http.clone(), seeded.clone(), url.clone());
        client_rt.block_on(phase(args.reads, args.concurrency, limit, move |i| {
            let n = seeded.len();
            let me = &seeded[mix(i + 7) % n];
            let them = &seeded[mix(i + 8) % n];
            let path = if i % 2 == 0 {
                format!(
                    "{url}/api/v1/players/{}",
                    server::client::encode_segment(&them.codename)
                )
            } else {
                format!("{url}/api/v1/locks/{}", them.locks[mix(i + 9) % 3])
            };
            let request = http.get(path).bearer_auth(&me.token);
            async move {
                match request.send().await {
                    Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
                    Err(_) => false,
                }
            }
        }))
    };
    reads_after.print("reads after the declarations");

    if let Some(r) = running {
        server_rt.block_on(r.stop())?;
    }
    drop(data);
    Ok(())
}
