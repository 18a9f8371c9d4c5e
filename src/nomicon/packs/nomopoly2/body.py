"""The rules of sections XVIII, XXI, XXVIII, XXIX, XXX, XXXI and XXXIV, gathered for
the pack's rule list (one line in ``__init__``), and their invariants."""

from __future__ import annotations

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

RULES: tuple[type[Rule], ...] = (
    *destruction.RULES, *movement.RULES, *wetha.RULES, *paths.RULES, *contagion.RULES,
    *chains.RULES, *violence.RULES,
)

#: Holders of squares besides the players and the pack's organisations.
OWNERS: tuple[str, ...] = wetha.OWNERS
