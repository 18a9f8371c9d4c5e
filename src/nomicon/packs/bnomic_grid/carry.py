"""Sections F.1 (Toads), F.2 (the Big Stick) and F.3 (the Shield) of the Grid."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Rule,
    RuleParams,
    action,
    adjust,
    events,
    hook,
    veto,
)
from nomicon.boards.grid import Square, as_square, direction, distance
from nomicon.packs.bnomic_grid import board, clock, damage, movement, occupants, terms
from nomicon.packs.bnomic_grid.airways import throw_elbonia_style
from nomicon.packs.bnomic_grid.events import (
    MOVE_CHECK,
    NWEEK_ENDED,
    OBJECT_PLACED,
    SHIELD_USED,
    SHOT_RECEIVED,
    TOAD_BECAME,
    TOAD_CEASED,
    TOAD_MADE,
    WHACK,
    WHACK_OBJECT,
    WHACK_RECEIVED,
    WHACK_TARGETS,
    Blow,
    MoveCheck,
    Nweek,
    PlayerNweeks,
    WhackObject,
    WhackTargets,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.terms import GREMLIN, PACK, SHIELD, STICK, TOAD_PREFIX


def cease_to_be_a_toad(ctx: Ctx, player: str, why: str) -> None:
    """F.1: a Toad in another's possession, sharing a square with a non-Toad player, or
    Airborne, is Thrown Elbonia-Style as e ceases to be a Toad."""
    if not occupants.is_toad(ctx, player):
        return
    occupants.remove_status(ctx, player, "Toad")
    ctx.cancel_timer(f"toad:{player}")
    ctx.emit(TOAD_CEASED, f"{player} is no longer a Toad ({why})", player=player)
    thing = TOAD_PREFIX + player
    flight = ctx.get(["board", "flights", thing], None)
    if isinstance(flight, dict):
        ctx.state.delete(["board", "flights", thing])
        ctx.cancel_timer(f"land:{thing}")
        ctx.set_attr(player, "airborne", None)
        target = as_square(flight.get("target"))
        if target is not None:
            throw_elbonia_style(ctx, player, target, "ceased to be a Toad in the air")
        return
    here = occupants.location(ctx, player)
    carried = occupants.carrier_of(ctx, player) is not None
    crowded = here is not None and any(not occupants.is_toad(ctx, p) for p in
                                       occupants.free_players_at(ctx, here, but=player))
    if here is not None and (carried or crowded):
        ctx.set_attr(player, "carried_by", None)
        throw_elbonia_style(ctx, player, here, "ceased to be a Toad among players")


class Toads(Rule):
    """F. Carryable Objects

    F.1 Toads

    Certain events may cause a player to become a Toad. Toads are Carryable, Throwable, Passable MOs. While a player is a Toad, the following is true: Other players may occupy the same location as em. E may not pick up, catch, or throw objects. E may not make a move of eir own free will. E may not use Elbonian Airways. E is unaffected by Bonus Boxes. If a player is carrying a Toad, and e would lose points as a result of a Bonus box, the effects of that box are applied to the Toad instead. If the player is carrying more than one Toad, one is selected at random. If a player ceases to be a Toad while in the possession of another player, or on the same grid square as another non-Toad player, the player who was a Toad leaves the possession of all players and is Thrown Elbonia-Style at eir location. If a Toad is airborne, and e ceases to be a Toad, e is immediately Thrown Elbonia-Style at the location e was headed for. When a player becomes a Toad, e drops all eir carryable objects."""  # noqa: E501

    key = "toads"
    pack = PACK
    number = 601
    title = "F.1 Toads"
    requires = GRID
    attributes = (
        Attribute("carried_by", None, doc="the player carrying this Toad"),
        Attribute("airborne", None, doc="where this thrown Toad is headed"),
    )

    @hook(TOAD_MADE)
    def become(self, ctx: Ctx, data: PlayerNweeks) -> None:
        player, nweeks = data["player"], int(data.get("nweeks", 4))
        movement.drop_all(ctx, player, "becomes a Toad")
        occupants.add_status(ctx, player, "Toad")
        ctx.set_timer(f"toad:{player}", nweeks * clock.nweek_length(ctx), self.stop,
                      {"player": player})
        ctx.emit(TOAD_BECAME, f"{player} is a Toad for {nweeks} nweeks", player=player,
                 nweeks=nweeks)

    def stop(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.is_player(payload["player"]):
            cease_to_be_a_toad(ctx, payload["player"], "the nweeks are over")

    def on_repeal(self, ctx: Ctx) -> None:
        for player in ctx.players():
            cease_to_be_a_toad(ctx, player, "no rule makes Toads any more")

    @adjust("grid.may-share")
    def toads_share(self, ctx: Ctx, question: dict[str, Any]) -> dict[str, Any]:
        if (occupants.is_toad(ctx, question["mover"])
                or occupants.is_toad(ctx, question["occupant"])):
            return {**question, "allowed": True}
        return question

    @veto("pick-up", "catch", "throw", "fly")
    def toad_hands(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if ctx.is_player(actor) and occupants.is_toad(ctx, actor):
            what = "use Elbonian Airways" if decl.name == "fly" else decl.name
            ctx.refuse(f"{actor} is a Toad and may not {what}")

    @hook(MOVE_CHECK)
    def no_free_will(self, ctx: Ctx, data: MoveCheck) -> None:
        if occupants.is_toad(ctx, data["player"]):
            ctx.refuse(f"{data['player']} is a Toad and may not move of eir own free will")

    @adjust("grid.throw.catch")
    def toads_do_not_catch(self, ctx: Ctx, question: dict[str, Any]) -> dict[str, Any]:
        if occupants.is_toad(ctx, question["catcher"]):
            return {**question, "allowed": False}
        return question

    @adjust("grid.bonus-box.effect")
    def toads_and_boxes(self, ctx: Ctx, effect: dict[str, Any]) -> dict[str, Any] | None:
        player = effect["player"]
        if occupants.is_toad(ctx, player):
            return None
        toads = occupants.carried_toads(ctx, player)
        if effect["points"] < 0 and toads:
            toad = ctx.pick(toads, f"the Toad carried by {player} that takes the Bonus Box")
            return {**effect, "player": toad}
        return effect


def relocate_or_remove(ctx: Ctx, oid: str, why: str) -> None:
    """Put an object on a random legal square (or destroy it if there is none)."""
    square = movement.random_square(ctx, why, lambda s: movement.may_object_occupy(ctx, s))
    if square is None:
        damage.destroy(ctx, oid, "there is no legal square for it")
    else:
        movement.relocate_object(ctx, oid, square, how=why)


def ensure_one(ctx: Ctx, kind_name: str) -> None:
    """If there is none of a kind, one is placed on a random legal square."""
    if occupants.of_kind(ctx, kind_name) or not ctx.state.has(["board", "width"]):
        return  # there is one, or there is no Grid in this game
    label = terms.KINDS[kind_name].label
    square = movement.random_square(ctx, f"the {label} is placed",
                                 lambda s: movement.may_object_occupy(ctx, s))
    if square is not None:
        # The first one has the kind's name for an id; should that id be taken by
        # something else (an Administrator's correction), the next free one.
        oid = (kind_name if occupants.obj(ctx, kind_name) is None
               else ctx.new_entity_id(kind_name))
        occupants.create(ctx, kind_name, oid=oid, location=square,
                         cause=f"there was no {label}")
        ctx.emit(OBJECT_PLACED, f"the {label} is placed on {board.square_label(square)}",
                 object=oid, square=list(square))


class BigStick(Rule):
    """F.2 The Big Stick

    There exists a Passable, Carryable MO called the Big Stick. If at any time there is no Big Stick, the Big Stick is placed on a random legal square. If a player has a Big Stick, e may use it to administer a Whack to a Player or a Gremlin in an adjacent square. After administering the Whack, the Big Stick vanishes from the Player's possession and reappears at a random legal location on the grid. When a Player receives a Whack, e is knocked two squares away from the Player with the Big Stick. The Player who has been hit receives the attribute Dizzy, which lasts until the end of the nweek. When a Gremlin receives a Whack, it is knocked off the Grid and receives the attribute Dizzy. It is placed on the Grid again on a random legal square at the end of the current nweek, if it is Active at that time."""  # noqa: E501

    key = "big-stick"
    pack = PACK
    number = 602
    title = "F.2 The Big Stick"
    requires = GRID

    class Params(RuleParams):
        knock: int = Field(2, ge=0, description="squares a Whack knocks a player")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ensure_one(ctx, STICK)

    def on_repeal(self, ctx: Ctx) -> None:
        for oid in occupants.of_kind(ctx, STICK):
            damage.destroy(ctx, oid, "no rule keeps the Big Stick")

    @hook(events.BATCH_CLOSING)
    def always_a_stick(self, ctx: Ctx, data: events.NoFields) -> None:
        ensure_one(ctx, STICK)

    def _targets(self, ctx: Ctx, actor: str) -> list[str]:
        here = occupants.location(ctx, actor)
        if here is None:
            return []
        found = [p for p in ctx.players() if p != actor and occupants.carrier_of(ctx, p) is None
                 and _adjacent(here, occupants.location(ctx, p))]
        found += [oid for oid in occupants.of_kind(ctx, GREMLIN)
                  if _adjacent(here, occupants.object_square(occupants.obj(ctx, oid) or {}))]
        asked = WhackTargets(player=actor, targets=[])
        ctx.dispatch(WHACK_TARGETS, asked)
        return found + [t for t in asked["targets"] if t not in found]

    @action("whack", Arg("target", str, "a player or Gremlin next to you (or what a rule "
                         "lets you Whack)", choices="_targets"))
    def whack(self, ctx: Ctx, actor: str, target: str) -> None:
        """Whack a player or a Gremlin in an adjacent square with the Big Stick."""
        stick = occupants.held(ctx, actor, STICK)[0]
        ctx.emit(WHACK, f"{actor} Whacks {target} with the Big Stick", player=actor,
                 target=target)
        if ctx.is_player(target):
            received = Blow(by=actor, target=target, prevented=False)
            ctx.dispatch(WHACK_RECEIVED, received)
            if not received["prevented"]:
                start, end = occupants.location(ctx, actor), occupants.location(ctx, target)
                if start is not None and end is not None:
                    movement.push(ctx, target, direction(start, end), self.params.knock,
                               how=f"is knocked away by {actor}'s Whack")
                occupants.add_status(ctx, target, "Dizzy")
        elif (occupants.obj(ctx, target) or {}).get("kind") == GREMLIN:
            movement.relocate_object(ctx, target, None, how="is knocked off the Grid")
            occupants.update(ctx, target, off_grid=True,
                         status=sorted({*(occupants.obj(ctx, target) or {}).get("status", []),
                                        "Dizzy"}))
        else:
            ctx.dispatch(WHACK_OBJECT, WhackObject(by=actor, object=target))
        if occupants.obj(ctx, stick) is not None:
            relocate_or_remove(ctx, stick, "the Big Stick vanishes and reappears")

    @whack.check
    def _whack_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.on_grid(ctx, actor), "you are not on the Grid")
        ctx.require(occupants.held(ctx, actor, STICK), "you do not have the Big Stick")

    @hook(NWEEK_ENDED)
    def recover(self, ctx: Ctx, data: Nweek) -> None:
        for player in ctx.players():
            occupants.remove_status(ctx, player, "Dizzy")
        for oid in occupants.of_kind(ctx, GREMLIN):
            record = occupants.obj(ctx, oid) or {}
            if not record.get("off_grid") or not record.get("active", True):
                continue
            occupants.update(ctx, oid, off_grid=False,
                         status=[s for s in record.get("status", []) if s != "Dizzy"])
            relocate_or_remove(ctx, oid, "the Gremlin comes back to the Grid")


