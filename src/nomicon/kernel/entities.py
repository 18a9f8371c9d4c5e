"""Entities: every thing with an identity that is not a player, and the indexes that
find them.

An entity is kept at ``entities.<id>`` as ``{kind, owner, location, ...attributes}``:

``kind``
    what it is (``unit``, ``big-rock``, ``ducky``): rules declare attributes for a
    kind as they do for players (``Attribute("hp", 10, kind="unit")``);
``owner``
    the player (or other account) it belongs to, or None;
``location``
    where it is, as any JSON value a board gives a place: a grid square ``[x, y]``,
    a numbered square, the name of the player carrying it; None when it is nowhere
    (in the air, off the board).

Rules ask "what is at location L", "what does P own" and "all of kind K"; a game
keeps things for months, so the answers come from indexes kept in the state beside
the entities, under ``index.entities`` (which views show only to the admin), never
from a scan of every entity (DESIGN §1.7)::

    kind.<kind>.<id>    = n     every entity, by kind
    owner.<owner>.<id>  = n     entities that have an owner, by owner
    at.<place>.<id>     = n     entities that are somewhere, by place
    created             = N     how many entities the game has made
    next.<kind>         = k     the number in the last id made for the kind

``n`` is the entity's creation number: look-ups give ids in the order the entities
were made. ``<place>`` is the location written as compact JSON (``[3,4]``,
``"alice"``, ``7``), so that a square, a number and a player's name never share a
key. Every change goes through :class:`~nomicon.kernel.state.State`, so the indexes
are logged, replayed and rolled back with everything else.

The functions here work on the state alone; :class:`~nomicon.kernel.context.Ctx`
offers them to rules and adds the events (``entity.created``, ``entity.destroyed``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from nomicon.kernel.state import State

ENTITIES = "entities"
INDEX = ("index", "entities")
#: What every entity has, kept by the kernel: rules do not declare these.
FIXED = ("kind", "owner", "location")
#: The look-ups, by the field they index.
_BY = {"kind": "kind", "owner": "owner", "location": "at"}


# Performance: json.dumps with options makes an encoder at every call; the index keys
# every look-up by location, so the encoder is made once.
_KEY = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def place(location: Any) -> str:
    """The key of a location in the index: its compact JSON text (a tuple's is a
    list's)."""
    return _KEY.encode(location)


def as_json(location: Any) -> Any:
    """``location`` as the state keeps it (a tuple becomes a list); TypeError when it
    is not a JSON value."""
    if location is None or type(location) in (str, int, float, bool):
        return location
    # A round trip through JSON: the live state then holds exactly what a replay of
    # the log makes of it (lists for tuples, text keys).
    return json.loads(json.dumps(location))


def _check(eid: Any, kind: Any, owner: Any) -> None:
    if not isinstance(eid, str) or not eid or "." in eid or '"' in eid:
        raise ValueError(f"an entity's id is a non-empty text without dots or quotes, "
                         f"not {eid!r}")
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"entity {eid!r}: its kind is a non-empty text, not {kind!r}")
    if owner is not None and not isinstance(owner, str):
        raise ValueError(f"entity {eid!r}: its owner is a name or None, not {owner!r}")


# -- reading ---------------------------------------------------------------------------
def get(state: State, eid: str) -> dict[str, Any] | None:
    """The record of entity ``eid`` as the state holds it (not a copy: change it only
    through this module), or None."""
    record = state.get([ENTITIES, eid], None)
    return record if isinstance(record, dict) else None


def _ids(state: State, by: str, key: str) -> list[str]:
    bucket: dict[str, int] = state.get([*INDEX, by, key], None) or {}
    return sorted(bucket, key=bucket.__getitem__)


def at(state: State, location: Any) -> list[str]:
    """The ids of the entities at ``location``, in the order they were made."""
    if location is None:
        return []
    return _ids(state, "at", place(location))


def places(state: State) -> list[Any]:
    """Every location where some entity is, in no particular order."""
    return [json.loads(key) for key in state.get([*INDEX, "at"], None) or {}]


def owned_by(state: State, owner: str) -> list[str]:
    """The ids of the entities ``owner`` owns, in the order they were made."""
    return _ids(state, "owner", owner)


def of_kind(state: State, kind: str) -> list[str]:
    """The ids of the entities of ``kind``, in the order they were made."""
    return _ids(state, "kind", kind)


# -- the index -------------------------------------------------------------------------
def _ensure(state: State, path: Sequence[str]) -> None:
    """Make the dicts along ``path`` that are not there yet."""
    for depth in range(1, len(path) + 1):
        if not isinstance(state.get(path[:depth], None), dict):
            state.set(path[:depth], {})


