//! Chess variants as Fairy-Stockfish knows them: boards, piece letters, start positions, and the
//! rules that change where pieces attack.
//!
//! A [`Variant`] is read from Fairy-Stockfish's `variants.ini` format ([`Catalogue::load`]):
//! sections `[name]` or `[name:template]` (inheriting a built-in or an earlier section),
//! `key = value` lines, `;` and `#` comments. The keys that change movement are read:
//!
//! | key | meaning |
//! |---|---|
//! | `maxFile`, `maxRank` | the board (a number, or a file letter) |
//! | `cylindrical`, `toroidal` | Fairy-Stockfish-X's wrapped boards: `cylindrical = true` joins the first and last files (a cylinder), `toroidal = true` the ranks too (a torus) |
//! | `TYPE = l` / `TYPE = -` | a built-in piece type (Fairy-Stockfish's names: `knight`, `janggiCannon`, …) on letter `l`, or removed |
//! | `customPieceN = l:BETZA` | a piece of your own (N = 1…25); `king = k:BETZA` a king that moves so |
//! | `mobilityRegion{White,Black}TYPE` | squares the type's moves may end on (`a1 b2`, `*3` a rank, `c*` a file, `-` none) |
//! | `promotedPieceType = p:g s:g` | what `+P` in a FEN moves as |
//! | `startFen` | the start position |
//! | `flyingGeneral`, `soldierPromotionRank`, `diagonalLines` | Xiangqi's and Janggi's rules (below) |
//! | `kingType = TYPE` | chessreach's key for a built-in's king (Xiangqi's moves as a `wazir`) |
//! | `doubleStep`, `doubleStepRegion{White,Black}` | where a pawn double-steps and a piece makes its initial moves (routes; default ranks 2 and 7) |
//! | `tripleStepRegion{White,Black}` | where a pawn may also step three squares, both passed empty (routes; default nowhere) |
//!
//! Every other key (castling, drops, game ends, piece values, …) is accepted and ignored: it
//! does not change what a piece attacks or how routes move it.
//!
//! A file is read section by section, as Fairy-Stockfish reads it ([`Catalogue::read`]): a
//! section that does not read — a header without `]`, a line without `=`, a value, an unknown
//! template, a name defined before, a start position that does not fit — is skipped whole, and
//! so are the sections that inherit from it; each is an [`IniWarning`] naming the section, the
//! file, line and column, and the reason ([`IniErrorKind`]). A piece's Betza group
//! Fairy-Stockfish gives no move (`nC`, `sfN`, `icW`) is read as no move, the rest of the rule
//! standing, with a warning ([`Outcome::NoMove`]). [`Strictness::Strict`] (and
//! [`Catalogue::load`]) makes the first warning an error, adding nothing.
//!
//! Reversi and Ataxx (`flipersi`, `flipello`, `flipello10`, `ataxx`, built in as templates for
//! the sections built on them) are read for their boards, letters and movement: a Reversi disc
//! (`immobile`) never moves, an Ataxx piece (`mDmNmA`) jumps to a square two away. Their pieces
//! change colour when enclosed and are dropped from hand (the one-square Ataxx clone is a
//! drop): rules of play, not movement, which chessreach does not model; nothing in them
//! attacks.
//!
//! What a piece of a variant attacks follows Fairy-Stockfish's `Position::attackers_to`:
//! - its Betza rule, with moves ending outside its type's mobility region dropped;
//! - a `soldier` below `soldierPromotionRank` (relative to its side) attacks forward only;
//! - on `diagonalLines` squares (Janggi's palace), a `wazir` and a king of `kingType = wazir`
//!   also attack one diagonal step, a `soldier` the forward diagonal steps, a `rook` and a
//!   `janggiCannon` ride and hop along the diagonals, each only onto `diagonalLines` squares;
//! - a `janggiCannon` neither hops over nor captures another `janggiCannon`.
//!
//! The flying general (`flyingGeneral`) is not an attack: Fairy-Stockfish makes "the generals
//! may not face each other" a rule about legal moves (`Position::legal`), and its
//! `attackers_to` leaves it out, so attack maps do too. It stays where it belongs: a route that
//! moves a general never stops on a square where it would face the other side's general along
//! an open file or rank ([`Confinement::general`]).
//!
//! How routes move a variant's piece ([`Variant::route_moves`]) follows `Position::moves_from`:
//! the same rules for its moves, every move — the palace diagonals too — kept to its region,
//! and a `pawn`'s double step (`ifmnD`) or a piece's initial moves made from the variant's
//! double-step region.
//!
//! ```
//! use chessreach::attack::AttackMap;
//! use chessreach::piece::Colour;
//! use chessreach::variant::Catalogue;
//!
//! let xiangqi = Catalogue::builtin().get("xiangqi").expect("built in");
//! let pos = xiangqi.start_position()?;
//! let map = AttackMap::new(&pos)?;
//! // The advisors stay in the palace; the elephants on their side of the river; the flying
//! // general is not an attack (23 squares, as Fairy-Stockfish's `attackers_to`).
//! assert_eq!(map.attacked(Colour::White).count(), 23);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod ini;

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

