"""The Limerick Contest (Ackanomic rule 1250.8) as a page of the pack's own: the
contest's players, referee and period, the limericks once posted (Rule 4 has them
posted, so every viewer reads a posted one) with the referee's acceptance, the votes
once the voting period has ended, and the votes the viewer may read before then.

Each vote is "sent to the referee" (Rule 5): the sections read the viewer's view, in
which a voter sees their own vote only, the referee every vote, and other viewers
none, until the count makes the tally public."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section

View = Mapping[str, Any]
KEY = "limerick"
#: The sealed ballot of the voting period (the rules open it under this name).
VOTES = "limerick-votes"
PHASES = {"waiting": "waiting for its two players",
          "writing": "the limericks are being written (Rule 4: within 3 days)",
          "voting": "the voting period (Rule 5: 3 days)", "over": "over"}


def _contest(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get(KEY) or {}
    return found


def table(view: View) -> dict[str, Any]:
    contest = _contest(view)
    if not contest.get("players"):
        return {}
    facts: dict[str, Any] = {
        "Players": " and ".join(contest["players"]),
        "Referee": contest.get("referee") or "the engine",
        "Poet Laureate (whose vote counts twice)": contest.get("poet") or "none",
        "Now": PHASES.get(contest.get("phase", ""), contest.get("phase")),
    }
    if contest.get("phase") in ("writing", "voting") and contest.get("ends"):
        facts["Until"] = contest["ends"]
    if contest.get("winner"):
        facts["Winner"] = contest["winner"]
        facts["How"] = contest.get("how")
    return facts


def limericks(view: View) -> list[dict[str, Any]]:
    """The posted limericks, first posted first, each with the referee's acceptance."""
    contest = _contest(view)
    texts, pending = contest.get("limericks") or {}, set(contest.get("pending") or ())
    return [{"posted": i, "by": player, "limerick": " / ".join(str(texts[player]).splitlines()),
             "accepted": ("awaiting the referee (who may refuse it as offensive)"
                          if player in pending else "yes")}
            for i, player in enumerate(contest.get("posted") or [], 1) if player in texts]


def _ballot(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = (view.get("steps") or {}).get(VOTES) or {}
    return found


def tally(view: View) -> list[dict[str, Any]]:
    """The votes each limerick got: public once the voting period has ended; while it
    runs, only who has voted."""
    contest = _contest(view)
    counted = contest.get("votes") or {}
    if counted:
        return [{"limerick by": player, "votes": counted.get(player, 0)}
                for player in contest.get("players") or []]
    ballot = _ballot(view)
    if not ballot:
        return []
    return [{"voter": voter, "has voted": voter in (ballot.get("submitted") or [])}
            for voter in ballot.get("players") or []]


def own_votes(view: View) -> list[dict[str, Any]]:
    """The votes the viewer may read while the period runs: their own (the referee's
    view: every vote)."""
    return [{"voter": voter, "for": choice}
            for voter, choice in sorted((_ballot(view).get("submissions") or {}).items())]


def past(view: View) -> list[dict[str, Any]]:
    return [{"contest": i, "players": " and ".join(r["players"]), "winner": r["winner"],
             "how": r["how"], "votes": r.get("votes") or ""}
            for i, r in enumerate(_contest(view).get("results") or [], 1)]


PAGE = PackPage("contest", "Limerick Contest", (
    Section("The contest", table, parts=(KEY,), empty="No contest has begun."),
    Section("The limericks", limericks, parts=(KEY,), actions=("submit",),
            empty="No limerick has been posted.",
            about="Each of the players in the contest writes a limerick about the other "
                  "player. The limericks must be posted within 3 days of the start of the "
                  "contest."),
    Section("The votes", tally, parts=(KEY, "steps"), actions=("vote",),
            empty="No votes: the voting period has not begun (or the contest ended without "
                  "one).",
            about="During the voting period all Ackanomic players may send their vote to "
                  "the referee, indicating which limerick is the better one. The counts "
                  "are shown when the voting period ends."),
    Section("Your vote", own_votes, parts=("steps",),
            empty="You have sent no vote that you may read here.",
            about="A vote is sent to the referee: you read your own, the referee every "
                  "vote."),
    Section("Past contests", past, parts=(KEY,), empty="No contest has ended."),
))
