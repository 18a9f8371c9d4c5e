"""What a sentence may name: the rules in force, their titles and parameters, read
from the rules' own metadata (number, title, parameter names, descriptions, units).

Words are matched one by one, forgiving plurals and small misspellings (rapidfuzz's
ratio), after a few rewrites that say the same thing two ways ("hit points" and
"HP", "cool down" and "cooldown", "costs" and "price"). A phrase names a rule or a
parameter only when every word of it that carries meaning is matched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from rapidfuzz.fuzz import ratio

from nomicon.kernel.pack import Registry

_STOP = frozenset(("the", "of", "a", "an", "to", "for", "in", "on", "and", "its", "their",
                   "each", "that", "this", "s", "by", "it", "is", "be", "with", "every"))
#: Words of a parameter phrase that need not be matched: they name that there is a
#: value ("the cool down time", "the voting period"), not which one.
SOFT = frozenset(("time", "length", "duration", "period", "value", "number", "amount",
                  "strength", "count", "setting"))
#: Two ways of saying one thing, rewritten to one before matching.
_PHRASES = (
    (r"\bhit points?\b", "hp"), (r"\bcool[\s-]+down\b", "cooldown"),
    (r"\bmaximum\b", "max"), (r"\binitial\b", "max"), (r"\bcosts?\b", "price"),
    (r"\barmour\b", "armor"), (r"\bhealth\b", "health"),
)
#: Units a parameter's name ends with.
_DURATION_SUFFIX = {"seconds": "second", "minutes": "minute", "hours": "hour",
                    "days": "day", "weeks": "week"}
_GAME_TIME_SUFFIX = {"ndays": "nday", "nweeks": "nweek"}
_PRICE_WORDS = frozenset(("price", "fare", "fine", "toll", "fee"))


def words(text: str) -> list[str]:
    """The words of ``text`` that carry meaning, lower case, rewritten to one form."""
    text = text.lower().replace("'s", "").replace("_", " ")
    for pattern, replacement in _PHRASES:
        text = re.sub(pattern, replacement, text)
    return [w for w in re.split(r"[^a-z0-9?]+", text) if w and w not in _STOP]


def same_word(a: str, b: str) -> bool:
    """Whether two words are one, allowing a plural or a small misspelling."""
    if a == b:
        return True
    if a.rstrip("s") == b.rstrip("s") or a.removesuffix("es") == b.removesuffix("es"):
        return True
    # Short words must match exactly: "hp" is not "xp".
    return min(len(a), len(b)) >= 5 and ratio(a, b) >= 85


def covered(phrase: list[str], target: list[str]) -> int:
    """How many words of ``phrase`` some word of ``target`` matches."""
    return sum(1 for w in phrase if any(same_word(w, t) for t in target))


@dataclass(frozen=True)
class Param:
    """A parameter of a rule in force, with what its name and description say."""

    name: str
    annotation: Any
    description: str
    current: Any
    name_words: list[str] = field(default_factory=list)
    doc_words: list[str] = field(default_factory=list)

    @property
    def unit(self) -> tuple[str, str]:
        """(kind, unit): ``("duration", "hour")``, ``("game-time", "nweek")``,
        ``("money", "dollars"|"points"|"")``, ``("bool", "")`` or ``("number", "")``."""
        if self.annotation is bool:
            return "bool", ""
        last = self.name.rsplit("_", 1)[-1]
        if last in _DURATION_SUFFIX:
            return "duration", _DURATION_SUFFIX[last]
        if last in _GAME_TIME_SUFFIX:
            return "game-time", _GAME_TIME_SUFFIX[last]
        doc = self.description.lower()
        if "dollars" in doc or "dollars" in self.name_words:
            return "money", "dollars"
        if "points" in self.name_words or re.search(r"\bpoints\b", doc.replace("hit points",
                                                                               "")):
            return "money", "points"
        if _PRICE_WORDS & set(self.name_words):
            return "money", ""
        return "number", ""


@dataclass(frozen=True)
class RuleInfo:
    """A rule in force as a sentence may name it."""

    number: int
    title: str
    text: str
    class_id: str
    params: dict[str, Param]
    title_words: list[str]
    model: type[BaseModel] | None

    @property
    def label(self) -> str:
        return f"Rule {self.number} ({self.title})"

    @property
    def section(self) -> str:
        """The section label a title begins with ("E.2" of "E.2 Sirens"), if any."""
        found = re.match(r"^([A-Z](?:\.\d+)*)\s", self.title)
        return found.group(1).lower() if found else ""


def catalogue(rules_state: Mapping[str, Any], registry: Registry) -> list[RuleInfo]:
    """The rules in force, by number, with their parameters' metadata."""
    out: list[RuleInfo] = []
    for entry in sorted(rules_state.values(), key=lambda e: int(e["number"])):
        cls = registry.rule_class(entry["class"])
        current = entry.get("params") or {}
        params: dict[str, Param] = {}
        model = getattr(cls, "Params", None)
        fields: dict[str, FieldInfo] = model.model_fields if model is not None else {}
        for name, info in fields.items():
            description = info.description or ""
            params[name] = Param(name, info.annotation, description,
                                 current.get(name, info.default), words(name),
                                 words(description))
        title = str(entry["title"])
        out.append(RuleInfo(int(entry["number"]), title, str(entry.get("text", "")),
                            cls.class_id(), params, words(title), model))
    return out
