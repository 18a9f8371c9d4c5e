"""The rules of sections XVIII, XXI, XXVIII, XXIX, XXX, XXXI and XXXIV, gathered for
the pack's rule list (one line in ``__init__``), and their invariants."""

from __future__ import annotations

from nomicon.authoring import Rule
from nomicon.packs.nomopoly2 import chains, contagion, paths, violence

RULES: tuple[type[Rule], ...] = (
    *paths.RULES, *contagion.RULES, *chains.RULES, *violence.RULES,
)
