"""The amendment builder on the proposal pages (Infinite Nomic Round 7: Rule 8, Points
and Tiles, gives 10 points on a multiple of 5; Rule 11's bribe costs 5 points and gives
the Cop Car 5 health; the Trampoline is an installed rule class not in force)."""

from __future__ import annotations

import html
import json
import re

import pytest
from fastapi import FastAPI

from .support import Api, Browser, log_in

CHANGES = re.compile(r'name="changes" value="([^"]*)"')
ALERTS = re.compile(r'role="alert"[^>]*>([^<]*)<')


def changes_of(page: str) -> list[dict[str, object]]:
    found = CHANGES.search(page)
    assert found, "no changes field on the builder"
    value: list[dict[str, object]] = json.loads(html.unescape(found.group(1)))
    return value


@pytest.fixture
def bob(app: FastAPI, accounts: dict[str, Api], game: str) -> Browser:
    return log_in(app, "bob")


def build(browser: Browser, game: str, **fields: str) -> str:
    response = browser.post(f"/games/{game}/proposals/build", {"changes": "[]", **fields})
    assert response.status_code == 200, response.text
    return response.text


def test_the_parameter_form_is_generated_from_the_rules_schema(bob: Browser, game: str) -> None:
    page = bob.client.get(f"/games/{game}/proposals/build?rule=8").text
    # Each parameter of Rule 8 is an input showing its current value.
    assert re.search(r'name="p.fives_points"[^>]*value="10"', page)
    assert re.search(r'name="p.fives_divisor"[^>]*value="5"', page)
    # The rule's text to rewrite, its title to rename, and the other changes offered.
    assert 'name="rule_title" type="text" value="Points and Tiles"' in page
    for button in ("set", "rewrite", "rename", "interpret", "repeal"):
        assert f'name="do" value="{button}"' in page


def test_a_schema_gives_typed_inputs_with_descriptions_and_bounds(bob: Browser,
                                                                  game: str) -> None:
    """The Trampoline's space and bounce are whole numbers of at least 1."""
    page = build(bob, game, enact="infinite-nomic-r7/trampoline", do="pick-class")
    assert re.search(r'name="e.space"[^>]*inputmode="numeric" value="3"', page)
    assert re.search(r'name="e.bounce"[^>]*inputmode="numeric" value="2"', page)
    assert "A whole number, at least 1." in page


def test_several_changes_are_kept_between_submits_and_one_can_be_removed(
        bob: Browser, game: str) -> None:
    page = build(bob, game, rule="8", do="set", **{"p.fives_points": "20"})
    assert "Added: Rule 8 (Points and Tiles): set fives points to 20." in page
    first = changes_of(page)
    assert first == [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]
    page = build(bob, game, rule="11", do="repeal", changes=json.dumps(first))
    second = changes_of(page)
    assert second == [*first, {"op": "repeal", "rule": 11}]
    page = build(bob, game, do="remove-1", changes=json.dumps(second))
    assert changes_of(page) == [{"op": "repeal", "rule": 11}]


def test_the_preview_shows_what_the_changes_would_do(bob: Browser, game: str) -> None:
    page = build(bob, game, rule="8", do="set", **{"p.fives_points": "20"})
    preview = page[page.index('id="preview"'):page.index('id="propose"')]
    assert "Changed: Rule 8." in preview
    assert "fives_points=20" in preview and "fives_points=10" in preview


def test_a_refused_value_is_shown_beside_its_field_and_kept(bob: Browser, game: str) -> None:
    page = build(bob, game, rule="8", do="set", **{"p.fives_points": "2.5",
                                                   "p.jail_die": "8"})
    assert re.search(r'name="p.fives_points"[^>]*value="2.5"', page)
    assert re.search(r'name="p.jail_die"[^>]*value="8"', page)
    alerts = ALERTS.findall(page)
    assert alerts == ["Input should be a valid integer, unable to parse string as an integer"]
    # The reason sits in the field's own block, after its input.
    block = page[page.index('name="p.fives_points"'):page.index('name="p.fives_divisor"')]
    assert "unable to parse string as an integer" in block
    assert changes_of(page) == []


def test_a_bound_of_the_schema_refuses_an_enacted_rules_parameter(bob: Browser,
                                                                  game: str) -> None:
    page = build(bob, game, enact="infinite-nomic-r7/trampoline", do="enact",
                 **{"e.space": "0", "e.bounce": "2", "number": ""})
    assert ALERTS.findall(page) == ["Input should be greater than or equal to 1"]
    assert re.search(r'name="e.space"[^>]*value="0"', page)
    assert changes_of(page) == []


