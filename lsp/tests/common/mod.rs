//! A client for tests: the server on a thread over an in-memory connection, requests answered
//! by id, notifications kept until a test asks for them.
#![allow(dead_code)]

use crossbeam_channel::RecvTimeoutError;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a test waits for any one answer before failing rather than hanging.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    connection: Connection,
    server: Option<JoinHandle<Result<(), lockwright_lsp::Error>>>,
    next: i32,
    /// Notifications (and server requests) not yet looked at.
    pending: VecDeque<Message>,
}

impl Client {
    /// A server started and initialised with these client capabilities and options.
    pub fn start(capabilities: Value, options: Value) -> (Client, Value) {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || lockwright_lsp::run(&server));
        let mut client = Client {
            connection: client,
            server: Some(handle),
            next: 0,
            pending: VecDeque::new(),
        };
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": capabilities,
                "initializationOptions": options,
            }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    /// A server with no capabilities said and a short debounce.
    pub fn plain() -> Client {
        Client::start(json!({}), json!({ "debounceMs": 20 })).0
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.connection
            .sender
            .send(Notification::new(method.into(), params).into())
            .expect("the server listens");
    }

    /// Sends a request and waits for its answer: the result, or the error as `{"error": …}`.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        self.connection
            .sender
            .send(Request::new(id.clone(), method.into(), params).into())
            .expect("the server listens");
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self.receive(deadline) {
                Message::Response(r) if r.id == id => {
                    return match r.response_result {
                        Ok(v) => v,
                        Err(e) => json!({ "error": { "code": e.code, "message": e.message } }),
                    };
                }
                other => self.pending.push_back(other),
            }
        }
    }

    fn receive(&self, deadline: Instant) -> Message {
        match self
            .connection
            .receiver
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("the server did not answer in time"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server hung up"),
        }
    }

    /// The next notification of `method` whose parameters satisfy `wanted`.
    pub fn wait_for(&mut self, method: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(
            |m| matches!(m, Message::Notification(n) if n.method == method && wanted(&n.params)),
        ) && let Some(Message::Notification(n)) = self.pending.remove(i)
        {
            return n.params;
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self.receive(deadline) {
                Message::Notification(n) if n.method == method && wanted(&n.params) => {
                    return n.params;
                }
                other => self.pending.push_back(other),
            }
        }
    }

    /// Every notification of `method` received so far, without waiting.
    pub fn received(&mut self, method: &str) -> Vec<Value> {
        while let Ok(m) = self.connection.receiver.try_recv() {
            self.pending.push_back(m);
        }
        self.pending
            .iter()
            .filter_map(|m| match m {
                Message::Notification(n) if n.method == method => Some(n.params.clone()),
                _ => None,
            })
            .collect()
    }

    /// Opens a document and waits for its first diagnostics.
    pub fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "", "version": 1, "text": text } }),
        );
        self.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri)
    }

    /// `shutdown` then `exit`, and what the server's run returned.
    pub fn shut_down(mut self) -> Result<(), lockwright_lsp::Error> {
        let answer = self.request("shutdown", Value::Null);
        assert_eq!(answer, Value::Null);
        self.notify("exit", Value::Null);
        self.join()
    }

    pub fn join(mut self) -> Result<(), lockwright_lsp::Error> {
        let handle = self.server.take().expect("a server");
        let deadline = Instant::now() + PATIENCE;
        while !handle.is_finished() {
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(10));
        }
        handle.join().expect("the server never panics")
    }
}

/// A position's parameters.
pub fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

pub fn doc(uri: &str) -> Value {
    json!({ "textDocument": { "uri": uri } })
}

/// The repository's folder.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Applies text edits (as LSP JSON) to a text whose positions count UTF-16 units.
pub fn apply(text: &str, edits: &Value) -> String {
    let edits: Vec<lsp_types::TextEdit> =
        serde_json::from_value(edits.clone()).expect("text edits");
    let lines =
        lockwright_lsp::position::Lines::new(text, lockwright_lsp::position::Encoding::Utf16);
    lockwright_lsp::edits::apply(text, &edits, &lines)
}
