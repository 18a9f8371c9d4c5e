"""Reading YAML (and JSON, which is YAML too) from people, within limits.

Players type values into web forms and command lines, and admins write scenario
files. PyYAML's ``safe_load`` builds whatever the text describes: a few hundred
characters of anchors and aliases expand to millions of values, and deep nesting
ends in a ``RecursionError``. :func:`read_yaml` refuses both while the document is
composed, before any Python value exists: no anchors or aliases (nothing a player
types needs them), no nesting deeper than :attr:`Limits.depth`, no more than
:attr:`Limits.values` values, no text longer than :attr:`Limits.text`. Every refusal
is an :class:`InputRefused` that names the limit.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import yaml
from yaml.nodes import Node

__all__ = ["LIMITS", "InputRefused", "Limits", "read_pairs", "read_yaml"]


class InputRefused(ValueError):
    """Input over a limit, or of a form that is not accepted; the message says which."""


@dataclass(frozen=True)
class Limits:
    """The limits on what people send. No real game comes near them: a long rule text
    is a few thousand characters, and a value nests a handful of levels."""

    #: Characters in one value typed into a form or a command line (a proposal's text).
    text: int = 100_000
    #: Levels of nesting (lists and mappings within each other).
    depth: int = 32
    #: Values in one document (every scalar, list and mapping counts one).
    values: int = 10_000
    #: Bytes of a scenario file, and steps in it.
    scenario_bytes: int = 1_000_000
    scenario_steps: int = 10_000


    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The defaults, each replaced by ``NOMICON_LIMIT_<NAME>`` where that is set
        (``NOMICON_LIMIT_TEXT=200000``); a value that is not a positive whole number
        is an error at start-up rather than a limit silently ignored."""
        environ = os.environ if environ is None else environ
        chosen: dict[str, int] = {}
        for item in fields(cls):
            raw = environ.get(f"NOMICON_LIMIT_{item.name.upper()}")
            if raw is None:
                continue
            if not raw.strip().isdigit() or int(raw) < 1:
                raise ValueError(f"NOMICON_LIMIT_{item.name.upper()} must be a positive "
                                 f"whole number, not {raw!r}")
            chosen[item.name] = int(raw)
        return cls(**chosen)


#: The limits in force: the defaults, or what the environment sets.
LIMITS = Limits.from_environment()


class _LimitedLoader(yaml.SafeLoader):
    """A safe loader that refuses anchors and aliases and counts depth and values as it
    composes (composing is where PyYAML recurses and where aliases are expanded)."""

    limits: Limits = LIMITS

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._values = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            raise InputRefused("aliases (*name) are not accepted: write each value out")
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if getattr(event, "anchor", None) is not None:
            raise InputRefused("anchors (&name) are not accepted: write each value out")
        self._values += 1
        if self._values > self.limits.values:
            raise InputRefused(f"more than {self.limits.values:,} values")
        self._depth += 1
        try:
            if self._depth > self.limits.depth:
                raise InputRefused(f"nested more than {self.limits.depth} levels deep")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def read_yaml(text: str, *, limits: Limits = LIMITS, max_chars: int | None = None) -> Any:
    """The value ``text`` describes, as YAML, within ``limits``; :class:`InputRefused`
    for input over a limit, and ``yaml.YAMLError`` for text that is not YAML."""
    cap = limits.text if max_chars is None else max_chars
    if len(text) > cap:
        raise InputRefused(f"longer than {cap:,} characters")
    loader_class = (_LimitedLoader if limits is LIMITS
                    else type("_Loader", (_LimitedLoader,), {"limits": limits}))
    loader = loader_class(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def read_pairs(pairs: list[str], what: str) -> tuple[dict[str, Any], dict[str, str]]:
    """``key=value`` words, as ``nomicon act`` and the mail gateway read them: (the
    values read as YAML scalars, the texts as typed). :class:`InputRefused` says which
    word cannot be read and why."""
    # Imported here: reading values needs the display's JSON rules, which need nothing
    # of this module.
    from nomicon.display import json_value

    values: dict[str, Any] = {}
    texts: dict[str, str] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputRefused(f"malformed {what} {pair!r}: write key=value")
        if key in values:
            raise InputRefused(f"{what} {key!r} is given twice")
        try:
            value = read_yaml(text)
        except InputRefused as exc:
            raise InputRefused(f"cannot read {what} {key}: {exc}") from None
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "not a YAML value"
            raise InputRefused(f"cannot read {what} {key}={text[:200]!r}: {problem}") from None
        try:
            values[key] = json_value(value)
        except ValueError as exc:
            raise InputRefused(f"cannot use {what} {key}={text!r}: {exc}") from None
        texts[key] = text
    return values, texts
