//! A terminal's key press as the settings file spells chords (`ctrl+z`, `w`, `space`,
//! `arrowup`), so that the studio's bindings, and the user's changes to them, drive the
//! terminal client too.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The chord of a key press, as `Chord::parse` reads it; `None` for keys with no name there.
pub fn chord_of(key: &KeyEvent) -> Option<String> {
    let base = match key.code {
        KeyCode::Char(' ') => "space".to_string(),
        KeyCode::Char(c) => c.to_lowercase().to_string(),
        KeyCode::Up => "arrowup".into(),
        KeyCode::Down => "arrowdown".into(),
        KeyCode::Left => "arrowleft".into(),
        KeyCode::Right => "arrowright".into(),
        KeyCode::Home => "home".into(),
        KeyCode::End => "end".into(),
        KeyCode::PageUp => "pageup".into(),
        KeyCode::PageDown => "pagedown".into(),
        KeyCode::Delete => "delete".into(),
        KeyCode::Backspace => "backspace".into(),
        KeyCode::Enter => "enter".into(),
        KeyCode::Tab => "tab".into(),
        KeyCode::Esc => "escape".into(),
        KeyCode::Insert => "insert".into(),
        KeyCode::F(n) => format!("f{n}"),
        _ => return None,
    };
    let mut chord = String::new();
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        chord.push_str("ctrl+");
    }
    if key.modifiers.contains(KeyModifiers::ALT) {
        chord.push_str("alt+");
    }
    // Shift makes a character what it is (`?`); it is written only for named keys.
    if key.modifiers.contains(KeyModifiers::SHIFT) && base.chars().count() > 1 {
        chord.push_str("shift+");
    }
    chord.push_str(&base);
    Some(chord)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Action;
    use crate::settings::Settings;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Option<String> {
        chord_of(&KeyEvent::new(code, modifiers))
    }

    #[test]
    fn terminal_keys_find_the_studios_default_actions() {
        let settings = Settings::default();
        let action = |code, modifiers| settings.action_for(&press(code, modifiers)?);
        assert_eq!(
            action(KeyCode::Char('w'), KeyModifiers::NONE),
            Some(Action::HookNw)
        );
        assert_eq!(
            action(KeyCode::Char('z'), KeyModifiers::CONTROL),
            Some(Action::Undo)
        );
        assert_eq!(
            action(KeyCode::Char(' '), KeyModifiers::NONE),
            Some(Action::Wait)
        );
        assert_eq!(
            action(KeyCode::Home, KeyModifiers::NONE),
            Some(Action::Restart)
        );
        assert_eq!(
            action(KeyCode::Up, KeyModifiers::NONE),
            Some(Action::CursorUp)
        );
        assert_eq!(
            action(KeyCode::Char('?'), KeyModifiers::SHIFT),
            Some(Action::Hint)
        );
    }
}
