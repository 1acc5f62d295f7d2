//! One tokenizer for every classic: whitespace-separated tokens that know their line and column.
//!
//! The ground floor: syntax only (tokens, places, carets, excerpts). A format's own refusals
//! (a taken intersection, a duel start the rules refuse) are its module's error values, carried
//! here as a typed [`Refusal`], so this module imports nothing of the library.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

/// A token and where it stands. The column (1-based, in characters) is worked out only when
/// asked for, so tokenizing long lines stays linear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// The line up to the token.
    before: &'a str,
}

/// Bad input: where, what was expected, what was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: expected {expected}, found {found}")]
pub struct InputError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What the format wanted here.
    pub expected: Expected,
    /// What stood here.
    pub found: Found,
}

/// What the format wanted where an [`InputError`] stands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// A token or construct the format names: `the board size n`, `a colour`, `end of input`.
    Item(&'static str),
    /// An integer from `lo` to `hi`; `what` names it.
    IntIn {
        /// What the integer is.
        what: &'static str,
        /// The least allowed.
        lo: i64,
        /// The greatest allowed.
        hi: i64,
    },
    /// A part of something: `the white knight: a row`.
    Part {
        /// The whole.
        of: &'static str,
        /// The part.
        part: &'static str,
    },
    /// Text in UTF-8.
    Utf8,
    /// A diagram row of this many squares.
    Row(usize),
    /// This many diagram rows.
    Rows(usize),
    /// What a format names in words of its own (`a knight move from 3 4`).
    Text(String),
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Item(what) => f.write_str(what),
            Self::IntIn { what, lo, hi } => write!(f, "{what} (an integer from {lo} to {hi})"),
            Self::Part { of, part } => write!(f, "{of}: a {part}"),
            Self::Utf8 => f.write_str("text (UTF-8)"),
            Self::Row(width) => write!(f, "a row of {width} squares"),
            Self::Rows(n) => write!(f, "{n} rows"),
            Self::Text(what) => f.write_str(what),
        }
    }
}

/// What stood where an [`InputError`] stands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Found {
    /// A token, kept to its first 32 characters so a 10 MB token is never echoed whole.
    Token {
        /// The token's first characters.
        text: String,
        /// The token's whole length in bytes.
        bytes: usize,
    },
    /// The end of the input.
    End,
    /// A byte that is not UTF-8.
    Byte(u8),
    /// A diagram row of this many squares.
    Squares(usize),
    /// Only this many diagram rows.
    Rows(usize),
    /// Something the format names: `a second piece there`, `a move`.
    Item(&'static str),
    /// What a format names in words of its own (`the illegal move 6 6`).
    Text(String),
    /// A refusal of the format's own domain (a position, a diagram, a duel start), typed.
    Refused(Refusal),
}

/// A domain's error carried by an [`InputError`] without this module knowing its type: the
/// value itself (ask for it with [`Refusal::downcast_ref`]), shown as it shows itself. Two
/// refusals are equal when they show the same text.
#[derive(Clone, Debug)]
pub struct Refusal(Arc<dyn std::error::Error + Send + Sync>);

impl Refusal {
    /// The refusal `e`.
    pub fn new(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self(Arc::new(e))
    }

    /// The error, when it is a `T`.
    #[must_use]
    pub fn downcast_ref<T: std::error::Error + 'static>(&self) -> Option<&T> {
        self.0.downcast_ref::<T>()
    }
}

impl PartialEq for Refusal {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Refusal {}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Found {
    /// A token: the first 32 characters of `text` and its length. O(32).
    #[must_use]
    pub fn token(text: &str) -> Self {
        const KEEP: usize = 32;
        let cut = text.char_indices().nth(KEEP).map_or(text.len(), |(i, _)| i);
        Self::Token {
            text: text[..cut].to_owned(),
            bytes: text.len(),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Token { text, bytes } if text.len() < *bytes => write!(f, "`{text}…` ({bytes} bytes)"),
            Self::Token { text, .. } => write!(f, "`{text}`"),
            Self::End => f.write_str("end of input"),
            Self::Byte(b) => write!(f, "the byte 0x{b:02x}"),
            Self::Squares(n) => write!(f, "{n} squares"),
            Self::Rows(n) => write!(f, "only {n}"),
            Self::Item(what) => f.write_str(what),
            Self::Text(what) => f.write_str(what),
            Self::Refused(e) => e.fmt(f),
        }
    }
}

/// The one place display of every error inside a short text (a Betza rule, a FEN, a piece
/// spec): `(at character N)`, then the text with a caret under the character. A text longer
/// than 64 characters is shown as a window around the place, so a 10 MB argument is never
/// echoed whole. O(length).
#[derive(Clone, Copy, Debug)]
pub struct Caret<'a> {
    /// The text.
    pub text: &'a str,
    /// 0-based character index of the place (the text's length for "end of text").
    pub at: usize,
}

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WIDE: usize = 64;
        let chars = self.text.chars().count();
        let (from, lead) = if chars <= WIDE || self.at < WIDE / 2 {
            (0, "")
        } else {
            (self.at.min(chars) - WIDE / 2, "…")
        };
        let shown: String = self.text.chars().skip(from).take(WIDE).collect();
        let tail = if from + WIDE < chars { "…" } else { "" };
        let pad = lead.chars().count() + self.at - from;
        write!(
            f,
            "(at character {})\n  {lead}{shown}{tail}\n  {}^",
            self.at + 1,
            " ".repeat(pad)
        )
    }
}

