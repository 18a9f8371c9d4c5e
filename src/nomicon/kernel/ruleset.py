"""The ruleset in force: rule instances, their order, and the indices the engine uses.

The rules live in the state under ``rules.<number>``: class id, title, text,
parameters, interpretations and history. Changing them is a state change like any
other, so it is logged and replayed. The :class:`Ruleset` object is a cache of live
rule instances and dispatch tables built from that part of the state.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from nomicon.kernel import entities, events, roles, timers
from nomicon.kernel.errors import InvalidRuleChange
from nomicon.kernel.pack import Registry
from nomicon.kernel.probing import Plans
from nomicon.kernel.rules import ActionDecl, Attribute, Currency, Rule, RuleParams
from nomicon.kernel.timefmt import iso

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx


class Ruleset:
    """Live rule instances in precedence order, with dispatch indices."""

    def __init__(self, rules_state: dict[str, Any], registry: Registry,
                 always: tuple[Rule, ...] = ()) -> None:
        rules: list[Rule] = list(always)
        for entry in rules_state.values():
            cls = registry.rule_class(entry["class"])
            params = cls.parse_params(entry.get("params"))
            rules.append(
                cls(
                    entry["rid"],
                    entry["number"],
                    entry["title"],
                    entry["text"],
                    params,
                    [i["text"] for i in entry.get("interpretations", [])],
                )
            )
        rules.sort(key=lambda r: (r.precedence, r.number))
        self.rules = rules
        self.by_rid = {r.rid: r for r in rules}
        self.actions: dict[str, list[tuple[Rule, ActionDecl]]] = defaultdict(list)
        self.hooks: dict[str, list[tuple[Rule, str | None, Callable[..., Any]]]] = defaultdict(list)
        self.vetoes: list[tuple[Rule, frozenset[str], Callable[..., Any]]] = []
        self.adjusters: dict[str, list[tuple[Rule, Callable[..., Any]]]] = defaultdict(list)
        self.currencies: dict[str, tuple[Rule, Currency]] = {}
        self.attributes: dict[str, dict[str, tuple[Rule, Attribute]]] = defaultdict(dict)
        self.redactors = [r for r in rules if type(r).redact is not Rule.redact]
        self._contributions: dict[str, list[tuple[Rule, Any]]] = {}
        #: What probing each action needs, by action name (the engine builds it when
        #: ``legal_actions`` is first asked; a ruleset never changes).
        self.plans: Plans | None = None
        for rule in rules:
            for currency in rule.currencies:
                self.currencies.setdefault(currency.name, (rule, currency))
            for attribute in rule.attributes:
                roles.audiences(attribute.visibility)  # a misspelt one fails here, not in a view
                self.attributes[attribute.kind].setdefault(attribute.name, (rule, attribute))
            for name in rule.roles:
                roles.check_name(name)
            for decl in rule._actions:
                self.actions[decl.name].append((rule, decl))
            for event, key, attr in rule._hooks:
                self.hooks[event].append((rule, key, getattr(rule, attr)))
            for names, attr in rule._vetoes:
                self.vetoes.append((rule, names, getattr(rule, attr)))
            for name, attr in rule._adjusters:
                self.adjusters[name].append((rule, getattr(rule, attr)))

    def of_class(self, cls: type[Rule]) -> list[Rule]:
        return [r for r in self.rules if isinstance(r, cls)]

    def first(self, cls: type[Rule]) -> Rule | None:
        for rule in self.rules:
            if isinstance(rule, cls):
                return rule
        return None

    def contributions(self, name: str) -> list[tuple[Rule, Any]]:
        """What rules in force contribute under ``name`` (feature types, orderings...)."""
        # Performance: rules ask for these on every probe of an action; a Ruleset never
        # changes (a change of the rules builds a new one), so each name is looked up
        # once. Callers get a list of their own.
        found = self._contributions.get(name)
        if found is None:
            found = self._contributions[name] = [
                (rule, rule.contributes[name]) for rule in self.rules if name in rule.contributes]
        return list(found)

    def capabilities(self, base: frozenset[str]) -> frozenset[str]:
        caps = set(base)
        for rule in self.rules:
            caps |= rule.provides
        return frozenset(caps)


# -- changing the ruleset ------------------------------------------------------
# These functions are the only way the rules in force change: the game's creation,
# proposals and admin corrections all go through them, so each change is logged,
# replayable, and picked up by the running game at once.


def _next_seq(ctx: Ctx) -> int:
    return ctx.game.head + len(ctx.batch.events) + 1


def _changed(ctx: Ctx) -> None:
    ctx.batch.ruleset_changed = True
    ctx.game.invalidate_ruleset()


def _entry(ctx: Ctx, number: int) -> dict[str, Any]:
    entry: dict[str, Any] | None = ctx.state.get(["rules", str(number)], None)
    if entry is None:
        raise InvalidRuleChange(f"there is no Rule {number}")
    return entry


def _version(ctx: Ctx, change: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": len(entry.get("history", [])) + 1,
        "seq": _next_seq(ctx),
        "time": iso(ctx.now),
        "change": change,
        "number": entry["number"],
        "title": entry["title"],
        "text": entry["text"],
        "params": entry.get("params", {}),
    }


def check_enactable(ctx: Ctx, cls: type[Rule], params: dict[str, Any] | None) -> RuleParams:
    """Refuse (InvalidRuleChange) a class whose requirements or parameters do not fit."""
    caps = ctx.rules.capabilities(ctx.game.pack.provides)
    missing = cls.requires - caps
    if missing:
        raise InvalidRuleChange(
            f"{cls.class_id()} requires {', '.join(sorted(missing))}, which this game lacks"
        )
    try:
        return cls.parse_params(params)
    except ValidationError as exc:
        raise InvalidRuleChange(f"bad parameters for {cls.class_id()}: {_errors(exc)}") from None


def _errors(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'params'}: {e['msg']}" for e in exc.errors()
    )


def enact(ctx: Ctx, cls: type[Rule], *, number: int | None = None, title: str | None = None,
          text: str | None = None, params: dict[str, Any] | None = None) -> Rule:
    """Put a rule of class ``cls`` into force."""
    number = cls.number if number is None else number
    if ctx.state.has(["rules", str(number)]):
        raise InvalidRuleChange(f"Rule {number} already exists")
    model = check_enactable(ctx, cls, params)
    rid = f"r{ctx.state.incr(['game', 'next_rid'], 1)}"
    entry: dict[str, Any] = {
        "rid": rid,
        "class": cls.class_id(),
        "number": number,
        "title": title or cls.title,
        "text": cls.default_text() if text is None else text,
        "params": model.model_dump(mode="json"),
        "interpretations": [],
        "history": [],
    }
    entry["history"] = [_version(ctx, "enacted", entry)]
    ctx.set(["rules", str(number)], entry)
    _changed(ctx)
    rule = ctx.rules.by_rid[rid]
    _add_declarations(ctx, rule)
    ctx.game.schedule_rule(ctx, rule)
    ctx.emit(events.RULE_ENACTED, f"Rule {number} ({entry['title']}) is in force", rule=number,
             class_id=cls.class_id(), params=entry["params"])
    with ctx.running(rule):
        rule.on_enact(ctx)
    return rule


def amend(ctx: Ctx, number: int, *, text: str | None = None, title: str | None = None,
          params: dict[str, Any] | None = None) -> Rule:
    """Change a rule's text, title and/or parameters (given parameters replace those
    of the same name; the others stay)."""
    entry = _entry(ctx, number)
    old = ctx.rules.by_rid[entry["rid"]]
    cls = type(old)
    merged = {**entry.get("params", {}), **(params or {})}
    model = check_enactable(ctx, cls, merged)
    key = str(number)
    if text is not None:
        ctx.set(["rules", key, "text"], text)
    if title is not None:
        ctx.set(["rules", key, "title"], title)
    ctx.set(["rules", key, "params"], model.model_dump(mode="json"))
    ctx.state.append(["rules", key, "history"], _version(ctx, "amended", _entry(ctx, number)))
    _changed(ctx)
    rule = ctx.rules.by_rid[entry["rid"]]
    ctx.emit(events.RULE_AMENDED, f"Rule {number} ({rule.title}) amended", rule=number,
             params=model.model_dump(mode="json"), text_changed=text is not None)
    timers.replan_rule(ctx, old, rule, timers.time_units(ctx.rules))
    with ctx.running(rule):
        rule.on_amend(ctx, old)
    return rule


def repeal(ctx: Ctx, number: int) -> None:
    """Take a rule out of force; what only it declared goes with it."""
    entry = _entry(ctx, number)
    rule = ctx.rules.by_rid[entry["rid"]]
    with ctx.running(rule):
        rule.on_repeal(ctx)
    ctx.state.delete(["rules", str(number)])
    _changed(ctx)
    for key, timer in list(ctx.state.get(["timers"], {}).items()):
        if timer.get("rid") == rule.rid:
            ctx.state.delete(["timers", key])
    _drop_declarations(ctx, rule)
    ctx.emit(events.RULE_REPEALED, f"Rule {number} ({rule.title}) repealed", rule=number,
             class_id=rule.class_id())


def renumber(ctx: Ctx, number: int, to: int) -> None:
    entry = _entry(ctx, number)
    if ctx.state.has(["rules", str(to)]):
        raise InvalidRuleChange(f"Rule {to} already exists")
    moved = dict(entry)
    moved["number"] = to
    ctx.state.delete(["rules", str(number)])
    ctx.set(["rules", str(to)], moved)
    ctx.state.append(["rules", str(to), "history"], _version(ctx, "renumbered", moved))
    _changed(ctx)
    ctx.emit(events.RULE_RENUMBERED, f"Rule {number} is now Rule {to}", rule=to, was=number)


def add_interpretation(ctx: Ctx, number: int, text: str, *, by: str) -> None:
    _entry(ctx, number)
    ctx.state.append(["rules", str(number), "interpretations"],
                     {"text": text, "by": by, "time": iso(ctx.now), "seq": _next_seq(ctx)})
    _changed(ctx)
    ctx.emit(events.RULE_INTERPRETED, f"Rule {number}: {text}", rule=number, text=text, by=by)


def remove_interpretation(ctx: Ctx, number: int, index: int) -> None:
    entry = _entry(ctx, number)
    if not 0 <= index < len(entry.get("interpretations", [])):
        raise InvalidRuleChange(f"Rule {number} has no interpretation {index + 1}")
    ctx.state.remove_at(["rules", str(number), "interpretations"], index)
    _changed(ctx)
    ctx.emit(events.RULE_INTERPRETATION_REMOVED,
             f"Rule {number}: interpretation {index + 1} removed", rule=number)


def _add_declarations(ctx: Ctx, rule: Rule) -> None:
    for attribute in rule.attributes:
        if attribute.kind != "player":
            entities.fill_default(ctx.state, attribute.kind, attribute.name, attribute.default)
            continue
        for player in ctx.players():
            if not ctx.state.has(["players", player, attribute.name]):
                ctx.set_attr(player, attribute.name, attribute.default)
    for currency in rule.currencies:
        if currency.holders != "player":
            continue
        for player in ctx.players():
            if not ctx.state.has(["accounts", player, currency.name]):
                ctx.set(["accounts", player, currency.name], currency.initial)


def _drop_declarations(ctx: Ctx, rule: Rule) -> None:
    still = ctx.rules
    for attribute in rule.attributes:
        if attribute.name in still.attributes.get(attribute.kind, {}):
            continue  # another rule in force declares it too
        if attribute.kind != "player":
            entities.drop_attribute(ctx.state, attribute.kind, attribute.name)
            continue
        for player in ctx.players():
            ctx.state.delete(["players", player, attribute.name])
    for currency in rule.currencies:
        if currency.name not in still.currencies:
            for account in list(ctx.state.get(["accounts"], {})):
                ctx.state.delete(["accounts", account, currency.name])
