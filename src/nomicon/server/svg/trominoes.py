"""An unbounded grid of trominoes (Ackanomic's Tromino Go): the part of the grid that
holds the round's trominoes, with a margin, each tromino's cells filled in its
player's colour and marked with its letter (capitals for the round's first player),
and No Man's Land hatched.

Drawn from the view's ``tromino`` part: ``board`` (id -> cells, player, letter),
``players``, ``scores``, ``round`` and ``first``. Everything in it is public: the
grid is what every player reposts in the text's own procedure.
"""

from __future__ import annotations

from typing import Any

from nomicon.display import counted
from nomicon.packs.ackanomic import tromino_geometry as geo
from nomicon.server.svg.parts import attr, frame, placeholder, player_colours, text

CELL = 28.0
MARGIN = 2  # empty cells drawn around the trominoes
LEGEND = 60.0
LAND = "#d9d2c3"


def draw(view: dict[str, Any], viewer: str) -> str:
    game = view.get("tromino") or {}
    players: list[str] = list(game.get("players") or [])
    if not players:
        return placeholder("trominoes", "The game has not begun: the grid is empty.")
    pieces: dict[str, tuple[geo.Piece, dict[str, Any]]] = {}
    for tid, record in (game.get("board") or {}).items():
        try:
            pieces[tid] = (geo.parse_piece(record.get("cells")), record)
        except (ValueError, AttributeError):
            continue  # a corrupted entry is left out; the tables show it
    cells = [cell for piece, _ in pieces.values() for cell in piece] or [(0, 0)]
    low_x, high_x = min(x for x, _ in cells) - MARGIN, max(x for x, _ in cells) + MARGIN
    low_y, high_y = min(y for _, y in cells) - MARGIN, max(y for _, y in cells) + MARGIN
    width, height = (high_x - low_x + 1) * CELL, (high_y - low_y + 1) * CELL
    colours = player_colours(players)

    def corner(cell: geo.Cell) -> tuple[float, float]:
        # y grows upwards on the grid and downwards in SVG.
        return (cell[0] - low_x) * CELL, LEGEND + (high_y - cell[1]) * CELL

    body = [f'<rect x="0" y="{LEGEND:.1f}" width="{width:.1f}" height="{height:.1f}" '
            f'fill="#fbfaf6" stroke="#bbb"/>']
    for x in range(low_x, high_x + 1):
        for y in range(low_y, high_y + 1):
            left, top = corner((x, y))
            body.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{CELL:.1f}" '
                        f'height="{CELL:.1f}" fill="none" stroke="#eee"/>')
    filled = {cell for piece, _ in pieces.values() for cell in piece}
    for cell in sorted(geo.no_mans_land(filled)):
        left, top = corner(cell)
        body.append(f'<rect class="no-mans-land" x="{left:.1f}" y="{top:.1f}" '
                    f'width="{CELL:.1f}" height="{CELL:.1f}" fill="{LAND}">'
                    f'<title>{text(geo.key(cell))}: No Man\'s Land</title></rect>')
    for tid, (piece, record) in sorted(pieces.items()):
        body.append(_tromino(tid, piece, record, colours, corner))
    body.append(_legend(game, players, colours, viewer))
    desc = _describe(pieces, game)
    return frame(max(width, 320.0), height + LEGEND,
                 f"Tromino Go: round {game.get('round', 0)}", desc, body, "trominoes")


def _tromino(tid: str, piece: geo.Piece, record: dict[str, Any], colours: dict[str, str],
             corner: Any) -> str:
    player, letter = str(record.get("player", "")), str(record.get("letter", "?"))
    colour = colours.get(player, "#777")
    cells = " ".join(geo.keys(piece))
    parts = [f'<g class="tromino" data-tromino={attr(tid)} data-player={attr(player)} '
             f'data-letter={attr(letter)} data-cells={attr(cells)}>'
             f'<title>{text(letter)} ({text(player)}) on {text(cells)}</title>']
    for cell in sorted(piece):
        left, top = corner(cell)
        parts.append(f'<rect x="{left + 1:.1f}" y="{top + 1:.1f}" width="{CELL - 2:.1f}" '
                     f'height="{CELL - 2:.1f}" fill="{colour}"/>'
                     f'<text x="{left + CELL / 2:.1f}" y="{top + CELL / 2:.1f}" '
                     f'font-size="15" font-weight="bold" text-anchor="middle" '
                     f'dominant-baseline="central" fill="#fff">{text(letter)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _legend(game: dict[str, Any], players: list[str], colours: dict[str, str],
            viewer: str) -> str:
    scores = game.get("scores") or {}
    first = game.get("first")
    parts = []
    for n, player in enumerate(players):
        case = "capitals" if player == first else "lower case"
        you = " (you)" if player == viewer else ""
        parts.append(f'<g class="legend" data-player={attr(player)}>'
                     f'<rect x="8" y="{8 + n * 24:.1f}" width="16" height="16" '
                     f'fill="{colours[player]}"/><text x="30" y="{20 + n * 24:.1f}" '
                     f'font-size="13">{text(player)}{text(you)}: {text(case)}, '
                     f'{text(counted(scores.get(player, 0), "Gamepoint"))}</text></g>')
    return "".join(parts)


def _describe(pieces: dict[str, tuple[geo.Piece, dict[str, Any]]], game: dict[str, Any]) -> str:
    if not pieces:
        return f"Round {game.get('round', 0)}: the grid is empty."
    shown = [f"{record.get('letter')} ({record.get('player')}) on {' '.join(geo.keys(piece))}"
             for _, (piece, record) in sorted(pieces.items())]
    return f"Round {game.get('round', 0)}: " + "; ".join(shown) + "."
