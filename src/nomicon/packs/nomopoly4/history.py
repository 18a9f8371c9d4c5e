"""Nomopoly IV's history: the passed proposals of the seed as records, oldest first.

The seed lists the passed proposals newest first, without numbers, authors or dates;
the records number them P01 (oldest) to P51 in the order in which they were enacted
(INTERPRETATIONS.md, "The order of the proposals"). Each record keeps the seed's lines,
a title, the seed's text word for word (admin comments included), the amendment that
implements it in Nomicon (``governance/amendments.py``) and the rulings it needed.

Only some records are built so far (:data:`RECORDS`): a game can start after the first
K proposals only while P01..PK are all built (:func:`built_prefix`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nomicon.authoring import Ctx, events, iso
from nomicon.governance.proposals import AWAITING, VotingMethod
from nomicon.packs.nomopoly4.travel import PACK

#: How many proposals the seed holds, oldest to newest.
TOTAL = 51
SEED = Path(__file__).with_name("seed.txt")


@cache
def seed_lines() -> tuple[str, ...]:
    """The seed's lines (line 1 is the newest proposal's first line)."""
    return tuple(SEED.read_text(encoding="utf-8").splitlines())


def seed_text(first: int, last: int) -> str:
    """Lines ``first`` to ``last`` of the seed, in the seed's order."""
    return "\n".join(seed_lines()[first - 1:last])


@dataclass(frozen=True)
class Record:
    """One passed proposal."""

    id: str
    lines: tuple[int, int]
    title: str
    amendment: tuple[dict[str, Any], ...]
    rulings: tuple[str, ...] = ()

    @property
    def index(self) -> int:
        """1 for P01."""
        return int(self.id[1:])

    @property
    def text(self) -> str:
        """The seed's text of the proposal, verbatim."""
        return seed_text(*self.lines)

    def amendment_list(self) -> list[dict[str, Any]]:
        return [dict(change) for change in self.amendment]


def _class(key: str) -> str:
    return f"{PACK}/{key}"


def _enact(key: str, number: int) -> dict[str, Any]:
    return {"op": "enact", "class": _class(key), "number": number}


