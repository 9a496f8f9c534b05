//! Lockmaker's Death Match in the terminal: the matches one is in, a challenge called or
//! answered, and a match followed with its clocks and played turn by turn — the draft order,
//! the draft, the lock built in one's own editor and submitted, the opponent's lock picked on
//! the terminal's sliding board (the moves submitted when it is picked) or called impossible,
//! the solution that counts chosen, and the countersolve.

use rules::death_match::event::{Action, DraftOrder};
use rules::death_match::phase::{Phase, Stage};
use rules::death_match::{Player, serial};
use server::death_match_host::view::{MatchSummary, MatchView, Status};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A match being followed: the last view of it, and when it was read.
pub struct Followed {
    pub view: MatchView,
    pub read_at: Instant,
    /// Digits typed towards a piece's number or a solution's.
    pub typed: String,
}

impl Followed {
    pub fn new(view: MatchView) -> Followed {
        Followed {
            view,
            read_at: Instant::now(),
            typed: String::new(),
        }
    }

    /// The match time now: the server's at the last read, run on at the match's speed.
    pub fn now_ms(&self) -> u64 {
        let since = self.read_at.elapsed().as_secs_f64() * 1000.0 * self.view.speed;
        self.view.now_ms + since as u64
    }

    /// The file the player's lock of this round is built in.
    pub fn my_lock_file(&self, folder: &Path) -> PathBuf {
        folder.join(format!(
            "match-{}-round-{}-my-lock.slide",
            self.view.id, self.view.round
        ))
    }
}

/// What a key asks of the match.
pub enum Turn {
    /// Nothing to send (the key was taken, or said why not).
    None,
    /// An action to send the server.
    Act(Action),
    /// Play this lock on the sliding board: the opponent's (`false`), or one's own to
    /// countersolve (`true`).
    Play { text: String, own: bool },
}

/// A key on a followed match, as the terminal names it; `said` is what to tell the player when
/// the key does nothing.
pub fn key(followed: &mut Followed, chord: &str, folder: &Path, said: &mut Option<String>) -> Turn {
    let v = &followed.view;
    if chord.len() == 1 && chord.chars().all(|c| c.is_ascii_digit()) {
        followed.typed.push_str(chord);
        return Turn::None;
    }
    match chord {
        "backspace" => {
            followed.typed.pop();
            Turn::None
        }
        "enter" => {
            let typed = std::mem::take(&mut followed.typed);
            let Ok(n) = typed.parse::<u32>() else {
                *said = Some(
                    "Type a number first: a piece's to draft, or a solution's to choose.".into(),
                );
                return Turn::None;
            };
            match &v.phase {
                Some(Phase::Draft(_)) => Turn::Act(Action::Draft(n)),
                Some(Phase::Choose { .. }) if n >= 1 => Turn::Act(Action::Choose(n as usize - 1)),
                _ => {
                    *said = Some("A number is for the draft or for choosing a solution.".into());
                    Turn::None
                }
            }
        }
        "f" => Turn::Act(Action::ChooseDraftOrder(DraftOrder::First)),
        "s" => Turn::Act(Action::ChooseDraftOrder(DraftOrder::Second)),
        "x" => Turn::Act(Action::StopDrafting),
        "e" => Turn::Act(Action::EndDraft),
        "i" => Turn::Act(Action::DeclareImpossible),
        "y" => Turn::Act(Action::Countersolve(true)),
        "n" => Turn::Act(Action::Countersolve(false)),
        "w" => {
            *said = Some(write_my_lock(followed, folder));
            Turn::None
        }
        "l" => {
            let file = followed.my_lock_file(folder);
            match std::fs::read_to_string(&file)
                .map_err(|e| format!("{}: {e}", file.display()))
                .and_then(|text| {
                    serial::lock::read(&text).map_err(|e| format!("{}: {e}", file.display()))
                }) {
                Ok(lock) => Turn::Act(Action::SubmitLock(lock)),
                Err(why) => {
                    *said = Some(format!(
                        "No lock to submit: {why} (w writes one to start from)."
                    ));
                    Turn::None
                }
            }
        }
        "p" => match &v.opponent_lock {
            Some(text) => Turn::Play {
                text: text.clone(),
                own: false,
            },
            None => {
                *said = Some("The lock to pick is shown when solving begins.".into());
                Turn::None
            }
        },
        "o" => match &v.your_lock {
            Some(text) => Turn::Play {
                text: text.clone(),
                own: true,
            },
            None => {
                *said = Some("You have submitted no lock this round.".into());
                Turn::None
            }
        },
        _ => Turn::None,
    }
}

/// Writes the player's lock of the round to build on (the submitted one, else the board with
/// the drafted pieces laid out), unless the file is there already: it may be their work.
fn write_my_lock(followed: &Followed, folder: &Path) -> String {
    let v = &followed.view;
    let (Some(me), Some(setup)) = (v.you, &v.setup) else {
        return "There is no round of yours to build a lock for.".into();
    };
    let file = followed.my_lock_file(folder);
    if file.exists() {
        return format!(
            "{} is there already: edit it, then press l to submit it.",
            file.display()
        );
    }
    let lock = match &v.your_lock {
        Some(text) => match serial::lock::read(text) {
            Ok(lock) => lock,
            Err(e) => return format!("Your submitted lock cannot be read: {e}"),
        },
        None => match rules::death_match::bot::first_fit(&setup.board, &v.drafted[me]) {
            Some(lock) => lock,
            None => {
                return "Your drafted pieces do not fit the board as they are laid out: draw the lock yourself.".into();
            }
        },
    };
    match crate::files::write_atomic(&file, &serial::lock::write(&lock)) {
        Ok(()) => format!(
            "Wrote {}: edit it in your editor, then press l to submit it.",
            file.display()
        ),
        Err(e) => format!("{e:#}"),
    }
}

