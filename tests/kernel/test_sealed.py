"""Sealed steps and ballots, on the small pack of ``sealedpack``.

Rule 1 of the pack: every player guesses a number from 1 to 99 privately, the referee
(``roles.referee``) sees the guesses, a round lasts two days or until all have
guessed, and whoever has not guessed guesses 1. Rule 2: a poll where the chair's vote
counts twice.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sealedpack import GUESSES, POLL, START, new_game

from nomicon.exchange import export_document
from nomicon.kernel import ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.views import log_view
from nomicon.service import GameService
from nomicon.store import open_store

PLAYERS = ("alice", "bob", "carol")
REFEREE = "zoe"  # not a player: the referee of the guessing


def started(**guessing: Any) -> Game:
    game = new_game(guessing=guessing or None)
    game.act("admin", "set", path="roles", value={"referee": [REFEREE]})
    game.act("alice", "start")
    return game


def submissions(game: Game, viewer: str) -> dict[str, Any]:
    shown: dict[str, Any] = game.view(viewer)["steps"][GUESSES]["submissions"]
    return shown


def results(game: Game) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = game.state.root["results"]
    return found


def events(game: Game, viewer: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log_for(viewer) if e["type"] == kind]


_DIGESTS = ("hash", "commitment", "seed_commitment")  # hex text, where any digits occur


def mentions(shown: Any, number: int) -> bool:
    """Whether ``number`` appears in what a viewer is shown: as a value, or as a word of
    a text (hashes and dice commitments aside)."""
    if isinstance(shown, dict):
        return any(mentions(v, number) for k, v in shown.items() if k not in _DIGESTS)
    if isinstance(shown, list):
        return any(mentions(v, number) for v in shown)
    if isinstance(shown, str):
        return re.search(rf"\b{number}\b", shown) is not None
    return shown == number and not isinstance(shown, bool)


# -- who sees a submission -----------------------------------------------------------------
def test_a_submission_is_seen_by_its_author_the_admin_and_the_named_role_only() -> None:
    game = started()
    game.act("alice", "guess", number=73)
    assert submissions(game, "alice") == {"alice": 73}
    assert submissions(game, REFEREE) == {"alice": 73}
    assert submissions(game, "admin") == {"alice": 73}
    for other in ("bob", "observer"):
        assert submissions(game, other) == {}
        assert game.view(other)["steps"][GUESSES]["submitted"] == ["alice"]
        assert not mentions([game.view(other), game.log_for(other)], 73)
    for reader in ("alice", REFEREE, "admin"):
        [submitted] = events(game, reader, "step.submitted")
        assert submitted["data"]["value"] == 73
    assert events(game, "bob", "step.submitted") == []


def test_the_log_read_from_an_export_hides_a_submission_from_the_others(tmp_path: Any) -> None:
    """The export holds the whole log (only the admin gets one); read back for a
    viewer, it shows the submission to its author and the referee, to nobody else."""
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        service = GameService(store, now=lambda: START, registry=new_game().registry)
        game = service.create("sealed-toy", list(PLAYERS), game_id="exported")
        service.act(game.id, "admin", "set", {"path": "roles", "value": {"referee": [REFEREE]}})
        service.act(game.id, "alice", "start", {})
        service.act(game.id, "alice", "guess", {"number": 73})
        record, log = store.load(game.id)
        document = export_document(record, list(log))
    assert any(e["type"] == "step.submitted" and e["data"]["value"] == 73
               for e in document["log"])
    for reader in ("alice", REFEREE):
        assert mentions(log_view(document["log"], reader), 73)
    for other in ("bob", "observer"):
        assert not mentions(log_view(document["log"], other), 73)


def test_resolution_reveals_every_submission_to_everyone() -> None:
    game = started()
    game.act("alice", "guess", number=40)
    game.act("bob", "guess", number=12)
    game.act("carol", "guess", number=77)
    [resolved] = events(game, "observer", "step.resolved")
    assert resolved["data"]["submissions"] == {"alice": 40, "bob": 12, "carol": 77}
    assert "steps" not in game.view("observer") or GUESSES not in game.view("observer")["steps"]


# -- changing, and final submissions ---------------------------------------------------------
def test_changing_a_submission_keeps_only_the_last() -> None:
    game = started()
    game.act("alice", "guess", number=2)
    game.act("alice", "guess", number=5)
    assert submissions(game, "admin") == {"alice": 5}
    changes = [e["data"]["changed"] for e in events(game, "alice", "step.submitted")]
    assert changes == [False, True]
    game.act("bob", "guess", number=3)
    game.act("carol", "guess", number=4)
    assert results(game)[0]["guesses"] == {"alice": 5, "bob": 3, "carol": 4}


def test_a_final_submission_cannot_be_changed() -> None:
    game = started(changeable=False)
    game.act("alice", "guess", number=2)
    with pytest.raises(ActionRefused) as refused:
        game.act("alice", "guess", number=5)
    assert str(refused.value) == ("alice cannot guess number=5: alice has already submitted "
                                  "to guesses (Rule 1, Guessing); a submission to it is final "
                                  "once made")
    assert submissions(game, "admin") == {"alice": 2}


def test_only_the_players_of_the_step_submit_to_it() -> None:
    game = started()
    game.act("dave", "join")
    with pytest.raises(ActionRefused) as refused:
        game.act("dave", "guess", number=5)
    assert str(refused.value) == ("dave cannot guess number=5: dave does not take part in "
                                  "guesses (Rule 1, Guessing); it is open to alice, bob, carol")


# -- resolution ------------------------------------------------------------------------------
def test_the_step_resolves_as_soon_as_all_are_in() -> None:
    game = started()
    game.act("alice", "guess", number=10)
    game.act("bob", "guess", number=20)
    assert results(game) == []
    kinds = [e["type"] for e in game.act("carol", "guess", number=30)]
    assert kinds.index("step.submitted") < kinds.index("step.resolved")
    assert results(game) == [{"round": 1, "guesses": {"alice": 10, "bob": 20, "carol": 30},
                              "defaulted": [], "at": "2024-06-03T09:00:00Z"}]
    assert game.state.root["timers"] == {}
    assert game.view("carol")["players"]["carol"]["points"] == 1


def test_at_the_deadline_the_missing_get_the_rules_default() -> None:
    game = started(default=7)
    game.act("alice", "guess", number=50)
    game.advance(START + timedelta(days=2, minutes=1))
    assert results(game) == [{"round": 1, "guesses": {"alice": 50, "bob": 7, "carol": 7},
                              "defaulted": ["bob", "carol"], "at": "2024-06-05T09:00:00Z"}]
    [resolved] = events(game, "bob", "step.resolved")
    assert resolved["time"] == "2024-06-05T09:00:00Z"
    assert resolved["data"]["defaulted"] == ["bob", "carol"]


def test_a_week_unvisited_resolves_each_round_at_its_own_deadline() -> None:
    """Four rounds of two days; alice guesses in the first, then nobody comes for a
    week. Bob's guess a week later first lets the clock resolve rounds 1 to 3 at days
    2, 4 and 6, then goes to round 4."""
    game = started(rounds=4)
    game.act("alice", "guess", number=60)
    game.act("bob", "guess", number=9, at=START + timedelta(days=7))
    assert [(r["round"], r["at"], r["defaulted"]) for r in results(game)] == [
        (1, "2024-06-05T09:00:00Z", ["bob", "carol"]),
        (2, "2024-06-07T09:00:00Z", ["alice", "bob", "carol"]),
        (3, "2024-06-09T09:00:00Z", ["alice", "bob", "carol"]),
    ]
    assert submissions(game, "admin") == {"bob": 9}
    assert game.view("admin")["steps"][GUESSES]["data"] == {"round": 4}


def test_a_step_open_for_its_whole_time_waits_for_the_deadline() -> None:
    game = started(early=False)
    for player, number in zip(PLAYERS, (1, 2, 3), strict=True):
        game.act(player, "guess", number=number)
    assert results(game) == []
    game.advance(START + timedelta(days=2))
    assert results(game)[0]["guesses"] == {"alice": 1, "bob": 2, "carol": 3}


def test_a_step_whose_rule_is_repealed_resolves_at_its_deadline_without_it() -> None:
    game = started()
    game.act("alice", "guess", number=8)
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.repeal(ctx, 1)
    game.advance(START + timedelta(days=2))
    [resolved] = events(game, "bob", "step.resolved")
    assert resolved["data"]["submissions"] == {"alice": 8, "bob": 1, "carol": 1}
    assert results(game) == []  # the handler went with its rule
    assert game.state.root["steps"] == {}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PLAYERS), st.integers(1, 99)), max_size=12))
def test_the_result_depends_only_on_each_players_last_submission(
        moves: list[tuple[str, int]]) -> None:
    """Whatever the order of the submissions and however often they change, the round
    resolves with each player's last submission, and the default for the others."""
    game = started(early=False, default=1)
    last: dict[str, int] = {}
    for player, number in moves:
        game.act(player, "guess", number=number)
        last[player] = number
    game.advance(START + timedelta(days=2))
    assert results(game)[0]["guesses"] == {p: last.get(p, 1) for p in PLAYERS}
    assert results(game)[0]["defaulted"] == [p for p in PLAYERS if p not in last]


