"""Section XII, Units: the frameworks of P01 (seed L408-418) and the unit and building
proposals up to P22, on the game-neutral mechanics layer (``nomicon.mechanics``).

``framework``: Rules 1201-1206, the definitions and the ``command`` action;
``types``: one rule per unit or building type, its stats as parameters;
``commands``: one rule per command; ``enchantments``: the commands that enchant;
``landrush``: P18's larger board and its week of forts; ``railway``: P24's railroad
and P42's one railway a square; ``echo``: P26; ``healing``: P30's Monk commands and
P32's Max HP; ``refinery``: P38; ``relief``: P44's hourly end of a cool-down; ``musketeer``: P47.
"""

from __future__ import annotations

from nomicon.authoring import Rule
from nomicon.packs.nomopoly4.units.building import (
    BuildDuckPond,
    BuildFort,
    BuildGuardTower,
    BuildTeleporter,
    BuildWall,
    Teleport,
)
from nomicon.packs.nomopoly4.units.commands import (
    Attack,
    Mine,
    Move,
    OrisonOfHealing,
    PledgeServiceToDwayna,
    PledgeServiceToLyssa,
    PowerDrain,
    RecruitWarrior,
    Transformation,
    UpgradeToScv,
)
from nomicon.packs.nomopoly4.units.echo import Echo
from nomicon.packs.nomopoly4.units.enchantments import Empathy, SpellShield
from nomicon.packs.nomopoly4.units.framework import (
    BuildingsFramework,
    CommandsFramework,
    HitPoints,
    Issuing,
    Owning,
    UnitsFramework,
)
from nomicon.packs.nomopoly4.units.healing import FertileSeason, HealArea, MaxHp
from nomicon.packs.nomopoly4.units.howitzer import Bombard, Repair, UpgradeToLaserHowitzer
from nomicon.packs.nomopoly4.units.landrush import ExtendTheBoard, FortLandRush
from nomicon.packs.nomopoly4.units.musketeer import Musketeer, UpgradeToMusketeer
from nomicon.packs.nomopoly4.units.railway import (
    BuildRailway,
    OneRailwayPerSquare,
    Railway,
    RideRailway,
    SquareTerms,
)
from nomicon.packs.nomopoly4.units.refinery import BuildRefinery, RefineGoods, Refinery
from nomicon.packs.nomopoly4.units.relief import HourlyRelief
from nomicon.packs.nomopoly4.units.types import (
    DuckPond,
    Fort,
    GuardTower,
    LaserHowitzer,
    Mesmer,
    Monk,
    Scv,
    Teleporter,
    Wall,
    Warrior,
)

#: Every rule class of section XII, in the order of their numbers.
UNIT_RULES: tuple[type[Rule], ...] = (
    UnitsFramework, BuildingsFramework, CommandsFramework, Owning, HitPoints, Issuing,
    Fort, Move, Attack, RecruitWarrior, Warrior, Scv, UpgradeToScv, Mine, Transformation,
    Monk, PledgeServiceToDwayna, OrisonOfHealing, GuardTower, Wall, BuildGuardTower,
    BuildWall, Teleporter, BuildTeleporter, Teleport, Mesmer, PledgeServiceToLyssa, Empathy,
    PowerDrain, SpellShield, BuildFort, FortLandRush, DuckPond, BuildDuckPond,
    LaserHowitzer, UpgradeToLaserHowitzer, Bombard, Repair, ExtendTheBoard,
    # The later unit proposals (P24-P47).
    Railway, BuildRailway, RideRailway, Echo, FertileSeason, HealArea, MaxHp,
    OneRailwayPerSquare, SquareTerms, HourlyRelief, Musketeer, UpgradeToMusketeer,
    Refinery, BuildRefinery, RefineGoods,
)
