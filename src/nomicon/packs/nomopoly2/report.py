"""Nomopoly II's published report: what the admin posts after each weekly update.

The seed's header names the report's pages: "Proposals Rules Players Board Gov't".
The pages are :mod:`.pages`; this module keeps what the state alone would not say
(which proposals were judged in which week, and the result of every order of the
last update, XXII.6) and renders the whole report as plain text for the mail digest
(:func:`render_text`), from one viewer's view, so it shows that viewer nothing the
pages would not.

The record is ``orgs.report``::

    {"week": <the number of the update it is about>,
     "results": [{order, player, order_text, phase, outcome, reason, sealed, week}],
     "judged": [{proposal, author, title, verdict, award, week}]}

A proposal judged between two updates belongs to the next one; a result belongs to
the update that ran its order. A sealed order's result (a secret bid) is its
player's: everyone else reads only that it ran and how it ended.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from nomicon.authoring import Ctx, Rule, events, hook
from nomicon.packs.nomopoly2.pages import REPORT, REPORT_PAGES, SEALED
from nomicon.packs.nomopoly2.terms import PACK, fact, set_fact, week_now


def shown(action: str, args: Mapping[str, Any]) -> str:
    """An order in the words it was written in: ``name-square square=5 name=Home``."""
    return " ".join([action, *(f"{key}={value}" for key, value in args.items())])


def _record(ctx: Ctx) -> dict[str, Any]:
    found: dict[str, Any] = dict(fact(ctx, REPORT, None) or {})
    found.setdefault("week", 0)
    found.setdefault("results", [])
    found.setdefault("judged", [])
    return found


class ThePublishedReport(Rule):
    """The admin will post the results of all actions, failed or otherwise, when he posts the proposals judged that week."""  # noqa: E501

    key = "the-published-report"
    pack = PACK
    number = 9002
    title = "The published report"
    # Not an item of the seed: the record behind the report's pages (the seed's
    # header, "Proposals Rules Players Board Gov't"), in XXII.6's words. The
    # results themselves are the kernel's order events; the pages read views, which
    # hold the state and not the log, so the week's results are kept here.

    @hook(events.UPDATE_BEGAN)
    def new_week(self, ctx: Ctx, data: events.UpdateEvent) -> None:
        record = _record(ctx)
        week = int(data["update"])
        set_fact(ctx, REPORT, {
            "week": week, "results": [],
            "judged": [j for j in record["judged"] if int(j["week"]) >= week]})

    @hook(events.PROPOSAL_TURN_EARNED)
    def judged(self, ctx: Ctx, data: events.TurnEarned) -> None:
        self._judged(ctx, data)

    @hook(events.PROPOSAL_FINED)
    def wasted(self, ctx: Ctx, data: events.TurnEarned) -> None:
        self._judged(ctx, data)

    def _judged(self, ctx: Ctx, data: Mapping[str, Any]) -> None:
        number = data["proposal"]
        proposal = ctx.get(["proposals", str(number)], None) or {}
        record = _record(ctx)
        record["judged"] = [*record["judged"], {
            "proposal": number, "author": data["player"], "title": proposal.get("title", ""),
            "verdict": proposal.get("verdict"), "award": data["award"], "week": week_now(ctx)}]
        set_fact(ctx, REPORT, record)

    @hook(events.ORDER_DONE)
    def done(self, ctx: Ctx, data: events.OrderOutcome) -> None:
        self._result(ctx, data, "done")

    @hook(events.ORDER_FAILED)
    def failed(self, ctx: Ctx, data: events.OrderOutcome) -> None:
        self._result(ctx, data, "failed")

    @hook(events.ORDER_SKIPPED)
    def skipped(self, ctx: Ctx, data: events.OrderOutcome) -> None:
        self._result(ctx, data, "skipped")

    def _result(self, ctx: Ctx, data: Mapping[str, Any], outcome: str) -> None:
        names = [data["action"]] + ([data["otherwise"]["action"]] if data["otherwise"] else [])
        sealed = any(decl.sealed for name in names
                     for _rule, decl in ctx.rules.actions.get(name, ()))
        reason = data["refusal"]
        if outcome == "skipped":
            reason = f"{data['condition']} is false"
        record = _record(ctx)
        record["results"] = [*record["results"], {
            "order": data["order"], "player": data["player"],
            "order_text": shown(data["action"], data["args"]), "phase": data["phase"],
            "outcome": outcome, "reason": reason, "sealed": sealed, "week": week_now(ctx)}]
        set_fact(ctx, REPORT, record)

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """A sealed order's result shows its order and reason to its player only."""
        record = (view.get("orgs") or {}).get(REPORT)
        if viewer == "admin" or not isinstance(record, dict):
            return
        for row in record.get("results") or []:
            if row.get("sealed") and row.get("player") != viewer:
                row["order_text"] = SEALED
                row["reason"] = None


RULES: tuple[type[Rule], ...] = (ThePublishedReport,)


# -- the report as text ----------------------------------------------------------------

#: The width the text is laid out in (a mail reader's, roughly).
WIDTH = 100


def _cell(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _table(rows: Sequence[Mapping[str, Any]]) -> Table:
    # rich lays out the columns (wrapping long cells) rather than code of our own.
    columns = list(dict.fromkeys(key for row in rows for key in row))
    table = Table(*columns, box=box.ASCII, show_edge=False, expand=False)
    for row in rows:
        table.add_row(*(_cell(row.get(c)) for c in columns))
    return table


def render_text(view: Mapping[str, Any]) -> str:
    """The published report (the five pages of the seed's header, in its order) as
    plain text, from ``view``: a viewer's view of the game (``Game.view(viewer)``)."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, emoji=False,
                      highlight=False, markup=False)
    game = view.get("game") or {}
    update = view.get("update") or {}
    console.print(f"{game.get('title', 'Nomopoly II (Mail)')}: the report of update "
                  f"{update.get('number', 0)}")
    for page in REPORT_PAGES:
        console.print()
        console.print(f"=== {page.title} ===")
        for section in page.sections:
            console.print()
            console.print(f"{section.title}")
            console.print("-" * len(section.title))
            found = section.read(view)
            if not found:
                console.print(section.empty)
            elif isinstance(found, Mapping):
                for label, value in found.items():
                    console.print(f"{label}: {_cell(value)}")
            elif isinstance(found, Sequence):
                console.print(_table(found))
            else:  # a picture: the report's tables say the same in words
                console.print(found.alt)
    # rich pads table cells to their width: a mail's lines end at their last word.
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"
