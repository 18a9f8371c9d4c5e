"""A game as one JSON file: what ``nomicon export`` writes and ``nomicon import`` checks.

The file holds the game's record, the rules in force, the current dice commitment and
the whole log (and the dice secret once revealed, or when asked). Importing trusts
nothing in it but what the log proves: the log must verify (which re-executes every
batch, see :mod:`nomicon.verify`), the rules and commitment must be those the log
leads to, and the record's fields are recomputed from the log (``created``) or
checked against it (``reverted_from``). A game created as a test game (its rolls may
be forced) is imported only when the importer says so, and stays marked.

That file is the admin's: the whole log, state changes and private events included,
as verifying needs. A player's (or an observer's) export is the log as they may read
it (:func:`nomicon.kernel.views.log_view`: no state changes, none of the events kept
from them, the secret only once revealed); it says whose it is (``viewer``), and it
cannot be imported, since it does not hold the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from nomicon.kernel import dice, upgrades
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import GameError
from nomicon.kernel.pack import Registry, installed
from nomicon.kernel.state import fold
from nomicon.kernel.timefmt import iso, parse
from nomicon.kernel.views import log_view
from nomicon.store import GameRecord
from nomicon.verify import verify

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "ImportRefused", "Imported", "export_document",
           "read_import"]

#: The ``format`` of an exported game file, and its version.
EXPORT_FORMAT = "nomicon-game"
EXPORT_VERSION = 1
#: How many problems an import refusal lists.
SHOWN_PROBLEMS = 5


class ImportRefused(GameError):
    """An exported game file is malformed, or its log does not check out."""


@dataclass
class Imported:
    """A checked game file: the game rebuilt from its log, and what its record holds."""

    game: Game
    log: list[dict[str, Any]]
    root: dict[str, Any]
    created: datetime
    reverted_from: str | None
    secret: str | None


def export_document(record: GameRecord, log: list[dict[str, Any]], *,
                    with_secret: bool = False, viewer: str = ADMIN) -> dict[str, Any]:
    """The export file of a stored game (see :meth:`GameService.export_game`), as
    ``viewer`` may read it (the admin: all of it)."""
    root = fold(op for event in log for op in event.get("ops", ()))
    epoch = root["dice"]["epochs"][-1]
    if viewer != ADMIN:
        if with_secret:
            raise GameError(f"{viewer} cannot export the unrevealed dice secret: only the "
                            "admin may")
        mine: dict[str, Any] = {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "viewer": viewer,
            "game": {"id": record.id, "pack": record.pack, "created": iso(record.created)},
            "commitment": epoch["commitment"], "ruleset": root.get("rules", {}),
            "log": log_view(log, viewer),
        }
        if record.secret is not None and epoch["secret"] is not None:
            mine["secret"] = record.secret
        return mine
    document: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": {"id": record.id, "pack": record.pack, "created": iso(record.created),
                 "meta": record.meta},
        "commitment": epoch["commitment"],
        "ruleset": root.get("rules", {}),
        "log": log,
    }
    if record.secret is not None and (with_secret or epoch["secret"] is not None):
        document["secret"] = record.secret
    return document


def read_import(document: Any, *, registry: Registry | None = None,
                test: bool = False) -> Imported:
    """Check an export file; :class:`ImportRefused` says what is wrong with it.

    ``test``: accept a game created as a test game (whose rolls may be forced).
    """
    try:
        return _read_import(document, registry or installed(), test)
    except RecursionError:
        # json.loads refuses deep nesting by itself; a document built in memory may not.
        raise ImportRefused("the file is nested too deeply to be a game") from None


def _read_import(document: Any, registry: Registry, test: bool) -> Imported:
    game_part, log, secret = _read_document(document)
    _check_version(log, registry)
    found = verify(log, secret=bytes.fromhex(secret) if secret else None, registry=registry)
    if found.problems:
        shown = "; ".join(found.problems[:SHOWN_PROBLEMS])
        extra = len(found.problems) - SHOWN_PROBLEMS
        more = f" (and {extra} more)" if extra > 0 else ""
        raise ImportRefused(f"the log does not verify: {shown}{more}")
    if found.unchecked is not None:
        raise ImportRefused(f"the log cannot be checked by this version: {found.unchecked}")
    if found.test and not test:
        raise ImportRefused("this is a test game (created by a scenario or a test; its dice "
                            "may be forced): import it as a test game (nomicon import --test) "
                            "or not at all")
    root = fold(op for event in log for op in event.get("ops", ()))
    _check_against_log(document, game_part, root)
    reverted_from = _reverted_from(game_part, root)
    game = Game.rebuild(log, secret=bytes.fromhex(secret) if secret else b"",
                        registry=registry, snapshot=(log[-1]["seq"], root))
    return Imported(game=game, log=log, root=root, created=_created(log, root),
                    reverted_from=reverted_from, secret=secret)


def _read_document(document: Any) -> tuple[dict[str, Any], list[dict[str, Any]], str | None]:
    """The game part, the log and the secret of an export; ImportRefused if malformed."""
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise ImportRefused(f"not an exported Nomicon game (no \"format\": "
                            f"\"{EXPORT_FORMAT}\")")
    viewer = document.get("viewer", ADMIN)
    if viewer != ADMIN:
        raise ImportRefused(f"this file is {viewer!r}'s export of the game: it holds only "
                            "what they may read, and only the admin's export, which holds "
                            "the whole log, can be imported")
    if document.get("version") != EXPORT_VERSION:
        raise ImportRefused(f"unsupported export version {document.get('version')!r} "
                            f"(this Nomicon reads version {EXPORT_VERSION})")
    game_part = document.get("game")
    log = document.get("log")
    if not isinstance(game_part, dict):
        raise ImportRefused("the file has no \"game\" object")
    for name in ("id", "pack", "created"):
        if not isinstance(game_part.get(name), str) or not game_part[name]:
            raise ImportRefused(f"the game has no {name!r}")
    if not isinstance(game_part.get("meta", {}), dict):
        raise ImportRefused("the game's \"meta\" is not an object")
    try:
        parse(game_part["created"])
    except ValueError:
        raise ImportRefused(f"the game's created time {game_part['created']!r} is not an "
                            "ISO time") from None
    if not isinstance(log, list) or not log or not all(isinstance(e, dict) for e in log):
        raise ImportRefused("the file has no \"log\" of events")
    secret = document.get("secret")
    if secret is not None:
        try:
            bytes.fromhex(secret)
        except (TypeError, ValueError):
            raise ImportRefused("the dice secret is not hexadecimal") from None
    return game_part, log, secret


def _check_version(log: list[dict[str, Any]], registry: Registry) -> None:
    """The game's pack is installed, and its recorded version is not newer than the
    running one (an older one is upgraded when the game is opened)."""
    data = log[0].get("data")
    pack_id = data.get("pack") if isinstance(data, dict) else None
    if log[0].get("type") != "game.created" or not isinstance(pack_id, str):
        return  # verifying says what is wrong with the log
    try:
        pack = registry.pack(pack_id)
    except GameError as exc:
        raise ImportRefused(str(exc)) from None
    root: dict[str, Any] = {"game": {"pack": pack_id}}
    for event in log:  # the version an upgrade in the log reached, if any
        upgraded = event.get("data") if event.get("type") == "pack.upgraded" else None
        if isinstance(upgraded, dict) and isinstance(upgraded.get("to_version"), str):
            root["game"]["pack_version"] = upgraded["to_version"]
    try:
        upgrades.path(pack.id, pack.upgrades, upgrades.recorded_version(root, log[0]),
                      pack.version)
    except upgrades.VersionRefused as exc:
        raise ImportRefused(str(exc)) from None


def _check_against_log(document: dict[str, Any], game_part: dict[str, Any],
                       root: dict[str, Any]) -> None:
    """The record, rules and commitment of the file are the ones its log leads to."""
    game = root.get("game", {})
    if game.get("id") != game_part["id"]:
        raise ImportRefused(f"the file names game {game_part['id']!r} but its log is game "
                            f"{game.get('id')!r}")
    if game.get("pack") != game_part["pack"]:
        raise ImportRefused(f"the file names pack {game_part['pack']!r} but its log plays "
                            f"{game.get('pack')!r}")
    if document.get("ruleset") != root.get("rules"):
        raise ImportRefused("the file's ruleset is not the one its log leads to")
    epochs = root.get("dice", {}).get("epochs") or [{}]
    if document.get("commitment") != epochs[-1].get("commitment"):
        raise ImportRefused("the file's dice commitment is not the one its log leads to")
    secret = document.get("secret")
    if secret is not None and dice.commitment(bytes.fromhex(secret)) != epochs[-1].get(
            "commitment"):
        raise ImportRefused("the file's dice secret does not match the current commitment")


def _reverted_from(game_part: dict[str, Any], root: dict[str, Any]) -> str | None:
    """The game this one continues, as its log's revert says; the file must agree."""
    reverted = root.get("game", {}).get("reverted")
    from_log = reverted.get("from") if isinstance(reverted, dict) else None
    claimed = (game_part.get("meta") or {}).get("reverted_from")
    if claimed is not None and claimed != from_log:
        said = f"continues game {from_log!r}" if from_log else "is no revert of another game"
        raise ImportRefused(f"the file's meta says the game was reverted from {claimed!r}, but "
                            f"its log {said}")
    return from_log if isinstance(from_log, str) else None


def _created(log: list[dict[str, Any]], root: dict[str, Any]) -> datetime:
    """When the game was created, by its log: its revert, else its first event."""
    reverted = root.get("game", {}).get("reverted")
    if isinstance(reverted, dict) and isinstance(reverted.get("at"), str):
        return parse(reverted["at"])
    return parse(str(log[0]["time"]))
