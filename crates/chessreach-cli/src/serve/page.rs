//! The lab's page: one HTML file, its script and its style sheet, embedded in the binary
//! (no CDN, works offline). Only these three paths exist: nothing is read from disk.

use axum::http::header;
use axum::response::IntoResponse;

const HTML: &str = include_str!("assets/lab.html");
const SCRIPT: &str = include_str!("assets/lab.js");
const STYLE: &str = include_str!("assets/lab.css");

/// `GET /`.
pub(super) async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], HTML)
}

/// `GET /lab.js`.
pub(super) async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

/// `GET /lab.css`.
pub(super) async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}
