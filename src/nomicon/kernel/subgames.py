"""Sub-games: child games that a game's rules start, and their results settled back.

DESIGN §3b "Sub-games". A rule of the parent game asks for a child with
``ctx.start_child(pack, players=..., referee=..., params=..., cause=...)``. The parent
records it in ``children.<id>``::

    {"id", "pack", "players", "referee", "params", "cause", "rule", "started",
     "status": "started" | "settled", "inputs": [...], "result": {...}, "settled"}

and emits ``child.started``. The kernel makes no game: the game service does, after
the parent's batch is committed, in the same store (see :mod:`nomicon.service`). The
child's id is derived from the parent's id and the child's number in the parent
(:func:`child_id`), and recorded in the event, so whoever creates it, and however
often, makes the one game of that id.

The child is a game like any other, with its own log and dice, whose state keeps its
link to the parent in ``game.parent`` (:func:`link`): the parent's id, its own id
as the parent knows it, the referee and players the parent chose, and how many of
the parent's inputs it has received.

**Inputs.** A change in the parent to one of a child's players or its referee (a
status granted or ended, such as going on vacation; a player leaving) is queued in
``children.<id>.inputs`` as the parent's event happens (:func:`forward`), with a
``child.input`` event; the service passes each to the child as the procedure's
``parent-input`` action, which takes input *n* only after input *n - 1* and only
once (:func:`receive`), and emits ``parent.input``, which the child's rules hook.

Two inputs the kernel also handles itself, after the child's hooks have had them
(:func:`receive`): the parent's pausing and resuming reach every running child, whose
clock stops and resumes with its parent's ("Clocks of a paused game or child game
stop and resume"); and a player who leaves the parent leaves the child too, unless
the child's hooks saw to them already, so the child's ``seat.left`` hook says what
becomes of their seat (a bot, a substitute, or an empty seat). A child its own admin
paused stays paused when its parent resumes: the child keeps in ``game.parent.paused``
whether the pause it is in is its parent's.

**Settlement.** When the child ends, the service settles its result (winners,
scores, referee, rounds: the child's pack says, ``Pack.result``) into the parent with
the procedure's ``settle-child`` action: one ``child.settled`` event, whose hooks in
the parent pay the payoff (the payoff is the parent's rules' to compute, so a
proposal can amend it). The parent's record of the child is the settlement's key: a
child settled once is refused a second time (:func:`settle`), so a retried or raced
settlement settles once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NotRequired, Protocol, TypedDict

from pydantic import BaseModel, ConfigDict, ValidationError

from nomicon.kernel import events, pausing, seats
from nomicon.kernel.state import copy_tree
from nomicon.kernel.timefmt import iso

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

#: Where the parent keeps its children.
TABLE = "children"
STARTED = "started"
SETTLED = "settled"
#: The kinds of the parent's events that are passed to a child when they concern one
#: of its players or its referee: statuses (vacation...) and leaving the game.
FORWARDED = frozenset({"status.granted", "status.ended", "player.left", "game.paused",
                       "game.resumed"})
#: The kinds of :data:`FORWARDED` that concern the game, not a player: every running
#: child has them (their ``player`` is who paused or resumed the parent).
TO_EVERY_CHILD = frozenset({"game.paused", "game.resumed"})
ADMIN = "admin"
#: The longest id a game may have (``engine.GAME_ID``).
_LONGEST_ID = 64


class ChildRecord(TypedDict):
    """A parent's record of one child game (times are ISO text)."""

    id: str
    pack: str
    players: list[str]
    referee: str | None
    params: dict[str, Any]
    cause: str
    rule: int | None  # the number of the rule that started it
    started: str
    status: str  # STARTED, then SETTLED
    inputs: list[dict[str, Any]]
    result: NotRequired[dict[str, Any]]  # once settled: a ChildResult's fields
    settled: NotRequired[str]  # when


