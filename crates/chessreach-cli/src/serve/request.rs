//! A request's JSON object as the command line it stands for.
//!
//! Keys are the CLI's long option names with `_` for `-`; a string or number is the option's
//! value (`--fen=…`, always joined by `=`, so a value can never become another option or a
//! positional argument), `true` a flag, `false` and `null` nothing, a list a repeated option.
//! Options that name a file on the server are refused; the texts the CLI would read from files
//! or stdin come as `"variants_ini"` (a text or a list) and `"diagram"` (infer); `betza`'s
//! piece text as `"text"`.

use clap::CommandFactory;
use serde_json::Value;

use crate::{Cli, Command};

/// A request the server refuses before running anything: the message and the key at fault.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub(super) struct Refused {
    /// What is wrong.
    pub(super) message: String,
    /// The JSON key at fault, if one is.
    pub(super) key: Option<String>,
}

fn refused(message: impl Into<String>, key: Option<&str>) -> Refused {
    Refused {
        message: message.into(),
        key: key.map(str::to_owned),
    }
}

/// Options never taken from a request: the server sets the memory budget, and help or
/// version texts are not answers.
const SERVER_ONLY: [&str; 3] = ["max-memory", "help", "version"];

/// A JSON object whose keys are each given once (its values are not kept).
struct UniqueKeys;

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = UniqueKeys;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
                let mut seen = std::collections::HashSet::new();
                while let Some(key) = map.next_key::<String>()? {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    if !seen.insert(key.clone()) {
                        return Err(serde::de::Error::custom(format_args!(
                            "the key `{key}` is given twice"
                        )));
                    }
                }
                Ok(UniqueKeys)
            }
        }
        d.deserialize_map(Keys)
    }
}

/// A parsed request: the command (texts filled in) and whether it asked for SVG or text.
#[derive(Debug)]
pub(super) struct Parsed {
    /// The command, parsed by the CLI's definitions.
    pub(super) command: Command,
    /// The `format` asked for (`json` unless given).
    pub(super) format: String,
}

/// The command `body` asks of subcommand `path` (`["attacks"]`, `["duel", "solve"]`).
///
/// # Errors
///
/// [`Refused`] for a body that is not a JSON object of plain values, a key that names a file
/// or is not an option of the command, and whatever clap refuses (its message, the option).
pub(super) fn parse(path: &[&str], body: &[u8]) -> Result<Parsed, Refused> {
    let value: Value = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_slice(body).map_err(|e| refused(format!("the body is not JSON: {e}"), None))?
    };
    let Value::Object(object) = value else {
        return Err(refused("the body must be a JSON object of options", None));
    };
    // serde_json keeps the last of two equal keys; the CLI refuses a repeated option, and so
    // does the server: read once more, refusing repeats.
    if let Err(e) = serde_json::from_slice::<UniqueKeys>(body) {
        return Err(refused(
            format!("the body is not a JSON object of options: {e}"),
            None,
        ));
    }
    let mut argv: Vec<String> = std::iter::once("chessreach")
        .chain(path.iter().copied())
        .map(str::to_owned)
        .collect();
    let options = options_of(path);
    let mut texts = Texts::default();
    let mut format = "json".to_owned();
    // `betza`'s piece text, its positional argument: given after `--`, where nothing is an option.
    let mut positional = None;
    for (key, value) in &object {
        match key.as_str() {
            "variants_ini" => texts.variants_ini = strings(key, value)?,
            "text" if path == ["betza"] => positional = strings(key, value)?.into_iter().next(),
            "diagram" if path == ["infer"] => {
                texts.diagram = strings(key, value)?.into_iter().next();
            }
            _ => {
                let long = option(key, &options)?;
                for v in values(key, value)? {
                    if let Some(v) = v {
                        if long == "format" {
                            v.clone_into(&mut format);
                        }
                        argv.push(format!("--{long}={v}"));
                    } else {
                        argv.push(format!("--{long}"));
                    }
                }
            }
        }
    }
    if !object.contains_key("format") {
        argv.push("--format=json".to_owned());
    }
    if let Some(text) = positional {
        argv.extend(["--".to_owned(), text]);
    }
    let cli = Cli::try_parse_from_argv(&argv)?;
    let mut command = cli.command;
    texts.give(&mut command);
    Ok(Parsed { command, format })
}

impl Cli {
    /// `argv` parsed as the CLI parses its arguments; clap's error as a [`Refused`] naming the
    /// option at fault.
    fn try_parse_from_argv(argv: &[String]) -> Result<Self, Refused> {
        use clap::error::{ContextKind, ContextValue};
        use clap::Parser;
        Self::try_parse_from(argv).map_err(|e| {
            let key = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(s)) => Some(
                    s.trim_start_matches('-')
                        .split([' ', '=', '<'])
                        .next()
                        .unwrap_or_default()
                        .replace('-', "_"),
                ),
                _ => None,
            };
            let message = e.render().to_string();
            let message = message.lines().next().unwrap_or_default();
            Refused {
                message: message.trim_start_matches("error: ").to_owned(),
                key,
            }
        })
    }
}