/// A cursor over a text's tokens: whitespace-separated (ASCII whitespace), O(1) per byte.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Input<'a> {
    /// A cursor at line 1, column 1 of `text`.
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        Self::at_line(text, 1)
    }

    /// A cursor over `text` that reports positions as if `text` began at `line`.
    #[must_use]
    pub fn at_line(text: &'a str, line: usize) -> Self {
        Self {
            text,
            pos: 0,
            line,
            line_start: 0,
        }
    }

    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
    }

    /// The next token, if any.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let bytes = self.text.as_bytes();
        let start = self.pos;
        if start == bytes.len() {
            return None;
        }
        let mut end = start;
        while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
            end += 1;
        }
        self.pos = end;
        Some(Token {
            text: &self.text[start..end],
            line: self.line,
            before: &self.text[self.line_start..start],
        })
    }

    /// Where the next token would start: 1-based line and column.
    pub fn position(&mut self) -> (usize, usize) {
        self.skip_space();
        let column = self.text[self.line_start..self.pos].chars().count() + 1;
        (self.line, column)
    }

    /// An error at the next token: `expected` is what the format wanted there.
    pub fn error_here(&mut self, expected: Expected) -> InputError {
        let mut probe = self.clone();
        if let Some(t) = probe.next_token() {
            return t.error(expected);
        }
        let (line, column) = self.position();
        InputError {
            line,
            column,
            expected,
            found: Found::End,
        }
    }

    /// The next token, or an error naming `what` at the end of input.
    ///
    /// # Errors
    ///
    /// [`InputError`] at the end of input.
    pub fn word(&mut self, what: &'static str) -> Result<Token<'a>, InputError> {
        match self.next_token() {
            Some(t) => Ok(t),
            None => Err(self.error_here(Expected::Item(what))),
        }
    }

    /// The next token parsed as a number (or any `FromStr`); errors name `what`.
    ///
    /// # Errors
    ///
    /// [`InputError`] at the end of input or for a token `T` does not read.
    pub fn parse<T: FromStr>(&mut self, what: &'static str) -> Result<T, InputError> {
        let t = self.word(what)?;
        t.text.parse().map_err(|_| t.error(Expected::Item(what)))
    }

    /// The next token as an integer within `range`; errors name `what` and the range.
    ///
    /// # Errors
    ///
    /// [`InputError`] at the end of input or for a token that is not an integer in `range`.
    pub fn int_in(
        &mut self,
        what: &'static str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<i64, InputError> {
        let expected = Expected::IntIn {
            what,
            lo: *range.start(),
            hi: *range.end(),
        };
        let Some(t) = self.next_token() else {
            return Err(self.error_here(expected));
        };
        // Single digits are most of some inputs (road types): skip the general parser.
        let value = match *t.text.as_bytes() {
            [d @ b'0'..=b'9'] => Ok(i64::from(d - b'0')),
            _ => t.text.parse::<i64>(),
        };
        match value {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => Err(t.error(expected)),
        }
    }

    /// [`Self::int_in`] for any integer type: the range's bounds and the value read are `T`s,
    /// so no caller casts (a bound beyond `i64` is clamped to it).
    ///
    /// # Errors
    ///
    /// [`InputError`] at the end of input or for a token that is not an integer in `range`.
    pub fn int_in_as<T>(
        &mut self,
        what: &'static str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, InputError>
    where
        T: Copy + TryFrom<i64>,
        i64: TryFrom<T>,
    {
        let lo = i64::try_from(*range.start()).unwrap_or(i64::MIN);
        let hi = i64::try_from(*range.end()).unwrap_or(i64::MAX);
        let v = self.int_in(what, lo..=hi)?;
        // `v` lies between two values of `T`, so it is one.
        Ok(T::try_from(v).unwrap_or(*range.start()))
    }

    /// Succeeds when only whitespace is left.
    ///
    /// # Errors
    ///
    /// [`InputError`] at the first token left.
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(t) => Err(t.error(Expected::Item("end of input"))),
        }
    }
}

