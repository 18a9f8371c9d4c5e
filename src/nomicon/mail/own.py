"""A player's own addresses: added by the player (on the account page or the API),
unverified until the player gives back the token mailed to the address, and removed
by them.

Until it is verified an address acts for no one and is never written to, but for the
one message that carries its token: replies and reports go only to verified
addresses. A token is random and only
its SHA-256 is kept, as the server keeps its API tokens. An address that is another
player's in the game (registered by the admin, or verified) is refused, so no player
can take over another's. The admin's
registration (``nomicon mail address``) is unchanged: verified unless told otherwise.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import format_datetime

from nomicon.mail.book import AddressRefused, MailBook, Sender

__all__ = ["OwnAddresses", "TokenRefused", "by_game", "digest_of"]


class TokenRefused(AddressRefused):
    """A token that verifies no address of the player's; the message says why."""


def digest_of(token: str) -> str:
    """What is kept of a token."""
    return hashlib.sha256(token.strip().encode()).hexdigest()


def by_game(book: MailBook, players: dict[str, str]) -> list[tuple[str, str, list[Sender]]]:
    """For each game of ``players`` (game id: the player played there), that player's
    addresses: (game id, player, addresses)."""
    return [(game_id, player, book.addresses(game_id, player))
            for game_id, player in sorted(players.items())]


class OwnAddresses:
    """Players' own addresses in ``book``; mail about them comes from the game's
    address (``address_of``, the gateway's)."""

    def __init__(self, book: MailBook, address_of: Callable[[str], str]) -> None:
        self.book = book
        self.address_of = address_of

    def mine(self, game_id: str, player: str) -> list[Sender]:
        """``player``'s addresses in ``game_id``."""
        return self.book.addresses(game_id, player)

    def add(self, game_id: str, player: str, address: str,
            link: Callable[[str], str] | None = None) -> Sender:
        """Add ``address`` as ``player``'s, and mail it a token to verify it (``link``
        makes a web address of the token, for the message to offer)."""
        token = secrets.token_urlsafe(24)
        sender = self.book.add_unverified(game_id, player, address, digest_of(token))
        if sender.verified:
            return sender  # theirs already: nothing to verify
        message = EmailMessage()
        message["From"] = self.address_of(game_id)
        message["To"] = sender.address
        message["Subject"] = f"Game {game_id}: is this {player}'s address?"
        message["Date"] = format_datetime(self.book.now())
        message["Auto-Submitted"] = "auto-generated"
        body = [f"{player} added {sender.address} as their address in game {game_id}.",
                "Until it is confirmed, no replies or reports are sent to it.", "",
                f"To confirm it, give this token on your account page: {token}"]
        if link is not None:
            body.append(f"or follow this link: {link(token)}")
        body += ["", "If you did not ask for this, ignore this message."]
        message.set_content("\n".join(body) + "\n")
        # Keyed by the token's digest: each token is mailed once, and a new one replaces
        # the last (whose digest is no longer kept, so it verifies nothing).
        self.book.queue(f"verify:{game_id}:{digest_of(token)[:32]}", game_id, sender.address,
                        message.as_string())
        return sender

    def verify(self, game_id: str, player: str, token: str) -> Sender:
        """Verify the address of ``player``'s that ``token`` was mailed to."""
        found = self.book.verify(game_id, player, digest_of(token))
        if found is None:
            raise TokenRefused(f"the token verifies no address of {player}'s in game "
                               f"{game_id}: it is mistyped, used already, or replaced by a "
                               "newer one")
        return found

    def remove(self, game_id: str, player: str, address: str) -> None:
        """Remove ``player``'s ``address``."""
        if not self.book.remove(game_id, player, address):
            raise AddressRefused(f"{address} is not {player}'s address in game {game_id}")