pub use ini::{IniError, IniErrorKind, IniReport, IniWarning, Outcome, Strictness};

use crate::attack::SquareMoves;
use crate::attack::{read_placement, Confinement, FenError, FenErrorKind, Kind, Position, Symbols};
use crate::geometry::{Board, Coord, Delta, Rect, Wrap};
use crate::piece::{Atom, Colour, Component, Rule};

/// Fairy-Stockfish's built-in piece types: name and Betza (src/piece.cpp).
pub const PIECE_TYPES: [(&str, &str); 37] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// A piece of a variant: its letter, its type and how it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPiece {
    /// The letter, lower case (upper case is White's piece in a FEN).
    pub letter: char,
    /// Fairy-Stockfish's type name (`knight`, `customPiece1`, `king`).
    pub kind: String,
    /// Its Betza, as written (a king's: its `kingType`'s).
    pub betza: String,
    /// Its rule.
    pub rule: Rule,
}

/// A variant: board, pieces, start position and the rules that change what pieces attack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Its name.
    pub name: String,
    /// Files (`maxFile`).
    pub files: u32,
    /// Ranks (`maxRank`).
    pub ranks: u32,
    /// Which edges wrap (`cylindrical`: files; `toroidal`: both).
    pub wrap: Wrap,
    /// The pieces, in the order they were declared.
    pub pieces: Vec<VariantPiece>,
    /// The start position.
    pub start_fen: String,
    /// The type the king moves as, and its Betza (`king`/`K` unless a variant says otherwise).
    pub king_moves: (String, String),
    /// Mobility regions: (colour, type) → squares, sorted.
    pub regions: BTreeMap<(Colour, String), Vec<Coord>>,
    /// Promotions a FEN may show with `+`: type → type.
    pub promoted: BTreeMap<String, String>,
    /// Xiangqi's flying general.
    pub flying_general: bool,
    /// The rank (1-based, from the soldier's side) from which a `soldier` moves sideways too.
    pub soldier_promotion_rank: u32,
    /// Janggi's palace diagonals: the squares on them, sorted.
    pub diagonal_lines: Vec<Coord>,
    /// Whether pawns may double-step (`doubleStep`): when not, no piece makes initial moves.
    pub double_step: bool,
    /// Where a `pawn` double-steps and a piece makes its initial moves (Betza `i`), per colour
    /// (White, Black), sorted; `None`: Fairy-Stockfish's default, rank 2 for White and rank 7
    /// for Black on any board (`doubleStepRegionWhite`, `doubleStepRegionBlack`).
    pub double_step_region: [Option<Vec<Coord>>; 2],
    /// Where a `pawn` may also step three squares forward, both squares passed empty, per
    /// colour (White, Black), sorted (`tripleStepRegion{White,Black}`; Fairy-Stockfish's
    /// default: nowhere). Whatever `doubleStep` says.
    pub triple_step_region: [Vec<Coord>; 2],
}

