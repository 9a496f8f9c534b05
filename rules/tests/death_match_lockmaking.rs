//! Lockmaker's Death Match, rule by rule, lockmaking: the draft and the building of the locks,
//! with the reserve time. Each test is named after the rule it checks (see
//! `docs/death-match.md`).

mod death_match_game;

use death_match_game::*;

// ---------------------------------------------------------------------------------------------
// Lockmaking: the draft

#[test]
fn the_challenged_player_chooses_to_draft_first_or_second_in_round_one() {
    let mut g = Game::new(offering(&[Shape::horizontal(2)]));
    assert_eq!(
        g.refused(Challenger, ChooseDraftOrder(DraftOrder::First)),
        Refusal::NotYourChoice
    );
    g.act(Challenged, ChooseDraftOrder(DraftOrder::Second));
    assert_eq!(
        g.refused(Challenged, ChooseDraftOrder(DraftOrder::First)),
        Refusal::AlreadyChosen
    );
    assert_eq!(g.m.first_drafter_of_match(), Some(Challenger));
    g.until_deadline();
    assert_eq!(g.t, 90_000, "the assessment lasts 90 s");
    assert_eq!(g.whose_pick(), Challenger);
}

#[test]
fn a_challenged_player_who_does_not_choose_drafts_first() {
    let mut g = Game::new(offering(&[Shape::horizontal(2)]));
    g.until_deadline();
    assert_eq!(g.whose_pick(), Challenged);
    assert!(g.log.contains(&Event::DraftOrderChosen {
        first: Challenged,
        by_default: true
    }));
}

#[test]
fn the_draft_is_a_snake_a_bb_aa_bb() {
    let shapes = vec![Shape::horizontal(2); 9];
    let mut g = Game::new(offering(&shapes));
    g.act(Challenged, ChooseDraftOrder(DraftOrder::First));
    g.until_deadline();
    let mut order = String::new();
    for id in 1..=9 {
        let p = g.whose_pick();
        assert_eq!(g.refused(p.other(), Draft(id)), Refusal::NotYourTurn);
        order.push(if p == Challenged { 'A' } else { 'B' });
        g.act(p, Draft(id));
    }
    assert_eq!(order, "ABBAABBAA");
    assert_eq!(g.m.drafted(Challenged).len(), 5);
    assert_eq!(g.m.drafted(Challenger).len(), 4);
    assert!(
        matches!(g.m.phase(), Phase::Build(_)),
        "nothing left: build"
    );
}

#[test]
fn each_draft_turn_lasts_45_seconds() {
    let mut g = Game::new(offering(&[Shape::horizontal(2); 3]));
    g.until_deadline();
    assert_eq!(g.m.deadline(), Some(90_000 + 45_000));
    g.at(90_000 + 44_999);
    g.act(Challenged, Draft(1));
    assert_eq!(g.m.reserve(Challenged), 20);
    assert_eq!(g.m.deadline(), Some(g.t + 45_000), "each pick is a turn");
    g.wait(45_000);
    assert_eq!(
        g.m.reserve(Challenger),
        19,
        "over its 45 s, the turn uses reserve"
    );
    g.act(Challenger, Draft(2));
}

#[test]
fn a_player_may_stop_drafting_and_the_other_may_keep_taking() {
    let mut g = Game::new(offering(&[Shape::horizontal(2); 6]));
    g.until_deadline();
    g.act(Challenged, Draft(1));
    // The challenger stops at once: the challenged player takes every turn from now.
    g.act(Challenger, StopDrafting);
    assert_eq!(g.refused(Challenger, Draft(2)), Refusal::Stopped);
    for id in 2..=4 {
        assert_eq!(g.whose_pick(), Challenged);
        g.act(Challenged, Draft(id));
    }
    g.act(Challenged, EndDraft);
    assert!(matches!(g.m.phase(), Phase::Build(_)));
    assert_eq!(g.m.drafted(Challenged).len(), 4);
    assert_eq!(g.m.drafted(Challenger).len(), 0);
}

#[test]
fn a_player_may_stop_drafting_out_of_turn() {
    let mut g = Game::new(offering(&[Shape::horizontal(2); 4]));
    g.until_deadline();
    // The challenged player's turn; the challenger stops meanwhile.
    g.act(Challenger, StopDrafting);
    assert_eq!(g.whose_pick(), Challenged);
    g.act(Challenged, Draft(1));
    assert_eq!(
        g.whose_pick(),
        Challenged,
        "the challenger's turns pass to them"
    );
    g.act(Challenged, StopDrafting);
    assert!(matches!(g.m.phase(), Phase::Build(_)), "both stopped");
}

