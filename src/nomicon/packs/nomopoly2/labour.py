"""Nomopoly II, section XXXII (Labor): jobs offered by the Government and the
Corporation, a week of secret bids, and the Head GIPPer's and Taxi Driver's cut.

Jobs are kept under ``orgs.jobs.<name>``: who offers it, its requirements, pay and
perks (the admin's words), who holds it, when it was (re)posted, and the bids, each
seen only by its bidder and the admin (:meth:`Jobs.redact`). A player's job is her
``job``. The bidding closes at the first update's auction-lottery phase a week or more
after the posting (XXXV does not place it; ruling, INTERPRETATIONS.md, XXXII).

Other sections call :func:`head_gipper_cut` when the Government collects for painting
or gluing, and :func:`taxi_driver_cut` when it collects for a Taxi ride.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    EventKind,
    Rule,
    RuleParams,
    action,
    hook,
    iso,
    parse,
)
from nomicon.boards import walker
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.schedule import AUCTION_LOTTERY
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    PACK,
    dollars,
    fact,
    rule_of,
    set_fact,
)

JOB = "job"
HEAD_GIPPER, TAXI_DRIVER = "head-gipper", "taxi-driver"


class JobChanged(TypedDict):
    job: str
    holder: str | None  # None: the job is (re)posted
    price: int


JOB_CHANGED = EventKind("nomopoly2.job-changed", JobChanged)


def jobs(ctx: Ctx) -> dict[str, dict[str, Any]]:
    """The jobs offered, by name."""
    found: dict[str, dict[str, Any]] = fact(ctx, "jobs", None) or {}
    return found


def _set_job(ctx: Ctx, name: str, record: dict[str, Any]) -> None:
    set_fact(ctx, "jobs", {**jobs(ctx), name: record})


def holder_of(ctx: Ctx, job: str) -> str | None:
    """Who holds ``job`` now, if anyone."""
    holder: str | None = jobs(ctx).get(job, {}).get("holder")
    return holder


def post(ctx: Ctx, name: str, *, offered_by: str, requirements: str = "", pay: str = "",
         perks: str = "") -> None:
    """Announce ``name`` with its requirements, pay and perks; the bidding starts now."""
    _set_job(ctx, name, {"offered_by": offered_by, "requirements": requirements,
                         "pay": pay, "perks": perks, "holder": None,
                         "posted_at": iso(ctx.now), "bids": []})
    ctx.emit(JOB_CHANGED, f"{'The Government' if offered_by == GOVERNMENT else 'The Corporation'}"
             f" offers the job of {name}: bids for a week", job=name, holder=None, price=0)


def repost(ctx: Ctx, name: str) -> None:
    """Offer ``name`` again as if it were new (XXXII.2)."""
    record = jobs(ctx)[name]
    post(ctx, name, offered_by=record["offered_by"], requirements=record["requirements"],
         pay=record["pay"], perks=record["perks"])


def quit_job(ctx: Ctx, player: str) -> None:
    """``player`` leaves her job, which is reposted."""
    job = ctx.attr(player, JOB)
    if job is None:
        return
    ctx.set_attr(player, JOB, None)
    if job in jobs(ctx):
        repost(ctx, job)


class Jobs(Rule):
    """Both The Government and The Corporation can offer jobs to the public. After the announcement of the job, its requirements, its pay, and its perks, players have one week to bid for the job. The player who offers to pay the most will then pay that amount to the entity offering the job, earning the job."""  # noqa: E501

    key = "jobs"
    pack = PACK
    number = 3201
    title = "XXXII.1 Jobs"

    attributes = (Attribute(JOB, None, doc="the job the player holds, if any"),)

    class Params(RuleParams):
        bidding_days: int = Field(7, ge=0, description="how long players bid (\"one week\")")

    params: Params

    @action("post-job", Arg("job", str, "the job's name"),
            Arg("offered_by", str, "government or corporation"),
            Arg("requirements", str, "its requirements", required=False, default=""),
            Arg("pay", str, "its pay", required=False, default=""),
            Arg("perks", str, "its perks", required=False, default=""), admin=True)
    def post_job(self, ctx: Ctx, actor: str, job: str, offered_by: str,
                 requirements: str = "", pay: str = "", perks: str = "") -> None:
        """Announce a job the Government or the Corporation offers."""
        ctx.require(offered_by in (GOVERNMENT, CORPORATION),
                    f"only the Government and the Corporation offer jobs, not {offered_by!r}")
        ctx.require(job not in jobs(ctx), f"the job of {job} is already offered")
        post(ctx, job, offered_by=offered_by, requirements=requirements, pay=pay, perks=perks)

    @action("bid-for-job", Arg("job", str, "the job", choices="_open_jobs",
                               explain="_why_not_open"),
            Arg("amount", int, "what you offer to pay for it", minimum=1), sealed=True)
    def bid(self, ctx: Ctx, actor: str, job: str, amount: int) -> None:
        """Offer to pay for a job (your bid is secret; a new bid replaces your last)."""
        self._why_not_open(ctx, actor, job)
        record = jobs(ctx)[job]
        ctx.hide_action("bids for jobs are secret (XXXII.1)")
        bids = [b for b in record["bids"] if b["player"] != actor]
        _set_job(ctx, job, {**record, "bids": [*bids, {"player": actor, "amount": amount}]})

    def _open_jobs(self, ctx: Ctx, actor: str) -> list[str]:
        return sorted(name for name, job in jobs(ctx).items() if job["holder"] is None)

    def _why_not_open(self, ctx: Ctx, actor: str, job: Any) -> None:
        record = jobs(ctx).get(job)
        ctx.require(record is not None, f"no job {job!r} is offered",
                    detail="jobs: " + (", ".join(sorted(jobs(ctx))) or "none"))
        assert record is not None
        ctx.require(record["holder"] is None, f"the job of {job} is held by someone now")

    @hook("phase.began", key=AUCTION_LOTTERY)
    def hire(self, ctx: Ctx, data: dict[str, Any]) -> None:
        week = timedelta(days=self.params.bidding_days)
        for name, record in sorted(jobs(ctx).items()):
            if record["holder"] is None and ctx.now >= parse(record["posted_at"]) + week:
                self._close(ctx, name, record)

    def _close(self, ctx: Ctx, name: str, record: dict[str, Any]) -> None:
        # The most offered wins; between equal offers, the earlier (XXXV.3). A bidder
        # who cannot pay then is passed over for the next (ruling, INTERPRETATIONS.md,
        # XXXII: a voluntary payment may not bankrupt, XXII.5).
        ranked = sorted(enumerate(record["bids"]), key=lambda ib: (-ib[1]["amount"], ib[0]))
        for _, offer in ranked:
            player, amount = offer["player"], offer["amount"]
            if player in ctx.players() and ctx.balance(player, DOLLARS) >= amount:
                pay(ctx, player, record["offered_by"], amount, f"{player} earns the job of "
                    f"{name}", forced=False)
                # XXXII.3: a second job quits the first.
                quit_job(ctx, player)
                _set_job(ctx, name, {**jobs(ctx)[name], "holder": player, "bids": []})
                ctx.set_attr(player, JOB, name)
                ctx.emit(JOB_CHANGED, f"{player} earns the job of {name} for ${amount}",
                         job=name, holder=player, price=amount)
                return
        # Nobody (able to pay) bid: the job is offered for another week.
        repost(ctx, name)

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Each bid for a job is seen only by its bidder and the admin."""
        table = (view.get("orgs") or {}).get("jobs")
        if viewer == "admin" or not table:
            return
        for record in table.values():
            record["bids"] = [b for b in record.get("bids", []) if b["player"] == viewer]


