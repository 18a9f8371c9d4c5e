"""Ackanomic, the parent game: players, points, A$, the Treasury, Trophies, offices,
active players and vacations, Duels, proposals, and the games of Games & Contests
(rule 1250.1 and 1250.7 to 1250.15) played as child games.

The seed (Proposal 1926's rule texts for nine games) refers to the rest of Ackanomic
without giving it: every rule here that the seed only refers to says in its text that
it is reconstructed, and from what (INTERPRETATIONS.md, "The parent game").
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Ctx,
    Currency,
    Initial,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    action,
)
from nomicon.governance import amendments
from nomicon.governance.methods import MajorityVote
from nomicon.packs.ackanomic.duels import Duels
from nomicon.packs.ackanomic.games import COUNT_TABULA, GAMES, TREASURY, Trophies
from nomicon.packs.ackanomic.games_ii import GAMES_II
from nomicon.packs.ackanomic.instances import (
    ABORTED_STATUS,
    ENROLLING,
    PACK,
    SETTLED,
    STARTED,
    TABLE,
    VACATION,
    StartingAnInstance,
)
from nomicon.packs.ackanomic.pages import INSTANCES

#: The offices of Ackanomic that the games name, as roles of the parent game.
OFFICES = (COUNT_TABULA, "Poet Laureate", "Speaker", "Scorekeeper")


class PointsAndDollars(Rule):
    """Each player has a number of points and a number of A$ (Ackanomic dollars), starting at 0. [Reconstructed: the games pay "points" and "A$" (1250.7 5, 1250.9 5, 1250.10 5b) without defining them.]"""  # noqa: E501

    key = "points-and-dollars"
    pack = PACK
    number = 2
    title = "Points and A$ (reconstructed)"
    currencies = (Currency("points", 0, doc="Ackanomic points"),
                  Currency("A$", 0, minimum=0, doc="Ackanomic dollars"))
    provides = frozenset({"currency:points"})


class Treasury(Rule):
    """The Treasury holds A$ of the game, from which rules pay when they say so. [Reconstructed: Double Crash pays "A$25 from the Treasury" and Tromino Go "from the treasury" (1250.11 8, 1250.12 IV), which the seed does not define.]"""  # noqa: E501

    key = "treasury"
    pack = PACK
    number = 3
    title = "The Treasury (reconstructed)"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(TREASURY)


class Offices(Rule):
    """The offices of Count Tabula, the Poet Laureate, the Speaker and the Scorekeeper are each held by at most one player, assigned by the admin or by a proposal. [Reconstructed: the games name these offices (1250.8, 1250.10 5d, 1250.11 11, 1250.14 V) without defining them.]"""  # noqa: E501

    key = "offices"
    pack = PACK
    number = 5
    title = "Offices (reconstructed)"
    roles = OFFICES


class Appointment(Rule):
    """A proposal may assign an office to a player (or leave it vacant): the office's holder, if any, gives it up. [Reconstructed, with Rule 5.]"""  # noqa: E501

    key = "appointment"
    pack = PACK
    number = 51
    title = "Appointing an officer (reconstructed)"

    class Params(RuleParams):
        office: str = Field(COUNT_TABULA, description="the office: " + ", ".join(OFFICES))
        player: str | None = Field(None, description="who holds it (none: vacant)")

    params: Params

    @classmethod
    def apply_once(cls, ctx: Ctx, params: RuleParams) -> None:
        """A proposal's one-off effect: the office changes hands."""
        assert isinstance(params, cls.Params)
        ctx.require(params.office in OFFICES, f"{params.office!r} is not an office",
                    detail=f"the offices: {', '.join(OFFICES)}")
        if params.player is not None:
            ctx.require(ctx.is_player(params.player), f"{params.player!r} is not a player")
        for holder in ctx.role_holders(params.office):
            if holder != params.player:
                ctx.revoke_role(holder, params.office, "a proposal assigned the office")
        if params.player is not None:
            ctx.grant_role(params.player, params.office, "assigned by a proposal")


