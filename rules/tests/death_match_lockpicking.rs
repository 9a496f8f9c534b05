//! Lockmaker's Death Match, rule by rule, lockpicking: solving, the points it earns, impossible
//! calls and countersolving. Each test is named after the rule it checks (see
//! `docs/death-match.md`).

mod death_match_game;

use death_match_game::*;

// ---------------------------------------------------------------------------------------------
// Lockpicking: solving

#[test]
fn reserve_is_never_used_in_lockpicking() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.at(shown + 300_000);
    assert!(
        matches!(
            g.refused(Challenged, SubmitSolution(ONE.into())),
            Refusal::NotNow { .. }
        ),
        "5 minutes, then no more solutions: no reserve"
    );
    g.act(Challenged, Countersolve(true));
    g.wait(10_000);
    assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
    assert_eq!((g.m.reserve(Challenger), g.m.reserve(Challenged)), (20, 20));
    assert!(
        !g.log
            .iter()
            .any(|e| matches!(e, Event::ReservePeriodUsed { .. }))
    );
}

#[test]
fn solutions_are_replayed_and_only_a_pick_is_accepted() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 1_000);
    assert!(matches!(
        g.refused(Challenger, SubmitSolution("Key sideways".into())),
        Refusal::Unreadable(_)
    ));
    assert!(matches!(
        g.refused(Challenger, SubmitSolution("Key R9".into())),
        Refusal::MoveRefused { number: 1, .. }
    ));
    assert_eq!(
        g.refused(Challenger, SubmitSolution("Key R2".into())),
        Refusal::NotPicked
    );
    g.act(Challenger, SubmitSolution(ONE.into()));
}

#[test]
fn moves_are_counted_as_the_seed_counts_them() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 1_000);
    let moves = |events: Vec<Event>| match events.as_slice() {
        [Event::SolutionAccepted { moves, .. }] => *moves,
        e => panic!("{e:?}"),
    };
    let continued = g.act(Challenger, SubmitSolution("Key R1, Key R2".into()));
    assert_eq!(moves(continued), 1, "a slide continued is one move");
    let back_and_forth = g.act(Challenger, SubmitSolution(THREE.into()));
    assert_eq!(moves(back_and_forth), 3);
}

#[test]
fn solving_within_five_minutes_earns_one_point() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 299_999);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenged, SubmitSolution(ONE.into()));
    g.wait(1);
    // The same time and the same moves: neither is faster nor shorter.
    assert_eq!(g.scores(), (1, 1));
    assert_eq!(
        g.awards(),
        [(Challenger, Award::Solved), (Challenged, Award::Solved)]
    );
}

#[test]
fn solving_faster_earns_one_point() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        Some((20_000, ONE)),
        (Counter::Decline, Counter::Decline),
    );
    assert_eq!(g.scores(), (2, 1));
}

#[test]
fn fewer_moves_earns_two_points() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        Some((10_000, THREE)),
        (Counter::Decline, Counter::Decline),
    );
    assert_eq!(g.scores(), (3, 1));
}

#[test]
fn equal_times_or_equal_moves_earn_nothing() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, THREE)),
        Some((10_000, THREE)),
        (Counter::Decline, Counter::Decline),
    );
    assert_eq!(g.scores(), (1, 1));
}

#[test]
fn a_solver_without_a_valid_solution_has_neither_a_time_nor_a_move_count() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 200_000);
    g.act(Challenger, SubmitSolution(THREE.into()));
    g.until_deadline();
    assert_eq!(
        g.log.last(),
        Some(&Event::CountersolveOffered {
            player: Challenged,
            ends: g.t + 30_000
        })
    );
    // The challenger's slow, long solution is still faster and shorter than none.
    assert_eq!(g.scores(), (4, 0));
    assert!(g.log.contains(&Event::Announced {
        answers: rules::death_match::Pair {
            challenger: Answer::Solution {
                index: 0,
                time: 200_000,
                moves: 3
            },
            challenged: Answer::Nothing,
        }
    }));
}

#[test]
fn the_solution_that_counts_is_chosen_within_30_seconds() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(THREE.into()));
    g.at(shown + 30_000);
    g.act(Challenged, SubmitSolution(ONE.into()));
    g.at(shown + 50_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_deadline();
    match g.m.phase() {
        Phase::Choose { ends, pending } => {
            assert_eq!(*ends, g.t + 30_000);
            assert!(pending.challenger && !pending.challenged);
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(
        g.refused(Challenged, Action::Choose(0)),
        Refusal::NothingToChoose
    );
    assert_eq!(
        g.refused(Challenger, Action::Choose(2)),
        Refusal::NoSuchSolution { index: 2 }
    );
    // The challenger takes the earlier, longer one: faster, but not shorter.
    g.act(Challenger, Action::Choose(0));
    assert_eq!(g.scores(), (2, 3));
}

#[test]
fn a_solver_who_does_not_choose_gets_the_fewest_moves_then_the_earliest() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    for (t, s) in [(10_000, THREE), (20_000, ONE), (30_000, ONE)] {
        g.at(shown + t);
        g.act(Challenger, SubmitSolution(s.into()));
    }
    g.until_deadline();
    g.until_deadline();
    assert_eq!(
        g.m.answer(Challenger),
        Some(Answer::Solution {
            index: 1,
            time: 20_000,
            moves: 1
        })
    );
}

#[test]
fn declaring_a_lock_impossible_is_a_final_answer() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 5_000);
    let events = g.act(Challenged, DeclareImpossible);
    assert_eq!(events[0].audience(), Audience::Only(Challenged));
    assert_eq!(
        g.refused(Challenged, SubmitSolution(ONE.into())),
        Refusal::DeclaredImpossible
    );
    assert_eq!(
        g.refused(Challenged, DeclareImpossible),
        Refusal::DeclaredImpossible
    );
    g.until_deadline();
    assert_eq!(g.m.answer(Challenged), Some(Answer::Impossible));
}

