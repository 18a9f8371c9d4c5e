"""HTML forms for actions, built from ``legal_actions``, and reading them back.

A rule's action declares its arguments (type, doc, finite choices, bounds); the
engine's ``legal_actions`` lists them for a viewer, and this module turns each entry
into a form description that one template renders. A rule enacted mid-game thus gets
its form without new template code.

A submitted form is read the way the command line reads ``key=value`` words: each
value as a YAML scalar or structure, with the typed text kept for arguments the
action declares as text (so the option "no" stays the word "no").
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

import yaml

from nomicon.display import json_value
from nomicon.inputs import InputRefused, read_yaml
from nomicon.server.errors import BadRequest

#: Fields of an action form that are not the action's arguments.
RESERVED = frozenset({"csrf", "_action", "_as", "_next", "_key", "_form"})
MAX_FIELD = 100_000
MAX_FIELDS = 50
# Text arguments that hold prose get a text area.
_PROSE = ("text", "body", "description", "reason", "message")


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    widget: str  # "select", "number", "text", "textarea", "structured"
    required: bool
    doc: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value as submitted, label)
    minimum: int | None = None
    maximum: int | None = None
    placeholder: str = ""


@dataclass(frozen=True)
class ActionForm:
    name: str
    title: str
    doc: str
    rule: str
    as_admin: bool
    fields: tuple[Field, ...] = ()
    key: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    #: Which form of its action this is, when the action has several (a command to
    #: each unit): 0 for the first, so a page's element ids stay unique.
    n: int = 0
    #: When this form was just refused: what was typed in it (field -> text), the
    #: reason, and the field the reason is about (None: the form as a whole).
    typed: Mapping[str, str] = field(default_factory=dict)
    reason: str = ""
    beside: str | None = None

    @property
    def dom_id(self) -> str:
        return (("admin-" if self.as_admin else "") + "action-" + self.name
                + (f"-{self.n}" if self.n else ""))


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def field_for(name: str, spec: Mapping[str, Any]) -> Field:
    kind = spec.get("type", "str")
    required = bool(spec.get("required", True))
    doc = str(spec.get("doc", ""))
    label = name.replace("_", " ").replace("-", " ")
    if "choices" in spec:
        choices = tuple((_shown(c), _shown(c)) for c in spec["choices"])
        return Field(name, label, "select", required, doc, choices)
    if kind == "int":
        return Field(name, label, "number", required, doc, minimum=spec.get("minimum"),
                     maximum=spec.get("maximum"))
    if kind == "bool":
        return Field(name, label, "select", required, doc, (("true", "yes"), ("false", "no")))
    if kind == "str":
        widget = "textarea" if name in _PROSE else "text"
        return Field(name, label, widget, required, doc)
    return Field(name, label, "structured", required, doc,
                 placeholder="YAML or JSON, for example " + _example(kind))


def _example(kind: str) -> str:
    return {"dict": "{points: 3}", "list": "[alice, bob]"}.get(kind, "5, text, [1, 2]")


@dataclass(frozen=True)
class Refused:
    """A submitted action form that was refused: which form (its ``dom_id``), what was
    typed in it, the message shown, and the bare reason (without the arguments the
    message repeats), which tells the field it is about."""

    form: str
    typed: Mapping[str, str]
    message: str
    reason: str

    @property
    def beside(self) -> str | None:
        """The field the reason is about: the first typed field the reason names as a
        word. A refusal carries no field of its own (the rules refuse in words), so
        the reason's words are what tell."""
        for name in self.typed:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", self.reason):
                return name
        return None


# The refused form of the request being answered, for the forms built while its page
# is drawn again: a context variable, so each request sees only its own.
_REFUSED: ContextVar[Refused | None] = ContextVar("refused_form", default=None)


@contextmanager
def refilling(refused: Refused) -> Iterator[None]:
    """While the block runs, the form ``refused`` is built again as it was typed,
    with the reason beside it."""
    token = _REFUSED.set(refused)
    try:
        yield
    finally:
        _REFUSED.reset(token)


def _refilled(form: ActionForm) -> ActionForm:
    refused = _REFUSED.get()
    if refused is None or refused.form != form.dom_id:
        return form
    return replace(form, typed=dict(refused.typed), reason=refused.message,
                   beside=refused.beside)


def action_forms(entries: list[dict[str, Any]], *, as_admin: bool = False) -> list[ActionForm]:
    """One form per entry of ``legal_actions``: the actions of the actor's turn first
    (a form just refused is filled in as it was typed, with the reason)."""
    entries = sorted(entries, key=lambda entry: not entry.get("on_turn", False))
    seen: dict[str, int] = {}
    forms = []
    for entry in entries:
        seen[entry["name"]] = seen.get(entry["name"], -1) + 1
        forms.append(_refilled(ActionForm(
            name=entry["name"], title=entry["name"].replace("-", " ").capitalize(),
            doc=entry.get("doc", ""), rule=entry.get("rule", ""), as_admin=as_admin,
            fields=tuple(field_for(n, s) for n, s in (entry.get("args") or {}).items()),
            n=seen[entry["name"]])))
    return forms


def read_arguments(form: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A submitted action form -> (values read as YAML, the texts as typed).

    Blank fields are left out (an optional argument takes its default).
    """
    values: dict[str, Any] = {}
    texts: dict[str, str] = {}
    fields = [(k, v) for k, v in form.items() if k not in RESERVED]
    if len(fields) > MAX_FIELDS:
        raise BadRequest(f"too many fields (at most {MAX_FIELDS})")
    for key, raw in fields:
        if not isinstance(raw, str):
            raise BadRequest(f"field {key!r} must be text, not a file")
        if len(raw) > MAX_FIELD:
            raise BadRequest(f"field {key!r} is too long (at most {MAX_FIELD} characters)")
        storable(raw, f"field {key!r}")
        text = raw.strip()
        if not text:
            continue
        values[key] = read_value(key, text)
        texts[key] = text
    return values, texts


def read_value(key: str, text: str) -> Any:
    """A field's text as a YAML value (JSON is YAML too)."""
    try:
        value = read_yaml(text)
    except InputRefused as exc:
        raise BadRequest(f"cannot read {key}: {exc}") from None
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or "not a YAML value"
        raise BadRequest(f"cannot read {key}={text[:200]!r}: {problem}") from None
    try:
        return json_value(value)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None


def plain_json(value: Any, depth: int = 0) -> Any:
    """Check a value that came as JSON: finite numbers, text keys, bounded nesting."""
    if depth > 32:
        raise BadRequest("the value is nested too deeply")
    if isinstance(value, dict):
        return {storable(str(k), "a key"): plain_json(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_json(v, depth + 1) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise BadRequest(f"{value} is not a value a game can hold")
    if isinstance(value, str):
        storable(value, "a text")
    return value


def storable(text: str, what: str) -> str:
    """``text`` if a game and its store can hold it: no NUL character (PostgreSQL's
    text cannot hold one) and no lone surrogate (not text at all in UTF-8)."""
    if "\x00" in text:
        raise BadRequest(f"{what} holds a NUL character, which cannot be stored")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"{what} holds a lone surrogate, which is not text") from None
    return text


def safe_next(target: object, fallback: str) -> str:
    """A local path to go back to after a form (never another site)."""
    if isinstance(target, str) and target.startswith("/") and not target.startswith("//") \
            and "\\" not in target and len(target) < 500:
        return target
    return fallback
