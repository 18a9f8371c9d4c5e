"""Units and buildings: their types, as rules declare them, and the things of those
types on the board.

A type is a rule (:class:`UnitType`): its ``kind`` (``warrior``, ``fort``), its class
(``unit`` or ``building``) and its stats as parameters, so that an amendment changes
them ("Increase the initial HP of Monks from 25 to 40"). The rules in force make the
*catalogue*; the first rule in precedence order that declares a kind is the one that
counts.

A unit or building is an entity of the kernel's store (``entities.<id>``) whose kind
is a type's: ``{kind, owner, location, hp}``. It is made and destroyed here, with the
cause and the player responsible (the kernel's ``entity.created`` and
``entity.destroyed``), and placed only where the placement rules allow: a square holds
units and buildings of one owner, at most one of a type that is unique per square, and
whatever a rule in force says besides (the adjuster ``units.placement``: a Railway's
square open to anyone's units, no unit on an Imp's square).

Its cool-down is the kernel's status ``cooling-down`` (:mod:`nomicon.mechanics.
cooldowns`), and its enchantments are statuses too, all keyed by its id, so a
transformation, which keeps the id, keeps them.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from nomicon.kernel.rules import Rule, RuleParams
from nomicon.mechanics.events import HEALED, HP_CUT, TRANSFORMED

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: The classes of types: "A Building is defined by the exact same properties as a
#: Unit, excluding speed."
CLASSES = ("unit", "building")
#: The name under which the rule of the units framework contributes itself, so that a
#: placement it forbids cites it.
FRAMEWORK = "units.framework"
#: The adjuster through which rules extend the placement checks.
PLACEMENT = "units.placement"
#: What a rule contributes to cap every unit's hit points at its type's maximum ("A
#: unit/building may never have its HP higher than its Max HP"), over effects that
#: set no limit of their own.
HP_CAP = "units.hp-cap"


class TypeParams(RuleParams):
    """A type's stats. The defaults are the framework's: "Initial hit points (100 if
    not specified) - Attack strength (0 if not specified) - Attack range (1 if not
    specified) - Armor (0 if not specified) - Speed (1 if not specified)"."""

    max_hp: int = 100
    attack: int = 0
    range: int = 1
    armor: int = 0
    speed: int = 1
    one_per_square: bool = False


class UnitType(Rule):
    """Base of the rules that declare a type of unit or building."""

    #: The entities' kind (lower case, hyphens: ``laser-howitzer``).
    kind: ClassVar[str] = ""
    #: ``unit`` or ``building``.
    type_class: ClassVar[str] = "unit"
    Params: ClassVar[type[RuleParams]] = TypeParams
    params: TypeParams

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type_class not in CLASSES:
            raise TypeError(f"{cls.__name__}: a type is a unit or a building, not "
                            f"{cls.type_class!r}")

    def on_amend(self, ctx: Ctx, old: Rule) -> None:
        """When the type's maximum hit points change, the things of the type change
        with it, once: a rise is given to each ("increase the current HP of all
        existing Monks by 15 to reflect this change"), and a fall takes each down to
        the new maximum at most ("A unit/building may never have its HP higher than
        its Max HP")."""
        before = getattr(old.params, "max_hp", self.params.max_hp)
        rise = self.params.max_hp - before
        if rise == 0:
            return
        for eid in ctx.entities_of(self.kind):
            hp = int(ctx.entity(eid)["hp"])  # type: ignore[index]
            after = min(hp + rise, self.params.max_hp) if rise > 0 else min(hp, self.params.max_hp)
            if after == hp:
                continue
            ctx.set_entity(eid, hp=after)
            if after > hp:
                ctx.emit(HEALED, f"{eid} gains {after - hp} hit points ({self.label}: "
                         f"maximum {before} -> {self.params.max_hp})", entity=eid,
                         kind=self.kind, amount=after - hp, hp=after,
                         cause=f"maximum hit points raised by {self.label}")


@dataclass(frozen=True)
class Stats:
    """A type as the rules in force declare it."""

    kind: str
    type_class: str
    max_hp: int
    attack: int
    range: int
    armor: int
    speed: int
    one_per_square: bool
    rule: UnitType


#: The catalogue of each ruleset, worked out once. The engine builds a new ruleset
#: whenever the rules in force change and never alters one, while the commands ask for
#: the catalogue for every form of every unit (most of the time of listing the legal
#: actions of a game with an army); weak keys, so a ruleset's entry goes with it.
_CATALOGUES: weakref.WeakKeyDictionary[Any, dict[str, Stats]] = weakref.WeakKeyDictionary()


