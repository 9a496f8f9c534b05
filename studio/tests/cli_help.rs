//! What the command line says of itself: every verb in its help, its shells' completion
//! scripts and its manual pages.

mod command;

use command::{lockwright, text};

/// Every verb, as the command line defines it (the families' own verbs included).
fn verbs() -> Vec<String> {
    studio::cli::command()
        .get_subcommands()
        .map(|v| v.get_name().to_string())
        .filter(|v| v != "help")
        .collect()
}

#[test]
fn every_shells_completion_script_names_every_verb() {
    let dir = tempfile::tempdir().expect("dir");
    let verbs = verbs();
    assert!(verbs.len() > 20, "{verbs:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = lockwright(&["completions", shell], dir.path());
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        for verb in &verbs {
            assert!(script.contains(verb.as_str()), "{shell} names no `{verb}`");
        }
    }
    let out = lockwright(&["completions", "tcsh"], dir.path());
    assert_eq!(
        out.status.code(),
        Some(2),
        "a shell it does not know is refused"
    );
}

#[test]
fn man_writes_a_page_for_the_program_and_for_every_verb() {
    let dir = tempfile::tempdir().expect("dir");
    let out = lockwright(&["man", "--out", "pages"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = |name: &str| {
        std::fs::read_to_string(dir.path().join("pages").join(format!("{name}.1")))
            .unwrap_or_else(|e| panic!("{name}.1: {e}"))
    };
    assert!(page("lockwright").starts_with(".ie"), "roff");
    for verb in verbs() {
        let text = page(&format!("lockwright-{verb}"));
        assert!(text.contains(".TH"), "{verb}: {text}");
        assert!(
            text.contains(&format!("lockwright\\-{verb}")),
            "{verb}'s page names it: {text}"
        );
    }
    // Without a folder, the main page on standard output.
    let out = lockwright(&["man"], dir.path());
    assert!(
        text(&out.stdout).contains(".TH lockwright 1"),
        "{}",
        text(&out.stdout)
    );
}

/// The verbs a `--help` lists, with the description it gives each.
fn verbs_listed(help: &str) -> Vec<(String, String)> {
    let Some((_, after)) = help.split_once("\nCommands:\n") else {
        return Vec::new();
    };
    after
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| {
            let (name, about) = l.trim_start().split_once(' ')?;
            Some((name.to_string(), about.trim().to_string()))
        })
        .filter(|(name, _)| name != "help")
        .collect()
}

/// Every verb's help begins with the description its parent lists for it. Verbs whose
/// arguments clap defines only when the verb is read once began instead with the
/// documentation of the arguments shared by every online verb ("Where and how: …") or by
/// every match verb, which clap took as the verb's own.
#[test]
fn every_verbs_help_begins_with_its_own_description() {
    let dir = tempfile::tempdir().expect("dir");
    let mut to_read: Vec<Vec<String>> = vec![Vec::new()];
    let mut read = 0;
    while let Some(path) = to_read.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = text(&lockwright(&args, dir.path()).stdout);
        for (name, about) in verbs_listed(&help) {
            let mut verb = path.clone();
            verb.push(name);
            let mut args: Vec<&str> = verb.iter().map(String::as_str).collect();
            args.push("--help");
            let own = text(&lockwright(&args, dir.path()).stdout);
            let first = own.lines().next().unwrap_or_default();
            assert_eq!(first, about, "`lockwright {}`", verb.join(" "));
            to_read.push(verb);
            read += 1;
        }
    }
    assert!(read > 40, "only {read} verbs read");
}