impl Variant {
    /// The empty variant a section without a template starts from (as Fairy-Stockfish's): 8×8,
    /// no pieces, the chess start position.
    #[must_use]
    pub fn empty(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            files: 8,
            ranks: 8,
            wrap: Wrap::None,
            pieces: Vec::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            king_moves: ("king".to_owned(), "K".to_owned()),
            regions: BTreeMap::new(),
            promoted: BTreeMap::new(),
            flying_general: false,
            soldier_promotion_rank: 1,
            diagonal_lines: Vec::new(),
            double_step: true,
            double_step_region: [None, None],
            triple_step_region: [Vec::new(), Vec::new()],
        }
    }

    /// The board.
    ///
    /// # Panics
    ///
    /// Never for a variant read by [`Catalogue::load`] (at most 26 × 99 squares).
    #[must_use]
    pub fn board(&self) -> Board {
        Board::Rect(self.rect())
    }

    /// The bounded board, wrapped as the variant says.
    fn rect(&self) -> Rect {
        Rect::new(u64::from(self.files), u64::from(self.ranks))
            .expect("at most 26x99")
            .with_wrap(self.wrap)
    }

    /// The piece on `letter` (either case).
    #[must_use]
    pub fn piece(&self, letter: char) -> Option<&VariantPiece> {
        let l = letter.to_ascii_lowercase();
        self.pieces.iter().find(|p| p.letter == l)
    }

    /// The variant's letters as [`Symbols`] for piece specs (`--mover N@b1`): each letter
    /// bound to its piece's rule, without the variant's confinement (regions, palace lines);
    /// orthodox letters the variant does not use keep their chess meaning.
    #[must_use]
    pub fn symbols(&self) -> Symbols {
        let mut s = Symbols::default();
        for p in &self.pieces {
            s.insert(p.letter, p.rule.clone());
        }
        s
    }

    /// How routes move the piece of `letter` with `rule` for `colour`, square by square, as
    /// Fairy-Stockfish's `Position::moves_from` does: its rule kept to its mobility region (the
    /// Xiangqi king and advisors in the palace, the elephants on their side of the river), the
    /// soldier forward only before the river, Janggi's palace diagonals, the Janggi cannon
    /// that never hops over or captures a cannon, a general that never stops facing the other
    /// (the flying general), and a pawn's double step (and a piece's initial moves, Betza `i`)
    /// from the variant's double-step region, its triple step from the triple-step region.
    /// `None` for another letter or a `rule` other than the piece's (a mover given as a Betza
    /// rule moves by it alone, initial moves from the rule's default rank), or a piece the
    /// variant moves by its rule alone. O(squares × log(lines)).
    #[must_use]
    pub fn route_moves(&self, letter: char, rule: &Rule, colour: Colour) -> Option<SquareMoves> {
        let piece = self.piece(letter).filter(|p| &p.rule == rule)?;
        self.piece_route_moves(piece, colour)
    }

    /// The piece a promoted `letter` (`+P`) moves as, if it promotes here. O(pieces).
    #[must_use]
    pub fn promoted_piece(&self, letter: char) -> Option<&VariantPiece> {
        let base = self.piece(letter)?;
        let to = self.promoted.get(&base.kind)?;
        self.pieces.iter().find(|p| &p.kind == to)
    }

    /// How routes move `piece`, one of this variant's (a promoted piece's too), for `colour`:
    /// see [`Variant::route_moves`]. O(squares × log(lines)).
    ///
    /// # Panics
    ///
    /// Never for a variant read by [`Catalogue::load`] (at most 26 × 99 squares).
    #[must_use]
    pub fn piece_route_moves(&self, piece: &VariantPiece, colour: Colour) -> Option<SquareMoves> {
        let letter = piece.letter;
        let rect = self.rect();
        let mut keys: Vec<(bool, bool)> = Vec::new();
        let mut kinds = Vec::new();
        let mut squares = Vec::new();
        for at in rect.squares().map(|s| rect.coord(s)) {
            let key = (self.raw_soldier(piece, colour, at), self.on_lines(at));
            let k = keys.iter().position(|x| *x == key).unwrap_or_else(|| {
                keys.push(key);
                kinds.push(confined_extras(self.kind(piece, letter, key.0, key.1), colour));
                kinds.len() - 1
            });
            squares.push((at, k));
        }
        let board = |c: &Coord| rect.contains(*c);
        let mut initial = Vec::new();
        if self.double_step {
            let double: Vec<Coord> = self.double_step_region[colour.index()].as_deref().map_or_else(
                || {
                    let rank = if colour == Colour::White { 2 } else { 7 };
                    (1..=i64::from(self.files))
                        .map(|f| Coord::new(f, rank))
                        .filter(board)
                        .collect()
                },
                |r| r.iter().copied().filter(board).collect(),
            );
            if piece.kind == "pawn" {
                initial.push(("ifmnD".parse().expect("the double step"), double));
            } else if piece.rule.has_initial() {
                initial.push((piece.rule.clone(), double));
            }
        }
        if piece.kind == "pawn" {
            let triple: Vec<Coord> = self.triple_step_region[colour.index()]
                .iter()
                .copied()
                .filter(board)
                .collect();
            initial.push((triple_step(), triple));
        }
        initial.retain(|(_, on)| !on.is_empty());
        let plain =
            kinds.len() == 1 && kinds[0].confine.is_none() && initial.is_empty() && !piece.rule.has_initial();
        // Squares of the first kind go unlisted.
        squares.retain(|&(_, k)| k != 0);
        (!plain).then_some(SquareMoves {
            kinds,
            squares,
            initial,
        })
    }

    /// Whether `piece` of `colour` on `at` is a soldier that has not crossed the river (it moves
    /// forward only). O(1).
    fn raw_soldier(&self, piece: &VariantPiece, colour: Colour, at: Coord) -> bool {
        let relative = match colour {
            Colour::White => at.rank,
            Colour::Black => i64::from(self.ranks) + 1 - at.rank,
        };
        piece.kind == "soldier" && relative < i64::from(self.soldier_promotion_rank)
    }

    /// Whether `at` is on Janggi's palace diagonals. O(log lines).
    fn on_lines(&self, at: Coord) -> bool {
        self.diagonal_lines.binary_search(&at).is_ok()
    }

    /// The position of the start FEN.
    ///
    /// # Errors
    ///
    /// [`FenError`] when the start FEN does not fit the variant (a `variants.ini` may say so).
    pub fn start_position(&self) -> Result<Position, FenError> {
        self.position(&self.start_fen)
    }

    /// A position of this variant from a FEN in its syntax: its letters, `+X` for a promoted
    /// piece, pieces in hand (`[…]`) and the fields after the placement ignored. Every piece
    /// gets its kind's confinement (see the module docs). O(length + p log p).
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the character: a letter the variant does not have, a `+` on a piece
    /// that does not promote, a board of another size, or a malformed placement.
    pub fn position(&self, fen: &str) -> Result<Position, FenError> {
        let mut keys: Vec<((char, bool, bool, bool), usize)> = Vec::new();
        let pos = read_placement(fen, |kinds, c, promoted, at| {
            let base = self.piece(c).ok_or(FenErrorKind::UnknownLetter(c))?;
            let piece = if promoted {
                self.promoted_piece(c).ok_or(FenErrorKind::Promoted(c))?
            } else {
                base
            };
            let colour = if c.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            let raw_soldier = self.raw_soldier(piece, colour, at);
            let on_lines = self.on_lines(at);
            let key = (base.letter, promoted, raw_soldier, on_lines);
            if let Some(&(_, k)) = keys.iter().find(|(x, _)| *x == key) {
                return Ok(k);
            }
            // Walls take kinds too: a kind's index is where it is pushed.
            keys.push((key, kinds.len()));
            kinds.push(Kind {
                promoted,
                ..self.kind(piece, base.letter, raw_soldier, on_lines)
            });
            Ok(kinds.len() - 1)
        })?;
        // A FEN says nothing about wrapped edges: the variant does.
        let pos = pos.with_wrap(self.wrap).map_err(|e| FenError {
            input: fen.to_owned(),
            at: 0,
            kind: FenErrorKind::Position(e),
        })?;
        if pos.board() != self.board() {
            return Err(FenError {
                input: fen.to_owned(),
                at: 0,
                kind: FenErrorKind::WrongBoard {
                    expected: self.board(),
                    found: pos.board(),
                },
            });
        }
        Ok(pos)
    }

    /// The kind of `piece` shown as `symbol`, confined as this variant says; a king of a
    /// variant with the flying general is a [`Confinement::general`] (a rule about where the
    /// other general may stop, not an attack).
    fn kind(&self, piece: &VariantPiece, symbol: char, raw_soldier: bool, on_lines: bool) -> Kind {
        let t = piece.kind.as_str();
        let rule = if raw_soldier {
            "fW".parse().expect("forward wazir")
        } else {
            piece.rule.clone()
        };
        let region = [Colour::White, Colour::Black].map(|c| self.regions.get(&(c, t.to_owned())).cloned());
        let mut extra = Vec::new();
        if on_lines {
            let diagonal = match t {
                "wazir" => Some("F"),
                "king" if self.king_moves.0 == "wazir" => Some("F"),
                "soldier" => Some("fF"),
                "rook" => Some("B"),
                "janggiCannon" => Some("pB"),
                _ => None,
            };
            if let Some(b) = diagonal {
                extra.push((b.parse().expect("palace rule"), Some(self.diagonal_lines.clone())));
            }
        }
        let general = self.flying_general && t == "king";
        let unhoppable = t == "janggiCannon";
        let confine = (region.iter().any(Option::is_some) || !extra.is_empty() || unhoppable || general)
            .then(|| {
                Arc::new(Confinement {
                    region,
                    extra,
                    unhoppable,
                    general,
                })
            });
        Kind {
            symbol: symbol.to_ascii_uppercase(),
            rule,
            confine,
            promoted: false,
        }
    }
}