def _file(state: State, by: str, key: str, eid: str, number: int) -> None:
    bucket = [*INDEX, by, key]
    if state.get(bucket, None) is None:
        _ensure(state, bucket)
    state.set([*bucket, eid], number)


def _unfile(state: State, by: str, key: str, eid: str) -> None:
    bucket = [*INDEX, by, key]
    found = state.get(bucket, None)
    if not found or eid not in found:
        return
    if len(found) == 1:
        # An emptied bucket goes, or the index would keep every place ever visited.
        state.delete(bucket)
    else:
        state.delete([*bucket, eid])


def _keys(record: Mapping[str, Any]) -> dict[str, str | None]:
    """Where a record is filed: its key in each look-up (None: not filed there)."""
    location = record.get("location")
    return {"kind": record.get("kind"), "owner": record.get("owner"),
            "at": None if location is None else place(location)}


def _number(state: State, eid: str, kind: str) -> int:
    number: int = state.get([*INDEX, "kind", kind, eid])
    return number


def _refile_field(state: State, eid: str, field: str, old: Any, new: Any) -> None:
    """Set ``field`` of the entity and move it in that field's look-up."""
    record = get(state, eid)
    if record is None:
        raise KeyError(f"there is no entity {eid!r}")
    number = _number(state, eid, record["kind"])
    by = _BY[field]
    before, after = _keys({field: old})[by], _keys({field: new})[by]
    state.set([ENTITIES, eid, field], new)
    if before != after:
        if before is not None:
            _unfile(state, by, before, eid)
        if after is not None:
            _file(state, by, after, eid, number)


# -- changing --------------------------------------------------------------------------
def new_id(state: State, kind: str) -> str:
    """A new id for an entity of ``kind``: ``<kind>-<k>``, with the next number for the
    kind that no entity has taken (ids depend only on the state, so a replay makes
    the same ones)."""
    count: int = state.get([*INDEX, "next", kind], 0)
    while True:
        count += 1
        eid = f"{kind}-{count}"
        if get(state, eid) is None:
            break
    _ensure(state, [*INDEX, "next"])
    state.set([*INDEX, "next", kind], count)
    return eid


def add(state: State, eid: str, kind: str, owner: str | None, location: Any,
        attributes: Mapping[str, Any]) -> dict[str, Any]:
    """Store a new entity and file it; returns its record. ValueError when ``eid``
    is taken or the entity is malformed."""
    _check(eid, kind, owner)
    if get(state, eid) is not None:
        raise ValueError(f"there is already an entity {eid!r}")
    clash = sorted(set(FIXED) & set(attributes))
    if clash:
        raise ValueError(f"entity {eid!r}: {', '.join(clash)} are not attributes")
    record = {"kind": kind, "owner": owner, "location": as_json(location),
              **{name: as_json(value) for name, value in attributes.items()}}
    if state.get([ENTITIES], None) is None:
        state.set([ENTITIES], {})
    state.set([ENTITIES, eid], record)
    _file_new(state, eid, record)
    stored = get(state, eid)
    assert stored is not None
    return stored


def _file_new(state: State, eid: str, record: Mapping[str, Any]) -> None:
    number = int(state.get([*INDEX, "created"], 0)) + 1
    _ensure(state, list(INDEX))
    state.set([*INDEX, "created"], number)
    for by, key in _keys(record).items():
        if key is not None:
            _file(state, by, key, eid, number)


def remove(state: State, eid: str) -> dict[str, Any] | None:
    """Take an entity out of the state and of the indexes; returns what it was (None:
    there was no such entity)."""
    record = get(state, eid)
    if record is None:
        return None
    gone = dict(record)
    for by, key in _keys(record).items():
        if key is not None:
            _unfile(state, by, key, eid)
    state.delete([ENTITIES, eid])
    return gone


def move(state: State, eid: str, location: Any) -> None:
    """Put an entity at ``location`` (None: nowhere)."""
    record = get(state, eid)
    if record is None:
        raise KeyError(f"there is no entity {eid!r}")
    _refile_field(state, eid, "location", record.get("location"), as_json(location))


def set_owner(state: State, eid: str, owner: str | None) -> None:
    """Give an entity to ``owner`` (None: nobody)."""
    record = get(state, eid)
    if record is None:
        raise KeyError(f"there is no entity {eid!r}")
    _check(eid, record["kind"], owner)
    _refile_field(state, eid, "owner", record.get("owner"), owner)


def update(state: State, eid: str, changes: Mapping[str, Any]) -> None:
    """Change an entity's fields: attributes are set, and a change of its kind, owner
    or location moves it in the indexes. A change of kind keeps the attributes as
    they are (Siren Bait that becomes a Purse is the same thing)."""
    record = get(state, eid)
    if record is None:
        raise KeyError(f"there is no entity {eid!r}")
    for name, value in changes.items():
        if name == "location":
            move(state, eid, value)
        elif name == "owner":
            set_owner(state, eid, value)
        elif name == "kind":
            _check(eid, value, None)
            number = _number(state, eid, record["kind"])
            _unfile(state, "kind", record["kind"], eid)
            state.set([ENTITIES, eid, "kind"], value)
            _file(state, "kind", value, eid, number)
        else:
            state.set([ENTITIES, eid, name], as_json(value))


