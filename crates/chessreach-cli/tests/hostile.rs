//! Hostile input, every command: each case runs the binary under a 3 GB address-space limit
//! with `--max-memory 1G` and a time limit, and must end with the expected exit status (never a
//! panic, an abort, a kill or a timeout), a message naming what was wrong, and every answer
//! already computed on stdout.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Case {
    name: &'static str,
    args: &'static [&'static str],
    stdin: Vec<u8>,
    code: i32,
    stderr: &'static [&'static str],
    stdout: &'static str,
    /// The most bytes of output allowed (no megabyte pictures of huge boards).
    max_out: usize,
    /// Text stdout must contain somewhere.
    has: &'static str,
    /// Run with the default budget (no `--max-memory`): it must follow the address-space limit.
    default_budget: bool,
}

fn case(name: &'static str, args: &'static [&'static str], stdin: impl Into<Vec<u8>>, code: i32) -> Case {
    Case {
        name,
        args,
        stdin: stdin.into(),
        code,
        stderr: &[],
        stdout: "",
        max_out: 1 << 20,
        has: "",
        default_budget: false,
    }
}

impl Case {
    fn err(mut self, fragments: &'static [&'static str]) -> Self {
        self.stderr = fragments;
        self
    }
    fn out(mut self, prefix: &'static str) -> Self {
        self.stdout = prefix;
        self
    }
    fn at_most(mut self, bytes: usize) -> Self {
        self.max_out = bytes;
        self
    }
    fn has(mut self, text: &'static str) -> Self {
        self.has = text;
        self
    }
    fn default_budget(mut self) -> Self {
        self.default_budget = true;
        self
    }
}

/// A strip route among 4600 bishops at scattered ranks: some 30000 waypoints, no repeats.
fn scattered_bishops() -> &'static str {
    let mut spec = String::from("--piece=b:F@");
    let mut x: u64 = 1;
    for (n, file) in (20..60_000).step_by(13).enumerate() {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        if n > 0 {
            spec.push('/');
        }
        spec.push_str(&file.to_string());
        spec.push(',');
        spec.push_str(&(1 + (x >> 61)).to_string());
    }
    Box::leak(spec.into_boxed_str())
}

/// A 1000x1000 roads grid, every road of type 1, one placement.
fn big_roads() -> Vec<u8> {
    let (n, m) = (1000, 1000);
    let mut s = format!("{n} {m} 1\n");
    for _ in 0..n {
        s.push_str(&"1 ".repeat(m - 1));
        s.push('\n');
    }
    for _ in 0..n - 1 {
        s.push_str(&"1 ".repeat(m));
        s.push('\n');
    }
    s.push_str("0 5 1 1\n");
    s.into_bytes()
}

fn big_weird_chess(n: usize) -> Vec<u8> {
    let mut s = format!("{n}\n").into_bytes();
    for r in 0..n {
        s.extend((0..n).map(|c| if (r + c) % 7 == 0 { b'o' } else { b'.' }));
        s.push(b'\n');
    }
    s
}