class ParentLink(TypedDict):
    """A child game's link to its parent (``game.parent`` in the child's state)."""

    game: str  # the parent's id
    child: str  # this game's id in the parent's ``children``
    players: list[str]
    referee: str | None
    inputs: int  # how many of the parent's inputs this game has received
    paused: NotRequired[bool]  # whether the pause this game is in is its parent's


class ChildResult(BaseModel):
    """What a finished child game reports to its parent."""

    model_config = ConfigDict(extra="forbid")

    winners: list[str] = []
    scores: dict[str, int | float] = {}
    referee: str | None = None
    rounds: int | None = None
    #: What else the game reports for its parent's rules (a Ghost's players who
    #: began, a Tromino Go referee's A$ per round).
    details: dict[str, Any] = {}


def reported(result: dict[str, Any]) -> dict[str, Any]:
    """A child pack's ``Pack.result``, as settled: the fields other than a result's
    own are the game's details."""
    known = set(ChildResult.model_fields)
    extra = {name: value for name, value in result.items() if name not in known}
    if not extra:
        return result
    return {name: value for name, value in result.items() if name in known} | {
        "details": {**result.get("details", {}), **extra}}


class Packs(Protocol):
    """The installed packs, as far as starting a child needs them (a registry)."""

    def pack(self, pack_id: str) -> Any: ...


def child_id(parent: str, number: int) -> str:
    """The id of the ``number``-th child of game ``parent``: ``<parent>-<number>``,
    or, where that would be longer than a game id may be, the parent's id cut short
    with a digest of the whole of it (so two parents never share a child's id)."""
    suffix = f"-{number}"
    if len(parent) + len(suffix) <= _LONGEST_ID:
        return parent + suffix
    digest = hashlib.sha256(parent.encode()).hexdigest()[:12]
    keep = _LONGEST_ID - len(suffix) - len(digest) - 1
    return f"{parent[:keep]}-{digest}{suffix}"


def start(ctx: Acting, packs: Packs, pack: str, *, players: Sequence[str],
          referee: str | None = None, params: dict[str, Any] | None = None,
          cause: str) -> str:
    """Record a child game of ``pack`` for ``players`` (refereed by ``referee``, a
    player of this game; None: the engine referees), with the pack's ``params``;
    ``cause`` says why, as the players read it. Returns the child's id. A child the
    rules cannot have (an unknown pack, bad parameters, someone who is not a player)
    is refused in the name of the running rule."""
    chosen = list(players)
    ctx.require(chosen, "a child game needs players")
    for name in chosen:
        ctx.require(ctx.is_player(name), f"{name!r} is not a player of this game",
                    detail="a child game's players are taken from its parent's")
    ctx.require(len(set(chosen)) == len(chosen), "a player is named twice",
                detail=f"players: {', '.join(chosen)}")
    if referee is not None:
        ctx.require(ctx.is_player(referee), f"{referee!r} is not a player of this game",
                    detail="a child game's referee is a player of its parent, or the engine")
    try:
        found = packs.pack(pack)
    except Exception as exc:  # the registry's own error: said as a refusal
        ctx.refuse(f"no child game of {pack!r} can be started: {exc}")
    try:
        checked = found.Params.model_validate(params or {}).model_dump(mode="json")
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'params'}: {e['msg']}"
                             for e in exc.errors())
        ctx.refuse(f"bad parameters for a child game of {pack}: {problems}")
    root = ctx.state.root
    number = len(root.get(TABLE, {})) + 1
    key = child_id(str(root["game"]["id"]), number)
    rule = ctx.rule
    record: ChildRecord = {"id": key, "pack": pack, "players": chosen, "referee": referee,
                     "params": checked, "cause": cause,
                     "rule": rule.number if rule is not None else None,
                     "started": iso(ctx.now), "status": STARTED, "inputs": []}
    if not ctx.state.has([TABLE]):
        ctx.set([TABLE], {})
    ctx.add_record(TABLE, key, dict(record))
    who = f"; {referee} referees" if referee else "; the engine referees"
    ctx.emit(events.CHILD_STARTED, f"child game {key} of {pack} started for "
             f"{', '.join(chosen)}{who}: {cause}", child=key, pack=pack, players=chosen,
             referee=referee, params=checked, cause=cause)
    pause = pausing.paused(root)
    if pause is not None:
        # Started while this game is paused: the child shares the stopped clock, so
        # its first input is the pause, and the parent's resumption reaches it as any.
        ctx.state.append([TABLE, key, "inputs"], {
            "n": 1, "kind": events.GAME_PAUSED.name, "player": pause.get("by") or ADMIN,
            "data": copy_tree(pause), "time": iso(ctx.now)})
        ctx.emit(events.CHILD_INPUT, f"the pause of this game passed to child game {key} "
                 "(input 1)", child=key, n=1, kind=events.GAME_PAUSED.name,
                 player=pause.get("by") or ADMIN)
    return key


