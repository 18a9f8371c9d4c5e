"""Argument schemas of actions, validated with Pydantic.

Each action's arguments are declared as :class:`~nomicon.kernel.rules.Arg` values;
this module turns them into a Pydantic model once per action declaration, so every
interface (Python, CLI, HTTP) gets the same checks and the same messages.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from nomicon.kernel.rules import ActionDecl, Arg


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _field(arg: Arg) -> tuple[Any, Any]:
    typ: Any = arg.type
    if not arg.required:
        typ = typ | None
    constraints: dict[str, Any] = {}
    if arg.minimum is not None:
        constraints["ge"] = arg.minimum
    if arg.maximum is not None:
        constraints["le"] = arg.maximum
    default = ... if arg.required else arg.default
    return (typ, Field(default, description=arg.doc or None, **constraints))


class ArgsValidator:
    """Validates the arguments of one action declaration."""

    _cache: ClassVar[dict[int, ArgsValidator]] = {}

    def __init__(self, decl: ActionDecl) -> None:
        fields = {arg.name: _field(arg) for arg in decl.args}
        self.model: type[BaseModel] = create_model(  # type: ignore[call-overload]
            f"Args_{decl.name.replace('-', '_')}", __base__=_Strict, **fields
        )

    @classmethod
    def of(cls, decl: ActionDecl) -> ArgsValidator:
        found = cls._cache.get(id(decl))
        if found is None:
            found = cls._cache[id(decl)] = cls(decl)
        return found

    def validate(self, raw: dict[str, Any]) -> dict[str, Any]:
        return self.model.model_validate(raw).model_dump()

    def json_schema(self) -> dict[str, Any]:
        return self.model.model_json_schema()


def describe_args(decl: ActionDecl) -> str:
    if not decl.args:
        return "no arguments"
    parts = []
    for arg in decl.args:
        text = f"{arg.name} ({arg.type.__name__}"
        if not arg.required:
            text += ", optional"
        text += ")"
        parts.append(text)
    return ", ".join(parts)


def summarise(exc: ValidationError) -> str:
    """Pydantic's problems, each with the value that was given."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        given = f", not {err['input']!r}" if err.get("type") != "missing" else ""
        parts.append(f"{where}: {err['msg']}{given}")
    return "; ".join(parts)


def fits(decl: ActionDecl, raw: dict[str, Any]) -> bool:
    """Whether the argument names ``raw`` gives are those ``decl`` takes: each one a
    declared argument, and every required argument given."""
    names = {arg.name for arg in decl.args}
    return set(raw) <= names and all(arg.name in raw for arg in decl.args if arg.required)
