"""Combat: attacks, damage, and who killed what.

An attack (:func:`attack`) meets a strength with the target's armor, as Nomopoly IV's
Attack command says: "If the attacking unit's attack strength is greater than the
target unit/building's armor strength, then the target unit/building's hit points are
reduced by (attack strength - armor) - If ... equal ..., reduced by 1 - If ... less
..., then there is a 1 in (armor - attack strength) chance that the target's hit
points will be reduced by 1". The chance is a roll of the game's dice: a 1 on
1d(armor - attack).

Rules extend it through adjusters:

``attack.strength``
    an :class:`Strength` (attacker, target and their kinds and classes, the
    strength): the Laser Howitzer's 75 against buildings, 30 against Howitzers, 15
    against other units;
``attack.targetable``
    a :class:`Targeting`, whose ``problem`` a rule sets to forbid the attack: "A
    player may not attack any unit or building in a territory containing a Wall
    (other than the Wall itself)".

Damage that is not an attack (:func:`damage` with ``attack=False``: cakes, a Star
Egg, a Soul Gem, a Bombard "ignoring armor and walls") ignores armor and walls.
Every loss of hit points is a ``damaged`` event, which rules hook (Empathy reflects
an attack with :func:`reflect`); a unit or building at 0 hit points or fewer is
destroyed, with a ``killed`` event that names the unit that dealt the last of the
damage and its owner (experience, Magic Mining Picks, Soul Gems).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from nomicon.mechanics import geometry, units
from nomicon.mechanics.events import ATTACKED, DAMAGED, KILLED, Damaged

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx
    from nomicon.kernel.rules import Rule

#: The adjusters of combat.
STRENGTH = "attack.strength"
TARGETABLE = "attack.targetable"


class Strength(TypedDict):
    """An attack's strength as the adjuster ``attack.strength`` sees it."""

    attacker: str | None
    attacker_kind: str | None
    target: str
    target_kind: str
    target_class: str
    strength: int


class Targeting(TypedDict):
    """A target as the adjuster ``attack.targetable`` sees it; a rule that forbids
    the attack sets ``problem`` and ``rule`` (its own rid)."""

    attacker: str | None
    target: str
    location: Any
    problem: str | None
    rule: str | None


def distance(ctx: Ctx, a: str, b: str) -> int | None:
    """The board's distance between two entities' locations (None: no way)."""
    first, second = ctx.entity(a), ctx.entity(b)
    if first is None or second is None:
        return None
    return geometry.distance(ctx, first["location"], second["location"])


def in_range(ctx: Ctx, attacker: str, target: str) -> bool:
    """Whether ``target`` is within the attack range of ``attacker``'s type ("any
    unit or building whose distance to the attacking unit is less than or equal to
    the range of the attacking unit")."""
    stats = units.stats_for(ctx, attacker)
    apart = distance(ctx, attacker, target)
    return stats is not None and apart is not None and apart <= stats.range


def strength(ctx: Ctx, target: str, *, attacker: str | None = None,
             base: int | None = None) -> int:
    """The strength of an attack on ``target``: ``base``, or the attacker's type's
    attack strength, as the rules in force adjust it for the target."""
    record, stats = ctx.entity(target), units.stats_for(ctx, target)
    if record is None or stats is None:
        raise KeyError(f"there is no unit or building {target!r}")
    own = units.stats_for(ctx, attacker) if attacker is not None else None
    value = base if base is not None else (own.attack if own is not None else 0)
    asked: Strength = {"attacker": attacker, "attacker_kind": own.kind if own else None,
                       "target": target, "target_kind": stats.kind,
                       "target_class": stats.type_class, "strength": value}
    adjusted = ctx.adjust(STRENGTH, asked)
    return max(0, int(adjusted["strength"])) if adjusted is not None else 0


def targeting_problem(ctx: Ctx, target: str, *, attacker: str | None = None
                      ) -> tuple[str, Rule | None] | None:
    """Why ``target`` may not be attacked (the reason, and the rule that forbids it),
    or None when it may."""
    record = ctx.entity(target)
    if record is None:
        return (f"there is no {target!r} to attack", None)
    asked: Targeting = {"attacker": attacker, "target": target,
                        "location": record["location"], "problem": None, "rule": None}
    adjusted = ctx.adjust(TARGETABLE, asked)
    if adjusted is None or adjusted["problem"] is None:
        return None
    return adjusted["problem"], ctx.rules.by_rid.get(adjusted["rule"] or "")


