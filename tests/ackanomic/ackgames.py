"""Games for the tests of the Ackanomic parent whose shapes no built game has yet: a
game whose maximum is the active players less 1 (as Ghost's), one refereed by an
office (as the Limerick Contest), and one that may settle a Duel. Their child games
are the blank Nomic pack and the test Duel (``subgamepacks``): the parent's rules
under test do not depend on what the child plays."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from nomicon.authoring import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Initial, Registry, installed
from nomicon.packs.ackanomic.games import (
    COUNT_TABULA,
    DoubleCrash,
    Fictionary,
    Ghost,
    LimerickContest,
)
from nomicon.packs.ackanomic.instances import GameRule, GameSpec, rule_number
from nomicon.packs.ackanomic.parent import Ackanomic
from subgamepacks import DUEL, DuelPack

START = datetime(2024, 6, 3, 12, 0, tzinfo=UTC)
PLAYERS = ("alice", "bob", "carol", "dave", "erin")


class GhostLike(GameRule):
    """A test game: minimum 2; maximum the number of active players when an instance is initiated less 1; one referee; numbered by the dice."""  # noqa: E501

    key = "test-ghost-like"
    number = rule_number("1250.90")
    title = "Ghost-like"
    spec = GameSpec("1250.90", "Ghost-like", "nomic", least=2, below_active=1,
                    draw="numbers")


class OfficeRefereed(GameRule):
    """A test game: exactly 2 players, with Count Tabula as a referee; lettered by the dice."""

    key = "test-office-refereed"
    number = rule_number("1250.91")
    title = "Tabula's game"
    spec = GameSpec("1250.91", "Tabula's game", "nomic", least=2, most=2,
                    office=COUNT_TABULA, draw="letters")


class Duelling(GameRule):
    """A test game for Duels: exactly 2 players, no referee; it may be played as a Duel."""

    key = "test-duelling"
    number = rule_number("1250.92")
    title = "Duelling"
    spec = GameSpec("1250.92", "Duelling", DUEL, least=2, most=2, referees=0, duel=True)


class Unbuilt(GameRule):
    """A test game declared with no child pack to play it."""

    key = "test-unbuilt"
    number = rule_number("1250.93")
    title = "Unbuilt"
    spec = GameSpec("1250.93", "Unbuilt", None, least=2, most=2, referees=0, duel=True)


TEST_GAMES = (GhostLike, OfficeRefereed, Duelling, Unbuilt)


# The declared games with the blank Nomic pack as their child, so that their payoffs,
# rules of the parent, can be settled before their own child games are built.
class PlayableLimerick(LimerickContest):
    key = "test-playable-limerick"
    spec = replace(LimerickContest.spec, pack="nomic")

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        return {}  # the blank Nomic pack standing in for the contest takes no parameters


class PlayableGhost(Ghost):
    key = "test-playable-ghost"
    spec = replace(Ghost.spec, pack="nomic")

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        return {}  # the blank Nomic pack standing in for Ghost takes no parameters


class PlayableFictionary(Fictionary):
    key = "test-playable-fictionary"
    spec = replace(Fictionary.spec, pack="nomic")


class PlayableDoubleCrash(DoubleCrash):
    key = "test-playable-double-crash"
    spec = replace(DoubleCrash.spec, pack="nomic")

    def instance_params(self, ctx: Ctx, record: dict[str, Any]) -> dict[str, Any]:
        return {}  # the blank Nomic pack standing in for Double Crash takes no parameters



PLAYABLE = (PlayableLimerick, PlayableGhost, PlayableFictionary, PlayableDoubleCrash)
DECLARED = (LimerickContest, Ghost, Fictionary, DoubleCrash)


class AckanomicTesting(Ackanomic):
    id = "test-ackanomic"
    title = "Ackanomic with test games"
    initial = (*Ackanomic.initial, *(Initial(cls) for cls in TEST_GAMES))
    rule_classes = (*Ackanomic.rule_classes, *TEST_GAMES)


class AckanomicPlayable(Ackanomic):
    id = "test-ackanomic-playable"
    title = "Ackanomic with its declared games playable"
    initial = (*(entry for entry in Ackanomic.initial if entry.cls not in DECLARED),
               *(Initial(cls) for cls in PLAYABLE))
    rule_classes = (*Ackanomic.rule_classes, *PLAYABLE)


def registry() -> Registry:
    """The installed packs, with the test Ackanomics and the test Duel."""
    return (installed().with_pack(AckanomicTesting()).with_pack(AckanomicPlayable())
            .with_pack(DuelPack()))


REGISTRY = registry()


def new_game(pack: str = "ackanomic", players: tuple[str, ...] = PLAYERS,
             params: dict[str, Any] | None = None) -> Game:
    return Game.create(pack, start=START, players=players, secret=b"ackanomic" * 4,
                       params=params, registry=REGISTRY, allow_forced=True)
