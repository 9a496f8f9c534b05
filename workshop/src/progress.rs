//! Where play was left on each puzzle file, so that a game taken up again (after another file,
//! after going back to the editor, after the studio was closed) goes on from where it stood.
//!
//! The games are one JSON file in the studio's data folder, `progress.json`:
//! `{"format":"lockwright-progress 1","games":{"/abs/gate.non":{"puzzle":"9f…","left_at_ms":…,
//! "play":{"family":"nonogram","rows":["##.?",…]}}}}`. `puzzle` is a digest of what the play
//! depends on (a lock's mechanism, a nonogram's clues), so a game is only ever taken up on the
//! puzzle it was played on: after an edit that changes it, play starts afresh. A game back at
//! its start is forgotten. Paths are absolute and lexical, as for the recovery entries; a path
//! that is not UTF-8 is not kept. `docs/studio.md` tells the player's side of it.

use crate::files::{self, fnv1a64};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Written in the file, so that a future format is set aside rather than misread.
const FORMAT: &str = "lockwright-progress 1";

/// The largest file read: thousands of games of the largest puzzles.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The games kept: past this, the one left longest ago is forgotten.
pub const MAX_GAMES: usize = 500;

/// Where one game stands, in the family's own terms: a family's [`Played`], kept as the file
/// writes it (`{"family":"nonogram","rows":[…]}`), so that this module names no family. A
/// family's own screens make one with [`Play::of`] and read theirs back with [`Play::as_`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The family's game, its `family` word among its fields.
    fields: serde_json::Map<String, serde_json::Value>,
}

/// A family's game as the progress file keeps it: its fields beside the family's word.
pub trait Played: Serialize + serde::de::DeserializeOwned {
    /// The word the file names the family's games by (`"family":"nonogram"`).
    const FAMILY: &'static str;
    /// The button that starts the game again, as the player sees it.
    const AGAIN: &'static str = "Restart";
    /// Whether nothing has been played yet: such a game is not worth keeping.
    fn is_fresh(&self) -> bool;
    /// How far the game had gone, in words: `7 moves`, `41 cells marked`.
    fn extent(&self) -> String;
}

/// What the progress file needs of a family's games, without its type: each family's
/// registry entry holds one, made by [`games`].
#[derive(Clone, Copy)]
pub struct Games {
    /// The word the file names the family's games by.
    pub family: &'static str,
    /// The button that starts a game again.
    pub again: &'static str,
    /// Whether the game is fresh and how far it went, when its fields read as the family's.
    facts: fn(&Play) -> Option<(bool, String)>,
}

/// What the progress file needs of the games `P`.
pub const fn games<P: Played>() -> Games {
    fn facts<P: Played>(play: &Play) -> Option<(bool, String)> {
        play.as_::<P>().map(|p| (p.is_fresh(), p.extent()))
    }
    Games {
        family: P::FAMILY,
        again: P::AGAIN,
        facts: facts::<P>,
    }
}

impl Play {
    /// A family's game, as the file keeps it.
    pub fn of<P: Played>(played: &P) -> Play {
        let mut fields = match serde_json::to_value(played) {
            Ok(serde_json::Value::Object(fields)) => fields,
            // A family's game is a struct of named fields; anything else has nothing to keep.
            _ => serde_json::Map::new(),
        };
        fields.insert("family".into(), P::FAMILY.into());
        Play { fields }
    }

    /// The family's game, when this is one of `P`'s.
    pub fn as_<P: Played>(&self) -> Option<P> {
        if self.family() != P::FAMILY {
            return None;
        }
        serde_json::from_value(serde_json::Value::Object(self.fields.clone())).ok()
    }

    /// The word of the family the game was played in.
    pub fn family(&self) -> &str {
        self.fields
            .get("family")
            .and_then(|f| f.as_str())
            .unwrap_or("")
    }

    /// What the registry knows of this game's family, and what its fields say.
    fn facts(&self) -> Option<(Games, (bool, String))> {
        let games = crate::family::FAMILIES
            .iter()
            .map(|f| f.games)
            .find(|g| g.family == self.family())?;
        Some((games, (games.facts)(self)?))
    }

    /// Whether nothing has been played yet: such a game is not worth keeping.
    pub fn is_fresh(&self) -> bool {
        self.facts().is_none_or(|(_, (fresh, _))| fresh)
    }

