"""The numbers charts show, taken from each batch as it is stored.

A chart shows each player's balances and numeric attributes over the game. Instead
of folding the whole log again for every chart, the store keeps, with each batch,
the measures the batch wrote (:class:`~nomicon.store.Point`): for each, the value
every audience could see after the batch: the public (an observer), each player,
the admin. A chart then reads a few dozen moments of that series (see
:mod:`nomicon.store.series`), and each viewer gets only their own audience's values.

Which measures a batch wrote is read from its ops: a write under ``players/P/m`` or
``accounts/P/m`` wrote P's measure m; a write of a whole player record (joining) or
of the rules (which decide what is visible) writes every measure again. A rule that
narrows views (``Rule.redact``) may hide a player's numbers for reasons kept
elsewhere in the state, so with such rules in force a write anywhere under a player
records all of that player's measures; a redacting rule that reacts to state outside the
players is charted as of the next write of the player's numbers (none of the packs'
redacting rules hides numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from nomicon.kernel import ledger
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.roles import may_see
from nomicon.kernel.state import apply_op
from nomicon.kernel.views import view_of
from nomicon.store import Point
from nomicon.store.series import PUBLIC

__all__ = ["OBSERVER", "POSITIONAL", "initial", "number", "points", "visible_numbers"]

# Where a piece stands is not a score.
POSITIONAL = frozenset({"location", "position", "x", "y", "joined"})
#: Whose eyes the public values are seen through.
OBSERVER = "observer"

_Touched = dict[str, set[str] | None]  # player -> measures written (None: all of them)


def number(value: Any) -> float | None:
    """``value`` if it is a number to chart (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def visible_numbers(shown: Mapping[str, Any]) -> dict[tuple[str, str], float]:
    """The charted numbers of a view: (player, measure) -> value."""
    found = {}
    for player, record in (shown.get("players") or {}).items():
        for measure, value in record.items():
            value = number(value)
            if value is not None and measure not in POSITIONAL:
                found[player, measure] = value
    return found


def _touched(events: Iterable[Mapping[str, Any]], whole_player: bool) -> _Touched | None:
    """What the batch's ops wrote, by player; None when everything may have changed."""
    touched: _Touched = {}
    for event in events:
        for op in event.get("ops", ()):
            path = op[1]
            if not path or path[0] in ("rules", "roles"):  # who sees what may change
                return None
            if path[0] not in ("players", "accounts"):
                continue
            if len(path) < 2:
                return None
            player = str(path[1])
            if len(path) < 3 or (whole_player and path[0] == "players"):
                touched[player] = None
            elif player not in touched or touched[player] is not None:
                measures = touched.setdefault(player, set())
                assert measures is not None
                measures.add(str(path[2]))
    return touched


def points(game: Game, events: Iterable[Mapping[str, Any]]) -> list[Point]:
    """The measures the batch ``events`` wrote, as each audience saw them after it."""
    root = game.state.root
    ruleset = game.ruleset
    redacting = bool(ruleset.redactors)
    players: dict[str, Any] = root.get("players") or {}
    accounts: dict[str, Any] = root.get("accounts") or {}
    touched = _touched(events, redacting)
    if touched is None:
        touched = dict.fromkeys(players)
    if not touched:
        return []
    currencies = {c for balances in accounts.values() for c in balances}
    # Goods of an inventory are counted inside it in a view, not numbers of the
    # player's record, so they are not charted (see views.view_of).
    listed = ledger.inventories(ruleset)
    keys: list[tuple[str, str]] = []
    for player, measures in touched.items():
        names = measures if measures is not None else {
            *(players.get(player) or {}), *(accounts.get(player) or {})}
        keys.extend((player, m) for m in sorted(names)
                    if m not in POSITIONAL and m not in listed)
    if not keys:
        return []
    audiences = [OBSERVER, *players, ADMIN]
    if redacting:
        # A rule may narrow any view: look at each audience's real view.
        seen = {a: visible_numbers(view_of(root, ruleset, a)) for a in audiences}

        def value(audience: str, player: str, measure: str) -> float | None:
            return seen[audience].get((player, measure))
    else:
        hidden = {name: attribute.visibility
                  for name, (_rule, attribute) in ruleset.attributes.get("player", {}).items()
                  if attribute.visibility != "public"}

        def value(audience: str, player: str, measure: str) -> float | None:
            # What views.view_of puts in the player's record for this audience.
            record = players.get(player)
            if record is None:
                return None
            visibility = hidden.get(measure, "public")
            allowed = may_see(visibility, audience, owner=player, root=root)
            if measure in record and allowed:
                return number(record[measure])
            return number((accounts.get(player) or {}).get(measure))
    found = []
    for player, measure in keys:
        public = value(OBSERVER, player, measure)
        shown: dict[str, float | None] = {} if public is None else {PUBLIC: public}
        for audience in audiences[1:]:
            own = value(audience, player, measure)
            if own != public:
                shown[audience] = own
        found.append(Point(player, measure, measure in currencies, shown))
    return found


def initial(game: Game) -> dict[int, list[Point]]:
    """The points of every batch of a game's log so far, by the seq that ends each: for
    a game stored with its first batches at once (a new game). Folds the log once."""
    root: dict[str, Any] = {}
    found: dict[int, list[Point]] = {}
    batch: list[dict[str, Any]] = []
    log = list(game.log)
    for i, event in enumerate(log):
        for op in event.get("ops", ()):
            apply_op(root, op)
        batch.append(event)
        if i + 1 == len(log) or log[i + 1].get("batch") != event.get("batch"):
            moment = Game(game.pack, root, registry=game.registry, secret=b"")
            found[int(event["seq"])] = points(moment, batch)
            batch = []
    return found