impl Token<'_> {
    /// 1-based column, in characters.
    #[must_use]
    pub fn column(&self) -> usize {
        self.before.chars().count() + 1
    }

    /// An error at this token.
    #[must_use]
    pub fn error(&self, expected: Expected) -> InputError {
        InputError {
            line: self.line,
            column: self.column(),
            expected,
            found: Found::token(self.text),
        }
    }
}

/// The text of `bytes`, or an error at the line and column of the first byte that is not
/// UTF-8. O(length).
///
/// # Errors
///
/// [`InputError`] at the line and column of the first byte that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, InputError> {
    std::str::from_utf8(bytes).map_err(|e| utf8_error(bytes, e.valid_up_to()))
}

/// The error for a bad byte at `bad` (the bytes before it are valid UTF-8).
pub(crate) fn utf8_error(bytes: &[u8], bad: usize) -> InputError {
    let line_start = bytes[..bad]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = bytes[..line_start]
        .iter()
        .fold(1, |n, &b| n + usize::from(b == b'\n'));
    let column = String::from_utf8_lossy(&bytes[line_start..bad]).chars().count() + 1;
    InputError {
        line,
        column,
        expected: Expected::Utf8,
        found: Found::Byte(bytes[bad]),
    }
}

/// A piece of found text for an error message: quoted, and cut to its first 32 characters
/// (with `…`) so a 10 MB token is never echoed whole. O(32).
#[must_use]
pub fn excerpt(text: &str) -> String {
    Found::token(text).to_string()
}

/// `text` with every control character but the line break shown escaped (`\x1b`, `\t`,
/// `\u{9b}`): a message that echoes its input never sends the terminal an escape sequence.
/// O(text); borrowed when there is nothing to escape.
#[must_use]
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x80 && c.is_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {

    use super::*;
    use proptest::prelude::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(escape_controls("a\nb"), "a\nb");
        assert_eq!(
            escape_controls("\u{1b}[31mx\t\u{9b}\r"),
            "\\x1b[31mx\\t\\u{9b}\\r"
        );
        assert!(!escape_controls("\u{7f}\u{0}").chars().any(char::is_control));
    }

    #[test]
    fn carets() {
        let short = Caret { text: "NX@a1", at: 1 };
        assert_eq!(short.to_string(), "(at character 2)\n  NX@a1\n   ^");
        let long = "a".repeat(1000) + "X" + &"b".repeat(1000);
        let shown = Caret {
            text: &long,
            at: 1000,
        }
        .to_string();
        assert!(shown.len() < 200, "{shown}");
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[2].chars().count() - 1;
        assert_eq!(lines[1].chars().nth(caret), Some('X'), "{shown}");
    }

    #[test]
    fn positions() {
        let mut inp = Input::new("1 8\n  7 x\n");
        assert_eq!(inp.parse::<i64>("a"), Ok(1));
        assert_eq!(inp.parse::<i64>("b"), Ok(8));
        assert_eq!(inp.parse::<i64>("c"), Ok(7));
        let e = inp.parse::<i64>("the rank").expect_err("x");
        assert_eq!((e.line, e.column), (2, 5));
        assert_eq!(e.to_string(), "line 2, column 5: expected the rank, found `x`");
        let e = inp.parse::<i64>("n").expect_err("eof");
        assert_eq!(e.found, Found::End);
        assert_eq!((e.line, e.column), (3, 1));
    }

    #[test]
    fn long_tokens_are_cut() {
        let long = "x".repeat(10_000);
        let e = Input::new(&long).parse::<i64>("n").expect_err("x");
        let found = e.found.to_string();
        assert!(found.len() < 60, "{found}");
        assert!(found.ends_with("(10000 bytes)"), "{found}");
        assert_eq!(excerpt("é"), "`é`");
    }

    #[test]
    fn ranges_and_end() {
        let mut inp = Input::new("5 9 extra");
        assert_eq!(inp.int_in("y", 1..=8), Ok(5));
        assert_eq!(
            inp.int_in("y", 1..=8).expect_err("9").expected,
            Expected::IntIn {
                what: "y",
                lo: 1,
                hi: 8
            }
        );
        assert!(inp
            .clone()
            .int_in("y", 1..=8)
            .expect_err("x")
            .to_string()
            .contains("1 to 8"));
        assert!(inp.finish().is_err());
    }

    proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let mut inp = Input::new(&s);
            while inp.parse::<i64>("n").is_ok() {}
            let _ = inp.finish();
        }
    }
}
