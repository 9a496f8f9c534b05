//! The server driven by JSON-RPC as an editor drives it, over an in-memory connection.

mod common;

use common::{Client, apply, at, doc, root};
use lockfmt::Text;
use serde_json::{Value, json};

const SPRING_PULL: &str = include_str!("../../templates/hexlock/starter/spring-pull.lock");
const URI: &str = "file:///tmp/spring-pull.lock";

/// Spring Pull with a glyph no piece draws where block A was.
fn broken() -> String {
    SPRING_PULL.replacen(" . . . . A . . .", " . . . . ? . . .", 1)
}

/// lockfmt's own diagnostics as the protocol says them, for an ASCII text (where a column in
/// UTF-16 units is the column in characters).
fn expected(text: &str) -> Vec<Value> {
    lockfmt::hexlock::HexLock
        .check(text.as_bytes())
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "code": d.code,
                "message": d.message,
                "severity": if d.is_error() { 1 } else { 2 },
                "range": {
                    "start": { "line": d.span.line - 1, "character": d.span.column - 1 },
                    "end": { "line": d.span.end_line - 1, "character": d.span.end_column - 1 },
                },
            })
        })
        .collect()
}

fn said(diagnostics: &Value) -> Vec<Value> {
    diagnostics["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            json!({
                "code": d["code"], "message": d["message"],
                "severity": d["severity"], "range": d["range"],
            })
        })
        .collect()
}

#[test]
fn initialize_announces_what_the_server_does_in_utf16_unless_utf8_is_offered() {
    let (client, result) = Client::start(json!({}), json!({}));
    let capabilities = &result["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    for provider in [
        "hoverProvider",
        "completionProvider",
        "definitionProvider",
        "referencesProvider",
        "renameProvider",
        "documentFormattingProvider",
        "documentRangeFormattingProvider",
        "semanticTokensProvider",
        "codeLensProvider",
        "inlayHintProvider",
    ] {
        assert!(!capabilities[provider].is_null(), "{provider}");
    }
    assert_eq!(result["serverInfo"]["name"], "lockwright");
    client.shut_down().expect("a clean shutdown");

    let offered = json!({ "general": { "positionEncodings": ["utf-16", "utf-8"] } });
    let (client, result) = Client::start(offered, json!({}));
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-8");
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn a_broken_lock_gets_checks_diagnostics_at_their_line_and_column() {
    let mut client = Client::plain();
    let text = broken();
    let published = client.open(URI, &text);
    let got = said(&published);
    assert!(!got.is_empty());
    assert_eq!(got, expected(&text));
    let row = line_of(&text, " . . . . ?");
    assert!(
        got.iter().any(|d| d["code"] == "unknown-glyph"
            && d["range"]["start"] == json!({ "line": row, "character": 9 })),
        "{got:#?}"
    );
    assert!(published["diagnostics"][0]["source"] == "lockwright");
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn diagnostics_follow_the_typing_once_it_pauses() {
    let mut client = Client::plain();
    client.open(URI, SPRING_PULL);
    let text = broken();
    for (version, text) in [
        (2, SPRING_PULL.replace("size: 4", "size: 5")),
        (3, text.clone()),
    ] {
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": version },
                "contentChanges": [{ "text": text }],
            }),
        );
    }
    let published = client.wait_for("textDocument/publishDiagnostics", |p| p["version"] == 3);
    assert_eq!(said(&published), expected(&text));
    // The two edits came within the pause: version 2 was never checked on its own.
    assert!(
        client
            .received("textDocument/publishDiagnostics")
            .iter()
            .all(|p| p["version"] != 2)
    );
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn utf8_positions_count_bytes_where_utf16_counts_units() {
    // A glyph of two UTF-16 units (four bytes) before an unknown one on the same row.
    let text = SPRING_PULL.replacen(" . . . . A . . .", " 𝄞 . . . A . ¤ .", 1);
    let row = line_of(&text, " 𝄞");
    let diagnostics = lockfmt::hexlock::HexLock.check(text.as_bytes()).diagnostics;
    let last = diagnostics
        .iter()
        .filter(|d| d.span.line == row as usize + 1)
        .max_by_key(|d| d.span.column)
        .expect("a diagnostic on the row")
        .clone();
    let line = text.lines().nth(row as usize).expect("the row");
    let before: String = line.chars().take(last.span.column - 1).collect();
    assert!(before.contains('𝄞'), "{before}");
    for (offered, units) in [
        (json!({}), before.encode_utf16().count()),
        (
            json!({ "general": { "positionEncodings": ["utf-8"] } }),
            before.len(),
        ),
    ] {
        let (mut client, _) = Client::start(offered, json!({ "debounceMs": 20 }));
        let published = client.open(URI, &text);
        let got = said(&published);
        let d = got
            .iter()
            .find(|d| d["message"] == last.message.as_str())
            .expect("the diagnostic");
        assert_eq!(d["range"]["start"]["line"], row);
        assert_eq!(d["range"]["start"]["character"], units);
        client.shut_down().expect("a clean shutdown");
    }
}

