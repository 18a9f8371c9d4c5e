"""What the pages share: the templates, rendering, the flash message, logging in.

Templates live in ``nomicon/server/templates``; text from games is always escaped
(autoescape), and the only markup inserted as is is the board's SVG, which the
drawing modules build with every text escaped.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any
from urllib.parse import quote

import jinja2
import yaml
from markupsafe import Markup
from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response
from starlette.templating import Jinja2Templates

from nomicon.display import cell, shape
from nomicon.kernel.pages import Link
from nomicon.server.accounts import User
from nomicon.server.auth import csrf_token, remember_pre, session_user
from nomicon.server.errors import HttpProblem

FLASH_COOKIE = "nomicon_flash"
_FLASH_LIMIT = 1800


class LoginRequired(HttpProblem):
    """A page for members only was asked for without a session: go and log in."""

    status = 401

    def __init__(self, path: str) -> None:
        super().__init__("log in to see this page")
        self.path = path


# A game's clock text (``timefmt.iso``): only such a value is shown as a time, so a
# text that merely holds a "T" is shown as it is.
_ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z?")


def cell_or_link(value: Any) -> str | Markup:
    """A value as a table cell; a pack page's :class:`Link` as a link to its game."""
    if isinstance(value, Link):
        href = f"/games/{quote(value.game, safe='')}" + (f"/{value.tab}" if value.tab else "")
        return Markup('<a href="{}">{}</a>').format(href, value.text)
    return cell(value)


def when(value: Any) -> Markup:
    """An ISO time as a ``<time>`` element, readable: ``2020-09-01 12:00 UTC``; any other
    value as a table cell (a link as a link)."""
    if not isinstance(value, str) or not _ISO_TIME.fullmatch(value):
        return Markup.escape(cell_or_link(value))
    shown = value.replace("T", " ").replace("Z", "")[:16] + " UTC"
    return Markup('<time datetime="{}">{}</time>').format(value, shown)


def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


def as_yaml(value: Any) -> str:
    """A structure as YAML, the way people read it (and write amendments)."""
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=80).strip()


def is_simple(value: Any) -> bool:
    """Whether a value reads well in one table cell (no nesting, not too long)."""
    if isinstance(value, dict):
        return len(value) <= 4 and all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return len(value) <= 8 and all(not isinstance(v, dict | list) for v in value)
    return True


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("nomicon.server", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.ChainableUndefined)
    env.filters.update(cell=cell_or_link, when=when, pretty=pretty, yaml=as_yaml, urlquote=quote,
                       shape=shape)
    env.tests.update(simple=is_simple)
    return env


templates = Jinja2Templates(env=_environment())


def render(request: Request, name: str, context: dict[str, Any] | None = None, *,
           status: int = 200) -> Response:
    """A page, with what every page needs: the user, the CSRF token, the flash."""
    full = {"user": session_user(request), "csrf": csrf_token(request),
            "flash": read_flash(request), "error": None, "game": None, "title": "Nomicon",
            **(context or {})}
    response = templates.TemplateResponse(request, name, full, status_code=status)
    remember_pre(request, response)
    if full["flash"] is not None:
        response.delete_cookie(FLASH_COOKIE, path="/")
    response.headers["Cache-Control"] = "no-store"
    return response


def login_required(conn: HTTPConnection) -> User:
    user = session_user(conn)
    if user is None:
        target = conn.url.path + (f"?{conn.url.query}" if conn.url.query else "")
        raise LoginRequired(target)
    return user


def redirect(path: str, *, flash: list[str] | None = None) -> RedirectResponse:
    """See other: the page to show after a form; ``flash`` is shown there once."""
    response = RedirectResponse(path, status_code=303)
    if flash:
        set_flash(response, flash)
    return response


def set_flash(response: Response, messages: list[str]) -> None:
    kept: list[str] = []
    for message in messages:
        if len(json.dumps([*kept, message])) > _FLASH_LIMIT:
            kept.append("…")
            break
        kept.append(message)
    payload = base64.urlsafe_b64encode(json.dumps(kept).encode()).decode()
    response.set_cookie(FLASH_COOKIE, payload, max_age=60, httponly=True, samesite="lax",
                        path="/")


def read_flash(conn: HTTPConnection) -> list[str] | None:
    raw = conn.cookies.get(FLASH_COOKIE)
    if not raw:
        return None
    try:
        found = json.loads(base64.urlsafe_b64decode(raw.encode()))
    except (ValueError, binascii.Error):
        return []
    return [str(m) for m in found] if isinstance(found, list) else []
