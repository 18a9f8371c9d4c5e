"""Rule 11: Features (the order of effects, Chief of Police, Shop, Bank, Houses)."""

from __future__ import annotations

import math
from graphlib import TopologicalSorter
from typing import Any, ClassVar

from nomicon.authoring import Arg, Attribute, Ctx, Currency, Rule, RuleParams, action, hook, turns
from nomicon.boards import ring
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import (
    BANK_INTEREST,
    BOARD_GREW,
    COP_CAR_GONE,
    COP_CAR_HEALTH,
    COP_CAR_MOVED,
    COP_CAR_TIE,
    FEATURE_LANDED,
    FEATURE_PLACED,
    ITEM_BOUGHT,
    ITEM_USED,
    LANDED,
    MOVED,
    MOVEMENT_FINISHED,
    PAIR_MOVE,
    PURCHASE_CHECK,
    BoardGrew,
    FeatureLanded,
    Landed,
    Moved,
    MovementFinished,
    PairMove,
    PurchaseCheck,
)

TEXT = """Each space on the gameboard has a number of features on it. Types, locations, and effects of features are defined by the rules.

When a player lands on a space with a feature, all the effects of its features are applied in alphabetical order by feature name. This order can be modified by the rules.

Feature effects can only take place after a player moves.

Chief of Police

Cop Car is a space feature. Initially, space 4 has this feature. The Cop Car has a health value, that initially starts at 200. The value is tracked in Gamestate on the wiki.

If a player lands on a space with a Cop Car, they must, before their turn ends, choose one of the following options (otherwise the first option is taken

  • a. admit fault, moving to the jail space;
  • b. bribe the officer, losing 5 points. Their turn ends immediately, and the Cop Car gains 5 health (or if the player has fewer than 5 points);
  • c. fight the officer. The player rolls two six sided dice in a row, the first roll is the officer's roll and the second roll is the player's roll. If the player's roll is higher than the officers roll, the player gains 10 points and the officer loses 10 health. If the player's roll is lower than the officers roll, they lose 10 points and move to the jail space (or if the player has fewer than 10 points);

If a players action would cause the Cop Cars health to drop to zero or lower, the player gains 100 points and the Cop Car ceases to be a space feature.

If a player rolls a 4 on their turn while rolling for movement, then, after moving, the space that previously had the Cop Car feature loses that feature and the player's current space gains it.

Shop

If a player is on a space with the Shop feature, they may purchase instances of the items listed below for the listed price. Once the item is used, it disappears and the listed effect takes place.

Item Name Price Effect
Flute 3 Move a snake feature from one tile to another that is adjacent to it

All spaces with a number that is prime and greater than 10 have the 'shop' feature.

Bank

All spaces with a number that is a multiple of and greater than 7 have the 'bank' feature.

'Bank' is a feature. When a player lands on a space with a 'Bank' feature, they may deposit points in multiples of 5 creating a bank account and losing that amount of points. Whenever a player passes or lands on a space with a 'Bank', the amount of points stored in their account increases by 1 per multiple of 5 points stored. Whenever a player lands on a space with the 'Bank' feature, they may take out any amount of points from their account given their withdrawal does not exceed the number of points in their account or put the account below 0.

Houses

There is a type of feature called "House". Each house has a player who is its owner. A house with owner P can be called "P's House". Initially, no houses exist on the gameboard.

When a player lands on a space with a House on it, if they have at least one point, they lose one point and the owner of the house gains one point.

Players may at any point in time buy a House item for five points. On their turn, if they are on a space with no other features and they have at least one house item in their possession, a player can add a House feature to that space. This removes one House item from their possession."""  # noqa: E501

COP_CAR, SHOP, BANK, HOUSE = "Cop Car", "Shop", "Bank", "House"


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, math.isqrt(n) + 1))


def house_name(owner: str) -> str:
    return f"{HOUSE} ({owner})"


def house_owner(name: str) -> str:
    return name[len(HOUSE) + 2:-1]


