"""Section XIV, the Rber Ducky (P03, seed L390-394; P21, L262): the Dark Lord, the Bank
Account of Terror, the Ducky's travels and its pies."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, events, every, hook
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.packs.nomopoly4 import travel
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import DUCKY_MOVED, PIED
from nomicon.packs.nomopoly4.travel import FORWARDS, HAS_DOLLARS, LOCATIONS, PACK, SNAKE

DARK_LORD = "dark-lord"
BANK = "bank-account-of-terror"
DUCKY = "rber-ducky"


class DarkWorld(Rule):
    """Deep down below the Board, there lies a dimension of Evil, the Dark World. And in this dimension, the Dark Lord rules over all. His plot: To form a Legions of Doom to counquer the Overworld with. However, he has not yet done so, namely because the total funds in the his Bank Account of Terror amount to a total of 3 Nomopoly Dollars. This is but a minor setback for the Dark Lord, as he has sent his Dark Minion, the Rber Ducky, to terrorize the surface in search of funds.
    Create two new entities: The Rber Ducky and The Bank Account of Terror.
    The Bank Account of Terror may possess Nomopoly Dollars. It starts with 3."""  # noqa: E501

    key = "dark-world"
    pack = PACK
    number = 1401
    title = "The Dark Lord and the Bank Account of Terror"
    requires = frozenset({HAS_DOLLARS})

    class Params(RuleParams):
        starting_funds: int = Field(3, ge=0, description="dollars the Bank Account starts with")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # The Dark Lord is named here and gets items later (L3, L85): an entity on no
        # square. The Bank Account is his, an account of the ledger under its own id.
        if ctx.entity(DARK_LORD) is None:
            ctx.create_entity("dark-lord", id=DARK_LORD, cause=self.label)
        if ctx.entity(BANK) is None:
            ctx.create_entity("bank-account", id=BANK, cause=self.label)
            ctx.open_account(BANK)
            ctx.transfer(None, BANK, self.params.starting_funds, DOLLARS,
                         "the Bank Account of Terror starts with its funds")


class DuckyTravels(Rule):
    """The Rber Ducky can occupy Squares like Players. Each saturday, it moves 1d6 squares forward."""  # noqa: E501

    key = "ducky-travels"
    pack = PACK
    number = 1402
    title = "The Rber Ducky's travels"
    requires = frozenset({SNAKE})

    class Params(RuleParams):
        # "Each saturday" at midnight GMT, like the Dark Lord's other timed events (a
        # ruling, INTERPRETATIONS.md, Rule 1402). P21 changes the days (L262).
        schedule: str = "every Saturday at 00:00 GMT"
        die: int = Field(6, ge=1)

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # "Since it isn't specified, I shall assume that the Rber Ducky is initially on
        # Square #1." (the admin, L394)
        if ctx.entity(DUCKY) is None:
            ctx.create_entity("ducky", id=DUCKY, location=numbered.layout(ctx).first,
                              cause=self.label, pied=[])

    @every(param="schedule")
    def travel(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.entity(DUCKY) is None:
            return
        roll = ctx.roll(self.params.die, "the Rber Ducky's move")
        # The Ducky is no player: past the last square it comes round to Square 1
        # (Rule 703), whatever stops players at the ends.
        walk = walker.walk(ctx, Piece.entity(DUCKY), roll,
                           travel.step_of(ctx, FORWARDS, wrap=True), how="the Ducky's move",
                           roll=roll)
        ctx.set_entity(DUCKY, pied=[])  # a new arrival: whoever is there is caught
        ctx.emit(DUCKY_MOVED, f"the Rber Ducky moves {roll} from square {walk.start} to "
                 f"square {walk.end}", roll=roll, start=walk.start, end=walk.end)


class Pies(Rule):
    """Should the Rber Ducky ever occupy the same square as a player or players, it goes berserk and attacks the nearby vicinity with pies. Any unfortunate player caught on the same square as the Rber Ducky when this happens are hit by a pie, lose one tenth of all their money and are pushed one square forward. Any money lost this way is sent to the Bank Account of Terror."""  # noqa: E501

    key = "pies"
    pack = PACK
    number = 1403
    title = "Pies"
    requires = frozenset({HAS_DOLLARS, SNAKE, LOCATIONS})

    class Params(RuleParams):
        share: int = Field(10, ge=1, description="a pie takes one share-th of a player's money")

    params: Params

    @hook(events.BATCH_CLOSING)
    def berserk(self, ctx: Ctx, data: events.NoFields) -> None:
        # "Ever occupy": looked at when anything has happened, however the player or the
        # Ducky got there. A player stays marked as hit while they stay on the Ducky's
        # square (a push that cannot move them at the end of the board), so one arrival
        # makes one pie (INTERPRETATIONS.md, Rule 1403).
        ducky = ctx.entity(DUCKY)
        if ducky is None:
            return
        square = ducky["location"]
        hit: list[str] = list(ducky.get("pied", []))
        caught = [p for p in ctx.players() if ctx.attr(p, "location") == square]
        for player in caught:
            if player in hit:
                continue
            self._pie(ctx, player, square)
            if ctx.attr(player, "location") == square:
                hit.append(player)
        hit = [p for p in hit if ctx.attr(p, "location") == square]
        if hit != list(ducky.get("pied", [])):
            ctx.set_entity(DUCKY, pied=hit)

    def _pie(self, ctx: Ctx, player: str, square: int) -> None:
        # One tenth, rounded down (Rule 401); a forced loss takes at most what is there.
        due = ctx.balance(player, DOLLARS) // self.params.share
        lost = ctx.transfer(player, BANK, due, DOLLARS, "hit by a pie", forced=True) if due else 0
        walk = travel.move_player(ctx, player, 1, FORWARDS, how="pushed by a pie")
        ctx.emit(PIED, f"{player} is hit by a pie on square {square}: loses ${lost} and is "
                 f"pushed to square {walk.end}", player=player, square=square, lost=lost,
                 pushed_to=walk.end)


def ducky_square(state: dict[str, Any]) -> Any:
    """Where the Ducky is in a state (None without a Ducky)."""
    ducky = state.get("entities", {}).get(DUCKY)
    return None if ducky is None else ducky.get("location")
