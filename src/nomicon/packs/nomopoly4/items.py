"""Section XVII, items (P23, seed L201-234): their Frequency, using them, and the first
eight items; P33 (L124), P34 (L123) and P45 (L29-31) amend the Coin and the Fire Flower.

An item is a rule (:class:`ItemRule`) that declares it as a ledger good
(``accounts.<holder>.<item>``) with its Frequency as a parameter, so that a proposal
changes it by amending the rule. A player uses one with the single action ``use-item``
(Rule 1701), which the item's rule carries out; the item is used up unless its rule
says otherwise. The ? boxes that hand items out are :mod:`.boxes`.
"""

from __future__ import annotations

import math
from datetime import timedelta
from itertools import combinations, islice
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Currency, Refusal, Rule, RuleParams, action, hook
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.mechanics import combat, units
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.ducky import DUCKY
from nomicon.packs.nomopoly4.events import DUCKY_JUMPED, ITEM_USED
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE

#: Where a player's items are shown in views: ``players.<name>.items``.
INVENTORY = "items"
#: The status of a player who used a Ghost.
INVISIBLE = "invisible"
#: The arguments an item may take besides the item: a square, a player, targets.
ITEM_ARGS = ("to", "target", "targets")


class ItemParams(RuleParams):
    """Every item has a Frequency: "a non-negative integer property ... which defaults
    to 0 if not specified"."""

    frequency: int = Field(0, ge=0, description="the item's weight in a ? box's draw")


class ItemRule(Rule):
    """Base of the rules that define an item."""

    #: The good's name (lower case, hyphens: ``fire-flower``).
    item: ClassVar[str] = ""
    #: Whether using it uses it up (Rule 501: unless the item says otherwise).
    used_up: ClassVar[bool] = True
    #: Which of :data:`ITEM_ARGS` the item takes.
    takes: ClassVar[tuple[str, ...]] = ()
    Params: ClassVar[type[RuleParams]] = ItemParams
    params: ItemParams

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.item:
            cls.currencies = (Currency(cls.item, kind="good", inventory=INVENTORY,
                                       doc=cls.title),)

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        """Refuse (``ctx.require``) a use that cannot be made now; by default none."""

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        """Do what the item does; say what it did."""
        return "nothing happens"

    def choices(self, ctx: Ctx, actor: str, arg: str) -> list[Any] | None:
        """The values of ``arg`` that a form offers (None: any)."""
        return None


def in_force(ctx: Ctx) -> dict[str, ItemRule]:
    """The items the rules in force define, by name, the first in precedence order."""
    found: dict[str, ItemRule] = {}
    for rule in ctx.rules.rules:
        if isinstance(rule, ItemRule) and rule.item and rule.item not in found:
            found[rule.item] = rule
    return found


def frequencies(ctx: Ctx) -> list[tuple[str, int]]:
    """Each item currently defined with its Frequency, in the order of the rules."""
    return [(name, rule.params.frequency) for name, rule in in_force(ctx).items()]


def level(ctx: Ctx, player: str) -> int:
    """The player's Level (Rule 1301); 1, its starting value, where no rule gives one."""
    return int(ctx.attr(player, "level", 1))


def square_of(ctx: Ctx, player: str) -> int:
    where = ctx.attr(player, "location")
    ctx.require(numbered.layout(ctx).exists(where), "you are on no square")
    return int(where)


class Frequency(Rule):
    """All items in the game have a non-negative integer property known as "Frequency", which defaults to 0 if not specified."""  # noqa: E501

    key = "frequency"
    pack = PACK
    number = 1701
    title = "Items: Frequency"
    requires = frozenset({LOCATIONS})

    # Rule 501 (the base) lets a player use an item they hold; the action is here,
    # with the first rule that speaks of items, and each item's rule does the rest.
    @action("use-item", Arg("item", str, "the item to use"),
            Arg("to", int, "a square (Feather)", required=False),
            Arg("target", str, "another player (Red Shell)", required=False),
            Arg("targets", list, "units or buildings on your square (Fire Flower)",
                required=False))
    def use_item(self, ctx: Ctx, actor: str, item: str, to: int | None = None,
                 target: str | None = None, targets: list[Any] | None = None) -> None:
        """Use one of your items."""
        defined = in_force(ctx)
        rule = defined.get(item)
        ctx.require(rule is not None, f"there is no item {item!r}",
                    detail=f"the items are {', '.join(sorted(defined)) or 'none'}")
        assert rule is not None
        ctx.require(ctx.balance(actor, item) >= 1, f"you have no {item}")
        args = {"to": to, "target": target, "targets": targets}
        with ctx.running(rule):
            rule.check(ctx, actor, args)
            effect = rule.effect(ctx, actor, args)
            if rule.used_up:
                ctx.transfer(actor, None, 1, item, f"{actor} uses a {item}")
            ctx.emit(ITEM_USED, f"{actor} uses a {item}: {effect}", player=actor, item=item,
                     used_up=rule.used_up, effect=effect)

    @use_item.variants
    def forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        """One form for each item the actor holds and may use now."""
        found: list[dict[str, list[Any] | None]] = []
        for name, rule in in_force(ctx).items():
            if ctx.balance(actor, name) < 1:
                continue
            form: dict[str, list[Any] | None] = {"item": [name]}
            with ctx.running(rule):
                for arg in ITEM_ARGS:
                    form[arg] = rule.choices(ctx, actor, arg) if arg in rule.takes else None
                if any(form[arg] == [] for arg in rule.takes):
                    continue
                # Checked with the first choice of each argument the form offers.
                sample = {arg: (form[arg] or [None])[0] for arg in ITEM_ARGS}
                try:
                    rule.check(ctx, actor, sample)
                except Refusal:  # no form for an item that cannot be used now
                    continue
            found.append(form)
        return found


