"""Audiences: private rolls, reveals, and actions whose audience is decided as they run.

Three things that are public by default can be private (DESIGN §3b):

**A roll.** ``ctx.roll(sides, purpose, to=[...])`` logs its ``dice.rolled`` event to
that audience only (players, ``role:<name>``; the admin always), and notes the roll
under ``dice.private.<index>`` (``sides``, ``value``, ``purpose``, ``to``), a part of
the state that only the engine reads: views show the dice's count and epochs, never
this. ``ctx.reveal(rolls=...)`` or ``ctx.reveal(purpose=...)`` makes rolls public (or
shows them to more viewers, with ``to``) by a ``dice.revealed`` event; the roll's own
event stays as it was. The value is derived from the dice epoch's secret like any
other, so the dice audit re-derives it once the secret is out; and since the secret
then discloses every roll of its epoch, revealing it (the game's end, the admin's
rotation of the seed) first reveals the epoch's rolls still private, by a
``dice.revealed`` event that says why, rather than leaving them silently derivable.

**An event already logged.** ``ctx.reveal(events=[seq, ...])`` shows earlier events
to everyone (or to ``to``) by an ``event.revealed`` event that copies them (without
their state changes): how a rule lets a new referee read what the referee was told
before their time.

**The action itself.** ``ctx.audience([...])`` (or ``ctx.hide_action()``), called by a
rule while an action or a timer runs, shows that batch only to the viewers named, the
actor and the admin: the ``action`` event and every event of the batch that names no
audience of its own, before and after the call (the batch is not logged until it
ends, so this decides, it does not edit, the past). Several calls narrow it to the
viewers they all name. The decision is itself an event (``audience.set``), seen by
that audience, so the admin's history says which rule hid what and why. Events that
name their own audience keep it. A decision may hide the ``action`` event alone
(``only_action``): answering a private prompt does, since the answer is among the
action's arguments, while what the rule then does keeps the audience it gives it.
What a hidden action changes in the state is the rules' to hide as well (an
invisible player's location, by the rule's ``redact``).

Seqs are not hidden: a viewer sees that the log has events they may not read (gaps
in the seqs, a live stream's head that moves), never what they hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from nomicon.kernel import roles
from nomicon.kernel.events import AUDIENCE_SET, EVENTS_REVEALED, ROLLS_REVEALED

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

#: Where the state keeps the rolls not revealed yet: ``dice.private.<index>``.
PRIVATE = ("dice", "private")
#: The type of the events that decide a batch's audience.
AUDIENCE = AUDIENCE_SET.name


class PrivateRoll(TypedDict):
    """A roll that is not public yet, as the state keeps it (with its index)."""

    index: int
    sides: int
    value: int
    purpose: str
    to: list[str]


# -- private rolls ------------------------------------------------------------------------

def note_roll(ctx: Acting, index: int, sides: int, value: int, purpose: str,
              to: Sequence[str]) -> list[str]:
    """Keep a private roll until it is revealed; its audience as events keep it."""
    if isinstance(to, str):
        raise TypeError(f"a roll's audience is a list of names, not the text {to!r}")
    shown = roles.resolve(ctx.state.root, to)
    if not ctx.state.has(list(PRIVATE)):
        ctx.set(list(PRIVATE), {})
    ctx.set([*PRIVATE, str(index)],
            {"sides": sides, "value": value, "purpose": purpose, "to": shown})
    return shown


def private_rolls(root: dict[str, Any], purpose: str | None = None) -> list[PrivateRoll]:
    """The rolls not revealed yet (of ``purpose``, if given), oldest first."""
    kept = root.get("dice", {}).get(PRIVATE[1]) or {}
    return [{"index": int(index), "sides": record["sides"], "value": record["value"],
             "purpose": record["purpose"], "to": list(record["to"])}
            for index, record in sorted(kept.items(), key=lambda item: int(item[0]))
            if purpose is None or record["purpose"] == purpose]


def reveal_rolls(ctx: Acting, *, rolls: Sequence[int] = (), purpose: str | None = None,
                 to: Sequence[str] | None = None, reason: str = "") -> list[int]:
    """Reveal private rolls (those of the indexes ``rolls``, and every one of
    ``purpose``) to everyone, or to ``to`` besides their audience; the indexes revealed.

    One ``dice.revealed`` event carries them; none when there is nothing to reveal. A
    roll that was never private, or is public already, is a mistake in the rule.
    """
    kept = private_rolls(ctx.state.root)
    by_index = {roll["index"]: roll for roll in kept}
    for index in rolls:
        if index not in by_index:
            raise ValueError(f"roll {index} is not a private roll that is still hidden")
    chosen = [roll for roll in kept if roll["index"] in rolls
              or (purpose is not None and roll["purpose"] == purpose)]
    if not chosen:
        return []
    _reveal(ctx, chosen, to, reason)
    return [roll["index"] for roll in chosen]


def disclose_all(ctx: Acting, reason: str) -> None:
    """Reveal every roll still private: the secret that derives them is about to be."""
    kept = private_rolls(ctx.state.root)
    if kept:
        _reveal(ctx, kept, None, reason)


def _reveal(ctx: Acting, chosen: list[PrivateRoll], to: Sequence[str] | None,
            reason: str) -> None:
    if to is None:
        for roll in chosen:
            ctx.state.delete([*PRIVATE, str(roll["index"])])
        if not ctx.state.get(list(PRIVATE)):
            ctx.state.delete(list(PRIVATE))
    else:
        for roll in chosen:
            wider = sorted({*roll["to"], *roles.resolve(ctx.state.root, to)})
            ctx.set([*PRIVATE, str(roll["index"]), "to"], wider)
    shown = [{"index": r["index"], "sides": r["sides"], "value": r["value"],
              "purpose": r["purpose"]} for r in chosen]
    text = "; ".join(f"{r['purpose']}: 1d{r['sides']} = {r['value']}" for r in chosen)
    why = f" ({reason})" if reason else ""
    ctx.emit(ROLLS_REVEALED, f"revealed: {text}{why}", to=to, rolls=shown, reason=reason)


# -- events already logged ------------------------------------------------------------------

def reveal_events(ctx: Acting, events: Sequence[dict[str, Any]], *,
                  to: Sequence[str] | None = None, reason: str = "") -> None:
    """Show logged ``events`` to everyone (or to ``to``) by one ``event.revealed``
    event that copies what a reader of them sees (not their state changes)."""
    if not events:
        return
    copies = [{key: event[key] for key in ("seq", "time", "type", "actor", "message",
                                           "data", "rule") if key in event}
              for event in events]
    seqs = ", ".join(str(event.get("seq")) for event in events)
    why = f" ({reason})" if reason else ""
    ctx.emit(EVENTS_REVEALED, f"revealed: events {seqs}{why}", to=to, events=copies,
             reason=reason)


# -- the audience of the running batch --------------------------------------------------

def narrow(ctx: Acting, to: Sequence[str], reason: str = "", *,
           only_action: bool = False) -> None:
    """Show the running action (its whole batch; with ``only_action``, its ``action``
    event alone) only to ``to``, the actor and the admin, by an ``audience.set`` event
    that the engine applies when the batch ends."""
    if isinstance(to, str):
        raise TypeError(f"an audience is a list of names, not the text {to!r}")
    names = [*to, *([ctx.actor] if ctx.actor is not None else [])]
    for name in names:
        held = roles.role_of(name)
        if held is not None:
            roles.check_name(held)
    shown = roles.resolve(ctx.state.root, names)
    readers = ", ".join(shown) or "the admin"
    why = f": {reason}" if reason else ""
    ctx.emit(AUDIENCE_SET, f"this action is seen only by {readers}{why}", to=names,
             audience=shown, reason=reason, scope="action" if only_action else "batch")


def apply(events: list[dict[str, Any]]) -> None:
    """Give a batch's events the audience its rules decided (see :func:`narrow`): the
    ``action`` event and the decisions themselves get the viewers that every decision
    names, and every other event without an audience of its own the viewers that
    every decision about the whole batch names."""
    # Performance: this runs on every commit; nearly every batch decides nothing.
    decided = [event for event in events if event["type"] == AUDIENCE]
    if not decided:
        return
    narrowest = sorted(set.intersection(*(set(event["to"]) for event in decided)))
    whole = [set(event["to"]) for event in decided if event["data"]["scope"] == "batch"]
    batch = sorted(set.intersection(*whole)) if whole else None
    for event in events:
        if event["type"] == AUDIENCE or (event["type"] == "action" and "to" not in event):
            event["to"] = list(narrowest)
        elif batch is not None and "to" not in event:
            event["to"] = list(batch)