class Quitting(Rule):
    """Anyone may quit their job at any time. When a player quits his job, the entity responsible for the job will repost the job and rehire as if it were a new offering."""  # noqa: E501

    key = "quitting"
    pack = PACK
    number = 3202
    title = "XXXII.2 Quitting"

    @action("quit-job")
    def quit(self, ctx: Ctx, actor: str) -> None:
        """Quit your job (it is offered again)."""
        quit_job(ctx, actor)

    @quit.check
    def _quit_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, JOB) is not None, f"{actor} has no job")


class OneJobAtATime(Rule):
    """A player may only hold one job at a time. If a player accepts a second job, she automatically quits the first job."""  # noqa: E501

    key = "one-job-at-a-time"
    pack = PACK
    number = 3203
    title = "XXXII.3 One job at a time"
    # Carried out by Jobs._close: earning a job quits the one held (quit_job).


class _GovernmentJob(Rule):
    """A job the Government offers from the start, paid a part of what the Government
    collects for a service and transported where the service ends."""

    job = ""
    service = ""

    class Params(RuleParams):
        share: int = Field(75, ge=0, le=100, description="percent of what the Government "
                           "collects that the job holder is paid")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # Posted when the rule comes into force (ruling, INTERPRETATIONS.md, XXXII).
        if self.job not in jobs(ctx):
            post(ctx, self.job, offered_by=GOVERNMENT, pay=f"{self.params.share}% of what "
                 f"The Government collects for {self.service}")

    def cut(self, ctx: Ctx, where: int, collected: int) -> int:
        """Transport the job holder to ``where`` and pay her her share of ``collected``
        from the Government; returns what she was paid (0 when the job is empty)."""
        holder = holder_of(ctx, self.job)
        if holder is None or holder not in ctx.players():
            return 0
        walker.place(ctx, walker.Piece.player(holder), where, why=f"the {self.job} "
                     f"goes where the {self.service} is")
        share = min(dollars(collected * self.params.share / 100),
                    ctx.balance(GOVERNMENT, DOLLARS))
        if share > 0:
            pay(ctx, GOVERNMENT, holder, share, f"the {self.job}'s share of {self.service}",
                forced=False)
        return share


