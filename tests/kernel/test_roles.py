"""Roles (DESIGN §3b): a rule gives a player a role (the referee) and takes it away;
``roles.<role>`` lists the holders; ``role:<name>`` names them in audiences and
visibilities. In the state a role means its holders now; in the log, its holders when
the event happened. Played on the roles pack (``rolespack.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from rolespack import PACK, REGISTRY, START, Coronation, Referee, enact, new_game

from nomicon.authoring import Attribute, Ctx, Pack, Rule, action, role
from nomicon.governance.preview import preview
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def events(game: Game, kind: str, viewer: str = "admin") -> list[dict[str, Any]]:
    return [e for e in game.log_for(viewer) if e["type"] == kind]


def test_a_volunteer_becomes_the_referee_by_a_public_event_and_steps_down_by_another() -> None:
    game = new_game()
    game.act("bob", "volunteer")
    assert game.view("carol")["roles"] == {"referee": ["bob"]}
    [granted] = events(game, "role.granted", "carol")
    assert granted["data"] == {"player": "bob", "role": "referee", "reason": "volunteered"}
    assert granted["message"] == "bob is referee (volunteered)"
    assert granted["rule"] == 1
    game.act("bob", "step-down")
    [revoked] = events(game, "role.revoked", "observer")
    assert revoked["data"] == {"player": "bob", "role": "referee", "reason": "stepped down"}
    assert game.view("carol")["roles"] == {}


def test_a_role_already_held_is_not_granted_twice_and_one_not_held_is_not_revoked() -> None:
    game = new_game()
    game.act("alice", "volunteer")
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.grant_role("alice", "referee") is False
        assert ctx.revoke_role("bob", "referee") is False
        assert ctx.has_role("alice", "referee") and not ctx.has_role("bob", "referee")
        assert ctx.grant_role("bob", "Team Red") is True
        assert ctx.grant_role("carol", "Team Red") is True
        assert ctx.role_holders("Team Red") == ["bob", "carol"]
    assert len(events(game, "role.granted")) == 3
    assert game.view("observer")["roles"] == {"referee": ["alice"], "Team Red": ["bob", "carol"]}


def test_only_a_player_holds_a_role_and_a_role_has_a_name_without_audience_signs() -> None:
    game = new_game()
    with game._transaction(game.clock, "admin") as ctx:
        with pytest.raises(ValueError, match="no player 'dave'"):
            ctx.grant_role("dave", "referee")
        with pytest.raises(ValueError, match="cannot name a role"):
            ctx.grant_role("alice", "role:referee")
        with pytest.raises(ValueError, match="cannot name a role"):
            role("a+b")
    assert role("referee") == "role:referee"


def test_the_referee_reads_every_face_down_card_and_a_player_only_their_own() -> None:
    """Rule 2: "only its holder and the referee see it"; the referee is whoever holds
    the role now."""
    game = new_game()
    game.act("alice", "volunteer")
    game.act("alice", "deal")
    cards = {p: game.view()["players"][p]["card"] for p in ("alice", "bob", "carol")}
    assert {p: game.view("alice")["players"][p].get("card") for p in cards} == cards
    assert {p: game.view("bob")["players"][p].get("card") for p in cards} == {
        "alice": None, "bob": cards["bob"], "carol": None}
    assert all("card" not in record for record in game.view("observer")["players"].values())
    # alice steps down and carol takes over: carol reads them all now, alice her own.
    game.act("alice", "step-down")
    game.act("carol", "volunteer")
    assert {p: game.view("carol")["players"][p].get("card") for p in cards} == cards
    assert {p: game.view("alice")["players"][p].get("card") for p in cards} == {
        "alice": cards["alice"], "bob": None, "carol": None}


def test_an_event_to_the_referee_reaches_the_referee_of_its_time_not_a_later_one() -> None:
    """bob is referee when he whispers to alice; carol, referee later, does not read
    that whisper in the log, and bob, who stepped down, still does (he heard it)."""
    game = new_game()
    game.act("bob", "volunteer")
    game.act("bob", "whisper", target="alice")
    game.act("bob", "step-down")
    game.act("carol", "volunteer")
    [whisper] = events(game, "whispered")
    assert whisper["to"] == ["alice", "bob", "role:referee"]
    assert [e["seq"] for e in events(game, "whispered", "alice")] == [whisper["seq"]]
    assert [e["seq"] for e in events(game, "whispered", "bob")] == [whisper["seq"]]
    assert events(game, "whispered", "carol") == []
    assert events(game, "whispered", "observer") == []
    # The new referee's own whisper reaches her.
    game.act("carol", "whisper", target="bob")
    assert [e["data"]["player"] for e in events(game, "whispered", "carol")] == ["bob"]


def test_a_rule_reveals_earlier_events_to_a_new_referee_by_an_event() -> None:
    """The past is not edited: the whisper keeps its audience; a later
    ``event.revealed`` copies it (without its state changes) to carol."""
    game = new_game()
    game.act("bob", "volunteer")
    game.act("bob", "whisper", target="alice")
    [whisper] = events(game, "whispered")
    game.act("bob", "step-down")
    game.act("carol", "volunteer")
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.last_seq() == game.head  # nothing emitted in this batch yet
        assert ctx.reveal(events=[whisper["seq"]], to=[role("referee")],
                          reason="the new referee is briefed") == []
        assert ctx.last_seq() == game.head + 1
        assert ctx.logged(ctx.last_seq())["type"] == "event.revealed"
        with pytest.raises(ValueError, match="there is no event 99"):
            ctx.logged(99)
    assert game.log[whisper["seq"] - 1]["to"] == ["alice", "bob", "role:referee"]
    [revealed] = events(game, "event.revealed", "carol")
    assert revealed["to"] == ["carol", "role:referee"]
    [copy] = revealed["data"]["events"]
    assert copy == {key: whisper[key] for key in ("seq", "time", "type", "actor", "message",
                                                 "data", "rule")}
    assert events(game, "event.revealed", "alice") == []


def test_roles_stay_when_the_rule_that_granted_them_is_repealed() -> None:
    game = new_game()
    game.act("bob", "volunteer")
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.repeal(ctx, Referee.number)
    assert game.view("carol")["roles"] == {"referee": ["bob"]}
    assert game.view("bob")["players"]["alice"]["card"] is None  # still the referee


def test_a_preview_of_an_amendment_that_would_make_alice_referee_shows_her_no_card() -> None:
    """Coronation makes the first player referee when enacted; before it passes, its
    preview shows alice the roles it would change, not the cards a referee reads."""
    game = new_game()
    game.act("bob", "volunteer")
    game.act("bob", "deal")
    game.act("bob", "step-down")
    cards = {p: game.view()["players"][p]["card"] for p in ("alice", "bob", "carol")}
    shown = preview(game, [{"op": "enact", "class": Coronation.class_id(), "number": 5}],
                    "alice")
    assert shown["ok"] is True
    text = repr(shown)
    assert cards["bob"] not in text and cards["carol"] not in text
    assert {"path": "roles.referee", "after": ["alice"]} in shown["state"]
    # Passed, it does make her referee, and she reads them.
    enact(game, Coronation)
    assert game.view("alice")["players"]["bob"]["card"] == cards["bob"]


class Misspelt(Rule):
    """Every player has a secret."""

    key = "misspelt"
    pack = "roles-misspelt"
    number = 9
    title = "Misspelt"
    attributes = (Attribute("secret", None, visibility="owner+referee"),)

    @action("noop")
    def noop(self, ctx: Ctx, actor: str) -> None: ...


class MisspeltPack(Pack):
    id = "roles-misspelt"
    title = "A rule with a misspelt visibility"
    rule_classes = (Misspelt,)


def test_a_misspelt_visibility_is_said_when_the_rule_is_enacted() -> None:
    game = Game.create(PACK, start=START, players=("alice",), secret=dice.secret_from_seed(3),
                       registry=REGISTRY.with_pack(MisspeltPack()))
    with pytest.raises(ValueError, match="'owner\\+referee' is not a visibility"):
        enact(game, Misspelt)
    assert "9" not in game.state.root["rules"]


def test_refusals_of_the_referees_actions_cite_the_rule() -> None:
    game = new_game()
    game.act("alice", "volunteer")
    with pytest.raises(ActionRefused, match=r"bob cannot volunteer: there is a referee "
                                            r"already \(Rule 1, The Referee\); alice is"):
        game.act("bob", "volunteer")
    before = len(game.log)
    with pytest.raises(ActionRefused, match="bob is not the referee"):
        game.act("bob", "step-down")
    assert len(game.log) == before
