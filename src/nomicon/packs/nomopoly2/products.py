"""Nomopoly II, section XIX (Products, Original and Repackaged).

A Product is something the rules sell: a name, a price, a patent holder and, when it
is Repackaged, a royalty paid to the holder of the Original's patent. Each of the
twelve products of XIX.3-XIX.14 is a rule whose item is a good of the same key in its
owner's ``items`` (``warp-bubble``...), with the action that uses it; the Jumpgate
Builder is used as it is bought, so it is no item. A Product that a proposal adds is
the rule class :class:`Product` (``nomopoly-ii/product``), sold in the Store it names
(section XXVI) or, naming none, by its patent holder; it is removed from the rules
when nobody has bought it within two weeks (XIX.1).

Money from a sale: an Original's price goes to its patent holder; a Repackaged
Product's royalty goes to the Original's patent holder and the rest to its seller. A
patent held by nobody in the game (Vynd, Geppetto, Pabrowil and Death were players of
the historical game) pays the Government.

Effects that need another section's things go through seams: destruction of a
square is asked with the ``nomopoly2.destruction-asked`` event that section XVIII
(Destruction) hooks; Jumpgates are the squares' ``jumpgate`` field that section XI
keeps; Sick is the player's ``sick`` (XXX) and Chains her ``chains`` (XXXI).
"""

# No ``from __future__ import annotations``: the event kinds' TypedDicts are read at
# run time (see events.py).

import re
from typing import Any, TypedDict

from pydantic import Field, create_model

from nomicon.authoring import Arg, Ctx, Currency, EventKind, Rule, RuleParams, action, hook
from nomicon.boards import walker
from nomicon.governance import amendments
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.ownership import blocks
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    GOVERNMENT,
    LOCATION,
    ORGANISATIONS,
    PACK,
    SICK,
    TEAM,
    color_of,
    has_board,
    owner_of,
    rule_of,
    square,
    week_now,
)

#: Where sales are counted, by the Product's name: ``products.<slug>``.
PRODUCTS = "products"
INVENTORY = "items"


class ProductSold(TypedDict):
    player: str
    product: str
    price: int
    seller: str


class ProductUsed(TypedDict):
    player: str
    product: str
    square: int | None


class DestructionAsked(TypedDict):
    square: int
    cause: str


PRODUCT_SOLD = EventKind("nomopoly2.product-sold", ProductSold)
PRODUCT_USED = EventKind("nomopoly2.product-used", ProductUsed)
#: Section XVIII (Destruction) destroys the square (or refuses, for a protected one).
DESTRUCTION_ASKED = EventKind("nomopoly2.destruction-asked", DestructionAsked)

#: XIX.2: effects that duplicate those of these things make a Repackaged Product,
#: the Original's patent held by the organisation named.
ORIGINAL_PATENTS: dict[str, str] = {
    "paint-corporate": CORPORATION, "paint-government": GOVERNMENT, "glue": GOVERNMENT,
    "lottery-ticket": GOVERNMENT, "extra-dice": GOVERNMENT, "tefflon": CORPORATION,
    "detefflon": CORPORATION, "new-clear-fishing": CORPORATION,
    "explosive-insurance": CORPORATION,
}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def payee(ctx: Ctx, holder: str | None) -> str:
    """Who receives a patent holder's money: a player or organisation in the game, else
    the Government (ruling, Rule 1902)."""
    if holder is not None and (holder in ctx.players() or holder in ORGANISATIONS):
        return holder
    return GOVERNMENT


class Offer(TypedDict):
    """A Product on sale: what the buyer gets and who is paid."""

    name: str
    item: str  # the good bought (its effect's key)
    price: int
    royalty: int  # to the Original's patent holder; the rest to the seller
    patent: str | None  # the Original's patent holder
    seller: str | None
    store: int | None  # the Store that sells it (None: sold anywhere)


def offers(ctx: Ctx) -> list[Offer]:
    """Every Product on sale now, from the rules in force."""
    found: list[Offer] = []
    for rule in ctx.rules.rules:
        if isinstance(rule, (ListedProduct, Product)):
            found.extend(rule.offers(ctx))
    return found


def find_offer(ctx: Ctx, name: str, *, store: int | None) -> Offer:
    wanted = slug(name)
    for offer in offers(ctx):
        if slug(offer["name"]) == wanted and offer["store"] == store:
            return offer
    where = f"in the Store on square {store}" if store is not None else "on the market"
    ctx.refuse(f"no Product called {name!r} is sold {where}")


