"""Re-execute a game's log with the engine and compare what it produces.

The hash chain proves only that nobody edited a log *without recomputing the chain*;
anyone can recompute it. What proves a log is that the code, given the same inputs,
writes the same events: so this module starts a fresh game from the recorded
``game.created`` event and replays every batch from its input (an action's actor,
name, arguments and time; a timer's firing; a clock advance; a revert or an
archiving), requiring each produced event to equal the recorded one field by field.

Dice come from the log: each roll shows its recorded value (the replay cannot know a
secret not yet revealed, and :mod:`nomicon.verify` checks the values against the
secrets that are). Likewise a seed rotation takes the recorded commitment, since its
new secret was drawn at random; the reveal is checked against it later. A roll, a
rotation or a reveal that the code would not have made is still caught: its event
(or its absence) differs.

A game stored by an older version of its pack and upgraded since
(:mod:`nomicon.kernel.upgrades`) holds batches this code cannot re-execute: those
before the upgrade to the running version were written by the older rules. When the
running pack declares the steps from the recorded version, those batches are folded
as recorded (their numbering, chain, fold and dice are still checked by
:mod:`nomicon.verify`) and counted in ``as_recorded``; the upgrade batch is
re-executed by running the declared steps on the folded state, and every batch after
it as usual.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar, cast

from nomicon.kernel import events, upgrades
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import GameError
from nomicon.kernel.pack import Registry, installed
from nomicon.kernel.procedure import finish
from nomicon.kernel.state import fold
from nomicon.kernel.subgames import ParentLink
from nomicon.kernel.timefmt import parse
from nomicon.kernel.versions import NOMICON_VERSION

__all__ = ["Replay", "replay", "written_by"]

# A stand-in for a secret the log does not reveal: never used for a value (the rolls
# come from the log), only to give reveal() something in a replay that never reaches
# a reveal of that epoch (if it did, the log would hold the secret).
_UNKNOWN = b"\0" * 32


@dataclass
class Replay:
    """What re-executing a log found."""

    batches: int = 0  # batches re-executed and equal to the log
    diverged_at: int | None = None  # first seq of the first batch that differs
    divergence: str | None = None  # what differs there, in words
    forced_in_ordinary: list[int] = field(default_factory=list)  # seqs
    # Batches written by an older version of the pack, before the upgrade to the
    # running one, and folded as recorded (this code cannot re-execute them).
    as_recorded: int = 0
    # The pack version an upgrade batch of the log brought the game to, if any.
    upgraded_to: str | None = None


@dataclass
class _Recorded:
    rolls: dict[int, tuple[int, bool]]
    commitments: list[str]
    secrets: list[bytes | None]


class _ReplayGame(Game):
    """A game whose dice and dice commitments come from the recorded log."""

    recorded: ClassVar[_Recorded]
    _epoch = 0

    def _next_roll(self, index: int, sides: int) -> tuple[int, bool]:
        found = self.recorded.rolls.get(index)
        if found is None:
            return 1, False  # a roll the log does not have: the events will differ
        return found

    def commitment_of(self, secret: bytes) -> str:
        epoch = self._epoch
        self._epoch += 1
        if epoch < len(self.recorded.commitments):
            return self.recorded.commitments[epoch]
        return super().commitment_of(secret)

    def next_secret(self) -> bytes:
        epoch = self._epoch
        secrets = self.recorded.secrets
        known = secrets[epoch] if epoch < len(secrets) else None
        return known if known is not None else _UNKNOWN


def written_by(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The versions recorded in the log's ``game.created`` event, if any."""
    data = events[0].get("data") if events and isinstance(events[0], dict) else None
    versions = data.get("versions") if isinstance(data, dict) else None
    return versions if isinstance(versions, dict) else None


def running_versions(events: list[dict[str, Any]], registry: Registry) -> dict[str, Any]:
    """The versions of the code running now, for the packs the log names."""
    written = written_by(events) or {}
    packs = written.get("packs") if isinstance(written.get("packs"), dict) else {}
    data = events[0].get("data", {}) if events else {}
    names = set(packs or {}) | {data.get("pack")}
    now: dict[str, str | None] = {}
    for name in sorted(n for n in names if isinstance(n, str)):
        try:
            now[name] = registry.pack(name).version
        except Exception:
            now[name] = None  # not installed here
    return {"nomicon": NOMICON_VERSION, "packs": now}


