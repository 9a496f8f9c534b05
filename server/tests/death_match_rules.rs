//! Lockmaker's Death Match, rule by rule: each test is named after the rule it checks (see
//! `docs/death-match.md`). Time is given in milliseconds since the match began, so a whole
//! match is played in an instant. Locks are drawn as in a `.slide` file.

use engine::sliding::{Board, Cell, Lock, Orientation, Piece};
use server::death_match::Action::{
    ChooseDraftOrder, Countersolve, DeclareImpossible, Draft, EndDraft, StopDrafting,
    SubmitCountersolution, SubmitLock, SubmitSolution,
};
use server::death_match::Player::{Challenged, Challenger};
use server::death_match::{
    Action, Answer, Audience, Award, Decider, DraftOrder, Event, Match, Ms, OfferedPiece, Phase,
    Player, Refusal, Round, SetupError, Shape, Stage, Why,
};

// ---------------------------------------------------------------------------------------------
// Locks and rounds

/// Draws a lock from a `.slide` picture.
fn lock(picture: &str) -> Lock {
    let parsed = lockfmt::sliding::parse(picture);
    match parsed.valid_lock() {
        Some(l) => l.clone(),
        None => panic!("the picture is not a legal lock: {:#?}", parsed.diagnostics),
    }
}

/// A 6×6 lock of the Key and the Keyhole alone: `Key R3` picks it in one move.
fn key_lock() -> Lock {
    lock(
        "6 . . . . . .
         5 . . . . . .
         4 . . . . . .
         3 K K . . . @
         2 . . . . . .
         1 . . . . . .
           A B C D E F",
    )
}

/// Another 6×6 lock of the Key and the Keyhole alone, a row lower.
fn other_key_lock() -> Lock {
    lock(
        "6 . . . . . .
         5 . . . . . .
         4 . . . . . @
         3 . . . . . .
         2 K K . . . .
         1 . . . . . .
           A B C D E F",
    )
}

/// A 6×6 lock nobody can pick: the Key stands in column A, the Keyhole in column F.
fn impossible_lock() -> Lock {
    lock(
        "6 . . . . . .
         5 . . . . . .
         4 . . . . . .
         3 . . . . . @
         2 K . . . . .
         1 K . . . . .
           A B C D E F",
    )
}

/// One move on [`key_lock`].
const ONE: &str = "Key R3";
/// Three moves on [`key_lock`].
const THREE: &str = "Key R2, Key L1, Key R2";

/// The seed's example lock: a vertical and a horizontal piece of two cells.
fn seed_lock() -> Lock {
    lock(
        "4 . . a .
         3 K K a @
         2 . . . .
         1 . b b .
           A B C D",
    )
}

/// The seed's example with the Key stood in column A: nobody can pick it.
fn seed_impossible_lock() -> Lock {
    lock(
        "4 . . a .
         3 . . a @
         2 K . . .
         1 K b b .
           A B C D",
    )
}

const SEED_THREE: &str = "BC1 L1, C34 D2, Key R1";
const SEED_FIVE: &str = "BC1 L1, AB1 R1, BC1 L1, C34 D2, Key R1";

/// A 6×6 round with no pieces offered: the draft ends as it begins.
fn plain() -> Round {
    Round {
        board: Board::new(6, 6),
        offered: Vec::new(),
    }
}

