"""Nomopoly II, section XXXVI (Impending Doom): the Tornado and the favourite square.

The Tornado strikes when the admin says so (the ``tornado`` admin action): the text
gives only "probably by the end of May". Its effects run in the order of the text,
after TISSSG's end "as the fearsome tornado approaches" (XXXVI.7): the trees go
(XXXVI.2), the squares no rule mentions are shuffled (XXXVI.3), everyone is put on a
random square and the Phantom Piece takes three turns (XXXVI.4), and time stops: the
game is paused, so the weekly update no longer comes (XXXVI.5) until the admin
resumes it.

Favourite squares (XXXVI.6) are kept by the square's identity, so a vote follows its
square when the board is renumbered; they are counted when the game ends.
"""

# No ``from __future__ import annotations``: the event kinds' TypedDicts are read at
# run time (see events.py).

from typing import TypedDict

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    EventKind,
    Rule,
    RuleParams,
    action,
    events,
    hook,
)
from nomicon.boards import numbered, walker
from nomicon.boards.snake import Renumbering
from nomicon.packs.nomopoly2 import board, pseudo
from nomicon.packs.nomopoly2.money import award
from nomicon.packs.nomopoly2.terms import (
    PACK,
    fact,
    has_board,
    owner_of,
    rule_of,
    set_fact,
    square,
)

square_record = square  # the actions' argument is called ``square`` too
FAVOURITE = "favourite_square"
#: The square fields a tree is kept in (section XXVIII plants them).
TREE = "tree"


class TornadoStruck(TypedDict):
    by: str


class SquaresMoved(TypedDict):
    shuffled: list[int]


class FavouriteSquare(TypedDict):
    square: int
    owner: str | None
    votes: int


TORNADO_STRUCK = EventKind("nomopoly2.tornado-struck", TornadoStruck)
SQUARES_SHUFFLED = EventKind("nomopoly2.squares-shuffled", SquaresMoved)
FAVOURITE_SQUARE = EventKind("nomopoly2.favourite-square", FavouriteSquare)


class TheTornado(Rule):
    """A Tornado may strike soon, probably by the end of May, producing chaotic effects."""

    key = "the-tornado"
    pack = PACK
    number = 3601
    title = "XXXVI.1 The Tornado"

    @action("tornado", admin=True)
    def strike(self, ctx: Ctx, actor: str) -> None:
        """The Tornado hits now."""
        set_fact(ctx, "tornado", True)
        ctx.emit(TORNADO_STRUCK, "the Tornado hits", by=actor)
        # XXXVI.7 "as the fearsome tornado approaches", then the effects as listed.
        for kind in (TISSSGsEnd, TreesRippedOut, SquaresShuffled, EveryoneMoved, TimeStops):
            rule = rule_of(ctx, kind)
            if rule is not None:
                with ctx.running(rule):
                    getattr(rule, "strike")(ctx)  # noqa: B009 (each effect's rule has one)

    @strike.check
    def _can_strike(self, ctx: Ctx, actor: str) -> None:
        ctx.require(has_board(ctx), "there is no board for a Tornado to hit")
        ctx.require(not fact(ctx, "tornado", False), "the Tornado has already hit")


class TreesRippedOut(Rule):
    """When the Tornado hits, all trees will be ripped from the ground, removed from the board."""

    key = "trees-ripped-out"
    pack = PACK
    number = 3602
    title = "XXXVI.2 Trees ripped out"

    def strike(self, ctx: Ctx) -> None:
        for number in board.numbers(ctx):
            if square(ctx, number).get(TREE) is not None:
                ctx.state.delete(["board", "spaces", str(number), TREE])


def anchored(ctx: Ctx) -> frozenset[int]:
    """The squares the rules mention (the game's ``named_squares``), and any square a
    rule marks ``anchored``."""
    return board.named_squares(ctx) | {n for n in board.numbers(ctx)
                                       if square(ctx, n).get("anchored")}


class SquaresShuffled(Rule):
    """When the Tornado hits, all squares not anchored down by being mentioned in the ruleset (directly or indirectly) will be shuffled."""  # noqa: E501

    key = "squares-shuffled"
    pack = PACK
    number = 3603
    title = "XXXVI.3 Squares shuffled"

    def strike(self, ctx: Ctx) -> None:
        layout = board.layout(ctx)
        fixed = anchored(ctx)
        loose = [n for n in layout.squares() if n not in fixed]
        order = ctx.shuffle(loose, "the Tornado shuffles the squares")
        moves = {n: n for n in layout.squares()}
        moves.update(dict(zip(loose, order, strict=True)))
        # A square keeps its identity, owner, colour and name: it is the square that
        # moves, with whatever stands on it (XXXVI.4 then moves everyone).
        numbered.renumber(ctx, Renumbering(layout, layout, moves),
                          why="the Tornado shuffles the squares")
        ctx.emit(SQUARES_SHUFFLED, f"the Tornado shuffles {len(loose)} squares",
                 shuffled=loose)


