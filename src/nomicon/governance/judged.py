"""A voting method in which the admin judges proposals (Nomopoly II, section IX).

Each proposal opens a prompt to the admin: accept, accept as a simplification,
reject, or reject as a complete waste of time. Apart from judging, the admin may
declare an undecided proposal a Sick Proposal (``declare-sick``); one whose author
was not Sick when submitting it cannot then be accepted. The admin judges each
player's first undecided proposal before any player's second (and so on).

Every judged proposal queues its award or fine in ``earned_turns``, in the order the
proposals were made; one that is not a waste of time also earns its author a turn.
The award ($100 accepted, +$100 more for a simplification) comes into the game and
the fine ($10 rejected, a waste of time included) goes to the Government, each paid
immediately before the turn it comes with (a waste of time's fine at its place in the
queue). The pack that runs the turns takes them with :func:`take_earned_turn`.

Proposals, once made, cannot be taken back (Nomopoly II XXII.7), unless the
``retractable`` parameter says otherwise. The readings behind each of these are in
INTERPRETATIONS.md next to this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from nomicon.governance.proposals import OPEN, VotingMethod, get, open_proposals, set_status
from nomicon.kernel import events
from nomicon.kernel.context import Ctx
from nomicon.kernel.rules import Arg, action

ACCEPT, SIMPLIFIES, REJECT, WASTE = "accept", "accept-simplifies", "reject", "waste"
VERDICTS = (ACCEPT, SIMPLIFIES, REJECT, WASTE)
#: An option of the prompts opened before a Sick Proposal was read as a declaration
#: rather than a verdict; answering it now is refused with the way to do it.
SICK = "sick"
DISCARDED = "discarded"

#: How a fine is paid: ``(ctx, player, to, amount, currency, reason)``, ``to`` being
#: the account the fine goes to (None: out of the game).
FinePayer = Callable[[Ctx, str, str | None, int, str, str], object]


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
        fine_account: str | None = Field(
            "government", description="the account fines go to (IV.2: The Government); "
            "null: out of the game")
        sick_attribute: str = Field(
            "sick", description="the player attribute that is true while a player is Sick")
        retractable: bool = Field(
            False, description="whether a proposal may be taken back (XXII.7: not by "
            "default)")

    params: Params

    def closes_at(self, ctx: Ctx, proposal: dict[str, Any]) -> str | None:
        return None  # the admin decides; there is no voting period

    def decide(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> str | None:
        return None

    def is_sick(self, ctx: Ctx, player: str) -> bool:
        """Whether ``player`` is Sick now. The kernel has no statuses yet, so this reads
        the player attribute the ``sick_attribute`` parameter names (absent: not
        Sick); a pack that keeps Sickness otherwise overrides this."""
        return bool(ctx.attr(player, self.params.sick_attribute, False))

    def on_opened(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        author = proposal["author"]
        key = str(proposal["id"])
        # IX.8 asks whether the author was Sick "when submitted". A proposal handed
        # over by a repealed method was submitted earlier; its snapshot, if it has
        # one, stands, and otherwise now is the nearest time there is.
        if ctx.get(["proposals", key, "author_sick"]) is None:
            ctx.set(["proposals", key, "author_sick"], self.is_sick(ctx, author))
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
        ctx.set(["proposals", key, "rank"], len(undecided) + 1)
        ctx.prompt("admin", list(VERDICTS), REJECT, handler=self.judged,
                   available="open_verdicts", data={"proposal": proposal["id"]},
                   message=f"judge #{proposal['id']} by {author}: {proposal['title']}")
        self._in_judging_order(ctx)

    def _in_judging_order(self, ctx: Ctx) -> None:
        """Keep this method's prompts in the order IX.7 judges them (rank, then age), in
        the places they hold among the admin's prompts, so that a verdict given without
        naming a prompt goes to a proposal that may be judged now."""
        prompts: list[dict[str, Any]] = ctx.get(["prompts"], [])
        mine = [i for i, p in enumerate(prompts) if p["handler"] == "judged"
                and p["to"] == "admin" and "proposal" in p["data"]]
        ranks = self.ranks(ctx)
        ordered = sorted((prompts[i] for i in mine),
                         key=lambda p: (ranks.get(p["data"]["proposal"], 0),
                                        p["data"]["proposal"]))
        if [prompts[i] for i in mine] == ordered:
            return
        updated = [dict(p) for p in prompts]
        for place, prompt in zip(mine, ordered, strict=True):
            updated[place] = dict(prompt)
        ctx.set(["prompts"], updated)

    def ranks(self, ctx: Ctx) -> dict[int, int]:
        """Each undecided proposal's place among its author's undecided proposals when it
        was made (1: the author's first undecided proposal)."""
        return {p["id"]: p.get("rank", 1) for p in open_proposals(ctx)}

    def barred_as_sick(self, proposal: dict[str, Any]) -> bool:
        """A Sick Proposal whose author was not Sick when submitting it (IX.8)."""
        return bool(proposal.get("sick")) and not proposal.get("author_sick", False)

    def open_verdicts(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        """The verdicts the admin may give now: none before the proposal's turn in the
        order of IX.7 (the default stays listed), and not acceptance for a barred Sick
        Proposal."""
        proposal = get(ctx, prompt["data"]["proposal"])
        ranks = self.ranks(ctx)
        if ranks and ranks.get(proposal["id"], 1) > min(ranks.values()):
            return []  # IX.7: not yet (only the default stays listed, as always)
        if self.barred_as_sick(proposal):
            return [REJECT, WASTE]
        return list(VERDICTS)

    @action("declare-sick", Arg("proposal", int, "an undecided proposal", choices="_open_ids",
                                explain="_why_not_open"), admin=True)
    def declare_sick(self, ctx: Ctx, actor: str, proposal: int) -> None:
        """Declare an undecided proposal a Sick Proposal (it is judged as usual)."""
        record = get(ctx, proposal)
        ctx.require(not record.get("sick"), f"#{proposal} is already a Sick Proposal")
        ctx.set(["proposals", str(proposal), "sick"], True)
        barred = self.barred_as_sick(get(ctx, proposal))
        ctx.emit(events.PROPOSAL_DECLARED_SICK, f"admin declares #{proposal} a Sick Proposal"
                 + (f"; {record['author']} was not Sick when submitting it, so it cannot be "
                    "accepted" if barred else ""), proposal=proposal, barred=barred)

    def judged(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        number = prompt["data"]["proposal"]
        proposal = get(ctx, number)
        if proposal["status"] != OPEN:
            return
        if option == SICK:
            ctx.refuse("a Sick Proposal is still accepted or rejected: 'sick' is not a verdict",
                       detail=f"declare it with declare-sick proposal={number}, then choose "
                              f"one of {', '.join(VERDICTS)}")
        ranks = self.ranks(ctx)
        if ranks[number] > min(ranks.values()):
            first = min(n for n, r in ranks.items() if r == min(ranks.values()))
            ctx.refuse(f"#{number} is its author's undecided proposal number {ranks[number]}",
                       detail=f"judge every player's proposal number {min(ranks.values())} "
                              f"first (#{first})")
        author = proposal["author"]
        accepted = option in (ACCEPT, SIMPLIFIES)
        if accepted and self.barred_as_sick(proposal):
            ctx.refuse(f"#{number} is a Sick Proposal and {author} was not Sick when "
                       "submitting it", detail="Sick Proposals will never be accepted when "
                       "submitted by a player who is not Sick; reject it")
        ctx.set(["proposals", str(number), "verdict"], option)
        if accepted:
            self._pass(ctx, proposal)
        else:
            self._fail(ctx, proposal)
        award = self.params.accept_award if accepted else -self.params.reject_fine
        if option == SIMPLIFIES:
            award += self.params.simplify_bonus
        turn = option != WASTE
        _queue_earned(ctx, {"player": author, "proposal": number, "award": award,
                           "currency": self.params.currency, "turn": turn,
                           "fine_to": self.params.fine_account})
        what = f"{'award' if award >= 0 else 'fine'} {abs(award)} {self.params.currency}"
        if turn:
            ctx.emit(events.PROPOSAL_TURN_EARNED, f"{author} earns a turn by #{number} "
                     f"({what} before it)", player=author, proposal=number, award=award)
        else:
            ctx.emit(events.PROPOSAL_FINED, f"{author} earns no turn by #{number}, a complete "
                     f"waste of time ({what} when its turn would have come)",
                     player=author, proposal=number, award=award)

    # XXII.7 "By default, actions can not be taken back": a proposal is an action
    # (INTERPRETATIONS.md), so the base class's retract is offered only where the
    # game's rules say otherwise.
    @action("retract", Arg("proposal", int, "your open proposal", choices="_mine_open"))
    def retract(self, ctx: Ctx, actor: str, proposal: int) -> None:
        """Withdraw your proposal, where the rules let proposals be taken back."""
        VotingMethod.retract.run(self, ctx, actor, proposal)

    @retract.check
    def _retract_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(self.params.retractable, "a proposal cannot be taken back once it is "
                    "submitted", detail="actions can not be taken back (Nomopoly II XXII.7); "
                    "the rule's retractable parameter allows it")

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get(["earned_turns"]) is None:
            ctx.set(["earned_turns"], [])


def _queue_earned(ctx: Ctx, entry: dict[str, Any]) -> None:
    """Queue a judged proposal's award or fine (and turn) after those of every proposal
    made before it (IX.5), whatever order they were judged in."""
    queue: list[dict[str, Any]] = ctx.get(["earned_turns"], [])
    place = next((i for i, e in enumerate(queue) if e["proposal"] > entry["proposal"]),
                 len(queue))
    if place == len(queue):
        ctx.state.append(["earned_turns"], entry)
        return
    ctx.set(["earned_turns"], [dict(e) for e in queue[:place]] + [entry]
            + [dict(e) for e in queue[place:]])


def pay_fine(ctx: Ctx, player: str, to: str | None, amount: int, currency: str,
             reason: str) -> object:
    """A fine as the ledger takes it today: moved to ``to`` (opened if need be), and
    refused like any transfer that would take the player below the currency's minimum.
    IV.5 makes such a player Bankrupt instead; a pack with that procedure passes its
    own payer to :func:`take_earned_turn`."""
    if to is not None:
        ctx.open_account(to)
    return ctx.transfer(player, to, amount, currency, reason)


def take_earned_turn(ctx: Ctx, *, fine: FinePayer = pay_fine) -> dict[str, Any] | None:
    """The next earned turn, if any, with its award or fine paid (IX.5 and IX.6); the
    fines of wastes of time queued before it are paid on the way (they earn no turn).
    None when no turn is left (after paying any fines still queued)."""
    while queue := ctx.get(["earned_turns"], []):
        entry: dict[str, Any] = queue[0]
        ctx.state.remove_at(["earned_turns"], 0)
        if entry["award"] > 0:
            ctx.gain(entry["player"], entry["award"], f"proposal #{entry['proposal']} accepted",
                     currency=entry["currency"])
        elif entry["award"] < 0:
            fine(ctx, entry["player"], entry.get("fine_to"), -entry["award"],
                 entry["currency"], f"proposal #{entry['proposal']} rejected")
        if entry.get("turn", True):
            return entry
    return None
