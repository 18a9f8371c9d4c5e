"""P47's Musketeer and Upgrade to Musketeer (seed L8-23)."""

from __future__ import annotations

from datetime import timedelta

from pydantic import Field

from nomicon.mechanics.units import TypeParams
from nomicon.packs.nomopoly4.units.commands import Transform
from nomicon.packs.nomopoly4.units.types import _Type


class Musketeer(_Type):
    """New Unit:
    Name: Musketeer
    Maximum Hit Points: 80
    Attack Strength: 20
    Attack Range: 2
    Armor: 3
    Speed: 10
    Notes: If the Musketeer attacks a target that is two square away it then it cools down for 36 hours. If it attacks a target that is one square away then it cools down for 24 hours."""  # noqa: E501

    key = "musketeer"
    number = 1256
    title = "Musketeer"
    kind = "musketeer"

    class Params(TypeParams):
        max_hp: int = 80
        attack: int = 20
        range: int = 2
        armor: int = 3
        speed: int = 10
        far_cooldown_hours: float = Field(36, ge=0, description="after an attack two squares "
                                                               "away")
        near_cooldown_hours: float = Field(24, ge=0, description="after an attack one square "
                                                                "away")

    params: Params

    def attack_cooldown(self, distance: int) -> timedelta:
        """The Musketeer's cool-down after an attack at ``distance``, in place of the
        Attack's own (Rule 1212 asks it). A ruling: a target on its own square
        (distance 0) is as one square away."""
        hours = (self.params.far_cooldown_hours if distance >= 2
                 else self.params.near_cooldown_hours)
        return timedelta(hours=hours)


class UpgradeToMusketeer(Transform):
    """New Command:
    Name: Upgrade to Musketeer
    Enchantment: no
    Duration: NA
    Can Be Issued To: Warriors
    Cool down: 2 days
    Effect: The issuer pays $500 and the issuee becomes a Musketeer.
    Note: given equal surprise which with the railroads is fairly likely 3 warriors should kill a Musketeer though they would cost $250 more."""  # noqa: E501

    key = "upgrade-to-musketeer"
    number = 1257
    title = "Upgrade to Musketeer"
    command = "upgrade-to-musketeer"
    issued_to = ("warrior",)
    becomes = "musketeer"

    class Params(Transform.Params):
        cooldown_hours: float = 48
        price: int = 500
