"""The parent's page of instances (rule 1250.1 VI): every instance of a game, enrolling,
running or ended, newest first and a page at a time, with its game, players, referee,
status, end of enrolment, result and payoff, and a link to its child game's board.
The forms to announce, enrol and volunteer to referee are shown to a viewer who may
take them now. Instances are public: every viewer sees the same rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import Link, PackPage, Section
from nomicon.packs.ackanomic.instances import (
    ABORTED_STATUS,
    ENROLLING,
    SETTLED,
    STARTED,
    TABLE,
)

View = Mapping[str, Any]
Record = Mapping[str, Any]
#: The key of a row that orders the rows and pages them (the instance's number).
NUMBER = "#"


def _records(view: View, *statuses: str) -> list[Record]:
    """The instances of ``statuses``, newest first."""
    found = [r for r in (view.get(TABLE) or {}).values()
             if isinstance(r, Mapping) and r.get("status") in statuses]
    return sorted(found, key=lambda r: -int(r["id"]))


def _game(record: Record) -> str:
    return f"{record['title']} ({record['game']})" + (", a Duel" if record.get("duel") else "")


def _players(record: Record) -> str:
    """The players, with what the dice drew for each once it started."""
    seating = record.get("seating") or {}
    players = record.get("players") or record.get("enrolled") or []
    return ", ".join(f"{seating[p]} {p}" if p in seating else p for p in players) or "nobody yet"


def _referee(record: Record) -> str:
    if record.get("referee"):
        return str(record["referee"])
    return "nobody yet" if record.get("status") == ENROLLING else "the engine"


def _board(record: Record) -> Link | str:
    child = record.get("child")
    return Link(f"{record['title']} #{record['id']}", child) if child else ""


def amount(good: str, change: int) -> str:
    """A change of a balance as the page says it: ``A$8``, ``4 points``, ``-A$25``."""
    sign = "-" if change < 0 else ""
    if good == "A$":
        return f"{sign}A${abs(change)}"
    name = good.replace("-", " ")
    return f"{change} {name}" + ("s" if abs(change) != 1 and not name.endswith("s") else "")


def payoff_text(record: Record) -> str:
    """What settling the instance paid, holder by holder (nothing: "nothing")."""
    if record.get("status") == ABORTED_STATUS:
        return "none (any fee refunded)"
    paid = record.get("payoff")
    if paid is None:
        return ""
    return "; ".join(f"{holder}: " + ", ".join(amount(g, n) for g, n in goods.items())
                     for holder, goods in paid.items()) or "nothing"


def result_text(record: Record) -> str:
    if record.get("status") == ABORTED_STATUS:
        return "aborted"
    winners = record.get("winners") or []
    return ("won by " + " and ".join(winners)) if winners else "no winner"


def enrolling(view: View) -> list[dict[str, Any]]:
    return [{NUMBER: r["id"], "game": _game(r), "announced by": r["announcer"],
             "players": _players(r), "places": f"{r['least']} to {r['most']}",
             "referee": _referee(r), "enrolment closes": r.get("closes") or "",
             "status": "enrolling"} for r in _records(view, ENROLLING)]


def running(view: View) -> list[dict[str, Any]]:
    return [{NUMBER: r["id"], "game": _game(r), "players": _players(r),
             "referee": _referee(r), "started": r.get("started") or "",
             "status": "running", "board": _board(r)} for r in _records(view, STARTED)]


def ended(view: View) -> list[dict[str, Any]]:
    return [{NUMBER: r["id"], "game": _game(r), "players": _players(r),
             "referee": _referee(r), "enrolment closed": r.get("closes") or "",
             "status": "ended" if r["status"] != ABORTED_STATUS else "aborted",
             "result": result_text(r), "payoff": payoff_text(r), "board": _board(r)}
            for r in _records(view, SETTLED, ABORTED_STATUS)]


INSTANCES = PackPage("instances", "Games & Contests", (
    Section("Enrolling", enrolling, parts=(TABLE,), cursor=NUMBER,
            empty="No instance is open for enrolment.",
            actions=("announce", "enrol", "volunteer-referee"),
            about="Any active player may announce an instance of a game, and may at the "
                  "same time offer to referee it. Enrolment is open for 3 days to every "
                  "active player who does not referee it, and closes early when the game "
                  "is full."),
    Section("Running", running, parts=(TABLE,), cursor=NUMBER,
            empty="No instance is being played."),
    Section("Ended", ended, parts=(TABLE,), cursor=NUMBER, empty="No instance has ended."),
))
