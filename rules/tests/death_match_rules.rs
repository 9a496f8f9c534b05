//! Lockmaker's Death Match, rule by rule: winning, the match as a machine (refusals, the clock,
//! what each player sees) and a whole match played through. Each test is named after the rule
//! it checks (see `docs/death-match.md`); lockmaking and lockpicking have files of their own.

mod death_match_game;

use death_match_game::*;

// ---------------------------------------------------------------------------------------------
// Winning

#[test]
fn the_match_ends_at_the_end_of_a_round_with_sixteen_points() {
    let mut g = Game::new(plain());
    // Each round the challenger picks alone (+4) and the challenged player fails to
    // countersolve (+3).
    for round in 1..=3 {
        if round > 1 {
            g.next_round(plain());
        }
        let shown = to_solving(&mut g, key_lock(), key_lock());
        g.at(shown + 10_000);
        g.act(Challenger, SubmitSolution(ONE.into()));
        g.until_announced();
        g.act(Challenged, Countersolve(true));
        if round == 3 {
            assert_eq!(g.scores(), (18, 0));
            assert!(
                g.m.winner().is_none(),
                "16 points end the match only at the round's end"
            );
        }
        g.until_deadline();
    }
    assert_eq!(g.scores(), (21, 0));
    assert_eq!(g.m.round(), 3);
    assert_eq!(g.m.winner(), Some((Challenger, Why::OnlyOneAtSixteen)));
    assert!(
        matches!(g.m.begin_round(g.t, plain()), Err(Refusal::MatchOver)),
        "no fourth round"
    );
}

#[test]
fn when_both_reach_sixteen_the_one_with_more_points_wins() {
    let mut g = Game::new(plain());
    for round in 1..=3 {
        if round > 1 {
            g.next_round(plain());
        }
        play_round(
            &mut g,
            Some((10_000, ONE)),
            Some((10_000, ONE)),
            (Counter::Fail, Counter::Fail),
        );
    }
    assert_eq!(g.scores(), (12, 12));
    g.next_round(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        Some((20_000, THREE)),
        (Counter::Fail, Counter::Fail),
    );
    assert_eq!(g.scores(), (19, 16));
    assert_eq!(
        g.m.winner(),
        Some((Challenger, Why::BothAtSixteen(Decider::MorePoints)))
    );
}

#[test]
fn the_winner_is_the_higher_score_after_five_rounds() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        None,
        (Counter::Idle, Counter::Decline),
    );
    for _ in 2..=5 {
        assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
        g.next_round(plain());
        idle_round(&mut g);
    }
    assert_eq!(g.m.round(), 5);
    assert_eq!(g.scores(), (4, 0));
    assert_eq!(
        g.m.winner(),
        Some((Challenger, Why::AfterFiveRounds(Decider::MorePoints)))
    );
}

#[test]
fn a_tie_goes_to_the_player_who_most_recently_led() {
    let mut g = Game::new(plain());
    // Round 1: the challenged player picks alone and leads 0–4.
    play_round(
        &mut g,
        None,
        Some((10_000, ONE)),
        (Counter::Decline, Counter::Idle),
    );
    // Round 2: the challenger picks alone (+4) and the challenged player fails to
    // countersolve (+3): 7–4.
    g.next_round(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        None,
        (Counter::Idle, Counter::Fail),
    );
    // Round 3: the challenged player is faster and shorter: 8–8.
    g.next_round(plain());
    play_round(
        &mut g,
        Some((20_000, THREE)),
        Some((10_000, ONE)),
        (Counter::Decline, Counter::Decline),
    );
    assert_eq!(g.scores(), (8, 8));
    for _ in 4..=5 {
        g.next_round(plain());
        idle_round(&mut g);
    }
    let leaders: Vec<Player> = g.m.lead_changes().iter().map(|l| l.leader).collect();
    assert_eq!(leaders, [Challenged, Challenger]);
    assert_eq!(
        g.m.winner(),
        Some((Challenger, Why::AfterFiveRounds(Decider::MostRecentlyLed)))
    );
}

