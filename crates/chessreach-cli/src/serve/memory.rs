//! Answers' memory: every answer is charged to the server's budget while it is built and
//! until its last byte is sent.
//!
//! A request's answer is written into memory, then sent: a `path --all` on 4000×4000 is
//! 260 MB of JSON, and a slow reader keeps it in memory long after its worker is free. So each
//! computation first holds its worker's share of the [`Pool`] (the server's whole budget), its
//! answer is written into a [`Capped`] buffer that refuses to grow past that share (an error
//! naming the limit, never the allocator's abort), and once done the hold shrinks to the
//! answer's size and travels with the body ([`Answer`]) until hyper drops it, sent or not. The
//! answers being sent and the computations running never hold more than the budget together;
//! past it a request gets 503 busy. A computation's tables are checked against the same
//! share, so a request at its peak holds at most twice it: the headroom
//! [`Budget::of_process`](chessreach::limits::Budget::of_process) leaves by halving.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

use chessreach::limits::Bytes;

/// The bytes the answers may hold at once, and how many they hold.
#[derive(Debug)]
pub(super) struct Pool {
    limit: u64,
    used: Mutex<u64>,
}

impl Pool {
    /// A pool of `limit` bytes.
    pub(super) fn new(limit: u64) -> Arc<Self> {
        Arc::new(Self {
            limit,
            used: Mutex::new(0),
        })
    }

    /// `bytes` held from the pool, or `None` when fewer are free. O(1).
    pub(super) fn hold(self: &Arc<Self>, bytes: u64) -> Option<Held> {
        let mut used = self.used.lock().unwrap_or_else(PoisonError::into_inner);
        let after = used.checked_add(bytes).filter(|&u| u <= self.limit)?;
        *used = after;
        Some(Held {
            pool: Arc::clone(self),
            bytes,
        })
    }

    /// The bytes held now.
    #[cfg(test)]
    fn used(&self) -> u64 {
        *self.used.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The pool's size.
    pub(super) const fn limit(&self) -> u64 {
        self.limit
    }
}

/// Bytes held from a [`Pool`], given back when dropped.
#[derive(Debug)]
pub(super) struct Held {
    pool: Arc<Pool>,
    bytes: u64,
}

impl Held {
    /// Gives back all but `bytes` (no more than held). O(1).
    pub(super) fn shrink_to(&mut self, bytes: u64) {
        let freed = self.bytes.saturating_sub(bytes);
        let mut used = self.pool.used.lock().unwrap_or_else(PoisonError::into_inner);
        *used = used.saturating_sub(freed);
        self.bytes -= freed;
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.shrink_to(0);
    }
}

/// An answer that would not fit in its share of the memory budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the answer would need more than {}, the memory budget of one request's answer (ask for less: a window with --files/--ranks, a smaller board, or text instead of JSON)",
    Bytes(Some(*.limit))
)]
pub(super) struct AnswerTooLarge {
    /// The most bytes an answer may have.
    pub(super) limit: u64,
}

/// An answer being written: refused past `limit` bytes (an [`AnswerTooLarge`] error, the
/// buffer grown with `try_reserve` so a failed allocation is the same refusal), and stopped
/// at the request's deadline every MiB written ([`crate::output::check_deadline`]). O(bytes).
#[derive(Debug)]
pub(super) struct Capped {
    /// The bytes written.
    pub(super) bytes: Vec<u8>,
    limit: u64,
    /// Whether a write was refused (the command's error may hide the cause).
    pub(super) over: bool,
    /// Bytes written since the deadline was last checked.
    unchecked: usize,
}

impl Capped {
    /// An empty answer of at most `limit` bytes.
    pub(super) const fn new(limit: u64) -> Self {
        Self {
            bytes: Vec::new(),
            limit,
            over: false,
            unchecked: 0,
        }
    }

    fn refuse(&mut self) -> io::Error {
        self.over = true;
        io::Error::other(AnswerTooLarge { limit: self.limit })
    }
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let len = self.bytes.len() as u64 + buf.len() as u64;
        if len > self.limit {
            return Err(self.refuse());
        }
        if self.bytes.capacity() - self.bytes.len() < buf.len() {
            // Doubling, but never past the limit: the share is all an answer may hold.
            let cap = usize::try_from(self.limit).unwrap_or(usize::MAX);
            let want = self
                .bytes
                .capacity()
                .saturating_mul(2)
                .max(1 << 12)
                .min(cap)
                .max(self.bytes.len() + buf.len());
            if self.bytes.try_reserve_exact(want - self.bytes.len()).is_err()
                && self.bytes.try_reserve_exact(buf.len()).is_err()
            {
                return Err(self.refuse());
            }
        }
        self.bytes.extend_from_slice(buf);
        self.unchecked += buf.len();
        if self.unchecked >= 1 << 20 {
            self.unchecked = 0;
            crate::output::check_deadline();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An answer's bytes with their hold on the pool: the body's owner, dropped (and the bytes
/// given back) when hyper is done with it.
#[derive(Debug)]
pub(super) struct Answer {
    bytes: Vec<u8>,
    _held: Held,
}

impl Answer {
    /// `bytes`, holding exactly their size from `held` (which holds at least that much).
    pub(super) fn new(bytes: Vec<u8>, mut held: Held) -> Self {
        held.shrink_to(bytes.len() as u64);
        Self { bytes, _held: held }
    }
}

impl AsRef<[u8]> for Answer {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::{Answer, Capped, Pool};

    #[test]
    fn holds_add_up_to_the_pool_and_are_given_back() {
        let pool = Pool::new(100);
        let a = pool.hold(60).expect("fits");
        assert!(pool.hold(41).is_none());
        let b = pool.hold(40).expect("fits");
        assert_eq!(pool.used(), 100);
        let answer = Answer::new(vec![7; 10], a);
        assert_eq!(pool.used(), 50);
        assert!(pool.hold(u64::MAX).is_none());
        let body = axum::body::Bytes::from_owner(answer);
        assert_eq!(body.len(), 10);
        let copy = body.clone();
        drop(body);
        assert_eq!(pool.used(), 50, "a clone of the body still holds it");
        drop(copy);
        drop(b);
        assert_eq!(pool.used(), 0);
    }

    #[test]
    fn an_answer_past_its_limit_is_refused() {
        let mut out = Capped::new(10);
        out.write_all(b"0123456789").expect("fits");
        let e = out.write_all(b"x").expect_err("over");
        assert!(out.over);
        assert_eq!(out.bytes.len(), 10);
        assert!(out.bytes.capacity() <= 10 + (1 << 12), "{}", out.bytes.capacity());
        assert!(
            e.to_string().starts_with("the answer would need more than 10 B,"),
            "{e}"
        );
        let mut huge = Capped::new(u64::MAX);
        huge.write_all(b"small").expect("fits");
        assert!(!huge.over);
    }
}
