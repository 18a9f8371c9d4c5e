"""Scenario files: set up a game, play steps, check results (DESIGN.md section 4).

    pack: infinite-nomic-r7
    players: [alice, bob]
    steps:
      - {as: alice, do: roll, dice: [4]}
      - {expect: {players.alice.location: 5}}
      - {as: bob, do: roll, error: "not your turn"}
      - {as: alice, do: deposit, args: {amount: 5}, error: {rule: 11, contains: "Bank"}}

A step's ``error`` is the text that the refusal's message must contain
(case-insensitive), or a mapping that also names the rule that must refuse:
``rule`` a rule's number, or the label that refusals cite for rules without one
(``"Nomicon procedure"``), and ``contains`` the text.

``run`` returns a :class:`Result`; a file that does not follow the format raises
:class:`ScenarioInvalid` (the CLI's exit status 2).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictInt,
    StrictStr,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)

from nomicon.inputs import LIMITS, InputRefused, Limits, read_yaml
from nomicon.kernel import paths
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError, GameError, NomiconError
from nomicon.kernel.pack import Registry
from nomicon.kernel.schedule import ScheduleError, parse_duration
from nomicon.kernel.timefmt import parse as parse_time

DEFAULT_START = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)
DEFAULT_SEED = "scenario"


class ScenarioInvalid(NomiconError):
    """The scenario file does not follow the format."""


# How a rule's label (``Rule 11, Features``) gives its number.
RULE_NUMBER = re.compile(r"^Rule (\d+),")


class Refused(BaseModel):
    """The refusal that a step expects: which rule refuses, and what its message says."""

    model_config = ConfigDict(extra="forbid")

    rule: StrictInt | StrictStr
    contains: str = Field(min_length=1)

    @field_validator("rule")
    @classmethod
    def _rule(cls, rule: int | str) -> int | str:
        if isinstance(rule, int) and rule < 0:
            raise ValueError("a rule's number is 0 or more")
        if isinstance(rule, str) and (not rule.strip() or rule.strip().isdigit()):
            raise ValueError("'rule' is a rule's number (rule: 11) or the label a refusal "
                             "cites (rule: \"Nomicon procedure\")")
        return rule

    @field_validator("contains")
    @classmethod
    def _contains(cls, contains: str) -> str:
        if not contains.strip():
            raise ValueError("'contains' needs some text of the refusal's message")
        return contains

    def describe(self) -> str:
        by = f"Rule {self.rule}" if isinstance(self.rule, int) else repr(self.rule)
        return f"a refusal by {by} containing {self.contains!r}"

    def mismatch(self, exc: ActionError) -> str | None:
        """Why ``exc`` is not this refusal, or None when it is."""
        problems = []
        if exc.rule is None:
            problems.append("it names no rule")
        elif not self._cites(exc.rule):
            problems.append(f"{exc.rule} refused instead")
        if self.contains.lower() not in str(exc).lower():
            problems.append(f"its message does not contain {self.contains!r}")
        return "; ".join(problems) or None

    def _cites(self, label: str) -> bool:
        if isinstance(self.rule, str):
            return label.strip().lower() == self.rule.strip().lower()
        found = RULE_NUMBER.match(label)
        return found is not None and int(found.group(1)) == self.rule


def _error_form(value: Any) -> str | None:
    if isinstance(value, str):
        return "text"
    return "refusal" if isinstance(value, dict | Refused) else None


# A text, or a mapping read as a Refused: a malformed mapping is told what is wrong with
# it, not also that it is not a text.
Expected = Annotated[
    Annotated[str, Tag("text")] | Annotated[Refused, Tag("refusal")],
    Discriminator(_error_form, custom_error_type="error_form",
                  custom_error_message="'error' is a text or {rule: ..., contains: ...}"),
]


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    actor: str | None = Field(None, alias="as")
    do: str | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    dice: list[int] = Field(default_factory=list)
    error: Expected | None = None
    wait: str | None = None
    expect: dict[str, Any] | None = None
    view: str | None = None
    hidden: list[str] | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> Step:
        acting = self.do is not None or self.actor is not None
        if acting and (self.do is None or self.actor is None):
            raise ValueError("an action step needs both 'as' and 'do'")
        if acting and self.wait is not None:
            raise ValueError("a step either acts or waits, not both")
        if not acting and self.wait is None and self.expect is None and self.hidden is None:
            raise ValueError("a step must act ('as'/'do'), wait, or check ('expect'/'hidden')")
        if self.error is not None and not acting:
            raise ValueError("'error' goes with an action")
        if self.args and not acting:
            raise ValueError("'args' goes with an action")
        if self.dice and not acting and self.wait is None:
            raise ValueError("'dice' goes with an action or a wait")
        if self.view is not None and self.expect is None and self.hidden is None:
            raise ValueError("'view' goes with 'expect' or 'hidden'")
        return self


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pack: str
    title: str | None = None
    description: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    seed: int | str = DEFAULT_SEED
    start: datetime = DEFAULT_START
    players: list[str] = Field(default_factory=list)
    steps: list[Step]


@dataclass
class Result:
    ok: bool
    failures: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    game: Game | None = None

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "failures": self.failures, "state": self.state}


#: A scenario is written by an admin or a test author and may be long: its text may be
#: as long as the file limit, with as many values as such a file holds.
SCENARIO_LIMITS = Limits(text=LIMITS.scenario_bytes, values=LIMITS.scenario_bytes // 5)

def load(source: str | Path | dict[str, Any]) -> Scenario:
    """Read and validate a scenario (a file path, or an already parsed mapping)."""
    if isinstance(source, dict):
        data: Any = source
    else:
        path = Path(source)
        try:
            size = path.stat().st_size
            if size > LIMITS.scenario_bytes:
                raise ScenarioInvalid(f"{source} is {size:,} bytes, over the limit of "
                                      f"{LIMITS.scenario_bytes:,} for a scenario file")
            data = read_yaml(path.read_text(encoding="utf-8"), limits=SCENARIO_LIMITS)
        except OSError as exc:
            raise ScenarioInvalid(f"cannot read {source}: {exc.strerror}") from None
        except InputRefused as exc:
            raise ScenarioInvalid(f"{source} is refused: {exc}") from None
        except yaml.YAMLError as exc:
            raise ScenarioInvalid(f"{source} is not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioInvalid("a scenario is a mapping with 'pack' and 'steps'")
    steps = data.get("steps")
    if isinstance(steps, list) and len(steps) > LIMITS.scenario_steps:
        raise ScenarioInvalid(f"a scenario has at most {LIMITS.scenario_steps:,} steps, "
                              f"not {len(steps):,}")
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        lines = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()]
        raise ScenarioInvalid("invalid scenario: " + "; ".join(lines)) from None


def run(source: str | Path | dict[str, Any], *, registry: Registry | None = None) -> Result:
    scenario = source if isinstance(source, Scenario) else load(source)
    start = scenario.start if scenario.start.tzinfo else scenario.start.replace(tzinfo=UTC)
    from nomicon.kernel import dice

    try:
        game = Game.create(scenario.pack, start=start, players=scenario.players,
                           secret=dice.secret_from_seed(scenario.seed), params=scenario.params,
                           game_id="scenario", registry=registry, allow_forced=True)
    except GameError as exc:
        raise ScenarioInvalid(str(exc)) from None
    except ActionError as exc:
        raise ScenarioInvalid(f"players could not join: {exc}") from None
    failures: list[str] = []
    for number, step in enumerate(scenario.steps, start=1):
        where = f"step {number}" + (f" ({step.note})" if step.note else "")
        stop = _run_step(game, step, where, failures)
        if stop:
            break
    return Result(ok=not failures, failures=failures, state=game.view("admin"), game=game)


def _run_step(game: Game, step: Step, where: str, failures: list[str]) -> bool:
    """Play one step; returns True when the scenario cannot usefully go on."""
    if step.dice:
        try:
            game.force_dice(step.dice)
        except GameError as exc:
            raise ScenarioInvalid(f"{where}: {exc}") from None
    try:
        if step.do is not None and step.actor is not None:
            if _act(game, step, where, failures):
                return True
        elif step.wait is not None:
            game.advance(_wait_target(game, step.wait, where))
    except GameError as exc:  # a forced die that does not fit the roll, say
        raise ScenarioInvalid(f"{where}: {exc}") from None
    if game.forced_left:
        left = game.forced_left
        raise ScenarioInvalid(f"{where}: {left} forced die value(s) were not used by the step")
    if step.expect is not None:
        seen = game.view(step.view or "admin")
        for path, expected in step.expect.items():
            _check(seen, path, expected, f"{where}" + (f" as {step.view}" if step.view else ""),
                   failures)
    if step.hidden is not None:
        seen = game.view(step.view or "admin")
        for path in step.hidden:
            if paths.exists(seen, path):
                failures.append(f"{where}: {path} is visible to {step.view or 'admin'}")
    return False


def _act(game: Game, step: Step, where: str, failures: list[str]) -> bool:
    assert step.actor is not None and step.do is not None
    before = copy.deepcopy(game.state.root) if step.error is not None else None
    try:
        game.act(step.actor, step.do, **step.args)
    except ActionError as exc:
        game._forced.clear()
        if step.error is None:
            failures.append(f"{where}: {step.actor} {step.do} was refused: {exc}")
            return True
        if isinstance(step.error, Refused):
            mismatch = step.error.mismatch(exc)
            if mismatch:
                failures.append(f"{where}: expected {step.error.describe()}, but {mismatch}: "
                                f"{exc}")
        elif step.error.lower() not in str(exc).lower():
            failures.append(f"{where}: expected a refusal containing {step.error!r}, got: {exc}")
        if before is not None and game.state.root != before:
            failures.append(f"{where}: the refused action changed the state")
        return False
    if step.error is not None:
        expected = step.error.describe() if isinstance(step.error, Refused) \
            else f"a refusal containing {step.error!r}"
        failures.append(f"{where}: {step.actor} {step.do} was accepted, but {expected} "
                        "was expected")
    return False


def _wait_target(game: Game, wait: str, where: str) -> datetime:
    try:
        return game.clock + parse_duration(wait)
    except ScheduleError:
        pass
    try:
        return parse_time(wait)
    except ValueError:
        raise ScenarioInvalid(f"{where}: cannot read wait {wait!r} (use 30m, 25h, 3d, 1w or "
                              "an ISO time)") from None


_ABSENT = object()


def _check(view: dict[str, Any], path: str, expected: Any, where: str,
           failures: list[str]) -> None:
    try:
        actual = paths.read(view, path, _ABSENT)
    except ValueError as exc:
        raise ScenarioInvalid(f"{where}: {exc}") from None
    if actual is _ABSENT:
        failures.append(f"{where}: {path} not found (expected {expected!r})")
    elif not _same(actual, expected):
        failures.append(f"{where}: {path} is {actual!r}, expected {expected!r}")


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(expected, datetime):
        expected = expected.astimezone(UTC).isoformat().replace("+00:00", "Z")
    if isinstance(actual, bool) or isinstance(expected, bool):
        return actual is expected
    return bool(actual == expected)
