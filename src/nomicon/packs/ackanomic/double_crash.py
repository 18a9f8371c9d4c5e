"""Ackanomic rule 1250.12, Double Crash, as rule classes and a pack.

Sections I to III of 1250.12 are Rules 1 to 3 of the game's own ruleset; the
paragraphs of section IV are Rules 41 to 48 (Salvos, Replies, crashes, rounds, the
rounds of play, errors, the tentative winner, the reveal) and its last paragraph is
Rule 5. The state is described in :mod:`double_crash_state`; the game's dictionary is
recorded at its creation (``dictionary``).

Played standalone (the ``ackanomic-double-crash`` pack) it is a table whose members
play games one after another (``games`` of them; 0: until the admin ends it), two
members a game, seated one place further round each time; others watch. The table has
no Ackanomic Treasury: Rule 5 pays "from the Treasury" out of the table's own
``treasury`` account, which holds what the game's creator put in it (``treasury``).
Started by a parent game's rule (``ctx.start_child("ackanomic-double-crash",
players=[a, b], params={"duel": ..., "challenged": ..., "auto_reply": ...})``) its
result, settled into the parent, has these fields:

- ``winners``: the winner (one name), or none ("neither player wins");
- ``scores``: 1 for the winner, 0 for the other player;
- ``referee``: None (the text names no referee: the engine referees);
- ``rounds``: the rounds that began;
- ``duel``: whether the game was played as a Duel;
- ``how``: how it ended (``tentative winner``, ``timeout``, ``misreport``, ``both
  failed``);
- ``targets``: the two Target Words, revealed at the end.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Currency,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    action,
    events,
    finish,
    hook,
    iso,
    veto,
    words,
)
from nomicon.governance import amendments
from nomicon.packs.ackanomic.double_crash_events import (
    CHOSEN,
    ENDED,
    NEXT_GAME,
    REPLIES_IN,
    REPLY,
    REVEALED,
    ROUND_BEGAN,
    ROUND_COMPLETE,
    SALVO,
    STARTED,
    TENTATIVE,
    Ended,
    Instance,
    Reply,
    Round,
    Signal,
    Started,
    Tentative,
)
from nomicon.packs.ackanomic.double_crash_pages import PAGE
from nomicon.packs.ackanomic.double_crash_state import (
    ERROR_TIMER,
    KEY,
    LETTERS,
    ROUND_TIMER,
    crashes,
    fresh_game,
    game,
    is_five_letter_word,
    new_table,
    opponent,
    playing,
    salvo_of,
    salvo_size,
    tentative_winner,
)
from nomicon.packs.ackanomic.games import TREASURY
from nomicon.packs.ackanomic.tables import close_table, initial_rules, members_of, round_the_table

PACK = "ackanomic"
PACK_ID = "ackanomic-double-crash"
PLAYS = ("target", "salvo", "reply")
#: Words the random bot plays with (all in the Official Dictionary): a small set, so
#: that a bot's Salvo sometimes holds the other's Target Word and its games end.
BOT_WORDS = ("heart", "spade", "staff", "chaff", "sword", "wordy", "crane", "stone",
             "plant", "bread", "light", "mouse", "apple", "beach", "chair", "dance",
             "eagle", "flame", "grape", "house", "juice", "knife", "lemon", "money",
             "night", "ocean", "paper", "queen", "river", "sugar", "table", "water")


def required_done(ctx: Ctx, player: str) -> bool:
    """Whether ``player`` has done every action the round requires of them."""
    state = game(ctx)
    number = state["round"]
    if state["kind"] == "reply":
        return any(r["round"] == number and r["player"] == player for r in state["replies"])
    posted = salvo_of(ctx, player, number) is not None
    return posted and (number != 1 or player in state["chosen"])


def check_round(ctx: Ctx) -> None:
    """End the round early when both players have done all it requires."""
    if playing(ctx) and all(required_done(ctx, p) for p in ctx.get([KEY, "players"])):
        ctx.dispatch(ROUND_COMPLETE, Signal(round=ctx.get([KEY, "round"])))


def reveal(ctx: Ctx) -> None:
    """Show both players' Target Words to all (once)."""
    if ctx.get([KEY, "revealed"]):
        return
    targets = {player: ctx.attr(player, "target", None) for player in ctx.get([KEY, "players"])}
    ctx.set([KEY, "revealed"], targets)
    shown = ", ".join(f"{p}'s is {(w or 'none chosen').upper()}" for p, w in targets.items())
    ctx.emit(REVEALED, f"the Target Words are revealed: {shown}", targets=targets)


