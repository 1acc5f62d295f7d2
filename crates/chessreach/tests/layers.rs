//! The library's layers, as ARCHITECTURE.md lists them: a module uses only modules of earlier
//! layers. Every `crate::` path outside comments is read, so a new upward use fails here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers from ARCHITECTURE.md's `Layers:` line: groups of module names in backticks,
/// separated by arrows.
fn layers() -> BTreeMap<String, usize> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md beside the workspace");
    let line = doc
        .lines()
        .find(|l| l.starts_with("Layers: "))
        .expect("a `Layers: ` line in ARCHITECTURE.md");
    let mut out = BTreeMap::new();
    for (i, group) in line["Layers: ".len()..].split('→').enumerate() {
        for module in group.trim().trim_matches('`').split_whitespace() {
            out.insert(module.to_owned(), i);
        }
    }
    out
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source's code (not its comments) names as `crate::NAME`.
fn uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn modules_use_only_earlier_layers() {
    let layers = layers();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let module = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|m| m.trim_end_matches(".rs").to_owned())
            .expect("a module name");
        if module == "lib" {
            continue;
        }
        let own = *layers
            .get(&module)
            .unwrap_or_else(|| panic!("module `{module}` is missing from ARCHITECTURE.md's layers"));
        let text = std::fs::read_to_string(&file).expect("readable source");
        for used in uses(&text) {
            if used == module {
                continue;
            }
            match layers.get(&used) {
                Some(&l) if l < own => {}
                Some(_) => wrong.push(format!("{} uses crate::{used}", rel.display())),
                None => wrong.push(format!(
                    "{} uses crate::{used}, which has no layer",
                    rel.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "uses against the layers:\n{}", wrong.join("\n"));
}

#[test]
fn the_reader_sees_uses_and_skips_comments() {
    let text = "use crate::geometry::Coord;\n// crate::path in a comment\n/// [`crate::variant`]\nlet x = crate::attack::walk(); // crate::duel\n";
    assert_eq!(uses(text), ["geometry", "attack"]);
}
