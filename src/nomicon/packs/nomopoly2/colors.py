"""Nomopoly II, section XIII (Colors): painting squares, paint cans, the GIPPer,
block protection, and the three coatings (Tefflon, glue, grease).

A square's colour is ``board.spaces.<n>.color`` (lower case; the seed's two
spellings of the twelfth colour are one, "fuschia"), its coating
``board.spaces.<n>.coating`` (``tefflon``, ``glue``, ``grease`` or none). Every change
of colour goes through :func:`recolor_refusal`, so Tefflon (XIII.9) and block
protection (XIII.7, with XIII.8's exceptions) stop every rule's attempts, including
those of other sections (the elephant, a Sick player's 1, the Corporate Player), which
call :func:`recolor` with ``involuntary=True`` where XIII.8 exempts them.

Glue acts in the walk: one die fewer when a normal turn starts on it (through the
``nomopoly2.turn-dice-count`` adjuster of turns.py), one pip lost passing through it
(the walker's ``passing`` hook); grease sends a landing on to the successor (the
walker's ``landing`` redirect).
"""

from __future__ import annotations

from typing import Any, TypedDict

from nomicon.authoring import (
    Arg,
    Ctx,
    Currency,
    EventKind,
    Rule,
    RuleParams,
    action,
    adjust,
    hook,
    veto,
)
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.carnival import carnival_problems
from nomicon.packs.nomopoly2.jumpgates import jumpgate_problems
from nomicon.packs.nomopoly2.money import owned_squares, pay
from nomicon.packs.nomopoly2.named import CARNIVAL
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS, GOVERNMENT_COLORS, blocks
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    LOCATION,
    PACK,
    WHITE,
    has_board,
    owner_of,
    rule_of,
    square,
)
from nomicon.packs.nomopoly2.turns import NORMAL, TURN_DICE_COUNT

#: XIII.1, in the seed's order.
COLORS = (*CORPORATE_COLORS, *GOVERNMENT_COLORS, WHITE)
#: XIII.1 spells it "Fuschia", XXXIII.3 "Fuchsia": one colour.
SPELLINGS = {"fuchsia": "fuschia"}
COATING = "coating"
TEFFLON, GLUE, GREASE = "tefflon", "glue", "grease"
COATINGS = (TEFFLON, GLUE, GREASE)
#: The player attribute naming the square a coat of glue stopped her on (XIII.11).
GLUE_HELD = "glue_held"
#: Pips the player lost to glue in her current walk (XXV.2 gives them back).
GLUE_LOST = "glue_lost"
#: Where the elephant's skin colour is kept (XXXIII.2's pseudoplayer keeps the rest).
ELEPHANT_SKIN = ["pseudo", "elephant", "skin"]


class Recolored(TypedDict):
    square: int
    color: str
    by: str


class Coated(TypedDict):
    square: int
    coating: str | None  # None: a coat removed
    by: str


class GipperHired(TypedDict):
    player: str
    target: str  # a square's number as text, or "elephant"
    fee: int


RECOLORED = EventKind("nomopoly2.recolored", Recolored)
COATED = EventKind("nomopoly2.coated", Coated)
#: The Head GIPPer's cut (XXXII.4, labour) hooks this.
GIPPER_HIRED = EventKind("nomopoly2.gipper-hired", GipperHired)


def canonical(color: str) -> str:
    """A colour's name as the pack keeps it (lower case, one spelling)."""
    name = str(color).strip().lower()
    return SPELLINGS.get(name, name)


def paint_good(color: str) -> str:
    """The good that is a can of Government Issue Paint of ``color``."""
    return f"paint_{canonical(color)}"


def coating_of(ctx: Ctx, number: int) -> str | None:
    found: str | None = square(ctx, number).get(COATING)
    return found


def _space(number: int, field: str) -> list[str]:
    return ["board", "spaces", str(number), field]