def armor_damage(ctx: Ctx, strength: int, armor: int, purpose: str) -> int:
    """The damage of an attack of ``strength`` on ``armor``: the difference when
    the strength is greater, 1 when they are equal, and when it is less, 1 if a
    1d(armor - strength) shows 1 (a 1-in-(armor - strength) chance), else 0."""
    if strength > armor:
        return strength - armor
    if strength == armor:
        return 1
    return 1 if ctx.roll(armor - strength, purpose) == 1 else 0


def attack(ctx: Ctx, target: str, *, attacker: str | None = None, base: int | None = None,
           by_player: str | None = None, cause: str = "attack") -> int:
    """Attack ``target``, by ``attacker`` (a unit or building) or with ``base``
    strength from another source (an item "acts as an Attack"), in ``by_player``'s
    name (default: the attacker's owner). Range and targetability are the caller's
    to check (an item that attacks ignores both). Returns the damage dealt."""
    stats = units.stats_for(ctx, target)
    if stats is None:
        raise KeyError(f"there is no unit or building {target!r}")
    source = ctx.entity(attacker) if attacker is not None else None
    if by_player is None and source is not None:
        by_player = source["owner"]
    power = strength(ctx, target, attacker=attacker, base=base)
    dealt = armor_damage(ctx, power, stats.armor, f"{cause} on {target}")
    who = attacker or by_player or "something"
    ctx.emit(ATTACKED, f"{who} attacks {target}: strength {power} against armor "
             f"{stats.armor}, {dealt} damage", attacker=attacker, target=target,
             by_player=by_player, strength=power, armor=stats.armor, damage=dealt, cause=cause)
    if dealt > 0:
        damage(ctx, target, dealt, attack=True, source=attacker, by_player=by_player,
               cause=cause)
    return dealt


def damage(ctx: Ctx, target: str, amount: int, *, attack: bool = False,
           source: str | None = None, by_player: str | None = None, cause: str,
           hidden: bool = False) -> int:
    """Take ``amount`` hit points from ``target`` (no armor: the amount is what it
    loses), destroying it at 0 or fewer. ``hidden``: the events do not say where the
    damage came from (and so credit no one with a kill). Returns the amount taken."""
    record, stats = ctx.entity(target), units.stats_for(ctx, target)
    if record is None or stats is None or amount <= 0:
        return 0
    if hidden:
        source, by_player = None, None
    source_record = ctx.entity(source) if source is not None else None
    left = int(record["hp"]) - amount
    ctx.set_entity(target, hp=left)
    ctx.emit(DAMAGED, f"{target} loses {amount} hit points ({cause}); {left} left",
             entity=target, kind=stats.kind, owner=record["owner"], amount=amount, hp=left,
             attack=attack, source=source,
             source_kind=source_record["kind"] if source_record else None,
             by_player=by_player, cause=cause)
    if left <= 0 and ctx.entity(target) is not None:
        kill(ctx, target, by_unit=source, by_player=by_player, cause=cause)
    return amount


def kill(ctx: Ctx, target: str, *, by_unit: str | None, by_player: str | None,
         cause: str) -> None:
    """Destroy ``target`` and say who killed it ("If a unit or building ever has its
    hit points reduced to 0 or less, the unit/building is destroyed")."""
    record, stats = ctx.entity(target), units.stats_for(ctx, target)
    if record is None or stats is None:
        return
    units.destroy(ctx, target, cause=cause, by=by_player)
    killer = f" by {by_unit}" if by_unit else (f" by {by_player}" if by_player else "")
    ctx.emit(KILLED, f"{record['kind']} {target} is killed{killer} ({cause})", entity=target,
             kind=record["kind"], type_class=stats.type_class, owner=record["owner"],
             location=record["location"], by_unit=by_unit, by_player=by_player, cause=cause)


def reflect(ctx: Ctx, data: Damaged, *, cause: str) -> int:
    """Deal the damage of an attack back to the unit that made it, as Empathy does:
    "if a unit is attacked by another unit, the attacking unit is damaged for the
    same amount as the damaged unit", the amount being what the attack took after
    armor. It is not an attack, and its source is hidden ("the owner of the Warrior
    does not see the source of the damage"). A building's attack, or damage that
    was no attack, is not reflected. Returns the damage dealt back."""
    source = data["source"]
    if not data["attack"] or source is None:
        return 0
    stats = units.stats_for(ctx, source)
    if stats is None or stats.type_class != "unit":
        return 0
    return damage(ctx, source, data["amount"], attack=False, cause=cause, hidden=True)
