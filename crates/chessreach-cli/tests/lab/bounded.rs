//! Every request bounded: long attack maps, inferences and move diagrams stop at the request's
//! deadline (a small `--request-timeout`, passed as a value) and free their worker; an answer
//! larger than its share of a small `--max-memory` is refused with its size, never built.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::client::Server;

const NORMAL: &str = r#"{"fen": "8/8/8/8/8/8/8/K7"}"#;

fn kind(body: &str) -> String {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["kind"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// 200 queens spread over a 4000×4000 board: an attack map of millions of
/// (square, attacker) pairs, tens of seconds in a debug build.
fn many_riders() -> String {
    let mut squares = String::new();
    for i in 0..200u64 {
        let (file, rank) = (1 + (i * 7919) % 4000, 1 + (i * 104_729) % 4000);
        if !squares.is_empty() {
            squares.push('/');
        }
        write!(squares, "{file},{rank}").expect("a string");
    }
    json!({"board": "4000x4000", "piece": format!("Q@{squares}")}).to_string()
}

/// A 1500×1500 diagram of a rook-like piece, answered in `format`: 6.75 million offsets
/// listed in JSON, a search for the simplest name of 3,000 attacked squares in text.
fn big_diagram(format: &str) -> String {
    let n = 1500;
    let mut text = String::with_capacity(n * (n + 1));
    for r in 0..n {
        for c in 0..n {
            text.push(match (r == n / 2, c == n / 2) {
                (true, true) => 'o',
                (true, false) | (false, true) => 'x',
                _ => '.',
            });
        }
        text.push('\n');
    }
    json!({ "diagram": text, "format": format }).to_string()
}

/// Long requests of the three commands that had no progress steps get 503 "took longer"
/// after the 1 s limit, and the only worker is free again soon after each (a normal request
/// is answered): without progress steps each held it for its whole run (minutes in a debug
/// build).
#[test]
fn long_attacks_inferences_and_diagrams_stop_at_the_deadline() {
    let server = Server::start(&[
        "--max-memory",
        "4Gi",
        "--workers",
        "1",
        "--request-timeout",
        "1",
        "--max-body",
        "8Mi",
    ]);
    for (endpoint, body) in [
        ("attacks", many_riders()),
        ("infer", big_diagram("json")),
        ("infer", big_diagram("text")),
        (
            "betza",
            json!({"text": "mpasmpasmpasQ", "dialect": "xbetza", "board": "40x40"}).to_string(),
        ),
    ] {
        let asked = Instant::now();
        let r = server.post(endpoint, &body);
        assert_eq!(
            (r.status, kind(&r.body).as_str()),
            (503, "timeout"),
            "{endpoint}: {r:?}"
        );
        assert!(r.body.contains("took longer than 1 s"), "{endpoint}: {}", r.body);
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "{endpoint}: answered after {:?}",
            asked.elapsed()
        );
        let stopped = Instant::now();
        loop {
            let r = server.post("attacks", NORMAL);
            if r.status == 200 {
                break;
            }
            // Busy while the worker winds down; on a loaded machine the probe may get the
            // worker late in its own second and time out itself: then ask again.
            assert!(
                ["busy", "timeout"].contains(&kind(&r.body).as_str()),
                "{endpoint}: {r:?}"
            );
            assert!(
                stopped.elapsed() < Duration::from_secs(15),
                "{endpoint}: the worker still computes after {:?}",
                stopped.elapsed()
            );
        }
    }
}

/// An answer larger than its request's share of a small budget (passed as a value): 413
/// naming the limit, and the server answers on; a smaller one fits. A move diagram's answer
/// is the one not costed before it is built (its board is at most 40×40): the cap on the
/// answer is what stops it.
#[test]
fn an_answer_over_its_share_of_the_budget_is_refused() {
    let server = Server::start(&["--max-memory", "4k", "--workers", "1"]);
    // 5.3 kB of JSON: the queen-knight's squares on 40×40.
    let r = server.post("betza", r#"{"text": "QN", "board": "40x40"}"#);
    assert_eq!((r.status, kind(&r.body).as_str()), (413, "too_large"), "{r:?}");
    let v: Value = serde_json::from_str(&r.body).expect("JSON");
    let message = v["error"].as_str().expect("a message");
    assert!(
        message
            .starts_with("the answer would need more than 4.0 kB, the memory budget of one request's answer"),
        "{message}"
    );
    // The hold was given back: a small answer fits, again and again.
    for _ in 0..3 {
        let r = server.post("betza", r#"{"text": "K", "board": "40x40"}"#);
        assert_eq!(r.status, 200, "{r:?}");
        assert!(r.body.contains("\"canonical\": \"K\""), "{r:?}");
    }
}
