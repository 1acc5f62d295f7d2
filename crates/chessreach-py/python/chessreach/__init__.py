"""chessreach: movement questions on chess-like boards, from Python.

Attack maps of any position (any board size, any Betza piece), safe shortest routes with
captures, the movement rule behind an attack diagram, and the classic problems, computed by
the chessreach Rust library. Positions, routes and inferences draw themselves in Jupyter.

>>> import chessreach
>>> pos = chessreach.Position.from_fen("8/8/8/8/8/8/8/1N6")
>>> sorted(pos.attacked("white"))
['a3', 'c3', 'd2']
>>> chessreach.route(pos, "K@a1", to="a8").moves
7
"""

from ._chessreach import (
    ChessreachError,
    DuelResult,
    Endgame,
    Roads,
    Inference,
    InputError,
    ParseError,
    Position,
    Route,
    Rule,
    TooLargeError,
    __version__,
    distances,
    duel_solve,
    endgame_probe,
    endgame_solve,
    infer,
    max_memory,
    roads,
    route,
    set_max_memory,
    solve,
    variants,
)

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