/// A pawn's triple step: three squares forward, both squares passed empty, move only — an
/// initial move made from the triple-step region (Betza has no letter for it: a lame `H`).
fn triple_step() -> Rule {
    let atom = Atom::from_letter('H').expect("the (0,3) leap");
    let forward = (0..atom.image_count())
        .filter(|&i| atom.image(i) == Delta::new(0, 3))
        .fold(0u8, |mask, i| mask | 1 << i);
    Rule::default().with_initial([Component {
        atom,
        range: 1,
        lame: true,
        hop: false,
        moves: forward,
        captures: 0,
    }])
}

/// `kind` with its extra moves (Janggi's palace diagonals) kept to its region for `colour` too,
/// as Fairy-Stockfish's `moves_from` keeps every move of a piece to its mobility region (in
/// play a piece never leaves it; a route's mover may be put anywhere). O(region + lines).
fn confined_extras(kind: Kind, colour: Colour) -> Kind {
    let Some(c) = kind.confine.as_deref() else {
        return kind;
    };
    let Some(region) = &c.region[colour.index()] else {
        return kind;
    };
    let extra = c
        .extra
        .iter()
        .map(|(rule, on)| {
            let on = on.as_ref().map_or_else(
                || region.clone(),
                |on| {
                    on.iter()
                        .copied()
                        .filter(|x| region.binary_search(x).is_ok())
                        .collect()
                },
            );
            (rule.clone(), Some(on))
        })
        .collect();
    Kind {
        confine: Some(Arc::new(Confinement { extra, ..c.clone() })),
        ..kind
    }
}

