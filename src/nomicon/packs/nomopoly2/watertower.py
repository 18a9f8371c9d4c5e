"""Nomopoly II, section XXXVII (Watertower is now in the rules).

Watertower is the square the game's ``named_squares`` call "Watertower" (the text
gives it no number; Appendix A). A turn whose dice show 5 in all (after the dice
rules) and that begins on Watertower gives the player a Hot Spring Bath, the good
``hot-spring-bath`` of section XIX, created (it is given, not bought), and bars her
proposals until the next update begins.
"""

# No ``from __future__ import annotations``: the event kinds' TypedDicts are read at
# run time (see events.py).

from typing import TypedDict

from nomicon.authoring import Attribute, Ctx, EventKind, Rule, events, hook
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.events import TURN_TAKEN, TurnTaken
from nomicon.packs.nomopoly2.terms import PACK, has_board

WATERTOWER = "Watertower"
BATH = "hot-spring-bath"
#: The number of the update during which the player rolled the 5: she may not propose
#: until a later update begins.
NO_PROPOSALS = "no_proposals_in_update"


class HotSpringBathGiven(TypedDict):
    player: str
    square: int
    bath: bool  # False when no rule in force keeps Hot Spring Baths


BATH_GIVEN = EventKind("nomopoly2.watertower-bath", HotSpringBathGiven)


def watertower(ctx: Ctx) -> int | None:
    named = ctx.param("named_squares")
    table = named if isinstance(named, dict) else board.NAMED_SQUARES
    number = table.get(WATERTOWER)
    return int(number) if number is not None else None


def update_number(ctx: Ctx) -> int:
    return int((ctx.get(["update"], None) or {}).get("number", 0))


class Watertower(Rule):
    """If a player occupying Watertower rolls a @5@, then he is immediately given a Hot Spring Bath. That player also cannot make a proposal during the following week."""  # noqa: E501

    key = "watertower"
    pack = PACK
    number = 3701
    title = "XXXVII.1 Watertower"

    attributes = (Attribute(NO_PROPOSALS, None, doc="the update in which the player rolled "
                            "a 5 on Watertower"),)

    @hook(TURN_TAKEN)
    def rolled(self, ctx: Ctx, data: TurnTaken) -> None:
        here = watertower(ctx)
        if here is None or not has_board(ctx) or data["start"] != here or data["pips"] != 5:
            return
        player = data["player"]
        bath = ctx.is_good(BATH)
        if bath:
            ctx.transfer(None, player, 1, BATH, f"{player} rolls a 5 on Watertower")
        ctx.set_attr(player, NO_PROPOSALS, update_number(ctx))
        ctx.emit(BATH_GIVEN, f"{player} rolls a 5 on Watertower (square {here}): "
                 + ("a Hot Spring Bath" if bath else "no Hot Spring Bath is in the rules")
                 + ", and no proposals until the next update", player=player, square=here,
                 bath=bath)

    @hook(events.PROPOSAL_CHECK)
    def barred(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        player = data["player"]
        rolled = ctx.attr(player, NO_PROPOSALS)
        if rolled is not None and update_number(ctx) <= int(rolled):
            ctx.refuse(f"{player} rolled a 5 on Watertower in update {rolled}",
                       detail="no proposals during the following week")


RULES: tuple[type[Rule], ...] = (Watertower,)
