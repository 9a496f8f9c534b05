//! No input makes the server panic or hang: every shipped puzzle and thousands of mutations of
//! them, and bytes that are no puzzle at all, go through every request; garbage on the wire
//! ends the program with an error, never a panic. lockfmt's fuzz targets keep no corpus in the
//! repository, so the corpus here is every template, mutated from a fixed seed.

mod common;

use common::{Client, at, doc, root};
use engine::random::Random;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Every puzzle file under `templates/`, with its extension.
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut folders = vec![root().join("templates")];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let ext = path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("")
                .to_string();
            if ["lock", "non", "quad", "slide"].contains(&ext.as_str())
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push((ext, text));
            }
        }
    }
    assert!(out.len() >= 20, "the templates: {}", out.len());
    out
}

const GLYPHS: &[char] = &[
    '.', ':', '~', 'o', '@', '%', '-', '/', '\\', 'A', 'B', '1', '9', 'a', 'K', '+', '*', '#', '"',
    ' ', '\n', '\r', '\t', 'é', '𝄞', '\u{feff}', '\0', ',', '>', '0',
];

/// One mutation of a text, as a fuzzer's: a character changed, inserted or deleted, a line
/// doubled or dropped, the text cut.
fn mutate(text: &str, random: &mut Random) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = random.below(chars.len() + 1);
    let glyph = *random.choose(GLYPHS).unwrap_or(&'.');
    match random.below(6) {
        0 if at < chars.len() => chars[at] = glyph,
        1 => chars.insert(at, glyph),
        2 if at < chars.len() => {
            chars.remove(at);
        }
        3 => {
            let lines: Vec<&str> = text.split('\n').collect();
            let i = random.below(lines.len());
            let mut lines = lines;
            lines.insert(i, lines[i]);
            return lines.join("\n");
        }
        4 => {
            let mut lines: Vec<&str> = text.split('\n').collect();
            lines.remove(random.below(lines.len()));
            return lines.join("\n");
        }
        _ => chars.truncate(at),
    }
    chars.into_iter().collect()
}

/// Asks every question of a document at a few places; none may fail inside the server.
fn ask_everything(client: &mut Client, uri: &str, text: &str, random: &mut Random) {
    let lines = text.split('\n').count() as u32;
    let mut answers =
        vec![
        client.request("textDocument/semanticTokens/full", doc(uri)),
        client.request("textDocument/formatting", json!({
            "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true },
        })),
        client.request("textDocument/codeLens", doc(uri)),
    ];
    for _ in 0..4 {
        let line = random.below(lines as usize + 2) as u32;
        let character = random.below(40) as u32;
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
            "textDocument/prepareRename",
        ] {
            answers.push(client.request(method, at(uri, line, character)));
        }
        let mut rename = at(uri, line, character);
        rename["newName"] = json!(["Q", "7", "x", "", "𝄞"][random.below(5)]);
        answers.push(client.request("textDocument/rename", rename));
        answers.push(client.request("textDocument/rangeFormatting", json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": line, "character": 0 }, "end": { "line": line + 2, "character": character } },
            "options": { "tabSize": 4, "insertSpaces": true },
        })));
    }
    for answer in answers {
        // -32603 is what a request that panicked inside is answered with.
        assert_ne!(answer["error"]["code"], -32603, "{uri}: {answer}\n{text:?}");
    }
}

