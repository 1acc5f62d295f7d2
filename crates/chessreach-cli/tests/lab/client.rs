//! A server started for a test, and a minimal HTTP/1.1 client over `std` sockets.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Duration;

/// A running `chessreach serve --port 0`, stopped (SIGTERM, then killed) when dropped.
pub(crate) struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
    _stderr: std::thread::JoinHandle<()>,
}

/// An answer: status, headers' text and body.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: String,
}

impl Server {
    /// Starts the server with `args` after `serve --port 0`; reads the first line of stdout.
    pub(crate) fn start(args: &[&str]) -> Self {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("chessreach"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the first line");
        let addr = line
            .strip_prefix("chessreach serving on http://")
            .and_then(|s| s.trim_end().strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        // The request log is drained so the server never blocks on a full pipe.
        let stderr: ChildStderr = child.stderr.take().expect("stderr");
        let drain = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                if line.is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            addr,
            _stderr: drain,
        }
    }

    /// The server's process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `POST /api/ENDPOINT` with `body`.
    pub(crate) fn post(&self, endpoint: &str, body: &str) -> Reply {
        self.raw(
            format!(
                "POST /api/{endpoint} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            )
            .as_bytes(),
            body.as_bytes(),
        )
    }

    /// `GET PATH`.
    pub(crate) fn get(&self, path: &str) -> Reply {
        self.raw(
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
            b"",
        )
    }

    /// Sends `head` and `body` on a new connection and reads the answer to its end.
    pub(crate) fn raw(&self, head: &[u8], body: &[u8]) -> Reply {
        let mut s = self.connect();
        s.write_all(head).expect("sent");
        // A body the server refuses early may find the connection closed: that is its answer.
        let _ = s.write_all(body);
        read_reply(&mut s)
    }

    /// A new connection with a 60 s read limit.
    pub(crate) fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(&self.addr).expect("connects");
        s.set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        s
    }

    /// Whether the process still runs.
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

/// Reads one answer (the connection is closed after it).
pub(crate) fn read_reply(s: &mut TcpStream) -> Reply {
    let mut all = Vec::new();
    let _ = s.read_to_end(&mut all);
    let text = String::from_utf8_lossy(&all).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_owned()
    };
    Reply {
        status,
        head: head.to_owned(),
        body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.child.id().to_string()).status();
        for _ in 0..50 {
            if !self.alive() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
