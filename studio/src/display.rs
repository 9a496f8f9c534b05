//! Whether a window can be opened here at all, and opening it.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

/// What the windowing library says, in a panic, when it cannot reach the display server: it
/// does not return that as an error.
const REFUSAL: &str = "Create event loop";

/// `Ok` when a display server is named in the environment; otherwise why not.
pub fn check() -> Result<(), String> {
    check_env(|k| std::env::var_os(k))
}

fn check_env(get: impl Fn(&str) -> Option<std::ffi::OsString>) -> Result<(), String> {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return Ok(());
    }
    let set = |k: &str| get(k).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") {
        Ok(())
    } else {
        Err("neither DISPLAY nor WAYLAND_DISPLAY is set".into())
    }
}

/// Runs the window: a display server that is named but cannot be reached (a stale `DISPLAY`,
/// a server that stopped) is an error that says so, not a panic. Any other panic goes on as
/// one, with its report.
pub fn open<T>(run: impl FnOnce() -> T) -> Result<T, String> {
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if refusal(info.payload()).is_none() {
            report(info);
        }
    }));
    let ran = panic::catch_unwind(AssertUnwindSafe(run));
    // The default report again, for whatever panics later.
    drop(panic::take_hook());
    ran.map_err(|payload| match refusal(payload.as_ref()) {
        Some(why) => why,
        None => panic::resume_unwind(payload),
    })
}

/// The windowing library's refusal to reach the display, from a panic's payload.
fn refusal(payload: &(dyn Any + Send)) -> Option<String> {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())?;
    if !text.starts_with(REFUSAL) {
        return None;
    }
    // The library's error names its own source file; the last `error:` is what went wrong.
    let why = match text.rfind("error: ") {
        Some(at) => {
            let rest = &text[at + "error: ".len()..];
            rest.strip_suffix(" })").unwrap_or(rest)
        }
        None => text,
    };
    Some(why.to_string())
}

/// The display the environment names, for messages.
pub fn named() -> String {
    ["WAYLAND_DISPLAY", "DISPLAY"]
        .into_iter()
        .filter_map(std::env::var_os)
        .map(|v| v.to_string_lossy().into_owned())
        .find(|v| !v.is_empty())
        .unwrap_or_else(|| "(none named)".into())
}

#[cfg(test)]
mod tests {
    use super::{check_env, open};
    use std::ffi::OsString;

    #[test]
    fn no_display_variables_means_no_display() {
        if cfg!(any(target_os = "windows", target_os = "macos")) {
            return;
        }
        assert!(check_env(|_| None).is_err());
        assert!(check_env(|_| Some(OsString::new())).is_err());
    }

    #[test]
    fn x11_or_wayland_display_is_enough() {
        assert!(check_env(|k| (k == "DISPLAY").then(|| OsString::from(":0"))).is_ok());
        assert!(
            check_env(|k| (k == "WAYLAND_DISPLAY").then(|| OsString::from("wayland-0"))).is_ok()
        );
    }

    #[test]
    fn a_refusal_to_reach_the_display_is_an_error_and_other_panics_stay_panics() {
        let refused = open(|| -> () {
            panic!(
                "Create event loop: Os(OsError {{ line: 788, file: \"src/x.rs\", \
                 error: XNotSupported(XOpenDisplayFailed) }})"
            )
        });
        assert_eq!(
            refused,
            Err("XNotSupported(XOpenDisplayFailed)".to_string())
        );
        let plain = open(|| -> () { panic!("Create event loop: no display") });
        assert_eq!(plain, Err("Create event loop: no display".to_string()));
        assert_eq!(open(|| 7), Ok(7));
        let other = std::panic::catch_unwind(|| open(|| -> () { panic!("a bug") }));
        assert!(other.is_err(), "a bug's panic goes on");
    }
}
