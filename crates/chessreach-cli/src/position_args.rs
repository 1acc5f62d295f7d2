//! The position syntax every tool shares: a FEN, or a board and a list of pieces.

use std::path::PathBuf;

use anyhow::{Context, Result};
use chessreach::attack::{Position, Setup};
use chessreach::geometry::{Board, Wrap};
use chessreach::load::Loaded;
use chessreach::piece::{Colour, Dialect};
use chessreach::variant::{Catalogue, Strictness, Variant};

/// Where the pieces stand.
#[derive(Debug, clap::Args)]
pub(crate) struct PositionArgs {
    /// A FEN placement (board size taken from it; any size): upper case White, lower case
    /// Black, letters K Q R B N P plus any given with --define, `*` a wall (blocks lines,
    /// never entered, attacked or captured: the duck, arrows); with --variant, in the
    /// variant's letters (`+P` a promoted piece, `[…]` pieces in hand ignored).
    #[arg(long, conflicts_with_all = ["board", "piece", "black"])]
    pub fen: Option<String>,

    /// A Fairy-Stockfish variant by name (`xiangqi`, `shogi`, `janggi`, `capablanca` …; list
    /// them with `chessreach variants`): its board, letters and rules (regions, the palace,
    /// the flying general, promoted pieces). --fen is then in its syntax; without --fen, its
    /// start position.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["board", "piece", "black", "define"])]
    pub variant: Option<String>,

    /// Reads more variants from a Fairy-Stockfish `variants.ini` (sections `[name]` or
    /// `[name:template]`, `maxFile`, `maxRank`, `TYPE = letter`, `customPieceN = l:BETZA`,
    /// `mobilityRegion…`, `startFen`, …). A section that does not read is skipped with a
    /// warning (see --strict). Repeatable.
    #[arg(long, value_name = "FILE")]
    pub variants: Vec<PathBuf>,

    /// `variants.ini` texts given directly (`chessreach serve`'s `"variants_ini"`), read after
    /// the files.
    #[arg(skip)]
    pub variants_ini: Vec<String>,
    /// With --variants (or the lab's `variants_ini`): a section that does not read (or a
    /// piece's move Fairy-Stockfish gives none) is an error (exit 1) instead of a warning and a
    /// skipped section.
    #[arg(long)]
    pub strict: bool,

    /// Board size `FILESxRANKS` (`8x8`, `12x10`), or a strip `infx8` (unbounded files, 8 ranks).
    #[arg(long, default_value = "8x8")]
    pub board: Board,

    /// Wrapped edges of a bounded board: `files` (a cylinder: file 1 and the last file are
    /// neighbours), `ranks`, `both` (a torus), or `none`. A step that leaves the board across
    /// a wrapped edge re-enters on the other side; a line that comes back round stops before
    /// its piece's own square. Strips never wrap.
    #[arg(long, value_name = "EDGES")]
    pub wrap: Option<Wrap>,

    /// A White piece (or Black with a `b:` prefix): PIECE@SQUARE[/SQUARE…], where PIECE is a
    /// letter (K Q R B N P or --define'd) or any Betza rule, and squares are `e4` or `x,y`.
    /// As in FEN, a lower-case letter is Black (`k@e8`; refused after `w:`); Betza rules are
    /// case-sensitive and take the flag's or prefix's colour.
    /// Examples: `N@b1/g1`, `b:P@a7/b7`, `p@a7`, `fmWfcF@e2`, `BN@-3,4`. Repeatable.
    #[arg(long, value_name = "SPEC")]
    pub piece: Vec<String>,

    /// A Black piece, same syntax as --piece (`K@e8` and `k@e8` alike are Black). Repeatable.
    #[arg(long, value_name = "SPEC")]
    pub black: Vec<String>,

    /// Defines a piece letter for FEN and piece specs: LETTER=BETZA, e.g. `A=BN`. Repeatable.
    #[arg(long, value_name = "LETTER=BETZA")]
    pub define: Vec<String>,

    /// The Betza dialect of --piece, --black, --define and --mover rules: `fsf`
    /// (Fairy-Stockfish's) or `xbetza` (XBoard's, with multi-leg moves: the Mao `afsW`, the
    /// checker's capture `fcafmF`, the Griffon `FyafsF`). A variant's own pieces stay
    /// Fairy-Stockfish's.
    #[arg(long, value_name = "fsf|xbetza", default_value = "fsf")]
    pub dialect: Dialect,
}