# -- writes that did not come through here ----------------------------------------------
# The admin's ``set`` writes any view path, an entity's location or a whole new
# entity among them; the entity is filed again afterwards from what it became.


def filing(state: State, eid: str) -> tuple[int, dict[str, str | None]] | None:
    """Where entity ``eid`` is filed now (its creation number and keys), to hand to
    :func:`refile` after a write that may change it; None when it is not filed."""
    record = get(state, eid)
    if record is None or not isinstance(record.get("kind"), str):
        return None
    number = state.get([*INDEX, "kind", record["kind"], eid], None)
    return None if number is None else (int(number), _keys(record))


def refile(state: State, eid: str, before: tuple[int, dict[str, str | None]] | None) -> None:
    """File entity ``eid`` again after a write, from where it was (``before``, from
    :func:`filing`) to what it is now. ValueError when what was written is not an
    entity (no kind, an owner that is not a name, a location that is not JSON)."""
    record = state.get([ENTITIES, eid], None)
    if record is not None:
        if not isinstance(record, dict):
            raise ValueError(f"entities.{eid} is a record {{kind, owner, location, ...}}")
        _check(eid, record.get("kind"), record.get("owner"))
        for field in FIXED:
            if field not in record:
                state.set([ENTITIES, eid, field], None)
        as_json(record["location"])
    if before is None:
        if record is not None:
            _file_new(state, eid, record)
        return
    number, old = before
    new = _keys(record) if record is not None else dict.fromkeys(old)
    for by, key in new.items():
        if key == old[by]:
            continue
        if old[by] is not None:
            _unfile(state, by, str(old[by]), eid)
        if key is not None:
            _file(state, by, key, eid, number)


def reindex(state: State) -> None:
    """Make the indexes again from the entities the state holds (after the whole
    table was written at once). Creation numbers follow the table's order; the count
    of entities made and the numbers of ids never go back."""
    created = state.get([*INDEX, "created"], 0)
    nexts = state.get([*INDEX, "next"], {})
    _ensure(state, ["index"])
    state.set(list(INDEX), {"created": 0, "next": nexts})
    for eid in list(state.get([ENTITIES], None) or {}):
        refile(state, eid, None)
    if state.get([*INDEX, "created"]) < created:
        state.set([*INDEX, "created"], created)


# -- attributes that rules declare -------------------------------------------------------
def fill_default(state: State, kind: str, name: str, default: Any) -> None:
    """Give every entity of ``kind`` without attribute ``name`` its default (a rule
    declaring it is enacted)."""
    if name in FIXED:
        return  # the kernel's own field, which every entity has
    for eid in of_kind(state, kind):
        if name not in state.get([ENTITIES, eid]):
            state.set([ENTITIES, eid, name], default)


def drop_attribute(state: State, kind: str, name: str) -> None:
    """Take attribute ``name`` from every entity of ``kind`` (no rule in force declares
    it any more)."""
    if name in FIXED:
        return
    for eid in of_kind(state, kind):
        state.delete([ENTITIES, eid, name])


# -- views -----------------------------------------------------------------------------
# -- checks ----------------------------------------------------------------------------
def index_problems(root: Mapping[str, Any]) -> list[str]:
    """How the indexes of a state tree differ from what a scan of its entities finds
    (an empty list when they agree): a check for tests and invariants, which scans."""
    entities = root.get(ENTITIES) or {}
    index = (root.get("index") or {}).get(ENTITIES) or {}
    if not entities and not any(index.get(by) for by in _BY.values()):
        return []
    problems = []
    for by in _BY.values():
        scanned: dict[str, set[str]] = {}
        for eid, record in entities.items():
            key = _keys(record)[by] if isinstance(record, dict) else None
            if key is not None:
                scanned.setdefault(key, set()).add(eid)
        kept = {key: set(bucket) for key, bucket in (index.get(by) or {}).items()}
        if kept != scanned:
            problems.append(f"the entities' {by} index {sorted(kept.items())} is not what "
                            f"they hold: {sorted(scanned.items())}")
    numbers = [n for bucket in (index.get("kind") or {}).values() for n in bucket.values()]
    if len(set(numbers)) != len(numbers) or any(n > index.get("created", 0) for n in numbers):
        problems.append(f"the entities' creation numbers {sorted(numbers)} are not distinct "
                        f"numbers up to {index.get('created', 0)}")
    return problems
