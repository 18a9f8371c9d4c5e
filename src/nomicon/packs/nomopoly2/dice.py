"""Nomopoly II, section XVI (Dice): extra dice, multiples of 13, a Sick player's 1.

The three act on a normal turn's dice through the ``nomopoly2.turn-dice`` adjuster of
turns.py, before anything is based on them. Extra dice are a good (``extra_dice``);
a player says beforehand how she uses them on her next turn's roll
(``use-extra-dice``), since a mail player cannot say it while the update runs. The
choice a multiple of 13 offers is a prompt (``multiple-of-13``) whose default is to do
nothing special and which a standing answer can take.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Currency, Rule, RuleParams, action, adjust, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.colors import recolor, stay_put
from nomicon.packs.nomopoly2.contagion import sickness_color
from nomicon.packs.nomopoly2.events import TURN_TAKEN, TurnTaken
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.terms import (
    GOVERNMENT,
    LOCATION,
    PACK,
    SICK,
    TEAM,
    has_board,
    is_sick,
)
from nomicon.packs.nomopoly2.turns import TURN_DICE

EXTRA_DICE = "extra_dice"
#: The player's order for her next roll: ``{"count", "sign"}`` (+1 or -1).
EXTRA_DICE_WISH = "extra_dice_wish"
NOTHING = "nothing"


class FairDice(Rule):
    """Each die in the game is a fair, six-sided die."""

    key = "fair-dice"
    pack = PACK
    number = 1601
    title = "XVI.1 Fair dice"
    # Every die is the game's committed 1d6 (ctx.roll(6, ...)).


class BuyingExtraDice(Rule):
    """A player may buy extra dice at a cost of $20 per player in the game."""

    key = "buying-extra-dice"
    pack = PACK
    number = 1602
    title = "XVI.2 Buying extra dice"
    currencies = (Currency(EXTRA_DICE, kind="good", inventory="items", doc="extra dice"),)

    class Params(RuleParams):
        per_player: int = 20

    params: Params

    @action("buy-extra-dice", Arg("count", int))
    def buy(self, ctx: Ctx, actor: str, count: int = 1) -> None:
        """Buy extra dice ($20 a die for each player in the game, to the Government)."""
        ctx.require(count >= 1, f"{count} is not a number of dice to buy")
        # "per player in the game": the players when she buys; pseudoplayers are not
        # players (a ruling).
        price = self.params.per_player * len(ctx.players()) * count
        pay(ctx, actor, GOVERNMENT, price, f"{actor} buys {count} extra dice", forced=False)
        ctx.transfer(None, actor, count, EXTRA_DICE, "extra dice bought")


class UsingExtraDice(Rule):
    """A player may inform the admin of her wish to use one or more of her extra dice for any one of her die rolls, specifying whether or not the extra dice will be used as a positive or negative modifier. The pips from the extra dice will either be added to or subtracted from the total on the normal dice. Extra dice are removed from the game after use."""  # noqa: E501

    key = "using-extra-dice"
    pack = PACK
    number = 1603
    title = "XVI.3 Using extra dice"

    def _signs(self, ctx: Ctx, actor: str) -> list[str]:
        return ["+", "-"]

    @action("use-extra-dice", Arg("count", int), Arg("sign", choices="_signs"))
    def use(self, ctx: Ctx, actor: str, count: int, sign: str) -> None:
        """Use extra dice on your next turn's roll, added (+) or subtracted (-)."""
        ctx.require(sign in ("+", "-"), f"{sign!r} is neither + nor -")
        ctx.require(count >= 1, f"{count} is not a number of dice")
        held = ctx.balance(actor, EXTRA_DICE)
        ctx.require(held >= count, f"{actor} has {held} extra dice, not {count}")
        ctx.set_attr(actor, EXTRA_DICE_WISH, {"count": count, "sign": 1 if sign == "+" else -1})

    @hook(walker.LEFT)
    def below_one(self, ctx: Ctx, data: dict[str, Any]) -> None:
        stay_put(ctx, data)  # subtracted dice leave no pips: she does not move

    @adjust(TURN_DICE)
    def add_them(self, ctx: Ctx, asked: dict[str, Any]) -> dict[str, Any]:
        player = asked["player"]
        wish = ctx.attr(player, EXTRA_DICE_WISH)
        asked = {**asked, "natural": list(asked.get("natural", asked["dice"]))}
        if not wish:
            return asked
        ctx.set_attr(player, EXTRA_DICE_WISH, None)
        # The dice may have been given away since the order: use what is left.
        count = min(int(wish["count"]), ctx.balance(player, EXTRA_DICE))
        if count <= 0:
            return asked
        ctx.transfer(player, None, count, EXTRA_DICE, "extra dice used (removed from the "
                     "game)")
        extra = [int(wish["sign"]) * ctx.roll(6, f"{player}'s extra die") for _ in range(count)]
        return {**asked, "dice": [*asked["dice"], *extra]}