/// The most bytes of a `--variants` file read (Fairy-Stockfish's own variants.ini is 60 kB).
pub(crate) const VARIANTS_INI_LIMIT: u64 = 16_000_000;

/// The built-in variants, those of `files` and those of `texts` (named `variants_ini`), a file read
/// up to [`VARIANTS_INI_LIMIT`] bytes. A
/// section that does not read is skipped with a warning on stderr naming file, line, column,
/// section and reason (so is a piece's Betza group Fairy-Stockfish gives no move, read as no
/// move); when `strict`, the first one is a data error (exit 1). A file that cannot be read or
/// is not text is a data error.
pub(crate) fn catalogue(files: &[PathBuf], texts: &[String], strict: bool) -> Result<Catalogue> {
    let mut catalogue = Catalogue::with_builtin();
    let named = files
        .iter()
        .map(|f| {
            let bytes = std::fs::File::open(f)
                .map_err(chessreach::limits::ReadError::from)
                .and_then(|r| chessreach::limits::read_within(r, VARIANTS_INI_LIMIT))
                .with_context(|| format!("--variants {}", f.display()))?;
            Ok::<_, anyhow::Error>((bytes, f.display().to_string()))
        })
        .chain(
            texts
                .iter()
                .map(|t| Ok((t.as_bytes().to_vec(), "variants_ini".to_owned()))),
        );
    for source in named {
        let (bytes, name): (Vec<u8>, String) = source?;
        let report = catalogue.read_bytes(&bytes, &name, Strictness::Lenient)?;
        for w in &report.warnings {
            eprintln!("warning: {w}");
        }
        if strict && !report.warnings.is_empty() {
            anyhow::bail!(
                "--strict: --variants {name} is not read as written ({} warnings above)",
                report.warnings.len()
            );
        }
    }
    Ok(catalogue)
}

impl PositionArgs {
    /// The variant asked for, if any.
    pub(crate) fn variant(&self) -> Result<Option<Variant>> {
        let Some(name) = &self.variant else {
            return Ok(None);
        };
        let catalogue = catalogue(&self.variants, &self.variants_ini, self.strict)?;
        catalogue.get(name).cloned().map(Some).ok_or_else(|| {
            let near = catalogue.nearest(name);
            let hint = if near.is_empty() {
                "`chessreach variants` lists them".to_owned()
            } else {
                format!(
                    "did you mean {}?",
                    near.iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            crate::usage(crate::UsageError(format!(
                "--variant: unknown variant `{name}`; {hint}"
            )))
        })
    }

    /// The checked position.
    pub(crate) fn position(&self) -> Result<Position> {
        Ok(self.load()?.position)
    }

    /// The checked position, the letters piece specs (`--mover`) read with it (the variant's,
    /// or K Q R B N P and --define's) and the variant. Variant files are read once.
    pub(crate) fn load(&self) -> Result<Loaded> {
        let mut loaded = self.load_flat()?;
        loaded.symbols.set_dialect(self.dialect);
        if let Some(wrap) = self.wrap {
            loaded.position = loaded
                .position
                .with_wrap(wrap)
                .map_err(|e| crate::bad_argument("--wrap", e))?;
        }
        Ok(loaded)
    }

    /// [`PositionArgs::load`] before `--wrap`.
    fn load_flat(&self) -> Result<Loaded> {
        if let Some(v) = self.variant()? {
            return match &self.fen {
                Some(fen) => Loaded::of_variant(&v, Some(fen)).map_err(|e| crate::bad_argument("--fen", e)),
                None => Ok(Loaded::of_variant(&v, None)?),
            };
        }
        let mut setup = Setup::new(self.board);
        setup.set_dialect(self.dialect);
        for d in &self.define {
            setup.define(d).map_err(|e| crate::bad_argument("--define", e))?;
        }
        let symbols = setup.symbols().clone();
        if let Some(fen) = &self.fen {
            let position =
                Position::from_fen_with(fen, &symbols).map_err(|e| crate::bad_argument("--fen", e))?;
            return Ok(Loaded::new(position, symbols));
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
        Ok(Loaded::new(setup.build().map_err(crate::usage)?, symbols))
    }
}
