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
