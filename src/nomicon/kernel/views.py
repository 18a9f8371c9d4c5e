"""What each viewer may see of the state and of the log.

The admin sees everything. A player sees the public state plus their own secrets
and what the roles they hold may see; an observer sees the public state. Visibility
is declared where attributes are declared (:class:`~nomicon.kernel.rules.Attribute`,
for players and for each kind of entity: ``public``, ``owner`` (for an entity, its
owner), ``admin``, ``role:<name>``, or several joined with ``+``),
where prompts are opened (:mod:`nomicon.kernel.prompts`), and where events are
emitted (``to=``, or the audience a rule gives the running action,
:mod:`nomicon.kernel.audiences`); rules can narrow a view further with
``Rule.redact``.

Roles (:mod:`nomicon.kernel.roles`) count as held *now* in views of the state, and
as held *when each event happened* in the log: an event's ``to`` lists the players
its roles named then, so reading the log needs no history of the roles.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nomicon.kernel import ledger, roles, sealed
from nomicon.kernel import prompts as asking

# Performance: views are copied for every request; copy_tree is a JSON-only deepcopy.
from nomicon.kernel.state import copy_tree

if TYPE_CHECKING:
    from nomicon.kernel.ruleset import Ruleset

ADMIN = "admin"
ENGINE_ONLY = ("timers", "index")


def hypothetical_view(root: dict[str, Any], viewer: str, rulesets: Sequence[Ruleset], *,
                      now: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What ``viewer`` may see of a state that is not the game's (the state after an
    amendment, in a preview): only what every one of ``rulesets`` shows them.

    Every hypothetical is viewed under the rules in force now as well as its own: an
    amendment that repeals the rule hiding something, or enacts one that shows it,
    must not show it before it passes. A part two rulesets show differently (one
    rule's presentation of a hidden thing) is left out. Likewise, given the game's
    state ``now``, a viewer holds a role in the hypothetical only if they hold it now
    too: an amendment that would make them referee shows them nothing the referee
    sees before it passes. The admin sees all anyway.
    """
    if not rulesets:
        raise ValueError("a hypothetical view needs at least one ruleset")
    if viewer == ADMIN:
        return view_of(root, rulesets[-1], viewer)
    held = None if now is None else _held_in_both(root, now)
    shown = view_of(root, rulesets[0], viewer, held=held)
    for ruleset in rulesets[1:]:
        shown = _common(shown, view_of(root, ruleset, viewer, held=held))
    return shown


def _held_in_both(one: Mapping[str, Any], other: Mapping[str, Any]) -> dict[str, list[str]]:
    """The roles, and their holders, that two states have in common."""
    return {name: [p for p in roles.holders(one, name) if p in roles.holders(other, name)]
            for name in (one.get(roles.TABLE) or {})}


def hides_anything(ruleset: Ruleset, root: Mapping[str, Any] | None = None) -> bool:
    """Whether ``ruleset`` keeps anything of the state from some viewer: an attribute
    that is not public, a rule that narrows views, a sealed action (whose rule keeps
    what was submitted from the others until it reveals it), or (in the state
    ``root``) a private prompt waiting for its answer."""
    return bool(ruleset.redactors) or any(
        attribute.visibility != "public"
        for attrs in ruleset.attributes.values() for _rule, attribute in attrs.values()
    ) or any(decl.sealed for decls in ruleset.actions.values() for _rule, decl in decls) or (
        root is not None and any(asking.is_private(p) for p in root.get("prompts", ())))


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