#[test]
fn when_the_scores_never_differed_the_challenged_player_wins() {
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        Some((10_000, ONE)),
        (Counter::Decline, Counter::Decline),
    );
    for _ in 2..=5 {
        g.next_round(plain());
        idle_round(&mut g);
    }
    assert_eq!(g.scores(), (1, 1));
    assert_eq!(
        g.m.winner(),
        Some((Challenged, Why::AfterFiveRounds(Decider::NeverDiffered)))
    );
}

// ---------------------------------------------------------------------------------------------
// The machine

#[test]
fn a_refused_action_changes_nothing_and_time_never_goes_back() {
    let mut g = Game::new(plain());
    g.at(200_000);
    let before = format!("{:?}", g.m);
    assert!(g.m.act(100_000, Challenger, Countersolve(true)).is_err());
    assert_eq!(format!("{:?}", g.m), before);
    assert!(g.m.tick(50_000).is_empty());
    assert_eq!(g.m.now(), 200_000);
}

#[test]
fn times_at_the_far_end_of_the_clock_are_safe() {
    let mut g = Game::new(plain());
    // Every deadline of round 1 passes at once: both players run out of reserve building.
    g.m.tick(Ms::MAX);
    assert_eq!(
        g.m.winner(),
        Some((Challenged, Why::BothOutOfReserve(Decider::NeverDiffered)))
    );
    let mut g = Game::new(plain());
    idle_round(&mut g);
    assert!(g.m.begin_round(Ms::MAX, plain()).is_ok());
    assert!(g.m.act(Ms::MAX, Challenger, StopDrafting).is_err());
    assert_eq!(g.m.now(), rules::death_match::LATEST);
}

#[test]
fn a_round_that_cannot_be_played_is_refused() {
    let tiny = Round {
        board: Board::new(1, 4),
        offered: Vec::new(),
    };
    assert!(matches!(
        Match::new(tiny),
        Err(SetupError::BoardTooSmall { .. })
    ));
    let mut twice = offering(&[Shape::horizontal(2), Shape::vertical(3)]);
    twice.offered[1].id = 1;
    assert!(matches!(
        Match::new(twice),
        Err(SetupError::DuplicateId { id: 1 })
    ));
    let mut g = Game::new(plain());
    assert_eq!(
        g.m.begin_round(0, plain()).unwrap_err(),
        Refusal::RoundNotOver
    );
    idle_round(&mut g);
    let short = offering(&[Shape::horizontal(1)]);
    assert!(matches!(
        g.m.begin_round(g.t, short),
        Err(Refusal::BadRound(SetupError::BadLength { .. }))
    ));
}

#[test]
fn private_submissions_are_seen_by_their_player_only() {
    let mut g = Game::new(plain());
    let shown = to_solving(&mut g, key_lock(), key_lock());
    g.at(shown + 1_000);
    let accepted = g.act(Challenger, SubmitSolution(ONE.into()));
    assert_eq!(accepted[0].audience(), Audience::Only(Challenger));
    let shown_to: Vec<Audience> = g
        .log
        .iter()
        .filter(|e| matches!(e, Event::LockShown { .. } | Event::LockAccepted { .. }))
        .map(Event::audience)
        .collect();
    assert_eq!(
        shown_to,
        [
            Audience::Only(Challenger),
            Audience::Only(Challenged),
            Audience::Only(Challenger),
            Audience::Only(Challenged)
        ]
    );
}