def recolor_refusal(ctx: Ctx, number: int, color: str, *, involuntary: bool = False
                    ) -> tuple[str, Rule | None] | None:
    """Why square ``number`` cannot be painted ``color`` now, and by which rule; None
    when it can. Tefflon stops every attempt (XIII.9); block protection stops all but
    the involuntary colourings of XIII.8."""
    if coating_of(ctx, number) == TEFFLON:
        return (f"square {number} is coated in Tefflon, which may not be recolored",
                rule_of(ctx, Tefflon))
    if not involuntary:
        for owner, colors in blocks(ctx).items():
            if canonical(color) in colors:
                return (f"{owner} owns a block in {canonical(color)}; no player may change "
                        f"the color of any square to it", rule_of(ctx, BlockProtection))
    return None


def recolor(ctx: Ctx, number: int, color: str, *, by: str, involuntary: bool = False
            ) -> bool:
    """Paint square ``number`` ``color`` unless a rule makes the attempt fail; returns
    whether it was painted. For the rules of other sections; players' actions refuse
    instead (:func:`require_recolor`)."""
    if recolor_refusal(ctx, number, color, involuntary=involuntary) is not None:
        return False
    _paint(ctx, number, color, by)
    return True


def require_recolor(ctx: Ctx, number: int, color: str) -> None:
    """Refuse the running action, in the name of the protecting rule, when square
    ``number`` may not be painted ``color``."""
    refusal = recolor_refusal(ctx, number, color)
    if refusal is not None:
        ctx.refuse(refusal[0], rule=refusal[1])


def _paint(ctx: Ctx, number: int, color: str, by: str) -> None:
    ctx.set(_space(number, "color"), canonical(color))
    ctx.emit(RECOLORED, f"square {number} is painted {canonical(color)} ({by})",
             square=number, color=canonical(color), by=by)


def _board_square(ctx: Ctx, number: int) -> None:
    ctx.require(has_board(ctx) and board.layout(ctx).exists(number),
                f"there is no square {number}")


def _owned(ctx: Ctx, actor: str, number: int) -> None:
    _board_square(ctx, number)
    owner = owner_of(ctx, number)
    ctx.require(owner == actor, f"square {number} is not {actor}'s",
                detail=f"its owner is {owner or 'nobody'}")


def _afford(ctx: Ctx, actor: str, amount: int) -> None:
    have = ctx.balance(actor, DOLLARS)
    ctx.require(have >= amount, f"{actor} has ${have}, not the ${amount} it costs")


def _open_colors(ctx: Ctx, colors: tuple[str, ...]) -> list[str]:
    """``colors`` but those of a block (XIII.7)."""
    taken = {c for found in blocks(ctx).values() for c in found}
    return [c for c in colors if c not in taken]


def _paintable(ctx: Ctx, actor: str) -> list[int]:
    return [n for n in owned_squares(ctx, actor) if coating_of(ctx, n) != TEFFLON]


def _coat(ctx: Ctx, number: int, coating: str | None, by: str) -> None:
    ctx.set(_space(number, COATING), coating)
    said = f"coated in {coating}" if coating else "no longer coated"
    ctx.emit(COATED, f"square {number} is {said} ({by})", square=number, coating=coating,
             by=by)


class TheColors(Rule):
    """The only colors that exist in the game are Red, Orange, Yellow, Green, Blue, Indigo, Maroon, Khaki, Navy, Teal, Lime, Fuschia, and White. The first six are known as Corporate Colors, the next six are known as Government Colors, and White is the only Non-Profit-Organization Color."""  # noqa: E501

    key = "the-colors"
    pack = PACK
    number = 1301
    title = "XIII.1 The colors"
    # Kept by COLORS above; the pack's invariants check every square's colour.


class AllSquaresStartWhite(Rule):
    """All squares are White until colored otherwise."""

    key = "all-squares-start-white"
    pack = PACK
    number = 1302
    title = "XIII.2 All squares start White"
    # A square without a colour reads as White (terms.color_of).


