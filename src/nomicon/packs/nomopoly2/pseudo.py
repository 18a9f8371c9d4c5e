"""Nomopoly II, section XXXIII (Pseudoplayers): the elephant, the Phantom Piece, the
Corporate Player and TISSSG.

Each pseudoplayer is an entity of kind ``pseudoplayer`` whose id is its name
(``elephant``, ``phantom-piece``, ``corporate-player``, ``tisssg``) and whose location
is the number of the square it stands on, so the numbered board moves it with its
square when the board is renumbered. Each moves once a week in the update's
``pseudoplayers`` phase, in the order the section lists them (the hooks run in rule
order); the Phantom Piece's colour takes effect in the ``phantom`` phase.

The admin's choices for a pseudoplayer are admin prompts whose default is applied at
once unless the admin has left a standing answer for their kind. States other
sections keep are read through the seams of :mod:`.terms`: Sick (``sick``), Hurt
(``hurt``), a square's ``coating``, ``store``, ``factory`` and ``pollutant``, a
player's ``registered_voter``, and the good ``shares``.
"""

# No ``from __future__ import annotations``: the event kinds' TypedDicts are read at
# run time (see events.py).

from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, EventKind, Rule, RuleParams, action, hook
from nomicon.boards import numbered, walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.money import award, market_value, pay, rent
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS
from nomicon.packs.nomopoly2.schedule import PHANTOM, PSEUDOPLAYERS
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    HURT,
    LOCATION,
    PACK,
    SBA,
    SICK,
    has_board,
    is_sick,
    owner_of,
    rule_of,
    square,
)

KIND = "pseudoplayer"
ELEPHANT, PHANTOM_PIECE = "elephant", "phantom-piece"
CORPORATE_PLAYER, TISSSG = "corporate-player", "tisssg"
SHARES = "shares"
VOTER = "registered_voter"
#: The directions of the elephant's die (XXXIII.2) as (rows, columns) on the snake:
#: row 0 is the South row, column 0 the West end.
COMPASS = {1: ("South", (-1, 0)), 2: ("West", (0, -1)), 3: ("East", (0, 1)),
           4: ("North", (1, 0))}
#: A pseudoplayer's doubles chain is cut here, as a player's is (turns.MAX_CHAIN).
MAX_CHAIN = 1000


class PseudoplayerMoved(TypedDict):
    pseudoplayer: str
    start: int
    end: int
    dice: list[int]


class PhantomEffect(TypedDict):
    square: int
    color: str
    effect: str


class PseudoplayerNote(TypedDict):
    pseudoplayer: str
    square: int


class ScienceAndTechnology(TypedDict):
    players: list[str]


PSEUDOPLAYER_MOVED = EventKind("nomopoly2.pseudoplayer-moved", PseudoplayerMoved)
#: What a pseudoplayer did that changes no number (a square painted, players made
#: Sick or Hurt, a move that was not possible).
PSEUDOPLAYER_NOTE = EventKind("nomopoly2.pseudoplayer-did", PseudoplayerNote)
PHANTOM_EFFECT = EventKind("nomopoly2.phantom-effect", PhantomEffect)
#: Khaki: section XXIII (the ETF) hooks it to offer each player one Experimental
#: Technology paid for by the Government.
SCIENCE_AND_TECHNOLOGY = EventKind("nomopoly2.science-and-technology", ScienceAndTechnology)


# -- reading ------------------------------------------------------------------------

def where(ctx: Ctx, eid: str) -> int | None:
    """The square a pseudoplayer stands on (None: it is not in the game)."""
    record = ctx.entity(eid)
    location = record.get("location") if record else None
    return location if isinstance(location, int) and not isinstance(location, bool) else None


def players_on(ctx: Ctx, number: int) -> list[str]:
    return [p for p in ctx.players() if ctx.attr(p, LOCATION) == number]


def pseudoplayers_on(ctx: Ctx, number: int) -> list[str]:
    return [e for e in ctx.entities_at(number) if (ctx.entity(e) or {}).get("kind") == KIND]


def note(ctx: Ctx, eid: str, number: int, message: str) -> None:
    ctx.emit(PSEUDOPLAYER_NOTE, message, pseudoplayer=eid, square=number)