/// Known variants: the built-ins, and those loaded from `variants.ini` files.
///
/// [`Catalogue::with_builtin`] stands on the built-ins without copying them (a lookup asks the
/// loaded variants, then the built-ins), so a face that reads one more file clones nothing.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    variants: Vec<Variant>,
    /// Variants known below these (the built-ins), asked after them.
    base: Option<&'static Catalogue>,
}

impl Catalogue {
    /// The built-in variants (read once per process from the bundled `builtin.ini`).
    #[must_use]
    pub fn builtin() -> &'static Self {
        static BUILTIN: LazyLock<Catalogue> = LazyLock::new(|| {
            let mut c = Catalogue::default();
            c.load(include_str!("builtin.ini"), "builtin.ini")
                .expect("the built-in variants read");
            c
        });
        &BUILTIN
    }

    /// The built-in variants and room for more: what [`Catalogue::load`] adds is asked first,
    /// the built-ins (shared, not copied) after. O(1).
    #[must_use]
    pub fn with_builtin() -> Self {
        Self {
            variants: Vec::new(),
            base: Some(Self::builtin()),
        }
    }

    /// The variant called `name`: a loaded one, else a built-in. O(variants).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Variant> {
        self.variants
            .iter()
            .find(|v| v.name == name)
            .or_else(|| self.base.and_then(|b| b.get(name)))
    }

    /// Every variant, in the order they were defined (the built-ins first).
    pub fn variants(&self) -> impl Iterator<Item = &Variant> + '_ {
        self.base
            .into_iter()
            .flat_map(|b| b.variants.iter())
            .chain(self.variants.iter())
    }

    /// The names most like `name` (edit distance at most a third of its length, at least 2),
    /// nearest first, at most three: for "did you mean". O(variants × name length²).
    #[must_use]
    pub fn nearest(&self, name: &str) -> Vec<&str> {
        let limit = (name.chars().count() / 3).max(2);
        let mut near: Vec<(usize, &str)> = self
            .variants()
            .map(|v| {
                (
                    strsim::levenshtein(&v.name.to_lowercase(), &name.to_lowercase()),
                    v.name.as_str(),
                )
            })
            .filter(|&(d, _)| d <= limit)
            .collect();
        near.sort_unstable();
        near.into_iter().take(3).map(|(_, n)| n).collect()
    }

    /// Reads a `variants.ini` text (named `file` in errors) strictly and adds its variants,
    /// which may inherit from any known variant or an earlier section. Returns the names added.
    /// O(length + sections × (pieces + start position)).
    ///
    /// # Errors
    ///
    /// [`IniError`] with file, line and column: a malformed line, an unknown template, a
    /// variant defined twice, a value or start position that does not read, a piece's Betza
    /// group Fairy-Stockfish gives no move. Nothing is added then.
    pub fn load(&mut self, text: &str, file: &str) -> Result<Vec<String>, IniError> {
        self.read(text, file, Strictness::Strict).map(|r| r.names)
    }

    /// Reads a `variants.ini` text (named `file` in warnings and errors) and adds its
    /// variants. [`Strictness::Lenient`]: a section that does not read is skipped (and so are
    /// the sections that inherit from it), a piece's Betza group Fairy-Stockfish gives no move
    /// is read as no move, and each is an [`IniWarning`] of the report; the rest is added.
    /// O(length + sections × (pieces + start position)).
    ///
    /// # Errors
    ///
    /// [`Strictness::Strict`]: the first warning's [`IniError`]; nothing is added then.
    pub fn read(&mut self, text: &str, file: &str, strictness: Strictness) -> Result<IniReport, IniError> {
        let (added, warnings) = ini::parse(text, file, self);
        if let (Strictness::Strict, Some(w)) = (strictness, warnings.first()) {
            return Err(w.error.clone());
        }
        let names = added.iter().map(|v| v.name.clone()).collect();
        self.variants.extend(added);
        Ok(IniReport { names, warnings })
    }

    /// [`Catalogue::read`] from bytes: a byte that is not UTF-8 is an error at its line and
    /// column (nothing is added).
    ///
    /// # Errors
    ///
    /// As [`Catalogue::read`], or [`IniErrorKind::NotUtf8`].
    pub fn read_bytes(
        &mut self,
        bytes: &[u8],
        file: &str,
        strictness: Strictness,
    ) -> Result<IniReport, IniError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => self.read(text, file, strictness),
            Err(u) => {
                let bad = u.valid_up_to();
                let at = crate::input::utf8_error(bytes, bad);
                Err(IniError {
                    file: file.to_owned(),
                    line: at.line,
                    column: at.column,
                    kind: IniErrorKind::NotUtf8(bytes[bad]),
                })
            }
        }
    }
}
