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
    named(text, &["crate::"])
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

/// The name `text` starts with.
fn ident(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The names `text` reaches through any of `leads` (`super::NAME`, `crate::path::NAME`),
/// outside comments.
fn named(text: &str, leads: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for lead in leads {
            let mut rest = code;
            while let Some(i) = rest.find(lead) {
                let before = &rest[..i];
                rest = &rest[i + lead.len()..];
                // `super::super::x` is not `super::super`'s sibling `super`.
                if lead.starts_with("super") && before.ends_with("super::") {
                    continue;
                }
                if let Some(group) = rest.strip_prefix('{') {
                    // `use super::{a, b::C};` names `a` and `b` (one line's group).
                    let inner = group.split('}').next().unwrap_or("");
                    out.extend(inner.split(',').map(|item| ident(item.trim_start())));
                } else {
                    out.push(ident(rest));
                }
            }
        }
    }
    out
}

/// A source's product code: its text before its unit tests (`#[cfg(test)] mod tests`, which
/// may use any file of its module).
fn product(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable source");
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

/// Every folder under `dir`, at any depth.
fn folders(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.push(path.clone());
            folders(&path, out);
        }
    }
}

#[test]
fn files_of_a_module_form_no_cycle() {
    // Within each module folder, at any depth (`path`, `path/cross`, …), its files and
    // sub-folders (a sub-folder is one node) use each other without a cycle: a module reads
    // from its vocabulary up to its dispatcher (`mod.rs`, whose items its files may use).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut cycles = Vec::new();
    let mut dirs = Vec::new();
    folders(&src, &mut dirs);
    for dir in dirs {
        let module = dir
            .strip_prefix(&src)
            .expect("under src")
            .components()
            .map(|c| c.as_os_str().to_str().expect("a UTF-8 name"))
            .collect::<Vec<_>>()
            .join("::");
        let own = format!("crate::{module}::");
        let mut uses: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for child in std::fs::read_dir(&dir).expect("module folder") {
            let path = child.expect("entry").path();
            let name = path
                .file_stem()
                .and_then(|n| n.to_str())
                .expect("name")
                .to_owned();
            if name == "mod" || !(path.is_dir() || path.extension().is_some_and(|e| e == "rs")) {
                continue;
            }
            let names = if path.is_dir() {
                // Files of a sub-folder reach this module's files as `super::super::x`.
                let mut files = Vec::new();
                sources(&path, &mut files);
                files
                    .iter()
                    .flat_map(|f| named(&product(f), &["super::super::", &own]))
                    .collect()
            } else {
                named(&product(&path), &["super::", &own])
            };
            // A module's file and its folder (`x.rs`, `x/`) are one node.
            uses.entry(name).or_default().extend(names);
        }
        let next = |n: &str| -> Vec<String> {
            let mut v: Vec<String> = uses[n]
                .iter()
                .filter(|x| *x != n && uses.contains_key(*x))
                .cloned()
                .collect();
            v.sort();
            v.dedup();
            v
        };
        for from in uses.keys() {
            let mut seen = std::collections::BTreeSet::new();
            let mut stack = next(from);
            while let Some(n) = stack.pop() {
                if &n == from {
                    cycles.push(format!("{module}/{from} comes back to itself"));
                    break;
                }
                if seen.insert(n.clone()) {
                    stack.extend(next(&n));
                }
            }
        }
    }
    assert!(cycles.is_empty(), "file cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_reader_sees_uses_and_skips_comments() {
    let text = "use crate::geometry::Coord;\n// crate::path in a comment\n/// [`crate::variant`]\nlet x = crate::attack::walk(); // crate::duel\n";
    assert_eq!(uses(text), ["geometry", "attack"]);
    let grouped = "use super::{layout::Side, parts, Engine};\n";
    assert_eq!(named(grouped, &["super::"]), ["layout", "parts", "Engine"]);
}
