//! Requests: one computation per request within its limits, errors as JSON with a status.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chessreach::endgame::EndgameError;
use chessreach::input::InputError;
use chessreach::limits::TooLarge;
use chessreach::piece::BetzaError;
use serde_json::{json, Map, Value};

use super::memory::{Answer, AnswerTooLarge, Capped};
use super::request::{self, Refused};
use super::Shared;
use crate::{BadArgument, OverBudget, Usage, UsageError};

/// How long a request waits for a free worker before the answer is 503 busy.
const QUEUE_WAIT: Duration = Duration::from_secs(1);

/// An error answer: `{"error", "kind", …place}` with `status`.
pub(super) fn error(
    status: StatusCode,
    kind: &str,
    message: &str,
    mut place: Map<String, Value>,
) -> Response {
    place.insert("error".into(), message.into());
    place.insert("kind".into(), kind.into());
    (status, axum::Json(Value::Object(place))).into_response()
}

fn refusal(r: Refused) -> Response {
    let mut place = Map::new();
    if let Some(key) = r.key {
        place.insert("key".into(), key.into());
    }
    error(StatusCode::BAD_REQUEST, "usage", &r.message, place)
}

/// Reads the body (within the size and time limits), parses it as the command `path` names,
/// and runs it on a worker within the request's budget and time limit.
pub(super) async fn command(shared: &Shared, path: &[&str], req: Request) -> Response {
    let started = Instant::now();
    if req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
        .is_some_and(|n| n > shared.max_body as u64)
    {
        return too_large_body(shared);
    }
    let body = tokio::time::timeout(
        shared.timeout,
        axum::body::to_bytes(req.into_body(), shared.max_body),
    )
    .await;
    let body = match body {
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                "the request body did not arrive in time",
                Map::new(),
            )
        }
        Ok(Err(e)) if over_limit(&e) => return too_large_body(shared),
        // A body that breaks off or is badly framed (a chunk size that is not hex): the
        // client's fault, not a size.
        Ok(Err(e)) => {
            return error(
                StatusCode::BAD_REQUEST,
                "usage",
                &format!("the request body could not be read: {e}"),
                Map::new(),
            )
        }
        Ok(Ok(b)) => b,
    };
    match compute(shared, path, &body, started, QUEUE_WAIT).await {
        Ok((out, content_type)) => (
            [(header::CONTENT_TYPE, content_type)],
            Body::from(axum::body::Bytes::from_owner(out)),
        )
            .into_response(),
        Err(response) => response,
    }
}

/// Runs the command `path` names with the options `body` holds, on a worker within the
/// request's budget and the time left since `started` (waiting at most `wait` for a free
/// worker): the output (holding its size of the memory budget until dropped) and its content
/// type, or the error answer.
pub(super) async fn compute(
    shared: &Shared,
    path: &[&str],
    body: &[u8],
    started: Instant,
    wait: Duration,
) -> Result<(Answer, &'static str), Response> {
    let parsed = request::parse(path, body).map_err(refusal)?;
    let remaining = shared.timeout.saturating_sub(started.elapsed());
    let slot = tokio::time::timeout(wait.min(remaining), Arc::clone(&shared.workers).acquire_owned()).await;
    let Ok(Ok(slot)) = slot else {
        return Err(error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "every worker is busy: try again in a moment",
            Map::new(),
        ));
    };
    let budget = shared.budget;
    // The worker's share of the budget, for its answer: waited for as a worker is (an answer
    // just sent may not be dropped yet), refused when answers still being sent hold it.
    let waiting = Instant::now();
    let held = loop {
        if let Some(held) = shared.answers.hold(budget.bytes()) {
            break Some(held);
        }
        if waiting.elapsed() >= wait.min(shared.timeout.saturating_sub(started.elapsed())) {
            break None;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let Some(held) = held else {
        return Err(error(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            &format!(
                "the memory budget ({}) is held by answers still being sent: try again in a moment",
                chessreach::limits::Bytes(Some(shared.answers.limit()))
            ),
            Map::new(),
        ));
    };
    let format = parsed.format.clone();
    let deadline = started + shared.timeout;
    let work = tokio::task::spawn_blocking(move || {
        // The slot is held until the computation ends: past the time limit, an engine stops
        // at its next progress step; one without progress steps runs to its end.
        let _slot = slot;
        let mut out = Capped::new(budget.bytes());
        let result = crate::output::with_deadline(deadline, || parsed.command.run_to(budget, &mut out))
            .ok()?
            .unwrap_or_else(|| Err(UsageError("not served".into()).into()));
        // A refused write is the error, whatever the command made of it.
        let result = match result {
            Err(_) if out.over => Err(AnswerTooLarge {
                limit: budget.bytes(),
            }
            .into()),
            r => r,
        };
        Some(result.map(|()| Answer::new(out.bytes, held)))
    });
    let remaining = shared.timeout.saturating_sub(started.elapsed());
    match tokio::time::timeout(remaining, work).await {
        // Past the time limit; or stopped at its deadline (the timer fires first but for a
        // race).
        Err(_) | Ok(Ok(None)) => Err(timed_out(shared)),
        Ok(Err(_)) => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the computation failed",
            Map::new(),
        )),
        Ok(Ok(Some(Ok(out)))) => {
            let content_type = match format.as_str() {
                "svg" => "image/svg+xml",
                "text" => "text/plain; charset=utf-8",
                _ => "application/json",
            };
            Ok((out, content_type))
        }
        Ok(Ok(Some(Err(e)))) => Err(failure(&e)),
    }
}

