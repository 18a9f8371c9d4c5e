"""Commands: what the owner of a unit or building may order it to do.

"A Command is defined by the following properties: - Name - Which units/buildings
can be issued the command - Cool down time - Effect associated with the command"
(Nomopoly IV, XII). Each command is a rule (:class:`CommandRule`) that declares its
name, the types it may be issued to (a list of kinds, a class, or a predicate), its
price, its own arguments, its cool-down (fixed, divided by the unit's speed like
Move's "10 days divided by the speed of the unit", or computed from the arguments
and the outcome like the Musketeer's), and its effect. An :class:`Enchantment` is a
command whose effect is a status with a duration on its target.

One player action, ``command`` {unit, command, to, target, amount}, declared by the
rule of the framework (:class:`Commands`), hands the order to the command's rule in
force. Refusals cite the rule that refuses: the framework's for what any command
needs (the unit is the actor's, it is not cooling down), the command's for its own
conditions (the type, the price, the range), the rule that shields a target for a
target it shields (the adjuster ``commands.targetable``). ``legal_actions`` lists
one form per unit and command that may be issued now, with the choices of its
arguments where they are few.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from nomicon.kernel import events as kernel_events
from nomicon.kernel.errors import Refusal
from nomicon.kernel.roles import ADMIN
from nomicon.kernel.rules import Arg, Rule, RuleParams, action, hook
from nomicon.kernel.timefmt import iso
from nomicon.mechanics import cooldowns, units
from nomicon.mechanics.events import COMMANDED, COOLDOWN_ENDED

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: The adjuster through which a rule forbids a command's target (Spell Shield).
TARGETABLE = "commands.targetable"
#: The adjuster through which a rule lets a cooling-down unit be issued a command
#: (Echo); it gets a :class:`WhileCooling` and returns it with ``allowed`` set.
WHILE_COOLING = "commands.while-cooling"
#: The arguments a command may take besides the unit and its name.
ARGS = ("to", "target", "amount")

#: The arguments as commands take them (``takes``); a command that may go without
#: one declares it ``replace(TO, required=False)``.
TO = Arg("to", object, "where to (a square)")
TARGET = Arg("target", str, "the target (a unit, building or player)")
AMOUNT = Arg("amount", int, "how much", minimum=0)


class Targeting(TypedDict):
    """A command's target as the adjuster ``commands.targetable`` sees it."""

    command: str
    unit: str
    target: str
    problem: str | None
    rule: str | None


class WhileCooling(TypedDict):
    """A command to a cooling-down unit, as the adjuster ``commands.while-cooling``
    sees it."""

    unit: str
    command: str
    allowed: bool


class CommandParams(RuleParams):
    """A command's numbers: its cool-down in hours (0: "Cool down time: None") and
    its price."""

    cooldown_hours: float = 0
    price: int = 0