RECORDS: tuple[Record, ...] = (
    Record("P02", (395, 407), "Experience, Level and State of Being",
           (_enact("experience", 1301), _enact("experience-for-turns", 1302),
            _enact("the-dead", 1303)),
           ("Section XIII: the properties and the levelling are Rule 1301, the Experience "
            "for a turn Rule 1302, the bar on dead players' proposals Rule 1303.",
            "A turn taken for a player (Rule 801) counts as successfully taken.",
            "Several levels may be gained at once; the rule is applied until it no longer "
            "changes anything.")),
    Record("P03", (390, 394), "The Dark Lord, the Rber Ducky and the Bank Account of Terror",
           (_enact("dark-world", 1401), _enact("ducky-travels", 1402), _enact("pies", 1403)),
           ("Section XIV; the Ducky's movement is XIV-2 (Rule 1402), as P21 (L262) cites it.",
            "The Ducky starts on Square 1 (the admin's comment, L394).",
            "\"Each saturday\" is Saturday 00:00 GMT.",
            "The Ducky comes round from the last square to Square 1 (Rule 703).",
            "A pie takes one tenth of the player's dollars, rounded down, and is dealt once "
            "per arrival on the Ducky's square.")),
    Record("P04", (383, 389), "The \"Make it hard to break the game rule!\" mark 2",
           (_enact("no-negatives-or-fractions", 1501), _enact("thirty-a-day", 1502),
            _enact("most-per-action", 1503)),
           ("Section XV; the limit of 30 a day is XV.2 (Rule 1502), as P25 (L180) cites it.",
            "The admin could not program it (L389); Nomicon enforces it.",
            "The same action is the same action name; the 24 hours are a rolling window.",
            "The cap counts everything the action sets off, and only players' actions.")),
    Record("P05", (372, 382), "Travelling forwards or backwards",
           (_enact("forwards-or-backwards", 802),),
           ("Rule 802, after Turns (Rule 801), whose take-turn it replaces.",
            "Players stop at the ends of the board from now on, a push by a pie too; the "
            "Ducky still comes round.")),
    Record("P06", (359, 359), "Resources", (_enact("resources", 710),),
           ("Rule VII.10 (Rule 710), as P11 (L326) cites it.",
            "The eleven amounts $0..$10000 are equally likely.",
            "Enacted before P07 (Mine, L360-371), which takes from the resources.")),
    Record("P09", (349, 349), "Definition: adjacent", (_enact("adjacent", 711),),
           ("Rule 711, in the Board's section after VII.10.",
            "A square that does not exist is adjacent to nothing.")),
    Record("P11", (325, 327), "Board size 60",
           ({"op": "effect", "class": _class("triple-the-board")},),
           ("Old square k becomes square 3k-1 (the kernel's snake renumbering).",
            "Square resources stay with their square; the 40 new squares get resources "
            "from Rule 710.",
            "The Ducky and the Dark Lord's things move with their squares; old neighbours "
            "stop being neighbours.")),
    Record("P21", (262, 262), "The Rber Ducky moves three times a week",
           ({"op": "amend", "rule": 1402,
             "text": "The Rber Ducky occupies a square on the board, and will move forward by "
                     "the roll of a 6-sided dice every Monday, Wednesday, and Saturday.",
             "params": {"schedule": "every Monday, Wednesday and Saturday at 00:00 GMT"}},),
           ("At 00:00 GMT on those days, as the Saturday move before it.",)),
    # -- ? boxes, items, the Shop of Terror and the Experience Fairy ------------------
    Record("P23", (201, 234), "? boxes and the first eight items",
           (_enact("frequency", 1701), _enact("question-boxes", 1702), _enact("mushroom", 1703),
            _enact("feather", 1704), _enact("coin", 1705), _enact("fire-flower", 1706),
            _enact("ghost", 1707), _enact("green-shell", 1708), _enact("red-shell", 1709),
            _enact("lightning-bolt", 1710)),
           ("Section XVII: the Frequency and the use-item action are Rule 1701, the ? boxes "
            "Rule 1702, the eight items Rules 1703-1710 in the seed's order.",
            "A box's item is an attribute only the admin sees, drawn by a private roll over "
            "the items in force, revealed when the box is opened.",
            "Boxes go on squares without a box, whatever else stands there; a taken box is "
            "replaced at once; on a board of fewer than 10 squares every square has one.",
            "A Mushroom needs Jumps (Rule 1601, P19); before it, using one is refused.",
            "The Fire Flower hits the user's own units too; it is not an attack.",
            "A Ghost hides the invisible player's location from others, and each action of "
            "theirs that moves them from others' history; moves others cause are shown.",
            "The shells' Ducky jumps and the Lightning Bolt's transport are landings: the "
            "pies follow.")),
    Record("P27", (155, 173), "The Dark Lord's Shop of Terror",
           (_enact("shop-of-terror", 1801), _enact("wilt-shroom", 1802),
            _enact("moldy-mush", 1803), _enact("rotten-mush", 1804), _enact("star-egg", 1805)),
           ("Section XVIII: the Shop and its trades are Rule 1801 (the trades a parameter), "
            "the four items Rules 1802-1805.",
            "The Shop's square is drawn when the rule is enacted (historically Square 53, "
            "the admin's comment, L173).",
            "The Shop's dollars and Star Eggs are made, not paid by the Bank Account of "
            "Terror.",
            "The Star Egg is not an attack: no armor, no Wall; the user's own units and "
            "buildings are hit too; the 7 days are a status of the user.")),
    Record("P33", (124, 124), "Fire Flower scales with level",
           ({"op": "amend", "rule": 1706,
             "text": "Item: Fire Flower\nFrequency: 50\nEffect upon use: When a player uses a "
                     "Fire Flower, all units on the same square as the player lose (5 * the "
                     "player's level) hit points.",
             "params": {"damage": 0, "per_level": 5}},),
           ("An amendment of Rule 1706's text and parameters.",)),
    Record("P34", (123, 123), "Coin scales with level",
           ({"op": "amend", "rule": 1705,
             "text": "Item: Coin\nFrequency: 100\nEffect upon use: When a player uses a Coin, "
                     "he receives $(250 * his current level).",
             "params": {"dollars": 0, "per_level": 250}},),
           ("An amendment of Rule 1705's text and parameters.",)),
    Record("P41", (38, 39), "The Experience Fairy", (_enact("experience-fairy", 2101),),
           ("Section XXI, Rule 2101.",
            "\"Receive Teaching\" and \"Receive Training\" are the same action.",
            "The Fairy stays 24 hours unless someone is taught first.")),
    Record("P43", (33, 33), "The Shop of Terror moves every Saturday",
           (_enact("shop-moves", 1806),),
           ("Rule 1806, in the Shop's section; a different square drawn uniformly.",)),
    Record("P45", (29, 31), "Fire Flower reworked",
           ({"op": "amend", "rule": 1706,
             "text": "Item: Fire Flower\nFrequency: 50\nEffect upon use: " + "\n".join(
                 seed_lines()[28:30]),
             "params": {"chosen": True}},),
           ("An amendment of Rule 1706: the player chooses the targets (parameter "
            "chosen), which the flower attacks with strength 30 under the Attack rules.",
            "With a Wall on the square, one target is the Wall, which takes 40 damage "
            "that is not an attack; the others are attacked with strength 20.",
            "The user's own units and buildings may be chosen; items ignore Spell Shield.")),
    Record("P49", (3, 3), "Unopened ? boxes open for the Dark Lord",
           (_enact("box-expiry", 1711),),
           ("Rule 1711, in the ? boxes' section; the 120 hours count from each box's "
            "placing, boxes placed before the rule included.",
            "The Dark Lord keeps the item; his sell request needs the Public Market (P46): "
            "while no market rule is in force he only keeps it.",
            "His ask is $1 under the lowest, and never under the market's lowest price.")),
)

