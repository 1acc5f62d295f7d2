//! The README's gallery (`docs/gallery/`) is current: every picture listed in
//! `docs/gallery/gallery.txt` is exactly what its command prints today. After a change to a
//! picture, `scripts/gallery.sh` regenerates them.

use std::path::Path;

use assert_cmd::Command;

#[test]
fn gallery_pictures_are_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let list = std::fs::read_to_string(root.join("docs/gallery/gallery.txt")).expect("gallery list");
    let mut checked = 0;
    for line in list
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut words = line.split_whitespace();
        let file = words.next().expect("a file name");
        let args: Vec<&str> = words.collect();
        let out = Command::cargo_bin("chessreach")
            .expect("binary")
            .current_dir(&root)
            .args(&args)
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let committed = std::fs::read(root.join("docs/gallery").join(file)).expect("committed picture");
        assert!(
            committed == out.stdout,
            "docs/gallery/{file} is out of date: run scripts/gallery.sh"
        );
        let svg = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(svg.starts_with("<svg") && svg.contains("<title>"), "{file}");
        checked += 1;
    }
    assert_eq!(checked, 8, "one picture of each kind");
}
