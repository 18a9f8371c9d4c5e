"""How a game stored by an older version of the Goofspiel pack is brought to this one."""

from __future__ import annotations

from nomicon.authoring import Ctx, Upgrade, parse
from nomicon.packs.ackanomic.goofspiel import BIDS, KEY, Bidding, in_progress

#: Version 1's timer of Rule 43 that ended a round (its payload: instance and round).
ROUND_TIMER = "pure-skill-round"


def bids_to_sealed_step(ctx: Ctx) -> None:
    """Version 1 kept a round's bids in each bidder's ``bid`` and ended the round by a
    timer of Rule 43's own (``timers.pure-skill-round``); version 2 collects them in
    the kernel's sealed step ``steps.pure-skill-bids``, whose deadline is the round's
    end. A round in progress keeps its end and the bids made: the step is opened
    until the old timer's time and each bid is submitted to it again."""
    made: dict[str, int] = {}
    for name, player in sorted((ctx.get(["players"]) or {}).items()):
        if isinstance(player, dict) and "bid" in player:
            if player["bid"] is not None:
                made[name] = player["bid"]
            ctx.state.delete(["players", name, "bid"])
    timer = ctx.get(["timers", ROUND_TIMER])
    if timer is None:
        return  # no round running, or bids on the sealed step already
    ctx.state.delete(["timers", ROUND_TIMER])
    bidding = ctx.rules.first(Bidding)
    if bidding is None or not in_progress(ctx) or ctx.get([KEY, "prize"]) is None \
            or ctx.step(BIDS) is not None:
        return  # nobody to collect the bids now: the round waits as it would have
    assert isinstance(bidding, Bidding)
    with ctx.running(bidding):
        bidding.open_bids(ctx, int(timer["payload"]["round"]), parse(timer["due"]))
        for name, card in made.items():
            ctx.submit(BIDS, name, card)


UPGRADES = (
    Upgrade("1", "2", bids_to_sealed_step,
            "a round's bids are a sealed step (steps.pure-skill-bids, shown as each "
            "bidder's bid), its deadline the round's end (no longer timers.pure-skill-round)"),
)