def end_game(ctx: Ctx, winner: str | None, how: str, why: str) -> None:
    """The game is over: ``winner`` wins (None: neither player), found ``how``."""
    if ctx.get([KEY, "phase"]) == "over":
        return
    ctx.cancel_timer(ROUND_TIMER)
    ctx.cancel_timer(ERROR_TIMER)
    # The game is over: nothing is left for a Target Word to hide.
    reveal(ctx)
    ctx.set([KEY, "phase"], "over")
    ctx.set([KEY, "winner"], winner)
    ctx.set([KEY, "how"], how)
    state = game(ctx)
    number = state["instance"]
    ctx.state.append([KEY, "results"], {
        "instance": number, "players": list(state["players"]), "winner": winner,
        "how": how, "rounds": state["round"], "targets": dict(state["revealed"])})
    ctx.emit(ENDED, f"Double Crash #{number} is over: {why}", winner=winner, how=how,
             why=why)
    if ctx.parent() is not None:
        # A child game is one game: its result is settled into the parent.
        ctx.set(["winners"], [winner] if winner else [])
        finish(ctx, why)
        return
    if state["games"] and len(game(ctx)["results"]) >= state["games"]:
        close_table(ctx, KEY, "Double Crash")
        return
    # Standalone, the table plays the next game. Its Target Words were revealed and
    # are kept in ``results``; the players' attributes are cleared for the next ones.
    for player in state["players"]:
        if ctx.is_player(player):
            ctx.set_attr(player, "target", None)
    for name, value in fresh_game().items():
        ctx.set([KEY, name], value)
    ctx.dispatch(NEXT_GAME, Instance(instance=number))


# -- I. to III. --------------------------------------------------------------------------
class Equipment(Rule):
    """I. General Equipment: Official Dictionary"""

    key = "crash-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"
    # The Official Dictionary is the one the game recorded at its creation
    # (``dictionary``); Rules 41 and 45 ask it.