#[test]
fn formatting_gives_the_canonical_text_as_line_edits() {
    let mut client = Client::plain();
    let messy = SPRING_PULL
        .replace(
            "hook arm E\nwrench momentum none\n",
            "wrench momentum none\nhook arm E\n",
        )
        .replace("size: 4", "size:    4");
    client.open(URI, &messy);
    let edits = client.request(
        "textDocument/formatting",
        json!({
            "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true },
        }),
    );
    let canonical = lockfmt::hexlock::format(&messy).expect("a valid lock");
    assert_eq!(apply(&messy, &edits), canonical);
    // Only the lines that change are touched.
    let touched: usize = edits
        .as_array()
        .expect("edits")
        .iter()
        .map(|e| {
            (e["range"]["end"]["line"].as_u64().unwrap_or(0)
                - e["range"]["start"]["line"].as_u64().unwrap_or(0)) as usize
        })
        .sum();
    assert!(touched <= 3, "{edits:#}");

    // A range keeps the edits on its lines.
    let size_line = messy
        .lines()
        .position(|l| l.starts_with("size"))
        .expect("size") as u32;
    let ranged = client.request("textDocument/rangeFormatting", json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": size_line, "character": 0 }, "end": { "line": size_line, "character": 3 } },
        "options": { "tabSize": 4, "insertSpaces": true },
    }));
    assert_eq!(
        apply(&messy, &ranged),
        messy.replace("size:    4", "size: 4")
    );

    // A text with errors is never rewritten.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": broken() }],
        }),
    );
    let none = client.request(
        "textDocument/formatting",
        json!({
            "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true },
        }),
    );
    assert_eq!(none, Value::Null);
    client.shut_down().expect("a clean shutdown");
}

fn line_of(text: &str, prefix: &str) -> u32 {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .expect("the line") as u32
}