    /// How far the game had gone, in words: `7 moves`, `41 cells marked`.
    pub fn extent(&self) -> String {
        self.facts()
            .map(|(_, (_, extent))| extent)
            .unwrap_or_default()
    }
}

impl Serialize for Play {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.fields.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Play {
    /// Reads a game of a family the registry knows, whose fields read as that family's: any
    /// other is refused, as a file this studio cannot have written.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Play, D::Error> {
        let fields = serde_json::Map::deserialize(deserializer)?;
        let play = Play { fields };
        match play.facts() {
            Some(_) => Ok(play),
            None if play.family().is_empty() => Err(serde::de::Error::missing_field("family")),
            None => Err(serde::de::Error::custom(format!(
                "a game of family `{}` with fields it does not have",
                play.family()
            ))),
        }
    }
}

/// Where the game on screen stands: the digest of its puzzle, its play, and whether the puzzle
/// stands solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Now {
    pub puzzle: String,
    pub play: Play,
    pub finished: bool,
}

/// The words a game taken up is greeted with, naming the button that starts it again.
pub fn taken_up(play: &Play) -> String {
    let again = play.facts().map_or("Restart", |(games, _)| games.again);
    format!(
        "taken up where you left it: {}. {again} starts again",
        play.extent()
    )
}

/// One puzzle's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The digest of the puzzle it was played on.
    pub puzzle: String,
    /// When it was last left, in milliseconds since 1970.
    pub left_at_ms: u64,
    pub play: Play,
    /// Whether the puzzle stood solved (a lock open or picked, a nonogram's clues all met).
    #[serde(default)]
    pub finished: bool,
}

/// How far a file's game has gone, as the puzzle list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Started,
    Finished,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    format: String,
    games: BTreeMap<String, Game>,
}

/// The games, in memory, with whether they changed since they were last written.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    games: BTreeMap<String, Game>,
    /// Games forgotten since the studio started (Restart, a file deleted or renamed): a write
    /// does not take them back from the file.
    forgotten: BTreeSet<String>,
    unwritten: bool,
    /// Games the trimming has looked at: one look a game per trim, never a scan per game
    /// forgotten, which the tests hold it to (a file written by hand may hold any number).
    trim_looks: usize,
}

/// Numbers the writes of every [`Progress`] of the process, so that an older one finishing last
/// never wins, even over the writes of a store made later on the same file.
static WRITES: AtomicU64 = AtomicU64::new(0);

/// One write of the games, numbered: the games in memory and those forgotten.
#[derive(Clone, Debug)]
pub struct Write {
    number: u64,
    games: BTreeMap<String, Game>,
    forgotten: BTreeSet<String>,
}

/// A digest of a text, as kept in `puzzle`.
pub fn digest(text: &str) -> String {
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// The digest of a nonogram's clues, all its play depends on.
pub fn nonogram_digest(puzzle: &engine::nonogram::Puzzle) -> String {
    let mut text = format!("{} {}\n", puzzle.width, puzzle.height);
    for line in puzzle.lines() {
        let clue: Vec<String> = puzzle.clue(line).iter().map(u32::to_string).collect();
        text.push_str(&clue.join(","));
        text.push('\n');
    }
    digest(&text)
}

/// The key a file's game is kept under: its absolute path, when that is UTF-8.
fn key(file: &Path) -> Option<String> {
    std::path::absolute(file).ok()?.to_str().map(str::to_string)
}

/// Where a game is played: a puzzle file, or another player's lock picked on a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    File(PathBuf),
    /// Lock `id` of the server the online screen names `server` (its URL, or the studio's own),
    /// played by `player`.
    ServerLock {
        server: String,
        id: i64,
        player: String,
    },
}

impl Place {
    /// The key its game is kept under: a file's absolute path, or `server <server> lock <id>
    /// by <player>` (no absolute path starts so).
    fn key(&self) -> Option<String> {
        match self {
            Place::File(file) => key(file),
            Place::ServerLock { server, id, player } => {
                Some(format!("server {server} lock {id} by {player}"))
            }
        }
    }
}

/// Forgets the games left longest ago past [`MAX_GAMES`] (a file written by hand may hold any
/// number), in one sort; says how many games it looked at.
fn trim(games: &mut BTreeMap<String, Game>) -> usize {
    let Some(excess) = games.len().checked_sub(MAX_GAMES).filter(|&n| n > 0) else {
        return 0;
    };
    let mut by_age: Vec<(u64, String)> = games
        .iter()
        .map(|(k, g)| (g.left_at_ms, k.clone()))
        .collect();
    by_age.sort_unstable();
    let looked = by_age.len();
    for (_, k) in by_age.into_iter().take(excess) {
        games.remove(&k);
    }
    looked
}