def sell(ctx: Ctx, buyer: str, offer: Offer) -> None:
    """``buyer`` buys ``offer``: she pays (a voluntary payment, XXII.5) and gets its
    item; the sale is counted for XIX.1."""
    ctx.require(ctx.is_good(offer["item"]),
                f"no rule in force makes the item of {offer['name']!r} ({offer['item']})")
    price, royalty = offer["price"], min(offer["royalty"], offer["price"])
    patent = payee(ctx, offer["patent"])
    seller = payee(ctx, offer["seller"])
    shares = {seller: price - royalty}
    shares[patent] = shares.get(patent, 0) + royalty
    impersonator = rule_of(ctx, Impersonator2000)
    kit = rule_of(ctx, DisguiseKits)
    if offer["item"] == Impersonator2000.item and impersonator is not None and kit is not None:
        # XIX.12: "Half of all money received by the patent holder for purchase or
        # royalty ... must be given to the patent holder of the Disguise Kit."
        half = shares.get(patent, 0) // 2
        kit_holder = payee(ctx, kit.params.patent_holder)
        shares[patent] -= half
        shares[kit_holder] = shares.get(kit_holder, 0) + half
    for to, amount in shares.items():
        if amount and to != buyer:
            pay(ctx, buyer, to, amount, f"{buyer} buys {offer['name']}", forced=False)
    ctx.transfer(None, buyer, 1, offer["item"], f"{buyer} buys {offer['name']}")
    counted = ctx.get([PRODUCTS, slug(offer["name"])], None) or {}
    if ctx.get([PRODUCTS], None) is None:
        ctx.set([PRODUCTS], {})
    ctx.set([PRODUCTS, slug(offer["name"])], {**counted, "sold": int(counted.get("sold", 0)) + 1})
    ctx.emit(PRODUCT_SOLD, f"{buyer} buys {offer['name']} for ${price}", player=buyer,
             product=offer["name"], price=price, seller=seller)


def use_up(ctx: Ctx, player: str, item: str, name: str, where: int | None = None) -> None:
    """``player`` uses one ``item`` she owns, which leaves the game."""
    ctx.require(ctx.is_good(item) and ctx.balance(player, item) > 0,
                f"{player} has no {name}")
    ctx.transfer(player, None, 1, item, f"{player} uses {name}")
    ctx.emit(PRODUCT_USED, f"{player} uses {name}" + (f" on square {where}" if where else ""),
             player=player, product=name, square=where)


def _on_board(ctx: Ctx, number: int) -> None:
    ctx.require(has_board(ctx) and board.layout(ctx).exists(number),
                f"there is no square {number}")


def remove_rule(ctx: Ctx, number: int) -> None:
    """Take Rule ``number`` out of the rules (a Product expired or lost by its Store),
    as an amendment would."""
    amendments.apply(ctx, amendments.parse([{"op": "repeal", "rule": number}]))


def ask_destruction(ctx: Ctx, number: int, cause: str) -> None:
    """Ask section XVIII (Destruction) to destroy square ``number``."""
    ctx.emit(DESTRUCTION_ASKED, f"square {number} is to be destroyed ({cause})",
             square=number, cause=cause)


# -- XIX.1, XIX.2 and the Product of a proposal ------------------------------------------

class UnboughtProductsExpire(Rule):
    """If a Product has not been purchased within two weeks of its creation then the Product will be removed from the rules."""  # noqa: E501

    key = "unbought-products-expire"
    pack = PACK
    number = 1901
    title = "XIX.1 Unbought Products expire"
    # Carried out by Product.expire: the Products of the game's first ruleset (XIX.3
    # to XIX.14) are not "created" and never expire (ruling, Rule 1901).


class OriginalAndRepackaged(Rule):
    """Any Product which duplicates the effects of paint cans or paint is considered to be Repackaged Product; the patent holder of the Original Product is considered to be The Government or The Corporation, determined by the color of the paint. Any Product which duplicates the effects of glue, Lottery tickets, or extra dice is considered to be a Repackaged Product; the patent holder of the Original Product is considered to be The Government. Any Product which duplicates the effects of Tefflon, deTefflonizing agents, New Clear Fishing, or Explosive Insurance is considered to be a Repackaged Product; the patent holder of the Original Product is considered to be The Corporation."""  # noqa: E501

    key = "original-and-repackaged"
    pack = PACK
    number = 1902
    title = "XIX.2 Original and Repackaged"
    # ORIGINAL_PATENTS carries it out for the Product of a proposal.

    @action("buy-product", Arg("product", str, "the Product's name"))
    def buy(self, ctx: Ctx, actor: str, product: str) -> None:
        """Buy a Product sold on the market (not in a Store), from anywhere."""
        sell(ctx, actor, find_offer(ctx, product, store=None))


