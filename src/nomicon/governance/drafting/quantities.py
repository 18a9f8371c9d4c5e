"""Values written in words: numbers, durations, money and yes/no.

"1 day", "two hours", "30 minutes", "$20", "20 points", "twenty-five", "1,000",
"40 hp", "yes". A value is read whole or not at all: "about 3" or "3 or 4" is not a
value, so that a draft never sets something the sentence did not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

# Hand-written rather than a library: the number-word parsers on offer are either
# unmaintained or parse many languages and phrasings we must refuse ("a couple",
# "a few"); the words players use for a rule's numbers are these few.
_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
}
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}

#: Seconds in each unit of time a sentence may name.
SECONDS = {
    "second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400,
}
_TIME_WORDS = {
    "s": "second", "sec": "second", "secs": "second", "second": "second", "seconds": "second",
    "m": "minute", "min": "minute", "mins": "minute", "minute": "minute",
    "minutes": "minute", "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour",
    "hours": "hour", "d": "day", "day": "day", "days": "day", "week": "week",
    "weeks": "week",
}
#: Units of a game's own time (B Nomic's ndays and nweeks): counted, not converted.
GAME_TIME = {"nday": "nday", "ndays": "nday", "nweek": "nweek", "nweeks": "nweek"}
_MONEY_WORDS = {
    "dollar": "dollars", "dollars": "dollars", "point": "points", "points": "points",
    "vp": "vp", "victory points": "vp", "victory point": "vp",
}
_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}

_DIGITS = re.compile(r"^[+]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$")


@dataclass(frozen=True)
class Quantity:
    """A value read from words.

    ``kind`` is ``number`` (with ``unit`` the words after it, if any: "hp",
    "squares"), ``duration`` (``amount`` in seconds), ``game-time`` (``unit`` nday or
    nweek), ``money`` (``unit`` dollars, points or vp) or ``bool``.
    """

    kind: str
    amount: Fraction
    unit: str = ""
    text: str = ""

    @property
    def flag(self) -> bool:
        return bool(self.amount)


def number(text: str) -> Fraction | None:
    """A number written in digits or English words, or None."""
    text = text.strip().lower()
    found = _DIGITS.match(text)
    if found:
        return Fraction(found.group(1).replace(",", "") + (found.group(2) or ""))
    if text in ("a", "an"):
        return Fraction(1)
    if text in ("half", "a half", "half a", "half an"):
        return Fraction(1, 2)
    words = [w for w in re.split(r"[\s-]+", text) if w and w != "and"]
    if not words:
        return None
    total, current = 0, 0
    for word in words:
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _SCALES:
            current = max(current, 1) * _SCALES[word]
            if _SCALES[word] >= 1000:
                total, current = total + current, 0
        else:
            return None
    return Fraction(total + current)


def _split_number(text: str) -> tuple[Fraction, str] | None:
    """The longest leading number of ``text`` and the words after it."""
    words = text.split()
    for cut in range(len(words), 0, -1):
        amount = number(" ".join(words[:cut]))
        if amount is not None:
            return amount, " ".join(words[cut:])
    return None


def read(text: str) -> Quantity | None:
    """The value ``text`` states, or None when it states none (or several)."""
    raw = text.strip().strip(".").strip()
    lowered = re.sub(r"\s+", " ", raw.lower().strip("'\""))
    if lowered in _BOOLS:
        return Quantity("bool", Fraction(int(_BOOLS[lowered])), text=raw)
    dollars = re.match(r"^\$\s*(.+)$", lowered)
    if dollars:
        amount = number(dollars.group(1))
        return None if amount is None else Quantity("money", amount, "dollars", raw)
    percent = re.match(r"^(.+?)\s*(%|percent|per cent)$", lowered)
    if percent:
        amount = number(percent.group(1))
        return None if amount is None else Quantity("number", amount, "percent", raw)
    glued = re.match(r"^(\d+(?:\.\d+)?)(h|hrs?|d|m|mins?)$", lowered)  # "24h", "30min"
    if glued:
        lowered = f"{glued.group(1)} {glued.group(2)}"
    split = _split_number(lowered)
    if split is None:
        return None
    amount, rest = split
    if rest == "":
        return Quantity("number", amount, text=raw)
    if rest in ("and a half", "and half") or rest.startswith(("and a half ", "and half ")):
        amount += Fraction(1, 2)
        rest = rest.split(" ", 3)[3] if rest.count(" ") >= 3 else ""
        if not rest:
            return Quantity("number", amount, text=raw)
    if rest in _TIME_WORDS:
        return Quantity("duration", amount * SECONDS[_TIME_WORDS[rest]], text=raw)
    if rest in GAME_TIME:
        return Quantity("game-time", amount, GAME_TIME[rest], raw)
    if rest in _MONEY_WORDS:
        return Quantity("money", amount, _MONEY_WORDS[rest], raw)
    if lowered.split()[0] in ("a", "an", "half"):
        return None  # "a few", "a lot": "a" is one only of a unit ("a day", "an hour")
    if re.fullmatch(r"[a-z][a-z ?']*", rest) and len(rest.split()) <= 3:
        return Quantity("number", amount, rest, raw)
    return None


def describe(seconds: Fraction) -> str:
    """A duration in the largest unit that divides it: "1 day", "90 minutes"."""
    for unit in ("week", "day", "hour", "minute"):
        count = seconds / SECONDS[unit]
        if count.denominator == 1 and count >= 1:
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return f"{float(seconds)} seconds"