def _adjacent(here: Square, there: Square | None) -> bool:
    return there is not None and distance(here, there) == 1


class Shield(Rule):
    """F.3 The Shield

    There exists a Passable, Carryable MO called the Shield. If at any time there is no Shield, the Shield is placed on a random legal square. If a player possesses the Shield, and e is Whacked by the Big Stick or Shot with a Pinball Gun, the Whacking/Shooting player is moved two spaces away from the player with the Shield, who is not moved, and the Shield is then destroyed."""  # noqa: E501

    key = "shield"
    pack = PACK
    number = 603
    title = "F.3 The Shield"
    requires = GRID

    class Params(RuleParams):
        recoil: int = Field(2, ge=0)

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ensure_one(ctx, SHIELD)

    def on_repeal(self, ctx: Ctx) -> None:
        for oid in occupants.of_kind(ctx, SHIELD):
            damage.destroy(ctx, oid, "no rule keeps the Shield")

    @hook(events.BATCH_CLOSING)
    def always_a_shield(self, ctx: Ctx, data: events.NoFields) -> None:
        ensure_one(ctx, SHIELD)

    @hook(WHACK_RECEIVED)
    def on_whack(self, ctx: Ctx, data: Blow) -> None:
        self._protect(ctx, data, "Whacking")

    @hook(SHOT_RECEIVED)
    def on_shot(self, ctx: Ctx, data: Blow) -> None:
        self._protect(ctx, data, "Shooting")

    def _protect(self, ctx: Ctx, data: Blow, how: str) -> None:
        holder, attacker = data["target"], data["by"]
        shields = occupants.held(ctx, holder, SHIELD)
        if data["prevented"] or not shields:
            return
        data["prevented"] = True
        ctx.emit(SHIELD_USED, f"{holder}'s Shield turns the blow back on {attacker}",
                 player=holder, attacker=attacker)
        start, end = occupants.location(ctx, holder), occupants.location(ctx, attacker)
        if start is not None and end is not None and start != end:
            movement.push(ctx, attacker, direction(start, end), self.params.recoil,
                          how=f"is moved away from {holder}'s Shield ({how} player)")
        damage.destroy(ctx, shields[0], "used", by=attacker)
