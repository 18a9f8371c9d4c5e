"""Rule packs: one package per ruleset.

A pack names its initial ruleset (rule classes with their numbers and parameters),
every rule class it offers for enactment, its typed game parameters, what its board
provides to rules that require things, how to set up a new game, and the invariants
that must hold after every action.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from nomicon.kernel.errors import GameError
from nomicon.kernel.pages import PackPage
from nomicon.kernel.rules import Rule
from nomicon.kernel.upgrades import Upgrade

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx


class PackParams(BaseModel):
    """Base of a pack's game parameters (unknown names are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Initial:
    """A rule of a pack's initial ruleset."""

    cls: type[Rule]
    params: dict[str, Any] = field(default_factory=dict)
    number: int | None = None
    title: str | None = None


class Pack:
    """Base class of a rule pack."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    # The version of the pack's rules: a game records it, and verify re-executes a
    # game written by another version knowing it may legitimately diverge.
    version: ClassVar[str] = "1"
    # How a game stored by an older version is brought to this one, a step a version
    # (nomicon.kernel.upgrades): the service runs them when it opens such a game.
    upgrades: ClassVar[tuple[Upgrade, ...]] = ()
    description: ClassVar[str] = ""
    Params: ClassVar[type[PackParams]] = PackParams
    initial: ClassVar[tuple[Initial, ...]] = ()
    rule_classes: ClassVar[tuple[type[Rule], ...]] = ()
    provides: ClassVar[frozenset[str]] = frozenset()
    # How the web pages draw the board: "ring", "snake", "grid", or "" (no board).
    board: ClassVar[str] = ""
    # The pack's own web pages, each of named sections read from the viewer's view
    # (nomicon.kernel.pages): the server adds a tab for each.
    pages: ClassVar[tuple[PackPage, ...]] = ()
    # How many players a game of the pack is for, as its rules read: (at least, at
    # most), at most None when they set no limit. A pack with a limit refuses the join
    # beyond it in its own rules; the conformance suite plays every pack at both ends.
    players: ClassVar[tuple[int, int | None]] = (1, None)
    # A few sentences, in the seed's words, on how the game is played: the "How to
    # play" page shows them under the description. Optional.
    how_to_play: ClassVar[str] = ""
    # The key of the rule that says how the game is won, when the pack has one: the
    # "How to play" page quotes it while it is in force.
    winning_rule: ClassVar[str] = ""

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        """Build the initial board and pack state (before the rules are enacted)."""

    def after_rules(self, ctx: Ctx, params: PackParams) -> None:
        """What a new game does once its initial rules are in force, in the same batch
        (a pack that replays a history passes its first proposals here)."""

    def invariants(self, state: dict[str, Any]) -> list[str]:
        """What is wrong with the state, if anything (empty when all hold)."""
        return []

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """Numbers worth measuring in a state, by name (simulations report them;
        what-if analyses compare them). Empty by default: simulations then measure
        currency balances and winners."""
        return {}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """What a finished game of this pack, played as a child game, reports to its
        parent (``nomicon.kernel.subgames.ChildResult``): ``winners``, ``scores`` by player,
        ``referee`` and ``rounds``. By default the winners and the referee the parent
        named, without scores or rounds: a pack whose games count them says so."""
        link = state["game"].get("parent") or {}
        return {"winners": list(state.get("winners", [])), "scores": {},
                "referee": link.get("referee"), "rounds": None}

    def all_rule_classes(self) -> tuple[type[Rule], ...]:
        seen = dict.fromkeys([*self.rule_classes, *(i.cls for i in self.initial)])
        return tuple(seen)


class Registry:
    """The installed packs and every rule class they offer."""

    def __init__(self, packs: list[Pack]) -> None:
        self._packs: dict[str, Pack] = {}
        self._classes: dict[str, type[Rule]] = {}
        for pack in packs:
            self._add(pack)

    def _add(self, pack: Pack) -> None:
        self._packs[pack.id] = pack
        for cls in pack.all_rule_classes():
            self._classes[cls.class_id()] = cls

    @property
    def packs(self) -> dict[str, Pack]:
        return self._packs

    @property
    def classes(self) -> dict[str, type[Rule]]:
        return self._classes

    def pack(self, pack_id: str) -> Pack:
        try:
            return self.packs[pack_id]
        except KeyError:
            known = ", ".join(sorted(self.packs)) or "none"
            raise GameError(f"unknown pack {pack_id!r} (installed: {known})") from None

    def rule_class(self, class_id: str) -> type[Rule]:
        try:
            return self.classes[class_id]
        except KeyError:
            raise GameError(f"unknown rule class {class_id!r}") from None

    def with_pack(self, pack: Pack) -> Registry:
        """A registry with one more pack (tests add small packs this way)."""
        return Registry([*self.packs.values(), pack])

    def __iter__(self) -> Iterator[Pack]:
        return iter(self.packs.values())


class _Installed(Registry):
    """The packs of the ``nomicon.packs`` entry points, each imported when first asked
    for: a command on one game needs its pack, not every pack's rules.

    ``pack(id)`` imports the entry point of that name; a rule class that no imported
    pack offers, or a look at ``packs`` or ``classes``, imports them all, after which
    this is the registry of every installed pack in the order of their ids.
    """

    def __init__(self) -> None:
        super().__init__([])
        self._entry_points = {ep.name: ep for ep in entry_points(group="nomicon.packs")}
        self._complete = False
        # A server's threads share this registry: each pack is made once.
        self._lock = threading.RLock()

    @property
    def packs(self) -> dict[str, Pack]:
        self._load_all()
        return self._packs

    @property
    def classes(self) -> dict[str, type[Rule]]:
        self._load_all()
        return self._classes

    def pack(self, pack_id: str) -> Pack:
        with self._lock:
            found = self._packs.get(pack_id)
            if found is None and not self._complete and pack_id in self._entry_points:
                loaded = self._entry_points[pack_id].load()()
                if loaded.id == pack_id:  # else the entry point's name is not the pack's id
                    self._add(loaded)
                    found = loaded
        return found if found is not None else super().pack(pack_id)

    def rule_class(self, class_id: str) -> type[Rule]:
        with self._lock:
            found = self._classes.get(class_id)
        return found if found is not None else super().rule_class(class_id)

    def _load_all(self) -> None:
        with self._lock:
            if self._complete:
                return
            packs = [self._packs.get(name) or ep.load()() for name, ep in
                     self._entry_points.items()]
            self._packs, self._classes = {}, {}
            for pack in sorted(packs, key=lambda p: p.id):
                self._add(pack)
            self._complete = True


@cache
def installed() -> Registry:
    """Packs installed through the ``nomicon.packs`` entry point group."""
    return _Installed()
