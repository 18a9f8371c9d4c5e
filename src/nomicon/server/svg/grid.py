"""A grid board (B Nomic's Grid): squares (x, y) with (1, 1) in the lower left.

Each square is drawn with its substance and its state (Wet, Frozen, Fire); Sirens'
zones are shaded (the Zone of Enchantment darker than the Zone of Almost-Total
Rapture around it); Grid Objects are small labelled glyphs by kind, explained in a
legend (the Grid Objects are the view's entities, ``entities.<id>``, on the square
their ``location`` names; one a player holds is on no square); players' pieces stand
on their squares, and players in Limbo wait in a box under the Grid. Thrown things
are drawn at their Target with a dashed ring. Only what the view holds is drawn: a
player's view shows the Bonus Boxes eir Radar reveals, and the reach of eir Radar as
a dotted outline.
"""

from __future__ import annotations

from typing import Any

from nomicon.boards.grid import Square, as_square, distance
from nomicon.server.svg.parts import attr, frame, placeholder, player_colours, text, token

CELL = 30.0
LEFT = 34.0  # room for the y labels
TOP = 12.0
BOTTOM = 30.0  # room for the x labels
LEGEND = 210.0

# kind -> (label, glyph, fill, text colour)
KINDS: dict[str, tuple[str, str, str, str]] = {
    "big-rock": ("Big Rock", "R", "#6d6d6d", "#ffffff"),
    "siren": ("Siren", "S", "#c2185b", "#ffffff"),
    "bait": ("Siren Bait", "b", "#f8bbd0", "#6a1b4d"),
    "yeti": ("Yeti", "Y", "#e3f2fd", "#0d47a1"),
    "gremlin": ("Gremlin", "g", "#2e7d32", "#ffffff"),
    "elbonian-airways": ("Elbonian Airways", "A", "#fff3c4", "#6d4c00"),
    "radar-tower": ("Radar Tower", "T", "#37474f", "#ffffff"),
    "big-stick": ("Big Stick", "/", "#8d6e63", "#ffffff"),
    "shield": ("Shield", "D", "#5c6bc0", "#ffffff"),
    "wax": ("Ball of Wax", "w", "#ffe082", "#5d4037"),
    "earwax": ("Ball of Earwax", "e", "#c0a060", "#3e2723"),
    "bonus-box": ("Bonus Box", "?", "#ffd54f", "#000000"),
}
SUBSTANCES = {"Turf": "#e6f2dc", "Earth": "#d7bf9f", "Mud": "#a1887f", "Fire": "#ff8a50"}
WET, FROZEN = "#64b5f6", "#e0f7fa"
ZOE_SHADE, ZATR_SHADE = "#e91e63", "#f48fb1"


def draw(view: dict[str, Any], viewer: str) -> str:
    board = view.get("board") or {}
    width, height = _size(board.get("width"), 20), _size(board.get("height"), 20)
    if not width or not height:
        return placeholder("grid", "The Grid has no squares.")
    objects = {oid: rec for oid, rec in (view.get("entities") or {}).items()
               if isinstance(rec, dict)}
    players = {name: rec for name, rec in (view.get("players") or {}).items()
               if isinstance(rec, dict)}
    colours = player_colours(players)
    grid_w, grid_h = width * CELL, height * CELL

    def corner(square: Square) -> tuple[float, float]:
        return LEFT + (square[0] - 1) * CELL, TOP + (height - square[1]) * CELL

    body: list[str] = [_squares(board, width, height, corner)]
    body.append(_zones(objects, width, height, corner))
    body.append(_axes(width, height, corner))
    body.append(_radar(view, viewer, width, height, corner))
    body.append(_objects(objects, width, height, corner))
    limbo, airborne = _players(body, players, colours, viewer, width, height, corner)
    body.append(_flights(objects, players, airborne, colours, viewer, width, height, corner))
    below = TOP + grid_h + BOTTOM
    limbo_h = _limbo(body, limbo, colours, viewer, below, grid_w)
    legend_h = _legend(body, objects, board, LEFT + grid_w + 16)
    total_w = LEFT + grid_w + 16 + LEGEND
    total_h = max(below + limbo_h, TOP + legend_h) + 8
    title = f"The Grid: {width} by {height} squares"
    return frame(total_w, total_h, title, _describe(view, players, width, height), body, "grid")