def make_sick(ctx: Ctx, players: list[str], eid: str, number: int, why: str) -> None:
    for player in players:
        ctx.set_attr(player, SICK, True)
    if players:
        note(ctx, eid, number, f"{', '.join(players)} become Sick ({why})")


def _create(ctx: Ctx, eid: str, name: str, start: int, **attrs: Any) -> None:
    if ctx.entity(eid) is not None or not has_board(ctx):
        return  # a game without the pack's board has nowhere to put it
    layout = board.layout(ctx)
    here = start if layout.exists(start) else layout.first
    ctx.create_entity(KIND, id=eid, location=here, cause=f"{name} enters the game",
                      name=name, **attrs)


def _roll(ctx: Ctx, eid: str, count: int) -> list[int]:
    return [ctx.roll(6, f"{eid}'s move") for _ in range(count)]


def _step_to(ctx: Ctx, eid: str, steps: int) -> int:
    """Where ``steps`` successors from the pseudoplayer's square take it."""
    here = where(ctx, eid)
    assert here is not None
    layout = board.layout(ctx)
    for _ in range(steps):
        here = layout.successor(here) or here
    return here


def turns_of(ctx: Ctx, eid: str, extra_dice: int,
             move: Any) -> list[list[int]]:
    """A pseudoplayer's weekly turn (VII.1 and VII.3): two dice and ``extra_dice``
    more, moved by ``move(dice)``; doubles on the two dice earn another move at once.
    Returns the dice of each move."""
    done: list[list[int]] = []
    while len(done) <= MAX_CHAIN and where(ctx, eid) is not None:
        dice = _roll(ctx, eid, 2 + extra_dice)
        start = where(ctx, eid)
        assert start is not None
        move(dice)
        end = where(ctx, eid)
        done.append(dice)
        if end is not None:
            ctx.emit(PSEUDOPLAYER_MOVED, f"{eid} rolls {'+'.join(map(str, dice))} and goes "
                     f"from square {start} to square {end}", pseudoplayer=eid, start=start,
                     end=end, dice=dice)
        if dice[0] != dice[1]:
            break
    return done


def _params(ctx: Ctx) -> "Pseudoplayers.Params":
    rule = rule_of(ctx, Pseudoplayers)
    return rule.params if rule is not None else Pseudoplayers.Params.model_validate({})


class Pseudoplayers(Rule):
    """Each of these pseudoplayers has a position on the board and is controlled by the admin, who has the power to make decisions for it whenever a choice is available. None of these pieces has the abilities of a player unless specifically noted."""  # noqa: E501

    key = "pseudoplayers"
    pack = PACK
    number = 3301
    title = "XXXIII.1 Pseudoplayers"

    attributes = (Attribute("name", "", kind=KIND, doc="the pseudoplayer's name"),)

    class Params(RuleParams):
        elephant_start: int = Field(45, ge=1, description="the elephant's first square "
                                    "(it escaped from the Zoo; Appendix A)")
        phantom_start: int = Field(1, ge=1, description="the Phantom Piece's first square")
        corporate_start: int = Field(1, ge=1, description="the Corporate Player's first "
                                     "square")
        tisssg_start: int = Field(1, ge=1, description="TISSSG's first square")

    params: Params
    # The admin decides for the pseudoplayers through admin prompts (see the Corporate
    # Player); a choice the text leaves to chance (the Phantom's random Factory, the
    # Corporate colour) is a logged roll.


# -- XXXIII.2 The elephant -----------------------------------------------------------

def elephant_items(ctx: Ctx) -> list[str]:
    """The elephant's items, one name per item."""
    held = ctx.get(["accounts", ELEPHANT], {}) or {}
    return [name for name, count in sorted(held.items())
            if name != DOLLARS and ctx.is_good(name) for _ in range(int(count))]


