//! The routes: the page, one `POST /api/…` per served command, JSON errors for other paths
//! and methods, and one log line per request on stderr.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use serde_json::Map;

use super::answer::{command, error};
use super::{page, Shared};

/// The commands served, as subcommand paths: `POST /api/attacks`, `/api/duel/solve` … Only
/// commands that compute an answer from their options: never one that runs programs, reads
/// files or talks to a terminal (`duel judge`, `duel play`, `solve`).
const ENDPOINTS: &[&[&str]] = &[
    &["attacks"],
    &["path"],
    &["duel", "solve"],
    &["infer"],
    &["variants"],
    &["betza"],
    &["endgame", "solve"],
    &["endgame", "probe"],
    &["endgame", "potential"],
];

/// The routes: the page and one `POST /api/…` per entry of [`ENDPOINTS`].
pub(super) fn router(shared: Arc<Shared>) -> Router {
    let mut router = Router::new().route("/", get(page::index));
    for &path in ENDPOINTS {
        let handler =
            move |State(s): State<Arc<Shared>>, req: Request| async move { command(&s, path, req).await };
        router = router.route(&format!("/api/{}", path.join("/")), post(handler));
    }
    router
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .with_state(shared)
        .layer(middleware::from_fn(log))
}

/// A known path asked with another method: 405 with a JSON error like every other (axum's
/// own answer has an empty body).
async fn wrong_method(method: Method, uri: axum::http::Uri) -> Response {
    let path = uri.path();
    let allowed = if path.starts_with("/api/") { "POST" } else { "GET" };
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method",
        &format!("{path} answers {allowed}, not {method}"),
        Map::new(),
    );
    response
        .headers_mut()
        .insert(header::ALLOW, header::HeaderValue::from_static(allowed));
    response
}

async fn not_found(method: Method) -> Response {
    let message = if method == Method::GET || method == Method::HEAD {
        "no such page: the lab is at `/`, the API at `POST /api/…`"
    } else {
        "no such endpoint"
    };
    error(StatusCode::NOT_FOUND, "not_found", message, Map::new())
}

/// One line per request on stderr: method, path, status, milliseconds.
async fn log(req: Request, next: Next) -> Response {
    let start = Instant::now();
    let (method, path) = (req.method().clone(), req.uri().path().to_owned());
    let response = next.run(req).await;
    eprintln!(
        "{method} {path} {} {:.1} ms",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1e3
    );
    response
}
