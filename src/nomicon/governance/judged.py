"""A voting method in which the admin judges proposals (Nomopoly II, section IX).

Each proposal opens a prompt to the admin: accept, accept as a simplification,
reject, reject as a complete waste of time, or declare it a Sick Proposal. The admin
judges each player's first undecided proposal before any player's second (and so
on). A judged proposal that is not a waste of time earns its author a turn, taken
after the week's judging and after turns earned earlier; the award ($100 accepted,
+$100 more for a simplification) or fine ($10 rejected) is paid immediately before
that turn. The pack that runs the turns takes them with :func:`take_earned_turn`.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.governance.proposals import OPEN, VotingMethod, get, open_proposals, set_status
from nomicon.kernel import events
from nomicon.kernel.context import Ctx

ACCEPT, SIMPLIFIES, REJECT, WASTE, SICK = (
    "accept", "accept-simplifies", "reject", "waste", "sick")
DISCARDED = "discarded"


class AdminJudged(VotingMethod):
    """Players may propose to add new rules or change the existing rules of the game by submitting a proposal to the admin. If a player submits a proposal while two of her proposals is still undecided, then the oldest undecided proposal is discarded to make room for the new proposal. The admin will judge all properly submitted proposals, accepting or rejecting them. If a proposal is accepted, the admin will then alter the game state to implement all of the proposal's changes. If a proposal is rejected, the admin may opt to declare the proposal as a complete waste of time if the proposal meets one or more of the following criteria: it makes no changes in the rules; it is incomprehensible; it is an exact duplicate of a proposal that has already been submited and rejected. When a player's proposal is judged by the admin and not found to be a complete waste of time, that player will take a turn during after the week's proposals have been judged, and after all turns earned for previously made proposals have been taken. A player will be awarded $100 for each accepted proposal. A player will be fined $10 for each rejected proposal. These awards and fines will take place immediately before the turn resulting from the proposal is taken. Every week, the Admin will judge each player's first undecided proposal before judging any player's second undecided proposal. The Admin will also judge all second undecided proposals before judging any player's third undecided proposal. The admin may choose to declare a proposal a Sick Proposal. Sick Proposals will never be accepted when submitted by a player who is not Sick. If the admin accepts a proposal which he feels simplifies the ruleset, the player who made the proposal will be awarded an extra $100."""  # noqa: E501

    key = "admin-judged"
    pack = "nomic"
    number = 1
    title = "Proposals"
    vote_options = ()

    class Params(VotingMethod.Params):
        one_open_per_player: bool = False
        max_undecided: int = Field(2, ge=1)
        accept_award: int = 100
        reject_fine: int = 10
        simplify_bonus: int = 100
        currency: str = "dollars"

    params: Params

    def closes_at(self, ctx: Ctx, proposal: dict[str, Any]) -> str | None:
        return None  # the admin decides; there is no voting period

    def decide(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> str | None:
        return None

    def on_opened(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        author = proposal["author"]
        undecided = sorted((p for p in open_proposals(ctx)
                            if p["author"] == author and p["id"] != proposal["id"]),
                           key=lambda p: p["id"])
        while len(undecided) >= self.params.max_undecided:
            oldest = undecided.pop(0)
            set_status(ctx, oldest["id"], DISCARDED)
            for prompt in ctx.pending_prompts("admin"):
                if prompt["data"].get("proposal") == oldest["id"]:
                    ctx.state.remove_at(["prompts"], ctx.get(["prompts"]).index(prompt))
            ctx.emit(events.PROPOSAL_DISCARDED, f"#{oldest['id']} is discarded to make room for "
                     f"#{proposal['id']}", proposal=oldest["id"], player=author)
        # Its place in the judging order is fixed now: judging the author's first
        # proposal does not make the second one "first" ahead of other players' firsts.
        ctx.set(["proposals", str(proposal["id"]), "rank"], len(undecided) + 1)
        ctx.prompt("admin", [ACCEPT, SIMPLIFIES, REJECT, WASTE, SICK], REJECT,
                   handler=self.judged, data={"proposal": proposal["id"]},
                   message=f"judge #{proposal['id']} by {author}: {proposal['title']}")

    def ranks(self, ctx: Ctx) -> dict[int, int]:
        """Each undecided proposal's place among its author's undecided proposals when it
        was made (1: the author's first undecided proposal)."""
        return {p["id"]: p.get("rank", 1) for p in open_proposals(ctx)}

    def judged(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        number = prompt["data"]["proposal"]
        proposal = get(ctx, number)
        if proposal["status"] != OPEN:
            return
        ranks = self.ranks(ctx)
        if ranks[number] > min(ranks.values()):
            first = min(n for n, r in ranks.items() if r == min(ranks.values()))
            ctx.refuse(f"#{number} is its author's undecided proposal number {ranks[number]}",
                       detail=f"judge every player's proposal number {min(ranks.values())} "
                              f"first (#{first})")
        author = proposal["author"]
        accepted = option in (ACCEPT, SIMPLIFIES) or (
            option == SICK and bool(ctx.attr(author, "sick", False)))
        ctx.set(["proposals", str(number), "verdict"], option)
        if accepted:
            self._pass(ctx, proposal)
        else:
            self._fail(ctx, proposal)
        if option == WASTE:
            return
        award = self.params.accept_award if accepted else -self.params.reject_fine
        if option == SIMPLIFIES:
            award += self.params.simplify_bonus
        ctx.state.append(["earned_turns"], {"player": author, "proposal": number,
                                            "award": award, "currency": self.params.currency})
        ctx.emit(events.PROPOSAL_TURN_EARNED, f"{author} earns a turn by #{number} "
                 f"({'award' if award >= 0 else 'fine'} {abs(award)} {self.params.currency} "
                 "before it)", player=author, proposal=number, award=award)

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get(["earned_turns"]) is None:
            ctx.set(["earned_turns"], [])


def take_earned_turn(ctx: Ctx) -> dict[str, Any] | None:
    """The next earned turn, if any, with its award or fine paid (IX.5 and IX.6)."""
    queue = ctx.get(["earned_turns"], [])
    if not queue:
        return None
    entry: dict[str, Any] = queue[0]
    ctx.state.remove_at(["earned_turns"], 0)
    if entry["award"] > 0:
        ctx.gain(entry["player"], entry["award"], f"proposal #{entry['proposal']} accepted",
                 currency=entry["currency"])
    elif entry["award"] < 0:
        ctx.lose(entry["player"], -entry["award"], f"proposal #{entry['proposal']} rejected",
                 currency=entry["currency"])
    return entry
