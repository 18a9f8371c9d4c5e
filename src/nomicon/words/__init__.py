"""The Official Dictionary of the word games (Ghost, Double Crash, Fictionary): a word
list for "is this a word" and "is this inside some word", and definitions for
Fictionary's "Actual Definition".

A pack reaches it through ``nomicon.authoring.words``. In its ``Pack.setup`` it
writes the dictionary's identity into the state, and its rules later ask for the
dictionary the game recorded::

    ctx.set(["dictionary"], words.record())           # Pack.setup, at the game's creation
    official = words.official(ctx.get(["dictionary"]))   # in a rule
    official.is_word("ghost"), official.contains("uperso"), official.define("ing")

The data come from packages the project's scripts install, never from the network:
the word list from the ``english-words`` package on PyPI (see
:mod:`nomicon.words.wordlist`), the definitions from Debian's ``dict-gcide`` (see
:mod:`nomicon.words.gcide`). A game plays with the dictionary it was created with:
when the installed one differs (another version of either package, another list),
:func:`official` refuses with :class:`DictionaryMismatch`, which says both, rather
than answer from other data; only one dictionary is installed at a time, so a game
recorded with an older one waits until that one is installed again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Protocol

from nomicon.kernel.errors import GameError
from nomicon.words import gcide, wordlist
from nomicon.words.gcide import Definitions, DefinitionsMissing, Sense, installed_definitions
from nomicon.words.wordlist import WordList, installed_list, normalise, package_version

__all__ = [
    "DefinitionsMissing",
    "Dice",
    "Dictionary",
    "DictionaryMismatch",
    "Sense",
    "identity",
    "installed",
    "normalise",
    "official",
    "record",
]


class Dice(Protocol):
    """What draws a word: the game's dice (a rule's ``ctx``)."""

    def roll(self, sides: int, purpose: str) -> int:
        """1d``sides`` for the stated purpose."""
        ...


class DictionaryMismatch(GameError):
    """The game was created with another dictionary than the one installed."""

    def __init__(self, recorded: Mapping[str, Any], here: Mapping[str, Any]) -> None:
        self.recorded = dict(recorded)
        self.installed = dict(here)
        super().__init__(
            f"this game plays with the dictionary {describe(recorded)}, but this server "
            f"has {describe(here)}; the game's words would not be the same: "
            f"install the recorded version to go on with it")


def describe(recorded: Mapping[str, Any]) -> str:
    """A dictionary's identity in a sentence."""
    words = recorded.get("words", {})
    meanings = recorded.get("definitions", {})
    return (f"{words.get('package', '?')} {words.get('version', '?')} "
            f"(lists {'+'.join(words.get('lists', []))}, "
            f"sha256 {str(words.get('sha256', '?'))[:12]}) with "
            f"{meanings.get('source', '?')} {meanings.get('version', '?')} "
            f"(sha256 {str(meanings.get('sha256', '?'))[:12]})")


class Dictionary:
    """A word list and its definitions, with the identity a game records."""

    def __init__(self, words: WordList, definitions: Definitions, *,
                 package: str, package_version: str, lists: tuple[str, ...]) -> None:
        self.words = words
        self.definitions = definitions
        self.identity: dict[str, Any] = {
            "words": {"package": package, "version": package_version,
                      "lists": list(lists), "count": len(words), "sha256": words.sha256},
            "definitions": {"source": gcide.SOURCE, "package": gcide.DEBIAN_PACKAGE,
                            "version": definitions.version,
                            "sha256": definitions.sha256},
        }
        self._defined: list[str] | None = None

    def is_word(self, text: str) -> bool:
        """Whether ``text`` is a word of the dictionary (see :func:`normalise`)."""
        return self.words.is_word(text)

    def contains(self, fragment: str) -> str | None:
        """A word of the dictionary with ``fragment`` inside it, or None."""
        return self.words.contains(fragment)

    def define(self, word: str) -> list[Sense]:
        """The senses the dictionary gives ``word`` (empty when it defines none)."""
        bare = normalise(word)
        return self.definitions.define(bare) if bare is not None else []

    def defined_words(self) -> list[str]:
        """The words of the list that have an entry under their own name, sorted: the
        order :meth:`random_word` draws over."""
        if self._defined is None:
            self._defined = [word for word in self.definitions.headwords()
                             if self.words.is_word(word)]
        return self._defined

    def random_word(self, dice: Dice, keep: Callable[[str], bool] = lambda word: True,
                    *, purpose: str = "a word of the dictionary") -> str:
        """A word that has a definition, drawn with the game's dice: one 1dK over the
        defined words that ``keep`` keeps, in alphabetical order, so that anyone can
        check the draw against the log. A drawn word whose entries give no sense the
        reader can take apart is set aside and the draw made again (a new roll)."""
        candidates = [word for word in self.defined_words() if keep(word)]
        while candidates:
            drawn = candidates.pop(dice.roll(len(candidates), purpose) - 1)
            if self.define(drawn):
                return drawn
        raise GameError(f"no word of the dictionary has a definition and passes the "
                        f"filter for {purpose}")


@cache
def installed() -> Dictionary:
    """The installed dictionary, built once per process (the word index takes a
    couple of seconds, the definitions as long)."""
    return Dictionary(installed_list(), installed_definitions(),
                      package=wordlist.PACKAGE, package_version=package_version(),
                      lists=wordlist.SOURCES)


def identity() -> dict[str, Any]:
    """The installed dictionary's identity: package, version and hash of the word list
    and of the definitions."""
    return dict(installed().identity)


def record() -> dict[str, Any]:
    """What a pack writes into a new game's state (``dictionary``): the identity of
    the dictionary it will play with."""
    return identity()


def official(recorded: Mapping[str, Any] | None) -> Dictionary:
    """The dictionary a game recorded, when it is the one installed; otherwise
    :class:`DictionaryMismatch` (or a :class:`GameError` when the game recorded
    none), and nothing is answered from other data."""
    here = installed()
    if recorded is None:
        raise GameError("this game recorded no dictionary at its creation, so it cannot "
                        "be told which words count")
    if dict(recorded) != here.identity:
        raise DictionaryMismatch(recorded, here.identity)
    return here
