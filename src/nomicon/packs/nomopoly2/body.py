"""The rules of sections XVIII, XXI, XXVIII, XXIX, XXX, XXXI and XXXIV, gathered for
the pack's rule list (one line in ``__init__``), and their invariants."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Rule
from nomicon.packs.nomopoly2 import (
    chains,
    contagion,
    destruction,
    movement,
    paths,
    violence,
    wetha,
)
from nomicon.packs.nomopoly2.chains import CHAINS
from nomicon.packs.nomopoly2.wetha import WETHA

RULES: tuple[type[Rule], ...] = (
    *destruction.RULES, *movement.RULES, *wetha.RULES, *paths.RULES, *contagion.RULES,
    *chains.RULES, *violence.RULES,
)

#: Holders of squares besides the players and the pack's organisations.
OWNERS: tuple[str, ...] = wetha.OWNERS


def problems(state: dict[str, Any]) -> list[str]:
    """These sections' invariants: Chains of at least 10 pounds (below, they are
    lost, XXXI.6); every Lodge the WETHA's and a pollutant (XXVIII.4)."""
    found: list[str] = []
    for name, player in (state.get("players") or {}).items():
        chains = player.get(CHAINS)
        if chains is not None and not (isinstance(chains.get("pounds"), int)
                                       and chains["pounds"] >= 10):
            found.append(f"{name} is bound by Chains of {chains.get('pounds')!r} pounds")
    for number, record in (state.get("board", {}).get("spaces") or {}).items():
        if record.get("lodge") and (record.get("owner") != WETHA
                                    or not record.get("pollutant")):
            found.append(f"the Lodge on square {number} is not the WETHA's pollutant")
    return found
