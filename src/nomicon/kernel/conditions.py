"""Conditions: the small language of conditional orders and standing answers.

A condition is one expression that a player writes when they send an order ("buy
square 5 if nobody owns it") or answer a prompt ahead of time ("buy if the price is
at most 300"). It is read when it is sent, so a condition that is not in the
language is refused at once, and it is evaluated later on the player's own view of
the game as it stands then.

The language is the expression syntax of Python, cut down to what a guard needs:

- values: numbers, text in quotes, ``True``, ``False``, ``None``, lists ``[1, 2]``;
- names: the top-level parts of the view (``players``, ``board``, ``accounts``...),
  ``me`` (the player's name) and ``my`` (the player's own record), and what the caller
  adds (a standing answer sees the ``prompt``);
- ``a.b`` and ``a["b"]`` read a key of a mapping (``board.spaces["5"].owner``), and
  ``a[0]`` an item of a list;
- ``+ - * // %`` on numbers; ``== != < <= > >= in`` and ``not in``; ``and``, ``or``,
  ``not``;
- the functions ``len``, ``min``, ``max`` and ``abs``.

Nothing else: no other calls, no methods, no assignments, no comprehensions. A name
or a key the view does not have is an error that says so, as is comparing things
that cannot be compared: the order then fails with that reason.
"""

# Written here rather than taken from an expression library. simpleeval and
# rule-engine evaluate more than a guard needs and reach outside the game:
# rule-engine's $now and $random read the wall clock and an unseeded generator (a
# replay would differ), both call methods of values, and simpleeval looks up a
# mapping's own methods before its keys (a player named "items" could not be named).
# cel-python is made for guards but brings a C regular-expression engine and a date
# library with it. The standard library's parser (ast) reads the text; this module
# only walks a few kinds of node over JSON values.

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

#: The longest condition read: far above any real guard, small enough that reading
#: and evaluating one costs nothing that matters.
MAX_LENGTH = 1000

_FUNCTIONS: dict[str, Callable[..., Any]] = {"len": len, "min": min, "max": max, "abs": abs}

_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}

_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
}

_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}


