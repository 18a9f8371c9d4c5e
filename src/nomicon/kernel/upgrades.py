"""Upgrades: a game stored by an older version of its pack, brought to the running one.

A pack's version (``Pack.version``) is recorded in its games' ``game.created`` event.
When a new version keeps its state elsewhere (Flutes moved onto the ledger, the
Grid's objects onto entities), the pack declares an :class:`Upgrade` for each step,
from one version to the next: a function that rewrites the old places of a state
into the new ones through the batch's context, so its changes are ordinary recorded
ops. The engine runs the steps a game needs, in order, in one batch
(:meth:`~nomicon.kernel.engine.Game.upgrade`): each step's changes follow its
``pack.upgraded`` event (``pack``, ``from_version``, ``to_version``), and
``game.pack_version`` says the version the state is now kept by. The log then still
folds to the live state, and a replay re-executes the batch by running the same
steps.

A step must accept a state that is already in the new shape and change nothing in
it then: a version number was not always raised when the shape changed, so a game
recorded at the older version may have been written in either shape.

This module knows the pack only by its declared steps, and the context only by the
kernel's :class:`~nomicon.kernel.acting.Acting` protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nomicon.kernel import events
from nomicon.kernel.errors import GameError

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

#: Where the state records the version of the pack it is kept by, once upgraded.
VERSION_PATH = ("game", "pack_version")
#: The version of a game whose log records none (written before versions were kept).
FIRST_VERSION = "1"


@dataclass(frozen=True)
class Upgrade:
    """One step of a pack's state from version ``source`` to version ``target``.

    ``apply`` takes the batch's context (a rule pack's ``Ctx``) and moves what the
    older version kept onto the places the newer one reads; ``about`` says what
    moved, in a sentence (it ends the ``pack.upgraded`` event's message).
    """

    source: str
    target: str
    # Callable[..., None]: a pack's step takes the rule author's Ctx, which is more
    # than the Acting protocol this module knows it by.
    apply: Callable[..., None]
    about: str


class VersionRefused(GameError):
    """A stored game's pack version is newer than the running one."""


def recorded_version(root: Mapping[str, Any], created: Mapping[str, Any] | None) -> str:
    """The version of its pack a game's state is kept by: the version its last upgrade
    reached, else the one its ``game.created`` event (``created``) records."""
    game = root.get("game") if isinstance(root.get("game"), Mapping) else {}
    upgraded = game.get("pack_version") if isinstance(game, Mapping) else None
    if isinstance(upgraded, str):
        return upgraded
    data = (created or {}).get("data")
    versions = data.get("versions") if isinstance(data, Mapping) else None
    packs = versions.get("packs") if isinstance(versions, Mapping) else None
    pack = game.get("pack") if isinstance(game, Mapping) else None
    found = packs.get(pack) if isinstance(packs, Mapping) else None
    return found if isinstance(found, str) else FIRST_VERSION


def path(pack: str, steps: Sequence[Upgrade], source: str, target: str) -> list[Upgrade]:
    """The steps that take a state of ``pack`` from version ``source`` to ``target``, in
    order: none when they are the same, or when no declared steps lead from an older
    ``source`` (such a game is taken as it is, as before upgrades were declared:
    verify's re-execution says whether the running rules agree with its log).
    :class:`VersionRefused` when ``source`` is newer than ``target``."""
    if _newer(source, target):
        raise VersionRefused(
            f"this game was stored by version {source} of the pack {pack}, newer than the "
            f"version {target} running here: open it with a Nomicon whose {pack} is "
            f"version {source} or later")
    by_source = {step.source: step for step in steps}
    found: list[Upgrade] = []
    version = source
    while version != target:
        step = by_source.get(version)
        if step is None or len(found) > len(steps):
            return []
        found.append(step)
        version = step.target
    return found


def _newer(version: str, than: str) -> bool:
    # Pack versions are plain counters ("1", "2"...); a version that is not one is
    # not called newer (it is taken as it is, like an older one without steps).
    return version.isdigit() and than.isdigit() and int(version) > int(than)


def apply(ctx: Acting, pack: str, steps: Sequence[Upgrade]) -> None:
    """Run ``steps`` in the batch of ``ctx``, each under its ``pack.upgraded`` event,
    and record the version reached."""
    for step in steps:
        ctx.emit(events.PACK_UPGRADED,
                 f"{pack} upgraded from version {step.source} to {step.target}: {step.about}",
                 pack=pack, from_version=step.source, to_version=step.target)
        step.apply(ctx)
    if steps:
        ctx.set(list(VERSION_PATH), steps[-1].target)
