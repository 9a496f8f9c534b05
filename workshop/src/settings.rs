//! Settings, kept in `settings.toml` in the platform's config folder: the lock folder, the
//! server, the theme and a key for every studio action (see [`crate::keys`]).

use crate::keys::{Action, Bindings, Chord};
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The embedded server, or the remote one the settings name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ServerChoice {
    /// A server run by the studio itself on 127.0.0.1.
    #[default]
    Embedded,
    /// The server at `server-url`.
    Remote,
}

/// Light or dark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    Light,
    Dark,
}

/// The settings file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Settings {
    /// Where the locks live; the platform data folder when unset.
    pub lock_folder: Option<PathBuf>,
    /// Which server the studio plays on: the embedded one, or `server-url`.
    pub server: ServerChoice,
    /// The remote metagame server's URL.
    pub server_url: Option<String>,
    /// Light or dark.
    pub theme: ThemeChoice,
    /// Action name → key, e.g. `save = "ctrl+s"`.
    pub keys: Bindings,
    /// The studio's sounds are played (off unless the user turns them on).
    pub sound: bool,
    /// Their loudness, in percent (more than 100 is 100).
    pub volume: u8,
    /// What could not be read from the file, in words, for the studio to show.
    #[serde(skip)]
    pub problems: Vec<String>,
    /// The file did not read at all: these are the defaults, and the file is set aside before
    /// they are first saved in its place.
    #[serde(skip)]
    pub unreadable: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lock_folder: None,
            server: ServerChoice::Embedded,
            server_url: None,
            theme: ThemeChoice::Light,
            keys: Bindings::default(),
            sound: false,
            volume: 60,
            problems: Vec::new(),
            unreadable: false,
        }
    }
}

impl Settings {
    /// The platform's settings file, e.g. `~/.config/lockwright/settings.toml`.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "lockwright")
            .map(|d| d.config_dir().join("settings.toml"))
    }

    /// Reads settings; a missing file gives the defaults, and actions the file leaves out keep
    /// their default keys. Key names and chords that cannot be read are listed in `problems`.
    pub fn load(path: &Path) -> Result<Settings> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let mut s = toml::from_str::<Settings>(&text)
            .with_context(|| format!("{} is not valid settings", path.display()))?;
        // The key table once more, as text, to say what in it could not be read.
        #[derive(Deserialize)]
        struct KeysOnly {
            #[serde(default)]
            keys: BTreeMap<String, String>,
        }
        if let Ok(k) = toml::from_str::<KeysOnly>(&text) {
            let (_, problems) = Bindings::from_table(&k.keys);
            s.problems = problems
                .into_iter()
                .map(|p| format!("{}: {p}", path.display()))
                .collect();
        }
        Ok(s)
    }

    /// The defaults in place of a file that does not read, saying why and what becomes of it.
    pub fn in_place_of_unreadable(path: &Path, why: &anyhow::Error) -> Settings {
        Settings {
            problems: vec![format!(
                "{why:#}. The studio uses the default settings and leaves {} as it is; when a \
                 setting is changed here, it is kept beside as {}.unreadable",
                path.display(),
                path.file_name().unwrap_or_default().to_string_lossy()
            )],
            unreadable: true,
            ..Settings::default()
        }
    }

    /// Writes settings atomically (its folder is created). When they stand in for a file that
    /// did not read, that file is first set aside, never written over: its new name is returned.
    pub fn save(&self, path: &Path) -> Result<Option<PathBuf>> {
        let aside = if self.unreadable && path.exists() {
            Some(crate::files::set_aside(path).map_err(anyhow::Error::msg)?)
        } else {
            None
        };
        let text = toml::to_string_pretty(self).context("cannot write the settings as TOML")?;
        crate::files::write_atomic(path, &text)?;
        Ok(aside)
    }

    /// The action bound to a chord written as the settings spell it, if any.
    pub fn action_for(&self, chord: &str) -> Option<Action> {
        self.keys.action_for(&Chord::parse(chord)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: a settings file that did not read was replaced by the defaults at the first
    /// change made in the studio, every line of it lost.
    #[test]
    fn a_file_that_does_not_read_is_set_aside_before_the_defaults_take_its_place() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("settings.toml");
        let mine = "theme = \"pink\"\nserver-url = \"http://example.org\"\n";
        std::fs::write(&path, mine).expect("write");
        let why = Settings::load(&path).expect_err("pink is no theme");
        let mut s = Settings::in_place_of_unreadable(&path, &why);
        assert!(s.unreadable);
        assert!(
            s.problems[0].contains("pink") && s.problems[0].contains("leaves"),
            "{:?}",
            s.problems
        );
        s.theme = ThemeChoice::Dark;
        let aside = s.save(&path).expect("saved").expect("set aside");
        assert_eq!(std::fs::read_to_string(&aside).expect("kept"), mine);
        assert_eq!(
            Settings::load(&path).expect("reads").theme,
            ThemeChoice::Dark
        );
        s.unreadable = false;
        assert_eq!(
            s.save(&path).expect("saved"),
            None,
            "the file is the settings' own now"
        );
    }

    #[test]
    fn settings_round_trip_and_rebinding_sticks() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("cfg/settings.toml");
        let mut s = Settings::load(&path).expect("defaults");
        s.keys
            .bind(Action::Save, Chord::parse("f2").expect("chord"));
        s.theme = ThemeChoice::Dark;
        s.server_url = Some("http://127.0.0.1:27001".into());
        s.save(&path).expect("saved");
        let back = Settings::load(&path).expect("loaded");
        assert_eq!(back, s);
        assert_eq!(back.action_for("f2"), Some(Action::Save));
    }

    #[test]
    fn a_partial_file_keeps_the_other_defaults() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "theme = \"dark\"\n[keys]\nundo = \"ctrl+u\"\n").expect("write");
        let s = Settings::load(&path).expect("loads");
        assert_eq!(s.theme, ThemeChoice::Dark);
        assert_eq!(s.action_for("ctrl+u"), Some(Action::Undo));
        assert_eq!(s.action_for("ctrl+s"), Some(Action::Save));
        assert!(s.problems.is_empty());
    }
}