/// A 4×4 round offering `shapes`, numbered from 1.
fn offering(shapes: &[Shape]) -> Round {
    Round {
        board: Board::new(4, 4),
        offered: shapes
            .iter()
            .enumerate()
            .map(|(i, &shape)| OfferedPiece {
                id: i as u32 + 1,
                shape,
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Driving a match

struct Game {
    m: Match,
    t: Ms,
    log: Vec<Event>,
}

impl Game {
    fn new(round: Round) -> Game {
        let (m, log) = Match::new(round).expect("a playable round");
        Game { m, t: 0, log }
    }

    fn at(&mut self, t: Ms) {
        self.t = t;
        let events = self.m.tick(t);
        self.log.extend(events);
    }

    fn wait(&mut self, ms: Ms) {
        self.at(self.t + ms)
    }

    fn until_deadline(&mut self) {
        let due = self.m.deadline().expect("a deadline");
        self.at(due)
    }

    fn act(&mut self, player: Player, action: Action) -> Vec<Event> {
        match self.m.act(self.t, player, action.clone()) {
            Ok(events) => {
                self.log.extend(events.clone());
                events
            }
            Err(r) => panic!("{player:?}: {action:?} refused at {}: {r}", self.t),
        }
    }

    fn refused(&mut self, player: Player, action: Action) -> Refusal {
        self.m
            .act(self.t, player, action)
            .expect_err("the action should be refused")
    }

    fn next_round(&mut self, round: Round) {
        let events = self.m.begin_round(self.t, round).expect("the next round");
        self.log.extend(events);
    }

    fn scores(&self) -> (u32, u32) {
        (self.m.score(Challenger), self.m.score(Challenged))
    }

    fn is_draft(&self) -> bool {
        matches!(self.m.phase(), Phase::Draft(_))
    }

    fn whose_pick(&self) -> Player {
        match self.m.phase() {
            Phase::Draft(d) => d.clock.player,
            p => panic!("not drafting: {p:?}"),
        }
    }

    fn stage(&self, p: Player) -> Stage {
        match self.m.phase() {
            Phase::Countersolve { stages } => stages[p],
            p => panic!("not countersolving: {p:?}"),
        }
    }

    fn awards(&self) -> Vec<(Player, Award)> {
        self.log
            .iter()
            .filter_map(|e| match e {
                Event::Points { player, award, .. } => Some((*player, *award)),
                _ => None,
            })
            .collect()
    }
}

/// From the start of a [`plain`] round: the draft passes, both locks go in, solving begins.
/// Returns when the locks were shown.
fn to_solving(g: &mut Game, challengers: Lock, challengeds: Lock) -> Ms {
    g.until_deadline();
    assert!(matches!(g.m.phase(), Phase::Build(_)), "{:?}", g.m.phase());
    g.act(Challenger, SubmitLock(challengers));
    g.act(Challenged, SubmitLock(challengeds));
    g.until_deadline();
    match g.m.phase() {
        Phase::Solve { shown_at, .. } => *shown_at,
        p => panic!("not solving: {p:?}"),
    }
}

/// What a builder does when offered a countersolve.
#[derive(Clone, Copy)]
enum Counter {
    /// Nothing is offered, or they let the 30 s pass.
    Idle,
    /// They say no.
    Decline,
    /// They say yes and never solve.
    Fail,
    /// They say yes and submit these moves at once.
    Solve(&'static str),
}

/// A [`plain`] round on [`key_lock`]s: the solutions at their times from the locks' showing,
/// then each builder's countersolve; returns with the round over.
fn play_round(
    g: &mut Game,
    challenger: Option<(Ms, &str)>,
    challenged: Option<(Ms, &str)>,
    counters: (Counter, Counter),
) {
    let shown = to_solving(g, key_lock(), key_lock());
    let mut subs: Vec<(Ms, Player, &str)> = Vec::new();
    if let Some((t, s)) = challenger {
        subs.push((t, Challenger, s));
    }
    if let Some((t, s)) = challenged {
        subs.push((t, Challenged, s));
    }
    subs.sort_by_key(|s| s.0);
    for (t, p, s) in subs {
        g.at(shown + t);
        g.act(p, SubmitSolution(s.into()));
    }
    g.until_deadline();
    for (p, c) in [(Challenger, counters.0), (Challenged, counters.1)] {
        match c {
            Counter::Idle => {}
            Counter::Decline => {
                g.act(p, Countersolve(false));
            }
            Counter::Fail => {
                g.act(p, Countersolve(true));
            }
            Counter::Solve(moves) => {
                g.act(p, Countersolve(true));
                g.act(p, SubmitCountersolution(moves.into()));
            }
        }
    }
    while matches!(g.m.phase(), Phase::Countersolve { .. }) {
        g.until_deadline();
    }
}

fn idle_round(g: &mut Game) {
    play_round(g, None, None, (Counter::Idle, Counter::Idle));
}

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
        answers: server::death_match::Pair {
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
        g.until_deadline();
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
    assert_eq!(g.m.now(), server::death_match::LATEST);
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
    g.until_deadline();
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
    g.until_deadline();
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
    g.until_deadline();
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
    g.until_deadline();
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
    g.until_deadline();
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
