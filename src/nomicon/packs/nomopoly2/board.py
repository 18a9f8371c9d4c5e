"""Nomopoly II, section VI (The Board): the snake of floor(sqrt N) squares to a row.

The board is the kernel's numbered snake (``board.spaces.<n>``, each square keeping
its identity when renumbered) laid out with ``columns = "sqrt"``, so every row's width
and with it every adjacency, corner and base follows the board's size as it grows or
shrinks. The rules here read the layout; the squares' own fields (``owner``,
``color``, ``name``) belong to the sections that set them.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Attribute, Ctx, Rule, RuleParams, action, hook
from nomicon.boards import numbered
from nomicon.boards.events import SQUARES_ADDED, SquaresAdded
from nomicon.boards.snake import Layout
from nomicon.packs.nomopoly2.terms import DOLLARS, GOVERNMENT, LOCATION, PACK, has_board, rule_of

#: The squares the rules mention by number (II.7 skips them, XVIII.1 keeps them),
#: when the game's parameters do not say: the Carnival (XV.1), the Zoo (X.7), the
#: Large Factory and the ETF (XXIII), the WETHA Lodges (XXVIII), and the squares
#: the text names without a number (Appendix A: Nomicon's choice).
NAMED_SQUARES: dict[str, int] = {
    "the Carnival": 50, "the Zoo": 45, "the Large Factory": 22, "the ETF": 51,
    "a WETHA Lodge (28)": 28, "a WETHA Lodge (53)": 53, "a WETHA Lodge (83)": 83,
    "Vynd's Hot Springs Resort": 13, "Duck's Double Dip": 37, "Demolitionville": 41,
    "The Hospital": 17, "Watertower": 29,
}


def layout(ctx: Ctx) -> Layout:
    """The board's layout now (rows of floor(sqrt N))."""
    return numbered.layout(ctx)


def numbers(ctx: Ctx) -> tuple[int, ...]:
    """Every square's number, in order (none without a board)."""
    return layout(ctx).squares() if has_board(ctx) else ()


def named_squares(ctx: Ctx) -> frozenset[int]:
    """The numbers of the squares mentioned in the rules (the game's ``named_squares``
    parameter, else :data:`NAMED_SQUARES`)."""
    named = ctx.get(["game", "params", "named_squares"], None)  # none in another pack
    table = NAMED_SQUARES if not isinstance(named, dict) else named
    return frozenset(int(n) for n in table.values())


def successor(ctx: Ctx, square: int) -> int:
    """VI.8: the square with the next highest number; after the highest, the first."""
    after = layout(ctx).successor(square)
    assert after is not None  # a wrapping board always has one
    return after


def predecessor(ctx: Ctx, square: int) -> int:
    """VI.8: the square with the next lowest number; before the first, the highest."""
    before = layout(ctx).predecessor(square)
    assert before is not None
    return before


def new_clear_fishing(ctx: Ctx, payer: str | None, *, why: str) -> list[int]:
    """Create a square numbered higher than any other (VI.7); returns its number in a
    list. ``payer`` pays the fee first (None: no fee, as II.7's)."""
    if payer is not None:
        rule = rule_of(ctx, NewClearFishing)
        fee = rule.params.fee if rule is not None else NewClearFishing.Params.model_validate({}).fee
        ctx.transfer(payer, GOVERNMENT, fee, DOLLARS, "New Clear Fishing")
    return numbered.grow(ctx, 1, why=why)


#: What every square records from its creation (XIII.2: "All squares are White until
#: colored otherwise"; no owner and no name until a rule gives them), so that a reader
#: of ``board.spaces.<n>`` finds each field on every square.
SQUARE_DEFAULTS: tuple[tuple[str, Any], ...] = (("owner", None), ("color", "white"),
                                                ("name", None))


def fill_defaults(ctx: Ctx, squares: Any) -> None:
    """Give the squares ``squares`` the fields every square records, where they have
    none yet (a field a rule has set is kept)."""
    for number in squares:
        record = ctx.get(["board", "spaces", str(number)], None)
        if not isinstance(record, dict):
            continue
        for field, value in SQUARE_DEFAULTS:
            if field not in record:
                ctx.set(["board", "spaces", str(number), field], value)


class TheBoard(Rule):
    """The game shall include a collection of sequentially numbered squares known as the board. The board shall always contain at least one square."""  # noqa: E501

    key = "the-board"
    pack = PACK
    number = 601
    title = "VI.1 The board"
    # The pack's setup lays the board out; destruction (XVIII) never removes the last
    # square (numbered.renumber refuses a board of none).

    @hook(SQUARES_ADDED)
    def new_squares(self, ctx: Ctx, data: SquaresAdded) -> None:
        """A square made by any rule (New Clear Fishing, Infrastructure, a new
        player's square) records its owner, colour and name like every other."""
        if has_board(ctx):
            fill_defaults(ctx, data["spaces"])


class OccupyingSquares(Rule):
    """Each player occupies exactly one square. There is no limit to the number of players that may occupy the same square. New players will start on the first square."""  # noqa: E501

    key = "occupying-squares"
    pack = PACK
    number = 602
    title = "VI.2 Occupying squares"

    attributes = (Attribute(LOCATION, 1, doc="the number of the square the player occupies"),)


