"""Section VII after the base: square resources (Rule 710, P06, seed L359), adjacency
(Rule 711, P09, L349) and the tripling of the board (P11, L325-327)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, hook
from nomicon.boards import numbered, snake
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import SQUARES_CREATED, SquaresCreated
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, PACK, SNAKE

#: A square's resources are the dollars of the ledger account ``square:<identity>``:
#: keyed by the square's identity, which it keeps when the board is renumbered.
SQUARE = "square:"


def account(sid: int) -> str:
    return f"{SQUARE}{sid}"


def can_see(state: dict[str, Any], viewer: str, square: int) -> bool:
    """Whether ``viewer`` occupies ``square`` or owns a unit or building there."""
    player = state.get("players", {}).get(viewer)
    if player is not None and player.get("location") == square:
        return True
    return any(e.get("owner") == viewer and e.get("location") == square
               for e in state.get("entities", {}).values())


class Resources(Rule):
    """Each square currently on the board (as well as any new squares that are created in the future) will receive a random amount of resources, ranging from $0 to $10000 in multiples of $1000. A player will only be able to see the amount of resources in a square if he occupies that square or owns a unit or building in that square."""  # noqa: E501

    key = "resources"
    pack = PACK
    number = 710
    title = "Resources"
    requires = frozenset({HAS_DOLLARS, SNAKE})

    class Params(RuleParams):
        most: int = Field(10_000, ge=0)
        step: int = Field(1_000, ge=1)

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        self._endow(ctx, list(numbered.layout(ctx).squares()))

    @hook(SQUARES_CREATED)
    def new_squares(self, ctx: Ctx, data: SquaresCreated) -> None:
        self._endow(ctx, data["squares"])

    def _endow(self, ctx: Ctx, squares: list[int]) -> None:
        # $0 to $10000 in multiples of $1000: one of eleven amounts, equally likely (a
        # ruling, INTERPRETATIONS.md, Rule 710). Rolled and paid where only the admin
        # reads it: the amount is a secret of the square's occupants.
        amounts = self.params.most // self.params.step + 1
        for square in squares:
            holder = account(numbered.square_id(ctx, square))
            ctx.open_account(holder)
            value = (ctx.roll(amounts, f"resources of square {square}", to=[]) - 1) \
                * self.params.step
            ctx.transfer(None, holder, value, DOLLARS, f"resources of square {square}", to=[])

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer == "admin":
            self._show(view, lambda square: True)
            return
        self._show(view, lambda square: can_see(view, viewer, square))

    def _show(self, view: dict[str, Any], visible: Any) -> None:
        """Keep the accounts of the squares ``visible`` says, and write each one's
        resources on its square (``board.spaces.<n>.resources``)."""
        spaces = view.get("board", {}).get("spaces", {})
        by_id = {record.get("id"): int(number) for number, record in spaces.items()}
        accounts = view.get("accounts", {})
        for name in [a for a in accounts if a.startswith(SQUARE)]:
            square = by_id.get(int(name[len(SQUARE):]))
            if square is None or not visible(square):
                del accounts[name]
                continue
            spaces[str(square)]["resources"] = accounts[name].get(DOLLARS, 0)


class Adjacent(Rule):
    """Define the term adjacent. Square A is said to be adjacent to Square B if Square A is located to the left, right, above, or below Square B on the board."""  # noqa: E501

    key = "adjacent"
    pack = PACK
    number = 711
    title = "Adjacent"
    # A definition: the layout's neighbours (boards/snake.py, Layout.are_adjacent) are
    # exactly these, and rules that speak of adjacent squares ask the layout.


class TripleTheBoard(Rule):
    """In an effort to combat board congestion, increase the board size to 60 squares, in the following manner:
    For each square currently on the board, add two new squares: one being the successor of the original square, and one the predecessor. All newly created squares contain a random amount of resources (as per Rule VII.10). All units, players, buildings, resources, and further properties/occupying entities not here specified are now located on the "new" square corresponding to their "old" square (this change of location does not trigger leaving, landing, or any other such "relocation" rules).
    In summary: the current Square 1 becomes the new Square 2, the current Square 2 becomes the new Square 5, etc. All units, buildings, players, resources, etc. currently occupying Square 1 now occupy Square 2, those currently occupying Square 2 now occupy Square 5, etc. All newly created squares (1, 3, 4, 6, 7, etc.) contain a random amount of resources as per Rule VII.10."""  # noqa: E501

    key = "triple-the-board"
    pack = PACK
    number = 0
    title = "Triple the board"
    requires = frozenset({SNAKE})

    @classmethod
    def apply_once(cls, ctx: Ctx, params: RuleParams) -> None:
        """Old square k becomes square 3k-1; everything on it goes with it, and the
        squares between are new."""
        change = snake.tripled(numbered.layout(ctx))
        numbered.renumber(ctx, change, why="the board is tripled (P11)")
        # Resources keyed by a square's identity stay with the square; the new
        # squares get theirs from Rule 710, if it is in force.
        ctx.emit(SQUARES_CREATED, f"{len(change.added)} new squares are created",
                 squares=list(change.added), why="the board is tripled (P11)")
