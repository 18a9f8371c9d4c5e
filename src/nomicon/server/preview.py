"""Amendment previews for a viewer.

:func:`nomicon.governance.preview.preview` compares the admin's views before and
after an amendment, which may show hidden values. Rule texts are public, so its rule
summary and text diff are shown to everyone; the state changes shown to a player or
an observer are computed again from their own views, on another copy of the game.
"""

from __future__ import annotations

from typing import Any

from nomicon.governance import amendments
from nomicon.governance.preview import preview
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import InvalidRuleChange, Refusal

_IGNORED = ("rules", "game", "dice")


def preview_for(game: Game, amendment: Any, viewer: str) -> dict[str, Any]:
    """What the amendment would change, as ``viewer`` may see it (see ``preview``)."""
    shown = preview(game, amendment)
    if viewer == ADMIN or not shown["ok"]:
        return shown
    twin = game.fork()
    before = twin.view(viewer)
    try:
        with twin._transaction(twin.clock, ADMIN) as ctx:
            ctx.emit("preview", "amendment preview")
            amendments.apply(ctx, amendments.parse(amendment))
    except (InvalidRuleChange, Refusal) as exc:  # pragma: no cover - preview() said ok
        return {"ok": False, "error": str(exc)}
    after = twin.view(viewer)
    changes: list[dict[str, Any]] = []
    _compare(before, after, "", changes)
    return {**shown, "state": changes}


def _compare(before: Any, after: Any, path: str, out: list[dict[str, Any]]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys(), key=str):
            if not path and key in _IGNORED:
                continue
            sub = f"{path}.{key}" if path else str(key)
            if key not in before:
                out.append({"path": sub, "after": after[key]})
            elif key not in after:
                out.append({"path": sub, "before": before[key]})
            else:
                _compare(before[key], after[key], sub, out)
    elif before != after:
        out.append({"path": path, "before": before, "after": after})
