"""Amendments: structured changes to the ruleset that a proposal carries.

An amendment is a list of changes, each one of::

    {op: enact, class: "<pack>/<rule-id>", number, title, text, params}
    {op: amend, rule: <number>, text: ..., title: ..., params: {...}}
    {op: repeal, rule: <number>}
    {op: renumber, rule: <number>, to: <number>}
    {op: interpret, rule: <number>, text: ...}
    {op: uninterpret, rule: <number>, index: <1-based>}
    {op: effect, class: "<pack>/<rule-id>", params: {...}}   # a one-off state change

It is validated when it is submitted, by applying it inside a savepoint and rolling
back, so every problem the real application would meet (an unknown class, bad
parameters, unmet requirements, a missing or taken rule number) is refused then with
its reason; it is applied atomically when the proposal passes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from nomicon.kernel import ruleset
from nomicon.kernel.context import Ctx
from nomicon.kernel.errors import GameError, InvalidRuleChange, Refusal


class _Change(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Enact(_Change):
    op: Literal["enact"]
    class_id: str = Field(alias="class")
    number: int | None = None
    title: str | None = None
    text: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)


class Amend(_Change):
    op: Literal["amend"]
    rule: int
    text: str | None = None
    title: str | None = None
    params: dict[str, Any] | None = None


class Repeal(_Change):
    op: Literal["repeal"]
    rule: int


class Renumber(_Change):
    op: Literal["renumber"]
    rule: int
    to: int


class Interpret(_Change):
    op: Literal["interpret"]
    rule: int
    text: str


class Uninterpret(_Change):
    op: Literal["uninterpret"]
    rule: int
    index: int = Field(ge=1)


class Effect(_Change):
    op: Literal["effect"]
    class_id: str = Field(alias="class")
    params: dict[str, Any] = Field(default_factory=dict)


Change = Annotated[Enact | Amend | Repeal | Renumber | Interpret | Uninterpret | Effect,
                   Field(discriminator="op")]
_changes: TypeAdapter[list[Change]] = TypeAdapter(list[Change])
_OPS = frozenset(("enact", "amend", "repeal", "renumber", "interpret", "uninterpret", "effect"))


def parse(raw: Any) -> list[Change]:
    """The typed changes of a raw amendment; InvalidRuleChange says what is malformed."""
    if raw is None:
        return []
    try:
        return _changes.validate_python(raw)
    except ValidationError as exc:
        parts = []
        for err in exc.errors():
            loc = err["loc"]
            rest = [str(p) for p in loc]
            where: list[str] = []
            if loc and isinstance(loc[0], int):
                # Number changes from 1, as apply() does: "change 2 (repeal): rule: ..."
                head = f"change {loc[0] + 1}"
                rest = rest[1:]
                if rest and rest[0] in _OPS:
                    head += f" ({rest.pop(0)})"
                where.append(head)
            if rest:
                where.append(".".join(rest))
            parts.append(": ".join([*where, err["msg"]]))
        raise InvalidRuleChange("malformed amendment: " + "; ".join(parts)) from None


def dump(changes: list[Change]) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in changes]


def touched(changes: list[Change]) -> set[int]:
    """The numbers of the rules in force that the changes modify or repeal."""
    out: set[int] = set()
    for change in changes:
        if isinstance(change, Amend | Repeal | Renumber | Interpret | Uninterpret):
            out.add(change.rule)
    return out


def apply(ctx: Ctx, changes: list[Change]) -> None:
    """Apply the changes in order (inside the caller's transaction)."""
    for number, change in enumerate(changes, start=1):
        try:
            _apply_one(ctx, change)
        except InvalidRuleChange as exc:
            raise InvalidRuleChange(f"change {number} ({change.op}): {exc}") from None
        except GameError as exc:
            raise InvalidRuleChange(f"change {number} ({change.op}): {exc}") from None
        except Refusal as exc:
            # A rule's own code refused, having looked at the state: its reason may
            # name what some viewers may not see.
            error = InvalidRuleChange(f"change {number} ({change.op}): {exc.reason}")
            error.redacted = (f"change {number} ({change.op}): refused by "
                              f"{exc.rule or 'a rule'} for a reason that depends on the state")
            raise error from None


def _apply_one(ctx: Ctx, change: Change) -> None:
    registry = ctx.game.registry
    if isinstance(change, Enact):
        cls = registry.rule_class(change.class_id)
        ruleset.enact(ctx, cls, number=change.number, title=change.title, text=change.text,
                      params=change.params)
    elif isinstance(change, Amend):
        if change.text is None and change.title is None and change.params is None:
            raise InvalidRuleChange("an amendment must change the text, title or params")
        ruleset.amend(ctx, change.rule, text=change.text, title=change.title,
                      params=change.params)
    elif isinstance(change, Repeal):
        ruleset.repeal(ctx, change.rule)
    elif isinstance(change, Renumber):
        ruleset.renumber(ctx, change.rule, change.to)
    elif isinstance(change, Interpret):
        ruleset.add_interpretation(ctx, change.rule, change.text, by="proposal")
    elif isinstance(change, Uninterpret):
        ruleset.remove_interpretation(ctx, change.rule, change.index - 1)
    else:
        cls = registry.rule_class(change.class_id)
        model = ruleset.check_enactable(ctx, cls, change.params)
        once = getattr(cls, "apply_once", None)
        if once is None:
            raise InvalidRuleChange(f"{change.class_id} has no one-off effect")
        once(ctx, model)


def check(ctx: Ctx, changes: list[Change]) -> None:
    """Apply the changes in a savepoint and roll them back: raise what applying would."""
    with ctx.savepoint(keep=False):
        apply(ctx, changes)
