//! chessreach: movement questions on chess-like boards.
//!
//! One engine, layered: [`geometry`] (where) → [`piece`] (what moves) → [`attack`] (who covers
//! what) → the searches → [`problems`] (the classic formats) and [`render`] (pictures).

pub mod attack;
pub mod duel;
pub mod endgame;
pub mod geometry;
pub mod infer;
pub mod input;
pub mod limits;
pub mod load;
pub mod path;
pub mod piece;
pub mod problems;
pub mod render;
pub mod retro;
pub mod roads;
pub mod variant;

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
