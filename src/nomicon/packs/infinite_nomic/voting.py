"""Rule 4: Proposing and voting (thumbs up and down for 24 hours)."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx
from nomicon.governance.proposals import VotingMethod, tally
from nomicon.packs.infinite_nomic.core import PACK


class ProposingAndVoting(VotingMethod):
    """A player who does not already have a proposal being voted on may make a proposal by posting a message in #proposals. Players may then react to that message with either thumbsup or thumbsdown during the next 24 hours. When the voting period is over, if the message has more thumbsup reactions than thumbsdown reactions, the events stated in the proposal take effect and the player who sent the message containing the proposal gains a number of points equal to the amount of thumbsup reactions on the proposal minus the amount of thumbsdown reactions.

    If a proposal message is deleted or edited before it takes effect, then the proposal is retracted. It does not take effect and its voting period ends."""  # noqa: E501

    key = "proposing-and-voting"
    pack = PACK
    number = 4
    title = "Proposing and voting"
    vote_options = ("up", "down")

    def decide(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> str | None:
        if not final:
            return None  # reactions can change until the 24 hours are over
        counts = tally(proposal)
        return "pass" if counts.get("up", 0) > counts.get("down", 0) else "fail"

    def on_passed(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        counts = tally(proposal)
        margin = counts.get("up", 0) - counts.get("down", 0)
        if margin > 0 and ctx.is_player(proposal["author"]) and "points" in ctx.rules.currencies:
            ctx.gain(proposal["author"], margin, f"proposal #{proposal['id']} passed")
