"""Type stubs of chessreach (the extension module `chessreach._chessreach`)."""

from typing import Any, Iterable, Literal, Mapping, Optional, Union, final

__version__: str

__all__ = [
    "ChessreachError",
    "DuelResult",
    "Endgame",
    "Roads",
    "Inference",
    "InputError",
    "ParseError",
    "Position",
    "Route",
    "Rule",
    "TooLargeError",
    "__version__",
    "distances",
    "duel_solve",
    "endgame_probe",
    "endgame_solve",
    "infer",
    "max_memory",
    "roads",
    "route",
    "set_max_memory",
    "solve",
    "variants",
]


_Colour = Union[bool, str]
"""`chess.WHITE`/`chess.BLACK` (`True`/`False`), or "white"/"black"/"w"/"b" in any case."""
_Square = Union[str, int]
"""A name (`"e4"`, `"5,4"`), or python-chess's integer square on an 8x8 board (`chess.E4`)."""

class ChessreachError(ValueError):
    """Every error chessreach raises (TooLargeError aside): the CLI's message."""

class ParseError(ChessreachError):
    """A rule, FEN, square or piece spec that does not parse."""

    text: str
    """The text that was read."""
    at: int
    """0-based character index of the problem."""

class InputError(ChessreachError):
    """Input in a classic's format that does not parse."""

    line: int
    column: int
    expected: str
    found: str
    partial: str
    """The answers written before the error."""

class TooLargeError(MemoryError):
    """A question whose tables would exceed the memory budget (`set_max_memory`)."""

    needed: int
    limit: int

