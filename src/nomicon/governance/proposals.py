"""Proposals: the records, and the plumbing every voting method shares.

A voting method is a rule (a subclass of :class:`VotingMethod`), so a proposal can
change how proposals are decided. The base class gives the actions ``propose``,
``vote``, ``retract`` and the admin's ``implement``; a method says which votes exist,
when voting closes, and what the votes decide.

Proposals are numbered 1, 2, ... per game, under ``proposals.<n>`` in the state:
author, title, text, amendment, status (``open``, ``passed``, ``failed``,
``retracted``, ``awaiting-implementation``), votes, opening and closing times.

Rules that protect themselves (Infinite Nomic's Rule 0) define
``amendment_condition(ctx, proposal) -> "pass" | "fail" | None``: a proposal that
touches such a rule is decided by that condition alone, whatever the method says
(``None``: not yet; the proposal stays open).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

from nomicon.governance import amendments
from nomicon.kernel import events
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import InvalidRuleChange
from nomicon.kernel.rules import Arg, Rule, RuleParams, action
from nomicon.kernel.timefmt import iso, parse

OPEN, PASSED, FAILED, RETRACTED, AWAITING = (
    "open", "passed", "failed", "retracted", "awaiting-implementation")


def get(ctx: Ctx, number: int) -> dict[str, Any]:
    record: dict[str, Any] = ctx.get(["proposals", str(number)])
    return record


def open_proposals(ctx: Ctx) -> list[dict[str, Any]]:
    return ctx.with_status("proposals", OPEN)


def set_status(ctx: Ctx, number: int | str, status: str) -> None:
    ctx.set_status("proposals", str(number), status)


# What each method's votes mean, for rules that speak of votes "in favour" and
# "against" whatever the method (Infinite Nomic's Rule 0).
IN_FAVOUR = frozenset({"for", "up"})
AGAINST = frozenset({"against", "down"})


def sides(proposal: dict[str, Any]) -> tuple[int, int]:
    """(votes in favour, votes against), whatever the voting method calls them."""
    votes = list(proposal["votes"].values())
    return sum(v in IN_FAVOUR for v in votes), sum(v in AGAINST for v in votes)


def tally(proposal: dict[str, Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for vote in proposal["votes"].values():
        counts[vote] = counts.get(vote, 0) + 1
    return counts


#: The longest proposal title and text taken: far above any real proposal (a long
#: rule is a few thousand characters), and small enough that a game's history and
#: every view of it stay small.
TITLE_LIMIT = 200
TEXT_LIMIT = 100_000

class VotingMethod(Rule):
    """Base of the rules that decide proposals."""

    vote_options: ClassVar[tuple[str, ...]] = ("for", "against", "abstain")

    class Params(RuleParams):
        voting_hours: int = 24
        one_open_per_player: bool = True

    params: Params

    # -- what a method decides -------------------------------------------------
    def closes_at(self, ctx: Ctx, proposal: dict[str, Any]) -> str | None:
        """When voting closes (None: the method has no voting period)."""
        return iso(ctx.now + timedelta(hours=self.params.voting_hours))

    def on_opened(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        """What a method does when a proposal is made (an admin prompt...)."""

    def decide(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> str | None:
        """``pass``, ``fail``, or None (not decided yet). ``final``: voting has closed."""
        raise NotImplementedError

    def on_passed(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        """What passing gives the author (points...)."""

    def may_propose(self, ctx: Ctx, actor: str) -> None:
        if self.params.one_open_per_player:
            mine = [p["id"] for p in open_proposals(ctx) if p["author"] == actor]
            ctx.require(not mine, f"you already have a proposal being voted on (#{mine[0]})"
                        if mine else "")

    # -- actions ---------------------------------------------------------------
    @action("propose", Arg("title", str, "a short title"), Arg("text", str, "the proposal"),
            Arg("amendment", list, "the changes it makes (optional)", required=False))
    def propose(self, ctx: Ctx, actor: str, title: str, text: str,
                amendment: list[Any] | None = None) -> None:
        """Make a proposal."""
        ctx.require(bool(title.strip()), "a proposal needs a title")
        ctx.require(len(title) <= TITLE_LIMIT,
                    f"a proposal's title has at most {TITLE_LIMIT} characters, not {len(title):,}")
        ctx.require(len(text) <= TEXT_LIMIT,
                    f"a proposal's text has at most {TEXT_LIMIT:,} characters, not {len(text):,}")
        try:
            changes = amendments.parse(amendment)
            amendments.check(ctx, changes)
        except InvalidRuleChange as exc:
            ctx.refuse(f"the amendment cannot be applied: {exc}")
        number = len(ctx.get(["proposals"], {})) + 1
        record: dict[str, Any] = {
            "id": number, "author": actor, "title": title, "text": text,
            "amendment": amendments.dump(changes) if amendment is not None else None,
            "status": OPEN, "votes": {}, "opened": iso(ctx.now),
            "closes": self.closes_at(ctx, {"opened": iso(ctx.now)}),
            "method": self.number, "result": None,
        }
        ctx.add_record("proposals", str(number), record)
        if record["closes"] is not None:
            ctx.set_timer(f"proposal:{number}", parse(record["closes"]), self.close_voting,
                          {"id": number})
        ctx.emit(events.PROPOSAL_OPENED, f"{actor} proposes #{number}: {title}", proposal=number,
                 player=actor)
        self.on_opened(ctx, record)

    @propose.check
    def _propose_check(self, ctx: Ctx, actor: str) -> None:
        self.may_propose(ctx, actor)
        ctx.dispatch(events.PROPOSAL_CHECK, events.PlayerEvent(player=actor))

    def _open_ids(self, ctx: Ctx, actor: str) -> list[int]:
        return [p["id"] for p in open_proposals(ctx)]

    def _vote_options(self, ctx: Ctx, actor: str) -> list[str]:
        return list(self.vote_options)

    def _why_not_open(self, ctx: Ctx, actor: str, value: Any) -> None:
        record = ctx.get(["proposals", str(value)], None)
        if record is None:
            ctx.refuse(f"there is no proposal {value}")
        ctx.refuse(f"proposal {value} is not open ({record['status']})")

    @action("vote", Arg("proposal", int, "the proposal's number", choices="_open_ids",
                        explain="_why_not_open"),
            Arg("vote", str, "your vote", choices="_vote_options"))
    def vote(self, ctx: Ctx, actor: str, proposal: int, vote: str) -> None:
        """Vote on an open proposal (a new vote replaces your earlier one)."""
        ctx.set(["proposals", str(proposal), "votes", actor], vote)
        ctx.emit(events.PROPOSAL_VOTED, f"{actor} votes {vote} on #{proposal}", proposal=proposal,
                 player=actor, vote=vote)
        self._settle(ctx, get(ctx, proposal), final=False)

    def _mine_open(self, ctx: Ctx, actor: str) -> list[int]:
        return [p["id"] for p in open_proposals(ctx) if p["author"] == actor]

    @action("retract", Arg("proposal", int, "your open proposal", choices="_mine_open"))
    def retract(self, ctx: Ctx, actor: str, proposal: int) -> None:
        """Withdraw (edit or delete) your proposal: it does not take effect."""
        set_status(ctx, proposal, RETRACTED)
        ctx.cancel_timer(f"proposal:{proposal}")
        ctx.emit(events.PROPOSAL_RETRACTED, f"{actor} retracts #{proposal}", proposal=proposal,
                 player=actor)

    def _awaiting(self, ctx: Ctx, actor: str) -> list[int]:
        return [p["id"] for p in ctx.with_status("proposals", AWAITING)]

    @action("implement", Arg("proposal", int, "a passed proposal awaiting implementation",
                             choices="_awaiting"),
            Arg("amendment", list, "the changes that implement it; omit when none are needed",
                required=False), admin=True)
    def implement(self, ctx: Ctx, actor: str, proposal: int,
                  amendment: list[Any] | None = None) -> None:
        """Implement a passed text-only proposal (or record that it needs no change)."""
        try:
            changes = amendments.parse(amendment)
        except InvalidRuleChange as exc:
            ctx.refuse(f"the amendment cannot be applied: {exc}")
        protector = self._protector(ctx, {"amendment": amendments.dump(changes)})
        if protector is not None:
            ctx.refuse(f"Rule {protector.number} can only be changed by a proposal whose own "
                       "amendment meets its conditions", detail="make a new proposal that "
                       "carries the change")
        try:
            amendments.apply(ctx, changes)
        except InvalidRuleChange as exc:
            ctx.refuse(f"the amendment cannot be applied: {exc}")
        key = str(proposal)
        set_status(ctx, key, PASSED)
        ctx.set(["proposals", key, "implementation"], {
            "by": actor, "time": iso(ctx.now),
            "amendment": amendments.dump(changes) if amendment is not None else None})
        ctx.emit(events.PROPOSAL_IMPLEMENTED,
                 f"admin implements #{proposal}" + ("" if changes else " (no change needed)"),
                 proposal=proposal, changes=len(changes))

    def on_repeal(self, ctx: Ctx) -> None:
        """Open proposals this method was deciding pass to the method still in force
        (with their closing times), or fail when none is left."""
        others = [r for r in ctx.rules.rules
                  if isinstance(r, VotingMethod) and r.rid != self.rid]
        for record in open_proposals(ctx):
            if record["method"] != self.number:
                continue
            key = str(record["id"])
            ctx.cancel_timer(f"proposal:{record['id']}")
            if not others:
                set_status(ctx, key, FAILED)
                ctx.set(["proposals", key, "problem"], "its voting method was repealed")
                ctx.emit(events.PROPOSAL_FAILED, f"#{record['id']} fails: its voting method was "
                         "repealed", proposal=record["id"])
                continue
            heir = others[0]
            ctx.set(["proposals", key, "method"], heir.number)
            with ctx.running(heir):
                if record.get("closes") is not None:
                    ctx.set_timer(f"proposal:{record['id']}", parse(record["closes"]),
                                  self.close_voting, {"id": record["id"]})
                else:
                    heir.on_opened(ctx, get(ctx, record["id"]))

    # -- closing -----------------------------------------------------------------
    def close_voting(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        proposal = get(ctx, payload["id"])
        if proposal["status"] == OPEN:
            self._settle(ctx, proposal, final=True)

    def _protector(self, ctx: Ctx, proposal: dict[str, Any]) -> Rule | None:
        changes = amendments.parse(proposal["amendment"])
        for number in sorted(amendments.touched(changes)):
            entry = ctx.get(["rules", str(number)], None)
            if entry is None:
                continue
            rule = ctx.rules.by_rid.get(entry["rid"])
            if rule is not None and rule.protected:
                return rule
        return None

    def _settle(self, ctx: Ctx, proposal: dict[str, Any], *, final: bool) -> None:
        protector = self._protector(ctx, proposal)
        if protector is not None:
            with ctx.running(protector):
                outcome = protector.amendment_condition(ctx, proposal)  # type: ignore[attr-defined]
                nxt = None
                if outcome is None and final:
                    nxt = protector.next_check(ctx, proposal)  # type: ignore[attr-defined]
            if nxt is not None:
                # Set outside the protector's block: the timer is this method's, whose
                # close_voting looks again (the protector has no such handler).
                ctx.set_timer(f"proposal:{proposal['id']}", nxt, self.close_voting,
                              {"id": proposal["id"]})
        else:
            outcome = self.decide(ctx, proposal, final=final)
        if outcome is None:
            return
        ctx.cancel_timer(f"proposal:{proposal['id']}")
        if outcome == "pass":
            self._pass(ctx, proposal)
        else:
            self._fail(ctx, proposal)

    def _fail(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        key = str(proposal["id"])
        set_status(ctx, key, FAILED)
        ctx.set(["proposals", key, "result"], tally(proposal))
        ctx.emit(events.PROPOSAL_FAILED, f"#{proposal['id']} fails {tally(proposal)}",
                 proposal=proposal["id"])

    def _pass(self, ctx: Ctx, proposal: dict[str, Any]) -> None:
        key = str(proposal["id"])
        ctx.set(["proposals", key, "result"], tally(proposal))
        if proposal["amendment"] is None:
            set_status(ctx, key, AWAITING)
            ctx.emit(events.PROPOSAL_PASSED, f"#{proposal['id']} passes; it awaits the admin's "
                     "implementation", proposal=proposal["id"])
        else:
            try:
                with ctx.savepoint():
                    amendments.apply(ctx, amendments.parse(proposal["amendment"]))
            except InvalidRuleChange as exc:
                # It passed but no longer applies to the game as it now stands: the
                # admin decides how to implement it.
                set_status(ctx, key, AWAITING)
                ctx.set(["proposals", key, "problem"], str(exc))
                ctx.emit(events.PROPOSAL_PASSED, f"#{proposal['id']} passes but cannot be applied "
                         f"({exc}); it awaits the admin", proposal=proposal["id"])
            else:
                set_status(ctx, key, PASSED)
                ctx.emit(events.PROPOSAL_PASSED, f"#{proposal['id']} passes and takes effect",
                         proposal=proposal["id"])
        # "the events stated in the proposal take effect and the player ... gains": the
        # reward follows the effect, paid by the method that decided, even when the
        # proposal changed or repealed it.
        self.on_passed(ctx, get(ctx, proposal["id"]))