#[test]
fn a_match_begun_under_the_first_edition_is_played_on_as_it_was() {
    // A host replays a stored match through the rules: one begun under the first edition
    // must score as its players were told. There the choice was skipped when nobody had two
    // solutions, and an impossible call that stood voided only "faster" and "fewer moves".
    let mut g = Game::under(Edition::First, plain());
    assert_eq!(g.m.edition(), Edition::First);
    let shown = to_solving(&mut g, impossible_lock(), key_lock());
    g.at(shown + 5_000);
    g.act(Challenged, DeclareImpossible);
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.until_deadline();
    assert!(
        matches!(g.m.phase(), Phase::Countersolve { .. }),
        "no choice: {:?}",
        g.m.phase()
    );
    assert!(!g.log.iter().any(|e| matches!(e, Event::PointsHeld { .. })));
    g.act(Challenged, Countersolve(true));
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
    assert_eq!(g.scores(), (1 + 3, 5));
    assert_eq!(
        Match::new(plain()).expect("a match").0.edition(),
        Edition::LATEST
    );
}

// ---------------------------------------------------------------------------------------------
// A whole match

/// Four pieces of two cells, two horizontal and two vertical: drafted as the snake goes, each
/// player gets one of each, the pieces of the seed's example lock.
fn seed_round() -> Round {
    offering(&[
        Shape::horizontal(2),
        Shape::vertical(2),
        Shape::horizontal(2),
        Shape::vertical(2),
    ])
}

/// Drafts the seed round: the first drafter takes 1 and 4, the other 2 and 3.
fn draft_seed_round(g: &mut Game) {
    g.until_deadline();
    let a = g.whose_pick();
    g.act(a, Draft(1));
    g.act(a.other(), Draft(2));
    g.act(a.other(), Draft(3));
    g.act(a, Draft(4));
    assert!(matches!(g.m.phase(), Phase::Build(_)));
}

fn build(g: &mut Game, challengers: Lock, challengeds: Lock) -> Ms {
    g.wait(60_000);
    g.act(Challenger, SubmitLock(challengers));
    g.act(Challenged, SubmitLock(challengeds));
    g.until_deadline();
    match g.m.phase() {
        Phase::Solve { shown_at, .. } => *shown_at,
        p => panic!("{p:?}"),
    }
}

