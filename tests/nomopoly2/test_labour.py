"""Section XXXII (Labor): jobs, a week of secret bids, quitting, one job at a time, and
the Head GIPPer's and Taxi Driver's cut."""

from __future__ import annotations

from datetime import timedelta

import pytest
from n2game import Clock, new

from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly2.labour import head_gipper_cut, taxi_driver_cut


def a_week_later(g: Clock) -> None:
    """Move the clock on a week and run an update: the bidding of a job posted a week
    ago is over."""
    g.now += timedelta(days=7)
    g.game.advance(g.now)
    g.update()


def test_xxxii_4_5_the_government_offers_head_gipper_and_taxi_driver() -> None:
    g = new()
    jobs = g.view()["orgs"]["jobs"]
    assert {name: (job["offered_by"], job["holder"]) for name, job in jobs.items()} == {
        "head-gipper": ("government", None), "taxi-driver": ("government", None)}


def test_xxxii_1_the_highest_offer_pays_and_earns_the_job_after_a_week() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("bob", "bid-for-job", job="taxi-driver", amount=40)
    g.act("carol", "bid-for-job", job="taxi-driver", amount=60)
    g.update()  # less than a week after the posting: still bidding
    assert g.view()["orgs"]["jobs"]["taxi-driver"]["holder"] is None
    before = g.dollars("government")
    a_week_later(g)
    assert g.view()["orgs"]["jobs"]["taxi-driver"]["holder"] == "carol"
    assert g.view()["players"]["carol"]["job"] == "taxi-driver"
    assert g.dollars("government") == before + 60
    assert g.view()["players"]["bob"]["job"] is None


def test_xxxii_1_bids_are_secret() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("bob", "bid-for-job", job="taxi-driver", amount=40)
    g.act("carol", "bid-for-job", job="taxi-driver", amount=60)
    assert g.view("bob")["orgs"]["jobs"]["taxi-driver"]["bids"] == [
        {"player": "bob", "amount": 40}]
    assert g.view("alice")["orgs"]["jobs"]["taxi-driver"]["bids"] == []
    assert len(g.view("admin")["orgs"]["jobs"]["taxi-driver"]["bids"]) == 2


def test_xxxii_1_equal_offers_go_to_the_earlier() -> None:
    g = new(("alice", "bob"))
    g.act("bob", "bid-for-job", job="head-gipper", amount=50)
    g.act("alice", "bid-for-job", job="head-gipper", amount=50)
    a_week_later(g)
    assert g.view()["orgs"]["jobs"]["head-gipper"]["holder"] == "bob"


def test_xxxii_1_only_the_government_and_the_corporation_offer_jobs() -> None:
    g = new()
    with pytest.raises(ActionRefused, match=r"not 'sba' \(Rule 3201"):
        g.act("admin", "post-job", job="Banker", offered_by="sba")
    g.act("admin", "post-job", job="Janitor", offered_by="corporation", pay="$5 a week")
    assert g.view()["orgs"]["jobs"]["Janitor"]["offered_by"] == "corporation"
    with pytest.raises(ActionRefused, match=r"no job 'Clown' is offered"):
        g.act("alice", "bid-for-job", job="Clown", amount=5)


def test_xxxii_2_quitting_reposts_the_job() -> None:
    g = new(("alice", "bob"))
    g.act("bob", "bid-for-job", job="taxi-driver", amount=40)
    a_week_later(g)
    first_posting = g.view()["orgs"]["jobs"]["taxi-driver"]["posted_at"]
    g.act("bob", "quit-job")
    job = g.view()["orgs"]["jobs"]["taxi-driver"]
    assert (job["holder"], job["bids"]) == (None, [])
    assert job["posted_at"] > first_posting  # posted again, as a new offering
    assert g.view()["players"]["bob"]["job"] is None
    with pytest.raises(ActionRefused, match=r"bob has no job \(Rule 3202"):
        g.act("bob", "quit-job")


def test_xxxii_3_earning_a_second_job_quits_the_first() -> None:
    g = new(("alice", "bob"))
    g.act("bob", "bid-for-job", job="taxi-driver", amount=40)
    a_week_later(g)
    g.act("admin", "post-job", job="Janitor", offered_by="corporation")
    g.act("bob", "bid-for-job", job="Janitor", amount=10)
    a_week_later(g)
    assert g.view()["players"]["bob"]["job"] == "Janitor"
    assert g.view()["orgs"]["jobs"]["taxi-driver"]["holder"] is None
    assert g.view()["orgs"]["jobs"]["Janitor"]["holder"] == "bob"


def test_xxxii_5_the_taxi_driver_goes_to_the_destination_and_gets_75_percent() -> None:
    g = new(("alice", "bob"))
    g.act("bob", "bid-for-job", job="taxi-driver", amount=40)
    a_week_later(g)
    government = g.dollars("government") + 100
    with g.game._transaction(g.game.clock, None) as ctx:
        # The fare the Government collects for the ride comes first.
        ctx.transfer("alice", "government", 100, "dollars", "a Taxi ride to square 30")
        assert taxi_driver_cut(ctx, 30, 100) == 75
    assert g.view()["players"]["bob"]["location"] == 30
    assert g.dollars("government") == government - 75


def test_xxxii_4_no_head_gipper_no_cut() -> None:
    g = new()
    government = g.dollars("government")
    with g.game._transaction(g.game.clock, None) as ctx:
        assert head_gipper_cut(ctx, 12, 100) == 0
    assert g.dollars("government") == government
