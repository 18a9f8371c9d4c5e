"""The issue's reproduction: an observer of a B Nomic Grid game previews the repeal of
Rule 6 (Bonus Boxes), through the API and through the web form, and learns nothing
of the hidden Boxes; the game does not change."""

from __future__ import annotations

import yaml
from fastapi import FastAPI

from .support import Api, log_in


def _grid_with_a_box(accounts: dict[str, Api]) -> tuple[str, str]:
    alice, carol = accounts["alice"], accounts["carol"]
    made = alice.ok("POST", "/api/games", {"pack": "bnomic-grid", "player": "alice"})
    game = str(made["id"])
    placed = alice.admin(game, "place-bonus-box", x=17, y=4, points=23)
    assert placed.status_code == 200, placed.text
    carol.ok("POST", f"/api/games/{game}/join", {"role": "observer"})
    box = next(oid for oid, rec in
               alice.ok("GET", f"/api/games/{game}")["view"]["entities"].items()
               if rec.get("kind") == "bonus-box")
    return game, box


def test_an_observers_api_preview_of_repealing_rule_6_shows_no_bonus_box(
        accounts: dict[str, Api]) -> None:
    game, box = _grid_with_a_box(accounts)
    carol = accounts["carol"]
    head = carol.ok("GET", f"/api/games/{game}")["game"]["head"]
    answer = carol.ok("POST", f"/api/games/{game}/preview",
                      {"amendment": [{"op": "repeal", "rule": 6}]})
    assert answer["ok"] and answer["rules"]["repealed"] == [6]
    assert box not in str(answer) and "bonus-box" not in str(answer["state"])
    assert carol.ok("GET", f"/api/games/{game}")["game"]["head"] == head
    # The admin sees the Box, as before.
    own = accounts["alice"].ok("POST", f"/api/games/{game}/preview",
                               {"amendment": [{"op": "repeal", "rule": 6}]})
    assert own["ok"]


def test_an_observers_preview_form_of_repealing_rule_6_shows_no_bonus_box(
        app: FastAPI, accounts: dict[str, Api]) -> None:
    game, box = _grid_with_a_box(accounts)
    carol = log_in(app, "carol")
    page = carol.post(f"/games/{game}/proposals/preview",
                      {"amendment": yaml.safe_dump([{"op": "repeal", "rule": 6}])},
                      csrf_from=f"/games/{game}/proposals")
    assert page.status_code == 200
    assert "Rule 6" in page.text
    assert box not in page.text and "+23" not in page.text and ">23<" not in page.text


def test_an_observers_what_if_in_the_grid_is_refused(app: FastAPI,
                                                     accounts: dict[str, Api]) -> None:
    """The Grid hides its Bonus Boxes by a rule's presentation, not by an attribute:
    a what-if, which simulates them, is the admin's alone there too."""
    game, _box = _grid_with_a_box(accounts)
    made = accounts["alice"].act(game, "propose", title="No boxes", text="Repeal Rule 6",
                                 amendment=[{"op": "repeal", "rule": 6}])
    assert made.status_code == 200, made.text
    carol = log_in(app, "carol")
    refused = carol.post(f"/games/{game}/proposals/1/whatif", {},
                         csrf_from=f"/games/{game}/proposals")
    assert refused.status_code == 403
    assert "only the admin may run one" in refused.text