@final
class Rule:
    """A movement rule in Betza notation, read as Fairy-Stockfish reads it."""

    def __new__(cls, betza: str, dialect: str = "fsf") -> "Rule":
        """`dialect`: `"fsf"` (Fairy-Stockfish's Betza) or `"xbetza"` (XBoard's, multi-leg moves)."""
    @property
    def betza(self) -> str:
        """The canonical Betza form (also `str(rule)`)."""
    def is_empty(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """Pieces on a board: bounded (`"8x8"`, any size) or a strip (`"infx8"`). Immutable."""

    def __new__(
        cls,
        board: str = "8x8",
        pieces: Union[None, str, Iterable[str]] = None,
        black: Union[None, str, Iterable[str]] = None,
        define: Optional[Mapping[str, str]] = None,
        wrap: Optional[str] = None,
        dialect: str = "fsf",
    ) -> "Position":
        """White's `pieces` and Black's `black` as specs `PIECE@SQ[/SQ…]` (`"N@b1/g1"`,
        `"fmWfcF@e2"`, `"b:K@e8"`); `define` maps letters to Betza (`{"A": "BN"}`); `wrap`
        joins edges of a bounded board: `"files"` (a cylinder), `"ranks"`, `"both"` (a torus);
        `dialect` reads the specs' and definitions' rules: `"fsf"` or `"xbetza"` (`"afsW@d4"`)."""
    @staticmethod
    def from_fen(
        fen: str,
        define: Optional[Mapping[str, str]] = None,
        wrap: Optional[str] = None,
        dialect: str = "fsf",
    ) -> "Position":
        """A position from a FEN placement of any size; `wrap` as in the constructor."""
    @staticmethod
    def from_variant(name: str, fen: Optional[str] = None, ini: Optional[str] = None) -> "Position":
        """A Fairy-Stockfish variant's start position, or `fen` in its syntax (`+P` promoted
        pieces); `ini` a variants.ini text whose variants may be named too (a section that does
        not read is skipped with a `UserWarning`, as in `variants`)."""
    @property
    def board(self) -> str: ...
    @property
    def wrap(self) -> str:
        """Which edges wrap: `"none"`, `"files"`, `"ranks"` or `"both"`."""
    @property
    def pieces(self) -> list[tuple[str, str, str, str]]:
        """`(square, letter, colour, betza)` per piece; a wall (`*` in a FEN) has colour `"wall"`."""
    def fen(self) -> Optional[str]:
        """The FEN placement (bounded boards)."""
    def attacked(self, colour: Optional[_Colour] = None, *, color: Optional[_Colour] = None) -> set[str]:
        """The squares `colour` (or `color`) attacks (bounded boards)."""
    def attacks(self, square: _Square) -> set[str]:
        """The squares the piece on `square` attacks; empty for an empty square (bounded boards)."""
    def is_attacked(
        self, square: _Square, colour: Optional[_Colour] = None, *, color: Optional[_Colour] = None
    ) -> bool: ...
    def attackers(
        self, square: _Square, colour: Optional[_Colour] = None, *, color: Optional[_Colour] = None
    ) -> list[str]:
        """The squares of the pieces attacking `square`, both colours unless `colour`."""
    @staticmethod
    def from_board(board: Any) -> "Position":
        """The position of a `chess.Board` (or a `chess.variant` board), by its placement."""
    def to_board(self, variant: Optional[str] = None) -> Any:
        """A `chess.Board` (or the `chess.variant` board named) with these pieces, White to move."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, Any]: ...
    def attack_counts(self) -> dict[str, tuple[int, int]]:
        """`{square: (white, black)}` for every attacked square (bounded boards)."""
    def svg(
        self, files: Optional[tuple[int, int]] = None, ranks: Optional[tuple[int, int]] = None
    ) -> str:
        """The attack map as SVG: the whole board, or a window (at most 200 squares a side)."""
    def _repr_svg_(self) -> Optional[str]:
        """None when the board is too large to draw whole."""

@final
class Route:
    """A shortest safe route (falsy when there is none)."""

    moves: Optional[int]
    @property
    def squares(self) -> list[str]:
        """Every square from start to end (at most a million)."""
    @property
    def waypoints(self) -> list[str]:
        """Every square on bounded boards; the ends of straight king lines on strips."""
    @property
    def repeats(self) -> list[tuple[int, int, int]]:
        """Rounds of moves made again on strips: `(at, moves, times)`."""
    @property
    def captured(self) -> list[str]: ...
    @property
    def why(self) -> Optional[dict[str, Any]]:
        """Why there is no route (`None` when there is one): `kind` (`occupied`, `attacked`,
        `colour`, `boxed_in`, `unreachable`), `reason`, `by` (squares of the pieces in question)."""
    def __bool__(self) -> bool: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Inference:
    """The movement rule behind an attack diagram."""

    @property
    def explained(self) -> bool: ...
    @property
    def betza(self) -> Optional[str]: ...
    @property
    def simplest(self) -> Optional[str]: ...
    @property
    def offsets(self) -> list[tuple[int, int]]: ...
    @property
    def unexplained(self) -> list[tuple[int, int]]: ...
    def _repr_svg_(self) -> Optional[str]: ...

def route(
    position: Position,
    mover: str,
    to: Optional[str] = None,
    capture: Optional[str] = None,
    may_capture: Union[None, str, Iterable[str]] = None,
) -> Route:
    """The shortest safe route of `mover` (`"N@b1"`, `"b:K@e8"`) to `to` or capturing on
    `capture`, capturing on the way what `may_capture` lists (`"all"` or squares)."""

def distances(
    position: Position,
    mover: str,
    may_capture: Union[None, str, Iterable[str]] = None,
    files: Optional[tuple[int, int]] = None,
) -> dict[str, int]:
    """Fewest moves of `mover` to every square it reaches: the whole board, or the files
    `files=(lo, hi)` (needed on a strip)."""

def infer(diagram: str) -> Inference:
    """The movement rule behind rows of `o` (piece), `x` (attacked), `.` (not attacked)."""

def solve(
    problem: Literal["infinite-chess", "king-path", "roads", "weird-chess"], text: str
) -> str:
    """A classic's exact output for its original input."""

def set_max_memory(bytes: int) -> None: ...
def max_memory() -> int: ...


def variants(ini: Optional[str] = None) -> list[str]:
    """The known variants' names (built in, plus those of a variants.ini text). A section of
    `ini` that does not read is skipped with a `UserWarning` naming the section, line and reason
    (and so are the sections inheriting from it); a piece's move Fairy-Stockfish gives none is
    read as no move, with a warning. `warnings.simplefilter("error")` makes them errors."""

@final
class DuelResult:
    """The exact results of a two-piece duel (`duel_solve`); draws itself as a heat map."""

    @property
    def board(self) -> str: ...
    @property
    def summary(self) -> dict[str, int]:
        """`starts`, `white`, `black`, `draws`, `longest` (plies)."""
    def starts(self) -> list[tuple[str, str, Optional[str], Optional[int]]]:
        """`(white, black, winner, plies)` of every start, White to move."""
    def value(
        self, white: str, black: str, to_move: Optional[_Colour] = None
    ) -> tuple[Optional[str], Optional[int]]: ...
    def svg(self, white: str = "a1") -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...

def duel_solve(
    board: str = "8x8",
    white: Optional[str] = None,
    black: Optional[str] = None,
    white_target: Optional[str] = None,
    black_target: Optional[str] = None,
) -> DuelResult:
    """Every start of a duel solved exactly; no pieces and no targets: knightmare."""

@final
class Endgame:
    """A royal endgame and its subgames solved exactly (`endgame_solve`)."""

    @property
    def board(self) -> str: ...
    @property
    def material(self) -> str:
        """Canonical order: `"KBNvK"`."""
    def summary(self) -> dict[str, Any]:
        """As `chessreach endgame solve --format json`: `board`, `material`, `stalemate`,
        `white_to_move` and `black_to_move` (`positions`, `white`, `black`, `draw`,
        `longest`: `None` or `{"plies", "winner", "fen", "line"}`)."""
    def probe(self, fen: str) -> dict[str, Any]:
        """As `chessreach endgame probe --format json`: `result` (`"white"`, `"black"`,
        `"draw"`), `plies`, `best`, `line`."""

def endgame_solve(
    material: str,
    board: str = "8x8",
    define: Optional[Mapping[str, str]] = None,
    royal: str = "K",
    stalemate: Literal["draw", "loss"] = "draw",
    wrap: Optional[Literal["none", "files", "ranks", "both"]] = None,
    dialect: Literal["fsf", "xbetza"] = "fsf",
) -> Endgame:
    """Solves a royal endgame (`"KQvK"`, `"KBNvK"`, `"KQvKR"`) and its subgames exactly."""

def endgame_probe(
    material: str,
    fen: str,
    board: str = "8x8",
    define: Optional[Mapping[str, str]] = None,
    royal: str = "K",
    stalemate: Literal["draw", "loss"] = "draw",
    wrap: Optional[Literal["none", "files", "ranks", "both"]] = None,
    dialect: Literal["fsf", "xbetza"] = "fsf",
) -> dict[str, Any]:
    """One position's result (solving the endgame first), as `Endgame.probe`."""

@final
class Roads:
    """Typed-road reach (`roads`): the counts and each placement's reach."""

    counts: list[int]
    @property
    def rows(self) -> int: ...
    @property
    def columns(self) -> int: ...
    def reach(self, k: int) -> set[tuple[int, int]]:
        """The `(row, column)` intersections placement `k` (1-based) reaches."""
    def __len__(self) -> int: ...

def roads(text: str) -> Roads:
    """Reads a roads input (the classic's text) and counts every placement's reach."""
