"""Travel along the numbers: the pieces of a turn that Rules 801 and 802 share.

Travel follows the numbers (the "board pattern", L373); the two-dimensional layout
(Rule 702) is for adjacency and distance. Whether a player going past an end of the
board comes round to the other end (the base, Rule 703) or stops there (P05, L377-378)
is asked of the rules in force through the :data:`PLAYER_WRAPS` adjuster, so a push by
a pie follows the same pattern as a turn.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.packs.nomopoly4.events import TURN_TAKEN

PACK = "nomopoly-iv"
FORWARDS, BACKWARDS = "forwards", "backwards"
DIRECTIONS = (FORWARDS, BACKWARDS)
#: What the pack's rules provide and require: its snake board (the pack's), dollars
#: (Rule 401), players on squares (Rule 704) and turns (Rule 801). A rule of this pack
#: enacted into another game needs them.
SNAKE = "board:snake"
HAS_DOLLARS = "nomopoly:dollars"
LOCATIONS = "nomopoly:locations"
TURNS = "nomopoly:turns"
#: Adjuster: whether players going past an end of the board come round (True) or stop.
PLAYER_WRAPS = "nomopoly.player-wraps"
#: Adjuster: how a turn taken for a player goes (``{"player", "direction"}``).
FORCED_PLAN = "nomopoly.forced-turn"


def player_wraps(ctx: Ctx) -> bool:
    return bool(ctx.adjust(PLAYER_WRAPS, True))


def step_of(ctx: Ctx, direction: str, *, wrap: bool) -> walker.Step:
    """The square after a square when travelling ``direction``."""
    board = numbered.layout(ctx)
    if direction == FORWARDS:
        return lambda n: board.successor(n, wrap=wrap)
    return lambda n: board.predecessor(n, wrap=wrap)


def move_player(ctx: Ctx, player: str, steps: int, direction: str, *, how: str,
                **extra: Any) -> walker.Walk:
    """Walk ``player`` ``steps`` squares ``direction`` along the numbers."""
    return walker.walk(ctx, Piece.player(player), steps,
                       step_of(ctx, direction, wrap=player_wraps(ctx)), how=how, **extra)


def on_a_square(ctx: Ctx, player: str) -> bool:
    """Whether ``player`` stands on a square of the board (not so once a proposal has
    repealed Rule 704, which gives players their squares)."""
    return numbered.layout(ctx).exists(ctx.attr(player, "location"))


def take_turn(ctx: Ctx, player: str, direction: str, *, forced: bool, die: int) -> None:
    """Roll the die and travel that many squares ``direction``; the turn is used."""
    who = f"{player}'s turn" + (" (taken for them)" if forced else "")
    roll = ctx.roll(die, who)
    how = "a turn taken for them" if forced else "a turn"
    walk = move_player(ctx, player, roll, direction, how=how, roll=roll)
    ctx.set_attr(player, "turn_ready", False)
    ctx.emit(TURN_TAKEN, f"{player} travels {direction} {roll} from square {walk.start} to "
             f"square {walk.end}" + (" (a turn taken for them)" if forced else ""),
             player=player, roll=roll, direction=direction, forced=forced, start=walk.start,
             end=walk.end)
