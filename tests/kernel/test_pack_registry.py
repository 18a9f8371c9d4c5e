"""The installed packs' registry imports a pack when a game asks for it, and is, once
listed, the registry of every installed pack (which packs a command imports is tested
in ``tests/cli/test_cli_startup.py``)."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

from nomicon.kernel.errors import GameError
from nomicon.kernel.pack import Registry, installed


def every_pack() -> Registry:
    """The registry of all installed packs, each made at once."""
    packs = [ep.load()() for ep in entry_points(group="nomicon.packs")]
    return Registry(sorted(packs, key=lambda p: p.id))


def fresh() -> Registry:
    """A new registry of the installed packs, none of them made yet."""
    return type(installed())()


def test_a_pack_asked_for_first_is_the_one_listed_afterwards() -> None:
    registry = fresh()
    asked = registry.pack("infinite-nomic-r7")
    assert asked.id == "infinite-nomic-r7"
    assert registry.packs["infinite-nomic-r7"] is asked
    assert registry.pack("infinite-nomic-r7") is asked


def test_once_listed_it_is_the_registry_of_every_installed_pack() -> None:
    registry = fresh()
    registry.pack("nomic")
    expected = every_pack()
    assert list(registry.packs) == list(expected.packs)
    assert list(registry) == list(registry.packs.values())
    assert registry.classes == expected.classes


def test_a_rule_class_of_a_pack_not_asked_for_is_found() -> None:
    for class_id, cls in every_pack().classes.items():
        assert fresh().rule_class(class_id) is cls


def test_unknown_packs_and_classes_name_what_is_installed() -> None:
    with pytest.raises(GameError, match=r"unknown pack 'nope' \(installed: .*nomic"):
        fresh().pack("nope")
    with pytest.raises(GameError, match="unknown rule class 'nope/x'"):
        fresh().rule_class("nope/x")
