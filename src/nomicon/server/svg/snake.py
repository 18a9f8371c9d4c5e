"""A snake board (Nomopoly's numbered 2-D layout): numbered squares in rows of ten,
each row running the other way from the one before, so consecutive spaces touch.

No installed pack uses this layout yet; it draws any view whose board has numbered
``spaces`` the way the ring does, so a Nomopoly pack can use it as it is or replace
it with its exact layout.
"""

from __future__ import annotations

from typing import Any

from nomicon.server.svg.parts import (
    abbreviation,
    describe,
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

ROW = 10
CELL = 64.0
MARGIN = 12.0


def draw(view: dict[str, Any], viewer: str) -> str:
    spaces = spaces_of(view)
    if not spaces:
        return placeholder("snake", "The board has no spaces yet.")
    rows = (len(spaces) + ROW - 1) // ROW
    on, off = where_players_are(view)
    colours = player_colours(view.get("players") or {})
    body: list[str] = []
    for i, (number, space) in enumerate(spaces):
        row, col = divmod(i, ROW)
        if row % 2:
            col = ROW - 1 - col
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        features = features_of(space)
        fill = feature_colour(features[0]) if features else "#ffffff"
        names = ", ".join(features) if features else "no features"
        body.append(f'<g class="space" data-space="{number}"><title>Space {number}: '
                    f'{text(names)}</title><rect x="{x:.1f}" y="{y:.1f}" width="{CELL - 4}" '
                    f'height="{CELL - 4}" rx="4" fill="{fill}" stroke="#333"/>'
                    f'<text x="{x + 5:.1f}" y="{y + 14:.1f}" font-size="12" '
                    f'font-weight="bold">{number}</text>')
        if features:
            shown = " ".join(abbreviation(f) for f in features)
            body.append(f'<text x="{x + CELL - 8:.1f}" y="{y + 14:.1f}" font-size="10" '
                        f'text-anchor="end" class="feature">{text(shown)}</text>')
        body.append("</g>")
        for k, name in enumerate(on.get(number, [])[:4]):
            body.append(token(x + 14 + k * 14, y + CELL - 18, 9, name,
                              colours.get(name, "#555"), mine=name == viewer))
    height = MARGIN * 2 + rows * CELL
    y = height
    for place, waiting in sorted(off.items()):
        body.append(f'<text x="{MARGIN}" y="{y + 16:.1f}" font-size="13" font-weight="bold">'
                    f'{text(place)}</text>')
        for k, name in enumerate(waiting):
            body.append(token(MARGIN + 90 + k * 26, y + 12, 10, name,
                              colours.get(name, "#555"), mine=name == viewer))
        y += 30
    return frame(MARGIN * 2 + ROW * CELL, y + (8 if off else 0),
                 f"The board: {len(spaces)} spaces", describe(view, len(spaces)), body, "snake")