class CommandRule(Rule):
    """Base of the rules that declare a command."""

    #: The command's name (lower case, hyphens: ``recruit-warrior``).
    command: ClassVar[str] = ""
    #: The kinds it may be issued to ("Can be issued to: SCV"); empty: see the class.
    issued_to: ClassVar[tuple[str, ...]] = ()
    #: ``unit``, ``building``, or None (any) when ``issued_to`` is empty.
    issued_to_class: ClassVar[str | None] = "unit"
    #: Its own arguments, of :data:`ARGS` (``TO``, ``TARGET``, ``AMOUNT``, or their
    #: like with ``required`` and docs of the command's own).
    takes: ClassVar[tuple[Arg, ...]] = ()
    #: The cool-down is divided by the unit's speed ("10 days divided by the speed").
    per_speed: ClassVar[bool] = False
    #: The currency its price is paid in.
    currency: ClassVar[str] = "money"
    Params: ClassVar[type[RuleParams]] = CommandParams
    params: CommandParams

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        strays = [arg.name for arg in cls.takes if arg.name not in ARGS]
        if strays:
            raise TypeError(f"{cls.__name__}: a command takes {', '.join(ARGS)}, not "
                            f"{', '.join(strays)}")

    # -- what a command declares ---------------------------------------------------
    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        """Why ``unit`` (of type ``stats``) may not be issued this command now, or None.
        By default: its kind is not one of ``issued_to``, or its class not
        ``issued_to_class``."""
        if self.issued_to:
            if stats.kind not in self.issued_to:
                return (f"{self.command} can be issued to {', '.join(self.issued_to)}, "
                        f"not to a {stats.kind}")
        elif self.issued_to_class is not None and stats.type_class != self.issued_to_class:
            return f"{self.command} can be issued to a {self.issued_to_class}, not a {stats.kind}"
        return None

    def price(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> int:
        """What the issuer pays (by default the ``price`` parameter)."""
        return self.params.price

    def payee(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> str | None:
        """Who is paid the price (None: nobody; the money leaves the game)."""
        return None

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        """The values argument ``arg`` may take for ``unit``, to offer (each is then
        checked with :meth:`check`); None when they are not few enough to list."""
        return None

    def targets(self, args: dict[str, Any]) -> list[str]:
        """The units, buildings or players the command targets with ``args``."""
        target = args.get("target")
        return [target] if isinstance(target, str) else []

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        """Refuse (``ctx.refuse``) arguments the command does not allow: a target out
        of range, a square that is not adjacent. Also asked of each choice alone,
        with only that argument given."""

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        """The command's effect; returns what came of it, for the cool-down."""
        raise NotImplementedError

    def cooldown(self, ctx: Ctx, unit: str, args: dict[str, Any],
                 outcome: dict[str, Any]) -> timedelta:
        """How long the unit cools down after it: the ``cooldown_hours`` parameter,
        divided by its speed when the command says so, exactly (not rounded)."""
        time = timedelta(hours=self.params.cooldown_hours)
        if self.per_speed:
            stats = units.stats_for(ctx, unit)
            speed = stats.speed if stats is not None else 1
            time = time / max(speed, 1)
        return time

    # -- issuing --------------------------------------------------------------------
    def issue(self, ctx: Ctx, actor: str, unit: str, given: dict[str, Any]) -> None:
        """Carry the command out: its conditions, price, effect and cool-down."""
        stats = units.stats_for(ctx, unit)
        assert stats is not None
        reason = self.not_issuable(ctx, unit, stats)
        ctx.require(reason is None, reason or "")
        args = self.arguments(ctx, given)
        self.require_targets(ctx, unit, args)
        self.check(ctx, unit, args)
        price = self.price(ctx, unit, args)
        if price > 0:
            have = ctx.balance(actor, self.currency)
            ctx.require(have >= price, f"{self.command} costs {price} {self.currency}; "
                        f"you have {have}")
            ctx.transfer(actor, self.payee(ctx, unit, args), price, self.currency,
                         f"{self.command} ({unit})")
        outcome = self.effect(ctx, actor, unit, args) or {}
        until = None
        if ctx.entity(unit) is not None:
            end = cooldowns.start(ctx, unit, self.cooldown(ctx, unit, args, outcome),
                                  command=self.command, args=self.kept(args))
            until = iso(end) if end is not None else None
        ctx.emit(COMMANDED, f"{actor} issues {self.command} to {unit}"
                 + (f"; it cools down until {until}" if until else ""), entity=unit,
                 kind=stats.kind, owner=actor, command=self.command, args=args, price=price,
                 cooldown_until=until)

    def kept(self, args: dict[str, Any]) -> dict[str, Any]:
        """The arguments kept with the cool-down (public, like the entity, and given
        to ``cooldown.ended``): all of them, unless the command is secret."""
        return args

    def arguments(self, ctx: Ctx, given: dict[str, Any]) -> dict[str, Any]:
        """The command's own arguments from those given: refused when one it needs is
        missing or one it does not take is given."""
        names = {arg.name for arg in self.takes}
        extra = sorted(name for name, value in given.items() if value is not None
                       and name not in names)
        ctx.require(not extra, f"{self.command} takes no {', '.join(extra)}",
                    detail=f"it takes {', '.join(sorted(names)) or 'no arguments'}")
        args: dict[str, Any] = {}
        for arg in self.takes:
            value = given.get(arg.name)
            if value is None:
                ctx.require(not arg.required, f"{self.command} needs {arg.name}: {arg.doc}")
                value = arg.default
            args[arg.name] = value
        return args

    def require_targets(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        """Refuse targets that a rule in force shields from commands."""
        for target in self.targets(args):
            asked: Targeting = {"command": self.command, "unit": unit, "target": target,
                                "problem": None, "rule": None}
            found = ctx.adjust(TARGETABLE, asked)
            if found is not None and found["problem"] is not None:
                ctx.refuse(found["problem"], rule=ctx.rules.by_rid.get(found["rule"] or ""))


class EnchantmentParams(CommandParams):
    """An enchantment's numbers: also how long it lasts ("Duration property (1 day
    if not specified)")."""

    duration_hours: float = 24


class Enchantment(CommandRule):
    """Base of the commands whose effect is an enchantment: a status of the same
    name on the target for the enchantment's duration; casting it again on an
    enchanted target resets its duration ("enchantments do not stack")."""

    #: The status it gives (lower case, hyphens).
    status: ClassVar[str] = ""
    #: Only the enchanted thing's owner (and the admin) knows of it.
    secret: ClassVar[bool] = False
    takes: ClassVar[tuple[Arg, ...]] = (TARGET,)
    Params: ClassVar[type[RuleParams]] = EnchantmentParams
    params: EnchantmentParams

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        target = args.get("target") or unit
        if self.secret:
            record = ctx.entity(target)
            owner = record["owner"] if record is not None else target
            ctx.audience([owner] if owner else [], f"{self.status} is known to its owner")
        ctx.grant_status(target, self.status,
                         until=timedelta(hours=self.params.duration_hours),
                         data={"unit": unit}, by=actor)
        return {"target": target}

    def kept(self, args: dict[str, Any]) -> dict[str, Any]:
        # A secret enchantment's target stays out of the public record of the cool-down.
        return {} if self.secret else args

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if not self.secret or viewer == ADMIN:
            return  # the admin knows of every enchantment
        held = view.get("statuses") or {}
        for holder in list(held):
            record = (view.get("entities") or {}).get(holder) or {}
            owner = record.get("owner", holder)
            if owner != viewer and self.status in (held[holder] or {}):
                del held[holder][self.status]


def in_force(ctx: Ctx) -> dict[str, CommandRule]:
    """The command rules in force, by command name (the first in precedence order)."""
    found: dict[str, CommandRule] = {}
    for rule in ctx.rules.rules:
        if isinstance(rule, CommandRule) and rule.command and rule.command not in found:
            found[rule.command] = rule
    return found


class Commands(Rule):
    """A unit or building may be issued a command by its owner, providing that the command is allowed to be issued to that unit or building. After a command is issued, the effect associated with the command takes place, and that unit/building may not be issued another command until the cool down time for the command has elapsed."""  # noqa: E501

    contributes: ClassVar[dict[str, Any]] = {units.FRAMEWORK: True}

    @action("command", Arg("unit", str, "the unit or building"),
            Arg("command", str, "the command (move, attack, ...)"),
            *(replace(arg, required=False) for arg in (TO, TARGET, AMOUNT)))
    def give_command(self, ctx: Ctx, actor: str, unit: str, command: str,
                     to: Any = None, target: str | None = None,
                     amount: int | None = None) -> None:
        """Issue a command to one of your units or buildings."""
        rule = in_force(ctx).get(command)
        ctx.require(rule is not None, f"there is no command {command!r}",
                    detail=f"the commands are {', '.join(sorted(in_force(ctx))) or 'none'}")
        assert rule is not None
        self.require_ready(ctx, actor, unit, command)
        with ctx.running(rule):
            rule.issue(ctx, actor, unit, {"to": to, "target": target, "amount": amount})

    def require_ready(self, ctx: Ctx, actor: str, unit: str, command: str) -> None:
        """Refuse a command to a unit that is not the actor's, or is cooling down."""
        record = ctx.entity(unit)
        ctx.require(record is not None and units.stats_for(ctx, unit) is not None,
                    f"there is no unit or building {unit!r}")
        assert record is not None
        ctx.require(record["owner"] == actor, f"{unit} is {record['owner']}'s, not yours")
        end = cooldowns.until(ctx, unit)
        if end is not None:
            asked: WhileCooling = {"unit": unit, "command": command, "allowed": False}
            allowed = ctx.adjust(WHILE_COOLING, asked)
            ctx.require(allowed is not None and allowed["allowed"],
                        f"{unit} is cooling down until {iso(end)}")

    @give_command.variants
    def forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        """One form for each of the actor's units and buildings and each command it
        may be issued now, with the choices of the command's arguments."""
        return list(self.drawn_forms(ctx, actor, _in_order))

    @give_command.drawn
    def drawn_forms(self, ctx: Ctx, actor: str, order: Callable[[int], list[int]]
                    ) -> Iterator[dict[str, list[Any] | None]]:
        """The same forms, each unit and command pair worked out in ``order``."""
        commands = list(in_force(ctx).values())
        pairs = [(unit, rule) for unit in units.things(ctx, owner=actor) for rule in commands]
        for index in order(len(pairs)):
            form = self._form(ctx, actor, *pairs[index])
            if form is not None:
                yield form

    def _form(self, ctx: Ctx, actor: str, unit: str, rule: CommandRule
              ) -> dict[str, list[Any] | None] | None:
        try:
            self.require_ready(ctx, actor, unit, rule.command)
            with ctx.running(rule):
                stats = units.stats_for(ctx, unit)
                if stats is None or rule.not_issuable(ctx, unit, stats) is not None:
                    return None
                price = rule.price(ctx, unit, {})
                if price > 0 and ctx.balance(actor, rule.currency) < price:
                    return None
        except Refusal:
            return None
        form: dict[str, list[Any] | None] = {"unit": [unit], "command": [rule.command]}
        taken = {arg.name: arg for arg in rule.takes}
        for name in ARGS:
            if name not in taken:
                form[name] = None
                continue
            options = rule.choices(ctx, unit, name)
            if options is None:
                continue
            good = [value for value in options
                    if _allowed(ctx, rule, unit, {name: value})]
            if not good and taken[name].required:
                return None
            # An optional argument without a good value is left out of the form: the
            # form needs every argument it lists choices for.
            form[name] = good if good else None
        return form

    @hook(kernel_events.STATUS_ENDED, key=cooldowns.STATUS)
    def cooled(self, ctx: Ctx, data: kernel_events.StatusEnded) -> None:
        """The end of a cool-down, for rules to hook (a payout when it ends, a status
        that starts then); not when the thing was destroyed."""
        record = ctx.entity(data["holder"])
        if record is None or data["cause"] == "destroyed":
            return
        last = record.get(cooldowns.LAST_COMMAND) or {}
        ctx.emit(COOLDOWN_ENDED, f"{data['holder']} stops cooling down ({data['cause']})",
                 entity=data["holder"], kind=record["kind"], owner=record["owner"],
                 command=last.get("command"), args=dict(last.get("args") or {}),
                 cause=data["cause"])


def _in_order(n: int) -> list[int]:
    return list(range(n))


def _allowed(ctx: Ctx, rule: CommandRule, unit: str, args: dict[str, Any]) -> bool:
    """Whether one argument's value passes the command's checks on its own."""
    try:
        with ctx.running(rule):
            rule.require_targets(ctx, unit, args)
            rule.check(ctx, unit, args)
    except Refusal:
        return False
    return True


def issuable(ctx: Ctx, unit: str) -> Sequence[str]:
    """The commands the rules in force let ``unit``'s type be issued (whether or not
    it is cooling down)."""
    stats = units.stats_for(ctx, unit)
    if stats is None:
        return []
    return [name for name, rule in in_force(ctx).items()
            if rule.not_issuable(ctx, unit, stats) is None]
