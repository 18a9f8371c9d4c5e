"""Nomopoly II, section XXVIII (the Wide Eyed Tree Hugging Anarckists).

The WETHA is an organisation with an account, ``wetha``, into which Dues are paid; a
player's Dues so far are her ``dues_paid`` (dollars; the White fine of VIII.11 reads
it as "has paid Dues"). The Lodges are squares the WETHA owns, with ``lodge`` and
``pollutant`` set; they are placed when the rules are enacted and when the board
grows to 83 squares. The Giveaway Queue holds squares by identity (``orgs.
wetha_queue``), so that a renumbering does not change what it gives.

XXVIII.3's dice: 4d6 for each dollar of Dues on every rent. They are rolled as one
die of 1296^k faces for k rolls of 4d6 (six at most to a die, the dice's limit),
read as the 4k dice's pips in base 6: each roll of 4d6 is as likely as with four
dice, and a player of many dollars of Dues makes one roll event, not hundreds.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action, adjust, hook
from nomicon.boards import numbered, walker
from nomicon.boards.events import SQUARES_ADDED, SquaresAdded
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.base import team_of
from nomicon.packs.nomopoly2.body_events import LODGE_VISITED, TREE_PLANTED, WETHA_DICE
from nomicon.packs.nomopoly2.money import market_value, owned_squares, pay
from nomicon.packs.nomopoly2.terms import (
    DOLLARS,
    PACK,
    fact,
    has_board,
    is_pollutant,
    owner_of,
    set_fact,
    square,
)

WETHA = "wetha"
DUES = "dues_paid"
QUEUE = "wetha_queue"
#: 4d6 rolls read from one die: 1296^6 faces is the most under the dice's 2^64.
ROLLS_PER_DIE = 6


def dues(ctx: Ctx, player: str) -> int:
    """The dollars of Dues ``player`` has paid to the WETHA."""
    return int(ctx.attr(player, DUES, 0) or 0)


def roll_4d6(ctx: Ctx, count: int, purpose: str) -> list[int]:
    """The totals of ``count`` rolls of 4d6, rolled six to a die (see the module)."""
    totals: list[int] = []
    while len(totals) < count:
        batch = min(ROLLS_PER_DIE, count - len(totals))
        value = ctx.roll(1296 ** batch, f"{purpose}: {batch} x 4d6") - 1
        for _ in range(batch):
            pips = 0
            for _die in range(4):
                value, face = divmod(value, 6)
                pips += face + 1
            totals.append(pips)
    return totals


def lodges(ctx: Ctx) -> list[int]:
    return [n for n in board.numbers(ctx) if square(ctx, n).get("lodge")]


def _place_lodges(ctx: Ctx, numbers: list[int]) -> None:
    if not has_board(ctx):
        return
    for n in numbers:
        if n in board.numbers(ctx) and not square(ctx, n).get("lodge"):
            for field, value in (("owner", WETHA), ("lodge", True), ("pollutant", True)):
                ctx.set(["board", "spaces", str(n), field], value)


class TheWetha(Rule):
    """The Wide Eyed Tree Hugging Anarckists may be referred to as "the WETHA" without inflicting scorn."""  # noqa: E501

    key = "the-wetha"
    pack = PACK
    number = 2801
    title = "XXVIII.1 The WETHA"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(WETHA)


class Dues(Rule):
    """Anyone may pledge allegiance to the WETHA by voluntarily paying Dues."""

    key = "wetha-dues"
    pack = PACK
    number = 2802
    title = "XXVIII.2 Dues"

    attributes = (Attribute(DUES, 0, doc="dollars of Dues paid to the WETHA"),)

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(WETHA)

    @action("pay-dues", Arg("amount", int, "dollars of Dues", minimum=1))
    def pay_dues(self, ctx: Ctx, actor: str, amount: int) -> None:
        """Pledge allegiance to the WETHA by paying Dues."""
        pay(ctx, actor, WETHA, amount, f"{actor}'s Dues to the WETHA", forced=False)
        ctx.set_attr(actor, DUES, dues(ctx, actor) + amount)

    @pay_dues.check
    def _has_money(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, DOLLARS) > 0, f"{actor} has no money to pay Dues with")


class RentDice(Rule):
    """Any time a player who has paid Dues is required to pay rent, she will roll four dice once for each dollar of Dues they have paid. If any one of those rolls totals fewer than five pips, the player will not pay rent. If none of those rolls totals fewer than five pips, the player will pay an extra dollar of rent."""  # noqa: E501

    key = "wetha-rent-dice"
    pack = PACK
    number = 2803
    title = "XXVIII.3 Rent dice"

    class Params(RuleParams):
        below: int = Field(5, ge=0, description="a 4d6 roll under this waives the rent")
        extra: int = Field(1, ge=0, description="the extra rent when no roll is under it")

    params: Params

    # Rent is the ledger's transfer that VIII.5 asks for ("rent for square N"): seen
    # here before it is made, so that it is waived or made a dollar larger.
    @adjust("ledger.transfer")
    def roll_on_rent(self, ctx: Ctx, proposal: dict[str, Any]) -> dict[str, Any] | None:
        payer, reason = proposal["source"], str(proposal["reason"])
        if (payer is None or proposal["currency"] != DOLLARS
                or not reason.startswith("rent for square") or payer not in ctx.players()):
            return proposal
        count = dues(ctx, payer)
        if count <= 0:
            return proposal
        rolls = roll_4d6(ctx, count, f"{payer}'s WETHA dice on rent")
        waived = any(total < self.params.below for total in rolls)
        number = int(reason.rsplit(" ", 1)[-1]) if reason[-1:].isdigit() else 0
        ctx.emit(WETHA_DICE, f"{payer} rolls {count} x 4d6 for the WETHA: "
                 + ("a roll under five: no rent" if waived else "an extra dollar of rent"),
                 player=payer, square=number, rolls=rolls,
                 rent="waived" if waived else "extra")
        if waived:
            return None
        return {**proposal, "amount": int(proposal["amount"]) + self.params.extra}


class Lodges(Rule):
    """The WETHA owns Lodges, which are pollutants, on the 28th and 53rd squares. If the board contains at least 83 squares, there will be Lodge owned by the WETHA on the 83rd square. Lodges may not be coated or destroyed."""  # noqa: E501

    key = "wetha-lodges"
    pack = PACK
    number = 2804
    title = "XXVIII.4 Lodges"

    class Params(RuleParams):
        squares: list[int] = Field(default_factory=lambda: [28, 53, 83],
                                   description="the Lodges' squares")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(WETHA)
        _place_lodges(ctx, self.params.squares)

    @hook(SQUARES_ADDED)
    def on_growth(self, ctx: Ctx, data: SquaresAdded) -> None:
        _place_lodges(ctx, [n for n in self.params.squares if n in data["spaces"]])
    # "may not be coated or destroyed": destruction (XVIII) refuses a square with
    # ``lodge``; the coating of XIII reads it too.


def _give_first(ctx: Ctx, player: str) -> int | None:
    """Give ``player`` the first square of the Giveaway Queue that is still the WETHA's."""
    queue = list(fact(ctx, QUEUE, []) or [])
    while queue:
        number = numbered.number_of(ctx, queue.pop(0))
        if number is not None and owner_of(ctx, number) == WETHA:
            set_fact(ctx, QUEUE, queue)
            ctx.set(["board", "spaces", str(number), "owner"], player)
            return number
    set_fact(ctx, QUEUE, queue)
    return None


