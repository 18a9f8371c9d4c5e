"""Drafting amendments from plain words.

``draft(game, "Change the cool down time of Orison of Healing to 1 day")`` reads the
sentence against the rules in force (their numbers, titles, parameter names, the
parameters' descriptions and units) and gives exactly one of: an amendment in the
proposal API's format, several candidates when the sentence fits more than one
reading, or a reason why it cannot draft one. It never guesses: a sentence that two
readings fit equally well gets candidates, and one that no reading fits is declined.

Sentence shapes understood::

    Change/Set the <parameter words> of <rule words> to <value>
    Increase/Reduce the <parameter words> of <rule words> by <value>
    <rule words> have an <parameter words> of <value>
    <parameter words> give(s)/cost(s) <value>
    Repeal rule N | Repeal <title>
    Rename rule N to <title>
    Rule N now reads: <text>
    Interpret rule N: <text>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from nomicon.governance import amendments
from nomicon.governance.drafting import quantities
from nomicon.governance.drafting.catalogue import (
    SOFT,
    Param,
    RuleInfo,
    catalogue,
    covered,
    words,
)
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Registry, installed

__all__ = ["Candidate", "Drafted", "draft"]


@dataclass(frozen=True)
class Candidate:
    """One reading of an ambiguous sentence: what it would do, and its amendment."""

    description: str
    amendment: list[dict[str, Any]]


@dataclass(frozen=True)
class Drafted:
    """Exactly one of: an amendment (with what it does in words), candidates, or the
    reason for declining."""

    amendment: list[dict[str, Any]] | None = None
    description: str = ""
    candidates: tuple[Candidate, ...] = ()
    declined: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"amendment": [...]}``, ``{"candidates": [...]}`` or ``{"declined": why}``."""
        if self.amendment is not None:
            return {"amendment": self.amendment}
        if self.candidates:
            return {"candidates": [{"description": c.description, "amendment": c.amendment}
                                   for c in self.candidates]}
        return {"declined": self.declined or "I cannot draft an amendment from that"}


