"""Event kinds declared once, with their fields.

An event kind is a name and a ``TypedDict`` of the fields its events carry::

    class Landed(TypedDict):
        player: str
        space: int

    LANDED = EventKind("landed", Landed)

A rule hooks it with ``@hook(LANDED)`` and annotates the handler's data
``data: Landed``, so that mypy finds a misspelt or missing field in the handler.
Three checks hold at run time as well:

- ``ctx.emit(LANDED, ...)`` and ``ctx.dispatch(LANDED, ...)`` refuse fields missing
  from the declaration or unknown to it (:meth:`EventKind.check`);
- a rule class is not made if one of its hooks on a declared kind annotates its data
  with another type, or reads a literal field the kind does not declare
  (:func:`check_hook`);
- a declaration whose fields are named like ``ctx.emit``'s own arguments is refused
  (such a field could never be given).

Events of kinds declared nowhere (``@hook("landed")``, ``ctx.emit("landed", ...)``)
work as before, unchecked.
"""

from __future__ import annotations

import ast
import functools
import inspect
import linecache
import re
import textwrap
from collections.abc import Callable, Iterator, Mapping
from types import CodeType
from typing import Any, ForwardRef, Generic, TypeVar, is_typeddict

from nomicon.kernel.errors import Cited, EventFieldError

F = TypeVar("F", bound=Mapping[str, Any])

#: The names ``ctx.emit`` takes as its own arguments: a field of that name would be
#: taken for the argument (``to=`` is who may see the event) and never reach the data.
RESERVED = frozenset({"type", "message", "to", "key"})

#: The methods of a dict whose first argument is a key the handler reads.
_READERS = frozenset({"get", "pop", "setdefault"})
_MISSING = object()


class EventKind(Generic[F]):
    """A kind of event: its ``name`` (the event's ``type`` in the log) and the
    ``TypedDict`` of its fields (``schema``)."""

    __slots__ = ("fields", "name", "required", "schema")

    def __init__(self, name: str, schema: type[F]) -> None:
        if not is_typeddict(schema):
            raise TypeError(f"event kind {name!r}: its fields are declared by a TypedDict, "
                            f"not {schema!r}")
        declared: Any = schema  # a TypedDict class: its keys are known at run time only
        for field, annotation in declared.__annotations__.items():
            # With postponed annotations, Python 3.11 cannot see NotRequired[...] in a
            # TypedDict and would call every field required: refused here rather than
            # found when an event without the optional field is emitted in a game.
            text = annotation.__forward_arg__ if isinstance(annotation, ForwardRef) else ""
            if "Required[" in text:
                raise TypeError(f"event kind {name!r}: field {field!r} is {text} in a module "
                                "with postponed annotations, where Python takes it for a "
                                "required field; declare the kind in a module without "
                                "'from __future__ import annotations'")
        fields = frozenset(declared.__required_keys__ | declared.__optional_keys__)
        clash = sorted(fields & RESERVED)
        if clash:
            raise TypeError(f"event kind {name!r}: no field may be named {', '.join(clash)}, "
                            "an argument of ctx.emit itself")
        self.name = name
        self.schema = schema
        self.fields = fields
        self.required = frozenset(declared.__required_keys__)

    def check(self, data: Mapping[str, Any], by: Cited | None = None) -> None:
        """Raise :class:`EventFieldError` unless ``data`` has every required field of
        the kind and no other field; ``by`` is the rule emitting it, if any."""
        # Only the names, not the values' types (a pydantic TypeAdapter would check
        # those too): this runs for every event, and mypy checks the types statically.
        # Performance: an event with every field of its kind (the usual case) is one
        # comparison of key sets, half the cost of the two inclusions.
        keys = data.keys()
        if keys == self.fields or (keys <= self.fields and self.required <= keys):
            return
        problems = []
        missing = sorted(self.required - keys)
        if missing:
            problems.append(f"missing {_listed(missing)}")
        unknown = sorted(keys - self.fields)
        if unknown:
            problems.append(f"unknown {_listed(unknown)}")
        where = f" by {by.label}" if by is not None else ""
        raise EventFieldError(f"event {self.name!r} emitted{where} with {' and '.join(problems)}"
                              f" (its fields: {', '.join(sorted(self.fields)) or 'none'})")

    def __repr__(self) -> str:
        return f"EventKind({self.name!r}, {self.schema.__name__})"


def _listed(fields: list[str]) -> str:
    return ("field " if len(fields) == 1 else "fields ") + ", ".join(map(repr, fields))