def replay(events: list[dict[str, Any]], *, secret: bytes | None = None,
           registry: Registry | None = None) -> Replay:
    """Re-execute ``events`` batch by batch; stop at the first divergence."""
    registry = registry or installed()
    found = Replay()
    recorded = _read_recorded(events, secret)
    first = events[0]
    data = first.get("data") or {}
    test = data.get("test") is True
    for event in events:
        rolled = event.get("data") if event.get("type") == "dice.rolled" else None
        if isinstance(rolled, dict) and rolled.get("forced") and not test:
            found.forced_in_ordinary.append(int(event.get("seq", 0)))
    cls = type("_Replay", (_ReplayGame,), {"recorded": recorded})
    position = 0
    game: Game | None = None
    # While the log is at an older version of its pack: the state folded so far.
    older = _older(events, registry)
    try:
        for batch in _batches(events):
            head = batch[0]
            what = _describe(head)
            if older is not None and not _upgrades_to_running(batch, older[1]):
                # verify folded the whole log before replaying it: these ops fold.
                fold((op for event in batch for op in event.get("ops", ())), older[0])
                position += len(batch)
                found.as_recorded += 1
                continue
            try:
                if older is not None:
                    game = _resume(cls, events[:position], older[0], registry, test)
                    older = None
                if game is None:
                    game = _create(cls, head, registry, test)
                elif head.get("type") == "pack.upgraded":
                    game.upgrade(upgrades.recorded_version(game.state.root, events[0]),
                                 at=parse(str(head.get("time"))))
                    found.upgraded_to = game.pack.version
                else:
                    _perform(game, head)
            except RecursionError:
                raise
            except Exception as exc:  # untrusted input: any failure is a divergence
                found.diverged_at = int(head.get("seq", position + 1))
                found.divergence = f"seq {found.diverged_at}: re-executing {what} fails: {exc}"
                return found
            produced = game.log[position:]
            problem = _compare(produced, batch, what, first_event=position == 0)
            if problem is not None:
                # The batch is what could not be re-executed; the message names the event.
                found.diverged_at, found.divergence = int(head.get("seq", 0)), problem[1]
                return found
            position += len(batch)
            found.batches += 1
    except RecursionError:
        found.divergence = "the log is nested too deeply to re-execute"
        found.diverged_at = 0
    return found


def _older(events: list[dict[str, Any]],
           registry: Registry) -> tuple[dict[str, Any], str] | None:
    """When the log starts at an older version of its pack from which the running
    version declares upgrades: an empty state to fold its batches into, and the
    running version. Else None (the log is re-executed from its start)."""
    data = events[0].get("data") if events else None
    pack_id = data.get("pack") if isinstance(data, dict) else None
    if not isinstance(pack_id, str) or events[0].get("type") != "game.created" \
            or written_by(events) is None:
        return None  # a log that predates version records is re-executed whole
    try:
        pack = registry.pack(pack_id)
        recorded = upgrades.recorded_version({"game": {"pack": pack_id}}, events[0])
        if recorded == pack.version or not upgrades.path(pack.id, pack.upgrades, recorded,
                                                          pack.version):
            return None
    except GameError:
        return None  # not installed, or no way up: re-executing says where it differs
    return {}, pack.version


def _upgrades_to_running(batch: list[dict[str, Any]], running: str) -> bool:
    """Whether ``batch`` is the upgrade that brought the game to the running version."""
    steps = [e.get("data") for e in batch if e.get("type") == "pack.upgraded"]
    return batch[0].get("type") == "pack.upgraded" and isinstance(steps[-1], dict) \
        and steps[-1].get("to_version") == running


def _resume(cls: type[Game], before: list[dict[str, Any]], root: dict[str, Any],
            registry: Registry, test: bool) -> Game:
    """The replay's game at the state folded from the batches ``before`` it, which it
    did not re-execute, with its dice at the epoch they reached."""
    recorded: _Recorded = cls.recorded  # type: ignore[attr-defined]
    epoch = len(root["dice"]["epochs"])
    known = recorded.secrets[epoch - 1] if epoch <= len(recorded.secrets) else None
    game = cls(registry.pack(root["game"]["pack"]), root, registry=registry,
               secret=known or _UNKNOWN, log=list(before), allow_forced=test)
    game._epoch = epoch  # type: ignore[attr-defined]
    return game