#[test]
fn a_player_who_picked_the_lock_cannot_call_it_impossible() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenged, SubmitSolution(ONE.into()));
    assert_eq!(
        g.refused(Challenged, DeclareImpossible),
        Refusal::YouPickedIt
    );
}

#[test]
fn when_both_call_impossible_solving_ends_at_once() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenger, DeclareImpossible);
    g.act(Challenged, DeclareImpossible);
    assert!(matches!(g.m.phase(), Phase::Countersolve { .. }));
    for p in Player::BOTH {
        g.act(p, SubmitCountersolution(ONE.into()));
    }
    assert_eq!(g.scores(), (1, 1));
}

// ---------------------------------------------------------------------------------------------
// Lockpicking: countersolving

#[test]
fn countersolving_is_decided_within_30_seconds_and_not_countersolving_scores_nothing() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenged, SubmitSolution(ONE.into()));
    g.until_deadline();
    let announced = g.t;
    assert_eq!(
        g.stage(Challenger),
        Stage::Deciding {
            ends: announced + 30_000
        }
    );
    g.act(Challenger, Countersolve(false));
    assert_eq!(
        g.refused(Challenger, Countersolve(true)),
        Refusal::NoCountersolve
    );
    g.wait(30_000);
    assert!(g.log.contains(&Event::CountersolveDecided {
        player: Challenged,
        yes: false,
        by_default: true
    }));
    assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
    assert_eq!(g.scores(), (1, 1));
}

#[test]
fn a_countersolve_needs_a_solver_with_a_valid_solution() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_deadline();
    // Nobody picked the challenger's lock: there is no time to countersolve it in.
    assert_eq!(g.stage(Challenger), Stage::Done);
    assert_eq!(
        g.refused(Challenger, Countersolve(true)),
        Refusal::NoCountersolve
    );
}

#[test]
fn a_countersolver_has_the_time_the_solver_took() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 12_345);
    g.act(Challenged, SubmitSolution(ONE.into()));
    g.until_deadline();
    g.wait(5_000);
    g.act(Challenger, Countersolve(true));
    assert_eq!(
        g.stage(Challenger),
        Stage::Solving {
            started: g.t,
            ends: g.t + 12_345,
            called_impossible: false
        }
    );
}

#[test]
fn a_failed_countersolve_gives_the_solver_three() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        Some((10_000, ONE)),
        (Counter::Fail, Counter::Decline),
    );
    assert_eq!(g.scores(), (1, 1 + 3));
    assert!(
        g.awards()
            .contains(&(Challenged, Award::CountersolveFailed))
    );
}

#[test]
fn a_countersolve_in_fewer_moves_gives_the_countersolver_one() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((20_000, THREE)),
        Some((20_000, THREE)),
        (Counter::Solve(ONE), Counter::Decline),
    );
    assert_eq!(g.scores(), (1 + 1, 1));
}

#[test]
fn a_countersolve_in_as_many_moves_or_more_gives_the_solver_two() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((20_000, ONE)),
        Some((20_000, ONE)),
        (Counter::Solve(ONE), Counter::Solve(THREE)),
    );
    // As many (the challenger's) and more (the challenged player's): each solver earns 2.
    assert_eq!(g.scores(), (1 + 2, 1 + 2));
}

#[test]
fn a_lock_declared_impossible_sends_its_builder_straight_to_countersolve_it_with_five_minutes() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 20_000);
    g.act(Challenged, DeclareImpossible);
    g.until_deadline();
    let announced = g.t;
    assert_eq!(
        g.stage(Challenger),
        Stage::Solving {
            started: announced,
            ends: announced + 300_000,
            called_impossible: true
        }
    );
    assert_eq!(
        g.refused(Challenger, Countersolve(false)),
        Refusal::NoCountersolve,
        "no choice"
    );
}

#[test]
fn an_impossible_call_that_stands_earns_five_and_caps_the_other_at_one() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, impossible_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.at(shown + 20_000);
    g.act(Challenged, DeclareImpossible);
    g.until_deadline();
    assert_eq!(
        g.scores(),
        (1, 0),
        "faster and fewer moves wait on the call"
    );
    g.act(Challenged, Countersolve(false));
    g.wait(300_000);
    assert_eq!(g.scores(), (1, 5));
    assert!(g.log.contains(&Event::PointsVoided {
        player: Challenger,
        awards: vec![Award::Faster, Award::FewerMoves]
    }));
    assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
}

#[test]
fn a_builder_who_solves_a_lock_called_impossible_earns_one() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 20_000);
    g.act(Challenged, DeclareImpossible);
    g.until_deadline();
    g.wait(200_000);
    g.act(Challenger, SubmitCountersolution(THREE.into()));
    assert_eq!(g.scores(), (1, 0));
    assert_eq!(g.awards(), [(Challenger, Award::SolvedOwnImpossible)]);
}

#[test]
fn an_impossible_call_that_fails_counts_the_builders_faster_and_fewer_points() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenged, DeclareImpossible);
    g.until_deadline();
    g.act(Challenged, Countersolve(false));
    g.act(Challenger, SubmitCountersolution(ONE.into()));
    assert_eq!(g.scores(), (1 + 1 + 1 + 2, 0));
}
