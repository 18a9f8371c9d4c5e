"""Who is asking: web sessions (cookies, with CSRF tokens) and API bearer tokens.

The pages use a session cookie: ``HttpOnly`` (scripts cannot read it), ``SameSite=Lax``,
and ``Secure`` behind HTTPS. Every form that changes something carries a CSRF token
derived from the session token (or, before logging in, from a random per-browser
cookie), checked on every POST: another site can make a browser send the cookie, but
cannot read the token to put in the form.

The JSON API takes only ``Authorization: Bearer <token>``, never a cookie, so another
site cannot make a browser act through it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from nomicon.server.accounts import SESSION_LIFETIME, User
from nomicon.server.errors import Forbidden, Unauthenticated
from nomicon.server.site import site_of

SESSION_COOKIE = "nomicon_session"
PRE_COOKIE = "nomicon_pre"  # before logging in: the key of the login and sign-up forms
CSRF_FIELD = "csrf"
_UNSET = object()


def bearer_user(conn: HTTPConnection) -> User:
    """The owner of the request's bearer token, or 401."""
    header = conn.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("send an API token: Authorization: Bearer <token> "
                              "(POST /api/tokens with your name and password makes one)")
    user = site_of(conn).accounts.bearer(token.strip())
    if user is None:
        raise Unauthenticated("the bearer token is not valid (revoked or mistyped)")
    return user


def session_user(conn: HTTPConnection) -> User | None:
    """The user logged in on this browser, if any (looked up once per request)."""
    known = getattr(conn.state, "user", _UNSET)
    if known is _UNSET:
        token = conn.cookies.get(SESSION_COOKIE, "")
        known = site_of(conn).accounts.session(token) if token else None
        conn.state.user = known
    return known if isinstance(known, User) else None


def _key(conn: HTTPConnection) -> str:
    """The secret a CSRF token is derived from: the session, else the pre-login cookie."""
    if session_user(conn) is not None:
        return "session:" + conn.cookies.get(SESSION_COOKIE, "")
    pre = conn.cookies.get(PRE_COOKIE) or getattr(conn.state, "new_pre", None)
    if not pre:
        pre = secrets.token_urlsafe(24)
        conn.state.new_pre = pre  # set on the response by remember_pre
    return "pre:" + pre


def csrf_token(conn: HTTPConnection) -> str:
    return hashlib.sha256(("nomicon-csrf:" + _key(conn)).encode()).hexdigest()


def check_csrf(request: Request, submitted: object) -> None:
    """Refuse (403) a form whose CSRF token is missing or not this browser's."""
    # A token can only match when this browser already had its key: a form never
    # comes from a page that did not set the cookie it needs.
    if (isinstance(submitted, str) and submitted
            and getattr(request.state, "new_pre", None) is None
            and hmac.compare_digest(submitted.encode(), csrf_token(request).encode())):
        return
    raise Forbidden("the form has expired or did not come from this site: "
                    "reload the page and try again")


def _secure(conn: HTTPConnection) -> bool:
    setting = site_of(conn).settings.secure_cookies
    return conn.url.scheme == "https" if setting is None else setting


def remember_pre(conn: HTTPConnection, response: Response) -> None:
    """Set the pre-login cookie if this request created one."""
    pre = getattr(conn.state, "new_pre", None)
    if pre:
        response.set_cookie(PRE_COOKIE, pre, httponly=True, samesite="lax",
                            secure=_secure(conn), path="/")


def start_session(conn: HTTPConnection, response: Response, user: User) -> None:
    token = site_of(conn).accounts.new_session(user)
    response.set_cookie(SESSION_COOKIE, token, max_age=int(SESSION_LIFETIME.total_seconds()),
                        httponly=True, samesite="lax", secure=_secure(conn), path="/")


def end_session(conn: HTTPConnection, response: Response) -> None:
    token = conn.cookies.get(SESSION_COOKIE)
    if token:
        site_of(conn).accounts.revoke(token)
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=_secure(conn))
