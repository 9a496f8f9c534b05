//! Seeded rounds and the bot: every round can be played and every draft fits, the bot's locks
//! are accepted and no easier than a first-fit lock, its solutions replay and are the fewest at
//! full strength, and whole matches between bots run to the end without a refused action.

use engine::sliding::{Answer, Board, Cell, Limits, Lock, Orientation, Piece, solve};
use rules::death_match::Action::{
    ChooseDraftOrder, Countersolve, DeclareImpossible, Draft, StopDrafting, SubmitCountersolution,
    SubmitLock, SubmitSolution,
};
use rules::death_match::bot::{Bot, Picking, first_fit};
use rules::death_match::build::check_lock;
use rules::death_match::generate::{lanes, round};
use rules::death_match::pick::replay;
use rules::death_match::{
    Action, Answer as Final, BuildStatus, Event, Match, Ms, OfferedPiece, Pair, Phase, Player,
    Shape, Stage,
};
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// The build's budget in these tests: enough to climb, short enough for a quick suite.
const BUDGET: Duration = Duration::from_millis(150);

fn fewest(lock: &Lock) -> Option<usize> {
    match solve(lock, &Limits::default()).ok()?.answer {
        Answer::Solved { moves } => Some(moves.len()),
        _ => None,
    }
}

/// The pieces a bot drafts alone from a round's pool, as if its opponent took nothing.
fn drafted_alone(bot: &Bot, board: &Board, offered: &[OfferedPiece]) -> Vec<OfferedPiece> {
    let mut remaining = offered.to_vec();
    let mut mine = Vec::new();
    while let Some(id) = bot.pick(board, &remaining, &mine, &[]) {
        let i = remaining
            .iter()
            .position(|p| p.id == id)
            .expect("the bot picks an offered piece");
        mine.push(remaining.remove(i));
    }
    mine
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

#[test]
fn a_built_lock_is_accepted_and_no_easier_than_a_first_fit_lock() {
    let mut figures = Vec::new();
    for seed in 0..6 {
        let r = round(seed, 1);
        let bot = Bot::full(seed);
        let drafted = drafted_alone(&bot, &r.board, &r.offered);
        let started = Instant::now();
        let lock = bot.build(&r.board, &drafted, BUDGET);
        let took = started.elapsed();
        assert_eq!(check_lock(&lock, &r.board, &drafted), Ok(()), "seed {seed}");
        assert!(took < BUDGET * 3, "seed {seed}: the build took {took:?}");
        let built = fewest(&lock).expect("the bot's lock can be picked");
        let naive = first_fit(&r.board, &drafted).and_then(|l| fewest(&l));
        assert!(naive.is_none_or(|n| built >= n), "seed {seed}");
        figures.push(format!(
            "{}×{} {} pieces: {built} moves (first fit {naive:?}) in {took:?}",
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

/// A host for two bots: each asks its bot, and the earliest action is played.
struct Host {
    seed: u64,
    bots: Pair<Bot>,
    builds: HashMap<(u8, Player), Lock>,
    pickings: HashMap<(u8, Player), Picking>,
}

impl Host {
    /// The next thing each bot does, with when.
    fn wants(&mut self, m: &Match) -> Vec<(Ms, Player, Action)> {
        let now = m.now();
        let mut out = Vec::new();
        match m.phase().clone() {
            Phase::Assess { .. } => {
                if m.round() == 1 && m.first_drafter_of_match().is_none() {
                    let order = self.bots[Player::Challenged].draft_order();
                    out.push((now + 1_000, Player::Challenged, ChooseDraftOrder(order)));
                }
            }
            Phase::Draft(d) => {
                let p = d.clock.player;
                let pick =
                    self.bots[p].pick(m.board(), &d.remaining, m.drafted(p), m.drafted(p.other()));
                out.push((now + 2_000, p, pick.map_or(StopDrafting, Draft)));
            }
            Phase::Build(b) => {
                for p in Player::BOTH {
                    if b.builders[p] != BuildStatus::Done && m.lock(p).is_none() {
                        let lock = self
                            .builds
                            .entry((m.round(), p))
                            .or_insert_with(|| self.bots[p].build(m.board(), m.drafted(p), BUDGET))
                            .clone();
                        out.push((now + 60_000, p, SubmitLock(lock)));
                    }
                }
            }
            Phase::Solve { shown_at, .. } => {
                for p in Player::BOTH {
                    let sheet = m.sheet(p);
                    if !sheet.solutions.is_empty() || sheet.impossible {
                        continue;
                    }
                    let Some(lock) = m.lock(p.other()) else {
                        continue;
                    };
                    let bot = self.bots[p];
                    let picking = self
                        .pickings
                        .entry((m.round(), p))
                        .or_insert_with(|| bot.pick_lock(lock, Duration::from_secs(2)));
                    match picking {
                        Picking::Solved { moves, count } => {
                            let at = shown_at + bot.think_time(*count).as_millis() as Ms;
                            out.push((at, p, SubmitSolution(moves.clone())));
                        }
                        Picking::Impossible => {
                            out.push((shown_at + 20_000, p, DeclareImpossible));
                        }
                        Picking::GaveUp => {}
                    }
                }
            }
            Phase::Choose { pending, .. } => {
                for p in Player::BOTH.into_iter().filter(|&p| pending[p]) {
                    out.push((now, p, Action::Choose(0)));
                }
            }
            Phase::Countersolve { stages } => {
                for p in Player::BOTH {
                    let (bot, Some(own)) = (self.bots[p], m.lock(p)) else {
                        continue;
                    };
                    match stages[p] {
                        Stage::Deciding { .. } => {
                            let (moves, time) = match m.answer(p.other()) {
                                Some(Final::Solution { moves, time, .. }) => {
                                    (Some(moves), Some(time))
                                }
                                _ => (None, None),
                            };
                            let yes = bot.countersolve(own, moves, time);
                            out.push((now + 5_000, p, Countersolve(yes)));
                        }
                        Stage::Solving { started, ends, .. } => {
                            if let Some(text) = bot.countersolution(own) {
                                let count = replay(own, &text).map_or(0, |r| r.0);
                                let at = started + bot.think_time(count).as_millis() as Ms;
                                if at < ends {
                                    out.push((at, p, SubmitCountersolution(text)));
                                }
                            }
                        }
                        Stage::Done => {}
                    }
                }
            }
            Phase::RoundOver { .. } | Phase::Over { .. } => {}
        }
        out.sort_by_key(|a| a.0);
        out
    }

    /// Plays a whole match; every bot action must be accepted and no reserve used.
    fn play(&mut self) -> Match {
        let (mut m, _) = Match::new(round(self.seed, 1)).expect("a generated round");
        for _ in 0..10_000 {
            let events = match m.phase().clone() {
                Phase::Over { .. } => return m,
                Phase::RoundOver { next } => m
                    .begin_round(m.now(), round(self.seed, next))
                    .expect("the next generated round"),
                _ => match self.wants(&m).into_iter().next() {
                    Some((at, p, action)) => {
                        let what = format!("{p:?} {}", action.name());
                        m.act(at, p, action)
                            .unwrap_or_else(|r| panic!("{what} refused: {r}"))
                    }
                    None => {
                        let due = m.deadline().expect("a deadline");
                        m.tick(due)
                    }
                },
            };
            for e in events {
                assert!(
                    !matches!(
                        e,
                        Event::ReservePeriodUsed { .. } | Event::OutOfReserve { .. }
                    ),
                    "a bot used reserve: {e:?}"
                );
            }
        }
        panic!("the match did not end");
    }
}

#[test]
fn a_whole_match_between_bots_runs_to_the_end_without_a_refused_action() {
    let started = Instant::now();
    for (seed, weak) in [(11, 0.4), (12, 1.0)] {
        let mut host = Host {
            seed,
            bots: Pair {
                challenger: Bot::full(seed),
                challenged: Bot::new(weak, seed + 1),
            },
            builds: HashMap::new(),
            pickings: HashMap::new(),
        };
        let m = host.play();
        let (winner, why) = m.winner().expect("the match is over");
        eprintln!(
            "seed {seed}: {winner:?} wins ({why:?}) {}–{} after {} rounds",
            m.score(Player::Challenger),
            m.score(Player::Challenged),
            m.round()
        );
        assert!(
            host.pickings
                .values()
                .any(|p| matches!(p, Picking::Solved { .. }))
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}
