"""A snake board (Nomopoly's numbered 2-D layout): square 1 at the bottom left, rows
turning back at each end, so consecutive squares touch.

The width comes from the view's board (``board.columns``: a number of squares to a
row, or ``"sqrt"`` for floor(sqrt(N)); rows of ten when it says nothing), laid out by
:mod:`nomicon.boards.snake`. Each square shows its number and its features; players'
pieces and the entities that stand on a square (``entities.<id>.location``) are drawn
on it; players elsewhere (Jail) wait below the board. Like every drawing, a pure
function of what the viewer may see.

A square may also hold a ``color`` (a colour's name: the square is filled with it),
an ``owner`` and a ``name`` (written under its number), and a ``coating``, ``tree``
or ``store`` (marked in its corner); a square with none of them is drawn as before.
A board laid out in rows of floor(sqrt N) (Nomopoly II) outlines its Teams' bases
(``Layout.bases``), which that layout defines.
"""

from __future__ import annotations

from typing import Any

from nomicon.boards.numbered import layout_of
from nomicon.boards.snake import ROOT, Layout
from nomicon.server.svg.parts import (
    abbreviation,
    attr,
    feature_colour,
    features_of,
    frame,
    placeholder,
    player_colours,
    spaces_of,
    text,
    token,
    where_players_are,
)

CELL = 64.0
MARGIN = 12.0
#: Pieces and entities drawn on one square before the rest are counted as "+n".
PER_SQUARE = 4
#: The fills of the colours a square's ``color`` may name (Nomopoly II's thirteen,
#: and "fuchsia" as CSS spells it); a name not here leaves the square unfilled.
COLOURS = {
    "white": "#ffffff", "red": "#f4a3a3", "orange": "#f9c98b", "yellow": "#fbef8f",
    "green": "#a9dba0", "blue": "#a7c7ef", "indigo": "#b3a7e6", "maroon": "#c98c8c",
    "khaki": "#e6dca6", "navy": "#8f9fcf", "teal": "#8ccfc8", "lime": "#d4f58c",
    "fuschia": "#f2a3e6", "fuchsia": "#f2a3e6",
}
#: The outline of each Team's base.
BASE_COLOURS = {"North": "#0072B2", "South": "#D55E00", "East": "#009E73", "West": "#CC79A7"}
#: The marks of what a square may hold, drawn in its top right corner.
MARKS = (("coating", "C"), ("tree", "T"), ("store", "S"))


def draw(view: dict[str, Any], viewer: str) -> str:
    spaces = spaces_of(view)
    if not spaces:
        return placeholder("snake", "The board has no spaces yet.")
    try:
        layout = layout_of(view.get("board") or {})
    except ValueError:
        return placeholder("snake", "The board's layout cannot be read.")
    on, off = where_players_are(view)
    things = entities_on(view, layout)
    colours = player_colours(view.get("players") or {})
    body: list[str] = []
    if (view.get("board") or {}).get("columns") == ROOT:
        body += _bases(layout)
    for number, space in spaces:
        if not layout.exists(number):
            continue
        x, y = position(layout, number)
        body += _square(number, space, x, y)
        for k, name in enumerate(on.get(number, [])[:PER_SQUARE]):
            body.append(token(x + 14 + k * 14, y + CELL - 18, 9, name,
                              colours.get(name, "#555"), mine=name == viewer))
        body += _entities(things.get(number, []), x, y)
    height = MARGIN * 2 + layout.rows * CELL
    y = height
    for place, waiting in sorted(off.items()):
        body.append(f'<g class="place" data-place={attr(place)}><text x="{MARGIN}" '
                    f'y="{y + 16:.1f}" font-size="13" font-weight="bold">{text(place)}</text>')
        for k, name in enumerate(waiting):
            body.append(token(MARGIN + 90 + k * 26, y + 12, 10, name,
                              colours.get(name, "#555"), mine=name == viewer))
        body.append("</g>")
        y += 30
    count = len(layout.squares())
    desc = _describe(count, on, off, things)
    return frame(MARGIN * 2 + layout.width * CELL, y + (8 if off else 0),
                 f"The board: {count} squares", desc, body, "snake")


def position(layout: Layout, number: int) -> tuple[float, float]:
    """The top left corner of square ``number``'s cell: row 0 at the bottom."""
    row, column = layout.cell(number)
    return MARGIN + column * CELL, MARGIN + (layout.rows - 1 - row) * CELL


def entities_on(view: dict[str, Any], layout: Layout) -> dict[int, list[tuple[str, dict]]]:
    """The entities of the view that stand on a square, by square, in id order."""
    found: dict[int, list[tuple[str, dict]]] = {}
    for eid, record in sorted((view.get("entities") or {}).items()):
        where = record.get("location") if isinstance(record, dict) else None
        if isinstance(where, int) and layout.exists(where):
            found.setdefault(where, []).append((eid, record))
    return found