class Vacations(Rule):
    """A player may go on vacation, and return from it. A player who is on vacation, or who has left the game, is not active. [Reconstructed: the games speak of "active players", "vacation" and "non-active" players (1250.9 2, 1250.10 II and V, 1250.11 11) without defining them.]"""  # noqa: E501

    key = "vacations"
    pack = PACK
    number = 6
    title = "Active players and vacations (reconstructed)"

    @action("go-on-vacation")
    def go(self, ctx: Ctx, actor: str) -> None:
        """Go on vacation: you are not active until you return."""
        ctx.grant_status(actor, VACATION)

    @go.check
    def _not_on_vacation(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not ctx.has_status(actor, VACATION), "you are on vacation already")

    @action("return-from-vacation")
    def back(self, ctx: Ctx, actor: str) -> None:
        """Return from vacation: you are active again."""
        ctx.end_status(actor, VACATION, "returned")

    @back.check
    def _on_vacation(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.has_status(actor, VACATION), "you are not on vacation")


class AckanomicParams(PackParams):
    treasury: int = Field(0, ge=0, description="A$ in the Treasury at the start")
    enrol_days: int = Field(3, ge=1, description="days an instance's enrolment stays open "
                                                 "(rule 1250.1 VI)")
    fee: int = Field(0, ge=0, description="A$ a player pays to enrol, refunded at the end")


RULES: tuple[type[Rule], ...] = (PointsAndDollars, Treasury, Trophies, Offices, Appointment,
                                 Vacations, Duels, StartingAnInstance, *GAMES, *GAMES_II)


class Ackanomic(Pack):
    id = "ackanomic"
    title = "Ackanomic"
    version = "1"
    description = ("Ackanomic, the parent game: points, A$, the Treasury, Trophies, offices "
                   "and vacations, with the games of Games & Contests (1250.7 to 1250.15) "
                   "announced, enrolled in and played as child games, and Duels.")
    how_to_play = (
        "The games of Games & Contests are played as instances: an instance is started "
        "as described in rule 1250.1, section VI, its players enrol, and a referee runs "
        "it. Each game pays points, A$ or Trophies into the main game: the winner of many "
        "of them receives a standard Trophy.\n\n"
        "While a Limerick Contest is voted on, all Ackanomic players may send their vote "
        "to the referee, indicating which limerick is the better one.")
    Params = AckanomicParams
    players = (2, None)
    initial = (Initial(MajorityVote, number=1, title="Voting on proposals"),
               *(Initial(cls) for cls in RULES if cls is not Appointment))
    rule_classes = RULES
    pages = (INSTANCES,)

    def after_rules(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, AckanomicParams)
        if params.treasury:
            ctx.transfer(None, TREASURY, params.treasury, "A$", "the Treasury's opening funds")
        changed = {name: value for name, value in
                   (("enrol_days", params.enrol_days), ("fee", params.fee))
                   if value != StartingAnInstance.Params.model_fields[name].default}
        if changed:
            # The game's creator chose these: the rule says so from the start.
            amendments.apply(ctx, amendments.parse([{
                "op": "amend", "rule": StartingAnInstance.number, "params": changed}]))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        for key, record in (state.get(TABLE) or {}).items():
            if record["status"] not in (ENROLLING, STARTED, SETTLED, ABORTED_STATUS):
                problems.append(f"instance {key} has status {record['status']!r}")
            if len(record["enrolled"]) > record["most"]:
                problems.append(f"instance {key}: {len(record['enrolled'])} enrolled for "
                                f"{record['most']} places")
            if record["status"] in (STARTED, SETTLED) and record["child"] not in \
                    (state.get("children") or {}):
                problems.append(f"instance {key} has no child game")
            if record["status"] in (ABORTED_STATUS, SETTLED) and record["fees"]:
                problems.append(f"instance {key} is over but holds fees")
        return problems
