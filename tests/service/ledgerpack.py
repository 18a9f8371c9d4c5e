"""A small rule pack for the store's service tests: marks, claims and dice.

Any player may make a mark at any time, so a test that sends N marks knows that
exactly N are accepted, whatever order the writers win their races in. A token can
be claimed once, so two writers claiming the same token see one accepted and one
refused with the rule's reason. A player may roll a die at any time, so the dice
secret (and its rotation) take part in the crash test.

Worker processes build the same registry with :func:`registry`.
"""

from __future__ import annotations

from functools import cache

from nomicon.kernel.context import Ctx
from nomicon.kernel.pack import Initial, Pack, PackParams, Registry, installed
from nomicon.kernel.rules import Arg, Rule, action

PACK = "store-ledger"


class Tally(Rule):
    """Any player may make a mark at any time. Marks are numbered in the order made."""

    key = "tally"
    pack = PACK
    number = 1
    title = "Tally"

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["tally"]):
            ctx.set(["tally"], {"marks": 0, "by": {}})

    @action("mark", Arg("note", str, "what the mark is for", required=False))
    def mark(self, ctx: Ctx, actor: str, note: str | None = None) -> None:
        """Make a mark."""
        number = ctx.get(["tally", "marks"]) + 1
        ctx.set(["tally", "marks"], number)
        ctx.set(["tally", "by", actor], ctx.get(["tally", "by", actor], 0) + 1)
        ctx.emit("marked", f"{actor} makes mark {number}", player=actor, number=number,
                 note=note)


class Claims(Rule):
    """A player may claim any token from 1 to 100 that nobody has claimed yet."""

    key = "claims"
    pack = PACK
    number = 2
    title = "Claims"

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["claims"]):
            ctx.set(["claims"], {})

    @action("claim", Arg("token", int, "the token", minimum=1, maximum=100))
    def claim(self, ctx: Ctx, actor: str, token: int) -> None:
        """Claim a token."""
        owner = ctx.get(["claims", str(token)])
        ctx.require(owner is None, f"token {token} is already claimed",
                    detail=f"{owner} claimed it")
        ctx.set(["claims", str(token)], actor)
        ctx.emit("claimed", f"{actor} claims token {token}", player=actor, token=token)


class Dice(Rule):
    """A player may roll a six-sided die at any time; the highest roll so far is kept."""

    key = "dice"
    pack = PACK
    number = 3
    title = "Dice"

    @action("roll", Arg("note", str, "what the roll is for", required=False))
    def roll(self, ctx: Ctx, actor: str, note: str | None = None) -> None:
        """Roll a die."""
        value = ctx.roll(6, f"{actor}'s roll")
        if value > ctx.get(["best"], 0):
            ctx.set(["best"], value)


class Ledger(Pack):
    id = PACK
    title = "Store test: a ledger"
    description = "Marks, claims and dice, for the store's service tests."
    Params = PackParams
    initial = (Initial(Tally), Initial(Claims), Initial(Dice))


@cache
def registry() -> Registry:
    """The installed packs plus the ledger."""
    return installed().with_pack(Ledger())
