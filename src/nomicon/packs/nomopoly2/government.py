"""Nomopoly II, section X (The Government): Public Property, National Parks, voters,
the weekly auction of the Government's other squares, the dispersal of its surplus,
and the Zoo.

The Government is the account ``government`` (``accounts.government.dollars``). The
squares it owns by number carry ``public`` (X.2) or ``park`` (X.3), so that other
sections read them (``terms.is_public_property``). The auction of X.5 keeps its lots
under ``orgs.auction.lots``: each lot's stage, the square or the escrow of goods it
sells, and the highest Bid; the highest bidder's name is kept there too but shown
only to that bidder and the admin (:meth:`Auctions.redact`). The lots move one stage
in the update's auction-lottery phase (XXXV.2 puts "the Auction" there, and XXXV.1
makes that the "beginning of each week").
"""

from __future__ import annotations

from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    EventKind,
    Rule,
    RuleParams,
    action,
    hook,
)
from nomicon.boards import numbered, walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.money import fine, market_value, pay
from nomicon.packs.nomopoly2.schedule import AUCTION_LOTTERY, PURCHASES
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    PACK,
    dollars,
    fact,
    has_board,
    owner_of,
    set_fact,
    square,
)

#: A player's attribute: she has registered to vote (X.4).
VOTER = "registered_voter"
#: The Zoo's souvenir (X.7), a good held like any other item.
HAT = "souvenir_hat"

GOING_ONCE, GOING_TWICE, GONE = "going-once", "going-twice", "gone"
#: Where each stage goes at the auction (X.5).
NEXT_STAGE = {GOING_ONCE: GOING_TWICE, GOING_TWICE: GONE}


class LotChanged(TypedDict):
    lot: str
    stage: str  # going-once, going-twice, gone, sold, unsold
    bid: int | None


class LotSold(TypedDict):
    lot: str
    buyer: str
    price: int


class Dispersed(TypedDict):
    amount: int
    each: int


LOT_CHANGED = EventKind("nomopoly2.lot-changed", LotChanged)
LOT_SOLD = EventKind("nomopoly2.lot-sold", LotSold)
DISPERSED = EventKind("nomopoly2.dispersed", Dispersed)


def _space(number: int, field: str) -> list[str]:
    return ["board", "spaces", str(number), field]


def has_government(ctx: Ctx) -> bool:
    """Whether the game has the Government's account (a rule of this section enacted
    into another pack's game may find none: then it claims and charges nothing)."""
    return ctx.get(["accounts", GOVERNMENT], None) is not None


def named_square(ctx: Ctx, name: str, default: int) -> int:
    """The number of the square the rules call ``name`` (the game's ``named_squares``
    parameter, else :data:`board.NAMED_SQUARES`)."""
    named = ctx.get(["game", "params", "named_squares"], None)
    return int((named if isinstance(named, dict) else board.NAMED_SQUARES).get(name, default))


def is_public_number(number: int) -> bool:
    """X.2: a square whose number is a multiple of 10."""
    return number % 10 == 0


