//! Settings, kept in `settings.toml` in the platform's config folder: the lock folder, the
//! server, the theme and a key for every studio action.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every action that has a key, with its default.
pub const ACTIONS: &[(&str, &str, &str)] = &[
    ("save", "ctrl+s", "Save the lock"),
    ("undo", "ctrl+z", "Undo"),
    ("redo", "ctrl+y", "Redo"),
    ("delete", "delete", "Delete the selected piece"),
    ("tool-select", "ctrl+1", "Select tool"),
    ("tool-block", "ctrl+2", "Block tool"),
    ("tool-erase", "ctrl+3", "Erase tool"),
    ("tool-ball", "ctrl+4", "Ball tool"),
    ("tool-pivot", "ctrl+5", "Pivot tool"),
    ("tool-spring", "ctrl+6", "Spring tool"),
    ("tool-hook", "ctrl+7", "Hook tool"),
    ("tool-wrench", "ctrl+8", "Wrench tool"),
    ("tool-move", "ctrl+9", "Move tool"),
    ("colours", "ctrl+k", "Switch the colouring"),
    ("export", "ctrl+e", "Export a PNG picture"),
    ("new", "ctrl+n", "New lock from the chosen template"),
    ("play", "ctrl+p", "Play the lock, or go back to editing"),
    ("hook-nw", "w", "Play: push the hook north-west"),
    ("hook-ne", "e", "Play: push the hook north-east"),
    ("hook-w", "a", "Play: push the hook west"),
    ("hook-e", "d", "Play: push the hook east"),
    ("hook-sw", "z", "Play: push the hook south-west"),
    ("hook-se", "x", "Play: push the hook south-east"),
    ("hook-ccw", "q", "Play: turn the hook anticlockwise"),
    ("hook-cw", "r", "Play: turn the hook clockwise"),
    ("wrench-nw", "u", "Play: push the wrench north-west"),
    ("wrench-ne", "i", "Play: push the wrench north-east"),
    ("wrench-w", "h", "Play: push the wrench west"),
    ("wrench-e", "k", "Play: push the wrench east"),
    ("wrench-sw", "n", "Play: push the wrench south-west"),
    ("wrench-se", "m", "Play: push the wrench south-east"),
    ("wait", "space", "Play: wait a turn"),
    ("restart", "home", "Play: back to the start"),
    ("mark", "ctrl+m", "Play: set a mark"),
    ("back-to-mark", "ctrl+j", "Play: jump back to the mark"),
    ("step", "f10", "Debugger: step forward"),
    ("step-back", "f9", "Debugger: step back"),
    (
        "annotations",
        "ctrl+b",
        "Play: blockage annotations: blocking, all, none",
    ),
];

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
    pub keys: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lock_folder: None,
            server: ServerChoice::Embedded,
            server_url: None,
            theme: ThemeChoice::Light,
            keys: ACTIONS
                .iter()
                .map(|(a, k, _)| (a.to_string(), k.to_string()))
                .collect(),
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
    /// their default keys.
    pub fn load(path: &Path) -> Result<Settings> {
        let mut s = match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str::<Settings>(&text)
                .with_context(|| format!("{} is not valid settings", path.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Settings::default(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        for (a, k, _) in ACTIONS {
            s.keys.entry(a.to_string()).or_insert_with(|| k.to_string());
        }
        Ok(s)
    }

    /// Writes settings atomically (its folder is created).
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = toml::to_string_pretty(self).context("cannot write the settings as TOML")?;
        crate::files::write_atomic(path, &text)
    }

    /// The action bound to a key, if any.
    pub fn action_for(&self, key: &str) -> Option<&str> {
        self.keys
            .iter()
            .find(|(_, k)| k.eq_ignore_ascii_case(key))
            .map(|(a, _)| a.as_str())
    }
}

/// Writes a key press as the settings spell it: `ctrl+shift+s`, `delete`, `f5`.
pub fn key_name(key: &iced::keyboard::Key, modifiers: iced::keyboard::Modifiers) -> Option<String> {
    use iced::keyboard::{Key, key::Named};
    let base = match key {
        Key::Character(c) => c.to_lowercase(),
        Key::Named(Named::Delete) => "delete".into(),
        Key::Named(Named::Backspace) => "backspace".into(),
        Key::Named(Named::Enter) => "enter".into(),
        Key::Named(Named::Escape) => "escape".into(),
        Key::Named(Named::Tab) => "tab".into(),
        Key::Named(Named::Space) => "space".into(),
        Key::Named(n) => format!("{n:?}").to_lowercase(),
        Key::Unidentified => return None,
    };
    let mut name = String::new();
    if modifiers.control() {
        name.push_str("ctrl+");
    }
    if modifiers.alt() {
        name.push_str("alt+");
    }
    if modifiers.shift() && base.chars().count() > 1 {
        name.push_str("shift+");
    }
    name.push_str(&base);
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_default_key_and_keys_are_distinct() {
        let s = Settings::default();
        let keys: std::collections::BTreeSet<_> = s.keys.values().collect();
        assert_eq!(keys.len(), ACTIONS.len());
        assert_eq!(s.action_for("ctrl+s"), Some("save"));
    }

    #[test]
    fn settings_round_trip_and_rebinding_sticks() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("cfg/settings.toml");
        let mut s = Settings::load(&path).expect("defaults");
        s.keys.insert("save".into(), "f2".into());
        s.theme = ThemeChoice::Dark;
        s.server_url = Some("http://127.0.0.1:27001".into());
        s.save(&path).expect("saved");
        let back = Settings::load(&path).expect("loaded");
        assert_eq!(back, s);
        assert_eq!(back.action_for("f2"), Some("save"));
    }

    #[test]
    fn a_partial_file_keeps_the_other_defaults() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "theme = \"dark\"\n[keys]\nundo = \"ctrl+u\"\n").expect("write");
        let s = Settings::load(&path).expect("loads");
        assert_eq!(s.theme, ThemeChoice::Dark);
        assert_eq!(s.action_for("ctrl+u"), Some("undo"));
        assert_eq!(s.action_for("ctrl+s"), Some("save"));
    }
}
