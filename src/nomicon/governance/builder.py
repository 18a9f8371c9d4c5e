"""The amendment builder: rule changes made from typed fields instead of YAML.

A rule's parameters are a pydantic model (``Rule.Params``); the builder turns each
field into a typed input (a whole number, a number, a text, yes/no, a choice, a list
written one item a line) showing the current value and the field's description, and
reads what was typed back through the same model, so the schema's own reasons
(``Input should be greater than or equal to 1``) are what a refused value shows.
The web form and the command line both build their changes here; the changes are
the amendment format of :mod:`nomicon.governance.amendments`.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from nomicon.kernel.errors import NomiconError
from nomicon.kernel.pack import Registry

Kind = Literal["integer", "number", "text", "bool", "choice", "list", "structured"]


class FieldRefused(NomiconError):
    """A typed value that a rule's parameter schema refuses, with the field's name."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class ParamField:
    """One parameter of a rule as an input: its kind, the value now (as typed text)
    and what its schema says of it."""

    name: str
    kind: Kind
    description: str
    current: str
    required: bool
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


def _plain(annotation: Any) -> tuple[Any, bool]:
    """The annotation without ``| None``, and whether None is allowed."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(args) < len(typing.get_args(annotation))
        return (args[0] if len(args) == 1 else annotation), optional
    return annotation, False


def _kind(annotation: Any) -> tuple[Kind, tuple[str, ...]]:
    origin = typing.get_origin(annotation)
    if annotation is bool:
        return "bool", ()
    if annotation is int:
        return "integer", ()
    if annotation is float:
        return "number", ()
    if annotation is str:
        return "text", ()
    if origin is Literal:
        return "choice", tuple(str(a) for a in typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "choice", tuple(str(m.value) for m in annotation)
    if origin in (list, tuple, set, frozenset):
        items = [a for a in typing.get_args(annotation) if a is not Ellipsis]
        if all(a in (int, str, float) for a in items):
            return "list", ()
    return "structured", ()


def _bounds(info: FieldInfo, kind: Kind) -> tuple[float | None, float | None]:
    """The inclusive bounds an input can show (a strict bound only of a whole number)."""
    low: float | None = None
    high: float | None = None
    for meta in info.metadata:
        if isinstance(meta, annotated_types.Ge):
            low = float(meta.ge)  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Gt) and kind == "integer":
            low = float(meta.gt) + 1  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Le):
            high = float(meta.le)  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Lt) and kind == "integer":
            high = float(meta.lt) - 1  # type: ignore[arg-type]
    return low, high


def as_text(kind: Kind, value: Any) -> str:
    """A value as its input shows it: a list one item a line, yes/no as true/false."""
    if value is None:
        return ""
    if kind == "bool":
        return "true" if value else "false"
    if kind == "list" and isinstance(value, list | tuple | set | frozenset):
        return "\n".join(str(v) for v in value)
    if kind == "structured":
        import yaml

        return str(yaml.safe_dump(value, sort_keys=False, allow_unicode=True,
                                  default_flow_style=True, width=10_000)).strip()
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def param_fields(model: type[BaseModel], current: Mapping[str, Any]) -> list[ParamField]:
    """The inputs of a parameter model, showing ``current`` values (else the defaults)."""
    out = []
    for name, info in model.model_fields.items():
        annotation, optional = _plain(info.annotation)
        kind, choices = _kind(annotation)
        low, high = _bounds(info, kind)
        if name in current:
            value = current[name]
        elif info.is_required():
            value = None
        else:
            # A default may be a model or an enum: shown as the JSON it is stored as.
            value = TypeAdapter(info.annotation or Any).dump_python(
                info.get_default(call_default_factory=True), mode="json")
        out.append(ParamField(name, kind, info.description or "", as_text(kind, value),
                              info.is_required() and not optional, choices, low, high,
                              optional))
    return out


def read_params(model: type[BaseModel], typed: Mapping[str, str],
                current: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters that ``typed`` (field name -> text) gives, read through ``model``
    together with the ``current`` values of the others; only those that differ from
    ``current`` are returned. Raises FieldRefused naming the first refused field."""
    fields = {f.name: f for f in param_fields(model, current)}
    raw: dict[str, Any] = dict(current)
    for name, text in typed.items():
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise FieldRefused(name, f"there is no such parameter (its parameters: {known})")
        value = _raw(fields[name], text)
        if value is not _KEEP:
            raw[name] = value
    try:
        checked = model.model_validate(raw).model_dump(mode="json")
    except ValidationError as exc:
        first = exc.errors()[0]
        where = str(first["loc"][0]) if first["loc"] else next(iter(typed), "params")
        raise FieldRefused(where, first["msg"]) from None
    return {name: checked[name] for name in typed
            if name in raw and (name not in current or checked[name] != current[name])}


