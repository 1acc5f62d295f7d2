//! Pictures as snapshots: any change to a text diagram or an SVG shows up for review
//! (`cargo insta review`, or `INSTA_UPDATE=always cargo test` to accept).

use assert_cmd::Command;

fn output(args: &[&str], stdin: &str) -> String {
    let out = Command::cargo_bin("chessreach")
        .expect("binary")
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn attack_diagram_text() {
    insta::assert_snapshot!(output(
        &[
            "attacks",
            "--fen",
            "r3k2r/8/8/3Nn3/8/8/8/R3K2R",
            "--define",
            "N=N"
        ],
        ""
    ));
}

#[test]
fn attack_diagram_svg() {
    insta::assert_snapshot!(output(
        &["attacks", "--board", "4x4", "--piece", "N@b1", "--black", "K@d4", "--format", "svg"],
        ""
    ));
}

#[test]
fn route_and_distance_map() {
    insta::assert_snapshot!(output(
        &["path", "--board", "6x6", "--black", "B@c4", "--mover", "K@a1", "--to", "f6"],
        ""
    ));
    insta::assert_snapshot!(output(
        &["path", "--board", "5x5", "--mover", "N@c3", "--all"],
        ""
    ));
}

#[test]
fn roads_picture() {
    let sample = "4 4 3\n1 3 1\n2 2 2\n3 3 0\n1 1 1\n2 3 1 1\n3 2 2 1\n1 0 3 3\n0 5 2 2\n1 3 2 3\n1 6 3 2\n";
    insta::assert_snapshot!(output(&["roads", "--all"], sample));
}

#[test]
fn inferred_rule() {
    insta::assert_snapshot!(output(&["infer"], "xxx\nxox\nxxx\n"));
}

#[test]
fn attack_maps_json_one_shape() {
    insta::assert_snapshot!(output(
        &["attacks", "--board", "3x3", "--piece", "K@a1", "--black", "N@c3", "--format", "json"],
        ""
    ));
    insta::assert_snapshot!(output(
        &["attacks", "--board", "infx2", "--piece", "R@1,1", "--black", "K@30,2", "--format", "json"],
        ""
    ));
}
