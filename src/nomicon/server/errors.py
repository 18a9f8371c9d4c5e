"""What the web layer answers when something goes wrong: a status code and a message.

Nomicon's own errors become 4xx answers that say what went wrong: a refused action
keeps the engine's message (which names the rule and the reason); an unknown game is
a 404; a store failure is a 503. The JSON API answers ``{"error": message, ...}``;
the pages answer an HTML page with the message.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from nomicon.kernel.errors import (
    ActionError,
    ActionRefused,
    CommitFailed,
    GameError,
    InvalidArguments,
    InvalidRuleChange,
    NomiconError,
    RuleError,
    UnknownAction,
)
from nomicon.server.accounts import AccountError, BadCredentials, Taken, TooManyAttempts
from nomicon.service import KeyReused
from nomicon.store import GameNotFound, InvalidInput, SeqConflict, StoreError

__all__ = [
    "BadRequest",
    "Forbidden",
    "HttpProblem",
    "NotFound",
    "Unauthenticated",
    "status_of",
]


class HttpProblem(NomiconError):
    """An error of the web layer itself, with its status code."""

    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class BadRequest(HttpProblem):
    status = 400


class Unauthenticated(HttpProblem):
    """No valid credentials: log in, or send a bearer token."""

    status = 401


class Forbidden(HttpProblem):
    """The credentials are valid but do not allow this."""

    status = 403


class NotFound(HttpProblem):
    status = 404


def status_of(exc: BaseException) -> int | None:
    """The status code for one of Nomicon's errors (None: not one of ours)."""
    if isinstance(exc, HttpProblem):
        return exc.status
    if isinstance(exc, GameNotFound):
        return 404
    if isinstance(exc, BadCredentials):
        return 401
    if isinstance(exc, TooManyAttempts):
        return 429
    if isinstance(exc, Taken):
        return 409
    if isinstance(exc, AccountError):
        return 400
    if isinstance(exc, KeyReused):
        return 409  # the idempotency key belongs to another request
    if isinstance(exc, SeqConflict | CommitFailed):
        return 409  # another writer kept winning: try again
    if isinstance(exc, ActionRefused):
        return 409  # well-formed, but the rules in force do not allow it now
    if isinstance(exc, InvalidArguments | UnknownAction | RuleError | ActionError):
        # A rule failing on strange arguments rolls back whole: nothing changed, and
        # the message says so; the request is what could not be processed.
        return 422
    if isinstance(exc, InvalidRuleChange | GameError | InvalidInput):
        return 400
    if isinstance(exc, StoreError):
        return 503
    if isinstance(exc, NomiconError):
        return 400
    return None


#: What a client is told when the store fails: the driver's own text (which may quote
#: the SQL statement and the values in it) goes to the server's log, never to a client.
STORE_FAILED = "the game store could not do this now; nothing was changed; try again later"


def message_of(exc: BaseException) -> str:
    """The message a client may read for one of Nomicon's errors."""
    if isinstance(exc, StoreError) and status_of(exc) == 503:
        return STORE_FAILED
    return str(exc)


def details(exc: BaseException) -> dict[str, Any]:
    """The JSON body for one of Nomicon's errors."""
    body: dict[str, Any] = {"error": message_of(exc)}
    if isinstance(exc, ActionError):
        body.update(actor=exc.actor, action=exc.action, reason=exc.reason, rule=exc.rule,
                    detail=exc.detail)
    if isinstance(exc, HttpProblem):
        body.update(exc.extra)
    return body


class FieldProblem(BaseModel):
    """One thing wrong with a request's parameters or body."""

    loc: list[str] = Field(description="Where: the parameter or the path into the body.")
    msg: str = Field(description="What is wrong there.")
    type: str = Field(description="The kind of problem.")


class Problem(BaseModel):
    """What every error of the JSON API answers: ``error`` says what went wrong, in
    words; the other fields are present where they apply."""

    model_config = ConfigDict(extra="allow")

    error: str = Field(description="What went wrong, in words (the rule and reason for a "
                                   "refused action).")
    actor: str | None = Field(None, description="A refused action's actor.")
    action: str | None = Field(None, description="A refused action's name.")
    reason: str | None = Field(None, description="Why the rules refused it.")
    rule: str | None = Field(None, description="The rule that refused it (number and title).")
    detail: str | None = Field(None, description="More about the refusal, if any.")
    limit: int | None = Field(None, description="The limit a request went over (413).")
    problems: list[FieldProblem] | None = Field(
        None, description="Each thing wrong with the request (422 for malformed input).")


#: The error answers every route of the API may give, for its OpenAPI description.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": text} for status, text in (
        (400, "The request cannot be carried out as it is (a bad value, a bad rule "
              "change, an account problem)."),
        (401, "No valid API token (send `Authorization: Bearer <token>`)."),
        (403, "Signed in, but not allowed (not a member, not the game's admin)."),
        (404, "No such game, rule or proposal."),
        (409, "Refused by the rules in force now, or a conflict (a name taken, an "
              "idempotency key used for another request)."),
        (413, "The request body is over the server's limit."),
        (422, "The request is malformed (see `problems`), or the action's arguments are "
              "invalid."),
        (429, "Too many attempts or open streams: wait and try again."),
        (503, "The game store could not do this now; nothing was changed."),
    )
}
