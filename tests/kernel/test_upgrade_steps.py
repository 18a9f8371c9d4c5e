"""The steps that bring a pack's stored state from one version to another
(``nomicon.kernel.upgrades``): which run, in which order, and what is refused."""

from __future__ import annotations

import pytest

from nomicon.kernel.upgrades import Upgrade, VersionRefused, path, recorded_version


def nothing(ctx: object) -> None:
    """A step that moves nothing (the tests look only at the order)."""


STEPS = (Upgrade("2", "3", nothing, "second"), Upgrade("1", "2", nothing, "first"))


def test_the_steps_run_in_order_from_the_recorded_version() -> None:
    assert [s.about for s in path("p", STEPS, "1", "3")] == ["first", "second"]
    assert [s.about for s in path("p", STEPS, "2", "3")] == ["second"]
    assert path("p", STEPS, "3", "3") == []


def test_a_newer_version_is_refused_and_one_without_steps_taken_as_it_is() -> None:
    with pytest.raises(VersionRefused, match="version 4 of the pack p, newer than the "
                                             "version 3 running here"):
        path("p", STEPS, "4", "3")
    assert path("p", STEPS, "0", "3") == []
    assert path("p", STEPS, "2", "4") == []  # no step from 3


def test_the_version_is_the_last_upgrades_else_the_creations_else_1() -> None:
    created = {"type": "game.created",
               "data": {"versions": {"nomicon": "x", "packs": {"p": "2"}}}}
    assert recorded_version({"game": {"pack": "p"}}, created) == "2"
    assert recorded_version({"game": {"pack": "p", "pack_version": "3"}}, created) == "3"
    assert recorded_version({"game": {"pack": "p"}}, {"type": "game.created", "data": {}}) \
        == "1"
