"""The deadlines a viewer is subject to: when a turn passes, a ping is due, a prompt
takes its default, voting on a proposal closes, a sealed step closes, and when each
rule's schedule next runs; with the time shown in the viewer's time zone.

They are read from the game's timers and prompts (the state, which views do not
show), filtered to what the viewer may see: a timer that concerns one player (its
payload names them) is shown to that player alone, a prompt to whom it is put, a
sealed step to its members; the game's admin sees them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from nomicon.display import name_words
from nomicon.kernel.timefmt import parse

ADMIN = "admin"
DEFAULT_ZONE = "UTC"
# Timers with a way of their own to be said (the kernel's and the common rules'
# handlers); any other is said by its handler's name and its rule.
_PASS_TURN = "pass_turn"
_CLOSE_VOTING = "close_voting"
_STEP_DEADLINE = "step_deadline"
_PROMPT_DEADLINE = "prompt-deadline"
_PAUSE_END = "pause-end"
# Prompts' timers are said from the prompts themselves (their question and default).
_SAID_ELSEWHERE = frozenset({_PROMPT_DEADLINE})
# A turn passing is public (whose turn it is, and the rule's hours, are), though its
# timer names the player whose turn it is.
_PUBLIC = frozenset({_PASS_TURN, _CLOSE_VOTING, _PAUSE_END})
_OWN = {
    "did_not_continue": "your turn ends unless you continue it",
    "ping_missed": "your ping to the next player is due",
}


@dataclass(frozen=True)
class Deadline:
    """One deadline: what happens then, when (ISO time, UTC), and by which rule."""

    what: str
    due: str
    rule: str = ""

    def local(self, zone: str) -> str:
        """The time in time zone ``zone``: ``2030-01-02 14:00 CET``."""
        return parse(self.due).astimezone(zone_of(zone)).strftime("%Y-%m-%d %H:%M %Z")


def zone_of(name: str) -> ZoneInfo:
    """The time zone named ``name`` (an IANA name such as ``Europe/Paris``); UTC when
    it is unknown."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def is_zone(name: str) -> bool:
    """Whether ``name`` is a time zone this machine knows."""
    return name in available_timezones()


def deadlines(root: Mapping[str, Any], viewer: str, prompts: list[dict[str, Any]] | None = None
              ) -> list[Deadline]:
    """The deadlines ``viewer`` may see in the state ``root``, soonest first.
    ``prompts``: the prompts of the viewer's view (default: the state's, filtered)."""
    rules = {entry.get("rid"): entry for entry in (root.get("rules") or {}).values()
             if isinstance(entry, Mapping)}
    found = [d for timer in (root.get("timers") or {}).values()
             if (d := _timer(timer, root, rules, viewer)) is not None]
    for prompt in prompts if prompts is not None else root.get("prompts") or []:
        if prompt.get("deadline") and (viewer == ADMIN or prompt.get("to") == viewer):
            whose = "your" if prompt.get("to") == viewer else f"{prompt.get('to')}'s"
            default = prompt.get("default")
            said = f" takes its default, {default}" if default is not None else " closes"
            found.append(Deadline(f"{whose} decision “{prompt.get('message', '')}”{said}",
                                  str(prompt["deadline"])))
    return sorted(found, key=lambda d: (parse(d.due), d.what))


def _timer(timer: Mapping[str, Any], root: Mapping[str, Any],
           rules: Mapping[Any, Mapping[str, Any]], viewer: str) -> Deadline | None:
    handler = str(timer.get("handler", ""))
    payload = timer.get("payload") or {}
    if handler in _SAID_ELSEWHERE or "due" not in timer:
        return None
    concerns = payload.get("player") or payload.get("holder")
    if (viewer != ADMIN and handler not in _PUBLIC and isinstance(concerns, str)
            and concerns != viewer):
        return None  # another player's own timer
    rule = rules.get(timer.get("rid"))
    label = f"Rule {rule['number']}, {rule.get('title', '')}".rstrip(", ") if rule else ""
    due = str(timer["due"])
    if handler == _PASS_TURN:
        whose = "your" if concerns == viewer else f"{concerns}'s" if concerns else "the"
        return Deadline(f"{whose} turn passes", due, label)
    if handler == _CLOSE_VOTING:
        return Deadline(f"voting on proposal #{payload.get('id')} closes", due, label)
    if handler == _STEP_DEADLINE:
        step = (root.get("steps") or {}).get(payload.get("step")) or {}
        if viewer != ADMIN and viewer not in (step.get("players") or []):
            return None
        return Deadline(f"the {name_words(str(payload.get('step')))} step closes", due, label)
    if handler == _PAUSE_END:
        return Deadline("the game resumes", due, label)
    if concerns == viewer and handler in _OWN:
        return Deadline(_OWN[handler], due, label)
    what = name_words(handler)
    if timer.get("every"):
        what = f"next {what} ({timer['every']})"
    elif isinstance(concerns, str):
        what = f"{what} for {'you' if concerns == viewer else concerns}"
    return Deadline(what, due, label)


def now_in(zone: str, clock: datetime) -> str:
    """The game's clock in time zone ``zone``, as :meth:`Deadline.local` says times."""
    return clock.astimezone(zone_of(zone)).strftime("%Y-%m-%d %H:%M %Z")
