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
    assert!(rays.iter().any(|r| r["until"] == "1000000000000,1"));
    assert!(rays.iter().any(|r| r["until"].is_null()));
}

#[test]
fn bad_arguments_exit_2_and_name_the_character() {
    chessreach()
        .args(["attacks", "--piece", "NX@a1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--piece NX@a1"))
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
fn demo_runs() {
    chessreach()
        .arg("demo")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "== attacks: The orthodox start position",
        ));
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
            "line 1, column 1: expected the number of rows n, found end of input",
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
        .code(2)
        .stderr(predicate::str::contains("must be a king"));
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
        .stdout(predicate::str::starts_with("NO: 1 attacked square(s)"))
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
fn duel_judge_verify_and_play() {
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
    // A program that plays illegally is caught, and the judge fails.
    chessreach()
        .args([
            "duel",
            "judge",
            "--games",
            "1",
            "--",
            "sh",
            "-c",
            "read a; read b; echo WHITE; echo 1 1; read c",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("ILLEGAL MOVE"));
    chessreach()
        .args(["duel", "verify", "--max", "8x8", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("verified 4 boards"));
    chessreach()
        .args([
            "duel", "play", "--board", "6x6", "--white", "1,1", "--black", "6,6",
        ])
        .write_stdin("9 9\nzz\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("not a knight move").or(predicate::str::contains("could not read")))
        .stdout(predicate::str::contains("bye").or(predicate::str::contains("wins")));
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
        .stderr(predicate::str::contains("illegal opponent move"));
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
            "placement 1: colour 0 level 5 at (2, 2) reaches 6 intersection(s)",
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
