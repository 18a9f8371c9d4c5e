"""Soul Gems (P48, seed L4-7): an item in two states, Charged and Uncharged, two goods
of the ledger (``uncharged-soul-gem``, ``charged-soul-gem``); the conversion of the
Imping Sticks and Imp-in-the-Boxes that players hold, which leave the game; the Shop's
new trades (an amendment of Rule 1801).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, hook
from nomicon.mechanics import combat, geometry, market, units
from nomicon.mechanics.events import KILLED, Killed
from nomicon.packs.nomopoly4.imps import DARK_KINDS
from nomicon.packs.nomopoly4.items import ItemParams, ItemRule, square_of
from nomicon.packs.nomopoly4.travel import PACK

UNCHARGED = "uncharged-soul-gem"
CHARGED = "charged-soul-gem"
#: The items P48 removes from the game.
REMOVED = ("imping-stick", "imp-in-the-box")
GHOST_ITEM = "ghost"


class SoulGem(ItemRule):
    """Create a new item: Soul Gem (with frequency 0). Soul Gems come in two states: Charged and Uncharged.
    If a player has any Uncharged Soul Gems when a unit is killed on the same square as or an adjacent square to the player, one of the player's Uncharged Soul Gems becomes Charged (one for each unit killed).
    If a player who uses an Uncharged Soul Gem also has a Ghost, the Uncharged Soul Gem becomes Charged (the Soul Gem is not lost when it is used in this case) and the player loses the Ghost. If the player does not have a Ghost when using an Uncharged Soul Gem, it has no effect (and the Soul Gem is lost as normal)."""  # noqa: E501

    key = "soul-gem"
    pack = PACK
    number = 1716
    title = "Soul Gem (Uncharged)"
    item = UNCHARGED

    class Params(ItemParams):
        frequency: int = Field(0, ge=0)

    params: Params

    @hook(KILLED)
    def charge(self, ctx: Ctx, data: Killed) -> None:
        # A unit of a player: not a building, nor an Imp or Minion (a ruling). The
        # players on its square or an adjacent one each charge one gem for it.
        if data["type_class"] != "unit" or data["kind"] in DARK_KINDS:
            return
        near = geometry.near(ctx, data["location"])
        for player in ctx.players():
            if ctx.attr(player, "location") in near and ctx.balance(player, UNCHARGED) >= 1:
                self._charge(ctx, player, f"{data['entity']} is killed near {player}")

    def _charge(self, ctx: Ctx, player: str, why: str) -> None:
        ctx.transfer(player, None, 1, UNCHARGED, why)
        ctx.transfer(None, player, 1, CHARGED, why)

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        if not ctx.is_good(GHOST_ITEM) or ctx.balance(actor, GHOST_ITEM) < 1:
            return "it has no effect, and the Soul Gem is lost"
        # "the Uncharged Soul Gem becomes Charged (the Soul Gem is not lost ...)": the
        # use takes the uncharged one (Rule 1701), and a charged one takes its place.
        ctx.transfer(actor, None, 1, GHOST_ITEM, f"{actor}'s Ghost charges a Soul Gem")
        ctx.transfer(None, actor, 1, CHARGED, f"{actor}'s Ghost charges a Soul Gem")
        return "the Ghost is lost and the Soul Gem becomes Charged"


class ChargedSoulGem(ItemRule):
    """A player who has a Charged Soul Gem may use it to cause a building on the square that they occupy to lose 200 Hit Points."""  # noqa: E501

    key = "charged-soul-gem"
    pack = PACK
    number = 1717
    title = "Soul Gem (Charged)"
    item = CHARGED
    takes = ("target",)

    class Params(ItemParams):
        frequency: int = Field(0, ge=0)
        damage: int = Field(200, ge=0)

    params: Params

    def _buildings(self, ctx: Ctx, actor: str) -> list[str]:
        square = square_of(ctx, actor)
        return [e for e in units.things(ctx, location=square)
                if (s := units.stats_for(ctx, e)) is not None and s.type_class == "building"]

    def choices(self, ctx: Ctx, actor: str, arg: str) -> list[Any] | None:
        return self._buildings(ctx, actor) if arg == "target" else None

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        found = self._buildings(ctx, actor)
        ctx.require(args.get("target") in found, f"a Charged Soul Gem needs a building on "
                    f"your square as its target, not {args.get('target')!r}",
                    detail=f"the buildings there: {', '.join(found) or 'none'}")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        target = str(args["target"])
        # Not an attack: no armor, no Wall (a ruling, as the Star Egg).
        combat.damage(ctx, target, self.params.damage, by_player=actor, cause="a Soul Gem")
        return f"{target} loses {self.params.damage} hit points"


class SoulGemConversion(Rule):
    """For each Imping Stick and Imp-in-the-Box that a player has, that player gets an Uncharged Soul Gem. Remove Imping Sticks and Imp-in-the-Boxes from the game (remove them from all player's possession, and from the rules)."""  # noqa: E501

    key = "soul-gem-conversion"
    pack = PACK
    number = 0
    title = "Imping Sticks and Imp-in-the-Boxes become Soul Gems"

    @classmethod
    def apply_once(cls, ctx: Ctx, params: RuleParams) -> None:
        """Requests for the removed items are retracted (an item offered for sale is
        still its maker's), then every holder's are taken and as many Uncharged Soul
        Gems given; the amendment then repeals their rules."""
        for name in _markets(ctx):
            for order in market.open_orders(ctx.state.root, name):
                if order["good"] in REMOVED:
                    market.retract(ctx, name, order["id"], by=order["maker"])
        holders = sorted(set(ctx.players()) | set(ctx.get(["accounts"], {})))
        for holder in holders:
            count = sum(ctx.balance(holder, item) for item in REMOVED if ctx.is_good(item))
            for item in REMOVED:
                have = ctx.balance(holder, item) if ctx.is_good(item) else 0
                if have:
                    ctx.transfer(holder, None, have, item, "removed from the game (P48)")
            if count and ctx.is_good(UNCHARGED):
                ctx.transfer(None, holder, count, UNCHARGED, "Soul Gems for removed items (P48)")


def _markets(ctx: Ctx) -> list[str]:
    return sorted(ctx.get([market.MARKETS], {}) or {})

