"""Random play in which the players' proposals change the rules.

The bot's proposals enact rule classes of any installed pack that the game can
take, repeal and amend rules in force, and attach interpretations; the game picks
each change up at once. Every check of ``test_random_play`` applies after every
step, and at the end a game rebuilt from the log must match the live one.
"""

from __future__ import annotations

import pytest
from harness import INSTALLED, play_watched

import nomicon

STEPS = 2000
SEEDS = (1, 2, 3)
CHANGES = ("rule.enacted", "rule.repealed", "rule.amended", "rule.interpreted")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("pack", INSTALLED)
def test_random_play_with_rule_changes(pack: str, seed: int) -> None:
    result = play_watched(pack, seed, STEPS, amend=True, registry=nomicon.registry())
    initial = len(nomicon.registry().pack(pack).initial)
    changes = [e for e in result.game.log if e["type"] in CHANGES]
    assert len(changes) > initial, "no proposal changed the rules"
    findings = result.findings
    kinds = [findings.replay, findings.chain, findings.invariants, findings.refusals,
             findings.dishonest, findings.errors]
    assert not any(kinds), "\n".join(kind.report() for kind in kinds if kind)