class Mushroom(ItemRule):
    """Item: Mushroom
    Frequency: 100
    Effect upon use: The player using this item has his Jumps value increased by 3."""

    key = "mushroom"
    pack = PACK
    number = 1703
    title = "Mushroom"
    item = "mushroom"

    class Params(ItemParams):
        frequency: int = Field(100, ge=0)
        jumps: int = Field(3, ge=0)

    params: Params

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        # Jumps are Rule 1601's (P19); without it a Mushroom has nothing to add to,
        # and the player keeps it (INTERPRETATIONS.md, Rule 1703).
        ctx.require("jumps" in ctx.rules.attributes.get("player", {}),
                    "no rule in force gives players Jumps to increase")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        jumps = int(ctx.attr(actor, "jumps", 0)) + self.params.jumps
        ctx.set_attr(actor, "jumps", jumps)
        return f"{actor}'s Jumps go up by {self.params.jumps} to {jumps}"


class Feather(ItemRule):
    """Item: Feather
    Frequency: 100
    Effect upon use: The player is immediately transported to any square of his choice."""

    key = "feather"
    pack = PACK
    number = 1704
    title = "Feather"
    item = "feather"
    takes = ("to",)
    requires = frozenset({SNAKE, LOCATIONS})

    class Params(ItemParams):
        frequency: int = Field(100, ge=0)

    params: Params

    def choices(self, ctx: Ctx, actor: str, arg: str) -> list[Any] | None:
        return list(numbered.layout(ctx).squares())

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        square_of(ctx, actor)
        to = args["to"]
        ctx.require(to is not None, "a Feather needs the square to go to (to)")
        ctx.require(numbered.layout(ctx).exists(to), f"there is no square {to}")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        # Transported, not walked: the square is landed on, nothing between is passed.
        end = walker.land(ctx, Piece.player(actor), int(args["to"]), how="a Feather")
        return f"{actor} is transported to square {end}"


class Coin(ItemRule):
    """Item: Coin
    Frequency: 100
    Effect upon use: The player receives $500"""

    key = "coin"
    pack = PACK
    number = 1705
    title = "Coin"
    item = "coin"
    requires = frozenset({HAS_DOLLARS})

    class Params(ItemParams):
        frequency: int = Field(100, ge=0)
        # P34 (L123) makes it $(250 * level): dollars 0, per_level 250.
        dollars: int = Field(500, ge=0, description="dollars a Coin gives")
        per_level: int = Field(0, ge=0, description="dollars more for each Level")

    params: Params

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        amount = max(0, self.params.dollars + self.params.per_level * level(ctx, actor))
        # Received from outside the game: no account pays for a Coin.
        got = ctx.transfer(None, actor, amount, DOLLARS, f"{actor} uses a Coin") if amount else 0
        return f"{actor} receives ${got}"


