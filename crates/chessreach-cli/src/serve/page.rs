//! The lab's page: one HTML file with its style sheet and script inlined, embedded in the
//! binary (no CDN, works offline). Only `/` exists: nothing is read from disk.
//!
//! The first render needs one request: the style and the script are in the page, and `GET /`
//! of an attack-map permalink (or of the bare page, the start position) carries the answer the
//! script would ask for — when it is small ([`INLINE_LIMIT`]) and the memory budget has room
//! for the page while it is sent (the page holds its size of the budget, as an API answer
//! does); otherwise the page goes without it and the script asks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use super::memory::Answer;
use super::{answer, Shared};

const HTML: &str = include_str!("assets/lab.html");
const SCRIPT: &str = include_str!("assets/lab.js");
const STYLE: &str = include_str!("assets/lab.css");

/// The template's links to the style sheet and the script, replaced by their texts.
const STYLE_TAG: &str = "<link rel=\"stylesheet\" href=\"/lab.css\">";
const SCRIPT_TAG: &str = "<script src=\"/lab.js\"></script>";

/// The page before and after the point where the first answer goes (before the script),
/// the style sheet and the script inlined. Built once.
fn halves() -> &'static (String, String) {
    static PAGE: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let html = HTML.replacen(STYLE_TAG, &format!("<style>\n{STYLE}</style>"), 1);
        let (before, after) = html.split_once(SCRIPT_TAG).unwrap_or((&html, ""));
        (before.to_owned(), format!("<script>\n{SCRIPT}</script>{after}"))
    })
}

/// The page without a first answer, built once.
fn bare() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let (before, after) = halves();
        format!("{before}\n{after}")
    })
}

/// The largest first answer put in the page (its JSON text, before escaping): the page is
/// built in memory beside it, about three times its size for a moment.
const INLINE_LIMIT: usize = 1 << 20;

/// The start position the page shows when its URL names none.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// `GET /`: the page, with the first answer inlined when the URL is an attack map's.
pub(super) async fn index(State(shared): State<Arc<Shared>>, RawQuery(query): RawQuery) -> Response {
    let query = query.as_deref().map(pairs).unwrap_or_default();
    let html = match first_answer(&shared, &query).await {
        Some(first) => {
            let (before, after) = halves();
            let html = format!("{before}{first}\n{after}").into_bytes();
            // Charged to the budget until sent; without room, the page goes without it.
            shared.answers.hold(html.len() as u64).map_or_else(
                || Body::from(bare()),
                |held| Body::from(Bytes::from_owner(Answer::new(html, held))),
            )
        }
        None => Body::from(bare()),
    };
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

/// A URL query's `key=value` pairs, `+` and `%XX` decoded (`None` of a pair that is not
/// UTF-8 once decoded: dropped, the script then asks itself). O(length).
fn pairs(query: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| char::from(b).to_digit(16);
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                        i += 2;
                    }
                    _ => out.push(b'%'),
                },
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8(out).ok()
    };
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            Some((decode(k)?, decode(v)?))
        })
        .collect()
}

/// The attacks request of an attack-map URL (`view=attacks`, `fen`, `define`, `wrap`), as the
/// script builds it; `None` for every other URL (the script asks itself).
fn attacks_body(query: &[(String, String)]) -> Option<Map<String, Value>> {
    let mut body = Map::new();
    let mut defines = Vec::new();
    for (key, value) in query {
        match key.as_str() {
            "view" if value == "attacks" => {}
            "fen" | "wrap" if !body.contains_key(key) => {
                body.insert(key.clone(), value.clone().into());
            }
            "define" => defines.push(Value::from(value.trim())),
            _ => return None,
        }
    }
    defines.retain(|d| d.as_str().is_some_and(|d| !d.is_empty()));
    if !defines.is_empty() {
        body.insert("define".into(), defines.into());
    }
    if !body.contains_key("fen") {
        if query.is_empty() {
            body.insert("fen".into(), START.into());
        } else {
            return None;
        }
    }
    Some(body)
}

/// `<script type="application/json" id="first-answer">` holding the endpoint, the body and
/// the answer, when the URL asks an attack map, a worker is free at once and the answer is at
/// most [`INLINE_LIMIT`] bytes.
async fn first_answer(shared: &Shared, query: &[(String, String)]) -> Option<String> {
    let body = attacks_body(query)?;
    let bytes = serde_json::to_vec(&body).ok()?;
    let (out, _) = answer::compute(shared, &["attacks"], &bytes, Instant::now(), Duration::ZERO)
        .await
        .ok()?;
    if out.as_ref().len() > INLINE_LIMIT {
        return None;
    }
    let first = json!({
        "endpoint": "attacks",
        "body": body,
        "answer": std::str::from_utf8(out.as_ref()).ok()?,
    });
    // `<` only ever stands inside JSON strings: escaped, no text can close the script element.
    let text = first.to_string().replace('<', "\\u003c");
    Some(format!(
        "<script type=\"application/json\" id=\"first-answer\">{text}</script>"
    ))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{attacks_body, halves, pairs, SCRIPT, STYLE};

    #[test]
    fn the_style_and_the_script_are_inlined() {
        let (before, after) = halves();
        assert!(before.contains(STYLE) && after.contains(SCRIPT));
        assert!(!before.contains("/lab.css") && !after.contains("/lab.js"));
        // Nothing in the script closes its element early.
        assert!(!SCRIPT.contains("</script") && !STYLE.contains("</style"));
    }

    #[test]
    fn a_query_is_decoded() {
        assert_eq!(
            pairs("fen=8%2F8+w&define=A%3DBN&&x&bad=%zz%4"),
            [
                ("fen".to_owned(), "8/8 w".to_owned()),
                ("define".to_owned(), "A=BN".to_owned()),
                ("x".to_owned(), String::new()),
                ("bad".to_owned(), "%zz%4".to_owned()),
            ]
        );
        // Not UTF-8 once decoded: dropped.
        assert!(pairs("fen=%ff").is_empty());
    }

    #[test]
    fn only_an_attack_map_is_inlined() {
        let body = attacks_body(&pairs("view=attacks&fen=8%2F8&define=A%3DBN&define=")).expect("attacks");
        assert_eq!(
            serde_json::Value::Object(body),
            json!({"fen": "8/8", "define": ["A=BN"]})
        );
        assert!(attacks_body(&pairs("")).is_some_and(|b| b.contains_key("fen")));
        for other in [
            "view=moves&fen=8",
            "variant=chess",
            "fen=8&square=a1",
            "define=A%3DBN",
        ] {
            assert!(attacks_body(&pairs(other)).is_none(), "{other}");
        }
    }
}
