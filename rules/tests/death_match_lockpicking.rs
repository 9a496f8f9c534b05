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
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
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
    assert_eq!(
        g.refused(Challenger, Action::Choose(1)),
        Refusal::NothingToChoose,
        "a choice made is final"
    );
    g.until_deadline();
    assert_eq!(g.scores(), (2, 3));
}

#[test]
fn the_choice_runs_its_30_seconds_whatever_either_player_found() {
    // Nobody has two solutions: the 30 s run all the same, or their coming would tell a player
    // with one solution that the opponent had two.
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_deadline();
    let began = g.t;
    assert_eq!(
        g.m.phase(),
        &Phase::Choose {
            ends: began + 30_000,
            pending: rules::death_match::Pair::both(false)
        }
    );
    assert_eq!(
        g.log.last(),
        Some(&Event::ChoosingBegan {
            ends: began + 30_000
        })
    );
    g.wait(29_999);
    assert!(matches!(g.m.phase(), Phase::Choose { .. }));
    g.wait(1);
    assert!(matches!(g.m.phase(), Phase::Countersolve { .. }));

    // The only player with a choice chooses at once: the 30 s still run whole, or their end
    // would tell the other that nobody else had a choice left.
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenger, SubmitSolution(THREE.into()));
    g.until_deadline();
    let began = g.t;
    g.act(Challenger, Action::Choose(1));
    assert!(matches!(g.m.phase(), Phase::Choose { .. }));
    assert!(
        g.log
            .iter()
            .filter(|e| e.audience() == Audience::Everyone)
            .all(|e| !matches!(e, Event::Announced { .. })),
        "nothing announced before the 30 s are over"
    );
    g.until_deadline();
    assert_eq!(g.t, began + 30_000);
    assert_eq!(
        g.m.answer(Challenger),
        Some(Answer::Solution {
            index: 1,
            time: 10_000,
            moves: 3
        })
    );
}

#[test]
fn a_solver_who_does_not_choose_gets_the_fewest_moves_then_the_earliest() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    for (t, s) in [(10_000, THREE), (20_000, ONE), (30_000, ONE)] {
        g.at(shown + t);
        g.act(Challenger, SubmitSolution(s.into()));
    }
    g.until_announced();
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
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
    g.until_announced();
    assert_eq!(
        g.scores(),
        (1, 0),
        "faster and fewer moves wait on the call"
    );
    assert!(g.log.contains(&Event::PointsHeld {
        player: Challenger,
        awards: vec![Award::Faster, Award::FewerMoves]
    }));
    g.act(Challenged, Countersolve(false));
    g.wait(300_000);
    assert_eq!(g.scores(), (1, 5));
    assert!(g.log.contains(&Event::PointsVoided {
        player: Challenger,
        awards: vec![Award::Faster, Award::FewerMoves]
    }));
    assert_eq!(g.m.call_on(Challenger), Call::Stood);
    assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
}

/// The challenged player calls the challenger's lock, which nobody can pick, impossible; the
/// challenger picks the challenged player's lock in one move at 10 s. Returns with the answers
/// announced.
fn a_call_that_will_stand(g: &mut Game, pick_at: Ms) {
    let shown = to_solving(g, impossible_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenged, DeclareImpossible);
    g.at(shown + pick_at);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_announced();
    assert_eq!(g.m.call_on(Challenger), Call::Waiting);
}

#[test]
fn the_cap_of_an_impossible_call_that_stands_voids_the_callers_failed_countersolve() {
    let mut g = Game::new(plain());
    a_call_that_will_stand(&mut g, 10_000);
    // The caller says yes to countersolving their own lock and never does: the +3 the
    // challenger would earn waits on the call, which then stands.
    g.act(Challenged, Countersolve(true));
    g.wait(10_000);
    assert!(g.log.contains(&Event::PointsHeld {
        player: Challenger,
        awards: vec![Award::CountersolveFailed]
    }));
    assert_eq!(g.scores(), (1, 0));
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    assert_eq!(g.scores(), (1, 5), "only the +1 for picking the lock");
    assert!(g.log.contains(&Event::PointsVoided {
        player: Challenger,
        awards: vec![Award::Faster, Award::FewerMoves, Award::CountersolveFailed]
    }));
}