class CorporatePainting(Rule):
    """The owner of a square may choose to paint in one of the Corporate Colors. The cost of painting a square in this fashion is $50."""  # noqa: E501

    key = "corporate-painting"
    pack = PACK
    number = 1303
    title = "XIII.3 Corporate painting"

    class Params(RuleParams):
        cost: int = 50

    params: Params

    def _corporate(self, ctx: Ctx, actor: str) -> list[str]:
        return _open_colors(ctx, CORPORATE_COLORS)

    def _mine(self, ctx: Ctx, actor: str) -> list[int]:
        return _paintable(ctx, actor)

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        _owned(ctx, actor, int(value))
        require_recolor(ctx, int(value), WHITE)

    def _why_not_color(self, ctx: Ctx, actor: str, value: Any) -> None:
        require_recolor(ctx, 0, str(value))
        ctx.refuse(f"{value} is not a Corporate Color",
                   detail=f"they are {', '.join(CORPORATE_COLORS)}")

    @action("paint-square", Arg("square", int, choices="_mine", explain="_why_not_mine"),
            Arg("color", choices="_corporate", explain="_why_not_color"))
    def paint_square(self, ctx: Ctx, actor: str, square: int, color: str) -> None:
        """Paint a square you own in a Corporate Color ($50, to the Corporation)."""
        ctx.require(canonical(color) in CORPORATE_COLORS, f"{color} is not a Corporate Color")
        _owned(ctx, actor, square)
        require_recolor(ctx, square, color)
        # XIX.2 names the Corporation patent holder of Corporate paint (Appendix A).
        pay(ctx, actor, CORPORATION, self.params.cost, f"{actor} paints square {square} "
            f"{canonical(color)}", forced=False)
        _paint(ctx, square, color, f"painted by its owner {actor}")

    @paint_square.check
    def _can_paint(self, ctx: Ctx, actor: str) -> None:
        ctx.require(owned_squares(ctx, actor), f"{actor} owns no square")
        _afford(ctx, actor, self.params.cost)


class GovernmentIssuePaint(Rule):
    """A player may purchase Government Issue Paint at a cost of $100 per can. This paint can come in one of the Government Colors. A player with a can of paint may pour it on the square that player occupies, thus changing the color of the square and expending the can of paint."""  # noqa: E501

    key = "government-issue-paint"
    pack = PACK
    number = 1304
    title = "XIII.4 Government Issue Paint"
    currencies = tuple(Currency(paint_good(c), kind="good", inventory="items",
                                doc=f"a can of {c} Government Issue Paint")
                       for c in GOVERNMENT_COLORS)

    class Params(RuleParams):
        cost: int = 100

    params: Params

    def _government(self, ctx: Ctx, actor: str) -> list[str]:
        return list(GOVERNMENT_COLORS)

    def _why_not_government(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"{value} is not a Government Color",
                   detail=f"the paint comes in {', '.join(GOVERNMENT_COLORS)}")

    def _held(self, ctx: Ctx, actor: str) -> list[str]:
        return [c for c in GOVERNMENT_COLORS if ctx.balance(actor, paint_good(c)) > 0]

    @action("buy-paint", Arg("color", choices="_government", explain="_why_not_government"))
    def buy_paint(self, ctx: Ctx, actor: str, color: str) -> None:
        """Buy a can of Government Issue Paint ($100, to the Government)."""
        pay(ctx, actor, GOVERNMENT, self.params.cost, f"{actor} buys a can of "
            f"{canonical(color)} paint", forced=False)
        ctx.transfer(None, actor, 1, paint_good(color), "Government Issue Paint")

    @buy_paint.check
    def _can_buy(self, ctx: Ctx, actor: str) -> None:
        _afford(ctx, actor, self.params.cost)

    def _why_no_can(self, ctx: Ctx, actor: str, value: Any) -> None:
        here = ctx.attr(actor, LOCATION)
        if isinstance(here, int):
            require_recolor(ctx, here, str(value))
        ctx.refuse(f"{actor} has no can of {canonical(str(value))} paint")

    def _pourable(self, ctx: Ctx, actor: str) -> list[str]:
        here = ctx.attr(actor, LOCATION)
        if not isinstance(here, int) or coating_of(ctx, here) == TEFFLON:
            return []
        return [c for c in self._held(ctx, actor) if c in _open_colors(ctx, (c,))]

    @action("pour-paint", Arg("color", choices="_pourable", explain="_why_no_can"))
    def pour_paint(self, ctx: Ctx, actor: str, color: str) -> None:
        """Pour a can of paint you hold on the square you occupy."""
        here = ctx.attr(actor, LOCATION)
        ctx.require(isinstance(here, int) and has_board(ctx) and board.layout(ctx).exists(here),
                    f"{actor} occupies no square")
        require_recolor(ctx, here, color)
        ctx.require(ctx.balance(actor, paint_good(color)) > 0,
                    f"{actor} has no can of {canonical(color)} paint")
        ctx.transfer(actor, None, 1, paint_good(color), "the can is expended")
        _paint(ctx, here, color, f"{actor} pours a can of paint")


