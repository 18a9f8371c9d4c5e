"""Sections I and II: the SBA, Teams (II.3, II.5), Best Friends (II.4), Freemasons
(II.6) and the square a new player is given (II.7)."""

from __future__ import annotations

import pytest
from n2game import new

from nomicon.kernel.errors import ActionRefused


def test_i_5_no_money_can_be_taken_from_the_sba() -> None:
    g = new()
    # Square 9 is the SBA's, Red (a Corporate Color), named: whoever collects its rent
    # "must then pay 20% of the rent collected to The Corporation" (VIII.6), but "No
    # proposal can allow money to be taken from the SBA".
    for field, value in (("owner", "sba"), ("color", "red"), ("name", "Vault")):
        g.set(f"board.spaces.9.{field}", value)
    g.act("alice", "propose", title="t", text="x")
    g.update({1: "accept"}, dice=[3, 5])
    assert g.view()["players"]["alice"]["location"] == 9
    assert g.dollars("sba") == 9  # rent: a tenth of 10 x 9
    assert g.dollars("corporation") == 0


def test_ii_3_each_new_player_joins_a_team_with_the_fewest_players() -> None:
    g = new(("a", "b", "c", "d", "e", "f", "g", "h"))
    teams = [g.view()["players"][p]["team"] for p in "abcdefgh"]
    # "one of the geographical Teams with the fewest players": the first four fill the
    # four Teams, the next four fill them again.
    assert sorted(teams[:4]) == ["east", "north", "south", "west"]
    assert sorted(teams[4:]) == ["east", "north", "south", "west"]


def test_ii_5_the_first_join_does_not_remove_the_teams() -> None:
    g = new(("alice",))
    assert g.view()["players"]["alice"]["team"] in ("north", "south", "east", "west")
    assert not g.view().get("orgs", {}).get("teams_removed")


def test_ii_5_a_team_left_with_no_players_removes_the_teams() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "become-freemason")
    assert g.view()["players"]["alice"]["team"] is None  # II.6
    assert g.view()["orgs"]["teams_removed"] is True
    # With the Teams removed nobody joins one.
    g.act("carol", "join")
    assert g.view()["players"]["carol"]["team"] is None


def test_ii_6_a_freemason_cannot_declare_again() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "become-freemason")
    with pytest.raises(ActionRefused, match=r"alice is already a Freemason"):
        g.act("alice", "become-freemason")


def test_ii_4_best_friends_need_both_declarations_in_the_same_week() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("alice", "befriend", friend="bob")
    assert g.view()["players"]["alice"]["best_friend"] is None
    g.act("bob", "befriend", friend="alice")
    assert g.view()["players"]["alice"]["best_friend"] == "bob"
    assert g.view()["players"]["bob"]["best_friend"] == "alice"
    with pytest.raises(ActionRefused, match=r"alice already has a Best Friend \(bob\)"):
        g.act("carol", "befriend", friend="alice")


def test_ii_4_a_declaration_of_last_week_does_not_count() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "befriend", friend="bob")
    g.update()
    g.act("bob", "befriend", friend="alice")
    assert g.view()["players"]["bob"]["best_friend"] is None


def test_ii_4_no_new_friendship_for_two_weeks_after_one_ends() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("alice", "befriend", friend="bob")
    g.act("bob", "befriend", friend="alice")
    g.act("bob", "end-friendship")
    assert g.view()["players"]["alice"]["best_friend"] is None
    with pytest.raises(ActionRefused, match=r"alice's last friendship ended less than two "
                       r"weeks ago"):
        g.act("alice", "befriend", friend="carol")
    g.update()
    with pytest.raises(ActionRefused, match=r"less than two weeks ago"):
        g.act("alice", "befriend", friend="carol")
    g.update()
    g.act("alice", "befriend", friend="carol")
    g.act("carol", "befriend", friend="alice")
    assert g.view()["players"]["alice"]["best_friend"] == "carol"


def test_ii_7_a_new_player_gets_the_lowest_unowned_square_not_named_in_the_rules() -> None:
    g = new(("alice", "bob"), board_size=16, named_squares={"the Hospital": 3})
    spaces = g.view()["board"]["spaces"]
    assert (spaces["1"].get("owner"), spaces["2"].get("owner")) == ("alice", "bob")
    g.act("carol", "join")
    # Square 3 is mentioned in the rules: carol gets square 4.
    assert g.view()["board"]["spaces"]["3"].get("owner") is None
    assert g.view()["board"]["spaces"]["4"]["owner"] == "carol"


def test_ii_7_with_no_square_left_new_clear_fishing_makes_one_without_a_fee() -> None:
    g = new(("alice", "bob"), board_size=2)
    government = g.dollars("government")
    g.act("carol", "join")
    board = g.view()["board"]
    assert board["size"] == 3
    assert board["spaces"]["3"]["owner"] == "carol"
    assert g.dollars("government") == government  # "with no fee being paid by anyone"
    assert g.dollars("carol") == 1000  # IV.1


def test_ii_8_by_default_a_leaving_players_assets_go_to_the_government() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.9.owner", "alice")
    g.act("alice", "leave-game")
    spaces = g.view()["board"]["spaces"]
    assert (spaces["1"]["owner"], spaces["9"]["owner"]) == ("government", "government")
    assert spaces["9"]["auction"] is True  # "auction all property in accordance with X"
    assert (g.dollars("alice"), g.dollars("government")) == (0, 1000)


def test_ii_8_method_2_gives_to_the_corporation_selling_at_120_percent() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "choose-departure", method=2)
    g.act("alice", "leave-game")
    assert g.view()["board"]["spaces"]["1"]["owner"] == "corporation"
    assert g.view()["board"]["spaces"]["1"]["for_sale_percent"] == 120
    assert g.dollars("corporation") == 1000


def test_ii_8_method_5_gives_everything_to_a_chosen_surviving_player() -> None:
    g = new(("alice", "bob", "carol"))
    with pytest.raises(ActionRefused, match=r"'dave' is not a surviving player"):
        g.act("alice", "choose-departure", method=5, to="dave")
    g.act("alice", "choose-departure", method=5, to="carol")
    g.act("alice", "leave-game")
    assert g.view()["board"]["spaces"]["1"]["owner"] == "carol"
    assert g.dollars("carol") == 2000


def test_ii_8_method_3_hands_out_things_of_one_square_and_up_to_200() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("accounts.alice.dollars", 450)
    g.act("alice", "choose-departure", method=3)
    g.game.force_dice([2, 1])
    g.act("alice", "leave-game")
    # Things: (square 1 + $200), ($200), ($50). The first goes to carol (a roll of 2
    # between bob and carol), the second to bob (the only one without a thing, no
    # roll), then all over again: the third to bob (a roll of 1).
    assert g.view()["board"]["spaces"]["1"]["owner"] == "carol"
    assert (g.dollars("bob"), g.dollars("carol"), g.dollars("alice")) == (1250, 1200, 0)
    assert g.game.forced_left == 0
