//! `chessreach serve` over loopback: every endpoint answers exactly the JSON the CLI prints
//! for the same options (generated cases), errors carry their status, kind and place, and a
//! hostile battery leaves the server answering.

mod bounded;
mod client;
mod hostile;

use client::{Reply, Server};
use serde_json::{json, Value};

/// A small deterministic generator (the cases are the same on every run).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[usize::try_from(self.below(items.len() as u64)).expect("small")]
    }
}

/// The command line a request body stands for, as the page and the docs write it.
fn argv(path: &[&str], body: &Value) -> Vec<String> {
    let mut argv: Vec<String> = path.iter().map(|s| (*s).to_owned()).collect();
    for (key, value) in body.as_object().expect("an object") {
        if key == "text" {
            continue;
        }
        let flag = format!("--{}", key.replace('_', "-"));
        let values = match value {
            Value::Array(items) => items.clone(),
            v => vec![v.clone()],
        };
        for v in values {
            match v {
                Value::Bool(true) => argv.push(flag.clone()),
                Value::String(s) => argv.push(format!("{flag}={s}")),
                Value::Number(n) => argv.push(format!("{flag}={n}")),
                _ => {}
            }
        }
    }
    if body.get("format").is_none() {
        argv.push("--format=json".to_owned());
    }
    // `betza`'s piece text, a positional argument.
    if let Some(Value::String(text)) = body.get("text") {
        argv.extend(["--".to_owned(), text.clone()]);
    }
    argv
}

/// What the CLI prints for `argv`, with its exit status.
fn cli(argv: &[String], stdin: &str) -> (i32, String) {
    let out = assert_cmd::Command::cargo_bin("chessreach")
        .expect("the binary")
        .args(argv)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8"),
    )
}

/// The API's answer equals the CLI's output, byte for byte; an error where the CLI fails.
fn same(server: &Server, endpoint: &str, path: &[&str], body: &Value, stdin: &str) -> Reply {
    let reply = server.post(endpoint, &body.to_string());
    let mut cli_body = body.clone();
    if let Some(o) = cli_body.as_object_mut() {
        o.remove("diagram");
    }
    let (code, out) = cli(&argv(path, &cli_body), stdin);
    match code {
        0 => assert_eq!(
            (reply.status, reply.body.as_str()),
            (200, out.as_str()),
            "{endpoint} {body}"
        ),
        2 => assert!(matches!(reply.status, 400 | 413), "{endpoint} {body}: {reply:?}"),
        _ => assert_eq!(reply.status, 422, "{endpoint} {body}: {reply:?}"),
    }
    reply
}

