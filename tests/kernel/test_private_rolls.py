"""Private rolls (DESIGN §3b): ``ctx.roll(..., to=[...])`` keeps the value from
everyone else until a rule reveals it by an event; the dice audit still re-derives
every roll from the revealed secret. Played on the roles pack (``rolespack.py``):
Rule 2 deals each player "a roll of one die of thirteen sides that only that player
and the referee read"."""

from __future__ import annotations

from typing import Any

import pytest
from rolespack import REGISTRY, new_game

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.verify import verify


def rolls(game: Game, viewer: str = "admin") -> list[dict[str, Any]]:
    return [e for e in game.log_for(viewer) if e["type"] == "dice.rolled"]


def dealt(forced: list[int] | None = None) -> Game:
    """alice referees and deals: bob's card is the second roll, carol's the third."""
    game = new_game(forced=forced is not None)
    game.act("alice", "volunteer")
    if forced:
        game.force_dice(forced)
    game.act("alice", "deal")
    return game


def test_a_dealt_card_is_read_by_its_holder_and_the_referee_and_nobody_else() -> None:
    game = dealt([4, 9, 12])
    deal = rolls(game)
    assert [(e["data"]["value"], e["to"]) for e in deal] == [
        (4, ["alice", "role:referee"]),
        (9, ["alice", "bob", "role:referee"]),
        (12, ["alice", "carol", "role:referee"])]
    assert [e["data"]["value"] for e in rolls(game, "alice")] == [4, 9, 12]
    assert [e["data"]["value"] for e in rolls(game, "bob")] == [9]
    assert [e["data"]["value"] for e in rolls(game, "carol")] == [12]
    assert rolls(game, "observer") == []
    # Nobody's view holds the values: the dice show only how many were rolled.
    for viewer in ("alice", "bob", "observer"):
        assert game.view(viewer)["dice"] == {"count": 3, "epochs": game.view()["dice"]["epochs"]}
    assert "private" not in game.view("admin")["dice"]


def test_the_state_keeps_each_private_roll_until_it_is_revealed() -> None:
    game = dealt([4, 9, 12])
    with game._transaction(game.clock, "admin") as ctx:
        kept = ctx.private_rolls("the deal")
    assert kept == [
        {"index": 0, "sides": 13, "value": 4, "purpose": "the deal",
         "to": ["alice", "role:referee"]},
        {"index": 1, "sides": 13, "value": 9, "purpose": "the deal",
         "to": ["alice", "bob", "role:referee"]},
        {"index": 2, "sides": 13, "value": 12, "purpose": "the deal",
         "to": ["alice", "carol", "role:referee"]}]


def test_turning_the_cards_up_reveals_the_deal_by_a_public_event() -> None:
    """The rolls' own events keep their audience; the reveal is a new event, and
    everyone reads it."""
    game = dealt([4, 9, 12])
    game.act("alice", "turn-up")
    [revealed] = [e for e in game.log_for("observer") if e["type"] == "dice.revealed"]
    assert revealed["data"]["rolls"] == [
        {"index": 0, "sides": 13, "value": 4, "purpose": "the deal"},
        {"index": 1, "sides": 13, "value": 9, "purpose": "the deal"},
        {"index": 2, "sides": 13, "value": 12, "purpose": "the deal"}]
    assert revealed["data"]["reason"] == "the cards are turned up"
    assert "to" not in revealed
    assert rolls(game, "observer") == []
    assert [e["to"] for e in rolls(game)] == [
        ["alice", "role:referee"], ["alice", "bob", "role:referee"],
        ["alice", "carol", "role:referee"]]
    assert "private" not in game.state.root["dice"]
    # Nothing is left to turn up.
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.private_rolls() == []