class FireFlower(ItemRule):
    """Item: Fire Flower
    Frequency: 50
    Effect upon use: All units on the square occupyed by the player lose 10 hit points."""

    key = "fire-flower"
    pack = PACK
    number = 1706
    title = "Fire Flower"
    item = "fire-flower"
    takes = ("targets",)

    class Params(ItemParams):
        frequency: int = Field(50, ge=0)
        # P23: every unit on the square loses damage + per_level x Level; P33 (L124)
        # makes it 5 x Level (damage 0, per_level 5).
        damage: int = Field(10, ge=0)
        per_level: int = Field(0, ge=0)
        # P45 (L29-31): the player chooses targets and the flower attacks them.
        chosen: bool = Field(False, description="the player chooses targets (P45)")
        attack: int = Field(30, ge=0, description="the strength of the attack on each")
        per: int = Field(2, ge=1, description="a target for each `per` Levels, rounded up")
        wall_kind: str = "wall"
        wall_per: int = Field(4, ge=1, description="with a Wall: a target for each "
                                                   "`wall_per` Levels, rounded up")
        wall_damage: int = Field(40, ge=0, description="non-attack damage to the Wall")
        wall_attack: int = Field(20, ge=0, description="the attack on the others")

    params: Params

    def _there(self, ctx: Ctx, actor: str) -> list[str]:
        where = ctx.attr(actor, "location")
        return units.things(ctx, location=where) if numbered.layout(ctx).exists(where) else []

    def _wall(self, ctx: Ctx, things: list[str]) -> str | None:
        return next((t for t in things if ctx.entity(t)["kind"] == self.params.wall_kind),  # type: ignore[index]
                    None)

    def _count(self, ctx: Ctx, actor: str, wall: str | None) -> int:
        per = self.params.wall_per if wall is not None else self.params.per
        return max(0, math.ceil(level(ctx, actor) / per))

    def choices(self, ctx: Ctx, actor: str, arg: str) -> list[Any] | None:
        if not self.params.chosen:
            return None
        things = self._there(ctx, actor)
        wall = self._wall(ctx, things)
        count = self._count(ctx, actor, wall)
        if count == 0:
            return [[]]
        if len(things) <= count:
            return [things]
        # A form lists a few selections (their number grows fast); any valid one may
        # be given. With a Wall, it is put first and the others are combined after it.
        rest = [t for t in things if t != wall]
        head = [wall] if wall is not None else []
        picks = combinations(rest, count - len(head)) if count > len(head) else iter([()])
        return [[*head, *pick] for pick in islice(picks, 20)]

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        square_of(ctx, actor)
        if not self.params.chosen or args["targets"] is None:
            return
        things = self._there(ctx, actor)
        chosen = [str(t) for t in args["targets"]]
        for target in chosen:
            ctx.require(target in things, f"{target} is not a unit or building on your square")
        ctx.require(len(set(chosen)) == len(chosen), "a target is chosen at most once")
        wall = self._wall(ctx, things)
        count = min(self._count(ctx, actor, wall), len(things))
        ctx.require(len(chosen) == count, f"choose {count} units or buildings on your square, "
                    f"not {len(chosen)}", detail=f"Level {level(ctx, actor)}")
        if wall is not None and count:
            ctx.require(wall in chosen, f"one of the targets must be the Wall ({wall})")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        things = self._there(ctx, actor)
        if not self.params.chosen:
            amount = self.params.damage + self.params.per_level * level(ctx, actor)
            hit = [t for t in things if units.stats_for(ctx, t).type_class == "unit"]  # type: ignore[union-attr]
            for target in hit:
                combat.damage(ctx, target, amount, by_player=actor, cause="a Fire Flower")
            return f"{len(hit)} units lose {max(amount, 0)} hit points"
        wall = self._wall(ctx, things)
        count = self._count(ctx, actor, wall)
        if args["targets"] is not None:
            chosen = [str(t) for t in args["targets"]]
        elif count == 0:
            chosen = []  # Level 0 or below: no target at all
        elif len(things) <= count or (wall is not None and count == 1):
            # "If there are less than that many units or buildings on that square, it
            # affects all of them"; a single target with a Wall there is the Wall.
            chosen = things if len(things) <= count else [wall]  # type: ignore[list-item]
        else:
            ctx.refuse(f"choose {count} units or buildings on your square (targets)")
        dealt = []
        for target in chosen:
            if target == wall:
                combat.damage(ctx, target, self.params.wall_damage, by_player=actor,
                              cause="a Fire Flower")
                dealt.append(f"{target} {self.params.wall_damage}")
            else:
                power = self.params.attack if wall is None else self.params.wall_attack
                got = combat.attack(ctx, target, base=power, by_player=actor,
                                    cause="a Fire Flower")
                dealt.append(f"{target} {got}")
        return "damage: " + (", ".join(dealt) or "none")


