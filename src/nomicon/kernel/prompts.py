"""Prompts that are private, and prompts that take several options (DESIGN §3, §3b).

A prompt is public unless the rule opening it says otherwise. A **private** prompt
(``ctx.prompt(..., private=True)``, or ``seen_by=[...]`` naming players or
``role:<name>``) shows its question, options, default and answer only to the player
asked, the audience named and the admin: its ``prompt.opened``, ``prompt.answered``
and ``prompt.defaulted`` events go to them alone (roles as held when each event
happens), and everyone else's view of the pending prompts holds only that the player
has a private decision to make (``{id, to, rule, deadline, private: true}``), so the
game's pages can say whom it waits for.

A **multi-select** prompt (``choose=k``, or ``choose=(low, high)``) is answered with a
list of distinct options, as many as the range allows, by the ``choose-many`` action;
its default is such a list, applied at the deadline like any other. The record keeps
``choose: [low, high]``. The rule's handler gets the list.

Records keep these keys only when a rule uses them, so the prompts of games written
before them read and replay as they did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nomicon.kernel import roles

ADMIN = "admin"
#: The keys of a private prompt that everyone may read.
STUB = ("id", "to", "rule", "deadline")


def shape(options: Sequence[str], default: Any, *, choose: int | tuple[int, int] | None,
          private: bool, seen_by: Sequence[str]) -> dict[str, Any]:
    """The keys a prompt's record takes for its range and audience, after checking that
    the default answers it (a mistake in the rule is said when the prompt opens)."""
    extra: dict[str, Any] = {}
    if choose is None:
        if default not in options:
            raise ValueError(f"default {default!r} is not among {list(options)!r}")
    else:
        low, high = (choose, choose) if isinstance(choose, int) else choose
        if not 0 <= low <= high or high < 1 or high > len(options):
            raise ValueError(f"cannot choose {describe((low, high))} of {len(options)} "
                             "options")
        if len(set(options)) != len(options):
            raise ValueError(f"the options {list(options)!r} repeat one")
        reason = answer_problem(options, (low, high), default, options)
        if reason is not None:
            raise ValueError(f"default {default!r} does not answer the prompt: {reason}")
        extra["choose"] = [low, high]
    if isinstance(seen_by, str):
        raise TypeError(f"seen_by is a list of names, not the text {seen_by!r}")
    if private or seen_by:
        for name in seen_by:
            held = roles.role_of(name)
            if held is not None:
                roles.check_name(held)
        extra["seen_by"] = list(seen_by)
    return extra


def answer_range(prompt: Mapping[str, Any]) -> tuple[int, int] | None:
    """How many options a multi-select prompt takes (None: it takes one)."""
    found = prompt.get("choose")
    return None if found is None else (int(found[0]), int(found[1]))


def is_multi(prompt: Mapping[str, Any]) -> bool:
    return prompt.get("choose") is not None


def is_private(prompt: Mapping[str, Any]) -> bool:
    return "seen_by" in prompt or prompt.get("public", True) is False


def audience(prompt: Mapping[str, Any]) -> list[str] | None:
    """Who reads a prompt's events besides the admin (None: everyone)."""
    if not is_private(prompt):
        return None
    return [prompt["to"], *prompt.get("seen_by", ())]


def shown(prompt: Mapping[str, Any], viewer: str,
          root: Mapping[str, Any]) -> Mapping[str, Any]:
    """What ``viewer`` sees of a pending prompt: all of it (the record itself, for the
    caller to copy), or, of a private prompt they are not in the audience of, whom it
    asks."""
    if (viewer == ADMIN or not is_private(prompt) or prompt["to"] == viewer
            or roles.includes(root, prompt.get("seen_by", ()), viewer)):
        return prompt
    return {**{key: prompt.get(key) for key in STUB}, "private": True}


def describe(span: tuple[int, int]) -> str:
    low, high = span
    if low == high:
        return f"exactly {low}"
    return f"up to {high}" if low == 0 else f"{low} to {high}"


def answer_problem(options: Sequence[str], span: tuple[int, int], answer: Any,
                   open_now: Sequence[str], default: Sequence[str] = ()) -> str | None:
    """Why ``answer`` does not answer a multi-select prompt (None: it does): each must
    be one of ``options``, open now (or part of the default, which is always open),
    none twice, and as many as ``span`` allows."""
    if not isinstance(answer, list | tuple) or not all(isinstance(a, str) for a in answer):
        return f"answer with a list of options, not {answer!r}"
    seen: set[str] = set()
    for option in answer:
        if option not in options:
            return f"{option!r} is not an option (options: {', '.join(options)})"
        if option in seen:
            return f"{option!r} is chosen twice"
        if option not in open_now and option not in default:
            return f"{option!r} is not open now (open: {', '.join(open_now) or 'none'})"
        seen.add(option)
    low, high = span
    if not low <= len(answer) <= high:
        return f"choose {describe(span)} of the options, not {len(answer)}"
    return None
