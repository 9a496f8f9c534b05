//! The protocol's framing over standard input and output, with bounds: lsp-server's own stdio
//! transport reserves whatever `Content-Length` a peer announces (a garbage header asks for
//! exabytes, and the process aborts) and unwraps its threads, so the server reads its stdin
//! here, refusing a header line past [`MAX_HEADER_LINE`] or a message past [`MAX_MESSAGE`].

use crossbeam_channel::{Receiver, Sender, bounded};
use lsp_server::{Connection, Message};
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// The longest header line read: `Content-Length: …` and `Content-Type: …` are far shorter.
pub const MAX_HEADER_LINE: u64 = 1024;

/// The largest message read: a puzzle file is at most [`lockfmt::LARGEST_FILE_BYTES`]
/// (40 MiB), and its JSON, escaped, at most twice that.
pub const MAX_MESSAGE: usize = 2 * lockfmt::LARGEST_FILE_BYTES + (1 << 20);

/// The reading and writing threads of a stdio connection.
pub struct Threads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for the writer to send what it holds (after the connection is dropped), and
    /// for the reader, which ends after `exit`; a reader still waiting is left to the
    /// process's end, for a stdin that never closes must not hold the server.
    pub fn join(self) -> io::Result<()> {
        let written = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer failed")));
        if self.reader.is_finished() {
            self.reader
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the reader failed")))?;
        }
        written
    }
}

/// A connection over standard input and output.
pub fn stdio() -> io::Result<(Connection, Threads)> {
    let (to_server, from_client) = bounded::<Message>(0);
    let (to_client, from_server) = bounded::<Message>(0);
    let reader = std::thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || read_all(&mut io::stdin().lock(), &to_server))?;
    let writer = std::thread::Builder::new()
        .name("lsp-writer".into())
        .spawn(move || write_all(&mut io::stdout().lock(), &from_server))?;
    let connection = Connection {
        sender: to_client,
        receiver: from_client,
    };
    Ok((connection, Threads { reader, writer }))
}

/// Reads messages until the end of input, `exit`, or a malformed message (which ends the
/// connection: after a broken frame nothing that follows can be trusted).
pub fn read_all(input: &mut impl BufRead, to_server: &Sender<Message>) -> io::Result<()> {
    while let Some(message) = read(input)? {
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if to_server.send(message).is_err() || exit {
            break;
        }
    }
    Ok(())
}

fn write_all(output: &mut impl Write, from_server: &Receiver<Message>) -> io::Result<()> {
    for message in from_server {
        message.write(output)?;
    }
    Ok(())
}

fn invalid(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// Reads one message; `None` at the end of input.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Message>> {
    let mut length = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(None);
        }
        if !line.ends_with(b"\n") {
            return Err(invalid("a header line too long or not ended"));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        let (name, value) = text
            .split_once(':')
            .ok_or_else(|| invalid(format!("a header without a colon: {text:?}")))?;
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value: usize = value
                .trim()
                .parse()
                .map_err(|_| invalid(format!("a Content-Length that is no number: {value:?}")))?;
            if value > MAX_MESSAGE {
                return Err(invalid(format!(
                    "a message of {value} bytes, past the {MAX_MESSAGE} the server reads"
                )));
            }
            length = Some(value);
        }
    }
    let length = length.ok_or_else(|| invalid("a message without Content-Length"))?;
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| invalid(format!("a message that is not JSON-RPC: {e}")))
}
