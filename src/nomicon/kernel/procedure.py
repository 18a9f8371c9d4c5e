"""The game procedure that every game has, whatever its rules.

These actions are not rules of any ruleset: they are how a player joins, answers a
prompt, and how the admin corrects the state, ends the game or rotates the dice
secret. Refusals cite them as "Nomicon procedure".
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from nomicon.kernel import audiences, events, prompts, roles, subgames
from nomicon.kernel.paths import write_path
from nomicon.kernel.probing import ANSWERS, only_when_prompted
from nomicon.kernel.rules import ActionDecl, Arg, Rule, action, veto
from nomicon.kernel.schedule import ScheduleError, parse_duration

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
RESERVED = frozenset({"admin", "outside", "observer", "everyone", "nobody"})
#: The actions that answer prompts: the admin takes them too.


class Procedure(Rule):
    """The procedure of every Nomicon game: joining, prompts and the admin's actions."""

    key = "procedure"
    pack = "nomicon"
    title = "Nomicon procedure"
    precedence = -1000

    def __init__(self) -> None:
        super().__init__("procedure", 0, self.title, self.default_text(), self.parse_params({}))

    @property
    def label(self) -> str:
        return "Nomicon procedure"

    # -- joining -----------------------------------------------------------
    @action("join")
    def join(self, ctx: Ctx, actor: str) -> None:
        """Become a player of the game."""
        ctx.require(NAME.match(actor) and actor not in RESERVED,
                    f"{actor!r} is not a valid player name",
                    detail="use 1-32 lower-case letters, digits, '-' or '_', starting "
                           "with a letter")
        ctx.require(not ctx.is_player(actor), f"{actor} is already a player")
        record: dict[str, Any] = {"name": actor, "joined": ctx.get(["game", "clock"])}
        for name, (_rule, attribute) in ctx.rules.attributes.get("player", {}).items():
            record[name] = attribute.default
        ctx.set(["players", actor], record)
        ctx.set(["accounts", actor], {
            name: currency.initial
            for name, (_rule, currency) in ctx.rules.currencies.items()
            if currency.holders == "player"
        })
        ctx.emit(events.PLAYER_JOINED, f"{actor} joined the game", player=actor)

    # -- prompts -----------------------------------------------------------
    @veto()
    @only_when_prompted
    def answer_first(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        """A blocking prompt must be answered before the player does anything else."""
        if decl.name in ANSWERS:
            return
        for prompt in ctx.pending_prompts(actor):
            if prompt["blocking"] and decl.name not in prompt["allow"]:
                asker = ctx.rules.by_rid.get(prompt["rid"])
                ctx.refuse(f"you must first answer: {prompt['message']}",
                           detail=f"choose one of {', '.join(prompt['options'])}",
                           rule=asker)

    def _my_prompt_options(self, ctx: Ctx, actor: str) -> list[str]:
        options: list[str] = []
        for prompt in _single(ctx, actor):
            options.extend(o for o in ctx.open_options(prompt) if o not in options)
        return options

    def _why_not_option(self, ctx: Ctx, actor: str, option: Any,
                        asked: list[dict[str, Any]] | None = None) -> None:
        mine = _single(ctx, actor) if asked is None else asked
        if not mine:
            _refuse_unasked(ctx, actor)
        for prompt in mine:
            if option in prompt["options"]:
                # The rule that asked knows why: answering in a trial run refuses
                # with its own reason (Rule 16's purchase limit, say).
                with ctx.savepoint(keep=False):
                    ctx.game._resolve_prompt(ctx, prompt, option)
                asker = ctx.rules.by_rid.get(prompt["rid"])
                ctx.refuse(f"{option!r} is not open to {actor} now", rule=asker,
                           detail=f"open: {', '.join(ctx.open_options(prompt))}")

    @action("choose", Arg("option", str, "the option to take", choices="_my_prompt_options",
                          explain="_why_not_option"),
            Arg("prompt", int, "which prompt (default: the oldest that has the option)",
                required=False))
    def choose(self, ctx: Ctx, actor: str, option: str, prompt: int | None = None) -> None:
        """Answer a decision the rules ask of you."""
        mine = _single(ctx, actor)
        if not mine:
            _refuse_unasked(ctx, actor)
        if prompt is not None:
            mine = [p for p in mine if p["id"] == prompt]
            ctx.require(mine, f"there is no prompt {prompt} for {actor}")
        matching = [p for p in mine if option in ctx.open_options(p)]
        if not matching:
            # Open on another prompt but not on the one named: its rule says why.
            self._why_not_option(ctx, actor, option, mine)
        ctx.require(matching, f"{option!r} is not an option",
                    detail="options: " + ", ".join(o for p in mine for o in p["options"]))
        _keep_answer_private(ctx, matching[0])
        ctx.game._resolve_prompt(ctx, matching[0], option)

    @action("choose-many", Arg("options", list, "the options to take, each once"),
            Arg("prompt", int, "which prompt (default: the oldest that this answers)",
                required=False))
    def choose_many(self, ctx: Ctx, actor: str, options: list[Any],
                    prompt: int | None = None) -> None:
        """Answer a decision the rules ask of you that takes several options."""
        mine = [p for p in ctx.pending_prompts(actor) if prompts.is_multi(p)]
        if prompt is not None:
            mine = [p for p in mine if p["id"] == prompt]
            ctx.require(mine, f"there is no prompt {prompt} for {actor} that takes "
                        "several options")
        ctx.require(mine, f"{actor} has no decision to make that takes several options")
        problems = []
        for asked in mine:
            problem = _answer_problem(ctx, asked, options)
            if problem is None:
                _keep_answer_private(ctx, asked)
                ctx.game._resolve_prompt(ctx, asked, list(options))
                return
            problems.append((asked, problem))
        asked, problem = problems[0]
        ctx.refuse(f"{problem}, to answer {asked['message']!r}",
                   rule=ctx.rules.by_rid.get(asked["rid"]),
                   detail=f"options: {', '.join(ctx.open_options(asked))}")

    @choose_many.check
    def _asked_for_several(self, ctx: Ctx, actor: str) -> None:
        if not any(prompts.is_multi(p) for p in ctx.pending_prompts(actor)):
            ctx.refuse(f"{actor} has no decision to make that takes several options",
                       detail="answer a decision that takes one option with choose")

    # -- the admin ---------------------------------------------------------
    @action("set", Arg("path", str, "a view path, e.g. players.bob.points"),
            Arg("value", object, "the new value"), admin=True)
    def set_value(self, ctx: Ctx, actor: str, path: str, value: Any) -> None:
        """Correct or set up the game: write a value at a view path (logged)."""
        try:
            old = write_path(ctx, path, value)
        except (KeyError, ValueError, TypeError) as exc:
            ctx.refuse(f"cannot set {path}: {exc}")
        ctx.emit(events.ADMIN_SET, f"admin set {path} = {value!r} (was {old!r})", path=path,
                 value=value, old=old)

    @action("end-game", Arg("winners", list, "who won (default: nobody)", required=False),
            admin=True)
    def end_game(self, ctx: Ctx, actor: str, winners: list[str] | None = None) -> None:
        """End the game and reveal the dice secret."""
        for name in winners or []:
            ctx.require(ctx.is_player(name), f"{name!r} is not a player")
        if winners:
            ctx.set(["winners"], list(winners))
        finish(ctx, "ended by the admin")

    @action("rotate-seed", admin=True)
    def rotate_seed(self, ctx: Ctx, actor: str) -> None:
        """Reveal the current dice secret and commit to a new one."""
        reveal(ctx)
        secret = ctx.game.next_secret()
        commitment = ctx.game.commitment_of(secret)
        count = ctx.get(["dice", "count"])
        ctx.state.append(["dice", "epochs"],
                         {"from": count, "commitment": commitment, "secret": None})
        ctx.emit(events.SEED_COMMITTED, f"new dice commitment {commitment}",
                 commitment=commitment, first_roll=count)
        ctx.game.replace_secret(secret)

    @action("pause", Arg("reason", str, "why, as the players will read it", required=False),
            Arg("duration", str, "resume by itself after this long ('3 days'); "
                "default: when the admin resumes it", required=False), admin=True)
    def pause(self, ctx: Ctx, actor: str, reason: str | None = None,
              duration: str | None = None) -> None:
        """Pause the game: no timer fires until it resumes, and then each has the time
        it had left."""
        ctx.pause(reason or "paused by the admin",
                  until=_duration(ctx, duration) if duration is not None else None)

    @action("resume", Arg("reason", str, "why, as the players will read it", required=False),
            admin=True)
    def resume(self, ctx: Ctx, actor: str, reason: str | None = None) -> None:
        """Resume the paused game."""
        ctx.resume(reason or "resumed by the admin")

    @pause.check
    def _pause_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not ctx.is_paused(), "the game is already paused")

    @resume.check
    def _resume_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.is_paused(), "the game is not paused")

    @action("grant-status", Arg("holder", str, "a player or entity"),
            Arg("name", str, "the status (Sick...)"),
            Arg("duration", str, "how long it lasts ('2 days'); default: until it is "
                "ended", required=False), admin=True)
    def grant_status(self, ctx: Ctx, actor: str, holder: str, name: str,
                     duration: str | None = None) -> None:
        """Give a player or entity a status, or reset one they have."""
        ctx.require(ctx.is_player(holder) or ctx.state.has(["entities", holder]),
                    f"there is no player or entity {holder!r}")
        ctx.require(name and ":" not in name and "." not in name,
                    f"{name!r} cannot name a status", detail="use text without ':' or '.'")
        ctx.grant_status(holder, name,
                         until=_duration(ctx, duration) if duration is not None else None)

    @action("end-status", Arg("holder", str, "a player or entity"),
            Arg("name", str, "the status"), admin=True)
    def end_status(self, ctx: Ctx, actor: str, holder: str, name: str) -> None:
        """End a status a player or entity has."""
        ctx.require(ctx.end_status(holder, name, "ended by the admin"),
                    f"{holder} is not {name}")

    # -- roles (nomicon.kernel.roles) -----------------------------------------
    # The first choices of the two arguments go together (the first role someone may
    # still be given, a player who lacks it), so that the first of each is a move that
    # is accepted, as for every action legal_actions lists.
    @action("grant-role", Arg("player", str, "the player", choices="_players",
                              explain="_why_not_player"),
            Arg("role", str, "a role a rule in force declares (referee...)",
                choices="_grantable", explain="_why_not_declared"),
            Arg("reason", str, "why, as the players will read it", required=False),
            admin=True)
    def grant_role(self, ctx: Ctx, actor: str, player: str, role: str,
                   reason: str | None = None) -> None:
        """Give a player a role that a rule in force declares."""
        ctx.require(not ctx.has_role(player, role), f"{player} is already {role}",
                    detail=f"{role}: {', '.join(ctx.role_holders(role))}")
        ctx.grant_role(player, role, reason or "granted by the admin")

    @action("revoke-role", Arg("player", str, "the player", choices="_holders",
                               explain="_why_not_player"),
            Arg("role", str, "a role the player holds", choices="_held",
                explain="_why_not_held"),
            Arg("reason", str, "why, as the players will read it", required=False),
            admin=True)
    def revoke_role(self, ctx: Ctx, actor: str, player: str, role: str,
                    reason: str | None = None) -> None:
        """Take a role from a player who holds it."""
        ctx.require(ctx.has_role(player, role), f"{player} is not {role}",
                    detail=f"{role}: {', '.join(ctx.role_holders(role))}")
        ctx.revoke_role(player, role, reason or "revoked by the admin")

    def _grantable(self, ctx: Ctx, actor: str) -> list[str]:
        players = ctx.players()
        return [name for name in roles.declared(ctx.rules)
                if any(not ctx.has_role(player, name) for player in players)]

    def _held(self, ctx: Ctx, actor: str) -> list[str]:
        return roles.held_now(ctx.state.root)

    def _players(self, ctx: Ctx, actor: str) -> list[str]:
        """Every player, those who lack the first role that may be given first."""
        first = self._grantable(ctx, actor)
        if not first:
            return ctx.players()
        return sorted(ctx.players(), key=lambda player: ctx.has_role(player, first[0]))

    def _holders(self, ctx: Ctx, actor: str) -> list[str]:
        """Every player, the holders of the first role held first."""
        first = self._held(ctx, actor)
        if not first:
            return ctx.players()
        return sorted(ctx.players(), key=lambda player: not ctx.has_role(player, first[0]))

    def _why_not_player(self, ctx: Ctx, actor: str, player: Any) -> None:
        ctx.refuse(f"{player!r} is not a player", detail=f"players: {', '.join(ctx.players())}")

    def _why_not_declared(self, ctx: Ctx, actor: str, role: Any) -> None:
        declared = roles.declared(ctx.rules)
        if role in declared:
            ctx.refuse(f"every player is already {role}")
        ctx.refuse(f"no rule in force declares a role {role!r}",
                   detail=f"the roles declared: {', '.join(declared) or 'none'}")

    def _why_not_held(self, ctx: Ctx, actor: str, role: Any) -> None:
        if role in roles.declared(ctx.rules):
            ctx.refuse(f"nobody is {role}")
        ctx.refuse(f"nobody holds a role {role!r}",
                   detail=f"the roles held: {', '.join(self._held(ctx, actor)) or 'none'}")

    @grant_role.check
    def _a_role_to_give(self, ctx: Ctx, actor: str) -> None:
        ctx.require(self._grantable(ctx, actor), "there is no role to give",
                    detail="no rule in force declares a role that a player lacks")

    @revoke_role.check
    def _a_role_held(self, ctx: Ctx, actor: str) -> None:
        ctx.require(self._held(ctx, actor), "nobody holds a role")

    # -- sub-games (nomicon.kernel.subgames) -----------------------------------
    # The game service takes these actions itself, as the admin, when a child game
    # ends and when a child's player changes in the parent; the admin may too (a
    # result the admin judges).
    @action("settle-child", Arg("child", str, "the child game", choices="_awaiting",
                                explain="_why_not_settle"),
            Arg("result", dict, "winners, scores, referee and rounds"), admin=True)
    def settle_child(self, ctx: Ctx, actor: str, child: str, result: dict[str, Any]) -> None:
        """Settle a child game's result into this game, once: its hooks pay."""
        subgames.settle(ctx, child, result)

    def _awaiting(self, ctx: Ctx, actor: str) -> list[str]:
        return subgames.awaiting(ctx)

    def _why_not_settle(self, ctx: Ctx, actor: str, child: Any) -> None:
        subgames.check_settling(ctx, str(child))

    @settle_child.check
    def _has_children(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get([subgames.TABLE]), "this game has no child games")

    @action("parent-input", Arg("n", int, "the input's number, from 1", minimum=1),
            Arg("kind", str, "the kind of the parent's event"),
            Arg("player", str, "the player it concerns"),
            Arg("data", dict, "the parent event's fields"), admin=True)
    def parent_input(self, ctx: Ctx, actor: str, n: int, kind: str, player: str,
                     data: dict[str, Any]) -> None:
        """Pass on a change to a player in the parent game, in order, once."""
        subgames.receive(ctx, n, kind, player, data)

    @parent_input.check
    def _a_child(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.parent() is not None, "this game has no parent game")

    @action("interpret", Arg("rule", int, "rule number"), Arg("text", str, "the ruling"),
            admin=True)
    def interpret(self, ctx: Ctx, actor: str, rule: int, text: str) -> None:
        """Attach an interpretation (an admin ruling) to a rule."""
        from nomicon.kernel.ruleset import add_interpretation

        add_interpretation(ctx, rule, text, by="admin")


