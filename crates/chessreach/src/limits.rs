//! Memory budgets: every table sized from input is costed before it is allocated.
//!
//! An engine that builds a table whose size depends on its input (solver states, capture
//! subsets, FFT planes) first computes the bytes it will need with plain integer arithmetic and
//! asks a [`Budget`]; beyond it the request fails with [`TooLarge`], naming the size it would
//! need and the limit, instead of letting the allocator abort the process.

use std::fmt;

use thiserror::Error;

/// Progress of long work: the stage, work done and the total (for a progress bar). Engines
/// call it now and then (a duel solver per stage step, a route search per layer of distance),
/// never per state.
pub type Progress<'a> = &'a (dyn Fn(&'static str, u64, u64) + Sync);

/// How many bytes a request may allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    bytes: u64,
}

impl Budget {
    /// The budget when none is given: 4 GiB. Front ends usually pick a fraction of the
    /// machine's memory instead (the `chessreach` binary: half of it, `--max-memory` to change).
    pub const DEFAULT_BYTES: u64 = 4 << 30;

    /// A budget of `bytes`.
    #[must_use]
    pub const fn new(bytes: u64) -> Self {
        Self { bytes }
    }

    /// No limit at all (tests and trusted callers).
    #[must_use]
    pub const fn unlimited() -> Self {
        Self { bytes: u64::MAX }
    }

    /// The limit in bytes.
    #[must_use]
    pub const fn bytes(self) -> u64 {
        self.bytes
    }

    /// `Ok` when `needed` bytes (`None`: more than a `u64` can count) fit; otherwise the
    /// refusal, naming `what` would have been built.
    ///
    /// # Errors
    ///
    /// [`TooLarge`] when `needed` exceeds the budget or is `None`.
    pub fn check(self, what: &'static str, needed: Option<u64>) -> Result<(), TooLarge> {
        match needed {
            Some(n) if n <= self.bytes => Ok(()),
            _ => Err(TooLarge {
                what,
                needed,
                limit: self.bytes,
            }),
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Self::new(Self::DEFAULT_BYTES)
    }
}

/// A request refused before allocating: what it would have built, how much memory it needs, and
/// the budget it exceeds.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{what} would need {}, over the memory budget of {}", Bytes(*.needed), Bytes(Some(*.limit)))]
pub struct TooLarge {
    /// What would have been built (`"the duel solver's tables"` …).
    pub what: &'static str,
    /// Bytes needed; `None` when the count itself overflows a `u64`.
    pub needed: Option<u64>,
    /// The budget in bytes.
    pub limit: u64,
}

/// A byte count for people: `12.8 GB`, `512 MB`, `300 B` (decimal units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub Option<u64>);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["kB", "MB", "GB", "TB", "PB", "EB"];
        let Some(n) = self.0 else {
            return f.write_str("more than 18 EB");
        };
        if n < 1000 {
            return write!(f, "{n} B");
        }
        let mut unit = 0;
        let mut scale = 1000u64;
        while unit + 1 < UNITS.len() && n / scale >= 1000 {
            unit += 1;
            scale *= 1000;
        }
        // One decimal, rounded down: never claim less than is needed by rounding up the unit.
        let tenths = u128::from(n) * 10 / u128::from(scale);
        write!(f, "{}.{} {}", tenths / 10, tenths % 10, UNITS[unit])
    }
}

/// Reads a size such as `8G`, `512M`, `1.5GB`, `300k` or `1000000` (bytes); units are decimal
/// (`k`, `M`, `G`, `T`), `Ki`/`Mi`/`Gi`/`Ti` binary.
#[must_use]
pub fn parse_bytes(s: &str) -> Option<u64> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let unit = unit.trim();
    let unit = unit.strip_suffix(['B', 'b']).unwrap_or(unit);
    let scale: u64 = match unit {
        "" => 1,
        "k" | "K" => 1_000,
        "M" | "m" => 1_000_000,
        "G" | "g" => 1_000_000_000,
        "T" | "t" => 1_000_000_000_000,
        "Ki" => 1 << 10,
        "Mi" => 1 << 20,
        "Gi" => 1 << 30,
        "Ti" => 1 << 40,
        _ => return None,
    };
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let int: u64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let mut total = int.checked_mul(scale)?;
    let mut place = scale;
    for d in frac.chars() {
        place /= 10;
        total = total.checked_add(u64::from(d.to_digit(10)?) * place)?;
    }
    Some(total)
}

/// `a * b + c` in `u64`, or `None` on overflow: the arithmetic of every estimate.
#[must_use]
pub const fn mul_add(a: u64, b: u64, c: u64) -> Option<u64> {
    match a.checked_mul(b) {
        Some(p) => p.checked_add(c),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_print_and_parse() {
        assert_eq!(Bytes(Some(300)).to_string(), "300 B");
        assert_eq!(Bytes(Some(12_800_000_000)).to_string(), "12.8 GB");
        assert_eq!(Bytes(Some(4 << 30)).to_string(), "4.2 GB");
        assert_eq!(Bytes(None).to_string(), "more than 18 EB");
        assert_eq!(parse_bytes("8G"), Some(8_000_000_000));
        assert_eq!(parse_bytes("1.5GB"), Some(1_500_000_000));
        assert_eq!(parse_bytes("512Mi"), Some(512 << 20));
        assert_eq!(parse_bytes("1000"), Some(1000));
        assert_eq!(parse_bytes("x"), None);
        assert_eq!(parse_bytes(""), None);
        assert_eq!(parse_bytes("99999999999999999999"), None);
        let e = Budget::new(1000).check("a table", Some(2000)).expect_err("over");
        assert_eq!(
            e.to_string(),
            "a table would need 2.0 kB, over the memory budget of 1.0 kB"
        );
        assert!(Budget::new(1000).check("a table", Some(1000)).is_ok());
        assert!(Budget::unlimited().check("a table", None).is_err());
    }
}
