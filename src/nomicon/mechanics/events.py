"""The event kinds of the mechanics layer (units, commands and combat), with their
fields. Rules hook them like the kernel's (``@hook(KILLED)``, ``data: Killed``)."""

from __future__ import annotations

from typing import Any, TypedDict

from nomicon.kernel.eventkind import EventKind


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
