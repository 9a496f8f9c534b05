//! Seeded rounds and the bot: every round can be played and every draft fits, the bot's locks
//! are accepted and no easier than a first-fit lock, its solutions replay and are the fewest at
//! full strength, and whole matches between bots run to the end without a refused action.

mod death_match_bots;

use death_match_bots::{BUDGET, Host, drafted_alone};
use engine::sliding::{Answer, Board, Cell, Limits, Lock, Orientation, Piece, solve};
use rules::death_match::bot::{BUILD_STATES, Bot, BuildWork, Picking, RETREAT_STATES, first_fit};
use rules::death_match::build::check_lock;
use rules::death_match::generate::{lanes, round};
use rules::death_match::pick::replay;
use rules::death_match::{OfferedPiece, Pair, Player, ROUNDS, Shape};
use std::collections::BTreeSet;
use std::time::Duration;

fn fewest(lock: &Lock) -> Option<usize> {
    match solve(lock, &Limits::default()).ok()?.answer {
        Answer::Solved { moves } => Some(moves.len()),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Seeded rounds

#[test]
fn the_same_seed_and_round_number_give_the_same_round() {
    for seed in [0, 1, 42, u64::MAX] {
        for n in 1..=5 {
            assert_eq!(round(seed, n), round(seed, n));
        }
    }
}

#[test]
fn rounds_vary_across_seeds_and_round_numbers() {
    let rounds: Vec<_> = (0..60).map(|s| round(s, 1)).collect();
    let sizes: BTreeSet<(u8, u8)> = rounds
        .iter()
        .map(|r| (r.board.width(), r.board.height()))
        .collect();
    assert!(sizes.len() >= 12, "only {} sizes: {sizes:?}", sizes.len());
    let shaped = rounds.iter().filter(|r| r.board.dark() != 0).count();
    assert!(
        (10..50).contains(&shaped),
        "{shaped} of 60 boards have dark cells"
    );
    let pools: BTreeSet<usize> = rounds.iter().map(|r| r.offered.len()).collect();
    assert!(pools.len() >= 4, "pool sizes {pools:?}");
    let one_match: BTreeSet<_> = (1..=5).map(|n| format!("{:?}", round(7, n))).collect();
    assert_eq!(one_match.len(), 5, "a match's five rounds differ");
}

#[test]
fn every_generated_round_can_be_played_and_holds_the_key_and_keyhole() {
    for seed in 0..120 {
        for n in 1..=5 {
            let r = round(seed, n);
            let at = format!("seed {seed} round {n}");
            assert_eq!(r.check(), Ok(()), "{at}");
            let (w, h) = (r.board.width(), r.board.height());
            assert!(
                (6..=11).contains(&w) && (6..=11).contains(&h),
                "{at}: {w}×{h}"
            );
            assert!(
                (10..=16).contains(&r.offered.len()),
                "{at}: {} pieces",
                r.offered.len()
            );
            let ids: Vec<u32> = r.offered.iter().map(|p| p.id).collect();
            assert_eq!(
                ids,
                (1..=r.offered.len() as u32).collect::<Vec<_>>(),
                "{at}"
            );
            let axes = r.offered.iter().filter(|p| p.shape == Shape::Axis).count();
            assert!((1..=2).contains(&axes), "{at}: {axes} axes");
            for o in [Orientation::Horizontal, Orientation::Vertical] {
                assert!(
                    r.offered.iter().any(|p| matches!(p.shape,
                        Shape::Slider { orientation, length } if orientation == o && (2..=5).contains(&length))),
                    "{at}: no {o:?} piece"
                );
            }
            assert!(!lanes(&r.board).is_empty(), "{at}: no lane for the Keyhole");
            let bare = first_fit(&r.board, &[]).expect("the Key and the Keyhole fit");
            assert_eq!(check_lock(&bare, &r.board, &[]), Ok(()), "{at}");
        }
    }
}

#[test]
fn the_whole_pool_and_any_part_of_it_fit_in_a_legal_lock() {
    let mut roll = 0x2545_F491_4F6C_DD1Du64;
    for seed in 0..80 {
        let r = round(seed, 1 + (seed % 5) as u8);
        let lock = first_fit(&r.board, &r.offered).expect("the whole pool fits");
        assert_eq!(
            check_lock(&lock, &r.board, &r.offered),
            Ok(()),
            "seed {seed}"
        );
        for _ in 0..10 {
            let part: Vec<OfferedPiece> = r
                .offered
                .iter()
                .filter(|_| !engine::random::xorshift64(&mut roll).is_multiple_of(3))
                .copied()
                .collect();
            let lock = first_fit(&r.board, &part).expect("a draft fits");
            assert_eq!(check_lock(&lock, &r.board, &part), Ok(()), "seed {seed}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The draft and the lock

#[test]
fn the_bot_drafts_only_pieces_that_fit_and_stops_in_time() {
    for seed in 0..20 {
        let r = round(seed, 1);
        for strength in [0.0, 1.0] {
            let mine = drafted_alone(&Bot::new(strength, seed), &r.board, &r.offered);
            assert!(
                (4..=8).contains(&mine.len()),
                "seed {seed}: {} pieces",
                mine.len()
            );
            assert!(first_fit(&r.board, &mine).is_some(), "seed {seed}");
        }
        let mine = drafted_alone(&Bot::full(seed), &r.board, &r.offered);
        assert!(
            mine.iter().any(|p| p.shape == Shape::Axis),
            "seed {seed}: a full-strength bot takes an axis"
        );
    }
}

/// A build's budget is time, checked between its steps; what keeps a build near its budget is
/// that each step's work is bounded, which is what is held here (the bench times builds). The
/// first-fit lock is always judged, so a build judges one lock at least.
#[track_caller]
fn assert_bounded(work: &BuildWork, what: &str) {
    assert!(work.judged >= 1, "{what}: no lock judged: {work:?}");
    assert!(
        work.most_states <= BUILD_STATES,
        "{what}: one lock's solve saw {} states, past {BUILD_STATES}",
        work.most_states
    );
    assert!(
        work.most_retreat <= RETREAT_STATES,
        "{what}: one retreat expanded {} states, past {RETREAT_STATES}",
        work.most_retreat
    );
    assert!(
        work.states <= u64::from(work.judged) * BUILD_STATES,
        "{what}: {work:?}"
    );
}

#[test]
fn a_built_lock_is_accepted_and_no_easier_than_a_first_fit_lock() {
    let mut figures = Vec::new();
    for seed in 0..6 {
        let r = round(seed, 1);
        let bot = Bot::full(seed);
        let drafted = drafted_alone(&bot, &r.board, &r.offered);
        let (lock, work) = bot.build_counted(&r.board, &drafted, BUDGET);
        assert_eq!(check_lock(&lock, &r.board, &drafted), Ok(()), "seed {seed}");
        assert_bounded(&work, &format!("seed {seed}"));
        let built = fewest(&lock).expect("the bot's lock can be picked");
        let naive = first_fit(&r.board, &drafted).and_then(|l| fewest(&l));
        assert!(naive.is_none_or(|n| built >= n), "seed {seed}");
        figures.push(format!(
            "{}×{} {} pieces: {built} moves (first fit {naive:?}), {work:?}",
            r.board.width(),
            r.board.height(),
            drafted.len()
        ));
    }
    eprintln!("{}", figures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Picking and countersolving

#[test]
fn a_full_strength_bot_gives_the_solvers_fewest_moves() {
    for seed in 0..4 {
        let r = round(seed, 2);
        let lock = Bot::full(seed).build(
            &r.board,
            &drafted_alone(&Bot::full(seed), &r.board, &r.offered),
            BUDGET,
        );
        let n = fewest(&lock).expect("solvable");
        match Bot::full(99).pick_lock(&lock, Duration::from_secs(5)) {
            Picking::Solved { moves, count } => {
                assert_eq!(count, n, "seed {seed}");
                assert_eq!(replay(&lock, &moves).map(|r| r.0), Ok(n));
            }
            other => panic!("seed {seed}: {other:?}"),
        }
    }
}

#[test]
fn a_weaker_bot_gives_valid_solutions_never_shorter_and_sometimes_longer() {
    let r = round(3, 1);
    let lock = Bot::full(3).build(
        &r.board,
        &drafted_alone(&Bot::full(3), &r.board, &r.offered),
        BUDGET,
    );
    let n = fewest(&lock).expect("solvable");
    let mut longer = 0;
    for seed in 0..12 {
        match Bot::new(0.3, seed).pick_lock(&lock, Duration::from_secs(5)) {
            Picking::Solved { moves, count } => {
                assert!(count >= n);
                assert_eq!(replay(&lock, &moves).map(|r| r.0), Ok(count));
                longer += usize::from(count > n);
            }
            Picking::GaveUp => {}
            Picking::Impossible => panic!("the lock can be picked"),
        }
    }
    assert!(longer > 0, "a weak bot takes detours");
}

#[test]
fn the_bot_declares_a_lock_impossible_when_the_solver_proves_it() {
    let lock = Lock::new(
        Board::new(6, 6),
        vec![
            Piece::keyhole(Cell::new(5, 5)),
            Piece::key(Cell::new(0, 0), Orientation::Vertical),
        ],
    );
    assert_eq!(
        Bot::full(1).pick_lock(&lock, Duration::from_secs(1)),
        Picking::Impossible
    );
}

#[test]
fn the_bot_countersolves_only_when_it_is_shorter_and_in_time() {
    let r = round(5, 1);
    let bot = Bot::full(5);
    let lock = bot.build(&r.board, &drafted_alone(&bot, &r.board, &r.offered), BUDGET);
    let n = fewest(&lock).expect("solvable");
    let text = bot
        .countersolution(&lock)
        .expect("the bot picks its own lock");
    assert_eq!(replay(&lock, &text).map(|r| r.0), Ok(n));
    let plenty = Some(300_000);
    assert!(
        !bot.countersolve(&lock, Some(n), plenty),
        "as many moves gives +2"
    );
    assert!(bot.countersolve(&lock, Some(n + 1), plenty));
    assert!(
        !bot.countersolve(&lock, Some(n + 1), Some(1_000)),
        "no time"
    );
    assert!(!bot.countersolve(&lock, None, None));
}

// ---------------------------------------------------------------------------------------------
// Whole matches

#[test]
fn a_whole_match_between_bots_runs_to_the_end_without_a_refused_action() {
    // Held to the work it takes, not the clock (the bench times whole matches): at most five
    // rounds, each question asked once a round and player, each build within its bounds.
    for (seed, weak) in [(11, 0.4), (12, 1.0)] {
        let mut host = Host::new(
            seed,
            Pair {
                challenger: Bot::full(seed),
                challenged: Bot::new(weak, seed + 1),
            },
        );
        let m = host.play();
        let (winner, why) = m.winner().expect("the match is over");
        eprintln!(
            "seed {seed}: {winner:?} wins ({why:?}) {}–{} after {} rounds in {} steps",
            m.score(Player::Challenger),
            m.score(Player::Challenged),
            m.round(),
            host.steps
        );
        assert!(
            host.pickings
                .values()
                .any(|p| matches!(p, Picking::Solved { .. }))
        );
        let rounds = usize::from(m.round());
        assert!(
            rounds <= usize::from(ROUNDS),
            "seed {seed}: {rounds} rounds"
        );
        assert!(host.builds.len() <= 2 * rounds, "seed {seed}");
        assert!(host.pickings.len() <= 2 * rounds, "seed {seed}");
        assert!(host.countersolutions.len() <= 2 * rounds, "seed {seed}");
        for ((round, player), (_, work)) in &host.builds {
            assert_bounded(work, &format!("seed {seed} round {round} {player:?}"));
        }
    }
}