def check_hook(owner: str, fn: Callable[..., Any], kind: EventKind[Any]) -> None:
    """Refuse (with :class:`EventFieldError`) a hook ``fn`` of the rule ``owner`` on the
    declared ``kind`` whose data parameter (the one after ``ctx``) is annotated with
    another type than the kind's, or that reads a literal field the kind does not
    declare: ``data["x"]``, ``data.get("x")``, ``"x" in data``. Reads are found in the
    handler's source; a handler whose source is not at hand is not read."""
    fn = inspect.unwrap(fn)
    # Performance: the parameters from the code object, not inspect.signature, which
    # costs more than the rest of the check.
    code = getattr(fn, "__code__", None)
    if code is None or code.co_argcount < 3:
        return  # not a (self, ctx, data) method: the engine's call will say so
    data = code.co_varnames[2]
    annotation = fn.__annotations__.get(data, _MISSING)
    if annotation is not _MISSING and not _names(annotation, kind.schema, fn.__globals__):
        raise EventFieldError(f"{owner}: hook {fn.__name__} on {kind.name!r} annotates "
                              f"{data} as {_shown(annotation)}, not {kind.schema.__name__}")
    for field, line in _unknown_reads(code, data, kind.fields):
        raise EventFieldError(
            f"{owner}: hook {fn.__name__} reads {data}[{field!r}] (line {line}), "
            f"which is not a field of {kind.name!r} "
            f"(its fields: {', '.join(sorted(kind.fields)) or 'none'})")


def _names(annotation: object, schema: type, scope: Mapping[str, Any]) -> bool:
    """Whether ``annotation`` is ``schema``. A postponed annotation (a string) is looked
    up in the handler's module when it is a plain or dotted name (``Landed``,
    ``events.Landed``); a name imported only for type checkers is compared by name."""
    if not isinstance(annotation, str):
        return annotation is schema
    text = annotation.strip()
    parts = text.split(".")
    if not all(part.isidentifier() for part in parts):
        return False  # a union, a subscript: not the kind's type
    found: object = scope.get(parts[0], _MISSING)
    for part in parts[1:]:
        found = getattr(found, part, _MISSING)
    return found is schema if found is not _MISSING else parts[-1] == schema.__name__


def _shown(annotation: object) -> str:
    """An annotation as the code wrote it (near enough): ``dict[str, Any]``."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__qualname__
    return repr(annotation).replace("typing.", "")


def _unknown_reads(code: CodeType, name: str,
                   fields: frozenset[str]) -> Iterator[tuple[str, int]]:
    """The literal keys the function of ``code`` reads from its parameter ``name`` that
    are not among ``fields``, with their lines."""
    # Written here: mypy finds the same reads, but only where it runs (not in a rule
    # class made in a game's process), and no library reads them from a function.
    lines = linecache.getlines(code.co_filename)
    if not lines:
        return  # no source (made at run time, or compiled only): nothing to read
    # Performance: the lines the function's code spans, rather than
    # inspect.getsourcelines, which tokenizes the file from the function on to find
    # its end (several times the cost of parsing the function, for every hook).
    first = code.co_firstlineno  # its first decorator's line
    source = textwrap.dedent("".join(lines[first - 1:_last_line(code)]))
    # Performance: rules are made whenever a pack is imported, and walking the tree of
    # every hook costs more than importing the pack did; a hook whose text shows no
    # read of an unknown key (the usual case) is not parsed. The tree decides: the
    # text's matches may be in a comment or a string.
    if not {m["key"] or m["held"] for m in _reads_in_text(name).finditer(source)} - fields:
        return
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return  # not the function's whole source after all: nothing to read
    for node in ast.walk(tree):
        key: ast.expr | None = None
        if isinstance(node, ast.Subscript) and _is_name(node.value, name):
            key = node.slice
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in _READERS and _is_name(node.func.value, name) and node.args):
            key = node.args[0]
        elif (isinstance(node, ast.Compare) and len(node.ops) == 1
              and isinstance(node.ops[0], ast.In | ast.NotIn)
              and _is_name(node.comparators[0], name)):
            key = node.left
        if (isinstance(key, ast.Constant) and isinstance(key.value, str)
                and key.value not in fields):
            yield key.value, first + key.lineno - 1


@functools.cache
def _reads_in_text(name: str) -> re.Pattern[str]:
    """What reads of a literal key from ``name`` look like in the text of the code:
    ``name["key"]``, ``name.get("key"``, ``"key" in name`` (``key`` or ``held``)."""
    name = re.escape(name)
    readers = "|".join(_READERS)
    return re.compile(
        rf"""\b{name}\s*(?:\[|\.(?:{readers})\()\s*(?P<q>['"])(?P<key>[^'"\\]*)(?P=q)"""
        rf"""|(?P<p>['"])(?P<held>[^'"\\]*)(?P=p)\s+(?:not\s+)?in\s+{name}\b""")


def _last_line(code: CodeType) -> int:
    """The last line of source that ``code`` (with the functions inside it) spans."""
    ends = [end for _start, end, _col, _end_col in code.co_positions() if end is not None]
    ends += [_last_line(const) for const in code.co_consts if isinstance(const, CodeType)]
    return max(ends, default=code.co_firstlineno)


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