def _can_price(ctx: Ctx) -> int:
    paint = rule_of(ctx, GovernmentIssuePaint)
    return paint.params.cost if paint is not None else 100


def _gipper_colors(ctx: Ctx, actor: str, service: int) -> list[str]:
    """The colours the GIPPer can pour for ``actor``: those of her cans, and any when
    she can pay for a new can too."""
    have = ctx.balance(actor, DOLLARS)
    return [c for c in GOVERNMENT_COLORS if (have >= service + _can_price(ctx)) or (
        have >= service and ctx.balance(actor, paint_good(c)) > 0)]


def _gipper_paint(ctx: Ctx, actor: str, color: str, service: int, what: str) -> int:
    """Pay for the GIPPer's paint: a can of ``color`` the player holds, else a new
    can at the paint's price (XIII.5: "above the cost of the paint"); then the
    service. Returns the service fee."""
    ctx.require(canonical(color) in GOVERNMENT_COLORS, f"{color} is not a Government Color",
                detail=f"the GIPPer carries {', '.join(GOVERNMENT_COLORS)}")
    can_price = _can_price(ctx)
    if ctx.balance(actor, paint_good(color)) > 0:
        ctx.transfer(actor, None, 1, paint_good(color), f"the GIPPer pours it on {what}")
    else:
        pay(ctx, actor, GOVERNMENT, can_price, f"a can of {canonical(color)} paint for "
            f"{what}", forced=False)
    pay(ctx, actor, GOVERNMENT, service, f"the GIPPer's service: {what}", forced=False)
    return service


class TheGipper(Rule):
    """A player may hire a Government Issue Painting Person (GIPPer) to take a can of paint to any square owned by that player, and pour it on there. The cost for this service is $50 above the cost of the paint."""  # noqa: E501

    key = "the-gipper"
    pack = PACK
    number = 1305
    title = "XIII.5 The GIPPer"

    class Params(RuleParams):
        service: int = 50

    params: Params

    def _government(self, ctx: Ctx, actor: str) -> list[str]:
        return [c for c in _gipper_colors(ctx, actor, self.params.service)
                if c in _open_colors(ctx, GOVERNMENT_COLORS)]

    def _mine(self, ctx: Ctx, actor: str) -> list[int]:
        return _paintable(ctx, actor)

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        _owned(ctx, actor, int(value))
        require_recolor(ctx, int(value), WHITE)

    def _why_not_color(self, ctx: Ctx, actor: str, value: Any) -> None:
        require_recolor(ctx, 0, str(value))
        ctx.require(canonical(str(value)) in GOVERNMENT_COLORS,
                    f"{value} is not a Government Color")
        _afford(ctx, actor, self.params.service + _can_price(ctx))

    @action("hire-gipper", Arg("square", int, choices="_mine", explain="_why_not_mine"),
            Arg("color", choices="_government", explain="_why_not_color"))
    def hire(self, ctx: Ctx, actor: str, square: int, color: str) -> None:
        """Have the GIPPer pour a can on a square you own ($50, and the can or $100)."""
        _owned(ctx, actor, square)
        require_recolor(ctx, square, color)
        fee = _gipper_paint(ctx, actor, color, self.params.service, f"square {square}")
        _paint(ctx, square, color, f"the GIPPer, hired by {actor}")
        ctx.emit(GIPPER_HIRED, f"{actor} hires the GIPPer for square {square}",
                 player=actor, target=str(square), fee=fee)

    @hire.check
    def _can_hire(self, ctx: Ctx, actor: str) -> None:
        ctx.require(owned_squares(ctx, actor), f"{actor} owns no square")
        _afford(ctx, actor, self.params.service)