class ProductParams(RuleParams):
    name: str = Field("a Product", min_length=1, description="the Product's name")
    category: str = Field("", description="what kind of thing it is (a Novelty...)")
    effect: str = Field("admin", description="the key of the effect it has: a listed "
                        "product's item (warp-bubble...), a thing of XIX.2 (glue...), or "
                        "admin (the admin carries it out)")
    price: int = Field(0, ge=0)
    royalty: int = Field(0, ge=0, description="a Repackaged Product's royalty")
    patent_holder: str | None = Field(None, description="the Original's patent holder")
    seller: str | None = Field(None, description="who sells it (a Store's owner)")
    store: int | None = Field(None, ge=1, description="the square of the Store selling it")
    original: bool = Field(True, description="an Original (not Repackaged) Product")


class Product(Rule):
    """A Product: its name, its price, its patent holder and, Repackaged, its royalty."""

    key = "product"
    pack = PACK
    number = 1900
    title = "A Product"

    Params = ProductParams
    params: ProductParams

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([PRODUCTS], None) is None:
            ctx.set([PRODUCTS], {})
        counted = ctx.get([PRODUCTS, slug(self.params.name)], None) or {}
        ctx.set([PRODUCTS, slug(self.params.name)],
                {"sold": int(counted.get("sold", 0)), "created": week_now(ctx),
                 "rule": self.number})

    def offers(self, ctx: Ctx) -> list[Offer]:
        p = self.params
        # XIX.2: duplicating one of these things makes it Repackaged, whatever the
        # proposal said, with the Original's patent held as the text says.
        patent = ORIGINAL_PATENTS.get(p.effect, p.patent_holder)
        listed = next((r for r in ctx.rules.rules if isinstance(r, ListedProduct)
                       and r.item == p.effect), None)
        if patent is None and listed is not None:
            patent = listed.params.patent_holder  # the listed Original's holder
        original = p.original and p.effect not in ORIGINAL_PATENTS
        seller = p.seller if p.seller is not None else patent
        if p.store is not None:
            # A Store's Products are sold by whoever owns the Store now, while it is one.
            if not square(ctx, p.store).get("store"):
                return []
            seller = owner_of(ctx, p.store)
            if original and patent is None:
                patent = seller  # XXVI.4: an Original the Store owner holds the patent to
        return [Offer(name=p.name, item=p.effect, price=p.price,
                      royalty=0 if original else p.royalty, patent=patent,
                      seller=seller, store=p.store)]

    @hook("update.ended")
    def expire(self, ctx: Ctx, data: dict[str, Any]) -> None:
        counted = ctx.get([PRODUCTS, slug(self.params.name)], None) or {}
        created = int(counted.get("created", 0))
        expiry = rule_of(ctx, UnboughtProductsExpire)
        if expiry is None or int(counted.get("sold", 0)) > 0:
            return
        # "within two weeks of its creation": unbought when the second update after
        # the week it was created in has ended.
        if int(data.get("update") or 0) >= created + 2 and ctx.get(
                ["rules", str(self.number)], None) is not None:
            remove_rule(ctx, self.number)


# -- XIX.3 to XIX.14: the listed products ------------------------------------------------

class ListedParams(RuleParams):
    price: int = Field(0, ge=0, description="its price")
    patent_holder: str | None = Field(None, description="who holds its patent (a player "
                                      "or organisation; none: the Government is paid)")
    on_sale: bool = Field(True, description="sold on the market")
    repackaged: list[dict[str, Any]] = Field(
        default_factory=list, description="its Repackaged versions: name, category, "
        "price, royalty, seller")


