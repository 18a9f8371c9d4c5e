"""A proposal's page runs a what-if: matched simulations with and without it."""

from __future__ import annotations

from fastapi import FastAPI

from .support import Api, log_in


def test_the_proposal_page_shows_what_the_amendment_would_change(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    accounts["bob"].act(game, "propose", title="Richer fives", text="Fives give 20",
                        amendment=[{"op": "amend", "rule": 8, "params": {"fives_points": 20}}])
    alice = log_in(app, "alice")
    page = alice.client.get(f"/games/{game}/proposals").text
    assert f'action="/games/{game}/proposals/1/whatif"' in page
    shown = alice.post(f"/games/{game}/proposals/1/whatif", {},
                       csrf_from=f"/games/{game}/proposals")
    assert shown.status_code == 200, shown.text
    assert "What if #1 passes: 30 matched pairs of games, 12 turns each" in shown.text
    assert "95% interval" in shown.text
    assert 'id="whatif-data"' in shown.text  # the chart's figure, drawn by plotly.js
    # The game itself is untouched: still one open proposal, Rule 8 as it was.
    view = accounts["alice"].ok("GET", f"/api/games/{game}")["view"]
    assert view["proposals"]["1"]["status"] == "open"
    assert view["rules"]["8"]["params"]["fives_points"] == 10


def test_a_what_if_needs_an_amendment_and_a_member(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    accounts["bob"].act(game, "propose", title="Be kind", text="Everyone be kind")
    alice = log_in(app, "alice")
    shown = alice.post(f"/games/{game}/proposals/1/whatif", {},
                       csrf_from=f"/games/{game}/proposals")
    assert shown.status_code == 200
    assert "No what-if: the proposal has no amendment" in shown.text
    carol = log_in(app, "carol")
    refused = carol.post(f"/games/{game}/proposals/1/whatif", {})
    assert refused.status_code == 403
    missing = alice.post(f"/games/{game}/proposals/9/whatif", {},
                         csrf_from=f"/games/{game}/proposals")
    assert missing.status_code == 404
