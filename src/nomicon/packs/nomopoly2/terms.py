"""The names Nomopoly II's rules share: the pack, its money and organisations, Teams,
colours, and the readers of states that later sections define (Sick, Hurt, In
Reverse, pollutants, Explosives).

This is the lowest module of the pack: every other imports it and it imports none of
them. The readers are seams: a section not built yet (Contagion, Violence) keeps its
state in the attribute or square field read here, so the rules of sections I-IX
need not know how it gets there.
"""

from __future__ import annotations

from typing import Any, TypeVar

from nomicon.authoring import Ctx, Rule, round_money

R = TypeVar("R", bound=Rule)

PACK = "nomopoly-ii"
#: Nomopoly money (IV.1); ``accounts.<holder>.dollars``.
DOLLARS = "dollars"
GOVERNMENT = "government"
CORPORATION = "corporation"
#: The admin's Swiss Bank Account (I.5).
SBA = "sba"
ORGANISATIONS = (GOVERNMENT, CORPORATION, SBA)

NORTH, SOUTH, EAST, WEST = "north", "south", "east", "west"
#: The four geographical Teams (II.3); a player whose ``team`` is None is a Freemason.
TEAMS = (NORTH, SOUTH, EAST, WEST)

WHITE = "white"

# Player attributes that outside checks read (issue 18).
LOCATION, TEAM, SICK = "location", "team", "sick"
HURT, REVERSE, BAD_CREDIT, BEST_FRIEND = "hurt", "reverse", "bad_credit", "best_friend"


def dollars(amount: float | int) -> int:
    """An amount of money rounded to the nearest dollar, half away from zero (IV.4),
    before it reaches the ledger (which would truncate)."""
    return round_money(amount)


def square(ctx: Ctx, number: int) -> dict[str, Any]:
    """The record of square ``number`` (``board.spaces.<n>``); empty when there is none
    (a game into which these rules were enacted without the pack's board)."""
    found: dict[str, Any] = ctx.get(["board", "spaces", str(number)], None) or {}
    return found


def owner_of(ctx: Ctx, number: int) -> str | None:
    owner: str | None = square(ctx, number).get("owner")
    return owner


def color_of(ctx: Ctx, number: int) -> str:
    return str(square(ctx, number).get("color") or WHITE)


def updates_begun(ctx: Ctx) -> int:
    """The number of the last weekly update begun (0 before the first)."""
    return int((ctx.get(["update"], None) or {}).get("number", 0))


def week_now(ctx: Ctx) -> int:
    """The week an act of now belongs to, named by the update that ends it: the update
    running (or waiting for the admin), else the next one."""
    update = ctx.get(["update"], None) or {}
    number = int(update.get("number", 0))
    return number if update.get("status") in ("running", "waiting") else number + 1


def has_board(ctx: Ctx) -> bool:
    """Whether the game has a numbered board with squares (a rule enacted into another
    pack's game may find none, and then refuses)."""
    return bool(ctx.get(["board", "spaces"], None))


def is_sick(ctx: Ctx, player: str) -> bool:
    """Sick (XXX, Contagion, decides how; the state is the player's ``sick``)."""
    return bool(ctx.attr(player, SICK, False))


def is_hurt(ctx: Ctx, player: str) -> bool:
    """Hurt (XXXIV, Violence and Pain; the player's ``hurt``)."""
    return bool(ctx.attr(player, HURT, False))


def is_in_reverse(ctx: Ctx, player: str) -> bool:
    """In Reverse (VII.6 for one turn; the player's ``reverse``)."""
    return bool(ctx.attr(player, REVERSE, False))


def is_pollutant(ctx: Ctx, number: int) -> bool:
    """A pollutant square (XXIII and XXX name them; the square's ``pollutant``)."""
    return bool(square(ctx, number).get("pollutant"))


def is_public_property(ctx: Ctx, number: int) -> bool:
    """Public Property (X.2 decides which; the square's ``public``)."""
    return bool(square(ctx, number).get("public"))


def players_in_game(ctx: Ctx) -> list[str]:
    return list(ctx.players())


def rule_of(ctx: Ctx, kind: type[R]) -> R | None:
    """The rule of class ``kind`` in force, if any (to read its parameters)."""
    return next((r for r in ctx.rules.rules if isinstance(r, kind)), None)


#: Where the pack keeps its game-wide facts (Teams removed by II.5, who was Sick
#: during the update...).
ORGS = "orgs"


def fact(ctx: Ctx, key: str, default: Any = None) -> Any:
    """A game-wide fact of the pack (``orgs.<key>``)."""
    return ctx.get([ORGS, key], default)


def set_fact(ctx: Ctx, key: str, value: Any) -> None:
    if ctx.get([ORGS], None) is None:
        ctx.set([ORGS], {})
    ctx.set([ORGS, key], value)


def has_dollars(ctx: Ctx) -> bool:
    """Whether a rule in force declares the game's money (a proposal may repeal IV.1)."""
    return DOLLARS in ctx.rules.currencies


def on_a_square(ctx: Ctx, player: str) -> bool:
    """Whether ``player`` stands on a square of the board (a proposal may repeal VI.2's
    locations, or the game may have no board)."""
    where = ctx.attr(player, LOCATION)
    return (has_board(ctx) and isinstance(where, int) and not isinstance(where, bool)
            and str(where) in (ctx.get(["board", "spaces"], None) or {}))