BY_ID = {record.id: record for record in RECORDS}


def built_prefix() -> int:
    """How many proposals from P01 on are built without a gap."""
    count = 0
    while f"P{count + 1:02d}" in BY_ID:
        count += 1
    return count


def first(k: int) -> list[Record]:
    """P01..Pk; ValueError naming the first record that is not built yet."""
    if not 0 <= k <= TOTAL:
        raise ValueError(f"history is 0..{TOTAL}, not {k}")
    missing = [f"P{n:02d}" for n in range(1, k + 1) if f"P{n:02d}" not in BY_ID]
    if missing:
        raise ValueError(f"history={k} needs proposals P01..P{k:02d}, and {missing[0]} is not "
                         f"built yet (history can be at most {built_prefix()})")
    return [BY_ID[f"P{n:02d}"] for n in range(1, k + 1)]


def implement(ctx: Ctx, record: Record) -> int:
    """Pass ``record`` as the admin implements a passed proposal: a proposal record,
    then the voting method's own implement. Returns the proposal's number."""
    method = next((r for r in ctx.rules.rules if isinstance(r, VotingMethod)), None)
    if method is None:
        raise ValueError("no voting method is in force to implement a proposal")
    number = len(ctx.get(["proposals"], {})) + 1
    ctx.add_record("proposals", str(number), {
        "id": number, "author": "admin", "title": f"{record.id}: {record.title}",
        "text": record.text, "amendment": record.amendment_list(), "status": AWAITING,
        "votes": {}, "opened": iso(ctx.now), "closes": None, "method": method.number,
        "result": None, "history": record.id,
    })
    ctx.emit(events.PROPOSAL_OPENED, f"{record.id} ({record.title}) is replayed from the "
             "game's history", proposal=number, player="admin")
    with ctx.running(method):
        VotingMethod.implement.run(method, ctx, "admin", proposal=number,
                                   amendment=record.amendment_list())
    return number
