"""Voting methods that any game can use."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.governance.proposals import VotingMethod, tally
from nomicon.kernel.context import Ctx


class MajorityVote(VotingMethod):
    """A proposal passes when, at the end of its voting period, the votes for it are more than the given share of the votes cast for and against it, and at least the quorum of players has voted (abstentions count toward the quorum). Voting closes early when the result can no longer change."""  # noqa: E501

    key = "majority-vote"
    pack = "nomic"
    number = 1
    title = "Voting"

    class Params(VotingMethod.Params):
        threshold: float = Field(0.5, ge=0, lt=1, description="share of for+against to exceed")
        at_least: bool = Field(False, description="pass at exactly the threshold too")
        quorum: int = Field(1, ge=0, description="votes cast, abstentions included")
        early_close: bool = True
        author_reward: int = Field(0, ge=0, description="points for the author on passing")

    params: Params

    def _passes(self, yes: int, no: int, abstain: int) -> bool:
        if yes + no + abstain < self.params.quorum or yes + no == 0:
            return False
        share = yes / (yes + no)
        return share >= self.params.threshold if self.params.at_least \
            else share > self.params.threshold

    def decide(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> str | None:
        counts = tally(proposal)
        yes, no, abstain = (counts.get(k, 0) for k in ("for", "against", "abstain"))
        if final:
            return "pass" if self._passes(yes, no, abstain) else "fail"
        if not self.params.early_close:
            return None
        remaining = len([p for p in ctx.players() if p not in proposal["votes"]])
        if self._passes(yes, no, abstain) and self._passes(yes, no + remaining, abstain):
            # Passes whether the players left vote against or do not vote at all
            # (not voting can leave it short of the quorum).
            return "pass"
        if not self._passes(yes + remaining, no, abstain):
            return "fail"  # even if everyone left votes for
        return None

    def on_passed(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        if self.params.author_reward and "points" in ctx.rules.currencies:
            ctx.gain(proposal["author"], self.params.author_reward, "proposal passed")