def child(ctx: Acting, key: str) -> ChildRecord | None:
    """The parent's record of its child ``key`` (a copy), or None."""
    record: dict[str, Any] | None = ctx.get([TABLE, key], None)
    if record is None:
        return None
    found: ChildRecord = {
        "id": record["id"], "pack": record["pack"], "players": list(record["players"]),
        "referee": record["referee"], "params": dict(record["params"]),
        "cause": record["cause"], "rule": record["rule"], "started": record["started"],
        "status": record["status"], "inputs": [dict(entry) for entry in record["inputs"]]}
    if "result" in record:
        found["result"] = copy_tree(record["result"])
        found["settled"] = record["settled"]
    return found


def link(parent: str, record: ChildRecord | dict[str, Any]) -> ParentLink:
    """What a new child game keeps of its parent ``parent``'s record ``record``."""
    return {"game": parent, "child": str(record["id"]), "players": list(record["players"]),
            "referee": record["referee"], "inputs": 0}


def parent(ctx: Acting) -> ParentLink | None:
    """This game's link to its parent (a copy), or None if it is no child game."""
    found: dict[str, Any] | None = ctx.get(["game", "parent"], None)
    if found is None:
        return None
    return {"game": found["game"], "child": found["child"], "players": list(found["players"]),
            "referee": found["referee"], "inputs": found["inputs"]}


def forward(ctx: Acting, type: str, data: dict[str, Any]) -> None:
    """Queue the parent's event (of a :data:`FORWARDED` kind) for each running child
    whose player or referee it concerns, or for every running child when it concerns
    the game (:data:`TO_EVERY_CHILD`); called by the engine as the event happens."""
    to_every_child = type in TO_EVERY_CHILD
    subject = str(data.get("by") or ADMIN) if to_every_child else \
        data.get("player", data.get("holder"))
    if not isinstance(subject, str):
        return
    for record in ctx.with_status(TABLE, STARTED):
        if not to_every_child and subject not in record["players"] \
                and subject != record["referee"]:
            continue
        key = record["id"]
        n = len(record["inputs"]) + 1
        ctx.state.append([TABLE, key, "inputs"], {"n": n, "kind": type, "player": subject,
                                                  "data": dict(data), "time": iso(ctx.now)})
        ctx.emit(events.CHILD_INPUT, f"{type} of {subject} passed to child game {key} "
                 f"(input {n})", child=key, n=n, kind=type, player=subject)


def receive(ctx: Acting, n: int, kind: str, player: str, data: dict[str, Any]) -> None:
    """In a child game: take the parent's input number ``n`` (the next one only)."""
    found = parent(ctx)
    if found is None:
        ctx.refuse("this game has no parent game to hear from")
    expected = found["inputs"] + 1
    if n < expected:
        ctx.refuse(f"input {n} from parent game {found['game']} was received already",
                   detail=f"the next is input {expected}")
    if n > expected:
        ctx.refuse(f"input {expected} from parent game {found['game']} comes before input {n}")
    ctx.set(["game", "parent", "inputs"], n)
    ctx.emit(events.PARENT_INPUT, f"from parent game {found['game']}: {kind} of {player}",
             n=n, kind=kind, player=player, data=dict(data))
    if ctx.get(["game", "status"]) == "ended":
        return  # the input ended the game (a forfeit): nothing more is played
    if kind == "game.paused":
        _pause_with_parent(ctx, found["game"], data)
    elif kind == "game.resumed":
        _resume_with_parent(ctx, found["game"], data)
    elif kind == "player.left" and ctx.is_player(player) \
            and not seats.seat_of(ctx.state.root, player).left:
        # The child's own hooks on parent.input may have made them leave already.
        cause = data.get("cause")
        seats.leave(ctx, player, cause=f"left the parent game {found['game']}"
                    + (f" ({cause})" if cause else ""))


