"""Names people type: a player's or an account's name, and a game's display name.

A player's name is normalised rather than refused for its case or the spaces around
it: ``" Bob "`` is the player ``bob`` wherever a name is given (signing up, logging
in, joining, acting as someone, the command line), so the same person is never two
players. What is left is then checked where it is used.

A game's name is what people call the game in lists and on its pages; the game's id
stays its key.
"""

from __future__ import annotations

from nomicon.kernel.errors import GameError


class BadGameName(GameError):
    """A game's name that cannot be taken (too long, or not all printable)."""


#: The longest display name a game takes.
MAX_GAME_NAME = 80


def player_name(text: str) -> str:
    """``text`` as a player's or account's name: surrounding spaces dropped, lower case."""
    return text.strip().lower()


def game_name(text: str | None) -> str | None:
    """A game's display name as given (inner runs of spaces made one), None when blank;
    :class:`BadGameName` when it is too long or holds control characters."""
    if text is None:
        return None
    name = " ".join(text.split())
    if not name:
        return None
    if len(name) > MAX_GAME_NAME:
        raise BadGameName(f"a game's name has at most {MAX_GAME_NAME} characters, "
                        f"not {len(name)}")
    if any(not c.isprintable() for c in name):
        raise BadGameName("a game's name holds a character that cannot be shown")
    return name
