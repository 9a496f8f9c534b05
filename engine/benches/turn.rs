//! Turns per second on a dense size-8 lock (25 pieces, 8 springs, 2 pivots), over states
//! reached by random play, so that every kind of turn is in the mix.
//!
//! Run with `cargo bench -p lockwright-engine --bench turn`.

#[path = "../tests/physics_support/mod.rs"]
mod support;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::hexlock::Lock;
use engine::hexlock::physics::{Mechanism, Move, State, Workspace, turn};
use std::hint::black_box;

/// The first random lock with exactly the benchmark's make-up.
fn dense_lock() -> Lock {
    (0..200_000u64)
        .map(|seed| support::random_lock(seed, 8, 25))
        .find(|l| {
            l.validate().is_empty()
                && l.pieces().len() == 25
                && l.springs.len() == 8
                && l.pivots.len() == 2
        })
        .expect("some seed gives a dense lock")
}

/// Pairs of a state and a move, from random play.
fn workload(mech: &Mechanism) -> Vec<(State, Move)> {
    let mut rng = support::Rng::new(42);
    let mut ws = Workspace::new();
    let mut state = mech.initial_state();
    let mut out = Vec::new();
    for _ in 0..1024 {
        let mv = Move::ALL[rng.below(Move::ALL.len())];
        out.push((state.clone(), mv));
        state = mech.step(&state, mv, &mut ws).expect("own state");
    }
    out
}

fn bench(c: &mut Criterion) {
    let lock = dense_lock();
    let mech = Mechanism::new(&lock).expect("valid");
    let work = workload(&mech);
    let mut group = c.benchmark_group("turn");
    group.throughput(Throughput::Elements(1));
    let mut ws = Workspace::new();
    let mut i = 0;
    group.bench_function("step", |b| {
        b.iter(|| {
            let (state, mv) = &work[i % work.len()];
            i += 1;
            black_box(mech.step(black_box(state), *mv, &mut ws))
        })
    });
    group.bench_function("step_traced", |b| {
        b.iter(|| {
            let (state, mv) = &work[i % work.len()];
            i += 1;
            black_box(mech.step_traced(black_box(state), *mv, &mut ws))
        })
    });
    let locks: Vec<(Lock, Move)> = work
        .iter()
        .take(64)
        .map(|(s, m)| (mech.to_lock(s), *m))
        .collect();
    group.bench_function("turn_on_lock", |b| {
        b.iter(|| {
            let (lock, mv) = &locks[i % locks.len()];
            i += 1;
            black_box(turn(black_box(lock), *mv))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
