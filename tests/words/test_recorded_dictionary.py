"""A game records the dictionary it plays with at its creation, and a game recorded
with another dictionary than the installed one is refused, with both named, rather
than answered from other data."""

from __future__ import annotations

import copy
import hashlib
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from nomicon.authoring import Arg, Ctx, GameError, Initial, Pack, PackParams, Rule, action, words
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed as installed_packs

PACK = "words-test"


class Protest(Rule):
    """A player may protest that the ghost word cannot be found within any word in the official dictionary; the referee reports a word containing it, if there is one."""  # noqa: E501

    key = "protest"
    pack = PACK
    number = 1
    title = "Protest"

    @action("protest", Arg("ghost", str, "the ghost word"))
    def protest(self, ctx: Ctx, actor: str, ghost: str) -> None:
        """Protest that no word contains the ghost word."""
        official = words.official(ctx.get(["dictionary"]))
        ctx.set(["found"], official.contains(ghost))


class WordsPack(Pack):
    id = PACK
    title = "Words (test)"
    initial = (Initial(Protest),)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        ctx.set(["dictionary"], words.record())
        ctx.set(["found"], None)


REGISTRY = installed_packs().with_pack(WordsPack())
START = datetime(2024, 1, 8, 12, 0, tzinfo=UTC)


def new_game() -> Game:
    return Game.create(PACK, start=START, players=("alice", "bob"),
                       secret=dice.secret_from_seed(3), registry=REGISTRY, game_id="words")


def test_the_identity_names_the_packages_their_versions_and_hashes() -> None:
    identity = words.identity()
    dictionary = words.installed()
    assert identity["words"]["package"] == "english-words"
    assert identity["words"]["version"] == version("english-words")
    assert identity["words"]["lists"] == ["web2", "gcide"]
    assert identity["words"]["count"] == len(dictionary.words)
    assert identity["words"]["sha256"] == hashlib.sha256(
        "\n".join(dictionary.words.words).encode()).hexdigest()
    data = hashlib.sha256()
    for name in ("gcide.index", "gcide.dict.dz"):
        data.update((Path("/usr/share/dictd") / name).read_bytes())
    assert identity["definitions"] == {"source": "GCIDE", "package": "dict-gcide",
                                       "version": "0.48", "sha256": data.hexdigest()}


def test_the_recorded_dictionary_is_the_installed_one() -> None:
    assert words.official(words.record()) is words.installed()


def changed(path: tuple[str, str], value: Any) -> dict[str, Any]:
    recorded = copy.deepcopy(words.record())
    recorded[path[0]][path[1]] = value
    return recorded


@pytest.mark.parametrize(("path", "value", "shown"), [
    (("words", "version"), "1.0.0", "english-words 1.0.0"),
    (("words", "sha256"), "0" * 64, "sha256 000000000000"),
    (("definitions", "version"), "0.46", "GCIDE 0.46"),
])
def test_another_recorded_dictionary_is_refused_naming_both(
        path: tuple[str, str], value: Any, shown: str) -> None:
    with pytest.raises(words.DictionaryMismatch) as refused:
        words.official(changed(path, value))
    message = str(refused.value)
    assert shown in message
    assert f"english-words {version('english-words')}" in message
    assert "install the recorded version" in message


def test_a_game_that_recorded_no_dictionary_is_refused() -> None:
    with pytest.raises(GameError, match="recorded no dictionary"):
        words.official(None)


def test_a_new_game_records_the_dictionary_and_its_rules_use_it() -> None:
    game = new_game()
    assert game.state.root["dictionary"] == words.identity()
    assert game.view("bob")["dictionary"] == words.identity()
    game.act("alice", "protest", ghost="uperso")
    found = game.state.root["found"]
    assert "uperso" in found and words.installed().is_word(found)


def test_a_game_recorded_with_another_dictionary_cannot_use_it_and_nothing_changes(
        ) -> None:
    game = new_game()
    game.state.root["dictionary"]["words"]["version"] = "1.0.0"
    before, logged = copy.deepcopy(game.state.root), len(game.log)
    with pytest.raises(words.DictionaryMismatch, match=r"english-words 1\.0\.0"):
        game.act("alice", "protest", ghost="uperso")
    assert game.state.root == before and len(game.log) == logged


def test_the_recorded_dictionary_is_in_the_log_so_a_rebuilt_game_keeps_it() -> None:
    game = new_game()
    ops = [str(op) for event in game.log for op in event.get("ops", ())]
    assert any(words.identity()["words"]["sha256"] in op for op in ops)
    rebuilt = Game.rebuild(game.log, secret=dice.secret_from_seed(3), registry=REGISTRY)
    assert rebuilt.state.root["dictionary"] == game.state.root["dictionary"]
