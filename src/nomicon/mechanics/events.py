"""The kinds of event that the game mechanisms emit or dispatch, with their fields:
the order book, agents, units, commands and combat.

A pack's rule hooks them as it hooks the kernel's::

    from nomicon.mechanics import events as mechanics

    @hook(mechanics.MARKET_FILLED)
    def on_filled(self, ctx: Ctx, data: mechanics.MarketFilled) -> None: ...
"""

# No ``from __future__ import annotations`` here: under it Python 3.11 takes a
# TypedDict's NotRequired fields for required ones (EventKind refuses such a kind).

from typing import Any, TypedDict

from nomicon.kernel.eventkind import EventKind

# -- the order book (market.py) ----------------------------------------------------------


class MarketPlaced(TypedDict):
    """A buy or sell request was placed, its money or good put in escrow."""

    market: str
    order: int
    side: str  # "buy" or "sell"
    good: str
    currency: str
    price: int  # for one unit
    quantity: int
    maker: str  # who placed it: a player or a non-player participant
    account: str  # whose money or good the escrow holds, and where a refund goes
    proceeds: str  # where what the request earns goes


class MarketFilled(TypedDict):
    """Some or all of a request was filled: the good and the money changed hands."""

    market: str
    order: int
    side: str
    good: str
    currency: str
    price: int
    quantity: int  # filled now
    remaining: int  # still open after this fill (0: the request is removed)
    maker: str
    proceeds: str
    by: str  # who filled it
    account: str  # the account the filler paid or gave from
    into: str  # the account the filler's money or good went to


class MarketRetracted(TypedDict):
    """A request was taken back by its maker and its escrow returned."""

    market: str
    order: int
    side: str
    good: str
    currency: str
    price: int
    quantity: int  # what was still open
    maker: str
    account: str  # where the escrow went back to


MARKET_PLACED = EventKind("market.placed", MarketPlaced)
MARKET_FILLED = EventKind("market.filled", MarketFilled)
MARKET_RETRACTED = EventKind("market.retracted", MarketRetracted)


# -- non-player agents (agents.py) -------------------------------------------------------


class AgentActed(TypedDict):
    """An agent took the first possible entry of its kind's priority list."""

    agent: str  # the entity
    kind: str
    behaviour: str  # the behaviour's name, as the priority list gives it
    priority: int  # its place in the list, from 1


class AgentIdle(TypedDict):
    """An agent whose turn it was took no action: it was busy with a task, or no entry
    of its priority list was possible."""

    agent: str
    kind: str
    reason: str
    task: str | None  # the task it is busy with, if that is why


class AgentsSpawning(TypedDict):
    """Dispatched (not logged) when a kind's spawner is due, after the kind's own
    spawn: other rules that create agents then (a Dark Portal) hook it."""

    kind: str


AGENT_ACTED = EventKind("agent.acted", AgentActed)
AGENT_IDLE = EventKind("agent.idle", AgentIdle)
AGENTS_SPAWNING = EventKind("agents.spawning", AgentsSpawning)


# -- units, commands and combat (units.py, commands.py, combat.py) ----------------------
class CooldownEnded(TypedDict):
    """A unit or building stopped cooling down: its time was up (``cause`` is
    ``expired``) or a rule ended it early (the rule's reason)."""

    entity: str
    kind: str
    owner: str | None
    command: str | None
    args: dict[str, Any]
    cause: str


class Commanded(TypedDict):
    """A command was issued to a unit or building and took effect."""

    entity: str
    kind: str
    owner: str | None
    command: str
    args: dict[str, Any]
    price: int
    cooldown_until: str | None


class Attacked(TypedDict):
    """An attack was made: by a unit or building (``attacker``, None for another
    source, such as an item), on ``target``, with the strength and the armor that met
    and the damage that came of them (0 when the chance failed)."""

    attacker: str | None
    target: str
    by_player: str | None
    strength: int
    armor: int
    damage: int
    cause: str


class Damaged(TypedDict):
    """An entity lost hit points. ``attack``: whether it was an attack (the armor
    rule applied); ``source``: the unit or building that dealt it (None: none, or
    hidden from view); ``by_player``: who is responsible."""

    entity: str
    kind: str
    owner: str | None
    amount: int
    hp: int
    attack: bool
    source: str | None
    source_kind: str | None
    by_player: str | None
    cause: str


class Healed(TypedDict):
    """An entity gained hit points, up to its type's maximum."""

    entity: str
    kind: str
    amount: int
    hp: int
    cause: str


class Killed(TypedDict):
    """A unit or building was destroyed by damage: who dealt the last of it (the
    unit ``by_unit`` and its owner ``by_player``: kill attribution) and how."""

    entity: str
    kind: str
    type_class: str
    owner: str | None
    location: Any
    by_unit: str | None
    by_player: str | None
    cause: str


class HpCut(TypedDict):
    """An entity above its type's maximum hit points was set to the maximum (a rule
    that caps hit points came into force): no damage, so nothing answers it."""

    entity: str
    kind: str
    before: int
    hp: int
    cause: str


class Transformed(TypedDict):
    """A unit or building became another type, keeping its id, its cool-down and its
    statuses, its hit points scaled to the new type's maximum."""

    entity: str
    owner: str | None
    before: str
    after: str
    hp_before: int
    hp: int
    cause: str


COOLDOWN_ENDED = EventKind("cooldown.ended", CooldownEnded)
COMMANDED = EventKind("commanded", Commanded)
ATTACKED = EventKind("attacked", Attacked)
DAMAGED = EventKind("damaged", Damaged)
HEALED = EventKind("healed", Healed)
KILLED = EventKind("killed", Killed)
TRANSFORMED = EventKind("transformed", Transformed)
HP_CUT = EventKind("hp.cut", HpCut)
