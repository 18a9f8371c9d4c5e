"""Section F.4 of the Grid: Balls of Wax and Earwax (Deaf, Disgusting, Icky)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, adjust, hook, parse
from nomicon.boards.grid import as_square
from nomicon.packs.bnomic_grid import board, clock, damage, movement, occupants
from nomicon.packs.bnomic_grid.carry import relocate_or_remove
from nomicon.packs.bnomic_grid.events import (
    ICKY,
    MOVED,
    NWEEK_BEGAN,
    OBJECT_PLACED,
    THROW_HIT,
    WAX_REMOVED,
    WAX_STUFFED,
    WHACK_OBJECT,
    WHACK_TARGETS,
    Moved,
    Nweek,
    ThrowHit,
    WhackObject,
    WhackTargets,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.sirens import sirens, zone
from nomicon.packs.bnomic_grid.terms import EARWAX, PACK, WAX

WAXES = (WAX, EARWAX)


class BallsOfWax(Rule):
    """F.4 Balls of Wax

    There exist Passable, Throwable, Carryable MOs called Balls of Wax. At the beginning of each nweek, a Ball of Wax is placed on a random legal Grid Square. If a Ball of Wax is thrown towards a player who has the Big Stick, e may Whack the Ball of Wax, causing it to cease to be Airborne and be placed on a random legal Grid Square. Any player with a Ball of Wax may Stuff the wax into eir ears as protection against the wiles of the Sirens. As long as the player has wax in eir ears, e gains the attribute Deaf. Deaf players are unaffected by Sirens. After escaping a Siren's ZOE and ZATR or after 1 nweek, whichever comes first, any player with wax in eir ears must remove the wax, which then becomes a Ball of Earwax and gains the attribute Disgusting. Balls of Earwax are Balls of Wax, but may not be used to stuff in ears. A Ball of Earwax, when thrown at a player, cannot be caught. It explodes on impact, being destroyed in the process, and the player who has been hit gains the attribute Icky for 1d3 ndays. If a player hits the Ball of Earwax with the big stick, the Ball of Earwax explodes and is destroyed, but the bits fall harmlessly to the ground."""  # noqa: E501

    key = "balls-of-wax"
    pack = PACK
    number = 604
    title = "F.4 Balls of Wax"
    requires = GRID

    class Params(RuleParams):
        deaf_nweeks: int = Field(1, ge=1)
        icky_die: int = Field(3, ge=1)

    params: Params

    # -- a Ball of Wax each nweek ------------------------------------------------------
    def on_enact(self, ctx: Ctx) -> None:
        # The beginning of nweek 1 is the instant the game begins: its Ball of Wax is
        # placed then. A rule enacted by a proposal during an nweek is not at the
        # beginning of one: its first Ball of Wax comes when the next nweek begins.
        if clock.game_begins(ctx):
            self._new_ball(ctx)

    @hook(NWEEK_BEGAN)
    def weekly_ball(self, ctx: Ctx, data: Nweek) -> None:
        self._new_ball(ctx)

    def _new_ball(self, ctx: Ctx) -> None:
        square = movement.random_square(ctx, "a Ball of Wax is placed",
                                     lambda s: movement.may_object_occupy(ctx, s))
        if square is not None:
            oid = occupants.create(ctx, WAX, location=square,
                                   cause="a Ball of Wax each nweek")
            ctx.emit(OBJECT_PLACED, f"a Ball of Wax ({oid}) is placed on "
                     f"{board.square_label(square)}", object=oid, square=list(square))

    # -- Deaf --------------------------------------------------------------------------
    def _wax(self, ctx: Ctx, actor: str) -> list[str]:
        return occupants.held(ctx, actor, WAX)

    @action("stuff-wax", Arg("object", str, "which Ball of Wax (default: the first)",
                             required=False, choices="_wax"))
    def stuff_wax(self, ctx: Ctx, actor: str, object: str | None = None) -> None:
        """Stuff a Ball of Wax into your ears: you are Deaf, unaffected by Sirens."""
        oid = object or self._wax(ctx, actor)[0]
        occupants.update(ctx, oid, worn=True)
        occupants.add_status(ctx, actor, "Deaf")
        ctx.set_timer(f"wax:{actor}", self.params.deaf_nweeks * clock.nweek_length(ctx),
                      self.after_a_nweek, {"player": actor})
        ctx.emit(WAX_STUFFED, f"{actor} stuffs wax into eir ears and is Deaf",
                 player=actor, object=oid)

    @stuff_wax.check
    def _stuff_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not occupants.has_status(ctx, actor, "Deaf"),
                    "you already have wax in your ears")
        ctx.require(self._wax(ctx, actor), "you have no Ball of Wax",
                    detail="Balls of Earwax may not be used to stuff in ears")

    def after_a_nweek(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.is_player(payload["player"]):
            remove_wax(ctx, payload["player"], "after 1 nweek")

    @hook(MOVED)
    def escaped(self, ctx: Ctx, data: Moved) -> None:
        player = data["player"]
        if not occupants.has_status(ctx, player, "Deaf"):
            return
        start, end = as_square(data["start"]), as_square(data["end"])
        for _oid, square in sirens(ctx):
            if zone(square, start) is not None and zone(square, end) is None:
                remove_wax(ctx, player, "escaped a Siren's ZOE and ZATR")
                return

    def on_repeal(self, ctx: Ctx) -> None:
        for player in ctx.players():
            remove_wax(ctx, player, "no rule keeps wax in ears")
            occupants.remove_status(ctx, player, "Icky")
            ctx.cancel_timer(f"icky:{player}")

    # -- Earwax ------------------------------------------------------------------------
    @adjust("grid.throw.catch")
    def earwax_cannot_be_caught(self, ctx: Ctx, question: dict[str, Any]) -> dict[str, Any]:
        if (occupants.obj(ctx, question["thing"]) or {}).get("kind") == EARWAX:
            return {**question, "allowed": False}
        return question

    @hook(THROW_HIT)
    def explodes(self, ctx: Ctx, data: ThrowHit) -> None:
        thing, victim = data["thing"], data["victim"]
        if (occupants.obj(ctx, thing) or {}).get("kind") != EARWAX:
            return
        damage.destroy(ctx, thing, f"explodes on {victim}")
        ndays = ctx.roll(self.params.icky_die, f"{victim} is Icky for "
                         f"1d{self.params.icky_die} ndays")
        due = ctx.now + ndays * clock.nday_length(ctx)
        earlier = ctx.timer_due(f"icky:{victim}")
        if earlier is None or parse(earlier) < due:
            ctx.set_timer(f"icky:{victim}", due, self.not_icky, {"player": victim})
        occupants.add_status(ctx, victim, "Icky")
        ctx.emit(ICKY, f"{victim} is Icky for {ndays} ndays", player=victim, ndays=ndays)

    def not_icky(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.is_player(payload["player"]):
            occupants.remove_status(ctx, payload["player"], "Icky")

    # -- Whacking wax ------------------------------------------------------------------
    @hook(WHACK_TARGETS)
    def wax_in_the_air(self, ctx: Ctx, data: WhackTargets) -> None:
        here = occupants.location(ctx, data["player"])
        for thing, flight in ctx.get(["board", "flights"], {}).items():
            if (occupants.obj(ctx, thing) or {}).get("kind") in WAXES \
                    and as_square(flight.get("target")) == here:
                data["targets"].append(thing)

    @hook(WHACK_OBJECT)
    def whacked_wax(self, ctx: Ctx, data: WhackObject) -> None:
        oid = data["object"]
        record = occupants.obj(ctx, oid)
        if record is None or record.get("kind") not in WAXES:
            return
        ctx.state.delete(["board", "flights", oid])
        ctx.cancel_timer(f"land:{oid}")
        occupants.update(ctx, oid, airborne=None)
        if record.get("kind") == EARWAX:
            damage.destroy(ctx, oid, "explodes under the Big Stick; the bits fall harmlessly",
                           by=data["by"])
        else:
            relocate_or_remove(ctx, oid, "the Ball of Wax is Whacked out of the air")


def remove_wax(ctx: Ctx, player: str, why: str) -> None:
    """The wax comes out of the player's ears as a Ball of Earwax, Disgusting."""
    worn = occupants.worn(ctx, player)
    if not worn and not occupants.has_status(ctx, player, "Deaf"):
        return
    for oid in worn:
        occupants.update(ctx, oid, kind=EARWAX, worn=False, disgusting=True)
    occupants.remove_status(ctx, player, "Deaf")
    ctx.cancel_timer(f"wax:{player}")
    ctx.emit(WAX_REMOVED, f"{player} removes the wax from eir ears ({why}): a Ball of "
             "Earwax, Disgusting", player=player, objects=worn)