#[expect(clippy::too_many_lines, reason = "a data table: one case per entry")]
fn cases() -> Vec<Case> {
    let roads_bad_third =
        "4 4 3\n1 3 1\n2 2 2\n3 3 0\n1 1 1\n2 3 1 1\n3 2 2 1\n1 0 3 3\n0 5 2 2\n1 3 2 3\n1 x 3 2\n";
    let mut long_line = b"6 6\n".to_vec();
    long_line.extend(std::iter::repeat_n(b'1', 10_000_000));
    let route_args: &'static [&'static str] = Box::leak(
        vec![
            "path",
            "--board",
            "infx8",
            "--mover",
            "W2@a1",
            scattered_bishops(),
            "--to",
            "60010,1",
        ]
        .into_boxed_slice(),
    );
    let mut long_token = b"1 8\n7 8\n1\nN 4 ".to_vec();
    long_token.extend(std::iter::repeat_n(b'x', 10_000_000));
    vec![
        case(
            "weird-chess n = 6000 under ulimit -v, the default budget",
            &["solve", "weird-chess"],
            big_weird_chess(6000),
            1,
        )
        .default_budget()
        .err(&["would need 4.6 GB", "over the memory budget of"]),
        case(
            "a strip attack map of a ranged rider under ulimit -v, the default budget",
            &["attacks", "--board", "infx8", "--piece", "W99999999@a1"],
            "",
            2,
        )
        .default_budget()
        .err(&["the strip's attack map would need 9.6 GB, over the memory budget of"]),
        case(
            "endless variants.ini",
            &["variants", "--variants", "/dev/zero"],
            "",
            1,
        )
        .err(&["--variants /dev/zero: longer than 16.0 MB"]),
        case(
            "an endless input",
            &["solve", "roads", "--input", "/dev/zero", "--max-memory", "10M"],
            "",
            1,
        )
        .err(&["/dev/zero: longer than 10.0 MB, the most read"]),
        case("a strip route of 30000 waypoints", route_args, "", 0)
            .has("29522 waypoints not listed (--all-squares or --format json lists them)")
            .at_most(20_000),
        case(
            "roads: a 1000x1000 grid as SVG",
            &["roads", "--all", "--format", "svg"],
            big_roads(),
            2,
        )
        .err(&["--format svg: a 1000x1000 grid is too large to draw"]),
        case(
            "roads: a 1000x1000 grid as text",
            &["roads", "--all"],
            big_roads(),
            0,
        )
        .has("is not drawn")
        .at_most(1000),
        case(
            "a 250x250 duel: its size, not a saturated one",
            &["duel", "solve", "--board", "250x250"],
            "",
            2,
        )
        .err(&["the duel solver's tables would need 62.5 GB"]),
        case(
            "an escape sequence in a piece spec",
            &["attacks", "--piece", "K@\u{1b}[31mzz"],
            "",
            2,
        )
        .err(&["--piece", "`\\x1b[31mzz`"]),
        case(
            "an escape sequence in the input",
            &["solve", "infinite-chess"],
            "1 8\n7 8\n1\nN 4 \u{1b}[2J 5\n",
            1,
        )
        .err(&["line 4, column 5", "\\x1b[2J"]),
        case(
            "a hung judged program whose grandchild keeps the output open",
            &[
                "duel",
                "judge",
                "--timeout-ms",
                "300",
                "--",
                "sh",
                "-c",
                "(sleep 30 &); exec sleep 30",
            ],
            "",
            1,
        )
        .has("TIMEOUT after 300 ms"),
        case(
            "a board too large to draw",
            &["attacks", "--board", "100000x1"],
            "",
            2,
        )
        .err(&["--board: a 100000x1 board is too large to draw"]),
        case(
            "an empty range of boards",
            &["duel", "verify", "--min", "8x8", "--max", "6x6"],
            "",
            2,
        )
        .err(&["--min 8x8 --max 6x6: the range 8x8..6x6 is empty"]),
        case(
            "duel play: input without a line break",
            &["duel", "play", "--board", "8x8", "--from", "a1,b5"],
            vec![b'x'; 100_000],
            1,
        )
        .err(&["line 1, column 4097: the line is longer than 4096 bytes"]),
        // `yes zz | chessreach duel play`: every line answered "try again" for ever before.
        case(
            "duel play: endless lines that are not moves",
            &["duel", "play", "--board", "8x8", "--from", "a1,b5"],
            "zz\n".repeat(100_000),
            1,
        )
        .err(&[
            "line 100, column 1: expected a move from",
            "within 100 tries in a row, found `zz`",
        ])
        .at_most(20_000),
        case("knightmare: a 10 MB line", &["solve", "knightmare"], long_line, 1)
            .err(&["line 2, column 4097: the line is longer than 4096 bytes"]),
        case(
            "roads: more placements than intersections",
            &["solve", "roads"],
            "2 2 5\n",
            1,
        )
        .err(&["line 1, column 5", "at most one per intersection", "from 0 to 4"]),
        case(
            "attacks on a huge board, JSON",
            &[
                "attacks",
                "--board",
                "20000x20000",
                "--piece",
                "Q@a1",
                "--format",
                "json",
            ],
            "",
            2,
        )
        .err(&["the attack map would need", "over the memory budget of 1.0 GB"]),
        case(
            "attacks on the largest board, drawn",
            &["attacks", "--board", "65535x65535", "--piece", "Q@a1"],
            "",
            2,
        )
        .err(&["too large to draw"]),
        case(
            "attacks on a 10000x10000 board, drawn",
            &["attacks", "--board", "10000x10000"],
            "",
            2,
        )
        .err(&["too large to draw"]),
        case(
            "a FEN of too many squares",
            &["attacks", "--fen", "4294967295"],
            "",
            2,
        )
        .err(&["at most 4294967294"]),
        case(
            "a non-ASCII letter defined",
            &["attacks", "--define", "é=BN"],
            "",
            2,
        )
        .err(&["ASCII letter"]),
        case("a bad memory size", &["attacks", "--max-memory", "lots"], "", 2).err(&["--max-memory"]),
        case(
            "a 200x200 diagram fitted to 80 columns",
            &[
                "attacks",
                "--board",
                "200x200",
                "--piece",
                "Q@100,100",
                "--columns",
                "80",
            ],
            "",
            0,
        )
        .has("shown, to fit 80 columns: --full draws them all")
        .at_most(20_000),
        case(
            "a window of columns too narrow to draw",
            &["attacks", "--board", "8x8", "--columns", "3"],
            "",
            2,
        )
        .err(&["--columns"]),
        case(
            "a diagram too large to draw as SVG",
            &["infer", "--format", "svg"],
            format!("o{}\n", ".".repeat(400)),
            1,
        )
        .err(&["too large to draw"]),
        case(
            "a mover with two squares",
            &["path", "--mover", "K@a1/b2", "--to", "c3"],
            "",
            2,
        )
        .err(&["expected one square"]),
        case(
            "a route on a board too large for the budget",
            &["path", "--board", "8000x8000", "--mover", "K@a1", "--to", "b2"],
            "",
            2,
        )
        .err(&["the route search would need"]),
        case(
            "a route on a board too large to search",
            &["path", "--board", "30000x30000", "--mover", "K@a1", "--to", "b2"],
            "",
            2,
        )
        .err(&["the route search would need 44.1 GB"]),
        case(
            "a route on a board too large to search, whatever the budget",
            &[
                "path",
                "--board",
                "30000x30000",
                "--mover",
                "K@a1",
                "--to",
                "b2",
                "--max-memory",
                "100G",
            ],
            "",
            2,
        )
        .err(&["900000000 squares is more than the 67108864 the route search supports"]),
        case(
            "weird-chess n = 6000",
            &["solve", "weird-chess"],
            big_weird_chess(6000),
            1,
        )
        .err(&["would need 4.6 GB", "over the memory budget"]),
        case(
            "infer on a 6000x6000 diagram",
            &["infer"],
            big_weird_chess(6000),
            1,
        )
        .err(&["would need"]),
        case(
            "roads of the largest size",
            &["solve", "roads"],
            "16384 16384 16777216\n",
            1,
        )
        .err(&["the roads grid and placements would need"]),
        case(
            "roads: a bad third placement",
            &["solve", "roads"],
            roads_bad_third,
            1,
        )
        .err(&["line 11, column 3"])
        .out("6\n3\n"),
        case(
            "king-path: bytes that are not UTF-8",
            &["solve", "king-path"],
            &b"c4 e6 d5\ng2 a8 a2\na3 \xff1 c1\n"[..],
            1,
        )
        .err(&["line 3, column 4", "UTF-8"])
        .out("2\n6\n"),
        case(
            "infinite-chess: a 10 MB token",
            &["solve", "infinite-chess"],
            long_token,
            1,
        )
        .err(&["line 4, column 5", "(10000000 bytes)"]),
        case(
            "knightmare: both knights on one square",
            &["solve", "knightmare"],
            "6 6\n3 3 3 3\n",
            1,
        )
        .err(&["line 2", "both pieces start on c3"]),
        case(
            "knightmare: an odd board",
            &["solve", "knightmare"],
            "7 6\n1 1 2 2\n",
            1,
        )
        .err(&["line 1"]),
        case(
            "knightmare: a square off the board",
            &["solve", "knightmare"],
            "6 6\n9 9 3 3\n",
            1,
        )
        .err(&["line 2", "off the 6x6 board"]),
        case(
            "duel verify beyond memory",
            &["duel", "verify", "--min", "200x200", "--max", "200x200"],
            "",
            2,
        )
        .err(&["would need"]),
        case(
            "duel solve beyond memory",
            &["duel", "solve", "--board", "1000x1000"],
            "",
            2,
        )
        .err(&["the duel solver's tables would need"]),
        case(
            "duel judge with an empty range",
            &["duel", "judge", "--board", "12x12..6x6"],
            "",
            2,
        )
        .err(&["empty"]),
        case(
            "duel solve on an odd knightmare board",
            &["duel", "solve", "--board", "7x7"],
            "",
            2,
        )
        .err(&["knightmare board"]),
        case(
            "duel play on a huge board (no 2 MB pictures)",
            &["duel", "play", "--board", "1000x1000", "--from", "a1,b5"],
            "q\n",
            0,
        )
        .at_most(10_000),
        case(
            "a distance map of a 2000x2000 board",
            &["path", "--board", "2000x2000", "--mover", "N@a1", "--all"],
            "",
            0,
        )
        .out("4000000 of 4000000 squares reachable")
        .at_most(10_000),
        case(
            "a route on a 4000x4000 board, as SVG",
            &[
                "path",
                "--board",
                "4000x4000",
                "--mover",
                "N@a1",
                "--to",
                "c2",
                "--format",
                "svg",
            ],
            "",
            2,
        )
        .err(&["too large to draw"]),
        case("an unknown variant", &["attacks", "--variant", "nosuch"], "", 2).err(&[
            "--variant: unknown variant `nosuch`",
            "`chessreach variants` lists them",
        ]),
        case("a misspelt variant", &["attacks", "--variant", "xiangqu"], "", 2)
            .err(&["did you mean `xiangqi`?"]),
        case(
            "a variants.ini line without `=`: the section skipped, with a warning",
            &["attacks", "--variants", "/dev/stdin", "--variant", "mine"],
            "[mine:chess]\nmaxFile = 10\nthis is not a key\n",
            2,
        )
        .err(&[
            "warning: /dev/stdin:3:1: [mine] section skipped: expected `key = value`",
            "unknown variant `mine`",
        ]),
        case(
            "a variants.ini line without `=`, --strict",
            &["variants", "--variants", "/dev/stdin", "--strict"],
            "[mine:chess]\nmaxFile = 10\nthis is not a key\n[ok:chess]\n",
            1,
        )
        .err(&[
            "warning: /dev/stdin:3:1: [mine] section skipped",
            "--strict: --variants /dev/stdin is not read as written (1 warnings above)",
        ]),
        case(
            "a variants.ini with a bad byte",
            &["variants", "--variants", "/dev/stdin"],
            b"[mine:chess]\nstartFen = \xff\n".to_vec(),
            1,
        )
        .err(&["/dev/stdin:2:12: expected text (UTF-8), found the byte 0xff"]),
        case(
            "a variants.ini that does not exist",
            &["variants", "--variants", "/nonexistent/variants.ini"],
            "",
            1,
        )
        .err(&["--variants /nonexistent/variants.ini"]),
        case(
            "a variant's FEN for another board",
            &["attacks", "--variant", "xiangqi", "--fen", "8/8/8/8/8/8/8/8"],
            "",
            2,
        )
        .err(&["--fen", "this variant is played on 9x10"]),
        case(
            "a promoted piece that does not promote",
            &["attacks", "--variant", "shogi", "--fen", "9/9/9/9/9/9/9/9/+K8"],
            "",
            2,
        )
        .err(&["`+K`: `K` has no promoted form here", "at character 18"]),
        case(
            "a variant and a board at once",
            &["attacks", "--variant", "xiangqi", "--board", "9x10"],
            "",
            2,
        )
        .err(&["cannot be used with"]),
        case(
            "a mover on a piece of a strip, named as the strip names squares",
            &[
                "path", "--board", "infx8", "--piece", "K@1,1", "--mover", "N@1,1", "--to", "5,5",
            ],
            "",
            2,
        )
        .err(&["the mover's square 1,1 is occupied"]),
        case(
            "a capture of nothing on a wide board, named as it names squares",
            &[
                "path",
                "--board",
                "30x30",
                "--black",
                "K@2,3",
                "--mover",
                "N@1,1",
                "--capture",
                "5,5",
            ],
            "",
            2,
        )
        .err(&["no hostile piece stands on 5,5"]),
    ]
}

