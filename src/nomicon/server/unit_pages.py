"""What the pages show of a game's units, buildings and non-player things.

Read from the viewer's view only (what a rule hides from them is not there), with
the rules in force for each type's maximum hit points and the viewer's
``legal_actions`` for the command forms:

- the board page's squares: each numbered square's units and buildings (kind,
  owner, hit points of the maximum, cooling down until, the other statuses the view
  shows) and the square's own facts the view holds (its resources, where a rule
  shows them to the viewer), with the forms of the ``command`` action for the
  viewer's own units, one per unit and command;
- the page of the non-player things: every entity that no player owns and every
  account that is not a player's.

Every list is paged by a cursor (the last square number, entity id or account name
shown), as :mod:`nomicon.server.paging` describes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nomicon.kernel import ledger
from nomicon.kernel.engine import Game
from nomicon.mechanics import cooldowns, units
from nomicon.server import access
from nomicon.server.access import Seat
from nomicon.server.forms import ActionForm, action_forms

#: Squares with things on them that one board page shows.
SQUARES_PAGE = 30
#: Non-player things (and, apart, non-player accounts) on one page.
THINGS_PAGE = 50
#: The action of the commands framework (``mechanics/commands.py``).
COMMAND = "command"
# What every entity has (shown in their own columns) and what the commands framework
# keeps on one for its own use: the rest of an entity's record is what it holds.
_OWN_COLUMNS = frozenset({"kind", "owner", "location", "hp", cooldowns.LAST_COMMAND})
# A space's fields that the board's table already shows.
_SPACE_SHOWN = frozenset({"id", "features"})


@dataclass(frozen=True)
class Piece:
    """A unit, building or other thing on a square, as the viewer sees it."""

    id: str
    kind: str
    type_class: str | None  # "unit", "building", or None: no type in force declares it
    owner: str | None
    hp: Any
    max_hp: int | None
    cooling_until: str | None
    statuses: tuple[tuple[str, str | None], ...]  # (name, until) of the others shown
    holds: Mapping[str, Any]
    mine: bool
    forms: tuple[ActionForm, ...] = ()


@dataclass(frozen=True)
class Square:
    number: int
    pieces: tuple[Piece, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] = ()


def command_forms(game: Game, seat: Seat) -> dict[str, list[ActionForm]]:
    """The viewer's forms of the ``command`` action by unit: ``legal_actions`` lists
    one per unit and command, each naming its unit and command as its only choices."""
    entries = [e for e in access.legal(game, seat) if e["name"] == COMMAND]
    found: dict[str, list[ActionForm]] = {}
    for form in action_forms(entries):
        chosen = {f.name: f.choices[0][0] for f in form.fields
                  if f.name in ("unit", "command") and len(f.choices) == 1}
        if "unit" not in chosen:
            continue
        title = chosen.get("command", form.title).replace("-", " ").capitalize()
        found.setdefault(chosen["unit"], []).append(replace(form, title=title))
    return found


def _square_of(location: Any, spaces: Mapping[str, Any]) -> int | None:
    if isinstance(location, int) and not isinstance(location, bool) \
            and str(location) in spaces:
        return location
    return None


def squares(view: Mapping[str, Any], rules: Sequence[Any], viewer: str | None,
            forms: Mapping[str, list[ActionForm]], *, after: int | None = None,
            limit: int | None = None) -> tuple[list[Square], int | None]:
    """The numbered squares that hold things or facts of their own, in order, after
    square ``after``: a page of at most ``limit``, and the cursor of the next page
    (None: this is the last)."""
    limit = SQUARES_PAGE if limit is None else limit
    spaces: Any = (view.get("board") or {}).get("spaces") or {}
    if not isinstance(spaces, Mapping):
        return [], None
    types = units.catalogue_of(rules)
    held: Mapping[str, Mapping[str, Any]] = view.get("statuses") or {}
    here: dict[int, list[Piece]] = {}
    for eid, record in sorted((view.get("entities") or {}).items()):
        number = _square_of(record.get("location"), spaces) if isinstance(record, dict) \
            else None
        if number is not None:
            here.setdefault(number, []).append(
                piece(eid, record, types, held.get(eid) or {}, viewer, forms))
    standing: dict[int, list[str]] = {}
    for name, record in (view.get("players") or {}).items():
        number = _square_of(record.get("location"), spaces) if isinstance(record, dict) \
            else None
        if number is not None:
            standing.setdefault(number, []).append(name)
    numbers = sorted(int(key) for key in spaces if key.lstrip("-").isdigit())
    found: list[Square] = []
    for number in numbers:
        if after is not None and number <= after:
            continue
        space = spaces[str(number)]
        facts = {k: v for k, v in space.items() if k not in _SPACE_SHOWN} \
            if isinstance(space, Mapping) else {}
        if not here.get(number) and not facts:
            continue
        if len(found) == limit:
            return found, found[-1].number
        found.append(Square(number, tuple(here.get(number, [])), facts,
                            tuple(standing.get(number, []))))
    return found, None


def piece(eid: str, record: Mapping[str, Any], types: Mapping[str, units.Stats],
          statuses: Mapping[str, Any], viewer: str | None,
          forms: Mapping[str, list[ActionForm]]) -> Piece:
    """One entity as a piece on a square: its type's maximum hit points and its
    cool-down (the kernel's status ``cooling-down``) as the view shows them."""
    kind = str(record.get("kind"))
    stats = types.get(kind)
    cooling = statuses.get(cooldowns.STATUS)
    others = tuple((name, (value or {}).get("until")) for name, value in sorted(statuses.items())
                   if name != cooldowns.STATUS)
    owner = record.get("owner")
    return Piece(eid, kind, stats.type_class if stats else None, owner, record.get("hp"),
                 stats.max_hp if stats else None,
                 (cooling or {}).get("until") if isinstance(cooling, Mapping) else None,
                 others, {k: v for k, v in record.items() if k not in _OWN_COLUMNS},
                 viewer is not None and owner == viewer, tuple(forms.get(eid, ())))


# -- the non-player things ----------------------------------------------------------------
@dataclass(frozen=True)
class Thing:
    """An entity no player owns, as the viewer sees it."""

    id: str
    kind: str
    owner: str | None
    location: Any
    holds: Mapping[str, Any]
    balances: Mapping[str, int]
    statuses: tuple[str, ...]


def _is_escrow(name: str) -> bool:
    # An escrow holds what is in transit (a market request's money or good), which
    # the page of the thing it belongs to shows: it is no thing of the game's own.
    return name.startswith(ledger.ESCROW)


def non_player(view: Mapping[str, Any], *, after: str | None = None,
               accounts_after: str | None = None, limit: int | None = None
               ) -> dict[str, Any]:
    """The entities no player owns (with the balances of an account of the same
    name) and the other accounts that are no player's, each a page in name order
    after its cursor, with the cursor of its next page (None: the last)."""
    limit = THINGS_PAGE if limit is None else limit
    players = set(view.get("players") or {})
    accounts: Mapping[str, Mapping[str, int]] = view.get("accounts") or {}
    held: Mapping[str, Mapping[str, Any]] = view.get("statuses") or {}
    records: Mapping[str, Any] = view.get("entities") or {}
    ids = sorted(eid for eid, r in records.items()
                 if isinstance(r, Mapping) and r.get("owner") not in players)
    chosen = [eid for eid in ids if after is None or eid > after]
    things = [Thing(eid, str(records[eid].get("kind")), records[eid].get("owner"),
                    records[eid].get("location"),
                    {k: v for k, v in records[eid].items() if k not in _OWN_COLUMNS
                     or k == "hp"},
                    dict(accounts.get(eid) or {}), tuple(sorted(held.get(eid) or {})))
              for eid in chosen[:limit]]
    names = sorted(name for name in accounts if isinstance(accounts[name], Mapping)
                   and name not in players
                   and name not in records and not _is_escrow(name)
                   and (accounts_after is None or name > accounts_after))
    return {"things": things, "things_next": things[-1].id if len(chosen) > limit else None,
            "accounts": [(name, dict(accounts[name])) for name in names[:limit]],
            "accounts_next": names[limit - 1] if len(names) > limit else None}


def has_non_player(view: Mapping[str, Any]) -> bool:
    """Whether the view shows any entity no player owns or any account no player's."""
    found = non_player(view, limit=1)
    return bool(found["things"] or found["accounts"])
