//! What the Death Match rule tests share: locks drawn as in a `.slide` file, rounds, and a match
//! driven by the clock in milliseconds, so that a whole match is played in an instant.
// Each rule file uses some of the helpers and of the names brought in for them.
#![allow(dead_code, unused_imports)]

pub use engine::sliding::{Board, Cell, Lock, Orientation, Piece};
pub use rules::death_match::Action::{
    ChooseDraftOrder, Countersolve, DeclareImpossible, Done, Draft, EndDraft, StopDrafting,
    SubmitCountersolution, SubmitLock, SubmitSolution,
};
pub use rules::death_match::Player::{Challenged, Challenger};
pub use rules::death_match::{
    Action, Answer, Audience, Award, Call, Decider, DraftOrder, Edition, Event, Match, Ms,
    OfferedPiece, Phase, Player, Refusal, Round, SetupError, Shape, Stage, Timing, Why,
};

// ---------------------------------------------------------------------------------------------
// Locks and rounds

/// Draws a lock from a `.slide` picture.
pub fn lock(picture: &str) -> Lock {
    let parsed = lockfmt::sliding::parse(picture);
    match parsed.valid_lock() {
        Some(l) => l.clone(),
        None => panic!("the picture is not a legal lock: {:#?}", parsed.diagnostics),
    }
}

/// A 6×6 lock of the Key and the Keyhole alone: `Key R3` picks it in one move.
pub fn key_lock() -> Lock {
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
pub fn other_key_lock() -> Lock {
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
pub fn impossible_lock() -> Lock {
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
pub const ONE: &str = "Key R3";
/// Three moves on [`key_lock`].
pub const THREE: &str = "Key R2, Key L1, Key R2";

/// The seed's example lock: a vertical and a horizontal piece of two cells.
pub fn seed_lock() -> Lock {
    lock(
        "4 . . a .
         3 K K a @
         2 . . . .
         1 . b b .
           A B C D",
    )
}

/// The seed's example with the Key stood in column A: nobody can pick it.
pub fn seed_impossible_lock() -> Lock {
    lock(
        "4 . . a .
         3 . . a @
         2 K . . .
         1 K b b .
           A B C D",
    )
}

pub const SEED_THREE: &str = "BC1 L1, C34 D2, Key R1";
pub const SEED_FIVE: &str = "BC1 L1, AB1 R1, BC1 L1, C34 D2, Key R1";

/// A 6×6 round with no pieces offered: the draft ends as it begins.
pub fn plain() -> Round {
    Round {
        board: Board::new(6, 6),
        offered: Vec::new(),
    }
}

/// A 4×4 round offering `shapes`, numbered from 1.
pub fn offering(shapes: &[Shape]) -> Round {
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

pub struct Game {
    pub m: Match,
    pub t: Ms,
    pub log: Vec<Event>,
}

impl Game {
    pub fn new(round: Round) -> Game {
        let (m, log) = Match::new(round).expect("a playable round");
        Game { m, t: 0, log }
    }

    /// A match under an earlier edition of the rules, as a host replays one.
    pub fn under(edition: Edition, round: Round) -> Game {
        let (m, log) = Match::under(edition, round).expect("a playable round");
        Game { m, t: 0, log }
    }

    /// A match under the latest edition whose phases end as `timing` says.
    pub fn timed(timing: Timing, round: Round) -> Game {
        let (m, log) = Match::timed(Edition::LATEST, timing, round).expect("a playable round");
        Game { m, t: 0, log }
    }

    pub fn at(&mut self, t: Ms) {
        self.t = t;
        let events = self.m.tick(t);
        self.log.extend(events);
    }

    pub fn wait(&mut self, ms: Ms) {
        self.at(self.t + ms)
    }

    pub fn until_deadline(&mut self) {
        let due = self.m.deadline().expect("a deadline");
        self.at(due)
    }

    /// Lets solving and the 30 s to choose run out: the answers are announced.
    pub fn until_announced(&mut self) {
        while matches!(self.m.phase(), Phase::Solve { .. } | Phase::Choose { .. }) {
            self.until_deadline();
        }
    }

    pub fn act(&mut self, player: Player, action: Action) -> Vec<Event> {
        match self.m.act(self.t, player, action.clone()) {
            Ok(events) => {
                self.log.extend(events.clone());
                events
            }
            Err(r) => panic!("{player:?}: {action:?} refused at {}: {r}", self.t),
        }
    }

    pub fn refused(&mut self, player: Player, action: Action) -> Refusal {
        self.m
            .act(self.t, player, action)
            .expect_err("the action should be refused")
    }

    pub fn next_round(&mut self, round: Round) {
        let events = self.m.begin_round(self.t, round).expect("the next round");
        self.log.extend(events);
    }

    pub fn scores(&self) -> (u32, u32) {
        (self.m.score(Challenger), self.m.score(Challenged))
    }

    pub fn is_draft(&self) -> bool {
        matches!(self.m.phase(), Phase::Draft(_))
    }

    pub fn whose_pick(&self) -> Player {
        match self.m.phase() {
            Phase::Draft(d) => d.clock.player,
            p => panic!("not drafting: {p:?}"),
        }
    }

    pub fn stage(&self, p: Player) -> Stage {
        match self.m.phase() {
            Phase::Countersolve { stages } => stages[p],
            p => panic!("not countersolving: {p:?}"),
        }
    }

    pub fn awards(&self) -> Vec<(Player, Award)> {
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
pub fn to_solving(g: &mut Game, challengers: Lock, challengeds: Lock) -> Ms {
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
pub enum Counter {
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
pub fn play_round(
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
    g.until_announced();
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

pub fn idle_round(g: &mut Game) {
    play_round(g, None, None, (Counter::Idle, Counter::Idle));
}
