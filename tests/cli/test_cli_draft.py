"""``nomicon draft GAME "SENTENCE"``: the drafted amendment, the candidates, or why none.

Expected drafts come from Infinite Nomic Round 7's rule texts: Rule 8 gives 10 points
for landing on a multiple of 5; Rule 11's bribe costs 5 points and gives the Cop Car
5 health; the Shop is a feature of Rule 11, not a rule.
"""

from __future__ import annotations

from conftest import Cli


def test_cli_draft_json(cli: Cli) -> None:
    made = cli.new("alice,bob")
    assert cli.json("draft", made, "Fives give 20 points") == {
        "amendment": [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]}
    assert cli.json("draft", made, "Repeal the Shop") == {
        "declined": "no rule is called 'the Shop'"}
    both = cli.json("draft", made, "Change the bribe to 10")
    assert sorted(name for c in both["candidates"] for name in c["amendment"][0]["params"]
                  ) == ["bribe_health", "bribe_points"]
    assert all(list(c["amendment"][0]["params"].values()) == [10] for c in both["candidates"])
    shown = cli("draft", made, "Fives give 20 points")
    assert shown.exit_code == 0
    assert "set fives_points of Rule 8 (Points and Tiles) from 10 to 20" in shown.stdout