#[test]
fn the_cap_of_an_impossible_call_that_stands_voids_the_callers_countersolve_not_shorter() {
    let mut g = Game::new(plain());
    a_call_that_will_stand(&mut g, 10_000);
    g.act(Challenged, Countersolve(true));
    g.act(Challenged, SubmitCountersolution(THREE.into()));
    assert!(g.log.contains(&Event::PointsHeld {
        player: Challenger,
        awards: vec![Award::CountersolveNotShorter]
    }));
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    assert_eq!(g.scores(), (1, 5));
    assert!(
        !g.awards()
            .iter()
            .any(|&(p, a)| p == Challenger && a != Award::Solved),
        "{:?}",
        g.awards()
    );
}

#[test]
fn the_cap_of_an_impossible_call_that_stands_voids_points_earned_after_it_stood() {
    let mut g = Game::new(plain());
    // Picked at 299 s: the caller, deciding 29 s into the 30, countersolves until 28 s after
    // the call has stood.
    a_call_that_will_stand(&mut g, 299_000);
    let announced = g.t;
    g.at(announced + 29_000);
    g.act(Challenged, Countersolve(true));
    g.at(announced + 300_000);
    assert_eq!(g.m.call_on(Challenger), Call::Stood);
    assert_eq!(g.scores(), (1, 5));
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    assert_eq!(g.scores(), (1, 5), "the failed countersolve pays nothing");
    assert!(g.log.contains(&Event::PointsVoided {
        player: Challenger,
        awards: vec![Award::CountersolveFailed]
    }));
}

#[test]
fn the_cap_of_an_impossible_call_that_stands_leaves_the_callers_own_countersolve_points() {
    let mut g = Game::new(plain());
    // Picked in three moves: the caller countersolves in one, fewer, and earns their +1.
    let shown = to_solving(&mut g, impossible_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenged, DeclareImpossible);
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(THREE.into()));
    g.until_announced();
    g.act(Challenged, Countersolve(true));
    g.act(Challenged, SubmitCountersolution(ONE.into()));
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    assert_eq!(g.scores(), (1, 1 + 5));
}

#[test]
fn when_both_impossible_calls_stand_each_caps_the_other_and_neither_scores() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, impossible_lock(), impossible_lock());
    g.at(shown + 5_000);
    g.act(Challenger, DeclareImpossible);
    g.act(Challenged, DeclareImpossible);
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    // Each call stood, so each caller is a builder whose call stood: held to the +1 for
    // picking a lock, which neither did.
    assert_eq!(g.scores(), (0, 0));
    for p in Player::BOTH {
        assert_eq!(g.m.call_on(p), Call::Stood);
        assert!(g.log.contains(&Event::PointsVoided {
            player: p,
            awards: vec![Award::ImpossibleStands]
        }));
    }
}

#[test]
fn an_impossible_call_that_fails_counts_the_builders_held_countersolve_points() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenged, DeclareImpossible);
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_announced();
    g.act(Challenged, Countersolve(true));
    g.wait(10_000);
    assert_eq!(g.scores(), (1, 0), "the +3 waits on the call");
    g.act(Challenger, SubmitCountersolution(ONE.into()));
    assert_eq!(g.m.call_on(Challenger), Call::Failed);
    // +1 for picking their own lock, and what waited: faster, fewer moves, the failed
    // countersolve.
    assert_eq!(g.scores(), (1 + 1 + 1 + 2 + 3, 0));
}

#[test]
fn a_builder_who_solves_a_lock_called_impossible_earns_one() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 20_000);
    g.act(Challenged, DeclareImpossible);
    g.until_announced();
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
    g.until_announced();
    g.act(Challenged, Countersolve(false));
    g.act(Challenger, SubmitCountersolution(ONE.into()));
    assert_eq!(g.scores(), (1 + 1 + 1 + 2, 0));
}
