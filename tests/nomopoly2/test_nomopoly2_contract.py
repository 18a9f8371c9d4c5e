"""The names outside checks read (issue 18): money at ``accounts.<holder>.dollars`` for
the Government, the Corporation and the SBA from the start; every square at
``board.spaces.<n>`` with its ``owner``, ``color`` and ``name``, whether it was laid out
at the start or made later (VI.7 New Clear Fishing); players' ``location``, ``team`` and
``sick``; an order given as one line of text, carried out by the admin's ``update``."""

from __future__ import annotations

from n2game import new, paint_owned


def test_the_organisations_hold_dollars_and_every_square_its_fields_from_the_start() -> None:
    g = new(("alice", "bob"), candyland=True)
    view = g.view("bob")
    for holder in ("government", "corporation", "sba"):
        assert view["accounts"][holder]["dollars"] == 0
    spaces = view["board"]["spaces"]
    assert sorted(map(int, spaces)) == list(range(1, 65))
    for record in spaces.values():
        assert {"owner", "color", "name"} <= set(record)
    # XIII.2: "All squares are White until colored otherwise"; X.2: the multiples of 10
    # are the Government's; II.7: a new player is given the lowest unowned square that
    # the rules do not mention.
    assert {r["color"] for r in spaces.values()} == {"white"}
    assert spaces["10"]["owner"] == "government" and spaces["1"]["owner"] == "alice"
    assert spaces["3"] == {"id": 3, "owner": None, "color": "white", "name": None}
    alice = view["players"]["alice"]
    assert (alice["location"], alice["sick"]) == (1, False)
    assert alice["team"] in ("north", "south", "east", "west")


def test_a_square_made_by_new_clear_fishing_has_the_fields_of_every_square() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("alice", "order", text="new-clear-fishing")
    g.update()
    spaces = g.view()["board"]["spaces"]
    # VI.7: "Any player may pay $300 to create a new square, numbered higher than any
    # other on the board."
    assert g.view()["board"]["size"] == 65
    assert spaces["65"]["color"] == "white" and spaces["65"]["name"] is None
    [done] = [e for e in g.events("order.done", "order.failed", "order.skipped")
              if e["data"].get("action") == "new-clear-fishing"]
    assert done["type"] == "order.done"


def test_viii_1_giving_an_item_without_a_count_gives_one() -> None:
    """VIII.1: "she may transfer any game item that she owns to any other player": the
    Kazoo (II.7's first player holds it) given without saying how many is one Kazoo."""
    g = new(("alice", "bob"))
    assert g.view()["accounts"]["alice"]["kazoo"] == 1
    g.act("alice", "give", to="bob", what="kazoo")
    accounts = g.view()["accounts"]
    assert (accounts["alice"].get("kazoo", 0), accounts["bob"]["kazoo"]) == (0, 1)
