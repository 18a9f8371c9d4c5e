"""Nomopoly II, section VIII (Ownership): items, squares, names, rent, taxes, blocks.

A square's owner is ``board.spaces.<n>.owner`` (a player, ``government``,
``corporation``, ``charity``, or None). A player who lands on an unowned square is
asked whether to buy it (``buy-square``, a prompt a mail player answers with a
standing answer; without one it lapses). The weekly charges (VIII.7's property tax and
VIII.11's White fine) are made in the update's purchases phase, the first of the week
(XXXV.2 lists property tax there).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Rule,
    RuleParams,
    action,
    hook,
)
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.events import (
    CHARITY_GIVEN,
    RENT_PAID,
    SQUARE_BOUGHT,
    SQUARE_FORFEITED,
)
from nomicon.packs.nomopoly2.money import market_value, owned_squares, pay, rent
from nomicon.packs.nomopoly2.terms import (
    BEST_FRIEND,
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    LOCATION,
    PACK,
    TEAM,
    WHITE,
    color_of,
    dollars,
    has_board,
    has_dollars,
    owner_of,
    rule_of,
    square,
)

CHARITY = "charity"
#: XIII.1: the first six colours are Corporate, the next six Government.
CORPORATE_COLORS = ("red", "orange", "yellow", "green", "blue", "indigo")
GOVERNMENT_COLORS = ("maroon", "khaki", "navy", "teal", "lime", "fuschia")


def _space(number: int, field: str) -> list[str]:
    return ["board", "spaces", str(number), field]


def _mine(ctx: Ctx, actor: str, number: int) -> None:
    ctx.require(has_board(ctx) and board.layout(ctx).exists(number),
                f"there is no square {number}")
    owner = owner_of(ctx, number)
    ctx.require(owner == actor, f"square {number} is not {actor}'s",
                detail=f"its owner is {owner or 'nobody'}")


class GivingItems(Rule):
    """If a player tells the admin of her wish to do so, she may transfer any game item that she owns to any other player."""  # noqa: E501

    key = "giving-items"
    pack = PACK
    number = 801
    title = "VIII.1 Giving items"

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    def _why_not_other(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"{value!r} is not another player",
                   detail=f"others: {', '.join(self._others(ctx, actor)) or 'none'}")

    @action("give", Arg("to", str, "another player", choices="_others",
                            explain="_why_not_other"),
            Arg("what", str, "an item you own (a good of the game), or dollars"),
            Arg("count", int, "how many", minimum=1, required=False))
    def give(self, ctx: Ctx, actor: str, to: str, what: str, count: int | None = None
             ) -> None:
        """Give an item you own (or money, IV.2) to another player (one, unless you say
        how many)."""
        ctx.require(to in ctx.players() and to != actor, f"{to!r} is not another player")
        ctx.require(what == DOLLARS or ctx.is_good(what),
                    f"{what!r} is not an item of the game")
        # An argument not given reaches the action as None, not as the default.
        ctx.transfer(actor, to, 1 if count is None else count, what, f"{actor} gives to {to}")


class Owners(Rule):
    """Each square may have an owner."""

    key = "owners"
    pack = PACK
    number = 802
    title = "VIII.2 Owners"
    # The owner is the square's ``owner`` field.


class NamingSquares(Rule):
    """The owner of an unnamed square may give that square a name by declaring a name to the admin."""  # noqa: E501

    key = "naming-squares"
    pack = PACK
    number = 803
    title = "VIII.3 Naming squares"

    def _unnamed(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in owned_squares(ctx, actor) if not square(ctx, n).get("name")]

    @action("name-square", Arg("square", int, "your unnamed square", minimum=1,
                               choices="_unnamed", explain="_why_not_unnamed"),
            Arg("name", str, "its name"))
    def name_square(self, ctx: Ctx, actor: str, square: int, name: str) -> None:
        """Give your unnamed square a name."""
        _mine(ctx, actor, square)
        named = owner_record(ctx, square).get("name")
        ctx.require(not named, f"square {square} is already named {named!r}",
                    detail="rename it with rename-square (VIII.10)")
        ctx.require(name.strip() != "", "a name is not blank")
        ctx.set(_space(square, "name"), name.strip())

    def _why_not_unnamed(self, ctx: Ctx, actor: str, value: Any) -> None:
        _mine(ctx, actor, int(value))
        ctx.refuse(f"square {value} is already named {square(ctx, int(value)).get('name')!r}",
                   detail="rename it with rename-square (VIII.10)")


def owner_record(ctx: Ctx, number: int) -> dict[str, Any]:
    return square(ctx, number)


class BuyingSquares(Rule):
    """A player who lands on an unowned square and has at least as much money as that square's market value may become its owner by paying The Government its market price."""  # noqa: E501

    key = "buying-squares"
    pack = PACK
    number = 804
    title = "VIII.4 Buying squares"

    @hook(walker.LANDED)
    def offer(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, number = data.get("player"), data["square"]
        if player is None or not has_dollars(ctx) or owner_of(ctx, number) is not None:
            return
        price = market_value(ctx, number)
        if ctx.balance(player, DOLLARS) < price:
            return
        ctx.prompt(player, ["buy", "pass"], "pass", handler=self.decided, kind="buy-square",
                   deadline=ctx.now, data={"square": number, "price": price},
                   message=f"buy square {number} for ${price}?")

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        if option != "buy":
            return
        player, number = prompt["to"], prompt["data"]["square"]
        ctx.require(owner_of(ctx, number) is None, f"square {number} has an owner now")
        ctx.require(ctx.attr(player, LOCATION) == number,
                    f"{player} is no longer on square {number}")
        price = market_value(ctx, number)
        pay(ctx, player, GOVERNMENT, price, f"{player} buys square {number}", forced=False)
        ctx.set(_space(number, "owner"), player)
        ctx.emit(SQUARE_BOUGHT, f"{player} buys square {number} for ${price}",
                 player=player, square=number, price=price)


def owed_to(ctx: Ctx, payer: str, payee: str, amount: int) -> int:
    """VIII.9: what a player owes under this section, halved (rounded down) when the
    payee is her Best Friend."""
    if ctx.attr(payer, BEST_FRIEND) == payee:
        return amount // 2
    return amount


class Rent(Rule):
    """When a player lands on a named square owned by another entity, that player will pay the owner the rent value for the square."""  # noqa: E501

    key = "rent"
    pack = PACK
    number = 805
    title = "VIII.5 Rent"

    @hook(walker.LANDED)
    def collect(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, number = data.get("player"), data["square"]
        if player is None or not has_dollars(ctx):
            return
        record = square(ctx, number)
        owner = record.get("owner")
        if not record.get("name") or owner is None or owner == player:
            return
        if owner == CHARITY:
            return  # Charity holds squares to give away (VIII.13), not money
        if number in (ctx.attr(player, "homesteads", []) or []):
            return  # VIII.12: never pays rent for her Homestead
        if ctx.attr(player, "glue_held") == number:
            return  # XIII.11: stuck by the square's glue (colors.py)
        amount = owed_to(ctx, player, owner, rent(ctx, number))
        if amount <= 0:
            return
        paid = pay(ctx, player, owner, amount, f"rent for square {number}")
        ctx.emit(RENT_PAID, f"{player} pays {owner} ${paid} rent for square {number}",
                 player=player, owner=owner, square=number, amount=paid)
        if color_of(ctx, number) in CORPORATE_COLORS and owner != CORPORATION and paid:
            # VIII.6: "anyone who collects rent on it must then pay 20% ... to The
            # Corporation".
            cut = rule_of(ctx, TheCorporateCut)
            share = cut.params.share if cut is not None else 20
            pay(ctx, owner, CORPORATION, dollars(paid * share / 100),
                f"the Corporation's cut of the rent on square {number}")


class TheCorporateCut(Rule):
    """If a square is colored a Corporate Color, anyone who collects rent on it must then pay 20% of the rent collected to The Corporation."""  # noqa: E501

    key = "the-corporate-cut"
    pack = PACK
    number = 806
    title = "VIII.6 The Corporate cut"

    class Params(RuleParams):
        share: int = Field(20, ge=0, le=100, description="percent of collected rent")

    params: Params
    # Paid by Rent.collect, right after the rent.


def weekly_charges(ctx: Ctx) -> None:
    """VIII.7 and VIII.11, once a week (the update's purchases phase)."""
    tax = rule_of(ctx, PropertyTax)
    if tax is not None:
        with ctx.running(tax):  # its prompts are answered to it
            tax.charge(ctx)
    white = rule_of(ctx, TheWhiteFine)
    if white is not None:
        with ctx.running(white):
            white.charge(ctx)


class PropertyTax(Rule):
    """If a square is colored a Government Color its owner must pay a property tax of 5% of its market value to The Government once a week or the square will become Government Property."""  # noqa: E501

    key = "property-tax"
    pack = PACK
    number = 807
    title = "VIII.7 Property tax"

    class Params(RuleParams):
        percent: int = Field(5, ge=0, le=100, description="of the square's market value")

    params: Params

    def charge(self, ctx: Ctx) -> None:
        """Ask each player owning a Government Color square to pay its tax (a mail
        player answers ahead with a standing answer to ``property-tax``; the default
        is to pay)."""
        for number in board.numbers(ctx):
            owner = owner_of(ctx, number)
            if color_of(ctx, number) in GOVERNMENT_COLORS and owner in ctx.players():
                amount = dollars(market_value(ctx, number) * self.params.percent / 100)
                ctx.prompt(owner, ["pay", "give-up"], "pay", handler=self.decided,
                           kind="property-tax", deadline=ctx.now,
                           data={"square": number, "amount": amount},
                           message=f"pay ${amount} property tax on square {number}, or "
                                   "let it become Government Property?")

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player, number = prompt["to"], prompt["data"]["square"]
        if owner_of(ctx, number) != player:
            return
        amount = prompt["data"]["amount"]
        if option == "pay" and ctx.balance(player, DOLLARS) >= amount:
            pay(ctx, player, GOVERNMENT, amount, f"property tax on square {number}",
                forced=False)
            return
        # Not paying (or not able to: a voluntary payment may not bankrupt, XXII.5).
        ctx.set(_space(number, "owner"), GOVERNMENT)
        ctx.emit(SQUARE_FORFEITED, f"square {number} becomes Government "
                 f"Property: {player} did not pay its property tax", player=player,
                 square=number)


def blocks(ctx: Ctx) -> dict[str, list[str]]:
    """VIII.8: each player's blocks, by colour: at least three squares of a colour
    when no other player owns one of that colour."""
    by_color: dict[str, dict[str, int]] = {}
    for number in board.numbers(ctx):
        owner = owner_of(ctx, number)
        if owner in ctx.players():
            counts = by_color.setdefault(color_of(ctx, number), {})
            counts[owner] = counts.get(owner, 0) + 1
    found: dict[str, list[str]] = {}
    for color, counts in sorted(by_color.items()):
        if len(counts) == 1:
            (owner, count), = counts.items()
            if count >= 3:
                found.setdefault(owner, []).append(color)
    return found


class Blocks(Rule):
    """If one player owns at least three squares of a single color, and no other player owns any squares of that color, then the owned squares are said to make up a block, and the owner is said to own that block."""  # noqa: E501

    key = "blocks"
    pack = PACK
    number = 808
    title = "VIII.8 Blocks"
    # Read with blocks() above.


class PayingABestFriend(Rule):
    """If a player is required to pay his Best Friend due to any rule in this section, the amount of money she must pay is cut in half, rounded down."""  # noqa: E501

    key = "paying-a-best-friend"
    pack = PACK
    number = 809
    title = "VIII.9 Paying a Best Friend"
    # Applied by owed_to() to every payment of this section between players.


class RenamingSquares(Rule):
    """The owner of a square may rename it: To rename a square that has not been renamed, the owner must pay $15 to The Government, to The Corporation, and to each player. To rename a square that has been renamed once, the player must pay $30 to the same sources. To rename a square that has been renamed twice, the player must pay $100 to the same sources. A player may rename a square that has been renamed three times for free, but upon doing so becomes a Freemason. Any attempts to rename a square that has been renamed four times will destroy the square."""  # noqa: E501

    key = "renaming-squares"
    pack = PACK
    number = 810
    title = "VIII.10 Renaming squares"

    class Params(RuleParams):
        costs: list[int] = Field([15, 30, 100], description="to rename a square renamed "
                                 "0, 1, 2 times: to the Government, the Corporation and "
                                 "each player")

    params: Params

    def _renamable(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in owned_squares(ctx, actor) if square(ctx, n).get("name")
                and int(square(ctx, n).get("renames", 0)) < 4]

    def _why_not_renamable(self, ctx: Ctx, actor: str, value: Any) -> None:
        _mine(ctx, actor, int(value))
        ctx.require(square(ctx, int(value)).get("name"), f"square {value} has no name yet",
                    detail="name it with name-square (VIII.3)")
        ctx.refuse(f"square {value} has been renamed four times",
                   detail="renaming it again destroys it; destruction is section XVIII's")

    @action("rename-square", Arg("square", int, "your named square", minimum=1,
                                 choices="_renamable", explain="_why_not_renamable"),
            Arg("name", str, "its new name"))
    def rename(self, ctx: Ctx, actor: str, square: int, name: str) -> None:
        """Rename your square (the cost grows with each renaming)."""
        _mine(ctx, actor, square)
        record = owner_record(ctx, square)
        ctx.require(record.get("name"), f"square {square} has no name yet",
                    detail="name it with name-square (VIII.3)")
        times = int(record.get("renames", 0))
        ctx.require(times < 4, f"square {square} has been renamed four times",
                    detail="renaming it again destroys it; destruction is section XVIII's")
        if times < len(self.params.costs):
            cost = self.params.costs[times]
            for payee in (GOVERNMENT, CORPORATION, *[p for p in ctx.players() if p != actor]):
                pay(ctx, actor, payee, owed_to(ctx, actor, payee, cost),
                    f"{actor} renames square {square}", forced=False)
        else:
            ctx.set_attr(actor, TEAM, None)  # renamed for free: a Freemason now
        ctx.set(_space(square, "name"), name.strip())
        ctx.set(_space(square, "renames"), times + 1)


class TheWhiteFine(Rule):
    """If a square is colored White, its owner must pay a $50 fine once a week. The $50 will be evenly distributed between players who have paid Dues to the WETHA and players who are Freemasons, with players belonging to both groups getting twice the share of players who belong to only one. Money leftover from rounding is removed from the game."""  # noqa: E501

    key = "the-white-fine"
    pack = PACK
    number = 811
    title = "VIII.11 The White fine"

    class Params(RuleParams):
        amount: int = Field(50, ge=0, description="the weekly fine per White square")

    params: Params

    def charge(self, ctx: Ctx) -> None:
        """Every player's White squares are fined, shared among WETHA members (Dues
        paid: ``dues_paid``) and Freemasons."""
        for number in board.numbers(ctx):
            owner = owner_of(ctx, number)
            if color_of(ctx, number) != WHITE or owner not in ctx.players():
                continue
            weights = {p: int(bool(ctx.attr(p, "dues_paid", False)))
                       + int(ctx.attr(p, TEAM) is None) for p in ctx.players()}
            total = sum(weights.values())
            paid = pay(ctx, owner, None, self.params.amount,
                       f"the White fine on square {number}")
            if total == 0 or paid == 0:
                continue
            unit = paid // total
            for player, weight in sorted(weights.items()):
                if weight and unit:
                    ctx.transfer(None, player, unit * weight, DOLLARS,
                                 f"a share of the White fine on square {number}")
            # "Money leftover from rounding is removed from the game": the fine went
            # out of the game and only the whole shares came back.


class Homesteads(Rule):
    """If a player ends three consecutive weeks on the same square, he may notify the admin that he wants to set up a Homestead on that square. A player with a Homestead on a square will never have to pay rent for that square."""  # noqa: E501

    key = "homesteads"
    pack = PACK
    number = 812
    title = "VIII.12 Homesteads"

    attributes = (Attribute("still", None, doc="the square and weeks the player has ended "
                            "the week on it"),
                  Attribute("homesteads", [], doc="squares with the player's Homestead"))

    @hook("update.ended")
    def count_weeks(self, ctx: Ctx, data: dict[str, Any]) -> None:
        for player in ctx.players():
            here = ctx.attr(player, LOCATION)
            still = ctx.attr(player, "still") or {"square": None, "weeks": 0}
            weeks = still["weeks"] + 1 if still["square"] == here else 1
            ctx.set_attr(player, "still", {"square": here, "weeks": weeks})

    @action("set-up-homestead")
    def homestead(self, ctx: Ctx, actor: str) -> None:
        """Set up a Homestead on the square you have ended three weeks on."""
        homes = list(ctx.attr(actor, "homesteads", []) or [])
        ctx.set_attr(actor, "homesteads", [*homes, ctx.attr(actor, LOCATION)])

    @homestead.check
    def _three_weeks(self, ctx: Ctx, actor: str) -> None:
        still = ctx.attr(actor, "still") or {"square": None, "weeks": 0}
        here = ctx.attr(actor, LOCATION)
        ctx.require(still["square"] == here and still["weeks"] >= 3,
                    f"{actor} has not ended three consecutive weeks on square {here}",
                    detail=f"weeks ended there so far: "
                           f"{still['weeks'] if still['square'] == here else 0}")
        homes = ctx.attr(actor, "homesteads", []) or []
        ctx.require(here not in homes, f"{actor} already has a Homestead on square {here}")


class Charity(Rule):
    """A player may donate a piece of land to Charity. Once donated, players may request property given to Charity. At the beginning of a week, the "poorest" player requesting the property will be given it, where "poor" is defined as the player with the fewest properties, ties broken by the player having the least money."""  # noqa: E501

    key = "charity"
    pack = PACK
    number = 813
    title = "VIII.13 Charity"

    def _mine_all(self, ctx: Ctx, actor: str) -> list[int]:
        return owned_squares(ctx, actor)

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        _mine(ctx, actor, int(value))

    def _charitable(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if owner_of(ctx, n) == CHARITY
                and actor not in (square(ctx, n).get("requests") or [])]

    def _why_not_charitable(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.require(owner_of(ctx, int(value)) == CHARITY, f"Charity does not hold square {value}")
        ctx.refuse(f"{actor} has already asked for square {value}")

    @action("donate-to-charity", Arg("square", int, "your square", minimum=1,
                                     choices="_mine_all", explain="_why_not_mine"))
    def donate(self, ctx: Ctx, actor: str, square: int) -> None:
        """Donate one of your squares to Charity."""
        _mine(ctx, actor, square)
        ctx.set(_space(square, "owner"), CHARITY)
        ctx.set(_space(square, "requests"), [])

    @action("request-from-charity", Arg("square", int, "a square Charity holds", minimum=1,
                                        choices="_charitable", explain="_why_not_charitable"))
    def request(self, ctx: Ctx, actor: str, square: int) -> None:
        """Ask for a square given to Charity."""
        ctx.require(owner_of(ctx, square) == CHARITY, f"Charity does not hold square {square}")
        asked = list(owner_record(ctx, square).get("requests") or [])
        ctx.require(actor not in asked, f"{actor} has already asked for square {square}")
        ctx.set(_space(square, "requests"), [*asked, actor])

    @hook("update.began")
    def give_away(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # "At the beginning of a week": the week begins with its update.
        for number in board.numbers(ctx):
            if owner_of(ctx, number) != CHARITY:
                continue
            asked = [p for p in owner_record(ctx, number).get("requests") or []
                     if p in ctx.players()]
            if not asked:
                continue
            # Poorest: fewest properties, then least money; then by name (ruling).
            poorest = min(asked, key=lambda p: (len(owned_squares(ctx, p)),
                                                ctx.balance(p, DOLLARS), p))
            ctx.set(_space(number, "owner"), poorest)
            ctx.set(_space(number, "requests"), [])
            ctx.emit(CHARITY_GIVEN, f"Charity gives square {number} to "
                     f"{poorest}", player=poorest, square=number)


RULES: tuple[type[Rule], ...] = (
    GivingItems, Owners, NamingSquares, BuyingSquares, Rent, TheCorporateCut, PropertyTax,
    Blocks, PayingABestFriend, RenamingSquares, TheWhiteFine, Homesteads, Charity,
)