class TheSnakeLayout(Rule):
    """When the board contains more than one square, squares in the board are laid out in a two-dimensional, snaking pattern of vertically stacked rows. Each row, except possibly the last, contains (floor(sqrt(total-squares)) squares. In the first row, each square's successor borders its eastern side, except for the highest numbered square in the row, whose successor can be found bordering its northern side. In the second row, each square's successor can be found bordering its western side, except for the highest numbered square in the row, whose successor can be found bordering its northern side. The pattern then repeats, alternating between east and west until the last square is reached. "East", "West", "North", and "South" refer to directions across the board in terms of this layout. When the board only contains one square, these directions and its layout are degenerate."""  # noqa: E501

    key = "the-snake-layout"
    pack = PACK
    number = 603
    title = "VI.3 The snake layout"
    # The layout is boards/snake.py with columns = "sqrt"; the web board draws it.


class Adjacency(Rule):
    """If a square is North, South, East, or West of another square, then the two squares are said to be "adjacent"."""  # noqa: E501

    key = "adjacency"
    pack = PACK
    number = 604
    title = "VI.4 Adjacency"
    # Read with Layout.are_adjacent and Layout.neighbours.


class Corners(Rule):
    """The first square is known as the Southwest Corner of the board. The Easternmost square of the first row is known as the Southeast Corner of the board. The Northwest Corner of the board is the Westernmost square of the last row, unless the last row has fewer squares than the next-to-last row, in which case the Northwest Corner is the Westernmost square of the next-to-last row. The Northeast Corner of the board is the Easternmost square of the row which contains the Northwest Corner."""  # noqa: E501

    key = "corners"
    pack = PACK
    number = 605
    title = "VI.5 Corners"
    # Read with Layout.corners.


class TeamBases(Rule):
    """If the board has at least nine squares, then for each of the four geographic Teams, there is a region on the board known as that Team's base. The West Team's base consists of all squares that can be reached both by moving South from the Northwest Corner and by moving North from the Southwest Corner. The East Team's base consists of all squares that can be reached both by moving South from the Northeast Corner and by moving North from the Southeast Corner. The South Team's base consists of all squares that can be reached both by moving East from the Southwest Corner and by moving West from the Southeast Corner. The North Team's base consists of all squares that can be reached both by moving East from the Northwest Corner and by moving West from the Northeast Corner."""  # noqa: E501

    key = "team-bases"
    pack = PACK
    number = 606
    title = "VI.6 Team bases"
    # Read with Layout.bases (none below nine squares).


class NewClearFishing(Rule):
    """Any player may pay $300 to create a new square, numbered higher than any other on the board. This process is known as New Clear Fishing."""  # noqa: E501

    key = "new-clear-fishing"
    pack = PACK
    number = 607
    title = "VI.7 New Clear Fishing"

    class Params(RuleParams):
        fee: int = Field(300, ge=0, description="what New Clear Fishing costs")

    params: Params

    @action("new-clear-fishing")
    def fish(self, ctx: Ctx, actor: str) -> None:
        """Pay $300 to create a new square, numbered higher than any other."""
        new_clear_fishing(ctx, actor, why=f"New Clear Fishing by {actor}")

    @fish.check
    def _can_fish(self, ctx: Ctx, actor: str) -> None:
        ctx.require(has_board(ctx), "there is no board to add a square to")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.fee, f"{actor} has ${have}, not ${self.params.fee}",
                    detail="a voluntary action may not make its player Bankrupt (XXII.5)")


class SuccessorsAndPredecessors(Rule):
    """A square's "successor" is the square with the next highest number; the highest numbered square's successor is the first square. A square's "predecessor" is the square with the next lowest number; the first square's predecessor is the highest numbered square."""  # noqa: E501

    key = "successors-and-predecessors"
    pack = PACK
    number = 608
    title = "VI.8 Successors and predecessors"
    # Read with successor() and predecessor() above.


def board_problems(state: dict[str, Any]) -> list[str]:
    """The board's invariants: squares numbered 1..N without gaps, one identity each,
    every player on an existing square."""
    spaces = state.get("board", {}).get("spaces") or {}
    if not spaces:
        return []
    problems: list[str] = []
    board = numbered.layout_of(state["board"])
    if sorted(map(int, spaces)) != list(range(1, board.size + 1)):
        problems.append(f"the board's squares are not exactly 1..{board.size}")
    ids = [record.get("id") for record in spaces.values()]
    if len(set(ids)) != len(ids):
        problems.append("two squares share an identity")
    for name, player in state.get("players", {}).items():
        if LOCATION in player and not board.exists(player[LOCATION]):
            problems.append(f"{name} is on no square ({player[LOCATION]!r})")
    return problems


RULES: tuple[type[Rule], ...] = (
    TheBoard, OccupyingSquares, TheSnakeLayout, Adjacency, Corners, TeamBases,
    NewClearFishing, SuccessorsAndPredecessors,
)