#[test]
fn hover_says_what_a_spring_and_a_piece_are() {
    let mut client = Client::plain();
    client.open(URI, SPRING_PULL);
    let spring = client.request(
        "textDocument/hover",
        at(URI, line_of(SPRING_PULL, "spring"), 9),
    );
    let words = spring["contents"]["value"].as_str().expect("markdown");
    assert!(words.contains("natural length 1"), "{words}");
    assert_eq!(spring["contents"]["kind"], "markdown");
    let row = line_of(SPRING_PULL, "    . . . : B");
    let bolt = client.request("textDocument/hover", at(URI, row, 12));
    let words = bolt["contents"]["value"].as_str().expect("markdown");
    assert!(
        words.contains("**Block B**") && words.contains("bolthole"),
        "{words}"
    );
    assert_eq!(
        bolt["range"]["start"],
        json!({ "line": row, "character": 12 })
    );
    let nothing = client.request("textDocument/hover", at(URI, 200, 0));
    assert_eq!(nothing, Value::Null);
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn completion_offers_keywords_values_and_pieces() {
    let mut client = Client::plain();
    let text = format!("{SPRING_PULL}sp\nspring ");
    client.open(URI, &text);
    let labels = |v: &Value| -> Vec<String> {
        v.as_array()
            .expect("items")
            .iter()
            .map(|i| i["label"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let last = text.lines().count() as u32;
    let keywords = client.request("textDocument/completion", at(URI, last - 2, 2));
    assert_eq!(labels(&keywords), ["spring"]);
    let pieces = client.request("textDocument/completion", at(URI, last - 1, 7));
    let offered = labels(&pieces);
    assert!(
        offered.contains(&"A".to_string()) && offered.contains(&"B".to_string()),
        "{offered:?}"
    );
    assert!(offered.contains(&"natural".to_string()), "{offered:?}");
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn semantic_tokens_colour_the_file_as_the_grammar_does() {
    let mut client = Client::plain();
    let (_, result) = Client::start(json!({}), json!({}));
    let legend: Vec<String> = serde_json::from_value(
        result["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"].clone(),
    )
    .expect("a legend");
    client.open(URI, SPRING_PULL);
    let tokens = client.request("textDocument/semanticTokens/full", doc(URI));
    let data: Vec<u32> = serde_json::from_value(tokens["data"].clone()).expect("data");
    assert_eq!(data.len() % 5, 0);
    // Decoded: (line, start, length, type).
    let (mut line, mut start) = (0, 0);
    let decoded: Vec<(u32, u32, u32, &str)> = data
        .chunks(5)
        .map(|t| {
            if t[0] > 0 {
                start = 0;
            }
            line += t[0];
            start += t[1];
            (line, start, t[2], legend[t[3] as usize].as_str())
        })
        .collect();
    let spring = line_of(SPRING_PULL, "spring");
    assert!(decoded.contains(&(spring, 0, 6, "keyword")), "{decoded:?}");
    assert!(decoded.contains(&(
        0,
        0,
        SPRING_PULL.lines().next().map_or(0, |l| l.len() as u32),
        "comment"
    )));
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn a_pieces_name_leads_to_its_cells_and_is_renamed_everywhere() {
    let mut client = Client::plain();
    client.open(URI, SPRING_PULL);
    let spring = line_of(SPRING_PULL, "spring");
    // `spring A r4c5 -> B r1c5 natural 1`: B is at character 17.
    let definition = client.request("textDocument/definition", at(URI, spring, 17));
    let row = line_of(SPRING_PULL, "    . . . : B");
    assert_eq!(
        definition["range"]["start"],
        json!({ "line": row, "character": 12 })
    );
    // A cell reference leads to its cell: r4c5 is A's.
    let cell = client.request("textDocument/definition", at(URI, spring, 10));
    let a_row = line_of(SPRING_PULL, " . . . . A");
    assert_eq!(
        cell["range"]["start"],
        json!({ "line": a_row, "character": 9 })
    );

    let references = client.request(
        "textDocument/references",
        json!({
            "textDocument": { "uri": URI }, "position": { "line": spring, "character": 17 },
            "context": { "includeDeclaration": true },
        }),
    );
    assert_eq!(
        references.as_array().map(Vec::len),
        Some(2),
        "{references:#}"
    );

    let prepared = client.request("textDocument/prepareRename", at(URI, spring, 17));
    assert_eq!(prepared["placeholder"], "B");
    let mut rename = at(URI, spring, 17);
    rename["newName"] = json!("Z");
    let edit = client.request("textDocument/rename", rename.clone());
    let renamed = apply(SPRING_PULL, &edit["changes"][URI]);
    assert!(
        renamed.contains("    . . . : Z") && renamed.contains("-> Z r1c5"),
        "{renamed}"
    );
    assert!(lockfmt::hexlock::parse(&renamed).valid_lock().is_some());
    rename["newName"] = json!("A");
    let refused = client.request("textDocument/rename", rename);
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("already")),
        "{refused}"
    );
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn the_solvers_verdict_comes_as_a_lens_and_an_edit_calls_it_off() {
    let mut client = Client::plain();
    let solution =
        std::fs::read_to_string(root().join("templates/hexlock/starter/spring-pull.solution"))
            .expect("the solution");
    let moves = lockfmt::hexlock::parse_solution(&solution)
        .expect("a solution")
        .moves
        .len();
    client.open(URI, SPRING_PULL);
    let verdict = client.wait_for("lockwright/verdict", |p| p["uri"] == URI);
    let said = verdict["verdict"].as_str().expect("a verdict");
    let count = if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    };
    assert!(said.starts_with(&format!("opens in {count}")), "{said}");
    let lenses = client.request("textDocument/codeLens", doc(URI));
    assert_eq!(lenses[0]["command"]["title"], said);
    let hints = client.request("textDocument/inlayHint", json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 99, "character": 0 } },
    }));
    assert_eq!(hints[0]["label"], said);
    // The solution, written beside the lock, is the one the solver found and it opens it.
    let actions = client.request("textDocument/codeAction", json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
        "context": { "diagnostics": [] },
    }));
    let changes = &actions[0]["edit"]["documentChanges"];
    assert_eq!(changes[0]["kind"], "create");
    assert_eq!(changes[0]["uri"], "file:///tmp/spring-pull.solution");
    let written = changes[1]["edits"][0]["newText"]
        .as_str()
        .expect("the solution");
    let found = lockfmt::hexlock::parse_solution(written).expect("a solution file");
    assert_eq!(found.moves.len(), moves);

    // An edit drops the verdict of the old text at once.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": broken() }],
        }),
    );
    let lenses = client.request("textDocument/codeLens", doc(URI));
    assert_eq!(lenses, json!([]));
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn every_family_is_checked_and_judged() {
    let mut client = Client::plain();
    for (path, verdict) in [
        ("templates/nonogram/dancer.non", "unique"),
        ("templates/quadrillion/challenge-49.quad", "unique"),
        ("templates/sliding/seed-example.slide", "picked in 3 moves"),
    ] {
        let text = std::fs::read_to_string(root().join(path)).expect("a template");
        let uri = format!("file:///tmp/{}", path.rsplit('/').next().unwrap_or(path));
        let published = client.open(&uri, &text);
        assert_eq!(published["diagnostics"], json!([]), "{path}");
        let said = client.wait_for("lockwright/verdict", |p| p["uri"] == uri.as_str());
        let said = said["verdict"].as_str().unwrap_or("");
        assert!(said.starts_with(verdict), "{path}: {said}");
        let tokens = client.request("textDocument/semanticTokens/full", doc(&uri));
        assert!(
            tokens["data"].as_array().is_some_and(|d| !d.is_empty()),
            "{path}"
        );
        let actions = client.request(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": uri },
                "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
                "context": { "diagnostics": [] },
            }),
        );
        if path.ends_with(".slide") {
            let written = actions[0]["edit"]["documentChanges"][1]["edits"][0]["newText"]
                .as_str()
                .expect("a solution");
            let found =
                lockfmt::sliding::solution::parse_solution(written).expect("a solution file");
            let shipped = std::fs::read_to_string(root().join(path.replace(".slide", ".solution")))
                .expect("the shipped solution");
            let shipped =
                lockfmt::sliding::solution::parse_solution(&shipped).expect("a solution file");
            assert_eq!(found.moves, shipped.moves);
        } else {
            assert_eq!(actions, json!([]), "{path}: no solution files");
        }
    }
    client.shut_down().expect("a clean shutdown");
}