def view_of(root: dict[str, Any], ruleset: Ruleset, viewer: str,
            parts: Collection[str] | None = None, *,
            latest: int | None = None,
            held: Mapping[str, list[str]] | None = None,
            rules: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What ``viewer`` may see of the state ``root`` under ``ruleset``.

    A view is a copy, so its cost grows with the state; a page that shows a few
    parts asks for those (``parts``: top-level keys; ``game`` and ``dice`` always
    come), and one that shows the latest entries of the game's tables (trade offers,
    anything a rule keeps at the top level besides the players, rules, prompts and
    entities) asks for ``latest``: a longer table shows only its last ``latest``
    entries, after an entry saying how many earlier ones it leaves out. ``held``: who
    holds which role, for deciding what the viewer sees (default: as ``root`` says).
    ``rules``: the rules as :func:`rules_part` shows them for ``root``, worked out
    earlier (the view gets a copy of it).
    """
    admin = viewer == ADMIN
    out: dict[str, Any] = {}
    for key, value in root.items():
        if key in ENGINE_ONLY and not admin:
            continue
        if key in ("players", "rules", "prompts", "dice", "game", "entities"):
            continue
        if parts is not None and key not in parts:
            continue
        if key == sealed.STEPS:  # sealed submissions, each to its own audience
            out[key] = sealed.seen_by(value, root, viewer)
            continue
        out[key] = copy_tree(_latest(value, latest))
    game_part = dict(root["game"])
    game_part.pop("next_prompt", None)
    game_part.pop("next_rid", None)
    epochs = root["dice"]["epochs"]
    game_part["seed_commitment"] = epochs[-1]["commitment"]
    out["game"] = game_part
    out["dice"] = {"count": root["dice"]["count"], "epochs": copy_tree(epochs)}

    access = root if held is None else {roles.TABLE: held}
    _players_and_rules(out, root, ruleset, viewer,
                       ("players", "rules", "prompts") if parts is None else parts, access,
                       rules)
    if "entities" in root and (parts is None or "entities" in parts):
        # Never cut to the latest: the entities are what is in the game now (a
        # destroyed one is gone), and the board is drawn from them.
        out["entities"] = _entities(root, ruleset, viewer, access)
    # A rule may hide things by what the statuses say (an invisible player's
    # location): its redaction reads them even in a view asked for without them.
    lent = (bool(ruleset.redactors) and parts is not None and "statuses" not in parts
            and "statuses" in root)
    if lent:
        out["statuses"] = copy_tree(root["statuses"])
    for rule in ruleset.redactors:
        rule.redact(out, viewer)
    if lent:
        del out["statuses"]
    return out


def _latest(value: Any, latest: int | None) -> Any:
    """The last ``latest`` entries of a long table, after one counting the others."""
    if latest is None:
        return value
    if isinstance(value, dict) and len(value) > latest:
        keys = list(value)[-latest:]
        return {f"({len(value) - latest:,} earlier)": "...", **{k: value[k] for k in keys}}
    if isinstance(value, list) and len(value) > latest:
        return [f"({len(value) - latest:,} earlier)", *value[-latest:]]
    return value


def _players_and_rules(out: dict[str, Any], root: dict[str, Any], ruleset: Ruleset,
                       viewer: str, parts: Collection[str], access: Mapping[str, Any],
                       rules: Mapping[str, dict[str, Any]] | None) -> None:
    if "players" in parts:
        out["players"] = _players(root, ruleset, viewer, access)
    if "rules" in parts:
        out["rules"] = rules_part(root) if rules is None else _copied_rules(rules)
    if "prompts" in parts:
        out["prompts"] = [copy_tree(asking.shown(p, viewer, access))
                          for p in root.get("prompts", [])]


def _players(root: dict[str, Any], ruleset: Ruleset, viewer: str,
             access: Mapping[str, Any]) -> dict[str, Any]:
    hidden: dict[str, str] = {
        name: attribute.visibility
        for name, (_rule, attribute) in ruleset.attributes.get("player", {}).items()
        if attribute.visibility != "public"
    }
    players: dict[str, Any] = {}
    accounts = root.get("accounts", {})
    goods = ledger.inventories(ruleset)
    for name, record in root.get("players", {}).items():
        shown = {}
        for attr, value in record.items():
            visibility = hidden.get(attr)
            if visibility is not None and not roles.may_see(visibility, viewer, owner=name,
                                                             root=access):
                continue
            shown[attr] = value if type(value) in _SCALARS else copy_tree(value)
        plain, listed = ledger.holdings(accounts.get(name, {}), goods)
        for currency, amount in plain.items():
            shown.setdefault(currency, amount)
        for inventory, counts in listed.items():
            shown.setdefault(inventory, counts)
        players[name] = shown
    return players


def _entities(root: dict[str, Any], ruleset: Ruleset, viewer: str,
              access: Mapping[str, Any]) -> dict[str, Any]:
    """Every entity, with only the attributes its kind declares that the viewer may
    see: ``owner`` ones if they own it, ``role:<name>`` ones if they hold the role (in
    ``access``), ``admin`` ones never (the admin sees all)."""
    hidden: dict[str, dict[str, str]] = {
        kind: {name: attribute.visibility for name, (_rule, attribute) in declared.items()
               if attribute.visibility != "public"}
        for kind, declared in ruleset.attributes.items() if kind != "player"}
    out: dict[str, Any] = {}
    for eid, record in root["entities"].items():
        secret = hidden.get(str(record.get("kind"))) if isinstance(record, dict) else None
        if secret and viewer != ADMIN:
            owner = record.get("owner")
            record = {name: value for name, value in record.items()
                      if name not in secret or roles.may_see(secret[name], viewer,
                                                             owner=owner, root=access)}
        out[eid] = copy_tree(record)
    return out


def rules_part(root: dict[str, Any]) -> dict[str, Any]:
    """The rules in force as every view shows them."""
    out = {}
    for number, entry in root.get("rules", {}).items():
        params = entry.get("params", {})
        interpretations = entry.get("interpretations", [])
        # Performance: every view shows every rule. Most rules have no
        # interpretations and many no parameters: an empty dict or list is made
        # afresh rather than copied (copy_tree otherwise), without a call each.
        out[number] = {
            "number": entry["number"],
            "title": entry["title"],
            "text": entry["text"],
            "class": entry["class"],
            "params": type(params)() if not params and type(params) in _EMPTY
            else copy_tree(params),
            "interpretations": type(interpretations)()
            if not interpretations and type(interpretations) in _EMPTY
            else copy_tree(interpretations),
            "version": len(entry.get("history", [])),
        }
    return out


def _copied_rules(shown: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """A copy of what :func:`rules_part` gave: each entry's own copy, in which only
    parameters and interpretations are containers."""
    out = {}
    for number, entry in shown.items():
        entry = entry.copy()
        params, interpretations = entry["params"], entry["interpretations"]
        entry["params"] = copy_tree(params) if params else type(params)()
        entry["interpretations"] = (copy_tree(interpretations) if interpretations
                                    else type(interpretations)())
        out[number] = entry
    return out


_SCALARS = frozenset({str, int, float, bool, type(None)})
_EMPTY = (dict, list)


def can_see(event: dict[str, Any], viewer: str) -> bool:
    """Whether ``viewer`` may read a logged event: its ``to`` names them (roles were
    resolved to their holders when it was emitted), or it has none."""
    to = event.get("to")
    return to is None or viewer == ADMIN or viewer in to


#: How many events a paged read of the log takes from the log at a time.
_CHUNK = 256


def _shown(event: dict[str, Any], admin: bool) -> dict[str, Any]:
    # Players and observers never get the raw state ops, which may touch hidden values.
    if admin:
        return dict(copy_tree(event))
    return {k: copy_tree(v) for k, v in event.items() if k != "ops"}


def _wanted(event: dict[str, Any], viewer: str, types: tuple[str, ...] | None) -> bool:
    return can_see(event, viewer) and (types is None or event.get("type") in types)


def log_view(log: Sequence[dict[str, Any]], viewer: str, after: int = 0,
             limit: int | None = None, *,
             types: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The log as ``viewer`` may read it, oldest first, from the event after seq
    ``after``: only events they may see (of the given ``types``), at most ``limit``.

    Seqs run 1, 2, ... without gaps, so the events after ``after`` start at that
    position, and a page is read a slice at a time: it costs what it reads, not the
    length of the log (a stored game's log reads those slices from the store).
    """
    out: list[dict[str, Any]] = []
    admin = viewer == ADMIN
    position, size = max(after, 0), len(log)
    while position < size and (limit is None or len(out) < limit):
        stop = size if limit is None else min(size, position + max(limit, _CHUNK))
        for event in log[position:stop]:
            if _wanted(event, viewer, types):
                out.append(_shown(event, admin))
                if limit is not None and len(out) == limit:
                    break
        position = stop
    return out


def log_before(log: Sequence[dict[str, Any]], viewer: str, before: int | None, limit: int, *,
               types: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """The newest ``limit`` events that ``viewer`` may see (of the given ``types``)
    before seq ``before`` (None: the newest of all), newest first; read backwards a
    slice at a time, so the newest page of a long log costs a page."""
    out: list[dict[str, Any]] = []
    admin = viewer == ADMIN
    stop = len(log) if before is None else min(max(before - 1, 0), len(log))
    while stop > 0 and len(out) < limit:
        start = max(0, stop - max(limit, _CHUNK))
        for event in reversed(log[start:stop]):
            if _wanted(event, viewer, types):
                out.append(_shown(event, admin))
                if len(out) == limit:
                    break
        stop = start
    return out