#[test]
fn the_draft_is_ended_only_once_the_opponent_has_stopped() {
    let mut g = Game::new(offering(&[Shape::horizontal(2); 4]));
    g.until_deadline();
    assert_eq!(
        g.refused(Challenged, EndDraft),
        Refusal::OpponentStillDrafting
    );
    assert!(g.is_draft());
}

#[test]
fn the_first_drafter_alternates_every_round() {
    let mut g = Game::new(offering(&[Shape::horizontal(2)]));
    g.act(Challenged, ChooseDraftOrder(DraftOrder::Second));
    let mut firsts = Vec::new();
    for round in 1..=5 {
        if round > 1 {
            g.next_round(offering(&[Shape::horizontal(2)]));
            assert_eq!(
                g.refused(Challenged, ChooseDraftOrder(DraftOrder::First)),
                Refusal::NotYourChoice,
                "the order is chosen once, in round 1"
            );
        }
        g.until_deadline();
        let first = g.whose_pick();
        assert_eq!(g.m.first_drafter_of_round(), Some(first));
        firsts.push(first);
        g.act(Challenger, StopDrafting);
        g.act(Challenged, StopDrafting);
        g.act(Challenger, SubmitLock(seed_lock_without_pieces()));
        g.act(Challenged, SubmitLock(seed_lock_without_pieces()));
        while !matches!(g.m.phase(), Phase::RoundOver { .. } | Phase::Over { .. }) {
            g.until_deadline();
        }
    }
    assert_eq!(
        firsts,
        [Challenger, Challenged, Challenger, Challenged, Challenger]
    );
}

/// A 4×4 lock of the Key and Keyhole alone.
fn seed_lock_without_pieces() -> Lock {
    lock(
        "4 . . . .
         3 K K . @
         2 . . . .
         1 . . . .
           A B C D",
    )
}

// ---------------------------------------------------------------------------------------------
// Lockmaking: building

/// A 4×4 round offering a horizontal and a vertical piece of two cells: the challenged player
/// (first) drafts the horizontal one, the challenger the vertical one; building begins.
fn to_building_with_pieces() -> Game {
    let mut g = Game::new(offering(&[Shape::horizontal(2), Shape::vertical(2)]));
    g.until_deadline();
    g.act(Challenged, Draft(1));
    g.act(Challenger, Draft(2));
    assert!(matches!(g.m.phase(), Phase::Build(_)));
    g
}

#[test]
fn the_lock_uses_every_drafted_piece_plus_the_key_and_keyhole() {
    let mut g = to_building_with_pieces();
    let missing = g.refused(Challenged, SubmitLock(seed_lock_without_pieces()));
    assert_eq!(
        missing,
        Refusal::WrongPieces("it lacks a horizontal 2×1 piece".into())
    );
    let extra = g.refused(Challenged, SubmitLock(seed_lock()));
    assert_eq!(
        extra,
        Refusal::WrongPieces("it has a vertical 1×2 piece not drafted".into())
    );
    let mine = lock(
        "4 . . . .
         3 K K . @
         2 . . . .
         1 . b b .
           A B C D",
    );
    g.act(Challenged, SubmitLock(mine));
}

#[test]
fn horizontal_and_vertical_pieces_are_placed_as_drafted() {
    let mut g = to_building_with_pieces();
    let turned = lock(
        "4 . . . .
         3 K K . @
         2 . b . .
         1 . b . .
           A B C D",
    );
    assert_eq!(
        g.refused(Challenged, SubmitLock(turned)),
        Refusal::WrongPieces(
            "it lacks a horizontal 2×1 piece; it has a vertical 1×2 piece not drafted".into()
        )
    );
}

#[test]
fn the_lock_is_legal_and_on_the_rounds_board() {
    let mut g = to_building_with_pieces();
    let elsewhere = Lock::new(
        Board::new(5, 4),
        vec![
            Piece::key(Cell::new(0, 2), Orientation::Horizontal),
            Piece::keyhole(Cell::new(4, 2)),
            Piece::slider(Cell::new(1, 0), Orientation::Horizontal, 2),
        ],
    );
    assert_eq!(
        g.refused(Challenged, SubmitLock(elsewhere)),
        Refusal::WrongBoard
    );
    let keyhole_inside = Lock::new(
        Board::new(4, 4),
        vec![
            Piece::key(Cell::new(0, 2), Orientation::Horizontal),
            Piece::keyhole(Cell::new(2, 1)),
            Piece::slider(Cell::new(1, 0), Orientation::Horizontal, 2),
        ],
    );
    assert!(matches!(
        g.refused(Challenged, SubmitLock(keyhole_inside)),
        Refusal::IllegalLock(_)
    ));
}

