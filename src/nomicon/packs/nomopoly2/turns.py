"""Nomopoly II, section VII (Turns): two dice, walked square by square.

A turn is not taken in rotation: proposals earn them (IX.5), doubles (VII.3) and the
Carnival (XV.2) give more, and the weekly update runs them in its phases
(schedule.py). :func:`take_turn` is the one way a turn is taken; the walk goes through
the kernel's walker, so the rules of other sections act on leaving, passing and
landing by hooking ``walk.left``, ``walk.passing``, ``walk.landing`` and
``walk.landed``. The dice of a turn go through the ``nomopoly2.turn-dice`` adjuster
(``{"player", "dice": [pips...], "kind"}``) before anything is based on them, so that
section XVI (extra dice, a Sick player's 1, multiples of 13) can act on them.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Attribute, Ctx, Rule, RuleParams
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.events import TURN_TAKEN
from nomicon.packs.nomopoly2.money import award, fine
from nomicon.packs.nomopoly2.terms import (
    LOCATION,
    PACK,
    REVERSE,
    WHITE,
    color_of,
    has_dollars,
    is_hurt,
    is_sick,
    on_a_square,
    rule_of,
)

TURN_DICE = "nomopoly2.turn-dice"
#: How many dice a turn rolls, asked before rolling (``{"player", "count", "kind"}``):
#: glue (XIII.11) takes one away.
TURN_DICE_COUNT = "nomopoly2.turn-dice-count"
NORMAL, CANDYLAND = "normal", "candyland"
#: A turn's doubles may chain; past this many extra turns in a row the admin stops
#: them (a die that always shows doubles is a broken die, not a rule).
MAX_CHAIN = 1000


def has_white_square(ctx: Ctx) -> bool:
    return any(color_of(ctx, n) == WHITE for n in board.numbers(ctx))


def _params(ctx: Ctx) -> TakingTurns.Params:
    rule = rule_of(ctx, TakingTurns)
    return rule.params if rule is not None else TakingTurns.Params.model_validate({})


def take_turn(ctx: Ctx, player: str, *, kind: str = NORMAL) -> list[dict[str, Any]]:
    """``player`` takes a turn, and the extra turns its doubles earn (VII.3), at once;
    returns what each turn did (empty when VII.2 makes it do nothing)."""
    done: list[dict[str, Any]] = []
    speeding = 0
    while len(done) <= MAX_CHAIN:
        turn = _one_turn(ctx, player, kind=kind, speeding=speeding)
        if turn is None:
            break
        done.append(turn)
        if not turn["doubles"]:
            break
        speeding += 1
    return done


def _one_turn(ctx: Ctx, player: str, *, kind: str, speeding: int) -> dict[str, Any] | None:
    if not on_a_square(ctx, player) or not has_dollars(ctx):
        return None  # a game whose rules no longer place players or keep money
    if not has_white_square(ctx):
        return None  # VII.2: no change is made to the game state
    if not isinstance(ctx.attr(player, LOCATION), int):
        return None  # no square to walk from (VI.2 repealed)
    params = _params(ctx)
    if speeding >= 2:
        fine(ctx, player, params.speeding_fine + params.speeding_step * (speeding - 2),
             f"speeding for {speeding} consecutive turns")
    count = 1 if is_sick(ctx, player) or is_hurt(ctx, player) else 2
    counted: dict[str, Any] | None = ctx.adjust(
        TURN_DICE_COUNT, {"player": player, "count": count, "kind": kind})
    count = max(0, int(counted["count"])) if counted is not None else count
    rolled = [ctx.roll(6, f"{player}'s turn") for _ in range(count)]
    asked: dict[str, Any] | None = ctx.adjust(
        TURN_DICE, {"player": player, "dice": rolled, "kind": kind})
    dice = [int(d) for d in asked["dice"]] if asked is not None else rolled
    pips = sum(dice)
    reverse = ctx.attr(player, REVERSE, False)
    steps = pips
    if pips in (7, 11):
        if not speeding:
            award(ctx, player, params.lucky_award, f"{player} rolls {pips}")
            steps = 2 * pips
        else:
            fine(ctx, player, params.lucky_fine, f"{player} rolls {pips} while speeding")
            reverse = True
    start = ctx.attr(player, LOCATION)
    walk = walk_player(ctx, player, steps, reverse=reverse, kind=kind, roll=pips)
    doubles = count == 2 and len(rolled) == 2 and rolled[0] == rolled[1]
    ctx.emit(TURN_TAKEN, f"{player} rolls {'+'.join(map(str, dice))} and goes from square "
             f"{start} to square {walk.end}" + (" (speeding)" if speeding else ""),
             player=player, dice=dice, pips=pips, kind=kind, speeding=bool(speeding),
             start=start, end=walk.end)
    return {"dice": dice, "pips": pips, "doubles": doubles, "start": start, "end": walk.end}


def walk_player(ctx: Ctx, player: str, steps: int, *, reverse: bool = False,
                kind: str = NORMAL, **extra: Any) -> walker.Walk:
    """Move ``player`` ``steps`` times to the successor (the predecessor In Reverse),
    square by square; moving from the highest square to its successor in a normal or
    Candyland turn earns $400 (VII.5)."""
    layout = board.layout(ctx)
    top = layout.last
    bonus = _params(ctx).top_award

    def step(here: int) -> int | None:
        if reverse:
            return layout.predecessor(here)
        if here == top and kind in (NORMAL, CANDYLAND):
            award(ctx, player, bonus, f"{player} moves past square {top}")
        return layout.successor(here)

    return walker.walk(ctx, walker.Piece.player(player), steps, step, how=f"{kind} turn",
                       kind=kind, reverse=reverse, **extra)


class TakingTurns(Rule):
    """When a player takes a turn, if there is at least one White square on the board, then the player rolls two dice (or merely one if the player is Sick or Hurt) and, once for each pip shown on the dice, moves from her current square to its successor (or to its predecessor if the player is In Reverse). The player is said to "leave" her current square and to "pass through" each square after that until the final advance is made. The player is then said to "land in" or "land on" that square. Only other rules governing passing through or leaving squares can interrupt the series of consecutive advances made in a turn."""  # noqa: E501

    key = "taking-turns"
    pack = PACK
    number = 701
    title = "VII.1 Taking turns"

    attributes = (Attribute(REVERSE, False, doc="the player moves to predecessors"),)

    class Params(RuleParams):
        speeding_fine: int = Field(40, ge=0, description="VII.4: the fine for speeding two "
                                   "consecutive turns")
        speeding_step: int = Field(15, ge=0, description="VII.4: plus this for every turn "
                                   "in excess of the first two")
        top_award: int = Field(400, ge=0, description="VII.5: for moving past the highest "
                               "square")
        lucky_award: int = Field(100, ge=0, description="VII.6: a non-Speeding 7 or 11")
        lucky_fine: int = Field(50, ge=0, description="VII.6: a Speeding 7 or 11")

    params: Params
    # Carried out by take_turn() above.


class NoWhiteSquares(Rule):
    """When a player takes a turn, if there are no White squares on the board, then no change is made to the game state."""  # noqa: E501

    key = "no-white-squares"
    pack = PACK
    number = 702
    title = "VII.2 No White squares"
    # Carried out by take_turn(): without a White square a turn does nothing.


class Doubles(Rule):
    """If the dice rolled for a player's turn show doubles, the player earns another turn to be taken immediately. During the extra turn, that player is considered to be "speeding"."""  # noqa: E501

    key = "doubles"
    pack = PACK
    number = 703
    title = "VII.3 Doubles"
    # Carried out by take_turn(): doubles earn the next turn at once, speeding.


class SpeedingFines(Rule):
    """If a player has been speeding for two or more consecutive turns, then the player will be fined $40 plus $15 for every turn in excess of the first two."""  # noqa: E501

    key = "speeding-fines"
    pack = PACK
    number = 704
    title = "VII.4 Speeding fines"
    # Carried out by take_turn(): the fine is paid before the speeding turn's roll.


class PassingTheTop(Rule):
    """If a player is moved from the highest numbered square to its successor as part of a normal turn or CL turn, that player will earn $400."""  # noqa: E501

    key = "passing-the-top"
    pack = PACK
    number = 705
    title = "VII.5 Passing the top"
    # Carried out by walk_player().


class SevenOrEleven(Rule):
    """If a non-Speeding player rolls a 7 or 11, that player is given $100 and is moved as if she had rolled twice the number of pips showing. If a Speeding player rolls a 7 or 11, that player is fined $50 and takes his turn In Reverse."""  # noqa: E501

    key = "seven-or-eleven"
    pack = PACK
    number = 706
    title = "VII.6 Seven or eleven"
    # Carried out by take_turn().


RULES: tuple[type[Rule], ...] = (
    TakingTurns, NoWhiteSquares, Doubles, SpeedingFines, PassingTheTop, SevenOrEleven,
)