_KEEP: Any = object()


def _raw(field: ParamField, text: str) -> Any:
    """What was typed, as the model's lax validation reads it ("3" for an integer)."""
    text = text.strip()
    if not text:
        # A blank optional field says "none"; a blank field with a default keeps it.
        if field.optional:
            return None
        return text if field.required else _KEEP
    if field.kind == "bool":
        words = {"true": True, "yes": True, "on": True, "false": False, "no": False,
                 "off": False}
        if text.lower() not in words:
            raise FieldRefused(field.name, f"yes or no, not {text!r}")
        return words[text.lower()]
    if field.kind == "list":
        return [line.strip() for line in text.splitlines() if line.strip()]
    if field.kind == "structured":
        from nomicon.inputs import InputRefused, read_yaml

        try:
            return read_yaml(text)
        except (InputRefused, ValueError) as exc:
            raise FieldRefused(field.name, f"not a YAML value: {exc}") from None
    return text


def rule_model(registry: Registry, class_id: str) -> type[BaseModel]:
    """The parameter model of an installed rule class."""
    model: type[BaseModel] = registry.rule_class(class_id).Params
    return model


def describe(change: Mapping[str, Any], rules: Mapping[str, Any]) -> str:
    """A change of an amendment in words, naming rules by number and title."""
    op = change.get("op")

    def name(number: Any) -> str:
        entry = rules.get(str(number))
        return f"Rule {number} ({entry['title']})" if entry else f"Rule {number}"

    if op == "amend":
        parts = []
        for key, value in (change.get("params") or {}).items():
            parts.append(f"set {key.replace('_', ' ')} to {_said(value)}")
        if change.get("title") is not None:
            parts.append(f"rename it {change['title']!r}")
        if change.get("text") is not None:
            parts.append("rewrite its text")
        return f"{name(change.get('rule'))}: " + ", ".join(parts)
    if op == "repeal":
        return f"repeal {name(change.get('rule'))}"
    if op == "renumber":
        return f"renumber {name(change.get('rule'))} as Rule {change.get('to')}"
    if op == "interpret":
        return f"interpret {name(change.get('rule'))}: {change.get('text')}"
    if op == "uninterpret":
        return f"withdraw interpretation {change.get('index')} of {name(change.get('rule'))}"
    if op == "enact":
        number = f" as Rule {change['number']}" if change.get("number") else ""
        params = ", ".join(f"{k.replace('_', ' ')} {_said(v)}"
                           for k, v in (change.get("params") or {}).items())
        return f"enact {change.get('class')}{number}" + (f" with {params}" if params else "")
    return f"{op} {change.get('class', '')}".strip()


