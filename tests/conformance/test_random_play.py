"""Random legal play of every pack, with every check after every step.

Each pack is played for 2,000 steps with three seeds (three or four players), the
random bot acting, time passing so that timers fire, and malformed or out-of-place
actions mixed in. One play per pack and seed is shared by the tests below; each test
asserts one kind of problem is absent (see ``harness``).
"""

from __future__ import annotations

import pytest
from harness import PACKS, SEEDS, STEPS, Played, hashes, played

from nomicon.kernel.engine import event_hash

pytestmark = pytest.mark.parametrize("seed", SEEDS)


def _play(pack: str, seed: int) -> Played:
    result = played(pack, seed)
    assert result.tally.steps == STEPS or result.tally.ended_at is not None
    return result


@pytest.mark.parametrize("pack", PACKS)
def test_live_state_is_the_fold_of_the_log(pack: str, seed: int) -> None:
    """After every step the state folded from the log equals the live state; at the
    end a game rebuilt from the log has the same state, views and legal actions, and
    plays on exactly like the live game."""
    result = _play(pack, seed)
    assert not result.findings.replay, result.findings.replay.report()


@pytest.mark.parametrize("pack", PACKS)
def test_log_is_numbered_and_chained(pack: str, seed: int) -> None:
    result = _play(pack, seed)
    assert not result.findings.chain, result.findings.chain.report()
    log = result.game.log
    assert [event["seq"] for event in log] == list(range(1, len(log) + 1))
    previous = ""
    for event in log:
        assert event["hash"] == event_hash(previous, event), f"event {event['seq']}"
        previous = event["hash"]
    assert len(set(hashes(log))) == len(log)


@pytest.mark.parametrize("pack", PACKS)
def test_invariants_hold_after_every_step(pack: str, seed: int) -> None:
    result = _play(pack, seed)
    assert not result.findings.invariants, result.findings.invariants.report()


@pytest.mark.parametrize("pack", PACKS)
def test_refused_actions_change_nothing(pack: str, seed: int) -> None:
    """A refused action leaves the state (deep) and the log as they were."""
    result = _play(pack, seed)
    assert result.tally.refused + result.tally.probes - result.tally.probes_accepted > 100
    assert not result.findings.refusals, result.findings.refusals.report()


@pytest.mark.parametrize("pack", PACKS)
def test_legal_actions_are_honest(pack: str, seed: int) -> None:
    """An action that legal_actions lists, taken at once with arguments from its
    finite choices (or without arguments), is accepted."""
    result = _play(pack, seed)
    # A game may end by its own rules before it has taken many such steps (a player
    # wins at the end of an early update): the steps of the pack's plays are counted
    # together then, so that the check stays as strict for the pack as a whole.
    taken = result.tally.from_choices if result.tally.ended_at is None \
        else sum(_play(pack, other).tally.from_choices for other in SEEDS)
    assert taken > 100
    assert not result.findings.dishonest, result.findings.dishonest.report()


@pytest.mark.parametrize("pack", PACKS)
def test_no_rule_fails_internally(pack: str, seed: int) -> None:
    """No action ends in an internal error and no timer fails."""
    result = _play(pack, seed)
    assert not result.findings.errors, result.findings.errors.report()
