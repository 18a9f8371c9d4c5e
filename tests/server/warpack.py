"""A small pack for the pages of units, a market and non-player things: the army
toy's types and commands on its snake board of 20 squares, a Public Market in its
money for ore, and a Dark Lord's things in the manner of Nomopoly IV (the Rber
Ducky on a square, the Bank Account of Terror).

Two secrets for the pages to keep: a warrior's ``orders`` are seen by its owner
alone, and a square's resources by the players who own a unit or building on it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mechanics.armypack import RULES as ARMY
from nomicon.authoring import Arg, Attribute, Ctx, Currency, Initial, Pack, Rule, action
from nomicon.boards import numbered
from nomicon.kernel.pack import installed
from nomicon.mechanics import units
from nomicon.mechanics.market import MarketParams, PublicMarket

PACK = "war-market-test"
DUCKY = "rber-ducky"
BANK = "bank-account-of-terror"
DARK_LORD = "dark-lord"


class Ore(Rule):
    """Each player starts with 3 ore. A warrior's orders are known to its owner alone."""

    key = "ore"
    pack = PACK
    number = 40
    title = "Ore"
    currencies = (Currency("ore", 3, kind="good"),)
    attributes = (Attribute("orders", "hold the line", kind="warrior", visibility="owner"),)


class Market(PublicMarket):
    """Any player may use the Public Market's services at any time: submit a Buy Request or a Sell Request, retract a request made by that player, or fulfill a request."""  # noqa: E501

    key = "market"
    pack = PACK
    number = 41
    title = "Public Market"

    class Params(MarketParams):
        currency: str = "money"
        goods: tuple[str, ...] = ("ore",)


class Resources(Rule):
    """Each square has resources of $100 times its number. A player will only be able to see the amount of resources in a square if he owns a unit or building in that square."""  # noqa: E501

    key = "resources"
    pack = PACK
    number = 42
    title = "Resources"

    def on_enact(self, ctx: Ctx) -> None:
        for key in list(ctx.get(["board", "spaces"])):
            ctx.set(["board", "spaces", key, "resources"], 100 * int(key))

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer == "admin":
            return
        spaces = (view.get("board") or {}).get("spaces") or {}
        mine = {str(r.get("location")) for r in (view.get("entities") or {}).values()
                if r.get("owner") == viewer}
        for key, space in spaces.items():
            if key not in mine and isinstance(space, dict):
                space.pop("resources", None)


class DarkWorld(Rule):
    """Create two new entities: The Rber Ducky, on square 7, and The Bank Account of Terror. The Bank Account of Terror may possess money. It starts with 3."""  # noqa: E501

    key = "dark-world"
    pack = PACK
    number = 43
    title = "The Dark World"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.create_entity("ducky", id=DUCKY, location=7, cause=self.label)
        ctx.create_entity("bank-account", id=BANK, cause=self.label)
        ctx.open_account(BANK)
        ctx.transfer(None, BANK, 3, "money", "the Bank Account of Terror starts with 3")
        ctx.open_account(DARK_LORD)


class Placing(Rule):
    """The admin may put a unit or building of any type in force on a square, for any player."""

    key = "placing"
    pack = PACK
    number = 44
    title = "Placing"

    @action("place", Arg("kind", str), Arg("owner", str), Arg("square", int), admin=True)
    def place(self, ctx: Ctx, actor: str, kind: str, owner: str, square: int) -> None:
        units.create(ctx, kind, owner=owner, location=square, cause="placed by the admin")


class WarMarket(Pack):
    id = PACK
    title = "War and market test"
    board = "snake"
    provides: ClassVar[frozenset[str]] = frozenset({"board:snake"})
    initial = (*(Initial(cls) for cls in ARMY), Initial(Ore), Initial(Market),
               Initial(Resources), Initial(DarkWorld), Initial(Placing))

    def setup(self, ctx: Ctx, params: Any) -> None:
        numbered.setup(ctx, 20, columns=10)


def registry() -> Any:
    return installed().with_pack(WarMarket())
