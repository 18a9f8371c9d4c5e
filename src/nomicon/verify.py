"""Verify a game's log: numbering, hash chain, replay, and every die roll.

Anyone holding a game's log can check it:

1. the events are numbered 1..n without gaps;
2. each event's hash chains it to the one before (so no event was edited, dropped
   or inserted without rewriting every hash after it);
3. the ops of the log fold into a state without error;
4. re-executing every batch (an action, a timer, a clock advance, a join, a revert)
   with the engine, from the recorded creation, gives exactly the recorded events
   (see :mod:`nomicon.replay`): an edited op, an added winner, a changed roll is a
   divergence even under a recomputed hash chain. The log records the versions of
   Nomicon and of the pack that wrote it; when they differ from the running code, a
   divergence is reported as a batch that could not be re-executed, not a forgery.
   A game stored by an older version of its pack and upgraded since has its
   batches before the upgrade folded as recorded, not re-executed (``as_recorded``
   counts them; see :mod:`nomicon.replay`): the rest is re-executed;
5. forced rolls appear only in games created as test games (``test`` in
   ``game.created``);
6. every ``dice.rolled`` event shows the value derived from the secret of its dice
   epoch, once that secret is revealed (at the end of the game, or when the admin
   rotates the seed), and each revealed secret matches the commitment the game
   published before its first roll.

A game starts its first epoch at roll 0 (``game.created`` carries the commitment);
``seed.committed`` starts another (``first_roll``, ``commitment``); ``seed.revealed``
reveals the secret of the current one. Rolls of an epoch whose secret is not revealed
yet are *pending*; the local admin may pass the current secret to check them too.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.engine import event_hash
from nomicon.kernel.pack import Registry, installed
from nomicon.kernel.state import fold
from nomicon.replay import replay, running_versions, written_by

__all__ = ["Report", "verify"]


@dataclass
class Report:
    """What :func:`verify` found. ``ok`` is True exactly when there are no problems and
    every batch was re-executed (``unchecked`` says why one could not be)."""

    ok: bool
    events: int
    rolls: int
    verified: int
    forced: int
    pending: int
    problems: list[str] = field(default_factory=list)
    reexecuted: int = 0  # batches re-executed and found equal to the log
    batches: int = 0
    test: bool = False  # created as a test game (forced dice allowed)
    written_by: dict[str, Any] | None = None  # the versions the log records
    running: dict[str, Any] | None = None  # the versions of the code checking it
    # Said plainly when the code differs: what could not be re-executed, and why.
    unchecked: str | None = None
    # Batches written by an older version of the pack before its upgrade to the
    # running one: folded and checked as above, but not re-executed.
    as_recorded: int = 0

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Epoch:
    first_roll: int
    commitment: str
    secret: bytes | None = None


@dataclass
class _Roll:
    seq: int
    position: int  # rolls before this one in the log (what the epochs count)
    index: int  # the index the event records (what the value is derived from)
    sides: int
    value: int
    forced: bool


def verify(events: list[dict[str, Any]], *, secret: bytes | None = None,
           registry: Registry | None = None) -> Report:
    """Check a game's log; ``secret`` is the current (unrevealed) epoch's secret."""
    try:
        return _verify(events, secret, registry)
    except RecursionError:
        return Report(ok=False, events=len(events), rolls=0, verified=0, forced=0, pending=0,
                      problems=["the log is nested too deeply to be checked"])


def _verify(events: list[dict[str, Any]], secret: bytes | None,
            registry: Registry | None) -> Report:
    problems: list[str] = []
    # A log read back from a database is untrusted: it may hold anything at all.
    entries: list[Any] = list(events)
    _check_numbering(entries, problems)
    _check_chain(entries, problems)
    state = _check_fold(entries, problems)
    extra = _reexecute(entries, secret, registry, problems) if state is not None and not \
        problems else {}
    epochs, rolls = _read_dice(entries, problems)
    if state is not None:
        counter = state.get("dice")
        count = counter.get("count") if isinstance(counter, dict) else None
        if count is not None and count != len(rolls):
            problems.append(f"the state counts {count} rolls but the log records {len(rolls)}")
    if secret is not None and epochs and epochs[-1].secret is None:
        current = epochs[-1]
        if dice.commitment(secret) == current.commitment:
            current.secret = secret
        else:
            problems.append(f"the given secret does not match the commitment of the current "
                            f"dice epoch (from roll {current.first_roll})")
    verified = forced = pending = 0
    for roll in rolls:
        if roll.forced:
            forced += 1
            continue
        epoch = _epoch_of(epochs, roll.position)
        if epoch is None or epoch.secret is None:
            pending += 1
            continue
        try:
            expected = dice.derive_roll(epoch.secret, roll.index, roll.sides)
        except ValueError as exc:
            problems.append(f"seq {roll.seq}: roll {roll.index}: {exc}")
            continue
        if expected != roll.value:
            problems.append(f"seq {roll.seq}: roll {roll.index} (1d{roll.sides}) shows "
                            f"{roll.value}, but the secret gives {expected}")
        else:
            verified += 1
    return Report(ok=not problems and extra.get("unchecked") is None, events=len(events),
                  rolls=len(rolls), verified=verified, forced=forced, pending=pending,
                  problems=problems, **extra)


def _reexecute(events: list[Any], secret: bytes | None, registry: Registry | None,
               problems: list[str]) -> dict[str, Any]:
    """Re-execute the log (only a well-formed one: numbered, chained, folding)."""

    registry = registry or installed()
    written = written_by(events)
    running = running_versions(events, registry)
    data = events[0].get("data") if isinstance(events[0].get("data"), dict) else {}
    found = replay(events, secret=secret, registry=registry)
    for seq in found.forced_in_ordinary:
        problems.append(f"seq {seq}: a forced roll, but the game was not created as a test "
                        "game (only test games accept forced dice)")
    extra: dict[str, Any] = {"reexecuted": found.batches, "test": data.get("test") is True,
                             "written_by": written, "running": running,
                             "batches": _count_batches(events),
                             "as_recorded": found.as_recorded}
    if found.divergence is None:
        return extra
    # After an upgrade in the log, the batches were written by the version it reached.
    packs = dict((written or {}).get("packs") or {})
    if found.upgraded_to is not None and isinstance(data.get("pack"), str):
        packs[data["pack"]] = found.upgraded_to
    same = written is not None and written.get("nomicon") == running["nomicon"] and \
        packs == {k: v for k, v in running["packs"].items() if k in packs}
    if same:
        problems.append(found.divergence)
        return extra
    who = "versions not recorded (written before Nomicon recorded them)" if written is None \
        else f"Nomicon {written.get('nomicon')}, packs {written.get('packs')}"
    extra["unchecked"] = (
        f"the game was written by other code ({who}); this is Nomicon {running['nomicon']}, "
        f"packs {running['packs']}. Batches from seq {found.diverged_at} on could not be "
        f"re-executed: {found.divergence}")
    return extra


def _count_batches(events: list[Any]) -> int:
    return len({e.get("batch", e.get("seq")) for e in events})


def _where(event: Any, position: int) -> str:
    seq = event.get("seq") if isinstance(event, dict) else None
    return f"seq {seq}" if isinstance(seq, int) else f"event #{position + 1}"


def _check_numbering(events: list[Any], problems: list[str]) -> None:
    for position, event in enumerate(events):
        seq = event.get("seq") if isinstance(event, dict) else None
        if seq != position + 1:
            problems.append(f"event #{position + 1} has seq {seq!r}, expected {position + 1}")


def _check_chain(events: list[Any], problems: list[str]) -> None:
    # Each event is checked against the *stored* hash of the one before, so an edit
    # is reported at the event that was edited, not at every event after it.
    previous = ""
    for position, event in enumerate(events):
        if not isinstance(event, dict):
            problems.append(f"event #{position + 1} is not an object")
            previous = ""
            continue
        stored = event.get("hash")
        try:
            expected = event_hash(previous, event)
        except (TypeError, ValueError) as exc:
            problems.append(f"{_where(event, position)}: cannot hash the event: {exc}")
            expected = None
        if stored != expected and expected is not None:
            problems.append(f"{_where(event, position)}: the hash chain is broken (the event "
                            "does not match its hash, or its hash does not follow the "
                            "previous event's)")
        previous = stored if isinstance(stored, str) else ""


def _check_fold(events: list[Any], problems: list[str]) -> dict[str, Any] | None:
    root: dict[str, Any] = {}
    for position, event in enumerate(events):
        ops = event.get("ops", []) if isinstance(event, dict) else []
        try:
            fold(ops, root)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            problems.append(f"{_where(event, position)}: the log does not replay: {exc}")
            return None
    return root


def _read_dice(events: list[Any],
               problems: list[str]) -> tuple[list[_Epoch], list[_Roll]]:
    epochs: list[_Epoch] = []
    rolls: list[_Roll] = []
    for position, event in enumerate(events):
        if not isinstance(event, dict):
            continue
        where = _where(event, position)
        kind = event.get("type")
        data = event.get("data")
        if kind not in ("game.created", "seed.committed", "seed.revealed", "dice.rolled"):
            continue
        if not isinstance(data, dict):
            problems.append(f"{where}: a {kind} event without data")
            continue
        if kind == "game.created":
            if epochs:
                problems.append(f"{where}: a second game.created event")
            epochs.append(_Epoch(0, str(data.get("commitment"))))
        elif kind == "seed.committed":
            first = data.get("first_roll")
            if first != len(rolls):
                problems.append(f"{where}: a dice epoch starting at roll {first!r}, but "
                                f"{len(rolls)} rolls came before it")
            epochs.append(_Epoch(len(rolls), str(data.get("commitment"))))
        elif kind == "seed.revealed":
            _reveal(epochs, data, where, problems)
        else:
            roll = _read_roll(event, data, where, len(rolls), problems)
            if roll is not None:
                rolls.append(roll)
    return epochs, rolls


def _reveal(epochs: list[_Epoch], data: dict[str, Any], where: str,
            problems: list[str]) -> None:
    if not epochs:
        problems.append(f"{where}: a secret revealed before any commitment")
        return
    epoch = epochs[-1]
    if data.get("commitment", epoch.commitment) != epoch.commitment:
        problems.append(f"{where}: the reveal names commitment {data.get('commitment')}, but "
                        f"the current epoch committed to {epoch.commitment}")
    try:
        secret = bytes.fromhex(str(data.get("secret")))
    except ValueError:
        problems.append(f"{where}: the revealed secret is not hexadecimal")
        return
    if hashlib.sha256(secret).hexdigest() != epoch.commitment:
        problems.append(f"{where}: the revealed secret does not match the commitment "
                        f"{epoch.commitment} published from roll {epoch.first_roll}")
        return
    if epoch.secret is not None and epoch.secret != secret:
        problems.append(f"{where}: a second, different secret revealed for one epoch")
        return
    epoch.secret = secret


def _read_roll(event: dict[str, Any], data: dict[str, Any], where: str, expected_index: int,
               problems: list[str]) -> _Roll | None:
    index, sides, value = _int(data, "index"), _int(data, "sides"), _int(data, "value")
    if index is None or sides is None or value is None:
        problems.append(f"{where}: a dice.rolled event without integer index, sides and value")
        return None
    if index != expected_index:
        problems.append(f"{where}: roll index {index}, expected {expected_index}")
    if not 1 <= value <= max(sides, 1):
        problems.append(f"{where}: roll {index} shows {value}, which 1d{sides} cannot")
    seq = event.get("seq")
    return _Roll(seq if isinstance(seq, int) else -1, expected_index, index, sides, value,
                 bool(data.get("forced", False)))


def _int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _epoch_of(epochs: list[_Epoch], position: int) -> _Epoch | None:
    found = None
    for epoch in epochs:
        if epoch.first_roll <= position:
            found = epoch
    return found
