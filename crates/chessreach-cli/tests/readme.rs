//! The README's tour is true: every `$ …chessreach…` command in a `text` code block whose output
//! is shown whole is run (from the repository's root, with this build's binary first on
//! `PATH`) and must print exactly that output. Outputs cut short (`…`) or timed are skipped.

use std::path::Path;
use std::process::Command;

/// One command of the tour and the output the README shows for it.
struct Shown {
    line: usize,
    command: String,
    output: String,
}

/// The commands in `text` code blocks with the lines after each, up to the next command or the
/// block's end. O(README).
fn tour(readme: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_text = false;
    let mut current: Option<Shown> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            shown.extend(current.take());
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        // A command names the binary (a roads picture has lines starting with `$ ` too).
        if let Some(command) = line.strip_prefix("$ ").filter(|c| c.contains("chessreach")) {
            shown.extend(current.take());
            current = Some(Shown {
                line: i + 1,
                command: command.to_owned(),
                output: String::new(),
            });
        } else if let Some(c) = current.as_mut() {
            c.output.push_str(line);
            c.output.push('\n');
        }
    }
    shown
}

/// Whether a shown output can be compared: the whole output, not timed, not a comment.
fn comparable(s: &Shown) -> bool {
    !s.output.is_empty()
        && !s.output.contains('…')
        && !s.command.contains(" # ")
        && !s.command.contains("duel verify")
        && !s.command.contains("duel judge")
        && !s.command.contains("endgame solve --board 8x8")
}

#[test]
fn the_tour_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let bin = Path::new(env!("CARGO_BIN_EXE_chessreach"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's directory").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut checked = 0;
    let mut wrong = Vec::new();
    for s in tour(&readme).iter().filter(|s| comparable(s)) {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&s.command)
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let got = String::from_utf8_lossy(&out.stdout);
        if got != s.output {
            wrong.push(format!(
                "README.md:{}: $ {}\n--- shown\n{}--- printed\n{got}",
                s.line, s.command, s.output
            ));
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} commands of the tour were checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
