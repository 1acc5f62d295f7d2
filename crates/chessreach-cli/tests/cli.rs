//! The binary as a user runs it.

use assert_cmd::Command;
use predicates::prelude::*;

fn chessreach() -> Command {
    Command::cargo_bin("chessreach").expect("binary builds")
}

#[test]
fn attacks_of_the_start_position() {
    chessreach()
        .args(["attacks", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3  + + + + + + + +"))
        .stdout(predicate::str::contains("6  - - - - - - - -"))
        .stdout(predicate::str::contains(
            "White attacks 22 squares; Black attacks 22 squares.",
        ));
}

#[test]
fn fairy_fen_with_definitions() {
    chessreach()
        .args([
            "attacks",
            "--fen",
            "12/12/12/12/12/12/12/12/12/5A6",
            "--define",
            "A=BN",
            "--side",
            "white",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("10  . . . . . . . . . . . ."))
        .stdout(predicate::str::contains(" 2  . . . x x . x x . . . ."))
        .stdout(predicate::str::contains(" 7  . . . . . . . . . . . x"))
        .stdout(predicate::str::contains("White attacks 15 squares"));
}

#[test]
fn pieces_json_and_svg() {
    let out = chessreach()
        .args([
            "attacks",
            "--board",
            "5x5",
            "--piece",
            "N@c3",
            "--black",
            "fmWfcF@b5",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
    assert_eq!(v["white"]["count"], 8);
    assert_eq!(v["black"]["squares"], serde_json::json!(["a4", "c4"]));
    assert_eq!(v["pieces"][1]["betza"], "fmWfcF");
    chessreach()
        .args(["attacks", "--board", "5x5", "--piece", "N@c3", "--format", "svg"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
        ))
        .stdout(predicate::str::ends_with("</svg>\n"));
}

#[test]
fn strip_rays_in_json() {
    let out = chessreach()
        .args([
            "attacks",
            "--board",
            "infx8",
            "--piece",
            "R@0,1",
            "--black",
            "K@1000000000000,1",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
    let rays = v["rays"].as_array().expect("rays");
    assert_eq!(rays.len(), 2);
    assert_eq!(v["white"]["count"], 7);
    assert!(rays.iter().any(|r| r["until"] == "1000000000000,1"));
    assert!(rays.iter().any(|r| r["until"].is_null()));
}

#[test]
fn bad_arguments_exit_2_and_name_the_character() {
    chessreach()
        .args(["attacks", "--piece", "NX@a1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--piece: "))
        .stderr(predicate::str::contains("\n  NX@a1\n   ^"))
        .stderr(predicate::str::contains("unexpected `X`"));
    chessreach()
        .args(["attacks", "--fen", "8/8/8/8/8/8/8/7Y"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown piece letter `Y`"));
    chessreach().args(["attacks", "--board", "0x3"]).assert().code(2);
    chessreach()
        .args(["attacks", "--piece", "K@a1", "--piece", "Q@a1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("two pieces on a1"));
    chessreach().args(["solve", "chess"]).assert().code(2);
}

#[test]
fn demo_runs_every_section() {
    let dir = std::env::temp_dir().join(format!("chessreach-demo-test-{}", std::process::id()));
    let mut a = chessreach().args(["demo", "--dir"]).arg(&dir).assert().success();
    for shown in [
        "$ chessreach attacks --variant xiangqi",
        "$ chessreach attacks --fen '8/8/8/3*4/8/8/3R4/8'",
        "--wrap files",
        "$ chessreach attacks --board infx8",
        "$ chessreach path --board 8x8 --black P@e6/d5 --mover K@c4 --capture e6 --format json",
        "\"captured\": [",
        "(the last 2 moves 124999999989 more times",
        "$ chessreach betza --dialect xbetza afsW",
        "$ chessreach infer ",
        "Simplest rule found that draws the same diagram: N",
        "from White a1, Black e5: white wins in 3 plies",
        "verified 9 boards (6x6 to 10x10)",
        "KQvK on 5x5",
        "reaches 5 intersections",
        "| chessreach solve infinite-chess",
        "| chessreach solve king-path",
        "| chessreach solve weird-chess",
        "| chessreach solve roads",
    ] {
        a = a.stdout(predicate::str::contains(shown));
    }
    // The pictures are written where the demo says.
    for svg in ["janggi.svg", "route.svg"] {
        let text = std::fs::read_to_string(dir.join(svg)).expect("the demo wrote its picture");
        assert!(text.starts_with("<svg"), "{svg}");
        a = a.stdout(predicate::str::contains(format!("{}", dir.join(svg).display())));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_square_naming_per_board() {
    // Past 26 files every square is `file,rank`, in text and JSON alike.
    let text = chessreach()
        .args([
            "path", "--board", "60x60", "--black", "P@30,30", "--mover", "N@1,1", "--to", "27,53",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&text);
    let route = text.lines().next().expect("the route line");
    assert!(route.contains(" 1,1 ") && route.ends_with(" 27,53"), "{route}");
    assert!(!route.contains("z5"), "{route}");
    let json = chessreach()
        .args([
            "path", "--board", "60x60", "--black", "P@c3", "--mover", "N@1,1", "--to", "27,53", "--format",
            "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).expect("valid JSON");
    assert_eq!(v["pieces"][0]["square"], "3,3");
    let squares = v["route"].as_array().expect("route");
    assert!(
        squares
            .iter()
            .all(|s| s.as_str().is_some_and(|s| s.contains(','))),
        "{squares:?}"
    );
    // A duel on a wide board too.
    chessreach()
        .args([
            "duel", "solve", "--board", "28x6", "--white", "K", "--black", "K", "--from", "1,1,28,6",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("from White 1,1, Black 28,6"));
}

#[test]
fn attack_maps_have_one_json_shape() {
    let keys = |args: &[&str]| -> Vec<String> {
        let out = chessreach()
            .args(args)
            .arg("--format")
            .arg("json")
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("valid JSON");
        v.as_object().expect("an object").keys().cloned().collect()
    };
    let bounded = keys(&["attacks", "--board", "8x8", "--piece", "R@a1", "--black", "N@c3"]);
    let strip = keys(&[
        "attacks", "--board", "infx8", "--piece", "R@1,1", "--black", "N@3,3",
    ]);
    assert_eq!(bounded, strip);
}

#[test]
fn text_diagrams_fit_the_columns_asked() {
    let out = chessreach()
        .args([
            "attacks",
            "--board",
            "100x8",
            "--piece",
            "Q@50,4",
            "--columns",
            "60",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(files 36 to 64 of 1 to 100 shown, to fit 60 columns",
        ))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    let board: Vec<&str> = text.lines().take(8).collect();
    assert!(board.iter().all(|l| l.len() <= 60), "{board:?}");
    // A pipe gets the whole diagram unless asked; --full too.
    chessreach()
        .args(["attacks", "--board", "100x8", "--piece", "Q@50,4", "--full"])
        .assert()
        .success()
        .stdout(predicate::str::contains("files 1 to 100\n"));
}

#[test]
fn solve_classics_from_stdin_and_file() {
    chessreach()
        .args(["solve", "infinite-chess"])
        .write_stdin("1 8\n7 8\n2\nN 4 8\nB 4 6\n")
        .assert()
        .success()
        .stdout("10\n");
    let dir = std::env::temp_dir().join(format!("chessreach-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kp.in");
    std::fs::write(&file, "c4 e6 d5\ng2 a8 a2\na3 b1 c1\n").expect("write");
    chessreach()
        .args(["solve", "king-path", "--input"])
        .arg(&file)
        .assert()
        .success()
        .stdout("2\n6\n7\n");
}

#[test]
fn solve_reports_bad_lines_and_keeps_answers() {
    chessreach()
        .args(["solve", "king-path"])
        .write_stdin("c4 e6 d5\nz9 a1 a2\n")
        .assert()
        .code(1)
        .stdout("2\n")
        .stderr(predicate::str::contains("line 2, column 1"));
    chessreach()
        .args(["solve", "roads"])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "line 1, column 1: expected the number of rows n (an integer from 1 to 16384), found end of input",
        ));
}

#[test]
fn path_on_a_board_and_on_a_strip() {
    chessreach()
        .args([
            "path",
            "--board",
            "8x8",
            "--piece",
            "P@a8/a2",
            "--mover",
            "b:K@g2",
            "--capture",
            "a8",
            "--may-capture",
            "all",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("6 moves: g2 "));
    let out = chessreach()
        .args([
            "path", "--board", "infx8", "--piece", "K@1,3", "--piece", "R@2,3", "--mover", "b:K@1,1", "--to",
            "1,5", "--format", "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
    assert_eq!(v["moves"], 6);
    assert_eq!(v["waypoints"][0], "1,1");
    chessreach()
        .args(["path", "--board", "5x5", "--mover", "N@a1", "--all"])
        .assert()
        .success()
        .stdout(predicate::str::contains("5  2 3 2 3 4"));
    chessreach()
        .args(["path", "--board", "infx8", "--mover", "N@1,1", "--to", "3,2"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1 move: 1,1 3,2\n"));
    // A strip distance map covers the files asked for (or drawn).
    let out = chessreach()
        .args([
            "path", "--board", "infx3", "--mover", "N@1,1", "--all", "--files", "0..2", "--format", "json",
        ])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["distances"]["1,1"], 0);
    assert_eq!(v["distances"]["2,3"], 1);
    assert_eq!(v["distances"].as_object().map(serde_json::Map::len), Some(9));
    // Pieces too far apart for the window search: refused with its size.
    chessreach()
        .args([
            "path",
            "--board",
            "infx8",
            "--mover",
            "N@1,1",
            "--to",
            "100000000000,1",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("50000000001 moves")
                .and(predicate::str::contains("more times, each 4 files")),
        );
    chessreach()
        .args([
            "path",
            "--board",
            "infx8",
            "--mover",
            "N@1,1",
            "--to",
            "100000000000,1",
            "--may-capture",
            "all",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("margin of 257 files each side"));
    chessreach()
        .args([
            "path", "--board", "8x8", "--piece", "R@a1", "--mover", "K@a1", "--to", "h8",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("occupied"));
}

#[test]
fn infer_names_rules_and_shows_contradictions() {
    chessreach()
        .arg("infer")
        .write_stdin("..x..\n..x..\nxxoxx\n..x..\n..x..\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("YES"))
        .stdout(predicate::str::contains("draws the same diagram: R "));
    chessreach()
        .arg("infer")
        .write_stdin("3\no.x\noxx\no.x\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "NO: 1 attacked square (!) is out of reach",
        ))
        .stdout(predicate::str::contains("o!x"));
    let out = chessreach()
        .args(["infer", "--format", "json"])
        .write_stdin(".x.x.\nx...x\n..o..\nx...x\n.x.x.\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
    assert_eq!(v["consistent"], true);
    assert_eq!(v["simplest_betza"], "N");
    chessreach()
        .arg("infer")
        .write_stdin("o.\nx\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 2"));
    chessreach()
        .args(["solve", "weird-chess"])
        .write_stdin("3\no.x\noxx\no.x\n")
        .assert()
        .success()
        .stdout("NO\n");
}

#[test]
fn duel_judge_series_and_knightmare() {
    chessreach()
        .args([
            "duel",
            "judge",
            "--games",
            "24",
            "--board",
            "6x6..10x10",
            "--seed",
            "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("24 won, 0 not won, of 24 games"));
    chessreach()
        .args(["solve", "knightmare"])
        .write_stdin("8 8\n2 3 1 8\n")
        .assert()
        .success()
        .stdout("WHITE\n4 4\n");
    chessreach()
        .args(["solve", "knightmare"])
        .write_stdin("6 6\n4 4 2 2\n9 9\n")
        .assert()
        .code(1)
        .stdout("BLACK\n")
        .stderr(predicate::str::contains("line 3"))
        .stderr(predicate::str::contains("illegal move 9 9"));
}

#[test]
fn duel_judge_any_duel_through_serve() {
    // A rook with a target against a knight: the default program is `duel serve`, which
    // plays the solver's side; the optimal opponent uses the solver too.
    chessreach()
        .args([
            "duel",
            "judge",
            "--games",
            "6",
            "--board",
            "5x5..6x6",
            "--white",
            "R",
            "--black",
            "N",
            "--white-target",
            "c3",
            "--policy",
            "optimal",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("optimal opponent"))
        .stdout(predicate::str::contains("6 won, 0 not won, of 6 games"));
}

#[test]
fn duel_judge_catches_bad_programs() {
    let judge = |script: &str, timeout: &str| {
        let mut c = chessreach();
        c.args([
            "duel",
            "judge",
            "--games",
            "1",
            "--timeout-ms",
            timeout,
            "--",
            "sh",
            "-c",
            script,
        ]);
        c
    };
    // Illegal move.
    judge("read a; read b; echo WHITE; echo 1 1; read c", "5000")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("ILLEGAL MOVE"))
        .stdout(predicate::str::contains("0 won, 1 not won, of 1 game; no wins\n"));
    // Exits early.
    judge("read a; read b; echo WHITE", "5000")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("PROTOCOL ERROR"))
        .stdout(predicate::str::contains("closed its output"));
    // Floods one endless line: a protocol error, not a memory blow-up.
    judge(
        "read a; read b; echo WHITE; head -c 50000000 /dev/zero | tr '\\0' 7",
        "5000",
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains("longer than 4096 bytes"));
    // Hangs: a timeout, and what it started is killed with it (its process group).
    let started = std::time::Instant::now();
    judge("read a; read b; echo WHITE; sleep 31.25 & wait", "300")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("TIMEOUT after 300 ms"));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    std::thread::sleep(std::time::Duration::from_millis(200));
    let left = std::process::Command::new("pgrep")
        .args(["-f", "sleep 31.25"])
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    assert!(left.is_empty(), "the timed-out program's child is still running");
}

#[test]
fn duel_refusals_are_usage_errors() {
    chessreach()
        .args(["duel", "judge", "--board", "12x12..6x6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty"));
    chessreach()
        .args([
            "duel",
            "verify",
            "--min",
            "200x200",
            "--max",
            "200x200",
            "--max-memory",
            "4G",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("would need"))
        .stderr(predicate::str::contains("over the memory budget of 4.0 GB"));
    chessreach()
        .args(["duel", "solve", "--board", "100x100", "--max-memory", "1G"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the duel solver's tables would need 1.6 GB, over the memory budget of 1.0 GB",
        ));
    chessreach()
        .args(["duel", "solve", "--board", "7x7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("knightmare board"));
    chessreach()
        .args([
            "duel",
            "solve",
            "--board",
            "5x5",
            "--white",
            "R",
            "--white-target",
            "f6",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("off the 5x5 board"));
}

/// The streamed JSON of every start agrees with the text summary: as many entries, the same
/// counts of each winner, the same longest win (a result written under the wrong name fails).
#[test]
fn duel_solve_json_agrees_with_the_summary() {
    let args = ["duel", "solve", "--board", "8x8", "--quiet"];
    let text = chessreach().args(args).output().expect("runs");
    assert!(text.status.success());
    let summary = String::from_utf8(text.stdout).expect("utf-8");
    let out = chessreach()
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let starts = v["starts"].as_array().expect("starts");
    let count = |w: &str| starts.iter().filter(|s| s["winner"] == w).count();
    let longest = starts
        .iter()
        .filter_map(|s| s["plies"].as_u64())
        .max()
        .unwrap_or(0);
    assert!(starts
        .iter()
        .all(|s| (s["winner"] == "draw") == s["plies"].is_null()));
    let longest = match longest {
        _ if count("white") + count("black") == 0 => "no start is won".to_owned(),
        1 => "the longest win takes 1 ply".to_owned(),
        n => format!("the longest win takes {n} plies"),
    };
    let expected = format!(
        "{} starts (White to move): White wins {}, Black wins {}, draws {}; {longest}",
        starts.len(),
        count("white"),
        count("black"),
        count("draw")
    );
    assert!(summary.contains(&expected), "{summary}\nexpected {expected}");
}

#[test]
fn duel_solve_text_json_svg() {
    chessreach()
        .args([
            "duel",
            "solve",
            "--board",
            "5x5",
            "--white",
            "R",
            "--black",
            "N",
            "--white-target",
            "c3",
            "--black-target",
            "c4",
            "--from",
            "a1,e5",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("553 starts (White to move)"))
        .stdout(predicate::str::contains(
            "from White a1, Black e5: white wins in 3 plies",
        ))
        .stdout(predicate::str::contains("best play: 1. c1 d3  2. c3"));
    let out = chessreach()
        .args([
            "duel", "solve", "--board", "3x3", "--white", "K", "--black", "K", "--format", "json",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["board"], "3x3");
    assert_eq!(v["white_target"], serde_json::Value::Null);
    let starts = v["starts"].as_array().expect("starts");
    assert_eq!(starts.len(), 9 * 8);
    assert!(starts
        .iter()
        .any(|s| s["white"] == "a1" && s["black"] == "c1" && s["winner"] == "draw"));
    assert!(starts
        .iter()
        .any(|s| s["white"] == "a1" && s["black"] == "b2" && s["winner"] == "white" && s["plies"] == 1));
    chessreach()
        .args([
            "duel", "solve", "--board", "6x6", "--from", "a1", "--format", "svg",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("<svg"))
        .stdout(predicate::str::contains("results with White on a1"));
    chessreach()
        .args(["duel", "solve", "--board", "6x6", "--from", "1,1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "White on a1, White to move, Black anywhere:",
        ))
        .stdout(predicate::str::contains("1  N"));
}

#[test]
fn duel_verify_and_play() {
    chessreach()
        .args(["duel", "verify", "--max", "8x8", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("verified 4 boards"));
    chessreach()
        .args(["duel", "play", "--board", "6x6", "--from", "a1,f6"])
        .write_stdin("9 9\nzz\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("could not read `9 9`"))
        .stdout(predicate::str::contains("could not read `zz`"))
        .stdout(predicate::str::contains("bye"));
    // The person plays White against the engine's Black and makes a legal move first.
    chessreach()
        .args([
            "duel", "play", "--board", "6x6", "--from", "a1,f6", "--side", "white",
        ])
        .write_stdin("c1\nb3\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("c1 is not a move from a1"))
        .stdout(predicate::str::contains("the engine (black) moves to"));
}

#[test]
fn roads_solve_and_show() {
    let sample = "4 4 3\n1 3 1\n2 2 2\n3 3 0\n1 1 1\n2 3 1 1\n3 2 2 1\n1 0 3 3\n0 5 2 2\n1 3 2 3\n1 6 3 2\n";
    chessreach()
        .args(["solve", "roads"])
        .write_stdin(sample)
        .assert()
        .success()
        .stdout("6\n3\n5\n");
    chessreach()
        .args(["roads", "--show", "1"])
        .write_stdin(sample)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "placement 1: colour 0 level 5 at (2, 2) reaches 6 intersections",
        ))
        .stdout(predicate::str::contains("2=@=2=2"));
    let out = chessreach()
        .args(["roads", "--all", "--format", "json"])
        .write_stdin(sample)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
    assert_eq!(v["counts"], serde_json::json!([6, 3, 5]));
    assert_eq!(v["shown"][2]["reached"].as_array().map(Vec::len), Some(5));
    chessreach()
        .args(["roads", "--show", "4"])
        .write_stdin(sample)
        .assert()
        .code(2);
    chessreach()
        .args(["solve", "roads"])
        .write_stdin("2 2 1\n1\n9\n3 3\n1 7 1 1\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 3, column 1"));
}

#[test]
fn json_keeps_huge_integers_exact() {
    let out = chessreach()
        .args([
            "path",
            "--board",
            "infx8",
            "--mover",
            "K@1,1",
            "--to",
            "1000000000000000000,1",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["moves"], "999999999999999999");
    let out = chessreach()
        .args([
            "path", "--board", "infx8", "--mover", "K@1,1", "--to", "9,1", "--format", "json",
        ])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["moves"], 8);
}

#[test]
fn windows_of_large_boards() {
    chessreach()
        .args([
            "attacks",
            "--board",
            "1000x1000",
            "--piece",
            "Q@e5",
            "--files",
            "1..10",
            "--ranks",
            "1..8",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("5  + + + + Q + + + + +"))
        .stdout(predicate::str::contains("White attacks 3005 squares"));
    chessreach()
        .args([
            "path",
            "--board",
            "1000x1000",
            "--mover",
            "K@a1",
            "--to",
            "c3",
            "--files",
            "1..6",
            "--ranks",
            "1..5",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 moves: 1,1 2,2 3,3"))
        .stdout(predicate::str::contains("3  . . 2 . . ."));
    chessreach()
        .args([
            "attacks",
            "--board",
            "1000x1000",
            "--piece",
            "Q@e5",
            "--files",
            "1..300",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too large to draw"));
}

/// The samples `solve --help` shows are what `solve` answers.
#[test]
fn help_samples_are_true() {
    for p in chessreach::problems::Problem::ALL {
        let text = p.format();
        let Some(line) = text
            .lines()
            .find(|l| l.trim_start().starts_with("sample: printf '"))
        else {
            continue;
        };
        let after = &line[line.find("printf '").expect("printf") + 8..];
        let input = after[..after.find('\'').expect("closing quote")].replace("\\n", "\n");
        let want = line
            .rsplit("->")
            .next()
            .expect("arrow")
            .trim()
            .replace(" / ", "\n");
        chessreach()
            .args(["solve", p.name()])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(format!("{want}\n"));
    }
    chessreach()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "[possible values: infinite-chess, king-path, knightmare, roads, weird-chess]",
        ))
        .stdout(predicate::str::contains("weird-chess: which movement rule"));
    chessreach()
        .args(["roads", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 interconnected"));
}

#[test]
fn variant_movers_move_as_their_variant_says_square_by_square() {
    let route = |variant: &str, fen: &str, mover: &str, to: &str| {
        chessreach()
            .args(["path", "--variant", variant, "--fen", fen])
            .args(["--mover", mover, "--to", to, "--format", "json"])
            .assert()
            .success()
    };
    let moves = |n: u32| predicate::str::contains(format!("\"moves\": {n}"));
    let none = || predicate::str::contains("\"route\": null");
    let empty = "9/9/9/9/9/9/9/9/9/9 w - - 0 1";
    let path = |mover: &str, to: &str| route("xiangqi", empty, mover, to);
    // The Xiangqi king keeps to its palace, the elephant to its side of the river.
    path("K@e1", "f3").stdout(moves(3));
    path("K@e1", "e5").stdout(none());
    path("B@c1", "c5").stdout(moves(2));
    path("B@c1", "e7").stdout(none());
    // The soldier goes sideways only beyond the river, and never back.
    path("P@e4", "f6").stdout(moves(3));
    path("P@e6", "d6").stdout(moves(1));
    path("P@e4", "d4").stdout(none());
    path("b:p@e7", "d5").stdout(moves(3));
    // The rook goes anywhere; a Betza mover is routed by its moves alone.
    path("R@a1", "e5").stdout(moves(2));
    path("WW@e1", "e5").stdout(moves(1));
    // Janggi: the king steps diagonally on the palace lines only; the cannon hops no cannon.
    route("janggi", empty, "K@d1", "e2").stdout(moves(1));
    route("janggi", empty, "K@e1", "d2").stdout(moves(2));
    route("janggi", "9/9/9/9/9/9/9/P8/9/9 w - - 0 1", "C@a1", "a5").stdout(moves(1));
    route("janggi", "9/9/9/9/9/9/9/C8/9/9 w - - 0 1", "C@a1", "a5").stdout(none());
    // Double steps from the variant's region: chess's second rank, Grand's third, Wolf's
    // sergeant from b3 as well.
    route("chess", "8/8/8/8/8/8/8/8 w - - 0 1", "P@e2", "e4").stdout(moves(1));
    route("chess", "8/8/8/8/8/8/8/8 w - - 0 1", "b:p@e7", "e5").stdout(moves(1));
    let grand = "10/10/10/10/10/10/10/10/10/10 w - - 0 1";
    route("grand", grand, "P@e3", "e5").stdout(moves(1));
    route("grand", grand, "P@e2", "e4").stdout(moves(2));
    route("grand", grand, "b:p@e8", "e6").stdout(moves(1));
    let wolf = "8/8/8/8/8/8/8/8/8/8 w - - 0 1";
    route("wolf", wolf, "S@b3", "b5").stdout(moves(1));
    route("wolf", wolf, "S@d3", "d5").stdout(moves(2));
    // No double step where the variant has none (Makruk's pawns).
    route("makruk", "8/8/8/8/8/8/8/8 w - - 0 1", "P@e3", "e5").stdout(moves(2));
}

/// A piece of the position is the mover: named by its square, or by a spec whose piece stands
/// there. It leaves its square (its own attacks stop); the answer is the route in the position
/// without it. A square where nothing stands, or another piece, is refused by name.
#[test]
fn a_piece_of_the_position_is_the_mover() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let without = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R";
    let route = |fen: &str, mover: &str| {
        let out = chessreach()
            .args([
                "path", "--fen", fen, "--mover", mover, "--to", "e5", "--format", "json",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
        (v["moves"].clone(), v["route"].clone())
    };
    let by_hand = route(without, "N@g1");
    assert_eq!(by_hand.0, 2, "g1-f3-e5: {by_hand:?}");
    assert_eq!(route(start, "g1"), by_hand);
    assert_eq!(route(start, "N@g1"), by_hand);
    // A square where nothing stands names no mover.
    chessreach()
        .args(["path", "--fen", start, "--mover", "e4", "--to", "e5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--mover"))
        .stderr(predicate::str::contains("no piece stands on e4"));
    // A bishop named on g1 where a knight stands: the start is occupied.
    chessreach()
        .args(["path", "--fen", start, "--mover", "B@g1", "--to", "e5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("occupied"));
    // A distance map from a lifted piece, in a variant's start position.
    chessreach()
        .args([
            "path",
            "--variant",
            "xiangqi",
            "--mover",
            "e1",
            "--all",
            "--format",
            "json",
        ])
        .assert()
        .success();
}

/// "no route" says why: the target occupied or attacked (by which pieces), the mover bound to
/// one colour, boxed in, or out of reach.
#[test]
fn no_route_says_why() {
    let why = |args: &[&str]| {
        let out = chessreach()
            .args(["path", "--format", "json"])
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let v: serde_json::Value = serde_json::from_slice(&out).expect("json");
        assert!(v["route"].is_null(), "{v}");
        (
            v["why"]["kind"].as_str().expect("kind").to_owned(),
            v["why"]["by"].clone(),
        )
    };
    let (kind, by) = why(&["--black", "R@b8/a7", "--mover", "K@a1", "--to", "a8"]);
    assert_eq!((kind.as_str(), by), ("attacked", serde_json::json!(["b8", "a7"])));
    assert_eq!(
        why(&["--piece", "N@h8", "--mover", "K@a1", "--to", "h8"]).0,
        "occupied"
    );
    assert_eq!(why(&["--mover", "B@a1", "--to", "a2"]).0, "colour");
    assert_eq!(
        why(&["--black", "R@b2", "--mover", "K@a1", "--to", "h8"]).0,
        "boxed_in"
    );
    // With the rook capturable the king gets out: a route.
    chessreach()
        .args([
            "path",
            "--black",
            "R@b2",
            "--mover",
            "K@a1",
            "--to",
            "h8",
            "--may-capture",
            "all",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("moves:"));
    assert_eq!(
        why(&["--board", "3x3", "--mover", "N@a1", "--to", "b2"]).0,
        "unreachable"
    );
    chessreach()
        .args(["path", "--mover", "B@a1", "--to", "a2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no route: the mover keeps to squares of one colour",
        ))
        // The picture still shows the mover at its start (it was left out, the legend said
        // "the mover at its start" over an empty board).
        .stdout(predicate::str::contains("1  B . . . . . . .\n"));
}

#[test]
fn a_lower_case_letter_is_a_black_piece() {
    let summary = |flag: &str, spec: &str, says: &str| {
        chessreach()
            .args(["attacks", flag, spec])
            .assert()
            .success()
            .stdout(predicate::str::contains(says.to_owned()));
    };
    summary(
        "--piece",
        "k@e8",
        "White attacks 0 squares; Black attacks 5 squares.",
    );
    summary(
        "--piece",
        "K@e8",
        "White attacks 5 squares; Black attacks 0 squares.",
    );
    summary(
        "--black",
        "K@e8",
        "White attacks 0 squares; Black attacks 5 squares.",
    );
    summary(
        "--piece",
        "fmWfcF@e2",
        "White attacks 2 squares; Black attacks 0 squares.",
    );
    chessreach()
        .args(["attacks", "--piece", "w:k@e8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--piece"))
        .stderr(predicate::str::contains("write `K` or `b:`"));
}

#[test]
fn an_unknown_piece_letter_names_the_known_ones() {
    chessreach()
        .args(["attacks", "--define", "A=BN", "--piece", "X@e4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--piece"))
        .stderr(predicate::str::contains(
            "unknown piece letter `X` (known: K Q R B N P A)",
        ))
        .stderr(predicate::str::contains("--define 'X=BN'"));
}

#[test]
fn shell_completions() {
    for (shell, says) in [
        ("bash", "_chessreach()"),
        ("zsh", "#compdef chessreach"),
        ("fish", "complete -c chessreach"),
    ] {
        chessreach()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains(says))
            .stdout(predicate::str::contains("attacks"))
            .stdout(predicate::str::contains("--piece"));
    }
    chessreach()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("possible values: bash, zsh, fish"));
}

#[test]
fn an_unknown_subcommand_suggests_the_nearest() {
    chessreach()
        .arg("attak")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a similar subcommand exists: 'attacks'"));
}

/// A probe's FEN is checked before the endgame is solved: under a budget far below the 10x10
/// `KQvKR` tables (hundreds of MB) every bad FEN still gets its own error, not the memory
/// refusal a solve would meet first; a good one reaches the solve and its refusal.
#[test]
fn endgame_fen_is_checked_before_solving() {
    let probe = |fen: &str| {
        chessreach()
            .args(["--max-memory", "1M", "endgame", "probe", "--board", "10x10"])
            .args(["--material", "KQvKR", "--quiet", "--fen", fen])
            .assert()
            .code(2)
    };
    for (fen, said) in [
        (
            "k7/8/8/8/8/8/8/K6Q w",
            "--fen: the FEN describes an 8x8 board, the endgame is on 10x10",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/K8Q w",
            "--fen: the FEN holds KQvK, the endgame is KQvKR",
        ),
        (
            "k8r/10/10/10/10/10/10/10/10/K8Q x",
            "--fen: side to move `x`: expected `w` or `b`",
        ),
        ("k8r/10/10/10/10/10/10/10/10/K8Q w", "--fen: not a legal position"),
    ] {
        probe(fen)
            .stderr(predicate::str::contains(said))
            .stderr(predicate::str::contains("memory").not());
    }
    probe("k8r/10/10/10/10/10/10/10/10/K8Q b").stderr(predicate::str::contains("memory budget"));
    // `solve --fen` (the lone royal's squares) the same, an illegal placement accepted.
    let solve = |fen: &str| {
        chessreach()
            .args(["--max-memory", "1M", "endgame", "solve", "--board", "10x10"])
            .args(["--material", "KQvKR", "--quiet", "--format", "json", "--fen", fen])
            .assert()
            .code(2)
    };
    solve("k9/10/10/10/10/10/10/10/10/K8Q").stderr(predicate::str::contains("--fen: the FEN holds KQvK"));
    solve("k8r/10/10/10/10/10/10/10/10/K8Q w").stderr(predicate::str::contains("memory budget"));
}

/// Counts agree with their nouns ("1 ply", "1 start"), and a duel nobody wins says so.
#[test]
fn duel_counts_are_singular_or_plural() {
    chessreach()
        .args(["duel", "solve", "--board", "2x1", "--white", "K", "--black", "K"])
        .args(["--white-target", "b1", "--black-target", "a1", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "1 start (White to move): White wins 1, Black wins 0, draws 0; the longest win takes 1 ply\n",
        ));
    chessreach()
        .args([
            "duel", "solve", "--board", "3x1", "--white", "fmW", "--black", "fmW",
        ])
        .args(["--white-target", "c1", "--black-target", "a1", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("draws 3; no start is won\n"))
        .stdout(predicate::str::contains("0 plies").not());
    chessreach()
        .args(["duel", "verify", "--min", "6x6", "--max", "6x6", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("verified 1 board (6x6 to 6x6): "));
}

/// Endgames with nothing to play: positions already over are said to be, never "mates in 0
/// plies" with an empty line; the JSON keeps the data (`plies` 0, `line` empty).
#[test]
fn endgame_without_a_mate_to_play_says_so() {
    let text = |args: &[&str]| {
        let out = chessreach().args(args).arg("--quiet").output().expect("runs");
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let solve = text(&["endgame", "solve", "--board", "1x4", "--material", "KQvK"]);
    assert!(
        !solve.contains("0 plies") && !solve.contains("line: \n"),
        "{solve}"
    );
    assert!(
        solve.contains("White to move: 2 positions: White wins 0, Black wins 0, draws 2\n  longest: none (no decisive position)"),
        "{solve}"
    );
    assert!(
        solve.contains(
            "longest: none to play; white wins at once where black has no legal move, e.g. 1/k/Q/K b"
        ),
        "{solve}"
    );
    let probe = text(&[
        "endgame",
        "probe",
        "--board",
        "1x4",
        "--material",
        "KQvK",
        "--fen",
        "k/1/Q/K b",
    ]);
    assert_eq!(probe, "white wins: black has no legal move\n");
    let potential = text(&["endgame", "potential", "--boards", "1x4", "--pieces", "Q"]);
    assert!(
        potential.ends_with("longest -: no position with White to move is won by White\n"),
        "{potential}"
    );
    let one = text(&["endgame", "solve", "--board", "2x1", "--material", "KvK"]);
    assert!(one.contains("Black to move: 0 positions"), "{one}");
    let json = chessreach()
        .args([
            "endgame",
            "solve",
            "--board",
            "1x4",
            "--material",
            "KQvK",
            "--format",
            "json",
            "--quiet",
        ])
        .output()
        .expect("runs");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert!(v["white_to_move"]["longest"].is_null());
    assert_eq!(v["black_to_move"]["longest"]["plies"], 0);
}

/// A letter XBoard skips is read as skipped and said (Python's `Rule` warns the same text).
#[test]
fn betza_warns_of_skipped_xbetza_letters() {
    chessreach()
        .args(["betza", "--dialect", "xbetza", "xW"])
        .assert()
        .success()
        .stdout(predicate::str::contains("canonical (xbetza): W\n"))
        .stdout(predicate::str::is_match(r"\nwarning: .+ \(character 1\)\n").expect("regex"));
}

/// A piece read in XBetza is named in XBetza (`K2`), not in Fairy-Stockfish's form (`R2B2`):
/// the attack map's pieces and a route's mover.
#[test]
fn xbetza_pieces_are_named_in_xbetza() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = chessreach().args(args).output().expect("runs");
        assert!(out.status.success(), "{args:?}");
        serde_json::from_slice(&out.stdout).expect("json")
    };
    let attacks = json(&[
        "attacks",
        "--board",
        "5x5",
        "--dialect",
        "xbetza",
        "--piece",
        "Q2@c3",
        "--format",
        "json",
    ]);
    assert_eq!(attacks["pieces"][0]["betza"], "K2");
    let fsf = json(&[
        "attacks", "--board", "5x5", "--piece", "Q2@c3", "--format", "json",
    ]);
    assert_eq!(fsf["pieces"][0]["betza"], "R2B2");
    let route = json(&[
        "path",
        "--board",
        "5x5",
        "--dialect",
        "xbetza",
        "--mover",
        "Q2@a1",
        "--to",
        "e5",
        "--format",
        "json",
    ]);
    assert_eq!(route["mover"], "K2");
}
