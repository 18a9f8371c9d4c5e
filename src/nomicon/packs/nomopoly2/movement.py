"""Nomopoly II, section XXI (Easy Movement): up to two Easy Moves a week.

An Easy Move is an order carried out in one of the update's two Easy Moves steps
(XXXV.2: the first and the sixth, ``purchases`` and ``easy-moves-2``); taken at any
other time it is refused. A player is put on the square the move takes her to: a
transport is not a turn, so nothing leaves, passes or lands (INTERPRETATIONS.md,
Rule 2101). The week's count is the player's ``easy_moves``, ``{"week", "used"}``.

The squares' fields read here belong to other sections: ``public`` (Public Property,
X.2), ``jumpgate`` (the sister square's number, XI), ``blockbuster`` (XIX), ``store``
(XXVI; its owner is the square's owner or ``store.owner``); a Registered Voter is a
player whose ``registered_voter`` is set (X).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.body_events import EASY_MOVED
from nomicon.packs.nomopoly2.chains import chains_of, easy_move_toll
from nomicon.packs.nomopoly2.contagion import make_sick
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS
from nomicon.packs.nomopoly2.schedule import EASY_MOVES_2, PURCHASES
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    LOCATION,
    PACK,
    color_of,
    has_board,
    is_public_property,
    owner_of,
    rule_of,
    square,
    updates_begun,
)

EASY_MOVES = "easy_moves"
REGISTERED_VOTER = "registered_voter"


def _limit(ctx: Ctx) -> int:
    rule = rule_of(ctx, TwoEasyMovesAWeek)
    return rule.params.per_week if rule is not None else 2


def moves_left(ctx: Ctx, player: str) -> int:
    """XXI.1: the Easy Moves ``player`` may still take this week."""
    used = ctx.attr(player, EASY_MOVES, None) or {}
    taken = int(used.get("used", 0)) if used.get("week") == updates_begun(ctx) else 0
    return max(0, _limit(ctx) - taken)


def may_move(ctx: Ctx, actor: str) -> None:
    """Refuse an Easy Move outside the update's Easy Moves steps or past two a week,
    in the name of XXI.1."""
    rule = rule_of(ctx, TwoEasyMovesAWeek)
    if rule is None:
        _may_move(ctx, actor)
        return
    with ctx.running(rule):
        _may_move(ctx, actor)


def _may_move(ctx: Ctx, actor: str) -> None:
    ctx.require(has_board(ctx), "there is no board to move on")
    ctx.require(isinstance(ctx.attr(actor, LOCATION), int), f"{actor} occupies no square")
    update = ctx.get(["update"], None) or {}
    ctx.require(update.get("status") == "running"
                and update.get("phase") in (PURCHASES, EASY_MOVES_2),
                "Easy Moves are taken only in the weekly update's first and sixth steps "
                "(XXXV.2)", detail="send it as an order")
    ctx.require(moves_left(ctx, actor) > 0, f"{actor} has taken {_limit(ctx)} Easy Moves "
                "this week", detail="a player is allowed up to two Easy Moves a week")


def _afford(ctx: Ctx, actor: str, cost: int) -> None:
    have = ctx.balance(actor, DOLLARS)
    ctx.require(have >= cost, f"{actor} has ${have}, not the ${cost} this costs",
                detail="a voluntary action may not make its player Bankrupt (XXII.5)")


def move(ctx: Ctx, actor: str, to: int, how: str, cost: int, payee: str | None) -> None:
    """Count the Easy Move, charge ``cost`` (and XXXI.5's toll) and put ``actor`` on
    square ``to``."""
    used = ctx.attr(actor, EASY_MOVES, None) or {}
    taken = int(used.get("used", 0)) if used.get("week") == updates_begun(ctx) else 0
    ctx.set_attr(actor, EASY_MOVES, {"week": updates_begun(ctx), "used": taken + 1})
    if cost:
        pay(ctx, actor, payee, cost, f"{actor}'s {how}", forced=False)
    toll = easy_move_toll(ctx, actor)
    if toll:
        pay(ctx, actor, GOVERNMENT, toll, f"{actor}'s Easy Move in over 1000 lb of Chains",
            forced=False)
    start = int(ctx.attr(actor, LOCATION))
    walker.place(ctx, walker.Piece.player(actor), to, why=f"{actor}'s {how}")
    ctx.emit(EASY_MOVED, f"{actor} takes the {how} from square {start} to square {to}"
             + (f" for ${cost + toll}" if cost + toll else ""), player=actor, how=how,
             start=start, end=to, cost=cost + toll)


def _square_arg(ctx: Ctx, actor: str, value: Any, fits: Iterable[int], what: str) -> None:
    open_ = sorted(fits)
    ctx.refuse(f"{value!r} is not {what}",
               detail=f"open: {', '.join(map(str, open_[:20])) or 'none'}")


def shortest_path(ctx: Ctx, start: int, goal: int, *, gates: bool,
                  blocked: Callable[[int], bool]) -> list[int] | None:
    """The squares of a shortest way from ``start`` to ``goal`` (without ``start``),
    each move to the successor, the predecessor or (``gates``) a Jumpgate's sister
    square, through no square that is ``blocked``; None when there is none.

    A tie between shortest ways goes to the one whose first differing move is to a
    successor, then a predecessor, then a sister square (INTERPRETATIONS.md, Rule
    2104)."""
    # A breadth-first search written out: the graph is three edges a square, and the
    # kernel's snake search walks compass adjacency, not successors.
    layout = board.layout(ctx)
    came: dict[int, int] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        nexts = [layout.successor(here), layout.predecessor(here)]
        if gates:
            sister = square(ctx, here).get("jumpgate")
            nexts.append(int(sister) if sister is not None else None)
        for there in nexts:
            if there is None or there in came or not layout.exists(there):
                continue
            if blocked(there):
                continue
            came[there] = here
            queue.append(there)
    if goal not in came:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[-2::-1] if start != goal else []


def has_blockbuster(ctx: Ctx, number: int) -> bool:
    return bool(square(ctx, number).get("blockbuster"))


class TwoEasyMovesAWeek(Rule):
    """A player is allowed up to two Easy Moves a week."""

    key = "two-easy-moves-a-week"
    pack = PACK
    number = 2101
    title = "XXI.1 Two Easy Moves a week"

    attributes = (Attribute(EASY_MOVES, None, doc="the Easy Moves taken this week"),)

    class Params(RuleParams):
        per_week: int = Field(2, ge=0, description="Easy Moves a week")

    params: Params
    # Counted by move() and checked by may_move() above, for every Easy Move.


class GovernmentTransport(Rule):
    """If a Registered Voter requests it, The Government will transport her to the Public Property square of her choice."""  # noqa: E501

    key = "government-transport"
    pack = PACK
    number = 2102
    title = "XXI.2 The Government's transport"

    attributes = (Attribute(REGISTERED_VOTER, False, doc="registered to vote (X)"),)

    def _public(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if is_public_property(ctx, n)]

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        _square_arg(ctx, actor, value, self._public(ctx, actor), "a Public Property square")

    @action("government-transport", Arg("square", int, "the Public Property square",
                                        choices="_public", explain="_why_not"))
    def transport(self, ctx: Ctx, actor: str, square: int) -> None:
        """Have the Government transport you to a Public Property square."""
        move(ctx, actor, square, "Government's transport", 0, None)

    @transport.check
    def _voter(self, ctx: Ctx, actor: str) -> None:
        may_move(ctx, actor)
        ctx.require(ctx.attr(actor, REGISTERED_VOTER, False),
                    f"{actor} is not a Registered Voter")
        _afford(ctx, actor, easy_move_toll(ctx, actor))


class CorporateTransport(Rule):
    """If the owner of a square painted in a Corporate Color requests it, The Corporation will transport him to the Corporate-owned square of his choice."""  # noqa: E501

    key = "corporate-transport"
    pack = PACK
    number = 2103
    title = "XXI.3 The Corporation's transport"

    def _corporate(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if owner_of(ctx, n) == CORPORATION]

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        _square_arg(ctx, actor, value, self._corporate(ctx, actor),
                    "a Corporate-owned square")

    @action("corporate-transport", Arg("square", int, "the Corporate-owned square",
                                       choices="_corporate", explain="_why_not"))
    def transport(self, ctx: Ctx, actor: str, square: int) -> None:
        """Have the Corporation transport you to a Corporate-owned square."""
        move(ctx, actor, square, "Corporation's transport", 0, None)

    @transport.check
    def _owner(self, ctx: Ctx, actor: str) -> None:
        may_move(ctx, actor)
        ctx.require(any(owner_of(ctx, n) == actor and color_of(ctx, n) in CORPORATE_COLORS
                        for n in board.numbers(ctx)),
                    f"{actor} owns no square painted in a Corporate Color")
        _afford(ctx, actor, easy_move_toll(ctx, actor))


class Taxi(Rule):
    """A player can hire a Taxi by shouting "Taxi!" and informing the Admin of his intended destination. Taxis can move from one square to its successor, from one square to its predecessor, and from a Jumpgate square to its sister square. A Taxi will transport a player to his destination by taking the shortest path possible that does include any squares with Blockbusters, charging the player $10 for each move it makes. A player can pay the Taxi an extra $500 to allow it to drive through squares with Blockbusters. Anyone taking a Taxi trip becomes Sick."""  # noqa: E501

    key = "taxi"
    pack = PACK
    number = 2104
    title = "XXI.4 Taxi"

    class Params(RuleParams):
        fare: int = Field(10, ge=0, description="the fare for each move")
        through_blockbusters: int = Field(500, ge=0, description="the extra to drive "
                                          "through squares with Blockbusters")
        payee: str = Field(GOVERNMENT, description="who is paid the fare (the text does "
                           "not say; the Taxi Driver's cut of XXXII is taken from it)")

    params: Params

    def _squares(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if n != ctx.attr(actor, LOCATION)]

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        _square_arg(ctx, actor, value, self._squares(ctx, actor),
                    "another square of the board")

    def _route(self, ctx: Ctx, actor: str, square: int, anyway: bool) -> list[int] | None:
        return shortest_path(ctx, int(ctx.attr(actor, LOCATION)), square, gates=True,
                             blocked=lambda n: not anyway and has_blockbuster(ctx, n))

    def _cost(self, route: list[int], anyway: bool) -> int:
        return self.params.fare * len(route) + (self.params.through_blockbusters
                                                if anyway else 0)

    @action("taxi", Arg("square", int, "your destination", choices="_squares",
                        explain="_why_not"),
            Arg("through_blockbusters", bool, "pay $500 more to drive through squares "
                "with Blockbusters", required=False))
    def taxi(self, ctx: Ctx, actor: str, square: int, through_blockbusters: bool = False
             ) -> None:
        """Shout "Taxi!": ride the shortest way to a square, $10 a move; you become Sick."""
        route = self._route(ctx, actor, square, through_blockbusters)
        ctx.require(route is not None, f"no Taxi route to square {square} avoids the "
                    "squares with Blockbusters", detail="pay $500 more "
                    "(through_blockbusters=true) to drive through them")
        assert route is not None
        _afford(ctx, actor, self._cost(route, through_blockbusters)
                + easy_move_toll(ctx, actor))
        move(ctx, actor, square, "Taxi", self._cost(route, through_blockbusters),
             self.params.payee)
        make_sick(ctx, actor, "a Taxi trip")

    @taxi.check
    def _may(self, ctx: Ctx, actor: str) -> None:
        may_move(ctx, actor)
        chained = chains_of(ctx, actor)
        ctx.require(chained is None, f"{actor} is bound by {chained and chained['pounds']} "
                    "lb of Chains", detail="players bound by Chains may not take a Taxi "
                    "(XXXI.4)")


def stores_of(ctx: Ctx, player: str) -> list[int]:
    """The squares of the Stores ``player`` owns."""
    found = []
    for n in board.numbers(ctx):
        store = square(ctx, n).get("store")
        if not store:
            continue
        owner = store.get("owner") if isinstance(store, dict) else None
        if (owner or owner_of(ctx, n)) == player:
            found.append(n)
    return found


class DeliveryTruck(Rule):
    """The owner of a Store may hitch a ride on a delivery truck and be transported to his Store, provided that the devliery truck can make it to the Store without driving through a square with a Blockbuster. Delivery trucks repeatedly move from one square to its predecessor or to its successor. By paying $500, the owner of a Store may be transported to her Store regardless of Blockbuster locations."""  # noqa: E501

    key = "delivery-truck"
    pack = PACK
    number = 2105
    title = "XXI.5 The delivery truck"

    class Params(RuleParams):
        regardless: int = Field(500, ge=0, description="to ride regardless of Blockbusters")
        payee: str = Field(GOVERNMENT, description="who is paid (the text does not say)")

    params: Params

    def _stores(self, ctx: Ctx, actor: str) -> list[int]:
        return stores_of(ctx, actor)

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        _square_arg(ctx, actor, value, self._stores(ctx, actor), f"a Store of {actor}'s")

    @action("delivery-truck", Arg("square", int, "your Store's square", choices="_stores",
                                  explain="_why_not"),
            Arg("regardless", bool, "pay $500 to ride regardless of Blockbusters",
                required=False))
    def ride(self, ctx: Ctx, actor: str, square: int, regardless: bool = False) -> None:
        """Hitch a ride on a delivery truck to your Store."""
        if not regardless:
            route = shortest_path(ctx, int(ctx.attr(actor, LOCATION)), square, gates=False,
                                  blocked=lambda n: has_blockbuster(ctx, n))
            ctx.require(route is not None, f"no delivery truck reaches square {square} "
                        "without driving through a square with a Blockbuster",
                        detail="pay $500 (regardless=true) to ride regardless")
        cost = self.params.regardless if regardless else 0
        _afford(ctx, actor, cost + easy_move_toll(ctx, actor))
        move(ctx, actor, square, "delivery truck", cost, self.params.payee)

    @ride.check
    def _owner(self, ctx: Ctx, actor: str) -> None:
        may_move(ctx, actor)
        ctx.require(stores_of(ctx, actor), f"{actor} owns no Store")


class TakeAWalk(Rule):
    """A player may Take a Walk, transporting himself to either the successor or predecessor of the square he occupies."""  # noqa: E501

    key = "take-a-walk"
    pack = PACK
    number = 2106
    title = "XXI.6 Take a Walk"

    def _directions(self, ctx: Ctx, actor: str) -> list[str]:
        return ["successor", "predecessor"]

    @action("take-a-walk", Arg("to", str, "successor or predecessor",
                               choices="_directions"))
    def walk(self, ctx: Ctx, actor: str, to: str) -> None:
        """Take a Walk to the successor or the predecessor of your square."""
        here = int(ctx.attr(actor, LOCATION))
        there = (board.successor(ctx, here) if to == "successor"
                 else board.predecessor(ctx, here))
        _afford(ctx, actor, easy_move_toll(ctx, actor))
        move(ctx, actor, there, "Walk", 0, None)

    @walk.check
    def _may(self, ctx: Ctx, actor: str) -> None:
        may_move(ctx, actor)


RULES: tuple[type[Rule], ...] = (
    TwoEasyMovesAWeek, GovernmentTransport, CorporateTransport, Taxi, DeliveryTruck,
    TakeAWalk,
)
