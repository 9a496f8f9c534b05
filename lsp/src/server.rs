//! The session: `initialize`, one loop over the client's messages, the debounce timer and the
//! solver's answers, and `shutdown`/`exit`. Every request is answered at once from the text
//! the server holds (a puzzle file parses in a blink); only the solver runs elsewhere, one
//! thread per document, called off by the next edit, its answer dropped when the text moved on.
//! The answers themselves are in `requests`; a sliding lock and its solution file find each
//! other in `beside`.

use crate::edits;
use crate::error::Error;
use crate::family::{self, Occurrence, Offer, Served, Verdict};
use crate::position::{Encoding, Lines, Place};
use crate::sliding_solution;
use crate::tokens;
use crossbeam_channel::{Receiver, Sender, select, unbounded};
use engine::solving::{Cancel, Limits};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod beside;
mod requests;

use beside::{Beside, solution_uri};

/// What the client may set in `initializationOptions`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Options {
    /// How long typing must pause before the text is checked again, in milliseconds.
    pub debounce_ms: u64,
    /// How long the solver may think about one version of a file, in seconds; 0 asks no
    /// verdict.
    pub solve_seconds: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            debounce_ms: 200,
            solve_seconds: 10.0,
        }
    }
}

impl Options {
    fn limits(&self) -> Option<Limits> {
        (self.solve_seconds > 0.0 && self.solve_seconds.is_finite()).then(|| Limits {
            timeout: Some(Duration::from_secs_f64(self.solve_seconds.min(3600.0))),
            max_steps: None,
            // The hex lock's search counts its memory; a file typed in an editor must not
            // take the machine's.
            max_memory: Some(1 << 30),
        })
    }
}

/// The command a verdict's code lens names; it does nothing but show the verdict.
pub const VERDICT_COMMAND: &str = "lockwright.verdict";

/// An open document.
struct Document {
    text: String,
    version: i32,
    family: &'static dyn Served,
    /// When its diagnostics are next due (set by an edit, cleared when published).
    due: Option<Instant>,
    /// The verdict on the text as it is, once the solver answered.
    verdict: Option<Verdict>,
    /// The solver's run on this text, whose flag calls it off.
    solving: Option<Arc<AtomicBool>>,
}

impl Document {
    fn call_off(&mut self) {
        if let Some(flag) = self.solving.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// A solver's answer for one version of one document.
struct Answer {
    uri: lsp::Uri,
    version: i32,
    verdict: Option<Verdict>,
}

struct Server<'a> {
    connection: &'a Connection,
    encoding: Encoding,
    options: Options,
    /// Whether the client asks to be told when code lenses and inlay hints change.
    refresh: (bool, bool),
    documents: HashMap<lsp::Uri, Document>,
    /// Open solution files (`.solution`), whose moves name the pieces of the puzzle beside them.
    solutions: HashMap<lsp::Uri, String>,
    answers: (Sender<Answer>, Receiver<Answer>),
    next_id: i32,
    shutting_down: bool,
}

/// Serves one client on a connection to its end: `Ok` after `shutdown` and `exit`.
pub fn run(connection: &Connection) -> Result<(), Error> {
    let (id, params) = initialize(connection)?;
    let params: lsp::InitializeParams =
        serde_json::from_value(params).map_err(Error::Initialize)?;
    let encoding = Encoding::negotiate(
        params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref()),
    );
    let options = params
        .initialization_options
        .and_then(|o| serde_json::from_value(o).ok())
        .unwrap_or_default();
    let workspace = params.capabilities.workspace.as_ref();
    let refresh = (
        workspace
            .and_then(|w| w.code_lens.as_ref())
            .and_then(|c| c.refresh_support)
            .unwrap_or(false),
        workspace
            .and_then(|w| w.inlay_hint.as_ref())
            .and_then(|c| c.refresh_support)
            .unwrap_or(false),
    );
    let result = lsp::InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(lsp::ServerInfo {
            name: "lockwright".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    send(connection, Response::new_ok(id, result).into())?;
    let mut server = Server {
        connection,
        encoding,
        options,
        refresh,
        documents: HashMap::new(),
        solutions: HashMap::new(),
        answers: unbounded(),
        next_id: 0,
        shutting_down: false,
    };
    let ended = server.serve();
    for document in server.documents.values_mut() {
        document.call_off();
    }
    ended
}

/// Waits for `initialize`, answering anything before it as the protocol says.
fn initialize(connection: &Connection) -> Result<(RequestId, Value), Error> {
    loop {
        match connection.receiver.recv() {
            Err(_) => return Err(Error::Disconnected),
            Ok(Message::Request(r)) if r.method == "initialize" => return Ok((r.id, r.params)),
            Ok(Message::Request(r)) => send(
                connection,
                Response::new_err(
                    r.id,
                    ErrorCode::ServerNotInitialized as i32,
                    "the server is not initialised yet".into(),
                )
                .into(),
            )?,
            Ok(Message::Notification(n)) if n.method == "exit" => {
                return Err(Error::NotInitialize(n.method));
            }
            Ok(_) => {}
        }
    }
}

fn send(connection: &Connection, message: Message) -> Result<(), Error> {
    connection
        .sender
        .send(message)
        .map_err(|_| Error::Disconnected)
}

/// What the server offers.
fn capabilities(encoding: Encoding) -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec![" ".into()]),
            ..Default::default()
        }),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_range_formatting_provider: Some(lsp::OneOf::Left(true)),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: tokens::legend(),
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    work_done_progress_options: Default::default(),
                },
            ),
        ),
        code_lens_provider: Some(lsp::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        ..Default::default()
    }
}