class HeadGipper(_GovernmentJob):
    """The job of Head GIPPer is offered by The Government. Any time a player hires a GIPPer or applies glue to a square, the Head GIPPer will be transported to the square that is painted or glued. The Head GIPPer will then get paid 75% of what The Government collects for painting or gluing."""  # noqa: E501

    key = "head-gipper"
    pack = PACK
    number = 3204
    title = "XXXII.4 Head GIPPer"
    job = HEAD_GIPPER
    service = "painting or gluing"


class TaxiDriver(_GovernmentJob):
    """The job of Taxi Driver is offered by The Government. Any time a player takes a Taxi, the Taxi Driver will be transported to the final destination of the Taxi ride. The Taxi Driver will then get paid 75% of what the The Government collects for the Taxi ride."""  # noqa: E501

    key = "taxi-driver"
    pack = PACK
    number = 3205
    title = "XXXII.5 Taxi Driver"
    job = TAXI_DRIVER
    service = "the Taxi ride"


def head_gipper_cut(ctx: Ctx, square: int, collected: int) -> int:
    """XXXII.4, for the rules of painting and gluing: the Government collected
    ``collected`` for painting or gluing ``square``. Returns the Head GIPPer's pay."""
    rule = rule_of(ctx, HeadGipper)
    return rule.cut(ctx, square, collected) if rule is not None else 0


def taxi_driver_cut(ctx: Ctx, destination: int, fare: int) -> int:
    """XXXII.5, for the Taxi's rule: the Government collected ``fare`` for a ride to
    ``destination``. Returns the Taxi Driver's pay."""
    rule = rule_of(ctx, TaxiDriver)
    return rule.cut(ctx, destination, fare) if rule is not None else 0


def problems(state: dict[str, Any]) -> list[str]:
    """XXXII's invariants: a job's holder holds that job and no other (XXXII.3)."""
    found = []
    players = state.get("players", {})
    for name, record in ((state.get("orgs") or {}).get("jobs") or {}).items():
        holder = record.get("holder")
        if holder is not None and (players.get(holder) or {}).get(JOB) != name:
            found.append(f"{holder} holds the job of {name} but her job is "
                         f"{(players.get(holder) or {}).get(JOB)!r}")
    return found


RULES: tuple[type[Rule], ...] = (Jobs, Quitting, OneJobAtATime, HeadGipper, TaxiDriver)