class TheElephant(Rule):
    """An elephant has escaped from the Zoo. The elephant can be colored any color that is legal for a square to be colored. Once per week, it rolls one die and behaves as follows: on a 1 it moves South (if possible); on a 2 it moves West (if possible); on a 3 it moves East (if possible); on a 4 it moves North (if possible); on a 5 all players sharing a square with the elephant become Sick; on a 6 the elephant removes all coatings from its current square and recolors the square to match the Elephant Skin Color.
Players who occupy the same square as the elephant may "feed" it items, donating the item to the elephant. If the elephant owns four items, then each time it receives a new item it has a 50% chance of Expelling. When the elephant Expels, half of its items are destroyed, the other half are given to the player whose feeding caused it to Expel, all players occupying the same square become Sick, and the elephant's current square becomes painted in the Elephant Expulsion Color."""  # noqa: E501

    key = "the-elephant"
    pack = PACK
    number = 3302
    title = "XXXIII.2 The elephant"

    class Params(RuleParams):
        skin_color: str = Field("khaki", description="the Elephant Skin Color (undefined; "
                                "Appendix A)")
        expulsion_color: str = Field("maroon", description="the Elephant Expulsion Color "
                                     "(undefined; Appendix A)")
        full: int = Field(4, ge=0, description="items the elephant owns before it may "
                          "Expel (at least this many)")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        _create(ctx, ELEPHANT, "the elephant", _params(ctx).elephant_start)
        ctx.open_account(ELEPHANT)

    @hook("phase.began", key=PSEUDOPLAYERS)
    def weekly(self, ctx: Ctx, data: dict[str, Any]) -> None:
        here = where(ctx, ELEPHANT)
        if here is None:
            return
        face = ctx.roll(6, "the elephant's die")
        if face in COMPASS:
            direction, (dr, dc) = COMPASS[face]
            layout = board.layout(ctx)
            row, column = layout.cell(here)
            there = layout.number_at((row + dr, column + dc))
            if there is None:
                note(ctx, ELEPHANT, here, f"the elephant cannot move {direction} from "
                     f"square {here}")
                return
            walker.place(ctx, walker.Piece.entity(ELEPHANT), there,
                         why=f"the elephant moves {direction}")
            ctx.emit(PSEUDOPLAYER_MOVED, f"the elephant moves {direction} from square {here} "
                     f"to square {there}", pseudoplayer=ELEPHANT, start=here, end=there,
                     dice=[face])
        elif face == 5:
            make_sick(ctx, players_on(ctx, here), ELEPHANT, here,
                      f"the elephant's 5 on square {here}")
        else:
            self.paint(ctx, here, self.params.skin_color, strip=True)

    def paint(self, ctx: Ctx, number: int, color: str, *, strip: bool) -> None:
        path = ["board", "spaces", str(number)]
        if strip and square(ctx, number).get("coating") is not None:
            ctx.state.delete([*path, "coating"])
        ctx.set([*path, "color"], color)
        note(ctx, ELEPHANT, number, f"square {number} is painted {color} by the elephant")

    def _items(self, ctx: Ctx, actor: str) -> list[str]:
        held = ctx.get(["accounts", actor], {}) or {}
        return sorted(n for n, c in held.items() if n != DOLLARS and ctx.is_good(n) and c > 0)

    @action("feed-elephant", Arg("item", str, "an item you own", choices="_items"))
    def feed(self, ctx: Ctx, actor: str, item: str) -> None:
        """Feed the elephant one of your items, on its square."""
        ctx.require(item != DOLLARS and ctx.is_good(item) and ctx.balance(actor, item) > 0,
                    f"{actor} owns no {item!r}", detail="the elephant is fed items")
        here = where(ctx, ELEPHANT)
        full = len(elephant_items(ctx)) >= self.params.full
        ctx.transfer(actor, ELEPHANT, 1, item, f"{actor} feeds the elephant")
        if not full or ctx.roll(2, "the elephant's chance of Expelling") != 1:
            return
        items = ctx.shuffle(elephant_items(ctx), "the elephant's items as it Expels")
        # "half ... destroyed, the other half ... given": an odd item is destroyed.
        given = items[:len(items) // 2]
        for name in items[len(items) // 2:]:
            ctx.transfer(ELEPHANT, None, 1, name, "destroyed as the elephant Expels")
        for name in given:
            ctx.transfer(ELEPHANT, actor, 1, name, "given by the elephant as it Expels")
        assert here is not None
        make_sick(ctx, players_on(ctx, here), ELEPHANT, here, "the elephant Expels")
        self.paint(ctx, here, self.params.expulsion_color, strip=False)

    @feed.check
    def _can_feed(self, ctx: Ctx, actor: str) -> None:
        here = where(ctx, ELEPHANT)
        ctx.require(here is not None, "there is no elephant in the game")
        ctx.require(ctx.attr(actor, LOCATION) == here,
                    f"{actor} is on square {ctx.attr(actor, LOCATION)}, the elephant on "
                    f"square {here}", detail="only players on its square may feed it")


# -- XXXIII.3 The Phantom Piece ------------------------------------------------------

def phantom_turn(ctx: Ctx) -> None:
    """The Phantom Piece's turn: it occupies the square its dice take it to, without
    landing."""
    def move(dice: list[int]) -> None:
        there = _step_to(ctx, PHANTOM_PIECE, sum(dice))
        walker.place(ctx, walker.Piece.entity(PHANTOM_PIECE), there,
                     why="the Phantom Piece occupies it")
    turns_of(ctx, PHANTOM_PIECE, 0, move)


class ThePhantomPiece(Rule):
    """A Phantom Piece will take a turn once per week. If any rule states that the Phantom Piece should land in a square, the Phantom Piece will not land in the square but merely occupy it. After moving, the color of the square that the Phantom Piece occupies will impact each player:
  • Red, Expansion (Corporate Virtue): If a square is unowned, The Corporation buys the lowest numbered unowned square and builds a branch of the ETF on it.
  • Orange, Bonus Issues (Corporate Virtue): All Corporate stockholders receive $1 for each 10 Shares they own. The number of Stocks present in the game increase by 10%.
  • Yellow, Extortion (Corporate Vice): All players pay $200 to the Corporation.
  • Green, Pollution (Corporate Vice): If any Factory is not a pollutant, then a random Factory becomes a pollutant. Otherwise, a random successor or predecessor of a Factory becomes a pollutant.
  • Blue, Creative Accounting (Corporate Vice): All the Corporation's money is transferred to the SBA, along with whatever additional funds are required to make the trasnfer total at least $4000.
  • Indigo, Negligence (Corporate Vice): Players who do not own Corporate Stock become Sick.
  • Maroon, Social Security (Government Virtue): The Government divides all its money evenly among players, keeping any remainder.
  • Navy, Health Care (Government Virtue): All Sick players become Non-Sick.
  • Khaki, Science & Technology (Government Virtue): All players may purchase one Experimental Technology, paid for by The Government whenever possible.
  • Teal, Infrastructure (Government Virtue): Eight new squares will be added to the board.
  • Lime, Palm-Greasing (Government Vice): All players who are not Registered Voters pay $300. Each Registered Voter receives an equal share of the collected money, not to exceed $200, with surplus going to the SBA.
  • Fuchsia, Taxation (Government Vice): All players pay $500 to The Government."""  # noqa: E501

    key = "the-phantom-piece"
    pack = PACK
    number = 3303
    title = "XXXIII.3 The Phantom Piece"

    class Params(RuleParams):
        extortion: int = Field(200, ge=0, description="Yellow: what each player pays")
        accounting: int = Field(4000, ge=0, description="Blue: the least the SBA receives")
        palm_grease: int = Field(300, ge=0, description="Lime: what a non-voter pays")
        palm_share: int = Field(200, ge=0, description="Lime: a voter's share at most")
        taxation: int = Field(500, ge=0, description="Fuchsia: what each player pays")
        infrastructure: int = Field(8, ge=0, description="Teal: squares added")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        _create(ctx, PHANTOM_PIECE, "the Phantom Piece", _params(ctx).phantom_start)

    @hook("phase.began", key=PSEUDOPLAYERS)
    def weekly(self, ctx: Ctx, data: dict[str, Any]) -> None:
        phantom_turn(ctx)

    @hook("phase.began", key=PHANTOM)
    def impact(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.take_effect(ctx)

    def take_effect(self, ctx: Ctx) -> str | None:
        """The effect of the colour of the Phantom Piece's square now; returns it."""
        here = where(ctx, PHANTOM_PIECE)
        if here is None:
            return None
        color = str(square(ctx, here).get("color") or "white")
        effect = EFFECTS.get(color)
        if effect is None:
            return None  # White and colours the list does not name do nothing
        name, carry_out = effect
        ctx.emit(PHANTOM_EFFECT, f"the Phantom Piece on {color} square {here}: {name}",
                 square=here, color=color, effect=name)
        carry_out(self, ctx)
        return name

    # Corporate Virtues and Vices
    def expansion(self, ctx: Ctx) -> None:
        unowned = [n for n in board.numbers(ctx) if owner_of(ctx, n) is None]
        if not unowned:
            return
        number = unowned[0]
        price = market_value(ctx, number)
        if ctx.balance(CORPORATION, DOLLARS) < price:
            note(ctx, PHANTOM_PIECE, number, f"the Corporation cannot pay ${price} for "
                 f"square {number}")
            return
        pay(ctx, CORPORATION, GOVERNMENT, price, f"the Corporation buys square {number}",
            forced=False)
        path = ["board", "spaces", str(number)]
        ctx.set([*path, "owner"], CORPORATION)
        ctx.set([*path, "factory"], "ETF branch")
        ctx.set([*path, "pollutant"], True)

    def bonus_issues(self, ctx: Ctx) -> None:
        if not ctx.is_good(SHARES):
            return
        holders = [p for p in ctx.players() if ctx.balance(p, SHARES) >= 10]
        for player in holders:
            award(ctx, player, ctx.balance(player, SHARES) // 10, "Bonus Issues")
        total = sum(int(b.get(SHARES, 0)) for b in (ctx.get(["accounts"], {}) or {}).values())
        issued = -(-total // 10)
        if issued:
            ctx.transfer(None, CORPORATION, issued, SHARES, "Bonus Issues: 10% more shares")

    def extortion(self, ctx: Ctx) -> None:
        for player in ctx.players():
            pay(ctx, player, CORPORATION, self.params.extortion, "Extortion")

    def pollution(self, ctx: Ctx) -> None:
        factories = factory_squares(ctx)
        clean = [n for n in factories if not square(ctx, n).get("pollutant")]
        if clean:
            target: int | None = ctx.pick(clean, "Pollution: a random Factory")
        else:
            near = sorted({m for n in factories for m in (board.successor(ctx, n),
                                                           board.predecessor(ctx, n))
                           if not square(ctx, m).get("pollutant")})
            target = ctx.pick(near, "Pollution: a random successor or predecessor of a "
                              "Factory") if near else None
        if target is not None:
            ctx.set(["board", "spaces", str(target), "pollutant"], True)

    def creative_accounting(self, ctx: Ctx) -> None:
        moved = ctx.balance(CORPORATION, DOLLARS)
        if moved:
            pay(ctx, CORPORATION, SBA, moved, "Creative Accounting", forced=False)
        if moved < self.params.accounting:
            award(ctx, SBA, self.params.accounting - moved,
                  "Creative Accounting: the transfer made up to $4000")

    def negligence(self, ctx: Ctx) -> None:
        here = where(ctx, PHANTOM_PIECE) or 0
        make_sick(ctx, [p for p in ctx.players()
                        if not (ctx.is_good(SHARES) and ctx.balance(p, SHARES) > 0)],
                  PHANTOM_PIECE, here, "Negligence")

    # Government Virtues and Vices
    def social_security(self, ctx: Ctx) -> None:
        players = list(ctx.players())
        amount = ctx.balance(GOVERNMENT, DOLLARS)
        if players and amount >= len(players):
            ctx.share_out(GOVERNMENT, players, amount, DOLLARS, "Social Security")

    def health_care(self, ctx: Ctx) -> None:
        for player in ctx.players():
            if is_sick(ctx, player):
                ctx.set_attr(player, SICK, False)

    def science_and_technology(self, ctx: Ctx) -> None:
        players = list(ctx.players())
        ctx.emit(SCIENCE_AND_TECHNOLOGY, "every player may buy one Experimental Technology, "
                 "paid for by the Government", players=players)

    def infrastructure(self, ctx: Ctx) -> None:
        numbered.grow(ctx, self.params.infrastructure, why="Infrastructure")

    def palm_greasing(self, ctx: Ctx) -> None:
        voters = [p for p in ctx.players() if ctx.attr(p, VOTER, False)]
        pot = ctx.escrow("palm-greasing")
        for player in ctx.players():
            if player not in voters:
                pay(ctx, player, pot, self.params.palm_grease, "Palm-Greasing")
        collected = ctx.balance(pot, DOLLARS)
        share = min(collected // len(voters), self.params.palm_share) if voters else 0
        for voter in voters:
            if share:
                pay(ctx, pot, voter, share, "Palm-Greasing: a Registered Voter's share",
                    forced=False)
        if ctx.balance(pot, DOLLARS):
            ctx.release(pot, SBA, "Palm-Greasing: the surplus")

    def taxation(self, ctx: Ctx) -> None:
        for player in ctx.players():
            pay(ctx, player, GOVERNMENT, self.params.taxation, "Taxation")


EFFECTS: dict[str, tuple[str, Any]] = {
    "red": ("Expansion", ThePhantomPiece.expansion),
    "orange": ("Bonus Issues", ThePhantomPiece.bonus_issues),
    "yellow": ("Extortion", ThePhantomPiece.extortion),
    "green": ("Pollution", ThePhantomPiece.pollution),
    "blue": ("Creative Accounting", ThePhantomPiece.creative_accounting),
    "indigo": ("Negligence", ThePhantomPiece.negligence),
    "maroon": ("Social Security", ThePhantomPiece.social_security),
    "navy": ("Health Care", ThePhantomPiece.health_care),
    "khaki": ("Science & Technology", ThePhantomPiece.science_and_technology),
    "teal": ("Infrastructure", ThePhantomPiece.infrastructure),
    "lime": ("Palm-Greasing", ThePhantomPiece.palm_greasing),
    # The pack spells it as ownership.GOVERNMENT_COLORS does; the text's own
    # spelling is accepted too.
    "fuschia": ("Taxation", ThePhantomPiece.taxation),
    "fuchsia": ("Taxation", ThePhantomPiece.taxation),
}


def factory_squares(ctx: Ctx) -> list[int]:
    """The Factories: the Large Factory, the ETF (where the rules name them) and every
    square with a ``factory`` (an ETF branch)."""
    named = ctx.param("named_squares")
    table = named if isinstance(named, dict) else board.NAMED_SQUARES
    layout = board.layout(ctx)
    found = {int(table[name]) for name in ("the Large Factory", "the ETF") if name in table}
    found |= {n for n in board.numbers(ctx) if square(ctx, n).get("factory")}
    return sorted(n for n in found if layout.exists(n))


# -- XXXIII.4 The Corporate Player ---------------------------------------------------

def offer_price(ctx: Ctx, number: int) -> int:
    """2.17 times the market value (rounded down), plus $300 with a Store and $200 for
    each Original Product sold at it (the Store's ``originals``)."""
    record = square(ctx, number)
    price = int(market_value(ctx, number) * 217 // 100)
    store = record.get("store")
    if store:
        originals = store.get("originals", []) if isinstance(store, dict) else []
        price += 300 + 200 * len(originals)
    return price


class TheCorporatePlayer(Rule):
    """A Corporate Player will take a turn once per week, moving as if it always uses one Extra Die for rolling. The Corporate Player behaves in all ways as a player, except it cannot get Sick and it does not move in the CL phase. If the Corporate Player lands on a square owned by another player, and if The Corporation has at least $2500, then the Corporate Player will offer to buy the square for a price of 2.17 times the square's market value (rounded down) plus $300 if the square has a Store plus $200 for each Original Product sold at the Store. If a player gives a non-Corporate-colored square to the Corporate Player, the square will be changed to a randomly chosen Corporate color."""  # noqa: E501

    key = "the-corporate-player"
    pack = PACK
    number = 3304
    title = "XXXIII.4 The Corporate Player"

    class Params(RuleParams):
        offer_threshold: int = Field(2500, ge=0, description="the Corporation's money "
                                     "needed to make an offer")
        buy_reserve: int = Field(2500, ge=0, description="the admin buys an unowned square "
                                 "for it by default when the Corporation keeps this much")
        top_award: int = Field(400, ge=0, description="VII.5, paid to the Corporation")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        _create(ctx, CORPORATE_PLAYER, "the Corporate Player", _params(ctx).corporate_start)

    @hook("phase.began", key=PSEUDOPLAYERS)
    def weekly(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if where(ctx, CORPORATE_PLAYER) is None:
            return
        piece = walker.Piece.entity(CORPORATE_PLAYER)

        def move(dice: list[int]) -> None:
            here = where(ctx, CORPORATE_PLAYER)
            assert here is not None
            layout = board.layout(ctx)
            for _ in range(sum(dice)):
                if here == layout.last:
                    award(ctx, CORPORATION, self.params.top_award,
                          f"the Corporate Player moves past square {here}")
                here = layout.successor(here) or here
            # It lands as a player does (the landing rules act), but its walk is not a
            # player's walk: the rules of passing through squares do not stop it.
            walker.land(ctx, piece, here, how="the Corporate Player's turn")
        turns_of(ctx, CORPORATE_PLAYER, 1, move)

    @hook(walker.LANDED)
    def landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if data.get("entity") != CORPORATE_PLAYER or not has_board(ctx):
            return
        number = int(data["square"])
        record = square(ctx, number)
        owner = record.get("owner")
        if owner is None:
            price = market_value(ctx, number)
            have = ctx.balance(CORPORATION, DOLLARS)
            if have < price:
                return
            default = "buy" if have >= price + self.params.buy_reserve else "pass"
            ctx.prompt("admin", ["buy", "pass"], default, handler=self.buy,
                       kind="corporate-player-buy", deadline=ctx.now,
                       data={"square": number, "price": price},
                       message=f"the Corporate Player is on unowned square {number}: "
                               f"buy it for ${price}?")
            return
        if owner == CORPORATION:
            return
        if record.get("name"):
            # VIII.5 as a player: rent from the Corporation's purse, as far as it goes.
            due = min(rent(ctx, number), ctx.balance(CORPORATION, DOLLARS))
            if due > 0:
                pay(ctx, CORPORATION, owner, due, f"the Corporate Player's rent for square "
                    f"{number}", forced=False)
        if owner in ctx.players() and ctx.balance(CORPORATION, DOLLARS) >= \
                self.params.offer_threshold:
            price = offer_price(ctx, number)
            ctx.prompt(owner, ["accept", "decline"], "decline", handler=self.sold,
                       kind="corporate-offer", deadline=ctx.now,
                       data={"square": number, "price": price},
                       message=f"the Corporate Player offers ${price} for square {number}")

    def buy(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        if option != "buy":
            return
        number, price = int(prompt["data"]["square"]), int(prompt["data"]["price"])
        ctx.require(owner_of(ctx, number) is None, f"square {number} has an owner now")
        pay(ctx, CORPORATION, GOVERNMENT, price, f"the Corporate Player buys square {number}",
            forced=False)
        ctx.set(["board", "spaces", str(number), "owner"], CORPORATION)

    def sold(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        if option != "accept":
            return
        seller = prompt["to"]
        number, price = int(prompt["data"]["square"]), int(prompt["data"]["price"])
        ctx.require(owner_of(ctx, number) == seller, f"square {number} is no longer "
                    f"{seller}'s")
        pay(ctx, CORPORATION, seller, price, f"the Corporate Player buys square {number}",
            forced=False)
        ctx.set(["board", "spaces", str(number), "owner"], CORPORATION)

    def _mine(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if owner_of(ctx, n) == actor]

    @action("give-square-to-corporate-player",
            Arg("square", int, "a square you own", minimum=1, choices="_mine"))
    def give_square(self, ctx: Ctx, actor: str, square: int) -> None:
        """Give one of your squares to the Corporate Player."""
        ctx.require(owner_of(ctx, square) == actor, f"square {square} is not {actor}'s")
        path = ["board", "spaces", str(square)]
        ctx.set([*path, "owner"], CORPORATION)
        if ctx.get([*path, "color"], None) not in CORPORATE_COLORS:
            ctx.set([*path, "color"], ctx.pick(list(CORPORATE_COLORS),
                                               "a random Corporate color"))

    @give_square.check
    def _can_give(self, ctx: Ctx, actor: str) -> None:
        ctx.require(where(ctx, CORPORATE_PLAYER) is not None,
                    "there is no Corporate Player in the game")


# -- XXXIII.5 TISSSG ---------------------------------------------------------------

def is_sane(ctx: Ctx) -> bool:
    return bool((ctx.entity(TISSSG) or {}).get("sane"))


class TheScreamingGuy(Rule):
    """The Insane Scary Screaming Suicidal Guy (TISSSG) will take a turn once per week, moving as if it always uses one Extra Die for rolling. When TISSSG finishes his move, he will scream at all players who occpuy his square, causing them to be Hurt. If TISSSG also occupies the same square as any pseudoplayers, all pseudoplayers on that square (including TISSSG) will be destroyed.

Any player may pay $350, causing The Insane Scary Screaming Suicidal Guy to become The Sane Mellow Silent Guy (TSMSG). TSMSG moves as TISSSG, but does not Hurt other players or pseudoplayers. If TSMSG ever moves to a square which includes The Elephant, TSMSG will be trampled to death and removed from the game."""  # noqa: E501

    key = "tisssg"
    pack = PACK
    number = 3305
    title = "XXXIII.5 TISSSG"

    attributes = (Attribute("sane", False, kind=KIND, doc="TISSSG has become TSMSG"),)

    class Params(RuleParams):
        calming: int = Field(350, ge=0, description="what turns TISSSG into TSMSG (paid to "
                             "the Government, Appendix A)")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        _create(ctx, TISSSG, "TISSSG", _params(ctx).tisssg_start)

    @hook("phase.began", key=PSEUDOPLAYERS)
    def weekly(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if where(ctx, TISSSG) is None:
            return

        def move(dice: list[int]) -> None:
            walker.place(ctx, walker.Piece.entity(TISSSG), _step_to(ctx, TISSSG, sum(dice)),
                         why="TISSSG's move")
        turns_of(ctx, TISSSG, 1, move)
        self.finished(ctx)

    def finished(self, ctx: Ctx) -> None:
        """What happens where he ends his move."""
        here = where(ctx, TISSSG)
        if here is None:
            return
        if is_sane(ctx):
            if where(ctx, ELEPHANT) == here:
                ctx.destroy_entity(TISSSG, cause="TSMSG is trampled to death by the elephant")
            return
        hurt = players_on(ctx, here)
        for player in hurt:
            ctx.set_attr(player, HURT, True)
        if hurt:
            note(ctx, TISSSG, here, f"TISSSG screams at {', '.join(hurt)}: they are Hurt")
        others = [e for e in pseudoplayers_on(ctx, here) if e != TISSSG]
        if others:
            for eid in [*others, TISSSG]:
                ctx.destroy_entity(eid, cause=f"TISSSG on square {here}")

    @action("calm-tisssg")
    def calm(self, ctx: Ctx, actor: str) -> None:
        """Pay $350 to turn TISSSG into TSMSG."""
        pay(ctx, actor, GOVERNMENT, self.params.calming, f"{actor} calms TISSSG",
            forced=False)
        ctx.set_entity(TISSSG, sane=True, name="TSMSG")

    @calm.check
    def _can_calm(self, ctx: Ctx, actor: str) -> None:
        ctx.require(where(ctx, TISSSG) is not None, "TISSSG is not in the game")
        ctx.require(not is_sane(ctx), "TISSSG is already The Sane Mellow Silent Guy")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.calming, f"{actor} has ${have}, not "
                    f"${self.params.calming}",
                    detail="a voluntary action may not make its player Bankrupt (XXII.5)")


def problems(state: dict[str, Any]) -> list[str]:
    """XXXIII's invariants: every pseudoplayer in the game stands on a square of the
    board; every square has at most one owner, a single name."""
    found: list[str] = []
    spaces = (state.get("board") or {}).get("spaces") or {}
    for number, record in spaces.items():
        owner = record.get("owner")
        if owner is not None and not isinstance(owner, str):
            found.append(f"square {number} has more than one owner ({owner!r})")
    if not spaces:
        return found
    layout = numbered.layout_of(state["board"])
    for eid, record in (state.get("entities") or {}).items():
        if record.get("kind") == KIND and not layout.exists(record.get("location")):
            found.append(f"pseudoplayer {eid} is on no square ({record.get('location')!r})")
    return found


RULES: tuple[type[Rule], ...] = (
    Pseudoplayers, TheElephant, ThePhantomPiece, TheCorporatePlayer, TheScreamingGuy,
)
