"""A ring board (Infinite Nomic): numbered spaces around a circle.

Space 1 is at the top and the numbers increase clockwise, as a player advances.
Each space shows its number; its features are named beside it (abbreviated when the
ring is crowded, with the full names on hover); players' pieces stand inside the
ring at their space, and players off the ring (Jail, Gulag) wait in the middle.
Linked spaces (snakes and ladders) are joined by a line across the ring.
"""

from __future__ import annotations

import math
from typing import Any

from nomicon.server.svg.parts import (
    attr,
    describe,
    feature_colour,
    feature_type,
    features_of,
    frame,
    placeholder,
    player_colours,
    spaces_of,
    text,
    token,
    where_players_are,
)

# Above this many spaces, feature names are abbreviated and only every few spaces'
# numbers are written.
CROWDED = 40
_PAIR_STYLE = {"Snake": ("#2e7d32", "8 5"), "Ladder": ("#8d6e63", "")}


def draw(view: dict[str, Any], viewer: str) -> str:
    spaces = spaces_of(view)
    if not spaces:
        return placeholder("ring", "The board has no spaces yet.")
    count = len(spaces)
    crowded = count > CROWDED
    gap = 44.0 if not crowded else max(6.0, 2600.0 / count)
    radius = max(170.0, gap * count / (2 * math.pi))
    r_space = min(18.0, gap * 0.42)
    longest = max((len(f) for _, space in spaces for f in features_of(space)), default=0)
    margin = 40.0 + (min(longest, 16) * 7.0 if not crowded else 30.0)
    size = 2 * (radius + margin)
    cx = cy = size / 2
    index = {number: i for i, (number, _) in enumerate(spaces)}

    def at(i: float, dist: float) -> tuple[float, float]:
        angle = -math.pi / 2 + 2 * math.pi * i / count
        return cx + dist * math.cos(angle), cy + dist * math.sin(angle)

    body: list[str] = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="none" stroke="#bbb" '
        'stroke-width="2"/>']
    body += _pairs(view, index, at, radius - r_space - 4)
    on, off = where_players_are(view)
    colours = player_colours(view.get("players") or {})
    label_every = 1 if not crowded else max(1, round(count / 40))
    for i, (number, space) in enumerate(spaces):
        x, y = at(i, radius)
        features = features_of(space)
        fill = feature_colour(features[0]) if features else "#ffffff"
        names = ", ".join(features) if features else "no features"
        body.append(f'<g class="space" data-space="{number}"><title>Space {number}: '
                    f'{text(names)}</title><circle cx="{x:.1f}" cy="{y:.1f}" '
                    f'r="{r_space:.1f}" fill="{fill}" stroke="#333" stroke-width="1.2"/>')
        if not crowded or i % label_every == 0 or features or number in on:
            font = r_space * (0.9 if number < 100 else 0.7)
            body.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" '
                        'text-anchor="middle" dominant-baseline="central">'
                        f'{number}</text>')
        body.append("</g>")
        body += _feature_labels(features, i, count, at, radius + r_space + 6, crowded)
        for k, name in enumerate(on.get(number, [])):
            tx, ty = at(i, radius - r_space - 14 - k * 24)
            body.append(token(tx, ty, 11, name, colours.get(name, "#555"), mine=name == viewer))
    body += _elsewhere(off, colours, viewer, cx, cy)
    title = f"The board: {count} spaces in a ring"
    return frame(size, size, title, describe(view, count), body, "ring")


def _feature_labels(features: list[str], i: int, count: int, at: Any, dist: float,
                    crowded: bool) -> list[str]:
    # Labels on the right half of the ring read outwards to the right, on the left
    # half to the left, and at the top and bottom they are centred.
    degrees = (360 * i / count) % 360  # clockwise from the top
    anchor = "start" if 15 < degrees < 165 else "end" if 195 < degrees < 345 else "middle"
    out = []
    for k, name in enumerate(features):
        x, y = at(i, dist + k * (14 if crowded else 16))
        shown = name if not crowded else feature_type(name)[:3]
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{10 if crowded else 12}" '
                   f'class="feature" text-anchor="{anchor}" dominant-baseline="central">'
                   f'<title>{text(name)}</title>{text(shown)}</text>')
    return out


def _pairs(view: dict[str, Any], index: dict[int, int], at: Any, dist: float) -> list[str]:
    out = []
    pairs = (view.get("board") or {}).get("pairs") or {}
    for number, pair in sorted(pairs.items(), key=lambda kv: str(kv[0])):
        if not isinstance(pair, dict):
            continue
        ends = pair.get("spaces") or []
        if len(ends) != 2 or any(e not in index for e in ends):
            continue
        kind = str(pair.get("type", "Link"))
        colour, dash = _PAIR_STYLE.get(kind, ("#555", "2 3"))
        (x1, y1), (x2, y2) = at(index[ends[0]], dist), at(index[ends[1]], dist)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="pair"><title>{text(kind)} {text(number)}: spaces {ends[0]} and '
                   f'{ends[1]}</title><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                   f'y2="{y2:.1f}" stroke="{colour}" stroke-width="3"{dashes} '
                   f'stroke-linecap="round" opacity="0.75"/></g>')
    return out


def _elsewhere(off: dict[str, list[str]], colours: dict[str, str], viewer: str,
               cx: float, cy: float) -> list[str]:
    """Boxes in the middle of the ring for players who are on no space."""
    out = []
    width, height = 150.0, 52.0
    top = cy - (len(off) * (height + 10)) / 2
    for k, (place, names) in enumerate(sorted(off.items())):
        y = top + k * (height + 10)
        out.append(f'<g class="place" data-place={attr(place)}><title>{text(place)}: '
                   f'{text(", ".join(names))}</title>'
                   f'<rect x="{cx - width / 2:.1f}" y="{y:.1f}" width="{width}" '
                   f'height="{height}" rx="6" fill="#eee" stroke="#666"/>'
                   f'<text x="{cx - width / 2 + 8:.1f}" y="{y + 16:.1f}" font-size="13" '
                   f'font-weight="bold">{text(place)}</text></g>')
        for j, name in enumerate(names[:5]):
            out.append(token(cx - width / 2 + 20 + j * 26, y + 36, 10, name,
                             colours.get(name, "#555"), mine=name == viewer))
    return out
