//! The position syntax every tool shares: a FEN, or a board and a list of pieces.

use anyhow::Result;
use chessreach::attack::{Position, Setup};
use chessreach::geometry::Board;
use chessreach::piece::Colour;

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
        let mut setup = Setup::new(self.board);
        for d in &self.define {
            setup.define(d).map_err(|e| crate::bad_argument("--define", e))?;
        }
        if let Some(fen) = &self.fen {
            return Position::from_fen_with(fen, setup.symbols())
                .map_err(|e| crate::bad_argument("--fen", e));
        }
        let specs = self
            .piece
            .iter()
            .map(|s| ("--piece", s, Colour::White))
            .chain(self.black.iter().map(|s| ("--black", s, Colour::Black)));
        for (flag, spec, colour) in specs {
            setup
                .place(spec, colour)
                .map_err(|e| crate::bad_argument(flag, e))?;
        }
        setup.build().map_err(crate::usage)
    }
}
