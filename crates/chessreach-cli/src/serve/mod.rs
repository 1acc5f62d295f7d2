//! `chessreach serve`: the Betza lab, a local web page and a JSON API over the CLI's commands.
//!
//! One library entry, never glue twice: a request's JSON object becomes the command line it
//! stands for (`{"fen": "…", "all": true}` → `attacks --fen=… --all --format=json`), parsed by
//! the CLI's own clap definitions and run by the same command functions, writing into memory
//! instead of stdout, so the API answers exactly what the CLI prints ([`request`]). Each
//! request runs on a blocking thread with a share of the memory budget, a worker slot and a
//! time limit ([`answer`]), its answer charged to the budget until it is sent ([`memory`]);
//! connections are capped and idle ones dropped ([`conn`]); the page
//! is embedded in the binary ([`page`]); [`routes`] ties paths to them.

mod answer;
mod conn;
mod memory;
mod page;
mod request;
mod routes;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use chessreach::limits::Budget;

/// Arguments of `chessreach serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Address to listen on. Loopback by default; any other address lets other machines in
    /// (a warning is printed).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,

    /// Port to listen on; 0 picks a free one (the first line names it).
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// Opens the page in the default browser (`xdg-open`).
    #[arg(long)]
    open: bool,

    /// Time limit of one request, in seconds: beyond it the answer is 503, and the
    /// computation stops at its next progress step, freeing its worker.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    request_timeout: f64,

    /// Requests computed at once; each gets this share of the memory budget, for its tables
    /// and for its answer (which holds its size of the budget until it is sent). Default: the
    /// number of CPUs (at least 2). Further requests wait up to a second, then get 503.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: Option<u16>,

    /// Largest request body, in bytes (`1M`, `64k` …); larger bodies get 413.
    #[arg(long, value_name = "SIZE", default_value = "1Mi", value_parser = crate::parse_memory)]
    max_body: u64,

    /// Open connections at once; further ones wait in the kernel's queue. A connection idle
    /// (no byte read or written) for 2 s longer than the request timeout is closed, and so is
    /// one whose request is not answered that long after its first byte (a trickling client).
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..))]
    max_connections: u16,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t > 0.0 && *t <= 86_400.0)
        .ok_or_else(|| format!("expected seconds between 0 and 86400 such as `10` or `0.5`, found `{s}`"))
}

/// What every request shares: its limits and the worker slots.
#[derive(Debug)]
struct Shared {
    /// The memory budget of one request (the total divided among the workers): its tables
    /// and its answer each.
    budget: Budget,
    /// The whole budget, held by computations (a share each) and answers being sent.
    answers: Arc<memory::Pool>,
    /// Worker slots: a request computes only while it holds one.
    workers: Arc<tokio::sync::Semaphore>,
    /// Time limit of one request.
    timeout: Duration,
    /// Largest body in bytes.
    max_body: usize,
}

/// Runs the server until Ctrl-C (or SIGTERM), then stops accepting, lets requests in flight
/// finish for up to a few seconds and returns.
pub(crate) fn run(args: &Args, budget: Budget) -> Result<()> {
    let workers = args.workers.map_or_else(
        || std::thread::available_parallelism().map_or(2, |n| n.get().max(2)),
        usize::from,
    );
    let timeout = Duration::from_secs_f64(args.request_timeout);
    let shared = Arc::new(Shared {
        budget: Budget::new(budget.bytes() / workers as u64),
        answers: memory::Pool::new(budget.bytes()),
        workers: Arc::new(tokio::sync::Semaphore::new(workers)),
        timeout,
        max_body: usize::try_from(args.max_body).unwrap_or(usize::MAX),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(workers + 2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let result = runtime.block_on(async {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        let url = match local.ip() {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", local.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", local.port()),
        };
        println!("chessreach serving on {url}");
        if !args.host.is_loopback() {
            eprintln!(
                "warning: listening on {}: other machines can reach this server (use --host 127.0.0.1 to keep it local)",
                args.host
            );
        }
        if args.open {
            open_browser(&url);
        }
        // A computing request leaves its connection silent: the idle limit outlasts it.
        let idle = timeout + Duration::from_secs(2);
        let listener = conn::Capped::new(listener, usize::from(args.max_connections), idle);
        let app = routes::router(shared);
        axum::serve(listener, app)
            .with_graceful_shutdown(stop_signal())
            .await
            .context("the server stopped")
    });
    // Computations cannot be cancelled: give them a moment, then leave.
    runtime.shutdown_timeout(Duration::from_secs(2));
    result
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            () = term => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
    eprintln!("chessreach serve: shutting down");
}

/// Asks the desktop to open `url`; a failure is only reported.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!("warning: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