/// A random position: a FEN on a board of 1..=10 files and ranks, kings, pieces, walls and
/// one defined letter.
fn position(rng: &mut Rng) -> (Value, u64, u64) {
    let (w, h) = (1 + rng.below(10), 1 + rng.below(10));
    let mut rows = Vec::new();
    for _ in 0..h {
        let mut row = String::new();
        let mut empty = 0;
        for _ in 0..w {
            let cell = match rng.below(10) {
                0..=5 => None,
                6 => Some(rng.pick(&["*"])),
                _ => Some(rng.pick(&[
                    "K", "Q", "R", "B", "N", "P", "A", "k", "q", "r", "b", "n", "p", "a",
                ])),
            };
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let define = rng.pick(&["A=BN", "A=fmWfcF", "A=NN", "A=W2F", "A=ZC"]);
    let mut body = json!({"fen": rows.join("/"), "define": [define]});
    if rng.below(5) == 0 {
        body["wrap"] = json!(rng.pick(&["files", "ranks", "both"]));
    }
    (body, w, h)
}

fn square(rng: &mut Rng, w: u64, h: u64) -> String {
    let (f, r) = (rng.below(w), 1 + rng.below(h));
    format!("{}{r}", char::from(b'a' + u8::try_from(f).expect("small")))
}

#[test]
fn every_endpoint_answers_what_the_cli_prints() {
    let server = Server::start(&["--max-memory", "512M", "--request-timeout", "30"]);
    let mut rng = Rng(2026);
    let mut answered = 0;
    for case in 0..240 {
        let (mut body, w, h) = position(&mut rng);
        let reply = match case % 4 {
            0 | 1 => same(&server, "attacks", &["attacks"], &body, ""),
            2 => {
                body["mover"] = json!(format!(
                    "{}@{}",
                    rng.pick(&["N", "K", "fsW", "A", "b:R"]),
                    square(&mut rng, w, h)
                ));
                body["to"] = json!(square(&mut rng, w, h));
                if rng.below(2) == 0 {
                    body["may_capture"] = json!("all");
                }
                same(&server, "path", &["path"], &body, "")
            }
            _ => {
                body["mover"] = json!(format!(
                    "{}@{}",
                    rng.pick(&["N", "Q", "nN", "A"]),
                    square(&mut rng, w, h)
                ));
                body["all"] = json!(true);
                same(&server, "path", &["path"], &body, "")
            }
        };
        answered += usize::from(reply.status == 200);
    }
    assert!(answered > 120, "most generated cases have an answer: {answered}");
    for case in 0..30 {
        let (w, h) = (1 + rng.below(7), 1 + rng.below(7));
        let (pr, pc) = (rng.below(h), rng.below(w));
        let mut diagram = String::new();
        for r in 0..h {
            for c in 0..w {
                diagram.push(if (r, c) == (pr, pc) {
                    'o'
                } else if rng.below(3) == 0 {
                    'x'
                } else {
                    '.'
                });
            }
            diagram.push('\n');
        }
        if case == 0 {
            diagram = "..\n.x\n".to_owned();
        }
        same(
            &server,
            "infer",
            &["infer"],
            &json!({"diagram": diagram}),
            &diagram,
        );
    }
    for _ in 0..6 {
        let board = format!("{}x{}", 2 + rng.below(4), 2 + rng.below(4));
        let body = json!({"white": rng.pick(&["N", "K", "W", "fF"]), "black": rng.pick(&["N", "R", "F"]), "board": board});
        same(&server, "duel/solve", &["duel", "solve"], &body, "");
    }
    same(&server, "variants", &["variants"], &json!({}), "");
    same(
        &server,
        "variants",
        &["variants"],
        &json!({"name": "xiangqi"}),
        "",
    );
    same(&server, "attacks", &["attacks"], &json!({"variant": "shogi"}), "");
    same(
        &server,
        "attacks",
        &["attacks"],
        &json!({"board": "infx4", "piece": ["R@0,1", "b:N@5,2"]}),
        "",
    );
    same(
        &server,
        "attacks",
        &["attacks"],
        &json!({"piece": "N@e4", "format": "svg"}),
        "",
    );
    for body in [
        json!({"text": "afsW", "dialect": "xbetza"}),
        json!({"text": "fcafmF", "dialect": "xbetza", "blockers": "d5", "at": "c4"}),
        json!({"text": "N", "compare": true}),
        json!({"text": "-R", "dialect": "xbetza"}),
    ] {
        same(&server, "betza", &["betza"], &body, "");
    }
}

#[test]
fn endgame_endpoints_answer_what_the_cli_prints() {
    let server = Server::start(&[]);
    // Endgames: small boards (a 5x5 KQvK solves in milliseconds), the lone king's map too.
    for body in [
        json!({"material": "KQvK", "board": "5x5"}),
        json!({"material": "KRvK", "board": "4x5", "fen": "5/1k3/5/R4/K4 b"}),
        json!({"material": "KAvK", "board": "4x4", "define": "A=BN", "stalemate": "loss", "wrap": "files"}),
    ] {
        same(&server, "endgame/solve", &["endgame", "solve"], &body, "");
    }
    same(
        &server,
        "endgame/probe",
        &["endgame", "probe"],
        &json!({"material": "KQvK", "board": "5x5", "fen": "5/5/2k2/5/KQ3 w"}),
        "",
    );
    same(
        &server,
        "endgame/potential",
        &["endgame", "potential"],
        &json!({"board": "5x5", "pieces": "Q,R"}),
        "",
    );
}

#[test]
fn texts_stand_for_files() {
    let server = Server::start(&[]);
    let ini = "[tiny]\nmaxFile = 4\nmaxRank = 4\nking = k\nstartFen = k3/4/4/3K w - - 0 1\n";
    let reply = server.post(
        "variants",
        &json!({"name": "tiny", "variants_ini": ini}).to_string(),
    );
    let dir = std::env::temp_dir().join(format!("chessreach-lab-{}.ini", std::process::id()));
    std::fs::write(&dir, ini).expect("written");
    let (code, out) = cli(
        &[
            "variants".into(),
            "--name=tiny".into(),
            format!("--variants={}", dir.display()),
            "--format=json".into(),
        ],
        "",
    );
    std::fs::remove_file(&dir).ok();
    assert_eq!((reply.status, reply.body.as_str()), (200, out.as_str()), "{code}");
    let reply = server.post(
        "attacks",
        &json!({"variant": "tiny", "variants_ini": [ini]}).to_string(),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
}

/// An endpoint, a body, the status, the kind and the place members the error must carry.
type ErrorCase<'a> = (&'a str, Value, u16, &'a str, &'a [(&'a str, Value)]);

#[test]
fn errors_carry_status_kind_and_place() {
    let server = Server::start(&["--max-memory", "64M", "--workers", "2"]);
    let cases: &[ErrorCase<'_>] = &[
        (
            "attacks",
            json!({"fen": "8/8/8/8/4X3/8/8/8"}),
            400,
            "usage",
            &[("flag", json!("--fen"))],
        ),
        (
            "attacks",
            json!({"variants": "/etc/passwd"}),
            400,
            "usage",
            &[("key", json!("variants"))],
        ),
        (
            "infer",
            json!({"file": "/etc/passwd"}),
            400,
            "usage",
            &[("key", json!("file"))],
        ),
        (
            "attacks",
            json!({"max_memory": "1T"}),
            400,
            "usage",
            &[("key", json!("max_memory"))],
        ),
        (
            "attacks",
            json!({"no_such_option": 1}),
            400,
            "usage",
            &[("key", json!("no_such_option"))],
        ),
        (
            "attacks",
            json!({"fen": {"nested": 1}}),
            400,
            "usage",
            &[("key", json!("fen"))],
        ),
        (
            "attacks",
            json!({"board": "banana"}),
            400,
            "usage",
            &[("key", json!("board"))],
        ),
        (
            "attacks",
            json!({"help": true}),
            400,
            "usage",
            &[("key", json!("help"))],
        ),
        ("path", json!({"fen": "8/8/8/8/8/8/8/8"}), 400, "usage", &[]),
        (
            "attacks",
            json!({"board": "3000x3000", "piece": "Q@a1"}),
            413,
            "too_large",
            &[],
        ),
        (
            "infer",
            json!({"diagram": "..\n.q\n"}),
            422,
            "input",
            &[("line", json!(2)), ("column", json!(2))],
        ),
        ("infer", json!({}), 422, "input", &[]),
        // A section that does not read is skipped with a warning; `strict` makes it an error.
        (
            "variants",
            json!({"variants_ini": "[broken\n", "strict": true}),
            422,
            "input",
            &[],
        ),
        ("attacks", json!([1, 2]), 400, "usage", &[]),
    ];
    answers_errors(&server, cases);
    let reply = server.get("/nowhere");
    assert_eq!(reply.status, 404);
}

/// Each case's answer: its status, kind and place.
fn answers_errors(server: &Server, cases: &[ErrorCase<'_>]) {
    for (endpoint, body, status, kind, place) in cases {
        let reply = server.post(endpoint, &body.to_string());
        assert_eq!(reply.status, *status, "{endpoint} {body}: {reply:?}");
        let answer: Value = serde_json::from_str(&reply.body).expect("JSON error");
        assert_eq!(answer["kind"], json!(kind), "{endpoint} {body}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{answer}"
        );
        for (k, v) in *place {
            assert_eq!(&answer[k], v, "{endpoint} {body}: {answer}");
        }
    }
}

#[test]
fn betza_and_endgame_errors_carry_their_place() {
    let server = Server::start(&["--max-memory", "64M", "--workers", "2"]);
    let cases: &[ErrorCase<'_>] = &[
        // A Betza text's fault: the character, counted from 1.
        (
            "betza",
            json!({"text": "fmWq"}),
            400,
            "usage",
            &[("character", json!(4)), ("flag", json!("TEXT"))],
        ),
        (
            "endgame/solve",
            json!({"material": "KQ"}),
            400,
            "usage",
            &[("flag", json!("--material"))],
        ),
        (
            "endgame/probe",
            json!({"material": "KQvK", "board": "5x5", "fen": "5/5/2k2/5/KQ3 x"}),
            400,
            "usage",
            &[("flag", json!("--fen"))],
        ),
        // The FEN is read before the tables are costed (10x10 KQvKR is past the budget).
        (
            "endgame/probe",
            json!({"material": "KQvKR", "board": "10x10", "fen": "k9/10/10/10/10/10/10/10/10/K8Q w"}),
            400,
            "usage",
            &[("flag", json!("--fen"))],
        ),
        (
            "endgame/solve",
            json!({"material": "KQvK", "board": "1000x1000"}),
            413,
            "too_large",
            &[],
        ),
    ];
    answers_errors(&server, cases);
}

#[test]
fn the_page_and_its_assets_are_served() {
    let server = Server::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    // One request: the style sheet and the script are in the page.
    assert!(page.body.contains("<style>") && page.body.contains("<script>\n"));
    for gone in ["/lab.js", "/lab.css"] {
        assert_eq!(server.get(gone).status, 404, "{gone}");
    }
    let total = page.body.len();
    assert!(
        total <= 150 * 1024,
        "the page's assets are {total} bytes, over 150 KB"
    );
    // No CORS unless asked for.
    assert!(!page.head.to_ascii_lowercase().contains("access-control"));
}

/// An attack map's permalink carries its answer (the CLI's bytes) in the page; other URLs
/// do not, and no URL can close the script element it sits in.
#[test]
fn the_first_answer_is_in_the_page() {
    let server = Server::start(&[]);
    let inlined = |page: &str| -> Option<Value> {
        let start = page.find("<script type=\"application/json\" id=\"first-answer\">")?;
        let text = &page[start..];
        let text = &text[text.find('>')? + 1..text.find("</script>")?];
        Some(serde_json::from_str(text).expect("the inlined answer is JSON"))
    };
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1A2/PPP2PPP/RNBQK2R";
    let page = server.get(&format!(
        "/?view=attacks&fen={}&define=A%3DBN",
        fen.replace('/', "%2F")
    ));
    let first = inlined(&page.body).expect("inlined");
    let argv: Vec<String> = ["attacks", "--fen", fen, "--define", "A=BN", "--format", "json"]
        .map(str::to_owned)
        .to_vec();
    assert_eq!(first["answer"], json!(cli(&argv, "").1));
    assert_eq!(first["body"], json!({"fen": fen, "define": ["A=BN"]}));
    // The bare page: the start position.
    let first = inlined(&server.get("/").body).expect("inlined");
    assert_eq!(
        first["body"]["fen"],
        json!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    );
    // Another view, a variant or an option the page does not know: the script asks itself.
    for url in ["/?view=route&fen=8%2F8", "/?variant=chess", "/?fen=8%2F8&x=1"] {
        assert!(inlined(&server.get(url).body).is_none(), "{url}");
    }
    // An answer over a MiB (a 200×200 board with 50 queens: 1.26 MB of JSON) is not put
    // in the page: the script asks for it.
    let big: Vec<String> = (0..200)
        .map(|r| match r % 4 {
            0 => {
                let f = r * 7 % 199;
                if f == 0 {
                    "Q199".to_owned()
                } else {
                    format!("{f}Q{}", 199 - f)
                }
            }
            _ => "200".to_owned(),
        })
        .collect();
    let page = server.get(&format!("/?view=attacks&fen={}", big.join("%2F")));
    assert_eq!(page.status, 200);
    assert!(inlined(&page.body).is_none(), "a large answer was inlined");
    assert!(page.body.contains("<script>\n"), "the page without its answer");
    // A FEN that closes the script: refused by the CLI (nothing inlined) or escaped.
    let page = server.get("/?fen=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    assert!(!page.body.contains("<script>alert"), "{}", page.body);
}
