"""One line of a message as one action, in the words of ``nomicon act``.

    roll
    vote 3 up
    propose title="Free parking" text="Landing on Free Parking pays $5."
    give to=bob amount=5

The first word is the action. The words after it are ``key=value`` arguments, read
exactly as ``nomicon act`` reads them (:func:`nomicon.inputs.read_pairs`), or bare
values given in the order the action declares its arguments (``vote 3 up`` is
``vote proposal=3 vote=up``, as ``nomicon vote GAME ACTOR 3 up`` reads it). Words are
split as a shell splits them, so quoted text keeps its spaces.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.inputs import InputRefused, read_pairs
from nomicon.kernel.rules import Arg

__all__ = ["Line", "LineRefused", "read_line"]


class LineRefused(ValueError):
    """A line that cannot be read as an action; the message says why."""


@dataclass(frozen=True)
class Line:
    """A line read as an action."""

    action: str
    values: dict[str, Any]
    texts: dict[str, str]  # the arguments as typed (see GameService.act)


def read_line(line: str, declared: Sequence[Arg] | None) -> Line:
    """``line`` as an action whose arguments are ``declared`` (None: no rule in force
    defines the action, so only ``key=value`` arguments can be read)."""
    try:
        words = shlex.split(line)
    except ValueError as exc:  # an unclosed quotation
        raise LineRefused(f"cannot split the line into words: {exc}") from None
    if not words:
        raise LineRefused("the line is empty")
    action, rest = words[0].lower(), words[1:]
    names = [arg.name for arg in declared or ()]
    pairs: list[str] = []
    bare: list[str] = []
    for word in rest:
        key = word.partition("=")[0]
        if "=" in word and key.isidentifier():
            pairs.append(word)
        else:
            bare.append(word)
    free = [name for name in names if name not in {p.partition("=")[0] for p in pairs}]
    if declared is not None and len(bare) > len(free):
        expected = " ".join(names) or "no arguments"
        raise LineRefused(f"{action} takes {len(names)} argument"
                          f"{'' if len(names) == 1 else 's'} ({expected}), and the line "
                          f"gives {len(bare) + len(pairs)}")
    pairs = [f"{name}={word}" for name, word in zip(free, bare, strict=False)] + pairs
    try:
        values, texts = read_pairs(pairs, "argument")
    except InputRefused as exc:
        raise LineRefused(str(exc)) from None
    return Line(action, values, texts)