class _Declined(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def draft(source: Game | Mapping[str, Any], sentence: str,
          registry: Registry | None = None) -> Drafted:
    """Draft an amendment from ``sentence`` against a game's rules in force, or a
    ruleset as the state holds it (``state["rules"]``)."""
    if isinstance(source, Game):
        rules = catalogue(source.state.root["rules"], source.registry)
    else:
        rules = catalogue(source, registry or installed())
    text = re.sub(r"\s+", " ", sentence.strip())
    if not text:
        return Drafted(declined="the sentence is empty")
    try:
        return _read(text, rules)
    except _Declined as exc:
        return Drafted(declined=exc.reason)


# -- shapes of sentence --------------------------------------------------------------
_RULE_REF = r"(?P<ref>rule\s+[^\s:]+|.+?)"
_REPEAL = re.compile(r"^repeal\s+(?P<ref>.+?)\.?$", re.I)
_RENAME = re.compile(r"^rename\s+(?P<ref>.+?)\s+(?:to|as)\s+(?P<title>.+?)\.?$", re.I)
_READS = re.compile(r"^(?:(?:amend|change)\s+)?" + _RULE_REF
                    + r"\s+(?:(?:now|shall|will)\s+)?(?:to\s+)?reads?\s*:?\s*(?P<text>.+)$",
                    re.I)
_INTERPRET = re.compile(r"^interpret\s+" + _RULE_REF
                        + r"\s*(?::|\s+as\b|\s+to\s+mean\b)\s*(?P<text>.+)$", re.I)
_BY = re.compile(r"^(?P<verb>increase|raise|decrease|reduce|lower)\s+(?P<target>.+)\s+by\s+"
                 r"(?P<value>.+?)\.?$", re.I)
_SET = re.compile(r"^(?:change|set|make|increase|raise|decrease|reduce|lower)\s+"
                  r"(?P<target>.+)\s+to\s+(?P<value>.+?)\.?$", re.I)
_HAVE = re.compile(r"^(?P<rule>.+?)\s+(?:will\s+)?(?:now\s+)?(?:has|have)\s+(?:an?\s+|the\s+)?"
                   r"(?P<param>.+?)\s+of\s+(?P<value>.+?)\.?$", re.I)
_GIVE = re.compile(r"^(?P<subject>.+?)\s+(?:now\s+|will\s+)?(?P<verb>gives?|pays?|awards?|"
                   r"costs?|earns?)\s+(?P<value>.+?)\.?$", re.I)
_IS = re.compile(r"^(?:the\s+)?(?P<target>.+?)\s+(?:is|are|becomes?)\s+(?:now\s+)?"
                 r"(?P<value>.+?)\.?$", re.I)
# What a sentence adds after its value about the value before it: "(from 2 days)",
# "instead of 20". It says nothing about the change, so it is set aside.
_AFTER = re.compile(r"\s*(?:\((?:from|was|instead of)[^)]*\)|,?\s+instead of\s+[^,]+)\s*\.?$",
                    re.I)


def _read(text: str, rules: list[RuleInfo]) -> Drafted:
    for pattern, handler in ((_INTERPRET, _interpret), (_READS, _reads)):
        found = pattern.match(text)
        if found and _looks_like_rule(found["ref"]):
            return handler(found, rules)
    text = _AFTER.sub("", text).rstrip(".")
    if found := _REPEAL.match(text):
        return _one_rule(found["ref"], rules, _repeal)
    if found := _RENAME.match(text):
        title = found["title"].strip().strip("\"'")
        return _one_rule(found["ref"], rules, lambda rule: _rename(rule, title))
    if found := _BY.match(text):
        sign = 1 if found["verb"].lower() in ("increase", "raise") else -1
        return _param_change(_from_less(found["target"]), found["value"], rules, delta=sign)
    if found := _SET.match(text):
        return _param_change(_from_less(found["target"]), found["value"], rules)
    if found := _HAVE.match(text):
        return _param_change(f"{found['param']} of {found['rule']}", found["value"], rules)
    if found := _GIVE.match(text):
        subject = found["subject"]
        if found["verb"].lower().startswith("cost"):
            subject += " price"
        return _param_change(subject, found["value"], rules, subject_rule=True)
    if found := _IS.match(text):
        return _param_change(found["target"], found["value"], rules)
    raise _Declined("I cannot read that sentence as a change of the rules: say, for "
                    "example, 'Change the <parameter> of <rule> to <value>', 'Repeal rule "
                    "N', 'Rename rule N to <title>', 'Rule N now reads: <text>' or "
                    "'Interpret rule N: <text>'")


def _from_less(target: str) -> str:
    """The target of "Increase the HP of Monks from 25" without "from 25"."""
    return re.sub(r"\s+from\s+\S+(?:\s+\S+)?$", "", target, flags=re.I)


def _looks_like_rule(ref: str) -> bool:
    return bool(re.match(r"^(?:rule\s+\S+|the\s+rule\b)", ref.strip(), re.I)) or \
        len(ref.split()) <= 6


# -- naming rules ----------------------------------------------------------------------
def _roman(text: str) -> int | None:
    # Hand-written: seven letters, and only to read a seed's "Rule XII.3".
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
    if not text or any(ch not in values for ch in text):
        return None
    total = 0
    for here, after in zip(text, [*text[1:], ""], strict=True):
        value = values[here]
        total += -value if after and values[after] > value else value
    return total


def rules_named(phrase: str, rules: list[RuleInfo]) -> list[RuleInfo]:
    """The rules ``phrase`` may mean, best readings only: empty when none."""
    ref = phrase.strip().strip("\"'").rstrip(".").lower()
    ref = re.sub(r"^the\s+", "", ref)
    bare = re.sub(r"^rules?\s+(?:number\s+)?#?", "", ref).strip()
    by_number = {r.number: r for r in rules}
    if re.fullmatch(r"\d+", bare):
        number = int(bare)
        if number in by_number:
            return [by_number[number]]
        # The rules of section N, numbered N01, N02... (Nomopoly IV's "Rule XI").
        return [r for r in rules if r.number // 100 == number and number > 0]
    # A section label a title begins with (the Grid's "E.2"), alone only after "rule".
    if re.fullmatch(r"[a-z]\.\d+(?:\.\d+)*", bare) or (
            bare != ref and re.fullmatch(r"[a-z]", bare)):
        labelled = [r for r in rules if r.section == bare] or [
            r for r in rules if r.section.startswith(bare + ".")]
        if labelled:
            return labelled
    roman = re.fullmatch(r"([ivxlc]+)(?:\.(\d+))?", bare)
    if roman and bare != ref and (section := _roman(roman.group(1))):
        if roman.group(2):
            number = section * 100 + int(roman.group(2))
            return [by_number[number]] if number in by_number else []
        return [r for r in rules if r.number // 100 == section]
    asked = words(bare)
    if not asked:
        return []
    fits = [(covered(r.title_words, asked) / max(len(r.title_words), 1), r) for r in rules
            if covered(asked, r.title_words) == len(asked)]
    if not fits:
        return []
    best = max(score for score, _ in fits)
    return [r for score, r in fits if score == best]


def _one_rule(ref: str, rules: list[RuleInfo],
              change: Callable[[RuleInfo], Drafted]) -> Drafted:
    found = rules_named(ref, rules)
    if not found:
        raise _Declined(f"no rule is called {ref.strip()!r}")
    drafts = [change(rule) for rule in found]
    if len(drafts) == 1:
        return drafts[0]
    return Drafted(candidates=tuple(Candidate(d.description, d.amendment or [])
                                    for d in drafts))


def _dump(change: amendments.Change) -> list[dict[str, Any]]:
    return amendments.dump([change])


def _repeal(rule: RuleInfo) -> Drafted:
    return Drafted(_dump(amendments.Repeal(op="repeal", rule=rule.number)),
                   f"repeal {rule.label}")


def _rename(rule: RuleInfo, title: str) -> Drafted:
    if not title:
        raise _Declined("the new title is empty")
    return Drafted(_dump(amendments.Amend(op="amend", rule=rule.number, title=title)),
                   f"rename {rule.label} to {title!r}")


def _reads(found: re.Match[str], rules: list[RuleInfo]) -> Drafted:
    text = _quoted(found["text"])

    def change(rule: RuleInfo) -> Drafted:
        return Drafted(_dump(amendments.Amend(op="amend", rule=rule.number, text=text)),
                       f"replace the text of {rule.label}")

    return _one_rule(found["ref"], rules, change)


def _interpret(found: re.Match[str], rules: list[RuleInfo]) -> Drafted:
    text = _quoted(found["text"])

    def change(rule: RuleInfo) -> Drafted:
        return Drafted(_dump(amendments.Interpret(op="interpret", rule=rule.number,
                                                  text=text)),
                       f"add an interpretation to {rule.label}")

    return _one_rule(found["ref"], rules, change)


def _quoted(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    if not text:
        raise _Declined("the text is empty")
    return text


# -- changing a parameter ------------------------------------------------------------------
@dataclass(order=True)
class _Reading:
    score: tuple[float, ...]
    rule: RuleInfo = field(compare=False)
    param: Param = field(compare=False)


def _param_change(target: str, value_text: str, rules: list[RuleInfo],
                  delta: int = 0, subject_rule: bool = False) -> Drafted:
    """Set one parameter. ``subject_rule``: the target may name only a rule ("Looping
    gives 10 points"), whose parameters in the value's unit are then the readings."""
    quantity = quantities.read(value_text)
    if quantity is None:
        raise _Declined(f"I cannot tell what value to set: {value_text.strip()!r} is not "
                        "a number, a duration, an amount of money or yes/no")
    readings: dict[tuple[int, str], _Reading] = {}
    named_rules: list[RuleInfo] = []
    units_refused: list[str] = []

    def consider(rule: RuleInfo, param: Param, rule_cover: float, phrase: list[str],
                 across: list[str], only_unit: bool = False) -> None:
        # Every word that carries meaning must be matched; a word like "time" or
        # "duration" need not be, but tells one parameter from another when it is.
        asked = [w for w in phrase if w not in SOFT]
        soft = covered([w for w in phrase if w in SOFT], param.name_words)
        name_hits = covered(asked, param.name_words)
        if covered(asked, param.name_words + param.doc_words + across) < len(asked):
            return
        if asked and name_hits == 0 and not only_unit:
            return
        unit = _unit_fit(quantity, param)
        if unit < 0 or (only_unit and unit == 0):
            units_refused.append(f"{param.name} of {rule.label}")
            return
        meaning = [w for w in param.name_words if w not in ("hours", "minutes", "days",
                                                             "seconds", "weeks")]
        precision = covered(meaning, asked) / max(len(meaning), 1)
        score = (rule_cover, float(name_hits == len(asked)), float(unit), float(soft),
                 precision)
        key = (rule.number, param.name)
        if key not in readings or readings[key].score < score:
            readings[key] = _Reading(score, rule, param)

    target = re.sub(r"^(?:the|a|an)\s+", "", target.strip(), flags=re.I)
    parts = [(m.start(), m.end()) for m in re.finditer(r"\s+(?:of|for|in|on)\s+", target)]
    splits = [(target[:a], target[b:]) for a, b in parts]
    if owner := re.match(r"^(?P<rule>.+?)'s\s+(?P<param>.+)$", target):
        splits.append((owner["param"], owner["rule"]))
    for param_part, rule_part in splits:
        for rule in rules_named(rule_part, rules):
            named_rules.append(rule)
            for param in rule.params.values():
                consider(rule, param, 1.0, words(param_part), [])
    if subject_rule:
        for rule in rules_named(target, rules):
            named_rules.append(rule)
            for param in rule.params.values():
                consider(rule, param, 1.0, [], [], only_unit=True)
    # The whole phrase, naming a parameter with or without its rule's words.
    phrase = words(target)
    for rule in rules:
        cover = covered(rule.title_words, phrase) / max(len(rule.title_words), 1)
        for param in rule.params.values():
            consider(rule, param, cover, phrase, rule.title_words)
    if not readings:
        raise _Declined(_why_none(target, named_rules, units_refused, quantity))
    best = max(readings.values()).score
    top = [r for r in readings.values() if r.score == best]
    drafts = [_set(r.rule, r.param, quantity, delta) for r in top]
    if len(drafts) == 1:
        return drafts[0]
    return Drafted(candidates=tuple(Candidate(d.description, d.amendment or [])
                                    for d in drafts))


def _why_none(target: str, named: list[RuleInfo], units_refused: list[str],
              quantity: quantities.Quantity) -> str:
    if units_refused:
        what = {"duration": "a duration", "money": f"an amount of {quantity.unit}",
                "bool": "yes or no", "game-time": f"a number of {quantity.unit}s",
                }.get(quantity.kind, "a number without a unit")
        return (f"{quantity.text!r} is {what}, which does not fit "
                + ", ".join(units_refused[:3])
                + (": say the unit (hours, days...)" if quantity.kind == "number" else ""))
    if named:
        rule = named[0]
        have = ", ".join(rule.params) or "none"
        return (f"{rule.label} has no parameter called {target!r} "
                f"(its parameters: {have})")
    return f"no rule or parameter is called {target!r}"


def _unit_fit(quantity: quantities.Quantity, param: Param) -> int:
    """1: the value's unit is the parameter's; 0: nothing says either way; -1: it is not."""
    kind, unit = param.unit
    if kind == "bool" or quantity.kind == "bool":
        return 1 if kind == quantity.kind else -1
    if kind == "duration":
        # A bare number for a duration would be a guess at its unit.
        return 1 if quantity.kind == "duration" else -1
    if quantity.kind == "duration":
        return -1
    if kind == "game-time" or quantity.kind == "game-time":
        return 1 if kind == quantity.kind and unit == quantity.unit else (
            0 if quantity.kind == "number" and not quantity.unit else -1)
    if quantity.kind == "money":
        if kind == "money":
            return 1 if unit in ("", quantity.unit) else -1
        return 0
    if quantity.unit and covered(words(quantity.unit), param.name_words + param.doc_words):
        return 1
    return 0


def _set(rule: RuleInfo, param: Param, quantity: quantities.Quantity,
         delta: int) -> Drafted:
    kind, unit = param.unit
    amount: Fraction = quantity.amount
    shown = quantity.text
    if kind == "duration":
        amount = amount / quantities.SECONDS[unit]
    if delta:
        if kind == "bool" or not isinstance(param.current, int | float):
            raise _Declined(f"{param.name} of {rule.label} is not a number to "
                            "increase or reduce")
        amount = Fraction(param.current) + delta * amount
        shown = _plain(amount)
    value: Any
    if param.annotation is bool:
        value = bool(amount)
    elif param.annotation is int:
        if amount.denominator != 1:
            raise _Declined(f"{param.name} of {rule.label} is a whole number of "
                            f"{unit or 'units'}; {quantity.text!r} is not")
        value = int(amount)
    elif param.annotation is float:
        value = float(amount)
    else:
        raise _Declined(f"{param.name} of {rule.label} is not a number or yes/no, and "
                        "I can only set those from words")
    if rule.model is not None:
        try:
            rule.model.model_validate({**_currents(rule), param.name: value})
        except ValidationError as exc:
            problem = "; ".join(e["msg"] for e in exc.errors())
            raise _Declined(f"{param.name} of {rule.label} cannot be {shown}: "
                            f"{problem}") from None
    change = amendments.Amend(op="amend", rule=rule.number, params={param.name: value})
    words_unit = f" ({shown})" if kind == "duration" else ""
    return Drafted(_dump(change), f"set {param.name} of {rule.label} from "
                                  f"{param.current!r} to {value!r}{words_unit}")


def _currents(rule: RuleInfo) -> dict[str, Any]:
    return {name: p.current for name, p in rule.params.items()}


def _plain(amount: Fraction) -> str:
    return str(amount.numerator) if amount.denominator == 1 else str(float(amount))
