"""A small game played by mail, for the tests of orders, updates and standing answers.

Four squares for sale, a Zoo that asks a question, secret bids, proposals judged by
the admin, and
a weekly update in three phases: purchases, the judging of proposals (which waits for
the admin) and works (painting, and any order that names it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    Initial,
    Pack,
    Phase,
    Rule,
    RuleParams,
    StandingAnswers,
    Update,
    action,
    every,
    hook,
)
from nomicon.governance.judged import AdminJudged
from nomicon.governance.updates import proposals_undecided
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed

#: A Monday; the first update is on Sunday 2021-03-07 at 18:00 UTC.
START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)
FIRST_UPDATE = datetime(2021, 3, 7, 18, 0, tzinfo=UTC)


class Dollars(Rule):
    """Each player starts with $100 and never has less than $0."""

    key = "dollars"
    pack = "mail-toy"
    number = 1
    title = "Dollars"
    currencies = (Currency("dollars", 100, minimum=0),)


class Squares(Rule):
    """There are four squares, numbered 1 to 4, each for sale at $30. A player may buy a square that nobody owns. The owner of a square may paint it any colour."""  # noqa: E501

    key = "squares"
    pack = "mail-toy"
    number = 2
    title = "Squares"

    class Params(RuleParams):
        price: int = 30

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ctx.set(["board", "squares"], {str(n): {"owner": None, "colour": "white"}
                                       for n in range(1, 5)})

    @action("buy", Arg("square", int, "a square's number", minimum=1, maximum=4))
    def buy(self, ctx: Ctx, actor: str, square: int) -> None:
        """Buy a square that nobody owns."""
        owner = ctx.get(["board", "squares", str(square), "owner"])
        ctx.require(owner is None, f"square {square} belongs to {owner}")
        ctx.transfer(actor, None, self.params.price, "dollars", f"square {square}")
        ctx.set(["board", "squares", str(square), "owner"], actor)
        ctx.emit("bought", f"{actor} buys square {square}", player=actor, square=square)

    @action("paint", Arg("square", int, "your square", minimum=1, maximum=4),
            Arg("colour", str, "the colour"))
    def paint(self, ctx: Ctx, actor: str, square: int, colour: str) -> None:
        """Paint your square."""
        owner = ctx.get(["board", "squares", str(square), "owner"])
        ctx.require(owner == actor, f"square {square} is not yours",
                    detail=f"its owner is {owner or 'nobody'}")
        ctx.set(["board", "squares", str(square), "colour"], colour)


class Zoo(Rule):
    """A player who visits the Zoo chooses: take a hat, or pay $5."""

    key = "zoo"
    pack = "mail-toy"
    number = 3
    title = "The Zoo"
    attributes = (Attribute("hats", 0),)

    @action("visit")
    def visit(self, ctx: Ctx, actor: str) -> None:
        """Visit the Zoo."""
        ctx.prompt(actor, ["hat", "pay"], "hat", handler=self.decided, kind="zoo",
                   message="the Zoo: take a hat or pay $5?", data={"price": 5})

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player = prompt["to"]
        if option == "pay":
            ctx.transfer(player, None, prompt["data"]["price"], "dollars", "the Zoo")
        else:
            ctx.set_attr(player, "hats", ctx.attr(player, "hats") + 1)


class Bids(Rule):
    """A player may bid for the golden hat. Bids are secret."""

    key = "bids"
    pack = "mail-toy"
    number = 7
    title = "Bids"
    attributes = (Attribute("bid", None, visibility="owner"),)

    @action("bid", Arg("amount", int, "dollars", minimum=1), sealed=True)
    def bid(self, ctx: Ctx, actor: str, amount: int) -> None:
        """Bid for the golden hat."""
        ctx.set_attr(actor, "bid", amount)


class Schedule(Update):
    """Every Sunday at 18:00 UTC the admin carries out the week's orders: first purchases, then the proposals are judged, then works (painting, and any other order)."""  # noqa: E501

    key = "schedule"
    pack = "mail-toy"
    number = 5
    title = "Schedule of updates"
    phases = (Phase("purchases", actions=("buy",)),
              Phase("judging", waits=proposals_undecided),
              Phase("works", actions=("paint",), any_order=True))
    default_phase = "works"

    @every("every Sunday at 18:00 UTC")
    def weekly(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self.start_update(ctx)

    @hook("phase.began", key="works")
    def count_works(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.set(["works"], ctx.get(["works"], 0) + 1)


class MailToy(Pack):
    id = "mail-toy"
    title = "Mail toy"
    initial = (Initial(Dollars), Initial(Squares), Initial(Zoo), Initial(AdminJudged, number=4),
               Initial(Schedule), Initial(StandingAnswers, number=6), Initial(Bids))


REGISTRY = installed().with_pack(MailToy())


def new(players: tuple[str, ...] = ("alice", "bob", "carol"), seed: int = 1) -> Game:
    return Game.create("mail-toy", start=START, players=players,
                       secret=dice.secret_from_seed(seed), registry=REGISTRY)


def events(game: Game, *types: str, viewer: str = "admin") -> list[dict[str, Any]]:
    return [e for e in game.log_for(viewer) if e["type"] in types]
