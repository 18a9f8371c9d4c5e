"""Section XVIII (Destruction), with XXIX's "closer" for where occupants go."""

from __future__ import annotations

import pytest
from n2game import Clock, new

from nomicon.kernel.errors import ActionRefused


def spaces(g: Clock) -> dict[str, dict[str, object]]:
    found: dict[str, dict[str, object]] = g.view()["board"]["spaces"]
    return found


def test_xviii_1_named_squares_and_lodges_are_not_destroyed() -> None:
    g = new(("alice", "bob"))
    with pytest.raises(ActionRefused, match=r"square 13 cannot be destroyed \(Rule 1801"
                       r".*square 13 is named in the rules"):
        g.act("admin", "destroy-square", square=13)
    g.set("board.spaces.30.lodge", True)  # a Lodge the rules do not place by number
    with pytest.raises(ActionRefused, match=r"square 30 is a Lodge, which may not be "
                       r"destroyed \(XXVIII.4\)"):
        g.act("admin", "destroy-square", square=30)
    assert g.view()["board"]["size"] == 64


def test_xviii_2_occupants_go_to_the_closest_public_property_and_the_top_renumbers() -> None:
    g = new(("alice", "bob"))
    # Rows of 8: square 10 is in the second row (running west), column 6. Squares 4
    # (row 0, column 3) and 20 (row 2, column 3) are both at distance 3 (XXIX.3);
    # the lower number is closer (XXIX.4).
    g.set("board.spaces.4.public", True)
    g.set("board.spaces.20.public", True)
    g.set("board.spaces.10.owner", "alice")
    g.set("board.spaces.10.jumpgate", 30)
    g.set("board.spaces.30.jumpgate", 10)
    g.set("players.alice.location", 10)
    g.set("players.bob.location", 64)
    top_id = spaces(g)["64"]["id"]
    g.act("admin", "destroy-square", square=10)
    assert g.view()["players"]["alice"]["location"] == 4
    assert g.view()["board"]["size"] == 63
    assert spaces(g)["10"]["id"] == top_id  # the highest square took number 10
    assert spaces(g)["10"].get("owner") is None
    assert g.view()["players"]["bob"]["location"] == 10  # it went with its square
    assert spaces(g)["30"].get("jumpgate") is None


def test_xviii_4_insurance_averts_destruction_for_50() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.12.owner", "alice")
    g.act("alice", "buy-explosive-insurance")
    assert g.dollars("alice") == 500
    g.act("admin", "destroy-square", square=12)
    g.game.advance(g.tick())  # the prompt's default: pay
    assert g.dollars("alice") == 450
    assert g.view()["board"]["size"] == 64
    assert spaces(g)["12"]["owner"] == "alice"


def test_xviii_4_without_50_the_insurance_is_lost_and_the_square_destroyed() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.12.owner", "alice")
    g.act("alice", "buy-explosive-insurance")
    g.set("accounts.alice.dollars", 40)
    g.act("admin", "destroy-square", square=12)
    g.game.advance(g.tick())
    assert g.view()["players"]["alice"]["explosive_insurance"] is False
    assert g.view()["board"]["size"] == 63
    assert g.dollars("alice") == 40


def test_xviii_5_destroying_a_best_friends_square_makes_a_freemason() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "befriend", friend="bob")
    g.act("bob", "befriend", friend="alice")
    g.set("board.spaces.12.owner", "bob")
    assert g.view()["players"]["alice"]["team"] is not None
    g.act("admin", "destroy-square", square=12, by="alice")
    assert g.view()["players"]["alice"]["team"] is None
