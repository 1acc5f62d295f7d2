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

/// Tells `progress`, if any, that `stage` is at `done` of `total`: a step between the phases
/// of long work. O(1) besides the callback.
pub fn tell(progress: Option<Progress<'_>>, stage: &'static str, done: u64, total: u64) {
    if let Some(p) = progress {
        p(stage, done, total);
    }
}

/// A [`Progress`] callback told every so often: engines count their work with
/// [`Ticks::add`] in their inner loops, and the callback hears of it once per `every` units
/// (never per unit), so a caller's deadline check runs often enough without costing the loop.
/// O(1) a call.
pub struct Ticks<'a> {
    progress: Option<Progress<'a>>,
    stage: &'static str,
    done: u64,
    total: u64,
    every: u64,
    next: u64,
}

impl<'a> Ticks<'a> {
    /// Ticks of `stage` out of `total` units (0: unknown), reported every `every` units
    /// (at least 1) to `progress`, and once at the start.
    #[must_use]
    pub fn new(progress: Option<Progress<'a>>, stage: &'static str, total: u64, every: u64) -> Self {
        tell(progress, stage, 0, total);
        let every = every.max(1);
        Self {
            progress,
            stage,
            done: 0,
            total,
            every,
            next: every,
        }
    }

    /// Counts `units` of work done; tells the callback when `every` more have passed since it
    /// last heard.
    #[inline]
    pub fn add(&mut self, units: u64) {
        self.done = self.done.saturating_add(units);
        if self.done >= self.next {
            self.next = self.done.saturating_add(self.every);
            if let Some(p) = self.progress {
                p(self.stage, self.done, self.total.max(self.done));
            }
        }
    }

    /// The work counted so far.
    #[must_use]
    pub const fn done(&self) -> u64 {
        self.done
    }
}

/// How many bytes a request may allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    bytes: u64,
}

impl Budget {
    /// The budget where no memory limit is known: 4 GiB. Faces use [`Budget::of_process`] (the
    /// `chessreach` binary unless `--max-memory` is given, the Python package unless
    /// `set_max_memory` is called).
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

impl Budget {
    /// The budget when the caller names none: half of the least of the machine's physical
    /// memory, the cgroup's memory limit and the process's address-space limit
    /// ([`ProcessMemory::probe`]); [`Budget::DEFAULT_BYTES`] where none of them is known.
    /// Half, because the tables a budget covers are not all a process maps (its code, stacks,
    /// the allocator's reserve, the answer being written). O(1): a few small files read.
    #[must_use]
    pub fn of_process() -> Self {
        Self::halving(&ProcessMemory::probe())
    }

    /// Half of the least limit of `memory`, or [`Budget::DEFAULT_BYTES`].
    #[must_use]
    pub fn halving(memory: &ProcessMemory) -> Self {
        memory
            .least()
            .map_or_else(Self::default, |bytes| Self::new((bytes / 2).max(1)))
    }
}

/// What bounds this process's memory, each `None` where there is no limit or it is unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProcessMemory {
    /// Physical memory (`MemTotal` of `/proc/meminfo`).
    pub physical: Option<u64>,
    /// The memory cgroup's limit: v2 `memory.max`, v1 `memory.limit_in_bytes`.
    pub cgroup: Option<u64>,
    /// The soft address-space limit (`RLIMIT_AS`, `ulimit -v`).
    pub address_space: Option<u64>,
}

/// Limits at or beyond this (2^60 bytes) mean "none": cgroup v1 writes 2^63 rounded to a page.
const UNLIMITED: u64 = 1 << 60;

impl ProcessMemory {
    /// Reads the three limits of the running process. O(1).
    #[must_use]
    pub fn probe() -> Self {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        let cgroup = read("/proc/self/cgroup").and_then(|own| {
            cgroup_files(&own)
                .iter()
                .find_map(|f| read(f).and_then(|t| parse_limit(&t)))
        });
        Self {
            physical: read("/proc/meminfo").and_then(|t| mem_total(&t)),
            cgroup,
            address_space: address_space_limit(),
        }
    }

    /// The least of the known limits.
    #[must_use]
    pub fn least(&self) -> Option<u64> {
        [self.physical, self.cgroup, self.address_space]
            .into_iter()
            .flatten()
            .min()
    }
}

/// `RLIMIT_AS`'s soft limit, `None` when unlimited.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::As)
        .current
        .filter(|&b| b < UNLIMITED)
}

/// No address-space limit is known off Unix.
#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// A cgroup limit file's bytes: `None` for `max` (v2), a value of 2^60 or more (v1's "none"),
/// or anything unreadable.
fn parse_limit(text: &str) -> Option<u64> {
    text.trim().parse().ok().filter(|&b| b < UNLIMITED)
}