class PaintingTheElephant(Rule):
    """A player may hire the GIPPer to take a can of paint to the elephant and pour in on him, changing the Elephant Skin Color. The cost for this service is $1000 plus the cost of the paint."""  # noqa: E501

    key = "painting-the-elephant"
    pack = PACK
    number = 1306
    title = "XIII.6 Painting the elephant"

    class Params(RuleParams):
        service: int = 1000

    params: Params

    def _government(self, ctx: Ctx, actor: str) -> list[str]:
        return _gipper_colors(ctx, actor, self.params.service)

    def _why_not_government(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.require(canonical(str(value)) in GOVERNMENT_COLORS,
                    f"{value} is not a Government Color")
        _afford(ctx, actor, self.params.service + _can_price(ctx))

    @action("paint-elephant", Arg("color", choices="_government", explain="_why_not_government"))
    def paint_elephant(self, ctx: Ctx, actor: str, color: str) -> None:
        """Have the GIPPer pour a can on the elephant ($1000, and the can or $100)."""
        fee = _gipper_paint(ctx, actor, color, self.params.service, "the elephant")
        if ctx.get(["pseudo"], None) is None:
            ctx.set(["pseudo"], {})
        if ctx.get(["pseudo", "elephant"], None) is None:
            ctx.set(["pseudo", "elephant"], {})
        ctx.set(ELEPHANT_SKIN, canonical(color))
        ctx.emit(GIPPER_HIRED, f"{actor} hires the GIPPer to paint the elephant "
                 f"{canonical(color)}", player=actor, target="elephant", fee=fee)

    @paint_elephant.check
    def _can_paint_him(self, ctx: Ctx, actor: str) -> None:
        _afford(ctx, actor, self.params.service)


class BlockProtection(Rule):
    """If any player owns a block in a particular color, no player may change the color any square to the color of that block by any means, unless another rule specifically states otherwise."""  # noqa: E501

    key = "block-protection"
    pack = PACK
    number = 1307
    title = "XIII.7 Block protection"
    # Checked by recolor_refusal() for every change of colour.


class InvoluntaryColorings(Rule):
    """Involuntary colorings by the Elephant or by Sick players are allowed to violate the block-color protection rule."""  # noqa: E501

    key = "involuntary-colorings"
    pack = PACK
    number = 1308
    title = "XIII.8 Involuntary colorings"
    # The elephant's and Sick players' colourings call recolor(involuntary=True).


class Tefflon(Rule):
    """For $300, a player may apply a coat of Tefflon to any square she owns. Any square which is coated in Tefflon may not be recolored by any other means; all attempts to recolor such a square fail. Squares may only have one coat of Tefflon at a time."""  # noqa: E501

    key = "tefflon"
    pack = PACK
    number = 1309
    title = "XIII.9 Tefflon"

    class Params(RuleParams):
        cost: int = 300

    params: Params

    @action("apply-tefflon", Arg("square", int))
    def apply(self, ctx: Ctx, actor: str, square: int) -> None:
        """Coat a square you own in Tefflon ($300, to the Corporation)."""
        _owned(ctx, actor, square)
        pay(ctx, actor, CORPORATION, self.params.cost, f"Tefflon on square {square}",
            forced=False)
        _coat(ctx, square, TEFFLON, f"by its owner {actor}")


class RemovingTefflon(Rule):
    """For $300, a player may remove a coat of Tefflon from any square he owns."""

    key = "removing-tefflon"
    pack = PACK
    number = 1310
    title = "XIII.10 Removing Tefflon"

    class Params(RuleParams):
        cost: int = 300

    params: Params

    @action("remove-tefflon", Arg("square", int))
    def remove(self, ctx: Ctx, actor: str, square: int) -> None:
        """Remove the Tefflon from a square you own ($300, to the Corporation)."""
        _owned(ctx, actor, square)
        ctx.require(coating_of(ctx, square) == TEFFLON,
                    f"square {square} has no coat of Tefflon")
        pay(ctx, actor, CORPORATION, self.params.cost, f"Tefflon off square {square}",
            forced=False)
        _coat(ctx, square, None, f"its Tefflon removed by {actor}")


def stay_put(ctx: Ctx, data: dict[str, Any]) -> bool:
    """From a ``left`` hook: a normal turn with no pips to move (glue took a Sick
    player's only die, extra dice took the total below one) does not leave its square,
    and so lands nowhere (no rent, no prompt to buy). Returns whether it stopped."""
    if data.get("kind") == NORMAL and "roll" in data and int(data["remaining"]) <= 0:
        walker.stop(ctx, data, "no pips to move")
        return True
    return False


def _glue_affects(ctx: Ctx, player: Any, number: int) -> bool:
    return (isinstance(player, str) and coating_of(ctx, number) == GLUE
            and owner_of(ctx, number) != player)


class Glue(Rule):
    """Any player may apply a coat of glue on any square she owns or on square she occupies at the cost of $10 times its ordinal number. Any player (other than the owner) starting a normal turn from a square coated in glue will one one die fewer than usual for determining movement. Any player (other than the owner) passing through a square coated with glue during a normal turn will lose one pip's worth of movement. When a player is affected by a coat of glue, that coat of glue is removed from the square. If a player landed on a square due to its coat of glue, then as long as that player remains on that square, the owner of the square may not collect rent."""  # noqa: E501

    key = "glue"
    pack = PACK
    number = 1311
    title = "XIII.11 Glue"

    class Params(RuleParams):
        cost_per_number: int = 10

    params: Params

    @action("apply-glue", Arg("square", int))
    def apply(self, ctx: Ctx, actor: str, square: int) -> None:
        """Coat a square you own or occupy in glue ($10 times its number, to the
        Government)."""
        _board_square(ctx, square)
        ctx.require(owner_of(ctx, square) == actor or ctx.attr(actor, LOCATION) == square,
                    f"{actor} neither owns nor occupies square {square}")
        pay(ctx, actor, GOVERNMENT, self.params.cost_per_number * square,
            f"glue on square {square}", forced=False)
        _coat(ctx, square, GLUE, f"by {actor}")

    @adjust(TURN_DICE_COUNT)
    def one_die_fewer(self, ctx: Ctx, asked: dict[str, Any]) -> dict[str, Any]:
        player = asked["player"]
        here = ctx.attr(player, LOCATION)
        if asked["kind"] != NORMAL or not isinstance(here, int) or not _glue_affects(
                ctx, player, here):
            return asked
        _coat(ctx, here, None, f"{player} starts a turn on it and rolls one die fewer")
        return {**asked, "count": asked["count"] - 1}

    @hook(walker.LEFT)
    def moves_off(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player = data.get("player")
        if stay_put(ctx, data):
            return  # she remains on her square, and so does a glue stop's protection
        if player is not None and ctx.is_player(player):
            # The rent protection lasts "as long as that player remains on that square".
            ctx.set_attr(player, GLUE_HELD, None)
            ctx.set_attr(player, GLUE_LOST, 0)

    @hook(walker.PASSING)
    def loses_a_pip(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, here = data.get("player"), data["square"]
        if data.get("kind") != NORMAL or not _glue_affects(ctx, player, here):
            return
        assert isinstance(player, str)
        data["remaining"] = int(data["remaining"]) - 1
        ctx.set_attr(player, GLUE_LOST, int(ctx.attr(player, GLUE_LOST, 0) or 0) + 1)
        _coat(ctx, here, None, f"{player} passes through it and loses a pip")
        if data["remaining"] <= 0:
            ctx.set_attr(player, GLUE_HELD, here)


def glue_holds(ctx: Ctx, player: str, number: int) -> bool:
    """XIII.11: ``player`` landed on square ``number`` due to its glue and is still
    there, so its owner may not collect rent from her."""
    return bool(ctx.attr(player, GLUE_HELD) == number == ctx.attr(player, LOCATION))


class Grease(Rule):
    """Any player may apply a coat of grease on any square she owns. If a rule states that a player or pseudoplayer should land on a greased square, then he will land on the succeeding square instead."""  # noqa: E501

    key = "grease"
    pack = PACK
    number = 1312
    title = "XIII.12 Grease"

    @action("apply-grease", Arg("square", int))
    def apply(self, ctx: Ctx, actor: str, square: int) -> None:
        """Coat a square you own in grease (the text names no price: free)."""
        _owned(ctx, actor, square)
        _coat(ctx, square, GREASE, f"by its owner {actor}")

    @hook(walker.LANDING)
    def slide_on(self, ctx: Ctx, data: dict[str, Any]) -> None:
        here = data["square"]
        if has_board(ctx) and coating_of(ctx, here) == GREASE:
            walker.redirect(ctx, data, board.successor(ctx, here),
                            f"square {here} is greased")


class Coatings(Rule):
    """Glue, grease, and Tefflon are coatings. If a square is coated with one type of coating, then attempts to coat it with a different type of coating will fail."""  # noqa: E501

    key = "coatings"
    pack = PACK
    number = 1313
    title = "XIII.13 Coatings"

    @veto("apply-tefflon", "apply-glue", "apply-grease")
    def one_coating(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        number = args.get("square")
        if not isinstance(number, int):
            return
        present = coating_of(ctx, number)
        if present is None:
            return
        # A second coat of the same type fails too: XIII.9 says so of Tefflon, and a
        # coat of glue or grease is one coat either way (a ruling).
        ctx.refuse(f"square {number} is already coated in {present}",
                   detail="a square has one coating at a time")


def color_problems(state: dict[str, Any]) -> list[str]:
    """Every colour is one of the 13 and every coating one of the three (XIII.1, 13)."""
    problems = []
    for number, record in (state.get("board", {}).get("spaces") or {}).items():
        color = record.get("color")
        if color is not None and color not in COLORS:
            problems.append(f"square {number} has the colour {color!r}, not one of XIII.1's")
        coating = record.get(COATING)
        if coating is not None and coating not in COATINGS:
            problems.append(f"square {number} has the coating {coating!r}")
    return problems


RULES: tuple[type[Rule], ...] = (
    TheColors, AllSquaresStartWhite, CorporatePainting, GovernmentIssuePaint, TheGipper,
    PaintingTheElephant, BlockProtection, InvoluntaryColorings, Tefflon, RemovingTefflon,
    Glue, Grease, Coatings,
)


def square_problems(state: dict[str, Any]) -> list[str]:
    """The invariants of sections XI, XIII and XV: colours and coatings, Jumpgates,
    the Carnival."""
    named = (state.get("params") or {}).get("named_squares")
    table = named if isinstance(named, dict) else board.NAMED_SQUARES
    return [*color_problems(state), *jumpgate_problems(state),
            *carnival_problems(state, table.get(CARNIVAL))]
