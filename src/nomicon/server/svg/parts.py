"""What every board drawing shares: colours, escaping, tokens and the SVG frame.

Drawings are built from a viewer's view only, so they show what that viewer may see
and nothing else. Every element that carries meaning has a text equivalent: a
``<title>`` (shown on hover, read by screen readers) and the page's tables.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

# Colour-blind-safe (Okabe-Ito) hues first, then more.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                  "#000000", "#7F3C8D", "#11A579", "#3969AC", "#F2B701", "#E73F74")
FEATURE_COLOURS = ("#fde0c5", "#d4e9f7", "#dff2d8", "#f6d5e5", "#fff3c4", "#e3dcf2",
                   "#d9f0ef", "#f4dcd6")
_SUFFIX = re.compile(r"(\s*\(.*\)|\s+\d+[A-Za-z]?)$")


def text(value: Any) -> str:
    return escape(str(value))


def attr(value: Any) -> str:
    return quoteattr(str(value))


def feature_type(name: str) -> str:
    """``Snake 1U`` -> ``Snake``; ``House (alice)`` -> ``House``; ``Cop Car`` stays."""
    previous = None
    while previous != name:
        previous, name = name, _SUFFIX.sub("", name)
    return name or previous or ""


def feature_colour(name: str) -> str:
    digest = hashlib.sha256(feature_type(name).encode()).digest()
    return FEATURE_COLOURS[digest[0] % len(FEATURE_COLOURS)]


def player_colours(players: Iterable[str]) -> dict[str, str]:
    return {name: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, name in enumerate(players)}


def initials(name: str) -> str:
    return name[:2].capitalize()


def abbreviation(name: str) -> str:
    """A feature's short label for crowded boards: ``Cop Car`` -> ``CC``."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    return "".join(w[0].upper() if not w.isdigit() else w for w in words)[:4] or name[:3]


def spaces_of(view: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The board's numbered spaces in order, with what each holds."""
    spaces = (view.get("board") or {}).get("spaces") or {}
    out = []
    for key, value in spaces.items():
        if str(key).lstrip("-").isdigit():
            out.append((int(key), value if isinstance(value, dict) else {"value": value}))
    return sorted(out, key=lambda kv: kv[0])


def features_of(space: dict[str, Any]) -> list[str]:
    found = space.get("features")
    return [str(f) for f in found] if isinstance(found, list) else []


def where_players_are(view: dict[str, Any]) -> tuple[dict[int, list[str]], dict[str, list[str]]]:
    """Players on numbered spaces, and players elsewhere (Jail, Gulag...) by place."""
    on: dict[int, list[str]] = {}
    off: dict[str, list[str]] = {}
    for name, record in (view.get("players") or {}).items():
        where = record.get("location") if isinstance(record, dict) else None
        if isinstance(where, int) and not isinstance(where, bool):
            on.setdefault(where, []).append(name)
        elif where is not None:
            off.setdefault(str(where), []).append(name)
    return on, off


def token(x: float, y: float, r: float, name: str, colour: str, *, mine: bool) -> str:
    """A player's piece: a disc in their colour with their initials."""
    stroke = ' stroke="#111" stroke-width="3"' if mine else ' stroke="#fff" stroke-width="1.5"'
    return (f'<g class="token" data-player={attr(name)}><title>{text(name)}'
            f'{" (you)" if mine else ""}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"{stroke}/>'
            f'<text x="{x:.1f}" y="{y:.1f}" class="token-label" font-size="{r * 0.95:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" fill="#fff">'
            f'{text(initials(name))}</text></g>')


def frame(width: float, height: float, title: str, desc: str, body: Iterable[str],
          kind: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board board-{kind}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            f'aria-labelledby="board-title board-desc" font-family="sans-serif">'
            f'<title id="board-title">{text(title)}</title><desc id="board-desc">{text(desc)}'
            f'</desc>{"".join(body)}</svg>')


def describe(view: dict[str, Any], count: int) -> str:
    on, off = where_players_are(view)
    parts = [f"{', '.join(names)} on space {n}" for n, names in sorted(on.items())]
    parts += [f"{', '.join(names)} in {place}" for place, names in sorted(off.items())]
    return f"{count} spaces. " + ("; ".join(parts) + "." if parts else "No pieces yet.")


def placeholder(kind: str, message: str) -> str:
    """A drawing that says why there is no proper drawing."""
    return frame(480, 160, f"The {kind} board", message, [
        '<rect x="1" y="1" width="478" height="158" rx="8" fill="#f6f6f6" stroke="#999" '
        'stroke-dasharray="6 4"/>',
        f'<text x="240" y="70" text-anchor="middle" font-size="18">The {text(kind)} board'
        '</text>',
        f'<text x="240" y="100" text-anchor="middle" font-size="13" fill="#444">'
        f'{text(message)}</text>'], kind)
