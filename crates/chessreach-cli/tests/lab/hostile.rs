//! A hostile battery against one running server: oversized, non-UTF-8 and deeply nested
//! bodies, huge boards, path traversal, a thousand connections at once, stalled clients and
//! requests over the memory or time budget. Afterwards a normal request is answered within
//! 100 ms, the resident memory is within the budget, and SIGTERM stops the server cleanly.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::client::{read_reply, Server};

const NORMAL: &str = r#"{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"}"#;

fn kind(body: &str) -> String {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["kind"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Resident memory of `pid` in bytes (Linux), if it can be read.
fn resident(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one battery, case after case against the same server"
)]
fn hostile_battery_leaves_the_server_answering() {
    const BUDGET: u64 = 256 << 20;
    let mut server = Server::start(&[
        "--max-memory",
        "256Mi",
        "--workers",
        "2",
        "--request-timeout",
        "1",
        "--max-body",
        "64k",
        "--max-connections",
        "64",
    ]);

    // Oversized bodies: announced, and sent chunked without a length.
    let big = format!(r#"{{"fen": "{}"}}"#, "8/".repeat(100_000));
    let r = server.post("attacks", &big);
    assert_eq!((r.status, kind(&r.body).as_str()), (413, "too_large"), "{r:?}");
    let mut chunked = Vec::new();
    for _ in 0..40 {
        chunked.extend(format!("{:x}\r\n", 4096).bytes());
        chunked.extend(std::iter::repeat_n(b' ', 4096));
        chunked.extend(b"\r\n");
    }
    chunked.extend(b"0\r\n\r\n");
    let r = server.raw(
        b"POST /api/attacks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        &chunked,
    );
    assert_eq!(r.status, 413, "{r:?}");
    // A badly framed body (a chunk size that is not hex) is the client's error, not a size.
    let r = server.raw(
        b"POST /api/attacks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        b"zz\r\n{}\r\n0\r\n\r\n",
    );
    assert_eq!((r.status, kind(&r.body).as_str()), (400, "usage"), "{r:?}");

    // Not UTF-8, not JSON, deeply nested JSON, a huge number.
    for body in [
        b"{\"fen\": \"\xff\xfe8/8\"}".to_vec(),
        b"\x00\x01\x02".to_vec(),
        "[".repeat(60_000).into_bytes(),
        format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000)).into_bytes(),
        br#"{"fen": 1e999999}"#.to_vec(),
    ] {
        let head = format!(
            "POST /api/attacks HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let r = server.raw(head.as_bytes(), &body);
        assert_eq!((r.status, kind(&r.body).as_str()), (400, "usage"), "{r:?}");
    }

    // Huge boards and work over the budget: refused before allocating.
    for body in [
        r#"{"board": "60000x60000", "piece": "Q@a1"}"#,
        r#"{"board": "4000x4000", "piece": ["Q@a1", "b:Q@h8"]}"#,
        r#"{"board": "3000x3000", "piece": "N@a1", "mover": "K@b2", "all": true}"#,
    ] {
        let endpoint = if body.contains("mover") { "path" } else { "attacks" };
        let r = server.post(endpoint, body);
        assert!(matches!(r.status, 400 | 413), "{body}: {r:?}");
    }
    let r = server.post(
        "duel/solve",
        r#"{"white": "Q", "black": "Q", "board": "3000x3000"}"#,
    );
    assert_eq!((r.status, kind(&r.body).as_str()), (413, "too_large"), "{r:?}");

    // Over the time limit: 503, and the worker stays bounded.
    let r = server.post("duel/solve", r#"{"white": "Q", "black": "Q", "board": "40x40"}"#);
    assert_eq!((r.status, kind(&r.body).as_str()), (503, "timeout"), "{r:?}");

    // Path traversal and other paths: nothing but the page exists.
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/lab.js/../../Cargo.toml",
        "//etc/passwd",
        "/api/../lab.js/..",
    ] {
        let r = server.get(path);
        assert!(r.status == 404 || r.status == 400, "{path}: {r:?}");
        assert!(!r.body.contains("root:"), "{path}");
    }
    let r = server.raw(
        b"GET /api/attacks HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"",
    );
    assert_eq!((r.status, kind(&r.body).as_str()), (405, "method"), "{r:?}");
    assert!(r.head.to_ascii_lowercase().contains("allow: post"), "{r:?}");

    // A stalled client (half a request line) is dropped after the idle limit, and meanwhile
    // others are answered.
    let mut stalled = server.connect();
    stalled
        .write_all(b"POST /api/attacks HTTP/1.1\r\nHost: x\r\nContent-Le")
        .expect("sent");
    let mut slow_body = server.connect();
    slow_body
        .write_all(b"POST /api/attacks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .expect("sent");
    let r = server.post("attacks", NORMAL);
    assert_eq!(r.status, 200);
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = stalled.read_to_end(&mut rest);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the stalled client was dropped"
    );
    let r = read_reply(&mut slow_body);
    assert!(matches!(r.status, 0 | 408), "a body that never arrives: {r:?}");

    // A thousand connections at once, each with a request.
    let mut clients = Vec::new();
    for _ in 0..1000 {
        let mut s = server.connect();
        let head = format!(
            "POST /api/attacks HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{NORMAL}",
            NORMAL.len()
        );
        s.write_all(head.as_bytes()).expect("sent");
        clients.push(s);
    }
    let mut statuses = std::collections::BTreeMap::new();
    for mut s in clients {
        *statuses.entry(read_reply(&mut s).status).or_insert(0) += 1;
    }
    assert!(
        statuses.keys().all(|s| matches!(s, 200 | 503)),
        "only answers and busy refusals: {statuses:?}"
    );
    assert!(statuses.get(&200).copied().unwrap_or(0) > 0, "{statuses:?}");

    // Afterwards: alive, a normal request within 100 ms, memory within the budget.
    std::thread::sleep(Duration::from_secs(2));
    assert!(server.alive());
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        let r = server.post("attacks", NORMAL);
        best = best.min(started.elapsed());
        assert_eq!(r.status, 200, "{r:?}");
    }
    assert!(
        best < Duration::from_millis(100),
        "a normal request took {best:?}"
    );
    if let Some(rss) = resident(server.pid()) {
        assert!(rss < BUDGET, "resident memory {rss} over the budget {BUDGET}");
    }

    // SIGTERM: a clean stop, status 0.
    let _ = std::process::Command::new("kill")
        .arg(server.pid().to_string())
        .status();
    let started = Instant::now();
    while server.alive() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!server.alive(), "the server stopped on SIGTERM");
}

