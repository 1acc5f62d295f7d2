//! Connections: at most N open at once, and one idle too long (no byte read or written:
//! a stalled or very slow client) is closed; so is one whose request has not been answered
//! within the same limit of its first byte (a client trickling a header line every few
//! seconds, a slowloris, never goes idle, yet must not hold its slot).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// A listener that accepts a connection only when one of its slots is free.
pub(super) struct Capped {
    inner: TcpListener,
    slots: Arc<Semaphore>,
    idle: Duration,
}

impl Capped {
    /// `inner`, with `slots` connections at most and `idle` as the longest silence.
    pub(super) fn new(inner: TcpListener, slots: usize, idle: Duration) -> Self {
        Self {
            inner,
            slots: Arc::new(Semaphore::new(slots)),
            idle,
        }
    }
}

impl axum::serve::Listener for Capped {
    type Io = Guarded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            // The semaphore is never closed: acquiring fails never.
            let Ok(slot) = Arc::clone(&self.slots).acquire_owned().await else {
                continue;
            };
            match self.inner.accept().await {
                Ok((io, addr)) => {
                    // Small answers go out at once (keep-alive clients wait for them).
                    let _ = io.set_nodelay(true);
                    let deadline = Box::pin(tokio::time::sleep(self.idle));
                    let answer_by = Box::pin(tokio::time::sleep(self.idle));
                    return (
                        Guarded {
                            io,
                            idle: self.idle,
                            deadline,
                            answer_by,
                            asked: false,
                            _slot: slot,
                        },
                        addr,
                    );
                }
                // Out of descriptors and the like: wait a little instead of spinning.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection that fails with `TimedOut` when nothing moves for `idle`, or when `idle` has
/// passed since the first byte of a request that is not yet answered (no byte written since),
/// and frees its slot when dropped.
pub(super) struct Guarded {
    io: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    /// When the request being read must have its answer started; armed while `asked`.
    answer_by: Pin<Box<Sleep>>,
    /// Bytes of a request were read and no byte of an answer has been written since.
    asked: bool,
    _slot: OwnedSemaphorePermit,
}

impl Guarded {
    /// `polled`, the deadline pushed back on progress, or a `TimedOut` error once it passed.
    fn watch<T>(&mut self, cx: &mut Context<'_>, polled: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match polled {
            Poll::Ready(r) => {
                self.deadline.as_mut().reset(Instant::now() + self.idle);
                Poll::Ready(r)
            }
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncRead for Guarded {
    /// O(1) besides the read: a read that brings the first byte of a request arms the answer
    /// deadline; once it has passed, every read fails (trickled bytes do not push it back).
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before && !self.asked {
            self.asked = true;
            let at = Instant::now() + self.idle;
            self.answer_by.as_mut().reset(at);
        }
        if self.asked && self.answer_by.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::ErrorKind::TimedOut.into()));
        }
        self.watch(cx, polled)
    }
}

impl Guarded {
    /// A write that moved bytes: the request is being answered.
    fn answered(&mut self, polled: &Poll<io::Result<usize>>) {
        if matches!(polled, Poll::Ready(Ok(n)) if *n > 0) {
            self.asked = false;
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.io).poll_write(cx, buf);
        self.answered(&polled);
        self.watch(cx, polled)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.io).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        self.answered(&polled);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}
