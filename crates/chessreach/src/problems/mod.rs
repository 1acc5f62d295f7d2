//! problems