def _pause_with_parent(ctx: Acting, parent_id: str, data: dict[str, Any]) -> None:
    """The parent paused: so does this game, unless it is paused already (by its own
    admin or rules, whose pause it keeps)."""
    if pausing.paused(ctx.state.root) is not None:
        return
    reason = data.get("reason")
    pausing.pause(ctx, f"the parent game {parent_id} is paused"
                  + (f": {reason}" if reason else ""))
    ctx.set(["game", "parent", "paused"], True)


def _resume_with_parent(ctx: Acting, parent_id: str, data: dict[str, Any]) -> None:
    """The parent resumed: so does this game, if the pause it is in is its parent's."""
    if not ctx.get(["game", "parent", "paused"], False):
        return
    ctx.state.delete(["game", "parent", "paused"])
    if pausing.paused(ctx.state.root) is not None:
        reason = data.get("reason")
        pausing.resume(ctx, f"the parent game {parent_id} resumes"
                       + (f": {reason}" if reason else ""))


def waiting(root: dict[str, Any]) -> list[str]:
    """The ids of the children of the game whose state is ``root`` whose result has
    not been settled, oldest first (read from the index of its children by status)."""
    index = root.get("index", {}).get(TABLE)
    if index is None:
        return []  # no child was ever started: the index is made with the first
    return sorted(index.get(STARTED, {}), key=lambda key: int(key.rpartition("-")[2]))


def awaiting(ctx: Acting) -> list[str]:
    """The ids of the children whose result has not been settled, oldest first."""
    return waiting(ctx.state.root)


def check_settling(ctx: Acting, key: str) -> dict[str, Any]:
    """The record of child ``key`` if its result may be settled now; else refused: it
    is no child of this game, or it was settled already."""
    record: dict[str, Any] | None = ctx.get([TABLE, key], None)
    if record is None:
        known = awaiting(ctx)
        ctx.refuse(f"this game has no child game {key!r}",
                   detail=f"awaiting a result: {', '.join(known)}" if known else
                   "no child game is awaiting its result")
    if record["status"] == SETTLED:
        ctx.refuse(f"child game {key} was settled already, at {record['settled']}",
                   detail="a child's result is settled once")
    return record


def settle(ctx: Acting, key: str, result: dict[str, Any]) -> None:
    """Settle child ``key``'s ``result`` into this game: one ``child.settled`` event,
    whose hooks pay. Refused for a child settled already, so it happens once."""
    record = check_settling(ctx, key)
    try:
        found = ChildResult.model_validate(result)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'result'}: {e['msg']}"
                             for e in exc.errors())
        ctx.refuse(f"not a child game's result: {problems}",
                   detail="a result has winners, scores, referee, rounds and details")
    plain = found.model_dump()
    if not plain["details"]:
        del plain["details"]  # as results were before they had details: logs replay alike
    ctx.set([TABLE, key, "result"], plain)
    ctx.set([TABLE, key, "settled"], iso(ctx.now))
    ctx.set_status(TABLE, key, SETTLED)
    winners = ", ".join(plain["winners"]) or "nobody"
    ctx.emit(events.CHILD_SETTLED, f"child game {key} of {record['pack']} settled: "
             f"{winners} won", child=key, pack=record["pack"], cause=record["cause"],
             **plain)