def _read_recorded(events: list[dict[str, Any]], secret: bytes | None) -> _Recorded:
    rolls: dict[int, tuple[int, bool]] = {}
    commitments: list[str] = []
    secrets: list[bytes | None] = []
    for event in events:
        kind, data = event.get("type"), event.get("data")
        if not isinstance(data, dict):
            continue
        if kind == "dice.rolled" and isinstance(data.get("index"), int):
            value = data.get("value")
            rolls[data["index"]] = (value if isinstance(value, int) else 0,
                                    bool(data.get("forced", False)))
        elif kind in ("game.created", "seed.committed"):
            commitments.append(str(data.get("commitment")))
            secrets.append(None)
        elif kind == "seed.revealed" and secrets:
            with contextlib.suppress(ValueError):
                secrets[len(secrets) - 1] = bytes.fromhex(str(data.get("secret")))
    if secret is not None and secrets and secrets[-1] is None:
        secrets[-1] = secret
    return _Recorded(rolls, commitments, secrets)


def _batches(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = []
    for event in events:
        if out and event.get("batch") is not None and out[-1][0].get("batch") == event.get(
                "batch"):
            out[-1].append(event)
        else:
            out.append([event])
    return out


def _create(cls: type[Game], head: dict[str, Any], registry: Registry, test: bool) -> Game:
    if head.get("type") != "game.created":
        raise ValueError("the log does not start with game.created")
    data = head.get("data") or {}
    state = _set_op(head, [])
    game_part = state.get("game", {}) if isinstance(state, dict) else {}
    recorded: _Recorded = cls.recorded  # type: ignore[attr-defined]
    secret = recorded.secrets[0] if recorded.secrets and recorded.secrets[0] else _UNKNOWN
    # A child game's creation records its link to its parent (nomicon.kernel.subgames).
    parent = data.get("parent")
    return cls.create(str(data.get("pack")), start=parse(str(head.get("time"))),
                      secret=secret, params=data.get("params") or {},
                      game_id=str(game_part.get("id")), registry=registry, allow_forced=test,
                      parent=cast(ParentLink, parent) if isinstance(parent, dict) else None)


def _set_op(event: dict[str, Any], path: list[Any]) -> Any:
    """The value a ``set`` op of the event writes at ``path`` (the creation's tree)."""
    for op in event.get("ops", []):
        if isinstance(op, list) and len(op) == 3 and op[0] == "set" and op[1] == path:
            return op[2]
    return None


def _perform(game: Game, head: dict[str, Any]) -> None:
    kind = head.get("type")
    data = head.get("data") or {}
    at = parse(str(head.get("time")))
    if kind == "action":
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError("the action's arguments are not an object")
        # A substitute's action is recorded in the seat's name, ``by`` the substitute,
        # who is the one that sends it again.
        game.act(str(data.get("by") or head.get("actor")), str(data.get("name")), at=at,
                 **args)
    elif kind in ("timer.fired", "timer.failed"):
        # The engine fires the timer due first (by time, then key), and only that.
        timer = game.next_timer()
        if timer is None or timer["key"] != data.get("key_name"):
            due = "no timer" if timer is None else f"the timer {timer['key']}"
            raise ValueError(f"{due} is due first at this point, not {data.get('key_name')}")
        game._fire(timer)
    elif kind == "clock.advanced":
        game.advance(at)
    elif kind == "game.reverted":
        _revert_mark(game, head, at)
    elif kind == "game.archived":
        with game._transaction(at, ADMIN) as ctx:
            ctx.set(["game", "successor"], data.get("successor"))
            ctx.emit(events.GAME_ARCHIVED, str(head.get("message")),
                     successor=data.get("successor"), before=data.get("before"), by=data.get("by"))
            finish(ctx, f"reverted; continued as game {data.get('successor')}")
    else:
        raise ValueError(f"a batch that starts with {kind!r} is no input the engine takes")


def _revert_mark(game: Game, head: dict[str, Any], at: datetime) -> None:
    """The batch that starts a reverted game (see ``nomicon.server.revert``)."""
    data = head.get("data") or {}
    new_id = _set_op(head, ["game", "id"])
    with game._transaction(at, ADMIN) as ctx:
        ctx.set(["game", "id"], new_id)
        ctx.set(["game", "reverted"], {"from": data.get("from_game"), "before": data.get("before"),
                                       "by": data.get("by"), "at": data.get("at")})
        ctx.emit(events.GAME_REVERTED, str(head.get("message")), from_game=data.get("from_game"),
                 before=data.get("before"), by=data.get("by"), at=data.get("at"))


def _describe(head: dict[str, Any]) -> str:
    data = head.get("data") or {}
    kind = head.get("type")
    if kind == "action":
        args = data.get("args") or {}
        shown = " ".join(f"{k}={v}" for k, v in args.items()) if isinstance(args, dict) else ""
        return f"{head.get('actor')}'s {data.get('name')}" + (f" {shown}" if shown else "")
    if kind in ("timer.fired", "timer.failed"):
        return f"the timer {data.get('key_name')}"
    if kind == "game.created":
        return "the game's creation"
    return f"the {kind}"


def _compare(produced: list[dict[str, Any]], recorded: list[dict[str, Any]], what: str,
             *, first_event: bool) -> tuple[int, str] | None:
    """The first difference between the produced and the recorded events, if any.

    Hashes are not compared: the chain check covers them, and equal fields under a
    verified chain mean equal events.
    """
    for index in range(max(len(produced), len(recorded))):
        if index >= len(recorded):
            seq = int(recorded[-1].get("seq", 0)) + 1
            return seq, (f"seq {seq}: re-executing {what} also gives a {produced[index]['type']}"
                         f" event ({produced[index].get('message')!r}) that the log lacks")
        mine, theirs = (produced[index] if index < len(produced) else None), recorded[index]
        seq = int(theirs.get("seq", 0))
        if mine is None:
            return seq, (f"seq {seq}: re-executing {what} gives no {theirs.get('type')} event, "
                         f"but the log has one ({theirs.get('message')!r})")
        for key in sorted(set(mine) | set(theirs) - {"hash"}):
            if key == "hash":
                continue
            a, b = mine.get(key), theirs.get(key)
            if key == "data" and first_event and isinstance(a, dict) and isinstance(b, dict):
                a = {k: v for k, v in a.items() if k != "versions"}
                b = {k: v for k, v in b.items() if k != "versions"}
            if a != b and _plain(a) != b:
                return seq, f"seq {seq}: re-executing {what} gives {_difference(key, a, b)}"
    return None


def _plain(value: Any) -> Any:
    """The value as the stored log has it (JSON: tuples become lists)."""
    return json.loads(json.dumps(value))


def _difference(key: str, mine: Any, theirs: Any) -> str:
    if key == "ops" and isinstance(mine, list) and isinstance(theirs, list):
        for a, b in zip(mine, theirs, strict=False):
            if a != b:
                if _same_target(a, b):
                    return f"{_op(a)}, the log says {_short(b[2])}"
                return f"{_op(a)}, the log says {_op(b)}"
        longer, which = (mine, "the log lacks") if len(mine) > len(theirs) else (
            theirs, "re-executing does not make")
        return f"a change {which}: {_op(longer[min(len(mine), len(theirs))])}"
    if key == "data" and isinstance(mine, dict) and isinstance(theirs, dict):
        for name in sorted(set(mine) | set(theirs)):
            if mine.get(name) != theirs.get(name):
                return f"{name} {_short(mine.get(name))}, the log says {_short(theirs.get(name))}"
    return f"{key} {_short(mine)}, the log says {_short(theirs)}"


def _same_target(a: Any, b: Any) -> bool:
    return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b) == 3
            and a[0] == b[0] == "set" and a[1] == b[1])


def _op(op: Any) -> str:
    if isinstance(op, list) and len(op) >= 2 and isinstance(op[1], list):
        path = ".".join(str(p) for p in op[1]) or "(the whole state)"
        if op[0] == "set" and len(op) == 3:
            return f"{path} {_short(op[2])}"
        return f"{op[0]} {path}" + (f" {_short(op[2])}" if len(op) > 2 else "")
    return _short(op)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:119] + "…"
