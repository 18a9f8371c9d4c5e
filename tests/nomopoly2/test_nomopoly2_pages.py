"""Nomopoly II's web pages and published report, read by two players: what each sees
(their own orders, the results of every order, failed ones with the reason, the
judged proposals, the board and its bases, the Government page) and what neither
sees (another's order before the update, a sealed order's words, an auction's
highest bidder)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from n2game import Clock, new, paint_owned

from nomicon.kernel.pages import PackPage
from nomicon.packs.nomopoly2.pages import (
    BOARD_PAGE,
    GOVERNMENT_PAGE,
    ORDERS_PAGE,
    PLAYERS_PAGE,
    PROPOSALS_PAGE,
    RULES_PAGE,
    pseudoplayers,
)
from nomicon.packs.nomopoly2.report import render_text
from nomicon.server.svg import snake


def read(g: Clock, viewer: str, page: PackPage, title: str) -> Any:
    """What section ``title`` of ``page`` shows ``viewer`` (from their view, as the
    server reads it)."""
    section = next(s for s in page.sections if s.title == title)
    return section.read(g.game.view(viewer, ("game", "dice", *page.parts)))


def a_week(g: Clock) -> None:
    """alice orders New Clear Fishing ($300, she has $1000); bob orders it with $100."""
    paint_owned(g)
    g.set("accounts.bob.dollars", 100)
    g.act("alice", "order", text="new-clear-fishing")
    g.act("bob", "order", text="new-clear-fishing")


def test_a_player_sees_her_own_orders_queued_and_not_anothers() -> None:
    g = new(("alice", "bob"))
    a_week(g)
    mine = read(g, "alice", ORDERS_PAGE, "Your orders waiting for the update")
    assert [(r["Player"], r["Action"], r["Phase"]) for r in mine] == [
        ("alice", "new-clear-fishing", "purchases")]
    theirs = read(g, "bob", ORDERS_PAGE, "Your orders waiting for the update")
    assert [r["Player"] for r in theirs] == ["bob"]
    # XXII.7: "By default, actions can not be taken back."
    update = read(g, "alice", ORDERS_PAGE, "The update")
    assert update["Taking an order back"].startswith("not possible")
    assert "Rule 2207" in update["Taking an order back"]
    assert update["Last update"] == "none yet"


def test_the_update_publishes_every_result_and_a_failures_reason_to_everyone() -> None:
    g = new(("alice", "bob"))
    a_week(g)
    g.update()
    for viewer in ("alice", "bob"):
        rows = read(g, viewer, PROPOSALS_PAGE, "Results of this week's actions")
        assert [(r["Player"], r["Order"], r["Result"]) for r in rows] == [
            ("alice", "new-clear-fishing", "done"), ("bob", "new-clear-fishing", "failed")]
        # VI.7: "pay $300"; bob has $100, and XXII.5 forbids a voluntary Bankruptcy.
        assert "bob has $100, not $300" in rows[1]["Reason"]
        assert "Rule 607, VI.7 New Clear Fishing" in rows[1]["Reason"]
        assert read(g, viewer, ORDERS_PAGE, "Results of the last update") == rows
        assert read(g, viewer, ORDERS_PAGE, "Your orders waiting for the update") == []
    assert read(g, "alice", ORDERS_PAGE, "The update")["Its state"] == "over"


def test_a_sealed_orders_result_shows_its_words_to_its_player_only() -> None:
    g = new(("alice", "bob"))
    g.set("orgs.report", {"week": 1, "judged": [], "results": [
        {"order": "alice@x#1", "player": "alice", "order_text": "bid lot=square-5 amount=120",
         "phase": "purchases", "outcome": "failed", "reason": "too low", "sealed": True,
         "week": 1}]})
    (hers,) = read(g, "alice", PROPOSALS_PAGE, "Results of this week's actions")
    assert (hers["Order"], hers["Reason"]) == ("bid lot=square-5 amount=120", "too low")
    (seen,) = read(g, "bob", PROPOSALS_PAGE, "Results of this week's actions")
    assert (seen["Player"], seen["Order"], seen["Result"], seen["Reason"]) == (
        "alice", "(sealed)", "failed", "")
    assert "square-5" not in render_text(g.view("bob"))
    assert "amount=120" in render_text(g.view("alice"))


def test_the_proposals_judged_this_week_with_award_and_fine() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("alice", "propose", title="More dice", text="x")
    g.act("bob", "propose", title="Fewer dice", text="y")
    waiting = read(g, "bob", PROPOSALS_PAGE, "Proposals waiting for the admin")
    assert [r["Proposal"] for r in waiting] == ["#1 More dice", "#2 Fewer dice"]
    g.update({1: "accept", 2: "reject"}, dice=[1, 2, 1, 2])
    # IX: "A player will be awarded $100 for each accepted proposal. A player will be
    # fined $10 for each rejected proposal."
    for viewer in ("alice", "bob"):
        rows = read(g, viewer, PROPOSALS_PAGE, "Proposals judged this week")
        assert [(r["Proposal"], r["Author"], r["Verdict"], r["Award or fine"]) for r in rows] == [
            ("#1 More dice", "alice", "accepted", "$100 award"),
            ("#2 Fewer dice", "bob", "rejected", "$10 fine")]
    # The next week starts empty.
    g.update()
    assert read(g, "alice", PROPOSALS_PAGE, "Proposals judged this week") == []


def test_the_rules_page_lists_each_section_in_the_seeds_words() -> None:
    g = new(("alice", "bob"))
    rows = read(g, "bob", RULES_PAGE, "VI. THE BOARD")
    assert [r["Rule"] for r in rows] == list(range(601, 609))
    assert rows[6]["Title"] == "VI.7 New Clear Fishing"
    assert rows[6]["Text"].startswith("Any player may pay $300 to create a new square")
    lottery = read(g, "bob", RULES_PAGE, "XIV. LOTTERY")  # in force, like the others
    assert [r["Rule"] for r in lottery] == [1401, 1402, 1403, 1404]
    assert lottery[0]["Text"].startswith("Every two weeks, the Government shall hold a "
                                         "Lottery. The Pot for each Lottery initially "
                                         "starts at $250.")


def test_the_players_page_shows_money_team_square_and_statuses() -> None:
    g = new(("alice", "bob"))
    g.set("players.bob.sick", True)
    g.act("alice", "become-freemason")
    rows = {r["Player"]: r for r in read(g, "alice", PLAYERS_PAGE, "Players")}
    assert rows["alice"]["Money"] == "$1000" and rows["alice"]["Team"] == "Freemason"
    assert rows["bob"]["Team"] in ("North", "South", "East", "West")
    assert rows["bob"]["Square"] == 1 and rows["bob"]["Statuses"] == "Sick"
    assert rows["alice"]["Statuses"] == "none"


def test_the_board_page_and_the_team_bases_of_an_eight_by_eight_board() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.1.color", "red")
    g.set("board.spaces.1.name", "Home")
    g.set("board.spaces.2.coating", "glue")
    rows = {r["Square"]: r for r in read(g, "bob", BOARD_PAGE, "Squares")}
    assert len(rows) == 64 and next(iter(rows)) == 64  # highest first
    # The Phantom Piece, the Corporate Player and TISSSG start on square 1 too (XXXIII;
    # INTERPRETATIONS.md, XXXIII), listed after the players.
    assert (rows[1]["Name"], rows[1]["Color"], rows[1]["Owner"], rows[1]["Here"]) == (
        "Home", "Red", "alice",
        "alice, bob, the Corporate Player, the Phantom Piece, TISSSG")
    assert (rows[2]["Owner"], rows[2]["Coating"], rows[3]["Owner"]) == ("bob", "glue",
                                                                          "unowned")
    # VI.3: rows of floor(sqrt 64) = 8; VI.6's bases of the snake 1-8, 16-9, 17-24, ...
    facts = read(g, "bob", BOARD_PAGE, "The layout and the Team bases")
    assert facts["Squares to a row"] == 8
    assert facts["The South Team's base"] == "1, 2, 3, 4, 5, 6, 7, 8"
    assert facts["The West Team's base"] == "1, 16, 17, 32, 33, 48, 49, 64"
    assert facts["The East Team's base"] == "8, 9, 24, 25, 40, 41, 56, 57"
    assert facts["The North Team's base"] == "57, 58, 59, 60, 61, 62, 63, 64"


def test_pseudoplayers_are_listed_where_they_stand() -> None:
    view: Mapping[str, Any] = {"entities": {
        "elephant": {"kind": "pseudoplayer", "name": "the elephant", "location": 12},
        "paint-can-1": {"kind": "item", "owner": "alice"}}}
    assert pseudoplayers(view) == [{"Name": "the elephant", "Kind": "pseudoplayer",
                                    "Square": 12}]


def test_the_govt_page_shows_the_highest_bid_but_never_the_bidder() -> None:
    g = new(("alice", "bob"))
    g.set("accounts.government.dollars", 500)
    g.set("board.spaces.9.owner", "government")
    g.set("orgs.auction", {"lots": {"square-9": {"square": 9, "id": 9, "stage": "going-twice",
                                                 "bid": 120, "bidder": "alice"}}})
    g.set("orgs.lottery", {"number": 2, "pot": 300,
                           "winners": [{"lottery": 1, "winner": "bob", "pot": 250}]})
    g.set("orgs.jobs", {"Taxi Driver": {"offered_by": "government", "requirements": "",
                                        "pay": "$10 a ride", "perks": "", "holder": None,
                                        "bids": [{"player": "alice", "amount": 40}]}})
    for viewer in ("alice", "bob"):
        govt = read(g, viewer, GOVERNMENT_PAGE, "The Government")
        # Square 9, given it above; the multiples of 10 (X.2, Public Property); the
        # odd multiples of 5 above 20 (X.3, National Parks), the Zoo (45) among them.
        assert (govt["Money"], govt["Squares"]) == (
            "$500", "9, 10, 20, 25, 30, 35, 40, 45, 55, 60")
        (lot,) = read(g, viewer, GOVERNMENT_PAGE, "Auctions")
        assert lot == {"Lot": "square 9", "Stage": "Going Twice", "Highest Bid": "$120"}
        assert read(g, viewer, GOVERNMENT_PAGE, "The Lottery") == {"Lottery": 2, "Pot": "$300"}
        assert read(g, viewer, GOVERNMENT_PAGE, "Lottery winners") == [
            {"Lottery": 1, "Winner": "bob", "Pot": "$250"}]
        (job,) = read(g, viewer, GOVERNMENT_PAGE, "Jobs")
        assert (job["Job"], job["Offered by"], job["Held by"]) == (
            "Taxi Driver", "The Government", "open for bids")
        text = render_text(g.view(viewer))
        govt_text = text[text.index("=== Gov't ==="):]
        assert "$120" in govt_text and "alice" not in govt_text and "$40" not in govt_text


def test_the_text_report_has_the_five_pages_in_the_headers_order() -> None:
    g = new(("alice", "bob"))
    a_week(g)
    bob_before = render_text(g.view("bob"))
    assert "new-clear-fishing" not in bob_before.split("=== Proposals ===")[1]
    g.update()
    text = render_text(g.view("bob"))
    heads = [text.index(f"=== {t} ===") for t in ("Proposals", "Rules", "Players", "Board",
                                                  "Gov't")]
    assert heads == sorted(heads)
    results = text[text.index("Results of this week's actions"):text.index("=== Rules ===")]
    assert "bob cannot new-clear-fishing" in results and "$300" in results
    assert all(line == line.rstrip() for line in text.splitlines())


def test_the_snake_drawing_shows_colours_owners_names_and_the_bases() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.1.color", "red")
    g.set("board.spaces.1.name", "Home")
    svg = snake.draw(g.view("bob"), "bob")
    assert 'data-space="1" data-color="red" data-owner="alice"' in svg
    assert "Square 1: named Home, red, owned by alice" in svg
    assert svg.count('class="base"') == 4
    assert "The West Team's base: squares 1, 16, 17, 32, 33, 48, 49, 64" in svg


def test_a_board_of_rows_of_ten_outlines_no_bases() -> None:
    view = {"board": {"size": 20, "columns": 10,
                      "spaces": {str(n): {"id": n} for n in range(1, 21)}}, "players": {}}
    svg = snake.draw(view, "")
    assert 'class="base"' not in svg and "data-owner" not in svg