/// Clients trickling a header line every 300 ms never go idle, yet lose their slots when the
/// request is not answered within the idle limit of its first byte (a slowloris held every
/// slot for ever before); and a computation past the time limit stops at its next progress
/// step, freeing its worker (an endgame solve held the only worker for minutes before).
#[test]
fn trickling_clients_and_overrunning_work_free_their_slots() {
    let server = Server::start(&[
        "--max-memory",
        "1Gi",
        "--workers",
        "1",
        "--request-timeout",
        "1",
        "--max-connections",
        "4",
    ]);
    let started = Instant::now();
    let mut trickling: Vec<_> = (0..4)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"POST /api/attacks HTTP/1.1\r\nHost: x\r\n")
                .expect("sent");
            s
        })
        .collect();
    let feeder = std::thread::spawn(move || {
        // Every 300 ms one more header line on each connection, until all are closed.
        let mut open = trickling.len();
        while open > 0 && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(300));
            open = 0;
            for s in &mut trickling {
                if s.write_all(b"X-Slow: 1\r\n").is_ok() {
                    open += 1;
                }
            }
        }
        started.elapsed()
    });
    std::thread::sleep(Duration::from_millis(500));
    // The slots are all taken: this request waits in the kernel's queue until they free.
    let r = server.post("attacks", NORMAL);
    assert_eq!(r.status, 200, "{r:?}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "answered after {:?}",
        started.elapsed()
    );
    let closed_after = feeder.join().expect("the feeder");
    assert!(
        closed_after < Duration::from_secs(10),
        "trickled for {closed_after:?}"
    );

    // KQvKR on 10x10 takes minutes; the request gets 503 after 1 s and the worker is free
    // at the solver's next progress step (a pass over a table: well within 20 s, even in a
    // debug build on a loaded machine): then the next request is answered.
    let r = server.post("endgame/solve", r#"{"material": "KQvKR", "board": "10x10"}"#);
    assert_eq!((r.status, kind(&r.body).as_str()), (503, "timeout"), "{r:?}");
    let stopped = Instant::now();
    loop {
        let r = server.post("attacks", NORMAL);
        if r.status == 200 {
            break;
        }
        assert_eq!(kind(&r.body), "busy", "{r:?}");
        assert!(
            stopped.elapsed() < Duration::from_secs(20),
            "the worker still computes after {:?}",
            stopped.elapsed()
        );
    }
}