def _size(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and \
        0 <= value <= 200 else default


def _on(square: Square | None, width: int, height: int) -> bool:
    return square is not None and 1 <= square[0] <= width and 1 <= square[1] <= height


def _squares(board: dict[str, Any], width: int, height: int, corner: Any) -> str:
    records = board.get("squares") or {}
    out = []
    for x in range(1, width + 1):
        for y in range(1, height + 1):
            rec = records.get(f"{x},{y}")
            rec = rec if isinstance(rec, dict) else {}
            substance = str(rec.get("substance", "Turf"))
            fill = SUBSTANCES.get(substance, "#eeeeee")
            if rec.get("frozen"):
                fill = FROZEN
            left, top = corner((x, y))
            states = [substance] + [s for s in ("wet", "frozen") if rec.get(s)]
            depth = rec.get("depth", 0)
            if depth:
                states.append(f"depth {depth}")
            out.append(f'<g class="square" data-square="{x},{y}"><title>({x},{y}): '
                       f'{text(", ".join(states))}</title>'
                       f'<rect x="{left:.1f}" y="{top:.1f}" width="{CELL}" height="{CELL}" '
                       f'fill="{fill}" stroke="#b0b0b0" stroke-width="0.5"/>')
            if rec.get("wet"):
                out.append(f'<rect class="wet" x="{left + 1:.1f}" y="{top + 1:.1f}" '
                           f'width="{CELL - 2}" height="{CELL - 2}" fill="{WET}" '
                           'opacity="0.45"/>')
            if rec.get("frozen"):
                out.append(f'<path class="frozen" d="M{left + 4:.1f},{top + 4:.1f} '
                           f'L{left + CELL - 4:.1f},{top + CELL - 4:.1f} '
                           f'M{left + CELL - 4:.1f},{top + 4:.1f} L{left + 4:.1f},'
                           f'{top + CELL - 4:.1f}" stroke="#4dd0e1" stroke-width="1"/>')
            if substance == "Fire":
                out.append(f'<text class="fire" x="{left + CELL / 2:.1f}" '
                           f'y="{top + CELL - 5:.1f}" font-size="9" text-anchor="middle" '
                           'fill="#bf360c">fire</text>')
            out.append("</g>")
    return "".join(out)


def _zones(objects: dict[str, dict[str, Any]], width: int, height: int, corner: Any) -> str:
    out = []
    for oid, rec in objects.items():
        siren = as_square(rec.get("location"))
        if rec.get("kind") != "siren" or not _on(siren, width, height):
            continue
        assert siren is not None
        name = str(rec.get("name") or oid)
        for radius, shade, zone in ((2, ZATR_SHADE, "ZATR"), (1, ZOE_SHADE, "ZOE")):
            for x in range(siren[0] - radius, siren[0] + radius + 1):
                for y in range(siren[1] - radius, siren[1] + radius + 1):
                    if not _on((x, y), width, height) or distance((x, y), siren) != radius:
                        continue
                    left, top = corner((x, y))
                    out.append(f'<rect class="zone zone-{zone.lower()}" data-siren={attr(oid)} '
                               f'x="{left:.1f}" y="{top:.1f}" width="{CELL}" height="{CELL}" '
                               f'fill="{shade}" opacity="0.28"><title>{text(zone)} of '
                               f'{text(name)}</title></rect>')
    return "".join(out)


def _axes(width: int, height: int, corner: Any) -> str:
    out = ['<g class="axes" font-size="10" fill="#333">']
    for x in range(1, width + 1):
        left, top = corner((x, 1))
        out.append(f'<text x="{left + CELL / 2:.1f}" y="{top + CELL + 14:.1f}" '
                   f'text-anchor="middle">{x}</text>')
    for y in range(1, height + 1):
        left, top = corner((1, y))
        out.append(f'<text x="{left - 6:.1f}" y="{top + CELL / 2:.1f}" text-anchor="end" '
                   f'dominant-baseline="central">{y}</text>')
    out.append("</g>")
    return "".join(out)


def _radar(view: dict[str, Any], viewer: str, width: int, height: int, corner: Any) -> str:
    me = (view.get("players") or {}).get(viewer)
    if not isinstance(me, dict) or "radar" not in me:
        return ""
    from nomicon.packs.bnomic_grid.sight import radar_reach

    reach = radar_reach(view, viewer)
    here = as_square(me.get("location"))
    if reach is None or here is None:
        return ""
    low = (max(1, here[0] - reach), max(1, here[1] - reach))
    high = (min(width, here[0] + reach), min(height, here[1] + reach))
    left, top = corner((low[0], high[1]))
    w = (high[0] - low[0] + 1) * CELL
    h = (high[1] - low[1] + 1) * CELL
    return (f'<rect class="radar" x="{left:.1f}" y="{top:.1f}" width="{w:.1f}" '
            f'height="{h:.1f}" fill="none" stroke="#00838f" stroke-width="2" '
            f'stroke-dasharray="2 3"><title>Your Radar reaches {reach} squares</title></rect>')


def _glyph(x: float, y: float, size: float, kind: str, title: str, oid: str,
           *, dashed: bool = False) -> str:
    _label, glyph, fill, ink = KINDS.get(kind, (kind, kind[:1].upper() or "?", "#bdbdbd",
                                               "#000000"))
    dash = ' stroke-dasharray="2 2"' if dashed else ""
    return (f'<g class="object" data-kind={attr(kind)} data-object={attr(oid)}>'
            f'<title>{text(title)}</title><rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" rx="2" fill="{fill}" stroke="#222" stroke-width="0.6"{dash}/>'
            f'<text x="{x + size / 2:.1f}" y="{y + size / 2:.1f}" font-size="{size * 0.75:.1f}" '
            f'text-anchor="middle" dominant-baseline="central" fill="{ink}">{text(glyph)}'
            '</text></g>')


def _objects(objects: dict[str, dict[str, Any]], width: int, height: int, corner: Any) -> str:
    by_square: dict[Square, list[str]] = {}
    for oid, rec in objects.items():
        square = as_square(rec.get("location"))
        if _on(square, width, height):
            assert square is not None
            by_square.setdefault(square, []).append(oid)
    out = []
    size = CELL * 0.42
    spots = ((1.0, 1.0), (CELL - size - 1, 1.0), (1.0, CELL - size - 1),
             (CELL - size - 1, CELL - size - 1))
    for square, ids in sorted(by_square.items()):
        left, top = corner(square)
        for k, oid in enumerate(ids[:4]):
            rec = objects[oid]
            kind = str(rec.get("kind"))
            label = KINDS.get(kind, (kind,))[0]
            name = f" {rec['name']}" if rec.get("name") else ""
            extra = " (revealed by your Radar)" if rec.get("revealed_by") else ""
            title = f"{label}{name} ({oid}) at ({square[0]},{square[1]}){extra}"
            dx, dy = spots[k]
            out.append(_glyph(left + dx, top + dy, size, kind, title, oid,
                              dashed=bool(rec.get("revealed_by"))))
        if len(ids) > 4:
            out.append(f'<text x="{left + CELL / 2:.1f}" y="{top + CELL / 2:.1f}" '
                       f'font-size="8" text-anchor="middle">+{len(ids) - 4}</text>')
    return "".join(out)


def _players(body: list[str], players: dict[str, dict[str, Any]], colours: dict[str, str],
                 viewer: str, width: int, height: int,
                 corner: Any) -> tuple[list[str], list[str]]:
    """Draw the pieces on the Grid; returns the players in Limbo and those in the air."""
    limbo: list[str] = []
    airborne: list[str] = []
    on: dict[Square, list[str]] = {}
    for name, rec in players.items():
        square = as_square(rec.get("location"))
        if _on(square, width, height):
            assert square is not None
            on.setdefault(square, []).append(name)
        elif rec.get("airborne") is not None:
            airborne.append(name)
        else:
            limbo.append(name)
    for square, names in sorted(on.items()):
        left, top = corner(square)
        for k, name in enumerate(names[:3]):
            r = CELL * (0.3 if len(names) == 1 else 0.22)
            cx = left + CELL / 2 + (k - (min(len(names), 3) - 1) / 2) * r * 1.3
            body.append(token(cx, top + CELL / 2, r, name, colours.get(name, "#555"),
                              mine=name == viewer))
            status = players[name].get("status") or []
            if "Toad" in status:
                body.append(f'<text x="{cx:.1f}" y="{top + CELL - 2:.1f}" font-size="7" '
                            'text-anchor="middle" fill="#1b5e20">toad</text>')
    return limbo, airborne


def _flights(objects: dict[str, dict[str, Any]], players: dict[str, dict[str, Any]],
             airborne: list[str], colours: dict[str, str], viewer: str, width: int,
             height: int, corner: Any) -> str:
    out = []
    for oid, rec in objects.items():
        target = as_square(rec.get("airborne"))
        if _on(target, width, height):
            assert target is not None
            left, top = corner(target)
            kind = str(rec.get("kind"))
            label = KINDS.get(kind, (kind,))[0]
            out.append(f'<g class="airborne" data-object={attr(oid)}><title>{text(label)} '
                       f'({text(oid)}) in the air, coming down on ({target[0]},{target[1]})'
                       f'</title><circle cx="{left + CELL / 2:.1f}" cy="{top + CELL / 2:.1f}" '
                       f'r="{CELL * 0.45:.1f}" fill="none" stroke="#000" stroke-width="1.2" '
                       'stroke-dasharray="3 2"/></g>')
    for name in airborne:
        target = as_square(players[name].get("airborne"))
        if _on(target, width, height):
            assert target is not None
            left, top = corner(target)
            out.append(f'<g class="airborne" data-player={attr(name)}><title>{text(name)} '
                       f'(a Toad) in the air, coming down on ({target[0]},{target[1]})</title>'
                       f'<circle cx="{left + CELL / 2:.1f}" cy="{top + CELL / 2:.1f}" '
                       f'r="{CELL * 0.45:.1f}" fill="none" stroke="{colours.get(name, "#555")}" '
                       'stroke-width="2" stroke-dasharray="3 2"/></g>')
    return "".join(out)


def _limbo(body: list[str], limbo: list[str], colours: dict[str, str], viewer: str,
           top: float, grid_w: float) -> float:
    if not limbo:
        return 0.0
    height = 48.0
    body.append(f'<g class="place" data-place="Limbo"><title>Limbo: {text(", ".join(limbo))}'
                f'</title><rect x="{LEFT:.1f}" y="{top:.1f}" width="{grid_w:.1f}" '
                f'height="{height}" rx="6" fill="#eeeeee" stroke="#666"/>'
                f'<text x="{LEFT + 8:.1f}" y="{top + 15:.1f}" font-size="12" '
                'font-weight="bold">Limbo</text></g>')
    for k, name in enumerate(limbo[:int(grid_w // 26)]):
        body.append(token(LEFT + 20 + k * 26, top + 33, 10, name, colours.get(name, "#555"),
                          mine=name == viewer))
    return height + 8


def _legend(body: list[str], objects: dict[str, dict[str, Any]], board: dict[str, Any],
            left: float) -> float:
    rows: list[str] = []
    y = TOP
    kinds = sorted({str(rec.get("kind")) for rec in objects.values()},
                   key=lambda k: list(KINDS).index(k) if k in KINDS else len(KINDS))
    for kind in kinds:
        label = KINDS.get(kind, (kind,))[0]
        rows.append(_glyph(left, y, 14, kind, label, f"legend-{kind}"))
        rows.append(f'<text x="{left + 20:.1f}" y="{y + 7:.1f}" font-size="11" '
                    f'dominant-baseline="central">{text(label)}</text>')
        y += 18
    squares = [("Turf", SUBSTANCES["Turf"], ""), ("Earth", SUBSTANCES["Earth"], ""),
               ("Mud", SUBSTANCES["Mud"], ""), ("Fire", SUBSTANCES["Fire"], ""),
               ("Wet", WET, ' opacity="0.45"'), ("Frozen", FROZEN, ""),
               ("Zone of Enchantment (ZOE)", ZOE_SHADE, ' opacity="0.28"'),
               ("Zone of Almost-Total Rapture", ZATR_SHADE, ' opacity="0.28"')]
    y += 6
    for label, fill, extra in squares:
        rows.append(f'<rect x="{left:.1f}" y="{y:.1f}" width="14" height="14" fill="{fill}" '
                    f'stroke="#999"{extra}/><text x="{left + 20:.1f}" y="{y + 7:.1f}" '
                    f'font-size="11" dominant-baseline="central">{text(label)}</text>')
        y += 18
    temperature = board.get("temperature")
    nweek = board.get("nweek")
    y += 6
    for line in ([f"Temperature: {temperature} °C"] if temperature is not None else []) + \
            ([f"nweek {nweek}"] if nweek is not None else []):
        rows.append(f'<text x="{left:.1f}" y="{y + 7:.1f}" font-size="11">{text(line)}</text>')
        y += 16
    body.append('<g class="legend">' + "".join(rows) + "</g>")
    return y - TOP


def _describe(view: dict[str, Any], players: dict[str, dict[str, Any]], width: int,
              height: int) -> str:
    parts = []
    for name, rec in players.items():
        square = as_square(rec.get("location"))
        if square is not None:
            parts.append(f"{name} at ({square[0]},{square[1]})")
        elif rec.get("airborne") is not None:
            parts.append(f"{name} in the air")
        else:
            parts.append(f"{name} in Limbo")
    board = view.get("board") or {}
    extra = []
    if board.get("temperature") is not None:
        extra.append(f"temperature {board['temperature']} °C")
    if board.get("nweek") is not None:
        extra.append(f"nweek {board['nweek']}")
    return (f"{width} by {height} squares, (1,1) at the lower left. "
            + ("; ".join(parts) + "." if parts else "No players yet.")
            + (" " + _sentence(", ".join(extra)) if extra else ""))


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + "."