fn timed_out(shared: &Shared) -> Response {
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        "timeout",
        &format!(
            "the request took longer than {} s, the time limit of a request (--request-timeout)",
            shared.timeout.as_secs_f64()
        ),
        Map::new(),
    )
}

/// Whether reading a body failed at the size limit: `http_body_util`'s `LengthLimitError`
/// somewhere in the chain (named by its text: the type is not a dependency of ours).
/// O(chain).
fn over_limit(e: &axum::Error) -> bool {
    let mut at: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = at {
        if c.to_string() == "length limit exceeded" {
            return true;
        }
        at = c.source();
    }
    false
}

fn too_large_body(shared: &Shared) -> Response {
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        &format!("the body is over the limit of {} bytes", shared.max_body),
        Map::new(),
    )
}

/// A command's error as its answer: over the budget 413, a usage error 400, bad input 422;
/// the message with its causes, and where it stands (`flag`, `line`, `column`, a Betza text's
/// `character`) when known.
fn failure(e: &anyhow::Error) -> Response {
    let mut place = Map::new();
    let mut too_large = false;
    let mut usage = false;
    let mut visit = |c: &(dyn std::error::Error + 'static)| {
        too_large |= c.is::<OverBudget>()
            || c.is::<TooLarge>()
            || c.is::<AnswerTooLarge>()
            || matches!(c.downcast_ref::<EndgameError>(), Some(EndgameError::TooLarge(_)));
        usage |= c.is::<UsageError>() || c.is::<Usage>() || c.is::<BadArgument>();
        if let Some(b) = c.downcast_ref::<BadArgument>() {
            place.insert("flag".into(), json!(b.arg));
        }
        if let Some(i) = c.downcast_ref::<InputError>() {
            place.insert("line".into(), json!(i.line));
            place.insert("column".into(), json!(i.column));
        }
        // A Betza text's fault: the character, counted from 1 (the page points at it).
        if let Some(b) = c.downcast_ref::<BetzaError>() {
            place.insert("character".into(), json!(b.at + 1));
        }
    };
    for c in e.chain() {
        visit(c);
        // A usage wrapper is transparent: its inner error is not in the chain.
        if let Some(Usage(inner)) = c.downcast_ref::<Usage>() {
            let mut at: Option<&(dyn std::error::Error + 'static)> = Some(inner.as_ref());
            while let Some(c) = at {
                visit(c);
                at = c.source();
            }
        }
    }
    let message = crate::chain_message(e);
    let (status, kind) = if too_large {
        (StatusCode::PAYLOAD_TOO_LARGE, "too_large")
    } else if usage {
        (StatusCode::BAD_REQUEST, "usage")
    } else {
        (StatusCode::UNPROCESSABLE_ENTITY, "input")
    };
    error(status, kind, &message, place)
}
