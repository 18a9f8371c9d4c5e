"""Nomopoly II, section III (Ending the Game): the winner test at the end of each
update, a Messed Up game, and Best Friends who win together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nomicon.authoring import Ctx, Rule, action, finish, hook
from nomicon.packs.nomopoly2 import board

# Explosives go off (III.2) as an EXPLOSIVES event: the rules that keep Explosives
# hook it.
from nomicon.packs.nomopoly2.events import EXPLOSIVES, WINNER_FOUND
from nomicon.packs.nomopoly2.money import net_value, owned_squares
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS, GOVERNMENT_COLORS, blocks
from nomicon.packs.nomopoly2.terms import (
    BAD_CREDIT,
    BEST_FRIEND,
    DOLLARS,
    PACK,
    color_of,
    fact,
    is_sick,
    owner_of,
    set_fact,
)

NON_WHITE = CORPORATE_COLORS + GOVERNMENT_COLORS
#: Shares of the Corporation, as section XXIII keeps them (a good ``shares``).
SHARES = "shares"


class LegalThreats(Rule):
    """The game will end immediately (and perhaps drastically) should the admin ever receive serious and irreconcillible legal threats from the manufacturers of any board game."""  # noqa: E501

    key = "legal-threats"
    pack = PACK
    number = 301
    title = "III.1 Legal threats"
    # Text only: the admin ends the game with end-game.


def criteria(ctx: Ctx, player: str, *, extra: Sequence[int] = ()) -> list[str]:
    """The criteria of III.2 (a-e) that ``player`` meets now; ``extra`` are squares
    counted as hers besides those she owns (III.4's donation)."""
    players = ctx.players()
    mine = owned_squares(ctx, player) + [n for n in extra if n not in owned_squares(ctx, player)]
    met: list[str] = []
    if set(NON_WHITE) <= {color_of(ctx, n) for n in mine}:
        met.append("a")
    owners = {n: owner_of(ctx, n) for n in board.numbers(ctx)}
    if extra:
        owners.update({n: player for n in extra})
        block_owners = _blocks_with(ctx, owners)
    else:
        block_owners = blocks(ctx)
    if block_owners.get(player):
        met.append("b")
    player_owned = [n for n, o in owners.items() if o in players]
    if player_owned and len(mine) * 2 > len(player_owned):
        met.append("c")
    money = ctx.balance(player, DOLLARS)
    if all(money > ctx.balance(p, DOLLARS) for p in players if p != player):
        met.append("d")
    if ctx.is_good(SHARES):
        shares = ctx.balance(player, SHARES)
        if shares and all(shares > ctx.balance(p, SHARES) for p in players if p != player):
            met.append("e")
    return met


def _blocks_with(ctx: Ctx, owners: dict[int, str | None]) -> dict[str, list[str]]:
    by_color: dict[str, dict[str, int]] = {}
    for n, owner in owners.items():
        if owner in ctx.players():
            counts = by_color.setdefault(color_of(ctx, n), {})
            counts[owner] = counts.get(owner, 0) + 1
    found: dict[str, list[str]] = {}
    for color, counts in by_color.items():
        if len(counts) == 1:
            (owner, count), = counts.items()
            if count >= 3:
                found.setdefault(owner, []).append(color)
    return found


def barred(ctx: Ctx, player: str) -> bool:
    """III.2's bars: a Bad Credit Rating, or Sick during the update."""
    sick_during = fact(ctx, "sick_during_update", []) or []
    return bool(ctx.attr(player, BAD_CREDIT, False)) or is_sick(ctx, player) or (
        player in sick_during)


def eligible(ctx: Ctx) -> dict[str, list[str]]:
    """The players who may be named Winner now, with the criteria each meets."""
    found: dict[str, list[str]] = {}
    for player in ctx.players():
        met = criteria(ctx, player)
        if len(met) >= 2 and not barred(ctx, player):
            found[player] = met
    return found


class TheWinner(Rule):
    """A player shall be eligible to be named the Winner of the game if at the end of an Update, a player meets at least two of the following criteria:

• a) that player owns one square of every Non-White Color

• b) that player owns at least one Block

• c) she owns more than 50% of the player-owned squares

• d) that player has more Nomopoly money than any other player

• e) that player owns the most Corporate shares

and, if that player fits none of the following criteria:

• a) she has a Bad Credit Rating

• b) she was Sick during the update

If a player meets the requirements of being named Winner, all Explosives will go off. If the player still meets the requirements of being named Winner, then the game will end immediately."""  # noqa: E501

    key = "the-winner"
    pack = PACK
    number = 302
    title = "III.2 The Winner"

    @hook("update.began")
    def note_sick(self, ctx: Ctx, data: dict[str, Any]) -> None:
        set_fact(ctx, "sick_during_update",
                 sorted(p for p in ctx.players() if is_sick(ctx, p)))

    @hook("update.ended")
    def test(self, ctx: Ctx, data: dict[str, Any]) -> None:
        winners = eligible(ctx)
        if winners:
            ctx.emit(EXPLOSIVES, "a player meets the requirements of being named Winner: "
                     "all Explosives go off", players=sorted(winners))
            winners = eligible(ctx)
        if winners:
            names = sorted(winners)
            for name in names:
                ctx.emit(WINNER_FOUND, f"{name} is named Winner (criteria "
                         f"{', '.join(winners[name])})", player=name,
                         criteria=winners[name])
            ctx.set(["winners"], names)
            finish(ctx, f"{', '.join(names)} won at the end of update {data.get('update')} "
                   "(Rule 302, The Winner)")
            return
        pair = best_friends_pair(ctx)
        if pair:
            ctx.set(["winners"], list(pair))
            finish(ctx, f"{pair[0]} and {pair[1]} win as Best Friends (Rule 304)")


class AMessedUpGame(Rule):
    """If at any time the rules, whether by accident or intent, do not permit the game to continue but do not declare a clear winner, the game will be considered to be Messed Up, and the player with the highest Net Value will be declared the Winner."""  # noqa: E501

    key = "a-messed-up-game"
    pack = PACK
    number = 303
    title = "III.3 A Messed Up game"

    @action("declare-messed-up", admin=True)
    def messed_up(self, ctx: Ctx, actor: str) -> None:
        """Declare the game Messed Up: the player with the highest Net Value wins."""
        ctx.require(ctx.players(), "there are no players")
        values = {p: net_value(ctx, p) for p in ctx.players()}
        best = max(values.values())
        winners = sorted(p for p, v in values.items() if v == best)
        ctx.set(["winners"], winners)
        finish(ctx, f"the game is Messed Up; {', '.join(winners)} has the highest Net Value "
               f"(${best})")


def best_friends_pair(ctx: Ctx) -> tuple[str, str] | None:
    """III.4: Best Friends of whom one would be named Winner if the other donated all
    his property to her, in the order of their money (most first)."""
    for giver in ctx.players():
        friend = ctx.attr(giver, BEST_FRIEND)
        if friend not in ctx.players():
            continue
        extra = owned_squares(ctx, giver)
        if barred(ctx, friend) or len(criteria(ctx, friend, extra=extra)) < 2:
            continue
        first, second = sorted((giver, friend), key=lambda p: (-ctx.balance(p, DOLLARS), p))
        return first, second
    return None


class BestFriendsWinTogether(Rule):
    """If no player can be named Winner, yet one player could make his Best Friend be named Winner by donating all his property to her, then the pair of Best Friends will win the game without the donation being neccessary. For outside accounting purposes, the Best Friend with the most money will be considered the "first place" winner and the other Best Friend will be ranked second."""  # noqa: E501

    key = "best-friends-win-together"
    pack = PACK
    number = 304
    title = "III.4 Best Friends win together"
    # Tested by TheWinner after no player can be named Winner.


RULES: tuple[type[Rule], ...] = (LegalThreats, TheWinner, AMessedUpGame, BestFriendsWinTogether)
