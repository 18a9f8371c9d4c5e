"""Proposals in a game's updates: the phase in which they are judged waits for them.

A game played by mail judges the week's proposals at its update ("Proposals will be
judged and the rules will be updated", Nomopoly II XXXV.2) and goes on only when that
is done: a phase whose ``waits`` is :func:`proposals_undecided` holds the update until
every proposal made before the update began is decided (judged by the admin, or
closed by its vote), or the admin moves the update on (``continue-update``).
"""

from __future__ import annotations

from typing import Any

from nomicon.governance.proposals import open_proposals
from nomicon.kernel.context import Ctx
from nomicon.kernel.timefmt import parse


def proposals_undecided(ctx: Ctx, update: dict[str, Any]) -> str | None:
    """Why the update waits: the proposals made before it began that are still
    undecided (None: there are none)."""
    began = parse(update["at"])
    waiting = [p["id"] for p in open_proposals(ctx) if parse(p["opened"]) < began]
    if not waiting:
        return None
    listed = ", ".join(f"#{number}" for number in waiting)
    return (f"proposal {listed} is undecided" if len(waiting) == 1
            else f"proposals {listed} are undecided")