class ListedProduct(Rule):
    """A product the text lists, with its item and the action that uses it."""

    item: str = ""
    product: str = ""
    price: int = 0
    patent_holder: str | None = None
    on_sale: bool = True
    repackaged: tuple[dict[str, Any], ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.item:
            return
        if cls.item != "jumpgate-builder":
            cls.currencies = (Currency(cls.item, kind="good", inventory=INVENTORY,
                                       doc=f"{cls.product}s owned"),)
        again = [dict(version) for version in cls.repackaged]
        # Every listed product has the same parameters with the text's values as
        # defaults: one model made per class rather than twelve written out.
        cls.Params = create_model(
            f"{cls.__name__}Params", __base__=ListedParams,
            price=(int, Field(cls.price, ge=0, description="its price")),
            on_sale=(bool, Field(cls.on_sale, description="sold on the market, with its "
                                 "Repackaged versions")),
            patent_holder=(str | None, Field(cls.patent_holder, description="who holds its "
                           "patent (a player or organisation; none: the Government is paid)")),
            repackaged=(list[dict[str, Any]], Field(
                default_factory=lambda: [dict(v) for v in again],
                description="its Repackaged versions: name, category, price, royalty, "
                "seller")))

    params: ListedParams

    def offers(self, ctx: Ctx) -> list[Offer]:
        p = self.params
        if not p.on_sale:
            return []
        found = [Offer(name=self.product, item=self.item, price=p.price, royalty=0,
                       patent=p.patent_holder, seller=p.patent_holder, store=None)]
        for version in p.repackaged:
            found.append(Offer(name=str(version["name"]), item=self.item,
                               price=int(version["price"]), royalty=int(version["royalty"]),
                               patent=p.patent_holder, seller=version.get("seller"),
                               store=None))
        return found


class WarpBubble(ListedProduct):
    """(Passed Testing) A Warp Bubble is an Experimental Technology, patent held by The Corporation. One can be purchased for $500. A player with a Warp Bubble can choose to be transported to any square on the board, landing on it. After it is used once, the Warp Bubble will be removed from the game."""  # noqa: E501

    key = "warp-bubble"
    pack = PACK
    number = 1903
    title = "XIX.3 The Warp Bubble"
    item, product, price, patent_holder = "warp-bubble", "Warp Bubble", 500, CORPORATION

    @action("use-warp-bubble", Arg("square", int, "where to be transported", minimum=1))
    def warp(self, ctx: Ctx, actor: str, square: int) -> None:
        """Be transported to any square, landing on it; the Warp Bubble is used up."""
        _on_board(ctx, square)
        use_up(ctx, actor, self.item, self.product, square)
        walker.land(ctx, walker.Piece.player(actor), square, how="Warp Bubble")


BLOCKBUSTER = "blockbuster"


class Blockbuster(ListedProduct):
    """(Passed Testing) A Blockbuster is an Experimental Technology, patent held by The Corporation. One can be purchased for $300 and delivered to any square on the board. If the Blockbuster is not disarmed within one week of its placement, then the square will be destroyed. If the square is a member of a block, then all of the squares in its block will also be destroyed. One way that the Blockbuster can be disarmed is if a player lands on the square containing the Blockbuster. Also, if the Blockbuster is placed in a Team's base, then all members of the that Team are informed; if at least three Team members (or all the members if there are fewer than three) pay $50 then the Blockbuster will be disarmed. (Repackaged as Fake Toy Bomb, a Novelty, sold for $325 with $275 royalty.)"""  # noqa: E501

    key = "blockbuster"
    pack = PACK
    number = 1904
    title = "XIX.4 The Blockbuster"
    item, product, price, patent_holder = BLOCKBUSTER, "Blockbuster", 300, CORPORATION
    repackaged = ({"name": "Fake Toy Bomb", "category": "Novelty", "price": 325,
                   "royalty": 275, "seller": None},)

    @action("deliver-blockbuster", Arg("square", int, "the square to deliver it to", minimum=1))
    def deliver(self, ctx: Ctx, actor: str, square: int) -> None:
        """Deliver a Blockbuster you own to any square."""
        _on_board(ctx, square)
        ctx.require(not board_field(ctx, square, BLOCKBUSTER),
                    f"square {square} already holds a Blockbuster")
        use_up(ctx, actor, self.item, self.product, square)
        set_field(ctx, square, BLOCKBUSTER, {"by": actor, "placed": week_now(ctx), "paid": []})
        bases = [team for team, squares in board.layout(ctx).bases().items()
                 if square in squares]
        for team in bases:
            ctx.emit(PRODUCT_USED, f"the {team.title()} Team is informed: a Blockbuster is "
                     f"in its base, on square {square}", player=actor,
                     product=self.product, square=square)

    @action("disarm-blockbuster", Arg("square", int, "the square in your Team's base",
                                      minimum=1))
    def disarm(self, ctx: Ctx, actor: str, square: int) -> None:
        """Pay $50 toward disarming a Blockbuster in your Team's base."""
        bomb = board_field(ctx, square, BLOCKBUSTER)
        ctx.require(bomb, f"there is no Blockbuster on square {square}")
        team = ctx.attr(actor, TEAM)
        # The layout names the bases "West"...; the player's Team is "west"...
        base = board.layout(ctx).bases().get((team or "").title(), ())
        ctx.require(team is not None and square in base,
                    f"square {square} is not in {actor}'s Team's base")
        ctx.require(actor not in bomb["paid"], f"{actor} has already paid toward it")
        pay(ctx, actor, payee(ctx, self.params.patent_holder), 50,
            f"disarming the Blockbuster on square {square}", forced=False)
        paid = [*bomb["paid"], actor]
        members = [p for p in ctx.players() if ctx.attr(p, TEAM) == team]
        if len(paid) >= min(3, len(members)):
            set_field(ctx, square, BLOCKBUSTER, None)
            ctx.emit(PRODUCT_USED, f"the {team.title()} Team disarms the Blockbuster on "
                     f"square {square}", player=actor, product=self.product, square=square)
        else:
            set_field(ctx, square, BLOCKBUSTER, {**bomb, "paid": paid})

    @hook(walker.LANDED)
    def landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        number, player = data.get("square"), data.get("player")
        if player is not None and isinstance(number, int) and board_field(
                ctx, number, BLOCKBUSTER):
            set_field(ctx, number, BLOCKBUSTER, None)
            ctx.emit(PRODUCT_USED, f"{player} lands on square {number} and disarms its "
                     "Blockbuster", player=player, product=self.product, square=number)

    @hook("update.ended")
    def go_off(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # "within one week of its placement": it goes off when the update after the
        # week it was placed in ends (ruling, Rule 1904).
        number = int(data.get("update") or 0)
        for n in board.numbers(ctx):
            bomb = board_field(ctx, n, BLOCKBUSTER)
            if bomb and number >= int(bomb["placed"]) + 1:
                set_field(ctx, n, BLOCKBUSTER, None)
                for target in block_of(ctx, n):
                    ask_destruction(ctx, target, f"the Blockbuster on square {n}")


def board_field(ctx: Ctx, number: int, field: str) -> Any:
    return square(ctx, number).get(field)


def set_field(ctx: Ctx, number: int, field: str, value: Any) -> None:
    ctx.set(["board", "spaces", str(number), field], value)


def block_of(ctx: Ctx, number: int) -> list[int]:
    """Square ``number`` and, if it is a member of a block, every square of its block."""
    owner = owner_of(ctx, number)
    color = color_of(ctx, number)
    if owner is None or color not in blocks(ctx).get(owner, []):
        return [number]
    return [n for n in board.numbers(ctx) if owner_of(ctx, n) == owner
            and color_of(ctx, n) == color]


class JumpgateBuilder(ListedProduct):
    """(Passed Testing) A Jumpgate Builder is an Experimental Technology, patent held by The Corporation. For $500, a player may build a Jumpgate between two squares he owns. For $500, a player may build a Jumpgate between one square he owns and an unowned square, gaining ownership of the square in the process. Jumpgate Builders must be used immediately after purchase."""  # noqa: E501

    key = "jumpgate-builder"
    pack = PACK
    number = 1905
    title = "XIX.5 The Jumpgate Builder"
    item, product, price, patent_holder = "jumpgate-builder", "Jumpgate Builder", 500, CORPORATION

    def offers(self, ctx: Ctx) -> list[Offer]:
        return []  # bought and used at once with build-jumpgate

    @action("build-jumpgate", Arg("mine", int, "a square you own", minimum=1),
            Arg("other", int, "another square you own, or an unowned one", minimum=1))
    def build(self, ctx: Ctx, actor: str, mine: int, other: int) -> None:
        """Buy a Jumpgate Builder ($500) and build a Jumpgate between two squares."""
        for n in (mine, other):
            _on_board(ctx, n)
            ctx.require(not board_field(ctx, n, "jumpgate"),
                        f"square {n} already has a Jumpgate")
        ctx.require(mine != other, "a Jumpgate joins two squares")
        ctx.require(owner_of(ctx, mine) == actor, f"square {mine} is not {actor}'s")
        ctx.require(owner_of(ctx, other) in (actor, None),
                    f"square {other} is neither {actor}'s nor unowned",
                    detail=f"its owner is {owner_of(ctx, other)}")
        pay(ctx, actor, payee(ctx, self.params.patent_holder), self.params.price,
            f"{actor} buys a Jumpgate Builder", forced=False)
        if owner_of(ctx, other) is None:
            set_field(ctx, other, "owner", actor)
        set_field(ctx, mine, "jumpgate", other)
        set_field(ctx, other, "jumpgate", mine)
        ctx.emit(PRODUCT_USED, f"{actor} builds a Jumpgate between squares {mine} and "
                 f"{other}", player=actor, product=self.product, square=mine)


class HotSpringBath(ListedProduct):
    """(Passed Testing) A Hot Spring Bath is an item sold for $40, patent held by Vynd. If a Sick player owns a Hot Spring Bath, the player becomes non-Sick. If a player bound by non-Rusty Chains owns a Hot Spring Bath, the player's Chains become Rusty. If a non-Sick player who is not bound by non-Rusty Chains owns a Hot Spring Bath, then the Hot Spring Bath will disappear immediately."""  # noqa: E501

    key = "hot-spring-bath"
    pack = PACK
    number = 1906
    title = "XIX.6 The Hot Spring Bath"
    item, product, price = "hot-spring-bath", "Hot Spring Bath", 40

    # The conditions are on owning it, so they are looked at when each batch closes.
    # The Bath cures and rusts first; "disappear immediately" then applies to a
    # player it has left neither Sick nor in non-Rusty Chains: it is used once.
    @hook("batch.closing")
    def soak(self, ctx: Ctx, data: dict[str, Any]) -> None:
        for player in ctx.players():
            if ctx.balance(player, self.item) <= 0:
                continue
            if ctx.attr(player, SICK, False):
                ctx.set_attr(player, SICK, False)
            chains = ctx.attr(player, "chains") or {}
            if int(chains.get("pounds", 0) or 0) > 0 and not chains.get("rusty"):
                ctx.set_attr(player, "chains", {**chains, "rusty": True})
            ctx.transfer(player, None, ctx.balance(player, self.item), self.item,
                         "the Hot Spring Bath disappears")


class EyeOpener(ListedProduct):
    """(Passed Testing) The Eye Opener is a Caffeinity sold for $50, patent held by Geppetto. If a player with an Eye Opener chooses to drink the Eye Opener by informing the admin before significant work toward the weekly update is made, then the admin will treat that player's weekly efforts as if her email arrived before all other players who aren't using an Eye Opener. The Eye Opener will then disappear. (Repackaged as "Chez Caffeine's Eye Opener", a Beverage, by Geppetto, sold for $50 with $40 royalty.)"""  # noqa: E501

    key = "eye-opener"
    pack = PACK
    number = 1907
    title = "XIX.7 The Eye Opener"
    item, product, price = "eye-opener", "Eye Opener", 50
    repackaged = ({"name": "Chez Caffeine's Eye Opener", "category": "Beverage",
                   "price": 50, "royalty": 40, "seller": None},)

    @action("drink-eye-opener")
    def drink(self, ctx: Ctx, actor: str) -> None:
        """Drink an Eye Opener: your orders this week count as arriving first."""
        use_up(ctx, actor, self.item, self.product)
        # The week's orders are put in order by the kernel's orders by arrival; the
        # player's mark is read by the update (ruling, Rule 1907).
        ctx.set_attr(actor, "eye_opener", week_now(ctx))

    @drink.check
    def _owns(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, self.item) > 0, f"{actor} has no {self.product}")


class AllNighter(ListedProduct):
    """(Passed Testing) The All-Nighter is a Caffeinity sold for $100, patent held by Geppetto. A player with an All-Nighter may drink at most one per week, removing the All-Nighter from the game and allowing the player to submit one extra proposal per week, complete with all the perks associated with proposals. (Repackaged as "Chez Caffeine's All-Nighter", a Beverage, by Geppetto, sold for $100 with $75 royalty.)"""  # noqa: E501

    key = "all-nighter"
    pack = PACK
    number = 1908
    title = "XIX.8 The All-Nighter"
    item, product, price = "all-nighter", "All-Nighter", 100
    repackaged = ({"name": "Chez Caffeine's All-Nighter", "category": "Beverage",
                   "price": 100, "royalty": 75, "seller": None},)

    @action("drink-all-nighter")
    def drink(self, ctx: Ctx, actor: str) -> None:
        """Drink an All-Nighter (at most one a week): one extra proposal this week."""
        use_up(ctx, actor, self.item, self.product)
        ctx.set_attr(actor, "all_nighter", week_now(ctx))

    @drink.check
    def _owns(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, self.item) > 0, f"{actor} has no {self.product}")
        ctx.require(ctx.attr(actor, "all_nighter") != week_now(ctx),
                    f"{actor} has already drunk an All-Nighter this week")


