"""A game's history as players read it: one line per thing that happened, in words.

The log also records the books (timers firing, the clock) and every action taken,
whose effects have entries of their own: the history leaves those out. Some entries'
recorded messages show the machinery (Python reprs of dicts and lists, internal step
and status names, "1 points"): the history says those from their data.

The wording is fixed here, when the history is read, rather than in the messages the
rules emit: a message is part of the recorded event, and re-executing a stored game
(``nomicon verify``) must produce the events its log holds, word for word. Saying
them here also mends the history of games recorded before.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.display import counted, goods, label, listed, name_words, spoken

Entry = Mapping[str, Any]


#: Log entries that keep the game's books but are no thing that happened to a player:
#: what a timer did is told by the events it caused.
BOOKKEEPING = frozenset({"timer.fired", "clock.advanced"})
#: The log's records of actions taken: shown only when the action caused nothing else
#: to tell (otherwise every action would be told twice).
ACTIONS = frozenset({"action", "action.sealed"})
#: Entries whose subject is a player other than the one who acted (bob's move ends his
#: turn and begins carol's: the turn that begins is carol's).
_SUBJECT_IS_PLAYER = ("turn.",)


@dataclass(frozen=True)
class Line:
    """One line of a game's history as a player reads it."""

    seq: int
    time: str
    who: str
    what: str
    type: str


def story(entries: Sequence[Mapping[str, Any]]) -> list[Line]:
    """The history's lines for log entries (in their order): one line per thing that
    happened, in words, with whom it concerns; the books' own entries left out."""
    told = {(e.get("batch"), e["type"]) for e in entries}
    busy = {batch for batch, kind in told if kind not in BOOKKEEPING | ACTIONS}
    lines = []
    for entry in entries:
        kind = entry["type"]
        if kind in BOOKKEEPING or (kind in ACTIONS and entry.get("batch") in busy) or (
                kind == "action.sealed" and (entry.get("batch"), "action") in told):
            continue
        data = entry.get("data") or {}
        who = entry.get("actor") or ""
        if kind.startswith(_SUBJECT_IS_PLAYER) and isinstance(data.get("player"), str):
            who = data["player"]
        what = say(entry) or entry.get("message") or name_words(kind.replace(".", " "))
        if kind == "action":
            what = _action_words(who, data)
        elif kind == "action.sealed":
            what = f"{who} {name_words(str(data.get('name', 'acts')))} (sealed)"
        lines.append(Line(entry["seq"], entry.get("time", ""), "" if who == "admin" and
                          kind not in ACTIONS else who, what, kind))
    return lines


def _action_words(actor: str, data: Mapping[str, Any]) -> str:
    """An action in words: ``alice passes``, ``alice buy (item house)``."""
    name = name_words(str(data.get("name", "acts")))
    args = data.get("args") or {}
    said = "; ".join(f"{label(k)} {spoken(v)}" for k, v in args.items() if v is not None)
    return f"{actor} {name}" + (f" ({said})" if said else "")


def say(entry: Entry) -> str | None:
    """The entry said in words, or None when its message already says it well."""
    saying = _SAYINGS.get(entry["type"])
    if saying is None:
        return None
    try:
        return saying(entry, entry.get("data") or {}, str(entry.get("message") or ""))
    except (KeyError, TypeError, ValueError, SyntaxError):
        return None  # data of an older shape: the recorded message stands


def holder(name: str | None) -> str:
    """An account holder as players know it (an escrow's internal name is no one's)."""
    if name is None:
        return "outside"
    return "the escrow" if name.startswith("escrow:") else name


def _transfer(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    what = counted(data["amount"], data["currency"])
    source, target = data.get("source"), data.get("target")
    if source and target:
        text = f"{holder(source)} pays {holder(target)} {what}"
    elif source:
        text = f"{holder(source)} pays {what}"
    elif target:
        text = f"{holder(target)} receives {what}"
    else:
        text = f"{what} move"
    return f"{text} ({data['reason']})" if data.get("reason") else text


def _literal(text: str) -> Any:
    """A Python literal as the rule's message printed it (a dict of goods, a tally)."""
    return ast.literal_eval(text.strip())


def _failed(entry: Entry, data: Mapping[str, Any], message: str) -> str | None:
    # Recorded as "#5 fails {'against': 2}": the tally's dict.
    head, brace, tally = message.partition(" fails {")
    if not brace:
        return None
    counts = _literal("{" + tally)
    said = ", ".join(f"{n} {vote}" for vote, n in counts.items()) or "no votes"
    return f"{head} fails ({said})"


def _offered(entry: Entry, data: Mapping[str, Any], message: str) -> str | None:
    # Recorded as "carol offers bob {} for {'flute': 3}".
    prefix = f"{data['player']} offers {data['target']} "
    if not message.startswith(prefix) or "} for {" not in message:
        return None
    give, _, get = message.removeprefix(prefix).partition("} for {")
    return f"{prefix}{goods(_literal(give + '}'))} for {goods(_literal('{' + get))}"


def _answered(entry: Entry, data: Mapping[str, Any], message: str) -> str | None:
    # Recorded as "alice answered 'decline': buy the roll 6...?".
    how = "defaulted to" if entry["type"] == "prompt.defaulted" else "answered"
    prefix = f"{data['player']} {how} {data['option']!r}: "
    if not message.startswith(prefix):
        return None
    return f"{data['player']} {how} {spoken(data['option'])}: {message.removeprefix(prefix)}"


def _step_opened(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    what = "ballot" if data.get("options") is not None else "step"
    until = f" until {data['deadline']}" if data.get("deadline") else ""
    return f"the {what} {name_words(data['step'])} is open to {listed(data['players'])}{until}"


def _step_submitted(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    verb = "changes their submission to" if data.get("changed") else "submits"
    return f"{data['player']} {verb} {spoken(data['value'])} ({name_words(data['step'])}, sealed)"


def _step_resolved(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    defaulted = set(data.get("defaulted") or ())
    shown = ", ".join(f"{p} {spoken(v)}" + (" (default)" if p in defaulted else "")
                      for p, v in (data.get("submissions") or {}).items())
    tally = data.get("tally") or {}
    count = ("; count: " + ", ".join(f"{o} {n}" for o, n in tally.items())) if tally else ""
    return f"{name_words(data['step'])} resolved: {shown or 'no one took part'}{count}"


def _status_granted(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    until = f" until {data['until']}" if data.get("until") else ""
    return f"{data['holder']} is {name_words(data['name'])}{until}"


def _status_ended(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    return f"{data['holder']} is no longer {name_words(data['name'])} ({data['cause']})"


def _conceded(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    return (f"round {data['round']}: {data['player']} concedes the round with "
            f"{counted(data['points'], 'Gamepoint')}")


def _penalised(entry: Entry, data: Mapping[str, Any], message: str) -> str:
    return (f"{listed(data['players'])} lose {counted(data['points'], 'Gamepoint')}: step "
            f"{data['step']} was not done in time")


_SAYINGS: dict[str, Callable[[Entry, Mapping[str, Any], str], str | None]] = {
    "transfer": _transfer,
    "proposal.failed": _failed,
    "trade.offered": _offered,
    "prompt.answered": _answered,
    "prompt.defaulted": _answered,
    "step.opened": _step_opened,
    "step.submitted": _step_submitted,
    "step.resolved": _step_resolved,
    "status.granted": _status_granted,
    "status.ended": _status_ended,
    "tromino.conceded": _conceded,
    "fictionary.penalised": _penalised,
}
