"""The state of a game of Double Crash (Ackanomic rule 1250.12) and the questions the
rules ask of it.

The state is kept under ``crash``: the two ``players``, whether the game is a ``duel``
and who was ``challenged``, whether the engine posts the Replies (``auto_reply``), the
``phase`` (``waiting``, ``playing``, ``reveal``: a tentative winner is found and the
Target Words shown, ``over``), the ``round`` and its ``kind`` (``salvo`` or ``reply``),
who has ``done`` what the round requires and when it ``ends``, who has ``chosen`` a
Target Word, the ``salvos`` and ``replies`` posted, the count of ``posts`` (the posting
order), the ``tentative`` winner, the ``revealed`` Target Words, and at the end the
``winner`` and ``how``. A standalone table plays game after game: ``games`` is how many
before it closes (0: until the admin ends it), ``instance`` the number of the game
under way, and ``results`` keeps each game's players, winner, ``how`` and revealed
Target Words.

The Target Words themselves are not here: each is the ``target`` attribute of its
player, which only that player (and the admin) may see until the reveal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nomicon.authoring import Ctx
from nomicon.packs.ackanomic.tables import table_of

KEY = "crash"
ROUND_TIMER = "crash-round"
ERROR_TIMER = "crash-errors"
LETTERS = 5
#: The Salvo sizes of rounds 1, 3, 5 and 7; every later Salvo has 3 words.
SIZES = (6, 5, 4, 3)


def new_table(players: Sequence[str] = (), *, duel: bool = False,
              challenged: str | None = None, auto_reply: bool = True,
              games: int = 0) -> dict[str, Any]:
    """The ``crash`` part of the state before the first game begins."""
    return {"duel": duel, "challenged": challenged, "auto_reply": auto_reply,
            "games": games, "instance": 0, "results": [], **fresh_game(players)}


def fresh_game(players: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of one game, before it begins."""
    return {"players": list(players), "phase": "waiting", "round": 0, "kind": None,
            "done": [], "ends": None, "chosen": [], "salvos": [], "replies": [], "posts": 0,
            "tentative": None, "revealed": {}, "winner": None, "how": None}


def game(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "game of Double Crash")


def crashes(one: str, other: str) -> int:
    """How many times two words crash: once for each letter that occupies the same
    position in each word."""
    return sum(1 for a, b in zip(one, other, strict=False) if a == b)


def salvo_size(round_number: int) -> int:
    """The number of words in the Salvo posted in (odd) round ``round_number``, or
    replied to in the (even) round after it: 6, 5, 4, then 3 for ever."""
    index = (round_number - 1) // 2
    return SIZES[min(index, len(SIZES) - 1)]


def opponent(ctx: Ctx, player: str) -> str:
    players: list[str] = ctx.get([KEY, "players"])
    return players[1] if players[0] == player else players[0]


def playing(ctx: Ctx) -> bool:
    return bool(ctx.get([KEY, "phase"], None) == "playing")


def salvo_of(ctx: Ctx, player: str, round_number: int) -> dict[str, Any] | None:
    """The Salvo ``player`` posted in round ``round_number``, or None."""
    for salvo in ctx.get([KEY, "salvos"]):
        if salvo["player"] == player and salvo["round"] == round_number:
            found: dict[str, Any] = salvo
            return found
    return None


def is_five_letter_word(text: str) -> bool:
    """Whether ``text`` is a five-letter string of the letters a to z (not whether it
    is in the dictionary)."""
    return len(text) == LETTERS and text.isascii() and text.isalpha()


def tentative_winner(salvos: dict[str, dict[str, Any]],
                     replies: dict[str, list[int]]) -> tuple[str, int, str] | None:
    """The end test after a round of Replies: ``salvos`` by poster (with ``posted``,
    the posting order), ``replies`` the counts each Salvo received, by its poster.
    Returns the tentative winner, the place of their five-crash word (1 first) and how
    they were found, or None when no word crashed five times."""
    found = {player: counts.index(LETTERS) + 1 for player, counts in replies.items()
             if LETTERS in counts}
    if not found:
        return None
    if len(found) == 1:
        (player, position), = found.items()
        return player, position, "only one"
    best = min(found.values())
    higher = [player for player, position in found.items() if position == best]
    if len(higher) == 1:
        return higher[0], best, "list position"
    first = min(higher, key=lambda player: salvos[player]["posted"])
    return first, best, "posting order"
