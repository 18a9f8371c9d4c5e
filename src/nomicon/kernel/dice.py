"""Auditable dice.

Every random decision in a game is a roll ``1dK``. The value of roll number ``i``
(counting from 0 over the whole game) with ``K`` sides is derived from the game's
secret with HMAC-SHA256, so anyone holding the secret can re-derive every roll:

    value = 1 + the first draw d of HMAC(secret, "i:K:j") for j = 0, 1, ...
            (read as a big-endian 64-bit integer) with d < floor(2^64 / K) * K,
            taken modulo K

Draws at or above the largest multiple of K are rejected so that every face is
exactly equally likely. The game publishes ``sha256(secret)`` when it is created and
reveals the secret when it ends (or when the admin rotates it); ``nomicon verify``
then checks each recorded roll. The algorithm is written out here, rather than
delegated to :mod:`random`, because it is a published contract: it must never change
with a library version.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from bisect import bisect_left
from collections.abc import Sequence
from itertools import accumulate

_SPAN = 1 << 64


def new_secret() -> bytes:
    """A fresh random secret for a game."""
    return secrets.token_bytes(32)


def secret_from_seed(seed: int | str) -> bytes:
    """A reproducible secret for tests, scenarios and simulations."""
    return hashlib.sha256(f"nomicon-seed:{seed}".encode()).digest()


def commitment(secret: bytes) -> str:
    """What the game publishes before the first roll."""
    return hashlib.sha256(secret).hexdigest()


def derive_roll(secret: bytes, index: int, sides: int) -> int:
    """The value (1..sides) of roll number ``index``."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    limit = (_SPAN // sides) * sides
    attempt = 0
    while True:
        digest = hmac.new(secret, f"{index}:{sides}:{attempt}".encode(), hashlib.sha256).digest()
        draw = int.from_bytes(digest[:8], "big")
        if draw < limit:
            return 1 + draw % sides
        attempt += 1


def total_weight(weights: Sequence[int]) -> int:
    """The number of faces of the die that picks among options of these ``weights``
    (whole numbers from 0, at least one above 0)."""
    for weight in weights:
        if isinstance(weight, bool) or not isinstance(weight, int) or weight < 0:
            raise ValueError(f"a weight is a whole number from 0, not {weight!r}")
    total = sum(weights)
    if total < 1:
        raise ValueError(f"no option has a weight above 0 among {list(weights)}")
    return total


def weighted_choice(weights: Sequence[int], value: int) -> int:
    """The index of the option that a roll of ``value`` (1..the total weight) picks.

    The documented order: the options take the faces of one die in the order given,
    each as many faces as its weight, so each is picked with the chance weight /
    total. With weights 3, 0, 2, faces 1-3 pick the first option and 4-5 the third.
    """
    total = total_weight(weights)
    if not 1 <= value <= total:
        raise ValueError(f"a roll of 1d{total} cannot show {value}")
    return bisect_left(list(accumulate(weights)), value)