def _visit(ctx: Ctx, player: str, lodge: int, what: str, number: int | None) -> None:
    said = {"forfeit": f"forfeits square {number} to the WETHA",
            "gift": f"is given square {number} from the WETHA's Giveaway Queue",
            "nothing": "gets nothing"}[what]
    ctx.emit(LODGE_VISITED, f"{player} lands on the Lodge on square {lodge} and {said}",
             player=player, lodge=lodge, square=number, what=what)


class Forfeiture(Rule):
    """If a Team member who has not paid Dues to the WETHA and has at least two properties lands on a Lodge, then the second least valuable property that they own will be transferred to the WETHA and placed at the end of its Giveaway Queue (provided that the property is not part of a Jumpgate and is not named in the rules)."""  # noqa: E501

    key = "wetha-forfeiture"
    pack = PACK
    number = 2805
    title = "XXVIII.5 Forfeiture at a Lodge"

    @hook(walker.LANDED)
    def forfeit(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, lodge = data.get("player"), data["square"]
        if (player is None or not square(ctx, lodge).get("lodge")
                or team_of(ctx, player) is None or dues(ctx, player) > 0):
            return
        owned = sorted(owned_squares(ctx, player), key=lambda n: (market_value(ctx, n), n))
        if len(owned) < 2:
            return
        # The second least valuable (ties: the lower number first); if it is part of
        # a Jumpgate or named in the rules, nothing is transferred (Rule 2805).
        second = owned[1]
        if square(ctx, second).get("jumpgate") is not None or second in board.named_squares(
                ctx):
            _visit(ctx, player, lodge, "nothing", None)
            return
        ctx.set(["board", "spaces", str(second), "owner"], WETHA)
        queue = list(fact(ctx, QUEUE, []) or [])
        set_fact(ctx, QUEUE, [*queue, numbered.square_id(ctx, second)])
        _visit(ctx, player, lodge, "forfeit", second)


class DuesPayersAtALodge(Rule):
    """If a Team member who has paid Dues lands on a Lodge, then that player will pay $50 to the WETHA (not paying Dues, but as a fine). That player will then receive the first item on the WETHA's Giveaway Queue, removing it from the Queue."""  # noqa: E501

    key = "wetha-members-at-a-lodge"
    pack = PACK
    number = 2806
    title = "XXVIII.6 Members at a Lodge"

    class Params(RuleParams):
        fine: int = Field(50, ge=0, description="paid to the WETHA")

    params: Params

    @hook(walker.LANDED)
    def fine_and_give(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, lodge = data.get("player"), data["square"]
        if (player is None or not square(ctx, lodge).get("lodge")
                or team_of(ctx, player) is None or dues(ctx, player) <= 0):
            return
        pay(ctx, player, WETHA, self.params.fine, f"{player}'s fine at the WETHA's Lodge")
        number = _give_first(ctx, player)
        _visit(ctx, player, lodge, "gift" if number is not None else "nothing", number)


class FreemasonsAtALodge(Rule):
    """If a Freemason lands on a Lodge, then that player will then receive the first item on the WETHA's Giveaway Queue, removing it from the Queue."""  # noqa: E501

    key = "freemasons-at-a-lodge"
    pack = PACK
    number = 2807
    title = "XXVIII.7 Freemasons at a Lodge"

    @hook(walker.LANDED)
    def give(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, lodge = data.get("player"), data["square"]
        if player is None or not square(ctx, lodge).get("lodge") or team_of(
                ctx, player) is not None:
            return
        number = _give_first(ctx, player)
        _visit(ctx, player, lodge, "gift" if number is not None else "nothing", number)


class Trees(Rule):
    """Any player who has paid Dues to the WETHA may plant a tree on any square that does not contain a Store, is not coated with Tefflon, and is not a pollutant. A square with a tree may not become a Store, coated with Tefflon, or a pollutant. Trees can only be removed with the destruction of the square."""  # noqa: E501

    key = "wetha-trees"
    pack = PACK
    number = 2808
    title = "XXVIII.8 Trees"

    def _plantable(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if self._why_not_here(ctx, n) is None]

    def _why_not_here(self, ctx: Ctx, number: int) -> str | None:
        record = square(ctx, number)
        if record.get("tree"):
            return f"square {number} has a tree already"
        if record.get("store"):
            return f"square {number} contains a Store"
        if record.get("tefflon"):
            return f"square {number} is coated with Tefflon"
        if is_pollutant(ctx, number):
            return f"square {number} is a pollutant"
        return None

    def _explain(self, ctx: Ctx, actor: str, value: Any) -> None:
        if isinstance(value, int) and value in board.numbers(ctx):
            ctx.refuse(self._why_not_here(ctx, value) or f"square {value} is open")
        ctx.refuse(f"{value!r} is not a square of the board")

    @action("plant-tree", Arg("square", int, "a square with no Store, Tefflon or pollutant",
                              choices="_plantable", explain="_explain"))
    def plant(self, ctx: Ctx, actor: str, square: int) -> None:
        """Plant a tree on a square."""
        ctx.set(["board", "spaces", str(square), "tree"], True)
        ctx.emit(TREE_PLANTED, f"{actor} plants a tree on square {square}", player=actor,
                 square=square)

    @plant.check
    def _member(self, ctx: Ctx, actor: str) -> None:
        ctx.require(has_board(ctx), "there is no board to plant on")
        ctx.require(dues(ctx, actor) > 0, f"{actor} has not paid Dues to the WETHA")
    # "A square with a tree may not become a Store, coated with Tefflon, or a
    # pollutant": the Stores (XXVI), coating (XIII) and pollutants read ``tree``.


RULES: tuple[type[Rule], ...] = (
    TheWetha, Dues, RentDice, Lodges, Forfeiture, DuesPayersAtALodge, FreemasonsAtALodge,
    Trees,
)

#: Who else may own a square (the pack's invariants).
OWNERS = (WETHA,)
