"""The amendment builder's page: a proposal's rule changes made from typed forms.

One form holds the whole proposal. Each button re-renders the page with the changes
so far kept in a hidden field (so it works without JavaScript): pick a rule, then set
its parameters (inputs generated from its parameter schema), rewrite its text,
rename it, repeal it or interpret it; or enact an installed rule class with its
parameters and a number; remove a change; draft changes from a sentence; edit the
amendment as YAML (for experts). The preview of the changes so far, as the viewer
may see them, is shown before the proposal is made. A value the schema refuses is
shown beside its field with the reason, with what was typed kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import yaml
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from nomicon.governance import amendments, builder
from nomicon.governance.preview import preview
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import InvalidRuleChange, NomiconError
from nomicon.server import access
from nomicon.server.access import Seat
from nomicon.server.errors import BadRequest, status_of
from nomicon.server.forms import read_value, storable
from nomicon.server.game_pages import LoggedIn, _page
from nomicon.server.pages import Form, SiteDep
from nomicon.server.web import redirect

router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)

TAB = "builder"
#: The most changes one proposal's builder holds (the API takes longer amendments).
MAX_CHANGES = 50


@dataclass
class Draft:
    """What the author has built so far, and what the page shows beside the fields."""

    changes: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""
    text: str = ""
    rule: int | None = None
    enact: str = ""
    typed: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    said: list[str] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)


@router.get("/games/{game_id}/proposals/build")
def builder_page(request: Request, game_id: str, user: LoggedIn, site: SiteDep,
                 rule: int | None = Query(None, ge=1, le=10**9),
                 enact: str = Query("", max_length=200)) -> Response:
    return _show(request, site, game_id, user, Draft(rule=rule, enact=enact))


@router.post("/games/{game_id}/proposals/build")
def builder_post(request: Request, game_id: str, form: Form, user: LoggedIn,
                 site: SiteDep) -> Response:
    """Add or remove a change, draft from words, or make the proposal."""
    draft = _read(form)
    do = form.get("do", "")
    if form.get("take"):
        _take(draft, form["take"])
    elif do == "propose":
        seat = access.seat(site, game_id, user)
        try:
            events = access.act(site, seat, "propose", {
                "title": draft.title, "text": draft.text, "amendment": draft.changes},
                texts={"title": draft.title, "text": draft.text})
        except NomiconError as exc:
            status = status_of(exc) or 400
            if status in (401, 403, 404):
                raise
            return _show(request, site, game_id, user, draft, error=str(exc), status=status)
        said = [e["message"] for e in events if e.get("message") and e.get("type") != "action"]
        return redirect(f"/games/{game_id}/proposals", flash=said or ["Proposed."])
    elif do.startswith("remove-") and do.removeprefix("remove-").isdigit():
        index = int(do.removeprefix("remove-")) - 1
        if 0 <= index < len(draft.changes):
            draft.changes.pop(index)
    elif do == "yaml":
        _from_yaml(draft, form.get("yaml", ""))
    elif do in ("set", "rewrite", "rename", "repeal", "interpret", "enact", "draft"):
        return _show(request, site, game_id, user, draft, adding=do, form=form)
    # "pick", "pick-class", "preview": only show the page again, the choice made.
    return _show(request, site, game_id, user, draft)


def _read(form: dict[str, str]) -> Draft:
    """The draft a submitted builder form carries (the changes checked again: they
    come back from the browser)."""
    raw = form.get("changes", "").strip() or "[]"
    storable(raw, "the changes")
    try:
        changes = amendments.dump(amendments.parse(json.loads(raw)))
    except (ValueError, InvalidRuleChange) as exc:
        raise BadRequest(f"the changes so far cannot be read: {exc}") from None
    if len(changes) > MAX_CHANGES:
        raise BadRequest(f"a proposal made here has at most {MAX_CHANGES} changes")
    rule_text = form.get("rule", "").strip()
    return Draft(changes=changes, title=form.get("title", ""), text=form.get("text", ""),
                 rule=int(rule_text) if rule_text.isdigit() else None,
                 enact=form.get("enact", "").strip())


def _take(draft: Draft, raw: str) -> None:
    """A candidate reading of a sentence, chosen by the author."""
    try:
        draft.changes += amendments.dump(amendments.parse(json.loads(raw)))
    except (ValueError, InvalidRuleChange) as exc:
        raise BadRequest(f"the chosen draft cannot be read: {exc}") from None


def _from_yaml(draft: Draft, text: str) -> None:
    draft.typed["yaml"] = text
    try:
        value = read_value("the amendment", text) if text.strip() else []
        draft.changes = amendments.dump(amendments.parse(value))
    except BadRequest as exc:
        draft.errors["yaml"] = str(exc)
        return
    except InvalidRuleChange as exc:
        draft.errors["yaml"] = str(exc)
        return
    draft.typed.pop("yaml")
    draft.said.append("The changes are now those of the YAML.")


def _add(game: Game, draft: Draft, do: str, form: dict[str, str]) -> None:
    """Add the change that button ``do`` makes from the form's fields; a refused field
    gets its reason, and every typed field is kept."""
    rules = game.state.root["rules"]
    entry = rules.get(str(draft.rule)) if draft.rule is not None else None
    prefix = "p." if do == "set" else "e."
    typed = {k.removeprefix(prefix): v for k, v in form.items() if k.startswith(prefix)}
    for key in ("rule_text", "rule_title", "interpretation", "number", "sentence"):
        if key in form:
            draft.typed[key] = form[key]
    draft.typed.update({prefix + k: v for k, v in typed.items()})
    change: dict[str, Any] | None = None
    if do == "draft":
        _draft(game, draft, form.get("sentence", ""))
        return
    if do == "enact":
        change = _enact(game, draft, typed, form.get("number", ""))
    elif entry is None:
        draft.errors["rule"] = "choose a rule in force first"
    elif do == "set":
        model = builder.rule_model(game.registry, entry["class"])
        try:
            params = builder.read_params(model, typed, entry.get("params") or {})
        except builder.FieldRefused as exc:
            draft.errors["p." + exc.field] = exc.reason
            return
        if not params:
            draft.errors["params"] = "no parameter differs from its value now"
            return
        change = {"op": "amend", "rule": draft.rule, "params": params}
    elif do in ("rewrite", "rename", "interpret"):
        key = {"rewrite": "rule_text", "rename": "rule_title", "interpret": "interpretation"}[do]
        value = form.get(key, "").strip()
        if not value:
            draft.errors[key] = "write something here first"
            return
        change = ({"op": "interpret", "rule": draft.rule, "text": value} if do == "interpret"
                  else {"op": "amend", "rule": draft.rule,
                        ("text" if do == "rewrite" else "title"): value})
    else:
        change = {"op": "repeal", "rule": draft.rule}
    if change is not None:
        draft.changes.append(change)
        draft.said.append("Added: " + builder.describe(change, rules) + ".")
        for key in [k for k in draft.typed if k != "sentence"]:
            draft.typed.pop(key)


def _enact(game: Game, draft: Draft, typed: dict[str, str],
           number_text: str) -> dict[str, Any] | None:
    try:
        model = builder.rule_model(game.registry, draft.enact)
    except NomiconError:
        draft.errors["enact"] = f"there is no installed rule class {draft.enact!r}"
        return None
    number_text = number_text.strip()
    if number_text and not number_text.isdigit():
        draft.errors["number"] = f"a rule's number is a whole number, not {number_text!r}"
        return None
    if number_text and number_text in game.state.root["rules"]:
        draft.errors["number"] = f"Rule {number_text} is in force already"
        return None
    defaults = {f.name: f.current for f in builder.param_fields(model, {}) if f.current}
    try:
        # Compared with the defaults as typed, so only what the author changed is kept.
        shown = {k: v for k, v in typed.items() if defaults.get(k) != v.strip()}
        params = builder.read_params(model, shown, {})
    except builder.FieldRefused as exc:
        draft.errors["e." + exc.field] = exc.reason
        return None
    change: dict[str, Any] = {"op": "enact", "class": draft.enact, "params": params}
    if number_text:
        change["number"] = int(number_text)
    return change


def _draft(game: Game, draft: Draft, sentence: str) -> None:
    from nomicon.governance.drafting import draft as drafting

    if not sentence.strip():
        draft.errors["sentence"] = "write the change in a sentence first"
        return
    drafted = drafting(game, sentence)
    if drafted.amendment is not None:
        draft.changes += drafted.amendment
        draft.said.append(f"Drafted from your words: {drafted.description}. Check the "
                          "preview before you propose.")
        draft.typed.pop("sentence", None)
    elif drafted.candidates:
        draft.candidates = [{"description": c.description, "amendment": c.amendment,
                             "json": json.dumps(c.amendment)} for c in drafted.candidates]
    else:
        draft.errors["sentence"] = drafted.declined or "no change could be drafted"


def _show(request: Request, site: Any, game_id: str, user: Any, draft: Draft, *,
          adding: str = "", form: dict[str, str] | None = None, error: str | None = None,
          status: int = 200) -> Response:
    def build(seat: Seat, game: Game, view: dict[str, Any]) -> dict[str, Any]:
        if adding:
            _add(game, draft, adding, form or {})
        return _context(game, view, draft, seat)

    return _page(request, site, game_id, user, TAB, build, error=error, status=status)


def _context(game: Game, view: dict[str, Any], draft: Draft, seat: Seat) -> dict[str, Any]:
    rules = view.get("rules") or {}
    entry = rules.get(str(draft.rule)) if draft.rule is not None else None
    fields: list[builder.ParamField] = []
    if entry is not None:
        model = builder.rule_model(game.registry, entry["class"])
        fields = builder.param_fields(model, entry.get("params") or {})
    enact_fields: list[builder.ParamField] = []
    if draft.enact in game.registry.classes:
        enact_fields = builder.param_fields(builder.rule_model(game.registry, draft.enact), {})
    return {
        "draft": draft, "rules": sorted(rules.values(), key=lambda e: int(e["number"])),
        "picked": entry, "fields": fields, "enact_fields": enact_fields,
        "classes": sorted(game.registry.classes),
        "described": [builder.describe(c, rules) for c in draft.changes],
        "changes_json": json.dumps(draft.changes),
        "changes_yaml": (yaml.safe_dump(draft.changes, sort_keys=False, allow_unicode=True)
                         if draft.changes else ""),
        "preview": preview(game, draft.changes, seat.viewer) if draft.changes else None,
        "can_propose": seat.player is not None,
    }