def test_enact_a_class_with_a_free_number(bob: Browser, game: str) -> None:
    page = build(bob, game, enact="infinite-nomic-r7/trampoline", do="enact",
                 **{"e.space": "4", "e.bounce": "2", "number": "40"})
    assert changes_of(page) == [{"op": "enact", "class": "infinite-nomic-r7/trampoline",
                                 "params": {"space": 4}, "number": 40}]
    assert "Enacted: Rule 40." in page
    taken = build(bob, game, enact="infinite-nomic-r7/trampoline", do="enact",
                  **{"e.space": "4", "e.bounce": "2", "number": "8"})
    assert ALERTS.findall(taken) == ["Rule 8 is in force already"]


def test_rename_rewrite_and_interpret(bob: Browser, game: str) -> None:
    page = build(bob, game, rule="11", do="rename", rule_title="Squares")
    page = build(bob, game, rule="11", do="interpret", interpretation="A bribe is a toll.",
                 changes=json.dumps(changes_of(page)))
    page = build(bob, game, rule="11", do="rewrite", rule_text="Nothing.",
                 changes=json.dumps(changes_of(page)))
    assert changes_of(page) == [
        {"op": "amend", "rule": 11, "title": "Squares"},
        {"op": "interpret", "rule": 11, "text": "A bribe is a toll."},
        {"op": "amend", "rule": 11, "text": "Nothing."}]
    empty = build(bob, game, rule="11", do="interpret", interpretation="  ")
    assert ALERTS.findall(empty) == ["write something here first"]


def test_words_draft_changes_or_offer_candidates(bob: Browser, game: str) -> None:
    page = build(bob, game, do="draft", sentence="Fives give 20 points")
    assert changes_of(page) == [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]
    both = build(bob, game, do="draft", sentence="Change the bribe to 10")
    assert "set bribe_health of Rule 11 (Features) from 5 to 10" in html.unescape(both)
    chosen = re.findall(r'name="take" value="([^"]*)"', both)
    assert len(chosen) == 2
    taken = build(bob, game, take=html.unescape(chosen[0]))
    assert len(changes_of(taken)) == 1
    declined = build(bob, game, do="draft", sentence="Repeal the Shop")
    assert ALERTS.findall(html.unescape(declined)) == ["no rule is called 'the Shop'"]


def test_the_yaml_stays_for_experts(bob: Browser, game: str) -> None:
    page = build(bob, game, do="yaml", yaml="[{op: repeal, rule: 11}]")
    assert changes_of(page) == [{"op": "repeal", "rule": 11}]
    bad = build(bob, game, do="yaml", yaml="[{op: explode}]")
    assert ALERTS.findall(bad)[0].startswith("malformed amendment: change 1")
    assert "[{op: explode}]" in bad


def test_propose_makes_the_proposal_with_the_built_amendment(bob: Browser, game: str,
                                                             accounts: dict[str, Api]) -> None:
    changes = json.dumps([{"op": "amend", "rule": 8, "params": {"fives_points": 20}}])
    refused = bob.post(f"/games/{game}/proposals/build",
                       {"changes": changes, "do": "propose", "title": "", "text": "More"})
    # The proposing rule refuses it, and the page keeps what was typed.
    assert refused.status_code == 409
    assert "a proposal needs a title" in refused.text
    assert 'name="text" rows="4">More</textarea>' in refused.text
    made = bob.post(f"/games/{game}/proposals/build",
                    {"changes": changes, "do": "propose", "title": "Fives", "text": "More"})
    assert made.status_code == 303
    assert made.headers["location"] == f"/games/{game}/proposals"
    found = accounts["bob"].ok("GET", f"/api/games/{game}/proposals")
    assert found["1"]["amendment"] == [{"op": "amend", "rule": 8,
                                        "params": {"fives_points": 20}}]


def test_the_proposals_page_links_to_the_builder(bob: Browser, game: str) -> None:
    page = bob.client.get(f"/games/{game}/proposals").text
    assert f'href="/games/{game}/proposals/build"' in page


def test_changes_sent_back_malformed_are_refused(bob: Browser, game: str) -> None:
    response = bob.post(f"/games/{game}/proposals/build",
                        {"changes": '[{"op": "explode"}]', "do": "preview"})
    assert response.status_code == 400
    assert "the changes so far cannot be read" in response.text


def test_a_non_member_cannot_use_the_builder(app: FastAPI, accounts: dict[str, Api],
                                             game: str) -> None:
    carol = log_in(app, "carol")
    response = carol.client.get(f"/games/{game}/proposals/build", follow_redirects=False)
    assert response.status_code in (303, 403)