class EveryoneMoved(Rule):
    """When the Tornado hits, every player and pseudoplayer will be moved to a random square. The Phantom Piece will then take three turns, with everyone suffering the consequences of each move."""  # noqa: E501

    key = "everyone-moved"
    pack = PACK
    number = 3604
    title = "XXXVI.4 Everyone moved"

    class Params(RuleParams):
        phantom_turns: int = Field(3, ge=0, description="the Phantom Piece's turns")

    params: Params

    def strike(self, ctx: Ctx) -> None:
        numbers = list(board.numbers(ctx))
        pieces = [walker.Piece.player(p) for p in ctx.players()]
        pieces += [walker.Piece.entity(e) for e in ctx.entities_of(pseudo.KIND)]
        for piece in pieces:
            there = ctx.pick(numbers, f"the Tornado carries {piece.name}")
            walker.place(ctx, piece, there, why="the Tornado")
        phantom = rule_of(ctx, pseudo.ThePhantomPiece)
        for _ in range(self.params.phantom_turns):
            pseudo.phantom_turn(ctx)
            if phantom is not None:
                with ctx.running(phantom):
                    phantom.take_effect(ctx)


class TimeStops(Rule):
    """When the Tornado hits, time as we know it will stop utterly, causing the time between weeks to extend indefinitely, perhaps for the summer or perhaps forever."""  # noqa: E501

    key = "time-stops"
    pack = PACK
    number = 3605
    title = "XXXVI.5 Time stops"

    def strike(self, ctx: Ctx) -> None:
        if not ctx.is_paused():
            ctx.pause("the Tornado: time as we know it stops (XXXVI.5)")


class FavouriteSquares(Rule):
    """Each player may submit their choice for their favorite square name; if one square receives more votes of support than any other by the end of the game, then the owner of that square will receive $150."""  # noqa: E501

    key = "favourite-squares"
    pack = PACK
    number = 3606
    title = "XXXVI.6 Favourite squares"

    attributes = (Attribute(FAVOURITE, None, visibility="owner",
                            doc="the identity of the player's favourite square"),)

    class Params(RuleParams):
        prize: int = Field(150, ge=0, description="what the favourite square's owner "
                           "receives")

    params: Params

    def _named(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if square(ctx, n).get("name")]

    @action("favourite-square", Arg("square", int, "a named square", minimum=1,
                                    choices="_named"))
    def choose(self, ctx: Ctx, actor: str, square: int) -> None:
        """Name your favourite square (kept secret until the game ends)."""
        ctx.require(has_board(ctx) and board.layout(ctx).exists(square),
                    f"there is no square {square}")
        ctx.require(bool(square_record(ctx, square).get("name")),
                    f"square {square} has no name", detail="the vote is for a square name")
        ctx.set_attr(actor, FAVOURITE, numbered.square_id(ctx, square))

    def tally(self, ctx: Ctx) -> dict[int, int]:
        """Votes by square number, for the squares still on the board."""
        votes: dict[int, int] = {}
        for player in ctx.players():
            sid = ctx.attr(player, FAVOURITE)
            number = numbered.number_of(ctx, sid) if sid is not None else None
            if number is not None:
                votes[number] = votes.get(number, 0) + 1
        return votes

    @hook(events.GAME_ENDED)
    def count(self, ctx: Ctx, data: events.GameEnded) -> None:
        if not has_board(ctx):
            return
        votes = self.tally(ctx)
        if not votes:
            return
        ranked = sorted(votes.items(), key=lambda item: -item[1])
        if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
            return  # no square has more votes than every other
        number, count = ranked[0]
        owner = owner_of(ctx, number)
        ctx.emit(FAVOURITE_SQUARE, f"square {number} is the favourite, with {count} votes",
                 square=number, owner=owner, votes=count)
        # Charity holds land but no money (VIII.13; INTERPRETATIONS.md, 3606): only an
        # owner with an account is paid.
        if owner is not None and ctx.get(["accounts", owner], None) is not None:
            award(ctx, owner, self.params.prize, f"square {number} is the favourite square")


class TISSSGsEnd(Rule):
    """TISSSG will chew off his own hand and beat himself to death with it, removing himself from the game, as the fearsome tornado approaches."""  # noqa: E501

    key = "tisssg-s-end"
    pack = PACK
    number = 3607
    title = "XXXVI.7 TISSSG's end"

    def strike(self, ctx: Ctx) -> None:
        if ctx.entity(pseudo.TISSSG) is not None:
            ctx.destroy_entity(pseudo.TISSSG, cause="he beats himself to death as the "
                               "Tornado approaches")


RULES: tuple[type[Rule], ...] = (
    TheTornado, TreesRippedOut, SquaresShuffled, EveryoneMoved, TimeStops,
    FavouriteSquares, TISSSGsEnd,
)