def catalogue(ctx: Ctx) -> dict[str, Stats]:
    """Every type of the rules in force, by kind, in precedence order."""
    rules = ctx.rules
    try:
        found = _CATALOGUES.get(rules)
    except TypeError:  # rules in force that cannot be weakly referred to: no memo
        return catalogue_of(rules.rules)
    if found is None:
        found = _CATALOGUES[rules] = catalogue_of(rules.rules)
    return dict(found)  # a copy: the caller may change it, the memo stays


def catalogue_of(rules: Sequence[Rule]) -> dict[str, Stats]:
    """Every type that ``rules`` (in precedence order) declare, by kind: the catalogue
    of a ruleset read outside an action (a page showing each unit's maximum HP)."""
    found: dict[str, Stats] = {}
    for rule in rules:
        if isinstance(rule, UnitType) and rule.kind and rule.kind not in found:
            p = rule.params
            found[rule.kind] = Stats(rule.kind, rule.type_class, p.max_hp, p.attack, p.range,
                                     p.armor, p.speed, p.one_per_square, rule)
    return found


def stats_of(ctx: Ctx, kind: str) -> Stats | None:
    """The type ``kind`` as the rules in force declare it (None: no such type)."""
    return catalogue(ctx).get(kind)


def stats_for(ctx: Ctx, eid: str) -> Stats | None:
    """The type of entity ``eid`` (None: it is not a unit or building, or is gone)."""
    record = ctx.entity(eid)
    return None if record is None else stats_of(ctx, record["kind"])


def hp(ctx: Ctx, eid: str) -> int:
    record = ctx.entity(eid)
    if record is None:
        raise KeyError(f"there is no unit or building {eid!r}")
    return int(record["hp"])


# -- placement -------------------------------------------------------------------------
class Placement(TypedDict):
    """A placement as the adjuster ``units.placement`` sees it: what would stand where
    (``entity``: the one moving or changing type; None for a new one), and the problem
    found so far with the rule that found it (None: allowed). An adjuster returns it
    with ``problem`` and ``rule`` changed to forbid it, or emptied to allow it."""

    kind: str
    owner: str | None
    location: Any
    entity: str | None
    problem: str | None
    rule: str | None


def _framework(ctx: Ctx, fallback: Rule) -> Rule:
    for rule, _value in ctx.contributions(FRAMEWORK):
        return rule
    return fallback


def placement_problem(ctx: Ctx, kind: str, owner: str | None, location: Any, *,
                      entity: str | None = None) -> tuple[str, Rule] | None:
    """Why a ``kind`` of ``owner`` may not stand at ``location`` (the reason and the
    rule that forbids it), or None when it may."""
    table = catalogue(ctx)
    stats = table.get(kind)
    if stats is None:
        ctx.refuse(f"no rule in force defines the type {kind!r}",
                   detail="a proposal may have repealed it")
    found: Placement = {"kind": kind, "owner": owner, "location": location, "entity": entity,
                        "problem": None, "rule": None}
    for other in ctx.entities_at(location):
        record = ctx.entity(other)
        if other == entity or record is None or record["kind"] not in table:
            continue
        if record["owner"] != owner:
            found["problem"] = (f"square {location} holds {record['owner']}'s {record['kind']} "
                                f"{other}: a square holds units and buildings of one owner")
            found["rule"] = _framework(ctx, stats.rule).rid
            break
        if stats.one_per_square and record["kind"] == kind:
            found["problem"] = f"square {location} already holds a {kind} ({other})"
            found["rule"] = stats.rule.rid
            break
    adjusted = ctx.adjust(PLACEMENT, found)
    if adjusted is None or adjusted["problem"] is None:
        return None
    rule = ctx.rules.by_rid.get(adjusted["rule"] or "") or stats.rule
    return adjusted["problem"], rule


def require_placement(ctx: Ctx, kind: str, owner: str | None, location: Any, *,
                      entity: str | None = None) -> None:
    """Refuse, in the name of the rule that forbids it, a placement that is not allowed."""
    problem = placement_problem(ctx, kind, owner, location, entity=entity)
    if problem is not None:
        ctx.refuse(problem[0], rule=problem[1])


# -- making, moving, changing and destroying -------------------------------------------
def create(ctx: Ctx, kind: str, *, owner: str | None, location: Any, cause: str,
           by: str | None = None) -> str:
    """Make a ``kind`` for ``owner`` at ``location`` with its full hit points ("A
    unit/building upon creation has hit points equal to its initial hit points
    value"); refused where it may not stand. Returns its id."""
    stats = stats_of(ctx, kind)
    if stats is None:
        ctx.refuse(f"no rule in force defines the type {kind!r}",
                   detail="a proposal may have repealed it")
    require_placement(ctx, kind, owner, location)
    return ctx.create_entity(kind, owner=owner, location=location, cause=cause, by=by,
                             hp=stats.max_hp)