def _base(ctx: Ctx, team: Any) -> tuple[int, ...]:
    if not isinstance(team, str) or not has_board(ctx):
        return ()
    return board.layout(ctx).bases().get(team.capitalize(), ())


class MultiplesOfThirteen(Rule):
    """If a player rolls dice with the number of pips totalling a multiple of 13, she may opt to do one of three things: 1) if a player not on her Team is in her base, she may send that player to the lowest-numbered square of his base, taking $30 from him in the process, and shouting "So Sorry!"; 2) she may trade places with any player not in his own base; or 3) do nothing special."""  # noqa: E501

    key = "multiples-of-13"
    pack = PACK
    number = 1604
    title = "XVI.4 Multiples of 13"

    class Params(RuleParams):
        so_sorry: int = 30

    params: Params

    def options(self, ctx: Ctx, player: str) -> list[str]:
        """What the roller may do now: ``so-sorry:<p>``, ``swap:<p>``, ``nothing``."""
        mine = _base(ctx, ctx.attr(player, TEAM))
        found: list[str] = []
        for other in sorted(ctx.players()):
            if other == player:
                continue
            where = ctx.attr(other, LOCATION)
            team = ctx.attr(other, TEAM)
            # A Freemason victim has no base to be sent to (a ruling).
            if where in mine and team != ctx.attr(player, TEAM) and _base(ctx, team):
                found.append(f"so-sorry:{other}")
            if where not in _base(ctx, team):
                found.append(f"swap:{other}")
        return [*found, NOTHING]

    @hook(TURN_TAKEN)
    def offer(self, ctx: Ctx, data: TurnTaken) -> None:
        # Offered once the turn's move is done: the text says no moment, and a swap
        # before the move would change where she moves from (a ruling).
        total = data["pips"]
        if total <= 0 or total % 13:
            return  # 0 is no multiple of 13 here: no pips were rolled
        player = data["player"]
        ctx.prompt(player, self.options(ctx, player), NOTHING, handler=self.decided,
                   kind="multiple-of-13", deadline=ctx.now, data={"total": total},
                   available="_open",
                   message=f"you rolled {total}, a multiple of 13: So Sorry, trade places, "
                           "or nothing?")

    def _open(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        return self.options(ctx, prompt["to"])

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player = prompt["to"]
        if option == NOTHING:
            return
        ctx.require(option in self.options(ctx, player),
                    f"{option} is no longer open to {player}")
        what, other = option.split(":", 1)
        me = walker.Piece.player(player)
        if what == "so-sorry":
            lowest = min(_base(ctx, ctx.attr(other, TEAM)))
            walker.place(ctx, walker.Piece.player(other), lowest,
                         why=f'{player} shouts "So Sorry!"')
            pay(ctx, other, player, self.params.so_sorry, f'{player}\'s "So Sorry!"')
            return
        mine, theirs = ctx.attr(player, LOCATION), ctx.attr(other, LOCATION)
        walker.place(ctx, me, theirs, why=f"{player} trades places with {other}")
        walker.place(ctx, walker.Piece.player(other), mine,
                     why=f"{player} trades places with {other}")


class ASickPlayersOne(Rule):
    """If a Sick player rolls a 1, then before any action based on the die roll takes place, the player will stop being Sick and will change the color of his current square to the current Sickness Color."""  # noqa: E501

    key = "a-sick-player-s-one"
    pack = PACK
    number = 1605
    title = "XVI.5 A Sick player's 1"

    @adjust(TURN_DICE)
    def cured(self, ctx: Ctx, asked: dict[str, Any]) -> dict[str, Any]:
        player = asked["player"]
        natural = asked.get("natural", asked["dice"])
        # "rolls a 1": the die a Sick player rolls shows 1, before any extra dice.
        if not is_sick(ctx, player) or sum(int(d) for d in natural) != 1:
            return asked
        ctx.set_attr(player, SICK, False)
        here = ctx.attr(player, LOCATION)
        # "the current Sickness Color": XXX.6's, Yellow until a proposal changes it.
        color = sickness_color(ctx)
        if isinstance(here, int) and has_board(ctx):
            # XIII.8 lets a Sick player's colouring pass block protection; Tefflon
            # still stops it ("all attempts to recolor such a square fail").
            recolor(ctx, here, color, by=f"{player} stops being Sick", involuntary=True)
        return asked


RULES: tuple[type[Rule], ...] = (
    FairDice, BuyingExtraDice, UsingExtraDice, MultiplesOfThirteen, ASickPlayersOne,
)
