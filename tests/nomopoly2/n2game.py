"""Games of Nomopoly II for the tests: created at a fixed time with forced dice allowed,
and the weekly update run by the admin with the week's proposals judged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import nomicon
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Registry
from nomicon.packs.nomopoly2 import NomopolyII, candyland

#: A Monday morning; the tests' clock moves on from here an hour at a time.
START = datetime(2021, 3, 1, 9, tzinfo=UTC)


class Clock:
    """A game and the time of its next step (an hour later each time)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.now = START

    def tick(self) -> datetime:
        self.now += timedelta(hours=1)
        return self.now

    def act(self, actor: str, action: str, /, **args: Any) -> list[dict[str, Any]]:
        return self.game.act(actor, action, at=self.tick(), **args)

    def set(self, path: str, value: Any) -> None:
        self.act("admin", "set", path=path, value=value)

    def update(self, verdicts: dict[int, str] | None = None, dice: list[int] | None = None
               ) -> None:
        """Run the weekly update now; judge the proposals (``{id: verdict}``, in that
        order), forcing ``dice`` for what follows; let it run to its end."""
        self.act("admin", "update")
        self.game.advance(self.tick())
        if dice:
            self.game.force_dice(dice)
        for proposal, verdict in (verdicts or {}).items():
            prompt = next(p["id"] for p in self.game.view()["prompts"]
                          if p["data"].get("proposal") == proposal)
            self.act("admin", "choose", prompt=prompt, option=verdict)
        self.game.advance(self.tick())

    def view(self, viewer: str = "admin") -> dict[str, Any]:
        return self.game.view(viewer)

    def dollars(self, holder: str) -> int:
        found: int = self.view()["accounts"].get(holder, {}).get("dollars", 0)
        return found

    def events(self, *types: str) -> list[dict[str, Any]]:
        return [e for e in self.game.log if e["type"] in types]


class WithoutCandyland(NomopolyII):
    """The pack without section XVII, whose CL turns move every player at the end of
    each update: the tests of other sections read the state their turns leave."""

    initial = tuple(i for i in NomopolyII.initial if i.cls not in candyland.RULES)


def new(players: tuple[str, ...] = ("alice", "bob"), seed: int = 1, *,
        candyland: bool = False, **params: Any) -> Clock:
    """A game of Nomopoly II; without the Candyland Phase unless ``candyland``."""
    registry = None if candyland else Registry([WithoutCandyland()])
    game = nomicon.new_game("nomopoly-ii", players=list(players), seed=seed, start=START,
                            params=params, allow_forced=True, registry=registry)
    return Clock(game)


def paint_owned(g: Clock, color: str = "blue") -> None:
    """Paint every player's square a Corporate Color, so that the weekly charges (the
    White fine VIII.11, property tax VIII.7) leave them alone."""
    for number, record in g.view()["board"]["spaces"].items():
        if record.get("owner") in g.view()["players"]:
            g.set(f"board.spaces.{number}.color", color)