class Features(Rule):
    __doc__ = TEXT
    key = "features"
    pack = PACK
    number = 11
    title = "Features"
    requires = frozenset({"board:ring", "turns"})

    class Params(RuleParams):
        cop_car_space: int = 4
        cop_car_health: int = 200
        bribe_points: int = 5
        bribe_health: int = 5
        fight_die: int = 6
        fight_points: int = 10
        fight_damage: int = 10
        destroy_bonus: int = 100
        cop_car_moves_on: int = 4
        flute_price: int = 3
        shop_above: int = 10
        bank_multiple: int = 7
        bank_unit: int = 5
        house_price: int = 5
        house_toll: int = 1

    params: Params
    contributes: ClassVar[dict[str, Any]] = {
        "feature_types": [COP_CAR, SHOP, BANK, HOUSE],
    }
    # Items are goods of the ledger, listed together as a player's ``items``.
    currencies = (
        Currency("flute", kind="good", inventory="items", doc="Flutes in possession"),
        Currency("house", kind="good", inventory="items", doc="House items in possession"),
    )
    attributes = (
        Attribute("bank", 0, doc="points stored in the player's bank account"),
    )

    # -- where features stand ------------------------------------------------
    def on_enact(self, ctx: Ctx) -> None:
        self._place_fixed(ctx, range(1, board.size(ctx) + 1))
        space = self.params.cop_car_space
        if ring.is_space(space, board.size(ctx)) and ctx.get(["board", "cop_car"]) is None:
            board.add_feature(ctx, space, COP_CAR)
            ctx.set(["board", "cop_car"], {"space": space, "health": self.params.cop_car_health})
            ctx.emit(FEATURE_PLACED, f"the Cop Car is on space {space}", feature=COP_CAR,
                     space=space)

    @hook(BOARD_GREW)
    def on_grow(self, ctx: Ctx, data: BoardGrew) -> None:
        self._place_fixed(ctx, data["spaces"])

    def _place_fixed(self, ctx: Ctx, spaces: Any) -> None:
        for space in spaces:
            if is_prime(space) and space > self.params.shop_above \
                    and SHOP not in board.features_at(ctx, space):
                board.add_feature(ctx, space, SHOP)
            multiple = self.params.bank_multiple
            if space % multiple == 0 and space > multiple \
                    and BANK not in board.features_at(ctx, space):
                board.add_feature(ctx, space, BANK)

    # -- applying features in order -------------------------------------------
    def _after(self, ctx: Ctx, kinds: list[str]) -> dict[str, set[str]]:
        """For each feature type, the types a rule says must take effect before it."""
        before: dict[str, set[str]] = {k: set() for k in [*board.feature_types(ctx), *kinds]}
        for _rule, pairs in ctx.contributions("feature_before"):
            for first, then in pairs:
                if first in before and then in before:
                    before[then].add(first)
        return before

    def effect_order(self, ctx: Ctx, kinds: list[str],
                     before: dict[str, set[str]] | None = None) -> list[str]:
        """Alphabetical by feature name, except where rules say one goes first."""
        # Ruling (INTERPRETATIONS.md, Rule 11): of the orders that keep what the rules
        # say ("These movements take effect before the Cop Car does"), the one closest
        # to alphabetical: at each step the alphabetically first type whose required
        # predecessors have gone. The Cop Car waits for Ladders and Snakes; every other
        # pair stays alphabetical: Bank, House, Ladder, Shop, Snake, Cop Car.
        sorter = TopologicalSorter(self._after(ctx, kinds) if before is None else before)
        sorter.prepare()  # contradictory orders raise CycleError
        placed: list[str] = []
        ready = sorted(sorter.get_ready())
        while ready:
            kind = ready.pop(0)
            placed.append(kind)
            sorter.done(kind)
            ready = sorted([*ready, *sorter.get_ready()])
        return [kind for kind in placed if kind in kinds]

    @hook(LANDED)
    def apply_features(self, ctx: Ctx, data: Landed) -> None:
        player, space = data["player"], data["space"]
        names = board.features_at(ctx, space)
        if not names:
            return
        by_kind: dict[str, list[str]] = {}
        for name in names:
            by_kind.setdefault(board.type_of(ctx, name), []).append(name)
        # A type that a rule puts after others still acts once they have moved the
        # player away: Rule 20's "These movements take effect before the Cop Car
        # does" says the Cop Car does take effect, after the Ladder or Snake.
        before = self._after(ctx, list(by_kind))
        waits = {kind for kind, first in before.items() if first}
        for kind in self.effect_order(ctx, list(by_kind), before):
            for name in sorted(by_kind[kind]):
                if board.location(ctx, player) != space and kind not in waits:
                    continue  # an earlier feature moved the player away
                if name not in board.features_at(ctx, space):
                    continue
                ctx.dispatch(FEATURE_LANDED, FeatureLanded(**data, feature=name), key=kind)

    # -- Chief of Police ------------------------------------------------------
    @hook(FEATURE_LANDED, key=COP_CAR)
    def cop_car_stop(self, ctx: Ctx, data: FeatureLanded) -> None:
        ctx.prompt(data["player"], ["admit", "bribe", "fight"], "admit",
                   handler=self.cop_car_decision, resolve_on="turn.ending", blocking=True,
                   allow=["end-turn", "continue"],
                   message="the Cop Car stops you: admit fault, bribe the officer, or fight?",
                   data={"space": data["space"]})

    def cop_car_decision(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player = prompt["to"]
        if option == "admit":
            board.place(ctx, player, board.JAIL, "admitted fault to the Cop Car")
        elif option == "bribe":
            paid = min(self.params.bribe_points, max(ctx.balance(player, "points"), 0))
            ctx.lose(player, paid, "bribed the officer")
            self._hurt_cop_car(ctx, player, -self.params.bribe_health)
            board.end_turn(ctx, player, "bribed the officer")
        else:
            officer = ctx.roll(self.params.fight_die, f"Cop Car fight: the officer's roll "
                               f"against {player}")
            mine = ctx.roll(self.params.fight_die, f"Cop Car fight: {player}'s roll")
            if mine > officer:
                ctx.gain(player, self.params.fight_points, "won a fight with the officer")
                self._hurt_cop_car(ctx, player, self.params.fight_damage)
            elif mine < officer:
                lost = min(self.params.fight_points, max(ctx.balance(player, "points"), 0))
                ctx.lose(player, lost, "lost a fight with the officer")
                board.place(ctx, player, board.JAIL, "lost a fight with the officer")
            else:
                ctx.emit(COP_CAR_TIE, f"{player} and the officer tie ({mine}); nothing happens",
                         player=player, roll=mine)

    def _hurt_cop_car(self, ctx: Ctx, player: str, damage: int) -> None:
        car = ctx.get(["board", "cop_car"])
        if car is None:
            return
        health = car["health"] - damage
        ctx.set(["board", "cop_car", "health"], health)
        ctx.emit(COP_CAR_HEALTH, f"the Cop Car's health is now {health}", health=health)
        if health <= 0:
            ctx.gain(player, self.params.destroy_bonus, "brought the Cop Car's health to zero")
            board.remove_feature(ctx, car["space"], COP_CAR)
            ctx.set(["board", "cop_car"], None)
            ctx.emit(COP_CAR_GONE, "the Cop Car ceases to be a space feature")

    @hook(MOVEMENT_FINISHED)
    def cop_car_follows(self, ctx: Ctx, data: MovementFinished) -> None:
        car = ctx.get(["board", "cop_car"])
        player = data["player"]
        if car is None or data.get("roll") != self.params.cop_car_moves_on:
            return
        if turns.current(ctx) != player or not board.on_primary(ctx, player):
            return
        here = board.location(ctx, player)
        if here == car["space"]:
            return
        # The space it leaves is read before the move: ``car`` is the state's own
        # record, which the move changes.
        start = car["space"]
        board.remove_feature(ctx, start, COP_CAR)
        board.add_feature(ctx, here, COP_CAR)
        ctx.set(["board", "cop_car", "space"], here)
        ctx.emit(COP_CAR_MOVED, f"the Cop Car moves from space {start} to space {here}",
                 start=start, end=here)

    # -- Shop -------------------------------------------------------------------
    def _shop_items(self, ctx: Ctx, actor: str) -> list[str]:
        return ["flute"]

    def _price(self, item: str) -> int:
        return {"flute": self.params.flute_price}[item]

    @action("buy", Arg("item", str, "what to buy", choices="_shop_items"))
    def buy(self, ctx: Ctx, actor: str, item: str) -> None:
        """Buy an item at a Shop."""
        self._purchase(ctx, actor, item, self._price(item))

    @buy.check
    def _buy_check(self, ctx: Ctx, actor: str) -> None:
        where = board.location(ctx, actor)
        ctx.require(board.on_primary(ctx, actor) and SHOP in board.features_at(ctx, where),
                    "you are not on a space with a Shop")
        cheapest = min(self._price(i) for i in self._shop_items(ctx, actor))
        ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(player=actor, price=cheapest,
                                                   currency="points", item="anything here"))

    def _purchase(self, ctx: Ctx, actor: str, item: str, price: int) -> None:
        ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(player=actor, price=price, currency="points",
                                                   item=item))
        ctx.lose(actor, price, f"bought a {item}")
        ctx.gain(actor, 1, f"bought a {item}", currency=item)
        ctx.emit(ITEM_BOUGHT, f"{actor} buys a {item} for {price} points", player=actor,
                 item=item, price=price)

    def _snakes(self, ctx: Ctx, actor: str) -> list[str]:
        kinds = board.feature_types(ctx)
        return sorted(n for space in ctx.get(["board", "spaces"], {}).values()
                      for n in space["features"] if board.type_among(n, kinds) == "Snake")

    @action("use-flute", Arg("snake", str, "which snake, e.g. 'Snake 1U'", choices="_snakes"),
            Arg("to", int, "an adjacent space to move it to", minimum=1))
    def use_flute(self, ctx: Ctx, actor: str, snake: str, to: int) -> None:
        """Use a Flute: move a snake to an adjacent space."""
        here = board.spaces_with(ctx, snake)[0]
        ctx.require(to in ring.adjacent(here, board.size(ctx)),
                    f"space {to} is not adjacent to space {here}",
                    detail=f"{snake} can move to {list(ring.adjacent(here, board.size(ctx)))}")
        ctx.lose(actor, 1, "played the Flute", currency="flute")
        ctx.dispatch(PAIR_MOVE, PairMove(feature=snake, start=here, end=to))
        ctx.emit(ITEM_USED, f"{actor} plays the Flute: {snake} moves from {here} to {to}",
                 player=actor, item="flute", feature=snake, start=here, end=to)

    @use_flute.check
    def _flute_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, "flute") > 0, "you have no Flute")

    # -- Bank -------------------------------------------------------------------
    def _interest(self, ctx: Ctx, player: str, why: str) -> None:
        stored = ctx.attr(player, "bank", 0)
        gain = stored // self.params.bank_unit
        if gain:
            ctx.set_attr(player, "bank", stored + gain)
            ctx.emit(BANK_INTEREST, f"{player}'s account grows by {gain} to {stored + gain} "
                     f"({why})", player=player, amount=gain)

    @hook(FEATURE_LANDED, key=BANK)
    def bank_landed(self, ctx: Ctx, data: FeatureLanded) -> None:
        self._interest(ctx, data["player"], f"landed on the Bank at space {data['space']}")

    @hook(MOVED)
    def bank_passed(self, ctx: Ctx, data: Moved) -> None:
        for space in data["passed"]:
            if BANK in board.features_at(ctx, space):
                self._interest(ctx, data["player"], f"passed the Bank at space {space}")

    def _at_bank(self, ctx: Ctx, actor: str) -> None:
        where = board.location(ctx, actor)
        ctx.require(board.on_primary(ctx, actor) and BANK in board.features_at(ctx, where),
                    "you are not on a space with a Bank")

    @action("deposit", Arg("amount", int, "points to deposit, a multiple of 5", minimum=1))
    def deposit(self, ctx: Ctx, actor: str, amount: int) -> None:
        """Deposit points in your bank account, in multiples of 5."""
        unit = self.params.bank_unit
        ctx.require(amount % unit == 0, f"{amount} is not a multiple of {unit}")
        have = ctx.balance(actor, "points")
        ctx.require(amount <= have, f"you have {have} points, not {amount}")
        ctx.lose(actor, amount, "deposited in the bank")
        ctx.set_attr(actor, "bank", ctx.attr(actor, "bank", 0) + amount)

    @action("withdraw", Arg("amount", int, "points to take out", minimum=1))
    def withdraw(self, ctx: Ctx, actor: str, amount: int) -> None:
        """Take points out of your bank account."""
        stored = ctx.attr(actor, "bank", 0)
        ctx.require(amount <= stored, f"your account holds {stored} points, not {amount}")
        ctx.set_attr(actor, "bank", stored - amount)
        ctx.gain(actor, amount, "withdrew from the bank")

    deposit.check(_at_bank)
    withdraw.check(_at_bank)

    # -- Houses -----------------------------------------------------------------
    @hook(FEATURE_LANDED, key=HOUSE)
    def house_toll(self, ctx: Ctx, data: FeatureLanded) -> None:
        player, owner = data["player"], house_owner(data["feature"])
        if ctx.balance(player, "points") >= self.params.house_toll and ctx.is_player(owner):
            ctx.transfer(player, owner, self.params.house_toll, "points",
                         f"landed on {owner}'s House")

    @action("buy-house")
    def buy_house(self, ctx: Ctx, actor: str) -> None:
        """Buy a House item for five points."""
        self._purchase(ctx, actor, "house", self.params.house_price)

    @buy_house.check
    def _buy_house_check(self, ctx: Ctx, actor: str) -> None:
        ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(player=actor, price=self.params.house_price,
                                                   currency="points", item="a House"))

    @action("place-house", on_turn=True)
    def place_house(self, ctx: Ctx, actor: str) -> None:
        """Put one of your House items on your space, if it has no other features."""
        where = board.location(ctx, actor)
        ctx.lose(actor, 1, f"built a House on space {where}", currency="house")
        board.add_feature(ctx, where, house_name(actor))
        ctx.emit(FEATURE_PLACED, f"{actor} builds a House on space {where}",
                 feature=house_name(actor), space=where)

    @place_house.check
    def _place_house_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, "house") > 0, "you have no House item")
        ctx.require(board.on_primary(ctx, actor), "you are not on a primary space")
        where = board.location(ctx, actor)
        ctx.require(not board.features_at(ctx, where), f"space {where} already has features",
                    detail=", ".join(board.features_at(ctx, where)))