impl Progress {
    /// Reads the games kept in `file`; none when there is no such file yet. A file that cannot
    /// be read is an error saying why, and is left as it is.
    pub fn read(file: &Path) -> Result<Progress, String> {
        let text = match files::read_text(file, MAX_FILE_BYTES) {
            Ok(text) => text,
            Err(files::ReadError::NotFound { .. }) => return Ok(Progress::default()),
            Err(e) => return Err(e.to_string()),
        };
        let stored: Stored = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not a progress file: {e}", file.display()))?;
        if stored.format != FORMAT {
            return Err(format!(
                "{}: written by another version of the studio ({:?})",
                file.display(),
                stored.format
            ));
        }
        Ok(Progress {
            games: stored.games,
            ..Progress::default()
        })
    }

    /// Takes in the games read from disk; a game played since the studio started wins.
    pub fn merge(&mut self, read: Progress) {
        for (file, game) in read.games {
            self.games.entry(file).or_insert(game);
        }
        self.trim_looks += trim(&mut self.games);
    }

    /// The game left at `place`, when it was played on this `puzzle`.
    pub fn game(&self, place: &Place, puzzle: &str) -> Option<&Play> {
        let game = self.games.get(&place.key()?)?;
        (game.puzzle == puzzle).then_some(&game.play)
    }

    /// How far the game kept at `place` has gone, whatever puzzle it was played on.
    pub fn standing(&self, place: &Place) -> Option<Standing> {
        let game = self.games.get(&place.key()?)?;
        Some(if game.finished {
            Standing::Finished
        } else {
            Standing::Started
        })
    }

    /// Keeps where the game at `place` stands, and whether that is solved; a game back at its
    /// start is forgotten.
    pub fn keep(&mut self, place: &Place, puzzle: &str, play: Play, finished: bool) {
        let Some(key) = place.key() else { return };
        if play.is_fresh() {
            // Only the game of this puzzle is forgotten: glancing at an edited version of the
            // file must not throw away the game of the version before.
            if self.games.get(&key).is_some_and(|g| g.puzzle == puzzle) {
                self.forget(&key);
            }
            return;
        }
        if self
            .games
            .get(&key)
            .is_some_and(|g| g.puzzle == puzzle && g.play == play && g.finished == finished)
        {
            return;
        }
        let left_at_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        let game = Game {
            puzzle: puzzle.to_string(),
            left_at_ms,
            play,
            finished,
        };
        self.forgotten.remove(&key);
        self.games.insert(key, game);
        self.trim_looks += trim(&mut self.games);
        self.unwritten = true;
    }

    /// Forgets the game kept under `key`, and remembers that it was.
    fn forget(&mut self, key: &str) -> Option<Game> {
        let game = self.games.remove(key)?;
        self.forgotten.insert(key.to_string());
        self.unwritten = true;
        Some(game)
    }

    /// The file was renamed: its game goes with it.
    pub fn renamed(&mut self, from: &Path, to: &Path) {
        let (Some(from), Some(to)) = (key(from), key(to)) else {
            return;
        };
        if let Some(game) = self.forget(&from) {
            self.forgotten.remove(&to);
            self.games.insert(to, game);
        }
    }

    /// The file was deleted: its game goes too.
    pub fn deleted(&mut self, file: &Path) {
        if let Some(key) = key(file) {
            self.forget(&key);
        }
    }

    /// Whether games changed since they were last written.
    pub fn is_unwritten(&self) -> bool {
        self.unwritten
    }

    /// What to write when games changed since the last time this was asked. A write that
    /// fails is not asked again at once (a full or read-only disk would be tried every moment),
    /// only with the next change.
    pub fn to_write(&mut self) -> Option<Write> {
        if !self.unwritten {
            return None;
        }
        self.unwritten = false;
        Some(Write {
            number: WRITES.fetch_add(1, Ordering::Relaxed) + 1,
            games: self.games.clone(),
            forgotten: self.forgotten.clone(),
        })
    }

