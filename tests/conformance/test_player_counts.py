"""Every pack at every size: random play with every check, at the pack's minimum
number of players, its maximum (or ``MANY`` when its rules set none) and one between.

``test_random_play`` plays long games of three and four players; these are shorter,
to find what breaks with one player, with many, or at a pack's limits.
"""

from __future__ import annotations

import pytest
from harness import (
    MANY,
    NAMES,
    PACKS,
    REGISTRY,
    SEEDS,
    names,
    new_game,
    play_watched,
    players_for,
    sizes,
)

from nomicon.kernel.errors import ActionRefused

# Steps per game: each of up to MANY players acts some tens of times.
STEPS = 600
SEED = 5
SIZES = [(pack, count) for pack in PACKS for count in sizes(pack)]


@pytest.mark.parametrize(("pack", "count"), SIZES, ids=[f"{p}-{n}" for p, n in SIZES])
def test_every_check_holds_at_each_size(pack: str, count: int) -> None:
    result = play_watched(pack, SEED, STEPS, players=count)
    assert sorted(result.game.state.root["players"]) == sorted(names(count))
    assert result.tally.accepted > count, "the players did next to nothing"
    findings = result.findings
    kinds = [findings.replay, findings.chain, findings.invariants, findings.refusals,
             findings.dishonest, findings.errors]
    assert not any(kinds), "\n".join(kind.report() for kind in kinds if kind)


@pytest.mark.parametrize("pack", PACKS)
def test_the_sizes_are_the_declared_ends_and_one_between(pack: str) -> None:
    least, most = REGISTRY.pack(pack).players
    assert least >= 1 and (most is None or least <= most)
    played = sizes(pack)
    assert played[0] == least and played[-1] == (most if most is not None else max(least, MANY))
    if played[-1] - least >= 2:
        assert len(played) == 3 and least < played[1] < played[-1]
    # The long games of test_random_play are within the range too.
    for seed in SEEDS:
        assert least <= len(players_for(seed)) <= (most or len(NAMES))


@pytest.mark.parametrize("pack", [p for p in PACKS if REGISTRY.pack(p).players[1] is not None])
def test_joining_beyond_the_maximum_is_refused_naming_it(pack: str) -> None:
    most = REGISTRY.pack(pack).players[1]
    assert most is not None
    game = new_game(pack, SEED, names(most))
    log = len(game.log)
    with pytest.raises(ActionRefused, match=rf"\b{most}\b") as refused:
        game.act("newcomer", "join")
    assert refused.value.rule is not None
    assert len(game.log) == log and "newcomer" not in game.state.root["players"]