# -- ballots ---------------------------------------------------------------------------------
def test_a_ballot_counts_the_chairs_vote_twice_as_the_chair_is_when_it_closes() -> None:
    game = new_game(("alice", "bob", "carol", "dave"))
    game.act("alice", "poll")
    game.act("alice", "vote", answer="yes")
    game.act("bob", "vote", answer="no")
    game.act("carol", "vote", answer="no")
    game.act("admin", "set", path="roles", value={"chair": ["alice"]})
    assert game.view("alice")["steps"][POLL]["submissions"] == {"alice": "yes", "bob": "no",
                                                               "carol": "no"}
    assert game.view("bob")["steps"][POLL]["submissions"] == {"bob": "no"}
    game.advance(START + timedelta(days=1))
    [poll] = game.state.root["polls"]
    assert poll == {"tally": {"yes": 2, "no": 2}, "carried": ["yes", "no"],
                    "weights": {"alice": 2, "bob": 1, "carol": 1, "dave": 1}}
    [resolved] = events(game, "dave", "step.resolved")
    assert resolved["data"]["submissions"] == {"alice": "yes", "bob": "no", "carol": "no",
                                               "dave": None}


def test_a_vote_for_no_option_is_refused_and_changes_nothing() -> None:
    game = new_game()
    game.act("alice", "poll")
    before = len(game.log)
    with pytest.raises(ActionRefused) as refused:
        game.act("bob", "vote", answer="maybe")
    assert str(refused.value) == ("bob cannot vote answer='maybe': 'maybe' is not a value bob "
                                  "may submit to poll (Rule 2, Polls); choose one of "
                                  "['yes', 'no']")
    assert len(game.log) == before