def _single(ctx: Ctx, actor: str) -> list[dict[str, Any]]:
    """``actor``'s pending prompts that take one option (``choose`` answers them)."""
    return [p for p in ctx.pending_prompts(actor) if not prompts.is_multi(p)]


def _refuse_unasked(ctx: Ctx, actor: str) -> None:
    several = [p for p in ctx.pending_prompts(actor) if prompts.is_multi(p)]
    if several:
        span = prompts.answer_range(several[0]) or (1, 1)
        ctx.refuse(f"{several[0]['message']!r} takes {prompts.describe(span)} options",
                   rule=ctx.rules.by_rid.get(several[0]["rid"]),
                   detail="answer it with choose-many and a list of options")
    ctx.refuse(f"{actor} has no decision to make")


def _keep_answer_private(ctx: Ctx, prompt: dict[str, Any]) -> None:
    """The answer to a private prompt is among the action's arguments: the action's
    event goes to the prompt's audience (the answer's own event does anyway)."""
    audience = prompts.audience(prompt)
    if audience is not None:
        audiences.narrow(ctx, audience, "the answer to a private question",
                         only_action=True)


def _answer_problem(ctx: Ctx, prompt: dict[str, Any], answer: list[Any]) -> str | None:
    span = prompts.answer_range(prompt) or (1, 1)
    return prompts.answer_problem(prompt["options"], span, answer, ctx.open_options(prompt),
                                  prompt["default"])