class Ghost(ItemRule):
    """Item: Ghost
    Frequency: 40
    Effect upon use: The player using this item becomes "invisible" for 3 days. A player that is invisible does not have his location shown to other players, and any time an invisible player performs an action that would result in him moving to another square, this action will not show up on the History page."""  # noqa: E501

    key = "ghost"
    pack = PACK
    number = 1707
    title = "Ghost"
    item = "ghost"

    class Params(ItemParams):
        frequency: int = Field(40, ge=0)
        days: int = Field(3, ge=1)

    params: Params

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        ctx.grant_status(actor, INVISIBLE, until=timedelta(days=self.params.days))
        return f"{actor} is invisible for {self.params.days} days"

    @hook(walker.LANDED)
    def landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self._hide_own_move(ctx, data.get("player"))

    @hook(walker.PLACED)
    def placed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self._hide_own_move(ctx, data.get("player"))

    def _hide_own_move(self, ctx: Ctx, player: Any) -> None:
        # Only an action the invisible player performs is kept from the others' history
        # (a ruling, INTERPRETATIONS.md, Rule 1707): a move another player or the clock
        # causes is theirs to show, while the location itself stays hidden.
        if player is not None and player == ctx.actor and ctx.has_status(player, INVISIBLE):
            ctx.hide_action("an invisible player's move (Rule 1707, Ghost)")

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer == "admin":
            return
        hidden = [holder for holder, held in (view.get("statuses") or {}).items()
                  if INVISIBLE in (held or {}) and holder != viewer]
        for name in hidden:
            player = view.get("players", {}).get(name)
            if isinstance(player, dict):
                player.pop("location", None)


def _other_players(ctx: Ctx, actor: str) -> list[str]:
    board = numbered.layout(ctx)
    return [p for p in ctx.players() if p != actor and board.exists(ctx.attr(p, "location"))]


def _ducky_jumps(ctx: Ctx, player: str, why: str) -> int:
    ducky = ctx.entity(DUCKY)
    assert ducky is not None
    start = int(ducky["location"])
    square = int(ctx.attr(player, "location"))
    end = walker.land(ctx, Piece.entity(DUCKY), square, how=why)
    ctx.set_entity(DUCKY, pied=[])  # a new arrival: whoever is there is caught (Rule 1403)
    ctx.emit(DUCKY_JUMPED, f"the Rber Ducky jumps from square {start} to {player}'s square "
             f"{end} ({why})", start=start, end=end, player=player, why=why)
    return end


def _require_ducky(ctx: Ctx) -> None:
    ctx.require(ctx.entity(DUCKY) is not None, "there is no Rber Ducky on the board",
                detail="the Ducky comes with Rule 1402")


class GreenShell(ItemRule):
    """Item: Green Shell
    Frequency: 40
    Effect upon use: The Rber Ducky immediately jumps to the square occupied by a randomly selected player (excluding the player who used this item)"""  # noqa: E501

    key = "green-shell"
    pack = PACK
    number = 1708
    title = "Green Shell"
    item = "green-shell"
    requires = frozenset({LOCATIONS})

    class Params(ItemParams):
        frequency: int = Field(40, ge=0)

    params: Params

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        _require_ducky(ctx)
        ctx.require(_other_players(ctx, actor), "there is no other player on the board")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        chosen = ctx.pick(_other_players(ctx, actor), f"the Green Shell of {actor}")
        end = _ducky_jumps(ctx, chosen, f"{actor}'s Green Shell")
        return f"the Rber Ducky jumps to {chosen} on square {end}"


class RedShell(ItemRule):
    """Item: Red Shell
    Frequency: 25
    Effect upon use: The player using this item may select any other player. The Rber Ducky immediately jumps to the square occupied by that player."""  # noqa: E501

    key = "red-shell"
    pack = PACK
    number = 1709
    title = "Red Shell"
    item = "red-shell"
    takes = ("target",)
    requires = frozenset({LOCATIONS})

    class Params(ItemParams):
        frequency: int = Field(25, ge=0)

    params: Params

    def choices(self, ctx: Ctx, actor: str, arg: str) -> list[Any] | None:
        return _other_players(ctx, actor)

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        _require_ducky(ctx)
        target = args["target"]
        ctx.require(target is not None, "a Red Shell needs the player to send it to (target)")
        ctx.require(target != actor, "select another player, not yourself")
        ctx.require(target in _other_players(ctx, actor),
                    f"{target!r} is not another player on the board")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        target = args["target"]
        end = _ducky_jumps(ctx, str(target), f"{actor}'s Red Shell")
        return f"the Rber Ducky jumps to {target} on square {end}"


class LightningBolt(ItemRule):
    """Item: Lightning Bolt
    Frequency: 2
    Effect upon use: All players except for the one using this item are immediately transported to the square occupied by the Rber Ducky."""  # noqa: E501

    key = "lightning-bolt"
    pack = PACK
    number = 1710
    title = "Lightning Bolt"
    item = "lightning-bolt"
    requires = frozenset({LOCATIONS})

    class Params(ItemParams):
        frequency: int = Field(2, ge=0)

    params: Params

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        _require_ducky(ctx)

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        ducky = ctx.entity(DUCKY)
        assert ducky is not None
        square = int(ducky["location"])
        moved = _other_players(ctx, actor)
        for player in moved:
            # Transported, so they land there; the Ducky's pies follow (Rule 1403).
            walker.land(ctx, Piece.player(player), square, how=f"{actor}'s Lightning Bolt")
        return f"{len(moved)} players are transported to the Rber Ducky's square {square}"
