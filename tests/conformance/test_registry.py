"""The packs the conformance suite runs through."""

from __future__ import annotations

from importlib.metadata import entry_points

from harness import INSTALLED, PACKS, REGISTRY
from mechpack import MechanismPack
from secretpack import SecretPack

import nomicon


def test_every_installed_pack_is_under_test() -> None:
    """Each pack installed through the ``nomicon.packs`` entry points is listed by
    ``nomicon.registry()`` and played by the suite, with the suite's own packs."""
    declared = sorted(ep.name for ep in entry_points(group="nomicon.packs"))
    assert declared, "no pack is installed"
    assert sorted(pack.id for pack in nomicon.registry()) == declared == list(INSTALLED)
    assert set(PACKS) == {*declared, SecretPack.id, MechanismPack.id} == set(REGISTRY.packs)
