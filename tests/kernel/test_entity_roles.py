"""An entity attribute that a role reads (DESIGN §3b: an attribute's visibility is
``public``, ``owner``, ``admin`` or a role). Played on the envelopes pack
(``envelopespack.py``): only the referee reads what is inside an envelope; its owner
and the referee read the name on its back; its colour is public."""

from __future__ import annotations

import json
from typing import Any

from envelopespack import ENVELOPE, PACK, Coronation, back, inside, new_game

from nomicon.exchange import export_document
from nomicon.governance.preview import preview
from nomicon.kernel import ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.views import log_view
from nomicon.store import GameRecord

PLAYERS = ("alice", "bob", "carol")


def envelopes(game: Game, viewer: str) -> dict[str, dict[str, Any]]:
    """The envelopes ``viewer`` is shown, by their owner."""
    return {record["owner"]: record for record in game.view(viewer)["entities"].values()
            if record["kind"] == ENVELOPE}


def test_the_referee_reads_inside_every_envelope_a_player_only_the_back_of_their_own() -> None:
    game = new_game()
    game.act("bob", "volunteer")
    seen_by_bob = envelopes(game, "bob")
    assert {owner: (e.get("inside"), e.get("back")) for owner, e in seen_by_bob.items()} == {
        p: (inside(p), back(p)) for p in PLAYERS}
    seen_by_carol = envelopes(game, "carol")
    assert {owner: (e.get("inside"), e.get("back")) for owner, e in seen_by_carol.items()} == {
        "alice": (None, None), "bob": (None, None), "carol": (None, back("carol"))}
    assert all("inside" not in e and "back" not in e for e in envelopes(game, "observer").values())
    assert all(e["colour"] == "white" for e in seen_by_carol.values())
    # The admin sees the entities as the state holds them.
    assert game.view("admin")["entities"] == game.state.root["entities"]


def test_a_role_counts_as_held_now_in_the_state() -> None:
    game = new_game()
    game.act("bob", "volunteer")
    game.act("bob", "step-down")
    assert envelopes(game, "bob")["alice"].get("inside") is None
    game.act("carol", "volunteer")
    assert envelopes(game, "carol")["alice"]["inside"] == inside("alice")
    assert envelopes(game, "bob")["alice"].get("inside") is None


def test_the_log_and_the_export_never_carry_what_is_inside() -> None:
    """The envelope's making is logged with its public attributes only, so no reader of
    the log (the referee included: the log is not the state) finds the message; the
    admin's log, which holds the state changes, does."""
    game = new_game()
    game.act("alice", "volunteer")
    made = [e for e in game.log_for("carol") if e["type"] == "entity.created"]
    assert [e["data"]["attributes"] for e in made] == [{"colour": "white"}] * 3
    record = GameRecord(id="envelopes-export", pack=PACK, created=game.clock,
                        secret=game.secret.hex())
    document = export_document(record, list(game.log))
    assert inside("bob") in json.dumps(document["log"])  # the admin's log: the ops
    for viewer in (*PLAYERS, "observer"):
        text = json.dumps([game.log_for(viewer), log_view(document["log"], viewer)])
        assert not any(inside(p) in text for p in PLAYERS), viewer
        assert not any(back(p) in text for p in PLAYERS if p != viewer), viewer


def test_a_preview_of_an_amendment_that_would_make_alice_referee_shows_her_nothing_inside(
        ) -> None:
    """Coronation would make alice (the first player) the referee: its preview shows her
    that, not what the referee reads. Passed, it does."""
    game = new_game()
    shown = preview(game, [{"op": "enact", "class": Coronation.class_id(), "number": 4}],
                    "alice")
    assert shown["ok"] is True
    assert {"path": "roles", "after": {"referee": ["alice"]}} in shown["state"]
    assert not any(inside(p) in repr(shown) for p in PLAYERS)
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.enact(ctx, Coronation)
    assert envelopes(game, "alice")["bob"]["inside"] == inside("bob")
