"""The admin grants and revokes roles (the procedure's ``grant-role`` and
``revoke-role``): a role a rule in force declares (``Rule.roles``, or named in an
attribute's visibility) may be granted; a role held may be revoked. Played on the
envelopes pack (``envelopespack.py``), whose Referee rule declares the referee."""

from __future__ import annotations

from typing import Any

import pytest
from envelopespack import Chorus, inside, new_game

from nomicon.kernel import ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def entries(game: Game, actor: str = "admin") -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in game.legal_actions(actor)}


def refused(game: Game, name: str, **args: Any) -> str:
    """Why the admin's action is refused; it changes nothing."""
    head, state = game.head, game.state.root.get("roles")
    with pytest.raises(ActionRefused) as caught:
        game.act("admin", name, **args)
    assert (game.head, game.state.root.get("roles")) == (head, state)
    return str(caught.value)


def test_the_admin_makes_carol_referee_and_she_reads_what_the_referee_reads() -> None:
    game = new_game()
    game.act("admin", "grant-role", player="carol", role="referee", reason="chosen by lot")
    [granted] = [e for e in game.log_for("bob") if e["type"] == "role.granted"]
    assert granted["data"] == {"player": "carol", "role": "referee", "reason": "chosen by lot"}
    assert granted["actor"] == "admin"
    assert game.view("bob")["roles"] == {"referee": ["carol"]}
    seen = [e["inside"] for e in game.view("carol")["entities"].values()]
    assert seen == [inside("alice"), inside("bob"), inside("carol")]


def test_the_admin_takes_the_role_away_and_she_no_longer_reads_it() -> None:
    game = new_game()
    game.act("alice", "volunteer")
    game.act("admin", "revoke-role", player="alice", role="referee")
    [revoked] = [e for e in game.log_for("carol") if e["type"] == "role.revoked"]
    assert revoked["data"] == {"player": "alice", "role": "referee",
                               "reason": "revoked by the admin"}
    assert game.view("alice")["roles"] == {}
    assert all("inside" not in e for e in game.view("alice")["entities"].values())


def test_granting_refuses_an_undeclared_role_a_non_player_and_a_role_already_held() -> None:
    game = new_game()
    game.act("alice", "volunteer")
    assert refused(game, "grant-role", player="bob", role="judge") == (
        "admin cannot grant-role player='bob' role='judge': no rule in force declares a "
        "role 'judge' (Nomicon procedure); the roles declared: referee")
    assert refused(game, "grant-role", player="dave", role="referee") == (
        "admin cannot grant-role player='dave' role='referee': 'dave' is not a player "
        "(Nomicon procedure); players: alice, bob, carol")
    assert refused(game, "grant-role", player="alice", role="referee") == (
        "admin cannot grant-role player='alice' role='referee': alice is already referee "
        "(Nomicon procedure); referee: alice")


def test_revoking_refuses_a_role_nobody_holds_and_a_player_without_it() -> None:
    game = new_game()
    assert "nobody holds a role" in refused(game, "revoke-role", player="bob", role="referee")
    game.act("alice", "volunteer")
    assert refused(game, "revoke-role", player="bob", role="referee") == (
        "admin cannot revoke-role player='bob' role='referee': bob is not referee "
        "(Nomicon procedure); referee: alice")
    assert refused(game, "revoke-role", player="bob", role="judge") == (
        "admin cannot revoke-role player='bob' role='judge': nobody holds a role 'judge' "
        "(Nomicon procedure); the roles held: referee")


def test_a_role_a_rule_declares_may_be_granted_while_the_rule_is_in_force() -> None:
    """The chorus is declared by the Chorus rule alone (no attribute names it)."""
    game = new_game()
    assert "no rule in force declares a role 'chorus'" in refused(
        game, "grant-role", player="bob", role="chorus")
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.enact(ctx, Chorus)
    game.act("admin", "grant-role", player="bob", role="chorus")
    assert game.view("carol")["roles"] == {"chorus": ["bob"]}


def test_the_admins_legal_actions_offer_the_roles_and_a_first_choice_that_is_accepted() -> None:
    game = new_game()
    offered = entries(game)
    assert "revoke-role" not in offered  # nobody holds a role
    grant = offered["grant-role"]["args"]
    assert grant["role"]["choices"] == ["referee"]
    assert sorted(grant["player"]["choices"]) == ["alice", "bob", "carol"]
    game.act("bob", "volunteer")
    grant = entries(game)["grant-role"]["args"]
    assert grant["player"]["choices"][0] != "bob"  # the first choices go together
    revoke = entries(game)["revoke-role"]["args"]
    assert (revoke["player"]["choices"][0], revoke["role"]["choices"]) == ("bob", ["referee"])
    for name in ("grant-role", "revoke-role"):
        assert name not in entries(game, "carol")
    with pytest.raises(ActionRefused, match="only the admin may do this"):
        game.act("carol", "grant-role", player="carol", role="referee")


def test_no_role_to_give_when_every_player_holds_every_declared_role() -> None:
    game = new_game(("alice",))
    game.act("alice", "volunteer")
    assert "grant-role" not in entries(game)
    assert refused(game, "grant-role", player="alice", role="referee") == (
        "admin cannot grant-role player='alice' role='referee': there is no role to give "
        "(Nomicon procedure); no rule in force declares a role that a player lacks")