def _said(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "nothing"
    return str(value)


def _numbered(option: str, text: str) -> tuple[int, str]:
    """``N=VALUE`` -> (N, VALUE)."""
    number, sep, value = text.partition("=")
    if not sep or not number.strip().isdigit():
        raise FieldRefused(option, f"write it as {option} N=..., with N a rule's number; "
                                   f"not {text!r}")
    return int(number), value


def changes_from_options(rules: Mapping[str, Any], registry: Registry, *,
                         sets: Sequence[str] = (), repeals: Sequence[int] = (),
                         texts: Sequence[str] = (), renames: Sequence[str] = (),
                         interprets: Sequence[str] = (), enact: str | None = None,
                         number: int | None = None,
                         params: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The changes that command-line options ask for, each checked against the rules
    in force and the parameter schemas: ``--set RULE.PARAM=VALUE``, ``--repeal N``,
    ``--rule-text N=TEXT``, ``--rename N=TITLE``, ``--interpret N=TEXT`` and
    ``--enact CLASS --number N --param NAME=VALUE``. FieldRefused names the option."""

    def entry_of(option: str, rule: int) -> Mapping[str, Any]:
        entry = rules.get(str(rule))
        if entry is None:
            raise FieldRefused(option, f"there is no Rule {rule} in force")
        return entry  # type: ignore[no-any-return]

    out: list[dict[str, Any]] = []
    typed_by_rule: dict[int, dict[str, str]] = {}
    for text in sets:
        target, sep, value = text.partition("=")
        digits, dot, name = target.partition(".")
        if not sep or not dot or not digits.strip().isdigit() or not name.strip():
            raise FieldRefused("--set", f"write it as --set RULE.PARAM=VALUE, with RULE a "
                                        f"rule's number; not {text!r}")
        typed_by_rule.setdefault(int(digits), {})[name.strip()] = value
    for rule, typed in typed_by_rule.items():
        entry = entry_of("--set", rule)
        try:
            changed = read_params(rule_model(registry, entry["class"]), typed,
                                  entry.get("params") or {})
        except FieldRefused as exc:
            raise FieldRefused("--set", f"Rule {rule} ({entry['title']}) {exc.field}: "
                                        f"{exc.reason}") from None
        if not changed:
            raise FieldRefused("--set", f"Rule {rule} ({entry['title']}): every value given "
                                        "is its value now")
        out.append({"op": "amend", "rule": rule, "params": changed})
    for option, given, key in (("--rule-text", texts, "text"), ("--rename", renames, "title"),
                               ("--interpret", interprets, "interpret")):
        for text in given:
            rule, value = _numbered(option, text)
            entry_of(option, rule)
            if not value.strip():
                raise FieldRefused(option, f"Rule {rule}: the {key} is empty")
            out.append({"op": "interpret", "rule": rule, "text": value.strip()}
                       if key == "interpret" else {"op": "amend", "rule": rule, key: value})
    for rule in repeals:
        entry_of("--repeal", rule)
        out.append({"op": "repeal", "rule": rule})
    if enact is not None:
        out.append(_enact_option(rules, registry, enact, number, params))
    elif number is not None or params:
        raise FieldRefused("--number" if number is not None else "--param",
                           "goes with --enact CLASS")
    return out


def _enact_option(rules: Mapping[str, Any], registry: Registry, class_id: str,
                  number: int | None, params: Sequence[str]) -> dict[str, Any]:
    try:
        model = rule_model(registry, class_id)
    except NomiconError:
        raise FieldRefused("--enact", f"there is no installed rule class {class_id!r}") \
            from None
    if number is not None and str(number) in rules:
        raise FieldRefused("--number", f"Rule {number} is in force already")
    typed: dict[str, str] = {}
    for text in params:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise FieldRefused("--param", f"write it as --param NAME=VALUE; not {text!r}")
        typed[name.strip()] = value
    try:
        checked = read_params(model, typed, {})
    except FieldRefused as exc:
        raise FieldRefused("--param", f"{class_id} {exc.field}: {exc.reason}") from None
    change: dict[str, Any] = {"op": "enact", "class": class_id, "params": checked}
    if number is not None:
        change["number"] = number
    return change
