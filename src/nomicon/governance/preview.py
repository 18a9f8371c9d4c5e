"""Preview an amendment: apply it to a copy of the game and show what would change."""

from __future__ import annotations

import copy
from typing import Any

from nomicon.governance import amendments, history
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import InvalidRuleChange, Refusal

_IGNORED = ("rules", "game", "dice")


def _changes(before: Any, after: Any, path: str, out: list[dict[str, Any]]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(before.keys() | after.keys(), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if path == "" and key in _IGNORED:
                continue
            _changes(before.get(key, _MISSING), after.get(key, _MISSING), sub, out)
    elif before != after:
        entry: dict[str, Any] = {"path": path}
        if before is not _MISSING:
            entry["before"] = before
        if after is not _MISSING:
            entry["after"] = after
        out.append(entry)


_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "(absent)"})()


def preview(game: Game, amendment: Any) -> dict[str, Any]:
    """What applying ``amendment`` now would change, computed on a fork of the game.

    Returns ``{"ok": True, "rules": {enacted, repealed, changed}, "diff": <unified diff
    of the ruleset text>, "state": [{path, before, after}, ...]}`` or
    ``{"ok": False, "error": ...}``. The game itself is not touched.
    """
    try:
        changes = amendments.parse(amendment)
    except InvalidRuleChange as exc:
        return {"ok": False, "error": str(exc)}
    twin = game.fork()
    before = twin.view(ADMIN)
    # A deep copy: applying the amendment changes the entries' lists (rulings,
    # history) in place, and a shallow copy would see those changes as "before".
    rules_before = copy.deepcopy(twin.state.root["rules"])
    try:
        with twin._transaction(twin.clock, ADMIN) as ctx:
            ctx.emit("preview", "amendment preview")
            amendments.apply(ctx, changes)
    except InvalidRuleChange as exc:
        return {"ok": False, "error": str(exc)}
    except Refusal as exc:
        return {"ok": False, "error": exc.reason}
    after = twin.view(ADMIN)
    rules_after = twin.state.root["rules"]
    state: list[dict[str, Any]] = []
    _changes(before, after, "", state)
    return {
        "ok": True,
        "rules": history.summary(rules_before, rules_after),
        "diff": history.diff(rules_before, rules_after, labels=("now", "with the amendment")),
        "state": state,
    }