def test_a_roll_revealed_to_more_viewers_stays_hidden_from_the_rest() -> None:
    game = dealt([4, 9, 12])
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.reveal(rolls=[1], to=["carol"], reason="bob shows carol") == [1]
        [kept] = [r for r in ctx.private_rolls() if r["index"] == 1]
        assert kept["to"] == ["alice", "bob", "carol", "role:referee"]
    assert [e["data"]["rolls"] for e in game.log_for("carol")
            if e["type"] == "dice.revealed"] == [
        [{"index": 1, "sides": 13, "value": 9, "purpose": "the deal"}]]
    assert [e for e in game.log_for("observer") if e["type"] == "dice.revealed"] == []


def test_revealing_a_roll_that_is_not_private_is_a_mistake_in_the_rule() -> None:
    game = dealt([4, 9, 12])
    with game._transaction(game.clock, "admin") as ctx, \
            pytest.raises(ValueError, match="roll 7 is not a private roll"):
        ctx.reveal(rolls=[7])
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.reveal(purpose="no such purpose") == []
    assert [e for e in game.log if e["type"] == "dice.revealed"] == []


def test_the_end_of_the_game_reveals_the_rolls_still_private_before_the_secret() -> None:
    """The secret derives every roll of its epoch, so revealing it discloses them:
    the kernel says so by an event, first."""
    game = dealt([4, 9, 12])
    game.act("admin", "end-game")
    kinds = [e["type"] for e in game.log_for("observer")[-3:]]
    assert kinds == ["game.ended", "dice.revealed", "seed.revealed"]
    revealed = game.log_for("observer")[-2]
    assert [r["value"] for r in revealed["data"]["rolls"]] == [4, 9, 12]
    assert revealed["data"]["reason"] == "the dice secret that derives them is revealed"


def test_rotating_the_seed_reveals_the_epochs_private_rolls_and_the_next_stay_private() -> None:
    game = dealt()
    game.act("admin", "rotate-seed")
    [revealed] = [e for e in game.log_for("bob") if e["type"] == "dice.revealed"]
    assert [r["index"] for r in revealed["data"]["rolls"]] == [0, 1, 2]
    game.act("alice", "deal")
    assert [e["data"]["index"] for e in rolls(game, "bob")] == [1, 4]
    with game._transaction(game.clock, "admin") as ctx:
        assert [r["index"] for r in ctx.private_rolls()] == [3, 4, 5]


def test_the_dice_audit_re_derives_private_rolls_from_the_revealed_secret() -> None:
    """verify checks every dice.rolled event of the log, private ones included, once
    the epoch's secret is out; and the revealed values agree with the secret."""
    game = dealt()
    game.act("alice", "turn-up")
    game.act("alice", "deal")
    game.act("admin", "end-game")
    report = verify(game.log, registry=REGISTRY)
    assert report.ok, report.problems
    assert report.rolls == 6
    assert report.verified == 6
    secret = dice.secret_from_seed(21)
    for event in game.log_for("observer"):
        if event["type"] == "dice.revealed":
            for roll in event["data"]["rolls"]:
                assert roll["value"] == dice.derive_roll(secret, roll["index"], roll["sides"])


def test_a_private_shuffle_and_pick_log_their_rolls_to_their_audience_only() -> None:
    game = new_game()
    with game._transaction(game.clock, "admin") as ctx:
        order = ctx.shuffle(["a", "b", "c", "d"], "a secret order", to=["bob"])
        chosen = ctx.pick(["x", "y", "z"], "a secret pick", to=["role:referee"])
    assert sorted(order) == ["a", "b", "c", "d"] and chosen in ("x", "y", "z")
    shuffle = [e for e in rolls(game) if e["data"]["purpose"] == "a secret order"]
    assert len(shuffle) == 3 and all(e["to"] == ["bob"] for e in shuffle)
    [pick] = [e for e in rolls(game) if e["data"]["purpose"] == "a secret pick"]
    assert pick["to"] == ["role:referee"]  # nobody referees: the admin alone reads it
    assert [e["data"]["purpose"] for e in rolls(game, "bob")] == ["a secret order"] * 3
    assert rolls(game, "carol") == []
