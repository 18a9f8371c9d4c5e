"""The API drafts an amendment from a sentence (Infinite Nomic Round 7: Rule 8 gives 10
points on a multiple of 5; Rule 11's bribe costs 5 points and gives the Cop Car 5
health)."""

from __future__ import annotations

from .support import Api


def test_the_api_drafts_offers_candidates_and_declines(accounts: dict[str, Api],
                                                        game: str) -> None:
    bob = accounts["bob"]
    drafted = bob.ok("POST", f"/api/games/{game}/draft", {"sentence": "Fives give 20 points"})
    assert drafted["amendment"] == [{"op": "amend", "rule": 8,
                                     "params": {"fives_points": 20}}]
    assert drafted["description"] == ("set fives_points of Rule 8 (Points and Tiles) "
                                      "from 10 to 20")
    both = bob.ok("POST", f"/api/games/{game}/draft", {"sentence": "Change the bribe to 10"})
    assert sorted(c["description"] for c in both["candidates"]) == [
        "set bribe_health of Rule 11 (Features) from 5 to 10",
        "set bribe_points of Rule 11 (Features) from 5 to 10"]
    assert bob.ok("POST", f"/api/games/{game}/draft", {"sentence": "Repeal the Shop"}) == {
        "declined": "no rule is called 'the Shop'"}
    # What the draft gives is what the preview takes.
    shown = bob.ok("POST", f"/api/games/{game}/preview", {"amendment": drafted["amendment"]})
    assert shown["ok"] and shown["rules"]["changed"] == [8]