#[test]
fn a_whole_match_played_through_with_small_locks() {
    let mut g = Game::new(seed_round());
    g.act(Challenged, ChooseDraftOrder(DraftOrder::Second));

    // Round 1: the challenger drafts first. The challenger picks in 3 moves at 20 s, the
    // challenged player in 5 at 40 s: 4–1. The challenger countersolves in 3 (fewer than 5):
    // +1. 5–1.
    draft_seed_round(&mut g);
    let shown = build(&mut g, seed_lock(), seed_lock());
    g.at(shown + 20_000);
    g.act(Challenger, SubmitSolution(SEED_THREE.into()));
    g.at(shown + 40_000);
    g.act(Challenged, SubmitSolution(SEED_FIVE.into()));
    g.until_announced();
    assert_eq!(g.scores(), (4, 1));
    g.act(Challenger, Countersolve(true));
    g.wait(5_000);
    g.act(Challenger, SubmitCountersolution(SEED_THREE.into()));
    g.act(Challenged, Countersolve(false));
    assert_eq!(g.scores(), (5, 1));

    // Round 2: the challenged player drafts first and overruns a turn by 10 s. They call the
    // challenger's lock impossible, wrongly: the challenger solves it and earns +1, with the
    // faster and fewer-moves points of their own pick (+1 +1 +2). 10–1.
    g.next_round(seed_round());
    g.until_deadline();
    assert_eq!(g.whose_pick(), Challenged);
    g.wait(55_000);
    g.act(Challenged, Draft(1));
    assert_eq!(g.m.reserve(Challenged), 19);
    g.act(Challenger, Draft(2));
    g.act(Challenger, Draft(3));
    g.act(Challenged, Draft(4));
    let shown = build(&mut g, seed_lock(), seed_lock());
    g.at(shown + 30_000);
    g.act(Challenger, SubmitSolution(SEED_THREE.into()));
    g.act(Challenged, DeclareImpossible);
    g.until_announced();
    g.act(Challenged, Countersolve(false));
    g.wait(60_000);
    g.act(Challenger, SubmitCountersolution(SEED_THREE.into()));
    assert_eq!(g.scores(), (10, 1));

    // Round 3: the challenger builds a lock nobody can pick, and the challenged player calls
    // it: +5, and the challenger's own pick counts only its +1. 11–6.
    g.next_round(seed_round());
    draft_seed_round(&mut g);
    let shown = build(&mut g, seed_impossible_lock(), seed_lock());
    g.at(shown + 15_000);
    g.act(Challenged, DeclareImpossible);
    g.at(shown + 45_000);
    g.act(Challenger, SubmitSolution(SEED_THREE.into()));
    g.until_announced();
    g.act(Challenged, Countersolve(false));
    assert!(matches!(
        g.refused(Challenger, SubmitCountersolution(SEED_THREE.into())),
        Refusal::NotPicked | Refusal::MoveRefused { .. }
    ));
    g.until_deadline();
    assert_eq!(g.scores(), (11, 6));

    // Round 4: both pick in 3 at 60 s (+1 each). The challenger countersolves in as many
    // moves (+2 to the challenged player); the challenged player fails (+3 to the
    // challenger). 15–9.
    g.next_round(seed_round());
    draft_seed_round(&mut g);
    let shown = build(&mut g, seed_lock(), seed_lock());
    g.at(shown + 60_000);
    g.act(Challenger, SubmitSolution(SEED_THREE.into()));
    g.act(Challenged, SubmitSolution(SEED_THREE.into()));
    g.until_announced();
    g.act(Challenger, Countersolve(true));
    g.act(Challenger, SubmitCountersolution(SEED_THREE.into()));
    g.act(Challenged, Countersolve(true));
    g.until_deadline();
    assert_eq!(g.scores(), (15, 9));
    assert!(matches!(g.m.phase(), Phase::RoundOver { next: 5 }));

    // Round 5: the challenged player picks alone (+4); the challenger declines to
    // countersolve. 15–13 after five rounds.
    g.next_round(seed_round());
    draft_seed_round(&mut g);
    let shown = build(&mut g, seed_lock(), seed_lock());
    g.at(shown + 100_000);
    g.act(Challenged, SubmitSolution(SEED_FIVE.into()));
    g.until_announced();
    g.act(Challenger, Countersolve(false));
    assert_eq!(g.scores(), (15, 13));
    assert_eq!(
        g.m.winner(),
        Some((Challenger, Why::AfterFiveRounds(Decider::MorePoints)))
    );
    assert!(matches!(
        g.log.last(),
        Some(Event::MatchOver {
            winner: Challenger,
            ..
        })
    ));
    assert_eq!(
        g.m.lead_changes().first().map(|l| (l.round, l.leader)),
        Some((1, Challenger))
    );
}

// ---------------------------------------------------------------------------------------------
// At the players' pace: a term of the match, chosen with the challenge

#[test]
fn a_match_at_full_time_runs_each_phase_its_full_time_and_refuses_done() {
    let mut g = Game::new(plain());
    assert_eq!(g.m.timing(), Timing::FullTime);
    g.at(1_000);
    assert_eq!(g.refused(Challenger, Done), Refusal::FullTime);
    assert_eq!(g.m.deadline(), Some(90_000), "the assessment runs its 90 s");
    let shown = to_solving(&mut g, key_lock(), key_lock());
    assert_eq!(
        shown,
        90_000 + 420_000,
        "building runs its 420 s with both locks in"
    );
    g.at(shown + 1_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenged, SubmitSolution(ONE.into()));
    assert_eq!(g.refused(Challenger, Done), Refusal::FullTime);
    assert!(matches!(g.m.phase(), Phase::Solve { .. }));
}

