"""Section XXVI, Stores: opening one with a Theme, Products approved as proposals and
sold to occupants who are not Hurt, a Theme change, no Store on a Utility."""

from __future__ import annotations

import pytest
from n2game import Clock, new

from nomicon.kernel.errors import ActionRefused

YO_YO = {"op": "enact", "class": "nomopoly-ii/product", "number": 1950,
         "params": {"name": "Yo-Yo Bomb", "category": "Toy", "effect": "blockbuster",
                    "price": 400, "royalty": 100, "store": 2, "original": False}}


def store_with_a_product() -> Clock:
    """bob's Store on his square 2 (Theme: Toys) sells a Repackaged Blockbuster."""
    g = new()
    g.act("bob", "open-store", square=2, theme="Toys")
    g.act("bob", "propose", title="Yo-Yo Bomb", text="sell it", amendment=[YO_YO])
    g.update({1: "accept"}, dice=[1, 2])
    g.set("players.alice.location", 2)
    return g


def test_xxvi_1_only_the_owner_opens_a_store_with_a_theme() -> None:
    g = new()
    with pytest.raises(ActionRefused, match=r"square 2 is not alice's.*Rule 2601"):
        g.act("alice", "open-store", square=2, theme="Toys")
    with pytest.raises(ActionRefused, match=r"a Store's Theme is not blank"):
        g.act("bob", "open-store", square=2, theme=" ")
    g.act("bob", "open-store", square=2, theme="Toys")
    assert g.view()["board"]["spaces"]["2"]["store"] == {"theme": "Toys"}


def test_xxvi_1_an_occupant_buys_and_the_royalty_goes_to_the_patent_holder() -> None:
    g = store_with_a_product()
    bob = g.dollars("bob")
    g.act("alice", "buy-from-store", product="Yo-Yo Bomb")
    # $400: $100 royalty to the Corporation (the Blockbuster's patent), $300 to bob.
    assert g.dollars("bob") - bob == 300
    assert g.dollars("corporation") == 100
    assert g.view()["accounts"]["alice"]["blockbuster"] == 1


def test_xxvi_1_a_player_elsewhere_cannot_buy() -> None:
    g = store_with_a_product()
    g.set("players.alice.location", 7)
    with pytest.raises(ActionRefused, match=r"alice does not occupy a Store"):
        g.act("alice", "buy-from-store", product="Yo-Yo Bomb")


def test_xxxiv_2_a_hurt_player_cannot_buy_in_a_store() -> None:
    g = store_with_a_product()
    g.set("players.alice.hurt", True)
    money = g.dollars("alice")
    with pytest.raises(ActionRefused, match=r"alice is Hurt"):
        g.act("alice", "buy-from-store", product="Yo-Yo Bomb")
    assert g.dollars("alice") == money


def test_xxvi_2_a_theme_change_loses_all_products() -> None:
    g = store_with_a_product()
    g.act("bob", "change-theme", square=2, theme="Food")
    assert "1950" not in g.view()["rules"]
    with pytest.raises(ActionRefused, match=r"no Product called 'Yo-Yo Bomb' is sold"):
        g.act("alice", "buy-from-store", product="Yo-Yo Bomb")
    with pytest.raises(ActionRefused, match=r"'Food' is not a new Theme"):
        g.act("bob", "change-theme", square=2, theme="Food")


def test_xxvi_3_a_store_sells_only_approved_products() -> None:
    g = store_with_a_product()
    with pytest.raises(ActionRefused, match=r"no Product called 'Warp Bubble' is sold in "
                       r"the Store on square 2"):
        g.act("alice", "buy-from-store", product="Warp Bubble")


def test_xxvi_4_an_original_product_pays_the_store_owner_all() -> None:
    g = new()
    g.act("bob", "open-store", square=2, theme="Travel")
    g.act("bob", "propose", title="Pocket Warp", text="sell it", amendment=[
        {"op": "enact", "class": "nomopoly-ii/product", "number": 1950,
         "params": {"name": "Pocket Warp", "effect": "warp-bubble", "price": 250,
                    "store": 2}}])
    g.update({1: "accept"}, dice=[1, 2])
    g.set("players.alice.location", 2)
    bob = g.dollars("bob")
    g.act("alice", "buy-from-store", product="Pocket Warp")
    assert g.dollars("bob") - bob == 250
    assert g.dollars("corporation") == 0


def test_xxvi_5_no_store_on_a_utility() -> None:
    g = new()
    g.set("board.spaces.2.utility", True)
    with pytest.raises(ActionRefused, match=r"square 2 is a Utility.*Rule 2605"):
        g.act("bob", "open-store", square=2, theme="Toys")
    assert not g.view()["board"]["spaces"]["2"].get("store")