/// The long options of subcommand `path` with whether they name a file. The CLI's definition
/// is built once (building it is most of a small request's cost).
fn options_of(path: &[&str]) -> Vec<(String, bool)> {
    static BUILT: std::sync::OnceLock<clap::Command> = std::sync::OnceLock::new();
    let command = BUILT.get_or_init(|| {
        let mut command = Cli::command();
        command.build();
        command
    });
    let mut at = command;
    for name in path {
        match at.find_subcommand(name) {
            Some(sub) => at = sub,
            None => return Vec::new(),
        }
    }
    at.get_arguments()
        .filter_map(|a| {
            let names_a_file = matches!(
                a.get_value_hint(),
                clap::ValueHint::AnyPath
                    | clap::ValueHint::FilePath
                    | clap::ValueHint::DirPath
                    | clap::ValueHint::ExecutablePath
                    | clap::ValueHint::CommandName
                    | clap::ValueHint::CommandString
                    | clap::ValueHint::CommandWithArguments
            );
            Some((a.get_long()?.to_owned(), names_a_file))
        })
        .collect()
}

/// The long option of `key`, refused when it names a file, belongs to the server or is not an
/// option of the command.
fn option(key: &str, options: &[(String, bool)]) -> Result<String, Refused> {
    let well_formed = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    let long = key.replace('_', "-");
    match options.iter().find(|(l, _)| *l == long) {
        Some((_, true)) => Err(refused(
            format!("`{key}` names a file: a request never names a file on the server (give texts as `variants_ini` or `diagram`)"),
            Some(key),
        )),
        Some(_) if well_formed && !SERVER_ONLY.contains(&long.as_str()) => Ok(long),
        _ => Err(refused(format!("unknown option `{key}`"), Some(key))),
    }
}

/// The values of one key: `Some(text)` per value, `None` for a flag given as `true`.
fn values(key: &str, value: &Value) -> Result<Vec<Option<String>>, Refused> {
    let one = |v: &Value| match v {
        Value::String(s) => Ok(Some(Some(s.clone()))),
        Value::Number(n) => Ok(Some(Some(n.to_string()))),
        Value::Bool(true) => Ok(Some(None)),
        Value::Bool(false) | Value::Null => Ok(None),
        Value::Array(_) | Value::Object(_) => Err(refused(
            format!("`{key}`: expected a string, a number, true or false (or a list of them)"),
            Some(key),
        )),
    };
    match value {
        Value::Array(items) => items.iter().filter_map(|v| one(v).transpose()).collect(),
        v => Ok(one(v)?.into_iter().collect()),
    }
}

/// The strings of a key that takes texts: one string or a list of them.
fn strings(key: &str, value: &Value) -> Result<Vec<String>, Refused> {
    let bad = || refused(format!("`{key}`: expected a text or a list of texts"), Some(key));
    match value {
        Value::String(s) => Ok(vec![s.clone()]),
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned).ok_or_else(bad))
            .collect(),
        _ => Err(bad()),
    }
}

/// The texts a request gives in place of files and stdin.
#[derive(Debug, Default)]
struct Texts {
    variants_ini: Vec<String>,
    diagram: Option<String>,
}

impl Texts {
    /// Hands the texts to the command that reads them.
    fn give(self, command: &mut Command) {
        match command {
            Command::Attacks(a) => a.position.variants_ini = self.variants_ini,
            Command::Path(a) => a.position.variants_ini = self.variants_ini,
            Command::Variants(a) => a.variants_ini = self.variants_ini,
            // Never the server's stdin: no diagram is an empty one.
            Command::Infer(a) => a.diagram = Some(self.diagram.unwrap_or_default()),
            // The log on stderr is the server's: no progress bar drawn there.
            Command::Endgame(a) => a.quiet(),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::parse;
    use crate::Command;

    /// Whether a parsed command would read a file of the server (infer's positional file,
    /// a `--variants` file), read from its debug form (the fields are their modules' own).
    fn names_a_file(command: &Command) -> bool {
        let text = format!("{command:?}");
        text.contains("file: Some(") || text.contains("variants: [\"")
    }

    proptest! {
        /// Any bytes: an answer or a refusal, never a panic.
        #[test]
        fn any_body_is_parsed_or_refused(body in proptest::collection::vec(any::<u8>(), 0..200)) {
            for path in [&["attacks"][..], &["infer"], &["duel", "solve"]] {
                let _ = parse(path, &body);
            }
        }

        /// No value, however it is written (dashes, `=`, spaces, a path), reaches an option or
        /// a positional argument that reads a file: every value stays its own key's.
        #[test]
        fn no_value_names_a_file(
            value in "(--?|/|=| )?(variants|file|input|etc/passwd|help|format=json)?[=/ a-z-]{0,12}",
            key in prop::sample::select(vec!["fen", "format", "board", "define", "piece", "name", "mover"]),
        ) {
            for path in [&["attacks"][..], &["infer"], &["variants"], &["path"]] {
                let body = json!({ key: [value.clone(), value.clone()] }).to_string();
                if let Ok(parsed) = parse(path, body.as_bytes()) {
                    prop_assert!(!names_a_file(&parsed.command), "{path:?} {body}");
                }
            }
        }
    }

    #[test]
    fn file_options_are_refused_by_name() {
        for (path, key) in [
            (&["attacks"][..], "variants"),
            (&["variants"], "variants"),
            (&["infer"], "file"),
        ] {
            let body = json!({ key: "/etc/passwd" }).to_string();
            let refused = parse(path, body.as_bytes()).expect_err("refused");
            assert_eq!(refused.key.as_deref(), Some(key));
        }
    }

    #[test]
    fn a_key_given_twice_is_refused() {
        let refused = parse(&["attacks"], br#"{"fen":"8/8","fen":"8/8/8"}"#).expect_err("refused");
        assert!(
            refused.message.contains("the key `fen` is given twice"),
            "{refused}"
        );
        assert!(parse(&["attacks"], br#"{"fen":"8/8/8/8/8/8/8/8","format":"json"}"#).is_ok());
    }
}