    /// Writes the games to `file`, atomically and privately (they tell what the player works
    /// on). Writes run in the background and may finish in any order: one older than the last
    /// written to the file is dropped. Another studio may share the file: the games it holds
    /// that this one does not are kept (the later of two wins), unless this one forgot them.
    pub fn write(file: &Path, write: &Write) -> Result<(), String> {
        static LAST: Mutex<BTreeMap<PathBuf, u64>> = Mutex::new(BTreeMap::new());
        let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let newest = last.entry(file.to_path_buf()).or_insert(0);
        if write.number <= *newest {
            return Ok(());
        }
        let mut games = write.games.clone();
        if let Ok(there) = Progress::read(file) {
            for (key, game) in there.games {
                if write.forgotten.contains(&key) {
                    continue;
                }
                match games.get(&key) {
                    Some(mine) if mine.left_at_ms >= game.left_at_ms => {}
                    _ => {
                        games.insert(key, game);
                    }
                }
            }
        }
        trim(&mut games);
        let stored = Stored {
            format: FORMAT.to_string(),
            games,
        };
        let bytes = serde_json::to_vec(&stored).map_err(|e| format!("{e}"))?;
        files::write_private(file, &bytes).map_err(|e| format!("{e:#}"))?;
        *newest = write.number;
        Ok(())
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexlock::progress::HexLockPlay;
    use crate::quadrillion::progress::QuadrillionPlay;
    use crate::sliding::progress::SlidingPlay;

    fn at(file: &str) -> Place {
        Place::File(PathBuf::from(file))
    }

    fn nonogram(rows: &[&str]) -> Play {
        Play::of(&crate::nonogram::progress::NonogramPlay {
            rows: rows.iter().map(|r| r.to_string()).collect(),
        })
    }

    #[test]
    fn a_game_is_taken_up_only_on_the_puzzle_it_was_played_on() {
        let mut p = Progress::default();
        let gate = at("/puzzles/gate.non");
        p.keep(&gate, "a1", nonogram(&["#.?"]), false);
        assert_eq!(p.game(&gate, "a1"), Some(&nonogram(&["#.?"])));
        assert_eq!(p.game(&gate, "b2"), None, "the clues changed since");
        assert_eq!(p.game(&at("/puzzles/other.non"), "a1"), None);
        // Glancing at the edited version leaves the game of the version before.
        p.keep(&gate, "b2", nonogram(&["???"]), false);
        assert!(p.game(&gate, "a1").is_some());
        assert_eq!(p.standing(&gate), Some(Standing::Started));
        p.keep(&gate, "a1", nonogram(&["#.#"]), true);
        assert_eq!(p.standing(&gate), Some(Standing::Finished));
        // A game back at its start is forgotten.
        p.keep(&gate, "a1", nonogram(&["???"]), false);
        assert_eq!(p.standing(&gate), None);
        assert_eq!(p.game(&gate, "a1"), None);
        assert!(p.is_empty());
    }

    #[test]
    fn games_are_written_and_read_back_and_an_older_write_never_wins() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("progress.json");
        let mut p = Progress::default();
        assert!(p.to_write().is_none(), "nothing changed");
        p.keep(
            &at("/l/gate.lock"),
            "h",
            Play::of(&HexLockPlay {
                moves: "hW hW wCW".into(),
                at: 2,
            }),
            false,
        );
        p.keep(
            &at("/l/slide.slide"),
            "s",
            Play::of(&SlidingPlay {
                moves: "BC1 L1".into(),
            }),
            false,
        );
        let older = p.to_write().expect("changed");
        assert!(p.to_write().is_none(), "nothing changed since");
        p.keep(&at("/l/a.non"), "n", nonogram(&["#"]), false);
        let newer = p.to_write().expect("changed");
        // The newer write finishes first; the older one, after it, is dropped.
        Progress::write(&file, &newer).expect("written");
        Progress::write(&file, &older).expect("dropped");
        assert_eq!(Progress::read(&file).expect("read").len(), 3);
        let mut read = Progress::read(&file).expect("read");
        assert_eq!(
            read.game(&at("/l/gate.lock"), "h"),
            Some(&Play::of(&HexLockPlay {
                moves: "hW hW wCW".into(),
                at: 2
            }))
        );
        // A store made later on the same file (the studio started again) writes to it too.
        let mut later = Progress::default();
        later.keep(&at("/l/b.non"), "n", nonogram(&["#"]), false);
        let write = later.to_write().expect("changed");
        Progress::write(&file, &write).expect("written");
        assert_eq!(Progress::read(&file).expect("read").len(), 4);
        // Read back after the studio started, a game played since wins over the one on disk,
        // and the others join it.
        let mut p = Progress::default();
        p.keep(
            &at("/l/gate.lock"),
            "h",
            Play::of(&HexLockPlay {
                moves: "wCW".into(),
                at: 1,
            }),
            false,
        );
        read.games.remove(&key(Path::new("/l/a.non")).expect("key"));
        p.merge(read);
        assert_eq!(p.len(), 2);
        assert_eq!(
            p.game(&at("/l/gate.lock"), "h"),
            Some(&Play::of(&HexLockPlay {
                moves: "wCW".into(),
                at: 1
            }))
        );
        assert!(Progress::read(&dir.path().join("none.json")).is_ok_and(|p| p.is_empty()));
    }

