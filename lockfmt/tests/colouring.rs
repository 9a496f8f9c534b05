//! The five-colouring of pieces: no two touching pieces share a colour, on every template and on
//! random locks.

mod common;

use engine::colour::COLOURS;
use engine::hexlock::colour::{adjacency, five_colouring};
use proptest::prelude::*;

fn assert_proper(lock: &engine::hexlock::Lock) {
    let (pieces, adj) = adjacency(lock);
    let colours = five_colouring(lock);
    assert_eq!(colours.len(), pieces.len());
    for (i, ns) in adj.iter().enumerate() {
        let c = colours[&pieces[i]];
        assert!(c < COLOURS);
        for &j in ns {
            assert_ne!(
                c, colours[&pieces[j]],
                "{} and {} touch and share colour {c}",
                pieces[i], pieces[j]
            );
        }
    }
}

#[test]
fn every_template_is_properly_five_coloured() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/hexlock");
    for folder in ["empty", "starter"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("templates") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "lock") {
                let text = std::fs::read_to_string(&path).expect("read");
                assert_proper(lockfmt::hexlock::parse(&text).valid_lock().expect("valid"));
            }
        }
    }
}

#[test]
fn colouring_is_deterministic() {
    let lock = common::random_lock(99);
    assert_eq!(five_colouring(&lock), five_colouring(&lock.clone()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_locks_are_properly_five_coloured(seed in any::<u64>()) {
        assert_proper(&common::random_lock(seed));
    }
}
