//! Key actions: every studio action that has a key, the chords that press them, and the
//! bindings kept in the settings by action name (`save = "ctrl+s"`).

use iced_runtime::core::keyboard::{self, Key, key::Named};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

macro_rules! actions {
    ($($variant:ident = $name:literal, $key:literal, $what:literal;)*) => {
        /// An action a key can run.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            $(#[doc = $what] $variant,)*
        }

        impl Action {
            /// Every action, in the order the settings list them.
            pub const ALL: &'static [Action] = &[$(Action::$variant,)*];

            /// Its name in the settings file.
            pub fn name(self) -> &'static str {
                match self { $(Action::$variant => $name,)* }
            }

            /// The key it has unless the settings say otherwise.
            pub fn default_chord(self) -> &'static str {
                match self { $(Action::$variant => $key,)* }
            }

            /// What it does, in a few words.
            pub fn what(self) -> &'static str {
                match self { $(Action::$variant => $what,)* }
            }

            /// The action a settings file calls `name`.
            pub fn from_name(name: &str) -> Option<Action> {
                match name { $($name => Some(Action::$variant),)* _ => None }
            }
        }
    };
}

actions! {
    Save = "save", "ctrl+s", "Save the file";
    Undo = "undo", "ctrl+z", "Undo";
    Redo = "redo", "ctrl+y", "Redo";
    Delete = "delete", "delete", "Hex lock: delete the selected piece";
    ToolSelect = "tool-select", "ctrl+1", "Hex lock: select tool";
    ToolBlock = "tool-block", "ctrl+2", "Hex lock: block tool";
    ToolErase = "tool-erase", "ctrl+3", "Hex lock: erase tool";
    ToolBall = "tool-ball", "ctrl+4", "Hex lock: ball tool";
    ToolPivot = "tool-pivot", "ctrl+5", "Hex lock: pivot tool";
    ToolSpring = "tool-spring", "ctrl+6", "Hex lock: spring tool";
    ToolHook = "tool-hook", "ctrl+7", "Hex lock: hook tool";
    ToolWrench = "tool-wrench", "ctrl+8", "Hex lock: wrench tool";
    ToolMove = "tool-move", "ctrl+9", "Hex lock: move tool";
    Colours = "colours", "ctrl+k", "Hex lock: switch the colouring";
    Export = "export", "ctrl+e", "Export a PNG picture";
    New = "new", "ctrl+n", "New puzzle from the chosen template";
    Play = "play", "ctrl+p", "Play the puzzle, or go back to editing";
    Fullscreen = "fullscreen", "f11", "Fill the screen, or go back to the window's size";
    Sound = "sound", "f8", "Sounds on or off";
    HookNw = "hook-nw", "w", "Hex lock play: push the hook north-west";
    HookNe = "hook-ne", "e", "Hex lock play: push the hook north-east";
    HookW = "hook-w", "a", "Hex lock play: push the hook west";
    HookE = "hook-e", "d", "Hex lock play: push the hook east";
    HookSw = "hook-sw", "z", "Hex lock play: push the hook south-west";
    HookSe = "hook-se", "x", "Hex lock play: push the hook south-east";
    HookCcw = "hook-ccw", "q", "Hex lock play: turn the hook anticlockwise";
    HookCw = "hook-cw", "r", "Hex lock play: turn the hook clockwise";
    WrenchNw = "wrench-nw", "u", "Hex lock play: push the wrench north-west";
    WrenchNe = "wrench-ne", "i", "Hex lock play: push the wrench north-east";
    WrenchW = "wrench-w", "h", "Hex lock play: push the wrench west";
    WrenchE = "wrench-e", "k", "Hex lock play: push the wrench east";
    WrenchSw = "wrench-sw", "n", "Hex lock play: push the wrench south-west";
    WrenchSe = "wrench-se", "m", "Hex lock play: push the wrench south-east";
    Wait = "wait", "space", "Hex lock play: wait a turn";
    Restart = "restart", "home", "Hex lock play: back to the start";
    Mark = "mark", "ctrl+m", "Hex lock play: set a mark";
    BackToMark = "back-to-mark", "ctrl+j", "Hex lock play: jump back to the mark";
    Step = "step", "f10", "Hex lock debugger: step forward";
    StepBack = "step-back", "f9", "Hex lock debugger: step back";
    Annotations = "annotations", "ctrl+b", "Hex lock play: annotations (blocking, all, none)";
    CursorUp = "cursor-up", "arrowup", "Nonogram: move the cursor up";
    CursorDown = "cursor-down", "arrowdown", "Nonogram: move the cursor down";
    CursorLeft = "cursor-left", "arrowleft", "Nonogram: move the cursor left";
    CursorRight = "cursor-right", "arrowright", "Nonogram: move the cursor right";
    Fill = "fill", "f", "Nonogram: fill the cell under the cursor";
    Cross = "cross", "c", "Nonogram: cross the cell under the cursor";
    Hint = "hint", "?", "Nonogram: show the next deduction";
    CheckMistakes = "check-mistakes", "!", "Nonogram: outline the cells that are wrong";
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what())
    }
}