class V8(ListedProduct):
    """(Passed Testing) V-8 is a Beverage sold for $50, patent held by Geppetto. A player with a V-8 may choose to drink it, removing the V-8 from the game, causing the player to become non-Sick, and causing another randomly selected palyer to become Sick. (Repackaged as "Fancy Ketchup", a Candy, by Death, sold for $60 with $10 royalty.)"""  # noqa: E501

    key = "v-8"
    pack = PACK
    number = 1909
    title = "XIX.9 V-8"
    item, product, price = "v-8", "V-8", 50
    repackaged = ({"name": "Fancy Ketchup", "category": "Candy", "price": 60,
                   "royalty": 10, "seller": None},)

    @action("drink-v-8")
    def drink(self, ctx: Ctx, actor: str) -> None:
        """Drink a V-8: you become non-Sick and another random player Sick."""
        use_up(ctx, actor, self.item, self.product)
        ctx.set_attr(actor, SICK, False)
        others = [p for p in ctx.players() if p != actor]
        if others:
            ctx.set_attr(ctx.pick(others, "who the V-8 makes Sick"), SICK, True)

    @drink.check
    def _owns(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, self.item) > 0, f"{actor} has no {self.product}")


class Bot(ListedProduct):
    """(Passed Testing) A 'Bot is an Experimental Technology sold for $150, patent held by the Corporation. If an action requires some sort of payment, part of which would go to a player who held a job, then a player with a 'Bot does not have to pay to perform the action. Each time a 'Bot is called upon to absorb a payment, three dice are rolled by the 'Bot owner, and if the owner rolls a total of three or fewer pips, then the 'Bot will explode. An exploding 'Bot destroys the closest destroyable square to the square occupied by its owner and then disappears from the game. After absorbing three payments, regardless of any malfunctions, the 'Bot will disappear from the game."""  # noqa: E501

    key = "bot"
    pack = PACK
    number = 1910
    title = "XIX.10 The 'Bot"
    item, product, price, patent_holder = "bot", "'Bot", 150, CORPORATION
    # The payments it absorbs are those of jobs (section XXXII, Labor), which call
    # absorb() when it is built.

    def absorb(self, ctx: Ctx, player: str) -> bool:
        """Whether ``player``'s 'Bot absorbs a payment: three dice, exploding on three
        or fewer pips; it disappears after three payments or an explosion."""
        if ctx.balance(player, self.item) <= 0:
            return False
        pips = sum(ctx.roll(6, f"{player}'s 'Bot") for _ in range(3))
        used = int(ctx.attr(player, "bot_payments") or 0) + 1
        if pips <= 3:
            here = int(ctx.attr(player, LOCATION) or 1)
            ask_destruction(ctx, here, f"{player}'s 'Bot explodes")
        if pips <= 3 or used >= 3:
            ctx.transfer(player, None, 1, self.item, f"{player}'s 'Bot disappears")
            used = 0
        ctx.set_attr(player, "bot_payments", used)
        return True


