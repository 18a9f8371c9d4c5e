"""Nomopoly II, section XXVI (Stores): a Store on a square its owner declares, with a
Theme; its Products are added by proposals (the rule class ``nomopoly-ii/product`` with
``store`` set to the Store's square, see products.py) and sold to the players who occupy
it.

A Store is the square's ``store`` field, ``{"theme": ...}`` (V.4 reads it: a Store's
rent is zero). The admin judges whether a proposed Product fits the Theme when judging
the proposal (IX); changing the Theme removes the Store's Products from the rules.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Rule, action, veto
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.actions import acting_square
from nomicon.packs.nomopoly2.products import (
    PRODUCTS,
    Product,
    find_offer,
    remove_rule,
    sell,
    slug,
)
from nomicon.packs.nomopoly2.terms import PACK, has_board, is_hurt, owner_of, square

STORE = "store"


def _own_square(ctx: Ctx, actor: str, number: int) -> dict[str, Any]:
    ctx.require(has_board(ctx) and board.layout(ctx).exists(number),
                f"there is no square {number}")
    owner = owner_of(ctx, number)
    ctx.require(owner == actor, f"square {number} is not {actor}'s",
                detail=f"its owner is {owner or 'nobody'}")
    return square(ctx, number)


class Stores(Rule):
    """A player can declare a square he owns to be a Store. A Store sells Products to players who occupy it. When a Store is opened by its owner, the owner must declare its Theme."""  # noqa: E501

    key = "stores"
    pack = PACK
    number = 2601
    title = "XXVI.1 Stores"

    @action("open-store", Arg("square", int, "a square you own", minimum=1),
            Arg("theme", str, "the Store's Theme"))
    def open_store(self, ctx: Ctx, actor: str, square: int, theme: str) -> None:
        """Declare a square you own to be a Store, with its Theme."""
        record = _own_square(ctx, actor, square)
        ctx.require(not record.get(STORE), f"square {square} is already a Store")
        ctx.require(theme.strip() != "", "a Store's Theme is not blank")
        ctx.set(["board", "spaces", str(square), STORE], {"theme": theme.strip()})

    @action("buy-from-store", Arg("product", str, "the Product's name"))
    def buy(self, ctx: Ctx, actor: str, product: str) -> None:
        """Buy a Product from the Store you occupy."""
        here = acting_square(ctx, actor)
        ctx.require(isinstance(here, int) and bool(square(ctx, here).get(STORE)),
                    f"{actor} does not occupy a Store", detail=f"{actor} is on square {here}")
        # XXXIV.2: "Hurt players cannot purchase Products in Stores."
        ctx.require(not is_hurt(ctx, actor), f"{actor} is Hurt",
                    detail="Hurt players cannot purchase Products in Stores (XXXIV.2)")
        sell(ctx, actor, find_offer(ctx, product, store=int(here)))


class ChangingTheTheme(Rule):
    """If a Store changes its Theme, it loses all Products and must re-propose to have new ones to sell. The owner still holds the patent to Original Products the Store sold before the Theme change."""  # noqa: E501

    key = "changing-the-theme"
    pack = PACK
    number = 2602
    title = "XXVI.2 Changing the Theme"

    @action("change-theme", Arg("square", int, "your Store's square", minimum=1),
            Arg("theme", str, "the new Theme"))
    def change(self, ctx: Ctx, actor: str, square: int, theme: str) -> None:
        """Change your Store's Theme: it loses all its Products."""
        record = _own_square(ctx, actor, square)
        ctx.require(record.get(STORE), f"square {square} is not a Store")
        ctx.require(theme.strip() not in ("", record[STORE]["theme"]),
                    f"{theme.strip()!r} is not a new Theme",
                    detail=f"the Theme is {record[STORE]['theme']!r}")
        for rule in [r for r in ctx.rules.rules if isinstance(r, Product)
                     and r.params.store == square]:
            if rule.params.original:
                # "The owner still holds the patent": a later Product of the same
                # name (re-proposed) names her its patent holder.
                counted = ctx.get([PRODUCTS, slug(rule.params.name)], None) or {}
                ctx.set([PRODUCTS, slug(rule.params.name)], {**counted, "patent": actor})
            remove_rule(ctx, rule.number)
        ctx.set(["board", "spaces", str(square), STORE], {"theme": theme.strip()})


class ApprovedProducts(Rule):
    """All Products sold by a Store must be approved as proposals. All Products sold by a Store must fall under its Theme. Another Store's Original Product that wouldn't otherwise fit under the Store's Theme can be Repackaged so that it does fit."""  # noqa: E501

    key = "approved-products"
    pack = PACK
    number = 2603
    title = "XXVI.3 Approved Products"
    # A Store sells only the Products that proposals enacted (the rule class
    # nomopoly-ii/product with its store's square); the admin judges the Theme's fit
    # when judging the proposal (IX.3).


class SellingProducts(Rule):
    """Store owners may sell Products for which they own patents in their Store as Original Products. Store owners may take any Product in the rules, come up with a new name that fits their Store's Theme, set a price for the Product and a portion of that price as royalty, and sell the Product in their Store as a Repackaged Product."""  # noqa: E501

    key = "selling-products"
    pack = PACK
    number = 2604
    title = "XXVI.4 Selling Products"
    # A Product proposal names its effect (the Product taken), its new name, price
    # and royalty (original: false); products.sell pays the royalty to the Original's
    # patent holder and the rest to the Store's owner.


class NoStoresOnUtilities(Rule):
    """Stores may not coincide with Utilities."""

    key = "no-stores-on-utilities"
    pack = PACK
    number = 2605
    title = "XXVI.5 No Stores on Utilities"
    @veto("open-store")
    def not_on_a_utility(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        number = args.get("square")
        if isinstance(number, int) and square(ctx, number).get("utility"):
            ctx.refuse(f"square {number} is a Utility",
                       detail="Stores may not coincide with Utilities")
    # store_problems() reports a square that is both (made a Utility later).


RULES: tuple[type[Rule], ...] = (
    Stores, ChangingTheTheme, ApprovedProducts, SellingProducts, NoStoresOnUtilities,
)


def store_problems(state: dict[str, Any]) -> list[str]:
    """Invariant (Appendix B, 5): no Store on a Utility."""
    spaces = (state.get("board") or {}).get("spaces") or {}
    return [f"square {n} is both a Store and a Utility" for n, record in spaces.items()
            if record.get(STORE) and record.get("utility")]
