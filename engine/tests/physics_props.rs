//! Properties of the physics over random valid locks and random move sequences.

mod physics_support;

use engine::hexlock::physics::{Mechanism, Move, Workspace, problems, turn};
use physics_support::random_lock;
use proptest::prelude::*;

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec((0..Move::ALL.len()).prop_map(|i| Move::ALL[i]), 1..40)
}

fn valid_lock() -> impl Strategy<Value = engine::hexlock::Lock> {
    (any::<u64>(), 3..=5i32, 4..=18usize)
        .prop_map(|(seed, size, pieces)| random_lock(seed, size, pieces))
        .prop_filter("the generator placed both tools", |l| {
            l.validate().is_empty()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No overlap, nothing outside the area (the frame never gives way), every spring on its line
    /// and within its limits, every attachment still on its piece: the lock stays playable
    /// after every turn.
    #[test]
    fn every_turn_leaves_a_valid_lock(lock in valid_lock(), moves in moves()) {
        let mech = Mechanism::new(&lock).unwrap();
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        for mv in moves {
            state = mech.step(&state, mv, &mut ws).unwrap();
            let now = mech.to_lock(&state);
            let found = problems(&now);
            prop_assert!(found.is_empty(), "after {:?}: {:#?}", mv, found);
            prop_assert_eq!(now.size, lock.size);
            prop_assert_eq!(now.pieces().len(), lock.pieces().len());
        }
    }

    /// The same lock and moves give the same states and traces, with or without the trace.
    #[test]
    fn same_input_gives_same_output(lock in valid_lock(), moves in moves()) {
        let mech = Mechanism::new(&lock).unwrap();
        let mut ws = Workspace::new();
        let mut other_ws = Workspace::new();
        let (mut a, mut b) = (mech.initial_state(), mech.initial_state());
        for mv in moves {
            let (next_a, trace_a) = mech.step_traced(&a, mv, &mut ws).unwrap();
            let (next_b, trace_b) = mech.step_traced(&b, mv, &mut other_ws).unwrap();
            let fast = mech.step(&a, mv, &mut ws).unwrap();
            prop_assert_eq!(&next_a, &next_b);
            prop_assert_eq!(&trace_a, &trace_b);
            prop_assert_eq!(&fast, &next_a);
            a = next_a;
            b = next_b;
        }
    }

    /// Replaying a move list through whole locks reproduces every intermediate state, and the
    /// compact state and the lock agree on whether it is open.
    #[test]
    fn replaying_moves_reproduces_every_state(lock in valid_lock(), moves in moves()) {
        let mech = Mechanism::new(&lock).unwrap();
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        let mut states = Vec::new();
        for &mv in &moves {
            state = mech.step(&state, mv, &mut ws).unwrap();
            states.push(mech.to_lock(&state));
        }
        let mut current = lock.clone();
        for (i, &mv) in moves.iter().enumerate() {
            let out = turn(&current, mv).unwrap();
            prop_assert_eq!(&out.lock, &states[i], "turn {}", i);
            prop_assert_eq!(out.open, out.lock.is_open());
            current = out.lock;
        }
    }

    /// Converting a state to a lock and back loses nothing.
    #[test]
    fn state_and_lock_round_trip(lock in valid_lock(), moves in moves()) {
        let mech = Mechanism::new(&lock).unwrap();
        let mut ws = Workspace::new();
        let mut state = mech.initial_state();
        for mv in moves {
            state = mech.step(&state, mv, &mut ws).unwrap();
        }
        let now = mech.to_lock(&state);
        let again = Mechanism::new(&now).unwrap();
        prop_assert_eq!(again.to_lock(&again.initial_state()), now.clone());
        prop_assert_eq!(mech.is_open(&state), now.is_open());
    }
}

#[test]
fn random_locks_are_varied_enough_to_test_with() {
    // Guard against a generator that quietly produces only trivial locks.
    let mut springs = 0;
    let mut pivots = 0;
    let mut valid = 0;
    for seed in 0..200 {
        let l = random_lock(seed, 4, 16);
        if l.validate().is_empty() {
            valid += 1;
            springs += l.springs.len();
            pivots += l.pivots.len();
        }
    }
    assert!(valid > 150, "only {valid} of 200 random locks are valid");
    assert!(springs > 100, "only {springs} springs in 200 random locks");
    assert!(pivots > 50, "only {pivots} pivots in 200 random locks");
}