/// A key with its modifiers, written as the settings spell it: `ctrl+shift+f5`, `delete`, `w`.
///
/// A character key is kept as the character it types, lowercased, and shift is not written for
/// it (shift is what makes the character, so `?` is a chord of its own); a named key (`f5`,
/// `delete`) keeps shift.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chord {
    ctrl: bool,
    alt: bool,
    shift: bool,
    logo: bool,
    key: String,
}

impl Chord {
    /// The chord of a key press; `None` for a modifier pressed on its own (the chord is not
    /// complete yet) and for keys the platform cannot name.
    pub fn from_press(key: &Key, modifiers: keyboard::Modifiers) -> Option<Chord> {
        let base = match key {
            Key::Character(c) => c.to_lowercase(),
            Key::Named(
                Named::Control
                | Named::Shift
                | Named::Alt
                | Named::AltGraph
                | Named::Super
                | Named::Meta
                | Named::Hyper
                | Named::Fn
                | Named::FnLock
                | Named::CapsLock
                | Named::NumLock
                | Named::ScrollLock
                | Named::Symbol
                | Named::SymbolLock,
            ) => return None,
            Key::Named(n) => format!("{n:?}").to_lowercase(),
            Key::Unidentified => return None,
        };
        let named = base.chars().count() > 1;
        Some(Chord {
            ctrl: modifiers.control(),
            alt: modifiers.alt(),
            shift: modifiers.shift() && named,
            logo: modifiers.logo(),
            key: base,
        })
    }

    /// Reads a chord as the settings spell it; `None` when it is not one.
    pub fn parse(text: &str) -> Option<Chord> {
        let text = text.trim().to_lowercase();
        let mut parts: Vec<&str> = text.split('+').collect();
        // `ctrl++` is the plus key with ctrl: the last part is the key, even when empty.
        let key = match parts.pop()? {
            "" if parts.last() == Some(&"") => {
                parts.pop();
                "+".to_string()
            }
            "" => return None,
            k => k.to_string(),
        };
        let mut chord = Chord {
            ctrl: false,
            alt: false,
            shift: false,
            logo: false,
            key,
        };
        for p in parts {
            match p {
                "ctrl" | "control" => chord.ctrl = true,
                "alt" => chord.alt = true,
                "shift" => chord.shift = true,
                "super" | "logo" | "cmd" => chord.logo = true,
                _ => return None,
            }
        }
        Some(chord)
    }
}

impl fmt::Display for Chord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (on, name) in [
            (self.ctrl, "ctrl+"),
            (self.alt, "alt+"),
            (self.shift, "shift+"),
            (self.logo, "super+"),
        ] {
            if on {
                f.write_str(name)?;
            }
        }
        f.write_str(&self.key)
    }
}

/// Which chord runs each action; an action may have none (its key was given to another).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings(BTreeMap<Action, Option<Chord>>);

impl Default for Bindings {
    fn default() -> Self {
        Bindings(
            Action::ALL
                .iter()
                .map(|&a| (a, Chord::parse(a.default_chord())))
                .collect(),
        )
    }
}

impl Bindings {
    /// The chord of an action, if it has one.
    pub fn chord(&self, action: Action) -> Option<&Chord> {
        self.0.get(&action).and_then(Option::as_ref)
    }

    /// The action a chord runs, if any.
    pub fn action_for(&self, chord: &Chord) -> Option<Action> {
        self.0
            .iter()
            .find(|(_, c)| c.as_ref() == Some(chord))
            .map(|(a, _)| *a)
    }

    /// Binds a chord to an action. The chord leaves the action it ran before, which is
    /// returned: that action has no key now, and the caller asked the user first.
    pub fn bind(&mut self, action: Action, chord: Chord) -> Option<Action> {
        let previous = self.action_for(&chord).filter(|&a| a != action);
        if let Some(p) = previous {
            self.0.insert(p, None);
        }
        self.0.insert(action, Some(chord));
        previous
    }