def _square(number: int, space: dict[str, Any], x: float, y: float) -> list[str]:
    features = features_of(space)
    fill = feature_colour(features[0]) if features else "#ffffff"
    colour = space.get("color")
    if isinstance(colour, str) and colour.lower() in COLOURS:
        fill = COLOURS[colour.lower()]
    names = ", ".join(features) if features else "no features"
    about = _about(space)
    out = [f'<g class="space" data-space="{number}"'
           + (f' data-color={attr(colour)}' if isinstance(colour, str) else "")
           + (f' data-owner={attr(space["owner"])}' if space.get("owner") else "")
           + f'><title>Square {number}: {text(about or names)}</title>'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL - 4}" '
           f'height="{CELL - 4}" rx="4" fill="{fill}" stroke="#333"/>'
           f'<text x="{x + 5:.1f}" y="{y + 14:.1f}" font-size="12" '
           f'font-weight="bold">{number}</text>']
    marks = [mark for key, mark in MARKS if space.get(key)]
    if features or marks:
        shown = " ".join([*(abbreviation(f) for f in features), *marks])
        out.append(f'<text x="{x + CELL - 8:.1f}" y="{y + 14:.1f}" font-size="10" '
                   f'text-anchor="end" class="feature">{text(shown)}</text>')
    for k, line in enumerate(v for v in (space.get("name"), space.get("owner")) if v):
        out.append(f'<text x="{x + 5:.1f}" y="{y + 26 + k * 10:.1f}" font-size="8" '
                   f'class="square-label">{text(str(line)[:12])}</text>')
    out.append("</g>")
    return out


def _about(space: dict[str, Any]) -> str:
    """What a square holds besides its features, in words ('' when nothing)."""
    parts = []
    if space.get("name"):
        parts.append(f"named {space['name']}")
    if space.get("color"):
        parts.append(str(space["color"]))
    parts.append(f"owned by {space['owner']}" if space.get("owner") else "")
    for key, _mark in MARKS:
        value = space.get(key)
        if value:
            parts.append(key if value is True else f"{key}: {value}")
    return ", ".join(p for p in parts if p)


def _bases(layout: Layout) -> list[str]:
    """Each Team's base outlined in the Team's colour, under the squares."""
    out = []
    for team, numbers in layout.bases().items():
        colour = BASE_COLOURS.get(team, "#555")
        out.append(f'<g class="base" data-team={attr(team)}><title>The {text(team)} '
                   f'Team\'s base: squares {text(", ".join(map(str, numbers)))}</title>')
        for number in numbers:
            x, y = position(layout, number)
            out.append(f'<rect x="{x - 2:.1f}" y="{y - 2:.1f}" width="{CELL}" '
                       f'height="{CELL}" fill="none" stroke="{colour}" stroke-width="3" '
                       'stroke-dasharray="5 3"/>')
        out.append("</g>")
    return out


def _entities(things: list[tuple[str, dict]], x: float, y: float) -> list[str]:
    """Small labelled tiles in the middle band of a square, one per entity."""
    out = []
    for k, (eid, record) in enumerate(things[:PER_SQUARE]):
        kind = str(record.get("kind") or "thing")
        label = abbreviation(str(record.get("name") or kind))
        owner = record.get("owner")
        title = f"{record.get('name') or kind} ({eid})" + (f", owned by {owner}" if owner
                                                           else "")
        left, top = x + 4 + k * 14, y + 22
        out.append(f'<g class="entity" data-entity={attr(eid)} data-kind={attr(kind)}>'
                   f'<title>{text(title)}</title><rect x="{left:.1f}" y="{top:.1f}" '
                   'width="13" height="13" rx="2" fill="#eee" stroke="#555"/>'
                   f'<text x="{left + 6.5:.1f}" y="{top + 9.5:.1f}" font-size="7" '
                   f'text-anchor="middle">{text(label[:2])}</text></g>')
    if len(things) > PER_SQUARE:
        out.append(f'<text x="{x + 4 + PER_SQUARE * 14:.1f}" y="{y + 32:.1f}" '
                   f'font-size="9">+{len(things) - PER_SQUARE}</text>')
    return out


def _describe(count: int, on: dict[int, list[str]], off: dict[str, list[str]],
              things: dict[int, list[tuple[str, dict]]]) -> str:
    """The drawing in words: who and what stands where."""
    parts = [f"{', '.join(names)} on square {n}" for n, names in sorted(on.items())]
    parts += [f"{', '.join(names)} in {place}" for place, names in sorted(off.items())]
    parts += [f"{', '.join(str(r.get('name') or r.get('kind') or eid) for eid, r in found)} "
              f"on square {number}" for number, found in sorted(things.items())]
    return f"{count} squares. " + ("; ".join(parts) + "." if parts else "No pieces yet.")