class Disguise(TypedDict):
    victim: str
    until: int  # the update at whose end it stops
    lost: int


class DisguiseKits(ListedProduct):
    """(Passed Testing) Disguise Kits, a type of Novelty, are sold for $200, patent held by Geppetto. Any player who uses a Disguise Kit can select a player to dress up as ("the Victim"). Then, all effects of the Disguised player's passage through squares or landing on squares (except for the change of position) will affect the Victim. Once used, the Disguise Kit lasts either until the end of the week or until the Victim has lost $500, whichever comes first."""  # noqa: E501

    key = "disguise-kits"
    pack = PACK
    number = 1911
    title = "XIX.11 Disguise Kits"
    item, product, price = "disguise-kit", "Disguise Kit", 200

    @action("use-disguise-kit", Arg("victim", str, "the player you dress up as"))
    def disguise(self, ctx: Ctx, actor: str, victim: str) -> None:
        """Dress up as another player until the end of the week."""
        ctx.require(victim in ctx.players() and victim != actor,
                    f"{victim!r} is not another player")
        use_up(ctx, actor, self.item, self.product)
        # The effects of passing and landing that go to the Victim are the other
        # sections' (rent, fines); they read the player's ``disguise``.
        ctx.set_attr(actor, "disguise", Disguise(victim=victim, until=week_now(ctx), lost=0))

    @hook("update.ended")
    def wear_off(self, ctx: Ctx, data: dict[str, Any]) -> None:
        for player in ctx.players():
            worn = ctx.attr(player, "disguise")
            if worn and int(data.get("update") or 0) >= int(worn["until"]):
                ctx.set_attr(player, "disguise", None)


