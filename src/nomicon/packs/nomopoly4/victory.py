"""P35's Experience for kills (seed L122), in section XIII, and P51's victory at
level 25 (L1), in section XI."""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, events, finish, hook
from nomicon.mechanics.events import KILLED, Killed
from nomicon.packs.nomopoly4.events import KILL_REWARDED
from nomicon.packs.nomopoly4.experience import settle
from nomicon.packs.nomopoly4.travel import PACK


class ExperienceForKills(Rule):
    """Whenever a player directly causes another player's unit to be killed (by attacking or otherwise), the attacking player receives 5 experience points. Whenever a player directly causes another player's building to be destroyed, the attacking player receives 20 experience points."""  # noqa: E501

    key = "experience-for-kills"
    pack = PACK
    number = 1304
    title = "Experience for kills"

    class Params(RuleParams):
        unit: int = Field(5, ge=0, description="Experience for another player's unit")
        building: int = Field(20, ge=0, description="Experience for another player's building")

    params: Params

    @hook(KILLED)
    def reward(self, ctx: Ctx, data: Killed) -> None:
        # The player who dealt the killing blow "directly causes" it (the mechanics
        # layer's kill attribution): the owner of the unit that struck, or the player
        # whose item or command dealt it. Damage whose source is hidden (Empathy's)
        # credits no one; things of no player (the Dark Lord's) are not "another
        # player's".
        killer, owner = data["by_player"], data["owner"]
        if (killer is None or owner is None or killer == owner or not ctx.is_player(killer)
                or not ctx.is_player(owner)):
            return
        gain = self.params.building if data["type_class"] == "building" else self.params.unit
        ctx.set_attr(killer, "experience", ctx.attr(killer, "experience", 0) + gain)
        ctx.emit(KILL_REWARDED, f"{killer} gains {gain} Experience for killing {owner}'s "
                 f"{data['kind']} {data['entity']}", player=killer, victim=data["entity"],
                 owner=owner, experience=gain)


class Victory(Rule):
    """If any player's level is 25 or higher, that player is declared the winner. If this would cause multiple people to win simultaneously, the player with the highest level is declared the winner. If this still does not determine a single winner, the player (among those between which the title of winner is in contention) who has the highest experience is declared the winner (if multiple players would still be declared winner, they all are)."""  # noqa: E501

    key = "victory"
    pack = PACK
    number = 1102
    title = "Victory"

    class Params(RuleParams):
        level: int = Field(25, ge=1, description="the level that wins")

    params: Params

    @hook(events.BATCH_CLOSING)
    def declare(self, ctx: Ctx, data: events.NoFields) -> None:
        # Checked after every batch, with the levels as Rule 1301 settles them (that
        # rule's own settling may run after this one in the same batch).
        if ctx.get(["game", "status"]) != "active":
            return
        standing = {p: settle(ctx.attr(p, "experience", 0), ctx.attr(p, "level", 1))
                    for p in ctx.players()}
        winners = winners_of({p: (lvl, xp) for p, (xp, lvl, _state) in standing.items()},
                             self.params.level)
        if winners:
            ctx.set(["winners"], winners)
            finish(ctx, f"{', '.join(winners)} reached level {self.params.level} (Rule "
                   f"{self.number}, {self.title})")


def winners_of(standing: dict[str, tuple[int, int]], level: int) -> list[str]:
    """Who wins, from each player's (level, experience): those at ``level`` or higher;
    of several, those of the highest level; of those, the highest experience."""
    found = [p for p, (lvl, _xp) in standing.items() if lvl >= level]
    if len(found) > 1:
        top = max(standing[p][0] for p in found)
        found = [p for p in found if standing[p][0] == top]
    if len(found) > 1:
        most = max(standing[p][1] for p in found)
        found = [p for p in found if standing[p][1] == most]
    return sorted(found)
