//! Whether a window can be opened here at all.

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

#[cfg(test)]
mod tests {
    use super::check_env;
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
}