class Impersonator2000(ListedProduct):
    """(Passed Testing) The Impersonator 2000, patent held by Pabrowil, has a price of $600. Impersonator 2000s and repackaged versions are not currently sold on the market. Any player ("the User") who uses the Impersonator 2000 can select a player to impersonate ("the Victim"). While impersonating, all actions, voluntary and involuntary, that move the User will affect the User; all other actions will affect the Victim. Once turned on, the Impersonator 2000 will last for either a week or until the Victim has paid $1000, whichever comes first. Half of all money received by the patent holder for purchase or royalty of the Impersonator 2000 must be given to the patent holder of the Disguise Kit. (Repackaged as "Better Disguise Kit", a Novelty, sold for $600 with $60 royalty.)"""  # noqa: E501

    key = "impersonator-2000"
    pack = PACK
    number = 1912
    title = "XIX.12 The Impersonator 2000"
    item, product, price = "impersonator-2000", "Impersonator 2000", 600
    # "Impersonator 2000s and repackaged versions are not currently sold on the
    # market": neither is on sale until a proposal sets on_sale.
    on_sale = False
    repackaged = ({"name": "Better Disguise Kit", "category": "Novelty", "price": 600,
                   "royalty": 60, "seller": None},)

    @action("use-impersonator", Arg("victim", str, "the player you impersonate"))
    def impersonate(self, ctx: Ctx, actor: str, victim: str) -> None:
        """Impersonate another player for a week."""
        ctx.require(victim in ctx.players() and victim != actor,
                    f"{victim!r} is not another player")
        use_up(ctx, actor, self.item, self.product)
        ctx.set_attr(actor, "impersonating",
                     Disguise(victim=victim, until=week_now(ctx) + 1, lost=0))


