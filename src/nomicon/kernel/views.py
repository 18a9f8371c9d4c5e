"""What each viewer may see of the state and of the log.

The admin sees everything. A player sees the public state plus their own secrets;
an observer sees the public state. Visibility is declared where attributes are
declared (:class:`~nomicon.kernel.rules.Attribute`), where prompts are opened, and
where events are emitted (``to=``); rules can narrow a view further with
``Rule.present``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

# Performance: views are copied for every request; copy_tree is a JSON-only deepcopy.
from nomicon.kernel.state import copy_tree

if TYPE_CHECKING:
    from nomicon.kernel.engine import Game
    from nomicon.kernel.ruleset import Ruleset

ADMIN = "admin"
ENGINE_ONLY = ("timers",)


def view(game: Game, viewer: str) -> dict[str, Any]:
    """What ``viewer`` may see of the game now, under the rules in force."""
    return view_of(game.state.root, game.ruleset, viewer)


def hypothetical_view(root: dict[str, Any], viewer: str,
                      rulesets: Sequence[Ruleset]) -> dict[str, Any]:
    """What ``viewer`` may see of a state that is not the game's (the state after an
    amendment, in a preview): only what every one of ``rulesets`` shows them.

    Every hypothetical is viewed under the rules in force now as well as its own: an
    amendment that repeals the rule hiding something, or enacts one that shows it,
    must not show it before it passes. A part two rulesets show differently (one
    rule's presentation of a hidden thing) is left out. The admin sees all anyway.
    """
    if not rulesets:
        raise ValueError("a hypothetical view needs at least one ruleset")
    if viewer == ADMIN:
        return view_of(root, rulesets[-1], viewer)
    shown = view_of(root, rulesets[0], viewer)
    for ruleset in rulesets[1:]:
        shown = _common(shown, view_of(root, ruleset, viewer))
    return shown


def hides_anything(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` keeps anything of the state from some viewer: an attribute
    that is not public, or a rule that narrows views."""
    return bool(ruleset.presenters) or any(
        attribute.visibility != "public"
        for attrs in ruleset.attributes.values() for _rule, attribute in attrs.values())


_ABSENT: Any = object()


def _common(one: Any, other: Any) -> Any:
    """What two views of the same state both show, equal; _ABSENT where they differ."""
    if isinstance(one, dict) and isinstance(other, dict):
        out = {}
        for key, value in one.items():
            if key in other:
                both = _common(value, other[key])
                if both is not _ABSENT:
                    out[key] = both
        return out
    return one if one == other else _ABSENT


def view_of(root: dict[str, Any], ruleset: Ruleset, viewer: str) -> dict[str, Any]:
    """What ``viewer`` may see of the state ``root`` under ``ruleset``."""
    admin = viewer == ADMIN
    out: dict[str, Any] = {}
    for key, value in root.items():
        if key in ENGINE_ONLY and not admin:
            continue
        if key in ("players", "rules", "prompts", "dice", "game"):
            continue
        out[key] = copy_tree(value)
    game_part = dict(root["game"])
    game_part.pop("next_prompt", None)
    game_part.pop("next_rid", None)
    epochs = root["dice"]["epochs"]
    game_part["seed_commitment"] = epochs[-1]["commitment"]
    out["game"] = game_part
    out["dice"] = {"count": root["dice"]["count"], "epochs": copy_tree(epochs)}

    hidden: dict[str, str] = {
        name: attribute.visibility
        for name, (_rule, attribute) in ruleset.attributes.get("player", {}).items()
        if attribute.visibility != "public"
    }
    players: dict[str, Any] = {}
    accounts = root.get("accounts", {})
    for name, record in root.get("players", {}).items():
        shown = {}
        for attr, value in record.items():
            visibility = hidden.get(attr, "public")
            if visibility == "admin" and not admin:
                continue
            if visibility == "owner" and not (admin or viewer == name):
                continue
            shown[attr] = copy_tree(value)
        for currency, amount in accounts.get(name, {}).items():
            shown.setdefault(currency, amount)
        players[name] = shown
    out["players"] = players

    out["rules"] = {
        number: {
            "number": entry["number"],
            "title": entry["title"],
            "text": entry["text"],
            "class": entry["class"],
            "params": copy_tree(entry.get("params", {})),
            "interpretations": copy_tree(entry.get("interpretations", [])),
            "version": len(entry.get("history", [])),
        }
        for number, entry in root.get("rules", {}).items()
    }
    out["prompts"] = [
        copy_tree(p) for p in root.get("prompts", [])
        if admin or p["to"] == viewer or p.get("public", True)
    ]
    for rule in ruleset.presenters:
        rule.present(out, viewer)
    return out


def can_see(event: dict[str, Any], viewer: str) -> bool:
    to = event.get("to")
    return to is None or viewer == ADMIN or viewer in to


def log_view(game: Game, viewer: str, after: int = 0) -> list[dict[str, Any]]:
    """The log as ``viewer`` may read it: only events they may see, and (for all but
    the admin) without the raw state ops, which may touch hidden values."""
    out = []
    admin = viewer == ADMIN
    # Seqs run 1, 2, ... without gaps, so the events after ``after`` start at that
    # position: a slice reads only them (a stored game's log is loaded lazily).
    for event in game.log[max(after, 0):]:
        if not can_see(event, viewer):
            continue
        if admin:
            out.append(copy_tree(event))
        else:
            out.append({k: copy_tree(v) for k, v in event.items() if k not in ("ops",)})
    return out