    /// Reads the settings file's `[keys]` table: action name → chord (`""` for none). Actions
    /// it leaves out keep their default key; each name or chord that cannot be read is a
    /// problem, reported in words, and changes nothing.
    pub fn from_table(table: &BTreeMap<String, String>) -> (Bindings, Vec<String>) {
        let mut bindings = Bindings::default();
        let mut problems = Vec::new();
        for (name, chord) in table {
            let Some(action) = Action::from_name(name) else {
                problems.push(format!("[keys] `{name}` is not an action; it is ignored"));
                continue;
            };
            if chord.trim().is_empty() {
                bindings.0.insert(action, None);
                continue;
            }
            match Chord::parse(chord) {
                Some(c) => {
                    bindings.0.insert(action, Some(c));
                }
                None => problems.push(format!(
                    "[keys] {name} = \"{chord}\" is not a key such as \"ctrl+s\" or \"f5\"; \
                     it keeps \"{}\"",
                    action.default_chord()
                )),
            }
        }
        (bindings, problems)
    }

    /// The `[keys]` table for the settings file.
    pub fn to_table(&self) -> BTreeMap<String, String> {
        self.0
            .iter()
            .map(|(a, c)| {
                (
                    a.name().to_string(),
                    c.as_ref().map(ToString::to_string).unwrap_or_default(),
                )
            })
            .collect()
    }
}

impl Serialize for Bindings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_table().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Bindings {
    /// Reads the table; names and chords that cannot be read are dropped here and reported by
    /// `Settings::load`, which reads the table itself.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let table = BTreeMap::<String, String>::deserialize(d)?;
        Ok(Bindings::from_table(&table).0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use keyboard::Modifiers;

    #[test]
    fn every_action_has_a_distinct_default_key_and_a_unique_name() {
        let b = Bindings::default();
        let chords: std::collections::BTreeSet<_> =
            Action::ALL.iter().filter_map(|&a| b.chord(a)).collect();
        assert_eq!(chords.len(), Action::ALL.len());
        for &a in Action::ALL {
            assert_eq!(Action::from_name(a.name()), Some(a));
        }
        assert_eq!(
            b.action_for(&Chord::parse("ctrl+s").expect("chord")),
            Some(Action::Save)
        );
    }

    /// Regression: pressing ctrl to start a chord recorded the chord "ctrl+control".
    #[test]
    fn a_modifier_alone_is_not_a_chord_and_a_chord_keeps_its_modifiers() {
        assert_eq!(
            Chord::from_press(&Key::Named(Named::Control), Modifiers::CTRL),
            None
        );
        assert_eq!(
            Chord::from_press(&Key::Named(Named::Shift), Modifiers::SHIFT),
            None
        );
        let c = Chord::from_press(
            &Key::Character("U".into()),
            Modifiers::CTRL | Modifiers::SHIFT,
        );
        assert_eq!(c.map(|c| c.to_string()).as_deref(), Some("ctrl+u"));
        let c = Chord::from_press(&Key::Named(Named::F5), Modifiers::SHIFT | Modifiers::ALT);
        assert_eq!(c.map(|c| c.to_string()).as_deref(), Some("alt+shift+f5"));
    }

    #[test]
    fn chords_read_back_as_they_are_written() {
        for text in [
            "ctrl+s",
            "delete",
            "alt+shift+f5",
            "super+k",
            "ctrl++",
            "space",
        ] {
            let c = Chord::parse(text).expect(text);
            assert_eq!(c.to_string(), text);
        }
        assert_eq!(
            Chord::parse("Control+S").map(|c| c.to_string()).as_deref(),
            Some("ctrl+s")
        );
        assert_eq!(Chord::parse("hyper+s"), None);
        assert_eq!(Chord::parse(""), None);
    }

    #[test]
    fn binding_a_taken_chord_unbinds_the_action_that_had_it() {
        let mut b = Bindings::default();
        let ctrl_z = Chord::parse("ctrl+z").expect("chord");
        assert_eq!(b.bind(Action::Redo, ctrl_z.clone()), Some(Action::Undo));
        assert_eq!(b.chord(Action::Undo), None);
        assert_eq!(b.action_for(&ctrl_z), Some(Action::Redo));
        // Binding an action's own chord again takes it from nobody.
        assert_eq!(b.bind(Action::Redo, ctrl_z), None);
    }

    #[test]
    fn a_table_with_unknown_names_and_bad_chords_reports_them() {
        let table: BTreeMap<String, String> = [
            ("undo", "ctrl+u"),
            ("fly", "f"),
            ("redo", "ctrl+banana+y"),
            ("mark", ""),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let (b, problems) = Bindings::from_table(&table);
        assert_eq!(
            b.chord(Action::Undo).map(ToString::to_string).as_deref(),
            Some("ctrl+u")
        );
        assert_eq!(
            b.chord(Action::Redo).map(ToString::to_string).as_deref(),
            Some("ctrl+y")
        );
        assert_eq!(b.chord(Action::Mark), None);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("`fly` is not an action"));
        assert!(problems[1].contains("redo"));
        let back = Bindings::from_table(&b.to_table()).0;
        assert_eq!(back, b);
    }
}
