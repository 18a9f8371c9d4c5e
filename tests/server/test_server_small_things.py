"""The small things a new user met (issue 20, item 5) on the web and the API: a
refused form keeps what was typed and says why beside the field; player names are
normalised (Bob is bob) wherever given; games have names, shown in the lobby and on
their pages, with the id still the key."""

from __future__ import annotations

import re
from html import unescape

from fastapi import FastAPI
from starlette.testclient import TestClient

from nomicon.server.forms import Refused, action_forms, refilling
from nomicon.server.web import templates

from .support import PACK, PASSWORD, Api, Browser, log_in, sign_up


def _element(page: str, element_id: str) -> str:
    """The start tag (and a textarea's text) of the element with id ``element_id``."""
    found = re.search(rf'<(\w+)[^>]*\sid="{re.escape(element_id)}"[^>]*>([^<]*)', page)
    assert found, f"no element {element_id!r}"
    return unescape(found.group(0))


def test_a_refused_action_form_keeps_its_input_and_says_why_beside_the_field(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice = log_in(app, "alice")
    board = f"/games/{game}"
    refused = alice.post(f"{board}/act", {
        "_action": "offer", "_form": "action-offer", "_next": board,
        "to": "zed", "give": "{points: 3}", "get": "{flute: 1}"}, csrf_from=board)
    assert refused.status_code == 409
    page = refused.text
    # What was typed is still there.
    assert _element(page, "action-offer-arg-give").endswith(">{points: 3}")
    assert _element(page, "action-offer-arg-get").endswith(">{flute: 1}")
    # Rule 16 refused the "to" field: the reason stands beside it, and names the rule.
    reason = _element(page, "action-offer-arg-to-error")
    assert "to 'zed' is not allowed (Rule 16, Commerce)" in reason
    assert 'aria-invalid="true"' in _element(page, "action-offer-arg-to")
    # The page's forms go back to the board, not to the route that refused.
    assert f'name="_next" value="{board}"' in page
    assert f'name="_next" value="{board}/act"' not in page
    # Nothing changed: no offer was made.
    assert accounts["alice"].ok("GET", f"/api/games/{game}")["view"].get("trades") in (None, {})


def test_the_reason_stands_beside_the_field_it_names_else_at_the_top_of_the_form(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice = log_in(app, "alice")
    board = f"/games/{game}"
    # The refusal repeats every argument; the field is told by the reason alone.
    refused = alice.post(f"{board}/act", {
        "_action": "propose", "_form": "action-propose", "_next": board,
        "title": "Tea", "text": "Tea at five.", "amendment": "[{bad: 1}]"}, csrf_from=board)
    assert refused.status_code == 409
    page = refused.text
    assert "the amendment cannot be applied" in _element(page, "action-propose-arg-amendment-error")
    assert 'id="action-propose-arg-title-error"' not in page
    assert 'value="Tea"' in _element(page, "action-propose-arg-title")
    assert _element(page, "action-propose-arg-text").endswith(">Tea at five.")
    # A reason that names no field is shown at the top of its form.
    form = Refused("action-roll", {}, "alice cannot roll: not now (Rule 9, Dice)", "not now")
    with refilling(form):
        (roll,) = action_forms([{"name": "roll", "args": {}}])
    assert roll.reason == "alice cannot roll: not now (Rule 9, Dice)" and roll.beside is None
    shown = templates.env.get_template("macros.html").module.action_form(  # type: ignore[attr-defined]
        roll, "g1", "token", "/games/g1")
    assert "alice cannot roll: not now (Rule 9, Dice)" in _element(str(shown), "action-roll-error")
    # Outside the refused request, the same form is built empty.
    (fresh,) = action_forms([{"name": "roll", "args": {}}])
    assert fresh.reason == "" and not fresh.typed


def test_a_refused_new_game_keeps_the_form_and_says_why_beside_the_field(app: FastAPI) -> None:
    alice = log_in(app, "alice", sign_up_first=True)
    refused = alice.post("/games", {"pack": "nomic", "name": "Friday night",
                                    "player": "9lives", "seed": "42"})
    assert refused.status_code == 400
    page = refused.text
    assert 'value="Friday night"' in _element(page, "new-name")
    assert 'value="9lives"' in _element(page, "new-player")
    assert 'value="42"' in _element(page, "seed")
    assert re.search(r'<option value="nomic" selected>', page)
    assert "'9lives' is not a valid name" in _element(page, "new-player-error")
    params = alice.post("/games", {"pack": PACK, "param.infinite-nomic-r7.board_size": "2"})
    assert params.status_code == 400
    assert 'value="2"' in _element(params.text, "param-infinite-nomic-r7-board_size")
    assert "board_size" in _element(params.text, "new-game-error")
    # Joining: the name typed stays, the reason beside it.
    other = log_in(app, "bob", sign_up_first=True)
    made = other.post("/games", {"pack": PACK, "player": "bob"})
    game = made.headers["location"].rsplit("/", 1)[1]
    join = alice.post(f"/games/{game}/join", {"role": "player", "player": "Al Ice"})
    assert join.status_code == 400
    assert 'value="Al Ice"' in _element(join.text, f"player-{game}")
    assert "'Al Ice' is not a valid name" in _element(join.text, f"player-{game}-error")
    long_name = alice.post("/games", {"pack": PACK, "name": "x" * 81})
    assert long_name.status_code == 400
    assert "at most 80 characters" in _element(long_name.text, "new-name-error")


def test_names_are_normalised_wherever_given(app: FastAPI, client: TestClient) -> None:
    browser = Browser(TestClient(app))
    made = browser.post("/signup", {"name": "  Bob ", "password": PASSWORD,
                                    "again": PASSWORD}, csrf_from="/signup")
    assert made.status_code == 303
    again = Browser(TestClient(app))
    logged = again.post("/login", {"name": "BOB", "password": PASSWORD}, csrf_from="/login")
    assert logged.status_code == 303
    assert client.post("/api/tokens", json={"name": " Bob", "password": PASSWORD}
                       ).status_code == 201
    taken = client.post("/api/users", json={"name": "bob ", "password": PASSWORD})
    assert taken.status_code == 409 and "the name 'bob' is taken" in taken.text
    carol = sign_up(client, "Carol")
    assert carol.ok("GET", "/api/me")["user"] == "carol"
    game = carol.ok("POST", "/api/games", {"pack": PACK, "player": " Carol "})
    assert game["player"] == "carol"
    joined = again.post(f"/games/{game['id']}/join", {"role": "player", "player": "Robert"})
    assert joined.status_code == 303
    view = carol.ok("GET", f"/api/games/{game['id']}")["view"]
    assert set(view["players"]) == {"carol", "robert"}


def test_games_have_names_in_the_api_lobby_and_pages(app: FastAPI,
                                                     accounts: dict[str, Api]) -> None:
    made = accounts["alice"].ok("POST", "/api/games", {"pack": PACK, "name": " Friday  night "})
    assert made["name"] == "Friday night"
    assert made["title"] == "Infinite Nomic, Round 7"
    listed = {g["id"]: g for g in accounts["alice"].ok("GET", "/api/games")}
    assert listed[made["id"]]["name"] == "Friday night"
    alice = log_in(app, "alice")
    assert f"Friday night · Infinite Nomic, Round 7 · game {made['id']}" in alice.client.get(
        "/").text
    page = alice.client.get(f"/games/{made['id']}").text
    assert "<title>Board · Friday night" in page
    assert re.search(rf'<a href="/games/{made["id"]}">Friday night</a>', page)
    created = alice.post("/games", {"pack": PACK, "name": "Saturday"})
    assert created.status_code == 303
    new_id = created.headers["location"].rsplit("/", 1)[1]
    assert accounts["alice"].ok("GET", f"/api/games/{new_id}")["game"]["name"] == "Saturday"
