"""Rule 8: Points and Tiles (Points, Fives, Jail, Gulag, Master of Your Fate, Frontier)."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Currency,
    Refusal,
    Rule,
    RuleParams,
    action,
    adjust,
    events,
    hook,
    turns,
    veto,
)
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import (
    FRONTIER_EXPLORED,
    FRONTIER_NO_PAIR,
    JAIL_STAYED,
    LANDED,
    MOVEMENT_FINISHED,
    MOVEMENT_ROLLED,
    NUMBER_USED,
    NUMBERS_CHANGED,
    PAIR_CREATE,
    PURCHASE_CHECK,
    TURN_ENDING,
    Landed,
    MovementFinished,
    MovementRolled,
    PairCreate,
    PurchaseCheck,
    TurnEnding,
)

TEXT = """Points

All players have an integer associated with them called "points". Upon becoming a player for the first time, a player has 0 points.

Fives

When a player lands on a space divisible by 5, they gain 10 points.

Jail

There is a non-primary space named Jail. A player who is in Jail may not move on their turn. While a player is in jail they may roll 1d6 up to once on their turn, if the player rolls 5 or 6, they are no longer in jail and are placed on space 1.

If a player has failed to escape jail two turns in a row, on their following turn they may choose to lose 1 point in order to escape from jail. Once a player escapes jail, they are immediately placed on the primary space with the lowest number.

Gulag

There is a non-primary space called Gulag. If a player misses two of their own turns in a row, they are removed from the turn order and placed into the Gulag. As long as a player is in the Gulag they are unable to gain or lose points, take turns, or make proposals. A player may leave the Gulag at any time by stating their intent to rejoin the game in #public-forum, at which point they are placed on space 1 and added to the bottom of the turn order.

Master of Your Fate

If you land on space 7, you may spend X points to buy this dice roll and store it as a Number in your possession, where X is the number you just rolled. At any time, You may use a Number in your possession to advance forward exactly that many spaces, unless said otherwise. You are not allowed to use the Number 3 from possession if you are on space 7.

Frontier

The primary space with the highest number is The Frontier. If a player is on the The Frontier, when they make their movement roll, they explore new territory, which constitues doing the following steps, in order, with no intervening actions, otherwise all actions fail:

  1. Add a number of spaces equal to their movement roll minus 1.
  2. If the number of spaces created in step 1 is 3 or greater, do the following:
    1. Roll a 2-sided dice to determine whether a Snake (result = 1) or Ladder (result = 2) will be created.
    2. Add the type of feature determined in step 2.1 to a random primary space created in step 1 and a random primary space that existed before that has no other features. These features are paired.
  3. Advance by a number of spaces equal to their movement role.