def move(ctx: Ctx, eid: str, location: Any) -> None:
    """Move a unit or building to ``location``, refused where it may not stand."""
    record = ctx.entity(eid)
    if record is None:
        raise KeyError(f"there is no unit or building {eid!r}")
    require_placement(ctx, record["kind"], record["owner"], location, entity=eid)
    ctx.move_entity(eid, location)


def rescaled(hp_now: int, old_max: int, new_max: int) -> int:
    """The hit points after a change of type: "(HP of new unit) = ceil((Initial HP of
    new unit type) * (HP of old unit) / (Initial HP of old unit type))", in whole
    numbers so that no float rounds it."""
    return -(-new_max * hp_now // old_max)


def transform(ctx: Ctx, eid: str, kind: str, *, cause: str) -> int:
    """Make ``eid`` a ``kind``: the same id, cool-down and statuses, its hit points
    rescaled to the new type's maximum. Returns its new hit points."""
    record = ctx.entity(eid)
    old, new = stats_for(ctx, eid), stats_of(ctx, kind)
    if record is None or old is None:
        raise KeyError(f"there is no unit or building {eid!r}")
    if new is None:
        ctx.refuse(f"no rule in force defines the type {kind!r}",
                   detail="a proposal may have repealed it")
    require_placement(ctx, kind, record["owner"], record["location"], entity=eid)
    before = int(record["hp"])
    after = rescaled(before, old.max_hp, new.max_hp)
    ctx.set_entity(eid, kind=kind, hp=after)
    ctx.emit(TRANSFORMED, f"{eid} becomes a {kind} ({before}/{old.max_hp} -> "
             f"{after}/{new.max_hp} hit points)", entity=eid, owner=record["owner"],
             before=old.kind, after=kind, hp_before=before, hp=after, cause=cause)
    return after


def capped(ctx: Ctx) -> bool:
    """Whether a rule in force caps every unit's hit points at its type's maximum
    (contributes :data:`HP_CAP`)."""
    return bool(ctx.contributions(HP_CAP))


def heal(ctx: Ctx, eid: str, amount: int, *, cause: str, over_max: bool = False) -> int:
    """Give ``eid`` up to ``amount`` hit points, never above its type's maximum ("if
    the target's hit points are greater then its Initial Hit Points then its hit
    points become its Initial Hit Points"). ``over_max``: the effect itself sets no
    limit ("have their hit points increased by 10"), so only a rule that caps hit
    points (:func:`capped`) stops it at the maximum. Returns what it gained."""
    stats = stats_for(ctx, eid)
    if stats is None:
        raise KeyError(f"there is no unit or building {eid!r}")
    before = hp(ctx, eid)
    top = before + max(amount, 0)
    if not over_max or capped(ctx):
        top = min(top, stats.max_hp)
    after = max(before, top)
    if after == before:
        return 0
    ctx.set_entity(eid, hp=after)
    ctx.emit(HEALED, f"{eid} gains {after - before} hit points ({after}/{stats.max_hp})",
             entity=eid, kind=stats.kind, amount=after - before, hp=after, cause=cause)
    return after - before


def cut_to_max(ctx: Ctx, *, cause: str) -> list[str]:
    """Set every unit and building above its type's maximum to the maximum ("if this
    would happen, the unit/building's HP are instead set to its Max HP"): not damage,
    so nothing that answers damage is set off. Returns those cut down."""
    table = catalogue(ctx)
    cut = []
    for kind, stats in table.items():
        for eid in ctx.entities_of(kind):
            before = hp(ctx, eid)
            if before > stats.max_hp:
                ctx.set_entity(eid, hp=stats.max_hp)
                ctx.emit(HP_CUT, f"{eid} has {before} hit points, above its maximum: set "
                         f"to {stats.max_hp}", entity=eid, kind=kind, before=before,
                         hp=stats.max_hp, cause=cause)
                cut.append(eid)
    return cut


def destroy(ctx: Ctx, eid: str, *, cause: str, by: str | None = None) -> bool:
    """Take a unit or building off the board, ending its statuses (its cool-down and
    enchantments die with it: what they would have done when they end does not
    happen). False if it was already gone."""
    for name in list(ctx.get(["statuses", eid], {}) or {}):
        ctx.end_status(eid, name, "destroyed")
    return ctx.destroy_entity(eid, cause=cause, by=by)


def things(ctx: Ctx, *, owner: str | None = None, location: Any = None) -> list[str]:
    """The units and buildings of ``owner``, or at ``location``, in the order they
    were made (from the kernel's indexes)."""
    table = catalogue(ctx)
    ids = ctx.owned_by(owner) if owner is not None else ctx.entities_at(location)
    found = []
    for eid in ids:
        record = ctx.entity(eid)
        if record is not None and record["kind"] in table and (
                location is None or record["location"] == location):
            found.append(eid)
    return found
