"""Boards drawn in the terminal: a grid board as a map of its squares, with a legend.

A grid board is a view's ``board`` with a ``width`` and a ``height`` (B Nomic's Grid):
squares ``(x, y)`` from ``(1, 1)`` in the lower left, the squares that hold
something listed under ``board.squares`` keyed ``"x,y"``, and players and the view's
entities standing on the square their ``location`` names. Each square is one letter:
a player's in capitals, a thing's by its kind in small letters, a square's substance
as a dim small letter where nothing stands, and ``·`` for an empty square. Only what
the view holds is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from nomicon.boards.grid import as_square, parse_key

EMPTY = "·"


def is_grid(board: object) -> bool:
    """Whether a view's board is a grid this module draws."""
    if not isinstance(board, Mapping):
        return False
    width, height = board.get("width"), board.get("height")
    return (isinstance(width, int) and isinstance(height, int)
            and 0 < width <= 60 and 0 < height <= 60)


def letters(names: Iterable[str], taken: set[str], *, upper: bool) -> dict[str, str]:
    """One letter for each name: its first letter not yet taken, else a later one of
    its letters, else any free letter; ``taken`` grows with those given."""
    given: dict[str, str] = {}
    spare = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    for name in names:
        candidates = [c for c in name if c.isalnum()] + list(spare)
        for c in candidates:
            letter = c.upper() if upper else c.lower()
            if letter not in taken:
                break
        else:
            letter = "?"
        taken.add(letter)
        given[name] = letter
    return given


def grid(console: Console, view: Mapping[str, Any]) -> None:
    """The grid board of ``view`` as a map, rows from the top (y = height) down."""
    board = view["board"]
    width, height = board["width"], board["height"]
    players: Mapping[str, Any] = view.get("players") or {}
    entities: Mapping[str, Any] = view.get("entities") or {}
    squares: Mapping[str, Any] = board.get("squares") or {}

    taken: set[str] = {EMPTY}
    player_letter = letters(players, taken, upper=True)
    kinds = sorted({str(e.get("kind")) for e in entities.values()
                    if isinstance(e, Mapping) and as_square(e.get("location"))})
    kind_letter = letters(kinds, taken, upper=False)
    substances = sorted({str(s["substance"]) for s in squares.values()
                         if isinstance(s, Mapping) and s.get("substance")})
    substance_letter = letters(substances, taken, upper=False)

    cells: dict[tuple[int, int], Text] = {}
    for key, square in squares.items():
        if isinstance(square, Mapping) and square.get("substance"):
            cells[parse_key(key)] = Text(substance_letter[str(square["substance"])], style="dim")
    for thing in entities.values():
        where = as_square(thing.get("location")) if isinstance(thing, Mapping) else None
        if where is not None:
            cells[where] = Text(kind_letter[str(thing.get("kind"))], style="cyan")
    limbo = []
    for name, record in players.items():
        where = as_square(record.get("location"))
        if where is None:
            limbo.append(name)
        else:
            cells[where] = Text(player_letter[name], style="bold")

    console.print(Text(f"Grid ({width} by {height}, (1, 1) in the lower left)", style="bold"))
    for y in range(height, 0, -1):
        row = Text(f"{y:>3} ")
        for x in range(1, width + 1):
            row.append_text(cells.get((x, y), Text(EMPTY, style="dim")))
            row.append(" ")
        console.print(row)
    axis = Text("    ")
    for x in range(1, width + 1):
        axis.append(f"{x % 10} ")  # the last digit: two digits would not fit a column
    console.print(axis)
    legend = [f"{letter} {name}" for name, letter in player_letter.items()]
    legend += [f"{letter} {kind}" for kind, letter in kind_letter.items()]
    legend += [f"{letter} {substance} (ground)" for substance, letter in substance_letter.items()]
    if legend:
        # No-break spaces inside an entry: a line of the legend breaks between entries.
        console.print(Text("  ".join(e.replace(" ", "\u00a0") for e in legend)),
                      soft_wrap=False)
    if limbo:
        console.print(Text("in Limbo: " + ", ".join(limbo)), soft_wrap=False)
