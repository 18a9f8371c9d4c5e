"""The ``diplomacy`` package's adjudicator, as the pack's rules use it.

A position is the library's own saved state of a game (its phase, units, dislodged
units and where they may retreat, supply centres, home centres, influence and civil
disorder), kept in Nomicon's state as plain data; each adjudication rebuilds a library
game from it, gives it the orders, processes one phase and reads back the next
position. The library's clock stamp is left out, so that the same orders always give
the same state. Nothing here draws at random: the library's adjudication is
deterministic, and the pack assigns countries with Nomicon's dice.
"""

from __future__ import annotations

import copy
import warnings
from dataclasses import dataclass
from typing import Any

# diplomacy 1.1.2 reads its cache of convoy paths, when it is imported, with an open()
# it never closes: the ResourceWarning is the library's, and says nothing of ours.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", ResourceWarning)
    from diplomacy import Game

#: The powers of the standard map, in the library's (alphabetical) order.
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
#: The parts of the library's state that a position keeps.
KEPT = ("name", "units", "retreats", "centers", "homes", "influence", "civil_disorder")
#: Supply centres a single power needs to win on the standard map.
VICTORY = 18
PHASE_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


@dataclass(frozen=True)
class Outcome:
    """One adjudicated phase."""

    phase: str
    #: The orders the adjudicator took, by power (an invalid order is void).
    orders: dict[str, list[str]]
    #: Each ordered or affected unit's results (``bounce``, ``dislodged``, ``void``...).
    results: dict[str, list[str]]
    #: The position after the phase.
    position: dict[str, Any]
    #: The powers that reached a solo victory (at most one).
    solo: list[str]


def _game(position: dict[str, Any] | None = None) -> Game:
    game = Game()
    if position is not None:
        # A copy: the library keeps (and may change) lists of the state it is given,
        # and the position is the game's state, which only its rules may change.
        game.set_state(copy.deepcopy({key: position[key] for key in KEPT if key in position}))
    return game


def _kept(game: Game) -> dict[str, Any]:
    state = game.get_state()
    return copy.deepcopy({key: state[key] for key in KEPT})


def opening() -> dict[str, Any]:
    """The position of Spring 1901 of standard Diplomacy."""
    return _kept(_game())


def position_with(units: dict[str, list[str]], centers: dict[str, list[str]] | None = None,
                  phase: str | None = None) -> dict[str, Any]:
    """A position with only ``units`` on the board (a DATC case's, a referee's variant),
    the standard supply centres unless ``centers`` gives some, in ``phase``."""
    game = _game()
    game.clear_units()
    for power, placed in units.items():
        game.set_units(power, placed)
    for power, owned in (centers or {}).items():
        game.set_centers(power, owned)
    if phase is not None:
        game.set_current_phase(phase)
    return _kept(game)


def phase_of(position: dict[str, Any]) -> str:
    """The short name of the phase to be played (``S1901M``; ``COMPLETED`` at the end)."""
    name: str = position["name"]
    return name


def phase_kind(position: dict[str, Any]) -> str:
    """``movement``, ``retreats`` or ``adjustments``."""
    return PHASE_KINDS.get(phase_of(position)[-1:], "movement")


def orderable(position: dict[str, Any], power: str) -> list[str]:
    """The provinces where ``power`` may order something this phase (its units; in a
    retreat phase its dislodged units; in an adjustment phase its build sites or its
    units to disband)."""
    game = _game(position)
    found: list[str] = game.get_orderable_locations(power)
    return found


def units_of(position: dict[str, Any], power: str) -> list[str]:
    """``power``'s units on the board, dislodged ones marked ``*``."""
    units: list[str] = position["units"].get(power, [])
    return list(units)


def centres(position: dict[str, Any]) -> dict[str, int]:
    """The number of supply centres each power controls."""
    return {power: len(owned) for power, owned in position["centers"].items()}


def ordered_province(order: str) -> str | None:
    """The province an order is for (``PAR`` for ``A PAR - BUR``, ``STP`` for ``F
    STP/SC S A MOS``); None for an order naming no unit (``WAIVE``) or not of the form
    ``<A|F> <place> ...``."""
    words = order.split()
    if len(words) < 2 or words[0].upper() not in ("A", "F"):
        return None
    return words[1].upper().split("/")[0]


def adjudicate(position: dict[str, Any], orders: dict[str, list[str]]) -> Outcome:
    """Process the phase of ``position`` with ``orders`` by power; a power without
    orders holds (and, in the other phases, is in civil disorder as the library's
    rules for it say: unordered dislodged units disband, missing disbands are chosen
    for it, no builds)."""
    game = _game(position)
    phase = game.get_current_phase()
    for power, given in orders.items():
        if given:
            game.set_orders(power, list(given))
    taken = {power: list(given) for power, given in game.get_orders().items() if given}
    game.process()
    raw = game.result_history.get(phase, {})
    results = {str(unit): [str(result) for result in found] for unit, found in raw.items()}
    after = _kept(game)
    solo = [power for power, count in centres(after).items() if count >= VICTORY]
    return Outcome(phase, taken, results, after, solo)


def owner_of(position: dict[str, Any], unit: str) -> str | None:
    """The power whose unit ``unit`` (``F STP`` matches any coast of St Petersburg,
    ``F STP/NC`` only the north) is on the board, not dislodged (None: no such unit)."""
    for power, units in position["units"].items():
        for placed in units:
            if placed.startswith("*"):
                continue
            if placed == unit or ("/" not in unit and placed.split("/")[0] == unit):
                return str(power)
    return None


def render(position: dict[str, Any], orders: dict[str, list[str]] | None = None) -> str:
    """The standard map as SVG, with ``position``'s units and, if given, ``orders``
    drawn on it (the library's own renderer and map)."""
    game = _game(position)
    for power, given in (orders or {}).items():
        if given:
            game.set_orders(power, list(given))
    svg: str = game.render(incl_orders=bool(orders), output_format="svg")
    return svg