class Players(Rule):
    """II. Players: minimum: 2; maximum 2"""

    key = "crash-players"
    pack = PACK
    number = 2
    title = "Players"

    # The limits are the parent's to apply when it starts an instance (1250.1 VI);
    # here only the two players play, and only while the game is played.
    @veto(*PLAYS)
    def players_play(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        state = game(ctx)
        ctx.require(actor in state["players"], "you are not one of this game's players",
                    detail=f"the players are {', '.join(state['players']) or 'not seated yet'}")
        ctx.require(state["phase"] == "playing",
                    "the game has not begun" if state["phase"] == "waiting" else
                    "the rounds are over" + ("" if state["phase"] == "over" else
                                             ": a tentative winner has been found"))


class Starting(Rule):
    """III. Starting an instance of Double Crash: As described in rule 1250.1, section VI."""

    key = "crash-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of Double Crash"

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([KEY]) is None:  # enacted by a proposal into a game without a table
            ctx.set([KEY], new_table())
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    @hook(NEXT_GAME)
    def next_game(self, ctx: Ctx, data: Instance) -> None:
        self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = game(ctx)
        if ctx.get(["game", "status"]) != "active" or state["phase"] != "waiting":
            return
        if state["games"] and state["instance"] >= state["games"]:
            return
        members = members_of(ctx)
        link = ctx.parent()
        if link is not None:
            # A child game: the parent chose the two players, for one game.
            seated = list(link["players"]) if not state["instance"] else []
        elif len(members) >= 2:
            # Standalone: two members a game, one place further round each time.
            seated, _ = round_the_table(members, state["instance"] % len(members), 2, False)
        else:
            seated = []
        if len(seated) != 2 or not set(seated) <= set(members):
            return
        number = state["instance"] + 1
        ctx.set([KEY, "instance"], number)
        ctx.set([KEY, "players"], seated)
        ctx.set([KEY, "phase"], "playing")
        duel = f"; a Duel, {state['challenged']} challenged" if state["duel"] else ""
        ctx.emit(STARTED, f"Double Crash #{number}: {seated[0]} against {seated[1]}{duel}",
                 instance=number, players=seated, duel=bool(state["duel"]),
                 challenged=state["challenged"], auto_reply=bool(state["auto_reply"]))


# -- IV. Rules of the Games --------------------------------------------------------------
class Salvos(Rule):
    """Throughout these rules, an N-round Salvo is a public post taking the form of a numbered list of N five-letter words. The numbering convention and format should be:

        1) [five-letter word]
        2) [another one]
        ...  and so on, up to  ...
        N) [the last one]"""  # noqa: E501

    key = "crash-salvos"
    pack = PACK
    number = 41
    title = "Salvos"

    class Params(RuleParams):
        in_dictionary: bool = Field(True, description="a Salvo's words must be words of "
                                                      "the Official Dictionary")

    params: Params

    @action("salvo", Arg("words", list, "the Salvo: a list of five-letter words, in order"))
    def salvo(self, ctx: Ctx, actor: str, words: list[Any]) -> None:
        """Post this round's Salvo: a numbered list of five-letter words."""
        number = ctx.get([KEY, "round"])
        size = salvo_size(number)
        ctx.require(len(words) == size, f"a Salvo of round {number} has {size} words, "
                    f"not {len(words)}", detail="rounds 1, 3, 5 and 7 take Salvos of 6, 5, "
                    "4 and 3 words; every later one 3")
        posted = [str(word).strip().lower() for word in words]
        for place, word in enumerate(posted, 1):
            ctx.require(is_five_letter_word(word), f"word {place} of the Salvo, {word!r}, "
                        "is not a five-letter word")
        if self.params.in_dictionary:
            official = words_of(ctx)
            for place, word in enumerate(posted, 1):
                ctx.require(official.is_word(word), f"word {place} of the Salvo, {word!r}, "
                            "is not a word of the Official Dictionary")
        order = ctx.get([KEY, "posts"]) + 1
        ctx.set([KEY, "posts"], order)
        ctx.state.append([KEY, "salvos"], {"round": number, "player": actor,
                                           "words": posted, "posted": order})
        listed = " ".join(f"{i}) {w.upper()}" for i, w in enumerate(posted, 1))
        ctx.emit(SALVO, f"{actor}'s {size}-round Salvo: {listed}", player=actor,
                 round=number, words=posted, posted=order)
        check_round(ctx)

    @salvo.check
    def _salvo_check(self, ctx: Ctx, actor: str) -> None:
        number = game(ctx)["round"]
        ctx.require(ctx.get([KEY, "kind"]) == "salvo", f"round {number} is a round of "
                    "Replies, not of Salvos")
        ctx.require(salvo_of(ctx, actor, number) is None,
                    f"you have posted your Salvo of round {number}")

    @salvo.variants
    def _salvo_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        size = salvo_size(ctx.get([KEY, "round"]))
        n = len(BOT_WORDS)
        return [{"words": [[BOT_WORDS[(k + i) % n] for i in range(size)] for k in range(n)]}]


def words_of(ctx: Ctx) -> words.Dictionary:
    """The Official Dictionary the game recorded."""
    return words.official(ctx.get(["dictionary"]))


class Replies(Rule):
    """A Reply to a Salvo is a reposting of the Salvo being replied to, with the addition of a number from 1-5 to the right of each five-letter word. This number is the number of "crashes" as defined below, of that word with the Replying player's Target Word. The format should be

        1) [five-letter word]  2 [actual number will vary]
        2) [another one]       3
        ... and so on, up to ...
        N) [the last one]      1"""  # noqa: E501

    key = "crash-replies"
    pack = PACK
    number = 42
    title = "Replies"

    # "a number from 1-5" cannot be meant: SWORD "does not crash" with WORDY, so a
    # count may be 0 (INTERPRETATIONS.md).
    @hook(ROUND_BEGAN)
    def engine_replies(self, ctx: Ctx, data: Round) -> None:
        """By default (``auto_reply``) the engine, which knows both Target Words, posts
        both Replies as the round of Replies begins."""
        if data["kind"] != "reply" or not ctx.get([KEY, "auto_reply"]):
            return
        for player in ctx.get([KEY, "players"]):
            salvo = salvo_of(ctx, opponent(ctx, player), data["round"] - 1)
            assert salvo is not None  # a round of Salvos ends with both posted
            target = ctx.attr(player, "target", None) or ""
            self._post(ctx, player, [crashes(word, target) for word in salvo["words"]],
                       "engine")
        check_round(ctx)

    @action("reply", Arg("counts", list, "the crashes of each word of the other's Salvo "
                                         "with your Target Word, in the Salvo's order"))
    def reply(self, ctx: Ctx, actor: str, counts: list[Any]) -> None:
        """Reply to the other player's Salvo: the number of crashes of each of its words
        with your Target Word."""
        number = ctx.get([KEY, "round"])
        salvo = salvo_of(ctx, opponent(ctx, actor), number - 1)
        assert salvo is not None
        size = len(salvo["words"])
        ctx.require(len(counts) == size, f"the Salvo you reply to has {size} words; your "
                    f"Reply gives {len(counts)} numbers")
        for place, count in enumerate(counts, 1):
            ctx.require(isinstance(count, int) and not isinstance(count, bool)
                        and 0 <= count <= LETTERS,
                        f"number {place} of the Reply, {count!r}, is not a number of "
                        "crashes from 0 to 5")
        self._post(ctx, actor, [int(count) for count in counts], actor)
        check_round(ctx)

    @reply.check
    def _reply_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not game(ctx)["auto_reply"], "the engine posts the Replies in "
                    "this game", detail="players type their Replies only when the game is "
                    "played with auto_reply off")
        number = ctx.get([KEY, "round"])
        ctx.require(ctx.get([KEY, "kind"]) == "reply", f"round {number} is a round of "
                    "Salvos, not of Replies")
        ctx.require(not required_done(ctx, actor), f"you have replied in round {number}")

    @reply.variants
    def _reply_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        # The bot replies truly: its forms are its own, shown to nobody else.
        salvo = salvo_of(ctx, opponent(ctx, actor), ctx.get([KEY, "round"]) - 1)
        target = ctx.attr(actor, "target", None) or ""
        if salvo is None:
            return []
        return [{"counts": [[crashes(word, target) for word in salvo["words"]]]}]

    def _post(self, ctx: Ctx, player: str, counts: list[int], by: str) -> None:
        number = ctx.get([KEY, "round"])
        to = opponent(ctx, player)
        salvo = salvo_of(ctx, to, number - 1)
        assert salvo is not None
        ctx.state.append([KEY, "replies"], {"round": number, "player": player, "to": to,
                                            "words": list(salvo["words"]),
                                            "counts": counts, "by": by})
        listed = " ".join(f"{i}) {w.upper()} {c}"
                          for i, (w, c) in enumerate(zip(salvo["words"], counts,
                                                         strict=True), 1))
        ctx.emit(REPLY, f"{player} replies to {to}'s Salvo: {listed}", player=player, poster=to,
                 round=number, words=list(salvo["words"]), counts=counts, by=by)


