//! Login tokens, kept in `tokens.toml` in the user's config folder, keyed by server and then by
//! codename, readable only by the user. The command line and the studio share the file, so a
//! login in one is a login in the other.
//!
//! A remote server is keyed by its URL. The studio's embedded server listens on a new port
//! each time it starts, so it is keyed by [`EMBEDDED`] instead.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The key of the studio's embedded server.
pub const EMBEDDED: &str = "embedded";

/// The tokens file: the server, then the codename.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Tokens {
    #[serde(default)]
    pub servers: BTreeMap<String, ServerTokens>,
}

/// The logins on one server.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ServerTokens {
    /// The player who logged in last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<String>,
    /// Codename → token.
    #[serde(default)]
    pub players: BTreeMap<String, String>,
}

/// `tokens.toml` in the user's config folder.
pub fn default_path() -> Result<PathBuf> {
    directories::ProjectDirs::from("", "", "lockwright")
        .map(|d| d.config_dir().join("tokens.toml"))
        .context("cannot find the user's config folder for the login tokens")
}

/// Reads the file; a missing file holds no tokens.
pub fn load(path: &Path) -> Result<Tokens> {
    match std::fs::read_to_string(path) {
        Ok(text) => toml::from_str(&text)
            .with_context(|| format!("{} is not a valid tokens file", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Tokens::default()),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Keeps a player's token and makes them the server's current player.
pub fn save(path: &Path, server: &str, codename: &str, token: &str) -> Result<()> {
    let mut tokens = load(path)?;
    let entry = tokens.servers.entry(server.to_string()).or_default();
    entry
        .players
        .insert(codename.to_string(), token.to_string());
    entry.current = Some(codename.to_string());
    write(path, &tokens)
}

/// Forgets the server's current player (logging out); their token is dropped.
pub fn forget_current(path: &Path, server: &str) -> Result<()> {
    forget(path, server, None)
}

/// Forgets `player`'s token on `server`, or the current player's; the server has no current
/// player afterwards if it was them.
pub fn forget(path: &Path, server: &str, player: Option<&str>) -> Result<()> {
    let mut tokens = load(path)?;
    if let Some(entry) = tokens.servers.get_mut(server)
        && let Some(who) = player.map(str::to_string).or_else(|| entry.current.clone())
    {
        entry.players.remove(&who);
        if entry.current.as_deref() == Some(who.as_str()) {
            entry.current = None;
        }
    }
    write(path, &tokens)
}

/// Forgets `player`'s token on `server` only while it is still `token`: a server refused it,
/// and a newer login kept meanwhile (by the command line) stays.
pub fn forget_token(path: &Path, server: &str, player: &str, token: &str) -> Result<()> {
    let kept = load(path)?;
    let still = kept
        .servers
        .get(server)
        .and_then(|e| e.players.get(player))
        .is_some_and(|t| t == token);
    if still {
        forget(path, server, Some(player))
    } else {
        Ok(())
    }
}

fn write(path: &Path, tokens: &Tokens) -> Result<()> {
    let text = toml::to_string_pretty(tokens).context("cannot write the tokens as TOML")?;
    crate::files::write_private(path, text.as_bytes())
}

impl Tokens {
    /// The token of `player` on `server`, or of the server's current player: (codename, token).
    pub fn login(&self, server: &str, player: Option<&str>) -> Option<(String, String)> {
        let entry = self.servers.get(server)?;
        let codename = player.or(entry.current.as_deref())?;
        let token = entry.players.get(codename)?;
        Some((codename.to_string(), token.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_token_is_forgotten_but_a_newer_login_is_kept() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("tokens.toml");
        save(&path, "embedded", "REV", "old").expect("save");
        forget_token(&path, "embedded", "REV", "old").expect("forget");
        assert_eq!(load(&path).expect("load").login("embedded", None), None);
        // Logged in again from the command line before the refusal was handled.
        save(&path, "embedded", "REV", "new").expect("save");
        forget_token(&path, "embedded", "REV", "old").expect("forget");
        assert_eq!(
            load(&path).expect("load").login("embedded", None),
            Some(("REV".into(), "new".into()))
        );
    }

    #[test]
    fn tokens_are_kept_per_server_and_player_privately() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("cfg/tokens.toml");
        save(&path, "http://127.0.0.1:1", "ABC", "t1").expect("save");
        save(&path, "http://127.0.0.1:1", "X\"Y", "t2").expect("save");
        save(&path, "http://127.0.0.1:2", "ABC", "t3").expect("save");
        let t = load(&path).expect("load");
        assert_eq!(
            t.login("http://127.0.0.1:1", None),
            Some(("X\"Y".into(), "t2".into()))
        );
        assert_eq!(
            t.login("http://127.0.0.1:1", Some("ABC")),
            Some(("ABC".into(), "t1".into()))
        );
        assert_eq!(
            t.login("http://127.0.0.1:2", None),
            Some(("ABC".into(), "t3".into()))
        );
        assert_eq!(t.login("http://127.0.0.1:3", None), None);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn logging_out_forgets_the_current_player_only() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("tokens.toml");
        save(&path, EMBEDDED, "ABC", "t1").expect("save");
        save(&path, EMBEDDED, "DEF", "t2").expect("save");
        forget_current(&path, EMBEDDED).expect("forget");
        let t = load(&path).expect("load");
        assert_eq!(t.login(EMBEDDED, None), None);
        assert_eq!(
            t.login(EMBEDDED, Some("ABC")),
            Some(("ABC".into(), "t1".into()))
        );
    }
}