If ten minutes have passed since a movement roll has been made by a player on The Frontier but new territory has not been explored, then any other player can explore new territory on their behalf and their turn does not end until new territory has been explored."""  # noqa: E501


class PointsAndTiles(Rule):
    __doc__ = TEXT
    key = "points-and-tiles"
    pack = PACK
    number = 8
    title = "Points and Tiles"
    requires = frozenset({"board:ring", "turns"})

    class Params(RuleParams):
        fives_points: int = 10
        fives_divisor: int = 5
        jail_die: int = 6
        jail_escape_at: int = 5
        paid_escape_after: int = 2
        paid_escape_cost: int = 1
        missed_turns_for_gulag: int = 2
        fate_space: int = 7
        forbidden_number_on_fate_space: int = 3
        frontier_pair_threshold: int = 3

    params: Params
    currencies = (Currency("points", 0, doc="an integer; it may go below zero"),)
    provides = frozenset({"currency:points"})
    attributes = (
        Attribute("numbers", [], doc="Numbers in possession (Master of Your Fate)"),
        Attribute("jail_failures", 0, doc="turns in a row that ended in Jail"),
        Attribute("missed_turns", 0, doc="own turns in a row missed"),
    )

    # -- Fives ---------------------------------------------------------------
    @hook(LANDED)
    def fives(self, ctx: Ctx, data: Landed) -> None:
        if data["space"] % self.params.fives_divisor == 0:
            ctx.gain(data["player"], self.params.fives_points,
                     f"landed on space {data['space']} (Fives)")

    # -- Jail ----------------------------------------------------------------
    @action("roll", on_turn=True)
    def jail_roll(self, ctx: Ctx, actor: str) -> None:
        """Roll to escape from Jail (a 5 or a 6 escapes)."""
        value = ctx.roll(self.params.jail_die, f"Jail escape 1d{self.params.jail_die} for {actor}")
        turns.set_flag(ctx, "rolled", True)
        if value >= self.params.jail_escape_at:
            self._escape(ctx, actor, f"rolled {value}")
        else:
            ctx.emit(JAIL_STAYED, f"{actor} rolls {value} and stays in Jail", player=actor,
                     value=value)

    @jail_roll.applies
    def _in_jail(self, ctx: Ctx, actor: str) -> bool:
        return bool(board.location(ctx, actor) == board.JAIL)

    @jail_roll.check
    def _jail_roll_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not turns.flag(ctx, "rolled"), "you have already rolled this turn",
                    detail="a player in Jail may roll 1d6 up to once on their turn")

    @action("escape", on_turn=True)
    def paid_escape(self, ctx: Ctx, actor: str) -> None:
        """Lose 1 point to escape from Jail, after failing to escape two turns in a row."""
        ctx.lose(actor, self.params.paid_escape_cost, "paid to escape from Jail")
        self._escape(ctx, actor, f"paid {self.params.paid_escape_cost} point")

    @paid_escape.check
    def _paid_escape_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(board.location(ctx, actor) == board.JAIL, "you are not in Jail")
        failures = ctx.attr(actor, "jail_failures", 0)
        ctx.require(failures >= self.params.paid_escape_after,
                    "you have not failed to escape Jail two turns in a row",
                    detail=f"you have failed {failures} turn(s) in a row")

    def _escape(self, ctx: Ctx, actor: str, how: str) -> None:
        ctx.set_attr(actor, "jail_failures", 0)
        board.place(ctx, actor, board.LOWEST, f"escaped from Jail: {how}")

    @hook(events.TURN_BEGAN)
    def note_jail_start(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        if board.location(ctx, data["player"]) == board.JAIL:
            turns.set_flag(ctx, "began_in_jail", True)
        else:
            # A turn that begins outside Jail breaks any row of failed escapes.
            ctx.set_attr(data["player"], "jail_failures", 0)

    # -- Gulag and the end of a turn -----------------------------------------
    @hook(TURN_ENDING)
    def count_turn(self, ctx: Ctx, data: TurnEnding) -> None:
        player = data["player"]
        if turns.flag(ctx, "began_in_jail") and board.location(ctx, player) == board.JAIL:
            ctx.set_attr(player, "jail_failures", ctx.attr(player, "jail_failures", 0) + 1)
        if data["how"] == "passed" and not data["acted"]:
            missed = ctx.attr(player, "missed_turns", 0) + 1
            ctx.set_attr(player, "missed_turns", missed)
            if missed >= self.params.missed_turns_for_gulag:
                ctx.set_attr(player, "missed_turns", 0)
                turns.remove(ctx, player)
                board.place(ctx, player, board.GULAG, f"missed {missed} turns in a row")
        else:
            ctx.set_attr(player, "missed_turns", 0)

    @veto()
    def gulag_bars(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        # The Gulag bars proposals and turns; voting is not among what it bars.
        if decl.name not in ("rejoin", "vote") and ctx.is_player(actor) \
                and board.location(ctx, actor) == board.GULAG:
            ctx.refuse("you are in the Gulag", detail="rejoin the game first")

    @adjust("ledger.transfer")
    def gulag_freezes_points(self, ctx: Ctx, transfer: dict[str, Any]) -> dict[str, Any]:
        if transfer["currency"] != "points":
            return transfer
        changed = dict(transfer)
        for side in ("source", "target"):
            who = changed[side]
            if ctx.is_player(who) and board.location(ctx, who) == board.GULAG:
                changed[side] = None  # the Gulag's side neither gains nor loses
        return changed

    @action("rejoin")
    def rejoin(self, ctx: Ctx, actor: str) -> None:
        """Leave the Gulag: back on space 1, at the bottom of the turn order."""
        board.place(ctx, actor, board.LOWEST, "rejoined the game")
        turns.add(ctx, actor)
        if turns.current(ctx) is None:
            turns.begin(ctx, actor)

    @rejoin.check
    def _rejoin_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(board.location(ctx, actor) == board.GULAG, "you are not in the Gulag")

    # -- Master of Your Fate -------------------------------------------------
    @hook(LANDED)
    def fate(self, ctx: Ctx, data: Landed) -> None:
        if data["space"] != self.params.fate_space or data.get("roll") is None:
            return
        roll = data["roll"]
        ctx.prompt(data["player"], ["buy", "decline"], "decline", handler=self.fate_decision,
                   message=f"buy the roll {roll} as a Number for {roll} points?",
                   resolve_on="turn.ending", data={"roll": roll}, available="_fate_options")

    def _fate_options(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        try:
            with ctx.savepoint(keep=False):
                ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(
                    player=prompt["to"], currency="points", price=prompt["data"]["roll"],
                    item="a Number"))
        except Refusal:
            return ["decline"]
        return ["buy", "decline"]

    def fate_decision(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        if option != "buy":
            return
        player, roll = prompt["to"], prompt["data"]["roll"]
        ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(player=player, price=roll, currency="points",
                                                   item=f"the Number {roll}"))
        ctx.lose(player, roll, f"bought the Number {roll}")
        numbers = sorted([*ctx.attr(player, "numbers", []), roll])
        ctx.set_attr(player, "numbers", numbers)
        ctx.emit(NUMBERS_CHANGED, f"{player} now holds the Numbers {numbers}", player=player,
                 numbers=numbers)

    def _number_choices(self, ctx: Ctx, actor: str) -> list[int]:
        numbers = sorted(set(ctx.attr(actor, "numbers", [])))
        if board.location(ctx, actor) == self.params.fate_space:
            numbers = [n for n in numbers if n != self.params.forbidden_number_on_fate_space]
        return numbers

    def _why_not_number(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value not in ctx.attr(actor, "numbers", []):
            ctx.refuse(f"you hold no Number {value}",
                       detail=f"you hold {ctx.attr(actor, 'numbers', [])}")
        if value == self.params.forbidden_number_on_fate_space:
            ctx.refuse(f"you may not use the Number {value} on space "
                       f"{self.params.fate_space}")

    @action("use-number", Arg("value", int, "the Number to use", choices="_number_choices",
                              explain="_why_not_number"))
    def use_number(self, ctx: Ctx, actor: str, value: int) -> None:
        """Use a Number in your possession to advance exactly that many spaces."""
        numbers = list(ctx.attr(actor, "numbers", []))
        numbers.remove(value)
        ctx.set_attr(actor, "numbers", numbers)
        ctx.emit(NUMBER_USED, f"{actor} uses the Number {value}", player=actor, value=value)
        board.move(ctx, actor, value, how=f"used the Number {value}")
        ctx.dispatch(MOVEMENT_FINISHED, MovementFinished(player=actor, roll=None,
                                                         space=board.location(ctx, actor)))

    @use_number.check
    def _use_number_check(self, ctx: Ctx, actor: str) -> None:
        where = board.location(ctx, actor)
        ctx.require(where != board.JAIL or turns.current(ctx) != actor,
                    "a player who is in Jail may not move on their turn")
        ctx.require(board.on_primary(ctx, actor), f"you are in {where}, not on a primary space")
        ctx.require(ctx.attr(actor, "numbers", []), "you hold no Numbers")

    # -- the Frontier ----------------------------------------------------------
    @hook(MOVEMENT_ROLLED)
    def explore(self, ctx: Ctx, data: MovementRolled) -> None:
        old_size = board.size(ctx)
        if data["space"] != old_size:
            return
        roll = data["value"]
        created = board.grow(ctx, roll - 1)
        ctx.emit(FRONTIER_EXPLORED, f"{data['player']} explores {len(created)} new spaces",
                 player=data["player"], created=created)
        if len(created) < self.params.frontier_pair_threshold:
            return
        kind = "Snake" if ctx.roll(2, "Frontier: Snake (1) or Ladder (2)") == 1 else "Ladder"
        new_space = ctx.pick(created, "Frontier: the new space for the pair")
        bare = [s for s in range(1, old_size + 1) if not board.features_at(ctx, s)]
        if not bare:
            ctx.emit(FRONTIER_NO_PAIR, f"no old space without features: no {kind} is made",
                     kind=kind)
            return
        old_space = ctx.pick(bare, "Frontier: the old space for the pair")
        ctx.dispatch(PAIR_CREATE, PairCreate(kind=kind, spaces=[old_space, new_space]))