    #[test]
    fn a_file_that_does_not_read_is_refused_with_why_and_can_be_set_aside() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("progress.json");
        std::fs::write(&file, "{\"format\":").expect("write");
        let why = Progress::read(&file).expect_err("refused");
        assert!(why.contains("not a progress file"), "{why}");
        std::fs::write(&file, "{\"format\":\"lockwright-progress 9\",\"games\":{}}").expect("w");
        let why = Progress::read(&file).expect_err("refused");
        assert!(why.contains("another version"), "{why}");
        let aside = files::set_aside(&file).expect("set aside");
        assert!(aside.ends_with("progress.json.unreadable"));
        assert!(aside.exists() && !file.exists());
        // A second one does not replace the first.
        std::fs::write(&file, "[]").expect("w");
        let second = files::set_aside(&file).expect("set aside");
        assert!(second.ends_with("progress.json.unreadable-2"));
        assert!(aside.exists() && second.exists());
    }

    #[test]
    fn every_familys_game_is_written_as_the_file_format_says_and_read_back() {
        use serde_json::json;
        let placement = engine::quadrillion::Placement {
            shape: engine::quadrillion::ShapeId::Corner,
            orientation: engine::quadrillion::Orientation {
                flipped: false,
                turns: 1,
            },
            at: engine::quadrillion::Dot::new(2, 3),
        };
        let written = [
            (
                Play::of(&HexLockPlay {
                    moves: "hW".into(),
                    at: 1,
                }),
                json!({"family": "hex-lock", "moves": "hW", "at": 1}),
            ),
            (
                nonogram(&["#.?"]),
                json!({"family": "nonogram", "rows": ["#.?"]}),
            ),
            (
                Play::of(&SlidingPlay {
                    moves: "A R1".into(),
                }),
                json!({"family": "sliding", "moves": "A R1"}),
            ),
            (
                Play::of(&QuadrillionPlay {
                    placed: vec![placement],
                }),
                json!({"family": "quadrillion", "placed": [placement]}),
            ),
        ];
        for (play, file) in written {
            assert_eq!(serde_json::to_value(&play).expect("written"), file);
            let read: Play = serde_json::from_value(file).expect("read");
            assert_eq!(read, play);
        }
        assert_eq!(
            nonogram(&["#"]).as_::<SlidingPlay>(),
            None,
            "a nonogram's game is no sliding lock's"
        );
        for refused in [
            json!({"family": "chess", "moves": "e4"}),
            json!({"family": "nonogram", "rows": 3}),
            json!({"rows": ["#"]}),
        ] {
            assert!(serde_json::from_value::<Play>(refused).is_err());
        }
    }

    #[test]
    fn a_game_follows_its_file_renamed_and_goes_with_it_deleted() {
        let mut p = Progress::default();
        let (old, new) = (Path::new("/p/old.non"), Path::new("/p/new.non"));
        let (at_old, at_new) = (at("/p/old.non"), at("/p/new.non"));
        p.keep(&at_old, "x", nonogram(&["#"]), false);
        let _ = p.to_write();
        p.renamed(old, new);
        assert!(p.is_unwritten());
        assert_eq!(p.game(&at_old, "x"), None);
        assert_eq!(p.game(&at_new, "x"), Some(&nonogram(&["#"])));
        p.deleted(new);
        assert!(p.is_empty());
    }

    #[test]
    fn two_studios_sharing_the_file_keep_each_others_games_but_not_those_forgotten() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("progress.json");
        let write = |p: &mut Progress| {
            let w = p.to_write().expect("changed");
            Progress::write(&file, &w).expect("written");
        };
        let (mut a, mut b) = (Progress::default(), Progress::default());
        a.keep(&at("/a.non"), "x", nonogram(&["#"]), false);
        write(&mut a);
        b.keep(&at("/b.non"), "y", nonogram(&["#"]), false);
        write(&mut b);
        let there = Progress::read(&file).expect("read");
        assert!(there.game(&at("/a.non"), "x").is_some(), "b kept a's game");
        assert!(there.game(&at("/b.non"), "y").is_some());
        // b restarts its game: gone from the file, and a's next write does not bring it back.
        b.keep(&at("/b.non"), "y", nonogram(&["?"]), false);
        write(&mut b);
        a.keep(&at("/a.non"), "x", nonogram(&["."]), false);
        write(&mut a);
        let there = Progress::read(&file).expect("read");
        assert_eq!(there.game(&at("/a.non"), "x"), Some(&nonogram(&["."])));
        assert!(there.game(&at("/b.non"), "y").is_none());
        // Of one file's game played in both, the later stays.
        std::thread::sleep(std::time::Duration::from_millis(5));
        b.keep(&at("/a.non"), "x", nonogram(&["#"]), true);
        write(&mut b);
        a.unwritten = true;
        write(&mut a);
        let there = Progress::read(&file).expect("read");
        assert_eq!(
            there.game(&at("/a.non"), "x"),
            Some(&nonogram(&["#"])),
            "b's is later"
        );
    }

    #[test]
    fn a_server_locks_game_is_kept_apart_from_files_and_from_other_players() {
        let mut p = Progress::default();
        let lock = |player: &str| Place::ServerLock {
            server: "embedded".into(),
            id: 7,
            player: player.into(),
        };
        let moves = Play::of(&HexLockPlay {
            moves: "hW".into(),
            at: 1,
        });
        p.keep(&lock("ABC"), "h", moves.clone(), false);
        assert_eq!(p.game(&lock("ABC"), "h"), Some(&moves));
        assert_eq!(p.game(&lock("XYZ"), "h"), None, "another player's own game");
        assert_eq!(p.len(), 1);
    }

    #[test]
    fn a_file_of_a_great_many_games_keeps_the_latest_at_once() {
        let mut read = Progress::default();
        for i in 0..200_000u64 {
            let game = Game {
                puzzle: "x".into(),
                left_at_ms: i,
                play: nonogram(&["#"]),
                finished: false,
            };
            read.games.insert(format!("/p/{i}.non"), game);
        }
        let mut p = Progress::default();
        p.merge(read);
        assert_eq!(p.len(), MAX_GAMES);
        assert!(
            p.game(&at("/p/199999.non"), "x").is_some(),
            "the latest stay"
        );
        assert!(p.game(&at("/p/0.non"), "x").is_none());
        // Held to the games looked at, not the clock: one look at each game read, where a scan
        // per game forgotten looked at some 40 billion.
        assert_eq!(p.trim_looks, 200_000);
    }

    #[test]
    fn the_oldest_games_go_past_the_limit() {
        let mut p = Progress::default();
        for i in 0..MAX_GAMES + 3 {
            p.keep(&at(&format!("/p/{i}.non")), "x", nonogram(&["#"]), false);
        }
        assert_eq!(p.len(), MAX_GAMES);
    }

    #[test]
    fn the_extent_of_a_game_is_said_in_its_familys_words() {
        assert_eq!(nonogram(&["#.?", "??#"]).extent(), "3 cells marked");
        let moves = Play::of(&HexLockPlay {
            moves: "hW hW".into(),
            at: 1,
        });
        assert_eq!(moves.extent(), "1 move");
        let slide = Play::of(&SlidingPlay {
            moves: "BC1 L1, C34 D2".into(),
        });
        assert_eq!(slide.extent(), "2 moves");
        assert!(!slide.is_fresh() && !moves.is_fresh());
        let none = Play::of(&QuadrillionPlay { placed: Vec::new() });
        assert!(none.is_fresh());
        assert_eq!(none.extent(), "0 shapes placed");
        assert_eq!(
            taken_up(&none),
            "taken up where you left it: 0 shapes placed. Reset starts again"
        );
        assert_eq!(
            taken_up(&slide),
            "taken up where you left it: 2 moves. Restart starts again"
        );
    }
}
