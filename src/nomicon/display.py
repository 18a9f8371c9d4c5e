"""How values are read from people and shown to them, for the command line and the
web pages alike."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from typing import Any


def cell(value: Any) -> str:
    """A value as a table cell: lists and dicts compactly, nothing as an em dash."""
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {cell(v)}" for k, v in value.items())
    return str(value)


def json_value(value: Any) -> Any:
    """A value read from YAML input as JSON a game can hold: dates and times become
    ISO text, keys become strings; NaN and infinity (which JSON lacks) are refused
    with ValueError."""
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_value(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} is not a value a game can hold")
    return value


def counted(number: int, unit: str) -> str:
    """A number with its unit, the unit agreeing with it: ``1 point``, ``3 points``,
    ``2 flutes``; a unit that is a sign (``$``, ``A$``) goes before: ``$5``."""
    if unit.endswith("$"):
        return f"-{unit}{-number}" if number < 0 else f"{unit}{number}"
    # By hand rather than with an inflection library: the units are the games' own
    # goods and currencies (points, dollars, flutes, houses...), one word each, that
    # take a plain -s; a name already ending in s is the currency's plural.
    word = unit.replace("_", " ").replace("-", " ")
    if abs(number) == 1:
        word = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
    elif not word.endswith("s"):
        word += "s"
    return f"{number} {word}"


def goods(held: Any) -> str:
    """What a trade or a payment moves, in words: ``3 flutes and 1 point``, or
    ``nothing``."""
    if not isinstance(held, dict) or not held:
        return "nothing"
    parts = [counted(n, str(g)) if isinstance(n, int) else f"{cell(n)} {g}"
             for g, n in held.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def listed(items: Any) -> str:
    """Items in words: ``a, b and c``; none: ``nothing``."""
    shown = [cell(item) for item in items]
    if not shown:
        return "nothing"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def name_words(name: str) -> str:
    """An internal name read as words: ``ping_missed`` -> ``ping missed``."""
    return name.replace("_", " ").replace("-", " ").strip()


def spoken(value: Any) -> str:
    """A value as a sentence says it: text as it is, lists as ``a, b and c``, nothing
    (None, an empty list or mapping) as ``nothing``."""
    if value is None or value == [] or value == {}:
        return "nothing"
    if isinstance(value, list | tuple):
        return listed(value)
    return cell(value)


@dataclass(frozen=True)
class Table:
    """A part of the state drawn as a table: its column labels and its rows of cells."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Facts:
    """A part of the state drawn as labelled facts, each a sentence, a table or more
    facts."""

    entries: tuple[tuple[str, Text | Table | Facts], ...]


@dataclass(frozen=True)
class Text:
    """A part of the state said in one line."""

    text: str


def label(key: Any) -> str:
    """A state key as a label: ``cop_car`` -> ``cop car``."""
    return name_words(str(key))


def _is_flat(value: Any) -> bool:
    return not isinstance(value, dict | list | tuple) or all(
        not isinstance(v, dict | list | tuple)
        for v in (value.values() if isinstance(value, dict) else value))


def shape(value: Any) -> Text | Table | Facts:
    """A part of a game's state as people read it: records (a mapping or list of
    mappings) as a table with a column per field, other mappings as labelled facts,
    anything flat as one line; never as YAML or JSON."""
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return _table([{"": key, **v} for key, v in value.items()])
    if isinstance(value, list | tuple) and value and all(isinstance(v, dict) for v in value):
        return _table(list(value))
    if isinstance(value, dict) and value:
        return Facts(tuple((label(k), Text(cell(v)) if _is_flat(v) else shape(v))
                           for k, v in value.items()))
    return Text(cell(value))


def _table(records: list[dict[str, Any]]) -> Table:
    columns = tuple(dict.fromkeys(k for record in records for k in record))
    return Table(tuple(label(c) for c in columns),
                 tuple(tuple(cell(record.get(c)) for c in columns) for record in records))


def amendment_lines(amendment: Any) -> list[str]:
    """An amendment (a list of changes) in words, one line per change: ``repeal Rule
    1901``, ``amend Rule 1706: text Item: Fire Flower...``."""
    lines = []
    for change in amendment if isinstance(amendment, list) else [amendment]:
        if not isinstance(change, dict):
            lines.append(spoken(change))
            continue
        op = name_words(str(change.get("op", "change")))
        target = f" Rule {change['rule']}" if "rule" in change else ""
        said = "; ".join(f"{label(k)} {spoken(v)}" for k, v in change.items()
                         if k not in ("op", "rule") and v is not None)
        lines.append(f"{op}{target}" + (f": {said}" if said else ""))
    return lines
