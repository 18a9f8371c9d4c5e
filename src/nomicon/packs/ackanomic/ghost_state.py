"""The state of a game of Ghost (Ackanomic rule 1250.9) and the questions the rules ask
of it: who plays, whose turn follows whose, what a play may make of the ghost word.

The state is kept under ``ghost``: the table's shape (``seats``, ``games``,
``with_referee``, ``duel``), the instance (``instance``, the ``order`` of every player
assigned a number, player 1 first, the players still ``playing``, how many ``began``,
the ``referee``), the ``word`` (the ghost word; None: there is none) and whose play
made it (``last``), whose ``turn`` it is and how many turns have begun (``turns``),
who has had a turn (``had_turn``), the ``protest`` being resolved, the ``additions``
still open to objection, whether the game is ``suspended`` for want of a referee,
the ``history`` of plays, and at the end the ``winner`` and the ``results``.
"""

from __future__ import annotations

import string
from typing import Any

from nomicon.authoring import Ctx
from nomicon.packs.ackanomic.ghost_events import CLOSED, ENDED, NEXT_TURN, REMOVED, Instance, Turn
from nomicon.packs.ackanomic.tables import table_of

KEY = "ghost"
LETTERS = tuple(string.ascii_lowercase)
TURN_TIMER = "ghost-turn"


def new_table(seats: int = 3, games: int = 0, with_referee: bool = False,
              duel: bool = False) -> dict[str, Any]:
    """The ``ghost`` part of the state before the first instance."""
    return {"seats": seats, "games": games, "with_referee": with_referee, "duel": duel,
            "instance": 0, "order": [], "playing": [], "began": 0, "referee": None,
            "word": None, "last": None, "turn": None, "turns": 0, "had_turn": [],
            "protest": None, "additions": {}, "suspended": False, "history": [],
            "over": True, "winner": None, "results": []}


def game(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Ghost table")


def playing(ctx: Ctx) -> list[str]:
    """The players still in the game, in the order of their numbers."""
    found: list[str] = ctx.get([KEY, "playing"], [])
    return found


def in_progress(ctx: Ctx) -> bool:
    return bool(ctx.get([KEY, "order"])) and not ctx.get([KEY, "over"])


def number_of(ctx: Ctx, player: str) -> int:
    """The number the referee assigned ``player`` (1 to N)."""
    order: list[str] = ctx.get([KEY, "order"])
    return order.index(player) + 1


def next_after(ctx: Ctx, player: str) -> str | None:
    """The player who plays after ``player`` (who may have been removed meanwhile): the
    next higher number still playing, or after the highest, the lowest."""
    order: list[str] = ctx.get([KEY, "order"])
    left = playing(ctx)
    if not left:
        return None
    start = order.index(player)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in left:
            return candidate
    return None


def continuations(word: str) -> list[str]:
    """Every string a player may post to continue ``word``: one letter added at either
    end (each string once, lowest first)."""
    found = {letter + word for letter in LETTERS} | {word + letter for letter in LETTERS}
    return sorted(found)


def is_continuation(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with one letter added at its beginning or its end."""
    return (len(new) == len(old) + 1 and new.isascii() and new.isalpha()
            and (new[1:] == old or new[:-1] == old))


def winner_points(began: int, duel: bool) -> int:
    """5.: no additional compensation in a Duel; otherwise four points when fewer than
    four players began, one a player who began from four to eight, and eight above."""
    if duel:
        return 0
    if began < 4:
        return 4
    return min(began, 8)


def additions_open(ctx: Ctx) -> bool:
    """Whether players may still be added: the player in the game assigned the highest
    number has not yet had a turn."""
    left = playing(ctx)
    return bool(left) and left[-1] not in ctx.get([KEY, "had_turn"], [])


def remove(ctx: Ctx, player: str, why: str) -> bool:
    """Remove ``player`` from the game (no longer a player in this instance); the game
    ends when exactly one player remains. True when this removal ended it (a table may
    then have begun its next instance: the caller begins no turn)."""
    if player not in playing(ctx):
        return False
    left = [name for name in playing(ctx) if name != player]
    ctx.set([KEY, "playing"], left)
    if ctx.get([KEY, "turn"]) == player:
        ctx.set([KEY, "turn"], None)  # the next turn begins when the caller says
    ctx.set([KEY, "additions"], {name: until for name, until
                                 in ctx.get([KEY, "additions"], {}).items() if name != player})
    ctx.emit(REMOVED, f"{player} is removed from the game of Ghost ({why})", player=player,
             why=why, remaining=left)
    if len(left) <= 1:
        end(ctx, left[0] if left else None)
        return True
    return False


def end(ctx: Ctx, winner: str | None) -> None:
    """5.: the instance is over; ``winner`` is the one player who remains."""
    if ctx.get([KEY, "over"]):
        return
    state = game(ctx)
    ctx.cancel_timer(TURN_TIMER)
    ctx.set([KEY, "over"], True)
    ctx.set([KEY, "winner"], winner)
    ctx.set([KEY, "turn"], None)
    ctx.set([KEY, "protest"], None)
    points = winner_points(state["began"], state["duel"]) if winner else 0
    dollars = 8 if winner else 0
    ctx.state.append([KEY, "results"], {"instance": state["instance"],
                                        "order": list(state["order"]), "winner": winner,
                                        "began": state["began"], "turns": state["turns"],
                                        "referee": state["referee"]})
    ctx.emit(ENDED, f"Ghost #{state['instance']} is over: "
                    + (f"{winner} is the one player left and wins" if winner else "no winner"),
             instance=state["instance"], winner=winner, began=state["began"],
             referee=state["referee"], duel=state["duel"], winner_points=points,
             referee_dollars=dollars)
    ctx.dispatch(CLOSED, Instance(instance=state["instance"]))


def next_turn(ctx: Ctx, after: str) -> None:
    """Begin the turn of the player who plays after ``after``."""
    if ctx.get([KEY, "over"]):
        return
    player = next_after(ctx, after)
    if player is not None:
        ctx.dispatch(NEXT_TURN, Turn(player=player, turn=ctx.get([KEY, "turns"])))