#[test]
fn exit_without_shutdown_is_a_failure_and_requests_after_shutdown_are_refused() {
    let client = Client::plain();
    client.notify("exit", Value::Null);
    assert!(matches!(
        client.join(),
        Err(lockwright_lsp::Error::ExitWithoutShutdown)
    ));

    let mut client = Client::plain();
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let refused = client.request("textDocument/hover", at(URI, 0, 0));
    assert_eq!(refused["error"]["code"], -32600);
    client.notify("exit", Value::Null);
    client.join().expect("exit after shutdown");
}

#[test]
fn the_other_families_hover_and_follow_their_names() {
    let mut client = Client::plain();
    // A sliding lock: a piece's letter in the picture and on its axis line, and the axis's cell.
    let slide = "3 . . . .\n2 + a a .\n1 K K . @\n  A B C D\naxis A2: a\n";
    let uri = "file:///tmp/axis.slide";
    client.open(uri, slide);
    let piece = client.request("textDocument/hover", at(uri, 1, 4));
    let words = piece["contents"]["value"].as_str().unwrap_or("");
    assert!(words.contains("**Piece a**, `BC2` in moves"), "{words}");
    let axis = client.request("textDocument/definition", at(uri, 4, 5));
    assert_eq!(axis["range"]["start"], json!({ "line": 1, "character": 2 }));
    let mut rename = at(uri, 4, 9);
    rename["newName"] = json!("q");
    let edit = client.request("textDocument/rename", rename);
    assert_eq!(
        apply(slide, &edit["changes"][uri]),
        "3 . . . .\n2 + q q .\n1 K K . @\n  A B C D\naxis A2: q\n"
    );

    // A nonogram's clue, and a Quadrillion board's grid line.
    let non = std::fs::read_to_string(root().join("templates/nonogram/spade.non")).expect("spade");
    let uri = "file:///tmp/spade.non";
    client.open(uri, &non);
    let first = line_of(&non, "rows") + 1;
    let clue = client.request("textDocument/hover", at(uri, first, 0));
    let words = clue["contents"]["value"].as_str().unwrap_or("");
    assert!(
        words.starts_with("**Row 1**: clue 3") && words.contains("line rule"),
        "{words}"
    );
    let quad = std::fs::read_to_string(root().join("templates/quadrillion/challenge-49.quad"))
        .expect("a board");
    let uri = "file:///tmp/challenge-49.quad";
    client.open(uri, &quad);
    let grid = client.request("textDocument/hover", at(uri, line_of(&quad, "grid 1"), 3));
    let words = grid["contents"]["value"].as_str().unwrap_or("");
    assert!(
        words.starts_with("**Grid 1**, its black side up"),
        "{words}"
    );
    client.shut_down().expect("a clean shutdown");
}

