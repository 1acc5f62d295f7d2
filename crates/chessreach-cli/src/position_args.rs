//! The position syntax every tool shares: a FEN, or a board and a list of pieces.

use anyhow::Result;
use chessreach::attack::{Kind, Placed, Position, Symbols};
use chessreach::geometry::{Board, Coord};
use chessreach::piece::{Colour, Rule};

use crate::UsageError;

/// Where the pieces stand.
#[derive(Debug, clap::Args)]
pub(crate) struct PositionArgs {
    /// A FEN placement (board size taken from it; any size): upper case White, lower case
    /// Black, letters K Q R B N P plus any given with --define.
    #[arg(long, conflicts_with_all = ["board", "piece", "black"])]
    pub fen: Option<String>,

    /// Board size `FILESxRANKS` (`8x8`, `12x10`), or a strip `infx8` (unbounded files, 8 ranks).
    #[arg(long, default_value = "8x8")]
    pub board: Board,

    /// A White piece (or Black with a `b:` prefix): PIECE@SQUARE[/SQUARE…], where PIECE is a
    /// letter (K Q R B N P or --define'd) or any Betza rule, and squares are `e4` or `x,y`.
    /// Examples: `N@b1/g1`, `b:P@a7/b7`, `fmWfcF@e2`, `BN@-3,4`. Repeatable.
    #[arg(long, value_name = "SPEC")]
    pub piece: Vec<String>,

    /// A Black piece, same syntax as --piece. Repeatable.
    #[arg(long, value_name = "SPEC")]
    pub black: Vec<String>,

    /// Defines a piece letter for FEN and piece specs: LETTER=BETZA, e.g. `A=BN`. Repeatable.
    #[arg(long, value_name = "LETTER=BETZA")]
    pub define: Vec<String>,
}

impl PositionArgs {
    /// The checked position.
    pub(crate) fn position(&self) -> Result<Position> {
        let mut symbols = Symbols::default();
        for d in &self.define {
            symbols
                .define(d)
                .map_err(|e| UsageError(format!("--define {d}: {e}")))?;
        }
        if let Some(fen) = &self.fen {
            return Position::from_fen_with(fen, &symbols)
                .map_err(|e| UsageError(format!("--fen: {e}")).into());
        }
        let mut kinds: Vec<Kind> = Vec::new();
        let mut pieces = Vec::new();
        let specs = self
            .piece
            .iter()
            .map(|s| ("--piece", s, Colour::White))
            .chain(self.black.iter().map(|s| ("--black", s, Colour::Black)));
        for (flag, spec, colour) in specs {
            let parsed =
                parse_spec(spec, colour, &symbols).map_err(|m| UsageError(format!("{flag} {spec}: {m}")))?;
            let kind = if let Some(k) = kinds
                .iter()
                .position(|k| k.rule == parsed.rule && k.symbol == parsed.symbol)
            {
                k
            } else {
                kinds.push(Kind {
                    symbol: parsed.symbol,
                    rule: parsed.rule,
                });
                kinds.len() - 1
            };
            pieces.extend(parsed.squares.into_iter().map(|at| Placed {
                kind,
                colour: parsed.colour,
                at,
            }));
        }
        Position::new(self.board, kinds, pieces).map_err(crate::usage)
    }
}

#[derive(Debug)]
struct Spec {
    colour: Colour,
    symbol: char,
    rule: Rule,
    squares: Vec<Coord>,
}

/// `[w:|b:]PIECE@SQ[/SQ…]`.
fn parse_spec(spec: &str, default: Colour, symbols: &Symbols) -> Result<Spec, String> {
    let (colour, body) = match spec.split_once(':') {
        Some(("w", rest)) => (Colour::White, rest),
        Some(("b", rest)) => (Colour::Black, rest),
        Some((p, _)) => return Err(format!("unknown colour prefix `{p}:` (use `w:` or `b:`)")),
        None => (default, spec),
    };
    let (piece, squares) = body
        .split_once('@')
        .ok_or_else(|| "expected PIECE@SQUARE, e.g. `N@b1`: no `@` found".to_owned())?;
    let mut letters = piece.chars();
    let single = match (letters.next(), letters.next()) {
        (Some(c), None) => symbols.get(c).map(|r| (c.to_ascii_uppercase(), r.clone())),
        _ => None,
    };
    let (symbol, rule) = if let Some(found) = single {
        found
    } else {
        let rule: Rule = piece.parse().map_err(|e| format!("piece `{piece}`: {e}"))?;
        let known = ['K', 'Q', 'R', 'B', 'N', 'P']
            .into_iter()
            .find(|&l| symbols.get(l) == Some(&rule));
        let symbol = known
            .or_else(|| piece.chars().find(char::is_ascii_uppercase))
            .unwrap_or('X');
        (symbol, rule)
    };
    let squares = squares
        .split('/')
        .map(|s| s.parse::<Coord>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Spec {
        colour,
        symbol,
        rule,
        squares,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let sym = Symbols::default();
        let s = parse_spec("b:N@b1/g1", Colour::White, &sym).expect("spec");
        assert_eq!((s.colour, s.symbol, s.squares.len()), (Colour::Black, 'N', 2));
        let s = parse_spec("fmWfcF@e2", Colour::White, &sym).expect("pawn");
        assert_eq!(s.symbol, 'P');
        let s = parse_spec("BN@-3,4/5,5", Colour::White, &sym).expect("archbishop");
        assert_eq!((s.symbol, s.squares[0]), ('B', Coord::new(-3, 4)));
        assert!(parse_spec("N", Colour::White, &sym).is_err());
        assert!(parse_spec("x:N@a1", Colour::White, &sym).is_err());
        assert!(parse_spec("NX@a1", Colour::White, &sym)
            .expect_err("bad")
            .contains('^'));
    }

    proptest::proptest! {
        #[test]
        fn spec_parser_never_panics(s in "\\PC{0,30}", t in "[wb:KQRBNPfmcW@a-h1-9,/-]{0,20}") {
            let sym = Symbols::default();
            let _ = parse_spec(&s, Colour::White, &sym);
            let _ = parse_spec(&t, Colour::Black, &sym);
        }
    }
}