def _duration(ctx: Ctx, text: str) -> timedelta:
    """A length of time the admin wrote, in the units the rules define too."""
    try:
        length = parse_duration(text, units=ctx.game.time_units())
    except ScheduleError as exc:
        ctx.refuse(str(exc))
    ctx.require(length > timedelta(0), f"duration {text!r} is no time at all")
    return length


def reveal(ctx: Ctx) -> None:
    """Reveal the secret of the current dice epoch, after the rolls still private that
    it would disclose (:mod:`nomicon.kernel.audiences`)."""
    audiences.disclose_all(ctx, "the dice secret that derives them is revealed")
    epochs = ctx.get(["dice", "epochs"])
    last = len(epochs) - 1
    secret = ctx.game.secret.hex()
    ctx.set(["dice", "epochs", last, "secret"], secret)
    ctx.emit(events.SEED_REVEALED, f"dice secret revealed: {secret}", secret=secret,
             commitment=epochs[last]["commitment"])


def finish(ctx: Ctx, why: str) -> None:
    """End the game: no more actions, and the dice secret is revealed."""
    if ctx.get(["game", "status"]) == "ended":
        return
    ctx.set(["game", "status"], "ended")
    ctx.emit(events.GAME_ENDED, f"the game is over: {why}", winners=ctx.get(["winners"], []))
    reveal(ctx)