class ConditionError(ValueError):
    """A condition that is not in the language, or that cannot be evaluated on the
    view it is given; the message says which part and why."""


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class Condition:
    """A condition read from its text; :meth:`holds` evaluates it."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str) or not text.strip():
            raise ConditionError("a condition is an expression, such as my.location == 5")
        if len(text) > MAX_LENGTH:
            raise ConditionError(f"a condition has at most {MAX_LENGTH} characters, "
                                 f"not {len(text):,}")
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise ConditionError(f"{text.strip()!r} is not an expression: {exc.msg}") from None
        except (RecursionError, MemoryError, ValueError):
            raise ConditionError(f"{text.strip()!r} is nested too deeply") from None
        self.text = text.strip()
        self._body = tree.body
        _check(self._body)

    def holds(self, names: Mapping[str, Any]) -> bool:
        """Whether the condition is true of ``names`` (a view and the names added to
        it); :class:`ConditionError` when it cannot be evaluated there."""
        try:
            return bool(_evaluate(self._body, names))
        except ConditionError:
            raise
        except RecursionError:
            raise ConditionError(f"{self.text!r} is nested too deeply") from None
        except (TypeError, ValueError, ZeroDivisionError, OverflowError) as exc:
            raise ConditionError(f"{self.text!r} cannot be evaluated: {exc}") from None

    def __repr__(self) -> str:
        return f"Condition({self.text!r})"


def names_for(view: Mapping[str, Any], player: str,
              **extra: Any) -> dict[str, Any]:
    """The names a condition of ``player`` reads: the parts of their view, ``me``, ``my``
    (their own record, if they are a player) and ``extra``."""
    names = dict(view)
    names["me"] = player
    names["my"] = view.get("players", {}).get(player)
    names.update(extra)
    return names


# -- reading: only the kinds of node the language has ---------------------------

_ALLOWED = (ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.UAdd,
            ast.BinOp, ast.Compare, ast.Constant, ast.Name, ast.Load, ast.Attribute,
            ast.Subscript, ast.Call, ast.List, ast.Tuple, *_COMPARE, *_ARITHMETIC)


def _check(node: ast.AST) -> None:
    for inner in ast.walk(node):
        if not isinstance(inner, _ALLOWED):
            shown = ast.unparse(inner) if isinstance(inner, ast.expr) else type(inner).__name__
            raise ConditionError(f"{shown!r} is not part of the condition language "
                                 "(names, keys, numbers, text, comparisons, and/or/not, "
                                 "+ - * // %, len/min/max/abs)")
        if isinstance(inner, ast.Constant) and not isinstance(
                inner.value, int | float | str | bool | type(None)):
            raise ConditionError(f"{ast.unparse(inner)!r} is not a value of the language")
        if isinstance(inner, ast.Attribute) and inner.attr.startswith("_"):
            # Keys of the view never start with "_"; this keeps the language's dots
            # from ever meaning anything but a key.
            raise ConditionError(f"{inner.attr!r}: a key read with a dot cannot start "
                                 "with '_' (write [\"...\"])")
        if isinstance(inner, ast.Call) and (
                not isinstance(inner.func, ast.Name) or inner.func.id not in _FUNCTIONS
                or inner.keywords):
            raise ConditionError(f"{ast.unparse(inner)!r}: the only calls are "
                                 f"{', '.join(_FUNCTIONS)} of plain arguments")


# -- evaluating ------------------------------------------------------------------


def _evaluate(node: ast.expr, names: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in names:
            raise ConditionError(f"there is no {node.id!r} to read (there are: "
                                 f"{', '.join(sorted(names))})")
        return names[node.id]
    if isinstance(node, ast.Attribute):
        return _key(_evaluate(node.value, names), node.attr, node.value)
    if isinstance(node, ast.Subscript):
        return _key(_evaluate(node.value, names), _evaluate(node.slice, names), node.value)
    if isinstance(node, ast.BoolOp):
        is_and = isinstance(node.op, ast.And)
        for value in node.values:
            if bool(_evaluate(value, names)) is not is_and:
                return not is_and
        return is_and
    if isinstance(node, ast.UnaryOp):
        operand = _evaluate(node.operand, names)
        if isinstance(node.op, ast.Not):
            return not operand
        if not _number(operand):
            raise ConditionError(f"{ast.unparse(node)!r}: a sign goes before a number, "
                                 f"not {operand!r}")
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        if not (_number(left) and _number(right)):
            symbol = _SYMBOL[type(node.op)]
            raise ConditionError(f"{ast.unparse(node)!r}: {symbol} works on numbers, not "
                                 f"{left!r} and {right!r}")
        return _ARITHMETIC[type(node.op)](left, right)
    if isinstance(node, ast.Compare):
        left = _evaluate(node.left, names)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _evaluate(comparator, names)
            try:
                if not _COMPARE[type(op)](left, right):
                    return False
            except TypeError:
                raise ConditionError(f"{ast.unparse(node)!r}: {left!r} and {right!r} cannot "
                                     "be compared") from None
            left = right
        return True
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)  # _check let no other call through
        return _FUNCTIONS[node.func.id](*(_evaluate(arg, names) for arg in node.args))
    if isinstance(node, ast.List | ast.Tuple):
        return [_evaluate(item, names) for item in node.elts]
    raise ConditionError(f"{ast.unparse(node)!r} is not part of the condition language")


def _key(container: Any, key: Any, where: ast.expr) -> Any:
    """``container[key]`` for a mapping's key or a list's item, or the reason not."""
    shown = ast.unparse(where)
    if isinstance(container, Mapping):
        if key not in container:
            raise ConditionError(f"{shown} has no {key!r}")
        return container[key]
    if isinstance(container, list) and isinstance(key, int) and not isinstance(key, bool):
        if not -len(container) <= key < len(container):
            raise ConditionError(f"{shown} has no item {key} (it has {len(container)})")
        return container[key]
    raise ConditionError(f"{shown} is {container!r}, which has no {key!r}")