def test_a_ballot_with_a_single_top_answer_carries_it() -> None:
    game = new_game()
    game.act("alice", "poll")
    game.act("alice", "vote", answer="yes")
    game.act("bob", "vote", answer="no")
    game.act("carol", "vote", answer="no")
    game.act("alice", "vote", answer="no")
    game.advance(START + timedelta(days=1))
    assert game.state.root["polls"][0]["carried"] == ["no"]
    assert game.state.root["polls"][0]["tally"] == {"yes": 0, "no": 3}


def test_a_step_completed_during_a_pause_resolves_when_the_game_resumes() -> None:
    """The clock stands still while the game is paused (DESIGN §3b; Diplomacy's errata:
    no time in a state of pause counts): every guess arriving during the pause does not
    end the round then; the round ends when the game resumes. A round paused for a day
    shows the deadline its timer moved on to."""
    game = new_game()
    game.act("alice", "start")
    assert game.view()["steps"][GUESSES]["deadline"] == "2024-06-05T09:00:00Z"
    game.act("admin", "pause", reason="the referee is away")
    for player, number in (("alice", 7), ("bob", 40), ("carol", 12)):
        game.act(player, "guess", number=number)
    assert GUESSES in game.view()["steps"]
    assert game.state.root["results"] == []
    game.act("admin", "resume", at=START + timedelta(days=1))
    assert GUESSES not in game.view().get("steps", {})
    [result] = game.state.root["results"]
    assert result["guesses"] == {"alice": 7, "bob": 40, "carol": 12}
    assert result["at"] == "2024-06-04T09:00:00Z"


def test_a_paused_step_shows_the_deadline_its_timer_moved_on_to() -> None:
    game = new_game()
    game.act("alice", "start")
    game.act("admin", "pause", reason="the referee is away")
    game.act("alice", "guess", number=7)
    game.act("admin", "resume", at=START + timedelta(hours=30))
    # Two days from 09:00 on 3 June, plus the 30 hours the game stood still.
    assert game.view()["steps"][GUESSES]["deadline"] == "2024-06-06T15:00:00Z"
    assert game.state.root["timers"][f"step:{GUESSES}"]["due"] == "2024-06-06T15:00:00Z"
