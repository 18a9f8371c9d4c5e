"""The kinds of event that Nomopoly IV's rules emit and hook, with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class TurnTaken(TypedDict):
    player: str
    roll: int
    direction: str  # "forwards" or "backwards"
    forced: bool  # taken for the player because they had not taken it in time
    start: int
    end: int


class LevelChanged(TypedDict):
    player: str
    level: int
    experience: int
    state_of_being: str  # "alive" or "dead"


class DuckyMoved(TypedDict):
    roll: int
    start: int
    end: int


class Pied(TypedDict):
    player: str
    square: int  # where the Ducky caught them
    lost: int  # dollars sent to the Bank Account of Terror
    pushed_to: int


class SquaresCreated(TypedDict):
    squares: list[int]  # the numbers of the new squares
    why: str


#: A player's turn was taken, by them or for them (Rules 801, 802).
TURN_TAKEN = EventKind("nomopoly.turn-taken", TurnTaken)
#: A player's Level, Experience or State of Being was settled (Rule 1301).
LEVEL_CHANGED = EventKind("nomopoly.level-changed", LevelChanged)
#: The Rber Ducky moved on its schedule (Rule 1402).
DUCKY_MOVED = EventKind("nomopoly.ducky-moved", DuckyMoved)
#: A player was hit by a pie (Rule 1403).
PIED = EventKind("nomopoly.pied", Pied)
#: New squares were added to the board (P11's tripling); Rule 710 gives them resources.
SQUARES_CREATED = EventKind("nomopoly.squares-created", SquaresCreated)


# -- ? boxes, items, the Shop of Terror and the Experience Fairy (P23, P27, P41, P43,
# P45, P49) --------------------------------------------------------------------------

class BoxTaken(TypedDict):
    player: str
    box: str
    square: int
    item: str


class BoxOpenedForTheDarkLord(TypedDict):
    box: str
    square: int
    item: str
    ask: int | None  # the Dark Lord's sell request's number on the Market, if any


class ItemUsed(TypedDict):
    player: str
    item: str
    used_up: bool
    effect: str


class DuckyJumped(TypedDict):
    start: int
    end: int
    player: str  # whose square it jumped to
    why: str


class ShopTrade(TypedDict):
    player: str
    trade: str
    gave: dict[str, int]
    dollars: int
    item: str | None


class ShopMoved(TypedDict):
    start: int | None
    end: int


class FairyCame(TypedDict):
    square: int


class FairyLeft(TypedDict):
    square: int
    taught: str | None  # the player taught, if anyone was


#: A player took the item of a ? box on their square (Rule 1702); the box is gone.
BOX_TAKEN = EventKind("nomopoly.box-taken", BoxTaken)
#: A ? box unopened for 120 hours opened for the Dark Lord (Rule 1711, P49).
BOX_EXPIRED = EventKind("nomopoly.box-expired", BoxOpenedForTheDarkLord)
#: A player used an item (Rule 1701 and the item's rule).
ITEM_USED = EventKind("nomopoly.item-used", ItemUsed)
#: The Rber Ducky jumped to a player's square (a Green or Red Shell).
DUCKY_JUMPED = EventKind("nomopoly.ducky-jumped", DuckyJumped)
#: A player traded at the Dark Lord's Shop of Terror (Rule 1801).
SHOP_TRADE = EventKind("nomopoly.shop-trade", ShopTrade)
#: The Shop of Terror was placed or moved (Rules 1801, 1806).
SHOP_MOVED = EventKind("nomopoly.shop-moved", ShopMoved)
#: The Experience Fairy appeared on a square (Rule 2101).
FAIRY_CAME = EventKind("nomopoly.fairy-came", FairyCame)
#: The Experience Fairy went back to his realm in the sky (Rule 2101).
FAIRY_LEFT = EventKind("nomopoly.fairy-left", FairyLeft)
# -- section XVI, Jumps (P19) ----------------------------------------------------------
class Jumped(TypedDict):
    player: str
    start: int
    end: int  # where the player ended, after anything the landing set off
    distance: int  # the Jumps it cost


class JumpsFined(TypedDict):
    player: str
    jumps: int  # how many the player had
    fined: int  # dollars taken (at most what they had)


#: A player jumped (Rule 1601).
JUMPED = EventKind("nomopoly.jumped", Jumped)
#: A player with 10 or more Jumps was fined and their Jumps set to 0 (Rule 1601).
JUMPS_FINED = EventKind("nomopoly.jumps-fined", JumpsFined)


# -- experience for kills (P35), the victory (P51), the hourly relief (P44) ------------
class KillRewarded(TypedDict):
    player: str  # who dealt the killing blow
    victim: str  # the unit or building killed
    owner: str  # the other player who owned it
    experience: int


class CooldownRelieved(TypedDict):
    entity: str  # the unit or building that stops cooling down


#: A player gained Experience for killing another player's unit or building (Rule 1304).
KILL_REWARDED = EventKind("nomopoly.kill-rewarded", KillRewarded)
#: The hourly relief ended a cool-down (Rule 1255).
COOLDOWN_RELIEVED = EventKind("nomopoly.cooldown-relieved", CooldownRelieved)
# -- Imps, Minions and Lairs (P29, P36, P39, P50) ------------------------------------
class DuckyCalled(TypedDict):
    imp: str  # the Imp (or Minion Imp) that called it
    start: int
    end: int


class Caked(TypedDict):
    imp: str
    squares: list[int]  # the Imp's square and the adjacent ones
    players: dict[str, int]  # dollars each player lost to the Bank Account of Terror
    hit: list[str]  # the units and buildings that took the 10 damage


class ImpResources(TypedDict):
    imp: str
    square: int
    amount: int  # dollars taken to the Bank Account of Terror


#: An Imp's 73 hours of calling ran out with a player still there: the Ducky jumps.
DUCKY_CALLED = EventKind("nomopoly.ducky-called", DuckyCalled)
#: An Imp went crazy and attacked its square and the adjacent ones with cakes.
CAKED = EventKind("nomopoly.caked", Caked)
#: An Imp took a square's resources to the Bank Account of Terror.
IMP_TOOK_RESOURCES = EventKind("nomopoly.imp-took-resources", ImpResources)


# -- Safecracking (P37) and Research (P40) -------------------------------------------
class SafecrackingBroken(TypedDict):
    entity: str  # the SCV, which cools down for the time it had left
    box: str  # the ? box removed before it was cracked
    until: str | None  # when the SCV stops cooling down


class ResearchPaid(TypedDict):
    when: str  # "noon" (Rule 2007) or "midnight" (Rule 2008), Central time
    researching: int  # Scientists Researching, regardless of owner
    counter_researching: int  # Scientists Counter-Researching, regardless of owner
    dollars: dict[str, int]  # each player's net gain (negative: what they lost)


#: A ? box was removed before the SCV safecracking it finished (Rule 1249).
SAFECRACKING_BROKEN = EventKind("nomopoly.safecracking-broken", SafecrackingBroken)
#: The noon or midnight Central payout of Research (Rules 2007, 2008).
RESEARCH_PAID = EventKind("nomopoly.research-paid", ResearchPaid)
