"""Preview an amendment: apply it to a copy of the game and show what would change.

Rule texts are public, so the rule summary and the text diff are the same for every
viewer. The state changes are computed on the viewer's own views: before, the view
now; after, the hypothetical view of the state with the amendment, redacted both by
the rules in force now and by the rules with the amendment
(:func:`nomicon.kernel.views.hypothetical_view`), so that a preview shows nothing
that the rules in force hide from the viewer, whatever the amendment repeals or
enacts.
"""

from __future__ import annotations

import copy
from typing import Any

from nomicon.governance import amendments, history
from nomicon.kernel import events
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import InvalidRuleChange, Refusal
from nomicon.kernel.views import hypothetical_view

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


def preview(game: Game, amendment: Any, viewer: str = ADMIN) -> dict[str, Any]:
    """What applying ``amendment`` now would change, as ``viewer`` may see it, computed
    on a fork of the game.

    Returns ``{"ok": True, "rules": {enacted, repealed, changed}, "diff": <unified diff
    of the ruleset text>, "state": [{path, before, after}, ...]}`` or
    ``{"ok": False, "error": ...}``. The game itself is not touched.
    """
    try:
        changes = amendments.parse(amendment)
    except InvalidRuleChange as exc:
        return {"ok": False, "error": str(exc)}
    twin = game.fork()
    rules_now = twin.ruleset
    before = twin.view(viewer)
    # A deep copy: applying the amendment changes the entries' lists (rulings,
    # history) in place, and a shallow copy would see those changes as "before".
    rules_before = copy.deepcopy(twin.state.root["rules"])
    try:
        with twin._transaction(twin.clock, ADMIN) as ctx:
            ctx.emit(events.PREVIEW, "amendment preview")
            amendments.apply(ctx, changes)
    except InvalidRuleChange as exc:
        shown = exc.redacted if exc.redacted is not None and viewer != ADMIN else str(exc)
        return {"ok": False, "error": shown}
    except Refusal as exc:  # pragma: no cover - apply() turns refusals into the above
        return {"ok": False, "error": exc.reason if viewer == ADMIN else "refused"}
    except Exception as exc:  # rule code failed on this state: say so, not what it saw
        detail = f" ({type(exc).__name__}: {exc})" if viewer == ADMIN else ""
        return {"ok": False, "error": f"a rule failed while applying the amendment{detail}"}
    after = hypothetical_view(twin.state.root, viewer, [rules_now, twin.ruleset],
                              now=game.state.root)
    rules_after = twin.state.root["rules"]
    state: list[dict[str, Any]] = []
    _changes(before, after, "", state)
    return {
        "ok": True,
        "rules": history.summary(rules_before, rules_after),
        "diff": history.diff(rules_before, rules_after, labels=("now", "with the amendment")),
        "state": state,
    }