#[test]
fn the_latest_valid_lock_within_the_build_time_counts() {
    let mut g = Game::new(plain());
    g.until_deadline();
    g.act(Challenger, SubmitLock(key_lock()));
    g.wait(100_000);
    g.act(Challenger, SubmitLock(other_key_lock()));
    g.act(Challenged, SubmitLock(key_lock()));
    g.at(90_000 + 419_999);
    g.act(Challenger, SubmitLock(key_lock()));
    g.wait(1);
    assert!(matches!(g.m.phase(), Phase::Solve { .. }));
    assert_eq!(g.m.lock(Challenger), Some(&key_lock()));
    assert_eq!(g.m.reserve(Challenger), 20);
}

#[test]
fn in_reserve_the_earliest_valid_lock_counts() {
    let mut g = Game::new(plain());
    g.until_deadline();
    g.until_deadline();
    assert_eq!(g.t, 90_000 + 420_000, "420 s to build");
    assert_eq!((g.m.reserve(Challenger), g.m.reserve(Challenged)), (19, 19));
    g.wait(15_000);
    g.act(Challenger, SubmitLock(key_lock()));
    g.wait(5_000);
    assert_eq!(
        g.refused(Challenger, SubmitLock(other_key_lock())),
        Refusal::LockAlreadyIn
    );
    g.wait(15_000);
    g.act(Challenged, SubmitLock(key_lock()));
    assert!(matches!(g.m.phase(), Phase::Solve { .. }));
    assert_eq!(g.m.lock(Challenger), Some(&key_lock()));
}

#[test]
fn a_reserve_period_begun_is_used_whole() {
    let mut g = Game::new(plain());
    g.until_deadline();
    g.act(Challenged, SubmitLock(key_lock()));
    g.until_deadline();
    assert_eq!(
        g.m.reserve(Challenger),
        19,
        "the first period begins at once"
    );
    g.wait(30_001);
    assert_eq!(g.m.reserve(Challenger), 18);
    g.act(Challenger, SubmitLock(key_lock()));
    assert_eq!(
        g.m.reserve(Challenger),
        18,
        "1 ms into the second period: two used"
    );
    assert_eq!(g.m.reserve(Challenged), 20, "a lock in time uses none");
}

#[test]
fn running_out_of_reserve_loses_the_match() {
    let mut g = Game::new(offering(&[Shape::horizontal(2)]));
    g.act(Challenged, ChooseDraftOrder(DraftOrder::Second));
    g.until_deadline();
    let turn_ends = 90_000 + 45_000;
    // Twenty periods of 30 s follow the turn's 45 s.
    g.at(turn_ends + 20 * 30_000 - 1);
    assert_eq!(g.m.reserve(Challenger), 0);
    assert!(g.is_draft(), "the last period is still running");
    g.wait(1);
    assert_eq!(g.m.winner(), Some((Challenged, Why::OpponentOutOfReserve)));
    assert!(g.log.contains(&Event::OutOfReserve { player: Challenger }));
    assert_eq!(g.refused(Challenger, Draft(1)), Refusal::MatchOver);
}

#[test]
fn reserve_lasts_the_whole_match() {
    let mut g = Game::new(plain());
    g.until_deadline();
    g.act(Challenged, SubmitLock(key_lock()));
    g.until_deadline();
    g.wait(40_000);
    g.act(Challenger, SubmitLock(key_lock()));
    assert_eq!(g.m.reserve(Challenger), 18);
    while !matches!(g.m.phase(), Phase::RoundOver { .. }) {
        g.until_deadline();
    }
    g.next_round(plain());
    assert_eq!(g.m.reserve(Challenger), 18, "reserve is not given back");
}

#[test]
fn both_players_out_of_reserve_at_once_leaves_it_to_the_scores() {
    let mut g = Game::new(plain());
    g.until_deadline();
    g.at(90_000 + 420_000 + 20 * 30_000);
    assert_eq!(
        g.m.winner(),
        Some((Challenged, Why::BothOutOfReserve(Decider::NeverDiffered)))
    );
    // And with a leader: the challenger leads 4–0 after round 1.
    let mut g = Game::new(plain());
    play_round(
        &mut g,
        Some((10_000, ONE)),
        None,
        (Counter::Idle, Counter::Decline),
    );
    g.next_round(plain());
    g.until_deadline();
    g.wait(420_000 + 20 * 30_000);
    assert_eq!(
        g.m.winner(),
        Some((Challenger, Why::BothOutOfReserve(Decider::MorePoints)))
    );
}
