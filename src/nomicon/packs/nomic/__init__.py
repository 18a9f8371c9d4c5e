"""Nomic (blank): a game that starts with one rule, how proposals pass.

Everything else is enacted by proposals, from the rule classes of any installed
pack whose requirements the game meets. It is also where the general voting method
and the other game-independent rule classes live.
"""

from __future__ import annotations

from nomicon.governance.methods import MajorityVote
from nomicon.kernel.pack import Initial, Pack
from nomicon.kernel.rules import Currency, Rule


class Points(Rule):
    """Each player has a number of points, starting at 0."""

    key = "points"
    pack = "nomic"
    number = 2
    title = "Points"
    currencies = (Currency("points", 0),)


class BlankNomic(Pack):
    id = "nomic"
    title = "Nomic (blank)"
    description = ("A game that starts with a single rule: proposals pass by majority vote. "
                   "Players build the rest by proposals.")
    initial = (Initial(MajorityVote),)
    rule_classes = (MajorityVote, Points)
