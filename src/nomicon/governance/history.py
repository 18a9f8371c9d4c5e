"""The ruleset through time: as it stood after any event, its full text, and diffs.

Every change to the rules is an event, so the ruleset at event ``seq`` is the fold of
the log up to ``seq``; nothing else needs to be stored. Diffs are unified diffs of
the ruleset's full text (``difflib``).
"""

from __future__ import annotations

import difflib
from typing import Any

from nomicon.kernel.state import fold


def rules_at(log: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    """The ``rules`` part of the state right after event ``seq``."""
    state = fold(op for event in log if event["seq"] <= seq for op in event.get("ops", ()))
    rules: dict[str, Any] = state.get("rules", {})
    return rules


def full_text(rules: dict[str, Any]) -> str:
    """The ruleset as players read it: every rule in number order, with rulings."""
    parts = []
    for entry in sorted(rules.values(), key=lambda e: e["number"]):
        block = f"Rule {entry['number']}: {entry['title']}\n\n{entry['text'].strip()}\n"
        params = entry.get("params") or {}
        if params:
            block += "\nParameters: " + ", ".join(f"{k}={v}" for k, v in params.items()) + "\n"
        for i, ruling in enumerate(entry.get("interpretations", []), start=1):
            block += f"\nInterpretation {i} ({ruling.get('by', 'admin')}): {ruling['text']}\n"
        parts.append(block)
    return "\n".join(parts)


def diff(before: dict[str, Any], after: dict[str, Any], *, labels: tuple[str, str] = (
        "before", "after")) -> str:
    """A unified diff between two rulesets' full texts ('' when they read the same)."""
    lines = difflib.unified_diff(full_text(before).splitlines(keepends=True),
                                 full_text(after).splitlines(keepends=True),
                                 fromfile=labels[0], tofile=labels[1])
    return "".join(lines)


def summary(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[int]]:
    """Which rules were enacted, repealed or changed between two rulesets."""
    b = {e["rid"]: e for e in before.values()}
    a = {e["rid"]: e for e in after.values()}
    changed = [a[r]["number"] for r in a.keys() & b.keys()
               if {k: v for k, v in a[r].items() if k != "history"}
               != {k: v for k, v in b[r].items() if k != "history"}]
    return {
        "enacted": sorted(a[r]["number"] for r in a.keys() - b.keys()),
        "repealed": sorted(b[r]["number"] for r in b.keys() - a.keys()),
        "changed": sorted(changed),
    }


def version(rules_entry: dict[str, Any], number: int) -> dict[str, Any]:
    """Version ``number`` (1-based) of one rule from its history."""
    history = rules_entry.get("history", [])
    if not 1 <= number <= len(history):
        raise KeyError(f"Rule {rules_entry['number']} has versions 1 to {len(history)}")
    found: dict[str, Any] = history[number - 1]
    return found


def version_diff(rules_entry: dict[str, Any], old: int, new: int) -> str:
    """A unified diff of one rule's text between two of its versions."""
    a, b = version(rules_entry, old), version(rules_entry, new)
    lines = difflib.unified_diff(
        (a["text"].strip() + "\n").splitlines(keepends=True),
        (b["text"].strip() + "\n").splitlines(keepends=True),
        fromfile=f"Rule {a['number']} v{old}", tofile=f"Rule {b['number']} v{new}")
    out = "".join(lines)
    if a.get("params") != b.get("params"):
        out += f"params: {a.get('params')} -> {b.get('params')}\n"
    return out
