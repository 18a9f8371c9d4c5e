"""Charts of each player's scores and balances over time.

The numbers come from the series the store keeps as the game goes
(:mod:`nomicon.series`): for each of a sample of moments (ends of batches spread over
the log), each measure as the viewer could see it then, so a chart never shows a
secret of someone else's, and costs the same at event 50,000 as at event 500. A game
whose series was not kept from its start (stored before it was kept, imported,
continued after a revert) is charted the old way, by folding its log and looking at
the viewer's own views of sampled moments (:func:`folded`).
The figures are built with plotly and drawn in the page by plotly.js, which the
server serves from the plotly package itself (no CDN).
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from nomicon.kernel.engine import Game
from nomicon.kernel.state import apply_op
from nomicon.series import POSITIONAL, number
from nomicon.server.svg.parts import player_colours
from nomicon.store import Store

#: At most this many moments are charted; they are spread over the whole log.
SAMPLES = 120


@dataclass
class Series:
    """Values of one measure (a currency or a numeric attribute) for each player."""

    measure: str
    currency: bool
    times: list[str] = field(default_factory=list)
    values: dict[str, list[float | None]] = field(default_factory=dict)


def plotly_js() -> Path:
    """The plotly.js bundle that ships inside the plotly package."""
    return Path(str(resources.files("plotly") / "package_data" / "plotly.min.js"))


def series(store: Store, game: Game, viewer: str, samples: int = SAMPLES) -> list[Series]:
    """Every numeric measure of the players over time, as ``viewer`` saw it."""
    kept = store.chart(game.id, viewer, samples)
    if kept is None:
        return folded(game, viewer, samples)
    found: dict[str, Series] = {}
    for (player, measure), values in sorted(kept.values.items()):
        entry = found.setdefault(measure, Series(measure, kept.currency.get(measure, False),
                                                 times=list(kept.times)))
        entry.values[player] = values
    return _charted(found)


def _charted(found: dict[str, Series]) -> list[Series]:
    # Balances are always charted; other numbers only once they have moved.
    kept = [s for s in found.values() if s.currency or len(
        {v for values in s.values.values() for v in values if v is not None}) > 1]
    return sorted(kept, key=lambda s: (not s.currency, s.measure))


def folded(game: Game, viewer: str, samples: int = SAMPLES) -> list[Series]:
    """Every numeric measure of the players over time, as ``viewer`` saw it, from the
    viewer's views of the game folded from its whole log (costs the log's length)."""
    ends = [i for i, event in enumerate(game.log)
            if i + 1 == len(game.log) or game.log[i + 1].get("batch") != event.get("batch")]
    if len(ends) > samples:
        step = len(ends) / samples
        picked = sorted({ends[min(len(ends) - 1, int(k * step))] for k in range(samples)})
        ends = sorted({*picked, ends[-1]})
    root: dict[str, Any] = {}
    moments: list[tuple[str, dict[str, Any]]] = []
    wanted = iter(ends)
    target = next(wanted, None)
    for i, event in enumerate(game.log):
        for op in event.get("ops", ()):
            apply_op(root, op)
        if i == target:
            shown = Game(game.pack, root, registry=game.registry, secret=b"").view(viewer)
            moments.append((str(event.get("time", "")), shown))
            target = next(wanted, None)
    found: dict[str, Series] = {}
    for k, (_time, shown) in enumerate(moments):
        currencies = set()
        for balances in (shown.get("accounts") or {}).values():
            currencies.update(balances)
        for player, record in (shown.get("players") or {}).items():
            for measure, value in record.items():
                amount = number(value)
                if amount is None or measure in POSITIONAL:
                    continue
                entry = found.setdefault(measure, Series(measure, measure in currencies))
                entry.values.setdefault(player, [None] * len(moments))[k] = amount
    for entry in found.values():
        entry.times = [time for time, _ in moments]
    return _charted(found)


def figures(found: list[Series], players: list[str] | None = None) -> list[dict[str, Any]]:
    """A plotly figure (as JSON-ready data) for each measure; ``players`` in the order
    whose colours the board's pieces use."""
    go = importlib.import_module("plotly.graph_objects")  # a heavy import, needed only here

    colours = player_colours(players or [])
    out = []
    for entry in found:
        figure = go.Figure()
        for player, values in entry.values.items():
            line = {"shape": "hv", **({"color": colours[player]} if player in colours else {})}
            figure.add_trace(go.Scatter(x=entry.times, y=values, name=player,
                                        mode="lines+markers", line=line, connectgaps=False))
        kind = "balance" if entry.currency else "score"
        figure.update_layout(
            title={"text": f"{entry.measure} ({kind})"}, height=300,
            margin={"l": 40, "r": 10, "t": 40, "b": 40},
            legend={"orientation": "h", "y": -0.25}, xaxis={"type": "date"},
            font={"family": "system-ui, sans-serif"})
        out.append({"measure": entry.measure, "currency": entry.currency,
                    "figure": json.loads(figure.to_json())})
    return out


def as_script_json(value: Any) -> str:
    """JSON that is safe inside a ``<script type="application/json">`` element."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")