/// Runs a case under the limits; returns (status code, stdout, stderr, elapsed).
fn run(c: &Case) -> (Option<i32>, Vec<u8>, String, Duration) {
    let bin = assert_cmd::cargo::cargo_bin("chessreach");
    let mut args: Vec<String> = c.args.iter().map(|s| (*s).to_owned()).collect();
    if !c.default_budget && !args.iter().any(|a| a == "--max-memory") {
        args.extend(["--max-memory".to_owned(), "1G".to_owned()]);
    }
    // `ulimit -v` (KiB): an allocation past 3 GB fails, which would abort the process.
    let script = "ulimit -v 3000000; exec \"$0\" \"$@\"";
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(&bin)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = c.stdin.clone();
    let writer = std::thread::spawn(move || {
        // The program may stop reading early (an error): a broken pipe here is fine.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("waits");
    let _ = writer.join();
    (
        out.status.code(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

#[test]
fn hostile_inputs_are_refused_cleanly() {
    let mut failures = Vec::new();
    for c in cases() {
        let (code, stdout, stderr, took) = run(&c);
        let mut why = Vec::new();
        if code != Some(c.code) {
            why.push(format!("exit {code:?}, expected {}", c.code));
        }
        for f in c.stderr {
            if !stderr.contains(f) {
                why.push(format!("stderr lacks `{f}`"));
            }
        }
        if stderr.contains("panicked") || stderr.len() > 2000 {
            why.push("a panic or an overlong message".into());
        }
        if stderr.chars().any(|ch| ch.is_control() && ch != '\n') {
            why.push("a raw control character in the message".into());
        }
        if !String::from_utf8_lossy(&stdout).contains(c.has) {
            let shown: String = String::from_utf8_lossy(&stdout).chars().take(300).collect();
            why.push(format!("stdout lacks {:?} (stdout: {shown})", c.has));
        }
        if !stdout.starts_with(c.stdout.as_bytes()) {
            why.push(format!("stdout does not start with {:?}", c.stdout));
        }
        if stdout.len() > c.max_out {
            why.push(format!(
                "{} bytes of output, more than {}",
                stdout.len(),
                c.max_out
            ));
        }
        if took > Duration::from_secs(60) {
            why.push(format!("took {took:?}"));
        }
        if !why.is_empty() {
            failures.push(format!(
                "{}: {} (stderr: {})",
                c.name,
                why.join("; "),
                stderr.trim()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_named_by_its_flag() {
    use std::os::unix::ffi::OsStrExt;
    let bin = assert_cmd::cargo::cargo_bin("chessreach");
    for args in [
        vec![&b"attacks"[..], b"--board", b"8x\xff"],
        vec![&b"attacks"[..], b"--board=8x\xff"],
    ] {
        let out = Command::new(&bin)
            .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("--board: `8x\u{fffd}` is not UTF-8 text"),
            "{stderr}"
        );
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_success() {
    let bin = assert_cmd::cargo::cargo_bin("chessreach");
    // Outputs far larger than a pipe's buffer, so the pipe really closes under the writer.
    for args in [
        "attacks --board 200x200 --piece R@a1/b2/c3/d4/e5/f6/g7/h8 --format json",
        "duel solve --board 10x10 --format json --quiet",
        "duel solve --board 10x10 --from a1 --format svg --quiet",
    ] {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "\"$0\" {args} | head -c 1 >/dev/null; exit ${{PIPESTATUS[0]}}"
            ))
            .arg(&bin)
            .output()
            .expect("bash runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{args}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn endgame_refusals_come_first_say_things_once_and_keep_answers() {
    // `--format svg` is refused before anything is solved: under a 1 MB budget the table would
    // be refused too, but the format is what is named.
    for sub in [
        &["endgame", "solve", "--material", "KQvKR", "--format", "svg"][..],
        &[
            "endgame",
            "probe",
            "--material",
            "KQvKR",
            "--fen",
            "8/8/8/8/8/8/8/8",
            "--format",
            "svg",
        ],
        &["endgame", "potential", "--format", "svg"],
    ] {
        let mut args = sub.to_vec();
        args.extend(["--quiet", "--max-memory", "1M"]);
        let args: &'static [&'static str] = Box::leak(args.into_boxed_slice());
        let (code, stdout, stderr, _) = run(&case("svg", args, "", 2));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--format") && stderr.contains("not svg"),
            "{args:?}: {stderr}"
        );
        assert!(stdout.is_empty(), "{args:?}");
    }

    // A placement asked of the text summary, which has no place for it: refused, not ignored.
    let (code, stdout, stderr, _) = run(&case(
        "a placement in text",
        &[
            "endgame",
            "solve",
            "--material",
            "KQvK",
            "--fen",
            "8/8/8/8/8/8/8/KQ4k1",
            "--quiet",
        ],
        "",
        2,
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--fen") && stderr.contains("--format json"),
        "{stderr}"
    );
    assert!(stdout.is_empty());

    // A library error that writes its source into its text is said once.
    let (code, _, stderr, _) = run(&case(
        "a multi-leg endgame piece",
        &[
            "endgame",
            "solve",
            "--material",
            "KAvK",
            "--define",
            "A=afsW",
            "--dialect",
            "xbetza",
            "--quiet",
        ],
        "",
        2,
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.matches("multi-leg moves").count(), 1, "{stderr}");

    // The mating-potential rows solved before a board over the budget are still written.
    let (code, stdout, stderr, _) = run(&case(
        "potential past the budget",
        &[
            "endgame",
            "potential",
            "--pieces",
            "N,Q",
            "--boards",
            "3x3,400x400",
            "--quiet",
        ],
        "",
        2,
    ));
    let stdout = String::from_utf8_lossy(&stdout);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("memory budget"), "{stderr}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("3x3 ")).count(),
        2,
        "{stdout}"
    );
}
