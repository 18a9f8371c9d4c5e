"""Nomopoly IV's history: the passed proposals of the seed as records, oldest first.

The seed lists the passed proposals newest first, without numbers, authors or dates;
the records number them P01 (oldest) to P51 in the order in which they were enacted
(INTERPRETATIONS.md, "The order of the proposals"). Each record keeps the seed's lines,
a title, the seed's text word for word (admin comments included), the amendment that
implements it in Nomicon (``governance/amendments.py``) and the rulings it needed.

All 51 records are built (:data:`RECORDS`); a game can start after the first K
proposals while P01..PK are all built (:func:`built_prefix`), so for K = 0..51.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nomicon.authoring import Ctx, Rule, events, iso
from nomicon.governance.proposals import AWAITING, VotingMethod
from nomicon.packs.nomopoly4.imps import Imps
from nomicon.packs.nomopoly4.minions import MinionImp
from nomicon.packs.nomopoly4.shop import ShopOfTerror, Trade
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units import UNIT_RULES
from nomicon.packs.nomopoly4.units.commands import OrisonOfHealing, PledgeServiceToDwayna
from nomicon.packs.nomopoly4.units.framework import CommandsFramework
from nomicon.packs.nomopoly4.units.healing import max_hp_text
from nomicon.packs.nomopoly4.units.howitzer import Bombard
from nomicon.packs.nomopoly4.units.types import Monk, Scv

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


def _replaced(cls: type[Rule], old: str, new: str) -> str:
    text = cls.default_text()
    assert old in text, (cls.__name__, old)
    return text.replace(old, new)


_ENCHANTMENT_L280 = seed_text(280, 280).strip('"')
_ENCHANTMENT_L282 = seed_text(282, 282).strip('"')
_COMMANDS_P13 = f"{CommandsFramework.default_text()}\n{_ENCHANTMENT_L280}"
_COMMANDS_P16 = f"{CommandsFramework.default_text()}\n{_ENCHANTMENT_L282}"
_MONK_P14 = _replaced(Monk, "Initial hit points: 25", "Initial hit points: 40")
_DWAYNA_P14 = _replaced(PledgeServiceToDwayna, "Any unit", "Any non-Mesmer unit")
_ORISON_P14 = _replaced(OrisonOfHealing, "raised by 5", "raised by 10")
_SCV_P22 = _replaced(Scv, "Initial hit points: 20", "Initial hit points: 40")
# -- the later unit proposals' texts (P28, P31, P32) --------------------------------------
_BOMBARD_P28 = _replaced(Bombard, Bombard.default_text().splitlines()[-1],
                         "Effect: " + seed_text(154, 154))
_ORISON_P31 = _ORISON_P14.replace("Cool down time: 2 days", "Cool down time: 1 day")
assert _ORISON_P31 != _ORISON_P14


def _max_hp_amendments() -> tuple[dict[str, Any], ...]:
    """P32's "Replace all occurrences in the rules of initial hit points with maximum
    hit points (Max HP)": a text amendment of every section XII rule that says it,
    from its text as amended before P32."""
    amended = {1215: _SCV_P22, 1219: _MONK_P14, 1221: _ORISON_P31, 1240: _BOMBARD_P28}
    changes = []
    for cls in UNIT_RULES:
        if cls.number > 1244:
            continue  # enacted after P32, in their own words (the Musketeer's "Maximum")
        text = amended.get(cls.number, cls.default_text())
        if max_hp_text(text) != text:
            changes.append({"op": "amend", "rule": cls.number, "text": max_hp_text(text)})
    # P29's Imps (Rule 1901, "Initial HP: 50") are in force before P32: "all
    # occurrences in the rules" reach them too.
    changes.append({"op": "amend", "rule": Imps.number,
                    "text": max_hp_text(Imps.default_text())})
    return tuple(changes)


# P36 adds three trades to the Shop (L120-121): Rule 1801's text and trade table.
_SHOP_P36 = f"{ShopOfTerror.default_text()}\n{seed_text(120, 121)}"
_TRADES_P36 = {name: deal.model_dump() for name, deal in {
    **ShopOfTerror.Params().trades,
    "imp-in-the-box": Trade(give={"wilt-shroom": 2}, dollars=0, item="imp-in-the-box"),
    "imping-stick": Trade(give={"moldy-mush": 2}, dollars=0, item="imping-stick"),
    "force-field": Trade(give={"rotten-mush": 2}, dollars=0, item="force-field"),
}.items()}

# P46 replaces the Minion Imp's Priority #2 (L85) with L27: Rule 1904's text and list.
_IMP_P46 = _replaced(MinionImp, seed_text(85, 85), seed_text(27, 27))
_PRIORITIES_P46 = ["take-the-box-and-sell" if name == "take-the-box" else name
                   for name in MinionImp.Params.model_fields["priorities"].default]

# P48: 2 Wilt Shrooms for an Uncharged Soul Gem instead of an Imp-in-the-Box, 5 Moldy
# Mushes for a Magic Mining Pick instead of an Imping Stick (L4): Rule 1801's table.
_SHOP_P48 = f"{_SHOP_P36}\nWhile at{seed_text(4, 4).split('While at', 1)[1]}"
_TRADES_P48 = {name: deal for name, deal in _TRADES_P36.items()
               if name not in ("imp-in-the-box", "imping-stick")} | {
    "uncharged-soul-gem": Trade(give={"wilt-shroom": 2}, dollars=0,
                                item="uncharged-soul-gem").model_dump(),
    "magic-mining-pick": Trade(give={"moldy-mush": 5}, dollars=0,
                               item="magic-mining-pick").model_dump(),
}


RECORDS: tuple[Record, ...] = (
    # -- section XII, units and buildings (P01, P07, P08, P10) ------------------------
    Record("P01", (408, 418), "Units, Buildings and Commands",
           (_enact("units", 1201), _enact("buildings", 1202), _enact("commands", 1203),
            _enact("owning", 1204), _enact("hit-points", 1205), _enact("issuing", 1206),
            _enact("fort", 1210), _enact("move", 1211), _enact("attack", 1212),
            _enact("recruit-warrior", 1213), _enact("warrior", 1214)),
           ("Section XII: the Unit, Building and Command definitions are Rules 1201-1203, "
            "ownership and placement 1204, hit points 1205, issuing commands and cooling "
            "down 1206 (the XII.6 that L178 cites); the types and commands that exist "
            "initially are 1210-1213, in the order of the text.",
            "The Warrior's stats are not in the seed: Rule 1214 gives 50 hit points, attack "
            "10, range 1, armor 0 and speed 10 from L358, L371, L415 and L308.",
            "Every command is issued by the one action command (unit, command, to, target, "
            "amount); a player's own Fort is the action build-fort.",
            "A unit may attack its owner's own units and buildings, but not itself.",
            "The chance of 1 in (armor - attack strength) is a roll of 1 on a die of that "
            "many sides.",
            "Cool-downs divided by a speed are kept exact (an SCV's Move: 26 h 40 min).")),
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
    Record("P07", (360, 371), "Upgrade to SCV, Mine and hit points on transformation",
           (_enact("scv", 1215), _enact("upgrade-to-scv", 1216), _enact("mine", 1217),
            _enact("transformation", 1218)),
           ("The SCV's stats are not in the seed: Rule 1215 gives 20 hit points (L371) and, "
            "as rulings, attack 2, range 1, armor 0, speed 9.",
            "Mine takes from the resources of Rule 710 (enacted by P06 before it).",
            "A unit that changes type keeps its identity, cool-down and enchantments.")),
    Record("P08", (350, 358), "Pledge Service to Dwayna and Orison of Healing",
           (_enact("monk", 1219), _enact("pledge-service-to-dwayna", 1220),
            _enact("orison-of-healing", 1221)),
           ("The Monk's stats are not in the seed: Rule 1219 gives 25 hit points (L295) and, "
            "as rulings, attack 0, range 1, armor 5, speed 5.",
            "Adjacent squares are those of the two-dimensional layout, as in Move (P09 "
            "defines the word later in the same sense).",
            "Orison's target is a unit, of any owner; a unit already of a type does not "
            "pledge to become one.")),
    Record("P09", (349, 349), "Definition: adjacent", (_enact("adjacent", 711),),
           ("Rule 711, in the Board's section after VII.10.",
            "A square that does not exist is adjacent to nothing.")),
    Record("P10", (328, 348), "Guard Tower and Wall",
           (_enact("guard-tower", 1222), _enact("wall", 1223),
            _enact("build-guard-tower", 1224), _enact("build-wall", 1225)),
           ("A Wall's territory is its square; it stops attacks only, not damage that is "
            "no attack.",
            "A Guard Tower attacks only when it is issued Attack.")),
    Record("P11", (325, 327), "Board size 60",
           ({"op": "effect", "class": _class("triple-the-board")},),
           ("Old square k becomes square 3k-1 (the kernel's snake renumbering).",
            "Square resources stay with their square; the 40 new squares get resources "
            "from Rule 710.",
            "The Ducky and the Dark Lord's things move with their squares; old neighbours "
            "stop being neighbours.")),
    # -- section XII, P12-P20 and P22 ---------------------------------------------------
    Record("P12", (309, 324), "Teleporter",
           (_enact("teleporter", 1226), _enact("build-teleporter", 1227),
            _enact("teleport", 1228)),
           ("A player's teleport is the action teleport and pays the owner of the Teleporter "
            "on the player's square; it is not a jump of Rule XVI (L119).",
            "The Teleport command pays the owner of the Teleporter the unit stands on, or "
            "else the first adjacent one; its destination must hold no unit or building.")),
    Record("P13", (298, 308), "Enchantments, Pledge Service to Lyssa and Empathy",
           ({"op": "amend", "rule": 1203, "text": _COMMANDS_P13},
            _enact("mesmer", 1229), _enact("pledge-service-to-lyssa", 1230),
            _enact("empathy", 1231)),
           ("The Enchantment is added to Rule XII.3 (Rule 1203) in the words that P16 quotes "
            "as that rule's paragraph (L280).",
            "The Mesmer's stats are not in the seed: Rule 1229 gives, as rulings, 25 hit "
            "points, attack 0, range 1, armor 5, speed 5 (armor 5 makes L308's 5 damage).",
            "Empathy reflects the damage the attack dealt after armor; the reflected damage "
            "is no attack and its source is hidden.")),
    Record("P14", (294, 297), "Monk rebalance",
           ({"op": "amend", "rule": 1219, "text": _MONK_P14, "params": {"max_hp": 40}},
            {"op": "amend", "rule": 1220, "text": _DWAYNA_P14, "params": {"not_to": ["mesmer"]}},
            {"op": "amend", "rule": 1221, "text": _ORISON_P14, "params": {"heal": 10}}),
           ("Existing Monks gain the 15 by which the maximum rises (the Monk rule's "
            "amendment gives it, once).",)),
    Record("P15", (283, 293), "Power Drain and Spell Shield",
           (_enact("power-drain", 1232), _enact("spell-shield", 1233)),
           ("Power Drain takes at most what the target has, and the issuer gains what was "
            "taken; a player does not drain themselves.",
            "Spell Shield stops commands only; a shielded target cannot be shielded again "
            "until it ends.")),
    Record("P16", (279, 282), "Enchantments on units and players",
           ({"op": "amend", "rule": 1203, "text": _COMMANDS_P16},),
           ("Text only: Spell Shield (P15) already enchants players, as its own text says.",)),
    Record("P17", (272, 278), "Build Fort", (_enact("build-fort", 1234),),
           ("A player's own build-fort (Rule 1210) stays.",)),
    Record("P18", (270, 271), "Board size 90 and the fort land rush",
           ({"op": "effect", "class": _class("extend-the-board")},
            _enact("fort-land-rush", 1235)),
           ("The 30 new squares follow the last; Rule 710 gives them resources.",
            "Unoccupied means no unit or building there; players may be.",
            "The week is the life of Rule 1235, which repeals itself when it is over.")),
    Record("P19", (266, 269), "Jumps",
           ({"op": "repeal", "rule": 802}, {"op": "repeal", "rule": 801},
            _enact("jumps", 1601)),
           ("Jumps replace turns (the admin's comment, L269): Rules 801 and 802 are "
            "repealed by the same amendment.",
            "The distance is that of Rule 1212 (the two-dimensional layout).",
            "The fine takes at most what the player has, and is checked after every action "
            "and timer.")),
    Record("P20", (263, 265), "Duck Pond",
           (_enact("duck-pond", 1236), _enact("build-duck-pond", 1237)),
           ("The Ducky lands on any square it arrives at by a walk or a jump; half the Bank "
            "Account, rounded down, goes to the square's resources once per landing.",)),
    Record("P21", (262, 262), "The Rber Ducky moves three times a week",
           ({"op": "amend", "rule": 1402,
             "text": "The Rber Ducky occupies a square on the board, and will move forward by "
                     "the roll of a 6-sided dice every Monday, Wednesday, and Saturday.",
             "params": {"schedule": "every Monday, Wednesday and Saturday at 00:00 GMT"}},),
           ("At 00:00 GMT on those days, as the Saturday move before it.",)),
    Record("P22", (235, 261), "Laser Howitzer, Bombard and Repair",
           (_enact("laser-howitzer", 1238), _enact("upgrade-to-laser-howitzer", 1239),
            _enact("bombard", 1240), _enact("repair", 1241),
            {"op": "amend", "rule": 1215, "text": _SCV_P22, "params": {"max_hp": 40}}),
           ("The Howitzer's list of commands says what it may also be issued; the commands "
            "for any unit still apply.",
            "Bombard is no attack: armor, Walls and Empathy do not apply to it.",
            "Repair's target may be the SCV itself.",
            "Existing SCVs gain the 20 by which the maximum rises.")),
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
    # -- later unit proposals: the railroad, XV.2's repeal, Echo (P24-P26) -----------------
    Record("P24", (181, 200), "Railroad!",
           (_enact("railway", 1242), _enact("build-railway", 1243),
            _enact("ride-railway", 1244)),
           ("The Railway, Build Railway and Ride Railway are Rules 1242-1244, after P22's.",
            "A square whose only units or buildings are Railways (of anyone) is open to "
            "anyone's units; a building there must be the Railway owner's (Rule 1204).",
            "Ride Railway is issued on a square with a Railway of the unit's owner; the "
            "adjacent square it goes to must be one the unit may stand on.",
            "Rule 1502 does not count Ride Railway; a square may hold several Railways "
            "until P42.")),
    Record("P25", (180, 180), "Remove rule XV.2", ({"op": "repeal", "rule": 1502},),
           ("XV.2 is Rule 1502 (the limit of 30 a day).",)),
    Record("P26", (174, 179), "Echo", (_enact("echo", 1245),),
           ("Rule 1245. The Mesmer enchants itself; Echo has no cool-down and lasts 1 day.",
            "The first command issued to the Mesmer while enchanted opens the hour in which "
            "the same command may be issued again, cooling down or not; the repeat ends "
            "Echo. If the hour passes unused, Echo is spent and ends too.",
            "The two cool-downs overlap: the later end stands.")),
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
    # -- later unit proposals: Bombard reworded, the Monks, Max HP (P28, P30-P32) ----------
    Record("P28", (153, 154), "Bombard reworded",
           ({"op": "amend", "rule": 1240, "text": _BOMBARD_P28},),
           ("A text amendment of Rule 1240: a Wall is a building, so Bombard already hit it "
            "and ignored armor and walls.",)),
    Record("P30", (127, 135), "Fertile Season and Heal Area",
           (_enact("fertile-season", 1246), _enact("heal-area", 1247)),
           ("Rules 1246 and 1247. Fertile Season's $1000 are made, taken from no one.",
            "Heal Area gives every unit on the Monk's square (the Monk too) 10 hit points "
            "with no cap until Max HP (P32); buildings are not healed.")),
    Record("P31", (126, 126), "Orison of Healing cools down 1 day",
           ({"op": "amend", "rule": 1221, "text": _ORISON_P31,
             "params": {"cooldown_hours": 24}},),
           ("An amendment of Rule 1221's text and cool-down.",)),
    Record("P32", (125, 125), "Max HP",
           (_enact("max-hp", 1248), *_max_hp_amendments()),
           ("Rule 1248 caps hit points at the type's maximum; every section XII rule that "
            "says \"initial hit points\" is amended to say \"Max HP\", and so is the Imps' "
            "rule (1901, \"Initial HP\"), in force since P29.",
            "Units above their maximum (from Heal Area) are set to it on enactment; that "
            "is no damage.")),
    # -- section XIX, Imps, then Minions and Lairs (P29, P36, P39) ----------------------
    Record("P29", (136, 152), "Imps and the Magic Mining Pick",
           (_enact("imps", 1901), _enact("magic-mining-pick", 1712)),
           ("Section XIX: the Imps are Rule 1901 (L136-148); the Magic Mining Pick (L149-152) "
            "is an item, Rule 1712, outside XIX, which P39 repeals while Picks stay. One "
            "proposal, as the Imps' text says \"(see below)\".",
            "An Imp is a type owned by no one (50 hit points, armor 0), so that it is "
            "attacked, damaged and targeted as a unit; it is not a unit for experience, "
            "Soul Gems or cakes.",
            "\"Every third day\" counts from the rule's enactment; the Imps act every day "
            "at 00:00 GMT after that day's release, in the order they were made.",
            "The 73 hours stop when the Imp's square has no player at the end of an action "
            "or timer; the Ducky then does not come. With no Ducky there is no calling.",
            "The Dark Lord keeps the items the Imps take, in his own account.",
            "Cakes take 5% of a player's dollars rounded down; they do not hit Imps.",
            "Super Mining covers the SCVs the player owns when the Pick is used; the extra "
            "$50 is made, not taken from the square.")),
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
    # -- experience for kills (P35) -----------------------------------------------------
    Record("P35", (122, 122), "Experience for kills", (_enact("experience-for-kills", 1304),),
           ("Rule 1304, in section XIII. The killing blow decides who \"directly causes\" "
            "a kill: the owner of the unit that dealt it, or the player whose command or "
            "item dealt it.",
            "Hidden damage (Empathy's) credits no one; the Dark Lord's things are no "
            "player's.")),
    # -- Safecracking (P37) --------------------------------------------------------------
    Record("P37", (113, 116), "Safecracking", (_enact("safecracking", 1249),),
           ("Rule 1249, the number kept for it in section XII (between Max HP, 1248, and "
            "the Refinery, 1250).",
            "The 24 hours are the SCV's cool-down: the hourly relief (Rule 1255, P44) may "
            "end them early, and the SCV then cracks the box and its owner gets the item; "
            "cakes lengthen them.",
            "The box is the one on the SCV's square when the command is issued; if it is "
            "removed first (taken, cracked by another SCV, opened for the Dark Lord, "
            "taken by an Imp or Minion, removed by Rule 1702), the SCV cools down for the "
            "time it had left and gets nothing. Two SCVs on one box: the first to finish "
            "gets it.",
            "The owner takes the item as a player takes a box (Rule 1702's take-box), "
            "wherever the owner is; Rule 1702 then places the tenth box.")),
    # -- the Refinery (P38) --------------------------------------------------------------
    Record("P38", (98, 112), "Refinery and Refine Goods",
           (_enact("refinery", 1250), _enact("build-refinery", 1251),
            _enact("refine-goods", 1252)),
           ("Rules 1250-1252. The extra $50 is for an SCV Mining on the same square as a "
            "Refinery (the seed's words), made, not taken from the resources.",
            "Refine Goods pays 110% of the dollars chosen, made, whenever the cool-down "
            "actually ends (early too); nothing if the unit or building is destroyed "
            "first.")),
    # -- the Imps' items (P36) -------------------------------------------------------------
    Record("P36", (117, 121), "Imp-in-the-Box, Imping Stick and Force Field",
           (_enact("imp-in-the-box", 1713), _enact("imping-stick", 1714),
            _enact("force-field", 1715),
            {"op": "amend", "rule": 1801, "text": _SHOP_P36, "params": {"trades": _TRADES_P36}}),
           ("Items, Rules 1713-1715 (not section XIX, which P39 repeals while P48 still "
            "finds Imping Sticks and Imp-in-the-Boxes to remove); Frequency 0.",
            "\"Shop of Horror\" is the Shop of Terror (Rule 1801); the three trades are "
            "added to its trade table.",
            "Imp-in-the-Box: usable where an Imp could be placed (no unit or building of a "
            "player there); it makes three Imps of the Imp rule in force (Minions after P39).",
            "Imping Stick: the kills are credited to the user, but give no Magic Mining Pick.",
            "Force Field: a status of the square's identity for 3 days; it refuses the action "
            "jump (Rule 1601) onto the square, nothing else.")),
    # -- Minions and Lairs replace the Imps (P39) ----------------------------------------
    Record("P39", (70, 97), "Minions and Lairs",
           ({"op": "repeal", "rule": 1901}, _enact("minions-and-lairs", 1901),
            _enact("imperial-guard", 1902), _enact("dark-portal", 1903),
            _enact("minion-imp", 1904)),
           ("\"All rules in section XIX are repealed\": Rule 1901 (P29's Imps), the only one; "
            "the new frameworks take the section again, Rules 1901-1904 (L71, L72-76, L77-80, "
            "L81-96). The Magic Mining Pick (Rule 1712) and P36's items are not in XIX.",
            "Existing Imps are of kind imp, which Rule 1904 now declares: they convert with "
            "their hit points, squares and calling.",
            "Minions act every day at 00:00 GMT in the order they were made, after that "
            "midnight's release of Imps (new ones act at once); the Dark Portals' Imps "
            "appear with the release, even when no empty square is left.",
            "The IMPerial Guard attacks a player's unit or building on an adjacent square "
            "(not its own), one the Attack command could target, drawn uniformly; it does "
            "not cool down and its kills are no one's.",
            "An Imp that becomes an IMPerial Guard keeps its id; its hit points are "
            "rescaled by Rule 1218 (50 of 50 stays 50).")),
    # -- Research (P40) -------------------------------------------------------------------
    Record("P40", (40, 69), "Research",
           (_enact("laboratory", 2001), _enact("build-laboratory", 2002),
            _enact("scientist", 2003), _enact("recruit-scientist", 2004),
            _enact("research-breakthrough", 2005), _enact("counter-research", 2006),
            _enact("noon-research", 2007), _enact("midnight-counter-research", 2008)),
           ("Section XX, Rules 2001-2008 in the seed's order (L40-45, L46-49, L50-55, "
            "L56-59, L60-63, L64-67, L68, L69).",
            "Researching and Counter-Researching begin when the command's cool-down ends, "
            "by its time or by the hourly relief (P44); a Scientist then off a "
            "Laboratory's square does not begin.",
            "A Scientist stops when it is not on a square with a Laboratory (any "
            "player's) or is no longer a Scientist: checked at the end of every action "
            "and timer and before each payout; a destroyed Scientist stops with it.",
            "Noon and midnight Central are the clock times of America/Chicago (CST or "
            "CDT, as in force that day); clocks change at 2:00, so each day has one noon "
            "and one midnight payout.",
            "At midnight each player's gains and losses are one sum; a net loss stops at "
            "$0 (forced losses); the money is made, and lost money leaves the game.")),
    Record("P41", (38, 39), "The Experience Fairy", (_enact("experience-fairy", 2101),),
           ("Section XXI, Rule 2101.",
            "\"Receive Teaching\" and \"Receive Training\" are the same action.",
            "The Fairy stays 24 hours unless someone is taught first.")),
    # -- one railway per square; hold, own and safe (P42) --------------------------------
    Record("P42", (34, 37), "One railway per square; hold, own and safe",
           (_enact("one-railway-per-square", 1253), _enact("square-terms", 1254)),
           ("Rule 1253: of several Railways on a square the oldest stays; each other is "
            "destroyed (no damage, no kill) and its owner is refunded $500, made.",
            "Rule 1254: the words drive no rule yet; every view shows, for each square "
            "someone holds, who holds it, who owns it and whether it is safe.",
            "A square with no owner is not safe; a square owns at most one owner "
            "(Rule 1204).")),
    Record("P43", (33, 33), "The Shop of Terror moves every Saturday",
           (_enact("shop-moves", 1806),),
           ("Rule 1806, in the Shop's section; a different square drawn uniformly.",)),
    # -- the hourly relief (P44) ---------------------------------------------------------
    Record("P44", (32, 32), "Every hour one cool-down ends", (_enact("hourly-relief", 1255),),
           ("Rule 1255: every hour on the hour GMT, one unit or building cooling down, drawn "
            "uniformly, stops cooling down; what waits for the end of its cool-down follows.",
            "A safecracking SCV counts as cooling down; Minions are not units.")),
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
    # -- the Musketeer (P47) ------------------------------------------------------------
    Record("P47", (8, 23), "Musketeer",
           (_enact("musketeer", 1256), _enact("upgrade-to-musketeer", 1257)),
           ("Rules 1256 and 1257. After an attack at distance 2 the Musketeer cools down 36 "
            "hours, at distance 1 (or 0, its own square) 24 hours.",
            "\"Enchantment: no / Duration: NA\" add nothing; the transformation rescales "
            "hit points (Rule 1218).")),
    # -- the Public Market (P46) ------------------------------------------------------------
    Record("P46", (24, 28), "The Public Market",
           (_enact("public-market", 2201),
            {"op": "amend", "rule": 1904, "text": _IMP_P46,
             "params": {"priorities": _PRIORITIES_P46}}),
           ("Section XXII, Rule 2201 (L24-26); the admin's comment (L28) is the web's Market "
            "page.",
            "Any good may be traded; a dead player (Rule 1301) may not use the Market; a "
            "player does not fill his own request (he retracts it).",
            "\"Replace Priority #2 for Imps\" amends Rule 1904: its text and the second entry "
            "of its list, which Rule 2201 contributes.",
            "The Dark Lord asks $1 under the lowest sell request for the item, never under "
            "$1; with no sell request for it he keeps it. His requests are his own "
            "(dark-lord), their proceeds the Bank Account of Terror's.",
            "P49's unopened boxes (Rule 1711) go on the market the same way once this rule "
            "is in force.")),
    # -- Soul Gems (P48) ----------------------------------------------------------------
    Record("P48", (4, 7), "Soul Gems",
           (_enact("soul-gem", 1716), _enact("charged-soul-gem", 1717),
            {"op": "effect", "class": _class("soul-gem-conversion")},
            {"op": "repeal", "rule": 1713}, {"op": "repeal", "rule": 1714},
            {"op": "amend", "rule": 1801, "text": _SHOP_P48, "params": {"trades": _TRADES_P48}}),
           ("Items: the Uncharged Soul Gem is Rule 1716 (L4's first sentences, L5, L6), the "
            "Charged one Rule 1717 (L7); two goods, Frequency 0.",
            "Each Imping Stick and Imp-in-the-Box anyone holds becomes an Uncharged Soul Gem, "
            "those offered on the Market included (their requests are retracted first); "
            "then Rules 1713 and 1714 are repealed. The Force Field (1715) stays.",
            "A gem charges when a player's unit (not a building, Imp or Minion) is killed "
            "on the holder's square or an adjacent one, one gem per unit killed, for each "
            "holder near it.",
            "An Uncharged Gem used with a Ghost in hand: the Ghost is lost and the gem "
            "becomes Charged; without one it is lost for nothing.",
            "A Charged Gem is used up: a building on the user's square (any owner's, a Lair "
            "too) loses 200 hit points, not an attack.")),
    Record("P49", (3, 3), "Unopened ? boxes open for the Dark Lord",
           (_enact("box-expiry", 1711),),
           ("Rule 1711, in the ? boxes' section; the 120 hours count from each box's "
            "placing, boxes placed before the rule included.",
            "The Dark Lord keeps the item; his sell request needs the Public Market (P46): "
            "while no market rule is in force he only keeps it.",
            "His ask is $1 under the lowest, and never under the market's lowest price.")),
    # -- the victory (P51) --------------------------------------------------------------
    Record("P51", (1, 1), "Victory at level 25", (_enact("victory", 1102),),
           ("Rule 1102, after Ending the Game (Rule 1101); checked at the end of every "
            "batch, with levels as Rule 1301 settles them.",
            "Of several at level 25 or more, the highest level wins; then the highest "
            "Experience; players still tied all win.")),
    # -- Minions and Lairs removed (P50) ------------------------------------------------
    Record("P50", (2, 2), "Remove Minions and Lairs",
           ({"op": "repeal", "rule": 1901}, {"op": "repeal", "rule": 1902},
            {"op": "repeal", "rule": 1903}, {"op": "repeal", "rule": 1904}),
           ("Section XIX (Rules 1901-1904) is repealed; the repeal of the frameworks (Rule "
            "1901) removes every Minion and Lair from the board.",
            "What is the Dark Lord's stays: the Bank Account of Terror, his items and his "
            "requests on the Market; so do the Magic Mining Picks and the items of P36 and "
            "P48, which are not in section XIX.")),
)

# The records are written in blocks by section; the history is their enactment order.
RECORDS = tuple(sorted(RECORDS, key=lambda record: record.index))
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