/// The limit files of the memory cgroup that `/proc/self/cgroup` names, own group first, then
/// the mount's root (in a container the group's path is often not mounted as such): v2
/// (`0::PATH` → `memory.max`) and v1 (`N:memory:PATH` → `memory.limit_in_bytes`).
fn cgroup_files(own: &str) -> Vec<String> {
    let mut files = Vec::new();
    for line in own.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let path = path.trim_end_matches('/');
        if controllers.is_empty() {
            files.push(format!("/sys/fs/cgroup{path}/memory.max"));
            files.push("/sys/fs/cgroup/memory.max".to_owned());
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"));
            files.push("/sys/fs/cgroup/memory/memory.limit_in_bytes".to_owned());
        }
    }
    files
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

/// Why [`read_within`] stopped.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The reader failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// More bytes than the limit (or than memory would hold).
    #[error("longer than {}, the most read", Bytes(Some(*.limit)))]
    TooLong {
        /// The most bytes read.
        limit: u64,
    },
}

/// All of `reader`, refused past `limit` bytes: a file of endless bytes (`/dev/zero`) stops
/// there, and a buffer that would not fit in memory is a refusal, never an abort (its growth is
/// asked of the allocator with `try_reserve_exact`). The buffer grows by doubling but never
/// beyond `limit` (plus a 64 KiB chunk), so an endless input holds at most the budget it is
/// read against. O(bytes read).
///
/// # Errors
///
/// [`ReadError::TooLong`] past `limit` or when memory runs out, [`ReadError::Io`] when reading
/// fails.
pub fn read_within(mut reader: impl std::io::Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    const CHUNK: usize = 1 << 16;
    let mut buf = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    let cap = usize::try_from(limit).unwrap_or(usize::MAX);
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(buf),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if (buf.len() + n) as u64 > limit {
            return Err(ReadError::TooLong { limit });
        }
        if buf.capacity() - buf.len() < n {
            // Doubling up to the limit, else just enough, else a refusal: never the
            // allocator's abort.
            let want = buf
                .capacity()
                .saturating_mul(2)
                .max(CHUNK)
                .min(cap)
                .max(buf.len() + n);
            if buf.try_reserve_exact(want - buf.len()).is_err() && buf.try_reserve_exact(n).is_err() {
                return Err(ReadError::TooLong {
                    limit: buf.len() as u64,
                });
            }
        }
        buf.extend_from_slice(&chunk[..n]);
    }
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
    fn the_default_budget_is_half_the_least_limit() {
        let memory = ProcessMemory {
            physical: Some(16 << 30),
            cgroup: None,
            address_space: Some(3 << 30),
        };
        assert_eq!(Budget::halving(&memory).bytes(), 3 << 29);
        assert_eq!(Budget::halving(&ProcessMemory::default()), Budget::default());
        assert_eq!(mem_total("MemFree: 1 kB\nMemTotal:  2048 kB\n"), Some(2 << 20));
        assert_eq!(parse_limit("max\n"), None);
        assert_eq!(parse_limit("9223372036854771712\n"), None);
        assert_eq!(parse_limit("1073741824\n"), Some(1 << 30));
        let files = cgroup_files("4:memory:/box/a\n0::/\n");
        assert_eq!(files[0], "/sys/fs/cgroup/memory/box/a/memory.limit_in_bytes");
        assert!(files.contains(&"/sys/fs/cgroup/memory.max".to_owned()));
        assert!(Budget::of_process().bytes() > 0);
    }

    #[test]
    fn ticks_tell_every_so_often() {
        let heard = std::sync::Mutex::new(Vec::new());
        let record = |stage: &'static str, done: u64, total: u64| {
            heard.lock().expect("not poisoned").push((stage, done, total));
        };
        let mut ticks = Ticks::new(Some(&record), "work", 10, 4);
        for _ in 0..10 {
            ticks.add(1);
        }
        ticks.add(7);
        assert_eq!(ticks.done(), 17);
        assert_eq!(
            *heard.lock().expect("not poisoned"),
            [
                ("work", 0, 10),
                ("work", 4, 10),
                ("work", 8, 10),
                ("work", 17, 17)
            ]
        );
        let mut silent = Ticks::new(None, "work", 0, 0);
        silent.add(u64::MAX);
        silent.add(1);
        assert_eq!(silent.done(), u64::MAX);
    }

    #[test]
    fn reads_stop_at_their_limit() {
        use std::io::Read as _;
        assert_eq!(read_within(&b"abc"[..], 3).expect("fits"), b"abc");
        let endless = std::io::repeat(0);
        let e = read_within(endless, 100_000).expect_err("endless");
        assert_eq!(e.to_string(), "longer than 100.0 kB, the most read");
        // The buffer never holds more than the limit: doubling stops there.
        let read = read_within(std::io::repeat(7).take(700_000), 1_000_000).expect("fits");
        assert_eq!(read.len(), 700_000);
        assert!(read.capacity() <= 1_000_000, "capacity {}", read.capacity());
        let exact = read_within(std::io::repeat(7).take(1_000_000), 1_000_000).expect("fits");
        assert!(exact.capacity() <= 1_000_000, "capacity {}", exact.capacity());
    }

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
