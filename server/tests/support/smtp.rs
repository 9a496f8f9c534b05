//! A small SMTP server on 127.0.0.1 that keeps every mail it is given, for the tests of the
//! server's mail. It speaks enough of RFC 5321 for a client without TLS or authentication
//! (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), and can be told to answer "try again later".

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the sink took.
#[derive(Clone, Debug)]
pub struct Sunk {
    /// The recipients.
    pub to: Vec<String>,
    /// The message as sent, headers and body.
    pub data: String,
}

/// The sink: its address and what it has taken.
#[derive(Clone)]
pub struct Sink {
    pub port: u16,
    pub mail: Arc<Mutex<Vec<Sunk>>>,
    /// While set, every mail is answered 451 (a transient failure).
    pub down: Arc<AtomicBool>,
}

impl Sink {
    /// Starts a sink on a free port.
    pub async fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the sink");
        let port = listener.local_addr().expect("addr").port();
        let sink = Sink {
            port,
            mail: Arc::default(),
            down: Arc::default(),
        };
        let kept = sink.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(kept.clone().session(stream));
            }
        });
        sink
    }

    /// The URL the server sends through.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The mail taken so far.
    pub fn taken(&self) -> Vec<Sunk> {
        self.mail.lock().expect("sink").clone()
    }

    /// Waits (up to a minute) until a mail to `to` containing `text` arrives; returns it.
    pub async fn wait_for(&self, to: &str, text: &str) -> Sunk {
        for _ in 0..600 {
            if let Some(m) = self
                .taken()
                .into_iter()
                .find(|m| m.to.iter().any(|t| t.contains(to)) && m.data.contains(text))
            {
                return m;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("no mail to {to} with {text:?}: {:#?}", self.taken());
    }

    async fn session(self, stream: tokio::net::TcpStream) {
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        let _ = write.write_all(b"220 sink ESMTP\r\n").await;
        let mut to = Vec::new();
        while let Ok(Some(line)) = lines.next_line().await {
            let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
            let answer: &[u8] = match verb.as_str() {
                "EHLO" | "HELO" => b"250-sink\r\n250 8BITMIME\r\n",
                "MAIL" if self.down.load(Ordering::SeqCst) => b"451 try again later\r\n",
                "MAIL" => {
                    to.clear();
                    b"250 OK\r\n"
                }
                "RCPT" => {
                    to.push(line[4..].trim().to_string());
                    b"250 OK\r\n"
                }
                "DATA" => {
                    let _ = write.write_all(b"354 go on\r\n").await;
                    let mut data = String::new();
                    while let Ok(Some(l)) = lines.next_line().await {
                        if l == "." {
                            break;
                        }
                        data.push_str(l.strip_prefix('.').unwrap_or(&l));
                        data.push('\n');
                    }
                    self.mail.lock().expect("sink").push(Sunk {
                        to: std::mem::take(&mut to),
                        data,
                    });
                    b"250 OK\r\n"
                }
                "RSET" | "NOOP" => b"250 OK\r\n",
                "QUIT" => {
                    let _ = write.write_all(b"221 bye\r\n").await;
                    return;
                }
                _ => b"502 not here\r\n",
            };
            if write.write_all(answer).await.is_err() {
                return;
            }
        }
    }
}
