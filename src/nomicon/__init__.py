"""Nomicon: a server that runs games of Nomic with executable rules.

    import nomicon
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob"], seed=7)
    game.act("alice", "roll")
    game.view("bob")["players"]["alice"]["location"]
"""

from __future__ import annotations

import importlib
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from nomicon.kernel.errors import (
    ActionError,
    ActionRefused,
    CommitFailed,
    GameError,
    InvalidArguments,
    InvalidRuleChange,
    NomiconError,
    NotYourTurn,
    RuleError,
    RunawayChain,
    UnknownAction,
)

if TYPE_CHECKING:
    from nomicon.authoring import (
        ActionDecl,
        Arg,
        Attribute,
        ChildRecord,
        ChildResult,
        Ctx,
        Currency,
        EventFieldError,
        EventKind,
        Initial,
        Link,
        MajorityVote,
        Pack,
        PackPage,
        PackParams,
        ParentLink,
        Phase,
        Picture,
        PrivateRoll,
        Refusal,
        Resolved,
        Rule,
        RuleParams,
        Seat,
        Section,
        Split,
        StandingAnswers,
        Status,
        Update,
        Upgrade,
        action,
        adjust,
        admin_prompts_open,
        every,
        finish,
        hook,
        next_firing,
        role,
        round_money,
        split,
        veto,
    )
    from nomicon.kernel.engine import Game
    from nomicon.kernel.pack import Registry
    from nomicon.kernel.schedule import ScheduleError
    from nomicon.kernel.state import PathError
    from nomicon.kernel.versions import NOMICON_VERSION as __version__
    from nomicon.sim.runner import SimError

#: Every error Nomicon raises on purpose is a NomiconError; these live beside what
#: raises them (the state, schedules, the simulator) and are imported when asked for.
_ERRORS_ELSEWHERE = {"PathError": "nomicon.kernel.state",
                     "ScheduleError": "nomicon.kernel.schedule",
                     "SimError": "nomicon.sim.runner"}

#: The rule author's names (``nomicon.authoring``), also importable from here.
_AUTHORING = frozenset({
    "ActionDecl", "Arg", "Attribute", "ChildRecord", "ChildResult", "Ctx", "Currency",
    "EventFieldError", "EventKind", "Initial", "InvalidRuleChange", "Link", "MajorityVote",
    "Pack", "PackPage", "PackParams", "ParentLink", "Phase", "Picture", "PrivateRoll",
    "Refusal",
    "Resolved", "Rule", "RuleParams", "Seat", "Section", "Split", "StandingAnswers", "Status",
    "Update", "Upgrade",
    "action", "adjust", "admin_prompts_open", "every", "finish", "hook", "next_firing", "role",
    "round_money", "split", "veto",
})

__all__ = [
    "ActionDecl",
    "ActionError",
    "ActionRefused",
    "Arg",
    "Attribute",
    "ChildRecord",
    "ChildResult",
    "CommitFailed",
    "Ctx",
    "Currency",
    "EventFieldError",
    "EventKind",
    "Game",
    "GameError",
    "Initial",
    "InvalidArguments",
    "InvalidRuleChange",
    "Link",
    "MajorityVote",
    "NomiconError",
    "NotYourTurn",
    "Pack",
    "PackPage",
    "PackParams",
    "ParentLink",
    "PathError",
    "Phase",
    "Picture",
    "PrivateRoll",
    "Refusal",
    "Resolved",
    "Rule",
    "RuleError",
    "RuleParams",
    "RunawayChain",
    "ScheduleError",
    "Seat",
    "Section",
    "SimError",
    "Split",
    "StandingAnswers",
    "Status",
    "UnknownAction",
    "Update",
    "Upgrade",
    "__version__",
    "action",
    "adjust",
    "admin_prompts_open",
    "every",
    "finish",
    "hook",
    "new_game",
    "next_firing",
    "registry",
    "role",
    "round_money",
    "split",
    "veto",
]


def __getattr__(name: str) -> Any:
    """``Game``, ``__version__`` and the rule author's names, imported when first asked
    for: every ``nomicon.*`` import runs this file, and the engine (with pydantic and
    the rules) is more than a command such as ``nomicon --help`` needs."""
    if name in _AUTHORING:
        from nomicon import authoring

        return getattr(authoring, name)
    if name in _ERRORS_ELSEWHERE:
        module = importlib.import_module(_ERRORS_ELSEWHERE[name])
        return getattr(module, name)
    if name == "Game":
        from nomicon.kernel.engine import Game

        return Game
    if name == "__version__":
        from nomicon.kernel.versions import NOMICON_VERSION

        return NOMICON_VERSION
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def registry() -> Registry:
    """The installed rule packs and their rule classes.

    (Not ``packs``: that name is the ``nomicon.packs`` subpackage.)
    """
    from nomicon.kernel.pack import installed

    return installed()


def new_game(
    pack: str,
    players: list[str] | tuple[str, ...] = (),
    *,
    seed: int | str | None = None,
    params: dict[str, Any] | None = None,
    start: datetime | None = None,
    game_id: str | None = None,
    registry: Registry | None = None,
    allow_forced: bool = False,
) -> Game:
    """Create a game in memory.

    ``seed`` makes the dice secret reproducible (tests, simulations); without it the
    secret is random. ``start`` defaults to now: the game's clock is an input, and
    this is the one place that reads the wall clock for it.
    """
    import secrets

    from nomicon.kernel import dice
    from nomicon.kernel.engine import Game

    secret = dice.secret_from_seed(seed) if seed is not None else dice.new_secret()
    return Game.create(
        pack,
        start=start or datetime.now(UTC).replace(microsecond=0),
        players=list(players),
        secret=secret,
        params=params,
        game_id=game_id or secrets.token_hex(4),
        registry=registry,
        allow_forced=allow_forced,
    )