class Crashes(Rule):
    """Two words crash once for each letter that occupies the same position in each word. (ie, if they have the same first letter, they crash once; if they have the same third letter, they crash again. HEART crashes once with SPADE (for the A). STAFF crahses three times with CHAFF. SWORD does not crash with WORDY. A five-letter word crashes five times with itself.)"""  # noqa: E501

    key = "crash-crashes"
    pack = PACK
    number = 43
    title = "Crashes"
    # The count is ``double_crash_state.crashes``; Rule 42 and Rule 46 use it.


class Rounds(Rule):
    """The game consists of several rounds, each of which lasts three days or until all actions required of players in that round, whichever comes first. If ever a player fails to complete all required actions before the end of a round, his opponent wins. If both players so fail, and the game is being held as a Duel, the challenged player wins. If both players so fail, and the game is not being played as a Duel, neither player wins, and the game is over. Each round begins immediately upon the end of the previous one."""  # noqa: E501

    key = "crash-rounds"
    pack = PACK
    number = 44
    title = "Rounds"

    class Params(RuleParams):
        round_days: int = Field(3, ge=1, description="how long a round lasts at most")

    params: Params

    @hook(STARTED)
    def first_round(self, ctx: Ctx, data: Started) -> None:
        self._begin(ctx, 1)

    @hook(ROUND_COMPLETE)
    def round_complete(self, ctx: Ctx, data: Signal) -> None:
        ctx.cancel_timer(ROUND_TIMER)
        if ctx.get([KEY, "kind"]) == "reply":
            ctx.dispatch(REPLIES_IN, Signal(round=data["round"]))
        # The end test may have ended the game and a standalone table begun the next
        # one (in its round 1): only the round that completed leads to another.
        if playing(ctx) and ctx.get([KEY, "round"]) == data["round"]:
            self._begin(ctx, data["round"] + 1)

    def _begin(self, ctx: Ctx, number: int) -> None:
        kind = "salvo" if number % 2 else "reply"
        ends = ctx.now + timedelta(days=self.params.round_days)
        ctx.set([KEY, "round"], number)
        ctx.set([KEY, "kind"], kind)
        ctx.set([KEY, "ends"], iso(ends))
        # The timer is set before the event: in a round of Replies the engine may post
        # both at once, and the next round begins inside this one's event.
        ctx.set_timer(ROUND_TIMER, ends, self.time_up, {"round": number})
        size = salvo_size(number if kind == "salvo" else number - 1)
        what = (f"each player posts a {size}-round Salvo" if kind == "salvo" else
                f"each player Replies to the other's {size}-round Salvo")
        first = "; each player selects a Target Word" if number == 1 else ""
        ctx.emit(ROUND_BEGAN, f"round {number}: {what}{first}; it ends {iso(ends)}",
                 round=number, kind=kind, size=size, ends=iso(ends))

    def time_up(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if not playing(ctx) or payload["round"] != ctx.get([KEY, "round"]):
            return
        state = game(ctx)
        failed = [p for p in state["players"] if not required_done(ctx, p)]
        number = state["round"]
        if len(failed) == 1:
            winner = opponent(ctx, failed[0])
            end_game(ctx, winner, "timeout", f"{failed[0]} failed to complete the actions "
                     f"of round {number}; {winner}, their opponent, wins")
        elif state["duel"]:
            end_game(ctx, state["challenged"], "both failed", "both players failed to "
                     f"complete the actions of round {number}; in a Duel the challenged "
                     f"player, {state['challenged']}, wins")
        else:
            end_game(ctx, None, "both failed", "both players failed to complete the "
                     f"actions of round {number}: neither player wins")


class RoundsOfPlay(Rule):
    """Round 1) Each player selects a five-letter word from the Official Dictionary. This is his Target Word, and should be kept secret. Also, each player posts a 6-round Salvo.
Round 2) Each player Replies to the other's 6-round Salvo.
Round 3) Each player posts a 5-round Salvo.
Round 4) Each player Replies to the other's 5-round Salvo.
Round 5) Each player posts a 4-round Salvo.
Round 6) Each player Replies to the other's 4-round Salvo.
Round 7) Each player posts a 3-round Salvo.
Round 8) Each player Replies to the other's 3-round Salvo.

Hereafter, each odd-numbered round consists of each player posting a 3-round Salvo; each even-numbered round consists of each player Replying to the Salvo the other posted the previous round."""  # noqa: E501

    key = "crash-rounds-of-play"
    pack = PACK
    number = 45
    title = "The rounds of play"
    attributes = (Attribute("target", None, visibility="owner",
                            doc="the player's Target Word, kept secret until the reveal"),)

    # The sizes of the Salvos are ``double_crash_state.salvo_size``; the rounds
    # alternate in Rule 44.
    @action("target", Arg("word", str, "your Target Word: a five-letter word of the "
                                       "Official Dictionary"), sealed=True)
    def target(self, ctx: Ctx, actor: str, word: str) -> None:
        """Select your Target Word (kept secret: only you see it until the reveal)."""
        chosen = word.strip().lower()
        ctx.set_attr(actor, "target", chosen)
        ctx.state.append([KEY, "chosen"], actor)
        ctx.emit(CHOSEN, f"{actor} has selected a Target Word", player=actor)
        check_round(ctx)

    @target.check
    def _target_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(game(ctx)["round"] == 1, "Target Words are selected in round 1")
        ctx.require(actor not in ctx.get([KEY, "chosen"]),
                    "you have selected your Target Word")

    @target.variants
    def _target_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        return [{"word": list(BOT_WORDS)}]


class Errors(Rule):
    """If a player improperly reports the number of crashes any word in any Salvo has with his Target Word, or if a player selects as his Target Word a word other than a five-letter word from the Official Dictionary, his opponent wins as soon as the error is discovered."""  # noqa: E501

    key = "crash-errors"
    pack = PACK
    number = 46
    title = "Errors"

    # The engine checks a Target Word as it is selected: a word other than a
    # five-letter word of the Official Dictionary is refused, and the player may select
    # another (INTERPRETATIONS.md); the error is never made, so nobody wins by it.
    @veto("target")
    def proper_target(self, ctx: Ctx, actor: str, decl: ActionDecl,
                      args: dict[str, Any]) -> None:
        word = str(args.get("word", "")).strip().lower()
        ctx.require(is_five_letter_word(word), f"{word!r} is not a five-letter word",
                    detail="a Target Word is a five-letter word from the Official Dictionary")
        ctx.require(words_of(ctx).is_word(word),
                    f"{word!r} is not a word of the Official Dictionary")

    # A Reply a player typed is checked as it is posted: the error is discovered then.
    @hook(REPLY)
    def proper_reply(self, ctx: Ctx, data: Reply) -> None:
        player = data["player"]
        target = ctx.attr(player, "target", None) or ""
        wrong = [i for i, (word, count) in enumerate(zip(data["words"], data["counts"],
                                                         strict=True), 1)
                 if crashes(word, target) != count]
        if not wrong:
            return
        winner = opponent(ctx, player)
        places = ", ".join(str(i) for i in wrong)
        end_game(ctx, winner, "misreport", f"{player} improperly reported the crashes of "
                 f"word(s) {places} of {winner}'s Salvo with their Target Word; {winner}, "
                 "their opponent, wins")


class TentativeWinner(Rule):
    """The rounds continue until upon the end of a round of Replies, one or both Replies indicates that some word in the previous Salvo crashed five times with the Replying players Target Word. If only one-player posted a Salvo which included a five-crash word, that player is the tentative winner. If both players posted such a Salvo, the player who posted a five-crash word higher in the Salvo's list is the tentative winner, if such a player can be uniquely defined. (ie, a five-crash word at the #1 slot in a Salvo beats one at #2.) If the two five-crash words occupy the same position in their respective Salvos, the player who posted their Salvo first is the tentative winner."""  # noqa: E501

    key = "crash-tentative-winner"
    pack = PACK
    number = 47
    title = "The tentative winner"

    @hook(REPLIES_IN)
    def end_test(self, ctx: Ctx, data: Signal) -> None:
        number = data["round"]
        salvos: dict[str, dict[str, Any]] = {}
        counts: dict[str, list[int]] = {}
        for reply in ctx.get([KEY, "replies"]):
            if reply["round"] == number:
                poster = reply["to"]
                found = salvo_of(ctx, poster, number - 1)
                assert found is not None
                salvos[poster], counts[poster] = found, list(reply["counts"])
        result = tentative_winner(salvos, counts)
        if result is None:
            return
        player, position, how = result
        ctx.set([KEY, "tentative"], {"player": player, "position": position, "how": how})
        ctx.set([KEY, "phase"], "reveal")
        ctx.cancel_timer(ROUND_TIMER)
        why = {"only one": "the only player whose Salvo held a five-crash word",
               "list position": "whose five-crash word is higher in the Salvo's list",
               "posting order": "whose five-crash word is at the same place, but who "
                                "posted their Salvo first"}[how]
        ctx.emit(TENTATIVE, f"{player} is the tentative winner: {why} (word {position})",
                 player=player, position=position, how=how)


class Reveal(Rule):
    """Once a tentative winner is found, the two players shall reveal their respective Target Words. The players may then examine each others' plays for errors. If no actual errors are found within three days, the tentative winner wins the game."""  # noqa: E501

    key = "crash-reveal"
    pack = PACK
    number = 48
    title = "The reveal"

    class Params(RuleParams):
        error_days: int = Field(0, ge=0, description="days the players may examine the plays "
                                               "for errors (0: the engine examined every "
                                               "play as it was made, so none remain)")

    params: Params

    @hook(TENTATIVE)
    def on_tentative(self, ctx: Ctx, data: Tentative) -> None:
        reveal(ctx)
        if not self.params.error_days:
            self.win(ctx, {"player": data["player"]})
            return
        ctx.set_timer(ERROR_TIMER, timedelta(days=self.params.error_days), self.win,
                      {"player": data["player"]})

    def win(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.get([KEY, "phase"]) != "reveal":
            return
        player = payload["player"]
        end_game(ctx, player, "tentative winner", f"no errors were found: {player}, the "
                 "tentative winner, wins the game")


# -- the end -----------------------------------------------------------------------------
class Winning(Rule):
    """Upon a player winning the game, it ends. If the game was not being played as a Duel, the winner receives A$25 from the Treasury.  No Trophy is awarded to the winner of the game."""  # noqa: E501

    key = "crash-winning"
    pack = PACK
    number = 5
    title = "Winning"
    currencies = (Currency("A$", 0, minimum=0, doc="Ackanomic dollars"),)

    class Params(RuleParams):
        dollars: int = Field(25, ge=0, description="A$ the winner receives")

    params: Params

    # The game ends in ``end_game``; this rule pays, standalone. A child game's result
    # is settled into the parent, whose rule pays from its Treasury.
    @hook(ENDED)
    def pay(self, ctx: Ctx, data: Ended) -> None:
        winner = data["winner"]
        if ctx.parent() is not None or winner is None or ctx.get([KEY, "duel"]):
            return
        # Standalone, the Treasury is the table's own account: no A$ are created here.
        # One that holds less pays what it holds and the ledger records the rest as
        # unpaid (a forced payment), as the parent's Treasury does.
        ctx.transfer(TREASURY, winner, self.params.dollars, "A$",
                     f"won Double Crash #{ctx.get([KEY, 'instance'])}", forced=True)


RULES: tuple[type[Rule], ...] = (
    Equipment, Players, Starting, Salvos, Replies, Crashes, Rounds, RoundsOfPlay, Errors,
    TentativeWinner, Reveal, Winning,
)

# The rules whose workings the invariants check.
CORE = frozenset(cls.class_id() for cls in (Starting, Salvos, Replies, Rounds, RoundsOfPlay,
                                            TentativeWinner, Reveal))


class DoubleCrashParams(PackParams):
    duel: bool = Field(False, description="as a child game: played as a Duel")
    challenged: str | None = Field(None, description="in a Duel: the player challenged, "
                                                     "who wins if both players fail")
    auto_reply: bool = Field(True, description="the engine posts the Replies (off: the "
                                               "players type them, and the engine checks)")
    error_days: int = Field(0, ge=0, description="days to examine the plays for errors "
                                                 "after the reveal (Rule 48)")
    games: int = Field(0, ge=0, description="standalone: games the table plays before it "
                                            "closes (0: until the admin ends it)")
    treasury: int = Field(0, ge=0, description="standalone: A$ in the table's Treasury at "
                                               "the start, from which Rule 5 pays")


class DoubleCrash(Pack):
    id = PACK_ID
    title = "Ackanomic: Double Crash"
    description = ("Ackanomic rule 1250.12 on its own: each player keeps a secret five-letter "
                   "Target Word and posts Salvos of 6, 5, 4, then 3 words; the Replies count "
                   "the letters in place; the first to hit the other's word wins.")
    Params = DoubleCrashParams
    # Standalone, two members play each game and any others watch.
    players = (2, None)
    initial = initial_rules(RULES)
    rule_classes = RULES
    pages = (PAGE,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, DoubleCrashParams)
        ctx.set(["dictionary"], words.record())
        ctx.set([KEY], new_table(duel=params.duel, challenged=params.challenged,
                                 auto_reply=params.auto_reply, games=params.games))
        ctx.open_account(TREASURY)

    def after_rules(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, DoubleCrashParams)
        if params.treasury:
            ctx.transfer(None, TREASURY, params.treasury, "A$",
                         "the table's Treasury's opening funds")
        if params.error_days:
            # The game's creator chose days for errors: Rule 48 says so from the start.
            amendments.apply(ctx, amendments.parse([{
                "op": "amend", "rule": Reveal.number,
                "params": {"error_days": params.error_days}}]))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        table = state.get(KEY)
        if table is None:
            return ["there is no game of Double Crash"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE or table["phase"] == "waiting":
            return []
        problems: list[str] = []
        if len(set(table["players"])) != 2:
            problems.append(f"the game has players {table['players']}, not two")
        for salvo in table["salvos"]:
            if len(salvo["words"]) != salvo_size(salvo["round"]) or salvo["round"] % 2 == 0:
                problems.append(f"round {salvo['round']}: a Salvo of {len(salvo['words'])}")
        for reply in table["replies"]:
            if not all(0 <= c <= LETTERS for c in reply["counts"]):
                problems.append(f"round {reply['round']}: a Reply counts {reply['counts']}")
        if table["phase"] == "over" and table["winner"] not in (None, *table["players"]):
            problems.append(f"the winner {table['winner']!r} is not a player")
        return problems

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: see the module's docstring."""
        table = state.get(KEY) or new_table()
        winner = table["winner"]
        return {"winners": [winner] if winner else [],
                "scores": {p: int(p == winner) for p in table["players"]},
                "referee": None, "rounds": int(table["round"]), "duel": bool(table["duel"]),
                "how": table["how"], "targets": dict(table["revealed"])}
