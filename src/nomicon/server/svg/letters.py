"""A grid of Letters (Ackanomic's Single Capture Go): N by N squares, rows ``a``, ``b``...
from the top and columns ``1`` to ``N``, each empty, holding a player's Letter (in
the player's colour) or an ``@``.

Drawn from the view's ``scgo`` part: ``size``, ``grid`` (square -> Letter or ``@``),
``letters`` (player -> Letter) and ``remaining``. The viewer's own sealed play of the
round, which only their view holds (``players.<viewer>.play``), is outlined with a
dashed square; nobody else's is drawn, because no other view holds it.
"""

from __future__ import annotations

import string
from typing import Any

from nomicon.server.svg.parts import attr, frame, placeholder, player_colours, text

CELL = 36.0
MARGIN = 26.0  # room for the row letters and column numbers
LEGEND = 190.0
DOOMED = "#8a8a8a"


def draw(view: dict[str, Any], viewer: str) -> str:
    game = view.get("scgo") or {}
    size = game.get("size")
    if not isinstance(size, int) or not 0 < size <= 26:
        return placeholder("letters", "The game has not begun: there is no grid yet.")
    grid: dict[str, str] = game.get("grid") or {}
    letters: dict[str, str] = game.get("letters") or {}
    owner = {letter: player for player, letter in letters.items()}
    colours = player_colours(letters)
    remaining = set(game.get("remaining") or [])
    mine = ((view.get("players") or {}).get(viewer) or {}).get("play")
    body: list[str] = []
    for row in range(1, size + 1):
        y = MARGIN + (row - 1) * CELL
        body.append(f'<text x="{MARGIN / 2:.1f}" y="{y + CELL / 2:.1f}" font-size="13" '
                    f'text-anchor="middle" dominant-baseline="central">'
                    f'{string.ascii_lowercase[row - 1]}</text>')
        for column in range(1, size + 1):
            x = MARGIN + (column - 1) * CELL
            square = f"{string.ascii_lowercase[row - 1]}{column}"
            held = grid.get(square)
            body.append(_square(square, held, owner, colours, x, y, mine == square))
    for column in range(1, size + 1):
        x = MARGIN + (column - 0.5) * CELL
        body.append(f'<text x="{x:.1f}" y="{MARGIN / 2:.1f}" font-size="13" '
                    f'text-anchor="middle" dominant-baseline="central">{column}</text>')
    legend_x = MARGIN * 1.5 + size * CELL
    for n, (player, letter) in enumerate(letters.items()):
        y = MARGIN + n * 22
        state = "" if player in remaining else " (doomed)"
        body.append(f'<g class="legend" data-player={attr(player)}>'
                    f'<rect x="{legend_x:.1f}" y="{y:.1f}" width="16" height="16" '
                    f'fill="{colours[player]}"/><text x="{legend_x + 22:.1f}" y="{y + 12:.1f}" '
                    f'font-size="13">{text(letter)}: {text(player)}{state}</text></g>')
    width = legend_x + LEGEND
    height = MARGIN * 1.5 + size * CELL
    return frame(width, height, f"Single Capture Go: a {size} by {size} grid",
                 _describe(grid, owner, size), body, "letters")


def _square(square: str, held: str | None, owner: dict[str, str], colours: dict[str, str],
            x: float, y: float, mine: bool) -> str:
    if held is None:
        fill, label, who = "#f7f3e8", "", "empty"
    elif held == "@":
        fill, label, who = DOOMED, "@", "@"
    else:
        player = owner.get(held, "")
        fill, label, who = colours.get(player, DOOMED), held, f"{held} ({player})"
    outline = (f'<rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{CELL - 8:.1f}" '
               f'height="{CELL - 8:.1f}" fill="none" stroke="#111" stroke-width="2" '
               f'stroke-dasharray="4 3"/>' if mine else "")
    title = f"{square}: {who}" + (" (your play this round)" if mine else "")
    return (f'<g class="square" data-square={attr(square)} data-held={attr(held or "")}>'
            f'<title>{text(title)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL:.1f}" height="{CELL:.1f}" '
            f'fill="{fill}" stroke="#555" stroke-width="1"/>{outline}'
            f'<text x="{x + CELL / 2:.1f}" y="{y + CELL / 2:.1f}" font-size="18" '
            f'font-weight="bold" text-anchor="middle" dominant-baseline="central" '
            f'fill="#fff">{text(label)}</text></g>')


def _describe(grid: dict[str, str], owner: dict[str, str], size: int) -> str:
    held: dict[str, list[str]] = {}
    for square, letter in sorted(grid.items()):
        held.setdefault(letter, []).append(square)
    parts = [f"{letter} ({owner.get(letter, 'nobody')}) on {', '.join(squares)}"
             for letter, squares in held.items() if letter != "@"]
    if "@" in held:
        parts.append(f"@ on {', '.join(held['@'])}")
    return f"{size * size} squares. " + ("; ".join(parts) + "." if parts else "All empty.")