#[test]
fn at_the_players_pace_a_phase_ends_as_soon_as_both_players_are_done() {
    let mut g = Game::timed(Timing::EndWhenBothDone, plain());
    // The assessment: one player done is not enough.
    g.at(1_000);
    g.act(Challenger, Done);
    assert!(g.m.done(Challenger) && !g.m.done(Challenged));
    assert!(matches!(g.m.phase(), Phase::Assess { .. }));
    assert_eq!(g.refused(Challenger, Done), Refusal::AlreadyDone);
    g.act(Challenged, Done);
    // Nothing is offered, so the draft ends as it begins: building, from now.
    match g.m.phase() {
        Phase::Build(b) => assert_eq!(b.ends, 1_000 + 420_000),
        p => panic!("not building: {p:?}"),
    }
    // Building: done needs a valid lock in, and makes it final.
    g.at(2_000);
    assert_eq!(g.refused(Challenged, Done), Refusal::NoLockYet);
    g.act(Challenger, SubmitLock(key_lock()));
    g.act(Challenger, Done);
    assert_eq!(
        g.refused(Challenger, SubmitLock(key_lock())),
        Refusal::LockAlreadyIn
    );
    g.act(Challenged, SubmitLock(key_lock()));
    assert!(
        matches!(g.m.phase(), Phase::Build(_)),
        "the latest lock counts until done"
    );
    g.act(Challenged, Done);
    let shown = match g.m.phase() {
        Phase::Solve { shown_at, .. } => *shown_at,
        p => panic!("not solving: {p:?}"),
    };
    assert_eq!(shown, 2_000);
    // Solving: each says their answer is in; one is not enough.
    g.at(shown + 10_000);
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenger, Done);
    assert!(matches!(g.m.phase(), Phase::Solve { .. }));
    g.at(shown + 20_000);
    g.act(Challenged, SubmitSolution(ONE.into()));
    g.act(Challenged, Done);
    // Nobody has two solutions: no choice; the answers are announced at once.
    assert!(matches!(g.m.phase(), Phase::Countersolve { .. }));
    assert!(
        !g.log
            .iter()
            .any(|e| matches!(e, Event::ChoosingBegan { .. }))
    );
    assert_eq!(g.scores(), (2, 1), "each solved; the challenger faster");
    // Countersolving: giving up ends the countersolve as its time running out would.
    g.act(Challenger, Countersolve(true));
    assert_eq!(g.refused(Challenged, Done), Refusal::NotCountersolving);
    g.act(Challenger, Done);
    assert_eq!(g.stage(Challenger), Stage::Done);
    assert_eq!(
        g.scores(),
        (2, 4),
        "a failed countersolve gives the solver +3"
    );
    g.act(Challenged, Countersolve(false));
    assert!(matches!(g.m.phase(), Phase::RoundOver { .. }));
    assert_eq!(g.m.now(), shown + 20_000, "no phase waited out its time");
}

#[test]
fn at_the_players_pace_an_impossible_call_is_done_and_the_choice_ends_once_made() {
    let mut g = Game::timed(Timing::EndWhenBothDone, plain());
    for p in Player::BOTH {
        g.act(p, Done);
    }
    for p in Player::BOTH {
        g.act(p, SubmitLock(key_lock()));
        g.act(p, Done);
    }
    let shown = g.t;
    g.at(shown + 5_000);
    g.act(Challenger, SubmitSolution(THREE.into()));
    g.act(Challenger, SubmitSolution(ONE.into()));
    g.act(Challenged, DeclareImpossible);
    assert!(matches!(g.m.phase(), Phase::Solve { .. }));
    g.act(Challenger, Done);
    assert!(
        matches!(g.m.phase(), Phase::Choose { .. }),
        "a player with two solutions chooses"
    );
    g.act(Challenger, Action::Choose(1));
    assert!(matches!(g.m.phase(), Phase::Countersolve { .. }));
    assert_eq!(g.m.now(), shown + 5_000);
}
