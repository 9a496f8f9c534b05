//! What the online verbs print for people: players and scores, a player's slots, notes.

use server::protocol::{NoteView, PlayerView, Scores};

pub(super) fn list_or_none(ids: &[i64]) -> String {
    if ids.is_empty() {
        "none".into()
    } else {
        ids.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

pub(super) fn print_players(s: &Scores) {
    crate::say!("You are {}; your total score is {}.", s.me, signed(s.total));
    if s.scores.is_empty() {
        crate::say!("There are no other players yet.");
        return;
    }
    crate::say!("player  locks  you access  they access  score");
    for p in &s.scores {
        crate::say!(
            "{:<6}  {:>5}  {:>10}  {:>11}  {:>5}",
            p.codename,
            p.locks,
            p.accessed,
            p.accessed_by,
            signed(p.score)
        );
    }
}

pub(super) fn print_scores(s: &Scores) {
    crate::say!("{}: total {}", s.me, signed(s.total));
    for p in &s.scores {
        crate::say!("  {:<6} {:>3}", p.codename, signed(p.score));
    }
}

pub(super) fn print_player(v: &PlayerView) {
    crate::say!(
        "{}: your score relative to them is {}.",
        v.codename,
        signed(v.score)
    );
    for slot in &v.slots {
        let access = if slot.accessed {
            "you access it"
        } else {
            "you do not access it"
        };
        match &slot.lock {
            None => crate::say!("slot {}: empty; {access}", slot.slot),
            Some(l) => {
                crate::say!(
                    "slot {}: lock {} \"{}\", size {}{}; {access}",
                    slot.slot,
                    l.id,
                    l.name,
                    l.size,
                    if l.public { ", public" } else { "" }
                );
                let solvers: Vec<&str> = l.notes.iter().map(|n| n.author.as_str()).collect();
                if !solvers.is_empty() {
                    crate::say!("  accessed by its solvers: {}", solvers.join(", "));
                }
                for n in &l.notes {
                    crate::say!("  {}", note_line(n));
                }
            }
        }
        if let Some(who) = &slot.accessed_by {
            let who = if who.is_empty() {
                "no one else".to_string()
            } else {
                who.join(", ")
            };
            crate::say!("  accessed by: {who}");
        }
    }
}

fn note_line(n: &NoteView) -> String {
    format!(
        "note {} by {} on lock {} ({}:{}{}), secured behind lock {} ({}:{}{}){}{}",
        n.id,
        n.author,
        n.on.id,
        n.on.owner,
        n.on.slot,
        if n.on.retired { ", retired" } else { "" },
        n.behind.id,
        n.behind.owner,
        n.behind.slot,
        if n.behind.retired { ", retired" } else { "" },
        if n.public { "; public" } else { "" },
        if n.read { "; read by you" } else { "" },
    )
}

pub(super) fn print_notes(notes: &[NoteView]) {
    if notes.is_empty() {
        crate::say!("You have read no notes.");
        return;
    }
    for n in notes {
        crate::say!("{}", note_line(n));
        if let Some(s) = &n.solution {
            for line in s.lines() {
                crate::say!("    {line}");
            }
        }
    }
}
