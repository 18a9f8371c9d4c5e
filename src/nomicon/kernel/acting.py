"""What the kernel's mechanisms need of a rule's context, as protocols.

:class:`~nomicon.kernel.context.Ctx` offers the mechanisms (statuses, pausing,
timers, ...) as methods, so it imports their modules; they in turn act through the
Ctx they are given. To keep a lower module from needing a higher one, they know the
Ctx only by :class:`Acting`, and the rules in force only by :class:`RulesInForce`,
both defined here, below everything that uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, NoReturn, Protocol, TypeVar

from nomicon.kernel.eventkind import EventKind
from nomicon.kernel.rules import ActionDecl, Attribute, Currency, Rule
from nomicon.kernel.state import Path, State


class RulesInForce(Protocol):
    """The rules in force as a Ctx and the code acting through it read them (the
    engine's ``Ruleset``): the rules in precedence order, and the tables built from
    what they declare."""

    @property
    def rules(self) -> Sequence[Rule]: ...
    @property
    def by_rid(self) -> Mapping[str, Rule]: ...
    @property
    def actions(self) -> Mapping[str, Sequence[tuple[Rule, ActionDecl]]]: ...
    @property
    def hooks(self) -> Mapping[str, Sequence[tuple[Rule, str | None, Callable[..., Any]]]]: ...
    @property
    def vetoes(self) -> Sequence[tuple[Rule, frozenset[str], Callable[..., Any]]]: ...
    @property
    def adjusters(self) -> Mapping[str, Sequence[tuple[Rule, Callable[..., Any]]]]: ...
    @property
    def currencies(self) -> Mapping[str, tuple[Rule, Currency]]: ...
    @property
    def attributes(self) -> Mapping[str, Mapping[str, tuple[Rule, Attribute]]]: ...
    def first(self, cls: type[Rule]) -> Rule | None: ...
    def contributions(self, name: str) -> list[tuple[Rule, Any]]: ...
    def capabilities(self, base: frozenset[str]) -> frozenset[str]: ...


T = TypeVar("T")


class Events(Protocol):
    """The events of the batch being made (the engine's ``Batch``)."""

    events: list[dict[str, Any]]


class Acting(Protocol):
    """A rule's context (:class:`~nomicon.kernel.context.Ctx`) as the kernel's
    mechanisms use it: the batch's clock and actor, the state, events and refusals."""

    now: datetime
    actor: str | None
    state: State
    @property
    def batch(self) -> Events: ...

    @property
    def rules(self) -> RulesInForce: ...
    @property
    def rule(self) -> Rule | None: ...
    def running(self, rule: Rule) -> AbstractContextManager[None]: ...
    def refuse(self, reason: str, *, detail: str | None = None, rule: Rule | None = None,
               turn: bool = False) -> NoReturn: ...
    def require(self, condition: object, reason: str, *, detail: str | None = None) -> None: ...
    def get(self, path: Path, default: Any = None) -> Any: ...
    def set(self, path: Path, value: Any) -> None: ...
    def players(self) -> list[str]: ...
    def is_player(self, name: str | None) -> bool: ...
    def emit(self, type: str | EventKind[Any], message: str = "", *,
             to: Sequence[str] | None = None, key: str | None = None, **data: Any) -> None: ...
    def adjust(self, name: str, value: T) -> T | None: ...
    def roll(self, sides: int, purpose: str, *, to: Sequence[str] | None = None) -> int: ...
