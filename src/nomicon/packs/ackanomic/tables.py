"""What every game of Games & Contests reads first: its table in the game's state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from nomicon.authoring import Ctx, Initial, Rule, finish
from nomicon.governance.methods import MajorityVote

#: Why a game's rule may find no table: a proposal enacted it into another game.
ELSEWHERE = "this rule plays only in a game of its own pack"


def table_of(ctx: Ctx, key: str, what: str, detail: str = ELSEWHERE) -> dict[str, Any]:
    """The table kept under ``key``; refused ("there is no ``what`` in this game") in a
    game without one (one of the game's rules enacted by a proposal into another)."""
    found: dict[str, Any] | None = ctx.get([key], None)
    ctx.require(found is not None, f"there is no {what} in this game", detail=detail)
    assert found is not None
    return found


def has_played_out(ctx: Ctx, key: str) -> bool:
    """Whether the table under ``key`` has played its games: a child game of another
    game plays one; a standalone table its ``games`` (0: until the admin ends it)."""
    games = ctx.get([key, "games"])
    return ctx.parent() is not None or bool(games and ctx.get([key, "instance"]) >= games)


def close_table(ctx: Ctx, key: str, what: str) -> None:
    """End a standalone table (``what``: the game's name in "game(s) of ... played"):
    the player who won the most of its games, if one did, wins the table."""
    wins: dict[str, int] = {}
    for result in ctx.get([key, "results"]):
        if result["winner"] is not None:
            wins[result["winner"]] = wins.get(result["winner"], 0) + 1
    best = max(wins.values(), default=0)
    leaders = [name for name, count in wins.items() if count == best]
    winners = leaders if len(leaders) == 1 else []
    ctx.set(["winners"], winners)
    played = ctx.get([key, "instance"])
    finish(ctx, f"{played} game(s) of {what} played; "
                + (f"{winners[0]} won the most" if winners else "no single player won most"))


def initial_rules(rules: Iterable[type[Rule]]) -> tuple[Initial, ...]:
    """A standalone table's first rules: the game's own, then Rule 100, by which its
    members change them by majority vote."""
    return (*(Initial(cls) for cls in rules),
            Initial(MajorityVote, number=100, title="Changing these rules"))


def members_of(ctx: Ctx) -> list[str]:
    """The table's members who have not left, in the order they joined."""
    return [player for player in ctx.players() if not ctx.seat_of(player).left]


def round_the_table(members: list[str], offset: int, seats: int,
                    with_referee: bool) -> tuple[list[str], str | None]:
    """A standalone table's next game: ``seats`` members from place ``offset`` round
    the table in joining order, and the member after them as referee when one is
    wanted (None: the engine referees)."""
    seated = [members[(offset + i) % len(members)] for i in range(seats)]
    referee = members[(offset + seats) % len(members)] if with_referee else None
    return seated, referee


def parents_choice(link: Mapping[str, Any],
                   members: list[str]) -> tuple[list[str], str | None] | None:
    """A child game's players and referee as the game that started it chose them (a
    referee of None: the engine), once they are all members of it; None until then."""
    seated, referee = list(link["players"]), link.get("referee")
    if not set(seated) | {referee} - {None} <= set(members):
        return None
    return seated, referee