def is_park_number(number: int) -> bool:
    """X.3: a square whose number is greater than 20 and an odd multiple of 5."""
    return number > 20 and number % 5 == 0 and (number // 5) % 2 == 1


class TheGovernment(Rule):
    """An entity known as The Government exists."""

    key = "the-government"
    pack = PACK
    number = 1001
    title = "X.1 The Government"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(GOVERNMENT)


class _Claims(Rule):
    """Squares the Government owns by their number, unless another rule says
    otherwise (the ``exceptions`` parameter: a square's number and the rule that
    says so)."""

    flag = ""

    class Params(RuleParams):
        exceptions: dict[int, str] = Field(default_factory=dict)

    params: Params

    def claims(self, number: int) -> bool:
        raise NotImplementedError

    def claim(self, ctx: Ctx) -> None:
        """Mark the squares this rule names; give the unowned ones to the Government."""
        for number in board.numbers(ctx):
            named = self.claims(number) and number not in self.params.exceptions
            if bool(square(ctx, number).get(self.flag)) != named:
                ctx.set(_space(number, self.flag), named)
            # Ruling (INTERPRETATIONS.md, X): a square some other holder owns when it
            # comes to such a number (renumbering, XVIII) keeps its owner here;
            # XVIII.3 decides what happens to it.
            if named and owner_of(ctx, number) is None:
                ctx.set(_space(number, "owner"), GOVERNMENT)

    def on_enact(self, ctx: Ctx) -> None:
        if has_board(ctx) and has_government(ctx):
            self.claim(ctx)

    @hook("phase.began", key=PURCHASES)
    def _each_update(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # The board grows and is renumbered between updates (VI.7, XVIII): the
        # squares are looked at again at the start of each update.
        if has_board(ctx) and has_government(ctx):
            self.claim(ctx)


class PublicProperty(_Claims):
    """Every square whose number is a multiple of 10 is owned by The Government and considered to be "Public Property", unless another rule states otherwise."""  # noqa: E501

    key = "public-property"
    pack = PACK
    number = 1002
    title = "X.2 Public Property"
    flag = "public"

    class Params(_Claims.Params):
        exceptions: dict[int, str] = Field(
            default_factory=lambda: {50: "XV.1: The Carnival does not belong to The "
                                         "Government and is not Public Property"},
            description="squares another rule keeps from being Public Property")

    def claims(self, number: int) -> bool:
        return is_public_number(number)


class NationalParks(_Claims):
    """Every square whose number is both greater than 20 and is an odd multiple of 5 is owned by The Government and considered to be a "National Park", unless another rule states otherwise. Any player who lands on a National Park will have to pay The Government $10."""  # noqa: E501

    key = "national-parks"
    pack = PACK
    number = 1003
    title = "X.3 National Parks"
    flag = "park"

    class Params(_Claims.Params):
        exceptions: dict[int, str] = Field(
            default_factory=dict, description="squares another rule keeps from being "
            "National Parks")
        fee: int = Field(10, ge=0, description="what landing on a National Park costs")

    params: Params

    def claims(self, number: int) -> bool:
        return is_park_number(number)

    @hook(walker.LANDED)
    def entrance_fee(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, number = data.get("player"), data["square"]
        if player is None or not square(ctx, number).get(self.flag) or not has_government(ctx):
            return
        pay(ctx, player, GOVERNMENT, self.params.fee, f"landing on National Park {number}")


class RegisteringToVote(Rule):
    """A player may register to vote at any time by paying $100 to The Government."""

    key = "registering-to-vote"
    pack = PACK
    number = 1004
    title = "X.4 Registering to vote"

    attributes = (Attribute(VOTER, False, doc="the player is a Registered Voter"),)

    class Params(RuleParams):
        fee: int = Field(100, ge=0, description="what registering to vote costs")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(GOVERNMENT)

    @action("register-to-vote")
    def register(self, ctx: Ctx, actor: str) -> None:
        """Pay $100 to the Government to become a Registered Voter."""
        pay(ctx, actor, GOVERNMENT, self.params.fee, f"{actor} registers to vote", forced=False)
        ctx.set_attr(actor, VOTER, True)

    @register.check
    def _register_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not ctx.attr(actor, VOTER, False), f"{actor} is already a Registered Voter")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.fee, f"registering costs ${self.params.fee}; {actor} "
                    f"has ${have}")


def lots(ctx: Ctx) -> dict[str, dict[str, Any]]:
    """The lots being auctioned, by name (``square-<n>`` or ``items-<k>``)."""
    found: dict[str, dict[str, Any]] = (fact(ctx, "auction", None) or {}).get("lots", {})
    return found


def _set_lots(ctx: Ctx, table: dict[str, dict[str, Any]]) -> None:
    set_fact(ctx, "auction", {**(fact(ctx, "auction", None) or {}), "lots": table})


class Auctions(Rule):
    """All properties owned by the Government which are neither National Parks, Public Property, nor part of the Bridge are to be auctioned off. Each property to be auctioned is listed on The Government Page as "Going Once", "Going Twice", or "Gone". At the beginning of each week "Gone" properties have their ownership transferred to the highest Bidder, who pays her last Bid to the Government; "Going Twice" properties become "Gone", "Going Once" properties become "Going Twice"; and auctionable squares that aren't any of these become "Going Once". Also listed on The Government page is the highest Bid to date (but not the name of the highest bidder). The Corporation or player may Bid any amount more than the current Bid on a "Going" property. Players bid by sending a message to the admin; The Corporation automatically bids half the market value of a square. The Government can also auction off collections of items in the same way it auctions off properties."""  # noqa: E501

    key = "auctions"
    pack = PACK
    number = 1005
    title = "X.5 Auctions"

    class Params(RuleParams):
        bridge: list[int] = Field(default_factory=list, description="the squares that are "
                                  "part of the Bridge (never defined: none)")
        corporate_share: float = Field(0.5, ge=0, description="the Corporation's automatic "
                                       "bid, as a part of the square's market value")

    params: Params

    def auctionable(self, ctx: Ctx) -> list[int]:
        """The Government's squares that are to be auctioned, in order."""
        return [n for n in board.numbers(ctx) if owner_of(ctx, n) == GOVERNMENT
                and not square(ctx, n).get("public") and not square(ctx, n).get("park")
                and n not in self.params.bridge]

    def _follow(self, ctx: Ctx, table: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        # Squares keep their identity when the board is renumbered (XVIII): a lot
        # follows its square to its new number, and its name with it.
        followed: dict[str, dict[str, Any]] = {}
        for name, lot in table.items():
            if "id" in lot and has_board(ctx):
                number = numbered.number_of(ctx, lot["id"])
                if number is None:
                    self._unsold(ctx, name, lot, "the square is gone")
                    continue
                lot = {**lot, "square": number}
                name = f"square-{number}"
            followed[name] = lot
        return followed

    @hook("phase.began", key=AUCTION_LOTTERY)
    def each_week(self, ctx: Ctx, data: dict[str, Any]) -> None:
        table = self._follow(ctx, dict(lots(ctx)))
        for name, lot in sorted(table.items()):
            if "square" in lot and owner_of(ctx, lot["square"]) != GOVERNMENT:
                # Not the Government's any more (a rule gave it away): off the list.
                self._unsold(ctx, name, lot, "no longer the Government's")
                del table[name]
            elif lot["stage"] == GONE:
                again = self._settle(ctx, name, lot)
                if again is None:
                    del table[name]
                else:
                    table[name] = again
            else:
                table[name] = {**lot, "stage": NEXT_STAGE[lot["stage"]]}
                ctx.emit(LOT_CHANGED, f"{_what(lot)} is {_stage(table[name]['stage'])}",
                         lot=name, stage=table[name]["stage"], bid=lot.get("bid"))
        listed = {lot.get("square") for lot in table.values()}
        if has_board(ctx):
            for number in self.auctionable(ctx):
                if number not in listed:
                    table[f"square-{number}"] = self._open(
                        ctx, f"square-{number}",
                        {"square": number, "id": numbered.square_id(ctx, number)})
        _set_lots(ctx, table)

    def _open(self, ctx: Ctx, name: str, lot: dict[str, Any]) -> dict[str, Any]:
        lot = {**lot, "stage": GOING_ONCE, "bid": None, "bidder": None}
        if "square" in lot:
            # "The Corporation automatically bids half the market value of a square":
            # one opening bid when the square becomes Going Once, if it has the money
            # (ruling, INTERPRETATIONS.md, X).
            offer = dollars(market_value(ctx, lot["square"]) * self.params.corporate_share)
            if 0 < offer <= ctx.balance(CORPORATION, DOLLARS):
                lot.update(bid=offer, bidder=CORPORATION)
        ctx.emit(LOT_CHANGED, f"{_what(lot)} is Going Once"
                 + (f"; the Bid is ${lot['bid']}" if lot["bid"] else ""),
                 lot=name, stage=GOING_ONCE, bid=lot["bid"])
        return lot

    def _settle(self, ctx: Ctx, name: str, lot: dict[str, Any]) -> dict[str, Any] | None:
        """Sell a Gone lot to its highest bidder; returns the lot when it is auctioned
        again as it is (an unsold collection; an unsold square is listed anew)."""
        bidder, price = lot.get("bidder"), lot.get("bid")
        if bidder is None or price is None:
            return self._unsold(ctx, name, lot, "no Bid")
        if ctx.balance(bidder, DOLLARS) < price:
            # A voluntary payment the bidder cannot make fails (XXII.5); the lot is
            # auctioned again (ruling, INTERPRETATIONS.md, X).
            return self._unsold(ctx, name, lot, f"{bidder} cannot pay the Bid")
        pay(ctx, bidder, GOVERNMENT, price, f"{_what(lot)} sold at auction", forced=False)
        if "square" in lot:
            ctx.set(_space(lot["square"], "owner"), bidder)
        else:
            ctx.release(lot["escrow"], bidder, f"{_what(lot)} sold at auction")
        ctx.emit(LOT_SOLD, f"{_what(lot)} is sold to {bidder} for ${price}", lot=name,
                 buyer=bidder, price=price)
        return None

    def _unsold(self, ctx: Ctx, name: str, lot: dict[str, Any], why: str
                ) -> dict[str, Any] | None:
        ctx.emit(LOT_CHANGED, f"{_what(lot)} is not sold ({why})", lot=name, stage="unsold",
                 bid=lot.get("bid"))
        if "escrow" not in lot:
            return None
        # A collection nobody bought is auctioned again from Going Once.
        return self._open(ctx, name, {k: v for k, v in lot.items() if k in ("escrow", "items")})

    @action("bid", Arg("lot", str, "the lot: square-<n>, or a collection's name",
                       choices="_open_lots", explain="_why_not_open"),
            Arg("amount", int, "your Bid, more than the current Bid"), sealed=True)
    def bid(self, ctx: Ctx, actor: str, lot: str, amount: int) -> None:
        """Bid on a lot the Government is auctioning (your name stays secret)."""
        self._why_not_open(ctx, actor, lot)
        record = lots(ctx)[lot]
        current = record.get("bid") or 0
        ctx.require(amount > current, f"a Bid must be more than the current Bid (${current})")
        # The bidder's name is the secret of X.5: the action's own event is shown only
        # to her and the admin; everyone reads the new highest Bid.
        ctx.audience([], "the bidder's name is secret (X.5)", only_action=True)
        table = dict(lots(ctx))
        table[lot] = {**record, "bid": amount, "bidder": actor}
        _set_lots(ctx, table)
        ctx.emit(LOT_CHANGED, f"the highest Bid on {_what(record)} is now ${amount}",
                 lot=lot, stage=record["stage"], bid=amount)

    def _open_lots(self, ctx: Ctx, actor: str) -> list[str]:
        return sorted(name for name, lot in lots(ctx).items() if lot["stage"] in NEXT_STAGE)

    def _why_not_open(self, ctx: Ctx, actor: str, lot: Any) -> None:
        record = lots(ctx).get(lot)
        ctx.require(record is not None, f"the Government is not auctioning {lot!r}",
                    detail="lots: " + (", ".join(sorted(lots(ctx))) or "none"))
        assert record is not None
        ctx.require(record["stage"] in NEXT_STAGE, f"{_what(record)} is Gone: no more Bids")

    @action("auction-items", Arg("collection", str, "the collection's name"),
            Arg("items", dict, "the goods, by name, and how many of each"), admin=True)
    def auction_items(self, ctx: Ctx, actor: str, collection: str,
                      items: dict[str, int]) -> None:
        """Put some of the Government's goods up for auction as one lot."""
        ctx.require(items and all(isinstance(v, int) and v > 0 for v in items.values()),
                    "a collection holds at least one of each thing it names")
        name = collection
        ctx.require(name not in lots(ctx), f"a lot named {name!r} is already being auctioned")
        escrow = ctx.escrow(f"auction-{name}")
        for good, count in sorted(items.items()):
            ctx.require(ctx.balance(GOVERNMENT, good) >= count,
                        f"the Government holds fewer than {count} {good}")
            ctx.transfer(GOVERNMENT, escrow, count, good, f"{name} put up for auction")
        table = dict(lots(ctx))
        table[name] = self._open(ctx, name, {"escrow": escrow, "items": dict(items)})
        _set_lots(ctx, table)

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """The highest bidder's name is seen only by that bidder and the admin."""
        table = (view.get("orgs") or {}).get("auction", {}).get("lots")
        if viewer == "admin" or not table:
            return
        for lot in table.values():
            if lot.get("bidder") not in (None, viewer):
                lot["bidder"] = "(secret)"


def _what(lot: dict[str, Any]) -> str:
    if "square" in lot:
        return f"square {lot['square']}"
    return "the collection of " + ", ".join(f"{n} {g}" for g, n in sorted(lot["items"].items()))


def _stage(stage: str) -> str:
    return {GOING_ONCE: "Going Once", GOING_TWICE: "Going Twice", GONE: "Gone"}[stage]


class Dispersal(Rule):
    """If, at the beginning of an update, The Government has more than $15,000, then The Government will disperse its extra funds to all players evenly."""  # noqa: E501

    key = "dispersal"
    pack = PACK
    number = 1006
    title = "X.6 Dispersal"

    class Params(RuleParams):
        ceiling: int = Field(15_000, ge=0, description="what the Government keeps")

    params: Params

    @hook("phase.began", key=PURCHASES)
    def disperse(self, ctx: Ctx, data: dict[str, Any]) -> None:
        extra = ctx.balance(GOVERNMENT, DOLLARS) - self.params.ceiling
        players = sorted(ctx.players())
        if extra <= 0 or not players:
            return
        # The extra split evenly; what does not divide evenly stays with the
        # Government (ruling, INTERPRETATIONS.md, X).
        each = extra // len(players)
        ctx.share_out(GOVERNMENT, players, extra, DOLLARS, "the Government disperses its "
                      f"funds above ${self.params.ceiling}")
        ctx.emit(DISPERSED, f"the Government disperses ${each * len(players)}: ${each} to "
                 "each player", amount=each * len(players), each=each)


class TheZoo(Rule):
    """The 45th square is the Nomopoly Metropolitan Zoological Gardens, also known as the Zoo. Players who land in the Zoo will be fined $25, and have the option of getting a Souvenir Hat or being fined another $5."""  # noqa: E501

    key = "the-zoo"
    pack = PACK
    number = 1007
    title = "X.7 The Zoo"

    currencies = (Currency(HAT, kind="good", inventory="items", doc="a Souvenir Hat"),)

    class Params(RuleParams):
        fine: int = Field(25, ge=0, description="the Zoo's fine")
        instead: int = Field(5, ge=0, description="the other fine, instead of the hat")

    params: Params

    def zoo(self, ctx: Ctx) -> int:
        return named_square(ctx, "the Zoo", 45)

    @hook(walker.LANDED)
    def visit(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, number = data.get("player"), data["square"]
        if (player is None or number != self.zoo(ctx) or player not in ctx.players()
                or not has_government(ctx)):
            return
        fine(ctx, player, self.params.fine, "landing in the Zoo")
        # A mail player cannot answer at once: the default is the hat, which costs
        # nothing (a standing answer to "zoo" chooses otherwise).
        ctx.prompt(player, ["hat", "pay"], "hat", handler=self.decided, kind="zoo",
                   deadline=ctx.now, message=f"a Souvenir Hat, or a fine of "
                   f"${self.params.instead}?")

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player = prompt["to"]
        if option == "pay":
            fine(ctx, player, self.params.instead, "the Zoo, instead of a Souvenir Hat")
        else:
            ctx.transfer(None, player, 1, HAT, "a Souvenir Hat from the Zoo")


def problems(state: dict[str, Any]) -> list[str]:
    """X's invariants: every lot is at a stage X.5 names, and a lot with a highest
    bidder has a Bid."""
    found = []
    for name, lot in ((state.get("orgs") or {}).get("auction", {}).get("lots") or {}).items():
        if lot.get("stage") not in (GOING_ONCE, GOING_TWICE, GONE):
            found.append(f"lot {name} is at stage {lot.get('stage')!r}")
        if lot.get("bidder") is not None and not (lot.get("bid") or 0) > 0:
            found.append(f"lot {name} has a bidder but no Bid")
    return found


RULES: tuple[type[Rule], ...] = (
    TheGovernment, PublicProperty, NationalParks, RegisteringToVote, Auctions, Dispersal,
    TheZoo,
)
