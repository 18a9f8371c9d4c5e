"""The "How to play" page of a game, for any pack: what the game is (the pack's title,
description and optional ``how_to_play`` text, and the rule that says how to win when
the pack names it), what the viewer can do now (their legal actions in words, grouped
by rule, each with a link to the page that has its form), what happens next and when
(the deadlines that apply to the viewer), and where to read the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nomicon import deadlines
from nomicon.kernel.engine import Game
from nomicon.server import access, market_pages, unit_pages
from nomicon.server.access import Seat

# The actions whose forms are on the proposals page and on the prompts page; any
# other is on a pack's page that names it, on the market's page, or on the board.
_PROPOSALS = ("propose", "vote", "retract")
_PROMPTS = ("choose", "choose-many")


@dataclass(frozen=True)
class Action:
    """One thing the viewer can do now, in words, and where its form is."""

    name: str
    title: str
    doc: str
    link: str
    on_turn: bool


@dataclass
class RuleGroup:
    """The viewer's actions that one rule allows."""

    rule: str
    actions: list[Action] = field(default_factory=list)


def context(seat: Seat, game: Game, view: Mapping[str, Any], *, zone: str) -> dict[str, Any]:
    """What the page shows to ``seat``, read from the game and the viewer's ``view``."""
    pack = game.pack
    rules = view.get("rules") or {}
    return {"pack_title": pack.title, "pack_description": pack.description,
            "how_to_play": pack.how_to_play, "winning": winning_rule(rules, pack.winning_rule),
            "groups": groups(game, seat), "rule_count": len(rules),
            "pack_pages": [(page.slug, page.title) for page in pack.pages],
            "zone": zone, "deadlines": deadlines.deadlines(game.state.root, seat.viewer)}


def winning_rule(rules: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """The rule in force whose class has key ``key`` (None: no key, or repealed)."""
    if not key:
        return None
    found = [entry for entry in rules.values() if isinstance(entry, Mapping)
             and str(entry.get("class", "")).rsplit("/", 1)[-1] == key]
    return min(found, key=lambda entry: int(entry["number"])) if found else None


def groups(game: Game, seat: Seat) -> list[RuleGroup]:
    """The viewer's legal actions, grouped by the rule that allows them, the groups in
    the order of their first action (the actions of the viewer's turn first)."""
    entries = sorted(access.legal(game, seat), key=lambda e: not e.get("on_turn", False))
    where = _form_places(game)
    found: dict[str, RuleGroup] = {}
    seen: set[tuple[str, str]] = set()
    for entry in entries:
        rule = str(entry.get("rule") or "")
        # One action offered several times (a command to each of the viewer's units)
        # is said once: the page says what can be done, the forms say to what.
        if (rule, entry["name"]) in seen:
            continue
        seen.add((rule, entry["name"]))
        name = str(entry["name"])
        found.setdefault(rule, RuleGroup(rule)).actions.append(Action(
            name=name, title=name.replace("-", " ").capitalize(),
            doc=str(entry.get("doc") or ""), link=_link(game.id, name, where),
            on_turn=bool(entry.get("on_turn", False))))
    return list(found.values())


def _form_places(game: Game) -> dict[str, str]:
    """The page (its path under the game) that shows each action's form, for the
    actions not on the board."""
    places = dict.fromkeys(_PROPOSALS, "proposals") | dict.fromkeys(_PROMPTS, "prompts")
    if market_pages.market_of(game.ruleset.rules) is not None:
        places |= dict.fromkeys(market_pages.ACTIONS, "market")
    for page in reversed(game.pack.pages):  # the first page that names an action wins
        places |= {name: f"pages/{page.slug}" for name in page.actions}
    return places


def _link(game_id: str, name: str, where: Mapping[str, str]) -> str:
    page = where.get(name)
    if page == "prompts":
        return f"/games/{game_id}/prompts"
    anchor = "" if name == unit_pages.COMMAND else f"#action-{name}"
    return f"/games/{game_id}{'/' + page if page else ''}{anchor}"
