"""What the log tells the players of a scenario's events (the scenario files check the
state; these check the events)."""

from __future__ import annotations

from pathlib import Path

from nomicon import scenario

HERE = Path(__file__).parent


def test_b4_a_hit_is_told_to_every_player_with_whom_the_points_went_to() -> None:
    """B.4: "then e is hit by the object, losing 1d4 points to the player who threw the
    object, if one exists": alice throws the Big Stick at bob, who is hit for the 1d4
    (3). Nothing in the rule hides the hit, and the event says who gained the points."""
    result = scenario.run(
        HERE / "bnomic-grid" / "b4_a_player_who_did_not_declare_is_hit_for_1d4_points.yaml")
    assert result.ok, result.failures
    assert result.game is not None
    for viewer in ("alice", "bob", "carol"):
        hits = [e["data"] for e in result.game.log_for(viewer) if e["type"] == "grid.hit"]
        assert hits == [{"player": "bob", "object": "big-stick", "loss": 3,
                         "paid_to": "alice"}], viewer