/// A request's failure, as the protocol answers it.
struct Failure {
    code: ErrorCode,
    message: String,
}

impl Failure {
    fn params(e: serde_json::Error) -> Failure {
        Failure {
            code: ErrorCode::InvalidParams,
            message: e.to_string(),
        }
    }

    fn refused(message: impl Into<String>) -> Failure {
        Failure {
            code: ErrorCode::RequestFailed,
            message: message.into(),
        }
    }
}

type Answered = Result<Value, Failure>;

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(Failure::params)
}

fn to_value(value: impl serde::Serialize) -> Answered {
    serde_json::to_value(value).map_err(|e| Failure {
        code: ErrorCode::InternalError,
        message: e.to_string(),
    })
}

impl Server<'_> {
    fn serve(&mut self) -> Result<(), Error> {
        let answers = self.answers.1.clone();
        loop {
            let due = self.documents.values().filter_map(|d| d.due).min();
            let timer = due.map_or_else(crossbeam_channel::never, crossbeam_channel::at);
            select! {
                recv(self.connection.receiver) -> message => match message {
                    Err(_) => return Err(Error::Disconnected),
                    Ok(Message::Notification(n)) if n.method == "exit" => {
                        return if self.shutting_down { Ok(()) } else { Err(Error::ExitWithoutShutdown) };
                    }
                    Ok(Message::Request(r)) => self.request(r)?,
                    Ok(Message::Notification(n)) => self.notification(n)?,
                    // Answers to the refresh requests: nothing to do.
                    Ok(Message::Response(_)) => {}
                },
                recv(answers) -> answer => {
                    if let Ok(answer) = answer {
                        self.answered(answer)?;
                    }
                },
                recv(timer) -> _ => self.publish_due()?,
            }
        }
    }

    fn send(&self, message: Message) -> Result<(), Error> {
        send(self.connection, message)
    }

    fn notify(&self, method: &str, params: impl serde::Serialize) -> Result<(), Error> {
        self.send(Notification::new(method.into(), params).into())
    }

    fn request(&mut self, request: Request) -> Result<(), Error> {
        let id = request.id.clone();
        let answered = if self.shutting_down {
            Err(Failure {
                code: ErrorCode::InvalidRequest,
                message: "the server is shutting down".into(),
            })
        } else if request.method == "shutdown" {
            self.shutting_down = true;
            for document in self.documents.values_mut() {
                document.call_off();
            }
            Ok(Value::Null)
        } else {
            // A request that fails inside is answered as failed, and the session goes on.
            catch_unwind(AssertUnwindSafe(|| {
                self.answer(&request.method, request.params)
            }))
            .unwrap_or_else(|_| {
                Err(Failure {
                    code: ErrorCode::InternalError,
                    message: format!("the server failed on `{}`", request.method),
                })
            })
        };
        let response = match answered {
            Ok(value) => Response::new_ok(id, value),
            Err(f) => Response::new_err(id, f.code as i32, f.message),
        };
        self.send(response.into())
    }

    fn answer(&self, method: &str, value: Value) -> Answered {
        match method {
            "textDocument/formatting" => {
                let p: lsp::DocumentFormattingParams = params(value)?;
                to_value(self.format(&p.text_document.uri, None))
            }
            "textDocument/rangeFormatting" => {
                let p: lsp::DocumentRangeFormattingParams = params(value)?;
                to_value(self.format(&p.text_document.uri, Some(p.range)))
            }
            "textDocument/hover" => {
                let p: lsp::HoverParams = params(value)?;
                to_value(self.hover(&p.text_document_position_params))
            }
            "textDocument/completion" => {
                let p: lsp::CompletionParams = params(value)?;
                to_value(self.complete(&p.text_document_position))
            }
            "textDocument/semanticTokens/full" => {
                let p: lsp::SemanticTokensParams = params(value)?;
                to_value(self.semantic_tokens(&p.text_document.uri))
            }
            "textDocument/documentSymbol" => {
                let p: lsp::DocumentSymbolParams = params(value)?;
                to_value(self.symbols(&p.text_document.uri))
            }
            "textDocument/definition" => {
                let p: lsp::GotoDefinitionParams = params(value)?;
                to_value(self.definition(&p.text_document_position_params))
            }
            "textDocument/references" => {
                let p: lsp::ReferenceParams = params(value)?;
                to_value(self.references(&p.text_document_position, p.context.include_declaration))
            }
            "textDocument/prepareRename" => {
                let p: lsp::TextDocumentPositionParams = params(value)?;
                to_value(self.prepare_rename(&p))
            }
            "textDocument/rename" => {
                let p: lsp::RenameParams = params(value)?;
                to_value(self.rename(&p.text_document_position, &p.new_name)?)
            }
            "textDocument/codeLens" => {
                let p: lsp::CodeLensParams = params(value)?;
                to_value(self.code_lens(&p.text_document.uri))
            }
            "textDocument/codeAction" => {
                let p: lsp::CodeActionParams = params(value)?;
                to_value(self.code_actions(&p.text_document.uri))
            }
            "textDocument/inlayHint" => {
                let p: lsp::InlayHintParams = params(value)?;
                to_value(self.inlay_hints(&p.text_document.uri))
            }
            _ => Err(Failure {
                code: ErrorCode::MethodNotFound,
                message: format!("the server does not answer `{method}`"),
            }),
        }
    }

    fn notification(&mut self, notification: Notification) -> Result<(), Error> {
        match notification.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) =
                    serde_json::from_value::<lsp::DidOpenTextDocumentParams>(notification.params)
                else {
                    return Ok(());
                };
                let d = p.text_document;
                let Some(family) = family::of_document(d.uri.as_str(), Some(&d.language_id)) else {
                    if d.uri.as_str().ends_with(".solution") {
                        self.solutions.insert(d.uri, d.text);
                    }
                    return Ok(());
                };
                let mut document = Document {
                    text: d.text,
                    version: d.version,
                    family,
                    due: None,
                    verdict: None,
                    solving: None,
                };
                self.publish(&d.uri, &mut document)?;
                if let Some(mut old) = self.documents.insert(d.uri, document) {
                    old.call_off();
                }
            }
            "textDocument/didChange" => {
                let Ok(p) =
                    serde_json::from_value::<lsp::DidChangeTextDocumentParams>(notification.params)
                else {
                    return Ok(());
                };
                let encoding = self.encoding;
                let debounce = Duration::from_millis(self.options.debounce_ms.min(10_000));
                if let Some(text) = self.solutions.get_mut(&p.text_document.uri) {
                    for change in p.content_changes {
                        apply_change(text, change, encoding);
                    }
                    return Ok(());
                }
                let Some(document) = self.documents.get_mut(&p.text_document.uri) else {
                    return Ok(());
                };
                for change in p.content_changes {
                    apply_change(&mut document.text, change, encoding);
                }
                document.version = p.text_document.version;
                document.verdict = None;
                document.call_off();
                document.due = Some(Instant::now() + debounce);
            }
            "textDocument/didClose" => {
                let Ok(p) =
                    serde_json::from_value::<lsp::DidCloseTextDocumentParams>(notification.params)
                else {
                    return Ok(());
                };
                self.solutions.remove(&p.text_document.uri);
                if let Some(mut document) = self.documents.remove(&p.text_document.uri) {
                    document.call_off();
                    self.notify(
                        "textDocument/publishDiagnostics",
                        lsp::PublishDiagnosticsParams::new(p.text_document.uri, Vec::new(), None),
                    )?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Publishes the diagnostics of every document whose pause in typing is over.
    fn publish_due(&mut self) -> Result<(), Error> {
        let now = Instant::now();
        let due: Vec<lsp::Uri> = self
            .documents
            .iter()
            .filter(|(_, d)| d.due.is_some_and(|t| t <= now))
            .map(|(uri, _)| uri.clone())
            .collect();
        for uri in due {
            if let Some(mut document) = self.documents.remove(&uri) {
                let published = self.publish(&uri, &mut document);
                self.documents.insert(uri, document);
                published?;
            }
        }
        Ok(())
    }

    /// Checks a document as `lockwright check` does, publishes what it says, and sets the
    /// solver on it when it has no errors.
    fn publish(&self, uri: &lsp::Uri, document: &mut Document) -> Result<(), Error> {
        document.due = None;
        let checked = catch_unwind(AssertUnwindSafe(|| document.family.check(&document.text)))
            .unwrap_or_else(|_| lockfmt::format::Checked {
                diagnostics: vec![lockfmt::Diagnostic::error(
                    lockfmt::Span::START,
                    "internal",
                    "the checker failed on this text",
                )],
                canonical: None,
            });
        let lines = Lines::new(&document.text, self.encoding);
        let diagnostics = checked
            .diagnostics
            .iter()
            .map(|d| diagnostic(&lines, d))
            .collect();
        self.notify(
            "textDocument/publishDiagnostics",
            lsp::PublishDiagnosticsParams::new(uri.clone(), diagnostics, Some(document.version)),
        )?;
        if checked.canonical.is_some() {
            self.solve(uri, document);
        }
        Ok(())
    }

    /// Starts the solver on a document's text on a thread of its own.
    fn solve(&self, uri: &lsp::Uri, document: &mut Document) {
        document.call_off();
        let Some(limits) = self.options.limits() else {
            return;
        };
        let flag = Arc::new(AtomicBool::new(false));
        let (family, text, version) = (document.family, document.text.clone(), document.version);
        let (answers, uri, cancel) = (self.answers.0.clone(), uri.clone(), flag.clone());
        let started = std::thread::Builder::new()
            .name("lockwright-verdict".into())
            .spawn(move || {
                let verdict = catch_unwind(AssertUnwindSafe(|| {
                    family.verdict(&text, &limits, Cancel::by(&cancel))
                }))
                .ok()
                .flatten();
                if !cancel.load(Ordering::Relaxed) {
                    let _ = answers.send(Answer {
                        uri,
                        version,
                        verdict,
                    });
                }
            });
        if started.is_ok() {
            document.solving = Some(flag);
        }
    }

    /// Keeps a solver's answer when its text is still the document's, and tells the client.
    fn answered(&mut self, answer: Answer) -> Result<(), Error> {
        let Some(document) = self.documents.get_mut(&answer.uri) else {
            return Ok(());
        };
        if document.version != answer.version || document.due.is_some() {
            return Ok(());
        }
        document.solving = None;
        document.verdict = answer.verdict;
        let (lenses, hints) = self.refresh;
        for (wanted, method) in [
            (lenses, "workspace/codeLens/refresh"),
            (hints, "workspace/inlayHint/refresh"),
        ] {
            if wanted {
                self.next_id += 1;
                let id = RequestId::from(format!("lockwright-{}", self.next_id));
                self.send(Request::new(id, method.into(), Value::Null).into())?;
            }
        }
        // Clients without refresh (and tests) hear of it too.
        self.notify(
            "lockwright/verdict",
            json!({
                "uri": answer.uri,
                "version": answer.version,
                "verdict": self.documents.get(&answer.uri).and_then(|d| d.verdict.as_ref()).map(|v| v.said.clone()),
            }),
        )
    }
}

/// A change the client sent, applied to a text.
fn apply_change(
    text: &mut String,
    change: lsp::TextDocumentContentChangeEvent,
    encoding: Encoding,
) {
    match change.range {
        // Full sync is what the server asks for; a range is taken too.
        None => *text = change.text,
        Some(range) => {
            let lines = Lines::new(text, encoding);
            let start = lines.offset(lines.place(range.start));
            let end = lines.offset(lines.place(range.end)).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

/// A lockfmt diagnostic as the protocol has it: the same code, message and place.
fn diagnostic(lines: &Lines<'_>, d: &lockfmt::Diagnostic) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range: lines.range(&d.span),
        severity: Some(match d.severity {
            lockfmt::Severity::Error => lsp::DiagnosticSeverity::ERROR,
            lockfmt::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        }),
        code: Some(lsp::NumberOrString::String(d.code.clone())),
        source: Some("lockwright".into()),
        message: d.message.clone(),
        ..Default::default()
    }
}
