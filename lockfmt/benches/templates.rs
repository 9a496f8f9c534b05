//! Turns per second on every template lock, read from its text, from states reached by random
//! play. Run with `cargo bench -p lockwright-lockfmt --bench templates`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::hexlock::physics::{Mechanism, Move, State, Workspace};
use std::hint::black_box;
use std::path::Path;

fn templates() -> Vec<(String, engine::hexlock::Lock)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock");
    let mut out = Vec::new();
    for folder in ["starter", "empty"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("templates")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "lock"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("read");
            let lock = lockfmt::hexlock::parse(&text)
                .valid_lock()
                .cloned()
                .expect("valid template");
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push((name, lock));
        }
    }
    out
}

/// A fixed sequence of (state, move) pairs from random play (xorshift, seed 7).
fn workload(mech: &Mechanism) -> Vec<(State, Move)> {
    let mut x: u64 = 7;
    let mut ws = Workspace::new();
    let mut state = mech.initial_state();
    let mut out = Vec::new();
    for _ in 0..512 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = Move::ALL[(x % Move::ALL.len() as u64) as usize];
        out.push((state.clone(), mv));
        state = mech.step(&state, mv, &mut ws).expect("own state");
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("template_turn");
    group.throughput(Throughput::Elements(1));
    for (name, lock) in templates() {
        let mech = Mechanism::new(&lock).expect("playable");
        let work = workload(&mech);
        let mut ws = Workspace::new();
        let mut i = 0;
        group.bench_function(&name, |b| {
            b.iter(|| {
                let (state, mv) = &work[i % work.len()];
                i += 1;
                black_box(
                    mech.step(black_box(state), *mv, &mut ws)
                        .expect("own state"),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