class FakeVomit(ListedProduct):
    """(Passed Testing) Fake Vomit, a type of Novelty, is sold for $50, patent held by Geppetto. A player owning Fake Vomit can drop it in any square she occupies, causing any other player who occupies that square later to become Sick."""  # noqa: E501

    key = "fake-vomit"
    pack = PACK
    number = 1913
    title = "XIX.13 Fake Vomit"
    item, product, price = "fake-vomit", "Fake Vomit", 50

    @action("drop-fake-vomit")
    def drop(self, ctx: Ctx, actor: str) -> None:
        """Drop your Fake Vomit on the square you occupy."""
        here = int(ctx.attr(actor, LOCATION) or 1)
        _on_board(ctx, here)
        use_up(ctx, actor, self.item, self.product, here)
        set_field(ctx, here, "vomit", actor)

    @drop.check
    def _owns(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, self.item) > 0, f"{actor} has no {self.product}")

    @hook(walker.LANDED)
    def sicken(self, ctx: Ctx, data: dict[str, Any]) -> None:
        number, player = data.get("square"), data.get("player")
        if player is None or not isinstance(number, int):
            return
        dropper = board_field(ctx, number, "vomit")
        if dropper and dropper != player and player in ctx.players():
            ctx.set_attr(player, SICK, True)


#: XIX.14: the items Gremlins take from the players on their square, where a rule
#: in force makes them (the text's Surgeon Suits, Da Speedsta and Radar Detectors
#: are made by no rule).
GREMLIN_TAKES = ("surgeon-suit", BLOCKBUSTER, "da-speedsta", "warp-bubble", "radar-detector")


class Gremlins(ListedProduct):
    """(Passed Testing) Gremlins, a type of Novelty, are sold for $150, patent held by Geppetto. A player can release her Gremlins, affecting the square she occupies. Gremlins released in a square with Jumpgates, Blockbusters, or Tractor Beams will cause each of those items to disappear. Gremlins released in squares with players who own Surgeon Suits, Blockbusters, Da Speedsta, Warp Bubbles, or Radar Detectors will cause those items to be removed from their owners' possessions."""  # noqa: E501

    key = "gremlins"
    pack = PACK
    number = 1914
    title = "XIX.14 Gremlins"
    item, product, price = "gremlins", "Gremlins", 150

    @action("release-gremlins")
    def release(self, ctx: Ctx, actor: str) -> None:
        """Release your Gremlins on the square you occupy."""
        here = int(ctx.attr(actor, LOCATION) or 1)
        _on_board(ctx, here)
        use_up(ctx, actor, self.item, self.product, here)
        other = board_field(ctx, here, "jumpgate")
        if other:
            set_field(ctx, here, "jumpgate", None)
            if board_field(ctx, int(other), "jumpgate") == here:
                set_field(ctx, int(other), "jumpgate", None)
        for field in (BLOCKBUSTER, "tractor_beam"):
            if board_field(ctx, here, field):
                set_field(ctx, here, field, None)
        for player in ctx.players():
            if ctx.attr(player, LOCATION) != here:
                continue
            for item in GREMLIN_TAKES:
                if ctx.is_good(item) and ctx.balance(player, item) > 0:
                    ctx.transfer(player, None, ctx.balance(player, item), item,
                                 f"Gremlins on square {here}", forced=True)

    @release.check
    def _owns(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.balance(actor, self.item) > 0, f"{actor} has no {self.product}")


RULES: tuple[type[Rule], ...] = (
    UnboughtProductsExpire, OriginalAndRepackaged, WarpBubble, Blockbuster, JumpgateBuilder,
    HotSpringBath, EyeOpener, AllNighter, V8, Bot, DisguiseKits, Impersonator2000, FakeVomit,
    Gremlins,
)