/// A sliding lock's solution file names each piece by the cells it covers before its move: its
/// hover says which piece that is, its definition is the piece in the lock's picture beside it,
/// and the piece's references in the lock reach the solution file.
#[test]
fn a_piece_named_in_a_sliding_solution_file_is_found_in_the_lock_beside_it() {
    let lock = include_str!("../../templates/sliding/seed-example.slide");
    let solution = include_str!("../../templates/sliding/seed-example.solution");
    let (lock_uri, solution_uri) = ("file:///tmp/lw/seed.slide", "file:///tmp/lw/seed.solution");
    let mut client = Client::plain();
    client.open(lock_uri, lock);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": solution_uri, "languageId": "", "version": 1, "text": solution } }),
    );
    let moves = solution
        .lines()
        .position(|l| l.starts_with("moves: BC1 L1, C34 D2, Key R1"))
        .expect("the moves line") as u32;
    let row3 = lock
        .lines()
        .position(|l| l.starts_with("3 K K a @"))
        .expect("row 3") as u32;
    let row4 = row3 - 1;
    // `C34` is the piece a, drawn at C3 and C4.
    let hover = client.request("textDocument/hover", at(solution_uri, moves, 16));
    let said = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(said.contains("**C34**: the piece `a`"), "{said}");
    assert!(said.contains("before move 2 (`C34 D2`)"), "{said}");
    let definition = client.request("textDocument/definition", at(solution_uri, moves, 16));
    assert_eq!(definition["uri"], lock_uri, "{definition}");
    assert_eq!(
        definition["range"]["start"],
        json!({ "line": row3, "character": 6 })
    );
    let references = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": solution_uri }, "position": { "line": moves, "character": 16 },
                "context": { "includeDeclaration": true } }),
    );
    let found: Vec<(String, u64, u64)> = references
        .as_array()
        .expect("references")
        .iter()
        .map(|l| {
            (
                l["uri"].as_str().unwrap_or_default().to_string(),
                l["range"]["start"]["line"].as_u64().unwrap_or(0),
                l["range"]["start"]["character"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert!(
        found.contains(&(lock_uri.into(), row3.into(), 6)),
        "{found:?}"
    );
    assert!(
        found.contains(&(solution_uri.into(), moves.into(), 15)),
        "{found:?}"
    );
    // From the lock: the piece a's references reach the solution's `C34`.
    let references = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": lock_uri }, "position": { "line": row4, "character": 6 },
                "context": { "includeDeclaration": true } }),
    );
    let in_solution = references
        .as_array()
        .expect("references")
        .iter()
        .any(|l| l["uri"] == solution_uri && l["range"]["start"]["character"] == 15);
    assert!(in_solution, "{references}");
    // A move name the lock does not have names nothing.
    let nothing = client.request("textDocument/hover", at(solution_uri, 0, 3));
    assert_eq!(nothing, Value::Null);
    client.shut_down().expect("a clean end");
}

/// The editor's outline lists a lock's named pieces, each once, where it is first drawn.
#[test]
fn the_outline_lists_each_named_piece_once() {
    let mut client = Client::plain();
    client.open(URI, SPRING_PULL);
    let symbols = client.request("textDocument/documentSymbol", doc(URI));
    let names: Vec<&str> = symbols
        .as_array()
        .expect("symbols")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["block B", "block A"], "{symbols}");
    let sliding = "file:///tmp/seed.slide";
    client.open(
        sliding,
        include_str!("../../templates/sliding/seed-example.slide"),
    );
    let symbols = client.request("textDocument/documentSymbol", doc(sliding));
    let names: Vec<&str> = symbols
        .as_array()
        .expect("symbols")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["piece a", "piece b"], "{symbols}");
    client.shut_down().expect("a clean end");
}
