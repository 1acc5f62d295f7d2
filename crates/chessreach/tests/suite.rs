//! The library's integration tests, built as one test binary.
//!
//! Each file beside this one is a module of it (`cargo test -p chessreach --test suite
//! path_oracle::` runs one file's tests). One binary instead of one per file: the shared
//! oracles in `common/` are compiled once, the library is linked once, and the test threads
//! share both cores to the end of the run instead of waiting for each file's slowest test —
//! the suite builds and runs in a fraction of the time on CI's two cores.
//! `Cargo.toml` says `autotests = false`, so a new file is a test only when it is declared
//! here; [`every_test_file_is_declared`] fails when one is not.

mod common;

mod attack_oracle;
mod classics;
mod duel;
mod endgame;
mod endgame_oracle;
mod endgame_squares;
mod infer_oracle;
mod layers;
mod oracle_selfcheck;
mod path_oracle;
mod roads_oracle;
mod subsets_oracle;
mod variants;
mod variants_ini;
mod wrap_oracle;
mod xbetza;
mod xbetza_oracle;
mod xbetza_routes;

/// Every `tests/*.rs` file is a `mod` of this suite: with `autotests = false` an undeclared
/// file would silently never run.
#[test]
fn every_test_file_is_declared() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let me = include_str!("suite.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs")
            && stem != "suite"
            && !me.contains(&format!("\nmod {stem};\n"))
        {
            missing.push(stem.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{{{}}}.rs: not declared in tests/suite.rs, so never run",
        missing.join(",")
    );
}