#[test]
fn every_template_and_its_mutations_are_served_without_a_failure() {
    let (mut client, _) =
        Client::start(json!({}), json!({ "debounceMs": 0, "solveSeconds": 0.05 }));
    let mut random = Random::new(56);
    for (n, (ext, text)) in corpus().into_iter().enumerate() {
        let uri = format!("file:///tmp/corpus-{n}.{ext}");
        client.open(&uri, &text);
        ask_everything(&mut client, &uri, &text, &mut random);
        let mut current = text;
        for version in 2..10 {
            current = mutate(&current, &mut random);
            client.notify(
                "textDocument/didChange",
                json!({
                    "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "text": current }],
                }),
            );
            ask_everything(&mut client, &uri, &current, &mut random);
        }
        client.wait_for("textDocument/publishDiagnostics", |p| {
            p["uri"] == uri.as_str() && p["version"] == 9
        });
        client.notify("textDocument/didClose", doc(&uri));
    }
    no_check_failed(&mut client);
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn bytes_that_are_no_puzzle_are_served_too() {
    let (mut client, _) =
        Client::start(json!({}), json!({ "debounceMs": 0, "solveSeconds": 0.05 }));
    let mut random = Random::new(7);
    for n in 0..60 {
        let length = [0, 1, 17, 300, 5000][n % 5];
        let bytes: Vec<u8> = (0..length).map(|_| random.below(256) as u8).collect();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        for ext in ["lock", "non", "quad", "slide"] {
            let uri = format!("file:///tmp/garbage-{n}.{ext}");
            client.open(&uri, &text);
            ask_everything(&mut client, &uri, &text, &mut random);
        }
    }
    // A text as large as a file may be, and one line far longer than any puzzle's.
    let huge = "spring A r1c1 -> B r2c2 natural 1\n".repeat(40_000);
    let long = format!("size: 3\ngrid:\n{}\n", ". ".repeat(200_000));
    for (n, text) in [huge, long].iter().enumerate() {
        let uri = format!("file:///tmp/huge-{n}.lock");
        client.open(&uri, text);
        ask_everything(&mut client, &uri, text, &mut random);
    }
    // Parameters the protocol does not have are refused, not obeyed.
    let odd = client.request("textDocument/hover", json!({ "textDocument": 3 }));
    assert_eq!(odd["error"]["code"], -32602);
    let unknown = client.request("textDocument/unheardOf", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    client.notify("textDocument/didChange", json!({ "nonsense": true }));
    client.notify("textDocument/didOpen", json!([1, 2, 3]));
    no_check_failed(&mut client);
    client.shut_down().expect("a clean shutdown");
}

/// No diagnostics said the checker itself failed (a panic caught while checking).
fn no_check_failed(client: &mut Client) {
    for published in client.received("textDocument/publishDiagnostics") {
        let failed = published["diagnostics"]
            .as_array()
            .is_some_and(|ds| ds.iter().any(|d| d["code"] == "internal"));
        assert!(!failed, "{published}");
    }
}

/// The program with `input` on its standard input: its exit status and standard error, or a
/// failure if it is still running after a few seconds.
fn program(input: &[u8]) -> (bool, String, Vec<u8>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockwright-lsp"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // The server may stop reading at the first bad byte: a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().expect("a status") {
            let mut err = String::new();
            let mut out = Vec::new();
            child.stderr.take().map(|mut e| e.read_to_string(&mut err));
            child.stdout.take().map(|mut o| o.read_to_end(&mut out));
            return (status.success(), err, out);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!(
                "the server hung on {:?}",
                String::from_utf8_lossy(&input[..input.len().min(200)])
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn framed(messages: &[Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for m in messages {
        let body = serde_json::to_vec(m).expect("json");
        out.extend(format!("Content-Length: {}\r\n\r\n", body.len()).bytes());
        out.extend(body);
    }
    out
}

fn initialize() -> Vec<Value> {
    vec![
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
        json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
    ]
}

#[test]
fn the_program_serves_a_session_and_ends_cleanly() {
    let mut session = initialize();
    session.extend([
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": {
            "uri": "file:///tmp/x.lock", "languageId": "lock", "version": 1, "text": "lockwright-lock 1\nsize: 3\n" } } }),
        json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }),
        json!({ "jsonrpc": "2.0", "method": "exit" }),
    ]);
    let (ok, err, out) = program(&framed(&session));
    assert!(ok, "{err}");
    let out = String::from_utf8_lossy(&out);
    assert!(
        out.contains("\"capabilities\"") && out.contains("missing-grid"),
        "{out}"
    );
}

#[test]
fn garbage_on_the_wire_ends_the_program_with_an_error_and_no_panic() {
    let mut random = Random::new(3);
    let noise: Vec<u8> = (0..4096).map(|_| random.below(256) as u8).collect();
    let mut after_init = framed(&initialize());
    after_init.extend(b"Content-Length: 5\r\n\r\n{\"a\":");
    let mut truncated = framed(&initialize());
    truncated.extend(b"Content-Length: 500\r\n\r\n{}");
    for (what, input) in [
        ("noise", noise),
        ("nothing", Vec::new()),
        (
            "an endless length",
            b"Content-Length: 18446744073709551615\r\n\r\n{}".to_vec(),
        ),
        (
            "a length past the limit",
            b"Content-Length: 999999999999\r\n\r\n".to_vec(),
        ),
        ("a header line without end", vec![b'C'; 100_000]),
        ("a body that is no JSON-RPC", after_init),
        ("a body cut short", truncated),
        (
            "exit first",
            framed(&[json!({ "jsonrpc": "2.0", "method": "exit" })]),
        ),
    ] {
        let (ok, err, _) = program(&input);
        assert!(!ok, "{what}: the program should fail");
        assert!(!err.contains("panicked"), "{what}: {err}");
        assert!(err.starts_with("lockwright-lsp: "), "{what}: {err}");
    }
}