/// The match list's line for one match.
pub fn summary_line(m: &MatchSummary) -> String {
    let state = match m.status {
        Status::Challenged => "called, not yet accepted".to_string(),
        Status::Declined => "declined".to_string(),
        Status::Playing => format!(
            "round {}, {}–{}",
            m.round, m.scores.challenger, m.scores.challenged
        ),
        Status::Over => format!(
            "over, {}–{}{}",
            m.scores.challenger,
            m.scores.challenged,
            m.winner
                .map(|w| format!(", {} won", m.name(w)))
                .unwrap_or_default()
        ),
    };
    format!("#{} {} v {}: {state}", m.id, m.challenger, m.challenged)
}

fn secs(ms: u64) -> String {
    format!("{:.0} s", ms as f64 / 1000.0)
}

/// The followed match as lines: the state, the clock, the board and pieces, what the player
/// may do now.
pub fn lines(followed: &Followed) -> Vec<String> {
    let v = &followed.view;
    let now = followed.now_ms();
    let mut out = vec![format!(
        "Match {}: {} v {} · round {} · {}–{} · reserve {}/{}",
        v.id,
        v.challenger,
        v.challenged,
        v.round,
        v.scores.challenger,
        v.scores.challenged,
        v.reserve.challenger,
        v.reserve.challenged
    )];
    if let Some(phase) = &v.phase {
        let left = v
            .deadline_ms
            .map(|d| format!(", {} left", secs(d.saturating_sub(now))))
            .unwrap_or_default();
        out.push(format!("Phase: {}{left}", phase.name()));
    } else {
        out.push(format!("The match is {}.", v.status.word()));
    }
    if let Some(setup) = &v.setup {
        out.push(format!(
            "Board {}×{} · offered: {}",
            setup.board.width(),
            setup.board.height(),
            setup.offered_line(" ")
        ));
        // The board's dark cells, as a lock file draws them, to build the lock on.
        out.extend(
            crate::sliding::cli::board_picture(&setup.board)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    for p in Player::BOTH {
        if !v.drafted[p].is_empty() {
            out.push(format!(
                "{} drafted: {}",
                v.name(p),
                rules::death_match::round::pieces_line(&v.drafted[p], " ")
            ));
        }
    }
    let you = v.you;
    let mine = |p: Player| you == Some(p);
    let mut can = Vec::new();
    match &v.phase {
        Some(Phase::Assess { .. })
            if v.round == 1 && mine(Player::Challenged) && v.first_drafter.is_none() =>
        {
            can.push("f: draft first · s: draft second".to_string());
        }
        Some(Phase::Draft(d)) => {
            let left = rules::death_match::round::pieces_line(&d.remaining, " ");
            out.push(format!(
                "Left to draft: {} · {} to draft{}",
                if left.is_empty() { "nothing" } else { &left },
                v.name(d.clock.player),
                if d.clock.in_reserve {
                    ", in reserve"
                } else {
                    ""
                }
            ));
            if mine(d.clock.player) {
                can.push("type a piece's number, Enter: draft it".into());
            }
            can.push("x: stop drafting · e: end the draft once they stopped".into());
        }
        Some(Phase::Build(_)) => {
            can.push(
                "w: write your lock's file to build in · l: submit it (again, as often as you like)"
                    .into(),
            );
        }
        Some(Phase::Solve { .. }) => {
            can.push(
                "p: pick their lock (your moves go in when it is picked) · i: call it impossible"
                    .into(),
            );
        }
        Some(Phase::Choose { .. }) => {
            if let Some(sheet) = &v.your_sheet {
                for (i, s) in sheet.solutions.iter().enumerate() {
                    out.push(format!("  {}: {} ({} moves)", i + 1, s.written, s.moves));
                }
            }
            can.push("type a solution's number, Enter: the one that counts".into());
        }
        Some(Phase::Countersolve { stages }) => {
            if let Some(me) = you {
                match &stages[me] {
                    Stage::Deciding { .. } => {
                        can.push("y: countersolve your lock · n: do not".into());
                    }
                    Stage::Solving { .. } => {
                        can.push(
                            "o: pick your own lock (your moves go in when it is picked)".into(),
                        );
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    for r in &v.rounds {
        out.push(format!(
            "Round {}: {:+} / {:+} → {}–{}",
            r.round,
            r.points.challenger,
            r.points.challenged,
            r.scores.challenger,
            r.scores.challenged
        ));
    }
    if let Some(w) = v.winner {
        out.push(format!(
            "{} wins, {}–{}.",
            v.name(w.player),
            v.scores[w.player],
            v.scores[w.player.other()]
        ));
    }
    if !followed.typed.is_empty() {
        out.push(format!("Typed: {}", followed.typed));
    }
    out.push(String::new());
    can.push("r: read again · Esc: the matches".into());
    out.extend(can);
    out
}
