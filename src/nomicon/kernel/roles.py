"""Roles: a player's part in a game that decides what they see (DESIGN §3b).

A rule gives a player a role (the referee, a Brainiac, the Poet Laureate, a team) and
takes it away again; the state keeps ``roles.<role> = [players]``, in the order they
got it, and who holds which role is public. Wherever the kernel takes an audience (an
event's ``to``, an attribute's ``visibility``, a prompt's ``seen_by``, a roll's
``to``), ``role:<name>`` stands for whoever holds the role:

* in the **state** (views of attributes and prompts) a role means its holders *now*:
  a new referee reads what the state keeps for the referee, and one who stepped down
  no longer does;
* in the **log** a role means its holders *when the event happened*: an event's
  ``to`` lists the players the roles named then (and the role tokens themselves, so a
  reader sees why), so a player who becomes referee later does not read earlier
  referee-only events, unless a rule reveals them to them by a new event
  (``ctx.reveal``). The past is never edited.

Granting and revoking are ``role.granted`` and ``role.revoked`` events, keyed by the
role's name. A rule declares the roles it gives (``Rule.roles``, or by naming one in
an attribute's visibility); the admin may grant those too, and revoke any role held
(the procedure's ``grant-role`` and ``revoke-role``). A role stays when the rule that
granted it is repealed, as a status does: it ends when a rule (or the admin) takes it
away.

Visibility is written as one audience or several joined with ``+``: ``public``,
``owner`` (the entity's owner; a player owns their own record), ``admin``, or
``role:<name>``, e.g. ``"owner+role:referee"`` (a sealed bid its bidder and the
referee read). The admin sees everything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from nomicon.kernel import events

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting, RulesInForce

ADMIN = "admin"
#: Where the state keeps who holds each role.
TABLE = "roles"
#: How an audience names a role: ``role:referee``.
PREFIX = "role:"
#: A role's name: words a player reads ("Poet Laureate", "team-red"), without the
#: characters that audiences and paths are written with (``:``, ``+``, ``.``).
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")


def role(name: str) -> str:
    """The audience that stands for whoever holds role ``name`` (``role:referee``)."""
    check_name(name)
    return PREFIX + name


def check_name(name: object) -> str:
    """``name`` if it can name a role, else ValueError saying what a role's name is."""
    if not isinstance(name, str) or not NAME.match(name):
        raise ValueError(f"{name!r} cannot name a role: use 1 to 40 letters, digits, "
                         "spaces, '-' or '_', starting with a letter or digit")
    return name


def role_of(audience: str) -> str | None:
    """The role an audience names (``role:referee`` -> ``referee``), or None."""
    return audience[len(PREFIX):] if audience.startswith(PREFIX) else None


def holders(root: Mapping[str, Any], name: str) -> list[str]:
    """Who holds role ``name`` in the state ``root``, in the order they got it."""
    table = root.get(TABLE) or {}
    found = table.get(name) or []
    return list(found) if isinstance(found, list) else [found]


def roles_of(root: Mapping[str, Any], player: str) -> list[str]:
    """The roles ``player`` holds, in the order the roles were first given."""
    return [name for name, who in (root.get(TABLE) or {}).items()
            if player in (who if isinstance(who, list) else [who])]


def declared(rules: RulesInForce) -> list[str]:
    """The roles the rules in force declare, in rule order: those a rule lists in its
    ``roles``, and those its attributes' visibilities name."""
    found: dict[str, None] = {}
    for rule in rules.rules:
        found.update(dict.fromkeys(rule.roles))
        for attribute in rule.attributes:
            for part in audiences(attribute.visibility):
                held = role_of(part)
                if held is not None:
                    found[held] = None
    return list(found)


def held_now(root: Mapping[str, Any]) -> list[str]:
    """The roles someone holds in the state ``root``, in the order they were first given."""
    return [name for name, who in (root.get(TABLE) or {}).items() if who]


def resolve(root: Mapping[str, Any], audience: Iterable[str]) -> list[str]:
    """An audience as an event keeps it: the players named, the holders now of the
    roles named, and the role tokens themselves (which match no viewer, and say why
    the holders are there), sorted, each once."""
    out: set[str] = set()
    for name in audience:
        out.add(name)
        held = role_of(name)
        if held is not None:
            out.update(holders(root, held))
    return sorted(out)


def includes(root: Mapping[str, Any], audience: Iterable[str], viewer: str) -> bool:
    """Whether ``viewer`` is in ``audience`` now (the admin always is)."""
    if viewer == ADMIN:
        return True
    for name in audience:
        held = role_of(name)
        if name == viewer or (held is not None and viewer in holders(root, held)):
            return True
    return False


@cache
def audiences(visibility: str) -> tuple[str, ...]:
    """The audiences a visibility names (``"owner+role:referee"`` -> both)."""
    parts = tuple(part.strip() for part in visibility.split("+"))
    for part in parts:
        held = role_of(part)
        if held is not None:
            check_name(held)
        elif part not in ("public", "owner", ADMIN):
            raise ValueError(f"{visibility!r} is not a visibility: each part is public, "
                             "owner, admin or role:<name>")
    return parts


def may_see(visibility: str, viewer: str, *, owner: str | None,
            root: Mapping[str, Any]) -> bool:
    """Whether ``viewer`` may see a value of this visibility, held by ``owner``, in the
    state ``root`` (roles as they are held there)."""
    if visibility == "public" or viewer == ADMIN:
        return True
    for part in audiences(visibility):
        if part == "public" or (part == "owner" and owner is not None and viewer == owner):
            return True
        held = role_of(part)
        if held is not None and viewer in holders(root, held):
            return True
    return False


# -- granting and revoking (through a rule's context) -------------------------------------

def grant(ctx: Acting, player: str, name: str, reason: str = "") -> bool:
    """Give ``player`` the role ``name``; False, changing nothing, if they hold it."""
    check_name(name)
    if not ctx.is_player(player):
        raise ValueError(f"there is no player {player!r} to be {name}")
    held = holders(ctx.state.root, name)
    if player in held:
        return False
    if not ctx.state.has([TABLE]):
        ctx.set([TABLE], {})
    ctx.set([TABLE, name], [*held, player])
    why = f" ({reason})" if reason else ""
    ctx.emit(events.ROLE_GRANTED, f"{player} is {name}{why}", key=name, player=player, role=name,
             reason=reason)
    return True


def revoke(ctx: Acting, player: str, name: str, reason: str = "") -> bool:
    """Take role ``name`` from ``player``; False, changing nothing, if they lack it."""
    held = holders(ctx.state.root, name)
    if player not in held:
        return False
    rest = [who for who in held if who != player]
    if rest:
        ctx.set([TABLE, name], rest)
    else:
        ctx.state.delete([TABLE, name])
    why = f" ({reason})" if reason else ""
    ctx.emit(events.ROLE_REVOKED, f"{player} is no longer {name}{why}", key=name, player=player,
             role=name, reason=reason)
    return True


def named(audience: Sequence[str] | None) -> list[str] | None:
    """An audience as a rule wrote it, checked: player names and ``role:<name>``."""
    if audience is None:
        return None
    if isinstance(audience, str):
        raise TypeError(f"an audience is a list of names, not the text {audience!r}")
    for name in audience:
        held = role_of(name)
        if held is not None:
            check_name(held)
    return list(audience)
